/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-ap-encounter.h"
#include "tkr-ap-view.h"
#include "tkr-phase-bar.h"

/*
 * The Action-Point system's view (seed 004, RULES.md section 4), driven
 * through its widgets and actions; each test checks the core's state and
 * what the widgets say.
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
  TkrApView *view;
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

  f->view = TKR_AP_VIEW (tkr_ap_view_new ());
  tkr_ap_view_set_campaign (f->view, f->campaign);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 900);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
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
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (f->view), TKR_TYPE_AP_VIEW, name);

  g_assert_nonnull (object);
  g_assert_true (g_type_is_a (G_OBJECT_TYPE (object), type));
  return object;
}

static const char *
label_text (ApFixture *f, const char *name)
{
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

/* How many rows @list shows, and the subtitle of the one titled @title. */
static const char *
subtitle_of (gpointer list, const char *title)
{
  GtkWidget *row = row_titled (list, title);

  g_assert_nonnull (row);
  if (ADW_IS_EXPANDER_ROW (row))
    return adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row));
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static void
set_spin (GtkSpinButton *spin, int value)
{
  gtk_spin_button_set_value (spin, value);
  fixture_iterate ();
}

static gboolean
error_shown (ApFixture *f, const char *part)
{
  GtkLabel *label = child (f, GTK_TYPE_LABEL, "error_label");

  return gtk_widget_get_visible (GTK_WIDGET (label)) &&
         strstr (gtk_label_get_text (label), part) != NULL;
}

/* Which of the Reset and the Action Phase the main page shows. */
static void
assert_step_shown (ApFixture *f, const char *box)
{
  gboolean reset = g_str_equal (box, "reset_box");

  g_assert_cmpint (gtk_widget_get_visible (child (f, GTK_TYPE_WIDGET, "reset_box")), ==, reset);
  g_assert_cmpint (gtk_widget_get_visible (child (f, GTK_TYPE_WIDGET, "action_box")), ==, !reset);
}

static void
test_actions_installed (void)
{
  static const char *const expected[] = {
    "encounter.begin-setup", "encounter.abandon-setup", "encounter.begin-main",
    "encounter.next-turn",   "encounter.previous-turn", "encounter.pause",
    "encounter.resume",      "encounter.end",           "encounter.finish",
  };
  GtkWidgetClass *klass = g_type_class_ref (TKR_TYPE_AP_VIEW);

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
  GtkListBox *participants = child (f, GTK_TYPE_LIST_BOX, "participants_list");
  GListModel *combatants = tkr_ap_encounter_get_members (f->encounter);
  GtkWidget *bob_row;
  AdwComboRow *die_row;
  GtkSwitch *surprised;

  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "stack")), ==,
                   "freeplay");
  g_assert_cmpstr (label_text (f, "freeplay_title"), ==, "No Combat Running");
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 1);

  click (child (f, GTK_TYPE_BUTTON, "add_party_button"));
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 3);
  g_assert_nonnull (row_titled (participants, "Alice"));
  g_assert_false (gtk_widget_get_sensitive (child (f, GTK_TYPE_WIDGET, "add_party_button")));
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 1);
  g_assert_null (row_titled (participants, "Alice"));
  click (child (f, GTK_TYPE_BUTTON, "add_party_button"));

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

  click (child (f, GTK_TYPE_BUTTON, "add_party_button"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_encounter_get_members (f->encounter)), ==,
                    1 + g_list_model_get_n_items (party));
  activate (f, "encounter.begin-setup");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);
  g_assert_cmpstr (label_text (f, "freeplay_title"), ==, "Setting Up Combat");

  /* Bob is caught off guard (set in Setup, through his row). */
  gtk_switch_set_active (
    first_of (row_titled (row_titled (child (f, GTK_TYPE_LIST_BOX, "participants_list"), "Bob"),
                          "Surprised"),
              GTK_TYPE_SWITCH),
    TRUE);
  fixture_iterate ();
  g_assert_true (tkr_ap_combatant_get_surprised (combatant (f, f->bob)));
  activate (f, "encounter.begin-main");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "stack")), ==,
                   "main");
}

/* Types @face into the rolls list's spin of the row titled @title. */
static void
type_roll (ApFixture *f, const char *title, int face)
{
  GtkWidget *row = row_titled (child (f, GTK_TYPE_LIST_BOX, "rolls_list"), title);

  g_assert_nonnull (row);
  set_spin (first_of (row, GTK_TYPE_SPIN_BUTTON), face);
}

static void
click_actor (ApFixture *f, const char *button)
{
  click (child (f, GTK_TYPE_BUTTON, button));
}

/* The opening Reset with typed Finesse faces: Alice 5, the Goblin 3; Bob
 * is surprised and gets exactly 1 AP (seed 004, Reset Phase). Then the
 * Round's order by current AP (seed 004, Action Phase). */
static void
opening_reset (ApFixture *f)
{
  GtkListBox *order = child (f, GTK_TYPE_LIST_BOX, "order_list");

  begin_combat (f);

  assert_step_shown (f, "reset_box");
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Opening Reset Phase");
  /* The steps in their order, and Bob's surprise instead of a roll. */
  g_assert_nonnull (
    row_titled (child (f, GTK_TYPE_LIST_BOX, "reset_steps_list"), "1. Per-Turn Effects"));
  g_assert_nonnull (row_titled (child (f, GTK_TYPE_LIST_BOX, "reset_steps_list"),
                                "5. Action Points and Free Steps"));
  g_assert_nonnull (
    strstr (subtitle_of (child (f, GTK_TYPE_LIST_BOX, "rolls_list"), "Bob"), "exactly 1 AP"));
  {
    g_autoptr (GPtrArray) spins = g_ptr_array_new ();

    collect_widgets (row_titled (child (f, GTK_TYPE_LIST_BOX, "rolls_list"), "Bob"),
                     GTK_TYPE_SPIN_BUTTON, spins);
    g_assert_cmpuint (spins->len, ==, 0);
  }

  type_roll (f, "Alice", 5);
  type_roll (f, tkr_character_get_name (f->goblin), 3);
  click (child (f, GTK_TYPE_BUTTON, "run_reset_button"));

  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_ACTION);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 1);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_ap (combatant (f, f->alice)), ==, 5);
  g_assert_cmpint (tkr_ap_combatant_get_ap (combatant (f, f->goblin)), ==, 3);
  g_assert_cmpint (tkr_ap_combatant_get_ap (combatant (f, f->bob)), ==, 1);
  g_assert_false (tkr_ap_combatant_get_surprised (combatant (f, f->bob)));

  assert_step_shown (f, "action_box");
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 1 · Round 1");
  /* What the Reset did, per combatant. */
  g_assert_true (gtk_widget_get_visible (child (f, GTK_TYPE_WIDGET, "last_reset_group")));
  g_assert_cmpstr (subtitle_of (child (f, GTK_TYPE_LIST_BOX, "last_reset_list"), "Bob"), ==,
                   "1 AP");
  g_assert_cmpstr (subtitle_of (child (f, GTK_TYPE_LIST_BOX, "last_reset_list"), "Alice"), ==,
                   "5 AP");

  /* Order by AP: Alice 5, the Goblin 3, Bob 1; Alice acts. */
  {
    GtkListBoxRow *first = gtk_list_box_get_row_at_index (order, 0);
    GtkListBoxRow *second = gtk_list_box_get_row_at_index (order, 1);
    GtkListBoxRow *third = gtk_list_box_get_row_at_index (order, 2);
    g_autofree char *goblin_title = g_strdup (tkr_character_get_name (f->goblin));

    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (first)), ==,
                     "Alice (acting now)");
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (second)), ==,
                     goblin_title);
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (third)), ==, "Bob");
    g_assert_null (gtk_list_box_get_row_at_index (order, 3));
  }
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == combatant (f, f->alice));
  g_assert_cmpstr (
    adw_preferences_group_get_title (child (f, ADW_TYPE_PREFERENCES_GROUP, "actor_group")), ==,
    "Alice");
}

static void
test_opening_reset (ApFixture *f, gconstpointer data)
{
  opening_reset (f);
}

/* A whole Turn: move and act, the 3-AP limit of a Round, the Only action,
 * passing, the Action Phase's end and the next Reset, then End with XP. */
static void
test_turn_and_end (ApFixture *f, gconstpointer data)
{
  TkrApCombatant *alice, *bob, *goblin;
  GtkListBox *effects = NULL;
  GtkWidget *bob_effects;
  GtkWidget *entry_row;
  g_autofree char *goblin_name = NULL;

  opening_reset (f);
  alice = combatant (f, f->alice);
  bob = combatant (f, f->bob);
  goblin = combatant (f, f->goblin);
  goblin_name = g_strdup (tkr_character_get_name (f->goblin));

  /* Alice: move 2, then an action of 2 would be her 4th AP this Round. */
  set_spin (child (f, GTK_TYPE_SPIN_BUTTON, "move_spin"), 2);
  click_actor (f, "move_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 3);
  g_assert_cmpint (tkr_ap_combatant_get_round_ap (alice), ==, 2);
  g_assert_true (tkr_ap_combatant_get_moved (alice));
  g_assert_nonnull (strstr (
    adw_preferences_group_get_description (child (f, ADW_TYPE_PREFERENCES_GROUP, "actor_group")),
    "2 of 3 spent this Round"));
  set_spin (child (f, GTK_TYPE_SPIN_BUTTON, "act_spin"), 2);
  click_actor (f, "act_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 3);
  g_assert_false (tkr_ap_combatant_get_acted (alice));
  g_assert_true (error_shown (f, "limit of 3 a Round"));
  set_spin (child (f, GTK_TYPE_SPIN_BUTTON, "act_spin"), 1);
  click_actor (f, "act_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 2);
  g_assert_true (tkr_ap_combatant_get_acted (alice));
  g_assert_false (gtk_widget_get_visible (child (f, GTK_TYPE_WIDGET, "error_label")));
  g_assert_nonnull (
    strstr (subtitle_of (child (f, GTK_TYPE_LIST_BOX, "order_list"), "Alice (acting now)"),
            "2 AP left · 3 of 3 spent this Round · moved · acted"));

  /* Frightened on Bob, through the conditions list: Persistent, a Check
   * Roll shakes it off at the next Reset. */
  effects = child (f, GTK_TYPE_LIST_BOX, "effects_list");
  bob_effects = row_titled (effects, "Bob");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (bob_effects), TRUE);
  entry_row = row_titled (bob_effects, "New Condition");
  gtk_editable_set_text (GTK_EDITABLE (entry_row), "Frightened");
  {
    g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

    collect_widgets (entry_row, GTK_TYPE_BUTTON, buttons);
    click (g_ptr_array_index (buttons, buttons->len - 1));
  }
  g_assert_true (tkr_ap_combatant_has_condition (bob, "Frightened", NULL, NULL));
  g_assert_cmpstr (subtitle_of (effects, "Bob"), ==, "Frightened");
  /* The row stays open after the list was rebuilt. */
  g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (row_titled (effects, "Bob"))));

  activate (f, "encounter.next-turn");
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == goblin);

  /* The Goblin has 3 AP: too many for an Only action. */
  click_actor (f, "only_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (goblin), ==, 3);
  g_assert_true (error_shown (f, "Only action"));
  click_actor (f, "pass_button");
  g_assert_true (tkr_ap_combatant_get_passed (goblin));

  /* Bob's last AP: his Only action. */
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == bob);
  click_actor (f, "only_button");
  g_assert_cmpint (tkr_ap_combatant_get_ap (bob), ==, 0);
  activate (f, "encounter.next-turn");

  /* Round 2: ordered again by current AP, the Goblin (3) before Alice (2),
   * Bob (0) left out. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 1 · Round 2");
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == goblin);
  {
    GtkListBox *order = child (f, GTK_TYPE_LIST_BOX, "order_list");
    g_autofree char *acting = g_strdup_printf ("%s (acting now)", goblin_name);

    g_assert_cmpstr (adw_preferences_row_get_title (
                       ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (order, 0))),
                     ==, acting);
    g_assert_cmpstr (adw_preferences_row_get_title (
                       ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (order, 1))),
                     ==, "Alice");
    g_assert_null (gtk_list_box_get_row_at_index (order, 2));
  }

  /* Free Steps cost nothing. In Round 3 the Goblin and Alice pass: the
   * Action Phase is over and the Reset is due (seed 004, Action Phase). */
  set_spin (child (f, GTK_TYPE_SPIN_BUTTON, "steps_spin"), 1);
  click_actor (f, "steps_button");
  g_assert_false (tkr_ap_combatant_get_free_steps (goblin));
  g_assert_cmpint (tkr_ap_combatant_get_ap (goblin), ==, 3);
  activate (f, "encounter.next-turn");
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == alice);
  click_actor (f, "pass_button");
  /* The Goblin's steps were an opportunity used, not a pass: Round 3. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_true (tkr_ap_encounter_get_actor (f->encounter) == goblin);
  click_actor (f, "pass_button");
  click_actor (f, "pass_button");
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);
  assert_step_shown (f, "reset_box");
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 1 · Reset Phase");

  /* The next Reset: Bob's Check Roll typed in (15 against 10), Alice's
   * face typed, the others rolled. Leftover AP are lost. */
  type_roll (f, "Bob: Frightened", 15);
  type_roll (f, "Alice", 1);
  click (child (f, GTK_TYPE_BUTTON, "run_reset_button"));
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 2);
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 1);
  g_assert_false (tkr_ap_combatant_has_condition (bob, "Frightened", NULL, NULL));
  g_assert_nonnull (strstr (subtitle_of (child (f, GTK_TYPE_LIST_BOX, "last_reset_list"), "Bob"),
                            "no longer Frightened"));
  g_assert_cmpstr (label_text (f, "turn_label"), ==, "Turn 2 · Round 1");

  /* Pause and resume. */
  activate (f, "encounter.pause");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_PAUSED);
  g_assert_true (gtk_revealer_get_reveal_child (child (f, GTK_TYPE_REVEALER, "paused_revealer")));
  g_assert_false (gtk_widget_get_sensitive (child (f, GTK_TYPE_WIDGET, "actor_group")));
  activate (f, "encounter.resume");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);

  /* End: the closing Reset, then Experience with a reason. */
  activate (f, "encounter.end");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, GTK_TYPE_STACK, "stack")), ==,
                   "end");
  g_assert_cmpint (tkr_ap_combatant_get_ap (alice), ==, 0);
  g_assert_cmpstr (label_text (f, "end_description"), ==, "The combat lasted 2 Turns.");
  {
    GtkListBox *awards = child (f, GTK_TYPE_LIST_BOX, "award_list");
    GtkWidget *alice_row = row_titled (awards, "Alice");
    GtkWidget *xp_row;
    g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
    g_autoptr (GPtrArray) entries = g_ptr_array_new ();
    GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
    g_autoptr (TkrLogEntry) last = NULL;

    g_assert_nonnull (alice_row);
    g_assert_null (row_titled (awards, goblin_name)); /* NPCs get none */
    xp_row = row_titled (alice_row, "Experience Points");
    set_spin (first_of (xp_row, GTK_TYPE_SPIN_BUTTON), 2);
    collect_widgets (alice_row, GTK_TYPE_ENTRY, entries);
    gtk_editable_set_text (g_ptr_array_index (entries, 0), "Held the bridge");
    collect_widgets (alice_row, GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), "_Award") == 0)
        click (g_ptr_array_index (buttons, i));
    g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 2);
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
  GtkListBox *effects;
  GtkWidget *row, *entry_row;
  TkrApCombatant *alice;
  gboolean persistent = FALSE;
  int target = 0;

  begin_combat (f);
  g_assert_nonnull (tkr_ap_encounter_find_member (f->encounter, tom));
  alice = combatant (f, f->alice);
  effects = child (f, GTK_TYPE_LIST_BOX, "effects_list");
  g_assert_nonnull (row_titled (effects, "Tom & <Jerry>"));
  row = row_titled (effects, "Alice");
  g_assert_cmpstr (subtitle_of (effects, "Alice"), ==, "Nothing");

  /* "Cursed", Persistent, shaken off by 15 or more. */
  entry_row = row_titled (row, "New Condition");
  gtk_editable_set_text (GTK_EDITABLE (entry_row), "Cursed");
  gtk_check_button_set_active (first_of (entry_row, GTK_TYPE_CHECK_BUTTON), TRUE);
  set_spin (first_of (row_titled (row, "Check Roll Target"), GTK_TYPE_SPIN_BUTTON), 15);
  {
    g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

    collect_widgets (entry_row, GTK_TYPE_BUTTON, buttons);
    click (g_ptr_array_index (buttons, buttons->len - 1));
  }
  g_assert_true (tkr_ap_combatant_has_condition (alice, "Cursed", &persistent, &target));
  g_assert_true (persistent);
  g_assert_cmpint (target, ==, 15);
  row = row_titled (effects, "Alice");
  g_assert_cmpstr (subtitle_of (row, "Cursed"), ==, "Persistent: a Check Roll of 15 shakes it off");

  /* Poison, 2 damage at each Reset. */
  entry_row = row_titled (row, "New Per-Turn Effect");
  gtk_editable_set_text (GTK_EDITABLE (entry_row), "Poison");
  set_spin (first_of (entry_row, GTK_TYPE_SPIN_BUTTON), 2);
  {
    g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

    collect_widgets (entry_row, GTK_TYPE_BUTTON, buttons);
    click (g_ptr_array_index (buttons, buttons->len - 1));
  }
  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_combatant_get_effects (alice)), ==, 1);
  g_assert_cmpstr (subtitle_of (effects, "Alice"), ==, "Cursed, Poison");
  /* The Reset's first step names it. */
  g_assert_nonnull (
    strstr (subtitle_of (child (f, GTK_TYPE_LIST_BOX, "reset_steps_list"), "1. Per-Turn Effects"),
            "Alice: 2 damage from Poison"));

  /* Removing the curse; undo brings it back. */
  row = row_titled (effects, "Alice");
  {
    g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

    collect_widgets (row_titled (row, "Cursed"), GTK_TYPE_BUTTON, buttons);
    click (g_ptr_array_index (buttons, 0));
  }
  g_assert_false (tkr_ap_combatant_has_condition (alice, "Cursed", NULL, NULL));
  g_assert_cmpstr (subtitle_of (effects, "Alice"), ==, "Poison");
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpstr (subtitle_of (effects, "Alice"), ==, "Cursed, Poison");

  /* A refused condition (twice the same) says why. */
  row = row_titled (effects, "Alice");
  entry_row = row_titled (row, "New Condition");
  gtk_editable_set_text (GTK_EDITABLE (entry_row), "Cursed");
  {
    g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

    collect_widgets (entry_row, GTK_TYPE_BUTTON, buttons);
    click (g_ptr_array_index (buttons, buttons->len - 1));
  }
  g_assert_true (error_shown (f, "already Cursed"));

  click (child (f, GTK_TYPE_BUTTON, "run_reset_button"));
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_ACTION);
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

/* A campaign of another system leaves the view empty, and switching the
 * system (in Freeplay) brings the view to life. */
static void
test_other_system (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  GtkWidget *view = tkr_ap_view_new ();
  GtkWidget *window = gtk_window_new ();
  g_autoptr (GError) error = NULL;
  GtkListBox *participants;

  g_object_ref_sink (view);
  tkr_ap_view_set_campaign (TKR_AP_VIEW (view), campaign);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  fixture_iterate ();
  participants =
    GTK_LIST_BOX (gtk_widget_get_template_child (view, TKR_TYPE_AP_VIEW, "participants_list"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (participants)));

  tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, "Carol"), &error);
  g_assert_no_error (error);
  g_assert_true (tkr_campaign_set_rule_system (campaign, TKR_AP_RULE_SYSTEM, &error));
  g_assert_no_error (error);
  fixture_iterate ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (participants)));
  g_assert_nonnull (row_titled (participants, "Carol"));

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_iterate ();
  g_object_unref (view);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ap-view/actions-installed", test_actions_installed);
  g_test_add ("/ap-view/freeplay/party-and-settings", ApFixture, NULL, ap_setup,
              test_freeplay_party_and_settings, ap_teardown);
  g_test_add ("/ap-view/seed-004/conditions-custom-persistent-target-effects", ApFixture, NULL,
              ap_setup, test_conditions_and_effects, ap_teardown);
  g_test_add ("/ap-view/phase-bar", ApFixture, NULL, ap_setup, test_phase_bar, ap_teardown);
  g_test_add ("/ap-view/seed-004/opening-reset-typed-faces-surprised-order-by-ap", ApFixture, NULL,
              ap_setup, test_opening_reset, ap_teardown);
  g_test_add ("/ap-view/seed-004/round-limit-only-action-pass-next-reset-end-xp", ApFixture, NULL,
              ap_setup, test_turn_and_end, ap_teardown);
  g_test_add_func ("/ap-view/other-system-then-switch", test_other_system);

  return g_test_run ();
}
