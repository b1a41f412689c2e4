/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-combatant.h"
#include "tkr-history.h"

G_BEGIN_DECLS

/*
 * Members: combatants that exist in every phase, one per participant in
 * order of joining, so the GM can set them up in Freeplay (the d20 and
 * Action-Point systems; docs/ARCHITECTURE.md, "Combatant state"). From
 * Setup to End the engine's combatants are the same objects.
 *
 * The list is a GListStore changed only through the history; a lookup by
 * character follows additions as they come, and a removal (a character
 * leaving, an undo) has it rebuilt on the next lookup, so finding a member
 * costs the same at any size.
 *
 * Files keep the members as a list and a round's order as places in that
 * list.
 */

typedef struct _TkrMembers TkrMembers;

/* Members of @type, a TkrCombatant subtype. */
TkrMembers *tkr_members_new (GType type);
void tkr_members_free (TkrMembers *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrMembers, tkr_members_free)

/* (transfer none): the list, for models and the history */
GListStore *tkr_members_get_store (TkrMembers *self);
/* (transfer none) (nullable): @character's member */
gpointer tkr_members_find (TkrMembers *self, TkrCharacter *character);

/* @combatant joins at the end unless it is a member already, recorded in
 * @history's open step. */
void tkr_members_join (TkrMembers *self, TkrHistory *history, TkrCombatant *combatant);
/* @character's member leaves, if there is one, recorded. */
void tkr_members_leave (TkrMembers *self, TkrHistory *history, TkrCharacter *character);
/* Puts @members (TkrCombatant) in place of the list, unrecorded: a file
 * that was read. */
void tkr_members_replace (TkrMembers *self, GPtrArray *members);

/* Files: @order (turn slots, each a member) as a JSON array of places in
 * the list. */
JsonNode *tkr_members_places_to_json (TkrMembers *self, GListModel *order);
/* Reads the array @member of @object (at @path; optional unless
 * @required) as places in @members into @order, each member at most
 * once; FALSE with a file error naming the item otherwise. */
gboolean tkr_members_places_from_json (JsonObject *object,
                                       const char *path,
                                       const char *member,
                                       gboolean required,
                                       GPtrArray *members,
                                       GPtrArray *order,
                                       GError **error);

G_END_DECLS
