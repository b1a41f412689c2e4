/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-players.h"

/* What the players are shown; see tkr-players.h. */

GListModel *
tkr_tracker_slot_get_members (GObject *slot)
{
  GListModel *members = NULL;

  if (slot != NULL && g_object_class_find_property (G_OBJECT_GET_CLASS (slot), "members") != NULL)
    g_object_get (slot, "members", &members, NULL);
  return members;
}

TkrCombatant *
tkr_tracker_slot_get_combatant (GObject *slot)
{
  g_autoptr (GListModel) members = NULL;
  g_autoptr (GObject) only = NULL;

  if (TKR_IS_COMBATANT (slot))
    return TKR_COMBATANT (slot);
  members = tkr_tracker_slot_get_members (slot);
  if (members == NULL || g_list_model_get_n_items (members) != 1)
    return NULL;
  only = g_list_model_get_item (members, 0);
  return TKR_IS_COMBATANT (only) ? TKR_COMBATANT (only) : NULL;
}

gboolean
tkr_players_may_see_slot (GObject *slot)
{
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);
  g_autoptr (GListModel) members = NULL;

  if (combatant != NULL)
    return !tkr_combatant_get_hidden (combatant);
  members = tkr_tracker_slot_get_members (slot);
  for (guint i = 0; members != NULL && i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);

      if (TKR_IS_COMBATANT (member) && !tkr_combatant_get_hidden (TKR_COMBATANT (member)))
        return TRUE;
    }
  return FALSE;
}

const char *
tkr_players_health_word (int current, int maximum, gboolean down)
{
  if (down || current <= 0)
    return "down";
  if (current >= maximum)
    return "unhurt";
  if (current * 2 > maximum)
    return "wounded";
  return "badly-wounded";
}

const char *
tkr_players_health_word_text (const char *word)
{
  if (g_strcmp0 (word, "down") == 0)
    /* Translators: an NPC's health in the player view: at 0 */
    return C_ ("player health", "Down");
  if (g_strcmp0 (word, "unhurt") == 0)
    /* Translators: an NPC's health in the player view: not hurt at all */
    return C_ ("player health", "Unhurt");
  if (g_strcmp0 (word, "wounded") == 0)
    /* Translators: an NPC's health in the player view: more than half left */
    return C_ ("player health", "Wounded");
  if (g_strcmp0 (word, "badly-wounded") == 0)
    /* Translators: an NPC's health in the player view: half or less left */
    return C_ ("player health", "Badly wounded");
  return NULL;
}

/**
 * tkr_players_slot_name:
 *
 * Returns: (transfer full): the name players read for @slot: a
 *   combatant's name; a group's name, or, when one of its members is
 *   hidden, the names of the others only (a group's name may list its
 *   members).
 */
char *
tkr_players_slot_name (GObject *slot)
{
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);
  g_autoptr (GListModel) members = NULL;
  char *name = NULL;

  if (combatant != NULL)
    return g_strdup (tkr_combatant_get_name (combatant));
  /* A group's name may list its members: with one hidden, the names of
   * the others only. */
  members = tkr_tracker_slot_get_members (slot);
  for (guint i = 0; members != NULL && i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);

      if (TKR_IS_COMBATANT (member) && tkr_combatant_get_hidden (TKR_COMBATANT (member)))
        {
          g_autoptr (GString) shown = g_string_new (NULL);

          for (guint k = 0; k < g_list_model_get_n_items (members); k++)
            {
              g_autoptr (GObject) other = g_list_model_get_item (members, k);

              if (!TKR_IS_COMBATANT (other) || tkr_combatant_get_hidden (TKR_COMBATANT (other)))
                continue;
              if (shown->len > 0)
                g_string_append (shown, ", ");
              g_string_append (shown, tkr_combatant_get_name (TKR_COMBATANT (other)));
            }
          return g_string_free (g_steal_pointer (&shown), FALSE);
        }
    }
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (slot), "name") != NULL)
    g_object_get (slot, "name", &name, NULL);
  return name != NULL ? name : g_strdup (_ ("Someone"));
}
