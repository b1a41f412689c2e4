/* SPDX-License-Identifier: GPL-3.0-or-later */

#pragma once

#include <adwaita.h>

#include "tkr-ap-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_AP_ROLL_ROW (tkr_ap_roll_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrApRollRow, tkr_ap_roll_row, TKR, AP_ROLL_ROW, AdwActionRow)

/*
 * One roll the coming Reset needs (seed 004, Reset Phase; help/C/action-points.page):
 * a Finesse Die or a Check Roll with the face or total typed at the table
 * (0: the core rolls it), or a surprised member's exact AP, with nothing
 * to type. The row follows only its TkrPendingRoll. Property "typed"
 * (int, read-write, notify): what is typed in.
 */
GtkWidget *tkr_ap_roll_row_new (TkrApEncounter *encounter, TkrPendingRoll *roll, int typed);
TkrPendingRoll *tkr_ap_roll_row_get_roll (TkrApRollRow *self);
int tkr_ap_roll_row_get_typed (TkrApRollRow *self);

G_END_DECLS
