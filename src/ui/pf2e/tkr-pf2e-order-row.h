/* SPDX-License-Identifier: GPL-3.0-or-later */

#pragma once

#include <adwaita.h>

#include "tkr-pf2e-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_PF2E_ORDER_ROW (tkr_pf2e_order_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eOrderRow, tkr_pf2e_order_row, TKR, PF2E_ORDER_ROW, AdwActionRow)

/*
 * One place of the Pathfinder 2e Setup's initiative order (seed 002, "Step
 * 1: Roll Initiative"; help/C/pf2e.page): the place and name, the result
 * (and whether it is tied), and "Move Up" / "Move Down" where the core
 * lets tied creatures trade places. The row follows only its
 * TkrOrderPlace and that place's creature; refusals are shown on
 * @feedback (the Setup's message label).
 */
GtkWidget *
tkr_pf2e_order_row_new (TkrPf2eEncounter *encounter, TkrOrderPlace *place, GtkLabel *feedback);

G_END_DECLS
