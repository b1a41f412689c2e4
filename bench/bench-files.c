/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The main thread's share of opening and autosaving a campaign of N NPCs
 * (default 1,000 and 5,000), each as a ratio to one 16.7 ms frame
 * (issue 13: no frame lost to a save; the window responsive while opening).
 *
 * Opening a document (tkr_file_load_document_async) reads and parses the
 * bytes on a worker thread (tkr_file_parse), then builds the campaign on
 * the caller's thread (tkr_campaign_new_from_root). Autosave serialises on
 * the main thread (tkr_campaign_to_bytes) and writes on a worker thread.
 *
 * ./build/bench/bench-files [N...]
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-file.h"

#define FRAME (1.0 / 60.0)

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

static void
run (int n)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) tree = NULL;
  double t0, serialise, generate, parse, build;
  gsize length;
  const char *data;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Goblin %d", i + 1);

      tkr_campaign_add_npc (campaign, name);
    }

  t0 = now ();
  tree = tkr_campaign_to_root (campaign);
  serialise = now () - t0;
  t0 = now ();
  bytes = tkr_file_serialize (tree);
  generate = now () - t0;
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
  loaded = tkr_campaign_new_from_root (root, &error);
  build = now () - t0;
  g_assert_no_error (error);

  /* The same bytes again: the round trip the benchmark relies on. */
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));

  g_print (
    "%7d NPCs, %6.2f MB: main thread: autosave tree %8.1f ms (%6.1f frames), "
    "open (objects) %8.1f ms (%6.1f frames); worker: JSON text %8.1f ms, JSON parse %8.1f ms\n",
    n, length / 1e6, serialise * 1e3, serialise / FRAME, build * 1e3, build / FRAME, generate * 1e3,
    parse * 1e3);
}

int
main (int argc, char *argv[])
{
  if (argc < 2)
    {
      run (1000);
      run (5000);
      return 0;
    }
  for (int i = 1; i < argc; i++)
    run (atoi (argv[i]));
  return 0;
}
