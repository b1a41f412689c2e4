/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-combatant-panel.h"
#include "tkr-encounter-ui.h"
#include "tkr-klep-turn-row.h"
#include "tkr-players.h"

struct _TkrKlepTurnRow
{
  AdwBin parent_instance;

  TkrKlepEncounter *encounter;
  TkrKlepTurnEntry *entry;
  GSignalGroup *entry_signals;
  GSignalGroup *members_signals;

  /* Member panels, kept across rebinds: the list view recycles rows while
   * scrolling, and a panel only needs a new combatant. */
  GPtrArray *panels;

  GtkWidget *card;
  GtkWidget *current_icon;
  GtkLabel *name_label;
  GtkLabel *kind_label;
  GtkWidget *current_label;
  GtkBox *members_box;
  GtkLabel *more_label;
};

G_DEFINE_FINAL_TYPE (TkrKlepTurnRow, tkr_klep_turn_row, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_ENTRY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
refresh_current (TkrKlepTurnRow *self)
{
  gboolean current = self->entry != NULL && tkr_klep_turn_entry_get_current (self->entry);

  gtk_widget_set_visible (self->current_icon, current);
  gtk_widget_set_visible (self->current_label, current);
  if (current)
    gtk_widget_add_css_class (self->card, "current");
  else
    gtk_widget_remove_css_class (self->card, "current");
}

static void
refresh_header (TkrKlepTurnRow *self)
{
  GListModel *members;
  g_autofree char *name = NULL;
  guint n;

  if (self->entry == NULL)
    {
      gtk_label_set_text (self->name_label, "");
      gtk_label_set_text (self->kind_label, "");
      return;
    }

  members = tkr_klep_turn_entry_get_members (self->entry);
  n = g_list_model_get_n_items (members);
  name = tkr_tracker_group_name_by_kind (tkr_klep_turn_entry_get_name (self->entry), members, TRUE);
  gtk_label_set_text (self->name_label,
                      name != NULL ? name : tkr_klep_turn_entry_get_name (self->entry));
  if (tkr_klep_turn_entry_get_kind (self->entry) == TKR_KLEP_TURN_ENTRY_KIND_PC)
    gtk_label_set_text (self->kind_label, _ ("PC"));
  else
    {
      g_autofree char *text = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "NPC group, %u member", "NPC group, %u members", n), n);

      gtk_label_set_text (self->kind_label, text);
    }
}

/* A group shows this many of its members' panels; past them, each
 * member's row in the tracker shows its own panel when selected, so a
 * group of a thousand costs what a group of a dozen does. */
#define MAX_PANELS 12

static void
rebuild_panels (TkrKlepTurnRow *self)
{
  GListModel *members = self->entry ? tkr_klep_turn_entry_get_members (self->entry) : NULL;
  guint all = members ? g_list_model_get_n_items (members) : 0;
  guint n = MIN (all, MAX_PANELS);
  gboolean group = self->entry != NULL &&
                   tkr_klep_turn_entry_get_kind (self->entry) == TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP;

  while (self->panels->len < n)
    {
      GtkWidget *panel = tkr_klep_combatant_panel_new ();

      gtk_box_append (self->members_box, panel);
      g_ptr_array_add (self->panels, panel);
    }

  /* Panels beyond the members are kept, hidden and unbound, for the next
   * entry this recycled row shows. */
  for (guint i = 0; i < self->panels->len; i++)
    {
      TkrKlepCombatantPanel *panel = g_ptr_array_index (self->panels, i);
      g_autoptr (TkrKlepCombatant) combatant = i < n ? g_list_model_get_item (members, i) : NULL;

      tkr_klep_combatant_panel_set_encounter (panel, self->encounter);
      tkr_klep_combatant_panel_set_combatant (panel, combatant);
      /* A PC's row already names it; a group's members need their names. */
      tkr_klep_combatant_panel_set_show_name (panel, group);
      gtk_widget_set_visible (GTK_WIDGET (panel), i < n);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->more_label), all > n);
  if (all > n)
    {
      /* Translators: under the first members of a large NPC group */
      g_autofree char *more = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "And %u more: select a member’s row to see it here",
                     "And %u more: select a member’s row to see it here", all - n),
        all - n);

      gtk_label_set_text (self->more_label, more);
    }

  refresh_header (self);
}

static void
entry_current_cb (TkrKlepTurnRow *self)
{
  refresh_current (self);
}

static void
entry_name_cb (TkrKlepTurnRow *self)
{
  refresh_header (self);
}

static void
members_changed_cb (TkrKlepTurnRow *self)
{
  rebuild_panels (self);
}

static void
tkr_klep_turn_row_dispose (GObject *object)
{
  TkrKlepTurnRow *self = TKR_KLEP_TURN_ROW (object);

  if (self->entry_signals != NULL)
    g_signal_group_set_target (self->entry_signals, NULL);
  if (self->members_signals != NULL)
    g_signal_group_set_target (self->members_signals, NULL);
  g_clear_object (&self->entry_signals);
  g_clear_object (&self->members_signals);
  g_clear_object (&self->entry);
  g_clear_object (&self->encounter);
  g_clear_pointer (&self->panels, g_ptr_array_unref);

  G_OBJECT_CLASS (tkr_klep_turn_row_parent_class)->dispose (object);
}

static void
tkr_klep_turn_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepTurnRow *self = TKR_KLEP_TURN_ROW (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    case PROP_ENTRY:
      g_value_set_object (value, self->entry);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_turn_row_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrKlepTurnRow *self = TKR_KLEP_TURN_ROW (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_klep_turn_row_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_ENTRY:
      tkr_klep_turn_row_set_entry (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_turn_row_class_init (TkrKlepTurnRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_turn_row_dispose;
  object_class->get_property = tkr_klep_turn_row_get_property;
  object_class->set_property = tkr_klep_turn_row_set_property;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_KLEP_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ENTRY] =
    g_param_spec_object ("entry", NULL, NULL, TKR_TYPE_KLEP_TURN_ENTRY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TKR_TYPE_KLEP_COMBATANT_PANEL);
  tkr_encounter_ui_ensure_style ();
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-turn-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnRow, card);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnRow, current_icon);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnRow, kind_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnRow, current_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnRow, members_box);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnRow, more_label);
}

static void
tkr_klep_turn_row_init (TkrKlepTurnRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->panels = g_ptr_array_new ();

  self->entry_signals = g_signal_group_new (TKR_TYPE_KLEP_TURN_ENTRY);
  g_signal_group_connect_object (self->entry_signals, "notify::current",
                                 G_CALLBACK (entry_current_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->entry_signals, "notify::name", G_CALLBACK (entry_name_cb),
                                 self, G_CONNECT_SWAPPED);

  self->members_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->members_signals, "items-changed",
                                 G_CALLBACK (members_changed_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_klep_turn_row_new (void)
{
  return g_object_new (TKR_TYPE_KLEP_TURN_ROW, NULL);
}

TkrKlepEncounter *
tkr_klep_turn_row_get_encounter (TkrKlepTurnRow *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ROW (self), NULL);

  return self->encounter;
}

void
tkr_klep_turn_row_set_encounter (TkrKlepTurnRow *self, TkrKlepEncounter *encounter)
{
  g_return_if_fail (TKR_IS_KLEP_TURN_ROW (self));
  g_return_if_fail (encounter == NULL || TKR_IS_KLEP_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;

  for (guint i = 0; i < self->panels->len; i++)
    tkr_klep_combatant_panel_set_encounter (g_ptr_array_index (self->panels, i), encounter);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

TkrKlepTurnEntry *
tkr_klep_turn_row_get_entry (TkrKlepTurnRow *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ROW (self), NULL);

  return self->entry;
}

void
tkr_klep_turn_row_set_entry (TkrKlepTurnRow *self, TkrKlepTurnEntry *entry)
{
  g_return_if_fail (TKR_IS_KLEP_TURN_ROW (self));
  g_return_if_fail (entry == NULL || TKR_IS_KLEP_TURN_ENTRY (entry));

  if (!g_set_object (&self->entry, entry))
    return;

  g_signal_group_set_target (self->entry_signals, entry);
  g_signal_group_set_target (self->members_signals,
                             entry ? tkr_klep_turn_entry_get_members (entry) : NULL);
  rebuild_panels (self);
  refresh_current (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENTRY]);
}

GtkWidget *
tkr_klep_turn_row_get_panel (TkrKlepTurnRow *self, guint index)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_ROW (self), NULL);

  if (self->entry == NULL || index >= MAX_PANELS ||
      index >= g_list_model_get_n_items (tkr_klep_turn_entry_get_members (self->entry)))
    return NULL;
  return g_ptr_array_index (self->panels, index);
}
