/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gstdio.h>

#include "tkr-core.h"

/*
 * Character files: a full round trip of every field, the asynchronous
 * atomic save and load, a newer format refused, the sample files, and
 * every hostile file in tests/files/hostile/character-*.json refused with
 * a clear TKR_FILE_ERROR while the file on disk stays as it was.
 */

#define MIN_HOSTILE_CHARACTER_FILES 14

typedef struct
{
  GMainLoop *loop;
  GAsyncResult *result;
} AsyncWait;

static void
async_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncWait *wait = user_data;

  wait->result = g_object_ref (result);
  g_main_loop_quit (wait->loop);
}

static void
assert_variants_equal (GVariant *a, GVariant *b)
{
  g_assert_true ((a == NULL) == (b == NULL));
  if (a != NULL)
    g_assert_true (g_variant_equal (a, b));
}

/* Every readable value property of @a equals that of @b. */
static void
assert_objects_equal (GObject *a, GObject *b)
{
  g_autofree GParamSpec **pspecs = NULL;
  guint n;

  g_assert_true (G_OBJECT_TYPE (a) == G_OBJECT_TYPE (b));
  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (a), &n);
  for (guint i = 0; i < n; i++)
    {
      GParamSpec *pspec = pspecs[i];
      g_auto (GValue) va = G_VALUE_INIT;
      g_auto (GValue) vb = G_VALUE_INIT;

      if (!(pspec->flags & G_PARAM_READABLE) || G_IS_PARAM_SPEC_OBJECT (pspec))
        continue;
      g_value_init (&va, pspec->value_type);
      g_value_init (&vb, pspec->value_type);
      g_object_get_property (a, pspec->name, &va);
      g_object_get_property (b, pspec->name, &vb);
      if (G_IS_PARAM_SPEC_VARIANT (pspec))
        assert_variants_equal (g_value_get_variant (&va), g_value_get_variant (&vb));
      else if (g_param_values_cmp (pspec, &va, &vb) != 0)
        {
          g_autofree char *sa = g_strdup_value_contents (&va);
          g_autofree char *sb = g_strdup_value_contents (&vb);

          g_error ("%s.%s differs: %s vs %s", G_OBJECT_TYPE_NAME (a), pspec->name, sa, sb);
        }
    }
}

static void
assert_lists_equal (GListModel *a, GListModel *b)
{
  guint n = g_list_model_get_n_items (a);

  g_assert_true (a != b);
  g_assert_cmpuint (g_list_model_get_n_items (b), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) ia = g_list_model_get_item (a, i);
      g_autoptr (GObject) ib = g_list_model_get_item (b, i);

      g_assert_true (ia != ib);
      assert_objects_equal (ia, ib);
    }
}

static void
assert_characters_equal (TkrCharacter *a, TkrCharacter *b)
{
  /* Every scalar property, the id included... */
  assert_objects_equal (G_OBJECT (a), G_OBJECT (b));
  g_assert_cmpstr (tkr_character_get_id (a), ==, tkr_character_get_id (b));
  /* ... and every list, item by item. */
  assert_lists_equal (tkr_character_get_pools (a), tkr_character_get_pools (b));
  assert_lists_equal (tkr_character_get_saves (a), tkr_character_get_saves (b));
  assert_lists_equal (tkr_character_get_skills (a), tkr_character_get_skills (b));
  assert_lists_equal (tkr_character_get_archetypes (a), tkr_character_get_archetypes (b));
  assert_lists_equal (tkr_character_get_movement_ranges (a), tkr_character_get_movement_ranges (b));
  assert_lists_equal (tkr_character_get_abilities (a), tkr_character_get_abilities (b));
  assert_lists_equal (tkr_character_get_conditions (a), tkr_character_get_conditions (b));
  assert_lists_equal (tkr_character_get_inventory (a), tkr_character_get_inventory (b));
}

/* A sheet with every field away from its default. */
static TkrCharacter *
build_full_character (void)
{
  TkrCharacter *self = tkr_character_new (NULL, TKR_CHARACTER_KIND_NPC, "Mira “Quick” Ånström");
  g_autoptr (TkrAbility) backstab = tkr_ability_new ("Backstab", TKR_ABILITY_TIME_MONTAGE, 3);
  g_autoptr (TkrAbility) legend = tkr_ability_new ("Legend", TKR_ABILITY_TIME_EPISODIC, 0);
  g_autoptr (TkrItem) rope = tkr_item_new ("Rope", 3);
  g_autoptr (TkrItem) coin = tkr_item_new ("Lucky coin", 0);
  static const char *const texts[] = {
    "target",   "trigger", "requirements", "test-skill",  "on-low",
    "on-mixed", "on-high", "effect",       "description",
  };

  g_object_set (self, "player", "Alice", "notes", "Two lines,\nand a tab\there.", "rule-system",
                "kleptonomicon-house-rules", NULL);
  g_assert_true (tkr_character_set_level (self, NULL, 7, NULL));
  g_assert_true (tkr_character_set_experience (self, NULL, 133, NULL));
  g_assert_true (tkr_character_set_wealth (self, NULL, 999999999, NULL));
  for (int i = 0; i < TKR_N_POOLS; i++)
    g_assert_true (tkr_character_edit_pool (self, NULL, i, i + 1, 20 + i, NULL));
  g_assert_true (tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_SAVE, "Edge", 3, NULL));
  g_assert_true (tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_SAVE, "Grit", -2, NULL));
  g_assert_true (tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_SAVE, "Luck", 99, NULL));
  g_assert_true (
    tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_SKILL, "Covert", 4, NULL));
  g_assert_true (
    tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_SKILL, "Lore", -99, NULL));
  g_assert_true (
    tkr_character_remove_modifier (self, NULL, TKR_MODIFIER_KIND_SKILL, "Medicine", NULL));
  g_assert_true (
    tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_SKILL, "Sailing", 1, NULL));
  g_assert_true (
    tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue", 4, NULL));
  g_assert_true (
    tkr_character_set_modifier (self, NULL, TKR_MODIFIER_KIND_ARCHETYPE, "Scout", 2, NULL));
  g_assert_true (tkr_character_set_range (self, NULL, "Walk", 6, NULL));
  g_assert_true (tkr_character_set_range (self, NULL, "Jump", 0, NULL));
  g_assert_true (tkr_character_set_range (self, NULL, "Climb", 10000, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s of the backstab", texts[i]);
      g_object_set (backstab, texts[i], text, NULL);
    }
  g_assert_true (tkr_character_add_ability (self, NULL, backstab, NULL));
  g_assert_true (tkr_character_add_ability (self, NULL, legend, NULL));
  g_assert_nonnull (tkr_character_add_condition (self, NULL, NULL, "Slowed", 1, 3, NULL));
  g_assert_nonnull (tkr_character_add_condition (self, NULL, NULL, "Slowed", 1, 5, NULL));
  g_assert_nonnull (
    tkr_character_add_condition (self, NULL, NULL, "Exhausted", 1, TKR_TURN_NONE, NULL));
  g_assert_nonnull (tkr_character_add_condition (self, NULL, NULL, "Dazzled", 2, 0, NULL));
  tkr_item_set_notes (rope, "Fifty feet");
  g_assert_true (tkr_character_add_item (self, NULL, rope, NULL));
  g_assert_true (tkr_character_add_item (self, NULL, coin, NULL));
  return self;
}

static void
test_round_trip_every_field (void)
{
  g_autoptr (TkrCharacter) original = build_full_character ();
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autoptr (TkrCharacter) again = NULL;
  g_autoptr (GBytes) bytes = tkr_character_to_bytes (original);
  g_autoptr (GBytes) bytes_again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = tkr_character_to_json (original);
  JsonObject *object = json_node_get_object (node);
  static const char *const members[] = {
    "id",        "name",       "player",    "kind",  "rule_system", "level",      "experience",
    "wealth",    "notes",      "pools",     "saves", "skills",      "archetypes", "movement_ranges",
    "abilities", "conditions", "inventory",
  };

  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    g_assert_true (json_object_has_member (object, members[i]));
  g_assert_cmpstr (json_object_get_string_member (object, "kind"), ==, "npc");

  loaded = tkr_character_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_characters_equal (original, loaded);

  /* Spot checks that the values really are away from the defaults. */
  g_assert_false (tkr_character_is_pc (loaded));
  g_assert_cmpstr (tkr_character_get_name (loaded), ==, "Mira “Quick” Ånström");
  g_assert_cmpstr (tkr_character_get_notes (loaded), ==, "Two lines,\nand a tab\there.");
  g_assert_cmpint (tkr_character_get_wealth (loaded), ==, 999999999);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (loaded, TKR_POOL_SHIELD)), ==, 3);
  g_assert_cmpint (tkr_character_get_modifier_value (loaded, TKR_MODIFIER_KIND_SKILL, "Lore"), ==,
                   -99);
  g_assert_null (tkr_character_find_modifier (loaded, TKR_MODIFIER_KIND_SKILL, "Medicine"));
  g_assert_null (tkr_character_find_range (loaded, "Jump"));
  g_assert_cmpint (
    tkr_condition_get_stack_turn (tkr_character_find_condition (loaded, "Exhausted"), 0), ==,
    TKR_TURN_NONE);
  g_assert_true (
    tkr_condition_get_episode_only (tkr_character_find_condition (loaded, "Exhausted")));

  /* Saving what was loaded gives the same bytes. */
  bytes_again = tkr_character_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, bytes_again));

  /* And the JSON layer alone does the same. */
  again = tkr_character_new_from_json (node, NULL, &error);
  g_assert_no_error (error);
  assert_characters_equal (original, again);
}

static void
test_async_save_and_load (void)
{
  g_autoptr (TkrCharacter) original = build_full_character ();
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("turnkeeper-test-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  AsyncWait wait = { loop, NULL };

  g_assert_no_error (error);
  path = g_build_filename (dir, "mira.turnkeeper-character", NULL);
  file = g_file_new_for_path (path);

  tkr_character_save_async (original, file, NULL, async_done, &wait);
  g_main_loop_run (loop);
  g_assert_true (tkr_character_save_finish (original, wait.result, &error));
  g_assert_no_error (error);
  g_clear_object (&wait.result);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* Saving again replaces the file (atomically, beside it). */
  g_assert_true (tkr_character_rename (original, NULL, "Mira the Second", NULL));
  tkr_character_save_async (original, file, NULL, async_done, &wait);
  g_main_loop_run (loop);
  g_assert_true (tkr_character_save_finish (original, wait.result, &error));
  g_clear_object (&wait.result);

  tkr_character_load_async (file, NULL, async_done, &wait);
  g_main_loop_run (loop);
  loaded = tkr_character_load_finish (wait.result, &error);
  g_clear_object (&wait.result);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_characters_equal (original, loaded);
  g_assert_cmpstr (tkr_character_get_name (loaded), ==, "Mira the Second");

  /* A missing file is an error, not a crash. */
  {
    g_autofree char *missing_path = g_build_filename (dir, "missing.json", NULL);
    g_autoptr (GFile) missing = g_file_new_for_path (missing_path);
    g_autoptr (TkrCharacter) nothing = NULL;

    tkr_character_load_async (missing, NULL, async_done, &wait);
    g_main_loop_run (loop);
    nothing = tkr_character_load_finish (wait.result, &error);
    g_clear_object (&wait.result);
    g_assert_null (nothing);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_newer_format_refused (void)
{
  g_autoptr (TkrCharacter) character = build_full_character ();
  g_autoptr (GBytes) bytes = tkr_character_to_bytes (character);
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GBytes) newer = NULL;
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  root = tkr_file_parse (data, length, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "format"), ==,
                   TKR_CHARACTER_FORMAT);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "kind"), ==,
                   TKR_CHARACTER_FILE_KIND);
  json_object_set_int_member (json_node_get_object (root), "format", TKR_CHARACTER_FORMAT + 1);
  newer = tkr_file_serialize (root);

  loaded = tkr_character_new_from_bytes (newer, &error);
  g_assert_null (loaded);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_FORMAT_TOO_NEW);
  g_assert_true (strstr (error->message, "format") != NULL);
}

static TkrCharacter *
load_sample (const char *name, GError **error)
{
  g_autofree char *path = g_build_filename (TKR_TEST_FILES, "characters", name, NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr (GBytes) bytes = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  return tkr_character_new_from_bytes (bytes, error);
}

static void
test_samples (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) mira = load_sample ("mira-the-rogue.json", &error);
  g_autoptr (TkrCharacter) goblin = NULL;
  g_autoptr (GDir) dir = NULL;
  g_autofree char *dir_path = g_build_filename (TKR_TEST_FILES, "characters", NULL);
  const char *name;
  TkrCondition *slowed;

  /* Unknown keys ("a_key_from_the_future") are ignored. */
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_id (mira), ==, "0b6f2c3e-8f1a-4c57-9d2e-5a7b1c9e4f10");
  g_assert_cmpstr (tkr_character_get_name (mira), ==, "Mira Quickfingers");
  g_assert_cmpstr (tkr_character_get_player (mira), ==, "Alice");
  g_assert_cmpint (tkr_character_get_level (mira), ==, 3);
  g_assert_cmpint (tkr_character_get_experience (mira), ==, 47);
  g_assert_cmpint (tkr_character_get_edge_save (mira), ==, 2);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (mira, TKR_POOL_HEALTH)), ==, 8);
  g_assert_cmpint (tkr_character_get_range_units (mira, "Climb"), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_abilities (mira)), ==, 2);
  slowed = tkr_character_find_condition (mira, "Slowed");
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 2);
  g_assert_cmpint (tkr_condition_get_stack_turn (slowed, 1), ==, 5);
  g_assert_cmpint (tkr_character_get_level_ups_available (mira, NULL), ==, 0);

  /* Only a name and a kind: everything else as a new sheet. */
  goblin = load_sample ("goblin-minimal.json", &error);
  g_assert_no_error (error);
  g_assert_false (tkr_character_is_pc (goblin));
  g_assert_true (g_uuid_string_is_valid (tkr_character_get_id (goblin)));
  g_assert_cmpint (tkr_character_get_level (goblin), ==, 1);
  g_assert_cmpint (tkr_character_get_range_units (goblin, "Walk"), ==, 4);
  g_assert_nonnull (tkr_character_find_modifier (goblin, TKR_MODIFIER_KIND_SAVE, "Grit"));
  g_assert_cmpint (tkr_pool_get_maximum (tkr_character_get_pool (goblin, TKR_POOL_HEALTH)), ==, 10);

  /* Every sample loads. */
  dir = g_dir_open (dir_path, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr (TkrCharacter) sample = NULL;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      sample = load_sample (name, &error);
      g_assert_no_error (error);
      g_assert_nonnull (sample);
    }
}

static TkrCharacter *
from_text (const char *text, GError **error)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
  return tkr_character_new_from_bytes (bytes, error);
}

static void
test_errors_name_paths (void)
{
  static const char *const cases[][2] = {
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"pools\": {\"health\": {\"current\": 11, \"maximum\": 10}}}}",
      "character.pools.health.current" },
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"conditions\": [{\"name\": \"Slowed\", \"stack_turns\": [1, 2, 3]}]}}",
      "character.conditions[0].stack_turns" },
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"skills\": [{\"name\": \"Lore\", \"value\": 1}, {\"name\": \"LORE\", \"value\": 2}]}}",
      "character.skills[1].name" },
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"archetypes\": [{\"name\": \"Rogue\", \"value\": -1}]}}",
      "character.archetypes[0].value" },
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"inventory\": [{\"name\": \"Rope\", \"quantity\": 100000}]}}",
      "character.inventory[0].quantity" },
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"movement_ranges\": [{\"name\": \"Walk\"}]}}",
      "character.movement_ranges[0].units" },
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"conditions\": [{\"name\": \"Slowed\", \"stack_turns\": []}]}}",
      "character.conditions[0].stack_turns" },
    { "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\", "
      "\"experience\": 1000001}}",
      "character.experience" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrCharacter) character = from_text (cases[i][0], &error);

      g_assert_null (character);
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
      if (strstr (error->message, cases[i][1]) == NULL)
        g_error ("“%s” does not name %s", error->message, cases[i][1]);
    }
}

/* The turn order needs an Edge Save: a file without one gets it at +0. */
static void
test_edge_added_when_missing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) character =
    from_text ("{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": "
               "{\"name\": \"A\", \"saves\": [{\"name\": \"Grit\", \"value\": 2}], "
               "\"id\": \"\"}}",
               &error);

  g_assert_no_error (error);
  g_assert_nonnull (tkr_character_find_modifier (character, TKR_MODIFIER_KIND_SAVE, "Edge"));
  g_assert_cmpint (tkr_character_get_edge_save (character), ==, 0);
  g_assert_cmpint (tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SAVE, "Grit"), ==,
                   2);
  /* An empty id is replaced by a fresh one. */
  g_assert_true (g_uuid_string_is_valid (tkr_character_get_id (character)));
}

static void
test_hostile_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_length, after_length;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) character = NULL;
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInfo) info_before = NULL;
  g_autoptr (GFileInfo) info_after = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  AsyncWait wait = { loop, NULL };

  g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));
  info_before =
    g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  bytes = g_bytes_new (before, before_length);

  character = tkr_character_new_from_bytes (bytes, &error);
  g_assert_null (character);
  g_assert_nonnull (error);
  g_assert_true (error->domain == TKR_FILE_ERROR);
  g_assert_nonnull (error->message);
  g_assert_cmpuint (strlen (error->message), >, 0);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  /* The loader the application uses: an error, and the file untouched. */
  tkr_character_load_async (file, NULL, async_done, &wait);
  g_main_loop_run (loop);
  loaded = tkr_character_load_finish (wait.result, &error);
  g_clear_object (&wait.result);
  g_assert_null (loaded);
  g_assert_nonnull (error);
  g_assert_true (error->domain == TKR_FILE_ERROR);
  g_assert_cmpuint (strlen (error->message), >, 0);

  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_cmpmem (before, before_length, after, after_length);
  info_after =
    g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  g_assert_cmpuint (g_file_info_get_attribute_uint64 (info_before, G_FILE_ATTRIBUTE_TIME_MODIFIED),
                    ==,
                    g_file_info_get_attribute_uint64 (info_after, G_FILE_ATTRIBUTE_TIME_MODIFIED));
}

static void
test_enough_hostile_files (gconstpointer data)
{
  g_assert_cmpuint (GPOINTER_TO_UINT (data), >=, MIN_HOSTILE_CHARACTER_FILES);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char *argv[])
{
  g_autofree char *hostile_dir = g_build_filename (TKR_TEST_FILES, "hostile", NULL);
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/character-file/round-trip-every-field", test_round_trip_every_field);
  g_test_add_func ("/character-file/async-atomic-save-and-load", test_async_save_and_load);
  g_test_add_func ("/character-file/newer-format-refused", test_newer_format_refused);
  g_test_add_func ("/character-file/samples", test_samples);
  g_test_add_func ("/character-file/errors-name-their-path", test_errors_name_paths);
  g_test_add_func ("/character-file/seed-turn-order-edge-save-added", test_edge_added_when_missing);

  dir = g_dir_open (hostile_dir, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "character-") && g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  g_test_add_data_func ("/character-file/hostile/at-least-14-files", GUINT_TO_POINTER (names->len),
                        test_enough_hostile_files);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file_name = g_ptr_array_index (names, i);
      g_autofree char *test_path = g_strdup_printf ("/character-file/hostile/%s", file_name);

      g_test_add_data_func_full (test_path, g_build_filename (hostile_dir, file_name, NULL),
                                 test_hostile_file, g_free);
    }

  return g_test_run ();
}
