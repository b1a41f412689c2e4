/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-json.h"
#include "tkr-log-entry.h"
#include "tkr-message.h"

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
  TkrMessage *event;
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
  tkr_message_free (self->event);
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

const char *
tkr_log_entry_get_text (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);
  if (self->event != NULL)
    {
      g_free (self->rendered);
      self->rendered = tkr_message_to_string (self->event);
      return self->rendered;
    }
  return self->text ? self->text : "";
}

/**
 * tkr_log_entry_new_event:
 * @kind: (nullable): what the line records
 * @event: (transfer full): the line as its event: an untranslated message
 *   and its values (tkr-message.h)
 *
 * A log line built from its event: read in the reader's language, not in
 * the language it was written in. Its file form keeps the words it had
 * when written ("text") for other programs, and the message and values.
 */
TkrLogEntry *
tkr_log_entry_new_event (int round, const char *kind, TkrMessage *event)
{
  g_autoptr (TkrMessage) owned = event;
  g_autofree char *text = NULL;
  TkrLogEntry *self;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (tkr_message_is_valid (event), NULL);

  text = tkr_message_to_string (event);
  self = tkr_log_entry_new_with_kind (round, kind, text);
  /* A value kept as it is (a note the GM typed) is the line's text. */
  if (tkr_message_get_msgid (event) != NULL)
    self->event = g_steal_pointer (&owned);
  return self;
}

/**
 * tkr_log_entry_new_message:
 * @message: the untranslated message (marked with N_), taking one value
 *   for each "%s" or "%d" in it
 * @args: (array zero-terminated=1): the values, as text
 *
 * As tkr_log_entry_new_event(), for a message whose values are all kept
 * as they are.
 */
TkrLogEntry *
tkr_log_entry_new_message (int round,
                           const char *kind,
                           const char *message,
                           const char *const *args)
{
  TkrMessage *event;

  g_return_val_if_fail (message != NULL, NULL);
  g_return_val_if_fail (tkr_message_fits (message, args != NULL ? g_strv_length ((GStrv) args) : 0),
                        NULL);

  event = tkr_message_new (message, NULL);
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    tkr_message_add (event, tkr_message_text (args[i]));
  return tkr_log_entry_new_event (round, kind, event);
}

const char *
tkr_log_entry_get_message (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);
  return self->event != NULL ? tkr_message_get_msgid (self->event) : NULL;
}

const TkrMessage *
tkr_log_entry_get_event (TkrLogEntry *self)
{
  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);
  return self->event;
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
  TkrJsonWriter writer;

  g_return_val_if_fail (TKR_IS_LOG_ENTRY (self), NULL);

  /* Through a writer's tree end, with no JsonBuilder made for every line:
   * a save writes each line of a long log (docs/ARCHITECTURE.md, "Files"). */
  tkr_json_writer_init_tree (&writer);
  tkr_json_writer_begin_object (&writer, NULL);
  tkr_json_writer_int (&writer, "round", self->round);
  tkr_json_writer_string (&writer, "text", self->text ? self->text : "");
  tkr_json_writer_int (&writer, "time", self->time);
  /* Only lines that have a kind carry it: older files stay as they were. */
  if (self->kind != NULL)
    tkr_json_writer_string (&writer, "kind", self->kind);
  /* A line built from its event: "message", "plural" and "n" (a plural
   * message), "args" (tkr-message.h). An event without values has no
   * "args"; one written before plural and named values keeps its form. */
  if (self->event != NULL)
    {
      tkr_message_write_members (self->event, &writer);
      if (tkr_message_get_n_values (self->event) == 0)
        {
          tkr_json_writer_begin_array (&writer, "args");
          tkr_json_writer_end_array (&writer);
        }
    }
  tkr_json_writer_end_object (&writer);
  return tkr_json_writer_finish_tree (&writer);
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
  g_autoptr (TkrMessage) event = NULL;
  g_autoptr (GError) local_error = NULL;
  TkrLogEntry *self;
  gint64 round, time;

  object = tkr_json_require_object (node, path, error);
  if (object == NULL)
    return NULL;
  if (!tkr_json_get_int (object, "round", path, FALSE, 0, MAX_ROUND, 0, &round, error) ||
      !tkr_json_get_string (object, "text", path, TRUE, NULL, &text, error) ||
      !tkr_json_get_int (object, "time", path, FALSE, 0, G_MAXINT64, 0, &time, error) ||
      !tkr_json_get_string (object, "kind", path, FALSE, NULL, &kind, error))
    return NULL;
  /* The line's event, when it has one: "message" and its values. */
  event = tkr_message_new_from_members (object, path, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
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
  self->event = g_steal_pointer (&event);
  return self;
}
