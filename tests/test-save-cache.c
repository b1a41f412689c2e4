/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * An autosave copies the text it kept of every character, combatant and
 * log line the history has not changed, and writes only what changed
 * (docs/ARCHITECTURE.md, "Files"). The rule checked here: the bytes a save
 * writes are always exactly what tkr_file_serialize() makes of
 * tkr_campaign_to_root(), a fresh full serialisation, after each kind of
 * change made through the history, after its undo and after its redo, in
 * every rule system, with an encounter in Main holding PCs, NPCs (the
 * Kleptonomicon's in a group), a hidden combatant, a delayed one and an
 * effect (Pathfinder 2e), a held action (d20), reminders and conditions.
 * A kept text never goes stale. The same holds for the tree end the
 * journal diffs after every step (tkr_campaign_to_root_kept: nodes kept
 * between trees): its file form is always the fresh one.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tkr-core.h"
#include "tkr-file.h"
#include "tkr-json-lazy.h"
#include "tkr-pf2e-encounter.h"

typedef struct
{
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrEncounter *encounter;
  guint checks;
} Fixture;

/* The save's bytes against a full serialisation, and the async path's
 * pieces joined against the same. */
static void
check (Fixture *f, const char *what)
{
  g_autoptr (JsonNode) root = tkr_campaign_to_root (f->campaign);
  g_autoptr (GBytes) expected = tkr_file_serialize (root);
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (f->campaign);

  if (!g_bytes_equal (bytes, expected))
    {
      gsize a, b, i;
      const char *x = g_bytes_get_data (bytes, &a);
      const char *y = g_bytes_get_data (expected, &b);

      for (i = 0; i < MIN (a, b) && x[i] == y[i]; i++)
        ;
      g_test_message ("after %s: the save differs at byte %" G_GSIZE_FORMAT
                      ":\n--- saved:\n%.200s\n--- expected:\n%.200s",
                      what, i, x + (i > 100 ? i - 100 : 0), y + (i > 100 ? i - 100 : 0));
      g_test_fail_printf ("a kept text went stale after %s", what);
    }
  {
    g_autoptr (JsonNode) kept = tkr_campaign_to_root_kept (f->campaign);
    g_autoptr (GBytes) kept_bytes = tkr_file_serialize (kept);
    /* Its lazy nodes read back as trees (tkr-json-lazy.h): the same file. */
    g_autoptr (JsonNode) expanded = tkr_json_lazy_expand (kept);
    g_autoptr (GBytes) expanded_bytes = tkr_file_serialize (expanded);

    if (!g_bytes_equal (kept_bytes, expected))
      g_test_fail_printf ("a kept node went stale after %s", what);
    if (!g_bytes_equal (expanded_bytes, expected))
      g_test_fail_printf ("a kept node does not read back as its tree after %s", what);
  }
  f->checks++;
}

/* A change (TRUE when the system has it), then its undo and its redo, each
 * checked; a second save in between proves kept texts are reused. */
static void
change (Fixture *f, const char *what, gboolean made)
{
  if (!made)
    {
      g_test_message ("%s: not in this system", what);
      return;
    }
  check (f, what);
  check (f, what);
  g_assert_true (tkr_history_undo (f->history));
  check (f, what);
  g_assert_true (tkr_history_redo (f->history));
  check (f, what);
}

static TkrCombatant *
combatant_at (Fixture *f, guint i)
{
  GListModel *combatants = tkr_encounter_get_combatants (f->encounter);
  g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

  return combatant; /* the encounter keeps it */
}

static TkrCharacter *
npc_at (Fixture *f, guint i)
{
  g_autoptr (TkrCharacter) npc = g_list_model_get_item (tkr_campaign_get_npcs (f->campaign), i);

  return npc; /* the library keeps it */
}

static gboolean
ok (gboolean result, GError *error)
{
  if (error != NULL)
    g_test_message ("refused: %s", error->message);
  return result;
}

static const char *conditions[] = { "slowed", "frightened", "prone", "off-balance", NULL };

static void
test_no_stale_text (gconstpointer data)
{
  const char *system = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  TkrCharacter *hero, *ally, *goblin, *orc;
  guint n;
  Fixture f = { 0 };

  g_assert_no_error (error);
  campaign = tkr_campaign_new (rules);
  f.campaign = campaign;
  f.history = tkr_campaign_get_history (campaign);
  hero = tkr_campaign_add_pc (campaign, "Ann");
  ally = tkr_campaign_add_pc (campaign, "Bo");
  goblin = tkr_campaign_add_npc (campaign, "Goblin");
  orc = tkr_campaign_add_npc (campaign, "Orc");
  tkr_campaign_add_npc (campaign, "Wolf");
  check (&f, "a new campaign");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, hero, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, ally, &error));
  for (int i = 0; i < 3; i++)
    g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, goblin, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, orc, &error));
  g_assert_no_error (error);
  f.encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  tkr_encounter_set_rand (f.encounter, rand);
  check (&f, "adding to the encounter");
  g_assert_true (ok (tkr_encounter_begin_setup (f.encounter, &error), error));
  check (&f, "Setup");
  g_assert_true (ok (tkr_encounter_roll_missing (f.encounter, rand, &error), error));
  g_assert_true (ok (tkr_encounter_begin_main (f.encounter, &error), error));
  check (&f, "Main");
  n = g_list_model_get_n_items (tkr_encounter_get_combatants (f.encounter));
  g_assert_cmpuint (n, ==, 6);

  /* The encounter's own state. */
  change (&f, "damage to a PC",
          ok (tkr_encounter_change_health_typed (f.encounter, combatant_at (&f, 0), "-3", &error),
              error));
  g_clear_error (&error);
  change (&f, "damage to an NPC",
          ok (tkr_encounter_change_health_typed (f.encounter, combatant_at (&f, 3), "-2", &error),
              error));
  g_clear_error (&error);
  change (&f, "temporary health",
          ok (tkr_encounter_change_health_typed (f.encounter, combatant_at (&f, 4), "t4", &error),
              error));
  g_clear_error (&error);
  {
    TkrCombatant *current = NULL;

    for (guint i = 0; i < n && current == NULL; i++)
      if (tkr_encounter_spend_turn_resource (f.encounter, combatant_at (&f, i), NULL))
        current = combatant_at (&f, i);
    if (current != NULL)
      {
        g_assert_true (tkr_history_undo (f.history));
        check (&f, "a turn resource spent and undone");
        change (&f, "spending a turn resource",
                ok (tkr_encounter_spend_turn_resource (f.encounter, current, &error), error));
        g_clear_error (&error);
        change (&f, "moving", ok (tkr_encounter_move (f.encounter, current, 1, &error), error));
        g_clear_error (&error);
        change (&f, "a Dash", ok (tkr_encounter_dash (f.encounter, current, &error), error));
        g_clear_error (&error);
      }
  }
  for (guint i = 0; i < n; i++)
    if (tkr_encounter_react (f.encounter, combatant_at (&f, i), NULL))
      {
        g_assert_true (tkr_history_undo (f.history));
        change (&f, "a reaction",
                ok (tkr_encounter_react (f.encounter, combatant_at (&f, i), &error), error));
        g_clear_error (&error);
        break;
      }
  for (guint i = 0; conditions[i] != NULL; i++)
    if (tkr_encounter_add_condition (f.encounter, combatant_at (&f, 2), conditions[i], NULL))
      {
        g_assert_true (tkr_history_undo (f.history));
        change (&f, "a condition",
                ok (tkr_encounter_add_condition (f.encounter, combatant_at (&f, 2), conditions[i],
                                                 &error),
                    error));
        g_clear_error (&error);
        break;
      }
  change (&f, "hiding a combatant",
          ok (tkr_encounter_set_hidden (f.encounter, combatant_at (&f, 5), TRUE, &error), error));
  g_clear_error (&error);
  change (
    &f, "a reminder",
    ok (tkr_reminders_add (f.encounter, "Check the door", combatant_at (&f, 1), 0, &error) != NULL,
        error));
  g_clear_error (&error);
  change (&f, "Delay", ok (tkr_encounter_delay (f.encounter, &error), error));
  g_clear_error (&error);
  if (TKR_IS_PF2E_ENCOUNTER (f.encounter))
    {
      TkrPf2eEncounter *pf2e = TKR_PF2E_ENCOUNTER (f.encounter);

      for (guint i = 0; i < n; i++)
        if (tkr_pf2e_encounter_add_effect (pf2e, TKR_PF2E_COMBATANT (combatant_at (&f, i)), "Bless",
                                           2, NULL) != NULL)
          {
            g_assert_true (tkr_history_undo (f.history));
            change (&f, "an effect",
                    tkr_pf2e_encounter_add_effect (pf2e, TKR_PF2E_COMBATANT (combatant_at (&f, i)),
                                                   "Bless", 2, &error) != NULL);
            g_assert_no_error (error);
            break;
          }
    }
  for (guint i = 0; i < n; i++)
    if (tkr_encounter_hold (f.encounter, combatant_at (&f, i), NULL))
      {
        g_assert_true (tkr_history_undo (f.history));
        change (&f, "a held action",
                ok (tkr_encounter_hold (f.encounter, combatant_at (&f, i), &error), error));
        g_clear_error (&error);
        break;
      }
  for (int turn = 0; turn < 8; turn++)
    {
      change (&f, "next turn", ok (tkr_encounter_next_turn (f.encounter, &error), error));
      g_clear_error (&error);
    }

  /* The sheets: the library, the party and the encounter's copies. */
  change (&f, "renaming a library NPC",
          ok (tkr_character_rename (npc_at (&f, 2), f.history, "Dire Wolf", &error), error));
  change (&f, "renaming a PC", ok (tkr_character_rename (hero, f.history, "Anna", &error), error));
  change (&f, "renaming an encounter copy",
          ok (tkr_character_rename (tkr_combatant_get_character (combatant_at (&f, 3)), f.history,
                                    "Goblin Boss", &error),
              error));
  change (&f, "a PC's level", ok (tkr_character_set_level (ally, f.history, 3, &error), error));
  g_clear_error (&error);
  change (&f, "a copy's skill",
          ok (tkr_character_set_modifier (tkr_combatant_get_character (combatant_at (&f, 4)),
                                          f.history, TKR_MODIFIER_KIND_SKILL, "Stealth", 4, &error),
              error));
  g_clear_error (&error);
  tkr_character_adjust_pool (npc_at (&f, 0), f.history, TKR_POOL_HEALTH, -1);
  change (&f, "a library NPC's health", TRUE);
  change (&f, "a library NPC's movement",
          ok (tkr_character_set_range (npc_at (&f, 1), f.history, "Fly", 6, &error), error));
  g_clear_error (&error);
  {
    g_autoptr (TkrItem) item = tkr_item_new ("Rope", 1);

    change (&f, "an item",
            ok (tkr_character_add_item (npc_at (&f, 1), f.history, item, &error), error));
    g_clear_error (&error);
  }

  /* Several steps back and forth between saves. */
  for (int i = 0; i < 5; i++)
    g_assert_true (tkr_history_undo (f.history));
  check (&f, "five undos");
  for (int i = 0; i < 3; i++)
    g_assert_true (tkr_history_redo (f.history));
  check (&f, "three redos");

  /* Back to Freeplay: the End and its award. */
  if (tkr_encounter_end (f.encounter, &error))
    check (&f, "the End");
  g_clear_error (&error);
  g_test_message ("%u saves compared in %s", f.checks, system);
  g_assert_cmpuint (f.checks, >, 60);
}

static void
saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  gboolean *done = user_data;
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_campaign_save_finish (TKR_CAMPAIGN (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

/* tkr_campaign_save_async takes the campaign as it is at the call; the
 * worker joins the pieces while the caller goes on changing (and dropping
 * kept texts): the file holds the state at the call, byte for byte. */
static void
test_async_save (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autofree char *dir = g_dir_make_tmp ("test-save-cache-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.tkcampaign", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrEncounter *encounter;
  TkrCharacter *goblin;

  g_assert_no_error (error);
  tkr_campaign_add_pc (campaign, "Ann");
  goblin = tkr_campaign_add_npc (campaign, "Goblin");
  for (int i = 0; i < 20; i++)
    g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, goblin, &error));
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  for (int round = 0; round < 3; round++)
    {
      g_autoptr (GBytes) expected = NULL;
      g_autoptr (GBytes) written = NULL;
      g_autoptr (TkrCombatant) combatant = NULL;
      gboolean done = FALSE;

      g_bytes_unref (tkr_campaign_to_bytes (campaign));
      {
        g_autoptr (JsonNode) root = tkr_campaign_to_root (campaign);

        expected = tkr_file_serialize (root);
      }
      tkr_campaign_save_async (campaign, file, NULL, saved_cb, &done);
      /* Changes while the worker writes. */
      g_assert_true (ok (
        tkr_character_rename (goblin, history, round % 2 ? "Goblin" : "Hobgoblin", &error), error));
      if (round == 0)
        {
          g_assert_true (ok (tkr_encounter_begin_setup (encounter, &error), error));
          g_assert_true (
            ok (tkr_encounter_roll_missing (encounter, tkr_encounter_get_rand (encounter), &error),
                error));
          g_assert_true (ok (tkr_encounter_begin_main (encounter, &error), error));
        }
      combatant = g_list_model_get_item (tkr_encounter_get_combatants (encounter), 1);
      g_assert_true (
        ok (tkr_encounter_change_health_typed (encounter, combatant, "-1", &error), error));
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      written = tkr_file_load (file, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (g_bytes_equal (written, expected));
    }
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_unlink (backup);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static TkrCampaign *
campaign_for_prepare (void)
{
  g_autoptr (GError) error = NULL;
  TkrCampaign *campaign = tkr_campaign_new (NULL);
  TkrCharacter *npc = NULL;

  tkr_campaign_add_pc (campaign, "Ann");
  tkr_campaign_add_pc (campaign, "Bo");
  for (int i = 0; i < 30; i++)
    {
      g_autofree char *name = g_strdup_printf ("Foe %d", i + 1);

      npc = tkr_campaign_add_npc (campaign, name);
    }
  for (int i = 0; i < 10; i++)
    g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, npc, &error));
  g_assert_no_error (error);
  /* In Main, with its combatants. */
  {
    TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
    g_autoptr (GRand) rand = g_rand_new_with_seed (7);

    g_assert_true (tkr_encounter_begin_setup (encounter, &error));
    g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
    g_assert_true (tkr_encounter_begin_main (encounter, &error));
    g_assert_no_error (error);
  }
  return campaign;
}

/* Written ahead between events (tkr_campaign_prepare_save), the next save
 * writes none of the party's, the library's, the encounter's NPCs' or its
 * log lines' texts anew, and its bytes are still a full serialisation's. */
static void
test_prepare (void)
{
  g_autoptr (TkrCampaign) prepared = campaign_for_prepare ();
  g_autoptr (TkrCampaign) cold = campaign_for_prepare ();
  g_autoptr (TkrSavePieces) prepared_pieces = NULL;
  g_autoptr (TkrSavePieces) cold_pieces = NULL;
  g_autoptr (TkrSavePieces) again = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GBytes) expected = NULL;
  guint calls = 0;

  /* A budget of nothing still goes on: a slice at a time. */
  while (!tkr_campaign_prepare_save (prepared, 0))
    calls++;
  g_assert_cmpuint (calls, >, 0);
  prepared_pieces = tkr_campaign_to_pieces (prepared);
  cold_pieces = tkr_campaign_to_pieces (cold);
  /* 2 PCs, 30 library NPCs, 10 NPCs in the encounter, its combatants and
   * log lines:
   * a cold save writes them all, a prepared one none. */
  g_assert_cmpuint (tkr_save_pieces_get_n_made (cold_pieces), >=, 2 + 30 + 10);
  g_assert_cmpuint (tkr_save_pieces_get_n_made (prepared_pieces), ==, 0);
  bytes = tkr_save_pieces_join (prepared_pieces);
  root = tkr_campaign_to_root (prepared);
  expected = tkr_file_serialize (root);
  g_assert_true (g_bytes_equal (bytes, expected));
  /* Nothing changed since: nothing is written anew. */
  again = tkr_campaign_to_pieces (prepared);
  g_assert_cmpuint (tkr_save_pieces_get_n_made (again), ==, 0);
}

int
main (int argc, char *argv[])
{
  static const char *systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autofree char *path = g_strdup_printf ("/save-cache/no-stale-text/%s", systems[i]);

      g_test_add_data_func (path, systems[i], test_no_stale_text);
    }
  g_test_add_func ("/save-cache/async-save", test_async_save);
  g_test_add_func ("/save-cache/prepare", test_prepare);
  return g_test_run ();
}
