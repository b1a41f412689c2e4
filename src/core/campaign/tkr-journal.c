/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "tkr-ap-encounter.h"
#include "tkr-file.h"
#include "tkr-journal.h"
#include "tkr-json-lazy.h"
#include "tkr-json-patch.h"

/*
 * The journal follows the history through its signals: "committed" (a new
 * step: the campaign's file form before and after it gives the step's
 * changes both ways), "moved" (undo or redo: the step's changes are
 * applied to the state the journal keeps) and "cleared". The state the
 * journal keeps ("current") is the campaign's file form after the last
 * event; the document's file is checked against the journal by the
 * SHA-256 of that form, so a file changed elsewhere never gets a foreign
 * history.
 */

typedef struct
{
  gatomicrefcount ref;
  TkrMessage *label; /* a string in older journals: words kept as they are */
  char *tag;
  gint64 time;
  int round;
  JsonNode *forward;  /* changes from the state before the step to after */
  JsonNode *backward; /* and back */
} Step;

typedef struct
{
  int turn; /* the Action-Point Turn; 0 in the other systems */
  int round;
  JsonNode *state;
} RoundStart;

typedef struct _Writer Writer;

struct _TkrJournal
{
  GObject parent_instance;

  TkrCampaign *campaign;
  TkrHistory *history;
  GFile *file;      /* the journal's file; NULL while it only follows */
  gboolean appends; /* whether events go to the file */
  JsonNode *current;
  JsonNode *saving;
  GPtrArray *undo; /* Step*, newest last */
  GPtrArray *redo; /* Step*, the next to redo last */
  GPtrArray *rounds;
  TkrPhase last_phase;
  int last_turn;
  int last_round;
  Writer *writer;   /* made at the first event appended */
  guint generation; /* counts the file's headers: a failed write stops
                     * the appends of its generation only */
};

G_DEFINE_FINAL_TYPE (TkrJournal, tkr_journal, G_TYPE_OBJECT)

static Step *
step_ref (Step *step)
{
  g_atomic_ref_count_inc (&step->ref);
  return step;
}

static void
step_unref (gpointer data)
{
  Step *step = data;

  if (!g_atomic_ref_count_dec (&step->ref))
    return;
  tkr_message_free (step->label);
  g_free (step->tag);
  g_clear_pointer (&step->forward, json_node_unref);
  g_clear_pointer (&step->backward, json_node_unref);
  g_free (step);
}

static void
round_start_free (gpointer data)
{
  RoundStart *start = data;

  json_node_unref (start->state);
  g_free (start);
}

static void writer_stop (Writer *writer);

static void
tkr_journal_dispose (GObject *object)
{
  TkrJournal *self = TKR_JOURNAL (object);

  /* Closing waits for the events appended so far. */
  g_clear_pointer (&self->writer, writer_stop);

  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_clear_object (&self->history);
  g_clear_object (&self->campaign);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (tkr_journal_parent_class)->dispose (object);
}

static void
tkr_journal_finalize (GObject *object)
{
  TkrJournal *self = TKR_JOURNAL (object);

  g_clear_pointer (&self->current, json_node_unref);
  g_clear_pointer (&self->saving, json_node_unref);
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_ptr_array_unref (self->rounds);

  G_OBJECT_CLASS (tkr_journal_parent_class)->finalize (object);
}

static void
tkr_journal_class_init (TkrJournalClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_journal_dispose;
  object_class->finalize = tkr_journal_finalize;
}

static void
tkr_journal_init (TkrJournal *self)
{
  self->undo = g_ptr_array_new_with_free_func (step_unref);
  self->redo = g_ptr_array_new_with_free_func (step_unref);
  self->rounds = g_ptr_array_new_with_free_func (round_start_free);
}

/* Files */

GFile *
tkr_journal_file_for (GFile *document)
{
  g_autoptr (GFile) parent = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (document), NULL);

  parent = g_file_get_parent (document);
  basename = g_file_get_basename (document);
  name = g_strdup_printf (".%s.journal", basename);
  return parent != NULL ? g_file_get_child (parent, name) : g_file_new_for_path (name);
}

/* The document as written on disk: what the journal is anchored at. A
 * file written by another program (or in another form) has another sum,
 * and its journal is not used. */
static char *
checksum_of_file (GFile *document, GError **error)
{
  g_autoptr (GBytes) bytes = tkr_file_load (document, NULL, error);

  if (bytes == NULL)
    return NULL;
  return g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
}

static char *
to_line (JsonNode *node)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);
  return g_strconcat (text, "\n", NULL);
}

/* The writer thread (issue 13: a step's fsync cost the main thread a
 * disk wait). Lines are written in the order they were appended, each
 * appended and synced as one write; a write that fails drops the lines
 * after it of the same header's generation (a half line would hide every
 * event after it) and is reported to the journal's thread, which stops
 * appending until the next header, as the journal did when it wrote on
 * its own thread. */

typedef struct
{
  char *path; /* NULL: stop */
  char *line;
  guint generation;
  gboolean replace; /* a new header: the whole file written anew, atomically */
} Line;

struct _Writer
{
  gatomicrefcount ref;
  GAsyncQueue *queue;
  GThread *thread;
  GMutex mutex;
  GCond cond;
  guint64 queued;  /* lines appended (under mutex) */
  guint64 written; /* lines done with, written or not (under mutex) */
  GMainContext *context;
  GWeakRef journal;
};

typedef struct
{
  Writer *writer;
  guint generation;
  char *message;
} Failure;

static void
line_free (Line *line)
{
  g_free (line->path);
  g_free (line->line);
  g_free (line);
}

static Writer *
writer_ref (Writer *writer)
{
  g_atomic_ref_count_inc (&writer->ref);
  return writer;
}

static void
writer_unref (Writer *writer)
{
  if (!g_atomic_ref_count_dec (&writer->ref))
    return;
  g_async_queue_unref (writer->queue);
  g_mutex_clear (&writer->mutex);
  g_cond_clear (&writer->cond);
  g_main_context_unref (writer->context);
  g_weak_ref_clear (&writer->journal);
  g_free (writer);
}

static gboolean
failure_report (gpointer data)
{
  Failure *failure = data;
  g_autoptr (TkrJournal) self = g_weak_ref_get (&failure->writer->journal);

  g_debug ("%s", failure->message);
  if (self != NULL && self->generation == failure->generation)
    self->appends = FALSE;
  return G_SOURCE_REMOVE;
}

static void
failure_free (gpointer data)
{
  Failure *failure = data;

  writer_unref (failure->writer);
  g_free (failure->message);
  g_free (failure);
}

/* One line, appended and synced: a crash leaves at most the last line
 * cut short, which reading skips. */
static gboolean
write_line (const char *path, const char *line, char **message)
{
  gsize length = strlen (line), written = 0;
  int fd = g_open (path, O_WRONLY | O_APPEND | O_CLOEXEC, 0);

  if (fd < 0)
    {
      *message = g_strdup_printf ("Journal %s not written: %s", path, g_strerror (errno));
      return FALSE;
    }
  while (written < length)
    {
      gssize n = write (fd, line + written, length - written);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          *message = g_strdup_printf ("Journal %s not written: %s", path, g_strerror (errno));
          close (fd);
          return FALSE;
        }
      written += n;
    }
  if (fsync (fd) != 0)
    g_debug ("Journal %s not synced: %s", path, g_strerror (errno));
  close (fd);
  return TRUE;
}

/* A new header: the journal written anew, atomically, as any save. */
static gboolean
replace_file (const char *path, char *text, char **message)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr (GError) error = NULL;

  if (tkr_file_save (file, bytes, NULL, &error))
    return TRUE;
  *message = g_strdup_printf ("Journal %s not written: %s", path, error->message);
  return FALSE;
}

static gpointer
writer_thread (gpointer data)
{
  Writer *writer = data;
  gboolean failed = FALSE;
  guint failed_generation = 0;

  for (;;)
    {
      Line *line = g_async_queue_pop (writer->queue);
      g_autofree char *message = NULL;

      if (line->path == NULL)
        {
          line_free (line);
          break;
        }
      if (!(failed && line->generation == failed_generation) &&
          !(line->replace ? replace_file (line->path, line->line, &message)
                          : write_line (line->path, line->line, &message)))
        {
          Failure *failure = g_new0 (Failure, 1);

          failed = TRUE;
          failed_generation = line->generation;
          failure->writer = writer_ref (writer);
          failure->generation = line->generation;
          failure->message = g_steal_pointer (&message);
          g_main_context_invoke_full (writer->context, G_PRIORITY_DEFAULT, failure_report, failure,
                                      failure_free);
        }
      line_free (line);
      g_mutex_lock (&writer->mutex);
      writer->written++;
      g_cond_broadcast (&writer->cond);
      g_mutex_unlock (&writer->mutex);
    }
  writer_unref (writer);
  return NULL;
}

static Writer *
writer_new (TkrJournal *journal)
{
  Writer *writer = g_new0 (Writer, 1);

  g_atomic_ref_count_init (&writer->ref);
  writer->queue = g_async_queue_new ();
  g_mutex_init (&writer->mutex);
  g_cond_init (&writer->cond);
  writer->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&writer->journal, journal);
  writer->thread = g_thread_new ("tkr-journal-writer", writer_thread, writer_ref (writer));
  return writer;
}

static void
writer_push_full (Writer *writer, char *path, char *line, guint generation, gboolean replace)
{
  Line *item = g_new0 (Line, 1);

  item->path = path;
  item->line = line;
  item->generation = generation;
  item->replace = replace;
  g_mutex_lock (&writer->mutex);
  writer->queued++;
  g_mutex_unlock (&writer->mutex);
  g_async_queue_push (writer->queue, item);
}

static void
writer_flush (Writer *writer)
{
  g_mutex_lock (&writer->mutex);
  while (writer->written < writer->queued)
    g_cond_wait (&writer->cond, &writer->mutex);
  g_mutex_unlock (&writer->mutex);
}

static void
writer_push (Writer *writer, char *path, char *line, guint generation)
{
  writer_push_full (writer, path, line, generation, FALSE);
}

/* Waits for every line, then ends the thread. */
static void
writer_stop (Writer *writer)
{
  writer_push (writer, NULL, NULL, 0);
  g_thread_join (writer->thread);
  writer_unref (writer);
}

void
tkr_journal_flush (TkrJournal *self)
{
  g_return_if_fail (TKR_IS_JOURNAL (self));
  if (self->writer != NULL)
    writer_flush (self->writer);
}

/* One event, handed to the writer. */
static void
append_event (TkrJournal *self, JsonObject *event)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  char *path;

  json_node_take_object (node, event);
  if (!self->appends || self->file == NULL)
    return;
  path = g_file_get_path (self->file);
  if (path == NULL)
    return;
  if (self->writer == NULL)
    self->writer = writer_new (self);
  writer_push (self->writer, path, to_line (node), self->generation);
}

static JsonObject *
new_event (const char *kind)
{
  JsonObject *event = json_object_new ();

  json_object_set_string_member (event, "event", kind);
  return event;
}

static void
step_to_object (Step *step, JsonObject *object)
{
  /* The label as its event (tkr-message.h), read in the reader's
   * language; an older journal's words stay a string. */
  if (step->label != NULL)
    json_object_set_member (object, "label", tkr_message_to_json (step->label));
  if (step->tag != NULL)
    json_object_set_string_member (object, "tag", step->tag);
  json_object_set_int_member (object, "time", step->time);
  json_object_set_int_member (object, "round", step->round);
  json_object_set_member (object, "forward", json_node_ref (step->forward));
  json_object_set_member (object, "backward", json_node_ref (step->backward));
}

static JsonNode *
steps_to_json (GPtrArray *steps)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < steps->len; i++)
    {
      JsonObject *object = json_object_new ();

      step_to_object (g_ptr_array_index (steps, i), object);
      json_array_add_object_element (array, object);
    }
  json_node_take_array (node, array);
  return node;
}

/* The journal as a header alone, anchored at @base (the saved document):
 * what a save leaves. */
static GBytes *
header_bytes_of (JsonNode *current,
                 GPtrArray *undo,
                 GPtrArray *redo,
                 GPtrArray *round_starts,
                 JsonNode *base,
                 const char *checksum)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *header = json_object_new ();
  JsonArray *rounds = json_array_new ();
  g_autofree char *line = NULL;
  gsize length;

  json_object_set_string_member (header, "kind", TKR_JOURNAL_FILE_KIND);
  json_object_set_int_member (header, "format", TKR_JOURNAL_FORMAT);
  json_object_set_string_member (header, "base", checksum);
  json_object_set_member (header, "catch-up", tkr_json_patch_diff (base, current));
  json_object_set_member (header, "undo", steps_to_json (undo));
  json_object_set_member (header, "redo", steps_to_json (redo));
  for (guint i = 0; i < round_starts->len; i++)
    {
      RoundStart *start = g_ptr_array_index (round_starts, i);
      JsonObject *object = json_object_new ();

      /* The Turn only where there is one, so other systems' journals
       * read as before. */
      if (start->turn != 0)
        json_object_set_int_member (object, "turn", start->turn);
      json_object_set_int_member (object, "round", start->round);
      json_object_set_member (object, "state", tkr_json_patch_diff (current, start->state));
      json_array_add_object_element (rounds, object);
    }
  json_object_set_array_member (header, "rounds", rounds);
  json_node_take_object (node, header);
  line = to_line (node);
  /* The length first: the order in which a call's arguments are
   * evaluated is unspecified (clang stole the line before measuring it). */
  length = strlen (line);
  return g_bytes_new_take (g_steal_pointer (&line), length);
}

static GBytes *
header_bytes (TkrJournal *self, JsonNode *base, const char *checksum)
{
  return header_bytes_of (self->current, self->undo, self->redo, self->rounds, base, checksum);
}

/* Following the history */

/* The campaign's file form now. It is made after every step, so what no
 * step changed is the same node as in "current" (tkr_campaign_to_root_kept:
 * the NPC library, every combatant the step left alone), and the diff
 * passes over it at once. The save cache's handlers run before the
 * journal's (it is made with the campaign), so it has dropped what the
 * step changed by then. */
static JsonNode *
file_form_after (TkrJournal *self, gboolean redo_stack)
{
  return tkr_campaign_to_root_kept (self->campaign);
}

static JsonNode *
file_form_after_step (TkrJournal *self)
{
  return file_form_after (self, FALSE);
}

static JsonNode *
file_form_after_move (TkrJournal *self, gboolean forward)
{
  return file_form_after (self, !forward);
}

/* The Turn an Action-Point encounter is in; 0 for the other systems,
 * whose rounds are counted once. */
static int
turn_of (TkrTracker *tracker)
{
  return TKR_IS_AP_ENCOUNTER (tracker) ? tkr_ap_encounter_get_turn (TKR_AP_ENCOUNTER (tracker)) : 0;
}

static void
note_phase (TkrJournal *self)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (self->campaign);

  self->last_phase = tkr_tracker_get_phase (tracker);
  self->last_turn = turn_of (tracker);
  self->last_round = tkr_tracker_get_round (tracker);
}

static int
compare_round (int turn, int round, int other_turn, int other_round)
{
  if (turn != other_turn)
    return turn < other_turn ? -1 : 1;
  return round < other_round ? -1 : round > other_round;
}

/* A round begins again (a new encounter, or after an undo): the starts
 * from it on belong to a past that is gone. The Action-Point system
 * counts its rounds within each Turn (help/C/files-and-backups.page,
 * "Rewinding a fight"), so a start is forgotten only when it is at or
 * after (@turn, @round): the rounds of earlier Turns stay. */
static void
forget_rounds_from (GPtrArray *round_starts, int turn, int round)
{
  for (guint i = round_starts->len; i > 0; i--)
    {
      RoundStart *start = g_ptr_array_index (round_starts, i - 1);

      if (compare_round (start->turn, start->round, turn, round) >= 0)
        g_ptr_array_remove_index (round_starts, i - 1);
    }
}

static void
add_round (GPtrArray *round_starts, int turn, int round, JsonNode *state)
{
  RoundStart *start = g_new0 (RoundStart, 1);

  forget_rounds_from (round_starts, turn, round);
  start->turn = turn;
  start->round = round;
  start->state = state;
  g_ptr_array_add (round_starts, start);
}

/* The journal cannot say how the history got here (a step it never saw):
 * it goes on from the campaign as it is, without steps of its own. */
static void
reset (TkrJournal *self)
{
  g_autoptr (JsonNode) now = tkr_campaign_to_root_kept (self->campaign);
  JsonObject *event = new_event ("reset");

  json_object_set_member (event, "patch", tkr_json_patch_diff (self->current, now));
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  g_clear_pointer (&self->current, json_node_unref);
  self->current = g_steal_pointer (&now);
  append_event (self, event);
  note_phase (self);
}

static void
trim (TkrJournal *self)
{
  guint limit = tkr_history_get_n_undo (self->history);

  if (self->undo->len > limit)
    g_ptr_array_remove_range (self->undo, 0, self->undo->len - limit);
}

static void
committed_cb (TkrHistory *history, const char *label, TkrJournal *self)
{
  g_autoptr (JsonNode) after = file_form_after_step (self);
  TkrTracker *tracker = tkr_campaign_get_tracker (self->campaign);
  Step *step = g_new0 (Step, 1);
  JsonObject *event = new_event ("step");
  TkrPhase phase = tkr_tracker_get_phase (tracker);
  int round = tkr_tracker_get_round (tracker);
  int turn = turn_of (tracker);

  g_atomic_ref_count_init (&step->ref);
  step->label = tkr_message_copy (tkr_history_get_undo_message (history));
  step->tag = g_strdup (tkr_history_peek_undo_tag (history));
  step->time = MAX (g_get_real_time () / G_USEC_PER_SEC, 0);
  step->round = round;
  step->forward = tkr_json_patch_diff (self->current, after);
  step->backward = tkr_json_patch_diff (after, self->current);
  g_ptr_array_add (self->undo, step);
  g_ptr_array_set_size (self->redo, 0);
  trim (self);
  g_clear_pointer (&self->current, json_node_unref);
  self->current = g_steal_pointer (&after);
  step_to_object (step, event);
  append_event (self, event);

  /* A round begins: a step into the Main phase, or to another round in
   * it, starts it (help/C/files-and-backups.page, "Rewinding a fight"). */
  if (phase == TKR_PHASE_MAIN && round > 0 &&
      ((self->last_phase != TKR_PHASE_MAIN && self->last_phase != TKR_PHASE_PAUSED) ||
       self->last_round != round || self->last_turn != turn))
    {
      event = new_event ("round");
      if (turn != 0)
        json_object_set_int_member (event, "turn", turn);
      json_object_set_int_member (event, "round", round);
      add_round (self->rounds, turn, round, json_node_ref (self->current));
      append_event (self, event);
    }
  note_phase (self);
}

static void
moved_cb (TkrHistory *history, gboolean forward, TkrJournal *self)
{
  GPtrArray *from = forward ? self->redo : self->undo;
  GPtrArray *to = forward ? self->undo : self->redo;
  Step *step;

  if (from->len == 0)
    {
      reset (self);
      return;
    }
  step = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, step);
  /* "current" is never changed in place (a save or a round start may hold
   * it): the state after the move is made anew, the library taken over
   * when the step did not touch it. */
  {
    JsonNode *after = file_form_after_move (self, forward);

    g_clear_pointer (&self->current, json_node_unref);
    self->current = after;
  }
  append_event (self, new_event (forward ? "redo" : "undo"));
  note_phase (self);
}

static void
cleared_cb (TkrHistory *history, TkrJournal *self)
{
  reset (self);
}

/**
 * tkr_journal_new:
 *
 * A journal following @campaign's history from now on (the history's
 * limit becomes TKR_JOURNAL_DEFAULT_LIMIT), in memory until
 * tkr_journal_open() or a save gives it its file.
 */
static TkrJournal *
journal_new (TkrCampaign *campaign, JsonNode *current)
{
  TkrJournal *self = g_object_new (TKR_TYPE_JOURNAL, NULL);

  self->campaign = g_object_ref (campaign);
  self->history = g_object_ref (tkr_campaign_get_history (campaign));
  self->current = current != NULL ? json_node_ref (current) : tkr_campaign_to_root_kept (campaign);
  note_phase (self);
  if (tkr_history_get_limit (self->history) == 0)
    tkr_history_set_limit (self->history, TKR_JOURNAL_DEFAULT_LIMIT);
  g_signal_connect (self->history, "committed", G_CALLBACK (committed_cb), self);
  g_signal_connect (self->history, "moved", G_CALLBACK (moved_cb), self);
  g_signal_connect (self->history, "cleared", G_CALLBACK (cleared_cb), self);
  return self;
}

TkrJournal *
tkr_journal_new (TkrCampaign *campaign)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);
  return journal_new (campaign, NULL);
}

TkrCampaign *
tkr_journal_get_campaign (TkrJournal *self)
{
  g_return_val_if_fail (TKR_IS_JOURNAL (self), NULL);
  return self->campaign;
}

void
tkr_journal_set_limit (TkrJournal *self, guint limit)
{
  g_return_if_fail (TKR_IS_JOURNAL (self));
  tkr_history_set_limit (self->history, limit);
  trim (self);
}

guint
tkr_journal_get_limit (TkrJournal *self)
{
  g_return_val_if_fail (TKR_IS_JOURNAL (self), 0);
  return tkr_history_get_limit (self->history);
}

/* Steps read back */

typedef struct
{
  GWeakRef campaign;
  Step *step;
  TkrCampaign *other; /* the state on the other side of the step, once built */
  gboolean broken;    /* its changes do not make a campaign: it does nothing */
} Restored;

static void
restored_free (gpointer data)
{
  Restored *restored = data;

  g_weak_ref_clear (&restored->campaign);
  step_unref (restored->step);
  g_clear_object (&restored->other);
  g_free (restored);
}

/* The first time, the other side of the step is built from the campaign's
 * file form and the step's changes; from then on undo and redo exchange
 * the same objects, so the steps around it keep finding theirs. */
static void
restored_apply (gpointer data, gboolean forward)
{
  Restored *restored = data;
  g_autoptr (TkrCampaign) campaign = g_weak_ref_get (&restored->campaign);

  if (campaign == NULL || restored->broken)
    return;
  if (restored->other == NULL)
    {
      g_autoptr (JsonNode) root = tkr_campaign_to_root (campaign);
      g_autoptr (GError) error = NULL;

      /* A damaged journal's step can read well and still not make a
       * campaign (a value out of its range): reading cannot build every
       * state of a long history to find out. Such a step does nothing,
       * either way, from then on; the file is not touched (fuzz-journal
       * found it; tests/files/journal/). */
      if (!tkr_json_patch_apply (root, forward ? restored->step->forward : restored->step->backward,
                                 &error) ||
          (restored->other = tkr_campaign_new_from_root_for (campaign, root, &error)) == NULL)
        {
          g_debug ("A step from before the restart could not be applied: %s", error->message);
          restored->broken = TRUE;
          return;
        }
    }
  tkr_campaign_exchange (campaign, restored->other, FALSE);
}

static void
push_restored (TkrJournal *self, Step *step, gboolean redo)
{
  Restored *restored = g_new0 (Restored, 1);

  g_weak_ref_init (&restored->campaign, self->campaign);
  restored->step = step_ref (step);
  tkr_history_push_step_event (self->history, redo, step->label, step->tag, restored_apply,
                               restored, restored_free);
}

/* Reading: a journal is a file like any other, so every member is
 * checked before it is used. */

static const char *
member_string (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gint64
member_int (JsonObject *object, const char *name, gint64 fallback)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return fallback;
  return json_node_get_int (node);
}

static gboolean
invalid (GError **error, const char *what)
{
  g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID, what);
  return FALSE;
}

static Step *
step_from_object (JsonObject *object, GError **error)
{
  Step *step;
  JsonNode *forward = json_object_get_member (object, "forward");
  JsonNode *backward = json_object_get_member (object, "backward");
  JsonNode *label_node = json_object_get_member (object, "label");
  g_autoptr (TkrMessage) label = NULL;
  const char *tag = member_string (object, "tag");

  /* The label: words kept as they are (a string, as older journals have
   * it) or its event; one that is neither is left out, as before. */
  if (label_node != NULL && (JSON_NODE_HOLDS_OBJECT (label_node) ||
                             (JSON_NODE_HOLDS_VALUE (label_node) &&
                              json_node_get_value_type (label_node) == G_TYPE_STRING)))
    {
      label = tkr_message_new_from_json (label_node, "label", NULL);
      if (label == NULL)
        {
          invalid (error, _ ("a step without its changes"));
          return NULL;
        }
    }
  if (forward == NULL || backward == NULL || !JSON_NODE_HOLDS_ARRAY (forward) ||
      !JSON_NODE_HOLDS_ARRAY (backward) || (tag != NULL && !g_utf8_validate (tag, -1, NULL)))
    {
      invalid (error, _ ("a step without its changes"));
      return NULL;
    }
  step = g_new0 (Step, 1);
  g_atomic_ref_count_init (&step->ref);
  step->label = g_steal_pointer (&label);
  step->tag = g_strdup (tag);
  step->time = member_int (object, "time", 0);
  step->round = member_int (object, "round", 0);
  step->forward = json_node_ref (forward);
  step->backward = json_node_ref (backward);
  return step;
}

static gboolean
read_steps (JsonObject *header, const char *member, GPtrArray *steps, GError **error)
{
  JsonNode *node = json_object_get_member (header, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return invalid (error, _ ("its list of steps is missing"));
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      Step *step;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return invalid (error, _ ("a step is not an object"));
      step = step_from_object (json_node_get_object (element), error);
      if (step == NULL)
        return FALSE;
      g_ptr_array_add (steps, step);
    }
  return TRUE;
}

static JsonNode *
parse_line (const char *line, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  JsonNode *root;

  if (!g_utf8_validate_len (line, length, NULL) ||
      !json_parser_load_from_data (parser, line, length, NULL))
    {
      invalid (error, _ ("a line of it is not JSON"));
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      invalid (error, _ ("a line of it is not an object"));
      return NULL;
    }
  return json_node_ref (root);
}

/* The journal's states are never changed in place: a change makes a new
 * state sharing all it did not reach with the one before (a round's start
 * and the state after it share every character no step touched). */
static gboolean
apply (JsonNode **state, JsonNode *patch, GError **error)
{
  JsonNode *next = tkr_json_patch_apply_shared (*state, patch, error);

  if (next == NULL)
    return FALSE;
  json_node_unref (*state);
  *state = next;
  return TRUE;
}

/* The campaign's file form as the journal keeps it, made where the
 * campaign is in no one else's hands (opening, on a worker): every text
 * the next save needs is written first (tkr_campaign_prepare_save), and
 * the file form holds them as lazy nodes (tkr_campaign_to_root_kept), so
 * the main thread neither writes them nor holds the campaign twice. */
static JsonNode *
file_form_on_worker (TkrCampaign *campaign)
{
  while (!tkr_campaign_prepare_save (campaign, G_MAXINT64))
    ;
  return tkr_campaign_to_root_kept (campaign);
}

typedef struct
{
  JsonNode *state;
  GPtrArray *undo;
  GPtrArray *redo;
  GPtrArray *rounds;
  gboolean changed; /* whether a change was applied to the state */
} Replay;

static void
replay_clear (Replay *replay)
{
  g_clear_pointer (&replay->state, json_node_unref);
  g_clear_pointer (&replay->undo, g_ptr_array_unref);
  g_clear_pointer (&replay->redo, g_ptr_array_unref);
  g_clear_pointer (&replay->rounds, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Replay, replay_clear)

static gboolean
replay_header (Replay *replay, JsonNode *root, const char *base, GError **error)
{
  JsonObject *header = json_node_get_object (root);
  JsonNode *rounds;

  if (g_strcmp0 (member_string (header, "kind"), TKR_JOURNAL_FILE_KIND) != 0)
    return invalid (error, _ ("it is not a Turnkeeper journal"));
  if (member_int (header, "format", 0) != TKR_JOURNAL_FORMAT)
    return invalid (error, _ ("it was written by another version of Turnkeeper"));
  if (g_strcmp0 (member_string (header, "base"), base) != 0)
    return invalid (error, _ ("the file was saved since, without it (by another program or "
                              "another copy of Turnkeeper)"));
  replay->changed = !tkr_json_patch_is_empty (json_object_get_member (header, "catch-up"));
  if (!apply (&replay->state, json_object_get_member (header, "catch-up"), error) ||
      !read_steps (header, "undo", replay->undo, error) ||
      !read_steps (header, "redo", replay->redo, error))
    return FALSE;
  rounds = json_object_get_member (header, "rounds");
  if (rounds != NULL && JSON_NODE_HOLDS_ARRAY (rounds))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (rounds)); i++)
      {
        JsonNode *element = json_array_get_element (json_node_get_array (rounds), i);
        JsonObject *object;
        RoundStart *start;

        if (!JSON_NODE_HOLDS_OBJECT (element))
          return invalid (error, _ ("a round's start is not an object"));
        object = json_node_get_object (element);
        start = g_new0 (RoundStart, 1);
        start->turn = member_int (object, "turn", 0);
        start->round = member_int (object, "round", 0);
        start->state = json_node_ref (replay->state);
        g_ptr_array_add (replay->rounds, start);
        if (!apply (&start->state, json_object_get_member (object, "state"), error))
          return FALSE;
      }
  return TRUE;
}

static gboolean
replay_event (Replay *replay, JsonNode *root, GError **error)
{
  JsonObject *event = json_node_get_object (root);

  replay->changed = TRUE;
  const char *kind = (member_string (event, "event") ? member_string (event, "event") : "");

  if (g_str_equal (kind, "step"))
    {
      Step *step = step_from_object (event, error);

      if (step == NULL)
        return FALSE;
      g_ptr_array_add (replay->undo, step);
      g_ptr_array_set_size (replay->redo, 0);
      return apply (&replay->state, step->forward, error);
    }
  if (g_str_equal (kind, "undo") || g_str_equal (kind, "redo"))
    {
      gboolean forward = g_str_equal (kind, "redo");
      GPtrArray *from = forward ? replay->redo : replay->undo;
      GPtrArray *to = forward ? replay->undo : replay->redo;
      Step *step;

      if (from->len == 0)
        return invalid (error, _ ("it undoes more steps than it holds"));
      step = g_ptr_array_steal_index (from, from->len - 1);
      g_ptr_array_add (to, step);
      return apply (&replay->state, forward ? step->forward : step->backward, error);
    }
  if (g_str_equal (kind, "round"))
    {
      add_round (replay->rounds, member_int (event, "turn", 0), member_int (event, "round", 0),
                 json_node_ref (replay->state));
      return TRUE;
    }
  if (g_str_equal (kind, "reset"))
    {
      g_ptr_array_set_size (replay->undo, 0);
      g_ptr_array_set_size (replay->redo, 0);
      return apply (&replay->state, json_object_get_member (event, "patch"), error);
    }
  return invalid (error, _ ("an event of an unknown kind"));
}

/* Every step back and forth from the state reached applies. */
static gboolean
check_chain (JsonNode *state, GPtrArray *steps, gboolean forward, GError **error)
{
  g_autoptr (JsonNode) walk = NULL;

  if (steps->len == 0)
    return TRUE;
  walk = json_node_ref (state);
  for (guint i = steps->len; i > 0; i--)
    {
      Step *step = g_ptr_array_index (steps, i - 1);

      if (!apply (&walk, forward ? step->forward : step->backward, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
replay_file (JsonNode *current, GBytes *bytes, const char *base, Replay *replay, GError **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  gsize start = 0;
  guint line = 0;

  replay->state = json_node_ref (current);
  replay->undo = g_ptr_array_new_with_free_func (step_unref);
  replay->redo = g_ptr_array_new_with_free_func (step_unref);
  replay->rounds = g_ptr_array_new_with_free_func (round_start_free);

  while (start < length)
    {
      const char *end = memchr (data + start, '\n', length - start);
      g_autoptr (JsonNode) root = NULL;

      /* The last line cut short by a crash while it was written: the
       * event never happened as far as the journal knows. */
      if (end == NULL && line > 0)
        break;
      if (end == NULL)
        return invalid (error, _ ("it ends before its first line does"));
      root = parse_line (data + start, end - data - start, error);
      if (root == NULL)
        return FALSE;
      if (line == 0 ? !replay_header (replay, root, base, error)
                    : !replay_event (replay, root, error))
        return FALSE;
      start = end - data + 1;
      line++;
    }
  if (line == 0)
    return invalid (error, _ ("it is empty"));
  return check_chain (replay->state, replay->undo, FALSE, error) &&
         check_chain (replay->state, replay->redo, TRUE, error);
}

/* A header written, the appends go on after it; the writer has written
 * every line before it, so none lands after it. */
static gboolean
write_header (TkrJournal *self, JsonNode *base, const char *checksum, GError **error)
{
  g_autoptr (GBytes) bytes = header_bytes (self, base, checksum);

  tkr_journal_flush (self);
  self->appends = FALSE;
  self->generation++;
  if (!tkr_file_save (self->file, bytes, NULL, error))
    return FALSE;
  self->appends = TRUE;
  return TRUE;
}

struct _TkrJournalReading
{
  GFile *file;       /* the journal's */
  JsonNode *current; /* the campaign's file form after the reading */
  gboolean fresh;    /* no journal was there: its header was written */
  gboolean recovered;
  GPtrArray *undo;
  GPtrArray *redo;
  GPtrArray *rounds;
  GError *error; /* the journal is not used: why, in plain words */
};

void
tkr_journal_reading_free (TkrJournalReading *reading)
{
  if (reading == NULL)
    return;
  g_clear_object (&reading->file);
  g_clear_pointer (&reading->current, json_node_unref);
  g_clear_pointer (&reading->undo, g_ptr_array_unref);
  g_clear_pointer (&reading->redo, g_ptr_array_unref);
  g_clear_pointer (&reading->rounds, g_ptr_array_unref);
  g_clear_error (&reading->error);
  g_free (reading);
}

/* Everything of opening that needs no history: the file read, checked
 * against the document and replayed, the steps after the last save put in
 * @campaign. @current: the campaign's file form when the caller has it. */
static TkrJournalReading *
read_journal (GFile *document, TkrCampaign *campaign, JsonNode *current)
{
  TkrJournalReading *reading = g_new0 (TkrJournalReading, 1);
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *base = NULL;
  g_auto (Replay) replay = { 0 };

  reading->file = tkr_journal_file_for (document);
  reading->current = current != NULL ? json_node_ref (current) : file_form_on_worker (campaign);

  base = checksum_of_file (document, &local_error);
  if (base == NULL)
    {
      g_set_error (&reading->error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                   _ ("The undo history kept beside this file could not be checked (%s). The "
                      "file opened as it was saved; Undo starts afresh."),
                   local_error->message);
      return reading;
    }
  bytes = tkr_file_load (reading->file, NULL, &local_error);
  if (bytes == NULL)
    {
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          g_set_error (&reading->error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                       _ ("The undo history kept beside this file could not be read (%s). The "
                          "file opened as it was saved; Undo starts afresh."),
                       local_error->message);
          return reading;
        }
      /* No journal yet: it starts here. */
      {
        g_autoptr (GPtrArray) none = g_ptr_array_new ();
        g_autoptr (GBytes) header =
          header_bytes_of (reading->current, none, none, none, reading->current, base);

        if (tkr_file_save (reading->file, header, NULL, &reading->error))
          reading->fresh = TRUE;
      }
      return reading;
    }

  if (!replay_file (reading->current, bytes, base, &replay, &local_error))
    {
      g_set_error (&reading->error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                   _ ("The undo history kept beside this file could not be used: %s. The file "
                      "opened as it was saved; Undo starts afresh and the history file is left as "
                      "it is until the next save."),
                   local_error->message);
      return reading;
    }

  /* Steps made after the last save, lost from the file by a crash, come
   * back from the journal. */
  if (replay.changed && !tkr_json_lazy_equal (replay.state, reading->current))
    {
      g_autoptr (JsonNode) state = tkr_json_lazy_expand (replay.state);
      g_autoptr (TkrCampaign) other =
        tkr_campaign_new_from_root_for (campaign, state, &local_error);

      if (other == NULL)
        {
          g_set_error (&reading->error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
                       _ ("The undo history kept beside this file could not be used: %s. The "
                          "file opened as it was saved; Undo starts afresh."),
                       local_error->message);
          return reading;
        }
      tkr_campaign_exchange (campaign, other, FALSE);
      g_clear_pointer (&reading->current, json_node_unref);
      reading->current = file_form_on_worker (campaign);
      reading->recovered = TRUE;
    }
  reading->undo = g_steal_pointer (&replay.undo);
  reading->redo = g_steal_pointer (&replay.redo);
  reading->rounds = g_steal_pointer (&replay.rounds);
  return reading;
}

/**
 * tkr_journal_read:
 * @document: the document's file, just loaded into @campaign
 * @campaign: not yet in use elsewhere: this may run on any thread
 *
 * Returns: (transfer full): what tkr_journal_new_from_reading() needs.
 */
TkrJournalReading *
tkr_journal_read (GFile *document, TkrCampaign *campaign)
{
  g_return_val_if_fail (G_IS_FILE (document), NULL);
  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);
  return read_journal (document, campaign, NULL);
}

/* A journal being read for a document just opened. */
typedef struct
{
  GFile *document;
  TkrCampaign *campaign;
} ReadJob;

static void
read_job_free (gpointer data)
{
  ReadJob *job = data;

  g_object_unref (job->document);
  g_object_unref (job->campaign);
  g_free (job);
}

static void
read_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ReadJob *job = task_data;
  GFile *document = job->document;
  TkrCampaign *campaign = job->campaign;

  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, tkr_journal_read (document, campaign),
                         (GDestroyNotify) tkr_journal_reading_free);
}

/**
 * tkr_journal_read_async:
 *
 * tkr_journal_read() on a worker thread; @campaign must not be used until
 * @callback runs. Finish with tkr_journal_read_finish().
 */
void
tkr_journal_read_async (GFile *document,
                        TkrCampaign *campaign,
                        GCancellable *cancellable,
                        GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  ReadJob *job;

  g_return_if_fail (G_IS_FILE (document));
  g_return_if_fail (TKR_IS_CAMPAIGN (campaign));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tkr_journal_read_async);
  job = g_new0 (ReadJob, 1);
  job->document = g_object_ref (document);
  job->campaign = g_object_ref (campaign);
  g_task_set_task_data (task, job, read_job_free);
  g_task_run_in_thread (task, read_thread);
}

/* NULL only when cancelled. */
TkrJournalReading *
tkr_journal_read_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The rest of opening, on the history's thread: the steps go back on the
 * history. */
static gboolean
apply_reading (TkrJournal *self, TkrJournalReading *reading, gboolean *recovered, GError **error)
{
  guint limit;

  if (recovered != NULL)
    *recovered = FALSE;
  tkr_journal_flush (self);
  g_set_object (&self->file, reading->file);
  self->appends = FALSE;
  self->generation++;
  if (reading->current != self->current)
    {
      g_clear_pointer (&self->current, json_node_unref);
      self->current = json_node_ref (reading->current);
    }
  if (reading->error != NULL)
    {
      g_propagate_error (error, g_error_copy (reading->error));
      return FALSE;
    }
  if (reading->fresh)
    {
      self->appends = TRUE;
      return TRUE;
    }
  if (recovered != NULL)
    *recovered = reading->recovered;

  limit = tkr_history_get_limit (self->history);
  if (limit > 0 && reading->undo->len > limit)
    g_ptr_array_remove_range (reading->undo, 0, reading->undo->len - limit);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  for (guint i = 0; i < reading->undo->len; i++)
    {
      Step *step = g_ptr_array_index (reading->undo, i);

      push_restored (self, step, FALSE);
      g_ptr_array_add (self->undo, step_ref (step));
    }
  for (guint i = 0; i < reading->redo->len; i++)
    {
      Step *step = g_ptr_array_index (reading->redo, i);

      push_restored (self, step, TRUE);
      g_ptr_array_add (self->redo, step_ref (step));
    }
  g_ptr_array_set_size (self->rounds, 0);
  g_ptr_array_extend_and_steal (self->rounds, g_steal_pointer (&reading->rounds));
  note_phase (self);
  self->appends = TRUE;
  return TRUE;
}

gboolean
tkr_journal_open (TkrJournal *self, GFile *document, gboolean *recovered, GError **error)
{
  g_autoptr (TkrJournalReading) reading = NULL;

  g_return_val_if_fail (TKR_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (document), FALSE);

  reading = read_journal (document, self->campaign, self->current);
  return apply_reading (self, reading, recovered, error);
}

static TkrJournal *journal_new (TkrCampaign *campaign, JsonNode *current);

/**
 * tkr_journal_new_from_reading:
 * @campaign: the campaign tkr_journal_read() read for
 *
 * The journal of @campaign, opened from @reading (see tkr_journal_open()).
 */
TkrJournal *
tkr_journal_new_from_reading (TkrCampaign *campaign,
                              TkrJournalReading *reading,
                              gboolean *recovered,
                              GError **error)
{
  TkrJournal *self;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (reading != NULL, NULL);

  self = journal_new (campaign, reading->current);
  apply_reading (self, reading, recovered, error);
  return self;
}

/* Saving */

void
tkr_journal_begin_save (TkrJournal *self)
{
  g_return_if_fail (TKR_IS_JOURNAL (self));
  g_clear_pointer (&self->saving, json_node_unref);
  /* "current" is never changed in place: a reference keeps this state. */
  self->saving = json_node_ref (self->current);
}

/**
 * tkr_journal_end_save:
 * @document: the file the document was written to
 * @saved: whether it was
 *
 * Compaction: after a save, the journal beside @document becomes a header
 * anchored at what was written (with the changes made since, if any), its
 * steps and round starts; the events before are gone from it.
 */
gboolean
tkr_journal_end_save (TkrJournal *self, GFile *document, gboolean saved, GError **error)
{
  return tkr_journal_end_save_with_checksum (self, document, saved, NULL, error);
}

gboolean
tkr_journal_end_save_with_checksum (
  TkrJournal *self, GFile *document, gboolean saved, const char *checksum, GError **error)
{
  g_autoptr (JsonNode) base = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *read = NULL;
  char *path;

  g_return_val_if_fail (TKR_IS_JOURNAL (self), FALSE);

  base = g_steal_pointer (&self->saving);
  if (!saved || base == NULL || document == NULL)
    return TRUE;
  if (checksum == NULL)
    {
      read = checksum_of_file (document, error);
      if (read == NULL)
        return FALSE;
      g_clear_object (&self->file);
      self->file = tkr_journal_file_for (document);
      return write_header (self, base, read, error);
    }
  g_clear_object (&self->file);
  self->file = tkr_journal_file_for (document);
  path = g_file_get_path (self->file);
  if (path == NULL)
    return write_header (self, base, checksum, error);
  /* Made here, written by the writer after the events before it. */
  bytes = header_bytes (self, base, checksum);
  self->generation++;
  self->appends = TRUE;
  if (self->writer == NULL)
    self->writer = writer_new (self);
  writer_push_full (self->writer, path,
                    g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)),
                    self->generation, TRUE);
  return TRUE;
}

/* Rewinding */

static RoundStart *
find_round (TkrJournal *self, int turn, int round)
{
  for (guint i = 0; i < self->rounds->len; i++)
    {
      RoundStart *start = g_ptr_array_index (self->rounds, i);

      if (start->turn == turn && start->round == round)
        return start;
    }
  return NULL;
}

/* The latest Turn the journal holds a round start of. */
static int
latest_turn (TkrJournal *self)
{
  int turn = 0;

  for (guint i = 0; i < self->rounds->len; i++)
    turn = MAX (turn, ((RoundStart *) g_ptr_array_index (self->rounds, i))->turn);
  return turn;
}

gboolean
tkr_journal_can_rewind (TkrJournal *self, int round)
{
  g_return_val_if_fail (TKR_IS_JOURNAL (self), FALSE);
  return find_round (self, latest_turn (self), round) != NULL;
}

gboolean
tkr_journal_can_rewind_to (TkrJournal *self, int turn, int round)
{
  g_return_val_if_fail (TKR_IS_JOURNAL (self), FALSE);
  return find_round (self, turn, round) != NULL;
}

static int
compare_starts (gconstpointer a, gconstpointer b)
{
  const TkrJournalRound *x = a, *y = b;

  return compare_round (x->turn, x->round, y->turn, y->round);
}

GArray *
tkr_journal_list_round_starts (TkrJournal *self)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (TkrJournalRound));

  g_return_val_if_fail (TKR_IS_JOURNAL (self), starts);
  for (guint i = 0; i < self->rounds->len; i++)
    {
      RoundStart *start = g_ptr_array_index (self->rounds, i);
      TkrJournalRound element = { start->turn, start->round };

      g_array_append_val (starts, element);
    }
  g_array_sort (starts, compare_starts);
  return starts;
}

GArray *
tkr_journal_list_rounds (TkrJournal *self)
{
  GArray *rounds = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) starts = NULL;
  int turn;

  g_return_val_if_fail (TKR_IS_JOURNAL (self), rounds);
  starts = tkr_journal_list_round_starts (self);
  turn = latest_turn (self);
  for (guint i = 0; i < starts->len; i++)
    if (g_array_index (starts, TkrJournalRound, i).turn == turn)
      g_array_append_val (rounds, g_array_index (starts, TkrJournalRound, i).round);
  return rounds;
}

/**
 * tkr_journal_rewind_to:
 * @turn: the Action-Point Turn of @round (0 in the other systems)
 * @round: a round whose start the journal holds
 *
 * The GM takes the fight back to the start of @round: the whole campaign
 * (the encounter, the PCs' sheets, the library) becomes what it was right
 * after the step that began that round, as one undoable step tagged
 * TKR_JOURNAL_TAG_REWIND.
 */
gboolean
tkr_journal_rewind_to (TkrJournal *self, int turn, int round, GError **error)
{
  g_autoptr (TkrCampaign) other = NULL;
  TkrHistory *history;
  RoundStart *start;

  g_return_val_if_fail (TKR_IS_JOURNAL (self), FALSE);

  start = find_round (self, turn, round);
  if (start == NULL)
    {
      if (turn != 0)
        g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                     /* Translators: a round, then the Action-Point Turn it is in */
                     _ ("There is no record of the start of round %d of Turn %d to go back to"),
                     round, turn);
      else
        g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                     _ ("There is no record of the start of round %d to go back to"), round);
      return FALSE;
    }
  {
    /* The state keeps most characters as their text (tkr-json-lazy.h). */
    g_autoptr (JsonNode) state = tkr_json_lazy_expand (start->state);

    other = tkr_campaign_new_from_root_for (self->campaign, state, error);
  }
  if (other == NULL)
    return FALSE;

  history = self->history;
  if (turn != 0)
    /* Translators: a round, then the Action-Point Turn it is in */
    tkr_history_begin_message (history, N_ ("Rewind to the start of round %d of Turn %d"),
                               tkr_message_int (round), tkr_message_int (turn), NULL);
  else
    tkr_history_begin_message (history, N_ ("Rewind to the start of round %d"),
                               tkr_message_int (round), NULL);
  tkr_history_set_tag (history, TKR_JOURNAL_TAG_REWIND);
  tkr_campaign_exchange (self->campaign, other, TRUE);
  tkr_history_end (history);
  return TRUE;
}

/**
 * tkr_journal_rewind:
 * @round: a round of the latest Turn whose start the journal holds
 *
 * tkr_journal_rewind_to() in the latest Turn (every round, outside the
 * Action-Point system).
 */
gboolean
tkr_journal_rewind (TkrJournal *self, int round, GError **error)
{
  g_return_val_if_fail (TKR_IS_JOURNAL (self), FALSE);
  return tkr_journal_rewind_to (self, latest_turn (self), round, error);
}
