/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"
#include "tkr-klep-combatant.h"
#include "tkr-d20-travel.h"
#include "tkr-log-entry.h"
#include "tkr-tracker.h"

G_BEGIN_DECLS

/*
 * TkrD20Combatant: one participant's state in a d20 encounter (seed 003),
 * kept from the moment it joins, so rests and exhaustion also live here in
 * Freeplay. Every property is read-write with explicit notify, changed only
 * by TkrD20Encounter's commands through TkrHistory:
 *
 * "character" (TkrCharacter, construct-only)
 * "agility" (int): the initiative modifier, from the sheet's "Agility"
 *     save or skill, or set by the GM.
 * "initiative" (int), "initiative-set" (bool)
 * "tiebreaks" (GVariant "ai" or NULL): contest rolls that settled ties.
 * "surprised" (bool): skips its first turn.
 * "actions-left", "bonus-actions-left", "reactions-left" (int)
 * "speeds" (GVariant "a{si}"): feet per turn for walk, fly, swim, climb;
 *     on joining, from the sheet's fields "walk_speed", "fly_speed",
 *     "swim_speed" and "climb_speed" (or, on a sheet without them, its
 *     Movement Ranges named like the kinds).
 * "moved" (GVariant "a{si}" or NULL): feet of movement spent per kind this
 *     turn (difficult terrain already doubled).
 * "dashes" (int): Dash actions taken this turn.
 * "dodging", "waiting" (bool)
 * "mana", "mana-max", "exhaustion" (int): mana starts full at the sheet's
 *     "mana_max" field (0 without it).
 * "hours-since-long-rest", "hours-since-short-rest" (int)
 * "stamina-checks-due" (int): checks owed for going without rest.
 * "wounds" (int), "prone" (bool), "dying" (bool)
 * "holding-breath" (bool), "breath-rounds-left" (int): in combat.
 */
#define TKR_TYPE_D20_COMBATANT (tkr_d20_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Combatant, tkr_d20_combatant, TKR, D20_COMBATANT, GObject)

TkrCharacter *tkr_d20_combatant_get_character (TkrD20Combatant *self);
const char *tkr_d20_combatant_get_name (TkrD20Combatant *self);
int tkr_d20_combatant_get_agility (TkrD20Combatant *self);
int tkr_d20_combatant_get_initiative (TkrD20Combatant *self);
gboolean tkr_d20_combatant_has_initiative (TkrD20Combatant *self);
gboolean tkr_d20_combatant_get_surprised (TkrD20Combatant *self);
int tkr_d20_combatant_get_actions_left (TkrD20Combatant *self);
int tkr_d20_combatant_get_bonus_actions_left (TkrD20Combatant *self);
int tkr_d20_combatant_get_reactions_left (TkrD20Combatant *self);
/* Feet per turn for a kind of movement ("walk", "fly", "swim", "climb"). */
int tkr_d20_combatant_get_speed (TkrD20Combatant *self, const char *kind);
/* Feet spent on a kind this turn, and in total. */
int tkr_d20_combatant_get_moved (TkrD20Combatant *self, const char *kind);
int tkr_d20_combatant_get_total_moved (TkrD20Combatant *self);
int tkr_d20_combatant_get_dashes (TkrD20Combatant *self);
gboolean tkr_d20_combatant_get_dodging (TkrD20Combatant *self);
gboolean tkr_d20_combatant_get_waiting (TkrD20Combatant *self);
int tkr_d20_combatant_get_mana (TkrD20Combatant *self);
int tkr_d20_combatant_get_mana_max (TkrD20Combatant *self);
int tkr_d20_combatant_get_exhaustion (TkrD20Combatant *self);
int tkr_d20_combatant_get_hours_since_long_rest (TkrD20Combatant *self);
int tkr_d20_combatant_get_hours_since_short_rest (TkrD20Combatant *self);
int tkr_d20_combatant_get_stamina_checks_due (TkrD20Combatant *self);
int tkr_d20_combatant_get_wounds (TkrD20Combatant *self);
gboolean tkr_d20_combatant_get_prone (TkrD20Combatant *self);
gboolean tkr_d20_combatant_get_dying (TkrD20Combatant *self);
gboolean tkr_d20_combatant_get_holding_breath (TkrD20Combatant *self);
int tkr_d20_combatant_get_breath_rounds_left (TkrD20Combatant *self);

/*
 * TkrD20Encounter: the d20 system's encounter behind TkrTracker.
 *
 *   Freeplay -> Setup (initiative) -> Main <-> Paused, Main|Paused -> End
 *   -> Freeplay; Setup -> Freeplay abandons.
 *
 * Properties: "rules" (construct-only), "history" (construct-only, not
 * kept alive), "phase" (TkrPhase), "round" (int), "current-index" (int, -1
 * when no turn). Lists: combatants [TkrD20Combatant, one per participant,
 * in joining order], order [TkrD20Combatant, the turn order in Main], log
 * [TkrLogEntry].
 *
 * Every roll can be typed in instead: functions take a const TkrD20Roll *
 * (tkr_d20_roll_typed ()) or NULL to roll with the encounter's GRand.
 */
#define TKR_TYPE_D20_ENCOUNTER (tkr_d20_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Encounter, tkr_d20_encounter, TKR, D20_ENCOUNTER, GObject)

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
TkrRules *tkr_d20_encounter_get_rules (TkrD20Encounter *self);
TkrHistory *tkr_d20_encounter_get_history (TkrD20Encounter *self);
TkrPhase tkr_d20_encounter_get_phase (TkrD20Encounter *self);
int tkr_d20_encounter_get_round (TkrD20Encounter *self);
int tkr_d20_encounter_get_current_index (TkrD20Encounter *self);
GListModel *tkr_d20_encounter_get_combatants (TkrD20Encounter *self);
GListModel *tkr_d20_encounter_get_order (TkrD20Encounter *self);
GListModel *tkr_d20_encounter_get_log (TkrD20Encounter *self);
TkrD20Combatant *tkr_d20_encounter_get_current (TkrD20Encounter *self);
TkrD20Combatant *tkr_d20_encounter_find (TkrD20Encounter *self, TkrCharacter *character);
void tkr_d20_encounter_log (TkrD20Encounter *self, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* The common actions of the rule data: ids ("dash") and their names. */
GStrv tkr_d20_encounter_list_common_actions (TkrD20Encounter *self);
/* Numbers of the rule data's "d20" section the views show: the kinds of
 * movement ("walk", "fly"...), the most feet of one speed or move, the
 * most mana, and the DC of the Stamina check for missed rest. */
const char *const *tkr_d20_encounter_get_movement_kinds (TkrD20Encounter *self);
int tkr_d20_encounter_get_max_feet (TkrD20Encounter *self);
int tkr_d20_encounter_get_max_mana (TkrD20Encounter *self);
int tkr_d20_encounter_get_exhaustion_dc (TkrD20Encounter *self);

/* Participants: join and leave in Freeplay or Setup. */
TkrD20Combatant *
tkr_d20_encounter_add_participant (TkrD20Encounter *self, TkrCharacter *character, GError **error);
gboolean tkr_d20_encounter_remove_participant (TkrD20Encounter *self,
                                               TkrD20Combatant *combatant,
                                               GError **error);
/* GM overrides where the sheet has no value. */
gboolean tkr_d20_encounter_set_agility (TkrD20Encounter *self,
                                        TkrD20Combatant *combatant,
                                        int agility,
                                        GError **error);
gboolean tkr_d20_encounter_set_speed (
  TkrD20Encounter *self, TkrD20Combatant *combatant, const char *kind, int feet, GError **error);

/* Phases */
gboolean tkr_d20_encounter_can_transition (TkrD20Encounter *self, TkrPhase to);
gboolean tkr_d20_encounter_transition (TkrD20Encounter *self, TkrPhase to, GError **error);
gboolean tkr_d20_encounter_begin_setup (TkrD20Encounter *self, GError **error);
gboolean tkr_d20_encounter_abandon_setup (TkrD20Encounter *self, GError **error);
/* Needs everyone's initiative and every tie settled. */
gboolean tkr_d20_encounter_begin_main (TkrD20Encounter *self, GError **error);
gboolean tkr_d20_encounter_pause (TkrD20Encounter *self, GError **error);
gboolean tkr_d20_encounter_resume (TkrD20Encounter *self, GError **error);
gboolean tkr_d20_encounter_end (TkrD20Encounter *self, GError **error);
gboolean tkr_d20_encounter_finish (TkrD20Encounter *self, GError **error);

/* Setup: initiative (d20 + Agility), ties, surprise. */
gboolean tkr_d20_encounter_roll_initiative (TkrD20Encounter *self,
                                            TkrD20Combatant *combatant,
                                            const TkrD20Roll *typed,
                                            GError **error);
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
gboolean tkr_d20_encounter_set_surprised (TkrD20Encounter *self,
                                          TkrD20Combatant *combatant,
                                          gboolean surprised,
                                          GError **error);

/* Main */
gboolean tkr_d20_encounter_next_turn (TkrD20Encounter *self, GError **error);
gboolean tkr_d20_encounter_previous_turn (TkrD20Encounter *self, GError **error);
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
/* What a combatant may still move with @kind this turn, in feet of cost. */
int tkr_d20_encounter_movement_left (TkrD20Encounter *self,
                                     TkrD20Combatant *combatant,
                                     const char *kind);
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

/* End: XP for a PC, with the reason logged. */
gboolean tkr_d20_encounter_award_experience (
  TkrD20Encounter *self, TkrCharacter *character, int xp, const char *reason, GError **error);

JsonNode *tkr_d20_encounter_to_json (TkrD20Encounter *self);
/* Into a fresh encounter; NPCs stored whole, PCs by id through @resolve. */
gboolean tkr_d20_encounter_load_json (TkrD20Encounter *self,
                                      JsonNode *node,
                                      const char *path,
                                      TkrCharacterResolver resolve,
                                      gpointer user_data,
                                      GError **error);

G_END_DECLS
