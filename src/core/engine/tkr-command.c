/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-json.h"

gboolean
tkr_encounter_record (TkrEncounter *self,
                      TkrMessage *name,
                      TkrCombatant *combatant,
                      const char *id,
                      int delta,
                      TkrMessage *line)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  tkr_history_begin_event (tkr_encounter_get_history (self), name);
  if (id != NULL)
    tkr_encounter_change_resource (self, combatant, id, delta, NULL);
  tkr_encounter_log_line (self, NULL, line);
  tkr_history_end (tkr_encounter_get_history (self));
  return TRUE;
}

gpointer
tkr_list_item_at (GListModel *list, guint index)
{
  gpointer item = g_list_model_get_item (list, index);

  if (item != NULL)
    g_object_unref (item);
  return item;
}

gboolean
tkr_json_refuse (GError **error, const char *path, const char *member, const char *format, ...)
{
  g_autofree char *message = NULL;
  g_autofree char *member_path = member != NULL ? tkr_json_path (path, member) : NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  tkr_json_set_error (error, member != NULL ? member_path : path, "%s", message);
  return FALSE;
}

JsonNode *
tkr_list_to_json (GListModel *list, TkrItemToJson item_to_json)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (list, i);

      json_array_add_element (array, item_to_json (item));
    }
  json_node_take_array (node, array);
  return node;
}

gboolean
tkr_json_read_list (JsonObject *object,
                    const char *path,
                    const char *member,
                    TkrReadItem read_item,
                    gpointer self,
                    gpointer data,
                    GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, member);
  JsonArray *array;

  if (!tkr_json_get_array (object, member, path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);

      if (!read_item (self, json_array_get_element (array, i), item_path, data, error))
        return FALSE;
    }
  return TRUE;
}

TkrCombatant *
tkr_encounter_load_find (TkrEncounterLoad *load, const char *id)
{
  for (guint i = 0; id != NULL && i < load->combatants->len; i++)
    {
      TkrCombatant *combatant = load->combatants->pdata[i];

      if (g_strcmp0 (tkr_character_get_id (tkr_combatant_get_character (combatant)), id) == 0)
        return combatant;
    }
  return NULL;
}

gboolean
tkr_json_read_combatant_ids (JsonObject *object,
                             const char *path,
                             const char *member,
                             TkrEncounterLoad *load,
                             GPtrArray *found,
                             GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, member);
  JsonArray *array;

  if (!tkr_json_get_array (object, member, path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      JsonNode *node = json_array_get_element (array, i);
      const char *id =
        JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
          ? json_node_get_string (node)
          : NULL;
      TkrCombatant *combatant = tkr_encounter_load_find (load, id);

      if (id == NULL)
        return tkr_json_refuse (error, item_path, NULL, _ ("expected a character id"));
      if (combatant == NULL)
        return tkr_json_refuse (error, item_path, NULL, _ ("no combatant has the id “%s”"), id);
      g_ptr_array_add (found, combatant);
    }
  return TRUE;
}

GPtrArray *
tkr_slot_combatants (GObject *slot)
{
  GPtrArray *combatants = g_ptr_array_new ();
  g_autoptr (GListModel) members = NULL;

  if (TKR_IS_COMBATANT (slot))
    {
      g_ptr_array_add (combatants, slot);
      return combatants;
    }
  if (slot == NULL || g_object_class_find_property (G_OBJECT_GET_CLASS (slot), "members") == NULL)
    return combatants;
  g_object_get (slot, "members", &members, NULL);
  for (guint i = 0; members != NULL && i < g_list_model_get_n_items (members); i++)
    {
      GObject *member = tkr_list_item_at (members, i);

      if (TKR_IS_COMBATANT (member))
        g_ptr_array_add (combatants, member);
    }
  return combatants;
}
