/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * The names in use across lists of characters, kept up to date as the
 * lists change and characters are renamed, so that numbering a copy
 * (help/C/setting-up.page, "Choose who takes part") costs the same with
 * ten characters or ten thousand.
 */

typedef struct _TkrNameIndex TkrNameIndex;

TkrNameIndex *tkr_name_index_new (void);
void tkr_name_index_free (TkrNameIndex *self);
/* Follows @model (of TkrCharacter) until tkr_name_index_unwatch(). */
void tkr_name_index_watch (TkrNameIndex *self, GListModel *model);
void tkr_name_index_unwatch (TkrNameIndex *self, GListModel *model);
/* Whether some watched character is called @name. */
gboolean tkr_name_index_contains (TkrNameIndex *self, const char *name);
/* The lowest number N from 2 such that no watched character is called
 * "@base N". */
int tkr_name_index_lowest_free (TkrNameIndex *self, const char *base);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrNameIndex, tkr_name_index_free)

G_END_DECLS
