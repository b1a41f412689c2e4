/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-pf2e-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_PF2E_SETUP (tkr_pf2e_setup_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eSetup, tkr_pf2e_setup, TKR, PF2E_SETUP, AdwBin)

/*
 * The Pathfinder 2e Setup page (seed 002, "Step 1: Roll Initiative";
 * help/C/pf2e.page): a TkrPf2eSetupRow per creature, the order the rounds
 * would use with the ties the players may settle, who still has to roll,
 * and "Roll for the Rest". It follows the encounter's history.
 */

void tkr_pf2e_setup_set_encounter (TkrPf2eSetup *self, TkrPf2eEncounter *encounter);

G_END_DECLS
