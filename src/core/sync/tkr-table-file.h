/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * The table file (help/C/sync.page): what the player view shows, written
 * by the GM's app into the shared folder while an encounter runs, and
 * followed by a player's app. It holds only what players may know: the
 * phase, the round, whose turn it is and who is next, the order without
 * hidden combatants, each one's conditions and effects with what is left
 * of them, and health as the GM chose for the NPCs (hidden, a word, or
 * numbers; the players' own characters always show numbers), as the
 * player view does (help/C/player-view.page). Every slot's name is the
 * one the player view reads (tkr_players_slot_name: a group called by
 * its members' names counted by kind, "Goblin ×2, Orc", its hidden
 * members left out); a file written before that lists the names, and
 * reads as it says.
 *
 * {"kind": "turnkeeper-table", "format": 1, "table": {"phase": "main",
 *  "round": 2, "turn": "Kim", "next": "Goblin", "order": [{"name": "Kim",
 *  "current": true, "pc": true, "health": {"current": 9, "maximum": 12,
 *  "temporary": 0}, "conditions": ["Frightened 1", "Bless (2 rounds
 *  left)"]}, {"name": "Goblin", "health_word": "wounded", ...}],
 *  "zones": ["Fire ×2 (the brazier)"]}}   (zones: the Kleptonomicon's)
 */

#define TKR_TABLE_FILE_KIND "turnkeeper-table"
#define TKR_TABLE_FORMAT 1
#define TKR_TABLE_FILE_EXTENSION ".tktable"

/* @npc_health: "hidden", "word" or "numbers". (transfer full) */
JsonNode *tkr_table_file_build (TkrEncounter *encounter, const char *npc_health);
GBytes *tkr_table_file_to_bytes (TkrEncounter *encounter, const char *npc_health);

/* One row of a followed table. Properties (read-only): "name",
 * "current", "pc", "health-text" (as the player view words it, or ""),
 * "health-fraction" (0 to 1, or -1 without numbers), "conditions-text". */
#define TKR_TYPE_TABLE_ENTRY (tkr_table_entry_get_type ())
G_DECLARE_FINAL_TYPE (TkrTableEntry, tkr_table_entry, TKR, TABLE_ENTRY, GObject)

const char *tkr_table_entry_get_name (TkrTableEntry *self);
gboolean tkr_table_entry_get_current (TkrTableEntry *self);
gboolean tkr_table_entry_get_pc (TkrTableEntry *self);
const char *tkr_table_entry_get_health_text (TkrTableEntry *self);
double tkr_table_entry_get_health_fraction (TkrTableEntry *self);
const char *tkr_table_entry_get_conditions_text (TkrTableEntry *self);

/* Publishes an encounter's table file: written (atomically, tkr-file)
 * after every history step that changes what it holds, never twice the
 * same. Properties: "npc-health" (read-write). */
#define TKR_TYPE_TABLE_PUBLISHER (tkr_table_publisher_get_type ())
G_DECLARE_FINAL_TYPE (TkrTablePublisher, tkr_table_publisher, TKR, TABLE_PUBLISHER, GObject)

TkrTablePublisher *tkr_table_publisher_new (TkrEncounter *encounter, GFile *file);
GFile *tkr_table_publisher_get_file (TkrTablePublisher *self);
void tkr_table_publisher_set_npc_health (TkrTablePublisher *self, const char *npc_health);
/* Writes now if the content changed (the first call always writes). */
void tkr_table_publisher_publish (TkrTablePublisher *self);
gboolean tkr_table_publisher_is_busy (TkrTablePublisher *self);

/* Follows a table file: reads it when it changes (once its folder has
 * been quiet for a moment) and keeps the last good version while a new
 * one arrives in pieces. Properties (read-only, notify when they change):
 * "phase" (the phase's nick, "" before the first read), "round", "turn",
 * "next" (names or ""), "zones" (the Kleptonomicon's), "entries" (a GListModel of TkrTableEntry),
 * "waiting" (the file is missing, incomplete or not a table file),
 * "message" (why, in plain words), "serial" (counts the versions read). */
#define TKR_TYPE_TABLE_FOLLOWER (tkr_table_follower_get_type ())
G_DECLARE_FINAL_TYPE (TkrTableFollower, tkr_table_follower, TKR, TABLE_FOLLOWER, GObject)

TkrTableFollower *tkr_table_follower_new (GFile *file);
/* Reads the file now and watches it. */
void tkr_table_follower_start (TkrTableFollower *self);
GFile *tkr_table_follower_get_file (TkrTableFollower *self);
const char *tkr_table_follower_get_phase (TkrTableFollower *self);
int tkr_table_follower_get_round (TkrTableFollower *self);
const char *tkr_table_follower_get_turn (TkrTableFollower *self);
const char *tkr_table_follower_get_next (TkrTableFollower *self);
/* The Kleptonomicon's zones in play, " · " between them, or "". */
const char *tkr_table_follower_get_zones (TkrTableFollower *self);
GListModel *tkr_table_follower_get_entries (TkrTableFollower *self);
gboolean tkr_table_follower_get_waiting (TkrTableFollower *self);
const char *tkr_table_follower_get_message (TkrTableFollower *self);
guint tkr_table_follower_get_serial (TkrTableFollower *self);

/* Whether @file's name says it is a table file. */
gboolean tkr_table_file_is_candidate (GFile *file);

/* For tests: how long the folder must be quiet before a change is read
 * (milliseconds, 150 by default). */
void tkr_table_follower_set_settle_time (guint milliseconds);

G_END_DECLS
