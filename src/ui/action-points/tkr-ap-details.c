/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-details.h"
#include "tkr-ap-mark-row.h"
#include "tkr-feedback.h"

struct _TkrApDetails
{
  AdwBin parent_instance;

  TkrApEncounter *encounter;
  TkrApCombatant *combatant;
  GSignalGroup *encounter_signals;
  GSignalGroup *combatant_signals;
  /* The combatant's resources, whose "current" this pane follows. */
  GPtrArray *resources;
  /* Each list of marks shown while it has any. */
  GBinding *shown[3];

  AdwPreferencesGroup *round_group;
  GtkWidget *commands_list;
  GtkSpinButton *move_spin;
  GtkButton *move_button;
  GtkSpinButton *act_spin;
  GtkButton *act_button;
  AdwActionRow *only_row;
  GtkButton *only_button;
  AdwActionRow *steps_row;
  GtkSpinButton *steps_spin;
  GtkButton *steps_button;
  GtkButton *pass_button;
  GtkListBox *conditions_list;
  GtkListBox *adjustments_list;
  GtkListBox *effects_list;
  AdwEntryRow *condition_entry;
  GtkCheckButton *persistent_check;
  GtkSpinButton *target_spin;
  GtkButton *add_condition_button;
  AdwEntryRow *adjustment_entry;
  GtkSpinButton *adjustment_spin;
  GtkButton *add_adjustment_button;
  AdwEntryRow *effect_entry;
  GtkSpinButton *effect_spin;
  GtkButton *add_effect_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrApDetails, tkr_ap_details, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_COMBATANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
report (TkrApDetails *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

/* The Round so far (help/C/action-points.page, "The Action Phase"), and
 * whether the actor's commands apply: only the actor acts. */
static void
update_state (TkrApDetails *self)
{
  TkrApCombatant *combatant = self->combatant;
  g_autoptr (GString) state = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *only = NULL;
  g_autofree char *steps = NULL;
  g_autofree char *description = NULL;
  g_autofree char *commands = NULL;
  int limit;

  if (combatant == NULL || self->encounter == NULL)
    return;

  limit = tkr_ap_encounter_get_free_steps_limit (self->encounter, combatant);
  /* Translators: AP left, then AP spent this Round of the most a Round */
  g_string_printf (state, _ ("%d AP left · %d of %d spent this Round"),
                   tkr_ap_combatant_get_ap (combatant), tkr_ap_combatant_get_round_ap (combatant),
                   tkr_ap_encounter_get_max_ap_per_round (self->encounter));
  if (tkr_ap_combatant_get_moved (combatant))
    g_string_append (state, _ (" · moved"));
  if (tkr_ap_combatant_get_acted (combatant))
    g_string_append (state, _ (" · acted"));
  if (tkr_ap_combatant_get_passed (combatant))
    g_string_append (state, _ (" · passed"));
  if (!tkr_ap_combatant_get_free_steps (combatant))
    g_string_append (state, _ (" · Free Steps used"));

  /* A group's title and description are markup; names are not. */
  title = g_markup_escape_text (tkr_combatant_get_name (TKR_COMBATANT (combatant)), -1);
  adw_preferences_group_set_title (self->round_group, title);
  description = g_markup_escape_text (state->str, -1);
  adw_preferences_group_set_description (self->round_group, description);

  only = g_strdup_printf (_ ("All AP left, when only 1 to %d are left"),
                          tkr_ap_encounter_get_only_action_max_ap (self->encounter));
  adw_action_row_set_subtitle (self->only_row, only);
  steps =
    tkr_ap_combatant_get_free_steps (combatant)
      ? g_strdup_printf (ngettext ("Up to %d space, once a Turn, before moving or acting",
                                   "Up to %d spaces, once a Turn, before moving or acting", limit),
                         limit)
      : g_strdup (_ ("Already taken this Turn"));
  adw_action_row_set_subtitle (self->steps_row, steps);
  gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (self->steps_spin), MAX (1, limit));
  /* Translators: the accessible name of the actor's commands */
  commands =
    g_strdup_printf (_ ("Commands of %s"), tkr_combatant_get_name (TKR_COMBATANT (combatant)));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->commands_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, commands, -1);
  gtk_widget_set_sensitive (self->commands_list,
                            tkr_ap_encounter_get_actor (self->encounter) == combatant);
}

static void
command_clicked_cb (GtkButton *button, TkrApDetails *self)
{
  TkrApEncounter *encounter = self->encounter;
  TkrApCombatant *combatant = self->combatant;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (encounter == NULL || combatant == NULL)
    return;

  if (button == self->move_button)
    ok = tkr_ap_encounter_move (encounter, combatant,
                                gtk_spin_button_get_value_as_int (self->move_spin), &error);
  else if (button == self->act_button)
    ok = tkr_ap_encounter_act (encounter, combatant,
                               gtk_spin_button_get_value_as_int (self->act_spin), &error);
  else if (button == self->only_button)
    ok = tkr_ap_encounter_only_action (encounter, combatant, &error);
  else if (button == self->steps_button)
    ok = tkr_ap_encounter_free_steps (encounter, combatant,
                                      gtk_spin_button_get_value_as_int (self->steps_spin), &error);
  else if (button == self->pass_button)
    ok = tkr_ap_encounter_pass (encounter, combatant, &error);
  else
    g_assert_not_reached ();

  report (self, ok, error);
}

static void
add_clicked_cb (GtkButton *button, TkrApDetails *self)
{
  AdwEntryRow *entry = button == self->add_condition_button    ? self->condition_entry
                       : button == self->add_adjustment_button ? self->adjustment_entry
                                                               : self->effect_entry;
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL || self->combatant == NULL)
    return;

  /* A target of 0 lets the core take the rules' own. */
  if (button == self->add_condition_button)
    ok = tkr_ap_encounter_add_condition (
      self->encounter, self->combatant, name, gtk_check_button_get_active (self->persistent_check),
      gtk_spin_button_get_value_as_int (self->target_spin), &error);
  else if (button == self->add_adjustment_button)
    ok = tkr_ap_encounter_add_adjustment (self->encounter, self->combatant, name,
                                          gtk_spin_button_get_value_as_int (self->adjustment_spin),
                                          &error);
  else
    ok = tkr_ap_encounter_add_effect (self->encounter, self->combatant, name,
                                      gtk_spin_button_get_value_as_int (self->effect_spin), &error);
  if (report (self, ok, error))
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
remove_mark_cb (TkrApMarkRow *row, TkrApDetails *self)
{
  const char *name = tkr_condition_get_name (tkr_ap_mark_row_get_mark (row));
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL || self->combatant == NULL)
    return;
  if (tkr_ap_mark_row_get_kind (row) == TKR_AP_MARK_EFFECT)
    ok = tkr_ap_encounter_remove_effect (self->encounter, self->combatant, name, &error);
  else
    ok = tkr_ap_encounter_remove_condition (self->encounter, self->combatant, name, &error);
  report (self, ok, error);
}

static GtkWidget *
create_mark_row (TkrApDetails *self, gpointer item, TkrApMarkKind kind)
{
  GtkWidget *row =
    tkr_ap_mark_row_new (item, kind, tkr_combatant_get_name (TKR_COMBATANT (self->combatant)));

  g_signal_connect_object (row, "remove", G_CALLBACK (remove_mark_cb), self, 0);
  return row;
}

static GtkWidget *
create_condition_row (gpointer item, gpointer user_data)
{
  return create_mark_row (user_data, item, TKR_AP_MARK_CONDITION);
}

static GtkWidget *
create_adjustment_row (gpointer item, gpointer user_data)
{
  return create_mark_row (user_data, item, TKR_AP_MARK_ADJUSTMENT);
}

static GtkWidget *
create_effect_row (gpointer item, gpointer user_data)
{
  return create_mark_row (user_data, item, TKR_AP_MARK_EFFECT);
}

/* The combatant's three lists, each hidden while empty (its "n-items",
 * a GListStore's, as "visible"). */
static void
bind_marks (TkrApDetails *self)
{
  TkrApCombatant *c = self->combatant;
  GListModel *models[3] = { NULL, NULL, NULL };
  GtkListBox *lists[] = { self->conditions_list, self->adjustments_list, self->effects_list };
  GtkListBoxCreateWidgetFunc create[] = { create_condition_row, create_adjustment_row,
                                          create_effect_row };

  if (c != NULL)
    {
      models[0] = tkr_ap_combatant_get_ap_conditions (c);
      models[1] = tkr_ap_combatant_get_adjustments (c);
      models[2] = tkr_ap_combatant_get_effects (c);
    }
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      gtk_list_box_bind_model (lists[i], models[i], create[i], self, NULL);
      gtk_widget_set_visible (GTK_WIDGET (lists[i]), FALSE);
      if (models[i] != NULL)
        self->shown[i] =
          g_object_bind_property (models[i], "n-items", lists[i], "visible", G_BINDING_SYNC_CREATE);
    }
}

static void
watch_resources (TkrApDetails *self)
{
  GListModel *resources;

  for (guint i = 0; i < self->resources->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->resources, i), self);
  g_ptr_array_set_size (self->resources, 0);
  if (self->combatant == NULL)
    return;
  resources = tkr_combatant_get_resources (TKR_COMBATANT (self->combatant));
  for (guint i = 0; i < g_list_model_get_n_items (resources); i++)
    {
      TkrResource *resource = g_list_model_get_item (resources, i);

      g_signal_connect_swapped (resource, "notify::current", G_CALLBACK (update_state), self);
      g_ptr_array_add (self->resources, resource);
    }
}

void
tkr_ap_details_set_combatant (TkrApDetails *self, TkrApCombatant *combatant)
{
  g_return_if_fail (TKR_IS_AP_DETAILS (self));
  g_return_if_fail (combatant == NULL || TKR_IS_AP_COMBATANT (combatant));

  if (self->combatant == combatant)
    return;
  /* Before the old combatant, and its lists, may go. */
  for (guint i = 0; i < G_N_ELEMENTS (self->shown); i++)
    g_clear_pointer (&self->shown[i], g_binding_unbind);
  g_set_object (&self->combatant, combatant);
  tkr_feedback_clear (self->error_label);
  g_signal_group_set_target (self->combatant_signals, combatant);
  watch_resources (self);
  bind_marks (self);
  update_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMBATANT]);
}

TkrApCombatant *
tkr_ap_details_get_combatant (TkrApDetails *self)
{
  g_return_val_if_fail (TKR_IS_AP_DETAILS (self), NULL);
  return self->combatant;
}

void
tkr_ap_details_set_encounter (TkrApDetails *self, TkrApEncounter *encounter)
{
  g_return_if_fail (TKR_IS_AP_DETAILS (self));
  g_return_if_fail (encounter == NULL || TKR_IS_AP_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  g_signal_group_set_target (self->encounter_signals, encounter);
  tkr_ap_details_set_combatant (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

static void
tkr_ap_details_dispose (GObject *object)
{
  TkrApDetails *self = TKR_AP_DETAILS (object);

  if (self->resources != NULL)
    tkr_ap_details_set_combatant (self, NULL);
  g_clear_pointer (&self->resources, g_ptr_array_unref);
  if (self->encounter_signals != NULL)
    g_signal_group_set_target (self->encounter_signals, NULL);
  if (self->combatant_signals != NULL)
    g_signal_group_set_target (self->combatant_signals, NULL);
  g_clear_object (&self->encounter_signals);
  g_clear_object (&self->combatant_signals);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_DETAILS);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_ap_details_parent_class)->dispose (object);
}

static void
tkr_ap_details_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrApDetails *self = TKR_AP_DETAILS (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    case PROP_COMBATANT:
      g_value_set_object (value, self->combatant);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ap_details_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrApDetails *self = TKR_AP_DETAILS (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_ap_details_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_COMBATANT:
      tkr_ap_details_set_combatant (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ap_details_class_init (TkrApDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_ap_details_dispose;
  object_class->get_property = tkr_ap_details_get_property;
  object_class->set_property = tkr_ap_details_set_property;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_AP_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMBATANT] =
    g_param_spec_object ("combatant", NULL, NULL, TKR_TYPE_AP_COMBATANT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-ap-details.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrApDetails, name)
  BIND (round_group);
  BIND (commands_list);
  BIND (move_spin);
  BIND (move_button);
  BIND (act_spin);
  BIND (act_button);
  BIND (only_row);
  BIND (only_button);
  BIND (steps_row);
  BIND (steps_spin);
  BIND (steps_button);
  BIND (pass_button);
  BIND (conditions_list);
  BIND (adjustments_list);
  BIND (effects_list);
  BIND (condition_entry);
  BIND (persistent_check);
  BIND (target_spin);
  BIND (add_condition_button);
  BIND (adjustment_entry);
  BIND (adjustment_spin);
  BIND (add_adjustment_button);
  BIND (effect_entry);
  BIND (effect_spin);
  BIND (add_effect_button);
  BIND (error_label);
#undef BIND
}

static void
tkr_ap_details_init (TkrApDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->resources = g_ptr_array_new_with_free_func (g_object_unref);

  {
    GtkButton *commands[] = { self->move_button, self->act_button, self->only_button,
                              self->steps_button, self->pass_button };
    GtkButton *adds[] = { self->add_condition_button, self->add_adjustment_button,
                          self->add_effect_button };

    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      g_signal_connect_object (commands[i], "clicked", G_CALLBACK (command_clicked_cb), self, 0);
    for (guint i = 0; i < G_N_ELEMENTS (adds); i++)
      g_signal_connect_object (adds[i], "clicked", G_CALLBACK (add_clicked_cb), self, 0);
  }

  /* The combatant's own fields (moved, acted, size...) and whose
   * opportunity it is (the encounter's step, round and current index);
   * nothing else. */
  self->combatant_signals = g_signal_group_new (TKR_TYPE_AP_COMBATANT);
  g_signal_group_connect_object (self->combatant_signals, "notify", G_CALLBACK (update_state), self,
                                 G_CONNECT_SWAPPED);
  self->encounter_signals = g_signal_group_new (TKR_TYPE_AP_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify", G_CALLBACK (update_state), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_ap_details_new (void)
{
  return g_object_new (TKR_TYPE_AP_DETAILS, NULL);
}
