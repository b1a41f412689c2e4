/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The contract every rule system keeps with the shared encounter engine
 * (docs/ARCHITECTURE.md, "The encounter engine"), checked on each of the
 * four systems through the same interface: phase legality from the real
 * state, next and previous turn, undo and redo of every command compared as
 * file snapshots (one harness, below), a file round trip that saves the
 * same bytes, the XP award and the turn order model.
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-command.h"
#include "tkr-effects.h"

typedef struct
{
  const char *system;
  /* Whether Setup -> Main waits for results the Setup rolls. */
  gboolean setup_needs_rolls;
} System;

static const System systems[] = {
  { "kleptonomicon", TRUE },
  { "pf2e", TRUE },
  { "d20", TRUE },
  { "action-points", FALSE },
};

typedef struct
{
  const System *system;
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrTracker *tracker;
  TkrEncounter *encounter;
  TkrCharacter *alice;  /* a PC */
  TkrCharacter *goblin; /* an NPC, in the encounter */
  GRand *rand;
} Fixture;

static void
fixture_set_up_with_rules (Fixture *f, const System *system, TkrRules *rules)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *library;

  f->system = system;
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  f->tracker = tkr_campaign_get_tracker (f->campaign);
  g_assert_true (TKR_IS_ENCOUNTER (f->tracker));
  f->encounter = TKR_ENCOUNTER (f->tracker);
  f->rand = g_rand_new_with_seed (20261123);

  f->alice = tkr_campaign_add_pc (f->campaign, "Alice");
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, f->alice, &error));
  library = tkr_campaign_add_npc (f->campaign, "Goblin");
  f->goblin = tkr_campaign_add_to_encounter (f->campaign, library, &error);
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, library, &error));
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules =
    tkr_rules_new_from_resource (((const System *) data)->system, &error);

  g_assert_no_error (error);
  fixture_set_up_with_rules (f, data, rules);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->campaign);
  g_clear_pointer (&f->rand, g_rand_free);
}

/* The whole campaign as its file would hold it. */
static char *
snapshot (Fixture *f)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (f->campaign);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

typedef gboolean (*Command) (Fixture *f, GError **error);

/* The shared undo harness: @command is one step; undo gives back the
 * campaign as it was, byte for byte in its file form, and redo the one
 * the command made. */
static void
assert_one_undoable_step (Fixture *f, const char *what, Command command)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = snapshot (f);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  guint steps = tkr_history_get_n_undo (f->history);

  g_test_message ("%s: %s", f->system->system, what);
  g_assert_true (command (f, &error));
  g_assert_no_error (error);
  after = snapshot (f);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_true (tkr_history_undo (f->history));
  undone = snapshot (f);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (tkr_history_redo (f->history));
  redone = snapshot (f);
  g_assert_cmpstr (redone, ==, after);
}

static gboolean
begin_setup (Fixture *f, GError **error)
{
  return tkr_tracker_transition (f->tracker, TKR_PHASE_SETUP, error);
}

static gboolean
roll_missing (Fixture *f, GError **error)
{
  return tkr_encounter_roll_missing (f->encounter, f->rand, error);
}

static gboolean
begin_main (Fixture *f, GError **error)
{
  return tkr_tracker_transition (f->tracker, TKR_PHASE_MAIN, error);
}

static gboolean
next_turn (Fixture *f, GError **error)
{
  return tkr_tracker_next_turn (f->tracker, error);
}

static gboolean
pause_encounter (Fixture *f, GError **error)
{
  return tkr_tracker_transition (f->tracker, TKR_PHASE_PAUSED, error);
}

static gboolean
resume (Fixture *f, GError **error)
{
  return tkr_tracker_transition (f->tracker, TKR_PHASE_MAIN, error);
}

static gboolean
end_encounter (Fixture *f, GError **error)
{
  return tkr_tracker_transition (f->tracker, TKR_PHASE_END, error);
}

/* The smallest award the system's rule data allows. */
static int
smallest_award (Fixture *f)
{
  TkrRules *rules = tkr_encounter_get_rules (f->encounter);
  int min, max;
  guint n;
  const int *awards;

  if (tkr_rules_get_award_range (rules, &min, &max))
    return min;
  awards = tkr_rules_get_awards (rules, &n);
  g_assert_cmpuint (n, >, 0);
  return awards[0];
}

static gboolean
award (Fixture *f, GError **error)
{
  return tkr_encounter_award_experience (f->encounter, f->alice, smallest_award (f), "the heist",
                                         error);
}

static gboolean
finish (Fixture *f, GError **error)
{
  return tkr_tracker_transition (f->tracker, TKR_PHASE_FREEPLAY, error);
}

static void
to_main (Fixture *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (begin_setup (f, &error));
  g_assert_true (roll_missing (f, &error));
  g_assert_true (begin_main (f, &error));
  g_assert_no_error (error);
}

/* Phases: the graph, and the encounter's real state. Setup -> Main is
 * legal only once the Setup has what the order needs, and the refusal
 * says why; rolling for everyone missing completes it. */
static void
test_phase_legality (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_tracker_can_transition (f->tracker, TKR_PHASE_SETUP));
  g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_MAIN));
  g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_END));

  g_assert_true (begin_setup (f, &error));
  if (f->system->setup_needs_rolls)
    {
      g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_MAIN));
      g_assert_false (begin_main (f, &error));
      g_assert_nonnull (error);
      g_assert_cmpint (tkr_tracker_get_phase (f->tracker), ==, TKR_PHASE_SETUP);
      g_clear_error (&error);
    }
  g_assert_true (roll_missing (f, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_tracker_can_transition (f->tracker, TKR_PHASE_MAIN));
  g_assert_true (begin_main (f, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_SETUP));
  g_assert_false (tkr_tracker_can_transition (f->tracker, TKR_PHASE_FREEPLAY));
  g_assert_true (tkr_tracker_can_transition (f->tracker, TKR_PHASE_END));
}

/* Every command of an encounter's life is one step that undoes and redoes
 * exactly. */
static void
test_undo_redo (Fixture *f, gconstpointer data)
{
  assert_one_undoable_step (f, "begin Setup", begin_setup);
  if (f->system->setup_needs_rolls)
    assert_one_undoable_step (f, "roll for everyone missing", roll_missing);
  assert_one_undoable_step (f, "begin Main", begin_main);
  assert_one_undoable_step (f, "next turn", next_turn);
  assert_one_undoable_step (f, "next turn", next_turn);
  assert_one_undoable_step (f, "pause", pause_encounter);
  assert_one_undoable_step (f, "resume", resume);
  assert_one_undoable_step (f, "end", end_encounter);
  assert_one_undoable_step (f, "award", award);
  assert_one_undoable_step (f, "back to Freeplay", finish);
}

/* Previous turn brings the encounter back to just before the last change
 * of turn, whatever that change reset or decayed. */
static void
test_previous_turn (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before_last = NULL;
  g_autofree char *back = NULL;

  to_main (f);
  g_assert_false (tkr_tracker_previous_turn (f->tracker, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  for (int i = 0; i < 4; i++)
    g_assert_true (next_turn (f, &error));
  before_last = snapshot (f);
  g_assert_true (next_turn (f, &error));
  g_assert_true (tkr_tracker_previous_turn (f->tracker, &error));
  g_assert_no_error (error);
  back = snapshot (f);
  g_assert_cmpstr (back, ==, before_last);
}

/* The file holds the encounter in every phase: loading and saving again
 * gives the same bytes. */
static void
assert_round_trip (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) saved = tkr_campaign_to_bytes (f->campaign);
  g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (saved, &error);
  g_autoptr (GBytes) saved_again = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (tkr_campaign_get_rule_system (loaded), ==, f->system->system);
  saved_again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (saved, saved_again));
}

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  assert_round_trip (f);
  g_assert_true (begin_setup (f, &error));
  assert_round_trip (f);
  g_assert_true (roll_missing (f, &error));
  assert_round_trip (f);
  g_assert_true (begin_main (f, &error));
  g_assert_true (next_turn (f, &error));
  assert_round_trip (f);
  g_assert_true (pause_encounter (f, &error));
  assert_round_trip (f);
  g_assert_true (end_encounter (f, &error));
  g_assert_true (award (f, &error));
  assert_round_trip (f);
  g_assert_true (finish (f, &error));
  assert_round_trip (f);
  g_assert_no_error (error);
}

/* The XP award: only at the End, only to a PC who took part, an amount
 * the rule data allows; logged with its kind. */
static void
test_award (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GListModel *log = tkr_tracker_get_log (f->tracker);
  g_autoptr (TkrLogEntry) last = NULL;
  int before = tkr_character_get_experience (f->alice);
  int amount = smallest_award (f);

  to_main (f);
  g_assert_false (award (f, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_true (end_encounter (f, &error));
  g_assert_false (tkr_encounter_award_experience (f->encounter, f->goblin, amount, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tkr_encounter_award_experience (f->encounter, f->alice, 0, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (award (f, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, before + amount);
  last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_cmpstr (tkr_log_entry_get_kind (last), ==, TKR_LOG_XP_AWARD);

  /* The whole party at once is one step, and all or nothing: with an NPC
   * among them, nobody gains anything. */
  {
    g_autoptr (GPtrArray) party = g_ptr_array_new ();
    g_autofree char *snapshot_before = snapshot (f);
    g_autofree char *snapshot_after = NULL;
    guint steps = tkr_history_get_n_undo (f->history);
    int alice_xp = tkr_character_get_experience (f->alice);

    g_ptr_array_add (party, f->alice);
    g_ptr_array_add (party, f->goblin);
    g_assert_false (tkr_encounter_award_party (f->encounter, party, amount, "Won", &error));
    g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
    g_clear_error (&error);
    snapshot_after = snapshot (f);
    g_assert_cmpstr (snapshot_after, ==, snapshot_before);
    g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps);

    g_ptr_array_remove (party, f->goblin);
    g_assert_true (tkr_encounter_award_party (f->encounter, party, amount, "Won", &error));
    g_assert_no_error (error);
    g_assert_cmpint (tkr_character_get_experience (f->alice), ==, alice_xp + amount);
    g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  }
}

/* The turn order is a list model of turn slots: empty before Main, the
 * current slot is the one at the current index, and it holds at most one
 * slot per combatant. */
static void
test_order_model (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GListModel *order = tkr_tracker_get_order (f->tracker);
  guint n_combatants;

  g_assert_true (G_IS_LIST_MODEL (order));
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 0);
  to_main (f);
  n_combatants = g_list_model_get_n_items (tkr_encounter_get_combatants (f->encounter));
  g_assert_cmpuint (n_combatants, ==, 3);
  /* A system may open its rounds with a step of nobody's turn (the
   * Action-Point Reset): the next turn reaches someone's. */
  if (tkr_encounter_get_current_slot (f->encounter) == NULL)
    g_assert_true (next_turn (f, &error));
  g_assert_nonnull (tkr_encounter_get_current_slot (f->encounter));
  g_assert_cmpuint (g_list_model_get_n_items (order), >=, 1);
  g_assert_cmpuint (g_list_model_get_n_items (order), <=, n_combatants);
  {
    g_autoptr (GObject) first =
      g_list_model_get_item (order, tkr_encounter_get_current_index (f->encounter));
    g_assert_true (first == tkr_encounter_get_current_slot (f->encounter));
  }
  g_assert_true (next_turn (f, &error));
  {
    g_autoptr (GObject) current =
      g_list_model_get_item (order, tkr_encounter_get_current_index (f->encounter));
    g_assert_true (current == tkr_encounter_get_current_slot (f->encounter));
  }
  g_assert_true (end_encounter (f, &error));
  g_assert_true (finish (f, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 0);
}

static TkrCombatant *
goblin_combatant (Fixture *f)
{
  return tkr_encounter_find_combatant (f->encounter, f->goblin);
}

static gboolean
damage_seven (Fixture *f, GError **error)
{
  return tkr_encounter_change_health_typed (f->encounter, goblin_combatant (f), "-7", error);
}

static gboolean
temporary_five (Fixture *f, GError **error)
{
  return tkr_encounter_change_health_typed (f->encounter, goblin_combatant (f), "t5", error);
}

/* Health in every system (docs/ARCHITECTURE.md, "Health"): a typed "-7"
 * takes the rule data's pools in order and Health last, is logged, and
 * undoes in one step; temporary health goes first and does not add up;
 * 0 Health is down; the file keeps temporary health. */
static void
test_health (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrRules *rules = tkr_encounter_get_rules (f->encounter);
  GListModel *log = tkr_encounter_get_log (f->encounter);
  TkrCombatant *goblin;
  TkrHealthChange change;
  const TkrPoolKind *pools;
  guint n_pools, n_log;
  int absorbed = 0;

  to_main (f);
  goblin = goblin_combatant (f);
  g_assert_nonnull (goblin);
  tkr_history_begin (f->history, "test");
  g_object_set (tkr_character_get_pool (f->goblin, TKR_POOL_HEALTH), "maximum", 20, "current", 20,
                NULL);
  pools = tkr_rules_get_absorbing_pools (rules, &n_pools);
  for (guint i = 0; i < n_pools; i++)
    {
      g_object_set (tkr_character_get_pool (f->goblin, pools[i]), "maximum", 3, "current", 3, NULL);
      absorbed += 3;
    }
  tkr_history_end (f->history);

  n_log = g_list_model_get_n_items (log);
  assert_one_undoable_step (f, "typed -7", damage_seven);
  g_assert_cmpint (tkr_combatant_get_health (goblin), ==, 20 - 7 + MIN (absorbed, 7));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log + 1);

  assert_one_undoable_step (f, "typed t5", temporary_five);
  g_assert_cmpint (tkr_combatant_get_temporary_health (goblin), ==, 5);
  g_assert_true (tkr_encounter_change_health_typed (f->encounter, goblin, "t3", &error));
  g_assert_cmpint (tkr_combatant_get_temporary_health (goblin), ==, 5);
  assert_round_trip (f);

  g_assert_true (tkr_encounter_change_health_typed (f->encounter, goblin, "=2", &error));
  g_assert_cmpint (tkr_combatant_get_health (goblin), ==, 2);
  g_assert_false (tkr_combatant_is_down (goblin));
  g_assert_true (tkr_encounter_change_health_typed (f->encounter, goblin, "9999", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_combatant_get_health (goblin), ==, 0);
  g_assert_cmpint (tkr_combatant_get_temporary_health (goblin), ==, 0);
  g_assert_true (tkr_combatant_is_down (goblin));
  g_assert_true (tkr_encounter_change_health_typed (f->encounter, goblin, "+30", &error));
  g_assert_cmpint (tkr_combatant_get_health (goblin), ==, 20);

  /* Text that is not a change is refused with a message and changes
   * nothing. */
  for (guint i = 0; i < 4; i++)
    {
      const char *bad[] = { "", "-x", "+-3", "10000" };
      g_autoptr (GError) bad_error = NULL;

      g_assert_false (tkr_health_change_parse (bad[i], &change, &bad_error));
      g_assert_error (bad_error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
    }
  g_assert_true (tkr_health_change_parse (" 12 ", &change, &error));
  g_assert_cmpint (change.kind, ==, TKR_HEALTH_DAMAGE);
  g_assert_cmpint (change.amount, ==, 12);
}

static gboolean
damage_by_dice (Fixture *f, GError **error)
{
  return tkr_encounter_change_health_typed (f->encounter, goblin_combatant (f), "-2d6+3", error);
}

/* Numbers by dice (issue "What every rule system gets from the engine",
 * help/C/effects.page): "-2d6+3" typed on a health cell rolls on the
 * encounter's dice (a seeded GRand here), takes the rolled total as
 * damage through the system's pools, logs the dice, and undoes in one
 * step; a formula that could pass the largest change is refused. */
static void
test_health_by_dice (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) expected = g_rand_new_with_seed (2026);
  GListModel *log = tkr_encounter_get_log (f->encounter);
  g_autoptr (TkrLogEntry) entry = NULL;
  g_autofree char *dice = NULL;
  TkrCombatant *goblin;
  TkrHealthChange change;
  const TkrPoolKind *pools;
  guint n_pools;
  int a, b;

  to_main (f);
  goblin = goblin_combatant (f);
  tkr_history_begin (f->history, "test");
  g_object_set (tkr_character_get_pool (f->goblin, TKR_POOL_HEALTH), "maximum", 40, "current", 40,
                NULL);
  pools = tkr_rules_get_absorbing_pools (tkr_encounter_get_rules (f->encounter), &n_pools);
  for (guint i = 0; i < n_pools; i++)
    g_object_set (tkr_character_get_pool (f->goblin, pools[i]), "current", 0, NULL);
  tkr_history_end (f->history);
  tkr_encounter_set_rand (f->encounter, expected);
  a = g_rand_int_range (expected, 1, 7);
  b = g_rand_int_range (expected, 1, 7);

  assert_one_undoable_step (f, "typed -2d6+3", damage_by_dice);
  /* Undone and redone: the redo restores the rolled total, not a new roll. */
  g_assert_cmpint (tkr_combatant_get_health (goblin), ==, 40 - (a + b + 3));
  entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  dice = g_strdup_printf ("(rolled 2d6+3: %d + %d + 3 = %d)", a, b, a + b + 3);
  g_assert_nonnull (strstr (tkr_log_entry_get_text (entry), dice));
  g_assert_nonnull (strstr (tkr_log_entry_get_text (entry), "takes"));

  g_assert_false (tkr_health_change_parse ("-100d1000", &change, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (tkr_health_change_parse ("+d8", &change, &error));
  g_assert_cmpint (change.kind, ==, TKR_HEALTH_HEAL);
  g_assert_true (change.by_dice);
  g_assert_true (tkr_health_change_parse ("5+3", &change, &error));
  g_assert_cmpint (change.amount, ==, 8);
  g_assert_false (change.by_dice);
}

static gboolean
damage_alice_and_goblin (Fixture *f, GError **error)
{
  TkrCombatant *both[] = { tkr_encounter_find_combatant (f->encounter, f->alice),
                           goblin_combatant (f) };
  const int resistances[] = { 0, 4 };

  return tkr_encounter_change_health_of_many (f->encounter, both, resistances, 2, "-2d6+3", error);
}

/* Group damage (issue "What every rule system gets from the engine",
 * help/C/tracker.page): one typed change for several combatants rolls its
 * dice once, takes each one's resistance off its damage, logs the roll
 * and each combatant, and is one undo step in every system. */
static void
test_group_damage (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) expected = g_rand_new_with_seed (99);
  GListModel *log = tkr_encounter_get_log (f->encounter);
  TkrCharacter *both[] = { f->alice, f->goblin };
  TkrCombatant *none[] = { NULL };
  const int bad_resistance[] = { -1 };
  const TkrPoolKind *pools;
  guint n_pools, n_log;
  int total;

  to_main (f);
  pools = tkr_rules_get_absorbing_pools (tkr_encounter_get_rules (f->encounter), &n_pools);
  tkr_history_begin (f->history, "test");
  for (guint i = 0; i < G_N_ELEMENTS (both); i++)
    {
      g_object_set (tkr_character_get_pool (both[i], TKR_POOL_HEALTH), "maximum", 40, "current", 40,
                    NULL);
      for (guint j = 0; j < n_pools; j++)
        g_object_set (tkr_character_get_pool (both[i], pools[j]), "current", 0, NULL);
    }
  tkr_history_end (f->history);
  tkr_encounter_set_rand (f->encounter, expected);
  total = g_rand_int_range (expected, 1, 7);
  total += g_rand_int_range (expected, 1, 7) + 3;
  n_log = g_list_model_get_n_items (log);

  assert_one_undoable_step (f, "group damage -2d6+3", damage_alice_and_goblin);
  g_assert_cmpint (tkr_combatant_get_health (tkr_encounter_find_combatant (f->encounter, f->alice)),
                   ==, 40 - total);
  g_assert_cmpint (tkr_combatant_get_health (goblin_combatant (f)), ==, 40 - MAX (0, total - 4));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log + 3);

  /* Nobody selected, or a resistance below 0: refused, nothing changes. */
  g_assert_false (tkr_encounter_change_health_of_many (f->encounter, none, NULL, 0, "-3", &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  none[0] = goblin_combatant (f);
  g_assert_false (
    tkr_encounter_change_health_of_many (f->encounter, none, bad_resistance, 1, "-3", &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log + 3);
}

static TkrCondition *fire;

static gboolean
give_fire_a_save (Fixture *f, GError **error)
{
  return tkr_saves_set (f->encounter, fire, 15, TKR_EFFECT_EDGE_TURN_END, FALSE, "1d6", error);
}

static gboolean
succeed_first_save (Fixture *f, GError **error)
{
  g_autoptr (TkrRepeatSave) save = g_list_model_get_item (tkr_saves_get_pending (f->encounter), 0);

  return tkr_saves_resolve (f->encounter, save, TKR_SAVE_SUCCEEDED, 0, error);
}

/* Turns until the save asks (at most two rounds' worth); the last turn
 * is left for the caller to check as one step. */
static void
turns_before_save (Fixture *f)
{
  GListModel *pending = tkr_saves_get_pending (f->encounter);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *before = snapshot (f);

      g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
      g_assert_no_error (error);
      if (g_list_model_get_n_items (pending) > 0)
        {
          /* Back to just before it, for the caller's step. */
          g_assert_true (tkr_history_undo (f->history));
          {
            g_autofree char *now = snapshot (f);

            g_assert_cmpstr (now, ==, before);
          }
          return;
        }
    }
  g_assert_not_reached ();
}

/* Repeat saves (issue "What every rule system gets from the engine",
 * help/C/effects.page): an effect with a DC 15 save at the end of its
 * holder's turn and 1d6 damage (persistent damage) deals the damage and
 * asks for the save in the step that ends that turn, which undo takes
 * back; the file keeps the waiting save; a failure leaves the effect, a
 * success ends it, each one step; a save that reduces takes 1 off the
 * effect's value instead. The roll's name comes from the rule data. */
static void
test_repeat_saves (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GListModel *pending = tkr_saves_get_pending (f->encounter);
  GListModel *effects;
  g_autoptr (TkrRepeatSave) save = NULL;
  g_autofree char *asks = NULL;
  g_autofree char *expected = NULL;
  TkrCombatant *goblin;
  const TkrPoolKind *pools;
  guint n_pools;

  to_main (f);
  goblin = goblin_combatant (f);
  effects = G_LIST_MODEL (tkr_effects_get_store (goblin));
  pools = tkr_rules_get_absorbing_pools (tkr_encounter_get_rules (f->encounter), &n_pools);
  tkr_history_begin (f->history, "test");
  g_object_set (tkr_character_get_pool (f->goblin, TKR_POOL_HEALTH), "maximum", 40, "current", 40,
                NULL);
  for (guint i = 0; i < n_pools; i++)
    g_object_set (tkr_character_get_pool (f->goblin, pools[i]), "current", 0, NULL);
  tkr_history_end (f->history);
  fire = tkr_effects_add_timed (f->encounter, goblin, "Persistent fire",
                                TKR_EFFECT_DURATION_UNTIL_REMOVED, 0, TKR_EFFECT_EDGE_TURN_START,
                                NULL, NULL, &error);
  g_assert_no_error (error);
  assert_one_undoable_step (f, "give the effect a save", give_fire_a_save);
  g_assert_cmpint (tkr_condition_get_save_dc (fire), ==, 15);

  turns_before_save (f);
  assert_one_undoable_step (f, "the turn that ends with the save", next_turn);
  g_assert_cmpuint (g_list_model_get_n_items (pending), ==, 1);
  g_assert_cmpint (tkr_combatant_get_health (goblin), <, 40);
  g_assert_cmpint (tkr_combatant_get_health (goblin), >=, 34);
  save = g_list_model_get_item (pending, 0);
  asks = tkr_repeat_save_describe (save, f->encounter);
  expected = g_strdup_printf ("%s DC 15 for %s to end Persistent fire",
                              tkr_rules_get_save_name (tkr_encounter_get_rules (f->encounter)),
                              tkr_combatant_get_name (goblin));
  g_assert_cmpstr (asks, ==, expected);
  assert_round_trip (f);

  /* A typed 14 fails: the effect stays, nothing waits. */
  g_assert_true (tkr_saves_resolve (f->encounter, save, TKR_SAVE_TYPED, 14, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pending), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);
  g_assert_false (tkr_saves_resolve (f->encounter, save, TKR_SAVE_FAILED, 0, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Next time round, a success ends it. */
  turns_before_save (f);
  g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_cmpuint (g_list_model_get_n_items (pending), ==, 1);
  assert_one_undoable_step (f, "a save that succeeds", succeed_first_save);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (pending), ==, 0);

  /* A save that reduces: Frightened 3 goes to 2 and stays. */
  fire =
    tkr_effects_add_timed (f->encounter, goblin, "Frightened", TKR_EFFECT_DURATION_UNTIL_REMOVED, 0,
                           TKR_EFFECT_EDGE_TURN_START, NULL, NULL, &error);
  tkr_history_begin (f->history, "test");
  g_object_set (fire, "value", 3, NULL);
  tkr_history_end (f->history);
  g_assert_true (
    tkr_saves_set (f->encounter, fire, 10, TKR_EFFECT_EDGE_TURN_END, TRUE, NULL, &error));
  turns_before_save (f);
  g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_true (succeed_first_save (f, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_condition_get_value (fire), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);

  /* A DC out of range, or damage that is not a formula, is refused. */
  g_assert_false (
    tkr_saves_set (f->encounter, fire, 0, TKR_EFFECT_EDGE_TURN_END, FALSE, NULL, &error));
  g_clear_error (&error);
  g_assert_false (
    tkr_saves_set (f->encounter, fire, 15, TKR_EFFECT_EDGE_TURN_END, FALSE, "fire", &error));
  g_assert_nonnull (error);
}

static int alice_round; /* the round of Alice's next turn */

static gboolean
add_reinforcements (Fixture *f, GError **error)
{
  return tkr_reminders_add (f->encounter, "Reinforcements arrive",
                            tkr_encounter_find_combatant (f->encounter, f->alice), alice_round,
                            error) != NULL;
}

/* Whether it is @combatant's turn, alone or in its group. */
static gboolean
is_turn_of (Fixture *f, TkrCombatant *combatant)
{
  GObject *slot = tkr_encounter_get_current_slot (f->encounter);
  g_autoptr (GListModel) members = NULL;

  if (slot == G_OBJECT (combatant))
    return TRUE;
  if (slot == NULL || g_object_class_find_property (G_OBJECT_GET_CLASS (slot), "members") == NULL)
    return FALSE;
  g_object_get (slot, "members", &members, NULL);
  return g_list_store_find (G_LIST_STORE (members), combatant, NULL);
}

static gboolean
remove_first_reminder (Fixture *f, GError **error)
{
  g_autoptr (TkrReminder) reminder =
    g_list_model_get_item (tkr_reminders_get_list (f->encounter), 0);

  return tkr_reminders_remove (f->encounter, reminder, error);
}

static void
count_reminder_cb (TkrEncounter *encounter, TkrReminder *reminder, guint *count)
{
  (*count)++;
}

/* Reminders in the order (issue "What every rule system gets from the
 * engine", help/C/order.page): a note placed before Alice's turn in round
 * 2 is one undoable step; it comes up once, in the step that starts her
 * turn in round 2 (logged as a reminder, the "reminder" signal, then
 * done), which undo takes back; one for every round comes up each round;
 * files keep them; removing is one step; an empty note is refused. */
static void
test_reminders (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GListModel *list = tkr_reminders_get_list (f->encounter);
  TkrCombatant *alice;
  TkrReminder *once;
  guint fired = 0, turns = 0;

  to_main (f);
  alice = tkr_encounter_find_combatant (f->encounter, f->alice);
  /* The round of Alice's next turn in this system (an Action-Point
   * round is one of an Action Phase), found by playing there and back. */
  if (is_turn_of (f, alice) && turns++ == 0)
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  while (!is_turn_of (f, alice) && turns++ < 20)
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_true (is_turn_of (f, alice));
  alice_round = tkr_encounter_get_round (f->encounter);
  while (turns-- > 0)
    g_assert_true (tkr_history_undo (f->history));
  turns = 0;
  assert_one_undoable_step (f, "add a reminder", add_reinforcements);
  once = g_list_model_get_item (list, 0);
  /* The list keeps it. */
  g_object_unref (once);
  g_assert_cmpstr (tkr_reminder_get_note (once), ==, "Reinforcements arrive");
  g_assert_false (tkr_reminder_get_done (once));
  assert_round_trip (f);

  g_signal_connect (f->encounter, "reminder", G_CALLBACK (count_reminder_cb), &fired);
  while (fired == 0 && turns++ < 20)
    {
      g_autofree char *before = snapshot (f);

      g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
      g_assert_no_error (error);
      if (fired > 0)
        {
          GListModel *log = tkr_encounter_get_log (f->encounter);
          g_autoptr (TkrLogEntry) entry = NULL;

          g_assert_cmpint (tkr_encounter_get_round (f->encounter), ==, alice_round);
          g_assert_true (is_turn_of (f, alice));
          g_assert_true (tkr_reminder_get_done (once));
          for (guint i = g_list_model_get_n_items (log); i > 0 && entry == NULL; i--)
            {
              g_autoptr (TkrLogEntry) line = g_list_model_get_item (log, i - 1);

              if (g_strcmp0 (tkr_log_entry_get_kind (line), TKR_LOG_REMINDER) == 0)
                entry = g_steal_pointer (&line);
            }
          g_assert_nonnull (entry);
          g_assert_cmpstr (tkr_log_entry_get_text (entry), ==, "Reminder: Reinforcements arrive");
          /* Undo takes it back; redo brings it again. */
          g_assert_true (tkr_history_undo (f->history));
          g_assert_false (tkr_reminder_get_done (once));
          {
            g_autofree char *now = snapshot (f);

            g_assert_cmpstr (now, ==, before);
          }
          g_assert_true (tkr_history_redo (f->history));
          g_assert_true (tkr_reminder_get_done (once));
        }
    }
  g_assert_cmpuint (fired, ==, 1);
  assert_round_trip (f);

  /* Every round: it comes up each time Alice's turn does. */
  g_assert_nonnull (tkr_reminders_add (f->encounter, "Lair action", alice, 0, &error));
  g_assert_no_error (error);
  fired = 0;
  for (guint i = 0, turns_of_alice = 0; i < 60 && turns_of_alice < 2; i++)
    {
      g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
      if (is_turn_of (f, alice))
        turns_of_alice++;
    }
  g_assert_cmpuint (fired, ==, 2);
  g_signal_handlers_disconnect_by_func (f->encounter, count_reminder_cb, &fired);

  assert_one_undoable_step (f, "remove a reminder", remove_first_reminder);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 1);
  g_assert_null (tkr_reminders_add (f->encounter, "  ", alice, 0, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
}

static gboolean
delay_current (Fixture *f, GError **error)
{
  return tkr_encounter_delay (f->encounter, error);
}

static TkrCombatant *delayer;

static gboolean
return_delayer (Fixture *f, GError **error)
{
  return tkr_encounter_return_from_delay (f->encounter, delayer, error);
}

/* Delay (issue "What every rule system gets from the engine",
 * help/C/order.page), where the rule data allow it (Pathfinder 2e): the
 * combatant on its turn Delays, one step that begins the next turn; it
 * returns during another's turn and acts next, at that place from then
 * on, one step; files keep who is delayed; one who does not return before
 * its place comes round again loses the delayed turn and acts there. In
 * the other systems Delay is refused in words and changes nothing. */
static void
test_delay (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GListModel *order;
  GObject *next;
  g_autofree char *before = NULL;
  guint place, turns = 0;

  to_main (f);
  order = tkr_encounter_get_order (f->encounter);
  if (!tkr_rules_get_delay (tkr_encounter_get_rules (f->encounter)))
    {
      before = snapshot (f);
      g_assert_false (tkr_encounter_delay (f->encounter, &error));
      g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
      {
        g_autofree char *now = snapshot (f);

        g_assert_cmpstr (now, ==, before);
      }
      return;
    }
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 3);
  delayer = TKR_COMBATANT (tkr_encounter_get_current_slot (f->encounter));
  next = tkr_list_item_at (order, (tkr_encounter_get_current_index (f->encounter) + 1) % 3);

  assert_one_undoable_step (f, "delay", delay_current);
  g_assert_true (tkr_delay_is_delayed (f->encounter, delayer));
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) == next);
  assert_round_trip (f);

  assert_one_undoable_step (f, "return from delay", return_delayer);
  g_assert_false (tkr_delay_is_delayed (f->encounter, delayer));
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) == next);
  g_assert_true (g_list_store_find (G_LIST_STORE (order), delayer, &place));
  g_assert_cmpuint (place, ==, tkr_encounter_get_current_index (f->encounter) + 1);
  g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) == G_OBJECT (delayer));
  assert_round_trip (f);

  /* Delay again and never return: its place comes round, the turn is lost. */
  g_assert_true (tkr_encounter_delay (f->encounter, &error));
  g_assert_false (
    tkr_encounter_return_from_delay (f->encounter,
                                     TKR_COMBATANT (tkr_list_item_at (order, 0)) == delayer
                                       ? TKR_COMBATANT (tkr_list_item_at (order, 1))
                                       : TKR_COMBATANT (tkr_list_item_at (order, 0)),
                                     &error));
  g_clear_error (&error);
  while (tkr_encounter_get_current_slot (f->encounter) != G_OBJECT (delayer) && turns++ < 10)
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) == G_OBJECT (delayer));
  g_assert_false (tkr_delay_is_delayed (f->encounter, delayer));
  /* Previous turn gives the delay back. */
  g_assert_true (tkr_encounter_previous_turn (f->encounter, &error));
  g_assert_true (tkr_delay_is_delayed (f->encounter, delayer));
}

static TkrCombatant *held;

static gboolean
hold_current (Fixture *f, GError **error)
{
  return tkr_encounter_hold (f->encounter, held, error);
}

static gboolean
act_on_hold (Fixture *f, GError **error)
{
  return tkr_encounter_act_on_hold (f->encounter, held, error);
}

static int
resource_left (TkrCombatant *combatant, const char *id)
{
  return tkr_resource_get_current (tkr_combatant_find_resource (combatant, id));
}

/* Holding an action (help/C/order.page), the same mechanism as Delay
 * where the rule data say "round.hold" (the d20 Wait): on its own turn a
 * combatant holds, paying "round.hold_costs", and its turn goes on; during
 * another's turn it acts on it with "round.hold_acts_with", its place in
 * the order unchanged; each is one step, undone and redone exactly; files
 * keep it; one not acted on is lost when its own next turn begins, and
 * previous turn gives it back. The Kleptonomicon (a strict order in Main;
 * its loose order is Freeplay's, with no turns to hold), Pathfinder 2e
 * (Delay instead) and the Action-Point system refuse it in words and
 * change nothing. */
static void
test_hold (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrRules *rules = tkr_encounter_get_rules (f->encounter);
  GListModel *order;
  guint place, place_after, turns = 0;
  int costs_before, acts_before;

  to_main (f);
  order = tkr_encounter_get_order (f->encounter);
  held = (TkrCombatant *) tkr_encounter_get_current_slot (f->encounter);
  if (!tkr_rules_get_hold (rules))
    {
      g_autofree char *before = snapshot (f);
      g_autofree char *now = NULL;

      if (TKR_IS_COMBATANT (held))
        {
          g_assert_false (tkr_encounter_hold (f->encounter, held, &error));
          g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
          g_clear_error (&error);
        }
      g_assert_false (tkr_encounter_act_on_hold (f->encounter, goblin_combatant (f), &error));
      g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
      now = snapshot (f);
      g_assert_cmpstr (now, ==, before);
      return;
    }
  /* Delay and hold are one or the other (tkr-rules.c refuses both). */
  g_assert_false (tkr_rules_get_delay (rules));
  g_assert_cmpstr (tkr_rules_get_delay_name (rules), ==, "Wait");
  g_assert_true (g_list_store_find (G_LIST_STORE (order), held, &place));
  costs_before = resource_left (held, tkr_rules_get_hold_costs (rules));

  assert_one_undoable_step (f, "hold", hold_current);
  g_assert_true (tkr_delay_is_delayed (f->encounter, held));
  g_assert_true (tkr_combatant_get_delaying (held));
  /* The turn goes on, and the action is spent. */
  g_assert_true (tkr_encounter_get_current_slot (f->encounter) == G_OBJECT (held));
  g_assert_cmpint (resource_left (held, tkr_rules_get_hold_costs (rules)), ==, costs_before - 1);
  assert_round_trip (f);
  /* Not on its own turn; not twice. */
  g_assert_false (tkr_encounter_act_on_hold (f->encounter, held, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  g_clear_error (&error);
  g_assert_false (tkr_encounter_hold (f->encounter, held, &error));
  g_clear_error (&error);

  g_assert_true (next_turn (f, &error));
  g_assert_true (tkr_delay_is_delayed (f->encounter, held));
  acts_before = resource_left (held, tkr_rules_get_hold_acts_with (rules));
  assert_one_undoable_step (f, "act on a hold", act_on_hold);
  g_assert_false (tkr_delay_is_delayed (f->encounter, held));
  g_assert_false (tkr_combatant_get_delaying (held));
  g_assert_cmpint (resource_left (held, tkr_rules_get_hold_acts_with (rules)), ==, acts_before - 1);
  /* Its place is kept: the order did not change. */
  g_assert_true (g_list_store_find (G_LIST_STORE (order), held, &place_after));
  g_assert_cmpuint (place_after, ==, place);
  assert_round_trip (f);

  /* Hold again and never act: it is lost when its own turn begins. */
  while (tkr_encounter_get_current_slot (f->encounter) != G_OBJECT (held) && turns++ < 10)
    g_assert_true (next_turn (f, &error));
  g_assert_true (tkr_encounter_hold (f->encounter, held, &error));
  g_assert_no_error (error);
  turns = 0;
  do
    g_assert_true (next_turn (f, &error));
  while (tkr_encounter_get_current_slot (f->encounter) != G_OBJECT (held) && turns++ < 10);
  g_assert_false (tkr_delay_is_delayed (f->encounter, held));
  g_assert_false (tkr_combatant_get_delaying (held));
  /* Previous turn gives the hold back. */
  g_assert_true (tkr_encounter_previous_turn (f->encounter, &error));
  g_assert_true (tkr_delay_is_delayed (f->encounter, held));
  g_assert_true (tkr_combatant_get_delaying (held));
}

static TkrCharacter *ogre; /* a library NPC */

static gboolean
type_ogre_health (Fixture *f, GError **error)
{
  return tkr_character_set_health_typed (ogre, f->history, " 2d8+4 ", error);
}

static TkrCharacter *ogre_copy;

static gboolean
add_ogre (Fixture *f, GError **error)
{
  ogre_copy = tkr_campaign_add_to_encounter (f->campaign, ogre, error);
  return ogre_copy != NULL;
}

static int
max_health (TkrCharacter *character)
{
  return tkr_pool_get_maximum (tkr_character_get_pool (character, TKR_POOL_HEALTH));
}

/* Numbers by dice for an NPC's Health (help/C/effects.page): typed on a
 * library NPC, "2d8+4" is kept as its maximum Health, one step, and the
 * sheet shows its usual total (13); a plain number is the maximum itself;
 * a formula that could roll below 1 is refused in words and changes
 * nothing. Each copy that joins the encounter rolls its own maximum on
 * the encounter's dice (a seeded GRand here) and starts with it, the log
 * shows the dice, and undo takes the copy and the line back; redo brings
 * the same roll. The file keeps the formula ("health_formula", only when
 * set) and saves the same bytes again. */
static void
test_npc_health_by_dice (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) expected = g_rand_new_with_seed (1123);
  GListModel *log = tkr_encounter_get_log (f->encounter);
  int rolls[4], first, second;

  ogre = tkr_campaign_add_npc (f->campaign, "Ogre");
  assert_one_undoable_step (f, "type 2d8+4 as the Ogre's Health", type_ogre_health);
  g_assert_cmpstr (tkr_character_get_health_formula (ogre), ==, "2d8+4");
  g_assert_cmpint (max_health (ogre), ==, 13);
  assert_round_trip (f);

  {
    g_autofree char *before = snapshot (f);
    g_autofree char *now = NULL;

    g_assert_false (tkr_character_set_health_typed (ogre, f->history, "1d4-5", &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_assert_false (tkr_character_set_health_typed (ogre, f->history, "two dice", &error));
    g_clear_error (&error);
    g_assert_false (tkr_character_set_health_typed (f->alice, f->history, "2d8", &error));
    g_clear_error (&error);
    now = snapshot (f);
    g_assert_cmpstr (now, ==, before);
  }

  tkr_encounter_set_rand (f->encounter, expected);
  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    rolls[i] = g_rand_int_range (expected, 1, 9);
  first = rolls[0] + rolls[1] + 4;
  second = rolls[2] + rolls[3] + 4;

  assert_one_undoable_step (f, "an Ogre joins", add_ogre);
  g_assert_cmpint (max_health (ogre_copy), ==, first);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (ogre_copy, TKR_POOL_HEALTH)), ==,
                   first);
  g_assert_cmpstr (tkr_character_get_health_formula (ogre_copy), ==, "");
  {
    g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
    g_autofree char *dice =
      g_strdup_printf ("(rolled 2d8+4: %d + %d + 4 = %d)", rolls[0], rolls[1], first);

    g_assert_cmpstr (tkr_log_entry_get_kind (entry), ==, TKR_LOG_NPC_HEALTH);
    g_assert_nonnull (strstr (tkr_log_entry_get_text (entry), dice));
  }
  /* The library keeps its template. */
  g_assert_cmpint (max_health (ogre), ==, 13);
  g_assert_cmpstr (tkr_character_get_health_formula (ogre), ==, "2d8+4");

  /* The next copy rolls its own. */
  g_assert_true (add_ogre (f, &error));
  g_assert_no_error (error);
  g_assert_cmpint (max_health (ogre_copy), ==, second);
  assert_round_trip (f);

  /* A file whose formula could roll below 1 is refused in words. */
  {
    g_autofree char *text = snapshot (f);
    char *at = strstr (text, "\"2d8+4\"");
    g_autoptr (GBytes) bytes = NULL;
    g_autoptr (TkrCampaign) refused = NULL;

    g_assert_nonnull (at);
    memcpy (at, "\"1d4-9\"", 7);
    bytes = g_bytes_new (text, strlen (text));
    refused = tkr_campaign_new_from_bytes (bytes, &error);
    g_assert_null (refused);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "health_formula"));
    g_clear_error (&error);
  }

  /* A plain number is the maximum, and the formula goes. */
  g_assert_true (tkr_character_set_health_typed (ogre, f->history, "30", &error));
  g_assert_cmpint (max_health (ogre), ==, 30);
  g_assert_cmpstr (tkr_character_get_health_formula (ogre), ==, "");
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpstr (tkr_character_get_health_formula (ogre), ==, "2d8+4");
}

static gboolean
reveal_on_turn (Fixture *f, GError **error)
{
  return tkr_encounter_set_reveal_hidden_on_turn (f->encounter, TRUE, error);
}

/* Hidden combatants (issue "What every rule system gets from the engine",
 * help/C/player-view.page): with the campaign's choice to reveal them on
 * their turn (one undoable step, kept in the file), a hidden Goblin is
 * shown in the step that starts its turn, logged, and the turn's undo
 * hides it again. */
static void
test_reveal_on_turn (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCombatant *goblin;
  guint turns = 0;

  to_main (f);
  goblin = goblin_combatant (f);
  assert_one_undoable_step (f, "reveal hidden combatants on their turn", reveal_on_turn);
  g_assert_true (tkr_encounter_get_reveal_hidden_on_turn (f->encounter));
  g_assert_true (tkr_encounter_set_hidden (f->encounter, goblin, TRUE, &error));
  assert_round_trip (f);
  if (is_turn_of (f, goblin))
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  while (!is_turn_of (f, goblin) && turns++ < 20)
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_true (is_turn_of (f, goblin));
  g_assert_false (tkr_combatant_get_hidden (goblin));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_combatant_get_hidden (goblin));
}

/* Timed effects (src/core/engine/tkr-effects.h) in every system: "until
 * the start of its next turn" (1 turn, at the start, anchored to its
 * holder, the Goblin, whose turn may be its group's) is one undoable step,
 * kept by the file, and ends on its own at the start of the Goblin's next
 * turn, logged as effect-ended with the encounter's effect-ended signal;
 * previous turn brings it back. */
static TkrCondition *added_effect;

static gboolean
add_timed_effect (Fixture *f, GError **error)
{
  added_effect = tkr_effects_add_timed (
    f->encounter, tkr_encounter_find_combatant (f->encounter, f->goblin), "Dodging",
    TKR_EFFECT_DURATION_TURNS, 1, TKR_EFFECT_EDGE_TURN_START, NULL, NULL, error);
  return added_effect != NULL;
}

static void
count_ended (TkrEncounter *encounter, TkrCondition *effect, TkrCombatant *holder, guint *count)
{
  g_assert_true (TKR_IS_CONDITION (effect));
  g_assert_true (TKR_IS_COMBATANT (holder));
  (*count)++;
}

static void
test_timed_effects (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GListModel *effects;
  GListModel *log = tkr_tracker_get_log (f->tracker);
  guint ended = 0;
  int turns = 0;

  to_main (f);
  effects =
    G_LIST_MODEL (tkr_effects_get_store (tkr_encounter_find_combatant (f->encounter, f->goblin)));
  g_signal_connect (f->encounter, "effect-ended", G_CALLBACK (count_ended), &ended);
  assert_one_undoable_step (f, "add a timed effect", add_timed_effect);
  assert_round_trip (f);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);

  while (g_list_model_get_n_items (effects) > 0 && turns++ < 40)
    g_assert_true (next_turn (f, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 0);
  g_assert_cmpuint (ended, ==, 1);
  {
    g_autoptr (TkrLogEntry) last = NULL;
    guint n = g_list_model_get_n_items (log);

    /* Its line, then possibly more of the same step. */
    for (guint i = n; i > 0 && last == NULL; i--)
      {
        g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i - 1);

        if (g_strcmp0 (tkr_log_entry_get_kind (entry), TKR_LOG_EFFECT_ENDED) == 0)
          last = g_steal_pointer (&entry);
      }
    g_assert_nonnull (last);
    g_assert_nonnull (strstr (tkr_log_entry_get_text (last), "Dodging on Goblin"));
    g_assert_nonnull (strstr (tkr_log_entry_get_text (last), "ended at the start of Goblin"));
  }
  assert_round_trip (f);
  g_assert_true (tkr_tracker_previous_turn (f->tracker, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (effects), ==, 1);
}

/* The systems' own timings (src/core/engine/tkr-timings.h, rule data
 * "timings"; help/C/effects.page, "Conditions that wear off"), one model in
 * every system: the Kleptonomicon erases one stack of a Fleeting condition
 * at the end of its holder's Turn (help/C/conditions-and-zones.page),
 * Pathfinder 2e's Frightened drops by 1 at the end of its holder's turn
 * (help/C/pf2e.page), the d20 Dodging lasts until the start of its holder's
 * next turn (help/C/d20.page), and the Action-Point Temporary conditions
 * end in the Reset Phase (help/C/action-points.page). */
typedef struct
{
  const char *system;
  const char *condition; /* put on the Goblin with tkr_encounter_add_condition */
  int stacks;            /* how many times */
  gboolean decays;       /* one stack at a time */
} Timed;

static const Timed timed_conditions[] = {
  { "kleptonomicon", "Slowed", 2, TRUE },
  { "pf2e", "Frightened", 2, TRUE },
  { "d20", "Dodging", 1, FALSE },
  { "action-points", "Prone", 1, FALSE },
};

static const Timed *
timed_of (Fixture *f)
{
  for (guint i = 0; i < G_N_ELEMENTS (timed_conditions); i++)
    if (g_str_equal (timed_conditions[i].system, f->system->system))
      return &timed_conditions[i];
  g_assert_not_reached ();
}

/* The Goblin's stacks of the timed condition (1 without stacks), 0
 * without it. */
static int
timed_stacks (Fixture *f)
{
  GListModel *conditions = tkr_combatant_get_conditions (goblin_combatant (f));

  for (guint i = 0; i < g_list_model_get_n_items (conditions); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);

      if (g_str_equal (tkr_condition_get_name (condition), timed_of (f)->condition))
        /* An Action-Point condition has no stacks: it is there or not. */
        return MAX (tkr_condition_get_stacks (condition), 1);
    }
  return 0;
}

static gboolean
add_timed_condition (Fixture *f, GError **error)
{
  return tkr_encounter_add_condition (f->encounter, goblin_combatant (f), timed_of (f)->condition,
                                      error);
}

typedef struct
{
  Fixture *f;
  guint count;
} Ended;

static void
timed_ended (TkrEncounter *encounter, TkrCondition *condition, TkrCombatant *holder, Ended *ended)
{
  g_assert_true (holder == goblin_combatant (ended->f));
  g_assert_cmpstr (tkr_condition_get_name (condition), ==, timed_of (ended->f)->condition);
  ended->count++;
}

/* Puts the timed condition on the Goblin when it is not the Goblin's turn
 * (a stack gained on its own turn would outlast the Kleptonomicon's end of
 * that Turn), each one undoable step. */
static void
put_timed_condition (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  int turns = 0;

  while (is_turn_of (f, goblin_combatant (f)) && turns++ < 10)
    g_assert_true (next_turn (f, &error));
  g_assert_no_error (error);
  for (int i = 0; i < timed_of (f)->stacks; i++)
    assert_one_undoable_step (f, "add the timed condition", add_timed_condition);
  g_assert_cmpint (timed_stacks (f), ==, timed_of (f)->stacks);
}

static void
test_system_timing (Fixture *f, gconstpointer data)
{
  const Timed *timed = timed_of (f);
  GListModel *log = tkr_tracker_get_log (f->tracker);
  Ended ended = { f, 0 };
  gboolean saw_one = FALSE;
  gboolean logged = FALSE;
  int turns = 0;

  to_main (f);
  put_timed_condition (f);
  assert_round_trip (f);
  g_signal_connect (f->encounter, "effect-ended", G_CALLBACK (timed_ended), &ended);

  /* Each turn is one step that undo and redo restore byte for byte. */
  while (timed_stacks (f) > 0 && turns++ < 60)
    {
      assert_one_undoable_step (f, "next turn", next_turn);
      saw_one = saw_one || timed_stacks (f) == 1;
    }
  g_assert_cmpint (timed_stacks (f), ==, 0);
  g_test_message ("%s: %s gone after %d turns", f->system->system, timed->condition, turns);
  /* Undo and redo above ran the ending step three times. */
  g_assert_cmpuint (ended.count, >=, 1);
  /* A condition that decays went down to 1 on the way. */
  g_assert_true (saw_one || !timed->decays);
  for (guint i = g_list_model_get_n_items (log); i > 0 && !logged; i--)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i - 1);

      logged = g_strcmp0 (tkr_log_entry_get_kind (entry), TKR_LOG_EFFECT_ENDED) == 0 &&
               strstr (tkr_log_entry_get_text (entry), timed->condition) != NULL &&
               strstr (tkr_log_entry_get_text (entry), "Goblin") != NULL;
    }
  g_assert_true (logged);
  assert_round_trip (f);
  /* Undo brings it back. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (timed_stacks (f), >, 0);
}

/* The timing is the rule data's: without "timings" the same condition
 * stays through the same turns. */
static void
test_system_timing_from_rule_data (Fixture *f, gconstpointer data)
{
  g_autofree char *resource =
    g_strdup_printf ("/io/github/turnkeeper/Turnkeeper/rules/%s.json", f->system->system);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (resource, 0, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (GError) error = NULL;
  const System *system = f->system;
  int turns = 0;

  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL),
                                             (gssize) g_bytes_get_size (bytes), &error));
  json_object_remove_member (json_node_get_object (json_parser_get_root (parser)), "timings");
  rules = tkr_rules_new_from_json (json_parser_get_root (parser), &error);
  g_assert_no_error (error);
  fixture_tear_down (f, NULL);
  fixture_set_up_with_rules (f, system, rules);

  to_main (f);
  put_timed_condition (f);
  while (turns++ < 12)
    g_assert_true (next_turn (f, &error));
  g_assert_no_error (error);
  g_assert_cmpint (timed_stacks (f), ==, timed_of (f)->stacks);
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      const System *system = &systems[i];
      struct
      {
        const char *name;
        void (*func) (Fixture *, gconstpointer);
      } cases[] = {
        { "phase-legality", test_phase_legality },
        { "undo-redo", test_undo_redo },
        { "previous-turn", test_previous_turn },
        { "round-trip", test_round_trip },
        { "award", test_award },
        { "order-model", test_order_model },
        { "health", test_health },
        { "health-by-dice", test_health_by_dice },
        { "group-damage", test_group_damage },
        { "repeat-saves", test_repeat_saves },
        { "reminders", test_reminders },
        { "delay", test_delay },
        { "hold", test_hold },
        { "npc-health-by-dice", test_npc_health_by_dice },
        { "reveal-hidden-on-turn", test_reveal_on_turn },
        { "timed-effect-ends-at-its-anchors-turn-edge", test_timed_effects },
        { "system-timing-through-the-shared-model", test_system_timing },
        { "system-timing-from-rule-data", test_system_timing_from_rule_data },
      };

      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        {
          g_autofree char *path =
            g_strdup_printf ("/contract/%s/%s", system->system, cases[j].name);

          g_test_add (path, Fixture, system, fixture_set_up, cases[j].func, fixture_tear_down);
        }
    }
  return g_test_run ();
}
