/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-combatant.h"

G_BEGIN_DECLS

#define TKR_TYPE_TURN_ENTRY (tkr_turn_entry_get_type ())
G_DECLARE_FINAL_TYPE (TkrTurnEntry, tkr_turn_entry, TKR, TURN_ENTRY, GObject)

/* One place in the turn order: a PC or an NPC group, whose members all take
 * their Turn together. Properties: "kind" (TkrTurnEntryKind), "name",
 * "members" (GListModel of TkrCombatant), "current" (bool, is it this
 * entry's Turn; kept by TkrEncounter for list views). */

TkrTurnEntry *tkr_turn_entry_new (TkrTurnEntryKind kind, const char *name);
TkrTurnEntryKind tkr_turn_entry_get_kind (TkrTurnEntry *self);
const char *tkr_turn_entry_get_name (TkrTurnEntry *self);
GListModel *tkr_turn_entry_get_members (TkrTurnEntry *self);
void tkr_turn_entry_add_member (TkrTurnEntry *self, TkrCombatant *combatant);
gboolean tkr_turn_entry_get_current (TkrTurnEntry *self);
gboolean tkr_turn_entry_has_character (TkrTurnEntry *self, TkrCharacter *character);

G_END_DECLS
