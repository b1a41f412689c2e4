/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-ap-private.h"
#include "tkr-json.h"

/* The Action-Point rule data's own section and the rolls a GM types in
 * for a Reset (seed 004, "Reset Phase"), kept in the engine's
 * TkrTypedRolls. */

/* ------------------------------------------------------------------ */
/* Typed-in rolls                                                      */
/* ------------------------------------------------------------------ */

void
tkr_ap_rolls_set_finesse (TkrTypedRolls *rolls, TkrApCombatant *combatant, int face)
{
  tkr_typed_rolls_set (rolls, TKR_COMBATANT (combatant), NULL, face);
}

void
tkr_ap_rolls_set_check (TkrTypedRolls *rolls,
                        TkrApCombatant *combatant,
                        const char *condition,
                        int total)
{
  g_return_if_fail (condition != NULL);
  tkr_typed_rolls_set (rolls, TKR_COMBATANT (combatant), condition, total);
}

/* ------------------------------------------------------------------ */
/* The rule data's own section                                         */
/* ------------------------------------------------------------------ */

void
tkr_ap_numbers_clear (ApNumbers *numbers)
{
  g_clear_pointer (&numbers->finesse_dice, g_array_unref);
  g_clear_pointer (&numbers->size_steps, g_array_unref);
}

void
tkr_ap_numbers_read (TkrRules *rules, ApNumbers *numbers)
{
  const int *dice;
  guint n_dice;

  numbers->max_ap_per_round = tkr_rules_get_int (rules, "action-points.max_ap_per_round");
  numbers->only_action_max_ap = tkr_rules_get_int (rules, "action-points.only_action_max_ap");
  numbers->default_finesse_die = tkr_rules_get_int (rules, "action-points.default_finesse_die");
  numbers->surprised_first_ap = tkr_rules_get_int (rules, "action-points.surprised_first_ap");
  numbers->check_die = tkr_rules_get_int (rules, "action-points.check_die");
  numbers->default_check_target = tkr_rules_get_int (rules, "action-points.default_check_target");
  numbers->recover_per_reset = tkr_rules_get_int (rules, "action-points.recover_per_reset");
  numbers->max_pool = tkr_rules_get_int (rules, "action-points.max_pool");
  numbers->default_size = tkr_rules_get_string (rules, "action-points.default_size");
  numbers->check_targets = tkr_rules_get_names (rules, "action-points.check_targets");

  dice = tkr_rules_get_ints (rules, "action-points.finesse_dice", &n_dice);
  numbers->finesse_dice = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (numbers->finesse_dice, dice, n_dice);

  numbers->sizes = tkr_rules_get_names (rules, "action-points.free_steps");
  numbers->size_steps = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; numbers->sizes[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat ("action-points.free_steps.", numbers->sizes[i], NULL);
      int spaces = tkr_rules_get_int (rules, path);

      g_array_append_val (numbers->size_steps, spaces);
    }
}

/**
 * tkr_ap_encounter_check_rules:
 *
 * Whether @rules carry an "action-points" section (its shape was checked
 * when they loaded); the error names what is wrong.
 */
gboolean
tkr_ap_encounter_check_rules (TkrRules *rules, GError **error)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);
  return tkr_rules_require_section (rules, TKR_AP_RULE_SYSTEM, error);
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
