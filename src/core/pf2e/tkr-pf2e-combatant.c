/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-fields.h"
#include "tkr-json.h"
#include "tkr-pf2e-private.h"

/*
 * Pathfinder 2e's combatant (seed 002; RULES.md section 2):
 * the state the encounter's commands change, and how files store it.
 */

/* ------------------------------------------------------------------ */
/* TkrPf2eCombatant                                                    */
/* ------------------------------------------------------------------ */

G_DEFINE_FINAL_TYPE (TkrPf2eCombatant, tkr_pf2e_combatant, TKR_TYPE_COMBATANT)

static const TkrField combatant_fields[] = {
  TKR_FIELD_STRING (TkrPf2eCombatant, initiative_skill, "initiative-skill", NULL),
  TKR_FIELD_INT (TkrPf2eCombatant,
                 initiative_modifier,
                 "initiative-modifier",
                 "initiative_modifier",
                 -MAX_MODIFIER,
                 MAX_MODIFIER,
                 0),
  TKR_FIELD_BOOLEAN (TkrPf2eCombatant, has_initiative, "has-initiative", NULL),
  TKR_FIELD_INT (
    TkrPf2eCombatant, initiative, "initiative", NULL, MIN_INITIATIVE, MAX_INITIATIVE, 0),
  TKR_FIELD_STRING (TkrPf2eCombatant, group, "group", "group"),
  TKR_FIELD_INT (TkrPf2eCombatant, tie_rank, "tie-rank", NULL, 0, G_MAXINT, 0),
  TKR_FIELD_BOOLEAN (TkrPf2eCombatant, recovery_due, "recovery-due", "recovery_due"),
  TKR_FIELD_BOOLEAN (TkrPf2eCombatant, dead, "dead", "dead"),
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

/* A combatant with its turn resources: no actions until its turn, its
 * reaction ready. */
TkrPf2eCombatant *
tkr_pf2e_combatant_new (TkrCharacter *character, int actions_per_turn, int reactions_per_round)
{
  TkrPf2eCombatant *self = g_object_new (TKR_TYPE_PF2E_COMBATANT, "character", character, NULL);
  g_autoptr (TkrResource) actions = tkr_resource_new ("actions", _ ("Actions"), actions_per_turn);
  g_autoptr (TkrResource) reaction =
    tkr_resource_new ("reaction", _ ("Reaction"), reactions_per_round);

  g_object_set (reaction, "current", reactions_per_round, NULL);
  tkr_combatant_add_resource (TKR_COMBATANT (self), actions);
  tkr_combatant_add_resource (TKR_COMBATANT (self), reaction);
  return self;
}

const char *
tkr_pf2e_combatant_get_initiative_skill (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), NULL);
  return self->initiative_skill;
}

int
tkr_pf2e_combatant_get_initiative_modifier (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->initiative_modifier;
}

gboolean
tkr_pf2e_combatant_has_initiative (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), FALSE);
  return self->has_initiative;
}

int
tkr_pf2e_combatant_get_initiative (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->initiative;
}

const char *
tkr_pf2e_combatant_get_group (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), NULL);
  return self->group;
}

int
tkr_pf2e_combatant_get_tie_rank (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->tie_rank;
}

int
tkr_pf2e_combatant_get_actions_left (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return tkr_combatant_get_left (TKR_COMBATANT (self), "actions");
}

int
tkr_pf2e_combatant_get_reactions_left (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return tkr_combatant_get_left (TKR_COMBATANT (self), "reaction");
}

/* (transfer none) (nullable): the condition @name; its position in the
 * list (sorted by name), or where it would go, in @position */
TkrCondition *
tkr_pf2e_combatant_find_condition (TkrPf2eCombatant *self, const char *name, guint *position)
{
  GListModel *conditions = tkr_combatant_get_conditions (TKR_COMBATANT (self));
  guint n = g_list_model_get_n_items (conditions);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);
      int cmp = g_ascii_strcasecmp (tkr_condition_get_name (condition), name);

      if (cmp >= 0)
        {
          if (position != NULL)
            *position = i;
          return cmp == 0 ? condition : NULL;
        }
    }
  if (position != NULL)
    *position = n;
  return NULL;
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

gboolean
tkr_pf2e_combatant_get_recovery_due (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), FALSE);
  return self->recovery_due;
}

gboolean
tkr_pf2e_combatant_is_dead (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), FALSE);
  return self->dead;
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
  return self->has_initiative && other->has_initiative && self->initiative == other->initiative;
}

/* The "ai" stack turns of a condition with @stacks stacks, gained
 * outside any counted turn. */
GVariant *
tkr_pf2e_stacks (int stacks)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("ai"));
  for (int i = 0; i < stacks; i++)
    g_variant_builder_add (&builder, "i", TKR_TURN_NONE);
  return g_variant_builder_end (&builder);
}

TkrCondition *
tkr_pf2e_condition_new (const TkrConditionInfo *info, int value)
{
  TkrCondition *condition = tkr_condition_new_from_info (info);

  g_object_set (condition, "stack-turns", tkr_pf2e_stacks (value), NULL);
  return condition;
}

/* Files */

JsonNode *
tkr_pf2e_combatant_to_json (TkrPf2eCombatant *combatant)
{
  JsonObject *object = json_object_new ();
  JsonObject *conditions = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  GListModel *list = tkr_combatant_get_conditions (TKR_COMBATANT (combatant));

  json_object_set_string_member (
    object, "character",
    tkr_character_get_id (tkr_combatant_get_character (TKR_COMBATANT (combatant))));
  json_object_set_string_member (object, "initiative_skill", combatant->initiative_skill);
  tkr_fields_to_json (G_OBJECT (combatant), TKR_TYPE_PF2E_COMBATANT, object);
  if (combatant->has_initiative)
    json_object_set_int_member (object, "initiative", combatant->initiative);
  json_object_set_int_member (object, "tie_rank", combatant->tie_rank);
  json_object_set_int_member (object, "actions_left",
                              tkr_pf2e_combatant_get_actions_left (combatant));
  json_object_set_int_member (object, "reactions_left",
                              tkr_pf2e_combatant_get_reactions_left (combatant));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (list, i);

      json_object_set_int_member (conditions, tkr_condition_get_name (condition),
                                  tkr_condition_get_stacks (condition));
    }
  json_object_set_object_member (object, "conditions", conditions);
  json_node_take_object (node, object);
  return node;
}

/* Into @combatant's fresh list, sorted by name. */
gboolean
tkr_pf2e_combatant_read_conditions (TkrPf2eCombatant *combatant,
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
        {
          g_autofree char *member_path = tkr_json_path (conditions_path, name);
          tkr_json_set_error (error, member_path, _ ("“%s” is not a condition of these rules"),
                              name);
          return FALSE;
        }
      if (!tkr_json_get_int (conditions, name, conditions_path, TRUE, 1, info->max_stacks, 1,
                             &value, error))
        return FALSE;
      if (tkr_pf2e_combatant_find_condition (combatant, info->name, &position) != NULL)
        {
          g_autofree char *member_path = tkr_json_path (conditions_path, name);
          tkr_json_set_error (error, member_path, _ ("“%s” is listed twice"), info->name);
          return FALSE;
        }
      condition = tkr_pf2e_condition_new (info, (int) value);
      g_list_store_insert (store, position, condition);
    }
  return TRUE;
}

TkrPf2eCombatant *
tkr_pf2e_find_combatant_by_id (GPtrArray *combatants, const char *id)
{
  for (guint i = 0; i < combatants->len; i++)
    {
      TkrPf2eCombatant *combatant = combatants->pdata[i];

      if (g_strcmp0 (tkr_character_get_id (tkr_combatant_get_character (TKR_COMBATANT (combatant))),
                     id) == 0)
        return combatant;
    }
  return NULL;
}

/* One of a file's combatants, for a participant read in @load. */
TkrPf2eCombatant *
tkr_pf2e_combatant_new_from_json (JsonNode *node,
                                  const char *item_path,
                                  guint index,
                                  TkrRules *rules,
                                  const char *default_skill,
                                  int actions_per_turn,
                                  int reactions_per_round,
                                  TkrEncounterLoad *load,
                                  GError **error)
{
  g_autofree char *id = NULL, *skill = NULL;
  g_autoptr (TkrPf2eCombatant) combatant = NULL;
  gint64 initiative, tie_rank, actions, reactions;
  TkrCharacter *character;
  JsonObject *item;

  item = tkr_json_require_object (node, item_path, error);
  if (item == NULL || !tkr_json_get_string (item, "character", item_path, TRUE, NULL, &id, error) ||
      !tkr_json_get_string (item, "initiative_skill", item_path, FALSE, default_skill, &skill,
                            error) ||
      !tkr_json_get_int (item, "initiative", item_path, FALSE, MIN_INITIATIVE, MAX_INITIATIVE,
                         G_MININT, &initiative, error) ||
      !tkr_json_get_int (item, "tie_rank", item_path, FALSE, 0, G_MAXINT, index, &tie_rank,
                         error) ||
      !tkr_json_get_int (item, "actions_left", item_path, FALSE, 0, actions_per_turn, 0, &actions,
                         error) ||
      !tkr_json_get_int (item, "reactions_left", item_path, FALSE, 0, reactions_per_round, 0,
                         &reactions, error))
    return NULL;

  character = tkr_encounter_load_find_character (load, id);
  if (character == NULL)
    {
      g_autofree char *id_path = tkr_json_path (item_path, "character");
      tkr_json_set_error (error, id_path, _ ("no participant has the id “%s”"), id);
      return NULL;
    }
  if (tkr_pf2e_find_combatant_by_id (load->combatants, id) != NULL)
    {
      tkr_json_set_error (error, item_path, _ ("“%s” is listed twice"),
                          tkr_character_get_name (character));
      return NULL;
    }
  combatant = tkr_pf2e_combatant_new (character, actions_per_turn, reactions_per_round);
  if (!tkr_fields_from_json (G_OBJECT (combatant), TKR_TYPE_PF2E_COMBATANT, item, item_path, error))
    return NULL;
  if (*skill == '\0' || (combatant->group != NULL && tkr_character_is_pc (character)))
    {
      g_autofree char *bad_path =
        tkr_json_path (item_path, *skill == '\0' ? "initiative_skill" : "group");
      tkr_json_set_error (error, bad_path,
                          *skill == '\0' ? _ ("expected a skill’s name")
                                         : _ ("a player character does not roll in a group"));
      return NULL;
    }

  g_object_set (combatant, "initiative-skill", skill, "has-initiative", initiative != G_MININT,
                "initiative", initiative != G_MININT ? (int) initiative : 0, "tie-rank",
                (int) tie_rank, NULL);
  g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (combatant), "actions"), "current",
                (int) actions, NULL);
  g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (combatant), "reaction"), "current",
                (int) reactions, NULL);
  if (!tkr_pf2e_combatant_read_conditions (combatant, rules, item, item_path, error))
    return NULL;
  return g_steal_pointer (&combatant);
}
