/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * A sheet's fields (docs/ARCHITECTURE.md, "Files"): a GVariant a{si} kept
 * in GVariant's serialised form, one block of memory, and read here
 * straight from that block. g_variant_iter_next () makes a value for
 * every entry, key and number and parses its format string each time; a
 * save reads every field of every sheet of a campaign.
 *
 *   TkrIntDictIter iter;
 *   const char *key;
 *   int value;
 *
 *   if (tkr_int_dict_iter_init (&iter, fields))
 *     while (tkr_int_dict_iter_next (&iter, &key, &value))
 *       ...
 *
 * The entries come in the dictionary's order, as g_variant_iter_next ()
 * gives them.
 */

typedef struct
{
  /*< private >*/
  const guchar *data;
  gsize table; /* where the offsets of the entries start */
  gsize size;
  gsize width; /* of one offset */
  gsize at;    /* the next entry's offset in the table */
  gsize start; /* where the entry after the last read may start */
} TkrIntDictIter;

/* Serialises @dictionary in place (its value does not change) so that it
 * holds one block instead of a value per entry, key and number. */
void tkr_int_dict_serialise (GVariant *dictionary);

/* FALSE when @dictionary (a{si}) is not in a form read here (it is then
 * read through GVariant's own functions); the whole form is checked
 * before the first entry is read. */
gboolean tkr_int_dict_iter_init (TkrIntDictIter *iter, GVariant *dictionary);
/* The next entry's key (valid while the dictionary is) and value; FALSE
 * after the last. */
gboolean tkr_int_dict_iter_next (TkrIntDictIter *iter, const char **key, int *value);

G_END_DECLS
