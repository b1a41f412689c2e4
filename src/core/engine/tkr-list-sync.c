/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-list-sync.h"

#include "tkr-encounter.h"
#include "tkr-fields.h"

/* The indices (into @seq) of a longest strictly increasing run of the
 * non-negative values of @seq, marked TRUE in the returned array. */
static gboolean *
longest_increasing (const int *seq, guint n)
{
  g_autofree guint *tails = g_new (guint, n + 1); /* index ending a run of length k */
  g_autofree guint *before = g_new (guint, n + 1);
  gboolean *kept = g_new0 (gboolean, n + 1);
  guint length = 0;

  for (guint i = 0; i < n; i++)
    {
      guint low = 0, high = length;

      if (seq[i] < 0)
        continue;
      while (low < high)
        {
          guint mid = (low + high) / 2;

          if (seq[tails[mid]] < seq[i])
            low = mid + 1;
          else
            high = mid;
        }
      before[i] = low > 0 ? tails[low - 1] : G_MAXUINT;
      tails[low] = i;
      if (low == length)
        length++;
    }
  for (guint i = length > 0 ? tails[length - 1] : G_MAXUINT; i != G_MAXUINT; i = before[i])
    kept[i] = TRUE;
  return kept;
}

void
tkr_list_store_sync (GListStore *store, gpointer *items, guint n_items)
{
  GListModel *model;
  g_autoptr (GHashTable) old_index = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) staying = g_hash_table_new (NULL, NULL);
  g_autofree int *seq = NULL;
  g_autofree gboolean *kept = NULL;
  guint n_old;
  guint i;

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_return_if_fail (items != NULL || n_items == 0);

  model = G_LIST_MODEL (store);
  n_old = g_list_model_get_n_items (model);
  for (i = 0; i < n_old; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);

      g_hash_table_insert (old_index, item, GUINT_TO_POINTER (i + 1));
    }

  /* The items that keep their place relative to each other are a longest
   * run of the new list in the old order; every other item leaves and
   * comes back where it belongs. */
  seq = g_new (int, n_items + 1);
  for (i = 0; i < n_items; i++)
    seq[i] = (int) GPOINTER_TO_UINT (g_hash_table_lookup (old_index, items[i])) - 1;
  kept = longest_increasing (seq, n_items);
  for (i = 0; i < n_items; i++)
    if (kept[i])
      g_hash_table_add (staying, items[i]);

  /* Removals, each run of leaving items at once, from the end. */
  for (i = n_old; i > 0;)
    {
      guint end = i;

      while (i > 0)
        {
          g_autoptr (GObject) item = g_list_model_get_item (model, i - 1);

          if (g_hash_table_contains (staying, item))
            break;
          i--;
        }
      if (i < end)
        g_list_store_splice (store, i, end - i, NULL, 0);
      else
        i--;
    }

  /* Insertions, each run of arriving items at once. */
  for (i = 0; i < n_items;)
    {
      guint start = i;

      while (i < n_items && !kept[i])
        i++;
      if (i > start)
        g_list_store_splice (store, start, 0, items + start, i - start);
      else
        i++;
    }
}

/* TkrOrderPlace */

struct _TkrOrderPlace
{
  GObject parent_instance;

  TkrCombatant *combatant;
  int place;
  gboolean tied;
  TkrCombatant *earlier;
  TkrCombatant *later;
};

G_DEFINE_FINAL_TYPE (TkrOrderPlace, tkr_order_place, G_TYPE_OBJECT)

static const TkrField place_fields[] = {
  TKR_FIELD_OBJECT (TkrOrderPlace, combatant, "combatant", tkr_combatant_get_type),
  TKR_FIELD_INT (TkrOrderPlace, place, "place", NULL, 0, G_MAXINT, 0),
  TKR_FIELD_BOOLEAN (TkrOrderPlace, tied, "tied", NULL),
  TKR_FIELD_OBJECT (TkrOrderPlace, earlier, "earlier", tkr_combatant_get_type),
  TKR_FIELD_OBJECT (TkrOrderPlace, later, "later", tkr_combatant_get_type),
};

static void
tkr_order_place_dispose (GObject *object)
{
  tkr_fields_clear (object, TKR_TYPE_ORDER_PLACE);

  G_OBJECT_CLASS (tkr_order_place_parent_class)->dispose (object);
}

static void
tkr_order_place_class_init (TkrOrderPlaceClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tkr_order_place_dispose;
  tkr_fields_install (G_OBJECT_CLASS (klass), place_fields, G_N_ELEMENTS (place_fields));
}

static void
tkr_order_place_init (TkrOrderPlace *self)
{
}

#define PLACE_GETTER(type, name, fallback)                                                         \
  type tkr_order_place_get_##name (TkrOrderPlace *self)                                            \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_ORDER_PLACE (self), fallback);                                    \
    return self->name;                                                                             \
  }

PLACE_GETTER (TkrCombatant *, combatant, NULL)
PLACE_GETTER (guint, place, 0)
PLACE_GETTER (gboolean, tied, FALSE)
PLACE_GETTER (TkrCombatant *, earlier, NULL)
PLACE_GETTER (TkrCombatant *, later, NULL)

static gboolean
pair (TkrOrderPairFunc func, TkrCombatant *a, TkrCombatant *b, gpointer user_data)
{
  return func != NULL && a != NULL && b != NULL && func (a, b, user_data);
}

void
tkr_order_places_sync (GListStore *places,
                       GPtrArray *order,
                       TkrOrderPairFunc tied,
                       TkrOrderPairFunc can_put_before,
                       gpointer user_data)
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
        place = g_object_new (TKR_TYPE_ORDER_PLACE, "combatant", order->pdata[i], NULL);
      g_ptr_array_add (wanted, place);
    }
  tkr_list_store_sync (places, wanted->pdata, wanted->len);
  for (guint i = 0; i < wanted->len; i++)
    {
      TkrCombatant *combatant = order->pdata[i];
      TkrCombatant *before = i > 0 ? order->pdata[i - 1] : NULL;
      TkrCombatant *after = i + 1 < order->len ? order->pdata[i + 1] : NULL;

      g_object_set (
        wanted->pdata[i], "place", (int) i + 1, "tied",
        pair (tied, before, combatant, user_data) || pair (tied, combatant, after, user_data),
        "earlier", pair (can_put_before, combatant, before, user_data) ? before : NULL, "later",
        pair (can_put_before, after, combatant, user_data) ? after : NULL, NULL);
    }
}

GListModel *
tkr_history_list (GObject *encounter, GListStore **store, GType type, GCallback update)
{
  TkrHistory *history;

  if (*store != NULL)
    return G_LIST_MODEL (*store);
  *store = g_list_store_new (type);
  history = tkr_encounter_get_history (TKR_ENCOUNTER (encounter));
  if (history != NULL)
    g_signal_connect_object (history, "changed", update, encounter, G_CONNECT_SWAPPED);
  ((void (*) (GObject *)) update) (encounter);
  return G_LIST_MODEL (*store);
}
