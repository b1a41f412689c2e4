/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Importing Improved Initiative's files (help/C/import.page): each real
 * file in the shared fixtures checked against named values in it; the
 * import as one undo step; export and import again giving back the same
 * creatures, HP and order; and 30 damaged files, each refused with a
 * plain message and leaving the campaign as it was.
 */

#include "config.h"

#include <string.h>

#include "tkr-core.h"
#include "tkr-import.h"

#ifndef TKR_INTERCHANGE_FIXTURES
#error "TKR_INTERCHANGE_FIXTURES names the folder of the interchange fixtures"
#endif

static GBytes *
load_fixture (const char *name)
{
  g_autofree char *path =
    g_build_filename (TKR_INTERCHANGE_FIXTURES, "improved-initiative", name, NULL);
  g_autoptr (GError) error = NULL;
  char *contents;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      g_test_skip_printf ("%s is not here: %s", path, error->message);
      return NULL;
    }
  return g_bytes_new_take (contents, length);
}

static TkrRules *
rules_of (const char *system)
{
  g_autoptr (GError) error = NULL;
  TkrRules *rules = tkr_rules_new_from_resource (system, &error);

  g_assert_no_error (error);
  return rules;
}

static TkrImportPlan *
read_fixture (const char *name, const char *system)
{
  g_autoptr (GBytes) bytes = load_fixture (name);
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (GError) error = NULL;
  TkrImportPlan *plan;

  if (bytes == NULL)
    return NULL;
  g_assert_cmpstr (tkr_import_guess_format (bytes), ==, TKR_IMPORT_FORMAT_IMPROVED_INITIATIVE);
  rules = rules_of (system);
  plan = tkr_import_read (bytes, rules, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  return plan;
}

static TkrCharacter *
find_named (GListModel *model, const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (model, i);

      if (g_strcmp0 (tkr_character_get_name (character), name) == 0)
        return character; /* the model keeps it */
    }
  return NULL;
}

static int
current_hp (TkrCharacter *character)
{
  return tkr_pool_get_current (tkr_character_get_pool (character, TKR_POOL_HEALTH));
}

static int
maximum_hp (TkrCharacter *character)
{
  return tkr_pool_get_maximum (tkr_character_get_pool (character, TKR_POOL_HEALTH));
}

static TkrImportEncounter *
find_encounter (TkrImportPlan *plan, const char *name)
{
  GListModel *encounters = tkr_import_plan_get_encounters (plan);

  for (guint i = 0; i < g_list_model_get_n_items (encounters); i++)
    {
      g_autoptr (TkrImportEncounter) encounter = g_list_model_get_item (encounters, i);

      if (g_strcmp0 (tkr_import_encounter_get_name (encounter), name) == 0)
        return encounter;
    }
  return NULL;
}

/* Names and current HP of @model's characters: "Guard 11, Guard 2 11". */
static char *
describe_characters (GListModel *model)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s%s %d/%d", i > 0 ? ", " : "",
                              tkr_character_get_name (character), current_hp (character),
                              maximum_hp (character));
    }
  return g_string_free (text, FALSE);
}

/* v2.13: nine persistent characters, five of them Pathfinder 2e PCs with
 * Fort/Ref/Will; the current encounter is empty. */
static void
test_v2_13_persistent_characters (void)
{
  g_autoptr (TkrImportPlan) plan =
    read_fixture ("export-all-v2.13-persistent-characters.json", "pf2e");
  TkrCharacter *suvahn, *gregorr;
  int ac = 0;

  if (plan == NULL)
    return;
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_party (plan)), ==, 9);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 0);
  g_assert_null (tkr_import_plan_get_encounter (plan));

  /* "Suvahn": HP 88, AC 29, initiative +4, Fort 10, Ref 12, Will 11. */
  suvahn = find_named (tkr_import_plan_get_party (plan), "Suvahn");
  g_assert_nonnull (suvahn);
  g_assert_true (tkr_character_is_pc (suvahn));
  g_assert_cmpint (maximum_hp (suvahn), ==, 88);
  g_assert_cmpint (current_hp (suvahn), ==, 88);
  g_assert_cmpint (tkr_character_get_modifier_value (suvahn, TKR_MODIFIER_KIND_SKILL, "Perception"),
                   ==, 4);
  g_assert_cmpint (tkr_character_get_modifier_value (suvahn, TKR_MODIFIER_KIND_SAVE, "Fortitude"),
                   ==, 10);
  g_assert_cmpint (tkr_character_get_modifier_value (suvahn, TKR_MODIFIER_KIND_SAVE, "Reflex"), ==,
                   12);
  g_assert_cmpint (tkr_character_get_modifier_value (suvahn, TKR_MODIFIER_KIND_SAVE, "Will"), ==,
                   11);
  /* Pathfinder 2e's sheet has an Armor Class field (rule data
   * "sheet.fields"): the AC goes there, not into the notes. */
  g_assert_true (tkr_character_get_field (suvahn, "armor_class", &ac));
  g_assert_cmpint (ac, ==, 29);
  g_assert_null (strstr (tkr_character_get_notes (suvahn), "AC 29"));

  /* A sample player: "Gregorr", CurrentHP 12 of 12, AC 17 (chain mail). */
  gregorr = find_named (tkr_import_plan_get_party (plan), "Gregorr");
  g_assert_cmpint (current_hp (gregorr), ==, 12);
  g_assert_true (tkr_character_get_field (gregorr, "armor_class", &ac));
  g_assert_cmpint (ac, ==, 17);
}

/* v2.17: a saved encounter "Anakin" of five PCs at initiative 22, 19, 14,
 * 13, 13, each the party's own character; one creature "New Creature". */
static void
test_v2_17_saved_encounter (void)
{
  g_autoptr (TkrImportPlan) plan =
    read_fixture ("export-all-v2.17-legacy-keys-saved-encounter.json", "kleptonomicon");
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *order = NULL;
  TkrImportEncounter *anakin;
  GListModel *participants;
  TkrCharacter *natura;

  if (plan == NULL)
    return;
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_party (plan)), ==, 8);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 1);
  g_assert_cmpint (maximum_hp (find_named (tkr_import_plan_get_npcs (plan), "New Creature")), ==,
                   1);
  /* The saved one and the one in progress. */
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_encounters (plan)), ==, 2);

  anakin = find_encounter (plan, "Anakin");
  g_assert_true (tkr_import_plan_get_encounter (plan) == anakin);
  participants = tkr_import_encounter_get_participants (anakin);
  order = describe_characters (participants);
  /* Natura is at 14 of 25 in her record. */
  g_assert_cmpstr (order, ==, "Natura 14/25, Ohmrom 28/28, Sim 23/23, Anakin 44/44, Mon 49/49");
  natura = find_named (tkr_import_plan_get_party (plan), "Natura");
  {
    g_autoptr (TkrCharacter) first = g_list_model_get_item (participants, 0);
    g_assert_true (first == natura);
  }

  /* Applied: the party, the library and the encounter, in one step. */
  campaign = tkr_campaign_new (tkr_import_plan_get_rules (plan));
  g_assert_true (tkr_import_plan_apply (plan, campaign, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_history_get_n_undo (tkr_campaign_get_history (campaign)), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 8);
  g_clear_pointer (&order, g_free);
  order =
    describe_characters (tkr_encounter_get_participants (tkr_campaign_get_encounter (campaign)));
  g_assert_cmpstr (order, ==, "Natura 14/25, Ohmrom 28/28, Sim 23/23, Anakin 44/44, Mon 49/49");
  g_assert_cmpint (tkr_tracker_get_phase (tkr_campaign_get_tracker (campaign)), ==,
                   TKR_PHASE_FREEPLAY);

  /* Applying twice would add everyone again: refused. */
  g_assert_false (tkr_import_plan_apply (plan, campaign, NULL, &error));
  g_assert_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_CANNOT_APPLY);
}

/* v3.1: keys nested 2 or 3 deep with copies of the same ids; the current
 * encounter has a Guard aliased "Alfredo" at 5 of 11 HP; the saved
 * "Guards" has two Guards and two Guard Archers. */
static void
test_v3_1_alias (void)
{
  g_autoptr (TkrImportPlan) plan = read_fixture ("export-all-v3.1-combatant-alias.json", "d20");
  g_autofree char *current = NULL;
  g_autofree char *guards = NULL;
  TkrCharacter *ohmrom, *aria;

  if (plan == NULL)
    return;
  /* Twelve different player characters and six creatures, once each. */
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_party (plan)), ==, 12);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 6);
  /* Of "65idbee1"'s copies the one with a name is kept, not the later
   * empty one; of Aria's the least prefixed (23 HP, not 3). */
  ohmrom = find_named (tkr_import_plan_get_party (plan), "Ohmrom");
  g_assert_nonnull (ohmrom);
  g_assert_cmpint (current_hp (ohmrom), ==, 28);
  aria = find_named (tkr_import_plan_get_party (plan), "Aria");
  g_assert_cmpint (current_hp (aria), ==, 23);
  /* Iridiscent Naga: 82 HP, 30 ft. walking in the d20 system. */
  {
    TkrCharacter *naga = find_named (tkr_import_plan_get_npcs (plan), "Iridiscent Naga");
    int speed = 0;

    g_assert_cmpint (maximum_hp (naga), ==, 82);
    g_assert_true (tkr_character_get_field (naga, "walk_speed", &speed));
    g_assert_cmpint (speed, ==, 40);
  }

  current = describe_characters (tkr_import_encounter_get_participants (
    find_encounter (plan, "Improved Initiative’s current encounter")));
  g_assert_cmpstr (current, ==, "Natura 25/25, Ohmrom 28/28, Alfredo 5/11");
  guards =
    describe_characters (tkr_import_encounter_get_participants (find_encounter (plan, "Guards")));
  g_assert_cmpstr (guards, ==,
                   "Guard 11/11, Guard 2 11/11, Guard Archer 11/11, Guard Archer 2 11/11");
}

/* v3.2: up to four levels of prefixes; 11 creature keys and 17 PC keys
 * with duplicates; four saved encounters. */
static void
test_v3_2_nested_prefixes (void)
{
  g_autoptr (TkrImportPlan) plan =
    read_fixture ("export-all-v3.2-nested-key-prefixes.json", "action-points");
  g_autofree char *demons = NULL;

  if (plan == NULL)
    return;
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_party (plan)), ==, 13);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 10);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_encounters (plan)), ==, 5);
  g_assert_cmpint (current_hp (find_named (tkr_import_plan_get_party (plan), "Neru")), ==, 87);
  g_assert_cmpint (maximum_hp (find_named (tkr_import_plan_get_npcs (plan), "bulezau")), ==, 52);
  demons =
    describe_characters (tkr_import_encounter_get_participants (find_encounter (plan, "Demons")));
  g_assert_cmpstr (demons, ==,
                   "Abyssal Chicken 10/10, Dretch 18/18, Quasit 7/7, bulezau 52/52, Demon Worker "
                   "22/22");
  g_assert_true (tkr_import_plan_get_encounter (plan) == find_encounter (plan, "Demons"));
}

/* Spanish, about 1 MB: 327 creatures, 16 PCs; "situacion actual" has ten
 * combatants in initiative order, four "Cristal" (the first at 3 of 15)
 * and Sia with 8 temporary HP. */
static void
test_v3_2_spanish (void)
{
  g_autoptr (TkrImportPlan) plan =
    read_fixture ("export-all-v3.2-spanish-creatures-encounter.json", "pf2e");
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *order = NULL;
  TkrImportEncounter *situation;
  TkrEncounter *encounter;
  TkrCharacter *sia;

  if (plan == NULL)
    return;
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_party (plan)), ==, 16);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 327);
  g_assert_cmpint (maximum_hp (find_named (tkr_import_plan_get_npcs (plan), "Águila gigante")), >,
                   0);
  g_assert_cmpint (maximum_hp (find_named (tkr_import_plan_get_npcs (plan), "Abolez")), ==, 135);

  situation = find_encounter (plan, "situacion actual");
  g_assert_true (tkr_import_plan_get_encounter (plan) == situation);
  order = describe_characters (tkr_import_encounter_get_participants (situation));
  g_assert_cmpstr (order, ==,
                   "Extraña Oscuridad 55/55, Rimuro 34/34, Sia 24/24, Brag 48/48, Dreed 27/27, "
                   "Zenirel 45/45, Cristal 3/15, Cristal 2 15/15, Cristal 3 15/15, Cristal 4 "
                   "15/15");
  g_assert_cmpint (tkr_import_encounter_get_temporary_hp (situation, 2), ==, 8);

  /* Temporary HP lives on a fight's combatants: the encounter comes in
   * with its Setup begun, and undo takes the whole import back. */
  campaign = tkr_campaign_new (tkr_import_plan_get_rules (plan));
  tkr_campaign_add_pc (campaign, "Valeria");
  before = tkr_campaign_to_bytes (campaign);
  g_assert_true (tkr_import_plan_apply (plan, campaign, NULL, &error));
  g_assert_no_error (error);
  encounter = tkr_campaign_get_encounter (campaign);
  g_assert_cmpint (tkr_encounter_get_phase (encounter), ==, TKR_PHASE_SETUP);
  sia = find_named (tkr_campaign_get_party (campaign), "Sia");
  g_assert_cmpint (
    tkr_combatant_get_temporary_health (tkr_encounter_find_combatant (encounter, sia)), ==, 8);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 17);

  g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
  after = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_bytes_equal (before, after));
}

/* The app's sample players: a plain array of four statblocks with
 * "Player": "player", into the party. */
static void
test_sample_players (void)
{
  g_autoptr (TkrImportPlan) plan = read_fixture ("sample-players-statblocks.json", "d20");
  TkrCharacter *shem;
  int speed = 0;

  if (plan == NULL)
    return;
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_party (plan)), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 0);
  /* Shem: HP 11, 25 ft. */
  shem = find_named (tkr_import_plan_get_party (plan), "Shem");
  g_assert_cmpint (maximum_hp (shem), ==, 11);
  g_assert_true (tkr_character_get_field (shem, "walk_speed", &speed));
  g_assert_cmpint (speed, ==, 25);
  g_assert_cmpuint (tkr_import_plan_get_n_problems (plan), ==, 0);
}

/* The bundled library: 317 statblocks, into the NPC library. */
static void
test_ogl_creatures (void)
{
  g_autoptr (TkrImportPlan) plan = read_fixture ("ogl-creatures-statblocks.json", "kleptonomicon");
  TkrCharacter *aboleth, *goblin;

  if (plan == NULL)
    return;
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 317);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_party (plan)), ==, 0);
  /* Aboleth: HP 135, AC 17 (natural armor), Perception +10. */
  aboleth = find_named (tkr_import_plan_get_npcs (plan), "Aboleth");
  g_assert_cmpint (maximum_hp (aboleth), ==, 135);
  g_assert_nonnull (strstr (tkr_character_get_notes (aboleth), "AC 17 (natural armor)"));
  g_assert_cmpint (
    tkr_character_get_modifier_value (aboleth, TKR_MODIFIER_KIND_SKILL, "Perception"), ==, 10);
  /* Goblin: HP 7, AC 15. */
  goblin = find_named (tkr_import_plan_get_npcs (plan), "Goblin");
  g_assert_cmpint (maximum_hp (goblin), ==, 7);
  g_assert_nonnull (strstr (tkr_character_get_notes (goblin), "AC 15"));
}

/* Export, then import: the same creatures, HP and order (help/C/import.page,
 * "Back to Improved Initiative"). */
static void
test_round_trip (gconstpointer data)
{
  const char *system = data;
  g_autoptr (TkrRules) rules = rules_of (system);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (TkrCampaign) copy = tkr_campaign_new (rules);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrImportPlan) plan = NULL;
  TkrCharacter *ann, *bo, *goblin, *ogre, *goblin_2;
  g_autofree char *party = NULL, *npcs = NULL, *order = NULL;
  g_autofree char *party_2 = NULL, *npcs_2 = NULL, *order_2 = NULL;

  ann = tkr_campaign_add_pc (campaign, "Ann");
  bo = tkr_campaign_add_pc (campaign, "Bo");
  g_assert_true (tkr_character_edit_pool (ann, history, TKR_POOL_HEALTH, 17, 30, &error));
  g_assert_true (tkr_character_edit_pool (bo, history, TKR_POOL_HEALTH, 22, 22, &error));
  goblin = tkr_campaign_add_npc (campaign, "Goblin");
  ogre = tkr_campaign_add_npc (campaign, "Ogre");
  g_assert_true (tkr_character_edit_pool (goblin, history, TKR_POOL_HEALTH, 7, 7, &error));
  g_assert_true (tkr_character_edit_pool (ogre, history, TKR_POOL_HEALTH, 59, 59, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, bo, &error));
  goblin_2 = tkr_campaign_add_to_encounter (campaign, goblin, &error);
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, ogre, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, goblin, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, ann, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_edit_pool (goblin_2, history, TKR_POOL_HEALTH, 3, 7, &error));

  bytes = tkr_export_improved_initiative (campaign);
  g_assert_cmpstr (tkr_import_guess_format (bytes), ==, TKR_IMPORT_FORMAT_IMPROVED_INITIATIVE);
  plan = tkr_import_read (bytes, rules, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_import_plan_get_n_problems (plan), ==, 0);
  g_assert_true (tkr_import_plan_apply (plan, copy, NULL, &error));
  g_assert_no_error (error);

  party = describe_characters (tkr_campaign_get_party (campaign));
  party_2 = describe_characters (tkr_campaign_get_party (copy));
  g_assert_cmpstr (party_2, ==, party);
  g_assert_cmpstr (party, ==, "Ann 17/30, Bo 22/22");
  npcs = describe_characters (tkr_campaign_get_npcs (campaign));
  npcs_2 = describe_characters (tkr_campaign_get_npcs (copy));
  g_assert_cmpstr (npcs_2, ==, npcs);
  order =
    describe_characters (tkr_encounter_get_participants (tkr_campaign_get_encounter (campaign)));
  order_2 =
    describe_characters (tkr_encounter_get_participants (tkr_campaign_get_encounter (copy)));
  g_assert_cmpstr (order_2, ==, order);
  g_assert_cmpstr (order, ==, "Bo 22/22, Goblin 2 3/7, Ogre 2 59/59, Goblin 3 7/7, Ann 17/30");
  /* The encounter's PCs are the party's own characters. */
  {
    g_autoptr (TkrCharacter) first =
      g_list_model_get_item (tkr_encounter_get_participants (tkr_campaign_get_encounter (copy)), 0);
    g_assert_true (first == find_named (tkr_campaign_get_party (copy), "Bo"));
  }
}

/* An import that brings an encounter waits for the running one to end. */
static void
test_apply_refused_while_fighting (void)
{
  g_autoptr (GBytes) bytes = load_fixture ("export-all-v2.17-legacy-keys-saved-encounter.json");
  g_autoptr (TkrRules) rules = rules_of ("pf2e");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (TkrImportPlan) plan = NULL;
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GError) error = NULL;
  TkrCharacter *pc;

  if (bytes == NULL)
    return;
  pc = tkr_campaign_add_pc (campaign, "Ann");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, pc, &error));
  g_assert_true (tkr_encounter_begin_setup (tkr_campaign_get_encounter (campaign), &error));
  g_assert_no_error (error);
  plan = tkr_import_read (bytes, rules, &error);
  g_assert_no_error (error);

  before = tkr_campaign_to_bytes (campaign);
  g_assert_false (tkr_import_plan_apply (plan, campaign, NULL, &error));
  g_assert_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_CANNOT_APPLY);
  g_clear_error (&error);
  after = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_bytes_equal (before, after));

  /* Without the encounter it goes in. */
  tkr_import_plan_set_encounter (plan, NULL);
  g_assert_true (tkr_import_plan_apply (plan, campaign, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 9);
}

/* Damaged files */

static GBytes *
text_bytes (const char *text)
{
  return g_bytes_new (text, strlen (text));
}

static GBytes *
take_string (GString *text)
{
  gsize length = text->len;

  return g_bytes_new_take (g_string_free (text, FALSE), length);
}

static GBytes *
nested (guint depth, const char *prefix, const char *suffix)
{
  GString *text = g_string_new (prefix);

  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append (text, suffix);
  return take_string (text);
}

static GBytes *
truncated_fixture (const char *name)
{
  g_autoptr (GBytes) whole = load_fixture (name);

  if (whole == NULL)
    return text_bytes ("[{\"Name\": \"Goblin\", \"HP\": {\"Val");
  return g_bytes_new_from_bytes (whole, 0, g_bytes_get_size (whole) / 2);
}

static GBytes *
long_name (void)
{
  GString *text = g_string_new ("[{\"Name\": \"");

  for (guint i = 0; i < 1024 * 1024; i++)
    g_string_append_c (text, 'a' + i % 26);
  g_string_append (text, "\", \"HP\": {\"Value\": 7}, \"AC\": {\"Value\": 15}}]");
  return take_string (text);
}

static GBytes *
long_value (void)
{
  GString *text = g_string_new ("{\"ImprovedInitiative.Creatures.x\": \"");

  for (guint i = 0; i < 1024 * 1024; i++)
    g_string_append_c (text, 'x');
  g_string_append (text, "\"}");
  return take_string (text);
}

static GBytes *
huge_file (void)
{
  GString *text = g_string_new ("[");

  for (guint i = 0; i < 17 * 1024 * 1024; i++)
    g_string_append_c (text, ' ');
  g_string_append (text, "{\"Name\": \"Goblin\", \"HP\": {\"Value\": 7}}]");
  return take_string (text);
}

static GBytes *
utf16_file (void)
{
  const char *text = "[{\"Name\": \"Goblin\", \"HP\": {\"Value\": 7}}]";
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *utf16 = g_convert (text, -1, "UTF-16", "UTF-8", NULL, &length, &error);

  g_assert_no_error (error);
  return g_bytes_new (utf16, length);
}

static GBytes *
campaign_file (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);

  tkr_campaign_add_pc (campaign, "Ann");
  return tkr_campaign_to_bytes (campaign);
}

static GBytes *
damaged (guint index, const char **what)
{
  switch (index)
    {
    case 0:
      *what = "an empty file";
      return text_bytes ("");
    case 1:
      *what = "only spaces";
      return text_bytes ("   \n  ");
    case 2:
      *what = "an export cut off in the middle";
      return truncated_fixture ("export-all-v2.17-legacy-keys-saved-encounter.json");
    case 3:
      *what = "a statblock list cut off";
      return truncated_fixture ("sample-players-statblocks.json");
    case 4:
      *what = "bytes that are not UTF-8";
      return text_bytes ("[{\"Name\": \"Gob\xff\xfelin\", \"HP\": {\"Value\": 7}}]");
    case 5:
      *what = "UTF-16 text";
      return utf16_file ();
    case 6:
      *what = "arrays nested 10,000 deep";
      return nested (10000, "", "");
    case 7:
      *what = "arrays nested 10,000 deep inside a double-encoded value";
      return nested (10000, "{\"ImprovedInitiative.Creatures.x\": \"", "\"}");
    case 8:
      *what = "a creature whose name is a 1 MB string";
      return long_name ();
    case 9:
      *what = "a 1 MB string where a record belongs";
      return long_value ();
    case 10:
      *what = "a number";
      return text_bytes ("42");
    case 11:
      *what = "a string";
      return text_bytes ("\"Improved Initiative\"");
    case 12:
      *what = "null";
      return text_bytes ("null");
    case 13:
      *what = "an array of numbers";
      return text_bytes ("[1, 2, 3]");
    case 14:
      *what = "an empty array";
      return text_bytes ("[]");
    case 15:
      *what = "an empty object";
      return text_bytes ("{}");
    case 16:
      *what = "a Turnkeeper campaign file";
      return campaign_file ();
    case 17:
      *what = "another tool's JSON (GeoJSON)";
      return text_bytes ("{\"type\": \"FeatureCollection\", \"features\": []}");
    case 18:
      *what = "an XML compendium";
      return text_bytes ("<?xml version=\"1.0\"?><compendium><monster><name>Goblin</name>"
                         "<hp>7</hp></monster></compendium>");
    case 19:
      *what = "a CSV table";
      return text_bytes ("Name,HP,AC\nGoblin,7,15\n");
    case 20:
      *what = "a statblock whose name is a number and HP a word";
      return text_bytes ("[{\"Name\": 42, \"HP\": {\"Value\": \"seven\"}}]");
    case 21:
      *what = "a statblock whose name is an object";
      return text_bytes ("[{\"Name\": {\"first\": \"Gob\"}, \"HP\": {\"Value\": 7}}]");
    case 22:
      *what = "a record that holds an array";
      return text_bytes ("{\"ImprovedInitiative.Creatures.x\": \"[1, 2]\"}");
    case 23:
      *what = "a record that is a number";
      return text_bytes ("{\"Creatures.x\": 5}");
    case 24:
      *what = "an export with only the lists' indexes";
      return text_bytes ("{\"ImprovedInitiative.Creatures\": \"[\\\"x\\\"]\", "
                         "\"ImprovedInitiative.PersistentCharacters\": \"[]\"}");
    case 25:
      *what = "a player character without statblock or name";
      return text_bytes ("{\"PersistentCharacters.p1\": {\"Id\": \"p1\", \"CurrentHP\": 5}}");
    case 26:
      *what = "an encounter whose combatants are not objects";
      return text_bytes (
        "{\"SavedEncounters.e\": {\"Name\": \"E\", \"Combatants\": [1, \"x\", null]}}");
    case 27:
      *what = "an encounter whose combatants are a string";
      return text_bytes ("{\"SavedEncounters.e\": {\"Name\": \"E\", \"Combatants\": \"all\"}}");
    case 28:
      *what = "a double-encoded record cut off";
      return text_bytes ("{\"ImprovedInitiative.Creatures.x\": \"{\\\"Name\\\": \\\"Gob\"}");
    case 29:
      *what = "a file larger than 16 MiB";
      return huge_file ();
    case 30:
      *what = "a statblock missing its name";
      return text_bytes ("[{\"HP\": {\"Value\": 7}, \"AC\": {\"Value\": 12}}]");
    case 31:
      *what = "a statblock with an empty name";
      return text_bytes ("[{\"Name\": \"  \", \"HP\": {\"Value\": 7}, \"AC\": {\"Value\": 12}}]");
    case 32:
      *what = "an encounter's combatants without statblocks";
      return text_bytes ("{\"SavedEncounters.e\": {\"Name\": \"E\", \"Combatants\": "
                         "[{\"Id\": \"c\", \"CurrentHP\": 5}]}}");
    default:
      return NULL;
    }
}

#define N_DAMAGED 33

static void
test_damaged (void)
{
  g_autoptr (TkrRules) rules = rules_of ("kleptonomicon");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (GBytes) before = NULL;

  tkr_campaign_add_pc (campaign, "Ann");
  tkr_campaign_add_npc (campaign, "Goblin");
  before = tkr_campaign_to_bytes (campaign);

  for (guint i = 0; i < N_DAMAGED; i++)
    {
      const char *what = NULL;
      g_autoptr (GBytes) bytes = damaged (i, &what);
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrImportPlan) plan = NULL;
      g_autoptr (GBytes) after = NULL;

      g_assert_nonnull (bytes);
      g_test_message ("damaged file %u: %s", i + 1, what);
      plan = tkr_import_read (bytes, rules, &error);
      g_assert_null (plan);
      g_assert_nonnull (error);
      g_assert_true (error->domain == TKR_IMPORT_ERROR);
      /* A sentence for people: valid, short, never the file's own 1 MB. */
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_cmpuint (strlen (error->message), >, 20);
      g_assert_cmpuint (strlen (error->message), <, 600);
      g_test_message ("  refused: %s", error->message);
      /* A file recognised as the tool's is never called unknown. */
      if (tkr_import_guess_format (bytes) != NULL)
        g_assert_cmpint (error->code, !=, TKR_IMPORT_ERROR_UNKNOWN_FORMAT);

      after = tkr_campaign_to_bytes (campaign);
      g_assert_true (g_bytes_equal (before, after));
    }
  g_assert_false (tkr_history_can_redo (tkr_campaign_get_history (campaign)));
}

/* The detector names the tool from the content alone. */
static void
test_guess_format (void)
{
  g_autoptr (GBytes) pathbuilder = text_bytes ("{\"success\": true, \"build\": {\"name\": \"A\"}}");
  g_autoptr (GBytes) foundry =
    text_bytes ("{\"name\": \"Goblin\", \"type\": \"npc\", \"system\": {\"attributes\": {}}}");
  g_autoptr (GBytes) legacy =
    text_bytes ("{\"name\": \"Trey\", \"type\": \"character\", \"data\": {\"attributes\": {}}}");
  g_autoptr (GBytes) statblock = text_bytes ("{\"Name\": \"Goblin\", \"HP\": {\"Value\": 7}}");
  g_autoptr (GBytes) other = text_bytes ("{\"name\": \"turnkeeper\", \"version\": \"1\"}");
  g_autoptr (GBytes) campaign = campaign_file ();

  g_assert_cmpstr (tkr_import_guess_format (pathbuilder), ==, TKR_IMPORT_FORMAT_PATHBUILDER);
  g_assert_cmpstr (tkr_import_guess_format (foundry), ==, TKR_IMPORT_FORMAT_FOUNDRY);
  g_assert_cmpstr (tkr_import_guess_format (legacy), ==, TKR_IMPORT_FORMAT_FOUNDRY);
  g_assert_cmpstr (tkr_import_guess_format (statblock), ==, TKR_IMPORT_FORMAT_IMPROVED_INITIATIVE);
  g_assert_null (tkr_import_guess_format (other));
  g_assert_null (tkr_import_guess_format (campaign));
}

/* A creature without HP gets 1, and the plan says so. */
static void
test_problems (void)
{
  g_autoptr (GBytes) bytes = text_bytes ("[{\"Name\": \"Goblin\", \"HP\": {\"Value\": 7}},"
                                         " {\"Name\": \"Shade\", \"AC\": {\"Value\": 12}},"
                                         " {\"HP\": {\"Value\": 3}},"
                                         " {\"Name\": \"Titan\", \"HP\": {\"Value\": 120000}}]");
  g_autoptr (TkrRules) rules = rules_of ("pf2e");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrImportPlan) plan = tkr_import_read (bytes, rules, &error);
  const char *const *problems;
  g_autofree char *summary = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_import_plan_get_npcs (plan)), ==, 3);
  problems = tkr_import_plan_get_problems (plan);
  g_assert_cmpuint (g_strv_length ((char **) problems), ==, 3);
  g_assert_cmpstr (problems[0], ==, "Creature 2 (Shade) has no HP; it was given 1");
  g_assert_nonnull (strstr (problems[1], "Creature 3"));
  g_assert_cmpstr (problems[2], ==, "Creature 4 (Titan) has 120000 HP; it was given 9999");
  g_assert_cmpint (maximum_hp (find_named (tkr_import_plan_get_npcs (plan), "Shade")), ==, 1);
  summary = tkr_import_plan_describe (plan);
  g_assert_cmpstr (summary, ==, "3 NPCs for the library");
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/import/ii/v2.13-persistent-characters", test_v2_13_persistent_characters);
  g_test_add_func ("/import/ii/v2.17-saved-encounter", test_v2_17_saved_encounter);
  g_test_add_func ("/import/ii/v3.1-alias", test_v3_1_alias);
  g_test_add_func ("/import/ii/v3.2-nested-prefixes", test_v3_2_nested_prefixes);
  g_test_add_func ("/import/ii/v3.2-spanish", test_v3_2_spanish);
  g_test_add_func ("/import/ii/sample-players", test_sample_players);
  g_test_add_func ("/import/ii/ogl-creatures", test_ogl_creatures);
  g_test_add_data_func ("/import/ii/round-trip/kleptonomicon", "kleptonomicon", test_round_trip);
  g_test_add_data_func ("/import/ii/round-trip/pf2e", "pf2e", test_round_trip);
  g_test_add_data_func ("/import/ii/round-trip/d20", "d20", test_round_trip);
  g_test_add_data_func ("/import/ii/round-trip/action-points", "action-points", test_round_trip);
  g_test_add_func ("/import/ii/apply-refused-while-fighting", test_apply_refused_while_fighting);
  g_test_add_func ("/import/damaged", test_damaged);
  g_test_add_func ("/import/guess-format", test_guess_format);
  g_test_add_func ("/import/problems", test_problems);
  return g_test_run ();
}
