/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-character.h"
#include "tkr-klep-combatant.h"
#include "tkr-history.h"
#include "tkr-rules.h"
#include "tkr-types.h"

G_BEGIN_DECLS

#define TKR_TYPE_TRACKER (tkr_tracker_get_type ())
G_DECLARE_INTERFACE (TkrTracker, tkr_tracker, TKR, TRACKER, GObject)

/*
 * What every rule system's encounter offers, so the application can drive
 * any of them the same way: the phases (Freeplay, Setup, Main, Paused, End
 * as TkrPhase; a system maps its own steps onto them), the round, turn
 * changes, a log, undo through the shared TkrHistory, and files.
 *
 * Implementations have the properties "rules" (TkrRules), "log"
 * (GListModel of TkrLogEntry), "phase" (TkrPhase) and "round" (int), the
 * last two with notify, and record every change in their TkrHistory; the
 * interface reads those properties itself. The vfuncs are what differs
 * between systems.
 */
struct _TkrTrackerInterface
{
  GTypeInterface parent_iface;

  gboolean (*can_transition) (TkrTracker *self, TkrPhase to);
  gboolean (*transition) (TkrTracker *self, TkrPhase to, GError **error);
  gboolean (*next_turn) (TkrTracker *self, GError **error);
  gboolean (*previous_turn) (TkrTracker *self, GError **error);
  JsonNode *(*to_json) (TkrTracker *self);
  /* Into a fresh tracker, unrecorded; PCs by id through @resolve. */
  gboolean (*load_json) (TkrTracker *self,
                         JsonNode *node,
                         const char *path,
                         TkrCharacterResolver resolve,
                         gpointer user_data,
                         GError **error);
  /* Who takes part (in Freeplay and Setup for joining and leaving). */
  gboolean (*add_participant) (TkrTracker *self, TkrCharacter *character, GError **error);
  gboolean (*remove_participant) (TkrTracker *self, TkrCharacter *character, GError **error);
  /* (transfer full): the participants' characters, in order of entry. */
  GPtrArray *(*list_participants) (TkrTracker *self);
  /* (transfer none): the turn order, a list of turn slots (each a
   * TkrCombatant or a system's group of them). */
  GListModel *(*get_order) (TkrTracker *self);
};

/* The phases every rule system shares (seed 000, "Encounter"):
 *   Freeplay -> Setup -> Main <-> Paused, Main|Paused -> End -> Freeplay,
 *   and Setup -> Freeplay to abandon a Setup. */
gboolean tkr_phase_can_follow (TkrPhase from, TkrPhase to);
/* FALSE with TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION when @to cannot follow. */
gboolean tkr_phase_check_transition (TkrPhase from, TkrPhase to, GError **error);

/* The shared names of the phases, and their ids in files. */
const char *tkr_phase_to_string (TkrPhase phase);
/* The same, untranslated (N_). */
const char *tkr_phase_to_msgid (TkrPhase phase);
const char *tkr_phase_to_nick (TkrPhase phase);
/* NULL-terminated, indexed by TkrPhase. */
const char *const *tkr_phase_get_nicks (void);

const char *tkr_tracker_get_rule_system (TkrTracker *self);
TkrPhase tkr_tracker_get_phase (TkrTracker *self);
int tkr_tracker_get_round (TkrTracker *self);
gboolean tkr_tracker_can_transition (TkrTracker *self, TkrPhase to);
gboolean tkr_tracker_transition (TkrTracker *self, TkrPhase to, GError **error);
gboolean tkr_tracker_next_turn (TkrTracker *self, GError **error);
gboolean tkr_tracker_previous_turn (TkrTracker *self, GError **error);
GListModel *tkr_tracker_get_log (TkrTracker *self);
GListModel *tkr_tracker_get_order (TkrTracker *self);
JsonNode *tkr_tracker_to_json (TkrTracker *self);
gboolean tkr_tracker_load_json (TkrTracker *self,
                                JsonNode *node,
                                const char *path,
                                TkrCharacterResolver resolve,
                                gpointer user_data,
                                GError **error);
gboolean tkr_tracker_add_participant (TkrTracker *self, TkrCharacter *character, GError **error);
gboolean tkr_tracker_remove_participant (TkrTracker *self, TkrCharacter *character, GError **error);
/* (transfer full) (element-type TkrCharacter) */
GPtrArray *tkr_tracker_list_participants (TkrTracker *self);
gboolean tkr_tracker_has_participant (TkrTracker *self, TkrCharacter *character);

/* The rule systems Turnkeeper knows, as rule-data ids, NULL-terminated:
 * "kleptonomicon", "pf2e", "d20", "action-points". */
const char *const *tkr_tracker_get_rule_systems (void);
/* A fresh encounter of @rules' system, in Freeplay, recording into
 * @history; NULL and @error for rules of an unknown system. */
TkrTracker *tkr_tracker_new_for_rules (TkrRules *rules, TkrHistory *history, GError **error);

G_END_DECLS
