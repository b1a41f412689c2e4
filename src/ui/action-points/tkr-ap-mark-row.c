/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-mark-row.h"

struct _TkrApMarkRow
{
  AdwActionRow parent_instance;

  TkrCondition *mark;
  TkrApMarkKind kind;
  GtkButton *remove_button;
};

G_DEFINE_FINAL_TYPE (TkrApMarkRow, tkr_ap_mark_row, ADW_TYPE_ACTION_ROW)

enum
{
  SIGNAL_REMOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What each kind of mark does (help/C/action-points.page, "Conditions
 * and effects"). */
static void
sync_mark (TkrApMarkRow *self)
{
  /* Shown in the reader's language; the rule data keep the name. */
  const char *name = tkr_rules_translate (tkr_condition_get_name (self->mark));
  int value = tkr_condition_get_value (self->mark);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->kind == TKR_AP_MARK_ADJUSTMENT)
    {
      /* Translators: an attribute and a signed number, "Defense +2" */
      title = g_strdup_printf (_ ("%s %+d"), name, value);
      subtitle = g_strdup (_ ("Temporary adjustment: ends at the next Reset"));
    }
  else if (self->kind == TKR_AP_MARK_EFFECT)
    subtitle = g_strdup_printf (_ ("Per-Turn effect: %d damage at each Reset"), value);
  else if (tkr_condition_get_kind (self->mark) == TKR_CONDITION_KIND_PERSISTENT)
    subtitle = g_strdup_printf (_ ("Persistent: a Check Roll of %d shakes it off"), value);
  else
    subtitle = g_strdup (_ ("Temporary: ends at the next Reset"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title ? title : name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
}

static void
remove_clicked_cb (TkrApMarkRow *self)
{
  g_signal_emit (self, signals[SIGNAL_REMOVE], 0);
}

static void
tkr_ap_mark_row_dispose (GObject *object)
{
  TkrApMarkRow *self = TKR_AP_MARK_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_MARK_ROW);
  g_clear_object (&self->mark);
  G_OBJECT_CLASS (tkr_ap_mark_row_parent_class)->dispose (object);
}

static void
tkr_ap_mark_row_class_init (TkrApMarkRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_ap_mark_row_dispose;

  signals[SIGNAL_REMOVE] = g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-ap-mark-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrApMarkRow, remove_button);
}

static void
tkr_ap_mark_row_init (TkrApMarkRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->remove_button, "clicked", G_CALLBACK (remove_clicked_cb), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_ap_mark_row_new (TkrCondition *mark, TkrApMarkKind kind, const char *owner)
{
  TkrApMarkRow *self;
  g_autofree char *remove_name = NULL;

  g_return_val_if_fail (TKR_IS_CONDITION (mark), NULL);

  self = g_object_new (TKR_TYPE_AP_MARK_ROW, NULL);
  self->mark = g_object_ref (mark);
  self->kind = kind;
  /* The core has no command that removes an adjustment: it ends at the
   * next Reset. */
  gtk_widget_set_visible (GTK_WIDGET (self->remove_button), kind != TKR_AP_MARK_ADJUSTMENT);
  remove_name = g_strdup_printf (_ ("Remove %s from %s"),
                                 tkr_rules_translate (tkr_condition_get_name (mark)), owner);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove_name, -1);
  sync_mark (self);
  g_signal_connect_object (mark, "notify", G_CALLBACK (sync_mark), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

TkrCondition *
tkr_ap_mark_row_get_mark (TkrApMarkRow *self)
{
  g_return_val_if_fail (TKR_IS_AP_MARK_ROW (self), NULL);
  return self->mark;
}

TkrApMarkKind
tkr_ap_mark_row_get_kind (TkrApMarkRow *self)
{
  g_return_val_if_fail (TKR_IS_AP_MARK_ROW (self), TKR_AP_MARK_CONDITION);
  return self->kind;
}
