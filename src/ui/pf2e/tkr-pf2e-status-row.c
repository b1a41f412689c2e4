/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-pf2e-status-row.h"

struct _TkrPf2eStatusRow
{
  AdwActionRow parent_instance;

  TkrCondition *condition;
  GtkWidget *remove_button;
};

G_DEFINE_FINAL_TYPE (TkrPf2eStatusRow, tkr_pf2e_status_row, ADW_TYPE_ACTION_ROW)

enum
{
  SIGNAL_REMOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
remove_clicked_cb (TkrPf2eStatusRow *self)
{
  g_signal_emit (self, signals[SIGNAL_REMOVE], 0);
}

/* "Frightened 2", or "Unconscious" for a condition without values. */
static gboolean
condition_title (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  TkrCondition *condition = user_data;
  const char *shown = tkr_rules_translate (tkr_condition_get_name (condition));

  if (tkr_condition_get_max_stacks (condition) > 1)
    g_value_take_string (to, g_strdup_printf ("%s %d", shown, g_value_get_int (from)));
  else
    g_value_set_string (to, shown);
  return TRUE;
}

/* "Rage: 2 rounds left". */
static gboolean
effect_title (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  int rounds = g_value_get_int (from);

  /* Translators: an effect, then the rounds it has left */
  g_value_take_string (to, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %d round left",
                                                         "%s: %d rounds left", rounds),
                                            tkr_condition_get_name (TKR_CONDITION (user_data)),
                                            rounds));
  return TRUE;
}

static void
tkr_pf2e_status_row_dispose (GObject *object)
{
  TkrPf2eStatusRow *self = TKR_PF2E_STATUS_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_STATUS_ROW);
  g_clear_object (&self->condition);

  G_OBJECT_CLASS (tkr_pf2e_status_row_parent_class)->dispose (object);
}

static void
tkr_pf2e_status_row_class_init (TkrPf2eStatusRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_pf2e_status_row_dispose;

  signals[SIGNAL_REMOVE] = g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-status-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eStatusRow, remove_button);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
tkr_pf2e_status_row_init (TkrPf2eStatusRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_pf2e_status_row_new (TkrCondition *condition, gboolean effect, const char *remove_name)
{
  TkrPf2eStatusRow *self = g_object_new (TKR_TYPE_PF2E_STATUS_ROW, NULL);

  self->condition = g_object_ref (condition);
  /* The title follows the value (a condition) or the rounds left (an
   * effect); the binding ends with the row. */
  g_object_bind_property_full (condition, effect ? "rounds-left" : "stacks", self, "title",
                               G_BINDING_SYNC_CREATE, effect ? effect_title : condition_title, NULL,
                               condition, NULL);
  gtk_widget_set_tooltip_text (self->remove_button, remove_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove_name, -1);
  return GTK_WIDGET (self);
}

TkrCondition *
tkr_pf2e_status_row_get_condition (TkrPf2eStatusRow *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_STATUS_ROW (self), NULL);
  return self->condition;
}
