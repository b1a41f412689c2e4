/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-import.h"

G_BEGIN_DECLS

#define TKR_TYPE_IMPORT_DIALOG (tkr_import_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkrImportDialog, tkr_import_dialog, TKR, IMPORT_DIALOG, AdwWindow)

/*
 * The preview of an import (help/C/import.page): what it will create, the
 * encounter it brings (the GM may choose another or none), and what could
 * not be read and why; Import applies the plan to the campaign as one undo
 * step, Cancel leaves the campaign as it was.
 *
 * Signal "imported" (const char *summary): the plan went in; the dialog
 * closes after it.
 */

TkrImportDialog *
tkr_import_dialog_new (TkrCampaign *campaign, TkrImportPlan *plan, const char *file_name);
TkrImportPlan *tkr_import_dialog_get_plan (TkrImportDialog *self);
/* The Import button: FALSE (and the reason shown in the dialog) when the
 * campaign refuses the plan. */
gboolean tkr_import_dialog_import (TkrImportDialog *self);

/* The characters listed, the party's first, then the library's. */
GListModel *tkr_import_dialog_get_listed (TkrImportDialog *self);
/* The problems as shown, one a line; "" when none. */
const char *tkr_import_dialog_get_problems_text (TkrImportDialog *self);

/*
 * Import from @file into @campaign: the file is read on a worker thread,
 * then the preview shows over @parent. @done runs with the dialog once it
 * shows, or with NULL and the reason when the file cannot be imported.
 */
typedef void (*TkrImportShownFunc) (TkrImportDialog *dialog,
                                    const GError *error,
                                    gpointer user_data);
void tkr_import_file (GtkWindow *parent,
                      TkrCampaign *campaign,
                      GFile *file,
                      TkrImportShownFunc done,
                      gpointer user_data);

/* Whether opening @file should go to the import preview rather than open
 * as a Turnkeeper file: a .json file (Improved Initiative has no extension
 * of its own; tkr_import_read() then reads its content to know the tool). */
gboolean tkr_import_is_candidate (GFile *file);

G_END_DECLS
