/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The child of test-journal: the app's part in a crash.
 *
 *   journal-child DIR SYSTEM
 *     makes a campaign of SYSTEM (a PC and two goblins in the encounter),
 *     saves it as DIR/fight.tkcampaign with its journal, then plays steps
 *     as the app does (through the campaign's history, followed by a
 *     TkrJournal): Setup, the rolls the system needs, the rounds, turns;
 *     saves again after the fourth step and plays two more without saving.
 *     After each step K it writes the campaign's file form to
 *     DIR/state-K.json, and DIR/steps the number of steps. Then it prints
 *     "ready" and waits to be killed. */

#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "tkr-core.h"

static void
write_state (const char *dir, TkrCampaign *campaign, guint k)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);
  g_autofree char *name = g_strdup_printf ("state-%u.json", k);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
}

static void
save (TkrCampaign *campaign, TkrJournal *journal, GFile *file)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);
  g_autoptr (GError) error = NULL;

  tkr_journal_begin_save (journal);
  g_assert_true (tkr_file_save (file, bytes, NULL, &error));
  g_assert_true (tkr_journal_end_save (journal, file, TRUE, &error));
  g_assert_no_error (error);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrJournal) journal = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *steps_path = NULL;
  g_autofree char *steps_text = NULL;
  GRand *rand = g_rand_new_with_seed (20261126);
  TkrHistory *history;
  TkrTracker *tracker;
  TkrCharacter *alice, *library;
  guint k = 0;

  if (argc != 3)
    {
      g_printerr ("usage: journal-child DIR SYSTEM\n");
      return 2;
    }

  rules = tkr_rules_new_from_resource (argv[2], &error);
  g_assert_no_error (error);
  campaign = tkr_campaign_new (rules);
  history = tkr_campaign_get_history (campaign);
  tracker = tkr_campaign_get_tracker (campaign);
  alice = tkr_campaign_add_pc (campaign, "Alice");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  library = tkr_campaign_add_npc (campaign, "Goblin");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, library, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, library, &error));
  tkr_history_clear (history);

  path = g_build_filename (argv[1], "fight.tkcampaign", NULL);
  file = g_file_new_for_path (path);
  journal = tkr_journal_new (campaign);
  save (campaign, journal, file);
  write_state (argv[1], campaign, k);

  for (guint i = 0; k < 6; i++)
    {
      guint before = tkr_history_get_n_undo (history);

      switch (i)
        {
        case 0:
          g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
          break;
        case 1:
          g_assert_true (tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker), rand, &error));
          break;
        case 2:
          g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error));
          break;
        default:
          g_assert_true (tkr_tracker_next_turn (tracker, &error));
          break;
        }
      g_assert_no_error (error);
      /* A system whose Setup rolls nothing makes no step of it. */
      if (tkr_history_get_n_undo (history) == before)
        continue;
      g_assert_cmpuint (tkr_history_get_n_undo (history), ==, before + 1);
      write_state (argv[1], campaign, ++k);
      if (k == 4)
        save (campaign, journal, file);
    }

  steps_path = g_build_filename (argv[1], "steps", NULL);
  steps_text = g_strdup_printf ("%u", k);
  g_file_set_contents (steps_path, steps_text, -1, &error);
  g_assert_no_error (error);
  g_rand_free (rand);

  /* The events go to the journal on its writer thread: what the app has
   * written and synced when it is killed is what comes back. */
  tkr_journal_flush (journal);
  printf ("ready\n");
  fflush (stdout);
  for (;;)
    pause ();
  return 0;
}
