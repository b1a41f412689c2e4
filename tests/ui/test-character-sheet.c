/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <adwaita.h>

#include "tkr-character-sheet-private.h"
#include "tkr-sheet-ability-row.h"
#include "tkr-sheet-item-row.h"
#include "tkr-test-widgets.h"

typedef struct
{
  GtkWindow *window;
  TkrCharacterSheet *sheet;
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrCharacter *pc;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  fixture->campaign = tkr_campaign_new (tkr_rules_get_default ());
  fixture->history = tkr_campaign_get_history (fixture->campaign);
  fixture->pc = tkr_campaign_add_pc (fixture->campaign, "Alice");
  fixture->window = GTK_WINDOW (gtk_window_new ());
  fixture->sheet = TKR_CHARACTER_SHEET (tkr_character_sheet_new ());
  gtk_window_set_default_size (fixture->window, 600, 800);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->sheet));
  tkr_character_sheet_set_campaign (fixture->sheet, fixture->campaign);
  tkr_character_sheet_set_character (fixture->sheet, fixture->pc);
  gtk_window_present (fixture->window);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->campaign);
}

static void
iterate (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static GtkWidget *
part (Fixture *fixture, const char *name)
{
  GtkWidget *widget = tkr_character_sheet_get_part (fixture->sheet, name);

  g_assert_nonnull (widget);
  return widget;
}

static GtkSpinButton *
spin (Fixture *fixture, const char *name)
{
  return GTK_SPIN_BUTTON (part (fixture, name));
}

static gboolean
label_shown (GtkWidget *label)
{
  /* The label, or the row holding it, is what becomes visible. */
  return gtk_widget_get_visible (label) && gtk_widget_get_visible (gtk_widget_get_parent (label)) &&
         g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), "") != 0;
}

static GtkWidget *
find_descendant (GtkWidget *widget, GType type, guint skip)
{
  guint seen = 0;
  GPtrArray *queue = g_ptr_array_new ();
  GtkWidget *found = NULL;

  g_ptr_array_add (queue, widget);
  for (guint i = 0; i < queue->len && found == NULL; i++)
    {
      GtkWidget *current = g_ptr_array_index (queue, i);

      if (current != widget && G_TYPE_CHECK_INSTANCE_TYPE (current, type) && seen++ == skip)
        found = current;
      for (GtkWidget *child = gtk_widget_get_first_child (current); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (queue, child);
    }
  g_ptr_array_unref (queue);
  return found;
}

static gboolean
is_trash_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "user-trash-symbolic") == 0;
}

static gboolean
is_error_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "error");
}

static GtkWidget *
list_row (Fixture *fixture, const char *list, int index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (part (fixture, list)), index);

  g_assert_nonnull (row);
  return GTK_WIDGET (row);
}

/* Edits in the widgets reach the model through the core commands, and
 * each is one undo step of the campaign's history. */
static void
test_edits_reach_model (Fixture *fixture, gconstpointer data)
{
  TkrPool *health = tkr_character_get_pool (fixture->pc, TKR_POOL_HEALTH);
  guint steps = tkr_history_get_n_undo (fixture->history);

  gtk_editable_set_text (GTK_EDITABLE (part (fixture, "name-row")), "Alice Thornquill");
  g_signal_emit_by_name (part (fixture, "name-row"), "apply");
  g_assert_cmpstr (tkr_character_get_name (fixture->pc), ==, "Alice Thornquill");

  gtk_editable_set_text (GTK_EDITABLE (part (fixture, "player-row")), "Sam");
  g_signal_emit_by_name (part (fixture, "player-row"), "apply");
  g_assert_cmpstr (tkr_character_get_player (fixture->pc), ==, "Sam");

  gtk_spin_button_set_value (spin (fixture, "level-spin"), 4);
  g_assert_cmpint (tkr_character_get_level (fixture->pc), ==, 4);

  gtk_spin_button_set_value (spin (fixture, "experience-spin"), 33);
  g_assert_cmpint (tkr_character_get_experience (fixture->pc), ==, 33);

  gtk_spin_button_set_value (spin (fixture, "pool-health-maximum"), 20);
  gtk_spin_button_set_value (spin (fixture, "pool-health-current"), 17);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 20);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 17);

  gtk_spin_button_set_value (spin (fixture, "wealth-spin"), 250);
  g_assert_cmpint (tkr_character_get_wealth (fixture->pc), ==, 250);

  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps + 7);
  g_assert_false (label_shown (part (fixture, "pool-health-error")));
  iterate ();
}

/* A pool whose current value would exceed its maximum is refused by the
 * core: the reason shows under the row, the spin goes back and the model
 * is as it was. */
static void
test_refused_pool (Fixture *fixture, gconstpointer data)
{
  TkrPool *health = tkr_character_get_pool (fixture->pc, TKR_POOL_HEALTH);
  GtkSpinButton *current = spin (fixture, "pool-health-current");
  GtkWidget *error = part (fixture, "pool-health-error");
  int old_current = tkr_pool_get_current (health);
  int old_maximum = tkr_pool_get_maximum (health);
  guint steps = tkr_history_get_n_undo (fixture->history);

  g_assert_false (label_shown (error));
  gtk_spin_button_set_value (current, old_maximum + 5);

  g_assert_cmpint (tkr_pool_get_current (health), ==, old_current);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, old_maximum);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (current), ==, old_current);
  g_assert_true (label_shown (error));
  g_assert_true (gtk_widget_has_css_class (error, "error"));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error)), "Health"));
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps);

  /* A good value afterwards clears the message. */
  gtk_spin_button_set_value (current, 0);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 0);
  g_assert_false (label_shown (error));
  iterate ();
}

/* An empty name is refused by the core and the entry shows the name
 * again. */
static void
test_refused_name (Fixture *fixture, gconstpointer data)
{
  GtkWidget *row = part (fixture, "name-row");

  gtk_editable_set_text (GTK_EDITABLE (row), "");
  g_signal_emit_by_name (row, "apply");
  g_assert_cmpstr (tkr_character_get_name (fixture->pc), ==, "Alice");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "Alice");
  g_assert_true (label_shown (part (fixture, "name-error")));
  iterate ();
}

/* An NPC's maximum Health typed as dice (help/C/effects.page): the row
 * shows only for NPCs; "1d4-5" (it could roll below 1) is refused in
 * words and changes nothing; "2d8+4" is kept in one step and the sheet's
 * Health shows its usual total, 13; each copy that joins the encounter
 * rolls its own on the encounter's dice, the log shows the dice, and undo
 * takes the copy back. */
static void
test_npc_health_by_dice (Fixture *fixture, gconstpointer data)
{
  TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (fixture->campaign));
  g_autoptr (GRand) expected = g_rand_new_with_seed (99);
  g_autoptr (GError) error = NULL;
  g_autofree char *label = NULL;
  TkrCharacter *ogre, *copy;
  GtkWidget *row = part (fixture, "health-formula-row");
  guint steps;
  int a, b;

  g_assert_false (gtk_widget_get_visible (row));
  ogre = tkr_campaign_add_npc (fixture->campaign, "Ogre");
  tkr_character_sheet_set_character (fixture->sheet, ogre);
  iterate ();
  g_assert_true (gtk_widget_get_visible (row));
  /* Its accessible name (GTK_A11Y=none leaves no accessibility to ask). */
  if (g_strcmp0 (g_getenv ("GTK_A11Y"), "none") != 0)
    {
      label = gtk_test_accessible_check_property (
        GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, "Maximum Health by dice");
      g_assert_null (label);
    }

  steps = tkr_history_get_n_undo (fixture->history);
  gtk_editable_set_text (GTK_EDITABLE (row), "1d4-5");
  g_signal_emit_by_name (row, "apply");
  g_assert_true (label_shown (part (fixture, "health-formula-error")));
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps);
  g_assert_cmpstr (tkr_character_get_health_formula (ogre), ==, "");

  gtk_editable_set_text (GTK_EDITABLE (row), "2d8+4");
  g_signal_emit_by_name (row, "apply");
  g_assert_false (label_shown (part (fixture, "health-formula-error")));
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps + 1);
  g_assert_cmpstr (tkr_character_get_health_formula (ogre), ==, "2d8+4");
  g_assert_cmpint (tkr_pool_get_maximum (tkr_character_get_pool (ogre, TKR_POOL_HEALTH)), ==, 13);

  tkr_encounter_set_rand (encounter, expected);
  a = g_rand_int_range (expected, 1, 9);
  a += g_rand_int_range (expected, 1, 9) + 4;
  b = g_rand_int_range (expected, 1, 9);
  b += g_rand_int_range (expected, 1, 9) + 4;
  copy = tkr_campaign_add_to_encounter (fixture->campaign, ogre, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_pool_get_maximum (tkr_character_get_pool (copy, TKR_POOL_HEALTH)), ==, a);
  copy = tkr_campaign_add_to_encounter (fixture->campaign, ogre, &error);
  g_assert_cmpint (tkr_pool_get_maximum (tkr_character_get_pool (copy, TKR_POOL_HEALTH)), ==, b);
  g_assert_true (tkr_tracker_has_participant (TKR_TRACKER (encounter), copy));
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_false (tkr_tracker_has_participant (TKR_TRACKER (encounter), copy));
  iterate ();
}

/* Undo and redo show in the widgets at once: they are bound to the model. */
static void
test_undo_updates_widgets (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GtkSpinButton *level = spin (fixture, "level-spin");
  GtkSpinButton *maximum = spin (fixture, "pool-health-maximum");
  int old_maximum = gtk_spin_button_get_value_as_int (maximum);

  gtk_spin_button_set_value (level, 5);
  g_assert_cmpint (tkr_character_get_level (fixture->pc), ==, 5);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpint (tkr_character_get_level (fixture->pc), ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (level), ==, 1);
  g_assert_true (tkr_history_redo (fixture->history));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (level), ==, 5);

  /* An edit made elsewhere (the encounter) shows too. */
  g_assert_true (tkr_character_edit_pool (fixture->pc, fixture->history, TKR_POOL_HEALTH, 3,
                                          old_maximum + 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (maximum), ==, old_maximum + 3);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (fixture, "pool-health-current")), ==, 3);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (maximum), ==, old_maximum);

  gtk_editable_set_text (GTK_EDITABLE (part (fixture, "name-row")), "Alicia");
  g_signal_emit_by_name (part (fixture, "name-row"), "apply");
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (part (fixture, "name-row"))), ==, "Alice");
  iterate ();
}

/* SRD: a Level Up every xp_per_level XP. The button is sensitive only
 * while one is available. */
static void
test_level_up_button (Fixture *fixture, gconstpointer data)
{
  TkrRules *rules = tkr_campaign_get_rules (fixture->campaign);
  GtkWidget *button = part (fixture, "level-up-button");
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (tkr_character_get_level_ups_available (fixture->pc, rules), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (button));

  gtk_spin_button_set_value (spin (fixture, "experience-spin"), tkr_rules_get_xp_per_level (rules));
  g_assert_cmpint (tkr_character_get_level_ups_available (fixture->pc, rules), >, 0);
  g_assert_true (gtk_widget_get_sensitive (button));

  g_assert_true (tkr_character_level_up (fixture->pc, fixture->history, rules, "Rogue", &error));
  g_assert_no_error (error);
  g_assert_cmpint (gtk_widget_get_sensitive (button), ==,
                   tkr_character_get_level_ups_available (fixture->pc, rules) > 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (fixture, "level-spin")), ==,
                   tkr_character_get_level (fixture->pc));
  /* The new Archetype has its row. */
  g_assert_nonnull (
    gtk_list_box_get_row_at_index (GTK_LIST_BOX (part (fixture, "archetypes-list")), 0));

  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_true (gtk_widget_get_sensitive (button));
  iterate ();
}

/* Saves: a row per save, its spin edits the modifier; Edge cannot be
 * removed and the row says why. */
static void
test_saves (Fixture *fixture, gconstpointer data)
{
  GListModel *saves = tkr_character_get_saves (fixture->pc);
  TkrModifier *edge = tkr_character_find_modifier (fixture->pc, TKR_MODIFIER_KIND_SAVE, "Edge");
  guint n = g_list_model_get_n_items (saves);
  int edge_index = -1;
  GtkWidget *row;
  GtkSpinButton *value;
  GtkWidget *remove;
  GtkWidget *error;

  g_assert_nonnull (edge);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrModifier) save = g_list_model_get_item (saves, i);

      if (save == edge)
        edge_index = i;
    }
  g_assert_cmpint (edge_index, >=, 0);

  row = list_row (fixture, "saves-list", edge_index);
  value = GTK_SPIN_BUTTON (find_descendant (row, GTK_TYPE_SPIN_BUTTON, 0));
  gtk_spin_button_set_value (value, 3);
  g_assert_cmpint (tkr_modifier_get_value (edge), ==, 3);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 0);

  remove = tkr_test_find (row, is_trash_button, NULL);
  g_assert_nonnull (remove);
  error = tkr_test_find (row, is_error_label, NULL);
  g_assert_nonnull (error);
  g_assert_false (label_shown (error));
  g_signal_emit_by_name (remove, "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (saves), ==, n);
  g_assert_true (label_shown (error));

  /* Adding through the core shows a new row. */
  g_assert_true (tkr_character_set_modifier (fixture->pc, fixture->history, TKR_MODIFIER_KIND_SAVE,
                                             "Luck", 1, NULL));
  g_assert_nonnull (list_row (fixture, "saves-list", n));
  iterate ();
}

/* Notes are committed as one step once typing pauses. */
static gboolean
notes_are (gpointer data)
{
  Fixture *fixture = data;

  return g_strcmp0 (tkr_character_get_notes (fixture->pc), "Afraid of deep water.") == 0;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
test_notes (Fixture *fixture, gconstpointer data)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (part (fixture, "notes-view")));
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (5000, timeout_cb, &timed_out);
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_set_text (buffer, "Afraid of deep water.", -1);
  while (!notes_are (fixture) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  g_assert_true (notes_are (fixture));

  g_assert_true (tkr_history_undo (fixture->history));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_cmpstr (text, ==, "");
  iterate ();
}

/* Switching characters shows the other sheet without editing either. */
static void
test_switch_character (Fixture *fixture, gconstpointer data)
{
  TkrCharacter *goblin = tkr_campaign_add_npc (fixture->campaign, "Goblin");
  TkrPool *alice_health = tkr_character_get_pool (fixture->pc, TKR_POOL_HEALTH);
  guint steps;
  g_autoptr (GError) error = NULL;

  g_assert_true (
    tkr_character_edit_pool (fixture->pc, fixture->history, TKR_POOL_HEALTH, 30, 40, &error));
  g_assert_true (tkr_character_edit_pool (goblin, fixture->history, TKR_POOL_HEALTH, 2, 3, &error));
  g_assert_no_error (error);
  steps = tkr_history_get_n_undo (fixture->history);

  tkr_character_sheet_set_character (fixture->sheet, goblin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (fixture, "pool-health-current")), ==, 2);
  g_assert_false (label_shown (part (fixture, "pool-health-error")));
  tkr_character_sheet_set_character (fixture->sheet, fixture->pc);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (fixture, "pool-health-maximum")), ==,
                   40);
  g_assert_cmpint (tkr_pool_get_current (alice_health), ==, 30);
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps);
  g_assert_false (label_shown (part (fixture, "pool-health-error")));

  tkr_character_sheet_set_character (fixture->sheet, NULL);
  iterate ();
}

/* Issue 5: each system's own fields and conditions appear on the sheet of
 * a character of that system (d20 speeds, seed 003; Action-Point Finesse
 * Die, seed 004), and editing one is an undoable command. */
static void
test_system_fields (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) d20 = tkr_rules_new_from_resource ("d20", &error);
  g_autoptr (TkrRules) ap = tkr_rules_new_from_resource ("action-points", &error);
  g_autoptr (TkrCharacter) ranger = tkr_character_new (d20, TKR_CHARACTER_KIND_PC, "Ranger");
  g_autoptr (TkrCharacter) thief = tkr_character_new (ap, TKR_CHARACTER_KIND_PC, "Thief");
  GtkWidget *group = part (fixture, "system-group");
  GtkListBox *catalogue;
  GtkSpinButton *walk;
  AdwComboRow *die;
  int value = 0;

  g_assert_no_error (error);
  g_assert_true (tkr_character_set_field (thief, NULL, ap, "size", 1, &error));
  /* The Kleptonomicon keeps no fields of its own. */
  g_assert_false (gtk_widget_get_visible (group));

  tkr_character_sheet_set_character (fixture->sheet, ranger);
  g_assert_true (gtk_widget_get_visible (group));
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==,
                   "The d20 System");
  walk = spin (fixture, "field-walk_speed");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (walk), ==, 30);
  g_assert_nonnull (tkr_character_sheet_get_part (fixture->sheet, "field-fly_speed"));
  g_assert_null (tkr_character_sheet_get_part (fixture->sheet, "field-finesse_die"));
  gtk_spin_button_set_value (walk, 40);
  g_assert_true (tkr_character_get_field (ranger, "walk_speed", &value));
  g_assert_cmpint (value, ==, 40);
  g_assert_false (label_shown (part (fixture, "field-walk_speed-error")));
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (walk), ==, 30);
  /* The add menu offers the d20 conditions. */
  catalogue = GTK_LIST_BOX (part (fixture, "conditions-catalogue"));
  g_assert_cmpstr (adw_preferences_row_get_title (
                     ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (catalogue, 0))),
                   ==, tkr_rules_get_condition (d20, 0)->name);
  g_assert_null (gtk_list_box_get_row_at_index (catalogue, tkr_rules_get_n_conditions (d20)));

  tkr_character_sheet_set_character (fixture->sheet, thief);
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==,
                   "The Action-Point System");
  g_assert_null (tkr_character_sheet_get_part (fixture->sheet, "field-walk_speed"));
  die = ADW_COMBO_ROW (part (fixture, "field-finesse_die"));
  g_assert_cmpuint (adw_combo_row_get_selected (die), ==, 1); /* d6 */
  adw_combo_row_set_selected (die, 3);
  g_assert_true (tkr_character_get_field (thief, "finesse_die", &value));
  g_assert_cmpint (value, ==, 10);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpuint (adw_combo_row_get_selected (die), ==, 1);
  g_assert_nonnull (part (fixture, "field-ap_adjustment"));
  g_assert_true (ADW_IS_COMBO_ROW (part (fixture, "field-size")));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (part (fixture, "field-size"))), ==,
                    1);
  g_assert_true (tkr_character_get_field (thief, "size", &value));
  g_assert_cmpint (value, ==, 1);
  catalogue = GTK_LIST_BOX (part (fixture, "conditions-catalogue"));
  g_assert_cmpstr (adw_preferences_row_get_title (
                     ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (catalogue, 0))),
                   ==, tkr_rules_get_condition (ap, 0)->name);

  /* In a campaign the system is shown, not chosen. */
  g_assert_true (gtk_widget_get_visible (part (fixture, "rules-row")));
  g_assert_false (gtk_widget_get_visible (part (fixture, "rules-combo-row")));

  tkr_character_sheet_set_character (fixture->sheet, NULL);
  g_assert_false (gtk_widget_get_visible (group));
  iterate ();
}

/* A player's own sheet (no campaign) picks its rule system: the sheet
 * takes that system's saves, skills and fields, keeping its values. */
static void
test_choose_rule_system (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrCharacter) hero = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Hero");
  AdwComboRow *combo;
  GListModel *model;
  guint d20_position = GTK_INVALID_LIST_POSITION;
  int value = 0;

  tkr_character_sheet_set_campaign (fixture->sheet, NULL);
  tkr_character_sheet_set_character (fixture->sheet, hero);
  combo = ADW_COMBO_ROW (part (fixture, "rules-combo-row"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (combo)));
  g_assert_false (gtk_widget_get_visible (part (fixture, "rules-row")));
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, 0); /* the Kleptonomicon */

  model = adw_combo_row_get_model (combo);
  g_assert_cmpuint (g_list_model_get_n_items (model), >=, 4);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), "The d20 System") == 0)
      d20_position = i;
  g_assert_cmpuint (d20_position, !=, GTK_INVALID_LIST_POSITION);

  g_assert_true (tkr_character_set_modifier (hero, NULL, TKR_MODIFIER_KIND_SAVE, "Grit", 2, NULL));
  adw_combo_row_set_selected (combo, d20_position);
  g_assert_cmpstr (tkr_character_get_rule_system (hero), ==, "d20");
  g_assert_cmpint (tkr_character_get_modifier_value (hero, TKR_MODIFIER_KIND_SAVE, "Grit"), ==, 2);
  g_assert_nonnull (tkr_character_find_modifier (hero, TKR_MODIFIER_KIND_SAVE, "Agility"));
  g_assert_true (tkr_character_get_field (hero, "walk_speed", &value));
  g_assert_true (gtk_widget_get_visible (part (fixture, "system-group")));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (fixture, "field-walk_speed")), ==,
                   value);
  gtk_spin_button_set_value (spin (fixture, "field-fly_speed"), 60);
  g_assert_true (tkr_character_get_field (hero, "fly_speed", &value));
  g_assert_cmpint (value, ==, 60);

  /* Back to the Kleptonomicon: its group goes, the d20 values stay. */
  adw_combo_row_set_selected (combo, 0);
  g_assert_cmpstr (tkr_character_get_rule_system (hero), ==, "kleptonomicon");
  g_assert_false (gtk_widget_get_visible (part (fixture, "system-group")));
  g_assert_true (tkr_character_get_field (hero, "fly_speed", &value));
  g_assert_cmpint (value, ==, 60);

  /* Sheet mode (a player's file, wrapped in a campaign for its history):
   * the choice is offered and is one undoable step. */
  tkr_character_sheet_set_character (fixture->sheet, fixture->pc);
  tkr_character_sheet_set_campaign (fixture->sheet, fixture->campaign);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (combo)));
  tkr_character_sheet_set_chooses_rule_system (fixture->sheet, TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (combo)));
  g_assert_false (gtk_widget_get_visible (part (fixture, "rules-row")));
  adw_combo_row_set_selected (combo, d20_position);
  g_assert_cmpstr (tkr_character_get_rule_system (fixture->pc), ==, "d20");
  g_assert_true (gtk_widget_get_visible (part (fixture, "system-group")));
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpstr (tkr_character_get_rule_system (fixture->pc), ==, "kleptonomicon");
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, 0);
  g_assert_false (gtk_widget_get_visible (part (fixture, "system-group")));

  tkr_character_sheet_set_character (fixture->sheet, NULL);
  iterate ();
}

static GtkWidget *
find_drop_down (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = GTK_IS_DROP_DOWN (child) ? child : find_drop_down (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
list_shows (Fixture *fixture, const char *list, const char *name)
{
  GtkListBox *box = GTK_LIST_BOX (part (fixture, list));
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (box, i)) != NULL; i++)
    {
      if (gtk_widget_get_visible (GTK_WIDGET (row)) &&
          g_strcmp0 (tkr_modifier_get_name (tkr_sheet_item_row_get_item (TKR_SHEET_ITEM_ROW (row))),
                     name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A Pathfinder 2e sheet is its own, built from its rule data:
 * Hit Points and no Kleptonomicon pools, saves or groups; sections of
 * text, modifier and list rows; proficiency ranks; each edit one undo
 * step. */
static void
test_pf2e_sheet (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) pf2e = tkr_rules_new_from_resource ("pf2e", &error);
  g_autoptr (TkrCharacter) valeros = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Valeros");
  GtkWidget *entry, *feats, *add, *rank, *first_skill;
  GtkSpinButton *dexterity;
  guint steps;
  g_auto (GStrv) lines = NULL;

  g_assert_no_error (error);
  /* A Kleptonomicon sheet moved to PF2e keeps Edge and Grit in the file. */
  tkr_character_adopt_rules (valeros, NULL, pf2e);
  g_assert_nonnull (tkr_character_find_modifier (valeros, TKR_MODIFIER_KIND_SAVE, "Grit"));
  tkr_character_sheet_set_character (fixture->sheet, valeros);

  g_assert_true (gtk_widget_get_visible (part (fixture, "pool-health-row")));
  g_assert_cmpstr (
    adw_preferences_row_get_title (ADW_PREFERENCES_ROW (part (fixture, "pool-health-row"))), ==,
    "Hit Points");
  g_assert_false (gtk_widget_get_visible (part (fixture, "pool-vitality-row")));
  g_assert_false (gtk_widget_get_visible (part (fixture, "pool-dodge_points-row")));
  g_assert_false (gtk_widget_get_visible (part (fixture, "pool-recoveries-row")));
  g_assert_false (gtk_widget_get_visible (part (fixture, "pool-first_aid_kits-row")));
  g_assert_false (gtk_widget_is_visible (part (fixture, "wealth-spin")));
  g_assert_true (gtk_widget_is_visible (part (fixture, "conditions-list")));
  g_assert_true (list_shows (fixture, "saves-list", "Fortitude"));
  g_assert_true (list_shows (fixture, "saves-list", "Will"));
  g_assert_false (list_shows (fixture, "saves-list", "Edge"));
  g_assert_false (list_shows (fixture, "saves-list", "Grit"));
  g_assert_true (list_shows (fixture, "skills-list", "Perception"));
  g_assert_false (list_shows (fixture, "skills-list", "Covert"));

  /* Sections from the rule data, with rows of each kind. */
  g_assert_true (ADW_IS_PREFERENCES_GROUP (part (fixture, "section-identity")));
  g_assert_true (ADW_IS_PREFERENCES_GROUP (part (fixture, "section-attributes")));
  steps = tkr_history_get_n_undo (fixture->history);
  entry = part (fixture, "field-ancestry");
  g_assert_true (ADW_IS_ENTRY_ROW (entry));
  /* A refused text (longer than the rule data's 100 characters) is told
   * in the row's own label: the character keeps its value, no step is
   * recorded, the entry shows the kept value and the row keeps its
   * height. The next accepted text clears the label. */
  {
    GtkWidget *refusal = part (fixture, "field-ancestry-error");
    g_autofree char *too_long = g_strnfill (101, 'x');
    int height;

    iterate ();
    height = gtk_widget_get_height (entry);
    gtk_editable_set_text (GTK_EDITABLE (entry), too_long);
    g_signal_emit_by_name (entry, "apply");
    g_assert_true (gtk_widget_is_ancestor (refusal, entry));
    g_assert_true (label_shown (refusal));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (refusal), ==,
                     gtk_label_get_label (GTK_LABEL (refusal)));
    g_assert_null (tkr_character_get_text (valeros, "ancestry"));
    g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
    iterate ();
    g_assert_cmpint (gtk_widget_get_height (entry), ==, height);
    gtk_editable_set_text (GTK_EDITABLE (entry), "Human");
    g_signal_emit_by_name (entry, "apply");
    g_assert_false (label_shown (refusal));
    g_assert_null (gtk_widget_get_tooltip_text (refusal));
  }
  g_assert_cmpstr (tkr_character_get_text (valeros, "ancestry"), ==, "Human");
  dexterity = spin (fixture, "field-dexterity");
  gtk_spin_button_set_value (dexterity, 3);
  iterate ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dexterity)), ==, "+3");
  g_assert_true (ADW_IS_EXPANDER_ROW (part (fixture, "field-feats")));
  feats = part (fixture, "field-feats");
  add = part (fixture, "field-feats-add");
  g_assert_true (gtk_widget_is_ancestor (add, feats));
  gtk_editable_set_text (GTK_EDITABLE (add), "Power Attack");
  g_signal_emit_by_name (add, "apply");
  lines = tkr_character_get_list (valeros, "feats");
  g_assert_nonnull (lines);
  g_assert_cmpstr (lines[0], ==, "Power Attack");
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps + 3);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_null (tkr_character_get_list (valeros, "feats"));
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (dexterity), ==, 0);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");

  /* Focus Points, a pool field: current and maximum in any order, a
   * lowered maximum takes the current down, and nothing moves. */
  {
    GtkSpinButton *focus = spin (fixture, "field-focus_points");
    GtkSpinButton *focus_max = spin (fixture, "field-focus_points-maximum");
    GtkWidget *focus_row = part (fixture, "field-focus_points-row");
    GtkWidget *focus_error = part (fixture, "field-focus_points-error");
    int value = -1, height;

    gtk_spin_button_set_value (focus_max, 3);
    gtk_spin_button_set_value (focus, 2);
    g_assert_true (tkr_character_get_field (valeros, "focus_points", &value));
    g_assert_cmpint (value, ==, 2);
    gtk_spin_button_set_value (focus_max, 1);
    g_assert_true (tkr_character_get_field (valeros, "focus_points", &value));
    g_assert_cmpint (value, ==, 1);
    g_assert_cmpint (gtk_spin_button_get_value_as_int (focus), ==, 1);
    iterate ();
    height = gtk_widget_get_height (focus_row);
    g_assert_true (gtk_widget_is_ancestor (focus_error, focus_row));
    /* Raising the maximum needs no lower current first. */
    gtk_spin_button_set_value (focus_max, 3);
    gtk_spin_button_set_value (focus, 3);
    g_assert_true (tkr_character_get_field (valeros, "focus_points", &value));
    g_assert_cmpint (value, ==, 3);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (focus_error)), ==, "");
    for (int i = 0; i < 2; i++)
      g_assert_true (tkr_history_undo (fixture->history));
    g_assert_true (tkr_character_get_field (valeros, "focus_points", &value));
    g_assert_cmpint (value, ==, 1);
    iterate ();
    g_assert_cmpint (gtk_widget_get_height (focus_row), ==, height);
  }

  /* A proficiency rank beside each skill. */
  first_skill =
    GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (part (fixture, "skills-list")), 0));
  rank = find_drop_down (first_skill);
  g_assert_nonnull (rank);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (rank), 2);
  g_assert_cmpint (
    tkr_character_get_rank (valeros, tkr_modifier_get_name (tkr_sheet_item_row_get_item (
                                       TKR_SHEET_ITEM_ROW (first_skill)))),
    ==, 2);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (rank)), ==, 0);

  /* No Archetype Levels here: Level Up raises the Level at once. */
  g_assert_true (tkr_character_set_experience (valeros, fixture->history, 1000, &error));
  iterate ();
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "level-up-button")));
  steps = tkr_history_get_n_undo (fixture->history);
  g_signal_emit_by_name (part (fixture, "level-up-button"), "clicked");
  g_assert_cmpint (tkr_character_get_level (valeros), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_archetypes (valeros)), ==, 0);
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps + 1);
  g_assert_false (gtk_widget_get_sensitive (part (fixture, "level-up-button")));

  /* Back on a Kleptonomicon sheet, the Kleptonomicon's sheet as before. */
  tkr_character_sheet_set_character (fixture->sheet, fixture->pc);
  g_assert_true (gtk_widget_get_visible (part (fixture, "pool-vitality-row")));
  g_assert_cmpstr (
    adw_preferences_row_get_title (ADW_PREFERENCES_ROW (part (fixture, "pool-health-row"))), ==,
    "Health");
  g_assert_null (tkr_character_sheet_get_part (fixture->sheet, "section-identity"));
  g_assert_true (list_shows (fixture, "saves-list", "Edge"));
  iterate ();
}

/* Pools take current and maximum in any order: lowering the
 * maximum below the current takes the current down in the same step; a
 * refused value's message is in the pool's own row, so nothing under the
 * pointer moves. */
static void
test_pool_any_order (Fixture *fixture, gconstpointer data)
{
  TkrPool *health = tkr_character_get_pool (fixture->pc, TKR_POOL_HEALTH);
  GtkSpinButton *current = spin (fixture, "pool-health-current");
  GtkSpinButton *maximum = spin (fixture, "pool-health-maximum");
  GtkWidget *error = part (fixture, "pool-health-error");
  GtkWidget *row = part (fixture, "pool-health-row");
  guint steps = tkr_history_get_n_undo (fixture->history);
  int height;

  gtk_spin_button_set_value (maximum, 30);
  gtk_spin_button_set_value (current, 25);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 25);
  gtk_spin_button_set_value (maximum, 12);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 12);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 12);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (current), ==, 12);
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps + 3);
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 25);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 30);

  iterate ();
  height = gtk_widget_get_height (row);
  g_assert_true (gtk_widget_is_ancestor (error, row));
  gtk_spin_button_set_value (current, 31);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 25);
  g_assert_true (label_shown (error));
  iterate ();
  g_assert_cmpint (gtk_widget_get_height (row), ==, height);
}

/* An Ability's row: its name, Time and Beats, a row for each filled-in
 * part of its text only, following the Ability as it changes (and back
 * on undo); Remove is one undo step. */
static void
test_ability_row (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrAbility) backstab = tkr_ability_new ("Backstab", TKR_ABILITY_TIME_ACTION, 2);
  g_autoptr (GError) error = NULL;
  GtkListBox *list;
  TkrSheetAbilityRow *row;
  GtkWidget *child;
  guint shown = 0;
  gboolean effect_shown = FALSE;

  g_object_set (backstab, "effect", "Double damage from behind.", NULL);
  g_assert_true (tkr_character_add_ability (fixture->pc, fixture->history, backstab, &error));
  iterate ();
  list = GTK_LIST_BOX (part (fixture, "abilities-list"));
  row = TKR_SHEET_ABILITY_ROW (gtk_list_box_get_row_at_index (list, 0));
  g_assert_true (tkr_sheet_ability_row_get_ability (row) == backstab);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Backstab");
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row)), ==, "Action · 2 Beats");

  /* Only the Effect is filled in: one text row shows, with it. */
  {
    GtkWidget *walk = GTK_WIDGET (row);
    GQueue queue = G_QUEUE_INIT;

    g_queue_push_tail (&queue, walk);
    while ((walk = g_queue_pop_head (&queue)) != NULL)
      {
        if (ADW_IS_ACTION_ROW (walk) && gtk_widget_has_css_class (walk, "property") &&
            gtk_widget_get_visible (walk))
          {
            shown++;
            effect_shown = g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (walk)),
                                      "Double damage from behind.") == 0;
          }
        for (child = gtk_widget_get_first_child (walk); child != NULL;
             child = gtk_widget_get_next_sibling (child))
          g_queue_push_tail (&queue, child);
      }
  }
  g_assert_cmpuint (shown, ==, 1);
  g_assert_true (effect_shown);

  /* A change of the Ability shows at once. */
  g_object_set (backstab, "name", "Sneak <Attack>", "beats", 1, NULL);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "Sneak &lt;Attack&gt;");
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row)), ==, "Action · 1 Beat");

  /* Remove: the row goes, and undo brings the Ability back. */
  g_signal_emit_by_name (row, "remove");
  iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_abilities (fixture->pc)), ==, 0);
  g_assert_null (gtk_list_box_get_row_at_index (list, 0));
  g_assert_true (tkr_history_undo (fixture->history));
  iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_abilities (fixture->pc)), ==, 1);
  row = TKR_SHEET_ABILITY_ROW (gtk_list_box_get_row_at_index (list, 0));
  g_assert_true (tkr_sheet_ability_row_get_ability (row) == backstab);
}

/* The sheet's dialogs keep their own state until they answer (no data
 * hung on widgets): an Add popover adds from Enter and from its button, a
 * Level Up raises the chosen Archetype, the Ability editor adds its
 * Ability; each change one undo step. */
static GtkWindow *
new_toplevel (GList *before)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (g_list_find (before, window) == NULL && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static GList *
toplevels_now (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GList *list = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      list = g_list_prepend (list, window);
    }
  return list;
}

static void
test_dialog_state (Fixture *fixture, gconstpointer data)
{
  TkrRules *rules = tkr_campaign_get_rules (fixture->campaign);
  GListModel *archetypes = tkr_character_get_archetypes (fixture->pc);
  GtkWidget *root = GTK_WIDGET (fixture->sheet);
  GtkWidget *menu = tkr_test_find (root, tkr_test_match_id, "archetypes_add_button");
  GtkWidget *popover, *entry, *add;
  g_autoptr (GList) before = NULL;
  g_autoptr (TkrModifier) rogue = NULL;
  GtkWindow *dialog;
  GtkWidget *name;
  guint steps;

  /* An Add popover: Enter, then its Add button. */
  g_assert_nonnull (menu);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)));
  entry = find_descendant (popover, GTK_TYPE_ENTRY, 0);
  add = tkr_test_find (popover, (TkrTestWidgetMatch) gtk_widget_has_css_class, "suggested-action");
  g_assert_nonnull (entry);
  g_assert_nonnull (add);
  steps = tkr_history_get_n_undo (fixture->history);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Rogue");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (g_list_model_get_n_items (archetypes), ==, 1);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Fighter");
  g_signal_emit_by_name (add, "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (archetypes), ==, 2);
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps + 2);

  /* Level Up: the first Archetype is chosen; the answer raises it. */
  rogue = g_list_model_get_item (archetypes, 0);
  gtk_spin_button_set_value (spin (fixture, "experience-spin"), tkr_rules_get_xp_per_level (rules));
  before = toplevels_now ();
  g_signal_emit_by_name (part (fixture, "level-up-button"), "clicked");
  dialog = new_toplevel (before);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  steps = tkr_history_get_n_undo (fixture->history);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "level-up");
  g_assert_cmpint (tkr_character_get_level (fixture->pc), ==, 2);
  g_assert_cmpint (tkr_modifier_get_value (rogue), ==, 2);
  g_assert_cmpuint (tkr_history_get_n_undo (fixture->history), ==, steps + 1);
  iterate ();
  g_clear_pointer (&before, g_list_free);

  /* The Ability editor: a name, then Add. */
  before = toplevels_now ();
  g_signal_emit_by_name (tkr_test_find (root, tkr_test_match_id, "abilities_add_button"),
                         "clicked");
  dialog = new_toplevel (before);
  g_assert_true (ADW_IS_WINDOW (dialog));
  name = find_descendant (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, 0);
  add = tkr_test_find (GTK_WIDGET (dialog), (TkrTestWidgetMatch) gtk_widget_has_css_class,
                       "suggested-action");
  gtk_editable_set_text (GTK_EDITABLE (name), "Backstab");
  g_signal_emit_by_name (add, "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_abilities (fixture->pc)), ==, 1);
  iterate ();
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/character-sheet/edit/widgets-reach-model", test_edits_reach_model);
  ADD ("/character-sheet/refuse/pool-above-maximum-shows-reason", test_refused_pool);
  ADD ("/character-sheet/refuse/empty-name", test_refused_name);
  ADD ("/character-sheet/undo/widgets-follow-model", test_undo_updates_widgets);
  ADD ("/character-sheet/experience/level-up-button-only-when-available", test_level_up_button);
  ADD ("/character-sheet/saves/edit-and-edge-cannot-be-removed", test_saves);
  ADD ("/character-sheet/notes/commit-after-pause", test_notes);
  ADD ("/character-sheet/switch/no-edit-while-rebinding", test_switch_character);
  ADD ("/character-sheet/system/d20-and-action-point-fields-and-conditions", test_system_fields);
  ADD ("/character-sheet/system/own-sheet-chooses-rule-system", test_choose_rule_system);
  ADD ("/character-sheet/system/pf2e-sheet-from-its-rule-data", test_pf2e_sheet);
  ADD ("/character-sheet/pools/current-and-maximum-any-order", test_pool_any_order);
  ADD ("/character-sheet/abilities/row-follows-ability-and-removes", test_ability_row);
  ADD ("/character-sheet/pools/npc-health-by-dice", test_npc_health_by_dice);
  ADD ("/character-sheet/dialogs/keep-their-state-until-answered", test_dialog_state);
#undef ADD

  return g_test_run ();
}
