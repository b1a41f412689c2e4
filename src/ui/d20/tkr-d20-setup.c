/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-order-row.h"
#include "tkr-d20-setup-row.h"
#include "tkr-d20-setup.h"
#include "tkr-d20-tie-row.h"
#include "tkr-encounter-ui.h"

struct _TkrD20Setup
{
  AdwBin parent_instance;

  TkrD20Encounter *encounter;
  GSignalGroup *history_signals;

  GtkListBox *setup_list;
  GtkWidget *roll_missing_button;
  GtkWidget *ties_group;
  GtkListBox *ties_list;
  GtkListBox *order_list;
  GtkWidget *begin_main_button;
  GtkWidget *abandon_button;
};

G_DEFINE_FINAL_TYPE (TkrD20Setup, tkr_d20_setup, ADW_TYPE_BIN)

/* After every step, undo and redo: the ties group shows while someone is
 * tied (seed, Initiative: the tied roll again as a contest), and there
 * is someone to roll for. The lists follow the core's by themselves. */
static void
update (TkrD20Setup *self)
{
  TkrD20Encounter *encounter = self->encounter;

  gtk_widget_set_visible (self->ties_group,
                          encounter != NULL &&
                            g_list_model_get_n_items (tkr_d20_encounter_get_tied (encounter)) > 0);
  gtk_widget_set_sensitive (
    self->roll_missing_button,
    encounter != NULL &&
      g_list_model_get_n_items (tkr_d20_encounter_get_creatures (encounter)) > 0);
}

static void
roll_missing_clicked_cb (TkrD20Setup *self)
{
  TkrHistory *history;
  GListModel *combatants;
  g_autoptr (GError) error = NULL;

  if (self->encounter == NULL)
    return;
  history = tkr_encounter_get_history (TKR_ENCOUNTER (self->encounter));
  combatants = tkr_d20_encounter_get_creatures (self->encounter);
  tkr_history_begin (history, N_ ("Roll initiative"));
  for (guint i = 0; i < g_list_model_get_n_items (combatants) && error == NULL; i++)
    {
      g_autoptr (TkrD20Combatant) combatant = g_list_model_get_item (combatants, i);

      if (!tkr_d20_combatant_has_initiative (combatant))
        tkr_d20_encounter_roll_initiative (self->encounter, combatant, NULL, &error);
    }
  tkr_history_end (history);
  tkr_encounter_ui_report (GTK_WIDGET (self), error == NULL, error);
}

static GtkWidget *
create_setup_row (gpointer item, gpointer self)
{
  return tkr_d20_setup_row_new (TKR_D20_SETUP (self)->encounter, item);
}

static GtkWidget *
create_tie_row (gpointer item, gpointer self)
{
  return tkr_d20_tie_row_new (TKR_D20_SETUP (self)->encounter, item);
}

/* The order as it stands, by the core's own order function (the one
 * Round 1 begins with), kept by the core. */
static GtkWidget *
create_order_row (gpointer item, gpointer self)
{
  return tkr_d20_order_row_new (item);
}

void
tkr_d20_setup_set_encounter (TkrD20Setup *self, TkrD20Encounter *encounter)
{
  g_return_if_fail (TKR_IS_D20_SETUP (self));
  g_return_if_fail (encounter == NULL || TKR_IS_D20_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  /* The core's Setup lists follow the history from here on, before this
   * pane does (update reads them). */
  gtk_list_box_bind_model (self->ties_list,
                           encounter ? tkr_d20_encounter_get_tied (encounter) : NULL,
                           create_tie_row, self, NULL);
  gtk_list_box_bind_model (self->order_list,
                           encounter ? tkr_d20_encounter_get_tentative_order (encounter) : NULL,
                           create_order_row, self, NULL);
  gtk_list_box_bind_model (self->setup_list,
                           encounter ? tkr_d20_encounter_get_creatures (encounter) : NULL,
                           create_setup_row, self, NULL);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  update (self);
}

static void
tkr_d20_setup_dispose (GObject *object)
{
  TkrD20Setup *self = TKR_D20_SETUP (object);

  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->history_signals);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_SETUP);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_d20_setup_parent_class)->dispose (object);
}

static void
tkr_d20_setup_class_init (TkrD20SetupClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_d20_setup_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-d20-setup.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrD20Setup, name)
  BIND (setup_list);
  BIND (roll_missing_button);
  BIND (ties_group);
  BIND (ties_list);
  BIND (order_list);
  BIND (begin_main_button);
  BIND (abandon_button);
#undef BIND
}

static void
tkr_d20_setup_init (TkrD20Setup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->roll_missing_button, "clicked",
                           G_CALLBACK (roll_missing_clicked_cb), self, G_CONNECT_SWAPPED);
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (update), self,
                                 G_CONNECT_SWAPPED);
  update (self);
}

GtkWidget *
tkr_d20_setup_new (void)
{
  return g_object_new (TKR_TYPE_D20_SETUP, NULL);
}
