/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-end-view.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"

struct _TkrKlepEndView
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  GtkFilterListModel *pcs;

  GtkListBox *pcs_list;
  GtkLabel *error_label;
  GtkButton *finish_button;
  GtkButton *end_episode_button;
};

G_DEFINE_FINAL_TYPE (TkrKlepEndView, tkr_klep_end_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TkrKlepEncounter *
get_encounter (TkrKlepEndView *self)
{
  return self->campaign ? tkr_campaign_get_klep_encounter (self->campaign) : NULL;
}

static gboolean
report (TkrKlepEndView *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

/* A PC's row */

static void
update_row (GtkWidget *row)
{
  TkrKlepEndView *self = g_object_get_data (G_OBJECT (row), "tkr-view");
  TkrCharacter *character = g_object_get_data (G_OBJECT (row), "tkr-character");
  GtkLabel *subtitle = g_object_get_data (G_OBJECT (row), "tkr-subtitle");
  GtkWidget *badge = g_object_get_data (G_OBJECT (row), "tkr-badge");
  GtkLabel *name = g_object_get_data (G_OBJECT (row), "tkr-name");
  TkrPool *health = tkr_character_get_pool (character, TKR_POOL_HEALTH);
  TkrPool *recoveries = tkr_character_get_pool (character, TKR_POOL_RECOVERIES);
  g_autofree char *text = NULL;
  int level_ups = 0;

  if (self->campaign != NULL)
    level_ups =
      tkr_character_get_level_ups_available (character, tkr_campaign_get_rules (self->campaign));

  gtk_label_set_text (name, tkr_character_get_name (character));
  /* TRANSLATORS: a PC at the end of an encounter: Level, XP, Health, Recoveries */
  text = g_strdup_printf (_ ("Level %d · %d XP · Health %d/%d · Recoveries %d"),
                          tkr_character_get_level (character),
                          tkr_character_get_experience (character), tkr_pool_get_current (health),
                          tkr_pool_get_maximum (health), tkr_pool_get_current (recoveries));
  gtk_label_set_text (subtitle, text);
  gtk_widget_set_visible (badge, level_ups > 0);
}

static void
award_clicked_cb (GtkWidget *button, TkrKlepEndView *self)
{
  TkrCharacter *character = g_object_get_data (G_OBJECT (button), "tkr-character");

  tkr_klep_end_view_award (self, character);
}

static void
rest_clicked_cb (GtkWidget *button, TkrKlepEndView *self)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *character = g_object_get_data (G_OBJECT (button), "tkr-character");
  gboolean ok;

  if (self->campaign == NULL)
    return;

  ok = tkr_character_rest (character, tkr_campaign_get_history (self->campaign),
                           tkr_campaign_get_rules (self->campaign), &error);
  if (report (self, ok, error))
    {
      /* TRANSLATORS: "Alice rests" */
      g_autofree char *message =
        g_strdup_printf (_ ("%s rests"), tkr_character_get_name (character));

      tkr_feedback_show (GTK_WIDGET (self), NULL, message, FALSE);
    }
}

static GtkWidget *
create_pc_row (gpointer item, gpointer user_data)
{
  TkrKlepEndView *self = user_data;
  TkrCharacter *character = item;
  const char *name = tkr_character_get_name (character);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *badge = gtk_label_new (_ ("Level Up available"));
  GtkWidget *subtitle = gtk_label_new (NULL);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *award = gtk_button_new_with_mnemonic (_ ("_Award XP…"));
  GtkWidget *rest = gtk_button_new_with_mnemonic (_ ("_Rest"));
  g_autofree char *award_name = g_strdup_printf (_ ("Award Experience to %s"), name);
  g_autofree char *rest_name = g_strdup_printf (_ ("%s rests"), name);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);

  gtk_label_set_xalign (GTK_LABEL (name_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name_label, TRUE);
  gtk_widget_add_css_class (name_label, "heading");
  gtk_widget_add_css_class (badge, "accent");
  gtk_widget_add_css_class (badge, "caption-heading");
  gtk_widget_add_css_class (badge, "level-up-badge");
  gtk_widget_set_tooltip_text (badge, _ ("Enough Experience for a Level Up: use the sheet"));
  gtk_box_append (GTK_BOX (top), name_label);
  gtk_box_append (GTK_BOX (top), badge);

  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "numeric");

  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_tooltip_text (award, _ ("Give this PC Experience for the encounter"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (award), GTK_ACCESSIBLE_PROPERTY_LABEL, award_name,
                                  -1);
  gtk_widget_set_tooltip_text (rest, _ ("Spend a Recovery to regain Health and reset Shield"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (rest), GTK_ACCESSIBLE_PROPERTY_LABEL, rest_name,
                                  -1);
  g_object_set_data (G_OBJECT (award), "tkr-character", character);
  g_object_set_data (G_OBJECT (rest), "tkr-character", character);
  g_signal_connect_object (award, "clicked", G_CALLBACK (award_clicked_cb), self, 0);
  g_signal_connect_object (rest, "clicked", G_CALLBACK (rest_clicked_cb), self, 0);
  gtk_box_append (GTK_BOX (buttons), rest);
  gtk_box_append (GTK_BOX (buttons), award);

  gtk_box_append (GTK_BOX (box), top);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  g_object_set_data (G_OBJECT (row), "tkr-view", self);
  g_object_set_data_full (G_OBJECT (row), "tkr-character", g_object_ref (character),
                          g_object_unref);
  g_object_set_data (G_OBJECT (row), "tkr-subtitle", subtitle);
  g_object_set_data (G_OBJECT (row), "tkr-badge", badge);
  g_object_set_data (G_OBJECT (row), "tkr-name", name_label);
  g_object_set_data (G_OBJECT (row), "tkr-award", award);
  g_object_set_data (G_OBJECT (row), "tkr-rest", rest);

  /* XP, Level, Health and Recoveries change here and on the sheet (and
   * with undo): the row follows them. */
  g_signal_connect_object (character, "notify", G_CALLBACK (update_row), row, G_CONNECT_SWAPPED);
  g_signal_connect_object (tkr_character_get_pool (character, TKR_POOL_HEALTH), "notify",
                           G_CALLBACK (update_row), row, G_CONNECT_SWAPPED);
  g_signal_connect_object (tkr_character_get_pool (character, TKR_POOL_RECOVERIES), "notify",
                           G_CALLBACK (update_row), row, G_CONNECT_SWAPPED);

  update_row (row);
  return row;
}

static gboolean
is_pc (gpointer item, gpointer user_data)
{
  return tkr_character_is_pc (TKR_CHARACTER (item));
}

/* Commands */

static void
finish_clicked_cb (TkrKlepEndView *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (get_encounter (self) == NULL)
    return;

  ok = tkr_encounter_finish (TKR_ENCOUNTER (get_encounter (self)), &error);
  report (self, ok, error);
}

static void
end_episode_response_cb (AdwMessageDialog *dialog, const char *response, TkrKlepEndView *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (g_strcmp0 (response, "end") != 0 || self->campaign == NULL)
    return;

  ok = tkr_campaign_end_episode (self->campaign, &error);
  if (report (self, ok, error))
    tkr_feedback_show (GTK_WIDGET (self), NULL, _ ("The Episode is over: the party is restored"),
                       FALSE);
}

static void
end_episode_clicked_cb (TkrKlepEndView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  if (self->campaign == NULL)
    return;

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
}

static void
tkr_klep_end_view_dispose (GObject *object)
{
  TkrKlepEndView *self = TKR_KLEP_END_VIEW (object);

  if (self->pcs_list != NULL)
    gtk_list_box_bind_model (self->pcs_list, NULL, NULL, NULL, NULL);
  g_clear_object (&self->pcs);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_klep_end_view_parent_class)->dispose (object);
}

static void
tkr_klep_end_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepEndView *self = TKR_KLEP_END_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_end_view_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrKlepEndView *self = TKR_KLEP_END_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_klep_end_view_set_campaign (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_end_view_class_init (TkrKlepEndViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_end_view_dispose;
  object_class->get_property = tkr_klep_end_view_get_property;
  object_class->set_property = tkr_klep_end_view_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  tkr_encounter_ui_ensure_style ();
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-end-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepEndView, pcs_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepEndView, error_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepEndView, finish_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepEndView, end_episode_button);
}

static void
tkr_klep_end_view_init (TkrKlepEndView *self)
{
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->pcs =
    gtk_filter_list_model_new (NULL, GTK_FILTER (gtk_custom_filter_new (is_pc, NULL, NULL)));
  gtk_list_box_bind_model (self->pcs_list, G_LIST_MODEL (self->pcs), create_pc_row, self, NULL);

  placeholder = gtk_label_new (_ ("No PC took part in this encounter."));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_list_box_set_placeholder (self->pcs_list, placeholder);

  g_signal_connect_object (self->finish_button, "clicked", G_CALLBACK (finish_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->end_episode_button, "clicked", G_CALLBACK (end_episode_clicked_cb),
                           self, G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_klep_end_view_new (void)
{
  return g_object_new (TKR_TYPE_KLEP_END_VIEW, NULL);
}

TkrCampaign *
tkr_klep_end_view_get_campaign (TkrKlepEndView *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_END_VIEW (self), NULL);

  return self->campaign;
}

void
tkr_klep_end_view_set_campaign (TkrKlepEndView *self, TkrCampaign *campaign)
{
  TkrKlepEncounter *encounter;

  g_return_if_fail (TKR_IS_KLEP_END_VIEW (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;

  encounter = get_encounter (self);
  gtk_filter_list_model_set_model (
    self->pcs, encounter ? tkr_encounter_get_participants (TKR_ENCOUNTER (encounter)) : NULL);
  tkr_feedback_clear (self->error_label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

TkrKlepAwardDialog *
tkr_klep_end_view_award (TkrKlepEndView *self, TkrCharacter *character)
{
  GtkRoot *root;
  TkrKlepAwardDialog *dialog;

  g_return_val_if_fail (TKR_IS_KLEP_END_VIEW (self), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  if (get_encounter (self) == NULL)
    return NULL;

  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = tkr_klep_award_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                      get_encounter (self), character);
  tkr_klep_award_dialog_set_feedback (dialog, GTK_WIDGET (self), self->error_label);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
