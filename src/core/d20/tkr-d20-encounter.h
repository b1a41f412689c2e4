/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-d20-combatant.h"
#include "tkr-d20-travel.h"
#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * TkrD20Encounter: the d20 system's encounter (seed 003) on the shared
 * engine (TkrEncounter: phases, rounds, turns, participants, the log, the
 * XP award, files).
 *
 *   Freeplay -> Setup (initiative) -> Main <-> Paused, Main|Paused -> End
 *   -> Freeplay; Setup -> Freeplay abandons.
 *
 * The d20 system keeps each creature's state from the moment it joins
 * (mana, Exhaustion, rests: seed, "Resting"), so besides the engine's
 * combatants (Setup to End) it has "creatures": a TkrD20Combatant per
 * participant in every phase, the same objects the engine's lists hold.
 * Rests, the passing of hours and Stamina checks are its commands in
 * Freeplay and at the End.
 *
 * Every roll can be typed in instead: functions take a const TkrD20Roll *
 * (tkr_d20_roll_typed ()) or NULL to roll with the encounter's GRand.
 */
#define TKR_TYPE_D20_ENCOUNTER (tkr_d20_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Encounter, tkr_d20_encounter, TKR, D20_ENCOUNTER, TkrEncounter)

typedef enum
{
  TKR_D20_ACTION,
  TKR_D20_BONUS_ACTION,
  TKR_D20_REACTION,
} TkrD20Resource;

/* @rules must carry a "d20" section (else NULL and @error). @rand
 * (nullable) is borrowed and must outlive the encounter; NULL makes one. */
TkrD20Encounter *
tkr_d20_encounter_new (TkrRules *rules, TkrHistory *history, GRand *rand, GError **error);
/* TkrD20Combatant, one per participant in every phase, in joining order. */
GListModel *tkr_d20_encounter_get_creatures (TkrD20Encounter *self);
/* (transfer none) (nullable): whose turn it is, in Main and Paused */
TkrD20Combatant *tkr_d20_encounter_get_current (TkrD20Encounter *self);
/* (transfer none) (nullable): @character's creature */
TkrD20Combatant *tkr_d20_encounter_find (TkrD20Encounter *self, TkrCharacter *character);
/* The common actions of the rule data: ids ("dash") and their names. */
GStrv tkr_d20_encounter_list_common_actions (TkrD20Encounter *self);
/* The kinds of movement of the rule data ("walk", "fly"...). */
const char *const *tkr_d20_encounter_get_movement_kinds (TkrD20Encounter *self);

/* GM overrides where the sheet has no value. */
gboolean tkr_d20_encounter_set_agility (TkrD20Encounter *self,
                                        TkrD20Combatant *combatant,
                                        int agility,
                                        GError **error);
gboolean tkr_d20_encounter_set_speed (
  TkrD20Encounter *self, TkrD20Combatant *combatant, const char *kind, int feet, GError **error);

/* Setup: initiative (d20 + Agility), ties, surprise. */
gboolean tkr_d20_encounter_roll_initiative (TkrD20Encounter *self,
                                            TkrD20Combatant *combatant,
                                            const TkrD20Roll *typed,
                                            GError **error);
/* The turn order as initiative stands (seed, Initiative): highest first;
 * on a tie, the higher contest roll, then the next contest, and so on; who
 * has rolled more contests first; those without initiative last, in
 * joining order. The order Main begins with, and the Setup's preview.
 * (transfer full) (element-type TkrD20Combatant) */
GPtrArray *tkr_d20_encounter_sort_order (TkrD20Encounter *self);
/* Groups of combatants still tied (each a GPtrArray of TkrD20Combatant),
 * with a contest roll owed by each member. (transfer full) */
GPtrArray *tkr_d20_encounter_get_ties (TkrD20Encounter *self);
/* A tied combatant's contest roll (typed, or NULL to roll d20 + Agility);
 * once every party of the tie has rolled, the highest goes first, and a
 * new tie among them needs another round of contest rolls. */
gboolean tkr_d20_encounter_roll_tiebreak (TkrD20Encounter *self,
                                          TkrD20Combatant *combatant,
                                          const TkrD20Roll *typed,
                                          GError **error);
/* Whether @combatant will pass over its next turn: the surprised skip
 * their first turn, in Round 1 (seed, Surprise). */
gboolean tkr_d20_encounter_skips_turn (TkrD20Encounter *self, TkrD20Combatant *combatant);
/* The Experience Points one award may give (the rule data's "experience"
 * section, which the engine's award checks). */
void tkr_d20_encounter_get_award_range (TkrD20Encounter *self, int *min_award, int *max_award);
gboolean tkr_d20_encounter_set_surprised (TkrD20Encounter *self,
                                          TkrD20Combatant *combatant,
                                          gboolean surprised,
                                          GError **error);

/* Main */
/* Action and bonus action on one's own turn; the reaction on others'. */
gboolean tkr_d20_encounter_spend (TkrD20Encounter *self,
                                  TkrD20Combatant *combatant,
                                  TkrD20Resource resource,
                                  GError **error);
gboolean tkr_d20_encounter_refund (TkrD20Encounter *self,
                                   TkrD20Combatant *combatant,
                                   TkrD20Resource resource,
                                   GError **error);
/* A common action from the rule data by id ("dash", "dodge", "wait"...),
 * paid with the action or, where the data allows, the bonus action. */
gboolean tkr_d20_encounter_take_action (TkrD20Encounter *self,
                                        TkrD20Combatant *combatant,
                                        const char *action_id,
                                        gboolean as_bonus_action,
                                        GError **error);
/* Wait: on another's turn, the waiting creature spends its reaction to act. */
gboolean
tkr_d20_encounter_act_on_wait (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error);
/* Moves @feet with one kind of movement; @difficult doubles the cost. */
gboolean tkr_d20_encounter_move (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 const char *kind,
                                 int feet,
                                 gboolean difficult,
                                 GError **error);
/* Falling: wounds, then the Reflex check (DC the feet fallen) or prone. */
gboolean tkr_d20_encounter_fall (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 int feet,
                                 const TkrD20Roll *typed,
                                 GError **error);

/* Suffocating, in combat: 2 + half the sheet's Vitality rounds (each new
 * round uses one); then Dying until reach_air. */
gboolean
tkr_d20_encounter_hold_breath (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error);
gboolean
tkr_d20_encounter_reach_air (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error);

/* Mana, rests and exhaustion. Mana can be set in any phase (spells spend
 * it mid-fight); the rests refuse a running encounter. */
gboolean tkr_d20_encounter_set_mana (
  TkrD20Encounter *self, TkrD20Combatant *combatant, int mana, int mana_max, GError **error);
gboolean
tkr_d20_encounter_long_rest (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error);
gboolean
tkr_d20_encounter_short_rest (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error);
/* Time passes for every participant: each full 24 h without a long rest
 * and each full 3 days without a short rest owes a Stamina check. */
gboolean tkr_d20_encounter_pass_time (TkrD20Encounter *self, int hours, GError **error);
/* Resolves one owed Stamina check (DC from the rule data, 20): a failure
 * adds a level of Exhaustion. @dc < 0 uses the rest DC; a forced march
 * passes its own DC and needs no check owed. */
gboolean tkr_d20_encounter_stamina_check (TkrD20Encounter *self,
                                          TkrD20Combatant *combatant,
                                          int dc,
                                          const TkrD20Roll *typed,
                                          GError **error);

/* Limits the views offer from the rule data: feet of movement, mana, and
 * the DC of a Stamina check against exhaustion. */
int tkr_d20_encounter_get_max_feet (TkrD20Encounter *self);
int tkr_d20_encounter_get_max_mana (TkrD20Encounter *self);
int tkr_d20_encounter_get_exhaustion_dc (TkrD20Encounter *self);

/* The Setup's lists for views (seed 003, Initiative), changed by
 * "items-changed" only where they changed and empty outside the Setup:
 * the tentative order (TkrOrderPlace, as tkr_d20_encounter_sort_order)
 * and the combatants still tied (TkrD20Combatant, the groups of
 * tkr_d20_encounter_get_ties one after another). */
GListModel *tkr_d20_encounter_get_tentative_order (TkrD20Encounter *self);
GListModel *tkr_d20_encounter_get_tied (TkrD20Encounter *self);

G_END_DECLS
