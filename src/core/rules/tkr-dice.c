/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-dice.h"

G_DEFINE_BOXED_TYPE (TkrTestRoll, tkr_test_roll, tkr_test_roll_copy, tkr_test_roll_free)

TkrTestRoll *
tkr_test_roll_copy (const TkrTestRoll *roll)
{
  return g_memdup2 (roll, sizeof *roll);
}

void
tkr_test_roll_free (TkrTestRoll *roll)
{
  g_free (roll);
}

/* Advantage and Disadvantage cancel one for one; what is left is capped
 * (SRD glossary: a Test never rolls more than 1 + 3 dice). */
int
tkr_dice_net_advantage (TkrRules *rules, int advantages, int disadvantages)
{
  int cap = tkr_rules_get_max_net_advantage (rules);
  int net = MAX (advantages, 0) - MAX (disadvantages, 0);

  return CLAMP (net, -cap, cap);
}

/**
 * tkr_dice_test_from_dice:
 * @dice: the faces rolled, 1 + |net advantage| of them
 *
 * Scores dice a player rolled at the table or that tkr_dice_roll_test()
 * rolled: keep the highest with Advantage, the lowest with Disadvantage.
 */
TkrTestRoll *
tkr_dice_test_from_dice (
  TkrRules *rules, const int *dice, guint n_dice, int modifier, int advantages, int disadvantages)
{
  TkrTestRoll *roll;
  int net = tkr_dice_net_advantage (rules, advantages, disadvantages);
  int kept;

  g_return_val_if_fail (n_dice == (guint) (1 + ABS (net)), NULL);
  g_return_val_if_fail (n_dice <= TKR_MAX_DICE, NULL);

  roll = g_new0 (TkrTestRoll, 1);
  roll->modifier = modifier;
  roll->net_advantage = net;
  roll->n_dice = n_dice;
  kept = dice[0];
  for (guint i = 0; i < n_dice; i++)
    {
      roll->dice[i] = dice[i];
      if (net > 0)
        kept = MAX (kept, dice[i]);
      else if (net < 0)
        kept = MIN (kept, dice[i]);
    }
  roll->kept = kept;
  roll->score = kept + modifier;
  roll->range = tkr_rules_classify (rules, roll->score);
  roll->critical = kept == tkr_rules_get_critical_face (rules);
  return roll;
}

TkrTestRoll *
tkr_dice_roll_test (TkrRules *rules, GRand *rand, int modifier, int advantages, int disadvantages)
{
  int net = tkr_dice_net_advantage (rules, advantages, disadvantages);
  int sides = tkr_rules_get_die_sides (rules);
  int dice[TKR_MAX_DICE];
  guint n = 1 + ABS (net);

  g_return_val_if_fail (rand != NULL, NULL);

  for (guint i = 0; i < n; i++)
    dice[i] = g_rand_int_range (rand, 1, sides + 1);
  return tkr_dice_test_from_dice (rules, dice, n, modifier, advantages, disadvantages);
}

/**
 * tkr_dice_test_from_score:
 *
 * A Score the player rolled with physical dice and typed in.
 */
TkrTestRoll *
tkr_dice_test_from_score (TkrRules *rules, int score)
{
  TkrTestRoll *roll = g_new0 (TkrTestRoll, 1);

  roll->typed_in = TRUE;
  roll->score = score;
  roll->range = tkr_rules_classify (rules, score);
  return roll;
}

const char *
tkr_score_range_to_string (TkrScoreRange range)
{
  switch (range)
    {
    case TKR_SCORE_RANGE_LOW:
      return _ ("Low");
    case TKR_SCORE_RANGE_MIXED:
      return _ ("Mixed");
    case TKR_SCORE_RANGE_HIGH:
      return _ ("High");
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
tkr_test_roll_describe (const TkrTestRoll *roll)
{
  g_autoptr (GString) dice = g_string_new (NULL);

  if (roll->typed_in)
    /* Translators: a Score typed in by the player, then Low/Mixed/High */
    return g_strdup_printf (_ ("Score %d (%s), typed in"), roll->score,
                            tkr_score_range_to_string (roll->range));

  for (guint i = 0; i < roll->n_dice; i++)
    g_string_append_printf (dice, i ? ", %d" : "%d", roll->dice[i]);

  if (roll->critical)
    /* Translators: Score, range, the dice rolled, modifier; a critical asks for a coin call */
    return g_strdup_printf (_ ("Score %d (%s): rolled %s, %+d — critical, call the coin"),
                            roll->score, tkr_score_range_to_string (roll->range), dice->str,
                            roll->modifier);
  return g_strdup_printf (_ ("Score %d (%s): rolled %s, %+d"), roll->score,
                          tkr_score_range_to_string (roll->range), dice->str, roll->modifier);
}
