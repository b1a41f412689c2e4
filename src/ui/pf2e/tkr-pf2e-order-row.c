/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-pf2e-order-row.h"

struct _TkrPf2eOrderRow
{
  AdwActionRow parent_instance;

  TkrPf2eEncounter *encounter;
  TkrOrderPlace *place;
  GtkLabel *feedback; /* the Setup's */

  GtkWidget *move_up_button;
  GtkWidget *move_down_button;
};

G_DEFINE_FINAL_TYPE (TkrPf2eOrderRow, tkr_pf2e_order_row, ADW_TYPE_ACTION_ROW)

static const char *
name_of (TkrPf2eCombatant *combatant)
{
  return tkr_combatant_get_name (TKR_COMBATANT (combatant));
}

static void
put_before (TkrPf2eOrderRow *self, TkrPf2eCombatant *first, TkrPf2eCombatant *other)
{
  /* The step may move this row: keep it alive while reporting. */
  g_autoptr (TkrPf2eOrderRow) keep = g_object_ref (self);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (first == NULL || other == NULL)
    return;
  ok = tkr_pf2e_encounter_put_before (self->encounter, first, other, &error);
  tkr_feedback_check (GTK_WIDGET (self), self->feedback, ok, error);
}

static void
move_up_clicked_cb (TkrPf2eOrderRow *self)
{
  put_before (self, (TkrPf2eCombatant *) tkr_order_place_get_combatant (self->place),
              (TkrPf2eCombatant *) tkr_order_place_get_earlier (self->place));
}

static void
move_down_clicked_cb (TkrPf2eOrderRow *self)
{
  put_before (self, (TkrPf2eCombatant *) tkr_order_place_get_later (self->place),
              (TkrPf2eCombatant *) tkr_order_place_get_combatant (self->place));
}

/* A "Move Up" or "Move Down" button names both creatures, shown only
 * while the core allows the trade. */
static void
sync_button (GtkWidget *button, TkrPf2eCombatant *first, TkrPf2eCombatant *other)
{
  g_autofree char *name = NULL;

  gtk_widget_set_visible (button, first != NULL && other != NULL);
  if (first == NULL || other == NULL)
    return;
  name = g_strdup_printf (_ ("Move %s before %s"), name_of (first), name_of (other));
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void
sync_row (TkrPf2eOrderRow *self)
{
  TkrPf2eCombatant *combatant = (TkrPf2eCombatant *) tkr_order_place_get_combatant (self->place);
  gboolean pc = tkr_character_is_pc (tkr_combatant_get_character (TKR_COMBATANT (combatant)));
  g_autofree char *title =
    g_strdup_printf ("%u. %s", tkr_order_place_get_place (self->place), name_of (combatant));
  g_autofree char *subtitle = NULL;

  if (tkr_order_place_get_tied (self->place))
    /* Translators: an initiative result; the creature is tied with a neighbour */
    subtitle = g_strdup_printf (pc ? _ ("%d, tied (player character)")
                                   : _ ("%d, tied (adversary or other creature)"),
                                tkr_pf2e_combatant_get_initiative (combatant));
  else
    subtitle = g_strdup_printf ("%d", tkr_pf2e_combatant_get_initiative (combatant));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  sync_button (self->move_up_button, combatant,
               (TkrPf2eCombatant *) tkr_order_place_get_earlier (self->place));
  sync_button (self->move_down_button, (TkrPf2eCombatant *) tkr_order_place_get_later (self->place),
               combatant);
}

static void
tkr_pf2e_order_row_dispose (GObject *object)
{
  TkrPf2eOrderRow *self = TKR_PF2E_ORDER_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_ORDER_ROW);
  g_clear_object (&self->place);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_pf2e_order_row_parent_class)->dispose (object);
}

static void
tkr_pf2e_order_row_class_init (TkrPf2eOrderRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_pf2e_order_row_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-order-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eOrderRow, move_up_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPf2eOrderRow, move_down_button);
  gtk_widget_class_bind_template_callback (widget_class, move_up_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, move_down_clicked_cb);
}

static void
tkr_pf2e_order_row_init (TkrPf2eOrderRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_pf2e_order_row_new (TkrPf2eEncounter *encounter, TkrOrderPlace *place, GtkLabel *feedback)
{
  TkrPf2eOrderRow *self = g_object_new (TKR_TYPE_PF2E_ORDER_ROW, NULL);
  const char *place_notify[] = { "notify::place", "notify::tied", "notify::earlier",
                                 "notify::later" };

  self->encounter = g_object_ref (encounter);
  self->place = g_object_ref (place);
  self->feedback = feedback;
  for (guint i = 0; i < G_N_ELEMENTS (place_notify); i++)
    g_signal_connect_object (place, place_notify[i], G_CALLBACK (sync_row), self,
                             G_CONNECT_SWAPPED);
  g_signal_connect_object ((TkrPf2eCombatant *) tkr_order_place_get_combatant (place),
                           "notify::initiative", G_CALLBACK (sync_row), self, G_CONNECT_SWAPPED);
  sync_row (self);
  return GTK_WIDGET (self);
}
