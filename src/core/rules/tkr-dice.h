/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "tkr-rules.h"

G_BEGIN_DECLS

#define TKR_MAX_DICE 8

/*
 * The result of one Test: the dice rolled (or none, when the player typed in
 * a Score), the die kept, the modifier, the Score and its range.
 */
typedef struct
{
  int modifier;
  int net_advantage; /* > 0 Advantage, < 0 Disadvantage, capped by the rules */
  guint n_dice;      /* 0 when the Score was typed in */
  int dice[TKR_MAX_DICE];
  int kept; /* the die kept, or 0 when typed in */
  int score;
  TkrScoreRange range;
  gboolean critical; /* a kept die showed the critical face: call a coin */
  gboolean typed_in;
} TkrTestRoll;

#define TKR_TYPE_TEST_ROLL (tkr_test_roll_get_type ())
GType tkr_test_roll_get_type (void) G_GNUC_CONST;
TkrTestRoll *tkr_test_roll_copy (const TkrTestRoll *roll);
void tkr_test_roll_free (TkrTestRoll *roll);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrTestRoll, tkr_test_roll_free)

int tkr_dice_net_advantage (TkrRules *rules, int advantages, int disadvantages);
TkrTestRoll *
tkr_dice_roll_test (TkrRules *rules, GRand *rand, int modifier, int advantages, int disadvantages);
TkrTestRoll *tkr_dice_test_from_dice (
  TkrRules *rules, const int *dice, guint n_dice, int modifier, int advantages, int disadvantages);
TkrTestRoll *tkr_dice_test_from_score (TkrRules *rules, int score);
char *tkr_test_roll_describe (const TkrTestRoll *roll);
const char *tkr_score_range_to_string (TkrScoreRange range);

G_END_DECLS
