/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-pf2e-setup-row.h"
#include "tkr-pf2e-setup.h"

struct _TkrPf2eSetup
{
  AdwBin parent_instance;

  TkrPf2eEncounter *encounter;
  GRand *rand;
  GSignalGroup *history_signals;

  GtkWidget *roll_rest_button;
  GtkListBox *setup_list;
  GtkListBox *preview_list;
  GtkLabel *waiting_label;
  GtkWidget *begin_main_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrPf2eSetup, tkr_pf2e_setup, ADW_TYPE_BIN)

/* Two tied creatures of a "Move Up" or "Move Down" button. */
typedef struct
{
  TkrPf2eCombatant *first;
  TkrPf2eCombatant *other;
} Swap;

static void
swap_free (gpointer data, GClosure *closure)
{
  Swap *swap = data;

  g_object_unref (swap->first);
  g_object_unref (swap->other);
  g_free (swap);
}

static void
report (TkrPf2eSetup *self, gboolean ok, const GError *error)
{
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static void
put_before_clicked_cb (GtkWidget *button, Swap *swap)
{
  TkrPf2eSetup *self = TKR_PF2E_SETUP (gtk_widget_get_ancestor (button, TKR_TYPE_PF2E_SETUP));
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self == NULL || self->encounter == NULL)
    return;
  ok = tkr_pf2e_encounter_put_before (self->encounter, swap->first, swap->other, &error);
  report (self, ok, error);
}

/* Text rather than arrows: arrow icons read as the expanders of the rows
 * above. */
static GtkWidget *
swap_button (gboolean up, TkrPf2eCombatant *first, TkrPf2eCombatant *other)
{
  g_autofree char *name =
    g_strdup_printf (_ ("Move %s before %s"), tkr_combatant_get_name (TKR_COMBATANT (first)),
                     tkr_combatant_get_name (TKR_COMBATANT (other)));
  GtkWidget *button = gtk_button_new_with_label (up ? _ ("Move Up") : _ ("Move Down"));
  Swap *swap = g_new (Swap, 1);

  swap->first = g_object_ref (first);
  swap->other = g_object_ref (other);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_name (button, up ? "move-up" : "move-down");
  g_signal_connect_data (button, "clicked", G_CALLBACK (put_before_clicked_cb), swap, swap_free, 0);
  return button;
}

/* The order the rounds would use, and who still has to roll. */
static void
refresh (TkrPf2eSetup *self)
{
  g_autoptr (GPtrArray) order = NULL;
  g_autoptr (GString) waiting = g_string_new (NULL);
  GListModel *combatants;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->preview_list))) != NULL)
    gtk_list_box_remove (self->preview_list, child);
  if (self->encounter == NULL ||
      tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter)) != TKR_PHASE_SETUP)
    return;

  order = tkr_pf2e_encounter_preview_order (self->encounter);
  for (guint i = 0; i < order->len; i++)
    {
      TkrPf2eCombatant *combatant = order->pdata[i];
      TkrPf2eCombatant *before = i > 0 ? order->pdata[i - 1] : NULL;
      TkrPf2eCombatant *after = i + 1 < order->len ? order->pdata[i + 1] : NULL;
      gboolean pc = tkr_character_is_pc (tkr_combatant_get_character (TKR_COMBATANT (combatant)));
      gboolean tied = (before && tkr_pf2e_combatant_is_tied_with (before, combatant)) ||
                      (after && tkr_pf2e_combatant_is_tied_with (after, combatant));
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title =
        g_strdup_printf ("%u. %s", i + 1, tkr_combatant_get_name (TKR_COMBATANT (combatant)));
      g_autofree char *subtitle = NULL;

      if (tied)
        /* Translators: an initiative result; the creature is tied with a neighbour */
        subtitle = g_strdup_printf (pc ? _ ("%d, tied (player character)")
                                       : _ ("%d, tied (adversary or other creature)"),
                                    tkr_pf2e_combatant_get_initiative (combatant));
      else
        subtitle = g_strdup_printf ("%d", tkr_pf2e_combatant_get_initiative (combatant));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (before != NULL && tkr_pf2e_encounter_can_put_before (self->encounter, combatant, before))
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), swap_button (TRUE, combatant, before));
      if (after != NULL && tkr_pf2e_encounter_can_put_before (self->encounter, after, combatant))
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), swap_button (FALSE, after, combatant));
      gtk_list_box_append (self->preview_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->preview_list), order->len > 0);

  combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (self->encounter));
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrPf2eCombatant) combatant = g_list_model_get_item (combatants, i);

      if (tkr_pf2e_combatant_has_initiative (combatant))
        continue;
      if (waiting->len > 0)
        g_string_append (waiting, ", ");
      g_string_append (waiting, tkr_combatant_get_name (TKR_COMBATANT (combatant)));
    }
  if (waiting->len > 0)
    {
      /* Translators: a list of creature names */
      g_autofree char *text = g_strdup_printf (_ ("Still to roll: %s"), waiting->str);

      gtk_label_set_text (self->waiting_label, text);
    }
  else
    gtk_label_set_text (self->waiting_label, _ ("Everyone has rolled."));
  gtk_widget_set_sensitive (self->roll_rest_button, waiting->len > 0);
}

static void
roll_rest_clicked_cb (TkrPf2eSetup *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  ok = tkr_pf2e_encounter_roll_remaining (self->encounter, self->rand, &error);
  report (self, ok, error);
}

static GtkWidget *
create_setup_row (gpointer item, gpointer user_data)
{
  TkrPf2eSetup *self = user_data;

  return tkr_pf2e_setup_row_new (self->encounter, item, self->rand, self->error_label);
}

void
tkr_pf2e_setup_set_encounter (TkrPf2eSetup *self, TkrPf2eEncounter *encounter)
{
  g_return_if_fail (TKR_IS_PF2E_SETUP (self));
  g_return_if_fail (encounter == NULL || TKR_IS_PF2E_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  gtk_list_box_bind_model (
    self->setup_list, encounter ? tkr_encounter_get_combatants (TKR_ENCOUNTER (encounter)) : NULL,
    create_setup_row, self, NULL);
  tkr_feedback_clear (self->error_label);
  refresh (self);
}

static void
tkr_pf2e_setup_dispose (GObject *object)
{
  TkrPf2eSetup *self = TKR_PF2E_SETUP (object);

  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->history_signals);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_SETUP);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_pf2e_setup_parent_class)->dispose (object);
}

static void
tkr_pf2e_setup_finalize (GObject *object)
{
  g_clear_pointer (&TKR_PF2E_SETUP (object)->rand, g_rand_free);

  G_OBJECT_CLASS (tkr_pf2e_setup_parent_class)->finalize (object);
}

static void
tkr_pf2e_setup_class_init (TkrPf2eSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_pf2e_setup_dispose;
  object_class->finalize = tkr_pf2e_setup_finalize;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, roll_rest_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, setup_list);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, preview_list);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, waiting_label);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, begin_main_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetup, error_label);
  gtk_widget_class_bind_template_callback (widget_class, roll_rest_clicked_cb);
}

static void
tkr_pf2e_setup_init (TkrPf2eSetup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rand = g_rand_new ();
  /* Every step, undo and redo: the order and who still has to roll (each
   * creature's row follows its own combatant). */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (refresh), self,
                                 G_CONNECT_SWAPPED);
}
