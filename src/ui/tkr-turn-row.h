/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_TURN_ROW (tkr_turn_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrTurnRow, tkr_turn_row, TKR, TURN_ROW, AdwBin)

/* A row of the turn tracker, bound to one TkrTurnEntry (a PC or an NPC
 * group): its name, the current-turn highlight and, per member, a
 * TkrCombatantPanel. Properties "encounter" and "entry"; the row follows
 * the entry's notifications, so it stays right after undo. */

GtkWidget *tkr_turn_row_new (void);
TkrEncounter *tkr_turn_row_get_encounter (TkrTurnRow *self);
void tkr_turn_row_set_encounter (TkrTurnRow *self, TkrEncounter *encounter);
TkrTurnEntry *tkr_turn_row_get_entry (TkrTurnRow *self);
void tkr_turn_row_set_entry (TkrTurnRow *self, TkrTurnEntry *entry);
/* The member panels, in the entry's order (for tests). */
GtkWidget *tkr_turn_row_get_panel (TkrTurnRow *self, guint index);

G_END_DECLS
