/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-klep-combatant.h"
#include "tkr-klep-private.h"
#include "tkr-json.h"

#define CHARACTER(self) tkr_combatant_get_character (TKR_COMBATANT (self))

/*
 * What a character has left in the running encounter (seed, "Encounter
 * Main Phase"): Beats for the Round, Free Actions and Movement for the Turn
 * as the engine's resources ("beats", "free-actions", "movement"), and the
 * rest as properties, so that TkrHistory can record and undo them; the
 * rules that change them live in TkrKlepEncounter. Conditions live on the
 * character sheet.
 */

struct _TkrKlepCombatant
{
  TkrCombatant parent_instance;

  int beats_owed;
  int dashes;
  GVariant *range_spent; /* a{si} */
  GVariant *improvised;  /* a{s(ib)} */
  char *pending_slow_action;
};

G_DEFINE_FINAL_TYPE (TkrKlepCombatant, tkr_klep_combatant, TKR_TYPE_COMBATANT)

enum
{
  PROP_0,
  PROP_BEATS_OWED,
  PROP_DASHES,
  PROP_RANGE_SPENT,
  PROP_IMPROVISED,
  PROP_PENDING_SLOW_ACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Bounds that no table reaches but a hostile file might exceed. */
#define MAX_BEATS 100
#define MAX_FREE_ACTIONS 100
#define MAX_MOVEMENT 10000000
#define MAX_DASHES 100

static void
tkr_klep_combatant_finalize (GObject *object)
{
  TkrKlepCombatant *self = TKR_KLEP_COMBATANT (object);

  g_clear_pointer (&self->range_spent, g_variant_unref);
  g_clear_pointer (&self->improvised, g_variant_unref);
  g_free (self->pending_slow_action);

  G_OBJECT_CLASS (tkr_klep_combatant_parent_class)->finalize (object);
}

static int *
int_field (TkrKlepCombatant *self, guint prop_id)
{
  switch (prop_id)
    {
    case PROP_BEATS_OWED:
      return &self->beats_owed;
    case PROP_DASHES:
      return &self->dashes;
    default:
      return NULL;
    }
}

static void
tkr_klep_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepCombatant *self = TKR_KLEP_COMBATANT (object);
  int *field = int_field (self, prop_id);

  if (field != NULL)
    {
      g_value_set_int (value, *field);
      return;
    }

  switch (prop_id)
    {
    case PROP_RANGE_SPENT:
      g_value_set_variant (value, self->range_spent);
      break;
    case PROP_IMPROVISED:
      g_value_set_variant (value, self->improvised);
      break;
    case PROP_PENDING_SLOW_ACTION:
      g_value_set_string (value, self->pending_slow_action);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_variant (
  TkrKlepCombatant *self, GVariant **field, GVariant *value, const char *type, GParamSpec *pspec)
{
  g_autoptr (GVariant) new_value = NULL;

  if (value == NULL)
    new_value = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE (type + 1), NULL, 0));
  else
    new_value = g_variant_ref_sink (value);

  if (*field != NULL && g_variant_equal (*field, new_value))
    return;
  g_clear_pointer (field, g_variant_unref);
  *field = g_steal_pointer (&new_value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
tkr_klep_combatant_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrKlepCombatant *self = TKR_KLEP_COMBATANT (object);
  int *field = int_field (self, prop_id);

  if (field != NULL)
    {
      if (*field != g_value_get_int (value))
        {
          *field = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      return;
    }

  switch (prop_id)
    {
    case PROP_RANGE_SPENT:
      set_variant (self, &self->range_spent, g_value_get_variant (value), "a{si}", pspec);
      break;
    case PROP_IMPROVISED:
      set_variant (self, &self->improvised, g_value_get_variant (value), "a{s(ib)}", pspec);
      break;
    case PROP_PENDING_SLOW_ACTION:
      if (g_strcmp0 (self->pending_slow_action, g_value_get_string (value)) != 0)
        {
          g_free (self->pending_slow_action);
          self->pending_slow_action = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
int_pspec (const char *name, int maximum)
{
  return g_param_spec_int (name, NULL, NULL, 0, maximum, 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  TkrCombatantClass *combatant_class = TKR_COMBATANT_CLASS (klass);

  object_class->finalize = tkr_klep_combatant_finalize;
  object_class->get_property = tkr_klep_combatant_get_property;
  object_class->set_property = tkr_klep_combatant_set_property;

  combatant_class->get_conditions = get_conditions;

  properties[PROP_BEATS_OWED] = int_pspec ("beats-owed", MAX_BEATS);
  properties[PROP_DASHES] = int_pspec ("dashes", MAX_DASHES);
  properties[PROP_RANGE_SPENT] =
    g_param_spec_variant ("range-spent", NULL, NULL, G_VARIANT_TYPE ("a{si}"), NULL,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IMPROVISED] =
    g_param_spec_variant ("improvised", NULL, NULL, G_VARIANT_TYPE ("a{s(ib)}"), NULL,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PENDING_SLOW_ACTION] =
    g_param_spec_string ("pending-slow-action", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_klep_combatant_init (TkrKlepCombatant *self)
{
  self->range_spent = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{si}"), NULL, 0));
  self->improvised = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{s(ib)}"), NULL, 0));
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

int
tkr_klep_combatant_get_range_spent (TkrKlepCombatant *self, const char *range)
{
  GVariantIter iter;
  const char *name;
  int spent;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  g_return_val_if_fail (range != NULL, 0);

  g_variant_iter_init (&iter, self->range_spent);
  while (g_variant_iter_next (&iter, "{&si}", &name, &spent))
    if (g_ascii_strcasecmp (name, range) == 0)
      return spent;
  return 0;
}

gboolean
tkr_klep_combatant_is_improvised (TkrKlepCombatant *self, const char *range, gboolean *waived)
{
  GVariantIter iter;
  const char *name;
  int units;
  gboolean is_waived;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), FALSE);
  g_return_val_if_fail (range != NULL, FALSE);

  g_variant_iter_init (&iter, self->improvised);
  while (g_variant_iter_next (&iter, "{&s(ib)}", &name, &units, &is_waived))
    if (g_ascii_strcasecmp (name, range) == 0)
      {
        if (waived)
          *waived = is_waived;
        return TRUE;
      }
  if (waived)
    *waived = FALSE;
  return FALSE;
}

static int
improvised_units (TkrKlepCombatant *self, const char *range)
{
  GVariantIter iter;
  const char *name;
  int units;
  gboolean waived;

  g_variant_iter_init (&iter, self->improvised);
  while (g_variant_iter_next (&iter, "{&s(ib)}", &name, &units, &waived))
    if (g_ascii_strcasecmp (name, range) == 0)
      return units;
  return 0;
}

/* Seed, "Movement": each range takes at most its own value per Turn, and a
 * Dash doubles every range ("The Dash Ability"); a second Dash triples. */
int
tkr_klep_combatant_get_range_cap (TkrKlepCombatant *self, const char *range)
{
  int units;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), 0);
  g_return_val_if_fail (range != NULL, 0);

  if (tkr_klep_combatant_is_improvised (self, range, NULL))
    units = improvised_units (self, range);
  else
    units = tkr_character_get_range_units (CHARACTER (self), range);
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
  GListModel *ranges;
  GVariantIter iter;
  const char *name;
  int units;
  gboolean waived;
  guint n;

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), NULL);

  ranges = tkr_character_get_movement_ranges (CHARACTER (self));
  n = g_list_model_get_n_items (ranges);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrMovementRange) range = g_list_model_get_item (ranges, i);

      if (tkr_movement_range_get_units (range) > 0)
        g_ptr_array_add (names, g_strdup (tkr_movement_range_get_name (range)));
    }

  g_variant_iter_init (&iter, self->improvised);
  while (g_variant_iter_next (&iter, "{&s(ib)}", &name, &units, &waived))
    {
      gboolean known = FALSE;

      for (guint i = 0; i < names->len && !known; i++)
        known = g_ascii_strcasecmp (g_ptr_array_index (names, i), name) == 0;
      if (!known)
        g_ptr_array_add (names, g_strdup (name));
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
  TkrMovementRange *sheet_range = tkr_character_find_range (CHARACTER (combatant), range);
  g_auto (GStrv) names = NULL;

  if (sheet_range != NULL && tkr_movement_range_get_units (sheet_range) > 0)
    return g_strdup (tkr_movement_range_get_name (sheet_range));
  names = tkr_klep_combatant_list_ranges (combatant);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_ascii_strcasecmp (names[i], range) == 0)
      return g_strdup (names[i]);
  return g_strdup (range);
}

typedef struct
{
  const char *key;
  GVariant *value;
} DictEntry;

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (((const DictEntry *) a)->key, ((const DictEntry *) b)->key);
}

/* @dict with @key set to @value (a{si} or a{s(ib)}), keys sorted so that
 * equal states are equal variants. */
static GVariant *
dict_with (GVariant *dict, const char *key, GVariant *value)
{
  g_autoptr (GArray) entries = g_array_new (FALSE, FALSE, sizeof (DictEntry));
  g_autoptr (GVariant) new_value = g_variant_ref_sink (value);
  GVariantBuilder builder;
  GVariantIter iter;
  DictEntry entry;

  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&s@*}", &entry.key, &entry.value))
    {
      if (g_str_equal (entry.key, key))
        g_variant_unref (entry.value);
      else
        g_array_append_val (entries, entry);
    }
  entry.key = key;
  entry.value = g_variant_ref (new_value);
  g_array_append_val (entries, entry);
  g_array_sort (entries, compare_entries);

  g_variant_builder_init (&builder, g_variant_get_type (dict));
  for (guint i = 0; i < entries->len; i++)
    {
      DictEntry *e = &g_array_index (entries, DictEntry, i);

      g_variant_builder_add (&builder, "{s@*}", e->key, e->value);
      g_variant_unref (e->value);
    }
  return g_variant_builder_end (&builder);
}

/* The state of "range-spent" with @range at @spent (floating). */
GVariant *
tkr_klep_combatant_range_spent_with (TkrKlepCombatant *self, const char *range, int spent)
{
  return dict_with (self->range_spent, range, g_variant_new_int32 (spent));
}

/* The state of "improvised" with a grant for @range (floating). */
GVariant *
tkr_klep_combatant_improvised_with (TkrKlepCombatant *self,
                                    const char *range,
                                    int units,
                                    gboolean waived)
{
  return dict_with (self->improvised, range, g_variant_new ("(ib)", units, waived));
}

/* Files */

JsonNode *
tkr_klep_combatant_to_json (TkrKlepCombatant *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  GVariantIter iter;
  const char *name;
  int value;
  gboolean waived;
  const struct
  {
    const char *member;
    int value;
  } numbers[] = {
    { "beats_left", tkr_klep_combatant_get_beats_left (self) },
    { "beats_owed", self->beats_owed },
    { "free_actions_used", tkr_klep_combatant_get_free_actions_used (self) },
    { "free_actions_allowed", tkr_klep_combatant_get_free_actions_allowed (self) },
    { "movement_gained", tkr_klep_combatant_get_movement_gained (self) },
    { "movement_left", tkr_klep_combatant_get_movement_left (self) },
    { "dashes", self->dashes },
  };

  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (self), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "character");
  json_builder_add_string_value (builder, tkr_character_get_id (CHARACTER (self)));
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      json_builder_set_member_name (builder, numbers[i].member);
      json_builder_add_int_value (builder, numbers[i].value);
    }

  json_builder_set_member_name (builder, "range_spent");
  json_builder_begin_object (builder);
  g_variant_iter_init (&iter, self->range_spent);
  while (g_variant_iter_next (&iter, "{&si}", &name, &value))
    {
      json_builder_set_member_name (builder, name);
      json_builder_add_int_value (builder, value);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "improvised");
  json_builder_begin_object (builder);
  g_variant_iter_init (&iter, self->improvised);
  while (g_variant_iter_next (&iter, "{&s(ib)}", &name, &value, &waived))
    {
      json_builder_set_member_name (builder, name);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "units");
      json_builder_add_int_value (builder, value);
      json_builder_set_member_name (builder, "waived");
      json_builder_add_boolean_value (builder, waived);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  if (self->pending_slow_action != NULL)
    {
      json_builder_set_member_name (builder, "pending_slow_action");
      json_builder_add_string_value (builder, self->pending_slow_action);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static gboolean
read_range_spent (JsonObject *object, const char *path, GVariant **out, GError **error)
{
  g_autofree char *map_path = tkr_json_path (path, "range_spent");
  g_autoptr (GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a{si}"));
  JsonObject *map;
  GList *members;

  if (!tkr_json_get_object (object, "range_spent", path, FALSE, &map, error))
    return FALSE;
  if (map != NULL)
    {
      members = json_object_get_members (map);
      for (GList *l = members; l != NULL; l = l->next)
        {
          gint64 spent;

          if (!g_utf8_validate (l->data, -1, NULL) || *(const char *) l->data == '\0')
            {
              tkr_json_set_error (error, map_path, _ ("a range name is empty or not valid UTF-8"));
              g_list_free (members);
              return FALSE;
            }
          if (!tkr_json_get_int (map, l->data, map_path, TRUE, 0, MAX_MOVEMENT, 0, &spent, error))
            {
              g_list_free (members);
              return FALSE;
            }
          g_variant_builder_add (builder, "{si}", (const char *) l->data, (int) spent);
        }
      g_list_free (members);
    }
  *out = g_variant_ref_sink (g_variant_builder_end (builder));
  return TRUE;
}

static gboolean
read_improvised (JsonObject *object, const char *path, GVariant **out, GError **error)
{
  g_autofree char *map_path = tkr_json_path (path, "improvised");
  g_autoptr (GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a{s(ib)}"));
  JsonObject *map;
  GList *members;

  if (!tkr_json_get_object (object, "improvised", path, FALSE, &map, error))
    return FALSE;
  if (map != NULL)
    {
      members = json_object_get_members (map);
      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonObject *grant;
          g_autofree char *grant_path = tkr_json_path (map_path, l->data);
          gint64 units;
          gboolean waived;

          if (!g_utf8_validate (l->data, -1, NULL) || *(const char *) l->data == '\0')
            {
              tkr_json_set_error (error, map_path, _ ("a range name is empty or not valid UTF-8"));
              g_list_free (members);
              return FALSE;
            }
          if (!tkr_json_get_object (map, l->data, map_path, TRUE, &grant, error) ||
              !tkr_json_get_int (grant, "units", grant_path, TRUE, 1, MAX_MOVEMENT, 0, &units,
                                 error) ||
              !tkr_json_get_bool (grant, "waived", grant_path, FALSE, FALSE, &waived, error))
            {
              g_list_free (members);
              return FALSE;
            }
          g_variant_builder_add (builder, "{s(ib)}", (const char *) l->data, (int) units, waived);
        }
      g_list_free (members);
    }
  *out = g_variant_ref_sink (g_variant_builder_end (builder));
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
  g_autoptr (GVariant) range_spent = NULL;
  g_autoptr (GVariant) improvised = NULL;
  g_autofree char *id = NULL;
  g_autofree char *pending = NULL;
  JsonObject *object;
  TkrCharacter *character;
  gint64 numbers[7];
  const struct
  {
    const char *member;
    gint64 maximum;
  } fields[] = {
    { "beats_left", MAX_BEATS },
    { "beats_owed", MAX_BEATS },
    { "free_actions_used", MAX_FREE_ACTIONS },
    { "free_actions_allowed", MAX_FREE_ACTIONS },
    { "movement_gained", MAX_MOVEMENT },
    { "movement_left", MAX_MOVEMENT },
    { "dashes", MAX_DASHES },
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (fields) == G_N_ELEMENTS (numbers));
  g_return_val_if_fail (resolve != NULL, NULL);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL)
    return NULL;
  if (!tkr_json_get_string (object, "character", path, TRUE, NULL, &id, error))
    return NULL;

  character = resolve (id, user_data);
  if (character == NULL)
    {
      g_autofree char *id_path = tkr_json_path (path, "character");
      tkr_json_set_error (error, id_path, _ ("no character in this file has the id “%s”"), id);
      return NULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (!tkr_json_get_int (object, fields[i].member, path, FALSE, 0, fields[i].maximum, 0,
                           &numbers[i], error))
      return NULL;

  if (numbers[5] > numbers[4])
    {
      g_autofree char *left_path = tkr_json_path (path, "movement_left");
      tkr_json_set_error (error, left_path, _ ("more Movement is left than was gained"));
      return NULL;
    }

  if (!read_range_spent (object, path, &range_spent, error) ||
      !read_improvised (object, path, &improvised, error) ||
      !tkr_json_get_string (object, "pending_slow_action", path, FALSE, NULL, &pending, error))
    return NULL;

  self = tkr_klep_combatant_new (character, beats_per_round, (int) numbers[3]);
  g_object_set (resource (self, "beats"), "current", (int) numbers[0], NULL);
  g_object_set (resource (self, "free-actions"), "current", (int) (numbers[3] - numbers[2]), NULL);
  g_object_set (resource (self, "movement"), "maximum", (int) numbers[4], "current",
                (int) numbers[5], NULL);
  g_object_set (self, "beats-owed", (int) numbers[1], "dashes", (int) numbers[6], "range-spent",
                range_spent, "improvised", improvised, "pending-slow-action", pending, NULL);
  return g_steal_pointer (&self);
}
