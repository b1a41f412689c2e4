/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-pf2e-details.h"
#include "tkr-pf2e-recovery.h"
#include "tkr-pf2e-status-row.h"

struct _TkrPf2eDetails
{
  AdwBin parent_instance;

  TkrPf2eEncounter *encounter;
  TkrPf2eCombatant *combatant;
  GSignalGroup *encounter_signals;
  GSignalGroup *combatant_signals;
  GSignalGroup *actions_signals;
  GSignalGroup *reaction_signals;
  GtkFilterListModel *effects;
  GtkCustomFilter *effects_filter;

  GtkLabel *name_label;
  GtkLabel *state_label;
  TkrPf2eRecovery *recovery;
  AdwPreferencesGroup *turn_group;
  GtkWidget *spend_buttons;
  GtkWidget *spend_1_button;
  GtkWidget *spend_2_button;
  GtkWidget *spend_3_button;
  GtkWidget *spend_free_button;
  GtkWidget *reaction_use_button;
  GtkWidget *reaction_refund_button;
  GtkListBox *conditions_list;
  GtkDropDown *condition_dropdown;
  GtkStringList *condition_names;
  GtkSpinButton *condition_spin;
  GtkWidget *condition_set_button;
  GtkListBox *effects_list;
  GtkEditable *effect_entry;
  GtkSpinButton *effect_spin;
  GtkWidget *effect_add_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrPf2eDetails, tkr_pf2e_details, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_COMBATANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
name_of (TkrPf2eDetails *self)
{
  return tkr_combatant_get_name (TKR_COMBATANT (self->combatant));
}

static gboolean
report (TkrPf2eDetails *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static void name_control (gpointer widget, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* Names @widget for screen readers (and a button's tooltip). */
static void
name_control (gpointer widget, const char *format, ...)
{
  g_autofree char *name = NULL;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  if (GTK_IS_BUTTON (widget))
    gtk_widget_set_tooltip_text (widget, name);
}

/* Each control names its creature, for screen readers and the AT-SPI
 * tests: "Spend 2 actions for Orc 2". */
static void
update_names (TkrPf2eDetails *self)
{
  const char *name = self->combatant ? name_of (self) : "";
  GtkWidget *spend[] = { self->spend_1_button, self->spend_2_button, self->spend_3_button };

  gtk_label_set_text (self->name_label, name);
  for (int cost = 1; cost <= 3; cost++)
    name_control (
      spend[cost - 1],
      g_dngettext (GETTEXT_PACKAGE, "Spend %d action for %s", "Spend %d actions for %s", cost),
      cost, name);
  name_control (self->spend_free_button, _ ("Free action for %s"), name);
  name_control (self->reaction_use_button, _ ("Use the reaction of %s"), name);
  name_control (self->reaction_refund_button, _ ("Refund the reaction of %s"), name);
  name_control (self->condition_dropdown, _ ("Condition for %s"), name);
  name_control (self->condition_spin, _ ("Condition value for %s"), name);
  name_control (self->condition_set_button, _ ("Set the condition of %s"), name);
  name_control (self->effect_entry, _ ("New effect by %s"), name);
  name_control (self->effect_spin, _ ("Rounds of the new effect by %s"), name);
  name_control (self->effect_add_button, _ ("Add the effect by %s"), name);
}

/* The turn's economy and what may be spent now: the core says. */
static void
update_turn (TkrPf2eDetails *self)
{
  TkrPf2eEncounter *encounter = self->encounter;
  TkrPf2eCombatant *combatant = self->combatant;
  g_autofree char *economy = NULL;
  int actions, reactions;

  if (encounter == NULL || combatant == NULL)
    return;
  actions = tkr_pf2e_combatant_get_actions_left (combatant);
  reactions = tkr_pf2e_combatant_get_reactions_left (combatant);
  /* Translators: actions left, actions per turn, then the reaction's state */
  economy = g_strdup_printf (_ ("%d of %d actions left, %s"), actions,
                             tkr_pf2e_encounter_get_actions_per_turn (encounter),
                             reactions > 0 ? _ ("reaction available") : _ ("reaction used"));
  adw_preferences_group_set_description (self->turn_group, economy);
  gtk_widget_set_sensitive (self->spend_buttons,
                            tkr_pf2e_encounter_can_spend_actions (encounter, combatant));
  gtk_widget_set_sensitive (self->reaction_use_button,
                            tkr_pf2e_encounter_can_use_reaction (encounter, combatant));
  gtk_widget_set_sensitive (self->reaction_refund_button,
                            tkr_pf2e_encounter_can_refund_reaction (encounter, combatant));
}

static void
update_state (TkrPf2eDetails *self)
{
  g_autoptr (GString) text = g_string_new (NULL);

  if (self->combatant == NULL)
    return;
  g_string_append_printf (text, _ ("Initiative %d"),
                          tkr_pf2e_combatant_get_initiative (self->combatant));
  /* Dying and Unconscious show as conditions below; death is a state. */
  if (tkr_pf2e_combatant_is_dead (self->combatant))
    g_string_append_printf (text, " · %s", _ ("Dead"));
  gtk_label_set_text (self->state_label, text->str);
}

/* ------------------------------------------------------------------ */
/* Commands                                                            */
/* ------------------------------------------------------------------ */

static void
spend_clicked_cb (TkrPf2eDetails *self, GtkWidget *button)
{
  g_autoptr (GError) error = NULL;
  int cost = button == self->spend_1_button   ? 1
             : button == self->spend_2_button ? 2
             : button == self->spend_3_button ? 3
                                              : 0;
  gboolean ok;

  if (self->combatant == NULL)
    return;
  ok = tkr_pf2e_encounter_spend_actions (self->encounter, self->combatant, cost, NULL, &error);
  report (self, ok, error);
}

static void
reaction_use_clicked_cb (TkrPf2eDetails *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->combatant == NULL)
    return;
  ok = tkr_pf2e_encounter_use_reaction (self->encounter, self->combatant, NULL, &error);
  report (self, ok, error);
}

static void
reaction_refund_clicked_cb (TkrPf2eDetails *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->combatant == NULL)
    return;
  ok = tkr_pf2e_encounter_refund_reaction (self->encounter, self->combatant, &error);
  report (self, ok, error);
}

static void
condition_set_clicked_cb (TkrPf2eDetails *self)
{
  g_autoptr (GError) error = NULL;
  guint selected = gtk_drop_down_get_selected (self->condition_dropdown);
  TkrRules *rules;
  gboolean ok;

  if (self->combatant == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  rules = tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter));
  gtk_spin_button_update (self->condition_spin);
  ok = tkr_pf2e_encounter_set_condition (
    self->encounter, self->combatant, tkr_rules_get_condition (rules, selected)->id,
    (int) gtk_spin_button_get_value (self->condition_spin), &error);
  report (self, ok, error);
}

static void
effect_add_clicked_cb (TkrPf2eDetails *self)
{
  g_autoptr (GError) error = NULL;
  TkrCondition *effect;

  if (self->combatant == NULL)
    return;
  gtk_spin_button_update (self->effect_spin);
  effect = tkr_pf2e_encounter_add_effect (
    self->encounter, self->combatant, gtk_editable_get_text (self->effect_entry),
    (int) gtk_spin_button_get_value (self->effect_spin), &error);
  if (report (self, effect != NULL, error))
    gtk_editable_set_text (self->effect_entry, "");
}

/* ------------------------------------------------------------------ */
/* Rows of the conditions and effects, bound to their objects          */
/* ------------------------------------------------------------------ */

static void
condition_remove_cb (TkrPf2eStatusRow *row, TkrPf2eDetails *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->combatant == NULL)
    return;
  ok = tkr_pf2e_encounter_set_condition (
    self->encounter, self->combatant,
    tkr_condition_get_name (tkr_pf2e_status_row_get_condition (row)), 0, &error);
  report (self, ok, error);
}

/* Activating a condition's row loads it into the editor below. */
static void
condition_edit_cb (TkrPf2eStatusRow *row, TkrPf2eDetails *self)
{
  TkrCondition *condition = tkr_pf2e_status_row_get_condition (row);
  TkrRules *rules = tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter));
  const TkrConditionInfo *info =
    tkr_rules_lookup_condition (rules, tkr_condition_get_name (condition));

  for (guint i = 0; info != NULL && i < tkr_rules_get_n_conditions (rules); i++)
    if (tkr_rules_get_condition (rules, i) == info)
      gtk_drop_down_set_selected (self->condition_dropdown, i);
  gtk_spin_button_set_value (self->condition_spin, tkr_condition_get_stacks (condition));
  gtk_widget_grab_focus (GTK_WIDGET (self->condition_spin));
}

static GtkWidget *
create_condition_row (gpointer item, gpointer user_data)
{
  TkrPf2eDetails *self = user_data;
  g_autofree char *remove_name = g_strdup_printf (
    _ ("Remove %s from %s"), tkr_rules_translate (tkr_condition_get_name (item)), name_of (self));
  GtkWidget *row = tkr_pf2e_status_row_new (item, FALSE, remove_name);

  gtk_widget_set_name (row, "condition-row");
  gtk_widget_set_tooltip_text (row, _ ("Change the value below"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_signal_connect_object (row, "activated", G_CALLBACK (condition_edit_cb), self, 0);
  g_signal_connect_object (row, "remove", G_CALLBACK (condition_remove_cb), self, 0);
  return row;
}

static void
effect_remove_cb (TkrPf2eStatusRow *row, TkrPf2eDetails *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  ok = tkr_pf2e_encounter_remove_effect (self->encounter, tkr_pf2e_status_row_get_condition (row),
                                         &error);
  report (self, ok, error);
}

static GtkWidget *
create_effect_row (gpointer item, gpointer user_data)
{
  g_autofree char *remove_name =
    g_strdup_printf (_ ("End %s"), tkr_rules_translate (tkr_condition_get_name (item)));
  GtkWidget *row = tkr_pf2e_status_row_new (item, TRUE, remove_name);

  gtk_widget_set_name (row, "effect-row");
  g_signal_connect_object (row, "remove", G_CALLBACK (effect_remove_cb), user_data, 0);
  return row;
}

static gboolean
is_own_effect (gpointer item, gpointer user_data)
{
  TkrPf2eDetails *self = user_data;

  return self->encounter != NULL && self->combatant != NULL &&
         tkr_effect_is_from (item, TKR_COMBATANT (self->combatant));
}

/* ------------------------------------------------------------------ */
/* Following one creature                                              */
/* ------------------------------------------------------------------ */

static void
bind_combatant (TkrPf2eDetails *self)
{
  TkrCombatant *combatant = self->encounter ? TKR_COMBATANT (self->combatant) : NULL;

  g_signal_group_set_target (self->combatant_signals, combatant);
  g_signal_group_set_target (self->actions_signals,
                             combatant ? tkr_combatant_find_resource (combatant, "actions") : NULL);
  g_signal_group_set_target (
    self->reaction_signals, combatant ? tkr_combatant_find_resource (combatant, "reaction") : NULL);
  gtk_list_box_bind_model (self->conditions_list,
                           combatant ? tkr_combatant_get_conditions (combatant) : NULL,
                           combatant ? create_condition_row : NULL, self, NULL);
  gtk_filter_changed (GTK_FILTER (self->effects_filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_list_box_bind_model (self->effects_list, combatant ? G_LIST_MODEL (self->effects) : NULL,
                           combatant ? create_effect_row : NULL, self, NULL);

  tkr_feedback_clear (self->error_label);
  gtk_editable_set_text (self->effect_entry, "");
  update_names (self);
  update_state (self);
  update_turn (self);
  tkr_pf2e_recovery_set_combatant (self->recovery, self->encounter, self->combatant,
                                   self->error_label);
}

void
tkr_pf2e_details_set_encounter (TkrPf2eDetails *self, TkrPf2eEncounter *encounter)
{
  TkrRules *rules;
  guint n;

  g_return_if_fail (TKR_IS_PF2E_DETAILS (self));
  g_return_if_fail (encounter == NULL || TKR_IS_PF2E_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  g_signal_group_set_target (self->encounter_signals, encounter);
  gtk_filter_list_model_set_model (self->effects,
                                   encounter ? tkr_pf2e_encounter_get_effects (encounter) : NULL);
  /* The conditions of this system's catalogue, in the user's language. */
  rules = encounter ? tkr_encounter_get_rules (TKR_ENCOUNTER (encounter)) : NULL;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->condition_names));
  gtk_string_list_splice (self->condition_names, 0, n, NULL);
  for (guint i = 0; rules != NULL && i < tkr_rules_get_n_conditions (rules); i++)
    gtk_string_list_append (self->condition_names,
                            tkr_rules_translate (tkr_rules_get_condition (rules, i)->name));
  bind_combatant (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

void
tkr_pf2e_details_set_combatant (TkrPf2eDetails *self, TkrPf2eCombatant *combatant)
{
  g_return_if_fail (TKR_IS_PF2E_DETAILS (self));
  g_return_if_fail (combatant == NULL || TKR_IS_PF2E_COMBATANT (combatant));

  if (!g_set_object (&self->combatant, combatant))
    return;
  bind_combatant (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMBATANT]);
}

TkrPf2eCombatant *
tkr_pf2e_details_get_combatant (TkrPf2eDetails *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_DETAILS (self), NULL);
  return self->combatant;
}

GtkWidget *
tkr_pf2e_details_new (void)
{
  return g_object_new (TKR_TYPE_PF2E_DETAILS, NULL);
}

static void
tkr_pf2e_details_dispose (GObject *object)
{
  TkrPf2eDetails *self = TKR_PF2E_DETAILS (object);
  GSignalGroup **groups[] = { &self->encounter_signals, &self->combatant_signals,
                              &self->actions_signals, &self->reaction_signals };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_DETAILS);
  g_clear_object (&self->effects);
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_pf2e_details_parent_class)->dispose (object);
}

static void
tkr_pf2e_details_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPf2eDetails *self = TKR_PF2E_DETAILS (object);

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
tkr_pf2e_details_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  TkrPf2eDetails *self = TKR_PF2E_DETAILS (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_pf2e_details_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_COMBATANT:
      tkr_pf2e_details_set_combatant (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_details_class_init (TkrPf2eDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_pf2e_details_dispose;
  object_class->get_property = tkr_pf2e_details_get_property;
  object_class->set_property = tkr_pf2e_details_set_property;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_PF2E_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMBATANT] =
    g_param_spec_object ("combatant", NULL, NULL, TKR_TYPE_PF2E_COMBATANT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TKR_TYPE_PF2E_RECOVERY);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-details.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrPf2eDetails, name)
  BIND (name_label);
  BIND (state_label);
  BIND (recovery);
  BIND (turn_group);
  BIND (spend_buttons);
  BIND (spend_1_button);
  BIND (spend_2_button);
  BIND (spend_3_button);
  BIND (spend_free_button);
  BIND (reaction_use_button);
  BIND (reaction_refund_button);
  BIND (conditions_list);
  BIND (condition_dropdown);
  BIND (condition_names);
  BIND (condition_spin);
  BIND (condition_set_button);
  BIND (effects_list);
  BIND (effect_entry);
  BIND (effect_spin);
  BIND (effect_add_button);
  BIND (error_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, spend_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reaction_use_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reaction_refund_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, condition_set_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, effect_add_clicked_cb);
}

static void
tkr_pf2e_details_init (TkrPf2eDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->effects_filter = gtk_custom_filter_new (is_own_effect, self, NULL);
  self->effects = gtk_filter_list_model_new (NULL, GTK_FILTER (self->effects_filter));

  self->encounter_signals = g_signal_group_new (TKR_TYPE_PF2E_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::current-index",
                                 G_CALLBACK (update_turn), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase", G_CALLBACK (update_turn),
                                 self, G_CONNECT_SWAPPED);

  self->combatant_signals = g_signal_group_new (TKR_TYPE_PF2E_COMBATANT);
  g_signal_group_connect_object (self->combatant_signals, "notify::dead", G_CALLBACK (update_state),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->combatant_signals, "notify::dead", G_CALLBACK (update_turn),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->combatant_signals, "notify::initiative",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);

  self->actions_signals = g_signal_group_new (TKR_TYPE_RESOURCE);
  g_signal_group_connect_object (self->actions_signals, "notify::current", G_CALLBACK (update_turn),
                                 self, G_CONNECT_SWAPPED);
  self->reaction_signals = g_signal_group_new (TKR_TYPE_RESOURCE);
  g_signal_group_connect_object (self->reaction_signals, "notify::current",
                                 G_CALLBACK (update_turn), self, G_CONNECT_SWAPPED);
}
