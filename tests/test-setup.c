/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"

/*
 * The Setup phase (seed 000, "Turn Order"): grouping NPCs by Edge, the
 * Edge Save tests from the last group toward the front, placement, ties,
 * Sneaky, splitting and merging groups, undo of every step, and files.
 */

static TkrRules *
rules (void)
{
  return tkr_rules_get_default ();
}

static TkrCharacter *
new_character (TkrCharacterKind kind, const char *name, int edge)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *character = tkr_character_new (rules (), kind, name);

  g_assert_true (
    tkr_character_set_modifier (character, NULL, TKR_MODIFIER_KIND_SAVE, "Edge", edge, &error));
  g_assert_no_error (error);
  return character;
}

static TkrKlepNpcGroup *
group_at (TkrKlepSetup *setup, guint index)
{
  g_autoptr (TkrKlepNpcGroup) group =
    g_list_model_get_item (tkr_klep_setup_get_groups (setup), index);
  return group;
}

static guint
n_groups (TkrKlepSetup *setup)
{
  return g_list_model_get_n_items (tkr_klep_setup_get_groups (setup));
}

static guint
n_members (TkrKlepNpcGroup *group)
{
  return g_list_model_get_n_items (tkr_klep_npc_group_get_members (group));
}

/* "Carol, Wolves, David" for an order */
static char *
describe_order (GPtrArray *entries)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) names = NULL;

  for (guint i = 0; i < entries->len; i++)
    g_strv_builder_add (builder, tkr_klep_turn_entry_get_name (g_ptr_array_index (entries, i)));
  names = g_strv_builder_end (builder);
  return g_strjoinv (", ", names);
}

static char *
describe_setup_order (TkrKlepSetup *setup)
{
  g_autoptr (GPtrArray) entries = tkr_klep_setup_build_order (setup);
  return describe_order (entries);
}

static void
enter (
  TkrKlepSetup *setup, TkrHistory *history, TkrCharacter *pc, TkrKlepNpcGroup *group, int score)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_klep_setup_enter_score (setup, history, pc, group, score, &error));
  g_assert_no_error (error);
}

static void
expect_next_test (TkrKlepSetup *setup, TkrCharacter *pc, TkrKlepNpcGroup *group)
{
  TkrCharacter *next_pc = NULL;
  TkrKlepNpcGroup *next_group = NULL;

  g_assert_true (tkr_klep_setup_get_next_test (setup, &next_pc, &next_group));
  g_assert_true (next_pc == pc);
  g_assert_true (next_group == group);
}

/* The seed's example table: Wolves(2), Goblins(1), Orcs(0) and four PCs. */
typedef struct
{
  TkrHistory *history;
  TkrKlepSetup *setup;
  TkrCharacter *wolves[2];
  TkrCharacter *goblins[3];
  TkrCharacter *orcs[2];
  TkrCharacter *alice, *bob, *carol, *david;
  TkrKlepNpcGroup *wolves_group, *goblins_group, *orcs_group;
} Table;

static void
table_set_up (Table *table, gconstpointer data)
{
  table->history = tkr_history_new ();
  table->setup = tkr_klep_setup_new (rules ());

  /* Added in a jumble: the skeleton sorts itself by Edge (rule 1). */
  table->goblins[0] = new_character (TKR_CHARACTER_KIND_NPC, "Goblin 1", 1);
  table->orcs[0] = new_character (TKR_CHARACTER_KIND_NPC, "Orc 1", 0);
  table->wolves[0] = new_character (TKR_CHARACTER_KIND_NPC, "Wolf 1", 2);
  table->goblins[1] = new_character (TKR_CHARACTER_KIND_NPC, "Goblin 2", 1);
  table->wolves[1] = new_character (TKR_CHARACTER_KIND_NPC, "Wolf 2", 2);
  table->orcs[1] = new_character (TKR_CHARACTER_KIND_NPC, "Orc 2", 0);
  table->goblins[2] = new_character (TKR_CHARACTER_KIND_NPC, "Goblin 3", 1);
  tkr_klep_setup_add_character (table->setup, NULL, table->goblins[0]);
  tkr_klep_setup_add_character (table->setup, NULL, table->orcs[0]);
  tkr_klep_setup_add_character (table->setup, NULL, table->wolves[0]);
  tkr_klep_setup_add_character (table->setup, NULL, table->goblins[1]);
  tkr_klep_setup_add_character (table->setup, NULL, table->wolves[1]);
  tkr_klep_setup_add_character (table->setup, NULL, table->orcs[1]);
  tkr_klep_setup_add_character (table->setup, NULL, table->goblins[2]);

  table->alice = new_character (TKR_CHARACTER_KIND_PC, "Alice", 1);
  table->bob = new_character (TKR_CHARACTER_KIND_PC, "Bob", 0);
  table->carol = new_character (TKR_CHARACTER_KIND_PC, "Carol", 2);
  table->david = new_character (TKR_CHARACTER_KIND_PC, "David", 0);
  tkr_klep_setup_add_character (table->setup, NULL, table->alice);
  tkr_klep_setup_add_character (table->setup, NULL, table->bob);
  tkr_klep_setup_add_character (table->setup, NULL, table->carol);
  tkr_klep_setup_add_character (table->setup, NULL, table->david);

  g_assert_cmpuint (n_groups (table->setup), ==, 3);
  table->wolves_group = group_at (table->setup, 0);
  table->goblins_group = group_at (table->setup, 1);
  table->orcs_group = group_at (table->setup, 2);
  tkr_klep_setup_rename_group (table->setup, NULL, table->wolves_group, "Wolves");
  tkr_klep_setup_rename_group (table->setup, NULL, table->goblins_group, "Goblins");
  tkr_klep_setup_rename_group (table->setup, NULL, table->orcs_group, "Orcs");
}

static void
table_tear_down (Table *table, gconstpointer data)
{
  g_clear_object (&table->setup);
  g_clear_object (&table->history);
  for (guint i = 0; i < 2; i++)
    g_clear_object (&table->wolves[i]);
  for (guint i = 0; i < 3; i++)
    g_clear_object (&table->goblins[i]);
  for (guint i = 0; i < 2; i++)
    g_clear_object (&table->orcs[i]);
  g_clear_object (&table->alice);
  g_clear_object (&table->bob);
  g_clear_object (&table->carol);
  g_clear_object (&table->david);
}

/* Rule 1: groups by equal Edge, highest first; named after their members. */
static void
test_grouping (void)
{
  g_autoptr (TkrKlepSetup) setup = tkr_klep_setup_new (rules ());
  g_autoptr (TkrCharacter) orc = new_character (TKR_CHARACTER_KIND_NPC, "Orc", 0);
  g_autoptr (TkrCharacter) wolf1 = new_character (TKR_CHARACTER_KIND_NPC, "Wolf 1", 2);
  g_autoptr (TkrCharacter) goblin = new_character (TKR_CHARACTER_KIND_NPC, "Goblin", 1);
  g_autoptr (TkrCharacter) wolf2 = new_character (TKR_CHARACTER_KIND_NPC, "Wolf 2", 2);
  g_autoptr (TkrCharacter) ogre = new_character (TKR_CHARACTER_KIND_NPC, "Ogre", 1);

  tkr_klep_setup_add_character (setup, NULL, orc);
  tkr_klep_setup_add_character (setup, NULL, wolf1);
  tkr_klep_setup_add_character (setup, NULL, goblin);
  tkr_klep_setup_add_character (setup, NULL, wolf2);
  tkr_klep_setup_add_character (setup, NULL, ogre);
  /* Adding twice changes nothing. */
  tkr_klep_setup_add_character (setup, NULL, wolf2);

  g_assert_cmpuint (n_groups (setup), ==, 3);
  g_assert_cmpint (tkr_klep_npc_group_get_edge (group_at (setup, 0)), ==, 2);
  g_assert_cmpint (tkr_klep_npc_group_get_edge (group_at (setup, 1)), ==, 1);
  g_assert_cmpint (tkr_klep_npc_group_get_edge (group_at (setup, 2)), ==, 0);
  g_assert_cmpuint (n_members (group_at (setup, 0)), ==, 2);
  g_assert_cmpuint (n_members (group_at (setup, 1)), ==, 2);

  /* Numbered copies share a name; unlike NPCs are listed. */
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (setup, 0)), ==, "Wolf");
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (setup, 1)), ==, "Goblin, Ogre");
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (setup, 2)), ==, "Orc");

  /* A rename wins over the automatic name; clearing it brings that back. */
  tkr_klep_setup_rename_group (setup, NULL, group_at (setup, 0), "Wolves");
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (setup, 0)), ==, "Wolves");
  tkr_klep_setup_rename_group (setup, NULL, group_at (setup, 0), NULL);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (setup, 0)), ==, "Wolf");

  /* No PC: nobody has a test to make. */
  g_assert_true (tkr_klep_setup_is_complete (setup));
  g_assert_false (tkr_klep_setup_get_next_test (setup, NULL, NULL));
}

/* Rules 2-5 on the seed's worked example ("Example: Setup Phase"). */
static void
test_seed_example (Table *t, gconstpointer data)
{
  TkrCharacter *pcs[] = { t->alice, t->bob, t->carol, t->david };
  int vs_orcs[] = { 10, 8, 12, 7 };
  int vs_goblins[] = { 3, 4, 9, 7 };
  g_autofree char *order = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  TkrKlepNpcGroup *placed;

  /* The players are Sneaky toward the Orcs (rule 6). */
  for (guint i = 0; i < G_N_ELEMENTS (pcs); i++)
    {
      tkr_klep_setup_set_sneaky (t->setup, t->history, pcs[i], t->orcs_group, TRUE);
      g_assert_true (tkr_klep_setup_get_sneaky (t->setup, pcs[i], t->orcs_group));
      g_assert_false (tkr_klep_setup_get_sneaky (t->setup, pcs[i], t->goblins_group));
    }

  /* Rule 2: the first test of everyone is against the last group. */
  g_assert_false (tkr_klep_setup_is_complete (t->setup));
  for (guint i = 0; i < G_N_ELEMENTS (pcs); i++)
    {
      g_assert_true (tkr_klep_setup_get_next_group (t->setup, pcs[i]) == t->orcs_group);
      expect_next_test (t->setup, pcs[i], t->orcs_group);
      enter (t->setup, t->history, pcs[i], t->orcs_group, vs_orcs[i]);
    }

  /* Everyone passed: the Orcs go last; now the Goblins. */
  for (guint i = 0; i < G_N_ELEMENTS (pcs); i++)
    {
      g_assert_false (tkr_klep_setup_get_placement (t->setup, pcs[i], NULL));
      expect_next_test (t->setup, pcs[i], t->goblins_group);
      enter (t->setup, t->history, pcs[i], t->goblins_group, vs_goblins[i]);
    }

  /* Rule 3: Alice (3) and Bob (4) are Low and placed after the Goblins. */
  g_assert_true (tkr_klep_setup_get_placement (t->setup, t->alice, &placed));
  g_assert_true (placed == t->goblins_group);
  g_assert_true (tkr_klep_setup_get_placement (t->setup, t->bob, &placed));
  g_assert_true (placed == t->goblins_group);
  g_assert_null (tkr_klep_setup_get_next_group (t->setup, t->alice));

  /* Rule 4: they choose that Alice goes first. */
  g_assert_true (tkr_klep_setup_place_before (t->setup, t->history, t->alice, t->bob, NULL));

  /* The Wolves: Carol 10 passes, David 4 is Low. */
  expect_next_test (t->setup, t->carol, t->wolves_group);
  enter (t->setup, t->history, t->carol, t->wolves_group, 10);
  expect_next_test (t->setup, t->david, t->wolves_group);
  enter (t->setup, t->history, t->david, t->wolves_group, 4);
  g_assert_false (tkr_klep_setup_get_next_test (t->setup, NULL, NULL));

  /* Rule 5: Carol was never Low and goes before everyone. */
  g_assert_true (tkr_klep_setup_get_placement (t->setup, t->carol, &placed));
  g_assert_null (placed);
  g_assert_true (tkr_klep_setup_get_placement (t->setup, t->david, &placed));
  g_assert_true (placed == t->wolves_group);
  g_assert_true (tkr_klep_setup_is_complete (t->setup));

  entries = tkr_klep_setup_build_order (t->setup);
  order = describe_order (entries);
  g_assert_cmpstr (order, ==, "Carol, Wolves, David, Goblins, Alice, Bob, Orcs");

  /* Each entry's members are fresh combatants of the right characters. */
  g_assert_cmpint (tkr_klep_turn_entry_get_kind (g_ptr_array_index (entries, 0)), ==,
                   TKR_KLEP_TURN_ENTRY_KIND_PC);
  g_assert_true (tkr_klep_turn_entry_has_character (g_ptr_array_index (entries, 0), t->carol));
  g_assert_cmpint (tkr_klep_turn_entry_get_kind (g_ptr_array_index (entries, 1)), ==,
                   TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_klep_turn_entry_get_members (g_ptr_array_index (entries, 1))), ==,
    2);
  g_assert_true (tkr_klep_turn_entry_has_character (g_ptr_array_index (entries, 1), t->wolves[1]));
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_klep_turn_entry_get_members (g_ptr_array_index (entries, 3))), ==,
    3);
}

/* Rule 4 without a choice: the higher Edge Save Score goes first, so Bob
 * (4 against the Goblins) precedes Alice (3). */
static void
test_default_tie_order (Table *t, gconstpointer data)
{
  TkrCharacter *pcs[] = { t->alice, t->bob, t->carol, t->david };
  int vs_orcs[] = { 10, 8, 12, 7 };
  int vs_goblins[] = { 3, 4, 9, 7 };
  g_autofree char *order = NULL;
  g_autofree char *chosen = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (pcs); i++)
    enter (t->setup, t->history, pcs[i], t->orcs_group, vs_orcs[i]);
  for (guint i = 0; i < G_N_ELEMENTS (pcs); i++)
    enter (t->setup, t->history, pcs[i], t->goblins_group, vs_goblins[i]);
  enter (t->setup, t->history, t->carol, t->wolves_group, 10);
  enter (t->setup, t->history, t->david, t->wolves_group, 4);

  order = describe_setup_order (t->setup);
  g_assert_cmpstr (order, ==, "Carol, Wolves, David, Goblins, Bob, Alice, Orcs");

  /* The choice overrides the Scores, and undoing it restores them. */
  g_assert_true (tkr_klep_setup_place_before (t->setup, t->history, t->alice, t->bob, NULL));
  chosen = describe_setup_order (t->setup);
  g_assert_cmpstr (chosen, ==, "Carol, Wolves, David, Goblins, Alice, Bob, Orcs");
  g_assert_true (tkr_history_undo (t->history));
  g_clear_pointer (&order, g_free);
  order = describe_setup_order (t->setup);
  g_assert_cmpstr (order, ==, "Carol, Wolves, David, Goblins, Bob, Alice, Orcs");
}

/* Rule 4 for PCs in different spots: no tie to settle. */
static void
test_place_before_refused (Table *t, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  /* Neither is placed yet. */
  g_assert_false (tkr_klep_setup_place_before (t->setup, t->history, t->alice, t->bob, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  enter (t->setup, t->history, t->alice, t->orcs_group, 2);
  enter (t->setup, t->history, t->bob, t->orcs_group, 9);
  enter (t->setup, t->history, t->bob, t->goblins_group, 1);
  g_assert_false (tkr_klep_setup_place_before (t->setup, t->history, t->alice, t->bob, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_false (tkr_klep_setup_place_before (t->setup, t->history, t->alice, t->alice, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
}

/* Rule 5 with several PCs never Low: ordered by their Score against the
 * front group, higher first. */
static void
test_first_slot_order (Table *t, gconstpointer data)
{
  TkrCharacter *pcs[] = { t->alice, t->bob, t->carol, t->david };
  int vs_wolves[] = { 8, 12, 7, 10 };
  g_autofree char *order = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (pcs); i++)
    {
      enter (t->setup, t->history, pcs[i], t->orcs_group, 9);
      enter (t->setup, t->history, pcs[i], t->goblins_group, 9);
      enter (t->setup, t->history, pcs[i], t->wolves_group, vs_wolves[i]);
    }
  order = describe_setup_order (t->setup);
  g_assert_cmpstr (order, ==, "Bob, David, Alice, Carol, Wolves, Goblins, Orcs");
}

/* Rule 2: a Score must be for the PC's next test. */
static void
test_score_out_of_turn (Table *t, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) stranger = new_character (TKR_CHARACTER_KIND_PC, "Eve", 0);
  int score;

  /* The Goblins come after the Orcs in Alice's tests. */
  g_assert_false (
    tkr_klep_setup_enter_score (t->setup, t->history, t->alice, t->goblins_group, 9, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tkr_klep_setup_get_score (t->setup, t->alice, t->goblins_group, &score));

  /* Placed after a Low Score: no test left. */
  enter (t->setup, t->history, t->alice, t->orcs_group, 2);
  g_assert_false (
    tkr_klep_setup_enter_score (t->setup, t->history, t->alice, t->goblins_group, 9, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  /* A PC who does not test, and an impossible Score. */
  g_assert_false (
    tkr_klep_setup_enter_score (t->setup, t->history, stranger, t->orcs_group, 9, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (
    tkr_klep_setup_enter_score (t->setup, t->history, t->bob, t->orcs_group, 5000, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  /* Retaking from the Orcs on puts Alice back to her first test. */
  g_assert_true (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_cmpint (score, ==, 2);
  tkr_klep_setup_retake_from (t->setup, t->history, t->alice, t->orcs_group);
  g_assert_false (tkr_klep_setup_get_placement (t->setup, t->alice, NULL));
  g_assert_true (tkr_klep_setup_get_next_group (t->setup, t->alice) == t->orcs_group);
}

/* Rule 6: Sneaky toward a group rolls that test with Advantage. */
static void
test_sneaky_advantage (Table *t, gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  g_autoptr (TkrTestRoll) sneaky_roll = NULL;
  g_autoptr (TkrTestRoll) plain_roll = NULL;
  g_autoptr (GError) error = NULL;
  int score;

  tkr_klep_setup_set_sneaky (t->setup, t->history, t->alice, t->orcs_group, TRUE);
  sneaky_roll = tkr_klep_setup_roll (t->setup, t->history, t->alice, t->orcs_group, rand, &error);
  g_assert_no_error (error);
  g_assert_nonnull (sneaky_roll);
  g_assert_cmpuint (sneaky_roll->n_dice, ==, 2);
  g_assert_cmpint (sneaky_roll->net_advantage, ==, 1);
  g_assert_cmpint (sneaky_roll->kept, ==, MAX (sneaky_roll->dice[0], sneaky_roll->dice[1]));
  /* d10 + Edge (Alice has +1) */
  g_assert_cmpint (sneaky_roll->modifier, ==, 1);
  g_assert_cmpint (sneaky_roll->score, ==, sneaky_roll->kept + 1);
  g_assert_true (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_cmpint (score, ==, sneaky_roll->score);

  plain_roll = tkr_klep_setup_roll (t->setup, t->history, t->bob, t->orcs_group, rand, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plain_roll->n_dice, ==, 1);
  g_assert_cmpint (plain_roll->net_advantage, ==, 0);

  /* Rolling out of turn is refused like typing in. */
  g_assert_null (
    tkr_klep_setup_roll (t->setup, t->history, t->carol, t->wolves_group, rand, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
}

/* Rule 1: the GM may split a group of like NPCs, and merge groups back.
 * Both change the skeleton, so the tests start over. */
static void
test_split_and_merge (Table *t, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *split_off[] = { t->goblins[1], t->goblins[2] };
  TkrCharacter *everyone[] = { t->goblins[0], t->goblins[1], t->goblins[2] };
  TkrKlepNpcGroup *new_group;
  g_autofree char *order = NULL;
  int score;

  enter (t->setup, t->history, t->alice, t->orcs_group, 9);
  tkr_klep_setup_set_sneaky (t->setup, t->history, t->bob, t->goblins_group, TRUE);

  new_group =
    tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, split_off, 2, &error);
  g_assert_no_error (error);
  g_assert_nonnull (new_group);
  g_assert_cmpuint (n_groups (t->setup), ==, 4);
  g_assert_true (group_at (t->setup, 1) == t->goblins_group);
  g_assert_true (group_at (t->setup, 2) == new_group);
  g_assert_cmpint (tkr_klep_npc_group_get_edge (new_group), ==, 1);
  g_assert_cmpuint (n_members (t->goblins_group), ==, 1);
  g_assert_cmpuint (n_members (new_group), ==, 2);
  /* The GM named the group "Goblins": the new one is "Goblins B". */
  g_assert_cmpstr (tkr_klep_npc_group_get_name (new_group), ==, "Goblins B");
  /* Scores cleared: Alice tests from the last group again. */
  g_assert_false (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_true (tkr_klep_setup_get_next_group (t->setup, t->alice) == t->orcs_group);

  /* Splitting off everyone or nobody, or strangers, is refused. */
  g_assert_null (
    tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, everyone, 1, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (tkr_klep_setup_split_group (t->setup, t->history, new_group, everyone, 3, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (
    tkr_klep_setup_split_group (t->setup, t->history, new_group, &t->orcs[0], 1, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Merge back: one group of three, Sneaky carried over. */
  tkr_klep_setup_set_sneaky (t->setup, t->history, t->carol, new_group, TRUE);
  g_assert_true (
    tkr_klep_setup_merge_groups (t->setup, t->history, t->goblins_group, new_group, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_groups (t->setup), ==, 3);
  g_assert_cmpuint (n_members (t->goblins_group), ==, 3);
  g_assert_true (tkr_klep_setup_get_sneaky (t->setup, t->carol, t->goblins_group));
  g_assert_true (tkr_klep_setup_get_sneaky (t->setup, t->bob, t->goblins_group));

  g_assert_false (
    tkr_klep_setup_merge_groups (t->setup, t->history, t->goblins_group, t->goblins_group, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (
    tkr_klep_setup_merge_groups (t->setup, t->history, t->goblins_group, new_group, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Moving a group reorders the skeleton and the order built from it. */
  g_assert_true (tkr_klep_setup_move_group (t->setup, t->history, t->orcs_group, 0, &error));
  g_assert_no_error (error);
  g_assert_true (group_at (t->setup, 0) == t->orcs_group);
  g_assert_false (tkr_klep_setup_move_group (t->setup, t->history, t->orcs_group, 3, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  for (guint i = 0; i < 3; i++)
    {
      TkrCharacter *pcs[] = { t->alice, t->bob, t->carol, t->david };
      for (guint j = 0; j < G_N_ELEMENTS (pcs); j++)
        enter (t->setup, t->history, pcs[j], group_at (t->setup, 2 - i), 8);
    }
  order = describe_setup_order (t->setup);
  g_assert_cmpstr (order, ==, "Alice, Bob, Carol, David, Orcs, Wolves, Goblins");
}

/* Every Setup step is one undo step, and undo restores exactly. */
static void
test_undo_each_step (Table *t, gconstpointer data)
{
  g_autoptr (TkrCharacter) ogre = new_character (TKR_CHARACTER_KIND_NPC, "Ogre", 5);
  g_autoptr (TkrCharacter) eve = new_character (TKR_CHARACTER_KIND_PC, "Eve", 0);
  TkrCharacter *split_off[] = { t->goblins[2] };
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  TkrKlepNpcGroup *new_group;
  guint steps;
  int score;

  /* A score, undone */
  enter (t->setup, t->history, t->alice, t->orcs_group, 9);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_false (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_true (tkr_history_redo (t->history));
  g_assert_true (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_cmpint (score, ==, 9);

  /* Adding an NPC makes a new front group and restarts the tests; undo
   * takes the group away and brings the score back. */
  steps = tkr_history_get_n_undo (t->history);
  tkr_klep_setup_add_character (t->setup, t->history, ogre);
  g_assert_cmpuint (tkr_history_get_n_undo (t->history), ==, steps + 1);
  g_assert_cmpuint (n_groups (t->setup), ==, 4);
  g_assert_cmpint (tkr_klep_npc_group_get_edge (group_at (t->setup, 0)), ==, 5);
  g_assert_false (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (n_groups (t->setup), ==, 3);
  g_assert_true (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));

  /* Adding and removing a PC */
  tkr_klep_setup_add_character (t->setup, t->history, eve);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_pcs (t->setup)), ==, 5);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_pcs (t->setup)), ==, 4);
  g_assert_true (tkr_klep_setup_remove_character (t->setup, t->history, t->alice, &error));
  g_assert_false (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_true (tkr_history_undo (t->history));
  g_assert_true (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_false (tkr_klep_setup_remove_character (t->setup, t->history, eve, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Removing the last NPC of a group drops the group; undo restores it. */
  g_assert_true (tkr_klep_setup_remove_character (t->setup, t->history, t->orcs[0], &error));
  g_assert_true (tkr_klep_setup_remove_character (t->setup, t->history, t->orcs[1], &error));
  g_assert_cmpuint (n_groups (t->setup), ==, 2);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (n_groups (t->setup), ==, 3);
  g_assert_true (group_at (t->setup, 2) == t->orcs_group);
  g_assert_cmpuint (n_members (t->orcs_group), ==, 2);

  /* Split, undone */
  before = describe_setup_order (t->setup);
  new_group =
    tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, split_off, 1, &error);
  g_assert_nonnull (new_group);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (n_groups (t->setup), ==, 3);
  g_assert_cmpuint (n_members (t->goblins_group), ==, 3);
  g_assert_true (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));

  /* Merge, undone */
  g_assert_true (
    tkr_klep_setup_merge_groups (t->setup, t->history, t->wolves_group, t->goblins_group, &error));
  g_assert_cmpuint (n_groups (t->setup), ==, 2);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (n_groups (t->setup), ==, 3);
  g_assert_true (group_at (t->setup, 1) == t->goblins_group);
  g_assert_cmpuint (n_members (t->goblins_group), ==, 3);
  g_assert_cmpuint (n_members (t->wolves_group), ==, 2);

  /* Move, undone */
  g_assert_true (tkr_klep_setup_move_group (t->setup, t->history, t->wolves_group, 2, &error));
  g_assert_true (group_at (t->setup, 2) == t->wolves_group);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_true (group_at (t->setup, 0) == t->wolves_group);

  /* Rename, undone */
  tkr_klep_setup_rename_group (t->setup, t->history, t->wolves_group, "Hounds");
  g_assert_cmpstr (tkr_klep_npc_group_get_name (t->wolves_group), ==, "Hounds");
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpstr (tkr_klep_npc_group_get_name (t->wolves_group), ==, "Wolves");

  /* Sneaky, undone */
  tkr_klep_setup_set_sneaky (t->setup, t->history, t->bob, t->orcs_group, TRUE);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_false (tkr_klep_setup_get_sneaky (t->setup, t->bob, t->orcs_group));

  /* Retake, undone */
  tkr_klep_setup_retake_from (t->setup, t->history, t->alice, t->orcs_group);
  g_assert_false (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));
  g_assert_true (tkr_history_undo (t->history));
  g_assert_true (tkr_klep_setup_get_score (t->setup, t->alice, t->orcs_group, &score));

  /* Tie choice, undone (see also test_default_tie_order) */
  enter (t->setup, t->history, t->bob, t->orcs_group, 2);
  enter (t->setup, t->history, t->carol, t->orcs_group, 1);
  g_clear_pointer (&before, g_free);
  before = describe_setup_order (t->setup);
  g_assert_cmpstr (before, ==, "Wolves, Goblins, Orcs, Bob, Carol");
  g_assert_true (tkr_klep_setup_place_before (t->setup, t->history, t->carol, t->bob, &error));
  g_assert_no_error (error);
  {
    g_autofree char *after = describe_setup_order (t->setup);
    g_assert_cmpstr (after, ==, "Wolves, Goblins, Orcs, Carol, Bob");
  }
  g_assert_true (tkr_history_undo (t->history));
  {
    g_autofree char *after = describe_setup_order (t->setup);
    g_assert_cmpstr (after, ==, before);
  }
}

static void
count (guint *counter)
{
  (*counter)++;
}

/* "complete" and "changed" follow every change, undo included. */
static void
test_complete_notify (Table *t, gconstpointer data)
{
  guint notified = 0, changed = 0;

  g_signal_connect_swapped (t->setup, "notify::complete", G_CALLBACK (count), &notified);
  g_signal_connect_swapped (t->setup, "changed", G_CALLBACK (count), &changed);

  g_assert_false (tkr_klep_setup_is_complete (t->setup));
  enter (t->setup, t->history, t->alice, t->orcs_group, 1);
  enter (t->setup, t->history, t->bob, t->orcs_group, 1);
  enter (t->setup, t->history, t->carol, t->orcs_group, 1);
  g_assert_cmpuint (notified, ==, 0);
  g_assert_cmpuint (changed, ==, 3);
  enter (t->setup, t->history, t->david, t->orcs_group, 1);
  g_assert_true (tkr_klep_setup_is_complete (t->setup));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_false (tkr_klep_setup_is_complete (t->setup));
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpuint (changed, ==, 5);
}

/* Files: the state round-trips, and broken files are refused by path. */

static TkrCharacter *
resolve_table (const char *id, gpointer user_data)
{
  Table *t = user_data;
  TkrCharacter *all[] = { t->wolves[0],  t->wolves[1], t->goblins[0], t->goblins[1],
                          t->goblins[2], t->orcs[0],   t->orcs[1],    t->alice,
                          t->bob,        t->carol,     t->david };

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (g_str_equal (tkr_character_get_id (all[i]), id))
      return all[i];
  return NULL;
}

static void
test_json_round_trip (Table *t, gconstpointer data)
{
  g_autoptr (TkrKlepSetup) copy = tkr_klep_setup_new (rules ());
  g_autoptr (JsonNode) first = NULL;
  g_autoptr (JsonNode) second = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *order = NULL;
  g_autofree char *copy_order = NULL;
  TkrCharacter *split_off[] = { t->goblins[2] };

  g_assert_nonnull (
    tkr_klep_setup_split_group (t->setup, NULL, t->goblins_group, split_off, 1, &error));
  tkr_klep_setup_set_sneaky (t->setup, NULL, t->alice, t->orcs_group, TRUE);
  enter (t->setup, NULL, t->alice, t->orcs_group, 5);
  enter (t->setup, NULL, t->bob, t->orcs_group, 4);
  enter (t->setup, NULL, t->carol, t->orcs_group, 8);
  g_assert_true (tkr_klep_setup_place_before (t->setup, NULL, t->alice, t->bob, &error));
  g_assert_no_error (error);

  first = tkr_klep_setup_to_json (t->setup);
  g_assert_true (tkr_klep_setup_load_json (copy, first, "setup", resolve_table, t, &error));
  g_assert_no_error (error);
  second = tkr_klep_setup_to_json (copy);
  g_assert_true (json_node_equal (first, second));

  order = describe_setup_order (t->setup);
  copy_order = describe_setup_order (copy);
  g_assert_cmpstr (order, ==, "Wolves, Goblins, Goblins B, Orcs, Alice, Bob");
  g_assert_cmpstr (copy_order, ==, order);
  g_assert_true (tkr_klep_setup_get_sneaky (copy, t->alice, group_at (copy, 3)));
  g_assert_true (tkr_klep_setup_get_next_group (copy, t->carol) == group_at (copy, 2));
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (copy, 0)), ==, "Wolves");
}

/* Rule 1, splitting: the new group gets a name no other group has
 * (help/C/setting-up.page, "Split a group"): the name its NPCs share when
 * that is free and the GM had not named the group, else the old name with
 * a letter. The name is part of the split's one undo step; files keep it. */
static void
test_split_names_distinct (Table *t, gconstpointer data)
{
  g_autoptr (TkrCharacter) hobgoblin = new_character (TKR_CHARACTER_KIND_NPC, "Hobgoblin 1", 1);
  g_autoptr (TkrKlepSetup) copy = tkr_klep_setup_new (rules ());
  g_autoptr (JsonNode) first = NULL;
  g_autoptr (JsonNode) second = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *custom_name = NULL;
  TkrCharacter *third[] = { t->goblins[2] };
  TkrCharacter *second_goblin[] = { t->goblins[1] };
  TkrCharacter *hobgoblins[] = { hobgoblin };
  TkrKlepNpcGroup *goblin_b, *goblin_c, *split;
  guint steps;

  /* Named after the members: "Goblin", then "Goblin B" and "Goblin C". */
  tkr_klep_setup_rename_group (t->setup, t->history, t->goblins_group, NULL);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (t->goblins_group), ==, "Goblin");
  steps = tkr_history_get_n_undo (t->history);
  goblin_b = tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, third, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (goblin_b), ==, "Goblin B");
  g_assert_cmpstr (tkr_klep_npc_group_get_name (t->goblins_group), ==, "Goblin");
  g_assert_cmpuint (tkr_history_get_n_undo (t->history), ==, steps + 1);
  goblin_c =
    tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, second_goblin, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (goblin_c), ==, "Goblin C");
  g_assert_true (group_at (t->setup, 2) == goblin_c);
  g_assert_true (group_at (t->setup, 3) == goblin_b);

  /* A file keeps the names and saves them again unchanged. */
  first = tkr_klep_setup_to_json (t->setup);
  g_assert_true (tkr_klep_setup_load_json (copy, first, "setup", resolve_table, t, &error));
  g_assert_no_error (error);
  second = tkr_klep_setup_to_json (copy);
  g_assert_true (json_node_equal (first, second));
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (copy, 2)), ==, "Goblin C");
  g_assert_cmpstr (tkr_klep_npc_group_get_name (group_at (copy, 3)), ==, "Goblin B");

  /* Undo takes each new group away with its name, one step each. */
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (n_groups (t->setup), ==, 4);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (n_groups (t->setup), ==, 3);
  g_assert_cmpuint (tkr_history_get_n_undo (t->history), ==, steps);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (t->goblins_group), ==, "Goblin");
  g_assert_true (tkr_history_redo (t->history));
  g_assert_true (group_at (t->setup, 2) == goblin_b);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (goblin_b), ==, "Goblin B");
  g_assert_true (tkr_history_undo (t->history));

  /* A mixed group: the Hobgoblin moves out under the name it has, free,
   * which stays automatic. */
  tkr_klep_setup_add_character (t->setup, t->history, hobgoblin);
  g_assert_cmpuint (n_members (t->goblins_group), ==, 4);
  split =
    tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, hobgoblins, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (split), ==, "Hobgoblin");
  g_object_get (split, "custom-name", &custom_name, NULL);
  g_assert_null (custom_name);
  g_assert_true (tkr_history_undo (t->history));
  g_assert_true (tkr_history_undo (t->history));
  g_assert_cmpuint (n_members (t->goblins_group), ==, 3);

  /* A group the GM named keeps that name with a letter; a lettered name
   * gets the next letter, not a second one. */
  tkr_klep_setup_rename_group (t->setup, t->history, t->goblins_group, "Squad A");
  split = tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, third, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (split), ==, "Squad B");
  split =
    tkr_klep_setup_split_group (t->setup, t->history, t->goblins_group, second_goblin, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_klep_npc_group_get_name (split), ==, "Squad C");
}

static void
expect_refused (Table *t, const char *json, const char *path_fragment)
{
  g_autoptr (TkrKlepSetup) setup = tkr_klep_setup_new (rules ());
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  GRegex *placeholder = g_regex_new ("@([a-z]+)([0-9])", 0, 0, NULL);
  g_autoptr (GString) expanded = g_string_new (NULL);
  g_autoptr (GMatchInfo) match = NULL;
  const char *p = json;

  /* "@alice0" style placeholders stand for the table's character ids. */
  g_regex_match (placeholder, json, 0, &match);
  while (g_match_info_matches (match))
    {
      int start, end;
      g_autofree char *who = g_match_info_fetch (match, 1);
      g_autofree char *index = g_match_info_fetch (match, 2);
      TkrCharacter *character = NULL;

      g_match_info_fetch_pos (match, 0, &start, &end);
      g_string_append_len (expanded, p, json + start - p);
      if (g_str_equal (who, "alice"))
        character = t->alice;
      else if (g_str_equal (who, "bob"))
        character = t->bob;
      else if (g_str_equal (who, "wolf"))
        character = t->wolves[g_ascii_strtoull (index, NULL, 10)];
      else if (g_str_equal (who, "orc"))
        character = t->orcs[g_ascii_strtoull (index, NULL, 10)];
      g_assert_nonnull (character);
      g_string_append (expanded, tkr_character_get_id (character));
      p = json + end;
      g_match_info_next (match, NULL);
    }
  g_string_append (expanded, p);
  g_regex_unref (placeholder);

  node = json_from_string (expanded->str, &error);
  g_assert_no_error (error);
  g_assert_false (tkr_klep_setup_load_json (setup, node, "setup", resolve_table, t, &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  if (g_test_verbose ())
    g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path_fragment));
  /* A refused file leaves the Setup as it was. */
  g_assert_cmpuint (n_groups (setup), ==, 0);
}

static void
test_json_refused (Table *t, gconstpointer data)
{
  expect_refused (t, "[]", "setup");
  expect_refused (t, "{\"groups\": 3}", "setup.groups");
  expect_refused (t, "{\"groups\": [{\"edge\": 1, \"members\": []}]}", "setup.groups[0].members");
  expect_refused (t, "{\"groups\": [{\"edge\": 1000, \"members\": [\"@wolf0\"]}]}",
                  "setup.groups[0].edge");
  expect_refused (t, "{\"groups\": [{\"edge\": 1, \"members\": [\"nobody\"]}]}",
                  "setup.groups[0].members[0]");
  expect_refused (t, "{\"groups\": [{\"edge\": 1, \"members\": [\"@alice0\"]}]}",
                  "setup.groups[0].members[0]");
  expect_refused (t,
                  "{\"groups\": [{\"edge\": 1, \"members\": [\"@wolf0\"]},"
                  " {\"edge\": 1, \"members\": [\"@wolf0\"]}]}",
                  "setup.groups[1].members[0]");
  expect_refused (t, "{\"pcs\": [\"@orc1\"]}", "setup.pcs[0]");
  expect_refused (t,
                  "{\"groups\": [{\"edge\": 0, \"members\": [\"@orc0\"]}], \"pcs\": [\"@alice0\"],"
                  " \"scores\": [{\"pc\": \"@alice0\", \"group\": 1, \"score\": 5}]}",
                  "setup.scores[0].group");
  expect_refused (t,
                  "{\"groups\": [{\"edge\": 0, \"members\": [\"@orc0\"]}], \"pcs\": [\"@alice0\"],"
                  " \"scores\": [{\"pc\": \"@bob0\", \"group\": 0, \"score\": 5}]}",
                  "setup.scores[0].pc");
  /* Two scores against the same group: the second is not the next test. */
  expect_refused (t,
                  "{\"groups\": [{\"edge\": 0, \"members\": [\"@orc0\"]}], \"pcs\": [\"@alice0\"],"
                  " \"scores\": [{\"pc\": \"@alice0\", \"group\": 0, \"score\": 5},"
                  " {\"pc\": \"@alice0\", \"group\": 0, \"score\": 9}]}",
                  "setup.scores[1]");
  /* Tests out of order: the front group before the last one. */
  expect_refused (t,
                  "{\"groups\": [{\"edge\": 2, \"members\": [\"@wolf0\"]},"
                  " {\"edge\": 0, \"members\": [\"@orc0\"]}], \"pcs\": [\"@alice0\"],"
                  " \"scores\": [{\"pc\": \"@alice0\", \"group\": 0, \"score\": 9}]}",
                  "setup.scores[0]");
  expect_refused (t,
                  "{\"groups\": [{\"edge\": 0, \"members\": [\"@orc0\"]}], \"pcs\": [\"@alice0\"],"
                  " \"ties\": [{\"group\": 0, \"order\": [\"@alice0\", \"@alice0\"]}]}",
                  "setup.ties[0].order[1]");
  expect_refused (t, "{\"pcs\": [\"@alice0\"], \"sneaky\": [{\"pc\": \"@alice0\"}]}",
                  "setup.sneaky[0].group");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define TABLE_TEST(path, func) g_test_add (path, Table, NULL, table_set_up, func, table_tear_down)

  g_test_add_func ("/setup/rule-1/groups-by-edge-highest-first", test_grouping);
  TABLE_TEST ("/setup/seed-example/carol-wolves-david-goblins-alice-bob-orcs", test_seed_example);
  TABLE_TEST ("/setup/rule-4/default-tie-order-by-edge-score", test_default_tie_order);
  TABLE_TEST ("/setup/rule-4/place-before-needs-a-tie", test_place_before_refused);
  TABLE_TEST ("/setup/rule-5/never-low-first-by-front-score", test_first_slot_order);
  TABLE_TEST ("/setup/rule-2/score-must-be-next-test", test_score_out_of_turn);
  TABLE_TEST ("/setup/rule-6/sneaky-gives-advantage", test_sneaky_advantage);
  TABLE_TEST ("/setup/rule-1/split-merge-move-restart-tests", test_split_and_merge);
  TABLE_TEST ("/setup/rule-1/split-gives-a-distinct-name", test_split_names_distinct);
  TABLE_TEST ("/setup/undo/each-step", test_undo_each_step);
  TABLE_TEST ("/setup/complete-and-changed", test_complete_notify);
  TABLE_TEST ("/setup/json/round-trip", test_json_round_trip);
  TABLE_TEST ("/setup/json/refused", test_json_refused);

  return g_test_run ();
}
