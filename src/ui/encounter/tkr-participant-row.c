/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"
#include "tkr-participant-row.h"

struct _TkrParticipantRow
{
  AdwActionRow parent_instance;

  TkrEncounter *encounter;
  TkrCharacter *character;
  gboolean npc_edge;

  GtkWidget *remove_button;
};

G_DEFINE_FINAL_TYPE (TkrParticipantRow, tkr_participant_row, ADW_TYPE_ACTION_ROW)

/* The name, the subtitle and the remove button's name follow the sheet. */
static void
update (TkrParticipantRow *self)
{
  TkrCharacter *character = self->character;
  const char *name = tkr_character_get_name (character);
  g_autofree char *remove_name = g_strdup_printf (_ ("Remove %s from the encounter"), name);
  g_autofree char *subtitle = NULL;

  if (tkr_character_is_pc (character))
    /* Translators: a PC in the participants list, "PC, Level 2" */
    subtitle = g_strdup_printf (_ ("PC, Level %d"), tkr_character_get_level (character));
  else if (self->npc_edge)
    /* Translators: an NPC in the participants list, "NPC, Edge +1" */
    subtitle = g_strdup_printf (_ ("NPC, Edge %+d"), tkr_character_get_edge_save (character));
  else
    subtitle = g_strdup (_ ("Adversary or other creature"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove_name, -1);
}

static void
remove_clicked_cb (TkrParticipantRow *self)
{
  g_autoptr (GError) error = NULL;
  /* The step removes this row: the page reports through an ancestor
   * kept alive until then. */
  g_autoptr (TkrParticipantRow) keep = g_object_ref (self);
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));
  g_autoptr (GtkWidget) report_to = parent ? g_object_ref (parent) : NULL;
  gboolean ok = tkr_encounter_remove_participant (self->encounter, self->character, &error);

  tkr_encounter_ui_report (report_to ? report_to : GTK_WIDGET (self), ok, error);
}

static void
tkr_participant_row_dispose (GObject *object)
{
  TkrParticipantRow *self = TKR_PARTICIPANT_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PARTICIPANT_ROW);
  g_clear_object (&self->character);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_participant_row_parent_class)->dispose (object);
}

static void
tkr_participant_row_class_init (TkrParticipantRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_participant_row_dispose;
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-participant-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrParticipantRow, remove_button);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
tkr_participant_row_init (TkrParticipantRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_participant_row_new (TkrEncounter *encounter, TkrCharacter *character, gboolean npc_edge)
{
  TkrParticipantRow *self;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  self = g_object_new (TKR_TYPE_PARTICIPANT_ROW, NULL);
  self->encounter = g_object_ref (encounter);
  self->character = g_object_ref (character);
  self->npc_edge = npc_edge;
  update (self);
  g_signal_connect_object (character, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
