/* SPDX-License-Identifier: GPL-3.0-or-later */

#pragma once

#include <gio/gio.h>

#include "tkr-combatant.h"

G_BEGIN_DECLS

/* Makes @store hold @items (@n_items objects, in order; compared by
 * identity) so that a list shown in a view changes by "items-changed"
 * only where it changed: the most items that keep their relative order
 * stay in the store untouched, the others are removed and inserted where
 * they belong (one splice per run). Nothing is emitted when the two are
 * the same. */
void tkr_list_store_sync (GListStore *store, gpointer *items, guint n_items);

/* One place of an order a view shows (a Setup's tentative order):
 * read-only properties with notify, "combatant" (TkrCombatant) and "place"
 * (uint, 1 first). */
#define TKR_TYPE_ORDER_PLACE (tkr_order_place_get_type ())
G_DECLARE_FINAL_TYPE (TkrOrderPlace, tkr_order_place, TKR, ORDER_PLACE, GObject)

TkrCombatant *tkr_order_place_get_combatant (TkrOrderPlace *self);
guint tkr_order_place_get_place (TkrOrderPlace *self);

/* Makes @places (a GListStore of TkrOrderPlace) show @order (TkrCombatant,
 * first first): a combatant keeps its place object while it stays in the
 * order, the store changes only where the order did, and each place's
 * "place" is notified only when its number changed. */
void tkr_order_places_sync (GListStore *places, GPtrArray *order);

G_END_DECLS
