/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tkr-json.h"
#include "tkr-types.h"

char *
tkr_json_path (const char *parent, const char *member)
{
  if (parent == NULL || *parent == '\0')
    return g_strdup (member);
  return g_strconcat (parent, ".", member, NULL);
}

char *
tkr_json_path_index (const char *parent, guint index)
{
  /* Made for every entry of every list a file holds: no printf. */
  char digits[16];
  char *end = digits + sizeof digits;
  char *start = end;
  gsize length = parent != NULL ? strlen (parent) : 0;
  char *path;

  do
    *--start = '0' + index % 10;
  while ((index /= 10) > 0);
  path = g_malloc (length + (end - start) + 3);
  if (length > 0)
    memcpy (path, parent, length);
  path[length] = '[';
  memcpy (path + length + 1, start, end - start);
  path[length + 1 + (end - start)] = ']';
  path[length + 2 + (end - start)] = '\0';
  return path;
}

void
tkr_json_set_error (GError **error, const char *path, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (path != NULL && *path != '\0')
    /* Translators: the first %s is where in the file ("pools.health"), the second what is wrong */
    g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID, _ ("At “%s”: %s"), path, message);
  else
    g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID, message);
}

JsonObject *
tkr_json_require_object (JsonNode *node, const char *path, GError **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      tkr_json_set_error (error, path, _ ("expected an object"));
      return NULL;
    }
  return json_node_get_object (node);
}

static JsonNode *
lookup (JsonObject *object,
        const char *member,
        const char *path,
        gboolean required,
        GError **error,
        gboolean *failed)
{
  JsonNode *node = json_object_get_member (object, member);

  *failed = FALSE;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        {
          g_autofree char *member_path = tkr_json_path (path, member);
          tkr_json_set_error (error, member_path, _ ("a required value is missing"));
          *failed = TRUE;
        }
      return NULL;
    }
  return node;
}

gboolean
tkr_json_get_object (JsonObject *object,
                     const char *member,
                     const char *path,
                     gboolean required,
                     JsonObject **out,
                     GError **error)
{
  gboolean failed;
  JsonNode *node = lookup (object, member, path, required, error, &failed);

  *out = NULL;
  if (node == NULL)
    return !failed;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("expected an object"));
      return FALSE;
    }
  *out = json_node_get_object (node);
  return TRUE;
}

gboolean
tkr_json_get_array (JsonObject *object,
                    const char *member,
                    const char *path,
                    gboolean required,
                    JsonArray **out,
                    GError **error)
{
  gboolean failed;
  JsonNode *node = lookup (object, member, path, required, error, &failed);

  *out = NULL;
  if (node == NULL)
    return !failed;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("expected a list"));
      return FALSE;
    }
  if (json_array_get_length (json_node_get_array (node)) > TKR_JSON_MAX_ITEMS)
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("the list has more than %d entries"),
                          TKR_JSON_MAX_ITEMS);
      return FALSE;
    }
  *out = json_node_get_array (node);
  return TRUE;
}

gboolean
tkr_json_get_string (JsonObject *object,
                     const char *member,
                     const char *path,
                     gboolean required,
                     const char *default_value,
                     char **out,
                     GError **error)
{
  gboolean failed;
  JsonNode *node = lookup (object, member, path, required, error, &failed);
  const char *value;

  if (node == NULL)
    {
      *out = failed ? NULL : g_strdup (default_value);
      return !failed;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("expected text"));
      *out = NULL;
      return FALSE;
    }
  value = json_node_get_string (node);
  if (strlen (value) > TKR_JSON_MAX_STRING || !g_utf8_validate (value, -1, NULL))
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("the text is too long or not valid UTF-8"));
      *out = NULL;
      return FALSE;
    }
  *out = g_strdup (value);
  return TRUE;
}

gboolean
tkr_json_get_int (JsonObject *object,
                  const char *member,
                  const char *path,
                  gboolean required,
                  gint64 minimum,
                  gint64 maximum,
                  gint64 default_value,
                  gint64 *out,
                  GError **error)
{
  gboolean failed;
  JsonNode *node = lookup (object, member, path, required, error, &failed);
  gint64 value;

  *out = default_value;
  if (node == NULL)
    return !failed;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("expected a whole number"));
      return FALSE;
    }
  value = json_node_get_int (node);
  if (value < minimum || value > maximum)
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      g_autofree char *v = g_strdup_printf ("%" G_GINT64_FORMAT, value);
      g_autofree char *lo = g_strdup_printf ("%" G_GINT64_FORMAT, minimum);
      g_autofree char *hi = g_strdup_printf ("%" G_GINT64_FORMAT, maximum);
      /* Translators: a number, then the smallest and largest allowed */
      tkr_json_set_error (error, member_path, _ ("%s is outside %s to %s"), v, lo, hi);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

gboolean
tkr_json_get_double (JsonObject *object,
                     const char *member,
                     const char *path,
                     gboolean required,
                     double minimum,
                     double maximum,
                     double default_value,
                     double *out,
                     GError **error)
{
  gboolean failed;
  JsonNode *node = lookup (object, member, path, required, error, &failed);
  double value;

  *out = default_value;
  if (node == NULL)
    return !failed;
  if (!JSON_NODE_HOLDS_VALUE (node) || (json_node_get_value_type (node) != G_TYPE_INT64 &&
                                        json_node_get_value_type (node) != G_TYPE_DOUBLE))
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("expected a number"));
      return FALSE;
    }
  value = json_node_get_double (node);
  if (!isfinite (value) || value < minimum || value > maximum)
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("%g is outside %g to %g"), value, minimum,
                          maximum);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

gboolean
tkr_json_get_bool (JsonObject *object,
                   const char *member,
                   const char *path,
                   gboolean required,
                   gboolean default_value,
                   gboolean *out,
                   GError **error)
{
  gboolean failed;
  JsonNode *node = lookup (object, member, path, required, error, &failed);

  *out = default_value;
  if (node == NULL)
    return !failed;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_autofree char *member_path = tkr_json_path (path, member);
      tkr_json_set_error (error, member_path, _ ("expected true or false"));
      return FALSE;
    }
  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
tkr_json_get_enum (JsonObject *object,
                   const char *member,
                   const char *path,
                   gboolean required,
                   const char *const *nicks,
                   int default_value,
                   int *out,
                   GError **error)
{
  g_autofree char *value = NULL;

  *out = default_value;
  if (!tkr_json_get_string (object, member, path, required, NULL, &value, error))
    return FALSE;
  if (value == NULL)
    return TRUE;
  for (int i = 0; nicks[i] != NULL; i++)
    if (g_str_equal (nicks[i], value))
      {
        *out = i;
        return TRUE;
      }

  {
    g_autofree char *member_path = tkr_json_path (path, member);
    g_autofree char *choices = g_strjoinv (", ", (char **) nicks);
    tkr_json_set_error (error, member_path, _ ("“%s” is not one of: %s"), value, choices);
  }
  return FALSE;
}
