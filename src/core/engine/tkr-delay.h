/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * Delay, shared by the rule systems whose rule data allow it ("round.delay";
 * help/C/order.page): on its own turn, a combatant leaves the order (its
 * turn ends as usual, so what happens at the end of a turn happens) and
 * the next turn begins. Later in the round, between turns, it returns: its
 * place moves to just after whoever's turn it is, and its turn comes next;
 * that place is its place from then on. If its usual place comes round
 * again before it returns, the delayed turn is lost and it acts there as
 * before. Each is one step ("previous turn" undoes a Delay like a change
 * of turn); the log says what happened; files keep who is delayed.
 */

/*
 * Holding an action, the same mechanism where the rule data say
 * "round.hold" instead (the d20 Wait; help/C/order.page): on its own turn
 * a combatant spends the resource "round.hold_costs" to hold an action,
 * and its turn goes on. During another's turn it acts on it, spending
 * "round.hold_acts_with"; its place in the order does not change. A hold
 * not acted on before its own next turn is lost then. It is kept in the
 * same list, log, files and "delaying" property as a Delay.
 */

#define TKR_LOG_DELAY "delay"

/* The combatants delaying now (TkrCombatant). (transfer none) */
GListModel *tkr_delay_get_delayed (TkrEncounter *encounter);
gboolean tkr_delay_is_delayed (TkrEncounter *encounter, TkrCombatant *combatant);

/* Whose turn it is Delays: one step that also begins the next turn. */
gboolean tkr_encounter_delay (TkrEncounter *encounter, GError **error);
/* @combatant, delayed, returns after the current turn: one step. */
gboolean
tkr_encounter_return_from_delay (TkrEncounter *encounter, TkrCombatant *combatant, GError **error);

/* On @combatant's own turn: it holds an action (one step). */
gboolean tkr_encounter_hold (TkrEncounter *encounter, TkrCombatant *combatant, GError **error);
/* During another's turn, @combatant acts on its held action (one step). */
gboolean
tkr_encounter_act_on_hold (TkrEncounter *encounter, TkrCombatant *combatant, GError **error);

/* A new turn began: a delayed combatant whose usual place came round
 * again loses the delayed turn and acts there. Recorded in the step that
 * is open; the engine calls it after each change of turn. */
void tkr_delay_turn_begun (TkrEncounter *encounter);

/* Files: "delayed": [character id, ...], left out when no one is. A
 * combatant its system's reader marked "delaying" (an older file's d20
 * "waiting") joins the list. */
void tkr_delay_write_json (TkrEncounter *encounter, JsonObject *object);
gboolean tkr_delay_read_json (TkrEncounter *encounter,
                              JsonObject *object,
                              const char *path,
                              TkrEncounterLoad *load,
                              GError **error);

G_END_DECLS
