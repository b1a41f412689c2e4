/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-json-lazy.h"

#include "tkr-json-patch.h"

#include <stdio.h>
#include <string.h>

/* The string of a lazy node: the mark, the place of the "id" member's
 * value in the text (offset and length, eight hex digits each; the length
 * is UNKNOWN_ID when the id holds escapes, NO_ID when there is none), then
 * the text. */
#define MARK_LENGTH 18
#define FIELD_LENGTH 8
#define PREFIX_LENGTH (MARK_LENGTH + 2 * FIELD_LENGTH)
#define NO_ID 0xffffffffu
#define UNKNOWN_ID 0xfffffffeu

static char mark[MARK_LENGTH + 1];

static const char *
get_mark (void)
{
  static gsize ready = 0;

  if (g_once_init_enter (&ready))
    {
      /* \x01, sixteen random hex digits, \x01: a file cannot guess it. */
      g_snprintf (mark, sizeof mark, "\x01%08x%08x\x01", g_random_int (), g_random_int ());
      g_once_init_leave (&ready, 1);
    }
  return mark;
}

/* A tiny reader of the text we wrote ourselves: where the top-level "id"
 * member's string is, without making a tree. */

static const char *
skip_space (const char *p, const char *end)
{
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r'))
    p++;
  return p;
}

/* @p at a string's opening quote: just after its closing one, or NULL. */
static const char *
skip_string (const char *p, const char *end, gboolean *escaped)
{
  for (p++; p < end; p++)
    {
      if (*p == '\\')
        {
          if (escaped != NULL)
            *escaped = TRUE;
          p++;
        }
      else if (*p == '"')
        return p + 1;
    }
  return NULL;
}

static const char *
skip_value (const char *p, const char *end)
{
  int depth = 0;

  if (p < end && *p == '"')
    return skip_string (p, end, NULL);
  if (p < end && (*p == '{' || *p == '['))
    {
      while (p != NULL && p < end)
        {
          switch (*p)
            {
            case '"':
              p = skip_string (p, end, NULL);
              continue;
            case '{':
            case '[':
              depth++;
              break;
            case '}':
            case ']':
              if (--depth == 0)
                return p + 1;
              break;
            default:
              break;
            }
          p++;
        }
      return NULL;
    }
  while (p < end && strchr (",}] \n\t\r", *p) == NULL)
    p++;
  return p;
}

static void
find_id (const char *text, gsize length, guint32 *offset, guint32 *id_length)
{
  const char *end = text + length;
  const char *p = skip_space (text, end);

  *offset = 0;
  *id_length = NO_ID;
  if (p >= end || *p != '{')
    return;
  p++;
  while (p != NULL)
    {
      const char *name;
      gboolean escaped = FALSE;
      gsize name_length;

      p = skip_space (p, end);
      if (p >= end || *p != '"')
        return;
      name = p + 1;
      p = skip_string (p, end, &escaped);
      if (p == NULL)
        return;
      name_length = p - 1 - name;
      p = skip_space (p, end);
      if (p >= end || *p != ':')
        return;
      p = skip_space (p + 1, end);
      if (name_length == 2 && memcmp (name, "id", 2) == 0 && !escaped)
        {
          const char *value = p + 1;

          if (p >= end || *p != '"')
            return;
          p = skip_string (p, end, &escaped);
          if (p == NULL)
            return;
          *offset = value - text;
          *id_length = escaped ? UNKNOWN_ID : (guint32) (p - 1 - value);
          return;
        }
      p = skip_space (skip_value (p, end), end);
      if (p == NULL || p >= end || *p != ',')
        return;
      p++;
    }
}

JsonNode *
tkr_json_lazy_new (const char *text, gsize length)
{
  g_autofree char *string = g_malloc (PREFIX_LENGTH + length + 1);
  guint32 offset, id_length;
  JsonNode *node;

  g_return_val_if_fail (text != NULL && length < G_MAXUINT32, NULL);

  find_id (text, length, &offset, &id_length);
  memcpy (string, get_mark (), MARK_LENGTH);
  g_snprintf (string + MARK_LENGTH, 2 * FIELD_LENGTH + 1, "%08x%08x", offset, id_length);
  memcpy (string + PREFIX_LENGTH, text, length);
  string[PREFIX_LENGTH + length] = '\0';
  node = json_node_init_string (json_node_alloc (), string);
  json_node_seal (node);
  return node;
}

static const char *
lazy_string (JsonNode *node)
{
  const char *string;

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  string = json_node_get_string (node);
  if (string == NULL || string[0] != '\x01' || strncmp (string, get_mark (), MARK_LENGTH) != 0 ||
      strlen (string) < PREFIX_LENGTH)
    return NULL;
  return string;
}

gboolean
tkr_json_is_lazy (JsonNode *node)
{
  return lazy_string (node) != NULL;
}

const char *
tkr_json_lazy_get_text (JsonNode *node, gsize *length)
{
  const char *string = lazy_string (node);

  if (string == NULL)
    return NULL;
  if (length != NULL)
    *length = strlen (string + PREFIX_LENGTH);
  return string + PREFIX_LENGTH;
}

static guint32
field (const char *string, guint i)
{
  char digits[FIELD_LENGTH + 1];

  memcpy (digits, string + MARK_LENGTH + i * FIELD_LENGTH, FIELD_LENGTH);
  digits[FIELD_LENGTH] = '\0';
  return (guint32) g_ascii_strtoull (digits, NULL, 16);
}

gboolean
tkr_json_lazy_has_id (JsonNode *node, const char *id)
{
  const char *string = lazy_string (node);
  guint32 offset, id_length;

  g_return_val_if_fail (string != NULL && id != NULL, FALSE);

  offset = field (string, 0);
  id_length = field (string, 1);
  if (id_length == NO_ID)
    return FALSE;
  if (id_length == UNKNOWN_ID)
    {
      /* An id with escapes: read as json-glib reads it. */
      g_autoptr (JsonNode) tree = tkr_json_lazy_resolve (node);
      JsonNode *member;

      if (!JSON_NODE_HOLDS_OBJECT (tree))
        return FALSE;
      member = json_object_get_member (json_node_get_object (tree), "id");
      return member != NULL && JSON_NODE_HOLDS_VALUE (member) &&
             json_node_get_value_type (member) == G_TYPE_STRING &&
             g_strcmp0 (json_node_get_string (member), id) == 0;
    }
  return strlen (id) == id_length && memcmp (string + PREFIX_LENGTH + offset, id, id_length) == 0;
}

JsonNode *
tkr_json_lazy_resolve (JsonNode *node)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) error = NULL;
  const char *text;
  gsize length;

  g_return_val_if_fail (node != NULL, NULL);

  text = tkr_json_lazy_get_text (node, &length);
  if (text == NULL)
    return json_node_ref (node);
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, text, length, &error))
    {
      /* Never: the text is what tkr_json_writer wrote. */
      g_critical ("A kept text does not read back: %s", error->message);
      return json_node_new (JSON_NODE_NULL);
    }
  return json_node_ref (json_parser_get_root (parser));
}

JsonNode *
tkr_json_lazy_expand (JsonNode *tree)
{
  g_return_val_if_fail (tree != NULL, NULL);
  /* A deep copy makes every lazy node a tree on its way. */
  return tkr_json_deep_copy (tree);
}

gboolean
tkr_json_lazy_equal (JsonNode *a, JsonNode *b)
{
  g_autoptr (JsonNode) tree_a = NULL;
  g_autoptr (JsonNode) tree_b = NULL;
  const char *text_a, *text_b;
  gsize length_a, length_b;

  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  text_a = tkr_json_lazy_get_text (a, &length_a);
  text_b = tkr_json_lazy_get_text (b, &length_b);
  if (text_a != NULL && text_b != NULL && length_a == length_b &&
      memcmp (text_a, text_b, length_a) == 0)
    return TRUE;
  tree_a = tkr_json_lazy_resolve (a);
  tree_b = tkr_json_lazy_resolve (b);
  if (JSON_NODE_TYPE (tree_a) != JSON_NODE_TYPE (tree_b))
    return FALSE;
  switch (JSON_NODE_TYPE (tree_a))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object_a = json_node_get_object (tree_a);
        JsonObject *object_b = json_node_get_object (tree_b);
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;

        if (json_object_get_size (object_a) != json_object_get_size (object_b))
          return FALSE;
        json_object_iter_init (&iter, object_a);
        while (json_object_iter_next (&iter, &name, &member))
          if (!tkr_json_lazy_equal (member, json_object_get_member (object_b, name)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array_a = json_node_get_array (tree_a);
        JsonArray *array_b = json_node_get_array (tree_b);
        guint n = json_array_get_length (array_a);

        if (json_array_get_length (array_b) != n)
          return FALSE;
        for (guint i = 0; i < n; i++)
          if (!tkr_json_lazy_equal (json_array_get_element (array_a, i),
                                    json_array_get_element (array_b, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
    default:
      return json_node_equal (tree_a, tree_b);
    }
}
