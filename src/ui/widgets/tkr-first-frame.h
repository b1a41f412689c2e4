/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * The first frame first (README, "Performance"): small helpers that leave
 * what a window's first frame does not show to be built when it first
 * shows.
 */

/* @button opens @model as its menu, the menu's widgets built the first
 * time it opens (a click, F10 for a primary menu, or
 * gtk_menu_button_popup) rather than when the window is built. The
 * button is sensitive from the start, as with the model set at once. */
void tkr_menu_button_set_menu_model_on_popup (GtkMenuButton *button, GMenuModel *model);

/* @page loads its icon when it is first shown (mapped), not while it sits
 * hidden in a stack: an icon is read from disk and drawn the first time a
 * size or frame needs it. */
void tkr_status_page_defer_icon (AdwStatusPage *page);

/* Runs @callback once @widget's window has painted its first frame, at
 * once if it has, or if @widget is not realized (a window never shown
 * has no frames to wait for). @data is released with @destroy either
 * way; nothing runs if @widget goes first. */
typedef void (*TkrFirstFrameFunc) (GtkWidget *widget, gpointer data);

void tkr_after_first_frame (GtkWidget *widget,
                            TkrFirstFrameFunc callback,
                            gpointer data,
                            GDestroyNotify destroy);

G_END_DECLS
