/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-table-file.h"

G_BEGIN_DECLS

/*
 * Follow mode (help/C/sync.page): a player's window on the GM's table
 * file. It shows what the player view shows (the round, whose turn it is,
 * who is next, the order with health and conditions), read from the file
 * and updated whenever the file changes; nothing in it edits anything.
 * "Open My Sheet…" opens the player's own (linked) sheet beside it.
 * Properties: "follower" (TkrTableFollower, construct-only).
 */

#define TKR_TYPE_FOLLOW_WINDOW (tkr_follow_window_get_type ())
G_DECLARE_FINAL_TYPE (TkrFollowWindow, tkr_follow_window, TKR, FOLLOW_WINDOW, AdwApplicationWindow)

TkrFollowWindow *tkr_follow_window_new (GtkApplication *application, GFile *file);
TkrTableFollower *tkr_follow_window_get_follower (TkrFollowWindow *self);
/* What the header says now, for tests and accessibility. */
const char *tkr_follow_window_get_round_text (TkrFollowWindow *self);
const char *tkr_follow_window_get_turn_text (TkrFollowWindow *self);

G_END_DECLS
