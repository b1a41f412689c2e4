/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_ROSTER_ROW (tkr_roster_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrRosterRow, tkr_roster_row, TKR, ROSTER_ROW, GtkWidget)

/* A roster line: avatar, name, kind and Level, Health, a mark when the
 * character is in the campaign's encounter (a library NPC: how many of
 * its copies), and buttons that activate roster.add-to-encounter,
 * roster.duplicate and roster.remove for its character. Properties
 * "character" and "campaign". */

GtkWidget *tkr_roster_row_new (void);
TkrCharacter *tkr_roster_row_get_character (TkrRosterRow *self);
void tkr_roster_row_set_character (TkrRosterRow *self, TkrCharacter *character);
TkrCampaign *tkr_roster_row_get_campaign (TkrRosterRow *self);
void tkr_roster_row_set_campaign (TkrRosterRow *self, TkrCampaign *campaign);
/* The mark's text, or NULL while it is hidden. */
const char *tkr_roster_row_get_encounter_mark (TkrRosterRow *self);

G_END_DECLS
