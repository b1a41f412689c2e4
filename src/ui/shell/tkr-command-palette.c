/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-command-palette.h"
#include "tkr-keymap.h"

struct _TkrCommandPalette
{
  AdwWindow parent_instance;

  TkrWindow *window; /* not owned: the palette is its transient child,
                      * destroyed with it */
  GtkSingleSelection *selection;
  GtkStringFilter *filter;

  GtkSearchEntry *search_entry;
  GtkListView *list_view;
};

G_DEFINE_FINAL_TYPE (TkrCommandPalette, tkr_command_palette, ADW_TYPE_WINDOW)

/* Every command the palette finds is one of the keymap's (tkr-keymap.h):
 * its name, its action and its key as it is now. */
static const char *
action_of (const char *title)
{
  for (guint i = 0; i < tkr_keymap_get_n_keys (); i++)
    if (g_str_equal (_ (tkr_keymap_get_key (i)->title), title))
      return tkr_keymap_get_key (i)->action;
  return NULL;
}

static const char *
accelerator_of (const char *title)
{
  const char *action = action_of (title);
  const char *accelerator =
    action != NULL ? tkr_keymap_get_accelerator (tkr_keymap_get_default (), action) : NULL;

  return accelerator != NULL && *accelerator != '\0' ? accelerator : NULL;
}

/* Closes the palette, then runs @title's command in the window. */
static gboolean
run (TkrCommandPalette *self, const char *name)
{
  /* The name belongs to the palette's list, gone once it closes. */
  g_autofree char *title = g_strdup (name);
  TkrWindow *window = self->window;
  const char *action = action_of (title);
  gboolean ok;

  TkrHistory *history = NULL;
  guint steps = 0;

  gtk_window_close (GTK_WINDOW (self));
  if (window == NULL || action == NULL)
    return FALSE;
  /* An encounter command that is not allowed now is disabled, and running
   * it does nothing: the history tells. */
  if (g_str_has_prefix (action, "encounter."))
    {
      history =
        tkr_campaign_get_history (tkr_document_get_campaign (tkr_window_get_document (window)));
      steps = tkr_history_get_n_undo (history);
    }
  ok = tkr_window_run_command (window, action) &&
       (history == NULL || tkr_history_get_n_undo (history) != steps);
  if (!ok)
    {
      GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
      /* Translators: a command from the palette that cannot run now */
      g_autofree char *message = g_strdup_printf (_ ("“%s” cannot be done now"), title);
      g_autofree char *escaped = g_markup_escape_text (message, -1);

      if (ADW_IS_TOAST_OVERLAY (content))
        adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (content), adw_toast_new (escaped));
    }
  return ok;
}

static void
run_selected (TkrCommandPalette *self)
{
  GtkStringObject *item = gtk_single_selection_get_selected_item (self->selection);

  if (item != NULL)
    run (self, gtk_string_object_get_string (item));
}

static void
search_activate_cb (TkrCommandPalette *self)
{
  run_selected (self);
}

static void
stop_search_cb (TkrCommandPalette *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
row_activated_cb (TkrCommandPalette *self, guint position)
{
  gtk_single_selection_set_selected (self->selection, position);
  run_selected (self);
}

/* Up and Down in the search field move the selection. */
static gboolean
key_pressed_cb (TkrCommandPalette *self, guint keyval, guint keycode, GdkModifierType state)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (n == 0 || (keyval != GDK_KEY_Down && keyval != GDK_KEY_Up))
    return GDK_EVENT_PROPAGATE;
  if (selected == GTK_INVALID_LIST_POSITION)
    selected = 0;
  else if (keyval == GDK_KEY_Down)
    selected = MIN (selected + 1, n - 1);
  else if (selected > 0)
    selected--;
  gtk_single_selection_set_selected (self->selection, selected);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", selected);
  return GDK_EVENT_STOP;
}

static void
setup_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *keys = gtk_shortcut_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), keys);
  gtk_list_item_set_child (item, box);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *keys = gtk_widget_get_next_sibling (title);
  const char *name = gtk_string_object_get_string (gtk_list_item_get_item (item));
  const char *accelerator = accelerator_of (name);

  gtk_label_set_text (GTK_LABEL (title), name);
  gtk_shortcut_label_set_accelerator (GTK_SHORTCUT_LABEL (keys), accelerator);
  gtk_widget_set_visible (keys, accelerator != NULL);
}

gboolean
tkr_command_palette_run_first (TkrCommandPalette *self, const char *text)
{
  g_return_val_if_fail (TKR_IS_COMMAND_PALETTE (self), FALSE);

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  gtk_string_filter_set_search (self->filter, text);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 0)
    return FALSE;
  gtk_single_selection_set_selected (self->selection, 0);
  return run (
    self, gtk_string_object_get_string (gtk_single_selection_get_selected_item (self->selection)));
}

static void
search_changed_cb (TkrCommandPalette *self)
{
  gtk_string_filter_set_search (self->filter,
                                gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) > 0)
    gtk_single_selection_set_selected (self->selection, 0);
}

static void
tkr_command_palette_dispose (GObject *object)
{
  TkrCommandPalette *self = TKR_COMMAND_PALETTE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_COMMAND_PALETTE);
  g_clear_object (&self->selection);
  G_OBJECT_CLASS (tkr_command_palette_parent_class)->dispose (object);
}

static void
tkr_command_palette_class_init (TkrCommandPaletteClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_command_palette_dispose;
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-command-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrCommandPalette, search_entry);
  gtk_widget_class_bind_template_child (widget_class, TkrCommandPalette, list_view);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tkr_command_palette_init (TkrCommandPalette *self)
{
  GtkStringList *titles = gtk_string_list_new (NULL);
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkFilterListModel *filtered;
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < tkr_keymap_get_n_keys (); i++)
    gtk_string_list_append (titles, _ (tkr_keymap_get_key (i)->title));
  self->filter =
    gtk_string_filter_new (gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (titles), GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (filtered));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb),
                           self, G_CONNECT_SWAPPED);
  keys = gtk_event_controller_key_new ();
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
}

TkrCommandPalette *
tkr_command_palette_new (TkrWindow *window)
{
  TkrCommandPalette *self = g_object_new (
    TKR_TYPE_COMMAND_PALETTE, "transient-for", window, "application",
    gtk_window_get_application (GTK_WINDOW (window)), "destroy-with-parent", TRUE, NULL);

  self->window = window;
  return self;
}
