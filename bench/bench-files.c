/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Files against their floors (issues 13 and 16, docs/ARCHITECTURE.md
 * "Files").
 *
 * First, as before, for N NPCs (default 1,000 and 5,000), one line each:
 * the main thread's share of an autosave (tkr_campaign_to_bytes: the
 * campaign streamed to text, taken whole at once so later edits never
 * race the write) and of opening (the loop's busy time while
 * tkr_campaign_load_async reads, parses and builds on a worker), each as
 * a ratio to one 16.7 ms frame; then the worker's figures: a tree made
 * text (tkr_file_serialize) and the parse (tkr_file_parse).
 *
 * Then, when run without arguments, save and load against json-glib alone
 * on the same document, measured in the same run (medians of 7
 * interleaved pairs): a campaign of 5,000 characters and a 1,000-combatant
 * encounter in each of the four systems. Save is the objects to bytes
 * (tkr_campaign_to_bytes) against json_generator_to_data of the same
 * tree; load is the bytes to objects (tkr_campaign_new_from_bytes, as
 * opening a file does: the strict reader, the party and the library read
 * one character at a time) against json_parser_load_from_data of the
 * same bytes. The goal is 1.5x or less.
 *
 * With --autosave FILE..., for each campaign FILE (bench/run makes one per
 * system with bench-make-campaign SYSTEM 6 4994 1000): the main thread's
 * cost of one autosave (tkr_campaign_to_pieces, what
 * tkr_campaign_save_async runs on the main thread before the worker joins
 * the pieces and writes), as a ratio to one 16.7 ms frame: its wall and
 * CPU time, medians of 7, for the first save after opening (nothing kept
 * yet) and for a save after one change (a combatant's health, through the
 * history), as an autosave after an action meets it; and the worker's
 * join. Then the first autosave after the texts were written ahead in 4 ms
 * slices (tkr_campaign_prepare_save, as the document does after opening),
 * and the longest slice.
 *
 * ./build/bench/bench-files [N...]
 * ./build/bench/bench-files --autosave FILE...
 */

#include "config.h"

#include <glib/gstdio.h>
#include <time.h>

#include "tkr-core.h"
#include "tkr-file.h"

#define FRAME (1.0 / 60.0)
#define PAIRS 7

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* The calling thread's own CPU time: what a busy machine's other work
 * does not add to. */
static double
cpu_now (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* The main loop's busy time: everything but waiting in poll. */
static GPollFunc real_poll;
static double busy, longest, since;

static int
timed_poll (GPollFD *fds, guint n_fds, int timeout)
{
  double t = now ();
  int result;

  busy += t - since;
  longest = MAX (longest, t - since);
  result = real_poll (fds, n_fds, timeout);
  since = now ();
  return result;
}

static void
loaded_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  TkrCampaign **out = user_data;
  g_autoptr (GError) error = NULL;

  *out = tkr_campaign_load_finish (result, &error);
  g_assert_no_error (error);
}

/* Opening @bytes as a file, the main loop's busy time and its longest
 * stretch. */
static TkrCampaign *
open_async (GBytes *bytes, double *busy_out, double *longest_out, double *cpu_out)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bench-files-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "bench.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  TkrCampaign *campaign = NULL;
  GMainContext *context = g_main_context_default ();

  g_assert_true (tkr_file_save (file, bytes, NULL, &error));
  real_poll = g_main_context_get_poll_func (context);
  g_main_context_set_poll_func (context, timed_poll);
  busy = longest = 0;
  since = now ();
  *cpu_out = cpu_now ();
  tkr_campaign_load_async (file, NULL, loaded_cb, &campaign);
  while (campaign == NULL)
    g_main_context_iteration (context, TRUE);
  busy += now () - since;
  longest = MAX (longest, now () - since);
  *cpu_out = cpu_now () - *cpu_out;
  g_main_context_set_poll_func (context, real_poll);
  *busy_out = busy;
  *longest_out = longest;
  g_file_delete (file, NULL, NULL);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);
    g_remove (backup);
  }
  g_rmdir (dir);
  return campaign;
}

static void
run (int n)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GBytes) text = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) error = NULL;
  double t0, serialise, serialise_cpu, generate, parse, open_busy, open_longest, open_cpu;
  gsize length;
  const char *data;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Goblin %d", i + 1);

      tkr_campaign_add_npc (campaign, name);
    }

  t0 = now ();
  serialise_cpu = cpu_now ();
  bytes = tkr_campaign_to_bytes (campaign);
  serialise_cpu = cpu_now () - serialise_cpu;
  serialise = now () - t0;
  data = g_bytes_get_data (bytes, &length);

  if (length > TKR_FILE_MAX_SIZE)
    {
      g_print ("%7d NPCs, %6.2f MB: autosave tree %8.1f ms (%6.1f frames); larger than "
               "Turnkeeper opens (%d MiB), not saved\n",
               n, length / 1e6, serialise * 1e3, serialise / FRAME,
               TKR_FILE_MAX_SIZE / (1024 * 1024));
      return;
    }

  t0 = now ();
  root = tkr_file_parse (data, length, &error);
  parse = now () - t0;
  g_assert_no_error (error);
  t0 = now ();
  text = tkr_file_serialize (root);
  generate = now () - t0;
  g_assert_true (g_bytes_equal (bytes, text));

  loaded = open_async (bytes, &open_busy, &open_longest, &open_cpu);

  /* The same bytes again: the round trip the benchmark relies on. */
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));

  g_print (
    "%7d NPCs, %6.2f MB: main thread: autosave tree %8.1f ms (%6.1f frames), "
    "open (objects) %8.1f ms (%6.1f frames); worker: JSON text %8.1f ms, JSON parse %8.1f ms\n",
    n, length / 1e6, serialise * 1e3, serialise / FRAME, open_busy * 1e3, open_busy / FRAME,
    generate * 1e3, parse * 1e3);
  g_print ("%7d NPCs: main thread per 16.7 ms frame: autosave %.2f frames (its CPU time %.2f), "
           "opening %.2f frames (its CPU time %.2f; longest stretch %.2f frames)\n",
           n, serialise / FRAME, serialise_cpu / FRAME, open_busy / FRAME, open_cpu / FRAME,
           open_longest / FRAME);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values)
{
  qsort (values, PAIRS, sizeof (double), compare_doubles);
  return values[PAIRS / 2];
}

/* Save and load of @campaign against json-glib alone on the same
 * document, interleaved, medians of PAIRS. */
static void
against_json_glib (const char *what, TkrCampaign *campaign)
{
  double save[PAIRS], generate[PAIRS], load[PAIRS], parse[PAIRS];
  double size = 0;

  for (int i = 0; i < PAIRS; i++)
    {
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (JsonGenerator) generator = json_generator_new ();
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (TkrCampaign) loaded = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      const char *data;
      gsize length;
      double t0;

      t0 = now ();
      bytes = tkr_campaign_to_bytes (campaign);
      save[i] = now () - t0;
      data = g_bytes_get_data (bytes, &length);
      size = length;

      t0 = now ();
      g_assert_true (json_parser_load_from_data (parser, data, length, &error));
      parse[i] = now () - t0;

      json_generator_set_root (generator, json_parser_get_root (parser));
      json_generator_set_pretty (generator, TRUE);
      json_generator_set_indent (generator, 2);
      t0 = now ();
      text = json_generator_to_data (generator, NULL);
      generate[i] = now () - t0;
      g_assert_cmpstr (text, ==, data);

      t0 = now ();
      loaded = tkr_campaign_new_from_bytes (bytes, &error);
      load[i] = now () - t0;
      g_assert_no_error (error);
    }
  {
    double s = median (save), g = median (generate), l = median (load), p = median (parse);

    g_print ("%-40s %6.2f MB: save %8.1f ms / json-glib generate %8.1f ms = %5.2fx; "
             "load %8.1f ms / json-glib parse %8.1f ms = %5.2fx\n",
             what, size / 1e6, s * 1e3, g * 1e3, s / g, l * 1e3, p * 1e3, l / p);
  }
}

static void
run_against_json_glib (void)
{
  static const char *systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

  {
    g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);

    for (int i = 0; i < 5000; i++)
      {
        g_autofree char *name = g_strdup_printf ("Goblin %d", i + 1);
        tkr_campaign_add_npc (campaign, name);
      }
    against_json_glib ("5,000 characters (kleptonomicon):", campaign);
  }
  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[s], &error);
      g_autoptr (TkrCampaign) campaign = NULL;
      g_autofree char *what = NULL;
      TkrCharacter *npc;

      g_assert_no_error (error);
      campaign = tkr_campaign_new (rules);
      npc = tkr_campaign_add_npc (campaign, "Bandit");
      for (int i = 0; i < 1000; i++)
        g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, npc, &error));
      g_assert_no_error (error);
      what = g_strdup_printf ("1,000-combatant encounter (%s):", systems[s]);
      against_json_glib (what, campaign);
    }
}

/* One change as the GM makes them, through the history: the first
 * combatant takes 1 damage (or is healed back), so the next autosave
 * has something new to write. */
static void
change_something (TkrCampaign *campaign, int i)
{
  TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  g_autoptr (TkrCombatant) combatant = NULL;
  g_autoptr (GError) error = NULL;

  if (g_list_model_get_n_items (combatants) == 0)
    {
      tkr_campaign_add_npc (campaign, "Changed");
      return;
    }
  combatant = g_list_model_get_item (combatants, 0);
  if (!tkr_encounter_change_health_typed (encounter, combatant, i % 2 ? "+1" : "-1", &error))
    g_printerr ("change: %s\n", error->message);
}

static void
autosave (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr (GBytes) file_bytes = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  double first_cpu[PAIRS], first_wall[PAIRS], next_cpu[PAIRS], next_wall[PAIRS], join[PAIRS];
  double first_save[PAIRS], next_save[PAIRS], generate[PAIRS], ahead_cpu[PAIRS], slice[PAIRS];
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      g_printerr ("%s\n", error->message);
      return;
    }
  file_bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  g_assert_true (
    json_parser_load_from_data (parser, g_bytes_get_data (file_bytes, NULL), length, &error));
  for (int i = 0; i < PAIRS; i++)
    {
      g_autoptr (TkrSavePieces) pieces = NULL;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (JsonGenerator) generator = json_generator_new ();
      g_autofree char *text = NULL;
      double t0, c0;

      /* The floor: json-glib alone writing the same document. */
      json_generator_set_root (generator, json_parser_get_root (parser));
      json_generator_set_pretty (generator, TRUE);
      json_generator_set_indent (generator, 2);
      t0 = now ();
      text = json_generator_to_data (generator, NULL);
      generate[i] = now () - t0;

      g_clear_object (&campaign);
      campaign = tkr_campaign_new_from_bytes (file_bytes, &error);
      g_assert_no_error (error);
      t0 = now ();
      c0 = cpu_now ();
      pieces = tkr_campaign_to_pieces (campaign);
      first_cpu[i] = cpu_now () - c0;
      first_wall[i] = now () - t0;
      bytes = tkr_save_pieces_join (pieces);
      first_save[i] = now () - t0;
    }
  /* As the document does after opening: the texts written ahead in 4 ms
   * slices between events, then a change and the first autosave. */
  for (int i = 0; i < PAIRS; i++)
    {
      g_autoptr (TkrCampaign) opened = tkr_campaign_new_from_bytes (file_bytes, &error);
      g_autoptr (TkrSavePieces) pieces = NULL;
      gboolean done = FALSE;
      double c0;

      g_assert_no_error (error);
      slice[i] = 0;
      while (!done)
        {
          double t0 = cpu_now ();

          done = tkr_campaign_prepare_save (opened, 4000);
          slice[i] = MAX (slice[i], cpu_now () - t0);
        }
      change_something (opened, i);
      c0 = cpu_now ();
      pieces = tkr_campaign_to_pieces (opened);
      ahead_cpu[i] = cpu_now () - c0;
    }
  for (int i = 0; i < PAIRS; i++)
    {
      g_autoptr (TkrSavePieces) pieces = NULL;
      g_autoptr (GBytes) bytes = NULL;
      double t0, c0;

      change_something (campaign, i);
      t0 = now ();
      c0 = cpu_now ();
      pieces = tkr_campaign_to_pieces (campaign);
      next_cpu[i] = cpu_now () - c0;
      next_wall[i] = now () - t0;
      c0 = now ();
      bytes = tkr_save_pieces_join (pieces);
      join[i] = now () - c0;
      next_save[i] = now () - t0;
      if (i == PAIRS - 1)
        {
          g_autoptr (JsonNode) root = tkr_campaign_to_root (campaign);
          g_autoptr (GBytes) full = tkr_file_serialize (root);

          g_assert_true (g_bytes_equal (bytes, full));
        }
    }
  g_print ("%-28s %6.2f MB: autosave, main thread per 16.7 ms frame: after a change "
           "%.2f frames (CPU %.2f), first after opening %.2f frames (CPU %.2f); "
           "worker join %.1f ms\n",
           base, length / 1e6, median (next_wall) / FRAME, median (next_cpu) / FRAME,
           median (first_wall) / FRAME, median (first_cpu) / FRAME, median (join) * 1e3);
  g_print ("%-28s written ahead after opening: the first autosave %.2f frames of CPU, the "
           "longest slice ahead %.2f frames of CPU\n",
           base, median (ahead_cpu) / FRAME, median (slice) / FRAME);
  g_print ("%-28s save against json-glib alone (JsonGenerator %.1f ms): first after opening "
           "%.2fx, after a change %.2fx\n",
           base, median (generate) * 1e3, median (first_save) / median (generate),
           median (next_save) / median (generate));
}

int
main (int argc, char *argv[])
{
  if (argc >= 2 && g_str_equal (argv[1], "--autosave"))
    {
      for (int i = 2; i < argc; i++)
        autosave (argv[i]);
      return 0;
    }
  if (argc < 2)
    {
      run (1000);
      run (5000);
      run_against_json_glib ();
      return 0;
    }
  for (int i = 1; i < argc; i++)
    run (atoi (argv[i]));
  return 0;
}
