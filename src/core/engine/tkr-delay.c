/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-delay.h"
#include "tkr-json.h"
#include "tkr-refusal.h"
#include "tkr-rules.h"

/* Delay; see tkr-delay.h and help/C/order.page. */

#define HISTORY(encounter) tkr_encounter_get_history (encounter)
/* The tag of a step that changes the turn (tkr_encounter_previous_turn). */
#define NEXT_TURN_TAG "tkr-next-turn"

static GQuark
delayed_quark (void)
{
  return g_quark_from_static_string ("tkr-delayed");
}

static GListStore *
delayed_store (TkrEncounter *encounter)
{
  GListStore *store = g_object_get_qdata (G_OBJECT (encounter), delayed_quark ());

  if (store == NULL)
    {
      store = g_list_store_new (TKR_TYPE_COMBATANT);
      g_object_set_qdata_full (G_OBJECT (encounter), delayed_quark (), store, g_object_unref);
    }
  return store;
}

GListModel *
tkr_delay_get_delayed (TkrEncounter *encounter)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  return G_LIST_MODEL (delayed_store (encounter));
}

gboolean
tkr_delay_is_delayed (TkrEncounter *encounter, TkrCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);
  return combatant != NULL && g_list_store_find (delayed_store (encounter), combatant, NULL);
}

/* @combatant joins or leaves the list of those delaying, in the open
 * step. */
static void
mark (TkrEncounter *encounter, TkrCombatant *combatant, gboolean delaying)
{
  if (delaying)
    tkr_history_append (HISTORY (encounter), delayed_store (encounter), combatant);
  else
    tkr_history_remove_item (HISTORY (encounter), delayed_store (encounter), combatant);
  tkr_encounter_set (encounter, combatant, "delaying", delaying);
}

static gboolean
check_allowed (TkrEncounter *encounter, GError **error)
{
  if (!tkr_encounter_require_phase (encounter, TKR_PHASE_MAIN, error))
    return FALSE;
  if (!tkr_rules_get_delay (tkr_encounter_get_rules (encounter)))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s has no Delay: turns come in their order"),
                       tkr_rules_get_name (tkr_encounter_get_rules (encounter)));
  return TRUE;
}

gboolean
tkr_encounter_delay (TkrEncounter *encounter, GError **error)
{
  GObject *slot;
  TkrCombatant *combatant;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);

  if (!check_allowed (encounter, error))
    return FALSE;
  slot = tkr_encounter_get_current_slot (encounter);
  if (!TKR_IS_COMBATANT (slot))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("Only one combatant on its own turn can Delay"));
  combatant = TKR_COMBATANT (slot);

  /* Translators: the name of a step in Undo */
  tkr_history_begin (HISTORY (encounter), N_ ("Delay"));
  tkr_history_set_tag (HISTORY (encounter), NEXT_TURN_TAG);
  /* Translators: the log; a combatant */
  tkr_encounter_log_event (encounter, TKR_LOG_DELAY, N_ ("%s delays"),
                           tkr_encounter_who (combatant), NULL);
  mark (encounter, combatant, TRUE);
  if (!TKR_ENCOUNTER_GET_CLASS (encounter)->advance (encounter, error))
    {
      tkr_history_abort (HISTORY (encounter));
      return FALSE;
    }
  tkr_delay_turn_begun (encounter);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

gboolean
tkr_encounter_return_from_delay (TkrEncounter *encounter, TkrCombatant *combatant, GError **error)
{
  GListStore *order;
  GObject *current;
  guint from, to;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);

  if (!check_allowed (encounter, error))
    return FALSE;
  if (!tkr_delay_is_delayed (encounter, combatant))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is not delaying"),
                       TKR_IS_COMBATANT (combatant) ? tkr_combatant_get_name (combatant)
                                                    : _ ("That combatant"));
  order = G_LIST_STORE (tkr_encounter_get_order (encounter));
  current = tkr_encounter_get_current_slot (encounter);
  if (current == NULL || !g_list_store_find (order, combatant, &from))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND, _ ("%s is not in the turn order"),
                       tkr_combatant_get_name (combatant));

  /* Translators: the name of a step in Undo */
  tkr_history_begin (HISTORY (encounter), N_ ("Return from Delay"));
  g_object_ref (combatant);
  mark (encounter, combatant, FALSE);
  tkr_history_remove (HISTORY (encounter), order, from);
  g_list_store_find (order, current, &to);
  /* Whose turn it is stays theirs; the one returning comes next. */
  tkr_encounter_set (encounter, encounter, "current-index", (int) to);
  tkr_history_insert (HISTORY (encounter), order, to + 1, combatant);
  /* Translators: the log; a combatant, then whose turn it is */
  tkr_encounter_log_event (encounter, TKR_LOG_DELAY, N_ ("%s returns and acts after %s"),
                           tkr_encounter_who (combatant),
                           TKR_IS_COMBATANT (current) ? tkr_encounter_who (TKR_COMBATANT (current))
                                                      : tkr_message_name (N_ ("this turn")),
                           NULL);
  g_object_unref (combatant);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

void
tkr_delay_turn_begun (TkrEncounter *encounter)
{
  GObject *slot;

  g_return_if_fail (TKR_IS_ENCOUNTER (encounter));

  slot = tkr_encounter_get_current_slot (encounter);
  if (!TKR_IS_COMBATANT (slot) || !tkr_delay_is_delayed (encounter, TKR_COMBATANT (slot)))
    return;
  if (tkr_rules_get_hold (tkr_encounter_get_rules (encounter)))
    /* Translators: the log; a combatant, then "Wait" */
    tkr_encounter_log_event (
      encounter, TKR_LOG_DELAY, N_ ("%s did not act on their %s before their turn: it is lost"),
      tkr_encounter_who (TKR_COMBATANT (slot)),
      tkr_message_name (tkr_rules_get_delay_msgid (tkr_encounter_get_rules (encounter))), NULL);
  else
    /* Translators: the log; a combatant who delayed a whole round */
    tkr_encounter_log_event (encounter, TKR_LOG_DELAY,
                             N_ ("%s did not return in time: the delayed turn is lost, and this "
                                 "turn is theirs at their usual place"),
                             tkr_encounter_who (TKR_COMBATANT (slot)), NULL);
  mark (encounter, TKR_COMBATANT (slot), FALSE);
}

/* Holding an action (the d20 Wait). */

static gboolean
check_hold_allowed (TkrEncounter *encounter, GError **error)
{
  TkrRules *rules = tkr_encounter_get_rules (encounter);

  if (!tkr_encounter_require_phase (encounter, TKR_PHASE_MAIN, error))
    return FALSE;
  if (!tkr_rules_get_hold (rules))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s has no held actions: each acts on its own turn"),
                       tkr_rules_get_name (rules));
  return TRUE;
}

/* Whether @combatant has the resource @id left; a refusal if not. */
static gboolean
check_resource (TkrCombatant *combatant, const char *id, GError **error)
{
  TkrResource *resource = tkr_combatant_find_resource (combatant, id);

  if (resource == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s has no “%s” to spend"),
                       tkr_combatant_get_name (combatant), id);
  if (tkr_resource_get_current (resource) <= 0)
    /* Translators: a combatant, then a resource such as "Action" */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_BEATS, _ ("%s has no %s left"),
                       tkr_combatant_get_name (combatant), _ (tkr_resource_get_name (resource)));
  return TRUE;
}

gboolean
tkr_encounter_hold (TkrEncounter *encounter, TkrCombatant *combatant, GError **error)
{
  TkrRules *rules;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);
  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), FALSE);

  if (!check_hold_allowed (encounter, error))
    return FALSE;
  rules = tkr_encounter_get_rules (encounter);
  if (tkr_encounter_get_current_slot (encounter) != G_OBJECT (combatant))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN, _ ("It is not %s’s turn"),
                       tkr_combatant_get_name (combatant));
  if (tkr_delay_is_delayed (encounter, combatant))
    /* Translators: a combatant, then "Wait" */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s already holds a %s"),
                       tkr_combatant_get_name (combatant), tkr_rules_get_delay_name (rules));
  if (!check_resource (combatant, tkr_rules_get_hold_costs (rules), error))
    return FALSE;

  tkr_history_begin (HISTORY (encounter), tkr_rules_get_delay_msgid (rules));
  tkr_encounter_change_resource (encounter, combatant, tkr_rules_get_hold_costs (rules), -1, NULL);
  mark (encounter, combatant, TRUE);
  /* Translators: the log; a combatant, then an action's name such as "Wait" */
  tkr_encounter_log_event (encounter, TKR_LOG_DELAY, N_ ("%s: %s"), tkr_encounter_who (combatant),
                           tkr_message_name (tkr_rules_get_delay_msgid (rules)), NULL);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

gboolean
tkr_encounter_act_on_hold (TkrEncounter *encounter, TkrCombatant *combatant, GError **error)
{
  TkrRules *rules;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);

  if (!check_hold_allowed (encounter, error))
    return FALSE;
  rules = tkr_encounter_get_rules (encounter);
  if (!tkr_delay_is_delayed (encounter, combatant))
    /* Translators: a combatant, then "Wait" */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s holds no %s to act on"),
                       TKR_IS_COMBATANT (combatant) ? tkr_combatant_get_name (combatant)
                                                    : _ ("That combatant"),
                       tkr_rules_get_delay_name (rules));
  if (tkr_encounter_get_current_slot (encounter) == G_OBJECT (combatant))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
                       /* Translators: a combatant, then "Wait" */
                       _ ("%s acts on a %s during someone else’s turn, not their own"),
                       tkr_combatant_get_name (combatant), tkr_rules_get_delay_name (rules));
  if (!check_resource (combatant, tkr_rules_get_hold_acts_with (rules), error))
    return FALSE;

  /* Translators: the name of a step in Undo; "Wait" */
  tkr_history_begin_message (HISTORY (encounter), N_ ("Act on a %s"),
                             tkr_message_name (tkr_rules_get_delay_msgid (rules)), NULL);
  tkr_encounter_change_resource (encounter, combatant, tkr_rules_get_hold_acts_with (rules), -1,
                                 NULL);
  mark (encounter, combatant, FALSE);
  /* Translators: the log; a combatant, then "Wait" */
  tkr_encounter_log_event (encounter, TKR_LOG_DELAY, N_ ("%s acts on their %s now"),
                           tkr_encounter_who (combatant),
                           tkr_message_name (tkr_rules_get_delay_msgid (rules)), NULL);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

void
tkr_delay_write_json (TkrEncounter *encounter, JsonObject *object)
{
  GListModel *delayed = tkr_delay_get_delayed (encounter);
  JsonArray *array;

  /* Left out when no one delays, so older files save the same. */
  if (g_list_model_get_n_items (delayed) == 0)
    return;
  array = json_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (delayed); i++)
    json_array_add_string_element (
      array, tkr_character_get_id (tkr_combatant_get_character (tkr_list_item_at (delayed, i))));
  json_object_set_array_member (object, "delayed", array);
}

gboolean
tkr_delay_read_json (TkrEncounter *encounter,
                     JsonObject *object,
                     const char *path,
                     TkrEncounterLoad *load,
                     GError **error)
{
  g_autoptr (GPtrArray) delayed = g_ptr_array_new ();

  if (!tkr_json_read_combatant_ids (object, path, "delayed", load, delayed, error))
    return FALSE;
  /* Files from before kept the d20 Wait on the combatant ("waiting"): its
   * reader marked it; it joins the list, and is saved in it from now on. */
  for (guint i = 0; load->combatants != NULL && i < load->combatants->len; i++)
    {
      TkrCombatant *combatant = g_ptr_array_index (load->combatants, i);

      if (tkr_combatant_get_delaying (combatant) && !g_ptr_array_find (delayed, combatant, NULL))
        g_ptr_array_add (delayed, combatant);
    }
  for (guint i = 0; i < delayed->len; i++)
    g_object_set (g_ptr_array_index (delayed, i), "delaying", TRUE, NULL);
  g_list_store_splice (delayed_store (encounter), 0,
                       g_list_model_get_n_items (G_LIST_MODEL (delayed_store (encounter))),
                       delayed->pdata, delayed->len);
  return TRUE;
}
