/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"
#include "tkr-journal.h"
#include "tkr-table-tracker.h"

G_BEGIN_DECLS

#define TKR_TYPE_ENCOUNTER_PAGE (tkr_encounter_page_get_type ())
G_DECLARE_FINAL_TYPE (TkrEncounterPage, tkr_encounter_page, TKR, ENCOUNTER_PAGE, GtkWidget)

/* The window's Encounter tab, the same for every rule system: the
 * campaign's rule system (a drop-down the GM may change only while no
 * encounter runs), the phase bar, and the page of the phase: Freeplay
 * (TkrFreeplayPane), the system's Setup, in a fight the table tracker with
 * the details of its selected row beside it, at the End the End pane.
 * Installs the "encounter." actions (begin-setup, abandon-setup,
 * begin-main, next-turn, previous-turn, pause, resume, end, finish; the
 * Kleptonomicon's spend-beat and dash). Properties "campaign" and
 * "selected" (GObject, nullable: the tracker's selected row, whose
 * details show). */

GtkWidget *tkr_encounter_page_new (void);
TkrCampaign *tkr_encounter_page_get_campaign (TkrEncounterPage *self);
void tkr_encounter_page_set_campaign (TkrEncounterPage *self, TkrCampaign *campaign);
void tkr_encounter_page_set_journal (TkrEncounterPage *self, TkrJournal *journal);
/* (transfer none) (nullable) */
GObject *tkr_encounter_page_get_selected (TkrEncounterPage *self);
void tkr_encounter_page_set_selected (TkrEncounterPage *self, GObject *selected);
/* The widget holding the "encounter." actions: the page itself. */
GtkWidget *tkr_encounter_page_get_view (TkrEncounterPage *self);
/* Shows a command's refusal (a toast in the window, else the page's own
 * line), or clears a stale one. Returns @ok. */
gboolean tkr_encounter_page_report (TkrEncounterPage *self, gboolean ok, const GError *error);

/* (transfer none): the table tracker shown while a fight runs */
TkrTableTracker *tkr_encounter_page_get_table_tracker (TkrEncounterPage *self);
/* (transfer none): the End pane shown at the End */
GtkWidget *tkr_encounter_page_get_end_pane (TkrEncounterPage *self);

G_END_DECLS
