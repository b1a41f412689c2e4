/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TKR_TYPE_RESOURCE (tkr_resource_get_type ())
G_DECLARE_FINAL_TYPE (TkrResource, tkr_resource, TKR, RESOURCE, GObject)

/*
 * Something a turn grants and a combatant spends: Beats, actions, the
 * reaction, Action Points, movement, free actions (docs/ARCHITECTURE.md,
 * "Combatant state"). Every rule system describes its combatants' turn
 * resources with these, so a view shows any system's as pips or numbers
 * without knowing the system.
 *
 * Properties: "id" (string, construct-only: "beats", "actions",
 * "reaction", "ap", "movement"...), "name" (string, construct-only, shown
 * translated), "current" and "maximum" (int, read-write with explicit
 * notify). Only the encounter's commands change them, through TkrHistory.
 */

TkrResource *tkr_resource_new (const char *id, const char *name, int maximum);
const char *tkr_resource_get_id (TkrResource *self);
const char *tkr_resource_get_name (TkrResource *self);
int tkr_resource_get_current (TkrResource *self);
int tkr_resource_get_maximum (TkrResource *self);

G_END_DECLS
