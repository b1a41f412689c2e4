/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-ap-private.h"
#include "tkr-json.h"

/* The Action-Point rule data's own section and the rolls a GM types in
 * for a Reset (seed 004, "Reset Phase"). */

/* ------------------------------------------------------------------ */
/* Typed-in rolls                                                      */
/* ------------------------------------------------------------------ */

static void
typed_roll_clear (gpointer data)
{
  TypedRoll *roll = data;

  g_clear_object (&roll->combatant);
  g_clear_pointer (&roll->condition, g_free);
}

TkrApRolls *
tkr_ap_rolls_new (void)
{
  TkrApRolls *rolls = g_new0 (TkrApRolls, 1);

  rolls->rolls = g_array_new (FALSE, TRUE, sizeof (TypedRoll));
  g_array_set_clear_func (rolls->rolls, typed_roll_clear);
  return rolls;
}

void
tkr_ap_rolls_free (TkrApRolls *rolls)
{
  if (rolls == NULL)
    return;
  g_array_unref (rolls->rolls);
  g_free (rolls);
}

TypedRoll *
tkr_ap_rolls_find (TkrApRolls *rolls, TkrApCombatant *combatant, const char *condition)
{
  for (guint i = 0; rolls != NULL && i < rolls->rolls->len; i++)
    {
      TypedRoll *roll = &g_array_index (rolls->rolls, TypedRoll, i);

      if (roll->combatant == combatant && g_strcmp0 (roll->condition, condition) == 0)
        return roll;
    }
  return NULL;
}

static void
set_typed (TkrApRolls *rolls, TkrApCombatant *combatant, const char *condition, int value)
{
  TypedRoll *roll = tkr_ap_rolls_find (rolls, combatant, condition);
  TypedRoll fresh = { 0 };

  if (roll != NULL)
    {
      roll->value = value;
      return;
    }
  fresh.combatant = g_object_ref (combatant);
  fresh.condition = g_strdup (condition);
  fresh.value = value;
  g_array_append_val (rolls->rolls, fresh);
}

void
tkr_ap_rolls_set_finesse (TkrApRolls *rolls, TkrApCombatant *combatant, int face)
{
  g_return_if_fail (rolls != NULL);
  g_return_if_fail (TKR_IS_AP_COMBATANT (combatant));
  set_typed (rolls, combatant, NULL, face);
}

void
tkr_ap_rolls_set_check (TkrApRolls *rolls,
                        TkrApCombatant *combatant,
                        const char *condition,
                        int total)
{
  g_return_if_fail (rolls != NULL);
  g_return_if_fail (TKR_IS_AP_COMBATANT (combatant));
  g_return_if_fail (condition != NULL);
  set_typed (rolls, combatant, condition, total);
}

/* ------------------------------------------------------------------ */
/* The rule data's own section                                         */
/* ------------------------------------------------------------------ */

void
tkr_ap_numbers_clear (ApNumbers *numbers)
{
  g_clear_pointer (&numbers->finesse_dice, g_array_unref);
  g_clear_pointer (&numbers->sizes, g_strfreev);
  g_clear_pointer (&numbers->size_steps, g_array_unref);
  g_clear_pointer (&numbers->default_size, g_free);
}

static gboolean
read_small_int (
  JsonObject *object, const char *member, int minimum, int maximum, int *out, GError **error)
{
  gint64 value;

  if (!tkr_json_get_int (object, member, TKR_AP_RULE_SYSTEM, TRUE, minimum, maximum, 0, &value,
                         error))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

gboolean
tkr_ap_numbers_read (TkrRules *rules, ApNumbers *numbers, GError **error)
{
  JsonObject *section = tkr_rules_get_section (rules, TKR_AP_RULE_SYSTEM);
  JsonObject *steps, *targets;
  JsonArray *dice;
  g_autoptr (GStrvBuilder) sizes = g_strv_builder_new ();
  gboolean default_die_listed = FALSE;
  GList *members;

  if (section == NULL)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                   _ ("The rule data has no “%s” section with the Action-Point numbers"),
                   TKR_AP_RULE_SYSTEM);
      return FALSE;
    }
  if (!read_small_int (section, "max_ap_per_round", 1, MAX_AP, &numbers->max_ap_per_round, error) ||
      !read_small_int (section, "only_action_max_ap", 0, MAX_AP, &numbers->only_action_max_ap,
                       error) ||
      !read_small_int (section, "default_finesse_die", 1, MAX_DIE, &numbers->default_finesse_die,
                       error) ||
      !read_small_int (section, "surprised_first_ap", 0, MAX_AP, &numbers->surprised_first_ap,
                       error) ||
      !read_small_int (section, "check_die", 1, MAX_DIE, &numbers->check_die, error) ||
      !read_small_int (section, "default_check_target", 1, MAX_CHECK,
                       &numbers->default_check_target, error) ||
      !read_small_int (section, "recover_per_reset", 0, MAX_AP, &numbers->recover_per_reset,
                       error) ||
      !read_small_int (section, "max_pool", 1, MAX_AP, &numbers->max_pool, error) ||
      !tkr_json_get_array (section, "finesse_dice", TKR_AP_RULE_SYSTEM, TRUE, &dice, error) ||
      !tkr_json_get_object (section, "free_steps", TKR_AP_RULE_SYSTEM, TRUE, &steps, error) ||
      !tkr_json_get_object (section, "check_targets", TKR_AP_RULE_SYSTEM, TRUE, &targets, error) ||
      !tkr_json_get_string (section, "default_size", TKR_AP_RULE_SYSTEM, TRUE, NULL,
                            &numbers->default_size, error))
    return FALSE;

  numbers->finesse_dice = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < json_array_get_length (dice); i++)
    {
      JsonNode *node = json_array_get_element (dice, i);
      gint64 sides = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64
                       ? json_node_get_int (node)
                       : 0;

      if (sides < 2 || sides > MAX_DIE)
        {
          g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                       _ ("At “%s.finesse_dice[%u]”: expected a die size from 2 to %d"),
                       TKR_AP_RULE_SYSTEM, i, MAX_DIE);
          return FALSE;
        }
      int die = (int) sides;

      g_array_append_val (numbers->finesse_dice, die);
      default_die_listed |= die == numbers->default_finesse_die;
    }
  if (!default_die_listed)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                   _ ("At “%s.default_finesse_die”: d%d is not among the Finesse Dice"),
                   TKR_AP_RULE_SYSTEM, numbers->default_finesse_die);
      return FALSE;
    }

  numbers->size_steps = g_array_new (FALSE, FALSE, sizeof (int));
  members = json_object_get_members (steps);
  for (GList *l = members; l != NULL; l = l->next)
    {
      int spaces;

      if (!read_small_int (steps, l->data, 0, MAX_AP, &spaces, error))
        {
          g_list_free (members);
          return FALSE;
        }
      g_strv_builder_add (sizes, l->data);
      g_array_append_val (numbers->size_steps, spaces);
    }
  g_list_free (members);
  numbers->sizes = g_strv_builder_end (sizes);
  if (!g_strv_contains ((const char *const *) numbers->sizes, numbers->default_size))
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                   _ ("At “%s.default_size”: “%s” has no Free Steps distance"), TKR_AP_RULE_SYSTEM,
                   numbers->default_size);
      return FALSE;
    }

  members = json_object_get_members (targets);
  for (GList *l = members; l != NULL; l = l->next)
    {
      int target;

      if (!read_small_int (targets, l->data, 1, MAX_CHECK, &target, error))
        {
          g_list_free (members);
          return FALSE;
        }
    }
  g_list_free (members);
  numbers->check_targets = targets;
  return TRUE;
}

/**
 * tkr_ap_encounter_check_rules:
 *
 * Whether @rules carry a usable "action-points" section; the error names
 * what is wrong.
 */
gboolean
tkr_ap_encounter_check_rules (TkrRules *rules, GError **error)
{
  ApNumbers numbers = { 0 };
  gboolean ok;

  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);
  ok = tkr_ap_numbers_read (rules, &numbers, error);
  tkr_ap_numbers_clear (&numbers);
  return ok;
}

gboolean
tkr_ap_numbers_has_die (ApNumbers *numbers, int sides)
{
  for (guint i = 0; i < numbers->finesse_dice->len; i++)
    if (g_array_index (numbers->finesse_dice, int, i) == sides)
      return TRUE;
  return FALSE;
}

int
tkr_ap_numbers_size_index (ApNumbers *numbers, const char *size)
{
  for (guint i = 0; size != NULL && numbers->sizes[i] != NULL; i++)
    if (g_strcmp0 (numbers->sizes[i], size) == 0)
      return (int) i;
  return -1;
}
