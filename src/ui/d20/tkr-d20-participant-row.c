/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-participant-row.h"
#include "tkr-d20-ui.h"
#include "tkr-encounter-ui.h"

struct _TkrD20ParticipantRow
{
  AdwExpanderRow parent_instance;

  TkrD20Encounter *encounter;
  TkrD20Combatant *combatant;
  gboolean updating; /* the spin buttons are being set from the combatant */

  GtkWidget *remove_button;
  GtkSpinButton *mana_spin;
  GtkSpinButton *mana_max_spin;
  GtkListBox *speeds_list;
  AdwActionRow *rest_row;
  AdwActionRow *stamina_row;
  GtkWidget *long_button;
  GtkWidget *short_button;
  GtkWidget *stamina_button;
};

G_DEFINE_FINAL_TYPE (TkrD20ParticipantRow, tkr_d20_participant_row, ADW_TYPE_EXPANDER_ROW)

static const char *
name_of (TkrD20ParticipantRow *self)
{
  return tkr_combatant_get_name (TKR_COMBATANT (self->combatant));
}

/* What the combatant's properties say, in place. */
static void
update (TkrD20ParticipantRow *self)
{
  TkrD20Combatant *c = self->combatant;
  TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (c));
  int due = tkr_d20_combatant_get_stamina_checks_due (c);
  g_autofree char *subtitle = NULL;
  g_autofree char *rest = NULL;
  g_autofree char *stamina = NULL;

  /* Translators: a participant's summary, "PC · Agility +3 · Mana 4/6" */
  subtitle = g_strdup_printf (_ ("%s · Agility %+d · Mana %d/%d"),
                              tkr_character_is_pc (character) ? _ ("PC") : _ ("NPC"),
                              tkr_d20_combatant_get_agility (c), tkr_d20_combatant_get_mana (c),
                              tkr_d20_combatant_get_mana_max (c));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), subtitle);
  self->updating = TRUE;
  gtk_spin_button_set_value (self->mana_max_spin, tkr_d20_combatant_get_mana_max (c));
  gtk_spin_button_set_value (self->mana_spin, tkr_d20_combatant_get_mana (c));
  self->updating = FALSE;

  rest = g_strdup_printf (_ ("%d h since a long rest, %d h since a short rest"),
                          tkr_d20_combatant_get_hours_since_long_rest (c),
                          tkr_d20_combatant_get_hours_since_short_rest (c));
  adw_action_row_set_subtitle (self->rest_row, rest);
  if (due > 0)
    stamina = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Exhaustion %d · %d Stamina check owed (DC %d)",
                                            "Exhaustion %d · %d Stamina checks owed (DC %d)", due),
                               tkr_d20_combatant_get_exhaustion (c), due,
                               tkr_d20_encounter_get_exhaustion_dc (self->encounter));
  else
    stamina =
      g_strdup_printf (_ ("Exhaustion %d · no check owed"), tkr_d20_combatant_get_exhaustion (c));
  adw_action_row_set_subtitle (self->stamina_row, stamina);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "participant.stamina-check", due > 0);
}

/* The spin buttons show the combatant's values; a value the GM typed that
 * differs is a command. */
static void
mana_changed_cb (TkrD20ParticipantRow *self, GtkSpinButton *spin)
{
  g_autoptr (GError) error = NULL;
  int mana = gtk_spin_button_get_value_as_int (self->mana_spin);
  int mana_max = gtk_spin_button_get_value_as_int (self->mana_max_spin);
  gboolean ok;

  if (self->updating)
    return;
  if (mana == tkr_d20_combatant_get_mana (self->combatant) &&
      mana_max == tkr_d20_combatant_get_mana_max (self->combatant))
    return;
  tkr_d20_fit_mana (&mana, &mana_max, spin == self->mana_max_spin);
  ok = tkr_d20_encounter_set_mana (self->encounter, self->combatant, mana, mana_max, &error);
  if (!tkr_encounter_ui_report (GTK_WIDGET (self), ok, error))
    update (self);
}

static void
speed_changed_cb (GtkSpinButton *spin, TkrD20Movement *movement)
{
  TkrD20ParticipantRow *self = TKR_D20_PARTICIPANT_ROW (
    gtk_widget_get_ancestor (GTK_WIDGET (spin), TKR_TYPE_D20_PARTICIPANT_ROW));
  int feet = gtk_spin_button_get_value_as_int (spin);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self == NULL || feet == tkr_d20_movement_get_speed (movement))
    return;
  ok = tkr_d20_encounter_set_speed (self->encounter, self->combatant,
                                    tkr_d20_movement_get_kind (movement), feet, &error);
  if (!tkr_encounter_ui_report (GTK_WIDGET (self), ok, error))
    gtk_spin_button_set_value (spin, tkr_d20_movement_get_speed (movement));
}

/* One row per kind of movement, its spin bound to the kind's speed. */
static GtkWidget *
create_speed_row (gpointer item, gpointer user_data)
{
  TkrD20ParticipantRow *self = user_data;
  TkrD20Movement *movement = item;
  const char *kind = tkr_d20_kind_title (tkr_d20_movement_get_kind (movement));
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (
    0, MAX (tkr_d20_encounter_get_max_feet (self->encounter), 0), 1);
  g_autofree char *title = g_strdup_printf (_ ("%s Speed (ft)"), kind);
  g_autofree char *name = g_strdup_printf (_ ("%s speed of %s"), kind, name_of (self));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_spin_button_set_increments (GTK_SPIN_BUTTON (spin), 5, 30);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  tkr_d20_name_widget (spin, "%s", name);
  g_object_bind_property (movement, "speed", spin, "value", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (speed_changed_cb), movement, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  return row;
}

static void
participant_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  /* The step may remove this row (or make the list again): the page
   * reports it. */
  GtkWidget *page = tkr_encounter_ui_get_page (widget);
  g_autoptr (GtkWidget) keep = g_object_ref (page ? page : widget);
  TkrD20ParticipantRow *self = TKR_D20_PARTICIPANT_ROW (widget);
  g_autoptr (TkrD20Combatant) c = g_object_ref (self->combatant);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (g_str_equal (action_name, "participant.remove"))
    ok = tkr_encounter_remove_participant (TKR_ENCOUNTER (self->encounter),
                                           tkr_combatant_get_character (TKR_COMBATANT (c)), &error);
  else if (g_str_equal (action_name, "participant.long-rest"))
    ok = tkr_d20_encounter_long_rest (self->encounter, c, &error);
  else if (g_str_equal (action_name, "participant.short-rest"))
    ok = tkr_d20_encounter_short_rest (self->encounter, c, &error);
  else /* Resting (seed): the owed check, at the rest DC */
    ok = tkr_d20_encounter_stamina_check (self->encounter, c, -1, NULL, &error);
  tkr_encounter_ui_report (keep, ok, error);
}

static void
tkr_d20_participant_row_dispose (GObject *object)
{
  TkrD20ParticipantRow *self = TKR_D20_PARTICIPANT_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_PARTICIPANT_ROW);
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_d20_participant_row_parent_class)->dispose (object);
}

static void
tkr_d20_participant_row_class_init (TkrD20ParticipantRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char *const actions[] = {
    "participant.remove",
    "participant.long-rest",
    "participant.short-rest",
    "participant.stamina-check",
  };

  G_OBJECT_CLASS (klass)->dispose = tkr_d20_participant_row_dispose;
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, participant_action);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-d20-participant-row.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrD20ParticipantRow, name)
  BIND (remove_button);
  BIND (mana_spin);
  BIND (mana_max_spin);
  BIND (speeds_list);
  BIND (rest_row);
  BIND (stamina_row);
  BIND (long_button);
  BIND (short_button);
  BIND (stamina_button);
#undef BIND
}

static void
tkr_d20_participant_row_init (TkrD20ParticipantRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_d20_participant_row_new (TkrD20Encounter *encounter, TkrD20Combatant *combatant)
{
  TkrD20ParticipantRow *self = g_object_new (TKR_TYPE_D20_PARTICIPANT_ROW, NULL);
  const char *name = tkr_combatant_get_name (TKR_COMBATANT (combatant));
  int max_mana = MAX (tkr_d20_encounter_get_max_mana (encounter), 0);
  self->encounter = g_object_ref (encounter);
  self->combatant = g_object_ref (combatant);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);
  tkr_d20_name_widget (self->remove_button, _ ("Remove %s from the encounter"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->mana_spin), _ ("Mana of %s"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->mana_max_spin), _ ("Most mana of %s"), name);
  tkr_d20_name_widget (self->long_button, _ ("Long rest for %s"), name);
  tkr_d20_name_widget (self->short_button, _ ("Short rest for %s"), name);
  tkr_d20_name_widget (self->stamina_button, _ ("Roll a Stamina check for %s"), name);
  gtk_spin_button_set_range (self->mana_spin, 0, max_mana);
  gtk_spin_button_set_range (self->mana_max_spin, 0, max_mana);
  gtk_list_box_bind_model (self->speeds_list, tkr_d20_combatant_get_movements (combatant),
                           create_speed_row, self, NULL);
  update (self);
  g_signal_connect_object (combatant, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->mana_spin, "value-changed", G_CALLBACK (mana_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->mana_max_spin, "value-changed", G_CALLBACK (mana_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
