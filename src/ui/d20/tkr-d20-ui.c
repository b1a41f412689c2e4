/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-ui.h"

void
tkr_d20_name_widget (GtkWidget *widget, const char *format, ...)
{
  g_autofree char *name = NULL;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_name (widget, name);
}

const char *
tkr_d20_kind_title (const char *kind)
{
  if (g_strcmp0 (kind, "walk") == 0)
    return _ ("Walk");
  if (g_strcmp0 (kind, "fly") == 0)
    return _ ("Fly");
  if (g_strcmp0 (kind, "swim") == 0)
    return _ ("Swim");
  if (g_strcmp0 (kind, "climb") == 0)
    return _ ("Climb");
  return kind;
}
