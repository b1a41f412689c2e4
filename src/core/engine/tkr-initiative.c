/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-initiative.h"

/* Initiative shared by the systems that roll it (help/C/pf2e.page and
 * help/C/d20.page, "Roll initiative"). */

int
tkr_initiative_roll (GRand *rand, int die_sides, int modifier, int *natural)
{
  int die = g_rand_int_range (rand, 1, die_sides + 1);

  if (natural != NULL)
    *natural = die;
  return die + modifier;
}

gboolean
tkr_initiative_tied (const TkrInitiative *a, const TkrInitiative *b)
{
  return a->has_result && b->has_result && a->value == b->value;
}

int
tkr_initiative_compare (const TkrInitiative *a, const TkrInitiative *b)
{
  if (a->has_result != b->has_result)
    return a->has_result ? -1 : 1;
  return (b->value > a->value) - (b->value < a->value);
}

typedef struct
{
  gsize offset;
  GCompareDataFunc tie_break;
  gpointer data;
} SortData;

static int
compare_combatants (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const SortData *sort = user_data;
  gpointer x = *(gpointer *) a, y = *(gpointer *) b;
  int by_result = tkr_initiative_compare (TKR_INITIATIVE_AT (x, sort->offset),
                                          TKR_INITIATIVE_AT (y, sort->offset));

  if (by_result != 0 || sort->tie_break == NULL)
    return by_result;
  return sort->tie_break (x, y, sort->data);
}

void
tkr_initiative_sort (GPtrArray *combatants, gsize offset, GCompareDataFunc tie_break, gpointer data)
{
  SortData sort = { offset, tie_break, data };

  /* g_ptr_array_sort_with_data is stable. */
  g_ptr_array_sort_with_data (combatants, compare_combatants, &sort);
}

gpointer
tkr_initiative_find_missing (GListModel *combatants, gsize offset, guint *from)
{
  guint n = g_list_model_get_n_items (combatants);

  for (guint i = from != NULL ? *from : 0; i < n; i++)
    {
      g_autoptr (GObject) combatant = g_list_model_get_item (combatants, i);

      if (!TKR_INITIATIVE_AT (combatant, offset)->has_result)
        {
          if (from != NULL)
            *from = i;
          return combatant;
        }
    }
  if (from != NULL)
    *from = n;
  return NULL;
}

/* The index */

struct _TkrInitiativeIndex
{
  GListModel *combatants;
  gsize offset;
  GPtrArray *tracked;     /* the combatants, in the model's order */
  GHashTable *by_value;   /* value -> GPtrArray of combatants */
  GHashTable *indexed_at; /* combatant -> its value there */
  GHashTable *tied;       /* the values two or more share */
};

static void
unindex (TkrInitiativeIndex *index, gpointer combatant)
{
  GPtrArray *bucket;
  gpointer key;

  if (!g_hash_table_steal_extended (index->indexed_at, combatant, NULL, &key))
    return;
  bucket = g_hash_table_lookup (index->by_value, key);
  g_ptr_array_remove_fast (bucket, combatant);
  if (bucket->len < 2)
    g_hash_table_remove (index->tied, key);
  if (bucket->len == 0)
    g_hash_table_remove (index->by_value, key);
}

static void
reindex (GObject *combatant, GParamSpec *pspec, TkrInitiativeIndex *index)
{
  const TkrInitiative *initiative = TKR_INITIATIVE_AT (combatant, index->offset);
  gpointer key = GINT_TO_POINTER (initiative->value), old;
  gboolean indexed = g_hash_table_lookup_extended (index->indexed_at, combatant, NULL, &old);
  GPtrArray *bucket;

  if (indexed == initiative->has_result && (!indexed || old == key))
    return;
  unindex (index, combatant);
  if (!initiative->has_result)
    return;
  bucket = g_hash_table_lookup (index->by_value, key);
  if (bucket == NULL)
    g_hash_table_insert (index->by_value, key, bucket = g_ptr_array_new ());
  g_ptr_array_add (bucket, combatant);
  g_hash_table_insert (index->indexed_at, combatant, key);
  if (bucket->len >= 2)
    g_hash_table_add (index->tied, key);
}

static void
items_changed_cb (
  GListModel *model, guint position, guint removed, guint added, TkrInitiativeIndex *index)
{
  for (guint i = position; i < position + removed; i++)
    {
      unindex (index, index->tracked->pdata[i]);
      g_signal_handlers_disconnect_by_data (index->tracked->pdata[i], index);
    }
  g_ptr_array_remove_range (index->tracked, position, removed);
  for (guint i = position; i < position + added; i++)
    {
      GObject *combatant = g_list_model_get_item (model, i);

      g_ptr_array_insert (index->tracked, (int) i, combatant);
      g_signal_connect (combatant, "notify", G_CALLBACK (reindex), index);
      reindex (combatant, NULL, index);
    }
}

TkrInitiativeIndex *
tkr_initiative_index_new (GListModel *combatants, gsize offset)
{
  TkrInitiativeIndex *index = g_new0 (TkrInitiativeIndex, 1);

  index->combatants = g_object_ref (combatants);
  index->offset = offset;
  index->tracked = g_ptr_array_new_with_free_func (g_object_unref);
  index->by_value = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  index->indexed_at = g_hash_table_new (NULL, NULL);
  index->tied = g_hash_table_new (NULL, NULL);
  g_signal_connect (combatants, "items-changed", G_CALLBACK (items_changed_cb), index);
  items_changed_cb (combatants, 0, 0, g_list_model_get_n_items (combatants), index);
  return index;
}

void
tkr_initiative_index_free (TkrInitiativeIndex *index)
{
  g_signal_handlers_disconnect_by_data (index->combatants, index);
  items_changed_cb (NULL, 0, index->tracked->len, 0, index);
  g_ptr_array_unref (index->tracked);
  g_hash_table_unref (index->by_value);
  g_hash_table_unref (index->indexed_at);
  g_hash_table_unref (index->tied);
  g_object_unref (index->combatants);
  g_free (index);
}

GPtrArray *
tkr_initiative_index_lookup (TkrInitiativeIndex *index, int value)
{
  return g_hash_table_lookup (index->by_value, GINT_TO_POINTER (value));
}

GList *
tkr_initiative_index_get_tied (TkrInitiativeIndex *index)
{
  return g_hash_table_get_keys (index->tied);
}

guint
tkr_initiative_index_count (TkrInitiativeIndex *index)
{
  return g_hash_table_size (index->indexed_at);
}
