/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-character-sheet.h"
#include "tkr-dice-popover.h"
#include "tkr-document.h"
#include "tkr-roster.h"
#include "tkr-sync-session.h"

G_BEGIN_DECLS

#define TKR_TYPE_WINDOW (tkr_window_get_type ())
G_DECLARE_FINAL_TYPE (TkrWindow, tkr_window, TKR, WINDOW, AdwApplicationWindow)

/* One document's window: the roster beside the sheet and encounter pages.
 * Property "document" (TkrDocument). */

TkrWindow *tkr_window_new (GtkApplication *application);
TkrDocument *tkr_window_get_document (TkrWindow *self);
void tkr_window_set_document (TkrWindow *self, TkrDocument *document);
/* Loads @file into this window; a file that fails to load is shown as an
 * error page and left untouched. */
void tkr_window_open (TkrWindow *self, GFile *file);
/* Like tkr_window_open(), but a file that fails to load is skipped
 * silently: the window keeps its empty campaign (reopening the last
 * document at start). */
void tkr_window_restore (TkrWindow *self, GFile *file);
void tkr_window_add_toast (TkrWindow *self, AdwToast *toast);

/* The parts, for the application and tests. */
TkrRoster *tkr_window_get_roster (TkrWindow *self);
TkrCharacterSheet *tkr_window_get_sheet (TkrWindow *self);
TkrDicePopover *tkr_window_get_dice_popover (TkrWindow *self);
/* "document", "error" or "loading" */
const char *tkr_window_get_visible_page (TkrWindow *self);

/* Runs the command of @action ("win.save", "encounter.next-turn",
 * "tracker.edit-health"...) where it lives; FALSE when it cannot run now. */
gboolean tkr_window_run_command (TkrWindow *self, const char *action);

/* The window's linked sheets and table file (help/C/sync.page), kept
 * for the window's life; the window detaches it when it goes.
 * (transfer none) (nullable) */
TkrSyncSession *tkr_window_get_sync_session (TkrWindow *self);
void tkr_window_set_sync_session (TkrWindow *self, TkrSyncSession *session);

G_END_DECLS
