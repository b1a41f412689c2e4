/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-condition.h"
#include "tkr-effects.h"
#include "tkr-enums.h"
#include "tkr-file.h"
#include "tkr-health.h"
#include "tkr-json.h"
#include "tkr-players.h"
#include "tkr-klep-encounter.h"
#include "tkr-zone.h"
#include "tkr-sync-files.h"
#include "tkr-table-file.h"

static guint follower_settle_ms = 150;

void
tkr_table_follower_set_settle_time (guint milliseconds)
{
  follower_settle_ms = milliseconds;
}

gboolean
tkr_table_file_is_candidate (GFile *file)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  name = g_file_get_basename (file);
  return name != NULL && g_str_has_suffix (name, TKR_TABLE_FILE_EXTENSION);
}

/* Writing */

static JsonArray *
conditions_to_json (TkrEncounter *encounter, TkrCombatant *combatant)
{
  JsonArray *array = json_array_new ();
  GListModel *list = tkr_combatant_get_conditions (combatant);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (list, i);
      g_autoptr (GString) text = g_string_new (tkr_condition_get_name (condition));
      int value = tkr_condition_get_value (condition);
      int stacks = tkr_condition_get_stacks (condition);
      int rounds = tkr_condition_get_rounds_left (condition);

      if (value != 0)
        g_string_append_printf (text, " %d", value);
      else if (stacks > 1)
        g_string_append_printf (text, " ×%d", stacks);
      if (rounds != TKR_CONDITION_NO_DURATION && rounds > 0)
        /* Translators: what is left of a condition, in the table file */
        g_string_append_printf (
          text, g_dngettext (GETTEXT_PACKAGE, " (%d round left)", " (%d rounds left)", rounds),
          rounds);
      json_array_add_string_element (array, text->str);
    }
  list = G_LIST_MODEL (tkr_effects_get_store (combatant));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCondition) effect = g_list_model_get_item (list, i);
      g_autofree char *left = tkr_effects_describe_left (encounter, effect);
      g_autofree char *text = left != NULL
                                ? g_strdup_printf ("%s (%s)", tkr_condition_get_name (effect), left)
                                : g_strdup (tkr_condition_get_name (effect));

      json_array_add_string_element (array, text);
    }
  return array;
}

static JsonObject *
combatant_to_json (TkrEncounter *encounter, TkrCombatant *combatant, const char *npc_health)
{
  JsonObject *object = json_object_new ();
  gboolean pc = tkr_character_is_pc (tkr_combatant_get_character (combatant));

  json_object_set_string_member (object, "name", tkr_combatant_get_name (combatant));
  json_object_set_boolean_member (object, "pc", pc);
  if (pc || g_strcmp0 (npc_health, "numbers") == 0)
    {
      JsonObject *health = json_object_new ();

      json_object_set_int_member (health, "current", tkr_combatant_get_health (combatant));
      json_object_set_int_member (health, "maximum", tkr_combatant_get_health_maximum (combatant));
      json_object_set_int_member (health, "temporary",
                                  tkr_combatant_get_temporary_health (combatant));
      json_object_set_object_member (object, "health", health);
    }
  else if (g_strcmp0 (npc_health, "word") == 0)
    json_object_set_string_member (
      object, "health_word",
      tkr_players_health_word (tkr_combatant_get_health (combatant),
                               tkr_combatant_get_health_maximum (combatant),
                               tkr_combatant_is_down (combatant)));
  json_object_set_array_member (object, "conditions", conditions_to_json (encounter, combatant));
  return object;
}

JsonNode *
tkr_table_file_build (TkrEncounter *encounter, const char *npc_health)
{
  JsonNode *root;
  JsonObject *header, *table;
  JsonArray *order_array;
  GListModel *order;
  TkrPhase phase;
  GEnumClass *phases;
  guint n;
  int index;
  int next_index = -1;
  g_autofree char *turn_name = NULL;
  g_autofree char *next_name = NULL;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);

  header = tkr_file_new_header (TKR_TABLE_FILE_KIND, TKR_TABLE_FORMAT);
  table = json_object_new ();
  phase = tkr_encounter_get_phase (encounter);
  phases = g_type_class_ref (TKR_TYPE_PHASE);
  json_object_set_string_member (table, "phase", g_enum_get_value (phases, phase)->value_nick);
  g_type_class_unref (phases);
  json_object_set_int_member (table, "round", tkr_encounter_get_round (encounter));

  order_array = json_array_new ();
  if (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED)
    {
      order = tkr_encounter_get_order (encounter);
      n = g_list_model_get_n_items (order);
      index = tkr_encounter_get_current_index (encounter);
      /* Every name is the player view's (tkr_players_slot_name), worked
       * out once per slot: a large group's is counted member by member. */
      if (index >= 0 && (guint) index < n)
        {
          g_autoptr (GObject) slot = g_list_model_get_item (order, index);

          if (tkr_players_may_see_slot (slot))
            {
              turn_name = tkr_players_slot_name (slot);
              json_object_set_string_member (table, "turn", turn_name);
            }
          for (guint step = 1; step < n; step++)
            {
              g_autoptr (GObject) following = g_list_model_get_item (order, (index + step) % n);

              if (tkr_players_may_see_slot (following))
                {
                  next_index = (int) ((index + step) % n);
                  next_name = tkr_players_slot_name (following);
                  json_object_set_string_member (table, "next", next_name);
                  break;
                }
            }
        }
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GObject) slot = g_list_model_get_item (order, i);
          TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);
          JsonObject *entry;

          if (!tkr_players_may_see_slot (slot))
            continue;
          if (combatant != NULL)
            entry = combatant_to_json (encounter, combatant, npc_health);
          else
            {
              g_autoptr (GListModel) members = tkr_tracker_slot_get_members (slot);
              g_autofree char *name = NULL;
              JsonArray *member_array = json_array_new ();

              entry = json_object_new ();
              if ((int) i == index && turn_name != NULL)
                json_object_set_string_member (entry, "name", turn_name);
              else if ((int) i == next_index)
                json_object_set_string_member (entry, "name", next_name);
              else
                {
                  name = tkr_players_slot_name (slot);
                  json_object_set_string_member (entry, "name", name);
                }
              json_object_set_boolean_member (entry, "pc", FALSE);
              for (guint k = 0; members != NULL && k < g_list_model_get_n_items (members); k++)
                {
                  g_autoptr (GObject) member = g_list_model_get_item (members, k);

                  if (TKR_IS_COMBATANT (member) &&
                      !tkr_combatant_get_hidden (TKR_COMBATANT (member)))
                    json_array_add_object_element (
                      member_array,
                      combatant_to_json (encounter, TKR_COMBATANT (member), npc_health));
                }
              json_object_set_array_member (entry, "members", member_array);
            }
          json_object_set_boolean_member (entry, "current", (int) i == index);
          json_array_add_object_element (order_array, entry);
        }
    }
  json_object_set_array_member (table, "order", order_array);
  /* The Kleptonomicon's zones in play, as the player view shows them:
   * "Fire ×2 (the brazier)". */
  if (TKR_IS_KLEP_ENCOUNTER (encounter) && (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED))
    {
      GListModel *zones = tkr_klep_encounter_get_zones (TKR_KLEP_ENCOUNTER (encounter));
      JsonArray *zone_array = json_array_new ();

      for (guint i = 0; i < g_list_model_get_n_items (zones); i++)
        {
          g_autoptr (TkrZone) zone = g_list_model_get_item (zones, i);
          const char *location = tkr_zone_get_location (zone);
          g_autoptr (GString) text = g_string_new (tkr_zone_get_name (zone));

          if (tkr_zone_get_stacks (zone) > 1)
            g_string_append_printf (text, " ×%d", tkr_zone_get_stacks (zone));
          if (location != NULL && *location != '\0')
            g_string_append_printf (text, " (%s)", location);
          json_array_add_string_element (zone_array, text->str);
        }
      json_object_set_array_member (table, "zones", zone_array);
    }
  json_object_set_object_member (header, "table", table);
  root = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (root, header);
  return root;
}

GBytes *
tkr_table_file_to_bytes (TkrEncounter *encounter, const char *npc_health)
{
  g_autoptr (JsonNode) root = tkr_table_file_build (encounter, npc_health);

  return tkr_file_serialize (root);
}

/* TkrTableEntry */

struct _TkrTableEntry
{
  GObject parent_instance;

  char *name;
  gboolean current;
  gboolean pc;
  char *health_text;
  double health_fraction;
  char *conditions_text;
};

G_DEFINE_FINAL_TYPE (TkrTableEntry, tkr_table_entry, G_TYPE_OBJECT)

enum
{
  ENTRY_PROP_0,
  ENTRY_PROP_NAME,
  ENTRY_PROP_CURRENT,
  ENTRY_PROP_PC,
  ENTRY_PROP_HEALTH_TEXT,
  ENTRY_PROP_HEALTH_FRACTION,
  ENTRY_PROP_CONDITIONS_TEXT,
  ENTRY_N_PROPS
};

static GParamSpec *entry_properties[ENTRY_N_PROPS];

static void
tkr_table_entry_finalize (GObject *object)
{
  TkrTableEntry *self = TKR_TABLE_ENTRY (object);

  g_free (self->name);
  g_free (self->health_text);
  g_free (self->conditions_text);
  G_OBJECT_CLASS (tkr_table_entry_parent_class)->finalize (object);
}

static void
tkr_table_entry_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrTableEntry *self = TKR_TABLE_ENTRY (object);

  switch (prop_id)
    {
    case ENTRY_PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case ENTRY_PROP_CURRENT:
      g_value_set_boolean (value, self->current);
      break;
    case ENTRY_PROP_PC:
      g_value_set_boolean (value, self->pc);
      break;
    case ENTRY_PROP_HEALTH_TEXT:
      g_value_set_string (value, self->health_text);
      break;
    case ENTRY_PROP_HEALTH_FRACTION:
      g_value_set_double (value, self->health_fraction);
      break;
    case ENTRY_PROP_CONDITIONS_TEXT:
      g_value_set_string (value, self->conditions_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_table_entry_class_init (TkrTableEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_table_entry_finalize;
  object_class->get_property = tkr_table_entry_get_property;

  entry_properties[ENTRY_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_CURRENT] =
    g_param_spec_boolean ("current", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_PC] =
    g_param_spec_boolean ("pc", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_HEALTH_TEXT] =
    g_param_spec_string ("health-text", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_HEALTH_FRACTION] = g_param_spec_double (
    "health-fraction", NULL, NULL, -1, 1, -1, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_CONDITIONS_TEXT] = g_param_spec_string (
    "conditions-text", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ENTRY_N_PROPS, entry_properties);
}

static void
tkr_table_entry_init (TkrTableEntry *self)
{
  self->health_fraction = -1;
}

const char *
tkr_table_entry_get_name (TkrTableEntry *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_ENTRY (self), NULL);
  return self->name;
}

gboolean
tkr_table_entry_get_current (TkrTableEntry *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_ENTRY (self), FALSE);
  return self->current;
}

gboolean
tkr_table_entry_get_pc (TkrTableEntry *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_ENTRY (self), FALSE);
  return self->pc;
}

const char *
tkr_table_entry_get_health_text (TkrTableEntry *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_ENTRY (self), NULL);
  return self->health_text;
}

double
tkr_table_entry_get_health_fraction (TkrTableEntry *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_ENTRY (self), -1);
  return self->health_fraction;
}

const char *
tkr_table_entry_get_conditions_text (TkrTableEntry *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_ENTRY (self), NULL);
  return self->conditions_text;
}

/* Reading. The file comes from another machine through the folder: every
 * member is optional and of a checked type; anything else is ignored. */

static const char *
object_string (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gint64
object_int (JsonObject *object, const char *member, gint64 fallback)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return fallback;
  return json_node_get_int (node);
}

static gboolean
object_bool (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node);
}

static JsonObject *
object_object (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
object_array (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* The health words of one combatant; its fraction through @fraction. */
static char *
describe_health (JsonObject *object, double *fraction)
{
  JsonObject *health = object_object (object, "health");
  const char *word = tkr_players_health_word_text (object_string (object, "health_word"));

  *fraction = -1;
  if (health != NULL)
    {
      gint64 current = object_int (health, "current", 0);
      gint64 maximum = object_int (health, "maximum", 0);
      gint64 temporary = object_int (health, "temporary", 0);

      if (maximum > 0)
        *fraction = CLAMP ((double) current / maximum, 0, 1);
      if (temporary > 0)
        /* Translators: health in the player view, with temporary health */
        return g_strdup_printf (_ ("%d / %d (+%d)"), (int) current, (int) maximum, (int) temporary);
      /* Translators: health in the player view, current / maximum */
      return g_strdup_printf (_ ("%d / %d"), (int) current, (int) maximum);
    }
  return g_strdup (word != NULL ? word : "");
}

static void
append_conditions (GString *text, JsonObject *object)
{
  JsonArray *conditions = object_array (object, "conditions");

  for (guint i = 0; conditions != NULL && i < json_array_get_length (conditions); i++)
    {
      JsonNode *node = json_array_get_element (conditions, i);

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append (text, json_node_get_string (node));
    }
}

static TkrTableEntry *
entry_from_json (JsonObject *object)
{
  TkrTableEntry *entry = g_object_new (TKR_TYPE_TABLE_ENTRY, NULL);
  JsonArray *members = object_array (object, "members");
  const char *name = object_string (object, "name");

  entry->name = g_strdup (name != NULL ? name : "");
  entry->current = object_bool (object, "current");
  entry->pc = object_bool (object, "pc");
  if (members == NULL)
    {
      g_autoptr (GString) conditions = g_string_new (NULL);

      entry->health_text = describe_health (object, &entry->health_fraction);
      append_conditions (conditions, object);
      entry->conditions_text = g_string_free (g_steal_pointer (&conditions), FALSE);
    }
  else
    {
      g_autoptr (GString) health = g_string_new (NULL);
      g_autoptr (GString) conditions = g_string_new (NULL);

      /* A group: each member's health and conditions, by name. */
      for (guint i = 0; i < json_array_get_length (members); i++)
        {
          JsonNode *node = json_array_get_element (members, i);
          JsonObject *member;
          const char *member_name;
          g_autofree char *words = NULL;
          g_autoptr (GString) own = g_string_new (NULL);
          double fraction;

          if (!JSON_NODE_HOLDS_OBJECT (node))
            continue;
          member = json_node_get_object (node);
          member_name = object_string (member, "name");
          words = describe_health (member, &fraction);
          if (*words != '\0')
            {
              if (health->len > 0)
                g_string_append (health, " · ");
              /* Translators: a group member's health or conditions, in the
               * player view: "Goblin 2: Wounded" */
              g_string_append_printf (health, _ ("%s: %s"), member_name ? member_name : "", words);
            }
          append_conditions (own, member);
          if (own->len > 0)
            {
              if (conditions->len > 0)
                g_string_append (conditions, " · ");
              g_string_append_printf (conditions, _ ("%s: %s"), member_name ? member_name : "",
                                      own->str);
            }
        }
      entry->health_text = g_string_free (g_steal_pointer (&health), FALSE);
      entry->conditions_text = g_string_free (g_steal_pointer (&conditions), FALSE);
    }
  return entry;
}

/* TkrTablePublisher */

struct _TkrTablePublisher
{
  GObject parent_instance;

  TkrEncounter *encounter;
  GFile *file;
  char *npc_health;
  /* The last table sent to the file. The worker reads it while a write
   * runs; this thread looks at it only once the write is done. */
  JsonNode *written;
  GCancellable *cancellable;
  guint idle_id;
  gboolean saving;
  gboolean again;
};

G_DEFINE_FINAL_TYPE (TkrTablePublisher, tkr_table_publisher, G_TYPE_OBJECT)

static void publish_now (TkrTablePublisher *self);

static void
published_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TkrTablePublisher) self = data;
  g_autoptr (GError) error = NULL;

  self->saving = FALSE;
  if (!tkr_file_save_document_finish (self, result, &error))
    /* The next change tries again. */
    g_clear_pointer (&self->written, json_node_unref);
  if (self->again && !g_cancellable_is_cancelled (self->cancellable))
    {
      self->again = FALSE;
      publish_now (self);
    }
}

/* Only the tree is made here; its text is made and written on a worker
 * (bench/bench-table-file), one write at a time, so the newest always
 * lands last. */
static void
publish_now (TkrTablePublisher *self)
{
  g_autoptr (JsonNode) root = NULL;

  if (self->saving)
    {
      self->again = TRUE;
      return;
    }
  root = tkr_table_file_build (self->encounter, self->npc_health);
  if (self->written != NULL && json_node_equal (root, self->written))
    return;
  g_clear_pointer (&self->written, json_node_unref);
  self->written = json_node_ref (root);
  self->saving = TRUE;
  tkr_file_save_document_root_async (self, publish_now, self->file, g_steal_pointer (&root),
                                     self->cancellable, published_cb, g_object_ref (self));
}

static gboolean
publish_idle_cb (gpointer data)
{
  TkrTablePublisher *self = data;

  self->idle_id = 0;
  publish_now (self);
  return G_SOURCE_REMOVE;
}

static void
history_changed_cb (TkrTablePublisher *self)
{
  if (self->idle_id == 0)
    self->idle_id = g_idle_add (publish_idle_cb, self);
}

TkrTablePublisher *
tkr_table_publisher_new (TkrEncounter *encounter, GFile *file)
{
  TkrTablePublisher *self;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (TKR_TYPE_TABLE_PUBLISHER, NULL);
  self->encounter = g_object_ref (encounter);
  self->file = g_object_ref (file);
  g_signal_connect_object (tkr_encounter_get_history (encounter), "changed",
                           G_CALLBACK (history_changed_cb), self, G_CONNECT_SWAPPED);
  return self;
}

GFile *
tkr_table_publisher_get_file (TkrTablePublisher *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_PUBLISHER (self), NULL);
  return self->file;
}

void
tkr_table_publisher_set_npc_health (TkrTablePublisher *self, const char *npc_health)
{
  g_return_if_fail (TKR_IS_TABLE_PUBLISHER (self));

  if (g_strcmp0 (self->npc_health, npc_health) == 0)
    return;
  g_free (self->npc_health);
  self->npc_health = g_strdup (npc_health);
  history_changed_cb (self);
}

void
tkr_table_publisher_publish (TkrTablePublisher *self)
{
  g_return_if_fail (TKR_IS_TABLE_PUBLISHER (self));
  publish_now (self);
}

gboolean
tkr_table_publisher_is_busy (TkrTablePublisher *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_PUBLISHER (self), FALSE);
  return self->saving || self->idle_id != 0 || self->again;
}

static void
tkr_table_publisher_dispose (GObject *object)
{
  TkrTablePublisher *self = TKR_TABLE_PUBLISHER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_table_publisher_parent_class)->dispose (object);
}

static void
tkr_table_publisher_finalize (GObject *object)
{
  TkrTablePublisher *self = TKR_TABLE_PUBLISHER (object);

  g_clear_object (&self->file);
  g_clear_object (&self->cancellable);
  g_free (self->npc_health);
  g_clear_pointer (&self->written, json_node_unref);
  G_OBJECT_CLASS (tkr_table_publisher_parent_class)->finalize (object);
}

static void
tkr_table_publisher_class_init (TkrTablePublisherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_table_publisher_dispose;
  object_class->finalize = tkr_table_publisher_finalize;
}

static void
tkr_table_publisher_init (TkrTablePublisher *self)
{
  self->cancellable = g_cancellable_new ();
  self->npc_health = g_strdup ("word");
}

/* TkrTableFollower */

struct _TkrTableFollower
{
  GObject parent_instance;

  GFile *file;
  GFile *folder;
  char *basename;
  GFileMonitor *monitor;
  char *version;
  char *phase;
  int round;
  char *turn;
  char *next;
  char *zones;
  GListStore *entries;
  gboolean waiting;
  char *message;
  guint serial;
  guint settle_id;
};

G_DEFINE_FINAL_TYPE (TkrTableFollower, tkr_table_follower, G_TYPE_OBJECT)

enum
{
  FOLLOWER_PROP_0,
  FOLLOWER_PROP_PHASE,
  FOLLOWER_PROP_ROUND,
  FOLLOWER_PROP_TURN,
  FOLLOWER_PROP_NEXT,
  FOLLOWER_PROP_ZONES,
  FOLLOWER_PROP_ENTRIES,
  FOLLOWER_PROP_WAITING,
  FOLLOWER_PROP_MESSAGE,
  FOLLOWER_PROP_SERIAL,
  FOLLOWER_N_PROPS
};

static GParamSpec *follower_properties[FOLLOWER_N_PROPS];

static void
set_string (TkrTableFollower *self, char **field, const char *value, guint prop)
{
  if (value == NULL)
    value = "";
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[prop]);
}

static void
set_waiting (TkrTableFollower *self, gboolean waiting, const char *message)
{
  if (self->waiting != waiting)
    {
      self->waiting = waiting;
      g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_WAITING]);
    }
  set_string (self, &self->message, message, FOLLOWER_PROP_MESSAGE);
}

static void schedule_read (TkrTableFollower *self, guint delay);

/* Takes a table file's content; FALSE with @error (nothing changed) when
 * it is not one. */
static gboolean
take_table (TkrTableFollower *self, GBytes *bytes, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  JsonObject *header, *table;
  JsonArray *order;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  gint64 round;

  root = tkr_file_parse (data, length, error);
  if (root == NULL)
    return FALSE;
  header = tkr_file_check_header (root, TKR_TABLE_FILE_KIND, TKR_TABLE_FORMAT, NULL, error);
  if (header == NULL)
    return FALSE;
  table = object_object (header, "table");
  if (table == NULL)
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                           _ ("The table file holds no table"));
      return FALSE;
    }
  order = object_array (table, "order");
  entries = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; order != NULL && i < json_array_get_length (order); i++)
    {
      JsonNode *node = json_array_get_element (order, i);

      if (JSON_NODE_HOLDS_OBJECT (node))
        g_ptr_array_add (entries, entry_from_json (json_node_get_object (node)));
    }

  g_object_freeze_notify (G_OBJECT (self));
  set_string (self, &self->phase, object_string (table, "phase"), FOLLOWER_PROP_PHASE);
  round = object_int (table, "round", 0);
  if (self->round != (int) CLAMP (round, 0, G_MAXINT))
    {
      self->round = (int) CLAMP (round, 0, G_MAXINT);
      g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_ROUND]);
    }
  set_string (self, &self->turn, object_string (table, "turn"), FOLLOWER_PROP_TURN);
  set_string (self, &self->next, object_string (table, "next"), FOLLOWER_PROP_NEXT);
  {
    g_autoptr (GString) zones = g_string_new (NULL);
    JsonObject *holder = json_object_new ();

    /* The same words as the conditions: strings only, " · " between. */
    if (object_array (table, "zones") != NULL)
      json_object_set_array_member (holder, "conditions",
                                    json_array_ref (object_array (table, "zones")));
    append_conditions (zones, holder);
    json_object_unref (holder);
    set_string (self, &self->zones, zones->str, FOLLOWER_PROP_ZONES);
  }
  g_list_store_splice (self->entries, 0, g_list_model_get_n_items (G_LIST_MODEL (self->entries)),
                       entries->pdata, entries->len);
  self->serial++;
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_SERIAL]);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

static void
read_now (TkrTableFollower *self)
{
  g_autofree char *version = tkr_sync_query_version (self->file);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;

  if (version == NULL)
    {
      set_waiting (self, TRUE, _ ("Waiting for the game master to publish the table"));
      return;
    }
  if (g_strcmp0 (version, self->version) == 0)
    return;
  bytes = tkr_file_load (self->file, NULL, &error);
  if (bytes == NULL || !take_table (self, bytes, &error))
    {
      /* The last good version stays; a transfer may still be filling the
       * file, so it is read again once the folder settles. */
      set_waiting (self, TRUE, _ ("Waiting for the table file to arrive in full"));
      schedule_read (self, follower_settle_ms * 2);
      return;
    }
  g_free (self->version);
  self->version = g_steal_pointer (&version);
  set_waiting (self, FALSE, NULL);
}

static gboolean
read_cb (gpointer data)
{
  TkrTableFollower *self = data;

  self->settle_id = 0;
  read_now (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_read (TkrTableFollower *self, guint delay)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (delay, read_cb, self);
}

static void
follower_folder_changed_cb (
  GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, TkrTableFollower *self)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *other_name = other != NULL ? g_file_get_basename (other) : NULL;

  if (g_strcmp0 (name, self->basename) == 0 || g_strcmp0 (other_name, self->basename) == 0)
    schedule_read (self, follower_settle_ms);
}

TkrTableFollower *
tkr_table_follower_new (GFile *file)
{
  TkrTableFollower *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (TKR_TYPE_TABLE_FOLLOWER, NULL);
  self->file = g_object_ref (file);
  self->folder = g_file_get_parent (file);
  self->basename = g_file_get_basename (file);
  return self;
}

void
tkr_table_follower_start (TkrTableFollower *self)
{
  g_return_if_fail (TKR_IS_TABLE_FOLLOWER (self));
  g_return_if_fail (self->monitor == NULL);

  /* The folder, not the file: a sync engine renames a finished transfer
   * into place, which a monitor of the file alone can miss. */
  if (self->folder != NULL)
    self->monitor = g_file_monitor_directory (self->folder, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (follower_folder_changed_cb), self);
  read_now (self);
}

GFile *
tkr_table_follower_get_file (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), NULL);
  return self->file;
}

const char *
tkr_table_follower_get_phase (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), NULL);
  return self->phase;
}

int
tkr_table_follower_get_round (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), 0);
  return self->round;
}

const char *
tkr_table_follower_get_turn (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), NULL);
  return self->turn;
}

const char *
tkr_table_follower_get_zones (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), NULL);
  return self->zones;
}

const char *
tkr_table_follower_get_next (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), NULL);
  return self->next;
}

GListModel *
tkr_table_follower_get_entries (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), NULL);
  return G_LIST_MODEL (self->entries);
}

gboolean
tkr_table_follower_get_waiting (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), FALSE);
  return self->waiting;
}

const char *
tkr_table_follower_get_message (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), NULL);
  return self->message;
}

guint
tkr_table_follower_get_serial (TkrTableFollower *self)
{
  g_return_val_if_fail (TKR_IS_TABLE_FOLLOWER (self), 0);
  return self->serial;
}

static void
tkr_table_follower_dispose (GObject *object)
{
  TkrTableFollower *self = TKR_TABLE_FOLLOWER (object);

  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, follower_folder_changed_cb, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  G_OBJECT_CLASS (tkr_table_follower_parent_class)->dispose (object);
}

static void
tkr_table_follower_finalize (GObject *object)
{
  TkrTableFollower *self = TKR_TABLE_FOLLOWER (object);

  g_clear_object (&self->file);
  g_clear_object (&self->folder);
  g_clear_object (&self->entries);
  g_free (self->basename);
  g_free (self->version);
  g_free (self->phase);
  g_free (self->turn);
  g_free (self->next);
  g_free (self->zones);
  g_free (self->message);
  G_OBJECT_CLASS (tkr_table_follower_parent_class)->finalize (object);
}

static void
tkr_table_follower_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrTableFollower *self = TKR_TABLE_FOLLOWER (object);

  switch (prop_id)
    {
    case FOLLOWER_PROP_PHASE:
      g_value_set_string (value, self->phase);
      break;
    case FOLLOWER_PROP_ROUND:
      g_value_set_int (value, self->round);
      break;
    case FOLLOWER_PROP_TURN:
      g_value_set_string (value, self->turn);
      break;
    case FOLLOWER_PROP_NEXT:
      g_value_set_string (value, self->next);
      break;
    case FOLLOWER_PROP_ZONES:
      g_value_set_string (value, self->zones);
      break;
    case FOLLOWER_PROP_ENTRIES:
      g_value_set_object (value, self->entries);
      break;
    case FOLLOWER_PROP_WAITING:
      g_value_set_boolean (value, self->waiting);
      break;
    case FOLLOWER_PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    case FOLLOWER_PROP_SERIAL:
      g_value_set_uint (value, self->serial);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_table_follower_class_init (TkrTableFollowerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_table_follower_dispose;
  object_class->finalize = tkr_table_follower_finalize;
  object_class->get_property = tkr_table_follower_get_property;

  follower_properties[FOLLOWER_PROP_PHASE] =
    g_param_spec_string ("phase", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_ROUND] = g_param_spec_int (
    "round", NULL, NULL, 0, G_MAXINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_TURN] =
    g_param_spec_string ("turn", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_NEXT] =
    g_param_spec_string ("next", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_ZONES] =
    g_param_spec_string ("zones", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_ENTRIES] = g_param_spec_object (
    "entries", NULL, NULL, G_TYPE_LIST_MODEL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_WAITING] =
    g_param_spec_boolean ("waiting", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, "", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_SERIAL] = g_param_spec_uint (
    "serial", NULL, NULL, 0, G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, FOLLOWER_N_PROPS, follower_properties);
}

static void
tkr_table_follower_init (TkrTableFollower *self)
{
  self->entries = g_list_store_new (TKR_TYPE_TABLE_ENTRY);
  self->phase = g_strdup ("");
  self->turn = g_strdup ("");
  self->next = g_strdup ("");
  self->zones = g_strdup ("");
  self->message = g_strdup ("");
}
