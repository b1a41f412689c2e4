/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-effects.h"

G_BEGIN_DECLS

/*
 * The systems' own timings of conditions, one model for all four
 * (docs/ARCHITECTURE.md, "Combatant state"; help/C/effects.page). Each is
 * a record of the rule data's "timings" list (src/core/rules/<system>.json,
 * checked by tkr-rules-schema.c):
 *
 * - "kind" and/or "conditions": the conditions it times, by kind
 *   (fleeting, persistent, temporary) or by catalogue id;
 * - "edge": "turn-start" or "turn-end" of the holder's turn, or "reset"
 *   (the Action-Point Reset Phase, which the system runs);
 * - "takes": "stack" (one stack goes; at 0 the condition ends: Pathfinder
 *   2e's Frightened drops by 1, the Kleptonomicon's Fleeting stacks) or
 *   "all" (the condition ends: the d20 Dodging, the Action-Point
 *   Temporary conditions);
 * - "keeps_this_turn": a stack gained on the turn that ends stays (the
 *   Kleptonomicon, whose encounter's "turn-serial" numbers its turns);
 * - "log": "ended" (default: a line for each condition that ends),
 *   "value" (a line for each condition that drops: "is now Frightened 1",
 *   "is no longer Frightened") or "stacks" (one line per holder with the
 *   number of stacks erased, then one for each condition that ends).
 *
 * A condition with "episode-only" is never timed. Everything is recorded
 * in the step that is open, the turn's step, so previous turn and undo
 * bring it back. A condition that ends is logged with the kind
 * TKR_LOG_EFFECT_ENDED and the encounter emits "effect-ended" with its
 * holder, as a timed effect does (tkr-effects.h).
 */

/* The turn of @slot (a combatant, or a group with "members") reaches
 * @edge: the timings of that edge act on the conditions of its
 * combatants. Called by tkr_effects_slot_edge(). Returns how many
 * conditions ended. */
guint tkr_timings_slot_edge (TkrEncounter *encounter, TkrEffectEdge edge, GObject *slot);

/* The Reset reaches @holder: the timings of the edge "reset" act on its
 * conditions. Returns how many conditions ended. */
guint tkr_timings_reset (TkrEncounter *encounter, TkrCombatant *holder);

G_END_DECLS
