/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * A large file opens off the main thread (docs/ARCHITECTURE.md, "Files";
 * help/C/files-and-backups.page): the window shows the loading page with
 * the file's name and its progress while the main loop keeps turning,
 * then the campaign; Cancel leaves the document as it was; a small file
 * opens without the page.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tkr-loading-page.h"
#include "tkr-test-widgets.h"
#include "tkr-window.h"

#define N_NPCS 3000

static GFile *
write_campaign (const char *name, int n_npcs)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GFile) file = g_file_new_build_filename (g_get_tmp_dir (), name, NULL);

  for (int i = 0; i < n_npcs; i++)
    {
      g_autofree char *npc = g_strdup_printf ("Goblin %d", i + 1);
      tkr_campaign_add_npc (campaign, npc);
    }
  bytes = tkr_campaign_to_bytes (campaign);
  g_assert_true (tkr_file_save (file, bytes, NULL, NULL));
  return g_steal_pointer (&file);
}

static void
remove_file (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *backup = g_strconcat (path, "~", NULL);

  g_file_delete (file, NULL, NULL);
  g_remove (backup);
}

static TkrWindow *
window_new (void)
{
  TkrWindow *window = tkr_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  return window;
}

typedef struct
{
  TkrWindow *window;
  TkrDocument *before;
} Opening;

static gboolean
page_is_loading (gpointer data)
{
  Opening *opening = data;

  return g_strcmp0 (tkr_window_get_visible_page (opening->window), "loading") == 0;
}

/* Rule: a large file shows the loading page, named after the file, with
 * progress rising, and the main loop turns while it loads; then the
 * campaign shows, whole. */
static void
test_large_file (void)
{
  g_autoptr (GFile) file = write_campaign ("a large campaign.tkcampaign", N_NPCS);
  TkrWindow *window = window_new ();
  Opening opening = { window, tkr_window_get_document (window) };
  GtkWidget *bar, *status, *cancel;
  guint iterations = 0, rises = 0;
  double fraction = 0;
  TkrDocument *document;

  tkr_window_open (window, file);
  g_assert_true (tkr_test_wait_until (page_is_loading, &opening));

  status = tkr_test_template_child (GTK_WIDGET (window), TKR_TYPE_LOADING_PAGE, "status_page");
  bar = tkr_test_template_child (GTK_WIDGET (window), TKR_TYPE_LOADING_PAGE, "progress_bar");
  cancel = tkr_test_template_child (GTK_WIDGET (window), TKR_TYPE_LOADING_PAGE, "cancel_button");
  g_assert_nonnull (
    strstr (adw_status_page_get_title (ADW_STATUS_PAGE (status)), "a large campaign.tkcampaign"));
  g_assert_true (gtk_widget_get_visible (cancel));

  while (page_is_loading (&opening))
    {
      double now = gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar));

      g_assert_cmpfloat (now, >=, fraction);
      if (now > fraction)
        rises++;
      fraction = now;
      iterations++;
      g_main_context_iteration (NULL, TRUE);
    }
  /* The main loop turned while the file loaded, and the bar moved. */
  g_assert_cmpuint (iterations, >, 1);
  g_assert_cmpuint (rises, >=, 1);
  g_assert_cmpfloat (fraction, >, 0.0);

  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");
  document = tkr_window_get_document (window);
  g_assert_true (document != opening.before);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_campaign_get_npcs (tkr_document_get_campaign (document))), ==,
    N_NPCS);

  gtk_window_destroy (GTK_WINDOW (window));
  remove_file (file);
}

/* Rule: Cancel on the loading page stops the load and leaves the window
 * on the document it had. */
static void
test_cancel (void)
{
  g_autoptr (GFile) file = write_campaign ("cancelled campaign.tkcampaign", N_NPCS);
  TkrWindow *window = window_new ();
  Opening opening = { window, tkr_window_get_document (window) };
  GtkWidget *cancel;

  tkr_window_open (window, file);
  g_assert_true (tkr_test_wait_until (page_is_loading, &opening));
  cancel = tkr_test_template_child (GTK_WIDGET (window), TKR_TYPE_LOADING_PAGE, "cancel_button");
  g_signal_emit_by_name (cancel, "clicked");
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");
  /* Whatever the worker still finishes changes nothing. */
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");
  g_assert_true (tkr_window_get_document (window) == opening.before);

  gtk_window_destroy (GTK_WINDOW (window));
  remove_file (file);
}

static gboolean
document_replaced (gpointer data)
{
  Opening *opening = data;

  g_assert_cmpstr (tkr_window_get_visible_page (opening->window), !=, "loading");
  return tkr_window_get_document (opening->window) != opening->before;
}

/* Rule: a small file opens without the loading page. */
static void
test_small_file (void)
{
  g_autoptr (GFile) file = write_campaign ("small campaign.tkcampaign", 3);
  TkrWindow *window = window_new ();
  Opening opening = { window, tkr_window_get_document (window) };

  tkr_window_open (window, file);
  g_assert_true (tkr_test_wait_until (document_replaced, &opening));
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");

  gtk_window_destroy (GTK_WINDOW (window));
  remove_file (file);
}

static gboolean
is_close_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && tkr_test_match_action (widget, "window.close");
}

static gboolean
window_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Rule: the loading page keeps the window's header bar (help/C/files-and-
 * backups.page): while a large file opens, the window's close button is
 * shown, named for assistive technologies and works; closing then stops
 * the load and the window goes. */
static void
test_close_while_loading (void)
{
  g_autoptr (GFile) file = write_campaign ("closed while opening.tkcampaign", N_NPCS);
  TkrWindow *window = window_new ();
  Opening opening = { window, tkr_window_get_document (window) };
  gpointer alive = window;
  GtkWidget *page, *close;

  tkr_window_open (window, file);
  g_assert_true (tkr_test_wait_until (page_is_loading, &opening));
  /* The page stays until the main loop delivers the loaded file: the
   * checks below see it as a person would. */
  page = tkr_test_find_type (GTK_WIDGET (window), TKR_TYPE_LOADING_PAGE);
  g_assert_nonnull (page);
  g_assert_true (gtk_widget_get_mapped (page));
  close = tkr_test_find (page, is_close_button, NULL);
  g_assert_nonnull (close);
  g_assert_true (gtk_widget_get_mapped (close));
  g_assert_true (gtk_widget_is_sensitive (close));
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (close)), ==,
                   GTK_ACCESSIBLE_ROLE_BUTTON);
  g_assert_true (
    gtk_test_accessible_has_property (GTK_ACCESSIBLE (close), GTK_ACCESSIBLE_PROPERTY_LABEL));
  /* Cancel is on the page too. */
  g_assert_true (
    gtk_widget_get_mapped (tkr_test_template_child (page, TKR_TYPE_LOADING_PAGE, "cancel_button")));

  g_object_add_weak_pointer (G_OBJECT (window), &alive);
  g_assert_true (gtk_widget_activate_action (close, "window.close", NULL));
  g_assert_true (tkr_test_wait_until (window_gone, &alive));

  remove_file (file);
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("tkr-test-loading-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  /* Recent files and autosaves go here, not into the person's folders. */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  /* Accessible names are asked of the close button. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/loading-page/large-file-progress", test_large_file);
  g_test_add_func ("/loading-page/cancel", test_cancel);
  g_test_add_func ("/loading-page/close-button-while-loading", test_close_while_loading);
  g_test_add_func ("/loading-page/small-file-no-page", test_small_file);
  return g_test_run ();
}
