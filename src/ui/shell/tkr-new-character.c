/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-new-character.h"

TkrWindow *
tkr_new_character_window (GtkApplication *application, const char *system_id, GError **error)
{
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (TkrDocument) document = NULL;
  TkrWindow *window;

  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  rules = tkr_rules_new_from_resource (system_id != NULL ? system_id : "", NULL);
  if (rules == NULL)
    {
      g_set_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_UNKNOWN_SYSTEM,
                   _ ("There is no rule system called “%s”"), system_id ? system_id : "");
      return NULL;
    }
  document = tkr_document_new_for_character (rules, _ ("New Character"));
  window = tkr_window_new (application);
  tkr_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  tkr_character_sheet_focus_name (tkr_window_get_sheet (window));
  return window;
}

static void
new_character_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *application = user_data;
  g_autoptr (GError) error = NULL;

  if (tkr_new_character_window (application, g_variant_get_string (parameter, NULL), &error) ==
      NULL)
    {
      GtkWindow *parent = gtk_application_get_active_window (application);
      GtkWidget *dialog = adw_message_dialog_new (parent, _ ("No New Character"), error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

void
tkr_new_character_add_action (GtkApplication *application)
{
  const GActionEntry entries[] = {
    { "new-character", new_character_action, "s" },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (application), entries, G_N_ELEMENTS (entries),
                                   application);
}
