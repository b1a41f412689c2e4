/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-keymap.h"
#include "tkr-keys-page.h"

typedef struct
{
  const char *action;
  GtkWidget *row;
  GtkShortcutLabel *label;
} KeyRow;

struct _TkrKeysPage
{
  AdwPreferencesPage parent_instance;

  GArray *rows; /* KeyRow, one per command */
  AdwPreferencesGroup *message_group;
  GtkLabel *message_label;
  GtkWindow *capture;    /* the key dialog while it is open */
  const char *capturing; /* the command it asks a key for */
  GtkLabel *capture_error;
};

G_DEFINE_FINAL_TYPE (TkrKeysPage, tkr_keys_page, ADW_TYPE_PREFERENCES_PAGE)

static void
update_rows (TkrKeysPage *self)
{
  TkrKeymap *keymap = tkr_keymap_get_default ();

  for (guint i = 0; i < self->rows->len; i++)
    {
      KeyRow *row = &g_array_index (self->rows, KeyRow, i);
      const char *accelerator = tkr_keymap_get_accelerator (keymap, row->action);

      gtk_shortcut_label_set_accelerator (row->label, accelerator);
    }
}

static void
show_message (TkrKeysPage *self, const char *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_group), message != NULL);
}

gboolean
tkr_keys_page_try_key (TkrKeysPage *self, const char *action, const char *accelerator)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (TKR_IS_KEYS_PAGE (self), FALSE);

  if (!tkr_keymap_set_accelerator (tkr_keymap_get_default (), action, accelerator, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  show_message (self, NULL);
  return TRUE;
}

const char *
tkr_keys_page_get_message (TkrKeysPage *self)
{
  g_return_val_if_fail (TKR_IS_KEYS_PAGE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->message_group)))
    return NULL;
  return gtk_label_get_text (self->message_label);
}

/* The key dialog */

static gboolean
capture_key_cb (GtkEventControllerKey *keys,
                guint keyval,
                guint keycode,
                GdkModifierType state,
                TkrKeysPage *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (keys));
  GdkModifierType mods = state & gtk_accelerator_get_default_mod_mask ();
  g_autofree char *accelerator = NULL;

  if (event != NULL && gdk_key_event_is_modifier (event))
    return GDK_EVENT_PROPAGATE;
  if (keyval == GDK_KEY_Escape && mods == 0)
    {
      gtk_window_close (self->capture);
      return GDK_EVENT_STOP;
    }
  if (keyval == GDK_KEY_BackSpace && mods == 0)
    accelerator = g_strdup ("");
  else
    accelerator = gtk_accelerator_name (gdk_keyval_to_lower (keyval), mods);
  if (tkr_keys_page_try_key (self, self->capturing, accelerator))
    gtk_window_close (self->capture);
  else
    {
      /* Said in the dialog too, where the eyes are. */
      gtk_label_set_text (self->capture_error, tkr_keys_page_get_message (self));
      gtk_widget_set_visible (GTK_WIDGET (self->capture_error), TRUE);
    }
  return GDK_EVENT_STOP;
}

static void
capture_closed_cb (TkrKeysPage *self)
{
  self->capture = NULL;
  self->capture_error = NULL;
  self->capturing = NULL;
}

static void
row_activated_cb (AdwActionRow *row, TkrKeysPage *self)
{
  const TkrKeyInfo *info = NULL;
  GtkWidget *window, *box, *title, *hint, *error;
  GtkEventController *keys;
  g_autofree char *text = NULL;

  for (guint i = 0; i < self->rows->len; i++)
    if (g_array_index (self->rows, KeyRow, i).row == GTK_WIDGET (row))
      info = tkr_keymap_lookup (g_array_index (self->rows, KeyRow, i).action);
  if (info == NULL || self->capture != NULL)
    return;
  window = adw_window_new ();
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window),
                                GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));
  gtk_window_set_title (GTK_WINDOW (window), _ ("Set a Shortcut"));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, -1);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  /* Translators: %s is a command ("React") */
  text = g_strdup_printf (_ ("Press the new key for “%s”"), _ (info->title));
  title = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "title-4");
  hint = gtk_label_new (_ ("Esc cancels; Backspace leaves it without a key"));
  gtk_widget_add_css_class (hint, "dim-label");
  error = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_set_visible (error, FALSE);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), hint);
  gtk_box_append (GTK_BOX (box), error);
  adw_window_set_content (ADW_WINDOW (window), box);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (capture_key_cb), self);
  gtk_widget_add_controller (window, keys);
  g_signal_connect_object (window, "destroy", G_CALLBACK (capture_closed_cb), self,
                           G_CONNECT_SWAPPED);

  self->capture = GTK_WINDOW (window);
  self->capture_error = GTK_LABEL (error);
  self->capturing = info->action;
  gtk_window_present (GTK_WINDOW (window));
}

static void
reset_clicked_cb (TkrKeysPage *self)
{
  tkr_keymap_reset (tkr_keymap_get_default ());
  show_message (self, NULL);
}

static void
tkr_keys_page_dispose (GObject *object)
{
  TkrKeysPage *self = TKR_KEYS_PAGE (object);

  if (self->capture != NULL)
    gtk_window_destroy (self->capture);
  g_clear_pointer (&self->rows, g_array_unref);
  G_OBJECT_CLASS (tkr_keys_page_parent_class)->dispose (object);
}

static void
tkr_keys_page_class_init (TkrKeysPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tkr_keys_page_dispose;
}

static void
tkr_keys_page_init (TkrKeysPage *self)
{
  AdwPreferencesGroup *groups[TKR_KEY_GROUP_END + 1] = { NULL };
  GtkWidget *reset;

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (self), _ ("Keyboard"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (self), "input-keyboard-symbolic");
  self->rows = g_array_new (FALSE, FALSE, sizeof (KeyRow));

  self->message_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  self->message_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message_label, TRUE);
  gtk_label_set_xalign (self->message_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
  adw_preferences_group_add (self->message_group, GTK_WIDGET (self->message_label));
  gtk_widget_set_visible (GTK_WIDGET (self->message_group), FALSE);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), self->message_group);

  /* The fight first: it is what people change. */
  {
    const TkrKeyGroup order[] = {
      TKR_KEY_GROUP_FIGHT,   TKR_KEY_GROUP_ENCOUNTER, TKR_KEY_GROUP_END,
      TKR_KEY_GROUP_GENERAL, TKR_KEY_GROUP_EDITING,   TKR_KEY_GROUP_VIEW
    };

    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      {
        groups[order[i]] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
        adw_preferences_group_set_title (groups[order[i]], tkr_key_group_get_title (order[i]));
        adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), groups[order[i]]);
      }
  }
  reset = gtk_button_new_with_mnemonic (_ ("_Reset All"));
  gtk_widget_set_valign (reset, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (reset, "flat");
  g_signal_connect_object (reset, "clicked", G_CALLBACK (reset_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  adw_preferences_group_set_header_suffix (groups[TKR_KEY_GROUP_FIGHT], reset);
  adw_preferences_group_set_description (groups[TKR_KEY_GROUP_FIGHT],
                                         _ ("They act on the selected combatant, or on whose "
                                            "turn it is; a system without one says so"));

  for (guint i = 0; i < tkr_keymap_get_n_keys (); i++)
    {
      const TkrKeyInfo *info = tkr_keymap_get_key (i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *label = gtk_shortcut_label_new (NULL);
      KeyRow key_row = { info->action, row, GTK_SHORTCUT_LABEL (label) };

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ (info->title));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_shortcut_label_set_disabled_text (GTK_SHORTCUT_LABEL (label), _ ("None"));
      gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_signal_connect_object (row, "activated", G_CALLBACK (row_activated_cb), self, 0);
      adw_preferences_group_add (groups[info->group], row);
      g_array_append_val (self->rows, key_row);
    }
  g_signal_connect_object (tkr_keymap_get_default (), "changed", G_CALLBACK (update_rows), self,
                           G_CONNECT_SWAPPED);
  update_rows (self);
}

GtkWidget *
tkr_keys_page_new (void)
{
  return g_object_new (TKR_TYPE_KEYS_PAGE, NULL);
}
