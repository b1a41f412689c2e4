/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-combatant.h"

G_BEGIN_DECLS

/*
 * TkrD20Movement: one kind of movement of a d20 creature (seed 003,
 * Movement), one per kind the rule data lists ("walk", "fly", "swim",
 * "climb").
 *
 * "kind" (string, construct-only)
 * "speed" (int): feet per turn; 0 when the creature cannot move so. On
 *     joining, from the sheet's fields "walk_speed", "fly_speed"... (or, on
 *     a sheet without them, its Movement Ranges named like the kinds).
 * "moved" (int): feet spent this turn (difficult terrain already doubled).
 */
#define TKR_TYPE_D20_MOVEMENT (tkr_d20_movement_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Movement, tkr_d20_movement, TKR, D20_MOVEMENT, GObject)

const char *tkr_d20_movement_get_kind (TkrD20Movement *self);
int tkr_d20_movement_get_speed (TkrD20Movement *self);
int tkr_d20_movement_get_moved (TkrD20Movement *self);

/*
 * TkrD20Combatant: one creature's state in a d20 encounter (seed 003),
 * kept from the moment it joins, so rests and Exhaustion also live here in
 * Freeplay. Every property is read-write with explicit notify, changed
 * only by TkrD20Encounter's commands through TkrHistory.
 *
 * Resources ("resources" of TkrCombatant): "action", "bonus-action",
 * "reaction" and "movement" (feet: the most left with any one kind this
 * turn, of the greatest speed times one plus the Dashes).
 *
 * "agility" (int): the initiative modifier, from the sheet's "Agility"
 *     save or skill, or set by the GM.
 * "initiative" (int), "initiative-set" (bool)
 * "tiebreaks" (GArray of int, or NULL): contest rolls that settled ties.
 * "surprised" (bool): skips its first turn.
 * "movements" (GListModel of TkrD20Movement): one list for its life
 * "dashes" (int): Dash actions taken this turn.
 * "mana", "mana-max", "exhaustion" (int): mana starts full at the sheet's
 *     "mana_max" field (0 without it).
 * "hours-since-long-rest", "hours-since-short-rest" (int)
 * "stamina-checks-due" (int): checks owed for going without rest.
 * "wounds" (int)
 * "holding-breath" (bool), "breath-rounds-left" (int): in combat.
 *
 * Statuses are TkrConditions in the combatant's own list ("conditions" of
 * TkrCombatant), as the rule data's "conditions" declare them: Dodging
 * (Temporary: until the start of the creature's next turn), Prone and
 * Dying (Persistent). The getters below answer from that list.
 */
#define TKR_TYPE_D20_COMBATANT (tkr_d20_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Combatant, tkr_d20_combatant, TKR, D20_COMBATANT, TkrCombatant)

int tkr_d20_combatant_get_agility (TkrD20Combatant *self);
int tkr_d20_combatant_get_initiative (TkrD20Combatant *self);
gboolean tkr_d20_combatant_has_initiative (TkrD20Combatant *self);
/* The contest rolls made to settle ties, in order. */
guint tkr_d20_combatant_get_n_tiebreaks (TkrD20Combatant *self);
int tkr_d20_combatant_get_tiebreak (TkrD20Combatant *self, guint index);
gboolean tkr_d20_combatant_get_surprised (TkrD20Combatant *self);
int tkr_d20_combatant_get_actions_left (TkrD20Combatant *self);
int tkr_d20_combatant_get_bonus_actions_left (TkrD20Combatant *self);
int tkr_d20_combatant_get_reactions_left (TkrD20Combatant *self);
GListModel *tkr_d20_combatant_get_movements (TkrD20Combatant *self);
/* (transfer none) (nullable) */
TkrD20Movement *tkr_d20_combatant_find_movement (TkrD20Combatant *self, const char *kind);
/* Feet per turn for a kind of movement ("walk", "fly", "swim", "climb"). */
int tkr_d20_combatant_get_speed (TkrD20Combatant *self, const char *kind);
/* Feet spent on a kind this turn, and in total. */
int tkr_d20_combatant_get_moved (TkrD20Combatant *self, const char *kind);
int tkr_d20_combatant_get_total_moved (TkrD20Combatant *self);
/* What the creature may still move with @kind this turn, in feet of cost:
 * each kind moves at most its speed; mixing kinds, the total may not pass
 * the greatest speed among the kinds used; every Dash adds the speed once
 * more to both limits (seed 003, Movement). */
int tkr_d20_combatant_get_movement_left (TkrD20Combatant *self, const char *kind);
int tkr_d20_combatant_get_dashes (TkrD20Combatant *self);
gboolean tkr_d20_combatant_get_dodging (TkrD20Combatant *self);
/* Whether it holds a Wait: the engine's hold (src/core/engine/tkr-delay.h,
 * the "delaying" property), until its reaction acts or its next turn
 * starts. */
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

G_END_DECLS
