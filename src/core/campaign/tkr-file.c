/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "tkr-file.h"
#include "tkr-json.h"
#include "tkr-types.h"

/* json-glib's parser recurses once per nesting level; refuse deep nesting
 * before it sees the text, so a hostile file cannot exhaust the stack. */
static gboolean
check_nesting (const char *contents, gsize length, GError **error)
{
  gboolean in_string = FALSE;
  guint depth = 0;
  guint line = 1;

  for (gsize i = 0; i < length; i++)
    {
      char c = contents[i];

      if (c == '\n')
        line++;
      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        {
          if (++depth > TKR_JSON_MAX_DEPTH)
            {
              g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE,
                           _ ("Line %u: the data is nested more than %d levels deep"), line,
                           TKR_JSON_MAX_DEPTH);
              return FALSE;
            }
        }
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
    }
  return TRUE;
}

/**
 * tkr_file_parse:
 *
 * Returns: (transfer full): the root node, or %NULL with an error whose
 *   message names the line and column of a syntax error.
 */
JsonNode *
tkr_file_parse (const char *contents, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local_error = NULL;
  JsonNode *root;

  if (length > TKR_FILE_MAX_SIZE)
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE,
                   _ ("The file is larger than %d MiB"), TKR_FILE_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  if (length == 0)
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE, _ ("The file is empty"));
      return NULL;
    }
  if (!g_utf8_validate_len (contents, length, NULL))
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
                           _ ("The file is not text in UTF-8"));
      return NULL;
    }
  if (!check_nesting (contents, length, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, contents, length, &local_error))
    {
      guint line = 0, column = 0;
      int consumed = 0;
      const char *detail = local_error->message;

      /* json-glib puts the position in its message ("<data>:4:16: Parse
       * error: …") and resets its own counters once it gives up. */
      if (sscanf (detail, "<data>:%u:%u: %n", &line, &column, &consumed) == 2 && consumed > 0)
        {
          detail += consumed;
          if (g_str_has_prefix (detail, "Parse error: "))
            detail += strlen ("Parse error: ");
        }
      else
        {
          line = json_parser_get_current_line (parser);
          column = json_parser_get_current_pos (parser);
        }

      g_set_error (
        error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
        /* Translators: line and column of a JSON syntax error, then the parser's message */
        _ ("Line %u, column %u: %s"), line, column, detail);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
                           _ ("The file holds no data"));
      return NULL;
    }
  return json_node_ref (root);
}

/**
 * tkr_file_check_header:
 *
 * Checks the "kind" and "format" members every Turnkeeper file starts with.
 * A newer format is refused: this version cannot know what it would lose.
 */
JsonObject *
tkr_file_check_header (JsonNode *root,
                       const char *expected_kind,
                       gint64 newest_format,
                       gint64 *format_out,
                       GError **error)
{
  JsonObject *object;
  g_autofree char *kind = NULL;
  gint64 format;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND,
                           _ ("This is not a Turnkeeper file: it does not start with “{”"));
      return NULL;
    }
  object = json_node_get_object (root);

  if (!tkr_json_get_string (object, "kind", NULL, FALSE, NULL, &kind, error))
    return NULL;
  if (kind == NULL || !g_str_equal (kind, expected_kind))
    {
      if (kind != NULL && g_str_has_prefix (kind, "turnkeeper-"))
        g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND,
                     _ ("This file holds a “%s”, not a “%s”"), kind + strlen ("turnkeeper-"),
                     expected_kind + strlen ("turnkeeper-"));
      else
        g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_WRONG_KIND,
                             _ ("This is not a Turnkeeper file"));
      return NULL;
    }

  if (!tkr_json_get_int (object, "format", NULL, TRUE, 1, G_MAXINT32, 1, &format, error))
    return NULL;
  if (format > newest_format)
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_FORMAT_TOO_NEW,
                   _ ("This file was saved by a newer Turnkeeper (format %d); this version "
                      "reads format %d and older. Update Turnkeeper to open it."),
                   (int) format, (int) newest_format);
      return NULL;
    }
  if (format_out)
    *format_out = format;
  return object;
}

JsonObject *
tkr_file_new_header (const char *kind, gint64 format)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "kind", kind);
  json_object_set_int_member (object, "format", format);
  json_object_set_string_member (object, "generator", "Turnkeeper " PACKAGE_VERSION);
  return object;
}

GBytes *
tkr_file_serialize (JsonNode *root)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  gsize length;
  char *text;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, &length);
  return g_bytes_new_take (text, length);
}

/* g_file_replace_contents writes a temporary file beside the target and
 * renames it over the target, so a crash mid-save leaves the old file. */
gboolean
tkr_file_save (GFile *file, GBytes *bytes, GCancellable *cancellable, GError **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  return g_file_replace_contents (file, data, length, NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, cancellable, error);
}

static void
save_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (tkr_file_save (G_FILE (source), task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tkr_file_save_async (GFile *file,
                     GBytes *bytes,
                     GCancellable *cancellable,
                     GAsyncReadyCallback callback,
                     gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (file, cancellable, callback, user_data);

  g_task_set_source_tag (task, tkr_file_save_async);
  g_task_set_task_data (task, g_bytes_ref (bytes), (GDestroyNotify) g_bytes_unref);
  g_task_run_in_thread (task, save_thread);
}

gboolean
tkr_file_save_finish (GFile *file, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

GBytes *
tkr_file_load (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileInfo) info = NULL;
  char *contents = NULL;
  gsize length = 0;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_size (info) > TKR_FILE_MAX_SIZE)
    {
      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE,
                   _ ("The file is larger than %d MiB"), TKR_FILE_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!g_file_load_contents (file, cancellable, &contents, &length, NULL, error))
    return NULL;
  return g_bytes_new_take (contents, length);
}

static void
load_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  GBytes *bytes = tkr_file_load (G_FILE (source), cancellable, &error);

  if (bytes)
    g_task_return_pointer (task, bytes, (GDestroyNotify) g_bytes_unref);
  else
    g_task_return_error (task, error);
}

void
tkr_file_load_async (GFile *file,
                     GCancellable *cancellable,
                     GAsyncReadyCallback callback,
                     gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (file, cancellable, callback, user_data);

  g_task_set_source_tag (task, tkr_file_load_async);
  g_task_run_in_thread (task, load_thread);
}

GBytes *
tkr_file_load_finish (GFile *file, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
save_document_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;

  if (tkr_file_save_finish (G_FILE (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tkr_file_save_document_async (gpointer source,
                              gpointer source_tag,
                              GFile *file,
                              GBytes *bytes,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data)
{
  GTask *task;

  g_return_if_fail (G_IS_OBJECT (source));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (source, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  tkr_file_save_async (file, bytes, cancellable, save_document_done, task);
}

gboolean
tkr_file_save_document_finish (gpointer source, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, source), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
load_document_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GBytes) bytes = NULL;
  TkrFileParseFunc parse = g_task_get_task_data (task);
  GError *error = NULL;
  gpointer document;

  bytes = tkr_file_load_finish (G_FILE (source), result, &error);
  if (bytes == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  document = parse (bytes, &error);
  if (document == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, document, g_object_unref);
}

/* Reading never writes: a file that fails to load is left as it was. */
void
tkr_file_load_document_async (GFile *file,
                              TkrFileParseFunc parse,
                              gpointer source_tag,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data)
{
  GTask *task;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (parse != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, (gpointer) parse, NULL);
  tkr_file_load_async (file, cancellable, load_document_done, task);
}

gpointer
tkr_file_load_document_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
