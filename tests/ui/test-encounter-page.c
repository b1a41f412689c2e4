/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The Encounter tab's Rule System drop-down (issue 5): the GM switches the
 * campaign's system only while no encounter runs, the tab then shows that
 * system's view, and undo switches back.
 */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-ap-participant-row.h"
#include "tkr-d20-participant-row.h"
#include "tkr-encounter-page.h"
#include "tkr-freeplay-pane.h"
#include "tkr-ap-setup-pane.h"
#include "tkr-d20-setup.h"
#include "tkr-klep-setup-view.h"
#include "tkr-participant-row.h"
#include "tkr-pf2e-setup.h"
#include "tkr-test-widgets.h"

typedef struct
{
  Fixture f;
  TkrEncounterPage *page;
} PageFixture;

static void
page_setup (PageFixture *fixture, gconstpointer data)
{
  fixture_init (&fixture->f);
  fixture->page = TKR_ENCOUNTER_PAGE (tkr_encounter_page_new ());
  tkr_encounter_page_set_campaign (fixture->page, fixture->f.campaign);
  fixture_show (&fixture->f, GTK_WIDGET (fixture->page), 1000, 800);
}

static void
page_teardown (PageFixture *fixture, gconstpointer data)
{
  fixture_clear (&fixture->f);
}

static gpointer
child (PageFixture *fixture, const char *name)
{
  GObject *object =
    gtk_widget_get_template_child (GTK_WIDGET (fixture->page), TKR_TYPE_ENCOUNTER_PAGE, name);

  g_assert_nonnull (object);
  return object;
}

static const char *
selected_name (GtkDropDown *dropdown)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (dropdown);

  g_assert_nonnull (item);
  return gtk_string_object_get_string (item);
}

/* Only @stack's shown child is visible at all (one set of controls for
 * AT-SPI), and it is @name. */
static void
assert_only_shown (GtkStack *stack, const char *name)
{
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, name);
  for (GtkWidget *part = gtk_widget_get_first_child (GTK_WIDGET (stack)); part != NULL;
       part = gtk_widget_get_next_sibling (part))
    g_assert_true (gtk_widget_get_visible (part) == (part == gtk_stack_get_visible_child (stack)));
}

/* The parts of the campaign's system are shown, the only ones visible,
 * and only they hold the campaign's encounter: Freeplay's rows are that
 * system's. */
static void
assert_shows (PageFixture *fixture, const char *system)
{
  TkrCampaign *campaign = fixture->f.campaign;
  gboolean klep = g_str_equal (system, "kleptonomicon");
  GtkListBox *list = tkr_test_part (GTK_WIDGET (fixture->page), "participants_list");
  GtkListBoxRow *row = list ? gtk_list_box_get_row_at_index (list, 0) : NULL;
  GType row_type = TKR_TYPE_PARTICIPANT_ROW;

  g_assert_true (tkr_encounter_page_get_view (fixture->page) == GTK_WIDGET (fixture->page));
  g_assert_true (tkr_encounter_page_get_campaign (fixture->page) == campaign);
  assert_only_shown (child (fixture, "setup_stack"), system);
  assert_only_shown (child (fixture, "main_stack"), klep ? "kleptonomicon" : "details");
  if (!klep)
    assert_only_shown (child (fixture, "system_details"), system);
  if (g_str_equal (system, "d20"))
    row_type = TKR_TYPE_D20_PARTICIPANT_ROW;
  else if (g_str_equal (system, "action-points"))
    row_type = TKR_TYPE_AP_PARTICIPANT_ROW;
  /* In Freeplay (who takes part shows only then). */
  if (tkr_tracker_get_phase (tkr_campaign_get_tracker (campaign)) == TKR_PHASE_FREEPLAY)
    {
      g_assert_nonnull (row);
      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (row, row_type));
    }
}

static void
test_lists_the_four_systems (PageFixture *fixture, gconstpointer data)
{
  GtkDropDown *dropdown = child (fixture, "system_dropdown");
  GListModel *model = gtk_drop_down_get_model (dropdown);

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  g_assert_cmpstr (selected_name (dropdown), ==, "The Kleptonomicon");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (dropdown)));
  assert_shows (fixture, "kleptonomicon");
}

static void
test_switch_and_undo (PageFixture *fixture, gconstpointer data)
{
  GtkDropDown *dropdown = child (fixture, "system_dropdown");
  const char *const *systems = tkr_tracker_get_rule_systems ();

  for (guint i = 1; systems[i] != NULL; i++)
    {
      gtk_drop_down_set_selected (dropdown, i);
      fixture_iterate ();
      g_assert_cmpstr (tkr_campaign_get_rule_system (fixture->f.campaign), ==, systems[i]);
      assert_shows (fixture, systems[i]);
    }

  /* Each switch was one step: undo walks back through them. */
  for (guint i = g_strv_length ((char **) systems) - 1; i > 0; i--)
    {
      g_assert_true (tkr_history_undo (fixture->f.history));
      fixture_iterate ();
      g_assert_cmpstr (tkr_campaign_get_rule_system (fixture->f.campaign), ==, systems[i - 1]);
      g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, i - 1);
      assert_shows (fixture, systems[i - 1]);
    }
}

/* Issue 5: only while no encounter is running. The drop-down is
 * insensitive during an encounter, says why, and a selection that still
 * arrives (keyboard, accessibility) is refused with the core's message and
 * snaps back. */
static void
test_refused_while_running (PageFixture *fixture, gconstpointer data)
{
  GtkDropDown *dropdown = child (fixture, "system_dropdown");
  GtkLabel *error_label = child (fixture, "error_label");

  fixture_begin_setup (&fixture->f);
  fixture_iterate ();
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (dropdown)));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (dropdown)), "Freeplay"));

  gtk_drop_down_set_selected (dropdown, 1);
  fixture_iterate ();
  g_assert_cmpstr (tkr_campaign_get_rule_system (fixture->f.campaign), ==, "kleptonomicon");
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_nonnull (strstr (gtk_label_get_text (error_label), "no encounter is running"));
  assert_shows (fixture, "kleptonomicon");

  /* Undo of the Setup brings Freeplay back, and the switch with it. */
  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (dropdown)));
}

/* A campaign file of another system opens on that system's view. */
static void
test_campaign_of_another_system (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  TkrEncounterPage *page = TKR_ENCOUNTER_PAGE (tkr_encounter_page_new ());
  GtkWidget *window = gtk_window_new ();

  g_object_ref_sink (page);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  tkr_encounter_page_set_campaign (page, campaign);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (gtk_widget_get_template_child (
                     GTK_WIDGET (page), TKR_TYPE_ENCOUNTER_PAGE, "setup_stack"))),
                   ==, "d20");
  g_assert_true (tkr_encounter_page_get_campaign (page) == campaign);
  tkr_encounter_page_set_campaign (page, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (page);
}

/* The layout follows the phase (help/C/tracker.page): in a fight the
 * table tracker leads with the system's view beside it as the details of
 * the selected row; at the End the End pane stands alone. */
static void
test_layout_follows_phase (PageFixture *fixture, gconstpointer data)
{
  GtkWidget *tracker = child (fixture, "table_tracker");
  GtkWidget *end_pane = child (fixture, "end_pane");
  GtkWidget *stack = child (fixture, "details_scroller");
  TkrEncounter *encounter = TKR_ENCOUNTER (fixture->f.encounter);
  g_autoptr (GError) error = NULL;

  g_assert_false (gtk_widget_get_visible (tracker));
  g_assert_false (gtk_widget_get_visible (end_pane));
  g_assert_true (gtk_widget_get_visible (stack));

  fixture_begin_main (&fixture->f);
  fixture_iterate ();
  g_assert_true (gtk_widget_get_visible (tracker));
  g_assert_false (gtk_widget_get_visible (end_pane));
  g_assert_true (gtk_widget_get_visible (stack));

  g_assert_true (tkr_encounter_end (encounter, &error));
  g_assert_no_error (error);
  fixture_iterate ();
  g_assert_false (gtk_widget_get_visible (tracker));
  g_assert_true (gtk_widget_get_visible (end_pane));
  g_assert_false (gtk_widget_get_visible (stack));

  g_assert_true (tkr_encounter_finish (encounter, &error));
  fixture_iterate ();
  g_assert_false (gtk_widget_get_visible (end_pane));
  g_assert_true (gtk_widget_get_visible (stack));
}

static gboolean
details_hidden (gpointer data)
{
  return !gtk_widget_get_visible (GTK_WIDGET (data));
}

static gboolean
details_shown (gpointer data)
{
  return gtk_widget_get_visible (GTK_WIDGET (data));
}

/* A window too narrow for both (help/C/tracker.page) keeps the tracker
 * whole: the details make way, the toggle says why, and they come back
 * when the window is wide again. */
static void
test_narrow_hides_details (void)
{
  PageFixture fixture;
  GtkWidget *scroller;
  GtkWidget *toggle;

  fixture_init (&fixture.f);
  fixture.page = TKR_ENCOUNTER_PAGE (tkr_encounter_page_new ());
  tkr_encounter_page_set_campaign (fixture.page, fixture.f.campaign);
  fixture_begin_main (&fixture.f);
  fixture_show (&fixture.f, GTK_WIDGET (fixture.page), 640, 700);
  scroller = child (&fixture, "details_scroller");
  toggle = (GtkWidget *) gtk_widget_get_template_child (child (&fixture, "table_tracker"),
                                                        TKR_TYPE_TABLE_TRACKER, "details_button");
  g_assert_true (fixture_wait_until (details_hidden, scroller));
  g_assert_true (gtk_widget_get_visible (child (&fixture, "table_tracker")));
  g_assert_false (gtk_widget_get_sensitive (toggle));

  gtk_window_set_default_size (GTK_WINDOW (fixture.f.window), 1280, 700);
  g_assert_true (fixture_wait_until (details_shown, scroller));
  g_assert_true (gtk_widget_get_sensitive (toggle));
  fixture_clear (&fixture.f);
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;
  return n;
}

/* docs/ARCHITECTURE.md, "The table tracker": Freeplay's and Setup's
 * lists are bound only while their page shows, in every system, so in a
 * fight none of their rows exists (bench/bench-tracker); back in Freeplay
 * they come back. */
static void
test_parts_bound_only_while_shown (void)
{
  static const struct
  {
    const char *system;
    const char *setup_list;
  } systems[] = {
    { "kleptonomicon", "groups_list" },
    { "pf2e", "setup_list" },
    { "d20", "setup_list" },
    { "action-points", "participants_list" },
  };

  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[s].system, &error);
      g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
      g_autoptr (GRand) rand = g_rand_new_with_seed (10);
      GtkWidget *page = tkr_encounter_page_new ();
      GtkWidget *window = gtk_window_new ();
      TkrEncounter *encounter;
      GtkWidget *setup;
      GtkListBox *freeplay_list, *setup_list;
      TkrCharacter *npc;

      g_assert_no_error (error);
      for (guint i = 0; i < 6; i++)
        {
          g_autofree char *name = g_strdup_printf ("Hero %u", i + 1);

          tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, name), &error);
          g_assert_no_error (error);
        }
      npc = tkr_campaign_add_npc (campaign, "Goblin");
      for (guint i = 0; i < 14; i++)
        {
          tkr_campaign_add_to_encounter (campaign, npc, &error);
          g_assert_no_error (error);
        }
      encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
      tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (page), campaign);
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      gtk_window_set_child (GTK_WINDOW (window), page);
      gtk_window_present (GTK_WINDOW (window));
      fixture_iterate ();
      /* The system's Setup: its page of the Setup stack, built for it. */
      setup = gtk_stack_get_child_by_name (
        GTK_STACK (tkr_test_template_child (page, TKR_TYPE_ENCOUNTER_PAGE, "setup_stack")),
        systems[s].system);
      g_assert_nonnull (setup);
      freeplay_list =
        GTK_LIST_BOX (tkr_test_template_child (page, TKR_TYPE_FREEPLAY_PANE, "participants_list"));
      setup_list = GTK_LIST_BOX (
        gtk_widget_get_template_child (setup, G_OBJECT_TYPE (setup), systems[s].setup_list));

      /* Freeplay: its rows, none of the Setup's. */
      g_assert_cmpuint (count_rows (freeplay_list), ==, 20);
      g_assert_cmpuint (count_rows (setup_list), ==, 0);

      /* The Setup: its rows, none of Freeplay's. */
      g_assert_true (tkr_encounter_begin_setup (encounter, &error));
      g_assert_no_error (error);
      fixture_iterate ();
      g_assert_cmpuint (count_rows (freeplay_list), ==, 0);
      g_assert_cmpuint (count_rows (setup_list), >, 0);

      /* The fight: neither. */
      g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
      g_assert_no_error (error);
      g_assert_true (tkr_encounter_begin_main (encounter, &error));
      g_assert_no_error (error);
      fixture_iterate ();
      g_assert_cmpint (tkr_encounter_get_phase (encounter), ==, TKR_PHASE_MAIN);
      g_assert_cmpuint (count_rows (freeplay_list), ==, 0);
      g_assert_cmpuint (count_rows (setup_list), ==, 0);

      /* Back to Freeplay: its rows again. */
      g_assert_true (tkr_encounter_end (encounter, &error));
      g_assert_true (tkr_encounter_finish (encounter, &error));
      g_assert_no_error (error);
      fixture_iterate ();
      g_assert_cmpuint (count_rows (freeplay_list), ==, 20);

      gtk_window_destroy (GTK_WINDOW (window));
      fixture_iterate ();
    }
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/encounter-page/lists-the-four-systems", PageFixture, NULL, page_setup,
              test_lists_the_four_systems, page_teardown);
  g_test_add ("/encounter-page/switch-shows-system-view-and-undoes", PageFixture, NULL, page_setup,
              test_switch_and_undo, page_teardown);
  g_test_add ("/encounter-page/switch-only-while-no-encounter-runs", PageFixture, NULL, page_setup,
              test_refused_while_running, page_teardown);
  g_test_add_func ("/encounter-page/campaign-of-another-system", test_campaign_of_another_system);
  g_test_add_func ("/encounter-page/narrow-window-hides-details", test_narrow_hides_details);
  g_test_add_func ("/encounter-page/parts-bound-only-while-shown",
                   test_parts_bound_only_while_shown);
  g_test_add ("/encounter-page/layout-follows-phase", PageFixture, NULL, page_setup,
              test_layout_follows_phase, page_teardown);

  return g_test_run ();
}
