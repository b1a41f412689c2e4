/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The campaigns bench/run opens, made through the core's own commands:
 *
 *   bench-make-campaign SYSTEM PCS NPCS COMBATANTS FILE
 *
 * writes a campaign of the rule system SYSTEM with PCS PCs and a library
 * of NPCS NPCs, and an encounter in Main of COMBATANTS: every PC, then
 * copies of the library's first ten NPCs in turn (as a GM adds a few
 * kinds of foe several times each).
 *
 *   bench-make-campaign --cost FILE
 *
 * opens FILE and prints what its characters cost in memory: the heap the
 * campaign's objects hold (glibc's mallinfo2) divided by the number of
 * characters (library, party and encounter copies).
 *
 *   bench-make-campaign --files FILE [REPEATS]
 *
 * saves and opens FILE's campaign (tkr_campaign_to_bytes,
 * tkr_campaign_new_from_bytes) and, as the floor, json-glib alone on the
 * same document (JsonParser; JsonGenerator on the parsed tree), and
 * prints the medians and the load's ratio to the parse.
 *
 *   bench-make-campaign --memory FILE
 *
 * opens FILE's campaign as a document does and prints, in heap bytes
 * (mallinfo2) and resident memory, what each part adds: the campaign's
 * objects, the save's kept texts (tkr_campaign_prepare_save to the end)
 * and the journal that follows its history (tkr_journal_new).
 *
 *   bench-make-campaign --peak FILE
 *
 * opens FILE's campaign once in a child process (tkr_campaign_new_from_bytes,
 * as the app opens it), once from the whole file's tree (tkr_file_parse,
 * then tkr_campaign_new_from_root: how every file opened before the
 * strict reader) and, in a third, parses it with JsonParser alone, and
 * prints each one's peak resident memory (VmHWM) and what it added to
 * the peak before (the file read, the rule data and types ready).
 */

#include "config.h"

#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tkr-core.h"
#include "tkr-file.h"

#define KINDS 10

static int
make (const char *system, int pcs, int npcs, int combatants, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  g_autoptr (GBytes) bytes = NULL;
  GListModel *npc_list;
  TkrEncounter *encounter;

  if (rules == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  campaign = tkr_campaign_new (rules);
  for (int i = 0; i < pcs; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);

      tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, name), NULL);
    }
  for (int i = 0; i < npcs; i++)
    {
      g_autofree char *name = g_strdup_printf ("Foe %c%d", 'A' + i % 26, i / 26 + 1);

      tkr_campaign_add_npc (campaign, name);
    }
  npc_list = tkr_campaign_get_npcs (campaign);
  for (int i = pcs; i < combatants && npcs > 0; i++)
    {
      g_autoptr (TkrCharacter) kind =
        g_list_model_get_item (npc_list, (i - pcs) % MIN (npcs, KINDS));

      if (tkr_campaign_add_to_encounter (campaign, kind, &error) == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  if (combatants > 0 && (!tkr_encounter_begin_setup (encounter, &error) ||
                         !tkr_encounter_roll_missing (encounter, rand, &error) ||
                         !tkr_encounter_begin_main (encounter, &error)))
    {
      g_printerr ("%s: %s\n", system, error->message);
      return 1;
    }
  tkr_history_clear (tkr_campaign_get_history (campaign));
  bytes = tkr_campaign_to_bytes (campaign);
  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  return 0;
}

static guint
count_characters (TkrCampaign *campaign)
{
  TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  GListModel *participants = tkr_encounter_get_participants (encounter);
  guint n = g_list_model_get_n_items (tkr_campaign_get_party (campaign)) +
            g_list_model_get_n_items (tkr_campaign_get_npcs (campaign));

  /* The PCs in the encounter are the party's own objects; the NPCs are
   * copies. */
  for (guint i = 0; i < g_list_model_get_n_items (participants); i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (participants, i);

      n += !tkr_character_is_pc (character);
    }
  return n;
}

static int
cost (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  gsize length;
  size_t before_parse, before, after;
  guint n;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  malloc_trim (0);
  before_parse = mallinfo2 ().uordblks;
  root = tkr_file_parse (contents, length, &error);
  if (root == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_clear_pointer (&contents, g_free);
  /* The rule data and type system first, so they are not counted. */
  g_object_unref (tkr_campaign_new (NULL));
  malloc_trim (0);
  before = mallinfo2 ().uordblks;
  campaign = tkr_campaign_new_from_root (root, &error);
  if (campaign == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  after = mallinfo2 ().uordblks;
  n = count_characters (campaign);
  g_print ("characters=%u heap_bytes=%zu bytes_per_character=%.0f parse_tree_bytes=%zu\n", n,
           after - before, (double) (after - before) / MAX (n, 1), before - before_parse);
  return 0;
}

static long
rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, "VmRSS:");
  return line != NULL ? atol (line + strlen ("VmRSS:")) : 0;
}

static void
print_part (const char *part, size_t *heap, long *rss)
{
  size_t heap_now = mallinfo2 ().uordblks;
  long rss_now = rss_kib ();

  g_print ("%s_heap_kib=%zd %s_rss_kib=%ld\n", part, ((ssize_t) heap_now - (ssize_t) *heap) / 1024,
           part, rss_now - *rss);
  *heap = heap_now;
  *rss = rss_now;
}

static int
memory (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrJournal) journal = NULL;
  g_autofree char *contents = NULL;
  size_t heap;
  long rss;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  g_object_unref (tkr_campaign_new (NULL));
  malloc_trim (0);
  heap = mallinfo2 ().uordblks;
  rss = rss_kib ();
  campaign = tkr_campaign_new_from_bytes (bytes, &error);
  if (campaign == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  print_part ("campaign", &heap, &rss);
  while (!tkr_campaign_prepare_save (campaign, G_MAXINT64))
    ;
  print_part ("kept_texts", &heap, &rss);
  journal = tkr_journal_new (campaign);
  print_part ("journal", &heap, &rss);
  g_clear_object (&journal);
  g_clear_object (&campaign);
  malloc_trim (0);
  print_part ("after_freeing", &heap, &rss);
  return 0;
}

static double
now_us (void)
{
  return (double) g_get_monotonic_time ();
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values, int n)
{
  qsort (values, n, sizeof (double), compare_doubles);
  return values[n / 2];
}

static int
files (const char *path, int repeats)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autofree double *save = g_new0 (double, repeats);
  g_autofree double *load = g_new0 (double, repeats);
  g_autofree double *generate = g_new0 (double, repeats);
  g_autofree double *parse = g_new0 (double, repeats);
  g_autofree char *contents = NULL;
  gsize length;
  gboolean pretty;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  pretty = strchr (contents, '\n') != NULL && strchr (contents, '\n')[1] == ' ';
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  campaign = tkr_campaign_new_from_bytes (bytes, &error);
  if (campaign == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  for (int i = 0; i < repeats; i++)
    {
      g_autoptr (GBytes) saved = NULL;
      g_autoptr (TkrCampaign) loaded = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (JsonGenerator) generator = json_generator_new ();
      g_autofree char *text = NULL;
      double t0;

      t0 = now_us ();
      saved = tkr_campaign_to_bytes (campaign);
      save[i] = now_us () - t0;

      t0 = now_us ();
      loaded = tkr_campaign_new_from_bytes (saved, &error);
      load[i] = now_us () - t0;
      g_assert_no_error (error);

      t0 = now_us ();
      json_parser_load_from_data (parser, g_bytes_get_data (saved, NULL), g_bytes_get_size (saved),
                                  &error);
      parse[i] = now_us () - t0;
      g_assert_no_error (error);

      json_generator_set_pretty (generator, pretty);
      json_generator_set_root (generator, json_parser_get_root (parser));
      t0 = now_us ();
      text = json_generator_to_data (generator, NULL);
      generate[i] = now_us () - t0;
    }
  {
    double l = median (load, repeats), p = median (parse, repeats);

    g_print ("bytes=%zu save_us=%.0f json_generate_us=%.0f load_us=%.0f json_parse_us=%.0f "
             "load_ratio=%.2f\n",
             g_bytes_get_size (bytes), median (save, repeats), median (generate, repeats), l, p,
             l / p);
  }
  return 0;
}

/* The process's peak resident memory in KiB (VmHWM), or 0. */
static long
peak_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, "VmHWM:");
  return line != NULL ? atol (line + strlen ("VmHWM:")) : 0;
}

/* In a child: the peak before and after opening @path's campaign (or only
 * parsing it with JsonParser, when @json_only), written to @fd. */
typedef enum
{
  OPEN_STREAMED,  /* tkr_campaign_new_from_bytes, as the app opens a file */
  OPEN_WHOLE,     /* the whole file's tree first (tkr_file_parse), as before */
  OPEN_JSON_ONLY, /* JsonParser alone */
} OpenWay;

static void
peak_child (const char *path, OpenWay way, int fd)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GBytes) bytes = NULL;
  gsize length;
  long before;
  char line[64];

  if (!g_file_get_contents (path, &contents, &length, &error))
    _exit (1);
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  /* The rule data and the types first, as a running app has them. */
  g_object_unref (tkr_campaign_new (NULL));
  before = peak_kib ();
  if (way == OPEN_JSON_ONLY)
    {
      g_autoptr (JsonParser) parser = json_parser_new_immutable ();

      if (!json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), length, &error))
        _exit (1);
    }
  else if (way == OPEN_WHOLE)
    {
      g_autoptr (JsonNode) root = tkr_file_parse (g_bytes_get_data (bytes, NULL), length, &error);
      g_autoptr (TkrCampaign) campaign = NULL;

      if (root == NULL)
        _exit (1);
      campaign = tkr_campaign_new_from_root (root, &error);
      if (campaign == NULL)
        _exit (1);
    }
  else
    {
      g_autoptr (TkrCampaign) campaign = tkr_campaign_new_from_bytes (bytes, &error);

      if (campaign == NULL)
        _exit (1);
    }
  g_snprintf (line, sizeof line, "%ld %ld", before, peak_kib ());
  if (write (fd, line, strlen (line)) < 0)
    _exit (1);
  _exit (0);
}

static gboolean
measure_peak (const char *path, OpenWay way, long *before, long *after)
{
  int fds[2];
  char line[64] = "";
  int status;
  pid_t pid;

  if (pipe (fds) != 0)
    return FALSE;
  pid = fork ();
  if (pid == 0)
    {
      close (fds[0]);
      peak_child (path, way, fds[1]);
    }
  close (fds[1]);
  if (read (fds[0], line, sizeof line - 1) <= 0)
    line[0] = '\0';
  close (fds[0]);
  waitpid (pid, &status, 0);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 &&
         sscanf (line, "%ld %ld", before, after) == 2;
}

static int
peak (const char *path)
{
  long load_before, load_after, whole_before, whole_after, parse_before, parse_after;

  if (!measure_peak (path, OPEN_STREAMED, &load_before, &load_after) ||
      !measure_peak (path, OPEN_WHOLE, &whole_before, &whole_after) ||
      !measure_peak (path, OPEN_JSON_ONLY, &parse_before, &parse_after))
    {
      g_printerr ("%s: the campaign does not open\n", path);
      return 1;
    }
  g_print ("load_peak_kib=%ld load_added_kib=%ld whole_tree_load_peak_kib=%ld "
           "whole_tree_load_added_kib=%ld json_parse_peak_kib=%ld json_parse_added_kib=%ld\n",
           load_after, load_after - load_before, whole_after, whole_after - whole_before,
           parse_after, parse_after - parse_before);
  return 0;
}

int
main (int argc, char *argv[])
{
  if (argc >= 3 && g_str_equal (argv[1], "--files"))
    return files (argv[2], argc > 3 ? MAX (atoi (argv[3]), 1) : 7);
  if (argc == 3 && g_str_equal (argv[1], "--cost"))
    return cost (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "--memory"))
    return memory (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "--peak"))
    return peak (argv[2]);
  if (argc != 6)
    {
      g_printerr ("usage: bench-make-campaign SYSTEM PCS NPCS COMBATANTS FILE\n"
                  "       bench-make-campaign --cost FILE\n"
                  "       bench-make-campaign --files FILE [REPEATS]\n"
                  "       bench-make-campaign --memory FILE\n"
                  "       bench-make-campaign --peak FILE\n");
      return 2;
    }
  return make (argv[1], atoi (argv[2]), atoi (argv[3]), atoi (argv[4]), argv[5]);
}
