/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "tkr-core.h"
#include "tkr-file.h"
#include "tkr-json-reader.h"
#include "tkr-json.h"

/*
 * The strict JSON reader that opens campaigns (tkr-json-reader.h; README,
 * "Performance"): whatever it takes, it reads to the same tree as
 * tkr_file_parse (JsonParser), and whatever it does not take is read or
 * refused by tkr_file_parse with the words it always used (README,
 * "Files": errors say what and where). A campaign read with its party and
 * NPC library streamed saves the same bytes as one read whole.
 */

/* The rule the differential checks hold the reader to: what it takes,
 * tkr_file_parse takes too, to the same tree. Returns whether it took
 * @text. */
static gboolean
assert_agrees (const char *text, gsize length)
{
  g_autoptr (JsonNode) strict = tkr_json_reader_parse (text, length);
  g_autoptr (JsonNode) parsed = NULL;
  g_autoptr (GError) error = NULL;

  if (strict == NULL)
    return FALSE;
  parsed = tkr_file_parse (text, length, &error);
  if (parsed == NULL)
    g_error ("the strict reader took what tkr_file_parse refuses (%s): %.*s", error->message,
             (int) MIN (length, 200), text);
  if (!tkr_json_reader_same_tree (strict, parsed))
    g_error ("the strict reader made another tree than JsonParser: %.*s", (int) MIN (length, 200),
             text);
  return TRUE;
}

/* What the strict reader leaves to tkr_file_parse ends as tkr_file_parse
 * ends: the same tree, or the same message. */
static void
assert_same_outcome_as_file_parse (const char *text, gsize length)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, length);
  g_autoptr (GError) document_error = NULL;
  g_autoptr (GError) parse_error = NULL;
  g_autoptr (TkrJsonDocument) document = tkr_json_document_new (bytes, NULL, &document_error);
  g_autoptr (JsonNode) parsed = tkr_file_parse (text, length, &parse_error);

  if (parsed == NULL)
    {
      g_assert_null (document);
      g_assert_nonnull (document_error);
      g_assert_cmpstr (document_error->message, ==, parse_error->message);
      g_assert_true (g_error_matches (document_error, parse_error->domain, parse_error->code));
    }
  else
    {
      g_assert_no_error (document_error);
      g_assert_true (tkr_json_reader_same_tree (tkr_json_document_get_root (document), parsed));
    }
}

static const char *const taken[] = {
  "{\"a\" : 1}",
  "{\"n\":-0,\"f\":-0.0,\"e\":1e5,\"E\":1.5E-3,\"p\":2e+2,\"z\":0.1,\"big\":123456789012345678,"
  "\"neg\":-123456789012345678,\"max\":1.7976931348623157e308,\"tiny\":5e-324}",
  "{\"s\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u00E9\\uD83D\\uDE00 \xc3\xa9 \x7f \\uFFFF\"}",
  "{\r\n\t\"a\"\t:\r\n[ 1 , 2 ]\r\n}\r\n",
  "{\"a\":1,\"b\":2,\"a\":3}",
  "{\"a\":{},\"b\":[],\"c\":[{}],\"d\":null,\"t\":true,\"f\":false,\"l\":[null,true,[[]]]}",
  "{\"\\u0041\\n\":\"key with escapes\",\"a very long member name that goes on for more than "
  "sixty-four bytes, to be sure\":1}",
  "  {}  ",
};

/* What JsonParser reads differently, or reads at all only with the
 * checks of tkr_file_parse, or refuses: the strict reader leaves it. */
static const char *const left[] = {
  "{\"a\":1,}",
  "/* c */ {\"a\":1}",
  "{'a':1}",
  "{\"a\":01}",
  "\xef\xbb\xbf{}",
  "{\"a\":\"\\u0000\"}",
  "{\"a\":\"\t\"}",
  "{\"\":1}",
  "{\"a\":1234567890123456789}",
  "[1]",
  "{\"a\":1} x",
  "{\"a\":1}{}",
  "{\"a\":.5}",
  "{\"a\":1.}",
  "{\"a\":1e}",
  "{\"a\":tru}",
  "{\"a\":nullx}",
  "{\"a\":\"\\uD800\"}",
  "{\"a\":\"\\uDC00\"}",
  "{\"a\":\"\\uD800\\u0041\"}",
  "{\"a\":\"\\u12\"}",
  "{\"a\":\"\\330\"}",
  "{\"a\" 1}",
  "{a:1}",
  "{\"a\":1 \"b\":2}",
  "",
  "   ",
  "{\"a\":-}",
  "{\"a\":+1}",
  "{\"a\":Infinity}",
  "{\"a\":\"\\x\"}",
  "{\"a\":[1,]}",
  "{\"a\":[1 2]}",
  "{\"a\":\"cut",
  "{\"a\":[",
  "{\"a\":1",
  "6{\"a\":1}",
  "{\"a\":\"\xc3\"}",
  "{\"a\":\v1}",
};

/* Rule: the strict reader reads our files' JSON to JsonParser's own tree,
 * numbers, escapes and repeated names included. */
static void
test_taken_samples (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (taken); i++)
    {
      {
        /* A sample may hold invalid UTF-8: the TAP log gets it escaped. */
        g_autofree char *shown = g_strescape (taken[i], NULL);

        g_test_message ("taken: %s", shown);
      }
      g_assert_true (assert_agrees (taken[i], strlen (taken[i])));
      assert_same_outcome_as_file_parse (taken[i], strlen (taken[i]));
    }
}

/* Rule: what the strict reader does not take ends as it always did: read
 * by JsonParser, or refused with the same plain words and line. */
static void
test_left_samples (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (left); i++)
    {
      gsize length = strlen (left[i]);

      {
        /* A sample may hold invalid UTF-8: the TAP log gets it escaped. */
        g_autofree char *shown = g_strescape (left[i], NULL);

        g_test_message ("left: %s", shown);
      }
      g_assert_null (tkr_json_reader_parse (left[i], length));
      assert_same_outcome_as_file_parse (left[i], length);
    }
  /* A NUL byte after the end. */
  {
    static const char with_nul[] = "{\"a\":1}";

    g_assert_null (tkr_json_reader_parse (with_nul, sizeof with_nul));
    assert_same_outcome_as_file_parse (with_nul, sizeof with_nul);
  }
}

static char *
nested (guint depth)
{
  GString *text = g_string_new ("{\"a\":");

  for (guint i = 1; i < depth; i++)
    g_string_append_c (text, '[');
  g_string_append (text, "1");
  for (guint i = 1; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

/* Rule: the nesting limit stays at TKR_JSON_MAX_DEPTH levels, with its
 * message naming the line. */
static void
test_depth_limit (void)
{
  g_autofree char *deepest = nested (TKR_JSON_MAX_DEPTH);
  g_autofree char *deeper = nested (TKR_JSON_MAX_DEPTH + 1);

  g_assert_true (assert_agrees (deepest, strlen (deepest)));
  g_assert_null (tkr_json_reader_parse (deeper, strlen (deeper)));
  assert_same_outcome_as_file_parse (deeper, strlen (deeper));
}

static void
check_directory (const char *path, guint *files, guint *taken_files)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_file_test (file, G_FILE_TEST_IS_DIR))
        {
          check_directory (file, files, taken_files);
          continue;
        }
      g_assert_true (g_file_get_contents (file, &contents, &length, NULL));
      g_test_message ("%s", file);
      (*files)++;
      *taken_files += assert_agrees (contents, length);
      assert_same_outcome_as_file_parse (contents, length);
    }
}

/* Rule: on every file of tests/files (real sheets, hostile files, the
 * regressions the fuzzers found) both readers agree. */
static void
test_fixtures (void)
{
  guint files = 0, taken_files = 0;

  check_directory (TKR_TEST_FILES, &files, &taken_files);
  g_test_message ("%u files, %u taken by the strict reader", files, taken_files);
  g_assert_cmpuint (files, >, 50);
  /* The real sheets are JSON as Turnkeeper writes it. */
  g_assert_cmpuint (taken_files, >, 10);
}

/* A campaign of @system as bench/bench-make-campaign makes one: PCs in
 * an encounter in Main with copies of library NPCs. */
static GBytes *
make_campaign (const char *system, int pcs, int npcs, int combatants)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  TkrEncounter *encounter;

  g_assert_no_error (error);
  campaign = tkr_campaign_new (rules);
  for (int i = 0; i < pcs; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero \"%d\" \xc3\xa9", i + 1);

      tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, name), NULL);
    }
  for (int i = 0; i < npcs; i++)
    {
      g_autofree char *name = g_strdup_printf ("Foe\t%d \\", i + 1);

      tkr_campaign_add_npc (campaign, name);
    }
  for (int i = pcs; i < combatants; i++)
    {
      g_autoptr (TkrCharacter) kind =
        g_list_model_get_item (tkr_campaign_get_npcs (campaign), (i - pcs) % npcs);

      g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, kind, &error));
      g_assert_no_error (error);
    }
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);
  return tkr_campaign_to_bytes (campaign);
}

/* Rule: load, save, load saves the same bytes; a campaign read with its
 * lists streamed saves exactly what one read whole from JsonParser's tree
 * saves, in every rule system. */
static void
test_streamed_campaign_saves_the_same (void)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();

  for (guint s = 0; systems[s] != NULL; s++)
    {
      static const char *const lists[] = { "campaign.party", "campaign.npcs", NULL };
      g_autoptr (GBytes) saved = make_campaign (systems[s], 3, 7, 9);
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrCampaign) streamed = tkr_campaign_new_from_bytes (saved, &error);
      g_autoptr (JsonNode) root = NULL;
      g_autoptr (TkrCampaign) whole = NULL;
      g_autoptr (GBytes) streamed_saved = NULL;
      g_autoptr (GBytes) whole_saved = NULL;
      g_autoptr (TkrJsonDocument) document = NULL;
      JsonObject *campaign;
      JsonArray *npcs, *parsed_npcs;

      g_test_message ("%s", systems[s]);
      g_assert_no_error (error);
      root = tkr_file_parse (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), &error);
      g_assert_no_error (error);
      whole = tkr_campaign_new_from_root (root, &error);
      g_assert_no_error (error);
      streamed_saved = tkr_campaign_to_bytes (streamed);
      whole_saved = tkr_campaign_to_bytes (whole);
      g_assert_true (g_bytes_equal (streamed_saved, saved));
      g_assert_true (g_bytes_equal (whole_saved, saved));

      /* The whole file's tree never exists: a streamed list holds nulls
       * until an element is asked for, then that element's own tree. */
      document = tkr_json_document_new (saved, lists, &error);
      g_assert_no_error (error);
      g_assert_true (tkr_json_document_is_streamed (document));
      campaign = json_object_get_object_member (
        json_node_get_object (tkr_json_document_get_root (document)), "campaign");
      npcs = json_object_get_array_member (campaign, "npcs");
      parsed_npcs = json_object_get_array_member (
        json_object_get_object_member (json_node_get_object (root), "campaign"), "npcs");
      g_assert_cmpuint (json_array_get_length (npcs), ==, 7);
      for (guint i = 0; i < json_array_get_length (npcs); i++)
        {
          g_autoptr (JsonNode) element = tkr_json_document_get_element (document, npcs, i);

          g_assert_true (JSON_NODE_HOLDS_NULL (json_array_get_element (npcs, i)));
          g_assert_true (
            tkr_json_reader_same_tree (element, json_array_get_element (parsed_npcs, i)));
        }
    }
}

static char *replace_once (const char *text, const char *old, const char *new);

/* Rule: a campaign whose top repeats a name (two "campaign" members, two
 * "npcs") is read as JsonParser reads it, the last one winning, and
 * refused or taken alike. */
static void
test_repeated_names_near_the_top (void)
{
  static const char *const lists[] = { "campaign.party", "campaign.npcs", NULL };
  g_autoptr (GBytes) saved = make_campaign ("kleptonomicon", 1, 2, 2);
  g_autofree char *text = g_strndup (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved));
  g_autofree char *twice = replace_once (text, "\"party\" :", "\"npcs\" : [], \"party\" :");
  g_autoptr (GBytes) bytes = g_bytes_new (twice, strlen (twice));
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrJsonDocument) document = tkr_json_document_new (bytes, lists, &error);
  g_autoptr (JsonNode) parsed = tkr_file_parse (twice, strlen (twice), &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new_from_bytes (bytes, &error);
  g_autoptr (TkrCampaign) whole = tkr_campaign_new_from_root (parsed, &error);
  g_autoptr (GBytes) campaign_saved = NULL;
  g_autoptr (GBytes) whole_saved = NULL;

  g_assert_no_error (error);
  g_assert_false (tkr_json_document_is_streamed (document));
  g_assert_true (tkr_json_reader_same_tree (tkr_json_document_get_root (document), parsed));
  campaign_saved = tkr_campaign_to_bytes (campaign);
  whole_saved = tkr_campaign_to_bytes (whole);
  g_assert_true (g_bytes_equal (campaign_saved, whole_saved));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (campaign)), ==, 2);
}

/* Rule: an encounter's participants are read one at a time too, through
 * the document set current on the thread; without one, the element of
 * the tree itself. */
static void
test_streamed_participants (void)
{
  static const char *const lists[] = { "campaign.encounter.participants", NULL };
  g_autoptr (GBytes) saved = make_campaign ("pf2e", 2, 3, 6);
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrJsonDocument) document = tkr_json_document_new (saved, lists, &error);
  g_autoptr (JsonNode) root =
    tkr_file_parse (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), &error);
  JsonArray *streamed, *parsed;
  TkrJsonDocument *previous;

  g_assert_no_error (error);
  streamed = json_object_get_array_member (
    json_object_get_object_member (
      json_object_get_object_member (json_node_get_object (tkr_json_document_get_root (document)),
                                     "campaign"),
      "encounter"),
    "participants");
  parsed = json_object_get_array_member (
    json_object_get_object_member (
      json_object_get_object_member (json_node_get_object (root), "campaign"), "encounter"),
    "participants");
  g_assert_cmpuint (json_array_get_length (streamed), ==, 6);
  g_assert_cmpuint (json_array_get_length (parsed), ==, 6);

  previous = tkr_json_document_set_current (document);
  g_assert_null (previous);
  for (guint i = 0; i < 6; i++)
    {
      g_autoptr (JsonNode) element = tkr_json_array_dup_element (streamed, i);
      g_autoptr (JsonNode) same = tkr_json_array_dup_element (parsed, i);

      g_assert_true (JSON_NODE_HOLDS_NULL (json_array_get_element (streamed, i)));
      g_assert_true (tkr_json_reader_same_tree (element, json_array_get_element (parsed, i)));
      /* A list of another tree is not streamed: its own element. */
      g_assert_true (same == json_array_get_element (parsed, i));
    }
  g_assert_true (tkr_json_document_set_current (previous) == document);
  {
    g_autoptr (JsonNode) element = tkr_json_array_dup_element (streamed, 0);

    /* With no document current, the placeholder itself. */
    g_assert_true (JSON_NODE_HOLDS_NULL (element));
  }
}

static char *
replace_once (const char *text, const char *old, const char *new)
{
  /* A leading "$" edits the last occurrence (in the encounter). */
  gboolean last = old[0] == '$';
  const char *at;

  old += last;
  at = strstr (text, old);
  while (last && at != NULL && strstr (at + 1, old) != NULL)
    at = strstr (at + 1, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

/* Rule: a bad value inside a streamed character is refused with the same
 * message, naming the same path, as when the whole tree was parsed. */
static void
test_streamed_errors_name_the_path (void)
{
  g_autoptr (GBytes) saved = make_campaign ("kleptonomicon", 2, 4, 4);
  const char *text = g_bytes_get_data (saved, NULL);
  const char *const edits[][2] = {
    { "\"kind\" : \"npc\"", "\"kind\" : \"pc\"" },
    { "\"current\" : 10", "\"current\" : \"ten\"" },
    { "\"name\" : \"Foe\\t3 \\\\\"", "\"name\" : 3" },
    { "\"kind\" : \"pc\"", "\"kind\" : \"npc\"" },
    { "\"level\" : 1", "\"level\" : -4" },
    { "$\"level\" : 1", "\"level\" : -4" },
    { "$\"kind\" : \"npc\"", "\"kind\" : \"pc\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *bad = replace_once (text, edits[i][0], edits[i][1]);
      g_autoptr (GBytes) bytes = g_bytes_new (bad, strlen (bad));
      g_autoptr (GError) streamed_error = NULL;
      g_autoptr (GError) whole_error = NULL;
      g_autoptr (TkrCampaign) streamed = tkr_campaign_new_from_bytes (bytes, &streamed_error);
      g_autoptr (JsonNode) root = tkr_file_parse (bad, strlen (bad), NULL);
      g_autoptr (TkrCampaign) whole = tkr_campaign_new_from_root (root, &whole_error);

      g_assert_null (streamed);
      g_assert_null (whole);
      g_assert_nonnull (streamed_error);
      g_test_message ("%s", streamed_error->message);
      g_assert_nonnull (strstr (streamed_error->message, "campaign."));
      if (edits[i][0][0] == '$')
        g_assert_nonnull (strstr (streamed_error->message, "campaign.encounter.participants["));
      g_assert_cmpstr (streamed_error->message, ==, whole_error->message);
    }
}

/* Rule (differential): random damage to real campaign files of every
 * system never makes the two readers disagree. */
static void
test_mutations_agree (void)
{
  static const char interesting[] = "{}[]\",:0123456789eE.+-\\u/' \n\tntfalr\x01\x7f\xc3\xa9";
  const char *const *systems = tkr_tracker_get_rule_systems ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);
  guint tried = 0, taken_count = 0;

  for (guint s = 0; systems[s] != NULL; s++)
    {
      g_autoptr (GBytes) saved = make_campaign (systems[s], 1, 2, 2);
      const char *text = g_bytes_get_data (saved, NULL);
      gsize length = g_bytes_get_size (saved);

      for (guint i = 0; i < 1500; i++)
        {
          g_autoptr (GString) mutated = g_string_new_len (text, length);
          guint edits = g_rand_int_range (rand, 1, 4);

          for (guint e = 0; e < edits; e++)
            {
              gsize at = g_rand_int_range (rand, 0, mutated->len);
              char c = g_rand_boolean (rand)
                         ? interesting[g_rand_int_range (rand, 0, sizeof interesting - 1)]
                         : (char) g_rand_int_range (rand, 0, 256);

              switch (g_rand_int_range (rand, 0, 3))
                {
                case 0:
                  mutated->str[at] = c;
                  break;
                case 1:
                  g_string_erase (mutated, at, 1);
                  break;
                default:
                  g_string_insert_c (mutated, at, c);
                  break;
                }
            }
          tried++;
          taken_count += assert_agrees (mutated->str, mutated->len);
        }
    }
  g_test_message ("%u mutated files, %u taken by the strict reader", tried, taken_count);
  /* Many damages (a digit for a digit, a letter in a name) leave JSON. */
  g_assert_cmpuint (taken_count, >, tried / 10);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-reader/taken-samples", test_taken_samples);
  g_test_add_func ("/json-reader/left-samples", test_left_samples);
  g_test_add_func ("/json-reader/depth-limit", test_depth_limit);
  g_test_add_func ("/json-reader/fixtures", test_fixtures);
  g_test_add_func ("/json-reader/streamed-campaign-saves-the-same",
                   test_streamed_campaign_saves_the_same);
  g_test_add_func ("/json-reader/streamed-participants", test_streamed_participants);
  g_test_add_func ("/json-reader/repeated-names-near-the-top", test_repeated_names_near_the_top);
  g_test_add_func ("/json-reader/streamed-errors-name-the-path",
                   test_streamed_errors_name_the_path);
  g_test_add_func ("/json-reader/mutations-agree", test_mutations_agree);
  return g_test_run ();
}
