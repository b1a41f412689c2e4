/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tkr-application.h"
#include "tkr-command-palette.h"
#include "tkr-encounter-page.h"
#include "tkr-file.h"
#include "tkr-first-frame.h"
#include "tkr-keymap.h"
#include "tkr-loading-page.h"
#include "tkr-player-window.h"
#include "tkr-print-job.h"
#include "tkr-scroll-guard.h"
#include "tkr-table-tracker.h"
#include "tkr-window.h"
#include "tkr-follow-window.h"
#include "tkr-sync-session.h"
#include "tkr-switcher-title.h"
#include "tkr-import-actions.h"
#include "tkr-import-dialog.h"

#define CAMPAIGN_MIME_TYPE "application/x-turnkeeper-campaign"
#define CHARACTER_MIME_TYPE "application/x-turnkeeper-character"

struct _TkrWindow
{
  AdwApplicationWindow parent_instance;

  TkrDocument *document;
  GSettings *settings;
  GCancellable *load_cancellable;
  /* The error page hides the document: nothing acts on it meanwhile. */
  gboolean error_shown;
  GSignalGroup *history_signals;
  GSignalGroup *document_signals;
  gboolean closing_without_saving;
  GtkEventController *shortcuts; /* the encounter's keys, from the keymap */
  TkrLoadingPage *loading_page;  /* a large file opening: its progress */

  AdwToastOverlay *toast_overlay;
  GtkStack *main_stack;
  AdwLeaflet *leaflet;
  TkrRoster *roster;
  GtkWidget *sidebar_separator;
  GtkRevealer *conflict_revealer;
  GtkWidget *roster_button;
  gboolean roster_visible; /* "roster-visible": win.roster-visible, bound to the setting */
  GtkWidget *content_box;
  AdwHeaderBar *content_header;
  TkrSwitcherTitle *switcher_title;
  AdwViewSwitcherBar *switcher_bar; /* its stack set when it first shows */
  GtkWidget *back_button;
  GtkMenuButton *content_menu_button;
  GtkMenuButton *dice_button;
  TkrDicePopover *dice_popover;
  AdwViewStack *view_stack;
  GtkStack *sheet_stack;
  AdwBin *sheet_bin;
  TkrCharacterSheet *sheet; /* built when first needed: ensure_sheet () */
  AdwViewStackPage *encounter_page;
  AdwBin *encounter_bin;
  TkrEncounterPage *encounter_view; /* built when first needed: ensure_encounter_view () */
  AdwStatusPage *error_page;
  GtkExpander *error_details;
  GtkLabel *error_detail_label;
  TkrSyncSession *sync_session; /* linked sheets and the table file */
};

G_DEFINE_FINAL_TYPE (TkrWindow, tkr_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_ROSTER_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TkrCampaign *build_demo_campaign (const char *demo);

/* Toast titles are Pango markup: names and error messages are escaped so
 * an "&" in them shows as itself. */
static AdwToast *toast_new_printf (const char *format, ...) G_GNUC_PRINTF (1, 2);

static AdwToast *
toast_new_printf (const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  escaped = g_markup_escape_text (text, -1);
  return adw_toast_new (escaped);
}

/* State */

/* The first frame first (README, "Performance"): the window
 * opens on the roster and an empty page, so the character sheet and the
 * Encounter page, each a large tree of widgets, are built the first time
 * something shows or needs them, and get the document then. */

static TkrCampaign *get_campaign (TkrWindow *self);
static gboolean is_sheet_mode (TkrWindow *self);

static TkrCharacterSheet *
ensure_sheet (TkrWindow *self)
{
  if (self->sheet != NULL)
    return self->sheet;
  self->sheet = TKR_CHARACTER_SHEET (tkr_character_sheet_new ());
  adw_bin_set_child (self->sheet_bin, GTK_WIDGET (self->sheet));
  tkr_character_sheet_set_campaign (self->sheet, get_campaign (self));
  tkr_character_sheet_set_chooses_rule_system (self->sheet, is_sheet_mode (self));
  g_object_bind_property (self->roster, "selected-character", self->sheet, "character",
                          G_BINDING_SYNC_CREATE);
  return self->sheet;
}

static TkrEncounterPage *
ensure_encounter_view (TkrWindow *self)
{
  if (self->encounter_view != NULL)
    return self->encounter_view;
  self->encounter_view = TKR_ENCOUNTER_PAGE (tkr_encounter_page_new ());
  adw_bin_set_child (self->encounter_bin, GTK_WIDGET (self->encounter_view));
  tkr_encounter_page_set_campaign (self->encounter_view, get_campaign (self));
  tkr_encounter_page_set_journal (self->encounter_view,
                                  self->document != NULL ? tkr_document_get_journal (self->document)
                                                         : NULL);
  return self->encounter_view;
}

static void
visible_page_changed_cb (TkrWindow *self)
{
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "encounter") == 0)
    ensure_encounter_view (self);
}

static gboolean
is_sheet_mode (TkrWindow *self)
{
  return self->document != NULL &&
         tkr_document_get_kind (self->document) == TKR_DOCUMENT_KIND_CHARACTER;
}

static TkrCampaign *
get_campaign (TkrWindow *self)
{
  return self->document != NULL ? tkr_document_get_campaign (self->document) : NULL;
}

static TkrHistory *
get_history (TkrWindow *self)
{
  TkrCampaign *campaign = get_campaign (self);

  return campaign != NULL ? tkr_campaign_get_history (campaign) : NULL;
}

static TkrRules *
rules_for_new_campaign (TkrWindow *self)
{
  g_autofree char *system = NULL;
  TkrRules *rules;

  if (self->settings != NULL)
    system = g_settings_get_string (self->settings, "default-rule-system");
  if (system == NULL || g_strcmp0 (system, tkr_rules_get_id (tkr_rules_get_default ())) == 0)
    return g_object_ref (tkr_rules_get_default ());
  rules = tkr_rules_new_from_resource (system, NULL);
  return rules != NULL ? rules : g_object_ref (tkr_rules_get_default ());
}

static void
update_history_actions (TkrWindow *self)
{
  TkrHistory *history = get_history (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 !self->error_shown && history != NULL &&
                                   tkr_history_can_undo (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 !self->error_shown && history != NULL &&
                                   tkr_history_can_redo (history));
}

/* An undo toast: the window and the serial of the step it offers back. */
typedef struct
{
  TkrWindow *window;
  guint serial;
} UndoToast;

static void
undo_toast_free (gpointer data, GClosure *closure)
{
  g_free (data);
}

static void
undo_toast_clicked_cb (AdwToast *toast, UndoToast *undo)
{
  TkrHistory *history = get_history (undo->window);
  guint serial = undo->serial;

  /* Undo only what the toast is about: if anything was done since, the
   * toast's step is no longer the newest and Ctrl+Z is the way back. */
  if (history != NULL && tkr_history_get_undo_serial (history) == serial)
    tkr_history_undo (history);
}

/* Whatever takes something away (removing an ability, a zone, leaving the
 * encounter, the end of an Episode) is offered back in a toast. */
static void
history_committed_cb (TkrWindow *self, const char *label, TkrHistory *history)
{
  g_autoptr (AdwToast) toast = NULL;
  UndoToast *undo;
  GClosure *closure;

  if (!tkr_history_peek_undo_destructive (history))
    return;

  toast = toast_new_printf ("%s", label != NULL ? label : "");
  adw_toast_set_button_label (toast, _ ("_Undo"));
  undo = g_new0 (UndoToast, 1);
  undo->window = self;
  undo->serial = tkr_history_get_undo_serial (history);
  /* Like g_signal_connect_object: the handler goes with the window. */
  closure = g_cclosure_new (G_CALLBACK (undo_toast_clicked_cb), undo, undo_toast_free);
  g_object_watch_closure (G_OBJECT (self), closure);
  g_signal_connect_closure (toast, "button-clicked", closure, FALSE);
  tkr_window_add_toast (self, g_steal_pointer (&toast));
}

static void
update_title (TkrWindow *self)
{
  const char *title = self->document != NULL ? tkr_document_get_title (self->document) : NULL;
  g_autofree char *window_title = NULL;

  if (title == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _ ("Turnkeeper"));
      tkr_switcher_title_set_title (self->switcher_title, _ ("Turnkeeper"));
      return;
    }
  /* Translators: the window title, %s is the document's name */
  window_title = g_strdup_printf (_ ("%s — Turnkeeper"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  tkr_switcher_title_set_title (self->switcher_title, title);
  tkr_roster_set_subtitle (self->roster, title);
  tkr_switcher_title_set_subtitle (self->switcher_title,
                                   is_sheet_mode (self) ? _ ("Character Sheet") : NULL);
}

/* The roster shows beside the page unless the GM hid it (F9, remembered)
 * or the file is one player's sheet; a folded window needs it to
 * navigate, so there it always shows. */
static void update_title_buttons (TkrWindow *self);

static void
update_roster_visible (TkrWindow *self)
{
  gboolean sheet_mode = is_sheet_mode (self);
  gboolean folded = adw_leaflet_get_folded (self->leaflet);
  gboolean wanted = self->roster_visible;

  gtk_widget_set_visible (GTK_WIDGET (self->roster), !sheet_mode && (wanted || folded));
  gtk_widget_set_visible (self->sidebar_separator, !sheet_mode && wanted);
  gtk_widget_set_visible (self->roster_button, !sheet_mode && !folded);
  update_title_buttons (self);
}

static void
update_title_buttons (TkrWindow *self)
{
  gboolean folded = adw_leaflet_get_folded (self->leaflet);
  gboolean sheet_mode = is_sheet_mode (self);

  gtk_widget_set_visible (self->back_button, folded && !sheet_mode);
  adw_header_bar_set_show_end_title_buttons (tkr_roster_get_header_bar (self->roster), folded);
  adw_header_bar_set_show_start_title_buttons (
    self->content_header,
    folded || sheet_mode || !gtk_widget_get_visible (GTK_WIDGET (self->roster)));
  gtk_widget_set_visible (GTK_WIDGET (self->content_menu_button), sheet_mode);
}

static void
update_selection_actions (TkrWindow *self)
{
  gboolean sheet_mode = is_sheet_mode (self);
  gboolean campaign = !sheet_mode && !self->error_shown;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-character",
                                 !self->error_shown &&
                                   tkr_roster_get_selected_character (self->roster) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-pc", campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-npc", campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-character", campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-encounter", campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.player-view", campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.search", campaign);
  tkr_import_update_actions (self, campaign);
}

static void
selected_character_changed_cb (TkrWindow *self)
{
  TkrCharacter *character = tkr_roster_get_selected_character (self->roster);

  if (character != NULL)
    ensure_sheet (self);
  gtk_stack_set_visible_child_name (self->sheet_stack, character != NULL ? "sheet" : "empty");
  update_selection_actions (self);
}

static void
show_content (TkrWindow *self)
{
  adw_leaflet_set_visible_child (self->leaflet, self->content_box);
}

static void
character_activated_cb (TkrWindow *self, TkrCharacter *character)
{
  adw_view_stack_set_visible_child_name (self->view_stack, "sheet");
  show_content (self);
}

static void
back_clicked_cb (TkrWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

static void
autosave_failed_cb (TkrWindow *self, const GError *error)
{
  g_autoptr (AdwToast) toast = toast_new_printf (_ ("Could not save: %s"), error->message);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  tkr_window_add_toast (self, g_steal_pointer (&toast));
}

/* Files */

static void
add_filters (GtkFileChooser *chooser, gboolean campaigns, gboolean characters)
{
  if (campaigns && characters)
    {
      g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

      gtk_file_filter_set_name (all, _ ("Turnkeeper Files"));
      gtk_file_filter_add_mime_type (all, CAMPAIGN_MIME_TYPE);
      gtk_file_filter_add_mime_type (all, CHARACTER_MIME_TYPE);
      gtk_file_filter_add_suffix (all, "tkcampaign");
      gtk_file_filter_add_suffix (all, "tkcharacter");
      /* A table file a GM publishes (help/C/sync.page). */
      gtk_file_filter_add_suffix (all, "tktable");
      gtk_file_chooser_add_filter (chooser, all);
    }
  if (campaigns)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _ ("Campaigns"));
      gtk_file_filter_add_mime_type (filter, CAMPAIGN_MIME_TYPE);
      gtk_file_filter_add_suffix (filter, "tkcampaign");
      gtk_file_chooser_add_filter (chooser, filter);
    }
  if (characters)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _ ("Characters"));
      gtk_file_filter_add_mime_type (filter, CHARACTER_MIME_TYPE);
      gtk_file_filter_add_suffix (filter, "tkcharacter");
      gtk_file_chooser_add_filter (chooser, filter);
    }
}

/* A name typed without the extension still gets one, so the file opens
 * as what it is. */
static GFile *
with_extension (GFile *file, const char *extension)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = NULL;
  g_autoptr (GFile) parent = NULL;

  if (basename == NULL || g_str_has_suffix (basename, extension))
    return g_object_ref (file);
  parent = g_file_get_parent (file);
  name = g_strconcat (basename, extension, NULL);
  return parent != NULL ? g_file_get_child (parent, name) : g_object_ref (file);
}

static GtkFileChooserNative *
file_chooser_new (TkrWindow *self,
                  const char *title,
                  GtkFileChooserAction action,
                  const char *accept)
{
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _ ("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  return native;
}

static void show_main_page (TkrWindow *self, gboolean error_shown);
static void show_opening_page (TkrWindow *self, GFile *file);

static void
show_error_page (TkrWindow *self, GFile *file, const GError *error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (basename != NULL ? basename : "");
  g_autofree char *title = g_strdup_printf (_ ("Could not open “%s”"), name);
  g_autofree char *location = g_file_get_parse_name (file);
  g_autofree char *where = NULL;
  g_autofree char *description = NULL;

  g_autofree char *detail = NULL;
  g_autofree char *summary = tkr_file_error_get_summary (error, &detail);

  adw_status_page_set_title (self->error_page, title);
  /* Translators: after why a file did not open; %s is where it is */
  where = g_strdup_printf (_ ("The file was left as it was, at %s."), location);
  /* The description is markup; a parse error may quote a "<". The
   * technical detail (the parser's words) waits behind "Details"
   * (help/C/files-and-backups.page, "When a file cannot be opened"). */
  description = g_markup_printf_escaped ("%s\n\n%s", summary, where);
  adw_status_page_set_description (self->error_page, description);
  gtk_label_set_text (self->error_detail_label, detail != NULL ? detail : "");
  gtk_expander_set_expanded (self->error_details, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->error_details), detail != NULL);
  show_main_page (self, TRUE);
}

static void
error_back_clicked_cb (TkrWindow *self)
{
  show_main_page (self, FALSE);
}

typedef struct
{
  TkrWindow *window;
  GFile *file;
  GCancellable *cancellable;
  TkrDocument *document; /* opened, to show */
  gboolean started;      /* reading, after the first frame */
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_clear_object (&data->window);
  g_clear_object (&data->file);
  g_clear_object (&data->cancellable);
  g_clear_object (&data->document);
  g_free (data);
}

/* The loading page: shown at a large file's first progress, for the load
 * still running (help/C/files-and-backups.page). */
typedef struct
{
  TkrWindow *window;
  GFile *file;
  GCancellable *cancellable;
} LoadProgress;

static void
load_progress_free (LoadProgress *progress)
{
  g_clear_object (&progress->window);
  g_clear_object (&progress->file);
  g_clear_object (&progress->cancellable);
  g_free (progress);
}

static void loading_cancelled_cb (TkrWindow *self);

/* Built when a large file first shows it (README, "Performance"). */
static TkrLoadingPage *
ensure_loading_page (TkrWindow *self)
{
  if (self->loading_page != NULL)
    return self->loading_page;
  self->loading_page = TKR_LOADING_PAGE (tkr_loading_page_new ());
  gtk_stack_add_named (self->main_stack, GTK_WIDGET (self->loading_page), "loading");
  g_signal_connect_object (self->loading_page, "cancelled", G_CALLBACK (loading_cancelled_cb), self,
                           G_CONNECT_SWAPPED);
  return self->loading_page;
}

static gboolean
loading_page_shown (TkrWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "loading") == 0;
}

static void
load_progress_cb (double fraction, gpointer user_data)
{
  LoadProgress *progress = user_data;
  TkrWindow *self = progress->window;

  if (progress->cancellable != self->load_cancellable ||
      g_cancellable_is_cancelled (progress->cancellable))
    return;
  if (!loading_page_shown (self))
    {
      tkr_loading_page_start (ensure_loading_page (self), progress->file);
      /* As the error page: the document behind takes no commands. */
      show_main_page (self, TRUE);
      gtk_stack_set_visible_child_name (self->main_stack, "loading");
    }
  tkr_loading_page_set_fraction (self->loading_page, fraction);
}

static void
loading_cancelled_cb (TkrWindow *self)
{
  g_cancellable_cancel (self->load_cancellable);
  show_main_page (self, FALSE);
}

static void
show_loaded_document (GtkWidget *widget, gpointer user_data)
{
  LoadData *data = user_data;
  TkrWindow *self = TKR_WINDOW (widget);

  /* Cancelled, or another file asked for, while it waited: dropped. */
  if (data->cancellable != self->load_cancellable || g_cancellable_is_cancelled (data->cancellable))
    return;
  tkr_window_set_document (self, data->document);
  if (!tkr_document_is_untitled (data->document))
    add_recent (data->file);
  show_main_page (self, FALSE);
}

static void
document_loaded_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LoadData *data = user_data;
  TkrWindow *self = data->window;
  g_autoptr (GError) error = NULL;

  data->document = tkr_document_load_finish (result, &error);
  if (data->document == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error_page (self, data->file, error);
      load_data_free (data);
      return;
    }

  /* Shown after the window's first frame (see load_file). */
  tkr_after_first_frame (GTK_WIDGET (self), show_loaded_document, data,
                         (GDestroyNotify) load_data_free);
}

static void
start_load (GtkWidget *widget, gpointer user_data)
{
  LoadData *data = user_data;
  LoadProgress *progress;

  /* Cancelled, or another file asked for, before it started: dropped
   * (load_data_free_unstarted). */
  if (g_cancellable_is_cancelled (data->cancellable))
    return;
  /* From here the load owns @data. */
  data->started = TRUE;
  progress = g_new0 (LoadProgress, 1);
  progress->window = g_object_ref (data->window);
  progress->file = g_object_ref (data->file);
  progress->cancellable = g_object_ref (data->cancellable);
  tkr_document_load_with_progress_async (data->file, load_progress_cb, progress,
                                         (GDestroyNotify) load_progress_free, data->cancellable,
                                         document_loaded_cb, data);
}

static void
load_data_free_unstarted (gpointer user_data)
{
  LoadData *data = user_data;

  if (!data->started)
    load_data_free (data);
}

static void
load_file (TkrWindow *self, GFile *file)
{
  LoadData *data = g_new0 (LoadData, 1);

  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();

  data->window = g_object_ref (self);
  data->file = g_object_ref (file);
  data->cancellable = g_object_ref (self->load_cancellable);
  /* The first frame first (README, "Performance"): a file opened as the
   * window starts is read once the window has painted its first frame,
   * and fills in then; any other starts at once. */
  if (tkr_first_frame_pending (GTK_WIDGET (self)))
    show_opening_page (self, file);
  tkr_after_first_frame (GTK_WIDGET (self), start_load, data, load_data_free_unstarted);
}

static void
open_response_cb (GtkNativeDialog *native, int response, TkrWindow *self)
{
  g_autoptr (GFile) file = NULL;
  GtkApplication *application;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_object_unref (native);
  if (file == NULL)
    return;
  /* Another tool's export goes to the import preview, into this campaign
   * (help/C/import.page). */
  if (tkr_import_is_candidate (file))
    {
      tkr_import_into_window (self, file);
      return;
    }
  /* The GM's table file: followed in a window of its own
   * (help/C/sync.page). */
  if (tkr_table_file_is_candidate (file))
    {
      gtk_window_present (
        GTK_WINDOW (tkr_follow_window_new (gtk_window_get_application (GTK_WINDOW (self)), file)));
      return;
    }

  /* A window that has it open already comes forward; an untouched
   * untitled window takes the file; otherwise it gets a window of its
   * own. */
  application = gtk_window_get_application (GTK_WINDOW (self));
  if (TKR_IS_APPLICATION (application) &&
      tkr_application_present_file (TKR_APPLICATION (application), file))
    return;
  if (application != NULL && !tkr_document_is_pristine (self->document))
    g_application_open (G_APPLICATION (application), &file, 1, "");
  else
    tkr_window_open (self, file);
}

static void
open_recent_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (TKR_IS_APPLICATION (application) &&
      tkr_application_present_file (TKR_APPLICATION (application), file))
    return;
  if (application != NULL && !tkr_document_is_pristine (self->document))
    g_application_open (G_APPLICATION (application), &file, 1, "");
  else
    tkr_window_open (self, file);
}

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);
  GtkFileChooserNative *native =
    file_chooser_new (self, _ ("Open"), GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"));

  add_filters (GTK_FILE_CHOOSER (native), TRUE, TRUE);
  g_signal_connect (native, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
document_saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (TkrWindow) self = user_data;
  TkrDocument *document = TKR_DOCUMENT (source);
  g_autoptr (GError) error = NULL;

  if (!tkr_document_save_finish (document, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        autosave_failed_cb (self, error);
      return;
    }
  if (tkr_document_get_file (document) != NULL)
    add_recent (tkr_document_get_file (document));
}

static void
save_as_response_cb (GtkNativeDialog *native, int response, TkrWindow *self)
{
  g_autoptr (GFile) chosen = NULL;
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_object_unref (native);
  if (chosen == NULL || self->document == NULL)
    return;

  file = with_extension (chosen, is_sheet_mode (self) ? ".tkcharacter" : ".tkcampaign");
  tkr_document_save_async (self->document, file, NULL, document_saved_cb, g_object_ref (self));
}

/* Outside changes (help/C/files-and-backups.page): the banner shows while
 * the document is in conflict with its file. */
static void
update_conflict (TkrWindow *self)
{
  gboolean conflict = self->document != NULL && tkr_document_get_conflict (self->document);

  if (conflict)
    gtk_widget_set_visible (gtk_revealer_get_child (self->conflict_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->conflict_revealer, conflict);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.keep-mine",
                                 !self->error_shown && conflict);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reload",
                                 !self->error_shown && self->document != NULL &&
                                   tkr_document_get_file (self->document) != NULL);
}

/* The actions that act on the document and are enabled by nothing else. */
static const char *const document_actions[] = {
  "win.save",
  "win.save-as",
  "win.show-sheet",
  "win.print-sheet",
  "win.print-initiative-cards",
  "win.print-zone-cards",
  "win.command-palette",
};

/* Issue 13: while the error page showed, shortcuts acted on the hidden
 * document behind it, and autosave wrote it. Now the page that shows is
 * the one the keys and menus act on. */
static void
show_page (TkrWindow *self, const char *name)
{
  gboolean covered = g_strcmp0 (name, "document") != 0;

  self->error_shown = covered;
  for (guint i = 0; i < G_N_ELEMENTS (document_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), document_actions[i], !covered);
  update_history_actions (self);
  update_selection_actions (self);
  update_conflict (self);
  gtk_widget_set_visible (gtk_stack_get_child_by_name (self->main_stack, name), TRUE);
  gtk_stack_set_visible_child_name (self->main_stack, name);
}

static void
show_main_page (TkrWindow *self, gboolean error_shown)
{
  show_page (self, error_shown ? "error" : "document");
}

/* A file opened as the window starts is read after the window's first
 * frame (load_file): until it fills in, the window shows the file's name
 * over an empty page rather than the untitled campaign behind it, and the
 * keys act on nothing. A large file's loading page takes its place at its
 * first progress. */
static void
show_opening_page (TkrWindow *self, GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (basename != NULL ? basename : "");
  GtkWidget *page = gtk_stack_get_child_by_name (self->main_stack, "opening");
  GtkWidget *header;

  if (page == NULL)
    {
      page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      header = adw_header_bar_new ();
      adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new ("", NULL));
      gtk_box_append (GTK_BOX (page), header);
      gtk_stack_add_named (self->main_stack, page, "opening");
    }
  header = gtk_widget_get_first_child (page);
  adw_window_title_set_title (
    ADW_WINDOW_TITLE (adw_header_bar_get_title_widget (ADW_HEADER_BAR (header))), name);
  /* Translators: under a file's name while it opens */
  adw_window_title_set_subtitle (
    ADW_WINDOW_TITLE (adw_header_bar_get_title_widget (ADW_HEADER_BAR (header))), _ ("Opening…"));
  show_page (self, "opening");
}

static void
keep_mine_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);

  if (self->document != NULL)
    tkr_document_keep_mine (self->document);
}

/* The file as it is on disk now, in this window; what this window had
 * and had not saved is dropped, as the person asked. */
static void
reload_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);
  GFile *file = self->document != NULL ? tkr_document_get_file (self->document) : NULL;

  if (file == NULL)
    return;
  tkr_document_discard_changes (self->document);
  load_file (self, file);
}

static void
save_as_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);
  gboolean sheet_mode = is_sheet_mode (self);
  GtkFileChooserNative *native;
  GFile *current;

  if (self->document == NULL)
    return;

  native = file_chooser_new (self, sheet_mode ? _ ("Save Character") : _ ("Save Campaign"),
                             GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"));
  add_filters (GTK_FILE_CHOOSER (native), !sheet_mode, sheet_mode);
  current = tkr_document_get_file (self->document);
  if (current != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), current, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native),
                                       /* Translators: a file name, keep the extension */
                                       _ ("Campaign.tkcampaign"));
  g_signal_connect (native, "response", G_CALLBACK (save_as_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);

  if (self->document == NULL)
    return;
  if (tkr_document_is_untitled (self->document))
    {
      save_as_action (widget, action_name, parameter);
      return;
    }
  tkr_document_save_async (self->document, NULL, NULL, document_saved_cb, g_object_ref (self));
}

static void
character_imported_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (TkrWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) loaded = NULL;
  TkrCampaign *campaign = get_campaign (self);
  TkrCharacter *character;

  loaded = tkr_character_load_finish (result, &error);
  if (loaded == NULL)
    {
      g_autoptr (AdwToast) toast =
        toast_new_printf (_ ("Could not import the character: %s"), error->message);

      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      tkr_window_add_toast (self, g_steal_pointer (&toast));
      return;
    }
  if (campaign == NULL)
    return;

  character = tkr_campaign_import_character (campaign, loaded);
  tkr_roster_set_selected_character (self->roster, character);
  character_activated_cb (self, character);
  tkr_window_add_toast (
    self, toast_new_printf (_ ("“%s” joins the party"), tkr_character_get_name (character)));
}

static void
import_response_cb (GtkNativeDialog *native, int response, TkrWindow *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_object_unref (native);
  if (file == NULL)
    return;
  tkr_character_load_async (file, NULL, character_imported_cb, g_object_ref (self));
}

static void
import_character_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);
  GtkFileChooserNative *native =
    file_chooser_new (self, _ ("Import Character"), GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Import"));

  add_filters (GTK_FILE_CHOOSER (native), FALSE, TRUE);
  g_signal_connect (native, "response", G_CALLBACK (import_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
character_exported_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (TkrWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  TkrCharacter *character = TKR_CHARACTER (source);

  if (!tkr_character_save_finish (character, result, &error))
    {
      g_autoptr (AdwToast) toast =
        toast_new_printf (_ ("Could not export the character: %s"), error->message);

      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      tkr_window_add_toast (self, g_steal_pointer (&toast));
      return;
    }
  tkr_window_add_toast (self,
                        toast_new_printf (_ ("“%s” exported"), tkr_character_get_name (character)));
}

static void
unref_character (gpointer character, GClosure *closure)
{
  g_object_unref (character);
}

/* The chooser answers for the character chosen when it opened; its
 * window is the one it is transient for. */
static void
export_response_cb (GtkNativeDialog *native, int response, TkrCharacter *character)
{
  TkrWindow *self = TKR_WINDOW (gtk_native_dialog_get_transient_for (native));
  g_autoptr (GFile) chosen = NULL;
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (chosen != NULL)
    {
      file = with_extension (chosen, ".tkcharacter");
      tkr_character_save_async (character, file, NULL, character_exported_cb, g_object_ref (self));
    }
  g_object_unref (native);
}

static void
export_character_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);
  TkrCharacter *character = tkr_roster_get_selected_character (self->roster);
  g_autofree char *name = NULL;
  GtkFileChooserNative *native;

  if (character == NULL)
    return;

  native =
    file_chooser_new (self, _ ("Export Character"), GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"));
  add_filters (GTK_FILE_CHOOSER (native), FALSE, TRUE);
  name = g_strdup_printf ("%s.tkcharacter", tkr_character_get_name (character));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect_data (native, "response", G_CALLBACK (export_response_cb),
                         g_object_ref (character), unref_character, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Printing: the sheet on screen, or cards for the whole table. */

static void
print_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);
  TkrCampaign *campaign = get_campaign (self);
  TkrCharacter *character = tkr_roster_get_selected_character (self->roster);
  g_autoptr (TkrPrintJob) job = NULL;
  g_autoptr (GError) error = NULL;
  TkrPrintKind kind;

  if (campaign == NULL)
    return;

  if (g_str_equal (action_name, "win.print-sheet"))
    {
      if (character == NULL)
        {
          tkr_window_add_toast (self, toast_new_printf ("%s", _ ("Select a character to print")));
          return;
        }
      kind = TKR_PRINT_CHARACTER_SHEET;
    }
  else if (g_str_equal (action_name, "win.print-initiative-cards"))
    kind = TKR_PRINT_INITIATIVE_CARDS;
  else
    kind = TKR_PRINT_ZONE_CARDS;

  job = tkr_print_job_new (kind, campaign, character);
  /* Cards are named after the document ("Lost Mine initiative cards.pdf"). */
  if (self->document != NULL)
    tkr_print_job_set_document_title (job, tkr_document_get_title (self->document));
  if (tkr_print_job_run_dialog (job, GTK_WINDOW (self), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    tkr_window_add_toast (self, toast_new_printf (_ ("Could not print: %s"), error->message));
}

/* Other actions */

static void
undo_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrHistory *history = get_history (TKR_WINDOW (widget));

  if (history != NULL)
    tkr_history_undo (history);
}

static void
redo_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrHistory *history = get_history (TKR_WINDOW (widget));

  if (history != NULL)
    tkr_history_redo (history);
}

static void
new_character_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);

  gtk_widget_activate_action (
    GTK_WIDGET (self->roster),
    g_str_equal (action_name, "win.new-pc") ? "roster.add-pc" : "roster.add-npc", NULL);
  /* A new character's first edit is its name. */
  if (tkr_roster_get_selected_character (self->roster) != NULL)
    tkr_character_sheet_focus_name (ensure_sheet (self));
}

static void
search_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);

  adw_leaflet_set_visible_child (self->leaflet, GTK_WIDGET (self->roster));
  tkr_roster_focus_search (self->roster);
}

static void
show_page_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);

  adw_view_stack_set_visible_child_name (
    self->view_stack, g_str_equal (action_name, "win.show-sheet") ? "sheet" : "encounter");
  show_content (self);
}

static void
command_palette_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  gtk_window_present (GTK_WINDOW (tkr_command_palette_new (TKR_WINDOW (widget))));
}

/* The players' view on a second screen (help/C/player-view.page): opens
 * it, or closes it when it is open. */
static void
player_view_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);

  tkr_player_window_toggle (GTK_WINDOW (self), G_OBJECT (ensure_encounter_view (self)));
}

static void
roll_dice_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrWindow *self = TKR_WINDOW (widget);

  show_content (self);
  gtk_menu_button_popup (self->dice_button);
}

/* Closing */

static void
close_anyway_response_cb (AdwMessageDialog *dialog, const char *response, TkrWindow *self)
{
  if (g_strcmp0 (response, "close") != 0)
    return;
  self->closing_without_saving = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
tkr_window_close_request (GtkWindow *window)
{
  TkrWindow *self = TKR_WINDOW (window);
  g_autoptr (GError) error = NULL;
  GtkWidget *dialog;

  /* Whatever the autosave has not written yet is written now. */
  if (self->document != NULL && !self->closing_without_saving &&
      !tkr_document_save_sync (self->document, &error))
    {
      dialog = adw_message_dialog_new (window, _ ("Changes Could Not Be Saved"), error->message);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"),
                                        "close", _ ("_Close Without Saving"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "close",
                                                  ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      g_signal_connect_object (dialog, "response", G_CALLBACK (close_anyway_response_cb), self, 0);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }

  return FALSE;
}

/* GObject */

static void
tkr_window_dispose (GObject *object)
{
  TkrWindow *self = TKR_WINDOW (object);

  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);

  /* The content is a bound template child: the window drops it first, or
   * both would unparent it. */
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_WINDOW);
  /* Built when first needed, they went with their places. */
  self->sheet = NULL;
  self->encounter_view = NULL;
  self->dice_popover = NULL;
  self->loading_page = NULL;

  g_clear_object (&self->history_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  tkr_window_set_sync_session (self, NULL);

  G_OBJECT_CLASS (tkr_window_parent_class)->dispose (object);
}

static void
tkr_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrWindow *self = TKR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_ROSTER_VISIBLE:
      g_value_set_boolean (value, self->roster_visible);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrWindow *self = TKR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      tkr_window_set_document (self, g_value_get_object (value));
      break;
    case PROP_ROSTER_VISIBLE:
      if (self->roster_visible != g_value_get_boolean (value))
        {
          self->roster_visible = g_value_get_boolean (value);
          update_roster_visible (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_window_class_init (TkrWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tkr_window_dispose;
  object_class->get_property = tkr_window_get_property;
  object_class->set_property = tkr_window_set_property;
  window_class->close_request = tkr_window_close_request;

  /* No value changes by scrolling (help/C/first-sheet.page): from the
   * first window on, a number field anywhere in the app (this window, its
   * dialogs and popovers, every system's view) takes the mouse wheel only
   * while it has the keyboard focus; otherwise the page around it scrolls. */
  tkr_scroll_guard_install ();

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, TKR_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the characters' list shows beside the page (F9, remembered). */
  properties[PROP_ROSTER_VISIBLE] =
    g_param_spec_boolean ("roster-visible", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_install_property_action (widget_class, "win.roster-visible", "roster-visible");

  g_type_ensure (TKR_TYPE_ROSTER);
  g_type_ensure (TKR_TYPE_SWITCHER_TITLE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-window.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrWindow, name)
  CHILD (toast_overlay);
  CHILD (main_stack);
  CHILD (leaflet);
  CHILD (roster);
  CHILD (sidebar_separator);
  CHILD (conflict_revealer);
  CHILD (roster_button);
  CHILD (content_box);
  CHILD (content_header);
  CHILD (switcher_title);
  CHILD (switcher_bar);
  CHILD (back_button);
  CHILD (content_menu_button);
  CHILD (dice_button);
  CHILD (view_stack);
  CHILD (sheet_stack);
  CHILD (sheet_bin);
  CHILD (encounter_page);
  CHILD (encounter_bin);
  CHILD (error_page);
  CHILD (error_details);
  CHILD (error_detail_label);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, update_title_buttons);
  gtk_widget_class_bind_template_callback (widget_class, character_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, error_back_clicked_cb);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.new-pc", NULL, new_character_action);
  gtk_widget_class_install_action (widget_class, "win.new-npc", NULL, new_character_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.keep-mine", NULL, keep_mine_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.import-character", NULL,
                                   import_character_action);
  gtk_widget_class_install_action (widget_class, "win.export-character", NULL,
                                   export_character_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.show-sheet", NULL, show_page_action);
  gtk_widget_class_install_action (widget_class, "win.show-encounter", NULL, show_page_action);
  gtk_widget_class_install_action (widget_class, "win.roll-dice", NULL, roll_dice_action);
  gtk_widget_class_install_action (widget_class, "win.command-palette", NULL,
                                   command_palette_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.print-sheet", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.print-initiative-cards", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.print-zone-cards", NULL, print_action);
  tkr_import_install_actions (widget_class);
  gtk_widget_class_install_action (widget_class, "win.player-view", NULL, player_view_action);
}

/* GSettings "dice-mode" onto the dice popover: "type" opens it on the
 * typed Score. */
static gboolean
dice_mode_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_boolean (value, g_strcmp0 (g_variant_get_string (variant, NULL), "type") == 0);
  return TRUE;
}

/* The bottom switcher shows when the title has no room for the one at
 * the top (a narrow window): its buttons are built then. */
static void
update_switcher_bar (TkrWindow *self)
{
  if (tkr_switcher_title_get_title_visible (self->switcher_title) &&
      adw_view_switcher_bar_get_stack (self->switcher_bar) == NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, self->view_stack);
}

/* The dice popover is built when it first opens or is asked for, with
 * the rules of the window's document then and the "dice-mode" setting. */
static TkrDicePopover *
ensure_dice_popover (TkrWindow *self)
{
  TkrCampaign *campaign = get_campaign (self);

  if (self->dice_popover != NULL)
    return self->dice_popover;
  self->dice_popover = TKR_DICE_POPOVER (tkr_dice_popover_new ());
  gtk_menu_button_set_popover (self->dice_button, GTK_WIDGET (self->dice_popover));
  if (self->settings != NULL)
    g_settings_bind_with_mapping (self->settings, "dice-mode", self->dice_popover, "typing-first",
                                  G_SETTINGS_BIND_GET, dice_mode_get_mapping, NULL, NULL, NULL);
  tkr_dice_popover_set_rules (self->dice_popover,
                              campaign != NULL ? tkr_campaign_get_rules (campaign) : NULL);
  return self->dice_popover;
}

static void
dice_popup_cb (GtkMenuButton *button, gpointer user_data)
{
  ensure_dice_popover (user_data);
}

/* The encounter's keys (help/C/keyboard.page), the same in every rule
 * system and wherever the focus is in the window: the window sees them
 * first and hands them to the encounter. A key a text field uses itself
 * (Ctrl+Left, Ctrl+Right: a word back and on) is left to the field being
 * typed into. The keys come from the keymap (tkr-keymap.h), so a key
 * changed in Preferences works at once. */
static gboolean
is_window_command (const char *action)
{
  return g_str_has_prefix (action, "encounter.") || g_str_has_prefix (action, "tracker.") ||
         g_str_has_prefix (action, "end.") || g_str_equal (action, "win.command-palette");
}

/* Runs a command by its action's name wherever it lives: the encounter's
 * on the shown system's view, the tracker's on the tracker and the End's
 * on the End pane (bringing the encounter to the front), the window's
 * here. FALSE when it cannot run. */
gboolean
tkr_window_run_command (TkrWindow *self, const char *action)
{
  GtkWidget *target = GTK_WIDGET (self);

  g_return_val_if_fail (TKR_IS_WINDOW (self), FALSE);

  ensure_encounter_view (self);
  /* Rest comes after a fight: at the End its key rests the party. */
  if (g_str_equal (action, "tracker.rest") &&
      gtk_widget_get_visible (tkr_encounter_page_get_end_pane (self->encounter_view)))
    action = "end.rest";
  if (g_str_has_prefix (action, "tracker.") || g_str_has_prefix (action, "end."))
    {
      target = g_str_has_prefix (action, "end.")
                 ? tkr_encounter_page_get_end_pane (self->encounter_view)
                 : GTK_WIDGET (tkr_encounter_page_get_table_tracker (self->encounter_view));
      if (!gtk_widget_get_visible (target))
        return FALSE;
      adw_view_stack_set_visible_child_name (self->view_stack, "encounter");
      show_content (self);
    }
  else if (g_str_has_prefix (action, "encounter."))
    target = tkr_encounter_page_get_view (self->encounter_view);
  return target != NULL && gtk_widget_activate_action (target, action, NULL);
}

/* A fight key when no fight runs, or an End key before the End: said,
 * not silently dropped. */
static void
say_not_now (TkrWindow *self, const TkrKeyInfo *info)
{
  const char *why = g_str_has_prefix (info->action, "end.") ? _ ("the encounter has not ended")
                                                            : _ ("no fight is running");

  /* Translators: a command ("Dash"), then why it cannot run now */
  tkr_window_add_toast (self,
                        toast_new_printf (_ ("“%s” cannot be done now: %s"), _ (info->title), why));
}

static gboolean
encounter_shortcut_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  TkrWindow *self = TKR_WINDOW (widget);
  const TkrKeyInfo *info = tkr_keymap_get_key (GPOINTER_TO_UINT (user_data));
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (self->error_shown)
    return FALSE;
  if (info->text_uses_it && focus != NULL && (GTK_IS_TEXT (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  if (tkr_window_run_command (self, info->action))
    return TRUE;
  /* The fight's and the End's keys say why; the others (selecting a row)
   * are left to whatever else uses them outside a fight. */
  if (info->group == TKR_KEY_GROUP_FIGHT || info->group == TKR_KEY_GROUP_END)
    {
      say_not_now (self, info);
      return TRUE;
    }
  return FALSE;
}

static void
add_shortcut (GtkShortcutController *controller, const char *accelerator, guint index)
{
  GtkShortcutTrigger *trigger;

  if (accelerator == NULL || *accelerator == '\0')
    return;
  trigger = gtk_shortcut_trigger_parse_string (accelerator);
  if (trigger == NULL)
    return;
  gtk_shortcut_controller_add_shortcut (
    controller,
    gtk_shortcut_new (
      trigger, gtk_callback_action_new (encounter_shortcut_cb, GUINT_TO_POINTER (index), NULL)));
}

/* The window's shortcuts again, from the keymap. */
static void
bind_encounter_shortcuts (TkrWindow *self)
{
  TkrKeymap *keymap = tkr_keymap_get_default ();
  GtkEventController *controller = gtk_shortcut_controller_new ();

  if (self->shortcuts != NULL)
    gtk_widget_remove_controller (GTK_WIDGET (self), self->shortcuts);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < tkr_keymap_get_n_keys (); i++)
    {
      const TkrKeyInfo *info = tkr_keymap_get_key (i);
      const char *accelerator = tkr_keymap_get_accelerator (keymap, info->action);

      if (!is_window_command (info->action))
        continue;
      add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), accelerator, i);
      /* The keypad's Enter starts the fight as Enter does. */
      if (g_str_equal (info->action, "encounter.begin-main") &&
          g_str_equal (accelerator, "<Control>Return"))
        add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), "<Control>KP_Enter", i);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  self->shortcuts = controller;
}

/* The shortcuts window lists the keys as they are now. It is built when
 * first asked for (win.show-help-overlay), not for the first frame, and
 * again when a key changes after that. */
static void
build_help_overlay (TkrWindow *self)
{
  g_autoptr (GtkWindow) overlay = tkr_keymap_new_shortcuts_window (tkr_keymap_get_default ());

  gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self),
                                           GTK_SHORTCUTS_WINDOW (overlay));
}

/* GTK adds its own win.show-help-overlay only when none is there, so this
 * one stays: it builds the shortcuts window, then shows it as GTK's
 * would. */
static void
show_help_overlay_cb (GSimpleAction *action, GVariant *parameter, TkrWindow *self)
{
  GtkShortcutsWindow *overlay =
    gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));

  if (overlay == NULL)
    {
      build_help_overlay (self);
      overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));
    }
  gtk_widget_set_visible (GTK_WIDGET (overlay), TRUE);
}

static void
keys_changed_cb (TkrWindow *self)
{
  bind_encounter_shortcuts (self);
  if (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self)) != NULL)
    build_help_overlay (self);
}

static void
tkr_window_init (TkrWindow *self)
{
  g_autoptr (TkrDocument) document = NULL;
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (GSimpleAction) help_action = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Shown when a conflict first comes (update_conflict): until then
   * nothing in the banner is measured. */
  gtk_widget_set_visible (gtk_revealer_get_child (self->conflict_revealer), FALSE);

  self->settings = tkr_settings_new_if_installed ();
  self->roster_visible = TRUE;
  if (self->settings != NULL)
    g_settings_bind (self->settings, "roster-visible", self, "roster-visible",
                     G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->leaflet, "notify::folded", G_CALLBACK (update_roster_visible),
                           self, G_CONNECT_SWAPPED);
  if (self->settings != NULL)
    {
      /* The size GTK keeps while unmaximized, and whether it is maximized:
       * read when the window opens and written whenever it changes, so
       * another window's resize does not move this one. */
      g_settings_bind (self->settings, "window-width", self, "default-width",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
      g_settings_bind (self->settings, "window-height", self, "default-height",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
      g_settings_bind (self->settings, "window-maximized", self, "maximized",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
    }

  /* The first frame first (README, "Performance"): the menu, the dice
   * popover and the error page's icon are built when they first show. */
  tkr_menu_button_set_menu_model_on_popup (self->content_menu_button,
                                           tkr_roster_get_primary_menu (self->roster));
  gtk_menu_button_set_create_popup_func (self->dice_button, dice_popup_cb, self, NULL);
  tkr_status_page_defer_icon (self->error_page);
  g_signal_connect_object (self->switcher_title, "notify::title-visible",
                           G_CALLBACK (update_switcher_bar), self, G_CONNECT_SWAPPED);
  update_switcher_bar (self);
  /* A phone-sized window's headers keep only the close button of the
   * window's controls (tkr-switcher-title.h): the roster's as the page's. */
  g_object_bind_property (self->content_header, "decoration-layout",
                          tkr_roster_get_header_bar (self->roster), "decoration-layout",
                          G_BINDING_SYNC_CREATE);
  help_action = g_simple_action_new ("show-help-overlay", NULL);
  g_signal_connect_object (help_action, "activate", G_CALLBACK (show_help_overlay_cb), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (help_action));
  g_signal_connect_object (tkr_keymap_get_default (), "changed", G_CALLBACK (keys_changed_cb), self,
                           G_CONNECT_SWAPPED);
  keys_changed_cb (self);
  update_conflict (self);

  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-undo",
                                  G_CALLBACK (update_history_actions), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-redo",
                                  G_CALLBACK (update_history_actions), self);
  g_signal_group_connect_swapped (self->history_signals, "committed",
                                  G_CALLBACK (history_committed_cb), self);

  self->document_signals = g_signal_group_new (TKR_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "notify::title",
                                  G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->document_signals, "save-failed",
                                  G_CALLBACK (autosave_failed_cb), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::conflict",
                                  G_CALLBACK (update_conflict), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::file",
                                  G_CALLBACK (update_conflict), self);

  g_signal_connect_object (self->view_stack, "notify::visible-child-name",
                           G_CALLBACK (visible_page_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roster, "notify::selected-character",
                           G_CALLBACK (selected_character_changed_cb), self, G_CONNECT_SWAPPED);

  if (g_getenv ("TKR_DEMO_PLAYER_VIEW") != NULL)
    tkr_player_window_demo (GTK_WINDOW (self), G_OBJECT (ensure_encounter_view (self)));
  /* Screenshots and demos start from a party built through the core. */
  if (g_getenv ("TKR_DEMO") != NULL)
    {
      g_autoptr (TkrCampaign) demo = build_demo_campaign (g_getenv ("TKR_DEMO"));

      document = tkr_document_new_for_campaign (demo, NULL);
    }
  else
    {
      rules = rules_for_new_campaign (self);
      document = tkr_document_new (rules);
    }
  tkr_window_set_document (self, document);
  update_title_buttons (self);
  /* Linked sheets and the table file (help/C/sync.page). */
  tkr_sync_session_attach (GTK_WINDOW (self));

  if (g_getenv ("TKR_DEMO") != NULL)
    {
      g_autoptr (TkrCharacter) first =
        g_list_model_get_item (tkr_campaign_get_party (get_campaign (self)), 0);

      tkr_roster_set_selected_character (self->roster, first);
      character_activated_cb (self, first);
      if (strchr (g_getenv ("TKR_DEMO"), '-') != NULL ||
          g_str_has_prefix (g_getenv ("TKR_DEMO"), "fight") ||
          g_str_has_prefix (g_getenv ("TKR_DEMO"), "end"))
        {
          adw_view_stack_set_visible_child_name (self->view_stack, "encounter");
          show_content (self);
        }
    }
}

TkrWindow *
tkr_window_new (GtkApplication *application)
{
  return g_object_new (TKR_TYPE_WINDOW, "application", application, NULL);
}

TkrDocument *
tkr_window_get_document (TkrWindow *self)
{
  g_return_val_if_fail (TKR_IS_WINDOW (self), NULL);
  return self->document;
}

void
tkr_window_set_document (TkrWindow *self, TkrDocument *document)
{
  TkrCampaign *campaign;
  gboolean sheet_mode;

  g_return_if_fail (TKR_IS_WINDOW (self));
  g_return_if_fail (document == NULL || TKR_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  /* The document being left keeps what was typed into it. */
  if (self->document != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!tkr_document_save_sync (self->document, &error))
        autosave_failed_cb (self, error);
    }

  g_set_object (&self->document, document);
  campaign = get_campaign (self);
  sheet_mode = is_sheet_mode (self);

  g_signal_group_set_target (self->document_signals, document);
  g_signal_group_set_target (self->history_signals,
                             campaign != NULL ? tkr_campaign_get_history (campaign) : NULL);

  tkr_roster_set_campaign (self->roster, campaign);
  if (self->sheet != NULL)
    {
      tkr_character_sheet_set_campaign (self->sheet, campaign);
      tkr_character_sheet_set_chooses_rule_system (self->sheet, sheet_mode);
    }
  if (self->encounter_view != NULL)
    {
      tkr_encounter_page_set_campaign (self->encounter_view, campaign);
      tkr_encounter_page_set_journal (
        self->encounter_view, document != NULL ? tkr_document_get_journal (document) : NULL);
    }
  /* A journal found beside the file that could not be used: the file
   * opened as saved, and the person hears why Undo starts afresh. */
  {
    g_autofree char *notice = document != NULL ? tkr_document_take_journal_notice (document) : NULL;

    if (notice != NULL)
      tkr_window_add_toast (self, toast_new_printf ("%s", notice));
  }
  if (self->dice_popover != NULL)
    tkr_dice_popover_set_rules (self->dice_popover,
                                campaign != NULL ? tkr_campaign_get_rules (campaign) : NULL);

  update_conflict (self);

  /* Sheet mode: a player's file is one sheet, without roster or
   * encounter. */
  update_roster_visible (self);
  adw_view_stack_page_set_visible (self->encounter_page, !sheet_mode);
  if (sheet_mode)
    {
      tkr_roster_set_selected_character (self->roster, tkr_document_get_character (document));
      adw_view_stack_set_visible_child_name (self->view_stack, "sheet");
      show_content (self);
    }

  update_history_actions (self);
  update_selection_actions (self);
  selected_character_changed_cb (self);
  update_title_buttons (self);
  update_title (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

void
tkr_window_open (TkrWindow *self, GFile *file)
{
  g_return_if_fail (TKR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  load_file (self, file);
}

void
tkr_window_restore (TkrWindow *self, GFile *file)
{
  g_return_if_fail (TKR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* A last document that no longer opens is not dropped in silence: the
   * error page says why and where the file is, left as it was. */
  load_file (self, file);
}

void
tkr_window_add_toast (TkrWindow *self, AdwToast *toast)
{
  g_return_if_fail (TKR_IS_WINDOW (self));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

TkrRoster *
tkr_window_get_roster (TkrWindow *self)
{
  g_return_val_if_fail (TKR_IS_WINDOW (self), NULL);
  return self->roster;
}

TkrCharacterSheet *
tkr_window_get_sheet (TkrWindow *self)
{
  g_return_val_if_fail (TKR_IS_WINDOW (self), NULL);
  return ensure_sheet (self);
}

TkrDicePopover *
tkr_window_get_dice_popover (TkrWindow *self)
{
  g_return_val_if_fail (TKR_IS_WINDOW (self), NULL);
  return ensure_dice_popover (self);
}

const char *
tkr_window_get_visible_page (TkrWindow *self)
{
  g_return_val_if_fail (TKR_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->main_stack);
}

/* The demo party (TKR_DEMO=1): made with the same commands a person's
 * clicks would run, then the history is cleared so it starts clean.
 * TKR_DEMO=fight (or fight-pf2e, fight-d20, fight-action-points) plays
 * the rule system's Round 1 with the party and seven NPCs, a few blows
 * already struck; TKR_DEMO=end(-SYSTEM) the same fight ended: for
 * screenshots and for trying the tracker. TKR_DEMO=freeplay(-SYSTEM) and
 * setup(-SYSTEM) stop before: everyone added, or the Setup begun. */

static void
demo_character (TkrCampaign *campaign,
                TkrCharacter *character,
                const char *player,
                int level,
                int experience,
                int health,
                int health_max,
                int edge)
{
  TkrHistory *history = tkr_campaign_get_history (campaign);

  if (player != NULL)
    tkr_history_set (history, character, "player", player);
  tkr_character_set_level (character, history, level, NULL);
  tkr_character_set_experience (character, history, experience, NULL);
  tkr_character_edit_pool (character, history, TKR_POOL_HEALTH, health, health_max, NULL);
  tkr_character_set_modifier (character, history, TKR_MODIFIER_KIND_SAVE, "Edge", edge, NULL);
}

static void
demo_fight (TkrCampaign *campaign, TkrCharacter **npcs, guint n_npcs)
{
  TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  GListModel *party = tkr_campaign_get_party (campaign);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);
  GListModel *combatants;
  const char *blows[] = { "-3", "t4", "-2", "=0", "-5" };

  for (guint i = 0; i < g_list_model_get_n_items (party); i++)
    {
      g_autoptr (TkrCharacter) pc = g_list_model_get_item (party, i);
      tkr_campaign_add_to_encounter (campaign, pc, NULL);
    }
  for (guint i = 0; i < 7; i++)
    tkr_campaign_add_to_encounter (campaign, npcs[i % n_npcs], NULL);
  if (g_str_has_prefix (g_getenv ("TKR_DEMO"), "freeplay") ||
      !tkr_encounter_begin_setup (encounter, NULL) ||
      g_str_has_prefix (g_getenv ("TKR_DEMO"), "setup") ||
      !tkr_encounter_roll_missing (encounter, rand, NULL) ||
      !tkr_encounter_begin_main (encounter, NULL))
    return;
  combatants = tkr_encounter_get_combatants (encounter);
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i += 2)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);
      tkr_encounter_change_health_typed (encounter, combatant, blows[(i / 2) % 5], NULL);
    }
  tkr_encounter_next_turn (encounter, NULL);
}

static TkrCampaign *
build_demo_campaign (const char *demo)
{
  gboolean fight = g_str_has_prefix (demo, "fight") || g_str_has_prefix (demo, "end") ||
                   g_str_has_prefix (demo, "freeplay") || g_str_has_prefix (demo, "setup");
  const char *dash = strchr (demo, '-');
  const char *system = fight && dash != NULL ? dash + 1 : NULL;
  g_autoptr (TkrRules) system_rules =
    system != NULL ? tkr_rules_new_from_resource (system, NULL) : NULL;
  TkrRules *rules = system_rules != NULL ? system_rules : tkr_rules_get_default ();
  TkrCampaign *campaign = tkr_campaign_new (rules);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrCharacter *alice, *bob, *carol, *goblin, *orc, *wolf;
  g_autoptr (TkrAbility) backstab = NULL;
  g_autoptr (TkrAbility) shove = NULL;
  g_autoptr (TkrItem) lockpicks = NULL;
  g_autoptr (TkrItem) rope = NULL;

  alice = tkr_campaign_add_pc (campaign, "Alice Thornquill");
  demo_character (campaign, alice, "Sam", 2, 47, 11, 14, 2);
  tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue", 1, NULL);
  tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_ARCHETYPE, "Scout", 1, NULL);
  tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_SKILL, "Covert", 3, NULL);
  tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_SKILL, "Athletics", 1, NULL);
  tkr_character_edit_pool (alice, history, TKR_POOL_SHIELD, 2, 3, NULL);
  tkr_character_set_range (alice, history, "Climb", 2, NULL);
  tkr_character_add_condition (alice, history, rules, "Slowed", 1, TKR_TURN_NONE, NULL);
  backstab = tkr_ability_new ("Backstab", TKR_ABILITY_TIME_ACTION, 1);
  g_object_set (backstab, "target", "One creature within Swinging distance", "test-skill", "Covert",
                "on-low", "The target notices you.", "on-mixed", "Deal your weapon's damage.",
                "on-high", "Deal double damage.", "effect", "Strike from the shadows.", NULL);
  tkr_character_add_ability (alice, history, backstab, NULL);
  lockpicks = tkr_item_new ("Lockpicks", 1);
  tkr_item_set_notes (lockpicks, "A gift from her mentor");
  tkr_character_add_item (alice, history, lockpicks, NULL);
  rope = tkr_item_new ("Rope (50 ft)", 1);
  tkr_character_add_item (alice, history, rope, NULL);
  tkr_character_set_wealth (alice, history, 120, NULL);
  tkr_history_set (history, alice, "notes",
                   "Owes the Thieves' Guild a favour. Afraid of deep water.");

  bob = tkr_campaign_add_pc (campaign, "Bob Ironhand");
  demo_character (campaign, bob, "Priya", 2, 23, 16, 16, 0);
  tkr_character_set_modifier (bob, history, TKR_MODIFIER_KIND_ARCHETYPE, "Fighter", 2, NULL);
  shove = tkr_ability_new ("Shove", TKR_ABILITY_TIME_ACTION, 1);
  tkr_character_add_ability (bob, history, shove, NULL);

  carol = tkr_campaign_add_pc (campaign, "Carol of the Marsh");
  demo_character (campaign, carol, "Jo", 2, 31, 7, 10, 1);
  tkr_character_set_modifier (carol, history, TKR_MODIFIER_KIND_ARCHETYPE, "Mage", 2, NULL);

  goblin = tkr_campaign_add_npc (campaign, "Goblin");
  demo_character (campaign, goblin, NULL, 1, 0, 6, 6, 1);
  tkr_campaign_duplicate_character (campaign, goblin);
  orc = tkr_campaign_add_npc (campaign, "Orc Brute");
  demo_character (campaign, orc, NULL, 3, 0, 18, 18, -1);
  wolf = tkr_campaign_add_npc (campaign, "Wolf");
  demo_character (campaign, wolf, NULL, 1, 0, 8, 8, 2);

  if (fight)
    {
      TkrCharacter *npcs[] = { goblin, orc, wolf };
      demo_fight (campaign, npcs, G_N_ELEMENTS (npcs));
      if (g_str_has_prefix (demo, "end"))
        tkr_encounter_end (TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign)), NULL);
    }
  tkr_history_clear (history);
  return campaign;
}

TkrSyncSession *
tkr_window_get_sync_session (TkrWindow *self)
{
  g_return_val_if_fail (TKR_IS_WINDOW (self), NULL);

  return self->sync_session;
}

void
tkr_window_set_sync_session (TkrWindow *self, TkrSyncSession *session)
{
  g_autoptr (TkrSyncSession) old = NULL;

  g_return_if_fail (TKR_IS_WINDOW (self));
  g_return_if_fail (session == NULL || TKR_IS_SYNC_SESSION (session));

  if (self->sync_session == session)
    return;
  old = g_steal_pointer (&self->sync_session);
  if (session != NULL)
    self->sync_session = g_object_ref (session);
  /* The old session stops following this window before it goes. */
  if (old != NULL)
    tkr_sync_session_detach (old);
}
