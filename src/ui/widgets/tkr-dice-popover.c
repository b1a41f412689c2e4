/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-dice-popover.h"

struct _TkrDicePopover
{
  GtkPopover parent_instance;

  TkrRules *rules;
  GRand *rand;
  TkrTestRoll *last_roll;
  GtkStringList *history;
  gboolean typing_first;

  GtkStack *mode_stack;
  GtkSpinButton *modifier_spin;
  GtkSpinButton *advantage_spin;
  GtkSpinButton *disadvantage_spin;
  GtkSpinButton *score_spin;
  GtkWidget *result_box;
  GtkLabel *score_label;
  GtkLabel *range_label;
  GtkLabel *dice_label;
  GtkWidget *critical_label;
  GtkWidget *history_box;
  GtkListBox *history_list;
};

G_DEFINE_FINAL_TYPE (TkrDicePopover, tkr_dice_popover, GTK_TYPE_POPOVER)

enum
{
  PROP_0,
  PROP_RULES,
  PROP_TYPING_FIRST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TkrRules *
get_rules (TkrDicePopover *self)
{
  return self->rules != NULL ? self->rules : tkr_rules_get_default ();
}

static const char *
range_style_class (TkrScoreRange range)
{
  switch (range)
    {
    case TKR_SCORE_RANGE_LOW:
      return "error";
    case TKR_SCORE_RANGE_MIXED:
      return "warning";
    case TKR_SCORE_RANGE_HIGH:
      return "success";
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
show_roll (TkrDicePopover *self, TkrTestRoll *roll)
{
  static const TkrScoreRange ranges[] = { TKR_SCORE_RANGE_LOW, TKR_SCORE_RANGE_MIXED,
                                          TKR_SCORE_RANGE_HIGH };
  g_autofree char *score = g_strdup_printf ("%d", roll->score);
  g_autofree char *description = tkr_test_roll_describe (roll);
  const char *history_item[] = { description, NULL };

  g_clear_pointer (&self->last_roll, tkr_test_roll_free);
  self->last_roll = roll;

  gtk_label_set_label (self->score_label, score);
  gtk_label_set_label (self->range_label, tkr_score_range_to_string (roll->range));
  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->range_label), range_style_class (ranges[i]));
  gtk_widget_add_css_class (GTK_WIDGET (self->range_label), range_style_class (roll->range));
  gtk_label_set_label (self->dice_label, description);
  gtk_widget_set_visible (self->critical_label, roll->critical);
  gtk_widget_set_visible (self->result_box, TRUE);

  gtk_string_list_splice (self->history, 0, 0, history_item);
  gtk_widget_set_visible (self->history_box, TRUE);
}

static void
roll_clicked_cb (TkrDicePopover *self)
{
  tkr_dice_popover_roll (self);
}

static void
enter_clicked_cb (TkrDicePopover *self)
{
  gtk_spin_button_update (self->score_spin);
  tkr_dice_popover_enter_score (self, gtk_spin_button_get_value_as_int (self->score_spin));
}

static GtkWidget *
create_history_row (gpointer item, gpointer user_data)
{
  GtkWidget *label = gtk_label_new (gtk_string_object_get_string (item));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  return label;
}

static void
tkr_dice_popover_dispose (GObject *object)
{
  TkrDicePopover *self = TKR_DICE_POPOVER (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_DICE_POPOVER);
  g_clear_object (&self->rules);
  g_clear_object (&self->history);
  g_clear_pointer (&self->last_roll, tkr_test_roll_free);
  g_clear_pointer (&self->rand, g_rand_free);

  G_OBJECT_CLASS (tkr_dice_popover_parent_class)->dispose (object);
}

static void
tkr_dice_popover_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrDicePopover *self = TKR_DICE_POPOVER (object);

  switch (prop_id)
    {
    case PROP_RULES:
      g_value_set_object (value, self->rules);
      break;
    case PROP_TYPING_FIRST:
      g_value_set_boolean (value, self->typing_first);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_dice_popover_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  TkrDicePopover *self = TKR_DICE_POPOVER (object);

  switch (prop_id)
    {
    case PROP_RULES:
      tkr_dice_popover_set_rules (self, g_value_get_object (value));
      break;
    case PROP_TYPING_FIRST:
      {
        gboolean typing_first = g_value_get_boolean (value);

        if (self->typing_first == typing_first)
          break;
        self->typing_first = typing_first;
        gtk_stack_set_visible_child_name (self->mode_stack, typing_first ? "type" : "roll");
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_dice_popover_class_init (TkrDicePopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_dice_popover_dispose;
  object_class->get_property = tkr_dice_popover_get_property;
  object_class->set_property = tkr_dice_popover_set_property;

  properties[PROP_RULES] =
    g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TYPING_FIRST] =
    g_param_spec_boolean ("typing-first", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-dice-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, mode_stack);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, modifier_spin);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, advantage_spin);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, disadvantage_spin);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, score_spin);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, result_box);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, score_label);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, range_label);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, dice_label);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, critical_label);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, history_box);
  gtk_widget_class_bind_template_child (widget_class, TkrDicePopover, history_list);
  gtk_widget_class_bind_template_callback (widget_class, roll_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, enter_clicked_cb);
}

static void
tkr_dice_popover_init (TkrDicePopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Enter in the Score field enters it (GtkSpinButton has no "activate"
   * of its own before GTK 4.14; its text delegate does). */
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (self->score_spin)), "activate",
                            G_CALLBACK (enter_clicked_cb), self);

  self->rand = g_rand_new ();
  self->history = gtk_string_list_new (NULL);
  gtk_list_box_bind_model (self->history_list, G_LIST_MODEL (self->history), create_history_row,
                           NULL, NULL);
}

GtkWidget *
tkr_dice_popover_new (void)
{
  return g_object_new (TKR_TYPE_DICE_POPOVER, NULL);
}

TkrRules *
tkr_dice_popover_get_rules (TkrDicePopover *self)
{
  g_return_val_if_fail (TKR_IS_DICE_POPOVER (self), NULL);
  return self->rules;
}

void
tkr_dice_popover_set_rules (TkrDicePopover *self, TkrRules *rules)
{
  g_return_if_fail (TKR_IS_DICE_POPOVER (self));
  g_return_if_fail (rules == NULL || TKR_IS_RULES (rules));

  if (!g_set_object (&self->rules, rules))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RULES]);
}

void
tkr_dice_popover_set_seed (TkrDicePopover *self, guint32 seed)
{
  g_return_if_fail (TKR_IS_DICE_POPOVER (self));
  g_rand_set_seed (self->rand, seed);
}

void
tkr_dice_popover_set_modifier (TkrDicePopover *self, int modifier)
{
  g_return_if_fail (TKR_IS_DICE_POPOVER (self));
  gtk_spin_button_set_value (self->modifier_spin, modifier);
}

void
tkr_dice_popover_set_advantages (TkrDicePopover *self, int advantages, int disadvantages)
{
  g_return_if_fail (TKR_IS_DICE_POPOVER (self));
  gtk_spin_button_set_value (self->advantage_spin, advantages);
  gtk_spin_button_set_value (self->disadvantage_spin, disadvantages);
}

void
tkr_dice_popover_roll (TkrDicePopover *self)
{
  g_return_if_fail (TKR_IS_DICE_POPOVER (self));

  gtk_spin_button_update (self->modifier_spin);
  gtk_spin_button_update (self->advantage_spin);
  gtk_spin_button_update (self->disadvantage_spin);
  show_roll (self, tkr_dice_roll_test (get_rules (self), self->rand,
                                       gtk_spin_button_get_value_as_int (self->modifier_spin),
                                       gtk_spin_button_get_value_as_int (self->advantage_spin),
                                       gtk_spin_button_get_value_as_int (self->disadvantage_spin)));
}

void
tkr_dice_popover_enter_score (TkrDicePopover *self, int score)
{
  g_return_if_fail (TKR_IS_DICE_POPOVER (self));

  gtk_spin_button_set_value (self->score_spin, score);
  show_roll (self, tkr_dice_test_from_score (get_rules (self), score));
}

const TkrTestRoll *
tkr_dice_popover_get_last_roll (TkrDicePopover *self)
{
  g_return_val_if_fail (TKR_IS_DICE_POPOVER (self), NULL);
  return self->last_roll;
}

GListModel *
tkr_dice_popover_get_history (TkrDicePopover *self)
{
  g_return_val_if_fail (TKR_IS_DICE_POPOVER (self), NULL);
  return G_LIST_MODEL (self->history);
}
