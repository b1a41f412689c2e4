/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-fields.h"
#include "tkr-json.h"

/* What tkr_fields_install() keeps on the class's type. */
typedef struct
{
  const TkrField *fields;
  guint n_fields;
  GParamSpec **pspecs;
} TkrFieldTable;

static GQuark tkr_fields_quark (void);
G_DEFINE_QUARK (tkr - fields, tkr_fields)

static const TkrFieldTable *
lookup_table (GType type)
{
  const TkrFieldTable *table = g_type_get_qdata (type, tkr_fields_quark ());

  g_return_val_if_fail (table != NULL, NULL);
  return table;
}

static gpointer
field_address (GObject *object, const TkrField *field)
{
  return G_STRUCT_MEMBER_P (object, field->offset);
}

void
tkr_fields_install (GObjectClass *klass, const TkrField *fields, guint n_fields)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  TkrFieldTable *table = g_new0 (TkrFieldTable, 1);

  table->fields = fields;
  table->n_fields = n_fields;
  table->pspecs = g_new0 (GParamSpec *, n_fields + 1);
  for (guint i = 0; i < n_fields; i++)
    {
      const TkrField *field = &fields[i];
      GParamSpec *pspec = NULL;

      switch (field->type)
        {
        case TKR_FIELD_TYPE_INT:
          pspec = g_param_spec_int (field->name, NULL, NULL, field->minimum, field->maximum,
                                    field->default_value, flags);
          break;
        case TKR_FIELD_TYPE_BOOLEAN:
          pspec = g_param_spec_boolean (field->name, NULL, NULL, field->default_value, flags);
          break;
        case TKR_FIELD_TYPE_STRING:
          pspec = g_param_spec_string (field->name, NULL, NULL, NULL, flags);
          break;
        case TKR_FIELD_TYPE_OBJECT:
          pspec = g_param_spec_object (field->name, NULL, NULL, field->object_type (), flags);
          break;
        case TKR_FIELD_TYPE_ENUM:
          pspec = g_param_spec_enum (field->name, NULL, NULL, field->object_type (),
                                     field->default_value, flags);
          break;
        default:
          g_assert_not_reached ();
        }
      table->pspecs[i + 1] = pspec;
    }
  if (klass->get_property == NULL || klass->set_property == NULL)
    {
      klass->get_property = tkr_fields_get_property;
      klass->set_property = tkr_fields_set_property;
    }
  g_object_class_install_properties (klass, n_fields + 1, table->pspecs);
  g_type_set_qdata (G_OBJECT_CLASS_TYPE (klass), tkr_fields_quark (), table);
}

/* The field of property @prop_id of @pspec's owner, or NULL. */
static const TkrField *
lookup_field (guint prop_id, GParamSpec *pspec)
{
  const TkrFieldTable *table = lookup_table (pspec->owner_type);

  if (table == NULL || prop_id == 0 || prop_id > table->n_fields)
    return NULL;
  return &table->fields[prop_id - 1];
}

void
tkr_fields_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  const TkrField *field = lookup_field (prop_id, pspec);
  gpointer address;

  if (field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  address = field_address (object, field);
  switch (field->type)
    {
    case TKR_FIELD_TYPE_INT:
      g_value_set_int (value, *(int *) address);
      break;
    case TKR_FIELD_TYPE_BOOLEAN:
      g_value_set_boolean (value, *(gboolean *) address);
      break;
    case TKR_FIELD_TYPE_STRING:
      g_value_set_string (value, *(char **) address);
      break;
    case TKR_FIELD_TYPE_OBJECT:
      g_value_set_object (value, *(GObject **) address);
      break;
    case TKR_FIELD_TYPE_ENUM:
      g_value_set_enum (value, *(int *) address);
      break;
    default:
      g_assert_not_reached ();
    }
}

void
tkr_fields_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  const TkrField *field = lookup_field (prop_id, pspec);
  gboolean changed = FALSE;
  gpointer address;

  if (field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  address = field_address (object, field);
  switch (field->type)
    {
    case TKR_FIELD_TYPE_INT:
      changed = *(int *) address != g_value_get_int (value);
      *(int *) address = g_value_get_int (value);
      break;
    case TKR_FIELD_TYPE_BOOLEAN:
      changed = *(gboolean *) address != g_value_get_boolean (value);
      *(gboolean *) address = g_value_get_boolean (value);
      break;
    case TKR_FIELD_TYPE_STRING:
      {
        const char *text = g_value_get_string (value);

        /* An empty string and NULL are the same: nothing. */
        if (text != NULL && *text == '\0')
          text = NULL;
        changed = g_strcmp0 (*(char **) address, text) != 0;
        if (changed)
          {
            g_free (*(char **) address);
            *(char **) address = g_strdup (text);
          }
      }
      break;
    case TKR_FIELD_TYPE_OBJECT:
      changed = g_set_object ((GObject **) address, g_value_get_object (value));
      break;
    case TKR_FIELD_TYPE_ENUM:
      changed = *(int *) address != g_value_get_enum (value);
      *(int *) address = g_value_get_enum (value);
      break;
    default:
      g_assert_not_reached ();
    }
  if (changed)
    g_object_notify_by_pspec (object, pspec);
}

void
tkr_fields_clear (GObject *object, GType type)
{
  const TkrFieldTable *table = lookup_table (type);

  for (guint i = 0; table != NULL && i < table->n_fields; i++)
    {
      const TkrField *field = &table->fields[i];

      if (field->type == TKR_FIELD_TYPE_STRING)
        g_clear_pointer ((char **) field_address (object, field), g_free);
      else if (field->type == TKR_FIELD_TYPE_OBJECT)
        g_clear_object ((GObject **) field_address (object, field));
    }
}

void
tkr_fields_write_json (GObject *object, GType type, TkrJsonWriter *writer)
{
  const TkrFieldTable *table = lookup_table (type);

  for (guint i = 0; table != NULL && i < table->n_fields; i++)
    {
      const TkrField *field = &table->fields[i];
      gpointer address = field_address (object, field);

      if (field->member == NULL)
        continue;
      switch (field->type)
        {
        case TKR_FIELD_TYPE_INT:
          tkr_json_writer_int (writer, field->member, *(int *) address);
          break;
        case TKR_FIELD_TYPE_BOOLEAN:
          tkr_json_writer_boolean (writer, field->member, *(gboolean *) address);
          break;
        case TKR_FIELD_TYPE_STRING:
          if (*(char **) address != NULL)
            tkr_json_writer_string (writer, field->member, *(char **) address);
          break;
        case TKR_FIELD_TYPE_OBJECT:
        case TKR_FIELD_TYPE_ENUM:
        default:
          g_assert_not_reached ();
        }
    }
}

void
tkr_fields_to_json (GObject *object, GType type, JsonObject *json)
{
  TkrJsonWriter writer;
  g_autoptr (JsonNode) members = NULL;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  /* The writer's tree end: one description of the fields for both ends. */
  tkr_json_writer_init_tree (&writer);
  tkr_json_writer_begin_object (&writer, NULL);
  tkr_fields_write_json (object, type, &writer);
  tkr_json_writer_end_object (&writer);
  members = tkr_json_writer_finish_tree (&writer);
  json_object_iter_init_ordered (&iter, json_node_get_object (members));
  while (json_object_iter_next_ordered (&iter, &name, &member))
    json_object_set_member (json, name, json_node_ref (member));
}

gboolean
tkr_fields_from_json (
  GObject *object, GType type, JsonObject *json, const char *path, GError **error)
{
  const TkrFieldTable *table = lookup_table (type);

  for (guint i = 0; table != NULL && i < table->n_fields; i++)
    {
      const TkrField *field = &table->fields[i];
      gpointer address = field_address (object, field);

      if (field->member == NULL)
        continue;
      switch (field->type)
        {
        case TKR_FIELD_TYPE_INT:
          {
            gint64 number;

            if (!tkr_json_get_int (json, field->member, path, FALSE, field->minimum, field->maximum,
                                   field->default_value, &number, error))
              return FALSE;
            *(int *) address = (int) number;
          }
          break;
        case TKR_FIELD_TYPE_BOOLEAN:
          if (!tkr_json_get_bool (json, field->member, path, FALSE, field->default_value,
                                  (gboolean *) address, error))
            return FALSE;
          break;
        case TKR_FIELD_TYPE_STRING:
          {
            g_autofree char *text = NULL;

            if (!tkr_json_get_string (json, field->member, path, FALSE, NULL, &text, error))
              return FALSE;
            g_free (*(char **) address);
            *(char **) address = (text != NULL && *text != '\0') ? g_steal_pointer (&text) : NULL;
          }
          break;
        case TKR_FIELD_TYPE_OBJECT:
        case TKR_FIELD_TYPE_ENUM:
        default:
          g_assert_not_reached ();
        }
    }
  return TRUE;
}
