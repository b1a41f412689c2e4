/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-klep-group-row.h"
#include "tkr-klep-order-row.h"
#include "tkr-klep-setup-view.h"
#include "tkr-klep-test-row.h"

struct _TkrKlepSetupView
{
  AdwBin parent_instance;

  TkrKlepEncounter *encounter;
  TkrKlepSetup *setup;
  GSignalGroup *encounter_signals;
  GSignalGroup *setup_signals;
  GSignalGroup *groups_signals;
  GSignalGroup *history_signals;
  GRand *rand;
  GSettings *settings;

  /* The PC and group of the test on screen. */
  TkrCharacter *test_pc;
  TkrKlepNpcGroup *test_group;

  /* A button to focus again once the lists are rebuilt, so a keyboard user
   * who moved a group or settled a tie keeps their place. */
  char *refocus_key;
  gboolean syncing;

  GtkListBox *groups_list;
  GtkWidget *test_box;
  GtkLabel *test_title;
  GtkLabel *test_hint;
  GtkLabel *sneaky_label;
  GtkSwitch *sneaky_switch;
  GtkSpinButton *score_spin;
  GtkButton *enter_button;
  GtkButton *roll_button;
  GtkLabel *status_label;
  GtkLabel *last_result_label;
  GtkListBox *results_list;
  GtkListBox *preview_list;
  GListStore *preview_store; /* TkrKlepTurnEntry, the order as it stands */
  GPtrArray *preview_keys;   /* what each preview row shows, see preview_key */
  GtkLabel *error_label;
  GtkButton *abandon_button;
  GtkButton *start_button;
};

G_DEFINE_FINAL_TYPE (TkrKlepSetupView, tkr_klep_setup_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (TkrKlepSetupView *self);

static TkrHistory *
get_history (TkrKlepSetupView *self)
{
  return self->encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (self->encounter)) : NULL;
}

static gboolean
report (TkrKlepSetupView *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

/* A button to focus again after a change is known by its widget name, such
 * as "tie-up:<character id>". */
static GtkWidget *
find_named (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
restore_focus (TkrKlepSetupView *self)
{
  g_autofree char *key = g_steal_pointer (&self->refocus_key);
  GtkWidget *target;

  if (key == NULL)
    return;

  target = find_named (GTK_WIDGET (self), key);
  if (target != NULL && gtk_widget_get_sensitive (target))
    gtk_widget_grab_focus (target);
}

/* NPC groups */

static guint
group_position (TkrKlepSetupView *self, TkrKlepNpcGroup *group)
{
  GListModel *groups = tkr_klep_setup_get_groups (self->setup);
  guint n = g_list_model_get_n_items (groups);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrKlepNpcGroup) item = g_list_model_get_item (groups, i);

      if (item == group)
        return i;
    }

  return G_MAXUINT;
}

/* Which arrows and merges each row offers follows from its place; the rows
 * themselves are made and dropped by the bound groups model. */
static void
update_group_moves (TkrKlepSetupView *self)
{
  guint n_groups =
    self->setup ? g_list_model_get_n_items (tkr_klep_setup_get_groups (self->setup)) : 0;

  for (guint i = 0; i < n_groups; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->groups_list, i);

      if (TKR_IS_KLEP_GROUP_ROW (row))
        tkr_klep_group_row_set_can_move (TKR_KLEP_GROUP_ROW (row), i > 0, i + 1 < n_groups);
    }
}

static void
group_move_cb (TkrKlepGroupRow *row, int delta, TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrKlepNpcGroup) group = g_object_ref (tkr_klep_group_row_get_group (row));
  GtkListBoxRow *moved;
  guint position;

  if (self->setup == NULL)
    return;

  position = group_position (self, group);
  if (position == G_MAXUINT || (delta < 0 && position == 0))
    return;

  if (!report (self,
               tkr_klep_setup_move_group (self->setup, get_history (self), group, position + delta,
                                          &error),
               error))
    return;

  /* The moved group has a new row: a keyboard user keeps their place on
   * its arrow. */
  moved = gtk_list_box_get_row_at_index (self->groups_list, position + delta);
  if (TKR_IS_KLEP_GROUP_ROW (moved))
    tkr_klep_group_row_focus_move_button (TKR_KLEP_GROUP_ROW (moved), delta);
}

/* The GM picks who moves (seed, "Turn Order", rule 1): the core refuses
 * nobody or everyone, and the row's popover says why. */
static gboolean
group_split_cb (TkrKlepGroupRow *row, GPtrArray *moved, TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  TkrKlepNpcGroup *new_group;

  if (self->setup == NULL)
    return FALSE;

  new_group =
    tkr_klep_setup_split_group (self->setup, get_history (self), tkr_klep_group_row_get_group (row),
                                (TkrCharacter *const *) moved->pdata, moved->len, &error);
  if (new_group == NULL)
    {
      tkr_klep_group_row_show_split_refusal (row, error ? error->message : NULL);
      return FALSE;
    }
  report (self, TRUE, NULL);
  return TRUE;
}

static void
group_merge_cb (TkrKlepGroupRow *row, TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrKlepNpcGroup) next = NULL;
  TkrKlepNpcGroup *group = tkr_klep_group_row_get_group (row);
  guint position;

  if (self->setup == NULL)
    return;

  position = group_position (self, group);
  if (position == G_MAXUINT)
    return;
  next = g_list_model_get_item (tkr_klep_setup_get_groups (self->setup), position + 1);
  if (next == NULL)
    return;

  report (self, tkr_klep_setup_merge_groups (self->setup, get_history (self), group, next, &error),
          error);
}

static void
group_rename_cb (TkrKlepGroupRow *row, const char *name, TkrKlepSetupView *self)
{
  if (self->setup == NULL)
    return;

  tkr_klep_setup_rename_group (self->setup, get_history (self), tkr_klep_group_row_get_group (row),
                               name);
}

static GtkWidget *
create_group_row (gpointer item, gpointer user_data)
{
  TkrKlepSetupView *self = user_data;
  GtkWidget *row = tkr_klep_group_row_new (item);

  g_signal_connect_object (row, "move", G_CALLBACK (group_move_cb), self, 0);
  g_signal_connect_object (row, "split", G_CALLBACK (group_split_cb), self, 0);
  g_signal_connect_object (row, "merge", G_CALLBACK (group_merge_cb), self, 0);
  g_signal_connect_object (row, "rename", G_CALLBACK (group_rename_cb), self, 0);
  return row;
}

/* The test on screen */

static void
refresh_test (TkrKlepSetupView *self)
{
  TkrCharacter *pc = NULL;
  TkrKlepNpcGroup *group = NULL;
  gboolean has_test = FALSE;

  if (self->setup != NULL)
    has_test = tkr_klep_setup_get_next_test (self->setup, &pc, &group);

  if (!has_test)
    {
      pc = NULL;
      group = NULL;
    }
  g_set_object (&self->test_pc, pc);
  g_set_object (&self->test_group, group);
  gtk_widget_set_visible (self->test_box, has_test);

  if (has_test)
    {
      const char *pc_name = tkr_character_get_name (pc);
      const char *group_name = tkr_klep_npc_group_get_name (group);
      TkrRules *rules = tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter));
      /* TRANSLATORS: "Alice tests Edge against Goblins" */
      g_autofree char *title =
        g_strdup_printf (_ ("%s tests Edge against %s"), pc_name, group_name);
      /* TRANSLATORS: the PC's Edge modifier, the highest Low Score, the PC
       * and the group, e.g. "Edge +1. A Score of 6 or less places Alice
       * right after Goblins." */
      g_autofree char *hint = g_strdup_printf (
        _ ("Edge %+d. A Score of %d or less places %s right after %s."),
        tkr_character_get_edge_save (pc), tkr_rules_get_low_max (rules), pc_name, group_name);
      /* TRANSLATORS: the label of a switch, with a group's name */
      g_autofree char *sneaky = g_strdup_printf (_ ("Sneaky toward %s"), group_name);

      gtk_label_set_text (self->test_title, title);
      gtk_label_set_text (self->test_hint, hint);
      gtk_label_set_text (self->sneaky_label, sneaky);

      self->syncing = TRUE;
      gtk_switch_set_active (self->sneaky_switch,
                             tkr_klep_setup_get_sneaky (self->setup, pc, group));
      self->syncing = FALSE;
    }

  if (self->setup == NULL)
    gtk_label_set_text (self->status_label, "");
  else if (g_list_model_get_n_items (tkr_klep_setup_get_pcs (self->setup)) == 0)
    gtk_label_set_text (self->status_label,
                        _ ("No PC takes part yet. Add PCs from the roster, or start with the NPCs "
                           "alone."));
  else if (!has_test)
    gtk_label_set_text (self->status_label,
                        _ ("Every PC has a place in the order. Start the encounter when ready."));
  else
    gtk_label_set_text (self->status_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label),
                          gtk_label_get_text (self->status_label)[0] != '\0');
}

static void
show_result (TkrKlepSetupView *self,
             TkrCharacter *pc,
             TkrKlepNpcGroup *group,
             const char *roll_text)
{
  g_autofree char *text = NULL;
  int score;

  if (!tkr_klep_setup_get_score (self->setup, pc, group, &score))
    return;

  if (roll_text != NULL)
    /* TRANSLATORS: "Alice rolled against Goblins: 1d10 (7) + 1 = 8, Mixed" */
    text = g_strdup_printf (_ ("%s rolled against %s: %s"), tkr_character_get_name (pc),
                            tkr_klep_npc_group_get_name (group), roll_text);
  else
    /* TRANSLATORS: "Alice against Goblins: 8, Mixed" */
    text = g_strdup_printf (_ ("%s against %s: %d, %s"), tkr_character_get_name (pc),
                            tkr_klep_npc_group_get_name (group), score,
                            tkr_score_range_to_string (tkr_rules_classify (
                              tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter)), score)));

  gtk_label_set_text (self->last_result_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->last_result_label), TRUE);
}

static void
enter_score (TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) pc = NULL;
  g_autoptr (TkrKlepNpcGroup) group = NULL;
  int score;
  gboolean ok;

  if (self->setup == NULL || self->test_pc == NULL)
    return;

  pc = g_object_ref (self->test_pc);
  group = g_object_ref (self->test_group);
  gtk_spin_button_update (self->score_spin);
  score = gtk_spin_button_get_value_as_int (self->score_spin);
  ok = tkr_klep_setup_enter_score (self->setup, get_history (self), pc, group, score, &error);
  if (report (self, ok, error))
    show_result (self, pc, group, NULL);
  refresh (self);
}

static void
enter_clicked_cb (TkrKlepSetupView *self)
{
  enter_score (self);
}

static void
score_activate_cb (TkrKlepSetupView *self)
{
  enter_score (self);
}

static void
roll_clicked_cb (TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) pc = NULL;
  g_autoptr (TkrKlepNpcGroup) group = NULL;
  g_autoptr (TkrTestRoll) roll = NULL;

  if (self->setup == NULL || self->test_pc == NULL)
    return;

  pc = g_object_ref (self->test_pc);
  group = g_object_ref (self->test_group);
  roll = tkr_klep_setup_roll (self->setup, get_history (self), pc, group, self->rand, &error);
  if (report (self, roll != NULL, error))
    {
      g_autofree char *description = tkr_test_roll_describe (roll);

      show_result (self, pc, group, description);
    }
  refresh (self);
}

static void
sneaky_active_cb (TkrKlepSetupView *self)
{
  if (self->syncing || self->setup == NULL || self->test_pc == NULL)
    return;

  tkr_klep_setup_set_sneaky (self->setup, get_history (self), self->test_pc, self->test_group,
                             gtk_switch_get_active (self->sneaky_switch));
}

/* Results by PC */

static void
test_row_retest_cb (TkrKlepTestRow *row, TkrKlepSetupView *self)
{
  TkrCharacter *pc = tkr_klep_test_row_get_pc (row);
  GListModel *groups;
  guint n;
  g_autoptr (TkrKlepNpcGroup) last = NULL;

  if (self->setup == NULL)
    return;

  /* The first test is against the group at the back; forgetting from there
   * forgets every test of this PC (seed, "Turn Order"). */
  groups = tkr_klep_setup_get_groups (self->setup);
  n = g_list_model_get_n_items (groups);
  if (n == 0)
    return;
  last = g_list_model_get_item (groups, n - 1);
  tkr_klep_setup_retake_from (self->setup, get_history (self), pc, last);
}

static GtkWidget *
create_test_row (gpointer item, gpointer user_data)
{
  TkrKlepSetupView *self = user_data;
  GtkWidget *row = tkr_klep_test_row_new (self->setup, item);

  g_signal_connect_object (row, "retest", G_CALLBACK (test_row_retest_cb), self, 0);
  return row;
}

/* Order preview and ties */

static void
order_row_place_before_cb (TkrKlepOrderRow *row,
                           TkrCharacter *pc,
                           TkrCharacter *other,
                           TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *row_pc = tkr_klep_order_row_get_pc (row);

  if (self->setup == NULL || row_pc == NULL)
    return;

  /* The row is made again in its new place; the arrow clicked gets the
   * focus back there (the row's own PC goes first with its "earlier"
   * arrow, second with its "later" one). */
  g_free (self->refocus_key);
  self->refocus_key =
    g_strdup_printf ("%s:%s", pc == row_pc ? "tie-up" : "tie-down", tkr_character_get_id (row_pc));
  report (self, tkr_klep_setup_place_before (self->setup, get_history (self), pc, other, &error),
          error);
  refresh (self);
}

static TkrCharacter *
pc_at (GListModel *order, guint position)
{
  g_autoptr (TkrKlepTurnEntry) entry = g_list_model_get_item (order, position);

  /* The entry stays in the order while the row is made. */
  return entry ? tkr_klep_order_row_entry_pc (entry) : NULL;
}

static GtkWidget *
create_preview_row (gpointer item, gpointer user_data)
{
  TkrKlepSetupView *self = user_data;
  GListModel *order = G_LIST_MODEL (self->preview_store);
  guint position = 0;
  GtkWidget *row;

  g_list_store_find (self->preview_store, item, &position);
  row = tkr_klep_order_row_new (item, position, position > 0 ? pc_at (order, position - 1) : NULL,
                                pc_at (order, position + 1));
  g_signal_connect_object (row, "place-before", G_CALLBACK (order_row_place_before_cb), self, 0);
  return row;
}

/* What the row at @position shows, as text to compare: its place, the
 * entry's name and members, and the PCs beside it. */
static char *
preview_key (GPtrArray *order, guint position)
{
  TkrKlepTurnEntry *entry = g_ptr_array_index (order, position);
  TkrCharacter *prev_pc =
    position > 0 ? tkr_klep_order_row_entry_pc (g_ptr_array_index (order, position - 1)) : NULL;
  TkrCharacter *next_pc = position + 1 < order->len
                            ? tkr_klep_order_row_entry_pc (g_ptr_array_index (order, position + 1))
                            : NULL;
  GListModel *members = tkr_klep_turn_entry_get_members (entry);
  g_autoptr (GString) key = g_string_new (NULL);

  g_string_printf (key, "%u\n%s\n%s\n%s", position, tkr_klep_turn_entry_get_name (entry),
                   prev_pc ? tkr_character_get_id (prev_pc) : "",
                   next_pc ? tkr_character_get_id (next_pc) : "");
  for (guint i = 0; i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (TkrKlepCombatant) member = g_list_model_get_item (members, i);
      TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (member));

      g_string_append_printf (key, "\n%s %s", tkr_character_get_id (character),
                              tkr_character_get_name (character));
    }
  return g_string_free (g_steal_pointer (&key), FALSE);
}

/* The preview follows the Setup's order by replacing only the run of rows
 * that changed, not the whole list. */
static void
update_preview (TkrKlepSetupView *self)
{
  g_autoptr (GPtrArray) order = NULL;
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *old_keys = self->preview_keys;
  guint start = 0;
  guint end = 0;
  guint n_removed;

  order = self->setup ? tkr_klep_setup_build_order (self->setup)
                      : g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < order->len; i++)
    g_ptr_array_add (keys, preview_key (order, i));

  while (start < old_keys->len && start < keys->len &&
         g_str_equal (old_keys->pdata[start], keys->pdata[start]))
    start++;
  while (end < old_keys->len - start && end < keys->len - start &&
         g_str_equal (old_keys->pdata[old_keys->len - 1 - end], keys->pdata[keys->len - 1 - end]))
    end++;
  if (start == old_keys->len && start == keys->len)
    return;

  n_removed = old_keys->len - start - end;
  g_ptr_array_unref (self->preview_keys);
  self->preview_keys = g_ptr_array_ref (keys);
  g_list_store_splice (self->preview_store, start, n_removed, order->pdata + start,
                       keys->len - start - end);
}

static void
refresh (TkrKlepSetupView *self)
{
  gboolean complete = self->setup != NULL && tkr_klep_setup_is_complete (self->setup);

  refresh_test (self);
  gtk_widget_set_visible (GTK_WIDGET (self->results_list),
                          self->setup != NULL &&
                            g_list_model_get_n_items (tkr_klep_setup_get_pcs (self->setup)) > 0);
  update_preview (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), complete);
  gtk_widget_set_sensitive (GTK_WIDGET (self->abandon_button), self->setup != NULL);
  restore_focus (self);
}

static void
start_clicked_cb (TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;

  ok = tkr_encounter_begin_main (TKR_ENCOUNTER (self->encounter), &error);
  report (self, ok, error);
}

static void
abandon_clicked_cb (TkrKlepSetupView *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;

  ok = tkr_encounter_abandon_setup (TKR_ENCOUNTER (self->encounter), &error);
  report (self, ok, error);
}

/* The GM's preference (Preferences, "dice-mode"): players roll physical
 * dice and the Score is typed in, or the app rolls. The preferred button
 * is the suggested one. */
static void
dice_mode_changed_cb (TkrKlepSetupView *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "dice-mode");
  gboolean roll = g_strcmp0 (mode, "roll") == 0;

  if (roll)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->roll_button), "suggested-action");
      gtk_widget_remove_css_class (GTK_WIDGET (self->enter_button), "suggested-action");
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->enter_button), "suggested-action");
      gtk_widget_remove_css_class (GTK_WIDGET (self->roll_button), "suggested-action");
    }
}

/* NULL when the schema is not installed (a widget shown on its own). */
static GSettings *
lookup_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "dice-mode"))
    return NULL;

  return g_settings_new_full (schema, NULL, NULL);
}

static void
set_setup (TkrKlepSetupView *self, TkrKlepSetup *setup)
{
  if (self->setup == setup)
    {
      refresh (self);
      return;
    }

  g_set_object (&self->setup, setup);
  g_signal_group_set_target (self->setup_signals, setup);
  gtk_list_box_bind_model (self->groups_list, setup ? tkr_klep_setup_get_groups (setup) : NULL,
                           create_group_row, self, NULL);
  g_signal_group_set_target (self->groups_signals,
                             setup ? tkr_klep_setup_get_groups (setup) : NULL);
  gtk_list_box_bind_model (self->results_list, setup ? tkr_klep_setup_get_pcs (setup) : NULL,
                           create_test_row, self, NULL);
  update_group_moves (self);
  gtk_widget_set_visible (GTK_WIDGET (self->last_result_label), FALSE);
  tkr_feedback_clear (self->error_label);
  refresh (self);
}

static void
encounter_setup_changed_cb (TkrKlepSetupView *self)
{
  set_setup (self, self->encounter ? tkr_klep_encounter_get_setup (self->encounter) : NULL);
}

static void
setup_changed_cb (TkrKlepSetupView *self)
{
  refresh (self);
}

static void
tkr_klep_setup_view_dispose (GObject *object)
{
  TkrKlepSetupView *self = TKR_KLEP_SETUP_VIEW (object);

  if (self->groups_list != NULL)
    gtk_list_box_bind_model (self->groups_list, NULL, NULL, NULL, NULL);
  if (self->results_list != NULL)
    gtk_list_box_bind_model (self->results_list, NULL, NULL, NULL, NULL);
  if (self->preview_list != NULL)
    gtk_list_box_bind_model (self->preview_list, NULL, NULL, NULL, NULL);
  g_clear_object (&self->preview_store);
  g_clear_pointer (&self->preview_keys, g_ptr_array_unref);
  if (self->encounter_signals != NULL)
    g_signal_group_set_target (self->encounter_signals, NULL);
  if (self->setup_signals != NULL)
    g_signal_group_set_target (self->setup_signals, NULL);
  if (self->groups_signals != NULL)
    g_signal_group_set_target (self->groups_signals, NULL);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->encounter_signals);
  g_clear_object (&self->setup_signals);
  g_clear_object (&self->groups_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->test_pc);
  g_clear_object (&self->test_group);
  g_clear_object (&self->setup);
  g_clear_object (&self->encounter);
  g_clear_pointer (&self->rand, g_rand_free);
  g_clear_pointer (&self->refocus_key, g_free);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tkr_klep_setup_view_parent_class)->dispose (object);
}

static void
tkr_klep_setup_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepSetupView *self = TKR_KLEP_SETUP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_setup_view_set_property (GObject *object,
                                  guint prop_id,
                                  const GValue *value,
                                  GParamSpec *pspec)
{
  TkrKlepSetupView *self = TKR_KLEP_SETUP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_klep_setup_view_set_encounter (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_setup_view_class_init (TkrKlepSetupViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_setup_view_dispose;
  object_class->get_property = tkr_klep_setup_view_get_property;
  object_class->set_property = tkr_klep_setup_view_set_property;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_KLEP_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  tkr_encounter_ui_ensure_style ();
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-setup-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, groups_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, test_box);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, test_title);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, test_hint);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, sneaky_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, sneaky_switch);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, score_spin);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, enter_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, roll_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, status_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, last_result_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, results_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, preview_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, error_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, abandon_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepSetupView, start_button);
}

static void
tkr_klep_setup_view_init (TkrKlepSetupView *self)
{
  GtkLabel *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->preview_store = g_list_store_new (TKR_TYPE_KLEP_TURN_ENTRY);
  self->preview_keys = g_ptr_array_new_with_free_func (g_free);
  gtk_list_box_bind_model (self->preview_list, G_LIST_MODEL (self->preview_store),
                           create_preview_row, self, NULL);

  self->rand = g_rand_new ();
  self->settings = lookup_settings ();
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::dice-mode",
                               G_CALLBACK (dice_mode_changed_cb), self, G_CONNECT_SWAPPED);
      dice_mode_changed_cb (self);
    }

  g_signal_connect_object (self->enter_button, "clicked", G_CALLBACK (enter_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roll_button, "clicked", G_CALLBACK (roll_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_editable_get_delegate (GTK_EDITABLE (self->score_spin)), "activate",
                           G_CALLBACK (score_activate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sneaky_switch, "notify::active", G_CALLBACK (sneaky_active_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->start_button, "clicked", G_CALLBACK (start_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->abandon_button, "clicked", G_CALLBACK (abandon_clicked_cb), self,
                           G_CONNECT_SWAPPED);

  placeholder = GTK_LABEL (gtk_label_new (_ ("No NPCs: every PC goes before everyone.")));
  gtk_label_set_wrap (placeholder, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (placeholder), "dim-label");
  gtk_widget_set_margin_top (GTK_WIDGET (placeholder), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (placeholder), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (placeholder), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (placeholder), 12);
  gtk_list_box_set_placeholder (self->groups_list, GTK_WIDGET (placeholder));

  placeholder = GTK_LABEL (gtk_label_new (_ ("Nobody in the order yet.")));
  gtk_widget_add_css_class (GTK_WIDGET (placeholder), "dim-label");
  gtk_widget_set_margin_top (GTK_WIDGET (placeholder), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (placeholder), 12);
  gtk_list_box_set_placeholder (self->preview_list, GTK_WIDGET (placeholder));

  self->encounter_signals = g_signal_group_new (TKR_TYPE_KLEP_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::setup",
                                 G_CALLBACK (encounter_setup_changed_cb), self, G_CONNECT_SWAPPED);

  self->setup_signals = g_signal_group_new (TKR_TYPE_KLEP_SETUP);
  g_signal_group_connect_object (self->setup_signals, "changed", G_CALLBACK (setup_changed_cb),
                                 self, G_CONNECT_SWAPPED);

  /* After the list box has made or dropped the rows of a change. */
  self->groups_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->groups_signals, "items-changed",
                                 G_CALLBACK (update_group_moves), self,
                                 G_CONNECT_SWAPPED | G_CONNECT_AFTER);

  /* Undo and redo restore the Setup's lists and properties directly;
   * refresh after them too. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (setup_changed_cb),
                                 self, G_CONNECT_SWAPPED);

  refresh (self);
}

GtkWidget *
tkr_klep_setup_view_new (void)
{
  return g_object_new (TKR_TYPE_KLEP_SETUP_VIEW, NULL);
}

TkrKlepEncounter *
tkr_klep_setup_view_get_encounter (TkrKlepSetupView *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP_VIEW (self), NULL);

  return self->encounter;
}

void
tkr_klep_setup_view_set_encounter (TkrKlepSetupView *self, TkrKlepEncounter *encounter)
{
  g_return_if_fail (TKR_IS_KLEP_SETUP_VIEW (self));
  g_return_if_fail (encounter == NULL || TKR_IS_KLEP_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;

  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  set_setup (self, encounter ? tkr_klep_encounter_get_setup (encounter) : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}
