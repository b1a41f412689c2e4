/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tkr-file.h"
#include "tkr-json-writer.h"
#include "tkr-json.h"
#include "tkr-types.h"

/* A load error's message is one or two plain sentences for people; a
 * technical detail (the JSON parser's own words), when there is one,
 * follows after a blank line (help/C/files-and-backups.page, "When a file
 * cannot be opened": the detail is under "Details"). */
#define DETAIL_SEPARATOR "\n\n"

static void
set_error_with_detail (GError **error, int code, const char *summary, const char *detail)
{
  /* A parser's message may quote part of a character (json-glib quotes
   * single bytes); the message a person sees is always valid UTF-8. */
  g_autofree char *valid = g_utf8_make_valid (detail, -1);

  g_set_error (error, TKR_FILE_ERROR, code, "%s" DETAIL_SEPARATOR "%s", summary, valid);
}

/**
 * tkr_file_error_get_summary:
 * @detail: (out) (optional) (nullable): the technical detail, or %NULL
 *
 * Returns: (transfer full): the plain part of a load error's message.
 */
char *
tkr_file_error_get_summary (const GError *error, char **detail)
{
  const char *split = strstr (error->message, DETAIL_SEPARATOR);

  if (detail != NULL)
    *detail = split != NULL ? g_strdup (split + strlen (DETAIL_SEPARATOR)) : NULL;
  return split != NULL ? g_strndup (error->message, split - error->message)
                       : g_strdup (error->message);
}

static int
hex_value (char c)
{
  return g_ascii_isxdigit (c) ? g_ascii_xdigit_value (c) : -1;
}

/* The code of a "\uXXXX" escape at @text, or -1 when it is not one. */
static int
unicode_escape (const char *text, gsize left)
{
  int code = 0;

  if (left < 6 || text[0] != '\\' || text[1] != 'u')
    return -1;
  for (guint i = 2; i < 6; i++)
    {
      int digit = hex_value (text[i]);

      if (digit < 0)
        return -1;
      code = code * 16 + digit;
    }
  return code;
}

/* Whether the next four bytes at @text are hexadecimal digits, or the
 * text ends before a byte that is not one (a file cut off). */
static gboolean
hex_digits_or_end (const char *text, gsize left)
{
  for (gsize i = 0; i < 4; i++)
    {
      if (i == left)
        return TRUE;
      if (hex_value (text[i]) < 0)
        return FALSE;
    }
  return TRUE;
}

/* json-glib's parser recurses once per nesting level; refuse deep nesting
 * before it sees the text, so a hostile file cannot exhaust the stack.
 *
 * json-glib also reads "{…}{…}" as the first document and drops the
 * second without a word (any other text after the end is a syntax error
 * to it), so an object or array after the end of the first is refused
 * here. It reads "6{…}", "'text'{…}" or ".5[…]" as the value before the
 * object and drops, and leaks, the object (found by tests/fuzz), so an
 * object or array after other text is refused too. Its scanner takes text
 * in single quotes as a string, with no escapes, and what runs from a
 * slash to the next one as a comment; so does this check.
 *
 * json-glib's scanner also reads "\330" (a backslash and digits) as the
 * byte 0330, which is not UTF-8, like the half characters below (found by
 * tests/fuzz); refused here, with its line.
 *
 * A "\u" escape without four hexadecimal digits is refused here too:
 * json-glib reads some as text and refuses others, leaking its buffer
 * (found by tests/fuzz).
 *
 * A "\uD800" escape without its second half becomes text that is not
 * UTF-8 in json-glib's tree (a member name or a string), which GVariant and
 * GTK refuse with criticals later; it is refused here, with its line.
 *
 * @cut_off is set when the text ends inside a string or an open object:
 * the file was cut short. */
static gboolean
check_text (const char *contents, gsize length, gboolean *cut_off, GError **error)
{
  gboolean in_string = FALSE;
  gboolean in_quotes = FALSE;
  gboolean ended = FALSE;
  gboolean text_first = FALSE;
  guint depth = 0;
  guint line = 1;

  for (gsize i = 0; i < length; i++)
    {
      char c = contents[i];

      if (c == '\n')
        line++;
      if (in_string)
        {
          int code;

          /* Most of a text is plain: only a backslash or the closing
           * quote can matter (the same result, a large file's parse
           * sooner; bench/bench-files). */
          if (c != '\\' && c != '"')
            continue;
          code = unicode_escape (contents + i, length - i);

          if (code < 0 && c == '\\' && i + 1 < length && contents[i + 1] == 'u' &&
              !hex_digits_or_end (contents + i + 2, length - i - 2))
            {
              g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
                           /* Translators: \u is the start of a character code in a file */
                           _ ("The file is damaged: at line %u, a text holds a broken "
                              "character code (“\\u” without four hexadecimal digits after it)."),
                           line);
              return FALSE;
            }
          if (code >= 0xD800 && code <= 0xDFFF)
            {
              int low = unicode_escape (contents + i + 6, length - i - 6);

              if (code > 0xDBFF || low < 0xDC00 || low > 0xDFFF)
                {
                  g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
                               /* Translators: %.6s is an escape such as \uD800 */
                               _ ("The file is damaged: at line %u, a text holds half of a "
                                  "character (“%.6s” without its other half)."),
                               line, contents + i);
                  return FALSE;
                }
              i += 11;
            }
          else if (c == '\\' && i + 1 < length && g_ascii_isdigit (contents[i + 1]))
            {
              g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
                           /* Translators: "\330" is an example of what the file holds */
                           _ ("The file is damaged: at line %u, a text holds a backslash "
                              "followed by a digit (such as “\\330”), which is not how any "
                              "Turnkeeper file writes a character."),
                           line);
              return FALSE;
            }
          else if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      /* Indentation, most of a saved file's bytes, changes nothing. */
      if (c == ' ' || c == '\n')
        continue;
      if (c == '/')
        {
          /* json-glib's scanner skips what runs from a slash to the next
           * one as a comment (C-style notes among them; "// 6" is "//"
           * then 6); a comment is not a document. */
          for (i++; i < length && contents[i] != '/'; i++)
            if (contents[i] == '\n')
              line++;
          continue;
        }
      if (c == '\'')
        {
          for (i++; i < length && contents[i] != '\''; i++)
            if (contents[i] == '\n')
              line++;
          in_quotes = i >= length;
          if (depth == 0)
            text_first = TRUE;
          continue;
        }
      if (c == '"')
        {
          in_string = TRUE;
          if (depth == 0)
            text_first = TRUE;
        }
      else if (depth == 0 && !ended && (guchar) c < 0x80 && !g_ascii_isspace (c) && c != '{' &&
               c != '[' && c != '}' && c != ']')
        {
          /* A number, true, false or null, or anything else that is not
           * an object or a list (a byte order mark is not ASCII). */
          text_first = TRUE;
        }
      else if (c == '{' || c == '[')
        {
          if (ended)
            {
              g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
                           _ ("Line %u: the file goes on after its end. It may be two files "
                              "joined together; a Turnkeeper file holds one."),
                           line);
              return FALSE;
            }
          if (depth == 0 && text_first)
            {
              g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE,
                           _ ("This is not a Turnkeeper file, or it is damaged: at line %u its "
                              "data starts after other text."),
                           line);
              return FALSE;
            }
          if (++depth > TKR_JSON_MAX_DEPTH)
            {
              g_autofree char *detail = g_strdup_printf (
                /* Translators: the technical detail under a damaged file's message */
                _ ("Line %u: the data is nested more than %d levels deep"), line,
                TKR_JSON_MAX_DEPTH);
              g_autofree char *summary = g_strdup_printf (
                _ ("This is not a Turnkeeper file, or it is damaged: at line %u its data "
                   "is nested deeper than any Turnkeeper file's."),
                line);

              set_error_with_detail (error, TKR_FILE_ERROR_TOO_LARGE, summary, detail);
              return FALSE;
            }
        }
      else if ((c == '}' || c == ']') && depth > 0)
        {
          if (--depth == 0)
            ended = TRUE;
        }
    }
  *cut_off = in_string || in_quotes || depth > 0;
  return TRUE;
}

/* The line of the first byte at @contents that is not UTF-8. */
static guint
line_of (const char *contents, const char *end)
{
  guint line = 1;

  for (const char *c = contents; c < end; c++)
    if (*c == '\n')
      line++;
  return line;
}

/* A file over the size Turnkeeper opens: what happened, its size and the
 * limit, and what to do. The size is rounded up, so a file just over the
 * limit never reads as the limit itself. */
static void
set_too_large_error (GError **error, guint64 size)
{
  guint64 tenths = (size * 10 + (1024 * 1024 - 1)) / (1024 * 1024);

  g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE,
               /* Translators: %.1f is the file's size in MiB, %d the largest
                * size Turnkeeper opens */
               _ ("This file is %.1f MiB, and Turnkeeper opens files of up to %d MiB, so it "
                  "was not opened and nothing was changed. Turnkeeper never saves a file that "
                  "large: check that this is the file you meant to open."),
               (double) tenths / 10, TKR_FILE_MAX_SIZE / (1024 * 1024));
}

/**
 * tkr_file_parse:
 *
 * Returns: (transfer full): the root node, or %NULL with an error whose
 *   message says in plain words what is wrong and where (the line of a
 *   syntax error), then the parser's own words after a blank line.
 */
JsonNode *
tkr_file_parse (const char *contents, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local_error = NULL;
  const char *invalid = NULL;
  gboolean cut_off = FALSE;
  JsonNode *root;

  if (length > TKR_FILE_MAX_SIZE)
    {
      set_too_large_error (error, length);
      return NULL;
    }
  if (length == 0)
    {
      g_set_error_literal (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE, _ ("The file is empty"));
      return NULL;
    }
  if (!g_utf8_validate_len (contents, length, &invalid))
    {
      g_autofree char *detail =
        g_strdup_printf (_ ("Line %u: the file is not text in UTF-8"), line_of (contents, invalid));

      set_error_with_detail (error, TKR_FILE_ERROR_PARSE,
                             _ ("This is not a Turnkeeper file: it is not text, or it is "
                                "damaged."),
                             detail);
      return NULL;
    }
  if (!check_text (contents, length, &cut_off, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, contents, length, &local_error))
    {
      guint line = 0, column = 0;
      int consumed = 0;
      const char *detail = local_error->message;
      g_autofree char *summary = NULL;
      g_autofree char *technical = NULL;

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

      if (cut_off)
        summary = g_strdup_printf (
          _ ("The file is cut off: it ends at line %u before its data does, as when a "
             "save or a copy was interrupted."),
          line_of (contents, contents + length));
      else
        summary = g_strdup_printf (
          _ ("The file is damaged: from line %u, column %u on, it is not data Turnkeeper "
             "can read. It may have been edited by hand or by another program."),
          line, column);
      technical = g_strdup_printf (
        /* Translators: line and column of a JSON syntax error, then the parser's message */
        _ ("Line %u, column %u: %s"), line, column, detail);
      set_error_with_detail (error, TKR_FILE_ERROR_PARSE, summary, technical);
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
  GString *text = g_string_sized_new (64 * 1024);

  /* The bytes json-glib's pretty generator (indent 2) makes, made in a
   * fraction of its time (src/core/campaign/tkr-json-writer.c). */
  tkr_json_write_node_text (text, root);
  return g_string_free_to_bytes (text);
}

/* Saving.
 *
 * A save never touches the file it replaces until the new contents are
 * complete and on the disk (help/C/files-and-backups.page, "Saving happens
 * by itself"):
 *
 *  1. the bytes go to a temporary file beside the target, named
 *     ".<name>.tkr-XXXXXX", created with the target's permissions;
 *  2. the temporary file is flushed to the disk (fsync);
 *  3. it is renamed over the target, which is atomic within a folder;
 *  4. the folder is flushed, so the rename itself survives a power cut.
 *
 * A failure before step 3 removes the temporary file and leaves the target
 * byte for byte as it was. A symbolic link is followed: the file it points
 * to is replaced and the link stays a link.
 *
 * g_file_replace_contents is not used: when a write fails it still closes
 * its stream, and closing renames the partial temporary file over the
 * target; and G_FILE_CREATE_REPLACE_DESTINATION replaces a symbolic link
 * with a plain file and a 0600 file with a 0644 one.
 *
 * A process killed mid-save leaves its temporary file behind. Each save
 * holds a lock (flock) on its temporary file until the rename, and the lock
 * dies with the process, so a temporary file nobody holds a lock on is a
 * stray one: the next save or load of the same file removes it. */

#define TEMP_SUFFIX ".tkr-"
#define TEMP_RANDOM_LENGTH 6 /* the XXXXXX of g_mkstemp */
#define WRITE_CHUNK (64 * 1024)
/* Keeps ".<name>.tkr-XXXXXX" within NAME_MAX (255) for any <name>. */
#define TEMP_NAME_MAX_BASE 200

static TkrFileFaultFunc fault_func;
static gpointer fault_data;

void
tkr_file_set_fault_func (TkrFileFaultFunc func, gpointer user_data)
{
  fault_data = user_data;
  g_atomic_pointer_set (&fault_func, func);
}

/* Returns the errno a test wants this step to fail with, or 0. */
static int
fault_at (TkrFileStep step)
{
  TkrFileFaultFunc func = g_atomic_pointer_get (&fault_func);

  return func != NULL ? func (step, fault_data) : 0;
}

/* ".<base>.tkr-": the start of the name of every temporary file a save of
 * @base makes. Only names of this pattern are ever removed as strays. */
static char *
temp_prefix (const char *base)
{
  gsize length = MIN (strlen (base), TEMP_NAME_MAX_BASE);

  return g_strdup_printf (".%.*s%s", (int) length, base, TEMP_SUFFIX);
}

static gboolean
is_stray_name (const char *name, const char *prefix)
{
  return g_str_has_prefix (name, prefix) && strlen (name) == strlen (prefix) + TEMP_RANDOM_LENGTH;
}

/* Removes the temporary files of saves of @base in @dir that no process is
 * writing: a live save holds the lock of its file. */
static void
remove_stray_temps (const char *dir, const char *base)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  g_autofree char *backup_base = g_strconcat (base, "~", NULL);
  g_autofree char *prefix = temp_prefix (base);
  g_autofree char *backup_prefix = temp_prefix (backup_base);
  const char *name;

  if (listing == NULL)
    return;
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat held, named;
      int fd;

      if (!is_stray_name (name, prefix) && !is_stray_name (name, backup_prefix))
        continue;
      path = g_build_filename (dir, name, NULL);
      fd = g_open (path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0);
      if (fd < 0)
        continue;
      /* Only a regular file of ours that no save is writing, and still the
       * file of that name once the lock is held. */
      if (fstat (fd, &held) == 0 && S_ISREG (held.st_mode) && held.st_uid == geteuid () &&
          flock (fd, LOCK_EX | LOCK_NB) == 0 && lstat (path, &named) == 0 &&
          named.st_dev == held.st_dev && named.st_ino == held.st_ino)
        g_unlink (path);
      close (fd);
    }
}

/* Follows symbolic links to the file that is really written, even when the
 * last link points at a file that does not exist yet. */
static char *
resolve_links (const char *path, int *errno_out)
{
  g_autofree char *current = g_strdup (path);

  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *target = NULL;
      g_autofree char *dir = NULL;
      struct stat st;

      if (lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      target = g_file_read_link (current, NULL);
      if (target == NULL)
        {
          *errno_out = errno;
          return NULL;
        }
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_build_filename (dir, target, NULL);
    }
  *errno_out = ELOOP;
  return NULL;
}

/* Flushes a folder's entries; some file systems cannot, which is not an
 * error: the data itself is already on the disk. */
static void
sync_dir (const char *dir)
{
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd < 0)
    return;
  fsync (fd);
  close (fd);
}

static gboolean
write_all (int fd, const guint8 *data, gsize length, int *errno_out)
{
  while (length > 0)
    {
      gssize written;
      int fault = fault_at (TKR_FILE_STEP_WRITE);

      if (fault != 0)
        {
          /* A full disk takes part of a chunk, then fails. */
          if (write (fd, data, MIN (length, WRITE_CHUNK / 2)) < 0)
            fault = errno;
          *errno_out = fault;
          return FALSE;
        }
      written = write (fd, data, MIN (length, WRITE_CHUNK));
      if (written < 0)
        {
          if (errno == EINTR)
            continue;
          *errno_out = errno;
          return FALSE;
        }
      data += written;
      length -= written;
    }
  return TRUE;
}

/* Creates and locks a new temporary file in @dir for @base. A stray
 * cleaner may remove the name between creation and locking; then the file
 * has no link left and another name is tried. */
static int
create_temp (const char *dir, const char *base, mode_t mode, char **path_out, int *errno_out)
{
  g_autofree char *prefix = temp_prefix (base);

  for (guint attempt = 0; attempt < 8; attempt++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%sXXXXXX", dir, prefix);
      struct stat st;
      int fd = g_mkstemp_full (path, O_RDWR | O_CLOEXEC, mode);

      if (fd < 0)
        {
          *errno_out = errno;
          return -1;
        }
      if (flock (fd, LOCK_EX) == 0 && fstat (fd, &st) == 0 && st.st_nlink > 0)
        {
          *path_out = g_steal_pointer (&path);
          return fd;
        }
      close (fd);
    }
  *errno_out = EEXIST;
  return -1;
}

/* Writes @data to @path (not a link) through a temporary file and a
 * rename. @like, when not NULL, is the file being replaced: the new one
 * gets its permissions and owners. */
static gboolean
write_atomically (const char *path,
                  const void *data,
                  gsize length,
                  const struct stat *like,
                  GCancellable *cancellable,
                  int *errno_out)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *temp = NULL;
  /* Created no more open than the file it replaces (the umask applies),
   * then given exactly its permissions before any byte is written. */
  mode_t mode = like != NULL ? (like->st_mode & 0777) : 0666;
  int fault;
  int fd;

  remove_stray_temps (dir, base);

  fd = create_temp (dir, base, mode, &temp, errno_out);
  if (fd < 0)
    return FALSE;

  if ((fault = fault_at (TKR_FILE_STEP_CREATED)) != 0)
    goto failed_with_fault;
  if (like != NULL)
    {
      if ((like->st_uid != geteuid () || like->st_gid != getegid ()) &&
          fchown (fd, like->st_uid, like->st_gid) != 0)
        {
          /* Not allowed to give the file away: it stays ours. */
        }
      fchmod (fd, like->st_mode & 07777);
    }

  if (!write_all (fd, data, length, errno_out))
    goto failed;
  if ((fault = fault_at (TKR_FILE_STEP_SYNC)) != 0)
    goto failed_with_fault;
  if (fsync (fd) != 0)
    {
      *errno_out = errno;
      goto failed;
    }
  if (g_cancellable_is_cancelled (cancellable))
    {
      *errno_out = ECANCELED;
      goto failed;
    }
  if ((fault = fault_at (TKR_FILE_STEP_RENAME)) != 0)
    goto failed_with_fault;
  if (g_rename (temp, path) != 0)
    {
      *errno_out = errno;
      goto failed;
    }
  /* The lock goes with the last descriptor; the name is the target's now. */
  if (close (fd) != 0 && errno != EINTR)
    {
      /* Everything was flushed by fsync: a late error cannot lose data. */
    }
  fault_at (TKR_FILE_STEP_RENAMED);
  sync_dir (dir);
  return TRUE;

failed_with_fault:
  *errno_out = fault;
failed:
  g_unlink (temp);
  close (fd);
  return FALSE;
}

/* What went wrong, in words a person can act on. */
static const char *
describe_errno (int saved_errno)
{
  switch (saved_errno)
    {
    case ENOSPC:
      return _ ("The disk is full.");
#ifdef EDQUOT
    case EDQUOT:
      return _ ("Your storage quota is used up.");
#endif
    case EFBIG:
      return _ ("The file is too large for this disk.");
    case EACCES:
    case EPERM:
      return _ ("You do not have permission to write to this folder.");
    case EROFS:
      return _ ("The disk is read-only.");
    case ENOENT:
    case ENOTDIR:
      return _ ("The folder does not exist any more.");
    case EISDIR:
      return _ ("A folder has that name.");
    case ENAMETOOLONG:
      return _ ("The file name is too long.");
    case ELOOP:
      return _ ("The file is a link that leads back to itself.");
    case EIO:
      return _ ("The disk reported an error while writing.");
    default:
      return NULL;
    }
}

static GIOErrorEnum
save_error_code (int saved_errno)
{
#ifdef EDQUOT
  /* Older GLib calls a used-up quota a generic failure; to a person it is
   * a full disk. */
  if (saved_errno == EDQUOT)
    return G_IO_ERROR_NO_SPACE;
#endif
  return g_io_error_from_errno (saved_errno);
}

static void
set_save_error (GError **error, GFile *file, gboolean existed, int saved_errno)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *unchanged = NULL;
  const char *reason = describe_errno (saved_errno);
  g_autofree char *fallback = NULL;

  if (saved_errno == ECANCELED)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           _ ("The save was cancelled; the file on disk is unchanged."));
      return;
    }
  if (reason == NULL)
    reason = fallback = g_strdup_printf ("%s.", g_strerror (saved_errno));
  if (existed)
    /* Translators: after the reason a save failed; %s is the file */
    unchanged = g_strdup_printf (_ ("The file “%s” on disk is unchanged."), name);
  else
    /* Translators: after the reason the first save of a file failed */
    unchanged = g_strdup_printf (_ ("Nothing was written to “%s”."), name);
  g_set_error (error, G_IO_ERROR, save_error_code (saved_errno), "%s %s", reason, unchanged);
}

/* A file GIO reaches without a local path (a remote share not mounted
 * through FUSE): its backend writes a temporary file itself. On a failed
 * write the stream is closed with a cancelled GCancellable, which tells GIO
 * to drop the temporary file rather than rename it. */
static gboolean
save_without_path (GFile *file, GBytes *bytes, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileOutputStream) stream = NULL;
  g_autoptr (GCancellable) abandon = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, error);
  if (stream == NULL)
    return FALSE;
  if (g_output_stream_write_all (G_OUTPUT_STREAM (stream), data, length, NULL, cancellable, error))
    return g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, error);

  abandon = g_cancellable_new ();
  g_cancellable_cancel (abandon);
  g_output_stream_close (G_OUTPUT_STREAM (stream), abandon, NULL);
  return FALSE;
}

/**
 * tkr_file_save:
 *
 * Replaces @file with @bytes atomically (see above): on any error the file
 * on disk is left as it was and the message says so in plain words.
 */
gboolean
tkr_file_save (GFile *file, GBytes *bytes, GCancellable *cancellable, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *real = NULL;
  struct stat like;
  gboolean existed;
  gsize length;
  const void *data = g_bytes_get_data (bytes, &length);
  int saved_errno = 0;

  /* Loading refuses a file over TKR_FILE_MAX_SIZE, so a save never writes
   * one: the app would save what it then cannot open. */
  if (length > TKR_FILE_MAX_SIZE)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_TOO_LARGE,
                   /* Translators: %.1f is the size in MiB, %d the largest size Turnkeeper
                    * opens, %s the file */
                   _ ("This would be a file of %.1f MiB, and Turnkeeper opens files of up to "
                      "%d MiB, so it was not saved: nothing was written to “%s”."),
                   (double) length / (1024 * 1024), TKR_FILE_MAX_SIZE / (1024 * 1024), name);
      return FALSE;
    }
  if (path == NULL)
    return save_without_path (file, bytes, cancellable, error);

  real = resolve_links (path, &saved_errno);
  existed = real != NULL && stat (real, &like) == 0;
  if (real == NULL ||
      !write_atomically (real, data, length, existed ? &like : NULL, cancellable, &saved_errno))
    {
      set_save_error (error, file, existed, saved_errno);
      return FALSE;
    }
  return TRUE;
}

/**
 * tkr_file_backup:
 *
 * Keeps what @file holds now as "<name>~" beside it (through symbolic
 * links, beside the file they lead to), replacing an older backup. The
 * name is the one GIO and gedit give backups, which file managers hide with
 * the other backup files. A missing @file has nothing to keep: that is not
 * an error.
 */
gboolean
tkr_file_backup (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *real = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *link_name = NULL;
  g_autofree char *random = NULL;
  g_autofree char *prefix = NULL;
  struct stat st;
  int saved_errno = 0;

  if (path == NULL)
    return TRUE;
  real = resolve_links (path, &saved_errno);
  if (real == NULL || lstat (real, &st) != 0 || !S_ISREG (st.st_mode))
    return TRUE;

  backup = g_strconcat (real, "~", NULL);
  dir = g_path_get_dirname (backup);
  base = g_path_get_basename (backup);

  /* A second name for the current file: no copy, and the rename makes the
   * new backup appear whole. The temporary name follows the stray pattern
   * so an interrupted backup is cleaned up too. */
  random = g_uuid_string_random ();
  prefix = temp_prefix (base);
  link_name = g_strdup_printf ("%s/%s%.*s", dir, prefix, TEMP_RANDOM_LENGTH, random);
  if (fault_at (TKR_FILE_STEP_BACKUP) == 0 && link (real, link_name) == 0)
    {
      if (g_rename (link_name, backup) == 0)
        {
          sync_dir (dir);
          return TRUE;
        }
      saved_errno = errno;
      g_unlink (link_name);
    }
  else
    {
      /* Some file systems (FAT on a USB stick) have no hard links: copy. */
      g_autofree char *contents = NULL;
      gsize length = 0;

      if (!g_file_get_contents (real, &contents, &length, error))
        return FALSE;
      if (write_atomically (backup, contents, length, &st, cancellable, &saved_errno))
        return TRUE;
    }

  {
    g_autofree char *name = g_file_get_parse_name (file);
    const char *reason = describe_errno (saved_errno);

    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 /* Translators: %s is the file, then the reason */
                 _ ("Could not keep a backup of “%s”: %s"), name,
                 reason != NULL ? reason : g_strerror (saved_errno));
  }
  return FALSE;
}

/**
 * tkr_file_remove_stray_temps:
 *
 * Removes what interrupted saves of @file left beside it: temporary files
 * of the ".<name>.tkr-XXXXXX" pattern that no running save holds.
 */
void
tkr_file_remove_stray_temps (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *real = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  int saved_errno = 0;

  if (path == NULL || (real = resolve_links (path, &saved_errno)) == NULL)
    return;
  dir = g_path_get_dirname (real);
  base = g_path_get_basename (real);
  remove_stray_temps (dir, base);
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

static void
backup_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (tkr_file_backup (G_FILE (source), cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tkr_file_backup_async (GFile *file,
                       GCancellable *cancellable,
                       GAsyncReadyCallback callback,
                       gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (file, cancellable, callback, user_data);

  g_task_set_source_tag (task, tkr_file_backup_async);
  g_task_run_in_thread (task, backup_thread);
}

gboolean
tkr_file_backup_finish (GFile *file, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* A read error in plain words; GIO's own message ("Error opening file
 * /home/…: No such file or directory") becomes the detail. The domain
 * and code stay GIO's. */
static void
set_read_error (GError **error, GError *io_error)
{
  const char *summary;
  g_autofree char *valid = g_utf8_make_valid (io_error->message, -1);

  if (g_error_matches (io_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    summary = _ ("The file is not there any more: it may have been moved, renamed or deleted.");
  else if (g_error_matches (io_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    summary = _ ("You do not have permission to read this file.");
  else if (g_error_matches (io_error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
    summary = _ ("This is a folder, not a file.");
  else if (g_error_matches (io_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_error_copy (io_error));
      return;
    }
  else
    summary = _ ("The file could not be read.");
  g_set_error (error, io_error->domain, io_error->code, "%s" DETAIL_SEPARATOR "%s", summary, valid);
}

GBytes *
tkr_file_load (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GError) io_error = NULL;
  char *contents = NULL;
  gsize length = 0;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, &io_error);
  if (info == NULL)
    {
      set_read_error (error, io_error);
      return NULL;
    }
  if (g_file_info_get_size (info) > TKR_FILE_MAX_SIZE)
    {
      set_too_large_error (error, g_file_info_get_size (info));
      return NULL;
    }
  if (!g_file_load_contents (file, cancellable, &contents, &length, NULL, &io_error))
    {
      set_read_error (error, io_error);
      return NULL;
    }
  /* Opening a document is the other moment an interrupted save is noticed. */
  tkr_file_remove_stray_temps (file);
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

static void
save_root_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GFile *file = g_object_get_data (G_OBJECT (task), "tkr-file");
  g_autoptr (GBytes) bytes = tkr_file_serialize (task_data);
  GError *error = NULL;

  if (tkr_file_save (file, bytes, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * tkr_file_save_document_root_async:
 * @root: (transfer full): the document as a JSON tree that shares nothing
 *   with live objects
 *
 * As tkr_file_save_document_async(), with the JSON text made on the worker
 * thread too: the caller's thread only builds the tree (bench/bench-files).
 */
void
tkr_file_save_document_root_async (gpointer source,
                                   gpointer source_tag,
                                   GFile *file,
                                   JsonNode *root,
                                   GCancellable *cancellable,
                                   GAsyncReadyCallback callback,
                                   gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (G_IS_OBJECT (source));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (source, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, root, (GDestroyNotify) json_node_unref);
  g_object_set_data_full (G_OBJECT (task), "tkr-file", g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, save_root_thread);
}

gboolean
tkr_file_save_document_finish (gpointer source, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, source), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Progress of a load, told from the worker to the thread that asked. */
struct _TkrFileProgress
{
  GMainContext *context;
  TkrFileProgressFunc func;
  gpointer data;
  GDestroyNotify destroy;
  GCancellable *cancellable;
  GMutex lock;
  double latest;   /* under lock */
  double sent;     /* worker only */
  gboolean queued; /* under lock: a report waits on the caller's thread */
  gboolean done;   /* caller's thread only: no report after the result */
};

static void
progress_free (TkrFileProgress *self)
{
  if (self->destroy != NULL)
    self->destroy (self->data);
  g_clear_object (&self->cancellable);
  g_main_context_unref (self->context);
  g_mutex_clear (&self->lock);
}

static TkrFileProgress *
progress_ref (TkrFileProgress *self)
{
  return g_atomic_rc_box_acquire (self);
}

static void
progress_unref (TkrFileProgress *self)
{
  g_atomic_rc_box_release_full (self, (GDestroyNotify) progress_free);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrFileProgress, progress_unref)

static gboolean
progress_dispatch (gpointer user_data)
{
  TkrFileProgress *self = user_data;
  double fraction;

  g_mutex_lock (&self->lock);
  fraction = self->latest;
  self->queued = FALSE;
  g_mutex_unlock (&self->lock);
  if (!self->done && self->func != NULL)
    self->func (fraction, self->data);
  return G_SOURCE_REMOVE;
}

/**
 * tkr_file_progress_report:
 * @self: (nullable): the load's progress, or %NULL when nobody listens
 * @fraction: how much of the load is done, 0 to 1
 *
 * Called on the worker thread; the listener hears of it on the thread
 * that started the load, at most once per percent and never faster than
 * that thread takes the reports (a report waiting is updated, not
 * queued again).
 */
void
tkr_file_progress_report (TkrFileProgress *self, double fraction)
{
  gboolean queue;

  if (self == NULL)
    return;
  fraction = CLAMP (fraction, 0.0, 1.0);
  if (fraction < self->sent + 0.01 && fraction < 1.0)
    return;
  self->sent = fraction;
  g_mutex_lock (&self->lock);
  self->latest = fraction;
  queue = !self->queued;
  self->queued = TRUE;
  g_mutex_unlock (&self->lock);
  if (queue)
    {
      /* A source, not g_main_context_invoke: that would run the listener
       * right here, on the worker, whenever the caller's context happens
       * to be free. */
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, progress_dispatch, progress_ref (self),
                             (GDestroyNotify) progress_unref);
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

/**
 * tkr_file_progress_set_cancelled:
 *
 * Returns: %TRUE, with a G_IO_ERROR_CANCELLED in @error, when the load was
 *   cancelled; a build checks it between characters.
 */
gboolean
tkr_file_progress_set_cancelled (TkrFileProgress *self, GError **error)
{
  if (self == NULL)
    return FALSE;
  return g_cancellable_set_error_if_cancelled (self->cancellable, error);
}

typedef struct
{
  GFile *file;
  TkrFileBuildFunc build;
  TkrFileBuildProgressFunc build_progress;
  TkrFileProgress *progress;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_clear_object (&data->file);
  g_clear_pointer (&data->progress, progress_unref);
  g_free (data);
}

/* The worker's half of opening a document: read, parse, then build the
 * objects, which nothing else sees until the caller's thread gets them. */
static void
load_document_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LoadData *data = task_data;
  TkrFileProgress *progress;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (JsonNode) root = NULL;
  GError *error = NULL;
  gpointer document;
  gsize length;
  const char *contents;

  bytes = tkr_file_load (data->file, cancellable, &error);
  if (bytes == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  contents = g_bytes_get_data (bytes, &length);
  /* A small file opens before progress could be seen: it tells none. */
  progress = length >= TKR_FILE_PROGRESS_MIN_SIZE ? data->progress : NULL;
  /* Reading is about a tenth of opening a large campaign, parsing about
   * half of the rest (bench/bench-files). */
  tkr_file_progress_report (progress, 0.1);
  root = tkr_file_parse (contents, length, &error);
  g_clear_pointer (&bytes, g_bytes_unref);
  if (root == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  tkr_file_progress_report (progress, 0.5);
  if (g_task_return_error_if_cancelled (task))
    return;
  if (data->build_progress != NULL)
    document = data->build_progress (root, progress, &error);
  else
    document = data->build (root, &error);
  if (document == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  tkr_file_progress_report (progress, 1.0);
  g_task_return_pointer (task, document, g_object_unref);
}

static void
load_document_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  LoadData *data = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;
  gpointer document;

  /* A report still on its way would come after the result. */
  if (data->progress != NULL)
    {
      /* The listener's data is let go here, on its own thread. */
      GDestroyNotify destroy = g_steal_pointer (&data->progress->destroy);

      data->progress->done = TRUE;
      if (destroy != NULL)
        destroy (data->progress->data);
    }
  document = g_task_propagate_pointer (G_TASK (result), &error);
  if (document == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, document, g_object_unref);
}

static void
load_document (GFile *file,
               TkrFileBuildFunc build,
               TkrFileBuildProgressFunc build_progress,
               TkrFileProgressFunc progress_func,
               gpointer progress_data,
               GDestroyNotify progress_destroy,
               gpointer source_tag,
               GCancellable *cancellable,
               GAsyncReadyCallback callback,
               gpointer user_data)
{
  GTask *task;
  g_autoptr (GTask) worker = NULL;
  LoadData *data = g_new0 (LoadData, 1);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);

  data->file = g_object_ref (file);
  data->build = build;
  data->build_progress = build_progress;
  data->progress = g_atomic_rc_box_new0 (TkrFileProgress);
  data->progress->context = g_main_context_ref_thread_default ();
  data->progress->func = progress_func;
  data->progress->data = progress_data;
  data->progress->destroy = progress_destroy;
  data->progress->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  g_mutex_init (&data->progress->lock);

  worker = g_task_new (NULL, cancellable, load_document_done, task);
  g_task_set_source_tag (worker, load_document_thread);
  g_task_set_task_data (worker, data, (GDestroyNotify) load_data_free);
  g_task_run_in_thread (worker, load_document_thread);
}

/* Reading never writes: a file that fails to load is left as it was.
 * Reading, parsing and building the objects all happen on a worker thread
 * (bench/bench-files: the caller's thread only takes the finished
 * document); @build must touch nothing but what it makes. */
void
tkr_file_load_document_async (GFile *file,
                              TkrFileBuildFunc build,
                              gpointer source_tag,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data)
{
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (build != NULL);

  load_document (file, build, NULL, NULL, NULL, NULL, source_tag, cancellable, callback, user_data);
}

/**
 * tkr_file_load_document_with_progress_async:
 * @build: makes the document on the worker thread, telling its progress
 * @progress_func: (nullable): hears the fraction done on the caller's
 *   thread while the load runs, never after its result
 *
 * As tkr_file_load_document_async(), with progress for a large file.
 */
void
tkr_file_load_document_with_progress_async (GFile *file,
                                            TkrFileBuildProgressFunc build,
                                            TkrFileProgressFunc progress_func,
                                            gpointer progress_data,
                                            GDestroyNotify progress_destroy,
                                            gpointer source_tag,
                                            GCancellable *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer user_data)
{
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (build != NULL);

  load_document (file, NULL, build, progress_func, progress_data, progress_destroy, source_tag,
                 cancellable, callback, user_data);
}

gpointer
tkr_file_load_document_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
