/* SPDX-License-Identifier: GPL-3.0-or-later */

/* What the journal costs on the main thread: one step (renaming a PC) in
 * a campaign of N characters, without and with a journal following the
 * history (the campaign's file form before and after, the changes both
 * ways, the event appended and synced), as a ratio to one 16.7 ms frame;
 * and reopening with the journal after a save. Prints; never fails.
 *
 *   ./build/bench/bench-journal [N...]   (default 100 and 5,000) */

#include "config.h"

#include <stdio.h>
#include <glib/gstdio.h>
#include <stdlib.h>

#include "tkr-core.h"

#define FRAME_MS 16.7
#define STEPS 20

static TkrCampaign *
campaign_of (guint n)
{
  TkrCampaign *campaign = tkr_campaign_new (tkr_rules_get_default ());

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Goblin %u", i + 1);
      tkr_campaign_add_npc (campaign, name);
    }
  tkr_campaign_add_pc (campaign, "Alice");
  tkr_history_clear (tkr_campaign_get_history (campaign));
  return campaign;
}

static double
time_steps (TkrCampaign *campaign)
{
  TkrCharacter *alice = g_list_model_get_item (tkr_campaign_get_party (campaign), 0);
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < STEPS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Alice %u", i);
      tkr_history_set (tkr_campaign_get_history (campaign), alice, "name", name);
    }
  g_object_unref (alice);
  return (g_get_monotonic_time () - start) / 1000.0 / STEPS;
}

int
main (int argc, char *argv[])
{
  guint sizes[8] = { 100, 5000 };
  guint n_sizes = 2;

  if (argc > 1)
    {
      n_sizes = MIN (argc - 1, 8);
      for (guint i = 0; i < n_sizes; i++)
        sizes[i] = atoi (argv[i + 1]);
    }

  for (guint s = 0; s < n_sizes; s++)
    {
      g_autofree char *dir = g_dir_make_tmp ("tkr-bench-journal-XXXXXX", NULL);
      g_autofree char *path = g_build_filename (dir, "bench.tkcampaign", NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GFile) journal_file = tkr_journal_file_for (file);
      g_autoptr (TkrCampaign) plain = campaign_of (sizes[s]);
      g_autoptr (TkrCampaign) followed = campaign_of (sizes[s]);
      g_autoptr (TkrJournal) journal = NULL;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (GError) error = NULL;
      double without, with, reopen, load;
      gint64 start;

      without = time_steps (plain);
      bytes = tkr_campaign_to_bytes (followed);
      tkr_file_save (file, bytes, NULL, &error);
      journal = tkr_journal_new (followed);
      tkr_journal_open (journal, file, NULL, &error);
      with = time_steps (followed);
      /* Reopening after a save: the steps are in the journal's header. */
      g_bytes_unref (bytes);
      bytes = tkr_campaign_to_bytes (followed);
      tkr_journal_begin_save (journal);
      tkr_file_save (file, bytes, NULL, &error);
      tkr_journal_end_save (journal, file, TRUE, &error);
      g_clear_object (&journal);

      start = g_get_monotonic_time ();
      {
        g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (bytes, &error);
      }
      load = (g_get_monotonic_time () - start) / 1000.0;
      start = g_get_monotonic_time ();
      {
        g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (bytes, &error);
        g_autoptr (TkrJournal) again = tkr_journal_new (loaded);

        tkr_journal_open (again, file, NULL, &error);
      }
      reopen = (g_get_monotonic_time () - start) / 1000.0;

      printf ("%6u characters: a step %.2f ms without the journal (%.2f frames), %.2f ms with "
              "it (%.2f frames); opening %.1f ms without the journal, %.1f ms with %d steps "
              "to undo (%.1f frames more)\n",
              sizes[s], without, without / FRAME_MS, with, with / FRAME_MS, load, reopen, STEPS,
              (reopen - load) / FRAME_MS);
      g_file_delete (journal_file, NULL, NULL);
      g_file_delete (file, NULL, NULL);
      g_rmdir (dir);
    }
  return 0;
}
