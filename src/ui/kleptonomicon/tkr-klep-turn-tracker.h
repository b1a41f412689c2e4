/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"
#include "tkr-klep-turn-row.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_TURN_TRACKER (tkr_klep_turn_tracker_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepTurnTracker, tkr_klep_turn_tracker, TKR, KLEP_TURN_TRACKER, AdwBin)

/* The Kleptonomicon's details pane beside the table tracker in the Main
 * and Paused phases (help/C/tracker.page): the Round and whose Turn it is,
 * Next and Previous Turn, the selected row's details (a PC's or a group's
 * entry with a TkrKlepCombatantPanel per member, or one member of a
 * group; the current Turn's entry when nothing is selected) and, while
 * Paused, a banner to resume (also by a combatant's Beat) or end. Beside
 * it, the GM's Zones and Log (TkrKlepGmPanel) in a flap that folds over
 * the details when the pane is narrow; a toggle in the header shows or
 * hides it. Properties "encounter" and "selected" (GObject, nullable: a
 * TkrKlepTurnEntry or a TkrKlepCombatant). */

GtkWidget *tkr_klep_turn_tracker_new (void);
TkrKlepEncounter *tkr_klep_turn_tracker_get_encounter (TkrKlepTurnTracker *self);
void tkr_klep_turn_tracker_set_encounter (TkrKlepTurnTracker *self, TkrKlepEncounter *encounter);
GObject *tkr_klep_turn_tracker_get_selected (TkrKlepTurnTracker *self);
void tkr_klep_turn_tracker_set_selected (TkrKlepTurnTracker *self, GObject *selected);
TkrKlepTurnRow *tkr_klep_turn_tracker_get_entry_row (TkrKlepTurnTracker *self);
GtkWidget *tkr_klep_turn_tracker_get_member_panel (TkrKlepTurnTracker *self);
/* The TkrKlepGmPanel beside the order (for tests and focus). */
GtkWidget *tkr_klep_turn_tracker_get_gm_panel (TkrKlepTurnTracker *self);

G_END_DECLS
