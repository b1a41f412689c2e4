/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-ap-details.h"
#include "tkr-ap-encounter.h"
#include "tkr-ap-reset-pane.h"
#include "tkr-ap-setup-pane.h"
#include "tkr-ap-participant-row.h"
#include "tkr-encounter-page.h"
#include "tkr-end-pane.h"
#include "tkr-phase-bar.h"
#include "tkr-table-tracker.h"
#include "tkr-test-widgets.h"

/*
 * The Action-Point system's view (seed 004, RULES.md section 4) on the
 * Encounter page: in a fight the table tracker's selected row shows its
 * details (TkrApDetails) in the view, and the End is the shared End pane.
 * Driven through the widgets and actions; each test checks the core's
 * state and what the widgets say.
 */

typedef struct
{
  TkrRules *rules;
  TkrCampaign *campaign;
  TkrApEncounter *encounter;
  TkrHistory *history;
  TkrCharacter *alice;  /* PC */
  TkrCharacter *bob;    /* PC */
  TkrCharacter *goblin; /* the encounter's copy of the library NPC */
  TkrEncounterPage *page;
  GtkWidget *view; /* the system's side of the page */
  TkrTableTracker *tracker;
  GtkWidget *window;
} ApFixture;

static void
ap_setup (ApFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *library;

  memset (f, 0, sizeof *f);
  f->rules = tkr_rules_new_from_resource ("action-points", &error);
  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (f->rules);
  f->encounter = TKR_AP_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  f->history = tkr_campaign_get_history (f->campaign);
  g_assert_cmpstr (tkr_campaign_get_rule_system (f->campaign), ==, TKR_AP_RULE_SYSTEM);

  f->alice = tkr_campaign_add_pc (f->campaign, "Alice");
  f->bob = tkr_campaign_add_pc (f->campaign, "Bob");
  library = tkr_campaign_add_npc (f->campaign, "Goblin");
  /* Only the NPC is in at first: the party comes with its button. */
  f->goblin = tkr_campaign_add_to_encounter (f->campaign, library, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->goblin);

  /* The view as the Encounter page shows it: beside the table tracker,
   * bound to its selection. */
  f->page = TKR_ENCOUNTER_PAGE (tkr_encounter_page_new ());
  tkr_encounter_page_set_campaign (f->page, f->campaign);
  f->view = tkr_test_template_child (GTK_WIDGET (f->page), TKR_TYPE_ENCOUNTER_PAGE, "system_box");
  f->tracker = TKR_TABLE_TRACKER (
    gtk_widget_get_template_child (GTK_WIDGET (f->page), TKR_TYPE_ENCOUNTER_PAGE, "table_tracker"));
  g_assert_true (tkr_encounter_page_get_campaign (f->page) == f->campaign);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 1000);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (fixture_wait_until (widget_is_mapped, f->view));
  fixture_iterate ();
}

static void
ap_teardown (ApFixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  fixture_iterate ();
  g_clear_object (&f->campaign);
  g_clear_object (&f->rules);
}

static gpointer
child (ApFixture *f, GType type, const char *name)
{
  /* The page's part, or a shown part's (Freeplay, the Setup, the details). */
  GObject *object = tkr_test_part (GTK_WIDGET (f->page), name);

  g_assert_nonnull (object);
  g_assert_true (g_type_is_a (G_OBJECT_TYPE (object), type));
  return object;
}

/* The Action-Point details pane, built when the page first shows the
 * system. */
static GtkWidget *
ap_details (ApFixture *f)
{
  GtkWidget *found = tkr_test_find_type (GTK_WIDGET (f->page), TKR_TYPE_AP_DETAILS);

  g_assert_nonnull (found);
  return found;
}

/* A part of the details pane. */
static gpointer
detail (ApFixture *f, GType type, const char *name)
{
  GObject *object = gtk_widget_get_template_child (ap_details (f), TKR_TYPE_AP_DETAILS, name);

  g_assert_nonnull (object);
  g_assert_true (g_type_is_a (G_OBJECT_TYPE (object), type));
  return object;
}

/* A part of the Freeplay pane, or of the Setup pane in the Setup. */
static gpointer
setup_part (ApFixture *f, GType type, const char *name)
{
  return child (f, type, name);
}

/* A part of the Reset pane. */
static gpointer
reset_part (ApFixture *f, GType type, const char *name)
{
  GObject *object = gtk_widget_get_template_child (child (f, TKR_TYPE_AP_RESET_PANE, "reset_pane"),
                                                   TKR_TYPE_AP_RESET_PANE, name);

  g_assert_nonnull (object);
  g_assert_true (g_type_is_a (G_OBJECT_TYPE (object), type));
  return object;
}

/* A part of the End pane. */
static gpointer
end_part (ApFixture *f, GType type, const char *name)
{
  GtkWidget *pane = (GtkWidget *) gtk_widget_get_template_child (
    GTK_WIDGET (f->page), TKR_TYPE_ENCOUNTER_PAGE, "end_pane");
  GObject *object = gtk_widget_get_template_child (pane, TKR_TYPE_END_PANE, name);

  g_assert_nonnull (object);
  g_assert_true (g_type_is_a (G_OBJECT_TYPE (object), type));
  return object;
}

static const char *
label_text (ApFixture *f, const char *name)
{
  /* The title of Freeplay (its status page) or of the Setup pane. */
  if (g_str_equal (name, "freeplay_title"))
    {
      if (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)) == TKR_PHASE_FREEPLAY)
        return adw_status_page_get_title (child (f, ADW_TYPE_STATUS_PAGE, "freeplay_page"));
      name = "setup_title";
    }
  return gtk_label_get_text (child (f, GTK_TYPE_LABEL, name));
}

static void
activate (ApFixture *f, const char *action)
{
  gtk_widget_activate_action (GTK_WIDGET (f->view), action, NULL);
  fixture_iterate ();
}

static TkrApCombatant *
combatant (ApFixture *f, TkrCharacter *character)
{
  TkrApCombatant *found = tkr_ap_encounter_find_member (f->encounter, character);

  g_assert_nonnull (found);
  return found;
}

/* The tracker's rows, as the items it shows. */
static GListModel *
tracker_rows (ApFixture *f)
{
  GtkListView *list = GTK_LIST_VIEW (
    gtk_widget_get_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view"));

  return G_LIST_MODEL (gtk_list_view_get_model (list));
}

/* The name on the tracker's row at @position. */
static const char *
tracker_name_at (ApFixture *f, guint position)
{
  g_autoptr (GObject) item = g_list_model_get_item (tracker_rows (f), position);

  g_assert_true (TKR_IS_COMBATANT (item));
  return tkr_combatant_get_name (TKR_COMBATANT (item));
}

/* Selects @character's row in the tracker, as a click would; the details
 * pane then shows it. */
static void
select_row (ApFixture *f, TkrCharacter *character)
{
  GListModel *rows = tracker_rows (f);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);

      if (TKR_IS_COMBATANT (item) &&
          tkr_combatant_get_character (TKR_COMBATANT (item)) == character)
        {
          tkr_table_tracker_select (f->tracker, i);
          fixture_iterate ();
          g_assert_true (tkr_encounter_page_get_selected (f->page) == item);
          g_assert_cmpstr (
            gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "details_stack")), ==,
            "details");
          return;
        }
    }
  g_assert_not_reached ();
}

/* The preferences row (action, combo, expander) titled @title under @root. */
static GtkWidget *
row_titled (gpointer root, const char *title)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();

  collect_widgets (GTK_WIDGET (root), ADW_TYPE_PREFERENCES_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);
  return NULL;
}

static gpointer
first_of (gpointer root, GType type)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  g_assert_nonnull (root);
  collect_widgets (GTK_WIDGET (root), type, found);
  g_assert_cmpuint (found->len, >, 0);
  return g_ptr_array_index (found, 0);
}

/* The subtitle of the row titled @title under @list. */
static const char *
subtitle_of (gpointer list, const char *title)
{
  GtkWidget *row = row_titled (list, title);

  g_assert_nonnull (row);
  if (ADW_IS_EXPANDER_ROW (row))
    return adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row));
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

/* The titles of the details' conditions, adjustments and effects, in
 * order, joined with ", ". */
static char *
marks_shown (ApFixture *f)
{
  static const char *const lists[] = { "conditions_list", "adjustments_list", "effects_list" };
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      GtkListBox *list = detail (f, GTK_TYPE_LIST_BOX, lists[i]);
      GtkListBoxRow *row;

      for (int j = 0; (row = gtk_list_box_get_row_at_index (list, j)) != NULL; j++)
        g_string_append_printf (text, "%s%s", text->len ? ", " : "",
                                adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
set_spin (GtkSpinButton *spin, int value)
{
  gtk_spin_button_set_value (spin, value);
  fixture_iterate ();
}

static gboolean
label_shows (GtkLabel *label, const char *part)
{
  return gtk_widget_get_visible (GTK_WIDGET (label)) &&
         strstr (gtk_label_get_text (label), part) != NULL;
}

/* A refusal in the details pane says why. */
static gboolean
error_shown (ApFixture *f, const char *part)
{
  return label_shows (detail (f, GTK_TYPE_LABEL, "error_label"), part);
}

static const char *
round_state (ApFixture *f)
{
  return adw_preferences_group_get_description (
    detail (f, ADW_TYPE_PREFERENCES_GROUP, "round_group"));
}

static void
click_detail (ApFixture *f, const char *button)
{
  click (detail (f, GTK_TYPE_BUTTON, button));
}

/* Adds a condition (or an adjustment or effect, by @entry and @button)
 * through the details pane. */
static void
add_mark (ApFixture *f, const char *entry, const char *name, const char *button)
{
  gtk_editable_set_text (detail (f, GTK_TYPE_EDITABLE, entry), name);
  click_detail (f, button);
}

static void
test_actions_installed (void)
{
  static const char *const expected[] = {
    "encounter.begin-setup", "encounter.abandon-setup", "encounter.begin-main",
    "encounter.next-turn",   "encounter.previous-turn", "encounter.pause",
    "encounter.resume",      "encounter.end",           "encounter.finish",
  };
  GtkWidgetClass *klass = g_type_class_ref (TKR_TYPE_ENCOUNTER_PAGE);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      gboolean found = FALSE;
      GType owner;
      const char *name;
      const GVariantType *parameter_type;
      const char *property;

      for (guint j = 0;
           gtk_widget_class_query_action (klass, j, &owner, &name, &parameter_type, &property); j++)
        if (g_str_equal (name, expected[i]))
          found = TRUE;
      g_assert_true (found);
    }
  g_type_class_unref (klass);
}

/* Freeplay: the party joins in one undoable step; a participant's
 * settings go to the core and come back on undo. */
static void
test_freeplay_party_and_settings (ApFixture *f, gconstpointer data)
{
  GtkListBox *participants = setup_part (f, GTK_TYPE_LIST_BOX, "participants_list");
  GListModel *combatants = tkr_ap_encounter_get_members (f->encounter);
  GtkWidget *bob_row;
  AdwComboRow *die_row;
  GtkSwitch *surprised;

  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "stack")), ==,
                   "freeplay");
  g_assert_cmpstr (label_text (f, "freeplay_title"), ==, "No Combat Running");
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 1);

  click (setup_part (f, GTK_TYPE_BUTTON, "add_party_button"));
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 3);
  g_assert_nonnull (row_titled (participants, "Alice"));
  g_assert_false (gtk_widget_get_sensitive (setup_part (f, GTK_TYPE_WIDGET, "add_party_button")));
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 1);
  g_assert_null (row_titled (participants, "Alice"));
  click (setup_part (f, GTK_TYPE_BUTTON, "add_party_button"));

  /* Bob's Finesse Die: a d8 from the rule data's list. */
  bob_row = row_titled (participants, "Bob");
  g_assert_nonnull (bob_row);
  die_row = ADW_COMBO_ROW (row_titled (bob_row, "Finesse Die"));
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (combatant (f, f->bob)), ==, 6);
  adw_combo_row_set_selected (die_row, 2); /* d4, d6, d8 */
  fixture_iterate ();
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (combatant (f, f->bob)), ==, 8);
  g_assert_nonnull (strstr (subtitle_of (participants, "Bob"), "d8"));

  surprised = first_of (row_titled (bob_row, "Surprised"), GTK_TYPE_SWITCH);
  gtk_switch_set_active (surprised, TRUE);
  fixture_iterate ();
  g_assert_true (tkr_ap_combatant_get_surprised (combatant (f, f->bob)));
  g_assert_nonnull (strstr (subtitle_of (participants, "Bob"), "Surprised"));

  /* Undo puts the widgets back as well. */
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_false (tkr_ap_combatant_get_surprised (combatant (f, f->bob)));
  g_assert_false (gtk_switch_get_active (surprised));
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (combatant (f, f->bob)), ==, 6);
  g_assert_cmpuint (adw_combo_row_get_selected (die_row), ==, 1);
}

static void
begin_combat (ApFixture *f)
{
  GListModel *party = tkr_campaign_get_party (f->campaign);

  click (setup_part (f, GTK_TYPE_BUTTON, "add_party_button"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_encounter_get_members (f->encounter)), ==,
                    1 + g_list_model_get_n_items (party));
  activate (f, "encounter.begin-setup");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);
  g_assert_cmpstr (label_text (f, "freeplay_title"), ==, "Setting Up Combat");

  /* Bob is caught off guard (set in Setup, through his row). */
  gtk_switch_set_active (
    first_of (
      row_titled (row_titled (setup_part (f, GTK_TYPE_LIST_BOX, "participants_list"), "Bob"),
                  "Surprised"),
      GTK_TYPE_SWITCH),
    TRUE);
  fixture_iterate ();
  g_assert_true (tkr_ap_combatant_get_surprised (combatant (f, f->bob)));
  activate (f, "encounter.begin-main");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "stack")), ==,
                   "main");
  /* The details pane shows what the tracker selected, or asks for a row. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->tracker)));
  g_assert_true (tkr_encounter_page_get_selected (f->page) ==
                 tkr_table_tracker_get_selected (f->tracker));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "details_stack")),
                   ==, tkr_encounter_page_get_selected (f->page) != NULL ? "details" : "empty");
}

/* Types @face into the rolls list's spin of the row titled @title. */
static void
type_roll (ApFixture *f, const char *title, int face)
{
  GtkWidget *row = row_titled (reset_part (f, GTK_TYPE_LIST_BOX, "rolls_list"), title);

  g_assert_nonnull (row);
  set_spin (first_of (row, GTK_TYPE_SPIN_BUTTON), face);
}

/* The subtitle of Reset step @index (0 to 4) as the view shows it. */
static const char *
reset_step (ApFixture *f, int index)
{
  GtkListBoxRow *row =
    gtk_list_box_get_row_at_index (reset_part (f, GTK_TYPE_LIST_BOX, "reset_steps_list"), index);

  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

/* The opening Reset with typed Finesse faces: Alice 5, the Goblin 3; Bob
 * is surprised and gets exactly 1 AP (seed 004, Reset Phase). Then the
 * Round's order by current AP (seed 004, Action Phase) in the tracker. */
static void
opening_reset (ApFixture *f)
{
  g_autofree char *goblin_name = NULL;

  begin_combat (f);
  goblin_name = g_strdup (tkr_character_get_name (f->goblin));

  g_assert_true (gtk_widget_get_visible (reset_part (f, GTK_TYPE_WIDGET, "reset_box")));
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Opening Reset Phase");
  /* The steps in their order, and Bob's surprise instead of a roll. */
  g_assert_nonnull (
    row_titled (reset_part (f, GTK_TYPE_LIST_BOX, "reset_steps_list"), "1. Per-Turn Effects"));
  g_assert_nonnull (row_titled (reset_part (f, GTK_TYPE_LIST_BOX, "reset_steps_list"),
                                "5. Action Points and Free Steps"));
  g_assert_nonnull (
    strstr (subtitle_of (reset_part (f, GTK_TYPE_LIST_BOX, "rolls_list"), "Bob"), "exactly 1 AP"));
  {
    g_autoptr (GPtrArray) spins = g_ptr_array_new ();

    collect_widgets (row_titled (reset_part (f, GTK_TYPE_LIST_BOX, "rolls_list"), "Bob"),
                     GTK_TYPE_SPIN_BUTTON, spins);
    g_assert_cmpuint (spins->len, ==, 0);
  }

  type_roll (f, "Alice", 5);
  type_roll (f, goblin_name, 3);
  click (reset_part (f, GTK_TYPE_BUTTON, "run_reset_button"));

  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_ACTION);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 1);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_ap (combatant (f, f->alice)), ==, 5);
  g_assert_cmpint (tkr_ap_combatant_get_ap (combatant (f, f->goblin)), ==, 3);
  g_assert_cmpint (tkr_ap_combatant_get_ap (combatant (f, f->bob)), ==, 1);
  g_assert_false (tkr_ap_combatant_get_surprised (combatant (f, f->bob)));

  g_assert_false (gtk_widget_get_visible (reset_part (f, GTK_TYPE_WIDGET, "reset_box")));
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 1 · Round 1");
  /* What the Reset did, per combatant. */
  g_assert_true (gtk_widget_get_visible (reset_part (f, GTK_TYPE_WIDGET, "last_reset_group")));
  g_assert_cmpstr (subtitle_of (reset_part (f, GTK_TYPE_LIST_BOX, "last_reset_list"), "Bob"), ==,
                   "1 AP");
  g_assert_cmpstr (subtitle_of (reset_part (f, GTK_TYPE_LIST_BOX, "last_reset_list"), "Alice"), ==,
                   "5 AP");

  /* The tracker's rows by AP: Alice 5, the Goblin 3, Bob 1; Alice acts. */
  g_assert_cmpuint (g_list_model_get_n_items (tracker_rows (f)), ==, 3);
  g_assert_cmpstr (tracker_name_at (f, 0), ==, "Alice");
  g_assert_cmpstr (tracker_name_at (f, 1), ==, goblin_name);
  g_assert_cmpstr (tracker_name_at (f, 2), ==, "Bob");
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == combatant (f, f->alice));
  g_assert_true (tkr_encounter_get_current_slot (TKR_ENCOUNTER (f->encounter)) ==
                 G_OBJECT (combatant (f, f->alice)));

  /* Her row's details: her name and her Round so far. */
  select_row (f, f->alice);
  g_assert_cmpstr (
    adw_preferences_group_get_title (detail (f, ADW_TYPE_PREFERENCES_GROUP, "round_group")), ==,
    "Alice");
  g_assert_cmpstr (round_state (f), ==, "5 AP left · 0 of 3 spent this Round");
  g_assert_true (gtk_widget_get_sensitive (detail (f, GTK_TYPE_WIDGET, "commands_list")));
}

/* Seed 004, Reset Phase: the rolls list is the core's list of rolls the
 * coming Reset needs; a step that adds one roll (a Persistent condition),
 * and its undo, keep every other row as the same widget, with what was
 * typed in it. */
static void
test_reset_rows_kept (ApFixture *f, gconstpointer data)
{
  GtkListBox *rolls;
  GtkWidget *alice, *bob;
  g_autoptr (GError) error = NULL;

  begin_combat (f);
  rolls = reset_part (f, GTK_TYPE_LIST_BOX, "rolls_list");
  alice = row_titled (rolls, "Alice");
  bob = row_titled (rolls, "Bob");
  g_assert_nonnull (alice);
  g_assert_nonnull (bob);
  type_roll (f, "Alice", 5);
  g_assert_null (row_titled (rolls, "Bob: Frightened"));

  g_assert_true (tkr_ap_encounter_add_condition (f->encounter, combatant (f, f->bob), "Frightened",
                                                 TRUE, 0, &error));
  g_assert_no_error (error);
  fixture_iterate ();
  g_assert_nonnull (row_titled (rolls, "Bob: Frightened"));
  g_assert_true (row_titled (rolls, "Alice") == alice);
  g_assert_true (row_titled (rolls, "Bob") == bob);
  g_assert_cmpint (gtk_spin_button_get_value (first_of (alice, GTK_TYPE_SPIN_BUTTON)), ==, 5);

  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_null (row_titled (rolls, "Bob: Frightened"));
  g_assert_true (row_titled (rolls, "Alice") == alice);
  g_assert_true (row_titled (rolls, "Bob") == bob);

  /* The typed face counts in the Reset. */
  click (reset_part (f, GTK_TYPE_BUTTON, "run_reset_button"));
  g_assert_cmpint (tkr_ap_combatant_get_ap (combatant (f, f->alice)), ==, 5);
}

static void
test_opening_reset (ApFixture *f, gconstpointer data)
{
  opening_reset (f);
}

/* A whole Turn: move and act, the 3-AP limit of a Round, the Only action,
 * passing, the Action Phase's end and the next Reset, then End with XP
 * through the End pane. */
static void
test_turn_and_end (ApFixture *f, gconstpointer data)
{
  TkrApCombatant *alice, *bob, *goblin;
  g_autofree char *goblin_name = NULL;

  opening_reset (f);
  alice = combatant (f, f->alice);
  bob = combatant (f, f->bob);
  goblin = combatant (f, f->goblin);
  goblin_name = g_strdup (tkr_character_get_name (f->goblin));

  /* Alice: move 2, then an action of 2 would be her 4th AP this Round. */
  select_row (f, f->alice);
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "move_spin"), 2);
  click_detail (f, "move_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 3);
  g_assert_cmpint (tkr_ap_combatant_get_round_ap (alice), ==, 2);
  g_assert_true (tkr_ap_combatant_get_moved (alice));
  g_assert_nonnull (strstr (round_state (f), "2 of 3 spent this Round"));
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "act_spin"), 2);
  click_detail (f, "act_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 3);
  g_assert_false (tkr_ap_combatant_get_acted (alice));
  g_assert_true (error_shown (f, "limit of 3 a Round"));
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "act_spin"), 1);
  click_detail (f, "act_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 2);
  g_assert_true (tkr_ap_combatant_get_acted (alice));
  g_assert_false (gtk_widget_get_visible (detail (f, GTK_TYPE_WIDGET, "error_label")));
  g_assert_cmpstr (round_state (f), ==, "2 AP left · 3 of 3 spent this Round · moved · acted");

  /* Frightened on Bob, through his details: Persistent, a Check Roll
   * shakes it off at the next Reset. Only the actor's commands apply. */
  select_row (f, f->bob);
  g_assert_false (gtk_widget_get_sensitive (detail (f, GTK_TYPE_WIDGET, "commands_list")));
  add_mark (f, "condition_entry", "Frightened", "add_condition_button");
  g_assert_true (tkr_ap_combatant_has_condition (bob, "Frightened", NULL, NULL));
  {
    g_autofree char *marks = marks_shown (f);
    g_assert_cmpstr (marks, ==, "Frightened");
  }

  activate (f, "encounter.next-turn");
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == goblin);

  /* The Goblin has 3 AP: too many for an Only action. */
  select_row (f, f->goblin);
  click_detail (f, "only_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (goblin), ==, 3);
  g_assert_true (error_shown (f, "Only action"));
  click_detail (f, "pass_button");
  g_assert_true (tkr_ap_combatant_get_passed (goblin));

  /* Bob's last AP: his Only action. */
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == bob);
  select_row (f, f->bob);
  g_assert_true (gtk_widget_get_sensitive (detail (f, GTK_TYPE_WIDGET, "commands_list")));
  click_detail (f, "only_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (bob), ==, 0);
  activate (f, "encounter.next-turn");

  /* Round 2: ordered again by current AP, the Goblin (3) before Alice (2);
   * Bob (0) is out of this Round's order, after them. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 1 · Round 2");
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == goblin);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter))), ==, 2);
  g_assert_cmpstr (tracker_name_at (f, 0), ==, goblin_name);
  g_assert_cmpstr (tracker_name_at (f, 1), ==, "Alice");
  g_assert_cmpstr (tracker_name_at (f, 2), ==, "Bob");

  /* Free Steps cost nothing. In Round 3 the Goblin and Alice pass: the
   * Action Phase is over and the Reset is due (seed 004, Action Phase). */
  select_row (f, f->goblin);
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "steps_spin"), 1);
  click_detail (f, "steps_button");
  g_assert_false (tkr_ap_combatant_get_free_steps (goblin));
  g_assert_cmpint (tkr_ap_combatant_get_ap (goblin), ==, 3);
  activate (f, "encounter.next-turn");
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == alice);
  select_row (f, f->alice);
  click_detail (f, "pass_button");
  /* The Goblin's steps were an opportunity used, not a pass: Round 3. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == goblin);
  select_row (f, f->goblin);
  click_detail (f, "pass_button");
  select_row (f, f->alice);
  click_detail (f, "pass_button");
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);
  g_assert_true (gtk_widget_get_visible (reset_part (f, GTK_TYPE_WIDGET, "reset_box")));
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 1 · Reset Phase");

  /* The next Reset: Bob's Check Roll typed in (15 against 10), Alice's
   * face typed, the others rolled. Leftover AP are lost. */
  type_roll (f, "Bob: Frightened", 15);
  type_roll (f, "Alice", 1);
  click (reset_part (f, GTK_TYPE_BUTTON, "run_reset_button"));
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 2);
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 1);
  g_assert_false (tkr_ap_combatant_has_condition (bob, "Frightened", NULL, NULL));
  g_assert_nonnull (
    strstr (subtitle_of (reset_part (f, GTK_TYPE_LIST_BOX, "last_reset_list"), "Bob"),
            "no longer Frightened"));
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 2 · Round 1");

  /* Pause and resume: paused, nobody's commands apply. */
  select_row (f, f->alice);
  activate (f, "encounter.pause");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_PAUSED);
  g_assert_true (gtk_revealer_get_reveal_child (child (f, GTK_TYPE_REVEALER, "paused_revealer")));
  g_assert_false (gtk_widget_get_sensitive (detail (f, GTK_TYPE_WIDGET, "commands_list")));
  activate (f, "encounter.resume");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);

  /* End: the closing Reset, then Experience with a reason in the End
   * pane, which stands alone. */
  activate (f, "encounter.end");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (
    GTK_WIDGET (f->page), TKR_TYPE_ENCOUNTER_PAGE, "details_scroller"))));
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 0);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 2);
  {
    GtkListBox *awards = end_part (f, GTK_TYPE_LIST_BOX, "party_list");
    GtkWidget *bob_row = row_titled (awards, "Bob");
    GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
    g_autoptr (TkrLogEntry) last = NULL;

    g_assert_nonnull (row_titled (awards, "Alice"));
    g_assert_nonnull (bob_row);
    g_assert_null (row_titled (awards, goblin_name)); /* NPCs get none */
    gtk_check_button_set_active (first_of (bob_row, GTK_TYPE_CHECK_BUTTON), FALSE);
    set_spin (end_part (f, GTK_TYPE_SPIN_BUTTON, "amount_spin"), 2);
    gtk_editable_set_text (end_part (f, GTK_TYPE_EDITABLE, "reason_row"), "Held the bridge");
    click (end_part (f, GTK_TYPE_BUTTON, "award_button"));
    g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 2);
    g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 0);
    g_assert_cmpstr (subtitle_of (awards, "Alice"), ==, "Level 1 · 2 XP");
    last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
    g_assert_nonnull (strstr (tkr_log_entry_get_text (last), "Held the bridge"));
  }

  activate (f, "encounter.finish");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "stack")), ==,
                   "freeplay");
  /* The Experience stays on the sheet through it all. */
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 2);
}

/* Conditions of the GM's own, with their kind and Check Roll target;
 * adjustments and per-Turn effects; removal. Names with markup characters
 * are shown as typed. */
static void
test_conditions_and_effects (ApFixture *f, gconstpointer data)
{
  TkrCharacter *tom = tkr_campaign_add_pc (f->campaign, "Tom & <Jerry>");
  GtkListBox *conditions;
  TkrApCombatant *alice;
  gboolean persistent = FALSE;
  int target = 0;

  begin_combat (f);
  g_assert_nonnull (tkr_ap_encounter_find_member (f->encounter, tom));
  alice = combatant (f, f->alice);
  select_row (f, tom);
  g_assert_cmpstr (
    adw_preferences_group_get_title (detail (f, ADW_TYPE_PREFERENCES_GROUP, "round_group")), ==,
    "Tom & <Jerry>");
  select_row (f, f->alice);
  {
    g_autofree char *marks = marks_shown (f);
    g_assert_cmpstr (marks, ==, "");
  }

  /* "Cursed", Persistent, shaken off by 15 or more. */
  gtk_check_button_set_active (detail (f, GTK_TYPE_CHECK_BUTTON, "persistent_check"), TRUE);
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "target_spin"), 15);
  add_mark (f, "condition_entry", "Cursed", "add_condition_button");
  g_assert_true (tkr_ap_combatant_has_condition (alice, "Cursed", &persistent, &target));
  g_assert_true (persistent);
  g_assert_cmpint (target, ==, 15);
  conditions = detail (f, GTK_TYPE_LIST_BOX, "conditions_list");
  g_assert_cmpstr (subtitle_of (conditions, "Cursed"), ==,
                   "Persistent: a Check Roll of 15 shakes it off");

  /* Poison, 2 damage at each Reset. */
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "effect_spin"), 2);
  add_mark (f, "effect_entry", "Poison", "add_effect_button");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_combatant_get_effects (alice)), ==, 1);
  {
    g_autofree char *marks = marks_shown (f);
    g_assert_cmpstr (marks, ==, "Cursed, Poison");
  }
  g_assert_cmpstr (subtitle_of (detail (f, GTK_TYPE_LIST_BOX, "effects_list"), "Poison"), ==,
                   "Per-Turn effect: 2 damage at each Reset");
  /* The Reset's first step names it. */
  g_assert_nonnull (strstr (reset_step (f, 0), "Alice: 2 damage from Poison"));

  /* An adjustment of Defense +2 ends at the next Reset (step 2). */
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "adjustment_spin"), 2);
  add_mark (f, "adjustment_entry", "Defense", "add_adjustment_button");
  {
    g_autofree char *marks = marks_shown (f);
    g_assert_cmpstr (marks, ==, "Cursed, Defense +2, Poison");
  }
  g_assert_nonnull (strstr (reset_step (f, 1), "Alice: Defense +2"));
  g_assert_nonnull (strstr (reset_step (f, 2), "Alice: Cursed, needs 15"));

  /* Removing the curse; undo brings it back. */
  click (first_of (row_titled (conditions, "Cursed"), GTK_TYPE_BUTTON));
  g_assert_false (tkr_ap_combatant_has_condition (alice, "Cursed", NULL, NULL));
  {
    g_autofree char *marks = marks_shown (f);
    g_assert_cmpstr (marks, ==, "Defense +2, Poison");
  }
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  {
    g_autofree char *marks = marks_shown (f);
    g_assert_cmpstr (marks, ==, "Cursed, Defense +2, Poison");
  }

  /* A refused condition (twice the same) says why. */
  add_mark (f, "condition_entry", "Cursed", "add_condition_button");
  g_assert_true (error_shown (f, "already Cursed"));

  click (reset_part (f, GTK_TYPE_BUTTON, "run_reset_button"));
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_ACTION);
}

/* The details pane follows the tracker's selection, and updates in place
 * when its combatant changes by a command or by undo: its rows are not
 * made again (docs/ARCHITECTURE.md, "How a command travels", step 4). */
static void
test_details_follow_selection (ApFixture *f, gconstpointer data)
{
  GtkListBox *conditions;
  GtkListBoxRow *row;

  opening_reset (f);
  conditions = detail (f, GTK_TYPE_LIST_BOX, "conditions_list");

  /* Alice is selected (opening_reset): a condition, then a command. */
  add_mark (f, "condition_entry", "Frightened", "add_condition_button");
  row = gtk_list_box_get_row_at_index (conditions, 0);
  g_assert_nonnull (row);
  set_spin (detail (f, GTK_TYPE_SPIN_BUTTON, "move_spin"), 1);
  click_detail (f, "move_button");
  g_assert_cmpstr (round_state (f), ==, "4 AP left · 1 of 3 spent this Round · moved");
  g_assert_true (gtk_list_box_get_row_at_index (conditions, 0) == row);

  /* Undo: the state goes back, the condition row stays the same. */
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpstr (round_state (f), ==, "5 AP left · 0 of 3 spent this Round");
  g_assert_true (gtk_list_box_get_row_at_index (conditions, 0) == row);
  /* And the condition goes on its own undo. */
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_null (gtk_list_box_get_row_at_index (conditions, 0));
  g_assert_true (tkr_history_redo (f->history));
  fixture_iterate ();
  g_assert_nonnull (gtk_list_box_get_row_at_index (conditions, 0));

  /* Another row: another combatant's details. */
  select_row (f, f->bob);
  g_assert_cmpstr (
    adw_preferences_group_get_title (detail (f, ADW_TYPE_PREFERENCES_GROUP, "round_group")), ==,
    "Bob");
  g_assert_cmpstr (round_state (f), ==, "1 AP left · 0 of 3 spent this Round");
  g_assert_null (gtk_list_box_get_row_at_index (conditions, 0));
  g_assert_false (gtk_widget_get_sensitive (detail (f, GTK_TYPE_WIDGET, "commands_list")));

  /* Nothing selected: the prompt. */
  g_object_set (f->page, "selected", NULL, NULL);
  fixture_iterate ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "details_stack")),
                   ==, "empty");
  g_assert_null (tkr_ap_details_get_combatant (TKR_AP_DETAILS (ap_details (f))));
}

/* The phase bar follows this system's encounter too. */
static void
test_phase_bar (ApFixture *f, gconstpointer data)
{
  TkrPhaseBar *bar = child (f, TKR_TYPE_PHASE_BAR, "phase_bar");

  g_assert_true (tkr_phase_bar_get_tracker (bar) == TKR_TRACKER (f->encounter));
  g_assert_true (gtk_widget_get_sensitive (tkr_phase_bar_get_button (bar, TKR_PHASE_SETUP)));
  g_assert_false (gtk_widget_get_sensitive (tkr_phase_bar_get_button (bar, TKR_PHASE_MAIN)));
  click (tkr_phase_bar_get_button (bar, TKR_PHASE_SETUP));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);
  g_assert_cmpstr (label_text (f, "freeplay_title"), ==, "Setting Up Combat");
}

/* A campaign of another system shows nobody in Action-Point rows, and
 * switching the system (in Freeplay) brings them to life. */
static void
test_other_system (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  GtkWidget *view = tkr_encounter_page_new ();
  GtkWidget *window = gtk_window_new ();
  g_autoptr (GError) error = NULL;
  GtkListBox *participants;

  g_object_ref_sink (view);
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), campaign);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  fixture_iterate ();
  participants = GTK_LIST_BOX (tkr_test_part (view, "participants_list"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (participants)));

  tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, "Carol"), &error);
  g_assert_no_error (error);
  g_assert_false (TKR_IS_AP_PARTICIPANT_ROW (gtk_list_box_get_row_at_index (participants, 0)));
  g_assert_true (tkr_campaign_set_rule_system (campaign, TKR_AP_RULE_SYSTEM, &error));
  g_assert_no_error (error);
  fixture_iterate ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (participants)));
  g_assert_nonnull (row_titled (participants, "Carol"));
  g_assert_true (TKR_IS_AP_PARTICIPANT_ROW (row_titled (participants, "Carol")));

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_iterate ();
  g_object_unref (view);
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;
  return n;
}

/* A crowd's Reset (help/C/action-points.page): with 50 goblins the rolls
 * list makes rows for its first 40 rolls only (the rest are rolled), and a
 * button shows the others when the GM asks. */
static void
test_crowd_reset_rolls (ApFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *library = tkr_campaign_add_npc (f->campaign, "Grunt");
  GListModel *rolls;
  GtkListBox *list;
  GtkButton *more;

  for (int i = 0; i < 50; i++)
    g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, library, &error));
  activate (f, "encounter.begin-setup");
  activate (f, "encounter.begin-main");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);
  rolls = tkr_ap_encounter_get_reset_rolls (f->encounter);
  g_assert_cmpuint (g_list_model_get_n_items (rolls), >, 50);
  list = reset_part (f, GTK_TYPE_LIST_BOX, "rolls_list");
  more = reset_part (f, GTK_TYPE_BUTTON, "more_rolls_button");
  g_assert_cmpuint (count_rows (list), ==, 40);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (more)));
  g_assert_true (g_str_has_prefix (gtk_button_get_label (more), "Show "));
  click (more);
  g_assert_cmpuint (count_rows (list), ==, g_list_model_get_n_items (rolls));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (more)));
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ap-view/actions-installed", test_actions_installed);
  g_test_add ("/ap-view/crowd-reset-lists-first-rolls", ApFixture, NULL, ap_setup,
              test_crowd_reset_rolls, ap_teardown);
  g_test_add ("/ap-view/freeplay/party-and-settings", ApFixture, NULL, ap_setup,
              test_freeplay_party_and_settings, ap_teardown);
  g_test_add ("/ap-view/seed-004/conditions-custom-persistent-target-effects", ApFixture, NULL,
              ap_setup, test_conditions_and_effects, ap_teardown);
  g_test_add ("/ap-view/phase-bar", ApFixture, NULL, ap_setup, test_phase_bar, ap_teardown);
  g_test_add ("/ap-view/seed-004/opening-reset-typed-faces-surprised-order-by-ap", ApFixture, NULL,
              ap_setup, test_opening_reset, ap_teardown);
  g_test_add ("/ap-view/seed-004/reset-rolls-rows-kept-across-changes", ApFixture, NULL, ap_setup,
              test_reset_rows_kept, ap_teardown);
  g_test_add ("/ap-view/seed-004/round-limit-only-action-pass-next-reset-end-xp", ApFixture, NULL,
              ap_setup, test_turn_and_end, ap_teardown);
  g_test_add ("/ap-view/details/follow-selection-command-and-undo", ApFixture, NULL, ap_setup,
              test_details_follow_selection, ap_teardown);
  g_test_add_func ("/ap-view/other-system-then-switch", test_other_system);

  return g_test_run ();
}
