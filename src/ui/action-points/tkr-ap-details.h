/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-ap-encounter.h"

G_BEGIN_DECLS

/*
 * The details of one Action-Point combatant beside the table tracker
 * (help/C/action-points.page, "The details pane"): its state this Round,
 * the actor's commands (movement, action, Only action, Free Steps, pass),
 * and its conditions, adjustments and per-Turn effects with add and
 * remove. It follows only that combatant's objects.
 *
 * Properties: "encounter" (TkrApEncounter, nullable), "combatant"
 * (TkrApCombatant, nullable).
 */
#define TKR_TYPE_AP_DETAILS (tkr_ap_details_get_type ())
G_DECLARE_FINAL_TYPE (TkrApDetails, tkr_ap_details, TKR, AP_DETAILS, AdwBin)

GtkWidget *tkr_ap_details_new (void);
void tkr_ap_details_set_encounter (TkrApDetails *self, TkrApEncounter *encounter);
void tkr_ap_details_set_combatant (TkrApDetails *self, TkrApCombatant *combatant);
TkrApCombatant *tkr_ap_details_get_combatant (TkrApDetails *self);

G_END_DECLS
