/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "tkr-formula.h"

static gboolean
fail (GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: keep the formulas as they are */
               _ ("Type a number or dice such as 2d6+3 (up to %d dice of up to %d sides)"),
               TKR_FORMULA_MAX_DICE, TKR_FORMULA_MAX_SIDES);
  return FALSE;
}

/* A whole number of at most 6 digits at *p, moving past it; -1 when none. */
static int
read_number (const char **p)
{
  int value = 0, digits = 0;

  while (g_ascii_isdigit (**p))
    {
      if (++digits > 6)
        return -1;
      value = value * 10 + (**p - '0');
      (*p)++;
    }
  return digits > 0 ? value : -1;
}

static void
skip_spaces (const char **p)
{
  while (**p == ' ')
    (*p)++;
}

gboolean
tkr_formula_parse (const char *text, TkrFormula *formula, GError **error)
{
  const char *p = text != NULL ? text : "";
  int sign = 1;

  g_return_val_if_fail (formula != NULL, FALSE);

  formula->n_terms = 0;
  skip_spaces (&p);
  if (*p == '\0')
    return fail (error);
  while (*p != '\0')
    {
      TkrFormulaTerm *term;
      int number;

      if (formula->n_terms == TKR_FORMULA_MAX_TERMS)
        return fail (error);
      term = &formula->terms[formula->n_terms++];
      term->sign = sign;
      number = read_number (&p);
      if (*p == 'd' || *p == 'D')
        {
          p++;
          term->count = number < 0 ? 1 : number;
          term->value = read_number (&p);
          if (term->count < 1 || term->count > TKR_FORMULA_MAX_DICE || term->value < 2 ||
              term->value > TKR_FORMULA_MAX_SIDES)
            return fail (error);
        }
      else if (number >= 0)
        {
          term->count = 0;
          term->value = number;
        }
      else
        return fail (error);
      skip_spaces (&p);
      if (*p == '\0')
        break;
      if (*p != '+' && *p != '-')
        return fail (error);
      sign = *p == '-' ? -1 : 1;
      p++;
      skip_spaces (&p);
      if (*p == '\0')
        return fail (error);
    }
  return TRUE;
}

gboolean
tkr_formula_has_dice (const TkrFormula *formula)
{
  for (guint i = 0; i < formula->n_terms; i++)
    if (formula->terms[i].count > 0)
      return TRUE;
  return FALSE;
}

static int
term_bound (const TkrFormulaTerm *term, gboolean highest)
{
  int low = term->count > 0 ? term->count : term->value;
  int high = term->count > 0 ? term->count * term->value : term->value;

  if (term->sign > 0)
    return highest ? high : low;
  return -(highest ? low : high);
}

int
tkr_formula_min (const TkrFormula *formula)
{
  int total = 0;

  for (guint i = 0; i < formula->n_terms; i++)
    total += term_bound (&formula->terms[i], FALSE);
  return total;
}

int
tkr_formula_max (const TkrFormula *formula)
{
  int total = 0;

  for (guint i = 0; i < formula->n_terms; i++)
    total += term_bound (&formula->terms[i], TRUE);
  return total;
}

int
tkr_formula_roll (const TkrFormula *formula, GRand *rand, char **description)
{
  g_autoptr (GString) shown = g_string_new (NULL);
  g_autoptr (GString) spelled = g_string_new (NULL);
  int total = 0;

  g_return_val_if_fail (formula != NULL, 0);
  g_return_val_if_fail (rand != NULL || !tkr_formula_has_dice (formula), 0);

  for (guint i = 0; i < formula->n_terms; i++)
    {
      const TkrFormulaTerm *term = &formula->terms[i];

      if (i > 0 || term->sign < 0)
        g_string_append (shown, term->sign < 0 ? "-" : "+");
      if (term->count > 0)
        g_string_append_printf (shown, "%dd%d", term->count, term->value);
      else
        g_string_append_printf (shown, "%d", term->value);
      for (int die = 0; die < MAX (term->count, 1); die++)
        {
          int value = term->count > 0 ? g_rand_int_range (rand, 1, term->value + 1) : term->value;

          if (spelled->len > 0 || term->sign < 0)
            g_string_append (spelled, term->sign < 0 ? " − " : " + ");
          g_string_append_printf (spelled, "%d", value);
          total += term->sign * value;
        }
    }
  if (description != NULL)
    {
      if (tkr_formula_has_dice (formula))
        *description = g_strdup_printf ("%s: %s = %d", shown->str, spelled->str, total);
      else
        *description = g_strdup_printf ("%d", total);
    }
  return total;
}
