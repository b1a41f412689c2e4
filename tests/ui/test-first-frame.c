/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The first frame first (README, "Performance"): the window opens on
 * the roster and an empty page, and builds
 * the character sheet and the Encounter page only when they first show or
 * a command needs them; built late, each still shows the window's
 * document, and follows a document opened later.
 */

#include "config.h"

#include <adwaita.h>

#include "tkr-ap-details.h"
#include "tkr-application.h"
#include "tkr-ap-setup-pane.h"
#include "tkr-d20-details.h"
#include "tkr-d20-setup.h"
#include "tkr-encounter-page.h"
#include "tkr-klep-setup-view.h"
#include "tkr-klep-turn-tracker.h"
#include "tkr-loading-page.h"
#include "tkr-pf2e-details.h"
#include "tkr-pf2e-setup.h"
#include "tkr-test-widgets.h"
#include "tkr-window.h"

#include <glib/gstdio.h>

static void
iterate (void)
{
  for (int i = 0; i < 100 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
is_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

static GtkWidget *
find_type (TkrWindow *window, GType type)
{
  return tkr_test_find (GTK_WIDGET (window), is_type, GSIZE_TO_POINTER (type));
}

static TkrWindow *
window_new (void)
{
  TkrWindow *window = tkr_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  return window;
}

static TkrCampaign *
campaign_of (TkrWindow *window)
{
  return tkr_document_get_campaign (tkr_window_get_document (window));
}

/* Rule: the first frame shows neither the sheet nor the Encounter page,
 * so neither is built for it. */
static void
test_first_frame_builds_neither (void)
{
  TkrWindow *window = window_new ();

  g_assert_null (find_type (window, TKR_TYPE_CHARACTER_SHEET));
  g_assert_null (find_type (window, TKR_TYPE_ENCOUNTER_PAGE));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: showing the Encounter page builds it, on the window's document. */
static void
test_encounter_built_when_shown (void)
{
  TkrWindow *window = window_new ();
  GtkWidget *page;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-encounter", NULL));
  iterate ();
  page = find_type (window, TKR_TYPE_ENCOUNTER_PAGE);
  g_assert_nonnull (page);
  g_assert_true (gtk_widget_get_mapped (page));
  g_assert_true (tkr_encounter_page_get_campaign (TKR_ENCOUNTER_PAGE (page)) ==
                 campaign_of (window));
  /* The sheet is still not needed. */
  g_assert_null (find_type (window, TKR_TYPE_CHARACTER_SHEET));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: choosing a character builds the sheet, showing that character of
 * the window's document. */
static void
test_sheet_built_for_a_character (void)
{
  TkrWindow *window = window_new ();
  TkrCharacter *pc = tkr_campaign_add_pc (campaign_of (window), "Alice");
  GtkWidget *sheet;

  tkr_document_set_autosave_delay_ms (tkr_window_get_document (window), 600000);
  g_assert_null (find_type (window, TKR_TYPE_CHARACTER_SHEET));
  tkr_roster_set_selected_character (tkr_window_get_roster (window), pc);
  iterate ();
  sheet = find_type (window, TKR_TYPE_CHARACTER_SHEET);
  g_assert_nonnull (sheet);
  g_assert_true (gtk_widget_get_mapped (sheet));
  g_assert_true (tkr_character_sheet_get_character (TKR_CHARACTER_SHEET (sheet)) == pc);
  g_assert_true (tkr_character_sheet_get_campaign (TKR_CHARACTER_SHEET (sheet)) ==
                 campaign_of (window));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: a document set before the parts are built reaches them when they
 * are, and one set after reaches them at once. */
static void
test_late_parts_follow_the_document (void)
{
  TkrWindow *window = window_new ();
  g_autoptr (TkrDocument) first = tkr_document_new (tkr_rules_get_default ());
  g_autoptr (TkrDocument) second = tkr_document_new (tkr_rules_get_default ());
  TkrEncounterPage *page;

  tkr_window_set_document (window, first);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-encounter", NULL));
  iterate ();
  page = TKR_ENCOUNTER_PAGE (find_type (window, TKR_TYPE_ENCOUNTER_PAGE));
  g_assert_true (tkr_encounter_page_get_campaign (page) == tkr_document_get_campaign (first));
  g_assert_true (tkr_character_sheet_get_campaign (tkr_window_get_sheet (window)) ==
                 tkr_document_get_campaign (first));

  tkr_window_set_document (window, second);
  g_assert_true (tkr_encounter_page_get_campaign (page) == tkr_document_get_campaign (second));
  g_assert_true (tkr_character_sheet_get_campaign (tkr_window_get_sheet (window)) ==
                 tkr_document_get_campaign (second));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: a fight key works before the Encounter page was ever shown: the
 * command builds it and runs (here: begin the Setup). */
static void
test_command_builds_the_encounter (void)
{
  TkrWindow *window = window_new ();
  TkrCampaign *campaign = campaign_of (window);
  TkrCharacter *pc = tkr_campaign_add_pc (campaign, "Alice");
  TkrEncounter *encounter;

  tkr_document_set_autosave_delay_ms (tkr_window_get_document (window), 600000);
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, pc, NULL));
  g_assert_null (find_type (window, TKR_TYPE_ENCOUNTER_PAGE));
  g_assert_true (tkr_window_run_command (window, "encounter.begin-setup"));
  iterate ();
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  g_assert_cmpint (tkr_encounter_get_phase (encounter), ==, TKR_PHASE_SETUP);
  g_assert_nonnull (find_type (window, TKR_TYPE_ENCOUNTER_PAGE));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: the shortcuts window is built when first asked for, then shown
 * (help/C/keyboard.page); asked again, the same one shows. */
static void
test_shortcuts_window_built_when_asked (void)
{
  TkrWindow *window = window_new ();
  GtkShortcutsWindow *overlay;

  GLogLevelFlags fatal;

  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  /* GTK 4.8's shortcuts window warns of a label laid out at a negative
   * width when it shows: GTK's warning, not the app's, so warnings are
   * not fatal while it shows (criticals still are). */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_assert_true (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)) ==
                 overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);
  iterate ();
  g_log_set_always_fatal (fatal);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: the Encounter page builds only its campaign's system's Setup and
 * details; another system's are built when the campaign switches to it. */
static void
test_encounter_builds_only_its_system (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GError) error = NULL;
  GtkWidget *page = g_object_ref_sink (tkr_encounter_page_new ());

  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (page), campaign);
  g_assert_nonnull (tkr_test_find_type (page, TKR_TYPE_KLEP_SETUP_VIEW));
  g_assert_nonnull (tkr_test_find_type (page, TKR_TYPE_KLEP_TURN_TRACKER));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_PF2E_SETUP));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_PF2E_DETAILS));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_D20_SETUP));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_D20_DETAILS));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_AP_SETUP_PANE));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_AP_DETAILS));

  g_assert_true (tkr_campaign_set_rule_system (campaign, "action-points", &error));
  g_assert_no_error (error);
  g_assert_nonnull (tkr_test_find_type (page, TKR_TYPE_AP_SETUP_PANE));
  g_assert_nonnull (tkr_test_find_type (page, TKR_TYPE_AP_DETAILS));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_PF2E_SETUP));
  g_assert_null (tkr_test_find_type (page, TKR_TYPE_D20_SETUP));
  /* Built once: back and forth adds no second copy. */
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
  g_assert_true (tkr_history_redo (tkr_campaign_get_history (campaign)));
  g_assert_true (gtk_widget_get_next_sibling (
                   GTK_WIDGET (tkr_test_find_type (page, TKR_TYPE_AP_SETUP_PANE))) == NULL);

  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (page), NULL);
  g_object_unref (page);
}

static GtkMenuButton *
window_button (TkrWindow *window, const char *id)
{
  return GTK_MENU_BUTTON (tkr_test_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, id));
}

/* Rule: the first frame builds neither the dice popover nor the widgets
 * of the main menus (roster and content header), nor the loading page;
 * the dice popover is built when it opens, with the document's rules,
 * and a main menu when it opens, from the roster's menu, once. */
static void
test_popovers_built_when_opened (void)
{
  TkrWindow *window = window_new ();
  GtkMenuButton *dice = window_button (window, "dice_button");
  GtkMenuButton *content_menu = window_button (window, "content_menu_button");
  GtkMenuButton *roster_menu = GTK_MENU_BUTTON (tkr_test_template_child (
    GTK_WIDGET (tkr_window_get_roster (window)), TKR_TYPE_ROSTER, "menu_button"));
  GMenuModel *primary = tkr_roster_get_primary_menu (tkr_window_get_roster (window));
  GtkPopover *popover;

  g_assert_null (gtk_menu_button_get_popover (dice));
  g_assert_null (gtk_menu_button_get_popover (content_menu));
  g_assert_null (gtk_menu_button_get_popover (roster_menu));
  g_assert_null (find_type (window, TKR_TYPE_LOADING_PAGE));
  g_assert_null (find_type (window, TKR_TYPE_DICE_POPOVER));
  /* Still usable: a menu button with nothing to open would be greyed. */
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (dice)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (roster_menu)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.roll-dice", NULL));
  iterate ();
  popover = gtk_menu_button_get_popover (dice);
  g_assert_true (TKR_IS_DICE_POPOVER (popover));
  g_assert_true (GTK_WIDGET (popover) == GTK_WIDGET (tkr_window_get_dice_popover (window)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_menu_button_popdown (dice);

  gtk_menu_button_popup (roster_menu);
  iterate ();
  popover = gtk_menu_button_get_popover (roster_menu);
  g_assert_nonnull (popover);
  g_assert_true (gtk_menu_button_get_menu_model (roster_menu) == primary);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_menu_button_popdown (roster_menu);
  iterate ();
  /* Opened again: the same menu, not a second one. */
  gtk_menu_button_popup (roster_menu);
  g_assert_true (gtk_menu_button_get_popover (roster_menu) == popover);
  gtk_menu_button_popdown (roster_menu);

  gtk_menu_button_popup (content_menu);
  g_assert_true (gtk_menu_button_get_menu_model (content_menu) == primary);
  gtk_menu_button_popdown (content_menu);
  iterate ();
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: the dice popover built late still follows the "dice-mode"
 * setting (help/C/setting-up.page: a roll or a typed Score first) and
 * the rules of a document set before it was built. */
static void
test_dice_popover_built_late_follows (void)
{
  TkrWindow *window = window_new ();
  g_autoptr (TkrDocument) document = tkr_document_new (tkr_rules_get_default ());
  g_autoptr (GSettings) settings = tkr_settings_new_if_installed ();
  gboolean typing_first;
  gboolean expected = settings != NULL;

  tkr_window_set_document (window, document);
  if (settings != NULL)
    expected = g_str_equal (g_settings_get_string (settings, "dice-mode"), "type");
  g_object_get (tkr_window_get_dice_popover (window), "typing-first", &typing_first, NULL);
  g_assert_cmpint (typing_first, ==, expected);
  if (settings != NULL)
    {
      g_settings_set_string (settings, "dice-mode", expected ? "roll" : "type");
      g_object_get (tkr_window_get_dice_popover (window), "typing-first", &typing_first, NULL);
      g_assert_cmpint (typing_first, ==, !expected);
      g_settings_reset (settings, "dice-mode");
    }
  /* A roll uses the document's rules: it works, and is remembered. */
  tkr_dice_popover_roll (tkr_window_get_dice_popover (window));
  g_assert_nonnull (tkr_dice_popover_get_last_roll (tkr_window_get_dice_popover (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Rule: the roster lays out only the status page it has shown: with no
 * characters the "no characters yet" page, never the "no results" one
 * until a search finds nothing. */
static void
test_roster_status_pages_when_needed (void)
{
  TkrWindow *window = window_new ();
  GtkWidget *roster = GTK_WIDGET (tkr_window_get_roster (window));
  GtkWidget *empty = tkr_test_template_child (roster, TKR_TYPE_ROSTER, "empty_page");
  GtkWidget *no_results = tkr_test_template_child (roster, TKR_TYPE_ROSTER, "no_results_page");
  GtkWidget *search = tkr_test_template_child (roster, TKR_TYPE_ROSTER, "search_entry");

  tkr_document_set_autosave_delay_ms (tkr_window_get_document (window), 600000);
  g_assert_true (gtk_widget_get_visible (empty));
  g_assert_false (gtk_widget_get_visible (no_results));

  tkr_campaign_add_pc (campaign_of (window), "Alice");
  gtk_editable_set_text (GTK_EDITABLE (search), "Zed");
  g_assert_true (
    tkr_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_visible, no_results));
  g_assert_true (gtk_widget_get_child_visible (no_results));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

typedef struct
{
  TkrWindow *window;
  TkrDocument *before;
  gboolean painted;
  gboolean painted_before_document;
} Opening;

static void
opening_after_paint_cb (GdkFrameClock *clock, Opening *opening)
{
  opening->painted = TRUE;
}

static void
opening_document_cb (TkrWindow *window, GParamSpec *pspec, Opening *opening)
{
  opening->painted_before_document = opening->painted;
}

static gboolean
document_replaced (gpointer data)
{
  Opening *opening = data;

  return tkr_window_get_document (opening->window) != opening->before;
}

/* Rule: a file opened as the window starts is read after the window's
 * first frame, and then shows (the window is up at once, the file fills
 * in): the document changes only after a frame was painted. */
static void
test_file_fills_in_after_first_frame (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GFile) file =
    g_file_new_build_filename (g_get_tmp_dir (), "first frame.tkcampaign", NULL);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  TkrWindow *window = tkr_window_new (NULL);
  Opening opening = { window, tkr_window_get_document (window), FALSE, FALSE };

  tkr_campaign_add_pc (campaign, "Alice");
  bytes = tkr_campaign_to_bytes (campaign);
  g_assert_true (tkr_file_save (file, bytes, NULL, NULL));

  /* As the application does: shown, then the file asked for. */
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (opening_after_paint_cb), &opening);
  g_signal_connect (window, "notify::document", G_CALLBACK (opening_document_cb), &opening);
  tkr_window_open (window, file);
  g_assert_true (tkr_window_get_document (window) == opening.before);

  g_assert_true (tkr_test_wait_until (document_replaced, &opening));
  g_assert_true (opening.painted_before_document);
  g_assert_cmpstr (tkr_window_get_visible_page (window), ==, "document");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign_of (window))), ==,
                    1);

  g_signal_handlers_disconnect_by_func (gtk_widget_get_frame_clock (GTK_WIDGET (window)),
                                        opening_after_paint_cb, &opening);
  g_signal_handlers_disconnect_by_func (window, opening_document_cb, &opening);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_file_delete (file, NULL, NULL);
  g_remove (backup);
}

/* Rule: a window closed before its first frame drops the file it was to
 * read, and nothing runs on it afterwards. */
static void
test_closed_before_first_frame (void)
{
  g_autoptr (GFile) file =
    g_file_new_build_filename (g_get_tmp_dir (), "never read.tkcampaign", NULL);
  TkrWindow *window = tkr_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  tkr_window_open (window, file);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("tkr-test-first-frame-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  /* Recent files and autosaves go here, not into the person's folders. */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/first-frame/builds-neither-sheet-nor-encounter",
                   test_first_frame_builds_neither);
  g_test_add_func ("/first-frame/encounter-built-when-shown", test_encounter_built_when_shown);
  g_test_add_func ("/first-frame/sheet-built-for-a-character", test_sheet_built_for_a_character);
  g_test_add_func ("/first-frame/late-parts-follow-the-document",
                   test_late_parts_follow_the_document);
  g_test_add_func ("/first-frame/a-command-builds-the-encounter",
                   test_command_builds_the_encounter);
  g_test_add_func ("/first-frame/shortcuts-window-built-when-asked",
                   test_shortcuts_window_built_when_asked);
  g_test_add_func ("/first-frame/encounter-builds-only-its-system",
                   test_encounter_builds_only_its_system);
  g_test_add_func ("/first-frame/popovers-built-when-opened", test_popovers_built_when_opened);
  g_test_add_func ("/first-frame/dice-popover-built-late-follows",
                   test_dice_popover_built_late_follows);
  g_test_add_func ("/first-frame/roster-status-pages-when-needed",
                   test_roster_status_pages_when_needed);
  g_test_add_func ("/first-frame/file-fills-in-after-first-frame",
                   test_file_fills_in_after_first_frame);
  g_test_add_func ("/first-frame/closed-before-first-frame", test_closed_before_first_frame);
  return g_test_run ();
}
