/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-rules.h"

G_BEGIN_DECLS

#define TKR_TYPE_ZONE (tkr_zone_get_type ())
G_DECLARE_FINAL_TYPE (TkrZone, tkr_zone, TKR, ZONE, GObject)

/* A Zone in play, for the GM's list: a type ("Fire"), where it is (free
 * text, "the brazier"), stacks (1..max-stacks) and a description.
 * Properties: "name", "location", "stacks", "max-stacks", "description". */

TkrZone *tkr_zone_new (const char *name, int stacks, int max_stacks);
TkrZone *tkr_zone_new_from_info (const TkrZoneInfo *info, int stacks);
const char *tkr_zone_get_name (TkrZone *self);
const char *tkr_zone_get_location (TkrZone *self);
int tkr_zone_get_stacks (TkrZone *self);
int tkr_zone_get_max_stacks (TkrZone *self);
const char *tkr_zone_get_description (TkrZone *self);

JsonNode *tkr_zone_to_json (TkrZone *self);
TkrZone *tkr_zone_new_from_json (JsonNode *node, const char *path, GError **error);

G_END_DECLS
