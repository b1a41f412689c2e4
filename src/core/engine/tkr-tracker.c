/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-ap-encounter.h"
#include "tkr-d20-encounter.h"
#include "tkr-klep-encounter.h"
#include "tkr-pf2e-encounter.h"
#include "tkr-enums.h"
#include "tkr-log-entry.h"
#include "tkr-rules.h"
#include "tkr-encounter.h"
#include "tkr-tracker.h"

G_DEFINE_INTERFACE (TkrTracker, tkr_tracker, G_TYPE_OBJECT)

static void
tkr_tracker_default_init (TkrTrackerInterface *iface)
{
  g_object_interface_install_property (
    iface, g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_interface_install_property (
    iface, g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL,
                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_interface_install_property (
    iface, g_param_spec_enum ("phase", NULL, NULL, TKR_TYPE_PHASE, TKR_PHASE_FREEPLAY,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_interface_install_property (
    iface, g_param_spec_int ("round", NULL, NULL, 0, G_MAXINT, 0,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static const char *const phase_nicks[] = { "freeplay", "setup", "main", "paused", "end", NULL };

const char *
tkr_phase_to_string (TkrPhase phase)
{
  const char *msgid = tkr_phase_to_msgid (phase);

  return msgid != NULL ? _ (msgid) : NULL;
}

const char *
tkr_phase_to_msgid (TkrPhase phase)
{
  switch (phase)
    {
    case TKR_PHASE_FREEPLAY:
      return N_ ("Freeplay");
    case TKR_PHASE_SETUP:
      return N_ ("Setup");
    case TKR_PHASE_MAIN:
      return N_ ("Main");
    case TKR_PHASE_PAUSED:
      return N_ ("Paused");
    case TKR_PHASE_END:
      return N_ ("End");
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
tkr_phase_to_nick (TkrPhase phase)
{
  g_return_val_if_fail (phase <= TKR_PHASE_END, NULL);
  return phase_nicks[phase];
}

const char *const *
tkr_phase_get_nicks (void)
{
  return phase_nicks;
}

gboolean
tkr_phase_can_follow (TkrPhase from, TkrPhase to)
{
  switch (from)
    {
    case TKR_PHASE_FREEPLAY:
      return to == TKR_PHASE_SETUP;
    case TKR_PHASE_SETUP:
      return to == TKR_PHASE_MAIN || to == TKR_PHASE_FREEPLAY;
    case TKR_PHASE_MAIN:
      return to == TKR_PHASE_PAUSED || to == TKR_PHASE_END;
    case TKR_PHASE_PAUSED:
      return to == TKR_PHASE_MAIN || to == TKR_PHASE_END;
    case TKR_PHASE_END:
      return to == TKR_PHASE_FREEPLAY;
    default:
      return FALSE;
    }
}

gboolean
tkr_phase_check_transition (TkrPhase from, TkrPhase to, GError **error)
{
  if (tkr_phase_can_follow (from, to))
    return TRUE;
  /* Translators: two phase names */
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
               _ ("An encounter cannot go from %s to %s"), tkr_phase_to_string (from),
               tkr_phase_to_string (to));
  return FALSE;
}

const char *
tkr_tracker_get_rule_system (TkrTracker *self)
{
  g_autoptr (TkrRules) rules = NULL;

  g_return_val_if_fail (TKR_IS_TRACKER (self), NULL);
  g_object_get (self, "rules", &rules, NULL);
  /* The tracker holds its rules for its whole life. */
  return tkr_rules_get_id (rules);
}

TkrPhase
tkr_tracker_get_phase (TkrTracker *self)
{
  TkrPhase phase;

  g_return_val_if_fail (TKR_IS_TRACKER (self), TKR_PHASE_FREEPLAY);
  g_object_get (self, "phase", &phase, NULL);
  return phase;
}

int
tkr_tracker_get_round (TkrTracker *self)
{
  int round;

  g_return_val_if_fail (TKR_IS_TRACKER (self), 0);
  g_object_get (self, "round", &round, NULL);
  return round;
}

gboolean
tkr_tracker_can_transition (TkrTracker *self, TkrPhase to)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  return TKR_TRACKER_GET_IFACE (self)->can_transition (self, to);
}

gboolean
tkr_tracker_transition (TkrTracker *self, TkrPhase to, GError **error)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  return TKR_TRACKER_GET_IFACE (self)->transition (self, to, error);
}

gboolean
tkr_tracker_next_turn (TkrTracker *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  return TKR_TRACKER_GET_IFACE (self)->next_turn (self, error);
}

gboolean
tkr_tracker_previous_turn (TkrTracker *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  return TKR_TRACKER_GET_IFACE (self)->previous_turn (self, error);
}

GListModel *
tkr_tracker_get_log (TkrTracker *self)
{
  g_autoptr (GListModel) log = NULL;

  g_return_val_if_fail (TKR_IS_TRACKER (self), NULL);
  g_object_get (self, "log", &log, NULL);
  /* Owned by the tracker, which outlives the caller's use. */
  return log;
}

GListModel *
tkr_tracker_get_order (TkrTracker *self)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), NULL);
  g_return_val_if_fail (TKR_TRACKER_GET_IFACE (self)->get_order != NULL, NULL);
  return TKR_TRACKER_GET_IFACE (self)->get_order (self);
}

JsonNode *
tkr_tracker_to_json (TkrTracker *self)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), NULL);
  return TKR_TRACKER_GET_IFACE (self)->to_json (self);
}

gboolean
tkr_tracker_load_json (TkrTracker *self,
                       JsonNode *node,
                       const char *path,
                       TkrCharacterResolver resolve,
                       gpointer user_data,
                       GError **error)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  return TKR_TRACKER_GET_IFACE (self)->load_json (self, node, path, resolve, user_data, error);
}

gboolean
tkr_tracker_add_participant (TkrTracker *self, TkrCharacter *character, GError **error)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), FALSE);
  return TKR_TRACKER_GET_IFACE (self)->add_participant (self, character, error);
}

gboolean
tkr_tracker_remove_participant (TkrTracker *self, TkrCharacter *character, GError **error)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), FALSE);
  return TKR_TRACKER_GET_IFACE (self)->remove_participant (self, character, error);
}

GPtrArray *
tkr_tracker_list_participants (TkrTracker *self)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), NULL);
  return TKR_TRACKER_GET_IFACE (self)->list_participants (self);
}

gboolean
tkr_tracker_has_participant (TkrTracker *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_TRACKER (self), FALSE);
  /* Every system's tracker is the engine, which keeps a lookup. */
  return tkr_encounter_has_participant (TKR_ENCOUNTER (self), character);
}

static const char *const rule_systems[] = {
  "kleptonomicon", "pf2e", "d20", TKR_AP_RULE_SYSTEM, NULL,
};

const char *const *
tkr_tracker_get_rule_systems (void)
{
  return rule_systems;
}

/* The one place that knows which class plays which rule system. */
TkrTracker *
tkr_tracker_new_for_rules (TkrRules *rules, TkrHistory *history, GError **error)
{
  const char *id;

  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);

  id = tkr_rules_get_id (rules);
  if (g_strcmp0 (id, "kleptonomicon") == 0)
    return TKR_TRACKER (tkr_klep_encounter_new (rules, history));
  if (g_strcmp0 (id, "pf2e") == 0)
    return TKR_TRACKER (tkr_pf2e_encounter_new (rules, history, error));
  if (g_strcmp0 (id, "d20") == 0)
    return TKR_TRACKER (tkr_d20_encounter_new (rules, history, NULL, error));
  if (g_strcmp0 (id, TKR_AP_RULE_SYSTEM) == 0)
    {
      if (!tkr_ap_encounter_check_rules (rules, error))
        return NULL;
      return TKR_TRACKER (tkr_ap_encounter_new (rules, history, NULL));
    }

  g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_UNKNOWN_SYSTEM,
               _ ("Turnkeeper has no encounter for the rule system “%s”"), id);
  return NULL;
}
