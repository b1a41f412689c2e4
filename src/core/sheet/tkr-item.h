/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TKR_TYPE_ITEM (tkr_item_get_type ())
G_DECLARE_FINAL_TYPE (TkrItem, tkr_item, TKR, ITEM, GObject)

/* An inventory line. Properties: "name" (string), "quantity" (int,
 * 0..99999), "notes" (string). */

TkrItem *tkr_item_new (const char *name, int quantity);
const char *tkr_item_get_name (TkrItem *self);
void tkr_item_set_name (TkrItem *self, const char *name);
int tkr_item_get_quantity (TkrItem *self);
void tkr_item_set_quantity (TkrItem *self, int quantity);
const char *tkr_item_get_notes (TkrItem *self);
void tkr_item_set_notes (TkrItem *self, const char *notes);

G_END_DECLS
