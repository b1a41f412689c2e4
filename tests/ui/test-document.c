/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <adwaita.h>
#include <errno.h>

#include "tkr-file.h"

#include "tkr-document.h"
#include "tkr-test-campaign.h"

#define DELAY_MS 150

static GFile *
temp_file (const char *name)
{
  return g_file_new_build_filename (g_get_tmp_dir (), name, NULL);
}

/* Design, Autosave: an untitled campaign is written to its own file in the
 * autosave folder within the delay, and that file loads back. */
static void
test_autosave_untitled (void)
{
  g_autoptr (TkrDocument) document = tkr_document_new (tkr_rules_get_default ());
  g_autoptr (TkrDocument) reloaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) dir = tkr_document_get_autosave_dir ();
  TkrCampaign *campaign = tkr_document_get_campaign (document);
  GFile *autosave;
  gint64 start;

  tkr_document_set_autosave_delay_ms (document, DELAY_MS);
  g_assert_true (tkr_document_is_pristine (document));
  g_assert_true (tkr_document_is_untitled (document));

  start = g_get_monotonic_time ();
  tkr_campaign_add_pc (campaign, "Alice");
  g_assert_true (tkr_document_get_dirty (document));
  g_assert_false (tkr_document_is_pristine (document));

  g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  /* Written within the delay (plus the time a save takes here). */
  g_assert_cmpint ((g_get_monotonic_time () - start) / 1000, <, DELAY_MS + 2000);

  autosave = tkr_document_get_autosave_file (document);
  g_assert_nonnull (autosave);
  g_assert_true (g_file_has_prefix (autosave, dir));
  g_assert_true (g_file_query_exists (autosave, NULL));
  g_assert_true (tkr_document_is_untitled (document));

  reloaded = tkr_test_load_document (autosave, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reloaded);
  /* Reopened from the autosave folder, it is still untitled. */
  g_assert_true (tkr_document_is_untitled (reloaded));
  g_assert_true (g_file_equal (tkr_document_get_autosave_file (reloaded), autosave));
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_campaign_get_party (tkr_document_get_campaign (reloaded))), ==,
    1);
  g_assert_false (tkr_document_get_dirty (reloaded));
}

/* A titled campaign autosaves into its own file; several quick changes
 * are one save that holds all of them. */
static void
test_autosave_titled (void)
{
  g_autoptr (GFile) file = temp_file ("titled.tkcampaign");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (TkrDocument) document = tkr_document_new_for_campaign (campaign, file);
  g_autoptr (TkrDocument) reloaded = NULL;
  g_autoptr (GError) error = NULL;
  GListModel *party;

  tkr_document_set_autosave_delay_ms (document, DELAY_MS);
  g_assert_false (tkr_document_is_untitled (document));
  g_assert_cmpstr (tkr_document_get_title (document), ==, "titled");

  tkr_campaign_add_pc (campaign, "Alice");
  tkr_campaign_add_pc (campaign, "Bob");
  tkr_campaign_add_npc (campaign, "Goblin");
  g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  g_assert_null (tkr_document_get_autosave_file (document));

  reloaded = tkr_test_load_document (file, &error);
  g_assert_no_error (error);
  party = tkr_campaign_get_party (tkr_document_get_campaign (reloaded));
  g_assert_cmpuint (g_list_model_get_n_items (party), ==, 2);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_campaign_get_npcs (tkr_document_get_campaign (reloaded))), ==, 1);
  g_file_delete (file, NULL, NULL);
}

/* Closing writes what the autosave has not written yet. */
static void
test_save_sync_on_close (void)
{
  g_autoptr (GFile) file = temp_file ("close.tkcampaign");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (TkrDocument) document = tkr_document_new_for_campaign (campaign, file);
  g_autoptr (TkrDocument) reloaded = NULL;
  g_autoptr (GError) error = NULL;

  tkr_document_set_autosave_delay_ms (document, 600000);
  tkr_campaign_add_pc (campaign, "Carol");
  g_assert_true (tkr_document_get_dirty (document));
  g_assert_false (g_file_query_exists (file, NULL));

  g_assert_true (tkr_document_save_sync (document, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_document_get_dirty (document));

  reloaded = tkr_test_load_document (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_campaign_get_party (tkr_document_get_campaign (reloaded))), ==,
    1);
  g_file_delete (file, NULL, NULL);
}

/* Design, Documents: a file that fails to load gives an error and is
 * never written. */
static void
test_load_corrupt_file (void)
{
  static const char corrupt[] =
    "{ \"kind\": \"turnkeeper-campaign\", \"format\": 1, \"party\": [ <";
  g_autoptr (GFile) file = temp_file ("corrupt.tkcampaign");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrDocument) document = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_replace_contents (file, corrupt, strlen (corrupt), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, NULL));

  document = tkr_test_load_document (file, &error);
  g_assert_null (document);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, !=, "");

  /* Give any stray save a chance to run: none may touch the file. */
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (g_file_load_contents (file, NULL, &contents, &length, NULL, NULL));
  g_assert_cmpmem (contents, length, corrupt, strlen (corrupt));
  g_file_delete (file, NULL, NULL);
}

static void
test_load_missing_file (void)
{
  g_autoptr (GFile) file = temp_file ("does-not-exist.tkcampaign");
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrDocument) document = tkr_test_load_document (file, &error);

  g_assert_null (document);
  g_assert_nonnull (error);
  g_assert_false (g_file_query_exists (file, NULL));
}

/* Design, Documents: a player's file opens in sheet mode (a campaign
 * holding that one PC) and saves back to the character file. */
static void
test_character_file (void)
{
  g_autoptr (GFile) file = temp_file ("alice.tkcharacter");
  g_autoptr (TkrCharacter) alice =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (GBytes) bytes = tkr_character_to_bytes (alice);
  g_autoptr (TkrDocument) document = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GBytes) saved = NULL;
  g_autoptr (TkrCharacter) reread = NULL;
  TkrCharacter *pc;
  TkrCampaign *campaign;
  gsize length = 0;

  g_assert_true (g_file_replace_contents (file, g_bytes_get_data (bytes, NULL),
                                          g_bytes_get_size (bytes), NULL, FALSE, G_FILE_CREATE_NONE,
                                          NULL, NULL, NULL));

  document = tkr_test_load_document (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_document_get_kind (document), ==, TKR_DOCUMENT_KIND_CHARACTER);
  campaign = tkr_document_get_campaign (document);
  pc = tkr_document_get_character (document);
  g_assert_nonnull (pc);
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Alice");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 1);
  /* Opening is not an undoable step. */
  g_assert_false (tkr_history_can_undo (tkr_campaign_get_history (campaign)));
  g_assert_false (tkr_document_get_dirty (document));

  tkr_document_set_autosave_delay_ms (document, DELAY_MS);
  g_assert_true (
    tkr_character_rename (pc, tkr_campaign_get_history (campaign), "Alice the Bold", &error));
  g_assert_no_error (error);
  g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));

  g_assert_true (g_file_load_contents (file, NULL, &contents, &length, NULL, NULL));
  saved = g_bytes_new_take (g_steal_pointer (&contents), length);
  reread = tkr_character_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_name (reread), ==, "Alice the Bold");
  g_file_delete (file, NULL, NULL);
}

static void
saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  TkrTestLoad *save = user_data;

  tkr_document_save_finish (TKR_DOCUMENT (source), result, &save->error);
  save->done = TRUE;
}

/* Save As of an untitled campaign: the chosen file becomes the document's
 * and the autosave copy goes. */
static void
test_save_as (void)
{
  g_autoptr (TkrDocument) document = tkr_document_new (tkr_rules_get_default ());
  g_autoptr (GFile) file = temp_file ("chosen.tkcampaign");
  g_autoptr (GFile) autosave = NULL;
  TkrTestLoad save = { 0 };

  tkr_document_set_autosave_delay_ms (document, 10);
  tkr_campaign_add_npc (tkr_document_get_campaign (document), "Goblin");
  g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  autosave = g_object_ref (tkr_document_get_autosave_file (document));
  g_assert_true (g_file_query_exists (autosave, NULL));

  tkr_document_save_async (document, file, NULL, saved_cb, &save);
  g_assert_true (tkr_test_spin_until (tkr_test_load_is_done, &save, 10000));
  g_assert_no_error (save.error);
  g_assert_false (tkr_document_is_untitled (document));
  g_assert_true (g_file_equal (tkr_document_get_file (document), file));
  g_assert_cmpstr (tkr_document_get_title (document), ==, "chosen");
  g_assert_true (g_file_query_exists (file, NULL));
  for (int i = 0; i < 200 && g_file_query_exists (autosave, NULL); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (g_file_query_exists (autosave, NULL));
  g_file_delete (file, NULL, NULL);
}

/* Issue 13, found by fuzzing: a character file under another extension
 * opens as a character, without the critical "g_task_get_cancellable:
 * assertion 'G_IS_TASK (task)' failed" (the test runs with fatal
 * warnings). */
static void
test_character_under_other_extension (void)
{
  g_autoptr (GFile) file = temp_file ("bob.tkcampaign");
  g_autoptr (TkrCharacter) bob =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_PC, "Bob");
  g_autoptr (GBytes) bytes = tkr_character_to_bytes (bob);
  g_autoptr (TkrDocument) document = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_replace_contents (file, g_bytes_get_data (bytes, NULL),
                                          g_bytes_get_size (bytes), NULL, FALSE, G_FILE_CREATE_NONE,
                                          NULL, NULL, NULL));
  document = tkr_test_load_document (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_document_get_kind (document), ==, TKR_DOCUMENT_KIND_CHARACTER);
  g_assert_cmpstr (tkr_character_get_name (tkr_document_get_character (document)), ==, "Bob");
  g_file_delete (file, NULL, NULL);
}

/* Issue 13, found by fuzzing: a campaign named ".tkcharacter" was refused
 * while a character named ".tkcampaign" opened. Either way round, the
 * file opens as what it holds, and saves back as that. */
static void
test_campaign_under_character_extension (void)
{
  g_autoptr (GFile) file = temp_file ("vault.tkcharacter");
  g_autoptr (TkrCampaign) vault = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrDocument) document = NULL;
  g_autoptr (GError) error = NULL;
  static const char neither[] = "{\"kind\": \"turnkeeper-map\", \"format\": 1}";

  g_object_set (vault, "name", "Vault", NULL);
  bytes = tkr_campaign_to_bytes (vault);
  g_assert_true (g_file_replace_contents (file, g_bytes_get_data (bytes, NULL),
                                          g_bytes_get_size (bytes), NULL, FALSE, G_FILE_CREATE_NONE,
                                          NULL, NULL, NULL));
  document = tkr_test_load_document (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_document_get_kind (document), ==, TKR_DOCUMENT_KIND_CAMPAIGN);
  g_assert_cmpstr (tkr_campaign_get_name (tkr_document_get_campaign (document)), ==, "Vault");
  g_assert_true (tkr_document_get_file (document) != NULL);
  g_clear_object (&document);

  /* Neither a campaign nor a character: refused once, without looping. */
  g_assert_true (g_file_replace_contents (file, neither, strlen (neither), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, NULL));
  document = tkr_test_load_document (file, &error);
  g_assert_null (document);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND);
  g_file_delete (file, NULL, NULL);
}

static GBytes *
file_bytes (GFile *file)
{
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_load_contents (file, NULL, &contents, &length, NULL, NULL));
  return g_bytes_new_take (contents, length);
}

/* help/C/files-and-backups.page, Backups: "<name>~" holds the file as it
 * was when it was opened; the autosaves that follow do not replace it. */
static void
test_backup_is_version_at_open (void)
{
  g_autoptr (GFile) file = temp_file ("kept.tkcampaign");
  g_autoptr (GFile) backup = temp_file ("kept.tkcampaign~");
  g_autoptr (TkrCampaign) original = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GBytes) at_open = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GBytes) kept = NULL;
  g_autoptr (TkrDocument) document = NULL;
  g_autoptr (GError) error = NULL;
  TkrCampaign *campaign;

  g_file_delete (backup, NULL, NULL);
  tkr_campaign_add_pc (original, "Dora");
  at_open = tkr_campaign_to_bytes (original);
  g_assert_true (g_file_replace_contents (file, g_bytes_get_data (at_open, NULL),
                                          g_bytes_get_size (at_open), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, NULL));
  document = tkr_test_load_document (file, &error);
  g_assert_no_error (error);
  campaign = tkr_document_get_campaign (document);
  tkr_document_set_autosave_delay_ms (document, 10);

  for (int i = 0; i < 3; i++)
    {
      tkr_campaign_add_npc (campaign, "Goblin");
      g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
    }
  after = file_bytes (file);
  kept = file_bytes (backup);
  g_assert_true (g_bytes_equal (kept, at_open));
  g_assert_false (g_bytes_equal (after, at_open));
  g_file_delete (file, NULL, NULL);
  g_file_delete (backup, NULL, NULL);
}

static int
disk_full (TkrFileStep step, gpointer user_data)
{
  return step == TKR_FILE_STEP_WRITE ? ENOSPC : 0;
}

/* Issue 13: a save that fails (here a full disk) leaves the file on disk as
 * it was, keeps the document dirty, and says what happened in plain words;
 * a Save As to a new name creates nothing and keeps the document's file. */
static void
test_failed_save_keeps_file (void)
{
  g_autoptr (GFile) file = temp_file ("full.tkcampaign");
  g_autoptr (GFile) other = temp_file ("full-copy.tkcampaign");
  g_autoptr (GFile) backup = temp_file ("full.tkcampaign~");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (TkrDocument) document = NULL;
  TkrTestLoad save = { 0 };
  TkrTestLoad save_as = { 0 };

  g_file_delete (other, NULL, NULL);
  document = tkr_document_new_for_campaign (campaign, file);
  tkr_campaign_add_pc (campaign, "Dora");
  before = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_file_replace_contents (file, g_bytes_get_data (before, NULL),
                                          g_bytes_get_size (before), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, NULL));
  tkr_campaign_add_npc (campaign, "Goblin");
  g_assert_true (tkr_document_get_dirty (document));

  tkr_file_set_fault_func (disk_full, NULL);
  tkr_document_save_async (document, NULL, NULL, saved_cb, &save);
  g_assert_true (tkr_test_spin_until (tkr_test_load_is_done, &save, 10000));
  tkr_document_save_async (document, other, NULL, saved_cb, &save_as);
  g_assert_true (tkr_test_spin_until (tkr_test_load_is_done, &save_as, 10000));
  tkr_file_set_fault_func (NULL, NULL);

  g_assert_error (save.error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (save.error->message, "The disk is full."));
  g_assert_nonnull (strstr (save.error->message, "on disk is unchanged."));
  after = file_bytes (file);
  g_assert_true (g_bytes_equal (after, before));
  g_assert_true (tkr_document_get_dirty (document));

  g_assert_error (save_as.error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (save_as.error->message, "Nothing was written"));
  g_assert_false (g_file_query_exists (other, NULL));
  g_assert_true (g_file_equal (tkr_document_get_file (document), file));

  g_clear_error (&save.error);
  g_clear_error (&save_as.error);
  g_file_delete (file, NULL, NULL);
  g_file_delete (backup, NULL, NULL);
}

/* Design, GSettings: "last-document" follows the document loaded or saved,
 * so the next start reopens it. */
static void
test_last_document (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GFile) file = temp_file ("last.tkcampaign");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (TkrDocument) document = tkr_document_new_for_campaign (campaign, file);
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *last = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    {
      g_test_skip ("settings schema not compiled");
      return;
    }
  settings = g_settings_new (APPLICATION_ID);
  g_settings_set_string (settings, "last-document", "");

  tkr_document_set_autosave_delay_ms (document, 10);
  tkr_campaign_add_pc (campaign, "Dora");
  g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  last = g_settings_get_string (settings, "last-document");
  g_assert_cmpstr (last, ==, uri);
  g_file_delete (file, NULL, NULL);
}

static gboolean
document_in_conflict (gpointer data)
{
  return tkr_document_get_conflict (data);
}

static char *
contents_of (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* Another program writes the file: a different size, so its entity tag
 * differs from any this document wrote. */
static void
write_outside (GFile *file, const char *contents)
{
  g_autofree char *path = g_file_get_path (file);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

/* Issue "Files that never lose anything": a change another program makes
 * to the open file is never silently overwritten. The next autosave
 * writes nothing and the document is in conflict; keeping one's own
 * version writes it (the other program's version is the backup). */
static void
test_outside_change_not_overwritten (void)
{
  g_autoptr (GFile) file = temp_file ("outside-change.tkcampaign");
  g_autoptr (GFile) backup = temp_file ("outside-change.tkcampaign~");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (TkrDocument) document = NULL;
  g_autoptr (TkrDocument) reloaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *outside = NULL;
  g_autofree char *after = NULL;
  g_autofree char *kept = NULL;

  g_file_delete (file, NULL, NULL);
  g_file_delete (backup, NULL, NULL);
  document = tkr_document_new_for_campaign (campaign, file);
  tkr_document_set_autosave_delay_ms (document, DELAY_MS);
  tkr_campaign_add_pc (campaign, "Alice");
  g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  g_assert_false (tkr_document_get_conflict (document));

  /* Another program renames Alice to Ann in the file. */
  {
    g_autofree char *ours = contents_of (file);
    g_auto (GStrv) parts = g_strsplit (ours, "\"Alice\"", -1);

    outside = g_strjoinv ("\"Ann\"", parts);
  }
  write_outside (file, outside);
  tkr_campaign_add_pc (campaign, "Bob");
  g_assert_true (tkr_test_spin_until (document_in_conflict, document, 10000));

  /* Nothing was written over the other program's change, and the
   * document still has its own. */
  after = contents_of (file);
  g_assert_cmpstr (after, ==, outside);
  g_assert_true (tkr_document_get_dirty (document));
  g_assert_false (tkr_document_save_sync (document, &error));
  g_assert_error (error, TKR_DOCUMENT_ERROR, TKR_DOCUMENT_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_free (after);
  after = contents_of (file);
  g_assert_cmpstr (after, ==, outside);

  /* The person keeps their version: it is written, the other program's
   * becomes the backup. */
  tkr_document_keep_mine (document);
  g_assert_false (tkr_document_get_conflict (document));
  g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  reloaded = tkr_test_load_document (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_campaign_get_party (tkr_document_get_campaign (reloaded))), ==,
    2);
  kept = contents_of (backup);
  g_assert_cmpstr (kept, ==, outside);
  g_assert_false (tkr_document_get_conflict (document));

  g_file_delete (file, NULL, NULL);
  g_file_delete (backup, NULL, NULL);
}

/* The file monitor notices another program's write with no edit here,
 * and the document's own saves never look like one. */
static void
test_outside_change_noticed (void)
{
  g_autoptr (GFile) file = temp_file ("outside-noticed.tkcampaign");
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (TkrDocument) document = NULL;
  g_autoptr (GError) error = NULL;

  g_file_delete (file, NULL, NULL);
  document = tkr_document_new_for_campaign (campaign, file);
  tkr_document_set_autosave_delay_ms (document, DELAY_MS);
  for (int i = 0; i < 3; i++)
    {
      tkr_campaign_add_npc (campaign, "Goblin");
      g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_false (tkr_document_get_conflict (document));
    }
  g_assert_true (tkr_document_save_sync (document, &error));
  g_assert_no_error (error);

  write_outside (file, "{}");
  g_assert_true (tkr_test_spin_until (document_in_conflict, document, 10000));
  g_file_delete (file, NULL, NULL);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/document/autosave/untitled-writes-loadable-file-within-delay",
                   test_autosave_untitled);
  g_test_add_func ("/document/autosave/titled-saves-to-own-file", test_autosave_titled);
  g_test_add_func ("/document/close/saves-what-is-not-on-disk", test_save_sync_on_close);
  g_test_add_func ("/document/load/corrupt-file-errors-and-stays-untouched",
                   test_load_corrupt_file);
  g_test_add_func ("/document/load/missing-file-errors", test_load_missing_file);
  g_test_add_func ("/document/character-file/sheet-mode-saves-back", test_character_file);
  g_test_add_func ("/document/save-as/untitled-becomes-titled", test_save_as);
  g_test_add_func ("/document/settings/last-document-follows-saves", test_last_document);
  g_test_add_func ("/document/load/character-under-other-extension",
                   test_character_under_other_extension);
  g_test_add_func ("/document/load/campaign-under-character-extension",
                   test_campaign_under_character_extension);
  g_test_add_func ("/document/backup/is-the-version-at-open", test_backup_is_version_at_open);
  g_test_add_func ("/document/save/failure-keeps-file-and-says-so", test_failed_save_keeps_file);
  g_test_add_func ("/document/outside-change/not-overwritten-until-kept",
                   test_outside_change_not_overwritten);
  g_test_add_func ("/document/outside-change/noticed-own-saves-not", test_outside_change_noticed);

  return g_test_run ();
}
