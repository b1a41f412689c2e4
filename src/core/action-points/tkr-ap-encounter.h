/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"
#include "tkr-encounter.h"
#include "tkr-pending-roll.h"

G_BEGIN_DECLS

/*
 * The Action-Point system's encounter (seed 004, RULES.md section 4).
 *
 * Time: a Turn is an Action Phase (several Rounds) followed by a Reset
 * Phase; combat opens with a Reset and closes with one. Mapped onto
 * TkrPhase:
 *
 *   Freeplay -> Setup -> Main <-> Paused, Main|Paused -> End -> Freeplay,
 *   Setup -> Freeplay to abandon.
 *
 * Main covers both steps of a Turn, shown by the "step" property
 * (TkrApStep). Entering Main puts the opening Reset due (step RESET,
 * "turn" 0). Running a Reset moves to the Action Phase of the next Turn
 * ("turn" + 1, "round" 1). "round" counts the Rounds of the current Turn's
 * Action Phase and is 0 while a Reset is due. Ending the encounter runs
 * the closing Reset (its first four steps: there is no Action Phase after
 * it, so Action Points are only cleared).
 *
 * tkr_encounter_next_turn(): in the Action Phase, ends the current actor's
 * opportunity (one who spent nothing and took no Free Steps has passed)
 * and gives the next one the floor; after the last actor of a Round, the
 * Action Phase ends if everyone has 0 AP or passed, otherwise the next
 * Round begins with the order computed again. With a Reset due, it runs
 * the Reset with every roll made on the encounter's GRand.
 *
 * Order of a Round: descending current AP; ties go to the larger Finesse
 * Die, then to the earlier participant. Combatants with 0 AP are left out.
 *
 * Errors (TKR_ENCOUNTER_ERROR): NOT_ON_TURN for acting out of order;
 * NO_BEATS when AP do not suffice or the Round's AP limit would be passed;
 * NO_MOVEMENT for a second movement in a Round; INVALID for a second
 * action, an Only action with too many AP, Free Steps too late or too far;
 * NO_FREE_ACTIONS for Free Steps already used this Turn or without AP;
 * WRONG_PHASE outside Main or in the wrong step.
 */

typedef enum
{
  TKR_AP_STEP_RESET,
  TKR_AP_STEP_ACTION,
} TkrApStep;

GType tkr_ap_step_get_type (void) G_GNUC_CONST;
#define TKR_TYPE_AP_STEP (tkr_ap_step_get_type ())

#define TKR_AP_RULE_SYSTEM "action-points"

/* One combatant's state in the encounter, made when a character joins
 * (in Freeplay too: the GM sets it up before combat) and kept while it
 * takes part. Its resources (TkrCombatant "resources") are "ap" (Action
 * Points left this Turn) and "free-steps" (1 while the Turn's Free Steps
 * are unused). Properties, read-write with explicit notify so TkrHistory
 * records them (change them only through TkrApEncounter's commands):
 *
 * "finesse-die" (int): sides of the Finesse Die (a size the rule data lists)
 * "ap-adjustment" (int): added to the Finesse Die roll at each Reset
 * "size" (string): "medium" or "small" (Free Steps distance)
 * "surprised" (bool): gets exactly the rule data's AP in the first Reset
 * "round-ap" (int): AP spent in the current Round
 * "moved", "acted", "passed" (bool): this Round
 * "stepped" (bool): took Free Steps in the current Round
 * "mana", "mana-max", "faith", "faith-max" (int)
 * "recover" (string): "mana" or "faith", the player's choice for Resets
 */
#define TKR_TYPE_AP_COMBATANT (tkr_ap_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrApCombatant, tkr_ap_combatant, TKR, AP_COMBATANT, TkrCombatant)

int tkr_ap_combatant_get_ap (TkrApCombatant *self);
int tkr_ap_combatant_get_round_ap (TkrApCombatant *self);
int tkr_ap_combatant_get_finesse_die (TkrApCombatant *self);
int tkr_ap_combatant_get_ap_adjustment (TkrApCombatant *self);
const char *tkr_ap_combatant_get_size (TkrApCombatant *self);
gboolean tkr_ap_combatant_get_surprised (TkrApCombatant *self);
gboolean tkr_ap_combatant_get_moved (TkrApCombatant *self);
gboolean tkr_ap_combatant_get_acted (TkrApCombatant *self);
gboolean tkr_ap_combatant_get_passed (TkrApCombatant *self);
gboolean tkr_ap_combatant_get_free_steps (TkrApCombatant *self);
int tkr_ap_combatant_get_mana (TkrApCombatant *self);
int tkr_ap_combatant_get_mana_max (TkrApCombatant *self);
int tkr_ap_combatant_get_faith (TkrApCombatant *self);
int tkr_ap_combatant_get_faith_max (TkrApCombatant *self);
const char *tkr_ap_combatant_get_recover (TkrApCombatant *self);
/* Whether the combatant has the condition; @persistent and @target tell
 * its kind and check target. */
gboolean tkr_ap_combatant_has_condition (TkrApCombatant *self,
                                         const char *name,
                                         gboolean *persistent,
                                         int *target);
/* (transfer none): lists of TkrCondition, each with its number in
 * "value": the conditions (Persistent or Temporary; the check target, 0
 * when Temporary; the same list as TkrCombatant "conditions"), the
 * Temporary adjustments (the adjustment) and the per-Turn effects (the
 * damage). The GM changes them only through TkrApEncounter's commands. */
GListModel *tkr_ap_combatant_get_ap_conditions (TkrApCombatant *self);
GListModel *tkr_ap_combatant_get_adjustments (TkrApCombatant *self);
GListModel *tkr_ap_combatant_get_effects (TkrApCombatant *self);

/* Typed-in rolls for a Reset (the engine's TkrTypedRolls, what is rolled
 * being NULL for the Finesse Die and a condition's name for its Check
 * Roll): anything not given is rolled. The Finesse Die's face (1..its
 * sides): */
void tkr_ap_rolls_set_finesse (TkrTypedRolls *rolls, TkrApCombatant *combatant, int face);
/* The Check Roll's total for one Persistent condition. */
void tkr_ap_rolls_set_check (TkrTypedRolls *rolls,
                             TkrApCombatant *combatant,
                             const char *condition,
                             int total);

#define TKR_TYPE_AP_ENCOUNTER (tkr_ap_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrApEncounter, tkr_ap_encounter, TKR, AP_ENCOUNTER, TkrEncounter)

/* Properties beyond TkrEncounter's: "name", "step" (TkrApStep), "turn"
 * (int), "members" (GListModel of TkrApCombatant, one per participant in
 * every phase). The engine's "round" counts the Rounds of the current
 * Turn's Action Phase (0 while a Reset is due); its "order" is the
 * Round's order and "current-index" the actor's place in it (-1 when
 * nobody acts). Its combatants are the members from Setup to End. */

/* @rules must be the "action-points" rules (tkr_rules_new_from_resource);
 * @rand (nullable) is copied and used for every roll not typed in. */
TkrApEncounter *tkr_ap_encounter_new (TkrRules *rules, TkrHistory *history, GRand *rand);
gboolean tkr_ap_encounter_check_rules (TkrRules *rules, GError **error);
TkrApStep tkr_ap_encounter_get_step (TkrApEncounter *self);
int tkr_ap_encounter_get_turn (TkrApEncounter *self);
GListModel *tkr_ap_encounter_get_members (TkrApEncounter *self);
/* (transfer none) (nullable): @character's state, in any phase */
TkrApCombatant *tkr_ap_encounter_find_member (TkrApEncounter *self, TkrCharacter *character);
/* Who has the floor in the Action Phase, or NULL. */
TkrApCombatant *tkr_ap_encounter_get_actor (TkrApEncounter *self);
/* The rule data's numbers, as the encounter checked them. */
int tkr_ap_encounter_get_max_ap_per_round (TkrApEncounter *self);
int tkr_ap_encounter_get_only_action_max_ap (TkrApEncounter *self);
int tkr_ap_encounter_get_surprised_first_ap (TkrApEncounter *self);
int tkr_ap_encounter_get_check_die (TkrApEncounter *self);
int tkr_ap_encounter_get_max_pool (TkrApEncounter *self);
/* The Finesse Die sizes (transfer none, element-type int). */
GArray *tkr_ap_encounter_get_finesse_dice (TkrApEncounter *self);
/* The sizes with a Free Steps distance (transfer none). */
const char *const *tkr_ap_encounter_get_sizes (TkrApEncounter *self);
/* How many spaces @combatant's Free Steps may cover (seed 004). */
int tkr_ap_encounter_get_free_steps_limit (TkrApEncounter *self, TkrApCombatant *combatant);
/* Reset Phase, step 5 (seed 004): the AP @combatant gets from a Finesse
 * Die showing @face, or exactly the rule data's AP when surprised in the
 * opening Reset (@surprised_ap set TRUE then). */
int tkr_ap_encounter_reset_ap (TkrApEncounter *self,
                               TkrApCombatant *combatant,
                               int face,
                               gboolean *surprised_ap);
/* Reset Phase, step 4: how much Mana or Faith (its "recover" choice)
 * @combatant gets back, up to its maximum. */
int tkr_ap_encounter_get_recovery (TkrApEncounter *self, TkrApCombatant *combatant);
/* Mana or Faith as the GM types it: a current value above the maximum
 * raises the maximum when @current_typed, else the current value comes
 * down to it; the maximum stays within 0 and the rule data's largest
 * pool. */
void tkr_ap_encounter_fit_pool (TkrApEncounter *self,
                                gboolean current_typed,
                                int *current,
                                int *maximum);
/* The smallest and largest Experience award the rule data lists (1 and 1
 * when it lists none), for the End's award controls. */
void tkr_ap_encounter_get_award_range (TkrApEncounter *self, int *lowest, int *highest);

/* The Reset Phase as it would run now (seed 004, Reset Phase): for each
 * of its TKR_AP_RESET_STEPS steps in order (per-Turn effects; Temporary
 * conditions and adjustments that end; Check Rolls against Persistent
 * conditions; Mana or Faith recovered; Action Points and Free Steps), what
 * it will do to whom, "" when nothing. (transfer full) */
#define TKR_AP_RESET_STEPS 5
GStrv tkr_ap_encounter_preview_reset (TkrApEncounter *self);

/* Participants join through tkr_encounter_add_participant(). A new
 * combatant takes the sheet's fields (tkr_character_get_field):
 * "finesse_die" (when it is a die size the rule data lists),
 * "ap_adjustment", "size" (the choice whose label names a Free Steps size)
 * and the "mana_max" and "faith_max" maxima. A sheet without a field falls
 * back to a save or skill named "Finesse", "Mana" or "Faith", then to the
 * rule data's defaults. */

/* GM settings, validated and undoable. */
gboolean tkr_ap_encounter_set_finesse_die (TkrApEncounter *self,
                                           TkrApCombatant *combatant,
                                           int sides,
                                           GError **error);
gboolean tkr_ap_encounter_set_ap_adjustment (TkrApEncounter *self,
                                             TkrApCombatant *combatant,
                                             int adjustment,
                                             GError **error);
gboolean tkr_ap_encounter_set_size (TkrApEncounter *self,
                                    TkrApCombatant *combatant,
                                    const char *size,
                                    GError **error);
/* Only before the opening Reset has run. */
gboolean tkr_ap_encounter_set_surprised (TkrApEncounter *self,
                                         TkrApCombatant *combatant,
                                         gboolean surprised,
                                         GError **error);
gboolean tkr_ap_encounter_set_recover (TkrApEncounter *self,
                                       TkrApCombatant *combatant,
                                       const char *pool,
                                       GError **error);
/* @pool is "mana" or "faith". */
gboolean tkr_ap_encounter_set_pool (TkrApEncounter *self,
                                    TkrApCombatant *combatant,
                                    const char *pool,
                                    int current,
                                    int maximum,
                                    GError **error);
/* A condition from the rule data's catalogue ("fleeting" ones are
 * Temporary) or a custom one (Temporary unless @persistent). @target 0
 * takes the check target from the rule data. */
gboolean tkr_ap_encounter_add_condition (TkrApEncounter *self,
                                         TkrApCombatant *combatant,
                                         const char *name,
                                         gboolean persistent,
                                         int target,
                                         GError **error);
gboolean tkr_ap_encounter_remove_condition (TkrApEncounter *self,
                                            TkrApCombatant *combatant,
                                            const char *name,
                                            GError **error);
gboolean tkr_ap_encounter_add_adjustment (
  TkrApEncounter *self, TkrApCombatant *combatant, const char *name, int value, GError **error);
gboolean tkr_ap_encounter_add_effect (
  TkrApEncounter *self, TkrApCombatant *combatant, const char *name, int damage, GError **error);
gboolean tkr_ap_encounter_remove_effect (TkrApEncounter *self,
                                         TkrApCombatant *combatant,
                                         const char *name,
                                         GError **error);

/* Main|Paused -> End with the closing Reset; @rolls nullable.
 * tkr_encounter_end() is the same with every roll made. */
gboolean tkr_ap_encounter_end (TkrApEncounter *self, TkrTypedRolls *rolls, GError **error);

/* The Reset Phase, when due; @rolls (nullable) types in rolls.
 * tkr_encounter_next_turn() runs it with every roll made. */
gboolean tkr_ap_encounter_run_reset (TkrApEncounter *self, TkrTypedRolls *rolls, GError **error);

/* The Action Phase: only the actor, and only in its opportunity. */
gboolean
tkr_ap_encounter_move (TkrApEncounter *self, TkrApCombatant *combatant, int ap, GError **error);
gboolean
tkr_ap_encounter_act (TkrApEncounter *self, TkrApCombatant *combatant, int ap, GError **error);
gboolean
tkr_ap_encounter_only_action (TkrApEncounter *self, TkrApCombatant *combatant, GError **error);
gboolean tkr_ap_encounter_free_steps (TkrApEncounter *self,
                                      TkrApCombatant *combatant,
                                      int spaces,
                                      GError **error);
/* Ends the actor's opportunity keeping its AP, then as next_turn. */
gboolean tkr_ap_encounter_pass (TkrApEncounter *self, TkrApCombatant *combatant, GError **error);

/* The kinds of TkrPendingRoll the coming Reset needs (seed 004, Reset
 * Phase): a member's Finesse Die ("die" its sides, "modifier" its AP
 * adjustment), its exactly-so surprised AP in the opening Reset (no roll)
 * or its Check Roll against a Persistent condition ("what" the
 * condition's name, "target" its value, which the roll must reach). */
typedef enum
{
  TKR_AP_RESET_ROLL_FINESSE,
  TKR_AP_RESET_ROLL_SURPRISED,
  TKR_AP_RESET_ROLL_CHECK,
} TkrApResetRollKind;

/* The rolls the coming Reset needs, member by member (its Check Rolls,
 * then its Finesse Die), changed by "items-changed" only where they
 * change; empty unless a Reset is due in Main or Paused. */
GListModel *tkr_ap_encounter_get_reset_rolls (TkrApEncounter *self);

G_END_DECLS
