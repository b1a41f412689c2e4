/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-reset-pane.h"
#include "tkr-feedback.h"

/* Upper bound of a Check Roll's spin button; the core validates the real limits. */
#define SPIN_MAX_CHECK 999

struct _TkrApResetPane
{
  AdwBin parent_instance;

  TkrApEncounter *encounter;
  GSignalGroup *history_signals;

  /* Rolls typed in for the coming Reset: "%p/condition" -> value. */
  GHashTable *typed;
  /* Each roll's spin button in the rolls list -> its key in "typed". */
  GHashTable *roll_keys;
  /* What the rolls list shows, so it is made again only when that
   * changes. */
  char *rolls_shown;
  /* What the last Reset run here did: rows of title, subtitle. */
  GPtrArray *last_reset;
  int last_reset_turn;

  GtkWidget *reset_box;
  GtkListBox *reset_steps_list;
  GtkListBox *rolls_list;
  GtkButton *run_reset_button;
  AdwPreferencesGroup *last_reset_group;
  GtkListBox *last_reset_list;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrApResetPane, tkr_ap_reset_pane, ADW_TYPE_BIN)

static void update (TkrApResetPane *self);

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
new_spin (int lower, int upper, int value, const char *accessible_name)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_name, -1);
  return spin;
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
typed_changed_cb (GtkSpinButton *spin, GParamSpec *pspec, TkrApResetPane *self)
{
  const char *key = g_hash_table_lookup (self->roll_keys, spin);
  int value = gtk_spin_button_get_value_as_int (spin);

  if (key == NULL)
    return;
  if (value > 0)
    g_hash_table_insert (self->typed, g_strdup (key), GINT_TO_POINTER (value));
  else
    g_hash_table_remove (self->typed, key);
}

/* Everything typed in that still fits the combatant's die and conditions;
 * the rest is rolled by the core. */
static TkrApRolls *
build_rolls (TkrApResetPane *self)
{
  TkrApRolls *rolls = tkr_ap_rolls_new ();
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
  g_autoptr (TkrApRolls) rolls = NULL;
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
            g_string_append_printf (text, _ (" · still %s"), old[j]);
          else
            /* Translators: a condition the Reset ended */
            g_string_append_printf (text, _ (" · no longer %s"), old[j]);
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

static GtkWidget *
new_roll_row (TkrApResetPane *self,
              TkrApCombatant *combatant,
              const char *condition,
              const char *title,
              const char *subtitle,
              int upper,
              const char *accessible)
{
  GtkWidget *row = new_info_row (title, subtitle);
  GtkWidget *spin = new_spin (0, upper, typed_value (self, combatant, condition), accessible);

  g_hash_table_insert (self->roll_keys, spin, typed_key (combatant, condition));
  g_signal_connect_object (spin, "notify::value", G_CALLBACK (typed_changed_cb), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  return row;
}

/* The rolls to type in for the coming Reset: each Finesse Die (or the
 * surprised AP) and each Check Roll against a Persistent condition. Made
 * again only when the rolls themselves change. */
static void
update_rolls (TkrApResetPane *self)
{
  GListModel *combatants = tkr_ap_encounter_get_members (self->encounter);
  g_autoptr (GString) shown = g_string_new (NULL);
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  int check_die = tkr_ap_encounter_get_check_die (self->encounter);
  int surprised_ap = tkr_ap_encounter_get_surprised_first_ap (self->encounter);

  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
      int die = tkr_ap_combatant_get_finesse_die (combatant);
      int adjustment = tkr_ap_combatant_get_ap_adjustment (combatant);
      gboolean surprised;

      tkr_ap_encounter_reset_ap (self->encounter, combatant, 0, &surprised);
      g_string_append_printf (shown, "%s/%d/%d/%d|", combatant_name (combatant), die, adjustment,
                              surprised);
      for (guint j = 0; j < n_items (conditions); j++)
        {
          g_autoptr (TkrCondition) mark = g_list_model_get_item (conditions, j);

          if (tkr_condition_get_kind (mark) == TKR_CONDITION_KIND_PERSISTENT)
            g_string_append_printf (shown, "%s/%d|", tkr_condition_get_name (mark),
                                    tkr_condition_get_value (mark));
        }
    }
  if (g_strcmp0 (shown->str, self->rolls_shown) == 0)
    return;
  g_free (self->rolls_shown);
  self->rolls_shown = g_strdup (shown->str);

  g_hash_table_remove_all (self->roll_keys);
  clear_list (self->rolls_list);
  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
      const char *name = combatant_name (combatant);
      int adjustment = tkr_ap_combatant_get_ap_adjustment (combatant);
      g_autofree char *subtitle = NULL;
      g_autofree char *accessible = NULL;
      gboolean surprised;
      GtkWidget *row;

      for (guint j = 0; j < n_items (conditions); j++)
        {
          g_autoptr (TkrCondition) mark = g_list_model_get_item (conditions, j);
          const char *condition = tkr_condition_get_name (mark);
          g_autofree char *title = NULL;
          g_autofree char *check = NULL;
          g_autofree char *check_name = NULL;

          if (tkr_condition_get_kind (mark) != TKR_CONDITION_KIND_PERSISTENT)
            continue;
          title = g_strdup_printf (_ ("%s: %s"), name, condition);
          check = g_strdup_printf (_ ("Check Roll on a d%d: %d or more shakes it off"), check_die,
                                   tkr_condition_get_value (mark));
          check_name = g_strdup_printf (_ ("Check Roll of %s against %s"), name, condition);
          gtk_list_box_append (self->rolls_list, new_roll_row (self, combatant, condition, title,
                                                               check, SPIN_MAX_CHECK, check_name));
        }

      /* The Finesse Die, or exactly the surprised AP in the opening Reset. */
      tkr_ap_encounter_reset_ap (self->encounter, combatant, 0, &surprised);
      if (surprised)
        {
          subtitle = g_strdup_printf (_ ("Surprised: gets exactly %d AP, no roll"), surprised_ap);
          gtk_list_box_append (self->rolls_list, new_info_row (name, subtitle));
          continue;
        }
      if (adjustment != 0)
        subtitle = g_strdup_printf (_ ("Finesse Die d%d, %+d AP"),
                                    tkr_ap_combatant_get_finesse_die (combatant), adjustment);
      else
        subtitle =
          g_strdup_printf (_ ("Finesse Die d%d"), tkr_ap_combatant_get_finesse_die (combatant));
      accessible = g_strdup_printf (_ ("Finesse Die of %s"), name);
      row = new_roll_row (self, combatant, NULL, name, subtitle,
                          tkr_ap_combatant_get_finesse_die (combatant), accessible);
      gtk_widget_set_tooltip_text (row, _ ("The face the die showed; 0 rolls it"));
      gtk_list_box_append (self->rolls_list, row);
    }
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
  update_rolls (self);
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
  g_autoptr (TkrApRolls) rolls = NULL;

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
  g_hash_table_remove_all (self->roll_keys);
  g_clear_pointer (&self->rolls_shown, g_free);
  clear_list (self->rolls_list);
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
  if (self->roll_keys != NULL)
    g_hash_table_remove_all (self->roll_keys);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_RESET_PANE);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_ap_reset_pane_parent_class)->dispose (object);
}

static void
tkr_ap_reset_pane_finalize (GObject *object)
{
  TkrApResetPane *self = TKR_AP_RESET_PANE (object);

  g_clear_pointer (&self->typed, g_hash_table_unref);
  g_clear_pointer (&self->roll_keys, g_hash_table_unref);
  g_clear_pointer (&self->rolls_shown, g_free);
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
  BIND (run_reset_button);
  BIND (last_reset_group);
  BIND (last_reset_list);
  BIND (error_label);
#undef BIND
}

static void
tkr_ap_reset_pane_init (TkrApResetPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->typed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->roll_keys = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->last_reset = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect_object (self->run_reset_button, "clicked", G_CALLBACK (run_clicked_cb), self,
                           G_CONNECT_SWAPPED);

  /* Every recorded step, undo and redo: the preview and the rolls. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (update), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_ap_reset_pane_new (void)
{
  return g_object_new (TKR_TYPE_AP_RESET_PANE, NULL);
}
