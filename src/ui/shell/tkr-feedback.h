/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * How the encounter widgets tell the GM that the core refused a command (or
 * what a roll gave): a toast when the widget sits in an AdwToastOverlay (the
 * window), else an inline label the widget keeps for the purpose, so a
 * widget shown on its own (tests, another container) still explains itself.
 */

static inline void
tkr_feedback_show (GtkWidget *widget, GtkLabel *fallback, const char *message, gboolean is_error)
{
  GtkWidget *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (message == NULL)
    return;

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (message, -1);
      AdwToast *toast = adw_toast_new (escaped);

      adw_toast_set_timeout (toast, is_error ? 5 : 3);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
      if (fallback != NULL)
        gtk_widget_set_visible (GTK_WIDGET (fallback), FALSE);
      return;
    }

  if (fallback != NULL)
    {
      gtk_label_set_text (fallback, message);
      if (is_error)
        gtk_widget_add_css_class (GTK_WIDGET (fallback), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (fallback), "error");
      gtk_widget_set_visible (GTK_WIDGET (fallback), TRUE);
    }
}

static inline void
tkr_feedback_show_error (GtkWidget *widget, GtkLabel *fallback, const GError *error)
{
  if (error != NULL)
    tkr_feedback_show (widget, fallback, error->message, TRUE);
}

/* Hides the inline label once a command went through. */
static inline void
tkr_feedback_clear (GtkLabel *fallback)
{
  if (fallback != NULL)
    gtk_widget_set_visible (GTK_WIDGET (fallback), FALSE);
}

/* Reports a command's outcome: the error if it was refused, else clears a
 * stale one. Returns @ok. */
static inline gboolean
tkr_feedback_check (GtkWidget *widget, GtkLabel *fallback, gboolean ok, const GError *error)
{
  if (ok)
    tkr_feedback_clear (fallback);
  else
    tkr_feedback_show_error (widget, fallback, error);
  return ok;
}

G_END_DECLS
