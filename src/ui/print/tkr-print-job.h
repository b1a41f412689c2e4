/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

/* What a print job puts on paper. */
typedef enum
{
  TKR_PRINT_CHARACTER_SHEET,
  TKR_PRINT_INITIATIVE_CARDS,
  TKR_PRINT_ZONE_CARDS,
} TkrPrintKind;

#define TKR_TYPE_PRINT_KIND (tkr_print_kind_get_type ())
GType tkr_print_kind_get_type (void);

#define TKR_TYPE_PRINT_JOB (tkr_print_job_get_type ())
G_DECLARE_FINAL_TYPE (TkrPrintJob, tkr_print_job, TKR, PRINT_JOB, GObject)

/*
 * Printing and PDF export through GtkPrintOperation.
 *
 * A character sheet flows over as many pages as it needs; initiative cards
 * (one per encounter participant, or per party member and library NPC when
 * the encounter has none) and zone cards (the rule data's catalogue, then
 * the zones in play) are laid out several to a page.
 *
 * Properties (construct-only): "kind" (TkrPrintKind), "campaign"
 * (TkrCampaign), "character" (TkrCharacter, required for a sheet);
 * "document-title" (the open document's title, which names the file of
 * cards; the campaign's name when unset).
 */

TkrPrintJob *tkr_print_job_new (TkrPrintKind kind, TkrCampaign *campaign, TkrCharacter *character);
TkrPrintKind tkr_print_job_get_kind (TkrPrintJob *self);

/* Shows the print dialog (which offers "Print to File" for a PDF) and
 * prints; runs a nested main loop until the dialog is done. */
GtkPrintOperationResult
tkr_print_job_run_dialog (TkrPrintJob *self, GtkWindow *parent, GError **error);
/* Print Preview without the dialog. With no external previewer installed
 * (tkr_print_job_has_external_previewer), the pages show in a
 * TkrPrintPreview window, transient for @parent. */
GtkPrintOperationResult
tkr_print_job_run_preview (TkrPrintJob *self, GtkWindow *parent, GError **error);
gboolean tkr_print_job_has_external_previewer (void);
/* The settings a print starts from: @last (the previous print's, or NULL)
 * with the file "Print to File" proposes named after what is printed ("Lost
 * Mine initiative cards", a sheet its character's name) in @last's folder,
 * never @last's file. */
GtkPrintSettings *tkr_print_job_make_print_settings (TkrPrintJob *self, GtkPrintSettings *last);
void tkr_print_job_set_document_title (TkrPrintJob *self, const char *title);
const char *tkr_print_job_get_document_title (TkrPrintJob *self);
/* Writes a PDF to @path without a dialog. */
gboolean tkr_print_job_export_pdf (TkrPrintJob *self, const char *path, GError **error);
/* The number of pages of the last run; 0 before any. */
int tkr_print_job_get_n_pages (TkrPrintJob *self);

G_END_DECLS
