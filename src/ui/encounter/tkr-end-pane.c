/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-end-pane.h"
#include "tkr-feedback.h"

struct _TkrEndPane
{
  GtkWidget parent_instance;

  TkrEncounter *encounter;
  TkrCampaign *campaign;     /* for the choice before the next fight */
  GtkFilterListModel *party; /* the PCs among the participants */
  GHashTable *ticks;         /* TkrCharacter -> its GtkCheckButton */
  GSignalGroup *history_signals;

  GtkWidget *content;
  GtkLabel *summary_label;
  AdwPreferencesGroup *award_group;
  GtkSpinButton *amount_spin;
  AdwEntryRow *reason_row;
  GtkListBox *party_list;
  GtkButton *award_button;
  GtkWidget *next_fight_group;
  GtkWidget *fresh_button;
  GtkWidget *keep_button;
  GtkListView *log_view;
  GtkWidget *end_episode_button;
  GtkWidget *finish_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrEndPane, tkr_end_pane, GTK_TYPE_WIDGET)

static gboolean
is_pc (gpointer item, gpointer user_data)
{
  return tkr_character_is_pc (item);
}

static GPtrArray *
ticked (TkrEndPane *self)
{
  GPtrArray *characters = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer character, check;

  g_hash_table_iter_init (&iter, self->ticks);
  while (g_hash_table_iter_next (&iter, &character, &check))
    if (gtk_check_button_get_active (check))
      g_ptr_array_add (characters, character);
  return characters;
}

static void
update_award_button (TkrEndPane *self)
{
  g_autoptr (GPtrArray) characters = ticked (self);
  int amount = gtk_spin_button_get_value_as_int (self->amount_spin);
  g_autofree char *label = NULL;

  /* Translators: the award button, "Award 1 XP to 4 Characters" */
  label = g_strdup_printf (g_dngettext (NULL, "Award %d XP to %u Character",
                                        "Award %d XP to %u Characters", characters->len),
                           amount, characters->len);
  gtk_button_set_label (self->award_button, label);
  gtk_widget_set_sensitive (GTK_WIDGET (self->award_button), characters->len > 0);
}

static char *
describe_experience (TkrCharacter *character)
{
  /* Translators: a character's level and Experience Points */
  return g_strdup_printf (_ ("Level %d · %d XP"), tkr_character_get_level (character),
                          tkr_character_get_experience (character));
}

typedef struct
{
  TkrEndPane *self;
  TkrCharacter *character; /* owned */
  AdwActionRow *row;
  GtkWidget *check;
  GtkWidget *rest;
  GtkWidget *level_up;
  GtkEntry *archetype;
} PartyRow;

/* The row widget is gone: stop following its character. */
static void
party_row_free (gpointer data, GObject *where_the_row_was)
{
  PartyRow *row = data;

  g_signal_handlers_disconnect_by_data (row->character, row);
  if (row->self->ticks != NULL &&
      g_hash_table_lookup (row->self->ticks, row->character) == row->check)
    g_hash_table_remove (row->self->ticks, row->character);
  g_object_unref (row->character);
  g_free (row);
}

/* The row follows its character: its XP, and whether it can level up. */
static void
party_row_update (PartyRow *row)
{
  g_autofree char *subtitle = describe_experience (row->character);
  TkrRules *rules =
    row->self->encounter != NULL ? tkr_encounter_get_rules (row->self->encounter) : NULL;

  adw_action_row_set_subtitle (row->row, subtitle);
  gtk_widget_set_visible (row->level_up, rules != NULL && tkr_character_get_level_ups_available (
                                                            row->character, rules) > 0);
}

static void
level_up_cb (PartyRow *row)
{
  TkrEndPane *self = row->self;
  const char *archetype = gtk_editable_get_text (GTK_EDITABLE (row->archetype));
  g_autoptr (GError) error = NULL;
  TkrRules *own;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  /* A sheet without Archetype Levels raises the Level alone. */
  own = tkr_character_get_own_rules (row->character);
  if (own != NULL && !tkr_rules_sheet_shows (own, "archetypes"))
    archetype = NULL;
  ok = tkr_character_level_up (row->character, tkr_encounter_get_history (self->encounter),
                               tkr_encounter_get_rules (self->encounter), archetype, &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
  if (ok)
    gtk_menu_button_popdown (GTK_MENU_BUTTON (row->level_up));
}

/* A Rest after the fight, the system's own (tkr_encounter_rest(),
 * help/C/pause-and-end.page): one history step, so undo takes it back. */
static void
rest_cb (PartyRow *row)
{
  TkrEndPane *self = row->self;
  g_autoptr (GError) error = NULL;
  TkrCombatant *combatant;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  combatant = tkr_encounter_find_combatant (self->encounter, row->character);
  ok = combatant != NULL && tkr_encounter_rest (self->encounter, combatant, &error);
  if (tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error))
    {
      /* Translators: a toast, "Alice rests" */
      g_autofree char *message =
        g_strdup_printf (_ ("%s rests"), tkr_character_get_name (row->character));

      tkr_feedback_show (GTK_WIDGET (self), NULL, message, FALSE);
    }
}

static GtkWidget *
create_party_row (gpointer item, gpointer user_data)
{
  TkrEndPane *self = user_data;
  TkrCharacter *character = item;
  PartyRow *row = g_new0 (PartyRow, 1);
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *confirm = gtk_button_new_with_mnemonic (_ ("_Level Up"));
  GListModel *archetypes = tkr_character_get_archetypes (character);
  g_autofree char *level_up_name = NULL;
  g_autofree char *rest_name = NULL;

  row->self = self;
  row->character = g_object_ref (character);
  row->check = check;
  row->row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row),
                                 tkr_character_get_name (character));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  /* The row's title names the tick (the row is its activatable widget). */
  adw_action_row_add_prefix (row->row, check);
  adw_action_row_set_activatable_widget (row->row, check);
  g_hash_table_insert (self->ticks, character, check);
  g_signal_connect_object (check, "toggled", G_CALLBACK (update_award_button), self,
                           G_CONNECT_SWAPPED);

  /* Level Up, right here: which Archetype rises, the first one by default. */
  row->archetype = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (row->archetype, _ ("Archetype"));
  /* Only a system with Archetype Levels asks which one rises. */
  gtk_widget_set_visible (
    GTK_WIDGET (row->archetype),
    tkr_character_get_own_rules (character) == NULL ||
      tkr_rules_sheet_shows (tkr_character_get_own_rules (character), "archetypes"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->archetype), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Archetype that rises"), -1);
  if (g_list_model_get_n_items (archetypes) > 0)
    {
      g_autoptr (TkrModifier) first = g_list_model_get_item (archetypes, 0);
      gtk_editable_set_text (GTK_EDITABLE (row->archetype), tkr_modifier_get_name (first));
    }
  gtk_widget_add_css_class (confirm, "suggested-action");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->archetype));
  gtk_box_append (GTK_BOX (box), confirm);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  row->level_up = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (row->level_up), _ ("Level Up"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (row->level_up), popover);
  gtk_widget_set_valign (row->level_up, GTK_ALIGN_CENTER);
  /* Translators: accessible name of a character's Level Up button */
  level_up_name = g_strdup_printf (_ ("Level up %s"), tkr_character_get_name (character));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->level_up), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  level_up_name, -1);
  adw_action_row_add_suffix (row->row, row->level_up);

  row->rest = gtk_button_new_with_mnemonic (_ ("_Rest"));
  gtk_widget_set_name (row->rest, "rest-button");
  gtk_widget_set_valign (row->rest, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (row->rest, _ ("Rest: regain what the rule system gives back"));
  /* Translators: accessible name of a character's Rest button, "Alice rests" */
  rest_name = g_strdup_printf (_ ("%s rests"), tkr_character_get_name (character));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->rest), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  rest_name, -1);
  adw_action_row_add_suffix (row->row, row->rest);
  /* Only where the system has a Rest (tkr_quick_supports()). */
  gtk_widget_set_visible (row->rest, tkr_quick_supports (self->encounter, TKR_QUICK_REST));
  g_signal_connect_swapped (row->rest, "clicked", G_CALLBACK (rest_cb), row);
  g_signal_connect_swapped (confirm, "clicked", G_CALLBACK (level_up_cb), row);
  g_signal_connect_swapped (row->archetype, "activate", G_CALLBACK (level_up_cb), row);

  g_signal_connect_swapped (character, "notify::experience", G_CALLBACK (party_row_update), row);
  g_signal_connect_swapped (character, "notify::level", G_CALLBACK (party_row_update), row);
  g_object_weak_ref (G_OBJECT (row->row), party_row_free, row);
  party_row_update (row);
  return GTK_WIDGET (row->row);
}

static void
update_summary (TkrEndPane *self)
{
  g_autofree char *summary = NULL;
  guint n = self->party != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->party)) : 0;

  if (self->encounter == NULL)
    return;
  /* Translators: the End pane's title: rounds fought */
  summary = g_strdup_printf (g_dngettext (NULL, "The fight is over after %d round",
                                          "The fight is over after %d rounds",
                                          tkr_encounter_get_round (self->encounter)),
                             tkr_encounter_get_round (self->encounter));
  gtk_label_set_text (self->summary_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->award_group), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->party_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->award_button), n > 0);
  update_award_button (self);
}

/* The amounts the system allows, from its rule data. */
static void
set_up_amount (TkrEndPane *self)
{
  TkrRules *rules = tkr_encounter_get_rules (self->encounter);
  int lowest, highest;

  tkr_rules_get_award_bounds (rules, &lowest, &highest);
  gtk_spin_button_set_range (self->amount_spin, lowest, highest);
  gtk_spin_button_set_increments (self->amount_spin, 1, 5);
  gtk_spin_button_set_value (self->amount_spin, tkr_rules_get_usual_award (rules));
}

static void
award_clicked_cb (TkrEndPane *self)
{
  g_autoptr (GPtrArray) characters = ticked (self);
  g_autoptr (GError) error = NULL;
  const char *reason = gtk_editable_get_text (GTK_EDITABLE (self->reason_row));
  gboolean ok;

  if (self->encounter == NULL)
    return;
  ok = tkr_encounter_award_party (self->encounter, characters,
                                  gtk_spin_button_get_value_as_int (self->amount_spin), reason,
                                  &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
  if (ok)
    gtk_editable_set_text (GTK_EDITABLE (self->reason_row), "");
}

/* The first shown Level Up button under @widget: the only menu button
 * a party row has. */
static GtkWidget *
find_level_up (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_MENU_BUTTON (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_level_up (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Level Up by key: the first party row that can level up opens its
 * choice of archetype, as its button would. */
static gboolean
open_first_level_up (TkrEndPane *self)
{
  GtkWidget *button = find_level_up (GTK_WIDGET (self->party_list));

  if (button != NULL)
    {
      gtk_menu_button_popup (GTK_MENU_BUTTON (button));
      return TRUE;
    }
  tkr_feedback_show (GTK_WIDGET (self), self->error_label, _ ("Nobody can level up yet"), TRUE);
  return FALSE;
}

/* The End's keys (help/C/keyboard.page): award the amount shown to
 * everyone ticked, open the first Level Up, or the party's Rest (the Rest
 * key at the End). */
static void
end_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrEndPane *self = TKR_END_PANE (widget);

  if (g_str_equal (action_name, "end.award-xp"))
    {
      if (gtk_widget_get_sensitive (GTK_WIDGET (self->award_button)))
        award_clicked_cb (self);
      else
        tkr_feedback_show (GTK_WIDGET (self), self->error_label,
                           _ ("Tick who gets the award first"), TRUE);
    }
  else if (g_str_equal (action_name, "end.level-up"))
    open_first_level_up (self);
  else if (g_str_equal (action_name, "end.rest") && self->encounter != NULL)
    {
      g_autoptr (GError) error = NULL;
      gboolean ok = tkr_encounter_rest_party (self->encounter, &error);

      tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
    }
}

static void
between_fights (TkrEndPane *self, TkrBetweenFights choice)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->campaign == NULL)
    return;
  ok = tkr_campaign_between_fights (self->campaign, choice, &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static void
finish_clicked_cb (TkrEndPane *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  ok = tkr_encounter_finish (self->encounter, &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static void
end_episode_response_cb (AdwMessageDialog *dialog, const char *response, TkrEndPane *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (g_strcmp0 (response, "end") != 0 || self->campaign == NULL)
    return;
  ok = tkr_campaign_end_episode (self->campaign, &error);
  if (tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error))
    tkr_feedback_show (GTK_WIDGET (self), NULL, _ ("The Episode is over: the party is restored"),
                       FALSE);
}

/* Asks first: the end of an Episode touches the whole party. Returns
 * the dialog, for tests. */
GtkWidget *
tkr_end_pane_end_episode (TkrEndPane *self)
{
  GtkRoot *root;
  GtkWidget *dialog;

  g_return_val_if_fail (TKR_IS_END_PANE (self), NULL);

  if (self->campaign == NULL)
    return NULL;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog =
    adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _ ("End the Episode?"),
                            _ ("Every PC of the party gets its pools back to their maximum "
                               "and loses every condition, including those that last "
                               "until the end of an Episode. Undo can take it back."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "end",
                                    _ ("_End Episode"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (end_episode_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
end_episode_clicked_cb (TkrEndPane *self)
{
  tkr_end_pane_end_episode (self);
}

static void
fresh_clicked_cb (TkrEndPane *self)
{
  between_fights (self, TKR_BETWEEN_FIGHTS_RESET);
}

static void
keep_clicked_cb (TkrEndPane *self)
{
  between_fights (self, TKR_BETWEEN_FIGHTS_KEEP);
}

void
tkr_end_pane_set_campaign (TkrEndPane *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_END_PANE (self));

  g_set_object (&self->campaign, campaign);
  gtk_widget_set_visible (self->next_fight_group, campaign != NULL);
  gtk_widget_set_visible (self->end_episode_button, campaign != NULL);
}

/* The newest line (an award just given) is the one in view. */
static void
show_newest_log_line (TkrEndPane *self)
{
  GListModel *log = G_LIST_MODEL (gtk_list_view_get_model (self->log_view));
  guint n = log != NULL ? g_list_model_get_n_items (log) : 0;

  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", n - 1);
}

void
tkr_end_pane_set_encounter (TkrEndPane *self, TkrEncounter *encounter)
{
  g_return_if_fail (TKR_IS_END_PANE (self));

  if (!g_set_object (&self->encounter, encounter))
    return;
  g_hash_table_remove_all (self->ticks);
  g_clear_object (&self->party);
  g_signal_group_set_target (self->history_signals,
                             encounter != NULL ? tkr_encounter_get_history (encounter) : NULL);
  if (encounter != NULL)
    {
      self->party =
        gtk_filter_list_model_new (g_object_ref (tkr_encounter_get_participants (encounter)),
                                   GTK_FILTER (gtk_custom_filter_new (is_pc, NULL, NULL)));
      set_up_amount (self);
    }
  gtk_list_box_bind_model (self->party_list, self->party ? G_LIST_MODEL (self->party) : NULL,
                           create_party_row, self, NULL);
  /* The log, one recycled row per visible line, newest at the end. */
  {
    g_autoptr (GtkNoSelection) log = gtk_no_selection_new (
      encounter != NULL ? g_object_ref (tkr_encounter_get_log (encounter)) : NULL);

    gtk_list_view_set_model (self->log_view, GTK_SELECTION_MODEL (log));
    if (encounter != NULL)
      g_signal_connect_object (log, "items-changed", G_CALLBACK (show_newest_log_line), self,
                               G_CONNECT_SWAPPED);
    show_newest_log_line (self);
  }
  update_summary (self);
}

static void
tkr_end_pane_dispose (GObject *object)
{
  TkrEndPane *self = TKR_END_PANE (object);

  if (self->party_list != NULL)
    gtk_list_box_bind_model (self->party_list, NULL, NULL, NULL, NULL);
  if (self->log_view != NULL)
    gtk_list_view_set_model (self->log_view, NULL);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->history_signals);
  g_clear_pointer (&self->ticks, g_hash_table_unref);
  g_clear_object (&self->party);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_END_PANE);
  G_OBJECT_CLASS (tkr_end_pane_parent_class)->dispose (object);
}

static void
tkr_end_pane_class_init (TkrEndPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_end_pane_dispose;
  g_type_ensure (TKR_TYPE_LOG_ENTRY); /* named in the log rows' template */
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-end-pane.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrEndPane, name)
  CHILD (content);
  CHILD (summary_label);
  CHILD (award_group);
  CHILD (amount_spin);
  CHILD (reason_row);
  CHILD (party_list);
  CHILD (award_button);
  CHILD (next_fight_group);
  CHILD (fresh_button);
  CHILD (keep_button);
  CHILD (log_view);
  CHILD (end_episode_button);
  CHILD (finish_button);
  CHILD (error_label);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, award_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, fresh_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, keep_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, finish_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_episode_clicked_cb);
  gtk_widget_class_install_action (widget_class, "end.award-xp", NULL, end_action);
  gtk_widget_class_install_action (widget_class, "end.level-up", NULL, end_action);
  gtk_widget_class_install_action (widget_class, "end.rest", NULL, end_action);
}

static void
tkr_end_pane_init (TkrEndPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (self->next_fight_group, FALSE);
  gtk_widget_set_visible (self->end_episode_button, FALSE);
  self->ticks = g_hash_table_new (NULL, NULL);
  g_signal_connect_object (self->amount_spin, "value-changed", G_CALLBACK (update_award_button),
                           self, G_CONNECT_SWAPPED);
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "changed", G_CALLBACK (update_summary),
                                  self);
}

GtkWidget *
tkr_end_pane_new (void)
{
  return g_object_new (TKR_TYPE_END_PANE, NULL);
}
