/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "encounter-fixture.h"
#include "tkr-effects.h"
#include "tkr-effect-dialog.h"
#include "tkr-quick-dialogs.h"
#include "tkr-save-row.h"
#include "tkr-table-tracker.h"
#include "tkr-test-widgets.h"
#include "tkr-tracker-row.h"

/*
 * The table tracker (docs/ARCHITECTURE.md, "The table tracker"), in each
 * of the four rule systems: at 1280x800 at least 12 rows are on screen
 * with 4 PCs and 10 NPCs, and a typed "-7" on a health cell takes the
 * system's pools in order, is logged and undoes in one step.
 */

#define N_PCS 4
#define N_NPCS 10

typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  TkrHistory *history;
  TkrCharacter *pc;
  GtkWidget *window;
  TkrTableTracker *tracker;
  GRand *rand;
} TrackerFixture;

static void
fixture_setup (TrackerFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (data, &error);

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  f->encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  f->rand = g_rand_new_with_seed (20261125);

  for (int i = 0; i < N_PCS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);
      TkrCharacter *pc = tkr_campaign_add_pc (f->campaign, name);

      g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, pc, &error));
      if (f->pc == NULL)
        f->pc = pc;
    }
  for (int i = 0; i < N_NPCS; i++)
    {
      /* Each a kind of its own, so no system groups them into one row. */
      g_autofree char *name = g_strdup_printf ("Foe %c", 'A' + i);
      TkrCharacter *npc = tkr_campaign_add_npc (f->campaign, name);

      g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, npc, &error));
    }
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, f->rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  g_assert_no_error (error);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->tracker = TKR_TABLE_TRACKER (tkr_table_tracker_new ());
  tkr_table_tracker_set_encounter (f->tracker, f->encounter);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->tracker));
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_teardown (TrackerFixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->campaign);
  g_clear_pointer (&f->rand, g_rand_free);
}

typedef struct
{
  TrackerFixture *f;
  guint visible;
} Count;

/* Rows that are bound and lie wholly inside the scrolled window. */
static guint
count_visible_rows (TrackerFixture *f)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view");
  GtkWidget *scroller = gtk_widget_get_parent (list);
  int height = gtk_widget_get_height (scroller);
  guint visible = 0;

  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);
      graphene_rect_t bounds;

      if (!TKR_IS_TRACKER_ROW (row) || !gtk_widget_get_mapped (row) ||
          tkr_tracker_row_get_slot (TKR_TRACKER_ROW (row)) == NULL ||
          !gtk_widget_compute_bounds (row, scroller, &bounds))
        continue;
      if (bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= height + 0.5)
        visible++;
    }
  return visible;
}

static gboolean
enough_rows (gpointer data)
{
  Count *count = data;

  count->visible = count_visible_rows (count->f);
  return count->visible >= 12;
}

/* Issue "The table tracker": at least 12 rows visible at 1280x800. */
static void
test_twelve_rows (TrackerFixture *f, gconstpointer data)
{
  Count count = { f, 0 };

  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view");

  /* Every combatant has a row (a group's members under the group's). */
  g_assert_cmpuint (
    g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)))), >=,
    N_PCS + N_NPCS);
  tkr_test_wait_until (enough_rows, &count);
  g_test_message ("%s: %u rows visible", (const char *) data, count.visible);
  g_assert_cmpuint (count.visible, >=, 12);
}

/* The PC's row in the tracker's list. */
static guint
position_of_pc (TrackerFixture *f)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view");
  GListModel *order = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));

  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, i);
      TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);

      if (combatant != NULL && tkr_combatant_get_character (combatant) == f->pc)
        return i;
    }
  g_assert_not_reached ();
}

static gboolean
is_pc_row (GtkWidget *widget, gconstpointer data)
{
  const TrackerFixture *f = data;
  GObject *slot;

  if (!TKR_IS_TRACKER_ROW (widget))
    return FALSE;
  slot = tkr_tracker_row_get_slot (TKR_TRACKER_ROW (widget));
  return slot != NULL && tkr_tracker_slot_get_combatant (slot) != NULL &&
         tkr_combatant_get_character (tkr_tracker_slot_get_combatant (slot)) == f->pc;
}

/* The health entry of the PC's row, or NULL while it is not on screen. */
static GtkWidget *
pc_health_entry (TrackerFixture *f)
{
  GtkWidget *row = tkr_test_find (GTK_WIDGET (f->tracker), is_pc_row, f);

  return row != NULL
           ? GTK_WIDGET (gtk_widget_get_template_child (row, TKR_TYPE_TRACKER_ROW, "health_entry"))
           : NULL;
}

static gboolean
entry_shown (gpointer data)
{
  GtkWidget *entry = pc_health_entry (data);

  GtkWidget *focus;

  if (entry == NULL || !gtk_widget_get_mapped (entry))
    return FALSE;
  /* A GtkEntry's focus is on its text child. */
  focus = gtk_root_get_focus (gtk_widget_get_root (entry));
  return focus != NULL && (focus == entry || gtk_widget_is_ancestor (focus, entry));
}

/* Issue "The table tracker": typed "-7" on the health cell of the
 * selected row (Ctrl+H's action) changes the right pool, is logged, and
 * undoes in one step. */
static void
test_typed_damage (TrackerFixture *f, gconstpointer data)
{
  TkrPool *health = tkr_character_get_pool (f->pc, TKR_POOL_HEALTH);
  GListModel *log = tkr_encounter_get_log (f->encounter);
  const TkrPoolKind *absorbing;
  guint n_absorbing, n_log, n_undo;
  Count count = { f, 0 };
  GtkWidget *entry;
  int before, shield = 0;

  /* Health 20; no absorbing pool left, so all 7 reach Health. */
  g_object_set (health, "maximum", 20, "current", 20, NULL);
  absorbing = tkr_rules_get_absorbing_pools (tkr_encounter_get_rules (f->encounter), &n_absorbing);
  for (guint i = 0; i < n_absorbing; i++)
    {
      TkrPool *pool = tkr_character_get_pool (f->pc, absorbing[i]);

      g_object_set (pool, "maximum", 2, "current", 2, NULL);
      shield += 2;
    }
  tkr_test_wait_until (enough_rows, &count);
  before = tkr_pool_get_current (health);
  n_log = g_list_model_get_n_items (log);
  n_undo = tkr_history_get_n_undo (f->history);

  tkr_table_tracker_select (f->tracker, position_of_pc (f));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.edit-health", NULL));
  g_assert_true (tkr_test_wait_until (entry_shown, f));
  entry = pc_health_entry (f);
  gtk_editable_set_text (GTK_EDITABLE (entry), "-7");
  g_signal_emit_by_name (entry, "activate");

  g_assert_cmpint (tkr_pool_get_current (health), ==, before - (7 - MIN (shield, 7)));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log + 1);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, n_undo + 1);
  g_assert_false (gtk_widget_get_mapped (entry));

  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, before);
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log);
  for (guint i = 0; i < n_absorbing; i++)
    g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (f->pc, absorbing[i])), ==, 2);
}

static gboolean
settled (gpointer data)
{
  static int frames;

  return ++frames % 10 == 0;
}

/* With TKR_SCREENSHOT_DIR set: the tracker mid-fight in light and dark,
 * wide and at a phone's width, saved as table-tracker-SYSTEM-WIDTH-SCHEME.png. */
static void
test_screenshots (TrackerFixture *f, gconstpointer data)
{
  const char *dir = g_getenv ("TKR_SCREENSHOT_DIR");
  const int widths[] = { 1280, 360 };
  GListModel *combatants = tkr_encounter_get_combatants (f->encounter);
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    {
      g_test_skip ("TKR_SCREENSHOT_DIR is not set");
      return;
    }
  /* A fight under way: wounds, temporary health, someone down. */
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);
      const char *change[] = { "-3", "t4", "=0", "-1", "+0" };
      TkrPool *health =
        tkr_character_get_pool (tkr_combatant_get_character (combatant), TKR_POOL_HEALTH);

      g_object_set (health, "maximum", 12 + (int) i, "current", 12 + (int) i, NULL);
      g_assert_true (
        tkr_encounter_change_health_typed (f->encounter, combatant, change[i % 5], &error));
    }
  g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_no_error (error);

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (guint scheme = 0; scheme < 2; scheme++)
      {
        g_autoptr (GdkPaintable) paintable = NULL;
        g_autoptr (GtkSnapshot) snapshot = NULL;
        g_autoptr (GskRenderNode) node = NULL;
        g_autoptr (GdkTexture) texture = NULL;
        g_autofree char *path = NULL;

        adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                            scheme == 0 ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                                        : ADW_COLOR_SCHEME_FORCE_DARK);
        gtk_window_set_default_size (GTK_WINDOW (f->window), widths[w], 800);
        gtk_widget_set_size_request (f->window, widths[w], 800);
        tkr_test_wait_until (settled, NULL);
        paintable = gtk_widget_paintable_new (f->window);
        snapshot = gtk_snapshot_new ();
        gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (f->window),
                                gtk_widget_get_height (f->window));
        node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
        texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (f->window)),
                                               node, NULL);
        path = g_strdup_printf ("%s/table-tracker-%s-%d-%s.png", dir, (const char *) data,
                                widths[w], scheme == 0 ? "light" : "dark");
        g_assert_true (gdk_texture_save_to_png (texture, path));
      }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

static TkrTrackerRow *
bound_row_for (GtkWidget *list, GObject *slot)
{
  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);

      if (TKR_IS_TRACKER_ROW (row) && tkr_tracker_row_get_slot (TKR_TRACKER_ROW (row)) == slot)
        return TKR_TRACKER_ROW (row);
    }
  return NULL;
}

static guint
count_rows (GtkWidget *list)
{
  guint n = 0;

  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    if (TKR_IS_TRACKER_ROW (gtk_widget_get_first_child (item)))
      n++;
  return n;
}

typedef struct
{
  GtkWidget *list;
  GObject *slot;
} Wanted;

static gboolean
slot_has_row (gpointer data)
{
  Wanted *wanted = data;

  return bound_row_for (wanted->list, wanted->slot) != NULL;
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* 1,000 combatants (issue "The table tracker": the same cost at any
 * size): the list makes a bounded set of rows (GTK 4.8 keeps about 200
 * around the visible part), recycled while scrolling, and selecting the
 * last slot brings its row in. */
static void
test_thousand_combatants (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  g_autoptr (GRand) rand = g_rand_new_with_seed (1000);
  g_autoptr (GError) error = NULL;
  GtkWidget *window = gtk_window_new ();
  TkrTableTracker *tracker = TKR_TABLE_TRACKER (tkr_table_tracker_new ());
  GtkWidget *list;
  GListModel *order;
  g_autoptr (GObject) last = NULL;
  Wanted wanted;
  guint notified = 0;
  guint binds = 0;

  for (int i = 0; i < 1000; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %04d", i);

      g_assert_nonnull (
        tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, name), &error));
    }
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);
  order = tkr_encounter_get_order (encounter);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 1000);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  tkr_table_tracker_set_encounter (tracker, encounter);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (tracker));
  gtk_window_present (GTK_WINDOW (window));
  list = tkr_test_template_child (GTK_WIDGET (tracker), TKR_TYPE_TABLE_TRACKER, "list_view");

  wanted.list = list;
  wanted.slot = tkr_encounter_get_current_slot (encounter);
  g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
  g_assert_cmpuint (count_rows (list), >, 0);
  g_assert_cmpuint (count_rows (list), <=, 250);

  /* A selection that moves far binds only the rows around its new place
   * (GTK 4.8 binds again every made row between the old and the new
   * selected position unless the selection passes through none), and the
   * tracker announces one change. */
  tkr_table_tracker_select (tracker, 0);
  fixture_iterate ();
  g_signal_connect_swapped (tracker, "notify::selected", G_CALLBACK (count_cb), &notified);
  g_signal_connect_swapped (gtk_list_view_get_factory (GTK_LIST_VIEW (list)), "bind",
                            G_CALLBACK (count_cb), &binds);
  last = g_list_model_get_item (order, 999);
  tkr_table_tracker_select (
    tracker,
    g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)))) - 1);
  g_assert_true (tkr_table_tracker_get_selected (tracker) == last);
  g_assert_cmpuint (notified, ==, 1);
  wanted.slot = last;
  g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
  g_assert_cmpuint (count_rows (list), <=, 250);
  g_assert_cmpuint (binds, <=, 250);
  g_signal_handlers_disconnect_by_func (tracker, count_cb, &notified);
  g_signal_handlers_disconnect_by_func (gtk_list_view_get_factory (GTK_LIST_VIEW (list)), count_cb,
                                        &binds);

  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
model_rows (TkrTableTracker *tracker)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (tracker), TKR_TYPE_TABLE_TRACKER, "list_view");

  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))));
}

static guint
position_in_rows (TkrTableTracker *tracker, GObject *item)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (tracker), TKR_TYPE_TABLE_TRACKER, "list_view");
  GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) row = g_list_model_get_item (rows, i);

      if (row == item)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* A Kleptonomicon NPC group (help/C/tracker.page): a group of more than
 * 12 shows as one row until the GM opens it (Ctrl+G, or the row's
 * button), and opening and folding keep the group's row selected. */
static void
test_group_members_fold (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  g_autoptr (GError) error = NULL;
  GtkWidget *window = gtk_window_new ();
  TkrTableTracker *tracker = TKR_TABLE_TRACKER (tkr_table_tracker_new ());
  TkrCharacter *bandit = tkr_campaign_add_npc (campaign, "Bandit");
  GListModel *order;
  GtkWidget *list, *button;
  guint slots;
  Wanted wanted;
  GObject *big = NULL;

  g_assert_nonnull (
    tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, "Ann"), &error));
  for (int i = 0; i < 30; i++)
    g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, bandit, &error));
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);
  order = tkr_encounter_get_order (encounter);
  slots = g_list_model_get_n_items (order);
  for (guint i = 0; i < slots; i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, i);
      g_autoptr (GListModel) members = NULL;

      if (g_object_class_find_property (G_OBJECT_GET_CLASS (slot), "members") == NULL)
        continue;
      g_object_get (slot, "members", &members, NULL);
      if (g_list_model_get_n_items (members) == 30)
        big = slot;
    }
  g_assert_nonnull (big);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  tkr_table_tracker_set_encounter (tracker, encounter);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (tracker));
  gtk_window_present (GTK_WINDOW (window));
  list = tkr_test_template_child (GTK_WIDGET (tracker), TKR_TYPE_TABLE_TRACKER, "list_view");

  /* The bandits' 30 rows do not show. */
  g_assert_cmpuint (model_rows (tracker), ==, slots);
  wanted.list = list;
  wanted.slot = big;
  tkr_table_tracker_select (tracker, position_in_rows (tracker, big));
  g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
  button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (bound_row_for (list, big)),
                                                      TKR_TYPE_TRACKER_ROW, "members_button"));
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Show the 30 Members");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.toggle-members", NULL));
  g_assert_cmpuint (model_rows (tracker), ==, slots + 30);
  g_assert_true (tkr_table_tracker_get_selected (tracker) == big);
  g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
  button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (bound_row_for (list, big)),
                                                      TKR_TYPE_TRACKER_ROW, "members_button"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Hide the 30 Members");

  /* From a member's row, the key folds its group. */
  tkr_table_tracker_select (tracker, position_in_rows (tracker, big) + 5);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.toggle-members", NULL));
  g_assert_cmpuint (model_rows (tracker), ==, slots);
  g_assert_true (tkr_table_tracker_get_selected (tracker) == big);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The dialog titled @title among the toplevels, or NULL. */
static GtkWindow *
find_dialog (const char *title)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_window_get_title (window), title) == 0)
        return window;
    }
  return NULL;
}

/* Group damage (help/C/tracker.page): with the PC's row and another row
 * selected (Ctrl and a click), Ctrl+Shift+H's action opens one dialog for
 * both; "-5" with a resistance of 2 for the second takes 5 and 3 through
 * each system's pools, and one undo puts both back. */
static void
test_group_health (TrackerFixture *f, gconstpointer data)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view");
  GtkSelectionModel *model = gtk_list_view_get_model (GTK_LIST_VIEW (list));
  guint pc = position_of_pc (f), other = pc == 0 ? 1 : 0;
  g_autoptr (GObject) other_row = g_list_model_get_item (G_LIST_MODEL (model), other);
  TkrCombatant *first = tkr_encounter_find_combatant (f->encounter, f->pc);
  TkrCombatant *second = tkr_tracker_slot_get_combatant (other_row);
  g_autoptr (GPtrArray) selected = NULL;
  const int resistances[] = { 0, 2 };
  GtkWindow *dialog;

  g_assert_nonnull (second);
  tkr_history_begin (f->history, "test");
  g_object_set (tkr_character_get_pool (f->pc, TKR_POOL_HEALTH), "maximum", 30, "current", 30,
                NULL);
  g_object_set (tkr_character_get_pool (tkr_combatant_get_character (second), TKR_POOL_HEALTH),
                "maximum", 30, "current", 30, NULL);
  tkr_history_end (f->history);

  tkr_table_tracker_select (f->tracker, pc);
  /* Ctrl and a click: the other row joins the selection. */
  gtk_selection_model_select_item (model, other, FALSE);
  g_assert_true (tkr_table_tracker_get_selected (f->tracker) == other_row);
  selected = tkr_table_tracker_get_selected_combatants (f->tracker);
  g_assert_cmpuint (selected->len, ==, 2);

  g_assert_true (
    gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.group-health", NULL));
  dialog = find_dialog ("Change Health of 2 Combatants");
  g_assert_nonnull (dialog);
  /* The selection is in the list's order: the resistance goes with its
   * combatant. */
  if (g_ptr_array_index (selected, 0) == first)
    g_assert_true (tkr_group_health_dialog_apply (dialog, "-5", resistances));
  else
    {
      const int swapped[] = { 2, 0 };

      g_assert_true (tkr_group_health_dialog_apply (dialog, "-5", swapped));
    }
  g_assert_null (find_dialog ("Change Health of 2 Combatants"));
  g_assert_cmpint (tkr_combatant_get_health (first), ==, 30 - 5);
  g_assert_cmpint (tkr_combatant_get_health (second), ==, 30 - 3);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_combatant_get_health (first), ==, 30);
  g_assert_cmpint (tkr_combatant_get_health (second), ==, 30);
}

static GtkWindow *
find_dialog_starting (const char *prefix)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (g_str_has_prefix (gtk_window_get_title (window) ? gtk_window_get_title (window) : "",
                            prefix))
        return window;
    }
  return NULL;
}

/* Repeat saves in the tracker (help/C/effects.page): Ctrl+Shift+T's
 * action opens the effect dialog for the selected combatant; an effect
 * with a DC 15 save and 1d4 damage is one undo step; when its holder's
 * turn ends, the save shows above the rows with Roll, Succeeded and
 * Failed, each named for screen readers; Failed answers it and keeps the
 * effect. */
static void
test_effect_with_save (TrackerFixture *f, gconstpointer data)
{
  TkrCombatant *pc = tkr_encounter_find_combatant (f->encounter, f->pc);
  GListModel *effects = G_LIST_MODEL (tkr_effects_get_store (pc));
  GListModel *pending = tkr_saves_get_pending (f->encounter);
  g_autoptr (GError) error = NULL;
  GtkWidget *saves_list, *row, *failed;
  g_autoptr (TkrCondition) effect = NULL;
  GtkWindow *dialog;
  guint steps, turns = 0;
  const char *name;

  tkr_table_tracker_select (f->tracker, position_of_pc (f));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.add-effect", NULL));
  dialog = find_dialog_starting ("Add an Effect to ");
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_template_child (
                           GTK_WIDGET (dialog), TKR_TYPE_EFFECT_DIALOG, "name_row")),
                         "Burning");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_widget_get_template_child (
                               GTK_WIDGET (dialog), TKR_TYPE_EFFECT_DIALOG, "dc_spin")),
                             15);
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_template_child (
                           GTK_WIDGET (dialog), TKR_TYPE_EFFECT_DIALOG, "damage_row")),
                         "1d4");
  steps = tkr_history_get_n_undo (f->history);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "effect.add", NULL));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);
  effect = g_list_model_get_item (effects, 0);
  g_assert_cmpint (tkr_condition_get_save_dc (effect), ==, 15);
  g_assert_cmpstr (tkr_condition_get_damage (effect), ==, "1d4");
  g_assert_null (find_dialog_starting ("Add an Effect to "));

  saves_list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "saves_list");
  g_assert_false (gtk_widget_get_visible (saves_list));
  while (g_list_model_get_n_items (pending) == 0 && turns++ < 40)
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pending), ==, 1);
  g_assert_true (gtk_widget_get_visible (saves_list));
  row = gtk_widget_get_first_child (saves_list);
  g_assert_true (TKR_IS_SAVE_ROW (row));
  failed = GTK_WIDGET (gtk_widget_get_template_child (row, TKR_TYPE_SAVE_ROW, "failed_button"));
  name = gtk_widget_get_tooltip_text (failed);
  g_assert_cmpstr (name, ==, "Failed");
  g_signal_emit_by_name (failed, "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (pending), ==, 0);
  g_assert_false (gtk_widget_get_visible (saves_list));
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);
}

/* A toast's label with @data as its text. */
static gboolean
is_label_with_text (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
pc_row_shown (gpointer data)
{
  TrackerFixture *f = data;
  GtkWidget *row = tkr_test_find (GTK_WIDGET (f->tracker), is_pc_row, f);

  return row != NULL && gtk_widget_get_mapped (row);
}

/* Issue 11, "Effects with real timing": the PC's row shows its timed
 * effect, with what is left in words in the badge's tooltip; when it ends
 * on its own the window shows a toast with its log line. */
static void
test_timed_effect (TrackerFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCombatant *pc = tkr_encounter_find_combatant (f->encounter, f->pc);
  GListModel *effects = G_LIST_MODEL (tkr_effects_get_store (pc));
  GtkWidget *overlay = adw_toast_overlay_new ();
  GtkWidget *row, *label;
  g_autofree char *toast = NULL;
  int turns = 0;

  /* A window's toasts: the tracker inside a toast overlay. */
  g_object_ref (f->tracker);
  gtk_window_set_child (GTK_WINDOW (f->window), NULL);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), GTK_WIDGET (f->tracker));
  g_object_unref (f->tracker);
  gtk_window_set_child (GTK_WINDOW (f->window), overlay);

  g_assert_nonnull (tkr_effects_add_timed (f->encounter, pc, "Blessed", TKR_EFFECT_DURATION_ROUNDS,
                                           2, TKR_EFFECT_EDGE_TURN_START, NULL, NULL, &error));
  g_assert_no_error (error);
  tkr_table_tracker_select (f->tracker, position_of_pc (f));
  g_assert_true (tkr_test_wait_until (pc_row_shown, f));
  row = tkr_test_find (GTK_WIDGET (f->tracker), is_pc_row, f);
  label =
    GTK_WIDGET (gtk_widget_get_template_child (row, TKR_TYPE_TRACKER_ROW, "conditions_label"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "Blessed (2 rounds)"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (label), "Blessed: 2 rounds left"));

  while (g_list_model_get_n_items (effects) > 0 && turns++ < 100)
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 0);
  toast = g_strdup_printf ("Blessed on %s ended at the start of %s’s turn",
                           tkr_character_get_name (f->pc), tkr_character_get_name (f->pc));
  g_assert_nonnull (tkr_test_find (overlay, is_label_with_text, toast));
}

/* Reminders in the tracker (help/C/order.page): Ctrl+Shift+M's action
 * opens the reminder dialog for the selected combatant; the note is one
 * undo step and shows as a row just above that combatant's row; when the
 * turn comes, a toast says it; its row's button removes it. */
static void
test_reminder_row (TrackerFixture *f, gconstpointer data)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view");
  GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  GListModel *reminders = tkr_reminders_get_list (f->encounter);
  GtkWidget *overlay = adw_toast_overlay_new ();
  g_autoptr (TkrReminder) reminder = NULL;
  g_autoptr (GObject) above = NULL;
  g_autoptr (GError) error = NULL;
  TkrTrackerRow *row;
  GtkWindow *dialog;
  Wanted wanted;
  guint steps, pc, turns = 0;

  g_object_ref (f->tracker);
  gtk_window_set_child (GTK_WINDOW (f->window), NULL);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), GTK_WIDGET (f->tracker));
  g_object_unref (f->tracker);
  gtk_window_set_child (GTK_WINDOW (f->window), overlay);

  tkr_table_tracker_select (f->tracker, position_of_pc (f));
  g_assert_true (
    gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.add-reminder", NULL));
  dialog = find_dialog_starting ("Reminder Before ");
  g_assert_nonnull (dialog);
  steps = tkr_history_get_n_undo (f->history);
  g_assert_true (tkr_reminder_dialog_add (dialog, "Reinforcements arrive", 0));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_cmpuint (g_list_model_get_n_items (reminders), ==, 1);
  reminder = g_list_model_get_item (reminders, 0);

  pc = position_of_pc (f);
  g_assert_cmpuint (pc, >, 0);
  above = g_list_model_get_item (rows, pc - 1);
  g_assert_true (above == G_OBJECT (reminder));
  wanted.list = list;
  wanted.slot = G_OBJECT (reminder);
  tkr_table_tracker_select (f->tracker, pc - 1);
  g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
  row = bound_row_for (list, G_OBJECT (reminder));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "reminder"));

  while (tkr_test_find (overlay, is_label_with_text, "Reminder: Reinforcements arrive") == NULL &&
         turns++ < 40)
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_nonnull (tkr_test_find (overlay, is_label_with_text, "Reminder: Reinforcements arrive"));

  tkr_table_tracker_select (f->tracker, position_of_pc (f) - 1);
  g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
  row = bound_row_for (list, G_OBJECT (reminder));
  g_signal_emit_by_name (
    gtk_widget_get_template_child (GTK_WIDGET (row), TKR_TYPE_TRACKER_ROW, "remove_button"),
    "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (reminders), ==, 0);
}

/* Delay in the tracker (help/C/order.page): where the rules allow it,
 * Ctrl+Shift+W's action delays whose turn it is, and its row says so;
 * selected again, Ctrl+Shift+J's action brings it back after the current
 * turn. Where they have a held action instead (the d20 Wait), the same
 * keys hold it and act on it. Elsewhere the key changes nothing. */
static void
test_delay_keys (TrackerFixture *f, gconstpointer data)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view");
  GListModel *rows = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  GObject *delayer = tkr_encounter_get_current_slot (f->encounter);
  guint steps = tkr_history_get_n_undo (f->history);
  GtkWidget *detail;
  TkrTrackerRow *row;
  Wanted wanted;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.delay", NULL));
  if (tkr_rules_get_hold (tkr_encounter_get_rules (f->encounter)))
    {
      TkrRules *rules = tkr_encounter_get_rules (f->encounter);
      const char *held = tkr_rules_translate (tkr_rules_get_delay_name (rules));

      /* A held action instead (the d20 Wait): one step, the turn stays,
       * and the row says it holds its Wait. */
      g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
      g_assert_true (tkr_delay_is_delayed (f->encounter, TKR_COMBATANT (delayer)));
      g_assert_true (tkr_encounter_get_current_slot (f->encounter) == delayer);
      wanted.list = list;
      wanted.slot = delayer;
      g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
      row = bound_row_for (list, delayer);
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "delaying"));
      detail = GTK_WIDGET (
        gtk_widget_get_template_child (GTK_WIDGET (row), TKR_TYPE_TRACKER_ROW, "detail_label"));
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (detail)), held));
      /* On its own turn it cannot act on it; on another's, selected, the
       * return key acts on it: one more step, no longer holding. */
      g_assert_true (tkr_encounter_next_turn (f->encounter, NULL));
      for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
        {
          g_autoptr (GObject) item = g_list_model_get_item (rows, i);

          if (item == delayer)
            tkr_table_tracker_select (f->tracker, i);
        }
      steps = tkr_history_get_n_undo (f->history);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.return", NULL));
      g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
      g_assert_false (tkr_delay_is_delayed (f->encounter, TKR_COMBATANT (delayer)));
      return;
    }
  if (!tkr_rules_get_delay (tkr_encounter_get_rules (f->encounter)))
    {
      g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps);
      g_assert_true (tkr_encounter_get_current_slot (f->encounter) == delayer);
      return;
    }
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_true (tkr_delay_is_delayed (f->encounter, TKR_COMBATANT (delayer)));
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) != delayer);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);

      if (item == delayer)
        tkr_table_tracker_select (f->tracker, i);
    }
  wanted.list = list;
  wanted.slot = delayer;
  g_assert_true (tkr_test_wait_until (slot_has_row, &wanted));
  row = bound_row_for (list, delayer);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "delaying"));
  detail = GTK_WIDGET (
    gtk_widget_get_template_child (GTK_WIDGET (row), TKR_TYPE_TRACKER_ROW, "detail_label"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (detail)), "delaying"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.return", NULL));
  g_assert_false (tkr_delay_is_delayed (f->encounter, TKR_COMBATANT (delayer)));
  g_assert_true (tkr_encounter_next_turn (f->encounter, NULL));
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) == delayer);
}

/* The rows' menu's "Reveal Hidden Combatants on Their Turn"
 * (help/C/player-view.page) is a check item on the encounter's choice:
 * toggling it is one undo step, and undo shows it off again. */
static void
test_reveal_on_turn_item (TrackerFixture *f, gconstpointer data)
{
  guint steps = tkr_history_get_n_undo (f->history);
  gboolean state = TRUE;

  g_object_get (f->tracker, "reveal-hidden-on-turn", &state, NULL);
  g_assert_false (state);
  g_assert_true (
    gtk_widget_activate_action (GTK_WIDGET (f->tracker), "tracker.reveal-on-turn", NULL));
  g_assert_true (tkr_encounter_get_reveal_hidden_on_turn (f->encounter));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_true (tkr_history_undo (f->history));
  g_object_get (f->tracker, "reveal-hidden-on-turn", &state, NULL);
  g_assert_false (state);
}

int
main (int argc, char *argv[])
{
  const char *const *systems;

  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table-tracker/thousand-combatants", test_thousand_combatants);
  g_test_add_func ("/table-tracker/kleptonomicon/group-members-fold", test_group_members_fold);
  g_test_add ("/table-tracker/pf2e/reveal-hidden-on-turn-item", TrackerFixture, "pf2e",
              fixture_setup, test_reveal_on_turn_item, fixture_teardown);
  systems = tkr_tracker_get_rule_systems ();
  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autofree char *rows =
        g_strdup_printf ("/table-tracker/%s/twelve-rows-at-1280x800", systems[i]);
      g_autofree char *shots = g_strdup_printf ("/table-tracker/%s/screenshots", systems[i]);
      g_autofree char *damage =
        g_strdup_printf ("/table-tracker/%s/typed-damage-logged-undone", systems[i]);
      g_autofree char *effect =
        g_strdup_printf ("/table-tracker/%s/timed-effect-tooltip-and-toast", systems[i]);
      g_autofree char *group =
        g_strdup_printf ("/table-tracker/%s/group-damage-with-resistance", systems[i]);
      g_autofree char *saves =
        g_strdup_printf ("/table-tracker/%s/effect-with-save-prompts", systems[i]);
      g_autofree char *reminder =
        g_strdup_printf ("/table-tracker/%s/reminder-row-and-toast", systems[i]);
      g_autofree char *delay = g_strdup_printf ("/table-tracker/%s/delay-and-return", systems[i]);

      g_test_add (rows, TrackerFixture, systems[i], fixture_setup, test_twelve_rows,
                  fixture_teardown);
      g_test_add (damage, TrackerFixture, systems[i], fixture_setup, test_typed_damage,
                  fixture_teardown);
      g_test_add (shots, TrackerFixture, systems[i], fixture_setup, test_screenshots,
                  fixture_teardown);
      g_test_add (effect, TrackerFixture, systems[i], fixture_setup, test_timed_effect,
                  fixture_teardown);
      g_test_add (group, TrackerFixture, systems[i], fixture_setup, test_group_health,
                  fixture_teardown);
      g_test_add (saves, TrackerFixture, systems[i], fixture_setup, test_effect_with_save,
                  fixture_teardown);
      g_test_add (reminder, TrackerFixture, systems[i], fixture_setup, test_reminder_row,
                  fixture_teardown);
      g_test_add (delay, TrackerFixture, systems[i], fixture_setup, test_delay_keys,
                  fixture_teardown);
    }
  return g_test_run ();
}
