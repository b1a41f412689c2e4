/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-combatant.h"

G_BEGIN_DECLS

/*
 * What the players are shown of a fight (help/C/player-view.page), one
 * rule for every place that shows it: the player view on a second screen
 * and the table file a synced folder carries (help/C/sync.page).
 *
 * A slot of the turn order is a combatant, or a system's group of them
 * (a Kleptonomicon NPC group: an object with a "members" list model).
 */

/* The slot's one combatant: the slot itself, or the only member of a
 * group of one; NULL for a larger group. (transfer none) (nullable) */
TkrCombatant *tkr_tracker_slot_get_combatant (GObject *slot);

/* A group slot's members, or NULL for a slot that has none.
 * (transfer full) (nullable) */
GListModel *tkr_tracker_slot_get_members (GObject *slot);

/* Whether players may see @slot: a combatant not hidden, or a group with
 * at least one member not hidden. */
gboolean tkr_players_may_see_slot (GObject *slot);

/* The name players read for @slot, in the player view and the table
 * file alike: a combatant's name; a group's name, never with a hidden
 * member's name in it (with a member hidden, the others' names); a group
 * called by its members' names, those players see counted by kind
 * ("Goblin Archer ×4, Orc Brute ×3"), so that a name fits its row.
 * (transfer full) */
char *tkr_players_slot_name (GObject *slot);
/* "Goblin Archer 2" -> "Goblin Archer": a numbered copy's kind. */
char *tkr_players_name_kind (const char *name);

/* The name the GM reads for @slot: its combatant's, or its group's; a
 * group called by all its members' names, hidden ones too, counted by
 * kind the same way. (transfer full) (nullable) */
char *tkr_tracker_slot_dup_name (GObject *slot);

/* The members counted by kind for a group called @name: "Goblin Archer
 * ×4, Wolf ×3", each kind in the order it first comes, numbered copies
 * ("Wolf 2", "Wolf 3") one kind, a kind of one by its own name; NULL when
 * @name is not only its members' names one after the other (all of them,
 * or those players see unless @with_hidden), such as a name of the GM's
 * own or one the members share. (transfer full) (nullable) */
char *tkr_tracker_group_name_by_kind (const char *name, GListModel *members, gboolean with_hidden);

/* The file's word for an NPC's health (the GM's "word" choice): "down" at
 * 0 or when @down, "unhurt" at or above @maximum, "wounded" above half,
 * else "badly-wounded" (integer halves: 4 of 8 is already badly).
 * (transfer none): not translated, the table file's value */
const char *tkr_players_health_word (int current, int maximum, gboolean down);

/* The words players read for a word from tkr_players_health_word ("Down",
 * "Unhurt", "Wounded", "Badly wounded"), or NULL for a word it does not
 * give. (transfer none): translated */
const char *tkr_players_health_word_text (const char *word);

G_END_DECLS
