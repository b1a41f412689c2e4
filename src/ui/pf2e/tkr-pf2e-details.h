/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"
#include "tkr-pf2e-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_PF2E_DETAILS (tkr_pf2e_details_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eDetails, tkr_pf2e_details, TKR, PF2E_DETAILS, AdwBin)

/*
 * One Pathfinder 2e creature's details beside the table tracker
 * (docs/ARCHITECTURE.md, "The table tracker"; help/C/pf2e.page): spending
 * and refunding its actions and reaction, its conditions with their values,
 * the effects it created with the rounds they have left, and its recovery
 * check while it is dying. Each control calls a command of
 * TkrPf2eEncounter; the widget follows only this creature's objects (its
 * resources, conditions and effects), never the whole history.
 *
 * Properties: "encounter" (TkrPf2eEncounter, nullable), "combatant"
 * (TkrPf2eCombatant, nullable).
 */

GtkWidget *tkr_pf2e_details_new (void);
void tkr_pf2e_details_set_encounter (TkrPf2eDetails *self, TkrPf2eEncounter *encounter);
void tkr_pf2e_details_set_combatant (TkrPf2eDetails *self, TkrPf2eCombatant *combatant);
TkrPf2eCombatant *tkr_pf2e_details_get_combatant (TkrPf2eDetails *self);

G_END_DECLS
