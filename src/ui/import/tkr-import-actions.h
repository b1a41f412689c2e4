/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-window.h"

G_BEGIN_DECLS

/*
 * The window's commands for other tools' files (help/C/import.page):
 * win.import (Import…: a file chooser, then the preview) and
 * win.export-improved-initiative (the campaign as a file Improved
 * Initiative imports).
 */

/* Installs both actions on the window class. */
void tkr_import_install_actions (GtkWidgetClass *widget_class);
/* Enables them when the window shows a campaign. */
void tkr_import_update_actions (TkrWindow *window, gboolean campaign);
/* Reads @file on a worker thread, then shows the preview over @window for
 * its campaign; the outcome is a toast in @window. */
void tkr_import_into_window (TkrWindow *window, GFile *file);

G_END_DECLS
