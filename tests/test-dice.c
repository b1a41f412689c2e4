/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"

/* Rule: SRD glossary "Score Range": Low 6 or less, Mixed 7-9, High 10+. */
static void
test_dice_score_ranges (void)
{
  TkrRules *rules = tkr_rules_get_default ();

  g_assert_cmpint (tkr_rules_classify (rules, -3), ==, TKR_SCORE_RANGE_LOW);
  g_assert_cmpint (tkr_rules_classify (rules, 6), ==, TKR_SCORE_RANGE_LOW);
  g_assert_cmpint (tkr_rules_classify (rules, 7), ==, TKR_SCORE_RANGE_MIXED);
  g_assert_cmpint (tkr_rules_classify (rules, 9), ==, TKR_SCORE_RANGE_MIXED);
  g_assert_cmpint (tkr_rules_classify (rules, 10), ==, TKR_SCORE_RANGE_HIGH);
  g_assert_cmpint (tkr_rules_classify (rules, 23), ==, TKR_SCORE_RANGE_HIGH);
}

/* Rule: SRD glossary "Test": one d10 plus the modifier is the Score. */
static void
test_dice_plain_test (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  int dice[] = { 4 };
  g_autoptr (TkrTestRoll) roll = tkr_dice_test_from_dice (rules, dice, 1, 3, 0, 0);

  g_assert_cmpint (roll->score, ==, 7);
  g_assert_cmpint (roll->range, ==, TKR_SCORE_RANGE_MIXED);
  g_assert_false (roll->critical);
  g_assert_false (roll->typed_in);
}

/* Rule: SRD glossary "Advantage"/"Disadvantage": keep highest / lowest. */
static void
test_dice_advantage_keeps_highest (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  int dice[] = { 2, 8, 5 };
  g_autoptr (TkrTestRoll) adv = tkr_dice_test_from_dice (rules, dice, 3, 0, 2, 0);
  g_autoptr (TkrTestRoll) dis = tkr_dice_test_from_dice (rules, dice, 3, 0, 0, 2);

  g_assert_cmpint (adv->kept, ==, 8);
  g_assert_cmpint (adv->net_advantage, ==, 2);
  g_assert_cmpint (dis->kept, ==, 2);
  g_assert_cmpint (dis->net_advantage, ==, -2);
}

/* Rule: Advantage and Disadvantage cancel one for one; the net is capped at 3. */
static void
test_dice_cancelling_and_cap (void)
{
  TkrRules *rules = tkr_rules_get_default ();

  g_assert_cmpint (tkr_dice_net_advantage (rules, 2, 1), ==, 1);
  g_assert_cmpint (tkr_dice_net_advantage (rules, 1, 1), ==, 0);
  g_assert_cmpint (tkr_dice_net_advantage (rules, 1, 3), ==, -2);
  g_assert_cmpint (tkr_dice_net_advantage (rules, 7, 0), ==, 3);
  g_assert_cmpint (tkr_dice_net_advantage (rules, 0, 9), ==, -3);
}

/* Rule: never more than 4 dice (1 + the cap of 3). */
static void
test_dice_roll_uses_net_dice (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);

  for (int i = 0; i < 200; i++)
    {
      g_autoptr (TkrTestRoll) roll = tkr_dice_roll_test (rules, rand, 1, i % 6, i % 2);
      int net = tkr_dice_net_advantage (rules, i % 6, i % 2);

      g_assert_cmpuint (roll->n_dice, ==, 1 + ABS (net));
      g_assert_cmpuint (roll->n_dice, <=, 4);
      for (guint d = 0; d < roll->n_dice; d++)
        {
          g_assert_cmpint (roll->dice[d], >=, 1);
          g_assert_cmpint (roll->dice[d], <=, 10);
        }
      g_assert_cmpint (roll->score, ==, roll->kept + 1);
    }
}

/* The random source is injectable: the same seed gives the same rolls. */
static void
test_dice_repeatable_with_seed (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  g_autoptr (GRand) a = g_rand_new_with_seed (7);
  g_autoptr (GRand) b = g_rand_new_with_seed (7);

  for (int i = 0; i < 50; i++)
    {
      g_autoptr (TkrTestRoll) ra = tkr_dice_roll_test (rules, a, 0, 1, 0);
      g_autoptr (TkrTestRoll) rb = tkr_dice_roll_test (rules, b, 0, 1, 0);

      g_assert_cmpmem (ra->dice, sizeof ra->dice, rb->dice, sizeof rb->dice);
    }
}

/* Rule: a kept die showing 10 is a critical, settled by a coin call. */
static void
test_dice_critical_on_ten (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  int ten[] = { 10 };
  int dis[] = { 10, 3 };
  g_autoptr (TkrTestRoll) crit = tkr_dice_test_from_dice (rules, ten, 1, -2, 0, 0);
  g_autoptr (TkrTestRoll) not_kept = tkr_dice_test_from_dice (rules, dis, 2, 0, 0, 1);
  g_autofree char *text = tkr_test_roll_describe (crit);

  g_assert_true (crit->critical);
  g_assert_cmpint (crit->score, ==, 8);
  g_assert_false (not_kept->critical);
  g_assert_nonnull (strstr (text, "coin"));
}

/* Rule: every roll can be typed in instead (RULES.md: physical dice). */
static void
test_dice_typed_in (void)
{
  TkrRules *rules = tkr_rules_get_default ();
  g_autoptr (TkrTestRoll) roll = tkr_dice_test_from_score (rules, 4);

  g_assert_true (roll->typed_in);
  g_assert_cmpuint (roll->n_dice, ==, 0);
  g_assert_cmpint (roll->range, ==, TKR_SCORE_RANGE_LOW);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice/score-ranges-low-mixed-high", test_dice_score_ranges);
  g_test_add_func ("/dice/test-is-d10-plus-modifier", test_dice_plain_test);
  g_test_add_func ("/dice/advantage-keeps-highest", test_dice_advantage_keeps_highest);
  g_test_add_func ("/dice/advantage-cancels-and-caps-at-3", test_dice_cancelling_and_cap);
  g_test_add_func ("/dice/roll-uses-net-dice", test_dice_roll_uses_net_dice);
  g_test_add_func ("/dice/repeatable-with-seed", test_dice_repeatable_with_seed);
  g_test_add_func ("/dice/critical-on-ten", test_dice_critical_on_ten);
  g_test_add_func ("/dice/typed-in-score", test_dice_typed_in);

  return g_test_run ();
}
