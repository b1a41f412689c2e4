/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-int-dict.h"

#include <string.h>

/* GVariant's serialised form of an a{si}, as GLib writes it:
 *
 * - the array: its entries one after another, each starting at a multiple
 *   of 4 (the alignment of the entry's int32), then a table with one
 *   offset per entry, where that entry ends;
 * - an entry {si}: the key's bytes and its closing 0, padding up to a
 *   multiple of 4, the number (4 bytes in the machine's byte order), then
 *   one offset, where the key ends;
 * - an offset is little-endian and as wide as the container it is in
 *   needs: 1 byte in a container of up to 255 bytes, 2 up to 65,535, 4
 *   up to 4 GiB, else 8. Offsets count from the container's start.
 */

static gsize
offset_width (gsize container_size)
{
  if (container_size <= G_MAXUINT8)
    return 1;
  if (container_size <= G_MAXUINT16)
    return 2;
  if (container_size <= G_MAXUINT32)
    return 4;
  return 8;
}

static gsize
read_offset (const guchar *at, gsize width)
{
  guint16 two;
  guint32 four;
  guint64 eight;

  switch (width)
    {
    case 1:
      return at[0];
    case 2:
      memcpy (&two, at, sizeof two);
      return GUINT16_FROM_LE (two);
    case 4:
      memcpy (&four, at, sizeof four);
      return GUINT32_FROM_LE (four);
    default:
      memcpy (&eight, at, sizeof eight);
      return (gsize) GUINT64_FROM_LE (eight);
    }
}

static inline gsize
align4 (gsize offset)
{
  return (offset + 3) & ~(gsize) 3;
}

/* The entry ending at @end, after @start: where its key ends and its
 * number starts, or FALSE when they do not fit in it. */
static gboolean
read_entry (const TkrIntDictIter *iter, gsize start, gsize end, gsize *key_end, gsize *number)
{
  gsize width;

  if (end < start || end > iter->table)
    return FALSE;
  width = offset_width (end - start);
  if (end - start < width + 4 + 1)
    return FALSE;
  *key_end = start + read_offset (iter->data + end - width, width);
  *number = start + align4 (*key_end - start);
  return *key_end > start && *key_end <= end && iter->data[*key_end - 1] == '\0' &&
         *number + 4 <= end - width;
}

void
tkr_int_dict_serialise (GVariant *dictionary)
{
  g_return_if_fail (dictionary != NULL);

  /* GLib writes the serialised form of a value made of other values the
   * first time its data is asked for, and keeps only that. */
  (void) g_variant_get_data (dictionary);
}

gboolean
tkr_int_dict_iter_init (TkrIntDictIter *iter, GVariant *dictionary)
{
  gsize start = 0;

  g_return_val_if_fail (iter != NULL, FALSE);
  g_return_val_if_fail (dictionary != NULL, FALSE);

  memset (iter, 0, sizeof *iter);
  /* Only a value GLib made or checked (a trusted value is in normal form
   * at once): a form read here is always one GLib wrote. */
  if (!g_variant_is_of_type (dictionary, G_VARIANT_TYPE ("a{si}")) ||
      !g_variant_is_normal_form (dictionary))
    return FALSE;
  iter->size = g_variant_get_size (dictionary);
  if (iter->size == 0)
    return TRUE; /* no entry */
  iter->data = g_variant_get_data (dictionary);
  if (iter->data == NULL)
    return FALSE;
  iter->width = offset_width (iter->size);
  if (iter->size < iter->width)
    return FALSE;
  iter->table = read_offset (iter->data + iter->size - iter->width, iter->width);
  if (iter->table > iter->size - iter->width || (iter->size - iter->table) % iter->width != 0)
    return FALSE;
  /* Every entry checked before any is read. */
  for (gsize at = iter->table; at < iter->size; at += iter->width)
    {
      gsize end = read_offset (iter->data + at, iter->width);
      gsize key_end, number;

      if (!read_entry (iter, start, end, &key_end, &number))
        return FALSE;
      start = align4 (end);
    }
  iter->at = iter->table;
  return TRUE;
}

gboolean
tkr_int_dict_iter_next (TkrIntDictIter *iter, const char **key, int *value)
{
  gsize end, key_end, number;
  gint32 read;

  g_return_val_if_fail (iter != NULL, FALSE);

  if (iter->data == NULL || iter->at >= iter->size)
    return FALSE;
  end = read_offset (iter->data + iter->at, iter->width);
  if (!read_entry (iter, iter->start, end, &key_end, &number))
    g_return_val_if_reached (FALSE);
  memcpy (&read, iter->data + number, sizeof read);
  *key = (const char *) iter->data + iter->start;
  *value = read;
  iter->at += iter->width;
  iter->start = align4 (end);
  return TRUE;
}
