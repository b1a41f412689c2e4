/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The engine's timed effects (src/core/engine/tkr-effects.h;
 * docs/ARCHITECTURE.md, "Combatant state") on their own, under the
 * smallest rule system that can be: the order in order of entry, and one
 * list of effects counted down at the start of each turn of their source,
 * as Pathfinder 2e does (help/C/pf2e.page: an effect of 3 rounds made on
 * its creator's turn in round 1 ends at the start of its creator's turn in
 * round 4). tests/test-pf2e.c checks the same rules through Pathfinder 2e.
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-effects.h"

#define TEST_TYPE_ENCOUNTER (test_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TestEncounter, test_encounter, TEST, ENCOUNTER, TkrEncounter)

struct _TestEncounter
{
  TkrEncounter parent_instance;
  GListStore *effects;
  guint ended_at_start; /* how many effects the last turn's start ended */
};

G_DEFINE_FINAL_TYPE (TestEncounter, test_encounter, TKR_TYPE_ENCOUNTER)

static TkrCombatant *
test_new_combatant (TkrEncounter *encounter, TkrCharacter *character)
{
  /* The engine's own combatant: this system adds nothing to it. */
  return g_object_new (TKR_TYPE_COMBATANT, "character", character, NULL);
}

static GPtrArray *
test_build_order (TkrEncounter *encounter)
{
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  GPtrArray *order = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    g_ptr_array_add (order, g_list_model_get_item (combatants, i));
  return order;
}

static void
test_start_turn (TkrEncounter *encounter, GObject *slot)
{
  TestEncounter *self = TEST_ENCOUNTER (encounter);

  self->ended_at_start = tkr_effects_turn_edge (encounter, self->effects,
                                                TKR_EFFECT_EDGE_TURN_START, TKR_COMBATANT (slot));
}

/* Nothing counts down at the end of a turn yet. */
static void
test_end_turn (TkrEncounter *encounter, GObject *slot)
{
  TestEncounter *self = TEST_ENCOUNTER (encounter);

  g_assert_cmpuint (tkr_effects_turn_edge (encounter, self->effects, TKR_EFFECT_EDGE_TURN_END,
                                           TKR_COMBATANT (slot)),
                    ==, 0);
}

static void
test_encounter_finalize (GObject *object)
{
  g_clear_object (&TEST_ENCOUNTER (object)->effects);
  G_OBJECT_CLASS (test_encounter_parent_class)->finalize (object);
}

static void
test_encounter_class_init (TestEncounterClass *klass)
{
  TkrEncounterClass *encounter_class = TKR_ENCOUNTER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = test_encounter_finalize;
  encounter_class->new_combatant = test_new_combatant;
  encounter_class->build_order = test_build_order;
  encounter_class->start_turn = test_start_turn;
  encounter_class->end_turn = test_end_turn;
}

static void
test_encounter_init (TestEncounter *self)
{
  self->effects = g_list_store_new (TKR_TYPE_CONDITION);
}

typedef struct
{
  TkrHistory *history;
  TkrRules *rules;
  TestEncounter *encounter;
  TkrCharacter *ann; /* first in the order */
  TkrCharacter *kim; /* second */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrEncounter *encounter;

  f->history = tkr_history_new ();
  f->rules = g_object_ref (tkr_rules_get_default ());
  f->encounter = g_object_new (TEST_TYPE_ENCOUNTER, "rules", f->rules, "history", f->history, NULL);
  encounter = TKR_ENCOUNTER (f->encounter);
  f->ann = tkr_character_new (f->rules, TKR_CHARACTER_KIND_NPC, "Ann");
  f->kim = tkr_character_new (f->rules, TKR_CHARACTER_KIND_NPC, "Kim");
  g_assert_true (tkr_encounter_add_participant (encounter, f->ann, &error));
  g_assert_true (tkr_encounter_add_participant (encounter, f->kim, &error));
  g_assert_true (tkr_encounter_transition (encounter, TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_encounter_transition (encounter, TKR_PHASE_MAIN, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->encounter);
  g_clear_object (&f->ann);
  g_clear_object (&f->kim);
  g_clear_object (&f->rules);
  g_clear_object (&f->history);
}

static TkrCombatant *
combatant (Fixture *f, TkrCharacter *character)
{
  return tkr_encounter_find_combatant (TKR_ENCOUNTER (f->encounter), character);
}

static guint
n_effects (Fixture *f)
{
  return g_list_model_get_n_items (G_LIST_MODEL (f->encounter->effects));
}

static const char *
last_log_line (Fixture *f)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
  g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);

  return tkr_log_entry_get_text (entry);
}

static void
next_turn (Fixture *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), &error));
  g_assert_no_error (error);
}

/* An effect is a Temporary condition with its rounds and its source's
 * character id; adding it is one history step with a log line, and undo
 * takes it away. */
static void
test_add_is_one_undoable_step (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  guint steps = tkr_history_get_n_undo (f->history);
  TkrCondition *effect = tkr_effects_add (TKR_ENCOUNTER (f->encounter), f->encounter->effects,
                                          combatant (f, f->ann), "Bless", 3, &error);

  g_assert_no_error (error);
  g_assert_nonnull (effect);
  g_assert_cmpint (tkr_condition_get_kind (effect), ==, TKR_CONDITION_KIND_TEMPORARY);
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 3);
  g_assert_cmpstr (tkr_condition_get_source (effect), ==, tkr_character_get_id (f->ann));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_cmpstr (last_log_line (f), ==, "Ann creates Bless for 3 rounds");
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (n_effects (f), ==, 0);
  g_assert_true (tkr_history_redo (f->history));
  g_assert_cmpuint (n_effects (f), ==, 1);
}

/* help/C/pf2e.page: a duration counts down at the start of its creator's
 * turn only, and an effect of 3 rounds made in round 1 ends at the start
 * of its creator's turn in round 4, with a log line; going back to the
 * previous turn brings it back with 1 round left. */
static void
test_counts_down_at_start_of_source_turn (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCondition *effect = tkr_effects_add (TKR_ENCOUNTER (f->encounter), f->encounter->effects,
                                          combatant (f, f->ann), "Bless", 3, &error);

  g_assert_no_error (error);
  next_turn (f); /* round 1, Kim: not Ann's turn */
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 3);
  next_turn (f); /* round 2, Ann */
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 2);
  next_turn (f);
  next_turn (f); /* round 3, Ann */
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 1);
  next_turn (f);
  g_assert_cmpuint (n_effects (f), ==, 1);
  next_turn (f); /* round 4, Ann: it ends */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 4);
  g_assert_cmpuint (n_effects (f), ==, 0);
  g_assert_cmpuint (f->encounter->ended_at_start, ==, 1);
  g_assert_nonnull (strstr (last_log_line (f), "Bless (by Ann) ends"));

  g_assert_true (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_effects (f), ==, 1);
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 1);
}

/* Ending an effect early is one step, logged; undo brings it back. */
static void
test_remove_early (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCondition *effect = tkr_effects_add (TKR_ENCOUNTER (f->encounter), f->encounter->effects,
                                          combatant (f, f->kim), "Haste", 2, &error);

  g_object_ref (effect);
  g_assert_true (
    tkr_effects_remove (TKR_ENCOUNTER (f->encounter), f->encounter->effects, effect, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_effects (f), ==, 0);
  g_assert_cmpstr (last_log_line (f), ==, "Haste ends early");
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (n_effects (f), ==, 1);

  /* Twice is refused: the second time it is not there. */
  g_assert_true (tkr_history_redo (f->history));
  g_assert_false (
    tkr_effects_remove (TKR_ENCOUNTER (f->encounter), f->encounter->effects, effect, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_object_unref (effect);
}

/* Effects that last rounds are tracked while the rounds run, from 1 to
 * TKR_EFFECT_MAX_ROUNDS rounds; a refusal changes nothing. */
static void
test_refusals (Fixture *f, gconstpointer data)
{
  TkrEncounter *encounter = TKR_ENCOUNTER (f->encounter);
  GError *error = NULL;
  guint steps = tkr_history_get_n_undo (f->history);

  g_assert_null (
    tkr_effects_add (encounter, f->encounter->effects, combatant (f, f->ann), "Bless", 0, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (tkr_effects_add (encounter, f->encounter->effects, combatant (f, f->ann), "Bless",
                                  TKR_EFFECT_MAX_ROUNDS + 1, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (tkr_encounter_transition (encounter, TKR_PHASE_END, &error));
  steps = tkr_history_get_n_undo (f->history);
  g_assert_null (
    tkr_effects_add (encounter, f->encounter->effects, combatant (f, f->ann), "Bless", 1, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_cmpuint (n_effects (f), ==, 0);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps);
}

/* Untimed Temporary conditions (the d20 Dodging, the Action-Point
 * Temporary conditions) end together at their holder's turn edge; the
 * others stay; recorded in the open step. */
static void
test_end_temporary (Fixture *f, gconstpointer data)
{
  GListStore *conditions = tkr_combatant_get_condition_store (combatant (f, f->ann));
  g_autoptr (TkrCondition) dodging = tkr_condition_new ("Dodging", TKR_CONDITION_KIND_TEMPORARY, 1);
  g_autoptr (TkrCondition) prone = tkr_condition_new ("Prone", TKR_CONDITION_KIND_PERSISTENT, 1);
  g_autoptr (TkrCondition) dazed = tkr_condition_new ("Dazed", TKR_CONDITION_KIND_FLEETING, 1);

  g_list_store_append (conditions, dodging);
  g_list_store_append (conditions, prone);
  g_list_store_append (conditions, dazed);
  tkr_history_begin (f->history, "Turn edge");
  g_assert_cmpuint (tkr_effects_end_temporary (TKR_ENCOUNTER (f->encounter), conditions), ==, 1);
  tkr_history_end (f->history);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (conditions)), ==, 2);
  g_assert_false (g_list_store_find (conditions, dodging, NULL));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (g_list_store_find (conditions, dodging, NULL));
}

/* Files keep an effect as they always have: {"name", "rounds_left",
 * "creator"}; reading gives the same effect back, and refuses a creator
 * outside the order or a duration out of range, naming the member. */
static void
test_json (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) sources = g_ptr_array_new ();
  g_autoptr (TkrCondition) effect = tkr_effect_new ("Bless", tkr_character_get_id (f->ann), 2);
  g_autoptr (JsonNode) node = tkr_effect_to_json (effect);
  g_autoptr (TkrCondition) copy = NULL;
  g_autoptr (JsonNode) again = NULL;
  g_autoptr (JsonNode) bad = NULL;
  g_autofree char *text = json_to_string (node, FALSE);
  g_autofree char *bad_text = NULL;
  g_autofree char *expected = g_strdup_printf (
    "{\"name\":\"Bless\",\"rounds_left\":2,\"creator\":\"%s\"}", tkr_character_get_id (f->ann));
  GError *error = NULL;

  g_assert_cmpstr (text, ==, expected);
  g_ptr_array_add (sources, combatant (f, f->ann));
  copy = tkr_effect_from_json (node, "effects[0]", sources, &error);
  g_assert_no_error (error);
  again = tkr_effect_to_json (copy);
  g_assert_true (json_node_equal (node, again));
  g_assert_cmpint (tkr_condition_get_kind (copy), ==, TKR_CONDITION_KIND_TEMPORARY);

  g_ptr_array_set_size (sources, 0);
  g_ptr_array_add (sources, combatant (f, f->kim));
  g_assert_null (tkr_effect_from_json (node, "effects[0]", sources, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "creator"));
  g_clear_error (&error);

  bad_text = g_strdup_printf ("{\"name\":\"Bless\",\"rounds_left\":0,\"creator\":\"%s\"}",
                              tkr_character_get_id (f->kim));
  bad = json_from_string (bad_text, NULL);
  g_assert_null (tkr_effect_from_json (bad, "effects[0]", sources, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "rounds_left"));
  g_clear_error (&error);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/effects/add-is-one-undoable-step", test_add_is_one_undoable_step);
  ADD ("/effects/pf2e-duration-counts-down-at-start-of-source-turn",
       test_counts_down_at_start_of_source_turn);
  ADD ("/effects/remove-early-is-one-undoable-step", test_remove_early);
  ADD ("/effects/refused-outside-the-rounds-or-out-of-range", test_refusals);
  ADD ("/effects/untimed-temporary-end-at-the-turn-edge", test_end_temporary);
  ADD ("/effects/json-keeps-the-old-format", test_json);
  return g_test_run ();
}
