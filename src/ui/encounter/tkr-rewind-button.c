/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-rewind-button.h"

struct _TkrRewindButton
{
  GtkWidget parent_instance;

  GtkWidget *button; /* a GtkMenuButton */
  GMenu *menu;
  GArray *starts; /* the menu's TkrJournalRound, item by item */
  TkrJournal *journal;
  TkrHistory *history;
};

G_DEFINE_FINAL_TYPE (TkrRewindButton, tkr_rewind_button, GTK_TYPE_WIDGET)

/* The rounds change with every step: a round begins, a rewind or an undo
 * moves the fight. */
static void
update (TkrRewindButton *self)
{
  g_autoptr (GArray) starts = NULL;
  TkrPhase phase;

  g_menu_remove_all (self->menu);
  g_clear_pointer (&self->starts, g_array_unref);
  if (self->journal == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  phase =
    tkr_tracker_get_phase (tkr_campaign_get_tracker (tkr_journal_get_campaign (self->journal)));
  starts = tkr_journal_list_round_starts (self->journal);
  if (phase != TKR_PHASE_MAIN && phase != TKR_PHASE_PAUSED && phase != TKR_PHASE_END)
    g_array_set_size (starts, 0);
  for (guint i = 0; i < starts->len; i++)
    {
      TkrJournalRound *start = &g_array_index (starts, TkrJournalRound, i);
      g_autofree char *label = NULL;
      g_autoptr (GMenuItem) item = NULL;

      /* The Action-Point system counts rounds again in every Turn: its
       * items name the Turn (help/C/files-and-backups.page, "Rewinding
       * a fight"). */
      if (start->turn != 0)
        /* Translators: the Action-Point Turn, then the round in it */
        label = g_strdup_printf (_ ("Turn %d, Start of Round %d"), start->turn, start->round);
      else
        label = g_strdup_printf (_ ("Start of Round %d"), start->round);
      item = g_menu_item_new (label, NULL);
      /* The item's place: the round start itself is the journal's. */
      g_menu_item_set_action_and_target_value (item, "rewind.start", g_variant_new_uint32 (i));
      g_menu_append_item (self->menu, item);
    }
  self->starts = g_steal_pointer (&starts);
  gtk_widget_set_visible (GTK_WIDGET (self),
                          g_menu_model_get_n_items (G_MENU_MODEL (self->menu)) > 0);
}

static void
rewind_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrRewindButton *self = TKR_REWIND_BUTTON (widget);
  g_autoptr (GError) error = NULL;
  guint item = g_variant_get_uint32 (parameter);
  TkrJournalRound *start;

  if (self->journal == NULL || self->starts == NULL || item >= self->starts->len)
    return;
  start = &g_array_index (self->starts, TkrJournalRound, item);
  if (!tkr_journal_rewind_to (self->journal, start->turn, start->round, &error))
    tkr_feedback_show (widget, NULL, error->message, TRUE);
}

static void
tkr_rewind_button_dispose (GObject *object)
{
  TkrRewindButton *self = TKR_REWIND_BUTTON (object);

  tkr_rewind_button_set_journal (self, NULL);
  g_clear_pointer (&self->button, gtk_widget_unparent);
  g_clear_object (&self->menu);
  g_clear_pointer (&self->starts, g_array_unref);

  G_OBJECT_CLASS (tkr_rewind_button_parent_class)->dispose (object);
}

static void
tkr_rewind_button_class_init (TkrRewindButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_rewind_button_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_install_action (widget_class, "rewind.start", "u", rewind_action);
}

static void
tkr_rewind_button_init (TkrRewindButton *self)
{
  const char *name = _ ("Rewind to the Start of a Round");

  self->menu = g_menu_new ();
  self->button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->button), "document-revert-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->button), G_MENU_MODEL (self->menu));
  gtk_widget_set_tooltip_text (self->button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
  gtk_widget_add_css_class (self->button, "circular");
  gtk_widget_set_valign (self->button, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->button, GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
tkr_rewind_button_new (void)
{
  return g_object_new (TKR_TYPE_REWIND_BUTTON, NULL);
}

void
tkr_rewind_button_set_journal (TkrRewindButton *self, TkrJournal *journal)
{
  g_return_if_fail (TKR_IS_REWIND_BUTTON (self));
  g_return_if_fail (journal == NULL || TKR_IS_JOURNAL (journal));

  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_clear_object (&self->history);
  g_set_object (&self->journal, journal);
  if (journal != NULL)
    {
      self->history = g_object_ref (tkr_campaign_get_history (tkr_journal_get_campaign (journal)));
      g_signal_connect_swapped (self->history, "changed", G_CALLBACK (update), self);
    }
  update (self);
}

TkrJournal *
tkr_rewind_button_get_journal (TkrRewindButton *self)
{
  g_return_val_if_fail (TKR_IS_REWIND_BUTTON (self), NULL);
  return self->journal;
}

GMenuModel *
tkr_rewind_button_get_menu (TkrRewindButton *self)
{
  g_return_val_if_fail (TKR_IS_REWIND_BUTTON (self), NULL);
  return G_MENU_MODEL (self->menu);
}
