/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"
#include "tkr-effects.h"
#include "tkr-pf2e-encounter.h"

/*
 * Pathfinder 2e encounter mode (seed 002, RULES.md section 2): initiative
 * (Perception or another skill, rolled or typed in, groups, ties), rounds
 * of 3 actions and 1 reaction, the start of a turn (durations, recovery
 * checks), the end of a turn (Frightened), the end of the encounter with
 * experience, undo and previous turn, and files.
 */

typedef struct
{
  TkrRules *rules;
  TkrHistory *history;
  TkrPf2eEncounter *encounter;
  /* Entered in this order: Alice, Bob (PCs), Goblin A, Goblin B, Orc. */
  TkrCharacter *alice, *bob, *goblin_a, *goblin_b, *orc;
  GPtrArray *pcs;
} Fixture;

static void
ok (gboolean result, GError *error)
{
  g_assert_no_error (error);
  g_assert_true (result);
}

static TkrCharacter *
new_character (Fixture *f, TkrCharacterKind kind, const char *name, int perception)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *character = tkr_character_new (f->rules, kind, name);

  ok (tkr_character_set_modifier (character, NULL, TKR_MODIFIER_KIND_SKILL, "Perception",
                                  perception, &error),
      error);
  return character;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  f->rules = tkr_rules_new_from_resource ("pf2e", &error);
  g_assert_no_error (error);
  f->history = tkr_history_new ();
  f->encounter = tkr_pf2e_encounter_new (f->rules, f->history, &error);
  g_assert_no_error (error);

  f->alice = new_character (f, TKR_CHARACTER_KIND_PC, "Alice", 5);
  f->bob = new_character (f, TKR_CHARACTER_KIND_PC, "Bob", 3);
  ok (tkr_character_set_modifier (f->bob, NULL, TKR_MODIFIER_KIND_SKILL, "Stealth", 7, &error),
      error);
  f->goblin_a = new_character (f, TKR_CHARACTER_KIND_NPC, "Goblin A", 2);
  f->goblin_b = new_character (f, TKR_CHARACTER_KIND_NPC, "Goblin B", 2);
  f->orc = new_character (f, TKR_CHARACTER_KIND_NPC, "Orc", 1);
  f->pcs = g_ptr_array_new ();
  g_ptr_array_add (f->pcs, f->alice);
  g_ptr_array_add (f->pcs, f->bob);

  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->alice, &error), error);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->bob, &error), error);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->goblin_a, &error), error);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->goblin_b, &error), error);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->orc, &error), error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_ptr_array_unref (f->pcs);
  g_clear_object (&f->encounter);
  g_clear_object (&f->history);
  g_clear_object (&f->alice);
  g_clear_object (&f->bob);
  g_clear_object (&f->goblin_a);
  g_clear_object (&f->goblin_b);
  g_clear_object (&f->orc);
  g_clear_object (&f->rules);
}

static TkrPf2eCombatant *
c (Fixture *f, TkrCharacter *character)
{
  TkrPf2eCombatant *found =
    TKR_PF2E_COMBATANT (tkr_encounter_find_combatant (TKR_ENCOUNTER (f->encounter), character));

  g_assert_nonnull (found);
  return found;
}

static void
enter (Fixture *f, TkrCharacter *character, int result)
{
  GError *error = NULL;

  ok (tkr_pf2e_encounter_enter_initiative (f->encounter, c (f, character), result, &error), error);
}

static TkrCharacter *
order_at (Fixture *f, guint index)
{
  g_autoptr (TkrPf2eCombatant) combatant =
    g_list_model_get_item (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter)), index);

  g_assert_nonnull (combatant);
  return tkr_combatant_get_character (TKR_COMBATANT (combatant));
}

static TkrCharacter *
preview_at (Fixture *f, guint index)
{
  g_autoptr (GPtrArray) order = tkr_pf2e_encounter_preview_order (f->encounter);

  g_assert_cmpuint (index, <, order->len);
  return tkr_combatant_get_character (TKR_COMBATANT (order->pdata[index]));
}

static TkrCharacter *
current (Fixture *f)
{
  TkrPf2eCombatant *combatant =
    TKR_PF2E_COMBATANT (tkr_encounter_get_current_slot (TKR_ENCOUNTER (f->encounter)));

  g_assert_nonnull (combatant);
  return tkr_combatant_get_character (TKR_COMBATANT (combatant));
}

/* Order Bob 20, Orc 15, Alice 12, Goblins 8: Main, round 1, Bob's turn. */
static void
start_rounds (Fixture *f)
{
  GError *error = NULL;

  if (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)) == TKR_PHASE_FREEPLAY)
    ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  enter (f, f->bob, 20);
  enter (f, f->orc, 15);
  enter (f, f->alice, 12);
  ok (tkr_pf2e_encounter_set_group (f->encounter, c (f, f->goblin_a), "Goblins", &error), error);
  ok (tkr_pf2e_encounter_set_group (f->encounter, c (f, f->goblin_b), "Goblins", &error), error);
  enter (f, f->goblin_a, 8);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_true (current (f) == f->bob);
}

static void
next_turn (Fixture *f)
{
  GError *error = NULL;

  ok (tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), &error), error);
}

static JsonNode *
snapshot (Fixture *f)
{
  return tkr_tracker_to_json (TKR_TRACKER (f->encounter));
}

static void
assert_same_json (JsonNode *a, JsonNode *b)
{
  if (!json_node_equal (a, b))
    {
      g_autofree char *x = json_to_string (a, TRUE);
      g_autofree char *y = json_to_string (b, TRUE);
      g_test_message ("expected:\n%s\ngot:\n%s", x, y);
      g_assert_not_reached ();
    }
}

/* Undoing the last step gives back exactly @before. */
static void
assert_undo_restores (Fixture *f, JsonNode *before)
{
  g_autoptr (JsonNode) after = NULL;

  g_assert_true (tkr_history_undo (f->history));
  after = snapshot (f);
  assert_same_json (before, after);
}

/* Rule data */

static void
test_rules_section (Fixture *f, gconstpointer data)
{
  static const char *const catalogue[] = { "Frightened", "Dying",   "Wounded", "Unconscious",
                                           "Sickened",   "Stunned", "Slowed",  "Off-Guard" };
  g_assert_true (tkr_rules_require_section (f->rules, "pf2e", NULL));
  g_assert_cmpint (tkr_pf2e_encounter_get_actions_per_turn (f->encounter), ==,
                   tkr_rules_get_int (f->rules, "pf2e.actions_per_turn"));
  g_assert_cmpint (tkr_pf2e_encounter_get_actions_per_turn (f->encounter), ==, 3);
  g_assert_cmpint (tkr_pf2e_encounter_get_reactions_per_round (f->encounter), ==, 1);
  /* The usual award is what a moderate encounter is worth. */
  g_assert_cmpint (tkr_pf2e_encounter_get_typical_award (f->encounter), ==, 80);
  g_assert_cmpint (tkr_rules_get_die_sides (f->rules), ==, 20);
  for (guint i = 0; i < G_N_ELEMENTS (catalogue); i++)
    g_assert_nonnull (tkr_rules_lookup_condition (f->rules, catalogue[i]));
  g_assert_cmpint (tkr_rules_lookup_condition (f->rules, "Dying")->max_stacks, ==, 4);
  g_assert_cmpint (tkr_rules_lookup_condition (f->rules, "Off-Guard")->max_stacks, ==, 1);
}

static void
test_rules_section_missing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrPf2eEncounter) encounter = NULL;

  encounter = tkr_pf2e_encounter_new (tkr_rules_get_default (), NULL, &error);
  g_assert_null (encounter);
  g_assert_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "pf2e"));
}

/* Phases through the tracker interface */

static void
test_phases_tracker (Fixture *f, gconstpointer data)
{
  TkrTracker *tracker = TKR_TRACKER (f->encounter);
  g_autoptr (GError) error = NULL;
  TkrPhase phase;

  g_assert_cmpstr (tkr_tracker_get_rule_system (tracker), ==, "pf2e");
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_FREEPLAY);
  g_assert_false (tkr_tracker_can_transition (tracker, TKR_PHASE_MAIN));
  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_END, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_clear_error (&error);
  g_assert_false (tkr_tracker_next_turn (tracker, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  ok (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error), error);
  g_object_get (tracker, "phase", &phase, NULL);
  g_assert_cmpint (phase, ==, TKR_PHASE_SETUP);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_combatants (TKR_ENCOUNTER (f->encounter))), ==, 5);

  /* Nobody has rolled: the rounds cannot begin. */
  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE);
  g_assert_nonnull (strstr (error->message, "Alice"));
  g_clear_error (&error);

  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_combatants (TKR_ENCOUNTER (f->encounter))), ==, 0);
}

static void
test_phases_pause (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  start_rounds (f);
  ok (tkr_tracker_transition (TKR_TRACKER (f->encounter), TKR_PHASE_PAUSED, &error), error);
  g_assert_false (tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  ok (tkr_tracker_transition (TKR_TRACKER (f->encounter), TKR_PHASE_MAIN, &error), error);
  next_turn (f);
  g_assert_true (current (f) == f->orc);
}

/* Initiative (seed 002, "Step 1: Roll Initiative") */

static void
test_initiative_perception_default (Fixture *f, gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  g_autoptr (GRand) expected = g_rand_new_with_seed (42);
  g_autoptr (JsonNode) before = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *alice;
  int result = 0;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  alice = c (f, f->alice);
  g_assert_cmpstr (tkr_pf2e_combatant_get_initiative_skill (alice), ==, "Perception");
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative_modifier (alice), ==, 5);
  g_assert_false (tkr_pf2e_combatant_has_initiative (alice));

  before = snapshot (f);
  ok (tkr_pf2e_encounter_roll_initiative (f->encounter, alice, rand, &result, &error), error);
  g_assert_cmpint (result, ==, g_rand_int_range (expected, 1, 21) + 5);
  g_assert_true (tkr_pf2e_combatant_has_initiative (alice));
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative (alice), ==, result);
  assert_undo_restores (f, before);
  g_assert_false (tkr_pf2e_combatant_has_initiative (alice));
}

static void
test_initiative_other_skill (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *bob;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  bob = c (f, f->bob);

  /* Avoiding notice: Stealth, from the sheet. */
  before = snapshot (f);
  ok (tkr_pf2e_encounter_set_initiative_skill (f->encounter, bob, "Stealth", &error), error);
  g_assert_cmpstr (tkr_pf2e_combatant_get_initiative_skill (bob), ==, "Stealth");
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative_modifier (bob), ==, 7);
  assert_undo_restores (f, before);
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative_modifier (bob), ==, 3);

  /* A social scene: Deception, which this sheet lacks; the GM types it. */
  ok (tkr_pf2e_encounter_set_initiative_skill (f->encounter, bob, "Deception", &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative_modifier (bob), ==, 0);
  g_clear_pointer (&before, json_node_unref);
  before = snapshot (f);
  ok (tkr_pf2e_encounter_set_initiative_modifier (f->encounter, bob, 4, &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative_modifier (bob), ==, 4);
  assert_undo_restores (f, before);

  g_assert_false (tkr_pf2e_encounter_set_initiative_modifier (f->encounter, bob, 1000, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);
  g_assert_false (tkr_pf2e_encounter_set_initiative_skill (f->encounter, bob, "", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
}

static void
test_initiative_typed_in (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  /* Typing a result in starts from an average roll: half the d20 plus
   * the modifier (Perception +5). */
  g_assert_cmpint (tkr_pf2e_encounter_get_average_initiative (f->encounter, c (f, f->alice)), ==,
                   15);
  before = snapshot (f);
  enter (f, f->alice, 17);
  g_assert_true (tkr_pf2e_combatant_has_initiative (c (f, f->alice)));
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative (c (f, f->alice)), ==, 17);
  assert_undo_restores (f, before);

  g_assert_false (
    tkr_pf2e_encounter_enter_initiative (f->encounter, c (f, f->alice), 100000, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_nonnull (strstr (failure->message, "Alice"));
}

static void
test_initiative_group_one_roll (Fixture *f, gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GError) failure = NULL;
  g_autoptr (JsonNode) before = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *a, *b;
  int result;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  a = c (f, f->goblin_a);
  b = c (f, f->goblin_b);
  ok (tkr_pf2e_encounter_set_group (f->encounter, a, "Goblins", &error), error);
  ok (tkr_pf2e_encounter_set_group (f->encounter, b, "Goblins", &error), error);

  /* Only the GM's creatures roll as a group. */
  g_assert_false (
    tkr_pf2e_encounter_set_group (f->encounter, c (f, f->alice), "Goblins", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);

  before = snapshot (f);
  ok (tkr_pf2e_encounter_roll_initiative (f->encounter, a, rand, &result, &error), error);
  g_assert_true (tkr_pf2e_combatant_has_initiative (b));
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative (b), ==, result);
  assert_undo_restores (f, before);
  g_assert_false (tkr_pf2e_combatant_has_initiative (b));

  /* Rolling for everyone left rolls the group once: the same result. */
  ok (tkr_pf2e_encounter_roll_remaining (f->encounter, rand, &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative (a), ==,
                   tkr_pf2e_combatant_get_initiative (b));

  /* The group's members act one after the other. */
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  for (guint i = 0; i < 5; i++)
    if (order_at (f, i) == f->goblin_a)
      {
        g_assert_true (order_at (f, i + 1) == f->goblin_b);
        break;
      }
}

static void
test_initiative_highest_first (Fixture *f, gconstpointer data)
{
  start_rounds (f);
  g_assert_true (order_at (f, 0) == f->bob);
  g_assert_true (order_at (f, 1) == f->orc);
  g_assert_true (order_at (f, 2) == f->alice);
  g_assert_true (order_at (f, 3) == f->goblin_a);
  g_assert_true (order_at (f, 4) == f->goblin_b);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
}

static void
test_initiative_ties_adversary_before_pc (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  /* Alice was entered first, yet the Orc goes first on a tie. */
  enter (f, f->alice, 15);
  enter (f, f->orc, 15);
  enter (f, f->bob, 5);
  enter (f, f->goblin_a, 4);
  enter (f, f->goblin_b, 3);
  g_assert_true (preview_at (f, 0) == f->orc);
  g_assert_true (preview_at (f, 1) == f->alice);

  g_assert_false (
    tkr_pf2e_encounter_put_before (f->encounter, c (f, f->alice), c (f, f->orc), &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);

  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_true (current (f) == f->orc);
}

static void
test_initiative_ties_pcs_choose (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  enter (f, f->alice, 15);
  enter (f, f->bob, 15);
  enter (f, f->orc, 10);
  enter (f, f->goblin_a, 4);
  enter (f, f->goblin_b, 3);

  /* By default, their order of entry. */
  g_assert_true (preview_at (f, 0) == f->alice);
  g_assert_true (preview_at (f, 1) == f->bob);

  before = snapshot (f);
  ok (tkr_pf2e_encounter_put_before (f->encounter, c (f, f->bob), c (f, f->alice), &error), error);
  g_assert_true (preview_at (f, 0) == f->bob);
  g_assert_true (preview_at (f, 1) == f->alice);
  assert_undo_restores (f, before);
  g_assert_true (preview_at (f, 0) == f->alice);

  /* Not tied: nothing to choose. */
  g_assert_false (
    tkr_pf2e_encounter_put_before (f->encounter, c (f, f->orc), c (f, f->goblin_a), &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);

  /* What the Setup's Move Up and Move Down offer is exactly what the
   * command allows: tied creatures of one side. */
  g_assert_true (tkr_pf2e_combatant_is_tied_with (c (f, f->alice), c (f, f->bob)));
  g_assert_false (tkr_pf2e_combatant_is_tied_with (c (f, f->orc), c (f, f->goblin_a)));
  g_assert_true (tkr_pf2e_encounter_can_put_before (f->encounter, c (f, f->bob), c (f, f->alice)));
  g_assert_false (
    tkr_pf2e_encounter_can_put_before (f->encounter, c (f, f->orc), c (f, f->goblin_a)));
  g_assert_false (
    tkr_pf2e_encounter_can_put_before (f->encounter, c (f, f->alice), c (f, f->alice)));

  ok (tkr_pf2e_encounter_put_before (f->encounter, c (f, f->bob), c (f, f->alice), &error), error);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_true (order_at (f, 0) == f->bob);
  g_assert_true (order_at (f, 1) == f->alice);
}

/* Counts what a list model emitted. */
typedef struct
{
  guint signals;
  guint removed;
  guint added;
} Changes;

static void
count_changes (GListModel *model, guint position, guint removed, guint added, Changes *changes)
{
  changes->signals++;
  changes->removed += removed;
  changes->added += added;
}

static TkrOrderPlace *
place_at (GListModel *order, guint index)
{
  g_autoptr (TkrOrderPlace) place = g_list_model_get_item (order, index);

  return place; /* the model keeps it */
}

static TkrCharacter *
place_character (GListModel *order, guint index)
{
  TkrCombatant *combatant = tkr_order_place_get_combatant (place_at (order, index));

  return tkr_combatant_get_character (combatant);
}

/* Seed 002, "Step 1: Roll Initiative" (ties: the adversary first, tied PCs
 * choose): the tentative order is the preview order as a list that changes
 * only where it changes, after every step and its undo, with the Move Up
 * and Move Down the command allows; empty outside the Initiative phase. */
static void
test_initiative_tentative_order (Fixture *f, gconstpointer data)
{
  GListModel *order = tkr_pf2e_encounter_get_tentative_order (f->encounter);
  Changes changes = { 0 };
  TkrOrderPlace *orc, *goblin;
  GError *error = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 0);
  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 0);
  enter (f, f->alice, 15);
  enter (f, f->bob, 15);
  enter (f, f->orc, 10);
  enter (f, f->goblin_a, 4);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (place_character (order, i) == preview_at (f, i));
      g_assert_cmpuint (tkr_order_place_get_place (place_at (order, i)), ==, i + 1);
    }
  g_assert_true (tkr_order_place_get_tied (place_at (order, 0)));
  g_assert_true (tkr_order_place_get_tied (place_at (order, 1)));
  g_assert_false (tkr_order_place_get_tied (place_at (order, 2)));
  g_assert_null ((TkrPf2eCombatant *) tkr_order_place_get_earlier (place_at (order, 0)));
  g_assert_true ((TkrPf2eCombatant *) tkr_order_place_get_later (place_at (order, 0)) ==
                 c (f, f->bob));
  g_assert_true ((TkrPf2eCombatant *) tkr_order_place_get_earlier (place_at (order, 1)) ==
                 c (f, f->alice));
  g_assert_null ((TkrPf2eCombatant *) tkr_order_place_get_later (place_at (order, 1)));
  g_assert_null ((TkrPf2eCombatant *) tkr_order_place_get_earlier (place_at (order, 2)));
  orc = place_at (order, 2);
  goblin = place_at (order, 3);

  /* Bob before Alice: one of them moves, nobody else's place changes. */
  g_signal_connect (order, "items-changed", G_CALLBACK (count_changes), &changes);
  ok (tkr_pf2e_encounter_put_before (f->encounter, c (f, f->bob), c (f, f->alice), &error), error);
  g_assert_cmpuint (changes.removed, ==, 1);
  g_assert_cmpuint (changes.added, ==, 1);
  g_assert_true (place_character (order, 0) == f->bob);
  g_assert_cmpuint (tkr_order_place_get_place (place_at (order, 1)), ==, 2);
  g_assert_true (place_at (order, 2) == orc);
  g_assert_true (place_at (order, 3) == goblin);

  /* A step that leaves the order alone emits nothing. */
  changes = (Changes){ 0 };
  ok (tkr_pf2e_encounter_set_initiative_modifier (f->encounter, c (f, f->goblin_b), 4, &error),
      error);
  g_assert_cmpuint (changes.signals, ==, 0);

  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (place_character (order, 0) == f->alice);
  g_assert_true (place_at (order, 2) == orc);

  ok (tkr_pf2e_encounter_put_before (f->encounter, c (f, f->bob), c (f, f->alice), &error), error);
  enter (f, f->goblin_b, 3);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 0);
  g_signal_handlers_disconnect_by_data (order, &changes);
}

static void
test_initiative_order_fixed (Fixture *f, gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  g_autoptr (GError) failure = NULL;

  start_rounds (f);
  g_assert_false (
    tkr_pf2e_encounter_roll_initiative (f->encounter, c (f, f->bob), rand, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);

  /* A whole round later the order is the same and round 2 begins with Bob. */
  for (int i = 0; i < 5; i++)
    next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_true (current (f) == f->bob);
  g_assert_true (order_at (f, 1) == f->orc);
  g_assert_true (order_at (f, 2) == f->alice);
}

/* Rounds: 3 actions and 1 reaction (seed 002, "Turns") */

static void
test_rounds_three_actions (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *bob;

  start_rounds (f);
  bob = c (f, f->bob);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (bob), ==, 3);
  g_assert_cmpint (tkr_pf2e_combatant_get_reactions_left (bob), ==, 1);

  before = snapshot (f);
  ok (tkr_pf2e_encounter_spend_actions (f->encounter, bob, 1, "Stride", &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (bob), ==, 2);
  assert_undo_restores (f, before);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (bob), ==, 3);

  /* A two-action activity, then a three-action one is too much. */
  ok (tkr_pf2e_encounter_spend_actions (f->encounter, bob, 2, "Sudden Charge", &error), error);
  g_assert_false (tkr_pf2e_encounter_spend_actions (f->encounter, bob, 3, "Spell", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_assert_nonnull (strstr (failure->message, "Bob"));
  g_assert_nonnull (strstr (failure->message, "1"));
  g_clear_error (&failure);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (bob), ==, 1);

  ok (tkr_pf2e_encounter_spend_actions (f->encounter, bob, 1, "Strike", &error), error);
  g_assert_false (tkr_pf2e_encounter_spend_actions (f->encounter, bob, 1, "Strike", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_clear_error (&failure);

  /* A free action costs nothing, even with no action left. */
  ok (tkr_pf2e_encounter_spend_actions (f->encounter, bob, 0, "Release", &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (bob), ==, 0);

  /* Next turn: the Orc has three actions of its own. */
  next_turn (f);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (c (f, f->orc)), ==, 3);
}

static void
test_rounds_activity_costs (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;

  start_rounds (f);
  ok (
    tkr_pf2e_encounter_spend_actions (f->encounter, c (f, f->bob), 3, "Three-action spell", &error),
    error);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (c (f, f->bob)), ==, 0);

  g_assert_false (
    tkr_pf2e_encounter_spend_actions (f->encounter, c (f, f->bob), 4, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);
  g_assert_false (
    tkr_pf2e_encounter_spend_actions (f->encounter, c (f, f->bob), -1, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);

  /* Off one's turn: no actions, but free actions are fine. */
  g_assert_false (
    tkr_pf2e_encounter_spend_actions (f->encounter, c (f, f->alice), 1, "Stride", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  g_assert_nonnull (strstr (failure->message, "Alice"));
  ok (tkr_pf2e_encounter_spend_actions (f->encounter, c (f, f->alice), 0, "Shout", &error), error);
}

static void
test_rounds_reaction_once_per_round (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *alice;

  start_rounds (f);
  alice = c (f, f->alice);

  /* Off her turn, once. */
  before = snapshot (f);
  ok (tkr_pf2e_encounter_use_reaction (f->encounter, alice, "Attack of Opportunity", &error),
      error);
  g_assert_cmpint (tkr_pf2e_combatant_get_reactions_left (alice), ==, 0);
  assert_undo_restores (f, before);
  ok (tkr_pf2e_encounter_use_reaction (f->encounter, alice, "Attack of Opportunity", &error),
      error);
  g_assert_false (tkr_pf2e_encounter_use_reaction (f->encounter, alice, "Shield Block", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_assert_nonnull (strstr (failure->message, "Alice"));
  g_clear_error (&failure);

  /* Still spent on the Orc's turn; back when her own turn starts. */
  next_turn (f);
  g_assert_cmpint (tkr_pf2e_combatant_get_reactions_left (alice), ==, 0);
  next_turn (f);
  g_assert_true (current (f) == f->alice);
  g_assert_cmpint (tkr_pf2e_combatant_get_reactions_left (alice), ==, 1);
}

static void
test_rounds_refunds (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *bob;

  start_rounds (f);
  bob = c (f, f->bob);
  ok (tkr_pf2e_encounter_spend_actions (f->encounter, bob, 2, "Stride twice", &error), error);

  before = snapshot (f);
  ok (tkr_pf2e_encounter_refund_actions (f->encounter, bob, 1, &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (bob), ==, 2);
  assert_undo_restores (f, before);
  ok (tkr_pf2e_encounter_refund_actions (f->encounter, bob, 2, &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (bob), ==, 3);
  g_assert_false (tkr_pf2e_encounter_refund_actions (f->encounter, bob, 1, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);

  g_assert_false (tkr_pf2e_encounter_refund_reaction (f->encounter, bob, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  ok (tkr_pf2e_encounter_use_reaction (f->encounter, bob, NULL, &error), error);
  g_clear_pointer (&before, json_node_unref);
  before = snapshot (f);
  ok (tkr_pf2e_encounter_refund_reaction (f->encounter, bob, &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_reactions_left (bob), ==, 1);
  assert_undo_restores (f, before);
}

/* Seed 002, "Turns": what a view offers is what the commands allow:
 * actions on one's own turn in the rounds (not while paused), a reaction
 * while one is left on or off one's turn, a refund once it is spent; the
 * dead do neither; an effect belongs to the creature that created it. */
static void
test_rounds_what_the_buttons_offer (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrPf2eCombatant *bob, *alice, *orc;
  TkrCondition *effect;

  start_rounds (f);
  bob = c (f, f->bob);
  alice = c (f, f->alice);
  orc = c (f, f->orc);

  g_assert_true (tkr_pf2e_encounter_can_spend_actions (f->encounter, bob));
  g_assert_false (tkr_pf2e_encounter_can_spend_actions (f->encounter, alice));
  g_assert_true (tkr_pf2e_encounter_can_use_reaction (f->encounter, alice));
  g_assert_false (tkr_pf2e_encounter_can_refund_reaction (f->encounter, alice));
  ok (tkr_pf2e_encounter_use_reaction (f->encounter, alice, NULL, &error), error);
  g_assert_false (tkr_pf2e_encounter_can_use_reaction (f->encounter, alice));
  g_assert_true (tkr_pf2e_encounter_can_refund_reaction (f->encounter, alice));

  effect = tkr_pf2e_encounter_add_effect (f->encounter, bob, "Bless", 3, &error);
  g_assert_no_error (error);
  g_assert_true (tkr_effect_is_from (effect, TKR_COMBATANT (bob)));
  g_assert_false (tkr_effect_is_from (effect, TKR_COMBATANT (alice)));

  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_false (tkr_pf2e_encounter_can_spend_actions (f->encounter, bob));
  g_assert_false (tkr_pf2e_encounter_can_use_reaction (f->encounter, bob));
  ok (tkr_encounter_resume (TKR_ENCOUNTER (f->encounter), &error), error);

  /* Dying 4 is death: Bob, on his own turn, neither acts nor reacts. */
  g_assert_true (tkr_pf2e_encounter_can_spend_actions (f->encounter, bob));
  ok (tkr_pf2e_encounter_set_condition (f->encounter, bob, "dying", 4, &error), error);
  g_assert_true (tkr_pf2e_combatant_is_dead (bob));
  g_assert_true (current (f) == f->bob);
  g_assert_false (tkr_pf2e_encounter_can_spend_actions (f->encounter, bob));
  g_assert_false (tkr_pf2e_encounter_can_use_reaction (f->encounter, bob));
  g_assert_false (tkr_pf2e_encounter_can_spend_actions (f->encounter, orc));
}

/* Start of a turn (seed 002, "Step 1: Start Your Turn") */

static void
test_start_duration_expires_round_4 (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  GError *error = NULL;
  TkrCondition *spell;
  GListModel *effects = tkr_pf2e_encounter_get_effects (f->encounter);

  start_rounds (f);
  /* Bob casts a 3-round spell on his first turn (round 1). */
  before = snapshot (f);
  spell = tkr_pf2e_encounter_add_effect (f->encounter, c (f, f->bob), "Bless", 3, &error);
  g_assert_no_error (error);
  g_assert_nonnull (spell);
  g_object_ref (spell);
  assert_undo_restores (f, before);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 0);
  g_object_unref (spell);
  spell = tkr_pf2e_encounter_add_effect (f->encounter, c (f, f->bob), "Bless", 3, &error);
  g_assert_no_error (error);

  /* Other creatures' turns do not count it down. */
  for (int i = 0; i < 4; i++)
    {
      next_turn (f);
      g_assert_cmpint (tkr_condition_get_rounds_left (spell), ==, 3);
    }
  next_turn (f); /* round 2, Bob */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_cmpint (tkr_condition_get_rounds_left (spell), ==, 2);
  for (int i = 0; i < 5; i++)
    next_turn (f); /* round 3, Bob */
  g_assert_cmpint (tkr_condition_get_rounds_left (spell), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);
  for (int i = 0; i < 4; i++)
    next_turn (f);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);
  next_turn (f); /* round 4, Bob: it expires */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 4);
  g_assert_true (current (f) == f->bob);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 0);

  /* Going back to the previous turn brings it back with 1 round left. */
  ok (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_cmpint (tkr_condition_get_rounds_left (spell), ==, 1);
}

/* Brings Alice (third in the order) to the start of her turn, dying @dying. */
static void
alice_dying (Fixture *f, int dying)
{
  GError *error = NULL;

  start_rounds (f);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->alice), "Dying", dying, &error),
      error);
  next_turn (f);
  next_turn (f);
  g_assert_true (current (f) == f->alice);
}

static void
test_start_recovery_check_success (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *alice;
  TkrPf2eDegree degree;

  alice_dying (f, 2);
  alice = c (f, f->alice);
  g_assert_true (tkr_pf2e_combatant_get_recovery_due (alice));
  g_assert_cmpstr (tkr_pf2e_combatant_get_state (alice), ==, "dying");

  /* The turn cannot pass before the check. */
  g_assert_false (tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NEEDS_TEST);
  g_assert_nonnull (strstr (failure->message, "Alice"));
  g_clear_error (&failure);

  /* Flat DC 10 + 2: a 12 succeeds, dying 2 -> 1. */
  g_assert_cmpint (tkr_pf2e_encounter_get_recovery_dc (f->encounter, alice), ==, 12);
  g_assert_cmpint (tkr_pf2e_encounter_get_check_die (f->encounter), ==, 20);
  before = snapshot (f);
  ok (tkr_pf2e_encounter_recovery_check (f->encounter, alice, 12, NULL, NULL, &degree, &error),
      error);
  g_assert_cmpint (degree, ==, TKR_PF2E_SUCCESS);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Dying"), ==, 1);
  g_assert_false (tkr_pf2e_combatant_get_recovery_due (alice));
  assert_undo_restores (f, before);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Dying"), ==, 2);

  /* A 21 is not a d20. */
  g_assert_false (
    tkr_pf2e_encounter_recovery_check (f->encounter, alice, 21, NULL, NULL, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);

  ok (tkr_pf2e_encounter_recovery_check (f->encounter, alice, 11, NULL, NULL, &degree, &error),
      error);
  g_assert_cmpint (degree, ==, TKR_PF2E_FAILURE);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Dying"), ==, 3);
  /* Only once per turn. */
  g_assert_false (
    tkr_pf2e_encounter_recovery_check (f->encounter, alice, 11, NULL, NULL, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  next_turn (f);
}

static void
test_start_recovery_check_critical (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrPf2eCombatant *alice;
  TkrPf2eDegree degree;

  /* Dying 1, DC 11: a natural 20 is a critical success, dying 1 - 2 ends
   * dying: unconscious, stable, Wounded 1. */
  alice_dying (f, 1);
  alice = c (f, f->alice);
  ok (tkr_pf2e_encounter_recovery_check (f->encounter, alice, 20, NULL, NULL, &degree, &error),
      error);
  g_assert_cmpint (degree, ==, TKR_PF2E_CRITICAL_SUCCESS);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Dying"), ==, 0);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Unconscious"), ==, 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Wounded"), ==, 1);
  g_assert_cmpstr (tkr_pf2e_combatant_get_state (alice), ==, "unconscious");
  g_assert_false (tkr_pf2e_combatant_is_dead (alice));

  /* A natural 1 makes it a critical failure: dying 1 + 2. */
  g_assert_true (tkr_history_undo (f->history));
  ok (tkr_pf2e_encounter_recovery_check (f->encounter, alice, 1, NULL, NULL, &degree, &error),
      error);
  g_assert_cmpint (degree, ==, TKR_PF2E_CRITICAL_FAILURE);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Dying"), ==, 3);
}

static void
test_start_recovery_dying_4_is_death (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *alice;
  TkrPf2eDegree degree;

  /* Dying 3, DC 13: a 5 fails, dying 4 is death. */
  alice_dying (f, 3);
  alice = c (f, f->alice);
  before = snapshot (f);
  ok (tkr_pf2e_encounter_recovery_check (f->encounter, alice, 5, NULL, NULL, &degree, &error),
      error);
  g_assert_cmpint (degree, ==, TKR_PF2E_FAILURE);
  g_assert_true (tkr_pf2e_combatant_is_dead (alice));
  g_assert_cmpstr (tkr_pf2e_combatant_get_state (alice), ==, "dead");
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Dying"), ==, 4);
  g_assert_false (tkr_pf2e_encounter_spend_actions (f->encounter, alice, 1, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  assert_undo_restores (f, before);
  g_assert_false (tkr_pf2e_combatant_is_dead (alice));

  /* Set by the GM, dying 4 is death too. */
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->orc), "dying", 4, &error), error);
  g_assert_true (tkr_pf2e_combatant_is_dead (c (f, f->orc)));
}

static void
test_start_recovery_rolled (Fixture *f, gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  g_autoptr (GRand) expected = g_rand_new_with_seed (99);
  GError *error = NULL;
  TkrPf2eDegree degree;
  int die, natural = 0, dying_after;

  alice_dying (f, 2);
  die = g_rand_int_range (expected, 1, 21);
  /* The core rolls the flat check's die and tells it, so the view can
   * name it without rolling itself. */
  ok (tkr_pf2e_encounter_recovery_check (f->encounter, c (f, f->alice), 0, rand, &natural, &degree,
                                         &error),
      error);
  g_assert_cmpint (natural, ==, die);
  g_assert_cmpint (degree, ==, tkr_pf2e_degree (die, 20, die, 12, 10));
  dying_after = 2 + (int[]){ 2, 1, -1, -2 }[degree];
  if (dying_after > 0)
    g_assert_cmpint (tkr_pf2e_combatant_get_condition (c (f, f->alice), "Dying"), ==,
                     MIN (dying_after, 4));
  else
    g_assert_cmpint (tkr_pf2e_combatant_get_condition (c (f, f->alice), "Dying"), ==, 0);
}

static void
test_degree_naturals (void)
{
  /* Beats the DC by 10: critical success; misses by 10: critical failure. */
  g_assert_cmpint (tkr_pf2e_degree (15, 20, 25, 15, 10), ==, TKR_PF2E_CRITICAL_SUCCESS);
  g_assert_cmpint (tkr_pf2e_degree (15, 20, 15, 15, 10), ==, TKR_PF2E_SUCCESS);
  g_assert_cmpint (tkr_pf2e_degree (14, 20, 14, 15, 10), ==, TKR_PF2E_FAILURE);
  g_assert_cmpint (tkr_pf2e_degree (5, 20, 5, 15, 10), ==, TKR_PF2E_CRITICAL_FAILURE);
  /* A natural 20 is one step better, a natural 1 one step worse. */
  g_assert_cmpint (tkr_pf2e_degree (20, 20, 20, 25, 10), ==, TKR_PF2E_SUCCESS);
  g_assert_cmpint (tkr_pf2e_degree (20, 20, 20, 11, 10), ==, TKR_PF2E_CRITICAL_SUCCESS);
  g_assert_cmpint (tkr_pf2e_degree (1, 20, 20, 11, 10), ==, TKR_PF2E_FAILURE);
  g_assert_cmpint (tkr_pf2e_degree (1, 20, 1, 11, 10), ==, TKR_PF2E_CRITICAL_FAILURE);
}

/* End of a turn: Frightened drops by 1 */

static void
test_end_frightened (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  TkrPf2eCombatant *bob;

  start_rounds (f);
  bob = c (f, f->bob);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, bob, "Frightened", 2, &error), error);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, bob, "Sickened", 2, &error), error);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->orc), "frightened", 1, &error),
      error);

  next_turn (f); /* end of Bob's turn */
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Frightened"), ==, 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Sickened"), ==, 2);
  /* Someone else's turn end does not touch Bob's; the Orc's own does. */
  next_turn (f);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Frightened"), ==, 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (c (f, f->orc), "Frightened"), ==, 0);
  for (int i = 0; i < 3; i++)
    next_turn (f); /* round 2, Bob's turn starts */
  g_assert_true (current (f) == f->bob);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Frightened"), ==, 1);
  next_turn (f); /* end of Bob's second turn */
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Frightened"), ==, 0);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Sickened"), ==, 2);

  /* Values stay within the catalogue. */
  g_assert_false (tkr_pf2e_encounter_set_condition (f->encounter, bob, "Frightened", 9, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);
  g_assert_false (tkr_pf2e_encounter_set_condition (f->encounter, bob, "Sleepy", 1, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
}

/* Previous turn restores what next turn changed */

static void
test_previous_turn_restores (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (JsonNode) after = NULL;
  GError *error = NULL;

  /* Alice is frightened 2 on her turn, has spent 2 actions; the Goblin
   * after her is dying, and a spell of the Goblin's has 1 round left. */
  start_rounds (f);
  next_turn (f);
  ok (tkr_pf2e_encounter_add_effect (f->encounter, c (f, f->goblin_a), "Smoke", 1, &error) != NULL,
      error);
  next_turn (f);
  g_assert_true (current (f) == f->alice);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->alice), "Frightened", 2, &error),
      error);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->goblin_a), "Dying", 1, &error),
      error);
  ok (tkr_pf2e_encounter_spend_actions (f->encounter, c (f, f->alice), 2, "Strike", &error), error);
  ok (tkr_pf2e_encounter_use_reaction (f->encounter, c (f, f->goblin_a), NULL, &error), error);
  before = snapshot (f);

  next_turn (f);
  g_assert_true (current (f) == f->goblin_a);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (c (f, f->alice), "Frightened"), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_pf2e_encounter_get_effects (f->encounter)), ==,
                    0);
  g_assert_true (tkr_pf2e_combatant_get_recovery_due (c (f, f->goblin_a)));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (c (f, f->goblin_a)), ==, 3);
  ok (tkr_pf2e_encounter_recovery_check (f->encounter, c (f, f->goblin_a), 3, NULL, NULL, NULL,
                                         &error),
      error);

  /* Back: the check, the turn change and all it did are undone. */
  ok (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error), error);
  after = snapshot (f);
  assert_same_json (before, after);
  g_assert_true (current (f) == f->alice);
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (c (f, f->alice)), ==, 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (c (f, f->goblin_a), "Dying"), ==, 1);
  g_assert_false (tkr_pf2e_combatant_get_recovery_due (c (f, f->goblin_a)));

  /* And forward again. */
  g_assert_true (tkr_history_redo (f->history));
  g_assert_true (current (f) == f->goblin_a);
}

static void
test_previous_turn_refused_at_start (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) failure = NULL;

  start_rounds (f);
  g_assert_false (tkr_tracker_previous_turn (TKR_TRACKER (f->encounter), &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_true (current (f) == f->bob);
}

/* End of the encounter: experience, then back to exploration */

static void
test_end_xp_and_exploration (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;
  int xp = tkr_character_get_experience (f->alice);

  start_rounds (f);
  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 80, "won", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&failure);

  ok (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);

  before = snapshot (f);
  ok (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 80,
                                      "Routed the goblins", &error),
      error);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, xp + 80);
  assert_undo_restores (f, before);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, xp);
  ok (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 80,
                                      "Routed the goblins", &error),
      error);
  ok (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->bob, 30,
                                      "Found the secret door", &error),
      error);
  g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 30);

  /* The end and each award are marked in the log by kind, so the End page
   * finds them whatever language wrote the text; the kinds survive a file. */
  {
    GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
    guint n = g_list_model_get_n_items (log);
    g_autoptr (TkrLogEntry) end = NULL;
    g_autoptr (TkrLogEntry) award = g_list_model_get_item (log, n - 1);
    g_autoptr (JsonNode) json = tkr_log_entry_to_json (award);
    g_autoptr (TkrLogEntry) copy = tkr_log_entry_new_from_json (json, "log[0]", &error);

    for (guint i = 0; i < n && end == NULL; i++)
      {
        g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

        if (g_strcmp0 (tkr_log_entry_get_kind (entry), TKR_LOG_ENCOUNTER_END) == 0)
          end = g_steal_pointer (&entry);
      }
    g_assert_nonnull (end);
    g_assert_cmpstr (tkr_log_entry_get_kind (award), ==, TKR_LOG_XP_AWARD);
    g_assert_no_error (error);
    g_assert_cmpstr (tkr_log_entry_get_kind (copy), ==, TKR_LOG_XP_AWARD);
  }

  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->orc, 10, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);
  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->bob, 0, NULL, &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&failure);

  g_clear_pointer (&before, json_node_unref);
  before = snapshot (f);
  ok (tkr_tracker_transition (TKR_TRACKER (f->encounter), TKR_PHASE_FREEPLAY, &error), error);
  /* Leaving the encounter behind is a step the app offers to undo. */
  g_assert_true (tkr_history_peek_undo_destructive (f->history));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 0);
  g_assert_null (
    TKR_PF2E_COMBATANT (tkr_encounter_get_current_slot (TKR_ENCOUNTER (f->encounter))));
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter))), ==, 0);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_combatants (TKR_ENCOUNTER (f->encounter))), ==, 0);
  assert_undo_restores (f, before);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
}

/* Undo of every remaining command: one step each, exactly restored. */
static void
test_undo_every_command (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrCharacter) ogre = new_character (f, TKR_CHARACTER_KIND_NPC, "Ogre", 0);
  g_autoptr (JsonNode) before = NULL;
  GError *error = NULL;
  TkrCondition *effect;

#define STEP(command)                                                                              \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_clear_pointer (&before, json_node_unref);                                                    \
    before = snapshot (f);                                                                         \
    ok ((command), error);                                                                         \
    assert_undo_restores (f, before);                                                              \
    g_assert_true (tkr_history_redo (f->history));                                                 \
  }                                                                                                \
  G_STMT_END

  STEP (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), ogre, &error));
  STEP (tkr_encounter_remove_participant (TKR_ENCOUNTER (f->encounter), ogre, &error));
  STEP (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error));
  STEP (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), ogre, &error));
  STEP (tkr_pf2e_encounter_set_group (f->encounter, c (f, f->goblin_a), "Goblins", &error));
  STEP (tkr_pf2e_encounter_set_group (f->encounter, c (f, f->goblin_b), "Goblins", &error));
  STEP (tkr_pf2e_encounter_enter_initiative (f->encounter, c (f, f->goblin_a), 9, &error));
  STEP (tkr_pf2e_encounter_enter_initiative (f->encounter, c (f, f->alice), 9, &error));
  STEP (tkr_pf2e_encounter_enter_initiative (f->encounter, c (f, f->bob), 9, &error));
  STEP (tkr_pf2e_encounter_put_before (f->encounter, c (f, f->bob), c (f, f->alice), &error));
  STEP (
    tkr_pf2e_encounter_put_before (f->encounter, c (f, f->goblin_b), c (f, f->goblin_a), &error));
  STEP (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->orc), "Off-Guard", 1, &error));
  {
    g_autoptr (GRand) rand = g_rand_new_with_seed (3);
    STEP (tkr_pf2e_encounter_roll_remaining (f->encounter, rand, &error));
  }
  STEP (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error));
  STEP (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error));
  STEP (tkr_encounter_resume (TKR_ENCOUNTER (f->encounter), &error));
  STEP (tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), &error));
  effect = tkr_pf2e_encounter_add_effect (
    f->encounter,
    TKR_PF2E_COMBATANT (tkr_encounter_get_current_slot (TKR_ENCOUNTER (f->encounter))), "Haste", 2,
    &error);
  g_assert_no_error (error);
  STEP (tkr_pf2e_encounter_remove_effect (f->encounter, effect, &error));
  STEP (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error));
  STEP (tkr_encounter_finish (TKR_ENCOUNTER (f->encounter), &error));
#undef STEP
}

/* Files */

static TkrCharacter *
resolve_pc (const char *id, gpointer user_data)
{
  GPtrArray *pcs = user_data;

  for (guint i = 0; i < pcs->len; i++)
    if (g_strcmp0 (tkr_character_get_id (pcs->pdata[i]), id) == 0)
      return pcs->pdata[i];
  return NULL;
}

static void
assert_round_trip (Fixture *f)
{
  g_autoptr (JsonNode) first = snapshot (f);
  g_autoptr (JsonNode) second = NULL;
  g_autoptr (TkrPf2eEncounter) copy = NULL;
  GError *error = NULL;

  copy = tkr_pf2e_encounter_new (f->rules, NULL, &error);
  g_assert_no_error (error);
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), first, NULL, resolve_pc, f->pcs, &error), error);
  second = tkr_tracker_to_json (TKR_TRACKER (copy));
  assert_same_json (first, second);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (copy)), ==,
                   tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)));
}

static void
test_json_round_trip (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  assert_round_trip (f);
  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  ok (tkr_pf2e_encounter_set_initiative_skill (f->encounter, c (f, f->bob), "Stealth", &error),
      error);
  assert_round_trip (f);

  start_rounds (f);
  ok (tkr_pf2e_encounter_add_effect (f->encounter, c (f, f->bob), "Bless", 3, &error) != NULL,
      error);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->alice), "Frightened", 2, &error),
      error);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->alice), "Off-Guard", 1, &error),
      error);
  ok (tkr_pf2e_encounter_set_condition (f->encounter, c (f, f->orc), "Dying", 2, &error), error);
  ok (tkr_pf2e_encounter_spend_actions (f->encounter, c (f, f->bob), 2, NULL, &error), error);
  next_turn (f);
  g_assert_true (tkr_pf2e_combatant_get_recovery_due (c (f, f->orc)));
  assert_round_trip (f);
  ok (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error), error);
  assert_round_trip (f);
}

/* One status model (docs/ARCHITECTURE.md, "Combatant state"): an effect
 * of an older file ("effects": name, creator, rounds_left) loads as a
 * Temporary condition with "rounds-left" and the creator's id as its
 * "source", and saves back the same bytes. */
static void
test_json_old_effects_load_as_conditions (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrPf2eEncounter) copy = tkr_pf2e_encounter_new (f->rules, NULL, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonNode) first = NULL;
  g_autoptr (JsonNode) second = NULL;
  g_autoptr (TkrCondition) effect = NULL;
  g_autofree char *old_effects = NULL, *text = NULL, *saved = NULL, *plain = NULL;
  GError *error = NULL;
  GString *json;

  start_rounds (f);
  first = snapshot (f);
  plain = json_to_string (first, FALSE);
  json = g_string_new (plain);
  old_effects = g_strdup_printf ("\"effects\":[{\"name\":\"Bless\",\"rounds_left\":2,"
                                 "\"creator\":\"%s\"}]",
                                 tkr_character_get_id (f->bob));
  g_assert_cmpuint (g_string_replace (json, "\"effects\":[]", old_effects, 1), ==, 1);
  text = g_string_free (json, FALSE);

  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), json_parser_get_root (parser), NULL, resolve_pc,
                             f->pcs, &error),
      error);
  effect = g_list_model_get_item (tkr_pf2e_encounter_get_effects (copy), 0);
  g_assert_nonnull (effect);
  g_assert_cmpstr (tkr_condition_get_name (effect), ==, "Bless");
  g_assert_cmpint (tkr_condition_get_kind (effect), ==, TKR_CONDITION_KIND_TEMPORARY);
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 2);
  g_assert_cmpstr (tkr_condition_get_source (effect), ==, tkr_character_get_id (f->bob));

  second = tkr_tracker_to_json (TKR_TRACKER (copy));
  saved = json_to_string (second, FALSE);
  g_assert_cmpstr (saved, ==, text);
}

static void
test_json_malformed_refused (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *json;
    const char *path;
  } cases[] = {
    { "[]", "expected an object" },
    { "{\"phase\": \"battle\"}", "phase" },
    { "{\"phase\": \"setup\", \"round\": -1}", "round" },
    { "{\"phase\": \"setup\", \"rule_system\": \"d20\"}", "rule_system" },
    { "{\"phase\": \"setup\", \"participants\": [{\"ref\": \"nobody\"}]}", "participants[0].ref" },
    { "{\"phase\": \"setup\", \"participants\": [{\"ref\": \"%s\"}], \"combatants\": "
      "[{\"character\": \"%s\", \"initiative\": \"high\"}]}",
      "combatants[0].initiative" },
    { "{\"phase\": \"setup\", \"participants\": [{\"ref\": \"%s\"}], \"combatants\": "
      "[{\"character\": \"%s\", \"conditions\": {\"Sleepy\": 1}}]}",
      "combatants[0].conditions.Sleepy" },
    { "{\"phase\": \"setup\", \"participants\": [{\"ref\": \"%s\"}], \"combatants\": "
      "[{\"character\": \"%s\", \"conditions\": {\"Dying\": 9}}]}",
      "combatants[0].conditions.Dying" },
    { "{\"phase\": \"setup\", \"participants\": [{\"ref\": \"%s\"}], \"combatants\": "
      "[{\"character\": \"%s\", \"actions_left\": 4}]}",
      "combatants[0].actions_left" },
    { "{\"phase\": \"setup\", \"participants\": [{\"ref\": \"%s\"}], \"combatants\": "
      "[{\"character\": \"%s\", \"group\": \"Heroes\"}]}",
      "combatants[0].group" },
    { "{\"phase\": \"main\", \"round\": 1, \"current_index\": 3, \"participants\": [{\"ref\": "
      "\"%s\"}], \"combatants\": [{\"character\": \"%s\", \"initiative\": 3}], \"order\": "
      "[\"%s\"]}",
      "current_index" },
    { "{\"phase\": \"main\", \"round\": 1, \"current_index\": 0, \"participants\": [{\"ref\": "
      "\"%s\"}], \"combatants\": [{\"character\": \"%s\", \"initiative\": 3}], \"order\": "
      "[\"someone\"]}",
      "order[0]" },
    { "{\"phase\": \"main\", \"round\": 1, \"current_index\": 0, \"participants\": [{\"ref\": "
      "\"%s\"}], \"combatants\": [{\"character\": \"%s\", \"initiative\": 3}], \"order\": "
      "[\"%s\"], \"effects\": [{\"name\": \"Bless\", \"creator\": \"%s\", \"rounds_left\": 0}]}",
      "effects[0].rounds_left" },
  };
  const char *id = tkr_character_get_id (f->alice);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TkrPf2eEncounter) copy = tkr_pf2e_encounter_new (f->rules, NULL, NULL);
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;

      GString *json = g_string_new (cases[i].json);

      g_string_replace (json, "%s", id, 0);
      text = g_string_free (json, FALSE);

      g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
      g_assert_false (tkr_tracker_load_json (TKR_TRACKER (copy), json_parser_get_root (parser),
                                             NULL, resolve_pc, f->pcs, &error));
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
      if (strstr (error->message, cases[i].path) == NULL)
        g_error ("case %u: “%s” does not name %s", i, error->message, cases[i].path);
      /* Nothing changed. */
      g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (copy)), ==, TKR_PHASE_FREEPLAY);
      g_assert_cmpuint (
        g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (copy))), ==, 0);
    }
}

/* Experience and level belong to the character's own system:
 * a Kleptonomicon sheet (20 XP a level) in a Pathfinder 2e encounter
 * earns no PF2e award, which would have shown four Level Ups. */
static void
test_end_xp_of_another_system (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) failure = NULL;
  GError *error = NULL;

  g_object_set (f->bob, "rule-system", "kleptonomicon", NULL);
  start_rounds (f);
  ok (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error), error);

  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->bob, 80, "won", &failure));
  g_assert_error (failure, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_nonnull (strstr (failure->message, "Bob"));
  g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 0);

  /* The party award passes over Bob and still reaches Alice, one step. */
  ok (tkr_encounter_award_party (TKR_ENCOUNTER (f->encounter), f->pcs, 80, "won", &error), error);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 80);
  g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 0);
  g_assert_cmpint (tkr_character_get_level_ups_available (f->bob, f->rules), ==, 0);

  /* Level Ups count by the sheet's own table, whatever rules are passed:
   * 40 XP on a Kleptonomicon sheet are two Level Ups, not none. */
  ok (tkr_character_set_experience (f->bob, NULL, 40, &error), error);
  g_assert_cmpint (tkr_character_get_level_ups_available (f->bob, f->rules), ==, 2);
  g_assert_cmpint (tkr_character_get_level_ups_available (f->alice, f->rules), ==, 0);
}

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

/* Knocked out (public rules, help/C/pf2e.page): at 0 HP the creature is
 * Dying 1 plus its Wounded value and Unconscious, in the step of the
 * damage; healed while dying it loses Dying and gains Wounded 1; each undoes
 * in one step. */
static void
test_health_dying_at_zero (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrEncounter *encounter = TKR_ENCOUNTER (f->encounter);
  TkrPf2eCombatant *orc;
  guint steps;

  start_rounds (f);
  orc = c (f, f->orc);
  g_object_set (tkr_character_get_pool (f->orc, TKR_POOL_HEALTH), "maximum", 15, "current", 15,
                NULL);
  steps = tkr_history_get_n_undo (f->history);
  ok (tkr_encounter_change_health_typed (encounter, TKR_COMBATANT (orc), "-20", &error), error);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Dying"), ==, 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Unconscious"), ==, 1);
  g_assert_cmpstr (tkr_pf2e_combatant_get_state (orc), ==, "dying");

  ok (tkr_encounter_change_health_typed (encounter, TKR_COMBATANT (orc), "+5", &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Dying"), ==, 0);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Wounded"), ==, 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Unconscious"), ==, 0);

  /* Down again with Wounded 1: Dying 2. */
  ok (tkr_encounter_change_health_typed (encounter, TKR_COMBATANT (orc), "-5", &error), error);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Dying"), ==, 2);

  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Dying"), ==, 0);
  g_assert_cmpint (tkr_combatant_get_health (TKR_COMBATANT (orc)), ==, 5);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Dying"), ==, 1);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (orc, "Wounded"), ==, 0);
}

/* Timed effects on a holder (src/core/engine/tkr-effects.h) in a
 * Pathfinder 2e file: "Frightened until the end of your turn" on the Orc,
 * made by Bob, is kept in the engine's "timed_effects" and loads back the
 * same; a file without any has no such member, so older files save the
 * same bytes; an anchor outside the encounter is refused, naming the
 * member; the effect ends at the end of the Orc's turn. */
static void
test_json_timed_effects (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) plain = NULL;
  g_autoptr (JsonNode) with_effect = NULL;
  g_autoptr (TkrPf2eEncounter) copy = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GString) bad = NULL;
  g_autoptr (JsonNode) bad_node = NULL;
  GError *error = NULL;
  TkrCondition *effect;

  start_rounds (f);
  plain = snapshot (f);
  g_assert_false (json_object_has_member (json_node_get_object (plain), "timed_effects"));
  effect =
    tkr_effects_add_timed (TKR_ENCOUNTER (f->encounter), TKR_COMBATANT (c (f, f->orc)),
                           "Frightened", TKR_EFFECT_DURATION_TURNS, 1, TKR_EFFECT_EDGE_TURN_END,
                           NULL, TKR_COMBATANT (c (f, f->bob)), &error);
  ok (effect != NULL, error);
  assert_round_trip (f);
  with_effect = snapshot (f);
  g_assert_true (json_object_has_member (json_node_get_object (with_effect), "timed_effects"));

  copy = tkr_pf2e_encounter_new (f->rules, NULL, &error);
  g_assert_no_error (error);
  text = json_to_string (with_effect, FALSE);
  bad = g_string_new (text);
  g_assert_cmpuint (g_string_replace (bad, "\"anchor\":\"", "\"anchor\":\"x", 1), ==, 1);
  bad_node = json_from_string (bad->str, NULL);
  g_assert_false (
    tkr_tracker_load_json (TKR_TRACKER (copy), bad_node, NULL, resolve_pc, f->pcs, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "anchor"));
  g_clear_error (&error);

  next_turn (f); /* the Orc */
  g_assert_cmpuint (
    g_list_model_get_n_items (G_LIST_MODEL (tkr_effects_get_store (TKR_COMBATANT (c (f, f->orc))))),
    ==, 1);
  next_turn (f); /* the end of the Orc's turn */
  g_assert_cmpuint (
    g_list_model_get_n_items (G_LIST_MODEL (tkr_effects_get_store (TKR_COMBATANT (c (f, f->orc))))),
    ==, 0);
  assert_round_trip (f);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/pf2e/rules/pf2e-section-and-conditions", test_rules_section);
  ADD ("/pf2e/end/xp-belongs-to-the-characters-system", test_end_xp_of_another_system);
  g_test_add_func ("/pf2e/rules/missing-section-refused", test_rules_section_missing);
  ADD ("/pf2e/phases/tracker-illegal-transitions-and-undo", test_phases_tracker);
  ADD ("/pf2e/phases/pause-and-resume", test_phases_pause);
  ADD ("/pf2e/initiative/perception-check-by-default", test_initiative_perception_default);
  ADD ("/pf2e/initiative/other-skill-stealth-deception", test_initiative_other_skill);
  ADD ("/pf2e/initiative/typed-in", test_initiative_typed_in);
  ADD ("/pf2e/initiative/group-of-identical-creatures-one-roll", test_initiative_group_one_roll);
  ADD ("/pf2e/initiative/highest-first", test_initiative_highest_first);
  ADD ("/pf2e/initiative/ties-adversary-before-pc", test_initiative_ties_adversary_before_pc);
  ADD ("/pf2e/initiative/ties-pcs-choose", test_initiative_ties_pcs_choose);
  ADD ("/pf2e/initiative/tentative-order-changes-only-where-it-changes",
       test_initiative_tentative_order);
  ADD ("/pf2e/initiative/order-fixed-no-reroll-each-round", test_initiative_order_fixed);
  ADD ("/pf2e/rounds/three-actions-overspend-refused", test_rounds_three_actions);
  ADD ("/pf2e/rounds/two-and-three-action-activities-free-actions", test_rounds_activity_costs);
  ADD ("/pf2e/rounds/reaction-once-per-round-resets-at-own-turn",
       test_rounds_reaction_once_per_round);
  ADD ("/pf2e/rounds/refunds", test_rounds_refunds);
  ADD ("/pf2e/rounds/buttons-offer-what-the-commands-allow", test_rounds_what_the_buttons_offer);
  ADD ("/pf2e/start-of-turn/duration-3-rounds-from-round-1-expires-round-4",
       test_start_duration_expires_round_4);
  ADD ("/pf2e/start-of-turn/recovery-check-dc-10-plus-dying", test_start_recovery_check_success);
  ADD ("/pf2e/start-of-turn/recovery-check-critical-success-and-failure",
       test_start_recovery_check_critical);
  ADD ("/pf2e/start-of-turn/dying-4-is-death", test_start_recovery_dying_4_is_death);
  ADD ("/pf2e/start-of-turn/recovery-check-rolled", test_start_recovery_rolled);
  g_test_add_func ("/pf2e/checks/degrees-natural-20-and-1", test_degree_naturals);
  ADD ("/pf2e/end-of-turn/frightened-2-1-gone", test_end_frightened);
  ADD ("/pf2e/previous-turn/restores-actions-durations-dying-frightened",
       test_previous_turn_restores);
  ADD ("/pf2e/previous-turn/refused-at-first-turn", test_previous_turn_refused_at_start);
  ADD ("/pf2e/end/xp-award-then-back-to-exploration", test_end_xp_and_exploration);
  ADD ("/pf2e/undo/every-command", test_undo_every_command);
  ADD ("/pf2e/health/dying-at-0-hp-wounded-when-healed", test_health_dying_at_zero);
  ADD ("/pf2e/json/round-trip", test_json_round_trip);
  ADD ("/pf2e/json/timed-effects-kept-and-older-files-unchanged", test_json_timed_effects);
  ADD ("/pf2e/json/old-effects-load-as-temporary-conditions-same-bytes",
       test_json_old_effects_load_as_conditions);
  ADD ("/pf2e/json/malformed-refused-with-path", test_json_malformed_refused);

  return g_test_run ();
}
