/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Writes the campaign harnesses' seed corpora: for each rule system a
 * directory of campaign files in every phase, made with the core's own
 * commands (so they are always of the current format), among them a fight
 * with damage, temporary health, a timed effect, a reminder and a condition
 * after a few turns.
 *
 * And the journal harness's (tests/fuzz/fuzz-journal.c): journals written
 * by the core beside tests/files/journal/<system>.tkcampaign, with steps,
 * undo, redo, round starts (an Action-Point fight through two Turns) and
 * a compacted header that holds steps to redo.
 *
 *   fuzz-seeds DIR    writes a .tkcampaign file per phase in DIR/<system>/
 *                     and the journals in DIR/journal/
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>

#include "../journal-check.h"
#include "tkr-core.h"
#include "tkr-ap-encounter.h"
#include "tkr-effects.h"
#include "tkr-quick.h"

typedef struct
{
  const char *dir;
  TkrCampaign *campaign;
  TkrTracker *tracker;
  TkrEncounter *encounter;
  TkrCharacter *alice;
  TkrCharacter *goblin;
  GRand *rand;
  int failures;
} Seeds;

static void
write_seed (Seeds *s, const char *name)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (s->campaign);
  g_autofree char *path = g_build_filename (s->dir, name, NULL);
  g_autoptr (GError) error = NULL;

  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    {
      fprintf (stderr, "fuzz-seeds: %s\n", error->message);
      s->failures++;
    }
}

/* A step that fails leaves a note; the seeds made so far stay. */
static gboolean
step (Seeds *s, const char *what, gboolean ok, GError *error)
{
  if (!ok)
    {
      fprintf (stderr, "fuzz-seeds: %s: %s\n", what, error != NULL ? error->message : "failed");
      s->failures++;
    }
  g_clear_error (&error);
  return ok;
}

static void
write_system (const char *top, const char *system)
{
  Seeds s = { 0 };
  g_autoptr (TkrRules) rules = NULL;
  g_autofree char *dir = g_build_filename (top, system, NULL);
  TkrCharacter *library;
  TkrCombatant *goblin;
  GError *error = NULL;

  s.dir = dir;
  g_mkdir_with_parents (dir, 0755);
  rules = tkr_rules_new_from_resource (system, &error);
  if (!step (&s, "rules", rules != NULL, error))
    exit (1);
  s.campaign = tkr_campaign_new (rules);
  s.tracker = tkr_campaign_get_tracker (s.campaign);
  s.encounter = TKR_ENCOUNTER (s.tracker);
  s.rand = g_rand_new_with_seed (20261126);
  write_seed (&s, "empty.tkcampaign");

  s.alice = tkr_campaign_add_pc (s.campaign, "Alice");
  tkr_campaign_add_pc (s.campaign, "Bérénice");
  library = tkr_campaign_add_npc (s.campaign, "Goblin");
  tkr_campaign_add_npc (s.campaign, "Ogre");
  step (&s, "add Alice", tkr_campaign_add_to_encounter (s.campaign, s.alice, &error) != NULL,
        error);
  error = NULL;
  s.goblin = tkr_campaign_add_to_encounter (s.campaign, library, &error);
  step (&s, "add a goblin", s.goblin != NULL, error);
  error = NULL;
  step (&s, "add a second goblin",
        tkr_campaign_add_to_encounter (s.campaign, library, &error) != NULL, error);
  error = NULL;
  step (&s, "a condition",
        tkr_character_add_condition (s.alice, tkr_campaign_get_history (s.campaign), rules,
                                     "Shaken", 1, TKR_TURN_NONE, &error) != NULL,
        error);
  error = NULL;
  write_seed (&s, "freeplay.tkcampaign");

  if (!step (&s, "setup", tkr_tracker_transition (s.tracker, TKR_PHASE_SETUP, &error), error))
    goto out;
  error = NULL;
  write_seed (&s, "setup.tkcampaign");
  if (!step (&s, "roll", tkr_encounter_roll_missing (s.encounter, s.rand, &error), error) ||
      !step (&s, "main", tkr_tracker_transition (s.tracker, TKR_PHASE_MAIN, &error), error))
    goto out;
  error = NULL;
  write_seed (&s, "main-start.tkcampaign");

  goblin = s.goblin != NULL ? tkr_encounter_find_combatant (s.encounter, s.goblin) : NULL;
  if (goblin != NULL)
    {
      step (&s, "damage", tkr_encounter_change_health_typed (s.encounter, goblin, "-3", &error),
            error);
      error = NULL;
      step (&s, "temporary health",
            tkr_encounter_change_health_typed (s.encounter, goblin, "t2", &error), error);
      error = NULL;
      step (&s, "effect",
            tkr_effects_add_timed (s.encounter, goblin, "Burning", TKR_EFFECT_DURATION_ROUNDS, 2,
                                   TKR_EFFECT_EDGE_TURN_START, NULL, NULL, &error) != NULL,
            error);
      error = NULL;
      step (&s, "reminder",
            tkr_reminders_add (s.encounter, "Reinforcements", goblin, 2, &error) != NULL, error);
      error = NULL;
    }
  for (int i = 0; i < 4; i++)
    {
      if (!step (&s, "next turn", tkr_tracker_next_turn (s.tracker, &error), error))
        break;
      error = NULL;
    }
  write_seed (&s, "main-later.tkcampaign");
  if (step (&s, "pause", tkr_tracker_transition (s.tracker, TKR_PHASE_PAUSED, &error), error))
    {
      write_seed (&s, "paused.tkcampaign");
      step (&s, "resume", tkr_tracker_transition (s.tracker, TKR_PHASE_MAIN, &error), error);
    }
  error = NULL;
  if (step (&s, "end", tkr_tracker_transition (s.tracker, TKR_PHASE_END, &error), error))
    write_seed (&s, "end.tkcampaign");
  error = NULL;

out:
  g_clear_object (&s.campaign);
  g_rand_free (s.rand);
  if (s.failures > 0)
    fprintf (stderr, "fuzz-seeds: %s: %d steps failed\n", system, s.failures);
}

static void
write_journal_seed (const char *top, guint system, const char *name, GFile *journal_file)
{
  g_autofree char *contents = NULL;
  g_autofree char *file_name = g_strdup_printf ("%s-%s", journal_check_systems[system], name);
  g_autofree char *path = g_build_filename (top, "journal", file_name, NULL);
  g_autoptr (GString) seed = g_string_new (NULL);
  gsize length;

  if (!g_file_load_contents (journal_file, NULL, &contents, &length, NULL, NULL))
    {
      fprintf (stderr, "fuzz-seeds: no journal for %s\n", file_name);
      return;
    }
  g_string_append_c (seed, '0' + system);
  g_string_append_len (seed, contents, length);
  if (!g_file_set_contents (path, seed->str, seed->len, NULL))
    fprintf (stderr, "fuzz-seeds: %s not written\n", path);
}

static void
journal_save (TkrCampaign *campaign, TkrJournal *journal, GFile *file)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);
  g_autoptr (GError) error = NULL;

  tkr_journal_begin_save (journal);
  if (!tkr_file_save (file, bytes, NULL, &error) ||
      !tkr_journal_end_save (journal, file, TRUE, &error))
    fprintf (stderr, "fuzz-seeds: a journal's save: %s\n", error->message);
}

static void
write_journals (const char *top, guint system)
{
  g_autofree char *work = g_dir_make_tmp ("tkr-fuzz-seeds-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (work, "doc", NULL);
  g_autofree char *problem = NULL;
  JournalCheckDocument doc = { 0 };
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrJournal) journal = NULL;
  g_autoptr (GFile) journal_file = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  GError *error = NULL;
  TkrHistory *history;
  TkrTracker *tracker;
  guint steps = 0;

  if (!journal_check_document_init (&doc, TKR_JOURNAL_FILES, journal_check_systems[system], dir,
                                    &problem))
    {
      fprintf (stderr, "fuzz-seeds: %s\n", problem);
      exit (1);
    }
  journal_file = tkr_journal_file_for (doc.document);
  campaign = tkr_campaign_new_from_bytes (doc.file, &error);
  history = tkr_campaign_get_history (campaign);
  tracker = tkr_campaign_get_tracker (campaign);
  journal = tkr_journal_new (campaign);
  if (!tkr_journal_open (journal, doc.document, NULL, &error))
    {
      fprintf (stderr, "fuzz-seeds: %s\n", error->message);
      exit (1);
    }
  tkr_encounter_set_rand (TKR_ENCOUNTER (tracker), rand);
  if (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, NULL) &&
      tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker), rand, NULL) &&
      tkr_tracker_transition (tracker, TKR_PHASE_MAIN, NULL))
    {
      /* Enough turns for rounds to begin again (and, in the Action-Point
       * system, a Reset and a second Turn). */
      for (guint i = 0; i < 40; i++)
        {
          if (TKR_IS_AP_ENCOUNTER (tracker)
                ? tkr_ap_encounter_get_turn (TKR_AP_ENCOUNTER (tracker)) >= 2
                : i >= 8)
            break;
          GObject *slot = tkr_encounter_get_current_slot (TKR_ENCOUNTER (tracker));

          if (TKR_IS_COMBATANT (slot))
            tkr_encounter_spend_turn_resource (TKR_ENCOUNTER (tracker), TKR_COMBATANT (slot), NULL);
          if (!tkr_tracker_next_turn (tracker, NULL))
            break;
        }
      tkr_history_undo (history);
      tkr_history_undo (history);
      tkr_history_redo (history);
      tkr_tracker_next_turn (tracker, NULL);
    }
  tkr_journal_flush (journal);
  write_journal_seed (top, system, "events.journal", journal_file);

  /* Back to the state saved: the journal's header then holds every step
   * to redo and the round starts. */
  while (tkr_history_undo (history))
    steps++;
  if (journal_check_same_bytes (doc.file, campaign))
    {
      journal_save (campaign, journal, doc.document);
      for (guint i = 0; i < steps / 2; i++)
        tkr_history_redo (history);
      tkr_journal_flush (journal);
      write_journal_seed (top, system, "header.journal", journal_file);
    }
  g_clear_object (&journal);
  g_file_delete (journal_file, NULL, NULL);
  g_file_delete (doc.document, NULL, NULL);
  g_rmdir (dir);
  g_rmdir (work);
  journal_check_document_clear (&doc);
}

int
main (int argc, char *argv[])
{
  const char *const *systems = tkr_tracker_get_rule_systems ();

  if (argc != 2)
    {
      fprintf (stderr, "usage: fuzz-seeds DIR\n");
      return 2;
    }
  for (guint i = 0; systems[i] != NULL; i++)
    write_system (argv[1], systems[i]);
  {
    g_autofree char *journals = g_build_filename (argv[1], "journal", NULL);

    g_mkdir_with_parents (journals, 0755);
    for (guint i = 0; i < G_N_ELEMENTS (journal_check_systems); i++)
      write_journals (argv[1], i);
  }
  return 0;
}
