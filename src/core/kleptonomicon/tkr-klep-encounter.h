/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-klep-combatant.h"
#include "tkr-dice.h"
#include "tkr-log-entry.h"
#include "tkr-klep-setup.h"
#include "tkr-tracker.h"
#include "tkr-klep-turn-entry.h"
#include "tkr-zone.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_ENCOUNTER (tkr_klep_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepEncounter, tkr_klep_encounter, TKR, KLEP_ENCOUNTER, GObject)

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
 * stacks), "setup" (TkrKlepSetup, NULL outside Setup).
 * Lists: participants [TkrCharacter], order [TkrKlepTurnEntry], log
 * [TkrLogEntry], zones [TkrZone].
 */

TkrKlepEncounter *tkr_klep_encounter_new (TkrRules *rules, TkrHistory *history);
TkrRules *tkr_klep_encounter_get_rules (TkrKlepEncounter *self);
TkrHistory *tkr_klep_encounter_get_history (TkrKlepEncounter *self);
const char *tkr_klep_encounter_get_name (TkrKlepEncounter *self);
TkrPhase tkr_klep_encounter_get_phase (TkrKlepEncounter *self);
int tkr_klep_encounter_get_round (TkrKlepEncounter *self);
int tkr_klep_encounter_get_current_index (TkrKlepEncounter *self);
int tkr_klep_encounter_get_turn_serial (TkrKlepEncounter *self);
TkrKlepSetup *tkr_klep_encounter_get_setup (TkrKlepEncounter *self);
GListModel *tkr_klep_encounter_get_participants (TkrKlepEncounter *self);
GListModel *tkr_klep_encounter_get_order (TkrKlepEncounter *self);
GListModel *tkr_klep_encounter_get_log (TkrKlepEncounter *self);
GListModel *tkr_klep_encounter_get_zones (TkrKlepEncounter *self);
TkrKlepTurnEntry *tkr_klep_encounter_get_current_entry (TkrKlepEncounter *self);
TkrKlepCombatant *tkr_klep_encounter_find_combatant (TkrKlepEncounter *self,
                                                     TkrCharacter *character);
gboolean tkr_klep_encounter_is_on_turn (TkrKlepEncounter *self, TkrKlepCombatant *combatant);

/* Participants: in Freeplay or Setup (joining a Setup adds to its tests or
 * groups). */
gboolean tkr_klep_encounter_add_participant (TkrKlepEncounter *self,
                                             TkrCharacter *character,
                                             GError **error);
gboolean tkr_klep_encounter_remove_participant (TkrKlepEncounter *self,
                                                TkrCharacter *character,
                                                GError **error);

/* Phases */
gboolean tkr_klep_encounter_can_transition (TkrKlepEncounter *self, TkrPhase to);
gboolean tkr_klep_encounter_transition (TkrKlepEncounter *self, TkrPhase to, GError **error);
gboolean tkr_klep_encounter_begin_setup (TkrKlepEncounter *self, GError **error);
gboolean tkr_klep_encounter_abandon_setup (TkrKlepEncounter *self, GError **error);
/* Setup -> Main: the order comes from the Setup, which must be complete;
 * Round 1 starts with the first entry's Turn. */
gboolean tkr_klep_encounter_begin_main (TkrKlepEncounter *self, GError **error);
gboolean tkr_klep_encounter_pause (TkrKlepEncounter *self, GError **error);
/* Paused -> Main. If @by_beat is given, that combatant ended the pause by
 * spending a Beat, which is missing on its next Turn (seed, Paused). */
gboolean
tkr_klep_encounter_resume (TkrKlepEncounter *self, TkrKlepCombatant *by_beat, GError **error);
gboolean tkr_klep_encounter_end (TkrKlepEncounter *self, GError **error);
/* End -> Freeplay: the order and combatants go; the log stays. */
gboolean tkr_klep_encounter_finish (TkrKlepEncounter *self, GError **error);

/* Main: turns and rounds */
gboolean tkr_klep_encounter_next_turn (TkrKlepEncounter *self, GError **error);
/* Undoes back to before the last "next turn", everything it erased
 * included; what was done since can be redone. */
gboolean tkr_klep_encounter_previous_turn (TkrKlepEncounter *self, GError **error);

/* Beats: on one's own Turn for anything; off Turn only for Reactions. */
gboolean tkr_klep_encounter_spend_beat (TkrKlepEncounter *self,
                                        TkrKlepCombatant *combatant,
                                        gboolean reaction,
                                        GError **error);
gboolean tkr_klep_encounter_refund_beat (TkrKlepEncounter *self,
                                         TkrKlepCombatant *combatant,
                                         GError **error);
gboolean tkr_klep_encounter_use_free_action (TkrKlepEncounter *self,
                                             TkrKlepCombatant *combatant,
                                             GError **error);
gboolean tkr_klep_encounter_set_free_actions_allowed (TkrKlepEncounter *self,
                                                      TkrKlepCombatant *combatant,
                                                      int allowed,
                                                      GError **error);
/* Uses an Ability: its Beat cost, Time (Actions on own Turn, Reactions
 * any time), Slow Actions pending until the next Turn, and, while Paused,
 * anything slower than an Action only with @gm_approved. */
gboolean tkr_klep_encounter_use_ability (TkrKlepEncounter *self,
                                         TkrKlepCombatant *combatant,
                                         TkrAbility *ability,
                                         gboolean gm_approved,
                                         GError **error);

/* Movement (seed, "Movement"): spend @movement into @range on own Turn,
 * within the range's cap for the Turn; an improvised range costs
 * improvised_cost Movement per unit unless waived. */
gboolean tkr_klep_encounter_move (TkrKlepEncounter *self,
                                  TkrKlepCombatant *combatant,
                                  const char *range,
                                  int movement,
                                  GError **error);
gboolean tkr_klep_encounter_grant_improvised_range (TkrKlepEncounter *self,
                                                    TkrKlepCombatant *combatant,
                                                    const char *range,
                                                    int units,
                                                    gboolean waive_penalty,
                                                    GError **error);
/* Dash: a Beat; doubles every range and the Movement for the Turn. A second
 * Dash in the same Round needs @athletics: a Low Score makes the combatant
 * Slowed. Without it, a second Dash fails with NEEDS_TEST. */
gboolean tkr_klep_encounter_dash_needs_test (TkrKlepEncounter *self, TkrKlepCombatant *combatant);
gboolean tkr_klep_encounter_dash (TkrKlepEncounter *self,
                                  TkrKlepCombatant *combatant,
                                  const TkrTestRoll *athletics,
                                  GError **error);

/* Conditions during the encounter: stamped with the current turn serial. */
TkrCondition *tkr_klep_encounter_add_condition (
  TkrKlepEncounter *self, TkrCharacter *character, const char *name, int stacks, GError **error);

/* Zones in play (any phase). */
TkrZone *tkr_klep_encounter_add_zone (
  TkrKlepEncounter *self, const char *name, int stacks, const char *location, GError **error);
gboolean tkr_klep_encounter_set_zone_stacks (TkrKlepEncounter *self,
                                             TkrZone *zone,
                                             int stacks,
                                             GError **error);
gboolean tkr_klep_encounter_remove_zone (TkrKlepEncounter *self, TkrZone *zone, GError **error);

/* End: XP award (an amount the rule data allows, 1 or 2) with a reason. */
gboolean tkr_klep_encounter_award_experience (
  TkrKlepEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error);

void tkr_klep_encounter_log (TkrKlepEncounter *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

JsonNode *tkr_klep_encounter_to_json (TkrKlepEncounter *self);
/* Reads encounter state into a fresh encounter (no history recorded).
 * NPC participants are stored whole; PCs by id through @resolve. */
gboolean tkr_klep_encounter_load_json (TkrKlepEncounter *self,
                                       JsonNode *node,
                                       const char *path,
                                       TkrCharacterResolver resolve,
                                       gpointer user_data,
                                       GError **error);

G_END_DECLS
