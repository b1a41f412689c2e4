/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tkr-document.h"
#include "tkr-file.h"

#define DEFAULT_AUTOSAVE_DELAY_MS 2000

struct _TkrDocument
{
  GObject parent_instance;

  TkrCampaign *campaign;
  TkrDocumentKind kind;
  TkrCharacter *character; /* the PC of a character file */
  GFile *file;
  GFile *autosave_file;
  /* The file whose previous version this document has kept as "<name>~",
   * once, before its first save to it (help/C/files-and-backups.page). */
  GFile *backed_up;
  char *title;
  GSettings *settings;

  guint autosave_delay_ms;
  guint autosave_source;
  guint prepare_source; /* writing the first save's texts ahead, between events */
  gulong changed_handler;

  /* Each change bumps change_serial; a save remembers the serial it wrote,
   * so a change made while it ran keeps the document dirty. */
  guint change_serial;
  guint saved_serial;
  GQueue save_queue; /* SaveJob*, waiting while another save runs */
  gboolean saving;
  guint dirty : 1;

  /* Outside changes (help/C/files-and-backups.page, "Changed by another
   * program"): the file's entity tag as this document last read or wrote
   * it, and a monitor that notices another program writing it. While the
   * two disagree the document is in "conflict" and writes nothing over
   * the file until the person chooses. */
  char *disk_etag;
  GFileMonitor *monitor;
  guint conflict : 1;
  guint recheck_after_save : 1;

  /* A campaign's journal (help/C/files-and-backups.page, "Undo after a
   * restart"): its events beside the file, compacted at every save; the
   * message when the one found at opening could not be used. */
  TkrJournal *journal;
  char *journal_notice;
};

typedef struct
{
  TkrDocument *document;
  GFile *target;
  GTask *task; /* NULL for an autosave */
  guint serial;
  gboolean becomes_file;
  char *checksum; /* of what was written, from the save's worker */
} SaveJob;

G_DEFINE_FINAL_TYPE (TkrDocument, tkr_document, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (TkrDocumentKind,
                    tkr_document_kind,
                    G_DEFINE_ENUM_VALUE (TKR_DOCUMENT_KIND_CAMPAIGN, "campaign"),
                    G_DEFINE_ENUM_VALUE (TKR_DOCUMENT_KIND_CHARACTER, "character"))
G_DEFINE_QUARK (tkr - document - error - quark, tkr_document_error)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_KIND,
  PROP_CHARACTER,
  PROP_FILE,
  PROP_AUTOSAVE_FILE,
  PROP_TITLE,
  PROP_DIRTY,
  PROP_AUTOSAVE_DELAY_MS,
  PROP_CONFLICT,
  PROP_JOURNAL,
  N_PROPS
};

enum
{
  SAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void run_next_save (TkrDocument *self);
static void watch_file (TkrDocument *self);

/* The schema is installed with the application; a test or an uninstalled
 * run may lack it, and GSettings aborts on an unknown schema. */
static GSettings *
settings_new_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source == NULL)
    return NULL;
  schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "last-document"))
    return NULL;
  return g_settings_new (APPLICATION_ID);
}

GFile *
tkr_document_get_autosave_dir (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "turnkeeper", "autosave", NULL);
}

static gboolean
is_autosave_file (GFile *file)
{
  g_autoptr (GFile) dir = tkr_document_get_autosave_dir ();

  return g_file_has_prefix (file, dir);
}

static void
update_title (TkrDocument *self)
{
  g_autofree char *title = NULL;

  if (self->file != NULL)
    {
      g_autofree char *basename = g_file_get_basename (self->file);

      /* "Lost Mine.tkcampaign" reads as "Lost Mine". */
      title = g_filename_display_name (basename);
      if (g_str_has_suffix (title, ".tkcampaign") && strlen (title) > strlen (".tkcampaign"))
        title[strlen (title) - strlen (".tkcampaign")] = '\0';
      else if (g_str_has_suffix (title, ".tkcharacter") && strlen (title) > strlen (".tkcharacter"))
        title[strlen (title) - strlen (".tkcharacter")] = '\0';
    }
  else if (self->kind == TKR_DOCUMENT_KIND_CHARACTER)
    title = g_strdup (_ ("Untitled Character"));
  else
    title = g_strdup (_ ("Untitled Campaign"));

  if (g_strcmp0 (title, self->title) == 0)
    return;
  g_free (self->title);
  g_free (self->journal_notice);
  self->title = g_steal_pointer (&title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

static void
set_dirty (TkrDocument *self, gboolean dirty)
{
  dirty = !!dirty;
  if (self->dirty == dirty)
    return;
  self->dirty = dirty;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
}

static void
set_file (TkrDocument *self, GFile *file)
{
  if (!g_set_object (&self->file, file))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  update_title (self);
  watch_file (self);
}

/* Outside changes */

static void
set_conflict (TkrDocument *self, gboolean conflict)
{
  conflict = !!conflict;
  if (self->conflict == conflict)
    return;
  self->conflict = conflict;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONFLICT]);
}

/* What identifies the file's present version, NULL when it cannot be
 * read (gone, say): its entity tag (the modification time), its size and
 * its inode. The time alone can repeat: the kernel stamps files at the
 * clock tick, and two writes within one tick share it. A stat: cheap
 * enough for the main thread. */
static char *
query_etag (GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (
    file,
    G_FILE_ATTRIBUTE_ETAG_VALUE "," G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_UNIX_INODE,
    G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return NULL;
  return g_strdup_printf ("%s/%" G_GOFFSET_FORMAT "/%" G_GUINT64_FORMAT,
                          g_file_info_get_etag (info), g_file_info_get_size (info),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE));
}

static void
remember_disk_state (TkrDocument *self)
{
  g_free (self->disk_etag);
  self->disk_etag = self->file != NULL ? query_etag (self->file) : NULL;
}

/* Whether another program wrote the file since this document last read or
 * wrote it. A file that is gone is not a conflict: saving brings it back
 * and loses nothing. */
static gboolean
changed_on_disk (TkrDocument *self)
{
  g_autofree char *etag = NULL;

  if (self->file == NULL || self->disk_etag == NULL)
    return FALSE;
  etag = query_etag (self->file);
  return etag != NULL && g_strcmp0 (etag, self->disk_etag) != 0;
}

static void
check_disk (TkrDocument *self)
{
  if (self->saving)
    {
      /* Our own save may be what the monitor saw: look once it is done. */
      self->recheck_after_save = TRUE;
      return;
    }
  if (changed_on_disk (self))
    set_conflict (self, TRUE);
}

static void
file_changed_cb (
  GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, TkrDocument *self)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
      check_disk (self);
      break;
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    default:
      break;
    }
}

/* Follows the document's file (not an untitled document's autosave,
 * which nothing else writes). */
static void
watch_file (TkrDocument *self)
{
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, file_changed_cb, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  set_conflict (self, FALSE);
  remember_disk_state (self);
  if (self->file == NULL)
    return;
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    {
      g_file_monitor_set_rate_limit (self->monitor, 250);
      g_signal_connect (self->monitor, "changed", G_CALLBACK (file_changed_cb), self);
    }
}

static GError *
conflict_error (TkrDocument *self)
{
  return g_error_new (TKR_DOCUMENT_ERROR, TKR_DOCUMENT_ERROR_CHANGED_ON_DISK,
                      _ ("“%s” was changed by another program, so nothing was saved over it. "
                         "Reload that version, keep yours, or save yours as a copy."),
                      self->title);
}

static void
set_autosave_file (TkrDocument *self, GFile *file)
{
  if (!g_set_object (&self->autosave_file, file))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_FILE]);
}

/* "last-document" is what the next start reopens: the file this document
 * lives in, or its autosave. */
static void
remember_as_last_document (TkrDocument *self)
{
  GFile *file = self->file != NULL ? self->file : self->autosave_file;
  g_autofree char *uri = NULL;
  g_autofree char *current = NULL;

  if (self->settings == NULL || file == NULL)
    return;
  uri = g_file_get_uri (file);
  current = g_settings_get_string (self->settings, "last-document");
  if (g_strcmp0 (uri, current) != 0)
    g_settings_set_string (self->settings, "last-document", uri);
}

static GFile *
ensure_autosave_file (TkrDocument *self, GError **error)
{
  g_autoptr (GFile) dir = NULL;
  g_autofree char *dir_path = NULL;
  g_autofree char *uuid = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GFile) file = NULL;

  if (self->autosave_file != NULL)
    return self->autosave_file;

  dir = tkr_document_get_autosave_dir ();
  dir_path = g_file_get_path (dir);
  if (g_mkdir_with_parents (dir_path, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the autosave folder “%s”: %s"), dir_path,
                   g_strerror (saved_errno));
      return NULL;
    }

  uuid = g_uuid_string_random ();
  name = g_strdup_printf (
    self->kind == TKR_DOCUMENT_KIND_CHARACTER ? "%s.tkcharacter" : "%s.tkcampaign", uuid);
  file = g_file_get_child (dir, name);
  set_autosave_file (self, file);
  return self->autosave_file;
}

/* Where a save without an explicit file goes. */
static GFile *
default_target (TkrDocument *self, GError **error)
{
  if (self->file != NULL)
    return self->file;
  /* A character made with New Character has no file until Save As: it
   * autosaves as an untitled campaign does. */
  if (self->kind == TKR_DOCUMENT_KIND_CHARACTER && self->character == NULL)
    {
      g_set_error_literal (error, TKR_DOCUMENT_ERROR, TKR_DOCUMENT_ERROR_NO_FILE,
                           _ ("The character has no file to save to."));
      return NULL;
    }
  return ensure_autosave_file (self, error);
}

static void
save_job_free (SaveJob *job)
{
  g_clear_object (&job->document);
  g_clear_object (&job->target);
  g_clear_object (&job->task);
  g_free (job->checksum);
  g_free (job);
}

/* The journal beside the file just written starts again from it. */
static void
end_journal_save (TkrDocument *self, GFile *target, gboolean saved, const char *checksum)
{
  g_autoptr (GError) error = NULL;

  if (self->journal == NULL)
    return;
  if (!tkr_journal_end_save_with_checksum (self->journal, target, saved, checksum, &error))
    g_debug ("Journal not compacted: %s", error->message);
}

static void
save_finished (TkrDocument *self, SaveJob *job, GError *error)
{
  self->saving = FALSE;

  end_journal_save (self, job->target, error == NULL, job->checksum);

  if (error == NULL)
    {
      if (job->becomes_file)
        {
          /* Saved under a name the person chose: the autosave copy of the
           * untitled document is no longer needed. */
          if (self->file == NULL && self->autosave_file != NULL &&
              !g_file_equal (job->target, self->autosave_file))
            {
              g_file_delete_async (self->autosave_file, G_PRIORITY_LOW, NULL, NULL, NULL);
              /* and neither is its journal: the new file has its own. */
              {
                g_autoptr (GFile) journal = tkr_journal_file_for (self->autosave_file);
                g_file_delete_async (journal, G_PRIORITY_LOW, NULL, NULL, NULL);
              }
              set_autosave_file (self, NULL);
            }
          set_file (self, job->target);
        }
      self->saved_serial = job->serial;
      if (self->saved_serial == self->change_serial)
        set_dirty (self, FALSE);
      /* What is on disk now is ours. */
      if (self->file != NULL && g_file_equal (job->target, self->file))
        {
          remember_disk_state (self);
          set_conflict (self, FALSE);
        }
      remember_as_last_document (self);
      if (job->task != NULL)
        g_task_return_boolean (job->task, TRUE);
    }
  else if (job->task != NULL)
    g_task_return_error (job->task, g_error_copy (error));
  else
    g_signal_emit (self, signals[SAVE_FAILED], 0, error);

  if (self->recheck_after_save)
    {
      self->recheck_after_save = FALSE;
      check_disk (self);
    }
  run_next_save (self);
}

static void
campaign_saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveJob *job = user_data;
  g_autoptr (GError) error = NULL;

  tkr_campaign_save_finish (TKR_CAMPAIGN (source), result, &error);
  job->checksum = tkr_campaign_save_dup_checksum (result);
  save_finished (job->document, job, error);
  save_job_free (job);
}

static void
character_saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveJob *job = user_data;
  g_autoptr (GError) error = NULL;

  tkr_character_save_finish (TKR_CHARACTER (source), result, &error);
  save_finished (job->document, job, error);
  save_job_free (job);
}

/* The previous version is kept once per file and window: the backup is
 * the file as it was before this document first wrote to it, which
 * autosaves every few seconds would otherwise replace with a state only
 * seconds old. Untitled documents' private autosave files have none. */
static gboolean
needs_backup (TkrDocument *self, GFile *target)
{
  return !is_autosave_file (target) &&
         (self->backed_up == NULL || !g_file_equal (self->backed_up, target));
}

static void
write_job (TkrDocument *self, SaveJob *job)
{
  GCancellable *cancellable = job->task != NULL ? g_task_get_cancellable (job->task) : NULL;

  /* What is written is the state at this moment. */
  job->serial = self->change_serial;
  if (self->kind == TKR_DOCUMENT_KIND_CHARACTER)
    tkr_character_save_async (self->character, job->target, cancellable, character_saved_cb, job);
  else
    {
      if (self->journal != NULL)
        tkr_journal_begin_save (self->journal);
      tkr_campaign_save_async (self->campaign, job->target, cancellable, campaign_saved_cb, job);
    }
}

/* A backup that cannot be kept does not stop the save, which is atomic on
 * its own; the next save tries the backup again. */
static void
backup_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveJob *job = user_data;
  g_autoptr (GError) error = NULL;

  if (tkr_file_backup_finish (G_FILE (source), result, &error))
    g_set_object (&job->document->backed_up, job->target);
  else
    g_debug ("No backup kept: %s", error->message);
  write_job (job->document, job);
}

static void
run_next_save (TkrDocument *self)
{
  SaveJob *job;

  if (self->saving || g_queue_is_empty (&self->save_queue))
    return;

  job = g_queue_pop_head (&self->save_queue);
  if (job->target == NULL)
    {
      g_autoptr (GError) error = NULL;
      GFile *target = default_target (self, &error);

      if (target == NULL)
        {
          self->saving = TRUE;
          save_finished (self, job, error);
          save_job_free (job);
          return;
        }
      job->target = g_object_ref (target);
    }

  /* Never over another program's change (only an explicit choice, Save
   * As onto that file, writes over it). */
  if (!job->becomes_file && self->file != NULL && g_file_equal (job->target, self->file) &&
      (self->conflict || changed_on_disk (self)))
    {
      g_autoptr (GError) error = conflict_error (self);

      set_conflict (self, TRUE);
      self->saving = TRUE;
      save_finished (self, job, error);
      save_job_free (job);
      return;
    }

  self->saving = TRUE;
  if (needs_backup (self, job->target))
    tkr_file_backup_async (job->target,
                           job->task != NULL ? g_task_get_cancellable (job->task) : NULL,
                           backup_done_cb, job);
  else
    write_job (self, job);
}

static void
queue_save (TkrDocument *self, GFile *target, GTask *task)
{
  SaveJob *job = g_new0 (SaveJob, 1);

  job->document = g_object_ref (self);
  job->target = target != NULL ? g_object_ref (target) : NULL;
  job->becomes_file = target != NULL;
  job->task = task != NULL ? g_object_ref (task) : NULL;
  g_queue_push_tail (&self->save_queue, job);
  run_next_save (self);
}

static gboolean
autosave_cb (gpointer user_data)
{
  TkrDocument *self = user_data;

  self->autosave_source = 0;
  /* A character file without a name cannot exist: it came from a file. */
  /* In a conflict the window asks; nothing is written meanwhile. */
  if (self->dirty && !self->conflict)
    queue_save (self, NULL, NULL);
  return G_SOURCE_REMOVE;
}

/* Coalesced rather than restarted: a steady stream of edits still reaches
 * the disk every autosave-delay-ms, so a crash loses at most that much. */
static void
schedule_autosave (TkrDocument *self)
{
  if (self->autosave_source != 0)
    return;
  self->autosave_source = g_timeout_add (self->autosave_delay_ms, autosave_cb, self);
  g_source_set_name_by_id (self->autosave_source, "[turnkeeper] autosave");
}

static void
history_changed_cb (TkrDocument *self, TkrHistory *history)
{
  self->change_serial++;
  set_dirty (self, TRUE);
  schedule_autosave (self);
}

/* The first autosave after opening would write every character on the
 * main thread: their texts are written ahead in slices of a few
 * milliseconds while nothing else happens (tkr_campaign_prepare_save). */
/* Reading a file frees most of what it made (its text, the trees of one
 * character at a time, the views of the document before) on the threads
 * that made it, and the allocator keeps those pages: with 5,000
 * characters, 10 to 15 MiB (README, "Performance"). They go back to the
 * system once opening is over and the window has settled. */
static gboolean
release_memory_cb (gpointer user_data)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
  return G_SOURCE_REMOVE;
}

static gboolean
prepare_save_cb (gpointer user_data)
{
  TkrDocument *self = user_data;
  guint trim_source;

  if (!tkr_campaign_prepare_save (self->campaign, 4000))
    return G_SOURCE_CONTINUE;
  self->prepare_source = 0;
  release_memory_cb (NULL);
  trim_source = g_timeout_add_seconds_full (G_PRIORITY_LOW, 1, release_memory_cb, NULL, NULL);
  g_source_set_name_by_id (trim_source, "[turnkeeper] release memory");
  return G_SOURCE_REMOVE;
}

static void
tkr_document_constructed (GObject *object)
{
  TkrDocument *self = TKR_DOCUMENT (object);

  G_OBJECT_CLASS (tkr_document_parent_class)->constructed (object);

  g_assert (self->campaign != NULL);
  if (self->kind == TKR_DOCUMENT_KIND_CAMPAIGN)
    {
      if (self->journal == NULL)
        self->journal = tkr_journal_new (self->campaign);
      self->prepare_source = g_idle_add_full (G_PRIORITY_LOW, prepare_save_cb, self, NULL);
      g_source_set_name_by_id (self->prepare_source, "[turnkeeper] prepare save");
    }
  watch_file (self);
  self->changed_handler =
    g_signal_connect_object (tkr_campaign_get_history (self->campaign), "changed",
                             G_CALLBACK (history_changed_cb), self, G_CONNECT_SWAPPED);
  update_title (self);
}

static void
tkr_document_dispose (GObject *object)
{
  TkrDocument *self = TKR_DOCUMENT (object);

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_clear_handle_id (&self->prepare_source, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, file_changed_cb, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_queue_clear_full (&self->save_queue, (GDestroyNotify) save_job_free);
  g_clear_object (&self->character);
  g_clear_object (&self->journal);
  g_clear_object (&self->campaign);
  g_clear_object (&self->file);
  g_clear_object (&self->autosave_file);
  g_clear_object (&self->backed_up);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tkr_document_parent_class)->dispose (object);
}

static void
tkr_document_finalize (GObject *object)
{
  TkrDocument *self = TKR_DOCUMENT (object);

  g_free (self->title);
  g_free (self->disk_etag);

  G_OBJECT_CLASS (tkr_document_parent_class)->finalize (object);
}

static void
tkr_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrDocument *self = TKR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_CHARACTER:
      g_value_set_object (value, self->character);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_AUTOSAVE_FILE:
      g_value_set_object (value, self->autosave_file);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, self->dirty);
      break;
    case PROP_AUTOSAVE_DELAY_MS:
      g_value_set_uint (value, self->autosave_delay_ms);
      break;
    case PROP_CONFLICT:
      g_value_set_boolean (value, self->conflict);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_document_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrDocument *self = TKR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      self->campaign = g_value_dup_object (value);
      break;
    case PROP_KIND:
      self->kind = g_value_get_enum (value);
      break;
    case PROP_CHARACTER:
      self->character = g_value_dup_object (value);
      break;
    case PROP_FILE:
      self->file = g_value_dup_object (value);
      break;
    case PROP_AUTOSAVE_FILE:
      self->autosave_file = g_value_dup_object (value);
      break;
    case PROP_AUTOSAVE_DELAY_MS:
      tkr_document_set_autosave_delay_ms (self, g_value_get_uint (value));
      break;
    case PROP_JOURNAL:
      g_set_object (&self->journal, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_document_class_init (TkrDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = tkr_document_constructed;
  object_class->dispose = tkr_document_dispose;
  object_class->finalize = tkr_document_finalize;
  object_class->get_property = tkr_document_get_property;
  object_class->set_property = tkr_document_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, TKR_TYPE_DOCUMENT_KIND, TKR_DOCUMENT_KIND_CAMPAIGN,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Construct-only for the loader; later changes come from saving. */
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                 G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTOSAVE_FILE] = g_param_spec_object (
    "autosave-file", NULL, NULL, G_TYPE_FILE,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] = g_param_spec_string (
    "title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRTY] =
    g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTOSAVE_DELAY_MS] =
    g_param_spec_uint ("autosave-delay-ms", NULL, NULL, 0, G_MAXINT, DEFAULT_AUTOSAVE_DELAY_MS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_CONFLICT] =
    g_param_spec_boolean ("conflict", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /* The journal opened on a worker with the file (issue 13); otherwise one
   * is made for a campaign. */
  properties[PROP_JOURNAL] =
    g_param_spec_object ("journal", NULL, NULL, TKR_TYPE_JOURNAL,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TkrDocument::save-failed:
   * @error: why the autosave could not be written
   *
   * An autosave failed; the document stays dirty and is tried again at the
   * next change.
   */
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
tkr_document_init (TkrDocument *self)
{
  self->autosave_delay_ms = DEFAULT_AUTOSAVE_DELAY_MS;
  self->settings = settings_new_if_installed ();
  g_queue_init (&self->save_queue);
}

/**
 * tkr_document_new:
 * @rules: the rule system of the new campaign
 *
 * An untitled, empty campaign.
 */
TkrDocument *
tkr_document_new (TkrRules *rules)
{
  g_autoptr (TkrCampaign) campaign = NULL;

  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);

  campaign = tkr_campaign_new (rules);
  return tkr_document_new_for_campaign (campaign, NULL);
}

/**
 * tkr_document_new_for_campaign:
 * @campaign: the campaign
 * @file: (nullable): the file it lives in; an autosave file keeps the
 *   document untitled
 */
TkrDocument *
tkr_document_new_for_campaign (TkrCampaign *campaign, GFile *file)
{
  gboolean autosave;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  autosave = file != NULL && is_autosave_file (file);
  return g_object_new (TKR_TYPE_DOCUMENT, "campaign", campaign, "kind", TKR_DOCUMENT_KIND_CAMPAIGN,
                       "file", autosave ? NULL : file, "autosave-file", autosave ? file : NULL,
                       NULL);
}

/**
 * tkr_document_new_for_character:
 * @rules: the rule system the character is played in
 * @name: the character's name
 *
 * A player's own new sheet (New Character): an untitled character
 * document, saved as a .tkcharacter file; until Save As gives it one it
 * autosaves like an untitled campaign.
 */
TkrDocument *
tkr_document_new_for_character (TkrRules *rules, const char *name)
{
  g_autoptr (TkrCampaign) campaign = NULL;
  TkrCharacter *pc;

  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);

  campaign = tkr_campaign_new (rules);
  pc = tkr_campaign_add_pc (campaign, name);
  /* Making the sheet is not a step a person could undo. */
  tkr_history_clear (tkr_campaign_get_history (campaign));
  return g_object_new (TKR_TYPE_DOCUMENT, "campaign", campaign, "kind", TKR_DOCUMENT_KIND_CHARACTER,
                       "character", pc, NULL);
}

/* Loading */

static gboolean
is_character_file_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename != NULL && g_str_has_suffix (basename, ".tkcharacter");
}

static void campaign_loaded_cb (GObject *source, GAsyncResult *result, gpointer user_data);

/* Undo and redo from before the document was last closed come back; steps
 * made after its last save (a crash) come back too, and the document is
 * then newer than its file. A journal that cannot be used is set aside
 * with a message: the file opens all the same. */
static void
journal_opened (TkrDocument *self, gboolean recovered, GError *error)
{
  if (error != NULL)
    {
      g_free (self->journal_notice);
      self->journal_notice = g_strdup (error->message);
      return;
    }
  if (recovered)
    {
      self->change_serial++;
      set_dirty (self, TRUE);
      schedule_autosave (self);
    }
}

/* The journal was read and replayed on a worker (issue 13: it cost the
 * main thread seconds with a large campaign); here its steps go back on
 * the history and the document is made. */
/* A document being opened: its file, and the campaign read from it while
 * the journal beside it is read on a worker. */
typedef struct
{
  GFile *file;
  TkrCampaign *campaign;
} Opening;

static void
opening_free (Opening *opening)
{
  g_clear_object (&opening->file);
  g_clear_object (&opening->campaign);
  g_free (opening);
}

static void
journal_read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  Opening *opening = g_task_get_task_data (task);
  GFile *file = opening->file;
  TkrCampaign *campaign = opening->campaign;
  g_autoptr (TkrJournalReading) reading = NULL;
  g_autoptr (TkrJournal) journal = NULL;
  g_autoptr (GError) error = NULL;
  gboolean recovered = FALSE;
  TkrDocument *document;
  gboolean autosave;

  reading = tkr_journal_read_finish (result, &error);
  if (reading == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  journal = tkr_journal_new_from_reading (campaign, reading, &recovered, &error);
  autosave = is_autosave_file (file);
  document = g_object_new (TKR_TYPE_DOCUMENT, "campaign", campaign, "kind",
                           TKR_DOCUMENT_KIND_CAMPAIGN, "file", autosave ? NULL : file,
                           "autosave-file", autosave ? file : NULL, "journal", journal, NULL);
  journal_opened (document, recovered, error);
  remember_as_last_document (document);
  g_task_return_pointer (task, document, g_object_unref);
}

static void
character_loaded_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GFile *file = ((Opening *) g_task_get_task_data (task))->file;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  g_autoptr (TkrRules) rules = NULL;
  TkrDocument *document;
  TkrCharacter *pc;

  loaded = tkr_character_load_finish (result, &error);
  if (loaded == NULL)
    {
      /* A campaign under a player's file's name is still a campaign (issue
       * 13: it was refused while the other way round opened). Only a file
       * read as a character first is tried again, so nothing loops. */
      if (g_error_matches (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND) &&
          is_character_file_name (file))
        {
          GCancellable *cancellable = g_task_get_cancellable (task);

          tkr_campaign_load_async (file, cancellable, campaign_loaded_cb, g_steal_pointer (&task));
          return;
        }
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The sheet keeps the rules it was written for when we have them. */
  rules = tkr_rules_new_from_resource (tkr_character_get_rule_system (loaded), NULL);
  if (rules == NULL)
    rules = g_object_ref (tkr_rules_get_default ());
  campaign = tkr_campaign_new (rules);
  pc = tkr_campaign_import_character (campaign, loaded);
  /* Opening a file is not a step a person could undo. */
  tkr_history_clear (tkr_campaign_get_history (campaign));

  /* An untitled character's autosave keeps it untitled. */
  document =
    g_object_new (TKR_TYPE_DOCUMENT, "campaign", campaign, "kind", TKR_DOCUMENT_KIND_CHARACTER,
                  "character", pc, "file", is_autosave_file (file) ? NULL : file, "autosave-file",
                  is_autosave_file (file) ? file : NULL, NULL);
  remember_as_last_document (document);
  g_task_return_pointer (task, document, g_object_unref);
}

static void
campaign_loaded_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GFile *file = ((Opening *) g_task_get_task_data (task))->file;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;

  campaign = tkr_campaign_load_finish (result, &error);
  if (campaign == NULL)
    {
      /* A player's file with another extension is still a player's file. */
      if (g_error_matches (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND) &&
          !is_character_file_name (file))
        {
          /* Read before the task is handed on: the order in which a call's
           * arguments are evaluated is unspecified. */
          GCancellable *cancellable = g_task_get_cancellable (task);

          tkr_character_load_async (file, cancellable, character_loaded_cb,
                                    g_steal_pointer (&task));
          return;
        }
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  tkr_history_clear (tkr_campaign_get_history (campaign));
  /* Undo and redo from before come back from the journal, read on a
   * worker; the campaign is in no one else's hands until then. */
  g_set_object (&((Opening *) g_task_get_task_data (task))->campaign, campaign);
  {
    GCancellable *cancellable = g_task_get_cancellable (task);

    tkr_journal_read_async (file, campaign, cancellable, journal_read_cb, g_steal_pointer (&task));
  }
}

/**
 * tkr_document_load_async:
 * @file: a campaign or character file
 *
 * Reads @file without ever writing it: a file that fails to load is left
 * as it was.
 */
void
tkr_document_load_async (GFile *file,
                         GCancellable *cancellable,
                         GAsyncReadyCallback callback,
                         gpointer user_data)
{
  tkr_document_load_with_progress_async (file, NULL, NULL, NULL, cancellable, callback, user_data);
}

/**
 * tkr_document_load_with_progress_async:
 * @progress_func: (nullable): hears how far a large campaign's load is
 *   (0 to 1), on this thread, while it is read, parsed and built on a
 *   worker; a small file tells nothing
 *
 * As tkr_document_load_async(); finish with tkr_document_load_finish().
 */
void
tkr_document_load_with_progress_async (GFile *file,
                                       TkrFileProgressFunc progress_func,
                                       gpointer progress_data,
                                       GDestroyNotify progress_destroy,
                                       GCancellable *cancellable,
                                       GAsyncReadyCallback callback,
                                       gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tkr_document_load_async);
  {
    Opening *opening = g_new0 (Opening, 1);

    opening->file = g_object_ref (file);
    g_task_set_task_data (task, opening, (GDestroyNotify) opening_free);
  }

  if (is_character_file_name (file))
    {
      if (progress_destroy != NULL)
        progress_destroy (progress_data);
      tkr_character_load_async (file, cancellable, character_loaded_cb, g_steal_pointer (&task));
    }
  else
    tkr_campaign_load_with_progress_async (file, progress_func, progress_data, progress_destroy,
                                           cancellable, campaign_loaded_cb,
                                           g_steal_pointer (&task));
}

TkrDocument *
tkr_document_load_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Accessors */

TkrCampaign *
tkr_document_get_campaign (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), NULL);
  return self->campaign;
}

TkrDocumentKind
tkr_document_get_kind (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), TKR_DOCUMENT_KIND_CAMPAIGN);
  return self->kind;
}

TkrCharacter *
tkr_document_get_character (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), NULL);
  return self->character;
}

GFile *
tkr_document_get_file (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), NULL);
  return self->file;
}

GFile *
tkr_document_get_autosave_file (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), NULL);
  return self->autosave_file;
}

const char *
tkr_document_get_title (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), NULL);
  return self->title;
}

gboolean
tkr_document_get_dirty (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), FALSE);
  return self->dirty;
}

gboolean
tkr_document_is_untitled (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), FALSE);
  return self->file == NULL;
}

gboolean
tkr_document_is_pristine (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), FALSE);
  return self->file == NULL && self->autosave_file == NULL && self->change_serial == 0;
}

guint
tkr_document_get_autosave_delay_ms (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), 0);
  return self->autosave_delay_ms;
}

void
tkr_document_set_autosave_delay_ms (TkrDocument *self, guint delay_ms)
{
  g_return_if_fail (TKR_IS_DOCUMENT (self));

  if (self->autosave_delay_ms == delay_ms)
    return;
  self->autosave_delay_ms = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_DELAY_MS]);
}

/* Saving */

void
tkr_document_save_async (TkrDocument *self,
                         GFile *file,
                         GCancellable *cancellable,
                         GAsyncReadyCallback callback,
                         gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (TKR_IS_DOCUMENT (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tkr_document_save_async);
  /* This save covers whatever an autosave would write. */
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  queue_save (self, file, task);
}

gboolean
tkr_document_save_finish (TkrDocument *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
tkr_document_save_sync (TkrDocument *self, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  GFile *target;

  g_return_val_if_fail (TKR_IS_DOCUMENT (self), FALSE);

  g_clear_handle_id (&self->autosave_source, g_source_remove);

  /* A save still being written would otherwise land after this one. */
  while (self->saving || !g_queue_is_empty (&self->save_queue))
    g_main_context_iteration (NULL, TRUE);

  if (!self->dirty)
    return TRUE;

  target = default_target (self, error);
  if (target == NULL)
    return FALSE;
  if (self->file != NULL && g_file_equal (target, self->file) &&
      (self->conflict || changed_on_disk (self)))
    {
      set_conflict (self, TRUE);
      g_propagate_error (error, conflict_error (self));
      return FALSE;
    }

  if (self->kind == TKR_DOCUMENT_KIND_CHARACTER)
    bytes = tkr_character_to_bytes (self->character);
  else
    bytes = tkr_campaign_to_bytes (self->campaign);

  if (needs_backup (self, target))
    {
      g_autoptr (GError) backup_error = NULL;

      if (tkr_file_backup (target, NULL, &backup_error))
        g_set_object (&self->backed_up, target);
      else
        g_debug ("No backup kept: %s", backup_error->message);
    }
  if (self->journal != NULL)
    tkr_journal_begin_save (self->journal);
  if (!tkr_file_save (target, bytes, NULL, error))
    {
      end_journal_save (self, target, FALSE, NULL);
      return FALSE;
    }
  end_journal_save (self, target, TRUE, NULL);

  self->saved_serial = self->change_serial;
  set_dirty (self, FALSE);
  if (self->file != NULL && g_file_equal (target, self->file))
    remember_disk_state (self);
  remember_as_last_document (self);
  return TRUE;
}

/**
 * tkr_document_keep_mine:
 *
 * The person chose their version over another program's change: the
 * conflict ends and the document is written over the file at once (its
 * previous version is kept as the backup, "<name>~").
 */
void
tkr_document_keep_mine (TkrDocument *self)
{
  g_return_if_fail (TKR_IS_DOCUMENT (self));

  if (!self->conflict)
    return;
  remember_disk_state (self);
  /* The other program's version is the one the backup keeps. */
  g_clear_object (&self->backed_up);
  set_conflict (self, FALSE);
  self->change_serial++;
  set_dirty (self, TRUE);
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  queue_save (self, NULL, NULL);
}

/**
 * tkr_document_discard_changes:
 *
 * What the document has not saved is given up (the person chose to
 * reload the file): it is no longer dirty and no autosave is pending.
 */
void
tkr_document_discard_changes (TkrDocument *self)
{
  g_return_if_fail (TKR_IS_DOCUMENT (self));

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  self->saved_serial = self->change_serial;
  set_dirty (self, FALSE);
}

gboolean
tkr_document_get_conflict (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), FALSE);
  return self->conflict;
}

/**
 * tkr_document_get_journal:
 *
 * Returns: (transfer none) (nullable): the campaign's journal (undo after
 *   a restart, rewinding a fight); NULL for a character file.
 */
TkrJournal *
tkr_document_get_journal (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), NULL);
  return self->journal;
}

/**
 * tkr_document_take_journal_notice:
 *
 * Returns: (transfer full) (nullable): once, the message saying that the
 *   journal found at opening could not be used (the file opened as saved).
 */
char *
tkr_document_take_journal_notice (TkrDocument *self)
{
  g_return_val_if_fail (TKR_IS_DOCUMENT (self), NULL);
  return g_steal_pointer (&self->journal_notice);
}
