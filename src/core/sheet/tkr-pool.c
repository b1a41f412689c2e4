/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-enums.h"
#include "tkr-pool.h"
#include "tkr-rules.h"

/* The largest value a pool may hold; the sheet has no bigger boxes. */
#define POOL_MAX 9999

struct _TkrPool
{
  GObject parent_instance;

  TkrPoolKind kind;
  int current;
  int maximum;
};

G_DEFINE_FINAL_TYPE (TkrPool, tkr_pool, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_NAME,
  PROP_CURRENT,
  PROP_MAXIMUM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_pool_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPool *self = TKR_POOL (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_NAME:
      g_value_set_string (value, tkr_pool_get_name (self));
      break;
    case PROP_CURRENT:
      g_value_set_int (value, self->current);
      break;
    case PROP_MAXIMUM:
      g_value_set_int (value, self->maximum);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pool_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrPool *self = TKR_POOL (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_enum (value);
      break;
    case PROP_CURRENT:
      tkr_pool_set_current (self, g_value_get_int (value));
      break;
    case PROP_MAXIMUM:
      tkr_pool_set_maximum (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pool_class_init (TkrPoolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tkr_pool_get_property;
  object_class->set_property = tkr_pool_set_property;

  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, TKR_TYPE_POOL_KIND, TKR_POOL_HEALTH,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT] =
    g_param_spec_int ("current", NULL, NULL, 0, POOL_MAX, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAXIMUM] =
    g_param_spec_int ("maximum", NULL, NULL, 0, POOL_MAX, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_pool_init (TkrPool *self)
{
}

TkrPool *
tkr_pool_new (TkrPoolKind kind, int current, int maximum)
{
  g_return_val_if_fail (kind < TKR_N_POOLS, NULL);

  return g_object_new (TKR_TYPE_POOL, "kind", kind, "maximum", CLAMP (maximum, 0, POOL_MAX),
                       "current", CLAMP (current, 0, POOL_MAX), NULL);
}

TkrPoolKind
tkr_pool_get_kind (TkrPool *self)
{
  g_return_val_if_fail (TKR_IS_POOL (self), TKR_POOL_HEALTH);
  return self->kind;
}

const char *
tkr_pool_get_name (TkrPool *self)
{
  g_return_val_if_fail (TKR_IS_POOL (self), NULL);
  return tkr_pool_kind_to_name (self->kind);
}

int
tkr_pool_get_current (TkrPool *self)
{
  g_return_val_if_fail (TKR_IS_POOL (self), 0);
  return self->current;
}

int
tkr_pool_get_maximum (TkrPool *self)
{
  g_return_val_if_fail (TKR_IS_POOL (self), 0);
  return self->maximum;
}

/* The plain setters do not enforce current <= maximum: undo sets the two
 * properties one after the other and must be able to pass through any
 * order. Commands validate with tkr_pool_validate() first. */
void
tkr_pool_set_current (TkrPool *self, int current)
{
  g_return_if_fail (TKR_IS_POOL (self));

  current = CLAMP (current, 0, POOL_MAX);
  if (self->current == current)
    return;
  self->current = current;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
}

void
tkr_pool_set_maximum (TkrPool *self, int maximum)
{
  g_return_if_fail (TKR_IS_POOL (self));

  maximum = CLAMP (maximum, 0, POOL_MAX);
  if (self->maximum == maximum)
    return;
  self->maximum = maximum;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAXIMUM]);
}

gboolean
tkr_pool_validate (int current, int maximum, GError **error)
{
  if (maximum < 0 || maximum > POOL_MAX)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("The maximum must be between 0 and %d."), POOL_MAX);
      return FALSE;
    }
  if (current < 0 || current > maximum)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("The current value must be between 0 and the maximum, %d."), maximum);
      return FALSE;
    }
  return TRUE;
}

gboolean
tkr_pool_edit (TkrPool *self, TkrHistory *history, int current, int maximum, GError **error)
{
  g_return_val_if_fail (TKR_IS_POOL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!tkr_pool_validate (current, maximum, error))
    {
      /* Name the pool, so the person knows which box was refused. */
      g_prefix_error (error, "%s: ", tkr_pool_get_name (self));
      return FALSE;
    }

  /* Translators: an undo label, %s is a pool such as "Health" */
  tkr_history_begin_message (history, N_ ("Edit %s"),
                             tkr_message_name (tkr_pool_kind_to_msgid (self->kind)), NULL);
  tkr_history_set (history, self, "maximum", maximum);
  tkr_history_set (history, self, "current", current);
  tkr_history_end (history);
  return TRUE;
}
