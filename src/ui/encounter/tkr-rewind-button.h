/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "tkr-journal.h"

G_BEGIN_DECLS

#define TKR_TYPE_REWIND_BUTTON (tkr_rewind_button_get_type ())
G_DECLARE_FINAL_TYPE (TkrRewindButton, tkr_rewind_button, TKR, REWIND_BUTTON, GtkWidget)

/* The GM's way back to the start of a round (help/C/files-and-backups.page,
 * "Rewinding a fight"): a menu of the rounds the journal holds the start
 * of (in the Action-Point system, by Turn and round), each item
 * activating "rewind.start" (a uint32: which item) for the journal's
 * rewind to that start, one undoable step. Hidden while there is none. */
GtkWidget *tkr_rewind_button_new (void);
void tkr_rewind_button_set_journal (TkrRewindButton *self, TkrJournal *journal);
TkrJournal *tkr_rewind_button_get_journal (TkrRewindButton *self);
/* The menu, for tests. */
GMenuModel *tkr_rewind_button_get_menu (TkrRewindButton *self);

G_END_DECLS
