/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_PF2E_VIEW (tkr_pf2e_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eView, tkr_pf2e_view, TKR, PF2E_VIEW, AdwBin)

/* The encounter pane of the Pathfinder 2e: shown by TkrEncounterPage when the
 * campaign's tracker is that system's encounter; in Main and Paused it is
 * the details pane of the table tracker. Properties: "campaign"
 * (TkrCampaign; the view ignores a campaign of another system) and
 * "selected" (GObject, nullable: the tracker's selected row, whose details
 * it shows). Installs the shared "encounter." actions (begin-setup,
 * abandon-setup, begin-main, next-turn, previous-turn, pause, resume, end,
 * finish). */

GtkWidget *tkr_pf2e_view_new (void);
TkrCampaign *tkr_pf2e_view_get_campaign (TkrPf2eView *self);
void tkr_pf2e_view_set_campaign (TkrPf2eView *self, TkrCampaign *campaign);
/* (transfer none) (nullable) */
GObject *tkr_pf2e_view_get_selected (TkrPf2eView *self);
void tkr_pf2e_view_set_selected (TkrPf2eView *self, GObject *selected);

G_END_DECLS
