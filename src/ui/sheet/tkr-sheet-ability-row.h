/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/*
 * An Ability on the sheet: its name as the title, its Time and Beat cost
 * as the subtitle, and a row for each part of its text that is filled in;
 * it follows the Ability as it changes. Its Edit and Remove buttons emit
 * ::edit and ::remove for the sheet to act on.
 */

#define TKR_TYPE_SHEET_ABILITY_ROW (tkr_sheet_ability_row_get_type ())
G_DECLARE_FINAL_TYPE (
  TkrSheetAbilityRow, tkr_sheet_ability_row, TKR, SHEET_ABILITY_ROW, AdwExpanderRow)

GtkWidget *tkr_sheet_ability_row_new (TkrAbility *ability);
TkrAbility *tkr_sheet_ability_row_get_ability (TkrSheetAbilityRow *self);

G_END_DECLS
