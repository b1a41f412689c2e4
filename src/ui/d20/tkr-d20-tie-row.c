/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-tie-row.h"
#include "tkr-d20-ui.h"
#include "tkr-encounter-ui.h"

struct _TkrD20TieRow
{
  AdwActionRow parent_instance;

  TkrD20Encounter *encounter;
  TkrD20Combatant *combatant;

  GtkSpinButton *contest_spin;
  GtkWidget *set_button;
  GtkWidget *roll_button;
};

G_DEFINE_FINAL_TYPE (TkrD20TieRow, tkr_d20_tie_row, ADW_TYPE_ACTION_ROW)

/* The contest roll typed, or NULL to roll d20 + Agility. */
static void
tie_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  /* The step may remove this row (a tie settled): the page reports it. */
  GtkWidget *page = tkr_encounter_ui_get_page (widget);
  g_autoptr (GtkWidget) keep = g_object_ref (page ? page : widget);
  TkrD20TieRow *self = TKR_D20_TIE_ROW (widget);
  g_autoptr (TkrD20Combatant) c = g_object_ref (self->combatant);
  g_autoptr (GError) error = NULL;
  TkrD20Roll typed;
  gboolean ok;

  if (g_str_equal (action_name, "tie.set"))
    {
      gtk_spin_button_update (self->contest_spin);
      typed = tkr_d20_roll_typed (gtk_spin_button_get_value_as_int (self->contest_spin));
      ok = tkr_d20_encounter_roll_tiebreak (self->encounter, c, &typed, &error);
    }
  else
    ok = tkr_d20_encounter_roll_tiebreak (self->encounter, c, NULL, &error);
  tkr_encounter_ui_report (keep, ok, error);
}

static void
tkr_d20_tie_row_dispose (GObject *object)
{
  TkrD20TieRow *self = TKR_D20_TIE_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_TIE_ROW);
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_d20_tie_row_parent_class)->dispose (object);
}

static void
tkr_d20_tie_row_class_init (TkrD20TieRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_d20_tie_row_dispose;
  gtk_widget_class_install_action (widget_class, "tie.set", NULL, tie_action);
  gtk_widget_class_install_action (widget_class, "tie.roll", NULL, tie_action);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-d20-tie-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrD20TieRow, contest_spin);
  gtk_widget_class_bind_template_child (widget_class, TkrD20TieRow, set_button);
  gtk_widget_class_bind_template_child (widget_class, TkrD20TieRow, roll_button);
}

static void
tkr_d20_tie_row_init (TkrD20TieRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* The result and the contest rolls so far, after each change of the
 * combatant (the row stays while it is tied). */
static void
sync_row (TkrD20TieRow *self)
{
  TkrD20Combatant *combatant = self->combatant;
  g_autoptr (GString) rolls = g_string_new (NULL);
  g_autofree char *subtitle = NULL;

  for (guint i = 0; i < tkr_d20_combatant_get_n_tiebreaks (combatant); i++)
    g_string_append_printf (rolls, "%s%d", i > 0 ? ", " : "",
                            tkr_d20_combatant_get_tiebreak (combatant, i));
  if (rolls->len > 0)
    /* Translators: initiative, then contest rolls so far */
    subtitle = g_strdup_printf (_ ("Tied at %d · contest rolls %s"),
                                tkr_d20_combatant_get_initiative (combatant), rolls->str);
  else
    subtitle =
      g_strdup_printf (_ ("Tied at %d · rolls now"), tkr_d20_combatant_get_initiative (combatant));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
}

GtkWidget *
tkr_d20_tie_row_new (TkrD20Encounter *encounter, TkrD20Combatant *combatant)
{
  TkrD20TieRow *self = g_object_new (TKR_TYPE_D20_TIE_ROW, NULL);
  const char *name = tkr_combatant_get_name (TKR_COMBATANT (combatant));

  self->encounter = g_object_ref (encounter);
  self->combatant = g_object_ref (combatant);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);
  tkr_d20_name_widget (GTK_WIDGET (self->contest_spin), _ ("Contest roll of %s"), name);
  tkr_d20_name_widget (self->set_button, _ ("Set the contest roll of %s"), name);
  tkr_d20_name_widget (self->roll_button, _ ("Roll the contest for %s"), name);
  g_signal_connect_object (combatant, "notify", G_CALLBACK (sync_row), self, G_CONNECT_SWAPPED);
  sync_row (self);
  return GTK_WIDGET (self);
}
