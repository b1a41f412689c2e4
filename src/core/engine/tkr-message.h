/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-json-writer.h"

G_BEGIN_DECLS

/*
 * TkrMessage: words kept as their event, put into the reader's language
 * whenever they are read (a log line, the name of an undo step). It is
 * one of:
 *
 * - a value kept as it is ("text"): a character's name, a note a person
 *   typed, a number as digits, the words of an older file;
 * - an untranslated message (marked N_, in the application's gettext
 *   domain, which holds the rule data's names too: rule-strings.c) with a
 *   value for each "%s", "%d" or "%u" in it (or "%1$s"... in a
 *   translation). A value is itself a TkrMessage, so a name from the rule
 *   data ("Prone", a Zone, a phase) is a message without values and reads
 *   in the reader's language too. A plural message keeps its plural
 *   msgid and the count that chooses the form (ngettext).
 *
 * File form: a value kept as it is is a JSON string;
 * a message is an object { "message": msgid, "context": its msgctxt (only
 * for a message marked C_), "plural": msgid_plural and
 * "n": count (plural messages only), "args": [ values ] (only when it
 * has some) }.
 */

typedef struct _TkrMessage TkrMessage;

/* @...: the values (TkrMessage *, transfer full), then NULL */
TkrMessage *tkr_message_new (const char *msgid, ...) G_GNUC_NULL_TERMINATED;
TkrMessage *tkr_message_new_plural (const char *msgid, const char *plural, gulong n, ...)
  G_GNUC_NULL_TERMINATED;
/* A value kept as it is (NULL reads as an empty string). */
TkrMessage *tkr_message_text (const char *text);
/* A number, kept as its digits. */
TkrMessage *tkr_message_int (gint64 value);
/* A name read in the reader's language: @msgid (from N_ or the rule
 * data) without values; NULL or "" reads as an empty string. */
TkrMessage *tkr_message_name (const char *msgid);
/* The same for a name with a context (its msgctxt, as C_ marks it). */
TkrMessage *tkr_message_name_in_context (const char *context, const char *msgid);
/* A person's or a creature's name; "Someone" when it has none. */
TkrMessage *tkr_message_person (const char *name);
/* Adds a value (transfer full) after the ones @self has. */
void tkr_message_add (TkrMessage *self, TkrMessage *value);

TkrMessage *tkr_message_copy (const TkrMessage *self);
void tkr_message_free (TkrMessage *self);
gboolean tkr_message_equal (const TkrMessage *a, const TkrMessage *b);

/* NULL for a value kept as it is. */
const char *tkr_message_get_msgid (const TkrMessage *self);
/* The values, for a value of a message; NULL when it has none. */
guint tkr_message_get_n_values (const TkrMessage *self);

/* The words in the reader's language (the current gettext language); a
 * translation that does not fit the values is not used. */
char *tkr_message_to_string (const TkrMessage *self);

/* Whether @msgid can take @n_values values. */
gboolean tkr_message_fits (const char *msgid, guint n_values);
/* Whether every message in @self takes the values it has. */
gboolean tkr_message_is_valid (const TkrMessage *self);

JsonNode *tkr_message_to_json (const TkrMessage *self);
void tkr_message_set_members (const TkrMessage *self, JsonObject *object);
/* The same members through a writer (tkr-json-writer.h), into the object
 * it has open: the same tree or text, with no builder made. */
void tkr_message_write_members (const TkrMessage *self, TkrJsonWriter *writer);
/* A string or a message object; errors name @path. */
TkrMessage *tkr_message_new_from_json (JsonNode *node, const char *path, GError **error);
/* The message held in @object's members "message", "plural", "n" and
 * "args"; NULL without an error when @object has no "message". */
TkrMessage *tkr_message_new_from_members (JsonObject *object, const char *path, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrMessage, tkr_message_free)

G_END_DECLS
