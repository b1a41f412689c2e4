/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-klep-combatant-panel.h"
#include "tkr-klep-turn-row.h"
#include "tkr-klep-turn-tracker.h"

typedef struct
{
  Fixture f;
  GtkWidget *tracker;
} TrackerFixture;

static void
tracker_setup (TrackerFixture *fixture, gconstpointer data)
{
  fixture_init (&fixture->f);
  fixture_begin_main (&fixture->f);
  fixture->tracker = tkr_klep_turn_tracker_new ();
  tkr_klep_turn_tracker_set_encounter (TKR_KLEP_TURN_TRACKER (fixture->tracker),
                                       fixture->f.encounter);
  fixture_show (&fixture->f, fixture->tracker, 1000, 1000);
}

static void
tracker_teardown (TrackerFixture *fixture, gconstpointer data)
{
  fixture_clear (&fixture->f);
}

static gpointer
tracker_child (TrackerFixture *fixture, const char *name)
{
  GObject *object =
    gtk_widget_get_template_child (fixture->tracker, TKR_TYPE_KLEP_TURN_TRACKER, name);

  g_assert_nonnull (object);
  return object;
}

static gpointer
panel_child (GtkWidget *panel, const char *name)
{
  GObject *object = gtk_widget_get_template_child (panel, TKR_TYPE_KLEP_COMBATANT_PANEL, name);

  g_assert_nonnull (object);
  return object;
}

static gboolean
first_member_shown (gpointer row)
{
  return tkr_klep_turn_row_get_panel (row, 0) != NULL;
}

/* The details pane's row once @entry is the table tracker's selected
 * row (help/C/tracker.page: the pane shows the selected row). */
static TkrKlepTurnRow *
row_for_entry (TrackerFixture *fixture, TkrKlepTurnEntry *entry)
{
  TkrKlepTurnTracker *tracker = TKR_KLEP_TURN_TRACKER (fixture->tracker);
  TkrKlepTurnRow *row;

  tkr_klep_turn_tracker_set_selected (tracker, G_OBJECT (entry));
  fixture_iterate ();
  row = tkr_klep_turn_tracker_get_entry_row (tracker);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (row)));
  g_assert_true (tkr_klep_turn_row_get_entry (row) == entry);
  /* The members' panels are made as the list lays them out. */
  g_assert_true (fixture_wait_until (first_member_shown, row));
  return row;
}

static TkrKlepTurnEntry *
entry_at (TrackerFixture *fixture, guint index)
{
  g_autoptr (TkrKlepTurnEntry) entry =
    g_list_model_get_item (tkr_encounter_get_order (TKR_ENCOUNTER (fixture->f.encounter)), index);

  return entry;
}

static gboolean
row_is_current (TkrKlepTurnRow *row)
{
  GObject *card = gtk_widget_get_template_child (GTK_WIDGET (row), TKR_TYPE_KLEP_TURN_ROW, "card");

  return gtk_widget_has_css_class (GTK_WIDGET (card), "current");
}

/* Whether the entry at @index shows as the current turn, leaving the
 * entry at @shown selected (its panels are the same widgets again). */
static gboolean
is_current_at (TrackerFixture *fixture, guint index, guint shown)
{
  gboolean current = row_is_current (row_for_entry (fixture, entry_at (fixture, index)));

  row_for_entry (fixture, entry_at (fixture, shown));
  return current;
}

static GtkWidget *
first_panel (TrackerFixture *fixture, guint index)
{
  TkrKlepTurnRow *row = row_for_entry (fixture, entry_at (fixture, index));
  GtkWidget *panel;

  g_assert_nonnull (row);
  panel = tkr_klep_turn_row_get_panel (row, 0);
  g_assert_nonnull (panel);
  return panel;
}

static void
test_shows_order_and_round (TrackerFixture *fixture, gconstpointer data)
{
  GListModel *order = tkr_encounter_get_order (TKR_ENCOUNTER (fixture->f.encounter));
  guint n = g_list_model_get_n_items (order);
  g_autofree char *current = NULL;

  g_assert_cmpuint (n, >=, 4);
  g_assert_cmpstr (gtk_label_get_text (tracker_child (fixture, "round_label")), ==, "Round 1");
  current =
    g_strdup_printf ("Current turn: %s", tkr_klep_turn_entry_get_name (entry_at (fixture, 0)));
  g_assert_cmpstr (gtk_label_get_text (tracker_child (fixture, "current_label")), ==, current);

  /* Every entry, once selected, shows in the details, named after it;
   * only the first is the current one. */
  for (guint i = 0; i < n; i++)
    {
      TkrKlepTurnEntry *entry = entry_at (fixture, i);
      TkrKlepTurnRow *row = row_for_entry (fixture, entry);
      GObject *name;

      g_assert_nonnull (row);
      name = gtk_widget_get_template_child (GTK_WIDGET (row), TKR_TYPE_KLEP_TURN_ROW, "name_label");
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (name)), ==,
                       tkr_klep_turn_entry_get_name (entry));
      g_assert_cmpint (row_is_current (row), ==, i == 0);
      g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_turn_entry_get_members (entry)), >=, 1);
      g_assert_nonnull (tkr_klep_turn_row_get_panel (row, 0));
    }

  /* A group entry shows a panel per member. */
  for (guint i = 0; i < n; i++)
    {
      TkrKlepTurnEntry *entry = entry_at (fixture, i);
      guint members = g_list_model_get_n_items (tkr_klep_turn_entry_get_members (entry));

      if (members > 1)
        {
          TkrKlepTurnRow *row = row_for_entry (fixture, entry);

          g_assert_nonnull (tkr_klep_turn_row_get_panel (row, members - 1));
          g_assert_null (tkr_klep_turn_row_get_panel (row, members));
        }
    }
}

/* seed 000, "Beats": a spend on one's own Turn; off Turn a spend is a
 * Reaction. The row's button calls the core, the dots follow. */
static void
test_spend_beat_through_row (TrackerFixture *fixture, gconstpointer data)
{
  GtkWidget *panel = first_panel (fixture, 0);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  int per_round = tkr_rules_get_beats_per_round (fixture->f.rules);
  g_autofree char *before = NULL;
  GtkWidget *off_panel;
  TkrKlepCombatant *off_combatant;

  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, per_round);
  g_assert_cmpstr (gtk_button_get_label (panel_child (panel, "spend_button")), ==, "Spend");
  before = g_strdup (gtk_label_get_text (panel_child (panel, "beats_dots")));

  click (panel_child (panel, "spend_button"));
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, per_round - 1);
  g_assert_cmpstr (gtk_label_get_text (panel_child (panel, "beats_dots")), !=, before);

  click (panel_child (panel, "refund_button"));
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, per_round);
  g_assert_cmpstr (gtk_label_get_text (panel_child (panel, "beats_dots")), ==, before);

  /* Free Actions: use one, and the GM allows one more. */
  {
    int allowed = tkr_klep_combatant_get_free_actions_allowed (combatant);

    click (panel_child (panel, "use_free_button"));
    g_assert_cmpint (tkr_klep_combatant_get_free_actions_used (combatant), ==, 1);
    click (panel_child (panel, "raise_free_button"));
    g_assert_cmpint (tkr_klep_combatant_get_free_actions_allowed (combatant), ==, allowed + 1);
  }

  /* Off Turn (the next entry selected): the button reads "React" and
   * spends on a Reaction. */
  off_panel = first_panel (fixture, 1);
  off_combatant = tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (off_panel));
  g_assert_true (off_combatant != combatant);
  g_assert_cmpstr (gtk_button_get_label (panel_child (off_panel, "spend_button")), ==, "React");
  click (panel_child (off_panel, "spend_button"));
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (off_combatant), ==, per_round - 1);
}

/* Next Turn moves the highlight; undo brings every row back. */
static void
test_next_turn_and_undo (TrackerFixture *fixture, gconstpointer data)
{
  GtkWidget *panel = first_panel (fixture, 0);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  int per_round = tkr_rules_get_beats_per_round (fixture->f.rules);
  g_autofree char *full = g_strdup (gtk_label_get_text (panel_child (panel, "beats_dots")));
  g_autofree char *spent = NULL;

  click (panel_child (panel, "spend_button"));
  spent = g_strdup (gtk_label_get_text (panel_child (panel, "beats_dots")));
  g_assert_cmpstr (spent, !=, full);

  click (tracker_child (fixture, "next_button"));
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (fixture->f.encounter)), ==, 1);
  g_assert_false (is_current_at (fixture, 0, 0));
  g_assert_true (is_current_at (fixture, 1, 0));
  /* Beats reset at the end of one's own Turn (seed, "Beats"). */
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, per_round);
  g_assert_cmpstr (gtk_label_get_text (panel_child (panel, "beats_dots")), ==, full);

  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (fixture->f.encounter)), ==, 0);
  g_assert_true (is_current_at (fixture, 0, 0));
  g_assert_false (is_current_at (fixture, 1, 0));
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, per_round - 1);
  g_assert_cmpstr (gtk_label_get_text (panel_child (panel, "beats_dots")), ==, spent);

  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, per_round);
  g_assert_cmpstr (gtk_label_get_text (panel_child (panel, "beats_dots")), ==, full);

  /* Through a whole Round: the Round number follows. */
  for (guint i = 0; i < g_list_model_get_n_items (
                          tkr_encounter_get_order (TKR_ENCOUNTER (fixture->f.encounter)));
       i++)
    click (tracker_child (fixture, "next_button"));
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (fixture->f.encounter)), ==, 2);
  g_assert_cmpstr (gtk_label_get_text (tracker_child (fixture, "round_label")), ==, "Round 2");

  click (tracker_child (fixture, "previous_button"));
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (fixture->f.encounter)), ==, 1);
  g_assert_cmpstr (gtk_label_get_text (tracker_child (fixture, "round_label")), ==, "Round 1");
}

static TkrCondition *
find_condition (TkrCharacter *character, const char *name)
{
  return tkr_character_find_condition (character, name);
}

/* Quick Health edits and condition chips, undoable. */
static void
test_health_and_conditions (TrackerFixture *fixture, gconstpointer data)
{
  GtkWidget *panel = first_panel (fixture, 0);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (combatant));
  TkrPool *health = tkr_character_get_pool (character, TKR_POOL_HEALTH);
  int start = tkr_pool_get_current (health);
  g_autofree char *label = NULL;
  g_autoptr (GPtrArray) chips = g_ptr_array_new ();
  GtkFlowBox *chips_box = panel_child (panel, "chips_box");
  TkrCondition *slowed;

  g_assert_cmpint (start, >, 1);
  click (panel_child (panel, "health_down_button"));
  g_assert_cmpint (tkr_pool_get_current (health), ==, start - 1);
  label = g_strdup_printf ("%d/%d", start - 1, tkr_pool_get_maximum (health));
  g_assert_cmpstr (gtk_label_get_text (panel_child (panel, "health_label")), ==, label);
  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_cmpint (tkr_pool_get_current (health), ==, start);

  /* "Add condition" from the catalogue. */
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (chips_box))));
  g_assert_true (gtk_widget_activate_action (panel, "panel.add-condition", "s", "Slowed"));
  fixture_iterate ();
  slowed = find_condition (character, "Slowed");
  g_assert_nonnull (slowed);
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 1);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (chips_box))));

  /* The chip adds a stack; its "−" removes one. */
  collect_widgets (GTK_WIDGET (chips_box), GTK_TYPE_BUTTON, chips);
  g_assert_cmpuint (chips->len, ==, 2);
  g_assert_cmpstr (gtk_button_get_label (chips->pdata[0]), ==, "Slowed 1");
  click (chips->pdata[0]);
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 2);
  g_ptr_array_set_size (chips, 0);
  collect_widgets (GTK_WIDGET (chips_box), GTK_TYPE_BUTTON, chips);
  g_assert_cmpstr (gtk_button_get_label (chips->pdata[0]), ==, "Slowed 2");

  click (chips->pdata[1]);
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 1);

  /* Undo the removal: the chip shows 2 stacks again. */
  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_ptr_array_set_size (chips, 0);
  collect_widgets (GTK_WIDGET (chips_box), GTK_TYPE_BUTTON, chips);
  g_assert_cmpstr (gtk_button_get_label (chips->pdata[0]), ==, "Slowed 2");
}

static gboolean
no_dialog (gpointer unused)
{
  return find_message_dialog () == NULL;
}

/* seed 000, "The Dash Ability": a second Dash in a Round asks for the
 * Athletics Test, typed in here. */
static void
test_dash_asks_for_test (TrackerFixture *fixture, gconstpointer data)
{
  GtkWidget *panel = first_panel (fixture, 0);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  AdwMessageDialog *dialog;
  GtkWidget *extra;
  g_autoptr (GPtrArray) spins = g_ptr_array_new ();
  int gained = tkr_klep_combatant_get_movement_gained (combatant);

  g_assert_false (tkr_klep_encounter_dash_needs_test (fixture->f.encounter, combatant));
  click (panel_child (panel, "dash_button"));
  g_assert_cmpint (tkr_klep_combatant_get_dashes (combatant), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_movement_gained (combatant), ==, 2 * gained);
  g_assert_null (find_message_dialog ());

  g_assert_true (tkr_klep_encounter_dash_needs_test (fixture->f.encounter, combatant));
  click (panel_child (panel, "dash_button"));
  g_assert_true (fixture_wait_until (dialog_is_shown, NULL));
  dialog = find_message_dialog ();
  g_assert_cmpint (tkr_klep_combatant_get_dashes (combatant), ==, 1);

  extra = adw_message_dialog_get_extra_child (dialog);
  collect_widgets (extra, GTK_TYPE_SPIN_BUTTON, spins);
  g_assert_cmpuint (spins->len, ==, 1);
  gtk_spin_button_set_value (spins->pdata[0], tkr_rules_get_high_min (fixture->f.rules));
  adw_message_dialog_response (dialog, "enter");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (fixture_wait_until (no_dialog, NULL));

  g_assert_cmpint (tkr_klep_combatant_get_dashes (combatant), ==, 2);
  /* A Pass: not Slowed. */
  g_assert_null (tkr_character_find_condition (
    tkr_combatant_get_character (TKR_COMBATANT (combatant)), "Slowed"));
}

/* seed 000, "Encounter Paused Phase": a Slow Action needs the GM's
 * approval while Paused; the dialog gives it. */
static void
test_paused_slow_action_approval (TrackerFixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrAbility) recover = tkr_ability_new ("Recover", TKR_ABILITY_TIME_SLOW_ACTION, 1);
  GtkWidget *panel = first_panel (fixture, 0);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (fixture->f.encounter));
  guint logged;
  AdwMessageDialog *dialog;

  g_assert_true (tkr_encounter_pause (TKR_ENCOUNTER (fixture->f.encounter), &error));
  g_assert_no_error (error);
  fixture_iterate ();
  g_assert_true (gtk_revealer_get_reveal_child (tracker_child (fixture, "paused_revealer")));
  g_assert_false (gtk_widget_get_sensitive (tracker_child (fixture, "next_button")));

  tkr_klep_combatant_panel_request_ability (panel, NULL, fixture->f.encounter, combatant, recover);
  g_assert_true (fixture_wait_until (dialog_is_shown, NULL));
  dialog = find_message_dialog ();
  /* Nothing happened before the approval. */
  logged = g_list_model_get_n_items (log);

  adw_message_dialog_response (dialog, "approve");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (fixture_wait_until (no_dialog, NULL));
  /* Used, with the approval, as the log records. */
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, logged + 1);

  /* Resume from the banner. */
  click (tracker_child (fixture, "resume_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_MAIN);
  g_assert_false (gtk_revealer_get_reveal_child (tracker_child (fixture, "paused_revealer")));
}

/* seed 000, "Encounter Paused Phase": ending a pause by spending a Beat
 * leaves that Beat missing next Turn; the row says so. */
/* A range's Move button and its spin button in the Move popover, named
 * by the rule data's range ("move-Walk", "move-amount-Walk"). */
static void
find_move_range (GtkWidget *popover, const char *range, GtkButton **move, GtkSpinButton **spin)
{
  g_autoptr (GPtrArray) widgets = g_ptr_array_new ();
  g_autofree char *move_name = g_strdup_printf ("move-%s", range);
  g_autofree char *spin_name = g_strdup_printf ("move-amount-%s", range);

  collect_widgets (popover, GTK_TYPE_WIDGET, widgets);
  for (guint i = 0; i < widgets->len; i++)
    {
      const char *name = gtk_widget_get_name (widgets->pdata[i]);

      if (g_strcmp0 (name, move_name) == 0)
        *move = widgets->pdata[i];
      else if (g_strcmp0 (name, spin_name) == 0)
        *spin = widgets->pdata[i];
    }
}

static void
test_resume_by_beat (TrackerFixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GtkWidget *panel = first_panel (fixture, 1);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  GtkListBox *list = tracker_child (fixture, "resume_by_beat_list");
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *owed = panel_child (panel, "owed_label");
  g_autofree char *resume_name = NULL;

  g_assert_true (tkr_encounter_pause (TKR_ENCOUNTER (fixture->f.encounter), &error));
  fixture_iterate ();
  g_assert_false (gtk_widget_get_visible (owed));

  fixture_popup (tracker_child (fixture, "resume_by_beat_button"));
  fixture_iterate ();
  collect_widgets (GTK_WIDGET (list), GTK_TYPE_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, >=, 4);
  resume_name = g_strdup_printf (
    "resume-%s", tkr_character_get_id (tkr_combatant_get_character (TKR_COMBATANT (combatant))));
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (buttons->pdata[i]), resume_name) == 0)
      click (buttons->pdata[i]);

  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_MAIN);
  g_assert_cmpint (tkr_klep_combatant_get_beats_owed (combatant) +
                     tkr_rules_get_beats_per_round (fixture->f.rules) -
                     tkr_klep_combatant_get_beats_left (combatant),
                   >=, 1);
  if (tkr_klep_combatant_get_beats_owed (combatant) > 0)
    g_assert_true (gtk_widget_get_visible (owed));
}

static gboolean
popover_shown (gpointer button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);

  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

/* Movement through the per-range ledger's Move buttons (seed, "Movement":
 * each range takes at most its units per Turn). */
static void
test_move (TrackerFixture *fixture, gconstpointer data)
{
  GtkWidget *panel = first_panel (fixture, 0);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  GtkMenuButton *move_button = panel_child (panel, "move_button");
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr (GPtrArray) spins = g_ptr_array_new ();
  GtkButton *move_walk = NULL;
  GtkSpinButton *walk_spin = NULL;
  int left = tkr_klep_combatant_get_movement_left (combatant);
  int cap = tkr_klep_combatant_get_range_cap (combatant, "Walk");

  g_assert_cmpint (left, >, 0);
  g_assert_cmpint (cap, >, 1);
  fixture_popup (move_button);
  g_assert_true (fixture_wait_until (popover_shown, move_button));

  collect_widgets (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), GTK_TYPE_BUTTON,
                   buttons);
  find_move_range (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), "Walk", &move_walk,
                   &walk_spin);
  g_assert_nonnull (move_walk);
  gtk_spin_button_set_value (walk_spin, 2);
  click (move_walk);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (combatant), ==, left - 2);
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (combatant, "Walk"), ==, 2);
  g_assert_nonnull (strstr (gtk_label_get_text (panel_child (panel, "ledger_label")), "Walk 2/"));

  /* More than the range can take this Turn is refused, and said so. */
  fixture_popup (move_button);
  g_assert_true (fixture_wait_until (popover_shown, move_button));
  g_ptr_array_set_size (buttons, 0);
  collect_widgets (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), GTK_TYPE_BUTTON,
                   buttons);
  find_move_range (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), "Walk", &move_walk,
                   &walk_spin);
  gtk_spin_button_set_value (walk_spin, cap);
  click (move_walk);
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (combatant, "Walk"), ==, 2);
  g_assert_true (gtk_widget_get_visible (panel_child (panel, "error_label")));
  (void) spins;
}

/* The "Use…" menu lists the sheet's and the rule data's basic Abilities;
 * a Slow Action used on one's Turn is under way until the next Turn (SRD,
 * Ability Times). */
static void
test_use_ability_menu (TrackerFixture *fixture, gconstpointer data)
{
  GtkWidget *panel = first_panel (fixture, 0);
  TkrKlepCombatant *combatant =
    tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel));
  GtkMenuButton *button = panel_child (panel, "abilities_button");
  GMenuModel *menu;
  int recover = -1;
  int per_round = tkr_rules_get_beats_per_round (fixture->f.rules);

  fixture_popup (button);
  fixture_iterate ();
  menu = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (menu);

  /* Find "Recover" among the sections' items by its label. */
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *label = NULL;
          g_autoptr (GVariant) target = NULL;

          g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_LABEL, "s", &label);
          target = g_menu_model_get_item_attribute_value (section, j, G_MENU_ATTRIBUTE_TARGET,
                                                          G_VARIANT_TYPE_INT32);
          if (g_str_has_prefix (label, "Recover"))
            recover = g_variant_get_int32 (target);
        }
    }
  gtk_menu_button_popdown (button);
  g_assert_cmpint (recover, >=, 0);

  g_assert_true (gtk_widget_activate_action (panel, "panel.use-ability", "i", recover));
  fixture_iterate ();
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (combatant), ==, per_round - 1);
  g_assert_cmpstr (tkr_klep_combatant_get_pending_slow_action (combatant), ==, "Recover");
  g_assert_true (gtk_widget_get_visible (panel_child (panel, "pending_label")));
}

/* 1,000 entries: the details pane shows one entry, the selected one,
 * whatever the size of the order (the order itself is the table
 * tracker's, test-table-tracker "thousand-combatants"). */
static void
test_thousand_entries (void)
{
  Fixture f;
  GtkWidget *tracker;
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GListModel *order;

  memset (&f, 0, sizeof f);
  f.rules = tkr_rules_get_default ();
  f.campaign = tkr_campaign_new (f.rules);
  f.encounter = tkr_campaign_get_klep_encounter (f.campaign);
  f.history = tkr_campaign_get_history (f.campaign);
  for (int i = 0; i < 1000; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %04d", i);

      fixture_pc (&f, name, i % 5);
    }
  /* Without NPCs, every PC goes before everyone: the Setup is complete. */
  fixture_begin_setup (&f);
  fixture_complete_setup (&f);
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (f.encounter), &error));
  g_assert_no_error (error);
  order = tkr_encounter_get_order (TKR_ENCOUNTER (f.encounter));
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 1000);

  tracker = tkr_klep_turn_tracker_new ();
  tkr_klep_turn_tracker_set_encounter (TKR_KLEP_TURN_TRACKER (tracker), f.encounter);
  fixture_show (&f, tracker, 900, 800);

  /* Nothing selected: the current turn's entry. */
  collect_widgets (tracker, TKR_TYPE_KLEP_TURN_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_true (tkr_klep_turn_row_get_entry (rows->pdata[0]) ==
                 (gpointer) tkr_klep_encounter_get_current_entry (f.encounter));

  /* The last entry selected: still one row, showing it. */
  {
    g_autoptr (TkrKlepTurnEntry) last = g_list_model_get_item (order, 999);

    tkr_klep_turn_tracker_set_selected (TKR_KLEP_TURN_TRACKER (tracker), G_OBJECT (last));
    fixture_iterate ();
    g_ptr_array_set_size (rows, 0);
    collect_widgets (tracker, TKR_TYPE_KLEP_TURN_ROW, rows);
    g_assert_cmpuint (rows->len, ==, 1);
    g_assert_true (tkr_klep_turn_row_get_entry (rows->pdata[0]) == last);
  }

  fixture_clear (&f);
}

/* A large group (help/C/tracker.page, "Details"): its first twelve
 * members have panels and the rest are counted, so selecting a group of
 * any size costs the same; each member's own row shows its panel. */
static void
test_large_group (void)
{
  Fixture f;
  GtkWidget *tracker;
  g_autoptr (GError) error = NULL;
  TkrCharacter *library;
  TkrKlepTurnRow *row;
  GObject *more;
  GListModel *order;

  memset (&f, 0, sizeof f);
  f.rules = tkr_rules_get_default ();
  f.campaign = tkr_campaign_new (f.rules);
  f.encounter = tkr_campaign_get_klep_encounter (f.campaign);
  f.history = tkr_campaign_get_history (f.campaign);
  fixture_pc (&f, "Hero", 2);
  library = fixture_library_npc (&f, "Bandit", 1);
  for (int i = 0; i < 20; i++)
    fixture_add (&f, library);
  fixture_begin_setup (&f);
  fixture_complete_setup (&f);
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (f.encounter), &error));
  g_assert_no_error (error);

  tracker = tkr_klep_turn_tracker_new ();
  tkr_klep_turn_tracker_set_encounter (TKR_KLEP_TURN_TRACKER (tracker), f.encounter);
  fixture_show (&f, tracker, 900, 800);
  order = tkr_encounter_get_order (TKR_ENCOUNTER (f.encounter));
  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (TkrKlepTurnEntry) entry = g_list_model_get_item (order, i);
      GListModel *members = tkr_klep_turn_entry_get_members (entry);

      if (g_list_model_get_n_items (members) != 20)
        continue;
      tkr_klep_turn_tracker_set_selected (TKR_KLEP_TURN_TRACKER (tracker), G_OBJECT (entry));
      fixture_iterate ();
      row = tkr_klep_turn_tracker_get_entry_row (TKR_KLEP_TURN_TRACKER (tracker));
      g_assert_nonnull (tkr_klep_turn_row_get_panel (row, 11));
      g_assert_null (tkr_klep_turn_row_get_panel (row, 12));
      more = gtk_widget_get_template_child (GTK_WIDGET (row), TKR_TYPE_KLEP_TURN_ROW, "more_label");
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (more)));
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (more)), "8"));

      /* The fifteenth member, selected on its own row: its panel. */
      {
        g_autoptr (TkrKlepCombatant) member = g_list_model_get_item (members, 14);
        GtkWidget *panel = tkr_klep_turn_tracker_get_member_panel (TKR_KLEP_TURN_TRACKER (tracker));

        tkr_klep_turn_tracker_set_selected (TKR_KLEP_TURN_TRACKER (tracker), G_OBJECT (member));
        fixture_iterate ();
        g_assert_true (gtk_widget_get_mapped (panel));
        g_assert_true (tkr_klep_combatant_panel_get_combatant (TKR_KLEP_COMBATANT_PANEL (panel)) ==
                       member);
      }
      fixture_clear (&f);
      return;
    }
  g_assert_not_reached ();
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func)                                                                            \
  g_test_add (path, TrackerFixture, NULL, tracker_setup, func, tracker_teardown)
  ADD ("/turn-tracker/shows-order-and-round", test_shows_order_and_round);
  ADD ("/turn-tracker/seed-beats/spend-through-row", test_spend_beat_through_row);
  ADD ("/turn-tracker/next-turn-and-undo", test_next_turn_and_undo);
  ADD ("/turn-tracker/health-and-conditions", test_health_and_conditions);
  ADD ("/turn-tracker/seed-dash/second-dash-asks-athletics", test_dash_asks_for_test);
  ADD ("/turn-tracker/seed-paused/slow-action-needs-approval", test_paused_slow_action_approval);
  ADD ("/turn-tracker/seed-paused/resume-by-beat", test_resume_by_beat);
  ADD ("/turn-tracker/seed-movement/move", test_move);
  ADD ("/turn-tracker/use-ability-menu", test_use_ability_menu);
#undef ADD
  g_test_add_func ("/turn-tracker/thousand-entries", test_thousand_entries);
  g_test_add_func ("/turn-tracker/large-group-shows-twelve", test_large_group);

  return g_test_run ();
}
