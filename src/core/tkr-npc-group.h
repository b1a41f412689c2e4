/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"

G_BEGIN_DECLS

#define TKR_TYPE_NPC_GROUP (tkr_npc_group_get_type ())
G_DECLARE_FINAL_TYPE (TkrNpcGroup, tkr_npc_group, TKR, NPC_GROUP, GObject)

/* A group of NPCs in the Setup skeleton (seed, "Turn Order"): NPCs sharing
 * an Edge Save modifier. Properties: "name" (string, e.g. "Wolves"; by
 * default the members' common name), "edge" (int, the Edge Save modifier),
 * "members" (GListModel of TkrCharacter, read-only). */

TkrNpcGroup *tkr_npc_group_new (const char *name, int edge);
const char *tkr_npc_group_get_name (TkrNpcGroup *self);
int tkr_npc_group_get_edge (TkrNpcGroup *self);
GListModel *tkr_npc_group_get_members (TkrNpcGroup *self);
/* The store behind "members", for commands that record in a TkrHistory. */
GListStore *tkr_npc_group_get_member_store (TkrNpcGroup *self);

G_END_DECLS
