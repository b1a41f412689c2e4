/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_TURN_ROW (tkr_klep_turn_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepTurnRow, tkr_klep_turn_row, TKR, KLEP_TURN_ROW, AdwBin)

/* A row of the turn tracker, bound to one TkrKlepTurnEntry (a PC or an NPC
 * group): its name, the current-turn highlight and, per member, a
 * TkrKlepCombatantPanel. Properties "encounter" and "entry"; the row follows
 * the entry's notifications, so it stays right after undo. */

GtkWidget *tkr_klep_turn_row_new (void);
TkrKlepEncounter *tkr_klep_turn_row_get_encounter (TkrKlepTurnRow *self);
void tkr_klep_turn_row_set_encounter (TkrKlepTurnRow *self, TkrKlepEncounter *encounter);
TkrKlepTurnEntry *tkr_klep_turn_row_get_entry (TkrKlepTurnRow *self);
void tkr_klep_turn_row_set_entry (TkrKlepTurnRow *self, TkrKlepTurnEntry *entry);
/* The member panels, in the entry's order (for tests): a group shows its
 * first twelve members' panels, and says how many more there are. */
GtkWidget *tkr_klep_turn_row_get_panel (TkrKlepTurnRow *self, guint index);

G_END_DECLS
