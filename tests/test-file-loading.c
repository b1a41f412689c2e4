/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Nothing on the main thread that costs a frame (docs/ARCHITECTURE.md,
 * "Files"): a large campaign is read, parsed and built on a worker while
 * the main loop keeps turning, with its progress told on the main
 * thread; a cancelled load gives nothing; and a save that is still being
 * written while the person keeps editing writes the campaign as it was
 * when the save began or after the edit, never half of each.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tkr-core.h"

#define N_NPCS 3000

static TkrCampaign *
make_campaign (int n)
{
  TkrCampaign *campaign = tkr_campaign_new (NULL);

  tkr_campaign_add_pc (campaign, "Ada");
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Goblin %d", i + 1);

      tkr_campaign_add_npc (campaign, name);
    }
  return campaign;
}

static GFile *
write_campaign (TkrCampaign *campaign, char **dir_out)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("turnkeeper-loading-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "large.tkcampaign", NULL);
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);
  GFile *file = g_file_new_for_path (path);

  g_assert_no_error (error);
  g_assert_true (tkr_file_save (file, bytes, NULL, &error));
  g_assert_no_error (error);
  *dir_out = g_steal_pointer (&dir);
  return file;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

typedef struct
{
  GArray *fractions;  /* the progress told, in order */
  GArray *iterations; /* the main loop's turns when each came */
  guint n_iterations; /* turns of the main loop so far */
  guint cancel_at;    /* cancel at this report (1-based), 0 never */
  GCancellable *cancellable;
  gboolean done;
  TkrCampaign *campaign;
  GError *error;
  GThread *main_thread;
} Loading;

static gboolean
count_iteration_cb (gpointer user_data)
{
  Loading *loading = user_data;

  loading->n_iterations++;
  return G_SOURCE_CONTINUE;
}

static void
progress_cb (double fraction, gpointer user_data)
{
  Loading *loading = user_data;

  g_assert_true (g_thread_self () == loading->main_thread);
  g_assert_false (loading->done);
  g_array_append_val (loading->fractions, fraction);
  g_array_append_val (loading->iterations, loading->n_iterations);
  if (loading->cancel_at != 0 && loading->fractions->len == loading->cancel_at)
    g_cancellable_cancel (loading->cancellable);
}

static void
loaded_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Loading *loading = user_data;

  loading->campaign = tkr_campaign_load_finish (result, &loading->error);
  loading->done = TRUE;
}

static void
run_load (GFile *file, Loading *loading)
{
  guint idle;

  loading->fractions = g_array_new (FALSE, FALSE, sizeof (double));
  loading->iterations = g_array_new (FALSE, FALSE, sizeof (guint));
  loading->cancellable = g_cancellable_new ();
  loading->main_thread = g_thread_self ();
  idle = g_idle_add (count_iteration_cb, loading);
  tkr_campaign_load_with_progress_async (file, progress_cb, loading, NULL, loading->cancellable,
                                         loaded_cb, loading);
  /* The call itself only starts the worker: nothing is read yet. */
  g_assert_false (loading->done);
  g_assert_cmpuint (loading->fractions->len, ==, 0);
  while (!loading->done)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (idle);
}

static void
loading_clear (Loading *loading)
{
  g_clear_pointer (&loading->fractions, g_array_unref);
  g_clear_pointer (&loading->iterations, g_array_unref);
  g_clear_object (&loading->cancellable);
  g_clear_object (&loading->campaign);
  g_clear_error (&loading->error);
}

/* Rule: opening a large file tells its progress, rising to the whole, on
 * the main thread, and the main loop turns all the while (the objects are
 * built on the worker); the campaign opened is the one saved. */
static void
test_progress_and_main_loop (void)
{
  g_autoptr (TkrCampaign) campaign = make_campaign (N_NPCS);
  g_autofree char *dir = NULL;
  g_autoptr (GFile) file = write_campaign (campaign, &dir);
  g_autoptr (GBytes) saved = tkr_campaign_to_bytes (campaign);
  g_autoptr (GBytes) opened = NULL;
  Loading loading = { 0 };
  double last = 0.0;

  run_load (file, &loading);
  g_assert_no_error (loading.error);
  g_assert_nonnull (loading.campaign);
  opened = tkr_campaign_to_bytes (loading.campaign);
  g_assert_true (g_bytes_equal (saved, opened));

  /* Reading, parsing and at least one stretch of building are told. */
  g_assert_cmpuint (loading.fractions->len, >=, 3);
  for (guint i = 0; i < loading.fractions->len; i++)
    {
      double fraction = g_array_index (loading.fractions, double, i);

      g_assert_cmpfloat (fraction, >, last);
      g_assert_cmpfloat (fraction, <=, 1.0);
      last = fraction;
    }
  g_assert_cmpfloat (last, ==, 1.0);
  /* The main loop turned between the first report and the last: the
   * window could draw while the file was read, parsed and built. */
  g_assert_cmpuint (g_array_index (loading.iterations, guint, loading.iterations->len - 1), >,
                    g_array_index (loading.iterations, guint, 0));
  g_assert_cmpuint (loading.n_iterations, >, loading.fractions->len);
  loading_clear (&loading);
  remove_dir (dir);
}

/* Rule: a load cancelled while it runs gives no campaign, only
 * "cancelled", and tells no progress after its result. */
static void
test_cancel (void)
{
  g_autoptr (TkrCampaign) campaign = make_campaign (N_NPCS);
  g_autofree char *dir = NULL;
  g_autoptr (GFile) file = write_campaign (campaign, &dir);
  Loading loading = { 0 };

  loading.cancel_at = 1;
  run_load (file, &loading);
  g_assert_error (loading.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (loading.campaign);
  g_assert_cmpuint (loading.fractions->len, >=, 1);
  loading_clear (&loading);
  remove_dir (dir);
}

static void
saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  gboolean *done = user_data;
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_campaign_save_finish (TKR_CAMPAIGN (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

/* Rule: a save in progress while the person keeps editing writes a whole
 * campaign, as it was before the edit or after it, never half: an edit
 * made after the save began, at every turn of the main loop the save
 * takes, is either all in the file or not at all. */
static void
test_edit_during_save (void)
{
  g_autoptr (TkrCampaign) campaign = make_campaign (N_NPCS);
  g_autofree char *dir = NULL;
  g_autoptr (GFile) file = write_campaign (campaign, &dir);
  TkrHistory *history = tkr_campaign_get_history (campaign);

  for (guint wait = 0; wait < 6; wait++)
    {
      g_autoptr (GBytes) before = tkr_campaign_to_bytes (campaign);
      g_autoptr (GBytes) after = NULL;
      g_autoptr (GBytes) on_disk = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (TkrCharacter) first = g_list_model_get_item (tkr_campaign_get_npcs (campaign), 0);
      g_autoptr (TkrCharacter) last =
        g_list_model_get_item (tkr_campaign_get_npcs (campaign),
                               g_list_model_get_n_items (tkr_campaign_get_npcs (campaign)) - 1);
      g_autofree char *first_name = g_strdup_printf ("Renamed first %u", wait);
      g_autofree char *last_name = g_strdup_printf ("Renamed last %u", wait);
      gboolean done = FALSE;

      tkr_campaign_save_async (campaign, file, NULL, saved_cb, &done);
      for (guint i = 0; i < wait && !done; i++)
        g_main_context_iteration (NULL, TRUE);
      /* One edit touching both ends of the file, as one step. */
      tkr_history_begin (history, "Rename two");
      g_assert_true (tkr_character_rename (first, history, first_name, &error));
      g_assert_true (tkr_character_rename (last, history, last_name, &error));
      tkr_history_end (history);
      g_assert_no_error (error);
      after = tkr_campaign_to_bytes (campaign);
      while (!done)
        g_main_context_iteration (NULL, TRUE);

      on_disk = tkr_file_load (file, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (g_bytes_equal (before, after));
      g_assert_true (g_bytes_equal (on_disk, before) || g_bytes_equal (on_disk, after));
    }
  remove_dir (dir);
}

/* A file over the largest size Turnkeeper opens (TKR_FILE_MAX_SIZE) is
 * refused in plain words: what happened, the file's size (rounded up, so
 * one byte over never reads as the limit), the limit and what to do; the
 * file is left as it was. */
static void
test_too_large (void)
{
  const int limit_mib = TKR_FILE_MAX_SIZE / (1024 * 1024);
  const struct
  {
    goffset size;
    double shown_mib;
  } cases[] = {
    { (goffset) TKR_FILE_MAX_SIZE + 1, limit_mib + 0.1 },
    { (goffset) TKR_FILE_MAX_SIZE + 5 * 1024 * 1024 / 2, limit_mib + 2.5 },
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("turnkeeper-large-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "huge.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *limit = g_strdup_printf ("opens files of up to %d MiB", limit_mib);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GFileOutputStream) out = NULL;
      g_autoptr (GFileInfo) info = NULL;
      g_autoptr (GBytes) bytes = NULL;
      g_autofree char *size = g_strdup_printf ("This file is %.1f MiB", cases[i].shown_mib);

      /* A sparse file: its size without writing it. */
      out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (g_seekable_truncate (G_SEEKABLE (out), cases[i].size, NULL, &error));
      g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &error));
      g_assert_no_error (error);

      bytes = tkr_file_load (file, NULL, &error);
      g_assert_null (bytes);
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE);
      g_assert_nonnull (strstr (error->message, size));
      g_assert_nonnull (strstr (error->message, limit));
      g_assert_nonnull (strstr (error->message, "nothing was changed"));
      g_assert_nonnull (strstr (error->message, "check that this is the file you meant to open"));
      g_clear_error (&error);

      info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL,
                                &error);
      g_assert_no_error (error);
      g_assert_cmpint (g_file_info_get_size (info), ==, cases[i].size);
    }

  /* The same words from contents already read. */
  {
    gsize length = (gsize) TKR_FILE_MAX_SIZE + 1;
    g_autofree char *contents = g_malloc0 (length);
    g_autofree char *size = g_strdup_printf ("This file is %.1f MiB", limit_mib + 0.1);

    g_assert_null (tkr_file_parse (contents, length, &error));
    g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE);
    g_assert_nonnull (strstr (error->message, size));
    g_assert_nonnull (strstr (error->message, limit));
  }
  remove_dir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/file-loading/progress-and-main-loop", test_progress_and_main_loop);
  g_test_add_func ("/file-loading/cancel", test_cancel);
  g_test_add_func ("/file-saving/edit-during-save", test_edit_during_save);
  g_test_add_func ("/file-loading/too-large-says-size-and-what-to-do", test_too_large);
  return g_test_run ();
}
