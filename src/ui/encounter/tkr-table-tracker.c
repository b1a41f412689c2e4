/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-effect-dialog.h"
#include "tkr-effects.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-quick-dialogs.h"
#include "tkr-save-row.h"
#include "tkr-table-tracker.h"
#include "tkr-tracker-row.h"

/* Below this width the rows drop their less needed columns. */
#define COMPACT_WIDTH 620

struct _TkrTableTracker
{
  GtkWidget parent_instance;

  TkrEncounter *encounter;
  GSignalGroup *encounter_signals;
  GSignalGroup *history_signals;
  GSignalGroup *order_signals;
  GSignalGroup *combatants_signals;
  GSignalGroup *reminders_signals;
  GtkMultiSelection *selection;
  /* The row the keys and the details act on: the one selected last, or
   * the first of those selected (GTK_INVALID_LIST_POSITION: none). */
  guint primary;
  GObject *primary_item;
  GHashTable *bound_rows; /* TkrTrackerRow, the rows bound now */
  GHashTable *places;     /* slot -> its place in the order, from 1 */
  GHashTable *covered;    /* the slots and group members in the order */
  GHashTable *toggled;    /* groups the GM opened or folded, away from the default */
  GListStore *rows;       /* what the list shows, from the order */
  gboolean rows_stale;    /* the order or the combatants changed */
  GListModel *order;      /* the encounter's, followed for the places */
  GObject *pending_edit;  /* a slot whose health opens once its row is bound */
  char *pending_start;    /* what its entry starts with */
  gboolean compact;
  guint compact_tick;

  GtkLabel *round_label;
  GtkLabel *current_label;
  GtkLabel *next_label;
  GtkLabel *error_label;
  GtkListView *list_view;
  GtkListBox *saves_list;
  GSignalGroup *saves_signals;
  GtkToggleButton *details_button;
  GtkWidget *content;
};

G_DEFINE_FINAL_TYPE (TkrTableTracker, tkr_table_tracker, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_DETAILS_VISIBLE,
  PROP_SELECTED,
  PROP_REVEAL_HIDDEN_ON_TURN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void rebuild_rows (TkrTableTracker *self);
static void find_primary (TkrTableTracker *self);
static void roll_first_save (TkrTableTracker *self);

static void
update_header (TkrTableTracker *self)
{
  g_autofree char *round = NULL;
  g_autofree char *current = NULL;
  g_autofree char *next = NULL;
  GListModel *order;
  int index;
  guint n;

  if (self->encounter == NULL || tkr_encounter_get_round (self->encounter) == 0)
    {
      gtk_label_set_text (self->round_label, "");
      gtk_label_set_text (self->current_label, "");
      gtk_label_set_text (self->next_label, "");
      return;
    }

  order = tkr_encounter_get_order (self->encounter);
  n = g_list_model_get_n_items (order);
  index = tkr_encounter_get_current_index (self->encounter);
  /* Translators: the round in the tracker's header */
  round = g_strdup_printf (_ ("Round %d"), tkr_encounter_get_round (self->encounter));
  gtk_label_set_text (self->round_label, round);
  if (index >= 0 && (guint) index < n)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, index);
      g_autoptr (GObject) following = g_list_model_get_item (order, (index + 1) % n);
      g_autofree char *name = tkr_tracker_slot_dup_name (slot);
      g_autofree char *next_name = tkr_tracker_slot_dup_name (following);

      /* Translators: whose turn it is, in the tracker's header */
      current = g_strdup_printf (_ ("%s’s turn"), name != NULL ? name : "");
      /* Translators: who comes after the current turn */
      next = g_strdup_printf (_ ("Next: %s"), next_name != NULL ? next_name : "");
    }
  gtk_label_set_text (self->current_label, current != NULL ? current : "");
  gtk_label_set_text (self->next_label, next != NULL ? next : "");
}

/* After each history step, undo or redo: the header, and which row has
 * the turn; each row follows its own combatant. */
static void
history_changed_cb (TkrTableTracker *self)
{
  GHashTableIter iter;
  gpointer row;

  if (self->rows_stale)
    rebuild_rows (self);
  update_header (self);
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    tkr_tracker_row_update_current (row);
}

/* Up to this many members, a group's rows show under it unless the GM
 * folds them; a larger group shows one row until the GM opens it, so a
 * turn that moves past it does not move the list by hundreds of rows
 * (help/C/tracker.page). */
#define MEMBERS_SHOWN 12

/* (transfer full) (nullable): a group's members; none for one combatant */
static GListModel *
group_members (GObject *slot)
{
  return tkr_tracker_slot_get_combatant (slot) == NULL ? tkr_tracker_slot_get_members (slot) : NULL;
}

static gboolean
group_expanded (TkrTableTracker *self, GObject *slot, GListModel *members)
{
  gboolean open = g_list_model_get_n_items (members) <= MEMBERS_SHOWN;

  return g_hash_table_contains (self->toggled, slot) ? !open : open;
}

/* A slot is a row; a group of more than one is its own row, followed by
 * a row for each member while it is open, so every combatant can have a
 * row. Every member counts as in the order, shown or not. */
/* Reminders still to come before the turn of @combatant (tkr-reminders.h)
 * show as rows just above it. */
static void
add_reminder_rows (TkrTableTracker *self, TkrCombatant *combatant, GPtrArray *items)
{
  g_autoptr (GPtrArray) reminders = NULL;

  if (combatant == NULL || g_list_model_get_n_items (tkr_reminders_get_list (self->encounter)) == 0)
    return;
  reminders = tkr_reminders_before (self->encounter, combatant);
  /* Those done stay, dimmed, so undo finds them where they were. */
  for (guint i = 0; i < reminders->len; i++)
    g_ptr_array_add (items, g_object_ref (reminders->pdata[i]));
}

static void
add_rows_of_slot (TkrTableTracker *self, GObject *slot, GPtrArray *items)
{
  g_autoptr (GListModel) members = group_members (slot);
  gboolean shown = members != NULL && group_expanded (self, slot, members);

  /* A group of one stands for its member. */
  add_reminder_rows (self, tkr_tracker_slot_get_combatant (slot), items);
  for (guint i = 0; members != NULL && i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);

      if (TKR_IS_COMBATANT (member))
        add_reminder_rows (self, TKR_COMBATANT (member), items);
    }

  g_hash_table_add (self->covered, slot);
  g_ptr_array_add (items, g_object_ref (slot));
  for (guint i = 0; members != NULL && i < g_list_model_get_n_items (members); i++)
    {
      GObject *member = g_list_model_get_item (members, i);

      g_hash_table_add (self->covered, member);
      if (shown)
        g_ptr_array_add (items, member);
      else
        g_object_unref (member);
    }
}

/* The rows again, from the order and the combatants: the order's slots
 * (a group followed by its members), then whoever is out of the order
 * this round (an Action-Point combatant with no AP left), so everyone
 * has a row. One splice, after the step that changed them, so the list
 * never sees a half-changed order. */
static void
rebuild_rows (TkrTableTracker *self)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  GListModel *combatants = self->encounter ? tkr_encounter_get_combatants (self->encounter) : NULL;
  guint n = self->order != NULL ? g_list_model_get_n_items (self->order) : 0;

  self->rows_stale = FALSE;
  g_hash_table_remove_all (self->places);
  g_hash_table_remove_all (self->covered);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (self->order, i);

      g_hash_table_insert (self->places, slot, GUINT_TO_POINTER (i + 1));
      /* A group of one stands for its member. */
      if (tkr_tracker_slot_get_combatant (slot) != NULL)
        g_hash_table_add (self->covered, tkr_tracker_slot_get_combatant (slot));
      add_rows_of_slot (self, slot, items);
    }
  for (guint i = 0; combatants != NULL && i < g_list_model_get_n_items (combatants); i++)
    {
      GObject *combatant = g_list_model_get_item (combatants, i);

      if (g_hash_table_contains (self->covered, combatant))
        g_object_unref (combatant);
      else
        {
          add_reminder_rows (self, TKR_COMBATANT (combatant), items);
          g_ptr_array_add (items, combatant);
        }
    }
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       items->pdata, items->len);
  find_primary (self);
}

static void
rows_changed_cb (TkrTableTracker *self)
{
  self->rows_stale = TRUE;
  /* Outside a history step (a file read in), at once; inside one, when
   * the step is over. */
  if (self->encounter != NULL &&
      !tkr_history_in_group (tkr_encounter_get_history (self->encounter)))
    rebuild_rows (self);
}

/* Opens or folds @group's members' rows; the group's row stays
 * selected. */
static void
toggle_members (TkrTableTracker *self, GObject *group)
{
  guint n;

  if (!g_hash_table_remove (self->toggled, group))
    g_hash_table_add (self->toggled, g_object_ref (group));
  rebuild_rows (self);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      if (row == group)
        {
          tkr_table_tracker_select (self, i);
          break;
        }
    }
}

static void
row_toggle_members_cb (TkrTableTracker *self, TkrTrackerRow *row)
{
  GObject *slot = tkr_tracker_row_get_slot (row);

  if (slot != NULL)
    toggle_members (self, slot);
}

/* The group of the selected row: itself, or the group a selected member
 * belongs to. */
static GObject *
selected_group (TkrTableTracker *self)
{
  GObject *selected = tkr_table_tracker_get_selected (self);
  guint position = self->primary;

  if (selected == NULL)
    return NULL;
  if (g_hash_table_contains (self->places, selected))
    {
      g_autoptr (GListModel) members = group_members (selected);

      return members != NULL ? selected : NULL;
    }
  /* A member's row follows its group's. */
  for (guint i = position; i-- > 0;)
    {
      g_autoptr (GObject) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      if (g_hash_table_contains (self->places, row))
        {
          g_autoptr (GListModel) members = group_members (row);

          return members != NULL ? row : NULL;
        }
    }
  return NULL;
}

static void
setup_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TkrTableTracker *self)
{
  TkrTrackerRow *row = tkr_tracker_row_new ();

  tkr_tracker_row_set_compact (row, self->compact);
  g_signal_connect_object (row, "toggle-members", G_CALLBACK (row_toggle_members_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_list_item_set_child (item, GTK_WIDGET (row));
}

/* The row's role: its place in the order, a group's member (0), or out
 * of the order this round (-1). */
static int
place_of (TkrTableTracker *self, gpointer slot)
{
  guint place = GPOINTER_TO_UINT (g_hash_table_lookup (self->places, slot));

  if (place > 0)
    return place;
  return g_hash_table_contains (self->covered, slot) ? 0 : -1;
}

static void
bind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TkrTableTracker *self)
{
  TkrTrackerRow *row = TKR_TRACKER_ROW (gtk_list_item_get_child (item));
  gpointer slot = gtk_list_item_get_item (item);

  tkr_tracker_row_set_compact (row, self->compact);
  g_autoptr (GListModel) members = slot != NULL ? group_members (slot) : NULL;

  tkr_tracker_row_bind (row, self->encounter, slot, place_of (self, slot),
                        members != NULL && group_expanded (self, slot, members));
  g_hash_table_add (self->bound_rows, row);
  if (slot != NULL && slot == self->pending_edit)
    {
      g_clear_object (&self->pending_edit);
      tkr_tracker_row_edit_health_with (row, self->pending_start ? self->pending_start : "");
    }
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TkrTableTracker *self)
{
  TkrTrackerRow *row = TKR_TRACKER_ROW (gtk_list_item_get_child (item));

  g_hash_table_remove (self->bound_rows, row);
  tkr_tracker_row_unbind (row);
}

static TkrTrackerRow *
find_bound_row (TkrTableTracker *self, GObject *slot)
{
  GHashTableIter iter;
  gpointer row;

  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    if (tkr_tracker_row_get_slot (row) == slot)
      return row;
  return NULL;
}

GObject *
tkr_table_tracker_get_selected (TkrTableTracker *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_TRACKER (self), NULL);
  return self->primary_item;
}

static void
set_primary (TkrTableTracker *self, guint position)
{
  g_autoptr (GObject) item = NULL;

  if (position != GTK_INVALID_LIST_POSITION)
    item = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  self->primary = item != NULL ? position : GTK_INVALID_LIST_POSITION;
  if (item == self->primary_item)
    return;
  g_set_object (&self->primary_item, item);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

/* The selection changed in @position .. @position + @n_items: the row
 * just selected there alone becomes the primary one; else it stays while
 * it is selected; else the first selected row is. */
static void
selection_changed_cb (TkrTableTracker *self, guint position, guint n_items)
{
  GtkSelectionModel *model = GTK_SELECTION_MODEL (self->selection);
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (model);
  g_autoptr (GtkBitset) changed = gtk_bitset_new_range (position, n_items);

  gtk_bitset_intersect (changed, selected);
  if (gtk_bitset_get_size (changed) == 1)
    set_primary (self, gtk_bitset_get_minimum (changed));
  else if (self->primary != GTK_INVALID_LIST_POSITION &&
           gtk_bitset_contains (selected, self->primary))
    set_primary (self, self->primary);
  else
    set_primary (self, gtk_bitset_is_empty (selected) ? GTK_INVALID_LIST_POSITION
                                                      : gtk_bitset_get_minimum (selected));
}

/* The rows were made again: the primary row is found at its new place. */
static void
find_primary (TkrTableTracker *self)
{
  GListModel *rows = G_LIST_MODEL (self->rows);
  guint n = g_list_model_get_n_items (rows);

  if (self->primary_item == NULL)
    return;
  if (self->primary < n)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, self->primary);

      if (item == self->primary_item)
        return;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);

      if (item == self->primary_item &&
          gtk_selection_model_is_selected (GTK_SELECTION_MODEL (self->selection), i))
        {
          self->primary = i;
          return;
        }
    }
  set_primary (self, GTK_INVALID_LIST_POSITION);
}

void
tkr_table_tracker_select (TkrTableTracker *self, guint position)
{
  GtkSelectionModel *model;
  guint n;

  g_return_if_fail (TKR_IS_TABLE_TRACKER (self));

  model = GTK_SELECTION_MODEL (self->selection);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  if (position >= n)
    return;
  /* GTK 4.8 binds again every row it has made between the old and the
   * new selected position; through no selection, it binds only those two
   * (a turn after a group of 996: from ~400 binds to ~200, all from the
   * scroll; bench/bench-tracker). Only the last change is announced. */
  if (self->primary != GTK_INVALID_LIST_POSITION && self->primary != position)
    {
      g_signal_handlers_block_by_func (model, selection_changed_cb, self);
      gtk_selection_model_unselect_all (model);
      g_signal_handlers_unblock_by_func (model, selection_changed_cb, self);
    }
  gtk_selection_model_select_item (model, position, TRUE);
  set_primary (self, position);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

GPtrArray *
tkr_table_tracker_get_selected_combatants (TkrTableTracker *self)
{
  g_autoptr (GtkBitset) selected = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  GPtrArray *combatants = g_ptr_array_new_with_free_func (g_object_unref);
  GtkBitsetIter iter;
  guint position;

  g_return_val_if_fail (TKR_IS_TABLE_TRACKER (self), combatants);

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position); more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (GObject) row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
      TkrCombatant *combatant = tkr_tracker_slot_get_combatant (row);
      g_autoptr (GListModel) members = combatant == NULL ? group_members (row) : NULL;

      /* A group's row stands for all its members. */
      for (guint i = 0; members != NULL && i < g_list_model_get_n_items (members); i++)
        {
          g_autoptr (GObject) member = g_list_model_get_item (members, i);
          TkrCombatant *one = tkr_tracker_slot_get_combatant (member);

          if (one != NULL && g_hash_table_add (seen, one))
            g_ptr_array_add (combatants, g_object_ref (one));
        }
      if (combatant != NULL && g_hash_table_add (seen, combatant))
        g_ptr_array_add (combatants, g_object_ref (combatant));
    }
  return combatants;
}

gboolean
tkr_table_tracker_edit_health (TkrTableTracker *self)
{
  return tkr_table_tracker_edit_health_with (self, "");
}

gboolean
tkr_table_tracker_edit_health_with (TkrTableTracker *self, const char *start)
{
  GObject *slot;
  TkrTrackerRow *row;
  guint position;

  g_return_val_if_fail (TKR_IS_TABLE_TRACKER (self), FALSE);
  g_return_val_if_fail (start != NULL, FALSE);

  position = self->primary;
  slot = tkr_table_tracker_get_selected (self);
  if (slot == NULL)
    return FALSE;
  /* The selected row may be off screen: bring it in, then open it. */
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
  row = find_bound_row (self, slot);
  if (row == NULL)
    {
      /* It opens when the scrolled-to row is bound. */
      g_set_object (&self->pending_edit, slot);
      g_free (self->pending_start);
      self->pending_start = g_strdup (start);
      return tkr_tracker_slot_get_combatant (slot) != NULL;
    }
  return tkr_tracker_row_edit_health_with (row, start);
}

static void
row_activated_cb (TkrTableTracker *self, guint position)
{
  tkr_table_tracker_select (self, position);
  tkr_table_tracker_edit_health (self);
}

static void
select_by (TkrTableTracker *self, int delta)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  guint selected = self->primary;

  if (n == 0)
    return;
  if (selected == GTK_INVALID_LIST_POSITION)
    selected = delta > 0 ? n - 1 : 0;
  tkr_table_tracker_select (self, (selected + n + delta) % n);
}

/* Adds the next or the previous row to the selection, keeping the
 * others (Shift+Alt+Down, Shift+Alt+Up). */
static void
extend_by (TkrTableTracker *self, int delta)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  guint position;

  if (n == 0)
    return;
  if (self->primary == GTK_INVALID_LIST_POSITION)
    {
      select_by (self, delta);
      return;
    }
  position = (self->primary + n + delta) % n;
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, FALSE);
  set_primary (self, position);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

static void
select_current (TkrTableTracker *self)
{
  GObject *current =
    self->encounter != NULL ? tkr_encounter_get_current_slot (self->encounter) : NULL;
  GListModel *rows = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (rows);
  guint from;

  if (current == NULL)
    return;
  /* Without groups a slot's row is at its place; with groups, after it. */
  from = GPOINTER_TO_UINT (g_hash_table_lookup (self->places, current));
  for (guint i = from > 0 ? from - 1 : 0; i < n; i++)
    {
      g_autoptr (GObject) row = g_list_model_get_item (rows, i);

      if (row == current)
        {
          tkr_table_tracker_select (self, i);
          return;
        }
    }
}

/* The combatant the fight keys act on: the selected row's, else whose
 * turn it is (selected from now on). NULL, said why, when the row is a
 * group of several. */
static TkrCombatant *
acting_combatant (TkrTableTracker *self)
{
  GObject *slot;
  TkrCombatant *combatant;

  if (self->encounter == NULL)
    return NULL;
  if (tkr_table_tracker_get_selected (self) == NULL)
    select_current (self);
  slot = tkr_table_tracker_get_selected (self);
  combatant = slot != NULL ? tkr_tracker_slot_get_combatant (slot) : NULL;
  if (combatant == NULL)
    tkr_feedback_show (GTK_WIDGET (self), self->error_label,
                       slot != NULL ? _ ("Select one member of the group first")
                                    : _ ("Select a combatant first"),
                       TRUE);
  return combatant;
}

typedef gboolean (*QuickFunc) (TkrEncounter *self, TkrCombatant *combatant, GError **error);

/* The fight keys with nothing to ask (help/C/keyboard.page): the
 * system's command on the acting combatant, or its refusal shown. */
static const struct
{
  const char *action;
  QuickFunc run;
} quick_actions[] = {
  { "tracker.spend", tkr_encounter_spend_turn_resource },
  { "tracker.react", tkr_encounter_react },
  { "tracker.dash", tkr_encounter_dash },
  { "tracker.rest", tkr_encounter_rest },
};

/* The typed health change each health key starts with (help/C/
 * tracker.page): damage, healing, temporary health. */
static const struct
{
  const char *action;
  const char *start;
} health_actions[] = {
  { "tracker.edit-health", "" },
  { "tracker.damage", "-" },
  { "tracker.heal", "+" },
  { "tracker.temporary-health", "t" },
};

static gboolean
run_quick (TkrTableTracker *self, const char *action_name)
{
  TkrCombatant *combatant;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (quick_actions); i++)
    if (g_str_equal (action_name, quick_actions[i].action))
      {
        combatant = acting_combatant (self);
        if (combatant == NULL)
          return TRUE;
        if (quick_actions[i].run (self->encounter, combatant, &error))
          tkr_feedback_clear (self->error_label);
        else
          tkr_feedback_show_error (GTK_WIDGET (self), self->error_label, error);
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (health_actions); i++)
    if (g_str_equal (action_name, health_actions[i].action))
      {
        if (tkr_table_tracker_get_selected (self) == NULL)
          select_current (self);
        tkr_table_tracker_edit_health_with (self, health_actions[i].start);
        return TRUE;
      }
  return FALSE;
}

/* The keys that ask first: a condition, or a distance. */
static void
open_quick_dialog (TkrTableTracker *self, TkrQuickCommand command)
{
  g_autoptr (GError) error = NULL;
  TkrCombatant *combatant;

  if (self->encounter == NULL)
    return;
  if (!tkr_quick_check_supported (self->encounter, command, &error))
    {
      tkr_feedback_show_error (GTK_WIDGET (self), self->error_label, error);
      return;
    }
  combatant = acting_combatant (self);
  if (combatant == NULL)
    return;
  if (command == TKR_QUICK_MOVE)
    tkr_move_dialog_present (GTK_WIDGET (self), self->encounter, combatant);
  else
    tkr_condition_chooser_present (GTK_WIDGET (self), self->encounter, combatant);
}

static void toggle_hidden (TkrTableTracker *self);

static void
tracker_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrTableTracker *self = TKR_TABLE_TRACKER (widget);

  if (run_quick (self, action_name))
    return;
  if (g_str_equal (action_name, "tracker.add-condition"))
    open_quick_dialog (self, TKR_QUICK_ADD_CONDITION);
  else if (g_str_equal (action_name, "tracker.move"))
    open_quick_dialog (self, TKR_QUICK_MOVE);
  else if (g_str_equal (action_name, "tracker.select-next"))
    select_by (self, 1);
  else if (g_str_equal (action_name, "tracker.select-previous"))
    select_by (self, -1);
  else if (g_str_equal (action_name, "tracker.select-current"))
    select_current (self);
  else if (g_str_equal (action_name, "tracker.add-effect"))
    {
      TkrCombatant *combatant = acting_combatant (self);

      if (combatant != NULL)
        tkr_effect_dialog_present (GTK_WIDGET (self), self->encounter, combatant);
    }
  else if (g_str_equal (action_name, "tracker.add-reminder"))
    {
      TkrCombatant *combatant = acting_combatant (self);

      if (combatant != NULL)
        tkr_reminder_dialog_present (GTK_WIDGET (self), self->encounter, combatant);
    }
  else if (g_str_equal (action_name, "tracker.delay"))
    {
      GObject *current =
        self->encounter != NULL ? tkr_encounter_get_current_slot (self->encounter) : NULL;
      g_autoptr (GError) error = NULL;
      gboolean ok;

      if (self->encounter == NULL)
        return;
      /* Where the rules have a held action instead of Delay (the d20
       * Wait), the same key holds it for whose turn it is. */
      if (tkr_rules_get_hold (tkr_encounter_get_rules (self->encounter)))
        ok = TKR_IS_COMBATANT (current) &&
             tkr_encounter_hold (self->encounter, TKR_COMBATANT (current), &error);
      else
        ok = tkr_encounter_delay (self->encounter, &error);
      if (!ok && error != NULL)
        tkr_feedback_show_error (GTK_WIDGET (self), self->error_label, error);
    }
  else if (g_str_equal (action_name, "tracker.return"))
    {
      TkrCombatant *combatant = acting_combatant (self);
      g_autoptr (GError) error = NULL;
      gboolean ok;

      if (combatant == NULL)
        return;
      if (tkr_rules_get_hold (tkr_encounter_get_rules (self->encounter)))
        ok = tkr_encounter_act_on_hold (self->encounter, combatant, &error);
      else
        ok = tkr_encounter_return_from_delay (self->encounter, combatant, &error);
      if (!ok)
        tkr_feedback_show_error (GTK_WIDGET (self), self->error_label, error);
    }
  else if (g_str_equal (action_name, "tracker.roll-save"))
    roll_first_save (self);
  else if (g_str_equal (action_name, "tracker.extend-next"))
    extend_by (self, 1);
  else if (g_str_equal (action_name, "tracker.extend-previous"))
    extend_by (self, -1);
  else if (g_str_equal (action_name, "tracker.group-health"))
    {
      g_autoptr (GPtrArray) combatants = tkr_table_tracker_get_selected_combatants (self);

      if (self->encounter == NULL)
        return;
      if (combatants->len == 0)
        tkr_feedback_show (GTK_WIDGET (self), self->error_label,
                           _ ("Select the combatants first (Ctrl or Shift and a click)"), TRUE);
      else
        tkr_group_health_dialog_present (GTK_WIDGET (self), self->encounter, combatants);
    }
  else if (g_str_equal (action_name, "tracker.toggle-members"))
    {
      GObject *group = selected_group (self);

      if (group != NULL)
        toggle_members (self, group);
      else
        tkr_feedback_show (GTK_WIDGET (self), self->error_label, _ ("Select a group first"), TRUE);
    }
  else if (g_str_equal (action_name, "tracker.toggle-hidden"))
    toggle_hidden (self);
}

/* Saves waiting for an answer (src/core/engine/tkr-saves.h) show above
 * the rows while there are any. */
static GtkWidget *
create_save_row (gpointer item, gpointer user_data)
{
  TkrTableTracker *self = user_data;

  return tkr_save_row_new (self->encounter, item);
}

static void
saves_changed_cb (TkrTableTracker *self)
{
  GListModel *saves = self->encounter != NULL ? tkr_saves_get_pending (self->encounter) : NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->saves_list),
                          saves != NULL && g_list_model_get_n_items (saves) > 0);
}

/* The key for the first save waiting: roll it. */
static void
roll_first_save (TkrTableTracker *self)
{
  GListModel *saves = self->encounter != NULL ? tkr_saves_get_pending (self->encounter) : NULL;
  g_autoptr (TkrRepeatSave) save = NULL;
  g_autoptr (GError) error = NULL;

  if (saves != NULL)
    save = g_list_model_get_item (saves, 0);
  if (save == NULL)
    tkr_feedback_show (GTK_WIDGET (self), self->error_label, _ ("No save is waiting"), TRUE);
  else if (!tkr_saves_resolve (self->encounter, save, TKR_SAVE_ROLL, 0, &error))
    tkr_feedback_show_error (GTK_WIDGET (self), self->error_label, error);
}

/* The current turn moved: its row is selected, so the keys act on it. */
static void
current_changed_cb (TkrTableTracker *self)
{
  update_header (self);
  select_current (self);
}

void
tkr_table_tracker_set_encounter (TkrTableTracker *self, TkrEncounter *encounter)
{
  g_return_if_fail (TKR_IS_TABLE_TRACKER (self));
  g_return_if_fail (encounter == NULL || TKR_IS_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             encounter != NULL ? tkr_encounter_get_history (encounter) : NULL);
  self->order = encounter != NULL ? tkr_encounter_get_order (encounter) : NULL;
  g_signal_group_set_target (self->order_signals, self->order);
  g_signal_group_set_target (self->reminders_signals,
                             encounter != NULL ? tkr_reminders_get_list (encounter) : NULL);
  g_signal_group_set_target (self->combatants_signals,
                             encounter != NULL ? tkr_encounter_get_combatants (encounter) : NULL);
  rebuild_rows (self);
  update_header (self);
  select_current (self);
  g_signal_group_set_target (self->saves_signals,
                             encounter != NULL ? tkr_saves_get_pending (encounter) : NULL);
  gtk_list_box_bind_model (self->saves_list,
                           encounter != NULL ? tkr_saves_get_pending (encounter) : NULL,
                           create_save_row, self, NULL);
  saves_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_HIDDEN_ON_TURN]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

TkrEncounter *
tkr_table_tracker_get_encounter (TkrTableTracker *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_TRACKER (self), NULL);
  return self->encounter;
}

/* The details pane beside the tracker follows the selected row. */
static void
details_toggled_cb (TkrTableTracker *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DETAILS_VISIBLE]);
}

static void
tkr_table_tracker_measure (GtkWidget *widget,
                           GtkOrientation orientation,
                           int for_size,
                           int *minimum,
                           int *natural,
                           int *minimum_baseline,
                           int *natural_baseline)
{
  gtk_widget_measure (TKR_TABLE_TRACKER (widget)->content, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static gboolean
apply_compact_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TkrTableTracker *self = TKR_TABLE_TRACKER (widget);
  GHashTableIter iter;
  gpointer row;

  self->compact_tick = 0;
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    tkr_tracker_row_set_compact (row, self->compact);
  return G_SOURCE_REMOVE;
}

/* The rows learn the width here: fewer columns when it is narrow, set
 * after this allocation (changing sizes inside it would be lost). */
static void
tkr_table_tracker_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TkrTableTracker *self = TKR_TABLE_TRACKER (widget);
  gboolean compact = width < COMPACT_WIDTH;

  if (compact != self->compact)
    {
      self->compact = compact;
      if (self->compact_tick == 0)
        self->compact_tick = gtk_widget_add_tick_callback (widget, apply_compact_cb, NULL, NULL);
    }
  gtk_widget_allocate (self->content, width, height, baseline, NULL);
}

static void
tkr_table_tracker_dispose (GObject *object)
{
  TkrTableTracker *self = TKR_TABLE_TRACKER (object);

  if (self->encounter_signals != NULL)
    g_signal_group_set_target (self->encounter_signals, NULL);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  if (self->saves_signals != NULL)
    g_signal_group_set_target (self->saves_signals, NULL);
  if (self->order_signals != NULL)
    g_signal_group_set_target (self->order_signals, NULL);
  if (self->combatants_signals != NULL)
    g_signal_group_set_target (self->combatants_signals, NULL);
  if (self->reminders_signals != NULL)
    g_signal_group_set_target (self->reminders_signals, NULL);
  if (self->compact_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->compact_tick);
  self->compact_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_TABLE_TRACKER);
  g_clear_pointer (&self->content, gtk_widget_unparent);
  g_clear_object (&self->encounter_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->saves_signals);
  g_clear_object (&self->order_signals);
  g_clear_object (&self->combatants_signals);
  g_clear_object (&self->reminders_signals);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->places, g_hash_table_unref);
  g_clear_pointer (&self->covered, g_hash_table_unref);
  g_clear_pointer (&self->toggled, g_hash_table_unref);
  g_clear_object (&self->selection);
  g_clear_object (&self->primary_item);
  g_clear_object (&self->encounter);
  g_clear_object (&self->pending_edit);
  g_clear_pointer (&self->pending_start, g_free);
  g_clear_pointer (&self->bound_rows, g_hash_table_unref);
  G_OBJECT_CLASS (tkr_table_tracker_parent_class)->dispose (object);
}

static void
tkr_table_tracker_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrTableTracker *self = TKR_TABLE_TRACKER (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    case PROP_DETAILS_VISIBLE:
      g_value_set_boolean (value, gtk_toggle_button_get_active (self->details_button));
      break;
    case PROP_SELECTED:
      g_value_set_object (value, tkr_table_tracker_get_selected (self));
      break;
    case PROP_REVEAL_HIDDEN_ON_TURN:
      g_value_set_boolean (value, self->encounter != NULL &&
                                    tkr_encounter_get_reveal_hidden_on_turn (self->encounter));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_table_tracker_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrTableTracker *self = TKR_TABLE_TRACKER (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_table_tracker_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_DETAILS_VISIBLE:
      gtk_toggle_button_set_active (self->details_button, g_value_get_boolean (value));
      break;
    case PROP_REVEAL_HIDDEN_ON_TURN:
      if (self->encounter != NULL)
        tkr_encounter_set_reveal_hidden_on_turn (self->encounter, g_value_get_boolean (value),
                                                 NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_table_tracker_class_init (TkrTableTrackerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char *const actions[] = {
    "tracker.edit-health",
    "tracker.select-next",
    "tracker.select-previous",
    "tracker.select-current",
    "tracker.toggle-members",
    "tracker.extend-next",
    "tracker.extend-previous",
    "tracker.roll-save",
    "tracker.delay",
    "tracker.return",
    "tracker.add-effect",
    "tracker.add-reminder",
    "tracker.group-health",
    "tracker.damage",
    "tracker.heal",
    "tracker.temporary-health",
    "tracker.spend",
    "tracker.react",
    "tracker.add-condition",
    "tracker.move",
    "tracker.dash",
    "tracker.rest",
    "tracker.toggle-hidden",
  };

  object_class->dispose = tkr_table_tracker_dispose;
  object_class->get_property = tkr_table_tracker_get_property;
  object_class->set_property = tkr_table_tracker_set_property;
  widget_class->measure = tkr_table_tracker_measure;
  widget_class->size_allocate = tkr_table_tracker_size_allocate;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The encounter's choice (help/C/player-view.page), as a check item of
   * the rows' menu. */
  properties[PROP_REVEAL_HIDDEN_ON_TURN] =
    g_param_spec_boolean ("reveal-hidden-on-turn", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DETAILS_VISIBLE] =
    g_param_spec_boolean ("details-visible", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] = g_param_spec_object ("selected", NULL, NULL, G_TYPE_OBJECT,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-table-tracker.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, round_label);
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, current_label);
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, next_label);
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, error_label);
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, list_view);
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, saves_list);
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, details_button);
  gtk_widget_class_bind_template_child (widget_class, TkrTableTracker, content);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, tracker_action);
  gtk_widget_class_install_property_action (widget_class, "tracker.reveal-on-turn",
                                            "reveal-hidden-on-turn");
  tkr_encounter_ui_ensure_style ();
}

/* An effect ended on its own (src/core/engine/tkr-effects.h): a toast
 * says what the log says, "Bless on Ann ended at the start of Kim's
 * turn". */
static void
effect_ended_cb (TkrTableTracker *self, TkrCondition *effect, TkrCombatant *holder)
{
  GListModel *log = tkr_encounter_get_log (self->encounter);
  guint n = g_list_model_get_n_items (log);
  g_autoptr (TkrLogEntry) entry = n > 0 ? g_list_model_get_item (log, n - 1) : NULL;

  if (entry != NULL && g_strcmp0 (tkr_log_entry_get_kind (entry), TKR_LOG_EFFECT_ENDED) == 0)
    tkr_feedback_show (GTK_WIDGET (self), NULL, tkr_log_entry_get_text (entry), FALSE);
}

static void
reveal_changed_cb (TkrTableTracker *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_HIDDEN_ON_TURN]);
}

/* A reminder came up (src/core/engine/tkr-reminders.h): a toast says so
 * before the turn it comes before. */
static void
reminder_cb (TkrTableTracker *self, TkrReminder *reminder)
{
  g_autofree char *text =
    /* Translators: a toast; a reminder's note as it comes up in the order */
    g_strdup_printf (_ ("Reminder: %s"), tkr_reminder_get_note (reminder));

  tkr_feedback_show (GTK_WIDGET (self), NULL, text, FALSE);
}
static void add_row_menu (TkrTableTracker *self);

static void
tkr_table_tracker_init (TkrTableTracker *self)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_toggle_button_set_active (self->details_button, TRUE);
  g_signal_connect_object (self->details_button, "notify::active", G_CALLBACK (details_toggled_cb),
                           self, G_CONNECT_SWAPPED);
  self->bound_rows = g_hash_table_new (NULL, NULL);
  self->places = g_hash_table_new (NULL, NULL);
  self->covered = g_hash_table_new (NULL, NULL);
  self->toggled = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  self->rows = g_list_store_new (G_TYPE_OBJECT);

  /* Several rows can be selected (Ctrl and Shift with a click or the
   * arrows) for a change of health to all of them. */
  self->primary = GTK_INVALID_LIST_POSITION;
  self->selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  self->encounter_signals = g_signal_group_new (TKR_TYPE_ENCOUNTER);
  g_signal_group_connect_swapped (self->encounter_signals, "notify::current-index",
                                  G_CALLBACK (current_changed_cb), self);
  g_signal_group_connect_swapped (self->encounter_signals, "notify::round",
                                  G_CALLBACK (update_header), self);
  g_signal_group_connect_swapped (self->encounter_signals, "effect-ended",
                                  G_CALLBACK (effect_ended_cb), self);
  g_signal_group_connect_swapped (self->encounter_signals, "reminder", G_CALLBACK (reminder_cb),
                                  self);
  g_signal_group_connect_swapped (self->encounter_signals, "notify::reveal-hidden-on-turn",
                                  G_CALLBACK (reveal_changed_cb), self);
  self->order_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->order_signals, "items-changed",
                                  G_CALLBACK (rows_changed_cb), self);
  self->reminders_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->reminders_signals, "items-changed",
                                  G_CALLBACK (rows_changed_cb), self);
  self->combatants_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->combatants_signals, "items-changed",
                                  G_CALLBACK (rows_changed_cb), self);
  self->saves_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->saves_signals, "items-changed",
                                  G_CALLBACK (saves_changed_cb), self);
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "changed", G_CALLBACK (history_changed_cb),
                                  self);

  /* The tracker's keys are the window's (tkr-keymap.h), so a key changed
   * in Preferences works at once and the old one no longer does. */
  add_row_menu (self);
}

GtkWidget *
tkr_table_tracker_new (void)
{
  return g_object_new (TKR_TYPE_TABLE_TRACKER, NULL);
}

/* Whether the details pane can show beside the tracker: a window too
 * narrow for both keeps the tracker whole, and the toggle says why. */
void
tkr_table_tracker_set_details_available (TkrTableTracker *self, gboolean available)
{
  g_return_if_fail (TKR_IS_TABLE_TRACKER (self));

  gtk_widget_set_sensitive (GTK_WIDGET (self->details_button), available);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_button),
                               available ? _ ("Show Details")
                                         : _ ("Widen the window to show the details"));
}

/* The players' view (help/C/player-view.page): hides the selected
 * combatant from it, or shows it again, one undoable step. */
static void
toggle_hidden (TkrTableTracker *self)
{
  g_autoptr (GError) error = NULL;
  TkrCombatant *combatant = acting_combatant (self);

  if (combatant == NULL)
    return;
  if (tkr_encounter_set_hidden (self->encounter, combatant, !tkr_combatant_get_hidden (combatant),
                                &error))
    tkr_feedback_clear (self->error_label);
  else
    tkr_feedback_show_error (GTK_WIDGET (self), self->error_label, error);
}

static gboolean
unparent_cb (gpointer popover)
{
  gtk_widget_unparent (popover);
  return G_SOURCE_REMOVE;
}

static void
row_menu_closed_cb (GtkWidget *popover)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, unparent_cb, g_object_ref (popover), g_object_unref);
}

/* A row's menu (a secondary click): the row is selected, then the menu
 * offers what acts on it. */
static void
row_menu_pressed_cb (
  GtkGestureClick *gesture, int n_press, double x, double y, TkrTableTracker *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);
  g_autoptr (GMenu) menu = g_menu_new ();
  GtkWidget *popover;
  TkrCombatant *combatant;
  GObject *slot;
  guint n;

  while (picked != NULL && !TKR_IS_TRACKER_ROW (picked))
    picked = gtk_widget_get_parent (picked);
  slot = picked != NULL ? tkr_tracker_row_get_slot (TKR_TRACKER_ROW (picked)) : NULL;
  combatant = slot != NULL ? tkr_tracker_slot_get_combatant (slot) : NULL;
  if (combatant == NULL)
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (self->selection), i);

      if (item == slot)
        {
          tkr_table_tracker_select (self, i);
          break;
        }
    }
  g_menu_append (menu,
                 tkr_combatant_get_hidden (combatant) ? _ ("Show to the Players")
                                                      : _ ("Hide from the Players"),
                 "tracker.toggle-hidden");
  g_menu_append (menu, _ ("Reveal Hidden Combatants on Their Turn"), "tracker.reveal-on-turn");
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (popover, GTK_WIDGET (self->list_view));
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle){ (int) x, (int) y, 1, 1 });
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  /* Gone once closed, after the chosen item has run. */
  g_signal_connect (popover, "closed", G_CALLBACK (row_menu_closed_cb), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
add_row_menu (TkrTableTracker *self)
{
  GtkGesture *gesture = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (row_menu_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (gesture));
}
