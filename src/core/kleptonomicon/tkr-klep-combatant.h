/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-combatant.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_COMBATANT (tkr_klep_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepCombatant, tkr_klep_combatant, TKR, KLEP_COMBATANT, TkrCombatant)

/*
 * A character's state in the running encounter (the sheet stays in
 * TkrCharacter, conditions included: "conditions" is the sheet's list).
 * Only TkrKlepEncounter's commands change it, through TkrHistory.
 *
 * Resources (TkrCombatant "resources"): "beats" (Beats left this Round,
 * reset at the end of own Turn), "free-actions" (maximum: allowed this
 * Turn), "movement" (maximum: gained this Turn).
 * "beats-owed" (int): Beats missing on the next Turn (a Beat spent to end
 *     a pause while none was left, or on one's own Turn).
 * "dashes" (int): Dashes this Round.
 * "range-spent", "improvised": Movement spent per range this Turn and the
 *     ranges the GM granted for it (tables the history records whole, never
 *     changed in place); read them through the getters below.
 * "pending-slow-action" (string or NULL): a Slow Action whose Test and
 *     effect come at the start of the next Turn.
 */

TkrKlepCombatant *tkr_klep_combatant_new (TkrCharacter *character, int beats, int free_actions);
int tkr_klep_combatant_get_beats_left (TkrKlepCombatant *self);
int tkr_klep_combatant_get_beats_owed (TkrKlepCombatant *self);
int tkr_klep_combatant_get_free_actions_used (TkrKlepCombatant *self);
int tkr_klep_combatant_get_free_actions_allowed (TkrKlepCombatant *self);
int tkr_klep_combatant_get_movement_gained (TkrKlepCombatant *self);
int tkr_klep_combatant_get_movement_left (TkrKlepCombatant *self);
int tkr_klep_combatant_get_dashes (TkrKlepCombatant *self);
const char *tkr_klep_combatant_get_pending_slow_action (TkrKlepCombatant *self);
/* Movement spent into @range this Turn. */
int tkr_klep_combatant_get_range_spent (TkrKlepCombatant *self, const char *range);
/* What @range can take this Turn: its units (or the GM's improvised grant)
 * times (1 + dashes). */
int tkr_klep_combatant_get_range_cap (TkrKlepCombatant *self, const char *range);
gboolean
tkr_klep_combatant_is_improvised (TkrKlepCombatant *self, const char *range, gboolean *waived);
/* Every range name usable this Turn (the sheet's and improvised ones), sorted. */
GStrv tkr_klep_combatant_list_ranges (TkrKlepCombatant *self);

JsonNode *tkr_klep_combatant_to_json (TkrKlepCombatant *self);
TkrKlepCombatant *tkr_klep_combatant_new_from_json (JsonNode *node,
                                                    const char *path,
                                                    int beats_per_round,
                                                    TkrCharacterResolver resolve,
                                                    gpointer user_data,
                                                    GError **error);

G_END_DECLS
