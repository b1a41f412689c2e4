/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-json-writer.h"
#include "tkr-types.h"

G_BEGIN_DECLS

#define TKR_TYPE_ABILITY (tkr_ability_get_type ())
G_DECLARE_FINAL_TYPE (TkrAbility, tkr_ability, TKR, ABILITY, GObject)

/*
 * An Ability block (SRD): name, Time, Beat cost, Target, Trigger, Requires,
 * Test (what is rolled and what each score range does), Effect and a
 * description. Properties (all read-write, explicit notify): "name",
 * "time" (TkrAbilityTime), "beats" (int 0..10), "target", "trigger",
 * "requirements", "test-skill" (what is rolled, e.g. "Athletics"),
 * "on-low", "on-mixed", "on-high", "effect", "description".
 */

TkrAbility *tkr_ability_new (const char *name, TkrAbilityTime time, int beats);
TkrAbility *tkr_ability_copy (TkrAbility *self);
const char *tkr_ability_get_name (TkrAbility *self);
TkrAbilityTime tkr_ability_get_time (TkrAbility *self);
int tkr_ability_get_beats (TkrAbility *self);
const char *tkr_ability_get_test_skill (TkrAbility *self);
/* Reactions and Free Reactions can be used off turn; Actions only on one's own. */
gboolean tkr_ability_time_is_reaction (TkrAbilityTime time);
/* Takes longer than 6 seconds (Slow Action, Montage, Episodic): needs GM approval while Paused. */
gboolean tkr_ability_time_is_slow (TkrAbilityTime time);
const char *tkr_ability_time_to_string (TkrAbilityTime time);
/* The same, untranslated (N_), for a log line to keep. */
const char *tkr_ability_time_to_msgid (TkrAbilityTime time);
const char *tkr_ability_time_to_nick (TkrAbilityTime time);

JsonNode *tkr_ability_to_json (TkrAbility *self);
void tkr_ability_write_json (TkrAbility *self, TkrJsonWriter *writer, const char *name);
TkrAbility *tkr_ability_new_from_json (JsonNode *node, const char *path, GError **error);

G_END_DECLS
