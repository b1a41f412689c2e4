/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The page a window shows while a large file opens on a worker thread
 * (docs/ARCHITECTURE.md, "Files"; help/C/files-and-backups.page): the
 * file's name, how far the load is, and Cancel, which emits "cancelled".
 * The window stays responsive behind it.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-first-frame.h"
#include "tkr-loading-page.h"

struct _TkrLoadingPage
{
  AdwBin parent_instance;

  AdwStatusPage *status_page;
  GtkProgressBar *progress_bar;
  GtkButton *cancel_button;
};

G_DEFINE_FINAL_TYPE (TkrLoadingPage, tkr_loading_page, ADW_TYPE_BIN)

enum
{
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
cancel_clicked_cb (TkrLoadingPage *self)
{
  g_signal_emit (self, signals[CANCELLED], 0);
}

static void
tkr_loading_page_class_init (TkrLoadingPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * TkrLoadingPage::cancelled:
   *
   * The person pressed Cancel: the load should stop.
   */
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-loading-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrLoadingPage, status_page);
  gtk_widget_class_bind_template_child (widget_class, TkrLoadingPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TkrLoadingPage, cancel_button);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
}

static void
tkr_loading_page_init (TkrLoadingPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Its icon loads when the page first shows (README, "Performance"). */
  tkr_status_page_defer_icon (self->status_page);
}

GtkWidget *
tkr_loading_page_new (void)
{
  return g_object_new (TKR_TYPE_LOADING_PAGE, NULL);
}

/**
 * tkr_loading_page_start:
 *
 * Shows @file's name and no progress yet.
 */
void
tkr_loading_page_start (TkrLoadingPage *self, GFile *file)
{
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  g_return_if_fail (TKR_IS_LOADING_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));

  basename = g_file_get_basename (file);
  name = g_filename_display_name (basename != NULL ? basename : "");
  /* Translators: %s is the name of the file being opened */
  title = g_strdup_printf (_ ("Opening “%s”"), name);
  adw_status_page_set_title (self->status_page, title);
  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
}

void
tkr_loading_page_set_fraction (TkrLoadingPage *self, double fraction)
{
  g_return_if_fail (TKR_IS_LOADING_PAGE (self));

  gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (fraction, 0.0, 1.0));
}

double
tkr_loading_page_get_fraction (TkrLoadingPage *self)
{
  g_return_val_if_fail (TKR_IS_LOADING_PAGE (self), 0.0);

  return gtk_progress_bar_get_fraction (self->progress_bar);
}
