/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

#define TKR_TYPE_PLAYER_ROW (tkr_player_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrPlayerRow, tkr_player_row, TKR, PLAYER_ROW, GtkWidget)

/*
 * One turn slot in the player view (help/C/player-view.page): its name,
 * whether it is a player character, an NPC or a group of them, its health
 * as the GM chose (tkr-player-health.h), and its conditions and effects
 * with what is left of them. A group shows only its members that are not
 * hidden. Nothing in it can be clicked or focused. While bound, the row
 * follows the objects it shows and updates itself when one changes; the
 * view tells it when the turn moves.
 */

TkrPlayerRow *tkr_player_row_new (void);
void tkr_player_row_bind (TkrPlayerRow *self,
                          TkrEncounter *encounter,
                          GObject *slot,
                          const char *health_mode);
void tkr_player_row_unbind (TkrPlayerRow *self);
/* (transfer none) (nullable) */
GObject *tkr_player_row_get_slot (TkrPlayerRow *self);
void tkr_player_row_set_health_mode (TkrPlayerRow *self, const char *health_mode);
/* Shows whether it is the slot's turn, when that changed. */
void tkr_player_row_update_current (TkrPlayerRow *self);

/* For tests: what the row shows. (transfer none) */
const char *tkr_player_row_get_name_text (TkrPlayerRow *self);
const char *tkr_player_row_get_health_text (TkrPlayerRow *self);
const char *tkr_player_row_get_conditions_text (TkrPlayerRow *self);
gboolean tkr_player_row_is_current (TkrPlayerRow *self);

G_END_DECLS
