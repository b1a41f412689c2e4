/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-ap-encounter.h"
#include "tkr-effects.h"
#include "tkr-encounter-page.h"
#include "tkr-player-health.h"
#include "tkr-player-row.h"
#include "tkr-player-window.h"
#include "tkr-table-tracker.h"
#include "tkr-test-widgets.h"
#include "tkr-tracker-row.h"

/*
 * The player view (help/C/player-view.page) beside the GM's window, in
 * each of the four rule systems: opened by the "player-view" action's
 * function, it follows next turn, undo, a hidden combatant, an effect
 * that expires and a health change at once, read back from its widgets;
 * it shows an NPC's health as the GM chose; nothing in it takes the
 * focus or a click.
 */

#define N_PCS 2
#define N_NPCS 4

typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  TkrHistory *history;
  GtkWidget *gm_window;
  TkrEncounterPage *page;
  TkrPlayerWindow *player_window;
  TkrPlayerView *view;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (data, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  f->encounter = tkr_campaign_get_encounter (f->campaign);
  for (int i = 0; i < N_PCS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);
      g_assert_nonnull (tkr_campaign_add_to_encounter (
        f->campaign, tkr_campaign_add_pc (f->campaign, name), &error));
    }
  for (int i = 0; i < N_NPCS; i++)
    {
      /* Each a kind of its own, so no system groups them into one slot. */
      g_autofree char *name = g_strdup_printf ("Foe %c", 'A' + i);
      TkrCharacter *npc = tkr_campaign_add_npc (f->campaign, name);

      tkr_character_edit_pool (npc, NULL, TKR_POOL_HEALTH, 10, 10, NULL);
      /* The Kleptonomicon groups NPCs by Edge: each its own here, and a
       * pair in one group for the group test. */
      if (g_str_equal (data, "kleptonomicon"))
        g_assert_true (tkr_character_set_modifier (npc, NULL, TKR_MODIFIER_KIND_SAVE, "Edge",
                                                   i < 2 ? 0 : i, NULL));
      g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, npc, &error));
    }
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  /* The Action-Point system starts with a Reset: its Round 1 follows. */
  if (TKR_IS_AP_ENCOUNTER (f->encounter))
    g_assert_true (tkr_ap_encounter_run_reset (TKR_AP_ENCOUNTER (f->encounter), NULL, &error));
  g_assert_no_error (error);

  /* The GM's side: the Encounter page of the campaign. */
  f->gm_window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->gm_window), 1000, 700);
  f->page = TKR_ENCOUNTER_PAGE (tkr_encounter_page_new ());
  tkr_encounter_page_set_campaign (f->page, f->campaign);
  gtk_window_set_child (GTK_WINDOW (f->gm_window), GTK_WIDGET (f->page));
  gtk_window_present (GTK_WINDOW (f->gm_window));

  /* Opened as an ordinary window beside the GM's (the chooser for more
   * than one monitor has a test of its own). */
  tkr_player_window_open (GTK_WINDOW (f->gm_window), G_OBJECT (f->page), NULL);
  f->player_window = tkr_player_window_find (GTK_WINDOW (f->gm_window));
  g_assert_nonnull (f->player_window);
  g_assert_false (gtk_window_is_fullscreen (GTK_WINDOW (f->player_window)));
  f->view = tkr_player_window_get_view (f->player_window);
  g_assert_true (tkr_player_view_get_encounter (f->view) == f->encounter);
  g_object_set (f->player_window, "health-mode", TKR_PLAYER_HEALTH_WORD, NULL);
}

/* The same, the player view not open yet. */
static void
fixture_setup_closed (Fixture *f, gconstpointer data)
{
  fixture_setup (f, data);
  tkr_player_window_toggle (GTK_WINDOW (f->gm_window), G_OBJECT (f->page));
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (tkr_player_window_find (GTK_WINDOW (f->gm_window)));
  f->player_window = NULL;
  f->view = NULL;
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  /* Closing the GM's window closes the player view with it. */
  GtkWindow *gm_window = GTK_WINDOW (f->gm_window);

  gtk_window_destroy (gm_window);
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  /* (only compared: the GM's window is gone) */
  g_assert_null (tkr_player_window_find (gm_window));
  g_clear_object (&f->campaign);
}

typedef struct
{
  Fixture *f;
  GObject *slot;
  TkrPlayerRow *row;
} Lookup;

/* The bound row showing @slot, or NULL. */
static TkrPlayerRow *
find_row (Fixture *f, GObject *slot)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->view), TKR_TYPE_PLAYER_VIEW, "list_view");

  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);

      if (TKR_IS_PLAYER_ROW (row) && gtk_widget_get_visible (item) &&
          tkr_player_row_get_slot (TKR_PLAYER_ROW (row)) == slot)
        return TKR_PLAYER_ROW (row);
    }
  return NULL;
}

static gboolean
row_is_bound (gpointer data)
{
  Lookup *lookup = data;

  lookup->row = find_row (lookup->f, lookup->slot);
  return lookup->row != NULL && gtk_widget_get_mapped (GTK_WIDGET (lookup->row));
}

static TkrPlayerRow *
wait_for_row (Fixture *f, GObject *slot)
{
  Lookup lookup = { f, slot, NULL };

  g_assert_true (tkr_test_wait_until (row_is_bound, &lookup));
  return lookup.row;
}

static gboolean
is_shown (Fixture *f, GObject *slot)
{
  GListModel *shown = tkr_player_view_get_shown (f->view);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (shown, i);
      if (item == slot)
        return TRUE;
    }
  return FALSE;
}

static char *
name_of (GObject *slot)
{
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);
  char *name = NULL;

  if (combatant != NULL)
    return g_strdup (tkr_combatant_get_name (combatant));
  g_object_get (slot, "name", &name, NULL);
  return name;
}

/* The header names whose turn it is, and the current row is marked. */
static void
assert_shows_turn (Fixture *f)
{
  GObject *current = tkr_encounter_get_current_slot (f->encounter);
  g_autofree char *name = name_of (current);
  TkrPlayerRow *row = wait_for_row (f, current);

  g_assert_nonnull (strstr (tkr_player_view_get_turn_text (f->view), name));
  g_assert_true (tkr_player_row_is_current (row));
  g_assert_cmpstr (tkr_player_row_get_name_text (row), ==, name);
}

/* An NPC combatant with a slot of its own, not whose turn it is when
 * @not_current. */
static TkrCombatant *
some_npc (Fixture *f, gboolean not_current)
{
  GListModel *order = tkr_encounter_get_order (f->encounter);
  GObject *current = tkr_encounter_get_current_slot (f->encounter);

  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, i);
      TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);

      if (combatant != NULL && !tkr_character_is_pc (tkr_combatant_get_character (combatant)) &&
          (!not_current || slot != current))
        return combatant;
    }
  g_assert_not_reached ();
}

/* A Kleptonomicon group of two: hiding one member leaves the group's row
 * with the other only; hiding both takes the row away. */
static void
test_hidden_group_member (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GListModel *order = tkr_encounter_get_order (f->encounter);
  g_autoptr (GListModel) members = NULL;
  g_autoptr (GObject) first = NULL;
  g_autoptr (GObject) second = NULL;
  GObject *group = NULL;
  TkrPlayerRow *row;

  for (guint i = 0; i < g_list_model_get_n_items (order) && group == NULL; i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, i);

      if (tkr_tracker_slot_get_combatant (slot) == NULL)
        group = slot;
    }
  g_assert_nonnull (group);
  g_object_get (group, "members", &members, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (members), ==, 2);
  first = g_list_model_get_item (members, 0);
  second = g_list_model_get_item (members, 1);
  row = wait_for_row (f, group);
  g_assert_nonnull (
    strstr (tkr_player_row_get_health_text (row), tkr_combatant_get_name (TKR_COMBATANT (first))));

  g_assert_true (tkr_encounter_set_hidden (f->encounter, TKR_COMBATANT (first), TRUE, &error));
  g_assert_null (
    strstr (tkr_player_row_get_health_text (row), tkr_combatant_get_name (TKR_COMBATANT (first))));
  g_assert_nonnull (
    strstr (tkr_player_row_get_health_text (row), tkr_combatant_get_name (TKR_COMBATANT (second))));
  g_assert_true (is_shown (f, group));
  g_assert_true (tkr_encounter_set_hidden (f->encounter, TKR_COMBATANT (second), TRUE, &error));
  g_assert_false (is_shown (f, group));
  g_assert_no_error (error);

  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (is_shown (f, group));
  row = wait_for_row (f, group);
  g_assert_nonnull (
    strstr (tkr_player_row_get_health_text (row), tkr_combatant_get_name (TKR_COMBATANT (first))));
}

/* The slot in the order that holds @combatant. */
static GObject *
slot_of (Fixture *f, TkrCombatant *combatant)
{
  GListModel *order = tkr_encounter_get_order (f->encounter);

  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, i);

      if (tkr_tracker_slot_get_combatant (slot) == combatant)
        return slot;
    }
  return NULL;
}

/* Issue 12, "A player view on a second screen": it follows next turn
 * and undo at once. */
static void
test_follows_next_turn_and_undo (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GObject *first = tkr_encounter_get_current_slot (f->encounter);
  TkrPlayerRow *first_row;
  g_autofree char *round = NULL;

  round = g_strdup (tkr_player_view_get_round_text (f->view));
  g_assert_cmpstr (round, !=, "");
  assert_shows_turn (f);
  g_assert_cmpstr (tkr_player_view_get_next_text (f->view), !=, "");

  g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_no_error (error);
  assert_shows_turn (f);
  if (tkr_encounter_get_current_slot (f->encounter) != first)
    {
      first_row = wait_for_row (f, first);
      g_assert_false (tkr_player_row_is_current (first_row));
    }

  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) == first);
  assert_shows_turn (f);
  g_assert_cmpstr (tkr_player_view_get_round_text (f->view), ==, round);
}

/* A hidden combatant never appears, in the list or as who is next;
 * undoing shows it again. */
static void
test_hidden_combatant (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCombatant *npc = some_npc (f, TRUE);
  GObject *slot = slot_of (f, npc);
  guint before = g_list_model_get_n_items (tkr_player_view_get_shown (f->view));
  g_autofree char *name = g_strdup (tkr_combatant_get_name (npc));

  g_assert_true (is_shown (f, slot));
  wait_for_row (f, slot);
  g_assert_true (tkr_encounter_set_hidden (f->encounter, npc, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (is_shown (f, slot));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_player_view_get_shown (f->view)), ==, before - 1);
  g_assert_null (strstr (tkr_player_view_get_next_text (f->view), name));
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (find_row (f, slot));

  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (is_shown (f, slot));
  wait_for_row (f, slot);
}

/* An effect on whose turn it is shows with what is left, ends at the end
 * of that turn (next turn), and comes back with undo. */
static void
test_effect_expires (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GObject *slot = tkr_encounter_get_current_slot (f->encounter);
  TkrCombatant *holder = tkr_tracker_slot_get_combatant (slot);
  TkrPlayerRow *row;

  g_assert_nonnull (holder);
  g_assert_nonnull (tkr_effects_add_timed (f->encounter, holder, "Bless", TKR_EFFECT_DURATION_TURNS,
                                           1, TKR_EFFECT_EDGE_TURN_END, NULL, holder, &error));
  g_assert_no_error (error);
  row = wait_for_row (f, slot);
  g_assert_nonnull (strstr (tkr_player_row_get_conditions_text (row), "Bless ("));

  g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (tkr_effects_get_store (holder))), ==,
                    0);
  row = wait_for_row (f, slot);
  g_assert_null (strstr (tkr_player_row_get_conditions_text (row), "Bless"));

  g_assert_true (tkr_history_undo (f->history));
  row = wait_for_row (f, slot);
  g_assert_nonnull (strstr (tkr_player_row_get_conditions_text (row), "Bless"));
}

/* Damage to an NPC shows at once as the GM chose: a word, the numbers,
 * or nothing; a PC always shows numbers. Undo brings "Unhurt" back. */
static void
test_health_change (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCombatant *npc = some_npc (f, FALSE);
  GObject *slot = slot_of (f, npc);
  TkrPlayerRow *row = wait_for_row (f, slot);
  g_autofree char *numbers = NULL;

  g_assert_cmpstr (tkr_player_row_get_health_text (row), ==, "Unhurt");
  g_assert_true (tkr_encounter_change_health_typed (f->encounter, npc, "-3", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_player_row_get_health_text (row), ==, "Wounded");
  g_assert_true (tkr_encounter_change_health_typed (f->encounter, npc, "-3", &error));
  g_assert_cmpstr (tkr_player_row_get_health_text (row), ==, "Badly wounded");

  g_object_set (f->player_window, "health-mode", TKR_PLAYER_HEALTH_NUMBERS, NULL);
  numbers = g_strdup_printf ("%d / %d", tkr_combatant_get_health (npc),
                             tkr_combatant_get_health_maximum (npc));
  g_assert_cmpstr (tkr_player_row_get_health_text (row), ==, numbers);
  g_object_set (f->player_window, "health-mode", TKR_PLAYER_HEALTH_HIDDEN, NULL);
  g_assert_cmpstr (tkr_player_row_get_health_text (row), ==, "");
  g_object_set (f->player_window, "health-mode", TKR_PLAYER_HEALTH_WORD, NULL);

  g_assert_true (tkr_encounter_change_health_typed (f->encounter, npc, "=0", &error));
  g_assert_cmpstr (tkr_player_row_get_health_text (row), ==, "Down");
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpstr (tkr_player_row_get_health_text (row), ==, "Unhurt");
}

static AdwMessageDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static gboolean
dialog_is_shown (gpointer unused)
{
  return find_dialog () != NULL;
}

/* With two monitors or more the GM chooses one first: a dialog with a
 * response per monitor, "In a Window" and "Cancel"; choosing a monitor
 * opens the player view (full screen there, where a window manager grants
 * it), Cancel nothing. Xvfb has one monitor: it stands twice in the list
 * the chooser is given. */
static void
test_monitor_chooser (Fixture *f, gconstpointer data)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr (GListStore) two = g_list_store_new (GDK_TYPE_MONITOR);
  g_autoptr (GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
  AdwMessageDialog *dialog;

  g_list_store_append (two, monitor);
  g_list_store_append (two, monitor);
  tkr_player_window_choose_monitor (GTK_WINDOW (f->gm_window), G_OBJECT (f->page),
                                    G_LIST_MODEL (two));
  g_assert_true (tkr_test_wait_until (dialog_is_shown, NULL));
  dialog = find_dialog ();
  g_assert_true (adw_message_dialog_has_response (dialog, "monitor-0"));
  g_assert_true (adw_message_dialog_has_response (dialog, "monitor-1"));
  g_assert_true (adw_message_dialog_has_response (dialog, "window"));
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_null (tkr_player_window_find (GTK_WINDOW (f->gm_window)));

  tkr_player_window_choose_monitor (GTK_WINDOW (f->gm_window), G_OBJECT (f->page),
                                    G_LIST_MODEL (two));
  g_assert_true (tkr_test_wait_until (dialog_is_shown, NULL));
  dialog = find_dialog ();
  adw_message_dialog_response (dialog, "monitor-1");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_nonnull (tkr_player_window_find (GTK_WINDOW (f->gm_window)));
  g_assert_true (tkr_player_view_get_encounter (tkr_player_window_get_view (
                   tkr_player_window_find (GTK_WINDOW (f->gm_window)))) == f->encounter);
}

/* The GM hides the selected row's combatant with the tracker's action
 * (its row menu and Ctrl+Alt+H): the player view drops it at once, and
 * the tracker's row says so. */
static void
test_hide_from_tracker (Fixture *f, gconstpointer data)
{
  TkrTableTracker *tracker = tkr_encounter_page_get_table_tracker (f->page);
  TkrCombatant *npc = some_npc (f, TRUE);
  GObject *slot = slot_of (f, npc);
  GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (
    tkr_test_template_child (GTK_WIDGET (tracker), TKR_TYPE_TABLE_TRACKER, "list_view"))));
  guint position = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);
      if (item == slot)
        position = i;
    }
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  tkr_table_tracker_select (tracker, position);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.toggle-hidden", NULL));
  g_assert_true (tkr_combatant_get_hidden (npc));
  g_assert_false (is_shown (f, slot));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.toggle-hidden", NULL));
  g_assert_false (tkr_combatant_get_hidden (npc));
  g_assert_true (is_shown (f, slot));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_false (is_shown (f, slot));
}

/* Nothing in the view takes the focus or a click: a display only. */
static void
test_nothing_clickable (Fixture *f, gconstpointer data)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->view), TKR_TYPE_PLAYER_VIEW, "list_view");
  graphene_point_t point;
  GtkWidget *picked;

  wait_for_row (f, tkr_encounter_get_current_slot (f->encounter));
  g_assert_false (gtk_widget_child_focus (GTK_WIDGET (f->view), GTK_DIR_TAB_FORWARD));
  g_assert_true (gtk_widget_compute_point (list, GTK_WIDGET (f->player_window),
                                           &GRAPHENE_POINT_INIT (20, 20), &point));
  picked = gtk_widget_pick (GTK_WIDGET (f->player_window), point.x, point.y, GTK_PICK_DEFAULT);
  g_assert_true (picked == NULL || !gtk_widget_is_ancestor (picked, list));
  /* No button, entry or other control anywhere in it. */
  for (GtkWidget *w = GTK_WIDGET (f->view); w != NULL;)
    {
      g_assert_false (GTK_IS_BUTTON (w) || GTK_IS_EDITABLE (w) || GTK_IS_CHECK_BUTTON (w));
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && w != GTK_WIDGET (f->view) && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = (w == NULL || w == GTK_WIDGET (f->view)) ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
}

/* Pausing shows at once; at the End the view says the fight is over and
 * shows no order; undo brings the fight back. */
static void
test_pause_and_end (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GtkWidget *paused =
    tkr_test_template_child (GTK_WIDGET (f->view), TKR_TYPE_PLAYER_VIEW, "paused_label");
  GtkWidget *stack = tkr_test_template_child (GTK_WIDGET (f->view), TKR_TYPE_PLAYER_VIEW, "stack");

  g_assert_false (gtk_widget_get_visible (paused));
  g_assert_true (tkr_encounter_pause (f->encounter, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_get_visible (paused));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_false (gtk_widget_get_visible (paused));

  g_assert_true (tkr_encounter_end (f->encounter, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "waiting");
  g_assert_cmpstr (tkr_player_view_get_turn_text (f->view), ==, "");
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "fight");
  assert_shows_turn (f);
}

/* The action closes the open player view; a second opens it again. */
static void
test_toggle (Fixture *f, gconstpointer data)
{
  tkr_player_window_toggle (GTK_WINDOW (f->gm_window), G_OBJECT (f->page));
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (tkr_player_window_find (GTK_WINDOW (f->gm_window)));
  tkr_player_window_toggle (GTK_WINDOW (f->gm_window), G_OBJECT (f->page));
  g_assert_nonnull (tkr_player_window_find (GTK_WINDOW (f->gm_window)));
}

static gboolean
is_combo_row (GtkWidget *widget, gconstpointer unused)
{
  return ADW_IS_COMBO_ROW (widget);
}

/* The GM's choice is the GSettings key "player-npc-health": set from
 * Preferences' row, the open player view follows it at once. */
static void
test_health_setting (Fixture *f, gconstpointer data)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.turnkeeper.Turnkeeper");
  GtkWidget *group = tkr_player_window_new_preferences_group (settings);
  AdwComboRow *row;
  TkrCombatant *npc = some_npc (f, FALSE);
  TkrPlayerRow *player_row = wait_for_row (f, slot_of (f, npc));
  g_autofree char *mode = NULL;

  g_object_ref_sink (group);
  row = ADW_COMBO_ROW (tkr_test_find (group, is_combo_row, NULL));
  g_assert_nonnull (row);
  adw_combo_row_set_selected (row, 2);
  mode = g_settings_get_string (settings, "player-npc-health");
  g_assert_cmpstr (mode, ==, TKR_PLAYER_HEALTH_NUMBERS);
  g_assert_cmpstr (tkr_player_view_get_health_mode (f->view), ==, TKR_PLAYER_HEALTH_NUMBERS);
  g_assert_true (g_str_has_suffix (tkr_player_row_get_health_text (player_row), "/ 10"));

  g_settings_set_string (settings, "player-npc-health", TKR_PLAYER_HEALTH_HIDDEN);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  g_assert_cmpstr (tkr_player_row_get_health_text (player_row), ==, "");
  /* The window's menu action sets the same key. */
  gtk_widget_activate_action (GTK_WIDGET (f->player_window), "player.health-mode", "s",
                              TKR_PLAYER_HEALTH_WORD);
  g_free (mode);
  mode = g_settings_get_string (settings, "player-npc-health");
  g_assert_cmpstr (mode, ==, TKR_PLAYER_HEALTH_WORD);
  g_assert_cmpstr (tkr_player_row_get_health_text (player_row), ==, "Unhurt");
  g_object_unref (group);
}

/* The chooser names a monitor by connector, model and size. */
static void
test_monitor_names (void)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr (GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
  g_autofree char *label = NULL;
  GdkRectangle geometry;
  g_autofree char *size = NULL;

  g_assert_nonnull (monitor);
  gdk_monitor_get_geometry (monitor, &geometry);
  label = tkr_player_window_describe_monitor (monitor);
  size = g_strdup_printf ("(%d × %d)", geometry.width, geometry.height);
  g_assert_true (g_str_has_suffix (label, size));
}

typedef struct
{
  GtkWidget *view;
  const char *css_class;
} SizeWait;

static gboolean
has_size_class (gpointer data)
{
  SizeWait *wait = data;

  return gtk_widget_has_css_class (wait->view, wait->css_class);
}

/* The type grows with the view's height (help/C/player-view.page):
 * a low window gets the smallest step, a taller one the next. */
static void
test_type_follows_height (void)
{
  static const struct
  {
    int height;
    const char *css_class;
  } steps[] = { { 400, "size-small" }, { 700, "size-medium" } };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *view = tkr_player_view_new ();
      SizeWait wait = { view, steps[i].css_class };

      gtk_window_set_default_size (GTK_WINDOW (window), 800, steps[i].height);
      gtk_window_set_child (GTK_WINDOW (window), view);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (tkr_test_wait_until (has_size_class, &wait));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The words for health, from the help's table (help/C/player-view.page). */
static void
test_health_words (void)
{
  g_assert_cmpstr (tkr_player_health_word (10, 10, FALSE), ==, "Unhurt");
  g_assert_cmpstr (tkr_player_health_word (6, 10, FALSE), ==, "Wounded");
  g_assert_cmpstr (tkr_player_health_word (5, 10, FALSE), ==, "Badly wounded");
  g_assert_cmpstr (tkr_player_health_word (1, 10, FALSE), ==, "Badly wounded");
  g_assert_cmpstr (tkr_player_health_word (0, 10, FALSE), ==, "Down");
  g_assert_cmpstr (tkr_player_health_word (4, 10, TRUE), ==, "Down");
}

int
main (int argc, char *argv[])
{
  static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

  g_setenv ("LANGUAGE", "C", TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/player-view/health-words", test_health_words);
  g_test_add_func ("/player-view/monitor-names", test_monitor_names);
  g_test_add_func ("/player-view/type-follows-height", test_type_follows_height);
  g_test_add ("/player-view/pf2e/monitor-chooser", Fixture, "pf2e", fixture_setup_closed,
              test_monitor_chooser, fixture_teardown);
  g_test_add ("/player-view/d20/health-setting", Fixture, "d20", fixture_setup, test_health_setting,
              fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
#define ADD(name, func)                                                                            \
  do                                                                                               \
    {                                                                                              \
      g_autofree char *path = g_strdup_printf ("/player-view/%s/" name, systems[i]);               \
      g_test_add (path, Fixture, systems[i], fixture_setup, func, fixture_teardown);               \
    }                                                                                              \
  while (0)
      ADD ("follows-next-turn-and-undo", test_follows_next_turn_and_undo);
      ADD ("hidden-combatant", test_hidden_combatant);
      ADD ("effect-expires", test_effect_expires);
      ADD ("health-change", test_health_change);
      ADD ("nothing-clickable", test_nothing_clickable);
      ADD ("toggle", test_toggle);
      ADD ("pause-and-end", test_pause_and_end);
      ADD ("hide-from-tracker", test_hide_from_tracker);
#undef ADD
    }
  g_test_add ("/player-view/kleptonomicon/hidden-group-member", Fixture, "kleptonomicon",
              fixture_setup, test_hidden_group_member, fixture_teardown);
  return g_test_run ();
}
