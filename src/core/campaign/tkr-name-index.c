/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "tkr-character.h"
#include "tkr-name-index.h"

/* A watched list, mirrored so that what it removes is known. */
typedef struct
{
  TkrNameIndex *index;
  GListModel *model;
  GPtrArray *items; /* TkrCharacter, as the list holds them */
  gulong handler;
} Watched;

/* A character in one or more watched lists, and the name it counts as. */
typedef struct
{
  char *name;
  guint lists;
  gulong handler;
} Member;

struct _TkrNameIndex
{
  GPtrArray *watched;  /* Watched */
  GHashTable *members; /* TkrCharacter -> Member */
  GHashTable *counts;  /* name -> characters called so */
  /* base -> the lowest number that may be free: every "base N" below it,
   * from 2, is in use. */
  GHashTable *hints;
};

static void
count_name (TkrNameIndex *self, const char *name)
{
  gpointer count = g_hash_table_lookup (self->counts, name);

  g_hash_table_insert (self->counts, g_strdup (name),
                       GINT_TO_POINTER (GPOINTER_TO_INT (count) + 1));
}

/* "Goblin 3" -> base "Goblin" and 3; FALSE for a name without a number. */
static gboolean
split_number (const char *name, char **base, int *number)
{
  const char *space = strrchr (name, ' ');
  guint64 value;

  if (space == NULL || !g_ascii_isdigit (space[1]) ||
      !g_ascii_string_to_unsigned (space + 1, 10, 2, G_MAXINT, &value, NULL))
    return FALSE;
  *base = g_strndup (name, space - name);
  *number = (int) value;
  return TRUE;
}

static void
uncount_name (TkrNameIndex *self, const char *name)
{
  int count = GPOINTER_TO_INT (g_hash_table_lookup (self->counts, name));
  g_autofree char *base = NULL;
  int number;

  if (count > 1)
    {
      g_hash_table_insert (self->counts, g_strdup (name), GINT_TO_POINTER (count - 1));
      return;
    }
  g_hash_table_remove (self->counts, name);
  /* A freed number below the hint is the new lowest candidate. */
  if (split_number (name, &base, &number))
    {
      int hint = GPOINTER_TO_INT (g_hash_table_lookup (self->hints, base));

      if (hint > number)
        g_hash_table_insert (self->hints, g_steal_pointer (&base), GINT_TO_POINTER (number));
    }
}

static void
renamed_cb (TkrCharacter *character, GParamSpec *pspec, TkrNameIndex *self)
{
  Member *member = g_hash_table_lookup (self->members, character);
  const char *name = tkr_character_get_name (character);

  if (member == NULL || g_strcmp0 (member->name, name) == 0)
    return;
  uncount_name (self, member->name);
  g_free (member->name);
  member->name = g_strdup (name != NULL ? name : "");
  count_name (self, member->name);
}

static void
add_member (TkrNameIndex *self, TkrCharacter *character)
{
  Member *member = g_hash_table_lookup (self->members, character);
  const char *name;

  if (member != NULL)
    {
      member->lists++;
      return;
    }
  name = tkr_character_get_name (character);
  member = g_new0 (Member, 1);
  member->name = g_strdup (name != NULL ? name : "");
  member->lists = 1;
  member->handler = g_signal_connect (character, "notify::name", G_CALLBACK (renamed_cb), self);
  g_hash_table_insert (self->members, g_object_ref (character), member);
  count_name (self, member->name);
}

static void
remove_member (TkrNameIndex *self, TkrCharacter *character)
{
  Member *member = g_hash_table_lookup (self->members, character);

  if (member == NULL || --member->lists > 0)
    return;
  uncount_name (self, member->name);
  g_signal_handler_disconnect (character, member->handler);
  g_hash_table_remove (self->members, character);
  g_object_unref (character);
}

static void
member_free (gpointer data)
{
  Member *member = data;

  g_free (member->name);
  g_free (member);
}

static void
items_changed_cb (GListModel *model, guint position, guint removed, guint added, Watched *watched)
{
  TkrNameIndex *self = watched->index;

  for (guint i = 0; i < removed; i++)
    remove_member (self, watched->items->pdata[position + i]);
  g_ptr_array_remove_range (watched->items, position, removed);
  for (guint i = 0; i < added; i++)
    {
      TkrCharacter *character = g_list_model_get_item (model, position + i);

      g_ptr_array_insert (watched->items, position + i, character); /* takes the reference */
      add_member (self, character);
    }
}

TkrNameIndex *
tkr_name_index_new (void)
{
  TkrNameIndex *self = g_new0 (TkrNameIndex, 1);

  self->watched = g_ptr_array_new ();
  self->members = g_hash_table_new_full (NULL, NULL, NULL, member_free);
  self->counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->hints = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return self;
}

void
tkr_name_index_watch (TkrNameIndex *self, GListModel *model)
{
  Watched *watched = g_new0 (Watched, 1);

  watched->index = self;
  watched->model = g_object_ref (model);
  watched->items = g_ptr_array_new_with_free_func (g_object_unref);
  watched->handler =
    g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), watched);
  g_ptr_array_add (self->watched, watched);
  items_changed_cb (model, 0, 0, g_list_model_get_n_items (model), watched);
}

static void
watched_free (TkrNameIndex *self, Watched *watched)
{
  g_signal_handler_disconnect (watched->model, watched->handler);
  for (guint i = 0; i < watched->items->len; i++)
    remove_member (self, watched->items->pdata[i]);
  g_ptr_array_unref (watched->items);
  g_object_unref (watched->model);
  g_free (watched);
}

void
tkr_name_index_unwatch (TkrNameIndex *self, GListModel *model)
{
  for (guint i = 0; i < self->watched->len; i++)
    {
      Watched *watched = self->watched->pdata[i];

      if (watched->model == model)
        {
          g_ptr_array_remove_index (self->watched, i);
          watched_free (self, watched);
          return;
        }
    }
}

void
tkr_name_index_free (TkrNameIndex *self)
{
  GHashTableIter iter;
  gpointer character, member;

  while (self->watched->len > 0)
    watched_free (self, g_ptr_array_steal_index (self->watched, self->watched->len - 1));
  g_hash_table_iter_init (&iter, self->members);
  while (g_hash_table_iter_next (&iter, &character, &member))
    {
      g_signal_handler_disconnect (character, ((Member *) member)->handler);
      g_object_unref (character);
    }
  g_ptr_array_unref (self->watched);
  g_hash_table_unref (self->members);
  g_hash_table_unref (self->counts);
  g_hash_table_unref (self->hints);
  g_free (self);
}

gboolean
tkr_name_index_contains (TkrNameIndex *self, const char *name)
{
  return g_hash_table_contains (self->counts, name);
}

int
tkr_name_index_lowest_free (TkrNameIndex *self, const char *base)
{
  int number = MAX (2, GPOINTER_TO_INT (g_hash_table_lookup (self->hints, base)));

  for (;; number++)
    {
      g_autofree char *name = g_strdup_printf ("%s %d", base, number);

      if (!g_hash_table_contains (self->counts, name))
        break;
    }
  g_hash_table_insert (self->hints, g_strdup (base), GINT_TO_POINTER (number));
  return number;
}
