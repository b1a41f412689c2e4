/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tkr-d20-travel.h"
#include "tkr-types.h"

/*
 * The arithmetic of the d20 system (seed 003). Every number comes from the
 * rule data's "d20" section; the encounter checks the section once when it
 * is made (tkr_d20_rules_check), so the readers here may treat a missing
 * number as 0 instead of failing again.
 */

#define SECTION "d20"

static const char *const pace_ids[] = { "hasty", "normal", "cautious", "flying" };

G_STATIC_ASSERT (G_N_ELEMENTS (pace_ids) == TKR_D20_N_PACES);

/* Numbers every part of the system reads; checked up front. */
static const char *const required_ints[] = {
  "initiative.die",
  "turn.actions",
  "turn.bonus_actions",
  "turn.reactions",
  "movement.default_speed",
  "movement.difficult_extra_per_foot",
  "movement.max_feet",
  "dodge_evade_bonus",
  "rest.long_hours",
  "rest.short_hours",
  "rest.short_restores_numerator",
  "rest.short_restores_denominator",
  "rest.hours_without_long_rest",
  "rest.hours_without_short_rest",
  "rest.exhaustion_dc",
  "rest.max_mana",
  "exhaustion_max",
  "travel.max_hours_on_foot",
  "travel.difficult_terrain_divisor",
  "travel.forced_march_base_dc",
  "travel.forced_march_dc_per_hour",
  "falling.feet_per_wound",
  "falling.reflex_dc_per_foot",
  "breath.base_seconds",
  "breath.seconds_per_vitality",
  "breath.base_rounds",
  "breath.vitality_divisor",
  "experience.min_award",
  "experience.max_award",
};

static const char *const required_strings[] = {
  "initiative.modifier",
  "checks.stamina",
  "checks.reflex",
  "checks.vitality",
};

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

/* Finds the node at @dotted_path inside the "d20" section. */
static JsonNode *
lookup (TkrRules *rules, const char *dotted_path)
{
  JsonObject *object = tkr_rules_get_section (rules, SECTION);
  g_auto (GStrv) parts = NULL;
  JsonNode *node = NULL;

  if (object == NULL)
    return NULL;
  parts = g_strsplit (dotted_path, ".", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (object == NULL)
        return NULL;
      node = json_object_get_member (object, parts[i]);
      if (node == NULL)
        return NULL;
      object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
    }
  return node;
}

gboolean
tkr_d20_rules_get_int (TkrRules *rules, const char *dotted_path, int *out, GError **error)
{
  JsonNode *node;

  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);
  node = lookup (rules, dotted_path);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64 || json_node_get_int (node) < 0 ||
      json_node_get_int (node) > G_MAXINT / 4)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                   _ ("The rule data “%s” lacks the number %s.%s (a whole number, 0 or more)"),
                   tkr_rules_get_id (rules), SECTION, dotted_path);
      return FALSE;
    }
  *out = (int) json_node_get_int (node);
  return TRUE;
}

int
tkr_d20_rules_int (TkrRules *rules, const char *dotted_path)
{
  int value = 0;

  if (!tkr_d20_rules_get_int (rules, dotted_path, &value, NULL))
    return 0;
  return value;
}

const char *
tkr_d20_rules_string (TkrRules *rules, const char *dotted_path)
{
  JsonNode *node = lookup (rules, dotted_path);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return "";
  return json_node_get_string (node);
}

GStrv
tkr_d20_rules_movement_kinds (TkrRules *rules)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  JsonNode *node = lookup (rules, "movement.kinds");
  JsonArray *kinds =
    node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; kinds != NULL && i < json_array_get_length (kinds); i++)
    {
      JsonNode *item = json_array_get_element (kinds, i);

      if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (item));
    }
  return g_strv_builder_end (builder);
}

static JsonObject *
pace_object (TkrRules *rules, TkrD20Pace pace)
{
  JsonNode *node = lookup (rules, "travel.paces");
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) || (guint) pace >= TKR_D20_N_PACES)
    return NULL;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      JsonObject *object;

      if (!JSON_NODE_HOLDS_OBJECT (item))
        continue;
      object = json_node_get_object (item);
      if (g_strcmp0 (json_object_get_string_member_with_default (object, "id", ""),
                     pace_ids[pace]) == 0)
        return object;
    }
  return NULL;
}

gboolean
tkr_d20_rules_check (TkrRules *rules, GError **error)
{
  JsonNode *node;

  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);

  if (tkr_rules_get_section (rules, SECTION) == NULL)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                   _ ("The rule data “%s” has no “%s” section"), tkr_rules_get_id (rules), SECTION);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (required_ints); i++)
    {
      int value;

      if (!tkr_d20_rules_get_int (rules, required_ints[i], &value, error))
        return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (required_strings); i++)
    if (*tkr_d20_rules_string (rules, required_strings[i]) == '\0')
      {
        g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                     _ ("The rule data “%s” lacks the name %s.%s"), tkr_rules_get_id (rules),
                     SECTION, required_strings[i]);
        return FALSE;
      }
  /* Divisors must not be 0. */
  if (tkr_d20_rules_int (rules, "rest.short_restores_denominator") == 0 ||
      tkr_d20_rules_int (rules, "travel.difficult_terrain_divisor") == 0 ||
      tkr_d20_rules_int (rules, "falling.feet_per_wound") == 0 ||
      tkr_d20_rules_int (rules, "breath.vitality_divisor") == 0)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                   _ ("The rule data “%s” divides by 0 in its “%s” section"),
                   tkr_rules_get_id (rules), SECTION);
      return FALSE;
    }
  for (int pace = 0; pace < TKR_D20_N_PACES; pace++)
    {
      JsonObject *object = pace_object (rules, pace);

      if (object == NULL || !json_object_has_member (object, "mph"))
        {
          g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                       _ ("The rule data “%s” lacks the travel pace “%s”"),
                       tkr_rules_get_id (rules), pace_ids[pace]);
          return FALSE;
        }
    }
  node = lookup (rules, "common_actions");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                   _ ("The rule data “%s” lacks its list of common actions"),
                   tkr_rules_get_id (rules));
      return FALSE;
    }
  return TRUE;
}

/* Traveling (seed) */

int
tkr_d20_travel_pace_speed (TkrRules *rules, TkrD20Pace pace)
{
  JsonObject *object = pace_object (rules, pace);

  if (object == NULL)
    return 0;
  return (int) CLAMP (json_object_get_int_member_with_default (object, "mph", 0), 0, 1000);
}

const char *
tkr_d20_travel_pace_name (TkrRules *rules, TkrD20Pace pace)
{
  JsonObject *object = pace_object (rules, pace);

  if (object == NULL)
    return "";
  return tkr_rules_translate (json_object_get_string_member_with_default (object, "name", ""));
}

int
tkr_d20_travel_max_hours_on_foot (TkrRules *rules)
{
  return tkr_d20_rules_int (rules, "travel.max_hours_on_foot");
}

static GStrv
pace_names (TkrRules *rules, TkrD20Pace pace, const char *member)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  JsonObject *object = pace_object (rules, pace);
  JsonArray *array = NULL;

  if (object != NULL && json_object_has_member (object, member) &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, member)))
    array = json_object_get_array_member (object, member);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (node));
    }
  return g_strv_builder_end (builder);
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
  JsonObject *flying;
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
  flying = pace_object (rules, TKR_D20_PACE_FLYING);
  flying_limit = flying ? json_object_get_int_member_with_default (flying, "max_hours", 0) : 0;
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
  divisor = MAX (tkr_d20_rules_int (rules, "travel.difficult_terrain_divisor"), 1);
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
  base = tkr_d20_rules_int (rules, "travel.forced_march_base_dc");
  per_hour = tkr_d20_rules_int (rules, "travel.forced_march_dc_per_hour");
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
  int per_wound = MAX (tkr_d20_rules_int (rules, "falling.feet_per_wound"), 1);

  return MAX (feet, 0) / per_wound;
}

int
tkr_d20_fall_reflex_dc (TkrRules *rules, int feet)
{
  return MAX (feet, 0) * tkr_d20_rules_int (rules, "falling.reflex_dc_per_foot");
}

int
tkr_d20_breath_seconds (TkrRules *rules, int vitality)
{
  return MAX (tkr_d20_rules_int (rules, "breath.base_seconds") +
                tkr_d20_rules_int (rules, "breath.seconds_per_vitality") * vitality,
              0);
}

int
tkr_d20_breath_rounds (TkrRules *rules, int vitality)
{
  int divisor = MAX (tkr_d20_rules_int (rules, "breath.vitality_divisor"), 1);
  int half = vitality >= 0 ? vitality / divisor : -((-vitality + divisor - 1) / divisor);

  /* "Half, rounded down" for a negative Vitality rounds toward minus
   * infinity, so -1 gives -1, not 0. */
  return MAX (tkr_d20_rules_int (rules, "breath.base_rounds") + half, 0);
}

/* Resting (seed) */

int
tkr_d20_short_rest_mana (TkrRules *rules, int mana, int mana_max)
{
  int spent = MAX (mana_max - mana, 0);
  int numerator = tkr_d20_rules_int (rules, "rest.short_restores_numerator");
  int denominator = MAX (tkr_d20_rules_int (rules, "rest.short_restores_denominator"), 1);

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
