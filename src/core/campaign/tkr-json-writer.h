/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * One way of writing a document's JSON with two ends (docs/ARCHITECTURE.md,
 * "Files"): a writer either streams the text straight into a GString, in
 * exactly the bytes json-glib's pretty generator (indent 2) makes of the
 * same tree, or builds the JsonNode tree for the
 * callers that need one. A class writes its fields once, through the
 * writer, and gets both.
 *
 * @name is the member's name inside an object, NULL for an array element.
 * A NULL string is written as null, as json_object_set_string_member()
 * does.
 */

#define TKR_JSON_WRITER_MAX_DEPTH 256

typedef struct
{
  /*< private >*/
  GString *text;
  GPtrArray *builder;   /* the tree end: the open containers, outermost first */
  JsonNode *root_value; /* a tree that is one value, not a container */
  guint level;
  gboolean fragment; /* the next value is a fragment's first: nothing before it */
  gboolean compact;  /* no new lines, indents or spaces (tkr_json_writer_init_compact) */
  guint64 non_empty[TKR_JSON_WRITER_MAX_DEPTH / 64]; /* bit n: level n + 1 has an element */
} TkrJsonWriter;

void tkr_json_writer_init_text (TkrJsonWriter *self, GString *text);
void tkr_json_writer_init_tree (TkrJsonWriter *self);
JsonNode *tkr_json_writer_finish_tree (TkrJsonWriter *self);
gboolean tkr_json_writer_is_text (TkrJsonWriter *self);

void tkr_json_writer_begin_object (TkrJsonWriter *self, const char *name);
void tkr_json_writer_end_object (TkrJsonWriter *self);
void tkr_json_writer_begin_array (TkrJsonWriter *self, const char *name);
void tkr_json_writer_end_array (TkrJsonWriter *self);
void tkr_json_writer_string (TkrJsonWriter *self, const char *name, const char *value);
void tkr_json_writer_int (TkrJsonWriter *self, const char *name, gint64 value);
void tkr_json_writer_double (TkrJsonWriter *self, const char *name, double value);
void tkr_json_writer_boolean (TkrJsonWriter *self, const char *name, gboolean value);
void tkr_json_writer_null (TkrJsonWriter *self, const char *name);
/* A tree made elsewhere, written in place (the writer takes no reference). */
void tkr_json_writer_node (TkrJsonWriter *self, const char *name, JsonNode *node);

/* Text already in the writer's form for a value at this writer's level
 * (a fragment a save kept, tkr-save-cache.c), written in place. */
void tkr_json_writer_raw (TkrJsonWriter *self, const char *name, const char *text, gsize length);
/* Only what goes before a value (the separator, the indent, the name):
 * the value's text is put in its place by the caller (tkr-save-cache.c
 * joins kept texts on the worker). */
void tkr_json_writer_begin_raw (TkrJsonWriter *self, const char *name);
/* A text writer whose first value is at @level, written without the
 * separator, new line and indent before it: the fragment
 * tkr_json_writer_raw() takes at that level. */
void tkr_json_writer_init_fragment (TkrJsonWriter *self, GString *text, guint level);

/* A text writer of one value without a new line, an indent or a space
 * outside its strings: how a save keeps a character's text (half the
 * bytes), which tkr_json_append_pretty() writes in the file's form at any
 * depth. */
void tkr_json_writer_init_compact (TkrJsonWriter *self, GString *text);
/* @compact (a value tkr_json_writer_init_compact's writer wrote) as the
 * text writer writes it at @level: byte for byte what writing the value
 * there would have made. */
void tkr_json_append_pretty (GString *text, const char *compact, gsize length, guint level);

/* As tkr_json_writer_node() (text end only), but a null node for which
 * @splice returns TRUE is written by @splice instead, at @level (the depth
 * of its container): how a save writes a tree holding placeholders. */
typedef gboolean (*TkrJsonSpliceFunc) (JsonNode *node, GString *text, guint level, gpointer data);
void tkr_json_writer_node_spliced (
  TkrJsonWriter *self, const char *name, JsonNode *node, TkrJsonSpliceFunc splice, gpointer data);

/* The bytes json-glib's pretty generator (indent 2) makes of @root, made
 * without it (tkr_file_serialize). */
void tkr_json_write_node_text (GString *text, JsonNode *root);

G_END_DECLS
