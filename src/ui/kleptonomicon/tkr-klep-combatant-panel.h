/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_COMBATANT_PANEL (tkr_klep_combatant_panel_get_type ())
G_DECLARE_FINAL_TYPE (
  TkrKlepCombatantPanel, tkr_klep_combatant_panel, TKR, KLEP_COMBATANT_PANEL, AdwBin)

/* One member of a turn entry in the tracker: Beats (spend, refund; a spend
 * off turn is a Reaction), Free Actions, Movement with its per-range
 * ledger (the Move popover also lets the GM grant Improvised Movement),
 * Dash, Abilities, conditions as chips, quick Health and Shield edits and
 * the Beats owed. Every control calls a TkrKlepEncounter or
 * TkrCharacter command. Properties "encounter", "combatant", "show-name". */

GtkWidget *tkr_klep_combatant_panel_new (void);
TkrKlepEncounter *tkr_klep_combatant_panel_get_encounter (TkrKlepCombatantPanel *self);
void tkr_klep_combatant_panel_set_encounter (TkrKlepCombatantPanel *self,
                                             TkrKlepEncounter *encounter);
TkrKlepCombatant *tkr_klep_combatant_panel_get_combatant (TkrKlepCombatantPanel *self);
void tkr_klep_combatant_panel_set_combatant (TkrKlepCombatantPanel *self,
                                             TkrKlepCombatant *combatant);
gboolean tkr_klep_combatant_panel_get_show_name (TkrKlepCombatantPanel *self);
void tkr_klep_combatant_panel_set_show_name (TkrKlepCombatantPanel *self, gboolean show_name);

/* Dashes for @combatant; when the core asks for the Athletics Test (a
 * second Dash in the Round), asks the GM for it first in a dialog: a Score
 * typed in or rolled. Outcomes and refusals are shown from @source. */
void tkr_klep_combatant_panel_request_dash (GtkWidget *source,
                                            GtkLabel *fallback,
                                            TkrKlepEncounter *encounter,
                                            TkrKlepCombatant *combatant);

/* Uses @ability; while Paused, an Ability slower than an Action first asks
 * for the GM's approval in a dialog. */
void tkr_klep_combatant_panel_request_ability (GtkWidget *source,
                                               GtkLabel *fallback,
                                               TkrKlepEncounter *encounter,
                                               TkrKlepCombatant *combatant,
                                               TkrAbility *ability);

G_END_DECLS
