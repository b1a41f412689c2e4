/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"

/*
 * The encounter (seed 000, "Encounter"): its phases as a state machine,
 * turns and rounds, Beats and Free Actions, Abilities, Movement and Dash,
 * the end of a Turn with its Fleeting stacks, Paused, End and experience,
 * undo of "next turn", and files.
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

/*
 * The table: Alice (Walk 4, Jump 2 as in the seed's movement example),
 * Bob, and a Goblin. In the Setup Alice passes against the Goblin and Bob
 * fails, so the order is Alice, Goblin, Bob.
 */
typedef struct
{
  TkrHistory *history;
  TkrKlepEncounter *encounter;
  TkrCharacter *alice, *bob, *goblin;
} Fixture;

static TkrKlepCombatant *
combatant (Fixture *f, TkrCharacter *character)
{
  TkrKlepCombatant *found = tkr_klep_encounter_find_combatant (f->encounter, character);

  g_assert_nonnull (found);
  return found;
}

static void
ok (gboolean result, GError *error)
{
  g_assert_no_error (error);
  g_assert_true (result);
}

static void
fill_setup (Fixture *f)
{
  TkrKlepSetup *setup = tkr_klep_encounter_get_setup (f->encounter);
  g_autoptr (TkrKlepNpcGroup) group = g_list_model_get_item (tkr_klep_setup_get_groups (setup), 0);
  GError *error = NULL;

  ok (tkr_klep_setup_enter_score (setup, f->history, f->alice, group, 10, &error), error);
  ok (tkr_klep_setup_enter_score (setup, f->history, f->bob, group, 3, &error), error);
}

static void
go_to_phase (Fixture *f, TkrPhase phase)
{
  GError *error = NULL;

  if (phase == TKR_PHASE_FREEPLAY)
    return;
  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  fill_setup (f);
  if (phase == TKR_PHASE_SETUP)
    return;
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  if (phase == TKR_PHASE_PAUSED)
    ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  if (phase == TKR_PHASE_END)
    ok (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, phase);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  f->history = tkr_history_new ();
  f->encounter = tkr_klep_encounter_new (rules (), f->history);
  f->alice = new_character (TKR_CHARACTER_KIND_PC, "Alice", 0);
  ok (tkr_character_set_range (f->alice, NULL, "Jump", 2, &error), error);
  f->bob = new_character (TKR_CHARACTER_KIND_PC, "Bob", 0);
  f->goblin = new_character (TKR_CHARACTER_KIND_NPC, "Goblin", 0);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->alice, &error), error);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->bob, &error), error);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->goblin, &error), error);

  go_to_phase (f, GPOINTER_TO_INT (data));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->encounter);
  g_clear_object (&f->history);
  g_clear_object (&f->alice);
  g_clear_object (&f->bob);
  g_clear_object (&f->goblin);
}

static void
next_turn (Fixture *f)
{
  GError *error = NULL;

  ok (tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), &error), error);
}

static const char *
last_log (Fixture *f)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
  guint n = g_list_model_get_n_items (log);
  g_autoptr (TkrLogEntry) entry = NULL;

  g_assert_cmpuint (n, >, 0);
  entry = g_list_model_get_item (log, n - 1);
  return tkr_log_entry_get_text (entry);
}

static gboolean
log_contains (Fixture *f, const char *text)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

      if (strstr (tkr_log_entry_get_text (entry), text) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
assert_encounter_error (GError **error, int code)
{
  g_assert_error (*error, TKR_ENCOUNTER_ERROR, code);
  g_assert_cmpuint (strlen ((*error)->message), >, 5);
  g_clear_error (error);
}

/* Phases: the state machine (seed, "Encounter") */

static const TkrPhase all_phases[] = { TKR_PHASE_FREEPLAY, TKR_PHASE_SETUP, TKR_PHASE_MAIN,
                                       TKR_PHASE_PAUSED, TKR_PHASE_END };

static gboolean
expected_legal (TkrPhase from, TkrPhase to)
{
  return (from == TKR_PHASE_FREEPLAY && to == TKR_PHASE_SETUP) ||
         (from == TKR_PHASE_SETUP && (to == TKR_PHASE_MAIN || to == TKR_PHASE_FREEPLAY)) ||
         (from == TKR_PHASE_MAIN && (to == TKR_PHASE_PAUSED || to == TKR_PHASE_END)) ||
         (from == TKR_PHASE_PAUSED && (to == TKR_PHASE_MAIN || to == TKR_PHASE_END)) ||
         (from == TKR_PHASE_END && to == TKR_PHASE_FREEPLAY);
}

/* Every ordered pair of phases, through tkr_klep_encounter_transition(): the
 * eight edges of the state machine work, every other pair is refused with
 * ILLEGAL_TRANSITION and changes nothing. */
static void
test_every_pair_of_phases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (all_phases); i++)
    for (guint j = 0; j < G_N_ELEMENTS (all_phases); j++)
      {
        Fixture f = { 0 };
        TkrPhase from = all_phases[i], to = all_phases[j];
        GError *error = NULL;
        guint steps;

        fixture_set_up (&f, GINT_TO_POINTER (from));
        steps = tkr_history_get_n_undo (f.history);
        g_assert_cmpint (tkr_encounter_can_transition (TKR_ENCOUNTER (f.encounter), to), ==,
                         expected_legal (from, to));

        if (expected_legal (from, to))
          {
            ok (tkr_encounter_transition (TKR_ENCOUNTER (f.encounter), to, &error), error);
            g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f.encounter)), ==, to);
            /* One undo step takes it back. */
            g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, steps + 1);
            g_assert_true (tkr_history_undo (f.history));
            g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f.encounter)), ==, from);
          }
        else
          {
            g_assert_false (tkr_encounter_transition (TKR_ENCOUNTER (f.encounter), to, &error));
            assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
            g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f.encounter)), ==, from);
            g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, steps);
          }
        fixture_tear_down (&f, NULL);
      }
}

/* The named commands refuse the phases they do not start from. */
static void
test_commands_refuse_wrong_phase (void)
{
  struct
  {
    const char *name;
    gboolean (*command) (TkrEncounter *, GError **);
    TkrPhase from;
  } commands[] = {
    { "begin_setup", tkr_encounter_begin_setup, TKR_PHASE_FREEPLAY },
    { "abandon_setup", tkr_encounter_abandon_setup, TKR_PHASE_SETUP },
    { "begin_main", tkr_encounter_begin_main, TKR_PHASE_SETUP },
    { "pause", tkr_encounter_pause, TKR_PHASE_MAIN },
    { "end", tkr_encounter_end, TKR_PHASE_MAIN },
    { "finish", tkr_encounter_finish, TKR_PHASE_END },
  };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    for (guint i = 0; i < G_N_ELEMENTS (all_phases); i++)
      {
        Fixture f = { 0 };
        GError *error = NULL;
        gboolean allowed =
          all_phases[i] == commands[c].from ||
          (commands[c].command == tkr_encounter_end && all_phases[i] == TKR_PHASE_PAUSED);

        g_test_message ("%s from %s", commands[c].name, tkr_phase_to_nick (all_phases[i]));
        fixture_set_up (&f, GINT_TO_POINTER (all_phases[i]));
        if (allowed)
          ok (commands[c].command (TKR_ENCOUNTER (f.encounter), &error), error);
        else
          {
            g_assert_false (commands[c].command (TKR_ENCOUNTER (f.encounter), &error));
            assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
            g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f.encounter)), ==,
                             all_phases[i]);
          }
        fixture_tear_down (&f, NULL);
      }

  /* resume takes a combatant too */
  for (guint i = 0; i < G_N_ELEMENTS (all_phases); i++)
    {
      Fixture f = { 0 };
      GError *error = NULL;

      fixture_set_up (&f, GINT_TO_POINTER (all_phases[i]));
      if (all_phases[i] == TKR_PHASE_PAUSED)
        ok (tkr_encounter_resume (TKR_ENCOUNTER (f.encounter), &error), error);
      else
        {
          g_assert_false (tkr_encounter_resume (TKR_ENCOUNTER (f.encounter), &error));
          assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
        }
      fixture_tear_down (&f, NULL);
    }
}

/* Setup -> Main needs every PC placed (seed, "Turn Order"). */
static void
test_begin_main_needs_complete_setup (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_nonnull (tkr_klep_encounter_get_setup (f->encounter));
  g_assert_false (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);

  /* Abandoning goes back to Freeplay without a Setup; undo brings it back. */
  ok (tkr_encounter_abandon_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_null (tkr_klep_encounter_get_setup (f->encounter));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_nonnull (tkr_klep_encounter_get_setup (f->encounter));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);
}

/* Participants join in Freeplay or Setup only; joining a Setup adds a
 * test (PC) or a group member (NPC). */
static void
test_participants (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrCharacter) carol = new_character (TKR_CHARACTER_KIND_PC, "Carol", 0);
  g_autoptr (TkrCharacter) ogre = new_character (TKR_CHARACTER_KIND_NPC, "Ogre", 3);
  GError *error = NULL;
  TkrKlepSetup *setup;

  g_assert_false (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), f->alice, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  setup = tkr_klep_encounter_get_setup (f->encounter);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_pcs (setup)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_groups (setup)), ==, 1);

  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), carol, &error), error);
  ok (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), ogre, &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_pcs (setup)), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_groups (setup)), ==, 2);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (f->encounter))), ==,
    5);

  ok (tkr_encounter_remove_participant (TKR_ENCOUNTER (f->encounter), carol, &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_pcs (setup)), ==, 2);
  g_assert_false (tkr_encounter_remove_participant (TKR_ENCOUNTER (f->encounter), carol, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_FOUND);

  /* Undo of the removal brings Carol back to both lists. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_setup_get_pcs (setup)), ==, 3);
  ok (tkr_encounter_remove_participant (TKR_ENCOUNTER (f->encounter), carol, &error), error);
  ok (tkr_encounter_remove_participant (TKR_ENCOUNTER (f->encounter), ogre, &error), error);

  fill_setup (f);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_false (tkr_encounter_add_participant (TKR_ENCOUNTER (f->encounter), carol, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_assert_false (tkr_encounter_remove_participant (TKR_ENCOUNTER (f->encounter), f->bob, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
}

/* Main (seed, "Encounter Main Phase"): the order from the Setup, Round 1,
 * the first entry's Turn started. */
static void
test_begin_main (Fixture *f, gconstpointer data)
{
  GListModel *order = tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter));
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  g_autoptr (TkrKlepTurnEntry) first = g_list_model_get_item (order, 0);
  g_autoptr (TkrKlepTurnEntry) second = g_list_model_get_item (order, 1);
  g_autoptr (TkrKlepTurnEntry) third = g_list_model_get_item (order, 2);

  g_assert_null (tkr_klep_encounter_get_setup (f->encounter));
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 0);
  g_assert_cmpint (tkr_klep_encounter_get_turn_serial (f->encounter), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 3);
  g_assert_cmpstr (tkr_klep_turn_entry_get_name (first), ==, "Alice");
  g_assert_cmpstr (tkr_klep_turn_entry_get_name (second), ==, "Goblin");
  g_assert_cmpint (tkr_klep_turn_entry_get_kind (second), ==, TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP);
  g_assert_cmpstr (tkr_klep_turn_entry_get_name (third), ==, "Bob");
  g_assert_true (tkr_klep_encounter_get_current_entry (f->encounter) == first);
  g_assert_true (tkr_klep_turn_entry_get_current (first));
  g_assert_false (tkr_klep_turn_entry_get_current (second));

  /* Everyone has the Round's Beats; Alice's Turn has started. */
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_free_actions_allowed (alice), ==, 3);
  g_assert_cmpint (tkr_klep_combatant_get_movement_gained (alice), ==, 4);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 4);
  g_assert_cmpint (tkr_klep_combatant_get_movement_gained (bob), ==, 0);
  g_assert_true (tkr_klep_encounter_is_on_turn (f->encounter, alice));
  g_assert_false (tkr_klep_encounter_is_on_turn (f->encounter, bob));
  g_assert_cmpstr (tkr_phase_to_nick (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter))), ==,
                   "main");
}

/* Rounds: after the last entry the next Round starts with the first; the
 * "current" flags follow, through undo too. */
static void
test_rounds (Fixture *f, gconstpointer data)
{
  GListModel *order = tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter));
  g_autoptr (TkrKlepTurnEntry) first = g_list_model_get_item (order, 0);
  g_autoptr (TkrKlepTurnEntry) last = g_list_model_get_item (order, 2);

  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_false (tkr_klep_turn_entry_get_current (first));
  next_turn (f);
  g_assert_true (tkr_klep_turn_entry_get_current (last));
  g_assert_cmpint (tkr_klep_encounter_get_turn_serial (f->encounter), ==, 3);
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 0);
  g_assert_true (tkr_klep_turn_entry_get_current (first));
  g_assert_false (tkr_klep_turn_entry_get_current (last));
  g_assert_cmpint (tkr_klep_encounter_get_turn_serial (f->encounter), ==, 4);
  g_assert_cmpstr (tkr_history_get_undo_label (f->history), ==, "Next turn");
  g_assert_cmpstr (tkr_history_peek_undo_tag (f->history), ==, "tkr-next-turn");

  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_true (tkr_klep_turn_entry_get_current (last));
  g_assert_false (tkr_klep_turn_entry_get_current (first));
  g_assert_cmpint (tkr_klep_encounter_get_turn_serial (f->encounter), ==, 3);
}

/* Beats (seed, "Beats"): two per Round, spent on one's own Turn for
 * anything and off it only on Reactions; reset at the END of one's Turn. */
static void
test_beats (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  GError *error = NULL;

  ok (tkr_klep_encounter_spend_beat (f->encounter, alice, FALSE, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 1);
  g_assert_cmpstr (last_log (f), ==, "Alice spends a Beat");

  /* Off Turn: only a Reaction. */
  g_assert_false (tkr_klep_encounter_spend_beat (f->encounter, bob, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  ok (tkr_klep_encounter_spend_beat (f->encounter, bob, TRUE, &error), error);
  ok (tkr_klep_encounter_spend_beat (f->encounter, bob, TRUE, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 0);
  g_assert_false (tkr_klep_encounter_spend_beat (f->encounter, bob, TRUE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_BEATS);

  /* Refund, up to the Round's Beats. */
  ok (tkr_klep_encounter_refund_beat (f->encounter, bob, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 1);
  ok (tkr_klep_encounter_spend_beat (f->encounter, bob, TRUE, &error), error);
  ok (tkr_klep_encounter_refund_beat (f->encounter, alice, &error), error);
  g_assert_false (tkr_klep_encounter_refund_beat (f->encounter, alice, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);

  ok (tkr_klep_encounter_spend_beat (f->encounter, alice, FALSE, &error), error);
  ok (tkr_klep_encounter_spend_beat (f->encounter, alice, FALSE, &error), error);
  g_assert_false (tkr_klep_encounter_spend_beat (f->encounter, alice, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_BEATS);

  /* End of Alice's Turn: her Beats reset. Bob's do not until his own Turn
   * ends, so his Turn starts with none. */
  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 0);
  next_turn (f);
  g_assert_true (tkr_klep_encounter_is_on_turn (f->encounter, bob));
  g_assert_false (tkr_klep_encounter_spend_beat (f->encounter, bob, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_BEATS);
  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 2);

  /* Not in another phase, and not for strangers. */
  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_false (tkr_klep_encounter_spend_beat (f->encounter, alice, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  ok (tkr_encounter_resume (TKR_ENCOUNTER (f->encounter), &error), error);
  {
    g_autoptr (TkrKlepCombatant) stranger = tkr_klep_combatant_new (f->alice, 0, 0);
    g_assert_false (tkr_klep_encounter_spend_beat (f->encounter, stranger, FALSE, &error));
    assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  }
}

/* Free Actions (seed, "Free Actions"): three on one's own Turn, without a
 * Beat; the GM may allow more. */
static void
test_free_actions (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  GError *error = NULL;

  for (int i = 0; i < 3; i++)
    ok (tkr_klep_encounter_use_free_action (f->encounter, alice, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_free_actions_used (alice), ==, 3);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 2);
  g_assert_false (tkr_klep_encounter_use_free_action (f->encounter, alice, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS);

  ok (tkr_klep_encounter_set_free_actions_allowed (f->encounter, alice, 5, &error), error);
  ok (tkr_klep_encounter_use_free_action (f->encounter, alice, &error), error);
  ok (tkr_klep_encounter_use_free_action (f->encounter, alice, &error), error);
  g_assert_false (tkr_klep_encounter_use_free_action (f->encounter, alice, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS);

  /* Never below the rule data's number, never absurdly high. */
  g_assert_false (tkr_klep_encounter_set_free_actions_allowed (f->encounter, alice, 2, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_false (tkr_klep_encounter_set_free_actions_allowed (f->encounter, alice, 21, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);

  /* Only on one's own Turn. */
  g_assert_false (tkr_klep_encounter_use_free_action (f->encounter, bob, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);

  /* The next Turn of Alice starts afresh with the rule data's number. */
  next_turn (f);
  next_turn (f);
  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_free_actions_used (alice), ==, 0);
  g_assert_cmpint (tkr_klep_combatant_get_free_actions_allowed (alice), ==, 3);
}

/* Abilities by their Time (SRD; seed, "Beats") */
static void
test_abilities (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  g_autoptr (TkrAbility) strike = tkr_ability_new ("Strike", TKR_ABILITY_TIME_ACTION, 1);
  g_autoptr (TkrAbility) heavy = tkr_ability_new ("Heavy Blow", TKR_ABILITY_TIME_ACTION, 2);
  g_autoptr (TkrAbility) parry = tkr_ability_new ("Parry", TKR_ABILITY_TIME_REACTION, 1);
  g_autoptr (TkrAbility) taunt = tkr_ability_new ("Taunt", TKR_ABILITY_TIME_FREE_ACTION, 0);
  g_autoptr (TkrAbility) quip = tkr_ability_new ("Quip", TKR_ABILITY_TIME_FREE_REACTION, 0);
  g_autoptr (TkrAbility) recover = tkr_ability_new ("Recover", TKR_ABILITY_TIME_SLOW_ACTION, 1);
  g_autoptr (TkrAbility) rest = tkr_ability_new ("Rest", TKR_ABILITY_TIME_MONTAGE, 0);
  GError *error = NULL;

  /* Action: own Turn, its Beats */
  ok (tkr_klep_encounter_use_ability (f->encounter, alice, strike, FALSE, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 1);
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, alice, heavy, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, bob, strike, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);

  /* Reaction: any time, its Beats */
  ok (tkr_klep_encounter_use_ability (f->encounter, bob, parry, FALSE, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 1);

  /* Free Action: a Free Action on one's own Turn; Free Reaction: free */
  ok (tkr_klep_encounter_use_ability (f->encounter, alice, taunt, FALSE, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_free_actions_used (alice), ==, 1);
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, bob, taunt, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  ok (tkr_klep_encounter_use_ability (f->encounter, bob, quip, FALSE, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 1);

  /* Montage: far longer than a Turn, only with approval */
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, alice, rest, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL);

  /* Slow Action: the Beat now, the effect at the start of the next Turn */
  ok (tkr_klep_encounter_use_ability (f->encounter, alice, recover, FALSE, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 0);
  g_assert_cmpstr (tkr_klep_combatant_get_pending_slow_action (alice), ==, "Recover");
  ok (tkr_klep_encounter_refund_beat (f->encounter, alice, &error), error);
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, alice, recover, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);

  next_turn (f);
  g_assert_cmpstr (tkr_klep_combatant_get_pending_slow_action (alice), ==, "Recover");
  next_turn (f);
  next_turn (f);
  g_assert_null (tkr_klep_combatant_get_pending_slow_action (alice));
  g_assert_true (log_contains (f, "Alice’s Slow Action Recover takes effect"));
}

/* Paused (seed, "Encounter Paused Phase"): Abilities slower than an Action
 * only with the GM's approval. */
static void
test_paused_needs_approval (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  g_autoptr (TkrAbility) recover = tkr_ability_new ("Recover", TKR_ABILITY_TIME_SLOW_ACTION, 1);
  g_autoptr (TkrAbility) rest = tkr_ability_new ("Rest", TKR_ABILITY_TIME_MONTAGE, 0);
  g_autoptr (TkrAbility) ritual = tkr_ability_new ("Ritual", TKR_ABILITY_TIME_EPISODIC, 0);
  g_autoptr (TkrAbility) strike = tkr_ability_new ("Strike", TKR_ABILITY_TIME_ACTION, 1);
  GError *error = NULL;
  guint steps;

  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  steps = tkr_history_get_n_undo (f->history);
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, bob, recover, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL);
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, alice, rest, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL);
  g_assert_false (tkr_klep_encounter_use_ability (f->encounter, alice, ritual, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps);

  ok (tkr_klep_encounter_use_ability (f->encounter, bob, recover, TRUE, &error), error);
  g_assert_true (log_contains (f, "Bob uses Recover during the pause, with the GM’s approval"));
  /* Nothing is spent while paused, as in Freeplay. */
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 2);
  g_assert_null (tkr_klep_combatant_get_pending_slow_action (bob));
  ok (tkr_klep_encounter_use_ability (f->encounter, bob, strike, FALSE, &error), error);
}

/* Paused: "that Beat is missing on the next Turn" of whoever spends one to
 * end the pause. Off its Turn with a Beat left, the Beat goes now (no reset
 * comes before its next Turn). */
static void
test_paused_beat_off_turn (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *bob = combatant (f, f->bob);
  GError *error = NULL;

  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  ok (tkr_klep_encounter_resume_by_beat (f->encounter, bob, &error), error);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_beats_owed (bob), ==, 0);

  next_turn (f);
  next_turn (f);
  /* Bob's Turn: one Beat short */
  g_assert_true (tkr_klep_encounter_is_on_turn (f->encounter, bob));
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 1);
  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 2);
}

/* On its own Turn (or with no Beat left) the Beat is owed and taken off
 * at the reset, so its next Turn is the one short. */
static void
test_paused_beat_on_turn (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  GError *error = NULL;

  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  ok (tkr_klep_encounter_resume_by_beat (f->encounter, alice, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_beats_owed (alice), ==, 1);

  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_beats_owed (alice), ==, 0);
  next_turn (f);
  next_turn (f);
  /* Alice's next Turn: one Beat short; after it, whole again */
  g_assert_true (tkr_klep_encounter_is_on_turn (f->encounter, alice));
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 1);
  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 2);

  /* Off Turn with no Beat left: owed as well. */
  ok (tkr_klep_encounter_spend_beat (f->encounter, bob, TRUE, &error), error);
  ok (tkr_klep_encounter_spend_beat (f->encounter, bob, TRUE, &error), error);
  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  ok (tkr_klep_encounter_resume_by_beat (f->encounter, bob, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (bob), ==, 0);
  g_assert_cmpint (tkr_klep_combatant_get_beats_owed (bob), ==, 1);
}

/* The seed's "Example: Movement using Units": Walk 4, Jump 2. */
static void
test_movement_alice_example (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  GError *error = NULL;

  /* Alice gains Movement of her largest range. */
  g_assert_cmpint (tkr_klep_combatant_get_movement_gained (alice), ==, 4);
  g_assert_cmpint (tkr_klep_combatant_get_range_cap (alice, "Walk"), ==, 4);
  g_assert_cmpint (tkr_klep_combatant_get_range_cap (alice, "Jump"), ==, 2);

  ok (tkr_klep_encounter_move (f->encounter, alice, "Jump", 1, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 3);
  g_assert_cmpstr (last_log (f), ==, "Alice spends 1 Movement on Jump");

  ok (tkr_klep_encounter_move (f->encounter, alice, "Jump", 1, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Jump"), ==, 2);

  /* Jump is used up for the Turn. */
  g_assert_false (tkr_klep_encounter_move (f->encounter, alice, "Jump", 1, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED);

  ok (tkr_klep_encounter_move (f->encounter, alice, "walk", 2, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 0);
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Walk"), ==, 2);

  /* Out of Movement, though Walk could take 2 more. */
  g_assert_false (tkr_klep_encounter_move (f->encounter, alice, "Walk", 1, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_MOVEMENT);

  /* Undo gives the last move back. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Walk"), ==, 0);
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Jump"), ==, 2);
}

static void
test_movement_refused (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  GError *error = NULL;

  g_assert_false (tkr_klep_encounter_move (f->encounter, bob, "Walk", 1, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  g_assert_false (tkr_klep_encounter_move (f->encounter, alice, "Walk", 0, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_false (tkr_klep_encounter_move (f->encounter, alice, "Walk", 5, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED);

  /* Seed, "Improvised Movement": an unlisted range is 0; the GM grants. */
  g_assert_false (tkr_klep_encounter_move (f->encounter, alice, "Swim", 1, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_MOVEMENT);
  g_assert_nonnull (strstr (error->message, "Improvised Movement"));
  g_clear_error (&error);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 4);
}

/* Improvised Movement: the GM's grant for the Turn, 2 Movement per unit
 * travelled unless waived. */
static void
test_improvised_movement (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  GError *error = NULL;
  gboolean waived = TRUE;
  g_auto (GStrv) ranges = NULL;

  ok (tkr_klep_encounter_grant_improvised_range (f->encounter, alice, "Climb", 4, FALSE, &error),
      error);
  g_assert_true (tkr_klep_combatant_is_improvised (alice, "Climb", &waived));
  g_assert_false (waived);
  g_assert_cmpint (tkr_klep_combatant_get_range_cap (alice, "Climb"), ==, 4);
  ranges = tkr_klep_combatant_list_ranges (alice);
  g_assert_cmpuint (g_strv_length (ranges), ==, 3);
  g_assert_cmpstr (ranges[0], ==, "Climb");
  g_assert_cmpstr (ranges[1], ==, "Jump");
  g_assert_cmpstr (ranges[2], ==, "Walk");

  ok (tkr_klep_encounter_move (f->encounter, alice, "Climb", 3, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 1);
  g_assert_cmpstr (last_log (f), ==,
                   "Alice spends 3 Movement on improvised Climb and covers "
                   "1.5 units");
  g_assert_false (tkr_klep_encounter_move (f->encounter, alice, "Climb", 2, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED);

  /* Waived: no penalty */
  ok (tkr_klep_encounter_grant_improvised_range (f->encounter, alice, "Swim", 2, TRUE, &error),
      error);
  ok (tkr_klep_encounter_move (f->encounter, alice, "Swim", 1, &error), error);
  g_assert_cmpstr (last_log (f), ==, "Alice spends 1 Movement on improvised Swim, without penalty");

  /* Undo takes the move and then the grant back; redo brings them again. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Swim"), ==, 0);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_false (tkr_klep_combatant_is_improvised (alice, "Swim", NULL));
  g_assert_true (tkr_klep_combatant_is_improvised (alice, "Climb", NULL));
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Climb"), ==, 3);
  g_assert_true (tkr_history_redo (f->history));
  g_assert_true (tkr_klep_combatant_is_improvised (alice, "Swim", &waived));
  g_assert_true (waived);
  g_assert_true (tkr_history_redo (f->history));
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Swim"), ==, 1);

  /* A range on the sheet needs no grant; nonsense grants are refused. */
  g_assert_false (
    tkr_klep_encounter_grant_improvised_range (f->encounter, alice, "Walk", 2, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_false (
    tkr_klep_encounter_grant_improvised_range (f->encounter, alice, "Fly", 0, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_false (
    tkr_klep_encounter_grant_improvised_range (f->encounter, alice, "", 2, FALSE, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);

  /* The grant lasts for the Turn. */
  next_turn (f);
  next_turn (f);
  next_turn (f);
  g_assert_false (tkr_klep_combatant_is_improvised (alice, "Climb", NULL));
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Climb"), ==, 0);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 4);
}

/* Dash (seed, "The Dash Ability"): a Beat; every range doubles, and the
 * Movement with them. */
static void
test_dash_doubles (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *bob = combatant (f, f->bob);
  g_autoptr (TkrTestRoll) high = tkr_dice_test_from_score (rules (), 10);
  GError *error = NULL;

  g_assert_false (tkr_klep_encounter_dash (f->encounter, bob, NULL, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);

  ok (tkr_klep_encounter_move (f->encounter, alice, "Jump", 2, &error), error);
  g_assert_false (tkr_klep_encounter_dash_needs_test (f->encounter, alice));
  ok (tkr_klep_encounter_dash (f->encounter, alice, NULL, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_dashes (alice), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 6);
  g_assert_cmpint (tkr_klep_combatant_get_movement_gained (alice), ==, 8);
  g_assert_cmpint (tkr_klep_combatant_get_range_cap (alice, "Walk"), ==, 8);
  g_assert_cmpint (tkr_klep_combatant_get_range_cap (alice, "Jump"), ==, 4);

  /* Twice the jumps */
  ok (tkr_klep_encounter_move (f->encounter, alice, "Jump", 2, &error), error);
  g_assert_false (tkr_klep_encounter_move (f->encounter, alice, "Jump", 1, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED);

  /* A second Dash needs the Athletics Test; with a Pass, no condition. */
  g_assert_true (tkr_klep_encounter_dash_needs_test (f->encounter, alice));
  g_assert_false (tkr_klep_encounter_dash (f->encounter, alice, NULL, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NEEDS_TEST);
  ok (tkr_klep_encounter_dash (f->encounter, alice, high, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_dashes (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 8);
  g_assert_cmpint (tkr_klep_combatant_get_range_cap (alice, "Walk"), ==, 12);
  g_assert_null (tkr_character_find_condition (f->alice, "Slowed"));

  /* No Beat left for a third */
  g_assert_false (tkr_klep_encounter_dash (f->encounter, alice, high, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NO_BEATS);

  /* The Dashes count resets with the Beats at the end of the Turn. */
  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_dashes (alice), ==, 0);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 2);
}

/* A second Dash with a Low Athletics Score still happens, and Slows. */
static void
test_dash_low_slows (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  g_autoptr (TkrTestRoll) low = tkr_dice_test_from_score (rules (), 3);
  GError *error = NULL;
  TkrCondition *slowed;

  ok (tkr_klep_encounter_dash (f->encounter, alice, NULL, &error), error);
  ok (tkr_klep_encounter_dash (f->encounter, alice, low, &error), error);
  g_assert_cmpint (tkr_klep_combatant_get_dashes (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 12);
  slowed = tkr_character_find_condition (f->alice, "Slowed");
  g_assert_nonnull (slowed);
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 1);
  g_assert_cmpint (tkr_condition_get_stack_turn (slowed, 0), ==,
                   tkr_klep_encounter_get_turn_serial (f->encounter));

  /* One undo step takes the Dash and the condition away together. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_null (tkr_character_find_condition (f->alice, "Slowed"));
  g_assert_cmpint (tkr_klep_combatant_get_dashes (alice), ==, 1);
}

/* End of a Turn (seed, "Ending your Turn"): one stack of each Fleeting
 * condition goes, except stacks gained on that same Turn; undoing "next
 * turn" brings the erased stacks back exactly. */
static void
test_fleeting_stacks (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrCondition *slowed, *vulnerable, *concentrating;
  g_autoptr (GVariant) slowed_turns = NULL;

  /* Gained on Alice's own Turn (serial 1) */
  slowed = tkr_klep_encounter_add_condition (f->encounter, f->alice, "Slowed", 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_condition_get_stack_turn (slowed, 0), ==, 1);
  slowed_turns = g_variant_ref (tkr_condition_get_stack_turns (slowed));
  concentrating =
    tkr_klep_encounter_add_condition (f->encounter, f->alice, "Concentrating", 1, &error);
  g_assert_no_error (error);

  /* ... survives the end of that Turn */
  next_turn (f);
  g_assert_nonnull (tkr_character_find_condition (f->alice, "Slowed"));

  /* Gained off her Turn, during the Goblin's */
  vulnerable = tkr_klep_encounter_add_condition (f->encounter, f->alice, "Vulnerable", 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_condition_get_stack_turn (vulnerable, 0), ==, 2);
  next_turn (f);
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_nonnull (tkr_character_find_condition (f->alice, "Slowed"));
  g_assert_nonnull (tkr_character_find_condition (f->alice, "Vulnerable"));

  /* ... both go at the end of her next Turn; Persistent ones stay. */
  next_turn (f);
  g_assert_null (tkr_character_find_condition (f->alice, "Slowed"));
  g_assert_null (tkr_character_find_condition (f->alice, "Vulnerable"));
  g_assert_true (tkr_character_find_condition (f->alice, "Concentrating") == concentrating);
  g_assert_true (log_contains (f, "Alice erases 2 condition stacks"));

  /* Previous turn: the stacks are back, with the same turn stamps. */
  ok (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 0);
  g_assert_true (tkr_character_find_condition (f->alice, "Slowed") == slowed);
  g_assert_true (g_variant_equal (tkr_condition_get_stack_turns (slowed), slowed_turns));
  g_assert_true (tkr_character_find_condition (f->alice, "Vulnerable") == vulnerable);
  g_assert_cmpint (tkr_condition_get_stack_turn (vulnerable, 0), ==, 2);
}

/* Previous turn undoes everything back to and including the last "next
 * turn"; what was undone can be redone. */
static void
test_previous_turn (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  TkrKlepCombatant *goblin = combatant (f, f->goblin);
  GError *error = NULL;

  /* Nothing to go back to on the first Turn. */
  g_assert_false (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);

  ok (tkr_klep_encounter_spend_beat (f->encounter, alice, FALSE, &error), error);
  ok (tkr_klep_encounter_move (f->encounter, alice, "Walk", 3, &error), error);
  next_turn (f);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 2);
  ok (tkr_klep_encounter_move (f->encounter, goblin, "Walk", 2, &error), error);
  ok (tkr_klep_encounter_spend_beat (f->encounter, goblin, FALSE, &error), error);
  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  ok (tkr_encounter_resume (TKR_ENCOUNTER (f->encounter), &error), error);

  /* The top step is not "next turn": undo down to it. */
  ok (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 0);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (alice), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (goblin), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (goblin), ==, 0);

  /* Redo replays it all. */
  while (tkr_history_can_redo (f->history))
    tkr_history_redo (f->history);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (goblin), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (goblin), ==, 2);

  /* The top step is "next turn": only it is undone. */
  next_turn (f);
  ok (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpint (tkr_klep_combatant_get_beats_left (goblin), ==, 1);

  /* Not while paused */
  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_false (tkr_encounter_previous_turn (TKR_ENCOUNTER (f->encounter), &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
}

static TkrCharacter *
resolve_fixture (const char *id, gpointer user_data)
{
  Fixture *f = user_data;

  if (g_str_equal (id, tkr_character_get_id (f->alice)))
    return f->alice;
  if (g_str_equal (id, tkr_character_get_id (f->bob)))
    return f->bob;
  return NULL;
}

/* End (seed, "Encounter End Phase"): one or two Experience Points. */
static void
test_end_experience (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrCharacter) stranger = new_character (TKR_CHARACTER_KIND_PC, "Eve", 0);
  GError *error = NULL;

  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 1, "won", &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_WRONG_PHASE);

  ok (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error), error);
  ok (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 1,
                                      "drove the goblin off", &error),
      error);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 1);
  g_assert_cmpstr (last_log (f), ==, "Alice gains 1 XP: drove the goblin off");
  ok (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->bob, 2, "saved the captive",
                                      &error),
      error);
  g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 2);

  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 3, "too much", &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 0, NULL, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 1);
  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), stranger, 1, NULL, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_FOUND);

  /* Undo takes the award back. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 0);
}

/* End -> Freeplay: the order goes, the log stays. */
static void
test_finish (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  guint log_length;

  next_turn (f);
  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  ok (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error), error);
  log_length = g_list_model_get_n_items (tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter)));
  ok (tkr_encounter_finish (TKR_ENCOUNTER (f->encounter), &error), error);

  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter))), ==, 0);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 0);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, -1);
  g_assert_null (tkr_klep_encounter_get_setup (f->encounter));
  g_assert_null (tkr_klep_encounter_get_current_entry (f->encounter));
  g_assert_null (tkr_klep_encounter_find_combatant (f->encounter, f->alice));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter))),
                    ==, log_length + 1);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (f->encounter))), ==,
    3);
  /* The turn serial goes on, so later stamps never repeat. */
  g_assert_cmpint (tkr_klep_encounter_get_turn_serial (f->encounter), ==, 2);

  /* A new encounter can begin; undo of the finish restores the old order. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter))), ==, 3);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_true (tkr_history_redo (f->history));
  go_to_phase (f, TKR_PHASE_MAIN);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpint (tkr_klep_encounter_get_turn_serial (f->encounter), ==, 3);
}

/* Zones in play (seed, "Terrain Zones") */
static void
test_zones (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrZone *fire, *custom;

  fire = tkr_klep_encounter_add_zone (f->encounter, "fire", 2, "the brazier", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_zone_get_name (fire), ==, "Fire");
  g_assert_cmpstr (tkr_zone_get_location (fire), ==, "the brazier");
  g_assert_cmpint (tkr_zone_get_stacks (fire), ==, 2);
  g_assert_cmpstr (last_log (f), ==, "A Fire Zone of 2 stacks appears: the brazier");

  g_assert_null (tkr_klep_encounter_add_zone (f->encounter, "Fire", 3, NULL, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_null (tkr_klep_encounter_add_zone (f->encounter, "", 1, NULL, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);

  ok (tkr_klep_encounter_set_zone_stacks (f->encounter, fire, 1, &error), error);
  g_assert_cmpint (tkr_zone_get_stacks (fire), ==, 1);
  g_assert_false (tkr_klep_encounter_set_zone_stacks (f->encounter, fire, 0, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_zone_get_stacks (fire), ==, 2);

  custom = tkr_klep_encounter_add_zone (f->encounter, "Slippery", 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_encounter_get_zones (f->encounter)), ==, 2);
  ok (tkr_klep_encounter_remove_zone (f->encounter, custom, &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_encounter_get_zones (f->encounter)), ==, 1);
  g_assert_false (tkr_klep_encounter_remove_zone (f->encounter, custom, &error));
  assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_NOT_FOUND);
}

static JsonObject *
member_object (JsonObject *root, const char *list, guint index)
{
  return json_array_get_object_element (json_object_get_array_member (root, list), index);
}

/* The GM's own notes: a log line is one undo step of its own. */
static void
test_log_note (Fixture *f, gconstpointer data)
{
  guint steps = tkr_history_get_n_undo (f->history);
  guint lines = g_list_model_get_n_items (tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter)));

  tkr_encounter_log_note (TKR_ENCOUNTER (f->encounter), "The bridge creaks under 4 feet");
  g_assert_cmpstr (last_log (f), ==, "The bridge creaks under 4 feet");
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_cmpstr (tkr_history_get_undo_label (f->history), ==, "Add to the log");
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter))),
                    ==, lines);
}

static TkrCharacter *
resolve_with_goblin (const char *id, gpointer user_data)
{
  Fixture *f = user_data;

  if (g_str_equal (id, tkr_character_get_id (f->goblin)))
    return f->goblin;
  return resolve_fixture (id, user_data);
}

/* An encounter's NPCs are stored whole, so a reference to one is refused. */
static void
test_json_ref_to_npc (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrKlepEncounter) copy = tkr_klep_encounter_new (rules (), NULL);
  g_autoptr (JsonNode) node = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  JsonObject *participant = member_object (json_node_get_object (node), "participants", 0);
  GError *error = NULL;

  json_object_set_string_member (participant, "ref", tkr_character_get_id (f->goblin));
  g_assert_false (
    tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve_with_goblin, f, &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "encounter.participants[0].ref"));
  g_clear_error (&error);
}

/* Files: an encounter in the middle of a Turn comes back exactly. */
static void
prepare_busy_turn (Fixture *f)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  g_autoptr (TkrAbility) recover = tkr_ability_new ("Recover", TKR_ABILITY_TIME_SLOW_ACTION, 1);
  GError *error = NULL;

  next_turn (f);
  next_turn (f);
  next_turn (f);
  g_assert_nonnull (tkr_klep_encounter_add_condition (f->encounter, f->alice, "Slowed", 2, &error));
  g_assert_nonnull (
    tkr_klep_encounter_add_condition (f->encounter, f->goblin, "Vulnerable", 1, &error));
  ok (tkr_klep_encounter_move (f->encounter, alice, "Walk", 1, &error), error);
  ok (tkr_klep_encounter_grant_improvised_range (f->encounter, alice, "Climb", 2, TRUE, &error),
      error);
  ok (tkr_klep_encounter_move (f->encounter, alice, "Climb", 1, &error), error);
  ok (tkr_klep_encounter_use_free_action (f->encounter, alice, &error), error);
  ok (tkr_klep_encounter_use_ability (f->encounter, alice, recover, FALSE, &error), error);
  g_assert_nonnull (tkr_klep_encounter_add_zone (f->encounter, "Dark", 1, "the cellar", &error));
  g_assert_no_error (error);
}

static void
test_json_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrHistory) other_history = tkr_history_new ();
  g_autoptr (TkrKlepEncounter) copy = tkr_klep_encounter_new (rules (), other_history);
  g_autoptr (JsonNode) first = NULL;
  g_autoptr (JsonNode) second = NULL;
  GError *error = NULL;
  TkrKlepCombatant *alice;
  TkrCharacter *goblin;

  prepare_busy_turn (f);
  first = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), first, "encounter", resolve_fixture, f, &error),
      error);
  second = tkr_tracker_to_json (TKR_TRACKER (copy));
  if (!json_node_equal (first, second))
    {
      g_autofree char *a = json_to_string (first, TRUE);
      g_autofree char *b = json_to_string (second, TRUE);
      g_test_message ("before:\n%s\nafter:\n%s", a, b);
    }
  g_assert_true (json_node_equal (first, second));

  /* The state is live, not just text. */
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (copy)), ==, TKR_PHASE_MAIN);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (copy)), ==, 2);
  g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (copy)), ==, 0);
  g_assert_true (tkr_klep_turn_entry_get_current (tkr_klep_encounter_get_current_entry (copy)));
  alice = tkr_klep_encounter_find_combatant (copy, f->alice);
  g_assert_nonnull (alice);
  g_assert_true (tkr_klep_encounter_is_on_turn (copy, alice));
  g_assert_cmpint (tkr_klep_combatant_get_movement_left (alice), ==, 2);
  g_assert_cmpint (tkr_klep_combatant_get_range_spent (alice, "Climb"), ==, 1);
  g_assert_cmpstr (tkr_klep_combatant_get_pending_slow_action (alice), ==, "Recover");
  /* The NPC is the copy's own, found by the combatant that refers to it. */
  {
    g_autoptr (TkrKlepTurnEntry) entry =
      g_list_model_get_item (tkr_encounter_get_order (TKR_ENCOUNTER (copy)), 1);
    g_autoptr (TkrKlepCombatant) member =
      g_list_model_get_item (tkr_klep_turn_entry_get_members (entry), 0);
    goblin = tkr_combatant_get_character (TKR_COMBATANT (member));
  }
  g_assert_true (goblin != f->goblin);
  g_assert_cmpstr (tkr_character_get_id (goblin), ==, tkr_character_get_id (f->goblin));
  g_assert_nonnull (tkr_character_find_condition (goblin, "Vulnerable"));
  g_assert_true (g_list_store_find (
    G_LIST_STORE (tkr_encounter_get_participants (TKR_ENCOUNTER (copy))), goblin, NULL));

  /* The loaded encounter runs on: the Goblin's Turn next. */
  ok (tkr_encounter_next_turn (TKR_ENCOUNTER (copy), &error), error);
  g_assert_cmpint (tkr_klep_encounter_get_turn_serial (copy), ==,
                   tkr_klep_encounter_get_turn_serial (f->encounter) + 1);

  /* Without a "next turn" in its history (as after loading), previous
   * turn refuses and changes nothing: what it undid looking is redone. */
  tkr_history_clear (other_history);
  {
    TkrKlepCombatant *goblin_combatant = tkr_klep_encounter_find_combatant (copy, goblin);

    ok (tkr_klep_encounter_spend_beat (copy, goblin_combatant, FALSE, &error), error);
    g_assert_false (tkr_encounter_previous_turn (TKR_ENCOUNTER (copy), &error));
    assert_encounter_error (&error, TKR_ENCOUNTER_ERROR_INVALID);
    g_assert_cmpint (tkr_encounter_get_current_index (TKR_ENCOUNTER (copy)), ==, 1);
    g_assert_cmpint (tkr_klep_combatant_get_beats_left (goblin_combatant), ==, 1);
    g_assert_cmpuint (tkr_history_get_n_undo (other_history), ==, 1);
    g_assert_false (tkr_history_can_redo (other_history));
  }
}

/* A Setup in progress round-trips too. */
static void
test_json_round_trip_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrKlepEncounter) copy = tkr_klep_encounter_new (rules (), NULL);
  g_autoptr (JsonNode) first = NULL;
  g_autoptr (JsonNode) second = NULL;
  GError *error = NULL;
  TkrKlepSetup *setup;
  g_autoptr (TkrKlepNpcGroup) group = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  setup = tkr_klep_encounter_get_setup (f->encounter);
  group = g_list_model_get_item (tkr_klep_setup_get_groups (setup), 0);
  tkr_klep_setup_set_sneaky (setup, f->history, f->bob, group, TRUE);
  ok (tkr_klep_setup_enter_score (setup, f->history, f->alice, group, 4, &error), error);

  first = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), first, "encounter", resolve_fixture, f, &error),
      error);
  second = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_true (json_node_equal (first, second));
  g_assert_nonnull (tkr_klep_encounter_get_setup (copy));
  g_assert_false (tkr_klep_setup_is_complete (tkr_klep_encounter_get_setup (copy)));

  /* The copy's Setup refers to the copy's own Goblin. */
  {
    TkrKlepSetup *copy_setup = tkr_klep_encounter_get_setup (copy);
    g_autoptr (TkrKlepNpcGroup) copy_group =
      g_list_model_get_item (tkr_klep_setup_get_groups (copy_setup), 0);
    g_autoptr (TkrCharacter) member =
      g_list_model_get_item (tkr_klep_npc_group_get_members (copy_group), 0);

    g_assert_true (g_list_store_find (
      G_LIST_STORE (tkr_encounter_get_participants (TKR_ENCOUNTER (copy))), member, NULL));
    g_assert_true (tkr_klep_setup_get_sneaky (copy_setup, f->bob, copy_group));
  }
}

typedef void (*Mutation) (JsonObject *root);

static void
bad_phase (JsonObject *root)
{
  json_object_set_string_member (root, "phase", "sideways");
}

static void
index_past_order (JsonObject *root)
{
  json_object_set_int_member (root, "current_index", 3);
}

static void
no_turn_in_main (JsonObject *root)
{
  json_object_set_int_member (root, "current_index", -1);
}

static void
order_in_freeplay (JsonObject *root)
{
  json_object_set_string_member (root, "phase", "freeplay");
}

static void
setup_in_main (JsonObject *root)
{
  json_object_set_object_member (root, "setup", json_object_new ());
}

static void
unknown_ref (JsonObject *root)
{
  json_object_set_string_member (member_object (root, "participants", 0), "ref", "nobody");
}

static void
ref_and_npc (JsonObject *root)
{
  json_object_set_object_member (member_object (root, "participants", 0), "npc",
                                 json_object_new ());
}

static void
twice_participant (JsonObject *root)
{
  JsonArray *participants = json_object_get_array_member (root, "participants");

  json_array_add_element (participants, json_node_copy (json_array_get_element (participants, 0)));
}

static void
unknown_combatant (JsonObject *root)
{
  JsonObject *entry = member_object (root, "order", 2);
  JsonObject *member =
    json_array_get_object_element (json_object_get_array_member (entry, "members"), 0);

  json_object_set_string_member (member, "character", "nobody");
}

static void
negative_beats (JsonObject *root)
{
  JsonObject *entry = member_object (root, "order", 0);
  JsonObject *member =
    json_array_get_object_element (json_object_get_array_member (entry, "members"), 0);

  json_object_set_int_member (member, "beats_left", -1);
}

static void
two_places (JsonObject *root)
{
  JsonArray *order = json_object_get_array_member (root, "order");

  json_array_add_element (order, json_node_copy (json_array_get_element (order, 0)));
}

static void
pc_in_group (JsonObject *root)
{
  json_object_set_string_member (member_object (root, "order", 0), "kind", "npc-group");
}

static void
bad_log (JsonObject *root)
{
  json_object_set_int_member (member_object (root, "log", 0), "text", 5);
}

static void
bad_zone (JsonObject *root)
{
  json_array_add_int_element (json_object_get_array_member (root, "zones"), 7);
}

static void
npc_that_is_a_pc (JsonObject *root)
{
  JsonObject *npc = json_object_get_object_member (member_object (root, "participants", 2), "npc");

  json_object_set_string_member (npc, "kind", "pc");
}

static void
test_json_refused (Fixture *f, gconstpointer data)
{
  struct
  {
    Mutation mutate;
    const char *path;
  } cases[] = {
    { bad_phase, "encounter.phase" },
    { index_past_order, "encounter.current_index" },
    { no_turn_in_main, "encounter.current_index" },
    { order_in_freeplay, "encounter.order" },
    { setup_in_main, "encounter.setup" },
    { unknown_ref, "encounter.participants[0].ref" },
    { ref_and_npc, "encounter.participants[0]" },
    { twice_participant, "encounter.participants[3]" },
    { npc_that_is_a_pc, "encounter.participants[2].npc" },
    { unknown_combatant, "encounter.order[2].members[0].character" },
    { negative_beats, "encounter.order[0].members[0].beats_left" },
    { two_places, "encounter.order[3].members[0]" },
    { pc_in_group, "encounter.order[0].members[0]" },
    { bad_log, "encounter.log[0].text" },
    { bad_zone, "encounter.zones[1]" },
  };

  prepare_busy_turn (f);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TkrKlepEncounter) copy = tkr_klep_encounter_new (rules (), NULL);
      g_autoptr (JsonNode) node = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
      GError *error = NULL;

      cases[i].mutate (json_node_get_object (node));
      g_assert_false (
        tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve_fixture, f, &error));
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].path));
      g_clear_error (&error);

      /* Left untouched */
      g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (copy)), ==, TKR_PHASE_FREEPLAY);
      g_assert_cmpuint (
        g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (copy))), ==, 0);
    }

  /* Not even an object */
  {
    g_autoptr (TkrKlepEncounter) copy = tkr_klep_encounter_new (rules (), NULL);
    g_autoptr (JsonNode) node = json_from_string ("[1, 2]", NULL);
    GError *error = NULL;

    g_assert_false (
      tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve_fixture, f, &error));
    g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
    g_clear_error (&error);
  }
}

/* The second Dash's Test is Athletics: d10 plus the sheet's Athletics
 * modifier (seed, "The Dash Ability"). */
static void
test_dash_test_is_athletics (Fixture *f, gconstpointer data)
{
  TkrKlepCombatant *alice = combatant (f, f->alice);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (TkrTestRoll) roll = NULL;
  GError *error = NULL;

  ok (tkr_character_set_modifier (f->alice, NULL, TKR_MODIFIER_KIND_SKILL, "Athletics", 2, &error),
      error);
  roll = tkr_klep_encounter_roll_dash_test (f->encounter, alice, rand);
  g_assert_cmpint (roll->modifier, ==, 2);
  g_assert_cmpuint (roll->n_dice, >=, 1);
  g_assert_cmpint (roll->score, ==, roll->kept + 2);
}

/* The basic Abilities come from the rule data, the same objects each time. */
static void
test_basic_abilities_from_rule_data (Fixture *f, gconstpointer data)
{
  GPtrArray *basics = tkr_klep_encounter_get_basic_abilities (f->encounter);
  JsonArray *array =
    tkr_rules_get_basic_abilities (tkr_encounter_get_rules (TKR_ENCOUNTER (f->encounter)));

  g_assert_nonnull (array);
  g_assert_cmpuint (basics->len, ==, json_array_get_length (array));
  g_assert_true (tkr_klep_encounter_get_basic_abilities (f->encounter) == basics);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define FIXTURE_TEST(path, phase, func)                                                            \
  g_test_add (path, Fixture, GINT_TO_POINTER (phase), fixture_set_up, func, fixture_tear_down)

  g_test_add_func ("/encounter/phases/every-pair-through-transition", test_every_pair_of_phases);
  g_test_add_func ("/encounter/phases/commands-refuse-wrong-phase",
                   test_commands_refuse_wrong_phase);
  FIXTURE_TEST ("/encounter/phases/main-needs-complete-setup", TKR_PHASE_FREEPLAY,
                test_begin_main_needs_complete_setup);
  FIXTURE_TEST ("/encounter/participants", TKR_PHASE_FREEPLAY, test_participants);
  FIXTURE_TEST ("/encounter/main/begins-round-1-first-turn", TKR_PHASE_MAIN, test_begin_main);
  FIXTURE_TEST ("/encounter/main/rounds-wrap", TKR_PHASE_MAIN, test_rounds);
  FIXTURE_TEST ("/encounter/beats/own-turn-reactions-refund-reset", TKR_PHASE_MAIN, test_beats);
  FIXTURE_TEST ("/encounter/free-actions/three-and-gm-raise", TKR_PHASE_MAIN, test_free_actions);
  FIXTURE_TEST ("/encounter/abilities/by-time", TKR_PHASE_MAIN, test_abilities);
  FIXTURE_TEST ("/encounter/paused/slow-abilities-need-approval", TKR_PHASE_MAIN,
                test_paused_needs_approval);
  FIXTURE_TEST ("/encounter/paused/beat-missing-next-turn/off-turn", TKR_PHASE_MAIN,
                test_paused_beat_off_turn);
  FIXTURE_TEST ("/encounter/paused/beat-missing-next-turn/own-turn-owed", TKR_PHASE_MAIN,
                test_paused_beat_on_turn);
  FIXTURE_TEST ("/encounter/movement/seed-example-alice-walk-4-jump-2", TKR_PHASE_MAIN,
                test_movement_alice_example);
  FIXTURE_TEST ("/encounter/movement/refused", TKR_PHASE_MAIN, test_movement_refused);
  FIXTURE_TEST ("/encounter/movement/improvised-2-to-1", TKR_PHASE_MAIN, test_improvised_movement);
  FIXTURE_TEST ("/encounter/dash/doubles-and-second-needs-test", TKR_PHASE_MAIN, test_dash_doubles);
  FIXTURE_TEST ("/encounter/dash/second-low-slows", TKR_PHASE_MAIN, test_dash_low_slows);
  FIXTURE_TEST ("/encounter/dash/test-is-athletics", TKR_PHASE_MAIN, test_dash_test_is_athletics);
  FIXTURE_TEST ("/encounter/abilities/basic-from-rule-data", TKR_PHASE_MAIN,
                test_basic_abilities_from_rule_data);
  FIXTURE_TEST ("/encounter/end-of-turn/fleeting-except-this-turn-and-undo", TKR_PHASE_MAIN,
                test_fleeting_stacks);
  FIXTURE_TEST ("/encounter/previous-turn", TKR_PHASE_MAIN, test_previous_turn);
  FIXTURE_TEST ("/encounter/end/experience-1-or-2", TKR_PHASE_MAIN, test_end_experience);
  FIXTURE_TEST ("/encounter/end/finish-to-freeplay", TKR_PHASE_MAIN, test_finish);
  FIXTURE_TEST ("/encounter/zones", TKR_PHASE_MAIN, test_zones);
  FIXTURE_TEST ("/encounter/log/gm-note-is-one-step", TKR_PHASE_MAIN, test_log_note);
  FIXTURE_TEST ("/encounter/json/ref-to-npc-refused", TKR_PHASE_FREEPLAY, test_json_ref_to_npc);
  FIXTURE_TEST ("/encounter/json/round-trip-main", TKR_PHASE_MAIN, test_json_round_trip);
  FIXTURE_TEST ("/encounter/json/round-trip-setup", TKR_PHASE_FREEPLAY, test_json_round_trip_setup);
  FIXTURE_TEST ("/encounter/json/refused", TKR_PHASE_MAIN, test_json_refused);

  return g_test_run ();
}
