/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-condition.h"
#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * Repeat saves, shared by the rule systems (help/C/effects.page). A timed
 * effect (tkr-effects.h) can carry a save that ends it: its DC
 * ("save-dc"), the edge of its holder's turn it comes at ("save-edge")
 * and whether a success takes a stack or 1 of its value off instead of
 * ending it ("save-reduces"); and damage taken at that edge first
 * ("damage", a dice formula: Pathfinder 2e's persistent damage). What is
 * rolled comes from the rule data: its name (a Test, a flat check, a
 * Check Roll) and the Test's die.
 *
 * At that edge of the holder's turn, inside the step that changes the
 * turn, the damage is taken (rolled on the encounter's dice, logged) and
 * a TkrRepeatSave joins the encounter's pending saves, where the tracker
 * prompts for it. The GM resolves it with a roll, a typed result, or
 * "succeeded" / "failed" as told: one step, logged. Undo of the turn
 * takes the damage and the prompt back; files keep pending saves.
 */

#define TKR_TYPE_REPEAT_SAVE (tkr_repeat_save_get_type ())
G_DECLARE_FINAL_TYPE (TkrRepeatSave, tkr_repeat_save, TKR, REPEAT_SAVE, GObject)

TkrCombatant *tkr_repeat_save_get_holder (TkrRepeatSave *self);
TkrCondition *tkr_repeat_save_get_effect (TkrRepeatSave *self);
/* "Flat check DC 15 for Ann to end Persistent fire" (transfer full) */
char *tkr_repeat_save_describe (TkrRepeatSave *self, TkrEncounter *encounter);

typedef enum
{
  TKR_SAVE_ROLL,      /* roll the die on the encounter's dice */
  TKR_SAVE_TYPED,     /* a result the player rolled and the GM typed */
  TKR_SAVE_SUCCEEDED, /* the GM says it succeeded */
  TKR_SAVE_FAILED,    /* the GM says it failed */
} TkrSaveOutcome;

/* The saves waiting for an answer, oldest first (TkrRepeatSave).
 * (transfer none) */
GListModel *tkr_saves_get_pending (TkrEncounter *encounter);

/* Resolves @save (one of the pending ones) as @outcome (@typed is the
 * result for TKR_SAVE_TYPED): one history step with a log line; on a
 * success the effect ends or loses a stack or 1 of its value. */
gboolean tkr_saves_resolve (
  TkrEncounter *encounter, TkrRepeatSave *save, TkrSaveOutcome outcome, int typed, GError **error);

/* Gives @effect (on @holder, one of its timed effects) a save: @dc (1 to
 * TKR_CONDITION_MAX_SAVE_DC), at @edge of the holder's turn, ending it or
 * (@reduces) taking one off; @damage (nullable) a formula taken first.
 * One history step. */
gboolean tkr_saves_set (TkrEncounter *encounter,
                        TkrCondition *effect,
                        int dc,
                        TkrEffectEdge edge,
                        gboolean reduces,
                        const char *damage,
                        GError **error);

/* The turn of @slot reaches @edge: its combatants' effects with a save at
 * that edge take their damage and ask for their save. Recorded in the
 * step that is open; tkr_effects_slot_edge () calls it. */
void tkr_saves_slot_edge (TkrEncounter *encounter, TkrEffectEdge edge, GObject *slot);

/* Files: "pending_saves": [{"holder": id, "effect": index}] when any. */
void tkr_saves_write_json (TkrEncounter *encounter, JsonObject *object);
gboolean tkr_saves_read_json (TkrEncounter *encounter,
                              JsonObject *object,
                              const char *path,
                              TkrEncounterLoad *load,
                              GError **error);

G_END_DECLS
