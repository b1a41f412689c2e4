/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "tkr-ap-encounter.h"
#include "tkr-core.h"

/*
 * The Action-Point system (seed 004): Turns of an Action Phase and a Reset
 * Phase, the Reset's steps in order, the Action Phase's Rounds in order of
 * current AP, the AP limits, Only actions, passing, Free Steps, the end of
 * combat with its XP, undo of every command, and files.
 *
 * The table: Alice (PC, her sheet's fields: Finesse Die d8 and Mana
 * Maximum 3), Bob (PC, the
 * default d6) and a Goblin (NPC, small, d6). Unless a test says otherwise
 * the opening Reset is typed in: Alice 5, Bob 3, Goblin 4, so Round 1's
 * order is Alice, Goblin, Bob.
 */

typedef struct
{
  TkrRules *rules;
  TkrHistory *history;
  TkrApEncounter *encounter;
  TkrCharacter *alice, *bob, *goblin;
  TkrApCombatant *a, *b, *g;
} Fixture;

static void
ok (gboolean result, GError *error)
{
  g_assert_no_error (error);
  g_assert_true (result);
}

static void
refused (gboolean result, GError **error, int code)
{
  g_assert_false (result);
  g_assert_error (*error, TKR_ENCOUNTER_ERROR, code);
  g_test_message ("refused as expected: %s", (*error)->message);
  g_clear_error (error);
}

/* Joins @character and returns its combatant, or NULL. */
static TkrApCombatant *
join (Fixture *f, TkrCharacter *character, GError **error)
{
  if (!tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), character, error))
    return NULL;
  return tkr_ap_encounter_find_member (f->encounter, character);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);
  GError *error = NULL;

  f->rules = tkr_rules_new_from_resource (TKR_AP_RULE_SYSTEM, &error);
  g_assert_no_error (error);
  f->history = tkr_history_new ();
  f->encounter = tkr_ap_encounter_new (f->rules, f->history, rand);

  f->alice = tkr_character_new (f->rules, TKR_CHARACTER_KIND_PC, "Alice");
  ok (tkr_character_set_field (f->alice, NULL, f->rules, "finesse_die", 8, &error), error);
  ok (tkr_character_set_field (f->alice, NULL, f->rules, "mana_max", 3, &error), error);
  f->bob = tkr_character_new (f->rules, TKR_CHARACTER_KIND_PC, "Bob");
  f->goblin = tkr_character_new (f->rules, TKR_CHARACTER_KIND_NPC, "Goblin");

  f->a = join (f, f->alice, &error);
  g_assert_no_error (error);
  f->b = join (f, f->bob, &error);
  g_assert_no_error (error);
  f->g = join (f, f->goblin, &error);
  g_assert_no_error (error);
  ok (tkr_ap_encounter_set_size (f->encounter, f->g, "small", &error), error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  tkr_history_clear (f->history);
  g_clear_object (&f->encounter);
  g_clear_object (&f->alice);
  g_clear_object (&f->bob);
  g_clear_object (&f->goblin);
  g_clear_object (&f->history);
  g_clear_object (&f->rules);
}

static void
begin_combat (Fixture *f)
{
  GError *error = NULL;

  ok (tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_SETUP, &error), error);
  ok (tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_MAIN, &error), error);
}

/* Runs a Reset with the given Finesse faces (a, b, g). */
static void
reset_with (Fixture *f, int a, int b, int g)
{
  g_autoptr (TkrTypedRolls) rolls = tkr_typed_rolls_new ();
  GError *error = NULL;

  tkr_ap_rolls_set_finesse (rolls, f->a, a);
  tkr_ap_rolls_set_finesse (rolls, f->b, b);
  tkr_ap_rolls_set_finesse (rolls, f->g, g);
  ok (tkr_ap_encounter_run_reset (f->encounter, rolls, &error), error);
}

static void
begin_action (Fixture *f)
{
  begin_combat (f);
  reset_with (f, 5, 3, 4);
}

static TkrApCombatant *
actor (Fixture *f)
{
  return tkr_ap_encounter_get_actor (f->encounter);
}

static void
next (Fixture *f)
{
  GError *error = NULL;

  ok (tkr_tracker_next_turn (TKR_TRACKER (f->encounter), &error), error);
}

static int
health (TkrCharacter *character)
{
  return tkr_pool_get_current (tkr_character_get_pool (character, TKR_POOL_HEALTH));
}

/* The index of the first log line containing @needle, or -1. */
static int
log_index (Fixture *f, const char *needle)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

      if (strstr (tkr_log_entry_get_text (entry), needle) != NULL)
        return (int) i;
    }
  return -1;
}

/* ---- rule data ---------------------------------------------------- */

static void
test_rules_section (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (TKR_AP_RULE_SYSTEM, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (tkr_rules_get_id (rules), ==, TKR_AP_RULE_SYSTEM);
  g_assert_true (tkr_ap_encounter_check_rules (rules, &error));
  g_assert_no_error (error);

  /* Another system's rules have no Action-Point numbers. */
  g_assert_false (tkr_ap_encounter_check_rules (tkr_rules_get_default (), &error));
  g_assert_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "action-points"));
}

/* ---- participants ------------------------------------------------- */

/* Reset Phase (seed 004): Action Points are a Finesse Die roll plus
 * adjustments, and Free Steps reach by size; a new combatant takes the
 * Finesse Die, AP adjustment, size and Mana/Faith maxima from the sheet's
 * Action-Point fields. */
static void
test_seeded_from_sheet_fields (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrCharacter) carol = tkr_character_new (f->rules, TKR_CHARACTER_KIND_PC, "Carol");
  TkrApCombatant *c;
  GError *error = NULL;

  ok (tkr_character_set_field (carol, NULL, f->rules, "finesse_die", 12, &error), error);
  ok (tkr_character_set_field (carol, NULL, f->rules, "ap_adjustment", -1, &error), error);
  ok (tkr_character_set_field (carol, NULL, f->rules, "size", 1, &error), error); /* Small */
  ok (tkr_character_set_field (carol, NULL, f->rules, "faith_max", 4, &error), error);
  /* A stale save from before the fields existed does not win over them. */
  ok (tkr_character_set_modifier (carol, NULL, TKR_MODIFIER_KIND_SAVE, "Finesse", 4, &error),
      error);

  c = join (f, carol, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (c), ==, 12);
  g_assert_cmpint (tkr_ap_combatant_get_ap_adjustment (c), ==, -1);
  g_assert_cmpstr (tkr_ap_combatant_get_size (c), ==, "small");
  g_assert_cmpint (tkr_ap_combatant_get_faith_max (c), ==, 4);
  g_assert_cmpint (tkr_ap_combatant_get_mana_max (c), ==, 0);
}

/* A sheet written before the fields existed still works: its "Finesse"
 * save and "Mana" skill seed the combatant. */
static void
test_seeded_from_old_sheet (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrCharacter) dave = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Dave");
  TkrApCombatant *d;
  GError *error = NULL;

  g_assert_false (tkr_character_get_field (dave, "finesse_die", NULL));
  ok (tkr_character_set_modifier (dave, NULL, TKR_MODIFIER_KIND_SAVE, "Finesse", 10, &error),
      error);
  ok (tkr_character_set_modifier (dave, NULL, TKR_MODIFIER_KIND_SKILL, "Mana", 2, &error), error);
  d = join (f, dave, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (d), ==, 10);
  g_assert_cmpint (tkr_ap_combatant_get_mana_max (d), ==, 2);
  g_assert_cmpstr (tkr_ap_combatant_get_size (d), ==, "medium");
}

static void
test_seeded_from_sheet (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  /* Alice's sheet has a d8 Finesse Die and 3 Mana; Bob's the defaults. */
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (f->a), ==, 8);
  g_assert_cmpint (tkr_ap_combatant_get_mana (f->a), ==, 3);
  g_assert_cmpint (tkr_ap_combatant_get_mana_max (f->a), ==, 3);
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (f->b), ==, 6);
  g_assert_cmpstr (tkr_ap_combatant_get_size (f->b), ==, "medium");
  g_assert_cmpstr (tkr_ap_combatant_get_size (f->g), ==, "small");

  /* The GM sets what the sheet lacks, within the rule data. */
  ok (tkr_ap_encounter_set_finesse_die (f->encounter, f->b, 4, &error), error);
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (f->b), ==, 4);
  refused (tkr_ap_encounter_set_finesse_die (f->encounter, f->b, 7, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  refused (tkr_ap_encounter_set_size (f->encounter, f->b, "huge", &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  refused (tkr_ap_encounter_set_pool (f->encounter, f->b, "faith", 3, 2, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  refused (tkr_ap_encounter_set_recover (f->encounter, f->b, "gold", &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_null (join (f, f->alice, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
}

/* ---- phases ------------------------------------------------------- */

static void
test_combat_starts_with_reset (Fixture *f, gconstpointer data)
{
  TkrTracker *tracker = TKR_TRACKER (f->encounter);
  GError *error = NULL;
  TkrPhase phase;
  int round;

  g_assert_true (TKR_IS_TRACKER (f->encounter));
  g_assert_cmpstr (tkr_tracker_get_rule_system (tracker), ==, TKR_AP_RULE_SYSTEM);
  begin_combat (f);

  /* Main opens with the Reset Phase due, before any Action Phase. */
  g_object_get (f->encounter, "phase", &phase, "round", &round, NULL);
  g_assert_cmpint (phase, ==, TKR_PHASE_MAIN);
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 0);
  g_assert_cmpint (round, ==, 0);
  g_assert_null (actor (f));
  refused (tkr_ap_encounter_move (f->encounter, f->a, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_WRONG_PHASE);

  /* next_turn runs it (rolled), and Turn 1's Action Phase begins. */
  next (f);
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_ACTION);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 1);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), >=, 1);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), <=, 8);
  g_assert_nonnull (actor (f));
  refused (tkr_ap_encounter_run_reset (f->encounter, NULL, &error), &error,
           TKR_ENCOUNTER_ERROR_WRONG_PHASE);
}

static void
test_phases_illegal_and_pause (Fixture *f, gconstpointer data)
{
  TkrTracker *tracker = TKR_TRACKER (f->encounter);
  GError *error = NULL;

  g_assert_false (tkr_tracker_can_transition (tracker, TKR_PHASE_MAIN));
  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_END, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_clear_error (&error);
  refused (tkr_tracker_next_turn (tracker, &error), &error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);

  begin_action (f);
  g_assert_null (join (f, f->alice, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  ok (tkr_tracker_transition (tracker, TKR_PHASE_PAUSED, &error), error);
  refused (tkr_ap_encounter_move (f->encounter, f->a, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  refused (tkr_tracker_next_turn (tracker, &error), &error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  ok (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error), error);
  ok (tkr_ap_encounter_move (f->encounter, f->a, 1, &error), error);

  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_clear_error (&error);
}

/* ---- the Reset Phase ---------------------------------------------- */

static void
test_reset_per_turn_effects (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_ap_encounter_add_effect (f->encounter, f->b, "Poison", 2, &error), error);
  refused (tkr_ap_encounter_add_effect (f->encounter, f->b, "Poison", 1, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  refused (tkr_ap_encounter_add_effect (f->encounter, f->b, "Bleeding", 0, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  ok (tkr_ap_encounter_add_effect (f->encounter, f->b, "Bleeding", 1, &error), error);
  g_assert_cmpint (health (f->bob), ==, 10);

  /* Each Reset applies every effect to Health. */
  begin_action (f);
  g_assert_cmpint (health (f->bob), ==, 7);
  g_assert_cmpint (health (f->alice), ==, 10);

  ok (tkr_ap_encounter_remove_effect (f->encounter, f->b, "Poison", &error), error);
  refused (tkr_ap_encounter_remove_effect (f->encounter, f->b, "Poison", &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_FOUND);
  while (tkr_ap_encounter_get_step (f->encounter) == TKR_AP_STEP_ACTION)
    next (f);
  reset_with (f, 1, 1, 1);
  g_assert_cmpint (health (f->bob), ==, 6);
}

/* Seed, Reset Phase: effects, then Temporary removal, then Persistent
 * checks, then recovery, then Action Points. */
static void
test_reset_order_of_steps (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrTypedRolls) rolls = tkr_typed_rolls_new ();
  GError *error = NULL;
  int damage, temporary, check, recover, ap;

  ok (tkr_ap_encounter_add_effect (f->encounter, f->a, "Poison", 1, &error), error);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->a, "Prone", FALSE, 0, &error), error);
  ok (tkr_ap_encounter_add_adjustment (f->encounter, f->a, "Defense", 2, &error), error);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->a, "Stunned", FALSE, 0, &error), error);
  ok (tkr_ap_encounter_set_pool (f->encounter, f->a, "mana", 1, 3, &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_combatant_get_ap_conditions (f->a)), ==, 2);
  begin_combat (f);

  /* A typed check for a Temporary condition is refused: it will be gone
   * before the Persistent checks. */
  tkr_ap_rolls_set_check (rolls, f->a, "Prone", 20);
  refused (tkr_ap_encounter_run_reset (f->encounter, rolls, &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);

  g_clear_pointer (&rolls, tkr_typed_rolls_free);
  rolls = tkr_typed_rolls_new ();
  tkr_ap_rolls_set_check (rolls, f->a, "Stunned", 20);
  tkr_ap_rolls_set_finesse (rolls, f->a, 6);
  ok (tkr_ap_encounter_run_reset (f->encounter, rolls, &error), error);

  damage = log_index (f, "damage from Poison");
  temporary = log_index (f, "Alice loses 2 Temporary");
  check = log_index (f, "shakes off Stunned");
  recover = log_index (f, "Alice recovers 1 Mana");
  ap = log_index (f, "Alice rolls d8: 6");
  g_assert_cmpint (damage, >=, 0);
  g_assert_cmpint (damage, <, temporary);
  g_assert_cmpint (temporary, <, check);
  g_assert_cmpint (check, <, recover);
  g_assert_cmpint (recover, <, ap);

  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_combatant_get_ap_conditions (f->a)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_combatant_get_adjustments (f->a)), ==, 0);
  g_assert_cmpint (tkr_ap_combatant_get_mana (f->a), ==, 2);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 6);
  g_assert_true (tkr_ap_combatant_get_free_steps (f->a));
}

static void
test_reset_persistent_check (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrTypedRolls) rolls = tkr_typed_rolls_new ();
  GError *error = NULL;
  gboolean persistent;
  int target;

  /* The target comes from the rule data (Stunned 14) or from the GM. */
  ok (tkr_ap_encounter_add_condition (f->encounter, f->a, "Stunned", FALSE, 0, &error), error);
  g_assert_true (tkr_ap_combatant_has_condition (f->a, "stunned", &persistent, &target));
  g_assert_true (persistent);
  g_assert_cmpint (target, ==, 14);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->b, "Cursed", TRUE, 7, &error), error);
  g_assert_true (tkr_ap_combatant_has_condition (f->b, "Cursed", &persistent, &target));
  g_assert_true (persistent);
  g_assert_cmpint (target, ==, 7);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->g, "Frightened", TRUE, 0, &error), error);
  refused (tkr_ap_encounter_add_condition (f->encounter, f->g, "Frightened", TRUE, 0, &error),
           &error, TKR_ENCOUNTER_ERROR_INVALID);
  refused (tkr_ap_encounter_add_condition (f->encounter, f->g, "Entangled", TRUE, -1, &error),
           &error, TKR_ENCOUNTER_ERROR_INVALID);

  /* Alice misses by one and stays Stunned; Bob meets his target; the
   * Goblin's check is rolled on the encounter's GRand. */
  begin_combat (f);
  tkr_ap_rolls_set_check (rolls, f->a, "Stunned", 13);
  tkr_ap_rolls_set_check (rolls, f->b, "Cursed", 7);
  ok (tkr_ap_encounter_run_reset (f->encounter, rolls, &error), error);
  g_assert_true (tkr_ap_combatant_has_condition (f->a, "Stunned", NULL, NULL));
  g_assert_false (tkr_ap_combatant_has_condition (f->b, "Cursed", NULL, NULL));
  g_assert_true (log_index (f, "Goblin rolls") >= 0);

  ok (tkr_ap_encounter_remove_condition (f->encounter, f->a, "Stunned", &error), error);
  refused (tkr_ap_encounter_remove_condition (f->encounter, f->a, "Stunned", &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_FOUND);
}

static void
test_reset_recover_choice (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_ap_encounter_set_pool (f->encounter, f->b, "faith", 0, 1, &error), error);
  ok (tkr_ap_encounter_set_pool (f->encounter, f->b, "mana", 0, 2, &error), error);
  ok (tkr_ap_encounter_set_recover (f->encounter, f->b, "faith", &error), error);
  ok (tkr_ap_encounter_set_pool (f->encounter, f->a, "mana", 2, 3, &error), error);

  begin_action (f);
  /* One point of the chosen pool, never above its maximum. */
  g_assert_cmpint (tkr_ap_combatant_get_faith (f->b), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_mana (f->b), ==, 0);
  g_assert_cmpint (tkr_ap_combatant_get_mana (f->a), ==, 3);
  while (tkr_ap_encounter_get_step (f->encounter) == TKR_AP_STEP_ACTION)
    next (f);
  ok (tkr_ap_encounter_set_recover (f->encounter, f->b, "mana", &error), error);
  reset_with (f, 1, 1, 1);
  g_assert_cmpint (tkr_ap_combatant_get_faith (f->b), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_mana (f->b), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_mana (f->a), ==, 3);
}

static void
test_reset_ap_discards_leftovers (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_ap_encounter_set_ap_adjustment (f->encounter, f->b, 1, &error), error);
  refused (tkr_ap_encounter_set_ap_adjustment (f->encounter, f->b, 500, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  begin_combat (f);
  /* A typed face must fit the die. */
  {
    g_autoptr (TkrTypedRolls) rolls = tkr_typed_rolls_new ();

    tkr_ap_rolls_set_finesse (rolls, f->b, 7);
    refused (tkr_ap_encounter_run_reset (f->encounter, rolls, &error), &error,
             TKR_ENCOUNTER_ERROR_INVALID);
  }
  reset_with (f, 5, 3, 4);
  /* Finesse Die plus adjustment. */
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 5);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->b), ==, 4);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->g), ==, 4);

  /* Everyone passes with AP and Free Steps left: they are lost. */
  while (tkr_ap_encounter_get_step (f->encounter) == TKR_AP_STEP_ACTION)
    next (f);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 5);
  reset_with (f, 2, 1, 1);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 2);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 2);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->b), ==, 2);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->g), ==, 1);
  g_assert_true (tkr_ap_combatant_get_free_steps (f->a));
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

static TkrPendingRoll *
roll_at (GListModel *rolls, guint index)
{
  g_autoptr (TkrPendingRoll) roll = g_list_model_get_item (rolls, index);

  return roll; /* the list keeps it */
}

/* Seed 004, Reset Phase: the rolls the coming Reset needs (a Check Roll
 * per Persistent condition, the Finesse Die, or exactly 1 AP when
 * surprised in the opening Reset) are a list the core keeps after every
 * step and undo, changed only where they change; empty once the Reset
 * ran. */
static void
test_reset_rolls_needed (Fixture *f, gconstpointer data)
{
  GListModel *rolls = tkr_ap_encounter_get_reset_rolls (f->encounter);
  Changes changes = { 0 };
  TkrPendingRoll *alice, *bob, *goblin;
  GError *error = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (rolls), ==, 0);
  ok (tkr_ap_encounter_set_surprised (f->encounter, f->a, TRUE, &error), error);
  begin_combat (f);
  g_assert_cmpuint (g_list_model_get_n_items (rolls), ==, 3);
  alice = roll_at (rolls, 0);
  bob = roll_at (rolls, 1);
  goblin = roll_at (rolls, 2);
  g_assert_true ((TkrApCombatant *) tkr_pending_roll_get_combatant (alice) == f->a);
  g_assert_cmpint ((TkrApResetRollKind) tkr_pending_roll_get_kind (alice), ==,
                   TKR_AP_RESET_ROLL_SURPRISED);
  g_assert_cmpint ((TkrApResetRollKind) tkr_pending_roll_get_kind (bob), ==,
                   TKR_AP_RESET_ROLL_FINESSE);
  g_assert_cmpint (tkr_pending_roll_get_die (goblin), ==, tkr_ap_combatant_get_finesse_die (f->g));

  /* A Persistent condition adds its Check Roll before Bob's die. */
  g_signal_connect (rolls, "items-changed", G_CALLBACK (count_changes), &changes);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->b, "Cursed", TRUE, 7, &error), error);
  g_assert_cmpuint (changes.removed, ==, 0);
  g_assert_cmpuint (changes.added, ==, 1);
  g_assert_cmpint ((TkrApResetRollKind) tkr_pending_roll_get_kind (roll_at (rolls, 1)), ==,
                   TKR_AP_RESET_ROLL_CHECK);
  g_assert_cmpstr (tkr_pending_roll_get_what (roll_at (rolls, 1)), ==, "Cursed");
  g_assert_cmpint (tkr_pending_roll_get_target (roll_at (rolls, 1)), ==, 7);
  g_assert_true (roll_at (rolls, 0) == alice);
  g_assert_true (roll_at (rolls, 2) == bob);
  g_assert_true (roll_at (rolls, 3) == goblin);

  /* An adjustment changes the Goblin's roll in place. */
  changes = (Changes){ 0 };
  ok (tkr_ap_encounter_set_ap_adjustment (f->encounter, f->g, 1, &error), error);
  g_assert_cmpuint (changes.signals, ==, 0);
  g_assert_cmpint (tkr_pending_roll_get_modifier (goblin), ==, 1);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_pending_roll_get_modifier (goblin), ==, 0);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (g_list_model_get_n_items (rolls), ==, 3);
  g_assert_true (roll_at (rolls, 1) == bob);

  reset_with (f, 8, 6, 4);
  g_assert_cmpuint (g_list_model_get_n_items (rolls), ==, 0);
  g_signal_handlers_disconnect_by_data (rolls, &changes);
}

static void
test_reset_surprised_one_ap (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_ap_encounter_set_surprised (f->encounter, f->a, TRUE, &error), error);
  begin_combat (f);
  ok (tkr_ap_encounter_set_surprised (f->encounter, f->b, TRUE, &error), error);
  reset_with (f, 8, 6, 4);
  /* Exactly 1 AP in the first Reset, whatever the die. */
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->b), ==, 1);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->g), ==, 4);
  refused (tkr_ap_encounter_set_surprised (f->encounter, f->a, TRUE, &error), &error,
           TKR_ENCOUNTER_ERROR_WRONG_PHASE);

  /* Afterwards they roll normally. */
  while (tkr_ap_encounter_get_step (f->encounter) == TKR_AP_STEP_ACTION)
    next (f);
  reset_with (f, 7, 6, 4);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 7);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->b), ==, 6);
}

/* ---- the Action Phase --------------------------------------------- */

static void
test_action_order_by_current_ap (Fixture *f, gconstpointer data)
{
  GListModel *order;
  GError *error = NULL;

  begin_action (f);
  order = tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter));
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 3);
  g_assert_true (actor (f) == f->a);

  /* Alice spends 3 of 5, the Goblin 1 of 4, Bob nothing (3): in Round 2
   * Bob (3) and the Goblin (3) tie on AP and on d6, so Bob, who joined
   * earlier, goes before the Goblin; Alice (2) is last. */
  ok (tkr_ap_encounter_act (f->encounter, f->a, 3, &error), error);
  next (f);
  g_assert_true (actor (f) == f->g);
  ok (tkr_ap_encounter_move (f->encounter, f->g, 1, &error), error);
  next (f);
  g_assert_true (actor (f) == f->b);
  ok (tkr_ap_encounter_act (f->encounter, f->b, 1, &error), error);
  next (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  /* Bob now has 2: the Goblin (3) first, then Alice and Bob tie at 2 and
   * Alice's d8 beats Bob's d6. */
  g_assert_true (actor (f) == f->g);
  {
    g_autoptr (TkrApCombatant) second = g_list_model_get_item (order, 1);
    g_autoptr (TkrApCombatant) third = g_list_model_get_item (order, 2);

    g_assert_true (second == f->a);
    g_assert_true (third == f->b);
  }
}

static void
test_action_ties_finesse_then_entry (Fixture *f, gconstpointer data)
{
  GListModel *order;

  begin_combat (f);
  /* All on 4: Alice's d8 first; Bob and the Goblin both d6, Bob joined
   * first. */
  reset_with (f, 4, 4, 4);
  order = tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter));
  {
    g_autoptr (TkrApCombatant) first = g_list_model_get_item (order, 0);
    g_autoptr (TkrApCombatant) second = g_list_model_get_item (order, 1);
    g_autoptr (TkrApCombatant) third = g_list_model_get_item (order, 2);

    g_assert_true (first == f->a);
    g_assert_true (second == f->b);
    g_assert_true (third == f->g);
  }
}

static void
test_action_three_ap_per_round (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  begin_action (f);
  /* Alice has 5: 2 moving and 1 acting is 3; nothing more this Round. */
  ok (tkr_ap_encounter_move (f->encounter, f->a, 2, &error), error);
  refused (tkr_ap_encounter_move (f->encounter, f->a, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_NO_MOVEMENT);
  refused (tkr_ap_encounter_act (f->encounter, f->a, 2, &error), &error,
           TKR_ENCOUNTER_ERROR_NO_BEATS);
  ok (tkr_ap_encounter_act (f->encounter, f->a, 1, &error), error);
  refused (tkr_ap_encounter_act (f->encounter, f->a, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 2);
  g_assert_cmpint (tkr_ap_combatant_get_round_ap (f->a), ==, 3);
  next (f);

  /* The Goblin has 4 and cannot spend 4 at once, nor more than it has. */
  refused (tkr_ap_encounter_act (f->encounter, f->g, 4, &error), &error,
           TKR_ENCOUNTER_ERROR_NO_BEATS);
  refused (tkr_ap_encounter_act (f->encounter, f->g, 0, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  ok (tkr_ap_encounter_act (f->encounter, f->g, 3, &error), error);
  next (f);
  refused (tkr_ap_encounter_act (f->encounter, f->b, 4, &error), &error,
           TKR_ENCOUNTER_ERROR_NO_BEATS);
}

static void
test_action_only_action (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  begin_combat (f);
  reset_with (f, 5, 2, 1);
  /* Alice has 5: too many for an Only action. */
  refused (tkr_ap_encounter_only_action (f->encounter, f->a, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  next (f);
  /* Bob has 2: all of them; nothing else this Round. */
  g_assert_true (actor (f) == f->b);
  ok (tkr_ap_encounter_only_action (f->encounter, f->b, &error), error);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->b), ==, 0);
  refused (tkr_ap_encounter_move (f->encounter, f->b, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_NO_MOVEMENT);
  next (f);
  /* The Goblin has 1 but moved first: the Only action must be all of it. */
  ok (tkr_ap_encounter_move (f->encounter, f->g, 1, &error), error);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->g), ==, 0);
  refused (tkr_ap_encounter_only_action (f->encounter, f->g, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
}

static void
test_action_pass_and_end_of_phase (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  begin_action (f);
  /* Alice passes and keeps 5; the Goblin spends all 4 over two Rounds;
   * Bob passes. */
  ok (tkr_ap_encounter_pass (f->encounter, f->a, &error), error);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 5);
  g_assert_true (tkr_ap_combatant_get_passed (f->a));
  g_assert_true (actor (f) == f->g);
  ok (tkr_ap_encounter_act (f->encounter, f->g, 3, &error), error);
  refused (tkr_ap_encounter_pass (f->encounter, f->g, &error), &error, TKR_ENCOUNTER_ERROR_INVALID);
  next (f);
  ok (tkr_ap_encounter_pass (f->encounter, f->b, &error), error);

  /* The Goblin acted, so Round 2 comes; passes count per Round. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_false (tkr_ap_combatant_get_passed (f->a));
  g_assert_true (actor (f) == f->a);
  ok (tkr_ap_encounter_act (f->encounter, f->a, 3, &error), error);
  next (f);
  g_assert_true (actor (f) == f->b);
  next (f); /* nothing spent: a pass */
  g_assert_true (tkr_ap_combatant_get_passed (f->b));
  g_assert_true (actor (f) == f->g);
  ok (tkr_ap_encounter_act (f->encounter, f->g, 1, &error), error);
  next (f);

  /* Round 3: Alice 2, Bob 3, Goblin 0 (left out). */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter))), ==, 2);
  g_assert_true (actor (f) == f->b);
  next (f);
  g_assert_true (actor (f) == f->a);
  next (f);

  /* Everyone passed or has 0 AP: the Reset Phase is due. */
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 0);
  g_assert_null (actor (f));
  next (f);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 2);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
}

static void
test_action_phase_ends_at_zero_ap (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  begin_combat (f);
  reset_with (f, 2, 1, 1);
  ok (tkr_ap_encounter_act (f->encounter, f->a, 2, &error), error);
  next (f);
  ok (tkr_ap_encounter_only_action (f->encounter, f->b, &error), error);
  next (f);
  ok (tkr_ap_encounter_move (f->encounter, f->g, 1, &error), error);
  next (f);
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);
}

static void
test_action_free_steps (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  begin_combat (f);
  reset_with (f, 5, 3, 4);
  /* Medium: 1 or 2 spaces, free, once a Turn. */
  refused (tkr_ap_encounter_free_steps (f->encounter, f->a, 3, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  ok (tkr_ap_encounter_free_steps (f->encounter, f->a, 2, &error), error);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 5);
  refused (tkr_ap_encounter_free_steps (f->encounter, f->a, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS);
  ok (tkr_ap_encounter_move (f->encounter, f->a, 3, &error), error);
  next (f);

  /* Small: 1 space; and never after moving. */
  g_assert_true (actor (f) == f->g);
  refused (tkr_ap_encounter_free_steps (f->encounter, f->g, 2, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  ok (tkr_ap_encounter_move (f->encounter, f->g, 1, &error), error);
  refused (tkr_ap_encounter_free_steps (f->encounter, f->g, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_INVALID);
  next (f);

  /* Bob: Free Steps alone are not a pass. */
  ok (tkr_ap_encounter_free_steps (f->encounter, f->b, 1, &error), error);
  refused (tkr_ap_encounter_pass (f->encounter, f->b, &error), &error, TKR_ENCOUNTER_ERROR_INVALID);
  next (f);
  g_assert_false (tkr_ap_combatant_get_passed (f->b));
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);

  /* Round 2: Bob (3) and the Goblin (3) tie on AP and d6, Bob joined
   * first; Alice (2) last. The Goblin takes its Free Steps now, first
   * thing in its opportunity. */
  g_assert_true (actor (f) == f->b);
  ok (tkr_ap_encounter_act (f->encounter, f->b, 3, &error), error);
  next (f);
  g_assert_true (actor (f) == f->g);
  ok (tkr_ap_encounter_free_steps (f->encounter, f->g, 1, &error), error);
  ok (tkr_ap_encounter_act (f->encounter, f->g, 3, &error), error);
  next (f);
  g_assert_true (actor (f) == f->a);
  ok (tkr_ap_encounter_only_action (f->encounter, f->a, &error), error);
  next (f);
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);

  /* Free Steps come back with the Reset; they need AP left, and may come
   * just before an Only action. */
  reset_with (f, 2, 1, 1);
  g_assert_true (actor (f) == f->a);
  ok (tkr_ap_encounter_free_steps (f->encounter, f->a, 1, &error), error);
  ok (tkr_ap_encounter_only_action (f->encounter, f->a, &error), error);
  next (f);
  ok (tkr_ap_encounter_only_action (f->encounter, f->b, &error), error);
  refused (tkr_ap_encounter_free_steps (f->encounter, f->b, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS);
}

static void
test_action_out_of_order (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrCharacter) stranger = tkr_character_new (f->rules, TKR_CHARACTER_KIND_NPC, "X");
  GError *error = NULL;

  begin_action (f);
  g_assert_true (actor (f) == f->a);
  refused (tkr_ap_encounter_move (f->encounter, f->b, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  refused (tkr_ap_encounter_act (f->encounter, f->g, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  refused (tkr_ap_encounter_pass (f->encounter, f->b, &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  refused (tkr_ap_encounter_free_steps (f->encounter, f->g, 1, &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  refused (tkr_ap_encounter_only_action (f->encounter, f->b, &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  refused (tkr_ap_encounter_set_size (f->encounter, NULL, "small", &error), &error,
           TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_assert_null (tkr_ap_encounter_find_member (f->encounter, stranger));
}

/* ---- the end ------------------------------------------------------ */

static void
test_end_with_reset_and_xp (Fixture *f, gconstpointer data)
{
  TkrTracker *tracker = TKR_TRACKER (f->encounter);
  GError *error = NULL;
  int xp = tkr_character_get_experience (f->alice);

  begin_action (f);
  ok (tkr_ap_encounter_add_effect (f->encounter, f->a, "Bleeding", 1, &error), error);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->b, "Dazed", FALSE, 0, &error), error);
  refused (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 1, "x", &error),
           &error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);

  /* Ending mid-Action Phase runs the closing Reset. */
  ok (tkr_tracker_transition (tracker, TKR_PHASE_END, &error), error);
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_END);
  g_assert_cmpint (health (f->alice), ==, 9);
  g_assert_false (tkr_ap_combatant_has_condition (f->b, "Dazed", NULL, NULL));
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 0);
  g_assert_true (log_index (f, "closing Reset") >= 0);
  refused (tkr_ap_encounter_set_size (f->encounter, f->a, "small", &error), &error,
           TKR_ENCOUNTER_ERROR_WRONG_PHASE);

  /* XP per PC with a reason; an NPC or a wrong amount is refused. */
  ok (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 2, "Held the bridge",
                                      &error),
      error);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, xp + 2);
  g_assert_true (log_index (f, "Alice gains 2 XP: Held the bridge") >= 0);
  refused (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->goblin, 1, "", &error),
           &error, TKR_ENCOUNTER_ERROR_INVALID);
  refused (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->bob, 9, "", &error),
           &error, TKR_ENCOUNTER_ERROR_INVALID);

  ok (tkr_tracker_transition (tracker, TKR_PHASE_FREEPLAY, &error), error);
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 0);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 0);
}

/* ---- undo --------------------------------------------------------- */

static JsonNode *
snapshot (Fixture *f)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_array_add_element (array, tkr_tracker_to_json (TKR_TRACKER (f->encounter)));
  json_array_add_element (array, tkr_character_to_json (f->alice));
  json_array_add_element (array, tkr_character_to_json (f->bob));
  json_node_take_array (node, array);
  return node;
}

typedef gboolean (*Command) (Fixture *f, GError **error);

/* Runs @command, then undoes it: everything is as before, and redo
 * brings the command's result back. */
static void
check_undo (Fixture *f, const char *what, Command command)
{
  g_autoptr (JsonNode) before = snapshot (f);
  g_autoptr (JsonNode) after = NULL;
  g_autoptr (JsonNode) undone = NULL;
  g_autoptr (JsonNode) redone = NULL;
  GError *error = NULL;

  g_test_message ("undo: %s", what);
  ok (command (f, &error), error);
  after = snapshot (f);
  g_assert_false (json_node_equal (before, after));
  g_assert_true (tkr_history_undo (f->history));
  undone = snapshot (f);
  g_assert_true (json_node_equal (before, undone));
  g_assert_true (tkr_history_redo (f->history));
  redone = snapshot (f);
  g_assert_true (json_node_equal (after, redone));
}

#define CMD(name, body)                                                                            \
  static gboolean cmd_##name (Fixture *f, GError **error)                                          \
  {                                                                                                \
    return body;                                                                                   \
  }

CMD (die, tkr_ap_encounter_set_finesse_die (f->encounter, f->b, 10, error))
CMD (adjust, tkr_ap_encounter_set_ap_adjustment (f->encounter, f->b, -1, error))
CMD (size, tkr_ap_encounter_set_size (f->encounter, f->b, "small", error))
CMD (surprise, tkr_ap_encounter_set_surprised (f->encounter, f->b, TRUE, error))
CMD (recover, tkr_ap_encounter_set_recover (f->encounter, f->a, "faith", error))
CMD (pool, tkr_ap_encounter_set_pool (f->encounter, f->b, "faith", 1, 2, error))
CMD (condition, tkr_ap_encounter_add_condition (f->encounter, f->a, "Stunned", TRUE, 0, error))
CMD (temporary, tkr_ap_encounter_add_condition (f->encounter, f->a, "Prone", FALSE, 0, error))
CMD (uncondition, tkr_ap_encounter_remove_condition (f->encounter, f->a, "Prone", error))
CMD (adjustment, tkr_ap_encounter_add_adjustment (f->encounter, f->a, "Defense", 2, error))
CMD (effect, tkr_ap_encounter_add_effect (f->encounter, f->b, "Poison", 2, error))
CMD (uneffect, tkr_ap_encounter_remove_effect (f->encounter, f->b, "Poison", error))
CMD (setup, tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_SETUP, error))
CMD (main, tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_MAIN, error))
CMD (reset, tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), error))
CMD (move, tkr_ap_encounter_move (f->encounter, actor (f), 1, error))
CMD (act, tkr_ap_encounter_act (f->encounter, actor (f), 2, error))
CMD (steps, tkr_ap_encounter_free_steps (f->encounter, actor (f), 1, error))
CMD (next, tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), error))
CMD (pass, tkr_ap_encounter_pass (f->encounter, actor (f), error))
CMD (only, tkr_ap_encounter_only_action (f->encounter, actor (f), error))
CMD (pause, tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_PAUSED, error))
CMD (end, tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_END, error))
CMD (xp,
     tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 1, "Bravery", error))
CMD (freeplay, tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_FREEPLAY, error))

static gboolean
cmd_join (Fixture *f, GError **error)
{
  g_autoptr (TkrCharacter) extra = tkr_character_new (f->rules, TKR_CHARACTER_KIND_NPC, "Extra");

  return join (f, extra, error) != NULL;
}

static void
test_undo_every_command (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  check_undo (f, "join", cmd_join);
  check_undo (f, "Finesse Die", cmd_die);
  check_undo (f, "AP adjustment", cmd_adjust);
  check_undo (f, "size", cmd_size);
  check_undo (f, "surprise", cmd_surprise);
  check_undo (f, "recover choice", cmd_recover);
  check_undo (f, "pool", cmd_pool);
  check_undo (f, "Persistent condition", cmd_condition);
  check_undo (f, "Temporary condition", cmd_temporary);
  check_undo (f, "remove condition", cmd_uncondition);
  check_undo (f, "adjustment", cmd_adjustment);
  check_undo (f, "effect", cmd_effect);
  check_undo (f, "remove effect", cmd_uneffect);
  check_undo (f, "effect again", cmd_effect);
  check_undo (f, "Setup", cmd_setup);
  check_undo (f, "Main", cmd_main);
  /* The Reset: effects on Health, conditions, AP. */
  check_undo (f, "Reset Phase", cmd_reset);
  check_undo (f, "Free Steps", cmd_steps);
  check_undo (f, "move", cmd_move);
  check_undo (f, "act", cmd_act);
  check_undo (f, "next", cmd_next);
  check_undo (f, "pass", cmd_pass);
  while (tkr_ap_combatant_get_ap (actor (f)) > 2)
    next (f);
  check_undo (f, "Only action", cmd_only);
  check_undo (f, "pause", cmd_pause);
  ok (tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_MAIN, &error), error);
  check_undo (f, "end with the closing Reset", cmd_end);
  check_undo (f, "XP", cmd_xp);
  check_undo (f, "back to Freeplay", cmd_freeplay);
}

static void
test_undo_previous_turn (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (JsonNode) now = NULL;
  TkrTracker *tracker = TKR_TRACKER (f->encounter);
  GError *error = NULL;

  begin_combat (f);
  refused (tkr_tracker_previous_turn (tracker, &error), &error, TKR_ENCOUNTER_ERROR_INVALID);
  ok (tkr_ap_encounter_add_effect (f->encounter, f->b, "Poison", 2, &error), error);
  reset_with (f, 5, 3, 4);
  ok (tkr_ap_encounter_move (f->encounter, f->a, 2, &error), error);
  before = snapshot (f);
  next (f);
  ok (tkr_ap_encounter_act (f->encounter, f->g, 1, &error), error);

  /* Back to Alice's opportunity, her move kept; the Goblin's act undone. */
  ok (tkr_tracker_previous_turn (tracker, &error), error);
  now = snapshot (f);
  g_assert_true (json_node_equal (before, now));
  g_assert_true (actor (f) == f->a);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->g), ==, 4);

  /* Back across the Reset: Poison's damage and the AP go away. */
  ok (tkr_tracker_previous_turn (tracker, &error), error);
  g_assert_cmpint (tkr_ap_encounter_get_step (f->encounter), ==, TKR_AP_STEP_RESET);
  g_assert_cmpint (tkr_ap_encounter_get_turn (f->encounter), ==, 0);
  g_assert_cmpint (health (f->bob), ==, 10);
  g_assert_cmpint (tkr_ap_combatant_get_ap (f->a), ==, 0);
  refused (tkr_tracker_previous_turn (tracker, &error), &error, TKR_ENCOUNTER_ERROR_INVALID);
}

/* ---- files -------------------------------------------------------- */

static TkrCharacter *
resolve (const char *id, gpointer user_data)
{
  Fixture *f = user_data;

  if (g_strcmp0 (id, tkr_character_get_id (f->alice)) == 0)
    return f->alice;
  if (g_strcmp0 (id, tkr_character_get_id (f->bob)) == 0)
    return f->bob;
  return NULL;
}

static void
round_trip (Fixture *f)
{
  g_autoptr (JsonNode) first = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  g_autoptr (JsonNode) second = NULL;
  g_autoptr (TkrApEncounter) copy = tkr_ap_encounter_new (f->rules, NULL, NULL);
  GError *error = NULL;

  ok (tkr_tracker_load_json (TKR_TRACKER (copy), first, "encounter", resolve, f, &error), error);
  second = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_true (json_node_equal (first, second));
  g_assert_cmpint (tkr_tracker_get_phase (TKR_TRACKER (copy)), ==,
                   tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)));
}

static void
test_json_round_trip (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  round_trip (f);
  ok (tkr_ap_encounter_add_effect (f->encounter, f->b, "Poison", 2, &error), error);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->a, "Stunned", TRUE, 0, &error), error);
  ok (tkr_ap_encounter_set_surprised (f->encounter, f->g, TRUE, &error), error);
  begin_combat (f);
  round_trip (f);
  reset_with (f, 5, 3, 4);
  ok (tkr_ap_encounter_add_adjustment (f->encounter, f->a, "Defense", -1, &error), error);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->b, "Prone", FALSE, 0, &error), error);
  ok (tkr_ap_encounter_free_steps (f->encounter, f->a, 1, &error), error);
  ok (tkr_ap_encounter_move (f->encounter, f->a, 2, &error), error);
  next (f);
  round_trip (f);
  ok (tkr_encounter_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_END, &error), error);
  round_trip (f);
}

static void
expect_refused (Fixture *f, const char *json, const char *path_in_message)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (TkrApEncounter) copy = tkr_ap_encounter_new (f->rules, NULL, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  g_assert_false (tkr_tracker_load_json (TKR_TRACKER (copy), json_parser_get_root (parser),
                                         "encounter", resolve, f, &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path_in_message));
  /* Nothing changed. */
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (copy)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_ap_encounter_get_members (copy)), ==, 0);
}

static char *
valid_with (Fixture *f, const char *member, JsonNode *value)
{
  g_autoptr (JsonNode) node = tkr_tracker_to_json (TKR_TRACKER (f->encounter));

  json_object_set_member (json_node_get_object (node), member, value);
  return json_to_string (node, FALSE);
}

/* Files written before the engine kept the participants have them in the
 * combatants: a PC by "ref", an NPC whole in "npc". They still load, with
 * a Reset due (no order, Round 0), and save in the engine's shape. */
static void
test_json_old_file (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) saved = NULL;
  g_autoptr (TkrApEncounter) copy = tkr_ap_encounter_new (f->rules, NULL, NULL);
  JsonObject *object, *goblin;
  TkrApCombatant *member;
  GError *error = NULL;

  ok (tkr_ap_encounter_set_surprised (f->encounter, f->g, TRUE, &error), error);
  begin_combat (f);
  node = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  object = json_node_get_object (node);
  json_object_remove_member (object, "participants");
  goblin = json_array_get_object_element (json_object_get_array_member (object, "combatants"), 2);
  json_object_remove_member (goblin, "ref");
  json_object_set_member (goblin, "npc", tkr_character_to_json (f->goblin));

  ok (tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve, f, &error), error);
  g_assert_cmpint (tkr_tracker_get_phase (TKR_TRACKER (copy)), ==, TKR_PHASE_MAIN);
  g_assert_cmpint (tkr_ap_encounter_get_step (copy), ==, TKR_AP_STEP_RESET);
  g_assert_cmpint (tkr_tracker_get_round (TKR_TRACKER (copy)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (copy))), ==,
                    0);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (copy))), ==, 3);
  member = tkr_ap_encounter_find_member (copy, f->alice);
  g_assert_nonnull (member);
  g_assert_cmpint (tkr_ap_combatant_get_finesse_die (member), ==, 8);
  member = g_list_model_get_item (tkr_ap_encounter_get_members (copy), 2);
  g_assert_true (tkr_ap_combatant_get_surprised (member));
  g_assert_cmpstr (tkr_combatant_get_name (TKR_COMBATANT (member)), ==, "Goblin");
  g_object_unref (member);

  /* Saved again, it is the engine's shape, and that round-trips. */
  saved = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_true (json_object_has_member (json_node_get_object (saved), "participants"));
  g_clear_object (&copy);
  copy = tkr_ap_encounter_new (f->rules, NULL, NULL);
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), saved, "encounter", resolve, f, &error), error);
  g_clear_pointer (&node, json_node_unref);
  node = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_true (json_node_equal (saved, node));
}

/* ---- rules the view shows ----------------------------------------- */

/* Reset Phase, step 5: a Finesse Die face plus the AP adjustment (never
 * below 0), or exactly the rule data's AP for the surprised in the
 * opening Reset; step 4: one Mana or Faith, not past the maximum. */
static void
test_reset_preview_rules (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  gboolean surprised = TRUE;

  ok (tkr_ap_encounter_set_ap_adjustment (f->encounter, f->b, -2, &error), error);
  g_assert_cmpint (tkr_ap_encounter_reset_ap (f->encounter, f->b, 5, &surprised), ==, 3);
  g_assert_false (surprised);
  g_assert_cmpint (tkr_ap_encounter_reset_ap (f->encounter, f->b, 1, NULL), ==, 0);
  ok (tkr_ap_encounter_set_surprised (f->encounter, f->b, TRUE, &error), error);
  g_assert_cmpint (tkr_ap_encounter_reset_ap (f->encounter, f->b, 5, &surprised), ==,
                   tkr_ap_encounter_get_surprised_first_ap (f->encounter));
  g_assert_true (surprised);

  /* Alice has 3 of 3 Mana: nothing to recover until she spends some. */
  g_assert_cmpint (tkr_ap_encounter_get_recovery (f->encounter, f->a), ==, 0);
  ok (tkr_ap_encounter_set_pool (f->encounter, f->a, "mana", 1, 3, &error), error);
  g_assert_cmpint (tkr_ap_encounter_get_recovery (f->encounter, f->a), ==, 1);
  ok (tkr_ap_encounter_set_recover (f->encounter, f->a, "faith", &error), error);
  g_assert_cmpint (tkr_ap_encounter_get_recovery (f->encounter, f->a), ==, 0);
}

/* Mana and Faith as the GM types them: a current value above the maximum
 * raises it, a maximum below the current value lowers that, both within
 * 0 and the rule data's largest pool. */
static void
test_pool_fitting (Fixture *f, gconstpointer data)
{
  int most = tkr_ap_encounter_get_max_pool (f->encounter);
  int current = 5, maximum = 3;
  int lowest, highest;

  tkr_ap_encounter_fit_pool (f->encounter, TRUE, &current, &maximum);
  g_assert_cmpint (current, ==, MIN (5, most));
  g_assert_cmpint (maximum, ==, MIN (5, most));
  current = 5, maximum = 3;
  tkr_ap_encounter_fit_pool (f->encounter, FALSE, &current, &maximum);
  g_assert_cmpint (current, ==, 3);
  g_assert_cmpint (maximum, ==, 3);
  current = -1, maximum = most + 10;
  tkr_ap_encounter_fit_pool (f->encounter, FALSE, &current, &maximum);
  g_assert_cmpint (current, ==, 0);
  g_assert_cmpint (maximum, ==, most);

  /* The End's award controls span the rule data's awards. */
  tkr_ap_encounter_get_award_range (f->encounter, &lowest, &highest);
  g_assert_cmpint (lowest, >=, 1);
  g_assert_cmpint (lowest, <=, highest);
}

static void
test_json_malformed (Fixture *f, gconstpointer data)
{
  g_autofree char *bad_phase = NULL;
  g_autofree char *bad_order = NULL;
  g_autofree char *bad_index = NULL;
  g_autoptr (JsonNode) good = NULL;
  g_autofree char *bad_die = NULL;
  g_autofree char *bad_ap = NULL;
  GError *error = NULL;
  JsonObject *member;
  JsonArray *combatants;

  expect_refused (f, "[]", "encounter");
  expect_refused (f, "{\"rule_system\": \"pf2e\"}", "encounter.rule_system");
  expect_refused (f,
                  "{\"rule_system\": \"action-points\", \"phase\": \"main\", \"step\": \"action\","
                  " \"turn\": 1, \"round\": 1, \"current_index\": 0, \"combatants\": [],"
                  " \"order\": []}",
                  "encounter.current_index");
  expect_refused (f,
                  "{\"rule_system\": \"action-points\", \"phase\": \"sideways\", \"step\": "
                  "\"reset\", \"turn\": 0, \"round\": 0, \"current_index\": -1, \"combatants\": "
                  "[], \"order\": []}",
                  "encounter.phase");
  expect_refused (f,
                  "{\"rule_system\": \"action-points\", \"phase\": \"freeplay\", \"step\": "
                  "\"reset\", \"turn\": 0, \"round\": 0, \"current_index\": -1, \"combatants\": "
                  "[{\"ref\": \"nobody\"}], \"order\": []}",
                  "encounter.combatants[0].ref");

  begin_action (f);
  bad_phase = valid_with (f, "phase", json_node_init_string (json_node_alloc (), "freeplay"));
  expect_refused (f, bad_phase, "encounter.step");
  bad_order = valid_with (f, "order", json_from_string ("[0, 0]", NULL));
  expect_refused (f, bad_order, "encounter.order[1]");
  bad_index = valid_with (f, "current_index", json_node_init_int (json_node_alloc (), 9));
  expect_refused (f, bad_index, "encounter.current_index");

  good = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  combatants = json_object_get_array_member (json_node_get_object (good), "combatants");
  member = json_array_get_object_element (combatants, 0);
  json_object_set_int_member (member, "finesse_die", 7);
  bad_die = json_to_string (good, FALSE);
  expect_refused (f, bad_die, "encounter.combatants[0].finesse_die");
  json_object_set_int_member (member, "finesse_die", 8);
  json_object_set_int_member (member, "ap", -3);
  bad_ap = json_to_string (good, FALSE);
  expect_refused (f, bad_ap, "encounter.combatants[0].ap");
  g_assert_no_error (error);
}

/* The Reset's preview (seed 004, Reset Phase) names, step by step, what
 * the coming Reset will do to whom: effects' damage, the Temporary marks
 * that end, the Check Rolls and their targets, recovery, then AP. */
static void
test_reset_preview_steps (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  g_auto (GStrv) steps = NULL;
  g_autofree char *recovered = NULL;

  begin_combat (f);
  ok (tkr_ap_encounter_add_effect (f->encounter, f->b, "Poison", 2, &error), error);
  ok (tkr_ap_encounter_add_adjustment (f->encounter, f->a, "Defense", 1, &error), error);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->a, "Dazed", FALSE, 0, &error), error);
  ok (tkr_ap_encounter_add_condition (f->encounter, f->g, "Cursed", TRUE, 15, &error), error);

  steps = tkr_ap_encounter_preview_reset (f->encounter);
  g_assert_cmpuint (g_strv_length (steps), ==, TKR_AP_RESET_STEPS);
  g_assert_cmpstr (steps[0], ==, "Bob: 2 damage from Poison");
  g_assert_cmpstr (steps[1], ==, "Alice: Defense +1, Alice: Dazed");
  g_assert_cmpstr (steps[2], ==, "Goblin: Cursed, needs 15");
  if (tkr_ap_encounter_get_recovery (f->encounter, f->a) > 0)
    {
      recovered =
        g_strdup_printf ("Alice: +%d Mana", tkr_ap_encounter_get_recovery (f->encounter, f->a));
      g_assert_nonnull (strstr (steps[3], recovered));
    }
  g_assert_true (g_str_has_prefix (steps[4], "Everyone rolls the Finesse Die"));

  /* After the opening Reset, the next one says leftovers are lost, and
   * what ended is gone from the preview. */
  reset_with (f, 5, 3, 4);
  g_clear_pointer (&steps, g_strfreev);
  steps = tkr_ap_encounter_preview_reset (f->encounter);
  g_assert_cmpstr (steps[1], ==, "");
  g_assert_true (g_str_has_prefix (steps[4], "Left-over AP"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn)                                                                              \
  g_test_add ("/action-points/" path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)

  g_test_add_func ("/action-points/rules/own-section-required", test_rules_section);
  ADD ("participants/seeded-from-sheet-and-gm-settings", test_seeded_from_sheet);
  ADD ("participants/reset-finesse-die-adjustment-size-from-sheet-fields",
       test_seeded_from_sheet_fields);
  ADD ("participants/sheet-without-fields-falls-back-to-finesse-save", test_seeded_from_old_sheet);
  ADD ("phases/combat-starts-with-a-reset", test_combat_starts_with_reset);
  ADD ("phases/illegal-transitions-and-pause", test_phases_illegal_and_pause);
  ADD ("reset/per-turn-effects-damage-health", test_reset_per_turn_effects);
  ADD ("reset/steps-in-order-temporary-before-persistent", test_reset_order_of_steps);
  ADD ("reset/persistent-check-roll-target-from-data-or-gm", test_reset_persistent_check);
  ADD ("reset/recover-one-mana-or-faith-players-choice", test_reset_recover_choice);
  ADD ("reset/ap-finesse-die-plus-adjustment-leftovers-lost", test_reset_ap_discards_leftovers);
  ADD ("reset/surprised-exactly-one-ap-in-first-reset", test_reset_surprised_one_ap);
  ADD ("reset/rolls-needed-change-only-where-they-change", test_reset_rolls_needed);
  ADD ("action/descending-current-ap-recomputed-each-round", test_action_order_by_current_ap);
  ADD ("action/ties-larger-finesse-die-then-entry-order", test_action_ties_finesse_then_entry);
  ADD ("action/at-most-3-ap-one-movement-one-action-a-round", test_action_three_ap_per_round);
  ADD ("action/only-action-with-1-or-2-ap", test_action_only_action);
  ADD ("action/pass-keeps-ap-phase-ends-when-all-passed-or-0", test_action_pass_and_end_of_phase);
  ADD ("action/phase-ends-when-everyone-has-0-ap", test_action_phase_ends_at_zero_ap);
  ADD ("action/free-steps-size-once-a-turn-first-needs-ap", test_action_free_steps);
  ADD ("action/acting-out-of-order-refused", test_action_out_of_order);
  ADD ("end/ends-with-a-reset-xp-per-pc-back-to-freeplay", test_end_with_reset_and_xp);
  ADD ("undo/every-command", test_undo_every_command);
  ADD ("undo/previous-turn-restores", test_undo_previous_turn);
  ADD ("json/round-trip", test_json_round_trip);
  ADD ("json/malformed-refused-with-path", test_json_malformed);
  ADD ("json/file-with-participants-in-combatants-loads", test_json_old_file);
  ADD ("reset/preview-names-each-step-in-order", test_reset_preview_steps);
  ADD ("reset/preview-ap-surprise-and-recovery", test_reset_preview_rules);
  ADD ("pools/mana-faith-fitting-and-award-range", test_pool_fitting);

  return g_test_run ();
}
