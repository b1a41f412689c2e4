/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gstdio.h>

#include "tkr-core.h"
#include "tkr-import.h"

/*
 * Every file in tests/files/hostile/ is malformed or hostile. Each must give
 * a clear GError (never a crash, a warning or a leak under ASan), and
 * loading it from disk must leave its bytes exactly as they were.
 */

typedef struct
{
  GMainLoop *loop;
  GAsyncResult *result;
} AsyncWait;

static void
async_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncWait *wait = user_data;

  wait->result = g_object_ref (result);
  g_main_loop_quit (wait->loop);
}

/* help/C/files-and-backups.page, "When a file cannot be opened": the first
 * part of the message is for people, never the JSON parser's words; those
 * come after it as the detail. */
static void
assert_plain (const GError *error)
{
  g_autofree char *detail = NULL;
  g_autofree char *summary = tkr_file_error_get_summary (error, &detail);

  g_assert_cmpuint (strlen (summary), >, 10);
  g_assert_null (strchr (summary, '`'));
  g_assert_null (strstr (summary, "<data>"));
  g_assert_null (strstr (summary, "Parse error"));
  g_assert_null (strstr (summary, "expected character"));
  g_assert_null (strstr (summary, "64 levels"));
  if (detail != NULL)
    g_assert_true (g_utf8_validate (detail, -1, NULL));
}

static GError *
load_campaign_error (const char *name)
{
  g_autofree char *path = g_build_filename (TKR_TEST_FILES, "hostile", name, NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  GError *error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  bytes = g_bytes_new (contents, length);
  campaign = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_null (campaign);
  g_assert_nonnull (error);
  assert_plain (error);
  return error;
}

/* Issue 13, "Messages for people": a file cut off mid-save said only
 * "Line 1, column 85 ... expected character `]'". It now says the file is
 * cut off; the parser's words stay behind as the detail. */
static void
test_message_cut_off (void)
{
  g_autoptr (GError) error = load_campaign_error ("campaign-truncated.json");
  g_autofree char *detail = NULL;
  g_autofree char *summary = tkr_file_error_get_summary (error, &detail);

  g_assert_nonnull (strstr (summary, "cut off"));
  g_assert_nonnull (detail);
  g_assert_nonnull (strstr (detail, "Line 1, column 85"));
  g_assert_nonnull (strstr (detail, "expected character"));
}

/* Issue 13: "nested more than 64 levels" is the detail, not the message. */
static void
test_message_nesting (void)
{
  g_autoptr (GError) error = load_campaign_error ("campaign-deep-nesting.json");
  g_autofree char *detail = NULL;
  g_autofree char *summary = tkr_file_error_get_summary (error, &detail);

  g_assert_nonnull (strstr (summary, "not a Turnkeeper file"));
  g_assert_nonnull (strstr (detail, "nested more than 64 levels"));
}

/* Issue 13: json-glib quotes one byte of a two-byte character ("`\303'"
 * in some versions, the raw byte in others); the message stays valid UTF-8
 * and names the line and column. */
static void
test_message_half_character_quoted (void)
{
  g_autoptr (GError) error = load_campaign_error ("campaign-parser-quotes-half-character.json");
  g_autofree char *summary = tkr_file_error_get_summary (error, NULL);

  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (summary, "line 2, column 23"));
}

/* Issue 13, found by fuzzing: a "\uD800" escape without its other half
 * became a member name that is not UTF-8 and a g_critical in
 * add_field_to_builder (g_variant_new_string). The file is refused, with
 * its line; this suite runs with G_DEBUG=fatal-warnings. */
static void
test_half_character_escape (void)
{
  g_autofree char *path =
    g_build_filename (TKR_TEST_FILES, "hostile", "character-field-key-half-character.json", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrCharacter) character = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) pair = NULL;
  const char *joined = "{\"name\": \"\\ud83d\\ude00\"}";
  const char *backslash = "{\"name\": \"\\\\ud800\"}";

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  bytes = g_bytes_new (contents, length);
  character = tkr_character_new_from_bytes (bytes, &error);
  g_assert_null (character);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "line 11"));
  g_assert_nonnull (strstr (error->message, "half of a character"));
  g_clear_error (&error);

  /* Both halves together are one character and load. */
  pair = tkr_file_parse (joined, strlen (joined), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (pair), "name"), ==,
                   "\xf0\x9f\x98\x80");
  g_clear_pointer (&pair, json_node_unref);

  /* An escaped backslash ("\\" in the file) before "ud800" is plain text. */
  pair = tkr_file_parse (backslash, strlen (backslash), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (pair), "name"), ==,
                   "\\ud800");
}

/* Regression files (tests/files/regressions/), one per defect issue 13
 * lists as found by fuzzing the loaders; README, "Fuzzing". */
static GBytes *
regression_bytes (const char *name)
{
  g_autofree char *path = g_build_filename (TKR_TEST_FILES, "regressions", name, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_bytes_new_take (g_steal_pointer (&contents), length);
}

/* Issue 13: "a file holding two JSON documents loads, dropping the
 * second": two objects one after the other are refused as two files
 * joined together. json-glib also read a number or a text in single
 * quotes followed by an object as that value, dropping the object and
 * leaking it (found by tests/fuzz): refused as data after other text.
 * So is a text after what json-glib skips as comments (from a slash to
 * the next one). What json-glib does load stays loading: a text in single
 * quotes with a brace in it, a byte order mark before the data, and
 * comments. */
static void
test_regression_two_documents (void)
{
  static const struct
  {
    const char *name;
    const char *says;
  } refused[] = {
    { "campaign-two-documents.tkcampaign", "two files joined together" },
    { "campaign-number-then-document.tkcampaign", "at line 1 its data starts after other text" },
    { "campaign-quoted-text-then-document.tkcampaign",
      "at line 1 its data starts after other text" },
    { "campaign-slashes-then-document.tkcampaign", "at line 1 its data starts after other text" },
  };
  static const char *const accepted[] = {
    "{\"a\": 'x}', \"b\": {\"c\": 1}}",
    "\xef\xbb\xbf{\"a\": 1}",
    "/* a note */ {\"a\": 1}",
    "{\"a\": /x/ 1}",
    "// \n{\"a\": 1}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GBytes) bytes = regression_bytes (refused[i].name);
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrCampaign) campaign = tkr_campaign_new_from_bytes (bytes, &error);

      g_test_message ("%s", refused[i].name);
      g_assert_null (campaign);
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE);
      assert_plain (error);
      g_assert_nonnull (strstr (error->message, refused[i].says));
    }
  for (guint i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) node = tkr_file_parse (accepted[i], strlen (accepted[i]), &error);

      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
    }
}

/* Issue 13: a character whose "fields" has a member name that is not
 * UTF-8 (here a lone second half, "\uDC00") raised a g_critical from
 * GVariant; it is refused with its line (fatal-warnings is on). */
static void
test_regression_field_key_not_utf8 (void)
{
  g_autoptr (GBytes) bytes = regression_bytes ("character-field-key-lone-low-half.tkcharacter");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) character = tkr_character_new_from_bytes (bytes, &error);

  g_assert_null (character);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE);
  assert_plain (error);
  g_assert_nonnull (strstr (error->message, "line 8"));
  g_assert_nonnull (strstr (error->message, "half of a character"));
}

/* Found by tests/fuzz: a "\\u" without four hexadecimal digits after it
 * was read as text by json-glib, or refused with its buffer leaked
 * (ASan). It is refused with its line; a whole code still loads. */
static void
test_regression_broken_escape (void)
{
  g_autoptr (GBytes) bytes = regression_bytes ("character-name-broken-escape.tkcharacter");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) character = tkr_character_new_from_bytes (bytes, &error);
  g_autoptr (JsonNode) node = NULL;
  const char *whole = "{\"name\": \"Andr\\u00e9\"}";
  const char *cut_off = "{\"name\": \"Andr\\u00";

  g_assert_null (character);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE);
  assert_plain (error);
  g_assert_nonnull (strstr (error->message, "line 5"));
  g_assert_nonnull (strstr (error->message, "broken character code"));
  g_clear_error (&error);

  node = tkr_file_parse (whole, strlen (whole), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "name"), ==,
                   "Andr\xc3\xa9");

  /* A file that ends inside the code is cut off, not broken. */
  g_assert_null (tkr_file_parse (cut_off, strlen (cut_off), &error));
  g_assert_nonnull (strstr (error->message, "cut off"));
}

/* Found by tests/fuzz: json-glib reads "\\330" in a text as the byte
 * 0330, so an id that is not UTF-8 reached the model and a refusal
 * quoting it was not UTF-8 either. The file is refused with its line; an
 * escaped backslash before digits is plain text. */
static void
test_regression_octal_escape (void)
{
  g_autoptr (GBytes) bytes = regression_bytes ("character-id-octal-escape.tkcharacter");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) character = tkr_character_new_from_bytes (bytes, &error);
  g_autoptr (JsonNode) node = NULL;
  const char *escaped = "{\"name\": \"Room \\\\330\"}";

  g_assert_null (character);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE);
  assert_plain (error);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "line 7"));
  g_assert_nonnull (strstr (error->message, "backslash followed by a digit"));
  g_clear_error (&error);

  node = tkr_file_parse (escaped, strlen (escaped), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "name"), ==,
                   "Room \\330");
}

/* Found by tests/fuzz: recognising a tool's file raised a critical
 * (json_node_get_node_type) on a Pathbuilder-like file with "success" but
 * no "build", and would on a Foundry-like one whose "type" is an object.
 * Neither is an export Turnkeeper knows: refused in plain words. */
static void
test_regression_import_sniffers (void)
{
  static const char *const names[] = {
    "import-pathbuilder-without-build.json",
    "import-foundry-type-is-object.json",
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("pf2e", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GBytes) bytes = regression_bytes (names[i]);
      g_autoptr (TkrImportPlan) plan = NULL;

      g_test_message ("%s", names[i]);
      g_assert_null (tkr_import_guess_format (bytes));
      plan = tkr_import_read (bytes, rules, &error);
      g_assert_null (plan);
      g_assert_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_UNKNOWN_FORMAT);
      g_assert_nonnull (strstr (error->message, "not an export Turnkeeper can import"));
      g_clear_error (&error);
    }
}

/* Issue 13: a character file under a campaign's extension raised a
 * critical ('G_IS_TASK (task)' failed), and a campaign under a
 * character's extension was refused. The document (tests/ui/test-document)
 * tries the other kind when a loader says WRONG_KIND: each loader refuses
 * the other kind with that code and a plain message naming both kinds,
 * and the right loader opens the file whatever its name. */
static void
test_regression_other_extension (void)
{
  g_autoptr (GBytes) character_bytes = regression_bytes ("character-named-as-campaign.tkcampaign");
  g_autoptr (GBytes) campaign_bytes = regression_bytes ("campaign-named-as-character.tkcharacter");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) not_campaign = NULL;
  g_autoptr (TkrCharacter) not_character = NULL;
  g_autoptr (TkrCharacter) character = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;

  not_campaign = tkr_campaign_new_from_bytes (character_bytes, &error);
  g_assert_null (not_campaign);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND);
  assert_plain (error);
  g_assert_nonnull (strstr (error->message, "“character”, not a “campaign”"));
  g_clear_error (&error);
  character = tkr_character_new_from_bytes (character_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_name (character), ==, "Mira");

  not_character = tkr_character_new_from_bytes (campaign_bytes, &error);
  g_assert_null (not_character);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND);
  assert_plain (error);
  g_assert_nonnull (strstr (error->message, "“campaign”, not a “character”"));
  g_clear_error (&error);
  campaign = tkr_campaign_new_from_bytes (campaign_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==, "pf2e");
}

static void
test_hostile_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_length, after_length;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  AsyncWait wait = { loop, NULL };
  gboolean is_character = g_str_has_prefix (name, "character-");

  g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));
  bytes = g_bytes_new (before, before_length);

  if (is_character)
    {
      g_autoptr (TkrCharacter) character = tkr_character_new_from_bytes (bytes, &error);
      g_assert_null (character);
    }
  else
    {
      g_autoptr (TkrCampaign) campaign = tkr_campaign_new_from_bytes (bytes, &error);
      g_assert_null (campaign);
    }
  g_assert_nonnull (error);
  g_assert_true (error->domain == TKR_FILE_ERROR || error->domain == TKR_RULES_ERROR);
  g_assert_cmpuint (strlen (error->message), >, 10);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_test_message ("%s: %s", name, error->message);
  assert_plain (error);
  g_clear_error (&error);

  /* The same through the asynchronous loader the application uses. */
  if (is_character)
    {
      g_autoptr (TkrCharacter) character = NULL;

      tkr_character_load_async (file, NULL, async_done, &wait);
      g_main_loop_run (loop);
      character = tkr_character_load_finish (wait.result, &error);
      g_assert_null (character);
    }
  else
    {
      g_autoptr (TkrCampaign) campaign = NULL;

      tkr_campaign_load_async (file, NULL, async_done, &wait);
      g_main_loop_run (loop);
      campaign = tkr_campaign_load_finish (wait.result, &error);
      g_assert_null (campaign);
    }
  g_clear_object (&wait.result);
  g_assert_nonnull (error);

  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_cmpmem (before, before_length, after, after_length);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char *argv[])
{
  g_autofree char *dir_path = g_build_filename (TKR_TEST_FILES, "hostile", NULL);
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);

  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  /* The issue asks for at least 20 hostile files; fewer is a test failure. */
  g_assert_cmpuint (names->len, >=, 20);

  g_test_add_func ("/hostile-files/message/cut-off", test_message_cut_off);
  g_test_add_func ("/hostile-files/message/nesting", test_message_nesting);
  g_test_add_func ("/hostile-files/message/half-character-quoted",
                   test_message_half_character_quoted);
  g_test_add_func ("/hostile-files/fuzz/half-character-escape", test_half_character_escape);
  g_test_add_func ("/hostile-files/regressions/two-documents", test_regression_two_documents);
  g_test_add_func ("/hostile-files/regressions/field-key-not-utf8",
                   test_regression_field_key_not_utf8);
  g_test_add_func ("/hostile-files/regressions/other-extension", test_regression_other_extension);
  g_test_add_func ("/hostile-files/regressions/broken-escape", test_regression_broken_escape);
  g_test_add_func ("/hostile-files/regressions/octal-escape", test_regression_octal_escape);
  g_test_add_func ("/hostile-files/regressions/import-sniffers", test_regression_import_sniffers);

  for (guint i = 0; i < names->len; i++)
    {
      const char *file_name = g_ptr_array_index (names, i);
      g_autofree char *test_path = g_strdup_printf ("/hostile-files/%s", file_name);
      char *file_path = g_build_filename (dir_path, file_name, NULL);

      g_test_add_data_func_full (test_path, file_path, test_hostile_file, g_free);
    }

  return g_test_run ();
}
