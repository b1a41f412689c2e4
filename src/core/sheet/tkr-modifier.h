/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "tkr-types.h"

G_BEGIN_DECLS

#define TKR_TYPE_MODIFIER (tkr_modifier_get_type ())
G_DECLARE_FINAL_TYPE (TkrModifier, tkr_modifier, TKR, MODIFIER, GObject)

/* A named number on the sheet: a save (Edge +2), a skill (Athletics +1) or
 * an archetype level (Rogue 3). Properties: "kind" (TkrModifierKind,
 * construct-only), "name" (string), "value" (int, -99..99 for saves and
 * skills, 0..99 for archetype levels). */

TkrModifier *tkr_modifier_new (TkrModifierKind kind, const char *name, int value);
TkrModifierKind tkr_modifier_get_kind (TkrModifier *self);
const char *tkr_modifier_get_name (TkrModifier *self);
void tkr_modifier_set_name (TkrModifier *self, const char *name);
int tkr_modifier_get_value (TkrModifier *self);
void tkr_modifier_set_value (TkrModifier *self, int value);

G_END_DECLS
