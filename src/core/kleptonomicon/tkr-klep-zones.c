/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-klep-encounter.h"
#include "tkr-klep-private.h"

/*
 * Terrain Zones in play, in any phase (seed, "Terrain Zones"): commands of
 * TkrKlepEncounter, recorded and logged like the others.
 */

#define ZONES(self) G_LIST_STORE (tkr_klep_encounter_get_zones (self))

static gboolean
find_zone (TkrKlepEncounter *self, TkrZone *zone, guint *position, GError **error)
{
  return (TKR_IS_ZONE (zone) && g_list_store_find (ZONES (self), zone, position)) ||
         tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND, _ ("That Zone is not in play"));
}

static gboolean
check_zone_text (const char *name, const char *location, GError **error)
{
  if (name == NULL || *name == '\0' || !g_utf8_validate (name, -1, NULL))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A Zone needs a name, such as Fire or Dark"));
  return location == NULL || g_utf8_validate (location, -1, NULL) ||
         tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("The Zone’s place is not valid text"));
}

static gboolean
check_zone_stacks (const char *name, int stacks, int max_stacks, GError **error)
{
  return (stacks >= 1 && stacks <= max_stacks) ||
         tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("A %s Zone has from 1 to %d stacks"),
                     name, max_stacks);
}

/* A Zone the rule data does not list stacks as high as the listed ones do. */
static int
custom_zone_max_stacks (TkrRules *rules)
{
  int max_stacks = 1;

  for (guint i = 0; i < tkr_rules_get_n_zones (rules); i++)
    max_stacks = MAX (max_stacks, tkr_rules_get_zone (rules, i)->max_stacks);
  return max_stacks;
}

/**
 * tkr_klep_encounter_add_zone:
 * @location: (nullable): where it lies, in the GM's words
 *
 * Returns: (transfer none) (nullable): the Zone, now in play
 */
TkrZone *
tkr_klep_encounter_add_zone (
  TkrKlepEncounter *self, const char *name, int stacks, const char *location, GError **error)
{
  const TkrZoneInfo *info;
  g_autoptr (TkrZone) zone = NULL;
  int max_stacks;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);

  if (!check_zone_text (name, location, error))
    return NULL;
  info = tkr_rules_lookup_zone (RULES (self), name);
  max_stacks = info ? info->max_stacks : custom_zone_max_stacks (RULES (self));
  if (!check_zone_stacks (info ? info->name : name, stacks, max_stacks, error))
    return NULL;

  zone = info ? tkr_zone_new_from_info (info, stacks) : tkr_zone_new (name, stacks, max_stacks);
  if (location != NULL)
    g_object_set (zone, "location", location, NULL);

  tkr_history_begin (HISTORY (self), N_ ("Add a Zone"));
  tkr_history_append (HISTORY (self), ZONES (self), zone);
  if (location != NULL && *location != '\0')
    /* Translators: a Zone ("Fire"), its stacks, then where it is ("the brazier") */
    tkr_encounter_log_plural (ENC (self), NULL, "A %s Zone of %d stack appears: %s",
                              "A %s Zone of %d stacks appears: %s", stacks,
                              tkr_message_name (tkr_zone_get_name (zone)), tkr_message_int (stacks),
                              tkr_message_text (location), NULL);
  else
    tkr_encounter_log_plural (
      ENC (self), NULL, "A %s Zone of %d stack appears", "A %s Zone of %d stacks appears", stacks,
      tkr_message_name (tkr_zone_get_name (zone)), tkr_message_int (stacks), NULL);
  tkr_history_end (HISTORY (self));
  return zone;
}

gboolean
tkr_klep_encounter_set_zone_stacks (TkrKlepEncounter *self,
                                    TkrZone *zone,
                                    int stacks,
                                    GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!find_zone (self, zone, NULL, error) ||
      !check_zone_stacks (tkr_zone_get_name (zone), stacks, tkr_zone_get_max_stacks (zone), error))
    return FALSE;

  tkr_history_begin (HISTORY (self), N_ ("Change a Zone"));
  tkr_history_set (HISTORY (self), zone, "stacks", stacks);
  tkr_encounter_log_plural (
    ENC (self), NULL, "The %s Zone now has %d stack", "The %s Zone now has %d stacks", stacks,
    tkr_message_name (tkr_zone_get_name (zone)), tkr_message_int (stacks), NULL);
  tkr_history_end (HISTORY (self));
  return TRUE;
}

gboolean
tkr_klep_encounter_remove_zone (TkrKlepEncounter *self, TkrZone *zone, GError **error)
{
  guint position;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!find_zone (self, zone, &position, error))
    return FALSE;

  g_object_ref (zone);
  tkr_history_begin (HISTORY (self), N_ ("Remove a Zone"));
  tkr_history_set_destructive (HISTORY (self));
  tkr_history_remove (HISTORY (self), ZONES (self), position);
  tkr_encounter_log_event (ENC (self), NULL, N_ ("The %s Zone is gone"),
                           tkr_message_name (tkr_zone_get_name (zone)), NULL);
  tkr_history_end (HISTORY (self));
  g_object_unref (zone);
  return TRUE;
}
