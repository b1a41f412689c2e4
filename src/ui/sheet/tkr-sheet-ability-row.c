/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-sheet-ability-row.h"

/* The Ability's text properties, in the order of the template's rows. */
static const char *const text_properties[] = {
  "target",   "trigger", "requirements", "test-skill",  "on-low",
  "on-mixed", "on-high", "effect",       "description",
};

struct _TkrSheetAbilityRow
{
  AdwExpanderRow parent_instance;

  TkrAbility *ability;
  GtkWidget *edit;
  GtkWidget *remove;
  GtkWidget *rows[G_N_ELEMENTS (text_properties)];
};

G_DEFINE_FINAL_TYPE (TkrSheetAbilityRow, tkr_sheet_ability_row, ADW_TYPE_EXPANDER_ROW)

enum
{
  EDIT,
  REMOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
label_button (GtkWidget *button, const char *label)
{
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
update (TkrSheetAbilityRow *self)
{
  TkrAbility *ability = self->ability;
  const char *name = tkr_ability_get_name (ability) != NULL ? tkr_ability_get_name (ability) : "";
  int beats = tkr_ability_get_beats (ability);
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  g_autofree char *subtitle = NULL;
  g_autofree char *edit_label = g_strdup_printf (_ ("Edit %s"), name);
  g_autofree char *remove_label = g_strdup_printf (_ ("Remove %s"), name);

  /* Row titles are markup; an Ability's text is the player's own. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), escaped);
  if (beats > 0)
    /* Translators: an Ability's Time, then its Beat cost */
    subtitle = g_strdup_printf (ngettext ("%s · %d Beat", "%s · %d Beats", beats),
                                tkr_ability_time_to_string (tkr_ability_get_time (ability)), beats);
  else
    subtitle = g_strdup (tkr_ability_time_to_string (tkr_ability_get_time (ability)));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), subtitle);
  label_button (self->edit, edit_label);
  label_button (self->remove, remove_label);

  for (guint i = 0; i < G_N_ELEMENTS (text_properties); i++)
    {
      g_autofree char *value = NULL;

      g_object_get (ability, text_properties[i], &value, NULL);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rows[i]), value != NULL ? value : "");
      gtk_widget_set_visible (self->rows[i], value != NULL && *value != '\0');
    }
}

static void
edit_clicked_cb (TkrSheetAbilityRow *self)
{
  g_signal_emit (self, signals[EDIT], 0);
}

static void
remove_clicked_cb (TkrSheetAbilityRow *self)
{
  g_signal_emit (self, signals[REMOVE], 0);
}

static void
tkr_sheet_ability_row_finalize (GObject *object)
{
  g_clear_object (&TKR_SHEET_ABILITY_ROW (object)->ability);
  G_OBJECT_CLASS (tkr_sheet_ability_row_parent_class)->finalize (object);
}

static void
tkr_sheet_ability_row_class_init (TkrSheetAbilityRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tkr_sheet_ability_row_finalize;

  /* The user asked to edit or to remove the Ability. */
  signals[EDIT] = g_signal_new ("edit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                NULL, G_TYPE_NONE, 0);
  signals[REMOVE] = g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-sheet-ability-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrSheetAbilityRow, edit);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetAbilityRow, remove);
  for (guint i = 0; i < G_N_ELEMENTS (text_properties); i++)
    {
      g_autofree char *id = g_strdelimit (g_strdup (text_properties[i]), "-", '_');

      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (TkrSheetAbilityRow, rows) +
                                                   i * sizeof (GtkWidget *));
    }
  gtk_widget_class_bind_template_callback (widget_class, edit_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
tkr_sheet_ability_row_init (TkrSheetAbilityRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_sheet_ability_row_new (TkrAbility *ability)
{
  TkrSheetAbilityRow *self;

  g_return_val_if_fail (TKR_IS_ABILITY (ability), NULL);

  self = g_object_new (TKR_TYPE_SHEET_ABILITY_ROW, NULL);
  self->ability = g_object_ref (ability);
  update (self);
  g_signal_connect_object (ability, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

TkrAbility *
tkr_sheet_ability_row_get_ability (TkrSheetAbilityRow *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_ABILITY_ROW (self), NULL);
  return self->ability;
}
