/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-core.h"
#include "tkr-players.h"

G_BEGIN_DECLS

/*
 * What the players' view says of a combatant's health
 * (help/C/player-view.page). The GM chooses for the NPCs (GSettings
 * "player-npc-health"): "hidden" (nothing), "word" ("Unhurt", "Wounded",
 * "Badly wounded", "Down") or "numbers" (current and maximum). The
 * players' own characters always show their numbers.
 */

#define TKR_PLAYER_HEALTH_HIDDEN "hidden"
#define TKR_PLAYER_HEALTH_WORD "word"
#define TKR_PLAYER_HEALTH_NUMBERS "numbers"

/* The words for @current of @maximum, or "Down" when @down: the rule
 * is tkr_players_health_word's, shared with the table file.
 * (transfer none): translated */
const char *tkr_player_health_word (int current, int maximum, gboolean down);

/* What the view shows of @combatant's health in @mode (one of the nicks
 * above; an NPC follows it, a PC always shows numbers), or NULL for
 * nothing. (transfer full) (nullable) */
char *tkr_player_health_describe (TkrCombatant *combatant, const char *mode);

/* Whether @mode shows @combatant's numbers (a bar goes with them). */
gboolean tkr_player_health_shows_numbers (TkrCombatant *combatant, const char *mode);

G_END_DECLS
