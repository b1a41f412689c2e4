/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-ap-encounter.h"

G_BEGIN_DECLS

/*
 * One participant of an Action-Point encounter in Freeplay and Setup
 * (help/C/action-points.page, "Setting up"): its Finesse Die, AP
 * adjustment, size, Mana and Faith, which a Reset recovers, and surprise,
 * each sent to TkrApEncounter's commands and shown back from the
 * combatant's properties (undo too). Signals: "refused" (a GError, boxed)
 * when the core refuses a change; the row then shows the core's value.
 */
#define TKR_TYPE_AP_PARTICIPANT_ROW (tkr_ap_participant_row_get_type ())
G_DECLARE_FINAL_TYPE (
  TkrApParticipantRow, tkr_ap_participant_row, TKR, AP_PARTICIPANT_ROW, AdwExpanderRow)

GtkWidget *tkr_ap_participant_row_new (TkrApEncounter *encounter, TkrApCombatant *combatant);

G_END_DECLS
