/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The libFuzzer harness of the journal's reader (tkr_journal_read and
 * tkr_journal_new_from_reading; src/core/campaign/tkr-journal.h): a
 * document of each rule system (tests/files/journal/) opened with the
 * input as its journal. Its first byte picks the system, the rest is the
 * journal (tests/journal-check.h says the rules checked). A finding is a
 * crash, a sanitizer report, a leak, any g_critical or g_warning, or a
 * rule that does not hold. README, "Fuzzing", tells how to run it; its
 * seeds are journals written by the core (tests/fuzz/fuzz-seeds.c).
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdint.h>
#include <stdlib.h>

/* Two steps each way: every step undone builds a campaign, and a fuzzed
 * journal's first steps are where its damage shows; test-journal's
 * regression files undo more. */
#define JOURNAL_CHECK_MAX_STEPS 2
#include "../journal-check.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static JournalCheckDocument documents[G_N_ELEMENTS (journal_check_systems)];
static char *top;

/* The documents and journals go when the run ends. */
static void
remove_documents (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (journal_check_systems); i++)
    if (documents[i].document != NULL)
      {
        g_autoptr (GFile) journal = tkr_journal_file_for (documents[i].document);

        g_file_delete (journal, NULL, NULL);
        g_file_delete (documents[i].document, NULL, NULL);
        g_rmdir (documents[i].dir);
        journal_check_document_clear (&documents[i]);
      }
  if (top != NULL)
    g_rmdir (top);
  g_clear_pointer (&top, g_free);
}

static GLogWriterOutput
fatal_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      for (gsize i = 0; i < n_fields; i++)
        if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
          fprintf (stderr, "fuzz: log message that is a finding: %s\n",
                   (const char *) fields[i].value);
      fflush (stderr);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_setenv ("G_SLICE", "always-malloc", TRUE);
  g_log_set_writer_func (fatal_writer, NULL, NULL);
  top = g_dir_make_tmp ("tkr-fuzz-journal-XXXXXX", NULL);
  if (top == NULL)
    abort ();
  atexit (remove_documents);
  for (guint i = 0; i < G_N_ELEMENTS (journal_check_systems); i++)
    {
      g_autofree char *dir = g_build_filename (top, journal_check_systems[i], NULL);
      g_autofree char *problem = NULL;

      if (!journal_check_document_init (&documents[i], TKR_JOURNAL_FILES, journal_check_systems[i],
                                        dir, &problem))
        {
          fprintf (stderr, "fuzz: %s: %s\n", journal_check_systems[i], problem);
          abort ();
        }
    }
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *problem = NULL;
  guint system;

  if (size == 0)
    return 0;
  system = data[0] % G_N_ELEMENTS (journal_check_systems);
  problem = journal_check_run (&documents[system], data + 1, size - 1);
  if (problem != NULL)
    {
      fprintf (stderr, "fuzz: %s: %s\n", journal_check_systems[system], problem);
      fflush (stderr);
      abort ();
    }
  return 0;
}
