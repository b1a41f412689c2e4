/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * A file the app writes itself always opens (docs/ARCHITECTURE.md,
 * "Files"): in every rule system, a campaign of 10,000 characters (a party
 * and a large NPC library) with an encounter of 1,000 combatants is saved
 * through the safe save, read back through the loader with its size
 * limit, and opens with the same bytes. The load limit (TKR_FILE_MAX_SIZE)
 * stays above what such a campaign needs.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "tkr-core.h"

#define N_PCS 1000
#define N_NPCS 9000
#define N_COMBATANTS 1000

static void
test_ten_thousand (gconstpointer data)
{
  const char *system = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) read_back = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autofree char *dir = g_dir_make_tmp ("turnkeeper-large-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  TkrCharacter *bandit = NULL;

  g_assert_no_error (error);
  campaign = tkr_campaign_new (rules);
  for (int i = 0; i < N_PCS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);

      tkr_campaign_add_pc (campaign, name);
    }
  for (int i = 0; i < N_NPCS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Creature %d", i + 1);
      TkrCharacter *npc = tkr_campaign_add_npc (campaign, name);

      if (bandit == NULL)
        bandit = npc;
    }
  for (int i = 0; i < N_COMBATANTS; i++)
    g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, bandit, &error));
  g_assert_no_error (error);

  bytes = tkr_campaign_to_bytes (campaign);
  g_test_message ("%s: %.1f MiB", system, g_bytes_get_size (bytes) / (1024.0 * 1024.0));
  g_assert_cmpuint (g_bytes_get_size (bytes), <=, TKR_FILE_MAX_SIZE);

  path = g_build_filename (dir, "large.tkcampaign", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (tkr_file_save (file, bytes, NULL, &error));
  g_assert_no_error (error);
  read_back = tkr_file_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (bytes, read_back));
  loaded = tkr_campaign_new_from_bytes (read_back, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (loaded)), ==, N_PCS);
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
#if defined(__SANITIZE_ADDRESS__)
  /* Under AddressSanitizer, the largest file only (Pathfinder 2e's). */
  const char *const systems[] = { "pf2e" };
#else
  const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };
#endif

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autofree char *path =
        g_strdup_printf ("/files/%s/ten-thousand-characters-open", systems[i]);

      g_test_add_data_func (path, systems[i], test_ten_thousand);
    }
  return g_test_run ();
}
