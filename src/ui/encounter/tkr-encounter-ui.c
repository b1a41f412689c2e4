/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"

void
tkr_encounter_ui_ensure_style (void)
{
  static gboolean loaded;
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr (GtkCssProvider) provider = NULL;

  if (loaded || display == NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider,
                                       "/io/github/turnkeeper/Turnkeeper/tkr-encounter.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  loaded = TRUE;
}

void
tkr_encounter_ui_install_phase_actions (GtkWidgetClass *widget_class,
                                        GtkWidgetActionActivateFunc activate)
{
  static const char *const actions[] = {
    "encounter.begin-setup", "encounter.abandon-setup", "encounter.begin-main",
    "encounter.next-turn",   "encounter.previous-turn", "encounter.pause",
    "encounter.resume",      "encounter.end",           "encounter.finish",
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, activate);

  /* Their keys are the window's (tkr-keymap.h): it sees them first,
   * wherever the focus is, and a key changed in Preferences works at once
   * (help/C/keyboard.page). No binding here keeps an old key alive. */
}
