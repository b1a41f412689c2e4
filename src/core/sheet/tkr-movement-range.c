/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-movement-range.h"

#define UNITS_MAX 10000

struct _TkrMovementRange
{
  GObject parent_instance;

  char *name; /* shared by every range of the same name, as TkrModifier's */
  int units;
};

G_DEFINE_FINAL_TYPE (TkrMovementRange, tkr_movement_range, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_UNITS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_movement_range_finalize (GObject *object)
{
  TkrMovementRange *self = TKR_MOVEMENT_RANGE (object);

  g_clear_pointer (&self->name, g_ref_string_release);

  G_OBJECT_CLASS (tkr_movement_range_parent_class)->finalize (object);
}

static void
tkr_movement_range_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrMovementRange *self = TKR_MOVEMENT_RANGE (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_UNITS:
      g_value_set_int (value, self->units);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_movement_range_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrMovementRange *self = TKR_MOVEMENT_RANGE (object);

  switch (prop_id)
    {
    case PROP_NAME:
      tkr_movement_range_set_name (self, g_value_get_string (value));
      break;
    case PROP_UNITS:
      tkr_movement_range_set_units (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_movement_range_class_init (TkrMovementRangeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_movement_range_finalize;
  object_class->get_property = tkr_movement_range_get_property;
  object_class->set_property = tkr_movement_range_set_property;

  properties[PROP_NAME] = g_param_spec_string (
    "name", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNITS] =
    g_param_spec_int ("units", NULL, NULL, 0, UNITS_MAX, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_movement_range_init (TkrMovementRange *self)
{
  self->name = g_ref_string_new_intern ("");
}

TkrMovementRange *
tkr_movement_range_new (const char *name, int units)
{
  return g_object_new (TKR_TYPE_MOVEMENT_RANGE, "name", name, "units", CLAMP (units, 0, UNITS_MAX),
                       NULL);
}

const char *
tkr_movement_range_get_name (TkrMovementRange *self)
{
  g_return_val_if_fail (TKR_IS_MOVEMENT_RANGE (self), NULL);
  return self->name;
}

void
tkr_movement_range_set_name (TkrMovementRange *self, const char *name)
{
  g_return_if_fail (TKR_IS_MOVEMENT_RANGE (self));

  if (name == NULL)
    name = "";
  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_ref_string_release (self->name);
  self->name = g_ref_string_new_intern (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

int
tkr_movement_range_get_units (TkrMovementRange *self)
{
  g_return_val_if_fail (TKR_IS_MOVEMENT_RANGE (self), 0);
  return self->units;
}

void
tkr_movement_range_set_units (TkrMovementRange *self, int units)
{
  g_return_if_fail (TKR_IS_MOVEMENT_RANGE (self));

  units = CLAMP (units, 0, UNITS_MAX);
  if (self->units == units)
    return;
  self->units = units;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNITS]);
}
