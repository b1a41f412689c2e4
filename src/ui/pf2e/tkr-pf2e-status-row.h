/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-condition.h"

G_BEGIN_DECLS

#define TKR_TYPE_PF2E_STATUS_ROW (tkr_pf2e_status_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eStatusRow, tkr_pf2e_status_row, TKR, PF2E_STATUS_ROW, AdwActionRow)

/*
 * A row of the details pane's conditions or effects (help/C/pf2e.page,
 * "Conditions and effects"), bound to its TkrCondition: "Frightened 2", or
 * when @effect "Bless: 2 rounds left". Its button, named @remove_name for
 * screen readers, emits "remove".
 */

GtkWidget *
tkr_pf2e_status_row_new (TkrCondition *condition, gboolean effect, const char *remove_name);
TkrCondition *tkr_pf2e_status_row_get_condition (TkrPf2eStatusRow *self);

G_END_DECLS
