/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_VIEW (tkr_klep_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepView, tkr_klep_view, TKR, KLEP_VIEW, AdwBin)

/* The encounter pane: a phase bar and, below it, the view of the current
 * phase (Freeplay, Setup assistant, turn tracker in Main/Paused, End).
 * Property "campaign" (TkrCampaign). Installs its own actions in the
 * "encounter." group (encounter.next-turn, encounter.previous-turn,
 * encounter.pause, encounter.resume, encounter.end, ...). */

GtkWidget *tkr_klep_view_new (void);
TkrCampaign *tkr_klep_view_get_campaign (TkrKlepView *self);
void tkr_klep_view_set_campaign (TkrKlepView *self, TkrCampaign *campaign);

G_END_DECLS
