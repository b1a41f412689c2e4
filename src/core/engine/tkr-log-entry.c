/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-json.h"
#include "tkr-log-entry.h"

struct _TkrLogEntry
{
  GObject parent_instance;

  int round;
  char *text;
  gint64 time;
  char *kind;
  /* A line built from its event (help/C/files-and-backups.page): the
   * untranslated message and its values, put into words in the reader's
   * language whenever the line is read. */
  char *message;
  GStrv args;
  char *rendered;
};

G_DEFINE_FINAL_TYPE (TkrLogEntry, tkr_log_entry, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ROUND,
  PROP_TEXT,
  PROP_TIME,
  PROP_KIND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A log longer than this many Rounds is not a real encounter. */
#define MAX_ROUND 1000000

static void
tkr_log_entry_finalize (GObject *object)
{
  TkrLogEntry *self = TKR_LOG_ENTRY (object);

  g_free (self->text);
  g_free (self->kind);
  g_free (self->message);
  g_strfreev (self->args);
  g_free (self->rendered);

  G_OBJECT_CLASS (tkr_log_entry_parent_class)->finalize (object);
}

static void
tkr_log_entry_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrLogEntry *self = TKR_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_ROUND:
      g_value_set_int (value, self->round);
      break;
    case PROP_TEXT:
      g_value_set_string (value, tkr_log_entry_get_text (self));
      break;
    case PROP_TIME:
      g_value_set_int64 (value, self->time);
      break;
    case PROP_KIND:
      g_value_set_string (value, self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_log_entry_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrLogEntry *self = TKR_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_ROUND:
      if (self->round != g_value_get_int (value))
        {
          self->round = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_TEXT:
      if (g_strcmp0 (self->text, g_value_get_string (value)) != 0)
        {
          g_free (self->text);
          self->text = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_TIME:
      if (self->time != g_value_get_int64 (value))
        {
          self->time = g_value_get_int64 (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_KIND:
      if (g_strcmp0 (self->kind, g_value_get_string (value)) != 0)
        {
          g_free (self->kind);
          self->kind = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_log_entry_class_init (TkrLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_log_entry_finalize;
  object_class->get_property = tkr_log_entry_get_property;
  object_class->set_property = tkr_log_entry_set_property;

  properties[PROP_ROUND] =
    g_param_spec_int ("round", NULL, NULL, 0, MAX_ROUND, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEXT] = g_param_spec_string (
    "text", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME] =
    g_param_spec_int64 ("time", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] = g_param_spec_string (
    "kind", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_log_entry_init (TkrLogEntry *self)
{
}

/**
 * tkr_log_entry_new:
 * @round: the Round the line belongs to (0 outside the Main phase)
 * @text: what happened, in words a person reads
 *
 * A log line stamped with the current time.
 */
TkrLogEntry *
tkr_log_entry_new (int round, const char *text)
{
  return g_object_new (TKR_TYPE_LOG_ENTRY, "round", CLAMP (round, 0, MAX_ROUND), "text", text,
                       "time", MAX (g_get_real_time () / G_USEC_PER_SEC, 0), NULL);
}

/**
 * tkr_log_entry_new_with_kind:
 * @kind: (nullable): what the line records, a lower-case id
 *
 * As tkr_log_entry_new(), for a line that code will look for later.
 */
TkrLogEntry *
tkr_log_entry_new_with_kind (int round, const char *kind, const char *text)
{
  TkrLogEntry *self = tkr_log_entry_new (round, text);

  self->kind = g_strdup (kind);
  return self;
}

const char *
tkr_log_entry_get_kind (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);
  return self->kind;
}

int
tkr_log_entry_get_round (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), 0);
  return self->round;
}

/* Whether @message takes exactly @n_args values, each "%s" or "%d" (a
 * "%%" is a percent sign): nothing else is put into words. */
static gboolean
message_fits (const char *message, guint n_args)
{
  guint n = 0;

  for (const char *c = message; *c != '\0'; c++)
    {
      if (*c != '%')
        continue;
      c++;
      if (*c == '%')
        continue;
      if (*c != 's' && *c != 'd')
        return FALSE;
      n++;
    }
  return n == n_args;
}

/* The message in the reader's language with its values in place; a
 * translation that does not fit the values is not used. */
static char *
render (const char *message, const char *const *args)
{
  const char *translated = g_dgettext (GETTEXT_PACKAGE, message);
  GString *out = g_string_new (NULL);
  guint n_args = args != NULL ? g_strv_length ((GStrv) args) : 0;
  guint next = 0;

  if (!message_fits (translated, n_args))
    translated = message;
  for (const char *c = translated; *c != '\0'; c++)
    {
      if (*c != '%')
        {
          g_string_append_c (out, *c);
          continue;
        }
      c++;
      if (*c == '%')
        g_string_append_c (out, '%');
      else
        g_string_append (out, args[next++]);
    }
  return g_string_free (out, FALSE);
}

const char *
tkr_log_entry_get_text (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);
  if (self->message != NULL)
    {
      g_free (self->rendered);
      self->rendered = render (self->message, (const char *const *) self->args);
      return self->rendered;
    }
  return self->text ? self->text : "";
}

/**
 * tkr_log_entry_new_message:
 * @kind: (nullable): what the line records
 * @message: the untranslated message (marked with N_), taking one value
 *   for each "%s" or "%d" in it
 * @args: (array zero-terminated=1): the values, as text
 *
 * A log line built from its event: read in the reader's language, not in
 * the language it was written in. Its file form keeps the words it had
 * when written ("text") for other programs, and the message and values.
 */
TkrLogEntry *
tkr_log_entry_new_message (int round,
                           const char *kind,
                           const char *message,
                           const char *const *args)
{
  g_autofree char *text = NULL;
  TkrLogEntry *self;

  g_return_val_if_fail (message != NULL, NULL);
  g_return_val_if_fail (message_fits (message, args != NULL ? g_strv_length ((GStrv) args) : 0),
                        NULL);

  text = render (message, args);
  self = tkr_log_entry_new_with_kind (round, kind, text);
  self->message = g_strdup (message);
  self->args = g_strdupv ((GStrv) args);
  return self;
}

const char *
tkr_log_entry_get_message (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);
  return self->message;
}

gint64
tkr_log_entry_get_time (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), 0);
  return self->time;
}

JsonNode *
tkr_log_entry_to_json (TkrLogEntry *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, self->round);
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, self->text ? self->text : "");
  json_builder_set_member_name (builder, "time");
  json_builder_add_int_value (builder, self->time);
  /* Only lines that have a kind carry it: older files stay as they were. */
  if (self->kind != NULL)
    {
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, self->kind);
    }
  if (self->message != NULL)
    {
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, self->message);
      json_builder_set_member_name (builder, "args");
      json_builder_begin_array (builder);
      for (guint i = 0; self->args != NULL && self->args[i] != NULL; i++)
        json_builder_add_string_value (builder, self->args[i]);
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static gboolean
is_kind (const char *kind)
{
  gsize length = strlen (kind);

  if (length == 0 || length > 64)
    return FALSE;
  for (const char *c = kind; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-')
      return FALSE;
  return TRUE;
}

TkrLogEntry *
tkr_log_entry_new_from_json (JsonNode *node, const char *path, GError **error)
{
  JsonObject *object;
  g_autofree char *text = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *message = NULL;
  g_autoptr (GStrvBuilder) args = g_strv_builder_new ();
  g_auto (GStrv) values = NULL;
  TkrLogEntry *self;
  JsonArray *array = NULL;
  gint64 round, time;

  object = tkr_json_require_object (node, path, error);
  if (object == NULL)
    return NULL;
  if (!tkr_json_get_int (object, "round", path, FALSE, 0, MAX_ROUND, 0, &round, error) ||
      !tkr_json_get_string (object, "text", path, TRUE, NULL, &text, error) ||
      !tkr_json_get_int (object, "time", path, FALSE, 0, G_MAXINT64, 0, &time, error) ||
      !tkr_json_get_string (object, "kind", path, FALSE, NULL, &kind, error) ||
      !tkr_json_get_string (object, "message", path, FALSE, NULL, &message, error) ||
      !tkr_json_get_array (object, "args", path, FALSE, &array, error))
    return NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *value = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING ||
          !g_utf8_validate (json_node_get_string (value), -1, NULL))
        {
          g_autofree char *args_path = tkr_json_path (path, "args");

          tkr_json_set_error (error, args_path, _ ("a log line's values are words"));
          return NULL;
        }
      g_strv_builder_add (args, json_node_get_string (value));
    }
  values = g_strv_builder_end (args);
  if (message != NULL && !message_fits (message, g_strv_length (values)))
    {
      g_autofree char *message_path = tkr_json_path (path, "message");

      tkr_json_set_error (error, message_path,
                          _ ("a log line's message does not fit the values it has"));
      return NULL;
    }
  if (kind != NULL && !is_kind (kind))
    {
      g_autofree char *kind_path = tkr_json_path (path, "kind");

      tkr_json_set_error (error, kind_path, _ ("a log line's kind is a short lower-case id"));
      return NULL;
    }

  self = g_object_new (TKR_TYPE_LOG_ENTRY, "round", (int) round, "text", text, "time", time, "kind",
                       kind, NULL);
  if (message != NULL)
    {
      self->message = g_steal_pointer (&message);
      self->args = g_steal_pointer (&values);
    }
  return self;
}
