/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

#define TKR_TYPE_PLAYER_VIEW (tkr_player_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrPlayerView, tkr_player_view, TKR, PLAYER_VIEW, GtkWidget)

/*
 * What the players may know of a running encounter, readable across a
 * table (help/C/player-view.page): the round, whose turn it is and who is
 * next, the turn order (the encounter's own order model, without hidden
 * combatants) as TkrPlayerRow templates, the zones in play (the
 * Kleptonomicon). Its type grows with its height. Nothing in it takes a
 * click or the focus. It follows the encounter's models and notify
 * signals: a change updates the rows it concerns, never the whole list.
 *
 * Properties: "encounter" (TkrEncounter, nullable); "health-mode"
 * (string: "hidden", "word" or "numbers", tkr-player-health.h).
 */

GtkWidget *tkr_player_view_new (void);
void tkr_player_view_set_encounter (TkrPlayerView *self, TkrEncounter *encounter);
TkrEncounter *tkr_player_view_get_encounter (TkrPlayerView *self);
void tkr_player_view_set_health_mode (TkrPlayerView *self, const char *mode);
const char *tkr_player_view_get_health_mode (TkrPlayerView *self);

/* For tests and the benchmark: what the header says, and the list of
 * slots shown. (transfer none) */
const char *tkr_player_view_get_round_text (TkrPlayerView *self);
const char *tkr_player_view_get_turn_text (TkrPlayerView *self);
const char *tkr_player_view_get_next_text (TkrPlayerView *self);
const char *tkr_player_view_get_zones_text (TkrPlayerView *self);
GListModel *tkr_player_view_get_shown (TkrPlayerView *self);

G_END_DECLS
