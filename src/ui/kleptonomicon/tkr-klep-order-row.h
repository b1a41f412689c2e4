/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-turn-entry.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_ORDER_ROW (tkr_klep_order_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepOrderRow, tkr_klep_order_row, TKR, KLEP_ORDER_ROW, AdwActionRow)

/*
 * A row of the Setup's turn order preview: its place ("position", from 0),
 * the entry ("entry", a PC or an NPC group) and the PCs right before and
 * after it ("previous-pc", "next-pc", NULL when not a PC), all
 * construct-only: the preview makes a new row when any of them changes.
 *
 * PCs side by side stand in the same spot and their order is the players'
 * choice (seed, "Turn Order", rule 4): a PC's row offers arrows, which ask
 * with the signal "place-before" (the PC to go first, the PC to go after).
 * The arrows are named "tie-up:<id>" and "tie-down:<id>" so the view can
 * give them the focus back on the new rows.
 */

GtkWidget *tkr_klep_order_row_new (TkrKlepTurnEntry *entry,
                                   guint position,
                                   TkrCharacter *previous_pc,
                                   TkrCharacter *next_pc);
/* The row's PC, or NULL for a group's row. */
TkrCharacter *tkr_klep_order_row_get_pc (TkrKlepOrderRow *self);
/* The PC of a PC's entry, else NULL. */
TkrCharacter *tkr_klep_order_row_entry_pc (TkrKlepTurnEntry *entry);

G_END_DECLS
