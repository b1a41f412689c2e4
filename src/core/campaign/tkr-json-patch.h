/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * The difference between two JSON trees as a list of changes, and applying
 * such a list: what the journal (tkr-journal) records for each history
 * step. A change addresses its place by a path of member names, array
 * indices and, in arrays whose objects carry an "id" (characters,
 * combatants...), {"id": "..."} so the address stays right when the list
 * around it changes:
 *
 *   {"op": "set", "path": [...], "value": V}       a value in its place
 *   {"op": "remove", "path": [...]}                an object's member gone
 *   {"op": "splice", "path": [...], "at": N, "delete": D, "insert": [...]}
 *
 * The changes of a diff apply in order.
 */

/* (transfer full): a JSON array of changes turning @from into @to. */
JsonNode *tkr_json_patch_diff (JsonNode *from, JsonNode *to);
/* Whether @patch changes nothing. */
gboolean tkr_json_patch_is_empty (JsonNode *patch);
/* Applies @patch to @root in place; FALSE with a plain-words error when a
 * change does not fit @root (@root is then left as it was). */
gboolean tkr_json_patch_apply (JsonNode *root, JsonNode *patch, GError **error);
/* (transfer full): @root with @patch applied, a new tree sharing every
 * subtree the patch does not reach; @root is never changed. Lazy nodes
 * (tkr-json-lazy.h) become trees only where a change reaches into them.
 * NULL with a plain-words error when a change does not fit. */
JsonNode *tkr_json_patch_apply_shared (JsonNode *root, JsonNode *patch, GError **error);
/* (transfer full): a copy of @node sharing nothing with it (json_node_copy
 * shares objects and arrays); lazy nodes (tkr-json-lazy.h) become trees. */
JsonNode *tkr_json_deep_copy (JsonNode *node);

G_END_DECLS
