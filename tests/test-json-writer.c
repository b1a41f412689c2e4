/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Files are saved byte for byte as before the streaming writer
 * (docs/ARCHITECTURE.md, "Files"): the writer's text is compared with
 * json-glib's pretty generator (indent 2) on every file in tests/files,
 * on made-up trees holding every kind of value and every escaped byte,
 * and on campaigns of every rule system; the writer's two ends (text and
 * tree) agree.
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-json-writer.h"

static char *
json_glib_text (JsonNode *root)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

static void
assert_same_text (JsonNode *root)
{
  g_autofree char *expected = json_glib_text (root);
  g_autoptr (GBytes) bytes = tkr_file_serialize (root);
  g_autofree char *actual = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_autoptr (GString) compact = g_string_new (NULL);
  g_autoptr (GString) pretty = g_string_new (NULL);
  TkrJsonWriter writer;

  g_assert_cmpstr (actual, ==, expected);

  /* Rule: the compact text a save keeps (tkr_json_writer_init_compact)
   * has no space outside its strings, and becomes the same bytes again
   * in the file's form (tkr_json_append_pretty). */
  tkr_json_writer_init_compact (&writer, compact);
  tkr_json_writer_node (&writer, NULL, root);
  g_assert_null (strstr (compact->str, "\n"));
  tkr_json_append_pretty (pretty, compact->str, compact->len, 0);
  g_assert_cmpstr (pretty->str, ==, expected);
}

static void
compare_dir (const char *path, guint *n_compared)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;
      g_autoptr (JsonNode) root = NULL;

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        {
          compare_dir (child, n_compared);
          continue;
        }
      g_assert_true (g_file_get_contents (child, &contents, &length, NULL));
      /* Files the loader refuses have no tree to compare. */
      root = tkr_file_parse (contents, length, NULL);
      if (root == NULL)
        continue;
      assert_same_text (root);
      (*n_compared)++;
    }
}

/* Rule: every file in tests/files is written as json-glib writes it. */
static void
test_test_files (void)
{
  guint n_compared = 0;

  compare_dir (TKR_TEST_FILES, &n_compared);
  g_assert_cmpuint (n_compared, >, 20);
}

static char *
random_string (GRand *rand)
{
  GString *string = g_string_new (NULL);
  int length = g_rand_int_range (rand, 0, 12);

  for (int i = 0; i < length; i++)
    {
      /* Every code point below 0x80 (control characters, the quote, the
       * backslash, DEL), and some beyond. */
      gunichar c = g_rand_boolean (rand) ? (gunichar) g_rand_int_range (rand, 1, 0x80)
                                         : (gunichar) g_rand_int_range (rand, 0x80, 0x2000);
      g_string_append_unichar (string, c);
    }
  return g_string_free (string, FALSE);
}

static JsonNode *
random_node (GRand *rand, int depth)
{
  int kind = g_rand_int_range (rand, 0, depth > 4 ? 6 : 8);
  JsonNode *node;

  switch (kind)
    {
    case 0:
      return json_node_new (JSON_NODE_NULL);
    case 1:
      {
        g_autofree char *s = random_string (rand);
        node = json_node_new (JSON_NODE_VALUE);
        json_node_set_string (node, s);
        return node;
      }
    case 2:
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_int (node, g_rand_boolean (rand) ? g_rand_int_range (rand, -1000, 1000)
                                                     : (gint64) g_rand_int (rand) << 31);
      return node;
    case 3:
      {
        static const double doubles[] = { 0.0,  -0.0, 1.0,         1.5, -2.25,
                                          1e20, 1e-7, 123456789.0, 0.1, 1e300 };
        node = json_node_new (JSON_NODE_VALUE);
        json_node_set_double (node, doubles[g_rand_int_range (rand, 0, G_N_ELEMENTS (doubles))]);
        return node;
      }
    case 4:
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_boolean (node, g_rand_boolean (rand));
      return node;
    case 5:
      {
        g_autofree char *s = random_string (rand);
        node = json_node_new (JSON_NODE_VALUE);
        json_node_set_string (node, s);
        return node;
      }
    case 6:
      {
        JsonArray *array = json_array_new ();
        int n = g_rand_int_range (rand, 0, 4);

        for (int i = 0; i < n; i++)
          json_array_add_element (array, random_node (rand, depth + 1));
        node = json_node_new (JSON_NODE_ARRAY);
        json_node_take_array (node, array);
        return node;
      }
    default:
      {
        JsonObject *object = json_object_new ();
        int n = g_rand_int_range (rand, 0, 4);

        for (int i = 0; i < n; i++)
          {
            g_autofree char *name = random_string (rand);
            json_object_set_member (object, name, random_node (rand, depth + 1));
          }
        node = json_node_new (JSON_NODE_OBJECT);
        json_node_take_object (node, object);
        return node;
      }
    }
}

/* Rule: any tree, with every escaped byte, is written as json-glib writes
 * it, and the writer's tree end builds the same tree. */
static void
test_made_up_trees (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);

  for (int i = 0; i < 3000; i++)
    {
      g_autoptr (JsonNode) root = random_node (rand, 0);
      TkrJsonWriter writer;
      g_autoptr (JsonNode) copy = NULL;

      assert_same_text (root);
      tkr_json_writer_init_tree (&writer);
      tkr_json_writer_node (&writer, NULL, root);
      copy = tkr_json_writer_finish_tree (&writer);
      g_assert_true (json_node_equal (root, copy));
    }
}

/* Rule: a campaign of each rule system, with a party, NPCs with sheets
 * filled in, and an encounter, saves the bytes json-glib would write of
 * the campaign's tree. */
static void
test_campaigns (gconstpointer data)
{
  const char *system = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (GDir) dir = NULL;
  g_autofree char *characters = g_build_filename (TKR_TEST_FILES, "characters", NULL);
  const char *name;
  TkrCharacter *npc;

  g_assert_no_error (error);
  campaign = tkr_campaign_new (rules);
  tkr_campaign_add_pc (campaign, "Ada \"the\" Bold\\");
  npc = tkr_campaign_add_npc (campaign, "Goblin\t1\n");
  g_object_set (npc, "notes", "Line one\nline two \x01\x1f\x7f “quoted” ünïcödé", NULL);
  dir = g_dir_open (characters, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (characters, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;
      g_autoptr (GBytes) file_bytes = NULL;
      g_autoptr (TkrCharacter) character = NULL;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      file_bytes = g_bytes_new (contents, length);
      character = tkr_character_new_from_bytes (file_bytes, &error);
      g_assert_no_error (error);
      tkr_campaign_import_character (campaign, character);
    }
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, npc, &error));
  g_assert_no_error (error);

  root = tkr_campaign_to_root (campaign);
  expected = json_glib_text (root);
  bytes = tkr_campaign_to_bytes (campaign);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, strlen (expected));
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), expected,
                   strlen (expected));
}

int
main (int argc, char *argv[])
{
  static const char *systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-writer/test-files", test_test_files);
  g_test_add_func ("/json-writer/made-up-trees", test_made_up_trees);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autofree char *path = g_strdup_printf ("/json-writer/campaign/%s", systems[i]);
      g_test_add_data_func (path, systems[i], test_campaigns);
    }
  return g_test_run ();
}
