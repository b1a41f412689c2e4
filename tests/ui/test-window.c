/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "tkr-character-sheet-private.h"
#include "tkr-application.h"
#include "tkr-test-widgets.h"
#include "tkr-keymap.h"
#include "tkr-window.h"

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

static void
spin_until_page (TkrWindow *window, const char *page, TkrDocument *not_document)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (10000, timeout_cb, &timed_out);

  while (!timed_out && (g_strcmp0 (tkr_window_get_visible_page (window), page) != 0 ||
                        tkr_window_get_document (window) == not_document))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, page);
}

static GtkWidget *
action_button (TkrWindow *window, const char *action)
{
  GtkWidget *button = tkr_test_find_action (GTK_WIDGET (window), action);

  g_assert_nonnull (button);
  return button;
}

static TkrWindow *
window_new (void)
{
  TkrWindow *window = tkr_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  return window;
}

static gboolean
on_a_monitor (gpointer widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;

  return surface != NULL && gtk_widget_get_mapped (widget) &&
         gdk_display_get_monitor_at_surface (gtk_widget_get_display (widget), surface) != NULL;
}

static GFile *
write_temp_file (const char *name, const void *data, gsize length)
{
  g_autoptr (GFile) file = g_file_new_build_filename (g_get_tmp_dir (), name, NULL);

  g_assert_true (g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                          NULL, NULL));
  return g_steal_pointer (&file);
}

/* The window builds from its template (fatal warnings make any template or
 * binding mistake fail here) with an untitled, empty campaign. */
static void
test_template (void)
{
  TkrWindow *window = window_new ();
  TkrDocument *document = tkr_window_get_document (window);

  g_assert_nonnull (document);
  g_assert_true (tkr_document_is_pristine (document));
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");
  g_assert_nonnull (tkr_window_get_roster (window));
  g_assert_nonnull (tkr_window_get_sheet (window));
  g_assert_nonnull (tkr_window_get_dice_popover (window));
  g_assert_true (tkr_roster_get_campaign (tkr_window_get_roster (window)) ==
                 tkr_document_get_campaign (document));
  /* Nothing to undo yet: the header's Undo button is insensitive. */
  g_assert_false (gtk_widget_get_sensitive (action_button (window, "win.undo")));
  g_assert_false (gtk_widget_get_sensitive (action_button (window, "win.redo")));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Design, Main window: win.new-pc adds a PC and shows its sheet; the
 * sheet's edits undo with win.undo and the sheet follows. */
static void
test_undo_action_updates_sheet (void)
{
  TkrWindow *window = window_new ();
  TkrCampaign *campaign = tkr_document_get_campaign (tkr_window_get_document (window));
  TkrCharacterSheet *sheet = tkr_window_get_sheet (window);
  GtkWidget *name_row;
  GtkSpinButton *level;
  TkrCharacter *pc;

  /* Keep the autosave off the disk during the test. */
  tkr_document_set_autosave_delay_ms (tkr_window_get_document (window), 600000);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-pc", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 1);
  pc = tkr_character_sheet_get_character (sheet);
  g_assert_nonnull (pc);
  g_assert_true (tkr_roster_get_selected_character (tkr_window_get_roster (window)) == pc);

  name_row = tkr_character_sheet_get_part (sheet, "name-row");
  gtk_editable_set_text (GTK_EDITABLE (name_row), "Bob Ironhand");
  g_signal_emit_by_name (name_row, "apply");
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Bob Ironhand");

  level = GTK_SPIN_BUTTON (tkr_character_sheet_get_part (sheet, "level-spin"));
  gtk_spin_button_set_value (level, 3);
  g_assert_cmpint (tkr_character_get_level (pc), ==, 3);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpint (tkr_character_get_level (pc), ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (level), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row)), !=, "Bob Ironhand");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row)), ==,
                   tkr_character_get_name (pc));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row)), ==, "Bob Ironhand");

  /* Undoing the addition empties the roster and the sheet. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 0);
  g_assert_null (tkr_character_sheet_get_character (sheet));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Design, Documents: a file that fails to load shows an error page in the
 * window, is left untouched, and "Go Back" returns to the document. */
static void
test_load_error_page (void)
{
  static const char garbage[] = "this is not a campaign {";
  g_autoptr (GFile) file = write_temp_file ("broken.tkcampaign", garbage, strlen (garbage));
  TkrWindow *window = window_new ();
  TkrDocument *before = tkr_window_get_document (window);
  g_autofree char *contents = NULL;
  gsize length = 0;

  tkr_window_open (window, file);
  spin_until_page (window, "error", NULL);
  g_assert_true (tkr_window_get_document (window) == before);

  g_assert_true (g_file_load_contents (file, NULL, &contents, &length, NULL, NULL));
  g_assert_cmpmem (contents, length, garbage, strlen (garbage));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_load_contents (file, NULL, &contents, &length, NULL, NULL));
  g_assert_cmpmem (contents, length, garbage, strlen (garbage));
  g_file_delete (file, NULL, NULL);
}

/* Design, Documents: a player's file opens in sheet mode: one sheet, no
 * roster, no encounter page. */
static void
test_sheet_mode (void)
{
  g_autoptr (TkrCharacter) carol =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_PC, "Carol");
  g_autoptr (GBytes) bytes = tkr_character_to_bytes (carol);
  g_autoptr (GFile) file = write_temp_file (
    "carol & <co>.tkcharacter", g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  TkrWindow *window = window_new ();
  TkrDocument *before = tkr_window_get_document (window);
  TkrDocument *document;
  TkrCharacter *shown;

  tkr_window_open (window, file);
  spin_until_page (window, "document", before);
  document = tkr_window_get_document (window);
  g_assert_cmpint (tkr_document_get_kind (document), ==, TKR_DOCUMENT_KIND_CHARACTER);
  shown = tkr_character_sheet_get_character (tkr_window_get_sheet (window));
  g_assert_nonnull (shown);
  g_assert_cmpstr (tkr_character_get_name (shown), ==, "Carol");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tkr_window_get_roster (window))));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "carol & <co> — Turnkeeper");

  tkr_document_set_autosave_delay_ms (document, 600000);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_file_delete (file, NULL, NULL);
}

/* Ctrl+D opens the dice popover; rolling from it goes to its history. */
static void
test_roll_dice (void)
{
  TkrWindow *window = window_new ();
  TkrDicePopover *popover = tkr_window_get_dice_popover (window);

  /* Under a bare X server a window mapped a moment ago may sit on no
   * monitor yet, and a popover placed then fails inside GDK. */
  g_assert_true (tkr_test_wait_until (on_a_monitor, window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.roll-dice", NULL));
  iterate ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  tkr_dice_popover_set_seed (popover, 7);
  tkr_dice_popover_roll (popover);
  g_assert_nonnull (tkr_dice_popover_get_last_roll (popover));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_dice_popover_get_history (popover)), ==, 1);
  gtk_popover_popdown (GTK_POPOVER (popover));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Undo and redo are enabled exactly when the history can. */
static void
test_undo_enabled (void)
{
  TkrWindow *window = window_new ();
  TkrCampaign *campaign = tkr_document_get_campaign (tkr_window_get_document (window));
  TkrHistory *history = tkr_campaign_get_history (campaign);
  GtkWidget *roster = GTK_WIDGET (tkr_window_get_roster (window));
  GtkWidget *undo = action_button (window, "win.undo");
  GtkWidget *redo = action_button (window, "win.redo");

  tkr_document_set_autosave_delay_ms (tkr_window_get_document (window), 600000);

  g_assert_false (gtk_widget_get_sensitive (undo));
  tkr_campaign_add_npc (campaign, "Goblin");
  g_assert_true (tkr_history_can_undo (history));
  g_assert_true (gtk_widget_get_sensitive (undo));
  g_assert_false (gtk_widget_get_sensitive (redo));

  g_assert_true (gtk_widget_activate_action (roster, "win.undo", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (campaign)), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (undo));
  g_assert_true (gtk_widget_get_sensitive (redo));

  g_assert_true (gtk_widget_activate_action (roster, "win.redo", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (campaign)), ==, 1);
  g_assert_true (gtk_widget_get_sensitive (undo));
  g_assert_false (gtk_widget_get_sensitive (redo));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

static void
collect_accelerators (GtkWidget *widget, GHashTable *found)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerator = NULL;

      g_object_get (widget, "accelerator", &accelerator, NULL);
      g_hash_table_add (found, g_steal_pointer (&accelerator));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_accelerators (child, found);
}

/* The keys listed in the shortcuts window's group titled @title. */
static void
group_accelerators (GtkWidget *widget, const char *title, GHashTable *found)
{
  if (GTK_IS_SHORTCUTS_GROUP (widget))
    {
      g_autofree char *group_title = NULL;

      g_object_get (widget, "title", &group_title, NULL);
      if (g_strcmp0 (group_title, title) == 0)
        collect_accelerators (widget, found);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    group_accelerators (child, title, found);
}

/* Each rule system's group lists the fight keys it has: Move in the
 * Kleptonomicon and d20, not in Pathfinder 2e, which counts no movement
 * (help/C/keyboard.page). */
static void
test_help_overlay_per_system (void)
{
  TkrKeymap *keymap = tkr_keymap_get_default ();
  GtkWindow *overlay = tkr_keymap_new_shortcuts_window (keymap);
  const char *move = tkr_keymap_get_accelerator (keymap, "tracker.move");
  const char *spend = tkr_keymap_get_accelerator (keymap, "tracker.spend");
  const char *systems[] = { "kleptonomicon", "pf2e", "d20" };
  const gboolean moves[] = { TRUE, FALSE, TRUE };

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[i], NULL);
      g_autoptr (GHashTable) found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      group_accelerators (GTK_WIDGET (overlay), tkr_rules_translate (tkr_rules_get_name (rules)),
                          found);
      g_assert_true (g_hash_table_contains (found, spend));
      g_assert_true (g_hash_table_contains (found, move) == moves[i]);
    }
  gtk_window_destroy (overlay);
  g_object_unref (overlay);
}

/* The shortcuts window builds from the keymap, the table the keys are
 * bound from, and lists every command's key: they cannot drift apart
 * (help/C/keyboard.page). */
static void
test_help_overlay (void)
{
  TkrKeymap *keymap = tkr_keymap_get_default ();
  GtkWindow *overlay = tkr_keymap_new_shortcuts_window (keymap);
  g_autoptr (GHashTable) found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  collect_accelerators (GTK_WIDGET (overlay), found);
  for (guint i = 0; i < tkr_keymap_get_n_keys (); i++)
    {
      const char *accelerator = tkr_keymap_get_accelerator (keymap, tkr_keymap_get_key (i)->action);

      if (*accelerator != '\0')
        g_assert_true (g_hash_table_contains (found, accelerator));
    }
  gtk_window_destroy (overlay);
  g_object_unref (overlay);
}

/* The window's size is remembered when it closes (design, GSettings). */
static void
test_size_saved (void)
{
  g_autoptr (GSettings) settings = tkr_settings_new_if_installed ();
  TkrWindow *window;

  if (settings == NULL)
    {
      g_test_skip ("settings schema not compiled");
      return;
    }
  window = window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  iterate ();
  gtk_window_close (GTK_WINDOW (window));
  iterate ();
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  /* The next window opens at that size. */
  window = window_new ();
  {
    int width, height;

    gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
    g_assert_cmpint (width, ==, 900);
    g_assert_cmpint (height, ==, 640);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Settings are bound with g_settings_bind (the GNOME way): the size and
 * the maximized state are read when a window opens and written when they
 * change, without one window following another's resize; the dice mode
 * follows Preferences at once. */
static void
test_settings_bound (void)
{
  g_autoptr (GSettings) settings = tkr_settings_new_if_installed ();
  TkrWindow *window;
  gboolean typing_first = FALSE;
  int width, height;

  if (settings == NULL)
    {
      g_test_skip ("settings schema not compiled");
      return;
    }
  g_settings_set_int (settings, "window-width", 1000);
  g_settings_set_int (settings, "window-height", 700);
  window = window_new ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1000);
  g_assert_cmpint (height, ==, 700);

  /* Written as the window changes, not only when it closes. */
  gtk_window_set_default_size (GTK_WINDOW (window), 820, 610);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 820);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 610);

  /* Another window's size does not move this one. */
  g_settings_set_int (settings, "window-width", 1100);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 820);

  g_settings_set_string (settings, "dice-mode", "type");
  g_object_get (tkr_window_get_dice_popover (window), "typing-first", &typing_first, NULL);
  g_assert_true (typing_first);
  g_settings_set_string (settings, "dice-mode", "roll");
  g_object_get (tkr_window_get_dice_popover (window), "typing-first", &typing_first, NULL);
  g_assert_false (typing_first);
  g_settings_reset (settings, "dice-mode");

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

static gboolean
revealed (gpointer data)
{
  return gtk_revealer_get_reveal_child (data);
}

static gboolean
hidden (gpointer data)
{
  return !gtk_revealer_get_reveal_child (data);
}

static gboolean
wait_for (gboolean (*done) (gpointer), gpointer data)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (10000, timeout_cb, &timed_out);

  while (!timed_out && !done (data))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  return done (data);
}

/* Issue "Files that never lose anything" (help/C/files-and-backups.page):
 * another program's change to the open file shows a banner; Reload opens
 * that version in the window, and Keep Mine writes this window's over it. */
static void
test_outside_change_banner (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GBytes) other = NULL;
  TkrWindow *window = window_new ();
  TkrDocument *before = tkr_window_get_document (window);
  TkrDocument *document;
  GtkRevealer *banner = GTK_REVEALER (
    gtk_widget_get_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "conflict_revealer"));
  g_autofree char *path = NULL;

  tkr_campaign_add_pc (campaign, "Alice");
  bytes = tkr_campaign_to_bytes (campaign);
  file =
    write_temp_file ("banner.tkcampaign", g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  path = g_file_get_path (file);
  tkr_window_open (window, file);
  spin_until_page (window, "document", before);
  document = tkr_window_get_document (window);
  g_assert_false (gtk_revealer_get_reveal_child (banner));

  /* Another program adds Bob. */
  tkr_campaign_add_pc (campaign, "Bob");
  other = tkr_campaign_to_bytes (campaign);
  g_assert_true (
    g_file_set_contents (path, g_bytes_get_data (other, NULL), g_bytes_get_size (other), NULL));
  g_assert_true (wait_for (revealed, banner));

  /* Reload: the window shows the other program's version. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  spin_until_page (window, "document", document);
  document = tkr_window_get_document (window);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_campaign_get_party (tkr_document_get_campaign (document))), ==,
    2);
  g_assert_true (wait_for (hidden, banner));

  /* Again, and this time the window keeps its version. */
  tkr_campaign_add_pc (campaign, "Carol");
  g_clear_pointer (&other, g_bytes_unref);
  other = tkr_campaign_to_bytes (campaign);
  g_assert_true (
    g_file_set_contents (path, g_bytes_get_data (other, NULL), g_bytes_get_size (other), NULL));
  g_assert_true (wait_for (revealed, banner));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.keep-mine", NULL);
  g_assert_true (wait_for (hidden, banner));
  g_assert_true (tkr_document_save_sync (document, NULL));
  {
    g_autofree char *contents = NULL;

    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_null (strstr (contents, "Carol"));
    g_assert_nonnull (strstr (contents, "Bob"));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_file_delete (file, NULL, NULL);
}

/* Issue "The table tracker": the roster can be hidden during a fight
 * (win.roster-visible, F9) and the choice is remembered where settings
 * are installed; the content header then carries the window's buttons. */
static void
test_roster_hidden (void)
{
  g_autoptr (GSettings) settings = tkr_settings_new_if_installed ();
  TkrWindow *window = window_new ();
  GtkWidget *roster = GTK_WIDGET (tkr_window_get_roster (window));
  GtkWidget *button = action_button (window, "win.roster-visible");

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  iterate ();
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (roster));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.roster-visible", NULL);
  iterate ();
  g_assert_false (gtk_widget_get_visible (roster));
  if (settings != NULL)
    g_assert_false (g_settings_get_boolean (settings, "roster-visible"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.roster-visible", NULL);
  iterate ();
  g_assert_true (gtk_widget_get_visible (roster));
  if (settings != NULL)
    g_assert_true (g_settings_get_boolean (settings, "roster-visible"));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

static gboolean
window_shows_file (gpointer data)
{
  TkrWindow *window = data;
  TkrDocument *document = tkr_window_get_document (window);

  return document != NULL && tkr_document_get_file (document) != NULL;
}

/* Issue "Files that never lose anything": one window per file. Opening a
 * file that a window has open brings that window forward instead of a
 * second one whose saves would overwrite the first's. */
static void
check_one_window_per_file (TkrApplication *app)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);
  g_autoptr (GFile) file = write_temp_file ("one-window.tkcampaign", g_bytes_get_data (bytes, NULL),
                                            g_bytes_get_size (bytes));
  g_autoptr (GFile) same = g_file_new_for_path (g_file_peek_path (file));
  guint before = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
  TkrWindow *window;
  gboolean timed_out = FALSE;
  guint source;

  g_application_open (G_APPLICATION (app), &file, 1, "");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==,
                    before + 1);
  window = gtk_application_get_windows (GTK_APPLICATION (app))->data;
  source = g_timeout_add (10000, timeout_cb, &timed_out);
  while (!timed_out && !window_shows_file (window))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  g_assert_true (window_shows_file (window));

  /* The same file, by another GFile: the same window. */
  g_assert_true (tkr_application_present_file (app, same));
  g_application_open (G_APPLICATION (app), &same, 1, "");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==,
                    before + 1);
  g_file_delete (file, NULL, NULL);
}

/* The application: activate opens a window on an empty campaign, the
 * style preference goes to the style manager, and a file opens in one
 * window only. Needs a session bus (GTK
 * warns without one). */
static void
test_application (void)
{
  g_autoptr (TkrApplication) app = NULL;
  g_autoptr (GError) error = NULL;
  GSettings *settings;
  GList *windows;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      g_test_skip ("no session bus");
      return;
    }
  g_setenv ("TKR_NON_UNIQUE", "1", TRUE);
  app = tkr_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  settings = tkr_application_get_settings (app);
  if (settings != NULL)
    g_settings_set_string (settings, "last-document", "");
  g_application_activate (G_APPLICATION (app));
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, 1);
  g_assert_true (TKR_IS_WINDOW (windows->data));
  g_assert_true (tkr_document_is_pristine (tkr_window_get_document (windows->data)));

  if (settings != NULL)
    {
      AdwStyleManager *manager = adw_style_manager_get_default ();

      g_settings_set_string (settings, "style-variant", "dark");
      g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==,
                       ADW_COLOR_SCHEME_FORCE_DARK);
      g_settings_set_string (settings, "style-variant", "default");
      g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);
    }

  check_one_window_per_file (app);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  iterate ();
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

/* A last document that no longer opens (damaged, say) is not dropped in
 * silence: the error page says why and where the file is, untouched. */
static void
test_restore_damaged_last_document (void)
{
  static const char garbage[] = "{\"rule_system\": ";
  g_autoptr (GFile) file = write_temp_file ("damaged-last.tkcampaign", garbage, strlen (garbage));
  TkrWindow *window = window_new ();
  AdwStatusPage *page = ADW_STATUS_PAGE (
    gtk_widget_get_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "error_page"));
  g_autofree char *contents = NULL;

  tkr_window_restore (window, file);
  spin_until_page (window, "error", NULL);
  g_assert_nonnull (strstr (adw_status_page_get_description (page), g_file_peek_path (file)));
  g_assert_true (g_file_get_contents (g_file_peek_path (file), &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, garbage);

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_file_delete (file, NULL, NULL);
}

/* Issue 13, "Messages for people": json-glib quoted one byte of "é" (half
 * a UTF-8 character), and the page showed a title with no reason and a
 * Gtk-WARNING (fatal here). The page now says in plain words what is wrong
 * and where, and the parser's words wait behind "Details". */
static void
test_error_page_plain_message (void)
{
  static const char damaged[] = "{\"kind\": \"turnkeeper-campaign\", \"format\": 1,\n"
                                " \"campaign\": {\"name\": \xc3\xa9}}\n";
  g_autoptr (GFile) file = write_temp_file ("accent.tkcampaign", damaged, strlen (damaged));
  TkrWindow *window = window_new ();
  AdwStatusPage *page = ADW_STATUS_PAGE (
    gtk_widget_get_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "error_page"));
  GtkWidget *details = GTK_WIDGET (
    gtk_widget_get_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "error_details"));
  GtkLabel *detail_label = GTK_LABEL (
    gtk_widget_get_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "error_detail_label"));
  const char *description;

  tkr_window_open (window, file);
  spin_until_page (window, "error", NULL);
  description = adw_status_page_get_description (page);
  g_assert_true (g_utf8_validate (description, -1, NULL));
  g_assert_nonnull (strstr (description, "The file is damaged: from line 2, column"));
  g_assert_nonnull (strstr (description, "The file was left as it was"));
  g_assert_null (strchr (description, '`'));
  g_assert_true (gtk_widget_get_visible (details));
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (details)));
  g_assert_nonnull (strstr (gtk_label_get_text (detail_label), "Line 2, column"));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_file_delete (file, NULL, NULL);
}

/* Issue 13: while the error page showed, keys and menus acted on the
 * hidden untitled document behind it (and autosave wrote it). They do
 * nothing until a document shows again. */
static void
test_error_page_hides_document_actions (void)
{
  static const char garbage[] = "not a campaign";
  g_autoptr (GFile) file = write_temp_file ("garbage.tkcampaign", garbage, strlen (garbage));
  TkrWindow *window = window_new ();
  TkrDocument *hidden = tkr_window_get_document (window);
  TkrCampaign *campaign = tkr_document_get_campaign (hidden);
  AdwStatusPage *page = ADW_STATUS_PAGE (
    gtk_widget_get_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "error_page"));
  GtkWidget *back;

  tkr_document_set_autosave_delay_ms (hidden, 600000);
  tkr_window_open (window, file);
  spin_until_page (window, "error", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-pc", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-npc", NULL);
  iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 0);
  g_assert_true (tkr_document_is_pristine (hidden));
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "error");

  /* Go Back: on the document again, the same action works. */
  back = gtk_widget_get_last_child (adw_status_page_get_child (page));
  g_assert_true (GTK_IS_BUTTON (back));
  g_signal_emit_by_name (back, "clicked");
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-pc", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_file_delete (file, NULL, NULL);
}

static void
remove_tree (GFile *file)
{
  g_autoptr (GFileEnumerator) children = g_file_enumerate_children (
    file, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFileInfo *info;

  while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      g_autoptr (GFile) child = g_file_get_child (file, g_file_info_get_name (info));

      remove_tree (child);
      g_object_unref (info);
    }
  g_file_delete (file, NULL, NULL);
}

/* Issue "A Flatpak that builds...": without a help viewer, F1 opens the
 * same pages as HTML built with the application, in the user's language
 * when it has them, else in English. */
static void
test_help_html (void)
{
  g_autoptr (GFile) german = NULL;
  g_autoptr (GFile) other = NULL;
  g_autofree char *german_path = NULL;
  g_autofree char *contents = NULL;

  if (g_getenv ("TKR_HELP_HTML_DIR") == NULL ||
      !g_file_test (g_getenv ("TKR_HELP_HTML_DIR"), G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the help was not built as HTML (no yelp-build)");
      return;
    }
  g_setenv ("LANGUAGE", "de", TRUE);
  german = tkr_application_find_help_html ();
  g_assert_nonnull (german);
  german_path = g_file_get_path (german);
  g_assert_true (g_str_has_suffix (german_path, "/de/index.html"));
  g_assert_true (g_file_get_contents (german_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "Turnkeeper-Hilfe"));

  g_setenv ("LANGUAGE", "xx", TRUE);
  other = tkr_application_find_help_html ();
  g_assert_nonnull (other);
  g_assert_true (g_str_has_suffix (g_file_peek_path (other), "/C/index.html"));
  g_unsetenv ("LANGUAGE");
}

/* Whatever takes something away is offered back in a toast: its Undo
 * takes back that step while it is the newest, and nothing after a later
 * edit. */
static void
test_undo_toast (void)
{
  TkrWindow *window = window_new ();
  TkrCampaign *campaign = tkr_document_get_campaign (tkr_window_get_document (window));
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  g_autoptr (GError) error = NULL;
  GtkWidget *button;

  g_assert_true (
    tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_SKILL, "Juggling", 2, &error));
  g_assert_true (
    tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_SKILL, "Singing", 1, &error));
  g_assert_no_error (error);

  g_assert_true (
    tkr_character_remove_modifier (alice, history, TKR_MODIFIER_KIND_SKILL, "Juggling", &error));
  g_assert_no_error (error);
  button = tkr_test_find_toast_button (GTK_WIDGET (window));
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (tkr_character_find_modifier (alice, TKR_MODIFIER_KIND_SKILL, "Juggling"));
  iterate ();

  /* Removed, then renamed: the toast leaves the rename alone. */
  g_assert_true (
    tkr_character_remove_modifier (alice, history, TKR_MODIFIER_KIND_SKILL, "Singing", &error));
  button = tkr_test_find_toast_button (GTK_WIDGET (window));
  g_assert_nonnull (button);
  tkr_history_set (history, alice, "name", "Alicia");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (tkr_character_get_name (alice), ==, "Alicia");
  g_assert_null (tkr_character_find_modifier (alice, TKR_MODIFIER_KIND_SKILL, "Singing"));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("tkr-test-window-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autoptr (GFile) home_file = g_file_new_for_path (home);
  int status;

  /* Recent files and autosaves go here, not into the person's folders.
   * (G_TEST_OPTION_ISOLATE_DIRS would also hide the MIME database the
   * icon loader needs.) */
  g_setenv ("XDG_DATA_HOME", data, TRUE);

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/window/template/builds-with-empty-campaign", test_template);
  g_test_add_func ("/window/undo/action-updates-sheet", test_undo_action_updates_sheet);
  g_test_add_func ("/window/undo/enabled-follows-history", test_undo_enabled);
  g_test_add_func ("/window/undo/toast-undoes-only-its-step", test_undo_toast);
  g_test_add_func ("/window/load/error-page-file-untouched", test_load_error_page);
  g_test_add_func ("/window/load/character-file-sheet-mode", test_sheet_mode);
  g_test_add_func ("/window/dice/roll-dice-action-opens-popover", test_roll_dice);
  g_test_add_func ("/window/shortcuts/help-overlay-builds", test_help_overlay);
  g_test_add_func ("/window/shortcuts/help-overlay-lists-each-systems-keys",
                   test_help_overlay_per_system);
  g_test_add_func ("/window/settings/size-saved-on-close", test_size_saved);
  g_test_add_func ("/window/settings/bound-with-g-settings-bind", test_settings_bound);
  g_test_add_func ("/window/roster/hidden-and-remembered", test_roster_hidden);
  g_test_add_func ("/window/files/outside-change-banner", test_outside_change_banner);
  g_test_add_func ("/window/help/html-when-no-viewer", test_help_html);
  g_test_add_func ("/window/files/damaged-last-document-said", test_restore_damaged_last_document);
  g_test_add_func ("/window/files/error-page-plain-message", test_error_page_plain_message);
  g_test_add_func ("/window/files/error-page-hides-document-actions",
                   test_error_page_hides_document_actions);
  g_test_add_func ("/window/application/activate-and-style", test_application);

  status = g_test_run ();
  remove_tree (home_file);
  return status;
}
