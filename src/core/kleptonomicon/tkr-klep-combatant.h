/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_COMBATANT (tkr_klep_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepCombatant, tkr_klep_combatant, TKR, KLEP_COMBATANT, GObject)

/*
 * A character's state in the running encounter (the sheet stays in
 * TkrCharacter). All properties are read-write with explicit notify so
 * TkrHistory records them; only TkrKlepEncounter's commands change them.
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

TkrKlepCombatant *tkr_klep_combatant_new (TkrCharacter *character);
TkrCharacter *tkr_klep_combatant_get_character (TkrKlepCombatant *self);
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
                                                    TkrCharacterResolver resolve,
                                                    gpointer user_data,
                                                    GError **error);

G_END_DECLS
