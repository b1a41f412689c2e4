/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <adwaita.h>

#include "tkr-dice-popover.h"

static TkrDicePopover *
popover_new (void)
{
  TkrDicePopover *popover = TKR_DICE_POPOVER (g_object_ref_sink (tkr_dice_popover_new ()));

  tkr_dice_popover_set_rules (popover, tkr_rules_get_default ());
  return popover;
}

/* A seeded roll from the popover gives exactly what the core's roll gives
 * with the same seed and inputs. */
static void
test_roll_seeded (void)
{
  g_autoptr (TkrDicePopover) popover = popover_new ();
  TkrRules *rules = tkr_rules_get_default ();
  GRand *rand = g_rand_new_with_seed (4242);
  g_autoptr (TkrTestRoll) expected = tkr_dice_roll_test (rules, rand, 2, 1, 0);
  const TkrTestRoll *roll;
  g_autofree char *description = NULL;
  g_autoptr (GtkStringObject) item = NULL;

  g_rand_free (rand);

  g_assert_null (tkr_dice_popover_get_last_roll (popover));
  tkr_dice_popover_set_seed (popover, 4242);
  tkr_dice_popover_set_modifier (popover, 2);
  tkr_dice_popover_set_advantages (popover, 1, 0);
  tkr_dice_popover_roll (popover);

  roll = tkr_dice_popover_get_last_roll (popover);
  g_assert_nonnull (roll);
  g_assert_false (roll->typed_in);
  g_assert_cmpint (roll->modifier, ==, 2);
  g_assert_cmpint (roll->net_advantage, ==, expected->net_advantage);
  g_assert_cmpuint (roll->n_dice, ==, expected->n_dice);
  for (guint i = 0; i < roll->n_dice; i++)
    g_assert_cmpint (roll->dice[i], ==, expected->dice[i]);
  g_assert_cmpint (roll->kept, ==, expected->kept);
  g_assert_cmpint (roll->score, ==, expected->score);
  g_assert_cmpint (roll->range, ==, expected->range);
  g_assert_cmpint (roll->critical, ==, expected->critical);

  /* The history shows the core's description of it. */
  g_assert_cmpuint (g_list_model_get_n_items (tkr_dice_popover_get_history (popover)), ==, 1);
  item = g_list_model_get_item (tkr_dice_popover_get_history (popover), 0);
  description = tkr_test_roll_describe (expected);
  g_assert_cmpstr (gtk_string_object_get_string (item), ==, description);
}

/* A Score typed in from physical dice is classified by the rules and goes
 * to the top of the history. */
static void
test_typed_score (void)
{
  g_autoptr (TkrDicePopover) popover = popover_new ();
  TkrRules *rules = tkr_rules_get_default ();
  GListModel *history = tkr_dice_popover_get_history (popover);
  const TkrTestRoll *roll;
  g_autoptr (TkrTestRoll) expected = tkr_dice_test_from_score (rules, 11);
  g_autofree char *description = tkr_test_roll_describe (expected);
  g_autoptr (GtkStringObject) newest = NULL;

  tkr_dice_popover_set_seed (popover, 1);
  tkr_dice_popover_roll (popover);
  tkr_dice_popover_enter_score (popover, 11);

  roll = tkr_dice_popover_get_last_roll (popover);
  g_assert_true (roll->typed_in);
  g_assert_cmpint (roll->score, ==, 11);
  g_assert_cmpint (roll->range, ==, tkr_rules_classify (rules, 11));
  g_assert_cmpuint (roll->n_dice, ==, 0);

  g_assert_cmpuint (g_list_model_get_n_items (history), ==, 2);
  newest = g_list_model_get_item (history, 0);
  g_assert_cmpstr (gtk_string_object_get_string (newest), ==, description);
}

/* The Score range of each typed Score follows the rule data's thresholds
 * (Low up to low_max, High from high_min). */
static void
test_typed_score_ranges (void)
{
  g_autoptr (TkrDicePopover) popover = popover_new ();
  TkrRules *rules = tkr_rules_get_default ();

  tkr_dice_popover_enter_score (popover, tkr_rules_get_low_max (rules));
  g_assert_cmpint (tkr_dice_popover_get_last_roll (popover)->range, ==, TKR_SCORE_RANGE_LOW);
  tkr_dice_popover_enter_score (popover, tkr_rules_get_low_max (rules) + 1);
  g_assert_cmpint (tkr_dice_popover_get_last_roll (popover)->range, ==, TKR_SCORE_RANGE_MIXED);
  tkr_dice_popover_enter_score (popover, tkr_rules_get_high_min (rules));
  g_assert_cmpint (tkr_dice_popover_get_last_roll (popover)->range, ==, TKR_SCORE_RANGE_HIGH);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_dice_popover_get_history (popover)), ==, 3);
}

/* The popover opens on the typed Score when the preference says so. */
static void
test_typing_first (void)
{
  g_autoptr (TkrDicePopover) popover = popover_new ();
  gboolean typing_first = TRUE;

  g_object_set (popover, "typing-first", TRUE, NULL);
  g_object_get (popover, "typing-first", &typing_first, NULL);
  g_assert_true (typing_first);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice-popover/roll/seeded-matches-core", test_roll_seeded);
  g_test_add_func ("/dice-popover/type-in/score-goes-first-in-history", test_typed_score);
  g_test_add_func ("/dice-popover/type-in/ranges-follow-rule-thresholds", test_typed_score_ranges);
  g_test_add_func ("/dice-popover/dice-mode/typing-first", test_typing_first);

  return g_test_run ();
}
