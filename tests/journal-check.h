/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Opening a document with a journal that may be damaged, and what must
 * hold then (src/core/campaign/tkr-journal.h; help/C/files-and-backups.page,
 * "Undo after a restart"): the document always opens; a journal that
 * cannot be used gives a plain-words message, leaves the campaign as saved
 * and the journal's file as it was; one that can be used gives a campaign
 * that saves and loads again to the same bytes, and whose steps all undo
 * and redo back to where they started. Shared by the fuzz harness
 * tests/fuzz/fuzz-journal.c, its seeds (tests/fuzz/fuzz-seeds.c) and
 * test-journal's regression files (tests/files/journal/).
 *
 * An input is a digit that picks the rule system (journal_check_systems,
 * modulo their number), then the journal's bytes. The document is
 * tests/files/journal/<system>.tkcampaign, as it is in the tree.
 */

#pragma once

#include <stdio.h>
#include <string.h>

#include "tkr-core.h"

static const char *const journal_check_systems[] = { "kleptonomicon", "pf2e", "d20",
                                                     "action-points" };

/* The most steps undone and redone by a check. */
#ifndef JOURNAL_CHECK_MAX_STEPS
#define JOURNAL_CHECK_MAX_STEPS 8
#endif

typedef struct
{
  char *dir;
  GFile *document;
  GBytes *file;  /* its bytes as kept in the tree: journals are anchored at
                  * them, whatever version saved them */
  GBytes *saved; /* the document's bytes as this build saves them */
} JournalCheckDocument;

/* The document of @system written into @dir as "fight.tkcampaign";
 * FALSE with a message when the shared file does not load. */
static inline gboolean
journal_check_document_init (
  JournalCheckDocument *doc, const char *files, const char *system, const char *dir, char **problem)
{
  g_autofree char *name = g_strdup_printf ("%s.tkcampaign", system);
  g_autofree char *source = g_build_filename (files, name, NULL);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;

  if (!g_file_get_contents (source, &contents, &length, &error))
    {
      *problem = g_strdup (error->message);
      return FALSE;
    }
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  doc->file = g_bytes_ref (bytes);
  campaign = tkr_campaign_new_from_bytes (bytes, &error);
  if (campaign == NULL)
    {
      *problem = g_strdup (error->message);
      return FALSE;
    }
  g_mkdir_with_parents (dir, 0700);
  doc->dir = g_strdup (dir);
  path = g_build_filename (dir, "fight.tkcampaign", NULL);
  doc->document = g_file_new_for_path (path);
  doc->saved = tkr_campaign_to_bytes (campaign);
  if (!g_file_set_contents (path, g_bytes_get_data (doc->file, NULL), g_bytes_get_size (doc->file),
                            &error))
    {
      *problem = g_strdup (error->message);
      return FALSE;
    }
  return TRUE;
}

static inline void
journal_check_document_clear (JournalCheckDocument *doc)
{
  g_clear_pointer (&doc->dir, g_free);
  g_clear_object (&doc->document);
  g_clear_pointer (&doc->file, g_bytes_unref);
  g_clear_pointer (&doc->saved, g_bytes_unref);
}

static inline gboolean
journal_check_same_bytes (GBytes *bytes, TkrCampaign *campaign)
{
  g_autoptr (GBytes) now = tkr_campaign_to_bytes (campaign);

  return g_bytes_equal (bytes, now);
}

/* NULL when every rule above holds for @journal as the journal beside
 * @doc; otherwise what did not hold. */
static inline char *
journal_check_run (JournalCheckDocument *doc, const guint8 *journal, gsize length)
{
  g_autoptr (GFile) journal_file = tkr_journal_file_for (doc->document);
  g_autofree char *journal_path = g_file_get_path (journal_file);
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrJournalReading) reading = NULL;
  g_autoptr (TkrJournal) opened = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *after = NULL;
  gsize after_length = 0;
  gboolean recovered = FALSE;
  TkrHistory *history;
  FILE *stream;
  guint n_undo, n_redo;

  stream = fopen (journal_path, "wb");
  if (stream == NULL)
    return g_strdup ("the journal could not be written");
  if (length > 0 && fwrite (journal, 1, length, stream) != length)
    {
      fclose (stream);
      return g_strdup ("the journal could not be written");
    }
  fclose (stream);

  campaign = tkr_campaign_new_from_bytes (doc->file, &error);
  if (campaign == NULL)
    return g_strdup_printf ("the document does not load: %s", error->message);
  history = tkr_campaign_get_history (campaign);
  reading = tkr_journal_read (doc->document, campaign);
  opened = tkr_journal_new_from_reading (campaign, reading, &recovered, &error);
  /* Nothing more is appended while the checks below move the history. */
  g_clear_object (&opened);

  if (error != NULL)
    {
      if (error->message == NULL || error->message[0] == '\0' ||
          !g_utf8_validate (error->message, -1, NULL))
        return g_strdup ("a journal was refused without a readable message");
      if (recovered || tkr_history_get_n_undo (history) > 0 || tkr_history_get_n_redo (history) > 0)
        return g_strdup ("a refused journal changed the history");
      if (!journal_check_same_bytes (doc->saved, campaign))
        return g_strdup ("a refused journal changed the campaign");
      if (!g_file_get_contents (journal_path, &after, &after_length, NULL) ||
          after_length != length || (length > 0 && memcmp (after, journal, length) != 0))
        return g_strdup ("a refused journal was not left as it was");
      return NULL;
    }

  /* What was opened saves, and loads again to the same bytes. */
  {
    g_autoptr (GBytes) first = tkr_campaign_to_bytes (campaign);
    g_autoptr (TkrCampaign) again = tkr_campaign_new_from_bytes (first, &error);

    if (again == NULL)
      return g_strdup_printf ("a campaign opened with its journal does not load again: %s",
                              error->message);
    if (!journal_check_same_bytes (first, again))
      return g_strdup ("a campaign opened with its journal saves other bytes the second time");
  }

  /* Every step undoes, and redoes back to the same place (a fuzzed
   * journal's first steps: each is a campaign built the first time). */
  {
    g_autoptr (GBytes) before = tkr_campaign_to_bytes (campaign);

    n_undo = MIN (tkr_history_get_n_undo (history), JOURNAL_CHECK_MAX_STEPS);
    n_redo = MIN (tkr_history_get_n_redo (history), JOURNAL_CHECK_MAX_STEPS);
    for (guint i = 0; i < n_undo; i++)
      if (!tkr_history_undo (history))
        return g_strdup ("a step read back does not undo");
    for (guint i = 0; i < n_undo + n_redo; i++)
      if (!tkr_history_redo (history))
        return g_strdup ("a step read back does not redo");
    for (guint i = 0; i < n_redo; i++)
      if (!tkr_history_undo (history))
        return g_strdup ("a step read back does not undo");
    if (!journal_check_same_bytes (before, campaign))
      return g_strdup ("undoing and redoing the steps read back does not come back");
  }
  return NULL;
}
