/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-encounter-page.h"
#include "tkr-test-widgets.h"
#include "tkr-phase-bar.h"
#include "tkr-klep-turn-tracker.h"

typedef struct
{
  Fixture f;
  GtkWidget *view; /* the Encounter page, with a Kleptonomicon campaign */
} ViewFixture;

static void
view_setup (ViewFixture *fixture, gconstpointer data)
{
  fixture_init (&fixture->f);
  fixture->view = tkr_encounter_page_new ();
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (fixture->view), fixture->f.campaign);
  fixture_show (&fixture->f, GTK_WIDGET (fixture->view), 1000, 800);
}

static void
view_teardown (ViewFixture *fixture, gconstpointer data)
{
  fixture_clear (&fixture->f);
}

static gpointer
child (ViewFixture *fixture, GType type, const char *name)
{
  GObject *object = tkr_test_part (fixture->view, name);

  g_assert_nonnull (object);
  g_assert_true (g_type_is_a (G_OBJECT_TYPE (object), type));
  return object;
}

static const char *
visible_page (ViewFixture *fixture)
{
  return gtk_stack_get_visible_child_name (child (fixture, GTK_TYPE_STACK, "stack"));
}

/* The phase bar mirrors the core: the current phase checked and not
 * clickable, every other button sensitive exactly when the encounter may
 * go there next. */
static void
assert_phase_bar_matches (ViewFixture *fixture)
{
  TkrPhaseBar *bar = child (fixture, TKR_TYPE_PHASE_BAR, "phase_bar");
  TkrPhase current = tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter));

  for (TkrPhase phase = TKR_PHASE_FREEPLAY; phase <= TKR_PHASE_END; phase++)
    {
      GtkWidget *button = tkr_phase_bar_get_button (bar, phase);
      gboolean legal = phase != current &&
                       tkr_encounter_can_transition (TKR_ENCOUNTER (fixture->f.encounter), phase);

      /* Main waits for a complete Setup. */
      if (current == TKR_PHASE_SETUP && phase == TKR_PHASE_MAIN)
        legal =
          legal && tkr_klep_setup_is_complete (tkr_klep_encounter_get_setup (fixture->f.encounter));

      g_assert_cmpint (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)), ==,
                       phase == current);
      g_assert_cmpint (gtk_widget_get_sensitive (button), ==, legal);
    }
}

static gboolean
phase_sensitive (ViewFixture *fixture, TkrPhase phase)
{
  TkrPhaseBar *bar = child (fixture, TKR_TYPE_PHASE_BAR, "phase_bar");

  return gtk_widget_get_sensitive (tkr_phase_bar_get_button (bar, phase));
}

/* seed 000, "Encounter": Freeplay -> Setup -> Main <-> Paused -> End */
static void
test_phase_bar_sensitivity (ViewFixture *fixture, gconstpointer data)
{
  TkrPhaseBar *bar = child (fixture, TKR_TYPE_PHASE_BAR, "phase_bar");

  g_assert_cmpstr (visible_page (fixture), ==, "freeplay");
  assert_phase_bar_matches (fixture);
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_SETUP));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_MAIN));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_PAUSED));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_END));

  /* Clicking the Setup button asks the core for the transition. */
  click (tkr_phase_bar_get_button (bar, TKR_PHASE_SETUP));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_SETUP);
  g_assert_cmpstr (visible_page (fixture), ==, "setup");
  assert_phase_bar_matches (fixture);
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_FREEPLAY));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_MAIN));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_PAUSED));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_END));

  fixture_complete_setup (&fixture->f);
  fixture_iterate ();
  assert_phase_bar_matches (fixture);
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_MAIN));

  click (tkr_phase_bar_get_button (bar, TKR_PHASE_MAIN));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_MAIN);
  g_assert_cmpstr (visible_page (fixture), ==, "main");
  assert_phase_bar_matches (fixture);
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_PAUSED));
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_END));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_FREEPLAY));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_SETUP));

  click (tkr_phase_bar_get_button (bar, TKR_PHASE_PAUSED));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_PAUSED);
  g_assert_cmpstr (visible_page (fixture), ==, "main");
  assert_phase_bar_matches (fixture);
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_MAIN));
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_END));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_SETUP));

  click (tkr_phase_bar_get_button (bar, TKR_PHASE_END));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_END);
  /* The End pane of the Encounter page replaces the view at the End
   * (test-encounter-page, layout-follows-phase); the view keeps its last
   * page. */
  g_assert_cmpstr (visible_page (fixture), ==, "main");
  assert_phase_bar_matches (fixture);
  g_assert_true (phase_sensitive (fixture, TKR_PHASE_FREEPLAY));
  g_assert_false (phase_sensitive (fixture, TKR_PHASE_MAIN));

  click (tkr_phase_bar_get_button (bar, TKR_PHASE_FREEPLAY));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_FREEPLAY);
  g_assert_cmpstr (visible_page (fixture), ==, "freeplay");
  assert_phase_bar_matches (fixture);
}

/* A click on a phase the core refuses (here forced on an insensitive
 * button) changes nothing and says why. */
static void
test_phase_bar_refusal (ViewFixture *fixture, gconstpointer data)
{
  TkrPhaseBar *bar = child (fixture, TKR_TYPE_PHASE_BAR, "phase_bar");
  GtkLabel *error_label =
    GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (bar), TKR_TYPE_PHASE_BAR, "error_label"));

  click (tkr_phase_bar_get_button (bar, TKR_PHASE_END));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_FREEPLAY);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_cmpstr (gtk_label_get_text (error_label), !=, "");
  assert_phase_bar_matches (fixture);
}

static void
test_actions_installed (void)
{
  static const char *const expected[] = {
    "encounter.begin-setup",   "encounter.begin-main", "encounter.next-turn",
    "encounter.previous-turn", "encounter.pause",      "encounter.resume",
    "encounter.end",           "encounter.finish",     "encounter.spend-beat",
    "encounter.dash",
  };
  GtkWidgetClass *klass = g_type_class_ref (TKR_TYPE_ENCOUNTER_PAGE);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      gboolean found = FALSE;
      GType owner;
      const char *name;
      const GVariantType *parameter_type;
      const char *property;

      /* GTK 4.8 wants every out argument. */
      for (guint j = 0;
           gtk_widget_class_query_action (klass, j, &owner, &name, &parameter_type, &property); j++)
        if (g_str_equal (name, expected[i]))
          found = TRUE;
      g_assert_true (found);
    }

  g_type_class_unref (klass);
}

static void
activate (ViewFixture *fixture, const char *action)
{
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), action, NULL);
  fixture_iterate ();
}

/* The whole life of an encounter through the view's actions. */
static void
test_actions_follow_phase (ViewFixture *fixture, gconstpointer data)
{
  GtkWidget *begin_setup = child (fixture, GTK_TYPE_BUTTON, "begin_setup_button");
  TkrKlepTurnTracker *tracker = tkr_test_find_type (fixture->view, TKR_TYPE_KLEP_TURN_TRACKER);
  GtkRevealer *paused = GTK_REVEALER (gtk_widget_get_template_child (
    GTK_WIDGET (tracker), TKR_TYPE_KLEP_TURN_TRACKER, "paused_revealer"));

  /* An action not enabled in this phase does nothing. */
  activate (fixture, "encounter.next-turn");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_FREEPLAY);
  g_assert_true (gtk_widget_get_sensitive (begin_setup));

  activate (fixture, "encounter.begin-setup");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_SETUP);
  g_assert_cmpstr (visible_page (fixture), ==, "setup");
  g_assert_false (gtk_widget_get_sensitive (begin_setup));

  /* Not complete yet: Ctrl+Return is off. */
  activate (fixture, "encounter.begin-main");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_SETUP);

  fixture_complete_setup (&fixture->f);
  fixture_iterate ();
  activate (fixture, "encounter.begin-main");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_MAIN);
  g_assert_cmpstr (visible_page (fixture), ==, "main");
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (fixture->f.encounter)), ==, 1);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (fixture->f.encounter)), ==, 0);

  activate (fixture, "encounter.next-turn");
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (fixture->f.encounter)), ==, 1);
  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (fixture->f.encounter)), ==, 0);

  activate (fixture, "encounter.pause");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_PAUSED);
  g_assert_cmpstr (visible_page (fixture), ==, "main");
  g_assert_true (gtk_revealer_get_reveal_child (paused));

  /* Paused: no turn changes. */
  activate (fixture, "encounter.next-turn");
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (fixture->f.encounter)), ==, 0);

  activate (fixture, "encounter.resume");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_MAIN);
  g_assert_false (gtk_revealer_get_reveal_child (paused));

  activate (fixture, "encounter.end");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_END);
  /* The End pane of the Encounter page replaces the view at the End
   * (test-encounter-page, layout-follows-phase); the view keeps its last
   * page. */
  g_assert_cmpstr (visible_page (fixture), ==, "main");

  activate (fixture, "encounter.finish");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_FREEPLAY);
  g_assert_cmpstr (visible_page (fixture), ==, "freeplay");
  g_assert_true (gtk_widget_get_sensitive (begin_setup));
}

/* seed 000, "Beats": two per Round; a third spend is refused and the
 * refusal is shown (inline, as there is no toast overlay here). */
static void
test_spend_beat_refusal_shown (ViewFixture *fixture, gconstpointer data)
{
  GtkLabel *error_label = child (fixture, GTK_TYPE_LABEL, "error_label");
  TkrKlepTurnEntry *entry;
  g_autoptr (TkrKlepCombatant) combatant = NULL;
  int per_round = tkr_rules_get_beats_per_round (fixture->f.rules);

  fixture_begin_main (&fixture->f);
  fixture_iterate ();
  entry = tkr_klep_encounter_get_current_entry (fixture->f.encounter);
  combatant = g_list_model_get_item (tkr_klep_turn_entry_get_members (entry), 0);

  for (int i = 0; i < per_round; i++)
    activate (fixture, "encounter.spend-beat");
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (error_label)));

  activate (fixture, "encounter.spend-beat");
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_cmpstr (gtk_label_get_text (error_label), !=, "");
}

/* In a window with a toast overlay, refusals become toasts instead. */
static void
test_refusal_as_toast (void)
{
  Fixture f;
  GtkWidget *overlay;
  GtkWidget *view;
  GtkLabel *error_label;

  fixture_init (&f);
  view = tkr_encounter_page_new ();
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), f.campaign);
  overlay = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), view);
  fixture_show (&f, overlay, 900, 700);
  error_label = GTK_LABEL (tkr_test_part (view, "error_label"));

  fixture_begin_main (&f);
  for (int i = 0; i <= tkr_rules_get_beats_per_round (f.rules); i++)
    gtk_widget_activate_action (view, "encounter.spend-beat", NULL);
  fixture_iterate ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (error_label)));

  fixture_clear (&f);
}

/* Freeplay lists who takes part; "Add the Whole Party" adds missing PCs
 * in one undoable step. */
static void
test_freeplay_participants (void)
{
  Fixture f;
  GtkWidget *view;
  GtkListBox *list;
  TkrCharacter *carol;
  GListModel *participants;
  guint before;

  fixture_init (&f);
  carol = tkr_campaign_add_pc (f.campaign, "Carol");
  view = tkr_encounter_page_new ();
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), f.campaign);
  fixture_show (&f, view, 900, 700);

  list = GTK_LIST_BOX (tkr_test_part (view, "participants_list"));
  participants = tkr_encounter_get_participants (TKR_ENCOUNTER (f.encounter));
  before = g_list_model_get_n_items (participants);
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, before - 1));
  g_assert_null (gtk_list_box_get_row_at_index (list, before));

  click (tkr_test_part (view, "add_party_button"));
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, before + 1);
  {
    g_autoptr (TkrCharacter) last = g_list_model_get_item (participants, before);

    g_assert_true (last == carol);
  }
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, before));

  g_assert_true (tkr_history_undo (f.history));
  fixture_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, before);

  fixture_clear (&f);
}

/* The item of a popover menu that shows @text. */
static GtkWidget *
menu_item (GtkWidget *widget, const char *text)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "text");

  if (pspec != NULL && pspec->value_type == G_TYPE_STRING)
    {
      g_autofree char *value = NULL;

      g_object_get (widget, "text", &value, NULL);
      if (g_strcmp0 (value, text) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = menu_item (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Where the five phase buttons do not fit, one menu button stands for
 * them: it names the current phase, and its menu's actions are enabled
 * exactly as the buttons are and take the encounter there. With room, the
 * five buttons show. */
static void
test_phase_bar_compact (ViewFixture *fixture, gconstpointer data)
{
  TkrPhaseBar *bar = child (fixture, TKR_TYPE_PHASE_BAR, "phase_bar");
  GtkWidget *compact = tkr_phase_bar_get_compact_button (bar);
  static const char *const phase_items[] = { "Go to Freeplay phase", "Go to Setup phase",
                                             "Go to Main phase", "Go to Paused phase",
                                             "Go to End phase" };

  g_assert_false (tkr_phase_bar_is_compact (bar));
  g_assert_true (gtk_widget_get_mapped (tkr_phase_bar_get_button (bar, TKR_PHASE_END)));

  /* Narrower than the five buttons need. */
  gtk_window_set_default_size (GTK_WINDOW (fixture->f.window), 200, 800);
  g_assert_true (fixture_wait_until (widget_is_mapped, compact));
  g_assert_true (tkr_phase_bar_is_compact (bar));
  g_assert_false (gtk_widget_get_mapped (tkr_phase_bar_get_button (bar, TKR_PHASE_END)));
  g_assert_cmpstr (gtk_menu_button_get_label (GTK_MENU_BUTTON (compact)), ==, "Freeplay");

  /* Each item of its menu is enabled as its button is sensitive. */
  fixture_popup (GTK_MENU_BUTTON (compact));
  fixture_iterate ();
  for (TkrPhase phase = TKR_PHASE_FREEPLAY; phase <= TKR_PHASE_END; phase++)
    {
      GtkWidget *item = menu_item (
        GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (compact))), phase_items[phase]);

      g_assert_nonnull (item);
      g_assert_cmpint (gtk_widget_get_sensitive (item), ==,
                       gtk_widget_get_sensitive (tkr_phase_bar_get_button (bar, phase)));
    }
  gtk_menu_button_popdown (GTK_MENU_BUTTON (compact));

  /* An item takes the encounter there. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "phase.setup", NULL));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_SETUP);
  g_assert_cmpstr (gtk_menu_button_get_label (GTK_MENU_BUTTON (compact)), ==, "Setup");

  /* With room again, the five buttons come back. */
  gtk_window_set_default_size (GTK_WINDOW (fixture->f.window), 1000, 800);
  g_assert_true (
    fixture_wait_until (widget_is_mapped, tkr_phase_bar_get_button (bar, TKR_PHASE_END)));
  g_assert_false (tkr_phase_bar_is_compact (bar));
  g_assert_false (gtk_widget_get_mapped (compact));
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/encounter-view/actions-installed", test_actions_installed);
  g_test_add ("/encounter-view/phase-bar/seed-phases-sensitivity", ViewFixture, NULL, view_setup,
              test_phase_bar_sensitivity, view_teardown);
  g_test_add ("/encounter-view/phase-bar/compact-where-five-do-not-fit", ViewFixture, NULL,
              view_setup, test_phase_bar_compact, view_teardown);
  g_test_add ("/encounter-view/phase-bar/refusal-shown", ViewFixture, NULL, view_setup,
              test_phase_bar_refusal, view_teardown);
  g_test_add ("/encounter-view/actions/follow-phase", ViewFixture, NULL, view_setup,
              test_actions_follow_phase, view_teardown);
  g_test_add ("/encounter-view/actions/seed-beats-third-spend-refused", ViewFixture, NULL,
              view_setup, test_spend_beat_refusal_shown, view_teardown);
  g_test_add_func ("/encounter-view/refusal-as-toast", test_refusal_as_toast);
  g_test_add_func ("/encounter-view/freeplay/participants", test_freeplay_participants);

  return g_test_run ();
}
