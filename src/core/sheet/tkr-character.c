/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-character.h"
#include "tkr-enums.h"
#include "tkr-file.h"
#include "tkr-int-dict.h"
#include "tkr-json.h"
#include "tkr-statblock.h"

/* Bounds of the sheet's boxes (see the header for each property). */
#define LEVEL_MIN 1
#define LEVEL_MAX 99
#define EXPERIENCE_MAX 1000000
#define WEALTH_MAX 999999999
#define AWARD_MAX 1000
#define NAME_MAX_CHARS 200
#define MODIFIER_MIN (-99)
#define MODIFIER_MAX 99
#define ARCHETYPE_MAX 99
#define POOL_MAX 9999
#define UNITS_MAX 10000
#define STACKS_MAX 100
#define QUANTITY_MAX 99999
/* A sheet field from a file whose rule system this version does not know
 * is kept, within these bounds (those of any field rule data may declare). */
#define FIELD_VALUE_MIN (-100000)
#define FIELD_VALUE_MAX 100000
#define FIELDS_MAX 200

/* SRD, Status Conditions: most conditions stack up to two, and a condition
 * the rule data does not list is Fleeting. */
#define CUSTOM_CONDITION_MAX_STACKS 2

/* The turn order is built from the Edge Save (seed, "Turn Order"), so the
 * sheet always keeps it. */
static const char edge_save_name[] = "Edge";

static const char *const kind_nicks[] = { "pc", "npc", NULL };

struct _TkrCharacter
{
  GObject parent_instance;

  char *id;
  char *name;
  char *player;
  TkrCharacterKind kind;
  char *rule_system;
  int level;
  int experience;
  int wealth;
  char *notes;
  char *health_formula; /* an NPC's maximum Health by dice, or "" */
  GVariant *fields;     /* a{si} sorted by id, or NULL */
  GVariant *texts;      /* a{ss} sorted by id, or NULL */
  GVariant *lists;      /* a{sas} sorted by id, or NULL */

  /* The saves, skills, archetypes, Movement Ranges and abilities: shared
   * with every sheet that has the same (an NPC's copies in an encounter)
   * until one changes, or NULL when the lists below hold them (see
   * unshare ()). */
  TkrStatblock *statblock;
  /* Items apply_statblock () took out of the lists, by list and name, for
   * it to put back: steps in the history may name them. NULL until then. */
  GHashTable *retired;

  GListStore *pools;
  GListStore *saves;
  GListStore *skills;
  GListStore *archetypes;
  GListStore *movement_ranges;
  GListStore *abilities;
  GListStore *conditions;
  GListStore *inventory;
};

G_DEFINE_FINAL_TYPE (TkrCharacter, tkr_character, G_TYPE_OBJECT)

/* Memory that fits the work (README, "Performance"): the lists most
 * characters leave empty (archetypes, abilities, conditions, inventory)
 * are made on first use, so a library of thousands of NPCs costs only what
 * they hold. Read them with items_in (); change them through these. */
static GListStore *
ensure_store (GListStore **store, GType type)
{
  if (*store == NULL)
    *store = g_list_store_new (type);
  return *store;
}

#define ARCHETYPES(self) ensure_store (&(self)->archetypes, TKR_TYPE_MODIFIER)
#define ABILITIES(self) ensure_store (&(self)->abilities, TKR_TYPE_ABILITY)
#define CONDITIONS(self) ensure_store (&(self)->conditions, TKR_TYPE_CONDITION)
#define INVENTORY(self) ensure_store (&(self)->inventory, TKR_TYPE_ITEM)

/* How many items @store holds: 0 for a list not made yet. */
static guint
items_in (GListStore *store)
{
  return store != NULL ? g_list_model_get_n_items (G_LIST_MODEL (store)) : 0;
}

/* Memory that fits the work (README, "Performance"): copies of one NPC
 * kind share their statblock (tkr-statblock.h), read where it is. A
 * change to a shared part sets the "statblock" property to a new one, as
 * one change of the character that undo takes back; the lists are made
 * (unshare ()) only when something outside may change their items, so
 * the getters that hand them out make them. */
#define SHARED(self) ((self)->statblock != NULL)

static TkrStatblock *
empty_statblock (void)
{
  TkrStatblockBuilder builder;

  tkr_statblock_builder_init (&builder);
  return tkr_statblock_builder_end (&builder);
}

static GListStore **
stat_store (TkrCharacter *self, guint list)
{
  switch (list)
    {
    case TKR_MODIFIER_KIND_SAVE:
      return &self->saves;
    case TKR_MODIFIER_KIND_SKILL:
      return &self->skills;
    case TKR_MODIFIER_KIND_ARCHETYPE:
      return &self->archetypes;
    case TKR_STAT_RANGES:
      return &self->movement_ranges;
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Returns: (transfer full): @statblock's @list as new objects. */
static GPtrArray *
stat_items (TkrStatblock *statblock, guint list)
{
  guint n = tkr_statblock_get_n (statblock, list);
  GPtrArray *items = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      const TkrStatEntry *entry = tkr_statblock_get (statblock, list, i);

      if (list == TKR_STAT_RANGES)
        g_ptr_array_add (items, tkr_movement_range_new (entry->name, entry->value));
      else
        g_ptr_array_add (items, tkr_modifier_new (list, entry->name, entry->value));
    }
  return items;
}

static GPtrArray *
ability_items (TkrStatblock *statblock)
{
  guint n = tkr_statblock_get_n_abilities (statblock);
  GPtrArray *items = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, tkr_ability_copy (tkr_statblock_get_ability (statblock, i)));
  return items;
}

/* @store's contents become @items (one change of the list). */
static void
store_take (GListStore **store, GType type, GPtrArray *items)
{
  if (*store == NULL && items->len == 0)
    return;
  ensure_store (store, type);
  g_list_store_splice (*store, 0, g_list_model_get_n_items (G_LIST_MODEL (*store)), items->pdata,
                       items->len);
}

static GType
stat_type (guint list)
{
  return list == TKR_STAT_RANGES ? TKR_TYPE_MOVEMENT_RANGE : TKR_TYPE_MODIFIER;
}

/* The sheet gets lists of its own holding what its statblock held, and
 * shares no more. The saves, skills and Movement Ranges always exist
 * then; archetypes and abilities only when there are some (as before:
 * ensure_store). */
static void
unshare (TkrCharacter *self)
{
  TkrStatblock *statblock = self->statblock;

  if (statblock == NULL)
    return;
  for (guint list = 0; list < TKR_STAT_N_LISTS; list++)
    {
      g_autoptr (GPtrArray) items = stat_items (statblock, list);
      GListStore **store = stat_store (self, list);

      if (list != TKR_MODIFIER_KIND_ARCHETYPE)
        ensure_store (store, stat_type (list));
      store_take (store, stat_type (list), items);
    }
  {
    g_autoptr (GPtrArray) items = ability_items (statblock);

    store_take (&self->abilities, TKR_TYPE_ABILITY, items);
  }
  self->statblock = NULL;
  tkr_statblock_unref (statblock);
}

/* Returns: (transfer full): the statblock of what the sheet's own lists
 * hold (an equal one if it exists). */
static TkrStatblock *
statblock_of_lists (TkrCharacter *self)
{
  TkrStatblockBuilder builder;

  if (self->statblock != NULL)
    return tkr_statblock_ref (self->statblock);
  tkr_statblock_builder_init (&builder);
  for (guint list = 0; list < TKR_STAT_N_LISTS; list++)
    {
      GListStore *store = *stat_store (self, list);

      for (guint i = 0; i < items_in (store); i++)
        {
          g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (store), i);

          if (list == TKR_STAT_RANGES)
            tkr_statblock_builder_add (&builder, list,
                                       tkr_movement_range_get_name (TKR_MOVEMENT_RANGE (item)),
                                       tkr_movement_range_get_units (TKR_MOVEMENT_RANGE (item)));
          else
            tkr_statblock_builder_add (&builder, list, tkr_modifier_get_name (TKR_MODIFIER (item)),
                                       tkr_modifier_get_value (TKR_MODIFIER (item)));
        }
    }
  for (guint i = 0; i < items_in (self->abilities); i++)
    {
      g_autoptr (TkrAbility) ability = g_list_model_get_item (G_LIST_MODEL (self->abilities), i);

      /* A copy: the sheet's own may change later. */
      tkr_statblock_builder_take_ability (&builder, tkr_ability_copy (ability));
    }
  return tkr_statblock_builder_end (&builder);
}

static const char *
item_name (guint list, gpointer item)
{
  return list == TKR_STAT_RANGES ? tkr_movement_range_get_name (item)
                                 : tkr_modifier_get_name (item);
}

/* @list takes @statblock's entries. An item keeps being the object it
 * was, found by its name in the list or among those taken out before
 * (steps in the history name them), its value set; only a name not seen
 * yet makes a new one. */
static void
apply_list (TkrCharacter *self, guint list, TkrStatblock *statblock)
{
  GListStore **store = stat_store (self, list);
  guint n = tkr_statblock_get_n (statblock, list);
  guint before = items_in (*store);
  g_autoptr (GPtrArray) items = g_ptr_array_new_full (n, g_object_unref);
  g_autoptr (GPtrArray) old = g_ptr_array_new_full (before, g_object_unref);
  gboolean same = before == n;

  if (self->retired == NULL)
    self->retired = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  for (guint i = 0; i < before; i++)
    g_ptr_array_add (old, g_list_model_get_item (G_LIST_MODEL (*store), i));
  for (guint i = 0; i < n; i++)
    {
      const TkrStatEntry *entry = tkr_statblock_get (statblock, list, i);
      g_autofree char *key = g_strdup_printf ("%u:%s", list, entry->name);
      gpointer item = NULL;
      gpointer stolen_key = NULL;

      for (guint j = 0; j < old->len && item == NULL; j++)
        if (g_strcmp0 (item_name (list, g_ptr_array_index (old, j)), entry->name) == 0)
          item = g_ptr_array_steal_index (old, j);
      if (item == NULL && g_hash_table_steal_extended (self->retired, key, &stolen_key, &item))
        g_free (stolen_key);
      if (item == NULL)
        item = list == TKR_STAT_RANGES
                 ? (gpointer) tkr_movement_range_new (entry->name, entry->value)
                 : (gpointer) tkr_modifier_new (list, entry->name, entry->value);
      g_object_set (item, list == TKR_STAT_RANGES ? "units" : "value", entry->value, NULL);
      g_ptr_array_add (items, item);
      if (same)
        {
          g_autoptr (GObject) at = g_list_model_get_item (G_LIST_MODEL (*store), i);

          same = at == item;
        }
    }
  for (guint j = 0; j < old->len; j++)
    {
      gpointer item = g_ptr_array_index (old, j);

      g_hash_table_replace (self->retired, g_strdup_printf ("%u:%s", list, item_name (list, item)),
                            g_object_ref (item));
    }
  if (!same)
    store_take (store, stat_type (list), items);
}

/* Undo or redo of a change made while the statblock was shared, on a
 * sheet that has its own lists since: the lists take @statblock's
 * contents, changing only what differs, with the usual notifications. */
static gboolean
apply_statblock (TkrCharacter *self, TkrStatblock *statblock)
{
  g_autoptr (TkrStatblock) current = statblock_of_lists (self);

  if (current == statblock)
    return FALSE;
  for (guint list = 0; list < TKR_STAT_N_LISTS; list++)
    apply_list (self, list, statblock);
  {
    gboolean same =
      tkr_statblock_get_n_abilities (current) == tkr_statblock_get_n_abilities (statblock);

    for (guint i = 0; same && i < tkr_statblock_get_n_abilities (statblock); i++)
      {
        g_autoptr (JsonNode) a = tkr_ability_to_json (tkr_statblock_get_ability (current, i));
        g_autoptr (JsonNode) b = tkr_ability_to_json (tkr_statblock_get_ability (statblock, i));

        same = json_node_equal (a, b);
      }
    if (!same)
      {
        g_autoptr (GPtrArray) items = ability_items (statblock);

        store_take (&self->abilities, TKR_TYPE_ABILITY, items);
      }
  }
  return TRUE;
}

/* Inside a step: the shared statblock becomes @next (the one change of a
 * shared part). */
static void
set_statblock_in (TkrCharacter *self, TkrHistory *history, TkrStatblockBuilder *builder)
{
  g_autoptr (TkrStatblock) next = tkr_statblock_builder_end (builder);

  tkr_history_set (history, self, "statblock", next);
}

/* @name's index in @list of @builder, whatever its case, or -1. */
static int names_index (GArray *entries, const char *name);

static TkrRules *lookup_known_rules (const char *system);

enum
{
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_PLAYER,
  PROP_KIND,
  PROP_RULE_SYSTEM,
  PROP_LEVEL,
  PROP_EXPERIENCE,
  PROP_WEALTH,
  PROP_NOTES,
  PROP_FIELDS,
  PROP_TEXTS,
  PROP_LISTS,
  PROP_POOLS,
  PROP_SAVES,
  PROP_SKILLS,
  PROP_ARCHETYPES,
  PROP_MOVEMENT_RANGES,
  PROP_ABILITIES,
  PROP_CONDITIONS,
  PROP_INVENTORY,
  PROP_HEALTH_FORMULA,
  PROP_STATBLOCK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Helpers */

static gboolean
replace_string (char **field, const char *value)
{
  if (value == NULL)
    value = "";
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static void
set_int (TkrCharacter *self, int *field, int value, guint prop_id)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* Names on the sheet match whatever their case ("edge" is the Edge Save). */
static gboolean
names_equal (const char *a, const char *b)
{
  g_autofree char *fa = NULL;
  g_autofree char *fb = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  fa = g_utf8_casefold (a, -1);
  fb = g_utf8_casefold (b, -1);
  return g_strcmp0 (fa, fb) == 0;
}

typedef const char *(*NameGetter) (gpointer item);

/* Returns: (transfer none) (nullable): the item called @name. */
static gpointer
find_named (GListStore *store, NameGetter get_name, const char *name, guint *position)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = items_in (store);

  if (name == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);

      if (names_equal (get_name (item), name))
        {
          if (position)
            *position = i;
          /* The store keeps its own reference. */
          return item;
        }
    }
  return NULL;
}

/* A name as the sheet stores it: trimmed, 1 to NAME_MAX_CHARS characters.
 * @what is the translated name of the field, for the message. */
static char *
check_name (const char *name, const char *what, GError **error)
{
  g_autofree char *trimmed = NULL;

  trimmed = g_strstrip (g_strdup (name ? name : ""));
  if (*trimmed == '\0' || g_utf8_strlen (trimmed, -1) > NAME_MAX_CHARS ||
      !g_utf8_validate (trimmed, -1, NULL))
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   /* Translators: %s is a field such as "Name" or "Skill name" */
                   _ ("%s must be 1 to %d characters long."), what, NAME_MAX_CHARS);
      return NULL;
    }
  return g_steal_pointer (&trimmed);
}

static gboolean
check_range (int value, int minimum, int maximum, const char *what, GError **error)
{
  if (value < minimum || value > maximum)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   /* Translators: %s is a field such as "Level", then the smallest and
                    * largest value it takes */
                   _ ("%s must be between %d and %d."), what, minimum, maximum);
      return FALSE;
    }
  return TRUE;
}

/* The list of @kind's modifiers; with @make FALSE, NULL for archetypes
 * when none were ever added (see ensure_store). */
static GListStore *
store_for_modifier_kind (TkrCharacter *self, TkrModifierKind kind, gboolean make)
{
  switch (kind)
    {
    case TKR_MODIFIER_KIND_SAVE:
      return self->saves;
    case TKR_MODIFIER_KIND_SKILL:
      return self->skills;
    case TKR_MODIFIER_KIND_ARCHETYPE:
      return make ? ARCHETYPES (self) : self->archetypes;
    default:
      g_return_val_if_reached (NULL);
    }
}

static const char *
modifier_kind_label (TkrModifierKind kind)
{
  switch (kind)
    {
    case TKR_MODIFIER_KIND_SAVE:
      return N_ ("Save");
    case TKR_MODIFIER_KIND_SKILL:
      return N_ ("Skill");
    case TKR_MODIFIER_KIND_ARCHETYPE:
      return N_ ("Archetype");
    default:
      g_return_val_if_reached (NULL);
    }
}

static const char *
modifier_name_label (TkrModifierKind kind)
{
  switch (kind)
    {
    case TKR_MODIFIER_KIND_SAVE:
      return _ ("A save’s name");
    case TKR_MODIFIER_KIND_SKILL:
      return _ ("A skill’s name");
    case TKR_MODIFIER_KIND_ARCHETYPE:
      return _ ("An archetype’s name");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* GObject */

static void
tkr_character_dispose (GObject *object)
{
  TkrCharacter *self = TKR_CHARACTER (object);

  g_clear_pointer (&self->statblock, tkr_statblock_unref);
  g_clear_pointer (&self->retired, g_hash_table_unref);
  g_clear_object (&self->pools);
  g_clear_object (&self->saves);
  g_clear_object (&self->skills);
  g_clear_object (&self->archetypes);
  g_clear_object (&self->movement_ranges);
  g_clear_object (&self->abilities);
  g_clear_object (&self->conditions);
  g_clear_object (&self->inventory);

  G_OBJECT_CLASS (tkr_character_parent_class)->dispose (object);
}

static void
tkr_character_finalize (GObject *object)
{
  TkrCharacter *self = TKR_CHARACTER (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->player);
  g_free (self->rule_system);
  g_free (self->notes);
  g_free (self->health_formula);
  g_clear_pointer (&self->fields, g_variant_unref);
  g_clear_pointer (&self->texts, g_variant_unref);
  g_clear_pointer (&self->lists, g_variant_unref);

  G_OBJECT_CLASS (tkr_character_parent_class)->finalize (object);
}

static void
tkr_character_constructed (GObject *object)
{
  TkrCharacter *self = TKR_CHARACTER (object);

  G_OBJECT_CLASS (tkr_character_parent_class)->constructed (object);

  /* A UUID, so files and encounters can refer to the character. */
  if (self->id == NULL || *self->id == '\0')
    {
      g_free (self->id);
      self->id = g_uuid_string_random ();
    }
}

static void
tkr_character_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrCharacter *self = TKR_CHARACTER (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_RULE_SYSTEM:
      g_value_set_string (value, self->rule_system);
      break;
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_EXPERIENCE:
      g_value_set_int (value, self->experience);
      break;
    case PROP_WEALTH:
      g_value_set_int (value, self->wealth);
      break;
    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;
    case PROP_HEALTH_FORMULA:
      g_value_set_string (value, self->health_formula);
      break;
    case PROP_FIELDS:
      g_value_set_variant (value, self->fields);
      break;
    case PROP_TEXTS:
      g_value_set_variant (value, self->texts);
      break;
    case PROP_LISTS:
      g_value_set_variant (value, self->lists);
      break;
    case PROP_STATBLOCK:
      g_value_take_boxed (value, statblock_of_lists (self));
      break;
    case PROP_POOLS:
      g_value_set_object (value, self->pools);
      break;
    case PROP_SAVES:
      unshare (self);
      g_value_set_object (value, self->saves);
      break;
    case PROP_SKILLS:
      unshare (self);
      g_value_set_object (value, self->skills);
      break;
    case PROP_ARCHETYPES:
      unshare (self);
      g_value_set_object (value, ARCHETYPES (self));
      break;
    case PROP_MOVEMENT_RANGES:
      unshare (self);
      g_value_set_object (value, self->movement_ranges);
      break;
    case PROP_ABILITIES:
      unshare (self);
      g_value_set_object (value, ABILITIES (self));
      break;
    case PROP_CONDITIONS:
      g_value_set_object (value, CONDITIONS (self));
      break;
    case PROP_INVENTORY:
      g_value_set_object (value, INVENTORY (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* An empty dictionary is no values at all, so undo compares alike.
 * Returns whether *@field changed. */
static gboolean
replace_dictionary (GVariant **field, GVariant *dictionary)
{
  if (dictionary != NULL && g_variant_n_children (dictionary) == 0)
    dictionary = NULL;
  if (dictionary == *field ||
      (dictionary != NULL && *field != NULL && g_variant_equal (dictionary, *field)))
    return FALSE;
  g_clear_pointer (field, g_variant_unref);
  *field = dictionary ? g_variant_ref_sink (dictionary) : NULL;
  /* Kept serialised, one block of memory, rather than as a tree of a
   * GVariant per entry (README, "Performance"). */
  if (*field != NULL)
    g_variant_get_data (*field);
  return TRUE;
}

static void
tkr_character_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrCharacter *self = TKR_CHARACTER (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_free (self->id);
      self->id = g_value_dup_string (value);
      break;
    case PROP_NAME:
      if (replace_string (&self->name, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_PLAYER:
      if (replace_string (&self->player, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_KIND:
      if (self->kind != (TkrCharacterKind) g_value_get_enum (value))
        {
          self->kind = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_RULE_SYSTEM:
      if (replace_string (&self->rule_system, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_LEVEL:
      set_int (self, &self->level, g_value_get_int (value), prop_id);
      break;
    case PROP_EXPERIENCE:
      set_int (self, &self->experience, g_value_get_int (value), prop_id);
      break;
    case PROP_WEALTH:
      set_int (self, &self->wealth, g_value_get_int (value), prop_id);
      break;
    case PROP_NOTES:
      if (replace_string (&self->notes, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_HEALTH_FORMULA:
      if (replace_string (&self->health_formula, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_FIELDS:
      if (replace_dictionary (&self->fields, g_value_get_variant (value)))
        {
          /* One block a save reads at once (tkr-int-dict.h). */
          if (self->fields != NULL)
            tkr_int_dict_serialise (self->fields);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_TEXTS:
      if (replace_dictionary (&self->texts, g_value_get_variant (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_LISTS:
      if (replace_dictionary (&self->lists, g_value_get_variant (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_STATBLOCK:
      {
        TkrStatblock *statblock = g_value_get_boxed (value);

        if (statblock == NULL)
          unshare (self);
        else if (!SHARED (self))
          {
            if (apply_statblock (self, statblock))
              g_object_notify_by_pspec (object, pspec);
          }
        else if (statblock != self->statblock)
          {
            tkr_statblock_unref (self->statblock);
            self->statblock = tkr_statblock_ref (statblock);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_character_class_init (TkrCharacterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags list_flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_character_dispose;
  object_class->finalize = tkr_character_finalize;
  object_class->constructed = tkr_character_constructed;
  object_class->get_property = tkr_character_get_property;
  object_class->set_property = tkr_character_set_property;

  properties[PROP_ID] = g_param_spec_string (
    "id", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, "", flags);
  properties[PROP_PLAYER] = g_param_spec_string ("player", NULL, NULL, "", flags);
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, TKR_TYPE_CHARACTER_KIND, TKR_CHARACTER_KIND_PC, flags);
  properties[PROP_RULE_SYSTEM] = g_param_spec_string ("rule-system", NULL, NULL, "", flags);
  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, LEVEL_MIN, LEVEL_MAX, LEVEL_MIN, flags);
  properties[PROP_EXPERIENCE] =
    g_param_spec_int ("experience", NULL, NULL, 0, EXPERIENCE_MAX, 0, flags);
  properties[PROP_WEALTH] = g_param_spec_int ("wealth", NULL, NULL, 0, WEALTH_MAX, 0, flags);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, "", flags);
  properties[PROP_HEALTH_FORMULA] = g_param_spec_string ("health-formula", NULL, NULL, "", flags);
  properties[PROP_FIELDS] =
    g_param_spec_variant ("fields", NULL, NULL, G_VARIANT_TYPE ("a{si}"), NULL, flags);
  properties[PROP_TEXTS] =
    g_param_spec_variant ("texts", NULL, NULL, G_VARIANT_TYPE ("a{ss}"), NULL, flags);
  properties[PROP_LISTS] =
    g_param_spec_variant ("lists", NULL, NULL, G_VARIANT_TYPE ("a{sas}"), NULL, flags);
  /* What the statblock holds, shared or in the sheet's own lists (an
   * interned value: equal sheets give the same); set, the sheet holds
   * that; set to NULL, the sheet gets lists of its own, holding the same
   * (unshare ()). */
  properties[PROP_STATBLOCK] =
    g_param_spec_boxed ("statblock", NULL, NULL, TKR_TYPE_STATBLOCK, flags);

  /* The lists never change identity; their contents are the state. */
  properties[PROP_POOLS] = g_param_spec_object ("pools", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);
  properties[PROP_SAVES] = g_param_spec_object ("saves", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);
  properties[PROP_SKILLS] =
    g_param_spec_object ("skills", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);
  properties[PROP_ARCHETYPES] =
    g_param_spec_object ("archetypes", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);
  properties[PROP_MOVEMENT_RANGES] =
    g_param_spec_object ("movement-ranges", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);
  properties[PROP_ABILITIES] =
    g_param_spec_object ("abilities", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);
  properties[PROP_CONDITIONS] =
    g_param_spec_object ("conditions", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);
  properties[PROP_INVENTORY] =
    g_param_spec_object ("inventory", NULL, NULL, G_TYPE_LIST_MODEL, list_flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_character_init (TkrCharacter *self)
{
  self->name = g_strdup ("");
  self->player = g_strdup ("");
  self->rule_system = g_strdup ("");
  self->notes = g_strdup ("");
  self->health_formula = g_strdup ("");
  self->level = LEVEL_MIN;

  /* The six pools always exist, in TkrPoolKind order. */
  self->pools = g_list_store_new (TKR_TYPE_POOL);
  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      g_autoptr (TkrPool) pool = tkr_pool_new (i, 0, 0);
      g_list_store_append (self->pools, pool);
    }
  self->statblock = empty_statblock ();
}

/* The sheet a new character starts with comes from the rule data. */
static gboolean
plays_kleptonomicon (const char *rule_system)
{
  return rule_system == NULL || *rule_system == '\0' || g_str_equal (rule_system, "kleptonomicon");
}

static int
names_index (GArray *entries, const char *name)
{
  for (guint i = 0; i < entries->len; i++)
    if (names_equal (g_array_index (entries, TkrStatEntry, i).name, name))
      return i;
  return -1;
}

static void
fill_rule_defaults (TkrCharacter *self, TkrStatblockBuilder *builder, TkrRules *rules)
{
  const char *const *names;

  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      TkrPool *pool = tkr_character_get_pool (self, i);
      int value = CLAMP (tkr_rules_get_pool_default (rules, i), 0, POOL_MAX);

      tkr_pool_set_maximum (pool, value);
      tkr_pool_set_current (pool, value);
    }

  names = tkr_rules_get_save_names (rules);
  for (guint i = 0; names && names[i]; i++)
    tkr_statblock_builder_add (builder, TKR_MODIFIER_KIND_SAVE, names[i], 0);
  /* The Kleptonomicon builds its turn order from Edge; other systems'
   * sheets do without it. */
  if (plays_kleptonomicon (tkr_rules_get_id (rules)) &&
      names_index (builder->lists[TKR_MODIFIER_KIND_SAVE], edge_save_name) < 0)
    tkr_statblock_builder_add (builder, TKR_MODIFIER_KIND_SAVE, edge_save_name, 0);

  names = tkr_rules_get_skill_names (rules);
  for (guint i = 0; names && names[i]; i++)
    tkr_statblock_builder_add (builder, TKR_MODIFIER_KIND_SKILL, names[i], 0);
}

static int
compare_ids (gconstpointer a, gconstpointer b, gpointer user_data)
{
  return g_strcmp0 (a, b);
}

/* Returns: (transfer floating) (nullable): @fields with @id set to @value
 * (when @id is not NULL), sorted by id so equal sheets compare and save
 * alike; NULL when that leaves no field. */
static gboolean
add_field_entry (gpointer key, gpointer value, gpointer entries)
{
  g_ptr_array_add (entries,
                   g_variant_new_dict_entry (g_variant_new_string (key),
                                             g_variant_new_int32 (GPOINTER_TO_INT (value))));
  return FALSE;
}

/* The entries made directly, not through a builder's format strings:
 * every sheet of a large campaign makes this once as it loads. */
static GVariant *
fields_of_tree (GTree *tree)
{
  g_autoptr (GPtrArray) entries = NULL;

  if (g_tree_nnodes (tree) == 0)
    return NULL;
  entries = g_ptr_array_sized_new (g_tree_nnodes (tree));
  g_tree_foreach (tree, add_field_entry, entries);
  return g_variant_new_array (G_VARIANT_TYPE ("{si}"), (GVariant **) entries->pdata, entries->len);
}

static GVariant *
fields_with (GVariant *fields, const char *id, int value)
{
  g_autoptr (GTree) tree = g_tree_new_full (compare_ids, NULL, g_free, NULL);
  GVariantIter iter;
  const char *key;
  int number;

  if (fields != NULL)
    {
      g_variant_iter_init (&iter, fields);
      while (g_variant_iter_next (&iter, "{&si}", &key, &number))
        g_tree_insert (tree, g_strdup (key), GINT_TO_POINTER (number));
    }
  if (id != NULL)
    g_tree_insert (tree, g_strdup (id), GINT_TO_POINTER (value));
  return fields_of_tree (tree);
}

/* Returns: (transfer full) (nullable): @fields plus the @rules fields it
 * lacks, at their defaults. */
static GVariant *
fields_with_defaults (GVariant *fields, TkrRules *rules)
{
  GVariant *result = fields ? g_variant_ref (fields) : NULL;

  for (guint i = 0; i < tkr_rules_get_n_sheet_fields (rules); i++)
    {
      const TkrSheetFieldInfo *info = tkr_rules_get_sheet_field (rules, i);
      g_autofree char *max_id = g_strconcat (info->id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);
      GVariant *next;
      int unused;

      if (info->kind == TKR_SHEET_FIELD_TEXT || info->kind == TKR_SHEET_FIELD_LIST)
        continue;
      if (info->kind == TKR_SHEET_FIELD_POOL &&
          (result == NULL || !g_variant_lookup (result, max_id, "i", &unused)))
        {
          next = g_variant_ref_sink (fields_with (result, max_id, info->default_value));
          g_clear_pointer (&result, g_variant_unref);
          result = next;
        }
      if (result != NULL && g_variant_lookup (result, info->id, "i", &unused))
        continue;
      next = g_variant_ref_sink (fields_with (result, info->id, info->default_value));
      g_clear_pointer (&result, g_variant_unref);
      result = next;
    }
  return result;
}

/* PCs start with the rule data's Movement Ranges ("Movement Ranges" in
 * seed 000: Walk 4u and Jump 1u). NPCs get the same; the GM edits them. */
static void
fill_default_ranges (TkrStatblockBuilder *builder, TkrRules *rules)
{
  for (guint i = 0; i < tkr_rules_get_n_pc_ranges (rules); i++)
    {
      int units = 0;
      const char *name = tkr_rules_get_pc_range (rules, i, &units);

      tkr_statblock_builder_add (builder, TKR_STAT_RANGES, name, CLAMP (units, 0, UNITS_MAX));
    }
}

/* The sheet's dictionaries become those of the statblock's first sheet
 * where they are equal (the same values, nothing to notify). */
static void
share_values (TkrCharacter *self)
{
  GVariant **fields[] = { &self->fields, &self->texts, &self->lists };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GVariant *shared = tkr_statblock_share_value (self->statblock, i, *fields[i]);

      g_clear_pointer (fields[i], g_variant_unref);
      *fields[i] = shared;
    }
}

/* The sheet's statblock becomes @builder's (outside any step: a sheet
 * being made). */
static void
take_statblock (TkrCharacter *self, TkrStatblockBuilder *builder)
{
  g_clear_pointer (&self->statblock, tkr_statblock_unref);
  self->statblock = tkr_statblock_builder_end (builder);
}

/**
 * tkr_character_new:
 * @rules: (nullable): the rule system; %NULL for the default
 *
 * Returns: (transfer full): a fresh Level 1 sheet with the rule data's
 *   pools (full), saves and skills (all +0) and starting Movement Ranges.
 */
TkrCharacter *
tkr_character_new (TkrRules *rules, TkrCharacterKind kind, const char *name)
{
  TkrCharacter *self;
  TkrStatblockBuilder builder;

  if (rules == NULL)
    rules = tkr_rules_get_default ();
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);

  self = g_object_new (TKR_TYPE_CHARACTER, "name", name, "kind", kind, "rule-system",
                       tkr_rules_get_id (rules), NULL);
  tkr_statblock_builder_init (&builder);
  fill_rule_defaults (self, &builder, rules);
  fill_default_ranges (&builder, rules);
  take_statblock (self, &builder);
  {
    g_autoptr (GVariant) fields = fields_with_defaults (NULL, rules);
    g_object_set (self, "fields", fields, NULL);
  }
  return self;
}

static TkrCondition *
copy_condition (TkrCondition *condition)
{
  TkrCondition *copy =
    tkr_condition_new (tkr_condition_get_name (condition), tkr_condition_get_kind (condition),
                       tkr_condition_get_max_stacks (condition));

  g_object_set (copy, "episode-only", tkr_condition_get_episode_only (condition), "stack-turns",
                tkr_condition_get_stack_turns (condition), NULL);
  return copy;
}

/**
 * tkr_character_duplicate:
 * @name: (nullable): the copy's name; %NULL keeps the name
 *
 * Returns: (transfer full): a copy with its own id, independent of @self:
 *   it shares @self's statblock until either changes it (copy on write),
 *   and no list or item of @self.
 */
TkrCharacter *
tkr_character_duplicate (TkrCharacter *self, const char *name)
{
  TkrCharacter *copy;
  guint n;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);

  copy = g_object_new (TKR_TYPE_CHARACTER, "name", name ? name : self->name, "player", self->player,
                       "kind", self->kind, "rule-system", self->rule_system, "level", self->level,
                       "experience", self->experience, "wealth", self->wealth, "notes", self->notes,
                       "health-formula", self->health_formula, "fields", self->fields, "texts",
                       self->texts, "lists", self->lists, NULL);

  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      TkrPool *from = tkr_character_get_pool (self, i);
      TkrPool *to = tkr_character_get_pool (copy, i);

      tkr_pool_set_maximum (to, tkr_pool_get_maximum (from));
      tkr_pool_set_current (to, tkr_pool_get_current (from));
    }

  /* A sheet with lists of its own gives its copies the statblock of what
   * they hold (the same one for each copy, as statblocks are interned). */
  g_clear_pointer (&copy->statblock, tkr_statblock_unref);
  copy->statblock = statblock_of_lists (self);

  n = items_in (self->conditions);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCondition) condition =
        g_list_model_get_item (G_LIST_MODEL (self->conditions), i);
      g_autoptr (TkrCondition) condition_copy = copy_condition (condition);
      g_list_store_append (CONDITIONS (copy), condition_copy);
    }

  n = items_in (self->inventory);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrItem) item = g_list_model_get_item (G_LIST_MODEL (self->inventory), i);
      g_autoptr (TkrItem) item_copy =
        tkr_item_new (tkr_item_get_name (item), tkr_item_get_quantity (item));

      tkr_item_set_notes (item_copy, tkr_item_get_notes (item));
      g_list_store_append (INVENTORY (copy), item_copy);
    }

  return copy;
}

/**
 * tkr_character_shares_statblock:
 *
 * Returns: whether @self and @other read their saves, skills, archetypes,
 *   Movement Ranges and abilities from one shared statblock (neither has
 *   lists of its own).
 */
gboolean
tkr_character_shares_statblock (TkrCharacter *self, TkrCharacter *other)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (other), FALSE);

  return self->statblock != NULL && self->statblock == other->statblock;
}

/* Getters */

const char *
tkr_character_get_id (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return self->id;
}

const char *
tkr_character_get_name (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return self->name;
}

const char *
tkr_character_get_player (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return self->player;
}

TkrCharacterKind
tkr_character_get_kind (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), TKR_CHARACTER_KIND_PC);
  return self->kind;
}

gboolean
tkr_character_is_pc (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  return self->kind == TKR_CHARACTER_KIND_PC;
}

const char *
tkr_character_get_rule_system (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return self->rule_system;
}

int
tkr_character_get_level (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);
  return self->level;
}

int
tkr_character_get_experience (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);
  return self->experience;
}

int
tkr_character_get_wealth (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);
  return self->wealth;
}

const char *
tkr_character_get_notes (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return self->notes;
}

GListModel *
tkr_character_get_pools (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return G_LIST_MODEL (self->pools);
}

GListModel *
tkr_character_get_saves (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  unshare (self);
  return G_LIST_MODEL (self->saves);
}

GListModel *
tkr_character_get_skills (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  unshare (self);
  return G_LIST_MODEL (self->skills);
}

GListModel *
tkr_character_get_archetypes (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  unshare (self);
  return G_LIST_MODEL (ARCHETYPES (self));
}

GListModel *
tkr_character_get_movement_ranges (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  unshare (self);
  return G_LIST_MODEL (self->movement_ranges);
}

GListModel *
tkr_character_get_abilities (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  unshare (self);
  return G_LIST_MODEL (ABILITIES (self));
}

GListModel *
tkr_character_get_conditions (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return G_LIST_MODEL (CONDITIONS (self));
}

GListModel *
tkr_character_get_inventory (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return G_LIST_MODEL (INVENTORY (self));
}

/**
 * tkr_character_get_pool:
 *
 * Returns: (transfer none): the pool of @kind.
 */
TkrPool *
tkr_character_get_pool (TkrCharacter *self, TkrPoolKind kind)
{
  g_autoptr (TkrPool) pool = NULL;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  g_return_val_if_fail (kind < TKR_N_POOLS, NULL);

  pool = g_list_model_get_item (G_LIST_MODEL (self->pools), kind);
  /* The store keeps the pool alive for as long as the character. */
  return pool;
}

/**
 * tkr_character_find_modifier:
 *
 * Returns: (transfer none) (nullable): the save, skill or archetype called
 *   @name, whatever its case.
 */
TkrModifier *
tkr_character_find_modifier (TkrCharacter *self, TkrModifierKind kind, const char *name)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  g_return_val_if_fail (kind <= TKR_MODIFIER_KIND_ARCHETYPE, NULL);

  /* Handed out to be changed: the sheet's own. */
  unshare (self);
  return find_named (store_for_modifier_kind (self, kind, FALSE),
                     (NameGetter) tkr_modifier_get_name, name, NULL);
}

/* Whether the sheet has @list's entry @name, its value in @value; read
 * where it is, shared or not. */
static gboolean
lookup_stat (TkrCharacter *self, guint list, const char *name, const char **spelling, int *value)
{
  gpointer item;

  if (SHARED (self))
    {
      int i = tkr_statblock_find (self->statblock, list, name);
      const TkrStatEntry *entry;

      if (i < 0)
        return FALSE;
      entry = tkr_statblock_get (self->statblock, list, i);
      *spelling = entry->name;
      *value = entry->value;
      return TRUE;
    }
  if (list == TKR_STAT_RANGES)
    {
      item =
        find_named (self->movement_ranges, (NameGetter) tkr_movement_range_get_name, name, NULL);
      if (item == NULL)
        return FALSE;
      *spelling = tkr_movement_range_get_name (item);
      *value = tkr_movement_range_get_units (item);
      return TRUE;
    }
  item = find_named (store_for_modifier_kind (self, list, FALSE),
                     (NameGetter) tkr_modifier_get_name, name, NULL);
  if (item == NULL)
    return FALSE;
  *spelling = tkr_modifier_get_name (item);
  *value = tkr_modifier_get_value (item);
  return TRUE;
}

gboolean
tkr_character_has_modifier (TkrCharacter *self, TkrModifierKind kind, const char *name)
{
  const char *spelling;
  int value;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (kind <= TKR_MODIFIER_KIND_ARCHETYPE, FALSE);

  return lookup_stat (self, kind, name, &spelling, &value);
}

int
tkr_character_get_modifier_value (TkrCharacter *self, TkrModifierKind kind, const char *name)
{
  const char *spelling;
  int value;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);
  g_return_val_if_fail (kind <= TKR_MODIFIER_KIND_ARCHETYPE, 0);

  return lookup_stat (self, kind, name, &spelling, &value) ? value : 0;
}

int
tkr_character_get_edge_save (TkrCharacter *self)
{
  return tkr_character_get_modifier_value (self, TKR_MODIFIER_KIND_SAVE, edge_save_name);
}

/**
 * tkr_character_find_range:
 *
 * Returns: (transfer none) (nullable): the Movement Range called @name.
 */
TkrMovementRange *
tkr_character_find_range (TkrCharacter *self, const char *name)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);

  unshare (self);
  return find_named (self->movement_ranges, (NameGetter) tkr_movement_range_get_name, name, NULL);
}

const char *
tkr_character_lookup_range (TkrCharacter *self, const char *name, int *units)
{
  const char *spelling;
  int value;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);

  if (!lookup_stat (self, TKR_STAT_RANGES, name, &spelling, &value))
    return NULL;
  if (units != NULL)
    *units = value;
  return spelling;
}

int
tkr_character_get_range_units (TkrCharacter *self, const char *name)
{
  int units = 0;

  tkr_character_lookup_range (self, name, &units);
  return units;
}

/* The length of @list and its entry @i, read where they are. */
static guint
stat_n (TkrCharacter *self, guint list)
{
  return SHARED (self) ? tkr_statblock_get_n (self->statblock, list)
                       : items_in (*stat_store (self, list));
}

static const char *
stat_at (TkrCharacter *self, guint list, guint i, int *value)
{
  g_autoptr (GObject) item = NULL;

  if (SHARED (self))
    {
      const TkrStatEntry *entry = tkr_statblock_get (self->statblock, list, i);

      if (value != NULL)
        *value = entry->value;
      return entry->name;
    }
  item = g_list_model_get_item (G_LIST_MODEL (*stat_store (self, list)), i);
  if (value != NULL)
    *value = list == TKR_STAT_RANGES ? tkr_movement_range_get_units (TKR_MOVEMENT_RANGE (item))
                                     : tkr_modifier_get_value (TKR_MODIFIER (item));
  /* The store keeps the item, and so its name, alive. */
  return item_name (list, item);
}

guint
tkr_character_get_n_ranges (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);

  return stat_n (self, TKR_STAT_RANGES);
}

const char *
tkr_character_get_range (TkrCharacter *self, guint i, int *units)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  g_return_val_if_fail (i < stat_n (self, TKR_STAT_RANGES), NULL);

  return stat_at (self, TKR_STAT_RANGES, i, units);
}

guint
tkr_character_get_n_modifiers (TkrCharacter *self, TkrModifierKind kind)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);
  g_return_val_if_fail (kind <= TKR_MODIFIER_KIND_ARCHETYPE, 0);

  return stat_n (self, kind);
}

const char *
tkr_character_get_modifier (TkrCharacter *self, TkrModifierKind kind, guint i, int *value)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  g_return_val_if_fail (kind <= TKR_MODIFIER_KIND_ARCHETYPE, NULL);
  g_return_val_if_fail (i < stat_n (self, kind), NULL);

  return stat_at (self, kind, i, value);
}

int
tkr_character_get_largest_range (TkrCharacter *self)
{
  int largest = 0;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);

  for (guint i = 0; i < tkr_character_get_n_ranges (self); i++)
    {
      int units = 0;

      tkr_character_get_range (self, i, &units);
      largest = MAX (largest, units);
    }
  return largest;
}

/**
 * tkr_character_find_condition:
 *
 * Returns: (transfer none) (nullable): the condition called @name.
 */
TkrCondition *
tkr_character_find_condition (TkrCharacter *self, const char *name)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);

  return find_named (self->conditions, (NameGetter) tkr_condition_get_name, name, NULL);
}

/* Sheet edits */

gboolean
tkr_character_rename (TkrCharacter *self, TkrHistory *history, const char *name, GError **error)
{
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trimmed = check_name (name, _ ("The name"), error);
  if (trimmed == NULL)
    return FALSE;

  tkr_history_begin (history, N_ ("Rename Character"));
  tkr_history_set (history, self, "name", trimmed);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_set_level (TkrCharacter *self, TkrHistory *history, int level, GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_range (level, LEVEL_MIN, LEVEL_MAX, _ ("The level"), error))
    return FALSE;

  tkr_history_begin (history, N_ ("Change Level"));
  tkr_history_set (history, self, "level", level);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_set_experience (TkrCharacter *self,
                              TkrHistory *history,
                              int experience,
                              GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_range (experience, 0, EXPERIENCE_MAX, _ ("Experience"), error))
    return FALSE;

  tkr_history_begin (history, N_ ("Change Experience"));
  tkr_history_set (history, self, "experience", experience);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_set_wealth (TkrCharacter *self, TkrHistory *history, int wealth, GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_range (wealth, 0, WEALTH_MAX, _ ("Wealth"), error))
    return FALSE;

  tkr_history_begin (history, N_ ("Change Wealth"));
  tkr_history_set (history, self, "wealth", wealth);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_edit_pool (TkrCharacter *self,
                         TkrHistory *history,
                         TkrPoolKind kind,
                         int current,
                         int maximum,
                         GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (kind < TKR_N_POOLS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return tkr_pool_edit (tkr_character_get_pool (self, kind), history, current, maximum, error);
}

void
tkr_character_adjust_pool (TkrCharacter *self, TkrHistory *history, TkrPoolKind kind, int delta)
{
  TkrPool *pool;
  gint64 value;

  g_return_if_fail (TKR_IS_CHARACTER (self));
  g_return_if_fail (kind < TKR_N_POOLS);

  pool = tkr_character_get_pool (self, kind);
  /* 64 bits, so a huge delta cannot overflow before the clamp. */
  value = (gint64) tkr_pool_get_current (pool) + delta;
  value = CLAMP (value, 0, tkr_pool_get_maximum (pool));

  /* Translators: an undo label, %s is a pool such as "Health" */
  tkr_history_begin_message (history, N_ ("Adjust %s"),
                             tkr_message_name (tkr_pool_kind_to_msgid (tkr_pool_get_kind (pool))),
                             NULL);
  tkr_history_set (history, pool, "current", (int) value);
  tkr_history_end (history);
}

gboolean
tkr_character_set_modifier (TkrCharacter *self,
                            TkrHistory *history,
                            TkrModifierKind kind,
                            const char *name,
                            int value,
                            GError **error)
{
  g_autofree char *trimmed = NULL;
  GListStore *store;
  TkrModifier *modifier;
  gboolean archetype;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (kind <= TKR_MODIFIER_KIND_ARCHETYPE, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trimmed = check_name (name, modifier_name_label (kind), error);
  if (trimmed == NULL)
    return FALSE;

  archetype = kind == TKR_MODIFIER_KIND_ARCHETYPE;
  if (!check_range (value, archetype ? 0 : MODIFIER_MIN, archetype ? ARCHETYPE_MAX : MODIFIER_MAX,
                    archetype ? _ ("An archetype level") : _ ("A modifier"), error))
    return FALSE;

  if (SHARED (self))
    {
      g_auto (TkrStatblockBuilder) builder = { 0 };
      int i;

      tkr_statblock_builder_init_from (&builder, self->statblock);
      i = names_index (builder.lists[kind], trimmed);
      if (i >= 0)
        g_array_index (builder.lists[kind], TkrStatEntry, i).value = value;
      else
        tkr_statblock_builder_add (&builder, kind, trimmed, value);
      /* Translators: an undo label, %s is "Save", "Skill" or "Archetype" */
      tkr_history_begin_message (history, N_ ("Set %s"),
                                 tkr_message_name (modifier_kind_label (kind)), NULL);
      set_statblock_in (self, history, &builder);
      tkr_history_end (history);
      return TRUE;
    }

  store = store_for_modifier_kind (self, kind, TRUE);
  modifier = find_named (store, (NameGetter) tkr_modifier_get_name, trimmed, NULL);

  /* Translators: an undo label, %s is "Save", "Skill" or "Archetype" */
  tkr_history_begin_message (history, N_ ("Set %s"), tkr_message_name (modifier_kind_label (kind)),
                             NULL);
  if (modifier != NULL)
    tkr_history_set (history, modifier, "value", value);
  else
    {
      g_autoptr (TkrModifier) added = tkr_modifier_new (kind, trimmed, value);
      tkr_history_append (history, store, added);
    }
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_remove_modifier (
  TkrCharacter *self, TkrHistory *history, TkrModifierKind kind, const char *name, GError **error)
{
  GListStore *store;
  guint position;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (kind <= TKR_MODIFIER_KIND_ARCHETYPE, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  store = SHARED (self) ? NULL : store_for_modifier_kind (self, kind, FALSE);
  if (SHARED (self)
        ? tkr_statblock_find (self->statblock, kind, name) < 0
        : find_named (store, (NameGetter) tkr_modifier_get_name, name, &position) == NULL)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND,
                   /* Translators: the first %s is a name, the second "Save", "Skill"... */
                   _ ("There is no “%s” on the sheet (%s)."), name ? name : "",
                   _ (modifier_kind_label (kind)));
      return FALSE;
    }
  if (kind == TKR_MODIFIER_KIND_SAVE && names_equal (name, edge_save_name) &&
      plays_kleptonomicon (self->rule_system))
    {
      g_set_error_literal (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                           _ ("The Edge save cannot be removed: the turn order is built from "
                              "it."));
      return FALSE;
    }

  /* Translators: an undo label, %s is "Save", "Skill" or "Archetype" */
  tkr_history_begin_message (history, N_ ("Remove %s"),
                             tkr_message_name (modifier_kind_label (kind)), NULL);
  tkr_history_set_destructive (history);
  if (SHARED (self))
    {
      g_auto (TkrStatblockBuilder) builder = { 0 };
      int i;

      tkr_statblock_builder_init_from (&builder, self->statblock);
      i = names_index (builder.lists[kind], name);
      g_ref_string_release (g_array_index (builder.lists[kind], TkrStatEntry, i).name);
      g_array_remove_index (builder.lists[kind], i);
      set_statblock_in (self, history, &builder);
    }
  else
    tkr_history_remove (history, store, position);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_set_range (
  TkrCharacter *self, TkrHistory *history, const char *name, int units, GError **error)
{
  g_autofree char *trimmed = NULL;
  TkrMovementRange *range;
  guint position;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trimmed = check_name (name, _ ("A Movement Range’s name"), error);
  if (trimmed == NULL || !check_range (units, 0, UNITS_MAX, _ ("Movement Range units"), error))
    return FALSE;

  if (SHARED (self))
    {
      g_auto (TkrStatblockBuilder) builder = { 0 };
      GArray *ranges;
      int i;

      tkr_statblock_builder_init_from (&builder, self->statblock);
      ranges = builder.lists[TKR_STAT_RANGES];
      i = names_index (ranges, trimmed);
      if (i < 0 && units == 0)
        return TRUE;
      if (i < 0)
        tkr_statblock_builder_add (&builder, TKR_STAT_RANGES, trimmed, units);
      else if (units == 0)
        {
          g_ref_string_release (g_array_index (ranges, TkrStatEntry, i).name);
          g_array_remove_index (ranges, i);
        }
      else
        g_array_index (ranges, TkrStatEntry, i).value = units;
      tkr_history_begin (history, N_ ("Set Movement Range"));
      set_statblock_in (self, history, &builder);
      tkr_history_end (history);
      return TRUE;
    }

  range = find_named (self->movement_ranges, (NameGetter) tkr_movement_range_get_name, trimmed,
                      &position);
  if (range == NULL && units == 0)
    return TRUE;

  tkr_history_begin (history, N_ ("Set Movement Range"));
  if (range == NULL)
    {
      g_autoptr (TkrMovementRange) added = tkr_movement_range_new (trimmed, units);
      tkr_history_append (history, self->movement_ranges, added);
    }
  else if (units == 0)
    tkr_history_remove (history, self->movement_ranges, position);
  else
    tkr_history_set (history, range, "units", units);
  tkr_history_end (history);
  return TRUE;
}

static gboolean
check_new_entry (GListStore *store, gpointer item, const char *name, GError **error)
{
  g_autofree char *trimmed = NULL;

  /* (A shared statblock's abilities are never handed out.) */
  if (store != NULL && g_list_store_find (store, item, NULL))
    {
      g_set_error_literal (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                           _ ("This is already on the sheet."));
      return FALSE;
    }
  trimmed = check_name (name, _ ("The name"), error);
  if (trimmed == NULL)
    return FALSE;
  /* Kept as a file gives it back (names are read trimmed), so a save,
   * a load and a save write the same bytes. */
  if (g_strcmp0 (trimmed, name) != 0)
    g_object_set (item, "name", trimmed, NULL);
  return TRUE;
}

gboolean
tkr_character_add_ability (TkrCharacter *self,
                           TkrHistory *history,
                           TkrAbility *ability,
                           GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_ABILITY (ability), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_new_entry (SHARED (self) ? NULL : ABILITIES (self), ability,
                        tkr_ability_get_name (ability), error))
    return FALSE;

  /* The caller keeps @ability and may change it: it goes into lists of
   * the sheet's own, never into a shared statblock. */
  tkr_history_begin (history, N_ ("Add Ability"));
  unshare (self);
  tkr_history_append (history, ABILITIES (self), ability);
  tkr_history_end (history);
  return TRUE;
}

static gboolean
remove_entry (
  GListStore *store, TkrHistory *history, gpointer item, const char *label, GError **error)
{
  guint position;

  if (store == NULL || !g_list_store_find (store, item, &position))
    {
      g_set_error_literal (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND,
                           _ ("This is not on the sheet."));
      return FALSE;
    }
  tkr_history_begin (history, label);
  tkr_history_set_destructive (history);
  tkr_history_remove (history, store, position);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_remove_ability (TkrCharacter *self,
                              TkrHistory *history,
                              TkrAbility *ability,
                              GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_ABILITY (ability), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* A shared statblock's abilities are never handed out, so @ability is
   * not one of them. */
  return remove_entry (SHARED (self) ? NULL : ABILITIES (self), history, ability,
                       N_ ("Remove Ability"), error);
}

gboolean
tkr_character_add_item (TkrCharacter *self, TkrHistory *history, TkrItem *item, GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_ITEM (item), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_new_entry (INVENTORY (self), item, tkr_item_get_name (item), error))
    return FALSE;

  tkr_history_begin (history, N_ ("Add Item"));
  tkr_history_append (history, INVENTORY (self), item);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_character_remove_item (TkrCharacter *self, TkrHistory *history, TkrItem *item, GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_ITEM (item), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return remove_entry (INVENTORY (self), history, item, N_ ("Remove Item"), error);
}

/* Conditions */

/**
 * tkr_character_add_condition:
 * @rules: (nullable): the rule data whose catalogue names conditions
 *
 * Returns: (transfer none) (nullable): the condition, which the sheet
 *   holds; %NULL with @error set when the name or count is refused.
 */
TkrCondition *
tkr_character_add_condition (TkrCharacter *self,
                             TkrHistory *history,
                             TkrRules *rules,
                             const char *name,
                             int stacks,
                             int turn,
                             GError **error)
{
  g_autofree char *trimmed = NULL;
  g_autoptr (GVariant) stack_turns = NULL;
  g_autoptr (TkrCondition) added = NULL;
  const TkrConditionInfo *info;
  TkrCondition *condition;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  g_return_val_if_fail (rules == NULL || TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (rules == NULL)
    rules = tkr_rules_get_default ();

  trimmed = check_name (name, _ ("A condition’s name"), error);
  if (trimmed == NULL || !check_range (stacks, 1, STACKS_MAX, _ ("Stacks"), error))
    return NULL;
  if (turn < TKR_TURN_NONE)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("%d is not a turn number."), turn);
      return NULL;
    }

  condition = tkr_character_find_condition (self, trimmed);
  if (condition != NULL)
    {
      /* Stacks beyond the maximum are not added (SRD, Status Conditions). */
      stack_turns = tkr_condition_stack_turns_with_added (condition, stacks, turn);
      tkr_history_begin (history, N_ ("Add Condition"));
      tkr_history_set (history, condition, "stack-turns", stack_turns);
      tkr_history_end (history);
      return condition;
    }

  info = tkr_rules_lookup_condition (rules, trimmed);
  if (info != NULL)
    added = tkr_condition_new_from_info (info);
  else
    added = tkr_condition_new (trimmed, TKR_CONDITION_KIND_FLEETING, CUSTOM_CONDITION_MAX_STACKS);

  /* Not yet on the sheet: the insert below is what undo takes back. */
  stack_turns = tkr_condition_stack_turns_with_added (added, stacks, turn);
  g_object_set (added, "stack-turns", stack_turns, NULL);

  tkr_history_begin (history, N_ ("Add Condition"));
  tkr_history_append (history, CONDITIONS (self), added);
  tkr_history_end (history);
  return added;
}

gboolean
tkr_character_remove_condition_stacks (
  TkrCharacter *self, TkrHistory *history, const char *name, int stacks, GError **error)
{
  g_autoptr (GVariant) stack_turns = NULL;
  TkrCondition *condition;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  condition = tkr_character_find_condition (self, name);
  if (condition == NULL)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND,
                   _ ("The character has no condition called “%s”."), name ? name : "");
      return FALSE;
    }
  if (!check_range (stacks, 1, STACKS_MAX, _ ("Stacks"), error))
    return FALSE;

  stack_turns = tkr_condition_stack_turns_with_removed (condition, stacks);
  tkr_history_begin (history, N_ ("Remove Condition"));
  tkr_history_set (history, condition, "stack-turns", stack_turns);
  /* Taking one stack off is routine; taking the condition away is offered
   * back. */
  if (tkr_condition_get_stacks (condition) == 0)
    {
      tkr_history_set_destructive (history);
      tkr_history_remove_item (history, CONDITIONS (self), condition);
    }
  tkr_history_end (history);
  return TRUE;
}

/* Seed 000, "Ending your Turn": one stack of every Fleeting condition is
 * erased, but not a stack gained during the Turn that ends. Persistent
 * conditions wait for their own end. */
guint
tkr_character_erase_fleeting_stacks (TkrCharacter *self, TkrHistory *history, int turn)
{
  GListModel *model;
  guint erased = 0;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);

  model = G_LIST_MODEL (self->conditions);
  tkr_history_begin (history, N_ ("Erase Fleeting Stacks"));
  /* Backwards, so removing a spent condition keeps the next index valid. */
  for (guint i = items_in (self->conditions); i > 0; i--)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (model, i - 1);
      g_autoptr (GVariant) stack_turns = tkr_condition_stack_turns_after_turn_end (condition, turn);

      if (stack_turns == NULL)
        continue;
      tkr_history_set (history, condition, "stack-turns", stack_turns);
      erased++;
      if (tkr_condition_get_stacks (condition) == 0)
        tkr_history_remove (history, self->conditions, i - 1);
    }
  tkr_history_end (history);
  return erased;
}

/* Experience and levels */

gboolean
tkr_character_award_experience (TkrCharacter *self, TkrHistory *history, int xp, GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_range (xp, 1, AWARD_MAX, _ ("An award"), error))
    return FALSE;
  if (xp > EXPERIENCE_MAX - self->experience)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("Experience cannot go above %d."), EXPERIENCE_MAX);
      return FALSE;
    }

  tkr_history_begin (history, N_ ("Award Experience"));
  tkr_history_set (history, self, "experience", self->experience + xp);
  tkr_history_end (history);
  return TRUE;
}

/* SRD, Experience: a Level Up every xp_per_level points, so Level L is
 * reached at (L - 1) * xp_per_level. */
int
tkr_character_get_level_ups_available (TkrCharacter *self, TkrRules *rules)
{
  int per_level;
  int available;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);

  /* Experience and levels belong to the character's own system: a sheet
   * of another system shown here counts by its own table. */
  if (lookup_known_rules (self->rule_system) != NULL)
    rules = lookup_known_rules (self->rule_system);
  if (rules == NULL)
    rules = tkr_rules_get_default ();
  per_level = MAX (1, tkr_rules_get_xp_per_level (rules));

  available = self->experience / per_level + 1 - self->level;
  available = MIN (available, LEVEL_MAX - self->level);
  return MAX (available, 0);
}

TkrRules *
tkr_character_get_own_rules (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  return lookup_known_rules (self->rule_system);
}

TkrRules *
tkr_character_lookup_rules (const char *system_id)
{
  return lookup_known_rules (system_id);
}

gboolean
tkr_character_level_up (
  TkrCharacter *self, TkrHistory *history, TkrRules *rules, const char *archetype, GError **error)
{
  g_autofree char *trimmed = NULL;
  TkrModifier *modifier;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (rules == NULL)
    rules = tkr_rules_get_default ();

  /* A system whose sheet has no Archetype Levels (rule data "sheet.shows",
   * help/C/pf2e.page) raises the Level alone. */
  if (archetype != NULL)
    {
      trimmed = check_name (archetype, _ ("An archetype’s name"), error);
      if (trimmed == NULL)
        return FALSE;
    }

  if (tkr_character_get_level_ups_available (self, rules) == 0)
    {
      if (self->level >= LEVEL_MAX)
        g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_CANNOT_LEVEL_UP,
                     _ ("Level %d is the highest level."), LEVEL_MAX);
      else
        g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_CANNOT_LEVEL_UP,
                     _ ("Level %d needs %d experience points; the character has %d."),
                     self->level + 1, self->level * tkr_rules_get_xp_per_level (rules),
                     self->experience);
      return FALSE;
    }

  modifier = trimmed != NULL && !SHARED (self)
               ? find_named (self->archetypes, (NameGetter) tkr_modifier_get_name, trimmed, NULL)
               : NULL;
  if (trimmed != NULL)
    {
      const char *spelling;
      int value;

      if (lookup_stat (self, TKR_MODIFIER_KIND_ARCHETYPE, trimmed, &spelling, &value) &&
          value >= ARCHETYPE_MAX)
        {
          g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                       _ ("%s is already at level %d, the highest."), spelling, ARCHETYPE_MAX);
          return FALSE;
        }
    }

  tkr_history_begin (history, N_ ("Level Up"));
  tkr_history_set (history, self, "level", self->level + 1);
  if (trimmed != NULL && SHARED (self))
    {
      g_auto (TkrStatblockBuilder) builder = { 0 };
      GArray *archetypes;
      int i;

      tkr_statblock_builder_init_from (&builder, self->statblock);
      archetypes = builder.lists[TKR_MODIFIER_KIND_ARCHETYPE];
      i = names_index (archetypes, trimmed);
      if (i >= 0)
        g_array_index (archetypes, TkrStatEntry, i).value++;
      else
        tkr_statblock_builder_add (&builder, TKR_MODIFIER_KIND_ARCHETYPE, trimmed, 1);
      set_statblock_in (self, history, &builder);
    }
  else if (modifier != NULL)
    tkr_history_set (history, modifier, "value", tkr_modifier_get_value (modifier) + 1);
  else if (trimmed != NULL)
    {
      g_autoptr (TkrModifier) added = tkr_modifier_new (TKR_MODIFIER_KIND_ARCHETYPE, trimmed, 1);
      tkr_history_append (history, ARCHETYPES (self), added);
    }
  tkr_history_end (history);
  return TRUE;
}

/* Rest after an encounter, as the rule data's "rest" says (SRD, Rest). */
gboolean
tkr_character_rest (TkrCharacter *self, TkrHistory *history, TkrRules *rules, GError **error)
{
  TkrPool *recoveries, *health, *vitality, *shield;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (rules == NULL)
    rules = tkr_rules_get_default ();

  recoveries = tkr_character_get_pool (self, TKR_POOL_RECOVERIES);
  health = tkr_character_get_pool (self, TKR_POOL_HEALTH);
  vitality = tkr_character_get_pool (self, TKR_POOL_VITALITY);
  shield = tkr_character_get_pool (self, TKR_POOL_SHIELD);

  if (tkr_rules_get_rest_spends_recovery (rules) && tkr_pool_get_current (recoveries) == 0)
    {
      g_set_error_literal (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                           _ ("No Recoveries are left to spend on a Rest."));
      return FALSE;
    }

  tkr_history_begin (history, N_ ("Rest"));
  if (tkr_rules_get_rest_spends_recovery (rules))
    tkr_history_set (history, recoveries, "current", tkr_pool_get_current (recoveries) - 1);
  if (tkr_rules_get_rest_heals_from_vitality (rules))
    {
      int healed = tkr_pool_get_current (health) + tkr_pool_get_current (vitality);

      tkr_history_set (history, health, "current", MIN (healed, tkr_pool_get_maximum (health)));
    }
  if (tkr_rules_get_rest_resets_shield (rules))
    tkr_history_set (history, shield, "current", tkr_pool_get_maximum (shield));
  tkr_history_end (history);
  return TRUE;
}

/* SRD, Episodes: at the end of an Episode, Health, Vitality, Shield, Dodge
 * Points and Recoveries return to their maximum and every condition clears,
 * including Exhausted, which clears at no other time. First Aid Kits are
 * supplies used up, not a pool that refills (RULES.md lists the five). */
void
tkr_character_end_episode (TkrCharacter *self, TkrHistory *history)
{
  static const TkrPoolKind refilled[] = {
    TKR_POOL_HEALTH, TKR_POOL_VITALITY, TKR_POOL_SHIELD, TKR_POOL_DODGE_POINTS, TKR_POOL_RECOVERIES,
  };

  g_return_if_fail (TKR_IS_CHARACTER (self));

  tkr_history_begin (history, N_ ("End Episode"));
  for (guint i = 0; i < G_N_ELEMENTS (refilled); i++)
    {
      TkrPool *pool = tkr_character_get_pool (self, refilled[i]);
      tkr_history_set (history, pool, "current", tkr_pool_get_maximum (pool));
    }
  for (guint i = items_in (self->conditions); i > 0; i--)
    tkr_history_remove (history, self->conditions, i - 1);
  tkr_history_end (history);
}

/* Rule-system fields */

/**
 * tkr_character_get_field:
 * @value: (out) (optional): the field's value
 *
 * Returns: whether the sheet has the field @id.
 */
gboolean
tkr_character_get_field (TkrCharacter *self, const char *id, int *value)
{
  int number;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);

  if (id == NULL || self->fields == NULL || !g_variant_lookup (self->fields, id, "i", &number))
    return FALSE;
  if (value != NULL)
    *value = number;
  return TRUE;
}

gboolean
tkr_character_set_field (TkrCharacter *self,
                         TkrHistory *history,
                         TkrRules *rules,
                         const char *id,
                         int value,
                         GError **error)
{
  const TkrSheetFieldInfo *info;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  info = tkr_rules_lookup_sheet_field (rules, id);
  if (info == NULL)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND,
                   _ ("%s has no field “%s” on the sheet"), tkr_rules_get_name (rules),
                   id ? id : "");
      return FALSE;
    }
  if (info->kind == TKR_SHEET_FIELD_TEXT || info->kind == TKR_SHEET_FIELD_LIST)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("%s is not a number"), tkr_rules_translate (info->name));
      return FALSE;
    }
  if (info->kind == TKR_SHEET_FIELD_POOL)
    {
      int maximum = info->default_value;
      g_autofree char *max_id = g_strconcat (info->id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);

      tkr_character_get_field (self, max_id, &maximum);
      return tkr_character_set_pool_field (self, history, rules, id, value, maximum, error);
    }
  if (!tkr_sheet_field_info_accepts (info, value))
    {
      if (info->n_choices > 0)
        {
          g_autoptr (GString) shown = g_string_new (NULL);

          for (guint i = 0; i < info->n_choices; i++)
            {
              if (i > 0)
                g_string_append (shown, ", ");
              if (info->labels != NULL)
                g_string_append (shown, tkr_rules_translate (info->labels[i]));
              else
                g_string_append_printf (shown, "%d", info->choices[i]);
            }
          g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                       /* Translators: a field such as "Finesse Die", then its choices "d4, d6" */
                       _ ("%s must be one of %s"), tkr_rules_translate (info->name), shown->str);
        }
      else
        g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                     /* Translators: a field such as "Walking Speed", then its bounds */
                     _ ("%s must be from %d to %d"), tkr_rules_translate (info->name), info->min,
                     info->max);
      return FALSE;
    }

  /* Translators: an undo label, %s is a field such as "Finesse Die" */
  tkr_history_begin_message (history, N_ ("Set %s"), tkr_message_name (info->name), NULL);
  tkr_history_set (history, self, "fields", fields_with (self->fields, info->id, value));
  tkr_history_end (history);
  return TRUE;
}

static const TkrSheetFieldInfo *
lookup_field_of_kind (TkrRules *rules, const char *id, TkrSheetFieldKind kind, GError **error)
{
  const TkrSheetFieldInfo *info = tkr_rules_lookup_sheet_field (rules, id);

  if (info == NULL)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND,
                   _ ("%s has no field “%s” on the sheet"), tkr_rules_get_name (rules),
                   id ? id : "");
      return NULL;
    }
  if (info->kind != kind)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("%s does not hold that kind of value"), tkr_rules_translate (info->name));
      return NULL;
    }
  return info;
}

/*
 * A pool field (rule data kind "pool"): its current value under its id,
 * its maximum under the id + "_max". The two may be changed in any order:
 * a maximum lowered below the current value takes the current value down
 * with it, and a current value may go up to the maximum (help/C/first-sheet.page).
 */
gboolean
tkr_character_set_pool_field (TkrCharacter *self,
                              TkrHistory *history,
                              TkrRules *rules,
                              const char *id,
                              int current,
                              int maximum,
                              GError **error)
{
  const TkrSheetFieldInfo *info;
  g_autofree char *max_id = NULL;
  g_autoptr (GVariant) fields = NULL;
  int old_maximum = 0;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);

  info = lookup_field_of_kind (rules, id, TKR_SHEET_FIELD_POOL, error);
  if (info == NULL)
    return FALSE;
  max_id = g_strconcat (info->id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);
  if (maximum < info->min || maximum > info->max)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   /* Translators: a pool such as "Mana", then its bounds */
                   _ ("The maximum of %s must be from %d to %d"), tkr_rules_translate (info->name),
                   info->min, info->max);
      return FALSE;
    }
  if (!tkr_character_get_field (self, max_id, &old_maximum) || maximum < old_maximum)
    current = MIN (current, maximum);
  if (current < info->min || current > maximum)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   /* Translators: a pool such as "Mana", then its bounds */
                   _ ("%s must be from %d to its maximum, %d"), tkr_rules_translate (info->name),
                   info->min, maximum);
      return FALSE;
    }
  fields = g_variant_ref_sink (fields_with (self->fields, max_id, maximum));
  tkr_history_begin_message (history, N_ ("Set %s"), tkr_message_name (info->name), NULL);
  tkr_history_set (history, self, "fields", fields_with (fields, info->id, current));
  tkr_history_end (history);
  return TRUE;
}

/* Returns: (transfer floating) (nullable): @dictionary (a{s@type}) with
 * @id set to @value, or removed when @value is NULL, sorted by id. */
static GVariant *
dictionary_with (GVariant *dictionary, const char *type, const char *id, GVariant *value)
{
  g_autoptr (GTree) tree =
    g_tree_new_full (compare_ids, NULL, g_free, (GDestroyNotify) g_variant_unref);
  g_autoptr (GVariantType) entry_type = NULL;
  g_autoptr (GVariant) sunk = value ? g_variant_ref_sink (value) : NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  GVariant *item;

  if (dictionary != NULL)
    {
      g_variant_iter_init (&iter, dictionary);
      while (g_variant_iter_next (&iter, "{&s@*}", &key, &item))
        g_tree_insert (tree, g_strdup (key), item);
    }
  if (sunk != NULL)
    g_tree_insert (tree, g_strdup (id), g_variant_ref (sunk));
  else
    g_tree_remove (tree, id);
  if (g_tree_nnodes (tree) == 0)
    return NULL;

  entry_type = g_variant_type_new (type);
  g_variant_builder_init (&builder, entry_type);
  for (GTreeNode *node = g_tree_node_first (tree); node != NULL; node = g_tree_node_next (node))
    g_variant_builder_add (&builder, "{s@*}", (const char *) g_tree_node_key (node),
                           (GVariant *) g_tree_node_value (node));
  return g_variant_builder_end (&builder);
}

const char *
tkr_character_get_text (TkrCharacter *self, const char *id)
{
  const char *text = NULL;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  if (id == NULL || self->texts == NULL || !g_variant_lookup (self->texts, id, "&s", &text))
    return NULL;
  return text;
}

/* Text fields (rule data kind "text"): an empty text removes the field. */
gboolean
tkr_character_set_text (TkrCharacter *self,
                        TkrHistory *history,
                        TkrRules *rules,
                        const char *id,
                        const char *text,
                        GError **error)
{
  const TkrSheetFieldInfo *info;
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);

  info = lookup_field_of_kind (rules, id, TKR_SHEET_FIELD_TEXT, error);
  if (info == NULL)
    return FALSE;
  if (text == NULL)
    text = "";
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("%s is not readable text"), tkr_rules_translate (info->name));
      return FALSE;
    }
  trimmed = g_strstrip (g_strdup (text));
  if (g_utf8_strlen (trimmed, -1) > info->max)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   /* Translators: a field such as "Ancestry", then a number of characters */
                   _ ("%s must be at most %d characters long"), tkr_rules_translate (info->name),
                   info->max);
      return FALSE;
    }
  if (g_strcmp0 (trimmed,
                 tkr_character_get_text (self, id) ? tkr_character_get_text (self, id) : "") == 0)
    return TRUE;
  tkr_history_begin_message (history, N_ ("Set %s"), tkr_message_name (info->name), NULL);
  tkr_history_set (history, self, "texts",
                   dictionary_with (self->texts, "a{ss}", info->id,
                                    *trimmed ? g_variant_new_string (trimmed) : NULL));
  tkr_history_end (history);
  return TRUE;
}

/**
 * tkr_character_get_list:
 *
 * Returns: (transfer full) (nullable): the lines of the list field @id,
 *   %NULL when the sheet has none.
 */
GStrv
tkr_character_get_list (TkrCharacter *self, const char *id)
{
  GStrv lines = NULL;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);
  if (id == NULL || self->lists == NULL || !g_variant_lookup (self->lists, id, "^as", &lines))
    return NULL;
  return lines;
}

/* List fields (rule data kind "list"): the whole list at once, one step;
 * empty lines are left out, an empty list removes the field. */
gboolean
tkr_character_set_list (TkrCharacter *self,
                        TkrHistory *history,
                        TkrRules *rules,
                        const char *id,
                        const char *const *lines,
                        GError **error)
{
  const TkrSheetFieldInfo *info;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) kept = NULL;
  g_auto (GStrv) before = NULL;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);

  info = lookup_field_of_kind (rules, id, TKR_SHEET_FIELD_LIST, error);
  if (info == NULL)
    return FALSE;
  for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
    {
      g_autofree char *line = NULL;

      if (!g_utf8_validate (lines[i], -1, NULL))
        {
          g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                       _ ("%s is not readable text"), tkr_rules_translate (info->name));
          return FALSE;
        }
      line = g_strstrip (g_strdup (lines[i]));
      if (g_utf8_strlen (line, -1) > NAME_MAX_CHARS * 4)
        {
          g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                       _ ("A line of %s must be at most %d characters long"),
                       tkr_rules_translate (info->name), NAME_MAX_CHARS * 4);
          return FALSE;
        }
      if (*line != '\0')
        g_strv_builder_add (builder, line);
    }
  kept = g_strv_builder_end (builder);
  if (g_strv_length (kept) > (guint) info->max)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("%s holds at most %d lines"), tkr_rules_translate (info->name), info->max);
      return FALSE;
    }
  before = tkr_character_get_list (self, id);
  if ((before == NULL && kept[0] == NULL) ||
      (before != NULL && g_strv_equal ((const char *const *) before, (const char *const *) kept)))
    return TRUE;
  tkr_history_begin_message (history, N_ ("Set %s"), tkr_message_name (info->name), NULL);
  tkr_history_set (
    history, self, "lists",
    dictionary_with (self->lists, "a{sas}", info->id,
                     kept[0] != NULL ? g_variant_new_strv ((const char *const *) kept, -1) : NULL));
  tkr_history_end (history);
  return TRUE;
}

/* A save's or skill's proficiency rank is kept as the field "rank_" and
 * its name in lower case with "_" for anything but letters and digits. */
static char *
rank_field_id (const char *name)
{
  g_autofree char *lower = g_utf8_strdown (name, -1);
  GString *id = g_string_new ("rank_");

  for (const char *p = lower; *p != '\0'; p++)
    g_string_append_c (id, g_ascii_isalnum (*p) ? *p : '_');
  return g_string_free (id, FALSE);
}

int
tkr_character_get_rank (TkrCharacter *self, const char *name)
{
  g_autofree char *id = NULL;
  int rank = 0;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), 0);
  if (name == NULL)
    return 0;
  id = rank_field_id (name);
  tkr_character_get_field (self, id, &rank);
  return rank;
}

gboolean
tkr_character_set_rank (TkrCharacter *self,
                        TkrHistory *history,
                        TkrRules *rules,
                        const char *name,
                        int rank,
                        GError **error)
{
  const char *const *ranks;
  g_autofree char *id = NULL;
  int before = 0;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);

  ranks = tkr_rules_get_ranks (rules);
  if (ranks == NULL)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("%s has no proficiency ranks"),
                   tkr_rules_translate (tkr_rules_get_name (rules)));
      return FALSE;
    }
  if (name == NULL || *name == '\0' || g_utf8_strlen (name, -1) > NAME_MAX_CHARS)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("A rank needs the name of a save or skill"));
      return FALSE;
    }
  if (rank < 0 || rank >= (int) g_strv_length ((GStrv) ranks))
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("A rank must be from %s to %s"), tkr_rules_translate (ranks[0]),
                   tkr_rules_translate (ranks[g_strv_length ((GStrv) ranks) - 1]));
      return FALSE;
    }
  id = rank_field_id (name);
  if (tkr_character_get_field (self, id, &before) && before == rank)
    return TRUE;
  /* Translators: an undo label, %s is a skill such as "Athletics" */
  tkr_history_begin_message (history, N_ ("Set the rank of %s"), tkr_message_name (name), NULL);
  tkr_history_set (history, self, "fields", fields_with (self->fields, id, rank));
  tkr_history_end (history);
  return TRUE;
}

static void
adopt_modifiers (TkrCharacter *self,
                 TkrHistory *history,
                 TkrModifierKind kind,
                 const char *const *names)
{
  GListStore *store;

  if (SHARED (self))
    {
      g_auto (TkrStatblockBuilder) builder = { 0 };

      /* Unchanged, the same statblock comes back: no change is made. */
      tkr_statblock_builder_init_from (&builder, self->statblock);
      for (guint i = 0; names && names[i]; i++)
        if (names_index (builder.lists[kind], names[i]) < 0)
          tkr_statblock_builder_add (&builder, kind, names[i], 0);
      set_statblock_in (self, history, &builder);
      return;
    }
  store = store_for_modifier_kind (self, kind, names != NULL && names[0] != NULL);

  for (guint i = 0; names && names[i]; i++)
    if (find_named (store, (NameGetter) tkr_modifier_get_name, names[i], NULL) == NULL)
      {
        g_autoptr (TkrModifier) added = tkr_modifier_new (kind, names[i], 0);
        tkr_history_append (history, store, added);
      }
}

void
tkr_character_adopt_rules (TkrCharacter *self, TkrHistory *history, TkrRules *rules)
{
  g_autoptr (GVariant) fields = NULL;

  g_return_if_fail (TKR_IS_CHARACTER (self));
  g_return_if_fail (TKR_IS_RULES (rules));

  /* Nothing is taken away: a sheet moved to another system and back keeps
   * every number it had, and values of the old system stay for the GM. */
  tkr_history_begin (history, N_ ("Change the rule system"));
  tkr_history_set (history, self, "rule-system", tkr_rules_get_id (rules));
  adopt_modifiers (self, history, TKR_MODIFIER_KIND_SAVE, tkr_rules_get_save_names (rules));
  adopt_modifiers (self, history, TKR_MODIFIER_KIND_SKILL, tkr_rules_get_skill_names (rules));
  fields = fields_with_defaults (self->fields, rules);
  if (fields != NULL)
    tkr_history_set (history, self, "fields", fields);
  tkr_history_end (history);
}

/* Files */

static JsonNode *
object_node (JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);
  return node;
}

static void
write_modifiers (TkrJsonWriter *writer, const char *name, GListStore *store)
{
  GListModel *model = G_LIST_MODEL (store);
  /* A list not made yet (tkr-character.c reads it on first use) is empty. */
  guint n = items_in (store);

  tkr_json_writer_begin_array (writer, name);
  for (guint i = 0; i < n; i++)
    {
      TkrModifier *modifier = g_list_model_get_item (model, i);

      tkr_json_writer_begin_object (writer, NULL);
      tkr_json_writer_string (writer, "name", tkr_modifier_get_name (modifier));
      tkr_json_writer_int (writer, "value", tkr_modifier_get_value (modifier));
      tkr_json_writer_end_object (writer);
      g_object_unref (modifier);
    }
  tkr_json_writer_end_array (writer);
}

/* The same text from a shared statblock. */
static void
write_stat_list (TkrJsonWriter *writer, const char *name, TkrStatblock *statblock, guint list)
{
  const char *value_name = list == TKR_STAT_RANGES ? "units" : "value";

  tkr_json_writer_begin_array (writer, name);
  for (guint i = 0; i < tkr_statblock_get_n (statblock, list); i++)
    {
      const TkrStatEntry *entry = tkr_statblock_get (statblock, list, i);

      tkr_json_writer_begin_object (writer, NULL);
      tkr_json_writer_string (writer, "name", entry->name);
      tkr_json_writer_int (writer, value_name, entry->value);
      tkr_json_writer_end_object (writer);
    }
  tkr_json_writer_end_array (writer);
}

static void
write_statblock (TkrStatblock *statblock, TkrJsonWriter *writer)
{
  write_stat_list (writer, "saves", statblock, TKR_MODIFIER_KIND_SAVE);
  write_stat_list (writer, "skills", statblock, TKR_MODIFIER_KIND_SKILL);
  write_stat_list (writer, "archetypes", statblock, TKR_MODIFIER_KIND_ARCHETYPE);
  write_stat_list (writer, "movement_ranges", statblock, TKR_STAT_RANGES);
  tkr_json_writer_begin_array (writer, "abilities");
  for (guint i = 0; i < tkr_statblock_get_n_abilities (statblock); i++)
    tkr_ability_write_json (tkr_statblock_get_ability (statblock, i), writer, NULL);
  tkr_json_writer_end_array (writer);
}

static void
write_lists (TkrCharacter *self, TkrJsonWriter *writer)
{
  GListModel *model;
  guint n;

  write_modifiers (writer, "saves", self->saves);
  write_modifiers (writer, "skills", self->skills);
  write_modifiers (writer, "archetypes", self->archetypes);

  model = G_LIST_MODEL (self->movement_ranges);
  n = g_list_model_get_n_items (model);
  tkr_json_writer_begin_array (writer, "movement_ranges");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrMovementRange) range = g_list_model_get_item (model, i);

      tkr_json_writer_begin_object (writer, NULL);
      tkr_json_writer_string (writer, "name", tkr_movement_range_get_name (range));
      tkr_json_writer_int (writer, "units", tkr_movement_range_get_units (range));
      tkr_json_writer_end_object (writer);
    }
  tkr_json_writer_end_array (writer);

  model = G_LIST_MODEL (self->abilities);
  n = items_in (self->abilities);
  tkr_json_writer_begin_array (writer, "abilities");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrAbility) ability = g_list_model_get_item (model, i);
      tkr_ability_write_json (ability, writer, NULL);
    }
  tkr_json_writer_end_array (writer);
}

/* The fields (a{si}) or texts (a{ss}) as an object. The fields are read
 * from their serialised form (tkr-int-dict.h), the texts entry by entry,
 * not through g_variant_iter_next ()'s format string, which is parsed
 * again for every entry: a save writes every field of every sheet
 * (docs/ARCHITECTURE.md, "Files"). */
static void
write_dictionary (TkrJsonWriter *writer, const char *name, GVariant *dictionary, gboolean texts)
{
  TkrIntDictIter fields;
  gsize n;

  tkr_json_writer_begin_object (writer, name);
  if (!texts && tkr_int_dict_iter_init (&fields, dictionary))
    {
      const char *key;
      int value;

      while (tkr_int_dict_iter_next (&fields, &key, &value))
        tkr_json_writer_int (writer, key, value);
      tkr_json_writer_end_object (writer);
      return;
    }
  n = g_variant_n_children (dictionary);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr (GVariant) entry = g_variant_get_child_value (dictionary, i);
      g_autoptr (GVariant) key = g_variant_get_child_value (entry, 0);
      g_autoptr (GVariant) value = g_variant_get_child_value (entry, 1);

      if (texts)
        tkr_json_writer_string (writer, g_variant_get_string (key, NULL),
                                g_variant_get_string (value, NULL));
      else
        tkr_json_writer_int (writer, g_variant_get_string (key, NULL), g_variant_get_int32 (value));
    }
  tkr_json_writer_end_object (writer);
}

/**
 * tkr_character_write_json:
 * @name: the member's name, or %NULL in an array
 *
 * Writes every field of the sheet through a writer that streams the text
 * (a campaign's save) or builds the tree (tkr_character_to_json): one
 * description of the file for both.
 */
void
tkr_character_write_json (TkrCharacter *self, TkrJsonWriter *writer, const char *name)
{
  GListModel *model;
  guint n;

  g_return_if_fail (TKR_IS_CHARACTER (self));

  tkr_json_writer_begin_object (writer, name);
  tkr_json_writer_string (writer, "id", self->id);
  tkr_json_writer_string (writer, "name", self->name);
  tkr_json_writer_string (writer, "player", self->player);
  tkr_json_writer_string (writer, "kind", kind_nicks[self->kind]);
  tkr_json_writer_string (writer, "rule_system", self->rule_system);
  tkr_json_writer_int (writer, "level", self->level);
  tkr_json_writer_int (writer, "experience", self->experience);
  tkr_json_writer_int (writer, "wealth", self->wealth);
  tkr_json_writer_string (writer, "notes", self->notes);
  /* Only when it has one, so files from before save the same. */
  if (*self->health_formula != '\0')
    tkr_json_writer_string (writer, "health_formula", self->health_formula);

  tkr_json_writer_begin_object (writer, "pools");
  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      TkrPool *pool = tkr_character_get_pool (self, i);

      tkr_json_writer_begin_object (writer, tkr_pool_kind_to_id (i));
      tkr_json_writer_int (writer, "current", tkr_pool_get_current (pool));
      tkr_json_writer_int (writer, "maximum", tkr_pool_get_maximum (pool));
      tkr_json_writer_end_object (writer);
    }
  tkr_json_writer_end_object (writer);

  if (self->fields != NULL)
    write_dictionary (writer, "fields", self->fields, FALSE);
  /* Only sheets with texts or lists write them, so a file from before they
   * existed saves the same bytes. */
  if (self->texts != NULL)
    write_dictionary (writer, "texts", self->texts, TRUE);
  if (self->lists != NULL)
    {
      GVariantIter iter;
      const char *key;
      GVariant *lines;

      tkr_json_writer_begin_object (writer, "lists");
      g_variant_iter_init (&iter, self->lists);
      while (g_variant_iter_next (&iter, "{&s@as}", &key, &lines))
        {
          GVariantIter line_iter;
          const char *line;

          tkr_json_writer_begin_array (writer, key);
          g_variant_iter_init (&line_iter, lines);
          while (g_variant_iter_next (&line_iter, "&s", &line))
            tkr_json_writer_string (writer, NULL, line);
          tkr_json_writer_end_array (writer);
          g_variant_unref (lines);
        }
      tkr_json_writer_end_object (writer);
    }

  if (SHARED (self))
    write_statblock (self->statblock, writer);
  else
    write_lists (self, writer);

  model = G_LIST_MODEL (self->conditions);
  n = items_in (self->conditions);
  tkr_json_writer_begin_array (writer, "conditions");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (model, i);
      tkr_condition_write_json (condition, writer, NULL);
    }
  tkr_json_writer_end_array (writer);

  model = G_LIST_MODEL (self->inventory);
  n = items_in (self->inventory);
  tkr_json_writer_begin_array (writer, "inventory");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrItem) item = g_list_model_get_item (model, i);

      tkr_json_writer_begin_object (writer, NULL);
      tkr_json_writer_string (writer, "name", tkr_item_get_name (item));
      tkr_json_writer_int (writer, "quantity", tkr_item_get_quantity (item));
      tkr_json_writer_string (writer, "notes", tkr_item_get_notes (item));
      tkr_json_writer_end_object (writer);
    }
  tkr_json_writer_end_array (writer);
  tkr_json_writer_end_object (writer);
}

/**
 * tkr_character_to_json:
 *
 * Returns: (transfer full): an object holding every field of the sheet.
 */
JsonNode *
tkr_character_to_json (TkrCharacter *self)
{
  TkrJsonWriter writer;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);

  tkr_json_writer_init_tree (&writer);
  tkr_character_write_json (self, &writer, NULL);
  return tkr_json_writer_finish_tree (&writer);
}

/* A name read from a file, held to the same rule as a typed one. */
static char *
read_name (JsonObject *object, const char *path, GError **error)
{
  g_autofree char *name = NULL;

  if (!tkr_json_get_string (object, "name", path, TRUE, NULL, &name, error))
    return NULL;
  g_strstrip (name);
  if (*name == '\0' || g_utf8_strlen (name, -1) > NAME_MAX_CHARS)
    {
      g_autofree char *name_path = tkr_json_path (path, "name");
      tkr_json_set_error (error, name_path, _ ("a name must be 1 to %d characters long"),
                          NAME_MAX_CHARS);
      return NULL;
    }
  return g_steal_pointer (&name);
}

/* Two entries of one list may not share a name: the sheet finds them by
 * name, so the second would never be seen. */
static gboolean
check_unique (GHashTable *seen, const char *name, const char *path, GError **error)
{
  gboolean ascii = TRUE;
  char *key;

  /* Case folding ASCII is lowering it, at a fraction of the cost (a
   * large campaign's load; README, "Performance"). */
  for (const char *c = name; *c != '\0' && ascii; c++)
    ascii = (guchar) *c < 0x80;
  key = ascii ? g_ascii_strdown (name, -1) : g_utf8_casefold (name, -1);

  if (!g_hash_table_add (seen, key))
    {
      g_autofree char *name_path = tkr_json_path (path, "name");
      tkr_json_set_error (error, name_path, _ ("“%s” is listed twice"), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_pools (TkrCharacter *self, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *pools_path = tkr_json_path (path, "pools");
  JsonObject *pools;

  if (!tkr_json_get_object (object, "pools", path, FALSE, &pools, error))
    return FALSE;
  if (pools == NULL)
    return TRUE;

  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      g_autofree char *pool_path = tkr_json_path (pools_path, tkr_pool_kind_to_id (i));
      TkrPool *pool = tkr_character_get_pool (self, i);
      JsonObject *pool_object;
      gint64 current, maximum;

      if (!tkr_json_get_object (pools, tkr_pool_kind_to_id (i), pools_path, FALSE, &pool_object,
                                error))
        return FALSE;
      if (pool_object == NULL)
        continue;
      if (!tkr_json_get_int (pool_object, "maximum", pool_path, TRUE, 0, POOL_MAX, 0, &maximum,
                             error) ||
          !tkr_json_get_int (pool_object, "current", pool_path, TRUE, 0, POOL_MAX, 0, &current,
                             error))
        return FALSE;
      if (current > maximum)
        {
          g_autofree char *current_path = tkr_json_path (pool_path, "current");
          tkr_json_set_error (error, current_path, _ ("%d is more than the maximum, %d"),
                              (int) current, (int) maximum);
          return FALSE;
        }
      tkr_pool_set_maximum (pool, (int) maximum);
      tkr_pool_set_current (pool, (int) current);
    }
  return TRUE;
}

/* Returns FALSE on error; *present says whether the file had the list. */
static gboolean
read_modifiers (TkrStatblockBuilder *builder,
                JsonObject *object,
                const char *member,
                TkrModifierKind kind,
                const char *path,
                gboolean *present,
                GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *list_path = tkr_json_path (path, member);
  gboolean archetype = kind == TKR_MODIFIER_KIND_ARCHETYPE;
  JsonArray *array;

  *present = FALSE;
  if (!tkr_json_get_array (object, member, path, FALSE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;
  *present = TRUE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL;
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      gint64 value;

      if (item == NULL || !(name = read_name (item, item_path, error)) ||
          !check_unique (seen, name, item_path, error) ||
          !tkr_json_get_int (item, "value", item_path, FALSE, archetype ? 0 : MODIFIER_MIN,
                             archetype ? ARCHETYPE_MAX : MODIFIER_MAX, 0, &value, error))
        return FALSE;
      tkr_statblock_builder_add (builder, kind, name, (int) value);
    }
  return TRUE;
}

static gboolean
read_ranges (TkrStatblockBuilder *builder,
             JsonObject *object,
             const char *path,
             gboolean *present,
             GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *list_path = tkr_json_path (path, "movement_ranges");
  JsonArray *array;

  *present = FALSE;
  if (!tkr_json_get_array (object, "movement_ranges", path, FALSE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;
  *present = TRUE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL;
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      gint64 units;

      if (item == NULL || !(name = read_name (item, item_path, error)) ||
          !check_unique (seen, name, item_path, error) ||
          !tkr_json_get_int (item, "units", item_path, TRUE, 0, UNITS_MAX, 0, &units, error))
        return FALSE;
      tkr_statblock_builder_add (builder, TKR_STAT_RANGES, name, (int) units);
    }
  return TRUE;
}

G_LOCK_DEFINE_STATIC (known_rules);

/* Returns: (transfer none) (nullable): the built-in rule data of @system,
 * loaded once (files load on worker threads, hence the lock). */
static TkrRules *
lookup_known_rules (const char *system)
{
  static GHashTable *known;
  TkrRules *rules;

  if (system == NULL || *system == '\0')
    return NULL;
  if (g_strcmp0 (system, tkr_rules_get_id (tkr_rules_get_default ())) == 0)
    return tkr_rules_get_default ();

  G_LOCK (known_rules);
  if (known == NULL)
    known = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  rules = g_hash_table_lookup (known, system);
  if (rules == NULL)
    {
      rules = tkr_rules_new_from_resource (system, NULL);
      /* A system of a newer version: its fields are kept unchecked. */
      if (rules != NULL)
        g_hash_table_insert (known, g_strdup (system), rules);
    }
  G_UNLOCK (known_rules);
  return rules;
}

/* "fields": checked against the rule system when this version knows it;
 * ids it does not know are kept (a sheet from a newer version loses
 * nothing) but must still hold whole numbers. */
static gboolean
read_fields (TkrCharacter *self, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *fields_path = tkr_json_path (path, "fields");
  g_autoptr (GVariant) fields = NULL;
  g_autoptr (GTree) tree = g_tree_new_full (compare_ids, NULL, g_free, NULL);
  TkrRules *rules = lookup_known_rules (self->rule_system);
  JsonObject *fields_object;
  GList *members;
  gboolean ok = TRUE;

  if (!tkr_json_get_object (object, "fields", path, FALSE, &fields_object, error))
    return FALSE;
  if (fields_object == NULL)
    return TRUE;
  if (json_object_get_size (fields_object) > FIELDS_MAX)
    {
      tkr_json_set_error (error, fields_path, _ ("a sheet holds at most %d fields"), FIELDS_MAX);
      return FALSE;
    }

  members = json_object_get_members (fields_object);
  for (GList *l = members; ok && l != NULL; l = l->next)
    {
      const char *id = l->data;
      g_autofree char *field_path = tkr_json_path (fields_path, id);
      const TkrSheetFieldInfo *info = rules ? tkr_rules_lookup_sheet_field (rules, id) : NULL;
      gint64 value;

      if (*id == '\0' || g_utf8_strlen (id, -1) > NAME_MAX_CHARS)
        {
          tkr_json_set_error (error, fields_path, _ ("a field id must be 1 to %d characters long"),
                              NAME_MAX_CHARS);
          ok = FALSE;
        }
      else if (!tkr_json_get_int (fields_object, id, fields_path, TRUE, FIELD_VALUE_MIN,
                                  FIELD_VALUE_MAX, 0, &value, error))
        ok = FALSE;
      else if (info != NULL && !tkr_sheet_field_info_accepts (info, (int) value))
        {
          if (info->n_choices > 0)
            tkr_json_set_error (error, field_path, _ ("%d is not a choice of %s"), (int) value,
                                tkr_rules_translate (info->name));
          else
            tkr_json_set_error (error, field_path, _ ("%s must be from %d to %d"),
                                tkr_rules_translate (info->name), info->min, info->max);
          ok = FALSE;
        }
      else
        g_tree_insert (tree, g_strdup (id), GINT_TO_POINTER ((int) value));
    }
  g_list_free (members);
  /* Sorted by id once, as fields_with() keeps them (not a new variant
   * per field: a Pathfinder 2e sheet has dozens; README, "Performance"). */
  if (ok && g_tree_nnodes (tree) > 0)
    fields = g_variant_ref_sink (fields_of_tree (tree));
  if (ok)
    g_object_set (self, "fields", fields, NULL);
  return ok;
}

/* The most characters of one text or line, and lines of one list, in a file. */
#define TEXT_MAX_CHARS 10000
#define LIST_MAX_LINES 1000

static gboolean
check_dictionary_id (const char *id, const char *dictionary_path, GError **error)
{
  if (*id == '\0' || g_utf8_strlen (id, -1) > NAME_MAX_CHARS)
    {
      tkr_json_set_error (error, dictionary_path, _ ("a field id must be 1 to %d characters long"),
                          NAME_MAX_CHARS);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_text (JsonNode *node, const char *text_path, GError **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    {
      tkr_json_set_error (error, text_path, _ ("expected text"));
      return FALSE;
    }
  if (g_utf8_strlen (json_node_get_string (node), -1) > TEXT_MAX_CHARS)
    {
      tkr_json_set_error (error, text_path, _ ("a text must be at most %d characters long"),
                          TEXT_MAX_CHARS);
      return FALSE;
    }
  return TRUE;
}

/* "texts" and "lists": the rule system's text and list fields (the
 * Pathfinder 2e ancestry, feats...), kept whatever their id, as "fields". */
static gboolean
read_texts_and_lists (TkrCharacter *self, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *texts_path = tkr_json_path (path, "texts");
  g_autofree char *lists_path = tkr_json_path (path, "lists");
  g_autoptr (GVariant) texts = NULL;
  g_autoptr (GVariant) lists = NULL;
  JsonObject *dictionary;
  GList *members;
  gboolean ok = TRUE;

  if (!tkr_json_get_object (object, "texts", path, FALSE, &dictionary, error))
    return FALSE;
  if (dictionary != NULL && json_object_get_size (dictionary) > FIELDS_MAX)
    {
      tkr_json_set_error (error, texts_path, _ ("a sheet holds at most %d fields"), FIELDS_MAX);
      return FALSE;
    }
  members = dictionary ? json_object_get_members (dictionary) : NULL;
  for (GList *l = members; ok && l != NULL; l = l->next)
    {
      const char *id = l->data;
      g_autofree char *text_path = tkr_json_path (texts_path, id);
      JsonNode *node = json_object_get_member (dictionary, id);

      ok = check_dictionary_id (id, texts_path, error) && check_text (node, text_path, error);
      if (ok && *json_node_get_string (node) != '\0')
        {
          GVariant *next = g_variant_ref_sink (dictionary_with (
            texts, "a{ss}", id, g_variant_new_string (json_node_get_string (node))));
          g_clear_pointer (&texts, g_variant_unref);
          texts = next;
        }
    }
  g_list_free (members);
  if (!ok)
    return FALSE;

  if (!tkr_json_get_object (object, "lists", path, FALSE, &dictionary, error))
    return FALSE;
  if (dictionary != NULL && json_object_get_size (dictionary) > FIELDS_MAX)
    {
      tkr_json_set_error (error, lists_path, _ ("a sheet holds at most %d fields"), FIELDS_MAX);
      return FALSE;
    }
  members = dictionary ? json_object_get_members (dictionary) : NULL;
  for (GList *l = members; ok && l != NULL; l = l->next)
    {
      const char *id = l->data;
      g_autofree char *list_path = tkr_json_path (lists_path, id);
      g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
      g_auto (GStrv) lines = NULL;
      JsonArray *array;

      if (!check_dictionary_id (id, lists_path, error) ||
          !tkr_json_get_array (dictionary, id, lists_path, TRUE, &array, error))
        {
          ok = FALSE;
          break;
        }
      if (json_array_get_length (array) > LIST_MAX_LINES)
        {
          tkr_json_set_error (error, list_path, _ ("a list holds at most %d lines"),
                              LIST_MAX_LINES);
          ok = FALSE;
          break;
        }
      for (guint i = 0; ok && i < json_array_get_length (array); i++)
        {
          g_autofree char *line_path = tkr_json_path_index (list_path, i);
          JsonNode *node = json_array_get_element (array, i);

          ok = check_text (node, line_path, error);
          if (ok)
            g_strv_builder_add (builder, json_node_get_string (node));
        }
      lines = g_strv_builder_end (builder);
      if (ok && lines[0] != NULL)
        {
          GVariant *next = g_variant_ref_sink (dictionary_with (
            lists, "a{sas}", id, g_variant_new_strv ((const char *const *) lines, -1)));
          g_clear_pointer (&lists, g_variant_unref);
          lists = next;
        }
    }
  g_list_free (members);
  if (ok)
    g_object_set (self, "texts", texts, "lists", lists, NULL);
  return ok;
}

static gboolean
read_abilities (TkrStatblockBuilder *builder, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "abilities");
  JsonArray *array;

  if (!tkr_json_get_array (object, "abilities", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      TkrAbility *ability =
        tkr_ability_new_from_json (json_array_get_element (array, i), item_path, error);

      if (ability == NULL)
        return FALSE;
      tkr_statblock_builder_take_ability (builder, ability);
    }
  return TRUE;
}

static gboolean
read_conditions (TkrCharacter *self, JsonObject *object, const char *path, GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *list_path = tkr_json_path (path, "conditions");
  JsonArray *array;

  if (!tkr_json_get_array (object, "conditions", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autoptr (TkrCondition) condition =
        tkr_condition_new_from_json (json_array_get_element (array, i), item_path, error);

      if (condition == NULL ||
          !check_unique (seen, tkr_condition_get_name (condition), item_path, error))
        return FALSE;
      /* A condition without stacks is not on the sheet at all. */
      if (tkr_condition_get_stacks (condition) == 0)
        {
          g_autofree char *turns_path = tkr_json_path (item_path, "stack_turns");
          tkr_json_set_error (error, turns_path, _ ("a condition needs at least one stack"));
          return FALSE;
        }
      g_list_store_append (CONDITIONS (self), condition);
    }
  return TRUE;
}

static gboolean
read_inventory (TkrCharacter *self, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "inventory");
  JsonArray *array;

  if (!tkr_json_get_array (object, "inventory", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL;
      g_autofree char *notes = NULL;
      g_autoptr (TkrItem) item = NULL;
      JsonObject *item_object =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      gint64 quantity;

      if (item_object == NULL || !(name = read_name (item_object, item_path, error)) ||
          !tkr_json_get_int (item_object, "quantity", item_path, FALSE, 0, QUANTITY_MAX, 1,
                             &quantity, error) ||
          !tkr_json_get_string (item_object, "notes", item_path, FALSE, "", &notes, error))
        return FALSE;
      item = tkr_item_new (name, (int) quantity);
      tkr_item_set_notes (item, notes);
      g_list_store_append (INVENTORY (self), item);
    }
  return TRUE;
}

/**
 * tkr_character_new_from_json:
 * @path: (nullable): where @node is in the file, for messages
 *
 * Reads a character object as tkr_character_to_json() writes it. Unknown
 * members are ignored; a missing list gets the rule data's defaults; a value
 * of the wrong type or out of range is a TKR_FILE_ERROR naming its path.
 *
 * Returns: (transfer full) (nullable): the character, or %NULL with @error.
 */
TkrCharacter *
tkr_character_new_from_json (JsonNode *node, const char *path, GError **error)
{
  g_autoptr (TkrCharacter) self = NULL;
  TkrRules *rules = tkr_rules_get_default ();
  TkrRules *system_rules;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autofree char *player = NULL;
  g_autofree char *rule_system = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *health_formula = NULL;
  JsonObject *object;
  gint64 level, experience, wealth;
  gboolean present;
  int kind;
  const char *const *names;
  g_auto (TkrStatblockBuilder) builder = { 0 };

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "id", path, FALSE, NULL, &id, error) ||
      !(name = read_name (object, path, error)) ||
      !tkr_json_get_string (object, "player", path, FALSE, "", &player, error) ||
      !tkr_json_get_enum (object, "kind", path, FALSE, kind_nicks, TKR_CHARACTER_KIND_PC, &kind,
                          error) ||
      !tkr_json_get_string (object, "rule_system", path, FALSE, tkr_rules_get_id (rules),
                            &rule_system, error) ||
      !tkr_json_get_int (object, "level", path, FALSE, LEVEL_MIN, LEVEL_MAX, LEVEL_MIN, &level,
                         error) ||
      !tkr_json_get_int (object, "experience", path, FALSE, 0, EXPERIENCE_MAX, 0, &experience,
                         error) ||
      !tkr_json_get_int (object, "wealth", path, FALSE, 0, WEALTH_MAX, 0, &wealth, error) ||
      !tkr_json_get_string (object, "notes", path, FALSE, "", &notes, error) ||
      !tkr_json_get_string (object, "health_formula", path, FALSE, "", &health_formula, error))
    return NULL;
  if (*health_formula != '\0')
    {
      g_autoptr (GError) formula_error = NULL;

      if (!tkr_character_check_health_formula (health_formula, NULL, &formula_error))
        {
          g_autofree char *formula_path = tkr_json_path (path, "health_formula");

          tkr_json_set_error (error, formula_path, "%s", formula_error->message);
          return NULL;
        }
    }

  if (id != NULL && g_utf8_strlen (id, -1) > NAME_MAX_CHARS)
    {
      g_autofree char *id_path = tkr_json_path (path, "id");
      tkr_json_set_error (error, id_path, _ ("an id must be at most %d characters long"),
                          NAME_MAX_CHARS);
      return NULL;
    }

  /* What a file leaves out starts as a new sheet of its own system would;
   * a system this version does not know starts as the default's. */
  system_rules = lookup_known_rules (rule_system);
  if (system_rules != NULL)
    rules = system_rules;

  /* An empty id is replaced by a new one in constructed(). */
  self =
    g_object_new (TKR_TYPE_CHARACTER, "id", id, "name", name, "player", player, "kind", kind,
                  "rule-system", rule_system, "level", (int) level, "experience", (int) experience,
                  "wealth", (int) wealth, "notes", notes, "health-formula", health_formula, NULL);

  /* Pools a file leaves out start as a new sheet's would. */
  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      TkrPool *pool = tkr_character_get_pool (self, i);
      int value = CLAMP (tkr_rules_get_pool_default (rules, i), 0, POOL_MAX);

      tkr_pool_set_maximum (pool, value);
      tkr_pool_set_current (pool, value);
    }
  if (!read_pools (self, object, path, error) || !read_fields (self, object, path, error) ||
      !read_texts_and_lists (self, object, path, error))
    return NULL;

  tkr_statblock_builder_init (&builder);
  if (!read_modifiers (&builder, object, "saves", TKR_MODIFIER_KIND_SAVE, path, &present, error))
    return NULL;
  if (!present)
    {
      names = tkr_rules_get_save_names (rules);
      for (guint i = 0; names && names[i]; i++)
        tkr_statblock_builder_add (&builder, TKR_MODIFIER_KIND_SAVE, names[i], 0);
    }
  /* The Kleptonomicon's turn order needs an Edge Save; a hand-written file
   * may lack it. */
  if (plays_kleptonomicon (rule_system) &&
      names_index (builder.lists[TKR_MODIFIER_KIND_SAVE], edge_save_name) < 0)
    {
      TkrStatEntry edge = { g_ref_string_new_intern (edge_save_name), 0 };

      g_array_insert_val (builder.lists[TKR_MODIFIER_KIND_SAVE], 0, edge);
    }

  if (!read_modifiers (&builder, object, "skills", TKR_MODIFIER_KIND_SKILL, path, &present, error))
    return NULL;
  if (!present)
    {
      names = tkr_rules_get_skill_names (rules);
      for (guint i = 0; names && names[i]; i++)
        tkr_statblock_builder_add (&builder, TKR_MODIFIER_KIND_SKILL, names[i], 0);
    }

  if (!read_modifiers (&builder, object, "archetypes", TKR_MODIFIER_KIND_ARCHETYPE, path, &present,
                       error))
    return NULL;

  if (!read_ranges (&builder, object, path, &present, error))
    return NULL;
  if (!present)
    fill_default_ranges (&builder, rules);

  if (!read_abilities (&builder, object, path, error) ||
      !read_conditions (self, object, path, error) || !read_inventory (self, object, path, error))
    return NULL;
  /* Copies of one kind read back share one statblock again, and their
   * equal dictionaries. */
  take_statblock (self, &builder);
  share_values (self);

  return g_steal_pointer (&self);
}

/**
 * tkr_character_to_bytes:
 *
 * Returns: (transfer full): the character file: the kind/format header and
 *   a "character" member.
 */
GBytes *
tkr_character_to_bytes (TkrCharacter *self)
{
  g_autoptr (JsonNode) root = NULL;
  JsonObject *header;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), NULL);

  header = tkr_file_new_header (TKR_CHARACTER_FILE_KIND, TKR_CHARACTER_FORMAT);
  json_object_set_member (header, "character", tkr_character_to_json (self));
  root = object_node (header);
  return tkr_file_serialize (root);
}

/**
 * tkr_character_new_from_bytes:
 *
 * Returns: (transfer full) (nullable): the character in a character file,
 *   or %NULL with a TKR_FILE_ERROR that says what and where.
 */
TkrCharacter *
tkr_character_new_from_bytes (GBytes *bytes, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  const char *data;
  gsize length;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &length);
  root = tkr_file_parse (data, length, error);
  if (root == NULL)
    return NULL;
  return tkr_character_new_from_root (root, error);
}

/**
 * tkr_character_new_from_root:
 * @root: a character file as parsed by tkr_file_parse()
 *
 * Returns: (transfer full) (nullable): the character, or %NULL with a
 *   TKR_FILE_ERROR that says what and where.
 */
TkrCharacter *
tkr_character_new_from_root (JsonNode *root, GError **error)
{
  JsonObject *header, *character;

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  header = tkr_file_check_header (root, TKR_CHARACTER_FILE_KIND, TKR_CHARACTER_FORMAT, NULL, error);
  if (header == NULL || !tkr_json_get_object (header, "character", NULL, TRUE, &character, error))
    return NULL;
  return tkr_character_new_from_json (json_object_get_member (header, "character"), "character",
                                      error);
}

/* The file is written atomically on a worker thread; the sheet is
 * serialised now, on the caller's thread, since it may change meanwhile. */
void
tkr_character_save_async (TkrCharacter *self,
                          GFile *file,
                          GCancellable *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer user_data)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_if_fail (TKR_IS_CHARACTER (self));

  bytes = tkr_character_to_bytes (self);
  tkr_file_save_document_async (self, tkr_character_save_async, file, bytes, cancellable, callback,
                                user_data);
}

gboolean
tkr_character_save_finish (TkrCharacter *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  return tkr_file_save_document_finish (self, result, error);
}

void
tkr_character_load_async (GFile *file,
                          GCancellable *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer user_data)
{
  tkr_file_load_document_async (file, (TkrFileBuildFunc) tkr_character_new_from_root,
                                tkr_character_load_async, cancellable, callback, user_data);
}

/**
 * tkr_character_load_finish:
 *
 * Returns: (transfer full) (nullable): the character, or %NULL with @error.
 */
TkrCharacter *
tkr_character_load_finish (GAsyncResult *result, GError **error)
{
  return tkr_file_load_document_finish (result, error);
}

/* An NPC's maximum Health by dice (help/C/effects.page, "Numbers by
 * dice") */

gboolean
tkr_character_check_health_formula (const char *text, TkrFormula *formula, GError **error)
{
  TkrFormula parsed;

  if (formula == NULL)
    formula = &parsed;
  if (!tkr_formula_parse (text, formula, error))
    return FALSE;
  if (tkr_formula_min (formula) < 1 || tkr_formula_max (formula) > POOL_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a dice formula such as "2d8+4" */
                   _ ("“%s” could roll a maximum Health below 1 or above %d"), text, POOL_MAX);
      return FALSE;
    }
  return TRUE;
}

const char *
tkr_character_get_health_formula (TkrCharacter *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (self), "");
  return self->health_formula;
}

gboolean
tkr_character_set_health_typed (TkrCharacter *self,
                                TkrHistory *history,
                                const char *text,
                                GError **error)
{
  g_autofree char *stripped = NULL;
  TkrFormula formula;
  TkrPool *health;
  int usual;

  g_return_val_if_fail (TKR_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_HISTORY (history), FALSE);

  stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (self->kind == TKR_CHARACTER_KIND_PC)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _ ("Only an NPC’s Health is rolled by dice"));
      return FALSE;
    }
  if (!tkr_character_check_health_formula (stripped, &formula, error))
    return FALSE;

  health = tkr_character_get_pool (self, TKR_POOL_HEALTH);
  /* A plain number is the maximum itself; a formula is kept, and the
   * sheet shows its usual total (the average, rounded down) until each
   * copy rolls its own as it joins an encounter. */
  usual = (tkr_formula_min (&formula) + tkr_formula_max (&formula)) / 2;
  /* Translators: the name of a step in Undo */
  tkr_history_begin (history, N_ ("Set Health"));
  tkr_history_set (history, self, "health-formula",
                   tkr_formula_has_dice (&formula) ? stripped : "");
  tkr_history_set (history, health, "maximum", usual);
  tkr_history_set (history, health, "current", usual);
  tkr_history_end (history);
  return TRUE;
}

void
tkr_character_foreach_part (TkrCharacter *self, GFunc func, gpointer user_data)
{
  GListStore *stores[] = {
    self->pools,           self->saves,     self->skills,     self->archetypes,
    self->movement_ranges, self->abilities, self->conditions, self->inventory,
  };

  g_return_if_fail (TKR_IS_CHARACTER (self));

  for (guint s = 0; s < G_N_ELEMENTS (stores); s++)
    {
      guint n;

      if (stores[s] == NULL)
        continue;
      func (stores[s], user_data);
      n = g_list_model_get_n_items (G_LIST_MODEL (stores[s]));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (stores[s]), i);

          func (item, user_data);
        }
    }
}
