/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Saving never loses a file (help/C/files-and-backups.page, "Saving happens
 * by itself" and "Backups"; the design is at the top of the saving part of
 * src/core/campaign/tkr-file.c). */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "file-safety-common.h"

#define NAME "campaign.tkcampaign"
#define EXIT_SKIP 77

static char *
make_dir (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("tkr-file-safety-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_tree (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

/* The names in @dir, sorted, joined by spaces. */
static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static char *
list_dir (const char *dir)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static guint
count_temps (const char *dir)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint count = 0;

  while ((name = g_dir_read_name (listing)) != NULL)
    if (strstr (name, ".tkr-") != NULL)
      count++;
  return count;
}

static GBytes *
text (gsize size, char fill)
{
  char *data = g_malloc (size);

  memset (data, fill, size);
  return g_bytes_new_take (data, size);
}

static void
assert_file_holds (const char *path, GBytes *expected)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, g_bytes_get_data (expected, NULL),
                   g_bytes_get_size (expected));
}

static void
save_ok (const char *path, GBytes *bytes)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_file_save (file, bytes, NULL, &error));
  g_assert_no_error (error);
}

/* Injected faults */

typedef struct
{
  TkrFileStep step;
  guint nth; /* fail the nth time the step is reached */
  int error_number;
  const char *dir;
  guint reached;
  guint temps_at_fault; /* temporary files present when the fault hit */
} Fault;

static int
inject (TkrFileStep step, gpointer user_data)
{
  Fault *fault = user_data;

  if (step != fault->step || ++fault->reached != fault->nth)
    return 0;
  fault->temps_at_fault = count_temps (fault->dir);
  return fault->error_number;
}

/* Rule: a write error at any step of a save leaves the old file byte for
 * byte and no temporary file, and the message says what happened and that
 * the file is unchanged. */
static void
test_injected_errors_keep_old_file (void)
{
  static const struct
  {
    TkrFileStep step;
    guint nth;
    int error_number;
    int code;
    const char *words;
  } cases[] = {
    { TKR_FILE_STEP_CREATED, 1, EIO, G_IO_ERROR_FAILED, "The disk reported an error" },
    { TKR_FILE_STEP_WRITE, 1, ENOSPC, G_IO_ERROR_NO_SPACE, "The disk is full." },
    { TKR_FILE_STEP_WRITE, 3, ENOSPC, G_IO_ERROR_NO_SPACE, "The disk is full." },
    { TKR_FILE_STEP_WRITE, 4, EDQUOT, G_IO_ERROR_NO_SPACE, "quota" },
    { TKR_FILE_STEP_SYNC, 1, EIO, G_IO_ERROR_FAILED, "The disk reported an error" },
    { TKR_FILE_STEP_RENAME, 1, EACCES, G_IO_ERROR_PERMISSION_DENIED,
      "You do not have permission to write to this folder." },
  };
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, NAME, NULL);
  g_autofree char *new_path = g_build_filename (dir, "new.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) new_file = g_file_new_for_path (new_path);
  g_autoptr (GBytes) old = text (100 * 1024 + 17, 'o');
  g_autoptr (GBytes) next = text (300 * 1024 + 5, 'n');

  save_ok (path, old);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Fault fault = { cases[i].step, cases[i].nth, cases[i].error_number, dir };
      g_autoptr (GError) error = NULL;
      g_autofree char *listing = NULL;

      tkr_file_set_fault_func (inject, &fault);
      g_assert_false (tkr_file_save (file, next, NULL, &error));
      tkr_file_set_fault_func (NULL, NULL);

      /* The fault hit a save under way: its temporary file existed. */
      g_assert_cmpuint (fault.reached, ==, cases[i].nth);
      g_assert_cmpuint (fault.temps_at_fault, ==, 1);
      g_assert_error (error, G_IO_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].words));
      g_assert_nonnull (strstr (error->message, "on disk is unchanged"));
      assert_file_holds (path, old);
      listing = list_dir (dir);
      g_assert_cmpstr (listing, ==, NAME);

      /* The first save of a new file fails the same way: no file at all. */
      fault = (Fault){ cases[i].step, cases[i].nth, cases[i].error_number, dir };
      g_clear_error (&error);
      tkr_file_set_fault_func (inject, &fault);
      g_assert_false (tkr_file_save (new_file, next, NULL, &error));
      tkr_file_set_fault_func (NULL, NULL);
      g_assert_cmpuint (fault.temps_at_fault, ==, 1);
      g_assert_nonnull (strstr (error->message, "Nothing was written"));
      g_free (listing);
      listing = list_dir (dir);
      g_assert_cmpstr (listing, ==, NAME);
    }

  /* Without a fault the same save goes through. */
  save_ok (path, next);
  assert_file_holds (path, next);
  remove_tree (dir);
}

/* Rule: a real write error from the kernel (here the file size limit,
 * EFBIG after a partial write) leaves the old file and no temporary file. */
static void
test_real_write_error_keeps_old_file (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, NAME, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GBytes) old = text (10 * 1024, 'o');
  g_autoptr (GBytes) next = text (300 * 1024, 'n');
  g_autoptr (GError) error = NULL;
  g_autofree char *listing = NULL;
  struct rlimit saved, limited;
  void (*saved_handler) (int);

  save_ok (path, old);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limited = saved;
  limited.rlim_cur = 100 * 1024;
  saved_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limited), ==, 0);

  g_assert_false (tkr_file_save (file, next, NULL, &error));

  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, saved_handler);
  g_assert_error (error, G_IO_ERROR, (int) g_io_error_from_errno (EFBIG));
  g_assert_nonnull (strstr (error->message, "too large for this disk"));
  g_assert_nonnull (strstr (error->message, "on disk is unchanged"));
  assert_file_holds (path, old);
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, NAME);
  remove_tree (dir);
}

/* Rule: on a full disk (a 64 KiB tmpfs) the old file stays whole and the
 * space of the failed save is free again. Skips without mount rights. */
static void
test_full_disk (void)
{
  g_autofree char *dir = make_dir ();
  const char *argv[] = { TKR_FILE_SAFETY_SAVER, "full-disk", dir, NULL };
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                               &status, &error));
  g_assert_no_error (error);
  g_rmdir (dir);
  if (WIFEXITED (status) && WEXITSTATUS (status) == EXIT_SKIP)
    {
      g_test_skip (err);
      return;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("the full-disk check failed: %s", err);
}

/* Rule: a save keeps the file's permissions; a new file gets those of the
 * umask, as any new document. */
static void
test_keeps_permissions (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, NAME, NULL);
  g_autofree char *new_path = g_build_filename (dir, "new.tkcampaign", NULL);
  g_autoptr (GBytes) bytes = text (1000, 'x');
  static const mode_t modes[] = { 0600, 0640, 0444, 0664 };
  struct stat st;
  mode_t old_umask;

  save_ok (path, bytes);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_assert_cmpint (g_chmod (path, modes[i]), ==, 0);
      save_ok (path, bytes);
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 07777, ==, modes[i]);
    }

  old_umask = umask (027);
  save_ok (new_path, bytes);
  umask (old_umask);
  g_assert_cmpint (g_stat (new_path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);
  remove_tree (dir);
}

/* Rule: saving through a symbolic link writes the file it leads to; the
 * link stays a link, relative or absolute, and one to a file not yet
 * there creates that file. */
static void
test_writes_through_symlinks (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *real = g_build_filename (real_dir, NAME, NULL);
  g_autofree char *relative = g_build_filename (dir, "relative.tkcampaign", NULL);
  g_autofree char *absolute = g_build_filename (dir, "absolute.tkcampaign", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.tkcampaign", NULL);
  g_autofree char *dangling_target = g_build_filename (real_dir, "later.tkcampaign", NULL);
  g_autofree char *backup = g_strconcat (real, "~", NULL);
  g_autoptr (GBytes) one = text (5000, '1');
  g_autoptr (GBytes) two = text (7000, '2');
  g_autoptr (GBytes) three = text (9000, '3');
  g_autoptr (GFile) relative_file = g_file_new_for_path (relative);
  g_autoptr (GError) error = NULL;
  g_autofree char *link_text = NULL;
  g_autofree char *listing = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir (real_dir, 0700), ==, 0);
  save_ok (real, one);
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_assert_cmpint (symlink ("real/" NAME, relative), ==, 0);
  g_assert_cmpint (symlink (real, absolute), ==, 0);
  g_assert_cmpint (symlink ("real/later.tkcampaign", dangling), ==, 0);

  g_assert_true (tkr_file_backup (relative_file, NULL, &error));
  g_assert_no_error (error);
  save_ok (relative, two);
  g_assert_cmpint (lstat (relative, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  link_text = g_file_read_link (relative, NULL);
  g_assert_cmpstr (link_text, ==, "real/" NAME);
  assert_file_holds (real, two);
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  /* The backup sits beside the file, not beside the link. */
  assert_file_holds (backup, one);

  save_ok (absolute, three);
  g_assert_cmpint (lstat (absolute, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_file_holds (real, three);

  save_ok (dangling, one);
  g_assert_cmpint (lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_file_holds (dangling_target, one);

  listing = list_dir (real_dir);
  g_assert_cmpstr (listing, ==, NAME " " NAME "~ later.tkcampaign");
  remove_tree (dir);
}

/* Rule: the temporary files of interrupted saves are removed at the next
 * save or open of the same file; only that pattern, only in that folder,
 * and never one a running save holds. */
static void
test_removes_only_stray_temps (void)
{
  static const char *const strays[] = { "." NAME ".tkr-AbC123", "." NAME "~.tkr-x1y2z3" };
  static const char *const kept[] = {
    "." NAME ".tkr-AbC1234",        /* not the pattern: one letter more */
    ".other.tkcampaign.tkr-AbC123", /* another file's */
    ".goutputstream-AbC123",        /* another program's */
    NAME ".tkr-AbC123",             /* not hidden */
  };
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, NAME, NULL);
  g_autofree char *busy = g_build_filename (dir, "." NAME ".tkr-BUSY00", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GBytes) bytes = text (2000, 'x');
  g_autoptr (GBytes) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) expected = g_string_new (NULL);
  g_autofree char *listing = NULL;
  int busy_fd;

  save_ok (path, bytes);
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (strays); i++)
        {
          g_autofree char *stray = g_build_filename (dir, strays[i], NULL);

          g_assert_true (g_file_set_contents (stray, "partial", -1, NULL));
        }
      for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
        {
          g_autofree char *other = g_build_filename (dir, kept[i], NULL);

          g_assert_true (g_file_set_contents (other, "keep", -1, NULL));
        }
      /* A save in progress in another process holds its file's lock. */
      g_assert_true (g_file_set_contents (busy, "writing", -1, NULL));
      busy_fd = g_open (busy, O_RDONLY | O_CLOEXEC, 0);
      g_assert_cmpint (flock (busy_fd, LOCK_EX), ==, 0);

      if (pass == 0)
        save_ok (path, bytes); /* the next save */
      else
        {
          loaded = tkr_file_load (file, NULL, &error); /* the next open */
          g_assert_no_error (error);
        }

      g_string_truncate (expected, 0);
      g_string_append (expected, "." NAME ".tkr-AbC1234 ." NAME ".tkr-BUSY00 "
                                 ".goutputstream-AbC123 .other.tkcampaign.tkr-AbC123 " NAME " " NAME
                                 ".tkr-AbC123");
      listing = list_dir (dir);
      g_assert_cmpstr (listing, ==, expected->str);
      g_clear_pointer (&listing, g_free);

      /* Once its save is over, the busy file is a stray like the others. */
      close (busy_fd);
      save_ok (path, bytes);
      listing = list_dir (dir);
      g_assert_null (strstr (listing, "BUSY00"));
      g_clear_pointer (&listing, g_free);
    }
  remove_tree (dir);
}

/* Rule: the backup "<name>~" holds the version before the save that made
 * it, with the file's permissions, also where hard links are missing (the
 * copy); a file not yet there needs no backup. */
static void
test_backup_keeps_previous_version (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, NAME, NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GBytes) one = text (4000, '1');
  g_autoptr (GBytes) two = text (6000, '2');
  g_autoptr (GBytes) three = text (8000, '3');
  g_autoptr (GError) error = NULL;
  g_autofree char *listing = NULL;
  Fault no_links = { TKR_FILE_STEP_BACKUP, 1, EPERM, NULL };
  struct stat st;

  g_assert_true (tkr_file_backup (file, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  save_ok (path, one);
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (tkr_file_backup (file, NULL, &error));
  save_ok (path, two);
  assert_file_holds (backup, one);
  assert_file_holds (path, two);
  g_assert_cmpint (g_stat (backup, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);

  no_links.dir = dir;
  tkr_file_set_fault_func (inject, &no_links);
  g_assert_true (tkr_file_backup (file, NULL, &error));
  tkr_file_set_fault_func (NULL, NULL);
  g_assert_no_error (error);
  g_assert_cmpuint (no_links.reached, ==, 1);
  save_ok (path, three);
  assert_file_holds (backup, two);
  g_assert_cmpint (g_stat (backup, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);

  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, NAME " " NAME "~");
  remove_tree (dir);
}

/* Rule: a file that holds two JSON documents is refused in plain words
 * (json-glib alone would read the first and drop the second); a comment
 * after the end, or braces inside a string, are not a second document. */
static void
test_two_documents_refused (void)
{
  static const char *const refused[] = {
    "{\"kind\": \"turnkeeper-campaign\"}{\"kind\": \"turnkeeper-campaign\"}",
    "{\"a\": 1}\n\n[1, 2]",
    "{\"a\": 1} /* note */ {\"b\": 2}",
  };
  static const char *const accepted[] = {
    "{\"a\": 1}\n",
    "{\"a\": \"}{\"}",
    "{\"a\": 1} /* { not a document } */\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) node = tkr_file_parse (refused[i], strlen (refused[i]), &error);

      g_assert_null (node);
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "two files joined together"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) node = tkr_file_parse (accepted[i], strlen (accepted[i]), &error);

      g_assert_no_error (error);
      g_assert_nonnull (node);
    }
}

/* Rule: a folder the person may not write to gives a message that says
 * so. As root permissions are not checked, so the error is injected. */
static void
test_permission_message (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, NAME, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GBytes) old = text (3000, 'o');
  g_autoptr (GBytes) next = text (4000, 'n');
  g_autoptr (GError) error = NULL;
  Fault denied = { TKR_FILE_STEP_CREATED, 1, EACCES, NULL };

  save_ok (path, old);
  g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
  if (geteuid () == 0)
    {
      denied.dir = dir;
      tkr_file_set_fault_func (inject, &denied);
    }
  g_assert_false (tkr_file_save (file, next, NULL, &error));
  tkr_file_set_fault_func (NULL, NULL);
  g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (
    strstr (error->message, "You do not have permission to write to this folder. The file"));
  g_assert_nonnull (strstr (error->message, "on disk is unchanged."));
  assert_file_holds (path, old);
  remove_tree (dir);
}

/* Issue 13, "Saves that the app can open again": loading refuses a file
 * over TKR_FILE_MAX_SIZE, so a save that big is refused with a plain
 * message, the old file left as it was and no temporary file made; one of
 * exactly that size is saved and reads back. */
static void
test_save_larger_than_load_limit (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, NAME, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GBytes) old = text (3000, 'o');
  g_autoptr (GBytes) too_big = text (TKR_FILE_MAX_SIZE + 1, 'n');
  g_autoptr (GBytes) largest = text (TKR_FILE_MAX_SIZE, 'l');
  g_autoptr (GBytes) reread = NULL;
  g_autoptr (GError) error = NULL;

  save_ok (path, old);
  g_assert_false (tkr_file_save (file, too_big, NULL, &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE);
  {
    g_autofree char *limit =
      g_strdup_printf ("up to %d MiB, so it was not saved", TKR_FILE_MAX_SIZE / (1024 * 1024));

    g_assert_nonnull (strstr (error->message, limit));
  }
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  assert_file_holds (path, old);
  g_assert_cmpuint (count_temps (dir), ==, 0);
  g_clear_error (&error);

  save_ok (path, largest);
  reread = tkr_file_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (reread, largest));
  remove_tree (dir);
}

/* The crash test */

typedef struct
{
  char *dir;
  char *path;
  char *backup;
  char *base_path;
  GBytes *base;
  int last;   /* version on disk, -1 when there is no file */
  guint next; /* the next version a child starts at */
  guint kills;
  guint first_save_kills;
  guint strays_seen;
} Crash;

/* The version in @path, checked byte for byte; -1 when there is none. */
static int
version_on_disk (Crash *crash, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (GBytes) expected = NULL;
  guint version = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return -1;
  /* Opening is also when strays are removed. */
  bytes = tkr_file_load (file, NULL, &error);
  g_assert_no_error (error);
  campaign = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sscanf (tkr_campaign_get_name (campaign), "Version %u", &version), ==, 1);
  expected = file_safety_version (crash->base, version);
  g_assert_true (g_bytes_equal (bytes, expected));
  return (int) version;
}

/* Runs one child from version crash->next and kills it (or lets it kill
 * itself at @die_step), then checks what it left. */
static void
crash_round (Crash *crash, gboolean new_file, int die_step, guint die_nth, guint max_delay_us)
{
  g_autofree char *first = g_strdup_printf ("%u", crash->next);
  g_autofree char *step = g_strdup_printf ("%d", die_step);
  g_autofree char *nth = g_strdup_printf ("%u", die_nth);
  const char *argv[] = { TKR_FILE_SAFETY_SAVER,       "save", crash->path, crash->base_path, first,
                         die_step >= 0 ? step : NULL, nth,    NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  g_autofree char *listing = NULL;
  g_autofree char *expected = NULL;
  GPid pid;
  int out_fd;
  int status = 0;
  int found;
  guint temps;
  int old = crash->last;

  if (new_file)
    {
      g_unlink (crash->path);
      g_unlink (crash->backup);
      old = -1;
    }

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);
  channel = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  g_assert_cmpint (g_io_channel_read_line (channel, &line, NULL, NULL, NULL), ==,
                   G_IO_STATUS_NORMAL);
  g_assert_cmpstr (line, ==, "ready\n");

  if (die_step < 0)
    {
      g_usleep (g_random_int_range (0, (int) max_delay_us + 1));
      kill (pid, SIGKILL);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  /* It never stops by itself: it was killed, by us or by its own fault. */
  if (WIFEXITED (status))
    g_error ("the saving child stopped by itself with status %d", WEXITSTATUS (status));
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
  crash->kills++;

  temps = count_temps (crash->dir);
  crash->strays_seen += temps;

  /* Old or new, whole: the version on disk is the one before or one the
   * child wrote, never anything else. */
  found = version_on_disk (crash, crash->path);
  if (found < 0)
    g_assert_cmpint (old, ==, -1);
  else
    g_assert_cmpint (found, >=, old < 0 ? (int) crash->next : old);
  if (new_file && found < 0)
    crash->first_save_kills++;

  /* Where the child died decides exactly what is there. */
  if (die_step == TKR_FILE_STEP_RENAMED)
    g_assert_cmpint (found, ==, (int) crash->next + (int) die_nth - 1);
  else if (die_step >= 0 && die_step != TKR_FILE_STEP_BACKUP)
    {
      /* WRITE counts chunks of the first save; the others count saves. */
      guint completed = die_step == TKR_FILE_STEP_WRITE ? 0 : die_nth - 1;
      int expected_version = completed == 0 ? old : (int) (crash->next + completed - 1);

      g_assert_cmpint (found, ==, expected_version);
      /* It died holding a temporary file, which opening removed. */
      g_assert_cmpuint (temps, ==, 1);
    }

  /* The backup, when there is one, is a whole version too. */
  if (g_file_test (crash->backup, G_FILE_TEST_EXISTS))
    g_assert_cmpint (version_on_disk (crash, crash->backup), >=, 0);

  /* The next save or open removed every temporary file. */
  if (found < 0)
    {
      g_autoptr (GBytes) bytes = file_safety_version (crash->base, crash->next);

      save_ok (crash->path, bytes);
      found = (int) crash->next;
    }
  listing = list_dir (crash->dir);
  expected = g_file_test (crash->backup, G_FILE_TEST_EXISTS) ? g_strdup (NAME " " NAME "~")
                                                             : g_strdup (NAME);
  g_assert_cmpstr (listing, ==, expected);

  crash->last = found;
  /* Versions only grow, so each round's are new. */
  crash->next = (guint) found + 1000;
}

/* Rule: a saving process killed at any moment, 100 times and more, also
 * during the first save of a new file, leaves a file that loads and is the
 * old or the new version, never a cut one; the next save or open leaves no
 * temporary file. The kills fall at random; what is checked holds for any
 * timing, and kills at each step of a save make sure every step is hit. */
static void
test_killed_saves (void)
{
  static const struct
  {
    TkrFileStep step;
    guint nth;
  } steps[] = {
    { TKR_FILE_STEP_BACKUP, 1 },  { TKR_FILE_STEP_CREATED, 1 }, { TKR_FILE_STEP_WRITE, 1 },
    { TKR_FILE_STEP_WRITE, 4 },   { TKR_FILE_STEP_SYNC, 1 },    { TKR_FILE_STEP_RENAME, 1 },
    { TKR_FILE_STEP_RENAMED, 1 }, { TKR_FILE_STEP_CREATED, 2 }, { TKR_FILE_STEP_RENAME, 3 },
    { TKR_FILE_STEP_RENAMED, 2 },
  };
  Crash crash = { 0 };
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autoptr (GBytes) probe = NULL;
  g_autofree char *base_dir = NULL;
  gint64 start;
  guint save_us;
  guint rounds = g_test_slow () ? 1000 : 120;

  crash.dir = make_dir ();
  crash.path = g_build_filename (crash.dir, NAME, NULL);
  crash.backup = g_strconcat (crash.path, "~", NULL);
  /* The children's starting point, in a folder of its own: runs side by
   * side (parallel builds) must not share it. */
  base_dir = make_dir ();
  crash.base_path = g_build_filename (base_dir, "base.tkcampaign", NULL);
  crash.next = 1;

  /* A campaign large enough (a few hundred KiB) that a save takes a while. */
  for (guint i = 0; i < 150; i++)
    {
      g_autofree char *name = g_strdup_printf ("Goblin %u", i);

      tkr_campaign_add_npc (campaign, name);
    }
  crash.base = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_file_set_contents (crash.base_path, g_bytes_get_data (crash.base, NULL),
                                      g_bytes_get_size (crash.base), NULL));

  /* How long one save takes here sets the range of the random delays. */
  probe = file_safety_version (crash.base, 0);
  start = g_get_monotonic_time ();
  save_ok (crash.path, probe);
  save_us = (guint) MAX (g_get_monotonic_time () - start, 100);
  /* Version 0 is the old file of the first round. */
  crash.last = 0;
  g_test_message ("a save of %zu bytes takes %u µs", g_bytes_get_size (probe), save_us);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      /* A new file has no previous version to back up. */
      if (steps[i].step != TKR_FILE_STEP_BACKUP)
        crash_round (&crash, TRUE, steps[i].step, steps[i].nth, 0);
      crash_round (&crash, FALSE, steps[i].step, steps[i].nth, 0);
    }
  for (guint i = 0; i < rounds; i++)
    {
      /* Every fourth round starts without a file and is killed early, in
       * its first save; the others within a few saves. */
      gboolean new_file = i % 4 == 0;

      crash_round (&crash, new_file, -1, 0, new_file ? 2 * save_us : 6 * save_us);
    }

  g_test_message ("%u kills, %u during a first save, %u temporary files removed", crash.kills,
                  crash.first_save_kills, crash.strays_seen);
  g_assert_cmpuint (crash.kills, >=, 100);
  /* The step kills alone guarantee these, whatever the timing. */
  g_assert_cmpuint (crash.first_save_kills, >=, 6);
  g_assert_cmpuint (crash.strays_seen, >=, 10);

  remove_tree (crash.dir);
  g_unlink (crash.base_path);
  g_rmdir (base_dir);
  g_free (crash.dir);
  g_free (crash.path);
  g_free (crash.backup);
  g_free (crash.base_path);
  g_bytes_unref (crash.base);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/file-safety/save/injected-errors-keep-old-file",
                   test_injected_errors_keep_old_file);
  g_test_add_func ("/file-safety/save/real-write-error-keeps-old-file",
                   test_real_write_error_keeps_old_file);
  g_test_add_func ("/file-safety/save/full-disk-keeps-old-file", test_full_disk);
  g_test_add_func ("/file-safety/save/keeps-permissions", test_keeps_permissions);
  g_test_add_func ("/file-safety/save/writes-through-symlinks", test_writes_through_symlinks);
  g_test_add_func ("/file-safety/save/removes-only-stray-temps", test_removes_only_stray_temps);
  g_test_add_func ("/file-safety/save/permission-message", test_permission_message);
  g_test_add_func ("/file-safety/save/larger-than-load-limit-refused",
                   test_save_larger_than_load_limit);
  g_test_add_func ("/file-safety/backup/keeps-previous-version",
                   test_backup_keeps_previous_version);
  g_test_add_func ("/file-safety/parse/two-documents-refused", test_two_documents_refused);
  g_test_add_func ("/file-safety/crash/killed-saves-leave-old-or-new", test_killed_saves);

  return g_test_run ();
}
