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

/* Timed effects on a holder (tkr_effects_add_timed), the engine counting
 * them down at every turn edge (tkr-effects.h). The order is Ann, then
 * Kim; the rounds begin on Ann's turn in round 1. */

typedef struct
{
  guint count;
  TkrCondition *effect; /* the last one, unowned */
  TkrCombatant *holder;
} Ended;

static void
effect_ended_cb (TkrEncounter *encounter, TkrCondition *effect, TkrCombatant *holder, Ended *ended)
{
  ended->count++;
  ended->effect = effect;
  ended->holder = holder;
}

static TkrCondition *
add_timed (Fixture *f,
           TkrCharacter *holder,
           const char *name,
           TkrEffectDuration duration,
           int amount,
           TkrEffectEdge edge,
           TkrCharacter *anchor,
           TkrCharacter *source)
{
  g_autoptr (GError) error = NULL;
  TkrCondition *effect =
    tkr_effects_add_timed (TKR_ENCOUNTER (f->encounter), combatant (f, holder), name, duration,
                           amount, edge, anchor != NULL ? combatant (f, anchor) : NULL,
                           source != NULL ? combatant (f, source) : NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (effect);
  return effect;
}

static GListModel *
effects_on (Fixture *f, TkrCharacter *holder)
{
  return G_LIST_MODEL (tkr_effects_get_store (combatant (f, holder)));
}

static const char *
last_log_kind (Fixture *f)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
  g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);

  return tkr_log_entry_get_kind (entry);
}

static void
assert_left (Fixture *f, TkrCondition *effect, const char *words)
{
  g_autofree char *left = tkr_effects_describe_left (TKR_ENCOUNTER (f->encounter), effect);

  g_assert_cmpstr (left, ==, words);
}

static void
previous_turn (Fixture *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error));
  g_assert_no_error (error);
}

/* Putting an effect on a holder is one history step with a log line that
 * says what is left; undo takes it away. */
static void
test_timed_add_is_one_step (Fixture *f, gconstpointer data)
{
  guint steps = tkr_history_get_n_undo (f->history);
  TkrCondition *effect = add_timed (f, f->kim, "Bless", TKR_EFFECT_DURATION_ROUNDS, 3,
                                    TKR_EFFECT_EDGE_TURN_START, f->ann, f->ann);

  g_assert_cmpint (tkr_condition_get_kind (effect), ==, TKR_CONDITION_KIND_TEMPORARY);
  g_assert_cmpint (tkr_condition_get_duration (effect), ==, TKR_EFFECT_DURATION_ROUNDS);
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 3);
  g_assert_cmpstr (tkr_condition_get_anchor (effect), ==, tkr_character_get_id (f->ann));
  g_assert_cmpstr (tkr_condition_get_source (effect), ==, tkr_character_get_id (f->ann));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_cmpstr (last_log_line (f), ==, "Ann puts Bless on Kim (3 rounds left)");
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
}

/* "Blinded until the start of the caster's next turn": 1 turn, at the
 * start, anchored to another combatant than its holder. It ends at the
 * start of Ann's next turn, logged with the kind effect-ended, and the
 * encounter emits effect-ended; previous turn brings it back, and the
 * next turn ends it again. */
static void
test_timed_turn_start_anchored_to_another (Fixture *f, gconstpointer data)
{
  Ended ended = { 0 };
  TkrCondition *effect = add_timed (f, f->kim, "Blinded", TKR_EFFECT_DURATION_TURNS, 1,
                                    TKR_EFFECT_EDGE_TURN_START, f->ann, f->ann);

  g_signal_connect (f->encounter, "effect-ended", G_CALLBACK (effect_ended_cb), &ended);
  assert_left (f, effect, "until the start of Ann’s next turn");
  next_turn (f); /* Kim: the end of Ann's turn and the start of Kim's do not count */
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 1);
  g_assert_cmpuint (ended.count, ==, 0);

  g_object_ref (effect);
  next_turn (f); /* round 2, Ann: it ends */
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
  g_assert_cmpstr (last_log_line (f), ==, "Blinded on Kim ended at the start of Ann’s turn");
  g_assert_cmpstr (last_log_kind (f), ==, TKR_LOG_EFFECT_ENDED);
  g_assert_cmpuint (ended.count, ==, 1);
  g_assert_true (ended.effect == effect);
  g_assert_true (ended.holder == combatant (f, f->kim));

  previous_turn (f);
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 1);
  next_turn (f);
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
  g_assert_cmpuint (ended.count, ==, 2);
  g_object_unref (effect);
}

/* "Frightened until the end of your turn": 1 turn, at the end, anchored
 * to its holder. Made on Ann's turn, it lasts through Kim's turn and ends
 * at its end. */
static void
test_timed_turn_end_of_holder (Fixture *f, gconstpointer data)
{
  TkrCondition *effect = add_timed (f, f->kim, "Frightened", TKR_EFFECT_DURATION_TURNS, 1,
                                    TKR_EFFECT_EDGE_TURN_END, NULL, f->ann);

  g_assert_cmpstr (tkr_condition_get_anchor (effect), ==, tkr_character_get_id (f->kim));
  assert_left (f, effect, "until the end of Kim’s next turn");
  next_turn (f); /* Kim */
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
  assert_left (f, effect, "until the end of Kim’s turn");
  next_turn (f); /* round 2, Ann: Kim's turn has ended */
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
  g_assert_cmpstr (last_log_line (f), ==, "Frightened on Kim ended at the end of Kim’s turn");
  previous_turn (f);
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
}

/* N turns: every edge of the anchor at the effect's edge takes one off;
 * "3 turns" at the end of Ann's turns ends at the end of her third. */
static void
test_timed_turns_count_each_edge (Fixture *f, gconstpointer data)
{
  TkrCondition *effect = add_timed (f, f->kim, "Ward", TKR_EFFECT_DURATION_TURNS, 3,
                                    TKR_EFFECT_EDGE_TURN_END, f->ann, NULL);

  assert_left (f, effect, "3 turns left, until the end of Ann’s turn");
  g_assert_cmpstr (last_log_line (f), ==,
                   "Ward on Kim (3 turns left, until the end of Ann’s turn)");
  next_turn (f); /* the end of Ann's turn in round 1 */
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 2);
  next_turn (f);
  next_turn (f); /* the end of Ann's turn in round 2 */
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 1);
  next_turn (f);
  next_turn (f); /* the end of Ann's turn in round 3 */
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
  g_assert_cmpstr (last_log_line (f), ==, "Ward on Kim ended at the end of Ann’s turn");
}

/* help/C/pf2e.page, through the holder's effects: "lasts 3 rounds from
 * the caster's turn", made on Ann's turn in round 1, counts down at the
 * start of Ann's turns and ends at the start of her turn in round 4. */
static void
test_timed_rounds_pf2e_rule (Fixture *f, gconstpointer data)
{
  TkrCondition *effect = add_timed (f, f->kim, "Bless", TKR_EFFECT_DURATION_ROUNDS, 3,
                                    TKR_EFFECT_EDGE_TURN_START, f->ann, f->ann);

  for (int round = 2; round <= 3; round++)
    {
      next_turn (f);
      next_turn (f); /* Ann, round @round */
      g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, round);
      g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 4 - round);
    }
  assert_left (f, effect, "1 round left");
  next_turn (f);
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
  next_turn (f); /* round 4, Ann */
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
  g_assert_cmpstr (last_log_line (f), ==, "Bless on Kim ended at the start of Ann’s turn");
}

/* N rounds ending at the end of a turn: the rounds go at the start of the
 * anchor's turns, and the effect lasts until the end of the turn that
 * took its last round. */
static void
test_timed_rounds_end_edge (Fixture *f, gconstpointer data)
{
  TkrCondition *effect = add_timed (f, f->kim, "Shield", TKR_EFFECT_DURATION_ROUNDS, 1,
                                    TKR_EFFECT_EDGE_TURN_END, f->ann, f->ann);

  next_turn (f); /* the end of Ann's turn in round 1 does not end it */
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 1);
  next_turn (f); /* round 2, Ann */
  g_assert_cmpint (tkr_condition_get_rounds_left (effect), ==, 0);
  assert_left (f, effect, "until the end of Ann’s turn");
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
  next_turn (f); /* the end of Ann's turn in round 2 */
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
  g_assert_cmpstr (last_log_line (f), ==, "Shield on Kim ended at the end of Ann’s turn");
}

/* Until removed and until the end of the encounter never count down;
 * they end when removed (one step, undoable). */
static void
test_timed_untimed_kinds (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCondition *mark = add_timed (f, f->kim, "Hunter's Mark", TKR_EFFECT_DURATION_UNTIL_REMOVED, 5,
                                  TKR_EFFECT_EDGE_TURN_START, NULL, f->ann);
  TkrCondition *curse = add_timed (f, f->kim, "Curse", TKR_EFFECT_DURATION_ENCOUNTER, 0,
                                   TKR_EFFECT_EDGE_TURN_END, NULL, NULL);

  g_assert_cmpint (tkr_condition_get_rounds_left (mark), ==, TKR_CONDITION_NO_DURATION);
  assert_left (f, mark, "until removed");
  assert_left (f, curse, "until the end of the encounter");
  for (int i = 0; i < 6; i++)
    next_turn (f);
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 2);
  g_assert_true (tkr_effects_remove (TKR_ENCOUNTER (f->encounter),
                                     tkr_effects_get_store (combatant (f, f->kim)), mark, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 1);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 2);
}

/* A refusal changes nothing: rounds and turns from 1 to
 * TKR_EFFECT_MAX_ROUNDS, a name, and only while the rounds run. */
static void
test_timed_refusals (Fixture *f, gconstpointer data)
{
  TkrEncounter *encounter = TKR_ENCOUNTER (f->encounter);
  TkrCombatant *kim = combatant (f, f->kim);
  GError *error = NULL;
  guint steps = tkr_history_get_n_undo (f->history);

  g_assert_null (tkr_effects_add_timed (encounter, kim, "Bless", TKR_EFFECT_DURATION_ROUNDS, 0,
                                        TKR_EFFECT_EDGE_TURN_START, NULL, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (tkr_effects_add_timed (encounter, kim, "Bless", TKR_EFFECT_DURATION_TURNS,
                                        TKR_EFFECT_MAX_ROUNDS + 1, TKR_EFFECT_EDGE_TURN_START, NULL,
                                        NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (tkr_effects_add_timed (encounter, kim, "  ", TKR_EFFECT_DURATION_TURNS, 1,
                                        TKR_EFFECT_EDGE_TURN_START, NULL, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps);
  g_assert_true (tkr_encounter_transition (encounter, TKR_PHASE_END, &error));
  g_assert_null (tkr_effects_add_timed (encounter, kim, "Bless", TKR_EFFECT_DURATION_TURNS, 1,
                                        TKR_EFFECT_EDGE_TURN_START, NULL, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_cmpuint (g_list_model_get_n_items (effects_on (f, f->kim)), ==, 0);
}

/* Files: a condition from before effects had a timing saves the same
 * bytes; one with a duration, an edge and an anchor keeps them; a
 * duration files do not know is refused, naming the member. */
static void
test_timed_condition_json (Fixture *f, gconstpointer data)
{
  const char *old_text = "{\"name\":\"Rage\",\"kind\":\"temporary\",\"max_stacks\":1,"
                         "\"episode_only\":false,\"stack_turns\":[],\"rounds_left\":2,"
                         "\"source\":\"c-1\"}";
  const char *new_text = "{\"name\":\"Ward\",\"kind\":\"temporary\",\"max_stacks\":1,"
                         "\"episode_only\":false,\"stack_turns\":[],\"rounds_left\":2,"
                         "\"duration\":\"turns\",\"edge\":\"end\",\"anchor\":\"c-2\"}";
  const char *texts[] = { old_text, new_text };
  g_autoptr (JsonNode) bad = json_from_string ("{\"name\":\"Ward\",\"stack_turns\":[],"
                                               "\"duration\":\"weeks\"}",
                                               NULL);
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (JsonNode) node = json_from_string (texts[i], NULL);
      g_autoptr (TkrCondition) condition = tkr_condition_new_from_json (node, "c", &error);
      g_autoptr (JsonNode) again = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      again = tkr_condition_to_json (condition);
      text = json_to_string (again, FALSE);
      g_assert_cmpstr (text, ==, texts[i]);
    }
  {
    g_autoptr (JsonNode) node = json_from_string (new_text, NULL);
    g_autoptr (TkrCondition) ward = tkr_condition_new_from_json (node, "c", &error);

    g_assert_cmpint (tkr_condition_get_duration (ward), ==, TKR_EFFECT_DURATION_TURNS);
    g_assert_cmpint (tkr_condition_get_edge (ward), ==, TKR_EFFECT_EDGE_TURN_END);
    g_assert_cmpstr (tkr_condition_get_anchor (ward), ==, "c-2");
  }
  g_assert_null (tkr_condition_new_from_json (bad, "c", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "duration"));
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
  ADD ("/effects/timed/add-is-one-undoable-step", test_timed_add_is_one_step);
  ADD ("/effects/timed/turn-start-anchored-to-another-combatant-ends-logged-and-comes-back",
       test_timed_turn_start_anchored_to_another);
  ADD ("/effects/timed/until-the-end-of-the-holders-turn", test_timed_turn_end_of_holder);
  ADD ("/effects/timed/turns-count-each-edge-of-the-anchor", test_timed_turns_count_each_edge);
  ADD ("/effects/timed/pf2e-3-rounds-end-at-the-start-of-round-4", test_timed_rounds_pf2e_rule);
  ADD ("/effects/timed/rounds-ending-at-the-end-of-the-anchors-turn", test_timed_rounds_end_edge);
  ADD ("/effects/timed/until-removed-and-encounter-never-count-down", test_timed_untimed_kinds);
  ADD ("/effects/timed/refused-out-of-range-unnamed-or-outside-the-rounds", test_timed_refusals);
  ADD ("/effects/timed/condition-json-old-bytes-and-new-members", test_timed_condition_json);
  return g_test_run ();
}
