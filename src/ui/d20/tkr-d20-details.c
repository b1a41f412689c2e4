/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tkr-d20-details.h"
#include "tkr-d20-ui.h"
#include "tkr-feedback.h"

/*
 * One d20 combatant's details beside the table tracker (help/C/d20.page).
 * The template holds every control; this file names them after the
 * combatant, follows that combatant's objects (its properties, its turn
 * resources, its kinds of movement, its conditions) and the encounter's
 * turn, and calls the core's commands. Nothing is rebuilt on a history
 * step: each notify updates the labels in place.
 */

struct _TkrD20Details
{
  AdwBin parent_instance;

  TkrD20Encounter *encounter;
  TkrD20Combatant *combatant;
  GSignalGroup *encounter_signals;
  GSignalGroup *combatant_signals;
  GStrv kinds_offered; /* the kinds in the drop-down, in its order */
  gboolean updating;

  GtkLabel *badge_label;
  AdwPreferencesGroup *turn_group;
  GtkButton *spend_action_button;
  GtkButton *spend_bonus_button;
  GtkButton *spend_reaction_button;
  GtkWidget *refund_action_button;
  GtkWidget *refund_bonus_button;
  GtkWidget *refund_reaction_button;
  GtkWidget *wait_row;
  GtkWidget *act_on_wait_button;
  AdwActionRow *mana_row;
  GtkSpinButton *mana_spin;
  AdwActionRow *ledger_row;
  GtkWidget *distance_row;
  GtkWidget *difficult_row;
  GtkWidget *move_row;
  GtkSpinButton *feet_spin;
  GtkDropDown *kind_dropdown;
  GtkCheckButton *difficult_check;
  GtkWidget *move_button;
  GtkWidget *dash_button;
  GtkWidget *dodge_button;
  GtkWidget *wait_button;
  AdwActionRow *breath_row;
  GtkWidget *hold_breath_button;
  GtkWidget *reach_air_button;
  GtkListBox *conditions_list;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrD20Details, tkr_d20_details, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_COMBATANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void sync_details (TkrD20Details *self);

static const char *const *
kinds (TkrD20Details *self)
{
  static const char *const none[] = { NULL };

  return self->encounter ? tkr_d20_encounter_get_movement_kinds (self->encounter) : none;
}

static gboolean
is_current (TkrD20Details *self)
{
  TkrPhase phase = tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter));

  return (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED) &&
         tkr_d20_encounter_get_current (self->encounter) == self->combatant;
}

/* Each control named after the combatant, once it is shown. */
static void
name_controls (TkrD20Details *self)
{
  const char *name = tkr_combatant_get_name (TKR_COMBATANT (self->combatant));

  tkr_d20_name_widget (GTK_WIDGET (self->spend_action_button), _ ("Spend %s’s action"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->spend_bonus_button), _ ("Spend %s’s bonus action"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->spend_reaction_button), _ ("Spend %s’s reaction"), name);
  tkr_d20_name_widget (self->refund_action_button, _ ("Refund %s’s action"), name);
  tkr_d20_name_widget (self->refund_bonus_button, _ ("Refund %s’s bonus action"), name);
  tkr_d20_name_widget (self->refund_reaction_button, _ ("Refund %s’s reaction"), name);
  tkr_d20_name_widget (self->act_on_wait_button, _ ("%s acts on their Wait"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->mana_spin), _ ("Mana left for %s"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->feet_spin), _ ("Feet for %s to move"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->kind_dropdown), _ ("Kind of movement for %s"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->difficult_check), _ ("Difficult terrain for %s"), name);
  tkr_d20_name_widget (self->move_button, _ ("Move %s"), name);
  /* Translators: a common action taken by a creature, "Dash: Alice" */
  tkr_d20_name_widget (self->dash_button, _ ("Dash: %s"), name);
  tkr_d20_name_widget (self->dodge_button, _ ("Dodge: %s"), name);
  tkr_d20_name_widget (self->wait_button, _ ("Wait: %s"), name);
  tkr_d20_name_widget (self->hold_breath_button, _ ("%s holds their breath"), name);
  tkr_d20_name_widget (self->reach_air_button, _ ("%s reaches air"), name);
}

/* "Action 1" on the spend button, which stays named for screen readers. */
static void
sync_spend_button (GtkButton *button, const char *part, int left)
{
  /* Translators: a part of the turn and how many are left, "Action 1" */
  g_autofree char *label = g_strdup_printf (_ ("%s %d"), part, left);
  g_autofree char *name = g_strdup (gtk_widget_get_name (GTK_WIDGET (button)));

  gtk_button_set_label (button, label);
  /* GTK 4.8 makes a new label the accessible name: name it again. */
  tkr_d20_name_widget (GTK_WIDGET (button), "%s", name);
  if (left > 0)
    gtk_widget_add_css_class (GTK_WIDGET (button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (button), "suggested-action");
}

/* The kinds this creature has, in the drop-down; replaced only when they
 * change, so the GM's choice stays. */
static void
sync_kinds (TkrD20Details *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_auto (GStrv) offered = NULL;
  const char *const *all = kinds (self);

  for (guint i = 0; all[i] != NULL; i++)
    if (tkr_d20_combatant_get_speed (self->combatant, all[i]) > 0)
      {
        g_strv_builder_add (builder, all[i]);
        gtk_string_list_append (names, tkr_d20_kind_title (all[i]));
      }
  offered = g_strv_builder_end (builder);
  if (self->kinds_offered != NULL &&
      g_strv_equal ((const char *const *) offered, (const char *const *) self->kinds_offered))
    return;
  g_strfreev (self->kinds_offered);
  self->kinds_offered = g_steal_pointer (&offered);
  gtk_drop_down_set_model (self->kind_dropdown, G_LIST_MODEL (names));
}

static char *
describe_status (TkrD20Details *self)
{
  TkrD20Combatant *c = self->combatant;
  g_autoptr (GString) status = g_string_new (NULL);

  if (tkr_d20_combatant_has_initiative (c))
    g_string_append_printf (status, _ ("Initiative %d"), tkr_d20_combatant_get_initiative (c));
  if (status->len > 0)
    g_string_append (status, " · ");
  /* Translators: mana now and at most, then wounds */
  g_string_append_printf (
    status,
    ngettext ("Mana %d/%d · %d wound", "Mana %d/%d · %d wounds", tkr_d20_combatant_get_wounds (c)),
    tkr_d20_combatant_get_mana (c), tkr_d20_combatant_get_mana_max (c),
    tkr_d20_combatant_get_wounds (c));
  if (tkr_d20_combatant_get_exhaustion (c) > 0)
    g_string_append_printf (status, _ (" · Exhaustion %d"), tkr_d20_combatant_get_exhaustion (c));
  if (tkr_d20_combatant_get_waiting (c))
    g_string_append_printf (status, " · %s", _ ("Waiting"));
  return g_string_free (g_steal_pointer (&status), FALSE);
}

/* "Walk 30 ft · Fly 60 ft": the kinds this creature has. */
static char *
describe_speeds (TkrD20Details *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const char *const *all = kinds (self);

  for (guint i = 0; all[i] != NULL; i++)
    {
      int feet = tkr_d20_combatant_get_speed (self->combatant, all[i]);

      if (feet <= 0)
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      /* Translators: a kind of movement and its speed, "Walk 30 ft" */
      g_string_append_printf (text, _ ("%s %d ft"), tkr_d20_kind_title (all[i]), feet);
    }
  if (text->len == 0)
    g_string_append (text, _ ("Cannot move"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "Used 20 ft · left: Walk 10 ft": the core says what is left of each kind. */
static char *
describe_moved (TkrD20Details *self)
{
  TkrD20Combatant *c = self->combatant;
  g_autoptr (GString) moved = g_string_new (NULL);
  const char *const *all = kinds (self);

  g_string_append_printf (moved, _ ("Used %d ft"), tkr_d20_combatant_get_total_moved (c));
  if (tkr_d20_combatant_get_dashes (c) > 0)
    g_string_append_printf (moved, _ (" (Dash ×%d)"), tkr_d20_combatant_get_dashes (c));
  g_string_append (moved, _ (" · left:"));
  for (guint i = 0; all[i] != NULL; i++)
    if (tkr_d20_combatant_get_speed (c, all[i]) > 0)
      g_string_append_printf (moved, _ (" %s %d ft"), tkr_d20_kind_title (all[i]),
                              tkr_d20_combatant_get_movement_left (c, all[i]));
  return g_string_free (g_steal_pointer (&moved), FALSE);
}

static void
sync_details (TkrD20Details *self)
{
  TkrD20Combatant *c = self->combatant;
  gboolean current, holding;
  g_autofree char *status = NULL;
  g_autofree char *speeds = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *breath = NULL;
  g_autofree char *mana = NULL;

  if (c == NULL || self->encounter == NULL)
    return;

  current = is_current (self);
  holding = tkr_d20_combatant_get_holding_breath (c);

  adw_preferences_group_set_title (self->turn_group, tkr_combatant_get_name (TKR_COMBATANT (c)));
  status = describe_status (self);
  adw_preferences_group_set_description (self->turn_group, status);

  if (current)
    gtk_label_set_text (self->badge_label, _ ("Current Turn"));
  else if (tkr_d20_encounter_skips_turn (self->encounter, c))
    gtk_label_set_text (self->badge_label, _ ("Surprised: skips the first turn"));
  gtk_widget_set_visible (GTK_WIDGET (self->badge_label),
                          current || tkr_d20_encounter_skips_turn (self->encounter, c));

  sync_spend_button (self->spend_action_button, _ ("Action"),
                     tkr_d20_combatant_get_actions_left (c));
  sync_spend_button (self->spend_bonus_button, _ ("Bonus Action"),
                     tkr_d20_combatant_get_bonus_actions_left (c));
  sync_spend_button (self->spend_reaction_button, _ ("Reaction"),
                     tkr_d20_combatant_get_reactions_left (c));
  gtk_widget_set_visible (self->wait_row, tkr_d20_combatant_get_waiting (c) && !current);

  self->updating = TRUE;
  gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (self->mana_spin),
                            tkr_d20_combatant_get_mana_max (c));
  gtk_spin_button_set_value (self->mana_spin, tkr_d20_combatant_get_mana (c));
  self->updating = FALSE;
  /* Translators: the most mana a creature has */
  mana = g_strdup_printf (_ ("At most %d"), tkr_d20_combatant_get_mana_max (c));
  adw_action_row_set_subtitle (self->mana_row, mana);

  sync_kinds (self);
  speeds = describe_speeds (self);
  moved = describe_moved (self);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->ledger_row), moved);
  adw_action_row_set_subtitle (self->ledger_row, speeds);
  /* Moving and the common actions: only on one's own turn. */
  gtk_widget_set_visible (self->distance_row, current);
  gtk_widget_set_visible (self->difficult_row, current);
  gtk_widget_set_visible (self->move_row, current);

  if (holding)
    breath = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Holding breath, %d round left",
                                           "Holding breath, %d rounds left",
                                           tkr_d20_combatant_get_breath_rounds_left (c)),
                              tkr_d20_combatant_get_breath_rounds_left (c));
  adw_action_row_set_subtitle (self->breath_row, holding ? breath : _ ("Breathing"));
  gtk_widget_set_visible (self->hold_breath_button, !holding);
  gtk_widget_set_visible (self->reach_air_button, holding);
}

/* Conditions: one row per TkrCondition of the combatant's list. */

static void
sync_condition_row (AdwActionRow *row, GParamSpec *pspec, TkrCondition *condition)
{
  g_autoptr (GString) text = g_string_new (NULL);
  int stacks = tkr_condition_get_stacks (condition);
  int rounds = tkr_condition_get_rounds_left (condition);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 tkr_rules_translate (tkr_condition_get_name (condition)));
  if (stacks > 1)
    /* Translators: the stacks of a condition */
    g_string_append_printf (text, _ ("×%d"), stacks);
  if (tkr_condition_get_value (condition) != 0)
    {
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (text, _ ("Value %d"), tkr_condition_get_value (condition));
    }
  if (rounds != TKR_CONDITION_NO_DURATION)
    {
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (
        text, g_dngettext (GETTEXT_PACKAGE, "%d round left", "%d rounds left", rounds), rounds);
    }
  adw_action_row_set_subtitle (row, text->str);
}

static GtkWidget *
create_condition_row (gpointer item, gpointer user_data)
{
  TkrCondition *condition = TKR_CONDITION (item);
  GtkWidget *row = adw_action_row_new ();

  sync_condition_row (ADW_ACTION_ROW (row), NULL, condition);
  g_signal_connect_object (condition, "notify", G_CALLBACK (sync_condition_row), row,
                           G_CONNECT_SWAPPED);
  return row;
}

/* Commands */

static void
details_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrD20Details *self = TKR_D20_DETAILS (widget);
  g_autoptr (TkrD20Combatant) c = NULL;
  g_autoptr (GError) error = NULL;
  const char *action = action_name + strlen ("details.");
  gboolean ok = FALSE;

  if (self->encounter == NULL || self->combatant == NULL)
    return;
  c = g_object_ref (self->combatant);

  if (g_str_equal (action, "spend-action"))
    ok = tkr_d20_encounter_spend (self->encounter, c, TKR_D20_ACTION, &error);
  else if (g_str_equal (action, "spend-bonus-action"))
    ok = tkr_d20_encounter_spend (self->encounter, c, TKR_D20_BONUS_ACTION, &error);
  else if (g_str_equal (action, "spend-reaction"))
    ok = tkr_d20_encounter_spend (self->encounter, c, TKR_D20_REACTION, &error);
  else if (g_str_equal (action, "refund-action"))
    ok = tkr_d20_encounter_refund (self->encounter, c, TKR_D20_ACTION, &error);
  else if (g_str_equal (action, "refund-bonus-action"))
    ok = tkr_d20_encounter_refund (self->encounter, c, TKR_D20_BONUS_ACTION, &error);
  else if (g_str_equal (action, "refund-reaction"))
    ok = tkr_d20_encounter_refund (self->encounter, c, TKR_D20_REACTION, &error);
  else if (g_str_equal (action, "act-on-wait"))
    ok = tkr_d20_encounter_act_on_wait (self->encounter, c, &error);
  else if (g_str_equal (action, "hold-breath"))
    ok = tkr_d20_encounter_hold_breath (self->encounter, c, &error);
  else if (g_str_equal (action, "reach-air"))
    ok = tkr_d20_encounter_reach_air (self->encounter, c, &error);
  else if (g_str_equal (action, "move"))
    {
      guint selected = gtk_drop_down_get_selected (self->kind_dropdown);
      const char *kind = "walk";

      if (self->kinds_offered != NULL && selected < g_strv_length (self->kinds_offered))
        kind = self->kinds_offered[selected];
      gtk_spin_button_update (self->feet_spin);
      ok = tkr_d20_encounter_move (self->encounter, c, kind,
                                   gtk_spin_button_get_value_as_int (self->feet_spin),
                                   gtk_check_button_get_active (self->difficult_check), &error);
    }
  else /* the common actions of the rule data: "details.dash" is "dash" */
    ok = tkr_d20_encounter_take_action (self->encounter, c, action, FALSE, &error);

  tkr_feedback_check (widget, self->error_label, ok, error);
}

static void
mana_changed_cb (TkrD20Details *self)
{
  g_autoptr (GError) error = NULL;
  int mana, mana_max;

  if (self->updating || self->combatant == NULL || self->encounter == NULL)
    return;
  mana = gtk_spin_button_get_value_as_int (self->mana_spin);
  mana_max = tkr_d20_combatant_get_mana_max (self->combatant);
  if (mana == tkr_d20_combatant_get_mana (self->combatant))
    return;
  if (!tkr_feedback_check (
        GTK_WIDGET (self), self->error_label,
        tkr_d20_encounter_set_mana (self->encounter, self->combatant, mana, mana_max, &error),
        error))
    sync_details (self);
}

/* Following the combatant's own objects */

static void
watch_list (TkrD20Details *self, GListModel *list, const char *signal, gboolean connect)
{
  for (guint i = 0; list != NULL && i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (list, i);

      if (connect)
        g_signal_connect_object (item, signal, G_CALLBACK (sync_details), self, G_CONNECT_SWAPPED);
      else
        g_signal_handlers_disconnect_by_func (item, sync_details, self);
    }
}

/* Its turn resources and kinds of movement are one list each for its
 * life (tkr-d20-combatant.h), so their items are followed directly. */
static void
watch_combatant (TkrD20Details *self, gboolean connect)
{
  TkrCombatant *c = TKR_COMBATANT (self->combatant);

  if (c == NULL)
    return;
  watch_list (self, tkr_combatant_get_resources (c), "notify::current", connect);
  watch_list (self, tkr_d20_combatant_get_movements (self->combatant), "notify", connect);
}

TkrD20Combatant *
tkr_d20_details_get_combatant (TkrD20Details *self)
{
  g_return_val_if_fail (TKR_IS_D20_DETAILS (self), NULL);
  return self->combatant;
}

void
tkr_d20_details_set_combatant (TkrD20Details *self, TkrD20Combatant *combatant)
{
  g_return_if_fail (TKR_IS_D20_DETAILS (self));
  g_return_if_fail (combatant == NULL || TKR_IS_D20_COMBATANT (combatant));

  if (self->combatant == combatant)
    return;
  watch_combatant (self, FALSE);
  g_set_object (&self->combatant, combatant);
  watch_combatant (self, TRUE);
  g_signal_group_set_target (self->combatant_signals, combatant);
  gtk_list_box_bind_model (self->conditions_list,
                           combatant ? tkr_combatant_get_conditions (TKR_COMBATANT (combatant))
                                     : NULL,
                           combatant ? create_condition_row : NULL, NULL, NULL);
  tkr_feedback_clear (self->error_label);
  if (combatant != NULL)
    {
      name_controls (self);
      gtk_check_button_set_active (self->difficult_check, FALSE);
      sync_details (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMBATANT]);
}

void
tkr_d20_details_set_encounter (TkrD20Details *self, TkrD20Encounter *encounter)
{
  g_return_if_fail (TKR_IS_D20_DETAILS (self));
  g_return_if_fail (encounter == NULL || TKR_IS_D20_ENCOUNTER (encounter));

  if (self->encounter == encounter)
    return;
  tkr_d20_details_set_combatant (self, NULL);
  g_set_object (&self->encounter, encounter);
  g_signal_group_set_target (self->encounter_signals, encounter);
  if (encounter != NULL)
    gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (self->feet_spin),
                              MAX (tkr_d20_encounter_get_max_feet (encounter), 1));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

static void
tkr_d20_details_dispose (GObject *object)
{
  TkrD20Details *self = TKR_D20_DETAILS (object);

  if (self->combatant_signals != NULL)
    {
      tkr_d20_details_set_combatant (self, NULL);
      tkr_d20_details_set_encounter (self, NULL);
    }
  g_clear_object (&self->combatant_signals);
  g_clear_object (&self->encounter_signals);
  g_clear_pointer (&self->kinds_offered, g_strfreev);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_DETAILS);

  G_OBJECT_CLASS (tkr_d20_details_parent_class)->dispose (object);
}

static void
tkr_d20_details_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrD20Details *self = TKR_D20_DETAILS (object);

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
tkr_d20_details_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  TkrD20Details *self = TKR_D20_DETAILS (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_d20_details_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_COMBATANT:
      tkr_d20_details_set_combatant (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_d20_details_class_init (TkrD20DetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char *const actions[] = {
    "details.spend-action",
    "details.spend-bonus-action",
    "details.spend-reaction",
    "details.refund-action",
    "details.refund-bonus-action",
    "details.refund-reaction",
    "details.act-on-wait",
    "details.move",
    "details.dash",
    "details.dodge",
    "details.wait",
    "details.hold-breath",
    "details.reach-air",
  };

  object_class->dispose = tkr_d20_details_dispose;
  object_class->get_property = tkr_d20_details_get_property;
  object_class->set_property = tkr_d20_details_set_property;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_D20_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMBATANT] =
    g_param_spec_object ("combatant", NULL, NULL, TKR_TYPE_D20_COMBATANT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, details_action);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-d20-details.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrD20Details, name)
  BIND (badge_label);
  BIND (turn_group);
  BIND (spend_action_button);
  BIND (spend_bonus_button);
  BIND (spend_reaction_button);
  BIND (refund_action_button);
  BIND (refund_bonus_button);
  BIND (refund_reaction_button);
  BIND (wait_row);
  BIND (act_on_wait_button);
  BIND (mana_row);
  BIND (mana_spin);
  BIND (ledger_row);
  BIND (distance_row);
  BIND (difficult_row);
  BIND (move_row);
  BIND (feet_spin);
  BIND (kind_dropdown);
  BIND (difficult_check);
  BIND (move_button);
  BIND (dash_button);
  BIND (dodge_button);
  BIND (wait_button);
  BIND (breath_row);
  BIND (hold_breath_button);
  BIND (reach_air_button);
  BIND (conditions_list);
  BIND (error_label);
#undef BIND
}

static void
tkr_d20_details_init (TkrD20Details *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->mana_spin, "value-changed", G_CALLBACK (mana_changed_cb), self,
                           G_CONNECT_SWAPPED);

  /* Whose turn it is, and the round (a surprised creature's first turn). */
  self->encounter_signals = g_signal_group_new (TKR_TYPE_D20_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase",
                                 G_CALLBACK (sync_details), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::round",
                                 G_CALLBACK (sync_details), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::current-index",
                                 G_CALLBACK (sync_details), self, G_CONNECT_SWAPPED);
  /* Any of the combatant's own fields (tkr-d20-combatant.h). */
  self->combatant_signals = g_signal_group_new (TKR_TYPE_D20_COMBATANT);
  g_signal_group_connect_object (self->combatant_signals, "notify", G_CALLBACK (sync_details), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_d20_details_new (void)
{
  return g_object_new (TKR_TYPE_D20_DETAILS, NULL);
}
