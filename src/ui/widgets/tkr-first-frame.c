/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-first-frame.h"

/* Menus */

static void
create_popup_cb (GtkMenuButton *button, gpointer user_data)
{
  GMenuModel *model = user_data;

  /* Set once: setting it again would build the menu's widgets anew. */
  if (gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, model);
}

void
tkr_menu_button_set_menu_model_on_popup (GtkMenuButton *button, GMenuModel *model)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));
  g_return_if_fail (G_IS_MENU_MODEL (model));

  gtk_menu_button_set_create_popup_func (button, create_popup_cb, g_object_ref (model),
                                         g_object_unref);
}

/* Status pages */

static void
status_page_map_cb (AdwStatusPage *page, gpointer user_data)
{
  const char *icon_name = user_data;

  g_signal_handlers_disconnect_by_func (page, status_page_map_cb, user_data);
  /* Unless something set an icon of its own meanwhile. */
  if (adw_status_page_get_icon_name (page) == NULL && adw_status_page_get_paintable (page) == NULL)
    adw_status_page_set_icon_name (page, icon_name);
}

void
tkr_status_page_defer_icon (AdwStatusPage *page)
{
  const char *icon_name;

  g_return_if_fail (ADW_IS_STATUS_PAGE (page));

  icon_name = adw_status_page_get_icon_name (page);
  if (icon_name == NULL || gtk_widget_get_mapped (GTK_WIDGET (page)))
    return;
  g_signal_connect_data (page, "map", G_CALLBACK (status_page_map_cb), g_strdup (icon_name),
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  adw_status_page_set_icon_name (page, NULL);
}

/* The first frame */

typedef struct
{
  GtkWidget *widget; /* weak */
  GdkFrameClock *clock;
  gulong handler;
  TkrFirstFrameFunc callback;
  gpointer data;
  GDestroyNotify destroy;
} Waiter;

static void widget_unrealize_cb (GtkWidget *widget, gpointer user_data);

static void
waiter_free (gpointer user_data, GClosure *closure)
{
  Waiter *waiter = user_data;

  if (waiter->widget != NULL)
    {
      g_signal_handlers_disconnect_by_func (waiter->widget, widget_unrealize_cb, waiter);
      g_object_remove_weak_pointer (G_OBJECT (waiter->widget), (gpointer *) &waiter->widget);
    }
  if (waiter->destroy != NULL)
    waiter->destroy (waiter->data);
  g_free (waiter);
}

static void
after_paint_cb (GdkFrameClock *clock, gpointer user_data)
{
  Waiter *waiter = user_data;
  GtkWidget *widget = waiter->widget;

  if (widget != NULL)
    {
      g_object_ref (widget);
      waiter->callback (widget, waiter->data);
    }
  /* Frees the waiter. */
  g_signal_handler_disconnect (clock, waiter->handler);
  if (widget != NULL)
    g_object_unref (widget);
}

static void
widget_unrealize_cb (GtkWidget *widget, gpointer user_data)
{
  Waiter *waiter = user_data;

  /* The window went before it painted: nothing runs (this frees the
   * waiter). */
  g_signal_handler_disconnect (waiter->clock, waiter->handler);
}

void
tkr_after_first_frame (GtkWidget *widget,
                       TkrFirstFrameFunc callback,
                       gpointer data,
                       GDestroyNotify destroy)
{
  GdkFrameClock *clock;
  Waiter *waiter;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (callback != NULL);

  clock = gtk_widget_get_realized (widget) ? gtk_widget_get_frame_clock (widget) : NULL;
  /* Not realized: no frame to wait for. Timings exist once a frame has
   * run (this is never called from inside one: its callers are main loop
   * callbacks). */
  if (clock == NULL || gdk_frame_clock_get_current_timings (clock) != NULL)
    {
      callback (widget, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  waiter = g_new0 (Waiter, 1);
  waiter->widget = widget;
  g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &waiter->widget);
  waiter->clock = clock;
  waiter->callback = callback;
  waiter->data = data;
  waiter->destroy = destroy;
  g_signal_connect (widget, "unrealize", G_CALLBACK (widget_unrealize_cb), waiter);
  waiter->handler = g_signal_connect_data (clock, "after-paint", G_CALLBACK (after_paint_cb),
                                           waiter, waiter_free, 0);
}
