/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-award-dialog.h"
#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_END_VIEW (tkr_klep_end_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepEndView, tkr_klep_end_view, TKR, KLEP_END_VIEW, AdwBin)

/* The End phase: each PC of the encounter with its XP and Level, "Award
 * XP…" (TkrKlepAwardDialog), a "Level Up available" badge, Rest; then "Back to
 * Freeplay" or "End Episode…". Property "campaign". */

GtkWidget *tkr_klep_end_view_new (void);
TkrCampaign *tkr_klep_end_view_get_campaign (TkrKlepEndView *self);
void tkr_klep_end_view_set_campaign (TkrKlepEndView *self, TkrCampaign *campaign);
/* Opens the award dialog for @character, as its row's button does. */
TkrKlepAwardDialog *tkr_klep_end_view_award (TkrKlepEndView *self, TkrCharacter *character);

G_END_DECLS
