/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"
#include "tkr-history.h"
#include "tkr-sheet-link.h"

G_BEGIN_DECLS

/*
 * A character kept in step with its .tkcharacter file in a shared folder
 * (help/C/sync.page). The GM's campaign links a party member to a player's
 * file; the player's app has the same file open. Each side's saved change
 * reaches the other through the folder:
 *
 * - an outside change (another program wrote the file: the player, or a
 *   sync engine bringing the GM's write) is read once the folder has been
 *   quiet for a moment, and applied to the character as one history step
 *   (Undo brings the previous values back);
 * - a change made here (any history step that changes the character) is
 *   written to the file atomically (tkr-file);
 * - both at once (the file changed since it was last read, by GIO's entity
 *   tag, and the character changed here too) is a conflict: nothing is
 *   written or applied until the person chooses, and both versions stay
 *   (tkr_sheet_sync_get_theirs);
 * - a sync engine's conflict copy of the file ("name.sync-conflict-*",
 *   "name (conflicted copy ...)") that differs from the character is a
 *   conflict of the same kind;
 * - a file that does not parse (a transfer still filling it) is waited
 *   out: the last good version stays, and the file is read again when the
 *   folder settles.
 */

typedef enum
{
  TKR_SHEET_SYNC_IN_STEP,
  /* The file is being written by someone else or is damaged: waiting. */
  TKR_SHEET_SYNC_WAITING,
  /* Both changed: the person chooses (keep mine, take theirs). */
  TKR_SHEET_SYNC_CONFLICT,
} TkrSheetSyncState;

#define TKR_SHEET_SYNC_ERROR (tkr_sheet_sync_error_quark ())
GQuark tkr_sheet_sync_error_quark (void);

typedef enum
{
  TKR_SHEET_SYNC_ERROR_NO_CONFLICT,
  TKR_SHEET_SYNC_ERROR_NOT_A_SHEET,
} TkrSheetSyncError;

#define TKR_TYPE_SHEET_SYNC (tkr_sheet_sync_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetSync, tkr_sheet_sync, TKR, SHEET_SYNC, GObject)

/* Properties: "file", "character", "history" (construct-only), "state"
 * (TkrSheetSyncState as an int), "message" (plain words for a banner, or
 * NULL), "theirs" (the other version in a conflict, else NULL),
 * "conflict-file" (where theirs came from). Signal "applied": an outside
 * change was applied. */
TkrSheetSync *tkr_sheet_sync_new (GFile *file, TkrCharacter *character, TkrHistory *history);

/* Before tkr_sheet_sync_start(): the campaign's link this sheet follows
 * (nullable; the player's app has none). The link's last synced version
 * (tkr_sheet_link_get_synced) tells which side changed, and is kept up to
 * date each time the sheet and its file are in step. */
void tkr_sheet_sync_set_link (TkrSheetSync *self, TkrSheetLink *link);

/* Reads the file now and starts watching its folder. A missing file is
 * written from the character. A file that differs from the character:
 * with the link's last synced version known, the file unchanged since
 * then means the character changed here, and it is written to the file;
 * the character unchanged means the file is applied to it (one history
 * step); both changed is a conflict (nothing written until the person
 * chooses). Without it (no link, or an older campaign file), the file is
 * applied. FALSE with @error when the file is not a character sheet:
 * nothing changed. */
gboolean tkr_sheet_sync_start (TkrSheetSync *self, GError **error);

GFile *tkr_sheet_sync_get_file (TkrSheetSync *self);
TkrCharacter *tkr_sheet_sync_get_character (TkrSheetSync *self);
TkrSheetSyncState tkr_sheet_sync_get_state (TkrSheetSync *self);
const char *tkr_sheet_sync_get_message (TkrSheetSync *self);
TkrCharacter *tkr_sheet_sync_get_theirs (TkrSheetSync *self);
GFile *tkr_sheet_sync_get_conflict_file (TkrSheetSync *self);
/* Whether a write is under way or waiting to start. */
gboolean tkr_sheet_sync_is_busy (TkrSheetSync *self);

/* Ends a conflict keeping this side's character: it is written over the
 * file. Their version is kept beside it first as
 * "<name> (their version).tkcharacter" ("<name> (their version 2)..."
 * when that is taken; a conflict copy the sync engine made stays where
 * it is), so nothing is lost. */
gboolean tkr_sheet_sync_keep_mine (TkrSheetSync *self, GError **error);
/* Ends a conflict taking their version: applied as one history step
 * (Undo brings this side's values back) and written to the file; a sync
 * engine's conflict copy it came from is then removed. */
gboolean tkr_sheet_sync_take_theirs (TkrSheetSync *self, GError **error);

/* Makes @mine hold what @theirs holds (all but the id and kind), as
 * changes recorded in @history (the caller groups them). */
void tkr_sheet_sync_apply (TkrCharacter *mine, TkrCharacter *theirs, TkrHistory *history);

/* For tests: how long the folder must be quiet before a change is read
 * (milliseconds, 150 by default). */
void tkr_sheet_sync_set_settle_time (guint milliseconds);

G_END_DECLS
