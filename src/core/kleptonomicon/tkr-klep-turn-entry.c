/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-enums.h"
#include "tkr-fields.h"
#include "tkr-json.h"
#include "tkr-klep-turn-entry.h"

/*
 * A place in the turn order (seed, "Turn Order"): one PC, or one NPC group
 * whose members take their Turn together. The members are fixed when the
 * order is built; "current" is the only state that changes, and TkrKlepEncounter
 * changes it through its history.
 */

struct _TkrKlepTurnEntry
{
  GObject parent_instance;

  TkrKlepTurnEntryKind kind;
  char *name;
  GListStore *members;
  GHashTable *member_set; /* the members, for lookups at any size */
  gboolean current;
};

G_DEFINE_FINAL_TYPE (TkrKlepTurnEntry, tkr_klep_turn_entry, G_TYPE_OBJECT)

static const TkrField fields[] = {
  TKR_FIELD_STRING (TkrKlepTurnEntry, name, "name", NULL),
  TKR_FIELD_BOOLEAN (TkrKlepTurnEntry, current, "current", NULL),
};

enum
{
  PROP_KIND = G_N_ELEMENTS (fields) + 1,
  PROP_MEMBERS,
};

/* The kinds as files name them. */
static const char *const kind_nicks[] = { "pc", "npc-group", NULL };

static void
tkr_klep_turn_entry_dispose (GObject *object)
{
  tkr_fields_clear (object, TKR_TYPE_KLEP_TURN_ENTRY);
  g_clear_object (&TKR_KLEP_TURN_ENTRY (object)->members);
  g_clear_pointer (&TKR_KLEP_TURN_ENTRY (object)->member_set, g_hash_table_unref);
  G_OBJECT_CLASS (tkr_klep_turn_entry_parent_class)->dispose (object);
}

static void
tkr_klep_turn_entry_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepTurnEntry *self = TKR_KLEP_TURN_ENTRY (object);

  if (prop_id == PROP_KIND)
    g_value_set_enum (value, self->kind);
  else if (prop_id == PROP_MEMBERS)
    g_value_set_object (value, self->members);
  else
    tkr_fields_get_property (object, prop_id, value, pspec);
}

static void
tkr_klep_turn_entry_set_property (GObject *object,
                                  guint prop_id,
                                  const GValue *value,
                                  GParamSpec *pspec)
{
  if (prop_id == PROP_KIND)
    TKR_KLEP_TURN_ENTRY (object)->kind = g_value_get_enum (value);
  else
    tkr_fields_set_property (object, prop_id, value, pspec);
}

static void
tkr_klep_turn_entry_class_init (TkrKlepTurnEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_klep_turn_entry_dispose;
  object_class->get_property = tkr_klep_turn_entry_get_property;
  object_class->set_property = tkr_klep_turn_entry_set_property;

  tkr_fields_install (object_class, fields, G_N_ELEMENTS (fields));
  g_object_class_install_property (
    object_class, PROP_KIND,
    g_param_spec_enum ("kind", NULL, NULL, TKR_TYPE_KLEP_TURN_ENTRY_KIND,
                       TKR_KLEP_TURN_ENTRY_KIND_PC,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (object_class, PROP_MEMBERS,
                                   g_param_spec_object ("members", NULL, NULL, G_TYPE_LIST_MODEL,
                                                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
tkr_klep_turn_entry_init (TkrKlepTurnEntry *self)
{
  self->members = g_list_store_new (TKR_TYPE_KLEP_COMBATANT);
  self->member_set = g_hash_table_new (NULL, NULL);
}

TkrKlepTurnEntry *
tkr_klep_turn_entry_new (TkrKlepTurnEntryKind kind, const char *name)
{
  return g_object_new (TKR_TYPE_KLEP_TURN_ENTRY, "kind", kind, "name", name, NULL);
}

TkrKlepTurnEntryKind
tkr_klep_turn_entry_get_kind (TkrKlepTurnEntry *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), TKR_KLEP_TURN_ENTRY_KIND_PC);
  return self->kind;
}

const char *
tkr_klep_turn_entry_get_name (TkrKlepTurnEntry *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), NULL);
  return self->name ? self->name : "";
}

GListModel *
tkr_klep_turn_entry_get_members (TkrKlepTurnEntry *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), NULL);
  return G_LIST_MODEL (self->members);
}

/**
 * tkr_klep_turn_entry_add_member:
 *
 * Adds a member while the order is being built, before the entry is in an
 * encounter's order (so not recorded in any history).
 */
void
tkr_klep_turn_entry_add_member (TkrKlepTurnEntry *self, TkrKlepCombatant *combatant)
{
  g_return_if_fail (TKR_IS_KLEP_TURN_ENTRY (self));
  g_return_if_fail (TKR_IS_KLEP_COMBATANT (combatant));
  g_list_store_append (self->members, combatant);
  g_hash_table_add (self->member_set, combatant);
}

gboolean
tkr_klep_turn_entry_get_current (TkrKlepTurnEntry *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), FALSE);
  return self->current;
}

gboolean
tkr_klep_turn_entry_has_member (TkrKlepTurnEntry *self, TkrKlepCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), FALSE);
  return g_hash_table_contains (self->member_set, combatant);
}

gboolean
tkr_klep_turn_entry_has_character (TkrKlepTurnEntry *self, TkrCharacter *character)
{
  guint n;

  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), FALSE);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->members));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrKlepCombatant) member = g_list_model_get_item (G_LIST_MODEL (self->members), i);

      if (tkr_combatant_get_character (TKR_COMBATANT (member)) == character)
        return TRUE;
    }
  return FALSE;
}

/* Files: {"kind", "name", "members": each member's combatant} */

JsonNode *
tkr_klep_turn_entry_to_json (TkrKlepTurnEntry *self)
{
  JsonObject *object;
  JsonArray *members;
  JsonNode *node;

  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), NULL);

  members = json_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->members)); i++)
    {
      g_autoptr (TkrKlepCombatant) member = g_list_model_get_item (G_LIST_MODEL (self->members), i);

      json_array_add_element (members, tkr_klep_combatant_to_json (member));
    }
  object = json_object_new ();
  json_object_set_string_member (object, "kind", kind_nicks[self->kind]);
  json_object_set_string_member (object, "name", tkr_klep_turn_entry_get_name (self));
  json_object_set_array_member (object, "members", members);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

/**
 * tkr_klep_turn_entry_new_from_json:
 * @beats_per_round: the Beats a member's Round has (rule data)
 * @placed: the characters that have a place in the order so far; the
 *   members are added to it
 *
 * A place in the order as a file stores it: a PC alone, or a group of at
 * least one NPC, each character in one place only.
 */
TkrKlepTurnEntry *
tkr_klep_turn_entry_new_from_json (JsonNode *node,
                                   const char *path,
                                   int beats_per_round,
                                   TkrCharacterResolver resolve,
                                   gpointer user_data,
                                   GHashTable *placed,
                                   GError **error)
{
  g_autofree char *members_path = tkr_json_path (path, "members");
  g_autofree char *name = NULL;
  g_autoptr (TkrKlepTurnEntry) self = NULL;
  JsonObject *object;
  JsonArray *members;
  gboolean pc;
  int kind;

  object = tkr_json_require_object (node, path, error);
  if (object == NULL ||
      !tkr_json_get_enum (object, "kind", path, TRUE, kind_nicks, 0, &kind, error) ||
      !tkr_json_get_string (object, "name", path, FALSE, "", &name, error) ||
      !tkr_json_get_array (object, "members", path, TRUE, &members, error))
    return NULL;

  pc = kind == TKR_KLEP_TURN_ENTRY_KIND_PC;
  if (json_array_get_length (members) == 0 || (pc && json_array_get_length (members) != 1))
    {
      tkr_json_set_error (error, members_path,
                          pc ? _ ("a PC’s place in the order holds exactly one character")
                             : _ ("a group needs at least one NPC"));
      return NULL;
    }

  self = tkr_klep_turn_entry_new (kind, name);
  for (guint i = 0; i < json_array_get_length (members); i++)
    {
      g_autofree char *member_path = tkr_json_path_index (members_path, i);
      g_autoptr (TkrKlepCombatant) combatant =
        tkr_klep_combatant_new_from_json (json_array_get_element (members, i), member_path,
                                          beats_per_round, resolve, user_data, error);
      TkrCharacter *character;

      if (combatant == NULL)
        return NULL;
      character = tkr_combatant_get_character (TKR_COMBATANT (combatant));
      if (!g_hash_table_add (placed, character))
        {
          tkr_json_set_error (error, member_path, _ ("“%s” has two places in the order"),
                              tkr_combatant_get_name (TKR_COMBATANT (combatant)));
          return NULL;
        }
      if (tkr_character_is_pc (character) != pc)
        {
          tkr_json_set_error (error, member_path,
                              pc ? _ ("“%s” is an NPC in a PC’s place")
                                 : _ ("“%s” is a PC in an NPC group"),
                              tkr_combatant_get_name (TKR_COMBATANT (combatant)));
          return NULL;
        }
      g_list_store_append (self->members, combatant);
      g_hash_table_add (self->member_set, combatant);
    }
  return g_steal_pointer (&self);
}
