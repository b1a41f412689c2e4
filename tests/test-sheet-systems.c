/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "tkr-core.h"

/*
 * Each rule system's own sheet (help/C/first-sheet.page): what the
 * rule data declares (sections, field kinds, shown parts and pools,
 * proficiency ranks), the texts, lists, pools and ranks a sheet keeps,
 * undo of each as one step, files from before that load and save the same
 * bytes, and switching systems keeping every value.
 */

static TkrRules *
load_rules (const char *id)
{
  g_autoptr (GError) error = NULL;
  TkrRules *rules = tkr_rules_new_from_resource (id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (rules);
  return rules;
}

/* The Kleptonomicon keeps exactly the sheet it had: every part, all six
 * pools under their own names, no sections or fields. */
static void
test_kleptonomicon_sheet_unchanged (void)
{
  TkrRules *klep = tkr_rules_get_default ();
  const char *const parts[] = { "level",      "experience", "archetypes", "pools",
                                "saves",      "skills",     "ranges",     "abilities",
                                "conditions", "inventory",  "wealth",     "notes" };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_assert_true (tkr_rules_sheet_shows (klep, parts[i]));
  for (guint i = 0; i < TKR_N_POOLS; i++)
    {
      g_assert_true (tkr_rules_sheet_shows_pool (klep, i));
      g_assert_cmpstr (tkr_rules_get_pool_name (klep, i), ==, tkr_pool_kind_to_name (i));
    }
  g_assert_cmpuint (tkr_rules_get_n_sheet_sections (klep), ==, 0);
  g_assert_cmpuint (tkr_rules_get_n_sheet_fields (klep), ==, 0);
  g_assert_null (tkr_rules_get_ranks (klep));
  g_assert_true (tkr_rules_has_save (klep, "Edge"));
}

/* No system shows another's fields: PF2e has Hit Points and no Vitality,
 * Dodge Points, Recoveries, First Aid Kits, Edge or Grit; it has AC,
 * Perception, Fortitude, Reflex, Will and proficiency ranks. */
static void
test_pf2e_sheet_is_its_own (void)
{
  g_autoptr (TkrRules) pf2e = load_rules ("pf2e");
  const char *const fields[] = { "ancestry", "heritage",    "background",   "class",
                                 "strength", "dexterity",   "constitution", "intelligence",
                                 "wisdom",   "charisma",    "armor_class",  "temporary_hp",
                                 "speed",    "hero_points", "feats" };
  const char *const *ranks = tkr_rules_get_ranks (pf2e);

  g_assert_true (tkr_rules_sheet_shows_pool (pf2e, TKR_POOL_HEALTH));
  g_assert_cmpstr (tkr_rules_get_pool_name (pf2e, TKR_POOL_HEALTH), ==, "Hit Points");
  for (guint i = TKR_POOL_VITALITY; i < TKR_N_POOLS; i++)
    g_assert_false (tkr_rules_sheet_shows_pool (pf2e, i));
  g_assert_false (tkr_rules_has_save (pf2e, "Edge"));
  g_assert_false (tkr_rules_has_save (pf2e, "Grit"));
  g_assert_true (tkr_rules_has_save (pf2e, "Fortitude"));
  g_assert_true (tkr_rules_has_save (pf2e, "reflex"));
  g_assert_true (tkr_rules_has_save (pf2e, "Will"));
  g_assert_true (tkr_rules_has_skill (pf2e, "Perception"));
  g_assert_false (tkr_rules_sheet_shows (pf2e, "archetypes"));
  g_assert_false (tkr_rules_sheet_shows (pf2e, "wealth"));
  g_assert_true (tkr_rules_sheet_shows (pf2e, "conditions"));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const TkrSheetFieldInfo *info = tkr_rules_lookup_sheet_field (pf2e, fields[i]);

      g_assert_nonnull (info);
      g_assert_nonnull (info->section);
    }
  g_assert_nonnull (ranks);
  g_assert_cmpuint (g_strv_length ((GStrv) ranks), ==, 5);
  g_assert_cmpstr (ranks[0], ==, "Untrained");
  g_assert_cmpstr (ranks[4], ==, "Legendary");
}

/* d20 (seed 003) and Action-Point (seed 004) sheets: their own numbers,
 * marked as read by the encounter, and none of PF2e's. */
static void
test_d20_and_ap_sheets (void)
{
  g_autoptr (TkrRules) d20 = load_rules ("d20");
  g_autoptr (TkrRules) ap = load_rules ("action-points");
  const char *const d20_fields[] = { "walk_speed", "fly_speed", "swim_speed", "climb_speed",
                                     "mana_max" };
  const char *const ap_fields[] = { "finesse_die", "ap_adjustment", "size", "mana_max",
                                    "faith_max" };

  for (guint i = 0; i < G_N_ELEMENTS (d20_fields); i++)
    g_assert_true (tkr_rules_lookup_sheet_field (d20, d20_fields[i])->encounter);
  for (guint i = 0; i < G_N_ELEMENTS (ap_fields); i++)
    g_assert_true (tkr_rules_lookup_sheet_field (ap, ap_fields[i])->encounter);
  g_assert_true (tkr_rules_has_save (d20, "Agility"));
  g_assert_true (tkr_rules_has_save (d20, "Evade"));
  g_assert_true (tkr_rules_has_skill (d20, "Observation"));
  g_assert_null (tkr_rules_lookup_sheet_field (d20, "armor_class"));
  g_assert_null (tkr_rules_lookup_sheet_field (ap, "ancestry"));
  g_assert_false (tkr_rules_sheet_shows_pool (d20, TKR_POOL_DODGE_POINTS));
  g_assert_true (tkr_rules_sheet_shows_pool (ap, TKR_POOL_SHIELD));
  g_assert_cmpint (tkr_rules_lookup_sheet_field (ap, "size")->kind, ==, TKR_SHEET_FIELD_CHOICE);
}

/* Texts and lists are kept, refused in plain words when too long or of
 * the wrong kind, and each change is one undo step. */
static void
test_texts_and_lists (void)
{
  g_autoptr (TkrRules) pf2e = load_rules ("pf2e");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrCharacter) pc = tkr_character_new (pf2e, TKR_CHARACTER_KIND_PC, "Valeros");
  g_autoptr (GError) error = NULL;
  g_autofree char *long_text = g_strnfill (101, 'a');
  const char *const feats[] = { "Power Attack", " ", "Sudden Charge", NULL };
  g_auto (GStrv) kept = NULL;

  g_assert_null (tkr_character_get_text (pc, "ancestry"));
  g_assert_true (tkr_character_set_text (pc, history, pf2e, "ancestry", " Human ", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_text (pc, "ancestry"), ==, "Human");
  g_assert_false (tkr_character_set_text (pc, history, pf2e, "ancestry", long_text, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "Ancestry"));
  g_clear_error (&error);
  g_assert_false (tkr_character_set_text (pc, history, pf2e, "armor_class", "18", &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_false (tkr_character_set_field (pc, history, pf2e, "ancestry", 3, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  g_assert_true (tkr_character_set_list (pc, history, pf2e, "feats", feats, &error));
  g_assert_no_error (error);
  kept = tkr_character_get_list (pc, "feats");
  g_assert_cmpuint (g_strv_length (kept), ==, 2);
  g_assert_cmpstr (kept[1], ==, "Sudden Charge");
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 2);

  g_assert_true (tkr_history_undo (history));
  g_assert_null (tkr_character_get_list (pc, "feats"));
  g_assert_true (tkr_history_undo (history));
  g_assert_null (tkr_character_get_text (pc, "ancestry"));
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpstr (tkr_character_get_text (pc, "ancestry"), ==, "Human");
}

/* A pool takes current and maximum in any order: raising the
 * maximum needs no lower current first, lowering it takes the current
 * down, and the current may go up to the maximum and no further. */
static void
test_pool_any_order (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) pool_rules = NULL;
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrCharacter) pc = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GBytes) bytes = NULL;
  JsonObject *root;
  int value = 0;

  /* The PF2e rule data with one pool field more. */
  bytes = g_resources_lookup_data ("/io/github/turnkeeper/Turnkeeper/rules/pf2e.json",
                                   G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), -1, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  {
    JsonArray *fields =
      json_object_get_array_member (json_object_get_object_member (root, "sheet"), "fields");
    JsonObject *focus = json_object_new ();

    json_object_set_string_member (focus, "id", "focus");
    json_object_set_string_member (focus, "name", "Focus Points");
    json_object_set_string_member (focus, "kind", "pool");
    json_object_set_int_member (focus, "min", 0);
    json_object_set_int_member (focus, "max", 3);
    json_object_set_int_member (focus, "default", 1);
    json_array_add_object_element (fields, focus);
  }
  pool_rules = tkr_rules_new_from_json (json_parser_get_root (parser), &error);
  g_assert_no_error (error);
  pc = tkr_character_new (pool_rules, TKR_CHARACTER_KIND_PC, "Kyra");
  g_assert_true (tkr_character_get_field (pc, "focus", &value));
  g_assert_cmpint (value, ==, 1);
  g_assert_true (tkr_character_get_field (pc, "focus_max", &value));
  g_assert_cmpint (value, ==, 1);

  /* Current first, above the old maximum: refused, nothing changes. */
  g_assert_false (tkr_character_set_pool_field (pc, history, pool_rules, "focus", 3, 1, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  /* Maximum up, then current up. */
  g_assert_true (tkr_character_set_pool_field (pc, history, pool_rules, "focus", 1, 3, &error));
  g_assert_true (tkr_character_set_field (pc, history, pool_rules, "focus", 3, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_get_field (pc, "focus", &value));
  g_assert_cmpint (value, ==, 3);
  /* Maximum down below the current: the current follows it. */
  g_assert_true (tkr_character_set_pool_field (pc, history, pool_rules, "focus", 3, 2, &error));
  g_assert_true (tkr_character_get_field (pc, "focus", &value));
  g_assert_cmpint (value, ==, 2);
  g_assert_true (tkr_character_get_field (pc, "focus_max", &value));
  g_assert_cmpint (value, ==, 2);
  g_assert_false (tkr_character_set_pool_field (pc, history, pool_rules, "focus", 2, 4, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 3);
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_character_get_field (pc, "focus", &value));
  g_assert_cmpint (value, ==, 3);
}

/* Pathfinder 2e proficiency ranks of saves and skills. */
static void
test_ranks (void)
{
  g_autoptr (TkrRules) pf2e = load_rules ("pf2e");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrCharacter) pc = tkr_character_new (pf2e, TKR_CHARACTER_KIND_PC, "Merisiel");
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (tkr_character_get_rank (pc, "Stealth"), ==, 0);
  g_assert_true (tkr_character_set_rank (pc, history, pf2e, "Stealth", 2, &error));
  g_assert_true (tkr_character_set_rank (pc, history, pf2e, "Lore: Warfare", 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_character_get_rank (pc, "Stealth"), ==, 2);
  g_assert_cmpint (tkr_character_get_rank (pc, "lore: warfare"), ==, 1);
  g_assert_false (tkr_character_set_rank (pc, history, pf2e, "Stealth", 5, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "Legendary"));
  g_clear_error (&error);
  g_assert_false (
    tkr_character_set_rank (pc, history, tkr_rules_get_default (), "Covert", 1, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_rank (pc, "Lore: Warfare"), ==, 0);
}

static GBytes *
read_test_file (const char *name)
{
  g_autofree char *path = g_build_filename (TKR_TEST_FILES, "characters", name, NULL);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

/* Files from before this change load unchanged and show their own sheet;
 * a PF2e sheet with texts, lists and ranks goes to a file and back to the
 * same bytes; a file never holds texts or lists it did not have. */
static void
test_files_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) old = read_test_file ("mira-the-rogue.json");
  g_autoptr (TkrCharacter) mira = tkr_character_new_from_bytes (old, &error);
  g_autoptr (GBytes) saved = NULL;
  g_autoptr (TkrCharacter) again = NULL;
  g_autoptr (GBytes) saved_again = NULL;
  g_autoptr (TkrRules) pf2e = load_rules ("pf2e");
  g_autoptr (TkrCharacter) pc = tkr_character_new (pf2e, TKR_CHARACTER_KIND_PC, "Ezren");
  const char *const languages[] = { "Common", "Draconic", NULL };
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_rule_system (mira), ==, "kleptonomicon");
  g_assert_true (tkr_character_get_own_rules (mira) == tkr_rules_get_default ());
  saved = tkr_character_to_bytes (mira);
  text = g_strndup (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved));
  g_assert_null (strstr (text, "\"texts\""));
  g_assert_null (strstr (text, "\"lists\""));
  again = tkr_character_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  saved_again = tkr_character_to_bytes (again);
  g_assert_true (g_bytes_equal (saved, saved_again));
  g_clear_object (&again);
  g_clear_pointer (&saved, g_bytes_unref);
  g_clear_pointer (&saved_again, g_bytes_unref);

  g_assert_true (tkr_character_set_text (pc, NULL, pf2e, "class", "Wizard", &error));
  g_assert_true (tkr_character_set_list (pc, NULL, pf2e, "languages", languages, &error));
  g_assert_true (tkr_character_set_rank (pc, NULL, pf2e, "Arcana", 2, &error));
  g_assert_true (tkr_character_set_field (pc, NULL, pf2e, "intelligence", 4, &error));
  g_assert_no_error (error);
  saved = tkr_character_to_bytes (pc);
  again = tkr_character_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_text (again, "class"), ==, "Wizard");
  lines = tkr_character_get_list (again, "languages");
  g_assert_cmpstrv (lines, languages);
  g_assert_cmpint (tkr_character_get_rank (again, "Arcana"), ==, 2);
  saved_again = tkr_character_to_bytes (again);
  g_assert_true (g_bytes_equal (saved, saved_again));
}

/* Hostile texts and lists in a file are refused with their path. */
static void
test_hostile_texts_and_lists (void)
{
  g_autofree char *huge = g_strnfill (20000, 'x');
  g_autofree char *huge_text = g_strdup_printf ("{\"class\": \"%s\"}", huge);
  const struct
  {
    const char *member;
    const char *value;
    const char *path;
  } hostile[] = {
    { "texts", "[\"Human\"]", "texts" },
    { "texts", "{\"ancestry\": 3}", "texts.ancestry" },
    { "texts", huge_text, "texts.class" },
    { "lists", "{\"feats\": \"Power Attack\"}", "lists" },
    { "lists", "{\"feats\": [1, 2]}", "lists.feats[0]" },
    { "lists", "{\"\": []}", "lists" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *json = g_strdup_printf (
        "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"X\", "
        "\"rule_system\": \"pf2e\", \"%s\": %s}}",
        hostile[i].member, hostile[i].value);
      g_autoptr (GBytes) bytes = g_bytes_new (json, strlen (json));
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrCharacter) character = tkr_character_new_from_bytes (bytes, &error);

      g_assert_null (character);
      g_assert_nonnull (error);
      if (strstr (error->message, hostile[i].path) == NULL)
        g_error ("%s: “%s” does not name %s", hostile[i].value, error->message, hostile[i].path);
    }
}

/* Switching a sheet's system keeps every value: PF2e texts stay in the
 * file while the sheet is a Kleptonomicon one and show again after. */
static void
test_switch_keeps_texts (void)
{
  g_autoptr (TkrRules) pf2e = load_rules ("pf2e");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrCharacter) pc = tkr_character_new (pf2e, TKR_CHARACTER_KIND_PC, "Seoni");
  g_autoptr (GError) error = NULL;
  int value = 0;

  g_assert_true (tkr_character_set_text (pc, history, pf2e, "heritage", "Half-Elf", &error));
  g_assert_true (tkr_character_set_field (pc, history, pf2e, "armor_class", 17, &error));
  tkr_character_adopt_rules (pc, history, tkr_rules_get_default ());
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "kleptonomicon");
  g_assert_cmpstr (tkr_character_get_text (pc, "heritage"), ==, "Half-Elf");
  tkr_character_adopt_rules (pc, history, pf2e);
  g_assert_cmpstr (tkr_character_get_text (pc, "heritage"), ==, "Half-Elf");
  g_assert_true (tkr_character_get_field (pc, "armor_class", &value));
  g_assert_cmpint (value, ==, 17);
}

/* Bad sheet layouts in rule data are refused naming the key. */
static void
test_bad_layout_refused (void)
{
  const struct
  {
    const char *key;
    const char *value;
    const char *path;
  } bad[] = {
    { "shows", "[\"pools\", \"spells\"]", "sheet.shows[1]" },
    { "shown_pools", "[\"mana\"]", "sheet.shown_pools[0]" },
    { "sections", "[{\"id\": \"a\", \"name\": \"A\"}, {\"id\": \"a\", \"name\": \"B\"}]",
      "sheet.sections[1].id" },
    { "fields", "[{\"id\": \"x\", \"name\": \"X\", \"kind\": \"colour\"}]",
      "sheet.fields[0].kind" },
    { "fields", "[{\"id\": \"x\", \"name\": \"X\", \"kind\": \"text\", \"section\": \"nowhere\"}]",
      "sheet.fields[0].section" },
    { "fields",
      "[{\"id\": \"x\", \"name\": \"X\", \"kind\": \"pool\", \"min\": 0, \"max\": 9, \"default\": "
      "0}, {\"id\": \"x_max\", \"name\": \"Y\", \"min\": 0, \"max\": 9, \"default\": 0}]",
      "sheet.fields[1].id" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GBytes) bytes = g_resources_lookup_data (
        "/io/github/turnkeeper/Turnkeeper/rules/kleptonomicon.json", 0, NULL);
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (JsonParser) value = json_parser_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrRules) rules = NULL;
      JsonObject *sheet;

      g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), -1, NULL));
      g_assert_true (json_parser_load_from_data (value, bad[i].value, -1, NULL));
      sheet = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                             "sheet");
      json_object_set_member (sheet, bad[i].key, json_node_copy (json_parser_get_root (value)));
      rules = tkr_rules_new_from_json (json_parser_get_root (parser), &error);
      g_assert_null (rules);
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].path) == NULL)
        g_error ("%s: “%s” does not name %s", bad[i].value, error->message, bad[i].path);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sheet-systems/kleptonomicon-keeps-its-sheet",
                   test_kleptonomicon_sheet_unchanged);
  g_test_add_func ("/sheet-systems/pf2e-has-its-own-sheet", test_pf2e_sheet_is_its_own);
  g_test_add_func ("/sheet-systems/d20-and-action-point-sheets", test_d20_and_ap_sheets);
  g_test_add_func ("/sheet-systems/texts-and-lists-undo", test_texts_and_lists);
  g_test_add_func ("/sheet-systems/pool-current-and-maximum-any-order", test_pool_any_order);
  g_test_add_func ("/sheet-systems/pf2e-proficiency-ranks", test_ranks);
  g_test_add_func ("/sheet-systems/old-and-new-files-same-bytes", test_files_round_trip);
  g_test_add_func ("/sheet-systems/hostile-texts-and-lists", test_hostile_texts_and_lists);
  g_test_add_func ("/sheet-systems/switching-systems-keeps-texts", test_switch_keeps_texts);
  g_test_add_func ("/sheet-systems/bad-layout-refused", test_bad_layout_refused);
  return g_test_run ();
}
