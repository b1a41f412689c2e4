/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-d20-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_SETUP_ROW (tkr_d20_setup_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20SetupRow, tkr_d20_setup_row, TKR, D20_SETUP_ROW, GtkListBoxRow)

/* A participant of a d20 encounter in Setup (help/C/d20.page, "Roll
 * initiative"): its Agility, its initiative typed or rolled, and whether it
 * is surprised. The row follows its combatant's properties. */
GtkWidget *tkr_d20_setup_row_new (TkrD20Encounter *encounter, TkrD20Combatant *combatant);

/* "Initiative 15 (contest 18)", or "No initiative yet". */
char *tkr_d20_setup_row_describe_initiative (TkrD20Combatant *combatant);

G_END_DECLS
