/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "tkr-core.h"
#include "tkr-import-sheet-private.h"
#include "tkr-import.h"
#include "tkr-pf2e-encounter.h"

/*
 * Importing other tools' character files into a Pathfinder 2e sheet
 * (help/C/import.page): every Pathbuilder 2e and Foundry VTT
 * fixture in ../shared/fixtures/interchange (read from there, never
 * copied: TKR_INTERCHANGE_FIXTURES), each checked against named values of
 * its file, and damaged variants made here, each refused with a clear
 * error and nothing made.
 *
 * Expected values follow the Pathfinder 2e rules the importer applies:
 * an attribute modifier is (score - 10) / 2 rounded down; Hit Points are
 * ancestry HP + bonus HP + (class HP + Constitution + bonus HP per level)
 * x level; Perception, saves and skills are the proficiency bonus, plus
 * the level when trained, plus the attribute.
 */

static GBytes *
read_fixture (const char *name)
{
  g_autofree char *path = g_build_filename (TKR_INTERCHANGE_FIXTURES, name, NULL);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, &error))
    g_error ("The interchange fixture %s cannot be read: %s", path, error->message);
  return g_bytes_new_take (contents, length);
}

static int
modifier (TkrCharacter *character, TkrModifierKind kind, const char *name)
{
  TkrModifier *found = tkr_character_find_modifier (character, kind, name);

  if (found == NULL)
    g_error ("%s has no %s", tkr_character_get_name (character), name);
  return tkr_modifier_get_value (found);
}

static int
field (TkrCharacter *character, const char *id)
{
  int value = G_MININT;

  g_assert_true (tkr_character_get_field (character, id, &value));
  return value;
}

static int
health_max (TkrCharacter *character)
{
  return tkr_pool_get_maximum (tkr_character_get_pool (character, TKR_POOL_HEALTH));
}

#define PB "pathbuilder2e/fighter-level1-human.json"
#define FV "foundry-pf2e/npc-goblin-warrior-level-minus1.json"
#define FL "foundry-pf2e/pc-trey-level1-legacy-0.5-export.json"

/* Pathbuilder 2e */

typedef struct
{
  const char *file;
  const char *name;
  int level;
  int hp;
  int ac;
  int perception;
  int fortitude;
  const char *skill;
  int skill_value;
  int skill_rank;
  int speed;
  const char *first_feat;
  const char *lore;
} PathbuilderCase;

/* One row per fixture, from the file: the named values the sheet must
 * show. */
static const PathbuilderCase pathbuilder_cases[] = {
  /* 2022-2023 exports */
  { "pathbuilder2e/fighter-level1-human.json", "Test Fighter", 1, 19, 14, 5, 6, "Diplomacy", 3, 1,
    25, "Hobnobber", "Lore: Alcohol" },
  { "pathbuilder2e/rogue-level9-poppet.json", "Key Redo", 9, 105, 25, 16, 16, "Stealth", 19, 3, 25,
    "Pickpocket", "Lore: Underworld" },
  { "pathbuilder2e/sorcerer-level20-human-tiefling.json", "Celestina", 20, 228, 39, 28, 28,
    "Stealth", 5, 0, 30, "Dubious Knowledge", "Lore: Academia" },
  { "pathbuilder2e/inventor-level20-human-ifrit.json", "Unknown Adventurer", 20, 288, 42, 26, 31,
    "Athletics", 27, 1, 40, "Specialty Crafting", "Lore: Engineering" },
  /* late 2023 */
  { "pathbuilder2e/witch-level1-human.json", "Unknown Adventurer", 1, 15, 14, 3, 4, "Athletics", 2,
    0, 25, "Hobnobber", "Lore: Alcohol" },
  /* 2024-2025 */
  { "pathbuilder2e/magus-level8-dwarf.json", "Kurgan Dusthammer", 8, 106, 27, 13, 15, "Athletics",
    16, 2, 30, "Shield Block", "Lore: Guild" },
  { "pathbuilder2e/wizard-level3-gnome.json", "Lorum Ipsum", 3, 32, 16, 5, 7, "Stealth", 6, 1, 25,
    "Charming Liar", "Lore: Mror Holds History" },
  { "pathbuilder2e/gunslinger-level1-elf.json", "Fofurinha", 1, 14, 17, 5, 5, "Stealth", 7, 1, 35,
    "Experienced Smuggler", "Lore: Underworld" },
};

static void
test_pathbuilder_fixture (gconstpointer data)
{
  const PathbuilderCase *c = data;
  g_autoptr (GBytes) bytes = read_fixture (c->file);
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) pc = tkr_import_pathbuilder (bytes, &problems, &error);
  g_auto (GStrv) feats = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (pc);
  g_assert_nonnull (problems);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s: %s", c->file, (char *) problems->pdata[i]);

  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "pf2e");
  g_assert_true (tkr_character_is_pc (pc));
  g_assert_cmpstr (tkr_character_get_name (pc), ==, c->name);
  g_assert_cmpint (tkr_character_get_level (pc), ==, c->level);
  g_assert_cmpint (health_max (pc), ==, c->hp);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (pc, TKR_POOL_HEALTH)), ==, c->hp);
  g_assert_cmpint (field (pc, "armor_class"), ==, c->ac);
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SKILL, "Perception"), ==, c->perception);
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SAVE, "Fortitude"), ==, c->fortitude);
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SKILL, c->skill), ==, c->skill_value);
  g_assert_cmpint (tkr_character_get_rank (pc, c->skill), ==, c->skill_rank);
  g_assert_cmpint (field (pc, "speed"), ==, c->speed);
  g_assert_nonnull (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_SKILL, c->lore));
  feats = tkr_character_get_list (pc, "feats");
  g_assert_nonnull (feats);
  g_assert_cmpstr (feats[0], ==, c->first_feat);
  g_assert_nonnull (tkr_character_get_text (pc, "class"));
  g_assert_nonnull (tkr_character_get_text (pc, "ancestry"));
}

/* The fighter in full: every part of the sheet the export gives. */
static void
test_pathbuilder_fighter_every_field (void)
{
  g_autoptr (GBytes) bytes = read_fixture ("pathbuilder2e/fighter-level1-human.json");
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) pc = tkr_import_pathbuilder (bytes, &problems, &error);
  g_auto (GStrv) feats = NULL;
  g_autoptr (GBytes) saved = NULL;
  g_autoptr (TkrCharacter) again = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_text (pc, "ancestry"), ==, "Human");
  g_assert_cmpstr (tkr_character_get_text (pc, "heritage"), ==, "Half-Elf");
  g_assert_cmpstr (tkr_character_get_text (pc, "background"), ==, "Barkeep");
  g_assert_cmpstr (tkr_character_get_text (pc, "class"), ==, "Fighter");
  /* Str 16 Dex 12 Con 12 Int 10 Wis 10 Cha 10. */
  g_assert_cmpint (field (pc, "strength"), ==, 3);
  g_assert_cmpint (field (pc, "dexterity"), ==, 1);
  g_assert_cmpint (field (pc, "constitution"), ==, 1);
  g_assert_cmpint (field (pc, "wisdom"), ==, 0);
  /* HP 8 + (10 + 1) x 1; AC from acTotal. */
  g_assert_cmpint (health_max (pc), ==, 19);
  g_assert_cmpint (field (pc, "armor_class"), ==, 14);
  /* Perception expert (4) + 1 + Wis 0; Fortitude expert + 1 + Con 1;
   * Reflex expert + 1 + Dex 1; Will trained (2) + 1 + 0. */
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SKILL, "Perception"), ==, 5);
  g_assert_cmpint (tkr_character_get_rank (pc, "Perception"), ==, 2);
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SAVE, "Fortitude"), ==, 6);
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SAVE, "Reflex"), ==, 6);
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SAVE, "Will"), ==, 3);
  /* Diplomacy trained: 2 + 1 + Cha 0; Athletics untrained: Str 3 only. */
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SKILL, "Diplomacy"), ==, 3);
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SKILL, "Athletics"), ==, 3);
  g_assert_cmpint (tkr_character_get_rank (pc, "Athletics"), ==, 0);
  /* Lore: Alcohol trained, Int 0. */
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SKILL, "Lore: Alcohol"), ==, 3);
  g_assert_cmpint (field (pc, "speed"), ==, 25);
  g_assert_cmpint (field (pc, "gold"), ==, 15);
  g_assert_cmpint (field (pc, "silver"), ==, 0);
  /* An older export: "focus": {"focusPoints": 0}. */
  g_assert_cmpint (field (pc, "focus_points_max"), ==, 0);
  feats = tkr_character_get_list (pc, "feats");
  g_assert_cmpuint (g_strv_length (feats), ==, 5);
  g_assert_cmpstr (feats[4], ==, "Agile Shield Grip");
  /* No languages in the file: the sheet has none. */
  g_assert_null (tkr_character_get_list (pc, "languages"));
  g_assert_cmpuint (problems->len, ==, 0);

  /* The imported sheet is a sheet like any other: to a file and back. */
  saved = tkr_character_to_bytes (pc);
  again = tkr_character_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpint (field (again, "armor_class"), ==, 14);
}

/* Money, languages and equipment of a 2024 export. */
static void
test_pathbuilder_wizard_money_and_equipment (void)
{
  g_autoptr (GBytes) bytes = read_fixture ("pathbuilder2e/wizard-level3-gnome.json");
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) pc = tkr_import_pathbuilder (bytes, &problems, &error);
  g_auto (GStrv) languages = NULL;
  GListModel *inventory;
  gboolean backpack = FALSE;

  g_assert_no_error (error);
  g_assert_cmpint (field (pc, "gold"), ==, 24);
  g_assert_cmpint (field (pc, "silver"), ==, 2);
  g_assert_cmpint (field (pc, "copper"), ==, 4);
  languages = tkr_character_get_list (pc, "languages");
  g_assert_true (g_strv_contains ((const char *const *) languages, "Gnomish"));
  g_assert_cmpuint (g_strv_length (languages), ==, 7);
  inventory = tkr_character_get_inventory (pc);
  for (guint i = 0; i < g_list_model_get_n_items (inventory); i++)
    {
      g_autoptr (TkrItem) item = g_list_model_get_item (inventory, i);
      backpack |= g_strcmp0 (tkr_item_get_name (item), "Backpack") == 0;
    }
  g_assert_true (backpack);
  /* Focus Points, a pool: "focusPoints" 1 in this export. */
  g_assert_cmpint (field (pc, "focus_points"), ==, 1);
  g_assert_cmpint (field (pc, "focus_points_max"), ==, 1);
  /* Two lores, the second expert (4) + 3 + Int 4. */
  g_assert_cmpint (modifier (pc, TKR_MODIFIER_KIND_SKILL, "Lore: Mror Holds History"), ==, 11);
}

/* An imported sheet plays in a Pathfinder 2e encounter: its initiative
 * is its Perception (help/C/pf2e.page), its Hit Points take damage. */
static void
test_pathbuilder_plays_in_pf2e_encounter (void)
{
  g_autoptr (GBytes) bytes = read_fixture ("pathbuilder2e/magus-level8-dwarf.json");
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) pc = tkr_import_pathbuilder (bytes, &problems, &error);
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("pf2e", &error);
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrPf2eEncounter) encounter = NULL;
  TkrCombatant *combatant;

  g_assert_no_error (error);
  /* Temporary Hit Points on the sheet come into the fight. */
  g_assert_true (tkr_character_set_field (pc, NULL, rules, "temporary_hp", 5, &error));
  encounter = tkr_pf2e_encounter_new (rules, history, &error);
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_add_participant (TKR_ENCOUNTER (encounter), pc, &error));
  g_assert_true (tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error));
  g_assert_no_error (error);
  combatant = tkr_encounter_find_combatant (TKR_ENCOUNTER (encounter), pc);
  g_assert_nonnull (combatant);
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative_modifier (TKR_PF2E_COMBATANT (combatant)), ==,
                   13);
  g_assert_true (
    tkr_pf2e_encounter_enter_initiative (encounter, TKR_PF2E_COMBATANT (combatant), 21, &error));
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_combatant_get_temporary_health (combatant), ==, 5);
  g_assert_true (
    tkr_encounter_change_health_typed (TKR_ENCOUNTER (encounter), combatant, "-7", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_combatant_get_temporary_health (combatant), ==, 0);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (pc, TKR_POOL_HEALTH)), ==,
                   106 - 2);
}

/* Foundry VTT */

static void
test_foundry_goblin (void)
{
  g_autoptr (GBytes) bytes = read_fixture ("foundry-pf2e/npc-goblin-warrior-level-minus1.json");
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) goblin = tkr_import_foundry (bytes, &problems, &error);

  g_assert_no_error (error);
  g_assert_nonnull (goblin);
  g_assert_cmpstr (tkr_character_get_name (goblin), ==, "Goblin Warrior");
  g_assert_false (tkr_character_is_pc (goblin));
  /* Current schema: hp {max 6, value 6, temp 0}, ac 16, perception.mod 2,
   * Fortitude 5, Reflex 7, Will 3, level -1 (kept in the notes). */
  g_assert_cmpint (health_max (goblin), ==, 6);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (goblin, TKR_POOL_HEALTH)), ==, 6);
  g_assert_cmpint (field (goblin, "temporary_hp"), ==, 0);
  g_assert_cmpint (field (goblin, "armor_class"), ==, 16);
  g_assert_cmpint (modifier (goblin, TKR_MODIFIER_KIND_SKILL, "Perception"), ==, 2);
  g_assert_cmpint (modifier (goblin, TKR_MODIFIER_KIND_SAVE, "Fortitude"), ==, 5);
  g_assert_cmpint (modifier (goblin, TKR_MODIFIER_KIND_SAVE, "Reflex"), ==, 7);
  g_assert_cmpint (modifier (goblin, TKR_MODIFIER_KIND_SAVE, "Will"), ==, 3);
  g_assert_cmpint (tkr_character_get_level (goblin), ==, 1);
  g_assert_nonnull (strstr (tkr_character_get_notes (goblin), "-1"));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (problems->pdata[0], "-1"));
  g_assert_cmpint (field (goblin, "dexterity"), ==, 3);
  g_assert_cmpint (field (goblin, "speed"), ==, 25);
}

static void
test_foundry_trey_legacy (void)
{
  g_autoptr (GBytes) bytes = read_fixture ("foundry-pf2e/pc-trey-level1-legacy-0.5-export.json");
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) trey = tkr_import_foundry (bytes, &problems, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trey);
  /* Legacy "data" schema: hp {value 10, max 10, temp null}, ac 14,
   * perception value 0, Fortitude 3 (rank 1), Reflex 1, Will 0, level 1,
   * speed "25" as text, 125 XP. */
  g_assert_cmpstr (tkr_character_get_name (trey), ==, "Trey");
  g_assert_true (tkr_character_is_pc (trey));
  g_assert_cmpint (tkr_character_get_level (trey), ==, 1);
  g_assert_cmpint (health_max (trey), ==, 10);
  g_assert_cmpint (field (trey, "armor_class"), ==, 14);
  g_assert_cmpint (modifier (trey, TKR_MODIFIER_KIND_SKILL, "Perception"), ==, 0);
  g_assert_cmpint (modifier (trey, TKR_MODIFIER_KIND_SAVE, "Fortitude"), ==, 3);
  g_assert_cmpint (tkr_character_get_rank (trey, "Fortitude"), ==, 1);
  g_assert_cmpint (modifier (trey, TKR_MODIFIER_KIND_SAVE, "Reflex"), ==, 1);
  g_assert_cmpint (modifier (trey, TKR_MODIFIER_KIND_SAVE, "Will"), ==, 0);
  g_assert_cmpint (field (trey, "strength"), ==, 5);
  g_assert_cmpint (field (trey, "speed"), ==, 25);
  g_assert_cmpint (tkr_character_get_experience (trey), ==, 125);
  g_assert_cmpuint (problems->len, ==, 0);
}

/* An actor that keeps only ranks and no maximum Hit Points, as a PC
 * worked out in play does: the modifiers come from rank, level and
 * attribute, matching what the legacy file states, and that is said. */
static void
test_foundry_ranks_only (void)
{
  g_autoptr (GBytes) original = read_fixture (FL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) trey = NULL;
  g_autoptr (GBytes) bytes = NULL;
  JsonObject *data;
  char *text;
  gsize length;

  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (original, NULL),
                                             g_bytes_get_size (original), NULL));
  data =
    json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "data");
  json_object_remove_member (
    json_object_get_object_member (json_object_get_object_member (data, "saves"), "fortitude"),
    "value");
  json_object_remove_member (
    json_object_get_object_member (json_object_get_object_member (data, "attributes"), "hp"),
    "max");
  json_generator_set_root (generator, json_parser_get_root (parser));
  text = json_generator_to_data (generator, &length);
  bytes = g_bytes_new_take (text, length);

  trey = tkr_import_foundry (bytes, &problems, &error);
  g_assert_no_error (error);
  /* Fortitude rank 1 (trained): 2 + level 1 + Con 0 = 3, the file's value. */
  g_assert_cmpint (modifier (trey, TKR_MODIFIER_KIND_SAVE, "Fortitude"), ==, 3);
  g_assert_cmpint (health_max (trey), ==, 10);
  g_assert_cmpuint (problems->len, ==, 2);
}

/* Damaged files */

typedef TkrCharacter *(*Importer) (GBytes *bytes, GPtrArray **problems, GError **error);

typedef struct
{
  const char *name;
  gboolean pathbuilder; /* which importer */
  const char *fixture;  /* the file it is made from, NULL for @text */
  const char *path;     /* a dotted member to change, NULL for none */
  const char *value;    /* its new JSON value, NULL to remove it */
  const char *text;     /* the whole file, when no fixture */
  int code;             /* TkrFileError */
  const char *mentions; /* a word the message must hold */
} Damage;

static const Damage damages[] = {
  { "pb-truncated", TRUE, PB, "@truncate", NULL, NULL, TKR_FILE_ERROR_PARSE, "Pathbuilder" },
  { "pb-empty", TRUE, NULL, NULL, NULL, "", TKR_FILE_ERROR_PARSE, NULL },
  { "pb-not-utf8", TRUE, NULL, NULL, NULL, "{\"success\": \xff}", TKR_FILE_ERROR_PARSE,
    "Pathbuilder" },
  { "pb-array-root", TRUE, NULL, NULL, NULL, "[1, 2, 3]", TKR_FILE_ERROR_WRONG_KIND,
    "Pathbuilder" },
  { "pb-no-build", TRUE, PB, "build", NULL, NULL, TKR_FILE_ERROR_WRONG_KIND, "build" },
  { "pb-not-a-success", TRUE, PB, "success", "false", NULL, TKR_FILE_ERROR_INVALID, "success" },
  { "pb-level-text", TRUE, PB, "build.level", "\"one\"", NULL, TKR_FILE_ERROR_INVALID,
    "build.level" },
  { "pb-level-out-of-range", TRUE, PB, "build.level", "99", NULL, TKR_FILE_ERROR_INVALID,
    "build.level" },
  { "pb-score-text", TRUE, PB, "build.abilities.str", "\"sixteen\"", NULL, TKR_FILE_ERROR_INVALID,
    "build.abilities.str" },
  { "pb-no-abilities", TRUE, PB, "build.abilities", NULL, NULL, TKR_FILE_ERROR_INVALID,
    "build.abilities" },
  { "pb-no-class-hp", TRUE, PB, "build.attributes.classhp", NULL, NULL, TKR_FILE_ERROR_INVALID,
    "build.attributes.classhp" },
  { "pb-no-ac", TRUE, PB, "build.acTotal", NULL, NULL, TKR_FILE_ERROR_INVALID, "build.acTotal" },
  { "pb-proficiencies-list", TRUE, PB, "build.proficiencies", "[2, 4]", NULL,
    TKR_FILE_ERROR_INVALID, "build.proficiencies" },
  { "pb-name-number", TRUE, PB, "build.name", "42", NULL, TKR_FILE_ERROR_INVALID, "build.name" },
  { "pb-name-1mb", TRUE, PB, "build.name", "@huge", NULL, TKR_FILE_ERROR_INVALID, "build.name" },
  { "pb-nested-10000", TRUE, NULL, NULL, NULL, "@deep", TKR_FILE_ERROR_TOO_LARGE, "Pathbuilder" },
  { "pb-given-foundry", TRUE, FV, NULL, NULL, NULL, TKR_FILE_ERROR_WRONG_KIND, "Foundry" },
  { "pb-given-turnkeeper", TRUE, NULL, NULL, NULL,
    "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"A\"}}",
    TKR_FILE_ERROR_WRONG_KIND, "Pathbuilder" },
  { "fv-truncated", FALSE, FV, "@truncate", NULL, NULL, TKR_FILE_ERROR_PARSE, "Foundry" },
  { "fv-hp-text", FALSE, FV, "system.attributes.hp.max", "\"lots\"", NULL, TKR_FILE_ERROR_INVALID,
    "system.attributes.hp.max" },
  { "fv-no-ac", FALSE, FV, "system.attributes.ac", NULL, NULL, TKR_FILE_ERROR_INVALID,
    "system.attributes.ac.value" },
  { "fv-no-perception", FALSE, FV, "system.perception", NULL, NULL, TKR_FILE_ERROR_INVALID,
    "perception" },
  { "fv-no-will", FALSE, FV, "system.saves.will", NULL, NULL, TKR_FILE_ERROR_INVALID,
    "system.saves.will.value" },
  { "fv-level-99", FALSE, FV, "system.details.level.value", "99", NULL, TKR_FILE_ERROR_INVALID,
    "system.details.level.value" },
  { "fv-vehicle", FALSE, FV, "type", "\"vehicle\"", NULL, TKR_FILE_ERROR_WRONG_KIND, "vehicle" },
  { "fv-name-number", FALSE, FV, "name", "7", NULL, TKR_FILE_ERROR_INVALID, "name" },
  { "fv-name-1mb", FALSE, FV, "name", "@huge", NULL, TKR_FILE_ERROR_INVALID, "name" },
  { "fv-no-data", FALSE, FV, "system", NULL, NULL, TKR_FILE_ERROR_WRONG_KIND, "Foundry" },
  { "fv-legacy-hp-null", FALSE, FL, "data.attributes.hp.value", "null", NULL,
    TKR_FILE_ERROR_INVALID, "data.attributes.hp.value" },
  { "fv-nested-10000", FALSE, NULL, NULL, NULL, "@deep", TKR_FILE_ERROR_TOO_LARGE, "Foundry" },
  { "fv-given-pathbuilder", FALSE, PB, NULL, NULL, NULL, TKR_FILE_ERROR_WRONG_KIND, "Pathbuilder" },
};

static char *
deep_text (void)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < 10000; i++)
    g_string_append (text, "{\"a\":");
  g_string_append (text, "1");
  for (int i = 0; i < 10000; i++)
    g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

static void
set_member (JsonObject *root, const char *path, JsonNode *value)
{
  g_auto (GStrv) segments = g_strsplit (path, ".", -1);
  JsonObject *object = root;
  guint n = g_strv_length (segments);

  for (guint i = 0; i + 1 < n; i++)
    object = json_object_get_object_member (object, segments[i]);
  g_assert_nonnull (object);
  if (value == NULL)
    json_object_remove_member (object, segments[n - 1]);
  else
    json_object_set_member (object, segments[n - 1], value);
}

static GBytes *
damaged_bytes (const Damage *d)
{
  g_autoptr (GBytes) original = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  char *text;
  gsize length;

  if (d->fixture == NULL)
    {
      if (g_strcmp0 (d->text, "@deep") == 0)
        {
          text = deep_text ();
          return g_bytes_new_take (text, strlen (text));
        }
      return g_bytes_new (d->text, strlen (d->text));
    }
  original = read_fixture (d->fixture);
  if (g_strcmp0 (d->path, "@truncate") == 0)
    return g_bytes_new_from_bytes (original, 0, g_bytes_get_size (original) / 2);
  if (d->path == NULL)
    return g_bytes_ref (original);

  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (original, NULL),
                                             g_bytes_get_size (original), NULL));
  if (g_strcmp0 (d->value, "@huge") == 0)
    {
      g_autofree char *huge = g_strnfill (1024 * 1024, 'x');
      set_member (json_node_get_object (json_parser_get_root (parser)), d->path,
                  json_node_init_string (json_node_alloc (), huge));
    }
  else if (d->value != NULL)
    {
      g_autoptr (JsonParser) value = json_parser_new ();

      g_assert_true (json_parser_load_from_data (value, d->value, -1, NULL));
      set_member (json_node_get_object (json_parser_get_root (parser)), d->path,
                  json_node_copy (json_parser_get_root (value)));
    }
  else
    set_member (json_node_get_object (json_parser_get_root (parser)), d->path, NULL);
  json_generator_set_root (generator, json_parser_get_root (parser));
  text = json_generator_to_data (generator, &length);
  return g_bytes_new_take (text, length);
}

static void
test_damaged (gconstpointer data)
{
  const Damage *d = data;
  g_autoptr (GBytes) bytes = damaged_bytes (d);
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) character = NULL;
  Importer import = d->pathbuilder ? tkr_import_pathbuilder : tkr_import_foundry;

  character = import (bytes, &problems, &error);
  g_assert_null (character);
  g_assert_error (error, TKR_FILE_ERROR, d->code);
  g_assert_cmpuint (strlen (error->message), >, 20);
  /* Plain words, not a whole 1 MB name quoted back. */
  g_assert_cmpuint (strlen (error->message), <, 2000);
  if (d->mentions != NULL && strstr (error->message, d->mentions) == NULL)
    g_error ("%s: “%s” does not mention %s", d->name, error->message, d->mentions);
  /* Nothing is made, so nothing is reported as half-read either. */
  g_assert_true (problems == NULL || problems->len == 0);
}

/* What is wrong but not fatal is imported, and said. */
static void
test_pathbuilder_problems_reported (void)
{
  g_autoptr (GBytes) original = read_fixture (PB);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) pc = NULL;
  g_autoptr (GBytes) bytes = NULL;
  JsonObject *build;
  char *text;
  gsize length;

  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (original, NULL),
                                             g_bytes_get_size (original), NULL));
  build =
    json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "build");
  json_object_set_string_member (build, "lores", "all of them");
  json_object_set_int_member (json_object_get_object_member (build, "proficiencies"), "stealth", 3);
  json_object_set_string_member (build, "futureKey", "ignored");
  json_generator_set_root (generator, json_parser_get_root (parser));
  text = json_generator_to_data (generator, &length);
  bytes = g_bytes_new_take (text, length);

  pc = tkr_import_pathbuilder (bytes, &problems, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pc);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_nonnull (strstr (problems->pdata[0], "stealth"));
  g_assert_nonnull (strstr (problems->pdata[1], "lores"));
  g_assert_cmpint (tkr_character_get_rank (pc, "Stealth"), ==, 0);
  g_assert_cmpint (health_max (pc), ==, 19);
}

/* Each import is a preview first, then one undo step (issue "A sheet
 * that belongs to its rule system..."): a Pathbuilder export and a Foundry
 * NPC read through the shared import plan (src/core/interchange/
 * tkr-import.h), recognised by their content, become a party member and a
 * library NPC of a Pathfinder 2e campaign in one step that undo takes
 * back. */
static void
test_plan_applies_in_one_step (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("pf2e", &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  const struct
  {
    const char *file;
    const char *format;
    gboolean pc;
    const char *name;
  } cases[] = {
    { PB, TKR_IMPORT_FORMAT_PATHBUILDER, TRUE, "Test Fighter" },
    { FV, TKR_IMPORT_FORMAT_FOUNDRY, FALSE, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GBytes) bytes = read_fixture (cases[i].file);
      g_autoptr (TkrImportPlan) plan = NULL;
      GListModel *list;
      guint before;

      if (bytes == NULL)
        return;
      g_assert_cmpstr (tkr_import_guess_format (bytes), ==, cases[i].format);
      plan = tkr_import_read (bytes, rules, &error);
      g_assert_no_error (error);
      list = cases[i].pc ? tkr_import_plan_get_party (plan) : tkr_import_plan_get_npcs (plan);
      g_assert_cmpuint (g_list_model_get_n_items (list), ==, 1);
      if (cases[i].name != NULL)
        {
          g_autoptr (TkrCharacter) pc = g_list_model_get_item (list, 0);

          g_assert_cmpstr (tkr_character_get_name (pc), ==, cases[i].name);
          g_assert_cmpint (field (pc, "armor_class"), ==, 14);
        }
      list = cases[i].pc ? tkr_campaign_get_party (campaign) : tkr_campaign_get_npcs (campaign);
      before = g_list_model_get_n_items (list);
      g_assert_true (tkr_import_plan_apply (plan, campaign, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (g_list_model_get_n_items (list), ==, before + 1);
      g_assert_true (tkr_history_undo (history));
      g_assert_cmpuint (g_list_model_get_n_items (list), ==, before);
      g_assert_true (tkr_history_redo (history));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (pathbuilder_cases); i++)
    {
      g_autofree char *base = g_path_get_basename (pathbuilder_cases[i].file);
      g_autofree char *path = g_strdup_printf ("/import/pathbuilder/%s", base);

      g_test_add_data_func (path, &pathbuilder_cases[i], test_pathbuilder_fixture);
    }
  g_test_add_func ("/import/pathbuilder/fighter-every-field", test_pathbuilder_fighter_every_field);
  g_test_add_func ("/import/pathbuilder/wizard-money-languages-equipment",
                   test_pathbuilder_wizard_money_and_equipment);
  g_test_add_func ("/import/pathbuilder/problems-reported-unknown-keys-ignored",
                   test_pathbuilder_problems_reported);
  g_test_add_func ("/import/pathbuilder/plays-in-a-pf2e-encounter",
                   test_pathbuilder_plays_in_pf2e_encounter);
  g_test_add_func ("/import/foundry/npc-goblin-warrior-current-schema", test_foundry_goblin);
  g_test_add_func ("/import/foundry/pc-trey-legacy-schema", test_foundry_trey_legacy);
  g_test_add_func ("/import/foundry/ranks-only-worked-out", test_foundry_ranks_only);
  g_test_add_func ("/import/plan/pathbuilder-and-foundry-in-one-undo-step",
                   test_plan_applies_in_one_step);
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *path = g_strdup_printf ("/import/damaged/%s", damages[i].name);

      g_test_add_data_func (path, &damages[i], test_damaged);
    }
  return g_test_run ();
}
