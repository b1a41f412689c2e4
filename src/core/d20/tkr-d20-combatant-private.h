/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-command.h"

#include <json-glib/json-glib.h>

#include "tkr-condition.h"
#include "tkr-d20-combatant.h"
#include "tkr-initiative.h"
#include "tkr-json-writer.h"
#include "tkr-rules.h"

G_BEGIN_DECLS

/* Limits of the combatant's numbers (also those of its files). */
#define TKR_D20_MAX_AGILITY 99
#define TKR_D20_MAX_INITIATIVE 10000
#define TKR_D20_MAX_TIEBREAKS 100
#define TKR_D20_MAX_MANA 100000
#define TKR_D20_MAX_EXHAUSTION 100
#define TKR_D20_MAX_HOURS 1000000
#define TKR_D20_MAX_WOUNDS 100000
#define TKR_D20_MAX_BREATH 1000

/* Where a combatant's TkrInitiative is (its modifier is Agility). */
extern const gsize tkr_d20_initiative_offset;

/* A fresh creature for @character: its resources as the rule data grants
 * them per turn (all spent) and a TkrD20Movement for each kind. */
TkrD20Combatant *tkr_d20_combatant_new (TkrCharacter *character, TkrRules *rules);
/* A creature joining: its Agility, speeds and full mana from the sheet. */
TkrD20Combatant *tkr_d20_combatant_new_from_sheet (TkrCharacter *character, TkrRules *rules);
/* A save or skill of the sheet by name, the save first; 0 without. */
int tkr_d20_sheet_modifier (TkrCharacter *character, const char *name);
/* The "movement" resource's values for the state of the turn. */
void tkr_d20_combatant_compute_movement (TkrD20Combatant *self, int *left, int *maximum);
/* Sets them, unrecorded, while the combatant is being made. */
void tkr_d20_combatant_init_movement (TkrD20Combatant *self);
/* @tiebreaks with @total appended. (transfer full) */
GArray *tkr_d20_combatant_tiebreaks_with (TkrD20Combatant *self, int total);

/* Grows with each combatant made: sorting by it gives the joining order. */
guint64 tkr_d20_combatant_get_serial (TkrD20Combatant *self);
/* (transfer none) (nullable): the condition of the rule data's @id
 * ("prone", "dodging", "dying") in the combatant's list. */
TkrCondition *tkr_d20_combatant_find_condition (TkrD20Combatant *self, const char *id);
/* The rule data's condition @id with one stack. (transfer full) */
TkrCondition *tkr_d20_condition_new (TkrRules *rules, const char *id);

/* Files: the combatant's own members (not its character), through a
 * writer into the object it has open. */
void tkr_d20_combatant_write_json (TkrD20Combatant *self, TkrJsonWriter *writer);
gboolean tkr_d20_combatant_read_json (
  TkrD20Combatant *self, JsonObject *object, const char *path, TkrRules *rules, GError **error);

G_END_DECLS
