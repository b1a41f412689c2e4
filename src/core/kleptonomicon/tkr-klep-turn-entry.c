/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-enums.h"
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
  gboolean current;
};

G_DEFINE_FINAL_TYPE (TkrKlepTurnEntry, tkr_klep_turn_entry, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_NAME,
  PROP_MEMBERS,
  PROP_CURRENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_klep_turn_entry_dispose (GObject *object)
{
  TkrKlepTurnEntry *self = TKR_KLEP_TURN_ENTRY (object);

  g_clear_object (&self->members);

  G_OBJECT_CLASS (tkr_klep_turn_entry_parent_class)->dispose (object);
}

static void
tkr_klep_turn_entry_finalize (GObject *object)
{
  TkrKlepTurnEntry *self = TKR_KLEP_TURN_ENTRY (object);

  g_free (self->name);

  G_OBJECT_CLASS (tkr_klep_turn_entry_parent_class)->finalize (object);
}

static void
tkr_klep_turn_entry_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepTurnEntry *self = TKR_KLEP_TURN_ENTRY (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_MEMBERS:
      g_value_set_object (value, self->members);
      break;
    case PROP_CURRENT:
      g_value_set_boolean (value, self->current);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_turn_entry_set_property (GObject *object,
                                  guint prop_id,
                                  const GValue *value,
                                  GParamSpec *pspec)
{
  TkrKlepTurnEntry *self = TKR_KLEP_TURN_ENTRY (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_enum (value);
      break;
    case PROP_NAME:
      if (g_strcmp0 (self->name, g_value_get_string (value)) != 0)
        {
          g_free (self->name);
          self->name = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_CURRENT:
      if (self->current != g_value_get_boolean (value))
        {
          self->current = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_turn_entry_class_init (TkrKlepTurnEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_klep_turn_entry_dispose;
  object_class->finalize = tkr_klep_turn_entry_finalize;
  object_class->get_property = tkr_klep_turn_entry_get_property;
  object_class->set_property = tkr_klep_turn_entry_set_property;

  properties[PROP_KIND] = g_param_spec_enum (
    "kind", NULL, NULL, TKR_TYPE_KLEP_TURN_ENTRY_KIND, TKR_KLEP_TURN_ENTRY_KIND_PC,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string (
    "name", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MEMBERS] = g_param_spec_object ("members", NULL, NULL, G_TYPE_LIST_MODEL,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT] =
    g_param_spec_boolean ("current", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_klep_turn_entry_init (TkrKlepTurnEntry *self)
{
  self->members = g_list_store_new (TKR_TYPE_KLEP_COMBATANT);
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
}

gboolean
tkr_klep_turn_entry_get_current (TkrKlepTurnEntry *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (self), FALSE);
  return self->current;
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
