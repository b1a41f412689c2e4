/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-effect-dialog.h"
#include "tkr-effects.h"
#include "tkr-formula.h"

struct _TkrEffectDialog
{
  AdwWindow parent_instance;

  TkrEncounter *encounter;
  TkrCombatant *holder;
  GPtrArray *anchors; /* TkrCombatant, as the anchor row lists them */

  AdwEntryRow *name_row;
  AdwComboRow *duration_row;
  AdwEntryRow *amount_row;
  AdwComboRow *edge_row;
  AdwComboRow *anchor_row;
  GtkSpinButton *dc_spin;
  AdwComboRow *save_edge_row;
  GtkSwitch *reduces_switch;
  AdwEntryRow *damage_row;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrEffectDialog, tkr_effect_dialog, ADW_TYPE_WINDOW)

/* The order of the rows' choices. */
static const TkrEffectDuration durations[] = {
  TKR_EFFECT_DURATION_UNTIL_REMOVED,
  TKR_EFFECT_DURATION_ROUNDS,
  TKR_EFFECT_DURATION_TURNS,
  TKR_EFFECT_DURATION_ENCOUNTER,
};
static const TkrEffectEdge edges[] = { TKR_EFFECT_EDGE_TURN_START, TKR_EFFECT_EDGE_TURN_END };

static TkrEffectDuration
chosen_duration (TkrEffectDialog *self)
{
  guint index = adw_combo_row_get_selected (self->duration_row);

  return index < G_N_ELEMENTS (durations) ? durations[index] : TKR_EFFECT_DURATION_UNTIL_REMOVED;
}

static void
duration_changed_cb (TkrEffectDialog *self)
{
  TkrEffectDuration duration = chosen_duration (self);
  gboolean counted =
    duration == TKR_EFFECT_DURATION_ROUNDS || duration == TKR_EFFECT_DURATION_TURNS;

  gtk_widget_set_sensitive (GTK_WIDGET (self->amount_row), counted);
  gtk_widget_set_sensitive (GTK_WIDGET (self->edge_row), counted);
  gtk_widget_set_sensitive (GTK_WIDGET (self->anchor_row), counted);
}

static void
show_error (TkrEffectDialog *self, const char *message)
{
  gtk_label_set_text (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

/* How many rounds or turns: a number, or dice rolled now. */
static gboolean
read_amount (TkrEffectDialog *self, int *amount, GError **error)
{
  TkrFormula formula;
  int total;

  if (!tkr_formula_parse (gtk_editable_get_text (GTK_EDITABLE (self->amount_row)), &formula, error))
    return FALSE;
  total = tkr_formula_roll (&formula, tkr_encounter_get_rand (self->encounter), NULL);
  if (total < 1 || total > TKR_EFFECT_MAX_ROUNDS)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An effect lasts 1 to %d rounds or turns"), TKR_EFFECT_MAX_ROUNDS);
      return FALSE;
    }
  *amount = total;
  return TRUE;
}

static void
add (TkrEffectDialog *self)
{
  TkrHistory *history = tkr_encounter_get_history (self->encounter);
  TkrEffectDuration duration = chosen_duration (self);
  guint edge = adw_combo_row_get_selected (self->edge_row);
  guint anchor = adw_combo_row_get_selected (self->anchor_row);
  guint save_edge = adw_combo_row_get_selected (self->save_edge_row);
  int dc, amount = 1;
  g_autoptr (GError) error = NULL;
  TkrCondition *effect;

  gtk_spin_button_update (self->dc_spin);
  dc = gtk_spin_button_get_value_as_int (self->dc_spin);
  if ((duration == TKR_EFFECT_DURATION_ROUNDS || duration == TKR_EFFECT_DURATION_TURNS) &&
      !read_amount (self, &amount, &error))
    {
      show_error (self, error->message);
      return;
    }

  /* Translators: the name of a step in Undo */
  tkr_history_begin (history, N_ ("Add an Effect"));
  effect = tkr_effects_add_timed (
    self->encounter, self->holder, gtk_editable_get_text (GTK_EDITABLE (self->name_row)), duration,
    amount, edges[MIN (edge, G_N_ELEMENTS (edges) - 1)],
    anchor < self->anchors->len ? self->anchors->pdata[anchor] : NULL, NULL, &error);
  if (effect != NULL && dc > 0 &&
      !tkr_saves_set (self->encounter, effect, dc, edges[MIN (save_edge, G_N_ELEMENTS (edges) - 1)],
                      gtk_switch_get_active (self->reduces_switch),
                      gtk_editable_get_text (GTK_EDITABLE (self->damage_row)), &error))
    effect = NULL;
  if (effect == NULL)
    {
      tkr_history_abort (history);
      show_error (self, error->message);
      return;
    }
  tkr_history_end (history);
  gtk_window_close (GTK_WINDOW (self));
}

static void
add_activated_cb (TkrEffectDialog *self)
{
  add (self);
}

static void
add_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  add (TKR_EFFECT_DIALOG (widget));
}

static void
tkr_effect_dialog_dispose (GObject *object)
{
  TkrEffectDialog *self = TKR_EFFECT_DIALOG (object);

  g_clear_object (&self->encounter);
  g_clear_object (&self->holder);
  g_clear_pointer (&self->anchors, g_ptr_array_unref);
  G_OBJECT_CLASS (tkr_effect_dialog_parent_class)->dispose (object);
}

static void
tkr_effect_dialog_class_init (TkrEffectDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_effect_dialog_dispose;
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-effect-dialog.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrEffectDialog, name)
  CHILD (name_row);
  CHILD (duration_row);
  CHILD (amount_row);
  CHILD (edge_row);
  CHILD (anchor_row);
  CHILD (dc_spin);
  CHILD (save_edge_row);
  CHILD (reduces_switch);
  CHILD (damage_row);
  CHILD (error_label);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, duration_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_activated_cb);
  gtk_widget_class_install_action (widget_class, "effect.add", NULL, add_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tkr_effect_dialog_init (TkrEffectDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->anchors = g_ptr_array_new_with_free_func (g_object_unref);
  duration_changed_cb (self);
}

GtkWindow *
tkr_effect_dialog_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *holder)
{
  TkrEffectDialog *self;
  GListModel *combatants;
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *own = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_COMBATANT (holder), NULL);

  self = g_object_new (TKR_TYPE_EFFECT_DIALOG, "transient-for", gtk_widget_get_root (parent), NULL);
  self->encounter = g_object_ref (encounter);
  self->holder = g_object_ref (holder);

  /* Its holder's own turns first, then everyone else's. */
  /* Translators: the first choice of whose turn times an effect */
  own = g_strdup_printf (_ ("Its holder’s (%s)"), tkr_combatant_get_name (holder));
  gtk_string_list_append (names, own);
  g_ptr_array_add (self->anchors, g_object_ref (holder));
  combatants = tkr_encounter_get_combatants (encounter);
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

      if (combatant == holder)
        continue;
      gtk_string_list_append (names, tkr_combatant_get_name (combatant));
      g_ptr_array_add (self->anchors, g_object_ref (combatant));
    }
  adw_combo_row_set_model (self->anchor_row, G_LIST_MODEL (names));

  /* Translators: the effect dialog's title, %s is a combatant */
  title = g_strdup_printf (_ ("Add an Effect to %s"), tkr_combatant_get_name (holder));
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_present (GTK_WINDOW (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  return GTK_WINDOW (self);
}
