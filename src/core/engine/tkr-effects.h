/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-condition.h"
#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * Timed effects, shared by the rule systems (docs/ARCHITECTURE.md,
 * "Combatant state"). An effect is a TkrCondition of kind Temporary with
 * "rounds-left" (its duration) and "source" (the character id of the
 * combatant it is anchored to: whose turns count it down). It lives in a
 * GListStore the system owns (an encounter's list of effects, or a
 * combatant's conditions).
 *
 * Every change goes through the encounter's history: adding and removing
 * are one step each, undoable; counting down and expiring happen inside
 * the step that changes the turn, so previous turn brings them back.
 *
 * Untimed Temporary conditions (the d20 Dodging, the Action-Point
 * Temporary conditions) last until a turn edge of their holder:
 * tkr_effects_end_temporary() ends them there.
 */

/* Where in a turn an effect counts down. Today every timed effect counts
 * down at the start of its source's turn (Pathfinder 2e, help/C/pf2e.page);
 * the end of a turn is the other edge a turn has. */
typedef enum
{
  TKR_EFFECT_EDGE_TURN_START,
  TKR_EFFECT_EDGE_TURN_END,
} TkrEffectEdge;

/* The longest duration in rounds that an effect may have. */
#define TKR_EFFECT_MAX_ROUNDS 100000
G_STATIC_ASSERT (TKR_EFFECT_MAX_ROUNDS <= TKR_CONDITION_MAX_ROUNDS);

/* A new effect @name lasting @rounds, anchored to the character id
 * @source. (transfer full) */
TkrCondition *tkr_effect_new (const char *name, const char *source, int rounds);

/* Main or Paused: effects that last rounds are tracked while the rounds
 * run. */
gboolean tkr_effects_require_running (TkrEncounter *encounter, GError **error);

/* Adds effect @name to @effects, lasting @rounds (1 to
 * TKR_EFFECT_MAX_ROUNDS) and anchored to @source, as one history step with
 * a log line. The caller checks that @source may make it. (transfer none)
 * (nullable): the effect, or NULL with @error. */
TkrCondition *tkr_effects_add (TkrEncounter *encounter,
                               GListStore *effects,
                               TkrCombatant *source,
                               const char *name,
                               int rounds,
                               GError **error);

/* Ends @effect before its time, as one history step with a log line. */
gboolean tkr_effects_remove (TkrEncounter *encounter,
                             GListStore *effects,
                             TkrCondition *effect,
                             GError **error);

/* A turn of @anchor reaches @edge: each effect of @effects anchored to it
 * and counting down at @edge loses a round; one with no round left ends,
 * with a log line. Recorded in the step that is open. Returns how many
 * ended. */
guint tkr_effects_turn_edge (TkrEncounter *encounter,
                             GListStore *effects,
                             TkrEffectEdge edge,
                             TkrCombatant *anchor);

/* Ends every Temporary condition of @conditions, recorded in the step
 * that is open; returns how many ended. */
guint tkr_effects_end_temporary (TkrEncounter *encounter, GListStore *conditions);

/* Files: an effect as files have always stored it, {"name", "rounds_left",
 * "creator"}, the creator being its source. Reading checks the name, the
 * rounds (1 to TKR_EFFECT_MAX_ROUNDS) and that the creator is one of
 * @sources (TkrCombatant, by character id). */
JsonNode *tkr_effect_to_json (TkrCondition *effect);
TkrCondition *
tkr_effect_from_json (JsonNode *node, const char *path, GPtrArray *sources, GError **error);

G_END_DECLS
