/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-window.h"

G_BEGIN_DECLS

/*
 * New Character (help/C/first-sheet.page): a player starts their own sheet
 * directly, in the rule system they play, as a document of its own (a
 * .tkcharacter file once saved), in a new window showing that one sheet.
 * An unknown @system_id is refused with a plain message and opens nothing.
 */
TkrWindow *
tkr_new_character_window (GtkApplication *application, const char *system_id, GError **error);

/* The app action "app.new-character" (parameter: the rule system's id). */
void tkr_new_character_add_action (GtkApplication *application);

G_END_DECLS
