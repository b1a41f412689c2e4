/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-d20-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_TIE_ROW (tkr_d20_tie_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20TieRow, tkr_d20_tie_row, TKR, D20_TIE_ROW, AdwActionRow)

/* A combatant still tied in Setup (seed, Initiative): its contest roll,
 * typed or rolled (help/C/d20.page, "Roll initiative"). */
GtkWidget *tkr_d20_tie_row_new (TkrD20Encounter *encounter, TkrD20Combatant *combatant);

G_END_DECLS
