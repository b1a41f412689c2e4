/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/*
 * No value changes by scrolling (help/C/first-sheet.page, "What goes
 * where"): a number field (a GtkSpinButton or a
 * GtkScale) takes the mouse wheel only while it holds the keyboard focus.
 * Otherwise its own wheel handling is switched off, so the scroll goes on
 * to the page around it: GTK's scrolled window scrolls as it does anywhere
 * else (wheel clicks, smooth and kinetic touchpad scrolling, Shift for
 * sideways), and the page keeps moving under the pointer.
 *
 * tkr_scroll_guard_install () does it once for the whole process: every
 * number field is guarded when it is realized, in any window, dialog or
 * popover. The main window and the application install it.
 */
void tkr_scroll_guard_install (void);

/* Guards @field now (tkr_scroll_guard_install does this for every number
 * field it sees realized). Does nothing for a widget that is not a number
 * field or is guarded already. */
void tkr_scroll_guard_watch (GtkWidget *field);

/* The rule itself: whether @field takes the wheel now, that is whether the
 * keyboard focus is in it. */
gboolean tkr_scroll_guard_takes_wheel (GtkWidget *field);

/* Whether @widget is a number field the guard watches, and whether it is
 * guarded. */
gboolean tkr_scroll_guard_is_number_field (GtkWidget *widget);
gboolean tkr_scroll_guard_is_watching (GtkWidget *field);

G_END_DECLS
