/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * A strict, fast JSON reader for Turnkeeper's own files, and a document
 * whose large lists are read one element at a time.
 *
 * The reader takes only text that JsonParser reads the same way (RFC 8259:
 * an object at the top, no comments, no text in single quotes, no empty
 * member names, no "\u0000", no half characters, numbers of at most 18
 * digits before an exponent, at most TKR_JSON_MAX_DEPTH levels). Anything
 * else it leaves to tkr_file_parse(), which either reads it as before or
 * refuses it with the same words as before: a file refused says the same
 * thing whichever reader saw it first.
 */

/* The tree the strict reader makes of @text, or %NULL when @text is not
 * within what it takes (it then sets no error: tkr_file_parse() decides). */
JsonNode *tkr_json_reader_parse (const char *text, gsize length);
gboolean tkr_json_reader_same_tree (JsonNode *a, JsonNode *b);

typedef struct _TkrJsonDocument TkrJsonDocument;

TkrJsonDocument *
tkr_json_document_new (GBytes *bytes, const char *const *streamed_lists, GError **error);
TkrJsonDocument *tkr_json_document_new_for_root (JsonNode *root);
void tkr_json_document_free (TkrJsonDocument *self);
JsonNode *tkr_json_document_get_root (TkrJsonDocument *self);
gboolean tkr_json_document_is_streamed (TkrJsonDocument *self);
JsonNode *tkr_json_document_get_element (TkrJsonDocument *self, JsonArray *array, guint index);

/* The document being built on this thread, for readers that are given
 * only a JsonNode (an encounter's participants): while it is set,
 * tkr_json_array_dup_element() reads a streamed list's element from it. */
TkrJsonDocument *tkr_json_document_set_current (TkrJsonDocument *self);
JsonNode *tkr_json_array_dup_element (JsonArray *array, guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrJsonDocument, tkr_json_document_free)

G_END_DECLS
