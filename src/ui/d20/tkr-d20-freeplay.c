/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-d20-freeplay.h"
#include "tkr-d20-tools.h"
#include "tkr-encounter-ui.h"

struct _TkrD20Freeplay
{
  AdwBin parent_instance;

  TkrD20Encounter *encounter;

  GtkSpinButton *pass_hours_spin;
  GtkWidget *pass_time_button;
  TkrD20Tools *tools;
};

G_DEFINE_FINAL_TYPE (TkrD20Freeplay, tkr_d20_freeplay, ADW_TYPE_BIN)

static void
pass_time_clicked_cb (TkrD20Freeplay *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  ok = tkr_d20_encounter_pass_time (
    self->encounter, gtk_spin_button_get_value_as_int (self->pass_hours_spin), &error);
  tkr_encounter_ui_report (GTK_WIDGET (self), ok, error);
}

void
tkr_d20_freeplay_set_encounter (TkrD20Freeplay *self, TkrD20Encounter *encounter)
{
  g_return_if_fail (TKR_IS_D20_FREEPLAY (self));
  g_return_if_fail (encounter == NULL || TKR_IS_D20_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  tkr_d20_tools_set_rules (self->tools,
                           encounter ? tkr_encounter_get_rules (TKR_ENCOUNTER (encounter)) : NULL);
}

static void
tkr_d20_freeplay_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_FREEPLAY);
  g_clear_object (&TKR_D20_FREEPLAY (object)->encounter);
  G_OBJECT_CLASS (tkr_d20_freeplay_parent_class)->dispose (object);
}

static void
tkr_d20_freeplay_class_init (TkrD20FreeplayClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_d20_freeplay_dispose;
  g_type_ensure (TKR_TYPE_D20_TOOLS);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-d20-freeplay.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrD20Freeplay, pass_hours_spin);
  gtk_widget_class_bind_template_child (widget_class, TkrD20Freeplay, pass_time_button);
  gtk_widget_class_bind_template_child (widget_class, TkrD20Freeplay, tools);
}

static void
tkr_d20_freeplay_init (TkrD20Freeplay *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->pass_time_button, "clicked", G_CALLBACK (pass_time_clicked_cb),
                           self, G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_d20_freeplay_new (void)
{
  return g_object_new (TKR_TYPE_D20_FREEPLAY, NULL);
}
