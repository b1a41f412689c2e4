/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"

static JsonNode *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  JsonNode *node = tkr_file_parse (text, strlen (text), &error);

  g_assert_no_error (error);
  return node;
}

/* The Kleptonomicon's numbers come from rule data (RULES.md: numbers that
 * differ between editions belong in data). */
static void
test_rules_default_numbers (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  int units;

  g_assert_cmpstr (tkr_rules_get_id (rules), ==, "kleptonomicon");
  g_assert_cmpint (tkr_rules_get_die_sides (rules), ==, 10);
  /* Seed 000, "Beats": two Beats per Round. */
  g_assert_cmpint (tkr_rules_get_beats_per_round (rules), ==, 2);
  /* Seed 000, "Free Actions": at least three per Turn. */
  g_assert_cmpint (tkr_rules_get_free_actions_per_turn (rules), ==, 3);
  /* SRD: a Level Up every 20 XP. */
  g_assert_cmpint (tkr_rules_get_xp_per_level (rules), ==, 20);
  /* Seed 000, "Improvised Movement": 2 Movement per unit. */
  g_assert_cmpint (tkr_rules_get_improvised_cost (rules), ==, 2);
  /* Seed 000, "Encounter End Phase": usually 1 XP, sometimes 2. */
  g_assert_true (tkr_rules_is_valid_award (rules, 1));
  g_assert_true (tkr_rules_is_valid_award (rules, 2));
  g_assert_false (tkr_rules_is_valid_award (rules, 3));
  /* Seed 000, "Movement": PCs start with Walk 4u and Jump 1u. */
  g_assert_cmpuint (tkr_rules_get_n_pc_ranges (rules), ==, 2);
  g_assert_cmpstr (tkr_rules_get_pc_range (rules, 0, &units), ==, "Walk");
  g_assert_cmpint (units, ==, 4);
  g_assert_cmpstr (tkr_rules_get_pc_range (rules, 1, &units), ==, "Jump");
  g_assert_cmpint (units, ==, 1);
}

/* Seed 000, "Movement": Swinging 1, Spitting 4, Throwing 8, Shooting 16, Sniping 200. */
static void
test_rules_named_distances (void)
{
  TkrRules *rules = tkr_rules_get_default ();

  g_assert_cmpint (tkr_rules_lookup_distance (rules, "swinging"), ==, 1);
  g_assert_cmpint (tkr_rules_lookup_distance (rules, "Spitting"), ==, 4);
  g_assert_cmpint (tkr_rules_lookup_distance (rules, "throwing"), ==, 8);
  g_assert_cmpint (tkr_rules_lookup_distance (rules, "shooting"), ==, 16);
  g_assert_cmpint (tkr_rules_lookup_distance (rules, "sniping"), ==, 200);
  g_assert_cmpint (tkr_rules_lookup_distance (rules, "yelling"), ==, -1);
}

static void
test_rules_catalogues (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  const TkrConditionInfo *slowed = tkr_rules_lookup_condition (rules, "slowed");
  const TkrConditionInfo *exhausted = tkr_rules_lookup_condition (rules, "Exhausted");
  const TkrZoneInfo *fire = tkr_rules_lookup_zone (rules, "fire");

  g_assert_nonnull (slowed);
  g_assert_cmpint (slowed->kind, ==, TKR_CONDITION_KIND_FLEETING);
  g_assert_cmpint (slowed->max_stacks, ==, 2);
  /* SRD: Exhausted clears only at the end of an Episode. */
  g_assert_nonnull (exhausted);
  g_assert_true (exhausted->clears_only_at_episode_end);
  g_assert_nonnull (fire);
  g_assert_cmpint (fire->max_stacks, ==, 2);
  g_assert_cmpuint (tkr_rules_get_n_conditions (rules), >=, 10);
  g_assert_nonnull (tkr_rules_get_basic_abilities (rules));
}

/* A table's variant is a data change: other numbers load without C changes. */
static void
test_rules_variant_data (void)
{
  g_autoptr (GBytes) bytes =
    g_resources_lookup_data ("/io/github/turnkeeper/Turnkeeper/rules/kleptonomicon.json", 0, NULL);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_autoptr (GString) variant = g_string_new (text);
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (GError) error = NULL;

  g_string_replace (variant, "\"beats_per_round\": 2", "\"beats_per_round\": 3", 1);
  g_string_replace (variant, "\"xp_per_level\": 20", "\"xp_per_level\": 10", 1);
  root = parse (variant->str);
  rules = tkr_rules_new_from_json (root, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_rules_get_beats_per_round (rules), ==, 3);
  g_assert_cmpint (tkr_rules_get_xp_per_level (rules), ==, 10);
}

static void
test_rules_bad_data_refused (void)
{
  const char *bad[] = {
    "{\"kind\": \"turnkeeper-rules\", \"format\": 1}",
    "{\"kind\": \"turnkeeper-rules\", \"format\": 9}",
    "{\"kind\": \"something\", \"format\": 1}",
    "[]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (JsonNode) root = parse (bad[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrRules) rules = tkr_rules_new_from_json (root, &error);

      g_assert_null (rules);
      g_assert_error (error, TKR_FILE_ERROR, error->code);
      g_assert_cmpstr (error->message, !=, "");
    }
}

static void
test_rules_unknown_system (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("calvinball", &error);

  g_assert_null (rules);
  g_assert_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_UNKNOWN_SYSTEM);
}

static void
test_rules_pool_ids (void)
{
  TkrPoolKind kind;

  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      g_assert_true (tkr_pool_kind_from_id (tkr_pool_kind_to_id (i), &kind));
      g_assert_cmpint (kind, ==, i);
      g_assert_nonnull (tkr_pool_kind_to_name (i));
    }
  g_assert_false (tkr_pool_kind_from_id ("mana", &kind));
}

/* Each system's own sheet fields come from its rule data ("sheet.fields"):
 * the Action-Point Finesse Die and size (seed 004, Reset Phase and Free
 * Steps), the d20 speeds and mana (seed 003, Movement and Resting). */
static void
test_rules_sheet_fields (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) ap = tkr_rules_new_from_resource ("action-points", &error);
  g_autoptr (TkrRules) d20 = NULL;
  g_autoptr (TkrRules) pf2e = NULL;
  const TkrSheetFieldInfo *die, *size, *walk;

  g_assert_no_error (error);
  g_assert_cmpuint (tkr_rules_get_n_sheet_fields (ap), ==, 5);
  die = tkr_rules_lookup_sheet_field (ap, "finesse_die");
  g_assert_nonnull (die);
  g_assert_true (die == tkr_rules_get_sheet_field (ap, 0));
  g_assert_cmpstr (die->name, ==, "Finesse Die");
  g_assert_cmpint (die->default_value, ==, 6);
  g_assert_cmpuint (die->n_choices, ==, 5);
  g_assert_true (tkr_sheet_field_info_accepts (die, 8));
  g_assert_false (tkr_sheet_field_info_accepts (die, 7));
  g_assert_false (tkr_sheet_field_info_accepts (die, 14));
  g_assert_cmpstr (tkr_sheet_field_info_get_label (die, 10), ==, "d10");
  g_assert_null (tkr_sheet_field_info_get_label (die, 7));
  size = tkr_rules_lookup_sheet_field (ap, "size");
  g_assert_cmpstr (tkr_sheet_field_info_get_label (size, 1), ==, "Small");
  g_assert_nonnull (tkr_rules_lookup_sheet_field (ap, "ap_adjustment"));
  g_assert_nonnull (tkr_rules_lookup_sheet_field (ap, "mana_max"));
  g_assert_nonnull (tkr_rules_lookup_sheet_field (ap, "faith_max"));
  g_assert_null (tkr_rules_lookup_sheet_field (ap, "walk_speed"));

  d20 = tkr_rules_new_from_resource ("d20", &error);
  g_assert_no_error (error);
  walk = tkr_rules_lookup_sheet_field (d20, "walk_speed");
  g_assert_nonnull (walk);
  g_assert_cmpint (walk->default_value, ==, 30);
  g_assert_cmpuint (walk->n_choices, ==, 0);
  g_assert_true (tkr_sheet_field_info_accepts (walk, 45));
  g_assert_false (tkr_sheet_field_info_accepts (walk, -5));
  g_assert_nonnull (tkr_rules_lookup_sheet_field (d20, "fly_speed"));
  g_assert_nonnull (tkr_rules_lookup_sheet_field (d20, "swim_speed"));
  g_assert_nonnull (tkr_rules_lookup_sheet_field (d20, "mana_max"));

  /* The Kleptonomicon keeps everything in saves and skills; PF2e keeps
   * its initiative in the Perception skill (seed 002) and has a sheet of
   * its own beside it (help/C/pf2e.page: ancestry, attributes, AC...). */
  g_assert_cmpuint (tkr_rules_get_n_sheet_fields (tkr_rules_get_default ()), ==, 0);
  pf2e = tkr_rules_new_from_resource ("pf2e", &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_contains (tkr_rules_get_skill_names (pf2e), "Perception"));
  g_assert_cmpint (tkr_rules_lookup_sheet_field (pf2e, "ancestry")->kind, ==, TKR_SHEET_FIELD_TEXT);
  g_assert_cmpint (tkr_rules_lookup_sheet_field (pf2e, "dexterity")->kind, ==,
                   TKR_SHEET_FIELD_MODIFIER);
  g_assert_cmpint (tkr_rules_lookup_sheet_field (pf2e, "armor_class")->default_value, ==, 10);
  g_assert_cmpint (tkr_rules_lookup_sheet_field (pf2e, "feats")->kind, ==, TKR_SHEET_FIELD_LIST);
  g_assert_null (tkr_rules_lookup_sheet_field (pf2e, "walk_speed"));
}

/* Each system's condition catalogue is its own: PF2e's valued conditions,
 * the Action-Point Temporary (fleeting) and Persistent ones, d20's
 * Exhaustion levels. */
static void
test_rules_condition_catalogues (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) pf2e = tkr_rules_new_from_resource ("pf2e", &error);
  g_autoptr (TkrRules) ap = tkr_rules_new_from_resource ("action-points", &error);
  g_autoptr (TkrRules) d20 = tkr_rules_new_from_resource ("d20", &error);
  const char *const valued[] = { "Frightened", "Dying", "Wounded", "Sickened", "Doomed" };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (valued); i++)
    {
      const TkrConditionInfo *info = tkr_rules_lookup_condition (pf2e, valued[i]);
      g_assert_nonnull (info);
      g_assert_cmpint (info->max_stacks, >, 1);
    }
  g_assert_null (tkr_rules_lookup_condition (pf2e, "Vulnerable"));
  g_assert_cmpint (tkr_rules_lookup_condition (ap, "Frightened")->kind, ==,
                   TKR_CONDITION_KIND_PERSISTENT);
  g_assert_cmpint (tkr_rules_lookup_condition (ap, "Off Balance")->kind, ==,
                   TKR_CONDITION_KIND_FLEETING);
  g_assert_null (tkr_rules_lookup_condition (ap, "Wounded"));
  g_assert_cmpint (tkr_rules_lookup_condition (d20, "Exhaustion")->max_stacks, ==, 6);
  g_assert_null (tkr_rules_lookup_condition (d20, "Concentrating"));
}

/* Bad "sheet.fields" rule data is refused with the path of the mistake. */
static void
test_rules_bad_sheet_fields (void)
{
  const struct
  {
    const char *fields;
    const char *path;
  } bad[] = {
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9}]", "sheet.fields[0]" },
    { "[{\"id\": \"Bad Id\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 0}]",
      "sheet.fields[0].id" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 5, \"max\": 1, \"default\": 1}]",
      "sheet.fields[0].max" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 12}]",
      "sheet.fields[0]" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 1, \"choices\": [2, "
      "4]}]",
      "sheet.fields[0].default" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 2, \"choices\": [2, "
      "20]}]",
      "sheet.fields[0].choices[1]" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 2, \"choices\": [2, "
      "2]}]",
      "sheet.fields[0].choices[1]" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 2, \"choices\": [2, "
      "4], \"labels\": [\"Two\"]}]",
      "sheet.fields[0].labels" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 2, \"labels\": "
      "[\"Two\"]}]",
      "sheet.fields[0].labels" },
    { "[{\"id\": \"x\", \"name\": \"X\", \"min\": 0, \"max\": 9, \"default\": 2}, {\"id\": \"x\", "
      "\"name\": \"Y\", \"min\": 0, \"max\": 9, \"default\": 2}]",
      "sheet.fields[1].id" },
    { "{\"x\": 1}", "sheet" },
  };
  g_autoptr (GBytes) bytes =
    g_resources_lookup_data ("/io/github/turnkeeper/Turnkeeper/rules/d20.json", 0, NULL);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  const char *start = strstr (text, "\"fields\": [");
  const char *end;

  /* The d20 data's fields array ends at the first "]" at its indentation. */
  g_assert_nonnull (start);
  end = strstr (start, "\n    ]");
  g_assert_nonnull (end);
  end += strlen ("\n    ]");

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GString) variant = g_string_new_len (text, start - text);
      g_autoptr (JsonNode) root = NULL;
      g_autoptr (TkrRules) rules = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *where = g_strdup_printf ("“%s", bad[i].path);

      g_string_append_printf (variant, "\"fields\": %s%s", bad[i].fields, end);
      root = parse (variant->str);
      rules = tkr_rules_new_from_json (root, &error);
      g_assert_null (rules);
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, where));
    }
}

/* The JSON of a shipped rule file, to change before loading it. */
static JsonNode *
resource_json (const char *system)
{
  g_autofree char *path =
    g_strdup_printf ("/io/github/turnkeeper/Turnkeeper/rules/%s.json", system);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr (GError) error = NULL;
  JsonNode *node;

  g_assert_nonnull (bytes);
  node = tkr_file_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
  return node;
}

/* The object holding the last part of @dotted in @root, and that part. A
 * part "name[i]" steps into a list. */
static JsonObject *
parent_of (JsonNode *root, const char *dotted, char **member)
{
  g_auto (GStrv) parts = g_strsplit (dotted, ".", -1);
  JsonObject *object = json_node_get_object (root);
  guint i;

  for (i = 0; parts[i + 1] != NULL; i++)
    {
      char *bracket = strchr (parts[i], '[');
      JsonNode *node;

      if (bracket != NULL)
        {
          guint index = (guint) g_ascii_strtoull (bracket + 1, NULL, 10);

          *bracket = '\0';
          node = json_array_get_element (json_object_get_array_member (object, parts[i]), index);
        }
      else
        node = json_object_get_member (object, parts[i]);
      g_assert_nonnull (node);
      object = json_node_get_object (node);
    }
  *member = g_strdup (parts[i]);
  return object;
}

/* Loading @root fails with TKR_RULES_ERROR_INVALID, naming @system's rule
 * data and the key @path. */
static void
assert_refused (JsonNode *root, const char *system, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_json (root, &error);
  g_autofree char *file = g_strdup_printf ("“%s”", system);
  g_autofree char *key = g_strdup_printf (" %s ", path);

  g_assert_null (rules);
  g_assert_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, file));
  g_assert_nonnull (strstr (error->message, key));
}

/* Every shipped rule file loads, its own section checked against the
 * schema (a table's variant is a data change, so its shape is checked). */
static void
test_rules_shipped_files_load (void)
{
  static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[i], &error);

      g_assert_no_error (error);
      g_assert_cmpstr (tkr_rules_get_id (rules), ==, systems[i]);
      if (i > 0)
        g_assert_true (tkr_rules_require_section (rules, systems[i], NULL));
    }
  g_assert_false (tkr_rules_require_section (tkr_rules_get_default (), "pf2e", NULL));
}

/* A key a system reads that its rule data lacks, or holds with the wrong
 * type, fails the load naming the key: no silent 0 at the table. */
static void
test_rules_schema_refuses_bad_keys (void)
{
  static const struct
  {
    const char *system;
    const char *path;
    const char *json; /* NULL: the key is removed */
    const char *named;
  } bad[] = {
    { "pf2e", "pf2e.actions_per_turn", NULL, "pf2e.actions_per_turn" },
    { "pf2e", "pf2e.initiative_die", "\"d20\"", "pf2e.initiative_die" },
    { "pf2e", "pf2e.actions_per_turn", "11", "pf2e.actions_per_turn" },
    { "pf2e", "timings[0].conditions", "[\"bored\"]", "timings[0].conditions" },
    { "pf2e", "pf2e.typical_xp_awards", "3", "pf2e.typical_xp_awards" },
    { "pf2e", "pf2e", NULL, "pf2e" },
    { "d20", "d20.travel.forced_march_base_dc", NULL, "d20.travel.forced_march_base_dc" },
    { "d20", "d20.turn.actions", "true", "d20.turn.actions" },
    { "d20", "d20.travel.paces[1].mph", "\"four\"", "d20.travel.paces[1].mph" },
    { "d20", "d20.travel.paces[2].id", "\"slow\"", "d20.travel.paces[2].id" },
    { "d20", "d20.travel.paces[2].id", "\"hasty\"", "d20.travel.paces[2]" },
    { "d20", "d20.common_actions[0].bonus", "\"no\"", "d20.common_actions[0].bonus" },
    { "d20", "d20.falling.feet_per_wound", "0", "d20.falling.feet_per_wound" },
    { "d20", "d20.movement.kinds", "[\"walk\", 3]", "d20.movement.kinds" },
    { "action-points", "action-points.check_die", NULL, "action-points.check_die" },
    { "action-points", "action-points.free_steps.small", "\"one\"",
      "action-points.free_steps.small" },
    { "action-points", "action-points.default_finesse_die", "7",
      "action-points.default_finesse_die" },
    { "action-points", "action-points.default_size", "\"huge\"", "action-points.default_size" },
    { "action-points", "action-points.finesse_dice", "[4, 6.5]", "action-points.finesse_dice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (JsonNode) root = resource_json (bad[i].system);
      g_autofree char *member = NULL;
      JsonObject *parent = parent_of (root, bad[i].path, &member);

      g_assert_true (json_object_has_member (parent, member));
      if (bad[i].json == NULL)
        json_object_remove_member (parent, member);
      else
        json_object_set_member (parent, member, json_from_string (bad[i].json, NULL));
      assert_refused (root, bad[i].system, bad[i].named);
    }
}

/* The systems' own timings (rule data "timings", src/core/engine/
 * tkr-timings.h): every system has its record, and a bad one fails the
 * load naming the key. */
static void
test_rules_timings (void)
{
  static const struct
  {
    const char *system;
    const char *edge;
    const char *takes;
  } good[] = {
    { "kleptonomicon", "turn-end", "stack" },
    { "pf2e", "turn-end", "stack" },
    { "d20", "turn-start", "all" },
    { "action-points", "reset", "all" },
  };
  static const struct
  {
    const char *system;
    const char *path;
    const char *json; /* NULL: the key is removed */
    const char *named;
  } bad[] = {
    { "kleptonomicon", "timings[0].edge", "\"noon\"", "timings[0].edge" },
    { "kleptonomicon", "timings[0].takes", NULL, "timings[0].takes" },
    { "pf2e", "timings[0].conditions", "[\"bored\"]", "timings[0].conditions" },
    { "d20", "timings[0].kind", "\"lasting\"", "timings[0].kind" },
    { "action-points", "timings", "3", "timings" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (good[i].system, NULL);

      g_assert_cmpuint (tkr_rules_get_n_records (rules, "timings"), ==, 1);
      g_assert_cmpstr (tkr_rules_get_string (rules, "timings[0].edge"), ==, good[i].edge);
      g_assert_cmpstr (tkr_rules_get_string (rules, "timings[0].takes"), ==, good[i].takes);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (JsonNode) root = resource_json (bad[i].system);
      g_autofree char *member = NULL;
      JsonObject *parent = parent_of (root, bad[i].path, &member);

      g_assert_true (json_object_has_member (parent, member));
      if (bad[i].json == NULL)
        json_object_remove_member (parent, member);
      else
        json_object_set_member (parent, member, json_from_string (bad[i].json, NULL));
      assert_refused (root, bad[i].system, bad[i].named);
    }
}

/* The accessors give the file's values; an optional key the file leaves
 * out reads as its default. */
static void
test_rules_accessors (void)
{
  g_autoptr (TkrRules) pf2e = tkr_rules_new_from_resource ("pf2e", NULL);
  g_autoptr (TkrRules) d20 = tkr_rules_new_from_resource ("d20", NULL);
  g_autoptr (TkrRules) ap = tkr_rules_new_from_resource ("action-points", NULL);
  const char *const sizes[] = { "medium", "small", NULL };
  const int dice[] = { 4, 6, 8, 10, 12 };
  const int *ints;
  guint n;

  /* Seed 002: three actions and one reaction; recovery DC 10 + dying. */
  g_assert_cmpint (tkr_rules_get_int (pf2e, "pf2e.actions_per_turn"), ==, 3);
  g_assert_cmpint (tkr_rules_get_int (pf2e, "pf2e.reactions_per_round"), ==, 1);
  g_assert_cmpint (tkr_rules_get_int (pf2e, "pf2e.recovery_dc_base"), ==, 10);
  g_assert_cmpint (tkr_rules_get_int (pf2e, "pf2e.typical_xp_awards.moderate"), ==, 80);
  g_assert_cmpstr (tkr_rules_get_string (pf2e, "pf2e.default_initiative_skill"), ==, "Perception");
  /* Frightened drops by one at the end of its holder's turn (the
   * system's timings, src/core/engine/tkr-timings.c). */
  g_assert_true (g_strv_equal (tkr_rules_get_strv (pf2e, "timings[0].conditions"),
                               (const char *const[]){ "frightened", NULL }));
  g_assert_cmpstr (tkr_rules_get_string (pf2e, "timings[0].edge"), ==, "turn-end");
  g_assert_cmpstr (tkr_rules_get_string (pf2e, "timings[0].takes"), ==, "stack");

  /* Seed 003: one action, one bonus action, one reaction; four paces. */
  g_assert_cmpint (tkr_rules_get_int (d20, "d20.turn.actions"), ==, 1);
  g_assert_cmpint (tkr_rules_get_int (d20, "d20.initiative.die"), ==, 20);
  g_assert_cmpstr (tkr_rules_get_string (d20, "d20.initiative.modifier"), ==, "Agility");
  g_assert_cmpuint (tkr_rules_get_n_records (d20, "d20.travel.paces"), ==, 4);
  g_assert_cmpstr (tkr_rules_get_string (d20, "d20.travel.paces[3].id"), ==, "flying");
  g_assert_cmpint (tkr_rules_get_int (d20, "d20.travel.paces[3].mph"), ==, 25);
  g_assert_cmpint (tkr_rules_get_int (d20, "d20.travel.paces[3].max_hours"), ==, 1);
  g_assert_cmpint (tkr_rules_get_int (d20, "d20.travel.paces[0].max_hours"), ==, 0);
  g_assert_true (g_strv_equal (tkr_rules_get_strv (d20, "d20.travel.paces[0].threats"),
                               (const char *const[]){ "Observation", "Stealth", NULL }));
  g_assert_cmpuint (tkr_rules_get_n_records (d20, "d20.common_actions"), ==, 9);
  g_assert_true (tkr_rules_get_bool (d20, "d20.common_actions[1].bonus"));
  g_assert_false (tkr_rules_get_bool (d20, "d20.common_actions[0].bonus"));

  /* Seed 004: Finesse Dice d4 to d12, Free Steps by size. */
  ints = tkr_rules_get_ints (ap, "action-points.finesse_dice", &n);
  g_assert_cmpmem (ints, n * sizeof (int), dice, sizeof dice);
  g_assert_cmpint (tkr_rules_get_int (ap, "action-points.default_finesse_die"), ==, 6);
  g_assert_true (g_strv_equal (tkr_rules_get_names (ap, "action-points.free_steps"), sizes));
  g_assert_cmpint (tkr_rules_get_int (ap, "action-points.free_steps.small"), ==, 1);
  g_assert_cmpint (tkr_rules_get_int (ap, "action-points.check_targets.stunned"), ==, 14);
}

/* Reading a path the schema does not declare is a mistake in the code. */
static void
test_rules_undeclared_path (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (TkrRules) pf2e = tkr_rules_new_from_resource ("pf2e", NULL);

      tkr_rules_get_int (pf2e, "pf2e.action_per_turn");
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*pf2e.action_per_turn*");
}

/* Which awards the GM may give is rule data ("experience"): the
 * Kleptonomicon 1 or 2 XP (seed 000), the Action-Point system 1 to 3
 * (seed 004), d20 any amount from 1 to 1000 (seed 003), Pathfinder any
 * amount of 1 or more (seed 002). */
static void
test_rules_check_award (void)
{
  static const struct
  {
    const char *system;
    int xp;
    gboolean valid;
  } cases[] = {
    { "kleptonomicon", 1, TRUE },
    { "kleptonomicon", 2, TRUE },
    { "kleptonomicon", 3, FALSE },
    { "kleptonomicon", 0, FALSE },
    { "action-points", 3, TRUE },
    { "action-points", 4, FALSE },
    { "d20", 1, TRUE },
    { "d20", 777, TRUE },
    { "d20", 1000, TRUE },
    { "d20", 0, FALSE },
    { "d20", 1001, FALSE },
    { "pf2e", 1, TRUE },
    { "pf2e", 45, TRUE },
    { "pf2e", 100000, TRUE },
    { "pf2e", 0, FALSE },
    { "pf2e", -10, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (cases[i].system, NULL);
      g_autoptr (GError) error = NULL;

      g_assert_cmpint (tkr_rules_check_award (rules, cases[i].xp, &error), ==, cases[i].valid);
      g_assert_cmpint (tkr_rules_is_valid_award (rules, cases[i].xp), ==, cases[i].valid);
      if (cases[i].valid)
        g_assert_no_error (error);
      else
        {
          g_assert_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID_AWARD);
          g_test_message ("%s", error->message);
        }
    }
}

/* "min_award" and "max_award" come together, the least first; a
 * "usual_award" is a whole number the GM may give. */
static void
test_rules_bad_award_range (void)
{
  static const char *const bad[] = {
    "{\"xp_per_level\": 10, \"awards\": [1], \"min_award\": 1}",
    "{\"xp_per_level\": 10, \"awards\": [1], \"min_award\": 5, \"max_award\": 2}",
    "{\"xp_per_level\": 10, \"awards\": [0]}",
    /* The usual award must be one the GM may give. */
    "{\"xp_per_level\": 10, \"awards\": [1, 2], \"usual_award\": 3}",
    "{\"xp_per_level\": 10, \"awards\": [1], \"min_award\": 1, \"max_award\": 5, "
    "\"usual_award\": 6}",
    "{\"xp_per_level\": 10, \"awards\": [1], \"usual_award\": \"1\"}",
    "{\"xp_per_level\": 10, \"awards\": [1], \"usual_award\": -1}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (JsonNode) root = resource_json ("action-points");
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrRules) rules = NULL;

      json_object_set_member (json_node_get_object (root), "experience",
                              json_from_string (bad[i], NULL));
      rules = tkr_rules_new_from_json (root, &error);
      g_assert_null (rules);
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "experience"));
    }
}

/* The End screen's amounts (help/C/pause-and-end.page): the least and
 * the greatest award the rules allow, and the usual one between them. */
static void
test_rules_award_bounds (void)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();

  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[i], NULL);
      int lowest = 0, highest = 0;

      g_assert_nonnull (rules);
      tkr_rules_get_award_bounds (rules, &lowest, &highest);
      g_assert_cmpint (lowest, >, 0);
      g_assert_cmpint (lowest, <=, highest);
      g_assert_true (tkr_rules_is_valid_award (rules, lowest));
      g_assert_true (tkr_rules_is_valid_award (rules, highest));
      g_assert_false (tkr_rules_is_valid_award (rules, highest + 1));
      g_assert_cmpint (tkr_rules_get_usual_award (rules), >=, lowest);
      g_assert_cmpint (tkr_rules_get_usual_award (rules), <=, highest);
    }
  /* The Kleptonomicon (seed 000, "Encounter End Phase"): 1 or 2. */
  {
    int lowest = 0, highest = 0;

    tkr_rules_get_award_bounds (tkr_rules_get_default (), &lowest, &highest);
    g_assert_cmpint (lowest, ==, 1);
    g_assert_cmpint (highest, ==, 2);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/award-bounds", test_rules_award_bounds);

  g_test_add_func ("/rules/default-numbers", test_rules_default_numbers);
  g_test_add_func ("/rules/named-distances", test_rules_named_distances);
  g_test_add_func ("/rules/catalogues", test_rules_catalogues);
  g_test_add_func ("/rules/variant-is-a-data-change", test_rules_variant_data);
  g_test_add_func ("/rules/bad-data-refused", test_rules_bad_data_refused);
  g_test_add_func ("/rules/unknown-system", test_rules_unknown_system);
  g_test_add_func ("/rules/pool-ids", test_rules_pool_ids);
  g_test_add_func ("/rules/sheet-fields/ap-finesse-die-size-d20-speeds", test_rules_sheet_fields);
  g_test_add_func ("/rules/sheet-fields/bad-data-refused-with-path", test_rules_bad_sheet_fields);
  g_test_add_func ("/rules/conditions/each-system-its-own-catalogue",
                   test_rules_condition_catalogues);
  g_test_add_func ("/rules/schema/shipped-files-load", test_rules_shipped_files_load);
  g_test_add_func ("/rules/schema/missing-or-mistyped-key-names-it",
                   test_rules_schema_refuses_bad_keys);
  g_test_add_func ("/rules/schema/accessors-give-the-file-values", test_rules_accessors);
  g_test_add_func ("/rules/schema/timings", test_rules_timings);
  g_test_add_func ("/rules/schema/undeclared-path-is-a-programmer-error",
                   test_rules_undeclared_path);
  g_test_add_func ("/rules/experience/check-award-per-system", test_rules_check_award);
  g_test_add_func ("/rules/experience/bad-award-range-refused", test_rules_bad_award_range);

  return g_test_run ();
}
