/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The app and its help come up in German (and French) when the user's
 * language says so: the window's own labels, the core's messages, the rule
 * data's names, and the help pages built from help/<lang>/<lang>.po.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "tkr-character-sheet.h"
#include "tkr-document.h"
#include "tkr-player-row.h"
#include "tkr-tracker-row.h"
#include "tkr-window.h"
#include "tkr-test-campaign.h"

static void
iterate (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Every label and button text under @widget, joined, to search in. */
static void
collect_text (GtkWidget *widget, GString *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  else if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    g_string_append_printf (out, "%s\n", gtk_button_get_label (GTK_BUTTON (widget)));
  else if (ADW_IS_PREFERENCES_GROUP (widget))
    g_string_append_printf (out, "%s\n",
                            adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

static void
test_window_in_german (void)
{
  TkrWindow *window = tkr_window_new (NULL);
  g_autoptr (GString) text = g_string_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  collect_text (GTK_WIDGET (window), text);
  g_test_message ("%s", text->str);

  /* The roster's buttons and headings, in the German translation. */
  g_assert_nonnull (strstr (text->str, "SC hinzufügen"));
  g_assert_nonnull (strstr (text->str, "NSC hinzufügen"));
  g_assert_null (strstr (text->str, "Add PC"));

  /* A sheet: the rule data's names (rule system, skills, ranges) too. */
  {
    TkrCampaign *campaign = tkr_document_get_campaign (tkr_window_get_document (window));
    TkrCharacter *pc = tkr_campaign_add_pc (campaign, "Mira");
    GtkWidget *sheet = GTK_WIDGET (tkr_window_get_sheet (window));
    g_autoptr (GString) sheet_text = g_string_new (NULL);

    g_object_set (sheet, "campaign", campaign, "character", pc, NULL);
    iterate ();
    collect_text (sheet, sheet_text);
    g_assert_nonnull (strstr (sheet_text->str, "Das Kleptonomicon"));
    g_assert_nonnull (strstr (sheet_text->str, "Athletik"));
    g_assert_nonnull (strstr (sheet_text->str, "Gehen"));
    g_assert_null (strstr (sheet_text->str, "Athletics"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

static void
test_core_in_german (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_test_campaign_new (NULL, NULL, NULL, 0);
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (tkr_phase_to_string (TKR_PHASE_SETUP), ==, "Vorbereitung");
  g_assert_cmpstr (tkr_pool_kind_to_name (TKR_POOL_HEALTH), ==, "Gesundheit");
  /* Rule data: English in the file, German on screen. */
  g_assert_cmpstr (tkr_rules_translate ("Slowed"), ==, "Verlangsamt");
  g_assert_cmpstr (tkr_rules_translate ("The Kleptonomicon"), ==, "Das Kleptonomicon");

  /* An error message from a refused command. */
  g_assert_false (
    tkr_encounter_pause (TKR_ENCOUNTER (tkr_campaign_get_klep_encounter (campaign)), &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_null (strstr (error->message, "phase"));
}

/* Rule: a condition's name is the rule data's English in the file and the
 * reader's language on screen, in the tracker's rows and the player view's
 * as in the sheet, in every rule system. */
static void
test_condition_names_in_german (void)
{
  static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };
  static const char *const pcs[] = { "Mira", NULL };

  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    {
      g_autoptr (TkrCampaign) campaign = tkr_test_campaign_new (systems[s], pcs, NULL, 0);
      TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
      TkrRules *rules = tkr_encounter_get_rules (encounter);
      const TkrConditionInfo *info = tkr_rules_get_condition (rules, 0);
      const char *shown = tkr_rules_translate (info->name);
      g_autoptr (GRand) rand = g_rand_new_with_seed (3);
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrCombatant) mira = NULL;
      GListModel *order;
      GObject *slot = NULL;
      TkrTrackerRow *row;
      TkrPlayerRow *player_row;
      g_autoptr (GString) text = g_string_new (NULL);

      g_test_message ("%s: %s is %s", systems[s], info->name, shown);
      g_assert_cmpstr (shown, !=, info->name);
      g_assert_true (tkr_encounter_begin_setup (encounter, &error));
      g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
      g_assert_true (tkr_encounter_begin_main (encounter, &error));
      g_assert_no_error (error);
      mira = g_list_model_get_item (tkr_encounter_get_combatants (encounter), 0);
      g_assert_true (tkr_encounter_add_condition (encounter, mira, info->id, &error));
      g_assert_no_error (error);
      order = tkr_encounter_get_order (encounter);
      for (guint i = 0; i < g_list_model_get_n_items (order) && slot == NULL; i++)
        {
          g_autoptr (GObject) item = g_list_model_get_item (order, i);

          if (tkr_tracker_slot_get_combatant (item) == mira)
            slot = item;
        }
      row = g_object_ref_sink (tkr_tracker_row_new ());
      /* Out of this round's order (an Action-Point combatant Off
       * Balance), the row shows the combatant below the order. */
      tkr_tracker_row_bind (row, encounter, slot != NULL ? slot : G_OBJECT (mira),
                            slot != NULL ? 1 : -1, FALSE);
      collect_text (GTK_WIDGET (row), text);
      g_test_message ("%s", text->str);
      g_assert_nonnull (strstr (text->str, shown));
      g_assert_null (strstr (text->str, info->name));
      tkr_tracker_row_unbind (row);
      g_object_unref (row);

      /* The player view shows the order. */
      if (slot == NULL)
        continue;
      player_row = g_object_ref_sink (tkr_player_row_new ());
      tkr_player_row_bind (player_row, encounter, slot, "exact");
      g_assert_nonnull (strstr (tkr_player_row_get_conditions_text (player_row), shown));
      tkr_player_row_unbind (player_row);
      g_object_unref (player_row);
    }
}

static void
check_help_page (const char *lang, const char *page, const char *expected)
{
  g_autofree char *path = g_build_filename (TKR_BUILD_HELPDIR, lang, page, NULL);
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, expected));
}

static void
test_help_in_german_and_french (void)
{
  check_help_page ("de", "index.page", "Hilfe");
  check_help_page ("de", "turn-order.page", "Zugreihenfolge");
  check_help_page ("fr", "index.page", "Aide");
  check_help_page ("fr", "beats-and-movement.page", "déplacement");
}

static int
minimum_width (void)
{
  TkrWindow *window = tkr_window_new (NULL);
  int minimum = 0;

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  /* The window's content: its frame (shadow, resize borders) is the
   * window manager's or the theme's, not the layout's. */
  gtk_widget_measure (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                 TKR_TYPE_WINDOW, "toast_overlay")),
                      GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  return minimum;
}

/* Every language fits (README: the window folds to 360 px): the window's
 * minimum width is at most 360 px in English, German and French. */
static void
test_minimum_width (void)
{
  const char *const languages[] = { "C", "de", "fr" };

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      int width;

      g_setenv ("LANGUAGE", languages[i], TRUE);
      /* gettext reads LANGUAGE again once the locale is set anew. */
      setlocale (LC_ALL, "");
      width = minimum_width ();
      g_test_message ("%s: %d px", languages[i], width);
      g_assert_cmpint (width, <=, 360);
    }
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, TKR_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/translations/window-in-german", test_window_in_german);
  g_test_add_func ("/translations/core-in-german", test_core_in_german);
  g_test_add_func ("/translations/condition-names-in-german", test_condition_names_in_german);
  g_test_add_func ("/translations/help-in-german-and-french", test_help_in_german_and_french);
  g_test_add_func ("/translations/minimum-width-360-in-every-language", test_minimum_width);

  return g_test_run ();
}
