/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-condition.h"
#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * Timed effects, shared by the rule systems (docs/ARCHITECTURE.md,
 * "Combatant state"). An effect is a TkrCondition of kind Temporary with
 * a timing:
 *
 * - "duration" (TkrEffectDuration): until removed, N rounds, N turns, or
 *   until the end of the encounter; "rounds-left" holds the rounds or
 *   turns left;
 * - "edge" (TkrEffectEdge): the start or the end of a turn;
 * - "anchor": the character id of the combatant whose turns time it (its
 *   holder, its source or another); NULL means its "source".
 *
 * How they count, at the turn edges of the anchor:
 *
 * - N turns: each edge of the anchor at "edge" takes one turn off; at 0
 *   the effect ends there ("until the start of the caster's next turn" is
 *   1 turn at the start, anchored to the caster);
 * - N rounds: each start of the anchor's turn takes one round off (the
 *   Pathfinder 2e duration rule, help/C/pf2e.page: 3 rounds made on turn 1
 *   end at the start of the creator's turn in round 4); at 0 an effect
 *   ending at the start ends there, one ending at the end lasts until the
 *   end of that turn;
 * - until removed and until the end of the encounter never count down.
 *
 * An effect lives in a GListStore: its holder's effects
 * (tkr_effects_get_store(), beside the system's own conditions; the engine
 * counts these down itself at every turn edge, see tkr_effects_slot_edge(),
 * and keeps them in files as "timed_effects") or a list a system owns
 * (Pathfinder 2e's encounter-wide effects, counted down by the system with
 * tkr_effects_turn_edge()).
 *
 * Every change goes through the encounter's history: adding and removing
 * are one step each, undoable; counting down and expiring happen inside
 * the step that changes the turn, so previous turn brings them back. An
 * effect that ends is logged with the kind TKR_LOG_EFFECT_ENDED and the
 * encounter emits "effect-ended" (the effect, and its holder or NULL),
 * inside the step: a handler shows it and records nothing.
 *
 * The systems' own timings of conditions (Pathfinder 2e's Frightened,
 * the Kleptonomicon's Fleeting stacks, the d20 Dodging, the Action-Point
 * Temporary conditions) come from their rule data and run first at each
 * edge: tkr-timings.h.
 */

/* The kind (tkr_log_entry_get_kind) of the log line of an effect that
 * ends on its own. */
#define TKR_LOG_EFFECT_ENDED "effect-ended"

/* The longest duration in rounds that an effect may have. */
#define TKR_EFFECT_MAX_ROUNDS 100000
G_STATIC_ASSERT (TKR_EFFECT_MAX_ROUNDS <= TKR_CONDITION_MAX_ROUNDS);

/* Installs TkrEncounter::effect-ended (TkrCondition *effect,
 * TkrCombatant *holder or NULL); called by the encounter's class_init. */
void tkr_effects_install_signals (gpointer encounter_class);

/* A new effect @name lasting @rounds rounds, counted down at the start of
 * the turns of the character id @source. (transfer full) */
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
 * counts down as above; one with nothing left ends, with a log line and
 * "effect-ended" (no holder). Recorded in the step that is open. Returns how many
 * ended. */
guint tkr_effects_turn_edge (TkrEncounter *encounter,
                             GListStore *effects,
                             TkrEffectEdge edge,
                             TkrCombatant *anchor);

/* Ends every Temporary condition of @conditions, recorded in the step
 * that is open; returns how many ended. The systems end theirs by their
 * rule data instead (tkr-timings.h). */
guint tkr_effects_end_temporary (TkrEncounter *encounter, GListStore *conditions);

/* Files: an effect as files have always stored it, {"name", "rounds_left",
 * "creator"}, the creator being its source. Reading checks the name, the
 * rounds (1 to TKR_EFFECT_MAX_ROUNDS) and that the creator is one of
 * @sources (TkrCombatant, by character id). */
JsonNode *tkr_effect_to_json (TkrCondition *effect);
TkrCondition *
tkr_effect_from_json (JsonNode *node, const char *path, GPtrArray *sources, GError **error);

/* The timed effects on @holder (TkrCondition), made when first asked
 * for. (transfer none) */
GListStore *tkr_effects_get_store (TkrCombatant *holder);

/* Puts effect @name on @holder (its timed effects) as one history step with
 * a log line: lasting @duration, @amount rounds or turns (1 to
 * TKR_EFFECT_MAX_ROUNDS; ignored for the others), expiring at @edge of a
 * turn of @anchor (NULL: the holder), made by @source (nullable). Main or
 * Paused. (transfer none) (nullable): the effect, or NULL with @error. */
TkrCondition *tkr_effects_add_timed (TkrEncounter *encounter,
                                     TkrCombatant *holder,
                                     const char *name,
                                     TkrEffectDuration duration,
                                     int amount,
                                     TkrEffectEdge edge,
                                     TkrCombatant *anchor,
                                     TkrCombatant *source,
                                     GError **error);

/* The turn of @slot (a combatant, or a group with a "members" list of
 * combatants) reaches @edge: the rule data's timings act on its
 * combatants' conditions (tkr-timings.h), then every combatant's effects
 * anchored to it count down and those with nothing left end, logged. Recorded in the
 * step that is open; the engine calls it at each turn's start and end.
 * Returns how many ended. */
guint tkr_effects_slot_edge (TkrEncounter *encounter, TkrEffectEdge edge, GObject *slot);

/* What is left of @effect, in words for a badge or a tooltip ("2 rounds
 * left", "until the end of Kim's next turn", "until removed").
 * (transfer full) */
char *tkr_effects_describe_left (TkrEncounter *encounter, TkrCondition *effect);
TkrMessage *tkr_effects_describe_left_message (TkrEncounter *encounter, TkrCondition *effect);

/* Files: the engine's member "timed_effects", {holder id: [condition,
 * ...]}, left out when no one has an effect; read into @load's
 * combatants, each anchor one of them. */
void tkr_effects_write_json (TkrEncounter *encounter, JsonObject *object);
gboolean tkr_effects_read_json (JsonObject *object,
                                const char *path,
                                TkrEncounterLoad *load,
                                GError **error);

/* Whether @combatant (may be NULL: no) made @effect: its "source" is the
 * combatant's character id. */
gboolean tkr_effect_is_from (TkrCondition *effect, TkrCombatant *combatant);

G_END_DECLS
