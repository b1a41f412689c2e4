/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-application.h"
#include "tkr-document.h"
#include "tkr-follow-window.h"
#include "tkr-roster.h"
#include "tkr-sheet-link.h"
#include "tkr-sync-session.h"
#include "tkr-window.h"

/* A character file that does not parse yet is looked at again after this
 * long (a transfer filling it). */
#define FOLLOW_RETRY_MS 300

struct _TkrSyncSession
{
  GObject parent_instance;

  GtkWindow *window; /* unowned: the session lives as long as it */
  TkrDocument *document;
  TkrCampaign *campaign;
  GListStore *sheets; /* TkrSheetSync */
  TkrTablePublisher *publisher;
  GSettings *settings;
  AdwMessageDialog *conflict_dialog;
  TkrSheetSync *conflict_sheet;
  guint follow_retry_id;
  GSimpleActionGroup *actions;
};

G_DEFINE_FINAL_TYPE (TkrSyncSession, tkr_sync_session, G_TYPE_OBJECT)

static void show_conflict (TkrSyncSession *self, TkrSheetSync *sheet);
static void encounter_changed_cb (TkrSyncSession *self);

static GFile *
campaign_folder (TkrSyncSession *self)
{
  GFile *file = self->document != NULL ? tkr_document_get_file (self->document) : NULL;

  return file != NULL ? g_file_get_parent (file) : NULL;
}

static void
toast (TkrSyncSession *self, const char *text)
{
  if (TKR_IS_WINDOW (self->window))
    tkr_window_add_toast (TKR_WINDOW (self->window), adw_toast_new (text));
}

/* Linked sheets */

static void
sheet_state_cb (TkrSheetSync *sheet, GParamSpec *pspec, TkrSyncSession *self)
{
  if (tkr_sheet_sync_get_state (sheet) == TKR_SHEET_SYNC_CONFLICT)
    show_conflict (self, sheet);
}

static void
clear_sheets (TkrSyncSession *self)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->sheets)); i++)
    {
      g_autoptr (TkrSheetSync) sheet = g_list_model_get_item (G_LIST_MODEL (self->sheets), i);
      g_signal_handlers_disconnect_by_func (sheet, sheet_state_cb, self);
    }
  g_list_store_remove_all (self->sheets);
}

/* One TkrSheetSync per link whose party member exists; made again when
 * the links change (a link, an unlink, their undo). */
static void
links_changed_cb (TkrSyncSession *self)
{
  g_autoptr (GFile) folder = NULL;
  GListModel *links;

  clear_sheets (self);
  if (self->campaign == NULL)
    return;
  folder = campaign_folder (self);
  links = tkr_campaign_get_links (self->campaign);
  for (guint i = 0; i < g_list_model_get_n_items (links); i++)
    {
      g_autoptr (TkrSheetLink) link = g_list_model_get_item (links, i);
      TkrCharacter *pc =
        tkr_campaign_find_character (self->campaign, tkr_sheet_link_get_character_id (link));
      g_autoptr (GFile) file = NULL;
      g_autoptr (TkrSheetSync) sheet = NULL;
      g_autoptr (GError) error = NULL;

      if (pc == NULL)
        continue;
      file = tkr_sheet_link_resolve (link, folder);
      sheet = tkr_sheet_sync_new (file, pc, tkr_campaign_get_history (self->campaign));
      tkr_sheet_sync_set_link (sheet, link);
      if (!tkr_sheet_sync_start (sheet, &error))
        {
          toast (self, error->message);
          continue;
        }
      g_signal_connect (sheet, "notify::state", G_CALLBACK (sheet_state_cb), self);
      g_list_store_append (self->sheets, sheet);
      /* Both changed while the campaign was closed: asked at once. */
      sheet_state_cb (sheet, NULL, self);
    }
}

/* The conflict: both versions, side by side, and the choice */

static char *
describe_value (JsonNode *node)
{
  g_autofree char *text = NULL;

  if (node == NULL)
    return g_strdup ("—");
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  text = json_to_string (node, FALSE);
  if (g_utf8_strlen (text, -1) > 60)
    {
      g_autofree char *start = g_utf8_substring (text, 0, 59);
      return g_strconcat (start, "…", NULL);
    }
  return g_steal_pointer (&text);
}

static void
append_differences (GString *text, JsonObject *mine, JsonObject *theirs, const char *prefix)
{
  g_autoptr (GList) members = json_object_get_members (mine);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *member = l->data;
      JsonNode *a = json_object_get_member (mine, member);
      JsonNode *b = json_object_get_member (theirs, member);
      g_autofree char *name = NULL;
      g_autofree char *here = NULL;
      g_autofree char *there = NULL;

      if (g_strcmp0 (member, "id") == 0 || (b != NULL && json_node_equal (a, b)))
        continue;
      name = prefix != NULL ? g_strdup_printf ("%s %s", prefix, member) : g_strdup (member);
      if (JSON_NODE_HOLDS_OBJECT (a) && b != NULL && JSON_NODE_HOLDS_OBJECT (b))
        {
          append_differences (text, json_node_get_object (a), json_node_get_object (b), name);
          continue;
        }
      here = describe_value (a);
      there = describe_value (b);
      /* Translators: one difference between two versions of a sheet:
       * "experience: 70 here, 500 in the file" */
      g_string_append_printf (text, _ ("%s: %s here, %s in the file\n"), name, here, there);
    }
}

static void
conflict_response_cb (AdwMessageDialog *dialog, const char *response, TkrSyncSession *self)
{
  g_autoptr (TkrSheetSync) sheet = g_steal_pointer (&self->conflict_sheet);
  g_autoptr (GError) error = NULL;

  self->conflict_dialog = NULL;
  if (sheet == NULL || tkr_sheet_sync_get_state (sheet) != TKR_SHEET_SYNC_CONFLICT)
    return;
  if (g_strcmp0 (response, "theirs") == 0)
    tkr_sheet_sync_take_theirs (sheet, &error);
  else if (g_strcmp0 (response, "mine") == 0)
    tkr_sheet_sync_keep_mine (sheet, &error);
  else
    /* Closed without a choice: nothing is written; asked again. */
    return;
  if (error != NULL)
    toast (self, error->message);
}

/* A dialog with both versions of @mine's sheet and what differs, and the
 * choice; @response_cb gets "mine", "theirs" or "later". */
static void
present_comparison (TkrSyncSession *self,
                    TkrCharacter *mine,
                    TkrCharacter *theirs,
                    const char *message,
                    GCallback response_cb)
{
  g_autoptr (JsonNode) mine_node = tkr_character_to_json (mine);
  g_autoptr (JsonNode) theirs_node = tkr_character_to_json (theirs);
  g_autoptr (GString) body = g_string_new (NULL);
  g_autofree char *heading = NULL;

  if (message != NULL)
    g_string_append_printf (body, "%s\n\n", message);
  append_differences (body, json_node_get_object (mine_node), json_node_get_object (theirs_node),
                      NULL);
  /* Translators: the heading of the dialog shown when a linked sheet was
   * changed here and in its file */
  heading = g_strdup_printf (_ ("%s Changed in Two Places"), tkr_character_get_name (mine));
  self->conflict_dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->window, heading, NULL));
  adw_message_dialog_set_body (self->conflict_dialog, body->str);
  adw_message_dialog_add_responses (self->conflict_dialog, "later", _ ("_Decide Later"), "theirs",
                                    _ ("_Take the File’s Version"), "mine", _ ("_Keep Mine"), NULL);
  adw_message_dialog_set_close_response (self->conflict_dialog, "later");
  adw_message_dialog_set_default_response (self->conflict_dialog, "mine");
  g_signal_connect (self->conflict_dialog, "response", response_cb, self);
  gtk_window_present (GTK_WINDOW (self->conflict_dialog));
}

static void
show_conflict (TkrSyncSession *self, TkrSheetSync *sheet)
{
  if (self->conflict_dialog != NULL || tkr_sheet_sync_get_theirs (sheet) == NULL)
    return;
  g_set_object (&self->conflict_sheet, sheet);
  present_comparison (self, tkr_sheet_sync_get_character (sheet), tkr_sheet_sync_get_theirs (sheet),
                      tkr_sheet_sync_get_message (sheet), G_CALLBACK (conflict_response_cb));
}

/* The player's side: a character file changed outside while this window
 * has unsaved changes. The window's bar offers the same choices; this
 * shows what differs. */
static void
document_response_cb (AdwMessageDialog *dialog, const char *response, TkrSyncSession *self)
{
  self->conflict_dialog = NULL;
  if (self->window == NULL || self->document == NULL || !tkr_document_get_conflict (self->document))
    return;
  if (g_strcmp0 (response, "theirs") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self->window), "win.reload", NULL);
  else if (g_strcmp0 (response, "mine") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self->window), "win.keep-mine", NULL);
}

/* The player's side: a character file that follows outside saves */

static gboolean follow_outside_change (gpointer data);

static void
document_conflict_cb (TkrSyncSession *self)
{
  if (self->document == NULL || !tkr_document_get_conflict (self->document))
    return;
  g_clear_handle_id (&self->follow_retry_id, g_source_remove);
  follow_outside_change (self);
}

/* With nothing unsaved here, another program's save of the character
 * file (the GM's, through the folder) is simply taken: the window reads
 * the file again. A file that does not parse yet is waited out; with
 * unsaved changes both versions are shown and the person chooses. */
static gboolean
follow_outside_change (gpointer data)
{
  TkrSyncSession *self = data;
  GFile *file;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (TkrCharacter) character = NULL;

  self->follow_retry_id = 0;
  if (self->document == NULL || !tkr_document_get_conflict (self->document) ||
      tkr_document_get_kind (self->document) != TKR_DOCUMENT_KIND_CHARACTER)
    return G_SOURCE_REMOVE;
  file = tkr_document_get_file (self->document);
  bytes = file != NULL ? tkr_file_load (file, NULL, NULL) : NULL;
  character = bytes != NULL ? tkr_character_new_from_bytes (bytes, NULL) : NULL;
  if (character == NULL)
    {
      if (file != NULL && g_file_query_exists (file, NULL))
        self->follow_retry_id = g_timeout_add (FOLLOW_RETRY_MS, follow_outside_change, self);
      return G_SOURCE_REMOVE;
    }
  if (tkr_document_get_dirty (self->document))
    {
      if (self->conflict_dialog == NULL)
        present_comparison (self, tkr_document_get_character (self->document), character,
                            _ ("This sheet was changed in its file while you changed it here."),
                            G_CALLBACK (document_response_cb));
      return G_SOURCE_REMOVE;
    }
  gtk_widget_activate_action (GTK_WIDGET (self->window), "win.reload", NULL);
  return G_SOURCE_REMOVE;
}

/* The window's document */

static void
set_campaign (TkrSyncSession *self, TkrCampaign *campaign)
{
  if (self->campaign == campaign)
    return;
  if (self->campaign != NULL)
    {
      g_signal_handlers_disconnect_by_func (tkr_campaign_get_links (self->campaign),
                                            links_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->campaign, encounter_changed_cb, self);
    }
  tkr_sync_session_stop_publishing (self);
  g_set_object (&self->campaign, campaign);
  if (self->campaign != NULL)
    {
      g_signal_connect_swapped (tkr_campaign_get_links (self->campaign), "items-changed",
                                G_CALLBACK (links_changed_cb), self);
      g_signal_connect_swapped (self->campaign, "notify::encounter",
                                G_CALLBACK (encounter_changed_cb), self);
    }
  links_changed_cb (self);
}

static void
document_changed_cb (TkrSyncSession *self)
{
  TkrDocument *document = tkr_window_get_document (TKR_WINDOW (self->window));

  if (self->document != document)
    {
      if (self->document != NULL)
        g_signal_handlers_disconnect_by_func (self->document, document_conflict_cb, self);
      g_set_object (&self->document, document);
      if (self->document != NULL)
        g_signal_connect_swapped (self->document, "notify::conflict",
                                  G_CALLBACK (document_conflict_cb), self);
    }
  set_campaign (self, self->document != NULL ? tkr_document_get_campaign (self->document) : NULL);
}

/* Actions */

static GtkFileChooserNative *
chooser_new (TkrSyncSession *self,
             const char *title,
             GtkFileChooserAction action,
             const char *accept)
{
  return gtk_file_chooser_native_new (title, self->window, action, accept, _ ("_Cancel"));
}

static void
add_filter (GtkFileChooserNative *chooser, const char *name, const char *suffix)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_suffix (filter, suffix);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
}

static TkrCharacter *
selected_pc (TkrSyncSession *self)
{
  TkrCharacter *character;

  if (!TKR_IS_WINDOW (self->window) || self->campaign == NULL)
    return NULL;
  character = tkr_roster_get_selected_character (tkr_window_get_roster (TKR_WINDOW (self->window)));
  return character != NULL && tkr_character_is_pc (character) ? character : NULL;
}

static void
unref_pc (gpointer pc, GClosure *closure)
{
  g_object_unref (pc);
}

/* The chooser answers for the party member chosen when it opened; the
 * session is its window's. */
static void
link_chosen_cb (GtkNativeDialog *chooser, int response, TkrCharacter *pc)
{
  TkrSyncSession *self =
    tkr_sync_session_get_for_window (gtk_native_dialog_get_transient_for (chooser));
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL && self != NULL && !tkr_sync_session_link_sheet (self, pc, file, &error))
    toast (self, error->message);
  g_object_unref (chooser);
}

static void
link_sheet_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  TkrSyncSession *self = data;
  TkrCharacter *pc = selected_pc (self);
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;

  if (pc == NULL)
    {
      toast (self, _ ("Choose a party member to link to a sheet file"));
      return;
    }
  /* Translators: the title of the file chooser that links a PC */
  chooser =
    chooser_new (self, _ ("Link Sheet to a File"), GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Link"));
  add_filter (chooser, _ ("Characters"), "tkcharacter");
  name = g_strdup_printf ("%s.tkcharacter", tkr_character_get_name (pc));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_data (chooser, "response", G_CALLBACK (link_chosen_cb), g_object_ref (pc),
                         unref_pc, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
unlink_sheet_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  TkrSyncSession *self = data;
  TkrCharacter *pc = selected_pc (self);
  g_autoptr (GError) error = NULL;

  if (pc == NULL || !tkr_campaign_unlink_sheet (self->campaign, pc, &error))
    toast (self, error != NULL ? error->message : _ ("Choose a linked party member"));
}

static void
publish_chosen_cb (GtkNativeDialog *chooser, int response, TkrSyncSession *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    tkr_sync_session_publish_table (self, file);
  g_object_unref (chooser);
}

static void
publish_table_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  TkrSyncSession *self = data;
  GtkFileChooserNative *chooser;

  if (self->campaign == NULL)
    return;
  /* Translators: the title of the file chooser for the table file */
  chooser =
    chooser_new (self, _ ("Publish the Table"), GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Publish"));
  add_filter (chooser, _ ("Table Files"), "tktable");
  /* Translators: the table file's usual name; keep the extension */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _ ("Table.tktable"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (publish_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
stop_publishing_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  tkr_sync_session_stop_publishing (data);
}

static void
follow_chosen_cb (GtkNativeDialog *chooser, int response, TkrSyncSession *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    gtk_window_present (
      GTK_WINDOW (tkr_follow_window_new (gtk_window_get_application (self->window), file)));
  g_object_unref (chooser);
}

static void
follow_table_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  TkrSyncSession *self = data;
  GtkFileChooserNative *chooser;

  /* Translators: the title of the file chooser that opens a table file */
  chooser = chooser_new (self, _ ("Follow a Table"), GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Follow"));
  add_filter (chooser, _ ("Table Files"), "tktable");
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (follow_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static const GActionEntry action_entries[] = {
  { "link-sheet", link_sheet_activated },       { "unlink-sheet", unlink_sheet_activated },
  { "publish-table", publish_table_activated }, { "stop-publishing", stop_publishing_activated },
  { "follow-table", follow_table_activated },
};

static void
update_actions (TkrSyncSession *self)
{
  GAction *stop = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "stop-publishing");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (stop), self->publisher != NULL);
}

/* Public */

GListModel *
tkr_sync_session_get_sheets (TkrSyncSession *self)
{
  g_return_val_if_fail (TKR_IS_SYNC_SESSION (self), NULL);
  return G_LIST_MODEL (self->sheets);
}

TkrSheetSync *
tkr_sync_session_find_sheet (TkrSyncSession *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_SYNC_SESSION (self), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->sheets)); i++)
    {
      g_autoptr (TkrSheetSync) sheet = g_list_model_get_item (G_LIST_MODEL (self->sheets), i);

      if (tkr_sheet_sync_get_character (sheet) == character)
        return sheet;
    }
  return NULL;
}

gboolean
tkr_sync_session_link_sheet (TkrSyncSession *self, TkrCharacter *pc, GFile *file, GError **error)
{
  g_autoptr (GFile) folder = NULL;

  g_return_val_if_fail (TKR_IS_SYNC_SESSION (self), FALSE);

  if (self->campaign == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _ ("Only a campaign links sheets"));
      return FALSE;
    }
  folder = campaign_folder (self);
  return tkr_campaign_link_sheet (self->campaign, pc, file, folder, error);
}

void
tkr_sync_session_publish_table (TkrSyncSession *self, GFile *file)
{
  g_return_if_fail (TKR_IS_SYNC_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->campaign == NULL)
    return;
  g_clear_object (&self->publisher);
  self->publisher = tkr_table_publisher_new (tkr_campaign_get_encounter (self->campaign), file);
  if (self->settings != NULL)
    {
      g_autofree char *mode = g_settings_get_string (self->settings, "player-npc-health");
      tkr_table_publisher_set_npc_health (self->publisher, mode);
    }
  tkr_table_publisher_publish (self->publisher);
  update_actions (self);
}

void
tkr_sync_session_stop_publishing (TkrSyncSession *self)
{
  g_return_if_fail (TKR_IS_SYNC_SESSION (self));

  g_clear_object (&self->publisher);
  if (self->actions != NULL)
    update_actions (self);
}

TkrTablePublisher *
tkr_sync_session_get_publisher (TkrSyncSession *self)
{
  g_return_val_if_fail (TKR_IS_SYNC_SESSION (self), NULL);
  return self->publisher;
}

AdwMessageDialog *
tkr_sync_session_get_conflict_dialog (TkrSyncSession *self)
{
  g_return_val_if_fail (TKR_IS_SYNC_SESSION (self), NULL);
  return self->conflict_dialog;
}

static void
npc_health_changed_cb (TkrSyncSession *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "player-npc-health");

  if (self->publisher != NULL)
    tkr_table_publisher_set_npc_health (self->publisher, mode);
}

/* The campaign's encounter changes with its rule system: the table
 * follows the new one. */
static void
encounter_changed_cb (TkrSyncSession *self)
{
  g_autoptr (GFile) file = NULL;

  if (self->publisher == NULL)
    return;
  file = g_object_ref (tkr_table_publisher_get_file (self->publisher));
  tkr_sync_session_publish_table (self, file);
}

void
tkr_sync_session_detach (TkrSyncSession *self)
{
  g_return_if_fail (TKR_IS_SYNC_SESSION (self));

  g_clear_handle_id (&self->follow_retry_id, g_source_remove);
  if (self->conflict_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->conflict_dialog));
  set_campaign (self, NULL);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, document_conflict_cb, self);
  g_clear_object (&self->document);
  self->window = NULL;
}

TkrSyncSession *
tkr_sync_session_attach (GtkWindow *window)
{
  TkrSyncSession *self;

  g_return_val_if_fail (TKR_IS_WINDOW (window), NULL);

  self = tkr_sync_session_get_for_window (window);
  if (self != NULL)
    return self;
  self = g_object_new (TKR_TYPE_SYNC_SESSION, NULL);
  self->window = window;
  self->settings = tkr_settings_new_if_installed ();
  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::player-npc-health",
                             G_CALLBACK (npc_health_changed_cb), self, G_CONNECT_SWAPPED);
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), action_entries,
                                   G_N_ELEMENTS (action_entries), self);
  update_actions (self);
  gtk_widget_insert_action_group (GTK_WIDGET (window), "sync", G_ACTION_GROUP (self->actions));
  /* The window keeps it for its life and detaches it when it goes. */
  tkr_window_set_sync_session (TKR_WINDOW (window), self);
  g_object_unref (self);
  g_signal_connect_object (window, "notify::document", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  document_changed_cb (self);
  return self;
}

TkrSyncSession *
tkr_sync_session_get_for_window (GtkWindow *window)
{
  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  return TKR_IS_WINDOW (window) ? tkr_window_get_sync_session (TKR_WINDOW (window)) : NULL;
}

static void
tkr_sync_session_dispose (GObject *object)
{
  TkrSyncSession *self = TKR_SYNC_SESSION (object);

  g_clear_object (&self->publisher);
  g_clear_object (&self->conflict_sheet);
  if (self->sheets != NULL)
    clear_sheets (self);
  g_clear_object (&self->sheets);
  g_clear_object (&self->campaign);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->actions);
  G_OBJECT_CLASS (tkr_sync_session_parent_class)->dispose (object);
}

static void
tkr_sync_session_class_init (TkrSyncSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tkr_sync_session_dispose;
}

static void
tkr_sync_session_init (TkrSyncSession *self)
{
  self->sheets = g_list_store_new (TKR_TYPE_SHEET_SYNC);
}
