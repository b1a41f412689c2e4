/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-d20-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_DETAILS (tkr_d20_details_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Details, tkr_d20_details, TKR, D20_DETAILS, AdwBin)

/*
 * The details of one d20 combatant beside the table tracker
 * (help/C/d20-encounter.page, "The details pane"): its action, bonus
 * action and reaction (spent and given back), mana, movement by kind with
 * the common actions (Dash, Dodge, Wait), acting on a Wait, holding breath
 * and reaching air, and its conditions. It follows only that combatant's
 * objects and calls TkrD20Encounter's commands.
 *
 * Properties: "encounter" (TkrD20Encounter, nullable), "combatant"
 * (TkrD20Combatant, nullable).
 */

GtkWidget *tkr_d20_details_new (void);
void tkr_d20_details_set_encounter (TkrD20Details *self, TkrD20Encounter *encounter);
void tkr_d20_details_set_combatant (TkrD20Details *self, TkrD20Combatant *combatant);
TkrD20Combatant *tkr_d20_details_get_combatant (TkrD20Details *self);

G_END_DECLS
