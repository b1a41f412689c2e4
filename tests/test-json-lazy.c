/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Lazy nodes (src/core/campaign/tkr-json-lazy.h): the journal keeps every
 * character, combatant and log line of its file form as the text the
 * save cache keeps anyway, and the diff, the patch and the writer read
 * such a node as the value it stands for (docs/ARCHITECTURE.md, "Files").
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-file.h"
#include "tkr-json-lazy.h"
#include "tkr-json-patch.h"
#include "tkr-json-writer.h"

static JsonNode *
parse (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_ref (json_parser_get_root (parser));
}

static JsonNode *
lazy (const char *text)
{
  return tkr_json_lazy_new (text, strlen (text));
}

static char *
to_text (JsonNode *node)
{
  g_autoptr (GString) text = g_string_new (NULL);

  tkr_json_write_node_text (text, node);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static JsonNode *
array_of (JsonNode *first, ...)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);
  va_list args;

  va_start (args, first);
  for (JsonNode *element = first; element != NULL; element = va_arg (args, JsonNode *))
    json_array_add_element (array, element);
  va_end (args);
  json_node_take_array (node, array);
  return node;
}

/* Texts as a save keeps them: compact (tkr_json_writer_init_compact). */
#define GOBLIN "{\"name\":\"Goblin\",\"stats\":{\"id\":\"inner\",\"tags\":[]},\"id\":\"g1\"}"
#define ORC "{\"id\":\"o1\",\"name\":\"Orc\",\"hp\":12,\"notes\":{}}"

/* A lazy node reads back as the value its text holds, knows its
 * top-level id without becoming a tree (not an id nested deeper), and is
 * written as its text. */
static void
test_reads_back (void)
{
  g_autoptr (JsonNode) goblin = lazy (GOBLIN);
  g_autoptr (JsonNode) tree = tkr_json_lazy_resolve (goblin);
  g_autoptr (JsonNode) expected = parse (GOBLIN);
  g_autoptr (JsonNode) escaped = lazy ("{\"id\" : \"a\\\"b\"}");
  g_autoptr (JsonNode) list = lazy ("[1, 2]");
  g_autofree char *written = NULL;
  g_autofree char *expected_text = NULL;
  gsize length;

  g_assert_true (tkr_json_is_lazy (goblin));
  g_assert_cmpstr (tkr_json_lazy_get_text (goblin, &length), ==, GOBLIN);
  g_assert_cmpuint (length, ==, strlen (GOBLIN));
  g_assert_false (tkr_json_is_lazy (tree));
  g_assert_true (json_node_equal (tree, expected));
  g_assert_true (tkr_json_lazy_has_id (goblin, "g1"));
  g_assert_false (tkr_json_lazy_has_id (goblin, "inner"));
  g_assert_false (tkr_json_lazy_has_id (goblin, "g"));
  g_assert_true (tkr_json_lazy_has_id (escaped, "a\"b"));
  g_assert_false (tkr_json_lazy_has_id (list, "1"));

  /* Written in the file's form, as its tree would be. */
  written = to_text (goblin);
  expected_text = to_text (expected);
  g_assert_cmpstr (written, ==, expected_text);
}

/* A string from a file is never taken for a lazy node, even one that
 * starts as a mark would: the mark is made afresh in each process. */
static void
test_file_strings_are_strings (void)
{
  g_autoptr (JsonNode) goblin = lazy (GOBLIN);
  const char *string = json_node_get_string (goblin);
  g_autoptr (JsonNode) forged = json_node_new (JSON_NODE_VALUE);
  g_autoptr (JsonNode) guess = json_node_new (JSON_NODE_VALUE);
  g_autoptr (JsonNode) escaped = parse ("\"\\u0001plain\"");

  json_node_set_string (forged, "\x01"
                                "0123456789abcdef\x01"
                                "00000000ffffffff{}");
  g_assert_false (tkr_json_is_lazy (forged));
  /* Only a node made by tkr_json_lazy_new () is lazy; a copy of its
   * string is (it is the same mark), which never leaves the process. */
  json_node_set_string (guess, string);
  g_assert_true (tkr_json_is_lazy (guess));
  g_assert_false (tkr_json_is_lazy (escaped));
}

/* The diff of two trees holding lazy nodes is the diff of the trees they
 * stand for; a lazy node both sides share costs nothing and changes
 * nothing. */
static void
test_diff (void)
{
  g_autoptr (JsonNode) shared = lazy (ORC);
  g_autoptr (JsonNode) from =
    array_of (json_node_ref (shared), lazy (GOBLIN), lazy ("{\"id\" : \"x\", \"hp\" : 3}"), NULL);
  g_autoptr (JsonNode) to = array_of (json_node_ref (shared),
                                      lazy ("{\"id\" : \"g1\", \"name\" : \"Goblin\", \"stats\" : "
                                            "{\"id\" : \"inner\"}, \"hp\" : 4}"),
                                      NULL);
  g_autoptr (JsonNode) lazy_patch = tkr_json_patch_diff (from, to);
  g_autoptr (JsonNode) from_tree = tkr_json_lazy_expand (from);
  g_autoptr (JsonNode) to_tree = tkr_json_lazy_expand (to);
  g_autoptr (JsonNode) tree_patch = tkr_json_patch_diff (from_tree, to_tree);
  g_autofree char *lazy_text = to_text (lazy_patch);
  g_autofree char *tree_text = to_text (tree_patch);
  g_autoptr (JsonNode) applied = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (lazy_text, ==, tree_text);
  g_assert_null (strstr (lazy_text, "\x01"));
  applied = tkr_json_patch_apply_shared (from, lazy_patch, &error);
  g_assert_no_error (error);
  g_assert_true (tkr_json_lazy_equal (applied, to));
  g_assert_false (tkr_json_lazy_equal (applied, from));
  /* The same text in two nodes is the same value. */
  {
    g_autoptr (JsonNode) again = lazy (ORC);
    g_autoptr (JsonNode) patch = tkr_json_patch_diff (shared, again);

    g_assert_true (tkr_json_patch_is_empty (patch));
  }
}

/* Applying a patch never changes the state it starts from (a round's start
 * may hold it): the new state shares every subtree the change does not
 * reach, and a lazy node the change reaches into (by its id) becomes a
 * tree there only. */
static void
test_apply_shares (void)
{
  g_autoptr (JsonNode) orc = lazy (ORC);
  g_autoptr (JsonNode) goblin = lazy (GOBLIN);
  g_autoptr (JsonNode) list = array_of (json_node_ref (orc), json_node_ref (goblin), NULL);
  g_autoptr (JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  g_autoptr (JsonNode) patch =
    parse ("[{\"op\" : \"set\", \"path\" : [\"npcs\", {\"id\" : \"g1\"}, "
           "\"name\"], \"value\" : \"Hobgoblin\"}]");
  g_autoptr (JsonNode) bad =
    parse ("[{\"op\" : \"set\", \"path\" : [\"npcs\", {\"id\" : \"nobody\"}, "
           "\"name\"], \"value\" : 1}]");
  g_autoptr (JsonNode) applied = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  JsonArray *npcs;

  json_node_take_object (root, json_object_new ());
  json_object_set_member (json_node_get_object (root), "npcs", json_node_ref (list));
  json_object_set_string_member (json_node_get_object (root), "name", "Camp");
  before = to_text (root);

  applied = tkr_json_patch_apply_shared (root, patch, &error);
  g_assert_no_error (error);
  after = to_text (root);
  g_assert_cmpstr (after, ==, before);

  npcs = json_object_get_array_member (json_node_get_object (applied), "npcs");
  g_assert_true (json_array_get_element (npcs, 0) == orc);
  g_assert_false (tkr_json_is_lazy (json_array_get_element (npcs, 1)));
  g_assert_cmpstr (
    json_object_get_string_member (json_node_get_object (json_array_get_element (npcs, 1)), "name"),
    ==, "Hobgoblin");

  /* A change that does not fit: nothing is made, nothing changes. */
  g_clear_pointer (&applied, json_node_unref);
  applied = tkr_json_patch_apply_shared (root, bad, &error);
  g_assert_null (applied);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_clear_pointer (&after, g_free);
  after = to_text (root);
  g_assert_cmpstr (after, ==, before);
}

/* The journal's file form of a real campaign keeps its characters as lazy
 * nodes, and reads back as the campaign's whole file form. */
static void
test_campaign_file_form (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autoptr (JsonNode) kept = NULL;
  g_autoptr (JsonNode) whole = NULL;
  g_autoptr (JsonNode) expanded = NULL;
  JsonObject *object;
  JsonArray *npcs;

  tkr_campaign_add_pc (campaign, "Ada");
  tkr_campaign_add_npc (campaign, "Goblin");
  tkr_campaign_add_npc (campaign, "Orc");
  while (!tkr_campaign_prepare_save (campaign, G_MAXINT64))
    ;
  kept = tkr_campaign_to_root_kept (campaign);
  whole = tkr_campaign_to_root (campaign);
  expanded = tkr_json_lazy_expand (kept);
  object = json_object_get_object_member (json_node_get_object (kept), "campaign");
  npcs = json_object_get_array_member (object, "npcs");
  g_assert_cmpuint (json_array_get_length (npcs), ==, 2);
  g_assert_true (tkr_json_is_lazy (json_array_get_element (npcs, 0)));
  g_assert_true (tkr_json_lazy_equal (kept, whole));
  g_assert_true (json_node_equal (expanded, whole));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-lazy/reads-back", test_reads_back);
  g_test_add_func ("/json-lazy/file-strings-are-strings", test_file_strings_are_strings);
  g_test_add_func ("/json-lazy/diff", test_diff);
  g_test_add_func ("/json-lazy/apply-shares", test_apply_shares);
  g_test_add_func ("/json-lazy/campaign-file-form", test_campaign_file_form);
  return g_test_run ();
}
