/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-combatant.h"
#include "tkr-dice.h"
#include "tkr-log-entry.h"
#include "tkr-setup.h"
#include "tkr-tracker.h"
#include "tkr-turn-entry.h"
#include "tkr-zone.h"

G_BEGIN_DECLS

#define TKR_TYPE_ENCOUNTER (tkr_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrEncounter, tkr_encounter, TKR, ENCOUNTER, GObject)

/*
 * An encounter and its phases as a state machine (seed 000):
 *
 *   Freeplay -> Setup -> Main <-> Paused, Main|Paused -> End -> Freeplay
 *   (and Setup -> Freeplay to abandon a Setup)
 *
 * Any other transition is refused with TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION.
 * Every command records into the encounter's TkrHistory, so Ctrl+Z undoes
 * it, including "next turn" with the condition stacks it erased.
 *
 * Properties: "rules" (TkrRules, construct-only), "history" (TkrHistory,
 * construct-only), "name" (string), "phase" (TkrPhase), "round" (int, 0
 * before Main), "current-index" (int, -1 when no turn), "turn-serial"
 * (int, counts every Turn started in this encounter, stamps condition
 * stacks), "setup" (TkrSetup, NULL outside Setup).
 * Lists: participants [TkrCharacter], order [TkrTurnEntry], log
 * [TkrLogEntry], zones [TkrZone].
 */

TkrEncounter *tkr_encounter_new (TkrRules *rules, TkrHistory *history);
TkrRules *tkr_encounter_get_rules (TkrEncounter *self);
TkrHistory *tkr_encounter_get_history (TkrEncounter *self);
const char *tkr_encounter_get_name (TkrEncounter *self);
TkrPhase tkr_encounter_get_phase (TkrEncounter *self);
int tkr_encounter_get_round (TkrEncounter *self);
int tkr_encounter_get_current_index (TkrEncounter *self);
int tkr_encounter_get_turn_serial (TkrEncounter *self);
TkrSetup *tkr_encounter_get_setup (TkrEncounter *self);
GListModel *tkr_encounter_get_participants (TkrEncounter *self);
GListModel *tkr_encounter_get_order (TkrEncounter *self);
GListModel *tkr_encounter_get_log (TkrEncounter *self);
GListModel *tkr_encounter_get_zones (TkrEncounter *self);
TkrTurnEntry *tkr_encounter_get_current_entry (TkrEncounter *self);
TkrCombatant *tkr_encounter_find_combatant (TkrEncounter *self, TkrCharacter *character);
gboolean tkr_encounter_is_on_turn (TkrEncounter *self, TkrCombatant *combatant);
const char *tkr_phase_to_string (TkrPhase phase);
const char *tkr_phase_to_nick (TkrPhase phase);

/* Participants: in Freeplay or Setup (joining a Setup adds to its tests or
 * groups). */
gboolean
tkr_encounter_add_participant (TkrEncounter *self, TkrCharacter *character, GError **error);
gboolean
tkr_encounter_remove_participant (TkrEncounter *self, TkrCharacter *character, GError **error);

/* Phases */
gboolean tkr_encounter_can_transition (TkrEncounter *self, TkrPhase to);
gboolean tkr_encounter_transition (TkrEncounter *self, TkrPhase to, GError **error);
gboolean tkr_encounter_begin_setup (TkrEncounter *self, GError **error);
gboolean tkr_encounter_abandon_setup (TkrEncounter *self, GError **error);
/* Setup -> Main: the order comes from the Setup, which must be complete;
 * Round 1 starts with the first entry's Turn. */
gboolean tkr_encounter_begin_main (TkrEncounter *self, GError **error);
gboolean tkr_encounter_pause (TkrEncounter *self, GError **error);
/* Paused -> Main. If @by_beat is given, that combatant ended the pause by
 * spending a Beat, which is missing on its next Turn (seed, Paused). */
gboolean tkr_encounter_resume (TkrEncounter *self, TkrCombatant *by_beat, GError **error);
gboolean tkr_encounter_end (TkrEncounter *self, GError **error);
/* End -> Freeplay: the order and combatants go; the log stays. */
gboolean tkr_encounter_finish (TkrEncounter *self, GError **error);

/* Main: turns and rounds */
gboolean tkr_encounter_next_turn (TkrEncounter *self, GError **error);
/* Undoes back to before the last "next turn", everything it erased
 * included; what was done since can be redone. */
gboolean tkr_encounter_previous_turn (TkrEncounter *self, GError **error);

/* Beats: on one's own Turn for anything; off Turn only for Reactions. */
gboolean tkr_encounter_spend_beat (TkrEncounter *self,
                                   TkrCombatant *combatant,
                                   gboolean reaction,
                                   GError **error);
gboolean tkr_encounter_refund_beat (TkrEncounter *self, TkrCombatant *combatant, GError **error);
gboolean
tkr_encounter_use_free_action (TkrEncounter *self, TkrCombatant *combatant, GError **error);
gboolean tkr_encounter_set_free_actions_allowed (TkrEncounter *self,
                                                 TkrCombatant *combatant,
                                                 int allowed,
                                                 GError **error);
/* Uses an Ability: its Beat cost, Time (Actions on own Turn, Reactions
 * any time), Slow Actions pending until the next Turn, and, while Paused,
 * anything slower than an Action only with @gm_approved. */
gboolean tkr_encounter_use_ability (TkrEncounter *self,
                                    TkrCombatant *combatant,
                                    TkrAbility *ability,
                                    gboolean gm_approved,
                                    GError **error);

/* Movement (seed, "Movement"): spend @movement into @range on own Turn,
 * within the range's cap for the Turn; an improvised range costs
 * improvised_cost Movement per unit unless waived. */
gboolean tkr_encounter_move (
  TkrEncounter *self, TkrCombatant *combatant, const char *range, int movement, GError **error);
gboolean tkr_encounter_grant_improvised_range (TkrEncounter *self,
                                               TkrCombatant *combatant,
                                               const char *range,
                                               int units,
                                               gboolean waive_penalty,
                                               GError **error);
/* Dash: a Beat; doubles every range and the Movement for the Turn. A second
 * Dash in the same Round needs @athletics: a Low Score makes the combatant
 * Slowed. Without it, a second Dash fails with NEEDS_TEST. */
gboolean tkr_encounter_dash_needs_test (TkrEncounter *self, TkrCombatant *combatant);
gboolean tkr_encounter_dash (TkrEncounter *self,
                             TkrCombatant *combatant,
                             const TkrTestRoll *athletics,
                             GError **error);

/* Conditions during the encounter: stamped with the current turn serial. */
TkrCondition *tkr_encounter_add_condition (
  TkrEncounter *self, TkrCharacter *character, const char *name, int stacks, GError **error);

/* Zones in play (any phase). */
TkrZone *tkr_encounter_add_zone (
  TkrEncounter *self, const char *name, int stacks, const char *location, GError **error);
gboolean
tkr_encounter_set_zone_stacks (TkrEncounter *self, TkrZone *zone, int stacks, GError **error);
gboolean tkr_encounter_remove_zone (TkrEncounter *self, TkrZone *zone, GError **error);

/* End: XP award (an amount the rule data allows, 1 or 2) with a reason. */
gboolean tkr_encounter_award_experience (
  TkrEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error);

void tkr_encounter_log (TkrEncounter *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

JsonNode *tkr_encounter_to_json (TkrEncounter *self);
/* Reads encounter state into a fresh encounter (no history recorded).
 * NPC participants are stored whole; PCs by id through @resolve. */
gboolean tkr_encounter_load_json (TkrEncounter *self,
                                  JsonNode *node,
                                  const char *path,
                                  TkrCharacterResolver resolve,
                                  gpointer user_data,
                                  GError **error);

G_END_DECLS
