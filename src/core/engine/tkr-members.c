/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-json.h"
#include "tkr-members.h"

/* Members in every phase; see tkr-members.h. */

struct _TkrMembers
{
  GListStore *store;
  GHashTable *by_character; /* TkrCharacter -> member, or NULL when stale */
};

#define N_MEMBERS(self) g_list_model_get_n_items (G_LIST_MODEL ((self)->store))
#define CHARACTER(member) tkr_combatant_get_character (TKR_COMBATANT (member))

/* The lookup follows additions as they come; a removal makes it stale, to
 * be rebuilt when asked. */
static void
members_changed_cb (GListModel *model, guint position, guint removed, guint added, TkrMembers *self)
{
  if (removed > 0)
    g_clear_pointer (&self->by_character, g_hash_table_unref);
  if (self->by_character == NULL)
    {
      if (position > 0 || added < g_list_model_get_n_items (model))
        return;
      self->by_character = g_hash_table_new (NULL, NULL);
    }
  for (guint i = position; i < position + added; i++)
    {
      gpointer member = tkr_list_item_at (model, i);

      g_hash_table_insert (self->by_character, CHARACTER (member), member);
    }
}

TkrMembers *
tkr_members_new (GType type)
{
  TkrMembers *self = g_new0 (TkrMembers, 1);

  g_return_val_if_fail (g_type_is_a (type, TKR_TYPE_COMBATANT), NULL);

  self->store = g_list_store_new (type);
  g_signal_connect (self->store, "items-changed", G_CALLBACK (members_changed_cb), self);
  return self;
}

void
tkr_members_free (TkrMembers *self)
{
  if (self == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->store, self);
  g_clear_object (&self->store);
  g_clear_pointer (&self->by_character, g_hash_table_unref);
  g_free (self);
}

GListStore *
tkr_members_get_store (TkrMembers *self)
{
  return self->store;
}

gpointer
tkr_members_find (TkrMembers *self, TkrCharacter *character)
{
  if (self->by_character == NULL)
    members_changed_cb (G_LIST_MODEL (self->store), 0, 0, N_MEMBERS (self), self);
  return g_hash_table_lookup (self->by_character, character);
}

void
tkr_members_join (TkrMembers *self, TkrHistory *history, TkrCombatant *combatant)
{
  g_return_if_fail (TKR_IS_COMBATANT (combatant));

  if (tkr_members_find (self, CHARACTER (combatant)) != (gpointer) combatant)
    tkr_history_append (history, self->store, combatant);
}

void
tkr_members_leave (TkrMembers *self, TkrHistory *history, TkrCharacter *character)
{
  gpointer member = tkr_members_find (self, character);

  if (member != NULL)
    tkr_history_remove_item (history, self->store, member);
}

void
tkr_members_replace (TkrMembers *self, GPtrArray *members)
{
  g_list_store_splice (self->store, 0, N_MEMBERS (self), members->pdata, members->len);
}

JsonNode *
tkr_members_places_to_json (TkrMembers *self, GListModel *order)
{
  JsonArray *places = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);
  /* Each member's place, found once. */
  g_autoptr (GHashTable) positions = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < N_MEMBERS (self); i++)
    g_hash_table_insert (positions, tkr_list_item_at (G_LIST_MODEL (self->store), i),
                         GUINT_TO_POINTER (i));
  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    json_array_add_int_element (
      places, GPOINTER_TO_UINT (g_hash_table_lookup (positions, tkr_list_item_at (order, i))));
  json_node_take_array (node, places);
  return node;
}

gboolean
tkr_members_places_from_json (JsonObject *object,
                              const char *path,
                              const char *member,
                              gboolean required,
                              GPtrArray *members,
                              GPtrArray *order,
                              GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, member);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  JsonArray *array;

  if (!tkr_json_get_array (object, member, path, required, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      JsonNode *item = json_array_get_element (array, i);
      gpointer combatant;

      if (!JSON_NODE_HOLDS_VALUE (item) || json_node_get_value_type (item) != G_TYPE_INT64 ||
          json_node_get_int (item) < 0 || json_node_get_int (item) >= members->len)
        return tkr_json_refuse (error, item_path, NULL,
                                _ ("expected the place of a combatant, 0 to %d"),
                                (int) members->len - 1);
      combatant = g_ptr_array_index (members, json_node_get_int (item));
      if (!g_hash_table_add (seen, combatant))
        return tkr_json_refuse (error, item_path, NULL, _ ("“%s” has two places in the order"),
                                tkr_combatant_get_name (TKR_COMBATANT (combatant)));
      g_ptr_array_add (order, g_object_ref (combatant));
    }
  return TRUE;
}
