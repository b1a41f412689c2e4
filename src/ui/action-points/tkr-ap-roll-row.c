/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-roll-row.h"

/* Upper bound of a Check Roll's spin button; the core validates the real limits. */
#define SPIN_MAX_CHECK 999

struct _TkrApRollRow
{
  AdwActionRow parent_instance;

  TkrApEncounter *encounter;
  TkrPendingRoll *roll;
  gboolean syncing;

  GtkSpinButton *typed_spin;
};

G_DEFINE_FINAL_TYPE (TkrApRollRow, tkr_ap_roll_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_TYPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
typed_changed_cb (TkrApRollRow *self)
{
  /* A smaller die clamps the field, but what was typed stays as typed:
   * a face the die cannot show is left for the core to roll. */
  if (self->syncing)
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TYPED]);
}

static void
name_spin (TkrApRollRow *self, const char *name)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->typed_spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
}

static void
sync_row (TkrApRollRow *self)
{
  TkrPendingRoll *roll = self->roll;
  const char *name = tkr_character_get_name (tkr_combatant_get_character (
    TKR_COMBATANT ((TkrApCombatant *) tkr_pending_roll_get_combatant (roll))));
  const char *condition = tkr_pending_roll_get_what (roll);
  int adjustment = tkr_pending_roll_get_modifier (roll);
  int die = tkr_pending_roll_get_die (roll);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *accessible = NULL;

  self->syncing = TRUE;
  switch ((TkrApResetRollKind) tkr_pending_roll_get_kind (roll))
    {
    case TKR_AP_RESET_ROLL_CHECK:
      title = g_strdup_printf (_ ("%s: %s"), name, condition);
      subtitle = g_strdup_printf (_ ("Check Roll on a d%d: %d or more shakes it off"),
                                  tkr_ap_encounter_get_check_die (self->encounter),
                                  tkr_pending_roll_get_target (roll));
      accessible = g_strdup_printf (_ ("Check Roll of %s against %s"), name, condition);
      gtk_spin_button_set_range (self->typed_spin, 0, SPIN_MAX_CHECK);
      name_spin (self, accessible);
      break;
    case TKR_AP_RESET_ROLL_SURPRISED:
      /* The exact AP of the opening Reset: nothing to type. */
      title = g_strdup (name);
      subtitle = g_strdup_printf (_ ("Surprised: gets exactly %d AP, no roll"),
                                  tkr_ap_encounter_get_surprised_first_ap (self->encounter));
      break;
    case TKR_AP_RESET_ROLL_FINESSE:
      title = g_strdup (name);
      if (adjustment != 0)
        subtitle = g_strdup_printf (_ ("Finesse Die d%d, %+d AP"), die, adjustment);
      else
        subtitle = g_strdup_printf (_ ("Finesse Die d%d"), die);
      accessible = g_strdup_printf (_ ("Finesse Die of %s"), name);
      gtk_spin_button_set_range (self->typed_spin, 0, die);
      name_spin (self, accessible);
      break;
    default:
      g_assert_not_reached ();
    }
  self->syncing = FALSE;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
}

static void
tkr_ap_roll_row_dispose (GObject *object)
{
  TkrApRollRow *self = TKR_AP_ROLL_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_ROLL_ROW);
  g_clear_object (&self->roll);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_ap_roll_row_parent_class)->dispose (object);
}

static void
tkr_ap_roll_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_TYPED:
      g_value_set_int (value, tkr_ap_roll_row_get_typed (TKR_AP_ROLL_ROW (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ap_roll_row_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  TkrApRollRow *self = TKR_AP_ROLL_ROW (object);

  switch (prop_id)
    {
    case PROP_TYPED:
      if (self->typed_spin != NULL)
        gtk_spin_button_set_value (self->typed_spin, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ap_roll_row_class_init (TkrApRollRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_ap_roll_row_dispose;
  object_class->get_property = tkr_ap_roll_row_get_property;
  object_class->set_property = tkr_ap_roll_row_set_property;

  properties[PROP_TYPED] =
    g_param_spec_int ("typed", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-ap-roll-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrApRollRow, typed_spin);
  gtk_widget_class_bind_template_callback (widget_class, typed_changed_cb);
}

static void
tkr_ap_roll_row_init (TkrApRollRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_ap_roll_row_new (TkrApEncounter *encounter, TkrPendingRoll *roll, int typed)
{
  TkrApRollRow *self = g_object_new (TKR_TYPE_AP_ROLL_ROW, NULL);
  TkrApResetRollKind kind = (TkrApResetRollKind) tkr_pending_roll_get_kind (roll);

  self->encounter = g_object_ref (encounter);
  self->roll = g_object_ref (roll);
  /* The kind of a roll never changes: a surprised member's row has
   * nothing to type in. */
  if (kind == TKR_AP_RESET_ROLL_SURPRISED)
    {
      adw_action_row_remove (ADW_ACTION_ROW (self), GTK_WIDGET (self->typed_spin));
      self->typed_spin = NULL;
    }
  else if (kind == TKR_AP_RESET_ROLL_FINESSE)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), _ ("The face the die showed; 0 rolls it"));
  sync_row (self);
  if (self->typed_spin != NULL)
    gtk_spin_button_set_value (self->typed_spin, typed);
  g_signal_connect_object (roll, "notify", G_CALLBACK (sync_row), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

TkrPendingRoll *
tkr_ap_roll_row_get_roll (TkrApRollRow *self)
{
  g_return_val_if_fail (TKR_IS_AP_ROLL_ROW (self), NULL);
  return self->roll;
}

int
tkr_ap_roll_row_get_typed (TkrApRollRow *self)
{
  g_return_val_if_fail (TKR_IS_AP_ROLL_ROW (self), 0);
  return self->typed_spin ? gtk_spin_button_get_value_as_int (self->typed_spin) : 0;
}
