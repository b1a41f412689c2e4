/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * The names a sync engine gives the files it writes in a shared folder
 * (help/C/sync.page): its conflict copies, and the temporary files a
 * transfer fills before it renames them into place. Turnkeeper never reads
 * a temporary file and never takes a conflict copy for the sheet itself.
 */

/* Whether @basename is a conflict copy of the file named @original (both
 * basenames): Syncthing's "name.sync-conflict-<date>-<time>-<device>.ext",
 * Nextcloud's and ownCloud's "name (conflicted copy <...>).ext", Dropbox's
 * "name (<someone>'s conflicted copy <...>).ext". */
gboolean tkr_sync_is_conflict_copy_of (const char *basename, const char *original);

/* Whether @basename is a sync engine's file in transit: Syncthing's
 * ".syncthing.name.tmp" and "~syncthing~name.tmp", Nextcloud's and
 * browsers' ".part", "name.~tmp", lock files ".~lock.name#". */
gboolean tkr_sync_is_partial_name (const char *basename);

/* The conflict copies of @file in its folder, oldest name first
 * (transfer full): GFiles. An unreadable folder gives an empty array. */
GPtrArray *tkr_sync_find_conflict_copies (GFile *file);

/* What identifies the file's present version, NULL when it cannot be
 * read: GIO's entity tag, its size and inode (as TkrDocument does: the
 * time alone can repeat within one clock tick). */
char *tkr_sync_query_version (GFile *file);

G_END_DECLS
