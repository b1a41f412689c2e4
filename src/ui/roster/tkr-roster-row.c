/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-roster-row.h"

struct _TkrRosterRow
{
  GtkWidget parent_instance;

  TkrCharacter *character;
  GSignalGroup *character_signals;
  GSignalGroup *health_signals;

  AdwAvatar *avatar;
  GtkLabel *name_label;
  GtkLabel *subtitle_label;
  GtkWidget *encounter_button;
  GtkWidget *duplicate_button;
  GtkWidget *remove_button;
};

G_DEFINE_FINAL_TYPE (TkrRosterRow, tkr_roster_row, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CHARACTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* One line under the name: what the character is and how hurt. */
static void
update_labels (TkrRosterRow *self)
{
  TkrCharacter *character = self->character;
  g_autofree char *subtitle = NULL;
  g_autofree char *encounter_label = NULL;
  g_autofree char *duplicate_label = NULL;
  g_autofree char *remove_label = NULL;
  const char *name;
  TkrPool *health;

  if (character == NULL)
    {
      gtk_label_set_label (self->name_label, NULL);
      gtk_label_set_label (self->subtitle_label, NULL);
      adw_avatar_set_text (self->avatar, NULL);
      return;
    }

  name = tkr_character_get_name (character);
  health = tkr_character_get_pool (character, TKR_POOL_HEALTH);
  gtk_label_set_label (self->name_label, name);
  adw_avatar_set_text (self->avatar, name);

  /* The section says PC or NPC; the line says how far along and how hurt. */
  /* Translators: roster line: Level, then Health current/maximum */
  subtitle = g_strdup_printf (_ ("Level %d · Health %d/%d"), tkr_character_get_level (character),
                              tkr_pool_get_current (health), tkr_pool_get_maximum (health));
  gtk_label_set_label (self->subtitle_label, subtitle);

  /* Screen readers hear which character a button acts on. */
  encounter_label = g_strdup_printf (_ ("Add %s to the Encounter"), name);
  duplicate_label = g_strdup_printf (_ ("Duplicate %s"), name);
  remove_label = g_strdup_printf (_ ("Remove %s"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->encounter_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, encounter_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->duplicate_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, duplicate_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
  /* The row itself is named after the character, for list navigation. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle, -1);
}

/* The target goes in before the action name and out after it: a name
 * without its target is an action the button cannot call, which GTK warns
 * about. */
static void
set_button_action (GtkWidget *button, const char *action_name, GVariant *target)
{
  GtkActionable *actionable = GTK_ACTIONABLE (button);

  if (target == NULL)
    {
      gtk_actionable_set_action_name (actionable, NULL);
      gtk_actionable_set_action_target_value (actionable, NULL);
      return;
    }
  gtk_actionable_set_action_target_value (actionable, target);
  gtk_actionable_set_action_name (actionable, action_name);
}

static void
tkr_roster_row_dispose (GObject *object)
{
  TkrRosterRow *self = TKR_ROSTER_ROW (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_ROSTER_ROW);
  /* A plain GtkWidget parent: children the template did not bind are
   * ours to unparent. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->character_signals);
  g_clear_object (&self->health_signals);
  g_clear_object (&self->character);

  G_OBJECT_CLASS (tkr_roster_row_parent_class)->dispose (object);
}

static void
tkr_roster_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrRosterRow *self = TKR_ROSTER_ROW (object);

  switch (prop_id)
    {
    case PROP_CHARACTER:
      g_value_set_object (value, self->character);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_roster_row_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrRosterRow *self = TKR_ROSTER_ROW (object);

  switch (prop_id)
    {
    case PROP_CHARACTER:
      tkr_roster_row_set_character (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_roster_row_class_init (TkrRosterRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_roster_row_dispose;
  object_class->get_property = tkr_roster_row_get_property;
  object_class->set_property = tkr_roster_row_set_property;

  properties[PROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-roster-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, avatar);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, encounter_button);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, duplicate_button);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, remove_button);
}

static void
tkr_roster_row_init (TkrRosterRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->character_signals = g_signal_group_new (TKR_TYPE_CHARACTER);
  g_signal_group_connect_swapped (self->character_signals, "notify::name",
                                  G_CALLBACK (update_labels), self);
  g_signal_group_connect_swapped (self->character_signals, "notify::level",
                                  G_CALLBACK (update_labels), self);
  g_signal_group_connect_swapped (self->character_signals, "notify::kind",
                                  G_CALLBACK (update_labels), self);

  self->health_signals = g_signal_group_new (TKR_TYPE_POOL);
  g_signal_group_connect_swapped (self->health_signals, "notify::current",
                                  G_CALLBACK (update_labels), self);
  g_signal_group_connect_swapped (self->health_signals, "notify::maximum",
                                  G_CALLBACK (update_labels), self);
}

GtkWidget *
tkr_roster_row_new (void)
{
  return g_object_new (TKR_TYPE_ROSTER_ROW, NULL);
}

TkrCharacter *
tkr_roster_row_get_character (TkrRosterRow *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER_ROW (self), NULL);
  return self->character;
}

void
tkr_roster_row_set_character (TkrRosterRow *self, TkrCharacter *character)
{
  GVariant *target = NULL;

  g_return_if_fail (TKR_IS_ROSTER_ROW (self));
  g_return_if_fail (character == NULL || TKR_IS_CHARACTER (character));

  if (!g_set_object (&self->character, character))
    return;

  g_signal_group_set_target (self->character_signals, character);
  g_signal_group_set_target (self->health_signals,
                             character != NULL ? tkr_character_get_pool (character, TKR_POOL_HEALTH)
                                               : NULL);

  /* The buttons name their character by id: the roster's actions look it
   * up, so a recycled row never acts on a stale object. */
  if (character != NULL)
    target = g_variant_ref_sink (g_variant_new_string (tkr_character_get_id (character)));
  set_button_action (self->encounter_button, "roster.add-to-encounter", target);
  set_button_action (self->duplicate_button, "roster.duplicate", target);
  set_button_action (self->remove_button, "roster.remove", target);
  g_clear_pointer (&target, g_variant_unref);

  update_labels (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHARACTER]);
}
