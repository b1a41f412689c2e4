/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Printing: each kind of print job exported to PDF, then the file checked
 * with poppler's tools (pdfinfo for the page count, pdftotext for the
 * words). Without them the page count falls back to counting page objects
 * and the text checks are skipped.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "tkr-campaign.h"
#include "tkr-pf2e-encounter.h"
#include "tkr-print-job.h"
#include "tkr-print-preview.h"

typedef struct
{
  TkrCampaign *campaign;
  TkrKlepEncounter *encounter;
  TkrCharacter *alice;
  char *dir;
} Fixture;

static void
set_modifier (TkrCharacter *character, TkrModifierKind kind, const char *name, int value)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_character_set_modifier (character, NULL, kind, name, value, &error));
  g_assert_no_error (error);
}

static TkrCharacter *
add_npc (Fixture *fixture, const char *name, int edge)
{
  TkrCharacter *npc = tkr_campaign_add_npc (fixture->campaign, name);

  g_assert_nonnull (npc);
  set_modifier (npc, TKR_MODIFIER_KIND_SAVE, "Edge", edge);
  return npc;
}

static void
add_to_encounter (Fixture *fixture, TkrCharacter *character, guint copies)
{
  for (guint i = 0; i < copies; i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_nonnull (tkr_campaign_add_to_encounter (fixture->campaign, character, &error));
      g_assert_no_error (error);
    }
}

/* A PC with every part of the sheet filled in, and notes long enough to
 * need more than one page. */
static TkrCharacter *
add_full_pc (Fixture *fixture)
{
  TkrRules *rules = tkr_campaign_get_rules (fixture->campaign);
  TkrCharacter *pc = tkr_campaign_add_pc (fixture->campaign, "Alice Thornwood");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrAbility) ability = tkr_ability_new ("Shadow Step", TKR_ABILITY_TIME_REACTION, 1);
  g_autoptr (TkrAbility) passive = tkr_ability_new ("Keen Eyes", TKR_ABILITY_TIME_PASSIVE, 0);
  g_autoptr (TkrItem) rope = tkr_item_new ("Silk rope", 2);
  g_autoptr (TkrItem) lockpicks = tkr_item_new ("Lockpicks", 1);
  g_autoptr (GString) notes = g_string_new (NULL);

  g_object_set (pc, "player", "Dana", NULL);
  g_assert_true (tkr_character_set_experience (pc, NULL, 47, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_level_up (pc, NULL, rules, "Rogue", &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_level_up (pc, NULL, rules, "Sage", &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_set_wealth (pc, NULL, 1250, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_HEALTH, 9, 14, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_SHIELD, 2, 4, &error));
  g_assert_no_error (error);

  set_modifier (pc, TKR_MODIFIER_KIND_SAVE, "Edge", 2);
  set_modifier (pc, TKR_MODIFIER_KIND_SAVE, "Grit", -1);
  set_modifier (pc, TKR_MODIFIER_KIND_SKILL, "Athletics", 1);
  set_modifier (pc, TKR_MODIFIER_KIND_SKILL, "Stealth", 3);
  set_modifier (pc, TKR_MODIFIER_KIND_SKILL, "Lore", 0);
  g_assert_true (tkr_character_set_range (pc, NULL, "Climb", 2, &error));
  g_assert_no_error (error);

  g_object_set (ability, "target", "Self", "trigger", "An enemy ends its move next to you.",
                "requirements", "You stand in a Dark zone.", "test-skill", "Stealth", "on-low",
                "You stumble and stay where you are.", "on-mixed",
                "You step away but drop something.", "on-high",
                "You vanish and reappear behind the enemy.", "effect",
                "Move up to your Walk range without provoking.", "description",
                "Shadows fold around you for a heartbeat.", NULL);
  g_assert_true (tkr_character_add_ability (pc, NULL, ability, &error));
  g_assert_no_error (error);
  g_object_set (passive, "effect", "You notice traps before you spring them.", NULL);
  g_assert_true (tkr_character_add_ability (pc, NULL, passive, &error));
  g_assert_no_error (error);

  g_assert_nonnull (
    tkr_character_add_condition (pc, NULL, rules, "Slowed", 1, TKR_TURN_NONE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (
    tkr_character_add_condition (pc, NULL, rules, "Inspired", 2, TKR_TURN_NONE, &error));
  g_assert_no_error (error);

  tkr_item_set_notes (rope, "Fifty feet, knotted every yard.");
  g_assert_true (tkr_character_add_item (pc, NULL, rope, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_add_item (pc, NULL, lockpicks, &error));
  g_assert_no_error (error);

  for (int i = 1; i <= 60; i++)
    g_string_append_printf (notes,
                            "Session %d: the crew scouted the vault, argued about the plan, "
                            "bribed a guard with a forged writ and slipped away before the "
                            "bells rang; Alice kept the ledger and a grudge.\n\n",
                            i);
  /* And one long paragraph, which breaks between its lines. */
  for (int i = 1; i <= 1000; i++)
    g_string_append_printf (notes, "mark%04d ", i);
  g_object_set (pc, "notes", notes->str, NULL);
  return pc;
}

static void
fixture_setup (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *bob;

  fixture->campaign = tkr_campaign_new (tkr_rules_get_default ());
  fixture->encounter = tkr_campaign_get_klep_encounter (fixture->campaign);
  fixture->alice = add_full_pc (fixture);
  bob = tkr_campaign_add_pc (fixture->campaign, "Bob");
  set_modifier (bob, TKR_MODIFIER_KIND_SAVE, "Edge", 0);
  add_npc (fixture, "Wolf", 2);
  add_npc (fixture, "Goblin", 1);
  add_npc (fixture, "Orc", 0);

  fixture->dir = g_dir_make_tmp ("tkr-print-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
  g_clear_object (&fixture->campaign);
}

/* Nine participants (two PCs, seven NPCs in three Edge groups), through
 * Setup into Main, so there is a turn order. */
static void
begin_main (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  GListModel *party = tkr_campaign_get_party (fixture->campaign);
  GListModel *npcs = tkr_campaign_get_npcs (fixture->campaign);
  const guint copies[] = { 2, 3, 2 };
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;
  TkrKlepSetup *setup;

  for (guint i = 0; i < g_list_model_get_n_items (party); i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (party, i);

      add_to_encounter (fixture, character, 1);
    }
  for (guint i = 0; i < g_list_model_get_n_items (npcs); i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (npcs, i);

      add_to_encounter (fixture, character, copies[i]);
    }
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (fixture->encounter))),
    ==, 9);

  g_assert_true (tkr_encounter_begin_setup (TKR_ENCOUNTER (fixture->encounter), &error));
  g_assert_no_error (error);
  setup = tkr_klep_encounter_get_setup (fixture->encounter);
  /* Alice never scores Low and goes first; Bob is Low at once. */
  while (tkr_klep_setup_get_next_test (setup, &pc, &group))
    {
      g_assert_true (
        tkr_klep_setup_enter_score (setup, NULL, pc, group, pc == fixture->alice ? 10 : 2, &error));
      g_assert_no_error (error);
    }
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (fixture->encounter), &error));
  g_assert_no_error (error);

  g_assert_nonnull (
    tkr_klep_encounter_add_zone (fixture->encounter, "Fire", 2, "the brazier", &error));
  g_assert_no_error (error);
}

/* PDF checks */

static char *export(Fixture *fixture, TkrPrintJob *job, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (tkr_print_job_export_pdf (job, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 4);
  g_assert_true (memcmp (contents, "%PDF", 4) == 0);

  /* Kept for a look at the layout when asked for. */
  if (g_getenv ("TKR_PRINT_KEEP") != NULL)
    {
      g_autofree char *copy = g_build_filename (g_getenv ("TKR_PRINT_KEEP"), name, NULL);

      g_assert_true (g_file_set_contents (copy, contents, length, &error));
      g_assert_no_error (error);
    }
  return g_steal_pointer (&path);
}

/* Runs @tool on @path; NULL when the tool is not installed. */
static char *
run_tool (const char *tool, const char *path)
{
  g_autofree char *program = g_find_program_in_path (tool);
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status;

  if (program == NULL)
    return NULL;

  {
    const char *argv[] = { program, path, "-", NULL };

    /* pdfinfo takes the file only; pdftotext writes to "-" (stdout). */
    if (g_str_equal (tool, "pdfinfo"))
      argv[2] = NULL;
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                 &err, &status, &error));
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  return out;
}

static int
count_pages (const char *path)
{
  g_autofree char *info = run_tool ("pdfinfo", path);
  g_autofree char *contents = NULL;
  const char *at;
  int pages = 0;

  if (info != NULL)
    {
      at = strstr (info, "\nPages:");
      g_assert_nonnull (at);
      return atoi (at + strlen ("\nPages:"));
    }

  /* Without pdfinfo: count page objects ("/Type /Page", not "/Pages"). */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  for (at = strstr (contents, "/Type /Page"); at != NULL; at = strstr (at + 1, "/Type /Page"))
    if (at[strlen ("/Type /Page")] != 's')
      pages++;
  return pages;
}

/* The page count once @path is a complete PDF, else 0. */
static int
count_pages_if_done (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, NULL) || length < 6 ||
      g_strstr_len (contents + length - MIN (length, 32), -1, "%%EOF") == NULL)
    return 0;
  return count_pages (path);
}

/* The words on the pages, or NULL (and the test skipped) without pdftotext. */
static char *
get_text (const char *path)
{
  char *text = run_tool ("pdftotext", path);

  if (text == NULL)
    g_test_skip ("pdftotext (poppler-utils) is not installed");
  return text;
}

static void
assert_contains (const char *text, const char *word)
{
  if (strstr (text, word) == NULL)
    g_error ("“%s” not found in the printed text:\n%s", word, text);
}

static void
assert_count (const char *text, const char *word, guint expected)
{
  guint count = 0;

  for (const char *at = strstr (text, word); at != NULL; at = strstr (at + 1, word))
    count++;
  if (count != expected)
    g_error ("“%s” printed %u times, not %u:\n%s", word, count, expected, text);
}

/* Tests */

static void
test_sheet (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) job =
    tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, fixture->alice);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  int pages;

  g_assert_cmpint (tkr_print_job_get_n_pages (job), ==, 0);
  path = export(fixture, job, "sheet.pdf");
  pages = count_pages (path);

  /* The long notes continue over more pages. */
  g_assert_cmpint (pages, >, 1);
  g_assert_cmpint (pages, ==, tkr_print_job_get_n_pages (job));

  text = get_text (path);
  if (text == NULL)
    return;
  assert_contains (text, "Alice Thornwood");
  assert_contains (text, "Dana");
  assert_contains (text, "Edge");
  assert_contains (text, "Stealth");
  assert_contains (text, "Shadow Step");
  assert_contains (text, "Reaction");
  assert_contains (text, "You vanish and reappear behind the enemy.");
  assert_contains (text, "Slowed");
  assert_contains (text, "Silk rope");
  assert_contains (text, "Fifty feet");
  assert_contains (text, "1250");
  /* Every line of the notes is printed once across the page breaks. */
  for (int i = 1; i <= 60; i++)
    {
      g_autofree char *session = g_strdup_printf ("Session %d:", i);

      assert_count (text, session, 1);
    }
  assert_count (text, "a grudge.", 60);
  for (int i = 1; i <= 1000; i++)
    {
      g_autofree char *mark = g_strdup_printf ("mark%04d", i);

      assert_count (text, mark, 1);
    }
}

/* A sheet prints as its own system's sheet, every field: a
 * Pathfinder 2e PC shows its ancestry, attributes, AC, Hit Points,
 * proficiency ranks and feats, and none of the Kleptonomicon's pools or
 * saves, even those kept in its file. */
static void
test_sheet_pf2e (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) pf2e = tkr_rules_new_from_resource ("pf2e", &error);
  TkrCharacter *pc = tkr_campaign_add_pc (fixture->campaign, "Kyra");
  g_autoptr (TkrPrintJob) job = NULL;
  const char *const feats[] = { "Healing Hands", "Domain Initiate", NULL };
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  tkr_character_adopt_rules (pc, NULL, pf2e);
  g_assert_true (tkr_character_set_text (pc, NULL, pf2e, "ancestry", "Human", &error));
  g_assert_true (tkr_character_set_text (pc, NULL, pf2e, "class", "Cleric", &error));
  g_assert_true (tkr_character_set_field (pc, NULL, pf2e, "wisdom", 4, &error));
  g_assert_true (tkr_character_set_field (pc, NULL, pf2e, "armor_class", 18, &error));
  g_assert_true (tkr_character_set_list (pc, NULL, pf2e, "feats", feats, &error));
  g_assert_true (tkr_character_set_rank (pc, NULL, pf2e, "Religion", 2, &error));
  g_assert_no_error (error);

  job = tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, pc);
  path = export(fixture, job, "pf2e-sheet.pdf");
  g_assert_cmpint (count_pages (path), >=, 1);
  text = get_text (path);
  if (text == NULL)
    return;
  assert_contains (text, "Pathfinder 2e");
  assert_contains (text, "Ancestry");
  assert_contains (text, "Human");
  assert_contains (text, "Cleric");
  assert_contains (text, "Wisdom");
  assert_contains (text, "+4");
  assert_contains (text, "Armor Class");
  assert_contains (text, "18");
  assert_contains (text, "Hit Points");
  assert_contains (text, "Hero Points");
  assert_contains (text, "Gold Pieces");
  assert_contains (text, "Domain Initiate");
  assert_contains (text, "Fortitude");
  assert_contains (text, "Expert");
  assert_contains (text, "Perception");
  assert_count (text, "Vitality", 0);
  assert_count (text, "Dodge Points", 0);
  assert_count (text, "First Aid Kits", 0);
  assert_count (text, "Grit", 0);
  assert_count (text, "Archetype Levels", 0);
}

static void
test_sheet_short (Fixture *fixture, gconstpointer data)
{
  TkrCharacter *orc = tkr_campaign_add_npc (fixture->campaign, "Orc Captain");
  g_autoptr (TkrPrintJob) job =
    tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, orc);
  g_autofree char *path = export(fixture, job, "short.pdf");

  g_assert_cmpint (count_pages (path), ==, 1);
  g_assert_cmpint (tkr_print_job_get_n_pages (job), ==, 1);
}

/* Lengths nobody types still stay on the paper: a name as long as the
 * sheet allows, a word longer than a line, an Effect longer than a page. */
static void
test_sheet_long_texts (Fixture *fixture, gconstpointer data)
{
  TkrCharacter *npc = tkr_campaign_add_npc (fixture->campaign, "Placeholder");
  g_autoptr (TkrAbility) ability = tkr_ability_new ("Rant", TKR_ABILITY_TIME_EPISODIC, 10);
  g_autoptr (GString) effect = g_string_new (NULL);
  g_autofree char *name = g_strnfill (120, 'W');
  g_autofree char *word = g_strnfill (6000, 'x');
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrPrintJob) job = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  g_assert_true (tkr_character_rename (npc, NULL, name, &error));
  g_assert_no_error (error);
  for (int i = 1; i <= 300; i++)
    g_string_append_printf (effect, "Clause %d goes on and on. ", i);
  g_object_set (ability, "effect", effect->str, "target", word, NULL);
  g_assert_true (tkr_character_add_ability (npc, NULL, ability, &error));
  g_assert_no_error (error);
  g_object_set (npc, "notes", word, NULL);

  job = tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, npc);
  path = export(fixture, job, "long-texts.pdf");
  g_assert_cmpint (count_pages (path), >, 1);

  text = get_text (path);
  if (text == NULL)
    return;
  assert_count (text, "Clause 1 goes", 1);
  assert_count (text, "Clause 300 goes", 1);
}

/* Seed, "Turn Order": with the order built, each card carries its place. */
static void
test_initiative_cards_in_order (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) job =
    tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, fixture->campaign, NULL);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  begin_main (fixture);
  path = export(fixture, job, "initiative.pdf");

  /* 9 participants, 8 cards to a page. */
  g_assert_cmpint (count_pages (path), ==, 2);
  g_assert_cmpint (tkr_print_job_get_n_pages (job), ==, 2);

  text = get_text (path);
  if (text == NULL)
    return;
  assert_contains (text, "Alice Thornwood");
  assert_contains (text, "Edge");
  assert_contains (text, "Goblin");
  assert_contains (text, "Wolf");
  assert_contains (text, "+2");
  assert_contains (text, "NPC");
}

/* Pathfinder 2e (seed 002): the order fixed when the rounds begin, highest
 * initiative first, numbers the cards too. */
static void
test_initiative_cards_pf2e_order (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("pf2e", &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (TkrPrintJob) job = NULL;
  TkrPf2eEncounter *encounter = TKR_PF2E_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  const char *names[] = { "Zed", "Mara", "Ogre" };
  const int results[] = { 8, 21, 14 };
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  const char *mara, *ogre, *zed;

  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      TkrCharacter *character = i < 2 ? tkr_campaign_add_pc (campaign, names[i])
                                      : tkr_campaign_add_npc (campaign, names[i]);
      TkrCharacter *participant = tkr_campaign_add_to_encounter (campaign, character, &error);

      g_assert_no_error (error);
      g_assert_true (tkr_pf2e_encounter_enter_initiative (
        encounter,
        TKR_PF2E_COMBATANT (tkr_encounter_find_combatant (TKR_ENCOUNTER (encounter), participant)),
        results[i], &error));
      g_assert_no_error (error);
    }
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error));
  g_assert_no_error (error);

  job = tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, campaign, NULL);
  path = export(fixture, job, "pf2e-initiative.pdf");
  g_assert_cmpint (count_pages (path), ==, 1);
  text = get_text (path);
  if (text == NULL)
    return;
  /* Mara (21), the Ogre's copy (14), Zed (8): in that order on the page. */
  mara = strstr (text, "Mara");
  ogre = strstr (text, "Ogre");
  zed = strstr (text, "Zed");
  g_assert_nonnull (mara);
  g_assert_nonnull (ogre);
  g_assert_nonnull (zed);
  g_assert_true (mara < ogre && ogre < zed);
  /* Edge is the Kleptonomicon's; a Pathfinder card does not show it. */
  g_assert_null (strstr (text, "Edge"));

  /* Hidden from the players (help/C/player-view.page): cards go on the
   * table, so the hidden Ogre gets none. */
  {
    GListModel *combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (encounter));
    g_autoptr (TkrPrintJob) hidden_job = NULL;
    g_autofree char *hidden_path = NULL;
    g_autofree char *hidden_text = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
      {
        g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

        if (!tkr_character_is_pc (tkr_combatant_get_character (combatant)))
          g_assert_true (
            tkr_encounter_set_hidden (TKR_ENCOUNTER (encounter), combatant, TRUE, &error));
      }
    hidden_job = tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, campaign, NULL);
    hidden_path = export(fixture, hidden_job, "pf2e-initiative-hidden.pdf");
    hidden_text = get_text (hidden_path);
    g_assert_nonnull (strstr (hidden_text, "Mara"));
    g_assert_null (strstr (hidden_text, "Ogre"));
  }
}

static void
test_initiative_cards_without_encounter (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) job =
    tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, fixture->campaign, NULL);
  g_autofree char *path = export(fixture, job, "roster.pdf");
  g_autofree char *text = NULL;

  /* The party and the library: 5 cards on one page. */
  g_assert_cmpint (count_pages (path), ==, 1);
  text = get_text (path);
  if (text == NULL)
    return;
  assert_contains (text, "Bob");
  assert_contains (text, "Orc");
}

static void
test_zone_cards (Fixture *fixture, gconstpointer data)
{
  TkrRules *rules = tkr_campaign_get_rules (fixture->campaign);
  g_autoptr (TkrPrintJob) job = tkr_print_job_new (TKR_PRINT_ZONE_CARDS, fixture->campaign, NULL);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  begin_main (fixture);
  path = export(fixture, job, "zones.pdf");
  g_assert_cmpuint (tkr_rules_get_n_zones (rules) + 1, <=, 8);
  g_assert_cmpint (count_pages (path), ==, 1);

  text = get_text (path);
  if (text == NULL)
    return;
  for (guint i = 0; i < tkr_rules_get_n_zones (rules); i++)
    assert_contains (text, tkr_rules_get_zone (rules, i)->name);
  assert_contains (text, "the brazier");
  assert_contains (text, "In Play");
}

static void
test_empty_campaign (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrCampaign) empty = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (TkrPrintJob) job = tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, empty, NULL);
  g_autofree char *path = export(fixture, job, "empty.pdf");

  /* Still a page, saying there is nothing to print. */
  g_assert_cmpint (count_pages (path), ==, 1);
}

static void
test_export_error (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) job = tkr_print_job_new (TKR_PRINT_ZONE_CARDS, fixture->campaign, NULL);
  g_autofree char *path = g_build_filename (fixture->dir, "missing", "zones.pdf", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_false (tkr_print_job_export_pdf (job, path, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* The print dialog: "Print to File" chosen, as a person would, then Print.
 * GtkPrintUnixDialog is reached through its properties, as its header
 * comes with gtk4-unix-print. */
typedef struct
{
  char *uri;
  gboolean configured;
  gboolean printed;
  gint64 deadline;
} DialogDriver;

static gboolean
drive_print_dialog (gpointer data)
{
  DialogDriver *driver = data;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GType dialog_type = g_type_from_name ("GtkPrintUnixDialog");

  for (guint i = 0; dialog_type != 0 && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);
      g_autoptr (GObject) printer = NULL;
      g_autofree char *name = NULL;

      if (!g_type_is_a (G_OBJECT_TYPE (window), dialog_type))
        continue;

      if (!driver->configured)
        {
          g_autoptr (GtkPrintSettings) settings = NULL;

          g_object_get (window, "print-settings", &settings, NULL);
          gtk_print_settings_set_printer (settings, "Print to File");
          gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf");
          gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_URI, driver->uri);
          g_object_set (window, "print-settings", settings, NULL);
          driver->configured = TRUE;
          return G_SOURCE_CONTINUE;
        }

      g_object_get (window, "selected-printer", &printer, NULL);
      if (printer != NULL)
        g_object_get (printer, "name", &name, NULL);
      if (g_strcmp0 (name, "Print to File") == 0)
        {
          driver->printed = TRUE;
          gtk_dialog_response (GTK_DIALOG (window), GTK_RESPONSE_OK);
          return G_SOURCE_REMOVE;
        }
      if (g_get_monotonic_time () > driver->deadline)
        {
          gtk_dialog_response (GTK_DIALOG (window), GTK_RESPONSE_CANCEL);
          return G_SOURCE_REMOVE;
        }
    }
  return G_SOURCE_CONTINUE;
}

static void
test_dialog_print_to_file (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) job =
    tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, fixture->alice);
  g_autofree char *path = g_build_filename (fixture->dir, "dialog.pdf", NULL);
  g_autoptr (GError) error = NULL;
  DialogDriver driver = { NULL, FALSE, FALSE, g_get_monotonic_time () + 20 * G_USEC_PER_SEC };
  GtkPrintOperationResult result;
  guint source;

  driver.uri = g_filename_to_uri (path, NULL, &error);
  g_assert_no_error (error);
  source = g_timeout_add (50, drive_print_dialog, &driver);
  result = tkr_print_job_run_dialog (job, NULL, &error);
  if (!driver.printed)
    g_source_remove (source);
  g_free (driver.uri);
  g_assert_no_error (error);
  if (!driver.printed)
    {
      g_test_skip ("the print dialog offered no “Print to File”");
      return;
    }
  g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);

  /* The file backend writes the PDF once the job is sent. */
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       count_pages_if_done (path) < tkr_print_job_get_n_pages (job) &&
       g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (count_pages (path), ==, tkr_print_job_get_n_pages (job));
  g_assert_cmpint (count_pages (path), >, 1);
}

/* Print Preview with no previewer installed (help/C/printing.page): the
 * pages show in the app, as many as print, each with ink on it. */

static void
set_preview_command (const char *command)
{
  g_object_set (gtk_settings_get_default (), "gtk-print-preview-command", command, NULL);
}

static TkrPrintPreview *
find_preview (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (TKR_IS_PRINT_PREVIEW (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return TKR_PRINT_PREVIEW (window);
    }
  return NULL;
}

static TkrPrintPreview *
wait_for_preview (void)
{
  TkrPrintPreview *preview;

  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       (preview = find_preview ()) == NULL && g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);
  return preview;
}

/* The share of a page's pixels with ink, rendered small. */
static guint
count_inked_pixels (cairo_surface_t *page)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 120, 170);
  cairo_t *cr = cairo_create (image);
  guint inked = 0;
  guchar *data;
  int stride;

  cairo_scale (cr, 120 / 595.0, 170 / 842.0);
  cairo_set_source_surface (cr, page, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  for (int y = 0; y < 170; y++)
    for (int x = 0; x < 120; x++)
      if (data[y * stride + x * 4 + 3] != 0)
        inked++;
  cairo_surface_destroy (image);
  return inked;
}

static void
check_preview_pages (TkrPrintPreview *preview, int n_pages)
{
  g_assert_nonnull (preview);
  g_assert_cmpuint (tkr_print_preview_get_n_pages (preview), ==, n_pages);
  for (int i = 0; i < n_pages; i++)
    g_assert_cmpuint (count_inked_pixels (tkr_print_preview_get_page_surface (preview, i)), >, 50);

  /* Previous and Next step through them and stop at the ends. */
  g_assert_cmpuint (tkr_print_preview_get_page (preview), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.next", NULL));
  g_assert_cmpuint (tkr_print_preview_get_page (preview), ==, 1);
  for (int i = 0; i < n_pages + 2; i++)
    gtk_widget_activate_action (GTK_WIDGET (preview), "preview.next", NULL);
  g_assert_cmpuint (tkr_print_preview_get_page (preview), ==, n_pages - 1);
  gtk_widget_activate_action (GTK_WIDGET (preview), "preview.previous", NULL);
  g_assert_cmpuint (tkr_print_preview_get_page (preview), ==, n_pages - 2);
}

static void
test_preview_without_previewer (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) job =
    tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, fixture->campaign, NULL);
  g_autoptr (TkrPrintJob) sheet =
    tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, fixture->alice);
  g_autoptr (GError) error = NULL;
  TkrPrintPreview *preview;

  set_preview_command ("tkr-test-no-such-previewer --preview %f");
  g_assert_false (tkr_print_job_has_external_previewer ());
  begin_main (fixture);

  g_assert_cmpint (tkr_print_job_run_preview (job, NULL, &error), ==,
                   GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  preview = wait_for_preview ();
  /* 9 participants, 8 cards to a page: the same 2 pages as on paper. */
  g_assert_cmpint (tkr_print_job_get_n_pages (job), ==, 2);
  check_preview_pages (preview, 2);
  /* Esc (window.close) closes it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "window.close", NULL));
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       find_preview () != NULL && g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (find_preview ());

  /* Alice's long notes flow over several pages; all of them show. */
  g_assert_cmpint (tkr_print_job_run_preview (sheet, NULL, &error), ==,
                   GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  preview = wait_for_preview ();
  g_assert_cmpint (tkr_print_job_get_n_pages (sheet), >, 2);
  check_preview_pages (preview, tkr_print_job_get_n_pages (sheet));
  gtk_window_destroy (GTK_WINDOW (preview));
  set_preview_command (NULL);
}

/* With a previewer installed, GTK hands it the pages and the app adds no
 * window of its own. */
static void
test_preview_with_previewer (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) job = tkr_print_job_new (TKR_PRINT_ZONE_CARDS, fixture->campaign, NULL);
  g_autoptr (GError) error = NULL;

  set_preview_command ("true %f");
  g_assert_true (tkr_print_job_has_external_previewer ());
  tkr_print_job_run_preview (job, NULL, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (find_preview ());
  set_preview_command (NULL);
}

/* The file "Print to File" proposes fits what is printed: initiative cards
 * "<document> initiative cards", a sheet its character, in the folder of the
 * last print but never the last print's file (which would be offered for
 * overwriting). */
static void
test_file_name_rule (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) cards =
    tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, fixture->campaign, NULL);
  g_autoptr (TkrPrintJob) zones = tkr_print_job_new (TKR_PRINT_ZONE_CARDS, fixture->campaign, NULL);
  g_autoptr (TkrPrintJob) sheet =
    tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, fixture->alice);
  g_autoptr (GtkPrintSettings) last = gtk_print_settings_new ();
  g_autoptr (GtkPrintSettings) settings = NULL;
  g_autofree char *folder = g_filename_to_uri (fixture->dir, NULL, NULL);
  g_autofree char *last_uri = g_strconcat (folder, "/Mira%20Thorne.pdf", NULL);
  g_autofree char *cards_uri =
    g_strconcat (folder, "/Goblin%20Ambush%20initiative%20cards.pdf", NULL);
  g_autofree char *sheet_uri = g_strconcat (folder, "/Alice%20Thornwood.pdf", NULL);

  gtk_print_settings_set_printer (last, "Print to File");
  gtk_print_settings_set (last, GTK_PRINT_SETTINGS_OUTPUT_URI, last_uri);
  tkr_print_job_set_document_title (cards, "Goblin Ambush");
  tkr_print_job_set_document_title (zones, "Goblin Ambush");

  settings = tkr_print_job_make_print_settings (cards, last);
  g_assert_cmpstr (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME), ==,
                   "Goblin Ambush initiative cards");
  g_assert_cmpstr (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI), ==, cards_uri);
  g_assert_cmpstr (gtk_print_settings_get_printer (settings), ==, "Print to File");
  /* The last print's settings are not changed. */
  g_assert_cmpstr (gtk_print_settings_get (last, GTK_PRINT_SETTINGS_OUTPUT_URI), ==, last_uri);
  g_clear_object (&settings);

  /* With no print to a file before, the name alone, in the documents folder. */
  settings = tkr_print_job_make_print_settings (zones, NULL);
  g_assert_cmpstr (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME), ==,
                   "Goblin Ambush zone cards");
  g_assert_null (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI));
  g_clear_object (&settings);

  settings = tkr_print_job_make_print_settings (sheet, last);
  g_assert_cmpstr (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME), ==,
                   "Alice Thornwood");
  g_assert_cmpstr (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI), ==, sheet_uri);
  g_clear_object (&settings);

  /* A folder removed since is not proposed: the name alone, for the
   * documents folder. */
  gtk_print_settings_set (last, GTK_PRINT_SETTINGS_OUTPUT_URI,
                          "file:///nonexistent-tkr-folder/Mira%20Thorne.pdf");
  settings = tkr_print_job_make_print_settings (cards, last);
  g_assert_null (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI));
  g_assert_cmpstr (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME), ==,
                   "Goblin Ambush initiative cards");
  g_clear_object (&settings);

  /* Without a document title, the campaign's name; a "/" cannot make a
   * path. */
  tkr_print_job_set_document_title (cards, "Act 1/2");
  settings = tkr_print_job_make_print_settings (cards, NULL);
  g_assert_cmpstr (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME), ==,
                   "Act 1-2 initiative cards");
  g_clear_object (&settings);
  tkr_print_job_set_document_title (cards, NULL);
  settings = tkr_print_job_make_print_settings (cards, NULL);
  g_assert_true (g_str_has_suffix (
    gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME), " initiative cards"));
  g_assert_false (
    g_str_has_prefix (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME), " "));
}

/* The print dialog, as a person uses it: after a sheet printed to
 * "Alice Thornwood.pdf", the dialog for initiative cards proposes
 * "Goblin Ambush initiative cards.pdf" in the same folder, a file that does
 * not exist (so nothing asks to overwrite); its Preview button with no
 * previewer installed shows the cards' pages in the app. */
typedef struct
{
  const char *print_to; /* print to this URI; NULL: read the proposed file and preview */
  gboolean configured;
  char *proposed_uri;
  gboolean responded;
  gboolean finished;
  gint64 deadline;
} FileDriver;

static gboolean
drive_file_dialog (gpointer data)
{
  FileDriver *driver = data;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GType dialog_type = g_type_from_name ("GtkPrintUnixDialog");

  for (guint i = 0; dialog_type != 0 && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);
      g_autoptr (GObject) printer = NULL;
      g_autoptr (GtkPrintSettings) settings = NULL;
      g_autofree char *name = NULL;
      const char *uri;

      if (!g_type_is_a (G_OBJECT_TYPE (window), dialog_type))
        continue;
      g_object_get (window, "print-settings", &settings, NULL);
      if (g_get_monotonic_time () > driver->deadline)
        {
          gtk_dialog_response (GTK_DIALOG (window), GTK_RESPONSE_CANCEL);
          driver->finished = TRUE;
          return G_SOURCE_REMOVE;
        }
      /* Printing: "Print to File" and the file chosen, as a person would,
       * before the dialog has loaded its printers. Previewing: nothing is
       * touched, the dialog shows what the app proposed. */
      if (driver->print_to != NULL && !driver->configured)
        {
          gtk_print_settings_set_printer (settings, "Print to File");
          gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf");
          gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_URI, driver->print_to);
          g_object_set (window, "print-settings", settings, NULL);
          driver->configured = TRUE;
          return G_SOURCE_CONTINUE;
        }
      g_object_get (window, "selected-printer", &printer, NULL);
      if (printer != NULL)
        g_object_get (printer, "name", &name, NULL);
      /* The file's name shows once the dialog has the printer's options. */
      uri = gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI);
      if (g_strcmp0 (name, "Print to File") != 0 || g_strcmp0 (uri, "") <= 0)
        return G_SOURCE_CONTINUE;
      driver->proposed_uri = g_strdup (uri);
      /* Print, or the dialog's Preview button. */
      gtk_dialog_response (GTK_DIALOG (window),
                           driver->print_to != NULL ? GTK_RESPONSE_OK : GTK_RESPONSE_APPLY);
      driver->responded = TRUE;
      driver->finished = TRUE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
run_file_dialog (TkrPrintJob *job, FileDriver *driver)
{
  g_autoptr (GError) error = NULL;
  guint source;

  driver->deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  source = g_timeout_add (50, drive_file_dialog, driver);
  tkr_print_job_run_dialog (job, NULL, &error);
  if (!driver->finished)
    g_source_remove (source);
  g_assert_no_error (error);
}

/* The dialogs run in a process of their own: the print settings kept from
 * other tests' prints would choose the printer and the file before the test
 * could. */
static void test_dialog_preview_and_file_name_run (Fixture *fixture, gconstpointer data);

static void
test_dialog_preview_and_file_name (Fixture *fixture, gconstpointer data)
{
  if (g_test_subprocess ())
    {
      test_dialog_preview_and_file_name_run (fixture, data);
      return;
    }
  g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_dialog_preview_and_file_name_run (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrPrintJob) sheet =
    tkr_print_job_new (TKR_PRINT_CHARACTER_SHEET, fixture->campaign, fixture->alice);
  g_autoptr (TkrPrintJob) cards =
    tkr_print_job_new (TKR_PRINT_INITIATIVE_CARDS, fixture->campaign, NULL);
  g_autofree char *sheet_path = g_build_filename (fixture->dir, "Alice Thornwood.pdf", NULL);
  g_autofree char *sheet_uri = g_filename_to_uri (sheet_path, NULL, NULL);
  g_autofree char *cards_path =
    g_build_filename (fixture->dir, "Goblin Ambush initiative cards.pdf", NULL);
  g_autofree char *cards_uri = g_filename_to_uri (cards_path, NULL, NULL);
  FileDriver printing = { sheet_uri, FALSE, NULL, FALSE, FALSE, 0 };
  FileDriver previewing = { NULL, FALSE, NULL, FALSE, FALSE, 0 };
  TkrPrintPreview *preview;

  set_preview_command ("tkr-test-no-such-previewer %f");
  begin_main (fixture);

  /* First a sheet, to a file of its own. */
  run_file_dialog (sheet, &printing);
  g_free (printing.proposed_uri);
  if (!printing.responded)
    {
      g_test_skip ("the print dialog offered no “Print to File”");
      set_preview_command (NULL);
      return;
    }
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       !g_file_test (sheet_path, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (g_file_test (sheet_path, G_FILE_TEST_EXISTS));

  /* Then the cards: their own name in the same folder, and Preview. */
  tkr_print_job_set_document_title (cards, "Goblin Ambush");
  run_file_dialog (cards, &previewing);
  g_assert_true (previewing.responded);
  g_assert_cmpstr (previewing.proposed_uri, ==, cards_uri);
  g_assert_false (g_file_test (cards_path, G_FILE_TEST_EXISTS));
  g_free (previewing.proposed_uri);

  preview = wait_for_preview ();
  check_preview_pages (preview, 2);
  gtk_window_destroy (GTK_WINDOW (preview));
  set_preview_command (NULL);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/print/sheet/long-notes-span-pages", test_sheet);
  ADD ("/print/sheet/short-fits-one-page", test_sheet_short);
  ADD ("/print/sheet/pf2e-prints-its-own-sheet", test_sheet_pf2e);
  ADD ("/print/sheet/long-texts", test_sheet_long_texts);
  ADD ("/print/initiative/seed-turn-order/numbered-cards", test_initiative_cards_in_order);
  ADD ("/print/initiative/party-and-library", test_initiative_cards_without_encounter);
  ADD ("/print/initiative/pf2e-fixed-order", test_initiative_cards_pf2e_order);
  ADD ("/print/zones/catalogue-and-in-play", test_zone_cards);
  ADD ("/print/initiative/empty-campaign", test_empty_campaign);
  ADD ("/print/export-error", test_export_error);
  ADD ("/print/dialog/print-to-file", test_dialog_print_to_file);
  ADD ("/print/file-name/fits-what-is-printed", test_file_name_rule);
  ADD ("/print/preview/in-app-without-previewer", test_preview_without_previewer);
  ADD ("/print/preview/external-previewer-used", test_preview_with_previewer);
  ADD ("/print/dialog/preview-and-file-name", test_dialog_preview_and_file_name);
#undef ADD

  return g_test_run ();
}
