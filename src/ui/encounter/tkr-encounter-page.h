/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"
#include "tkr-table-tracker.h"

G_BEGIN_DECLS

#define TKR_TYPE_ENCOUNTER_PAGE (tkr_encounter_page_get_type ())
G_DECLARE_FINAL_TYPE (TkrEncounterPage, tkr_encounter_page, TKR, ENCOUNTER_PAGE, GtkWidget)

/* The window's Encounter tab: the campaign's rule system (a drop-down the
 * GM may change only while no encounter runs) above the encounter view of
 * that system: TkrKlepView for the Kleptonomicon, TkrPf2eView,
 * TkrD20View or TkrApView. Only the shown view holds the campaign.
 * Property "campaign". */

GtkWidget *tkr_encounter_page_new (void);
TkrCampaign *tkr_encounter_page_get_campaign (TkrEncounterPage *self);
void tkr_encounter_page_set_campaign (TkrEncounterPage *self, TkrCampaign *campaign);
/* The view shown for the campaign's rule system. */
GtkWidget *tkr_encounter_page_get_view (TkrEncounterPage *self);

/* (transfer none): the table tracker shown while a fight runs */
TkrTableTracker *tkr_encounter_page_get_table_tracker (TkrEncounterPage *self);
/* (transfer none): the End pane shown at the End */
GtkWidget *tkr_encounter_page_get_end_pane (TkrEncounterPage *self);

G_END_DECLS
