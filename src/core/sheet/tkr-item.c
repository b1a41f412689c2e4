/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-item.h"

#define QUANTITY_MAX 99999

struct _TkrItem
{
  GObject parent_instance;

  char *name;
  int quantity;
  char *notes;
};

G_DEFINE_FINAL_TYPE (TkrItem, tkr_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_QUANTITY,
  PROP_NOTES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_item_finalize (GObject *object)
{
  TkrItem *self = TKR_ITEM (object);

  g_free (self->name);
  g_free (self->notes);

  G_OBJECT_CLASS (tkr_item_parent_class)->finalize (object);
}

static void
tkr_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrItem *self = TKR_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_QUANTITY:
      g_value_set_int (value, self->quantity);
      break;
    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_item_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrItem *self = TKR_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME:
      tkr_item_set_name (self, g_value_get_string (value));
      break;
    case PROP_QUANTITY:
      tkr_item_set_quantity (self, g_value_get_int (value));
      break;
    case PROP_NOTES:
      tkr_item_set_notes (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_item_class_init (TkrItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_item_finalize;
  object_class->get_property = tkr_item_get_property;
  object_class->set_property = tkr_item_set_property;

  properties[PROP_NAME] = g_param_spec_string (
    "name", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_QUANTITY] =
    g_param_spec_int ("quantity", NULL, NULL, 0, QUANTITY_MAX, 1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTES] = g_param_spec_string (
    "notes", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_item_init (TkrItem *self)
{
  self->name = g_strdup ("");
  self->notes = g_strdup ("");
  self->quantity = 1;
}

TkrItem *
tkr_item_new (const char *name, int quantity)
{
  return g_object_new (TKR_TYPE_ITEM, "name", name, "quantity", CLAMP (quantity, 0, QUANTITY_MAX),
                       NULL);
}

const char *
tkr_item_get_name (TkrItem *self)
{
  g_return_val_if_fail (TKR_IS_ITEM (self), NULL);
  return self->name;
}

static gboolean
replace_string (char **field, const char *value)
{
  if (value == NULL)
    value = "";
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

void
tkr_item_set_name (TkrItem *self, const char *name)
{
  g_return_if_fail (TKR_IS_ITEM (self));

  if (replace_string (&self->name, name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

int
tkr_item_get_quantity (TkrItem *self)
{
  g_return_val_if_fail (TKR_IS_ITEM (self), 0);
  return self->quantity;
}

void
tkr_item_set_quantity (TkrItem *self, int quantity)
{
  g_return_if_fail (TKR_IS_ITEM (self));

  quantity = CLAMP (quantity, 0, QUANTITY_MAX);
  if (self->quantity == quantity)
    return;
  self->quantity = quantity;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QUANTITY]);
}

const char *
tkr_item_get_notes (TkrItem *self)
{
  g_return_val_if_fail (TKR_IS_ITEM (self), NULL);
  return self->notes;
}

void
tkr_item_set_notes (TkrItem *self, const char *notes)
{
  g_return_if_fail (TKR_IS_ITEM (self));

  if (replace_string (&self->notes, notes))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTES]);
}
