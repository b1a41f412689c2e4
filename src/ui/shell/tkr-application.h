/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TKR_TYPE_APPLICATION (tkr_application_get_type ())
G_DECLARE_FINAL_TYPE (TkrApplication, tkr_application, TKR, APPLICATION, AdwApplication)

/* The application: one TkrWindow per document, the app-wide actions
 * (preferences, help, shortcuts, about, quit) and the style preference.
 * With TKR_NON_UNIQUE set in the environment, every run is its own
 * instance (for tests). */

TkrApplication *tkr_application_new (void);
/* Returns: (nullable) (transfer none): the settings, NULL when the schema
 * is not installed. */
GSettings *tkr_application_get_settings (TkrApplication *self);
/* Brings the window that has @file open to the front; FALSE when none. */
gboolean tkr_application_present_file (TkrApplication *self, GFile *file);
/* The help's index page as HTML, for when no help viewer is installed. */
GFile *tkr_application_find_help_html (void);

/* Returns: (nullable) (transfer full): the application's settings when its
 * schema is installed; GSettings would abort on a missing one. */
GSettings *tkr_settings_new_if_installed (void);

G_END_DECLS
