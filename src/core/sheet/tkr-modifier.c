/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-enums.h"
#include "tkr-modifier.h"

struct _TkrModifier
{
  GObject parent_instance;

  TkrModifierKind kind;
  /* Shared by every modifier of the same name (thousands of NPCs' "Edge",
   * "Athletics"...): memory that fits the work, README "Performance". */
  char *name;
  int value;
};

G_DEFINE_FINAL_TYPE (TkrModifier, tkr_modifier, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_NAME,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_modifier_finalize (GObject *object)
{
  TkrModifier *self = TKR_MODIFIER (object);

  g_clear_pointer (&self->name, g_ref_string_release);

  G_OBJECT_CLASS (tkr_modifier_parent_class)->finalize (object);
}

static void
tkr_modifier_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrModifier *self = TKR_MODIFIER (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_modifier_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrModifier *self = TKR_MODIFIER (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_enum (value);
      break;
    case PROP_NAME:
      tkr_modifier_set_name (self, g_value_get_string (value));
      break;
    case PROP_VALUE:
      tkr_modifier_set_value (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_modifier_class_init (TkrModifierClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_modifier_finalize;
  object_class->get_property = tkr_modifier_get_property;
  object_class->set_property = tkr_modifier_set_property;

  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, TKR_TYPE_MODIFIER_KIND, TKR_MODIFIER_KIND_SAVE,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string (
    "name", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* -99..99 covers saves and skills; archetype levels are held to 0..99 by
   * the character's commands and the file reader. */
  properties[PROP_VALUE] =
    g_param_spec_int ("value", NULL, NULL, -99, 99, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_modifier_init (TkrModifier *self)
{
  self->name = g_ref_string_new_intern ("");
}

TkrModifier *
tkr_modifier_new (TkrModifierKind kind, const char *name, int value)
{
  TkrModifier *self = g_object_new (TKR_TYPE_MODIFIER, NULL);

  /* The fields directly: a campaign's load makes tens of thousands, and
   * nothing can watch a modifier before it exists (README, "Performance"). */
  self->kind = kind;
  g_ref_string_release (self->name);
  self->name = g_ref_string_new_intern (name != NULL ? name : "");
  self->value = CLAMP (value, -99, 99);
  return self;
}

TkrModifierKind
tkr_modifier_get_kind (TkrModifier *self)
{
  g_return_val_if_fail (TKR_IS_MODIFIER (self), TKR_MODIFIER_KIND_SAVE);
  return self->kind;
}

const char *
tkr_modifier_get_name (TkrModifier *self)
{
  g_return_val_if_fail (TKR_IS_MODIFIER (self), NULL);
  return self->name;
}

void
tkr_modifier_set_name (TkrModifier *self, const char *name)
{
  g_return_if_fail (TKR_IS_MODIFIER (self));

  if (name == NULL)
    name = "";
  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_ref_string_release (self->name);
  self->name = g_ref_string_new_intern (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

int
tkr_modifier_get_value (TkrModifier *self)
{
  g_return_val_if_fail (TKR_IS_MODIFIER (self), 0);
  return self->value;
}

void
tkr_modifier_set_value (TkrModifier *self, int value)
{
  g_return_if_fail (TKR_IS_MODIFIER (self));

  value = CLAMP (value, -99, 99);
  if (self->value == value)
    return;
  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}
