/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_JOURNAL (tkr_journal_get_type ())
G_DECLARE_FINAL_TYPE (TkrJournal, tkr_journal, TKR, JOURNAL, GObject)

/*
 * The journal: every step the campaign's history records, undoes or
 * redoes is also an event appended (and synced) to a file beside the
 * document, ".<name>.journal", so that Undo and Redo survive a crash, a
 * restart and reopening (help/C/files-and-backups.page, "Undo after a restart").
 *
 * The file is JSON Lines. Its first line is the snapshot's header: the
 * SHA-256 of the document as last saved ("base"), the changes from it to
 * the state the journal went on from ("catch-up"), the steps to undo and
 * redo and the starts of the encounter's rounds, each as changes to that
 * state (tkr-json-patch: places addressed by ids, values as JSON). Each
 * further line is one event: {"event": "step"} with the step's label,
 * tag, round and its changes both ways, "undo", "redo", "round" (the
 * state now is the start of a round) or "reset". Every save of the
 * document rewrites the file as a header alone (compaction), and the
 * history keeps at most tkr_journal_get_limit() steps, so the file stays
 * bounded.
 */

#define TKR_JOURNAL_FORMAT 1
#define TKR_JOURNAL_FILE_KIND "turnkeeper-journal"
#define TKR_JOURNAL_DEFAULT_LIMIT 200
/* The history tag of a rewind. */
#define TKR_JOURNAL_TAG_REWIND "rewind"

TkrJournal *tkr_journal_new (TkrCampaign *campaign);
TkrCampaign *tkr_journal_get_campaign (TkrJournal *self);
/* (transfer full): the journal's file for the document @document. */
GFile *tkr_journal_file_for (GFile *document);

/* Reads the journal beside @document (just loaded into the campaign, its
 * history empty) and puts its steps back on the history. A missing journal
 * is started afresh. A journal that cannot be read, or was written for
 * another version of the document, is left untouched and ignored: FALSE
 * with a plain-words error; nothing is appended to it until the next
 * save. @recovered is set when steps made after the last save were
 * brought back (the document is then newer than its file). */
gboolean tkr_journal_open (TkrJournal *self, GFile *document, gboolean *recovered, GError **error);

/* Opening in two parts, so that a large campaign's journal is read off
 * the main thread (issue 13): tkr_journal_read() reads the journal beside
 * @document and replays it against @campaign's file form, on any thread;
 * @campaign (just loaded, not yet in use elsewhere) takes the steps made
 * after the last save when the journal has them. It never fails: a
 * journal that cannot be used is kept in the reading as its notice. Then
 * tkr_journal_new_from_reading() (on the campaign's thread) makes the
 * journal, its steps put back on the history, with the notice as @error.
 * tkr_journal_open() is both at once. */
typedef struct _TkrJournalReading TkrJournalReading;

TkrJournalReading *tkr_journal_read (GFile *document, TkrCampaign *campaign);
void tkr_journal_reading_free (TkrJournalReading *reading);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrJournalReading, tkr_journal_reading_free)
void tkr_journal_read_async (GFile *document,
                             TkrCampaign *campaign,
                             GCancellable *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer user_data);
TkrJournalReading *tkr_journal_read_finish (GAsyncResult *result, GError **error);
/* (transfer full): always a journal; @error is set when the reading's
 * journal could not be used (the journal then starts afresh at the next
 * save, as tkr_journal_open() says). */
TkrJournal *tkr_journal_new_from_reading (TkrCampaign *campaign,
                                          TkrJournalReading *reading,
                                          gboolean *recovered,
                                          GError **error);

/* Events are appended and synced in order by a writer thread of the
 * journal's own, so a step costs the main thread no disk wait. This waits
 * until every event appended so far is written and synced (or its write
 * failed). Saving, closing and tkr_journal_end_save() flush first. */
void tkr_journal_flush (TkrJournal *self);

/* Around a save of the document: the state being written, and (when it
 * was written to @document) the compaction of the journal beside it. */
void tkr_journal_begin_save (TkrJournal *self);
gboolean tkr_journal_end_save (TkrJournal *self, GFile *document, gboolean saved, GError **error);
/* As tkr_journal_end_save(), with the SHA-256 of what the save wrote
 * (tkr_campaign_save_dup_checksum): nothing is read again, and the new
 * header goes to the writer thread, in order with the events, so the
 * main thread waits for no disk. A failed write stops the events after it
 * until the next save, as a failed append does. NULL: as
 * tkr_journal_end_save(). */
gboolean tkr_journal_end_save_with_checksum (
  TkrJournal *self, GFile *document, gboolean saved, const char *checksum, GError **error);

/* The most steps the history keeps (TKR_JOURNAL_DEFAULT_LIMIT at first). */
void tkr_journal_set_limit (TkrJournal *self, guint limit);
guint tkr_journal_get_limit (TkrJournal *self);

/* Rewinding the encounter (help/C/files-and-backups.page, "Rewinding a fight").
 *
 * A round's start is addressed by the Turn it belongs to and its round:
 * the Action-Point system counts its rounds again in every Turn (its
 * encounter's "turn"); the other systems have one count, Turn 0. The
 * functions without a Turn address the rounds of the latest Turn the
 * journal holds (every round, in the other systems). */
typedef struct
{
  int turn;
  int round;
} TkrJournalRound;

gboolean tkr_journal_can_rewind (TkrJournal *self, int round);
/* (transfer full): the rounds whose start can be rewound to, ascending. */
GArray *tkr_journal_list_rounds (TkrJournal *self);
/* Puts the whole campaign back as it was at the start of @round, as one
 * undoable step; FALSE with TKR_ENCOUNTER_ERROR_INVALID when the journal
 * holds no start of that round. */
gboolean tkr_journal_rewind (TkrJournal *self, int round, GError **error);

/* (transfer full): every round start the journal holds, TkrJournalRound
 * elements ascending by Turn, then round. */
GArray *tkr_journal_list_round_starts (TkrJournal *self);
gboolean tkr_journal_can_rewind_to (TkrJournal *self, int turn, int round);
gboolean tkr_journal_rewind_to (TkrJournal *self, int turn, int round, GError **error);

G_END_DECLS
