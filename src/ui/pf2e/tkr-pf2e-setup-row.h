/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-pf2e-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_PF2E_SETUP_ROW (tkr_pf2e_setup_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eSetupRow, tkr_pf2e_setup_row, TKR, PF2E_SETUP_ROW, AdwExpanderRow)

/*
 * One creature's initiative in the Pathfinder 2e Setup (seed 002, "Step 1:
 * Roll Initiative"; help/C/pf2e.page): the result typed in or rolled, the
 * skill it is rolled with and its modifier, and for an NPC the group that
 * shares one roll. The row follows its combatant's properties; refusals
 * are shown on @feedback (the Setup's message label).
 */

GtkWidget *tkr_pf2e_setup_row_new (TkrPf2eEncounter *encounter,
                                   TkrPf2eCombatant *combatant,
                                   GRand *rand,
                                   GtkLabel *feedback);

G_END_DECLS
