/* SPDX-License-Identifier: GPL-3.0-or-later */

/* "Open Recent" in the primary menu lists the campaigns and sheets used
 * lately that still exist, newest first, and nothing else. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tkr-roster.h"

static char *data_home;

static void
iterate_until (gboolean (*done) (gpointer), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static GMenuModel *
recent_submenu (TkrRoster *roster)
{
  GMenuModel *menu = tkr_roster_get_primary_menu (roster);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      GMenuModel *section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
        {
          GMenuModel *submenu = g_menu_model_get_item_link (section, j, G_MENU_LINK_SUBMENU);

          if (submenu != NULL)
            {
              g_object_unref (section);
              return submenu;
            }
        }
      g_clear_object (&section);
    }
  return NULL;
}

static gboolean
has_two_entries (gpointer data)
{
  g_autoptr (GMenuModel) submenu = recent_submenu (data);

  return submenu != NULL && g_menu_model_get_n_items (submenu) == 2;
}

static char *
write_file (const char *name)
{
  char *path = g_build_filename (data_home, name, NULL);

  g_assert_true (g_file_set_contents (path, "{}", -1, NULL));
  return path;
}

static void
test_recent_lists_our_files (void)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  g_autofree char *campaign = write_file ("vault.tkcampaign");
  g_autofree char *sheet = write_file ("mira.tkcharacter");
  g_autofree char *other = write_file ("notes.txt");
  g_autofree char *gone = g_build_filename (data_home, "lost.tkcampaign", NULL);
  g_autofree char *campaign_uri = g_filename_to_uri (campaign, NULL, NULL);
  g_autofree char *sheet_uri = g_filename_to_uri (sheet, NULL, NULL);
  g_autofree char *other_uri = g_filename_to_uri (other, NULL, NULL);
  g_autofree char *gone_uri = g_filename_to_uri (gone, NULL, NULL);
  TkrRoster *roster = g_object_ref_sink (g_object_new (TKR_TYPE_ROSTER, NULL));
  g_autoptr (GMenuModel) submenu = NULL;
  g_autofree char *action = NULL;
  g_autofree char *target = NULL;

  /* Before anything was used, the submenu says so. */
  submenu = recent_submenu (roster);
  g_assert_nonnull (submenu);
  g_assert_cmpint (g_menu_model_get_n_items (submenu), ==, 1);
  g_assert_true (
    g_menu_model_get_item_attribute (submenu, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  g_assert_cmpstr (action, ==, "win.no-recent");
  g_clear_pointer (&action, g_free);
  g_clear_object (&submenu);

  gtk_recent_manager_add_item (manager, other_uri);
  gtk_recent_manager_add_item (manager, gone_uri);
  gtk_recent_manager_add_item (manager, campaign_uri);
  gtk_recent_manager_add_item (manager, sheet_uri);
  iterate_until (has_two_entries, roster);

  /* Our two files, not the text file nor the one that no longer exists. */
  submenu = recent_submenu (roster);
  g_assert_cmpint (g_menu_model_get_n_items (submenu), ==, 2);
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (
        g_menu_model_get_item_attribute (submenu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action));
      g_assert_cmpstr (action, ==, "win.open-recent");
      g_assert_true (
        g_menu_model_get_item_attribute (submenu, i, G_MENU_ATTRIBUTE_TARGET, "s", &target));
      g_assert_true (g_str_equal (target, campaign_uri) || g_str_equal (target, sheet_uri));
      g_clear_pointer (&action, g_free);
      g_clear_pointer (&target, g_free);
    }

  g_object_unref (roster);
}

int
main (int argc, char *argv[])
{
  /* A private data folder: the recent list lives in it. */
  data_home = g_dir_make_tmp ("tkr-test-recent-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recent/lists-our-files", test_recent_lists_our_files);

  return g_test_run ();
}
