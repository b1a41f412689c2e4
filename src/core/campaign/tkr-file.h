/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * The file layer shared by character and campaign files: bounded parsing
 * with errors that say where, the "kind"/"format" header, atomic saves that
 * leave the old file whole on any error, and a backup of the previous
 * version ("<name>~").
 */

/* The largest file Turnkeeper opens or saves: well above a campaign of
 * 10,000 characters with an encounter of 1,000 combatants (about 22 to
 * 25 MiB in each rule system; tests/test-large-files.c), well below what
 * would exhaust memory while it is read. */
#define TKR_FILE_MAX_SIZE (64 * 1024 * 1024)

JsonNode *tkr_file_parse (const char *contents, gsize length, GError **error);
char *tkr_file_error_get_summary (const GError *error, char **detail);
JsonObject *tkr_file_check_header (JsonNode *root,
                                   const char *expected_kind,
                                   gint64 newest_format,
                                   gint64 *format_out,
                                   GError **error);
JsonObject *tkr_file_new_header (const char *kind, gint64 format);
GBytes *tkr_file_serialize (JsonNode *root);

gboolean tkr_file_save (GFile *file, GBytes *bytes, GCancellable *cancellable, GError **error);
gboolean tkr_file_backup (GFile *file, GCancellable *cancellable, GError **error);
void tkr_file_backup_async (GFile *file,
                            GCancellable *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer user_data);
gboolean tkr_file_backup_finish (GFile *file, GAsyncResult *result, GError **error);
void tkr_file_remove_stray_temps (GFile *file);
void tkr_file_save_async (GFile *file,
                          GBytes *bytes,
                          GCancellable *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer user_data);
gboolean tkr_file_save_finish (GFile *file, GAsyncResult *result, GError **error);

/* Saving a document: @bytes were serialised by @source on the caller's
 * thread; the task belongs to @source. */
void tkr_file_save_document_async (gpointer source,
                                   gpointer source_tag,
                                   GFile *file,
                                   GBytes *bytes,
                                   GCancellable *cancellable,
                                   GAsyncReadyCallback callback,
                                   gpointer user_data);
void tkr_file_save_document_root_async (gpointer source,
                                        gpointer source_tag,
                                        GFile *file,
                                        JsonNode *root,
                                        GCancellable *cancellable,
                                        GAsyncReadyCallback callback,
                                        gpointer user_data);
gboolean tkr_file_save_document_finish (gpointer source, GAsyncResult *result, GError **error);

/* Loading a document: the bytes are read and parsed (tkr_file_parse) and
 * @build makes the object from the parsed file, all on a worker thread;
 * the caller's thread gets the finished document. */
typedef gpointer (*TkrFileBuildFunc) (JsonNode *root, GError **error);
typedef struct _TkrFileProgress TkrFileProgress;
/* A file smaller than this opens without telling progress. */
#define TKR_FILE_PROGRESS_MIN_SIZE (1024 * 1024)
typedef gpointer (*TkrFileBuildProgressFunc) (JsonNode *root,
                                              TkrFileProgress *progress,
                                              GError **error);
typedef void (*TkrFileProgressFunc) (double fraction, gpointer user_data);
void tkr_file_progress_report (TkrFileProgress *self, double fraction);
gboolean tkr_file_progress_set_cancelled (TkrFileProgress *self, GError **error);
void tkr_file_load_document_with_progress_async (GFile *file,
                                                 TkrFileBuildProgressFunc build,
                                                 TkrFileProgressFunc progress_func,
                                                 gpointer progress_data,
                                                 GDestroyNotify progress_destroy,
                                                 gpointer source_tag,
                                                 GCancellable *cancellable,
                                                 GAsyncReadyCallback callback,
                                                 gpointer user_data);
void tkr_file_load_document_async (GFile *file,
                                   TkrFileBuildFunc build,
                                   gpointer source_tag,
                                   GCancellable *cancellable,
                                   GAsyncReadyCallback callback,
                                   gpointer user_data);
/* As tkr_file_load_document_with_progress_async(), with @build given the
 * file's bytes to parse itself (a campaign reads its large lists one
 * element at a time, tkr-json-reader.h). */
typedef gpointer (*TkrFileBuildBytesFunc) (GBytes *bytes,
                                           TkrFileProgress *progress,
                                           GError **error);
void tkr_file_load_document_from_bytes_async (GFile *file,
                                              TkrFileBuildBytesFunc build,
                                              TkrFileProgressFunc progress_func,
                                              gpointer progress_data,
                                              GDestroyNotify progress_destroy,
                                              gpointer source_tag,
                                              GCancellable *cancellable,
                                              GAsyncReadyCallback callback,
                                              gpointer user_data);
gpointer tkr_file_load_document_finish (GAsyncResult *result, GError **error);

GBytes *tkr_file_load (GFile *file, GCancellable *cancellable, GError **error);
void tkr_file_load_async (GFile *file,
                          GCancellable *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer user_data);
GBytes *tkr_file_load_finish (GFile *file, GAsyncResult *result, GError **error);

/* For tests only: the steps of a save where a fault can be injected. The
 * function returns the errno the step fails with, or 0 to go on; it is
 * called on the thread that saves. At TKR_FILE_STEP_WRITE (before each
 * chunk) part of the chunk is written first, as on a full disk; a fault at
 * TKR_FILE_STEP_BACKUP stands for a file system without hard links.
 * TKR_FILE_STEP_RENAMED (after the rename) cannot fail; a test may end
 * the process there. */
typedef enum
{
  TKR_FILE_STEP_CREATED,
  TKR_FILE_STEP_WRITE,
  TKR_FILE_STEP_SYNC,
  TKR_FILE_STEP_RENAME,
  TKR_FILE_STEP_RENAMED,
  TKR_FILE_STEP_BACKUP,
} TkrFileStep;
typedef int (*TkrFileFaultFunc) (TkrFileStep step, gpointer user_data);
void tkr_file_set_fault_func (TkrFileFaultFunc func, gpointer user_data);

G_END_DECLS
