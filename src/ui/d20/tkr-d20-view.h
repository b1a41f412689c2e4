/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_VIEW (tkr_d20_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20View, tkr_d20_view, TKR, D20_VIEW, AdwBin)

/* The encounter pane of the d20 system: shown by TkrEncounterPage when the
 * campaign's tracker is that system's encounter. Freeplay and Setup are
 * its own pages; in Main and Paused it is the details pane of the table
 * tracker (TkrD20Details for the selected combatant). Properties
 * "campaign" (TkrCampaign; the view ignores a campaign of another system)
 * and "selected" (GObject, nullable: the tracker's selected row). Installs
 * the shared "encounter." actions (begin-setup, abandon-setup, begin-main,
 * next-turn, previous-turn, pause, resume, end, finish). */

GtkWidget *tkr_d20_view_new (void);
TkrCampaign *tkr_d20_view_get_campaign (TkrD20View *self);
void tkr_d20_view_set_campaign (TkrD20View *self, TkrCampaign *campaign);
/* (transfer none) (nullable) */
GObject *tkr_d20_view_get_selected (TkrD20View *self);
void tkr_d20_view_set_selected (TkrD20View *self, GObject *selected);
/* Shows a refused command of @widget (a row of the view) in the view.
 * Returns @ok. */
gboolean tkr_d20_view_report (GtkWidget *widget, gboolean ok, const GError *error);

G_END_DECLS
