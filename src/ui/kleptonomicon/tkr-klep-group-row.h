/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-npc-group.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_GROUP_ROW (tkr_klep_group_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepGroupRow, tkr_klep_group_row, TKR, KLEP_GROUP_ROW, AdwActionRow)

/*
 * A row of the Setup's NPC groups, bound to one TkrKlepNpcGroup ("group",
 * construct-only): its name, Edge and members follow the group's
 * notifications and member list, so undo needs nothing from the view.
 * "can-move-earlier" and "can-move-later" (the latter also allows a merge
 * with the next group) come from the group's place in the list.
 *
 * The row asks; the view commands the Setup. Signals: "move" (int, -1
 * earlier or +1 later), "merge" (with the next group), "rename" (the new
 * name) and "split" (a GPtrArray of the TkrCharacters the GM ticked; the
 * handler returns TRUE when the split was made, else it calls
 * tkr_klep_group_row_show_split_refusal).
 */

GtkWidget *tkr_klep_group_row_new (TkrKlepNpcGroup *group);
TkrKlepNpcGroup *tkr_klep_group_row_get_group (TkrKlepGroupRow *self);
void tkr_klep_group_row_set_can_move (TkrKlepGroupRow *self, gboolean earlier, gboolean later);
/* Says in the split popover why the split was refused. */
void tkr_klep_group_row_show_split_refusal (TkrKlepGroupRow *self, const char *message);
/* Focuses the arrow of @delta (-1 earlier, +1 later), or the other one if
 * that cannot be used: after a move the moved group's row is new. */
void tkr_klep_group_row_focus_move_button (TkrKlepGroupRow *self, int delta);

G_END_DECLS
