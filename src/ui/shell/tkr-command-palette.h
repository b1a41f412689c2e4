/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-window.h"

G_BEGIN_DECLS

#define TKR_TYPE_COMMAND_PALETTE (tkr_command_palette_get_type ())
G_DECLARE_FINAL_TYPE (TkrCommandPalette, tkr_command_palette, TKR, COMMAND_PALETTE, AdwWindow)

/*
 * The command palette (Ctrl+K, help/C/keyboard.page): every command of the
 * window and the encounter by its name, filtered as you type; Enter or a
 * click runs the selected one through tkr_window_run_command() and closes
 * the palette. A command that cannot run now says so in a toast.
 */

TkrCommandPalette *tkr_command_palette_new (TkrWindow *window);
/* For tests: runs the first command whose name holds @text. */
gboolean tkr_command_palette_run_first (TkrCommandPalette *self, const char *text);

G_END_DECLS
