/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-quick-dialogs.h"

/* A quick dialog: what it acts on, and its fields. */
#define TKR_TYPE_QUICK_DIALOG (tkr_quick_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkrQuickDialog, tkr_quick_dialog, TKR, QUICK_DIALOG, AdwWindow)

struct _TkrQuickDialog
{
  AdwWindow parent_instance;

  TkrEncounter *encounter;
  TkrCombatant *combatant;
  GtkWindow *window;             /* itself */
  GtkSingleSelection *selection; /* the chooser's conditions */
  GtkEditable *search;
  GtkStringFilter *filter; /* the chooser's, by the search's text */
  GtkSpinButton *distance; /* the move dialog's */
  GPtrArray *combatants;   /* the group health dialog's, and their */
  GPtrArray *resistances;  /* GtkSpinButton, one each */
  GtkEditable *change;     /* the typed change */
  GtkLabel *error_label;
};

typedef TkrQuickDialog QuickDialog;

G_DEFINE_FINAL_TYPE (TkrQuickDialog, tkr_quick_dialog, ADW_TYPE_WINDOW)

static void
tkr_quick_dialog_dispose (GObject *object)
{
  TkrQuickDialog *self = TKR_QUICK_DIALOG (object);

  g_clear_object (&self->encounter);
  g_clear_object (&self->combatant);
  g_clear_object (&self->selection);
  g_clear_pointer (&self->combatants, g_ptr_array_unref);
  g_clear_pointer (&self->resistances, g_ptr_array_unref);
  G_OBJECT_CLASS (tkr_quick_dialog_parent_class)->dispose (object);
}

static void
tkr_quick_dialog_class_init (TkrQuickDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tkr_quick_dialog_dispose;
}

static void
tkr_quick_dialog_init (TkrQuickDialog *self)
{
}

static QuickDialog *
quick_dialog_new (TkrEncounter *encounter, TkrCombatant *combatant)
{
  QuickDialog *dialog = g_object_new (TKR_TYPE_QUICK_DIALOG, NULL);

  dialog->window = GTK_WINDOW (dialog);
  dialog->encounter = g_object_ref (encounter);
  dialog->combatant = g_object_ref (combatant);
  return dialog;
}

/* Closes on success; otherwise says why and stays. */
static gboolean
finish (QuickDialog *dialog, gboolean ok, const GError *error)
{
  if (ok)
    {
      gtk_window_close (dialog->window);
      return TRUE;
    }
  gtk_label_set_text (dialog->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (dialog->error_label), error != NULL);
  return FALSE;
}

static GtkWindow *
dialog_window_new (GtkWidget *parent, const char *title, QuickDialog *dialog, GtkWidget *body)
{
  GtkWidget *window = GTK_WIDGET (dialog);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *error_label = gtk_label_new (NULL);
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (gtk_widget_get_root (parent)));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, -1);
  gtk_window_set_hide_on_close (GTK_WINDOW (window), FALSE);
  gtk_label_set_wrap (GTK_LABEL (error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (error_label), 0);
  gtk_widget_add_css_class (error_label, "error");
  gtk_widget_set_visible (error_label, FALSE);
  gtk_widget_set_margin_start (error_label, 12);
  gtk_widget_set_margin_end (error_label, 12);
  gtk_widget_set_margin_bottom (error_label, 12);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), body);
  gtk_box_append (GTK_BOX (box), error_label);
  adw_window_set_content (ADW_WINDOW (window), box);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys), gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                      gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, keys);

  dialog->error_label = GTK_LABEL (error_label);
  return GTK_WINDOW (window);
}

/* The condition chooser */

static gboolean
choose (QuickDialog *dialog, const char *name)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = tkr_encounter_add_condition (dialog->encounter, dialog->combatant, name, &error);

  return finish (dialog, ok, error);
}

static void
choose_selected (QuickDialog *dialog)
{
  GtkStringObject *item = gtk_single_selection_get_selected_item (dialog->selection);

  if (item != NULL)
    choose (dialog, gtk_string_object_get_string (item));
}

/* Enter in the search: the conditions the text finds now, not after the
 * search entry's delay (a GM types "fright" and Enter at once), and the
 * first of them unless another was picked with the arrows. */
static void
search_activate_cb (QuickDialog *dialog)
{
  const char *text = gtk_editable_get_text (dialog->search);

  if (g_strcmp0 (text, gtk_string_filter_get_search (dialog->filter)) != 0)
    {
      gtk_string_filter_set_search (dialog->filter, text);
      gtk_single_selection_set_selected (dialog->selection, 0);
    }
  choose_selected (dialog);
}

static void
condition_activated_cb (GtkListView *list, guint position, QuickDialog *dialog)
{
  gtk_single_selection_set_selected (dialog->selection, position);
  choose_selected (dialog);
}

static void
search_changed_cb (GtkSearchEntry *entry, GtkStringFilter *filter)
{
  gtk_string_filter_set_search (filter, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
condition_setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_list_item_set_child (item, label);
}

static void
condition_bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

/* Up and Down in the search field move through the conditions. */
static gboolean
search_key_cb (
  GtkEventControllerKey *keys, guint keyval, guint code, GdkModifierType state, QuickDialog *dialog)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (dialog->selection));
  guint selected = gtk_single_selection_get_selected (dialog->selection);

  if (n == 0 || (keyval != GDK_KEY_Down && keyval != GDK_KEY_Up))
    return GDK_EVENT_PROPAGATE;
  if (selected == GTK_INVALID_LIST_POSITION)
    selected = 0;
  else if (keyval == GDK_KEY_Down)
    selected = MIN (selected + 1, n - 1);
  else if (selected > 0)
    selected--;
  gtk_single_selection_set_selected (dialog->selection, selected);
  return GDK_EVENT_STOP;
}

GtkWindow *
tkr_condition_chooser_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *combatant)
{
  QuickDialog *dialog;
  TkrRules *rules;
  GtkStringList *names = gtk_string_list_new (NULL);
  GtkStringFilter *filter;
  GtkFilterListModel *filtered;
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *search = gtk_search_entry_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *list;
  GtkEventController *keys;
  g_autofree char *title = NULL;
  GtkWindow *window;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), NULL);

  dialog = quick_dialog_new (encounter, combatant);
  rules = tkr_encounter_get_rules (encounter);
  /* The system's own catalogue (its rule data's "conditions"). */
  for (guint i = 0; i < tkr_rules_get_n_conditions (rules); i++)
    gtk_string_list_append (names, tkr_rules_translate (tkr_rules_get_condition (rules, i)->name));
  filter =
    gtk_string_filter_new (gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  gtk_string_filter_set_match_mode (filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (filter, TRUE);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (names), GTK_FILTER (filter));
  dialog->selection = gtk_single_selection_new (G_LIST_MODEL (filtered));
  dialog->search = GTK_EDITABLE (search);
  dialog->filter = filter;

  g_signal_connect (factory, "setup", G_CALLBACK (condition_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (condition_bind_cb), NULL);
  list = gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (dialog->selection)),
                            g_object_ref (factory));
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (list), TRUE);
  gtk_widget_add_css_class (list, "navigation-sidebar");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 260);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_box_append (GTK_BOX (box), search);
  gtk_box_append (GTK_BOX (box), scrolled);
  /* Translators: the condition chooser's title, %s is a combatant */
  title = g_strdup_printf (_ ("Add a Condition to %s"), tkr_combatant_get_name (combatant));
  gtk_accessible_update_property (GTK_ACCESSIBLE (search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Find a condition"), -1);
  window = dialog_window_new (parent, title, dialog, box);

  g_signal_connect (search, "search-changed", G_CALLBACK (search_changed_cb), filter);
  g_signal_connect_swapped (search, "activate", G_CALLBACK (search_activate_cb), dialog);
  g_signal_connect_swapped (search, "stop-search", G_CALLBACK (gtk_window_close), window);
  g_signal_connect (list, "activate", G_CALLBACK (condition_activated_cb), dialog);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (search_key_cb), dialog);
  gtk_widget_add_controller (search, keys);

  gtk_window_present (window);
  gtk_widget_grab_focus (search);
  return window;
}

gboolean
tkr_condition_chooser_choose (GtkWindow *chooser, const char *name)
{
  QuickDialog *dialog = TKR_QUICK_DIALOG (chooser);
  /* The dialog closes once the condition is added. */
  g_autoptr (TkrHistory) history = g_object_ref (tkr_encounter_get_history (dialog->encounter));
  guint undo = tkr_history_get_n_undo (history);

  /* Typed and Enter at once, as a quick hand does. */
  gtk_editable_set_text (dialog->search, name);
  g_signal_emit_by_name (dialog->search, "activate");
  return tkr_history_get_n_undo (history) != undo;
}

/* The move dialog */

static gboolean
move (QuickDialog *dialog, int distance)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = tkr_encounter_move (dialog->encounter, dialog->combatant, distance, &error);

  return finish (dialog, ok, error);
}

static void
move_activate_cb (QuickDialog *dialog)
{
  gtk_spin_button_update (dialog->distance);
  move (dialog, gtk_spin_button_get_value_as_int (dialog->distance));
}

GtkWindow *
tkr_move_dialog_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *combatant)
{
  QuickDialog *dialog;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *spin = gtk_spin_button_new_with_range (1, 100000, 1);
  GtkWidget *unit = gtk_label_new (NULL);
  GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Move"));
  const char *unit_name;
  g_autofree char *title = NULL;
  GtkWindow *window;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), NULL);

  dialog = quick_dialog_new (encounter, combatant);
  dialog->distance = GTK_SPIN_BUTTON (spin);
  unit_name = tkr_quick_get_move_unit (encounter);
  gtk_label_set_text (GTK_LABEL (unit), unit_name != NULL ? unit_name : "");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1);
  gtk_widget_set_hexpand (spin, TRUE);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_box_append (GTK_BOX (box), spin);
  gtk_box_append (GTK_BOX (box), unit);
  gtk_box_append (GTK_BOX (box), button);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Distance"), -1);
  /* Translators: the move dialog's title, %s is a combatant */
  title = g_strdup_printf (_ ("Move %s"), tkr_combatant_get_name (combatant));
  window = dialog_window_new (parent, title, dialog, box);
  /* Enter in the number moves (GTK 4.8's spin button has no "activate";
   * its text does). */
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate",
                            G_CALLBACK (move_activate_cb), dialog);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (move_activate_cb), dialog);

  gtk_window_present (window);
  gtk_widget_grab_focus (spin);
  return window;
}

gboolean
tkr_move_dialog_move (GtkWindow *window, int distance)
{
  QuickDialog *dialog = TKR_QUICK_DIALOG (window);

  return move (dialog, distance);
}

/* Group damage and healing */

static gboolean
change_group (QuickDialog *dialog, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree int *resistances = g_new0 (int, MAX (dialog->combatants->len, 1));
  gboolean ok;

  for (guint i = 0; i < dialog->resistances->len; i++)
    {
      gtk_spin_button_update (dialog->resistances->pdata[i]);
      resistances[i] = gtk_spin_button_get_value_as_int (dialog->resistances->pdata[i]);
    }
  ok = tkr_encounter_change_health_of_many (dialog->encounter,
                                            (TkrCombatant *const *) dialog->combatants->pdata,
                                            resistances, dialog->combatants->len, text, &error);
  return finish (dialog, ok, error);
}

static void
group_activate_cb (QuickDialog *dialog)
{
  change_group (dialog, gtk_editable_get_text (dialog->change));
}

GtkWindow *
tkr_group_health_dialog_present (GtkWidget *parent, TkrEncounter *encounter, GPtrArray *combatants)
{
  QuickDialog *dialog;
  GtkWidget *body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Apply"));
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  g_autofree char *title = NULL;
  GtkWindow *window;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (combatants != NULL && combatants->len > 0, NULL);

  dialog = quick_dialog_new (encounter, combatants->pdata[0]);
  dialog->combatants = g_ptr_array_ref (combatants);
  dialog->resistances = g_ptr_array_new ();
  dialog->change = GTK_EDITABLE (entry);

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("−2d6+3"));
  gtk_widget_set_tooltip_text (
    entry, _ ("Type −7, +3, =12, t5, or dice such as −2d6+3, rolled once for all"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Change of Health"), -1);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_box_append (GTK_BOX (line), entry);
  gtk_box_append (GTK_BOX (line), button);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Resistances"), -1);
  for (guint i = 0; i < combatants->len; i++)
    {
      TkrCombatant *combatant = combatants->pdata[i];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0, TKR_HEALTH_MAX_CHANGE, 1);
      g_autofree char *health =
        g_strdup_printf (_ ("Health %d of %d"), tkr_combatant_get_health (combatant),
                         tkr_combatant_get_health_maximum (combatant));
      g_autofree char *label = NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tkr_combatant_get_name (combatant));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), health);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (spin, _ ("Resistance: taken off this combatant’s damage"));
      /* Translators: the accessible name of a resistance field, %s is a combatant */
      label = g_strdup_printf (_ ("Resistance of %s"), tkr_combatant_get_name (combatant));
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (dialog->resistances, spin);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 360);
  gtk_widget_set_margin_start (body, 12);
  gtk_widget_set_margin_end (body, 12);
  gtk_widget_set_margin_bottom (body, 12);
  gtk_box_append (GTK_BOX (body), line);
  gtk_box_append (GTK_BOX (body), scroller);

  /* Translators: the group health dialog's title */
  title = g_strdup_printf (g_dngettext (NULL, "Change Health of %u Combatant",
                                        "Change Health of %u Combatants", combatants->len),
                           combatants->len);
  window = dialog_window_new (parent, title, dialog, body);
  gtk_window_set_default_size (window, 420, -1);
  g_signal_connect_swapped (entry, "activate", G_CALLBACK (group_activate_cb), dialog);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (group_activate_cb), dialog);

  gtk_window_present (window);
  gtk_widget_grab_focus (entry);
  return window;
}

gboolean
tkr_group_health_dialog_apply (GtkWindow *window, const char *text, const int *resistances)
{
  QuickDialog *dialog = TKR_QUICK_DIALOG (window);

  for (guint i = 0; resistances != NULL && i < dialog->resistances->len; i++)
    gtk_spin_button_set_value (dialog->resistances->pdata[i], resistances[i]);
  gtk_editable_set_text (dialog->change, text);
  return change_group (dialog, text);
}

/* Reminders */

static gboolean
add_reminder (QuickDialog *dialog, const char *note, int round)
{
  g_autoptr (GError) error = NULL;
  gboolean ok =
    tkr_reminders_add (dialog->encounter, note, dialog->combatant, round, &error) != NULL;

  return finish (dialog, ok, error);
}

static void
reminder_activate_cb (QuickDialog *dialog)
{
  gtk_spin_button_update (dialog->distance);
  add_reminder (dialog, gtk_editable_get_text (dialog->change),
                gtk_spin_button_get_value_as_int (dialog->distance));
}

GtkWindow *
tkr_reminder_dialog_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *before)
{
  QuickDialog *dialog;
  GtkWidget *body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *label = gtk_label_new_with_mnemonic (_ ("In _round (0 for every round)"));
  GtkWidget *spin = gtk_spin_button_new_with_range (0, TKR_REMINDER_MAX_ROUND, 1);
  GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Add"));
  g_autofree char *title = NULL;
  GtkWindow *window;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_COMBATANT (before), NULL);

  dialog = quick_dialog_new (encounter, before);
  dialog->change = GTK_EDITABLE (entry);
  dialog->distance = GTK_SPIN_BUTTON (spin);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("Reinforcements arrive"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Note"),
                                  -1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), MAX (tkr_encounter_get_round (encounter), 1));
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_box_append (GTK_BOX (line), label);
  gtk_box_append (GTK_BOX (line), spin);
  gtk_box_append (GTK_BOX (line), button);
  gtk_widget_set_margin_start (body, 12);
  gtk_widget_set_margin_end (body, 12);
  gtk_widget_set_margin_bottom (body, 12);
  gtk_box_append (GTK_BOX (body), entry);
  gtk_box_append (GTK_BOX (body), line);

  /* Translators: the reminder dialog's title, %s is a combatant */
  title = g_strdup_printf (_ ("Reminder Before %s’s Turn"), tkr_combatant_get_name (before));
  window = dialog_window_new (parent, title, dialog, body);
  gtk_window_set_default_size (window, 400, -1);
  g_signal_connect_swapped (entry, "activate", G_CALLBACK (reminder_activate_cb), dialog);
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate",
                            G_CALLBACK (reminder_activate_cb), dialog);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (reminder_activate_cb), dialog);

  gtk_window_present (window);
  gtk_widget_grab_focus (entry);
  return window;
}

gboolean
tkr_reminder_dialog_add (GtkWindow *window, const char *note, int round)
{
  QuickDialog *dialog = TKR_QUICK_DIALOG (window);

  gtk_editable_set_text (dialog->change, note);
  gtk_spin_button_set_value (dialog->distance, round);
  return add_reminder (dialog, note, round);
}
