/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"
#include "tkr-sheet-sync.h"
#include "tkr-table-file.h"

G_BEGIN_DECLS

/*
 * A window's side of a shared folder (help/C/sync.page):
 *
 * - a campaign's linked sheets, each a TkrSheetSync on its party member,
 *   with a dialog that shows both versions when both changed;
 * - the table file it publishes while an encounter runs;
 * - a character file open in the window follows another program's saves
 *   while nothing here waits to be saved (the player's side of a linked
 *   sheet); with unsaved changes here, the window's banner asks.
 *
 * Its actions are the window's "sync" group: sync.link-sheet (the
 * roster's selected party member), sync.unlink-sheet,
 * sync.publish-table, sync.stop-publishing, sync.follow-table.
 */

#define TKR_TYPE_SYNC_SESSION (tkr_sync_session_get_type ())
G_DECLARE_FINAL_TYPE (TkrSyncSession, tkr_sync_session, TKR, SYNC_SESSION, GObject)

/* Gives @window (a TkrWindow) its session, once. (transfer none) */
TkrSyncSession *tkr_sync_session_attach (GtkWindow *window);
/* (transfer none) (nullable) */
TkrSyncSession *tkr_sync_session_get_for_window (GtkWindow *window);
/* Its window is going (or gave it up): the session lets go of the window,
 * its document and campaign. */
void tkr_sync_session_detach (TkrSyncSession *self);

/* The linked sheets being kept in step: TkrSheetSync. */
GListModel *tkr_sync_session_get_sheets (TkrSyncSession *self);
/* @character's sync, or NULL. (transfer none) */
TkrSheetSync *tkr_sync_session_find_sheet (TkrSyncSession *self, TkrCharacter *character);

/* Links @pc to @file (one undoable step) and starts keeping it in step. */
gboolean
tkr_sync_session_link_sheet (TkrSyncSession *self, TkrCharacter *pc, GFile *file, GError **error);

/* Publishes the campaign's encounter as a table file at @file until
 * stopped or the window closes. */
void tkr_sync_session_publish_table (TkrSyncSession *self, GFile *file);
void tkr_sync_session_stop_publishing (TkrSyncSession *self);
/* (transfer none) (nullable) */
TkrTablePublisher *tkr_sync_session_get_publisher (TkrSyncSession *self);

/* The conflict dialog shown now, or NULL. (transfer none) */
AdwMessageDialog *tkr_sync_session_get_conflict_dialog (TkrSyncSession *self);

G_END_DECLS
