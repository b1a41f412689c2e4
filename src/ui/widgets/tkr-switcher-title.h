/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * The window's title with the view switcher in it, as AdwViewSwitcherTitle
 * shows them (the switcher when it fits, else the title, and the switcher
 * bar at the bottom instead), with a title that wraps onto a second line
 * rather than being cut short in a narrow window (360 px: README, "The
 * application"). Only a title that does not fit on two lines is
 * ellipsized. In a phone-sized window (up to 400 px wide) the header bar
 * it sits in keeps only the close button of the window's controls, so that
 * the title has the room of minimize and maximize.
 */
#define TKR_TYPE_SWITCHER_TITLE (tkr_switcher_title_get_type ())
G_DECLARE_FINAL_TYPE (TkrSwitcherTitle, tkr_switcher_title, TKR, SWITCHER_TITLE, GtkWidget)

GtkWidget *tkr_switcher_title_new (void);

AdwViewStack *tkr_switcher_title_get_stack (TkrSwitcherTitle *self);
void tkr_switcher_title_set_stack (TkrSwitcherTitle *self, AdwViewStack *stack);

const char *tkr_switcher_title_get_title (TkrSwitcherTitle *self);
void tkr_switcher_title_set_title (TkrSwitcherTitle *self, const char *title);

const char *tkr_switcher_title_get_subtitle (TkrSwitcherTitle *self);
void tkr_switcher_title_set_subtitle (TkrSwitcherTitle *self, const char *subtitle);

/* Whether the title shows rather than the switcher (the window is too
 * narrow for it): the switcher bar at the bottom shows then. */
gboolean tkr_switcher_title_get_title_visible (TkrSwitcherTitle *self);

/* The label that shows the title (for tests that ask Pango whether it
 * was cut short). */
GtkLabel *tkr_switcher_title_get_title_label (TkrSwitcherTitle *self);

G_END_DECLS
