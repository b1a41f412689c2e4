/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-award-dialog.h"
#include "tkr-feedback.h"

/* Awards are small (seed, "Encounter End Phase"); the rule data says
 * which amounts are allowed, the dialog offers those up to this bound. */
#define MAX_AWARD_OFFERED 10

struct _TkrKlepAwardDialog
{
  AdwMessageDialog parent_instance;

  TkrKlepEncounter *encounter;
  TkrCharacter *character;
  GtkWidget *feedback_widget;
  GtkLabel *feedback_label;

  GtkBox *amounts_box;
  GtkEntry *reason_entry;
  GPtrArray *amount_buttons; /* GtkCheckButton, with "tkr-xp" data */
};

G_DEFINE_FINAL_TYPE (TkrKlepAwardDialog, tkr_klep_award_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
build_amounts (TkrKlepAwardDialog *self)
{
  TkrRules *rules = tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter));
  GtkCheckButton *first = NULL;

  for (int xp = 1; xp <= MAX_AWARD_OFFERED; xp++)
    {
      g_autofree char *label = NULL;
      GtkWidget *button;

      if (!tkr_rules_is_valid_award (rules, xp))
        continue;

      /* TRANSLATORS: an amount of Experience Points */
      label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d XP", "%d XP", xp), xp);
      button = gtk_check_button_new_with_label (label);
      g_object_set_data (G_OBJECT (button), "tkr-xp", GINT_TO_POINTER (xp));
      if (first == NULL)
        {
          first = GTK_CHECK_BUTTON (button);
          gtk_check_button_set_active (first, TRUE);
        }
      else
        gtk_check_button_set_group (GTK_CHECK_BUTTON (button), first);
      gtk_box_append (self->amounts_box, button);
      g_ptr_array_add (self->amount_buttons, button);
    }
}

static void
award_response_cb (TkrKlepAwardDialog *self, const char *response)
{
  g_autoptr (GError) error = NULL;
  GtkWidget *source;
  int xp;

  if (g_strcmp0 (response, "award") != 0)
    return;

  xp = tkr_klep_award_dialog_get_xp (self);
  source = self->feedback_widget ? self->feedback_widget : GTK_WIDGET (self);
  if (tkr_encounter_award_experience (TKR_ENCOUNTER (self->encounter), self->character, xp,
                                      tkr_klep_award_dialog_get_reason (self), &error))
    {
      /* TRANSLATORS: "Alice gains 2 XP" */
      g_autofree char *message =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s gains %d XP", "%s gains %d XP", xp),
                         tkr_character_get_name (self->character), xp);

      tkr_feedback_show (source, self->feedback_label, message, FALSE);
    }
  else
    tkr_feedback_show_error (source, self->feedback_label, error);
}

static void
tkr_klep_award_dialog_dispose (GObject *object)
{
  TkrKlepAwardDialog *self = TKR_KLEP_AWARD_DIALOG (object);

  g_clear_object (&self->encounter);
  g_clear_object (&self->character);
  g_clear_object (&self->feedback_widget);
  g_clear_object (&self->feedback_label);
  g_clear_pointer (&self->amount_buttons, g_ptr_array_unref);

  G_OBJECT_CLASS (tkr_klep_award_dialog_parent_class)->dispose (object);
}

static void
tkr_klep_award_dialog_class_init (TkrKlepAwardDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_award_dialog_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-award-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepAwardDialog, amounts_box);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepAwardDialog, reason_entry);
}

static void
tkr_klep_award_dialog_init (TkrKlepAwardDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->amount_buttons = g_ptr_array_new ();
  g_signal_connect (self, "response", G_CALLBACK (award_response_cb), NULL);
}

TkrKlepAwardDialog *
tkr_klep_award_dialog_new (GtkWindow *parent, TkrKlepEncounter *encounter, TkrCharacter *character)
{
  TkrKlepAwardDialog *self;
  g_autofree char *body = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  self = g_object_new (TKR_TYPE_KLEP_AWARD_DIALOG, "transient-for", parent, NULL);
  self->encounter = g_object_ref (encounter);
  self->character = g_object_ref (character);

  /* TRANSLATORS: the body of the Award Experience dialog, with a PC's name */
  body = g_strdup_printf (_ ("How much Experience does %s get? Usually one point for the "
                             "encounter, and a second one for a secondary goal or an outstanding "
                             "outcome."),
                          tkr_character_get_name (character));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  build_amounts (self);

  return self;
}

TkrCharacter *
tkr_klep_award_dialog_get_character (TkrKlepAwardDialog *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_AWARD_DIALOG (self), NULL);

  return self->character;
}

int
tkr_klep_award_dialog_get_xp (TkrKlepAwardDialog *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_AWARD_DIALOG (self), 0);

  for (guint i = 0; i < self->amount_buttons->len; i++)
    {
      GtkCheckButton *button = g_ptr_array_index (self->amount_buttons, i);

      if (gtk_check_button_get_active (button))
        return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tkr-xp"));
    }

  return 0;
}

gboolean
tkr_klep_award_dialog_set_xp (TkrKlepAwardDialog *self, int xp)
{
  g_return_val_if_fail (TKR_IS_KLEP_AWARD_DIALOG (self), FALSE);

  for (guint i = 0; i < self->amount_buttons->len; i++)
    {
      GtkCheckButton *button = g_ptr_array_index (self->amount_buttons, i);

      if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tkr-xp")) == xp)
        {
          gtk_check_button_set_active (button, TRUE);
          return TRUE;
        }
    }

  return FALSE;
}

const char *
tkr_klep_award_dialog_get_reason (TkrKlepAwardDialog *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_AWARD_DIALOG (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->reason_entry));
}

void
tkr_klep_award_dialog_set_reason (TkrKlepAwardDialog *self, const char *reason)
{
  g_return_if_fail (TKR_IS_KLEP_AWARD_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->reason_entry), reason ? reason : "");
}

void
tkr_klep_award_dialog_set_feedback (TkrKlepAwardDialog *self, GtkWidget *widget, GtkLabel *fallback)
{
  g_return_if_fail (TKR_IS_KLEP_AWARD_DIALOG (self));
  g_return_if_fail (widget == NULL || GTK_IS_WIDGET (widget));
  g_return_if_fail (fallback == NULL || GTK_IS_LABEL (fallback));

  g_set_object (&self->feedback_widget, widget);
  g_set_object (&self->feedback_label, fallback);
}
