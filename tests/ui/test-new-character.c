/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <adwaita.h>

#include "tkr-character-sheet-private.h"
#include "tkr-new-character.h"

/*
 * New Character (help/C/first-sheet.page): a player starts their own
 * sheet directly in the system they play: a window with that one sheet,
 * the system's own sheet, saved as a .tkcharacter file.
 */

static gboolean
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
iterate (void)
{
  for (int i = 0; i < 100 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

typedef struct
{
  gboolean done;
  GObject *object;
  GError *error;
} Result;

static void
loaded_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Result *load = user_data;

  load->object = G_OBJECT (tkr_document_load_finish (result, &load->error));
  load->done = TRUE;
}

static void
saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Result *save = user_data;

  tkr_document_save_finish (TKR_DOCUMENT (source), result, &save->error);
  save->done = TRUE;
}

static void
spin_until_done (Result *result)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (10000, timeout_cb, &timed_out);

  while (!result->done && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  g_assert_true (result->done);
}

static void
test_new_pf2e_character (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file =
    g_file_new_build_filename (g_get_tmp_dir (), "Valeros.tkcharacter", NULL);
  g_autoptr (TkrDocument) reloaded = NULL;
  TkrWindow *window = tkr_new_character_window (NULL, "pf2e", &error);
  TkrDocument *document;
  TkrCharacter *character;
  TkrCharacterSheet *sheet;
  GtkWidget *name_row;
  Result save = { 0 };
  Result load = { 0 };

  g_assert_no_error (error);
  g_assert_nonnull (window);
  iterate ();
  document = tkr_window_get_document (window);
  g_assert_cmpint (tkr_document_get_kind (document), ==, TKR_DOCUMENT_KIND_CHARACTER);
  g_assert_true (tkr_document_is_untitled (document));
  g_assert_cmpstr (tkr_document_get_title (document), ==, "Untitled Character");
  character = tkr_document_get_character (document);
  g_assert_cmpstr (tkr_character_get_rule_system (character), ==, "pf2e");
  g_assert_true (tkr_character_is_pc (character));
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");

  /* The window shows that system's sheet, where its system is chosen. */
  sheet = tkr_window_get_sheet (window);
  g_assert_true (tkr_character_sheet_get_character (sheet) == character);
  g_assert_nonnull (tkr_character_sheet_get_part (sheet, "section-identity"));
  g_assert_false (
    gtk_widget_is_visible (tkr_character_sheet_get_part (sheet, "pool-vitality-row")));
  g_assert_true (gtk_widget_get_visible (tkr_character_sheet_get_part (sheet, "rules-combo-row")));
  name_row = tkr_character_sheet_get_part (sheet, "name-row");
  gtk_editable_set_text (GTK_EDITABLE (name_row), "Valeros");
  g_signal_emit_by_name (name_row, "apply");
  g_assert_cmpstr (tkr_character_get_name (character), ==, "Valeros");

  /* Saved as a character file, which opens as that sheet. */
  g_file_delete (file, NULL, NULL);
  tkr_document_save_async (document, file, NULL, saved_cb, &save);
  spin_until_done (&save);
  g_assert_no_error (save.error);
  g_assert_false (tkr_document_is_untitled (document));
  tkr_document_load_async (file, NULL, loaded_cb, &load);
  spin_until_done (&load);
  g_assert_no_error (load.error);
  reloaded = TKR_DOCUMENT (load.object);
  g_assert_cmpint (tkr_document_get_kind (reloaded), ==, TKR_DOCUMENT_KIND_CHARACTER);
  g_assert_cmpstr (tkr_character_get_name (tkr_document_get_character (reloaded)), ==, "Valeros");
  g_assert_cmpstr (tkr_character_get_rule_system (tkr_document_get_character (reloaded)), ==,
                   "pf2e");

  gtk_window_destroy (GTK_WINDOW (window));
  g_file_delete (file, NULL, NULL);
  iterate ();
}

/* Before Save As, the new sheet autosaves as a character, untitled. */
static void
test_untitled_autosaves_as_character (void)
{
  g_autoptr (GError) error = NULL;
  TkrWindow *window = tkr_new_character_window (NULL, "d20", &error);
  TkrDocument *document;
  GFile *autosave;
  g_autofree char *name = NULL;
  Result load = { 0 };
  g_autoptr (TkrDocument) reloaded = NULL;

  g_assert_no_error (error);
  document = tkr_window_get_document (window);
  g_assert_true (tkr_character_rename (
    tkr_document_get_character (document),
    tkr_campaign_get_history (tkr_document_get_campaign (document)), "Seelah", &error));
  g_assert_true (tkr_document_save_sync (document, &error));
  g_assert_no_error (error);
  autosave = tkr_document_get_autosave_file (document);
  g_assert_nonnull (autosave);
  name = g_file_get_basename (autosave);
  g_assert_true (g_str_has_suffix (name, ".tkcharacter"));
  tkr_document_load_async (autosave, NULL, loaded_cb, &load);
  spin_until_done (&load);
  g_assert_no_error (load.error);
  reloaded = TKR_DOCUMENT (load.object);
  g_assert_cmpint (tkr_document_get_kind (reloaded), ==, TKR_DOCUMENT_KIND_CHARACTER);
  g_assert_true (tkr_document_is_untitled (reloaded));
  g_assert_cmpstr (tkr_character_get_rule_system (tkr_document_get_character (reloaded)), ==,
                   "d20");
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* A system this version does not have opens nothing and says why. */
static void
test_unknown_system_refused (void)
{
  g_autoptr (GError) error = NULL;
  guint before = g_list_model_get_n_items (gtk_window_get_toplevels ());

  g_assert_null (tkr_new_character_window (NULL, "calvinball", &error));
  g_assert_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_UNKNOWN_SYSTEM);
  g_assert_nonnull (strstr (error->message, "calvinball"));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, before);
}

static gboolean
menu_offers (GMenuModel *menu, const char *action, const char *target)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *item_action = NULL;
      g_autofree char *item_target = NULL;
      GMenuModel *links[] = {
        g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION),
        g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU),
      };
      gboolean found = FALSE;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action) &&
          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_TARGET, "s", &item_target) &&
          g_strcmp0 (item_action, action) == 0 && g_strcmp0 (item_target, target) == 0)
        found = TRUE;
      for (guint l = 0; l < G_N_ELEMENTS (links); l++)
        {
          if (links[l] != NULL && !found)
            found = menu_offers (links[l], action, target);
          g_clear_object (&links[l]);
        }
      if (found)
        return TRUE;
    }
  return FALSE;
}

/* The main menu offers New Character in each system, and the
 * application has the action it names. */
static void
test_menu_and_action (void)
{
  static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };
  g_autoptr (GtkApplication) application =
    gtk_application_new ("io.github.turnkeeper.TestNewCharacter", G_APPLICATION_NON_UNIQUE);
  TkrRoster *roster = g_object_ref_sink (g_object_new (TKR_TYPE_ROSTER, NULL));
  GAction *action;

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    g_assert_true (
      menu_offers (tkr_roster_get_primary_menu (roster), "app.new-character", systems[i]));
  tkr_new_character_add_action (application);
  action = g_action_map_lookup_action (G_ACTION_MAP (application), "new-character");
  g_assert_nonnull (action);
  g_assert_true (
    g_variant_type_equal (g_action_get_parameter_type (action), G_VARIANT_TYPE_STRING));
  g_object_unref (roster);
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("tkr-test-new-character-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  /* Autosaves go here, not into the person's folders (isolated dirs would
   * hide the MIME database the icon loader needs). */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/new-character/pf2e-sheet-in-its-own-window-saved-as-character",
                   test_new_pf2e_character);
  g_test_add_func ("/new-character/untitled-autosaves-as-character",
                   test_untitled_autosaves_as_character);
  g_test_add_func ("/new-character/unknown-system-refused", test_unknown_system_refused);
  g_test_add_func ("/new-character/main-menu-and-action", test_menu_and_action);
  return g_test_run ();
}
