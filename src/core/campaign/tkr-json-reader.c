/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "tkr-file.h"
#include "tkr-json-reader.h"
#include "tkr-json.h"

/* Opening a large campaign used to parse the whole file into one JSON tree
 * (about eight times the file's size) before the first character was
 * made. This reader checks the whole text first, building the tree of
 * everything but the listed large lists, whose elements it only checks
 * and marks; each element is then read into a tree of its own when the
 * campaign builds it, and let go before the next (README, "Performance").
 *
 * What it takes is exactly what JsonParser reads the same way; anything
 * else (comments, text in single quotes, leading zeros, a byte order mark,
 * a control character in a text, numbers too long for a 64-bit integer,
 * empty member names, deep nesting, text after the end...) goes to
 * tkr_file_parse(), which reads it or refuses it with the words it always
 * used (tests/test-json-reader.c compares both readers). */

/* Member names kept on the stack while their value is read. */
#define SHORT_NAME 64
/* Only lists this close to the top can be streamed. */
#define STREAMED_DEPTH 4

typedef struct
{
  GArray *offsets; /* gsize: where each element starts */
  guint depth;     /* the depth of the list itself */
} StreamedList;

typedef struct
{
  const char *text;
  const char *p;
  const char *end;
  guint depth;
  GString *scratch;
  const char *const *streamed;
  GString *path;
  GHashTable *lists;
} Reader;

struct _TkrJsonDocument
{
  GBytes *bytes;
  JsonNode *root;
  GHashTable *lists;
  GString *scratch;
};

static void
streamed_list_free (StreamedList *list)
{
  g_array_unref (list->offsets);
  g_free (list);
}

static inline void
skip_space (Reader *r)
{
  const char *p = r->p;

  while (p < r->end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;
  r->p = p;
}

static inline int
hex_digit (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Four hexadecimal digits at @p, or -1. */
static int
hex4 (const char *p, const char *end)
{
  int code = 0;

  if (end - p < 4)
    return -1;
  for (int i = 0; i < 4; i++)
    {
      int digit = hex_digit (p[i]);

      if (digit < 0)
        return -1;
      code = code * 16 + digit;
    }
  return code;
}

/* A text at r->p (its opening quote), into @out when it is not %NULL.
 * The whole document is valid UTF-8 already. */
static gboolean
read_string (Reader *r, GString *out)
{
  const char *p = r->p + 1;
  const char *end = r->end;

  if (out != NULL)
    g_string_truncate (out, 0);
  for (;;)
    {
      const char *run = p;
      char c;

      while (p < end && (guchar) *p >= 0x20 && *p != '"' && *p != '\\')
        p++;
      if (out != NULL && p > run)
        g_string_append_len (out, run, p - run);
      if (p >= end || (guchar) *p < 0x20)
        return FALSE;
      if (*p == '"')
        {
          r->p = p + 1;
          return TRUE;
        }
      if (++p >= end)
        return FALSE;
      switch (*p)
        {
        case '"':
        case '\\':
        case '/':
          c = *p;
          break;
        case 'b':
          c = '\b';
          break;
        case 'f':
          c = '\f';
          break;
        case 'n':
          c = '\n';
          break;
        case 'r':
          c = '\r';
          break;
        case 't':
          c = '\t';
          break;
        case 'u':
          {
            int code = hex4 (p + 1, end);

            p += 5;
            /* A text cannot hold a NUL, nor half of a character. */
            if (code <= 0 || (code >= 0xDC00 && code <= 0xDFFF))
              return FALSE;
            if (code >= 0xD800 && code <= 0xDBFF)
              {
                int low;

                if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
                  return FALSE;
                low = hex4 (p + 2, end);
                if (low < 0xDC00 || low > 0xDFFF)
                  return FALSE;
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                p += 6;
              }
            if (out != NULL)
              g_string_append_unichar (out, code);
            continue;
          }
        default:
          return FALSE;
        }
      if (out != NULL)
        g_string_append_c (out, c);
      p++;
    }
}

static inline gboolean
is_digit (const char *p, const char *end)
{
  return p < end && *p >= '0' && *p <= '9';
}

static gboolean
read_number (Reader *r, JsonNode **out)
{
  const char *p = r->p;
  const char *end = r->end;
  gboolean negative = FALSE, is_float = FALSE;
  guint digits = 0;
  gint64 value = 0;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (!is_digit (p, end))
    return FALSE;
  if (*p == '0')
    {
      p++;
      if (is_digit (p, end))
        return FALSE;
    }
  else
    for (; is_digit (p, end); p++)
      {
        /* Longer numbers go to JsonParser, whatever it makes of them. */
        if (++digits > 18)
          return FALSE;
        value = value * 10 + (*p - '0');
      }
  if (p < end && *p == '.')
    {
      p++;
      if (!is_digit (p, end))
        return FALSE;
      while (is_digit (p, end))
        p++;
      is_float = TRUE;
    }
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      p++;
      if (p < end && (*p == '+' || *p == '-'))
        p++;
      if (!is_digit (p, end))
        return FALSE;
      while (is_digit (p, end))
        p++;
      is_float = TRUE;
    }
  if (p < end && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t' && *p != ',' && *p != ']' &&
      *p != '}')
    return FALSE;

  if (out != NULL)
    {
      *out = json_node_alloc ();
      if (is_float)
        {
          char buffer[48];

          if (p - r->p >= (gssize) sizeof buffer)
            {
              json_node_unref (*out);
              *out = NULL;
              return FALSE;
            }
          memcpy (buffer, r->p, p - r->p);
          buffer[p - r->p] = '\0';
          json_node_init_double (*out, g_ascii_strtod (buffer, NULL));
        }
      else
        json_node_init_int (*out, negative ? -value : value);
    }
  else if (is_float && p - r->p >= 48)
    return FALSE;
  r->p = p;
  return TRUE;
}

static gboolean
read_literal (Reader *r, const char *word, gsize length)
{
  if ((gsize) (r->end - r->p) < length || memcmp (r->p, word, length) != 0)
    return FALSE;
  r->p += length;
  /* "nullx" is not null. */
  if (r->p < r->end && ((*r->p >= 'a' && *r->p <= 'z') || (*r->p >= 'A' && *r->p <= 'Z') ||
                        (*r->p >= '0' && *r->p <= '9') || *r->p == '_'))
    return FALSE;
  return TRUE;
}

static gboolean read_value (Reader *r, JsonNode **out);

/* After an element or a member: TRUE when another follows (the reader is
 * at it); FALSE when the container ends at @closer (*@ok set, the reader
 * past it) or the text is wrong there. */
static gboolean
next_item (Reader *r, char closer, gboolean *ok)
{
  skip_space (r);
  if (r->p >= r->end)
    return FALSE;
  if (*r->p == closer)
    {
      r->p++;
      *ok = TRUE;
      return FALSE;
    }
  if (*r->p != ',')
    return FALSE;
  r->p++;
  skip_space (r);
  return TRUE;
}

static gboolean
is_streamed (Reader *r)
{
  if (r->streamed == NULL || r->depth > STREAMED_DEPTH)
    return FALSE;
  for (guint i = 0; r->streamed[i] != NULL; i++)
    if (g_str_equal (r->streamed[i], r->path->str))
      return TRUE;
  return FALSE;
}

static gboolean
read_array (Reader *r, JsonNode **out)
{
  JsonArray *array = out != NULL ? json_array_new () : NULL;
  StreamedList *list = NULL;
  gsize path_length = 0;
  gboolean ok = FALSE;

  if (++r->depth > TKR_JSON_MAX_DEPTH)
    goto done;
  if (out != NULL && is_streamed (r))
    {
      list = g_new0 (StreamedList, 1);
      list->offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
      list->depth = r->depth;
      g_hash_table_insert (r->lists, array, list);
    }
  if (r->streamed != NULL && r->depth <= STREAMED_DEPTH)
    {
      path_length = r->path->len;
      g_string_append (r->path, "[]");
    }
  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == ']')
    {
      r->p++;
      ok = TRUE;
      goto done;
    }
  for (;;)
    {
      JsonNode *element = NULL;

      if (list != NULL)
        {
          gsize offset = r->p - r->text;

          g_array_append_val (list->offsets, offset);
          if (!read_value (r, NULL))
            goto done;
          /* The element is read again when it is asked for. */
          json_array_add_element (array, json_node_new (JSON_NODE_NULL));
        }
      else
        {
          if (!read_value (r, array != NULL ? &element : NULL))
            goto done;
          if (array != NULL)
            json_array_add_element (array, element);
        }
      if (!next_item (r, ']', &ok))
        goto done;
    }

done:
  if (r->streamed != NULL && r->depth <= STREAMED_DEPTH)
    g_string_truncate (r->path, path_length);
  r->depth--;
  if (array != NULL)
    {
      if (ok)
        {
          *out = json_node_alloc ();
          json_node_init_array (*out, array);
        }
      else if (list != NULL)
        g_hash_table_remove (r->lists, array);
      json_array_unref (array);
    }
  return ok;
}

static gboolean
read_object (Reader *r, JsonNode **out)
{
  JsonObject *object = out != NULL ? json_object_new () : NULL;
  gboolean ok = FALSE;

  if (++r->depth > TKR_JSON_MAX_DEPTH)
    goto done;
  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == '}')
    {
      r->p++;
      ok = TRUE;
      goto done;
    }
  for (;;)
    {
      char short_name[SHORT_NAME];
      g_autofree char *long_name = NULL;
      const char *name = NULL;
      JsonNode *member = NULL;
      gsize path_length = 0;
      gboolean tracked;
      gboolean read;

      if (r->p >= r->end || *r->p != '"' || !read_string (r, r->scratch))
        goto done;
      /* JsonParser refuses an empty member name. */
      if (r->scratch->len == 0 || strlen (r->scratch->str) != r->scratch->len)
        goto done;
      if (r->scratch->len < SHORT_NAME)
        {
          memcpy (short_name, r->scratch->str, r->scratch->len + 1);
          name = short_name;
        }
      else
        name = long_name = g_strdup (r->scratch->str);
      skip_space (r);
      if (r->p >= r->end || *r->p != ':')
        goto done;
      r->p++;
      skip_space (r);

      tracked = r->streamed != NULL && r->depth <= STREAMED_DEPTH;
      /* A repeated name near the top could replace a streamed list that
       * was already marked: such a file is JsonParser's. */
      if (tracked && object != NULL && json_object_has_member (object, name))
        goto done;
      if (tracked)
        {
          path_length = r->path->len;
          if (path_length > 0)
            g_string_append_c (r->path, '.');
          g_string_append (r->path, name);
        }
      read = read_value (r, object != NULL ? &member : NULL);
      if (tracked)
        g_string_truncate (r->path, path_length);
      if (!read)
        goto done;
      if (object != NULL)
        json_object_set_member (object, name, member);

      if (!next_item (r, '}', &ok))
        goto done;
    }

done:
  r->depth--;
  if (object != NULL)
    {
      if (ok)
        {
          *out = json_node_alloc ();
          json_node_init_object (*out, object);
        }
      json_object_unref (object);
    }
  return ok;
}

/* One value at r->p (after any space); its tree in @out when that is not
 * %NULL, else only checked. */
static gboolean
read_value (Reader *r, JsonNode **out)
{
  if (r->p >= r->end)
    return FALSE;
  switch (*r->p)
    {
    case '{':
      return read_object (r, out);
    case '[':
      return read_array (r, out);
    case '"':
      if (!read_string (r, out != NULL ? r->scratch : NULL))
        return FALSE;
      if (out != NULL)
        {
          *out = json_node_alloc ();
          json_node_init_string (*out, r->scratch->str);
        }
      return TRUE;
    case 't':
      if (!read_literal (r, "true", 4))
        return FALSE;
      if (out != NULL)
        *out = json_node_init_boolean (json_node_alloc (), TRUE);
      return TRUE;
    case 'f':
      if (!read_literal (r, "false", 5))
        return FALSE;
      if (out != NULL)
        *out = json_node_init_boolean (json_node_alloc (), FALSE);
      return TRUE;
    case 'n':
      if (!read_literal (r, "null", 4))
        return FALSE;
      if (out != NULL)
        *out = json_node_new (JSON_NODE_NULL);
      return TRUE;
    default:
      if (*r->p == '-' || (*r->p >= '0' && *r->p <= '9'))
        return read_number (r, out);
      return FALSE;
    }
}

static JsonNode *
read_document (Reader *r)
{
  JsonNode *root = NULL;

  skip_space (r);
  /* Every Turnkeeper file is an object; anything else is JsonParser's. */
  if (r->p >= r->end || *r->p != '{' || !read_value (r, &root))
    return NULL;
  skip_space (r);
  if (r->p != r->end)
    {
      json_node_unref (root);
      return NULL;
    }
  return root;
}

/**
 * tkr_json_reader_parse:
 *
 * Returns: (transfer full) (nullable): the tree of @text, the same as
 *   JsonParser's, or %NULL when @text is not within what this reader takes
 */
JsonNode *
tkr_json_reader_parse (const char *text, gsize length)
{
  g_autoptr (GString) scratch = g_string_sized_new (256);
  Reader r = { text, text, text + length, 0, scratch, NULL, NULL, NULL };

  if (length == 0 || length > TKR_FILE_MAX_SIZE || !g_utf8_validate_len (text, length, NULL))
    return NULL;
  return read_document (&r);
}

/**
 * tkr_json_document_new:
 * @streamed_lists: (nullable): the lists read one element at a time, as
 *   member names from the top joined by dots ("campaign.party")
 *
 * Reads @bytes as tkr_file_parse() does (the same refusals with the same
 * words), keeping the elements of @streamed_lists as text until
 * tkr_json_document_get_element() asks for one. In the tree, such a list
 * holds one null per element.
 *
 * Returns: (transfer full) (nullable): the document
 */
TkrJsonDocument *
tkr_json_document_new (GBytes *bytes, const char *const *streamed_lists, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  if (text != NULL && length > 0 && length <= TKR_FILE_MAX_SIZE &&
      g_utf8_validate_len (text, length, NULL))
    {
      TkrJsonDocument *self = g_new0 (TkrJsonDocument, 1);
      g_autoptr (GString) path = g_string_new (NULL);
      Reader r = { text, text, text + length, 0, NULL, streamed_lists, path, NULL };

      self->scratch = r.scratch = g_string_sized_new (256);
      self->lists = r.lists =
        g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) streamed_list_free);
      self->root = read_document (&r);
      if (self->root != NULL)
        {
          self->bytes = g_bytes_ref (bytes);
          return self;
        }
      tkr_json_document_free (self);
    }

  root = tkr_file_parse (text != NULL ? text : "", length, error);
  if (root == NULL)
    return NULL;
  return tkr_json_document_new_for_root (root);
}

/**
 * tkr_json_document_new_for_root:
 *
 * Returns: (transfer full): a document of a tree already parsed
 */
TkrJsonDocument *
tkr_json_document_new_for_root (JsonNode *root)
{
  TkrJsonDocument *self = g_new0 (TkrJsonDocument, 1);

  self->root = json_node_ref (root);
  return self;
}

void
tkr_json_document_free (TkrJsonDocument *self)
{
  if (self == NULL)
    return;
  /* The lists are keyed by arrays of the tree: let them go first. */
  g_clear_pointer (&self->lists, g_hash_table_unref);
  g_clear_pointer (&self->root, json_node_unref);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  if (self->scratch != NULL)
    g_string_free (self->scratch, TRUE);
  g_free (self);
}

/**
 * tkr_json_document_get_root:
 *
 * Returns: (transfer none): the document's tree
 */
JsonNode *
tkr_json_document_get_root (TkrJsonDocument *self)
{
  return self->root;
}

/* Whether the strict reader read the document (its streamed lists are
 * read element by element), rather than JsonParser. */
gboolean
tkr_json_document_is_streamed (TkrJsonDocument *self)
{
  return self->bytes != NULL;
}

/**
 * tkr_json_document_get_element:
 * @array: a list of the document's tree
 *
 * Returns: (transfer full): the element at @index of @array, read now
 *   when @array is a streamed list (let it go once used: it is read
 *   again if asked for again)
 */
JsonNode *
tkr_json_document_get_element (TkrJsonDocument *self, JsonArray *array, guint index)
{
  StreamedList *list = self->lists != NULL ? g_hash_table_lookup (self->lists, array) : NULL;
  const char *text;
  gsize length;
  JsonNode *node = NULL;
  Reader r;

  g_return_val_if_fail (index < json_array_get_length (array), NULL);

  if (list == NULL)
    return json_node_ref (json_array_get_element (array, index));

  text = g_bytes_get_data (self->bytes, &length);
  r = (Reader){ text,          text + g_array_index (list->offsets, gsize, index),
                text + length, list->depth,
                self->scratch, NULL,
                NULL,          NULL };
  /* The whole text was checked when the document was read. */
  if (!read_value (&r, &node))
    g_assert_not_reached ();
  return node;
}

static GPrivate current_document;

/**
 * tkr_json_document_set_current:
 * @self: (nullable): the document this thread builds from now, or %NULL
 *
 * Returns: (transfer none) (nullable): the document set before, to set
 *   back when done
 */
TkrJsonDocument *
tkr_json_document_set_current (TkrJsonDocument *self)
{
  TkrJsonDocument *previous = g_private_get (&current_document);

  g_private_set (&current_document, self);
  return previous;
}

/**
 * tkr_json_array_dup_element:
 *
 * As json_array_get_element(), but reads the element of a streamed list
 * of the document this thread builds from (tkr_json_document_set_current).
 *
 * Returns: (transfer full): the element at @index of @array
 */
JsonNode *
tkr_json_array_dup_element (JsonArray *array, guint index)
{
  TkrJsonDocument *document = g_private_get (&current_document);

  if (document == NULL)
    return json_node_ref (json_array_get_element (array, index));
  return tkr_json_document_get_element (document, array, index);
}

/**
 * tkr_json_reader_same_tree:
 *
 * Whether @a and @b are the same tree: the same kinds of node, the same
 * value types and values (a number's exact bits), members with the same
 * names in the same order. The tests and the fuzz harnesses hold the
 * strict reader to JsonParser with it.
 */
gboolean
tkr_json_reader_same_tree (JsonNode *a, JsonNode *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (json_node_get_node_type (a) != json_node_get_node_type (b))
    return FALSE;
  switch (json_node_get_node_type (a))
    {
    case JSON_NODE_NULL:
      return TRUE;
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (a) != json_node_get_value_type (b))
        return FALSE;
      switch (json_node_get_value_type (a))
        {
        case G_TYPE_INT64:
          return json_node_get_int (a) == json_node_get_int (b);
        case G_TYPE_DOUBLE:
          {
            double x = json_node_get_double (a), y = json_node_get_double (b);

            return memcmp (&x, &y, sizeof x) == 0;
          }
        case G_TYPE_BOOLEAN:
          return json_node_get_boolean (a) == json_node_get_boolean (b);
        case G_TYPE_STRING:
          return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
        default:
          return FALSE;
        }
    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a), *y = json_node_get_array (b);
        guint n = json_array_get_length (x);

        if (n != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < n; i++)
          if (!tkr_json_reader_same_tree (json_array_get_element (x, i),
                                          json_array_get_element (y, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_OBJECT:
      {
        JsonObject *x = json_node_get_object (a), *y = json_node_get_object (b);
        g_autoptr (GList) names_x = json_object_get_members (x);
        g_autoptr (GList) names_y = json_object_get_members (y);
        GList *l, *m;

        for (l = names_x, m = names_y; l != NULL && m != NULL; l = l->next, m = m->next)
          if (!g_str_equal (l->data, m->data) ||
              !tkr_json_reader_same_tree (json_object_get_member (x, l->data),
                                          json_object_get_member (y, m->data)))
            return FALSE;
        return l == NULL && m == NULL;
      }
    default:
      return FALSE;
    }
}
