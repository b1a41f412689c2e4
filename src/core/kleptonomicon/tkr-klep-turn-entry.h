/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-klep-combatant.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_TURN_ENTRY (tkr_klep_turn_entry_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepTurnEntry, tkr_klep_turn_entry, TKR, KLEP_TURN_ENTRY, GObject)

/* One place in the turn order: a PC or an NPC group, whose members all take
 * their Turn together. Properties: "kind" (TkrKlepTurnEntryKind), "name",
 * "members" (GListModel of TkrKlepCombatant), "current" (bool, is it this
 * entry's Turn; kept by TkrKlepEncounter for list views). */

TkrKlepTurnEntry *tkr_klep_turn_entry_new (TkrKlepTurnEntryKind kind, const char *name);
TkrKlepTurnEntryKind tkr_klep_turn_entry_get_kind (TkrKlepTurnEntry *self);
const char *tkr_klep_turn_entry_get_name (TkrKlepTurnEntry *self);
GListModel *tkr_klep_turn_entry_get_members (TkrKlepTurnEntry *self);
void tkr_klep_turn_entry_add_member (TkrKlepTurnEntry *self, TkrKlepCombatant *combatant);
gboolean tkr_klep_turn_entry_get_current (TkrKlepTurnEntry *self);
gboolean tkr_klep_turn_entry_has_character (TkrKlepTurnEntry *self, TkrCharacter *character);
/* Whether @combatant is a member, at the same cost for any group's size. */
gboolean tkr_klep_turn_entry_has_member (TkrKlepTurnEntry *self, TkrKlepCombatant *combatant);

JsonNode *tkr_klep_turn_entry_to_json (TkrKlepTurnEntry *self);
TkrKlepTurnEntry *tkr_klep_turn_entry_new_from_json (JsonNode *node,
                                                     const char *path,
                                                     int beats_per_round,
                                                     TkrCharacterResolver resolve,
                                                     gpointer user_data,
                                                     GHashTable *placed,
                                                     GError **error);

G_END_DECLS
