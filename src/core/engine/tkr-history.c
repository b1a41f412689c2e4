/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-history.h"

#include <gobject/gvaluecollector.h>

/*
 * A step is a group of primitive changes. Undo applies the inverse of each
 * change in reverse order; redo applies them again in order. Because a step
 * records values and list positions rather than commands, undoing "next turn"
 * brings back every condition stack the turn change erased, exactly.
 */

typedef enum
{
  CHANGE_PROPERTY,
  CHANGE_INSERT,
  CHANGE_REMOVE,
  CHANGE_CALLBACK,
} ChangeKind;

typedef struct
{
  ChangeKind kind;
  GObject *object; /* the object whose property changed, or the GListStore */
  GParamSpec *pspec;
  GValue old_value;
  GValue new_value;
  guint position;
  GObject *item;
  /* CHANGE_CALLBACK: a step brought back from the journal */
  TkrHistoryApplyFunc apply;
  gpointer data;
  GDestroyNotify destroy;
} Change;

typedef struct
{
  TkrMessage *label; /* the step's name as its event (tkr-message.h) */
  char *shown;       /* the label as last read, in the reader's language */
  char *tag;
  GPtrArray *changes;
  guint serial;
  gboolean destructive;
} Step;

struct _TkrHistory
{
  GObject parent_instance;

  GPtrArray *undo_stack; /* Step*, newest last */
  GPtrArray *redo_stack;
  Step *open_step;
  GArray *marks; /* guint: how many changes the open step had at each begin */
  guint next_serial;
  guint limit; /* the most steps kept to undo; 0: no limit */
  guint depth;
  guint replaying : 1;
};

G_DEFINE_FINAL_TYPE (TkrHistory, tkr_history, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  COMMITTED,
  MOVED,
  CLEARED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
change_free (gpointer data)
{
  Change *change = data;

  g_clear_object (&change->object);
  g_clear_object (&change->item);
  if (change->destroy != NULL)
    change->destroy (change->data);
  if (G_IS_VALUE (&change->old_value))
    g_value_unset (&change->old_value);
  if (G_IS_VALUE (&change->new_value))
    g_value_unset (&change->new_value);
  g_free (change);
}

static Step *
step_new (TkrMessage *label)
{
  Step *step = g_new0 (Step, 1);

  step->label = label;
  step->changes = g_ptr_array_new_with_free_func (change_free);
  return step;
}

static void
step_free (gpointer data)
{
  Step *step = data;

  tkr_message_free (step->label);
  g_free (step->shown);
  g_free (step->tag);
  g_ptr_array_unref (step->changes);
  g_free (step);
}

static void
notify_state (TkrHistory *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_LABEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_LABEL]);
}

static void
tkr_history_finalize (GObject *object)
{
  TkrHistory *self = TKR_HISTORY (object);

  g_ptr_array_unref (self->undo_stack);
  g_ptr_array_unref (self->redo_stack);
  g_array_unref (self->marks);
  if (self->open_step)
    step_free (self->open_step);

  G_OBJECT_CLASS (tkr_history_parent_class)->finalize (object);
}

static void
tkr_history_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrHistory *self = TKR_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, tkr_history_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, tkr_history_can_redo (self));
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, tkr_history_get_undo_label (self));
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, tkr_history_get_redo_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_history_class_init (TkrHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_history_finalize;
  object_class->get_property = tkr_history_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_LABEL] =
    g_param_spec_string ("undo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDO_LABEL] =
    g_param_spec_string ("redo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TkrHistory::changed:
   *
   * Emitted after a step is committed, undone or redone: the document is
   * dirty and an autosave may be scheduled.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);

  /**
   * TkrHistory::committed:
   * @label: the step's label
   *
   * Emitted after a new step is committed (not on undo or redo), before
   * TkrHistory::changed.
   */
  signals[COMMITTED] = g_signal_new ("committed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * TkrHistory::moved:
   * @forward: TRUE for a redo, FALSE for an undo
   *
   * Emitted after a step is undone or redone, before TkrHistory::changed.
   */
  signals[MOVED] = g_signal_new ("moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  /**
   * TkrHistory::cleared:
   *
   * Emitted after tkr_history_clear() forgot every step.
   */
  signals[CLEARED] = g_signal_new ("cleared", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
tkr_history_init (TkrHistory *self)
{
  self->undo_stack = g_ptr_array_new_with_free_func (step_free);
  self->redo_stack = g_ptr_array_new_with_free_func (step_free);
  self->marks = g_array_new (FALSE, FALSE, sizeof (guint));
}

TkrHistory *
tkr_history_new (void)
{
  return g_object_new (TKR_TYPE_HISTORY, NULL);
}

/* Opens a step named @label (transfer full; NULL for none). */
static void
begin (TkrHistory *self, TkrMessage *label)
{
  /* A label that does not take its values is a mistake in the code. */
  g_warn_if_fail (label == NULL || tkr_message_is_valid (label));
  if (self->depth++ == 0)
    {
      g_assert (self->open_step == NULL);
      self->open_step = step_new (label);
    }
  else
    tkr_message_free (label);
  g_array_append_val (self->marks, self->open_step->changes->len);
}

/**
 * tkr_history_begin:
 * @label: (nullable): what a person would call the step, untranslated
 *   (marked N_ ("Next turn"), or a name from the rule data): the history
 *   keeps the message and translates it whenever the label is read
 *
 * Opens a step. Steps nest: only the outermost label is kept and the step is
 * committed by the matching outermost tkr_history_end().
 */
void
tkr_history_begin (TkrHistory *self, const char *label)
{
  if (self == NULL)
    return;
  g_return_if_fail (TKR_IS_HISTORY (self));
  g_return_if_fail (!self->replaying);

  begin (self, label != NULL ? tkr_message_name (label) : NULL);
}

/**
 * tkr_history_begin_message:
 * @msgid: the untranslated label with a "%s" or "%d" for each value
 *   (marked N_ ("Switch to %s"))
 * @...: the values (TkrMessage *, transfer full), then NULL
 *
 * As tkr_history_begin(), for a label with values.
 */
void
tkr_history_begin_message (TkrHistory *self, const char *msgid, ...)
{
  TkrMessage *label;
  TkrMessage *value;
  va_list ap;

  g_return_if_fail (msgid != NULL);
  label = tkr_message_new (msgid, NULL);
  va_start (ap, msgid);
  while ((value = va_arg (ap, TkrMessage *)) != NULL)
    tkr_message_add (label, value);
  va_end (ap);
  tkr_history_begin_event (self, label);
}

/**
 * tkr_history_begin_event:
 * @label: (transfer full) (nullable): the label as its event
 *
 * As tkr_history_begin(), for any label (a plural one, say).
 */
void
tkr_history_begin_event (TkrHistory *self, TkrMessage *label)
{
  if (self == NULL)
    {
      tkr_message_free (label);
      return;
    }
  g_return_if_fail (TKR_IS_HISTORY (self));
  g_return_if_fail (!self->replaying);

  begin (self, label);
}

void
tkr_history_end (TkrHistory *self)
{
  Step *step;

  if (self == NULL)
    return;
  g_return_if_fail (TKR_IS_HISTORY (self));
  g_return_if_fail (self->depth > 0);

  g_array_set_size (self->marks, self->marks->len - 1);
  if (--self->depth > 0)
    return;

  step = g_steal_pointer (&self->open_step);
  if (step->changes->len == 0)
    {
      step_free (step);
      return;
    }

  step->serial = ++self->next_serial;
  g_ptr_array_add (self->undo_stack, step);
  g_ptr_array_set_size (self->redo_stack, 0);
  /* The oldest steps go first once there are more than the limit. */
  if (self->limit > 0 && self->undo_stack->len > self->limit)
    g_ptr_array_remove_range (self->undo_stack, 0, self->undo_stack->len - self->limit);
  notify_state (self);
  g_signal_emit (self, signals[COMMITTED], 0, tkr_history_get_undo_label (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
apply_change (Change *change, gboolean forward)
{
  switch (change->kind)
    {
    case CHANGE_PROPERTY:
      g_object_set_property (change->object, change->pspec->name,
                             forward ? &change->new_value : &change->old_value);
      break;
    case CHANGE_INSERT:
    case CHANGE_REMOVE:
      if ((change->kind == CHANGE_INSERT) == forward)
        g_list_store_insert (G_LIST_STORE (change->object), change->position, change->item);
      else
        g_list_store_remove (G_LIST_STORE (change->object), change->position);
      break;
    case CHANGE_CALLBACK:
      change->apply (change->data, forward);
      break;
    default:
      g_assert_not_reached ();
    }
}

/**
 * tkr_history_abort:
 *
 * Undoes what the innermost open group has done so far and closes it: a
 * command that finds half-way that it cannot go on leaves everything as it
 * was, and a caller's enclosing group stays open.
 */
void
tkr_history_abort (TkrHistory *self)
{
  guint mark;

  if (self == NULL)
    return;
  g_return_if_fail (TKR_IS_HISTORY (self));
  g_return_if_fail (self->depth > 0);

  mark = g_array_index (self->marks, guint, self->marks->len - 1);
  g_array_set_size (self->marks, self->marks->len - 1);

  self->replaying = TRUE;
  for (guint i = self->open_step->changes->len; i > mark; i--)
    apply_change (g_ptr_array_index (self->open_step->changes, i - 1), FALSE);
  self->replaying = FALSE;
  g_ptr_array_set_size (self->open_step->changes, mark);

  if (--self->depth == 0)
    g_clear_pointer (&self->open_step, step_free);
}

static void
record (TkrHistory *self, Change *change)
{
  gboolean implicit = self->depth == 0;

  if (implicit)
    tkr_history_begin (self, NULL);
  g_ptr_array_add (self->open_step->changes, change);
  if (implicit)
    tkr_history_end (self);
}

void
tkr_history_set_value (TkrHistory *self, gpointer object, const char *property, const GValue *value)
{
  GParamSpec *pspec;
  Change *change;

  g_return_if_fail (G_IS_OBJECT (object));
  g_return_if_fail (property != NULL);
  g_return_if_fail (value != NULL);

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), property);
  g_return_if_fail (pspec != NULL);

  if (self == NULL || self->replaying)
    {
      g_object_set_property (object, property, value);
      return;
    }

  g_return_if_fail (TKR_IS_HISTORY (self));

  change = g_new0 (Change, 1);
  change->kind = CHANGE_PROPERTY;
  change->object = g_object_ref (object);
  change->pspec = pspec;
  g_value_init (&change->old_value, pspec->value_type);
  g_object_get_property (object, property, &change->old_value);

  g_object_set_property (object, property, value);

  g_value_init (&change->new_value, pspec->value_type);
  g_object_get_property (object, property, &change->new_value);

  /* A set that changes nothing is not a step of its own. */
  if (g_param_values_cmp (pspec, &change->old_value, &change->new_value) == 0 &&
      !G_VALUE_HOLDS (&change->old_value, G_TYPE_VARIANT))
    {
      change_free (change);
      return;
    }
  if (G_VALUE_HOLDS (&change->old_value, G_TYPE_VARIANT))
    {
      GVariant *a = g_value_get_variant (&change->old_value);
      GVariant *b = g_value_get_variant (&change->new_value);

      if (a == b || (a != NULL && b != NULL && g_variant_equal (a, b)))
        {
          change_free (change);
          return;
        }
    }

  record (self, change);
}

void
tkr_history_set (TkrHistory *self, gpointer object, const char *property, ...)
{
  GParamSpec *pspec;
  GValue value = G_VALUE_INIT;
  g_autofree char *error = NULL;
  va_list args;

  g_return_if_fail (G_IS_OBJECT (object));

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), property);
  if (pspec == NULL)
    {
      g_critical ("%s has no property named “%s”", G_OBJECT_TYPE_NAME (object), property);
      return;
    }

  va_start (args, property);
  G_VALUE_COLLECT_INIT (&value, pspec->value_type, args, 0, &error);
  va_end (args);

  if (error != NULL)
    {
      g_critical ("%s: %s", G_STRFUNC, error);
      g_value_unset (&value);
      return;
    }

  tkr_history_set_value (self, object, property, &value);
  g_value_unset (&value);
}

void
tkr_history_insert (TkrHistory *self, GListStore *store, guint position, gpointer item)
{
  Change *change;

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_return_if_fail (G_IS_OBJECT (item));

  g_list_store_insert (store, position, item);
  if (self == NULL || self->replaying)
    return;

  change = g_new0 (Change, 1);
  change->kind = CHANGE_INSERT;
  change->object = g_object_ref (G_OBJECT (store));
  change->position = position;
  change->item = g_object_ref (item);
  record (self, change);
}

void
tkr_history_append (TkrHistory *self, GListStore *store, gpointer item)
{
  tkr_history_insert (self, store, g_list_model_get_n_items (G_LIST_MODEL (store)), item);
}

void
tkr_history_remove (TkrHistory *self, GListStore *store, guint position)
{
  Change *change;

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_return_if_fail (position < g_list_model_get_n_items (G_LIST_MODEL (store)));

  change = g_new0 (Change, 1);
  change->kind = CHANGE_REMOVE;
  change->object = g_object_ref (G_OBJECT (store));
  change->position = position;
  change->item = g_list_model_get_item (G_LIST_MODEL (store), position);

  g_list_store_remove (store, position);

  if (self == NULL || self->replaying)
    {
      change_free (change);
      return;
    }
  record (self, change);
}

gboolean
tkr_history_remove_item (TkrHistory *self, GListStore *store, gpointer item)
{
  guint position;

  if (!g_list_store_find (store, item, &position))
    return FALSE;
  tkr_history_remove (self, store, position);
  return TRUE;
}

gboolean
tkr_history_can_undo (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), FALSE);
  return self->undo_stack->len > 0 && self->depth == 0;
}

gboolean
tkr_history_can_redo (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), FALSE);
  return self->redo_stack->len > 0 && self->depth == 0;
}

/* The label of the step on top of @stack, in the reader's language. */
static const char *
top_label (GPtrArray *stack)
{
  Step *step;

  if (stack->len == 0)
    return NULL;
  step = g_ptr_array_index (stack, stack->len - 1);
  if (step->label == NULL)
    return NULL;
  g_free (step->shown);
  step->shown = tkr_message_to_string (step->label);
  return step->shown;
}

/**
 * tkr_history_get_undo_message:
 *
 * Returns: (transfer none) (nullable): the label of the step to undo, as
 *   its event, for the journal to keep
 */
const TkrMessage *
tkr_history_get_undo_message (TkrHistory *self)
{
  Step *step;

  g_return_val_if_fail (TKR_IS_HISTORY (self), NULL);
  if (self->undo_stack->len == 0)
    return NULL;
  step = g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1);
  return step->label;
}

const char *
tkr_history_get_undo_label (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), NULL);
  return top_label (self->undo_stack);
}

const char *
tkr_history_get_redo_label (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), NULL);
  return top_label (self->redo_stack);
}

/**
 * tkr_history_set_tag:
 * @tag: a machine-readable name for the open step ("next-turn")
 *
 * Lets a command find its own steps again, as "previous turn" does.
 */
void
tkr_history_set_tag (TkrHistory *self, const char *tag)
{
  if (self == NULL)
    return;
  g_return_if_fail (self->open_step != NULL);
  g_free (self->open_step->tag);
  self->open_step->tag = g_strdup (tag);
}

void
tkr_history_set_destructive (TkrHistory *self)
{
  if (self == NULL)
    return;
  g_return_if_fail (self->open_step != NULL);
  self->open_step->destructive = TRUE;
}

gboolean
tkr_history_peek_undo_destructive (TkrHistory *self)
{
  Step *step;

  g_return_val_if_fail (TKR_IS_HISTORY (self), FALSE);
  if (self->undo_stack->len == 0)
    return FALSE;
  step = g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1);
  return step->destructive;
}

guint
tkr_history_get_undo_serial (TkrHistory *self)
{
  Step *step;

  g_return_val_if_fail (TKR_IS_HISTORY (self), 0);
  if (self->undo_stack->len == 0)
    return 0;
  step = g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1);
  return step->serial;
}

const char *
tkr_history_peek_undo_tag (TkrHistory *self)
{
  Step *step;

  g_return_val_if_fail (TKR_IS_HISTORY (self), NULL);
  if (self->undo_stack->len == 0)
    return NULL;
  step = g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1);
  return step->tag;
}

static gboolean
move_step (TkrHistory *self, GPtrArray *from, GPtrArray *to, gboolean forward)
{
  Step *step;

  if (from->len == 0 || self->depth > 0)
    return FALSE;

  step = g_ptr_array_steal_index (from, from->len - 1);
  self->replaying = TRUE;
  if (forward)
    for (guint i = 0; i < step->changes->len; i++)
      apply_change (g_ptr_array_index (step->changes, i), TRUE);
  else
    for (guint i = step->changes->len; i > 0; i--)
      apply_change (g_ptr_array_index (step->changes, i - 1), FALSE);
  self->replaying = FALSE;
  g_ptr_array_add (to, step);

  notify_state (self);
  g_signal_emit (self, signals[MOVED], 0, forward);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
tkr_history_undo (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), FALSE);
  return move_step (self, self->undo_stack, self->redo_stack, FALSE);
}

gboolean
tkr_history_redo (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), FALSE);
  return move_step (self, self->redo_stack, self->undo_stack, TRUE);
}

gboolean
tkr_history_is_replaying (TkrHistory *self)
{
  return self != NULL && self->replaying;
}

gboolean
tkr_history_in_group (TkrHistory *self)
{
  return self != NULL && self->depth > 0;
}

guint
tkr_history_get_n_undo (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), 0);
  return self->undo_stack->len;
}

void
tkr_history_clear (TkrHistory *self)
{
  g_return_if_fail (TKR_IS_HISTORY (self));
  g_return_if_fail (self->depth == 0);
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  notify_state (self);
  g_signal_emit (self, signals[CLEARED], 0);
}

guint
tkr_history_get_n_redo (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), 0);
  return self->redo_stack->len;
}

/**
 * tkr_history_set_limit:
 * @limit: the most steps kept to undo, 0 for no limit
 *
 * Bounds the history in memory: when a new step would make more than
 * @limit, the oldest is forgotten.
 */
void
tkr_history_set_limit (TkrHistory *self, guint limit)
{
  g_return_if_fail (TKR_IS_HISTORY (self));
  self->limit = limit;
  if (limit > 0 && self->undo_stack->len > limit)
    {
      g_ptr_array_remove_range (self->undo_stack, 0, self->undo_stack->len - limit);
      notify_state (self);
    }
}

guint
tkr_history_get_limit (TkrHistory *self)
{
  g_return_val_if_fail (TKR_IS_HISTORY (self), 0);
  return self->limit;
}

/**
 * tkr_history_push_step:
 * @redo: whether the step goes on the redo stack rather than the undo one
 * @apply: undoes (forward FALSE) or redoes (forward TRUE) the step
 *
 * Puts a step made elsewhere (a step read back from the journal after a
 * restart) on top of a stack, as if it had been made here. Nothing is
 * applied now; the history calls @apply while replaying.
 */
void
tkr_history_push_step (TkrHistory *self,
                       gboolean redo,
                       const char *label,
                       const char *tag,
                       TkrHistoryApplyFunc apply,
                       gpointer data,
                       GDestroyNotify destroy)
{
  g_autoptr (TkrMessage) words = label != NULL ? tkr_message_text (label) : NULL;

  tkr_history_push_step_event (self, redo, words, tag, apply, data, destroy);
}

/**
 * tkr_history_push_step_event:
 * @label: (nullable): the step's label as its event (copied)
 *
 * As tkr_history_push_step(), with a label read in the reader's language.
 */
void
tkr_history_push_step_event (TkrHistory *self,
                             gboolean redo,
                             const TkrMessage *label,
                             const char *tag,
                             TkrHistoryApplyFunc apply,
                             gpointer data,
                             GDestroyNotify destroy)
{
  Step *step;
  Change *change;

  g_return_if_fail (TKR_IS_HISTORY (self));
  g_return_if_fail (self->depth == 0);
  g_return_if_fail (apply != NULL);

  change = g_new0 (Change, 1);
  change->kind = CHANGE_CALLBACK;
  change->apply = apply;
  change->data = data;
  change->destroy = destroy;
  step = step_new (tkr_message_copy (label));
  step->tag = g_strdup (tag);
  step->serial = ++self->next_serial;
  g_ptr_array_add (step->changes, change);
  g_ptr_array_add (redo ? self->redo_stack : self->undo_stack, step);
  notify_state (self);
}

/**
 * tkr_history_foreach_step_object:
 * @redo: the step on top of the redo stack rather than the undo one
 * @func: called with each object the step changes (an object whose
 *   property it sets, a list it changes, an item it inserts or removes),
 *   or with NULL for a step of unknown changes
 *
 * Lets the journal see what a step touched.
 */
void
tkr_history_foreach_step_object (TkrHistory *self, gboolean redo, GFunc func, gpointer user_data)
{
  GPtrArray *stack;
  Step *step;

  g_return_if_fail (TKR_IS_HISTORY (self));
  stack = redo ? self->redo_stack : self->undo_stack;
  if (stack->len == 0)
    return;
  step = g_ptr_array_index (stack, stack->len - 1);
  for (guint i = 0; i < step->changes->len; i++)
    {
      Change *change = g_ptr_array_index (step->changes, i);

      if (change->kind == CHANGE_CALLBACK)
        func (NULL, user_data);
      else
        func (change->object, user_data);
      if (change->item != NULL)
        func (change->item, user_data);
    }
}

void
tkr_history_foreach_step_change (TkrHistory *self,
                                 gboolean redo,
                                 TkrHistoryChangeFunc func,
                                 gpointer user_data)
{
  GPtrArray *stack;
  Step *step;

  g_return_if_fail (TKR_IS_HISTORY (self));
  stack = redo ? self->redo_stack : self->undo_stack;
  if (stack->len == 0)
    return;
  step = g_ptr_array_index (stack, stack->len - 1);
  for (guint i = 0; i < step->changes->len; i++)
    {
      Change *change = g_ptr_array_index (step->changes, i);

      if (change->kind == CHANGE_CALLBACK)
        func (NULL, NULL, user_data);
      else
        func (change->object, change->item, user_data);
    }
}
