/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The journal (src/core/campaign/tkr-journal.h; help/C/files-and-backups.page,
 * "Undo after a restart" and "Rewinding a fight"): undo and redo survive a
 * crash of the app (a child killed with SIGKILL, as test-file-safety does
 * for saves) and a restart; the GM rewinds an encounter to the start of a
 * round, as one undoable step; a damaged journal never stops a document
 * from opening and is left as it was; the history is bounded. Each check
 * runs in the four rule systems.
 */

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "journal-check.h"
#include "tkr-ap-encounter.h"
#include "tkr-core.h"
#include "tkr-json-patch.h"
#include "tkr-quick.h"

static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static char *
read_text (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static char *
state_of (TkrCampaign *campaign)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static char *
expected_state (const char *dir, guint k)
{
  g_autofree char *name = g_strdup_printf ("state-%u.json", k);

  return read_text (dir, name);
}

static TkrCampaign *
load (GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = tkr_file_load (file, NULL, &error);
  TkrCampaign *campaign;

  g_assert_no_error (error);
  campaign = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  return campaign;
}

static void
assert_state (TkrCampaign *campaign, const char *dir, guint k)
{
  g_autofree char *now = state_of (campaign);
  g_autofree char *expected = expected_state (dir, k);

  g_assert_cmpstr (now, ==, expected);
}

/* Undo survives a crash and a restart (issue 13, "Done when"): the child
 * saves after four steps, plays two more and is killed; the restarted app
 * opens the file with the two steps the file missed brought back from the
 * journal, and undoes the last three steps, each to the state it had. */
static void
test_undo_after_kill (gconstpointer data)
{
  const char *rule_system = data;
  g_autofree char *dir = g_dir_make_tmp ("tkr-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fight.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  const char *argv[] = { TKR_JOURNAL_CHILD, dir, rule_system, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  g_autofree char *steps_text = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrJournal) journal = NULL;
  g_autofree char *on_disk = NULL;
  TkrHistory *history;
  gboolean recovered = FALSE;
  GPid pid;
  int out, status;
  guint k;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  channel = g_io_channel_unix_new (out);
  g_io_channel_set_close_on_unref (channel, TRUE);
  g_io_channel_read_line (channel, &line, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "ready\n");
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);

  steps_text = read_text (dir, "steps");
  k = atoi (steps_text);
  g_assert_cmpuint (k, ==, 6);

  /* The file holds the state of the last save, after step 4. */
  campaign = load (file);
  assert_state (campaign, dir, 4);
  on_disk = read_text (dir, "fight.tkcampaign");

  /* The restart: the journal brings back steps 5 and 6 and all six steps
   * to undo. */
  journal = tkr_journal_new (campaign);
  history = tkr_campaign_get_history (campaign);
  g_assert_true (tkr_journal_open (journal, file, &recovered, &error));
  g_assert_no_error (error);
  g_assert_true (recovered);
  assert_state (campaign, dir, 6);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 6);
  g_assert_nonnull (tkr_history_get_undo_label (history));

  /* The last three steps undone, one by one. */
  for (guint i = 1; i <= 3; i++)
    {
      g_assert_true (tkr_history_undo (history));
      assert_state (campaign, dir, 6 - i);
    }
  g_assert_true (tkr_history_redo (history));
  assert_state (campaign, dir, 4);
  g_assert_true (tkr_history_undo (history));
  assert_state (campaign, dir, 3);

  /* A new step after the restart, and undo through it into the steps from
   * before. */
  g_assert_true (tkr_tracker_next_turn (tkr_campaign_get_tracker (campaign), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_history_get_n_redo (history), ==, 0);
  g_assert_true (tkr_history_undo (history));
  assert_state (campaign, dir, 3);
  g_assert_true (tkr_history_undo (history));
  assert_state (campaign, dir, 2);
  g_assert_true (tkr_history_redo (history));
  assert_state (campaign, dir, 3);

  /* Opening never wrote the document. */
  {
    g_autofree char *still = read_text (dir, "fight.tkcampaign");
    g_assert_cmpstr (still, ==, on_disk);
  }

  /* A second restart without a save: the events since (undo, redo, the new
   * step) replay to the same place with the same stacks. */
  g_clear_object (&journal);
  g_clear_object (&campaign);
  campaign = load (file);
  journal = tkr_journal_new (campaign);
  history = tkr_campaign_get_history (campaign);
  g_assert_true (tkr_journal_open (journal, file, &recovered, &error));
  g_assert_no_error (error);
  assert_state (campaign, dir, 3);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 3);
  g_assert_cmpuint (tkr_history_get_n_redo (history), ==, 1);
  g_assert_true (tkr_history_undo (history));
  assert_state (campaign, dir, 2);
  g_assert_true (tkr_history_redo (history));
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpuint (tkr_history_get_n_redo (history), ==, 0);

  g_clear_object (&journal);
  g_clear_object (&campaign);
  remove_dir (dir);
}

/* A campaign of @rule_system with a PC and two goblins in the encounter,
 * saved as DIR/fight.tkcampaign with a journal following it. */
typedef struct
{
  char *dir;
  GFile *file;
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrJournal *journal;
  GRand *rand;
} Fight;

/* As the document saves: the save's worker gives the SHA-256 of what it
 * wrote, and the journal's writer thread writes the new header in order
 * with the events (tkr_journal_end_save_with_checksum). */
static void
fight_save (Fight *f)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (f->campaign);
  g_autofree char *checksum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
  g_autoptr (GError) error = NULL;

  tkr_journal_begin_save (f->journal);
  g_assert_true (tkr_file_save (f->file, bytes, NULL, &error));
  g_assert_true (tkr_journal_end_save_with_checksum (f->journal, f->file, TRUE, checksum, &error));
  g_assert_no_error (error);
  /* The tests read the file: the header is on disk once written. */
  tkr_journal_flush (f->journal);
}

static void
fight_init (Fight *f, const char *rule_system)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (rule_system, &error);
  g_autofree char *path = NULL;
  TkrCharacter *alice, *library;

  g_assert_no_error (error);
  f->dir = g_dir_make_tmp ("tkr-journal-XXXXXX", NULL);
  path = g_build_filename (f->dir, "fight.tkcampaign", NULL);
  f->file = g_file_new_for_path (path);
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  f->rand = g_rand_new_with_seed (20261126);
  alice = tkr_campaign_add_pc (f->campaign, "Alice");
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, alice, &error));
  library = tkr_campaign_add_npc (f->campaign, "Goblin");
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, library, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, library, &error));
  tkr_history_clear (f->history);
  f->journal = tkr_journal_new (f->campaign);
  fight_save (f);
}

/* Closes the app and opens the file again with its journal. */
static void
fight_restart (Fight *f)
{
  g_autoptr (GError) error = NULL;

  g_clear_object (&f->journal);
  g_clear_object (&f->campaign);
  f->campaign = load (f->file);
  f->history = tkr_campaign_get_history (f->campaign);
  f->journal = tkr_journal_new (f->campaign);
  g_assert_true (tkr_journal_open (f->journal, f->file, NULL, &error));
  g_assert_no_error (error);
}

static void
fight_clear (Fight *f)
{
  g_clear_object (&f->journal);
  g_clear_object (&f->campaign);
  g_clear_object (&f->file);
  g_rand_free (f->rand);
  remove_dir (f->dir);
  g_free (f->dir);
}

static TkrTracker *
tracker_of (Fight *f)
{
  return tkr_campaign_get_tracker (f->campaign);
}

static void
to_main (Fight *f)
{
  g_autoptr (GError) error = NULL;

  /* Every die the fight rolls (an Action-Point Reset's AP too) comes from
   * the seeded GRand, so each run plays the same rounds. */
  tkr_encounter_set_rand (TKR_ENCOUNTER (tracker_of (f)), f->rand);
  g_assert_true (tkr_tracker_transition (tracker_of (f), TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker_of (f)), f->rand, &error));
  g_assert_true (tkr_tracker_transition (tracker_of (f), TKR_PHASE_MAIN, &error));
  g_assert_no_error (error);
}

/* Turns until round @round begins: whoever acts spends the turn's
 * resource where the system allows (an Action-Point round follows another
 * only while someone has spent and has AP left), then the next turn. */
static void
play_to_round (Fight *f, int round)
{
  g_autoptr (GError) error = NULL;

  for (guint i = 0; tkr_tracker_get_round (tracker_of (f)) < round; i++)
    {
      GObject *slot = tkr_encounter_get_current_slot (TKR_ENCOUNTER (tracker_of (f)));

      g_assert_cmpuint (i, <, 200);
      if (TKR_IS_COMBATANT (slot) &&
          !tkr_encounter_spend_turn_resource (TKR_ENCOUNTER (tracker_of (f)), TKR_COMBATANT (slot),
                                              &error))
        g_clear_error (&error);
      g_assert_true (tkr_tracker_next_turn (tracker_of (f), &error));
      g_assert_no_error (error);
    }
}

/* Rewinding a fight (issue 13, "Done when"): the GM takes the encounter
 * back to the start of round 2 from round 3; the campaign is then what a
 * snapshot taken when round 2 began holds, byte for byte; it is one step
 * that undo takes back and redo makes again; and the starts of rounds
 * survive a save and a restart. */
static void
test_rewind_to_round_two (gconstpointer data)
{
  Fight f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *round_two = NULL;
  g_autofree char *later = NULL;
  g_autofree char *now = NULL;
  g_autoptr (GArray) rounds = NULL;
  guint steps;

  fight_init (&f, data);
  to_main (&f);
  g_assert_false (tkr_journal_can_rewind (f.journal, 2));
  play_to_round (&f, 2);
  round_two = state_of (f.campaign);
  play_to_round (&f, 3);
  g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_no_error (error);
  later = state_of (f.campaign);

  rounds = tkr_journal_list_rounds (f.journal);
  g_assert_cmpuint (rounds->len, ==, 3);
  g_assert_cmpint (g_array_index (rounds, int, 0), ==, 1);
  g_assert_cmpint (g_array_index (rounds, int, 1), ==, 2);
  g_assert_cmpint (g_array_index (rounds, int, 2), ==, 3);
  g_assert_false (tkr_journal_rewind (f.journal, 7, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, later);
  g_clear_pointer (&now, g_free);

  steps = tkr_history_get_n_undo (f.history);
  g_assert_true (tkr_journal_rewind (f.journal, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, steps + 1);
  g_assert_cmpstr (tkr_history_peek_undo_tag (f.history), ==, TKR_JOURNAL_TAG_REWIND);
  g_assert_cmpint (tkr_tracker_get_round (tracker_of (&f)), ==, 2);
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, round_two);
  g_clear_pointer (&now, g_free);

  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, later);
  g_clear_pointer (&now, g_free);
  g_assert_true (tkr_history_redo (f.history));
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, round_two);
  g_clear_pointer (&now, g_free);

  /* The fight goes on from there, a file round trip keeps it, and after a
   * restart the start of round 2 is still there to go back to. */
  g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_no_error (error);
  fight_save (&f);
  fight_restart (&f);
  g_assert_true (tkr_journal_can_rewind (f.journal, 2));
  g_assert_true (tkr_journal_rewind (f.journal, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, round_two);
  g_clear_pointer (&now, g_free);
  /* And the steps from before the restart undo: the rewind, then the
   * next turn. */
  g_assert_true (tkr_history_undo (f.history));
  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, round_two);

  fight_clear (&f);
}

/* Turns until round @round of Action-Point Turn @turn begins. */
static void
play_to_turn_round (Fight *f, int turn, int round)
{
  TkrApEncounter *ap = TKR_AP_ENCOUNTER (tracker_of (f));

  g_autoptr (GError) error = NULL;

  for (guint i = 0; tkr_ap_encounter_get_turn (ap) < turn; i++)
    {
      GObject *slot = tkr_encounter_get_current_slot (TKR_ENCOUNTER (ap));

      g_assert_cmpuint (i, <, 200);
      if (TKR_IS_COMBATANT (slot) &&
          !tkr_encounter_spend_turn_resource (TKR_ENCOUNTER (ap), TKR_COMBATANT (slot), &error))
        g_clear_error (&error);
      g_assert_true (tkr_tracker_next_turn (tracker_of (f), &error));
      g_assert_no_error (error);
    }
  play_to_round (f, round);
}

/* Rewinding an Action-Point fight across its Turns (help/C/files-and-backups.page,
 * "Rewinding a fight"): the system counts its rounds again in every Turn,
 * so a round's start is addressed by its Turn and its round. Through two
 * Turns, the GM takes the fight back to round 2 of Turn 1: the campaign
 * is then the snapshot taken when that round began, byte for byte, as one
 * step; undoing it brings back the present; after a restart the start is
 * still there. */
static void
test_ap_rewind_across_turns (void)
{
  Fight f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) starts = NULL;
  g_autoptr (GArray) rounds = NULL;
  g_autofree char *turn_one_round_two = NULL;
  g_autofree char *present = NULL;
  g_autofree char *now = NULL;
  TkrApEncounter *ap;
  gboolean found_turn_one = FALSE, found_turn_two = FALSE;

  fight_init (&f, "action-points");
  to_main (&f);
  ap = TKR_AP_ENCOUNTER (tracker_of (&f));
  play_to_turn_round (&f, 1, 2);
  g_assert_cmpint (tkr_ap_encounter_get_turn (ap), ==, 1);
  turn_one_round_two = state_of (f.campaign);
  g_assert_true (tkr_journal_can_rewind_to (f.journal, 1, 2));

  /* The Reset and the second Turn, whose rounds count from 1 again. */
  play_to_turn_round (&f, 2, 2);
  g_assert_cmpint (tkr_ap_encounter_get_turn (ap), ==, 2);
  g_assert_cmpint (tkr_tracker_get_round (tracker_of (&f)), ==, 2);
  present = state_of (f.campaign);

  starts = tkr_journal_list_round_starts (f.journal);
  for (guint i = 0; i < starts->len; i++)
    {
      TkrJournalRound *start = &g_array_index (starts, TkrJournalRound, i);

      if (i > 0)
        {
          TkrJournalRound *before = &g_array_index (starts, TkrJournalRound, i - 1);
          g_assert_true (before->turn < start->turn ||
                         (before->turn == start->turn && before->round < start->round));
        }
      found_turn_one |= start->turn == 1 && start->round == 2;
      found_turn_two |= start->turn == 2 && start->round == 2;
    }
  g_assert_true (found_turn_one);
  g_assert_true (found_turn_two);
  /* Without a Turn: the latest Turn's rounds. */
  rounds = tkr_journal_list_rounds (f.journal);
  g_assert_cmpuint (rounds->len, ==, 2);
  g_assert_cmpint (g_array_index (rounds, int, 1), ==, 2);
  g_assert_false (tkr_journal_can_rewind_to (f.journal, 3, 1));
  g_assert_false (tkr_journal_rewind_to (f.journal, 3, 1, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (tkr_journal_rewind_to (f.journal, 1, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_history_peek_undo_tag (f.history), ==, TKR_JOURNAL_TAG_REWIND);
  /* The campaign's encounter is the one from then. */
  g_assert_cmpint (tkr_ap_encounter_get_turn (TKR_AP_ENCOUNTER (tracker_of (&f))), ==, 1);
  g_assert_cmpint (tkr_tracker_get_round (tracker_of (&f)), ==, 2);
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, turn_one_round_two);
  g_clear_pointer (&now, g_free);

  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, present);
  g_clear_pointer (&now, g_free);

  /* Saved and opened again, the start of round 2 of Turn 1 is still there. */
  fight_save (&f);
  fight_restart (&f);
  g_assert_true (tkr_journal_can_rewind_to (f.journal, 1, 2));
  g_assert_true (tkr_journal_rewind_to (f.journal, 1, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, turn_one_round_two);
  g_clear_pointer (&now, g_free);
  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, present);

  fight_clear (&f);
}

/* The journal's writer thread (issue 13: a step's fsync no longer waits on
 * the main thread): events reach the file in the order of the steps once
 * flushed; a write that fails stops the appends (a line after a gap would
 * replay on the wrong state) until the next save writes a whole header. */
static void
test_writer_order_and_failure (void)
{
  Fight f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) journal_file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *now = NULL;
  g_autofree char *reopened = NULL;
  g_auto (GStrv) lines = NULL;
  gsize before_length, after_length;
  guint steps;

  fight_init (&f, "kleptonomicon");
  journal_file = tkr_journal_file_for (f.file);
  path = g_file_get_path (journal_file);
  aside = g_strconcat (path, ".aside", NULL);

  /* Three steps: a header, then three events in order. */
  g_assert_true (tkr_tracker_transition (tracker_of (&f), TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_history_undo (f.history));
  g_assert_true (tkr_history_redo (f.history));
  g_assert_no_error (error);
  tkr_journal_flush (f.journal);
  g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));
  lines = g_strsplit (before, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5); /* and "" after the last line end */
  g_assert_nonnull (strstr (lines[1], "\"event\":\"step\""));
  g_assert_nonnull (strstr (lines[2], "\"event\":\"undo\""));
  g_assert_nonnull (strstr (lines[3], "\"event\":\"redo\""));

  /* The journal cannot be written (a folder where its file was). */
  g_assert_cmpint (g_rename (path, aside), ==, 0);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_true (tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker_of (&f)), f.rand, &error));
  g_assert_no_error (error);
  tkr_journal_flush (f.journal);
  g_assert_cmpint (g_rmdir (path), ==, 0);
  g_assert_cmpint (g_rename (aside, path), ==, 0);
  /* Neither before the failure is heard on this thread nor after. */
  g_assert_true (tkr_tracker_transition (tracker_of (&f), TKR_PHASE_MAIN, &error));
  g_assert_no_error (error);
  tkr_journal_flush (f.journal);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_no_error (error);
  tkr_journal_flush (f.journal);
  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_cmpmem (after, after_length, before, before_length);

  /* A save starts the journal again; the steps are all there after a
   * restart. */
  fight_save (&f);
  g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_no_error (error);
  now = state_of (f.campaign);
  steps = tkr_history_get_n_undo (f.history);
  fight_restart (&f);
  g_assert_cmpstr ((reopened = state_of (f.campaign)), ==, now);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, steps);

  fight_clear (&f);
}

/* Journals the fuzz harness tests/fuzz/fuzz-journal.c found a defect
 * with, each kept in tests/files/journal/ (a digit for the rule system,
 * then the journal): the document opens and the rules of
 * tests/journal-check.h hold. */
static void
test_regression_files (void)
{
  g_autofree char *top = g_dir_make_tmp ("tkr-journal-regressions-XXXXXX", NULL);
  g_autoptr (GDir) dir = g_dir_open (TKR_JOURNAL_FILES, 0, NULL);
  JournalCheckDocument documents[G_N_ELEMENTS (journal_check_systems)] = { { 0 } };
  const char *name;
  guint checked = 0;

  g_assert_nonnull (dir);
  for (guint i = 0; i < G_N_ELEMENTS (journal_check_systems); i++)
    {
      g_autofree char *sub = g_build_filename (top, journal_check_systems[i], NULL);
      g_autofree char *problem = NULL;

      g_assert_true (journal_check_document_init (&documents[i], TKR_JOURNAL_FILES,
                                                  journal_check_systems[i], sub, &problem));
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *problem = NULL;
      gsize length;
      guint system;

      if (!g_str_has_suffix (name, ".journal"))
        continue;
      path = g_build_filename (TKR_JOURNAL_FILES, name, NULL);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_cmpuint (length, >, 0);
      system = (guint8) contents[0] % G_N_ELEMENTS (journal_check_systems);
      problem = journal_check_run (&documents[system], (const guint8 *) contents + 1, length - 1);
      g_test_message ("%s: %s", name, problem != NULL ? problem : "ok");
      g_assert_null (problem);
      checked++;
    }
  g_test_message ("%u regression journals", checked);
  for (guint i = 0; i < G_N_ELEMENTS (journal_check_systems); i++)
    {
      g_autoptr (GFile) journal = tkr_journal_file_for (documents[i].document);

      g_file_delete (journal, NULL, NULL);
      g_file_delete (documents[i].document, NULL, NULL);
      g_rmdir (documents[i].dir);
      journal_check_document_clear (&documents[i]);
    }
  g_rmdir (top);
}

/* A damaged journal never stops the document from opening: the journal is
 * ignored with a message in plain words, the journal's file stays as it
 * was (nothing is appended to it) until the next save starts it afresh. */
static void
check_damaged (Fight *f, const char *contents, gssize length)
{
  g_autoptr (GFile) journal_file = tkr_journal_file_for (f->file);
  g_autofree char *journal_path = g_file_get_path (journal_file);
  g_autofree char *document_path = g_file_get_path (f->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrJournal) journal = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *after = NULL;
  g_autofree char *document_before = NULL;
  g_autofree char *document_after = NULL;
  g_autofree char *now = NULL;
  gboolean recovered = TRUE;
  gsize after_length;

  if (length < 0)
    length = strlen (contents);
  g_assert_true (g_file_set_contents (journal_path, contents, length, NULL));
  g_assert_true (g_file_get_contents (document_path, &document_before, NULL, NULL));

  campaign = load (f->file);
  saved = state_of (campaign);
  journal = tkr_journal_new (campaign);
  g_assert_false (tkr_journal_open (journal, f->file, &recovered, &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "Undo starts afresh"));
  g_assert_false (recovered);
  g_assert_cmpstr ((now = state_of (campaign)), ==, saved);
  g_assert_cmpuint (tkr_history_get_n_undo (tkr_campaign_get_history (campaign)), ==, 0);

  /* A step after opening writes nothing to the ignored journal. */
  g_clear_error (&error);
  g_assert_true (tkr_tracker_next_turn (tkr_campaign_get_tracker (campaign), &error));
  g_assert_no_error (error);
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
  tkr_journal_flush (journal);
  g_assert_true (g_file_get_contents (journal_path, &after, &after_length, NULL));
  g_assert_cmpmem (after, after_length, contents, length);
  g_assert_true (g_file_get_contents (document_path, &document_after, NULL, NULL));
  g_assert_cmpstr (document_after, ==, document_before);
}

static void
test_damaged_journal (gconstpointer data)
{
  Fight f = { 0 };
  g_autoptr (GFile) journal_file = NULL;
  g_autofree char *good = NULL;
  g_autofree char *header_only = NULL;
  g_autofree char *other_base = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;
  char *newline;

  fight_init (&f, data);
  to_main (&f);
  play_to_round (&f, 2);
  fight_save (&f);
  g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_no_error (error);
  /* The event is written on the journal's writer thread. */
  tkr_journal_flush (f.journal);
  journal_file = tkr_journal_file_for (f.file);
  g_assert_true (g_file_load_contents (journal_file, NULL, &good, &length, NULL, NULL));
  newline = strchr (good, '\n');
  g_assert_nonnull (newline);
  g_assert_cmpuint (newline - good + 1, <, length); /* an event follows */

  /* Not a journal at all; half its header (a truncated file); a file of
   * nothing; a header for another version of the document; an event that
   * undoes more than the journal holds. */
  check_damaged (&f, "\x89PNG\r\n\x1a\n not a journal", -1);
  check_damaged (&f, good, (newline - good) / 2);
  check_damaged (&f, "", 0);
  other_base = g_strdup (good);
  memcpy (strstr (other_base, "\"base\":\"") + 8, "00000000", 8);
  check_damaged (&f, other_base, length);
  header_only = g_strndup (good, newline - good + 1);
  {
    g_autofree char *events = g_strconcat (header_only, "{\"event\":\"redo\"}\n", NULL);
    check_damaged (&f, events, -1);
  }

  /* The next save starts the journal afresh, and it works again. */
  g_clear_object (&f.journal);
  g_clear_object (&f.campaign);
  f.campaign = load (f.file);
  f.history = tkr_campaign_get_history (f.campaign);
  f.journal = tkr_journal_new (f.campaign);
  g_assert_false (tkr_journal_open (f.journal, f.file, NULL, &error));
  g_clear_error (&error);
  g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_no_error (error);
  fight_save (&f);
  fight_restart (&f);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, 1);

  fight_clear (&f);
}

/* A crash while an event is appended leaves its line cut short: the
 * events before it stand, the cut one never happened. */
static void
test_torn_last_event (gconstpointer data)
{
  Fight f = { 0 };
  g_autoptr (GFile) journal_file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *two_steps = NULL;
  g_autofree char *now = NULL;
  FILE *stream;

  fight_init (&f, data);
  g_assert_true (tkr_tracker_transition (tracker_of (&f), TKR_PHASE_SETUP, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker_of (&f)), f.rand, &error));
  two_steps = state_of (f.campaign);
  /* The crash cuts the line after the events written so far. */
  tkr_journal_flush (f.journal);
  journal_file = tkr_journal_file_for (f.file);
  path = g_file_get_path (journal_file);
  stream = fopen (path, "a");
  g_assert_nonnull (stream);
  fputs ("{\"event\":\"step\",\"label\":\"Next tu", stream);
  fclose (stream);

  fight_restart (&f);
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, two_steps);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), >=, 1);

  fight_clear (&f);
}

/* The history in memory is bounded: with a limit of 5, eight steps leave
 * five to undo, and the journal (compacted by a save) holds those five
 * after a restart; its file does not grow with the steps before. */
static void
test_bounded_history (gconstpointer data)
{
  Fight f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) journal_file = NULL;
  g_autoptr (GFileInfo) small_info = NULL;
  g_autoptr (GFileInfo) large_info = NULL;

  fight_init (&f, data);
  tkr_journal_set_limit (f.journal, 5);
  to_main (&f);
  for (guint i = 0; i < 8; i++)
    g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, 5);
  fight_save (&f);
  journal_file = tkr_journal_file_for (f.file);
  small_info = g_file_query_info (journal_file, G_FILE_ATTRIBUTE_STANDARD_SIZE, 0, NULL, NULL);

  for (guint i = 0; i < 40; i++)
    g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  fight_save (&f);
  large_info = g_file_query_info (journal_file, G_FILE_ATTRIBUTE_STANDARD_SIZE, 0, NULL, NULL);
  g_test_message ("journal after 8 steps: %" G_GOFFSET_FORMAT
                  " bytes, after 48: %" G_GOFFSET_FORMAT,
                  g_file_info_get_size (small_info), g_file_info_get_size (large_info));
  /* The same five steps' worth, give or take the rounds begun. */
  g_assert_cmpint (g_file_info_get_size (large_info), <, 3 * g_file_info_get_size (small_info));

  fight_restart (&f);
  tkr_journal_set_limit (f.journal, 5);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_true (tkr_history_undo (f.history));
  g_assert_false (tkr_history_can_undo (f.history));

  fight_clear (&f);
}

/* Steps that change the NPC library (which the journal only makes again
 * when a step touched it): a new NPC, its name, a pool of its sheet, and
 * a step of the party in between; undone and redone in the session, then
 * undone one by one after a restart, each to the state it had. */
static void
test_library_steps (gconstpointer data)
{
  Fight f = { 0 };
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *now = NULL;
  GListModel *pools;
  TkrCharacter *orc;
  TkrPool *pool;

  fight_init (&f, data);
  g_ptr_array_add (states, state_of (f.campaign));
  orc = tkr_campaign_add_npc (f.campaign, "Orc");
  g_ptr_array_add (states, state_of (f.campaign));
  tkr_history_set (f.history, orc, "name", "Orc Chief");
  g_ptr_array_add (states, state_of (f.campaign));
  tkr_campaign_add_pc (f.campaign, "Bob");
  g_ptr_array_add (states, state_of (f.campaign));
  pools = tkr_character_get_pools (orc);
  g_assert_cmpuint (g_list_model_get_n_items (pools), >, 0);
  pool = g_list_model_get_item (pools, 0);
  tkr_history_set (f.history, pool, "current", tkr_pool_get_maximum (pool) > 0 ? 0 : 1);
  g_object_unref (pool);
  g_ptr_array_add (states, state_of (f.campaign));
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, 4);

  /* In the session: back two and forward again. */
  g_assert_true (tkr_history_undo (f.history));
  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, g_ptr_array_index (states, 2));
  g_clear_pointer (&now, g_free);
  g_assert_true (tkr_history_redo (f.history));
  g_assert_true (tkr_history_redo (f.history));

  fight_save (&f);
  fight_restart (&f);
  for (guint i = 4; i > 0; i--)
    {
      g_assert_cmpstr ((now = state_of (f.campaign)), ==, g_ptr_array_index (states, i));
      g_clear_pointer (&now, g_free);
      g_assert_true (tkr_history_undo (f.history));
    }
  g_assert_cmpstr ((now = state_of (f.campaign)), ==, g_ptr_array_index (states, 0));
  g_clear_pointer (&now, g_free);
  for (guint i = 1; i <= 4; i++)
    {
      g_assert_true (tkr_history_redo (f.history));
      g_assert_cmpstr ((now = state_of (f.campaign)), ==, g_ptr_array_index (states, i));
      g_clear_pointer (&now, g_free);
    }

  fight_clear (&f);
}

/* Damaged in any way (cut anywhere, bytes changed anywhere, lines
 * repeated), a journal either opens to a state that saves, or is set
 * aside with a message and left as it was: never a crash, a critical
 * or a document that does not open. */
static void
test_mutated_journals (gconstpointer data)
{
  Fight f = { 0 };
  g_autoptr (GFile) journal_file = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  g_autoptr (GError) error = NULL;
  g_autofree char *good = NULL;
  g_autofree char *path = NULL;
  gsize length;
  guint opened = 0, refused = 0;

  fight_init (&f, data);
  to_main (&f);
  play_to_round (&f, 2);
  fight_save (&f);
  g_assert_true (tkr_tracker_next_turn (tracker_of (&f), &error));
  g_assert_true (tkr_history_undo (f.history));
  g_assert_true (tkr_history_redo (f.history));
  g_assert_no_error (error);
  tkr_journal_flush (f.journal);
  journal_file = tkr_journal_file_for (f.file);
  path = g_file_get_path (journal_file);
  g_assert_true (g_file_get_contents (path, &good, &length, NULL));
  g_clear_object (&f.journal);
  g_clear_object (&f.campaign);

  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *bad = g_memdup2 (good, length);
      g_autofree char *after = NULL;
      g_autoptr (TkrCampaign) campaign = NULL;
      g_autoptr (TkrJournal) journal = NULL;
      g_autoptr (GError) open_error = NULL;
      gsize bad_length = length, after_length;

      switch (i % 3)
        {
        case 0: /* cut short */
          bad_length = g_rand_int_range (f.rand, 0, length);
          break;
        case 1: /* a few bytes changed */
          for (int j = g_rand_int_range (rand, 1, 4); j > 0; j--)
            bad[g_rand_int_range (rand, 0, length)] = (char) g_rand_int_range (rand, 32, 127);
          break;
        default: /* a stretch repeated */
          {
            gsize from = g_rand_int_range (rand, 0, length);
            /* MIN() evaluates its arguments twice: draw the number once. */
            gsize drawn = (gsize) g_rand_int_range (rand, 1, 200);
            gsize span = MIN (drawn, length - from);
            char *longer = g_malloc (length + span);

            memcpy (longer, good, from + span);
            memcpy (longer + from + span, good + from, length - from);
            g_free (bad);
            bad = longer;
            bad_length = length + span;
          }
          break;
        }
      g_assert_true (g_file_set_contents (path, bad, bad_length, NULL));

      campaign = load (f.file);
      journal = tkr_journal_new (campaign);
      if (tkr_journal_open (journal, f.file, NULL, &open_error))
        {
          g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);

          g_assert_nonnull (bytes);
          opened++;
        }
      else
        {
          g_assert_nonnull (open_error);
          g_assert_true (g_utf8_validate (open_error->message, -1, NULL));
          g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
          g_assert_cmpmem (after, after_length, bad, bad_length);
          refused++;
        }
    }
  g_test_message ("200 damaged journals: %u opened, %u set aside", opened, refused);
  g_assert_cmpuint (refused, >, 0);

  fight_clear (&f);
}

/* The log is built from its events (issue 13): a line records its
 * message and values, and reads in the reader's language whatever words
 * were stored with it; the file keeps those words as they were (a byte
 * identical round trip), and older lines without a message read as
 * stored. A message that does not fit its values is refused in words. */
static void
test_log_from_events (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  GListModel *log = tkr_tracker_get_log (tracker);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  g_autoptr (TkrLogEntry) line = NULL;
  g_autoptr (TkrLogEntry) read = NULL;
  g_autoptr (TkrLogEntry) old = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) again = NULL;
  g_autoptr (JsonNode) bad = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_no_error (error);
  line = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_cmpstr (tkr_log_entry_get_message (line), ==, "%s joins the encounter");
  g_assert_cmpstr (tkr_log_entry_get_text (line), ==, "Alice joins the encounter");

  /* Stored in another language: read from the event, kept in the file. */
  node = json_from_string ("{\"round\":0,\"text\":\"Alice tritt der Begegnung bei\",\"time\":5,"
                           "\"message\":\"%s joins the encounter\",\"args\":[\"Alice\"]}",
                           NULL);
  read = tkr_log_entry_new_from_json (node, "log[0]", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_log_entry_get_text (read), ==, "Alice joins the encounter");
  again = tkr_log_entry_to_json (read);
  text = json_to_string (node, FALSE);
  text_again = json_to_string (again, FALSE);
  g_assert_cmpstr (text_again, ==, text);

  g_clear_pointer (&node, json_node_unref);
  node = json_from_string ("{\"round\":1,\"text\":\"Alice fällt\",\"time\":5}", NULL);
  old = tkr_log_entry_new_from_json (node, "log[0]", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_log_entry_get_text (old), ==, "Alice fällt");
  g_assert_null (tkr_log_entry_get_message (old));

  bad = json_from_string ("{\"round\":0,\"text\":\"x\",\"time\":5,"
                          "\"message\":\"%s meets %s\",\"args\":[\"Alice\"]}",
                          NULL);
  g_assert_null (tkr_log_entry_new_from_json (bad, "log[0]", &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
}

/* The changes between two JSON trees address elements of id-carrying
 * arrays by their ids, and apply both ways exactly. */
static void
test_patch (void)
{
  const char *pairs[][2] = {
    { "{\"a\":1,\"b\":[1,2,3]}", "{\"a\":2,\"b\":[1,3],\"c\":null}" },
    { "{\"l\":[{\"id\":\"x\",\"v\":1},{\"id\":\"y\",\"v\":2}]}",
      "{\"l\":[{\"id\":\"x\",\"v\":5},{\"id\":\"z\",\"v\":0},{\"id\":\"y\",\"v\":2}]}" },
    { "{\"l\":[{\"v\":1},{\"v\":2}],\"s\":\"x\"}", "{\"l\":[{\"v\":1,\"w\":true}],\"s\":[1]}" },
    { "[1,2,3,4,5]", "[0,1,2,9,4,5,6]" },
    { "{\"a\":{\"b\":{\"c\":[]}}}", "{\"a\":{\"b\":{\"c\":[{\"id\":\"q\"}]}}}" },
    { "{\"a\":1}", "{\"a\":{\"b\":[1]}}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr (JsonNode) a = json_from_string (pairs[i][0], NULL);
      g_autoptr (JsonNode) b = json_from_string (pairs[i][1], NULL);
      g_autoptr (JsonNode) forward = tkr_json_patch_diff (a, b);
      g_autoptr (JsonNode) backward = tkr_json_patch_diff (b, a);
      g_autoptr (JsonNode) walk = tkr_json_deep_copy (a);
      g_autoptr (GError) error = NULL;

      g_assert_false (tkr_json_patch_is_empty (forward));
      g_assert_true (tkr_json_patch_apply (walk, forward, &error));
      g_assert_no_error (error);
      g_assert_true (json_node_equal (walk, b));
      g_assert_true (tkr_json_patch_apply (walk, backward, &error));
      g_assert_no_error (error);
      g_assert_true (json_node_equal (walk, a));
    }

  /* An element of an id-carrying array is addressed by its id. */
  {
    g_autoptr (JsonNode) a = json_from_string (pairs[1][0], NULL);
    g_autoptr (JsonNode) b = json_from_string (pairs[1][1], NULL);
    g_autoptr (JsonNode) forward = tkr_json_patch_diff (a, b);
    g_autofree char *text = json_to_string (forward, FALSE);

    g_assert_nonnull (strstr (text, "{\"id\":\"x\"}"));
  }

  /* A change that does not fit is refused in words. */
  {
    g_autoptr (JsonNode) a = json_from_string ("{\"a\":1}", NULL);
    g_autoptr (JsonNode) bad = json_from_string (
      "[{\"op\":\"splice\",\"path\":[\"a\"],\"at\":0,\"delete\":1,\"insert\":[]}]", NULL);
    g_autoptr (GError) error = NULL;

    g_assert_false (tkr_json_patch_apply (a, bad, &error));
    g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/journal/patch", test_patch);
  g_test_add_func ("/journal/log-from-events", test_log_from_events);
  g_test_add_func ("/journal/action-points/rewind-across-turns", test_ap_rewind_across_turns);
  g_test_add_func ("/journal/writer-order-and-failure", test_writer_order_and_failure);
  g_test_add_func ("/journal/regression-files", test_regression_files);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      struct
      {
        const char *name;
        GTestDataFunc func;
      } cases[] = {
        { "undo-after-kill", test_undo_after_kill },
        { "rewind-to-round-two", test_rewind_to_round_two },
        { "damaged-journal", test_damaged_journal },
        { "torn-last-event", test_torn_last_event },
        { "bounded-history", test_bounded_history },
        { "library-steps", test_library_steps },
        { "mutated-journals", test_mutated_journals },
      };

      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        {
          g_autofree char *path = g_strdup_printf ("/journal/%s/%s", systems[i], cases[j].name);
          g_test_add_data_func (path, systems[i], cases[j].func);
        }
    }
  return g_test_run ();
}
