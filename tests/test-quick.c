/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The quick commands the tracker's keys run (help/C/keyboard.page): the
 * same command names in every rule system, each the system's own rule
 * (a Beat, an action, an AP; a reaction; a condition from the rule data;
 * movement, Dash, a rest), one undoable step; and a command a system does
 * not have is refused in plain words, changing nothing.
 */

#include "config.h"

#include <string.h>

#include "tkr-core.h"

typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  TkrHistory *history;
} Fight;

static void
fight_begin (Fight *fight, const char *system)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);

  g_assert_no_error (error);
  fight->campaign = tkr_campaign_new (rules);
  fight->history = tkr_campaign_get_history (fight->campaign);
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);
      TkrCharacter *pc = tkr_campaign_add_pc (fight->campaign, name);

      g_assert_nonnull (tkr_campaign_add_to_encounter (fight->campaign, pc, &error));
    }
  fight->encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (fight->campaign));
  g_assert_true (tkr_encounter_begin_setup (fight->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (fight->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (fight->encounter, &error));
  /* The Action-Point Round opens with its Reset Phase; the Action Phase,
   * where combatants act, follows it. */
  if (g_str_equal (system, "action-points"))
    g_assert_true (tkr_encounter_next_turn (fight->encounter, &error));
  g_assert_no_error (error);
}

static void
fight_end (Fight *fight)
{
  g_clear_object (&fight->campaign);
}

static TkrCombatant *
combatant_at (Fight *fight, guint index)
{
  GListModel *combatants = tkr_encounter_get_combatants (fight->encounter);
  g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, index);

  return combatant;
}

static int
resources_left (TkrCombatant *combatant)
{
  GListModel *resources = tkr_combatant_get_resources (combatant);
  int sum = 0;

  for (guint i = 0; i < g_list_model_get_n_items (resources); i++)
    {
      g_autoptr (TkrResource) resource = g_list_model_get_item (resources, i);

      sum += tkr_resource_get_current (resource);
    }
  return sum;
}

typedef gboolean (*QuickFunc) (TkrEncounter *self, TkrCombatant *combatant, GError **error);

/* Runs @func for the first combatant that may (whose turn it is, or who
 * may react now) and returns it, or NULL when nobody may. */
static TkrCombatant *
run_for_anyone (Fight *fight, QuickFunc func, int *before)
{
  GListModel *combatants = tkr_encounter_get_combatants (fight->encounter);

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      TkrCombatant *combatant = combatant_at (fight, i);
      guint steps = tkr_history_get_n_undo (fight->history);
      g_autoptr (GError) error = NULL;

      *before = resources_left (combatant);
      if (func (fight->encounter, combatant, &error))
        {
          g_assert_no_error (error);
          g_assert_cmpuint (tkr_history_get_n_undo (fight->history), ==, steps + 1);
          return combatant;
        }
      g_assert_nonnull (error);
      /* A refusal changes nothing. */
      g_assert_cmpuint (tkr_history_get_n_undo (fight->history), ==, steps);
      g_assert_cmpint (resources_left (combatant), ==, *before);
    }
  return NULL;
}

/* Spending the turn resource takes one Beat, action or AP from the
 * combatant whose turn it is, as one step that undo gives back. */
static void
test_spend_turn_resource_takes_one (gconstpointer data)
{
  Fight fight = { 0 };
  TkrCombatant *combatant;
  int before;

  fight_begin (&fight, data);
  g_assert_true (tkr_quick_supports (fight.encounter, TKR_QUICK_SPEND));
  combatant = run_for_anyone (&fight, tkr_encounter_spend_turn_resource, &before);
  g_assert_nonnull (combatant);
  g_assert_cmpint (resources_left (combatant), ==, before - 1);
  g_assert_true (tkr_history_undo (fight.history));
  g_assert_cmpint (resources_left (combatant), ==, before);
  fight_end (&fight);
}

/* A reaction is the system's reaction (a Beat as a Reaction in the
 * Kleptonomicon); the Action-Point system has none and says so. */
static void
test_react_uses_the_reaction (gconstpointer data)
{
  Fight fight = { 0 };
  TkrCombatant *combatant;
  int before;

  fight_begin (&fight, data);
  combatant = run_for_anyone (&fight, tkr_encounter_react, &before);
  if (g_str_equal (data, "action-points"))
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (tkr_quick_supports (fight.encounter, TKR_QUICK_REACT));
      g_assert_null (combatant);
      g_assert_false (tkr_encounter_react (fight.encounter, combatant_at (&fight, 0), &error));
      g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "no reactions"));
    }
  else
    {
      g_assert_nonnull (combatant);
      g_assert_cmpint (resources_left (combatant), ==, before - 1);
    }
  fight_end (&fight);
}

static gboolean
has_condition (TkrCombatant *combatant, const char *name)
{
  GListModel *lists[] = { tkr_combatant_get_conditions (combatant),
                          tkr_character_get_conditions (tkr_combatant_get_character (combatant)) };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
      {
        g_autoptr (TkrCondition) condition = g_list_model_get_item (lists[l], i);

        if (g_ascii_strcasecmp (tkr_condition_get_name (condition), name) == 0)
          return TRUE;
      }
  return FALSE;
}

/* A condition from the system's rule data lands on the combatant as one
 * step; one the rule data does not know is refused in every system but
 * the Kleptonomicon's, whose custom conditions are Fleeting. */
static void
test_add_condition_from_rule_data (gconstpointer data)
{
  const char *system = data;
  const char *name = g_str_equal (system, "kleptonomicon") ? "Slowed" : "Prone";
  Fight fight = { 0 };
  TkrCombatant *combatant;
  g_autoptr (GError) error = NULL;

  fight_begin (&fight, system);
  combatant = combatant_at (&fight, 1);
  g_assert_false (has_condition (combatant, name));
  g_assert_true (tkr_encounter_add_condition (fight.encounter, combatant, name, &error));
  g_assert_no_error (error);
  g_assert_true (has_condition (combatant, name));
  g_assert_true (tkr_history_undo (fight.history));
  g_assert_false (has_condition (combatant, name));
  fight_end (&fight);
}

/* Move spends typed movement where the system counts it (d20: feet of
 * walking); Pathfinder 2e counts none and refuses Move, Dash and Rest. */
static void
test_move_spends_movement_in_d20 (void)
{
  Fight fight = { 0 };
  GListModel *combatants;
  gboolean moved = FALSE;

  fight_begin (&fight, "d20");
  g_assert_cmpstr (tkr_quick_get_move_unit (fight.encounter), ==, "feet");
  combatants = tkr_encounter_get_combatants (fight.encounter);
  for (guint i = 0; i < g_list_model_get_n_items (combatants) && !moved; i++)
    {
      TkrCombatant *combatant = combatant_at (&fight, i);
      int before = tkr_combatant_get_left (combatant, "movement");

      moved = tkr_encounter_move (fight.encounter, combatant, 10, NULL);
      if (moved)
        g_assert_cmpint (tkr_combatant_get_left (combatant, "movement"), ==, before - 10);
    }
  g_assert_true (moved);
  fight_end (&fight);
}

static void
test_pf2e_refuses_what_it_does_not_have (void)
{
  Fight fight = { 0 };
  TkrCombatant *combatant;
  guint steps;
  g_autoptr (GError) move_error = NULL;
  g_autoptr (GError) dash_error = NULL;
  g_autoptr (GError) rest_error = NULL;

  fight_begin (&fight, "pf2e");
  combatant = combatant_at (&fight, 0);
  steps = tkr_history_get_n_undo (fight.history);
  g_assert_false (tkr_quick_supports (fight.encounter, TKR_QUICK_MOVE));
  g_assert_false (tkr_quick_supports (fight.encounter, TKR_QUICK_DASH));
  g_assert_false (tkr_quick_supports (fight.encounter, TKR_QUICK_REST));
  g_assert_null (tkr_quick_get_move_unit (fight.encounter));
  g_assert_false (tkr_encounter_move (fight.encounter, combatant, 5, &move_error));
  g_assert_false (tkr_encounter_dash (fight.encounter, combatant, &dash_error));
  g_assert_false (tkr_encounter_rest (fight.encounter, combatant, &rest_error));
  g_assert_error (move_error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_error (dash_error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_error (rest_error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_cmpuint (tkr_history_get_n_undo (fight.history), ==, steps);
  fight_end (&fight);
}

/* The d20 Dash is the common action "dash": it spends the action. */
static void
test_d20_dash_spends_the_action (void)
{
  Fight fight = { 0 };
  TkrCombatant *combatant;
  int before;

  fight_begin (&fight, "d20");
  combatant = run_for_anyone (&fight, tkr_encounter_dash, &before);
  g_assert_nonnull (combatant);
  g_assert_cmpint (tkr_combatant_get_left (combatant, "action"), ==, 0);
  fight_end (&fight);
}

/* A Kleptonomicon Rest waits until the fight is over. */
static void
test_klep_rest_waits_for_the_end (void)
{
  Fight fight = { 0 };
  g_autoptr (GError) error = NULL;

  fight_begin (&fight, "kleptonomicon");
  g_assert_false (tkr_encounter_rest (fight.encounter, combatant_at (&fight, 0), &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  fight_end (&fight);
}

/* At the End, the party's Rest is one step for every PC who took part
 * (help/C/pause-and-end.page), and does what the rule data's "rest" says. */
static void
test_party_rest_at_the_end_is_one_step (gconstpointer data)
{
  Fight fight = { 0 };
  g_autoptr (GError) error = NULL;
  guint steps;

  GListModel *combatants;
  TkrRules *rules;

  fight_begin (&fight, data);
  g_assert_true (tkr_encounter_end (fight.encounter, &error));
  /* Where a Rest sets the Shield back up, a spent Shield shows it. */
  rules = tkr_encounter_get_rules (fight.encounter);
  combatants = tkr_encounter_get_combatants (fight.encounter);
  for (guint i = 0;
       tkr_rules_get_rest_resets_shield (rules) && i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

      g_object_set (
        tkr_character_get_pool (tkr_combatant_get_character (combatant), TKR_POOL_SHIELD),
        "maximum", 3, "current", 1, NULL);
    }
  steps = tkr_history_get_n_undo (fight.history);
  g_assert_true (tkr_encounter_rest_party (fight.encounter, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_history_get_n_undo (fight.history), ==, steps + 1);
  for (guint i = 0;
       tkr_rules_get_rest_resets_shield (rules) && i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);
      TkrCharacter *character = tkr_combatant_get_character (combatant);

      if (tkr_character_is_pc (character))
        g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (character, TKR_POOL_SHIELD)),
                         ==, 3);
    }
  fight_end (&fight);
}

int
main (int argc, char *argv[])
{
  const char *systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autofree char *spend = g_strdup_printf ("/quick/%s/spend-takes-one", systems[i]);
      g_autofree char *react = g_strdup_printf ("/quick/%s/react-uses-the-reaction", systems[i]);
      g_autofree char *condition =
        g_strdup_printf ("/quick/%s/add-condition-from-rule-data", systems[i]);

      g_test_add_data_func (spend, systems[i], test_spend_turn_resource_takes_one);
      g_test_add_data_func (react, systems[i], test_react_uses_the_reaction);
      g_test_add_data_func (condition, systems[i], test_add_condition_from_rule_data);
    }
  g_test_add_func ("/quick/d20/move-spends-feet", test_move_spends_movement_in_d20);
  g_test_add_func ("/quick/d20/dash-spends-the-action", test_d20_dash_spends_the_action);
  g_test_add_func ("/quick/pf2e/refuses-move-dash-rest", test_pf2e_refuses_what_it_does_not_have);
  g_test_add_func ("/quick/kleptonomicon/rest-waits-for-the-end", test_klep_rest_waits_for_the_end);
  g_test_add_data_func ("/quick/kleptonomicon/party-rest-at-the-end-is-one-step", "kleptonomicon",
                        test_party_rest_at_the_end_is_one_step);
  g_test_add_data_func ("/quick/action-points/party-rest-at-the-end-is-one-step", "action-points",
                        test_party_rest_at_the_end_is_one_step);
  g_test_add_data_func ("/quick/d20/party-rest-at-the-end-is-one-step", "d20",
                        test_party_rest_at_the_end_is_one_step);
  return g_test_run ();
}
