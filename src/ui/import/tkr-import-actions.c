/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-file.h"
#include "tkr-import-actions.h"
#include "tkr-import-dialog.h"

static TkrCampaign *
campaign_of (TkrWindow *window)
{
  TkrDocument *document = tkr_window_get_document (window);

  return document != NULL ? tkr_document_get_campaign (document) : NULL;
}

static void
toast (TkrWindow *window, const char *message, gboolean is_error)
{
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  if (is_error)
    {
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      adw_toast_set_timeout (toast, 8);
    }
  tkr_window_add_toast (window, toast);
}

static void
imported_cb (TkrImportDialog *dialog, const char *summary, TkrWindow *window)
{
  /* Translators: what an import added, e.g. "4 characters for the party and 12 NPCs for
     the library" */
  g_autofree char *message = g_strdup_printf (_ ("Imported %s"), summary);

  toast (window, message, FALSE);
}

typedef struct
{
  TkrWindow *window;
  char *file_name;
} Pending;

static void
shown_cb (TkrImportDialog *dialog, const GError *error, gpointer user_data)
{
  Pending *pending = user_data;

  if (dialog != NULL)
    g_signal_connect_object (dialog, "imported", G_CALLBACK (imported_cb), pending->window, 0);
  else
    {
      /* Translators: a file's name and why it cannot be imported */
      g_autofree char *message =
        g_strdup_printf (_ ("Could not import “%s”: %s"), pending->file_name, error->message);

      toast (pending->window, message, TRUE);
    }
  g_object_unref (pending->window);
  g_free (pending->file_name);
  g_free (pending);
}

void
tkr_import_into_window (TkrWindow *window, GFile *file)
{
  TkrCampaign *campaign;
  Pending *pending;

  g_return_if_fail (TKR_IS_WINDOW (window));
  g_return_if_fail (G_IS_FILE (file));

  campaign = campaign_of (window);
  if (campaign == NULL)
    {
      toast (window,
             _ ("Characters and monsters are imported into a campaign: open one, or start a new "
                "one, first"),
             TRUE);
      return;
    }
  pending = g_new0 (Pending, 1);
  pending->window = g_object_ref (window);
  pending->file_name = g_file_get_basename (file);
  tkr_import_file (GTK_WINDOW (window), campaign, file, shown_cb, pending);
}

static void
import_response_cb (GtkNativeDialog *native, int response, TkrWindow *window)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_object_unref (native);
  if (file != NULL)
    tkr_import_into_window (window, file);
}

static void
import_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (_ ("Import Characters and Monsters"), GTK_WINDOW (widget),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Import"), _ ("_Cancel"));
  g_autoptr (GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (json, _ ("Exports of Other Tools (JSON)"));
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_suffix (json, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), json);
  gtk_file_filter_set_name (all, _ ("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
  g_signal_connect (native, "response", G_CALLBACK (import_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
exported_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (TkrWindow) window = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_file_get_basename (G_FILE (source));

  if (!tkr_file_save_finish (G_FILE (source), result, &error))
    {
      g_autofree char *message =
        g_strdup_printf (_ ("Could not export to “%s”: %s"), name, error->message);

      toast (window, message, TRUE);
      return;
    }
  {
    /* Translators: a file's name */
    g_autofree char *message =
      g_strdup_printf (_ ("Exported to “%s” for Improved Initiative"), name);

    toast (window, message, FALSE);
  }
}

static void
export_response_cb (GtkNativeDialog *native, int response, TkrWindow *window)
{
  g_autoptr (GFile) file = NULL;
  TkrCampaign *campaign = campaign_of (window);

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_object_unref (native);
  if (file == NULL || campaign == NULL)
    return;
  {
    g_autoptr (GBytes) bytes = tkr_export_improved_initiative (campaign);

    tkr_file_save_async (file, bytes, NULL, exported_cb, g_object_ref (window));
  }
}

static void
export_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrCampaign *campaign = campaign_of (TKR_WINDOW (widget));
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;

  if (campaign == NULL)
    return;
  native = gtk_file_chooser_native_new (_ ("Export for Improved Initiative"), GTK_WINDOW (widget),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* Translators: a file name; %s is the campaign's name. Keep the extension */
  name = g_strdup_printf (_ ("%s for Improved Initiative.json"), tkr_campaign_get_name (campaign));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect (native, "response", G_CALLBACK (export_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
tkr_import_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.export-improved-initiative", NULL,
                                   export_action);
}

void
tkr_import_update_actions (TkrWindow *window, gboolean campaign)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.import", campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.export-improved-initiative", campaign);
}
