/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-ap-encounter.h"
#include "tkr-d20-combatant-private.h"
#include "tkr-d20-encounter.h"
#include "tkr-klep-encounter.h"
#include "tkr-pf2e-encounter.h"
#include "tkr-quick.h"
#include "tkr-refusal.h"

/* Each rule system's commands for the quick keys (help/C/keyboard.page);
 * NULL where the system has no such command. */
typedef struct
{
  GType (*get_type) (void);
  gboolean (*spend) (TkrEncounter *self, TkrCombatant *combatant, GError **error);
  gboolean (*react) (TkrEncounter *self, TkrCombatant *combatant, GError **error);
  gboolean (*add_condition) (TkrEncounter *self,
                             TkrCombatant *combatant,
                             const char *name,
                             GError **error);
  gboolean (*move) (TkrEncounter *self, TkrCombatant *combatant, int distance, GError **error);
  gboolean (*dash) (TkrEncounter *self, TkrCombatant *combatant, GError **error);
  gboolean (*rest) (TkrEncounter *self, TkrCombatant *combatant, GError **error);
  const char *move_unit;
} QuickSystem;

/* The Kleptonomicon (help/C/beats-and-movement.page) */

static gboolean
klep_spend (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_klep_encounter_spend_beat (TKR_KLEP_ENCOUNTER (self), TKR_KLEP_COMBATANT (combatant),
                                        FALSE, error);
}

static gboolean
klep_react (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_klep_encounter_spend_beat (TKR_KLEP_ENCOUNTER (self), TKR_KLEP_COMBATANT (combatant),
                                        TRUE, error);
}

static gboolean
klep_add_condition (TkrEncounter *self, TkrCombatant *combatant, const char *name, GError **error)
{
  return tkr_klep_encounter_add_condition (TKR_KLEP_ENCOUNTER (self),
                                           tkr_combatant_get_character (combatant), name, 1,
                                           error) != NULL;
}

/* A typed distance is Movement spent on the first range the rule data
 * gives every PC (Walk). */
static gboolean
klep_move (TkrEncounter *self, TkrCombatant *combatant, int distance, GError **error)
{
  TkrRules *rules = tkr_encounter_get_rules (self);
  const char *range =
    tkr_rules_get_n_pc_ranges (rules) > 0 ? tkr_rules_get_pc_range (rules, 0, NULL) : NULL;

  if (range == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("The rule data names no range to move in"));
  return tkr_klep_encounter_move (TKR_KLEP_ENCOUNTER (self), TKR_KLEP_COMBATANT (combatant), range,
                                  distance, error);
}

/* A second Dash in a Round needs an Athletics Test: the refusal says so,
 * and the combatant's panel rolls it. */
static gboolean
klep_dash (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_klep_encounter_dash (TKR_KLEP_ENCOUNTER (self), TKR_KLEP_COMBATANT (combatant), NULL,
                                  error);
}

/* A Rest as the rule data's "rest" says (help/C/pause-and-end.page): once
 * the fight is over. The Kleptonomicon and the Action-Point system share
 * it. */
static gboolean
sheet_rest (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  TkrCharacter *character = tkr_combatant_get_character (combatant);

  if (tkr_encounter_require_running (self, NULL))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                       _ ("A Rest waits until the fight is over"));
  return tkr_character_rest (character, tkr_encounter_get_history (self),
                             tkr_encounter_get_rules (self), error);
}

/* Pathfinder 2e (help/C/pf2e.page) */

static gboolean
pf2e_spend (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_pf2e_encounter_spend_actions (TKR_PF2E_ENCOUNTER (self),
                                           TKR_PF2E_COMBATANT (combatant), 1, NULL, error);
}

static gboolean
pf2e_react (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_pf2e_encounter_use_reaction (TKR_PF2E_ENCOUNTER (self), TKR_PF2E_COMBATANT (combatant),
                                          NULL, error);
}

/* A condition with a value goes up by one; one without, on. */
static gboolean
pf2e_add_condition (TkrEncounter *self, TkrCombatant *combatant, const char *name, GError **error)
{
  int value = tkr_pf2e_combatant_get_condition (TKR_PF2E_COMBATANT (combatant), name);

  return tkr_pf2e_encounter_set_condition (TKR_PF2E_ENCOUNTER (self),
                                           TKR_PF2E_COMBATANT (combatant), name, value + 1, error);
}

/* d20 (help/C/d20.page) */

static gboolean
d20_spend (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_d20_encounter_spend (TKR_D20_ENCOUNTER (self), TKR_D20_COMBATANT (combatant),
                                  TKR_D20_ACTION, error);
}

static gboolean
d20_react (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_d20_encounter_spend (TKR_D20_ENCOUNTER (self), TKR_D20_COMBATANT (combatant),
                                  TKR_D20_REACTION, error);
}

/* The d20 conditions are on or off: the rule data's condition, added
 * once, as one step with its log line. */
static gboolean
d20_add_condition (TkrEncounter *self, TkrCombatant *combatant, const char *name, GError **error)
{
  const TkrConditionInfo *info = tkr_rules_lookup_condition (tkr_encounter_get_rules (self), name);
  TkrHistory *history = tkr_encounter_get_history (self);
  g_autoptr (TkrCondition) condition = NULL;

  if (!tkr_encounter_require_combatant (self, combatant, error))
    return FALSE;
  if (info == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                       _ ("“%s” is not a condition of this rule system"), name);
  if (tkr_d20_combatant_find_condition (TKR_D20_COMBATANT (combatant), info->id) != NULL)
    /* Translators: a character, then a condition ("Prone") */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is already %s"),
                       tkr_combatant_get_name (combatant), tkr_rules_translate (info->name));
  condition = tkr_d20_condition_new (tkr_encounter_get_rules (self), info->id);
  tkr_history_begin (history, N_ ("Add a condition"));
  tkr_history_append (history, tkr_combatant_get_condition_store (combatant), condition);
  /* Translators: a character, then a condition ("Prone") */
  tkr_encounter_log_event (self, NULL, N_ ("%s is %s"), tkr_encounter_who (combatant),
                           tkr_message_name (info->name), NULL);
  tkr_history_end (history);
  return TRUE;
}

static gboolean
d20_move (TkrEncounter *self, TkrCombatant *combatant, int distance, GError **error)
{
  const char *const *kinds = tkr_d20_encounter_get_movement_kinds (TKR_D20_ENCOUNTER (self));

  if (kinds == NULL || kinds[0] == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("The rule data names no kind of movement"));
  return tkr_d20_encounter_move (TKR_D20_ENCOUNTER (self), TKR_D20_COMBATANT (combatant), kinds[0],
                                 distance, FALSE, error);
}

static gboolean
d20_dash (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_d20_encounter_take_action (TKR_D20_ENCOUNTER (self), TKR_D20_COMBATANT (combatant),
                                        "dash", FALSE, error);
}

static gboolean
d20_rest (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_d20_encounter_short_rest (TKR_D20_ENCOUNTER (self), TKR_D20_COMBATANT (combatant),
                                       error);
}

/* The Action-Point system (help/C/action-points.page) */

static gboolean
ap_spend (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  return tkr_ap_encounter_act (TKR_AP_ENCOUNTER (self), TKR_AP_COMBATANT (combatant), 1, error);
}

static gboolean
ap_add_condition (TkrEncounter *self, TkrCombatant *combatant, const char *name, GError **error)
{
  return tkr_ap_encounter_add_condition (TKR_AP_ENCOUNTER (self), TKR_AP_COMBATANT (combatant),
                                         name, FALSE, 0, error);
}

static gboolean
ap_move (TkrEncounter *self, TkrCombatant *combatant, int distance, GError **error)
{
  return tkr_ap_encounter_move (TKR_AP_ENCOUNTER (self), TKR_AP_COMBATANT (combatant), distance,
                                error);
}

static const QuickSystem systems[] = {
  { tkr_klep_encounter_get_type, klep_spend, klep_react, klep_add_condition, klep_move, klep_dash,
    sheet_rest, N_ ("Movement") },
  { tkr_pf2e_encounter_get_type, pf2e_spend, pf2e_react, pf2e_add_condition, NULL, NULL, NULL,
    NULL },
  { tkr_d20_encounter_get_type, d20_spend, d20_react, d20_add_condition, d20_move, d20_dash,
    d20_rest, N_ ("feet") },
  { tkr_ap_encounter_get_type, ap_spend, NULL, ap_add_condition, ap_move, NULL, sheet_rest,
    N_ ("AP") },
};

static const QuickSystem *
system_of (TkrEncounter *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (self, systems[i].get_type ()))
      return &systems[i];
  return NULL;
}

static gconstpointer
command_of (const QuickSystem *system, TkrQuickCommand command)
{
  if (system == NULL)
    return NULL;
  switch (command)
    {
    case TKR_QUICK_SPEND:
      return system->spend;
    case TKR_QUICK_REACT:
      return system->react;
    case TKR_QUICK_ADD_CONDITION:
      return system->add_condition;
    case TKR_QUICK_MOVE:
      return system->move;
    case TKR_QUICK_DASH:
      return system->dash;
    case TKR_QUICK_REST:
      return system->rest;
    case TKR_QUICK_DELAY:
    case TKR_QUICK_RETURN:
    default:
      return NULL;
    }
}

gboolean
tkr_quick_supports (TkrEncounter *self, TkrQuickCommand command)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  /* Delay, or the same keys for a held action where the rule data have
   * one instead (the d20 Wait: help/C/order.page). */
  if (command == TKR_QUICK_DELAY || command == TKR_QUICK_RETURN)
    return tkr_rules_get_delay (tkr_encounter_get_rules (self)) ||
           tkr_rules_get_hold (tkr_encounter_get_rules (self));
  return command_of (system_of (self), command) != NULL;
}

gboolean
tkr_quick_check_supported (TkrEncounter *self, TkrQuickCommand command, GError **error)
{
  const char *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);

  if (tkr_quick_supports (self, command))
    return TRUE;
  system = tkr_rules_translate (tkr_rules_get_name (tkr_encounter_get_rules (self)));
  switch (command)
    {
    case TKR_QUICK_REACT:
      /* Translators: %s is a rule system's name */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s has no reactions"), system);
    case TKR_QUICK_MOVE:
      /* Translators: %s is a rule system's name */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                         _ ("%s does not count movement; spend an action to move"), system);
    case TKR_QUICK_DASH:
      /* Translators: %s is a rule system's name */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s has no Dash"), system);
    case TKR_QUICK_REST:
      /* Translators: %s is a rule system's name */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s has no rest in an encounter"),
                         system);
    case TKR_QUICK_DELAY:
    case TKR_QUICK_RETURN:
      /* Translators: %s is a rule system's name */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                         _ ("%s has no Delay: turns come in their order"), system);
    case TKR_QUICK_SPEND:
    case TKR_QUICK_ADD_CONDITION:
    default:
      /* Translators: %s is a rule system's name */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s has no such command"), system);
    }
}

const char *
tkr_quick_get_move_unit (TkrEncounter *self)
{
  const QuickSystem *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);

  system = system_of (self);
  return system != NULL && system->move_unit != NULL ? _ (system->move_unit) : NULL;
}

/* The combatant must be one of @self's, and the system must have the
 * command. */
static const QuickSystem *
prepare (TkrEncounter *self, TkrCombatant *combatant, TkrQuickCommand command, GError **error)
{
  if (!tkr_quick_check_supported (self, command, error) ||
      !tkr_encounter_require_combatant (self, combatant, error))
    return NULL;
  return system_of (self);
}

gboolean
tkr_encounter_spend_turn_resource (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  const QuickSystem *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  system = prepare (self, combatant, TKR_QUICK_SPEND, error);
  return system != NULL && system->spend (self, combatant, error);
}

gboolean
tkr_encounter_react (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  const QuickSystem *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  system = prepare (self, combatant, TKR_QUICK_REACT, error);
  return system != NULL && system->react (self, combatant, error);
}

gboolean
tkr_encounter_add_condition (TkrEncounter *self,
                             TkrCombatant *combatant,
                             const char *name,
                             GError **error)
{
  const QuickSystem *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  system = prepare (self, combatant, TKR_QUICK_ADD_CONDITION, error);
  return system != NULL && system->add_condition (self, combatant, name, error);
}

gboolean
tkr_encounter_move (TkrEncounter *self, TkrCombatant *combatant, int distance, GError **error)
{
  const QuickSystem *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  system = prepare (self, combatant, TKR_QUICK_MOVE, error);
  if (system == NULL)
    return FALSE;
  if (distance <= 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("Move by at least one unit"));
  return system->move (self, combatant, distance, error);
}

gboolean
tkr_encounter_dash (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  const QuickSystem *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  system = prepare (self, combatant, TKR_QUICK_DASH, error);
  return system != NULL && system->dash (self, combatant, error);
}

gboolean
tkr_encounter_rest (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  const QuickSystem *system;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  system = prepare (self, combatant, TKR_QUICK_REST, error);
  return system != NULL && system->rest (self, combatant, error);
}

gboolean
tkr_encounter_rest_party (TkrEncounter *self, GError **error)
{
  const QuickSystem *system;
  GListModel *combatants;
  TkrHistory *history;
  guint rested = 0;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);

  if (!tkr_quick_check_supported (self, TKR_QUICK_REST, error))
    return FALSE;
  system = system_of (self);
  combatants = tkr_encounter_get_combatants (self);
  history = tkr_encounter_get_history (self);
  tkr_history_begin (history, N_ ("Rest"));
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

      if (!tkr_character_is_pc (tkr_combatant_get_character (combatant)))
        continue;
      if (!system->rest (self, combatant, error))
        {
          tkr_history_abort (history);
          return FALSE;
        }
      rested++;
    }
  if (rested == 0)
    {
      tkr_history_abort (history);
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND, _ ("No player character took part"));
    }
  tkr_history_end (history);
  return TRUE;
}
