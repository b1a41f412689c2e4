/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-order-row.h"
#include "tkr-d20-setup-row.h"

struct _TkrD20OrderRow
{
  AdwActionRow parent_instance;

  TkrOrderPlace *place;
};

G_DEFINE_FINAL_TYPE (TkrD20OrderRow, tkr_d20_order_row, ADW_TYPE_ACTION_ROW)

static void
sync_row (TkrD20OrderRow *self)
{
  TkrD20Combatant *combatant = TKR_D20_COMBATANT (tkr_order_place_get_combatant (self->place));
  g_autofree char *title = g_strdup_printf ("%u. %s", tkr_order_place_get_place (self->place),
                                            tkr_combatant_get_name (TKR_COMBATANT (combatant)));
  g_autofree char *subtitle = tkr_d20_setup_row_describe_initiative (combatant);

  if (tkr_d20_combatant_get_surprised (combatant))
    {
      g_autofree char *with =
        g_strdup_printf (_ ("%s · surprised, skips the first turn"), subtitle);

      g_free (subtitle);
      subtitle = g_steal_pointer (&with);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
}

static void
tkr_d20_order_row_dispose (GObject *object)
{
  TkrD20OrderRow *self = TKR_D20_ORDER_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_ORDER_ROW);
  g_clear_object (&self->place);

  G_OBJECT_CLASS (tkr_d20_order_row_parent_class)->dispose (object);
}

static void
tkr_d20_order_row_class_init (TkrD20OrderRowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tkr_d20_order_row_dispose;
  gtk_widget_class_set_template_from_resource (
    GTK_WIDGET_CLASS (klass), "/io/github/turnkeeper/Turnkeeper/tkr-d20-order-row.ui");
}

static void
tkr_d20_order_row_init (TkrD20OrderRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_d20_order_row_new (TkrOrderPlace *place)
{
  TkrD20OrderRow *self = g_object_new (TKR_TYPE_D20_ORDER_ROW, NULL);

  self->place = g_object_ref (place);
  g_signal_connect_object (place, "notify::place", G_CALLBACK (sync_row), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (tkr_order_place_get_combatant (place), "notify", G_CALLBACK (sync_row),
                           self, G_CONNECT_SWAPPED);
  sync_row (self);
  return GTK_WIDGET (self);
}
