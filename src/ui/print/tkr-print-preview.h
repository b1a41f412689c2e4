/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TKR_TYPE_PRINT_PREVIEW (tkr_print_preview_get_type ())
G_DECLARE_FINAL_TYPE (TkrPrintPreview, tkr_print_preview, TKR, PRINT_PREVIEW, AdwWindow)

/*
 * Print Preview inside the app, for when no external previewer is
 * installed (the GNOME runtime of the Flatpak has none): the pages a print
 * job drew, one at a time, with Previous and Next (Page Up and Page Down).
 *
 * Each page is a cairo surface the job's own drawing code rendered into
 * (tkr-print-job.c's "preview" handler), so the preview shows exactly what
 * prints.
 *
 * Properties: "n-pages" (uint, read-only), "page" (uint, the shown page,
 * from 0).
 */

TkrPrintPreview *tkr_print_preview_new (GtkWindow *parent, const char *title);
/* Adds a page of @width x @height points; keeps a reference to @page. */
void tkr_print_preview_add_page (TkrPrintPreview *self,
                                 cairo_surface_t *page,
                                 double width,
                                 double height);
guint tkr_print_preview_get_n_pages (TkrPrintPreview *self);
guint tkr_print_preview_get_page (TkrPrintPreview *self);
/* Page @page as drawn, or NULL past the last. */
cairo_surface_t *tkr_print_preview_get_page_surface (TkrPrintPreview *self, guint page);
void tkr_print_preview_set_page (TkrPrintPreview *self, guint page);

G_END_DECLS
