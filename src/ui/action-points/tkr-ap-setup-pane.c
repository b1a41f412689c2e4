/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-participant-row.h"
#include "tkr-ap-setup-pane.h"
#include "tkr-feedback.h"

struct _TkrApSetupPane
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  TkrApEncounter *encounter;
  GSignalGroup *history_signals;
  GSignalGroup *party_signals;

  GtkLabel *setup_title;
  GtkButton *begin_main_button;
  GtkButton *add_party_button;
  GtkButton *abandon_button;
  GtkListBox *participants_list;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrApSetupPane, tkr_ap_setup_pane, ADW_TYPE_BIN)

static void
participant_refused_cb (TkrApSetupPane *self, const GError *error)
{
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, FALSE, error);
}

static GtkWidget *
create_participant_row (gpointer item, gpointer user_data)
{
  TkrApSetupPane *self = user_data;
  GtkWidget *row = tkr_ap_participant_row_new (self->encounter, item);

  g_signal_connect_object (row, "refused", G_CALLBACK (participant_refused_cb), self,
                           G_CONNECT_SWAPPED);
  return row;
}

static void
add_party_clicked_cb (TkrApSetupPane *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->campaign == NULL || self->encounter == NULL)
    return;
  ok = tkr_campaign_add_party_to_encounter (self->campaign, &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static void
update (TkrApSetupPane *self)
{
  GListModel *members = self->encounter ? tkr_ap_encounter_get_members (self->encounter) : NULL;
  guint missing = 0;

  if (self->campaign != NULL && self->encounter != NULL)
    missing = tkr_campaign_count_party_outside_encounter (self->campaign);
  gtk_widget_set_visible (GTK_WIDGET (self->participants_list),
                          members != NULL && g_list_model_get_n_items (members) > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_party_button), missing > 0);
}

void
tkr_ap_setup_pane_set_encounter (TkrApSetupPane *self,
                                 TkrCampaign *campaign,
                                 TkrApEncounter *encounter)
{
  g_return_if_fail (TKR_IS_AP_SETUP_PANE (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));
  g_return_if_fail (encounter == NULL || TKR_IS_AP_ENCOUNTER (encounter));

  g_set_object (&self->campaign, campaign);
  /* A PC new in the party can be added with the party button. */
  g_signal_group_set_target (self->party_signals,
                             campaign ? tkr_campaign_get_party (campaign) : NULL);
  if (g_set_object (&self->encounter, encounter))
    {
      g_signal_group_set_target (self->history_signals,
                                 encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                           : NULL);
      gtk_list_box_bind_model (self->participants_list,
                               encounter ? tkr_ap_encounter_get_members (encounter) : NULL,
                               create_participant_row, self, NULL);
      tkr_feedback_clear (self->error_label);
    }
  update (self);
}

static void
tkr_ap_setup_pane_dispose (GObject *object)
{
  TkrApSetupPane *self = TKR_AP_SETUP_PANE (object);

  GSignalGroup **groups[] = {
    &self->history_signals,
    &self->party_signals,
  };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  if (self->participants_list != NULL)
    gtk_list_box_bind_model (self->participants_list, NULL, NULL, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_SETUP_PANE);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_ap_setup_pane_parent_class)->dispose (object);
}

static void
tkr_ap_setup_pane_class_init (TkrApSetupPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_ap_setup_pane_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-ap-setup-pane.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrApSetupPane, name)
  BIND (setup_title);
  BIND (begin_main_button);
  BIND (add_party_button);
  BIND (abandon_button);
  BIND (participants_list);
  BIND (error_label);
#undef BIND
}

static void
tkr_ap_setup_pane_init (TkrApSetupPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->add_party_button, "clicked", G_CALLBACK (add_party_clicked_cb),
                           self, G_CONNECT_SWAPPED);

  /* The members and the party. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (update), self,
                                 G_CONNECT_SWAPPED);
  self->party_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->party_signals, "items-changed", G_CALLBACK (update), self,
                                 G_CONNECT_SWAPPED);
  update (self);
}

GtkWidget *
tkr_ap_setup_pane_new (void)
{
  return g_object_new (TKR_TYPE_AP_SETUP_PANE, NULL);
}
