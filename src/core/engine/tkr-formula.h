/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Numbers by dice (help/C/effects.page): wherever the GM types a number
 * (a change of health, a duration, an NPC's maximum Health), a formula
 * such as "2d6+3", "d8", "4d6-1" or "12" can stand for it. A formula is
 * terms joined by "+" and "-"; a term is a whole number or NdM (N from 1
 * to 100 dice, omitted for one; M from 2 to 1,000 sides).
 */

#define TKR_FORMULA_MAX_DICE 100
#define TKR_FORMULA_MAX_SIDES 1000
#define TKR_FORMULA_MAX_TERMS 16

typedef struct
{
  int sign;  /* 1 or -1 */
  int count; /* dice, or 0 for a plain number */
  int value; /* sides, or the number */
} TkrFormulaTerm;

typedef struct
{
  guint n_terms;
  TkrFormulaTerm terms[TKR_FORMULA_MAX_TERMS];
} TkrFormula;

/* FALSE, with G_IO_ERROR_INVALID_DATA and words for people, when @text is
 * not a formula. */
gboolean tkr_formula_parse (const char *text, TkrFormula *formula, GError **error);
/* Whether the formula holds dice (else it is just a number). */
gboolean tkr_formula_has_dice (const TkrFormula *formula);
/* The lowest and highest totals it can give. */
int tkr_formula_min (const TkrFormula *formula);
int tkr_formula_max (const TkrFormula *formula);
/* Rolls it on @rand; the total, and in @description (nullable) what was
 * rolled, "2d6+3: 4 + 5 + 3 = 12" (just "12" without dice). */
int tkr_formula_roll (const TkrFormula *formula, GRand *rand, char **description);

G_END_DECLS
