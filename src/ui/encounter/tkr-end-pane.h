/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

#define TKR_TYPE_END_PANE (tkr_end_pane_get_type ())
G_DECLARE_FINAL_TYPE (TkrEndPane, tkr_end_pane, TKR, END_PANE, GtkWidget)

/*
 * The end of an encounter, the same in every rule system (help/C/
 * pause-and-end.page): the party who took part, each ticked, an amount the
 * system's rule data allows and a reason, and one button that awards
 * everyone ticked in one undoable step; a Level Up button appears on a
 * character's row as soon as it can level up; and whether the NPCs start
 * the next fight fresh or keep their wounds.
 *
 * Property: "encounter" (TkrEncounter, nullable).
 */

GtkWidget *tkr_end_pane_new (void);
void tkr_end_pane_set_encounter (TkrEndPane *self, TkrEncounter *encounter);
/* With a campaign, the pane also offers the choice for the NPCs before
 * the next fight (tkr_campaign_between_fights()). */
void tkr_end_pane_set_campaign (TkrEndPane *self, TkrCampaign *campaign);
/* Asks whether to end the Episode (tkr_campaign_end_episode()) and does
 * so on "end"; returns the dialog (transfer none), NULL without a
 * campaign. */
GtkWidget *tkr_end_pane_end_episode (TkrEndPane *self);

G_END_DECLS
