/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The command palette (Ctrl+K, help/C/keyboard.page): a command found by a
 * part of its name runs where it lives (here the encounter's next turn and
 * pause), the palette closes, and a command that cannot run now leaves the
 * encounter as it was.
 */

#include "config.h"

#include <adwaita.h>

#include "tkr-command-palette.h"
#include "tkr-core.h"
#include "tkr-test-widgets.h"

typedef struct
{
  TkrWindow *window;
  TkrCampaign *campaign;
  TkrEncounter *encounter;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);

  f->window = tkr_window_new (NULL);
  tkr_document_set_autosave_delay_ms (tkr_window_get_document (f->window), 600000);
  f->campaign = g_object_ref (tkr_document_get_campaign (tkr_window_get_document (f->window)));
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);
      g_assert_nonnull (tkr_campaign_add_to_encounter (
        f->campaign, tkr_campaign_add_pc (f->campaign, name), &error));
    }
  f->encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->campaign);
}

static gboolean
palette_open (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (TKR_IS_COMMAND_PALETTE (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        {
          *(gpointer *) data = window;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
palette_closed (gpointer data)
{
  gpointer palette = NULL;

  return !palette_open (&palette);
}

static TkrCommandPalette *
open_palette (Fixture *f)
{
  gpointer palette = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.command-palette", NULL));
  g_assert_true (tkr_test_wait_until (palette_open, &palette));
  return palette;
}

static void
test_find_and_run (Fixture *f, gconstpointer data)
{
  int index = tkr_encounter_get_current_index (f->encounter);
  int round = tkr_encounter_get_round (f->encounter);
  int n = g_list_model_get_n_items (tkr_encounter_get_order (f->encounter));

  /* "next t" finds "Next turn" first. */
  g_assert_true (tkr_command_palette_run_first (open_palette (f), "next t"));
  g_assert_true (tkr_test_wait_until (palette_closed, NULL));
  g_assert_cmpint (tkr_encounter_get_current_index (f->encounter), ==, (index + 1) % n);
  g_assert_cmpint (tkr_encounter_get_round (f->encounter), ==, round + (index + 1) / n);

  g_assert_true (tkr_command_palette_run_first (open_palette (f), "PAUSE"));
  g_assert_cmpint (tkr_encounter_get_phase (f->encounter), ==, TKR_PHASE_PAUSED);

  /* Begin Setup cannot run in Paused: nothing changes. */
  g_assert_false (tkr_command_palette_run_first (open_palette (f), "begin setup"));
  g_assert_cmpint (tkr_encounter_get_phase (f->encounter), ==, TKR_PHASE_PAUSED);

  /* Nothing matches: nothing runs. */
  g_assert_false (tkr_command_palette_run_first (open_palette (f), "xyzzy"));
}

/* Every combatant's turn resources left, together. */
static int
resources_left (TkrEncounter *encounter)
{
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  int sum = 0;

  for (guint c = 0; c < g_list_model_get_n_items (combatants); c++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, c);
      GListModel *resources = tkr_combatant_get_resources (combatant);

      for (guint i = 0; i < g_list_model_get_n_items (resources); i++)
        {
          g_autoptr (TkrResource) resource = g_list_model_get_item (resources, i);

          sum += tkr_resource_get_current (resource);
        }
    }
  return sum;
}

/* The fight keys' commands are in the palette too (it reads the keymap):
 * "spend the turn" spends a Beat of whoever's turn it is. */
static void
test_fight_command_from_the_palette (Fixture *f, gconstpointer data)
{
  int before = resources_left (f->encounter);

  g_assert_true (tkr_command_palette_run_first (open_palette (f), "spend the turn"));
  g_assert_cmpint (resources_left (f->encounter), ==, before - 1);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/command-palette/find-by-name-and-run", Fixture, NULL, fixture_setup,
              test_find_and_run, fixture_teardown);
  g_test_add ("/command-palette/fight-command-runs-on-whose-turn-it-is", Fixture, NULL,
              fixture_setup, test_fight_command_from_the_palette, fixture_teardown);
  return g_test_run ();
}
