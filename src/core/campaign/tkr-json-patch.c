/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-json-patch.h"

#include <string.h>

#include "tkr-json-lazy.h"
#include "tkr-types.h"

JsonNode *
tkr_json_deep_copy (JsonNode *node)
{
  JsonNode *copy;

  g_return_val_if_fail (node != NULL, NULL);

  /* A lazy node's tree is made now, so it shares nothing either. */
  if (tkr_json_is_lazy (node))
    return tkr_json_lazy_resolve (node);
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        JsonObject *out = json_object_new ();
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;

        json_object_iter_init_ordered (&iter, object);
        while (json_object_iter_next_ordered (&iter, &name, &member))
          json_object_set_member (out, name, tkr_json_deep_copy (member));
        copy = json_node_new (JSON_NODE_OBJECT);
        json_node_take_object (copy, out);
        return copy;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);
        JsonArray *out = json_array_sized_new (n);

        for (guint i = 0; i < n; i++)
          json_array_add_element (out, tkr_json_deep_copy (json_array_get_element (array, i)));
        copy = json_node_new (JSON_NODE_ARRAY);
        json_node_take_array (copy, out);
        return copy;
      }
    case JSON_NODE_VALUE:
      /* A fresh value: json_node_copy () would share it. */
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          return json_node_init_int (json_node_alloc (), json_node_get_int (node));
        case G_TYPE_DOUBLE:
          return json_node_init_double (json_node_alloc (), json_node_get_double (node));
        case G_TYPE_BOOLEAN:
          return json_node_init_boolean (json_node_alloc (), json_node_get_boolean (node));
        case G_TYPE_STRING:
        default:
          return json_node_init_string (json_node_alloc (), json_node_get_string (node));
        }
    case JSON_NODE_NULL:
    default:
      return json_node_new (JSON_NODE_NULL);
    }
}

static const char *
id_of (JsonNode *node)
{
  JsonObject *object;
  JsonNode *id;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  object = json_node_get_object (node);
  id = json_object_get_member (object, "id");
  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (id);
}

/* Where the diff is: a stack of segments, a member's name or an array's
 * element (addressed by its id, or by its index when it has none), made
 * into a path only when an operation is written there. The walk visits
 * every node of two whole campaigns after each step (the journal), so it
 * copies nothing on the way. */
typedef struct
{
  const char *name;  /* a member; NULL for an element */
  JsonNode *element; /* the element, for its id */
  guint index;
} Segment;

typedef struct
{
  GArray *path; /* of Segment */
  JsonArray *ops;
  GHashTable *trees; /* a lazy node met -> its tree, until the diff ends */
} Diff;

/* @node, or the tree it stands for when it is lazy (tkr-json-lazy.h):
 * made once per diff, only where the two sides differ. */
static JsonNode *
real (Diff *d, JsonNode *node)
{
  JsonNode *tree;

  if (!tkr_json_is_lazy (node))
    return node;
  tree = g_hash_table_lookup (d->trees, node);
  if (tree == NULL)
    {
      tree = tkr_json_lazy_resolve (node);
      g_hash_table_insert (d->trees, node, tree);
    }
  return tree;
}

/* Two lazy nodes of the same text are the same value. */
static gboolean
same_text (JsonNode *a, JsonNode *b)
{
  const char *text_a, *text_b;
  gsize length_a, length_b;

  text_a = tkr_json_lazy_get_text (a, &length_a);
  text_b = text_a != NULL ? tkr_json_lazy_get_text (b, &length_b) : NULL;
  return text_b != NULL && length_a == length_b && memcmp (text_a, text_b, length_a) == 0;
}

static void
push_member (Diff *d, const char *name)
{
  Segment segment = { name, NULL, 0 };

  g_array_append_val (d->path, segment);
}

static void
push_element (Diff *d, JsonNode *element, guint index)
{
  Segment segment = { NULL, element, index };

  g_array_append_val (d->path, segment);
}

static void
pop (Diff *d)
{
  g_array_set_size (d->path, d->path->len - 1);
}

static JsonNode *
member_segment (const char *name)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_string (node, name);
  return node;
}

static JsonNode *
element_segment (JsonNode *element, guint index)
{
  const char *id = id_of (element);
  JsonNode *node;

  if (id != NULL)
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "id", id);
      node = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (node, object);
      return node;
    }
  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_int (node, index);
  return node;
}

/* The path where the diff is, with the member @name (if not NULL) added. */
static JsonNode *
path_here (Diff *d, const char *name)
{
  JsonArray *out = json_array_sized_new (d->path->len + 1);
  JsonNode *node;

  for (guint i = 0; i < d->path->len; i++)
    {
      Segment *segment = &g_array_index (d->path, Segment, i);

      json_array_add_element (out, segment->name != NULL
                                     ? member_segment (segment->name)
                                     : element_segment (segment->element, segment->index));
    }
  if (name != NULL)
    json_array_add_element (out, member_segment (name));
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, out);
  return node;
}

static void
add_op (Diff *d, const char *op, JsonNode *path, JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "op", op);
  json_object_set_member (object, "path", path);
  json_node_take_object (node, object);
  json_array_add_element (d->ops, node);
}

/* Two elements at the same place are the same thing changed: the same id,
 * or objects that carry none. */
static gboolean
same_thing (Diff *d, JsonNode *a, JsonNode *b)
{
  const char *id_a, *id_b;

  if (a == b || same_text (a, b))
    return TRUE;
  a = real (d, a);
  b = real (d, b);
  if (!JSON_NODE_HOLDS_OBJECT (a) || !JSON_NODE_HOLDS_OBJECT (b))
    return json_node_equal (a, b);
  id_a = id_of (a);
  id_b = id_of (b);
  if (id_a == NULL && id_b == NULL)
    return TRUE;
  return g_strcmp0 (id_a, id_b) == 0;
}

static void diff (Diff *d, JsonNode *from, JsonNode *to);

static void
diff_objects (Diff *d, JsonObject *from, JsonObject *to)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  json_object_iter_init_ordered (&iter, from);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    if (!json_object_has_member (to, name))
      add_op (d, "remove", path_here (d, name), json_object_new ());

  json_object_iter_init_ordered (&iter, to);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      JsonNode *old = json_object_get_member (from, name);

      if (old == NULL)
        {
          JsonObject *op = json_object_new ();

          json_object_set_member (op, "value", tkr_json_deep_copy (member));
          add_op (d, "set", path_here (d, name), op);
        }
      else if (old != member)
        {
          push_member (d, name);
          diff (d, old, member);
          pop (d);
        }
    }
}

static void
diff_arrays (Diff *d, JsonArray *from, JsonArray *to)
{
  guint n_from = json_array_get_length (from);
  guint n_to = json_array_get_length (to);
  guint prefix = 0, suffix = 0;

  while (prefix < n_from && prefix < n_to &&
         same_thing (d, json_array_get_element (from, prefix), json_array_get_element (to, prefix)))
    prefix++;
  while (suffix < n_from - prefix && suffix < n_to - prefix &&
         tkr_json_lazy_equal (json_array_get_element (from, n_from - 1 - suffix),
                              json_array_get_element (to, n_to - 1 - suffix)))
    suffix++;

  /* What stayed in place changes in place, addressed before the splice
   * moves anything. */
  for (guint i = 0; i < prefix; i++)
    {
      JsonNode *a = json_array_get_element (from, i);
      JsonNode *b = json_array_get_element (to, i);

      if (a != b && !same_text (a, b))
        {
          a = real (d, a);
          push_element (d, a, i);
          diff (d, a, b);
          pop (d);
        }
    }

  if (n_from - prefix - suffix > 0 || n_to - prefix - suffix > 0)
    {
      JsonObject *op = json_object_new ();
      JsonArray *insert = json_array_new ();

      for (guint i = prefix; i < n_to - suffix; i++)
        json_array_add_element (insert, tkr_json_deep_copy (json_array_get_element (to, i)));
      json_object_set_int_member (op, "at", prefix);
      json_object_set_int_member (op, "delete", n_from - prefix - suffix);
      json_object_set_array_member (op, "insert", insert);
      add_op (d, "splice", path_here (d, NULL), op);
    }
}

/* Objects and arrays are compared member by member as the diff walks them
 * (a subtree shared by both sides is skipped at once); values as a whole. */
static void
diff (Diff *d, JsonNode *from, JsonNode *to)
{
  if (from == to || same_text (from, to))
    return;
  from = real (d, from);
  to = real (d, to);
  if (JSON_NODE_HOLDS_OBJECT (from) && JSON_NODE_HOLDS_OBJECT (to))
    diff_objects (d, json_node_get_object (from), json_node_get_object (to));
  else if (JSON_NODE_HOLDS_ARRAY (from) && JSON_NODE_HOLDS_ARRAY (to))
    diff_arrays (d, json_node_get_array (from), json_node_get_array (to));
  else if (!json_node_equal (from, to))
    {
      JsonObject *op = json_object_new ();

      json_object_set_member (op, "value", tkr_json_deep_copy (to));
      add_op (d, "set", path_here (d, NULL), op);
    }
}

JsonNode *
tkr_json_patch_diff (JsonNode *from, JsonNode *to)
{
  JsonNode *ops = json_node_new (JSON_NODE_ARRAY);
  Diff d;

  g_return_val_if_fail (from != NULL && to != NULL, NULL);

  json_node_take_array (ops, json_array_new ());
  d.path = g_array_sized_new (FALSE, FALSE, sizeof (Segment), 16);
  d.ops = json_node_get_array (ops);
  d.trees = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) json_node_unref);
  diff (&d, from, to);
  g_hash_table_unref (d.trees);
  g_array_unref (d.path);
  return ops;
}

gboolean
tkr_json_patch_is_empty (JsonNode *patch)
{
  return patch == NULL || !JSON_NODE_HOLDS_ARRAY (patch) ||
         json_array_get_length (json_node_get_array (patch)) == 0;
}

static gboolean
fail (GError **error, const char *what)
{
  g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID,
               _ ("A change in the journal does not fit the document: %s"), what);
  return FALSE;
}

/* The node a path segment leads to from @node (not lazy), or NULL. */
static JsonNode *
step_into (JsonNode *node, JsonNode *segment, guint *index_out)
{
  if (JSON_NODE_HOLDS_VALUE (segment) && json_node_get_value_type (segment) == G_TYPE_STRING)
    {
      if (!JSON_NODE_HOLDS_OBJECT (node))
        return NULL;
      return json_object_get_member (json_node_get_object (node), json_node_get_string (segment));
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (segment) && json_node_get_value_type (segment) == G_TYPE_INT64)
    {
      gint64 index = json_node_get_int (segment);
      JsonArray *array = json_node_get_array (node);

      if (index < 0 || index >= json_array_get_length (array))
        return NULL;
      *index_out = index;
      return json_array_get_element (array, index);
    }
  if (JSON_NODE_HOLDS_OBJECT (segment))
    {
      JsonNode *want = json_object_get_member (json_node_get_object (segment), "id");
      JsonArray *array = json_node_get_array (node);

      if (want == NULL || !JSON_NODE_HOLDS_VALUE (want) ||
          json_node_get_value_type (want) != G_TYPE_STRING)
        return NULL;
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          /* A lazy element knows its id without becoming a tree. */
          if (tkr_json_is_lazy (element)
                ? tkr_json_lazy_has_id (element, json_node_get_string (want))
                : g_strcmp0 (id_of (element), json_node_get_string (want)) == 0)
            {
              *index_out = i;
              return element;
            }
        }
    }
  return NULL;
}

/* A new object of @object's members, shared, with @name's value @value
 * (transfer full; added last when it is new) or, when @value is NULL,
 * without @name. */
static JsonNode *
object_with (JsonObject *object, const char *name, JsonNode *value)
{
  JsonObject *out = json_object_new ();
  JsonObjectIter iter;
  const char *member_name;
  JsonNode *member;
  JsonNode *node;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &member_name, &member))
    if (!g_str_equal (member_name, name))
      json_object_set_member (out, member_name, json_node_ref (member));
    else if (value != NULL)
      json_object_set_member (out, member_name, g_steal_pointer (&value));
  if (value != NULL)
    json_object_set_member (out, name, value);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, out);
  return node;
}

/* A new array of @array's elements, shared, with @nodes (taken) in place
 * of elements @at .. @at + @delete - 1. */
static JsonNode *
array_with (JsonArray *array, guint at, guint delete, GPtrArray *nodes)
{
  guint length = json_array_get_length (array);
  JsonArray *out = json_array_sized_new (length - delete + nodes->len);
  JsonNode *node;

  for (guint i = 0; i < at; i++)
    json_array_add_element (out, json_node_ref (json_array_get_element (array, i)));
  for (guint i = 0; i < nodes->len; i++)
    json_array_add_element (out, g_ptr_array_index (nodes, i));
  g_ptr_array_set_free_func (nodes, NULL);
  g_ptr_array_set_size (nodes, 0);
  for (guint i = at + delete; i < length; i++)
    json_array_add_element (out, json_node_ref (json_array_get_element (array, i)));
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, out);
  return node;
}

static gint64
int_member (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return -1;
  return json_node_get_int (node);
}

typedef struct
{
  JsonObject *op;
  const char *kind;
  JsonArray *path;
  guint n;
} Op;

static JsonNode *
value_of (Op *op, GError **error)
{
  JsonNode *value = json_object_get_member (op->op, "value");

  if (value == NULL)
    fail (error, _ ("a change without a value"));
  return value;
}

/* The target of @op itself changed: a new node, or NULL. */
static JsonNode *
apply_here (Op *op, JsonNode *target, GError **error)
{
  if (g_str_equal (op->kind, "set"))
    {
      JsonNode *value = value_of (op, error);

      if (value == NULL)
        return NULL;
      /* The whole document keeps its kind. */
      if (op->n == 0 && !(JSON_NODE_HOLDS_OBJECT (target) && JSON_NODE_HOLDS_OBJECT (value)) &&
          !(JSON_NODE_HOLDS_ARRAY (target) && JSON_NODE_HOLDS_ARRAY (value)))
        {
          fail (error, _ ("the whole document cannot change its kind"));
          return NULL;
        }
      return tkr_json_deep_copy (value);
    }
  if (g_str_equal (op->kind, "remove"))
    {
      fail (error, _ ("only a member can be removed"));
      return NULL;
    }
  if (g_str_equal (op->kind, "splice"))
    {
      JsonArray *array, *insert;
      g_autoptr (GPtrArray) nodes =
        g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
      gint64 at, delete;
      guint length;

      if (!JSON_NODE_HOLDS_ARRAY (target) || !json_object_has_member (op->op, "insert") ||
          !JSON_NODE_HOLDS_ARRAY (json_object_get_member (op->op, "insert")))
        {
          fail (error, _ ("a list change outside a list"));
          return NULL;
        }
      array = json_node_get_array (target);
      insert = json_object_get_array_member (op->op, "insert");
      at = int_member (op->op, "at");
      delete = int_member (op->op, "delete");
      length = json_array_get_length (array);
      if (at < 0 || delete < 0 || at > length || delete > length - at)
        {
          fail (error, _ ("a list change beyond the list's end"));
          return NULL;
        }
      for (guint i = 0; i < json_array_get_length (insert); i++)
        g_ptr_array_add (nodes, tkr_json_deep_copy (json_array_get_element (insert, i)));
      return array_with (array, at, delete, nodes);
    }
  fail (error, _ ("a change of an unknown kind"));
  return NULL;
}

/* @node with @op applied at its path from segment @i on: a new node that
 * shares every subtree the change does not reach (the journal's states
 * share all but what a step changed), or NULL. */
static JsonNode *
apply_at (Op *op, JsonNode *node, guint i, GError **error)
{
  g_autoptr (JsonNode) here = tkr_json_lazy_resolve (node);
  JsonNode *segment, *child, *changed;
  guint index = 0;

  if (i == op->n)
    return apply_here (op, here, error);
  segment = json_array_get_element (op->path, i);
  child = step_into (here, segment, &index);
  if (child == NULL)
    {
      /* Only "set" may make the last member. */
      if (i == op->n - 1 && g_str_equal (op->kind, "set") && JSON_NODE_HOLDS_OBJECT (here) &&
          JSON_NODE_HOLDS_VALUE (segment) && json_node_get_value_type (segment) == G_TYPE_STRING)
        {
          JsonNode *value = value_of (op, error);

          if (value == NULL)
            return NULL;
          return object_with (json_node_get_object (here), json_node_get_string (segment),
                              tkr_json_deep_copy (value));
        }
      fail (error, _ ("its place is not in the document"));
      return NULL;
    }
  if (i == op->n - 1 && g_str_equal (op->kind, "remove"))
    {
      if (!JSON_NODE_HOLDS_OBJECT (here))
        {
          fail (error, _ ("only a member can be removed"));
          return NULL;
        }
      return object_with (json_node_get_object (here), json_node_get_string (segment), NULL);
    }
  changed = apply_at (op, child, i + 1, error);
  if (changed == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_OBJECT (here))
    return object_with (json_node_get_object (here), json_node_get_string (segment), changed);
  {
    g_autoptr (GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);

    g_ptr_array_add (nodes, changed);
    return array_with (json_node_get_array (here), index, 1, nodes);
  }
}

JsonNode *
tkr_json_patch_apply_shared (JsonNode *root, JsonNode *patch, GError **error)
{
  g_autoptr (JsonNode) state = NULL;
  JsonArray *ops;

  g_return_val_if_fail (root != NULL, NULL);

  if (patch == NULL || !JSON_NODE_HOLDS_ARRAY (patch))
    {
      fail (error, _ ("a step without its changes"));
      return NULL;
    }
  state = json_node_ref (root);
  ops = json_node_get_array (patch);
  for (guint i = 0; i < json_array_get_length (ops); i++)
    {
      JsonNode *element = json_array_get_element (ops, i);
      JsonNode *path_node, *op_node, *next;
      Op op;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          fail (error, _ ("a change that is not an object"));
          return NULL;
        }
      op.op = json_node_get_object (element);
      path_node = json_object_get_member (op.op, "path");
      op_node = json_object_get_member (op.op, "op");
      if (path_node == NULL || !JSON_NODE_HOLDS_ARRAY (path_node) || op_node == NULL ||
          !JSON_NODE_HOLDS_VALUE (op_node) || json_node_get_value_type (op_node) != G_TYPE_STRING)
        {
          fail (error, _ ("a change without a place"));
          return NULL;
        }
      op.kind = json_node_get_string (op_node);
      op.path = json_node_get_array (path_node);
      op.n = json_array_get_length (op.path);
      next = apply_at (&op, state, 0, error);
      if (next == NULL)
        return NULL;
      json_node_unref (state);
      state = next;
    }
  return g_steal_pointer (&state);
}

gboolean
tkr_json_patch_apply (JsonNode *root, JsonNode *patch, GError **error)
{
  g_autoptr (JsonNode) applied = NULL;

  g_return_val_if_fail (root != NULL, FALSE);

  applied = tkr_json_patch_apply_shared (root, patch, error);
  if (applied == NULL)
    return FALSE;
  /* Nodes are replaced rather than changed: json_node_init () on a node
   * that holds a value frees it and then uses it (json-glib 1.6). */
  if (applied != root && JSON_NODE_HOLDS_OBJECT (root))
    json_node_set_object (root, json_node_get_object (applied));
  else if (applied != root && JSON_NODE_HOLDS_ARRAY (root))
    json_node_set_array (root, json_node_get_array (applied));
  return TRUE;
}
