/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-dice.h"

G_BEGIN_DECLS

#define TKR_TYPE_DICE_POPOVER (tkr_dice_popover_get_type ())
G_DECLARE_FINAL_TYPE (TkrDicePopover, tkr_dice_popover, TKR, DICE_POPOVER, GtkPopover)

/*
 * A Test at the table: a modifier, Advantage and Disadvantage counts, then
 * Roll (with the popover's own GRand) or a Score typed in from physical
 * dice. Shows the dice, the Score, its range and a critical's coin call,
 * and keeps a history of the rolls, newest first.
 *
 * Properties: "rules" (TkrRules), "typing-first" (bool: open on the typed
 * Score, the "dice-mode" preference).
 */

GtkWidget *tkr_dice_popover_new (void);
TkrRules *tkr_dice_popover_get_rules (TkrDicePopover *self);
void tkr_dice_popover_set_rules (TkrDicePopover *self, TkrRules *rules);
/* Reseeds the popover's GRand, so a test sees known dice. */
void tkr_dice_popover_set_seed (TkrDicePopover *self, guint32 seed);
void tkr_dice_popover_set_modifier (TkrDicePopover *self, int modifier);
void tkr_dice_popover_set_advantages (TkrDicePopover *self, int advantages, int disadvantages);
/* The Roll and Enter buttons. */
void tkr_dice_popover_roll (TkrDicePopover *self);
void tkr_dice_popover_enter_score (TkrDicePopover *self, int score);
/* Returns: (nullable): the newest roll. */
const TkrTestRoll *tkr_dice_popover_get_last_roll (TkrDicePopover *self);
/* The history as shown, newest first: GtkStringObject descriptions. */
GListModel *tkr_dice_popover_get_history (TkrDicePopover *self);

G_END_DECLS
