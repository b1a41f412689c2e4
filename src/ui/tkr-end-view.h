/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-award-dialog.h"
#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_END_VIEW (tkr_end_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrEndView, tkr_end_view, TKR, END_VIEW, AdwBin)

/* The End phase: each PC of the encounter with its XP and Level, "Award
 * XP…" (TkrAwardDialog), a "Level Up available" badge, Rest; then "Back to
 * Freeplay" or "End Episode…". Property "campaign". */

GtkWidget *tkr_end_view_new (void);
TkrCampaign *tkr_end_view_get_campaign (TkrEndView *self);
void tkr_end_view_set_campaign (TkrEndView *self, TkrCampaign *campaign);
/* Opens the award dialog for @character, as its row's button does. */
TkrAwardDialog *tkr_end_view_award (TkrEndView *self, TkrCharacter *character);

G_END_DECLS
