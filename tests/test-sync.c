/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Sheets and the table shared through a synced folder (help/C/sync.page):
 * the sync engines' file names, linked sheets in the campaign file, a
 * sheet kept in step with its file each way, a conflict when both sides
 * changed (by GIO's entity tags) resolved either way without loss, a
 * sync engine's conflict copy, a file that arrives in pieces waited out,
 * and the table file written and followed.
 *
 * Nothing sleeps: each test spins the main loop until the state it waits
 * for holds, with a generous deadline.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tkr-ap-encounter.h"
#include "tkr-core.h"
#include "tkr-sheet-link.h"
#include "tkr-sheet-sync.h"
#include "tkr-sync-files.h"
#include "tkr-table-file.h"

typedef gboolean (*Check) (gpointer data);

/* Spins the main loop until @check holds; fails after 20 s. */
static void
wait_for (Check check, gpointer data, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!check (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static char *
make_folder (void)
{
  g_autoptr (GError) error = NULL;
  char *folder = g_dir_make_tmp ("tkr-sync-XXXXXX", &error);

  g_assert_no_error (error);
  return folder;
}

static void
remove_folder (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_remove (child);
    }
  g_rmdir (path);
}

static void
write_file (GFile *file, GBytes *bytes)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_file_save (file, bytes, NULL, &error));
  g_assert_no_error (error);
}

/* A player's sheet as another program would write it. */
static GBytes *
sheet_bytes_with_experience (TkrCharacter *character, int experience)
{
  g_autoptr (GBytes) bytes = tkr_character_to_bytes (character);
  g_autoptr (TkrCharacter) copy = tkr_character_new_from_bytes (bytes, NULL);

  g_assert_true (tkr_character_set_experience (copy, NULL, experience, NULL));
  return tkr_character_to_bytes (copy);
}

static int
experience_in_file (GFile *file)
{
  g_autoptr (GBytes) bytes = tkr_file_load (file, NULL, NULL);
  g_autoptr (TkrCharacter) character = bytes ? tkr_character_new_from_bytes (bytes, NULL) : NULL;

  return character != NULL ? tkr_character_get_experience (character) : -1;
}

/* Names */

static void
test_conflict_copy_names (void)
{
  g_assert_true (tkr_sync_is_conflict_copy_of (
    "Kim.sync-conflict-20260101-120000-ABCDEF1.tkcharacter", "Kim.tkcharacter"));
  g_assert_true (tkr_sync_is_conflict_copy_of (
    "Kim (conflicted copy 2026-01-01 120000).tkcharacter", "Kim.tkcharacter"));
  g_assert_true (tkr_sync_is_conflict_copy_of ("Kim (Ann's conflicted copy 2026-01-01).tkcharacter",
                                               "Kim.tkcharacter"));
  g_assert_false (tkr_sync_is_conflict_copy_of ("Kim.tkcharacter", "Kim.tkcharacter"));
  g_assert_false (tkr_sync_is_conflict_copy_of ("Kimberly.tkcharacter", "Kim.tkcharacter"));
  g_assert_false (
    tkr_sync_is_conflict_copy_of ("Kim (their version).tkcharacter", "Kim.tkcharacter"));
  g_assert_false (
    tkr_sync_is_conflict_copy_of ("Kim.sync-conflict-1.tkcampaign", "Kim.tkcharacter"));

  g_assert_true (tkr_sync_is_partial_name (".syncthing.Kim.tkcharacter.tmp"));
  g_assert_true (tkr_sync_is_partial_name ("~syncthing~Kim.tkcharacter.tmp"));
  g_assert_true (tkr_sync_is_partial_name ("Kim.tkcharacter.part"));
  g_assert_false (tkr_sync_is_partial_name ("Kim.tkcharacter"));
}

/* Linked sheets in the campaign file */

static TkrCampaign *
new_campaign (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("kleptonomicon", NULL);

  return tkr_campaign_new (rules);
}

/* A campaign without links writes no "links" (older files keep their
 * bytes); one with a link keeps it through a save and a load, byte for
 * byte; linking is one undoable step. */
static void
test_links_round_trip (void)
{
  g_autoptr (TkrCampaign) campaign = new_campaign ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) linked = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (GFile) folder = g_file_new_for_path ("/shared/table");
  g_autoptr (GFile) sheet = g_file_new_for_path ("/shared/table/players/Kim.tkcharacter");
  TkrCharacter *kim = tkr_campaign_add_pc (campaign, "Kim");
  TkrSheetLink *link;

  before = tkr_campaign_to_bytes (campaign);
  g_assert_null (
    g_strstr_len (g_bytes_get_data (before, NULL), g_bytes_get_size (before), "\"links\""));

  g_assert_true (tkr_campaign_link_sheet (campaign, kim, sheet, folder, &error));
  g_assert_no_error (error);
  link = tkr_campaign_find_link (campaign, kim);
  g_assert_nonnull (link);
  g_assert_cmpstr (tkr_sheet_link_get_path (link), ==, "players/Kim.tkcharacter");
  {
    g_autoptr (GFile) resolved = tkr_sheet_link_resolve (link, folder);
    g_assert_true (g_file_equal (resolved, sheet));
  }

  linked = tkr_campaign_to_bytes (campaign);
  loaded = tkr_campaign_new_from_bytes (linked, &error);
  g_assert_no_error (error);
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (linked, again));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_links (loaded)), ==, 1);

  /* Undo takes the link away and the file is as before. */
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
  g_assert_null (tkr_campaign_find_link (campaign, kim));
  {
    g_autoptr (GBytes) undone = tkr_campaign_to_bytes (campaign);
    g_assert_true (g_bytes_equal (before, undone));
  }
}

/* Removing a linked party member takes its link along, in one step that
 * undo reverts whole. */
static void
test_links_follow_removal (void)
{
  g_autoptr (TkrCampaign) campaign = new_campaign ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) sheet = g_file_new_for_path ("/shared/Kim.tkcharacter");
  TkrCharacter *kim = tkr_campaign_add_pc (campaign, "Kim");

  g_assert_true (tkr_campaign_link_sheet (campaign, kim, sheet, NULL, &error));
  g_assert_true (tkr_campaign_remove_character (campaign, kim, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_links (campaign)), ==, 0);
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
  g_assert_nonnull (tkr_campaign_find_link (campaign, kim));
}

/* Only a party member links; a link naming no file is refused in words. */
static void
test_links_refused (void)
{
  g_autoptr (TkrCampaign) campaign = new_campaign ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) sheet = g_file_new_for_path ("/shared/Orc.tkcharacter");
  TkrCharacter *orc = tkr_campaign_add_npc (campaign, "Orc");
  guint steps = tkr_history_get_n_undo (tkr_campaign_get_history (campaign));
  const char *bad = "{\"kind\": \"turnkeeper-campaign\", \"format\": 1, \"campaign\": "
                    "{\"links\": [{\"character\": \"x\", \"file\": \"\"}]}}";
  g_autoptr (GBytes) bytes = g_bytes_new_static (bad, strlen (bad));
  g_autoptr (TkrCampaign) loaded = NULL;

  g_assert_false (tkr_campaign_link_sheet (campaign, orc, sheet, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_cmpuint (tkr_history_get_n_undo (tkr_campaign_get_history (campaign)), ==, steps);
  g_clear_error (&error);

  loaded = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_null (loaded);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "campaign.links"));
}

/* A sheet kept in step with its file */

typedef struct
{
  char *folder;
  GFile *file;
  TkrCampaign *campaign;
  TkrCharacter *kim;
  TkrSheetSync *sync;
} SheetFixture;

static void
sheet_setup (SheetFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  tkr_sheet_sync_set_settle_time (30);
  f->folder = make_folder ();
  f->file = g_file_new_build_filename (f->folder, "Kim.tkcharacter", NULL);
  f->campaign = new_campaign ();
  f->kim = tkr_campaign_add_pc (f->campaign, "Kim");
  f->sync = tkr_sheet_sync_new (f->file, f->kim, tkr_campaign_get_history (f->campaign));
  g_assert_true (tkr_sheet_sync_start (f->sync, &error));
  g_assert_no_error (error);
}

static void
sheet_teardown (SheetFixture *f, gconstpointer data)
{
  g_clear_object (&f->sync);
  g_clear_object (&f->campaign);
  g_clear_object (&f->file);
  remove_folder (f->folder);
  g_free (f->folder);
}

typedef struct
{
  GFile *file;
  TkrCharacter *character;
  TkrSheetSync *sync;
  int experience;
  TkrSheetSyncState state;
} Expect;

static gboolean
file_has_experience (gpointer data)
{
  Expect *e = data;
  return !tkr_sheet_sync_is_busy (e->sync) && experience_in_file (e->file) == e->experience;
}

static gboolean
character_has_experience (gpointer data)
{
  Expect *e = data;
  return tkr_character_get_experience (e->character) == e->experience;
}

static gboolean
sync_in_state (gpointer data)
{
  Expect *e = data;
  return tkr_sheet_sync_get_state (e->sync) == e->state;
}

/* A missing file is written from the sheet; a change made here reaches
 * the file, atomically, with the file's own id kept. */
static void
test_sheet_written (SheetFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  Expect e = { f->file, f->kim, f->sync, 0, 0 };

  wait_for (file_has_experience, &e, "the new sheet file");
  g_assert_true (
    tkr_character_set_experience (f->kim, tkr_campaign_get_history (f->campaign), 120, &error));
  e.experience = 120;
  wait_for (file_has_experience, &e, "the change in the file");
  g_assert_cmpint (tkr_sheet_sync_get_state (f->sync), ==, TKR_SHEET_SYNC_IN_STEP);
}

/* Another program's write is applied as one step: Undo brings back the
 * value from before it. */
static void
test_sheet_outside_change_applied (SheetFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) theirs = sheet_bytes_with_experience (f->kim, 300);
  Expect e = { f->file, f->kim, f->sync, 0, 0 };

  wait_for (file_has_experience, &e, "the new sheet file");
  write_file (f->file, theirs);
  e.experience = 300;
  wait_for (character_has_experience, &e, "the player's change");
  g_assert_cmpstr (tkr_history_get_undo_label (tkr_campaign_get_history (f->campaign)), ==,
                   "Sheet Changed in Its File");
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (f->campaign)));
  g_assert_cmpint (tkr_character_get_experience (f->kim), ==, 0);
}

/* Both changed: a conflict, nothing overwritten; "keep mine" writes mine
 * and keeps theirs beside it. */
static void
conflict (SheetFixture *f, Expect *e)
{
  g_autoptr (GBytes) theirs = sheet_bytes_with_experience (f->kim, 500);
  g_autoptr (GError) error = NULL;

  wait_for (file_has_experience, e, "the new sheet file");
  /* Theirs lands; mine is made before this side has read theirs. */
  write_file (f->file, theirs);
  g_assert_true (
    tkr_character_set_experience (f->kim, tkr_campaign_get_history (f->campaign), 70, &error));
  e->state = TKR_SHEET_SYNC_CONFLICT;
  wait_for (sync_in_state, e, "the conflict");
  g_assert_cmpint (tkr_character_get_experience (tkr_sheet_sync_get_theirs (f->sync)), ==, 500);
  g_assert_cmpint (tkr_character_get_experience (f->kim), ==, 70);
  g_assert_cmpint (experience_in_file (f->file), ==, 500);
  g_assert_nonnull (tkr_sheet_sync_get_message (f->sync));
}

static void
test_sheet_conflict_keep_mine (SheetFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) kept = NULL;
  Expect e = { f->file, f->kim, f->sync, 0, 0 };

  conflict (f, &e);
  g_assert_true (tkr_sheet_sync_keep_mine (f->sync, &error));
  g_assert_no_error (error);
  e.experience = 70;
  wait_for (file_has_experience, &e, "mine in the file");
  kept = g_file_new_build_filename (f->folder, "Kim (their version).tkcharacter", NULL);
  g_assert_cmpint (experience_in_file (kept), ==, 500);
  g_assert_cmpint (tkr_sheet_sync_get_state (f->sync), ==, TKR_SHEET_SYNC_IN_STEP);
  /* No conflict left to resolve: refused in words. */
  g_assert_false (tkr_sheet_sync_keep_mine (f->sync, &error));
  g_assert_error (error, TKR_SHEET_SYNC_ERROR, TKR_SHEET_SYNC_ERROR_NO_CONFLICT);
  g_clear_error (&error);

  /* A second conflict kept the same way keeps the first copy too. */
  {
    g_autoptr (GBytes) theirs = sheet_bytes_with_experience (f->kim, 800);
    g_autoptr (GFile) second =
      g_file_new_build_filename (f->folder, "Kim (their version 2).tkcharacter", NULL);

    write_file (f->file, theirs);
    g_assert_true (
      tkr_character_set_experience (f->kim, tkr_campaign_get_history (f->campaign), 75, &error));
    e.state = TKR_SHEET_SYNC_CONFLICT;
    wait_for (sync_in_state, &e, "the second conflict");
    g_assert_true (tkr_sheet_sync_keep_mine (f->sync, &error));
    e.experience = 75;
    wait_for (file_has_experience, &e, "mine in the file again");
    g_assert_cmpint (experience_in_file (kept), ==, 500);
    g_assert_cmpint (experience_in_file (second), ==, 800);
  }
}

static void
test_sheet_conflict_take_theirs (SheetFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  Expect e = { f->file, f->kim, f->sync, 0, 0 };

  conflict (f, &e);
  g_assert_true (tkr_sheet_sync_take_theirs (f->sync, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_character_get_experience (f->kim), ==, 500);
  e.experience = 500;
  wait_for (file_has_experience, &e, "theirs in the file");
  /* Mine is one undo away. */
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (f->campaign)));
  g_assert_cmpint (tkr_character_get_experience (f->kim), ==, 70);
}

/* A sync engine's conflict copy that differs is shown as a conflict;
 * taking it applies it and removes the copy. */
static void
test_sheet_conflict_copy (SheetFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) theirs = sheet_bytes_with_experience (f->kim, 900);
  g_autoptr (GFile) copy = g_file_new_build_filename (
    f->folder, "Kim.sync-conflict-20260101-120000-ABCDEF1.tkcharacter", NULL);
  Expect e = { f->file, f->kim, f->sync, 0, 0 };

  wait_for (file_has_experience, &e, "the new sheet file");
  write_file (copy, theirs);
  e.state = TKR_SHEET_SYNC_CONFLICT;
  wait_for (sync_in_state, &e, "the conflict copy");
  g_assert_true (g_file_equal (tkr_sheet_sync_get_conflict_file (f->sync), copy));
  g_assert_cmpint (experience_in_file (f->file), ==, 0);
  g_assert_true (tkr_sheet_sync_take_theirs (f->sync, &error));
  g_assert_no_error (error);
  e.experience = 900;
  wait_for (file_has_experience, &e, "the copy's sheet in the file");
  g_assert_false (g_file_query_exists (copy, NULL));
}

/* A file that arrives in pieces is waited out: the sheet keeps its values
 * while the file does not parse, and takes the whole file once it does. */
static void
test_sheet_partial_write (SheetFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) theirs = sheet_bytes_with_experience (f->kim, 640);
  g_autoptr (GBytes) half = g_bytes_new_from_bytes (theirs, 0, g_bytes_get_size (theirs) / 2);
  Expect e = { f->file, f->kim, f->sync, 0, 0 };

  wait_for (file_has_experience, &e, "the new sheet file");
  write_file (f->file, half);
  e.state = TKR_SHEET_SYNC_WAITING;
  wait_for (sync_in_state, &e, "waiting for the rest of the file");
  g_assert_cmpint (tkr_character_get_experience (f->kim), ==, 0);
  /* Nothing is written over a file still arriving. */
  {
    g_autoptr (GBytes) on_disk = tkr_file_load (f->file, NULL, NULL);
    g_assert_true (g_bytes_equal (half, on_disk));
  }
  write_file (f->file, theirs);
  e.experience = 640;
  wait_for (character_has_experience, &e, "the whole file");
  g_assert_cmpint (tkr_sheet_sync_get_state (f->sync), ==, TKR_SHEET_SYNC_IN_STEP);
}

/* Linking to a file that is not a sheet changes nothing. */
static void
test_sheet_not_a_sheet (void)
{
  g_autofree char *folder = make_folder ();
  g_autoptr (GFile) file = g_file_new_build_filename (folder, "notes.tkcharacter", NULL);
  g_autoptr (GBytes) bytes = g_bytes_new_static ("shopping list", 13);
  g_autoptr (TkrCampaign) campaign = new_campaign ();
  TkrCharacter *kim = tkr_campaign_add_pc (campaign, "Kim");
  g_autoptr (TkrSheetSync) sync = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) before = tkr_character_to_bytes (kim);
  g_autoptr (GBytes) after = NULL;

  write_file (file, bytes);
  sync = tkr_sheet_sync_new (file, kim, tkr_campaign_get_history (campaign));
  g_assert_false (tkr_sheet_sync_start (sync, &error));
  g_assert_error (error, TKR_SHEET_SYNC_ERROR, TKR_SHEET_SYNC_ERROR_NOT_A_SHEET);
  after = tkr_character_to_bytes (kim);
  g_assert_true (g_bytes_equal (before, after));
  g_clear_object (&sync);
  remove_folder (folder);
}

/* Applying their sheet makes mine the same (its id aside): health and
 * its maximum, the level, the notes, the inventory; one undo takes it all
 * back. The GM's "health after the fight" travels this way. */
static void
test_sheet_apply_whole (void)
{
  g_autoptr (TkrCampaign) campaign = new_campaign ();
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrCharacter *mine = tkr_campaign_add_pc (campaign, "Kim");
  g_autoptr (GBytes) before = tkr_character_to_bytes (mine);
  g_autoptr (TkrCharacter) theirs = tkr_character_new_from_bytes (before, NULL);
  g_autoptr (TkrItem) rope = tkr_item_new ("Rope", 2);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GBytes) undone = NULL;
  g_autoptr (GBytes) theirs_bytes = NULL;

  g_assert_true (tkr_character_edit_pool (theirs, NULL, TKR_POOL_HEALTH, 14, 20, &error));
  g_assert_true (tkr_character_set_level (theirs, NULL, 3, &error));
  g_assert_true (tkr_character_add_item (theirs, NULL, rope, &error));
  g_assert_no_error (error);

  tkr_history_begin (history, "Apply");
  tkr_sheet_sync_apply (mine, theirs, history);
  tkr_history_end (history);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (mine, TKR_POOL_HEALTH)), ==, 14);
  g_assert_cmpint (tkr_pool_get_maximum (tkr_character_get_pool (mine, TKR_POOL_HEALTH)), ==, 20);
  g_assert_cmpint (tkr_character_get_level (mine), ==, 3);
  after = tkr_character_to_bytes (mine);
  theirs_bytes = tkr_character_to_bytes (theirs);
  g_assert_true (g_bytes_equal (after, theirs_bytes));

  g_assert_true (tkr_history_undo (history));
  undone = tkr_character_to_bytes (mine);
  g_assert_true (g_bytes_equal (undone, before));
}

/* The table file */

/* Opening a campaign whose linked sheet differs from its file: the link's
 * last synced version (help/C/sync.page, "both changed") tells which side
 * changed while the campaign was closed. */

typedef struct
{
  char *folder;
  GFile *file;
  GBytes *synced;  /* the campaign as saved right after a sync */
  GBytes *in_file; /* the file as that sync left it */
  char *hash;      /* the link's last synced version then */
} OpenFixture;

static gboolean
sync_is_idle (gpointer data)
{
  return !tkr_sheet_sync_is_busy (data);
}

static TkrCharacter *
first_pc (TkrCampaign *campaign)
{
  g_autoptr (TkrCharacter) pc = g_list_model_get_item (tkr_campaign_get_party (campaign), 0);

  return pc; /* the campaign holds it */
}

/* Opens @campaign's link the way the GM's window does, and waits until
 * the first look at the file is done. */
static TkrSheetSync *
open_link (TkrCampaign *campaign, GFile *file)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *kim = first_pc (campaign);
  TkrSheetSync *sync = tkr_sheet_sync_new (file, kim, tkr_campaign_get_history (campaign));

  tkr_sheet_sync_set_link (sync, tkr_campaign_find_link (campaign, kim));
  g_assert_true (tkr_sheet_sync_start (sync, &error));
  g_assert_no_error (error);
  wait_for (sync_is_idle, sync, "the linked sheet to settle");
  return sync;
}

static TkrCampaign *
load_campaign (GBytes *bytes)
{
  g_autoptr (GError) error = NULL;
  TkrCampaign *campaign = tkr_campaign_new_from_bytes (bytes, &error);

  g_assert_no_error (error);
  return campaign;
}

static GBytes *
load_file (GFile *file)
{
  g_autoptr (GError) error = NULL;
  GBytes *bytes = tkr_file_load (file, NULL, &error);

  g_assert_no_error (error);
  return bytes;
}

static const char *
link_synced (TkrCampaign *campaign)
{
  return tkr_sheet_link_get_synced (tkr_campaign_find_link (campaign, first_pc (campaign)));
}

static void
open_setup (OpenFixture *f, gconstpointer data)
{
  g_autoptr (TkrCampaign) campaign = new_campaign ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (TkrSheetSync) sync = NULL;
  TkrCharacter *kim;

  tkr_sheet_sync_set_settle_time (30);
  f->folder = make_folder ();
  folder = g_file_new_for_path (f->folder);
  f->file = g_file_new_build_filename (f->folder, "Kim.tkcharacter", NULL);
  kim = tkr_campaign_add_pc (campaign, "Kim");
  g_assert_true (tkr_character_set_experience (kim, NULL, 40, &error));
  g_assert_true (tkr_campaign_link_sheet (campaign, kim, f->file, folder, &error));
  g_assert_no_error (error);
  g_assert_null (link_synced (campaign));
  sync = open_link (campaign, f->file);
  g_clear_object (&sync);
  f->in_file = load_file (f->file);
  f->hash = g_strdup (link_synced (campaign));
  g_assert_nonnull (f->hash);
  g_assert_cmpuint (strlen (f->hash), ==, 64);
  f->synced = tkr_campaign_to_bytes (campaign);
  /* The record is saved with the link and read back byte for byte. */
  {
    g_autoptr (TkrCampaign) again = load_campaign (f->synced);
    g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (again);

    g_assert_true (g_bytes_equal (bytes, f->synced));
    g_assert_cmpstr (link_synced (again), ==, f->hash);
  }
}

static void
open_teardown (OpenFixture *f, gconstpointer data)
{
  g_clear_pointer (&f->synced, g_bytes_unref);
  g_clear_pointer (&f->in_file, g_bytes_unref);
  g_clear_object (&f->file);
  remove_folder (f->folder);
  g_free (f->folder);
  g_free (f->hash);
}

/* The campaign as saved after a change the GM made while the file was
 * out of reach: experience @experience. */
static GBytes *
changed_by_gm (OpenFixture *f, int experience)
{
  g_autoptr (TkrCampaign) campaign = load_campaign (f->synced);
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_character_set_experience (
    first_pc (campaign), tkr_campaign_get_history (campaign), experience, &error));
  g_assert_no_error (error);
  return tkr_campaign_to_bytes (campaign);
}

/* The player's saved change: the file with experience @experience. */
static GBytes *
changed_by_player (OpenFixture *f, int experience)
{
  g_autoptr (TkrCharacter) theirs = tkr_character_new_from_bytes (f->in_file, NULL);
  g_autoptr (GBytes) bytes = sheet_bytes_with_experience (theirs, experience);

  write_file (f->file, bytes);
  return g_steal_pointer (&bytes);
}

/* Neither side changed: nothing is written or applied. */
static void
test_open_neither (OpenFixture *f, gconstpointer data)
{
  g_autoptr (TkrCampaign) campaign = load_campaign (f->synced);
  g_autoptr (TkrSheetSync) sync = open_link (campaign, f->file);
  g_autoptr (GBytes) file = load_file (f->file);
  g_autoptr (GBytes) saved = tkr_campaign_to_bytes (campaign);

  g_assert_cmpint (tkr_sheet_sync_get_state (sync), ==, TKR_SHEET_SYNC_IN_STEP);
  g_assert_true (g_bytes_equal (file, f->in_file));
  g_assert_true (g_bytes_equal (saved, f->synced));
  g_assert_cmpuint (tkr_history_get_n_undo (tkr_campaign_get_history (campaign)), ==, 0);
}

/* Only the GM's copy changed (the file was out of reach): the file is
 * written with it, and the campaign's copy stays. */
static void
test_open_gm_changed (OpenFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) bytes = changed_by_gm (f, 70);
  g_autoptr (TkrCampaign) campaign = load_campaign (bytes);
  g_autoptr (TkrSheetSync) sync = open_link (campaign, f->file);
  g_autoptr (GBytes) file = load_file (f->file);
  g_autoptr (GBytes) expected = tkr_character_to_bytes (first_pc (campaign));
  g_autofree char *hash = tkr_sheet_link_hash_sheet (first_pc (campaign));

  g_assert_cmpint (tkr_sheet_sync_get_state (sync), ==, TKR_SHEET_SYNC_IN_STEP);
  g_assert_cmpint (tkr_character_get_experience (first_pc (campaign)), ==, 70);
  /* The file holds the GM's copy, byte for byte (the file's id is the
   * campaign's here: this side wrote it first). */
  g_assert_true (g_bytes_equal (file, expected));
  g_assert_cmpuint (tkr_history_get_n_undo (tkr_campaign_get_history (campaign)), ==, 0);
  g_assert_cmpstr (link_synced (campaign), ==, hash);
  g_assert_cmpstr (link_synced (campaign), !=, f->hash);
}

/* Only the file changed: it is applied as one step, as before. */
static void
test_open_file_changed (OpenFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) theirs = changed_by_player (f, 300);
  g_autoptr (TkrCampaign) campaign = load_campaign (f->synced);
  g_autoptr (TkrSheetSync) sync = open_link (campaign, f->file);
  g_autoptr (GBytes) file = load_file (f->file);
  TkrHistory *history = tkr_campaign_get_history (campaign);

  g_assert_cmpint (tkr_sheet_sync_get_state (sync), ==, TKR_SHEET_SYNC_IN_STEP);
  g_assert_cmpint (tkr_character_get_experience (first_pc (campaign)), ==, 300);
  g_assert_true (g_bytes_equal (file, theirs));
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Sheet Changed in Its File");
  g_assert_cmpstr (link_synced (campaign), !=, f->hash);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_experience (first_pc (campaign)), ==, 40);
}

/* Both changed: a conflict at once, nothing written or applied until the
 * person chooses; then either choice ends it without loss. */
static void
test_open_both_changed (OpenFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) theirs = changed_by_player (f, 500);
  g_autoptr (GBytes) mine = changed_by_gm (f, 70);
  g_autoptr (TkrCampaign) campaign = load_campaign (mine);
  g_autoptr (TkrSheetSync) sync = open_link (campaign, f->file);
  g_autoptr (GError) error = NULL;
  TkrCharacter *kim = first_pc (campaign);
  gboolean keep_mine = GPOINTER_TO_INT (data);

  g_assert_cmpint (tkr_sheet_sync_get_state (sync), ==, TKR_SHEET_SYNC_CONFLICT);
  g_assert_nonnull (tkr_sheet_sync_get_message (sync));
  g_assert_cmpint (tkr_character_get_experience (tkr_sheet_sync_get_theirs (sync)), ==, 500);
  g_assert_cmpint (tkr_character_get_experience (kim), ==, 70);
  g_assert_cmpuint (tkr_history_get_n_undo (tkr_campaign_get_history (campaign)), ==, 0);
  {
    g_autoptr (GBytes) file = load_file (f->file);
    g_assert_true (g_bytes_equal (file, theirs));
  }
  g_assert_cmpstr (link_synced (campaign), ==, f->hash);

  if (keep_mine)
    {
      g_autoptr (GFile) copy =
        g_file_new_build_filename (f->folder, "Kim (their version).tkcharacter", NULL);
      Expect e = { f->file, kim, sync, 70, 0 };

      g_assert_true (tkr_sheet_sync_keep_mine (sync, &error));
      g_assert_no_error (error);
      wait_for (file_has_experience, &e, "mine in the file");
      {
        g_autoptr (GBytes) kept = load_file (copy);
        g_assert_true (g_bytes_equal (kept, theirs));
      }
      g_assert_cmpint (tkr_character_get_experience (kim), ==, 70);
    }
  else
    {
      g_assert_true (tkr_sheet_sync_take_theirs (sync, &error));
      g_assert_no_error (error);
      wait_for (sync_is_idle, sync, "the sheet to settle");
      g_assert_cmpint (tkr_character_get_experience (kim), ==, 500);
      {
        /* Theirs was already the file: nothing to write. */
        g_autoptr (GBytes) file = load_file (f->file);
        g_assert_true (g_bytes_equal (file, theirs));
      }
      g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
      g_assert_cmpint (tkr_character_get_experience (kim), ==, 70);
    }
  g_assert_cmpint (tkr_sheet_sync_get_state (sync), ==, TKR_SHEET_SYNC_IN_STEP);
}

/* An older campaign file, whose link has no record of the last sync,
 * still opens and the file wins, as it did. */
static void
test_open_old_link (OpenFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) changed = changed_by_gm (f, 70);
  g_autoptr (TkrCampaign) old = load_campaign (changed);
  g_autoptr (GBytes) old_bytes = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrSheetSync) sync = NULL;
  g_autoptr (GBytes) file = NULL;
  TkrHistory *history;

  tkr_sheet_link_set_synced (tkr_campaign_find_link (old, first_pc (old)), NULL);
  old_bytes = tkr_campaign_to_bytes (old);
  g_assert_null (
    g_strstr_len (g_bytes_get_data (old_bytes, NULL), g_bytes_get_size (old_bytes), "synced"));
  {
    g_autoptr (TkrCampaign) again = load_campaign (old_bytes);
    g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (again);
    g_assert_true (g_bytes_equal (bytes, old_bytes));
  }

  campaign = load_campaign (old_bytes);
  sync = open_link (campaign, f->file);
  history = tkr_campaign_get_history (campaign);
  file = load_file (f->file);
  g_assert_cmpint (tkr_sheet_sync_get_state (sync), ==, TKR_SHEET_SYNC_IN_STEP);
  g_assert_cmpint (tkr_character_get_experience (first_pc (campaign)), ==, 40);
  g_assert_true (g_bytes_equal (file, f->in_file));
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Sheet Changed in Its File");
  /* In step now: the record is written from here on. */
  g_assert_cmpstr (link_synced (campaign), ==, f->hash);
}

/* A record that is not a checksum is refused in words. */
static void
test_open_bad_record (void)
{
  const char *bad = "{\"kind\": \"turnkeeper-campaign\", \"format\": 1, \"campaign\": "
                    "{\"links\": [{\"character\": \"x\", \"file\": \"Kim.tkcharacter\", "
                    "\"synced\": \"yesterday\"}]}}";
  g_autoptr (GBytes) bytes = g_bytes_new_static (bad, strlen (bad));
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (bytes, &error);

  g_assert_null (loaded);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "campaign.links"));
}

static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

static TkrCampaign *
running_campaign (const char *system, TkrCombatant **orc_out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  TkrCampaign *campaign = tkr_campaign_new (rules);
  TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
  TkrCharacter *alice, *orc, *spy;

  g_assert_no_error (error);
  alice = tkr_campaign_add_pc (campaign, "Alice");
  orc = tkr_campaign_add_npc (campaign, "Orc");
  spy = tkr_campaign_add_npc (campaign, "Spy");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  orc = tkr_campaign_add_to_encounter (campaign, orc, &error);
  spy = tkr_campaign_add_to_encounter (campaign, spy, &error);
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  /* The Action-Point system starts with a Reset: the order comes after. */
  if (TKR_IS_AP_ENCOUNTER (encounter))
    g_assert_true (tkr_ap_encounter_run_reset (TKR_AP_ENCOUNTER (encounter), NULL, &error));
  g_assert_true (tkr_encounter_set_hidden (encounter, tkr_encounter_find_combatant (encounter, spy),
                                           TRUE, &error));
  g_assert_no_error (error);
  *orc_out = tkr_encounter_find_combatant (encounter, orc);
  return campaign;
}

/* What the table file holds, in each system: no hidden combatant, the
 * round, and an NPC's health only as the GM chose. */
static void
test_table_build (gconstpointer data)
{
  TkrCombatant *orc;
  g_autoptr (TkrCampaign) campaign = running_campaign (data, &orc);
  TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
  g_autoptr (GBytes) word = tkr_table_file_to_bytes (encounter, "word");
  g_autoptr (GBytes) numbers = tkr_table_file_to_bytes (encounter, "numbers");
  g_autoptr (GBytes) hidden = tkr_table_file_to_bytes (encounter, "hidden");
  g_autofree char *word_text = g_strndup (g_bytes_get_data (word, NULL), g_bytes_get_size (word));
  g_autofree char *numbers_text =
    g_strndup (g_bytes_get_data (numbers, NULL), g_bytes_get_size (numbers));
  g_autofree char *hidden_text =
    g_strndup (g_bytes_get_data (hidden, NULL), g_bytes_get_size (hidden));

  g_assert_nonnull (strstr (word_text, "\"turnkeeper-table\""));
  g_assert_nonnull (strstr (word_text, "\"Alice\""));
  g_assert_nonnull (strstr (word_text, "\"Orc 2\""));
  g_assert_null (strstr (word_text, "Spy"));
  g_assert_nonnull (strstr (word_text, "\"health_word\" : \"unhurt\""));
  g_assert_null (strstr (hidden_text, "health_word"));
  g_assert_nonnull (strstr (numbers_text, "\"maximum\""));
  g_assert_null (strstr (numbers_text, "health_word"));

  /* The Kleptonomicon's zones in play go with it, and a follower reads
   * them as the player view words them. */
  if (TKR_IS_KLEP_ENCOUNTER (encounter))
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) zoned = NULL;
      g_autofree char *zoned_text = NULL;

      g_assert_nonnull (tkr_klep_encounter_add_zone (TKR_KLEP_ENCOUNTER (encounter), "Fire", 2,
                                                     "the brazier", &error));
      g_assert_no_error (error);
      zoned = tkr_table_file_to_bytes (encounter, "word");
      zoned_text = g_strndup (g_bytes_get_data (zoned, NULL), g_bytes_get_size (zoned));
      g_assert_nonnull (strstr (zoned_text, "Fire ×2 (the brazier)"));
      {
        g_autofree char *folder = make_folder ();
        g_autoptr (GFile) file = g_file_new_build_filename (folder, "Table.tktable", NULL);
        g_autoptr (TkrTableFollower) follower = tkr_table_follower_new (file);

        write_file (file, zoned);
        tkr_table_follower_start (follower);
        g_assert_cmpstr (tkr_table_follower_get_zones (follower), ==, "Fire ×2 (the brazier)");
        g_clear_object (&follower);
        remove_folder (folder);
      }
    }
}

typedef struct
{
  TkrTableFollower *follower;
  guint serial;
  gboolean waiting;
} FollowExpect;

static gboolean
follower_past (gpointer data)
{
  FollowExpect *e = data;
  return tkr_table_follower_get_serial (e->follower) > e->serial;
}

static gboolean
follower_waiting (gpointer data)
{
  FollowExpect *e = data;
  return tkr_table_follower_get_waiting (e->follower) == e->waiting;
}

/* The follower reads what the publisher writes after each step, keeps
 * the last good version while a new one arrives in pieces, and takes the
 * new one once whole. */
static void
test_table_follow (void)
{
  g_autofree char *folder = make_folder ();
  g_autoptr (GFile) file = g_file_new_build_filename (folder, "table.tktable", NULL);
  TkrCombatant *orc;
  g_autoptr (TkrCampaign) campaign = running_campaign ("pf2e", &orc);
  TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
  g_autoptr (TkrTablePublisher) publisher = tkr_table_publisher_new (encounter, file);
  g_autoptr (TkrTableFollower) follower = tkr_table_follower_new (file);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) whole = NULL;
  g_autoptr (GBytes) half = NULL;
  FollowExpect e = { follower, 0, TRUE };
  int round;

  tkr_table_follower_set_settle_time (30);
  tkr_table_follower_start (follower);
  g_assert_true (tkr_table_follower_get_waiting (follower));

  tkr_table_publisher_publish (publisher);
  wait_for (follower_past, &e, "the first table");
  g_assert_cmpstr (tkr_table_follower_get_phase (follower), ==, "main");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_table_follower_get_entries (follower)), ==, 2);
  round = tkr_table_follower_get_round (follower);

  /* Next turns until a new round: the follower shows it. */
  while (tkr_encounter_get_round (encounter) == round)
    g_assert_true (tkr_encounter_next_turn (encounter, &error));
  g_assert_no_error (error);
  e.serial = tkr_table_follower_get_serial (follower);
  wait_for (follower_past, &e, "the next round");
  g_assert_cmpint (tkr_table_follower_get_round (follower), ==, round + 1);

  /* A transfer half done: the last good table stays, waiting. */
  whole = tkr_table_file_to_bytes (encounter, "numbers");
  half = g_bytes_new_from_bytes (whole, 0, g_bytes_get_size (whole) / 3);
  while (tkr_table_publisher_is_busy (publisher))
    g_main_context_iteration (NULL, TRUE);
  write_file (file, half);
  e.waiting = TRUE;
  wait_for (follower_waiting, &e, "waiting for the rest");
  g_assert_cmpint (tkr_table_follower_get_round (follower), ==, round + 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_table_follower_get_entries (follower)), ==, 2);
  write_file (file, whole);
  e.waiting = FALSE;
  wait_for (follower_waiting, &e, "the whole table");
  {
    g_autoptr (TkrTableEntry) entry =
      g_list_model_get_item (tkr_table_follower_get_entries (follower), 0);
    g_assert_nonnull (strstr (tkr_table_entry_get_health_text (entry), "/"));
  }
  g_clear_object (&publisher);
  g_clear_object (&follower);
  remove_folder (folder);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sync/names/conflict-copies", test_conflict_copy_names);
  g_test_add_func ("/sync/links/round-trip", test_links_round_trip);
  g_test_add_func ("/sync/links/refused", test_links_refused);
  g_test_add_func ("/sync/links/follow-removal", test_links_follow_removal);
#define SHEET_TEST(path, func)                                                                     \
  g_test_add (path, SheetFixture, NULL, sheet_setup, func, sheet_teardown)
  SHEET_TEST ("/sync/sheet/written", test_sheet_written);
  SHEET_TEST ("/sync/sheet/outside-change-applied", test_sheet_outside_change_applied);
  SHEET_TEST ("/sync/sheet/conflict-keep-mine", test_sheet_conflict_keep_mine);
  SHEET_TEST ("/sync/sheet/conflict-take-theirs", test_sheet_conflict_take_theirs);
  SHEET_TEST ("/sync/sheet/conflict-copy", test_sheet_conflict_copy);
  SHEET_TEST ("/sync/sheet/partial-write", test_sheet_partial_write);
  g_test_add_func ("/sync/sheet/not-a-sheet", test_sheet_not_a_sheet);
  g_test_add_func ("/sync/sheet/apply-whole", test_sheet_apply_whole);
#define OPEN_TEST(path, data, func)                                                                \
  g_test_add (path, OpenFixture, data, open_setup, func, open_teardown)
  OPEN_TEST ("/sync/open/neither-changed", NULL, test_open_neither);
  OPEN_TEST ("/sync/open/gm-changed", NULL, test_open_gm_changed);
  OPEN_TEST ("/sync/open/file-changed", NULL, test_open_file_changed);
  OPEN_TEST ("/sync/open/both-changed-keep-mine", GINT_TO_POINTER (TRUE), test_open_both_changed);
  OPEN_TEST ("/sync/open/both-changed-take-theirs", NULL, test_open_both_changed);
  OPEN_TEST ("/sync/open/old-link", NULL, test_open_old_link);
  g_test_add_func ("/sync/open/bad-record", test_open_bad_record);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autofree char *path = g_strdup_printf ("/sync/table/build/%s", systems[i]);
      g_test_add_data_func (path, systems[i], test_table_build);
    }
  g_test_add_func ("/sync/table/follow", test_table_follow);
  return g_test_run ();
}
