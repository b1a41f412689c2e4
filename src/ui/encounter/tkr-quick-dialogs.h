/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/*
 * The two fight keys that ask for something first (help/C/keyboard.page):
 * a condition from the rule system's catalogue, found by typing, and a
 * distance to move. Each is a small dialog on @parent's window that runs
 * the quick command (engine/tkr-quick.h) on @combatant and closes, or
 * shows the refusal in plain words and stays open.
 */

/* (transfer none): the dialog, already presented */
GtkWindow *
tkr_condition_chooser_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *combatant);
/* Types @name into the search and presses Enter at once, before the
 * search's delay has passed: for tests and for the command palette.
 * TRUE when a condition was added. */
gboolean tkr_condition_chooser_choose (GtkWindow *chooser, const char *name);

/* (transfer none): the dialog, already presented */
GtkWindow *
tkr_move_dialog_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *combatant);
/* Moves @distance as if typed and confirmed. */
gboolean tkr_move_dialog_move (GtkWindow *dialog, int distance);

G_END_DECLS
