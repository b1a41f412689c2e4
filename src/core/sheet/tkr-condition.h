/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-rules.h"
#include "tkr-json-writer.h"
#include "tkr-types.h"

G_BEGIN_DECLS

#define TKR_TYPE_CONDITION (tkr_condition_get_type ())
G_DECLARE_FINAL_TYPE (TkrCondition, tkr_condition, TKR, CONDITION, GObject)

/*
 * A status on a character or combatant, the one model every rule system
 * uses (docs/ARCHITECTURE.md, "Combatant state"): a name; Fleeting,
 * Persistent or Temporary; a maximum of stacks and its stacks; a value
 * (a condition's number, such as a check target or a damage); an optional
 * duration in rounds; and the character it came from. Each stack
 * remembers the encounter turn on which it was gained (TKR_TURN_NONE
 * outside an encounter), because the end of a Turn erases one Fleeting
 * stack except stacks gained that Turn.
 *
 * Properties: "name" (string), "kind" (TkrConditionKind), "max-stacks"
 * (int 1..100), "episode-only" (bool: clears only at the end of an Episode),
 * "stack-turns" (GVariant "ai", oldest first; read-write, the undoable
 * state), "stacks" (int, read-only, the length of stack-turns), "value"
 * (int), "rounds-left" (int, TKR_CONDITION_NO_DURATION when it lasts until
 * removed; with a duration of rounds or turns, how many are left),
 * "source" (string: a character id, or NULL), and an effect's timing
 * (src/core/engine/tkr-effects.h): "duration" (TkrEffectDuration, until
 * removed by default), "edge" (TkrEffectEdge, the start of a turn by
 * default) and "anchor" (string: the character id whose turns time it, or
 * NULL for its source); and a save that ends it (help/C/effects.page):
 * "save-dc" (int, 0 for none), "save-edge" (TkrEffectEdge of its
 * holder's turn, the end by default), "save-reduces" (bool: a success
 * takes a stack or 1 of its value off instead of ending it) and "damage"
 * (string: a dice formula taken at that edge before the save, such as
 * persistent damage, or NULL).
 */

#define TKR_TURN_NONE (-1)
#define TKR_CONDITION_NO_DURATION (-1)
#define TKR_CONDITION_MAX_ROUNDS 100000
#define TKR_CONDITION_MAX_VALUE 100000
#define TKR_CONDITION_MAX_SAVE_DC 1000

TkrCondition *tkr_condition_new (const char *name, TkrConditionKind kind, int max_stacks);
TkrCondition *tkr_condition_new_from_info (const TkrConditionInfo *info);
const char *tkr_condition_get_name (TkrCondition *self);
TkrConditionKind tkr_condition_get_kind (TkrCondition *self);
int tkr_condition_get_max_stacks (TkrCondition *self);
int tkr_condition_get_stacks (TkrCondition *self);
gboolean tkr_condition_get_episode_only (TkrCondition *self);
int tkr_condition_get_value (TkrCondition *self);
int tkr_condition_get_rounds_left (TkrCondition *self);
const char *tkr_condition_get_source (TkrCondition *self);
TkrEffectDuration tkr_condition_get_duration (TkrCondition *self);
TkrEffectEdge tkr_condition_get_edge (TkrCondition *self);
const char *tkr_condition_get_anchor (TkrCondition *self);
int tkr_condition_get_save_dc (TkrCondition *self);
TkrEffectEdge tkr_condition_get_save_edge (TkrCondition *self);
gboolean tkr_condition_get_save_reduces (TkrCondition *self);
const char *tkr_condition_get_damage (TkrCondition *self);
/* Returns: (transfer none): the "ai" variant of turns, oldest stack first. */
GVariant *tkr_condition_get_stack_turns (TkrCondition *self);
int tkr_condition_get_stack_turn (TkrCondition *self, guint index);

/* Pure helpers that compute the next "stack-turns" value; the character's
 * commands set it through TkrHistory. */
GVariant *tkr_condition_stack_turns_with_added (TkrCondition *self, int count, int turn);
GVariant *tkr_condition_stack_turns_with_removed (TkrCondition *self, int count);
/* One stack erased at the end of turn @turn: the oldest stack not gained on
 * @turn. Returns NULL when nothing may be erased (Persistent, or every stack
 * is from this turn). */
GVariant *tkr_condition_stack_turns_after_turn_end (TkrCondition *self, int turn);

JsonNode *tkr_condition_to_json (TkrCondition *self);
void tkr_condition_write_json (TkrCondition *self, TkrJsonWriter *writer, const char *name);
TkrCondition *tkr_condition_new_from_json (JsonNode *node, const char *path, GError **error);

G_END_DECLS
