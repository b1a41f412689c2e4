/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-combatant.h"
#include "tkr-klep-order-row.h"

struct _TkrKlepOrderRow
{
  AdwActionRow parent_instance;

  TkrKlepTurnEntry *entry;
  guint position;
  TkrCharacter *previous_pc;
  TkrCharacter *next_pc;

  GtkLabel *place_label;
  GtkWidget *earlier_button;
  GtkWidget *later_button;
};

G_DEFINE_FINAL_TYPE (TkrKlepOrderRow, tkr_klep_order_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_ENTRY,
  PROP_POSITION,
  PROP_PREVIOUS_PC,
  PROP_NEXT_PC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  PLACE_BEFORE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

TkrCharacter *
tkr_klep_order_row_entry_pc (TkrKlepTurnEntry *entry)
{
  g_autoptr (TkrKlepCombatant) combatant = NULL;

  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (entry), NULL);

  if (tkr_klep_turn_entry_get_kind (entry) != TKR_KLEP_TURN_ENTRY_KIND_PC)
    return NULL;

  /* The entry holds its combatant, and the combatant its character. */
  combatant = g_list_model_get_item (tkr_klep_turn_entry_get_members (entry), 0);
  return combatant ? tkr_combatant_get_character (TKR_COMBATANT (combatant)) : NULL;
}

static char *
members_text (TkrKlepTurnEntry *entry)
{
  GListModel *members = tkr_klep_turn_entry_get_members (entry);
  g_autoptr (GString) names = g_string_new (NULL);
  guint n = g_list_model_get_n_items (members);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrKlepCombatant) member = g_list_model_get_item (members, i);

      if (i > 0)
        g_string_append (names, ", ");
      g_string_append (
        names, tkr_character_get_name (tkr_combatant_get_character (TKR_COMBATANT (member))));
    }
  return g_string_free (g_steal_pointer (&names), FALSE);
}

static void
show_tie_button (GtkWidget *button, const char *key, TkrCharacter *pc, const char *label)
{
  g_autofree char *name = g_strdup_printf ("%s:%s", key, tkr_character_get_id (pc));

  gtk_widget_set_name (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  gtk_widget_set_visible (button, TRUE);
}

static void
earlier_clicked_cb (TkrKlepOrderRow *self)
{
  TkrCharacter *pc = tkr_klep_order_row_entry_pc (self->entry);

  if (pc != NULL && self->previous_pc != NULL)
    g_signal_emit (self, signals[PLACE_BEFORE], 0, pc, self->previous_pc);
}

static void
later_clicked_cb (TkrKlepOrderRow *self)
{
  TkrCharacter *pc = tkr_klep_order_row_entry_pc (self->entry);

  if (pc != NULL && self->next_pc != NULL)
    g_signal_emit (self, signals[PLACE_BEFORE], 0, self->next_pc, pc);
}

static void
tkr_klep_order_row_constructed (GObject *object)
{
  TkrKlepOrderRow *self = TKR_KLEP_ORDER_ROW (object);
  g_autofree char *place = NULL;
  TkrCharacter *pc;

  G_OBJECT_CLASS (tkr_klep_order_row_parent_class)->constructed (object);

  g_assert (self->entry != NULL);
  pc = tkr_klep_order_row_entry_pc (self->entry);
  place = g_strdup_printf ("%u", self->position + 1);
  gtk_label_set_text (self->place_label, place);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self),
                                 tkr_klep_turn_entry_get_name (self->entry));

  if (pc != NULL)
    {
      const char *name = tkr_character_get_name (pc);
      g_autofree char *earlier = g_strdup_printf (_ ("Move %s earlier"), name);
      g_autofree char *later = g_strdup_printf (_ ("Move %s later"), name);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), _ ("PC"));
      if (self->previous_pc != NULL)
        show_tie_button (self->earlier_button, "tie-up", pc, earlier);
      if (self->next_pc != NULL)
        show_tie_button (self->later_button, "tie-down", pc, later);
    }
  else
    {
      g_autofree char *names = members_text (self->entry);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), names);
    }
}

static void
tkr_klep_order_row_dispose (GObject *object)
{
  TkrKlepOrderRow *self = TKR_KLEP_ORDER_ROW (object);

  g_clear_object (&self->entry);
  g_clear_object (&self->previous_pc);
  g_clear_object (&self->next_pc);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_KLEP_ORDER_ROW);

  G_OBJECT_CLASS (tkr_klep_order_row_parent_class)->dispose (object);
}

static void
tkr_klep_order_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepOrderRow *self = TKR_KLEP_ORDER_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      g_value_set_object (value, self->entry);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_PREVIOUS_PC:
      g_value_set_object (value, self->previous_pc);
      break;
    case PROP_NEXT_PC:
      g_value_set_object (value, self->next_pc);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_order_row_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrKlepOrderRow *self = TKR_KLEP_ORDER_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      self->entry = g_value_dup_object (value);
      break;
    case PROP_POSITION:
      self->position = g_value_get_uint (value);
      break;
    case PROP_PREVIOUS_PC:
      self->previous_pc = g_value_dup_object (value);
      break;
    case PROP_NEXT_PC:
      self->next_pc = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_order_row_class_init (TkrKlepOrderRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = tkr_klep_order_row_constructed;
  object_class->dispose = tkr_klep_order_row_dispose;
  object_class->get_property = tkr_klep_order_row_get_property;
  object_class->set_property = tkr_klep_order_row_set_property;

  properties[PROP_ENTRY] =
    g_param_spec_object ("entry", NULL, NULL, TKR_TYPE_KLEP_TURN_ENTRY, flags);
  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_PREVIOUS_PC] =
    g_param_spec_object ("previous-pc", NULL, NULL, TKR_TYPE_CHARACTER, flags);
  properties[PROP_NEXT_PC] = g_param_spec_object ("next-pc", NULL, NULL, TKR_TYPE_CHARACTER, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PLACE_BEFORE] =
    g_signal_new ("place-before", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, TKR_TYPE_CHARACTER, TKR_TYPE_CHARACTER);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-order-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepOrderRow, place_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepOrderRow, earlier_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepOrderRow, later_button);
  gtk_widget_class_bind_template_callback (widget_class, earlier_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, later_clicked_cb);
}

static void
tkr_klep_order_row_init (TkrKlepOrderRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_klep_order_row_new (TkrKlepTurnEntry *entry,
                        guint position,
                        TkrCharacter *previous_pc,
                        TkrCharacter *next_pc)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ENTRY (entry), NULL);

  return g_object_new (TKR_TYPE_KLEP_ORDER_ROW, "entry", entry, "position", position, "previous-pc",
                       previous_pc, "next-pc", next_pc, NULL);
}

TkrCharacter *
tkr_klep_order_row_get_pc (TkrKlepOrderRow *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ORDER_ROW (self), NULL);

  return tkr_klep_order_row_entry_pc (self->entry);
}
