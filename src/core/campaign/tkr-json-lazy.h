/* SPDX-License-Identifier: GPL-3.0-or-later */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * A lazy node: a JSON value kept as its text, made a tree only when
 * something looks inside it. The journal's file form of a campaign
 * (tkr_campaign_to_root_kept) holds every character, combatant and log
 * line as one, sharing the save cache's kept text (docs/ARCHITECTURE.md,
 * "Files"), so it costs no more memory than the text already kept for the
 * next save.
 *
 * A lazy node is a sealed string node whose string starts with a mark no
 * file can hold (it is made afresh in every process), then the value's
 * "id" (when it is an object that has one) and its text. It never leaves
 * the process: the diff, the patch and the writer read it as the value it
 * stands for.
 */

/* (transfer full): a lazy node for @text, a whole JSON value as
 * tkr_json_writer writes one. */
JsonNode *tkr_json_lazy_new (const char *text, gsize length);
gboolean tkr_json_is_lazy (JsonNode *node);
/* The text @node stands for, inside @node's string (valid while @node is),
 * or NULL when @node is not lazy. */
const char *tkr_json_lazy_get_text (JsonNode *node, gsize *length);
/* Whether lazy @node stands for an object whose "id" is @id. */
gboolean tkr_json_lazy_has_id (JsonNode *node, const char *id);
/* (transfer full): the tree @node stands for (parsed now), or @node
 * itself when it is not lazy. */
JsonNode *tkr_json_lazy_resolve (JsonNode *node);
/* (transfer full): @tree with every lazy node in it made a tree: a copy
 * sharing nothing with @tree. */
JsonNode *tkr_json_lazy_expand (JsonNode *tree);
/* Whether @a and @b stand for the same JSON, lazy nodes read as their
 * values; a subtree both share is equal at once. */
gboolean tkr_json_lazy_equal (JsonNode *a, JsonNode *b);

G_END_DECLS
