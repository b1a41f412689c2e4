/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_ROSTER (tkr_roster_get_type ())
G_DECLARE_FINAL_TYPE (TkrRoster, tkr_roster, TKR, ROSTER, AdwBin)

/*
 * The sidebar: the campaign's party and NPC library in one list with a
 * heading per section, a search on names, and per-row commands.
 *
 * Properties: "campaign" (TkrCampaign), "selected-character"
 * (TkrCharacter, the row whose sheet is shown).
 * Actions ("roster." group): add-pc, add-npc, and with a character id as
 * target: duplicate, remove, add-to-encounter.
 */

GtkWidget *tkr_roster_new (void);
TkrCampaign *tkr_roster_get_campaign (TkrRoster *self);
void tkr_roster_set_campaign (TkrRoster *self, TkrCampaign *campaign);
TkrCharacter *tkr_roster_get_selected_character (TkrRoster *self);
void tkr_roster_set_selected_character (TkrRoster *self, TkrCharacter *character);
const char *tkr_roster_get_search_text (TkrRoster *self);
void tkr_roster_set_search_text (TkrRoster *self, const char *text);
void tkr_roster_focus_search (TkrRoster *self);
AdwHeaderBar *tkr_roster_get_header_bar (TkrRoster *self);
/* Under the "Turnkeeper" title: the document's name. */
void tkr_roster_set_subtitle (TkrRoster *self, const char *subtitle);
GMenuModel *tkr_roster_get_primary_menu (TkrRoster *self);
/* The rows as shown: section headings (GtkStringObject) and characters
 * (TkrCharacter). */
GListModel *tkr_roster_get_model (TkrRoster *self);
/* How many characters the search lets through. */
guint tkr_roster_get_n_visible_characters (TkrRoster *self);

G_END_DECLS
