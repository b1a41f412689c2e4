/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Improved Initiative's files (help/C/import.page):
 *
 * - "Export all": one object of the browser's local storage. Keys are
 *   "ImprovedInitiative.<List>.<id>" with a JSON *string* as value (the
 *   data is encoded twice), or "<List>.<id>" with an object. Each import
 *   of such a file into Improved Initiative prefixes the keys again
 *   ("Creatures.Creatures.<id>"), so one record can appear under several
 *   prefixes; the freshest copy of each id is kept.
 * - A plain array of statblocks (its sample players, its bundled library),
 *   or a single statblock.
 *
 * PersistentCharacters (and the older PlayerCharacters) become the party,
 * Creatures the NPC library, SavedEncounters and the autosaved encounter
 * encounters.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "tkr-encounter.h"
#include "tkr-file.h"
#include "tkr-health.h"
#include "tkr-import-private.h"

#define II_PREFIX "ImprovedInitiative."
#define II_MAX_HP 9999
#define II_NAME_MAX_CHARS 200
#define II_VERSION "3.2.0"

/* The lists Turnkeeper reads; the others (Spells, User, key bindings) are
 * the app's own and left alone. */
static const char *const lists[] = {
  "PersistentCharacters", "PlayerCharacters", "Creatures", "SavedEncounters", "AutoSavedEncounters",
};

typedef struct
{
  const char *list; /* one of lists[] */
  char *id;
  guint nesting; /* how many times the prefix repeats */
  guint position;
  JsonNode *value; /* the record, an object */
} Record;

static void
record_free (Record *record)
{
  g_free (record->id);
  json_node_unref (record->value);
  g_free (record);
}

static const char *
known_list (const char *name, gsize length)
{
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    if (strlen (lists[i]) == length && strncmp (lists[i], name, length) == 0)
      return lists[i];
  return NULL;
}

/* "ImprovedInitiative.Creatures.Creatures.srd.goblin" -> list "Creatures",
 * nesting 1, id "srd.goblin" (ids may hold dots). NULL for the lists'
 * indexes ("ImprovedInitiative.Creatures") and for keys of no list. */
static const char *
split_key (const char *key, guint *nesting, const char **id)
{
  const char *dot, *list;
  gsize list_length;

  if (g_str_has_prefix (key, II_PREFIX))
    key += strlen (II_PREFIX);
  dot = strchr (key, '.');
  if (dot == NULL || dot[1] == '\0')
    return NULL;
  list = known_list (key, dot - key);
  if (list == NULL)
    return NULL;
  list_length = dot - key;
  key = dot + 1;
  *nesting = 0;
  while (strncmp (key, list, list_length) == 0 && key[list_length] == '.' &&
         key[list_length + 1] != '\0')
    {
      key += list_length + 1;
      (*nesting)++;
    }
  *id = key;
  return list;
}

/* Any key of a list, or a legacy key: enough to say the file is one. */
static gboolean
is_export_all (JsonObject *object)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      guint nesting;
      const char *id;

      if (g_str_has_prefix (l->data, II_PREFIX) || split_key (l->data, &nesting, &id) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* A statblock has HP ({"Value": ...}), or a name and an AC. */
static gboolean
looks_like_statblock (JsonNode *node)
{
  JsonObject *object;
  JsonNode *hp, *ac;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;
  object = json_node_get_object (node);
  hp = json_object_get_member (object, "HP");
  ac = json_object_get_member (object, "AC");
  if (hp != NULL && JSON_NODE_HOLDS_OBJECT (hp) &&
      json_object_has_member (json_node_get_object (hp), "Value"))
    return TRUE;
  return json_object_has_member (object, "Name") && ac != NULL && JSON_NODE_HOLDS_OBJECT (ac);
}

gboolean
tkr_import_ii_sniff (JsonNode *root)
{
  if (JSON_NODE_HOLDS_ARRAY (root))
    {
      JsonArray *array = json_node_get_array (root);
      guint n = json_array_get_length (array);

      /* A list of statblocks: most of its items look like one. */
      for (guint i = 0; i < n && i < 16; i++)
        if (looks_like_statblock (json_array_get_element (array, i)))
          return TRUE;
      return FALSE;
    }
  if (JSON_NODE_HOLDS_OBJECT (root))
    return looks_like_statblock (root) || is_export_all (json_node_get_object (root));
  return FALSE;
}

/* Values */

/* A whole number from a JSON number (or a string holding one), within
 * ±1,000,000; FALSE for anything else. */
static gboolean
get_number (JsonObject *object, const char *member, int *out)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;
  double value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      value = (double) json_node_get_int (node);
      break;
    case G_TYPE_DOUBLE:
      value = json_node_get_double (node);
      break;
    case G_TYPE_STRING:
      {
        gint64 parsed;

        if (!g_ascii_string_to_signed (json_node_get_string (node), 10, -1000000, 1000000, &parsed,
                                       NULL))
          return FALSE;
        value = (double) parsed;
      }
      break;
    default:
      return FALSE;
    }
  if (!isfinite (value) || value < -1000000 || value > 1000000)
    return FALSE;
  *out = (int) floor (value);
  return TRUE;
}

static const char *
get_string (JsonObject *object, const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static JsonObject *
get_object (JsonObject *object, const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
get_array (JsonObject *object, const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* A trimmed name of 1 to 200 characters, or NULL. */
static char *
clean_name (const char *name)
{
  g_autofree char *trimmed = NULL;

  if (name == NULL)
    return NULL;
  trimmed = g_strstrip (g_strdup (name));
  if (*trimmed == '\0' || g_utf8_strlen (trimmed, -1) > II_NAME_MAX_CHARS)
    return NULL;
  return g_steal_pointer (&trimmed);
}

/* Statblocks */

typedef struct
{
  TkrImportPlan *plan;
  GHashTable *party_by_id; /* Improved Initiative id -> TkrCharacter (PC) */
  GHashTable *library_ids; /* ids of creatures already in the library */
  guint n_statblocks;      /* for "Creature 3" */
} Reader;

/* "30 ft.", "fly 60 ft., swim 30 ft." -> the d20 system's speeds, where the
 * system has such fields (help/C/d20.page). */
static void
read_speeds (Reader *reader, TkrCharacter *character, JsonArray *speeds)
{
  guint n = speeds != NULL ? json_array_get_length (speeds) : 0;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (speeds, i);
      g_auto (GStrv) parts = NULL;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;
      parts = g_strsplit (json_node_get_string (node), ",", 8);
      for (guint j = 0; parts[j] != NULL; j++)
        {
          const char *text = g_strstrip (parts[j]);
          const char *field = "walk_speed";
          gint64 feet;
          char *end;

          if (g_str_has_prefix (text, "fly"))
            field = "fly_speed";
          else if (g_str_has_prefix (text, "swim"))
            field = "swim_speed";
          else if (g_str_has_prefix (text, "climb"))
            field = "climb_speed";
          while (*text != '\0' && !g_ascii_isdigit (*text))
            text++;
          feet = g_ascii_strtoll (text, &end, 10);
          if (end != text && feet >= 0 && feet <= 10000)
            tkr_import_set_field (reader->plan, character, field, (int) feet);
        }
    }
}

static void
read_modifiers (Reader *reader, TkrCharacter *character, JsonArray *modifiers)
{
  /* Pathfinder 2e statblocks name the saves short. */
  static const char *const long_names[][2] = { { "Fort", "Fortitude" }, { "Ref", "Reflex" } };
  guint n = modifiers != NULL ? json_array_get_length (modifiers) : 0;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (modifiers, i);
      JsonObject *modifier = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *name = get_string (modifier, "Name");
      int value;

      if (name == NULL || !get_number (modifier, "Modifier", &value))
        continue;
      for (guint j = 0; j < G_N_ELEMENTS (long_names); j++)
        if (g_ascii_strcasecmp (name, long_names[j][0]) == 0)
          name = long_names[j][1];
      tkr_import_set_named_modifier (reader->plan, character, name, value);
    }
}

/* A sheet from @statblock, or NULL with a problem naming @what. @name
 * replaces the statblock's name when given (a combatant's alias). */
static TkrCharacter *
character_from_statblock (
  Reader *reader, JsonObject *statblock, TkrCharacterKind kind, const char *what, const char *name)
{
  g_autoptr (TkrCharacter) character = NULL;
  g_autofree char *own_name = NULL;
  g_autoptr (GString) notes = g_string_new (NULL);
  JsonObject *hp, *ac;
  const char *text;
  int value, maximum;

  if (statblock == NULL)
    {
      tkr_import_plan_add_problem (reader->plan, _ ("%s is not a statblock; it was left out"),
                                   what);
      return NULL;
    }
  own_name = clean_name (name != NULL ? name : get_string (statblock, "Name"));
  if (own_name == NULL)
    {
      tkr_import_plan_add_problem (reader->plan,
                                   _ ("%s has no name, or one longer than %d characters; it "
                                      "was left out"),
                                   what, II_NAME_MAX_CHARS);
      return NULL;
    }

  character = tkr_import_new_character (reader->plan, kind, own_name);

  hp = get_object (statblock, "HP");
  if (!get_number (hp, "Value", &maximum) || maximum < 1)
    {
      tkr_import_plan_add_problem (reader->plan, _ ("%s (%s) has no HP; it was given 1"), what,
                                   own_name);
      maximum = 1;
    }
  else if (maximum > II_MAX_HP)
    {
      tkr_import_plan_add_problem (reader->plan, _ ("%s (%s) has %d HP; it was given %d"), what,
                                   own_name, maximum, II_MAX_HP);
      maximum = II_MAX_HP;
    }
  tkr_import_set_health (character, maximum, maximum);

  ac = get_object (statblock, "AC");
  if (get_number (ac, "Value", &value) &&
      !tkr_import_set_armor_class (reader->plan, character, value))
    {
      text = get_string (ac, "Notes");
      /* Translators: armour class and its notes, kept in a sheet's notes */
      g_string_append_printf (notes, _ ("AC %d %s"), value, text != NULL ? text : "");
      g_strchomp (notes->str);
      notes->len = strlen (notes->str);
      g_string_append_c (notes, '\n');
    }
  if (get_number (statblock, "InitiativeModifier", &value) && value != 0 &&
      !tkr_import_set_initiative_modifier (reader->plan, character, value))
    g_string_append_printf (notes, _ ("Initiative modifier %+d\n"), value);

  read_modifiers (reader, character, get_array (statblock, "Saves"));
  read_modifiers (reader, character, get_array (statblock, "Skills"));
  read_speeds (reader, character, get_array (statblock, "Speed"));
  /* Perception is Pathfinder 2e's initiative: a statblock's own initiative
   * modifier counts only when it names no Perception. */

  if ((text = get_string (statblock, "Type")) != NULL && *text != '\0')
    g_string_append_printf (notes, "%s\n", text);
  if ((text = get_string (statblock, "Challenge")) != NULL && *text != '\0')
    g_string_append_printf (notes, _ ("Challenge %s\n"), text);
  if ((text = get_string (statblock, "Description")) != NULL && *text != '\0')
    g_string_append_printf (notes, "%s\n", text);
  if (notes->len > 0)
    {
      g_strchomp (notes->str);
      g_object_set (character, "notes", notes->str, NULL);
    }
  return g_steal_pointer (&character);
}

static int
current_hp (Reader *reader, JsonObject *object, TkrCharacter *character, const char *what)
{
  int maximum = tkr_pool_get_maximum (tkr_character_get_pool (character, TKR_POOL_HEALTH));
  int current;

  if (!get_number (object, "CurrentHP", &current))
    return maximum;
  if (current < 0)
    return 0;
  if (current > maximum)
    {
      tkr_import_plan_add_problem (reader->plan,
                                   _ ("%s (%s) has %d HP of at most %d; it was given %d"), what,
                                   tkr_character_get_name (character), current, maximum, maximum);
      return maximum;
    }
  return current;
}

/* A PersistentCharacters record, or a legacy PlayerCharacters statblock. */
static void
read_pc (Reader *reader, Record *record)
{
  JsonObject *object = json_node_get_object (record->value);
  JsonObject *statblock = object;
  g_autoptr (TkrCharacter) pc = NULL;
  g_autofree char *what = NULL;
  g_autofree char *name = NULL;

  if (g_hash_table_contains (reader->party_by_id, record->id))
    return;
  what = g_strdup_printf (_ ("Player character “%s”"), record->id);
  if (record->list == lists[0]) /* PersistentCharacters */
    {
      /* The record's own name, else its statblock's. */
      statblock = get_object (object, "StatBlock");
      name = clean_name (get_string (object, "Name"));
    }
  pc = character_from_statblock (reader, statblock, TKR_CHARACTER_KIND_PC, what, name);
  if (pc == NULL)
    return;
  if (record->list == lists[0])
    {
      TkrPool *health = tkr_character_get_pool (pc, TKR_POOL_HEALTH);
      tkr_pool_set_current (health, current_hp (reader, object, pc, what));
    }
  g_hash_table_insert (reader->party_by_id, g_strdup (record->id), g_object_ref (pc));
  tkr_import_plan_add_pc (reader->plan, pc);
}

static void
read_creature (Reader *reader, JsonObject *statblock, const char *id)
{
  g_autoptr (TkrCharacter) npc = NULL;
  g_autofree char *what = NULL;
  const char *player;

  reader->n_statblocks++;
  if (id != NULL && !g_hash_table_add (reader->library_ids, g_strdup (id)))
    return;
  what = g_strdup_printf (_ ("Creature %u"), reader->n_statblocks);
  player = get_string (statblock, "Player");
  /* In a plain list the statblock says whether it is a player's. */
  if (id == NULL && g_strcmp0 (player, "player") == 0)
    {
      g_autoptr (TkrCharacter) pc =
        character_from_statblock (reader, statblock, TKR_CHARACTER_KIND_PC, what, NULL);

      if (pc != NULL)
        tkr_import_plan_add_pc (reader->plan, pc);
      return;
    }
  npc = character_from_statblock (reader, statblock, TKR_CHARACTER_KIND_NPC, what, NULL);
  if (npc != NULL)
    tkr_import_plan_add_npc (reader->plan, npc);
}

static void
read_encounter (Reader *reader, JsonObject *object, const char *fallback_name)
{
  g_autofree char *name = clean_name (get_string (object, "Name"));
  JsonArray *combatants = get_array (object, "Combatants");
  guint n = combatants != NULL ? json_array_get_length (combatants) : 0;
  g_autoptr (GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) participants = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GArray) temporary = g_array_new (FALSE, TRUE, sizeof (int));
  TkrImportEncounter *encounter;

  if (name == NULL)
    name = g_strdup (fallback_name);
  if (n == 0)
    return; /* Improved Initiative always keeps an empty current encounter */

  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (combatants, i);
      JsonObject *combatant = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonObject *statblock = get_object (combatant, "StatBlock");
      const char *pc_id = get_string (combatant, "PersistentCharacterId");
      g_autofree char *what =
        /* Translators: a combatant's place in an encounter, and the encounter's name */
        g_strdup_printf (_ ("Combatant %u of “%s”"), i + 1, name);
      g_autoptr (TkrCharacter) participant = NULL;
      int temporary_hp = 0;

      if (combatant == NULL)
        {
          tkr_import_plan_add_problem (reader->plan, _ ("%s is not a combatant; it was left out"),
                                       what);
          continue;
        }
      if (pc_id != NULL && g_hash_table_contains (reader->party_by_id, pc_id))
        participant = g_object_ref (g_hash_table_lookup (reader->party_by_id, pc_id));
      else if (g_strcmp0 (get_string (statblock, "Player"), "player") == 0 || pc_id != NULL)
        {
          /* A player's character the file keeps no record of: it joins the
           * party too. */
          participant =
            character_from_statblock (reader, statblock, TKR_CHARACTER_KIND_PC, what, NULL);
          if (participant != NULL)
            {
              TkrPool *health = tkr_character_get_pool (participant, TKR_POOL_HEALTH);

              tkr_pool_set_current (health, current_hp (reader, combatant, participant, what));
              tkr_import_plan_add_pc (reader->plan, participant);
              if (pc_id != NULL)
                g_hash_table_insert (reader->party_by_id, g_strdup (pc_id),
                                     g_object_ref (participant));
            }
        }
      else
        {
          g_autofree char *alias = clean_name (get_string (combatant, "Alias"));
          g_autofree char *base = clean_name (get_string (statblock, "Name"));
          g_autofree char *numbered = NULL;

          /* An alias is the name the GM gave this one; the others are
           * numbered as Turnkeeper numbers copies: Bandit, Bandit 2... */
          if (alias == NULL && base != NULL)
            numbered = tkr_import_take_numbered_name (taken, base);
          else if (alias != NULL)
            g_hash_table_add (taken, g_strdup (alias));
          participant = character_from_statblock (reader, statblock, TKR_CHARACTER_KIND_NPC, what,
                                                  alias != NULL ? alias : numbered);
          if (participant != NULL)
            {
              TkrPool *health = tkr_character_get_pool (participant, TKR_POOL_HEALTH);
              tkr_pool_set_current (health, current_hp (reader, combatant, participant, what));
            }
        }
      if (participant == NULL)
        continue;
      for (guint j = 0; j < participants->len; j++)
        if (participants->pdata[j] == participant)
          {
            tkr_import_plan_add_problem (reader->plan,
                                         _ ("%s is %s a second time; only the first was kept"),
                                         what, tkr_character_get_name (participant));
            g_clear_object (&participant);
            break;
          }
      if (participant == NULL)
        continue;
      if (get_number (combatant, "TemporaryHP", &temporary_hp))
        temporary_hp = CLAMP (temporary_hp, 0, TKR_HEALTH_MAX_CHANGE);
      g_ptr_array_add (participants, g_steal_pointer (&participant));
      g_array_append_val (temporary, temporary_hp);
    }

  if (participants->len == 0)
    {
      tkr_import_plan_add_problem (reader->plan,
                                   _ ("No combatant of the encounter “%s” could be read; it was "
                                      "left out"),
                                   name);
      return;
    }
  encounter = tkr_import_plan_add_encounter (reader->plan, name);
  for (guint i = 0; i < participants->len; i++)
    tkr_import_encounter_add (encounter, participants->pdata[i], g_array_index (temporary, int, i));
}

/* Export all */

static gint64
updated_of (Record *record)
{
  JsonObject *object = json_node_get_object (record->value);
  JsonNode *node = json_object_get_member (object, "LastUpdateMs");

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      (json_node_get_value_type (node) == G_TYPE_INT64 ||
       json_node_get_value_type (node) == G_TYPE_DOUBLE))
    return (gint64) json_node_get_double (node);
  return 0;
}

static gboolean
has_name (Record *record)
{
  JsonObject *object = json_node_get_object (record->value);
  g_autofree char *name = clean_name (get_string (object, "Name"));

  if (name == NULL && get_object (object, "StatBlock") != NULL)
    name = clean_name (get_string (get_object (object, "StatBlock"), "Name"));
  return name != NULL;
}

/* Of two copies of one record, the one to keep: a copy with a name before
 * an empty one, then the latest saved, then the least prefixed. */
static gboolean
better (Record *candidate, Record *kept)
{
  gint64 a, b;

  if (has_name (candidate) != has_name (kept))
    return has_name (candidate);
  a = updated_of (candidate);
  b = updated_of (kept);
  if (a != b)
    return a > b;
  return candidate->nesting < kept->nesting;
}

static int
by_position (gconstpointer a, gconstpointer b)
{
  const Record *x = *(Record *const *) a;
  const Record *y = *(Record *const *) b;

  return x->position < y->position ? -1 : x->position > y->position;
}

static gboolean
read_export_all (Reader *reader, JsonObject *root, GError **error)
{
  g_autoptr (GList) members = json_object_get_members (root);
  g_autoptr (GHashTable) kept =
    g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) record_free);
  g_autoptr (GPtrArray) records = NULL;
  guint position = 0;

  for (GList *l = members; l != NULL; l = l->next, position++)
    {
      const char *key = l->data;
      JsonNode *node = json_object_get_member (root, key);
      g_autoptr (JsonNode) value = NULL;
      g_autofree char *slot = NULL;
      const char *list, *id;
      guint nesting;
      Record *record, *previous;

      list = split_key (key, &nesting, &id);
      if (list == NULL)
        continue;
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        {
          const char *text = json_node_get_string (node);

          value = tkr_import_parse (text, strlen (text), NULL);
        }
      else
        value = json_node_ref (node);
      if (value == NULL || !JSON_NODE_HOLDS_OBJECT (value))
        {
          g_autofree char *shown = g_utf8_make_valid (id, MIN (strlen (id), 64));

          tkr_import_plan_add_problem (reader->plan,
                                       /* Translators: a record's id in the file */
                                       _ ("The record “%s” could not be read; it was left out"),
                                       shown);
          continue;
        }
      record = g_new0 (Record, 1);
      record->list = list;
      record->id = g_strdup (id);
      record->nesting = nesting;
      record->position = position;
      record->value = g_steal_pointer (&value);
      /* Both kinds of player character share ids. */
      slot = g_strdup_printf ("%s\n%s", list == lists[1] ? lists[0] : list, id);
      previous = g_hash_table_lookup (kept, slot);
      if (previous != NULL && !better (record, previous))
        record_free (record);
      else
        g_hash_table_insert (kept, g_steal_pointer (&slot), record);
    }

  records = g_ptr_array_new ();
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, kept);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_ptr_array_add (records, value);
  }
  g_ptr_array_sort (records, by_position);

  /* The party first, so encounters can find their PCs. */
  for (guint i = 0; i < records->len; i++)
    {
      Record *record = records->pdata[i];

      if (record->list == lists[0] || record->list == lists[1])
        read_pc (reader, record);
    }
  for (guint i = 0; i < records->len; i++)
    {
      Record *record = records->pdata[i];

      if (record->list == lists[2])
        read_creature (reader, json_node_get_object (record->value), record->id);
    }
  for (guint i = 0; i < records->len; i++)
    {
      Record *record = records->pdata[i];

      if (record->list == lists[3])
        read_encounter (reader, json_node_get_object (record->value), record->id);
    }
  for (guint i = 0; i < records->len; i++)
    {
      Record *record = records->pdata[i];

      if (record->list == lists[4])
        read_encounter (reader, json_node_get_object (record->value),
                        _ ("Improved Initiative’s current encounter"));
    }
  return TRUE;
}

gboolean
tkr_import_ii_read (JsonNode *root, TkrImportPlan *plan, GError **error)
{
  Reader reader = { plan };
  gboolean ok = TRUE;

  reader.party_by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  reader.library_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (JSON_NODE_HOLDS_ARRAY (root))
    {
      JsonArray *array = json_node_get_array (root);
      guint n = json_array_get_length (array);

      for (guint i = 0; i < n; i++)
        {
          JsonNode *node = json_array_get_element (array, i);

          read_creature (&reader,
                         JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL, NULL);
        }
    }
  else if (looks_like_statblock (root))
    read_creature (&reader, json_node_get_object (root), NULL);
  else
    ok = read_export_all (&reader, json_node_get_object (root), error);

  g_hash_table_unref (reader.party_by_id);
  g_hash_table_unref (reader.library_ids);
  return ok;
}

/* Export */

/* "Goblin 2" -> "Goblin" and 2; "Goblin" -> "Goblin" and 1. */
static char *
split_number (const char *name, int *number)
{
  const char *space = strrchr (name, ' ');
  guint64 value;

  if (space != NULL && space[1] != '\0' &&
      g_ascii_string_to_unsigned (space + 1, 10, 1, 99999, &value, NULL))
    {
      *number = (int) value;
      return g_strndup (name, space - name);
    }
  *number = 1;
  return g_strdup (name);
}

static JsonNode *
modifiers_to_json (GListModel *modifiers)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);
  guint n = g_list_model_get_n_items (modifiers);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrModifier) modifier = g_list_model_get_item (modifiers, i);
      JsonObject *object;

      if (tkr_modifier_get_value (modifier) == 0)
        continue;
      object = json_object_new ();
      json_object_set_string_member (object, "Name", tkr_modifier_get_name (modifier));
      json_object_set_int_member (object, "Modifier", tkr_modifier_get_value (modifier));
      json_array_add_object_element (array, object);
    }
  json_node_take_array (node, array);
  return node;
}

static JsonObject *
value_notes (int value)
{
  JsonObject *object = json_object_new ();

  json_object_set_int_member (object, "Value", value);
  json_object_set_string_member (object, "Notes", "");
  return object;
}

static JsonObject *
statblock_to_json (TkrRules *rules, TkrCharacter *character, const char *name)
{
  static const char *const abilities[] = { "Str", "Dex", "Con", "Int", "Wis", "Cha" };
  static const char *const empty_lists[] = {
    "Speed",
    "DamageVulnerabilities",
    "DamageResistances",
    "DamageImmunities",
    "ConditionImmunities",
    "Senses",
    "Languages",
    "Traits",
    "Actions",
    "BonusActions",
    "Reactions",
    "LegendaryActions",
    "MythicActions",
  };
  JsonObject *statblock = json_object_new ();
  JsonObject *scores = json_object_new ();
  int ac = 10;

  /* The sheet's armour class, whichever name the system gives it. */
  if (!tkr_character_get_field (character, "ac", &ac) &&
      !tkr_character_get_field (character, "armor_class", &ac))
    ac = 10;
  json_object_set_string_member (statblock, "Id", tkr_character_get_id (character));
  json_object_set_string_member (statblock, "Name", name);
  json_object_set_string_member (statblock, "Path", "");
  json_object_set_string_member (statblock, "Source", "Turnkeeper");
  json_object_set_string_member (statblock, "Type", "");
  json_object_set_object_member (
    statblock, "HP",
    value_notes (tkr_pool_get_maximum (tkr_character_get_pool (character, TKR_POOL_HEALTH))));
  json_object_set_object_member (statblock, "AC", value_notes (ac));
  json_object_set_int_member (statblock, "InitiativeModifier",
                              tkr_import_get_initiative_modifier (rules, character));
  for (guint i = 0; i < G_N_ELEMENTS (abilities); i++)
    json_object_set_int_member (scores, abilities[i], 10);
  json_object_set_object_member (statblock, "Abilities", scores);
  for (guint i = 0; i < G_N_ELEMENTS (empty_lists); i++)
    json_object_set_array_member (statblock, empty_lists[i], json_array_new ());
  json_object_set_member (statblock, "Saves",
                          modifiers_to_json (tkr_character_get_saves (character)));
  json_object_set_member (statblock, "Skills",
                          modifiers_to_json (tkr_character_get_skills (character)));
  json_object_set_string_member (statblock, "Challenge", "");
  json_object_set_string_member (statblock, "Description", tkr_character_get_notes (character));
  json_object_set_string_member (statblock, "Player",
                                 tkr_character_is_pc (character) ? "player" : "");
  json_object_set_string_member (statblock, "ImageURL", "");
  json_object_set_string_member (statblock, "Version", II_VERSION);
  return statblock;
}

/* Improved Initiative's values are JSON text inside the JSON. */
static void
set_encoded (JsonObject *root, const char *key, JsonNode *value)
{
  g_autofree char *text = json_to_string (value, FALSE);

  json_object_set_string_member (root, key, text);
  json_node_unref (value);
}

static JsonNode *
object_node (JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);
  return node;
}

static void
set_index (JsonObject *root, const char *list, JsonArray *ids)
{
  g_autofree char *key = g_strconcat (II_PREFIX, list, NULL);
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, ids);
  set_encoded (root, key, node);
}

static int
temporary_health_of (TkrCampaign *campaign, TkrCharacter *character)
{
  TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
  TkrCombatant *combatant =
    encounter != NULL ? tkr_encounter_find_combatant (encounter, character) : NULL;

  return combatant != NULL ? tkr_combatant_get_temporary_health (combatant) : 0;
}

/* The encounter's id and name in Improved Initiative: its saved encounters
 * are known by name. */
static char *
encounter_id (const char *name)
{
  char *id = g_strdup (name);

  for (char *c = id; *c != '\0'; c++)
    if (*c == ' ' || *c == '.' || *c == '/')
      *c = '_';
  return id;
}

GBytes *
tkr_export_improved_initiative (TkrCampaign *campaign)
{
  g_autoptr (JsonNode) root_node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *root = json_object_new ();
  TkrRules *rules;
  GListModel *party, *npcs;
  JsonArray *ids;
  gint64 now = g_get_real_time () / 1000;
  g_autoptr (GPtrArray) participants = NULL;
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);

  rules = tkr_campaign_get_rules (campaign);
  json_node_take_object (root_node, root);

  /* The party as Improved Initiative's player characters. */
  party = tkr_campaign_get_party (campaign);
  ids = json_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (party); i++)
    {
      g_autoptr (TkrCharacter) pc = g_list_model_get_item (party, i);
      const char *id = tkr_character_get_id (pc);
      JsonObject *record = json_object_new ();
      g_autofree char *key = g_strconcat (II_PREFIX, "PersistentCharacters.", id, NULL);

      json_array_add_string_element (ids, id);
      json_object_set_string_member (record, "Id", id);
      json_object_set_string_member (record, "Version", II_VERSION);
      json_object_set_string_member (record, "Name", tkr_character_get_name (pc));
      json_object_set_string_member (record, "Path", "");
      json_object_set_int_member (record, "LastUpdateMs", now);
      json_object_set_int_member (
        record, "CurrentHP", tkr_pool_get_current (tkr_character_get_pool (pc, TKR_POOL_HEALTH)));
      json_object_set_string_member (record, "Notes", "");
      json_object_set_object_member (record, "StatBlock",
                                     statblock_to_json (rules, pc, tkr_character_get_name (pc)));
      set_encoded (root, key, object_node (record));
    }
  set_index (root, "PersistentCharacters", ids);

  /* The NPC library as its creatures. */
  npcs = tkr_campaign_get_npcs (campaign);
  ids = json_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (npcs); i++)
    {
      g_autoptr (TkrCharacter) npc = g_list_model_get_item (npcs, i);
      const char *id = tkr_character_get_id (npc);
      g_autofree char *key = g_strconcat (II_PREFIX, "Creatures.", id, NULL);
      JsonObject *statblock = statblock_to_json (rules, npc, tkr_character_get_name (npc));

      json_array_add_string_element (ids, id);
      json_object_set_int_member (statblock, "LastUpdateMs", now);
      set_encoded (root, key, object_node (statblock));
    }
  set_index (root, "Creatures", ids);

  /* The encounter as a saved encounter, in its order. */
  ids = json_array_new ();
  participants = tkr_tracker_list_participants (tkr_campaign_get_tracker (campaign));
  if (participants->len > 0)
    {
      g_autofree char *id = encounter_id (tkr_campaign_get_name (campaign));
      g_autofree char *key = g_strconcat (II_PREFIX, "SavedEncounters.", id, NULL);
      JsonObject *encounter = json_object_new ();
      JsonArray *combatants = json_array_new ();

      json_array_add_string_element (ids, id);
      json_object_set_string_member (encounter, "Name", tkr_campaign_get_name (campaign));
      json_object_set_string_member (encounter, "Path", "");
      json_object_set_string_member (encounter, "Id", id);
      for (guint i = 0; i < participants->len; i++)
        {
          TkrCharacter *character = participants->pdata[i];
          JsonObject *combatant = json_object_new ();
          const char *name = tkr_character_get_name (character);
          int number = 1;
          g_autofree char *base = split_number (name, &number);
          g_autofree char *combatant_id = g_uuid_string_random ();

          json_object_set_string_member (combatant, "Id", combatant_id);
          if (tkr_character_is_pc (character))
            {
              json_object_set_string_member (combatant, "PersistentCharacterId",
                                             tkr_character_get_id (character));
              g_clear_pointer (&base, g_free);
              base = g_strdup (name);
              number = 1;
            }
          json_object_set_object_member (combatant, "StatBlock",
                                         statblock_to_json (rules, character, base));
          json_object_set_int_member (
            combatant, "CurrentHP",
            tkr_pool_get_current (tkr_character_get_pool (character, TKR_POOL_HEALTH)));
          json_object_set_string_member (combatant, "CurrentNotes", "");
          json_object_set_int_member (combatant, "TemporaryHP",
                                      temporary_health_of (campaign, character));
          json_object_set_int_member (combatant, "Initiative", 0);
          json_object_set_null_member (combatant, "InitiativeGroup");
          /* Improved Initiative shows a numbered copy as "Goblin 2" by its
           * index; the alias keeps the name Turnkeeper gave it. */
          json_object_set_string_member (combatant, "Alias",
                                         g_strcmp0 (base, name) != 0 ? name : "");
          json_object_set_int_member (combatant, "IndexLabel", number);
          json_object_set_array_member (combatant, "Tags", json_array_new ());
          json_object_set_boolean_member (combatant, "Hidden", FALSE);
          json_object_set_boolean_member (combatant, "RevealedAC", FALSE);
          json_object_set_int_member (combatant, "RoundCounter", 0);
          json_object_set_string_member (combatant, "InterfaceVersion", II_VERSION);
          json_object_set_int_member (combatant, "ElapsedSeconds", 0);
          json_array_add_object_element (combatants, combatant);
        }
      json_object_set_array_member (encounter, "Combatants", combatants);
      json_object_set_null_member (encounter, "BackgroundImageUrl");
      json_object_set_string_member (encounter, "Version", II_VERSION);
      json_object_set_int_member (encounter, "LastUpdateMs", now);
      set_encoded (root, key, object_node (encounter));
    }
  set_index (root, "SavedEncounters", ids);

  text = json_to_string (root_node, TRUE);
  length = strlen (text);
  return g_bytes_new_take (g_steal_pointer (&text), length);
}
