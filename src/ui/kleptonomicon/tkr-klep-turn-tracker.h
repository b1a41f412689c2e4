/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_TURN_TRACKER (tkr_klep_turn_tracker_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepTurnTracker, tkr_klep_turn_tracker, TKR, KLEP_TURN_TRACKER, AdwBin)

/* The Main and Paused phases: the Round and whose Turn it is, Next and
 * Previous Turn, the turn order in a GtkListView of TkrKlepTurnRow (it scales
 * to thousands of entries) and, while Paused, a banner to resume (also by
 * a combatant's Beat) or end. Beside it, the GM's Zones and Log
 * (TkrKlepGmPanel) in a flap that folds over the order when the window is
 * narrow; a toggle in the header shows or hides it. Property "encounter". */

GtkWidget *tkr_klep_turn_tracker_new (void);
TkrKlepEncounter *tkr_klep_turn_tracker_get_encounter (TkrKlepTurnTracker *self);
void tkr_klep_turn_tracker_set_encounter (TkrKlepTurnTracker *self, TkrKlepEncounter *encounter);
/* The list view of the order (for tests and focus). */
GtkListView *tkr_klep_turn_tracker_get_list_view (TkrKlepTurnTracker *self);
/* The TkrKlepGmPanel beside the order (for tests and focus). */
GtkWidget *tkr_klep_turn_tracker_get_gm_panel (TkrKlepTurnTracker *self);

G_END_DECLS
