/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The import preview (help/C/import.page): a real Improved Initiative
 * file read on a worker thread, the preview listing what will be added and
 * the encounter to bring, Import as one undo step, Cancel changing
 * nothing, and a file no tool made refused before any preview.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tkr-application.h"
#include "tkr-import-dialog.h"
#include "tkr-import-actions.h"
#include "tkr-test-widgets.h"
#include "tkr-window.h"

#ifndef TKR_INTERCHANGE_FIXTURES
#error "TKR_INTERCHANGE_FIXTURES names the folder of the interchange fixtures"
#endif

static void
iterate (void)
{
  for (int i = 0; i < 100 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static TkrImportDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (TKR_IS_IMPORT_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return TKR_IMPORT_DIALOG (window);
    }
  return NULL;
}

/* Waits for the worker to read the file and the preview to show. */
static TkrImportDialog *
spin_until_dialog (void)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (30000, timeout_cb, &timed_out);

  while (!timed_out && find_dialog () == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  g_assert_nonnull (find_dialog ());
  return find_dialog ();
}

static void
spin_until_closed (void)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (10000, timeout_cb, &timed_out);

  while (!timed_out && find_dialog () != NULL)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  g_assert_null (find_dialog ());
}

static GFile *
fixture (const char *name)
{
  g_autofree char *path =
    g_build_filename (TKR_INTERCHANGE_FIXTURES, "improved-initiative", name, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  return g_file_new_for_path (path);
}

static TkrWindow *
window_new (void)
{
  TkrWindow *window = tkr_window_new (NULL);

  /* Keep the autosave off the disk during the test. */
  tkr_document_set_autosave_delay_ms (tkr_window_get_document (window), 600000);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  return window;
}

static char *
names_of (GListModel *model)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", tkr_character_get_name (character));
    }
  return g_string_free (text, FALSE);
}

static GtkWidget *
child (TkrImportDialog *dialog, const char *id)
{
  GtkWidget *widget = tkr_test_template_child (GTK_WIDGET (dialog), TKR_TYPE_IMPORT_DIALOG, id);

  g_assert_nonnull (widget);
  return widget;
}

/* v3.1's export: 12 player characters and 6 creatures listed; the GM picks
 * the saved "Guards" as the encounter; Import adds it all as one step. */
static void
test_preview_then_import (void)
{
  g_autoptr (GFile) file = fixture ("export-all-v3.1-combatant-alias.json");
  TkrWindow *window;
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrImportDialog *dialog;
  TkrImportPlan *plan;
  AdwComboRow *encounter_row;
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autofree char *order = NULL;
  guint steps;

  if (file == NULL)
    {
      g_test_skip ("the interchange fixtures are not here");
      return;
    }
  window = window_new ();
  campaign = tkr_document_get_campaign (tkr_window_get_document (window));
  history = tkr_campaign_get_history (campaign);
  tkr_campaign_add_pc (campaign, "Valeria");
  before = tkr_campaign_to_bytes (campaign);
  steps = tkr_history_get_n_undo (history);

  tkr_import_into_window (window, file);
  dialog = spin_until_dialog ();
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  plan = tkr_import_dialog_get_plan (dialog);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_dialog_get_listed (dialog)), ==, 18);
  /* Nothing changed by the preview itself. */
  after = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_bytes_equal (before, after));
  g_clear_pointer (&after, g_bytes_unref);

  /* "No encounter", then Cave, Forest, Guards, the current one. */
  encounter_row = ADW_COMBO_ROW (child (dialog, "encounter_row"));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (encounter_row)), ==, 5);
  g_assert_cmpuint (adw_combo_row_get_selected (encounter_row), ==, 1);
  adw_combo_row_set_selected (encounter_row, 3);
  g_assert_cmpstr (tkr_import_encounter_get_name (tkr_import_plan_get_encounter (plan)), ==,
                   "Guards");

  g_signal_emit_by_name (child (dialog, "import_button"), "clicked");
  spin_until_closed ();

  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, steps + 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 13);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (campaign)), ==, 6);
  order = names_of (tkr_encounter_get_participants (tkr_campaign_get_encounter (campaign)));
  g_assert_cmpstr (order, ==, "Guard, Guard 2, Guard Archer, Guard Archer 2");

  /* One undo takes the whole import back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  after = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_bytes_equal (before, after));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Cancel closes the preview and the campaign stays as it was. */
static void
test_cancel (void)
{
  g_autoptr (GFile) file = fixture ("sample-players-statblocks.json");
  TkrWindow *window;
  TkrCampaign *campaign;
  TkrImportDialog *dialog;
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;

  if (file == NULL)
    {
      g_test_skip ("the interchange fixtures are not here");
      return;
    }
  window = window_new ();
  campaign = tkr_document_get_campaign (tkr_window_get_document (window));
  before = tkr_campaign_to_bytes (campaign);

  tkr_import_into_window (window, file);
  dialog = spin_until_dialog ();
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_dialog_get_listed (dialog)), ==, 4);
  /* Nothing to report, no encounter to choose. */
  g_assert_false (gtk_widget_get_visible (child (dialog, "problems_group")));
  g_assert_false (gtk_widget_get_visible (child (dialog, "encounter_row")));
  g_signal_emit_by_name (child (dialog, "cancel_button"), "clicked");
  spin_until_closed ();

  after = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_false (tkr_history_can_undo (tkr_campaign_get_history (campaign)));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* What could not be read is listed in the preview, in plain words. */
static void
test_problems_listed (void)
{
  const char *text = "[{\"Name\": \"Goblin\", \"HP\": {\"Value\": 7}},"
                     " {\"Name\": \"Shade\", \"AC\": {\"Value\": 12}}]";
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "tkr-test-import.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  TkrWindow *window = window_new ();
  TkrImportDialog *dialog;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  tkr_import_into_window (window, file);
  dialog = spin_until_dialog ();
  g_assert_true (gtk_widget_get_visible (child (dialog, "problems_group")));
  g_assert_cmpstr (tkr_import_dialog_get_problems_text (dialog), ==,
                   "Creature 2 (Shade) has no HP; it was given 1");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (dialog, "problems_label"))), ==,
                   "Creature 2 (Shade) has no HP; it was given 1");
  gtk_window_close (GTK_WINDOW (dialog));
  spin_until_closed ();

  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

static void
shown_cb (TkrImportDialog *dialog, const GError *error, gpointer user_data)
{
  GError **out = user_data;

  g_assert_null (dialog);
  *out = g_error_copy (error);
}

/* A .json file no known tool made is refused before any preview. */
static void
test_unknown_file_refused (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "tkr-test-package.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autoptr (GError) error = NULL;
  gboolean timed_out = FALSE;
  guint source;

  g_assert_true (
    g_file_set_contents (path, "{\"name\": \"a-package\", \"version\": \"1\"}", -1, NULL));
  g_assert_true (tkr_import_is_candidate (file));
  tkr_import_file (NULL, campaign, file, shown_cb, &error);
  source = g_timeout_add (10000, timeout_cb, &timed_out);
  while (!timed_out && error == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  g_assert_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_UNKNOWN_FORMAT);
  g_assert_null (find_dialog ());
  g_unlink (path);

  {
    g_autoptr (GFile) campaign_file = g_file_new_for_path ("/tmp/Party.tkcampaign");
    g_assert_false (tkr_import_is_candidate (campaign_file));
  }
}

/* While a fight runs the preview brings no encounter: the party and the
 * library still come in, the fight stays as it was. */
static void
test_running_encounter_kept (void)
{
  g_autoptr (GFile) file = fixture ("export-all-v2.17-legacy-keys-saved-encounter.json");
  g_autoptr (GError) error = NULL;
  TkrWindow *window;
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  TkrImportDialog *dialog;
  TkrCharacter *ann;

  if (file == NULL)
    {
      g_test_skip ("the interchange fixtures are not here");
      return;
    }
  window = window_new ();
  campaign = tkr_document_get_campaign (tkr_window_get_document (window));
  ann = tkr_campaign_add_pc (campaign, "Ann");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, ann, &error));
  encounter = tkr_campaign_get_encounter (campaign);
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_no_error (error);

  tkr_import_into_window (window, file);
  dialog = spin_until_dialog ();
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (dialog, "encounter_row"))),
                    ==, 0);
  g_assert_null (tkr_import_plan_get_encounter (tkr_import_dialog_get_plan (dialog)));
  g_signal_emit_by_name (child (dialog, "import_button"), "clicked");
  spin_until_closed ();

  g_assert_true (tkr_campaign_get_encounter (campaign) == encounter);
  g_assert_cmpint (tkr_encounter_get_phase (encounter), ==, TKR_PHASE_SETUP);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_encounter_get_participants (encounter)), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 9);

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* A .json file opened from Files (the application's open) goes to the
 * preview over the window in front, not to a window of its own. */
static void
test_open_from_files (void)
{
  g_autoptr (GFile) file = fixture ("sample-players-statblocks.json");
  g_autoptr (TkrApplication) app = NULL;
  g_autoptr (GError) error = NULL;
  TkrImportDialog *dialog;
  GList *windows;

  if (file == NULL || g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      g_test_skip ("needs the interchange fixtures and a session bus");
      return;
    }
  g_setenv ("TKR_NON_UNIQUE", "1", TRUE);
  app = tkr_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  if (tkr_application_get_settings (app) != NULL)
    g_settings_set_string (tkr_application_get_settings (app), "last-document", "");
  g_application_activate (G_APPLICATION (app));
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, 1);
  tkr_document_set_autosave_delay_ms (tkr_window_get_document (windows->data), 600000);

  g_application_open (G_APPLICATION (app), &file, 1, "");
  dialog = spin_until_dialog ();
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == windows->data);
  /* No window of its own: the preview belongs to the one in front. */
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_dialog_get_listed (dialog)), ==, 4);
  g_signal_emit_by_name (child (dialog, "import_button"), "clicked");
  spin_until_closed ();
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (
                      tkr_document_get_campaign (tkr_window_get_document (windows->data)))),
                    ==, 4);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  iterate ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("tkr-test-import-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/import-dialog/preview-then-import", test_preview_then_import);
  g_test_add_func ("/import-dialog/cancel", test_cancel);
  g_test_add_func ("/import-dialog/running-encounter-kept", test_running_encounter_kept);
  g_test_add_func ("/import-dialog/problems-listed", test_problems_listed);
  g_test_add_func ("/import-dialog/unknown-file-refused", test_unknown_file_refused);
  g_test_add_func ("/import-dialog/open-from-files", test_open_from_files);
  return g_test_run ();
}
