/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"
#include "tkr-players.h"

G_BEGIN_DECLS

#define TKR_TYPE_TRACKER_ROW (tkr_tracker_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrTrackerRow, tkr_tracker_row, TKR, TRACKER_ROW, GtkWidget)

/*
 * One dense row of the table tracker (docs/ARCHITECTURE.md, "The table
 * tracker"): a turn slot of any rule system (a TkrCombatant, or a
 * system's group with a "members" list) with its place, name, health as
 * a bar and numbers that take a typed change, temporary health, the turn
 * resources as pips and the conditions with what is left of them. The
 * tracker binds a recycled row to a slot; while bound, the row follows the
 * objects it shows and updates itself when one of them changes, and the
 * tracker tells it when the turn moves.
 */

TkrTrackerRow *tkr_tracker_row_new (void);
/* @place: from 1 in the order; 0 for a member under its group's row; -1
 * for a combatant out of the order this round. */
void tkr_tracker_row_bind (
  TkrTrackerRow *self, TkrEncounter *encounter, GObject *slot, int place, gboolean expanded);
void tkr_tracker_row_unbind (TkrTrackerRow *self);
/* (transfer none) (nullable) */
GObject *tkr_tracker_row_get_slot (TkrTrackerRow *self);
void tkr_tracker_row_update (TkrTrackerRow *self);
/* Shows whether it is the slot's turn, when that changed. */
void tkr_tracker_row_update_current (TkrTrackerRow *self);
/* Fewer columns for a narrow window: the rows stay. */
void tkr_tracker_row_set_compact (TkrTrackerRow *self, gboolean compact);
/* Opens the health cell for a typed change; FALSE for a row whose health
 * cannot be typed (a group). */
gboolean tkr_tracker_row_edit_health (TkrTrackerRow *self);
/* The same, the entry starting with @start ("-" damage, "+" healing,
 * "t" temporary health), the cursor after it. */
gboolean tkr_tracker_row_edit_health_with (TkrTrackerRow *self, const char *start);

/* A slot's names, for the GM and for the players, and a group's counted
 * by kind, are the core's: tkr_tracker_slot_dup_name(),
 * tkr_players_slot_name(), tkr_tracker_group_name_by_kind()
 * (tkr-players.h). */

G_END_DECLS
