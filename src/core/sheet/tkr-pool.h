/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "tkr-history.h"
#include "tkr-types.h"

G_BEGIN_DECLS

#define TKR_TYPE_POOL (tkr_pool_get_type ())
G_DECLARE_FINAL_TYPE (TkrPool, tkr_pool, TKR, POOL, GObject)

/* A pool of the sheet (Health, Vitality, Shield, Dodge Points, Recoveries,
 * First Aid Kits) with a current value and a maximum.
 * Properties: "kind" (TkrPoolKind, construct-only), "name" (read-only),
 * "current" (int), "maximum" (int). */

TkrPool *tkr_pool_new (TkrPoolKind kind, int current, int maximum);
TkrPoolKind tkr_pool_get_kind (TkrPool *self);
const char *tkr_pool_get_name (TkrPool *self);
int tkr_pool_get_current (TkrPool *self);
int tkr_pool_get_maximum (TkrPool *self);
void tkr_pool_set_current (TkrPool *self, int current);
void tkr_pool_set_maximum (TkrPool *self, int maximum);

/* Validated, undoable edit: 0 <= current <= maximum, 0 <= maximum <= 9999.
 * A refused value leaves the pool as it was and says why. */
gboolean
tkr_pool_edit (TkrPool *self, TkrHistory *history, int current, int maximum, GError **error);
gboolean tkr_pool_validate (int current, int maximum, GError **error);

G_END_DECLS
