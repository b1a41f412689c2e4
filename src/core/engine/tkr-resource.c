/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-resource.h"

struct _TkrResource
{
  GObject parent_instance;

  char *id;
  char *name;
  int current;
  int maximum;
};

G_DEFINE_FINAL_TYPE (TkrResource, tkr_resource, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_CURRENT,
  PROP_MAXIMUM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_resource_finalize (GObject *object)
{
  TkrResource *self = TKR_RESOURCE (object);

  g_free (self->id);
  g_free (self->name);
  G_OBJECT_CLASS (tkr_resource_parent_class)->finalize (object);
}

static void
tkr_resource_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrResource *self = TKR_RESOURCE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_CURRENT:
      g_value_set_int (value, self->current);
      break;
    case PROP_MAXIMUM:
      g_value_set_int (value, self->maximum);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_int_field (GObject *object, int *field, const GValue *value, GParamSpec *pspec)
{
  int v = g_value_get_int (value);

  if (*field == v)
    return;
  *field = v;
  g_object_notify_by_pspec (object, pspec);
}

static void
tkr_resource_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrResource *self = TKR_RESOURCE (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_value_dup_string (value);
      break;
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;
    case PROP_CURRENT:
      set_int_field (object, &self->current, value, pspec);
      break;
    case PROP_MAXIMUM:
      set_int_field (object, &self->maximum, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_resource_class_init (TkrResourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_resource_finalize;
  object_class->get_property = tkr_resource_get_property;
  object_class->set_property = tkr_resource_set_property;

  properties[PROP_ID] = g_param_spec_string (
    "id", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string (
    "name", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT] =
    g_param_spec_int ("current", NULL, NULL, G_MININT, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAXIMUM] =
    g_param_spec_int ("maximum", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_resource_init (TkrResource *self)
{
}

/* A resource starts spent (0 of @maximum): a turn grants it. */
TkrResource *
tkr_resource_new (const char *id, const char *name, int maximum)
{
  g_return_val_if_fail (id != NULL, NULL);

  return g_object_new (TKR_TYPE_RESOURCE, "id", id, "name", name, "maximum", MAX (maximum, 0),
                       NULL);
}

const char *
tkr_resource_get_id (TkrResource *self)
{
  g_return_val_if_fail (TKR_IS_RESOURCE (self), NULL);
  return self->id;
}

const char *
tkr_resource_get_name (TkrResource *self)
{
  g_return_val_if_fail (TKR_IS_RESOURCE (self), NULL);
  return self->name;
}

int
tkr_resource_get_current (TkrResource *self)
{
  g_return_val_if_fail (TKR_IS_RESOURCE (self), 0);
  return self->current;
}

int
tkr_resource_get_maximum (TkrResource *self)
{
  g_return_val_if_fail (TKR_IS_RESOURCE (self), 0);
  return self->maximum;
}
