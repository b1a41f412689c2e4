/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-fields.h"
#include "tkr-save-cache.h"
#include "tkr-json.h"
#include "tkr-klep-combatant.h"
#include "tkr-klep-private.h"

#define CHARACTER(self) tkr_combatant_get_character (TKR_COMBATANT (self))

/*
 * What a character has left in the running encounter (seed, "Encounter
 * Main Phase"): Beats for the Round, Free Actions and Movement for the Turn
 * as the engine's resources ("beats", "free-actions", "movement"), and the
 * rest as properties, so that TkrHistory can record and undo them; the
 * rules that change them live in TkrKlepEncounter. Conditions live on the
 * character sheet.
 *
 * The Movement spent per range and the GM's improvised grants are tables
 * (range name -> RangeUse), NULL when empty. A table is never changed once
 * it is set: a command records a new one, so the history keeps the old.
 */

typedef struct
{
  int amount;      /* Movement spent, or the units granted */
  gboolean waived; /* a grant without the improvised cost */
} RangeUse;        /* in a GRcBox, shared between tables */

struct _TkrKlepCombatant
{
  TkrCombatant parent_instance;

  int beats_owed;
  int dashes;
  char *pending_slow_action;
  GHashTable *range_spent;
  GHashTable *improvised;
};

G_DEFINE_FINAL_TYPE (TkrKlepCombatant, tkr_klep_combatant, TKR_TYPE_COMBATANT)

/* Bounds that no table reaches but a hostile file might exceed. */
#define MAX_BEATS 100
#define MAX_FREE_ACTIONS 100
#define MAX_MOVEMENT 10000000
#define MAX_DASHES 100

static const TkrField fields[] = {
  TKR_FIELD_INT (TkrKlepCombatant, beats_owed, "beats-owed", NULL, 0, MAX_BEATS, 0),
  TKR_FIELD_INT (TkrKlepCombatant, dashes, "dashes", NULL, 0, MAX_DASHES, 0),
  TKR_FIELD_STRING (
    TkrKlepCombatant, pending_slow_action, "pending-slow-action", "pending_slow_action"),
};

enum
{
  PROP_RANGE_SPENT = G_N_ELEMENTS (fields) + 1,
  PROP_IMPROVISED,
};

static void
tkr_klep_combatant_finalize (GObject *object)
{
  TkrKlepCombatant *self = TKR_KLEP_COMBATANT (object);

  tkr_fields_clear (object, TKR_TYPE_KLEP_COMBATANT);
  g_clear_pointer (&self->range_spent, g_hash_table_unref);
  g_clear_pointer (&self->improvised, g_hash_table_unref);
  G_OBJECT_CLASS (tkr_klep_combatant_parent_class)->finalize (object);
}

static GHashTable **
table_field (TkrKlepCombatant *self, guint prop_id)
{
  return prop_id == PROP_RANGE_SPENT ? &self->range_spent : &self->improvised;
}

static void
tkr_klep_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  if (prop_id <= G_N_ELEMENTS (fields))
    tkr_fields_get_property (object, prop_id, value, pspec);
  else
    g_value_set_boxed (value, *table_field (TKR_KLEP_COMBATANT (object), prop_id));
}

/* An empty table is stored as NULL, so that clearing an empty one records
 * nothing. */
static void
tkr_klep_combatant_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  GHashTable **field, *table;

  if (prop_id <= G_N_ELEMENTS (fields))
    {
      tkr_fields_set_property (object, prop_id, value, pspec);
      return;
    }
  field = table_field (TKR_KLEP_COMBATANT (object), prop_id);
  table = g_value_get_boxed (value);
  if (table != NULL && g_hash_table_size (table) == 0)
    table = NULL;
  if (*field == table)
    return;
  g_clear_pointer (field, g_hash_table_unref);
  *field = table != NULL ? g_hash_table_ref (table) : NULL;
  g_object_notify_by_pspec (object, pspec);
}

/* The Kleptonomicon keeps conditions on the character sheet. */
static GListModel *
get_conditions (TkrCombatant *combatant)
{
  return tkr_character_get_conditions (tkr_combatant_get_character (combatant));
}

static void
tkr_klep_combatant_class_init (TkrKlepCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_klep_combatant_finalize;
  object_class->get_property = tkr_klep_combatant_get_property;
  object_class->set_property = tkr_klep_combatant_set_property;
  TKR_COMBATANT_CLASS (klass)->get_conditions = get_conditions;

  tkr_fields_install (object_class, fields, G_N_ELEMENTS (fields));
  /* GHashTable of range name -> RangeUse, or NULL; see above. */
  g_object_class_install_property (
    object_class, PROP_RANGE_SPENT,
    g_param_spec_boxed ("range-spent", NULL, NULL, G_TYPE_HASH_TABLE, flags));
  g_object_class_install_property (
    object_class, PROP_IMPROVISED,
    g_param_spec_boxed ("improvised", NULL, NULL, G_TYPE_HASH_TABLE, flags));
}

static void
tkr_klep_combatant_init (TkrKlepCombatant *self)
{
}

static TkrResource *
add_resource (TkrKlepCombatant *self, const char *id, const char *name, int maximum)
{
  g_autoptr (TkrResource) resource = tkr_resource_new (id, name, maximum);

  g_object_set (resource, "current", maximum, NULL);
  tkr_combatant_add_resource (TKR_COMBATANT (self), resource);
  return resource;
}

/**
 * tkr_klep_combatant_new:
 * @beats: Beats per Round (rule data; 0 for a preview of the order)
 * @free_actions: Free Actions per Turn
 *
 * A combatant with its Beats and Free Actions; its Turn gives it Movement.
 */
TkrKlepCombatant *
tkr_klep_combatant_new (TkrCharacter *character, int beats, int free_actions)
{
  TkrKlepCombatant *self;

  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  self = g_object_new (TKR_TYPE_KLEP_COMBATANT, "character", character, NULL);
  add_resource (self, "beats", _ ("Beats"), beats);
  add_resource (self, "free-actions", _ ("Free Actions"), free_actions);
  add_resource (self, "movement", _ ("Movement"), 0);
  return self;
}

static TkrResource *
resource (TkrKlepCombatant *self, const char *id)
{
  return tkr_combatant_find_resource (TKR_COMBATANT (self), id);
}

int
tkr_klep_combatant_get_beats_left (TkrKlepCombatant *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  return tkr_resource_get_current (resource (self, "beats"));
}

int
tkr_klep_combatant_get_beats_owed (TkrKlepCombatant *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  return self->beats_owed;
}

int
tkr_klep_combatant_get_free_actions_used (TkrKlepCombatant *self)
{
  TkrResource *free_actions;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  free_actions = resource (self, "free-actions");
  return tkr_resource_get_maximum (free_actions) - tkr_resource_get_current (free_actions);
}

int
tkr_klep_combatant_get_free_actions_allowed (TkrKlepCombatant *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  return tkr_resource_get_maximum (resource (self, "free-actions"));
}

int
tkr_klep_combatant_get_movement_gained (TkrKlepCombatant *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  return tkr_resource_get_maximum (resource (self, "movement"));
}

int
tkr_klep_combatant_get_movement_left (TkrKlepCombatant *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  return tkr_resource_get_current (resource (self, "movement"));
}

int
tkr_klep_combatant_get_dashes (TkrKlepCombatant *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  return self->dashes;
}

const char *
tkr_klep_combatant_get_pending_slow_action (TkrKlepCombatant *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), NULL);
  return self->pending_slow_action;
}

/* Range tables */

/* @range's entry in @table, by any case ("walk" finds "Walk"). */
static RangeUse *
find_use (GHashTable *table, const char *range)
{
  GHashTableIter iter;
  gpointer name, use;

  if (table == NULL)
    return NULL;
  use = g_hash_table_lookup (table, range);
  g_hash_table_iter_init (&iter, table);
  while (use == NULL && g_hash_table_iter_next (&iter, &name, &use))
    if (g_ascii_strcasecmp (name, range) != 0)
      use = NULL;
  return use;
}

static int
compare_strings (gconstpointer a, gconstpointer b, gpointer unused)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* (transfer container): @table's range names in byte order, as files
 * keep them. */
static const char **
sorted_names (GHashTable *table, guint *n)
{
  const char **names;

  if (table == NULL)
    {
      *n = 0;
      return g_new0 (const char *, 1);
    }
  names = (const char **) g_hash_table_get_keys_as_array (table, n);
  g_qsort_with_data (names, *n, sizeof (char *), compare_strings, NULL);
  return names;
}

static GHashTable *
new_table (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_rc_box_release);
}

static void
table_insert (GHashTable *table, const char *range, int amount, gboolean waived)
{
  RangeUse *use = g_rc_box_new (RangeUse);

  use->amount = amount;
  use->waived = waived;
  g_hash_table_insert (table, g_strdup (range), use);
}

/* Records a new table for @prop_id: the old one with @range set. */
static void
record_use (TkrKlepCombatant *self,
            TkrHistory *history,
            guint prop_id,
            const char *range,
            int amount,
            gboolean waived)
{
  GHashTable *old = *table_field (self, prop_id);
  g_autoptr (GHashTable) table = new_table ();
  GHashTableIter iter;
  gpointer name, use;

  if (old != NULL)
    {
      g_hash_table_iter_init (&iter, old);
      while (g_hash_table_iter_next (&iter, &name, &use))
        g_hash_table_insert (table, g_strdup (name), g_rc_box_acquire (use));
    }
  table_insert (table, range, amount, waived);
  tkr_history_set (history, self, prop_id == PROP_RANGE_SPENT ? "range-spent" : "improvised",
                   table);
}

void
tkr_klep_combatant_record_spent (TkrKlepCombatant *self,
                                 TkrHistory *history,
                                 const char *range,
                                 int spent)
{
  record_use (self, history, PROP_RANGE_SPENT, range, spent, FALSE);
}

void
tkr_klep_combatant_record_grant (
  TkrKlepCombatant *self, TkrHistory *history, const char *range, int units, gboolean waived)
{
  record_use (self, history, PROP_IMPROVISED, range, units, waived);
}

int
tkr_klep_combatant_get_range_spent (TkrKlepCombatant *self, const char *range)
{
  RangeUse *use;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  g_return_val_if_fail (range != NULL, 0);

  use = find_use (self->range_spent, range);
  return use != NULL ? use->amount : 0;
}

gboolean
tkr_klep_combatant_is_improvised (TkrKlepCombatant *self, const char *range, gboolean *waived)
{
  RangeUse *use;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), FALSE);
  g_return_val_if_fail (range != NULL, FALSE);

  use = find_use (self->improvised, range);
  if (waived)
    *waived = use != NULL && use->waived;
  return use != NULL;
}

/* Seed, "Movement": each range takes at most its own value per Turn, and a
 * Dash doubles every range ("The Dash Ability"); a second Dash triples. */
int
tkr_klep_combatant_get_range_cap (TkrKlepCombatant *self, const char *range)
{
  RangeUse *grant;
  int units;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  g_return_val_if_fail (range != NULL, 0);

  grant = find_use (self->improvised, range);
  units = grant != NULL ? grant->amount : tkr_character_get_range_units (CHARACTER (self), range);
  return units * (1 + self->dashes);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_utf8_collate (*(const char *const *) a, *(const char *const *) b);
}

GStrv
tkr_klep_combatant_list_ranges (TkrKlepCombatant *self)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autofree const char **granted = NULL;
  guint n;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), NULL);

  /* Read, not handed out: the sheet's statblock stays shared. */
  n = tkr_character_get_n_ranges (CHARACTER (self));
  for (guint i = 0; i < n; i++)
    {
      int units = 0;
      const char *name = tkr_character_get_range (CHARACTER (self), i, &units);

      if (units > 0)
        g_ptr_array_add (names, g_strdup (name));
    }

  granted = sorted_names (self->improvised, &n);
  for (guint i = 0; i < n; i++)
    {
      gboolean known = FALSE;

      for (guint j = 0; j < names->len && !known; j++)
        known = g_ascii_strcasecmp (g_ptr_array_index (names, j), granted[i]) == 0;
      if (!known)
        g_ptr_array_add (names, g_strdup (granted[i]));
    }

  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_steal (names, NULL);
}

/* For TkrKlepEncounter's Movement commands (seed, "Movement") */

/* The name a range goes by this Turn: the sheet's spelling, or the GM's
 * grant, so "walk" and "Walk" add up in one place. */
char *
tkr_klep_combatant_canonical_range (TkrKlepCombatant *combatant, const char *range)
{
  int units = 0;
  const char *spelling = tkr_character_lookup_range (CHARACTER (combatant), range, &units);
  g_auto (GStrv) names = NULL;

  if (spelling != NULL && units > 0)
    return g_strdup (spelling);
  names = tkr_klep_combatant_list_ranges (combatant);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_ascii_strcasecmp (names[i], range) == 0)
      return g_strdup (names[i]);
  return g_strdup (range);
}

/* Files */

/* The numbers a file keeps, in its order, with their bounds. */
enum
{
  BEATS_LEFT,
  BEATS_OWED,
  FREE_USED,
  FREE_ALLOWED,
  MOVEMENT_GAINED,
  MOVEMENT_LEFT,
  DASHES,
  N_NUMBERS
};

static const struct
{
  const char *member;
  gint64 maximum;
} numbers[N_NUMBERS] = {
  { "beats_left", MAX_BEATS },
  { "beats_owed", MAX_BEATS },
  { "free_actions_used", MAX_FREE_ACTIONS },
  { "free_actions_allowed", MAX_FREE_ACTIONS },
  { "movement_gained", MAX_MOVEMENT },
  { "movement_left", MAX_MOVEMENT },
  { "dashes", MAX_DASHES },
};

/* "range_spent" maps a range to the Movement spent; "improvised" maps it
 * to {"units", "waived"}. */
static void
ranges_to_json (JsonObject *object, const char *member, GHashTable *table, gboolean grants)
{
  JsonObject *map = json_object_new ();
  guint n;
  g_autofree const char **names = sorted_names (table, &n);

  for (guint i = 0; i < n; i++)
    {
      RangeUse *use = g_hash_table_lookup (table, names[i]);
      JsonObject *grant;

      if (!grants)
        {
          json_object_set_int_member (map, names[i], use->amount);
          continue;
        }
      grant = json_object_new ();
      json_object_set_int_member (grant, "units", use->amount);
      json_object_set_boolean_member (grant, "waived", use->waived);
      json_object_set_object_member (map, names[i], grant);
    }
  json_object_set_object_member (object, member, map);
}

JsonNode *
tkr_klep_combatant_to_json (TkrKlepCombatant *self)
{
  JsonObject *object;
  JsonNode *node;
  int values[N_NUMBERS];

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), NULL);

  /* In a save, the text kept from the last when nothing changed. */
  node = tkr_save_cache_placeholder (self, (TkrSaveToJson) tkr_klep_combatant_to_json);
  if (node != NULL)
    return node;
  values[BEATS_LEFT] = tkr_klep_combatant_get_beats_left (self);
  values[BEATS_OWED] = self->beats_owed;
  values[FREE_USED] = tkr_klep_combatant_get_free_actions_used (self);
  values[FREE_ALLOWED] = tkr_klep_combatant_get_free_actions_allowed (self);
  values[MOVEMENT_GAINED] = tkr_klep_combatant_get_movement_gained (self);
  values[MOVEMENT_LEFT] = tkr_klep_combatant_get_movement_left (self);
  values[DASHES] = self->dashes;

  object = json_object_new ();
  json_object_set_string_member (object, "character", tkr_character_get_id (CHARACTER (self)));
  for (guint i = 0; i < N_NUMBERS; i++)
    json_object_set_int_member (object, numbers[i].member, values[i]);
  ranges_to_json (object, "range_spent", self->range_spent, FALSE);
  ranges_to_json (object, "improvised", self->improvised, TRUE);
  tkr_fields_to_json (G_OBJECT (self), TKR_TYPE_KLEP_COMBATANT, object);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

static gboolean
read_ranges (JsonObject *object,
             const char *member,
             const char *path,
             gboolean grants,
             GHashTable **out,
             GError **error)
{
  g_autofree char *map_path = tkr_json_path (path, member);
  g_autoptr (GHashTable) table = new_table ();
  g_autoptr (GList) names = NULL;
  JsonObject *map;

  if (!tkr_json_get_object (object, member, path, FALSE, &map, error))
    return FALSE;
  names = map != NULL ? json_object_get_members (map) : NULL;
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      gint64 amount;
      gboolean waived = FALSE;

      if (!g_utf8_validate (name, -1, NULL) || *name == '\0')
        {
          tkr_json_set_error (error, map_path, _ ("a range name is empty or not valid UTF-8"));
          return FALSE;
        }
      if (grants)
        {
          g_autofree char *grant_path = tkr_json_path (map_path, name);
          JsonObject *grant;

          if (!tkr_json_get_object (map, name, map_path, TRUE, &grant, error) ||
              !tkr_json_get_int (grant, "units", grant_path, TRUE, 1, MAX_MOVEMENT, 0, &amount,
                                 error) ||
              !tkr_json_get_bool (grant, "waived", grant_path, FALSE, FALSE, &waived, error))
            return FALSE;
        }
      else if (!tkr_json_get_int (map, name, map_path, TRUE, 0, MAX_MOVEMENT, 0, &amount, error))
        return FALSE;
      table_insert (table, name, (int) amount, waived);
    }
  *out = g_steal_pointer (&table);
  return TRUE;
}

TkrKlepCombatant *
tkr_klep_combatant_new_from_json (JsonNode *node,
                                  const char *path,
                                  int beats_per_round,
                                  TkrCharacterResolver resolve,
                                  gpointer user_data,
                                  GError **error)
{
  g_autoptr (TkrKlepCombatant) self = NULL;
  g_autoptr (GHashTable) range_spent = NULL;
  g_autoptr (GHashTable) improvised = NULL;
  g_autofree char *id = NULL;
  JsonObject *object;
  TkrCharacter *character;
  gint64 values[N_NUMBERS];

  g_return_val_if_fail (resolve != NULL, NULL);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "character", path, TRUE, NULL, &id, error))
    return NULL;

  character = resolve (id, user_data);
  if (character == NULL)
    {
      g_autofree char *id_path = tkr_json_path (path, "character");
      tkr_json_set_error (error, id_path, _ ("no character in this file has the id “%s”"), id);
      return NULL;
    }

  for (guint i = 0; i < N_NUMBERS; i++)
    if (!tkr_json_get_int (object, numbers[i].member, path, FALSE, 0, numbers[i].maximum, 0,
                           &values[i], error))
      return NULL;

  if (values[MOVEMENT_LEFT] > values[MOVEMENT_GAINED])
    {
      g_autofree char *left_path = tkr_json_path (path, "movement_left");
      tkr_json_set_error (error, left_path, _ ("more Movement is left than was gained"));
      return NULL;
    }

  if (!read_ranges (object, "range_spent", path, FALSE, &range_spent, error) ||
      !read_ranges (object, "improvised", path, TRUE, &improvised, error))
    return NULL;

  self = tkr_klep_combatant_new (character, beats_per_round, (int) values[FREE_ALLOWED]);
  if (!tkr_fields_from_json (G_OBJECT (self), TKR_TYPE_KLEP_COMBATANT, object, path, error))
    return NULL;
  self->beats_owed = (int) values[BEATS_OWED];
  self->dashes = (int) values[DASHES];
  g_object_set (resource (self, "beats"), "current", (int) values[BEATS_LEFT], NULL);
  g_object_set (resource (self, "free-actions"), "current",
                (int) (values[FREE_ALLOWED] - values[FREE_USED]), NULL);
  g_object_set (resource (self, "movement"), "maximum", (int) values[MOVEMENT_GAINED], "current",
                (int) values[MOVEMENT_LEFT], NULL);
  g_object_set (self, "range-spent", range_spent, "improvised", improvised, NULL);
  return g_steal_pointer (&self);
}
