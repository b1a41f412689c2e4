/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-json.h"
#include "tkr-pf2e-private.h"

/*
 * Pathfinder 2e's combatant and effect (seed 002; RULES.md section 2):
 * the state the encounter's commands change, and how files store it.
 */

/* ------------------------------------------------------------------ */
/* TkrPf2eCombatant                                                    */
/* ------------------------------------------------------------------ */

G_DEFINE_FINAL_TYPE (TkrPf2eCombatant, tkr_pf2e_combatant, TKR_TYPE_COMBATANT)

enum
{
  CPROP_0,
  CPROP_INITIATIVE_SKILL,
  CPROP_INITIATIVE_MODIFIER,
  CPROP_HAS_INITIATIVE,
  CPROP_INITIATIVE,
  CPROP_GROUP,
  CPROP_TIE_RANK,
  CPROP_RECOVERY_DUE,
  CPROP_DEAD,
  N_CPROPS
};

static GParamSpec *combatant_properties[N_CPROPS];

static void
set_int_field (GObject *object, int *field, const GValue *value, GParamSpec *pspec)
{
  if (*field == g_value_get_int (value))
    return;
  *field = g_value_get_int (value);
  g_object_notify_by_pspec (object, pspec);
}

static void
set_bool_field (GObject *object, gboolean *field, const GValue *value, GParamSpec *pspec)
{
  if (*field == g_value_get_boolean (value))
    return;
  *field = g_value_get_boolean (value);
  g_object_notify_by_pspec (object, pspec);
}

static void
set_string_field (GObject *object, char **field, const GValue *value, GParamSpec *pspec)
{
  const char *text = g_value_get_string (value);

  /* An empty string and NULL are the same: nothing. */
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (*field, text) == 0)
    return;
  g_free (*field);
  *field = g_strdup (text);
  g_object_notify_by_pspec (object, pspec);
}

static void
tkr_pf2e_combatant_finalize (GObject *object)
{
  TkrPf2eCombatant *self = TKR_PF2E_COMBATANT (object);

  g_free (self->initiative_skill);
  g_free (self->group);

  G_OBJECT_CLASS (tkr_pf2e_combatant_parent_class)->finalize (object);
}

static void
tkr_pf2e_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPf2eCombatant *self = TKR_PF2E_COMBATANT (object);

  switch (prop_id)
    {
    case CPROP_INITIATIVE_SKILL:
      g_value_set_string (value, self->initiative_skill);
      break;
    case CPROP_INITIATIVE_MODIFIER:
      g_value_set_int (value, self->initiative_modifier);
      break;
    case CPROP_HAS_INITIATIVE:
      g_value_set_boolean (value, self->has_initiative);
      break;
    case CPROP_INITIATIVE:
      g_value_set_int (value, self->initiative);
      break;
    case CPROP_GROUP:
      g_value_set_string (value, self->group);
      break;
    case CPROP_TIE_RANK:
      g_value_set_int (value, self->tie_rank);
      break;
    case CPROP_RECOVERY_DUE:
      g_value_set_boolean (value, self->recovery_due);
      break;
    case CPROP_DEAD:
      g_value_set_boolean (value, self->dead);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_combatant_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrPf2eCombatant *self = TKR_PF2E_COMBATANT (object);

  switch (prop_id)
    {
    case CPROP_INITIATIVE_SKILL:
      set_string_field (object, &self->initiative_skill, value, pspec);
      break;
    case CPROP_INITIATIVE_MODIFIER:
      set_int_field (object, &self->initiative_modifier, value, pspec);
      break;
    case CPROP_HAS_INITIATIVE:
      set_bool_field (object, &self->has_initiative, value, pspec);
      break;
    case CPROP_INITIATIVE:
      set_int_field (object, &self->initiative, value, pspec);
      break;
    case CPROP_GROUP:
      set_string_field (object, &self->group, value, pspec);
      break;
    case CPROP_TIE_RANK:
      set_int_field (object, &self->tie_rank, value, pspec);
      break;
    case CPROP_RECOVERY_DUE:
      set_bool_field (object, &self->recovery_due, value, pspec);
      break;
    case CPROP_DEAD:
      set_bool_field (object, &self->dead, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_combatant_class_init (TkrPf2eCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_pf2e_combatant_finalize;
  object_class->get_property = tkr_pf2e_combatant_get_property;
  object_class->set_property = tkr_pf2e_combatant_set_property;

  combatant_properties[CPROP_INITIATIVE_SKILL] =
    g_param_spec_string ("initiative-skill", NULL, NULL, NULL, rw);
  combatant_properties[CPROP_INITIATIVE_MODIFIER] =
    g_param_spec_int ("initiative-modifier", NULL, NULL, -MAX_MODIFIER, MAX_MODIFIER, 0, rw);
  combatant_properties[CPROP_HAS_INITIATIVE] =
    g_param_spec_boolean ("has-initiative", NULL, NULL, FALSE, rw);
  combatant_properties[CPROP_INITIATIVE] =
    g_param_spec_int ("initiative", NULL, NULL, MIN_INITIATIVE, MAX_INITIATIVE, 0, rw);
  combatant_properties[CPROP_GROUP] = g_param_spec_string ("group", NULL, NULL, NULL, rw);
  combatant_properties[CPROP_TIE_RANK] =
    g_param_spec_int ("tie-rank", NULL, NULL, 0, G_MAXINT, 0, rw);
  combatant_properties[CPROP_RECOVERY_DUE] =
    g_param_spec_boolean ("recovery-due", NULL, NULL, FALSE, rw);
  combatant_properties[CPROP_DEAD] = g_param_spec_boolean ("dead", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_CPROPS, combatant_properties);
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

/* ------------------------------------------------------------------ */
/* TkrPf2eEffect                                                       */
/* ------------------------------------------------------------------ */

G_DEFINE_FINAL_TYPE (TkrPf2eEffect, tkr_pf2e_effect, G_TYPE_OBJECT)

enum
{
  EPROP_0,
  EPROP_NAME,
  EPROP_CREATOR,
  EPROP_ROUNDS_LEFT,
  N_EPROPS
};

static GParamSpec *effect_properties[N_EPROPS];

static void
tkr_pf2e_effect_dispose (GObject *object)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  g_clear_object (&self->creator);

  G_OBJECT_CLASS (tkr_pf2e_effect_parent_class)->dispose (object);
}

static void
tkr_pf2e_effect_finalize (GObject *object)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  g_free (self->name);

  G_OBJECT_CLASS (tkr_pf2e_effect_parent_class)->finalize (object);
}

static void
tkr_pf2e_effect_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  switch (prop_id)
    {
    case EPROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case EPROP_CREATOR:
      g_value_set_object (value, self->creator);
      break;
    case EPROP_ROUNDS_LEFT:
      g_value_set_int (value, self->rounds_left);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_effect_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  switch (prop_id)
    {
    case EPROP_NAME:
      set_string_field (object, &self->name, value, pspec);
      break;
    case EPROP_CREATOR:
      if (self->creator != g_value_get_object (value))
        {
          g_set_object (&self->creator, g_value_get_object (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case EPROP_ROUNDS_LEFT:
      set_int_field (object, &self->rounds_left, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_effect_class_init (TkrPf2eEffectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_pf2e_effect_dispose;
  object_class->finalize = tkr_pf2e_effect_finalize;
  object_class->get_property = tkr_pf2e_effect_get_property;
  object_class->set_property = tkr_pf2e_effect_set_property;

  effect_properties[EPROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  effect_properties[EPROP_CREATOR] =
    g_param_spec_object ("creator", NULL, NULL, TKR_TYPE_PF2E_COMBATANT, rw);
  effect_properties[EPROP_ROUNDS_LEFT] =
    g_param_spec_int ("rounds-left", NULL, NULL, 0, MAX_EFFECT_ROUNDS, 0, rw);
  g_object_class_install_properties (object_class, N_EPROPS, effect_properties);
}

static void
tkr_pf2e_effect_init (TkrPf2eEffect *self)
{
}

const char *
tkr_pf2e_effect_get_name (TkrPf2eEffect *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_EFFECT (self), NULL);
  return self->name;
}

TkrPf2eCombatant *
tkr_pf2e_effect_get_creator (TkrPf2eEffect *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_EFFECT (self), NULL);
  return self->creator;
}

int
tkr_pf2e_effect_get_rounds_left (TkrPf2eEffect *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_EFFECT (self), 0);
  return self->rounds_left;
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
  json_object_set_int_member (object, "initiative_modifier", combatant->initiative_modifier);
  if (combatant->has_initiative)
    json_object_set_int_member (object, "initiative", combatant->initiative);
  if (combatant->group != NULL)
    json_object_set_string_member (object, "group", combatant->group);
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
  json_object_set_boolean_member (object, "recovery_due", combatant->recovery_due);
  json_object_set_boolean_member (object, "dead", combatant->dead);
  json_node_take_object (node, object);
  return node;
}

JsonNode *
tkr_pf2e_effect_to_json (TkrPf2eEffect *effect)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "name", effect->name);
  json_object_set_string_member (
    object, "creator",
    tkr_character_get_id (tkr_combatant_get_character (TKR_COMBATANT (effect->creator))));
  json_object_set_int_member (object, "rounds_left", effect->rounds_left);
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
  g_autofree char *id = NULL, *skill = NULL, *group = NULL;
  g_autoptr (TkrPf2eCombatant) combatant = NULL;
  gint64 modifier, initiative, tie_rank, actions, reactions;
  gboolean recovery_due, dead;
  TkrCharacter *character;
  JsonObject *item;

  item = tkr_json_require_object (node, item_path, error);
  if (item == NULL || !tkr_json_get_string (item, "character", item_path, TRUE, NULL, &id, error) ||
      !tkr_json_get_string (item, "initiative_skill", item_path, FALSE, default_skill, &skill,
                            error) ||
      !tkr_json_get_int (item, "initiative_modifier", item_path, FALSE, -MAX_MODIFIER, MAX_MODIFIER,
                         0, &modifier, error) ||
      !tkr_json_get_int (item, "initiative", item_path, FALSE, MIN_INITIATIVE, MAX_INITIATIVE,
                         G_MININT, &initiative, error) ||
      !tkr_json_get_string (item, "group", item_path, FALSE, NULL, &group, error) ||
      !tkr_json_get_int (item, "tie_rank", item_path, FALSE, 0, G_MAXINT, index, &tie_rank,
                         error) ||
      !tkr_json_get_int (item, "actions_left", item_path, FALSE, 0, actions_per_turn, 0, &actions,
                         error) ||
      !tkr_json_get_int (item, "reactions_left", item_path, FALSE, 0, reactions_per_round, 0,
                         &reactions, error) ||
      !tkr_json_get_bool (item, "recovery_due", item_path, FALSE, FALSE, &recovery_due, error) ||
      !tkr_json_get_bool (item, "dead", item_path, FALSE, FALSE, &dead, error))
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
  if (*skill == '\0' || (group != NULL && tkr_character_is_pc (character)))
    {
      g_autofree char *bad_path =
        tkr_json_path (item_path, *skill == '\0' ? "initiative_skill" : "group");
      tkr_json_set_error (error, bad_path,
                          *skill == '\0' ? _ ("expected a skill’s name")
                                         : _ ("a player character does not roll in a group"));
      return NULL;
    }

  combatant = tkr_pf2e_combatant_new (character, actions_per_turn, reactions_per_round);
  g_object_set (combatant, "initiative-skill", skill, "initiative-modifier", (int) modifier,
                "has-initiative", initiative != G_MININT, "initiative",
                initiative != G_MININT ? (int) initiative : 0, "group", group, "tie-rank",
                (int) tie_rank, "recovery-due", recovery_due, "dead", dead, NULL);
  g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (combatant), "actions"), "current",
                (int) actions, NULL);
  g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (combatant), "reaction"), "current",
                (int) reactions, NULL);
  if (!tkr_pf2e_combatant_read_conditions (combatant, rules, item, item_path, error))
    return NULL;
  return g_steal_pointer (&combatant);
}
