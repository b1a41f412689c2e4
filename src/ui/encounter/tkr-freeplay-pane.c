/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"
#include "tkr-freeplay-pane.h"

struct _TkrFreeplayPane
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  TkrEncounter *encounter;
  GListModel *participants;
  GSignalGroup *participants_signals;
  GSignalGroup *party_signals;
  TkrFreeplayTexts texts;

  AdwStatusPage *freeplay_page;
  GtkButton *begin_setup_button;
  GtkButton *add_party_button;
  GtkListBox *participants_list;
  AdwBin *extra_bin;
};

G_DEFINE_FINAL_TYPE (TkrFreeplayPane, tkr_freeplay_pane, ADW_TYPE_BIN)

/* What depends on how many take part and who of the party is missing. */
static void
update (TkrFreeplayPane *self)
{
  guint n = self->participants ? g_list_model_get_n_items (self->participants) : 0;
  guint missing = 0;

  if (self->campaign != NULL && self->encounter != NULL)
    missing = tkr_campaign_count_party_outside_encounter (self->campaign);
  gtk_widget_set_visible (GTK_WIDGET (self->participants_list), n > 0);
  /* The party button only makes sense while someone of it is missing. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_party_button), missing > 0);
  if (self->texts.hint != NULL)
    adw_status_page_set_description (self->freeplay_page,
                                     n > 0 ? _ (self->texts.hint) : _ (self->texts.hint_empty));
}

static void
add_party_clicked_cb (TkrFreeplayPane *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->campaign == NULL || self->encounter == NULL)
    return;
  ok = tkr_campaign_add_party_to_encounter (self->campaign, &error);
  tkr_encounter_ui_report (GTK_WIDGET (self), ok, error);
}

void
tkr_freeplay_pane_set_texts (TkrFreeplayPane *self, const TkrFreeplayTexts *texts)
{
  g_return_if_fail (TKR_IS_FREEPLAY_PANE (self));
  g_return_if_fail (texts != NULL);

  self->texts = *texts;
  adw_status_page_set_title (self->freeplay_page, _ (texts->title));
  gtk_button_set_label (self->begin_setup_button, _ (texts->begin_label));
  tkr_encounter_ui_set_tooltip (GTK_WIDGET (self->begin_setup_button), _ (texts->begin_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->participants_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _ (texts->list_name), -1);
  update (self);
}

void
tkr_freeplay_pane_bind (TkrFreeplayPane *self,
                        TkrCampaign *campaign,
                        TkrEncounter *encounter,
                        GListModel *participants,
                        GtkListBoxCreateWidgetFunc create_row,
                        gpointer user_data)
{
  g_return_if_fail (TKR_IS_FREEPLAY_PANE (self));
  g_return_if_fail (participants == NULL || create_row != NULL);

  g_set_object (&self->campaign, campaign);
  g_set_object (&self->encounter, encounter);
  /* A PC new in the party can be added with the party button. */
  g_signal_group_set_target (self->party_signals,
                             campaign ? tkr_campaign_get_party (campaign) : NULL);
  if (g_set_object (&self->participants, participants))
    {
      g_signal_group_set_target (self->participants_signals, participants);
      gtk_list_box_bind_model (self->participants_list, participants,
                               participants ? create_row : NULL, user_data, NULL);
    }
  update (self);
}

void
tkr_freeplay_pane_set_extra (TkrFreeplayPane *self, GtkWidget *extra)
{
  g_return_if_fail (TKR_IS_FREEPLAY_PANE (self));

  adw_bin_set_child (self->extra_bin, extra);
  gtk_widget_set_visible (GTK_WIDGET (self->extra_bin), extra != NULL);
}

static void
tkr_freeplay_pane_dispose (GObject *object)
{
  TkrFreeplayPane *self = TKR_FREEPLAY_PANE (object);

  if (self->participants_list != NULL)
    gtk_list_box_bind_model (self->participants_list, NULL, NULL, NULL, NULL);
  if (self->participants_signals != NULL)
    g_signal_group_set_target (self->participants_signals, NULL);
  if (self->party_signals != NULL)
    g_signal_group_set_target (self->party_signals, NULL);
  g_clear_object (&self->participants_signals);
  g_clear_object (&self->party_signals);
  /* The status page is the bin's child: the bin lets it go first. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_FREEPLAY_PANE);
  g_clear_object (&self->participants);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_freeplay_pane_parent_class)->dispose (object);
}

static void
tkr_freeplay_pane_class_init (TkrFreeplayPaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_freeplay_pane_dispose;
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-freeplay-pane.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrFreeplayPane, name)
  BIND (freeplay_page);
  BIND (begin_setup_button);
  BIND (add_party_button);
  BIND (participants_list);
  BIND (extra_bin);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, add_party_clicked_cb);
}

static void
tkr_freeplay_pane_init (TkrFreeplayPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->participants_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->participants_signals, "items-changed", G_CALLBACK (update),
                                 self, G_CONNECT_SWAPPED);
  self->party_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->party_signals, "items-changed", G_CALLBACK (update), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_freeplay_pane_new (void)
{
  return g_object_new (TKR_TYPE_FREEPLAY_PANE, NULL);
}
