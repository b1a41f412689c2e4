/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "tkr-rules.h"

G_BEGIN_DECLS

/*
 * The d20 system's calculators (seed 003: Traveling, Environment, Resting):
 * plain functions over the numbers of the rule data's "d20" section. No
 * state, no GObject: the encounter (tkr-d20-encounter.h) keeps the state
 * and uses these for the arithmetic.
 */

typedef enum
{
  TKR_D20_PACE_HASTY,
  TKR_D20_PACE_NORMAL,
  TKR_D20_PACE_CAUTIOUS,
  TKR_D20_PACE_FLYING,
} TkrD20Pace;

#define TKR_D20_N_PACES 4

/* One d20 check: the die (0 when the total was typed in), the modifier
 * and the total. */
typedef struct
{
  int die;
  int modifier;
  int total;
  gboolean typed_in;
} TkrD20Roll;

/* Rolls d20 + @modifier with @rand. */
TkrD20Roll tkr_d20_roll (GRand *rand, int die_sides, int modifier);
/* A total the player rolled at the table and typed in. */
TkrD20Roll tkr_d20_roll_typed (int total);

/* One day of travel. Hours on foot past the rule data's limit (6) are a
 * forced march; @flying_hours need an all-flying group and are capped by
 * the rule data (1 h a day). @difficult_fraction (0..1) is the part of the
 * ground hours spent in difficult terrain, where the pace is halved. */
typedef struct
{
  TkrD20Pace pace; /* a ground pace: Hasty, Normal or Cautious */
  double hours;
  double difficult_fraction;
  gboolean all_flying;
  double flying_hours;
} TkrD20TravelDay;

/* Miles covered in @day; FALSE with TKR_ENCOUNTER_ERROR_INVALID when the
 * day is impossible (negative hours, more than 24, a flight for a group
 * that cannot all fly, more flying than the daily limit). */
gboolean tkr_d20_travel_day_distance (TkrRules *rules,
                                      const TkrD20TravelDay *day,
                                      double *miles,
                                      GError **error);
/* Miles per hour of a pace on open ground. */
int tkr_d20_travel_pace_speed (TkrRules *rules, TkrD20Pace pace);
const char *tkr_d20_travel_pace_name (TkrRules *rules, TkrD20Pace pace);
/* The hours a group may walk a day before a forced march begins. */
int tkr_d20_travel_max_hours_on_foot (TkrRules *rules);
/* The Stamina DCs of a forced march of @hours on foot: one per hour past
 * the limit, begun or whole, 10 + the hours past it (seed, Forced March).
 * Empty when no forced march. (transfer full): a GArray of int. */
GArray *tkr_d20_travel_forced_march_dcs (TkrRules *rules, double hours);
/* The checks a pace threatens, and those it fails outright (flying fails
 * Stealth). (transfer full) */
GStrv tkr_d20_travel_pace_threats (TkrRules *rules, TkrD20Pace pace);
GStrv tkr_d20_travel_pace_fails (TkrRules *rules, TkrD20Pace pace);

/* Falling (seed, Fall Damage): wounds (one per 15 ft, rounded down) and
 * the Reflex DC to stay standing (the feet fallen). */
int tkr_d20_fall_wounds (TkrRules *rules, int feet);
int tkr_d20_fall_reflex_dc (TkrRules *rules, int feet);

/* Holding one's breath (seed, Suffocating): seconds out of combat
 * (120 + 5 x Vitality) and rounds in combat (2 + half Vitality, rounded
 * down); afterwards the creature is Dying until it has air. Never below 0. */
int tkr_d20_breath_seconds (TkrRules *rules, int vitality);
int tkr_d20_breath_rounds (TkrRules *rules, int vitality);

/* Resting (seed, Resting). A short rest restores half the mana spent,
 * rounded down: 5 spent gives 2 back. */
int tkr_d20_short_rest_mana (TkrRules *rules, int mana, int mana_max);
/* Mana and its maximum after the GM set one of them (@max_set: the
 * maximum): a maximum lowered below the mana lowers the mana, a mana
 * raised above the maximum raises the maximum, so neither is impossible. */
void tkr_d20_fit_mana (int *mana, int *mana_max, gboolean max_set);
/* The kinds of movement of the rule data ("walk", "fly"...), in its order.
 * (transfer full) */
GStrv tkr_d20_rules_movement_kinds (TkrRules *rules);

G_END_DECLS
