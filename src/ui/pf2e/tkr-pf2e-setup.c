/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-pf2e-order-row.h"
#include "tkr-pf2e-setup-row.h"
#include "tkr-pf2e-setup.h"

struct _TkrPf2eSetup
{
  AdwBin parent_instance;

  TkrPf2eEncounter *encounter;
  GRand *rand;
  GSignalGroup *history_signals;

  GtkWidget *roll_rest_button;
  GtkListBox *setup_list;
  GtkListBox *preview_list;
  GtkLabel *waiting_label;
  GtkWidget *begin_main_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrPf2eSetup, tkr_pf2e_setup, ADW_TYPE_BIN)

static void
report (TkrPf2eSetup *self, gboolean ok, const GError *error)
{
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

/* Who still has to roll; the order's rows follow the core's tentative
 * order by themselves. */
static void
refresh (TkrPf2eSetup *self)
{
  g_autoptr (GString) waiting = g_string_new (NULL);
  GListModel *combatants;

  if (self->encounter == NULL ||
      tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter)) != TKR_PHASE_SETUP)
    return;

  gtk_widget_set_visible (
    GTK_WIDGET (self->preview_list),
    g_list_model_get_n_items (tkr_pf2e_encounter_get_tentative_order (self->encounter)) > 0);

  combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (self->encounter));
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrPf2eCombatant) combatant = g_list_model_get_item (combatants, i);

      if (tkr_pf2e_combatant_has_initiative (combatant))
        continue;
      if (waiting->len > 0)
        g_string_append (waiting, ", ");
      g_string_append (waiting, tkr_combatant_get_name (TKR_COMBATANT (combatant)));
    }
  if (waiting->len > 0)
    {
      /* Translators: a list of creature names */
      g_autofree char *text = g_strdup_printf (_ ("Still to roll: %s"), waiting->str);

      gtk_label_set_text (self->waiting_label, text);
    }
  else
    gtk_label_set_text (self->waiting_label, _ ("Everyone has rolled."));
  gtk_widget_set_sensitive (self->roll_rest_button, waiting->len > 0);
}

static void
roll_rest_clicked_cb (TkrPf2eSetup *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  ok = tkr_pf2e_encounter_roll_remaining (self->encounter, self->rand, &error);
  report (self, ok, error);
}

static GtkWidget *
create_setup_row (gpointer item, gpointer user_data)
{
  TkrPf2eSetup *self = user_data;

  return tkr_pf2e_setup_row_new (self->encounter, item, self->rand, self->error_label);
}

static GtkWidget *
create_order_row (gpointer item, gpointer user_data)
{
  TkrPf2eSetup *self = user_data;

  return tkr_pf2e_order_row_new (self->encounter, item, self->error_label);
}

void
tkr_pf2e_setup_set_encounter (TkrPf2eSetup *self, TkrPf2eEncounter *encounter)
{
  g_return_if_fail (TKR_IS_PF2E_SETUP (self));
  g_return_if_fail (encounter == NULL || TKR_IS_PF2E_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  /* The core's order follows the history from here on, before this view
   * does (refresh reads it). */
  gtk_list_box_bind_model (self->preview_list,
                           encounter ? tkr_pf2e_encounter_get_tentative_order (encounter) : NULL,
                           create_order_row, self, NULL);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  gtk_list_box_bind_model (
    self->setup_list, encounter ? tkr_encounter_get_combatants (TKR_ENCOUNTER (encounter)) : NULL,
    create_setup_row, self, NULL);
  tkr_feedback_clear (self->error_label);
  refresh (self);
}

static void
tkr_pf2e_setup_dispose (GObject *object)
{
  TkrPf2eSetup *self = TKR_PF2E_SETUP (object);

  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->history_signals);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_SETUP);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_pf2e_setup_parent_class)->dispose (object);
}

static void
tkr_pf2e_setup_finalize (GObject *object)
{
  g_clear_pointer (&TKR_PF2E_SETUP (object)->rand, g_rand_free);

  G_OBJECT_CLASS (tkr_pf2e_setup_parent_class)->finalize (object);
}

static void
tkr_pf2e_setup_class_init (TkrPf2eSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_pf2e_setup_dispose;
  object_class->finalize = tkr_pf2e_setup_finalize;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, roll_rest_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, setup_list);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, preview_list);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, waiting_label);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, begin_main_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, error_label);
  gtk_widget_class_bind_template_callback (widget_class, roll_rest_clicked_cb);
}

static void
tkr_pf2e_setup_init (TkrPf2eSetup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rand = g_rand_new ();
  /* Every step, undo and redo: who still has to roll (each creature's
   * row follows its own combatant, each place of the order its own
   * place). */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (refresh), self,
                                 G_CONNECT_SWAPPED);
}
