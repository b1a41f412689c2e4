/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"
#include "tkr-klep-combatant.h"
#include "tkr-log-entry.h"
#include "tkr-tracker.h"

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
 * tkr_tracker_next_turn(): in the Action Phase, ends the current actor's
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

/* One combatant's state in the encounter. Properties, read-write with
 * explicit notify so TkrHistory records them (change them only through
 * TkrApEncounter's commands):
 *
 * "character" (TkrCharacter, construct-only)
 * "finesse-die" (int): sides of the Finesse Die (a size the rule data lists)
 * "ap-adjustment" (int): added to the Finesse Die roll at each Reset
 * "size" (string): "medium" or "small" (Free Steps distance)
 * "surprised" (bool): gets exactly the rule data's AP in the first Reset
 * "ap" (int): Action Points left this Turn
 * "round-ap" (int): AP spent in the current Round
 * "moved", "acted", "passed" (bool): this Round
 * "free-steps" (bool): Free Steps still available this Turn
 * "stepped" (bool): took Free Steps in the current Round
 * "mana", "mana-max", "faith", "faith-max" (int)
 * "recover" (string): "mana" or "faith", the player's choice for Resets
 * "conditions" (GVariant "a(sbi)"): name, persistent, check target
 * "adjustments" (GVariant "a(si)"): Temporary adjustments, name and value
 * "effects" (GVariant "a(si)"): per-Turn effects, name and damage
 */
#define TKR_TYPE_AP_COMBATANT (tkr_ap_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrApCombatant, tkr_ap_combatant, TKR, AP_COMBATANT, GObject)

TkrCharacter *tkr_ap_combatant_get_character (TkrApCombatant *self);
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
guint tkr_ap_combatant_get_n_conditions (TkrApCombatant *self);
guint tkr_ap_combatant_get_n_adjustments (TkrApCombatant *self);
guint tkr_ap_combatant_get_n_effects (TkrApCombatant *self);

/* Typed-in rolls for a Reset: anything not given is rolled. */
typedef struct _TkrApRolls TkrApRolls;
TkrApRolls *tkr_ap_rolls_new (void);
void tkr_ap_rolls_free (TkrApRolls *rolls);
/* The Finesse Die's face (1..its sides). */
void tkr_ap_rolls_set_finesse (TkrApRolls *rolls, TkrApCombatant *combatant, int face);
/* The Check Roll's total for one Persistent condition. */
void tkr_ap_rolls_set_check (TkrApRolls *rolls,
                             TkrApCombatant *combatant,
                             const char *condition,
                             int total);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrApRolls, tkr_ap_rolls_free)

#define TKR_TYPE_AP_ENCOUNTER (tkr_ap_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrApEncounter, tkr_ap_encounter, TKR, AP_ENCOUNTER, GObject)

/* Properties: "rules", "history" (construct-only), "name", "phase"
 * (TkrPhase), "step" (TkrApStep), "turn" (int), "round" (int),
 * "current-index" (int, into the Round's order, -1 when nobody acts).
 * Lists: combatants [TkrApCombatant, participant order], order
 * [TkrApCombatant, the Round's order], log [TkrLogEntry]. */

/* @rules must be the "action-points" rules (tkr_rules_new_from_resource);
 * @rand (nullable) is copied and used for every roll not typed in. */
TkrApEncounter *tkr_ap_encounter_new (TkrRules *rules, TkrHistory *history, GRand *rand);
gboolean tkr_ap_encounter_check_rules (TkrRules *rules, GError **error);
TkrRules *tkr_ap_encounter_get_rules (TkrApEncounter *self);
TkrHistory *tkr_ap_encounter_get_history (TkrApEncounter *self);
TkrPhase tkr_ap_encounter_get_phase (TkrApEncounter *self);
TkrApStep tkr_ap_encounter_get_step (TkrApEncounter *self);
int tkr_ap_encounter_get_turn (TkrApEncounter *self);
int tkr_ap_encounter_get_round (TkrApEncounter *self);
GListModel *tkr_ap_encounter_get_combatants (TkrApEncounter *self);
GListModel *tkr_ap_encounter_get_order (TkrApEncounter *self);
GListModel *tkr_ap_encounter_get_log (TkrApEncounter *self);
TkrApCombatant *tkr_ap_encounter_find_combatant (TkrApEncounter *self, TkrCharacter *character);
/* Who has the floor in the Action Phase, or NULL. */
TkrApCombatant *tkr_ap_encounter_get_actor (TkrApEncounter *self);
const char *tkr_ap_step_to_nick (TkrApStep step);
/* The rule data's numbers, as the encounter checked them. */
int tkr_ap_encounter_get_max_ap_per_round (TkrApEncounter *self);
int tkr_ap_encounter_get_only_action_max_ap (TkrApEncounter *self);
int tkr_ap_encounter_get_surprised_first_ap (TkrApEncounter *self);
int tkr_ap_encounter_get_check_die (TkrApEncounter *self);
/* The Finesse Die sizes (transfer none, element-type int). */
GArray *tkr_ap_encounter_get_finesse_dice (TkrApEncounter *self);
/* The sizes with a Free Steps distance (transfer none). */
const char *const *tkr_ap_encounter_get_sizes (TkrApEncounter *self);
/* How many spaces @combatant's Free Steps may cover (seed 004). */
int tkr_ap_encounter_get_free_steps_limit (TkrApEncounter *self, TkrApCombatant *combatant);

/* Participants: in Freeplay or Setup. A new combatant takes the sheet's
 * fields (tkr_character_get_field): "finesse_die" (when it is a die size
 * the rule data lists), "ap_adjustment", "size" (the choice whose label
 * names a Free Steps size) and the "mana_max" and "faith_max" maxima. A
 * sheet without a field falls back to a save or skill named "Finesse",
 * "Mana" or "Faith", then to the rule data's defaults. */
TkrApCombatant *
tkr_ap_encounter_add_participant (TkrApEncounter *self, TkrCharacter *character, GError **error);
gboolean
tkr_ap_encounter_remove_participant (TkrApEncounter *self, TkrCharacter *character, GError **error);

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

/* Phases */
gboolean tkr_ap_encounter_can_transition (TkrApEncounter *self, TkrPhase to);
gboolean tkr_ap_encounter_transition (TkrApEncounter *self, TkrPhase to, GError **error);
/* Main|Paused -> End with the closing Reset; @rolls nullable. */
gboolean tkr_ap_encounter_end (TkrApEncounter *self, TkrApRolls *rolls, GError **error);

/* The Reset Phase, when due; @rolls (nullable) types in rolls. */
gboolean tkr_ap_encounter_run_reset (TkrApEncounter *self, TkrApRolls *rolls, GError **error);
gboolean tkr_ap_encounter_next_turn (TkrApEncounter *self, GError **error);
gboolean tkr_ap_encounter_previous_turn (TkrApEncounter *self, GError **error);

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

/* End: XP per PC with a reason (amounts the rule data allows). */
gboolean tkr_ap_encounter_award_experience (
  TkrApEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error);

JsonNode *tkr_ap_encounter_to_json (TkrApEncounter *self);
/* Into a fresh encounter, nothing recorded; PCs by id through @resolve. */
gboolean tkr_ap_encounter_load_json (TkrApEncounter *self,
                                     JsonNode *node,
                                     const char *path,
                                     TkrCharacterResolver resolve,
                                     gpointer user_data,
                                     GError **error);

G_END_DECLS
