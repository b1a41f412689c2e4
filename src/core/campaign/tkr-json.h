/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * Reading helpers shared by every *_from_json() function. Each reports a
 * TKR_FILE_ERROR_INVALID naming the JSON path of the bad value
 * ("characters[2].pools.health.current"), so a person can find it.
 *
 * A missing optional member gives the default; a member of the wrong type
 * or out of range is an error, never silently clamped.
 */

#define TKR_JSON_MAX_STRING 65536
#define TKR_JSON_MAX_ITEMS 100000
#define TKR_JSON_MAX_DEPTH 64

JsonObject *tkr_json_require_object (JsonNode *node, const char *path, GError **error);
gboolean tkr_json_get_object (JsonObject *object,
                              const char *member,
                              const char *path,
                              gboolean required,
                              JsonObject **out,
                              GError **error);
gboolean tkr_json_get_array (JsonObject *object,
                             const char *member,
                             const char *path,
                             gboolean required,
                             JsonArray **out,
                             GError **error);
gboolean tkr_json_get_string (JsonObject *object,
                              const char *member,
                              const char *path,
                              gboolean required,
                              const char *default_value,
                              char **out,
                              GError **error);
gboolean tkr_json_get_int (JsonObject *object,
                           const char *member,
                           const char *path,
                           gboolean required,
                           gint64 minimum,
                           gint64 maximum,
                           gint64 default_value,
                           gint64 *out,
                           GError **error);
gboolean tkr_json_get_double (JsonObject *object,
                              const char *member,
                              const char *path,
                              gboolean required,
                              double minimum,
                              double maximum,
                              double default_value,
                              double *out,
                              GError **error);
gboolean tkr_json_get_bool (JsonObject *object,
                            const char *member,
                            const char *path,
                            gboolean required,
                            gboolean default_value,
                            gboolean *out,
                            GError **error);
gboolean tkr_json_get_enum (JsonObject *object,
                            const char *member,
                            const char *path,
                            gboolean required,
                            const char *const *nicks,
                            int default_value,
                            int *out,
                            GError **error);
char *tkr_json_path (const char *parent, const char *member);
char *tkr_json_path_index (const char *parent, guint index);
void tkr_json_set_error (GError **error, const char *path, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

G_END_DECLS
