/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-setup-row.h"
#include "tkr-d20-ui.h"
#include "tkr-encounter-ui.h"

struct _TkrD20SetupRow
{
  GtkListBoxRow parent_instance;

  TkrD20Encounter *encounter;
  TkrD20Combatant *combatant;
  gboolean updating; /* the fields are being set from the combatant */

  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkSpinButton *agility_spin;
  GtkSpinButton *initiative_spin;
  GtkWidget *set_button;
  GtkWidget *roll_button;
  GtkCheckButton *surprised_check;
};

G_DEFINE_FINAL_TYPE (TkrD20SetupRow, tkr_d20_setup_row, GTK_TYPE_LIST_BOX_ROW)

char *
tkr_d20_setup_row_describe_initiative (TkrD20Combatant *combatant)
{
  g_autoptr (GString) contests = g_string_new (NULL);

  if (!tkr_d20_combatant_has_initiative (combatant))
    return g_strdup (_ ("No initiative yet"));
  for (guint i = 0; i < tkr_d20_combatant_get_n_tiebreaks (combatant); i++)
    g_string_append_printf (contests, "%s%d", i > 0 ? ", " : "",
                            tkr_d20_combatant_get_tiebreak (combatant, i));
  if (contests->len > 0)
    /* Translators: initiative, then the contest rolls that settled ties */
    return g_strdup_printf (_ ("Initiative %d (contest %s)"),
                            tkr_d20_combatant_get_initiative (combatant), contests->str);
  return g_strdup_printf (_ ("Initiative %d"), tkr_d20_combatant_get_initiative (combatant));
}

static void
update (TkrD20SetupRow *self)
{
  TkrD20Combatant *c = self->combatant;
  g_autofree char *text = tkr_d20_setup_row_describe_initiative (c);

  gtk_label_set_text (self->subtitle_label, text);
  self->updating = TRUE;
  gtk_spin_button_set_value (self->agility_spin, tkr_d20_combatant_get_agility (c));
  if (tkr_d20_combatant_has_initiative (c))
    gtk_spin_button_set_value (self->initiative_spin, tkr_d20_combatant_get_initiative (c));
  else /* no result yet: an empty field, not the lowest value */
    gtk_editable_set_text (GTK_EDITABLE (self->initiative_spin), "");
  gtk_check_button_set_active (self->surprised_check, tkr_d20_combatant_get_surprised (c));
  self->updating = FALSE;
}

static void
agility_changed_cb (TkrD20SetupRow *self)
{
  int agility = gtk_spin_button_get_value_as_int (self->agility_spin);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->updating || agility == tkr_d20_combatant_get_agility (self->combatant))
    return;
  ok = tkr_d20_encounter_set_agility (self->encounter, self->combatant, agility, &error);
  if (!tkr_encounter_ui_report (GTK_WIDGET (self), ok, error))
    update (self);
}

/* Surprise (seed): the surprised skip their first turn. */
static void
surprised_toggled_cb (TkrD20SetupRow *self)
{
  gboolean surprised = gtk_check_button_get_active (self->surprised_check);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->updating || surprised == tkr_d20_combatant_get_surprised (self->combatant))
    return;
  ok = tkr_d20_encounter_set_surprised (self->encounter, self->combatant, surprised, &error);
  if (!tkr_encounter_ui_report (GTK_WIDGET (self), ok, error))
    update (self);
}

static void
setup_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  /* The step may remove this row (or make the list again): the page
   * reports it. */
  GtkWidget *page = tkr_encounter_ui_get_page (widget);
  g_autoptr (GtkWidget) keep = g_object_ref (page ? page : widget);
  TkrD20SetupRow *self = TKR_D20_SETUP_ROW (widget);
  g_autoptr (TkrD20Combatant) c = g_object_ref (self->combatant);
  g_autoptr (GError) error = NULL;
  TkrD20Roll typed;
  gboolean ok;

  if (g_str_equal (action_name, "setup.roll-initiative"))
    ok = tkr_d20_encounter_roll_initiative (self->encounter, c, NULL, &error);
  else if (*gtk_editable_get_text (GTK_EDITABLE (self->initiative_spin)) == '\0')
    {
      /* An empty field is no result yet, not the lowest number. */
      g_set_error (&error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Type the initiative total first, or Roll"));
      ok = FALSE;
    }
  else
    {
      gtk_spin_button_update (self->initiative_spin);
      typed = tkr_d20_roll_typed (gtk_spin_button_get_value_as_int (self->initiative_spin));
      ok = tkr_d20_encounter_roll_initiative (self->encounter, c, &typed, &error);
    }
  tkr_encounter_ui_report (keep, ok, error);
}

static void
tkr_d20_setup_row_dispose (GObject *object)
{
  TkrD20SetupRow *self = TKR_D20_SETUP_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_SETUP_ROW);
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_d20_setup_row_parent_class)->dispose (object);
}

static void
tkr_d20_setup_row_class_init (TkrD20SetupRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_d20_setup_row_dispose;
  gtk_widget_class_install_action (widget_class, "setup.set-initiative", NULL, setup_action);
  gtk_widget_class_install_action (widget_class, "setup.roll-initiative", NULL, setup_action);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-d20-setup-row.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrD20SetupRow, name)
  BIND (title_label);
  BIND (subtitle_label);
  BIND (agility_spin);
  BIND (initiative_spin);
  BIND (set_button);
  BIND (roll_button);
  BIND (surprised_check);
#undef BIND
}

static void
tkr_d20_setup_row_init (TkrD20SetupRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_d20_setup_row_new (TkrD20Encounter *encounter, TkrD20Combatant *combatant)
{
  TkrD20SetupRow *self = g_object_new (TKR_TYPE_D20_SETUP_ROW, NULL);
  const char *name = tkr_combatant_get_name (TKR_COMBATANT (combatant));

  self->encounter = g_object_ref (encounter);
  self->combatant = g_object_ref (combatant);
  gtk_label_set_text (self->title_label, name);
  tkr_d20_name_widget (GTK_WIDGET (self->agility_spin), _ ("Agility of %s"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->initiative_spin), _ ("Initiative of %s"), name);
  tkr_d20_name_widget (self->set_button, _ ("Set the initiative of %s"), name);
  tkr_d20_name_widget (self->roll_button, _ ("Roll initiative for %s"), name);
  tkr_d20_name_widget (GTK_WIDGET (self->surprised_check), _ ("%s is surprised"), name);
  update (self);
  g_signal_connect_object (combatant, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  /* A spin button writes its value out when it is realized: an initiative
   * not yet rolled is shown empty again once the row is on screen. */
  g_signal_connect (self, "map", G_CALLBACK (update), NULL);
  g_signal_connect_object (self->agility_spin, "value-changed", G_CALLBACK (agility_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->surprised_check, "toggled", G_CALLBACK (surprised_toggled_cb),
                           self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
