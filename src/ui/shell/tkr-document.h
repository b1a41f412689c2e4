/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "tkr-campaign.h"
#include "tkr-journal.h"

G_BEGIN_DECLS

/* What a document's file holds: a GM's campaign, or one player's character
 * ("sheet mode": the campaign then holds that one PC). */
typedef enum
{
  TKR_DOCUMENT_KIND_CAMPAIGN,
  TKR_DOCUMENT_KIND_CHARACTER,
} TkrDocumentKind;

#define TKR_TYPE_DOCUMENT_KIND (tkr_document_kind_get_type ())
GType tkr_document_kind_get_type (void);

#define TKR_DOCUMENT_ERROR (tkr_document_error_quark ())
typedef enum
{
  TKR_DOCUMENT_ERROR_NO_FILE,
  TKR_DOCUMENT_ERROR_CHANGED_ON_DISK,
} TkrDocumentError;
GQuark tkr_document_error_quark (void);

#define TKR_TYPE_DOCUMENT (tkr_document_get_type ())
G_DECLARE_FINAL_TYPE (TkrDocument, tkr_document, TKR, DOCUMENT, GObject)

/*
 * What one window edits: a TkrCampaign, the file it came from (none when
 * untitled), whether it has changes not on disk, and its autosave.
 *
 * Every TkrHistory::changed of the campaign schedules a save
 * "autosave-delay-ms" later (coalesced): a titled document saves to its own
 * file, an untitled one to a file of its own under
 * $XDG_DATA_HOME/turnkeeper/autosave/. The GSettings key "last-document"
 * follows the last document loaded or saved, so the next start reopens it.
 *
 * Properties: "campaign" (construct-only), "kind" (construct-only),
 * "character" (the PC of a character file, else NULL), "file",
 * "autosave-file", "title", "dirty", "autosave-delay-ms", "conflict"
 * (another program changed the file since this document read or wrote
 * it: nothing is written over it until tkr_document_keep_mine(), a Save
 * As, or a reload in a new document).
 * Signal: "save-failed" (GError *) when an autosave could not be written.
 */

TkrDocument *tkr_document_new (TkrRules *rules);
TkrDocument *tkr_document_new_for_campaign (TkrCampaign *campaign, GFile *file);
TkrDocument *tkr_document_new_for_character (TkrRules *rules, const char *name);

void tkr_document_load_async (GFile *file,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data);
void tkr_document_load_with_progress_async (GFile *file,
                                            TkrFileProgressFunc progress_func,
                                            gpointer progress_data,
                                            GDestroyNotify progress_destroy,
                                            GCancellable *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer user_data);
TkrDocument *tkr_document_load_finish (GAsyncResult *result, GError **error);

TkrCampaign *tkr_document_get_campaign (TkrDocument *self);
TkrDocumentKind tkr_document_get_kind (TkrDocument *self);
TkrCharacter *tkr_document_get_character (TkrDocument *self);
GFile *tkr_document_get_file (TkrDocument *self);
GFile *tkr_document_get_autosave_file (TkrDocument *self);
const char *tkr_document_get_title (TkrDocument *self);
gboolean tkr_document_get_dirty (TkrDocument *self);
gboolean tkr_document_is_untitled (TkrDocument *self);
/* Untitled and never changed: a window may replace it with an opened file. */
gboolean tkr_document_is_pristine (TkrDocument *self);
guint tkr_document_get_autosave_delay_ms (TkrDocument *self);
void tkr_document_set_autosave_delay_ms (TkrDocument *self, guint delay_ms);

/* Saves to @file (which becomes the document's file) or, when @file is
 * NULL, to its own file or its autosave file. Saves are queued, never
 * run side by side. */
void tkr_document_save_async (TkrDocument *self,
                              GFile *file,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data);
gboolean tkr_document_save_finish (TkrDocument *self, GAsyncResult *result, GError **error);
/* On close: waits for a save in flight, then writes what is not on disk. */
gboolean tkr_document_save_sync (TkrDocument *self, GError **error);
gboolean tkr_document_get_conflict (TkrDocument *self);
void tkr_document_keep_mine (TkrDocument *self);
void tkr_document_discard_changes (TkrDocument *self);

/* The folder untitled documents autosave into. */
GFile *tkr_document_get_autosave_dir (void);

/* The journal (undo after a restart, rewinding a fight): NULL for a
 * character file; the message, once, when the one found at opening could
 * not be used. */
TkrJournal *tkr_document_get_journal (TkrDocument *self);
char *tkr_document_take_journal_notice (TkrDocument *self);

G_END_DECLS
