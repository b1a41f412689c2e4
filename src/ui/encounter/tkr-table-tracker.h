/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

#define TKR_TYPE_TABLE_TRACKER (tkr_table_tracker_get_type ())
G_DECLARE_FINAL_TYPE (TkrTableTracker, tkr_table_tracker, TKR, TABLE_TRACKER, GtkWidget)

/*
 * The table tracker (docs/ARCHITECTURE.md, "The table tracker"): the turn
 * order of any rule system's encounter as dense rows, one per turn slot,
 * with the round, whose turn it is and who is next in its header. Rows
 * are recycled and only the rows on screen follow the history, so an
 * action costs the same with ten or a thousand combatants.
 *
 * Its actions ("tracker.edit-health", "tracker.select-next",
 * "tracker.select-previous", "tracker.select-current") have keys the
 * window binds (Ctrl+H, Alt+Down, Alt+Up, Alt+Home by default), working
 * wherever the focus is; Enter on a row opens its health for a typed
 * change. "tracker.toggle-members" (Ctrl+G) opens or folds the rows of
 * the selected group's members (a group of more than 12 starts folded).
 * Several rows can be selected (Ctrl or Shift with a click or the
 * arrows); "tracker.group-health" (Ctrl+Shift+H) changes the health of
 * all of them at once.
 * The
 * fight keys' actions act on the selected row's combatant, or whose turn
 * it is: "tracker.damage", "tracker.heal", "tracker.temporary-health"
 * (the health entry starting with "-", "+", "t"), "tracker.spend",
 * "tracker.react", "tracker.dash", "tracker.rest" (engine/tkr-quick.h),
 * "tracker.add-condition" and "tracker.move" (a small dialog first); a
 * refusal is shown in a toast. The window binds their keys
 * (tkr-keymap.h).
 *
 * Properties: "encounter" (TkrEncounter, nullable); "details-visible"
 * (bool): the header's toggle for the pane beside the tracker, which the
 * container shows or hides; "selected" (GObject, read-only, nullable):
 * the selected row's item, a turn slot or a member of a group slot, which
 * the details pane shows.
 */

GtkWidget *tkr_table_tracker_new (void);
void tkr_table_tracker_set_encounter (TkrTableTracker *self, TkrEncounter *encounter);
TkrEncounter *tkr_table_tracker_get_encounter (TkrTableTracker *self);
/* (transfer none) (nullable): the selected slot */
GObject *tkr_table_tracker_get_selected (TkrTableTracker *self);
/* (transfer full) (element-type TkrCombatant): every combatant the
 * selected rows stand for (a group's row: all its members), once each. */
GPtrArray *tkr_table_tracker_get_selected_combatants (TkrTableTracker *self);
void tkr_table_tracker_select (TkrTableTracker *self, guint position);
/* Opens the health of the selected row for a typed change. */
gboolean tkr_table_tracker_edit_health (TkrTableTracker *self);
/* The same, the entry starting with @start ("-", "+", "t"). */
gboolean tkr_table_tracker_edit_health_with (TkrTableTracker *self, const char *start);

void tkr_table_tracker_set_details_available (TkrTableTracker *self, gboolean available);

G_END_DECLS
