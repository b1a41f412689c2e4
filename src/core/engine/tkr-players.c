/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

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
 * tkr_players_name_kind:
 *
 * Returns: (transfer full): "Goblin Archer 2" -> "Goblin Archer": the
 *   numbered copies of one library NPC are one kind.
 */
char *
tkr_players_name_kind (const char *name)
{
  const char *end = name + strlen (name);
  const char *p = end;

  while (p > name && g_ascii_isdigit (p[-1]))
    p--;
  if (p < end && p > name && p[-1] == ' ')
    return g_strndup (name, p - 1 - name);
  return g_strdup (name);
}

/* Whether a member is counted: always for the GM, or only when the
 * players see it. */
static gboolean
counted (TkrCombatant *combatant, gboolean with_hidden)
{
  return combatant != NULL && (with_hidden || !tkr_combatant_get_hidden (combatant));
}

/* Whether @name only lists its group's members (those counted) one after
 * the other, as a group whose members have no name in common is called
 * by default, and as players are told a group with a member hidden from
 * them (help/C/tracker.page, help/C/player-view.page). */
static gboolean
name_lists_members (const char *name, GListModel *members, gboolean with_hidden)
{
  const char *rest = name; /* what is left of @name to match */
  guint listed = 0;

  /* Matched in place, so a name that does not list its members (a
   * group of one kind, or named by the GM) stops at its first word. */
  for (guint i = 0; i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);
      TkrCombatant *combatant = tkr_tracker_slot_get_combatant (member);
      const char *member_name;
      size_t length;

      if (!TKR_IS_COMBATANT (member))
        return FALSE;
      if (!counted (combatant, with_hidden))
        continue;
      if (listed++ > 0)
        {
          if (!g_str_has_prefix (rest, ", "))
            return FALSE;
          rest += 2;
        }
      member_name = tkr_combatant_get_name (combatant);
      length = strlen (member_name);
      if (strncmp (rest, member_name, length) != 0)
        return FALSE;
      rest += length;
    }
  return listed > 1 && *rest == '\0';
}

/* (nullable): the members counted by kind, "Goblin Archer ×4, Wolf ×3",
 * in the order each kind first comes; a kind of one by its own name.
 * Members kept from the players are left out unless @with_hidden. */
static char *
members_by_kind (GListModel *members, gboolean with_hidden)
{
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) stems = g_ptr_array_new ();
  g_autoptr (GPtrArray) firsts = g_ptr_array_new ();
  g_autoptr (GArray) counts = g_array_new (FALSE, TRUE, sizeof (guint));
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);
      TkrCombatant *combatant = tkr_tracker_slot_get_combatant (member);
      char *stem;
      gpointer found;

      if (!counted (combatant, with_hidden))
        continue;
      stem = tkr_players_name_kind (tkr_combatant_get_name (combatant));
      if (g_hash_table_lookup_extended (index, stem, NULL, &found))
        {
          g_array_index (counts, guint, GPOINTER_TO_UINT (found))++;
          g_free (stem);
          continue;
        }
      g_hash_table_insert (index, stem, GUINT_TO_POINTER (stems->len));
      g_ptr_array_add (stems, stem);
      g_ptr_array_add (firsts, (gpointer) tkr_combatant_get_name (combatant));
      g_array_set_size (counts, stems->len);
      g_array_index (counts, guint, stems->len - 1) = 1;
    }
  for (guint i = 0; i < stems->len; i++)
    {
      guint count = g_array_index (counts, guint, i);

      if (i > 0)
        g_string_append (text, ", ");
      if (count == 1)
        g_string_append (text, firsts->pdata[i]);
      else
        g_string_append_printf (text, "%s ×%u", (const char *) stems->pdata[i], count);
    }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

char *
tkr_tracker_group_name_by_kind (const char *name, GListModel *members, gboolean with_hidden)
{
  g_return_val_if_fail (G_IS_LIST_MODEL (members), NULL);

  if (name == NULL || !name_lists_members (name, members, with_hidden))
    return NULL;
  return members_by_kind (members, with_hidden);
}

/* A group's own name for the players: its name, or, when one of its
 * members is hidden, the names of the others only (a group's name may
 * list its members). */
static char *
group_name_for_players (GObject *slot, GListModel *members)
{
  char *name = NULL;

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

/* A slot's name for the players or for the GM (@with_hidden): its
 * combatant's, or its group's counted by kind when it lists its members. */
static char *
slot_name (GObject *slot, gboolean with_hidden)
{
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);
  g_autoptr (GListModel) members = NULL;
  g_autofree char *name = NULL;
  char *by_kind = NULL;

  if (combatant != NULL)
    return g_strdup (tkr_combatant_get_name (combatant));
  members = tkr_tracker_slot_get_members (slot);
  if (!with_hidden)
    name = group_name_for_players (slot, members);
  else if (slot != NULL && g_object_class_find_property (G_OBJECT_GET_CLASS (slot), "name") != NULL)
    g_object_get (slot, "name", &name, NULL);
  if (members != NULL)
    by_kind = tkr_tracker_group_name_by_kind (name, members, with_hidden);
  return by_kind != NULL ? by_kind : g_steal_pointer (&name);
}

/**
 * tkr_players_slot_name:
 *
 * Returns: (transfer full): the name players read for @slot, in the
 *   player view and the table file alike: a combatant's name; a group's
 *   name, never with a hidden member's name in it; a group called by its
 *   members' names, those players see counted by kind.
 */
char *
tkr_players_slot_name (GObject *slot)
{
  return slot_name (slot, FALSE);
}

/**
 * tkr_tracker_slot_dup_name:
 *
 * Returns: (transfer full) (nullable): the name the GM reads for @slot:
 *   its combatant's, or its group's; a group called by all its members'
 *   names, hidden ones too, counted by kind.
 */
char *
tkr_tracker_slot_dup_name (GObject *slot)
{
  return slot_name (slot, TRUE);
}
