/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * The keyboard (help/C/keyboard.page): one table of every command with a
 * key, its name and its default accelerator, that the window's shortcuts,
 * the application's accelerators, the command palette, the shortcuts
 * window and Preferences all read, so they never drift apart. The keys a
 * person changed are kept in GSettings ("shortcuts", action -> accelerator,
 * "" for none); changing one takes effect at once everywhere ("changed").
 *
 * A key already used by another command is refused with a message naming
 * that command; so is a key without Ctrl or Alt (it would be taken from
 * typing).
 */

typedef enum
{
  TKR_KEY_GROUP_GENERAL,
  TKR_KEY_GROUP_EDITING,
  TKR_KEY_GROUP_VIEW,
  TKR_KEY_GROUP_ENCOUNTER,
  TKR_KEY_GROUP_FIGHT,
  TKR_KEY_GROUP_END,
} TkrKeyGroup;

typedef struct
{
  const char *action;      /* "tracker.spend", "win.save" */
  const char *title;       /* untranslated: gettext it to show */
  const char *accelerator; /* the default, in gtk_accelerator_parse() form */
  TkrKeyGroup group;
  /* A key a text field uses itself (Ctrl+Left: a word back): left to the
   * field being typed into. */
  gboolean text_uses_it;
} TkrKeyInfo;

#define TKR_TYPE_KEYMAP (tkr_keymap_get_type ())
G_DECLARE_FINAL_TYPE (TkrKeymap, tkr_keymap, TKR, KEYMAP, GObject)

/* The application's keymap, following GSettings when the schema is
 * installed. (transfer none) */
TkrKeymap *tkr_keymap_get_default (void);

guint tkr_keymap_get_n_keys (void);
const TkrKeyInfo *tkr_keymap_get_key (guint index);
/* (nullable) */
const TkrKeyInfo *tkr_keymap_lookup (const char *action);
const char *tkr_key_group_get_title (TkrKeyGroup group);

/* The accelerator @action has now: "" when it has none. */
const char *tkr_keymap_get_accelerator (TkrKeymap *self, const char *action);
/* Binds @accelerator ("" for none) to @action; FALSE with @error (a
 * G_IO_ERROR_EXISTS naming the command that has it, or
 * G_IO_ERROR_INVALID_ARGUMENT) when it cannot be. */
gboolean tkr_keymap_set_accelerator (TkrKeymap *self,
                                     const char *action,
                                     const char *accelerator,
                                     GError **error);
/* Every key back to its default. */
void tkr_keymap_reset (TkrKeymap *self);
/* The command whose key is @accelerator, other than @except. (nullable) */
const TkrKeyInfo *
tkr_keymap_find_owner (TkrKeymap *self, const char *accelerator, const char *except);

/* The application's accelerators (app. and win. actions) from the map. */
void tkr_keymap_apply_to_application (TkrKeymap *self, GtkApplication *application);
/* A GtkShortcutsWindow listing the keys now: what every system shares,
 * then each rule system's own. (transfer full) */
GtkWindow *tkr_keymap_new_shortcuts_window (TkrKeymap *self);

G_END_DECLS
