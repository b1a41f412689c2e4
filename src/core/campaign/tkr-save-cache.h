/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-history.h"
#include "tkr-json-writer.h"
#include "tkr-tracker.h"

G_BEGIN_DECLS

/*
 * What an autosave keeps between saves (docs/ARCHITECTURE.md, "Files"):
 * each character's, combatant's and log line's text as the last save
 * wrote it, at its depth in the file. A save copies the text of what did
 * not change and writes only what did. The cache follows the campaign's
 * history: every object a step (or its undo or redo) changes drops the
 * text of the character, combatant or log line it belongs to; a change it
 * cannot place drops everything, so it never serves old text.
 */

typedef struct _TkrSaveCache TkrSaveCache;

typedef JsonNode *(*TkrSaveToJson) (gpointer owner);
/* Whether a change to @object changes no kept text: an object written only
 * around them (the tracker, its lists of participants, combatants, order
 * and log, the campaign's lists). */
typedef gboolean (*TkrSaveOutsideFunc) (GObject *object, gpointer data);

TkrSaveCache *
tkr_save_cache_new (TkrHistory *history, TkrSaveOutsideFunc outside, gpointer outside_data);
void tkr_save_cache_free (TkrSaveCache *self);
/* Forgets every kept text (the campaign changed in a way the history did
 * not record). */
void tkr_save_cache_clear (TkrSaveCache *self);

/* A save's text as pieces: what the writer wrote around the kept texts
 * and references to those, joined on any thread into the file's bytes
 * (the main thread copies none of the kept text). */
typedef struct _TkrSavePieces TkrSavePieces;

GBytes *tkr_save_pieces_join (TkrSavePieces *pieces);
gsize tkr_save_pieces_get_size (TkrSavePieces *pieces);
/* How many texts the save had to write anew (not kept). */
guint tkr_save_pieces_get_n_made (TkrSavePieces *pieces);
void tkr_save_pieces_free (TkrSavePieces *pieces);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrSavePieces, tkr_save_pieces_free)

/* A save: begin with a text writer (its text is the cache's until end),
 * write its characters and its tracker, end: the pieces. */
void tkr_save_cache_begin (TkrSaveCache *self, TkrJsonWriter *writer);
void tkr_save_cache_write_character (TkrSaveCache *self, TkrJsonWriter *writer, gpointer character);
void tkr_save_cache_write_tracker (TkrSaveCache *self,
                                   TkrJsonWriter *writer,
                                   const char *name,
                                   TkrTracker *tracker);
TkrSavePieces *tkr_save_cache_end (TkrSaveCache *self);

/* Writing ahead, between events, the text a save will want for a sheet in
 * the campaign's lists (at @level) or an NPC participant's. */
void
tkr_save_cache_prepare (TkrSaveCache *self, gpointer character, gboolean participant, guint level);

/* Finds the texts a save of @tracker (its value at @level) would write:
 * tkr_save_cache_prepare_planned() writes them ahead one at a time, and
 * returns FALSE when none is left. */
void tkr_save_cache_plan_tracker (TkrSaveCache *self, TkrTracker *tracker, guint level);
gboolean tkr_save_cache_prepare_planned (TkrSaveCache *self);

/* For the code that builds a tracker's tree: inside
 * tkr_save_cache_write_tracker() on this thread, a placeholder for
 * @owner's node (what @to_json makes of it); NULL anywhere else, where
 * the caller makes the node itself. */
JsonNode *tkr_save_cache_placeholder (gpointer owner, TkrSaveToJson to_json);
/* The same for an NPC participant's node, {"npc" : its sheet}. */
JsonNode *tkr_save_cache_participant_placeholder (gpointer npc);

/* The tree end, for the journal, which compares the campaign's file form
 * after every step: between begin and end, each character's node (as
 * tkr_character_to_json () makes it) and the tracker's tree, whose
 * combatants', NPC participants' and log lines' nodes are kept between
 * trees while their owners do not change, as their texts are. The nodes
 * are shared by the trees that hold them: never change one in place.
 * (transfer full) */
void tkr_save_cache_begin_tree (TkrSaveCache *self);
JsonNode *tkr_save_cache_character_node (TkrSaveCache *self, gpointer character);
JsonNode *tkr_save_cache_tracker_tree (TkrSaveCache *self, TkrTracker *tracker);
void tkr_save_cache_end_tree (TkrSaveCache *self);

G_END_DECLS
