/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-file.h"
#include "tkr-import-sheet-private.h"
#include "tkr-types.h"

/*
 * Foundry VTT pf2e actors. The current schema keeps the actor's data in
 * "system" (Perception in "system.perception.mod"), the legacy one (the
 * system's 0.x releases) in "data" (Perception in
 * "data.attributes.perception.value"). Hit Points are "attributes.hp"
 * {value, max, temp}, AC "attributes.ac.value", saves "saves.NAME.value"
 * (with "rank" in a PC's legacy data), the level "details.level.value".
 */

#define TOOL "Foundry VTT"

static JsonObject *
actor_data (JsonObject *actor)
{
  static const char *const members[] = { "system", "data" };

  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonNode *node = json_object_get_member (actor, members[i]);

      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        return json_node_get_object (node);
    }
  return NULL;
}

static const char *
actor_type (JsonObject *actor)
{
  JsonNode *node = json_object_get_member (actor, "type");

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gboolean
tkr_import_foundry_recognizes (JsonNode *root)
{
  JsonObject *actor;
  const char *type;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  actor = json_node_get_object (root);
  type = actor_type (actor);
  return type != NULL && json_object_has_member (actor, "name") && actor_data (actor) != NULL;
}

typedef struct
{
  JsonObject *data;
  const char *schema; /* "system" or "data", for messages */
  TkrRules *rules;
  TkrCharacter *character;
  GPtrArray *problems;
} Reader;

static gboolean
refuse (GError **error, Reader *r, const char *path, const char *what)
{
  g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
               /* Translators: %s.%s is a key of the file, such as "system.attributes.hp.max",
                  then what it should be, such as "a whole number" */
               _ ("This Foundry VTT actor cannot be read: “%s.%s” is missing or is not %s."),
               r->schema, path, what);
  return FALSE;
}

static gboolean
require_int (Reader *r, const char *path, gint64 min, gint64 max, gint64 *out, GError **error)
{
  if (!tkr_import_sheet_int (tkr_import_sheet_lookup (r->data, path), TRUE, out))
    return refuse (error, r, path, _ ("a whole number"));
  if (*out < min || *out > max)
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                   _ ("This Foundry VTT actor cannot be read: “%s.%s” is %lld, not a number "
                      "from %lld to %lld."),
                   r->schema, path, (long long) *out, (long long) min, (long long) max);
      return FALSE;
    }
  return TRUE;
}

/* The first of @paths that holds a whole number. */
static gboolean
optional_int (Reader *r, const char *const *paths, gint64 *out)
{
  for (guint i = 0; paths[i] != NULL; i++)
    if (tkr_import_sheet_int (tkr_import_sheet_lookup (r->data, paths[i]), TRUE, out))
      return TRUE;
  return FALSE;
}

static void
set_number (Reader *r, const char *field, gint64 value)
{
  g_autoptr (GError) error = NULL;

  if (value < G_MININT || value > G_MAXINT ||
      !tkr_character_set_field (r->character, NULL, r->rules, field, (int) value, &error))
    tkr_import_sheet_problem (r->problems, _ ("%s: %lld does not fit the sheet%s%s"), field,
                              (long long) value, error ? ": " : "", error ? error->message : "");
}

static void
set_modifier (Reader *r, gboolean save, const char *name, gint64 value, const char *rank_path)
{
  g_autoptr (GError) error = NULL;
  gint64 rank;

  if (value < -99 || value > 99 ||
      !tkr_character_set_modifier (r->character, NULL,
                                   save ? TKR_MODIFIER_KIND_SAVE : TKR_MODIFIER_KIND_SKILL, name,
                                   (int) value, &error))
    {
      tkr_import_sheet_problem (r->problems, _ ("%s: %lld does not fit the sheet"), name,
                                (long long) value);
      return;
    }
  if (rank_path != NULL &&
      tkr_import_sheet_int (tkr_import_sheet_lookup (r->data, rank_path), FALSE, &rank) &&
      (rank < 0 || rank > 4 ||
       !tkr_character_set_rank (r->character, NULL, r->rules, name, (int) rank, &error)))
    tkr_import_sheet_problem (r->problems,
                              _ ("The rank of %s is not one of 0 to 4; it is left out."), name);
}

/* A statistic the actor stores, or, when it keeps only the proficiency
 * rank (a PC works the rest out while it plays), the rank's bonus (2 a
 * rank), plus the level once trained, plus the attribute
 * (help/C/import.page). */
static gboolean
statistic (Reader *r,
           const char *const *value_paths,
           const char *const *rank_paths,
           const char *ability,
           gint64 level,
           gint64 *out,
           gboolean *worked_out)
{
  g_autofree char *ability_path = g_strdup_printf ("abilities.%s.mod", ability);
  gint64 rank, modifier = 0;

  *worked_out = FALSE;
  if (optional_int (r, value_paths, out))
    return TRUE;
  if (!optional_int (r, rank_paths, &rank) || rank < 0 || rank > 4)
    return FALSE;
  optional_int (r, (const char *const[]){ ability_path, NULL }, &modifier);
  *out = rank * 2 + (rank > 0 ? level : 0) + modifier;
  *worked_out = TRUE;
  return TRUE;
}

static void
set_text (Reader *r, const char *field, const char *path)
{
  JsonNode *node = tkr_import_sheet_lookup (r->data, path);
  g_autoptr (GError) error = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING || *json_node_get_string (node) == '\0')
    return;
  if (!tkr_character_set_text (r->character, NULL, r->rules, field, json_node_get_string (node),
                               &error))
    tkr_import_sheet_problem (r->problems, "%s", error->message);
}

TkrCharacter *
tkr_import_foundry (GBytes *bytes, GPtrArray **problems, GError **error)
{
  static const struct
  {
    const char *key;
    const char *name;
  } saves[] = { { "fortitude", "Fortitude" }, { "reflex", "Reflex" }, { "will", "Will" } };
  static const struct
  {
    const char *key;
    const char *field;
  } attributes[] = {
    { "str", "strength" },     { "dex", "dexterity" }, { "con", "constitution" },
    { "int", "intelligence" }, { "wis", "wisdom" },    { "cha", "charisma" },
  };
  static const char *const perception_paths[] = { "perception.mod", "perception.value",
                                                  "attributes.perception.value", NULL };
  static const char *const perception_ranks[] = { "perception.rank", "attributes.perception.rank",
                                                  NULL };
  static const char *const save_abilities[] = { "con", "dex", "wis" };
  gint64 perception, save_values[G_N_ELEMENTS (saves)];
  gboolean worked_out[1 + G_N_ELEMENTS (saves)];
  gboolean no_maximum = FALSE;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (TkrCharacter) character = NULL;
  g_autoptr (GError) refused = NULL;
  JsonObject *actor;
  JsonNode *name_node, *temp;
  const char *type;
  gint64 level, hp, hp_max, ac, value;
  TkrCharacterKind kind;
  Reader r = { 0 };

  g_return_val_if_fail (problems != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  root = tkr_import_sheet_parse (bytes, TOOL, error);
  if (root == NULL)
    return NULL;
  if (!tkr_import_foundry_recognizes (root))
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND,
                           tkr_import_pathbuilder_recognizes (root)
                             ? _ ("This is a Pathbuilder 2e export, not a Foundry VTT actor: "
                                  "import it as a Pathbuilder 2e file.")
                             : _ ("This is not a Foundry VTT actor: an actor’s file has its "
                                  "“name”, its “type” and its data under “system” (or “data” in "
                                  "older versions), and this file has not."));
      return NULL;
    }
  actor = json_node_get_object (root);
  type = actor_type (actor);
  if (g_strcmp0 (type, "npc") == 0)
    kind = TKR_CHARACTER_KIND_NPC;
  else if (g_strcmp0 (type, "character") == 0)
    kind = TKR_CHARACTER_KIND_PC;
  else
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND,
                   /* Translators: %s is Foundry's kind of actor, such as "vehicle" */
                   _ ("This Foundry VTT actor is a “%s”: only player characters (“character”) "
                      "and creatures (“npc”) can be imported."),
                   type);
      return NULL;
    }
  r.data = actor_data (actor);
  r.schema = json_object_has_member (actor, "system") &&
                 JSON_NODE_HOLDS_OBJECT (json_object_get_member (actor, "system"))
               ? "system"
               : "data";
  name_node = json_object_get_member (actor, "name");
  if (!JSON_NODE_HOLDS_VALUE (name_node) || json_node_get_value_type (name_node) != G_TYPE_STRING)
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                           _ ("This Foundry VTT actor cannot be read: its “name” is not text."));
      return NULL;
    }

  if (!require_int (&r, "details.level.value", -1, 30, &level, error) ||
      !require_int (&r, "attributes.hp.value", 0, 100000, &hp, error) ||
      !require_int (&r, "attributes.ac.value", 0, 99, &ac, error))
    return NULL;
  /* A PC keeps no maximum when it is worked out in play: what it has now
   * stands for it. */
  if (tkr_import_sheet_lookup (r.data, "attributes.hp.max") == NULL)
    {
      hp_max = hp;
      no_maximum = TRUE;
    }
  else if (!require_int (&r, "attributes.hp.max", 0, 100000, &hp_max, error))
    return NULL;
  if (!statistic (&r, perception_paths, perception_ranks, "wis", level, &perception,
                  &worked_out[0]))
    {
      refuse (error, &r, "perception.mod", _ ("a whole number"));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (saves); i++)
    {
      g_autofree char *path = g_strdup_printf ("saves.%s.value", saves[i].key);
      g_autofree char *rank_path = g_strdup_printf ("saves.%s.rank", saves[i].key);

      if (!statistic (&r, (const char *const[]){ path, NULL },
                      (const char *const[]){ rank_path, NULL }, save_abilities[i], level,
                      &save_values[i], &worked_out[1 + i]))
        {
          refuse (error, &r, path, _ ("a whole number"));
          return NULL;
        }
      if (save_values[i] < -99 || save_values[i] > 99)
        {
          g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                       _ ("This Foundry VTT actor cannot be read: “%s.%s” is %lld, not a "
                          "number from %d to %d."),
                       r.schema, path, (long long) save_values[i], -99, 99);
          return NULL;
        }
    }

  rules = tkr_rules_new_from_resource ("pf2e", error);
  if (rules == NULL)
    return NULL;
  r.rules = rules;
  character = tkr_character_new (rules, kind, _ ("Unnamed Character"));
  if (*json_node_get_string (name_node) != '\0' &&
      !tkr_character_rename (character, NULL, json_node_get_string (name_node), &refused))
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                   _ ("This Foundry VTT actor cannot be read: “name”: %s"), refused->message);
      return NULL;
    }
  r.character = character;
  if (*problems == NULL)
    *problems = g_ptr_array_new_with_free_func (g_free);
  r.problems = *problems;

  /* A sheet's level starts at 1; a creature of level -1 or 0 keeps its
   * level in the notes. */
  if (level < 1)
    {
      g_autofree char *notes =
        g_strdup_printf (_ ("Level %lld in Foundry VTT."), (long long) level);

      tkr_import_sheet_problem (r.problems,
                                _ ("Level %lld is below the sheet’s lowest, 1: "
                                   "the sheet says level 1 and its notes the real level."),
                                (long long) level);
      g_object_set (character, "notes", notes, NULL);
    }
  else if (!tkr_character_set_level (character, NULL, (int) MIN (level, 99), &refused))
    tkr_import_sheet_problem (r.problems, "%s", refused->message);

  if (hp > hp_max)
    {
      tkr_import_sheet_problem (r.problems,
                                _ ("Hit Points %lld are above the maximum %lld; the sheet starts "
                                   "at the maximum."),
                                (long long) hp, (long long) hp_max);
      hp = hp_max;
    }
  if (!tkr_character_edit_pool (character, NULL, TKR_POOL_HEALTH, (int) MIN (hp, 9999),
                                (int) MIN (hp_max, 9999), &refused))
    tkr_import_sheet_problem (r.problems, "%s", refused->message);
  temp = tkr_import_sheet_lookup (r.data, "attributes.hp.temp");
  if (temp != NULL && !JSON_NODE_HOLDS_NULL (temp))
    {
      if (tkr_import_sheet_int (temp, TRUE, &value))
        set_number (&r, "temporary_hp", value);
      else
        tkr_import_sheet_problem (
          r.problems, _ ("The temporary Hit Points are not a number; they are left out."));
    }
  if (no_maximum)
    tkr_import_sheet_problem (r.problems,
                              _ ("The actor states no maximum Hit Points; the sheet takes its "
                                 "Hit Points now, %" G_GINT64_FORMAT ", as the maximum."),
                              hp);
  set_number (&r, "armor_class", ac);
  set_modifier (&r, FALSE, "Perception", perception,
                tkr_import_sheet_lookup (r.data, "perception.rank") != NULL
                  ? "perception.rank"
                  : "attributes.perception.rank");
  for (guint i = 0; i < G_N_ELEMENTS (saves); i++)
    {
      g_autofree char *rank_path = g_strdup_printf ("saves.%s.rank", saves[i].key);

      set_modifier (&r, TRUE, saves[i].name, save_values[i], rank_path);
    }
  for (guint i = 0; i < G_N_ELEMENTS (worked_out); i++)
    if (worked_out[i])
      tkr_import_sheet_problem (
        r.problems,
        /* Translators: %s is Perception or a save */
        _ ("The actor states only the proficiency rank of %s: its modifier is worked out from "
           "the rank, the level and the attribute."),
        i == 0 ? "Perception" : saves[i - 1].name);

  /* What else the actor states plainly. */
  for (guint i = 0; i < G_N_ELEMENTS (attributes); i++)
    {
      g_autofree char *path = g_strdup_printf ("abilities.%s.mod", attributes[i].key);

      if (optional_int (&r, (const char *const[]){ path, NULL }, &value))
        set_number (&r, attributes[i].field, value);
    }
  if (optional_int (&r, (const char *const[]){ "attributes.speed.value", NULL }, &value))
    set_number (&r, "speed", value);
  if (optional_int (&r, (const char *const[]){ "attributes.heroPoints.rank", NULL }, &value))
    set_number (&r, "hero_points", value);
  if (optional_int (&r, (const char *const[]){ "details.xp.value", NULL }, &value) &&
      !tkr_character_set_experience (character, NULL, (int) CLAMP (value, 0, 1000000), &refused))
    tkr_import_sheet_problem (r.problems, "%s", refused->message);
  set_text (&r, "ancestry", "details.ancestry.value");
  set_text (&r, "heritage", "details.heritage.value");
  set_text (&r, "background", "details.background.value");
  set_text (&r, "class", "details.class.value");
  return g_steal_pointer (&character);
}
