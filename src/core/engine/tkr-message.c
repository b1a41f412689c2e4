/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-json.h"
#include "tkr-message.h"

struct _TkrMessage
{
  char *msgid;   /* NULL: a value kept as it is, in text */
  char *context; /* the msgctxt of a message marked C_ or NC_ */
  char *plural;
  gulong n;
  char *text;
  GPtrArray *values; /* TkrMessage*; NULL when there are none */
};

/* A message in a file nests no deeper than this (a value of a value...). */
#define MAX_DEPTH 8
/* Nor has it more values than this. */
#define MAX_VALUES 32

static TkrMessage *
message_new_valist (const char *msgid, const char *plural, gulong n, va_list ap)
{
  TkrMessage *self = g_new0 (TkrMessage, 1);
  TkrMessage *value;

  self->msgid = g_strdup (msgid);
  self->plural = g_strdup (plural);
  self->n = n;
  while ((value = va_arg (ap, TkrMessage *)) != NULL)
    tkr_message_add (self, value);
  return self;
}

/**
 * tkr_message_new:
 * @msgid: the untranslated message (marked N_)
 * @...: a value (TkrMessage *, transfer full) for each "%s" or "%d" in
 *   @msgid, then NULL
 */
TkrMessage *
tkr_message_new (const char *msgid, ...)
{
  TkrMessage *self;
  va_list ap;

  g_return_val_if_fail (msgid != NULL, NULL);
  va_start (ap, msgid);
  self = message_new_valist (msgid, NULL, 0, ap);
  va_end (ap);
  return self;
}

/**
 * tkr_message_new_plural:
 * @msgid: the singular form (as for g_dngettext)
 * @plural: the plural form
 * @n: the count that chooses the form
 */
TkrMessage *
tkr_message_new_plural (const char *msgid, const char *plural, gulong n, ...)
{
  TkrMessage *self;
  va_list ap;

  g_return_val_if_fail (msgid != NULL && plural != NULL, NULL);
  va_start (ap, n);
  self = message_new_valist (msgid, plural, n, ap);
  va_end (ap);
  return self;
}

TkrMessage *
tkr_message_text (const char *text)
{
  TkrMessage *self = g_new0 (TkrMessage, 1);

  self->text = g_strdup (text ? text : "");
  return self;
}

TkrMessage *
tkr_message_int (gint64 value)
{
  TkrMessage *self = g_new0 (TkrMessage, 1);

  self->text = g_strdup_printf ("%" G_GINT64_FORMAT, value);
  return self;
}

TkrMessage *
tkr_message_name (const char *msgid)
{
  if (msgid == NULL || *msgid == '\0')
    return tkr_message_text ("");
  return tkr_message_new (msgid, NULL);
}

/**
 * tkr_message_name_in_context:
 * @context: the message's context, as for C_ ("speed", "walking")
 */
TkrMessage *
tkr_message_name_in_context (const char *context, const char *msgid)
{
  TkrMessage *self = tkr_message_name (msgid);

  if (self->msgid != NULL)
    self->context = g_strdup (context);
  return self;
}

TkrMessage *
tkr_message_person (const char *name)
{
  if (name == NULL || *name == '\0')
    return tkr_message_name (N_ ("Someone"));
  return tkr_message_text (name);
}

void
tkr_message_add (TkrMessage *self, TkrMessage *value)
{
  g_return_if_fail (self != NULL && self->msgid != NULL);
  g_return_if_fail (value != NULL);

  if (self->values == NULL)
    self->values = g_ptr_array_new_with_free_func ((GDestroyNotify) tkr_message_free);
  g_ptr_array_add (self->values, value);
}

TkrMessage *
tkr_message_copy (const TkrMessage *self)
{
  TkrMessage *copy;

  if (self == NULL)
    return NULL;
  copy = g_new0 (TkrMessage, 1);
  copy->msgid = g_strdup (self->msgid);
  copy->context = g_strdup (self->context);
  copy->plural = g_strdup (self->plural);
  copy->n = self->n;
  copy->text = g_strdup (self->text);
  for (guint i = 0; self->values != NULL && i < self->values->len; i++)
    tkr_message_add (copy, tkr_message_copy (self->values->pdata[i]));
  return copy;
}

void
tkr_message_free (TkrMessage *self)
{
  if (self == NULL)
    return;
  g_free (self->msgid);
  g_free (self->context);
  g_free (self->plural);
  g_free (self->text);
  g_clear_pointer (&self->values, g_ptr_array_unref);
  g_free (self);
}

gboolean
tkr_message_equal (const TkrMessage *a, const TkrMessage *b)
{
  guint n;

  if (a == NULL || b == NULL)
    return a == b;
  if (g_strcmp0 (a->msgid, b->msgid) != 0 || g_strcmp0 (a->context, b->context) != 0 ||
      g_strcmp0 (a->plural, b->plural) != 0 || a->n != b->n || g_strcmp0 (a->text, b->text) != 0)
    return FALSE;
  n = tkr_message_get_n_values (a);
  if (n != tkr_message_get_n_values (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!tkr_message_equal (a->values->pdata[i], b->values->pdata[i]))
      return FALSE;
  return TRUE;
}

const char *
tkr_message_get_msgid (const TkrMessage *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->msgid;
}

guint
tkr_message_get_n_values (const TkrMessage *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->values != NULL ? self->values->len : 0;
}

/* A conversion at @c (just after a '%'): its value's number (from 1) when
 * it names one ("%2$s"), 0 for the next value ("%s"); -1 when it is not
 * one this takes. Sets @end to its last character and @sign to whether a
 * number shows its sign ("%+d"). */
static int
conversion (const char *c, const char **end, gboolean *sign)
{
  int position = 0;

  if (g_ascii_isdigit (*c))
    {
      const char *p = c;

      while (g_ascii_isdigit (*p))
        position = position * 10 + (*p++ - '0');
      if (*p != '$' || position == 0 || position > MAX_VALUES)
        return -1;
      c = p + 1;
    }
  *sign = *c == '+';
  if (*sign)
    c++;
  if (*c != 's' && *c != 'd' && *c != 'u')
    return -1;
  *end = c;
  return position;
}

/**
 * tkr_message_fits:
 *
 * Whether @msgid takes exactly @n_values values: each "%s", "%d" or "%u"
 * in turn, or each value named once or more by its number ("%2$s"), not
 * both ("%%" is a percent sign). Nothing else is put into words.
 */
gboolean
tkr_message_fits (const char *msgid, guint n_values)
{
  guint32 named = 0;
  guint in_turn = 0;

  if (msgid == NULL || n_values > MAX_VALUES)
    return FALSE;
  for (const char *c = msgid; *c != '\0'; c++)
    {
      const char *end = NULL;
      gboolean sign;
      int position;

      if (*c != '%')
        continue;
      c++;
      if (*c == '%')
        continue;
      position = conversion (c, &end, &sign);
      if (position < 0)
        return FALSE;
      if (position == 0)
        in_turn++;
      else
        named |= 1u << (position - 1);
      c = end;
    }
  if (named == 0)
    return in_turn == n_values;
  return in_turn == 0 && named == (n_values == 32 ? G_MAXUINT32 : ((guint32) 1 << n_values) - 1);
}

/**
 * tkr_message_is_valid:
 *
 * Whether every message in @self (its values too) takes exactly the
 * values it has: what a caller checks before keeping a message.
 */
gboolean
tkr_message_is_valid (const TkrMessage *self)
{
  guint n;

  g_return_val_if_fail (self != NULL, FALSE);
  if (self->msgid == NULL)
    return TRUE;
  n = tkr_message_get_n_values (self);
  if (!tkr_message_fits (self->msgid, n) ||
      (self->plural != NULL && !tkr_message_fits (self->plural, n)))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!tkr_message_is_valid (self->values->pdata[i]))
      return FALSE;
  return TRUE;
}

static void
render (const TkrMessage *self, GString *out)
{
  const char *translated;
  guint n_values = tkr_message_get_n_values (self);
  guint next = 0;

  if (self->msgid == NULL)
    {
      g_string_append (out, self->text);
      return;
    }
  /* An empty msgid would translate to the catalogue's header. */
  if (*self->msgid == '\0')
    return;
  if (self->plural != NULL)
    translated = g_dngettext (GETTEXT_PACKAGE, self->msgid, self->plural, self->n);
  else if (self->context != NULL)
    translated = g_dpgettext2 (GETTEXT_PACKAGE, self->context, self->msgid);
  else
    translated = g_dgettext (GETTEXT_PACKAGE, self->msgid);
  if (!tkr_message_fits (translated, n_values))
    translated = self->plural != NULL && self->n != 1 ? self->plural : self->msgid;
  if (!tkr_message_fits (translated, n_values))
    {
      /* Only a message made wrongly in the code; its words, as they are. */
      g_string_append (out, translated);
      return;
    }
  for (const char *c = translated; *c != '\0'; c++)
    {
      const char *end = NULL;
      gboolean sign;
      gsize at = out->len;
      int position;

      if (*c != '%')
        {
          g_string_append_c (out, *c);
          continue;
        }
      c++;
      if (*c == '%')
        {
          g_string_append_c (out, '%');
          continue;
        }
      position = conversion (c, &end, &sign);
      render (self->values->pdata[position > 0 ? (guint) position - 1 : next++], out);
      /* "%+d": a number not below 0 shows its "+". */
      if (sign && out->len > at && g_ascii_isdigit (out->str[at]))
        g_string_insert_c (out, at, '+');
      c = end;
    }
}

char *
tkr_message_to_string (const TkrMessage *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);
  out = g_string_new (NULL);
  render (self, out);
  return g_string_free (out, FALSE);
}

/* Files */

/* A value of a message as tkr_message_to_json () makes it. */
static void
write_value (const TkrMessage *self, TkrJsonWriter *writer)
{
  if (self->msgid == NULL)
    {
      tkr_json_writer_string (writer, NULL, self->text);
      return;
    }
  tkr_json_writer_begin_object (writer, NULL);
  tkr_message_write_members (self, writer);
  tkr_json_writer_end_object (writer);
}

void
tkr_message_write_members (const TkrMessage *self, TkrJsonWriter *writer)
{
  g_return_if_fail (self != NULL);

  if (self->msgid == NULL)
    return;
  tkr_json_writer_string (writer, "message", self->msgid);
  if (self->context != NULL)
    tkr_json_writer_string (writer, "context", self->context);
  if (self->plural != NULL)
    {
      tkr_json_writer_string (writer, "plural", self->plural);
      tkr_json_writer_int (writer, "n", (gint64) self->n);
    }
  if (self->values != NULL)
    {
      tkr_json_writer_begin_array (writer, "args");
      for (guint i = 0; i < self->values->len; i++)
        write_value (self->values->pdata[i], writer);
      tkr_json_writer_end_array (writer);
    }
}

JsonNode *
tkr_message_to_json (const TkrMessage *self)
{
  TkrJsonWriter writer;

  g_return_val_if_fail (self != NULL, NULL);

  /* The writer's tree end: the same description as the text a save
   * writes (tkr_message_write_members). */
  tkr_json_writer_init_tree (&writer);
  write_value (self, &writer);
  return tkr_json_writer_finish_tree (&writer);
}

void
tkr_message_set_members (const TkrMessage *self, JsonObject *object)
{
  g_autoptr (JsonNode) node = NULL;
  JsonObject *members;

  g_return_if_fail (self != NULL);
  if (self->msgid == NULL)
    return;
  node = tkr_message_to_json (self);
  members = json_node_get_object (node);
  {
    g_autoptr (GList) names = json_object_get_members (members);

    for (GList *l = names; l != NULL; l = l->next)
      json_object_set_member (object, l->data,
                              json_node_ref (json_object_get_member (members, l->data)));
  }
}

static TkrMessage *from_members (JsonObject *object, const char *path, guint depth, GError **error);

static TkrMessage *
from_json (JsonNode *node, const char *path, guint depth, GError **error)
{
  g_autoptr (TkrMessage) self = NULL;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      if (!g_utf8_validate (json_node_get_string (node), -1, NULL))
        {
          tkr_json_set_error (error, path, _ ("a value of a message is not valid text"));
          return NULL;
        }
      return tkr_message_text (json_node_get_string (node));
    }
  if (!JSON_NODE_HOLDS_OBJECT (node) || depth >= MAX_DEPTH)
    {
      tkr_json_set_error (error, path,
                          _ ("a value of a message is words or a message with its values"));
      return NULL;
    }
  self = from_members (json_node_get_object (node), path, depth, error);
  if (self == NULL && error != NULL && *error == NULL)
    tkr_json_set_error (error, path, _ ("a message without its words"));
  return g_steal_pointer (&self);
}

static TkrMessage *
from_members (JsonObject *object, const char *path, guint depth, GError **error)
{
  g_autofree char *msgid = NULL;
  g_autofree char *plural = NULL;
  g_autofree char *context = NULL;
  g_autoptr (TkrMessage) self = NULL;
  JsonArray *array = NULL;
  gint64 n = 0;

  if (!tkr_json_get_string (object, "message", path, FALSE, NULL, &msgid, error) ||
      !tkr_json_get_string (object, "context", path, FALSE, NULL, &context, error) ||
      !tkr_json_get_string (object, "plural", path, FALSE, NULL, &plural, error) ||
      !tkr_json_get_int (object, "n", path, plural != NULL, 0, G_MAXINT32, 0, &n, error) ||
      !tkr_json_get_array (object, "args", path, FALSE, &array, error))
    return NULL;
  if (msgid == NULL)
    return NULL;
  self = g_new0 (TkrMessage, 1);
  self->msgid = g_steal_pointer (&msgid);
  self->context = g_steal_pointer (&context);
  self->plural = g_steal_pointer (&plural);
  self->n = (gulong) n;
  if (array != NULL && json_array_get_length (array) > MAX_VALUES)
    {
      g_autofree char *args_path = tkr_json_path (path, "args");

      tkr_json_set_error (error, args_path, _ ("a message has at most %d values"), MAX_VALUES);
      return NULL;
    }
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *args_path = tkr_json_path (path, "args");
      g_autofree char *item_path = g_strdup_printf ("%s[%u]", args_path, i);
      TkrMessage *value =
        from_json (json_array_get_element (array, i), item_path, depth + 1, error);

      if (value == NULL)
        return NULL;
      tkr_message_add (self, value);
    }
  if (!tkr_message_fits (self->msgid, tkr_message_get_n_values (self)) ||
      (self->plural != NULL && !tkr_message_fits (self->plural, tkr_message_get_n_values (self))))
    {
      g_autofree char *message_path = tkr_json_path (path, "message");

      tkr_json_set_error (error, message_path,
                          _ ("a log line's message does not fit the values it has"));
      return NULL;
    }
  return g_steal_pointer (&self);
}

TkrMessage *
tkr_message_new_from_json (JsonNode *node, const char *path, GError **error)
{
  g_return_val_if_fail (node != NULL, NULL);
  return from_json (node, path, 0, error);
}

TkrMessage *
tkr_message_new_from_members (JsonObject *object, const char *path, GError **error)
{
  g_return_val_if_fail (object != NULL, NULL);
  return from_members (object, path, 0, error);
}
