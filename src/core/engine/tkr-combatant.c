/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-combatant.h"
#include "tkr-condition.h"
#include "tkr-json.h"

typedef struct
{
  TkrCharacter *character;
  GListStore *resources;
  GListStore *conditions;
  int temporary_health;
  gboolean hidden;
  gboolean delaying; /* kept by tkr-delay.c */
} TkrCombatantPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (TkrCombatant, tkr_combatant, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CHARACTER,
  PROP_RESOURCES,
  PROP_CONDITIONS,
  PROP_TEMPORARY_HEALTH,
  PROP_HIDDEN,
  PROP_DELAYING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_combatant_dispose (GObject *object)
{
  TkrCombatantPrivate *priv = tkr_combatant_get_instance_private (TKR_COMBATANT (object));

  g_clear_object (&priv->character);
  G_OBJECT_CLASS (tkr_combatant_parent_class)->dispose (object);
}

static void
tkr_combatant_finalize (GObject *object)
{
  TkrCombatantPrivate *priv = tkr_combatant_get_instance_private (TKR_COMBATANT (object));

  g_clear_object (&priv->resources);
  g_clear_object (&priv->conditions);
  G_OBJECT_CLASS (tkr_combatant_parent_class)->finalize (object);
}

static void
tkr_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrCombatant *self = TKR_COMBATANT (object);
  TkrCombatantPrivate *priv = tkr_combatant_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_CHARACTER:
      g_value_set_object (value, priv->character);
      break;
    case PROP_RESOURCES:
      g_value_set_object (value, priv->resources);
      break;
    case PROP_CONDITIONS:
      g_value_set_object (value, tkr_combatant_get_conditions (self));
      break;
    case PROP_TEMPORARY_HEALTH:
      g_value_set_int (value, priv->temporary_health);
      break;
    case PROP_HIDDEN:
      g_value_set_boolean (value, priv->hidden);
      break;
    case PROP_DELAYING:
      g_value_set_boolean (value, priv->delaying);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_combatant_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrCombatantPrivate *priv = tkr_combatant_get_instance_private (TKR_COMBATANT (object));

  switch (prop_id)
    {
    case PROP_CHARACTER:
      priv->character = g_value_dup_object (value);
      break;
    case PROP_TEMPORARY_HEALTH:
      if (priv->temporary_health != g_value_get_int (value))
        {
          priv->temporary_health = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_HIDDEN:
      if (priv->hidden != g_value_get_boolean (value))
        {
          priv->hidden = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_DELAYING:
      if (priv->delaying != g_value_get_boolean (value))
        {
          priv->delaying = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GListModel *
tkr_combatant_real_get_conditions (TkrCombatant *self)
{
  TkrCombatantPrivate *priv = tkr_combatant_get_instance_private (self);

  return G_LIST_MODEL (priv->conditions);
}

static void
tkr_combatant_class_init (TkrCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_combatant_dispose;
  object_class->finalize = tkr_combatant_finalize;
  object_class->get_property = tkr_combatant_get_property;
  object_class->set_property = tkr_combatant_set_property;
  klass->get_conditions = tkr_combatant_real_get_conditions;

  properties[PROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RESOURCES] = g_param_spec_object ("resources", NULL, NULL, G_TYPE_LIST_MODEL,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CONDITIONS] = g_param_spec_object ("conditions", NULL, NULL, G_TYPE_LIST_MODEL,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEMPORARY_HEALTH] =
    g_param_spec_int ("temporary-health", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIDDEN] =
    g_param_spec_boolean ("hidden", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Delaying or holding an action (tkr-delay.h); set only by tkr-delay.c. */
  properties[PROP_DELAYING] =
    g_param_spec_boolean ("delaying", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_combatant_init (TkrCombatant *self)
{
  TkrCombatantPrivate *priv = tkr_combatant_get_instance_private (self);

  priv->resources = g_list_store_new (TKR_TYPE_RESOURCE);
  priv->conditions = g_list_store_new (TKR_TYPE_CONDITION);
}

/**
 * tkr_combatant_get_character:
 *
 * Returns: (transfer none): the combatant's sheet
 */
TkrCharacter *
tkr_combatant_get_character (TkrCombatant *self)
{
  TkrCombatantPrivate *priv;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), NULL);
  priv = tkr_combatant_get_instance_private (self);
  return priv->character;
}

const char *
tkr_combatant_get_name (TkrCombatant *self)
{
  TkrCombatantPrivate *priv;
  const char *name;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), NULL);
  priv = tkr_combatant_get_instance_private (self);
  name = priv->character != NULL ? tkr_character_get_name (priv->character) : NULL;
  return name != NULL && *name != '\0' ? name : _ ("Someone");
}

GListModel *
tkr_combatant_get_resources (TkrCombatant *self)
{
  TkrCombatantPrivate *priv;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), NULL);
  priv = tkr_combatant_get_instance_private (self);
  return G_LIST_MODEL (priv->resources);
}

/**
 * tkr_combatant_find_resource:
 *
 * Returns: (transfer none) (nullable): the resource with @id
 */
TkrResource *
tkr_combatant_find_resource (TkrCombatant *self, const char *id)
{
  TkrCombatantPrivate *priv;
  guint n;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), NULL);
  priv = tkr_combatant_get_instance_private (self);
  /* A handful of resources: a scan is the fastest lookup. */
  n = g_list_model_get_n_items (G_LIST_MODEL (priv->resources));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrResource) resource = g_list_model_get_item (G_LIST_MODEL (priv->resources), i);

      if (g_strcmp0 (tkr_resource_get_id (resource), id) == 0)
        return resource;
    }
  return NULL;
}

int
tkr_combatant_get_left (TkrCombatant *self, const char *id)
{
  TkrResource *resource = tkr_combatant_find_resource (self, id);

  return resource != NULL ? tkr_resource_get_current (resource) : 0;
}

void
tkr_combatant_add_resource (TkrCombatant *self, TkrResource *resource)
{
  TkrCombatantPrivate *priv;

  g_return_if_fail (TKR_IS_COMBATANT (self));
  g_return_if_fail (TKR_IS_RESOURCE (resource));
  g_return_if_fail (tkr_combatant_find_resource (self, tkr_resource_get_id (resource)) == NULL);
  priv = tkr_combatant_get_instance_private (self);
  g_list_store_append (priv->resources, resource);
}

/**
 * tkr_combatant_get_conditions:
 *
 * Returns: (transfer none): a list of TkrCondition
 */
GListModel *
tkr_combatant_get_conditions (TkrCombatant *self)
{
  g_return_val_if_fail (TKR_IS_COMBATANT (self), NULL);
  return TKR_COMBATANT_GET_CLASS (self)->get_conditions (self);
}

/**
 * tkr_combatant_get_condition_store:
 *
 * Returns: (transfer none): the combatant's own condition list
 */
GListStore *
tkr_combatant_get_condition_store (TkrCombatant *self)
{
  TkrCombatantPrivate *priv;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), NULL);
  priv = tkr_combatant_get_instance_private (self);
  return priv->conditions;
}

void
tkr_combatant_add_resources (TkrCombatant *self,
                             const TkrResourceField *fields,
                             guint n_fields,
                             const int *maximum)
{
  for (guint i = 0; i < n_fields; i++)
    {
      g_autoptr (TkrResource) resource =
        tkr_resource_new (fields[i].id, _ (fields[i].name), maximum[i]);

      g_object_set (resource, "current", fields[i].ready ? maximum[i] : 0, NULL);
      tkr_combatant_add_resource (self, resource);
    }
}

void
tkr_combatant_resources_to_json (TkrCombatant *self,
                                 const TkrResourceField *fields,
                                 guint n_fields,
                                 JsonObject *object)
{
  for (guint i = 0; i < n_fields; i++)
    json_object_set_int_member (object, fields[i].member,
                                tkr_combatant_get_left (self, fields[i].id));
}

void
tkr_combatant_resources_write_json (TkrCombatant *self,
                                    const TkrResourceField *fields,
                                    guint n_fields,
                                    TkrJsonWriter *writer)
{
  for (guint i = 0; i < n_fields; i++)
    tkr_json_writer_int (writer, fields[i].member, tkr_combatant_get_left (self, fields[i].id));
}

gboolean
tkr_combatant_resources_from_json (TkrCombatant *self,
                                   const TkrResourceField *fields,
                                   guint n_fields,
                                   JsonObject *object,
                                   const char *path,
                                   int limit,
                                   GError **error)
{
  for (guint i = 0; i < n_fields; i++)
    {
      TkrResource *resource = tkr_combatant_find_resource (self, fields[i].id);
      gint64 left;

      if (!tkr_json_get_int (object, fields[i].member, path, FALSE, 0,
                             limit >= 0 ? limit : tkr_resource_get_maximum (resource), 0, &left,
                             error))
        return FALSE;
      g_object_set (resource, "current", (int) left, NULL);
    }
  return TRUE;
}

gboolean
tkr_combatant_get_hidden (TkrCombatant *self)
{
  TkrCombatantPrivate *priv;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), FALSE);
  priv = tkr_combatant_get_instance_private (self);
  return priv->hidden;
}

gboolean
tkr_combatant_get_delaying (TkrCombatant *self)
{
  TkrCombatantPrivate *priv;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), FALSE);
  priv = tkr_combatant_get_instance_private (self);
  return priv->delaying;
}
