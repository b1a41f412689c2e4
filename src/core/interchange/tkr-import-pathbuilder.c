/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tkr-file.h"
#include "tkr-import-sheet-private.h"
#include "tkr-item.h"
#include "tkr-types.h"

/* Shared helpers */

JsonNode *
tkr_import_sheet_parse (GBytes *bytes, const char *tool, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *summary = NULL;
  gsize length = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &length) : NULL;
  JsonNode *root;

  root = tkr_file_parse (data != NULL ? data : "", length, &local_error);
  if (root != NULL)
    return root;

  /* The file layer speaks of Turnkeeper files; say which tool's file this
   * was meant to be, and keep its technical detail. */
  g_free (tkr_file_error_get_summary (local_error, &detail));
  if (g_error_matches (local_error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE))
    /* Translators: %s is a program, such as "Pathbuilder 2e" */
    summary = g_strdup_printf (_ ("This file cannot be a %s export: it is too large, or its "
                                  "data is nested far deeper than that program writes."),
                               tool);
  else
    /* Translators: %s is a program, such as "Pathbuilder 2e" */
    summary = g_strdup_printf (_ ("This file cannot be read as a %s export: it is damaged, cut "
                                  "off, or not JSON data at all."),
                               tool);
  if (detail != NULL && *detail != '\0')
    g_set_error (error, TKR_FILE_ERROR, local_error->code, "%s\n\n%s", summary, detail);
  else
    g_set_error_literal (error, TKR_FILE_ERROR, local_error->code, summary);
  return NULL;
}

void
tkr_import_sheet_problem (GPtrArray *problems, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (problems, g_strdup_vprintf (format, args));
  va_end (args);
}

gboolean
tkr_import_sheet_int (JsonNode *node, gboolean text_too, gint64 *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  if (type == G_TYPE_DOUBLE)
    {
      double value = json_node_get_double (node);

      if (!isfinite (value) || value != floor (value) || fabs (value) > 1e9)
        return FALSE;
      *out = (gint64) value;
      return TRUE;
    }
  if (type == G_TYPE_STRING && text_too)
    {
      const char *text = json_node_get_string (node);
      char *end = NULL;
      gint64 value;

      if (text == NULL || *text == '\0' || strlen (text) > 12)
        return FALSE;
      value = g_ascii_strtoll (text, &end, 10);
      if (end == NULL || *end != '\0')
        return FALSE;
      *out = value;
      return TRUE;
    }
  return FALSE;
}

JsonNode *
tkr_import_sheet_lookup (JsonObject *object, const char *path)
{
  g_auto (GStrv) segments = g_strsplit (path, ".", -1);
  JsonNode *node = NULL;

  for (guint i = 0; object != NULL && segments[i] != NULL; i++)
    {
      node = json_object_get_member (object, segments[i]);
      if (node == NULL)
        return NULL;
      object = segments[i + 1] != NULL && JSON_NODE_HOLDS_OBJECT (node)
                 ? json_node_get_object (node)
                 : NULL;
      if (segments[i + 1] != NULL && object == NULL)
        return NULL;
    }
  return node;
}

static const char *
lookup_string (JsonObject *object, const char *path)
{
  JsonNode *node = tkr_import_sheet_lookup (object, path);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* Pathbuilder 2e */

#define TOOL "Pathbuilder 2e"

/* The attribute each save and skill adds (help/C/import.page). */
static const struct
{
  const char *key;  /* in "proficiencies" */
  const char *name; /* on the sheet (rule data "sheet.saves" or "skills") */
  const char *ability;
  gboolean save;
} proficiencies[] = {
  { "perception", "Perception", "wis", FALSE },
  { "fortitude", "Fortitude", "con", TRUE },
  { "reflex", "Reflex", "dex", TRUE },
  { "will", "Will", "wis", TRUE },
  { "acrobatics", "Acrobatics", "dex", FALSE },
  { "arcana", "Arcana", "int", FALSE },
  { "athletics", "Athletics", "str", FALSE },
  { "crafting", "Crafting", "int", FALSE },
  { "deception", "Deception", "cha", FALSE },
  { "diplomacy", "Diplomacy", "cha", FALSE },
  { "intimidation", "Intimidation", "cha", FALSE },
  { "medicine", "Medicine", "wis", FALSE },
  { "nature", "Nature", "wis", FALSE },
  { "occultism", "Occultism", "int", FALSE },
  { "performance", "Performance", "cha", FALSE },
  { "religion", "Religion", "wis", FALSE },
  { "society", "Society", "int", FALSE },
  { "stealth", "Stealth", "dex", FALSE },
  { "survival", "Survival", "wis", FALSE },
  { "thievery", "Thievery", "dex", FALSE },
};

static const struct
{
  const char *key;
  const char *field;
} attribute_fields[] = {
  { "str", "strength" },     { "dex", "dexterity" }, { "con", "constitution" },
  { "int", "intelligence" }, { "wis", "wisdom" },    { "cha", "charisma" },
};

gboolean
tkr_import_pathbuilder_recognizes (JsonNode *root)
{
  JsonObject *object;
  JsonNode *build;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  object = json_node_get_object (root);
  build = json_object_get_member (object, "build");
  return build != NULL && JSON_NODE_HOLDS_OBJECT (build) &&
         json_object_has_member (object, "success");
}

typedef struct
{
  JsonObject *build;
  TkrRules *rules;
  TkrCharacter *character;
  GPtrArray *problems;
  int level;
  int modifiers[G_N_ELEMENTS (attribute_fields)];
} Reader;

static gboolean
missing (GError **error, const char *path, const char *what)
{
  g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
               /* Translators: %s is a key of the file, such as "build.level", then what it
                  should be, such as "a whole number" */
               _ ("This Pathbuilder 2e export cannot be read: “%s” is missing or is not %s."), path,
               what);
  return FALSE;
}

static gboolean
require_int (Reader *r, const char *path, gint64 min, gint64 max, gint64 *out, GError **error)
{
  g_autofree char *full = g_strconcat ("build.", path, NULL);

  if (!tkr_import_sheet_int (tkr_import_sheet_lookup (r->build, path), FALSE, out))
    return missing (error, full, _ ("a whole number"));
  if (*out < min || *out > max)
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                   _ ("This Pathbuilder 2e export cannot be read: “%s” is %lld, not a number "
                      "from %lld to %lld."),
                   full, (long long) *out, (long long) min, (long long) max);
      return FALSE;
    }
  return TRUE;
}

/* An optional whole number: its default when absent, a problem when it is
 * there but not a number. */
static int
optional_int (Reader *r, const char *path, int fallback, int min, int max)
{
  JsonNode *node = tkr_import_sheet_lookup (r->build, path);
  gint64 value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return fallback;
  if (!tkr_import_sheet_int (node, TRUE, &value) || value < min || value > max)
    {
      tkr_import_sheet_problem (r->problems,
                                _ ("“build.%s” is not a number from %d to %d; %d is used."), path,
                                min, max, fallback);
      return fallback;
    }
  return (int) value;
}

static void
set_text (Reader *r, const char *field, const char *path)
{
  const char *text = lookup_string (r->build, path);
  g_autoptr (GError) error = NULL;

  if (text == NULL)
    {
      if (tkr_import_sheet_lookup (r->build, path) != NULL)
        tkr_import_sheet_problem (r->problems, _ ("“build.%s” is not text; it is left empty."),
                                  path);
      return;
    }
  if (!tkr_character_set_text (r->character, NULL, r->rules, field, text, &error))
    tkr_import_sheet_problem (r->problems, "%s", error->message);
}

static void
set_number (Reader *r, const char *field, int value)
{
  g_autoptr (GError) error = NULL;

  if (!tkr_character_set_field (r->character, NULL, r->rules, field, value, &error))
    tkr_import_sheet_problem (r->problems, "%s", error->message);
}

static gboolean
read_attributes (Reader *r, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (attribute_fields); i++)
    {
      g_autofree char *path = g_strconcat ("abilities.", attribute_fields[i].key, NULL);
      gint64 score;

      /* Pathbuilder writes scores (a modifier of +3 is a score of 16). */
      if (!require_int (r, path, 1, 60, &score, error))
        return FALSE;
      r->modifiers[i] = (int) floor ((score - 10) / 2.0);
      set_number (r, attribute_fields[i].field, r->modifiers[i]);
    }
  return TRUE;
}

static int
modifier_of (Reader *r, const char *ability)
{
  for (guint i = 0; i < G_N_ELEMENTS (attribute_fields); i++)
    if (g_strcmp0 (attribute_fields[i].key, ability) == 0)
      return r->modifiers[i];
  return 0;
}

/* Hit Points as Pathbuilder counts them: ancestry HP and bonus HP once,
 * then class HP, the Constitution modifier and bonus HP per level for
 * every level (help/C/import.page). */
static gboolean
read_hit_points (Reader *r, GError **error)
{
  gint64 ancestry, class_hp;
  int bonus = optional_int (r, "attributes.bonushp", 0, 0, 1000);
  int per_level = optional_int (r, "attributes.bonushpPerLevel", 0, 0, 100);
  int con = modifier_of (r, "con");
  int hp;
  g_autoptr (GError) refused = NULL;

  if (!require_int (r, "attributes.ancestryhp", 0, 100, &ancestry, error) ||
      !require_int (r, "attributes.classhp", 0, 100, &class_hp, error))
    return FALSE;
  hp = (int) ancestry + bonus + ((int) class_hp + con + per_level) * r->level;
  hp = MAX (hp, 1);
  if (!tkr_character_edit_pool (r->character, NULL, TKR_POOL_HEALTH, hp, hp, &refused))
    tkr_import_sheet_problem (r->problems, "%s", refused->message);
  return TRUE;
}

static void
set_modifier (Reader *r, gboolean save, const char *name, int value, int rank)
{
  g_autoptr (GError) error = NULL;

  if (!tkr_character_set_modifier (r->character, NULL,
                                   save ? TKR_MODIFIER_KIND_SAVE : TKR_MODIFIER_KIND_SKILL, name,
                                   value, &error) ||
      !tkr_character_set_rank (r->character, NULL, r->rules, name, rank, &error))
    tkr_import_sheet_problem (r->problems, "%s", error->message);
}

/* Proficiency in a Pathbuilder export is the bonus: 0 untrained, 2
 * trained, 4 expert, 6 master, 8 legendary; a trained one adds the level. */
static gboolean
proficiency_rank (gint64 bonus, int *rank)
{
  if (bonus < 0 || bonus > 8 || bonus % 2 != 0)
    return FALSE;
  *rank = (int) bonus / 2;
  return TRUE;
}

static gboolean
read_proficiencies (Reader *r, GError **error)
{
  JsonNode *node = json_object_get_member (r->build, "proficiencies");

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return missing (error, "build.proficiencies", _ ("an object"));
  for (guint i = 0; i < G_N_ELEMENTS (proficiencies); i++)
    {
      g_autofree char *path = g_strconcat ("proficiencies.", proficiencies[i].key, NULL);
      JsonNode *value = tkr_import_sheet_lookup (r->build, path);
      gint64 bonus = 0;
      int rank = 0;

      if (value == NULL)
        tkr_import_sheet_problem (r->problems,
                                  _ ("The export has no “%s”; it counts as untrained."),
                                  proficiencies[i].name);
      else if (!tkr_import_sheet_int (value, FALSE, &bonus) || !proficiency_rank (bonus, &rank))
        {
          tkr_import_sheet_problem (r->problems,
                                    _ ("“build.%s” is not a proficiency (0, 2, 4, 6 or 8); %s "
                                       "counts as untrained."),
                                    path, proficiencies[i].name);
          bonus = 0;
        }
      set_modifier (
        r, proficiencies[i].save, proficiencies[i].name,
        (int) bonus + (bonus > 0 ? r->level : 0) + modifier_of (r, proficiencies[i].ability), rank);
    }
  return TRUE;
}

/* Lores: [["Warfare", 2], ...], an Intelligence skill each. */
static void
read_lores (Reader *r)
{
  JsonNode *node = json_object_get_member (r->build, "lores");
  JsonArray *lores;

  if (node == NULL)
    return;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      tkr_import_sheet_problem (r->problems, _ ("“build.lores” is not a list; no lore is read."));
      return;
    }
  lores = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (lores); i++)
    {
      JsonNode *lore = json_array_get_element (lores, i);
      JsonArray *pair = JSON_NODE_HOLDS_ARRAY (lore) ? json_node_get_array (lore) : NULL;
      JsonNode *name =
        pair && json_array_get_length (pair) >= 2 ? json_array_get_element (pair, 0) : NULL;
      gint64 bonus;
      int rank;
      g_autofree char *skill = NULL;

      if (name == NULL || !JSON_NODE_HOLDS_VALUE (name) ||
          json_node_get_value_type (name) != G_TYPE_STRING ||
          !tkr_import_sheet_int (json_array_get_element (pair, 1), FALSE, &bonus) ||
          !proficiency_rank (bonus, &rank))
        {
          tkr_import_sheet_problem (
            r->problems, _ ("Lore %u is not a name and a proficiency; it is left out."), i + 1);
          continue;
        }
      /* Translators: a Pathfinder 2e lore skill, "Lore: Warfare" */
      skill = g_strdup_printf (_ ("Lore: %s"), json_node_get_string (name));
      set_modifier (r, FALSE, skill,
                    (int) bonus + (bonus > 0 ? r->level : 0) + modifier_of (r, "int"), rank);
    }
}

/* A list of names: each item a text, or a list whose first item is one
 * (feats are ["Power Attack", null, "Class Feat", 1]). */
static void
read_names (Reader *r, const char *key, const char *field, const char *what)
{
  JsonNode *node = json_object_get_member (r->build, key);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) names = NULL;
  g_autoptr (GError) error = NULL;
  guint skipped = 0;
  JsonArray *array;

  if (node == NULL)
    return;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      tkr_import_sheet_problem (r->problems, _ ("“build.%s” is not a list; no %s are read."), key,
                                what);
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_ARRAY (item) && json_array_get_length (json_node_get_array (item)) > 0)
        item = json_array_get_element (json_node_get_array (item), 0);
      if (item != NULL && JSON_NODE_HOLDS_VALUE (item) &&
          json_node_get_value_type (item) == G_TYPE_STRING)
        {
          const char *name = json_node_get_string (item);

          /* "None selected" is Pathbuilder's empty choice. */
          if (*name != '\0' && g_strcmp0 (name, "None selected") != 0)
            g_strv_builder_add (builder, name);
        }
      else
        skipped++;
    }
  if (skipped > 0)
    tkr_import_sheet_problem (
      r->problems,
      g_dngettext (GETTEXT_PACKAGE, "%u entry of “build.%s” is not a name; it is left out.",
                   "%u entries of “build.%s” are not names; they are left out.", skipped),
      skipped, key);
  names = g_strv_builder_end (builder);
  if (names[0] != NULL && !tkr_character_set_list (r->character, NULL, r->rules, field,
                                                   (const char *const *) names, &error))
    tkr_import_sheet_problem (r->problems, "%s", error->message);
}

static void
add_item (Reader *r, const char *name, gint64 quantity)
{
  g_autoptr (TkrItem) item = NULL;
  g_autoptr (GError) error = NULL;

  item = tkr_item_new (name, (int) CLAMP (quantity, 0, 99999));
  if (!tkr_character_add_item (r->character, NULL, item, &error))
    tkr_import_sheet_problem (r->problems, "%s", error->message);
}

/* Equipment ([name, quantity, ...]), weapons and armor ({name, qty}) go
 * to the inventory. */
static void
read_equipment (Reader *r)
{
  static const char *const keys[] = { "weapons", "armor", "equipment" };

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      JsonNode *node = json_object_get_member (r->build, keys[k]);
      JsonArray *array;
      guint skipped = 0;

      if (node == NULL)
        continue;
      if (!JSON_NODE_HOLDS_ARRAY (node))
        {
          tkr_import_sheet_problem (r->problems, _ ("“build.%s” is not a list; it is left out."),
                                    keys[k]);
          continue;
        }
      array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *item = json_array_get_element (array, i);
          const char *name = NULL;
          gint64 quantity = 1;

          if (JSON_NODE_HOLDS_ARRAY (item) &&
              json_array_get_length (json_node_get_array (item)) > 0)
            {
              JsonArray *entry = json_node_get_array (item);
              JsonNode *first = json_array_get_element (entry, 0);

              if (JSON_NODE_HOLDS_VALUE (first) &&
                  json_node_get_value_type (first) == G_TYPE_STRING)
                name = json_node_get_string (first);
              if (json_array_get_length (entry) > 1)
                tkr_import_sheet_int (json_array_get_element (entry, 1), FALSE, &quantity);
            }
          else if (JSON_NODE_HOLDS_OBJECT (item))
            {
              JsonObject *entry = json_node_get_object (item);

              name = lookup_string (entry, "display");
              if (name == NULL || *name == '\0')
                name = lookup_string (entry, "name");
              tkr_import_sheet_int (json_object_get_member (entry, "qty"), FALSE, &quantity);
            }
          if (name == NULL || *name == '\0')
            skipped++;
          else
            add_item (r, name, quantity);
        }
      if (skipped > 0)
        tkr_import_sheet_problem (
          r->problems,
          g_dngettext (GETTEXT_PACKAGE, "%u entry of “build.%s” has no name; it is left out.",
                       "%u entries of “build.%s” have no name; they are left out.", skipped),
          skipped, keys[k]);
    }
}

TkrCharacter *
tkr_import_pathbuilder (GBytes *bytes, GPtrArray **problems, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (TkrCharacter) character = NULL;
  g_autoptr (GError) refused = NULL;
  JsonNode *success, *build;
  const char *name;
  gint64 level, ac;
  Reader r = { 0 };

  g_return_val_if_fail (problems != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  root = tkr_import_sheet_parse (bytes, TOOL, error);
  if (root == NULL)
    return NULL;
  if (!tkr_import_pathbuilder_recognizes (root))
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND,
                           tkr_import_foundry_recognizes (root)
                             ? _ ("This is a Foundry VTT actor, not a Pathbuilder 2e export: "
                                  "import it as a Foundry VTT file.")
                             : _ ("This is not a Pathbuilder 2e export: Pathbuilder’s “Export "
                                  "JSON” writes “success” and a “build” object, and this file "
                                  "has not both."));
      return NULL;
    }
  success = json_object_get_member (json_node_get_object (root), "success");
  if (!JSON_NODE_HOLDS_VALUE (success) || json_node_get_value_type (success) != G_TYPE_BOOLEAN ||
      !json_node_get_boolean (success))
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                           _ ("Pathbuilder 2e says this export did not succeed (“success” is not "
                              "true): export the character again."));
      return NULL;
    }
  build = json_object_get_member (json_node_get_object (root), "build");
  r.build = json_node_get_object (build);

  name = lookup_string (r.build, "name");
  if (name == NULL && json_object_has_member (r.build, "name"))
    {
      missing (error, "build.name", _ ("text"));
      return NULL;
    }
  if (!require_int (&r, "level", 1, 20, &level, error))
    return NULL;
  r.level = (int) level;

  rules = tkr_rules_new_from_resource ("pf2e", error);
  if (rules == NULL)
    return NULL;
  r.rules = rules;
  character = tkr_character_new (rules, TKR_CHARACTER_KIND_PC, _ ("Unnamed Character"));
  /* The sheet's own check of the name: trimmed, not too long. */
  if (name != NULL && *name != '\0' && !tkr_character_rename (character, NULL, name, &refused))
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                   _ ("This Pathbuilder 2e export cannot be read: “build.name”: %s"),
                   refused->message);
      return NULL;
    }
  r.character = character;
  if (*problems == NULL)
    *problems = g_ptr_array_new_with_free_func (g_free);
  r.problems = *problems;

  if (!tkr_character_set_level (character, NULL, r.level, &refused))
    tkr_import_sheet_problem (r.problems, "%s", refused->message);
  if (!read_attributes (&r, error) || !read_hit_points (&r, error) ||
      !read_proficiencies (&r, error) || !require_int (&r, "acTotal.acTotal", 0, 99, &ac, error))
    {
      g_ptr_array_set_size (r.problems, 0);
      return NULL;
    }
  set_number (&r, "armor_class", (int) ac);

  set_text (&r, "ancestry", "ancestry");
  set_text (&r, "heritage", "heritage");
  set_text (&r, "background", "background");
  set_text (&r, "class", "class");
  set_number (&r, "speed",
              optional_int (&r, "attributes.speed", 25, 0, 500) +
                optional_int (&r, "attributes.speedBonus", 0, -500, 500));
  set_number (&r, "platinum", optional_int (&r, "money.pp", 0, 0, 100000));
  set_number (&r, "gold", optional_int (&r, "money.gp", 0, 0, 100000));
  set_number (&r, "silver", optional_int (&r, "money.sp", 0, 0, 100000));
  set_number (&r, "copper", optional_int (&r, "money.cp", 0, 0, 100000));
  if (json_object_has_member (r.build, "xp") &&
      !tkr_character_set_experience (character, NULL, optional_int (&r, "xp", 0, 0, 1000000),
                                     &refused))
    tkr_import_sheet_problem (r.problems, "%s", refused->message);
  /* Focus Points: "focusPoints" in later exports, "focus.focusPoints"
   * in earlier ones. */
  {
    JsonNode *focus = tkr_import_sheet_lookup (r.build, "focusPoints");
    int points = optional_int (&r, focus != NULL ? "focusPoints" : "focus.focusPoints", 0, 0, 3);

    if (!tkr_character_set_pool_field (character, NULL, rules, "focus_points", points, points,
                                       &refused))
      tkr_import_sheet_problem (r.problems, "%s", refused->message);
  }
  read_lores (&r);
  read_names (&r, "feats", "feats", _ ("feats"));
  read_names (&r, "languages", "languages", _ ("languages"));
  read_equipment (&r);
  return g_steal_pointer (&character);
}
