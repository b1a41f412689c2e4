/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TKR_TYPE_KEYS_PAGE (tkr_keys_page_get_type ())
G_DECLARE_FINAL_TYPE (TkrKeysPage, tkr_keys_page, TKR, KEYS_PAGE, AdwPreferencesPage)

/*
 * Preferences, Keyboard (help/C/keyboard.page): every command of the
 * keymap (tkr-keymap.h) with its key, by group. Activating a row asks for
 * the new key (Escape cancels, Backspace leaves the command without one);
 * a key another command has is refused with a message naming it, shown
 * on the page. "Reset All" brings back every default.
 */

GtkWidget *tkr_keys_page_new (void);
/* Gives @action the key @accelerator as if pressed in the key dialog:
 * FALSE, and the page shows why, when the keymap refuses it. */
gboolean tkr_keys_page_try_key (TkrKeysPage *self, const char *action, const char *accelerator);
/* The message the page shows now, or NULL. */
const char *tkr_keys_page_get_message (TkrKeysPage *self);

G_END_DECLS
