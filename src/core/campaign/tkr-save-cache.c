/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-save-cache.h"

#include <string.h>

#include "tkr-character.h"
#include "tkr-combatant.h"
#include "tkr-json-lazy.h"
#include "tkr-log-entry.h"

/* One kept text: a value's bytes in the compact form
 * (tkr_json_writer_init_compact: half the bytes), which the join writes
 * at the depth each save puts it (tkr_json_append_pretty). The cache holds a reference on its
 * owner, so its address never names another object while the text is kept. */
/* How an owner is written: by its to_json, as a sheet
 * (tkr_character_write_json), or as an encounter's NPC participant
 * ({"npc" : sheet}). */
typedef enum
{
  WRITE_TO_JSON,
  WRITE_CHARACTER,
  WRITE_PARTICIPANT,
} WriteKind;

typedef struct
{
  GObject *owner;
  /* The text as a lazy node (tkr-json-lazy.h), which holds it: the same
   * bytes are the journal's node for @owner (tkr_save_cache_tracker_tree). */
  JsonNode *lazy;
  GBytes *text;     /* in @lazy; shared with the pieces of saves being written */
  const char *data; /* text's, here so a save touches only this */
  gsize length;
  TkrSaveToJson to_json;
  WriteKind kind;
  guint save; /* the last save that wrote it */
} Fragment;

/* A piece: a kept text to write at @level, or (text NULL) a stretch of
 * the glue. */
typedef struct
{
  GBytes *text;
  gsize offset;
  gsize length;
  guint level;
} Piece;

struct _TkrSavePieces
{
  GString *glue; /* what the writer wrote around the kept texts */
  GArray *pieces;
  gsize size;
  guint n_made;
};

struct _TkrSaveCache
{
  TkrHistory *history; /* weak: the campaign owns both */
  gulong committed_id;
  gulong moved_id;
  TkrSaveOutsideFunc outside;
  gpointer outside_data;
  GHashTable *fragments; /* owner -> Fragment */
  /* The objects inside an owner's text: a list or a list's item -> its
   * owner; one inside several owners' texts -> OWNED_BY_MANY and the
   * owners in @many. */
  GHashTable *parts;
  GHashTable *many;       /* part -> GPtrArray of owners */
  GHashTable *dependents; /* a character -> GPtrArray of its combatants with text */
  guint save;
  guint written; /* texts this save wrote or copied */
  /* During tkr_save_cache_write_tracker(): the placeholders in its tree. */
  GHashTable *placeholders; /* JsonNode -> Placeholder */
  /* Texts found in a tracker to write ahead (tkr_save_cache_plan_tracker). */
  GArray *plan; /* Planned */
  guint planned_next;
  /* The tree end (tkr_save_cache_tracker_tree): each owner's node, kept
   * while its text would be. */
  GHashTable *nodes; /* owner (referenced) -> KeptNode */
  guint tree;        /* the last tree built */
  guint nodes_used;  /* nodes that tree took */
  gboolean tree_mode;
  /* Between begin and end: */
  TkrSavePieces *pieces;
  gsize glue_mark; /* the glue before it is in pieces already */
};

#define OWNED_BY_MANY GINT_TO_POINTER (1)

typedef struct
{
  GObject *owner;
  TkrSaveToJson to_json;
  WriteKind kind;
} Placeholder;

typedef struct
{
  JsonNode *node;
  WriteKind kind;
  TkrSaveToJson to_json;
  guint tree; /* the last tree that took it */
} KeptNode;

/* The save building its tracker's tree on this thread. */
static __thread TkrSaveCache *building;

static void
kept_node_free (gpointer data)
{
  KeptNode *kept = data;

  json_node_unref (kept->node);
  g_free (kept);
}

static void
fragment_free (gpointer data)
{
  Fragment *fragment = data;

  g_object_unref (fragment->owner);
  g_bytes_unref (fragment->text);
  g_free (fragment);
}

static void drop (TkrSaveCache *self, gpointer owner);

static void
drop_all (GPtrArray *owners, TkrSaveCache *self)
{
  g_autoptr (GPtrArray) copy = g_ptr_array_copy (owners, NULL, NULL);

  for (guint i = 0; i < copy->len; i++)
    drop (self, g_ptr_array_index (copy, i));
}

/* @owner's text is old: it goes, and its combatants' too (a combatant's
 * text may show its sheet's numbers). */
static void
drop (TkrSaveCache *self, gpointer owner)
{
  GPtrArray *dependents;

  g_hash_table_remove (self->fragments, owner);
  g_hash_table_remove (self->nodes, owner);
  dependents = g_hash_table_lookup (self->dependents, owner);
  if (dependents != NULL)
    {
      g_hash_table_steal (self->dependents, owner);
      drop_all (dependents, self);
      g_ptr_array_unref (dependents);
    }
}

void
tkr_save_cache_clear (TkrSaveCache *self)
{
  g_return_if_fail (self != NULL);

  g_hash_table_remove_all (self->fragments);
  g_hash_table_remove_all (self->nodes);
  g_hash_table_remove_all (self->parts);
  g_hash_table_remove_all (self->many);
  g_hash_table_remove_all (self->dependents);
}

static gboolean
is_owner_type (GObject *object)
{
  return TKR_IS_CHARACTER (object) || TKR_IS_COMBATANT (object) || TKR_IS_LOG_ENTRY (object);
}

/* One change of a step: a property of @object set, or the list @object
 * changed (@item went in or out; its text is its list owner's). */
static void
changed_cb (GObject *object, GObject *item, gpointer user_data)
{
  TkrSaveCache *self = user_data;
  gpointer owner;
  gboolean placed = FALSE;

  if (object == NULL)
    {
      /* A step of unknown changes (brought back from the journal). */
      tkr_save_cache_clear (self);
      return;
    }
  if (g_hash_table_contains (self->fragments, object) ||
      g_hash_table_contains (self->nodes, object))
    {
      drop (self, object);
      placed = TRUE;
    }
  owner = g_hash_table_lookup (self->parts, object);
  if (owner == OWNED_BY_MANY)
    drop_all (g_hash_table_lookup (self->many, object), self);
  else if (owner != NULL)
    drop (self, owner);
  if (placed || owner != NULL || is_owner_type (object))
    return;
  if (self->outside != NULL && self->outside (object, self->outside_data))
    return;
  /* Inside no text the cache knows of, and not known to be outside all:
   * nothing kept can be trusted. */
  tkr_save_cache_clear (self);
}

static void
step_cb (TkrSaveCache *self, gboolean redo_stack)
{
  if (g_hash_table_size (self->fragments) == 0 && g_hash_table_size (self->nodes) == 0)
    return;
  tkr_history_foreach_step_change (self->history, redo_stack, changed_cb, self);
}

static void
committed_cb (TkrHistory *history, const char *label, TkrSaveCache *self)
{
  step_cb (self, FALSE);
}

/* Undone: the step is on top of the redo stack; redone: of the undo
 * stack. */
static void
moved_cb (TkrHistory *history, gboolean forward, TkrSaveCache *self)
{
  step_cb (self, !forward);
}

TkrSaveCache *
tkr_save_cache_new (TkrHistory *history, TkrSaveOutsideFunc outside, gpointer outside_data)
{
  TkrSaveCache *self = g_new0 (TkrSaveCache, 1);

  self->history = history;
  self->outside = outside;
  self->outside_data = outside_data;
  self->fragments = g_hash_table_new_full (NULL, NULL, NULL, fragment_free);
  self->nodes = g_hash_table_new_full (NULL, NULL, g_object_unref, kept_node_free);
  self->parts = g_hash_table_new (NULL, NULL);
  self->many = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  self->dependents = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  if (history != NULL)
    {
      self->committed_id = g_signal_connect (history, "committed", G_CALLBACK (committed_cb), self);
      self->moved_id = g_signal_connect (history, "moved", G_CALLBACK (moved_cb), self);
    }
  return self;
}

void
tkr_save_cache_free (TkrSaveCache *self)
{
  if (self == NULL)
    return;
  if (self->history != NULL)
    {
      g_signal_handler_disconnect (self->history, self->committed_id);
      g_signal_handler_disconnect (self->history, self->moved_id);
    }
  g_hash_table_unref (self->fragments);
  g_hash_table_unref (self->nodes);
  g_hash_table_unref (self->parts);
  g_hash_table_unref (self->many);
  g_hash_table_unref (self->dependents);
  g_clear_pointer (&self->plan, g_array_unref);
  g_free (self);
}

typedef struct
{
  TkrSaveCache *cache;
  GObject *owner;
} AddPart;

static void
add_part (gpointer part, gpointer user_data)
{
  AddPart *add = user_data;
  TkrSaveCache *self = add->cache;
  gpointer owner = g_hash_table_lookup (self->parts, part);
  GPtrArray *owners;

  if (owner == NULL || owner == add->owner)
    {
      g_hash_table_insert (self->parts, part, add->owner);
      return;
    }
  if (owner != OWNED_BY_MANY)
    {
      owners = g_ptr_array_new ();
      g_ptr_array_add (owners, owner);
      g_hash_table_insert (self->many, part, owners);
      g_hash_table_insert (self->parts, part, OWNED_BY_MANY);
    }
  owners = g_hash_table_lookup (self->many, part);
  if (!g_ptr_array_find (owners, add->owner, NULL))
    g_ptr_array_add (owners, add->owner);
}

static void
add_list (GListModel *list, AddPart *add)
{
  guint n;

  if (list == NULL)
    return;
  add_part (list, add);
  n = g_list_model_get_n_items (list);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (list, i);

      add_part (item, add);
    }
}

/* The objects whose changes change @owner's text. */
static void
add_parts (TkrSaveCache *self, GObject *owner)
{
  AddPart add = { self, owner };

  if (TKR_IS_CHARACTER (owner))
    tkr_character_foreach_part (TKR_CHARACTER (owner), add_part, &add);
  else if (TKR_IS_COMBATANT (owner))
    {
      TkrCombatant *combatant = TKR_COMBATANT (owner);
      TkrCharacter *character = tkr_combatant_get_character (combatant);
      GPtrArray *dependents;

      add_list (tkr_combatant_get_resources (combatant), &add);
      add_list (G_LIST_MODEL (tkr_combatant_get_condition_store (combatant)), &add);
      add_list (tkr_combatant_get_conditions (combatant), &add);
      if (character != NULL)
        {
          /* A system may keep a combatant's conditions on its sheet (made
           * on first use, after the sheet's text): they are the sheet's
           * parts too. */
          AddPart sheet = { self, G_OBJECT (character) };

          add_list (G_LIST_MODEL (tkr_combatant_get_condition_store (combatant)), &sheet);
          add_list (tkr_combatant_get_conditions (combatant), &sheet);
          dependents = g_hash_table_lookup (self->dependents, character);
          if (dependents == NULL)
            {
              dependents = g_ptr_array_new ();
              g_hash_table_insert (self->dependents, character, dependents);
            }
          if (!g_ptr_array_find (dependents, owner, NULL))
            g_ptr_array_add (dependents, owner);
        }
    }
}

/* @owner's text, written now if not kept. */
static Fragment *
fragment_for (TkrSaveCache *self, GObject *owner, WriteKind kind, TkrSaveToJson to_json)
{
  Fragment *fragment = g_hash_table_lookup (self->fragments, owner);
  TkrJsonWriter writer;
  GString *text;

  self->written++;
  if (fragment != NULL && fragment->kind == kind && fragment->to_json == to_json)
    {
      fragment->save = self->save;
      return fragment;
    }
  if (self->pieces != NULL)
    self->pieces->n_made++;
  text = g_string_sized_new (kind == WRITE_TO_JSON ? 256 : 2048);
  tkr_json_writer_init_compact (&writer, text);
  if (kind == WRITE_CHARACTER)
    tkr_character_write_json (TKR_CHARACTER (owner), &writer, NULL);
  else if (kind == WRITE_PARTICIPANT)
    {
      /* As tkr_encounter_participant_to_json () writes an NPC. */
      tkr_json_writer_begin_object (&writer, NULL);
      tkr_character_write_json (TKR_CHARACTER (owner), &writer, "npc");
      tkr_json_writer_end_object (&writer);
    }
  else
    {
      g_autoptr (JsonNode) node = to_json (owner);

      tkr_json_writer_node (&writer, NULL, node);
    }
  fragment = g_new0 (Fragment, 1);
  fragment->owner = g_object_ref (owner);
  /* Kept for many saves, and as the journal's node: no more memory than
   * the text. */
  fragment->lazy = tkr_json_lazy_new (text->str, text->len);
  g_string_free (text, TRUE);
  fragment->data = tkr_json_lazy_get_text (fragment->lazy, &fragment->length);
  fragment->text = g_bytes_new_with_free_func (fragment->data, fragment->length,
                                               (GDestroyNotify) json_node_unref, fragment->lazy);
  fragment->kind = kind;
  fragment->to_json = to_json;
  fragment->save = self->save;
  g_hash_table_replace (self->fragments, owner, fragment);
  add_parts (self, owner);
  return fragment;
}

static void
add_piece (TkrSavePieces *pieces, GBytes *text, gsize offset, gsize length, guint level)
{
  Piece piece = { text != NULL ? g_bytes_ref (text) : NULL, offset, length, level };

  if (length == 0)
    return;
  g_array_append_val (pieces->pieces, piece);
  pieces->size += length;
}

/* The glue written since the last piece, then @fragment's text at
 * @level. */
static void
add_fragment (TkrSaveCache *self, Fragment *fragment, guint level)
{
  TkrSavePieces *pieces = self->pieces;

  add_piece (pieces, NULL, self->glue_mark, pieces->glue->len - self->glue_mark, 0);
  self->glue_mark = pieces->glue->len;
  add_piece (pieces, fragment->text, 0, fragment->length, level);
}

static void
piece_clear (gpointer data)
{
  Piece *piece = data;

  g_clear_pointer (&piece->text, g_bytes_unref);
}

void
tkr_save_cache_begin (TkrSaveCache *self, TkrJsonWriter *writer)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->pieces == NULL);
  g_return_if_fail (tkr_json_writer_is_text (writer));

  self->save++;
  self->written = 0;
  self->pieces = g_new0 (TkrSavePieces, 1);
  self->pieces->glue = writer->text;
  self->pieces->pieces = g_array_sized_new (FALSE, FALSE, sizeof (Piece), 1024);
  g_array_set_clear_func (self->pieces->pieces, piece_clear);
  self->glue_mark = writer->text->len;
  add_piece (self->pieces, NULL, 0, writer->text->len, 0);
}

void
tkr_save_cache_write_character (TkrSaveCache *self, TkrJsonWriter *writer, gpointer character)
{
  Fragment *fragment = fragment_for (self, character, WRITE_CHARACTER, NULL);

  tkr_json_writer_begin_raw (writer, NULL);
  add_fragment (self, fragment, writer->level);
}

static gboolean
splice_cb (JsonNode *node, GString *text, guint level, gpointer data)
{
  TkrSaveCache *self = data;
  Placeholder *placeholder = g_hash_table_lookup (self->placeholders, node);

  if (placeholder == NULL)
    return FALSE;
  /* Only the text itself: its place was written by the tree's printer. */
  g_assert (text == self->pieces->glue);
  add_fragment (
    self, fragment_for (self, placeholder->owner, placeholder->kind, placeholder->to_json), level);
  return TRUE;
}

void
tkr_save_cache_write_tracker (TkrSaveCache *self,
                              TkrJsonWriter *writer,
                              const char *name,
                              TkrTracker *tracker)
{
  g_autoptr (JsonNode) tree = NULL;

  g_return_if_fail (building == NULL);

  self->placeholders = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  building = self;
  tree = tkr_tracker_to_json (tracker);
  building = NULL;
  tkr_json_writer_node_spliced (writer, name, tree, splice_cb, self);
  g_clear_pointer (&self->placeholders, g_hash_table_unref);
}

typedef struct
{
  GObject *owner;
  TkrSaveToJson to_json;
  WriteKind kind;
  guint level;
} Planned;

static void
planned_clear (gpointer data)
{
  Planned *planned = data;

  g_clear_object (&planned->owner);
}

static gboolean
plan_cb (JsonNode *node, GString *text, guint level, gpointer data)
{
  TkrSaveCache *self = data;
  Placeholder *placeholder = g_hash_table_lookup (self->placeholders, node);
  Planned planned;

  if (placeholder == NULL)
    return FALSE;
  planned.owner = g_object_ref (placeholder->owner);
  planned.to_json = placeholder->to_json;
  planned.kind = placeholder->kind;
  planned.level = level;
  g_array_append_val (self->plan, planned);
  return TRUE;
}

void
tkr_save_cache_plan_tracker (TkrSaveCache *self, TkrTracker *tracker, guint level)
{
  g_autoptr (GString) scratch = g_string_new (NULL);
  g_autoptr (JsonNode) tree = NULL;
  TkrJsonWriter writer;

  g_return_if_fail (building == NULL && self->pieces == NULL);

  g_clear_pointer (&self->plan, g_array_unref);
  self->plan = g_array_new (FALSE, FALSE, sizeof (Planned));
  g_array_set_clear_func (self->plan, planned_clear);
  self->planned_next = 0;
  self->placeholders = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  building = self;
  tree = tkr_tracker_to_json (tracker);
  building = NULL;
  /* Printed only to learn each text's depth, as a save would print it. */
  tkr_json_writer_init_fragment (&writer, scratch, level);
  tkr_json_writer_node_spliced (&writer, NULL, tree, plan_cb, self);
  g_clear_pointer (&self->placeholders, g_hash_table_unref);
}

gboolean
tkr_save_cache_prepare_planned (TkrSaveCache *self)
{
  Planned *planned;

  g_return_val_if_fail (self->pieces == NULL, FALSE);

  if (self->plan == NULL || self->planned_next >= self->plan->len)
    {
      g_clear_pointer (&self->plan, g_array_unref);
      return FALSE;
    }
  planned = &g_array_index (self->plan, Planned, self->planned_next++);
  fragment_for (self, planned->owner, planned->kind, planned->to_json);
  return TRUE;
}

static gboolean
unused (gpointer key, gpointer value, gpointer user_data)
{
  Fragment *fragment = value;

  return fragment->save != GPOINTER_TO_UINT (user_data);
}

/* What this save did not write is gone from the campaign (or moved): its
 * text and its reference go. */
TkrSavePieces *
tkr_save_cache_end (TkrSaveCache *self)
{
  TkrSavePieces *pieces;

  g_return_val_if_fail (self != NULL && self->pieces != NULL, NULL);

  pieces = g_steal_pointer (&self->pieces);
  add_piece (pieces, NULL, self->glue_mark, pieces->glue->len - self->glue_mark, 0);
  /* Only when something kept was not written: most saves write all. */
  if (g_hash_table_size (self->fragments) > self->written)
    g_hash_table_foreach_remove (self->fragments, unused, GUINT_TO_POINTER (self->save));
  return pieces;
}

gsize
tkr_save_pieces_get_size (TkrSavePieces *pieces)
{
  return pieces->size;
}

guint
tkr_save_pieces_get_n_made (TkrSavePieces *pieces)
{
  return pieces->n_made;
}

void
tkr_save_cache_prepare (TkrSaveCache *self, gpointer character, gboolean participant, guint level)
{
  g_return_if_fail (self != NULL && self->pieces == NULL);

  fragment_for (self, character, participant ? WRITE_PARTICIPANT : WRITE_CHARACTER, NULL);
}

/**
 * tkr_save_pieces_join:
 *
 * Returns: (transfer full): the file's bytes; on any thread.
 */
GBytes *
tkr_save_pieces_join (TkrSavePieces *pieces)
{
  /* A kept text grows by about half again in the file's form. */
  GString *out = g_string_sized_new (pieces->size * 2 + 1);

  for (guint i = 0; i < pieces->pieces->len; i++)
    {
      Piece *piece = &g_array_index (pieces->pieces, Piece, i);

      if (piece->text != NULL)
        tkr_json_append_pretty (out, g_bytes_get_data (piece->text, NULL), piece->length,
                                piece->level);
      else
        g_string_append_len (out, pieces->glue->str + piece->offset, piece->length);
    }
  return g_string_free_to_bytes (out);
}

void
tkr_save_pieces_free (TkrSavePieces *pieces)
{
  if (pieces == NULL)
    return;
  g_array_unref (pieces->pieces);
  g_string_free (pieces->glue, TRUE);
  g_free (pieces);
}

/* @owner's node, kept from the last tree when nothing changed it, made now
 * otherwise: its kept text as a lazy node, the text written now (where
 * the last save wrote its kind) when there is none. (transfer full) */
static JsonNode *
kept_node (TkrSaveCache *self, gpointer owner, WriteKind kind, TkrSaveToJson to_json)
{
  KeptNode *kept = g_hash_table_lookup (self->nodes, owner);
  Fragment *fragment = g_hash_table_lookup (self->fragments, owner);
  TkrSaveCache *outer = building;

  self->nodes_used++;
  if (kept != NULL && kept->kind == kind && kept->to_json == to_json)
    {
      kept->tree = self->tree;
      return json_node_ref (kept->node);
    }
  if (fragment == NULL || fragment->kind != kind || fragment->to_json != to_json)
    {
      /* Made whole: no placeholders inside. */
      building = NULL;
      fragment = fragment_for (self, owner, kind, to_json);
      building = outer;
    }
  kept = g_new0 (KeptNode, 1);
  kept->kind = kind;
  kept->to_json = to_json;
  kept->tree = self->tree;
  kept->node = json_node_ref (fragment->lazy);
  g_hash_table_replace (self->nodes, g_object_ref (owner), kept);
  return json_node_ref (kept->node);
}

static JsonNode *
placeholder_new (gpointer owner, WriteKind kind, TkrSaveToJson to_json)
{
  Placeholder *placeholder;
  JsonNode *node;

  if (building == NULL)
    return NULL;
  if (building->tree_mode)
    return kept_node (building, owner, kind, to_json);
  placeholder = g_new (Placeholder, 1);
  placeholder->owner = owner;
  placeholder->kind = kind;
  placeholder->to_json = to_json;
  node = json_node_init_null (json_node_alloc ());
  g_hash_table_insert (building->placeholders, node, placeholder);
  return node;
}

JsonNode *
tkr_save_cache_placeholder (gpointer owner, TkrSaveToJson to_json)
{
  g_return_val_if_fail (to_json != NULL, NULL);
  return placeholder_new (owner, WRITE_TO_JSON, to_json);
}

JsonNode *
tkr_save_cache_participant_placeholder (gpointer npc)
{
  return placeholder_new (npc, WRITE_PARTICIPANT, NULL);
}

/* The tree end */

static gboolean
unused_node (gpointer key, gpointer value, gpointer user_data)
{
  KeptNode *kept = value;

  return kept->tree != GPOINTER_TO_UINT (user_data);
}

void
tkr_save_cache_begin_tree (TkrSaveCache *self)
{
  g_return_if_fail (self != NULL && building == NULL);

  self->tree++;
  self->nodes_used = 0;
}

JsonNode *
tkr_save_cache_character_node (TkrSaveCache *self, gpointer character)
{
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);
  return kept_node (self, character, WRITE_CHARACTER, NULL);
}

JsonNode *
tkr_save_cache_tracker_tree (TkrSaveCache *self, TkrTracker *tracker)
{
  JsonNode *tree;

  g_return_val_if_fail (self != NULL && building == NULL, NULL);

  self->tree_mode = TRUE;
  building = self;
  tree = tkr_tracker_to_json (tracker);
  building = NULL;
  self->tree_mode = FALSE;
  return tree;
}

/* What this tree did not take is gone from the campaign (or moved): its
 * node and the reference to its owner go. */
void
tkr_save_cache_end_tree (TkrSaveCache *self)
{
  g_return_if_fail (self != NULL);

  if (g_hash_table_size (self->nodes) > self->nodes_used)
    g_hash_table_foreach_remove (self->nodes, unused_node, GUINT_TO_POINTER (self->tree));
}
