/* SPDX-License-Identifier: GPL-3.0-or-later */

/* What the journal costs on the main thread, as a ratio to one 16.7 ms
 * frame, in a campaign of N characters:
 *
 *   a step (renaming a PC): without a journal; with the journal as it is
 *   (the campaign's file form before and after, the changes both ways,
 *   the event handed to the journal's writer thread); and with the step
 *   waiting for its event to be written and synced, as every step did
 *   when the main thread wrote it (issue 13);
 *
 *   opening after a save with 20 steps to undo: the load alone, the
 *   journal read and replayed on a worker (tkr_journal_read: off the main
 *   thread), the main thread's part (tkr_journal_new_from_reading: the
 *   steps put back on the history), and both on one thread, as opening
 *   did before (tkr_journal_open).
 *
 * With --fight FILE... (campaigns with an encounter in Main, as
 * bench-make-campaign SYSTEM 6 4994 1000 writes them): a tracker action
 * (next turn; 3 damage to a combatant) without and with the journal, and
 * the journal's part of an autosave (tkr_journal_end_save: the header
 * written anew at the saved file), each as main-thread time in frames.
 *
 * Prints; never fails.
 *
 *   ./build/bench/bench-journal [N...]   (default 100 and 5,000)
 *   ./build/bench/bench-journal --fight FILE... */

#include "config.h"

#include <stdio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <time.h>

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

/* This thread's CPU time in milliseconds: on a loaded machine the wall
 * clock of a short call is mostly waiting for a core. */
static double
thread_cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

/* Milliseconds per step; with @journal, each step waits for its event
 * to be on disk when @wait. */
static double
time_steps (TkrCampaign *campaign, TkrJournal *journal, gboolean wait, double *cpu)
{
  TkrCharacter *alice = g_list_model_get_item (tkr_campaign_get_party (campaign), 0);
  gint64 start = g_get_monotonic_time ();
  double cpu_start = thread_cpu_ms ();

  for (guint i = 0; i < STEPS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Alice %u%s", i, wait ? "w" : "");
      tkr_history_set (tkr_campaign_get_history (campaign), alice, "name", name);
      if (wait)
        tkr_journal_flush (journal);
    }
  g_object_unref (alice);
  if (cpu != NULL)
    *cpu = (thread_cpu_ms () - cpu_start) / STEPS;
  return (g_get_monotonic_time () - start) / 1000.0 / STEPS;
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* Milliseconds (wall; CPU in @cpu) per tracker action: next turn, or 3
 * damage to the first combatant. */
static double
time_actions (TkrCampaign *campaign, gboolean damage, double *cpu)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  TkrEncounter *encounter = TKR_ENCOUNTER (tracker);
  g_autoptr (TkrCombatant) first =
    g_list_model_get_item (tkr_encounter_get_combatants (encounter), 0);
  gint64 start = g_get_monotonic_time ();
  double cpu_start = thread_cpu_ms ();

  for (guint i = 0; i < STEPS; i++)
    {
      if (damage)
        tkr_encounter_change_health_typed (encounter, first, i % 2 ? "+3" : "-3", NULL);
      else
        tkr_tracker_next_turn (tracker, NULL);
    }
  if (cpu != NULL)
    *cpu = (thread_cpu_ms () - cpu_start) / STEPS;
  return (g_get_monotonic_time () - start) / 1000.0 / STEPS;
}

static void
fight (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) source = g_file_new_for_commandline_arg (path);
  g_autoptr (GBytes) bytes = tkr_file_load (source, NULL, &error);
  g_autofree char *dir = g_dir_make_tmp ("tkr-bench-journal-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "fight.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (copy);
  g_autoptr (GFile) journal_file = tkr_journal_file_for (file);
  g_autoptr (TkrCampaign) plain = NULL;
  g_autoptr (TkrCampaign) followed = NULL;
  g_autoptr (TkrJournal) journal = NULL;
  g_autoptr (GBytes) saved = NULL;
  g_autofree char *checksum = NULL;
  double turn, turn_cpu, hit, hit_cpu, jturn, jturn_cpu, jhit, jhit_cpu, end, end_cpu;
  gint64 start;

  if (bytes == NULL || (plain = tkr_campaign_new_from_bytes (bytes, &error)) == NULL ||
      (followed = tkr_campaign_new_from_bytes (bytes, &error)) == NULL)
    {
      printf ("%s: %s\n", path, error->message);
      return;
    }
  turn = time_actions (plain, FALSE, &turn_cpu);
  hit = time_actions (plain, TRUE, &hit_cpu);
  tkr_file_save (file, bytes, NULL, &error);
  journal = tkr_journal_new (followed);
  tkr_journal_open (journal, file, NULL, &error);
  jturn = time_actions (followed, FALSE, &jturn_cpu);
  jhit = time_actions (followed, TRUE, &jhit_cpu);
  tkr_journal_flush (journal);
  saved = tkr_campaign_to_bytes (followed);
  tkr_journal_begin_save (journal);
  tkr_file_save (file, saved, NULL, &error);
  /* As the document does: the save's worker gives the checksum, the
   * writer thread writes the header. */
  checksum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, saved);
  start = g_get_monotonic_time ();
  end_cpu = thread_cpu_ms ();
  tkr_journal_end_save_with_checksum (journal, file, TRUE, checksum, &error);
  end_cpu = thread_cpu_ms () - end_cpu;
  end = ms_since (start);
  tkr_journal_flush (journal);
  printf ("%s (%s): next turn %.2f frames without the journal, %.2f with it (CPU %.2f, %.2f); "
          "3 damage %.2f, %.2f (CPU %.2f, %.2f); the journal's part of a save %.2f frames "
          "(CPU %.2f)\n",
          path, tkr_campaign_get_rule_system (followed), turn / FRAME_MS, jturn / FRAME_MS,
          turn_cpu / FRAME_MS, jturn_cpu / FRAME_MS, hit / FRAME_MS, jhit / FRAME_MS,
          hit_cpu / FRAME_MS, jhit_cpu / FRAME_MS, end / FRAME_MS, end_cpu / FRAME_MS);
  g_clear_object (&journal);
  g_file_delete (journal_file, NULL, NULL);
  g_file_delete (file, NULL, NULL);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  guint sizes[8] = { 100, 5000 };
  guint n_sizes = 2;

  if (argc > 1 && g_str_equal (argv[1], "--fight"))
    {
      for (int i = 2; i < argc; i++)
        fight (argv[i]);
      return 0;
    }

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
      double without, with, with_cpu, synced, synced_cpu, load, read, apply, apply_cpu, together;
      gint64 start;

      without = time_steps (plain, NULL, FALSE, NULL);
      bytes = tkr_campaign_to_bytes (followed);
      tkr_file_save (file, bytes, NULL, &error);
      journal = tkr_journal_new (followed);
      tkr_journal_open (journal, file, NULL, &error);
      /* One step first: the writer thread starts with the first event. */
      time_steps (followed, journal, FALSE, NULL);
      tkr_journal_flush (journal);
      with = time_steps (followed, journal, FALSE, &with_cpu);
      tkr_journal_flush (journal);
      synced = time_steps (followed, journal, TRUE, &synced_cpu);
      /* Reopening after a save: the steps are in the journal's header. */
      tkr_history_set_limit (tkr_campaign_get_history (followed), STEPS);
      tkr_journal_set_limit (journal, STEPS);
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
      load = ms_since (start);
      {
        g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (bytes, &error);
        g_autoptr (TkrJournalReading) reading = NULL;
        g_autoptr (TkrJournal) again = NULL;

        start = g_get_monotonic_time ();
        reading = tkr_journal_read (file, loaded);
        read = ms_since (start);
        start = g_get_monotonic_time ();
        apply_cpu = thread_cpu_ms ();
        again = tkr_journal_new_from_reading (loaded, reading, NULL, &error);
        apply_cpu = thread_cpu_ms () - apply_cpu;
        apply = ms_since (start);
      }
      {
        g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (bytes, &error);
        g_autoptr (TkrJournal) again = NULL;

        start = g_get_monotonic_time ();
        again = tkr_journal_new (loaded);
        tkr_journal_open (again, file, NULL, &error);
        together = ms_since (start);
      }

      printf ("%6u characters: a step %.2f ms without the journal (%.2f frames), %.2f ms with it "
              "on the main thread (%.2f frames; CPU %.2f ms), %.2f ms waiting for its write "
              "and sync as before (%.2f frames; CPU %.2f ms)\n",
              sizes[s], without, without / FRAME_MS, with, with / FRAME_MS, with_cpu, synced,
              synced / FRAME_MS, synced_cpu);
      printf ("%6u characters: opening %.1f ms without the journal (worker); the journal with %d "
              "steps to undo: %.1f ms read on a worker, %.2f ms on the main thread (%.3f "
              "frames; CPU %.2f ms, %.3f frames), %.1f ms both on one thread as before (%.1f "
              "frames)\n",
              sizes[s], load, STEPS, read, apply, apply / FRAME_MS, apply_cpu, apply_cpu / FRAME_MS,
              together, together / FRAME_MS);
      g_file_delete (journal_file, NULL, NULL);
      g_file_delete (file, NULL, NULL);
      g_rmdir (dir);
    }
  return 0;
}
