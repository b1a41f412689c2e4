/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-application.h"
#include "tkr-follow-window.h"
#include "tkr-keymap.h"
#include "tkr-keys-page.h"
#include "tkr-player-window.h"
#include "tkr-new-character.h"
#include "tkr-scroll-guard.h"
#include "tkr-import-actions.h"
#include "tkr-import-dialog.h"
#include "tkr-window.h"

struct _TkrApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (TkrApplication, tkr_application, ADW_TYPE_APPLICATION)

/* Values of the preference keys, in the order their combo rows list them. */
static const char *const style_variants[] = { "default", "light", "dark", NULL };
static const char *const dice_modes[] = { "roll", "type", NULL };

GSettings *
tkr_settings_new_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source == NULL)
    return NULL;
  schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    return NULL;
  return g_settings_new (APPLICATION_ID);
}

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

/* GSettings "style-variant" onto AdwStyleManager:color-scheme: "light" and
 * "dark" force a style, anything else follows the system. */
static gboolean
style_variant_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *style = g_variant_get_string (variant, NULL);

  if (g_str_equal (style, "light"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_LIGHT);
  else if (g_str_equal (style, "dark"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_DARK);
  else
    g_value_set_enum (value, ADW_COLOR_SCHEME_DEFAULT);
  return TRUE;
}

static TkrWindow *
new_window (TkrApplication *self)
{
  return tkr_window_new (GTK_APPLICATION (self));
}

static GtkWindow *
active_window (TkrApplication *self)
{
  return gtk_application_get_active_window (GTK_APPLICATION (self));
}

/* Actions */

static void
new_window_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (user_data)));
}

static gboolean
combo_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *ids = user_data;
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
combo_set_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *ids = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) ids))
    return NULL;
  return g_variant_new_string (ids[index]);
}

static AdwComboRow *
combo_row_new (const char *title, const char *subtitle, const char *const *labels)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr (GtkStringList) model = gtk_string_list_new ((const char *const *) labels);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  return row;
}

static void
bind_combo (TkrApplication *self, AdwComboRow *row, const char *key, const char *const *ids)
{
  if (self->settings == NULL)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (row), FALSE);
      return;
    }
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                combo_get_mapping, combo_set_mapping, (gpointer) ids, NULL);
}

static void
preferences_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TkrApplication *self = user_data;
  AdwPreferencesWindow *window = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;
  AdwComboRow *row;
  const char *const *rule_systems = tkr_tracker_get_rule_systems ();
  g_autoptr (GPtrArray) rule_names = g_ptr_array_new_with_free_func (g_free);
  const char *dice_labels[] = { _ ("Roll in Turnkeeper"), _ ("Type in Scores"), NULL };
  const char *style_labels[] = { C_ ("color scheme", "Follow System"), C_ ("color scheme", "Light"),
                                 C_ ("color scheme", "Dark"), NULL };

  gtk_window_set_transient_for (GTK_WINDOW (window), active_window (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  adw_preferences_window_set_search_enabled (window, FALSE);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _ ("Rules"));
  /* Each system's name from its own rule data, in the user's language. */
  for (guint i = 0; rule_systems[i] != NULL; i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (rule_systems[i], NULL);

      g_ptr_array_add (
        rule_names,
        g_strdup (rules ? tkr_rules_translate (tkr_rules_get_name (rules)) : rule_systems[i]));
    }
  g_ptr_array_add (rule_names, NULL);
  row = combo_row_new (_ ("Rule System for New Campaigns"),
                       _ ("A campaign can switch systems later, between encounters"),
                       (const char **) rule_names->pdata);
  bind_combo (self, row, "default-rule-system", rule_systems);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  adw_preferences_page_add (page, group);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _ ("Dice"));
  row = combo_row_new (
    _ ("Tests"), _ ("Whether the dice window starts with a roll or a typed Score"), dice_labels);
  bind_combo (self, row, "dice-mode", dice_modes);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  adw_preferences_page_add (page, group);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _ ("Appearance"));
  row = combo_row_new (_ ("Style"), NULL, style_labels);
  bind_combo (self, row, "style-variant", style_variants);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  adw_preferences_page_add (page, group);

  adw_preferences_page_add (
    page, ADW_PREFERENCES_GROUP (tkr_player_window_new_preferences_group (self->settings)));

  adw_preferences_page_set_title (page, _ ("General"));
  adw_preferences_page_set_icon_name (page, "preferences-system-symbolic");
  adw_preferences_window_add (window, page);
  /* The keys, changeable (help/C/keyboard.page). */
  adw_preferences_window_add (window, ADW_PREFERENCES_PAGE (tkr_keys_page_new ()));
  gtk_window_present (GTK_WINDOW (window));
}

/**
 * tkr_application_find_help_html:
 *
 * The help as HTML, installed with the application (help/meson.build),
 * in the first of the user's languages it exists in, else in English; the
 * environment variable TKR_HELP_HTML_DIR points elsewhere (an uninstalled
 * build, tests). Returns: (transfer full) (nullable): its index page.
 */
GFile *
tkr_application_find_help_html (void)
{
  const char *override = g_getenv ("TKR_HELP_HTML_DIR");
  g_autofree char *installed = g_build_filename (PKGDATADIR, "help", NULL);
  const char *dir = override != NULL ? override : installed;
  const char *const *languages = g_get_language_names ();

  for (guint i = 0; languages[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (dir, languages[i], "index.html", NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_file_new_for_path (path);
    }
  return NULL;
}

static void
toast_in (TkrApplication *self, AdwToast *toast)
{
  GtkWindow *window = active_window (self);

  if (TKR_IS_WINDOW (window))
    tkr_window_add_toast (TKR_WINDOW (window), toast);
  else
    g_object_unref (toast);
}

static void
help_html_shown_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (TkrApplication) self = user_data;
  g_autoptr (GError) error = NULL;

  if (g_app_info_launch_default_for_uri_finish (result, &error))
    toast_in (self, adw_toast_new (_ ("No help viewer is installed: the help opened in your "
                                      "web browser")));
  else
    toast_in (self, toast_new_printf (_ ("Could not open the help: no help viewer or web "
                                         "browser is installed (%s)"),
                                      error->message));
}

/* Without a help viewer (the GNOME runtime ships none), the same pages as
 * HTML in the web browser, and a toast says so. */
static void
help_shown_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (TkrApplication) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) html = NULL;
  g_autofree char *uri = NULL;

  if (gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    return;

  html = tkr_application_find_help_html ();
  if (html == NULL)
    {
      toast_in (self, toast_new_printf (_ ("Could not open the help: %s"), error->message));
      return;
    }
  uri = g_file_get_uri (html);
  g_app_info_launch_default_for_uri_async (uri, NULL, NULL, help_html_shown_cb,
                                           g_object_ref (self));
}

static void
help_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TkrApplication *self = user_data;
  GtkWindow *window = active_window (self);

  if (window == NULL)
    return;
  gtk_show_uri_full (window, "help:turnkeeper", GDK_CURRENT_TIME, NULL, help_shown_cb,
                     g_object_ref (self));
}

static void
shortcuts_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWindow *window = active_window (user_data);

  /* Each window has its shortcuts window, built from the keymap. */
  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
}

static void
about_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TkrApplication *self = user_data;
  const char *developers[] = { _ ("The Turnkeeper Team"), NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW, "transient-for", active_window (self), "modal", TRUE,
                        "application-name", _ ("Turnkeeper"), "application-icon", APPLICATION_ID,
                        "version", PACKAGE_VERSION, "developer-name", _ ("The Turnkeeper Team"),
                        "developers", developers, "copyright", _ ("© The Turnkeeper Team"),
                        "license-type", GTK_LICENSE_GPL_3_0, "website",
                        "https://github.com/turnkeeper/turnkeeper", "issue-url",
                        "https://github.com/turnkeeper/turnkeeper/issues", "comments",
                        _ ("Character sheets and encounters for tabletop role-playing games"),
                        "translator-credits", _ ("translator-credits"), NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TkrApplication *self = user_data;
  g_autoptr (GList) windows = NULL;

  /* Closing each window saves its document; the application ends with the
   * last window. */
  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static const GActionEntry app_actions[] = {
  { "new-window", new_window_action },
  { "preferences", preferences_action },
  { "help", help_action },
  { "shortcuts", shortcuts_action },
  { "about", about_action },
  { "quit", quit_action },
};

static void
apply_keys (TkrApplication *self)
{
  tkr_keymap_apply_to_application (tkr_keymap_get_default (), GTK_APPLICATION (self));
}

static void
tkr_application_startup (GApplication *application)
{
  TkrApplication *self = TKR_APPLICATION (application);

  G_APPLICATION_CLASS (tkr_application_parent_class)->startup (application);

  g_set_application_name (_ ("Turnkeeper"));
  gtk_window_set_default_icon_name (APPLICATION_ID);
  /* No value changes by scrolling (help/C/first-sheet.page), from before
   * any window or dialog. */
  tkr_scroll_guard_install ();

  self->settings = tkr_settings_new_if_installed ();
  if (self->settings != NULL)
    g_settings_bind_with_mapping (self->settings, "style-variant", adw_style_manager_get_default (),
                                  "color-scheme", G_SETTINGS_BIND_GET, style_variant_get_mapping,
                                  NULL, NULL, NULL);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  tkr_new_character_add_action (GTK_APPLICATION (self));
  /* The accelerators from the keymap, again whenever a key changes. */
  g_signal_connect_object (tkr_keymap_get_default (), "changed", G_CALLBACK (apply_keys), self,
                           G_CONNECT_SWAPPED);
  apply_keys (self);
}

static void
tkr_application_activate (GApplication *application)
{
  TkrApplication *self = TKR_APPLICATION (application);
  TkrWindow *window = new_window (self);
  g_autofree char *last = NULL;

  /* The last document comes back, so a crash loses only the last moments
   * (design: Autosave). The demo party, for screenshots, replaces it. */
  if (self->settings != NULL && g_getenv ("TKR_DEMO") == NULL)
    last = g_settings_get_string (self->settings, "last-document");
  /* Shown first: the document is read after the first frame
   * (README, "Performance"). */
  gtk_window_present (GTK_WINDOW (window));
  if (last != NULL && *last != '\0')
    {
      g_autoptr (GFile) file = g_file_new_for_uri (last);

      if (g_file_query_exists (file, NULL))
        tkr_window_restore (window, file);
    }
}

/**
 * tkr_application_present_file:
 *
 * One window per file (help/C/files-and-backups.page): when a window
 * already has @file open, it comes to the front and TRUE is returned, so
 * that two windows never edit the same file and overwrite each other.
 */
gboolean
tkr_application_present_file (TkrApplication *self, GFile *file)
{
  g_return_val_if_fail (TKR_IS_APPLICATION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      TkrDocument *document = TKR_IS_WINDOW (l->data) ? tkr_window_get_document (l->data) : NULL;
      GFile *open = document != NULL ? tkr_document_get_file (document) : NULL;

      if (open != NULL && g_file_equal (open, file))
        {
          gtk_window_present (GTK_WINDOW (l->data));
          return TRUE;
        }
    }
  return FALSE;
}

static void
tkr_application_open (GApplication *application, GFile **files, int n_files, const char *hint)
{
  TkrApplication *self = TKR_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    {
      TkrWindow *window;

      /* Another tool's export, opened from Files: the import preview, into
       * the campaign of the window in front (help/C/import.page). */
      if (tkr_import_is_candidate (files[i]))
        {
          GtkWindow *active = active_window (self);

          window = TKR_IS_WINDOW (active) ? TKR_WINDOW (active) : new_window (self);
          gtk_window_present (GTK_WINDOW (window));
          tkr_import_into_window (window, files[i]);
          continue;
        }
      /* The GM's table file: followed, in a window of its own
       * (help/C/sync.page). */
      if (tkr_table_file_is_candidate (files[i]))
        {
          gtk_window_present (
            GTK_WINDOW (tkr_follow_window_new (GTK_APPLICATION (self), files[i])));
          continue;
        }
      if (tkr_application_present_file (self, files[i]))
        continue;
      window = new_window (self);

      /* Shown first: the file is read after the first frame (README,
       * "Performance"). */
      gtk_window_present (GTK_WINDOW (window));
      tkr_window_open (window, files[i]);
    }
}

static void
tkr_application_dispose (GObject *object)
{
  TkrApplication *self = TKR_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tkr_application_parent_class)->dispose (object);
}

static void
tkr_application_class_init (TkrApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = tkr_application_dispose;
  app_class->startup = tkr_application_startup;
  app_class->activate = tkr_application_activate;
  app_class->open = tkr_application_open;
}

static void
tkr_application_init (TkrApplication *self)
{
}

TkrApplication *
tkr_application_new (void)
{
  GApplicationFlags flags = G_APPLICATION_HANDLES_OPEN;

  if (g_getenv ("TKR_NON_UNIQUE") != NULL)
    flags |= G_APPLICATION_NON_UNIQUE;

  return g_object_new (TKR_TYPE_APPLICATION, "application-id", APPLICATION_ID, "flags", flags,
                       "resource-base-path", "/io/github/turnkeeper/Turnkeeper", NULL);
}

GSettings *
tkr_application_get_settings (TkrApplication *self)
{
  g_return_val_if_fail (TKR_IS_APPLICATION (self), NULL);
  return self->settings;
}
