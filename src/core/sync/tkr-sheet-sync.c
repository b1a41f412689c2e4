/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-file.h"
#include "tkr-pool.h"
#include "tkr-sheet-sync.h"
#include "tkr-sync-files.h"

/* How often a file that does not parse is read again before the message
 * says it looks damaged rather than on its way (it is still read again on
 * the folder's next change). */
#define WAITS_BEFORE_DAMAGED 20

static guint settle_ms = 150;

struct _TkrSheetSync
{
  GObject parent_instance;

  GFile *file;
  GFile *folder;
  char *basename;
  TkrCharacter *character;
  TkrHistory *history;
  TkrSheetLink *link; /* nullable: what was last in step is kept here */
  char *writing_hash; /* the sheet's hash as the write under way began */

  GFileMonitor *monitor;
  GCancellable *cancellable;
  char *disk_version;         /* the file's version when last read or written */
  char *file_id;              /* the id in the file, kept when writing */
  GBytes *synced;             /* the character's bytes when last in step */
  GHashTable *handled_copies; /* conflict copy basename -> its version */

  TkrSheetSyncState state;
  char *message;
  TkrCharacter *theirs;
  GFile *conflict_file;
  char *conflict_version;
  GBytes *theirs_bytes;

  guint settle_id;
  guint save_id;
  guint waits;
  gboolean saving;
  gboolean recheck;
  gboolean applying;
};

G_DEFINE_FINAL_TYPE (TkrSheetSync, tkr_sheet_sync, G_TYPE_OBJECT)
G_DEFINE_QUARK (tkr - sheet - sync - error - quark, tkr_sheet_sync_error)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_CHARACTER,
  PROP_HISTORY,
  PROP_STATE,
  PROP_MESSAGE,
  PROP_THEIRS,
  PROP_CONFLICT_FILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  APPLIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_settle (TkrSheetSync *self, guint delay);
static void schedule_save (TkrSheetSync *self);

void
tkr_sheet_sync_set_settle_time (guint milliseconds)
{
  settle_ms = milliseconds;
}

/* Applying */

static gboolean
is_value_property (GParamSpec *pspec)
{
  /* A sheet's statblock (its saves, skills, ranges...) comes with its
   * lists, below. */
  return (pspec->flags & G_PARAM_WRITABLE) != 0 && (pspec->flags & G_PARAM_CONSTRUCT_ONLY) == 0 &&
         !g_type_is_a (pspec->value_type, G_TYPE_OBJECT) &&
         g_strcmp0 (pspec->name, "statblock") != 0;
}

static void
apply_value_properties (GObject *mine, GObject *theirs, TkrHistory *history)
{
  guint n;
  g_autofree GParamSpec **pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (mine), &n);

  for (guint i = 0; i < n; i++)
    {
      g_auto (GValue) mine_value = G_VALUE_INIT;
      g_auto (GValue) theirs_value = G_VALUE_INIT;

      if (!is_value_property (pspecs[i]))
        continue;
      g_value_init (&mine_value, pspecs[i]->value_type);
      g_value_init (&theirs_value, pspecs[i]->value_type);
      g_object_get_property (mine, pspecs[i]->name, &mine_value);
      g_object_get_property (theirs, pspecs[i]->name, &theirs_value);
      if (g_param_values_cmp (pspecs[i], &mine_value, &theirs_value) != 0)
        tkr_history_set_value (history, mine, pspecs[i]->name, &theirs_value);
    }
}

static JsonNode *
member_of (JsonNode *character_node, const char *property)
{
  g_autofree char *member = g_strdelimit (g_strdup (property), "-", '_');
  JsonObject *object = json_node_get_object (character_node);

  return json_object_has_member (object, member) ? json_object_get_member (object, member) : NULL;
}

void
tkr_sheet_sync_apply (TkrCharacter *mine, TkrCharacter *theirs, TkrHistory *history)
{
  g_autoptr (JsonNode) mine_node = NULL;
  g_autoptr (JsonNode) theirs_node = NULL;
  guint n;
  g_autofree GParamSpec **pspecs = NULL;

  g_return_if_fail (TKR_IS_CHARACTER (mine));
  g_return_if_fail (TKR_IS_CHARACTER (theirs));

  apply_value_properties (G_OBJECT (mine), G_OBJECT (theirs), history);
  /* Pools: the maximum first, so a current above the old maximum holds. */
  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      TkrPool *to = tkr_character_get_pool (mine, i);
      TkrPool *from = tkr_character_get_pool (theirs, i);

      if (tkr_pool_get_maximum (to) != tkr_pool_get_maximum (from))
        tkr_history_set (history, to, "maximum", tkr_pool_get_maximum (from), NULL);
      if (tkr_pool_get_current (to) != tkr_pool_get_current (from))
        tkr_history_set (history, to, "current", tkr_pool_get_current (from), NULL);
    }

  /* The sheet's lists: each one that differs takes their items whole. */
  mine_node = tkr_character_to_json (mine);
  theirs_node = tkr_character_to_json (theirs);
  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (mine), &n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) mine_list = NULL;
      g_autoptr (GObject) theirs_list = NULL;
      JsonNode *a, *b;

      if (!g_type_is_a (pspecs[i]->value_type, G_TYPE_LIST_MODEL) ||
          g_strcmp0 (pspecs[i]->name, "pools") == 0)
        continue;
      a = member_of (mine_node, pspecs[i]->name);
      b = member_of (theirs_node, pspecs[i]->name);
      if (a != NULL && b != NULL && json_node_equal (a, b))
        continue;
      g_object_get (mine, pspecs[i]->name, &mine_list, NULL);
      g_object_get (theirs, pspecs[i]->name, &theirs_list, NULL);
      if (!G_IS_LIST_STORE (mine_list) || !G_IS_LIST_MODEL (theirs_list))
        continue;
      for (guint k = g_list_model_get_n_items (G_LIST_MODEL (mine_list)); k > 0; k--)
        tkr_history_remove (history, G_LIST_STORE (mine_list), k - 1);
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (theirs_list)); k++)
        {
          g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (theirs_list), k);
          tkr_history_append (history, G_LIST_STORE (mine_list), item);
        }
    }
}

/* Whether two sheets hold the same (their ids aside). */
static gboolean
same_sheet (TkrCharacter *a, TkrCharacter *b)
{
  g_autoptr (JsonNode) node_a = tkr_character_to_json (a);
  g_autoptr (JsonNode) node_b = tkr_character_to_json (b);

  json_object_remove_member (json_node_get_object (node_a), "id");
  json_object_remove_member (json_node_get_object (node_b), "id");
  return json_node_equal (node_a, node_b);
}

/* State */

static void
set_state (TkrSheetSync *self, TkrSheetSyncState state, const char *message)
{
  if (self->state != state)
    {
      self->state = state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }
  if (g_strcmp0 (self->message, message) != 0)
    {
      g_free (self->message);
      self->message = g_strdup (message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
    }
}

static void
set_theirs (
  TkrSheetSync *self, TkrCharacter *theirs, GBytes *bytes, GFile *from, const char *version)
{
  g_clear_pointer (&self->theirs_bytes, g_bytes_unref);
  self->theirs_bytes = bytes != NULL ? g_bytes_ref (bytes) : NULL;
  g_free (self->conflict_version);
  self->conflict_version = g_strdup (version);
  if (g_set_object (&self->theirs, theirs))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEIRS]);
  if (g_set_object (&self->conflict_file, from))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONFLICT_FILE]);
}

static GBytes *
character_bytes (TkrSheetSync *self)
{
  return tkr_character_to_bytes (self->character);
}

static gboolean
is_dirty (TkrSheetSync *self)
{
  g_autoptr (GBytes) now = character_bytes (self);

  return self->synced == NULL || !g_bytes_equal (now, self->synced);
}

/* The sheet and its file hold the same: the link remembers it. */
static void
remember_in_step (TkrSheetSync *self, const char *hash)
{
  if (self->link != NULL && hash != NULL)
    tkr_sheet_link_set_synced (self->link, hash);
}

static void
mark_synced (TkrSheetSync *self)
{
  g_autofree char *hash = NULL;

  g_clear_pointer (&self->synced, g_bytes_unref);
  self->synced = character_bytes (self);
  if (self->link != NULL)
    {
      hash = tkr_sheet_link_hash_sheet (self->character);
      remember_in_step (self, hash);
    }
}

/* Whether @theirs (read from the file) is what the sheet and the file
 * last held in step, by the link's record: the file did not change. */
static gboolean
file_unchanged_since_synced (TkrSheetSync *self, TkrCharacter *theirs)
{
  const char *synced = self->link != NULL ? tkr_sheet_link_get_synced (self->link) : NULL;
  g_autofree char *hash = NULL;

  if (synced == NULL)
    return FALSE;
  hash = tkr_sheet_link_hash_sheet (theirs);
  return g_strcmp0 (hash, synced) == 0;
}

/* The bytes written to the file: the character, with the id the file
 * already had (the GM's campaign and the player's app each keep their
 * own). */
static GBytes *
file_bytes (TkrSheetSync *self)
{
  g_autoptr (JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  JsonObject *header = tkr_file_new_header (TKR_CHARACTER_FILE_KIND, TKR_CHARACTER_FORMAT);
  JsonNode *character = tkr_character_to_json (self->character);

  if (self->file_id != NULL)
    json_object_set_string_member (json_node_get_object (character), "id", self->file_id);
  json_object_set_member (header, "character", character);
  json_node_take_object (root, header);
  return tkr_file_serialize (root);
}

/* Reads a sheet; NULL when it does not parse (yet). */
static TkrCharacter *
read_sheet (GFile *file, GBytes **bytes_out, GError **error)
{
  g_autoptr (GBytes) bytes = tkr_file_load (file, NULL, error);
  TkrCharacter *character;

  if (bytes == NULL)
    return NULL;
  character = tkr_character_new_from_bytes (bytes, error);
  if (character != NULL && bytes_out != NULL)
    *bytes_out = g_steal_pointer (&bytes);
  return character;
}

static void
apply_theirs (TkrSheetSync *self, TkrCharacter *theirs)
{
  self->applying = TRUE;
  /* Translators: an undo step: the sheet took the version in its file */
  tkr_history_begin (self->history, N_ ("Sheet Changed in Its File"));
  tkr_sheet_sync_apply (self->character, theirs, self->history);
  tkr_history_end (self->history);
  self->applying = FALSE;
  mark_synced (self);
  g_signal_emit (self, signals[APPLIED], 0);
}

static void
enter_conflict (
  TkrSheetSync *self, TkrCharacter *theirs, GBytes *bytes, GFile *from, const char *version)
{
  g_autofree char *name = g_file_get_basename (from);
  g_autofree char *message = NULL;

  set_theirs (self, theirs, bytes, from, version);
  message = g_strdup_printf (
    _ ("“%s” was changed in the shared folder while you changed it here. Nothing was saved over "
       "it: keep your version or take theirs."),
    name);
  set_state (self, TKR_SHEET_SYNC_CONFLICT, message);
}

/* Outside changes */

static void
check_conflict_copies (TkrSheetSync *self)
{
  g_autoptr (GPtrArray) copies = tkr_sync_find_conflict_copies (self->file);

  for (guint i = 0; i < copies->len && self->state == TKR_SHEET_SYNC_IN_STEP; i++)
    {
      GFile *copy = copies->pdata[i];
      g_autofree char *name = g_file_get_basename (copy);
      g_autofree char *version = tkr_sync_query_version (copy);
      g_autoptr (TkrCharacter) theirs = NULL;
      g_autoptr (GBytes) bytes = NULL;

      if (version == NULL ||
          g_strcmp0 (g_hash_table_lookup (self->handled_copies, name), version) == 0)
        continue;
      theirs = read_sheet (copy, &bytes, NULL);
      if (theirs == NULL)
        continue; /* still arriving: its next change brings it back here */
      if (same_sheet (theirs, self->character))
        {
          g_hash_table_insert (self->handled_copies, g_strdup (name), g_strdup (version));
          continue;
        }
      enter_conflict (self, theirs, bytes, copy, version);
    }
}

static void
check_outside (TkrSheetSync *self)
{
  g_autofree char *version = NULL;

  if (self->saving)
    {
      self->recheck = TRUE;
      return;
    }
  if (self->state == TKR_SHEET_SYNC_CONFLICT)
    return;

  version = tkr_sync_query_version (self->file);
  if (version != NULL && g_strcmp0 (version, self->disk_version) != 0)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (TkrCharacter) theirs = read_sheet (self->file, &bytes, &error);

      if (theirs == NULL)
        {
          g_autofree char *name = g_file_get_basename (self->file);
          g_autofree char *message = NULL;

          /* A transfer still filling the file, most likely: the last good
           * version stays; read again once the folder settles. */
          self->waits++;
          message = self->waits < WAITS_BEFORE_DAMAGED
                      ? g_strdup_printf (_ ("Waiting for “%s” to arrive in full"), name)
                      : g_strdup_printf (_ ("“%s” cannot be read; your version is kept. "
                                            "Waiting for a readable version"),
                                         name);
          set_state (self, TKR_SHEET_SYNC_WAITING, message);
          schedule_settle (self, settle_ms * 2);
          return;
        }
      self->waits = 0;
      g_free (self->file_id);
      self->file_id = g_strdup (tkr_character_get_id (theirs));
      if (same_sheet (theirs, self->character))
        {
          g_free (self->disk_version);
          self->disk_version = g_steal_pointer (&version);
          mark_synced (self);
        }
      else if (!is_dirty (self))
        {
          g_free (self->disk_version);
          self->disk_version = g_steal_pointer (&version);
          apply_theirs (self, theirs);
        }
      else if (file_unchanged_since_synced (self, theirs))
        {
          /* Rewritten with what it held when last in step (a sync engine
           * touching it): only this side changed; written below. */
          g_free (self->disk_version);
          self->disk_version = g_steal_pointer (&version);
        }
      else
        {
          set_state (self, TKR_SHEET_SYNC_IN_STEP, NULL);
          enter_conflict (self, theirs, bytes, self->file, version);
          return;
        }
    }
  set_state (self, TKR_SHEET_SYNC_IN_STEP, NULL);
  check_conflict_copies (self);
  if (self->state == TKR_SHEET_SYNC_IN_STEP && is_dirty (self))
    schedule_save (self);
}

static gboolean
settle_cb (gpointer data)
{
  TkrSheetSync *self = data;

  self->settle_id = 0;
  check_outside (self);
  return G_SOURCE_REMOVE;
}

/* Waits for the folder to be quiet (each event starts the wait again),
 * so a file that arrives in pieces is read once. */
static void
schedule_settle (TkrSheetSync *self, guint delay)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (delay, settle_cb, self);
}

static void
folder_changed_cb (
  GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, TkrSheetSync *self)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *other_name = other != NULL ? g_file_get_basename (other) : NULL;

  if (g_strcmp0 (name, self->basename) == 0 || g_strcmp0 (other_name, self->basename) == 0 ||
      tkr_sync_is_conflict_copy_of (name, self->basename) ||
      (other_name != NULL && tkr_sync_is_conflict_copy_of (other_name, self->basename)))
    schedule_settle (self, settle_ms);
}

/* Writing */

static void
saved_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TkrSheetSync) self = data;
  g_autoptr (GError) error = NULL;

  self->saving = FALSE;
  if (!tkr_file_save_finish (G_FILE (source), result, &error))
    {
      /* Not in step: the next change or the next look tries again. */
      g_clear_pointer (&self->synced, g_bytes_unref);
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_state (self, TKR_SHEET_SYNC_WAITING, error->message);
      return;
    }
  g_free (self->disk_version);
  self->disk_version = tkr_sync_query_version (self->file);
  remember_in_step (self, self->writing_hash);
  if (self->recheck)
    {
      self->recheck = FALSE;
      check_outside (self);
    }
  else if (is_dirty (self))
    schedule_save (self);
}

static void
write_now (TkrSheetSync *self)
{
  g_autoptr (GBytes) bytes = file_bytes (self);
  g_autoptr (GBytes) synced = character_bytes (self);

  self->saving = TRUE;
  g_free (self->writing_hash);
  self->writing_hash = self->link != NULL ? tkr_sheet_link_hash_sheet (self->character) : NULL;
  tkr_file_save_async (self->file, bytes, self->cancellable, saved_cb, g_object_ref (self));
  /* What the character is as this write begins: in step once it lands. */
  g_clear_pointer (&self->synced, g_bytes_unref);
  self->synced = g_steal_pointer (&synced);
}

static gboolean
save_cb (gpointer data)
{
  TkrSheetSync *self = data;
  g_autofree char *version = NULL;

  self->save_id = 0;
  if (self->saving)
    {
      self->recheck = TRUE;
      return G_SOURCE_REMOVE;
    }
  if (self->state != TKR_SHEET_SYNC_IN_STEP || !is_dirty (self))
    return G_SOURCE_REMOVE;
  /* Someone else wrote the file since it was last read: read theirs
   * first; both changed is a conflict, never a silent overwrite. */
  version = tkr_sync_query_version (self->file);
  if (version != NULL && g_strcmp0 (version, self->disk_version) != 0)
    {
      check_outside (self);
      return G_SOURCE_REMOVE;
    }
  write_now (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_save (TkrSheetSync *self)
{
  if (self->save_id == 0)
    self->save_id = g_idle_add (save_cb, self);
}

static void
history_changed_cb (TkrSheetSync *self)
{
  if (self->applying || self->state != TKR_SHEET_SYNC_IN_STEP)
    return;
  if (is_dirty (self))
    schedule_save (self);
}

/* Public */

void
tkr_sheet_sync_set_link (TkrSheetSync *self, TkrSheetLink *link)
{
  g_return_if_fail (TKR_IS_SHEET_SYNC (self));
  g_return_if_fail (link == NULL || TKR_IS_SHEET_LINK (link));
  g_return_if_fail (self->monitor == NULL);

  g_set_object (&self->link, link);
}

gboolean
tkr_sheet_sync_start (TkrSheetSync *self, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (TkrCharacter) theirs = NULL;

  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), FALSE);
  g_return_val_if_fail (self->monitor == NULL, FALSE);

  if (g_file_query_exists (self->file, NULL))
    {
      g_autoptr (GBytes) bytes = NULL;
      const char *synced = self->link != NULL ? tkr_sheet_link_get_synced (self->link) : NULL;

      theirs = read_sheet (self->file, &bytes, &local_error);
      if (theirs == NULL)
        {
          g_autofree char *name = g_file_get_basename (self->file);

          g_set_error (error, TKR_SHEET_SYNC_ERROR, TKR_SHEET_SYNC_ERROR_NOT_A_SHEET,
                       _ ("“%s” is not a character sheet Turnkeeper can read: %s"), name,
                       local_error->message);
          return FALSE;
        }
      self->file_id = g_strdup (tkr_character_get_id (theirs));
      self->disk_version = tkr_sync_query_version (self->file);
      if (same_sheet (theirs, self->character))
        mark_synced (self);
      else if (synced == NULL)
        apply_theirs (self, theirs); /* nothing known: the file wins */
      else if (file_unchanged_since_synced (self, theirs))
        ; /* changed here only (the file out of reach): written below */
      else
        {
          g_autofree char *mine = tkr_sheet_link_hash_sheet (self->character);

          if (g_strcmp0 (mine, synced) == 0)
            apply_theirs (self, theirs); /* changed in the file only */
          else
            enter_conflict (self, theirs, bytes, self->file, self->disk_version);
        }
    }

  self->monitor =
    g_file_monitor_directory (self->folder, G_FILE_MONITOR_WATCH_MOVES, self->cancellable, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (folder_changed_cb), self);
  g_signal_connect_object (self->history, "changed", G_CALLBACK (history_changed_cb), self,
                           G_CONNECT_SWAPPED);
  if (theirs == NULL || (self->state == TKR_SHEET_SYNC_IN_STEP && is_dirty (self)))
    schedule_save (self);
  /* A conflict copy made while this side was away. */
  schedule_settle (self, settle_ms);
  return TRUE;
}

static gboolean
check_in_conflict (TkrSheetSync *self, GError **error)
{
  if (self->state == TKR_SHEET_SYNC_CONFLICT && self->theirs != NULL)
    return TRUE;
  g_set_error_literal (error, TKR_SHEET_SYNC_ERROR, TKR_SHEET_SYNC_ERROR_NO_CONFLICT,
                       _ ("There is no conflict to resolve"));
  return FALSE;
}

static void
end_conflict (TkrSheetSync *self)
{
  set_theirs (self, NULL, NULL, NULL, NULL);
  set_state (self, TKR_SHEET_SYNC_IN_STEP, NULL);
  /* Another conflict copy may wait; and this side's version goes out. */
  schedule_settle (self, settle_ms);
}

static gboolean
is_conflict_copy (TkrSheetSync *self)
{
  return self->conflict_file != NULL && !g_file_equal (self->conflict_file, self->file);
}

gboolean
tkr_sheet_sync_keep_mine (TkrSheetSync *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), FALSE);

  if (!check_in_conflict (self, error))
    return FALSE;
  if (is_conflict_copy (self))
    {
      g_autofree char *name = g_file_get_basename (self->conflict_file);

      /* The copy stays on disk, untouched; it is not asked about again. */
      g_hash_table_insert (self->handled_copies, g_steal_pointer (&name),
                           g_strdup (self->conflict_version));
    }
  else
    {
      g_autofree char *stem = g_strdup (self->basename);
      g_autofree char *copy_name = NULL;
      g_autoptr (GFile) copy = NULL;
      char *dot = strrchr (stem, '.');

      if (dot != NULL && dot != stem)
        *dot = '\0';
      /* Translators: the file their version of a sheet is kept in when
       * the person keeps theirs; %s is the sheet's file name without
       * ".tkcharacter" */
      copy_name = g_strdup_printf (_ ("%s (their version).tkcharacter"), stem);
      copy = g_file_get_child (self->folder, copy_name);
      /* An earlier conflict's copy is kept too: the next free number. */
      for (guint n = 2; g_file_query_exists (copy, NULL); n++)
        {
          g_clear_pointer (&copy_name, g_free);
          g_clear_object (&copy);
          /* Translators: as above, when that name is taken: "Kim (their
           * version 2).tkcharacter" */
          copy_name = g_strdup_printf (_ ("%s (their version %u).tkcharacter"), stem, n);
          copy = g_file_get_child (self->folder, copy_name);
        }
      if (!tkr_file_save (copy, self->theirs_bytes, NULL, error))
        return FALSE;
      /* Their version is read: what is on disk now is the one to replace. */
      g_free (self->disk_version);
      self->disk_version = g_strdup (self->conflict_version);
      g_clear_pointer (&self->synced, g_bytes_unref);
    }
  end_conflict (self);
  schedule_save (self);
  return TRUE;
}

gboolean
tkr_sheet_sync_take_theirs (TkrSheetSync *self, GError **error)
{
  g_autoptr (TkrCharacter) theirs = NULL;
  g_autoptr (GFile) from = NULL;

  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), FALSE);

  if (!check_in_conflict (self, error))
    return FALSE;
  theirs = g_object_ref (self->theirs);
  from = g_object_ref (self->conflict_file);
  if (is_conflict_copy (self))
    {
      apply_theirs (self, theirs);
      /* Their version becomes the sheet's file below; this side's is in
       * the undo history and in the file's backup ("name~"). */
      g_clear_pointer (&self->synced, g_bytes_unref);
      tkr_file_backup (self->file, NULL, NULL);
      if (!g_file_delete (from, NULL, error))
        return FALSE;
    }
  else
    {
      g_free (self->disk_version);
      self->disk_version = g_strdup (self->conflict_version);
      apply_theirs (self, theirs);
    }
  end_conflict (self);
  schedule_save (self);
  return TRUE;
}

GFile *
tkr_sheet_sync_get_file (TkrSheetSync *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), NULL);
  return self->file;
}

TkrCharacter *
tkr_sheet_sync_get_character (TkrSheetSync *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), NULL);
  return self->character;
}

TkrSheetSyncState
tkr_sheet_sync_get_state (TkrSheetSync *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), TKR_SHEET_SYNC_IN_STEP);
  return self->state;
}

const char *
tkr_sheet_sync_get_message (TkrSheetSync *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), NULL);
  return self->message;
}

TkrCharacter *
tkr_sheet_sync_get_theirs (TkrSheetSync *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), NULL);
  return self->theirs;
}

GFile *
tkr_sheet_sync_get_conflict_file (TkrSheetSync *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), NULL);
  return self->conflict_file;
}

gboolean
tkr_sheet_sync_is_busy (TkrSheetSync *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_SYNC (self), FALSE);
  return self->saving || self->save_id != 0 || self->settle_id != 0;
}

/* GObject */

TkrSheetSync *
tkr_sheet_sync_new (GFile *file, TkrCharacter *character, TkrHistory *history)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);
  g_return_val_if_fail (TKR_IS_HISTORY (history), NULL);

  return g_object_new (TKR_TYPE_SHEET_SYNC, "file", file, "character", character, "history",
                       history, NULL);
}

static void
tkr_sheet_sync_constructed (GObject *object)
{
  TkrSheetSync *self = TKR_SHEET_SYNC (object);

  G_OBJECT_CLASS (tkr_sheet_sync_parent_class)->constructed (object);
  self->folder = g_file_get_parent (self->file);
  self->basename = g_file_get_basename (self->file);
}

static void
tkr_sheet_sync_dispose (GObject *object)
{
  TkrSheetSync *self = TKR_SHEET_SYNC (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  g_clear_handle_id (&self->save_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, folder_changed_cb, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->theirs);
  g_clear_object (&self->conflict_file);
  g_clear_object (&self->character);
  g_clear_object (&self->history);
  g_clear_object (&self->link);
  G_OBJECT_CLASS (tkr_sheet_sync_parent_class)->dispose (object);
}

static void
tkr_sheet_sync_finalize (GObject *object)
{
  TkrSheetSync *self = TKR_SHEET_SYNC (object);

  g_clear_object (&self->file);
  g_clear_object (&self->folder);
  g_clear_object (&self->cancellable);
  g_free (self->basename);
  g_free (self->disk_version);
  g_free (self->file_id);
  g_free (self->writing_hash);
  g_free (self->message);
  g_free (self->conflict_version);
  g_clear_pointer (&self->synced, g_bytes_unref);
  g_clear_pointer (&self->theirs_bytes, g_bytes_unref);
  g_clear_pointer (&self->handled_copies, g_hash_table_unref);
  G_OBJECT_CLASS (tkr_sheet_sync_parent_class)->finalize (object);
}

static void
tkr_sheet_sync_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrSheetSync *self = TKR_SHEET_SYNC (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_CHARACTER:
      g_value_set_object (value, self->character);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    case PROP_THEIRS:
      g_value_set_object (value, self->theirs);
      break;
    case PROP_CONFLICT_FILE:
      g_value_set_object (value, self->conflict_file);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_sheet_sync_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrSheetSync *self = TKR_SHEET_SYNC (object);

  switch (prop_id)
    {
    case PROP_FILE:
      self->file = g_value_dup_object (value);
      break;
    case PROP_CHARACTER:
      self->character = g_value_dup_object (value);
      break;
    case PROP_HISTORY:
      self->history = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_sheet_sync_class_init (TkrSheetSyncClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = tkr_sheet_sync_constructed;
  object_class->dispose = tkr_sheet_sync_dispose;
  object_class->finalize = tkr_sheet_sync_finalize;
  object_class->get_property = tkr_sheet_sync_get_property;
  object_class->set_property = tkr_sheet_sync_set_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, TKR_TYPE_HISTORY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, TKR_SHEET_SYNC_IN_STEP, TKR_SHEET_SYNC_CONFLICT,
                      TKR_SHEET_SYNC_IN_STEP, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEIRS] = g_param_spec_object ("theirs", NULL, NULL, TKR_TYPE_CHARACTER,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CONFLICT_FILE] = g_param_spec_object ("conflict-file", NULL, NULL, G_TYPE_FILE,
                                                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[APPLIED] = g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
tkr_sheet_sync_init (TkrSheetSync *self)
{
  self->cancellable = g_cancellable_new ();
  self->handled_copies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}
