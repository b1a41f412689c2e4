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
      g_value_set_string (value, self->text);
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
  return self->text ? self->text : "";
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
  json_builder_add_string_value (builder, tkr_log_entry_get_text (self));
  json_builder_set_member_name (builder, "time");
  json_builder_add_int_value (builder, self->time);
  /* Only lines that have a kind carry it: older files stay as they were. */
  if (self->kind != NULL)
    {
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, self->kind);
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
  gint64 round, time;

  object = tkr_json_require_object (node, path, error);
  if (object == NULL)
    return NULL;
  if (!tkr_json_get_int (object, "round", path, FALSE, 0, MAX_ROUND, 0, &round, error) ||
      !tkr_json_get_string (object, "text", path, TRUE, NULL, &text, error) ||
      !tkr_json_get_int (object, "time", path, FALSE, 0, G_MAXINT64, 0, &time, error) ||
      !tkr_json_get_string (object, "kind", path, FALSE, NULL, &kind, error))
    return NULL;
  if (kind != NULL && !is_kind (kind))
    {
      g_autofree char *kind_path = tkr_json_path (path, "kind");

      tkr_json_set_error (error, kind_path, _ ("a log line's kind is a short lower-case id"));
      return NULL;
    }

  return g_object_new (TKR_TYPE_LOG_ENTRY, "round", (int) round, "text", text, "time", time, "kind",
                       kind, NULL);
}
