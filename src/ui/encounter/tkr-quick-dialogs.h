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

/* One change of health for several combatants (help/C/tracker.page): a
 * typed change (dice rolled once for all) and a resistance for each,
 * taken off its damage; one undo step.
 * (transfer none): the dialog, already presented */
GtkWindow *
tkr_group_health_dialog_present (GtkWidget *parent, TkrEncounter *encounter, GPtrArray *combatants);
/* Sets the resistance of the @index-th combatant, types @text and applies
 * it, as the GM would. TRUE when the change was made. */
gboolean
tkr_group_health_dialog_apply (GtkWindow *dialog, const char *text, const int *resistances);

/* A reminder before @before's turn (help/C/order.page): a note and a
 * round (0: every round). (transfer none): the dialog, presented */
GtkWindow *
tkr_reminder_dialog_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *before);
/* Adds @note in @round as if typed and confirmed. */
gboolean tkr_reminder_dialog_add (GtkWindow *dialog, const char *note, int round);

G_END_DECLS
