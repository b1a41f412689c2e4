/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-ap-encounter.h"
#include "tkr-campaign.h"

G_BEGIN_DECLS

/*
 * The Setup of an Action-Point encounter (help/C/action-points.page,
 * "Choose who takes part"): who takes part, each a TkrApParticipantRow
 * (the same rows Freeplay shows), the whole party in one step, and the
 * buttons of the shared "encounter." actions of the phase (the Encounter
 * page installs them and gives this pane the encounter while the Setup
 * shows).
 */
#define TKR_TYPE_AP_SETUP_PANE (tkr_ap_setup_pane_get_type ())
G_DECLARE_FINAL_TYPE (TkrApSetupPane, tkr_ap_setup_pane, TKR, AP_SETUP_PANE, AdwBin)

GtkWidget *tkr_ap_setup_pane_new (void);
/* @encounter is @campaign's tracker, or NULL for a campaign of another
 * system. */
void tkr_ap_setup_pane_set_encounter (TkrApSetupPane *self,
                                      TkrCampaign *campaign,
                                      TkrApEncounter *encounter);

G_END_DECLS
