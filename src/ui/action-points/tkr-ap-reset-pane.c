/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-reset-pane.h"
#include "tkr-ap-roll-row.h"
#include "tkr-feedback.h"

struct _TkrApResetPane
{
  AdwBin parent_instance;

  TkrApEncounter *encounter;
  GSignalGroup *history_signals;

  /* Rolls typed in for the coming Reset: "%p/condition" -> value. The
   * rows of the rolls list follow the core's TkrPendingRoll objects. */
  GHashTable *typed;
  /* What the last Reset run here did: rows of title, subtitle. */
  GPtrArray *last_reset;
  int last_reset_turn;

  GtkWidget *reset_box;
  GtkListBox *reset_steps_list;
  GtkListBox *rolls_list;
  GtkSliceListModel *rolls_shown; /* the first rolls of a crowd's Reset */
  GListModel *bound;              /* what the list shows (not owned) */
  gboolean show_all;              /* the GM asked for every roll */
  GtkButton *more_rolls_button;
  GtkButton *run_reset_button;
  AdwPreferencesGroup *last_reset_group;
  GtkListBox *last_reset_list;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrApResetPane, tkr_ap_reset_pane, ADW_TYPE_BIN)

static void update (TkrApResetPane *self);

/* A Reset of a crowd lists its first rolls; the rest are rolled unless
 * the GM asks to see them all (a row each costs a frame's worth of work
 * per few dozen; help/C/action-points.page). */
#define ROLLS_SHOWN 40

static GtkWidget *create_roll_row (gpointer item, gpointer user_data);

/* Up to ROLLS_SHOWN, the list is the core's list itself, so a step that
 * adds or removes a roll keeps every other row; beyond, its first
 * ROLLS_SHOWN and a button for the rest. */
static void
bind_rolls (TkrApResetPane *self)
{
  GListModel *all = gtk_slice_list_model_get_model (self->rolls_shown);
  guint n = all != NULL ? g_list_model_get_n_items (all) : 0;
  gboolean slice = n > ROLLS_SHOWN && !self->show_all;
  g_autofree char *label = NULL;

  GListModel *wanted = slice ? G_LIST_MODEL (self->rolls_shown) : all;

  if (wanted != self->bound)
    {
      self->bound = wanted;
      gtk_list_box_bind_model (self->rolls_list, wanted, create_roll_row, self, NULL);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->more_rolls_button), slice);
  if (!slice)
    return;
  /* Translators: under the first rolls of a Reset; %u is how many are not listed */
  label =
    g_strdup_printf (g_dngettext (NULL, "Show %u More Roll", "Show %u More Rolls", n - ROLLS_SHOWN),
                     n - ROLLS_SHOWN);
  gtk_button_set_label (self->more_rolls_button, label);
}

static void
more_rolls_cb (TkrApResetPane *self)
{
  self->show_all = TRUE;
  bind_rolls (self);
}

static const char *
combatant_name (TkrApCombatant *combatant)
{
  return tkr_character_get_name (tkr_combatant_get_character (TKR_COMBATANT (combatant)));
}

static guint
n_items (GListModel *model)
{
  return model ? g_list_model_get_n_items (model) : 0;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static GtkWidget *
new_info_row (const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  /* Names come from the GM, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL && *subtitle != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static GtkWidget *
plain_expander (void)
{
  GtkWidget *row = adw_expander_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

static char *
typed_key (TkrApCombatant *combatant, const char *condition)
{
  return g_strdup_printf ("%p/%s", (gpointer) combatant, condition ? condition : "");
}

static int
typed_value (TkrApResetPane *self, TkrApCombatant *combatant, const char *condition)
{
  g_autofree char *key = typed_key (combatant, condition);

  return GPOINTER_TO_INT (g_hash_table_lookup (self->typed, key));
}

static void
typed_changed_cb (TkrApRollRow *row, GParamSpec *pspec, TkrApResetPane *self)
{
  TkrPendingRoll *roll = tkr_ap_roll_row_get_roll (row);
  g_autofree char *key = typed_key ((TkrApCombatant *) tkr_pending_roll_get_combatant (roll),
                                    tkr_pending_roll_get_what (roll));
  int value = tkr_ap_roll_row_get_typed (row);

  if (value > 0)
    g_hash_table_insert (self->typed, g_steal_pointer (&key), GINT_TO_POINTER (value));
  else
    g_hash_table_remove (self->typed, key);
}

static GtkWidget *
create_roll_row (gpointer item, gpointer user_data)
{
  TkrApResetPane *self = user_data;
  TkrPendingRoll *roll = item;
  GtkWidget *row = tkr_ap_roll_row_new (
    self->encounter, roll,
    typed_value (self, (TkrApCombatant *) tkr_pending_roll_get_combatant (roll),
                 tkr_pending_roll_get_what (roll)));

  g_signal_connect_object (row, "notify::typed", G_CALLBACK (typed_changed_cb), self, 0);
  return row;
}

/* Everything typed in that still fits the combatant's die and conditions;
 * the rest is rolled by the core. */
static TkrTypedRolls *
build_rolls (TkrApResetPane *self)
{
  TkrTypedRolls *rolls = tkr_typed_rolls_new ();
  GListModel *combatants = tkr_ap_encounter_get_members (self->encounter);

  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
      int face = typed_value (self, combatant, NULL);

      if (face > 0 && face <= tkr_ap_combatant_get_finesse_die (combatant))
        tkr_ap_rolls_set_finesse (rolls, combatant, face);

      for (guint j = 0; j < n_items (conditions); j++)
        {
          g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, j);
          const char *name = tkr_condition_get_name (condition);
          int total = typed_value (self, combatant, name);

          if (tkr_condition_get_kind (condition) == TKR_CONDITION_KIND_PERSISTENT && total > 0)
            tkr_ap_rolls_set_check (rolls, combatant, name, total);
        }
    }
  return rolls;
}

/* The names of @combatant's conditions. */
static GStrv
condition_names (TkrApCombatant *combatant)
{
  GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();

  for (guint i = 0; i < n_items (conditions); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);

      g_strv_builder_add (names, tkr_condition_get_name (condition));
    }
  return g_strv_builder_end (names);
}

static void
add_last_reset_row (TkrApResetPane *self, const char *title, const char *subtitle)
{
  g_ptr_array_add (self->last_reset, g_strdup (title));
  g_ptr_array_add (self->last_reset, g_strdup (subtitle));
}

/* Shows what the last Reset did: per combatant a summary; the Reset's
 * own log lines fold away. Made once, after the Reset ran. */
static void
show_last_reset (TkrApResetPane *self)
{
  GtkWidget *log = plain_expander ();
  guint n_lines = 0;

  clear_list (self->last_reset_list);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (log), _ ("Log of the Reset"));
  for (guint i = 0; i + 1 < self->last_reset->len; i += 2)
    {
      const char *subtitle = g_ptr_array_index (self->last_reset, i + 1);
      GtkWidget *row = new_info_row (g_ptr_array_index (self->last_reset, i), subtitle);

      if (subtitle != NULL)
        gtk_list_box_append (self->last_reset_list, row);
      else
        {
          adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (log), row);
          n_lines++;
        }
    }
  if (n_lines > 0)
    gtk_list_box_append (self->last_reset_list, log);
  else
    g_object_unref (g_object_ref_sink (log));
}

/* Runs the Reset with the typed rolls, then keeps what it did to show:
 * AP per combatant, the conditions dropped and kept, and its log lines. */
gboolean
tkr_ap_reset_pane_run (TkrApResetPane *self, GError **error)
{
  g_autoptr (TkrTypedRolls) rolls = NULL;
  g_autoptr (GPtrArray) before = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GListModel *combatants, *log;
  guint log_start;

  g_return_val_if_fail (TKR_IS_AP_RESET_PANE (self), FALSE);
  g_return_val_if_fail (self->encounter != NULL, FALSE);

  combatants = tkr_ap_encounter_get_members (self->encounter);
  log = tkr_encounter_get_log (TKR_ENCOUNTER (self->encounter));
  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);

      g_ptr_array_add (before, condition_names (combatant));
    }
  log_start = n_items (log);

  rolls = build_rolls (self);
  if (!tkr_ap_encounter_run_reset (self->encounter, rolls, error))
    return FALSE;

  g_hash_table_remove_all (self->typed);
  g_ptr_array_set_size (self->last_reset, 0);
  self->last_reset_turn = tkr_ap_encounter_get_turn (self->encounter);
  for (guint i = 0; i < n_items (combatants) && i < before->len; i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      g_auto (GStrv) after = condition_names (combatant);
      GStrv old = g_ptr_array_index (before, i);
      g_autoptr (GString) text = g_string_new (NULL);

      /* Translators: what a Reset gave a combatant */
      g_string_printf (text, _ ("%d AP"), tkr_ap_combatant_get_ap (combatant));
      for (guint j = 0; old[j] != NULL; j++)
        {
          if (g_strv_contains ((const char *const *) after, old[j]))
            /* Translators: a condition the Reset did not end */
            g_string_append_printf (text, _ (" · still %s"), tkr_rules_translate (old[j]));
          else
            /* Translators: a condition the Reset ended */
            g_string_append_printf (text, _ (" · no longer %s"), tkr_rules_translate (old[j]));
        }
      add_last_reset_row (self, combatant_name (combatant), text->str);
    }
  for (guint i = log_start; i < n_items (log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

      add_last_reset_row (self, tkr_log_entry_get_text (entry), NULL);
    }
  show_last_reset (self);
  update (self);
  return TRUE;
}

static void
run_clicked_cb (TkrApResetPane *self)
{
  g_autoptr (GError) error = NULL;

  tkr_feedback_check (GTK_WIDGET (self), self->error_label, tkr_ap_reset_pane_run (self, &error),
                      error);
}

/* The five steps of seed 004's Reset Phase, as the core previews them. */
static void
update_reset (TkrApResetPane *self)
{
  g_auto (GStrv) steps = tkr_ap_encounter_preview_reset (self->encounter);

  for (int i = 0; i < TKR_AP_RESET_STEPS; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->reset_steps_list, i);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   *steps[i] ? steps[i] : _ ("Nothing to do"));
    }
}

static void
update (TkrApResetPane *self)
{
  TkrPhase phase;
  gboolean reset;
  int turn;

  if (self->encounter == NULL)
    return;
  phase = tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter));
  reset = (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED) &&
          tkr_ap_encounter_get_step (self->encounter) == TKR_AP_STEP_RESET;
  turn = tkr_ap_encounter_get_turn (self->encounter);
  gtk_widget_set_visible (self->reset_box, reset);
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_reset_button), phase == TKR_PHASE_MAIN);
  /* What the last Reset did, only while it describes the Turn on the
   * table. */
  gtk_widget_set_visible (GTK_WIDGET (self->last_reset_group),
                          !reset && self->last_reset->len > 0 && self->last_reset_turn == turn);
  if (reset)
    update_reset (self);
}

gboolean
tkr_ap_reset_pane_end (TkrApResetPane *self, GError **error)
{
  g_autoptr (TkrTypedRolls) rolls = NULL;

  g_return_val_if_fail (TKR_IS_AP_RESET_PANE (self), FALSE);
  g_return_val_if_fail (self->encounter != NULL, FALSE);

  /* Combat closes with a Reset (seed 004, Reset Phase): typed Check
   * Rolls count for it too. */
  rolls = build_rolls (self);
  if (!tkr_ap_encounter_end (self->encounter, rolls, error))
    return FALSE;
  g_hash_table_remove_all (self->typed);
  return TRUE;
}

void
tkr_ap_reset_pane_set_encounter (TkrApResetPane *self, TkrApEncounter *encounter)
{
  g_return_if_fail (TKR_IS_AP_RESET_PANE (self));
  g_return_if_fail (encounter == NULL || TKR_IS_AP_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  g_hash_table_remove_all (self->typed);
  /* The core keeps the rolls from here on, before this pane follows the
   * history. */
  self->show_all = FALSE;
  self->bound = NULL;
  gtk_list_box_bind_model (self->rolls_list, NULL, NULL, NULL, NULL);
  gtk_slice_list_model_set_model (self->rolls_shown,
                                  encounter ? tkr_ap_encounter_get_reset_rolls (encounter) : NULL);
  bind_rolls (self);
  g_ptr_array_set_size (self->last_reset, 0);
  clear_list (self->last_reset_list);
  tkr_feedback_clear (self->error_label);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  update (self);
}

static void
tkr_ap_reset_pane_dispose (GObject *object)
{
  TkrApResetPane *self = TKR_AP_RESET_PANE (object);

  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->history_signals);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_RESET_PANE);
  g_clear_object (&self->encounter);
  g_clear_object (&self->rolls_shown);

  G_OBJECT_CLASS (tkr_ap_reset_pane_parent_class)->dispose (object);
}

static void
tkr_ap_reset_pane_finalize (GObject *object)
{
  TkrApResetPane *self = TKR_AP_RESET_PANE (object);

  g_clear_pointer (&self->typed, g_hash_table_unref);
  g_clear_pointer (&self->last_reset, g_ptr_array_unref);

  G_OBJECT_CLASS (tkr_ap_reset_pane_parent_class)->finalize (object);
}

static void
tkr_ap_reset_pane_class_init (TkrApResetPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_ap_reset_pane_dispose;
  object_class->finalize = tkr_ap_reset_pane_finalize;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-ap-reset-pane.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrApResetPane, name)
  BIND (reset_box);
  BIND (reset_steps_list);
  BIND (rolls_list);
  BIND (more_rolls_button);
  BIND (run_reset_button);
  BIND (last_reset_group);
  BIND (last_reset_list);
  BIND (error_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, more_rolls_cb);
}

static void
tkr_ap_reset_pane_init (TkrApResetPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->typed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->last_reset = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect_object (self->run_reset_button, "clicked", G_CALLBACK (run_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  self->rolls_shown = gtk_slice_list_model_new (NULL, 0, ROLLS_SHOWN);
  /* The core's list grows or shrinks: past ROLLS_SHOWN or back. */
  g_signal_connect_object (self->rolls_shown, "items-changed", G_CALLBACK (bind_rolls), self,
                           G_CONNECT_SWAPPED);

  /* Every recorded step, undo and redo: the preview (the rolls' rows
   * follow the core's list by themselves). */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (update), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_ap_reset_pane_new (void)
{
  return g_object_new (TKR_TYPE_AP_RESET_PANE, NULL);
}
