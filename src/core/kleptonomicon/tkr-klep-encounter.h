/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-dice.h"
#include "tkr-encounter.h"
#include "tkr-klep-combatant.h"
#include "tkr-klep-setup.h"
#include "tkr-klep-turn-entry.h"
#include "tkr-zone.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_ENCOUNTER (tkr_klep_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepEncounter, tkr_klep_encounter, TKR, KLEP_ENCOUNTER, TkrEncounter)

/*
 * The Kleptonomicon's encounter on the shared engine (TkrEncounter owns
 * the phases, rounds and turns, participants, combatants, log, award and
 * file skeleton; seed 000, "Encounter"). Its turn order's slots are
 * TkrKlepTurnEntry (a PC or an NPC group whose members take their Turn
 * together), built from the Setup's Edge Save tests (TkrKlepSetup);
 * Setup -> Main needs every PC placed.
 *
 * Properties: "name" (string), "turn-serial" (int, counts every Turn
 * started in this encounter, stamps condition stacks), "setup"
 * (TkrKlepSetup, NULL outside Setup), "zones" (GListModel of TkrZone).
 */

TkrKlepEncounter *tkr_klep_encounter_new (TkrRules *rules, TkrHistory *history);
const char *tkr_klep_encounter_get_name (TkrKlepEncounter *self);
int tkr_klep_encounter_get_turn_serial (TkrKlepEncounter *self);
TkrKlepSetup *tkr_klep_encounter_get_setup (TkrKlepEncounter *self);
GListModel *tkr_klep_encounter_get_zones (TkrKlepEncounter *self);
/* The entry whose Turn it is (or was, at the End). */
TkrKlepTurnEntry *tkr_klep_encounter_get_current_entry (TkrKlepEncounter *self);
TkrKlepCombatant *tkr_klep_encounter_find_combatant (TkrKlepEncounter *self,
                                                     TkrCharacter *character);
gboolean tkr_klep_encounter_is_on_turn (TkrKlepEncounter *self, TkrKlepCombatant *combatant);

/* Paused -> Main, ended by @by_beat spending a Beat, which is missing on
 * its next Turn (seed, Paused); tkr_encounter_resume () resumes freely. */
gboolean tkr_klep_encounter_resume_by_beat (TkrKlepEncounter *self,
                                            TkrKlepCombatant *by_beat,
                                            GError **error);

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
/* The Athletics Test of a second Dash, rolled for @combatant. */
TkrTestRoll *tkr_klep_encounter_roll_dash_test (TkrKlepEncounter *self,
                                                TkrKlepCombatant *combatant,
                                                GRand *rand);
gboolean tkr_klep_encounter_dash (TkrKlepEncounter *self,
                                  TkrKlepCombatant *combatant,
                                  const TkrTestRoll *athletics,
                                  GError **error);

/* The rule data's basic Abilities (TkrAbility), read once. */
GPtrArray *tkr_klep_encounter_get_basic_abilities (TkrKlepEncounter *self);

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

G_END_DECLS
