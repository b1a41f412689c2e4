/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-core-resources.h"
#include "tkr-file.h"
#include "tkr-json.h"
#include "tkr-rules-schema-private.h"
#include "tkr-rules.h"

/*
 * The numbers of a rule system live in JSON rule data shipped as a
 * resource (src/core/rules/<id>.json), so a table's variant is a data
 * change, not a C change.
 */

struct _TkrRules
{
  GObject parent_instance;

  JsonNode *root;
  char *id;
  char *name;

  int die_sides;
  int critical_face;
  char *save_name; /* the roll that ends an effect (help/C/effects.page) */
  int save_dc;     /* its usual DC */
  int max_net_advantage;
  int low_max;
  int high_min;

  int beats_per_round;
  gboolean delay; /* a combatant may Delay its turn (help/C/order.page) */
  /* Holding an action instead (help/C/order.page): its name, the action
   * that holds, the resources holding and acting on it spend. */
  gboolean hold;
  char *delay_name;
  char *hold_action;
  char *hold_costs;
  char *hold_acts_with;
  int free_actions_per_turn;

  int improvised_cost;
  GPtrArray *pc_range_names;
  GArray *pc_range_units;
  GStrv range_names;
  GPtrArray *distances;

  int xp_per_level;
  GArray *awards;
  gboolean award_range;
  int min_award;
  int usual_award; /* 0: the first of "awards" */
  int max_award;

  GStrv save_names;
  GStrv skill_names;
  int pool_defaults[TKR_N_POOLS];
  GPtrArray *sheet_fields;
  GPtrArray *sheet_sections;
  GStrv sheet_shows; /* NULL: every part */
  GStrv shown_pools; /* NULL: every pool */
  char *pool_names[TKR_N_POOLS];
  GStrv ranks;

  gboolean rest_spends_recovery;
  gboolean rest_heals_from_vitality;
  gboolean rest_resets_shield;

  GArray *absorbing_pools; /* TkrPoolKind, in the order damage takes them */
  gboolean dying_at_zero;

  GPtrArray *conditions;
  GPtrArray *zones;
  JsonArray *basic_abilities;

  /* The rule system's own section, checked against its schema
   * (tkr-rules-schema.c): dotted path to TkrRuleValue. */
  GHashTable *values;
};

G_DEFINE_FINAL_TYPE (TkrRules, tkr_rules, G_TYPE_OBJECT)

static const char *const pool_ids[TKR_N_POOLS] = {
  "health", "vitality", "shield", "dodge_points", "recoveries", "first_aid_kits",
};

const char *
tkr_pool_kind_to_id (TkrPoolKind pool)
{
  g_return_val_if_fail (pool < TKR_N_POOLS, NULL);
  return pool_ids[pool];
}

const char *
tkr_pool_kind_to_name (TkrPoolKind pool)
{
  const char *msgid = tkr_pool_kind_to_msgid (pool);

  return msgid != NULL ? _ (msgid) : NULL;
}

const char *
tkr_pool_kind_to_msgid (TkrPoolKind pool)
{
  switch (pool)
    {
    case TKR_POOL_HEALTH:
      return N_ ("Health");
    case TKR_POOL_VITALITY:
      return N_ ("Vitality");
    case TKR_POOL_SHIELD:
      return N_ ("Shield");
    case TKR_POOL_DODGE_POINTS:
      return N_ ("Dodge Points");
    case TKR_POOL_RECOVERIES:
      return N_ ("Recoveries");
    case TKR_POOL_FIRST_AID_KITS:
      return N_ ("First Aid Kits");
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
tkr_rules_translate (const char *text)
{
  if (text == NULL || *text == '\0')
    return text;
  return g_dgettext (GETTEXT_PACKAGE, text);
}

gboolean
tkr_pool_kind_from_id (const char *id, TkrPoolKind *pool)
{
  for (int i = 0; i < TKR_N_POOLS; i++)
    if (g_strcmp0 (id, pool_ids[i]) == 0)
      {
        if (pool != NULL)
          *pool = i;
        return TRUE;
      }
  return FALSE;
}

static void
condition_info_free (gpointer data)
{
  TkrConditionInfo *info = data;

  g_free (info->id);
  g_free (info->name);
  g_free (info->description);
  g_free (info);
}

static void
zone_info_free (gpointer data)
{
  TkrZoneInfo *info = data;

  g_free (info->id);
  g_free (info->name);
  g_free (info->description);
  g_free (info);
}

static void
sheet_field_info_free (gpointer data)
{
  TkrSheetFieldInfo *info = data;

  g_free (info->id);
  g_free (info->name);
  g_free (info->description);
  g_free (info->choices);
  g_strfreev (info->labels);
  g_free (info->section);
  g_free (info);
}

static void
sheet_section_info_free (gpointer data)
{
  TkrSheetSectionInfo *info = data;

  g_free (info->id);
  g_free (info->name);
  g_free (info->description);
  g_free (info);
}

static void
distance_info_free (gpointer data)
{
  TkrDistanceInfo *info = data;

  g_free (info->id);
  g_free (info->name);
  g_free (info);
}

static void
tkr_rules_finalize (GObject *object)
{
  TkrRules *self = TKR_RULES (object);

  g_clear_pointer (&self->root, json_node_unref);
  g_free (self->id);
  g_free (self->name);
  g_free (self->save_name);
  g_free (self->delay_name);
  g_free (self->hold_action);
  g_free (self->hold_costs);
  g_free (self->hold_acts_with);
  g_clear_pointer (&self->pc_range_names, g_ptr_array_unref);
  g_clear_pointer (&self->pc_range_units, g_array_unref);
  g_clear_pointer (&self->absorbing_pools, g_array_unref);
  g_strfreev (self->range_names);
  g_clear_pointer (&self->distances, g_ptr_array_unref);
  g_clear_pointer (&self->awards, g_array_unref);
  g_strfreev (self->save_names);
  g_strfreev (self->skill_names);
  g_clear_pointer (&self->sheet_fields, g_ptr_array_unref);
  g_clear_pointer (&self->sheet_sections, g_ptr_array_unref);
  g_strfreev (self->sheet_shows);
  g_strfreev (self->shown_pools);
  for (guint i = 0; i < TKR_N_POOLS; i++)
    g_free (self->pool_names[i]);
  g_strfreev (self->ranks);
  g_clear_pointer (&self->conditions, g_ptr_array_unref);
  g_clear_pointer (&self->zones, g_ptr_array_unref);
  g_clear_pointer (&self->values, g_hash_table_unref);

  G_OBJECT_CLASS (tkr_rules_parent_class)->finalize (object);
}

static void
tkr_rules_class_init (TkrRulesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tkr_rules_finalize;
}

static void
tkr_rules_init (TkrRules *self)
{
  self->pc_range_names = g_ptr_array_new_with_free_func (g_free);
  self->pc_range_units = g_array_new (FALSE, FALSE, sizeof (int));
  self->absorbing_pools = g_array_new (FALSE, FALSE, sizeof (TkrPoolKind));
  self->distances = g_ptr_array_new_with_free_func (distance_info_free);
  self->awards = g_array_new (FALSE, FALSE, sizeof (int));
  self->sheet_fields = g_ptr_array_new_with_free_func (sheet_field_info_free);
  self->sheet_sections = g_ptr_array_new_with_free_func (sheet_section_info_free);
  self->conditions = g_ptr_array_new_with_free_func (condition_info_free);
  self->zones = g_ptr_array_new_with_free_func (zone_info_free);
}

static gboolean
read_int (JsonObject *object,
          const char *member,
          const char *path,
          int min,
          int max,
          int *out,
          GError **error)
{
  gint64 value;

  if (!tkr_json_get_int (object, member, path, TRUE, min, max, 0, &value, error))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

static GStrv
read_names (JsonArray *array, const char *path, GError **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; array && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        {
          g_autofree char *item_path = tkr_json_path_index (path, i);
          tkr_json_set_error (error, item_path, _ ("expected text"));
          return NULL;
        }
      g_strv_builder_add (builder, json_node_get_string (node));
    }
  return g_strv_builder_end (builder);
}

/* The most Experience Points one award may give, in any rule system. */
#define MAX_AWARD 1000000

static gboolean
read_optional_award (JsonObject *experience, const char *member, int *out, GError **error)
{
  gint64 value;

  if (!tkr_json_get_int (experience, member, "experience", FALSE, 1, MAX_AWARD, 0, &value, error))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

/* Bounds of a sheet field's numbers, wide enough for any rule system. */
#define SHEET_FIELD_MIN (-100000)
#define SHEET_FIELD_MAX 100000
#define SHEET_FIELD_MAX_CHOICES 100
/* The longest text, and the most lines of a list, a field may declare. */
#define TKR_SHEET_TEXT_MAX 10000

/* A field id is what files store, so it is plain: a-z, 0-9 and "_". */
static gboolean
is_field_id (const char *id)
{
  if (id == NULL || *id == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
read_field_choices (TkrSheetFieldInfo *info, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *choices_path = tkr_json_path (path, "choices");
  JsonArray *choices, *labels;
  guint n;

  if (!tkr_json_get_array (object, "choices", path, FALSE, &choices, error) ||
      !tkr_json_get_array (object, "labels", path, FALSE, &labels, error))
    return FALSE;
  if (choices == NULL)
    {
      if (labels != NULL)
        {
          g_autofree char *labels_path = tkr_json_path (path, "labels");
          tkr_json_set_error (error, labels_path, _ ("labels need a list of choices"));
          return FALSE;
        }
      return TRUE;
    }

  n = json_array_get_length (choices);
  if (n == 0 || n > SHEET_FIELD_MAX_CHOICES)
    {
      tkr_json_set_error (error, choices_path, _ ("expected 1 to %d choices"),
                          SHEET_FIELD_MAX_CHOICES);
      return FALSE;
    }
  info->choices = g_new0 (int, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item_path = tkr_json_path_index (choices_path, i);
      JsonNode *node = json_array_get_element (choices, i);
      gint64 value;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
        {
          tkr_json_set_error (error, item_path, _ ("expected a whole number"));
          return FALSE;
        }
      value = json_node_get_int (node);
      if (value < info->min || value > info->max)
        {
          g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, value);

          /* Translators: the first %s is a number */
          tkr_json_set_error (error, item_path, _ ("%s is not from %d to %d"), number, info->min,
                              info->max);
          return FALSE;
        }
      for (guint j = 0; j < info->n_choices; j++)
        if (info->choices[j] == value)
          {
            tkr_json_set_error (error, item_path, _ ("%d is listed twice"), (int) value);
            return FALSE;
          }
      info->choices[info->n_choices++] = (int) value;
    }

  if (labels != NULL)
    {
      g_autofree char *labels_path = tkr_json_path (path, "labels");

      if (json_array_get_length (labels) != n)
        {
          tkr_json_set_error (error, labels_path,
                              _ ("expected one label for each of the %u choices"), n);
          return FALSE;
        }
      info->labels = read_names (labels, labels_path, error);
      if (info->labels == NULL)
        return FALSE;
    }
  return TRUE;
}

static const char *const field_kinds[] = {
  "number", "modifier", "pool", "choice", "text", "list", NULL,
};

/* The parts of a sheet every system has, which "sheet.shows" picks from. */
static const char *const sheet_parts[] = {
  "level",     "experience", "archetypes", "pools",  "saves", "skills", "ranges",
  "abilities", "conditions", "inventory",  "wealth", "notes", NULL,
};

static gboolean
has_section (TkrRules *self, const char *id)
{
  for (guint i = 0; i < self->sheet_sections->len; i++)
    if (g_strcmp0 (((TkrSheetSectionInfo *) self->sheet_sections->pdata[i])->id, id) == 0)
      return TRUE;
  return FALSE;
}

/* The ids a field stores under: its own, and a pool's maximum. */
static gboolean
field_ids_clash (const TkrSheetFieldInfo *a, const TkrSheetFieldInfo *b)
{
  g_autofree char *a_max = g_strconcat (a->id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);
  g_autofree char *b_max = g_strconcat (b->id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);

  return g_strcmp0 (a->id, b->id) == 0 ||
         (a->kind == TKR_SHEET_FIELD_POOL && g_strcmp0 (a_max, b->id) == 0) ||
         (b->kind == TKR_SHEET_FIELD_POOL && g_strcmp0 (b_max, a->id) == 0);
}

/* "sheet.sections", "shows", "shown_pools", "pool_names" and "ranks": how
 * the system's sheet is laid out; each optional, the Kleptonomicon's sheet
 * needing none of them. */
static gboolean
read_sheet_layout (TkrRules *self, JsonObject *sheet, GError **error)
{
  JsonArray *array;
  JsonObject *names;

  if (!tkr_json_get_array (sheet, "sections", "sheet", FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *path = tkr_json_path_index ("sheet.sections", i);
      JsonObject *object = tkr_json_require_object (json_array_get_element (array, i), path, error);
      TkrSheetSectionInfo *info;

      if (object == NULL)
        return FALSE;
      info = g_new0 (TkrSheetSectionInfo, 1);
      if (!tkr_json_get_string (object, "id", path, TRUE, NULL, &info->id, error) ||
          !tkr_json_get_string (object, "name", path, TRUE, NULL, &info->name, error) ||
          !tkr_json_get_string (object, "description", path, FALSE, "", &info->description, error))
        {
          sheet_section_info_free (info);
          return FALSE;
        }
      if (!is_field_id (info->id) || has_section (self, info->id))
        {
          g_autofree char *id_path = tkr_json_path (path, "id");
          tkr_json_set_error (error, id_path, _ ("“%s” is not a new section id"), info->id);
          sheet_section_info_free (info);
          return FALSE;
        }
      g_ptr_array_add (self->sheet_sections, info);
    }

  if (!tkr_json_get_array (sheet, "shows", "sheet", FALSE, &array, error))
    return FALSE;
  if (array != NULL)
    {
      if (!(self->sheet_shows = read_names (array, "sheet.shows", error)))
        return FALSE;
      for (guint i = 0; self->sheet_shows[i] != NULL; i++)
        if (!g_strv_contains (sheet_parts, self->sheet_shows[i]))
          {
            g_autofree char *item_path = tkr_json_path_index ("sheet.shows", i);
            tkr_json_set_error (error, item_path, _ ("“%s” is not a part of a sheet"),
                                self->sheet_shows[i]);
            return FALSE;
          }
    }

  if (!tkr_json_get_array (sheet, "shown_pools", "sheet", FALSE, &array, error))
    return FALSE;
  if (array != NULL)
    {
      if (!(self->shown_pools = read_names (array, "sheet.shown_pools", error)))
        return FALSE;
      for (guint i = 0; self->shown_pools[i] != NULL; i++)
        if (!tkr_pool_kind_from_id (self->shown_pools[i], NULL))
          {
            g_autofree char *item_path = tkr_json_path_index ("sheet.shown_pools", i);
            tkr_json_set_error (error, item_path, _ ("“%s” is not a pool"), self->shown_pools[i]);
            return FALSE;
          }
    }

  if (!tkr_json_get_object (sheet, "pool_names", "sheet", FALSE, &names, error))
    return FALSE;
  for (guint i = 0; names != NULL && i < TKR_N_POOLS; i++)
    if (!tkr_json_get_string (names, pool_ids[i], "sheet.pool_names", FALSE, NULL,
                              &self->pool_names[i], error))
      return FALSE;

  if (!tkr_json_get_array (sheet, "ranks", "sheet", FALSE, &array, error))
    return FALSE;
  if (array != NULL && !(self->ranks = read_names (array, "sheet.ranks", error)))
    return FALSE;
  return TRUE;
}

/* "sheet.fields": the numbers a rule system keeps on the sheet beside the
 * saves and skills (the Action-Point Finesse Die, the d20 speeds...). */
static gboolean
read_sheet_fields (TkrRules *self, JsonObject *sheet, GError **error)
{
  JsonArray *array;

  if (!tkr_json_get_array (sheet, "fields", "sheet", FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array && i < json_array_get_length (array); i++)
    {
      g_autofree char *path = tkr_json_path_index ("sheet.fields", i);
      JsonObject *object = tkr_json_require_object (json_array_get_element (array, i), path, error);
      TkrSheetFieldInfo *info;
      int min = 0, max = 0, kind;
      gint64 value;

      if (object == NULL)
        return FALSE;
      info = g_new0 (TkrSheetFieldInfo, 1);
      g_ptr_array_add (self->sheet_fields, info);
      if (!tkr_json_get_string (object, "id", path, TRUE, NULL, &info->id, error) ||
          !tkr_json_get_string (object, "name", path, TRUE, NULL, &info->name, error) ||
          !tkr_json_get_string (object, "description", path, FALSE, "", &info->description,
                                error) ||
          !tkr_json_get_enum (object, "kind", path, FALSE, field_kinds, TKR_SHEET_FIELD_NUMBER,
                              &kind, error) ||
          !tkr_json_get_string (object, "section", path, FALSE, NULL, &info->section, error) ||
          !tkr_json_get_bool (object, "encounter", path, FALSE, FALSE, &info->encounter, error))
        return FALSE;
      info->kind = kind;
      if (info->section != NULL && !has_section (self, info->section))
        {
          g_autofree char *section_path = tkr_json_path (path, "section");
          tkr_json_set_error (error, section_path, _ ("“%s” is not one of “sheet.sections”"),
                              info->section);
          return FALSE;
        }
      if (kind == TKR_SHEET_FIELD_TEXT || kind == TKR_SHEET_FIELD_LIST)
        {
          /* Texts hold at most "max" characters, lists at most "max" lines. */
          gint64 longest;

          if (!tkr_json_get_int (object, "max", path, FALSE, 1, TKR_SHEET_TEXT_MAX,
                                 kind == TKR_SHEET_FIELD_TEXT ? 200 : 500, &longest, error))
            return FALSE;
          info->max = (int) longest;
        }
      else if (!read_int (object, "min", path, SHEET_FIELD_MIN, SHEET_FIELD_MAX, &min, error) ||
               !read_int (object, "max", path, SHEET_FIELD_MIN, SHEET_FIELD_MAX, &max, error))
        return FALSE;
      if (!is_field_id (info->id))
        {
          g_autofree char *id_path = tkr_json_path (path, "id");
          tkr_json_set_error (error, id_path,
                              _ ("“%s” is not a field id (lower-case letters, digits and “_”)"),
                              info->id);
          return FALSE;
        }
      for (guint j = 0; j + 1 < self->sheet_fields->len; j++)
        if (field_ids_clash (self->sheet_fields->pdata[j], info))
          {
            g_autofree char *id_path = tkr_json_path (path, "id");
            tkr_json_set_error (error, id_path, _ ("“%s” is listed twice"), info->id);
            return FALSE;
          }
      if (kind == TKR_SHEET_FIELD_TEXT || kind == TKR_SHEET_FIELD_LIST)
        continue;
      if (min > max)
        {
          g_autofree char *max_path = tkr_json_path (path, "max");
          tkr_json_set_error (error, max_path, _ ("the maximum %d is less than the minimum %d"),
                              max, min);
          return FALSE;
        }
      info->min = min;
      info->max = max;
      if (!tkr_json_get_int (object, "default", path, TRUE, min, max, 0, &value, error) ||
          !read_field_choices (info, object, path, error))
        return FALSE;
      info->default_value = (int) value;
      if ((kind == TKR_SHEET_FIELD_CHOICE) != (info->n_choices > 0) &&
          json_object_has_member (object, "kind"))
        {
          g_autofree char *kind_path = tkr_json_path (path, "kind");
          tkr_json_set_error (error, kind_path, _ ("only a choice has a list of choices"));
          return FALSE;
        }
      if (info->n_choices > 0)
        info->kind = TKR_SHEET_FIELD_CHOICE;
      if (!tkr_sheet_field_info_accepts (info, info->default_value))
        {
          g_autofree char *default_path = tkr_json_path (path, "default");
          tkr_json_set_error (error, default_path, _ ("%d is not one of the choices"),
                              info->default_value);
          return FALSE;
        }
    }
  return TRUE;
}

/* "health": the pools damage takes before Health, and what 0 Health is
 * (docs/ARCHITECTURE.md, "Health"). */
static gboolean
read_health (TkrRules *self, JsonObject *root, JsonObject **health, GError **error)
{
  static const char *const at_zero[] = { "down", "dying", NULL };
  JsonArray *array;
  int dying;

  if (!tkr_json_get_object (root, "health", NULL, TRUE, health, error) ||
      !tkr_json_get_array (*health, "absorbed_by", "health", TRUE, &array, error) ||
      !tkr_json_get_enum (*health, "at_zero", "health", TRUE, at_zero, 0, &dying, error))
    return FALSE;
  self->dying_at_zero = dying == 1;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *id = JSON_NODE_HOLDS_VALUE (element) ? json_node_get_string (element) : NULL;
      TkrPoolKind pool;

      if (id == NULL || !tkr_pool_kind_from_id (id, &pool) || pool == TKR_POOL_HEALTH)
        {
          g_autofree char *path = tkr_json_path_index ("health.absorbed_by", i);
          tkr_json_set_error (error, path, _ ("expected the id of a pool other than Health"));
          return FALSE;
        }
      g_array_append_val (self->absorbing_pools, pool);
    }
  return TRUE;
}

static gboolean
parse_rules (TkrRules *self, JsonObject *root, GError **error)
{
  JsonObject *test, *round, *movement, *experience, *sheet, *pools, *rest, *health;
  JsonArray *array;
  gint64 save_dc;

  if (!tkr_json_get_string (root, "id", NULL, TRUE, NULL, &self->id, error) ||
      !tkr_json_get_string (root, "name", NULL, TRUE, NULL, &self->name, error))
    return FALSE;

  if (!tkr_json_get_object (root, "test", NULL, TRUE, &test, error) ||
      !read_int (test, "die", "test", 2, 1000, &self->die_sides, error) ||
      !read_int (test, "critical_face", "test", 1, 1000, &self->critical_face, error) ||
      !read_int (test, "max_net_advantage", "test", 0, 10, &self->max_net_advantage, error) ||
      !read_int (test, "low_max", "test", -1000, 1000, &self->low_max, error) ||
      !read_int (test, "high_min", "test", -1000, 1000, &self->high_min, error) ||
      !tkr_json_get_string (test, "save_name", "test", FALSE, "Test", &self->save_name, error) ||
      !tkr_json_get_int (test, "save_dc", "test", FALSE, 1, 1000, 10, &save_dc, error))
    return FALSE;
  self->save_dc = (int) save_dc;
  if (self->high_min <= self->low_max + 1)
    {
      tkr_json_set_error (error, "test", _ ("the Mixed range is empty"));
      return FALSE;
    }

  if (!tkr_json_get_object (root, "round", NULL, TRUE, &round, error) ||
      !read_int (round, "beats_per_round", "round", 0, 100, &self->beats_per_round, error) ||
      !read_int (round, "free_actions_per_turn", "round", 0, 100, &self->free_actions_per_turn,
                 error) ||
      !tkr_json_get_bool (round, "delay", "round", FALSE, FALSE, &self->delay, error) ||
      !tkr_json_get_bool (round, "hold", "round", FALSE, FALSE, &self->hold, error) ||
      !tkr_json_get_string (round, "delay_name", "round", FALSE, "Delay", &self->delay_name,
                            error) ||
      !tkr_json_get_string (round, "hold_action", "round", self->hold, NULL, &self->hold_action,
                            error) ||
      !tkr_json_get_string (round, "hold_costs", "round", self->hold, NULL, &self->hold_costs,
                            error) ||
      !tkr_json_get_string (round, "hold_acts_with", "round", self->hold, NULL,
                            &self->hold_acts_with, error))
    return FALSE;
  if (self->delay && self->hold)
    {
      tkr_json_set_error (error, "round", _ ("a turn is either delayed or held, not both"));
      return FALSE;
    }

  if (!tkr_json_get_object (root, "movement", NULL, TRUE, &movement, error) ||
      !read_int (movement, "improvised_cost", "movement", 1, 100, &self->improvised_cost, error) ||
      !tkr_json_get_array (movement, "pc_ranges", "movement", TRUE, &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = tkr_json_path_index ("movement.pc_ranges", i);
      JsonObject *range = tkr_json_require_object (json_array_get_element (array, i), path, error);
      char *name;
      int units;

      if (range == NULL || !tkr_json_get_string (range, "name", path, TRUE, NULL, &name, error))
        return FALSE;
      g_ptr_array_add (self->pc_range_names, name);
      if (!read_int (range, "units", path, 0, 10000, &units, error))
        return FALSE;
      g_array_append_val (self->pc_range_units, units);
    }
  if (!tkr_json_get_array (movement, "range_names", "movement", TRUE, &array, error) ||
      !(self->range_names = read_names (array, "movement.range_names", error)))
    return FALSE;

  if (!tkr_json_get_array (root, "distances", NULL, TRUE, &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = tkr_json_path_index ("distances", i);
      JsonObject *object = tkr_json_require_object (json_array_get_element (array, i), path, error);
      TkrDistanceInfo *info;

      if (object == NULL)
        return FALSE;
      info = g_new0 (TkrDistanceInfo, 1);
      g_ptr_array_add (self->distances, info);
      if (!tkr_json_get_string (object, "id", path, TRUE, NULL, &info->id, error) ||
          !tkr_json_get_string (object, "name", path, TRUE, NULL, &info->name, error) ||
          !read_int (object, "units", path, 0, 100000, &info->units, error))
        return FALSE;
    }

  if (!tkr_json_get_object (root, "experience", NULL, TRUE, &experience, error) ||
      !read_int (experience, "xp_per_level", "experience", 1, 100000, &self->xp_per_level, error) ||
      !tkr_json_get_array (experience, "awards", "experience", TRUE, &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = tkr_json_path_index ("experience.awards", i);
      JsonNode *node = json_array_get_element (array, i);
      int award;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64 ||
          json_node_get_int (node) < 1 || json_node_get_int (node) > MAX_AWARD)
        {
          tkr_json_set_error (error, path, _ ("expected a whole number from 1 to %d"), MAX_AWARD);
          return FALSE;
        }
      award = (int) json_node_get_int (node);
      g_array_append_val (self->awards, award);
    }
  /* "min_award" and "max_award", together: any amount in that range is an
   * award, beside the amounts "awards" offers (the d20 system and
   * Pathfinder let the GM award any amount). */
  if (!read_optional_award (experience, "min_award", &self->min_award, error) ||
      !read_optional_award (experience, "max_award", &self->max_award, error) ||
      !read_optional_award (experience, "usual_award", &self->usual_award, error))
    return FALSE;
  self->award_range = self->min_award != 0 || self->max_award != 0;
  if (self->award_range && (self->min_award == 0 || self->max_award < self->min_award))
    {
      tkr_json_set_error (error, "experience",
                          _ ("“min_award” and “max_award” go together, the least first"));
      return FALSE;
    }
  if (self->usual_award > 0 && !tkr_rules_is_valid_award (self, self->usual_award))
    {
      tkr_json_set_error (error, "experience.usual_award",
                          _ ("the usual award must be one these rules allow"));
      return FALSE;
    }

  if (!tkr_json_get_object (root, "sheet", NULL, TRUE, &sheet, error) ||
      !tkr_json_get_array (sheet, "saves", "sheet", TRUE, &array, error) ||
      !(self->save_names = read_names (array, "sheet.saves", error)) ||
      !tkr_json_get_array (sheet, "skills", "sheet", TRUE, &array, error) ||
      !(self->skill_names = read_names (array, "sheet.skills", error)) ||
      !tkr_json_get_object (sheet, "pools", "sheet", TRUE, &pools, error))
    return FALSE;
  for (int i = 0; i < TKR_N_POOLS; i++)
    if (!read_int (pools, pool_ids[i], "sheet.pools", 0, 100000, &self->pool_defaults[i], error))
      return FALSE;
  if (!read_sheet_layout (self, sheet, error) || !read_sheet_fields (self, sheet, error))
    return FALSE;

  if (!tkr_json_get_object (root, "rest", NULL, TRUE, &rest, error) ||
      !tkr_json_get_bool (rest, "spends_recovery", "rest", TRUE, TRUE, &self->rest_spends_recovery,
                          error) ||
      !tkr_json_get_bool (rest, "heal_from_vitality", "rest", TRUE, TRUE,
                          &self->rest_heals_from_vitality, error) ||
      !tkr_json_get_bool (rest, "reset_shield", "rest", TRUE, TRUE, &self->rest_resets_shield,
                          error))
    return FALSE;

  if (!read_health (self, root, &health, error))
    return FALSE;

  if (!tkr_json_get_array (root, "conditions", NULL, TRUE, &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      static const char *const kinds[] = { "fleeting", "persistent", "temporary", NULL };
      g_autofree char *path = tkr_json_path_index ("conditions", i);
      g_autofree char *clears = NULL;
      JsonObject *object = tkr_json_require_object (json_array_get_element (array, i), path, error);
      TkrConditionInfo *info;
      int kind;

      if (object == NULL)
        return FALSE;
      info = g_new0 (TkrConditionInfo, 1);
      g_ptr_array_add (self->conditions, info);
      if (!tkr_json_get_string (object, "id", path, TRUE, NULL, &info->id, error) ||
          !tkr_json_get_string (object, "name", path, TRUE, NULL, &info->name, error) ||
          !tkr_json_get_string (object, "description", path, FALSE, "", &info->description,
                                error) ||
          !tkr_json_get_enum (object, "kind", path, TRUE, kinds, 0, &kind, error) ||
          !read_int (object, "max_stacks", path, 1, 100, &info->max_stacks, error) ||
          !tkr_json_get_string (object, "clears", path, FALSE, NULL, &clears, error))
        return FALSE;
      info->kind = kind;
      info->clears_only_at_episode_end = g_strcmp0 (clears, "episode") == 0;
    }

  if (!tkr_json_get_array (root, "zones", NULL, TRUE, &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = tkr_json_path_index ("zones", i);
      JsonObject *object = tkr_json_require_object (json_array_get_element (array, i), path, error);
      TkrZoneInfo *info;

      if (object == NULL)
        return FALSE;
      info = g_new0 (TkrZoneInfo, 1);
      g_ptr_array_add (self->zones, info);
      if (!tkr_json_get_string (object, "id", path, TRUE, NULL, &info->id, error) ||
          !tkr_json_get_string (object, "name", path, TRUE, NULL, &info->name, error) ||
          !tkr_json_get_string (object, "description", path, FALSE, "", &info->description,
                                error) ||
          !read_int (object, "max_stacks", path, 1, 100, &info->max_stacks, error))
        return FALSE;
    }

  if (!tkr_json_get_array (root, "basic_abilities", NULL, FALSE, &self->basic_abilities, error))
    return FALSE;

  return TRUE;
}

TkrRules *
tkr_rules_new_from_json (JsonNode *root, GError **error)
{
  g_autoptr (TkrRules) self = g_object_new (TKR_TYPE_RULES, NULL);
  JsonObject *object;

  object = tkr_file_check_header (root, "turnkeeper-rules", 1, NULL, error);
  if (object == NULL)
    return NULL;

  self->root = json_node_ref (root);
  if (!parse_rules (self, object, error))
    return NULL;
  /* After the shared sections: the schema may refer to them (a pf2e
   * condition named in its own section must be in "conditions"). */
  self->values = tkr_rules_schema_check (self->id, object, error);
  if (self->values == NULL)
    return NULL;
  return g_steal_pointer (&self);
}

TkrRules *
tkr_rules_new_from_resource (const char *system_id, GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (JsonNode) root = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (system_id != NULL, NULL);

  /* Referencing the bundle pulls it out of the static library, and with it
   * the constructor that registers it. */
  (void) tkr_core_get_resource ();

  path = g_strdup_printf ("/io/github/turnkeeper/Turnkeeper/rules/%s.json", system_id);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_UNKNOWN_SYSTEM,
                   _ ("There is no rule system called “%s”"), system_id);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &length);
  root = tkr_file_parse (data, length, error);
  if (root == NULL)
    return NULL;
  return tkr_rules_new_from_json (root, error);
}

/**
 * tkr_rules_get_default:
 *
 * Returns: (transfer none): the Kleptonomicon's rule data, loaded once.
 */
TkrRules *
tkr_rules_get_default (void)
{
  static TkrRules *rules;
  static gsize loaded_once;

  if (g_once_init_enter (&loaded_once))
    {
      g_autoptr (GError) error = NULL;
      TkrRules *loaded = tkr_rules_new_from_resource ("kleptonomicon", &error);

      /* The default rule data is compiled into the program; failing to read
       * it is a build error, not a user error. */
      if (loaded == NULL)
        g_error ("Cannot load the built-in rule data: %s", error->message);
      rules = loaded;
      g_once_init_leave (&loaded_once, 1);
    }
  return rules;
}

const char *
tkr_rules_get_id (TkrRules *self)
{
  return self->id;
}

const char *
tkr_rules_get_name (TkrRules *self)
{
  return self->name;
}

int
tkr_rules_get_die_sides (TkrRules *self)
{
  return self->die_sides;
}

int
tkr_rules_get_critical_face (TkrRules *self)
{
  return self->critical_face;
}

const char *
tkr_rules_get_save_name (TkrRules *self)
{
  return tkr_rules_translate (self->save_name);
}

int
tkr_rules_get_save_dc (TkrRules *self)
{
  return self->save_dc;
}

int
tkr_rules_get_max_net_advantage (TkrRules *self)
{
  return self->max_net_advantage;
}

int
tkr_rules_get_low_max (TkrRules *self)
{
  return self->low_max;
}

int
tkr_rules_get_high_min (TkrRules *self)
{
  return self->high_min;
}

/* Score ranges (SRD glossary): Low up to 6, Mixed 7 to 9, High 10 or more. */
TkrScoreRange
tkr_rules_classify (TkrRules *self, int score)
{
  if (score <= self->low_max)
    return TKR_SCORE_RANGE_LOW;
  if (score >= self->high_min)
    return TKR_SCORE_RANGE_HIGH;
  return TKR_SCORE_RANGE_MIXED;
}

int
tkr_rules_get_beats_per_round (TkrRules *self)
{
  return self->beats_per_round;
}

int
tkr_rules_get_free_actions_per_turn (TkrRules *self)
{
  return self->free_actions_per_turn;
}

gboolean
tkr_rules_get_delay (TkrRules *self)
{
  return self->delay;
}

gboolean
tkr_rules_get_hold (TkrRules *self)
{
  return self->hold;
}

const char *
tkr_rules_get_delay_name (TkrRules *self)
{
  return tkr_rules_translate (self->delay_name);
}

const char *
tkr_rules_get_save_msgid (TkrRules *self)
{
  return self->save_name;
}

const char *
tkr_rules_get_delay_msgid (TkrRules *self)
{
  return self->delay_name;
}

const char *
tkr_rules_get_hold_action (TkrRules *self)
{
  return self->hold_action;
}

const char *
tkr_rules_get_hold_costs (TkrRules *self)
{
  return self->hold_costs;
}

const char *
tkr_rules_get_hold_acts_with (TkrRules *self)
{
  return self->hold_acts_with;
}

int
tkr_rules_get_improvised_cost (TkrRules *self)
{
  return self->improvised_cost;
}

guint
tkr_rules_get_n_pc_ranges (TkrRules *self)
{
  return self->pc_range_names->len;
}

const char *
tkr_rules_get_pc_range (TkrRules *self, guint index, int *units)
{
  g_return_val_if_fail (index < self->pc_range_names->len, NULL);
  if (units)
    *units = g_array_index (self->pc_range_units, int, index);
  return g_ptr_array_index (self->pc_range_names, index);
}

const char *const *
tkr_rules_get_range_names (TkrRules *self)
{
  return (const char *const *) self->range_names;
}

guint
tkr_rules_get_n_distances (TkrRules *self)
{
  return self->distances->len;
}

const TkrDistanceInfo *
tkr_rules_get_distance (TkrRules *self, guint index)
{
  g_return_val_if_fail (index < self->distances->len, NULL);
  return g_ptr_array_index (self->distances, index);
}

int
tkr_rules_lookup_distance (TkrRules *self, const char *id)
{
  for (guint i = 0; i < self->distances->len; i++)
    {
      const TkrDistanceInfo *info = g_ptr_array_index (self->distances, i);

      if (g_ascii_strcasecmp (info->id, id) == 0 || g_ascii_strcasecmp (info->name, id) == 0)
        return info->units;
    }
  return -1;
}

int
tkr_rules_get_xp_per_level (TkrRules *self)
{
  return self->xp_per_level;
}

gboolean
tkr_rules_is_valid_award (TkrRules *self, int xp)
{
  return tkr_rules_check_award (self, xp, NULL);
}

const int *
tkr_rules_get_awards (TkrRules *self, guint *n)
{
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  g_return_val_if_fail (n != NULL, NULL);
  *n = self->awards->len;
  return (const int *) (gpointer) self->awards->data;
}

int
tkr_rules_get_usual_award (TkrRules *self)
{
  g_return_val_if_fail (TKR_IS_RULES (self), 0);
  if (self->usual_award > 0)
    return self->usual_award;
  return self->awards->len > 0 ? g_array_index (self->awards, int, 0) : self->min_award;
}

gboolean
tkr_rules_get_award_range (TkrRules *self, int *min_award, int *max_award)
{
  g_return_val_if_fail (TKR_IS_RULES (self), FALSE);
  if (min_award != NULL)
    *min_award = self->min_award;
  if (max_award != NULL)
    *max_award = self->max_award;
  return self->award_range;
}

/* The least and the greatest award the GM may give: the range's ends, or
 * the least and the greatest of the listed amounts. */
void
tkr_rules_get_award_bounds (TkrRules *self, int *lowest, int *highest)
{
  int low = G_MAXINT, high = 0;

  g_return_if_fail (TKR_IS_RULES (self));

  if (self->award_range)
    {
      low = self->min_award;
      high = self->max_award;
    }
  for (guint i = 0; i < self->awards->len; i++)
    {
      low = MIN (low, g_array_index (self->awards, int, i));
      high = MAX (high, g_array_index (self->awards, int, i));
    }
  if (high == 0) /* no amount at all: the loader refuses such rules */
    low = high = 1;
  if (lowest != NULL)
    *lowest = low;
  if (highest != NULL)
    *highest = high;
}

/* The rule data's "experience" section says which awards the GM may give:
 * any amount from "min_award" to "max_award" when it has them, else one
 * of the amounts in "awards" (Kleptonomicon, seed 000: 1 XP, sometimes 2). */
gboolean
tkr_rules_check_award (TkrRules *self, int xp, GError **error)
{
  g_autoptr (GString) amounts = NULL;

  g_return_val_if_fail (TKR_IS_RULES (self), FALSE);

  if (self->award_range && xp >= self->min_award && xp <= self->max_award)
    return TRUE;
  for (guint i = 0; i < self->awards->len; i++)
    if (g_array_index (self->awards, int, i) == xp)
      return TRUE;

  if (self->award_range)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID_AWARD,
                   _ ("An award in %s is a whole number of Experience Points from %d to %d"),
                   tkr_rules_translate (self->name), self->min_award, self->max_award);
      return FALSE;
    }
  amounts = g_string_new (NULL);
  for (guint i = 0; i < self->awards->len; i++)
    g_string_append_printf (amounts, "%s%d", i == 0 ? "" : ", ",
                            g_array_index (self->awards, int, i));
  g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID_AWARD,
               /* Translators: the second %s lists amounts: "1, 2" */
               _ ("An award in %s is one of these amounts of Experience Points: %s"),
               tkr_rules_translate (self->name), amounts->str);
  return FALSE;
}

const char *const *
tkr_rules_get_save_names (TkrRules *self)
{
  return (const char *const *) self->save_names;
}

const char *const *
tkr_rules_get_skill_names (TkrRules *self)
{
  return (const char *const *) self->skill_names;
}

int
tkr_rules_get_pool_default (TkrRules *self, TkrPoolKind pool)
{
  g_return_val_if_fail (pool < TKR_N_POOLS, 0);
  return self->pool_defaults[pool];
}

guint
tkr_rules_get_n_sheet_fields (TkrRules *self)
{
  g_return_val_if_fail (TKR_IS_RULES (self), 0);
  return self->sheet_fields->len;
}

const TkrSheetFieldInfo *
tkr_rules_get_sheet_field (TkrRules *self, guint index)
{
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  g_return_val_if_fail (index < self->sheet_fields->len, NULL);
  return g_ptr_array_index (self->sheet_fields, index);
}

const TkrSheetFieldInfo *
tkr_rules_lookup_sheet_field (TkrRules *self, const char *id)
{
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  for (guint i = 0; id != NULL && i < self->sheet_fields->len; i++)
    {
      const TkrSheetFieldInfo *info = g_ptr_array_index (self->sheet_fields, i);

      if (g_strcmp0 (info->id, id) == 0)
        return info;
    }
  return NULL;
}

guint
tkr_rules_get_n_sheet_sections (TkrRules *self)
{
  g_return_val_if_fail (TKR_IS_RULES (self), 0);
  return self->sheet_sections->len;
}

const TkrSheetSectionInfo *
tkr_rules_get_sheet_section (TkrRules *self, guint index)
{
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  g_return_val_if_fail (index < self->sheet_sections->len, NULL);
  return g_ptr_array_index (self->sheet_sections, index);
}

gboolean
tkr_rules_sheet_shows (TkrRules *self, const char *part)
{
  g_return_val_if_fail (TKR_IS_RULES (self), TRUE);
  return self->sheet_shows == NULL ||
         g_strv_contains ((const char *const *) self->sheet_shows, part);
}

gboolean
tkr_rules_sheet_shows_pool (TkrRules *self, TkrPoolKind pool)
{
  g_return_val_if_fail (TKR_IS_RULES (self), TRUE);
  g_return_val_if_fail (pool < TKR_N_POOLS, FALSE);
  return self->shown_pools == NULL ||
         g_strv_contains ((const char *const *) self->shown_pools, pool_ids[pool]);
}

const char *
tkr_rules_get_pool_name (TkrRules *self, TkrPoolKind pool)
{
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  g_return_val_if_fail (pool < TKR_N_POOLS, NULL);
  if (self->pool_names[pool] != NULL)
    return tkr_rules_translate (self->pool_names[pool]);
  return tkr_pool_kind_to_name (pool);
}

static gboolean
names_contain (const char *const *names, const char *name)
{
  for (guint i = 0; names != NULL && name != NULL && names[i] != NULL; i++)
    if (g_ascii_strcasecmp (names[i], name) == 0)
      return TRUE;
  return FALSE;
}

gboolean
tkr_rules_has_save (TkrRules *self, const char *name)
{
  g_return_val_if_fail (TKR_IS_RULES (self), FALSE);
  return names_contain ((const char *const *) self->save_names, name);
}

gboolean
tkr_rules_has_skill (TkrRules *self, const char *name)
{
  g_return_val_if_fail (TKR_IS_RULES (self), FALSE);
  return names_contain ((const char *const *) self->skill_names, name);
}

const char *const *
tkr_rules_get_ranks (TkrRules *self)
{
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  return (const char *const *) self->ranks;
}

gboolean
tkr_sheet_field_info_accepts (const TkrSheetFieldInfo *field, int value)
{
  g_return_val_if_fail (field != NULL, FALSE);
  if (value < field->min || value > field->max)
    return FALSE;
  if (field->n_choices == 0)
    return TRUE;
  for (guint i = 0; i < field->n_choices; i++)
    if (field->choices[i] == value)
      return TRUE;
  return FALSE;
}

const char *
tkr_sheet_field_info_get_label (const TkrSheetFieldInfo *field, int value)
{
  g_return_val_if_fail (field != NULL, NULL);
  for (guint i = 0; field->labels != NULL && i < field->n_choices; i++)
    if (field->choices[i] == value)
      return field->labels[i];
  return NULL;
}

gboolean
tkr_rules_get_rest_spends_recovery (TkrRules *self)
{
  return self->rest_spends_recovery;
}

gboolean
tkr_rules_get_rest_heals_from_vitality (TkrRules *self)
{
  return self->rest_heals_from_vitality;
}

gboolean
tkr_rules_get_rest_resets_shield (TkrRules *self)
{
  return self->rest_resets_shield;
}

/* (array length=n_pools): the pools damage takes before Health, in order */
const TkrPoolKind *
tkr_rules_get_absorbing_pools (TkrRules *self, guint *n_pools)
{
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  *n_pools = self->absorbing_pools->len;
  return (const TkrPoolKind *) (gpointer) self->absorbing_pools->data;
}

gboolean
tkr_rules_get_dying_at_zero (TkrRules *self)
{
  g_return_val_if_fail (TKR_IS_RULES (self), FALSE);
  return self->dying_at_zero;
}

guint
tkr_rules_get_n_conditions (TkrRules *self)
{
  return self->conditions->len;
}

const TkrConditionInfo *
tkr_rules_get_condition (TkrRules *self, guint index)
{
  g_return_val_if_fail (index < self->conditions->len, NULL);
  return g_ptr_array_index (self->conditions, index);
}

const TkrConditionInfo *
tkr_rules_lookup_condition (TkrRules *self, const char *name_or_id)
{
  for (guint i = 0; i < self->conditions->len; i++)
    {
      const TkrConditionInfo *info = g_ptr_array_index (self->conditions, i);

      if (g_ascii_strcasecmp (info->id, name_or_id) == 0 ||
          g_ascii_strcasecmp (info->name, name_or_id) == 0)
        return info;
    }
  return NULL;
}

guint
tkr_rules_get_n_zones (TkrRules *self)
{
  return self->zones->len;
}

const TkrZoneInfo *
tkr_rules_get_zone (TkrRules *self, guint index)
{
  g_return_val_if_fail (index < self->zones->len, NULL);
  return g_ptr_array_index (self->zones, index);
}

const TkrZoneInfo *
tkr_rules_lookup_zone (TkrRules *self, const char *name_or_id)
{
  for (guint i = 0; i < self->zones->len; i++)
    {
      const TkrZoneInfo *info = g_ptr_array_index (self->zones, i);

      if (g_ascii_strcasecmp (info->id, name_or_id) == 0 ||
          g_ascii_strcasecmp (info->name, name_or_id) == 0)
        return info;
    }
  return NULL;
}

JsonArray *
tkr_rules_get_basic_abilities (TkrRules *self)
{
  return self->basic_abilities;
}

gboolean
tkr_rules_require_section (TkrRules *self, const char *section, GError **error)
{
  const TkrRuleValue *value;

  g_return_val_if_fail (TKR_IS_RULES (self), FALSE);
  g_return_val_if_fail (section != NULL, FALSE);

  value = g_hash_table_lookup (self->values, section);
  if (value != NULL && value->type == TKR_RULE_SECTION)
    return TRUE;
  g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
               _ ("The rule data “%s” has no “%s” section"), self->id, section);
  return FALSE;
}

/* A value the schema declares at @path; reading anything else is a
 * mistake in the code, not in the data. */
static const TkrRuleValue *
lookup_value (TkrRules *self, const char *path, TkrRuleType type)
{
  const TkrRuleValue *value = g_hash_table_lookup (self->values, path);

  if (value == NULL || value->type != type)
    {
      g_critical ("The schema of the rule data “%s” declares no %s at “%s”", self->id,
                  tkr_rule_type_to_string (type), path);
      return NULL;
    }
  return value;
}

int
tkr_rules_get_int (TkrRules *self, const char *path)
{
  const TkrRuleValue *value;

  g_return_val_if_fail (TKR_IS_RULES (self), 0);
  g_return_val_if_fail (path != NULL, 0);
  value = lookup_value (self, path, TKR_RULE_INT);
  return value ? value->number : 0;
}

gboolean
tkr_rules_get_bool (TkrRules *self, const char *path)
{
  const TkrRuleValue *value;

  g_return_val_if_fail (TKR_IS_RULES (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  value = lookup_value (self, path, TKR_RULE_BOOL);
  return value ? value->number : FALSE;
}

const char *
tkr_rules_get_string (TkrRules *self, const char *path)
{
  const TkrRuleValue *value;

  g_return_val_if_fail (TKR_IS_RULES (self), "");
  g_return_val_if_fail (path != NULL, "");
  value = lookup_value (self, path, TKR_RULE_STRING);
  return value ? value->text : "";
}

const char *const *
tkr_rules_get_strv (TkrRules *self, const char *path)
{
  static const char *const empty[] = { NULL };
  const TkrRuleValue *value;

  g_return_val_if_fail (TKR_IS_RULES (self), empty);
  g_return_val_if_fail (path != NULL, empty);
  value = lookup_value (self, path, TKR_RULE_STRV);
  return value ? (const char *const *) value->strv : empty;
}

const int *
tkr_rules_get_ints (TkrRules *self, const char *path, guint *n)
{
  const TkrRuleValue *value;

  g_return_val_if_fail (n != NULL, NULL);
  *n = 0;
  g_return_val_if_fail (TKR_IS_RULES (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  value = lookup_value (self, path, TKR_RULE_INTS);
  if (value == NULL)
    return NULL;
  *n = value->n_ints;
  return value->ints;
}

guint
tkr_rules_get_n_records (TkrRules *self, const char *path)
{
  const TkrRuleValue *value;

  g_return_val_if_fail (TKR_IS_RULES (self), 0);
  g_return_val_if_fail (path != NULL, 0);
  value = lookup_value (self, path, TKR_RULE_RECORDS);
  return value ? (guint) value->number : 0;
}

const char *const *
tkr_rules_get_names (TkrRules *self, const char *path)
{
  static const char *const empty[] = { NULL };
  const TkrRuleValue *value;

  g_return_val_if_fail (TKR_IS_RULES (self), empty);
  g_return_val_if_fail (path != NULL, empty);
  value = lookup_value (self, path, TKR_RULE_INT_MAP);
  return value ? (const char *const *) value->strv : empty;
}
