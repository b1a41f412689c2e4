/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-json-writer.h"

G_BEGIN_DECLS

/*
 * A class's plain state described once as a table (docs/ARCHITECTURE.md,
 * "Combatant state"): each field is a GObject property with explicit
 * notify and, when it has a member name, a member of the class's JSON.
 * A rule system's combatant lists its fields instead of writing the
 * property switch, the finalizer and the JSON code for each of them.
 *
 *   static const TkrField fields[] = {
 *     TKR_FIELD_INT (TkrPf2eCombatant, tie_rank, "tie-rank", "tie_rank", 0, G_MAXINT, 0),
 *     TKR_FIELD_BOOLEAN (TkrPf2eCombatant, dead, "dead", "dead"),
 *   };
 *   ...
 *   tkr_fields_install (object_class, fields, G_N_ELEMENTS (fields));
 *
 * Properties get the ids 1..n in table order; a class installs any other
 * properties after them and handles those ids itself (see
 * tkr_fields_get_property()). A string field stores NULL for "" and
 * frees its value in tkr_fields_clear(); an object field holds a
 * reference; an enum field is an int-sized enum with no member in files.
 */

typedef enum
{
  TKR_FIELD_TYPE_INT,
  TKR_FIELD_TYPE_BOOLEAN,
  TKR_FIELD_TYPE_STRING,
  TKR_FIELD_TYPE_OBJECT,
  TKR_FIELD_TYPE_ENUM,
} TkrFieldType;

typedef struct
{
  const char *name;   /* the property */
  const char *member; /* its member in files; NULL when files do not keep it */
  TkrFieldType type;
  gsize offset; /* of the value in the instance structure */
  int minimum;
  int maximum;
  int default_value;
  GType (*object_type) (void); /* the object's or the enum's type */
} TkrField;

#define TKR_FIELD_INT(Type, field, name, member, minimum, maximum, default_value)                  \
  {                                                                                                \
    name, member, TKR_FIELD_TYPE_INT, G_STRUCT_OFFSET (Type, field), minimum, maximum,             \
      default_value, NULL                                                                          \
  }
#define TKR_FIELD_BOOLEAN(Type, field, name, member)                                               \
  {                                                                                                \
    name, member, TKR_FIELD_TYPE_BOOLEAN, G_STRUCT_OFFSET (Type, field), 0, 1, 0, NULL             \
  }
#define TKR_FIELD_STRING(Type, field, name, member)                                                \
  {                                                                                                \
    name, member, TKR_FIELD_TYPE_STRING, G_STRUCT_OFFSET (Type, field), 0, 0, 0, NULL              \
  }
#define TKR_FIELD_ENUM(Type, field, name, get_type, default_value)                                 \
  {                                                                                                \
    name, NULL, TKR_FIELD_TYPE_ENUM, G_STRUCT_OFFSET (Type, field), 0, 0, default_value, get_type  \
  }
#define TKR_FIELD_OBJECT(Type, field, name, get_type)                                              \
  {                                                                                                \
    name, NULL, TKR_FIELD_TYPE_OBJECT, G_STRUCT_OFFSET (Type, field), 0, 0, 0, get_type            \
  }

/* Installs @fields on @klass as properties 1..@n_fields and makes
 * tkr_fields_get_property() and tkr_fields_set_property() the class's
 * property functions unless it set its own. @fields must be static. */
void tkr_fields_install (GObjectClass *klass, const TkrField *fields, guint n_fields);
/* The property functions of a class with fields; a class with further
 * properties calls them for the ids of its fields. */
void tkr_fields_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec);
void
tkr_fields_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec);
/* Frees the strings and drops the objects of @type's fields in @object
 * (from the class's dispose or finalize). */
void tkr_fields_clear (GObject *object, GType type);

/* Writes @type's saved fields of @object into @json: numbers and
 * booleans always, strings when they are set. */
void tkr_fields_to_json (GObject *object, GType type, JsonObject *json);
/* The same members through a writer, into the object it has open. */
void tkr_fields_write_json (GObject *object, GType type, TkrJsonWriter *writer);
/* Reads @type's saved fields from @json (at @path) into a fresh @object
 * without notifying; a missing member gives the field's default, a value
 * of the wrong type or out of range an error naming the member. */
gboolean tkr_fields_from_json (
  GObject *object, GType type, JsonObject *json, const char *path, GError **error);

G_END_DECLS
