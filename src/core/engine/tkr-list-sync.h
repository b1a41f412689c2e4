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

/* One place of an order a view shows (a Setup's tentative order), with
 * properties (notified when they change) "combatant" (TkrCombatant),
 * "place" (int, 1 first), "tied" (whether it is tied with a neighbour)
 * and "earlier" and "later" (the neighbour it may trade places with, or
 * NULL). */
#define TKR_TYPE_ORDER_PLACE (tkr_order_place_get_type ())
G_DECLARE_FINAL_TYPE (TkrOrderPlace, tkr_order_place, TKR, ORDER_PLACE, GObject)

TkrCombatant *tkr_order_place_get_combatant (TkrOrderPlace *self);
guint tkr_order_place_get_place (TkrOrderPlace *self);
gboolean tkr_order_place_get_tied (TkrOrderPlace *self);
TkrCombatant *tkr_order_place_get_earlier (TkrOrderPlace *self);
TkrCombatant *tkr_order_place_get_later (TkrOrderPlace *self);

/* Whether @a and @b, neighbours in an order, are tied; or whether @a may
 * be put right before @b. */
typedef gboolean (*TkrOrderPairFunc) (TkrCombatant *a, TkrCombatant *b, gpointer user_data);

/* Makes @places (a GListStore of TkrOrderPlace) show @order (TkrCombatant,
 * first first): a combatant keeps its place object while it stays in the
 * order, the store changes only where the order did, and a place's
 * properties are notified only when they changed. @tied and @can_put_before
 * (either may be NULL: never) give "tied", "earlier" and "later". */
void tkr_order_places_sync (GListStore *places,
                            GPtrArray *order,
                            TkrOrderPairFunc tied,
                            TkrOrderPairFunc can_put_before,
                            gpointer user_data);

/* The list in *@store (made of @type on first asking), kept up to date by
 * @update (called with @encounter) after every step, undo and redo of
 * @encounter's history. */
GListModel *tkr_history_list (GObject *encounter, GListStore **store, GType type, GCallback update);

G_END_DECLS
