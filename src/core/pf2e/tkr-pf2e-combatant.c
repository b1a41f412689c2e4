/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-fields.h"
#include "tkr-save-cache.h"
#include "tkr-json.h"
#include "tkr-pf2e-private.h"

/*
 * Pathfinder 2e's combatant (seed 002; RULES.md section 2): the state the
 * encounter's commands change, and how files store it.
 */

G_DEFINE_FINAL_TYPE (TkrPf2eCombatant, tkr_pf2e_combatant, TKR_TYPE_COMBATANT)

static const TkrField combatant_fields[] = {
  TKR_FIELD_STRING (TkrPf2eCombatant, initiative_skill, "initiative-skill", NULL),
  TKR_FIELD_INT (TkrPf2eCombatant,
                 init.modifier,
                 "initiative-modifier",
                 "initiative_modifier",
                 -MAX_MODIFIER,
                 MAX_MODIFIER,
                 0),
  TKR_FIELD_BOOLEAN (TkrPf2eCombatant, init.has_result, "has-initiative", NULL),
  TKR_FIELD_INT (
    TkrPf2eCombatant, init.value, "initiative", NULL, MIN_INITIATIVE, MAX_INITIATIVE, 0),
  TKR_FIELD_STRING (TkrPf2eCombatant, group, "group", "group"),
  TKR_FIELD_INT (TkrPf2eCombatant, tie_rank, "tie-rank", NULL, 0, G_MAXINT, 0),
  TKR_FIELD_BOOLEAN (TkrPf2eCombatant, recovery_due, "recovery-due", "recovery_due"),
  TKR_FIELD_BOOLEAN (TkrPf2eCombatant, dead, "dead", "dead"),
};

/* The turn resources, in the order a view shows them, their members in
 * files, and whether a new combatant has them: no actions until its
 * turn, its reaction ready. */
static const TkrResourceField resources[] = {
  { "actions", N_ ("Actions"), "actions_left", FALSE },
  { "reaction", N_ ("Reaction"), "reactions_left", TRUE },
};

static void
tkr_pf2e_combatant_finalize (GObject *object)
{
  tkr_fields_clear (object, TKR_TYPE_PF2E_COMBATANT);
  G_OBJECT_CLASS (tkr_pf2e_combatant_parent_class)->finalize (object);
}

static void
tkr_pf2e_combatant_class_init (TkrPf2eCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_pf2e_combatant_finalize;
  tkr_fields_install (object_class, combatant_fields, G_N_ELEMENTS (combatant_fields));
}

static void
tkr_pf2e_combatant_init (TkrPf2eCombatant *self)
{
}

TkrPf2eCombatant *
tkr_pf2e_combatant_new (TkrCharacter *character, int actions_per_turn, int reactions_per_round)
{
  TkrPf2eCombatant *self = g_object_new (TKR_TYPE_PF2E_COMBATANT, "character", character, NULL);
  const int maximum[] = { actions_per_turn, reactions_per_round };

  tkr_combatant_add_resources (TKR_COMBATANT (self), resources, G_N_ELEMENTS (resources), maximum);
  return self;
}

#define GETTER(...) TKR_PF2E_GETTER (TkrPf2eCombatant, TKR_IS_PF2E_COMBATANT, __VA_ARGS__)

GETTER (const char *, tkr_pf2e_combatant_get_initiative_skill, self->initiative_skill, NULL)
GETTER (int, tkr_pf2e_combatant_get_initiative_modifier, self->init.modifier, 0)
GETTER (gboolean, tkr_pf2e_combatant_has_initiative, self->init.has_result, FALSE)
GETTER (int, tkr_pf2e_combatant_get_initiative, self->init.value, 0)
GETTER (const char *, tkr_pf2e_combatant_get_group, self->group, NULL)
GETTER (int, tkr_pf2e_combatant_get_tie_rank, self->tie_rank, 0)
GETTER (gboolean, tkr_pf2e_combatant_get_recovery_due, self->recovery_due, FALSE)
GETTER (gboolean, tkr_pf2e_combatant_is_dead, self->dead, FALSE)
#define LEFT(id) tkr_combatant_get_left (TKR_COMBATANT (self), (id))
GETTER (int, tkr_pf2e_combatant_get_actions_left, LEFT ("actions"), 0)
GETTER (int, tkr_pf2e_combatant_get_reactions_left, LEFT ("reaction"), 0)

/* (transfer none) (nullable): the condition @name; its position in the
 * list (sorted by name), or where it would go, in @position */
TkrCondition *
tkr_pf2e_combatant_find_condition (TkrPf2eCombatant *self, const char *name, guint *position)
{
  GListModel *conditions = tkr_combatant_get_conditions (TKR_COMBATANT (self));
  guint i = 0, n = g_list_model_get_n_items (conditions);
  int cmp = -1;

  while (i < n && (cmp = g_ascii_strcasecmp (
                     tkr_condition_get_name (tkr_pf2e_item_at (conditions, i)), name)) < 0)
    i++;
  if (position != NULL)
    *position = i;
  return i < n && cmp == 0 ? tkr_pf2e_item_at (conditions, i) : NULL;
}

int
tkr_pf2e_combatant_get_condition (TkrPf2eCombatant *self, const char *name)
{
  TkrCondition *condition;

  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  g_return_val_if_fail (name != NULL, 0);

  condition = tkr_pf2e_combatant_find_condition (self, name, NULL);
  return condition != NULL ? tkr_condition_get_stacks (condition) : 0;
}

const char *
tkr_pf2e_combatant_get_state (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), NULL);

  if (self->dead)
    return "dead";
  if (tkr_pf2e_combatant_get_condition (self, "Dying") > 0)
    return "dying";
  if (tkr_pf2e_combatant_get_condition (self, "Unconscious") > 0)
    return "unconscious";
  return "active";
}

gboolean
tkr_pf2e_combatant_is_tied_with (TkrPf2eCombatant *self, TkrPf2eCombatant *other)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), FALSE);
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (other), FALSE);
  return tkr_initiative_tied (&self->init, &other->init);
}

/* A condition of the catalogue with @value stacks, gained outside any
 * counted turn. */
TkrCondition *
tkr_pf2e_condition_new (const TkrConditionInfo *info, int value)
{
  TkrCondition *condition = tkr_condition_new_from_info (info);

  g_object_set (condition, "stack-turns", tkr_pf2e_stacks (value), NULL);
  return condition;
}

/* The "ai" stack turns of @stacks stacks gained outside a counted turn. */
GVariant *
tkr_pf2e_stacks (int stacks)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("ai"));
  for (int i = 0; i < stacks; i++)
    g_variant_builder_add (&builder, "i", TKR_TURN_NONE);
  return g_variant_builder_end (&builder);
}

/* Files */

JsonNode *
tkr_pf2e_combatant_to_json (TkrPf2eCombatant *combatant)
{
  JsonObject *object;
  JsonObject *conditions;
  JsonNode *node;
  GListModel *list = tkr_combatant_get_conditions (TKR_COMBATANT (combatant));

  /* In a save, the text kept from the last when nothing changed. */
  node = tkr_save_cache_placeholder (combatant, (TkrSaveToJson) tkr_pf2e_combatant_to_json);
  if (node != NULL)
    return node;
  object = json_object_new ();
  conditions = json_object_new ();
  node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (
    object, "character",
    tkr_character_get_id (tkr_combatant_get_character (TKR_COMBATANT (combatant))));
  json_object_set_string_member (object, "initiative_skill", combatant->initiative_skill);
  tkr_fields_to_json (G_OBJECT (combatant), TKR_TYPE_PF2E_COMBATANT, object);
  if (combatant->init.has_result)
    json_object_set_int_member (object, "initiative", combatant->init.value);
  json_object_set_int_member (object, "tie_rank", combatant->tie_rank);
  tkr_combatant_resources_to_json (TKR_COMBATANT (combatant), resources, G_N_ELEMENTS (resources),
                                   object);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      TkrCondition *condition = tkr_pf2e_item_at (list, i);

      json_object_set_int_member (conditions, tkr_condition_get_name (condition),
                                  tkr_condition_get_stacks (condition));
    }
  json_object_set_object_member (object, "conditions", conditions);
  json_node_take_object (node, object);
  return node;
}

/* Into @combatant's fresh list, sorted by name. */
static gboolean
read_conditions (TkrPf2eCombatant *combatant,
                 TkrRules *rules,
                 JsonObject *item,
                 const char *item_path,
                 GError **error)
{
  g_autofree char *conditions_path = tkr_json_path (item_path, "conditions");
  GListStore *store = tkr_combatant_get_condition_store (TKR_COMBATANT (combatant));
  g_autoptr (GList) members = NULL;
  JsonObject *conditions;

  if (!tkr_json_get_object (item, "conditions", item_path, FALSE, &conditions, error))
    return FALSE;
  if (conditions != NULL)
    members = json_object_get_members (conditions);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      const TkrConditionInfo *info = tkr_rules_lookup_condition (rules, name);
      g_autoptr (TkrCondition) condition = NULL;
      guint position;
      gint64 value;

      if (info == NULL)
        return tkr_pf2e_json_refuse (error, conditions_path, name,
                                     _ ("“%s” is not a condition of these rules"), name);
      if (!tkr_json_get_int (conditions, name, conditions_path, TRUE, 1, info->max_stacks, 1,
                             &value, error))
        return FALSE;
      if (tkr_pf2e_combatant_find_condition (combatant, info->name, &position) != NULL)
        return tkr_pf2e_json_refuse (error, conditions_path, name, _ ("“%s” is listed twice"),
                                     info->name);
      condition = tkr_pf2e_condition_new (info, (int) value);
      g_list_store_insert (store, position, condition);
    }
  return TRUE;
}

TkrPf2eCombatant *
tkr_pf2e_find_combatant_by_id (GPtrArray *combatants, const char *id)
{
  for (guint i = 0; i < combatants->len; i++)
    if (g_strcmp0 (
          tkr_character_get_id (tkr_combatant_get_character (TKR_COMBATANT (combatants->pdata[i]))),
          id) == 0)
      return combatants->pdata[i];
  return NULL;
}

/* One of a file's combatants, for a participant read in @load: its
 * place in the list is the number read so far. */
gboolean
tkr_pf2e_combatant_read_json (TkrPf2eEncounter *encounter,
                              JsonNode *node,
                              const char *item_path,
                              TkrEncounterLoad *load,
                              GError **error)
{
  const int maximum[] = { tkr_pf2e_encounter_get_actions_per_turn (encounter),
                          tkr_pf2e_encounter_get_reactions_per_round (encounter) };
  g_autofree char *id = NULL, *skill = NULL;
  g_autoptr (TkrPf2eCombatant) combatant = NULL;
  gint64 initiative, tie_rank;
  TkrCharacter *character;
  JsonObject *item;

  item = tkr_json_require_object (node, item_path, error);
  if (item == NULL || !tkr_json_get_string (item, "character", item_path, TRUE, NULL, &id, error) ||
      !tkr_json_get_string (item, "initiative_skill", item_path, FALSE,
                            tkr_pf2e_encounter_get_default_skill (encounter), &skill, error) ||
      !tkr_json_get_int (item, "initiative", item_path, FALSE, MIN_INITIATIVE, MAX_INITIATIVE,
                         G_MININT, &initiative, error) ||
      !tkr_json_get_int (item, "tie_rank", item_path, FALSE, 0, G_MAXINT, load->combatants->len,
                         &tie_rank, error))
    return FALSE;

  character = tkr_encounter_load_find_character (load, id);
  if (character == NULL)
    return tkr_pf2e_json_refuse (error, item_path, "character",
                                 _ ("no participant has the id “%s”"), id);
  if (tkr_pf2e_find_combatant_by_id (load->combatants, id) != NULL)
    return tkr_pf2e_json_refuse (error, item_path, NULL, _ ("“%s” is listed twice"),
                                 tkr_character_get_name (character));
  combatant = tkr_pf2e_combatant_new (character, maximum[0], maximum[1]);
  if (!tkr_combatant_resources_from_json (TKR_COMBATANT (combatant), resources,
                                          G_N_ELEMENTS (resources), item, item_path, -1, error) ||
      !tkr_fields_from_json (G_OBJECT (combatant), TKR_TYPE_PF2E_COMBATANT, item, item_path, error))
    return FALSE;
  if (*skill == '\0')
    return tkr_pf2e_json_refuse (error, item_path, "initiative_skill",
                                 _ ("expected a skill’s name"));
  if (combatant->group != NULL && tkr_character_is_pc (character))
    return tkr_pf2e_json_refuse (error, item_path, "group",
                                 _ ("a player character does not roll in a group"));

  g_object_set (combatant, "initiative-skill", skill, "has-initiative", initiative != G_MININT,
                "initiative", initiative != G_MININT ? (int) initiative : 0, "tie-rank",
                (int) tie_rank, NULL);
  if (!read_conditions (combatant, tkr_encounter_get_rules (TKR_ENCOUNTER (encounter)), item,
                        item_path, error))
    return FALSE;
  g_ptr_array_add (load->combatants, g_steal_pointer (&combatant));
  return TRUE;
}
