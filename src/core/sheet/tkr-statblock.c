/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-statblock.h"

#include <string.h>

struct _TkrStatblock
{
  int ref_count; /* changed to 0 only under the interned table's lock */
  guint hash;    /* of the contents */
  guint n[TKR_STAT_N_LISTS];
  TkrStatEntry *entries[TKR_STAT_N_LISTS];
  guint n_abilities;
  TkrAbility **abilities;
  /* Not the statblock's contents: the first sheet's dictionaries, so
   * others equal to them share them (tkr_statblock_share_value). */
  GVariant *values[3];
};

/* Guards values[]. */
G_LOCK_DEFINE_STATIC (values);

G_DEFINE_BOXED_TYPE (TkrStatblock, tkr_statblock, tkr_statblock_ref, tkr_statblock_unref)

/* Every statblock there is, by contents; each removes itself as it goes. */
G_LOCK_DEFINE_STATIC (interned);
static GHashTable *interned;

static guint
statblock_hash (gconstpointer data)
{
  return ((const TkrStatblock *) data)->hash;
}

static char *
ability_text (TkrAbility *ability)
{
  g_autoptr (JsonNode) node = tkr_ability_to_json (ability);

  return json_to_string (node, FALSE);
}

/* Names are interned: equal names are one pointer. */
static gboolean
statblock_equal (gconstpointer a, gconstpointer b)
{
  const TkrStatblock *x = a, *y = b;

  if (x->hash != y->hash || x->n_abilities != y->n_abilities)
    return FALSE;
  for (guint l = 0; l < TKR_STAT_N_LISTS; l++)
    {
      if (x->n[l] != y->n[l])
        return FALSE;
      for (guint i = 0; i < x->n[l]; i++)
        if (x->entries[l][i].name != y->entries[l][i].name ||
            x->entries[l][i].value != y->entries[l][i].value)
          return FALSE;
    }
  for (guint i = 0; i < x->n_abilities; i++)
    {
      g_autofree char *tx = ability_text (x->abilities[i]);
      g_autofree char *ty = ability_text (y->abilities[i]);

      if (strcmp (tx, ty) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
statblock_free (TkrStatblock *self)
{
  for (guint l = 0; l < TKR_STAT_N_LISTS; l++)
    {
      for (guint i = 0; i < self->n[l]; i++)
        g_ref_string_release (self->entries[l][i].name);
      g_free (self->entries[l]);
    }
  for (guint i = 0; i < self->n_abilities; i++)
    g_object_unref (self->abilities[i]);
  g_free (self->abilities);
  for (guint i = 0; i < G_N_ELEMENTS (self->values); i++)
    g_clear_pointer (&self->values[i], g_variant_unref);
  g_free (self);
}

TkrStatblock *
tkr_statblock_ref (TkrStatblock *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
tkr_statblock_unref (TkrStatblock *self)
{
  gboolean last;

  g_return_if_fail (self != NULL);

  /* Under the lock, so a statblock found in the table is never one going
   * away. */
  G_LOCK (interned);
  last = g_atomic_int_dec_and_test (&self->ref_count);
  if (last && interned != NULL && g_hash_table_lookup (interned, self) == self)
    g_hash_table_remove (interned, self);
  G_UNLOCK (interned);
  if (last)
    statblock_free (self);
}

void
tkr_statblock_builder_init (TkrStatblockBuilder *builder)
{
  for (guint l = 0; l < TKR_STAT_N_LISTS; l++)
    builder->lists[l] = g_array_new (FALSE, FALSE, sizeof (TkrStatEntry));
  builder->abilities = g_ptr_array_new_with_free_func (g_object_unref);
}

void
tkr_statblock_builder_init_from (TkrStatblockBuilder *builder, TkrStatblock *self)
{
  tkr_statblock_builder_init (builder);
  for (guint l = 0; l < TKR_STAT_N_LISTS; l++)
    for (guint i = 0; i < self->n[l]; i++)
      tkr_statblock_builder_add (builder, l, self->entries[l][i].name, self->entries[l][i].value);
  for (guint i = 0; i < self->n_abilities; i++)
    g_ptr_array_add (builder->abilities, g_object_ref (self->abilities[i]));
}

void
tkr_statblock_builder_add (TkrStatblockBuilder *builder, guint list, const char *name, int value)
{
  TkrStatEntry entry = { g_ref_string_new_intern (name != NULL ? name : ""), value };

  g_return_if_fail (list < TKR_STAT_N_LISTS);
  g_array_append_val (builder->lists[list], entry);
}

void
tkr_statblock_builder_take_ability (TkrStatblockBuilder *builder, TkrAbility *ability)
{
  g_ptr_array_add (builder->abilities, ability);
}

void
tkr_statblock_builder_clear (TkrStatblockBuilder *builder)
{
  for (guint l = 0; l < TKR_STAT_N_LISTS; l++)
    {
      if (builder->lists[l] == NULL)
        continue;
      for (guint i = 0; i < builder->lists[l]->len; i++)
        g_ref_string_release (g_array_index (builder->lists[l], TkrStatEntry, i).name);
      g_clear_pointer (&builder->lists[l], g_array_unref);
    }
  g_clear_pointer (&builder->abilities, g_ptr_array_unref);
}

static guint
make_hash (TkrStatblock *self)
{
  guint hash = 5381;

  for (guint l = 0; l < TKR_STAT_N_LISTS; l++)
    {
      for (guint i = 0; i < self->n[l]; i++)
        hash = (hash * 33 + g_str_hash (self->entries[l][i].name)) * 33 +
               (guint) self->entries[l][i].value;
      hash = hash * 33 + l;
    }
  for (guint i = 0; i < self->n_abilities; i++)
    {
      g_autofree char *text = ability_text (self->abilities[i]);

      hash = hash * 33 + g_str_hash (text);
    }
  return hash;
}

TkrStatblock *
tkr_statblock_builder_end (TkrStatblockBuilder *builder)
{
  TkrStatblock *self = g_new0 (TkrStatblock, 1);
  TkrStatblock *found;

  self->ref_count = 1;
  for (guint l = 0; l < TKR_STAT_N_LISTS; l++)
    {
      self->n[l] = builder->lists[l]->len;
      self->entries[l] = (TkrStatEntry *) (void *) g_array_free (builder->lists[l], FALSE);
      builder->lists[l] = NULL;
    }
  self->n_abilities = builder->abilities->len;
  g_ptr_array_set_free_func (builder->abilities, NULL);
  self->abilities = (TkrAbility **) g_ptr_array_free (builder->abilities, FALSE);
  builder->abilities = NULL;
  self->hash = make_hash (self);

  G_LOCK (interned);
  if (interned == NULL)
    interned = g_hash_table_new (statblock_hash, statblock_equal);
  found = g_hash_table_lookup (interned, self);
  if (found != NULL)
    g_atomic_int_inc (&found->ref_count);
  else
    g_hash_table_add (interned, self);
  G_UNLOCK (interned);

  if (found != NULL)
    {
      statblock_free (self);
      return found;
    }
  return self;
}

guint
tkr_statblock_get_n (TkrStatblock *self, guint list)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (list < TKR_STAT_N_LISTS, 0);
  return self->n[list];
}

const TkrStatEntry *
tkr_statblock_get (TkrStatblock *self, guint list, guint i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (list < TKR_STAT_N_LISTS, NULL);
  g_return_val_if_fail (i < self->n[list], NULL);
  return &self->entries[list][i];
}

int
tkr_statblock_find (TkrStatblock *self, guint list, const char *name)
{
  g_autofree char *folded = NULL;

  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (list < TKR_STAT_N_LISTS, -1);

  if (name == NULL)
    return -1;
  /* Names match whatever their case, as on the sheet. */
  folded = g_utf8_casefold (name, -1);
  for (guint i = 0; i < self->n[list]; i++)
    {
      g_autofree char *other = NULL;

      if (strcmp (self->entries[list][i].name, name) == 0)
        return i;
      other = g_utf8_casefold (self->entries[list][i].name, -1);
      if (strcmp (other, folded) == 0)
        return i;
    }
  return -1;
}

guint
tkr_statblock_get_n_abilities (TkrStatblock *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_abilities;
}

TkrAbility *
tkr_statblock_get_ability (TkrStatblock *self, guint i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->n_abilities, NULL);
  return self->abilities[i];
}

GVariant *
tkr_statblock_share_value (TkrStatblock *self, guint slot, GVariant *value)
{
  GVariant *shared;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (slot < G_N_ELEMENTS (self->values), NULL);

  if (value == NULL)
    return NULL;
  G_LOCK (values);
  if (self->values[slot] == NULL)
    self->values[slot] = g_variant_ref_sink (value);
  shared = g_variant_equal (self->values[slot], value) ? self->values[slot] : value;
  g_variant_ref (shared);
  G_UNLOCK (values);
  return shared;
}

guint
tkr_statblock_count_interned (void)
{
  guint n;

  G_LOCK (interned);
  n = interned != NULL ? g_hash_table_size (interned) : 0;
  G_UNLOCK (interned);
  return n;
}
