/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tkr-d20-travel.h"
#include "tkr-types.h"

/*
 * The arithmetic of the d20 system (seed 003). Every number comes from the
 * rule data's "d20" section, whose shape the rules checked when they
 * loaded (tkr-rules-schema.c): a divisor is at least 1, each pace is there.
 */

static const char *const pace_ids[] = { "hasty", "normal", "cautious", "flying" };

G_STATIC_ASSERT (G_N_ELEMENTS (pace_ids) == TKR_D20_N_PACES);

TkrD20Roll
tkr_d20_roll (GRand *rand, int die_sides, int modifier)
{
  TkrD20Roll roll = { 0 };

  g_return_val_if_fail (rand != NULL, roll);
  roll.die = g_rand_int_range (rand, 1, MAX (die_sides, 1) + 1);
  roll.modifier = modifier;
  roll.total = roll.die + modifier;
  return roll;
}

TkrD20Roll
tkr_d20_roll_typed (int total)
{
  TkrD20Roll roll = { 0 };

  roll.total = total;
  roll.typed_in = TRUE;
  return roll;
}

/* The dotted path of @member of @pace's record in "d20.travel.paces"; the
 * schema checked that each pace is there once, in any order. */
static char *
pace_path (TkrRules *rules, TkrD20Pace pace, const char *member)
{
  guint n = tkr_rules_get_n_records (rules, "d20.travel.paces");

  g_return_val_if_fail ((guint) pace < TKR_D20_N_PACES, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("d20.travel.paces[%u].id", i);

      if (g_strcmp0 (tkr_rules_get_string (rules, id), pace_ids[pace]) == 0)
        return g_strdup_printf ("d20.travel.paces[%u].%s", i, member);
    }
  g_return_val_if_reached (NULL);
}

/* Traveling (seed) */

int
tkr_d20_travel_pace_speed (TkrRules *rules, TkrD20Pace pace)
{
  g_autofree char *path = pace_path (rules, pace, "mph");

  return path ? tkr_rules_get_int (rules, path) : 0;
}

const char *
tkr_d20_travel_pace_name (TkrRules *rules, TkrD20Pace pace)
{
  g_autofree char *path = pace_path (rules, pace, "name");

  return path ? tkr_rules_translate (tkr_rules_get_string (rules, path)) : "";
}

int
tkr_d20_travel_max_hours_on_foot (TkrRules *rules)
{
  return tkr_rules_get_int (rules, "d20.travel.max_hours_on_foot");
}

static GStrv
pace_names (TkrRules *rules, TkrD20Pace pace, const char *member)
{
  g_autofree char *path = pace_path (rules, pace, member);

  if (path == NULL)
    return g_new0 (char *, 1);
  return g_strdupv ((char **) tkr_rules_get_strv (rules, path));
}

GStrv
tkr_d20_travel_pace_threats (TkrRules *rules, TkrD20Pace pace)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  return pace_names (rules, pace, "threats");
}

GStrv
tkr_d20_travel_pace_fails (TkrRules *rules, TkrD20Pace pace)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  return pace_names (rules, pace, "fails");
}

gboolean
tkr_d20_travel_day_distance (TkrRules *rules,
                             const TkrD20TravelDay *day,
                             double *miles,
                             GError **error)
{
  g_autofree char *flying_path = NULL;
  double speed, divisor, flying_limit;

  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);
  g_return_val_if_fail (day != NULL && miles != NULL, FALSE);

  if ((guint) day->pace >= TKR_D20_PACE_FLYING)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A day on foot needs a pace on the ground: Hasty, Normal or Cautious"));
      return FALSE;
    }
  if (!(day->hours >= 0 && day->flying_hours >= 0 && day->hours + day->flying_hours <= 24))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A day of travel holds between 0 and 24 hours"));
      return FALSE;
    }
  if (!(day->difficult_fraction >= 0 && day->difficult_fraction <= 1))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("The part of the way through difficult terrain must be between 0 and 1"));
      return FALSE;
    }

  /* Travel by Flight: only a group that can all fly, and only for the
   * hours a day the rule data allows. */
  flying_path = pace_path (rules, TKR_D20_PACE_FLYING, "max_hours");
  flying_limit = flying_path ? tkr_rules_get_int (rules, flying_path) : 0;
  if (day->flying_hours > 0 && !day->all_flying)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Only a group whose members can all fly may travel by flight"));
      return FALSE;
    }
  if (day->flying_hours > flying_limit)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "A group can fly at most %d hour a day",
                                "A group can fly at most %d hours a day", (int) flying_limit),
                   (int) flying_limit);
      return FALSE;
    }

  /* Difficult Terrain halves the pace for the part of the way through it.
   * Flight passes over the ground, so it keeps its speed. */
  speed = tkr_d20_travel_pace_speed (rules, day->pace);
  divisor = tkr_rules_get_int (rules, "d20.travel.difficult_terrain_divisor");
  *miles =
    day->hours * speed * ((1 - day->difficult_fraction) + day->difficult_fraction / divisor) +
    day->flying_hours * tkr_d20_travel_pace_speed (rules, TKR_D20_PACE_FLYING);
  return TRUE;
}

GArray *
tkr_d20_travel_forced_march_dcs (TkrRules *rules, double hours)
{
  GArray *dcs = g_array_new (FALSE, FALSE, sizeof (int));
  int limit, base, per_hour;

  g_return_val_if_fail (TKR_IS_RULES (rules), dcs);

  /* Forced March: at the start of each hour past the limit, a Stamina
   * check whose DC grows by one per hour past it. */
  limit = tkr_d20_travel_max_hours_on_foot (rules);
  base = tkr_rules_get_int (rules, "d20.travel.forced_march_base_dc");
  per_hour = tkr_rules_get_int (rules, "d20.travel.forced_march_dc_per_hour");
  /* The check comes at the start of the hour: an hour begun counts. */
  for (int hour = limit + 1; hour <= (int) ceil (MIN (hours, 24)); hour++)
    {
      int dc = base + per_hour * (hour - limit);
      g_array_append_val (dcs, dc);
    }
  return dcs;
}

/* Environment (seed) */

int
tkr_d20_fall_wounds (TkrRules *rules, int feet)
{
  int per_wound = tkr_rules_get_int (rules, "d20.falling.feet_per_wound");

  return MAX (feet, 0) / per_wound;
}

int
tkr_d20_fall_reflex_dc (TkrRules *rules, int feet)
{
  return MAX (feet, 0) * tkr_rules_get_int (rules, "d20.falling.reflex_dc_per_foot");
}

int
tkr_d20_breath_seconds (TkrRules *rules, int vitality)
{
  return MAX (tkr_rules_get_int (rules, "d20.breath.base_seconds") +
                tkr_rules_get_int (rules, "d20.breath.seconds_per_vitality") * vitality,
              0);
}

int
tkr_d20_breath_rounds (TkrRules *rules, int vitality)
{
  int divisor = tkr_rules_get_int (rules, "d20.breath.vitality_divisor");
  int half = vitality >= 0 ? vitality / divisor : -((-vitality + divisor - 1) / divisor);

  /* "Half, rounded down" for a negative Vitality rounds toward minus
   * infinity, so -1 gives -1, not 0. */
  return MAX (tkr_rules_get_int (rules, "d20.breath.base_rounds") + half, 0);
}

/* Resting (seed) */

int
tkr_d20_short_rest_mana (TkrRules *rules, int mana, int mana_max)
{
  int spent = MAX (mana_max - mana, 0);
  int numerator = tkr_rules_get_int (rules, "d20.rest.short_restores_numerator");
  int denominator = tkr_rules_get_int (rules, "d20.rest.short_restores_denominator");

  /* "Up to half" of what was spent: rounded down, so one spent point
   * gives nothing back. */
  return spent * numerator / denominator;
}

void
tkr_d20_fit_mana (int *mana, int *mana_max, gboolean max_set)
{
  if (*mana <= *mana_max)
    return;
  if (max_set)
    *mana = *mana_max;
  else
    *mana_max = *mana;
}

GStrv
tkr_d20_rules_movement_kinds (TkrRules *rules)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  return g_strdupv ((char **) tkr_rules_get_strv (rules, "d20.movement.kinds"));
}
