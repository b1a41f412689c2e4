/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"

G_BEGIN_DECLS

#define TKR_TYPE_COMBATANT (tkr_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrCombatant, tkr_combatant, TKR, COMBATANT, GObject)

/*
 * A character's state in the running encounter (the sheet stays in
 * TkrCharacter). All properties are read-write with explicit notify so
 * TkrHistory records them; only TkrEncounter's commands change them.
 *
 * "character" (TkrCharacter, construct-only)
 * "beats-left" (int): Beats left this Round; reset at the end of own Turn.
 * "beats-owed" (int): Beats missing on the next Turn (a Beat spent to end
 *     a pause while none was left, or on one's own Turn).
 * "free-actions-used", "free-actions-allowed" (int): per own Turn.
 * "movement-gained", "movement-left" (int): Movement of the current Turn.
 * "dashes" (int): Dashes this Round.
 * "range-spent" (GVariant "a{si}"): Movement spent per range this Turn.
 * "improvised" (GVariant "a{s(ib)}"): ranges the GM granted for this Turn:
 *     units and whether the 2:1 penalty is waived.
 * "pending-slow-action" (string or NULL): a Slow Action whose Test and
 *     effect come at the start of the next Turn.
 */

TkrCombatant *tkr_combatant_new (TkrCharacter *character);
TkrCharacter *tkr_combatant_get_character (TkrCombatant *self);
int tkr_combatant_get_beats_left (TkrCombatant *self);
int tkr_combatant_get_beats_owed (TkrCombatant *self);
int tkr_combatant_get_free_actions_used (TkrCombatant *self);
int tkr_combatant_get_free_actions_allowed (TkrCombatant *self);
int tkr_combatant_get_movement_gained (TkrCombatant *self);
int tkr_combatant_get_movement_left (TkrCombatant *self);
int tkr_combatant_get_dashes (TkrCombatant *self);
const char *tkr_combatant_get_pending_slow_action (TkrCombatant *self);
/* Movement spent into @range this Turn. */
int tkr_combatant_get_range_spent (TkrCombatant *self, const char *range);
/* What @range can take this Turn: its units (or the GM's improvised grant)
 * times (1 + dashes). */
int tkr_combatant_get_range_cap (TkrCombatant *self, const char *range);
gboolean tkr_combatant_is_improvised (TkrCombatant *self, const char *range, gboolean *waived);
/* Every range name usable this Turn (the sheet's and improvised ones), sorted. */
GStrv tkr_combatant_list_ranges (TkrCombatant *self);

JsonNode *tkr_combatant_to_json (TkrCombatant *self);
/* @resolve finds a character by id. */
typedef TkrCharacter *(*TkrCharacterResolver) (const char *id, gpointer user_data);
TkrCombatant *tkr_combatant_new_from_json (JsonNode *node,
                                           const char *path,
                                           TkrCharacterResolver resolve,
                                           gpointer user_data,
                                           GError **error);

G_END_DECLS
