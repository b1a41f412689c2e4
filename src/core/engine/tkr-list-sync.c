/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-list-sync.h"

void
tkr_list_store_sync (GListStore *store, gpointer *items, guint n_items)
{
  GListModel *model;
  guint n_old;
  guint start = 0;
  guint end = 0;

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_return_if_fail (items != NULL || n_items == 0);

  model = G_LIST_MODEL (store);
  n_old = g_list_model_get_n_items (model);
  while (start < n_old && start < n_items)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, start);

      if (item != items[start])
        break;
      start++;
    }
  while (end < n_old - start && end < n_items - start)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, n_old - 1 - end);

      if (item != items[n_items - 1 - end])
        break;
      end++;
    }
  if (start == n_old && start == n_items)
    return;
  g_list_store_splice (store, start, n_old - start - end, items + start, n_items - start - end);
}

/* TkrOrderPlace */

struct _TkrOrderPlace
{
  GObject parent_instance;

  TkrCombatant *combatant;
  guint place;
};

G_DEFINE_FINAL_TYPE (TkrOrderPlace, tkr_order_place, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_COMBATANT,
  PROP_PLACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_order_place_dispose (GObject *object)
{
  g_clear_object (&TKR_ORDER_PLACE (object)->combatant);

  G_OBJECT_CLASS (tkr_order_place_parent_class)->dispose (object);
}

static void
tkr_order_place_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrOrderPlace *self = TKR_ORDER_PLACE (object);

  switch (prop_id)
    {
    case PROP_COMBATANT:
      g_value_set_object (value, self->combatant);
      break;
    case PROP_PLACE:
      g_value_set_uint (value, self->place);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_order_place_class_init (TkrOrderPlaceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_order_place_dispose;
  object_class->get_property = tkr_order_place_get_property;
  properties[PROP_COMBATANT] =
    g_param_spec_object ("combatant", NULL, NULL, TKR_TYPE_COMBATANT, flags);
  properties[PROP_PLACE] = g_param_spec_uint ("place", NULL, NULL, 0, G_MAXUINT, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_order_place_init (TkrOrderPlace *self)
{
}

TkrCombatant *
tkr_order_place_get_combatant (TkrOrderPlace *self)
{
  g_return_val_if_fail (TKR_IS_ORDER_PLACE (self), NULL);
  return self->combatant;
}

guint
tkr_order_place_get_place (TkrOrderPlace *self)
{
  g_return_val_if_fail (TKR_IS_ORDER_PLACE (self), 0);
  return self->place;
}

void
tkr_order_places_sync (GListStore *places, GPtrArray *order)
{
  GListModel *model;
  g_autoptr (GHashTable) kept = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  g_autoptr (GPtrArray) wanted = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (G_IS_LIST_STORE (places));
  g_return_if_fail (order != NULL);

  model = G_LIST_MODEL (places);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      TkrOrderPlace *place = g_list_model_get_item (model, i);

      g_hash_table_insert (kept, place->combatant, place);
    }
  for (guint i = 0; i < order->len; i++)
    {
      TkrOrderPlace *place = NULL;

      if (!g_hash_table_steal_extended (kept, order->pdata[i], NULL, (gpointer *) &place))
        {
          place = g_object_new (TKR_TYPE_ORDER_PLACE, NULL);
          place->combatant = g_object_ref (order->pdata[i]);
        }
      g_ptr_array_add (wanted, place);
    }
  tkr_list_store_sync (places, wanted->pdata, wanted->len);
  for (guint i = 0; i < wanted->len; i++)
    {
      TkrOrderPlace *place = wanted->pdata[i];

      if (place->place == i + 1)
        continue;
      place->place = i + 1;
      g_object_notify_by_pspec (G_OBJECT (place), properties[PROP_PLACE]);
    }
}
