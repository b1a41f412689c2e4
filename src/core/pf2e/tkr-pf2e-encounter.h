/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-condition.h"
#include "tkr-effects.h"
#include "tkr-encounter.h"
#include "tkr-list-sync.h"

G_BEGIN_DECLS

/*
 * Pathfinder 2e encounter mode (seed 002, RULES.md section 2) on the
 * shared encounter engine (TkrEncounter: phases, rounds, turns,
 * participants, the log, the award, the file skeleton). Three classes
 * share these files:
 *
 * TkrPf2eCombatant (a TkrCombatant): one creature's state in the
 * encounter. Its resources are "actions" (maximum: actions per turn) and
 * "reaction"; its conditions are TkrCondition objects (the value is the
 * stacks, the maximum from the catalogue), sorted by name. Read-write
 * properties with explicit notify, changed only through the encounter's
 * commands, so TkrHistory records them:
 *   "initiative-skill" (string): what initiative is rolled with;
 *       Perception unless the GM calls for another skill
 *   "initiative-modifier" (int): that skill's modifier, from the sheet
 *       when it has the skill, or typed in by the GM
 *   "has-initiative" (bool), "initiative" (int): the result
 *   "group" (string or NULL): identical creatures sharing one roll
 *   "tie-rank" (int): order among creatures of the same side tied on
 *       initiative (lower first); the order of entry unless chosen
 *   "recovery-due" (bool): a dying creature whose turn began and who has
 *       not made its recovery check yet
 *   "dead" (bool)
 *
 * TkrPf2eEncounter (a TkrEncounter): the phases are named Exploration
 * (Freeplay), Initiative (Setup), Rounds (Main), Paused and End. Its turn
 * slots are TkrPf2eCombatant, in initiative order; its own list is the
 * effects: TkrCondition objects of kind Temporary, each with its "name",
 * its "rounds-left" (counted down at the start of its creator's turns) and
 * its "source" (the creator's character id).
 */

#define TKR_TYPE_PF2E_COMBATANT (tkr_pf2e_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eCombatant, tkr_pf2e_combatant, TKR, PF2E_COMBATANT, TkrCombatant)

#define TKR_TYPE_PF2E_ENCOUNTER (tkr_pf2e_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eEncounter, tkr_pf2e_encounter, TKR, PF2E_ENCOUNTER, TkrEncounter)

/* The degrees of success of a check (flat checks included). */
typedef enum
{
  TKR_PF2E_CRITICAL_FAILURE,
  TKR_PF2E_FAILURE,
  TKR_PF2E_SUCCESS,
  TKR_PF2E_CRITICAL_SUCCESS,
} TkrPf2eDegree;

const char *tkr_pf2e_combatant_get_initiative_skill (TkrPf2eCombatant *self);
int tkr_pf2e_combatant_get_initiative_modifier (TkrPf2eCombatant *self);
gboolean tkr_pf2e_combatant_has_initiative (TkrPf2eCombatant *self);
int tkr_pf2e_combatant_get_initiative (TkrPf2eCombatant *self);
const char *tkr_pf2e_combatant_get_group (TkrPf2eCombatant *self);
int tkr_pf2e_combatant_get_tie_rank (TkrPf2eCombatant *self);
/* What is left of the "actions" and "reaction" resources. */
int tkr_pf2e_combatant_get_actions_left (TkrPf2eCombatant *self);
int tkr_pf2e_combatant_get_reactions_left (TkrPf2eCombatant *self);
/* A condition's value; 0 when the creature does not have it. */
int tkr_pf2e_combatant_get_condition (TkrPf2eCombatant *self, const char *name);
gboolean tkr_pf2e_combatant_get_recovery_due (TkrPf2eCombatant *self);
gboolean tkr_pf2e_combatant_is_dead (TkrPf2eCombatant *self);
/* "dead", "dying", "unconscious" or "active". */
const char *tkr_pf2e_combatant_get_state (TkrPf2eCombatant *self);
/* Both have rolled the same initiative result. */
gboolean tkr_pf2e_combatant_is_tied_with (TkrPf2eCombatant *self, TkrPf2eCombatant *other);

/* Needs rules with a "pf2e" section: NULL and @error otherwise. @rules
 * NULL loads the shipped "pf2e" rules. */
TkrPf2eEncounter *tkr_pf2e_encounter_new (TkrRules *rules, TkrHistory *history, GError **error);
GListModel *tkr_pf2e_encounter_get_effects (TkrPf2eEncounter *self);
/* The numbers of the rule data's "pf2e" section. */
int tkr_pf2e_encounter_get_actions_per_turn (TkrPf2eEncounter *self);
int tkr_pf2e_encounter_get_reactions_per_round (TkrPf2eEncounter *self);
/* The sides of the die of initiative and flat checks (20). */
int tkr_pf2e_encounter_get_check_die (TkrPf2eEncounter *self);
/* The DC of @combatant's recovery check: 10 + its dying value (seed 002). */
int tkr_pf2e_encounter_get_recovery_dc (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant);
/* The usual award: what a moderate encounter is worth (rule data), at
 * least 1. */
int tkr_pf2e_encounter_get_typical_award (TkrPf2eEncounter *self);
/* An average initiative roll of @combatant: half the die plus its
 * modifier, where typing in a result starts. */
int tkr_pf2e_encounter_get_average_initiative (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant);

/* Setup (Initiative): @skill is any skill name ("Stealth"); the modifier
 * comes from the sheet, 0 if the sheet lacks it (then set it by hand). */
gboolean tkr_pf2e_encounter_set_initiative_skill (TkrPf2eEncounter *self,
                                                  TkrPf2eCombatant *combatant,
                                                  const char *skill,
                                                  GError **error);
gboolean tkr_pf2e_encounter_set_initiative_modifier (TkrPf2eEncounter *self,
                                                     TkrPf2eCombatant *combatant,
                                                     int modifier,
                                                     GError **error);
/* NPCs only; NULL or "" takes the creature out of its group. Joining a
 * group that has rolled takes the group's result. */
gboolean tkr_pf2e_encounter_set_group (TkrPf2eEncounter *self,
                                       TkrPf2eCombatant *combatant,
                                       const char *group,
                                       GError **error);
/* d20 + modifier, once for the whole group. Returns the result in @result
 * (nullable). */
gboolean tkr_pf2e_encounter_roll_initiative (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GRand *rand, int *result, GError **error);
/* A result rolled at the table, typed in (shared by the group). */
gboolean tkr_pf2e_encounter_enter_initiative (TkrPf2eEncounter *self,
                                              TkrPf2eCombatant *combatant,
                                              int result,
                                              GError **error);
/* Rolls for everyone still without a result (one roll per group). */
gboolean tkr_pf2e_encounter_roll_remaining (TkrPf2eEncounter *self, GRand *rand, GError **error);
/* Tied creatures of the same side (PCs among themselves, or the GM's
 * creatures) and group: @first goes right before @other. */
gboolean tkr_pf2e_encounter_put_before (TkrPf2eEncounter *self,
                                        TkrPf2eCombatant *first,
                                        TkrPf2eCombatant *other,
                                        GError **error);
/* Whether put_before (@first, @other) would be allowed now. */
gboolean tkr_pf2e_encounter_can_put_before (TkrPf2eEncounter *self,
                                            TkrPf2eCombatant *first,
                                            TkrPf2eCombatant *other);
/* The creatures with an initiative result in the order the rounds would
 * use: the function that makes the order when the rounds begin
 * (transfer full). */
GPtrArray *tkr_pf2e_encounter_preview_order (TkrPf2eEncounter *self);

/* Actions (Main). @cost 1..3 on one's own turn (single actions and two-
 * and three-action activities); 0 is a free action, any time. @what is
 * for the log (nullable). */
gboolean tkr_pf2e_encounter_spend_actions (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, int cost, const char *what, GError **error);
gboolean tkr_pf2e_encounter_refund_actions (TkrPf2eEncounter *self,
                                            TkrPf2eCombatant *combatant,
                                            int count,
                                            GError **error);
/* A reaction, on or off one's turn; back at the start of one's turn. */
gboolean tkr_pf2e_encounter_use_reaction (TkrPf2eEncounter *self,
                                          TkrPf2eCombatant *combatant,
                                          const char *what,
                                          GError **error);
gboolean tkr_pf2e_encounter_refund_reaction (TkrPf2eEncounter *self,
                                             TkrPf2eCombatant *combatant,
                                             GError **error);

/* Whether the commands above would be allowed now, for a view's buttons
 * (seed 002, "Turns"): actions on one's own turn in the rounds, alive; a
 * reaction while one is left, alive, on or off one's turn; a refund while
 * the reaction is spent. */
gboolean tkr_pf2e_encounter_can_spend_actions (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant);
gboolean tkr_pf2e_encounter_can_use_reaction (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant);
gboolean tkr_pf2e_encounter_can_refund_reaction (TkrPf2eEncounter *self,
                                                 TkrPf2eCombatant *combatant);

/* Effects lasting @rounds rounds, created by @creator (Main or Paused):
 * Temporary conditions whose "source" is the creator's character id.
 * Returns: (transfer none) (nullable): the effect, held by the encounter */
TkrCondition *tkr_pf2e_encounter_add_effect (
  TkrPf2eEncounter *self, TkrPf2eCombatant *creator, const char *name, int rounds, GError **error);
gboolean
tkr_pf2e_encounter_remove_effect (TkrPf2eEncounter *self, TkrCondition *effect, GError **error);

/* Conditions by catalogue name or id, value 0 removes (Setup to End). */
gboolean tkr_pf2e_encounter_set_condition (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, const char *name, int value, GError **error);

/* Recovery check of a dying creature whose turn began: a flat check (d20,
 * no modifier) against 10 + dying. @die 1..20 typed in, or 0 to roll with
 * @rand. @natural (nullable) tells the die, @degree (nullable) the
 * outcome. */
gboolean tkr_pf2e_encounter_recovery_check (TkrPf2eEncounter *self,
                                            TkrPf2eCombatant *combatant,
                                            int die,
                                            GRand *rand,
                                            int *natural,
                                            TkrPf2eDegree *degree,
                                            GError **error);
/* The degree of a check against @dc; the die's highest face (a 1) is one
 * degree better (worse). */
TkrPf2eDegree tkr_pf2e_degree (int natural, int die_sides, int total, int dc, int critical_margin);
/* "critical failure" ... "critical success", translated. */
const char *tkr_pf2e_degree_to_string (TkrPf2eDegree degree);

/* The tentative order (seed 002, Initiative): one TkrOrderPlace per
 * creature with a result, in the order Round 1 would begin with, changed
 * by "items-changed" only where the order changed; empty outside the
 * Initiative phase. A place's "combatant" is a TkrPf2eCombatant, "tied"
 * says it is tied with a neighbour, "earlier" is the creature just before
 * it that it may be put before and "later" the creature just after it
 * that may be put before it (or NULL). */
GListModel *tkr_pf2e_encounter_get_tentative_order (TkrPf2eEncounter *self);

G_END_DECLS
