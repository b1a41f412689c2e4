/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_NPC_GROUP (tkr_klep_npc_group_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepNpcGroup, tkr_klep_npc_group, TKR, KLEP_NPC_GROUP, GObject)

/* A group of NPCs in the Setup skeleton (seed, "Turn Order"): NPCs sharing
 * an Edge Save modifier. Properties: "name" (string, e.g. "Wolves"; by
 * default the members' common name), "edge" (int, the Edge Save modifier),
 * "members" (GListModel of TkrCharacter, read-only). */

TkrKlepNpcGroup *tkr_klep_npc_group_new (const char *name, int edge);
const char *tkr_klep_npc_group_get_name (TkrKlepNpcGroup *self);
int tkr_klep_npc_group_get_edge (TkrKlepNpcGroup *self);
GListModel *tkr_klep_npc_group_get_members (TkrKlepNpcGroup *self);
/* The store behind "members", for commands that record in a TkrHistory. */
GListStore *tkr_klep_npc_group_get_member_store (TkrKlepNpcGroup *self);

G_END_DECLS
