/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"
#include "tkr-klep-zone-row.h"
#include "tkr-rules.h"

struct _TkrKlepZoneRow
{
  GtkListBoxRow parent_instance;

  TkrZone *zone;

  GtkLabel *name_label;
  GtkLabel *place_label;
  GtkLabel *description_label;
  GtkLabel *stacks_label;
  GtkWidget *down_button;
  GtkWidget *up_button;
  GtkWidget *remove_button;
};

G_DEFINE_FINAL_TYPE (TkrKlepZoneRow, tkr_klep_zone_row, GTK_TYPE_LIST_BOX_ROW)

enum
{
  PROP_0,
  PROP_ZONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGE_STACKS,
  REMOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
refresh (TkrKlepZoneRow *self)
{
  TkrZone *zone = self->zone;
  const char *name = tkr_rules_translate (tkr_zone_get_name (zone));
  const char *place = tkr_zone_get_location (zone);
  const char *description = tkr_zone_get_description (zone);
  int stacks = tkr_zone_get_stacks (zone);
  int max_stacks = tkr_zone_get_max_stacks (zone);
  gboolean has_place = place != NULL && *place != '\0';
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;

  gtk_label_set_text (self->name_label, name);
  gtk_label_set_text (self->place_label, has_place ? place : "");
  gtk_widget_set_visible (GTK_WIDGET (self->place_label), has_place);
  gtk_label_set_text (self->description_label,
                      description ? tkr_rules_translate (description) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_label),
                          description != NULL && *description != '\0');

  /* TRANSLATORS: a Zone's stacks / the most it can have */
  text = g_strdup_printf (_ ("%d/%d"), stacks, max_stacks);
  gtk_label_set_text (self->stacks_label, text);
  g_clear_pointer (&text, g_free);
  /* TRANSLATORS: accessible description of a Zone's stacks, "1 of 2 stacks" */
  text = g_strdup_printf (_ ("%d of %d stacks"), stacks, max_stacks);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->stacks_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  tkr_encounter_ui_set_tooltip (GTK_WIDGET (self->stacks_label), text);

  /* The Zone's own bounds; the core checks them again. */
  gtk_widget_set_sensitive (self->down_button, stacks > 1);
  gtk_widget_set_sensitive (self->up_button, stacks < max_stacks);

  if (has_place)
    /* TRANSLATORS: accessible name of a Zone in play: name, place, stacks,
     * "Fire, the brazier, 1 of 2 stacks" */
    label = g_strdup_printf (C_ ("zone", "%s, %s, %s"), name, place, text);
  else
    /* TRANSLATORS: accessible name of a Zone in play: name and stacks */
    label = g_strdup_printf (C_ ("zone", "%s, %s"), name, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* The buttons' names, which carry the Zone's. */
static void
refresh_names (TkrKlepZoneRow *self)
{
  const char *name = tkr_rules_translate (tkr_zone_get_name (self->zone));
  /* TRANSLATORS: accessible names of a Zone's buttons, with its name */
  g_autofree char *down_name = g_strdup_printf (_ ("Remove a stack from %s"), name);
  g_autofree char *up_name = g_strdup_printf (_ ("Add a stack to %s"), name);
  g_autofree char *remove_name = g_strdup_printf (_ ("Remove the %s Zone"), name);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->down_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  down_name, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->up_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  up_name, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove_name, -1);
}

static void
down_clicked_cb (TkrKlepZoneRow *self)
{
  g_signal_emit (self, signals[CHANGE_STACKS], 0, -1);
}

static void
up_clicked_cb (TkrKlepZoneRow *self)
{
  g_signal_emit (self, signals[CHANGE_STACKS], 0, +1);
}

static void
remove_clicked_cb (TkrKlepZoneRow *self)
{
  g_signal_emit (self, signals[REMOVE], 0);
}

static void
tkr_klep_zone_row_constructed (GObject *object)
{
  TkrKlepZoneRow *self = TKR_KLEP_ZONE_ROW (object);

  G_OBJECT_CLASS (tkr_klep_zone_row_parent_class)->constructed (object);

  g_assert (self->zone != NULL);
  /* Stacks change by command and by undo alike. */
  g_signal_connect_object (self->zone, "notify", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh_names (self);
  refresh (self);
}

static void
tkr_klep_zone_row_dispose (GObject *object)
{
  TkrKlepZoneRow *self = TKR_KLEP_ZONE_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_KLEP_ZONE_ROW);
  g_clear_object (&self->zone);

  G_OBJECT_CLASS (tkr_klep_zone_row_parent_class)->dispose (object);
}

static void
tkr_klep_zone_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepZoneRow *self = TKR_KLEP_ZONE_ROW (object);

  switch (prop_id)
    {
    case PROP_ZONE:
      g_value_set_object (value, self->zone);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_zone_row_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrKlepZoneRow *self = TKR_KLEP_ZONE_ROW (object);

  switch (prop_id)
    {
    case PROP_ZONE:
      self->zone = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_zone_row_class_init (TkrKlepZoneRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tkr_klep_zone_row_constructed;
  object_class->dispose = tkr_klep_zone_row_dispose;
  object_class->get_property = tkr_klep_zone_row_get_property;
  object_class->set_property = tkr_klep_zone_row_set_property;

  properties[PROP_ZONE] =
    g_param_spec_object ("zone", NULL, NULL, TKR_TYPE_ZONE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGE_STACKS] =
    g_signal_new ("change-stacks", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[REMOVE] = g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-zone-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepZoneRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepZoneRow, place_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepZoneRow, description_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepZoneRow, stacks_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepZoneRow, down_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepZoneRow, up_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepZoneRow, remove_button);
  gtk_widget_class_bind_template_callback (widget_class, down_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, up_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
tkr_klep_zone_row_init (TkrKlepZoneRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_klep_zone_row_new (TkrZone *zone)
{
  g_return_val_if_fail (TKR_IS_ZONE (zone), NULL);

  return g_object_new (TKR_TYPE_KLEP_ZONE_ROW, "zone", zone, NULL);
}

TkrZone *
tkr_klep_zone_row_get_zone (TkrKlepZoneRow *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ZONE_ROW (self), NULL);

  return self->zone;
}
