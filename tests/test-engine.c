/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The shared encounter engine (docs/ARCHITECTURE.md, "The encounter
 * engine") on its own, under the smallest rule system that can be: one
 * resource ("actions", 2 a turn) refilled at the start of each turn, the
 * order in order of entry. What every system gets from TkrEncounter is
 * checked here once; tests/test-tracker.c checks the four real systems
 * through the same interface.
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-formula.h"
#include "tkr-json.h"

#define TEST_TYPE_COMBATANT (test_combatant_get_type ())
G_DECLARE_FINAL_TYPE (TestCombatant, test_combatant, TEST, COMBATANT, TkrCombatant)

struct _TestCombatant
{
  TkrCombatant parent_instance;
};

G_DEFINE_FINAL_TYPE (TestCombatant, test_combatant, TKR_TYPE_COMBATANT)

static void
test_combatant_class_init (TestCombatantClass *klass)
{
}

static void
test_combatant_init (TestCombatant *self)
{
  g_autoptr (TkrResource) actions = tkr_resource_new ("actions", "Actions", 2);

  tkr_combatant_add_resource (TKR_COMBATANT (self), actions);
}

#define TEST_TYPE_ENCOUNTER (test_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TestEncounter, test_encounter, TEST, ENCOUNTER, TkrEncounter)

struct _TestEncounter
{
  TkrEncounter parent_instance;
  gboolean ready; /* the Setup's own readiness */
  int turns_started;
};

G_DEFINE_FINAL_TYPE (TestEncounter, test_encounter, TKR_TYPE_ENCOUNTER)

static TkrCombatant *
test_new_combatant (TkrEncounter *encounter, TkrCharacter *character)
{
  return g_object_new (TEST_TYPE_COMBATANT, "character", character, NULL);
}

static gboolean
test_check_transition (TkrEncounter *encounter, TkrPhase to, GError **error)
{
  if (tkr_encounter_get_phase (encounter) == TKR_PHASE_SETUP && to == TKR_PHASE_MAIN &&
      !TEST_ENCOUNTER (encounter)->ready)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE, "Not ready");
      return FALSE;
    }
  return TRUE;
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
  TEST_ENCOUNTER (encounter)->turns_started++;
  tkr_encounter_refill_resources (encounter, TKR_COMBATANT (slot));
}

/* Files: combatants as {"character": id, "actions": left}, the order as
 * character ids. */
static void
test_write_json (TkrEncounter *encounter, JsonObject *object)
{
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  GListModel *order = tkr_encounter_get_order (encounter);
  JsonArray *combatant_array = json_array_new ();
  JsonArray *order_array = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);
      JsonObject *item = json_object_new ();

      json_object_set_string_member (
        item, "character", tkr_character_get_id (tkr_combatant_get_character (combatant)));
      json_object_set_int_member (item, "actions", tkr_combatant_get_left (combatant, "actions"));
      json_array_add_object_element (combatant_array, item);
    }
  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (order, i);

      json_array_add_string_element (
        order_array, tkr_character_get_id (tkr_combatant_get_character (combatant)));
    }
  json_object_set_array_member (object, "combatants", combatant_array);
  json_object_set_array_member (object, "order", order_array);
}

static gboolean
test_read_json (TkrEncounter *encounter,
                JsonObject *object,
                const char *path,
                TkrEncounterLoad *load,
                GError **error)
{
  JsonArray *combatants = json_object_get_array_member (object, "combatants");
  JsonArray *order = json_object_get_array_member (object, "order");

  for (guint i = 0; i < json_array_get_length (combatants); i++)
    {
      JsonObject *item = json_array_get_object_element (combatants, i);
      TkrCharacter *character =
        tkr_encounter_load_find_character (load, json_object_get_string_member (item, "character"));
      TkrCombatant *combatant = test_new_combatant (encounter, character);

      g_object_set (tkr_combatant_find_resource (combatant, "actions"), "current",
                    (int) json_object_get_int_member (item, "actions"), NULL);
      g_ptr_array_add (load->combatants, combatant);
    }
  for (guint i = 0; i < json_array_get_length (order); i++)
    {
      const char *id = json_array_get_string_element (order, i);

      for (guint j = 0; j < load->combatants->len; j++)
        if (g_strcmp0 (
              tkr_character_get_id (tkr_combatant_get_character (load->combatants->pdata[j])),
              id) == 0)
          g_ptr_array_add (load->order, g_object_ref (load->combatants->pdata[j]));
    }
  return TRUE;
}

static void
test_encounter_class_init (TestEncounterClass *klass)
{
  TkrEncounterClass *encounter_class = TKR_ENCOUNTER_CLASS (klass);

  encounter_class->write_json = test_write_json;
  encounter_class->read_json = test_read_json;
  encounter_class->new_combatant = test_new_combatant;
  encounter_class->check_transition = test_check_transition;
  encounter_class->build_order = test_build_order;
  encounter_class->start_turn = test_start_turn;
}

static void
test_encounter_init (TestEncounter *self)
{
}

typedef struct
{
  TkrHistory *history;
  TkrRules *rules;
  TestEncounter *encounter;
  TkrTracker *tracker;
  TkrCharacter *alice;  /* PC */
  TkrCharacter *goblin; /* NPC */
  TkrCharacter *orc;    /* NPC */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->history = tkr_history_new ();
  f->rules = g_object_ref (tkr_rules_get_default ());
  f->encounter = g_object_new (TEST_TYPE_ENCOUNTER, "rules", f->rules, "history", f->history, NULL);
  f->tracker = TKR_TRACKER (f->encounter);
  f->alice = tkr_character_new (f->rules, TKR_CHARACTER_KIND_PC, "Alice");
  f->goblin = tkr_character_new (f->rules, TKR_CHARACTER_KIND_NPC, "Goblin");
  f->orc = tkr_character_new (f->rules, TKR_CHARACTER_KIND_NPC, "Orc");
  g_assert_true (tkr_tracker_add_participant (f->tracker, f->alice, &error));
  g_assert_true (tkr_tracker_add_participant (f->tracker, f->goblin, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->encounter);
  g_clear_object (&f->alice);
  g_clear_object (&f->goblin);
  g_clear_object (&f->orc);
  g_clear_object (&f->rules);
  g_clear_object (&f->history);
}

static void
to_main (Fixture *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_SETUP, &error));
  f->encounter->ready = TRUE;
  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_MAIN, &error));
  g_assert_no_error (error);
}

static char *
snapshot (Fixture *f)
{
  g_autoptr (JsonNode) node = tkr_tracker_to_json (f->tracker);

  return json_to_string (node, TRUE);
}

static TkrCombatant *
combatant (Fixture *f, TkrCharacter *character)
{
  TkrCombatant *found = tkr_encounter_find_combatant (TKR_ENCOUNTER (f->encounter), character);

  g_assert_nonnull (found);
  return found;
}

/* Phases: the graph, and the encounter's real state (can_transition says
 * no to Setup -> Main while the system is not ready, and the refusal says
 * why). */
static void
test_phase_legality (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_tracker_can_transition (f->tracker, TKR_PHASE_SETUP));
  g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_MAIN));
  g_assert_false (tkr_tracker_transition (f->tracker, TKR_PHASE_END, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_clear_error (&error);

  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_SETUP, &error));
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_combatants (TKR_ENCOUNTER (f->encounter))), ==, 2);
  /* Legal in the graph, but the Setup is not complete. */
  g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_MAIN));
  g_assert_false (tkr_tracker_transition (f->tracker, TKR_PHASE_MAIN, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE);
  g_clear_error (&error);
  f->encounter->ready = TRUE;
  g_assert_true (tkr_tracker_can_transition (f->tracker, TKR_PHASE_MAIN));
  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_MAIN, &error));
  g_assert_cmpint (tkr_tracker_get_round (f->tracker), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_tracker_get_order (f->tracker)), ==, 2);

  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_PAUSED, &error));
  g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_SETUP));
  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_MAIN, &error));
  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_END, &error));
  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_FREEPLAY, &error));
  g_assert_no_error (error);
  /* Back in Freeplay: combatants and order go, the log stays. */
  g_assert_cmpuint (g_list_model_get_n_items (tkr_tracker_get_order (f->tracker)), ==, 0);
  g_assert_cmpint (tkr_tracker_get_round (f->tracker), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_tracker_get_log (f->tracker)), >, 0);
}

/* Next turn starts the next slot's turn (its resources refilled) and a
 * new round after the last; previous turn undoes the change of turn with
 * what it refilled. */
static void
test_next_and_previous_turn (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrEncounter *encounter = TKR_ENCOUNTER (f->encounter);
  TkrCombatant *alice;

  to_main (f);
  alice = combatant (f, f->alice);
  g_assert_true (tkr_encounter_get_current_slot (encounter) == G_OBJECT (alice));
  g_assert_cmpint (tkr_combatant_get_left (alice, "actions"), ==, 2);

  /* No earlier turn to go back to yet. */
  g_assert_false (tkr_tracker_previous_turn (f->tracker, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  tkr_history_begin (f->history, "Spend");
  g_assert_true (tkr_encounter_change_resource (encounter, alice, "actions", -2, &error));
  tkr_history_end (f->history);
  g_assert_cmpint (tkr_combatant_get_left (alice, "actions"), ==, 0);

  g_assert_true (tkr_tracker_next_turn (f->tracker, &error));
  g_assert_cmpint (tkr_encounter_get_current_index (encounter), ==, 1);
  g_assert_true (tkr_tracker_next_turn (f->tracker, &error));
  g_assert_cmpint (tkr_tracker_get_round (f->tracker), ==, 2);
  g_assert_cmpint (tkr_encounter_get_current_index (encounter), ==, 0);
  /* Alice's new turn gives her actions back. */
  g_assert_cmpint (tkr_combatant_get_left (alice, "actions"), ==, 2);

  g_assert_true (tkr_tracker_previous_turn (f->tracker, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_tracker_get_round (f->tracker), ==, 1);
  g_assert_cmpint (tkr_encounter_get_current_index (encounter), ==, 1);
  /* What her new turn refilled is undone with it. */
  g_assert_cmpint (tkr_combatant_get_left (alice, "actions"), ==, 0);
  g_assert_cmpint (f->encounter->turns_started, ==, 3);
}

/* Participants join and leave only before the rounds begin. */
static void
test_participants (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (tkr_tracker_add_participant (f->tracker, f->alice, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_SETUP, &error));
  /* Joining during Setup makes a combatant. */
  g_assert_true (tkr_tracker_add_participant (f->tracker, f->orc, &error));
  g_assert_nonnull (combatant (f, f->orc));
  g_assert_true (tkr_tracker_remove_participant (f->tracker, f->orc, &error));
  g_assert_null (tkr_encounter_find_combatant (TKR_ENCOUNTER (f->encounter), f->orc));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_nonnull (combatant (f, f->orc));
  g_assert_no_error (error);

  f->encounter->ready = TRUE;
  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_MAIN, &error));
  g_assert_false (tkr_tracker_add_participant (f->tracker, f->orc, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
}

/* Every command is one step: undo gives back the encounter as it was,
 * byte for byte in its file form, and redo the one after. */
static void
test_undo_redo_snapshots (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrPhase phases[] = { TKR_PHASE_SETUP, TKR_PHASE_MAIN, TKR_PHASE_PAUSED,
                        TKR_PHASE_MAIN,  TKR_PHASE_END,  TKR_PHASE_FREEPLAY };

  f->encounter->ready = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    {
      g_autofree char *before = snapshot (f);
      g_autofree char *after = NULL;
      g_autofree char *undone = NULL;
      g_autofree char *redone = NULL;

      g_assert_true (tkr_tracker_transition (f->tracker, phases[i], &error));
      g_assert_no_error (error);
      after = snapshot (f);
      g_assert_true (tkr_history_undo (f->history));
      undone = snapshot (f);
      g_assert_cmpstr (undone, ==, before);
      g_assert_true (tkr_history_redo (f->history));
      redone = snapshot (f);
      g_assert_cmpstr (redone, ==, after);
      if (phases[i] == TKR_PHASE_MAIN && i == 1)
        {
          g_autofree char *turn_before = snapshot (f);
          g_autofree char *turn_undone = NULL;

          g_assert_true (tkr_tracker_next_turn (f->tracker, &error));
          g_assert_true (tkr_history_undo (f->history));
          turn_undone = snapshot (f);
          g_assert_cmpstr (turn_undone, ==, turn_before);
          g_assert_true (tkr_history_redo (f->history));
        }
    }
}

static TkrCharacter *
resolve_alice (const char *id, gpointer user_data)
{
  Fixture *f = user_data;

  return g_strcmp0 (id, tkr_character_get_id (f->alice)) == 0 ? f->alice : NULL;
}

/* A file round trip gives the same bytes, and a file whose phase
 * disagrees with its lists is refused naming the path. */
static void
test_file_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TestEncounter) copy = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  JsonObject *object;

  to_main (f);
  g_assert_true (tkr_tracker_next_turn (f->tracker, &error));
  saved = snapshot (f);

  node = json_from_string (saved, &error);
  g_assert_no_error (error);
  copy = g_object_new (TEST_TYPE_ENCOUNTER, "rules", f->rules, NULL);
  g_assert_true (
    tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve_alice, f, &error));
  g_assert_no_error (error);
  {
    g_autoptr (JsonNode) again = tkr_tracker_to_json (TKR_TRACKER (copy));
    saved_again = json_to_string (again, TRUE);
  }
  g_assert_cmpstr (saved_again, ==, saved);

  /* Running rounds with no turn within the order. */
  object = json_node_get_object (node);
  json_object_set_int_member (object, "current_index", 7);
  g_clear_object (&copy);
  copy = g_object_new (TEST_TYPE_ENCOUNTER, "rules", f->rules, NULL);
  g_assert_false (
    tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve_alice, f, &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "encounter.current_index"));
}

/* The XP award: at the End, to a PC who took part, an amount the rule
 * data allows (the Kleptonomicon's: 1 or 2), logged with its kind. */
static void
test_award (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrEncounter *encounter = TKR_ENCOUNTER (f->encounter);
  GListModel *log = tkr_tracker_get_log (f->tracker);
  g_autoptr (TkrLogEntry) last = NULL;
  int xp = tkr_character_get_experience (f->alice);

  g_assert_false (tkr_encounter_award_experience (encounter, f->alice, 1, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  to_main (f);
  g_assert_true (tkr_tracker_transition (f->tracker, TKR_PHASE_END, &error));
  g_assert_false (tkr_encounter_award_experience (encounter, f->goblin, 1, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tkr_encounter_award_experience (encounter, f->alice, 3, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "An award in The Kleptonomicon is one of these amounts of Experience Points: "
                   "1, 2");
  g_clear_error (&error);
  g_assert_false (tkr_encounter_award_experience (encounter, f->orc, 1, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (tkr_encounter_award_experience (encounter, f->alice, 2, "the heist", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, xp + 2);
  last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_cmpstr (tkr_log_entry_get_kind (last), ==, TKR_LOG_XP_AWARD);
  g_assert_cmpstr (tkr_log_entry_get_text (last), ==, "Alice gains 2 XP: the heist");
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, xp);
}

/* Numbers by dice (help/C/effects.page): terms of whole numbers and NdM
 * joined by + and -, with the lowest and highest totals; what is not a
 * formula, or more than 100 dice or 1,000 sides, is refused in words. */
static void
test_formula (void)
{
  const char *bad[] = { "",       "d",     "2d",      "2d1",
                        "x",      "3+",    "+3",      "101d6",
                        "1d1001", "2d6*2", "1234567", "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1" };
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  TkrFormula formula;

  g_assert_true (tkr_formula_parse ("2d6+3", &formula, NULL));
  g_assert_true (tkr_formula_has_dice (&formula));
  g_assert_cmpint (tkr_formula_min (&formula), ==, 5);
  g_assert_cmpint (tkr_formula_max (&formula), ==, 15);
  g_assert_true (tkr_formula_parse ("d8 - 1", &formula, NULL));
  g_assert_cmpint (tkr_formula_min (&formula), ==, 0);
  g_assert_cmpint (tkr_formula_max (&formula), ==, 7);
  g_assert_true (tkr_formula_parse ("12", &formula, NULL));
  g_assert_false (tkr_formula_has_dice (&formula));
  g_assert_cmpint (tkr_formula_roll (&formula, NULL, NULL), ==, 12);
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *description = NULL;
      int total;

      g_assert_true (tkr_formula_parse ("4d6-2", &formula, NULL));
      total = tkr_formula_roll (&formula, rand, &description);
      g_assert_cmpint (total, >=, 2);
      g_assert_cmpint (total, <=, 22);
      g_assert_true (g_str_has_prefix (description, "4d6-2: "));
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", bad[i]);
      g_assert_false (tkr_formula_parse (bad[i], &formula, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    }
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/formula", test_formula);
  g_test_add ("/engine/phase-legality", Fixture, NULL, fixture_set_up, test_phase_legality,
              fixture_tear_down);
  g_test_add ("/engine/next-and-previous-turn", Fixture, NULL, fixture_set_up,
              test_next_and_previous_turn, fixture_tear_down);
  g_test_add ("/engine/participants", Fixture, NULL, fixture_set_up, test_participants,
              fixture_tear_down);
  g_test_add ("/engine/undo-redo-snapshots", Fixture, NULL, fixture_set_up,
              test_undo_redo_snapshots, fixture_tear_down);
  g_test_add ("/engine/file-round-trip", Fixture, NULL, fixture_set_up, test_file_round_trip,
              fixture_tear_down);
  g_test_add ("/engine/award", Fixture, NULL, fixture_set_up, test_award, fixture_tear_down);
  return g_test_run ();
}
