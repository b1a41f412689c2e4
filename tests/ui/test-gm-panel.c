/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-klep-combatant-panel.h"
#include "tkr-klep-gm-panel.h"
#include "tkr-klep-turn-tracker.h"

typedef struct
{
  Fixture f;
  GtkWidget *panel;
} PanelFixture;

static void
panel_setup (PanelFixture *fixture, gconstpointer data)
{
  fixture_init (&fixture->f);
  fixture_begin_main (&fixture->f);
  fixture->panel = tkr_klep_gm_panel_new ();
  tkr_klep_gm_panel_set_encounter (TKR_KLEP_GM_PANEL (fixture->panel), fixture->f.encounter);
  fixture_show (&fixture->f, fixture->panel, 400, 900);
}

static void
panel_teardown (PanelFixture *fixture, gconstpointer data)
{
  fixture_clear (&fixture->f);
}

static gpointer
child (PanelFixture *fixture, const char *name)
{
  GObject *object = gtk_widget_get_template_child (fixture->panel, TKR_TYPE_KLEP_GM_PANEL, name);

  g_assert_nonnull (object);
  return object;
}

/* The descendant of @root with that widget name, or NULL. */
static GtkWidget *
find_named (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether some label under @root reads @text. */
static gboolean
has_label (GtkWidget *root, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0)
      return TRUE;
  return FALSE;
}

static guint
catalogue_index (TkrRules *rules, const char *name)
{
  for (guint i = 0; i < tkr_rules_get_n_zones (rules); i++)
    if (g_strcmp0 (tkr_rules_get_zone (rules, i)->name, name) == 0)
      return i;
  g_assert_not_reached ();
}

static TkrLogEntry *
last_log_entry (Fixture *f)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
  guint n = g_list_model_get_n_items (log);
  g_autoptr (TkrLogEntry) entry = NULL;

  g_assert_cmpuint (n, >, 0);
  entry = g_list_model_get_item (log, n - 1);
  return entry;
}

/* Zones in play (seed, "Zones"): added from the rule data's catalogue with
 * a place, stacks up and down within the Zone's bounds, undo followed by
 * the row, removal; a refusal of the core is shown. */
static void
test_zones (PanelFixture *fixture, gconstpointer data)
{
  GListModel *zones = tkr_klep_encounter_get_zones (fixture->f.encounter);
  GtkListBox *list = child (fixture, "zones_list");
  GtkLabel *error_label = child (fixture, "error_label");
  guint fire = catalogue_index (fixture->f.rules, "Fire");
  int max_stacks = tkr_rules_get_zone (fixture->f.rules, fire)->max_stacks;
  g_autofree char *one = g_strdup_printf ("1/%d", max_stacks);
  g_autofree char *two = g_strdup_printf ("2/%d", max_stacks);
  g_autoptr (TkrZone) zone = NULL;
  GtkWidget *row;

  g_assert_cmpint (max_stacks, >=, 2);
  g_assert_cmpuint (g_list_model_get_n_items (zones), ==, 0);
  g_assert_null (gtk_list_box_get_row_at_index (list, 0));

  /* The combo offers the catalogue and says what the chosen Zone does. */
  adw_combo_row_set_selected (child (fixture, "zone_row"), fire);
  g_assert_cmpstr (adw_action_row_get_subtitle (child (fixture, "zone_row")), ==,
                   tkr_rules_get_zone (fixture->f.rules, fire)->description);
  gtk_spin_button_set_value (child (fixture, "zone_stacks"), 1);
  gtk_editable_set_text (child (fixture, "zone_place"), "the brazier");
  click (child (fixture, "add_zone_button"));

  g_assert_cmpuint (g_list_model_get_n_items (zones), ==, 1);
  zone = g_list_model_get_item (zones, 0);
  g_assert_cmpstr (tkr_zone_get_name (zone), ==, "Fire");
  g_assert_cmpstr (tkr_zone_get_location (zone), ==, "the brazier");
  g_assert_cmpint (tkr_zone_get_stacks (zone), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (child (fixture, "zone_place")), ==, "");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_nonnull (strstr (tkr_log_entry_get_text (last_log_entry (&fixture->f)), "Fire"));

  row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0));
  g_assert_nonnull (row);
  g_assert_true (has_label (row, "Fire"));
  g_assert_true (has_label (row, "the brazier"));
  g_assert_true (has_label (row, tkr_zone_get_description (zone)));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_named (row, "zone-stacks"))), ==, one);
  g_assert_false (gtk_widget_get_sensitive (find_named (row, "zone-down")));

  /* One stack more, up to the Zone's most. */
  click (find_named (row, "zone-up"));
  g_assert_cmpint (tkr_zone_get_stacks (zone), ==, 2);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_named (row, "zone-stacks"))), ==, two);
  g_assert_true (gtk_widget_get_sensitive (find_named (row, "zone-down")));
  g_assert_cmpint (gtk_widget_get_sensitive (find_named (row, "zone-up")), ==, max_stacks > 2);

  /* Ctrl+Z: the row follows the model back. */
  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_cmpint (tkr_zone_get_stacks (zone), ==, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_named (row, "zone-stacks"))), ==, one);

  /* Below one stack the core refuses, and the panel says why. */
  click (find_named (row, "zone-down"));
  g_assert_cmpint (tkr_zone_get_stacks (zone), ==, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_cmpstr (gtk_label_get_text (error_label), !=, "");

  /* Removed, the row goes; undone, it comes back with the same Zone. */
  click (find_named (row, "zone-remove"));
  g_assert_cmpuint (g_list_model_get_n_items (zones), ==, 0);
  g_assert_null (gtk_list_box_get_row_at_index (list, 0));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (zones), ==, 1);
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0));
  g_assert_nonnull (row);
  g_assert_true (has_label (row, "the brazier"));

  /* Enter in the place field adds too; no place is fine. */
  adw_combo_row_set_selected (child (fixture, "zone_row"),
                              catalogue_index (fixture->f.rules, "Dark"));
  g_signal_emit_by_name (child (fixture, "zone_place"), "entry-activated");
  fixture_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (zones), ==, 2);
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 1));
  g_assert_nonnull (row);
  g_assert_true (has_label (row, "Dark"));
  {
    g_autoptr (TkrZone) dark = g_list_model_get_item (zones, 1);
    const char *place = tkr_zone_get_location (dark);

    g_assert_cmpstr (tkr_zone_get_name (dark), ==, "Dark");
    g_assert_true (place == NULL || *place == '\0');
  }
}

/* The Zone stacks on offer are those of the chosen kind (rule data). */
static void
test_zone_stacks_follow_catalogue (PanelFixture *fixture, gconstpointer data)
{
  TkrRules *rules = fixture->f.rules;
  GtkSpinButton *stacks = child (fixture, "zone_stacks");

  for (guint i = 0; i < tkr_rules_get_n_zones (rules); i++)
    {
      adw_combo_row_set_selected (child (fixture, "zone_row"), i);
      gtk_spin_button_set_value (stacks, 99);
      g_assert_cmpint (gtk_spin_button_get_value_as_int (stacks), ==,
                       tkr_rules_get_zone (rules, i)->max_stacks);
    }
}

static gboolean
log_at_end (gpointer data)
{
  PanelFixture *fixture = data;
  GtkScrolledWindow *scroller = child (fixture, "log_scroller");
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  double bottom = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

  return bottom > 0 && gtk_adjustment_get_value (adjustment) >= bottom - 1 &&
         has_label (GTK_WIDGET (child (fixture, "log_view")),
                    tkr_log_entry_get_text (last_log_entry (&fixture->f)));
}

/* The log: core commands' lines with their Round, the GM's notes from the
 * entry (undone like any step), the newest kept in view. */
static void
test_log (PanelFixture *fixture, gconstpointer data)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (fixture->f.encounter));
  GtkWidget *log_view = child (fixture, "log_view");
  GtkEditable *note = child (fixture, "note_entry");
  GtkWidget *add_note = child (fixture, "add_note_button");
  g_autoptr (GError) error = NULL;
  guint n;

  /* Lines the core wrote while the Setup ran and Round 1 began, and more
   * while the log page was out of view: shown, the log is at its end. */
  n = g_list_model_get_n_items (log);
  g_assert_cmpuint (n, >, 0);
  g_assert_false (gtk_widget_get_mapped (log_view));
  for (int i = 0; i < 30; i++)
    {
      g_autofree char *line = g_strdup_printf ("Earlier note %d", i);

      tkr_encounter_log_note (TKR_ENCOUNTER (fixture->f.encounter), line);
    }
  adw_view_stack_set_visible_child_name (child (fixture, "view_stack"), "log");
  g_assert_true (fixture_wait_until (widget_is_mapped, log_view));
  g_assert_true (fixture_wait_until (log_at_end, fixture));
  n = g_list_model_get_n_items (log);

  /* Next Turn logs, and the line shows with its Round. */
  g_assert_true (tkr_encounter_next_turn (TKR_ENCOUNTER (fixture->f.encounter), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (log), >, n);
  g_assert_true (fixture_wait_until (log_at_end, fixture) ||
                 has_label (log_view, tkr_log_entry_get_text (last_log_entry (&fixture->f))));
  g_assert_true (has_label (log_view, "Round 1"));

  /* A note from the GM, trimmed; the button waits for text. */
  g_assert_false (gtk_widget_get_sensitive (add_note));
  gtk_editable_set_text (note, "  The bridge creaks  ");
  g_assert_true (gtk_widget_get_sensitive (add_note));
  n = g_list_model_get_n_items (log);
  click (add_note);
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n + 1);
  g_assert_cmpstr (tkr_log_entry_get_text (last_log_entry (&fixture->f)), ==, "The bridge creaks");
  g_assert_cmpint (tkr_log_entry_get_round (last_log_entry (&fixture->f)), ==,
                   tkr_encounter_get_round (TKR_ENCOUNTER (fixture->f.encounter)));
  g_assert_cmpstr (gtk_editable_get_text (note), ==, "");
  g_assert_false (gtk_widget_get_sensitive (add_note));
  fixture_iterate ();
  g_assert_true (has_label (log_view, "The bridge creaks"));

  /* Blank notes are not logged. */
  gtk_editable_set_text (note, "   ");
  g_signal_emit_by_name (note, "activate");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n + 1);

  /* A note is a step of its own: undo takes it away. */
  g_assert_true (tkr_history_undo (fixture->f.history));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n);

  /* Many lines: the newest stays in view at the bottom. */
  for (int i = 0; i < 60; i++)
    {
      g_autofree char *text = g_strdup_printf ("Note number %d", i);

      gtk_editable_set_text (note, text);
      g_signal_emit_by_name (note, "activate");
    }
  g_assert_cmpstr (tkr_log_entry_get_text (last_log_entry (&fixture->f)), ==, "Note number 59");
  g_assert_true (fixture_wait_until (log_at_end, fixture));
}

/* Improvised Movement, through the combatant panel's Move popover */

static TkrKlepCombatant *
member_of_entry (Fixture *f, guint index)
{
  g_autoptr (TkrKlepTurnEntry) entry =
    g_list_model_get_item (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter)), index);
  g_autoptr (TkrKlepCombatant) combatant =
    g_list_model_get_item (tkr_klep_turn_entry_get_members (entry), 0);

  return combatant;
}

static gpointer
panel_child (GtkWidget *panel, const char *name)
{
  GObject *object = gtk_widget_get_template_child (panel, TKR_TYPE_KLEP_COMBATANT_PANEL, name);

  g_assert_nonnull (object);
  return object;
}

static gboolean
popover_shown (gpointer button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);

  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

static gboolean
popover_hidden (gpointer button)
{
  return !popover_shown (button);
}

/* Opens the Move popover of @panel and fills in its grant form. */
static GtkWidget *
fill_grant_form (GtkWidget *panel, const char *range, int units, gboolean waive)
{
  GtkMenuButton *move_button = panel_child (panel, "move_button");
  g_autoptr (GPtrArray) expanders = g_ptr_array_new ();
  GtkWidget *popover;
  GtkWidget *entry;

  fixture_popup (move_button);
  g_assert_true (fixture_wait_until (popover_shown, move_button));
  popover = GTK_WIDGET (gtk_menu_button_get_popover (move_button));

  /* The GM opens the section, as a click on its title would. */
  g_ptr_array_set_size (expanders, 0);
  collect_widgets (popover, GTK_TYPE_EXPANDER, expanders);
  g_assert_cmpuint (expanders->len, ==, 1);
  gtk_expander_set_expanded (expanders->pdata[0], TRUE);

  entry = find_named (popover, "improvised-range");
  g_assert_nonnull (entry);

  if (range != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), range);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (popover, "improvised-units")), units);
  gtk_switch_set_active (GTK_SWITCH (find_named (popover, "improvised-waive")), waive);
  return find_named (popover, "improvised-grant");
}

/* seed 000, "Improvised Movement": the GM grants the combatant on turn a
 * range the sheet lacks; it joins the ledger marked as improvised, with
 * the 2:1 cost unless waived. */
static void
test_grant_improvised (void)
{
  Fixture f;
  GtkWidget *panel;
  TkrKlepCombatant *combatant;
  GtkMenuButton *move_button;
  GtkLabel *ledger;
  GtkWidget *grant;
  GtkWidget *entry;
  gboolean waived = TRUE;
  g_autofree char *climb = NULL;

  fixture_init (&f);
  fixture_begin_main (&f);
  combatant = member_of_entry (&f, 0);
  g_assert_true (tkr_klep_encounter_is_on_turn (f.encounter, combatant));
  g_assert_cmpint (tkr_character_get_range_units (
                     tkr_combatant_get_character (TKR_COMBATANT (combatant)), "Climb"),
                   ==, 0);

  panel = tkr_klep_combatant_panel_new ();
  tkr_klep_combatant_panel_set_encounter (TKR_KLEP_COMBATANT_PANEL (panel), f.encounter);
  tkr_klep_combatant_panel_set_combatant (TKR_KLEP_COMBATANT_PANEL (panel), combatant);
  fixture_show (&f, panel, 700, 600);
  move_button = panel_child (panel, "move_button");
  ledger = panel_child (panel, "ledger_label");

  grant = fill_grant_form (panel, "Climb", 2, FALSE);
  click (grant);
  g_assert_true (tkr_klep_combatant_is_improvised (combatant, "Climb", &waived));
  g_assert_false (waived);
  g_assert_cmpint (tkr_klep_combatant_get_range_cap (combatant, "Climb"), ==, 2);
  g_assert_false (gtk_widget_get_visible (panel_child (panel, "error_label")));
  climb = g_strdup_printf ("Climb 0/2 (improvised, %d:1)", tkr_rules_get_improvised_cost (f.rules));
  g_assert_nonnull (strstr (gtk_label_get_text (ledger), climb));
  g_assert_true (fixture_wait_until (popover_hidden, move_button));

  /* The popover now has a Move row for Climb. */
  fill_grant_form (panel, NULL, 1, FALSE);
  {
    g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
    gboolean found = FALSE;

    collect_widgets (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), GTK_TYPE_BUTTON,
                     buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_widget_get_name (buttons->pdata[i]), "move-Climb") == 0)
        found = TRUE;
    g_assert_true (found);
  }

  /* A kind picked from the rule data's list, without the penalty. */
  entry = find_named (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), "improvised-range");
  g_assert_true (gtk_widget_activate_action (panel, "panel.pick-range", "s", "Swim"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Swim");
  gtk_switch_set_active (
    GTK_SWITCH (
      find_named (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), "improvised-waive")),
    TRUE);
  click (find_named (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), "improvised-grant"));
  g_assert_true (tkr_klep_combatant_is_improvised (combatant, "Swim", &waived));
  g_assert_true (waived);
  g_assert_nonnull (strstr (gtk_label_get_text (ledger), "Swim 0/1 (improvised, no penalty)"));

  /* Undo takes the grant back, and the ledger follows. */
  g_assert_true (tkr_history_undo (f.history));
  fixture_iterate ();
  g_assert_false (tkr_klep_combatant_is_improvised (combatant, "Swim", NULL));
  g_assert_null (strstr (gtk_label_get_text (ledger), "Swim"));

  fixture_clear (&f);
}

/* The list of kinds leaves out those the sheet has. */
static void
test_grant_choices (void)
{
  Fixture f;
  GtkWidget *panel;
  GtkMenuButton *move_button;
  g_autoptr (GPtrArray) menu_buttons = g_ptr_array_new ();
  GMenuModel *menu = NULL;
  gboolean has_walk = FALSE;
  gboolean has_climb = FALSE;

  fixture_init (&f);
  fixture_begin_main (&f);
  panel = tkr_klep_combatant_panel_new ();
  tkr_klep_combatant_panel_set_encounter (TKR_KLEP_COMBATANT_PANEL (panel), f.encounter);
  tkr_klep_combatant_panel_set_combatant (TKR_KLEP_COMBATANT_PANEL (panel),
                                          member_of_entry (&f, 0));
  fixture_show (&f, panel, 700, 600);
  move_button = panel_child (panel, "move_button");
  fill_grant_form (panel, NULL, 1, FALSE);

  collect_widgets (GTK_WIDGET (gtk_menu_button_get_popover (move_button)), GTK_TYPE_MENU_BUTTON,
                   menu_buttons);
  g_assert_cmpuint (menu_buttons->len, ==, 1);
  menu = gtk_menu_button_get_menu_model (menu_buttons->pdata[0]);
  g_assert_nonnull (menu);
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;

      g_assert_true (
        g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      has_walk |= g_str_equal (label, "Walk");
      has_climb |= g_str_equal (label, "Climb");
    }
  g_assert_false (has_walk);
  g_assert_true (has_climb);

  fixture_clear (&f);
}

/* Off its Turn a combatant gets no grant: the core refuses and the panel
 * shows the refusal as it shows every other. */
static void
test_grant_refused_off_turn (void)
{
  Fixture f;
  GtkWidget *panel;
  TkrKlepCombatant *combatant;
  GtkLabel *error_label;
  g_autoptr (GError) expected = NULL;

  fixture_init (&f);
  fixture_begin_main (&f);
  combatant = member_of_entry (&f, 1);
  g_assert_false (tkr_klep_encounter_is_on_turn (f.encounter, combatant));
  g_assert_false (tkr_klep_encounter_grant_improvised_range (f.encounter, combatant, "Climb", 2,
                                                             FALSE, &expected));
  g_assert_nonnull (expected);

  panel = tkr_klep_combatant_panel_new ();
  tkr_klep_combatant_panel_set_encounter (TKR_KLEP_COMBATANT_PANEL (panel), f.encounter);
  tkr_klep_combatant_panel_set_combatant (TKR_KLEP_COMBATANT_PANEL (panel), combatant);
  fixture_show (&f, panel, 700, 600);
  error_label = panel_child (panel, "error_label");

  click (fill_grant_form (panel, "Climb", 2, FALSE));
  g_assert_false (tkr_klep_combatant_is_improvised (combatant, "Climb", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_cmpstr (gtk_label_get_text (error_label), ==, expected->message);

  fixture_clear (&f);
}

/* The tracker hosts the panel beside the order, and at 360 px folds it
 * away behind its header toggle. */
static gboolean
flap_folded (gpointer flap)
{
  return adw_flap_get_folded (flap);
}

static gboolean
flap_settled (gpointer flap)
{
  double progress = adw_flap_get_reveal_progress (flap);

  return progress == 0.0 || progress == 1.0;
}

static void
check_tracker_hosts_panel (int width, gboolean narrow)
{
  Fixture f;
  GtkWidget *tracker;
  GtkWidget *panel;
  AdwFlap *flap;
  GtkToggleButton *toggle;

  fixture_init (&f);
  fixture_begin_main (&f);
  tracker = tkr_klep_turn_tracker_new ();
  tkr_klep_turn_tracker_set_encounter (TKR_KLEP_TURN_TRACKER (tracker), f.encounter);
  fixture_show (&f, tracker, width, 780);
  panel = tkr_klep_turn_tracker_get_gm_panel (TKR_KLEP_TURN_TRACKER (tracker));
  g_assert_true (TKR_IS_KLEP_GM_PANEL (panel));
  g_assert_true (tkr_klep_gm_panel_get_encounter (TKR_KLEP_GM_PANEL (panel)) == f.encounter);
  flap = ADW_FLAP (gtk_widget_get_template_child (tracker, TKR_TYPE_KLEP_TURN_TRACKER, "flap"));
  toggle = GTK_TOGGLE_BUTTON (
    gtk_widget_get_template_child (tracker, TKR_TYPE_KLEP_TURN_TRACKER, "gm_panel_button"));

  if (narrow)
    {
      g_assert_true (fixture_wait_until (flap_folded, flap));
      g_assert_true (fixture_wait_until (flap_settled, flap));
      g_assert_false (adw_flap_get_reveal_flap (flap));
      g_assert_false (gtk_toggle_button_get_active (toggle));
      gtk_toggle_button_set_active (toggle, TRUE);
      g_assert_true (adw_flap_get_reveal_flap (flap));
      g_assert_true (fixture_wait_until (flap_settled, flap));
      g_assert_true (fixture_wait_until (widget_is_mapped, panel));
      fixture_iterate ();
      g_assert_cmpint (gtk_widget_get_width (panel), <=, width);
    }
  else
    {
      g_assert_false (adw_flap_get_folded (flap));
      g_assert_true (adw_flap_get_reveal_flap (flap));
      g_assert_true (gtk_toggle_button_get_active (toggle));
      g_assert_true (gtk_widget_get_mapped (panel));
      /* The order keeps most of the room. */
      g_assert_cmpint (gtk_widget_get_width (panel), <, width / 2);
      gtk_toggle_button_set_active (toggle, FALSE);
      g_assert_false (adw_flap_get_reveal_flap (flap));
    }

  fixture_clear (&f);
}

static void
test_tracker_wide (void)
{
  check_tracker_hosts_panel (900, FALSE);
}

static void
test_tracker_narrow (void)
{
  check_tracker_hosts_panel (360, TRUE);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, PanelFixture, NULL, panel_setup, func, panel_teardown)
  ADD ("/gm-panel/seed-zones/add-change-undo-remove", test_zones);
  ADD ("/gm-panel/seed-zones/stacks-follow-catalogue", test_zone_stacks_follow_catalogue);
  ADD ("/gm-panel/log/entries-notes-and-scroll", test_log);
#undef ADD
  g_test_add_func ("/gm-panel/seed-improvised-movement/grant-through-move-popover",
                   test_grant_improvised);
  g_test_add_func ("/gm-panel/seed-improvised-movement/choices-leave-out-sheet-ranges",
                   test_grant_choices);
  g_test_add_func ("/gm-panel/seed-improvised-movement/refused-off-turn",
                   test_grant_refused_off_turn);
  g_test_add_func ("/gm-panel/tracker/wide-shows-panel", test_tracker_wide);
  g_test_add_func ("/gm-panel/tracker/narrow-360-folds-panel", test_tracker_narrow);

  return g_test_run ();
}
