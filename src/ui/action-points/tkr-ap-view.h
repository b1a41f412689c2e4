/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_AP_VIEW (tkr_ap_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrApView, tkr_ap_view, TKR, AP_VIEW, AdwBin)

/* The encounter pane of the Action-Point system: shown by TkrEncounterPage when the
 * campaign's tracker is that system's encounter. Property "campaign"
 * (TkrCampaign; the view ignores a campaign of another system) and
 * "selected" (GObject, nullable): the table tracker's selected row, whose
 * details (TkrApDetails) the Main page shows beside the Turn's state and
 * the Reset (docs/ARCHITECTURE.md, "The table tracker"). Installs
 * the shared "encounter." actions (begin-setup, abandon-setup, begin-main,
 * next-turn, previous-turn, pause, resume, end, finish). */

GtkWidget *tkr_ap_view_new (void);
TkrCampaign *tkr_ap_view_get_campaign (TkrApView *self);
void tkr_ap_view_set_campaign (TkrApView *self, TkrCampaign *campaign);
GObject *tkr_ap_view_get_selected (TkrApView *self);
void tkr_ap_view_set_selected (TkrApView *self, GObject *selected);

G_END_DECLS
