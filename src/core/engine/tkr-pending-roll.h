/* SPDX-License-Identifier: GPL-3.0-or-later */

#pragma once

#include <gio/gio.h>

#include "tkr-combatant.h"

G_BEGIN_DECLS

/* A roll the next step needs, as a view lists it (docs/ARCHITECTURE.md,
 * "Combatant state"): whose it is ("combatant"), what kind of roll (a
 * rule system's own numbers) and what is rolled for ("what", such as a
 * condition's name, or NULL) never change; "die" (its sides), "modifier"
 * (added to it) and "target" (what it must reach) are notified when they
 * change. The Action-Point Reset's rolls are these. */
#define TKR_TYPE_PENDING_ROLL (tkr_pending_roll_get_type ())
G_DECLARE_FINAL_TYPE (TkrPendingRoll, tkr_pending_roll, TKR, PENDING_ROLL, GObject)

TkrCombatant *tkr_pending_roll_get_combatant (TkrPendingRoll *self);
int tkr_pending_roll_get_kind (TkrPendingRoll *self);
const char *tkr_pending_roll_get_what (TkrPendingRoll *self);
int tkr_pending_roll_get_die (TkrPendingRoll *self);
int tkr_pending_roll_get_modifier (TkrPendingRoll *self);
int tkr_pending_roll_get_target (TkrPendingRoll *self);

/* The rolls of @rolls (a list of TkrPendingRoll) that a list being made
 * again may keep, for tkr_pending_roll_take(). */
typedef struct _TkrPendingRolls TkrPendingRolls;

TkrPendingRolls *tkr_pending_rolls_new (GListModel *rolls);
void tkr_pending_rolls_free (TkrPendingRolls *kept);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrPendingRolls, tkr_pending_rolls_free)

/* The roll of @kind for @combatant and @what with @die, @modifier and
 * @target (each notified if it changed): the one @kept has (taken out of
 * it), else a new one. The result is owned by the caller. */
TkrPendingRoll *tkr_pending_roll_take (TkrPendingRolls *kept,
                                       TkrCombatant *combatant,
                                       int kind,
                                       const char *what,
                                       int die,
                                       int modifier,
                                       int target);

/* Results a GM typed in for the rolls a step needs, by combatant and what
 * is rolled (NULL being a system's own default roll); the step rolls
 * anything not given. */
typedef struct
{
  TkrCombatant *combatant;
  char *what;
  int value;
} TkrTypedRoll;

typedef struct _TkrTypedRolls TkrTypedRolls;

TkrTypedRolls *tkr_typed_rolls_new (void);
void tkr_typed_rolls_free (TkrTypedRolls *rolls);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrTypedRolls, tkr_typed_rolls_free)
/* @value for @combatant's roll of @what replaces any typed before. */
void
tkr_typed_rolls_set (TkrTypedRolls *rolls, TkrCombatant *combatant, const char *what, int value);
/* The result typed for @combatant's roll of @what, or NULL; @rolls may be
 * NULL (nothing typed). */
const TkrTypedRoll *
tkr_typed_rolls_find (TkrTypedRolls *rolls, TkrCombatant *combatant, const char *what);
/* The @index-th result typed, in the order they were first set, or NULL
 * past the last (or when @rolls is NULL). */
const TkrTypedRoll *tkr_typed_rolls_get (TkrTypedRolls *rolls, guint index);

G_END_DECLS
