/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-json.h"
#include "tkr-types.h"
#include "tkr-zone.h"

#define STACKS_MAX 100
#define NAME_MAX_CHARS 200

struct _TkrZone
{
  GObject parent_instance;

  char *name;
  char *location;
  int stacks;
  int max_stacks;
  char *description;
};

G_DEFINE_FINAL_TYPE (TkrZone, tkr_zone, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_LOCATION,
  PROP_STACKS,
  PROP_MAX_STACKS,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
replace_string (char **field, const char *value)
{
  if (value == NULL)
    value = "";
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static void
set_int (TkrZone *self, int *field, int value, guint prop_id)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
tkr_zone_finalize (GObject *object)
{
  TkrZone *self = TKR_ZONE (object);

  g_free (self->name);
  g_free (self->location);
  g_free (self->description);

  G_OBJECT_CLASS (tkr_zone_parent_class)->finalize (object);
}

static void
tkr_zone_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrZone *self = TKR_ZONE (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_LOCATION:
      g_value_set_string (value, self->location);
      break;
    case PROP_STACKS:
      g_value_set_int (value, self->stacks);
      break;
    case PROP_MAX_STACKS:
      g_value_set_int (value, self->max_stacks);
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_zone_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrZone *self = TKR_ZONE (object);

  switch (prop_id)
    {
    case PROP_NAME:
      if (replace_string (&self->name, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_LOCATION:
      if (replace_string (&self->location, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_STACKS:
      set_int (self, &self->stacks, g_value_get_int (value), prop_id);
      break;
    case PROP_MAX_STACKS:
      set_int (self, &self->max_stacks, g_value_get_int (value), prop_id);
      break;
    case PROP_DESCRIPTION:
      if (replace_string (&self->description, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_zone_class_init (TkrZoneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_zone_finalize;
  object_class->get_property = tkr_zone_get_property;
  object_class->set_property = tkr_zone_set_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, "", flags);
  properties[PROP_LOCATION] = g_param_spec_string ("location", NULL, NULL, "", flags);
  /* Not held below max-stacks here: undo sets the two one after the other. */
  properties[PROP_STACKS] = g_param_spec_int ("stacks", NULL, NULL, 1, STACKS_MAX, 1, flags);
  properties[PROP_MAX_STACKS] =
    g_param_spec_int ("max-stacks", NULL, NULL, 1, STACKS_MAX, 2, flags);
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, "", flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_zone_init (TkrZone *self)
{
  self->name = g_strdup ("");
  self->location = g_strdup ("");
  self->description = g_strdup ("");
  self->stacks = 1;
  self->max_stacks = 2;
}

TkrZone *
tkr_zone_new (const char *name, int stacks, int max_stacks)
{
  max_stacks = CLAMP (max_stacks, 1, STACKS_MAX);
  return g_object_new (TKR_TYPE_ZONE, "name", name, "max-stacks", max_stacks, "stacks",
                       CLAMP (stacks, 1, max_stacks), NULL);
}

TkrZone *
tkr_zone_new_from_info (const TkrZoneInfo *info, int stacks)
{
  TkrZone *self;

  g_return_val_if_fail (info != NULL, NULL);

  self = tkr_zone_new (info->name, stacks, info->max_stacks);
  g_object_set (self, "description", info->description, NULL);
  return self;
}

const char *
tkr_zone_get_name (TkrZone *self)
{
  g_return_val_if_fail (TKR_IS_ZONE (self), NULL);
  return self->name;
}

const char *
tkr_zone_get_location (TkrZone *self)
{
  g_return_val_if_fail (TKR_IS_ZONE (self), NULL);
  return self->location;
}

int
tkr_zone_get_stacks (TkrZone *self)
{
  g_return_val_if_fail (TKR_IS_ZONE (self), 0);
  return self->stacks;
}

int
tkr_zone_get_max_stacks (TkrZone *self)
{
  g_return_val_if_fail (TKR_IS_ZONE (self), 0);
  return self->max_stacks;
}

const char *
tkr_zone_get_description (TkrZone *self)
{
  g_return_val_if_fail (TKR_IS_ZONE (self), NULL);
  return self->description;
}

JsonNode *
tkr_zone_to_json (TkrZone *self)
{
  JsonObject *object;
  JsonNode *node;

  g_return_val_if_fail (TKR_IS_ZONE (self), NULL);

  object = json_object_new ();
  json_object_set_string_member (object, "name", self->name);
  json_object_set_string_member (object, "location", self->location);
  json_object_set_int_member (object, "stacks", self->stacks);
  json_object_set_int_member (object, "max_stacks", self->max_stacks);
  json_object_set_string_member (object, "description", self->description);

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

TkrZone *
tkr_zone_new_from_json (JsonNode *node, const char *path, GError **error)
{
  JsonObject *object;
  g_autofree char *name = NULL;
  g_autofree char *location = NULL;
  g_autofree char *description = NULL;
  gint64 stacks, max_stacks;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "name", path, TRUE, NULL, &name, error) ||
      !tkr_json_get_string (object, "location", path, FALSE, "", &location, error) ||
      !tkr_json_get_int (object, "max_stacks", path, FALSE, 1, STACKS_MAX, 2, &max_stacks, error) ||
      !tkr_json_get_int (object, "stacks", path, FALSE, 1, max_stacks, 1, &stacks, error) ||
      !tkr_json_get_string (object, "description", path, FALSE, "", &description, error))
    return NULL;

  g_strstrip (name);
  if (*name == '\0' || g_utf8_strlen (name, -1) > NAME_MAX_CHARS)
    {
      g_autofree char *name_path = tkr_json_path (path, "name");
      tkr_json_set_error (error, name_path, _ ("a name must be 1 to %d characters long"),
                          NAME_MAX_CHARS);
      return NULL;
    }

  return g_object_new (TKR_TYPE_ZONE, "name", name, "location", location, "max-stacks",
                       (int) max_stacks, "stacks", (int) stacks, "description", description, NULL);
}
