/* SPDX-License-Identifier: GPL-3.0-or-later */

#pragma once

#include <adwaita.h>

#include "tkr-d20-encounter.h"
#include "tkr-list-sync.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_ORDER_ROW (tkr_d20_order_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20OrderRow, tkr_d20_order_row, TKR, D20_ORDER_ROW, AdwActionRow)

/* One place of the d20 Setup's order as it stands (seed 003, Initiative;
 * help/C/d20.page, "Roll initiative"): the place, the name, the result
 * with its contest rolls and whether the combatant is surprised. Follows
 * only its place and that place's combatant. */
GtkWidget *tkr_d20_order_row_new (TkrOrderPlace *place);

G_END_DECLS
