/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-message.h"

G_BEGIN_DECLS

#define TKR_TYPE_LOG_ENTRY (tkr_log_entry_get_type ())
G_DECLARE_FINAL_TYPE (TkrLogEntry, tkr_log_entry, TKR, LOG_ENTRY, GObject)

/* A line of the encounter log, enough to rebuild the fight. Properties:
 * "round" (int), "text" (string), "time" (int64, unix seconds), "kind"
 * (string or NULL): what the line records, for code that looks for a kind
 * of event ("encounter-end", "xp-award") whatever language the text was
 * written in. */

TkrLogEntry *tkr_log_entry_new (int round, const char *text);
TkrLogEntry *tkr_log_entry_new_with_kind (int round, const char *kind, const char *text);
const char *tkr_log_entry_get_kind (TkrLogEntry *self);
int tkr_log_entry_get_round (TkrLogEntry *self);
const char *tkr_log_entry_get_text (TkrLogEntry *self);
gint64 tkr_log_entry_get_time (TkrLogEntry *self);

/* A line built from its event, read in the reader's language: the
 * untranslated message, marked N_, and its values (tkr-message.h), which
 * may be names read in the reader's language too and plural forms. A
 * line whose @event is only a value kept as it is (a note the GM typed)
 * is plain text. File form: the line's "message", "plural", "n" and
 * "args" beside its "text" (the words it had when written). */
TkrLogEntry *tkr_log_entry_new_event (int round, const char *kind, TkrMessage *event);
/* The same with values kept as they are (@args, NULL-terminated). */
TkrLogEntry *tkr_log_entry_new_message (int round,
                                        const char *kind,
                                        const char *message,
                                        const char *const *args);
/* The line's untranslated message and its event; NULL for a line of
 * plain text (a GM's note, a line from an older file). */
const char *tkr_log_entry_get_message (TkrLogEntry *self);
const TkrMessage *tkr_log_entry_get_event (TkrLogEntry *self);

JsonNode *tkr_log_entry_to_json (TkrLogEntry *self);
TkrLogEntry *tkr_log_entry_new_from_json (JsonNode *node, const char *path, GError **error);

G_END_DECLS
