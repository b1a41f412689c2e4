/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-fields.h"
#include "tkr-klep-npc-group.h"
#include "tkr-players.h"

/*
 * A group of the Setup skeleton (seed, "Turn Order"). Its name is either
 * one the GM typed ("custom-name") or, by default, what its members have in
 * common ("Goblin 1" and "Goblin 2" make "Goblin"). "name" is what to
 * show; "custom-name" is the undoable state behind a rename, so undoing a
 * rename brings the automatic name back rather than freezing it.
 */

struct _TkrKlepNpcGroup
{
  GObject parent_instance;

  char *custom_name;
  char *auto_name;
  int edge;
  GListStore *members;
  GPtrArray *watched; /* members whose "name" we follow */
};

G_DEFINE_FINAL_TYPE (TkrKlepNpcGroup, tkr_klep_npc_group, G_TYPE_OBJECT)

/* Edge Save modifiers run from -99 to 99. */
static const TkrField fields[] = {
  TKR_FIELD_INT (TkrKlepNpcGroup, edge, "edge", NULL, -99, 99, 0),
};

enum
{
  PROP_NAME = G_N_ELEMENTS (fields) + 1,
  PROP_CUSTOM_NAME,
  PROP_MEMBERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
common_name (GListModel *members)
{
  guint n = g_list_model_get_n_items (members);
  g_autofree char *first = NULL;
  g_autoptr (GString) joined = g_string_new (NULL);
  gboolean same = TRUE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCharacter) member = g_list_model_get_item (members, i);
      const char *name = tkr_character_get_name (member);
      g_autofree char *stem = tkr_players_name_kind (name ? name : "");

      if (i == 0)
        first = g_strdup (stem);
      else if (!g_str_equal (first, stem))
        same = FALSE;
      if (i > 0)
        g_string_append (joined, ", ");
      g_string_append (joined, name ? name : "");
    }

  if (n == 0)
    return g_strdup ("");
  if (same)
    return g_steal_pointer (&first);
  return g_string_free (g_steal_pointer (&joined), FALSE);
}

/* The name made from the members is worked out when asked for, not at
 * each change: a group of thousands grows one member at a time. */
static void
update_auto_name (TkrKlepNpcGroup *self)
{
  g_clear_pointer (&self->auto_name, g_free);
  if (self->custom_name == NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

static void
unwatch_members (TkrKlepNpcGroup *self)
{
  for (guint i = 0; i < self->watched->len; i++)
    g_signal_handlers_disconnect_by_func (g_ptr_array_index (self->watched, i), update_auto_name,
                                          self);
  g_ptr_array_set_size (self->watched, 0);
}

/* @watched follows the members position by position: only the range that
 * changed is followed anew. */
static void
on_members_changed (TkrKlepNpcGroup *self, guint position, guint removed, guint added)
{
  for (guint i = position; i < position + removed; i++)
    g_signal_handlers_disconnect_by_func (g_ptr_array_index (self->watched, i), update_auto_name,
                                          self);
  if (removed > 0)
    g_ptr_array_remove_range (self->watched, position, removed);
  for (guint i = 0; i < added; i++)
    {
      TkrCharacter *member = g_list_model_get_item (G_LIST_MODEL (self->members), position + i);

      g_signal_connect_swapped (member, "notify::name", G_CALLBACK (update_auto_name), self);
      g_ptr_array_insert (self->watched, position + i, member);
    }
  update_auto_name (self);
}

static void
tkr_klep_npc_group_dispose (GObject *object)
{
  TkrKlepNpcGroup *self = TKR_KLEP_NPC_GROUP (object);

  if (self->watched)
    unwatch_members (self);
  if (self->members)
    g_signal_handlers_disconnect_by_func (self->members, on_members_changed, self);
  g_clear_object (&self->members);

  G_OBJECT_CLASS (tkr_klep_npc_group_parent_class)->dispose (object);
}

static void
tkr_klep_npc_group_finalize (GObject *object)
{
  TkrKlepNpcGroup *self = TKR_KLEP_NPC_GROUP (object);

  g_clear_pointer (&self->watched, g_ptr_array_unref);
  g_free (self->custom_name);
  g_free (self->auto_name);

  G_OBJECT_CLASS (tkr_klep_npc_group_parent_class)->finalize (object);
}

static void
tkr_klep_npc_group_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepNpcGroup *self = TKR_KLEP_NPC_GROUP (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, tkr_klep_npc_group_get_name (self));
      break;
    case PROP_CUSTOM_NAME:
      g_value_set_string (value, self->custom_name);
      break;
    case PROP_MEMBERS:
      g_value_set_object (value, self->members);
      break;
    default:
      tkr_fields_get_property (object, prop_id, value, pspec);
    }
}

static void
set_custom_name (TkrKlepNpcGroup *self, const char *name)
{
  g_autofree char *old_name = NULL;

  if (name != NULL && *name == '\0')
    name = NULL;
  if (g_strcmp0 (self->custom_name, name) == 0)
    return;

  old_name = g_strdup (tkr_klep_npc_group_get_name (self));
  g_free (self->custom_name);
  self->custom_name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CUSTOM_NAME]);
  if (g_strcmp0 (old_name, tkr_klep_npc_group_get_name (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

static void
tkr_klep_npc_group_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrKlepNpcGroup *self = TKR_KLEP_NPC_GROUP (object);

  switch (prop_id)
    {
    case PROP_NAME:
    case PROP_CUSTOM_NAME:
      set_custom_name (self, g_value_get_string (value));
      break;
    default:
      tkr_fields_set_property (object, prop_id, value, pspec);
    }
}

static void
tkr_klep_npc_group_class_init (TkrKlepNpcGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_klep_npc_group_dispose;
  object_class->finalize = tkr_klep_npc_group_finalize;
  object_class->get_property = tkr_klep_npc_group_get_property;
  object_class->set_property = tkr_klep_npc_group_set_property;

  /* What to show: the custom name, or else the members' common name.
   * Setting it sets "custom-name". */
  properties[PROP_NAME] = g_param_spec_string (
    "name", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The name the GM gave, or NULL for the automatic one. */
  properties[PROP_CUSTOM_NAME] =
    g_param_spec_string ("custom-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MEMBERS] = g_param_spec_object ("members", NULL, NULL, G_TYPE_LIST_MODEL,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  tkr_fields_install (object_class, fields, G_N_ELEMENTS (fields));
  for (guint i = PROP_NAME; i < N_PROPS; i++)
    g_object_class_install_property (object_class, i, properties[i]);
}

static void
tkr_klep_npc_group_init (TkrKlepNpcGroup *self)
{
  self->members = g_list_store_new (TKR_TYPE_CHARACTER);
  self->watched = g_ptr_array_new_with_free_func (g_object_unref);
  self->auto_name = NULL;
  g_signal_connect_swapped (self->members, "items-changed", G_CALLBACK (on_members_changed), self);
}

/**
 * tkr_klep_npc_group_new:
 * @name: (nullable): the GM's name for the group, or NULL to name it after
 *   its members
 * @edge: the Edge Save modifier the members share
 */
TkrKlepNpcGroup *
tkr_klep_npc_group_new (const char *name, int edge)
{
  return g_object_new (TKR_TYPE_KLEP_NPC_GROUP, "custom-name", name, "edge", CLAMP (edge, -99, 99),
                       NULL);
}

const char *
tkr_klep_npc_group_get_name (TkrKlepNpcGroup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_NPC_GROUP (self), NULL);
  if (self->custom_name != NULL)
    return self->custom_name;
  if (self->auto_name == NULL)
    self->auto_name = common_name (G_LIST_MODEL (self->members));
  return self->auto_name;
}

int
tkr_klep_npc_group_get_edge (TkrKlepNpcGroup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_NPC_GROUP (self), 0);
  return self->edge;
}

GListModel *
tkr_klep_npc_group_get_members (TkrKlepNpcGroup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_NPC_GROUP (self), NULL);
  return G_LIST_MODEL (self->members);
}

GListStore *
tkr_klep_npc_group_get_member_store (TkrKlepNpcGroup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_NPC_GROUP (self), NULL);
  return self->members;
}
