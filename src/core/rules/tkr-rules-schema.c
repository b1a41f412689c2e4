/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-rules-schema-private.h"
#include "tkr-types.h"

/*
 * Each rule system's own section, declared key by key: every number, name
 * and list its code reads, with its type and its bounds. A key the file
 * lacks or gives the wrong type fails the load with a message naming the
 * rule data and the key, instead of becoming a silent 0 at the table.
 * The shared sections ("test", "round", "experience"...) are read by
 * tkr-rules.c itself.
 *
 * A path is dotted from the top of the file. "path[].member" is a member
 * of each object of the RECORDS list at "path"; an INT_MAP's entries are
 * "path.name". @one_of names a path whose values (a list's items, an
 * object's names, or "list[].member" of each record) must hold the value.
 * Keys not declared here are ignored, as the house style wants of files.
 */

typedef struct
{
  const char *path;
  TkrRuleType type;
  int min;
  int max;
  gboolean optional;
  int default_value;
  const char *one_of;
  const char *const *choices;
} RuleKey;

typedef struct
{
  const char *system_id;
  const char *section;
  const RuleKey *keys;
  guint n_keys;
} RuleSchema;

#define INT(p, lo, hi)                                                                             \
  {                                                                                                \
    .path = (p), .type = TKR_RULE_INT, .min = (lo), .max = (hi)                                    \
  }
#define BOOL(p)                                                                                    \
  {                                                                                                \
    .path = (p), .type = TKR_RULE_BOOL                                                             \
  }
#define STRING(p)                                                                                  \
  {                                                                                                \
    .path = (p), .type = TKR_RULE_STRING                                                           \
  }
#define STRV(p)                                                                                    \
  {                                                                                                \
    .path = (p), .type = TKR_RULE_STRV                                                             \
  }
#define INTS(p, lo, hi)                                                                            \
  {                                                                                                \
    .path = (p), .type = TKR_RULE_INTS, .min = (lo), .max = (hi)                                   \
  }
#define RECORDS(p, lo, hi)                                                                         \
  {                                                                                                \
    .path = (p), .type = TKR_RULE_RECORDS, .min = (lo), .max = (hi)                                \
  }
#define INT_MAP(p, lo, hi)                                                                         \
  {                                                                                                \
    .path = (p), .type = TKR_RULE_INT_MAP, .min = (lo), .max = (hi)                                \
  }

/* Pathfinder 2e encounter mode (seed 002). */
static const RuleKey pf2e_keys[] = {
  INT ("pf2e.actions_per_turn", 1, 10),
  INT ("pf2e.reactions_per_round", 0, 10),
  INT ("pf2e.max_activity_actions", 1, 10),
  INT ("pf2e.initiative_die", 2, 1000),
  { .path = "pf2e.default_initiative_skill", .type = TKR_RULE_STRING, .one_of = "sheet.skills" },
  INT ("pf2e.recovery_dc_base", 0, 1000),
  INT ("pf2e.critical_margin", 1, 1000),
  INT ("pf2e.death_dying_value", 1, 100),
  INT ("pf2e.wounded_when_dying_ends", 0, 100),
  INT ("pf2e.typical_xp_awards.moderate", 1, 100000),
};

/* The d20 system (seed 003). */
static const char *const pace_ids[] = { "hasty", "normal", "cautious", "flying", NULL };

static const RuleKey d20_keys[] = {
  INT ("d20.initiative.die", 2, 1000),
  STRING ("d20.initiative.modifier"),
  INT ("d20.turn.actions", 0, 10),
  INT ("d20.turn.bonus_actions", 0, 10),
  INT ("d20.turn.reactions", 0, 10),
  INT ("d20.movement.default_speed", 0, 10000),
  STRV ("d20.movement.kinds"),
  INT ("d20.movement.difficult_extra_per_foot", 0, 10),
  INT ("d20.movement.max_feet", 1, 100000),
  INT ("d20.dodge_evade_bonus", 0, 100),
  RECORDS ("d20.common_actions", 1, 100),
  STRING ("d20.common_actions[].id"),
  STRING ("d20.common_actions[].name"),
  BOOL ("d20.common_actions[].action"),
  BOOL ("d20.common_actions[].bonus"),
  STRING ("d20.checks.stamina"),
  STRING ("d20.checks.reflex"),
  STRING ("d20.checks.vitality"),
  INT ("d20.rest.long_hours", 0, 100),
  INT ("d20.rest.short_hours", 0, 100),
  INT ("d20.rest.short_restores_numerator", 0, 100),
  INT ("d20.rest.short_restores_denominator", 1, 100),
  INT ("d20.rest.hours_without_long_rest", 1, 1000),
  INT ("d20.rest.hours_without_short_rest", 1, 1000),
  INT ("d20.rest.exhaustion_dc", 0, 1000),
  INT ("d20.rest.max_mana", 0, 100000),
  INT ("d20.exhaustion_max", 0, 100),
  INT ("d20.travel.max_hours_on_foot", 0, 24),
  /* The four paces, each once: the code knows them by id. */
  RECORDS ("d20.travel.paces", G_N_ELEMENTS (pace_ids) - 1, G_N_ELEMENTS (pace_ids) - 1),
  { .path = "d20.travel.paces[].id", .type = TKR_RULE_STRING, .choices = pace_ids },
  STRING ("d20.travel.paces[].name"),
  INT ("d20.travel.paces[].mph", 0, 1000),
  STRV ("d20.travel.paces[].threats"),
  STRV ("d20.travel.paces[].fails"),
  { .path = "d20.travel.paces[].max_hours",
    .type = TKR_RULE_INT,
    .min = 0,
    .max = 24,
    .optional = TRUE },
  INT ("d20.travel.difficult_terrain_divisor", 1, 100),
  INT ("d20.travel.forced_march_base_dc", 0, 1000),
  INT ("d20.travel.forced_march_dc_per_hour", 0, 100),
  INT ("d20.falling.feet_per_wound", 1, 10000),
  INT ("d20.falling.reflex_dc_per_foot", 0, 100),
  INT ("d20.breath.base_seconds", 0, 100000),
  INT ("d20.breath.seconds_per_vitality", 0, 10000),
  INT ("d20.breath.base_rounds", 0, 1000),
  INT ("d20.breath.vitality_divisor", 1, 100),
};

/* The Action-Point system (seed 004). */
#define MAX_AP 999
#define MAX_DIE 100
#define MAX_CHECK 999

static const RuleKey ap_keys[] = {
  INT ("action-points.max_ap_per_round", 1, MAX_AP),
  INT ("action-points.only_action_max_ap", 0, MAX_AP),
  INTS ("action-points.finesse_dice", 2, MAX_DIE),
  { .path = "action-points.default_finesse_die",
    .type = TKR_RULE_INT,
    .min = 2,
    .max = MAX_DIE,
    .one_of = "action-points.finesse_dice" },
  INT ("action-points.surprised_first_ap", 0, MAX_AP),
  INT_MAP ("action-points.free_steps", 0, MAX_AP),
  { .path = "action-points.default_size",
    .type = TKR_RULE_STRING,
    .one_of = "action-points.free_steps" },
  INT ("action-points.check_die", 2, MAX_DIE),
  INT ("action-points.default_check_target", 1, MAX_CHECK),
  INT_MAP ("action-points.check_targets", 1, MAX_CHECK),
  INT ("action-points.recover_per_reset", 0, MAX_AP),
  INT ("action-points.max_pool", 1, MAX_AP),
};

/* Every system (docs/ARCHITECTURE.md, "Rule data"): the system's own
 * timings of conditions, run by src/core/engine/tkr-timings.c. A record
 * names the conditions it times by kind or by id, the edge ("turn-start"
 * or "turn-end" of the holder's turn, or "reset": the Action-Point Reset
 * Phase), what goes there ("stack": one stack, the condition ends at 0;
 * "all": the condition ends), whether a stack gained on the turn that ends
 * stays, and how the log tells it. */
static const char *const timing_kinds[] = { "fleeting", "persistent", "temporary", NULL };
static const char *const timing_edges[] = { "turn-start", "turn-end", "reset", NULL };
static const char *const timing_takes[] = { "stack", "all", NULL };
static const char *const timing_logs[] = { "ended", "value", "stacks", NULL };

static const RuleKey timing_keys[] = {
  { .path = "timings", .type = TKR_RULE_RECORDS, .min = 0, .max = 16, .optional = TRUE },
  STRING ("timings[].id"),
  { .path = "timings[].kind", .type = TKR_RULE_STRING, .optional = TRUE, .choices = timing_kinds },
  { .path = "timings[].conditions",
    .type = TKR_RULE_STRV,
    .optional = TRUE,
    .one_of = "conditions[].id" },
  { .path = "timings[].edge", .type = TKR_RULE_STRING, .choices = timing_edges },
  { .path = "timings[].takes", .type = TKR_RULE_STRING, .choices = timing_takes },
  { .path = "timings[].keeps_this_turn", .type = TKR_RULE_BOOL, .optional = TRUE },
  { .path = "timings[].log", .type = TKR_RULE_STRING, .optional = TRUE, .choices = timing_logs },
};

static const RuleSchema timing_schema = { NULL, NULL, timing_keys, G_N_ELEMENTS (timing_keys) };

static const RuleSchema schemas[] = {
  { "pf2e", "pf2e", pf2e_keys, G_N_ELEMENTS (pf2e_keys) },
  { "d20", "d20", d20_keys, G_N_ELEMENTS (d20_keys) },
  { "action-points", "action-points", ap_keys, G_N_ELEMENTS (ap_keys) },
};

typedef struct
{
  const char *system_id;
  const RuleSchema *schema;
  JsonObject *root;
  GHashTable *values;
  GError **error;
} Checker;

const char *
tkr_rule_type_to_string (TkrRuleType type)
{
  static const char *const names[] = {
    "section", "int", "bool", "string", "string list", "int list", "records", "int map",
  };

  g_return_val_if_fail (type < G_N_ELEMENTS (names), "?");
  return names[type];
}

static void
rule_value_free (gpointer data)
{
  TkrRuleValue *value = data;

  g_free (value->text);
  g_strfreev (value->strv);
  g_free (value->ints);
  g_free (value);
}

static TkrRuleValue *
add_value (Checker *c, const char *path, TkrRuleType type)
{
  TkrRuleValue *value = g_new0 (TkrRuleValue, 1);

  value->type = type;
  g_hash_table_replace (c->values, g_strdup (path), value);
  return value;
}

static char *
join (const char *prefix, const char *member)
{
  if (prefix == NULL || *prefix == '\0')
    return g_strdup (member);
  return g_strconcat (prefix, ".", member, NULL);
}

static gboolean
fail_missing (Checker *c, const char *path)
{
  g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
               _ ("Rule data “%s”: %s is missing"), c->system_id, path);
  return FALSE;
}

static gboolean
fail_object (Checker *c, const char *path)
{
  g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
               _ ("Rule data “%s”: %s must be an object"), c->system_id, path);
  return FALSE;
}

static gboolean
is_type (JsonNode *node, GType type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

static gboolean
is_whole_number (JsonNode *node, int min, int max)
{
  return is_type (node, G_TYPE_INT64) && json_node_get_int (node) >= min &&
         json_node_get_int (node) <= max;
}

/* A scalar as text, to compare it with the values @one_of names. */
static char *
node_to_text (JsonNode *node)
{
  if (is_type (node, G_TYPE_STRING))
    return g_strdup (json_node_get_string (node));
  if (is_type (node, G_TYPE_INT64))
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  return NULL;
}

/* Gathers the values at @segments below @node: a list's items, an
 * object's names, a scalar itself; "name[]" walks each item of a list. */
static void
collect (JsonNode *node, char **segments, GPtrArray *found)
{
  g_autofree char *member = NULL;
  JsonNode *child;
  gsize length;

  if (node == NULL)
    return;
  if (segments[0] == NULL)
    {
      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);

          for (guint i = 0; i < json_array_get_length (array); i++)
            {
              char *text = node_to_text (json_array_get_element (array, i));

              if (text != NULL)
                g_ptr_array_add (found, text);
            }
        }
      else if (JSON_NODE_HOLDS_OBJECT (node))
        {
          GList *names = json_object_get_members (json_node_get_object (node));

          for (GList *l = names; l != NULL; l = l->next)
            g_ptr_array_add (found, g_strdup (l->data));
          g_list_free (names);
        }
      else
        {
          char *text = node_to_text (node);

          if (text != NULL)
            g_ptr_array_add (found, text);
        }
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return;
  length = strlen (segments[0]);
  if (length > 2 && g_str_has_suffix (segments[0], "[]"))
    {
      member = g_strndup (segments[0], length - 2);
      child = json_object_get_member (json_node_get_object (node), member);
      if (child != NULL && JSON_NODE_HOLDS_ARRAY (child))
        {
          JsonArray *array = json_node_get_array (child);

          for (guint i = 0; i < json_array_get_length (array); i++)
            collect (json_array_get_element (array, i), segments + 1, found);
        }
      return;
    }
  collect (json_object_get_member (json_node_get_object (node), segments[0]), segments + 1, found);
}

static gboolean
check_one_of (Checker *c, const RuleKey *key, const char *path, JsonNode *node)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) segments = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  if (key->one_of == NULL)
    return TRUE;
  root = json_node_init_object (json_node_alloc (), c->root);
  segments = g_strsplit (key->one_of, ".", -1);
  collect (root, segments, found);
  text = node_to_text (node);
  for (guint i = 0; text != NULL && i < found->len; i++)
    if (g_strcmp0 (g_ptr_array_index (found, i), text) == 0)
      return TRUE;
  g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
               _ ("Rule data “%s”: %s must be one of the values of %s"), c->system_id, path,
               key->one_of);
  return FALSE;
}

static gboolean check_key (
  Checker *c, const RuleKey *key, JsonObject *object, const char *prefix, const char *relative);

static gboolean
check_records (Checker *c, const RuleKey *key, const char *path, JsonNode *node)
{
  g_autofree char *member_prefix = g_strconcat (key->path, "[].", NULL);
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *array;
  guint n;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) ||
      (n = json_array_get_length (array = json_node_get_array (node))) < (guint) key->min ||
      n > (guint) key->max)
    {
      if (key->min == key->max)
        g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                     g_dngettext (GETTEXT_PACKAGE, "Rule data “%s”: %s must be a list of %d object",
                                  "Rule data “%s”: %s must be a list of %d objects", key->min),
                     c->system_id, path, key->min);
      else
        g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                     _ ("Rule data “%s”: %s must be a list of %d to %d objects"), c->system_id,
                     path, key->min, key->max);
      return FALSE;
    }
  add_value (c, path, TKR_RULE_RECORDS)->number = (int) n;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item_path = g_strdup_printf ("%s[%u]", path, i);
      JsonNode *item = json_array_get_element (array, i);
      JsonObject *object;
      const char *id;

      if (!JSON_NODE_HOLDS_OBJECT (item))
        return fail_object (c, item_path);
      object = json_node_get_object (item);
      for (guint k = 0; k < c->schema->n_keys; k++)
        {
          const RuleKey *member = &c->schema->keys[k];

          if (g_str_has_prefix (member->path, member_prefix) &&
              !check_key (c, member, object, item_path, member->path + strlen (member_prefix)))
            return FALSE;
        }
      /* Records are found by id: each id once. */
      id = json_object_has_member (object, "id") &&
               is_type (json_object_get_member (object, "id"), G_TYPE_STRING)
             ? json_object_get_string_member (object, "id")
             : NULL;
      if (id != NULL && !g_hash_table_add (ids, (gpointer) id))
        {
          g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                       _ ("Rule data “%s”: %s repeats the id “%s”"), c->system_id, item_path, id);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_value (Checker *c, const RuleKey *key, const char *path, JsonNode *node)
{
  switch (key->type)
    {
    case TKR_RULE_INT:
      if (!is_whole_number (node, key->min, key->max))
        {
          g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                       _ ("Rule data “%s”: %s must be a whole number from %d to %d"), c->system_id,
                       path, key->min, key->max);
          return FALSE;
        }
      if (!check_one_of (c, key, path, node))
        return FALSE;
      add_value (c, path, TKR_RULE_INT)->number = (int) json_node_get_int (node);
      return TRUE;

    case TKR_RULE_BOOL:
      if (!is_type (node, G_TYPE_BOOLEAN))
        {
          g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                       _ ("Rule data “%s”: %s must be true or false"), c->system_id, path);
          return FALSE;
        }
      add_value (c, path, TKR_RULE_BOOL)->number = json_node_get_boolean (node);
      return TRUE;

    case TKR_RULE_STRING:
      if (!is_type (node, G_TYPE_STRING) || *json_node_get_string (node) == '\0')
        {
          g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                       _ ("Rule data “%s”: %s must be text that is not empty"), c->system_id, path);
          return FALSE;
        }
      if (key->choices != NULL &&
          !g_strv_contains ((const char *const *) key->choices, json_node_get_string (node)))
        {
          g_autofree char *choices = g_strjoinv (", ", (char **) key->choices);

          g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                       _ ("Rule data “%s”: %s must be one of %s"), c->system_id, path, choices);
          return FALSE;
        }
      if (!check_one_of (c, key, path, node))
        return FALSE;
      add_value (c, path, TKR_RULE_STRING)->text = g_strdup (json_node_get_string (node));
      return TRUE;

    case TKR_RULE_STRV:
      {
        g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
        JsonArray *array = node && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

        for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
          {
            JsonNode *item = json_array_get_element (array, i);

            if (!is_type (item, G_TYPE_STRING))
              {
                array = NULL;
                break;
              }
            if (!check_one_of (c, key, path, item))
              return FALSE;
            g_strv_builder_add (builder, json_node_get_string (item));
          }
        if (array == NULL)
          {
            g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                         _ ("Rule data “%s”: %s must be a list of texts"), c->system_id, path);
            return FALSE;
          }
        add_value (c, path, TKR_RULE_STRV)->strv = g_strv_builder_end (builder);
        return TRUE;
      }

    case TKR_RULE_INTS:
      {
        JsonArray *array = node && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
        guint n = array ? json_array_get_length (array) : 0;
        g_autofree int *ints = g_new0 (int, MAX (n, 1));

        for (guint i = 0; array != NULL && i < n; i++)
          {
            JsonNode *item = json_array_get_element (array, i);

            if (!is_whole_number (item, key->min, key->max))
              {
                array = NULL;
                break;
              }
            ints[i] = (int) json_node_get_int (item);
          }
        if (array == NULL || n == 0)
          {
            g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                         _ ("Rule data “%s”: %s must be a list of whole numbers from %d to %d"),
                         c->system_id, path, key->min, key->max);
            return FALSE;
          }
        TkrRuleValue *value = add_value (c, path, TKR_RULE_INTS);
        value->ints = g_steal_pointer (&ints);
        value->n_ints = n;
        return TRUE;
      }

    case TKR_RULE_INT_MAP:
      {
        g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
        JsonObject *object;
        GList *names;
        gboolean ok = TRUE;

        if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
          return fail_object (c, path);
        object = json_node_get_object (node);
        names = json_object_get_members (object);
        for (GList *l = names; ok && l != NULL; l = l->next)
          {
            g_autofree char *entry_path = join (path, l->data);

            /* The names become part of dotted paths. */
            if (strpbrk (l->data, ".[]") != NULL || *(const char *) l->data == '\0')
              {
                g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                             _ ("Rule data “%s”: the name of %s must not be empty or hold “.”, "
                                "“[” or “]”"),
                             c->system_id, entry_path);
                ok = FALSE;
                break;
              }
            if (!is_whole_number (json_object_get_member (object, l->data), key->min, key->max))
              {
                g_set_error (c->error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                             _ ("Rule data “%s”: %s must be a whole number from %d to %d"),
                             c->system_id, entry_path, key->min, key->max);
                ok = FALSE;
                break;
              }
            add_value (c, entry_path, TKR_RULE_INT)->number =
              (int) json_object_get_int_member (object, l->data);
            g_strv_builder_add (builder, l->data);
          }
        g_list_free (names);
        if (ok)
          add_value (c, path, TKR_RULE_INT_MAP)->strv = g_strv_builder_end (builder);
        return ok;
      }

    case TKR_RULE_RECORDS:
      return check_records (c, key, path, node);

    case TKR_RULE_SECTION:
    default:
      g_assert_not_reached ();
    }
}

/* Checks @key at @relative (dotted) below @object, whose own path is
 * @prefix, and stores its value. */
static gboolean
check_key (
  Checker *c, const RuleKey *key, JsonObject *object, const char *prefix, const char *relative)
{
  g_auto (GStrv) segments = g_strsplit (relative, ".", -1);
  g_autofree char *path = NULL;
  JsonNode *node = NULL;

  for (guint i = 0; segments[i] != NULL; i++)
    {
      char *next = join (i == 0 ? prefix : path, segments[i]);

      g_free (path);
      path = next;
      node = json_object_get_member (object, segments[i]);
      if (segments[i + 1] == NULL)
        break;
      if (node == NULL || JSON_NODE_HOLDS_NULL (node))
        return fail_missing (c, path);
      if (!JSON_NODE_HOLDS_OBJECT (node))
        return fail_object (c, path);
      object = json_node_get_object (node);
    }

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (!key->optional)
        return fail_missing (c, path);
      add_value (c, path, key->type)->number = key->default_value;
      return TRUE;
    }
  return check_value (c, key, path, node);
}

GHashTable *
tkr_rules_schema_check (const char *system_id, JsonObject *root, GError **error)
{
  g_autoptr (GHashTable) values =
    g_hash_table_new_full (g_str_hash, g_str_equal, g_free, rule_value_free);
  const RuleSchema *schema = NULL;
  Checker c;

  g_return_val_if_fail (root != NULL, NULL);

  c.system_id = system_id;
  c.schema = &timing_schema;
  c.root = root;
  c.values = values;
  c.error = error;
  for (guint i = 0; i < timing_schema.n_keys; i++)
    if (strstr (timing_keys[i].path, "[]") == NULL &&
        !check_key (&c, &timing_keys[i], root, NULL, timing_keys[i].path))
      return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (schemas); i++)
    if (g_strcmp0 (schemas[i].system_id, system_id) == 0)
      schema = &schemas[i];
  if (schema == NULL)
    return g_steal_pointer (&values);
  c.schema = schema;

  if (!json_object_has_member (root, schema->section))
    {
      fail_missing (&c, schema->section);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (json_object_get_member (root, schema->section)))
    {
      fail_object (&c, schema->section);
      return NULL;
    }
  add_value (&c, schema->section, TKR_RULE_SECTION);

  for (guint i = 0; i < schema->n_keys; i++)
    {
      const RuleKey *key = &schema->keys[i];

      /* Members of records are checked with their record. */
      if (strstr (key->path, "[]") != NULL)
        continue;
      if (!check_key (&c, key, root, NULL, key->path))
        return NULL;
    }
  return g_steal_pointer (&values);
}
