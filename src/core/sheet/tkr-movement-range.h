/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TKR_TYPE_MOVEMENT_RANGE (tkr_movement_range_get_type ())
G_DECLARE_FINAL_TYPE (TkrMovementRange, tkr_movement_range, TKR, MOVEMENT_RANGE, GObject)

/* A Movement Range of the sheet ("Walk", 4 units). Properties: "name"
 * (string), "units" (int, 0..10000). */

TkrMovementRange *tkr_movement_range_new (const char *name, int units);
const char *tkr_movement_range_get_name (TkrMovementRange *self);
void tkr_movement_range_set_name (TkrMovementRange *self, const char *name);
int tkr_movement_range_get_units (TkrMovementRange *self);
void tkr_movement_range_set_units (TkrMovementRange *self, int units);

G_END_DECLS
