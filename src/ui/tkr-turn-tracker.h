/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_TURN_TRACKER (tkr_turn_tracker_get_type ())
G_DECLARE_FINAL_TYPE (TkrTurnTracker, tkr_turn_tracker, TKR, TURN_TRACKER, AdwBin)

/* The Main and Paused phases: the Round and whose Turn it is, Next and
 * Previous Turn, the turn order in a GtkListView of TkrTurnRow (it scales
 * to thousands of entries) and, while Paused, a banner to resume (also by
 * a combatant's Beat) or end. Beside it, the GM's Zones and Log
 * (TkrGmPanel) in a flap that folds over the order when the window is
 * narrow; a toggle in the header shows or hides it. Property "encounter". */

GtkWidget *tkr_turn_tracker_new (void);
TkrEncounter *tkr_turn_tracker_get_encounter (TkrTurnTracker *self);
void tkr_turn_tracker_set_encounter (TkrTurnTracker *self, TkrEncounter *encounter);
/* The list view of the order (for tests and focus). */
GtkListView *tkr_turn_tracker_get_list_view (TkrTurnTracker *self);
/* The TkrGmPanel beside the order (for tests and focus). */
GtkWidget *tkr_turn_tracker_get_gm_panel (TkrTurnTracker *self);

G_END_DECLS
