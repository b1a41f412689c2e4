/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-command.h"
#include "tkr-condition.h"
#include "tkr-initiative.h"
#include "tkr-pf2e-encounter.h"

G_BEGIN_DECLS

/* What the Pathfinder 2e encounter and its combatant share. */

/* Bounds for values typed in or read from files. */
#define MAX_MODIFIER 100
#define MIN_INITIATIVE (-100)
#define MAX_INITIATIVE 300

struct _TkrPf2eCombatant
{
  TkrCombatant parent_instance;

  char *initiative_skill;
  TkrInitiative init;
  char *group;
  int tie_rank;
  gboolean recovery_due;
  gboolean dead;
};

#define INITIATIVE_OFFSET G_STRUCT_OFFSET (TkrPf2eCombatant, init)

/* (transfer none): item @index of @model, which keeps it alive */
static inline gpointer
tkr_pf2e_item_at (GListModel *model, guint index)
{
  gpointer item = g_list_model_get_item (model, index);

  if (item != NULL)
    g_object_unref (item);
  return item;
}

/* A file error at @path's @member (tkr-command.h). */
#define tkr_pf2e_json_refuse tkr_json_refuse

/* Defines @function of @Class (tkr-command.h). */
#define TKR_PF2E_GETTER TKR_DEFINE_GETTER

/* A combatant with its turn resources: no actions until its turn, its
 * reaction ready. */
TkrPf2eCombatant *
tkr_pf2e_combatant_new (TkrCharacter *character, int actions_per_turn, int reactions_per_round);
/* (transfer none) (nullable): the condition @name; in @position its place
 * in the list (sorted by name), or where it would go */
TkrCondition *
tkr_pf2e_combatant_find_condition (TkrPf2eCombatant *self, const char *name, guint *position);
/* The "ai" stack turns of @stacks stacks gained outside a counted turn. */
GVariant *tkr_pf2e_stacks (int stacks);
TkrCondition *tkr_pf2e_condition_new (const TkrConditionInfo *info, int value);

JsonNode *tkr_pf2e_combatant_to_json (TkrPf2eCombatant *combatant);
/* (transfer none) (nullable): the combatant of the character @id */
TkrPf2eCombatant *tkr_pf2e_find_combatant_by_id (GPtrArray *combatants, const char *id);
/* The skill initiative is rolled with unless the GM calls for another. */
const char *tkr_pf2e_encounter_get_default_skill (TkrPf2eEncounter *self);
/* Reads one of a file's combatants, at @path, into @load->combatants. */
gboolean tkr_pf2e_combatant_read_json (TkrPf2eEncounter *encounter,
                                       JsonNode *node,
                                       const char *path,
                                       TkrEncounterLoad *load,
                                       GError **error);

G_END_DECLS
