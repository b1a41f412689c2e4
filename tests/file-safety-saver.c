/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The child of test-file-safety.
 *
 *   file-safety-saver save PATH BASE FIRST [STEP N]
 *     keeps the previous version of PATH as its backup, then saves versions
 *     FIRST, FIRST+1, ... of the campaign file BASE into PATH until it is
 *     killed; prints "ready" before the first save. With STEP and N it
 *     kills itself at the Nth time a save reaches STEP (a TkrFileStep).
 *
 *   file-safety-saver full-disk DIR
 *     mounts a 64 KiB tmpfs on DIR in a mount namespace of its own and
 *     checks that a save that does not fit leaves the old file whole and
 *     no temporary file; exits 77 when it cannot mount (no privileges). */

#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "file-safety-common.h"

#define EXIT_SKIP 77

static int die_step = -1;
static guint die_count;

static int
die_at (TkrFileStep step, gpointer user_data)
{
  if ((int) step == die_step && --die_count == 0)
    raise (SIGKILL);
  return 0;
}

static int
run_save (const char *path, const char *base_path, guint first)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) base = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (base_path, &contents, &length, &error))
    g_error ("%s", error->message);
  base = g_bytes_new_take (contents, length);
  campaign = tkr_campaign_new_from_bytes (base, &error);
  g_assert_no_error (error);
  tkr_file_set_fault_func (die_at, NULL);

  printf ("ready\n");
  fflush (stdout);

  /* As a document does before its first save. */
  if (!tkr_file_backup (file, NULL, &error))
    g_error ("%s", error->message);
  for (guint version = first;; version++)
    {
      g_autofree char *name = g_strdup_printf ("Version %u", version);
      g_autoptr (GBytes) bytes = NULL;

      g_object_set (campaign, "name", name, NULL);
      bytes = tkr_campaign_to_bytes (campaign);
      if (!tkr_file_save (file, bytes, NULL, &error))
        g_error ("%s", error->message);
      /* A step that is never reached must not hang the test. */
      if (die_step >= 0 && version - first > 50)
        return 3;
    }
  return EXIT_SUCCESS;
}

/* A mount namespace of our own, so the tmpfs vanishes with the process:
 * as root directly, otherwise inside a user namespace where allowed. */
static gboolean
enter_mount_namespace (void)
{
  uid_t uid = geteuid ();
  gid_t gid = getegid ();
  g_autofree char *uid_map = NULL;
  g_autofree char *gid_map = NULL;

  if (unshare (CLONE_NEWNS) != 0)
    {
      if (unshare (CLONE_NEWUSER | CLONE_NEWNS) != 0)
        return FALSE;
      uid_map = g_strdup_printf ("0 %u 1\n", (guint) uid);
      gid_map = g_strdup_printf ("0 %u 1\n", (guint) gid);
      g_file_set_contents ("/proc/self/setgroups", "deny", -1, NULL);
      if (!g_file_set_contents ("/proc/self/uid_map", uid_map, -1, NULL) ||
          !g_file_set_contents ("/proc/self/gid_map", gid_map, -1, NULL))
        return FALSE;
    }
  return mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
}

static GBytes *
filler (gsize size, char fill)
{
  /* A Turnkeeper-looking text: the content does not matter here. */
  char *data = g_malloc (size);

  memset (data, fill, size);
  return g_bytes_new_take (data, size);
}

static guint
count_entries (const char *dir)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  guint count = 0;

  while (listing != NULL && g_dir_read_name (listing) != NULL)
    count++;
  return count;
}

static int
run_full_disk (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "campaign.tkcampaign", NULL);
  g_autofree char *new_path = g_build_filename (dir, "new.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) new_file = g_file_new_for_path (new_path);
  g_autoptr (GBytes) old = filler (8 * 1024, 'a');
  g_autoptr (GBytes) big = filler (200 * 1024, 'b');
  g_autoptr (GBytes) fits = filler (16 * 1024, 'c');
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!enter_mount_namespace () || mount ("tmpfs", dir, "tmpfs", 0, "size=64k") != 0)
    {
      fprintf (stderr, "cannot mount a tmpfs here: %s\n", g_strerror (errno));
      return EXIT_SKIP;
    }

  g_assert_true (tkr_file_save (file, old, NULL, &error));
  g_assert_no_error (error);

  /* Rule: a save on a full disk fails, says so, and leaves the file. */
  g_assert_false (tkr_file_save (file, big, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, "The disk is full."));
  g_assert_nonnull (strstr (error->message, "unchanged"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, g_bytes_get_data (old, NULL), g_bytes_get_size (old));
  g_assert_cmpuint (count_entries (dir), ==, 1);

  /* The first save of a new file: nothing is left. */
  g_assert_false (tkr_file_save (new_file, big, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_clear_error (&error);
  g_assert_false (g_file_test (new_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_entries (dir), ==, 1);

  /* The space the failed saves took is free again. */
  g_assert_true (tkr_file_save (file, fits, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_entries (dir), ==, 1);
  return EXIT_SUCCESS;
}

int
main (int argc, char **argv)
{
  /* Before any thread exists: unshare refuses a user namespace then. */
  if (argc == 3 && g_str_equal (argv[1], "full-disk"))
    return run_full_disk (argv[2]);

  if (argc == 7 && g_str_equal (argv[1], "save"))
    {
      die_step = atoi (argv[5]);
      die_count = (guint) atoi (argv[6]);
      return run_save (argv[2], argv[3], (guint) atoi (argv[4]));
    }
  if (argc == 5 && g_str_equal (argv[1], "save"))
    return run_save (argv[2], argv[3], (guint) atoi (argv[4]));

  fprintf (stderr, "usage: see the top of %s\n", __FILE__);
  return EXIT_FAILURE;
}
