/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TKR_TYPE_LOADING_PAGE (tkr_loading_page_get_type ())
G_DECLARE_FINAL_TYPE (TkrLoadingPage, tkr_loading_page, TKR, LOADING_PAGE, AdwBin)

GtkWidget *tkr_loading_page_new (void);
void tkr_loading_page_start (TkrLoadingPage *self, GFile *file);
void tkr_loading_page_set_fraction (TkrLoadingPage *self, double fraction);
double tkr_loading_page_get_fraction (TkrLoadingPage *self);

G_END_DECLS
