/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_CHARACTER_SHEET (tkr_character_sheet_get_type ())
G_DECLARE_FINAL_TYPE (TkrCharacterSheet, tkr_character_sheet, TKR, CHARACTER_SHEET, AdwBin)

/*
 * The sheet of one character, grouped as the rules order it. Every edit is
 * a core command recorded in the campaign's history; a refused value shows
 * the reason under its row and the row goes back to the sheet's value.
 *
 * Properties: "character" (TkrCharacter), "campaign" (TkrCampaign, for the
 * history, the fallback rules and the encounter's turn),
 * "chooses-rule-system" (boolean): a player's own sheet (sheet mode),
 * where the character's rule system is picked from a drop-down; otherwise
 * it is shown read-only (a campaign switches systems in its Encounter tab).
 * Without a campaign the sheet always offers the choice.
 *
 * The sheet follows the character's own rule system ("rule-system"): its
 * fields (rule data "sheet.fields"), conditions and experience.
 */

GtkWidget *tkr_character_sheet_new (void);
TkrCharacter *tkr_character_sheet_get_character (TkrCharacterSheet *self);
void tkr_character_sheet_set_character (TkrCharacterSheet *self, TkrCharacter *character);
TkrCampaign *tkr_character_sheet_get_campaign (TkrCharacterSheet *self);
void tkr_character_sheet_set_campaign (TkrCharacterSheet *self, TkrCampaign *campaign);
gboolean tkr_character_sheet_get_chooses_rule_system (TkrCharacterSheet *self);
void tkr_character_sheet_set_chooses_rule_system (TkrCharacterSheet *self, gboolean chooses);
void tkr_character_sheet_focus_name (TkrCharacterSheet *self);

G_END_DECLS
