/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * A narrow window stays readable (README: the window folds to 360 px;
 * help/C/tracker.page):
 *
 * - in a narrow (compact) table tracker the health bars are a column of
 *   their own: every row's bar starts at the same x, whatever the length
 *   of its name, in a group's row, a member's row (indented), a row down,
 *   one with temporary health or conditions, in each rule system;
 * - at 360 px the folded window's title is not cut short, in English,
 *   German and French: Pango is asked whether the title it laid out was
 *   ellipsized, as tests/ui/test-ellipsis.c asks of every label.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "tkr-campaign.h"
#include "tkr-document.h"
#include "tkr-encounter.h"
#include "tkr-roster.h"
#include "tkr-switcher-title.h"
#include "tkr-table-tracker.h"
#include "tkr-tracker-row.h"
#include "tkr-tracker.h"
#include "tkr-window.h"
#include "tkr-test-campaign.h"
#include "tkr-test-widgets.h"

#define NARROW 360
#define HEIGHT 800

/* Spins the main loop until nothing is pending (layout, rows made in idle
 * time), a few times over; bounded, since an animation may keep the loop
 * busy for ever. */
static void
settle (void)
{
  for (int round = 0; round < 5; round++)
    for (int i = 0; i < 500 && g_main_context_pending (NULL); i++)
      g_main_context_iteration (NULL, FALSE);
}

/* Thirteen combatants with names of different lengths: three PCs and ten
 * NPCs of three kinds (the Kleptonomicon makes groups of them, each with
 * its members' rows under it). */
static TkrCampaign *
new_campaign (const char *system)
{
  const char *const pcs[] = { "Alice Thornquill", "Bo", "Carol of the Marsh and the Fens", NULL };
  const char *const npcs[] = { "Goblin Archer", "Orc", "Wolf", NULL };

  return tkr_test_campaign_new (system, pcs, npcs, 10);
}

/* A fight in Main, with what changes a row's look: a PC with conditions
 * and temporary health, an NPC down. */
static void
start_fight (TkrEncounter *encounter)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  g_autoptr (GError) error = NULL;
  TkrRules *rules = tkr_encounter_get_rules (encounter);
  GListModel *combatants;
  guint n;
  g_autoptr (TkrCombatant) first = NULL;
  g_autoptr (TkrCombatant) last = NULL;

  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);
  combatants = tkr_encounter_get_combatants (encounter);
  n = g_list_model_get_n_items (combatants);
  g_assert_cmpuint (n, >=, 12);
  first = g_list_model_get_item (combatants, 0);
  last = g_list_model_get_item (combatants, n - 1);
  g_assert_true (
    tkr_encounter_add_condition (encounter, first, tkr_rules_get_condition (rules, 0)->id, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_change_health_typed (encounter, first, "t12", &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_change_health_typed (encounter, last, "=0", &error));
  g_assert_no_error (error);
}

typedef struct
{
  GtkWidget *list;
  GArray *xs;      /* each shown health bar's x in the list */
  GString *rows;   /* what each row is, for the failure message */
  guint n_compact; /* rows shown compact (their resources column hidden) */
  guint n_rows;    /* rows bound and shown */
} Column;

static void
measure_column (Column *column)
{
  g_array_set_size (column->xs, 0);
  g_string_truncate (column->rows, 0);
  column->n_compact = 0;
  column->n_rows = 0;
  for (GtkWidget *item = gtk_widget_get_first_child (column->list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);
      GtkWidget *bar, *resources, *stack, *name;
      graphene_rect_t bounds;
      float x;

      if (!TKR_IS_TRACKER_ROW (row) || !gtk_widget_get_mapped (row) ||
          tkr_tracker_row_get_slot (TKR_TRACKER_ROW (row)) == NULL)
        continue;
      column->n_rows++;
      resources =
        GTK_WIDGET (gtk_widget_get_template_child (row, TKR_TYPE_TRACKER_ROW, "resources_label"));
      if (!gtk_widget_get_visible (resources))
        column->n_compact++;
      stack =
        GTK_WIDGET (gtk_widget_get_template_child (row, TKR_TYPE_TRACKER_ROW, "health_stack"));
      bar = GTK_WIDGET (gtk_widget_get_template_child (row, TKR_TYPE_TRACKER_ROW, "health_bar"));
      name = GTK_WIDGET (gtk_widget_get_template_child (row, TKR_TYPE_TRACKER_ROW, "name_label"));
      /* A reminder's row has no health. */
      if (!gtk_widget_get_visible (stack) ||
          !gtk_widget_compute_bounds (bar, column->list, &bounds))
        continue;
      x = bounds.origin.x;
      g_array_append_val (column->xs, x);
      g_string_append_printf (column->rows, "  \"%s\": bar at x %.1f, %.1f px wide\n",
                              gtk_label_get_text (GTK_LABEL (name)), x, bounds.size.width);
    }
}

static gboolean
column_is_compact (gpointer data)
{
  Column *column = data;

  measure_column (column);
  return column->n_rows >= 12 && column->n_compact == column->n_rows;
}

/* One tracker of @system at @width in @language, checked. */
static void
check_column (const char *system, const char *language, int width)
{
  g_autoptr (TkrCampaign) campaign = NULL;
  TkrEncounter *encounter;
  GtkWidget *window = gtk_window_new ();
  TkrTableTracker *tracker = TKR_TABLE_TRACKER (tkr_table_tracker_new ());
  Column column = { NULL, g_array_new (FALSE, FALSE, sizeof (float)), g_string_new (NULL), 0, 0 };

  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
  campaign = new_campaign (system);
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  start_fight (encounter);
  gtk_window_set_default_size (GTK_WINDOW (window), width, HEIGHT);
  tkr_table_tracker_set_encounter (tracker, encounter);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (tracker));
  gtk_window_present (GTK_WINDOW (window));
  column.list = tkr_test_template_child (GTK_WIDGET (tracker), TKR_TYPE_TABLE_TRACKER, "list_view");

  /* Narrow: every row drops its resources column (a state, not a time). */
  g_assert_true (tkr_test_wait_until (column_is_compact, &column));
  settle ();
  measure_column (&column);
  g_test_message ("%s, %s, %d px wide, %u rows:\n%s", system, language,
                  gtk_widget_get_width (column.list), column.n_rows, column.rows->str);
  g_assert_cmpuint (column.xs->len, >=, 12);
  for (guint i = 1; i < column.xs->len; i++)
    if (!G_APPROX_VALUE (g_array_index (column.xs, float, i), g_array_index (column.xs, float, 0),
                         0.5f))
      g_error ("%s, %s, %d px: the health bars are not in one column:\n%s", system, language, width,
               column.rows->str);

  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (column.xs);
  g_string_free (column.rows, TRUE);
  settle ();
}

/* The rule (help/C/tracker.page, "In a narrow window"): in a compact
 * tracker every row's health bar starts at the same x, names wrapping
 * before the column, in each rule system: at 360 px (the narrowest
 * window) and just under the width where the rows get their columns
 * back (room to spare, where a cell could grow), in English, German and
 * French (a group's "2 of 3 up" is longest in French). */
static void
test_health_bars_one_column (gconstpointer data)
{
  const char *const languages[] = { "C", "de", "fr" };
  const int widths[] = { NARROW, 600 };

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
      check_column (data, languages[l], widths[w]);
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
}

typedef struct
{
  TkrWindow *window;
  TkrSwitcherTitle *title;
  AdwHeaderBar *header;
} Folded;

static gboolean
leaflet_is_folded (gpointer data)
{
  Folded *folded = data;
  GtkWidget *leaflet =
    tkr_test_template_child (GTK_WIDGET (folded->window), TKR_TYPE_WINDOW, "leaflet");

  return gtk_widget_get_mapped (leaflet) && adw_leaflet_get_folded (ADW_LEAFLET (leaflet));
}

/* Whether @widget's window controls show a close button, laid out, and
 * neither minimize nor maximize. */
static gboolean
only_close_laid_out (GtkWidget *widget)
{
  gboolean close = FALSE;
  g_autoptr (GPtrArray) queue = g_ptr_array_new ();

  g_ptr_array_add (queue, widget);
  for (guint i = 0; i < queue->len; i++)
    {
      GtkWidget *current = g_ptr_array_index (queue, i);

      if (gtk_widget_get_mapped (current) && (gtk_widget_has_css_class (current, "minimize") ||
                                              gtk_widget_has_css_class (current, "maximize")))
        return FALSE;
      if (gtk_widget_get_mapped (current) && gtk_widget_has_css_class (current, "close") &&
          gtk_widget_get_width (current) > 0)
        close = TRUE;
      for (GtkWidget *c = gtk_widget_get_first_child (current); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (queue, c);
    }
  return close;
}

/* The window is folded to its content at 360 px, its title shows instead
 * of the switcher, and the header keeps only the close button, laid out. */
static gboolean
window_is_folded (gpointer data)
{
  Folded *folded = data;
  GtkWidget *leaflet =
    tkr_test_template_child (GTK_WIDGET (folded->window), TKR_TYPE_WINDOW, "leaflet");
  GtkLabel *label = tkr_switcher_title_get_title_label (folded->title);

  return gtk_widget_get_width (GTK_WIDGET (folded->window)) <= NARROW &&
         adw_leaflet_get_folded (ADW_LEAFLET (leaflet)) &&
         tkr_switcher_title_get_title_visible (folded->title) &&
         gtk_widget_get_mapped (GTK_WIDGET (label)) &&
         gtk_widget_get_width (GTK_WIDGET (label)) > 0 &&
         adw_header_bar_get_decoration_layout (folded->header) != NULL &&
         only_close_laid_out (GTK_WIDGET (folded->header));
}

/* The rule (README: the window folds to 360 px; help/C/tracker.page): at
 * 360 px the folded window's title, a new campaign's name, is read whole
 * in English, German and French: Pango did not ellipsize the title it
 * laid out, as tests/ui/test-ellipsis.c asks of every label. */
static void
test_folded_title_not_cut (void)
{
  const char *const languages[] = { "C", "de", "fr" };

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      g_autoptr (TkrCampaign) campaign = NULL;
      g_autoptr (TkrDocument) document = NULL;
      TkrWindow *window;
      Folded folded;
      GtkLabel *label;
      int width;

      g_setenv ("LANGUAGE", languages[l], TRUE);
      setlocale (LC_ALL, "");
      campaign = new_campaign (NULL);
      document = tkr_document_new_for_campaign (campaign, NULL);
      window = tkr_window_new (NULL);
      tkr_window_set_document (window, document);
      gtk_window_set_default_size (GTK_WINDOW (window), NARROW, HEIGHT);
      gtk_window_present (GTK_WINDOW (window));
      folded.window = window;
      folded.title = TKR_SWITCHER_TITLE (
        tkr_test_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "switcher_title"));
      folded.header = ADW_HEADER_BAR (
        tkr_test_template_child (GTK_WIDGET (window), TKR_TYPE_WINDOW, "content_header"));
      /* Folded first, then the Encounter page brought forward, as a
       * person does. */
      g_assert_true (tkr_test_wait_until (leaflet_is_folded, &folded));
      settle ();
      g_assert_true (tkr_window_run_command (window, "win.show-encounter"));
      if (!tkr_test_wait_until (window_is_folded, &folded))
        g_error ("%s: not folded to a title at %d px: window %d px, title shown %d, "
                 "window controls \"%s\"",
                 languages[l], NARROW, gtk_widget_get_width (GTK_WIDGET (window)),
                 tkr_switcher_title_get_title_visible (folded.title),
                 adw_header_bar_get_decoration_layout (folded.header));
      settle ();

      label = tkr_switcher_title_get_title_label (folded.title);
      width = gtk_widget_get_width (GTK_WIDGET (label));
      g_test_message ("%s: \"%s\" in %d px, window %d px", languages[l], gtk_label_get_text (label),
                      width, gtk_widget_get_width (GTK_WIDGET (window)));
      g_assert_cmpstr (gtk_label_get_text (label), ==, tkr_document_get_title (document));
      if (!g_str_equal (languages[l], "C"))
        g_assert_cmpstr (gtk_label_get_text (label), !=, "Untitled Campaign");
      /* The window can still be closed from its header. */
      g_assert_nonnull (strstr (adw_header_bar_get_decoration_layout (folded.header), "close"));
      g_assert_null (strstr (adw_header_bar_get_decoration_layout (folded.header), "minimize"));
      /* The characters' page, one step back, has the same controls. */
      g_assert_cmpstr (adw_header_bar_get_decoration_layout (
                         tkr_roster_get_header_bar (tkr_window_get_roster (window))),
                       ==, adw_header_bar_get_decoration_layout (folded.header));
      if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        g_error ("%s: the folded title \"%s\" is cut short in %d px", languages[l],
                 gtk_label_get_text (label), width);

      gtk_window_destroy (GTK_WINDOW (window));
      settle ();
    }
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
}

int
main (int argc, char *argv[])
{
  const char *const *systems;

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

  systems = tkr_tracker_get_rule_systems ();
  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autofree char *path =
        g_strdup_printf ("/narrow/tracker/%s/health-bars-in-one-column", systems[i]);

      g_test_add_data_func (path, systems[i], test_health_bars_one_column);
    }

  g_test_add_func ("/narrow/window/folded-title-not-cut-at-360-in-english-german-french",
                   test_folded_title_not_cut);

  return g_test_run ();
}
