/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-condition.h"
#include "tkr-enums.h"
#include "tkr-json.h"

#define STACKS_MAX 100
#define NAME_MAX_CHARS 200

static const char *const kind_nicks[] = { "fleeting", "persistent", "temporary", NULL };
/* An effect's timing in files (src/core/engine/tkr-effects.h); each member
 * is left out at its default, so a file from before it saves the same. */
static const char *const duration_nicks[] = { "until_removed", "rounds", "turns", "encounter",
                                              NULL };
static const char *const edge_nicks[] = { "start", "end", NULL };

struct _TkrCondition
{
  GObject parent_instance;

  char *name;
  TkrConditionKind kind;
  int max_stacks;
  gboolean episode_only;
  GVariant *stack_turns; /* "ai", never NULL, oldest stack first */
  int value;
  int rounds_left; /* TKR_CONDITION_NO_DURATION when it has none */
  char *source;    /* the id of the character it came from, or NULL */
  TkrEffectDuration duration;
  TkrEffectEdge edge;
  char *anchor; /* the id of the character whose turns time it, or NULL */
  int save_dc;  /* a save ends it (help/C/effects.page); 0: none */
  TkrEffectEdge save_edge;
  gboolean save_reduces; /* a success takes a stack or 1 value off */
  char *damage;          /* a formula taken at the save's edge, or NULL */
};

G_DEFINE_FINAL_TYPE (TkrCondition, tkr_condition, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_KIND,
  PROP_MAX_STACKS,
  PROP_EPISODE_ONLY,
  PROP_STACK_TURNS,
  PROP_STACKS,
  PROP_VALUE,
  PROP_ROUNDS_LEFT,
  PROP_SOURCE,
  PROP_DURATION,
  PROP_EDGE,
  PROP_ANCHOR,
  PROP_SAVE_DC,
  PROP_SAVE_EDGE,
  PROP_SAVE_REDUCES,
  PROP_DAMAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GVariant *
turns_to_variant (const gint32 *turns, gsize n_turns)
{
  return g_variant_ref_sink (
    g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, turns, n_turns, sizeof (gint32)));
}

static void
set_stack_turns (TkrCondition *self, GVariant *stack_turns)
{
  g_autoptr (GVariant) old = NULL;
  gsize old_n;

  if (stack_turns == NULL)
    stack_turns = g_variant_new_array (G_VARIANT_TYPE_INT32, NULL, 0);
  g_return_if_fail (g_variant_is_of_type (stack_turns, G_VARIANT_TYPE ("ai")));

  if (self->stack_turns != NULL && g_variant_equal (self->stack_turns, stack_turns))
    {
      /* A floating empty array made above must not leak. */
      g_variant_unref (g_variant_ref_sink (stack_turns));
      return;
    }

  old = g_steal_pointer (&self->stack_turns);
  old_n = old ? g_variant_n_children (old) : 0;
  self->stack_turns = g_variant_ref_sink (stack_turns);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STACK_TURNS]);
  if (old_n != g_variant_n_children (self->stack_turns))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STACKS]);
}

static void
tkr_condition_finalize (GObject *object)
{
  TkrCondition *self = TKR_CONDITION (object);

  g_free (self->name);
  g_free (self->source);
  g_free (self->anchor);
  g_free (self->damage);
  g_clear_pointer (&self->stack_turns, g_variant_unref);

  G_OBJECT_CLASS (tkr_condition_parent_class)->finalize (object);
}

static void
tkr_condition_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrCondition *self = TKR_CONDITION (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_MAX_STACKS:
      g_value_set_int (value, self->max_stacks);
      break;
    case PROP_EPISODE_ONLY:
      g_value_set_boolean (value, self->episode_only);
      break;
    case PROP_STACK_TURNS:
      g_value_set_variant (value, self->stack_turns);
      break;
    case PROP_STACKS:
      g_value_set_int (value, tkr_condition_get_stacks (self));
      break;
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;
    case PROP_ROUNDS_LEFT:
      g_value_set_int (value, self->rounds_left);
      break;
    case PROP_SOURCE:
      g_value_set_string (value, self->source);
      break;
    case PROP_DURATION:
      g_value_set_enum (value, self->duration);
      break;
    case PROP_EDGE:
      g_value_set_enum (value, self->edge);
      break;
    case PROP_ANCHOR:
      g_value_set_string (value, self->anchor);
      break;
    case PROP_SAVE_DC:
      g_value_set_int (value, self->save_dc);
      break;
    case PROP_SAVE_EDGE:
      g_value_set_enum (value, self->save_edge);
      break;
    case PROP_SAVE_REDUCES:
      g_value_set_boolean (value, self->save_reduces);
      break;
    case PROP_DAMAGE:
      g_value_set_string (value, self->damage);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_condition_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrCondition *self = TKR_CONDITION (object);

  switch (prop_id)
    {
    case PROP_NAME:
      {
        const char *name = g_value_get_string (value);

        if (name == NULL)
          name = "";
        if (g_strcmp0 (self->name, name) != 0)
          {
            g_free (self->name);
            self->name = g_strdup (name);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_KIND:
      if (self->kind != (TkrConditionKind) g_value_get_enum (value))
        {
          self->kind = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_MAX_STACKS:
      if (self->max_stacks != g_value_get_int (value))
        {
          self->max_stacks = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_EPISODE_ONLY:
      if (self->episode_only != g_value_get_boolean (value))
        {
          self->episode_only = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_STACK_TURNS:
      set_stack_turns (self, g_value_get_variant (value));
      break;
    case PROP_VALUE:
      if (self->value != g_value_get_int (value))
        {
          self->value = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ROUNDS_LEFT:
      if (self->rounds_left != g_value_get_int (value))
        {
          self->rounds_left = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SOURCE:
      if (g_strcmp0 (self->source, g_value_get_string (value)) != 0)
        {
          g_free (self->source);
          self->source = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_DURATION:
      if (self->duration != (TkrEffectDuration) g_value_get_enum (value))
        {
          self->duration = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_EDGE:
      if (self->edge != (TkrEffectEdge) g_value_get_enum (value))
        {
          self->edge = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ANCHOR:
      if (g_strcmp0 (self->anchor, g_value_get_string (value)) != 0)
        {
          g_free (self->anchor);
          self->anchor = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SAVE_DC:
      if (self->save_dc != g_value_get_int (value))
        {
          self->save_dc = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SAVE_EDGE:
      if (self->save_edge != (TkrEffectEdge) g_value_get_enum (value))
        {
          self->save_edge = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SAVE_REDUCES:
      if (self->save_reduces != g_value_get_boolean (value))
        {
          self->save_reduces = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_DAMAGE:
      if (g_strcmp0 (self->damage, g_value_get_string (value)) != 0)
        {
          g_free (self->damage);
          self->damage = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_condition_class_init (TkrConditionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_condition_finalize;
  object_class->get_property = tkr_condition_get_property;
  object_class->set_property = tkr_condition_set_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, "", flags);
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, TKR_TYPE_CONDITION_KIND,
                                             TKR_CONDITION_KIND_FLEETING, flags);
  properties[PROP_MAX_STACKS] =
    g_param_spec_int ("max-stacks", NULL, NULL, 1, STACKS_MAX, 2, flags);
  properties[PROP_EPISODE_ONLY] = g_param_spec_boolean ("episode-only", NULL, NULL, FALSE, flags);
  properties[PROP_STACK_TURNS] =
    g_param_spec_variant ("stack-turns", NULL, NULL, G_VARIANT_TYPE ("ai"), NULL, flags);
  properties[PROP_STACKS] =
    g_param_spec_int ("stacks", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE] = g_param_spec_int ("value", NULL, NULL, -TKR_CONDITION_MAX_VALUE,
                                             TKR_CONDITION_MAX_VALUE, 0, flags);
  properties[PROP_ROUNDS_LEFT] =
    g_param_spec_int ("rounds-left", NULL, NULL, TKR_CONDITION_NO_DURATION,
                      TKR_CONDITION_MAX_ROUNDS, TKR_CONDITION_NO_DURATION, flags);
  properties[PROP_SOURCE] = g_param_spec_string ("source", NULL, NULL, NULL, flags);
  properties[PROP_DURATION] = g_param_spec_enum ("duration", NULL, NULL, TKR_TYPE_EFFECT_DURATION,
                                                 TKR_EFFECT_DURATION_UNTIL_REMOVED, flags);
  properties[PROP_EDGE] =
    g_param_spec_enum ("edge", NULL, NULL, TKR_TYPE_EFFECT_EDGE, TKR_EFFECT_EDGE_TURN_START, flags);
  properties[PROP_ANCHOR] = g_param_spec_string ("anchor", NULL, NULL, NULL, flags);
  properties[PROP_SAVE_DC] =
    g_param_spec_int ("save-dc", NULL, NULL, 0, TKR_CONDITION_MAX_SAVE_DC, 0, flags);
  properties[PROP_SAVE_EDGE] = g_param_spec_enum ("save-edge", NULL, NULL, TKR_TYPE_EFFECT_EDGE,
                                                  TKR_EFFECT_EDGE_TURN_END, flags);
  properties[PROP_SAVE_REDUCES] = g_param_spec_boolean ("save-reduces", NULL, NULL, FALSE, flags);
  properties[PROP_DAMAGE] = g_param_spec_string ("damage", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_condition_init (TkrCondition *self)
{
  self->name = g_strdup ("");
  self->max_stacks = 2;
  self->stack_turns = turns_to_variant (NULL, 0);
  self->rounds_left = TKR_CONDITION_NO_DURATION;
  self->save_edge = TKR_EFFECT_EDGE_TURN_END;
}

TkrCondition *
tkr_condition_new (const char *name, TkrConditionKind kind, int max_stacks)
{
  return g_object_new (TKR_TYPE_CONDITION, "name", name, "kind", kind, "max-stacks",
                       CLAMP (max_stacks, 1, STACKS_MAX), NULL);
}

TkrCondition *
tkr_condition_new_from_info (const TkrConditionInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);

  return g_object_new (TKR_TYPE_CONDITION, "name", info->name, "kind", info->kind, "max-stacks",
                       CLAMP (info->max_stacks, 1, STACKS_MAX), "episode-only",
                       info->clears_only_at_episode_end, NULL);
}

int
tkr_condition_get_value (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), 0);
  return self->value;
}

int
tkr_condition_get_rounds_left (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), TKR_CONDITION_NO_DURATION);
  return self->rounds_left;
}

const char *
tkr_condition_get_source (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);
  return self->source;
}

TkrEffectDuration
tkr_condition_get_duration (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), TKR_EFFECT_DURATION_UNTIL_REMOVED);
  return self->duration;
}

TkrEffectEdge
tkr_condition_get_edge (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), TKR_EFFECT_EDGE_TURN_START);
  return self->edge;
}

int
tkr_condition_get_save_dc (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), 0);
  return self->save_dc;
}

TkrEffectEdge
tkr_condition_get_save_edge (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), TKR_EFFECT_EDGE_TURN_END);
  return self->save_edge;
}

gboolean
tkr_condition_get_save_reduces (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), FALSE);
  return self->save_reduces;
}

const char *
tkr_condition_get_damage (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);
  return self->damage;
}

const char *
tkr_condition_get_anchor (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);
  return self->anchor;
}

const char *
tkr_condition_get_name (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);
  return self->name;
}

TkrConditionKind
tkr_condition_get_kind (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), TKR_CONDITION_KIND_FLEETING);
  return self->kind;
}

int
tkr_condition_get_max_stacks (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), 0);
  return self->max_stacks;
}

int
tkr_condition_get_stacks (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), 0);
  return (int) g_variant_n_children (self->stack_turns);
}

gboolean
tkr_condition_get_episode_only (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), FALSE);
  return self->episode_only;
}

GVariant *
tkr_condition_get_stack_turns (TkrCondition *self)
{
  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);
  return self->stack_turns;
}

int
tkr_condition_get_stack_turn (TkrCondition *self, guint index)
{
  const gint32 *turns;
  gsize n_turns;

  g_return_val_if_fail (TKR_IS_CONDITION (self), TKR_TURN_NONE);

  turns = g_variant_get_fixed_array (self->stack_turns, &n_turns, sizeof (gint32));
  g_return_val_if_fail (index < n_turns, TKR_TURN_NONE);
  return turns[index];
}

/**
 * tkr_condition_stack_turns_with_added:
 * @count: stacks to add; those beyond "max-stacks" are left out
 * @turn: the turn serial each new stack is stamped with
 *
 * Returns: (transfer full): a new, non-floating "ai" value.
 */
GVariant *
tkr_condition_stack_turns_with_added (TkrCondition *self, int count, int turn)
{
  g_autoptr (GArray) turns = g_array_new (FALSE, FALSE, sizeof (gint32));
  const gint32 *old;
  gsize n_old;
  gint32 stamp = turn;

  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);

  old = g_variant_get_fixed_array (self->stack_turns, &n_old, sizeof (gint32));
  g_array_append_vals (turns, old, n_old);
  for (int i = 0; i < count && turns->len < (guint) self->max_stacks; i++)
    g_array_append_val (turns, stamp);
  return turns_to_variant ((const gint32 *) turns->data, turns->len);
}

/**
 * tkr_condition_stack_turns_with_removed:
 * @count: stacks to remove, newest first
 *
 * A person taking stacks off by hand takes back the latest ones, as an
 * undo of adding them would.
 *
 * Returns: (transfer full): a new, non-floating "ai" value.
 */
GVariant *
tkr_condition_stack_turns_with_removed (TkrCondition *self, int count)
{
  const gint32 *old;
  gsize n_old;

  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);

  old = g_variant_get_fixed_array (self->stack_turns, &n_old, sizeof (gint32));
  if (count < 0)
    count = 0;
  return turns_to_variant (old, (gsize) count >= n_old ? 0 : n_old - count);
}

/**
 * tkr_condition_stack_turns_after_turn_end:
 *
 * Seed, "Ending your Turn": one stack of each Fleeting condition goes, but
 * never one gained on the Turn that is ending. The oldest stack that may go
 * is the one erased, so the stacks left are the freshest.
 *
 * Returns: (transfer full) (nullable): a new, non-floating "ai" value, or
 *   %NULL when nothing may be erased.
 */
GVariant *
tkr_condition_stack_turns_after_turn_end (TkrCondition *self, int turn)
{
  g_autoptr (GArray) turns = NULL;
  const gint32 *old;
  gsize n_old;

  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);

  if (self->kind != TKR_CONDITION_KIND_FLEETING || self->episode_only)
    return NULL;

  old = g_variant_get_fixed_array (self->stack_turns, &n_old, sizeof (gint32));
  for (gsize i = 0; i < n_old; i++)
    {
      if (old[i] == turn)
        continue;
      turns = g_array_sized_new (FALSE, FALSE, sizeof (gint32), n_old);
      g_array_append_vals (turns, old, i);
      g_array_append_vals (turns, old + i + 1, n_old - i - 1);
      return turns_to_variant ((const gint32 *) turns->data, turns->len);
    }
  return NULL;
}

/**
 * tkr_condition_write_json:
 * @name: the member's name, or %NULL in an array
 *
 * Writes the condition as tkr_condition_to_json() makes it, through a
 * writer that streams text or builds a tree.
 */
void
tkr_condition_write_json (TkrCondition *self, TkrJsonWriter *writer, const char *name)
{
  const gint32 *turns;
  gsize n_turns;

  g_return_if_fail (TKR_IS_CONDITION (self));

  tkr_json_writer_begin_object (writer, name);
  tkr_json_writer_string (writer, "name", self->name);
  tkr_json_writer_string (writer, "kind", kind_nicks[self->kind]);
  tkr_json_writer_int (writer, "max_stacks", self->max_stacks);
  tkr_json_writer_boolean (writer, "episode_only", self->episode_only);

  turns = g_variant_get_fixed_array (self->stack_turns, &n_turns, sizeof (gint32));
  tkr_json_writer_begin_array (writer, "stack_turns");
  for (gsize i = 0; i < n_turns; i++)
    tkr_json_writer_int (writer, NULL, turns[i]);
  tkr_json_writer_end_array (writer);
  if (self->value != 0)
    tkr_json_writer_int (writer, "value", self->value);
  if (self->rounds_left != TKR_CONDITION_NO_DURATION)
    tkr_json_writer_int (writer, "rounds_left", self->rounds_left);
  if (self->source != NULL)
    tkr_json_writer_string (writer, "source", self->source);
  if (self->duration != TKR_EFFECT_DURATION_UNTIL_REMOVED)
    tkr_json_writer_string (writer, "duration", duration_nicks[self->duration]);
  if (self->edge != TKR_EFFECT_EDGE_TURN_START)
    tkr_json_writer_string (writer, "edge", edge_nicks[self->edge]);
  if (self->anchor != NULL)
    tkr_json_writer_string (writer, "anchor", self->anchor);
  if (self->save_dc != 0)
    {
      tkr_json_writer_int (writer, "save_dc", self->save_dc);
      if (self->save_edge != TKR_EFFECT_EDGE_TURN_END)
        tkr_json_writer_string (writer, "save_edge", edge_nicks[self->save_edge]);
      if (self->save_reduces)
        tkr_json_writer_boolean (writer, "save_reduces", TRUE);
    }
  if (self->damage != NULL)
    tkr_json_writer_string (writer, "damage", self->damage);
  tkr_json_writer_end_object (writer);
}

JsonNode *
tkr_condition_to_json (TkrCondition *self)
{
  TkrJsonWriter writer;

  g_return_val_if_fail (TKR_IS_CONDITION (self), NULL);

  tkr_json_writer_init_tree (&writer);
  tkr_condition_write_json (self, &writer, NULL);
  return tkr_json_writer_finish_tree (&writer);
}

TkrCondition *
tkr_condition_new_from_json (JsonNode *node, const char *path, GError **error)
{
  g_autoptr (TkrCondition) self = NULL;
  g_autoptr (GArray) turns = NULL;
  g_autoptr (GVariant) stack_turns = NULL;
  g_autofree char *name = NULL;
  g_autofree char *turns_path = NULL;
  JsonObject *object;
  JsonArray *array;
  g_autofree char *source = NULL;
  g_autofree char *anchor = NULL;
  g_autofree char *damage = NULL;
  int duration, edge, save_edge;
  gint64 save_dc;
  gboolean save_reduces;
  gint64 max_stacks, condition_value, rounds_left;
  gboolean episode_only;
  int kind;
  guint n_turns;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "name", path, TRUE, NULL, &name, error) ||
      !tkr_json_get_enum (object, "kind", path, FALSE, kind_nicks, TKR_CONDITION_KIND_FLEETING,
                          &kind, error) ||
      !tkr_json_get_int (object, "max_stacks", path, FALSE, 1, STACKS_MAX, 2, &max_stacks, error) ||
      !tkr_json_get_bool (object, "episode_only", path, FALSE, FALSE, &episode_only, error) ||
      !tkr_json_get_array (object, "stack_turns", path, TRUE, &array, error) ||
      !tkr_json_get_int (object, "value", path, FALSE, -TKR_CONDITION_MAX_VALUE,
                         TKR_CONDITION_MAX_VALUE, 0, &condition_value, error) ||
      !tkr_json_get_int (object, "rounds_left", path, FALSE, TKR_CONDITION_NO_DURATION,
                         TKR_CONDITION_MAX_ROUNDS, TKR_CONDITION_NO_DURATION, &rounds_left,
                         error) ||
      !tkr_json_get_string (object, "source", path, FALSE, NULL, &source, error) ||
      !tkr_json_get_enum (object, "duration", path, FALSE, duration_nicks,
                          TKR_EFFECT_DURATION_UNTIL_REMOVED, &duration, error) ||
      !tkr_json_get_enum (object, "edge", path, FALSE, edge_nicks, TKR_EFFECT_EDGE_TURN_START,
                          &edge, error) ||
      !tkr_json_get_string (object, "anchor", path, FALSE, NULL, &anchor, error) ||
      !tkr_json_get_int (object, "save_dc", path, FALSE, 0, TKR_CONDITION_MAX_SAVE_DC, 0, &save_dc,
                         error) ||
      !tkr_json_get_enum (object, "save_edge", path, FALSE, edge_nicks, TKR_EFFECT_EDGE_TURN_END,
                          &save_edge, error) ||
      !tkr_json_get_bool (object, "save_reduces", path, FALSE, FALSE, &save_reduces, error) ||
      !tkr_json_get_string (object, "damage", path, FALSE, NULL, &damage, error))
    return NULL;

  g_strstrip (name);
  if (*name == '\0' || g_utf8_strlen (name, -1) > NAME_MAX_CHARS)
    {
      g_autofree char *name_path = tkr_json_path (path, "name");
      tkr_json_set_error (error, name_path, _ ("a name must be 1 to %d characters long"),
                          NAME_MAX_CHARS);
      return NULL;
    }

  turns_path = tkr_json_path (path, "stack_turns");
  n_turns = json_array_get_length (array);
  if (n_turns > max_stacks)
    {
      tkr_json_set_error (error, turns_path, _ ("%u stacks is more than the maximum of %d"),
                          n_turns, (int) max_stacks);
      return NULL;
    }

  turns = g_array_sized_new (FALSE, FALSE, sizeof (gint32), n_turns);
  for (guint i = 0; i < n_turns; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      gint64 value;
      gint32 turn;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_INT64)
        {
          g_autofree char *element_path = tkr_json_path_index (turns_path, i);
          tkr_json_set_error (error, element_path, _ ("expected a whole number"));
          return NULL;
        }
      value = json_node_get_int (element);
      if (value < TKR_TURN_NONE || value > G_MAXINT32)
        {
          g_autofree char *element_path = tkr_json_path_index (turns_path, i);
          g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, value);

          /* Translators: %s is a number read from a file */
          tkr_json_set_error (error, element_path, _ ("%s is not a turn number"), number);
          return NULL;
        }
      turn = (gint32) value;
      g_array_append_val (turns, turn);
    }

  stack_turns = turns_to_variant ((const gint32 *) turns->data, turns->len);
  self = tkr_condition_new (name, kind, (int) max_stacks);
  self->episode_only = episode_only;
  self->value = (int) condition_value;
  self->rounds_left = (int) rounds_left;
  self->source = g_steal_pointer (&source);
  self->duration = duration;
  self->edge = edge;
  self->anchor = g_steal_pointer (&anchor);
  self->save_dc = (int) save_dc;
  self->save_edge = save_edge;
  self->save_reduces = save_reduces;
  self->damage = g_steal_pointer (&damage);
  set_stack_turns (self, stack_turns);
  return g_steal_pointer (&self);
}
