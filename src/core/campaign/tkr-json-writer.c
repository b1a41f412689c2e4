/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-json-writer.h"

#include "tkr-json-lazy.h"

#include <string.h>

/* The text end writes what json-glib's pretty generator writes (indent 2,
 * " : " after a member's name, an empty array as "[]"), so a
 * file saved through the writer is byte for byte the file saved before it
 * existed (tests/test-json-writer.c compares the two on every file in
 * tests/files and on made-up trees). */

#define INDENT 2

static const char spaces[] = "                                                                "
                             "                                                                ";

/* Bytes json-glib escapes: the quote, the backslash, DEL and the control
 * characters 0x01 to 0x1e (it leaves 0x1f alone). */
static const guint8 needs_escape[256] = {
  ['\x01'] = 1, ['\x02'] = 1, ['\x03'] = 1, ['\x04'] = 1, ['\x05'] = 1, ['\x06'] = 1, ['\x07'] = 1,
  ['\x08'] = 1, ['\x09'] = 1, ['\x0a'] = 1, ['\x0b'] = 1, ['\x0c'] = 1, ['\x0d'] = 1, ['\x0e'] = 1,
  ['\x0f'] = 1, ['\x10'] = 1, ['\x11'] = 1, ['\x12'] = 1, ['\x13'] = 1, ['\x14'] = 1, ['\x15'] = 1,
  ['\x16'] = 1, ['\x17'] = 1, ['\x18'] = 1, ['\x19'] = 1, ['\x1a'] = 1, ['\x1b'] = 1, ['\x1c'] = 1,
  ['\x1d'] = 1, ['\x1e'] = 1, ['"'] = 1,    ['\\'] = 1,   ['\x7f'] = 1,
};

/* Appending without GString's checks on every call: a save appends a
 * few short pieces per value, millions of times in a large campaign. */
static void
grow (GString *text, gsize n)
{
  gsize len = text->len;

  g_string_set_size (text, len + n);
  text->len = len;
}

static inline void
put (GString *text, const char *bytes, gsize n)
{
  if (G_UNLIKELY (text->len + n >= text->allocated_len))
    grow (text, n);
  memcpy (text->str + text->len, bytes, n);
  text->len += n;
  text->str[text->len] = '\0';
}

static inline void
put_c (GString *text, char c)
{
  if (G_UNLIKELY (text->len + 1 >= text->allocated_len))
    grow (text, 1);
  text->str[text->len++] = c;
  text->str[text->len] = '\0';
}

static void
append_indent (GString *text, guint level)
{
  gsize n = (gsize) level * INDENT;

  while (n > 0)
    {
      gsize chunk = MIN (n, sizeof spaces - 1);

      put (text, spaces, chunk);
      n -= chunk;
    }
}

/* A new line and its indent, as one piece when it fits. */
static const char newline_spaces[] =
  "\n                                                               "
  "                                                                ";

static inline void
append_newline_indent (GString *text, guint level)
{
  gsize n = (gsize) level * INDENT;

  if (G_LIKELY (n < sizeof newline_spaces - 1))
    put (text, newline_spaces, n + 1);
  else
    {
      put_c (text, '\n');
      append_indent (text, level);
    }
}

static void
append_escaped_slowly (GString *text, const guchar *p)
{
  for (;;)
    {
      const guchar *start = p;

      while (*p != '\0' && !needs_escape[*p])
        p++;
      if (p > start)
        put (text, (const char *) start, p - start);
      if (*p == '\0')
        break;
      switch (*p)
        {
        case '"':
          put (text, "\\\"", 2);
          break;
        case '\\':
          put (text, "\\\\", 2);
          break;
        case '\b':
          put (text, "\\b", 2);
          break;
        case '\f':
          put (text, "\\f", 2);
          break;
        case '\n':
          put (text, "\\n", 2);
          break;
        case '\r':
          put (text, "\\r", 2);
          break;
        case '\t':
          put (text, "\\t", 2);
          break;
        default:
          g_string_append_printf (text, "\\u00%02x", (guint) *p);
          break;
        }
      p++;
    }
}

/* "string" followed by @suffix (" : " after a member's name); most
 * strings need no escape and go in as one piece. */
static inline void
append_quoted (GString *text, const char *string, const char *suffix, gsize suffix_length)
{
  const guchar *p = (const guchar *) string;
  gsize n;
  char *out;

  while (*p != '\0' && !needs_escape[*p])
    p++;
  n = p - (const guchar *) string;
  if (G_UNLIKELY (text->len + n + 2 + suffix_length >= text->allocated_len))
    grow (text, n + 2 + suffix_length);
  out = text->str + text->len;
  *out++ = '"';
  memcpy (out, string, n);
  out += n;
  text->len += n + 1;
  if (G_UNLIKELY (*p != '\0'))
    {
      text->str[text->len] = '\0';
      append_escaped_slowly (text, p);
      out = text->str + text->len;
      if (G_UNLIKELY (text->len + 1 + suffix_length >= text->allocated_len))
        {
          grow (text, 1 + suffix_length);
          out = text->str + text->len;
        }
    }
  *out++ = '"';
  memcpy (out, suffix, suffix_length);
  text->len += 1 + suffix_length;
  text->str[text->len] = '\0';
}

static void
append_escaped (GString *text, const char *string)
{
  append_quoted (text, string, "", 0);
}

static void
append_int (GString *text, gint64 value)
{
  char buffer[24];
  char *end = buffer + sizeof buffer;
  char *p = end;
  guint64 magnitude = value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;

  do
    {
      *--p = (char) ('0' + magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude > 0);
  if (value < 0)
    *--p = '-';
  put (text, p, end - p);
}

static void
append_double (GString *text, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (buffer, sizeof buffer, value);
  put (text, buffer, strlen (buffer));
  /* json-glib 1.6 adds ".0" to any number without a point, so it reads
   * back as a double (even after an exponent: "1e+20.0"). */
  if (strchr (buffer, '.') == NULL)
    put (text, ".0", 2);
}

/* Before a value: the separator, the indent and the member's name. */
static void
begin_value (TkrJsonWriter *self, const char *name)
{
  GString *text = self->text;

  if (G_UNLIKELY (self->fragment))
    {
      /* A fragment's first value: its place is written by whoever takes
       * it (tkr_json_writer_raw). */
      self->fragment = FALSE;
      if (self->level > 0)
        self->non_empty[(self->level - 1) / 64] |= G_GUINT64_CONSTANT (1)
                                                   << ((self->level - 1) % 64);
    }
  else if (self->level > 0)
    {
      guint64 *word = &self->non_empty[(self->level - 1) / 64];
      guint64 bit = G_GUINT64_CONSTANT (1) << ((self->level - 1) % 64);

      if (*word & bit)
        put_c (text, ',');
      else
        *word |= bit;
      if (!self->compact)
        append_newline_indent (text, self->level);
    }
  if (name != NULL && self->compact)
    append_quoted (text, name, ":", 1);
  else if (name != NULL)
    append_quoted (text, name, " : ", 3);
}

static void
open_container (TkrJsonWriter *self, char opener)
{
  put_c (self->text, opener);
  g_return_if_fail (self->level < TKR_JSON_WRITER_MAX_DEPTH);
  self->non_empty[self->level / 64] &= ~(G_GUINT64_CONSTANT (1) << (self->level % 64));
  self->level++;
}

static void
close_container (TkrJsonWriter *self, char closer)
{
  gboolean non_empty;

  g_return_if_fail (self->level > 0);
  self->level--;
  non_empty = (self->non_empty[self->level / 64] >> (self->level % 64)) & 1;
  if (self->compact)
    ;
  else if (non_empty)
    append_newline_indent (self->text, self->level);
  else if (closer == '}')
    /* json-glib 1.6 indents the closing brace of an empty object too:
     * "{    }" two levels in. */
    append_indent (self->text, self->level);
  put_c (self->text, closer);
}

void
tkr_json_writer_init_text (TkrJsonWriter *self, GString *text)
{
  g_return_if_fail (self != NULL && text != NULL);

  memset (self, 0, sizeof *self);
  self->text = text;
}

void
tkr_json_writer_init_tree (TkrJsonWriter *self)
{
  g_return_if_fail (self != NULL);

  memset (self, 0, sizeof *self);
  self->builder = g_ptr_array_new ();
}

/**
 * tkr_json_writer_finish_tree:
 *
 * Returns: (transfer full): the tree a writer made by
 *   tkr_json_writer_init_tree() holds; the writer is done.
 */
JsonNode *
tkr_json_writer_finish_tree (TkrJsonWriter *self)
{
  JsonNode *root;

  g_return_val_if_fail (self != NULL && self->builder != NULL, NULL);

  g_warn_if_fail (self->level == 0);
  root = g_steal_pointer (&self->root_value);
  g_clear_pointer (&self->builder, g_ptr_array_unref);
  return root;
}

gboolean
tkr_json_writer_is_text (TkrJsonWriter *self)
{
  return self->text != NULL;
}

/* The tree end: @node goes into the open container, or is the whole tree
 * at the top. */
static void
tree_add (TkrJsonWriter *self, const char *name, JsonNode *node)
{
  JsonNode *container;

  if (self->level == 0)
    {
      g_clear_pointer (&self->root_value, json_node_unref);
      self->root_value = node;
      return;
    }
  container = g_ptr_array_index (self->builder, self->level - 1);
  if (JSON_NODE_HOLDS_OBJECT (container))
    json_object_set_member (json_node_get_object (container), name, node);
  else
    json_array_add_element (json_node_get_array (container), node);
}

static void
tree_open (TkrJsonWriter *self, const char *name, gboolean object)
{
  JsonNode *node;

  if (object)
    {
      node = json_node_alloc ();
      json_node_init_object (node, NULL);
      json_node_take_object (node, json_object_new ());
    }
  else
    {
      node = json_node_alloc ();
      json_node_init_array (node, NULL);
      json_node_take_array (node, json_array_new ());
    }
  tree_add (self, name, node);
  g_ptr_array_set_size (self->builder, self->level);
  g_ptr_array_add (self->builder, node);
  self->level++;
}

void
tkr_json_writer_begin_object (TkrJsonWriter *self, const char *name)
{
  if (self->builder != NULL)
    {
      tree_open (self, name, TRUE);
      return;
    }
  begin_value (self, name);
  open_container (self, '{');
}

void
tkr_json_writer_end_object (TkrJsonWriter *self)
{
  if (self->builder != NULL)
    self->level--;
  else
    close_container (self, '}');
}

void
tkr_json_writer_begin_array (TkrJsonWriter *self, const char *name)
{
  if (self->builder != NULL)
    {
      tree_open (self, name, FALSE);
      return;
    }
  begin_value (self, name);
  open_container (self, '[');
}

void
tkr_json_writer_end_array (TkrJsonWriter *self)
{
  if (self->builder != NULL)
    self->level--;
  else
    close_container (self, ']');
}

void
tkr_json_writer_string (TkrJsonWriter *self, const char *name, const char *value)
{
  if (value == NULL)
    {
      tkr_json_writer_null (self, name);
      return;
    }
  if (self->builder != NULL)
    {
      tree_add (self, name, json_node_init_string (json_node_alloc (), value));
      return;
    }
  begin_value (self, name);
  append_escaped (self->text, value);
}

void
tkr_json_writer_int (TkrJsonWriter *self, const char *name, gint64 value)
{
  if (self->builder != NULL)
    {
      tree_add (self, name, json_node_init_int (json_node_alloc (), value));
      return;
    }
  begin_value (self, name);
  append_int (self->text, value);
}

void
tkr_json_writer_double (TkrJsonWriter *self, const char *name, double value)
{
  if (self->builder != NULL)
    {
      tree_add (self, name, json_node_init_double (json_node_alloc (), value));
      return;
    }
  begin_value (self, name);
  append_double (self->text, value);
}

void
tkr_json_writer_boolean (TkrJsonWriter *self, const char *name, gboolean value)
{
  if (self->builder != NULL)
    {
      tree_add (self, name, json_node_init_boolean (json_node_alloc (), value));
      return;
    }
  begin_value (self, name);
  if (value)
    put (self->text, "true", 4);
  else
    put (self->text, "false", 5);
}

void
tkr_json_writer_null (TkrJsonWriter *self, const char *name)
{
  if (self->builder != NULL)
    {
      tree_add (self, name, json_node_init_null (json_node_alloc ()));
      return;
    }
  begin_value (self, name);
  put (self->text, "null", 4);
}

typedef struct
{
  TkrJsonSpliceFunc func;
  gpointer data;
} Splice;

/* A tree in text, at any depth: @level is the depth of @node's container;
 * with @compact, no new lines, indents or spaces. */
static void
print_node_spliced (
  GString *text, guint level, JsonNode *node, const Splice *splice, gboolean compact)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_NULL:
      if (splice == NULL || !splice->func (node, text, level, splice->data))
        put (text, "null", 4);
      break;
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          append_int (text, json_node_get_int (node));
          break;
        case G_TYPE_DOUBLE:
          append_double (text, json_node_get_double (node));
          break;
        case G_TYPE_BOOLEAN:
          if (json_node_get_boolean (node))
            put (text, "true", 4);
          else
            put (text, "false", 5);
          break;
        case G_TYPE_STRING:
          /* A lazy node is written as the value it stands for. */
          if (tkr_json_is_lazy (node))
            {
              gsize length;
              const char *lazy = tkr_json_lazy_get_text (node, &length);

              if (compact)
                put (text, lazy, length);
              else
                tkr_json_append_pretty (text, lazy, length, level);
            }
          else if (json_node_get_string (node) != NULL)
            append_escaped (text, json_node_get_string (node));
          else
            put (text, "null", 4);
          break;
        default:
          /* json-glib writes nothing for a value of another type. */
          break;
        }
      break;
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);

        put_c (text, '[');
        if (n == 0)
          {
            put_c (text, ']');
            break;
          }
        for (guint i = 0; i < n; i++)
          {
            if (i > 0)
              put_c (text, ',');
            if (!compact)
              append_newline_indent (text, level + 1);
            print_node_spliced (text, level + 1, json_array_get_element (array, i), splice,
                                compact);
          }
        if (!compact)
          append_newline_indent (text, level);
        put_c (text, ']');
      }
      break;
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *member;
        JsonNode *child;
        gboolean first = TRUE;

        put_c (text, '{');
        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &member, &child))
          {
            if (!first)
              put_c (text, ',');
            first = FALSE;
            if (compact)
              append_quoted (text, member, ":", 1);
            else
              {
                append_newline_indent (text, level + 1);
                append_quoted (text, member, " : ", 3);
              }
            print_node_spliced (text, level + 1, child, splice, compact);
          }
        /* As above: an empty object's closing brace is indented too. */
        if (compact)
          ;
        else if (!first)
          append_newline_indent (text, level);
        else
          append_indent (text, level);
        put_c (text, '}');
      }
      break;
    }
}

static void
print_node (GString *text, guint level, JsonNode *node, gboolean compact)
{
  print_node_spliced (text, level, node, NULL, compact);
}

void
tkr_json_writer_node (TkrJsonWriter *self, const char *name, JsonNode *node)
{
  g_return_if_fail (node != NULL);

  if (self->builder != NULL)
    {
      tree_add (self, name, json_node_copy (node));
      return;
    }
  begin_value (self, name);
  print_node (self->text, self->level, node, self->compact);
}

void
tkr_json_write_node_text (GString *text, JsonNode *root)
{
  print_node (text, 0, root, FALSE);
}

void
tkr_json_writer_node_spliced (
  TkrJsonWriter *self, const char *name, JsonNode *node, TkrJsonSpliceFunc splice, gpointer data)
{
  Splice context = { splice, data };

  g_return_if_fail (node != NULL);
  g_return_if_fail (self->builder == NULL);

  begin_value (self, name);
  print_node_spliced (self->text, self->level, node, &context, self->compact);
}

void
tkr_json_writer_raw (TkrJsonWriter *self, const char *name, const char *text, gsize length)
{
  g_return_if_fail (self->builder == NULL);

  begin_value (self, name);
  put (self->text, text, length);
}

void
tkr_json_writer_begin_raw (TkrJsonWriter *self, const char *name)
{
  g_return_if_fail (self->builder == NULL);

  begin_value (self, name);
}

void
tkr_json_writer_init_fragment (TkrJsonWriter *self, GString *text, guint level)
{
  tkr_json_writer_init_text (self, text);
  g_return_if_fail (level < TKR_JSON_WRITER_MAX_DEPTH);
  self->level = level;
  self->fragment = TRUE;
}

void
tkr_json_writer_init_compact (TkrJsonWriter *self, GString *text)
{
  tkr_json_writer_init_fragment (self, text, 0);
  self->compact = TRUE;
}

void
tkr_json_append_pretty (GString *text, const char *compact, gsize length, guint level)
{
  const char *p = compact;
  const char *end = compact + length;
  guint depth = level;

  while (p < end)
    switch (*p)
      {
      case '"':
        {
          const char *start = p++;

          while (p < end && *p != '"')
            p += *p == '\\' ? 2 : 1;
          p = MIN (p + 1, end);
          put (text, start, p - start);
        }
        break;
      case '{':
      case '[':
        if (p + 1 < end && p[1] == (*p == '{' ? '}' : ']'))
          {
            /* As close_container (): "[]", and an empty object's closing
             * brace indented. */
            put_c (text, *p);
            if (*p == '{')
              append_indent (text, depth);
            put_c (text, p[1]);
            p += 2;
            break;
          }
        put_c (text, *p++);
        append_newline_indent (text, ++depth);
        break;
      case '}':
      case ']':
        append_newline_indent (text, depth > 0 ? --depth : 0);
        put_c (text, *p++);
        break;
      case ',':
        put_c (text, *p++);
        append_newline_indent (text, depth);
        break;
      case ':':
        put (text, " : ", 3);
        p++;
        break;
      default:
        {
          const char *start = p;

          while (p < end && *p != '"' && *p != '{' && *p != '}' && *p != '[' && *p != ']' &&
                 *p != ',' && *p != ':')
            p++;
          put (text, start, p - start);
        }
        break;
      }
}
