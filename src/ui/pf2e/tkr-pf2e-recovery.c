/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-pf2e-recovery.h"

struct _TkrPf2eRecovery
{
  AdwBin parent_instance;

  TkrPf2eEncounter *encounter;
  TkrPf2eCombatant *combatant;
  GtkLabel *feedback; /* the details pane's */
  GRand *rand;
  /* The outcome of the last check, shown until the turn passes. */
  char *result;
  GSignalGroup *encounter_signals;
  GSignalGroup *combatant_signals;

  GtkLabel *recovery_label;
  GtkWidget *recovery_inputs;
  GtkSpinButton *recovery_spin;
  GtkWidget *recovery_enter_button;
  GtkWidget *recovery_roll_button;
  GtkLabel *recovery_result_label;
};

G_DEFINE_FINAL_TYPE (TkrPf2eRecovery, tkr_pf2e_recovery, ADW_TYPE_BIN)

/* The core holds a dying creature's turn until the check is made. */
static void
update (TkrPf2eRecovery *self)
{
  gboolean due = self->combatant != NULL && tkr_pf2e_combatant_get_recovery_due (self->combatant);

  if (due)
    {
      /* Translators: a creature, its dying value, then the DC */
      g_autofree char *text =
        g_strdup_printf (_ ("%s is dying %d: recovery check against DC %d"),
                         tkr_combatant_get_name (TKR_COMBATANT (self->combatant)),
                         tkr_pf2e_combatant_get_condition (self->combatant, "Dying"),
                         tkr_pf2e_encounter_get_recovery_dc (self->encounter, self->combatant));

      gtk_label_set_text (self->recovery_label, text);
    }
  else if (self->result != NULL)
    gtk_label_set_text (self->recovery_label, _ ("Recovery check made"));
  gtk_widget_set_visible (self->recovery_inputs, due);
  gtk_label_set_text (self->recovery_result_label, self->result ? self->result : "");
  gtk_widget_set_visible (GTK_WIDGET (self->recovery_result_label), self->result != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), due || self->result != NULL);
}

/* A result belongs to the turn it was made in. */
static void
forget_result (TkrPf2eRecovery *self)
{
  g_clear_pointer (&self->result, g_free);
  update (self);
}

static void
check (TkrPf2eRecovery *self, int die)
{
  g_autoptr (GError) error = NULL;
  TkrPf2eDegree degree;
  int dc;
  gboolean ok;

  if (self->combatant == NULL)
    return;
  dc = tkr_pf2e_encounter_get_recovery_dc (self->encounter, self->combatant);
  /* "Roll" (@die 0) lets the core roll the flat check's die and name it. */
  ok = tkr_pf2e_encounter_recovery_check (self->encounter, self->combatant, die, self->rand, &die,
                                          &degree, &error);
  if (ok)
    {
      g_free (self->result);
      /* Translators: the die, the DC, then the degree of success */
      self->result = g_strdup_printf (_ ("Recovery check: %d against DC %d, %s"), die, dc,
                                      tkr_pf2e_degree_to_string (degree));
    }
  tkr_feedback_check (GTK_WIDGET (self), self->feedback, ok, error);
  update (self);
}

static void
recovery_enter_clicked_cb (TkrPf2eRecovery *self)
{
  gtk_spin_button_update (self->recovery_spin);
  check (self, (int) gtk_spin_button_get_value (self->recovery_spin));
}

static void
recovery_roll_clicked_cb (TkrPf2eRecovery *self)
{
  check (self, 0);
}

void
tkr_pf2e_recovery_set_combatant (TkrPf2eRecovery *self,
                                 TkrPf2eEncounter *encounter,
                                 TkrPf2eCombatant *combatant,
                                 GtkLabel *feedback)
{
  g_return_if_fail (TKR_IS_PF2E_RECOVERY (self));

  self->feedback = feedback;
  g_set_object (&self->encounter, encounter);
  if (encounter == NULL)
    combatant = NULL;
  g_set_object (&self->combatant, combatant);
  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->combatant_signals, self->combatant);
  forget_result (self);
}

static void
tkr_pf2e_recovery_dispose (GObject *object)
{
  TkrPf2eRecovery *self = TKR_PF2E_RECOVERY (object);

  g_clear_object (&self->encounter_signals);
  g_clear_object (&self->combatant_signals);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_RECOVERY);
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_pf2e_recovery_parent_class)->dispose (object);
}

static void
tkr_pf2e_recovery_finalize (GObject *object)
{
  TkrPf2eRecovery *self = TKR_PF2E_RECOVERY (object);

  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self->result);

  G_OBJECT_CLASS (tkr_pf2e_recovery_parent_class)->finalize (object);
}

static void
tkr_pf2e_recovery_class_init (TkrPf2eRecoveryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_pf2e_recovery_dispose;
  object_class->finalize = tkr_pf2e_recovery_finalize;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-recovery.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrPf2eRecovery, name)
  BIND (recovery_label);
  BIND (recovery_inputs);
  BIND (recovery_spin);
  BIND (recovery_enter_button);
  BIND (recovery_roll_button);
  BIND (recovery_result_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, recovery_enter_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, recovery_roll_clicked_cb);
}

static void
tkr_pf2e_recovery_init (TkrPf2eRecovery *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rand = g_rand_new ();
  self->encounter_signals = g_signal_group_new (TKR_TYPE_PF2E_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::current-index",
                                 G_CALLBACK (forget_result), self, G_CONNECT_SWAPPED);
  self->combatant_signals = g_signal_group_new (TKR_TYPE_PF2E_COMBATANT);
  g_signal_group_connect_object (self->combatant_signals, "notify::recovery-due",
                                 G_CALLBACK (update), self, G_CONNECT_SWAPPED);
}
