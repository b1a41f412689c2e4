/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "tkr-sync-files.h"

/* "stem" and ".ext" of @name (the extension with its dot, "" if none). */
static void
split_name (const char *name, char **stem, const char **extension)
{
  const char *dot = strrchr (name, '.');

  if (dot == NULL || dot == name)
    dot = name + strlen (name);
  *stem = g_strndup (name, dot - name);
  *extension = dot;
}

gboolean
tkr_sync_is_conflict_copy_of (const char *basename, const char *original)
{
  g_autofree char *stem = NULL;
  const char *extension;
  const char *rest;
  gsize stem_length;

  g_return_val_if_fail (basename != NULL && original != NULL, FALSE);

  if (strcmp (basename, original) == 0)
    return FALSE;
  split_name (original, &stem, &extension);
  stem_length = strlen (stem);
  if (strncmp (basename, stem, stem_length) != 0 || !g_str_has_suffix (basename, extension))
    return FALSE;
  rest = basename + stem_length;
  /* Syncthing: "name.sync-conflict-20260101-120000-ABCDEF1.ext" */
  if (g_str_has_prefix (rest, ".sync-conflict-"))
    return TRUE;
  /* Nextcloud, ownCloud, Dropbox: "name (conflicted copy 2026-01-01 120000).ext",
   * "name (Ann's conflicted copy 2026-01-01).ext" */
  if (g_str_has_prefix (rest, " (") && strstr (rest, "conflicted copy") != NULL)
    return TRUE;
  return FALSE;
}

gboolean
tkr_sync_is_partial_name (const char *basename)
{
  g_return_val_if_fail (basename != NULL, FALSE);

  return (g_str_has_prefix (basename, ".syncthing.") && g_str_has_suffix (basename, ".tmp")) ||
         g_str_has_prefix (basename, "~syncthing~") || g_str_has_suffix (basename, ".part") ||
         g_str_has_suffix (basename, ".~tmp") || g_str_has_prefix (basename, ".~lock.") ||
         g_str_has_suffix (basename, "~");
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  g_autofree char *name_a = g_file_get_basename (*(GFile **) a);
  g_autofree char *name_b = g_file_get_basename (*(GFile **) b);

  return strcmp (name_a, name_b);
}

GPtrArray *
tkr_sync_find_conflict_copies (GFile *file)
{
  GPtrArray *copies = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GFileEnumerator) children = NULL;
  g_autofree char *original = NULL;

  g_return_val_if_fail (G_IS_FILE (file), copies);

  folder = g_file_get_parent (file);
  original = g_file_get_basename (file);
  if (folder == NULL)
    return copies;
  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children != NULL)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (tkr_sync_is_conflict_copy_of (g_file_info_get_name (info), original))
        g_ptr_array_add (copies, g_object_ref (child));
    }
  g_ptr_array_sort (copies, compare_names);
  return copies;
}

char *
tkr_sync_query_version (GFile *file)
{
  g_autoptr (GFileInfo) info = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  info = g_file_query_info (file,
                            G_FILE_ATTRIBUTE_ETAG_VALUE "," G_FILE_ATTRIBUTE_STANDARD_SIZE
                                                        "," G_FILE_ATTRIBUTE_UNIX_INODE,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL)
    return NULL;
  return g_strdup_printf ("%s/%" G_GOFFSET_FORMAT "/%" G_GUINT64_FORMAT,
                          g_file_info_get_etag (info), g_file_info_get_size (info),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE));
}
