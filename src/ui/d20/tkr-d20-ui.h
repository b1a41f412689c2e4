/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* What the d20 system's widgets share (tkr-d20-ui.c). */

/* Names @widget for screen readers, and gives it the same widget name, so
 * the widget suite finds a control by the words a screen reader (and the
 * end-to-end test) uses. */
void tkr_d20_name_widget (GtkWidget *widget, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* "Walk", "Fly"...: a kind of movement of the rule data, as shown. */
const char *tkr_d20_kind_title (const char *kind);

G_END_DECLS
