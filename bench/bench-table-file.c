/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The table file (help/C/sync.page): what writing it costs the GM's main
 * thread after each change (the tree, and comparing it with the last one;
 * its text and the write run on a worker), as a ratio to one 16.7 ms
 * frame, beside what the text alone would cost, and its size, with N
 * combatants in each rule system; and how soon a follower in the same
 * folder has read a change (its settle time included).
 *
 * ./build/bench/bench-table-file [N] (default 1,000). Prints; never fails.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "tkr-ap-encounter.h"
#include "tkr-core.h"
#include "tkr-table-file.h"

#define FRAME_US 16667.0
#define RUNS 21

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Kim and N - 1 copies of @kinds library NPCs, taken in turn (a
 * Kleptonomicon group of two kinds is called by its members' names). */
static TkrCampaign *
running_kinds (const char *system, guint n, guint kinds)
{
  static const char *const names[] = { "Goblin", "Wolf" };
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  TkrCampaign *campaign = tkr_campaign_new (rules);
  TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
  TkrCharacter *npcs[G_N_ELEMENTS (names)];

  kinds = CLAMP (kinds, 1, G_N_ELEMENTS (names));
  for (guint k = 0; k < kinds; k++)
    npcs[k] = tkr_campaign_add_npc (campaign, names[k]);
  tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, "Kim"), NULL);
  for (guint i = 1; i < n; i++)
    tkr_campaign_add_to_encounter (campaign, npcs[(i - 1) % kinds], NULL);
  g_assert_true (tkr_encounter_begin_setup (encounter, NULL));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, NULL));
  g_assert_true (tkr_encounter_begin_main (encounter, NULL));
  if (TKR_IS_AP_ENCOUNTER (encounter))
    tkr_ap_encounter_run_reset (TKR_AP_ENCOUNTER (encounter), NULL, NULL);
  return campaign;
}

static TkrCampaign *
running (const char *system, guint n)
{
  return running_kinds (system, n, 1);
}

/* The main thread's cost of one table (median of RUNS, in microseconds)
 * and its size in bytes. */
static double
measure (TkrEncounter *encounter, gsize *size, double *text_time)
{
  double times[RUNS], text_times[RUNS];
  g_autoptr (JsonNode) previous = tkr_table_file_build (encounter, "word");

  for (guint r = 0; r < RUNS; r++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr (JsonNode) root = tkr_table_file_build (encounter, "word");
      gboolean same = json_node_equal (root, previous);
      g_autoptr (GBytes) bytes = NULL;

      times[r] = g_get_monotonic_time () - start;
      g_assert_true (same);
      start = g_get_monotonic_time ();
      bytes = tkr_file_serialize (root);
      text_times[r] = g_get_monotonic_time () - start;
      *size = g_bytes_get_size (bytes);
    }
  qsort (times, RUNS, sizeof (double), compare_doubles);
  qsort (text_times, RUNS, sizeof (double), compare_doubles);
  *text_time = text_times[RUNS / 2];
  return times[RUNS / 2];
}

static gboolean
follower_moved (TkrTableFollower *follower, guint serial)
{
  return tkr_table_follower_get_serial (follower) > serial;
}

int
main (int argc, char *argv[])
{
  static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };
  guint n = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 1000;

  g_print ("table file with %u combatants: main thread per change (frames), size\n", n);
  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    {
      g_autoptr (TkrCampaign) campaign = running (systems[s], n);
      gsize size = 0;
      double text_time = 0;
      double time = measure (tkr_campaign_get_encounter (campaign), &size, &text_time);

      g_print ("  %-14s %.2f frames (median of %d; the text, on a worker: %.2f), %" G_GSIZE_FORMAT
               " KiB\n",
               systems[s], time / FRAME_US, RUNS, text_time / FRAME_US, size / 1024);
    }
  /* A group of two kinds is called by its members' names; the table file
   * names it as players read it, counted by kind ("Goblin ×500, Wolf
   * ×499", tkr_players_slot_name). */
  {
    g_autoptr (TkrCampaign) campaign = running_kinds ("kleptonomicon", n, 2);
    gsize size = 0;
    double text_time = 0;
    double time = measure (tkr_campaign_get_encounter (campaign), &size, &text_time);

    g_print ("  %-14s %.2f frames (median of %d; the text, on a worker: %.2f), %" G_GSIZE_FORMAT
             " KiB (one group of two kinds)\n",
             "kleptonomicon", time / FRAME_US, RUNS, text_time / FRAME_US, size / 1024);
  }

  /* Publish, change, and wait for a follower to have read the change. */
  {
    g_autofree char *folder = g_dir_make_tmp ("tkr-bench-XXXXXX", NULL);
    g_autoptr (GFile) file = g_file_new_build_filename (folder, "Table.tktable", NULL);
    g_autoptr (TkrCampaign) campaign = running ("pf2e", n);
    TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
    g_autoptr (TkrTablePublisher) publisher = tkr_table_publisher_new (encounter, file);
    g_autoptr (TkrTableFollower) follower = tkr_table_follower_new (file);
    double times[RUNS];

    tkr_table_publisher_publish (publisher);
    while (tkr_table_publisher_is_busy (publisher))
      g_main_context_iteration (NULL, TRUE);
    tkr_table_follower_start (follower);
    for (guint r = 0; r < RUNS; r++)
      {
        guint serial = tkr_table_follower_get_serial (follower);
        gint64 start = g_get_monotonic_time ();

        tkr_encounter_next_turn (encounter, NULL);
        while (!follower_moved (follower, serial))
          g_main_context_iteration (NULL, TRUE);
        times[r] = g_get_monotonic_time () - start;
      }
    qsort (times, RUNS, sizeof (double), compare_doubles);
    g_print ("a change read by a follower (pf2e, %u): %.0f ms median, settle time 150 ms\n", n,
             times[RUNS / 2] / 1000);
    g_clear_object (&follower);
    g_clear_object (&publisher);
    g_remove (g_file_peek_path (file));
    g_rmdir (folder);
  }
  return 0;
}
