/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-klep-combatant-panel.h"
#include "tkr-klep-gm-panel.h"
#include "tkr-klep-turn-row.h"
#include "tkr-klep-turn-tracker.h"
#include "tkr-players.h"

struct _TkrKlepTurnTracker
{
  AdwBin parent_instance;

  TkrKlepEncounter *encounter;
  GSignalGroup *encounter_signals;
  GObject *selected; /* the table tracker's selected row: an entry or a member */

  GtkRevealer *paused_revealer;
  GtkButton *resume_button;
  GtkMenuButton *resume_by_beat_button;
  GtkPopover *resume_by_beat_popover;
  GtkListBox *resume_by_beat_list;
  GtkButton *end_button;
  GtkLabel *round_label;
  GtkLabel *current_label;
  GtkButton *previous_button;
  GtkButton *next_button;
  GtkLabel *error_label;
  GtkStack *details_stack;
  TkrKlepTurnRow *entry_row;
  TkrKlepCombatantPanel *member_panel;
  AdwFlap *flap;
  TkrKlepGmPanel *gm_panel;
  GtkToggleButton *gm_panel_button;
};

G_DEFINE_FINAL_TYPE (TkrKlepTurnTracker, tkr_klep_turn_tracker, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
report (TkrKlepTurnTracker *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static void
refresh_header (TkrKlepTurnTracker *self)
{
  TkrPhase phase = TKR_PHASE_FREEPLAY;
  TkrKlepTurnEntry *entry = NULL;
  g_autofree char *round = NULL;
  g_autofree char *current = NULL;

  if (self->encounter != NULL)
    {
      phase = tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter));
      entry = tkr_klep_encounter_get_current_entry (self->encounter);
      /* TRANSLATORS: the Round number in the tracker's header */
      round =
        g_strdup_printf (_ ("Round %d"), tkr_encounter_get_round (TKR_ENCOUNTER (self->encounter)));
    }

  if (entry != NULL)
    {
      g_autofree char *by_kind = tkr_tracker_group_name_by_kind (
        tkr_klep_turn_entry_get_name (entry), tkr_klep_turn_entry_get_members (entry), TRUE);

      /* TRANSLATORS: whose Turn it is, "Current turn: Alice" */
      current = g_strdup_printf (_ ("Current turn: %s"),
                                 by_kind != NULL ? by_kind : tkr_klep_turn_entry_get_name (entry));
    }
  else
    current = g_strdup (_ ("No turn running"));

  gtk_label_set_text (self->round_label, round ? round : "");
  gtk_label_set_text (self->current_label, current);
  gtk_revealer_set_reveal_child (self->paused_revealer, phase == TKR_PHASE_PAUSED);
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), phase == TKR_PHASE_MAIN);
  gtk_widget_set_sensitive (GTK_WIDGET (self->previous_button), phase == TKR_PHASE_MAIN);
}

/* The details of the selected row: a PC's or a group's entry with a
 * panel per member, or one member of a group. With nothing selected, the
 * current turn's entry. Only the shown objects are followed. */
static void
update_details (TkrKlepTurnTracker *self)
{
  GObject *shown = self->selected;

  if (shown == NULL && self->encounter != NULL)
    shown = G_OBJECT (tkr_klep_encounter_get_current_entry (self->encounter));
  if (self->encounter != NULL && TKR_IS_KLEP_COMBATANT (shown))
    {
      tkr_klep_turn_row_set_entry (self->entry_row, NULL);
      tkr_klep_combatant_panel_set_encounter (self->member_panel, self->encounter);
      tkr_klep_combatant_panel_set_combatant (self->member_panel, TKR_KLEP_COMBATANT (shown));
      gtk_stack_set_visible_child_name (self->details_stack, "member");
    }
  else if (self->encounter != NULL && TKR_IS_KLEP_TURN_ENTRY (shown))
    {
      tkr_klep_combatant_panel_set_combatant (self->member_panel, NULL);
      tkr_klep_turn_row_set_encounter (self->entry_row, self->encounter);
      tkr_klep_turn_row_set_entry (self->entry_row, TKR_KLEP_TURN_ENTRY (shown));
      gtk_stack_set_visible_child_name (self->details_stack, "entry");
    }
  else
    {
      tkr_klep_combatant_panel_set_combatant (self->member_panel, NULL);
      tkr_klep_turn_row_set_entry (self->entry_row, NULL);
      gtk_stack_set_visible_child_name (self->details_stack, "none");
    }
}

static void
turn_changed_cb (TkrKlepTurnTracker *self)
{
  refresh_header (self);
  if (self->selected == NULL)
    update_details (self);
}

static void
state_changed_cb (TkrKlepTurnTracker *self)
{
  refresh_header (self);
}

static void
next_clicked_cb (TkrKlepTurnTracker *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;

  ok = tkr_encounter_next_turn (TKR_ENCOUNTER (self->encounter), &error);
  report (self, ok, error);
}

static void
previous_clicked_cb (TkrKlepTurnTracker *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;

  ok = tkr_encounter_previous_turn (TKR_ENCOUNTER (self->encounter), &error);
  report (self, ok, error);
}

static void
resume_clicked_cb (TkrKlepTurnTracker *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;

  ok = tkr_encounter_resume (TKR_ENCOUNTER (self->encounter), &error);
  report (self, ok, error);
}

static void
end_clicked_cb (TkrKlepTurnTracker *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;

  ok = tkr_encounter_end (TKR_ENCOUNTER (self->encounter), &error);
  report (self, ok, error);
}

static void
unref_closure_data (gpointer data, GClosure *closure)
{
  g_object_unref (data);
}

/* Each choice's "clicked" closure owns a reference to its combatant. */
static void
resume_by_beat_clicked_cb (GtkWidget *button, TkrKlepCombatant *combatant)
{
  TkrKlepTurnTracker *self =
    TKR_KLEP_TURN_TRACKER (gtk_widget_get_ancestor (button, TKR_TYPE_KLEP_TURN_TRACKER));
  g_autoptr (GError) error = NULL;
  gboolean ok;

  gtk_popover_popdown (self->resume_by_beat_popover);
  if (self->encounter == NULL)
    return;

  /* The Beat goes missing on that combatant's next Turn (seed, "Encounter
   * Paused Phase"); the core keeps the count. */
  ok = tkr_klep_encounter_resume_by_beat (self->encounter, combatant, &error);
  report (self, ok, error);
}

/* Lists everyone in the order, each member of a group on its own. */
static void
rebuild_resume_by_beat (TkrKlepTurnTracker *self)
{
  GtkWidget *child;
  GListModel *order;
  guint n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->resume_by_beat_list))) != NULL)
    gtk_list_box_remove (self->resume_by_beat_list, child);

  if (self->encounter == NULL)
    return;

  order = tkr_encounter_get_order (TKR_ENCOUNTER (self->encounter));
  n = g_list_model_get_n_items (order);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrKlepTurnEntry) entry = g_list_model_get_item (order, i);
      GListModel *members = tkr_klep_turn_entry_get_members (entry);
      guint n_members = g_list_model_get_n_items (members);

      for (guint j = 0; j < n_members; j++)
        {
          g_autoptr (TkrKlepCombatant) combatant = g_list_model_get_item (members, j);
          TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (combatant));
          int left = tkr_klep_combatant_get_beats_left (combatant);
          g_autofree char *label = NULL;
          g_autofree char *widget_name = NULL;
          GtkWidget *button;

          /* TRANSLATORS: a choice of who resumes: name and Beats left,
           * "Alice (2 Beats left)" */
          label = g_strdup_printf (
            g_dngettext (GETTEXT_PACKAGE, "%s (%d Beat left)", "%s (%d Beats left)", left),
            tkr_character_get_name (character), left);
          button = gtk_button_new_with_label (label);
          gtk_widget_add_css_class (button, "flat");
          gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
          /* Named by the character's id, for tests and the inspector. */
          widget_name = g_strdup_printf ("resume-%s", tkr_character_get_id (character));
          gtk_widget_set_name (button, widget_name);
          g_signal_connect_data (button, "clicked", G_CALLBACK (resume_by_beat_clicked_cb),
                                 g_object_ref (combatant), unref_closure_data, 0);
          gtk_list_box_append (self->resume_by_beat_list, button);
        }
    }
}

static void
resume_by_beat_popup_cb (GtkMenuButton *button, gpointer user_data)
{
  rebuild_resume_by_beat (TKR_KLEP_TURN_TRACKER (user_data));
}

static void
tkr_klep_turn_tracker_dispose (GObject *object)
{
  TkrKlepTurnTracker *self = TKR_KLEP_TURN_TRACKER (object);

  if (self->encounter_signals != NULL)
    g_signal_group_set_target (self->encounter_signals, NULL);
  g_clear_object (&self->encounter_signals);
  g_clear_object (&self->selected);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_klep_turn_tracker_parent_class)->dispose (object);
}

static void
tkr_klep_turn_tracker_get_property (GObject *object,
                                    guint prop_id,
                                    GValue *value,
                                    GParamSpec *pspec)
{
  TkrKlepTurnTracker *self = TKR_KLEP_TURN_TRACKER (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    case PROP_SELECTED:
      g_value_set_object (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_turn_tracker_set_property (GObject *object,
                                    guint prop_id,
                                    const GValue *value,
                                    GParamSpec *pspec)
{
  TkrKlepTurnTracker *self = TKR_KLEP_TURN_TRACKER (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_klep_turn_tracker_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_SELECTED:
      tkr_klep_turn_tracker_set_selected (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_turn_tracker_class_init (TkrKlepTurnTrackerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_turn_tracker_dispose;
  object_class->get_property = tkr_klep_turn_tracker_get_property;
  object_class->set_property = tkr_klep_turn_tracker_set_property;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_KLEP_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_object ("selected", NULL, NULL, G_TYPE_OBJECT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The Kleptonomicon's own commands (the Encounter page's actions),
   * also in the shortcuts window. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, 0, "encounter.spend-beat", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "encounter.dash", NULL);

  tkr_encounter_ui_ensure_style ();
  g_type_ensure (TKR_TYPE_KLEP_GM_PANEL);
  g_type_ensure (TKR_TYPE_KLEP_TURN_ROW);
  g_type_ensure (TKR_TYPE_KLEP_COMBATANT_PANEL);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-turn-tracker.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, paused_revealer);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, resume_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, resume_by_beat_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, resume_by_beat_popover);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, resume_by_beat_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, end_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, round_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, current_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, previous_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, next_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, error_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, details_stack);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, entry_row);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, member_panel);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, flap);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, gm_panel);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTurnTracker, gm_panel_button);
}

static void
tkr_klep_turn_tracker_init (TkrKlepTurnTracker *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* A member's panel names it; a group's row names its members. */
  tkr_klep_combatant_panel_set_show_name (self->member_panel, TRUE);

  g_signal_connect_object (self->next_button, "clicked", G_CALLBACK (next_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->previous_button, "clicked", G_CALLBACK (previous_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->resume_button, "clicked", G_CALLBACK (resume_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->end_button, "clicked", G_CALLBACK (end_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_menu_button_set_create_popup_func (self->resume_by_beat_button, resume_by_beat_popup_cb, self,
                                         NULL);

  self->encounter_signals = g_signal_group_new (TKR_TYPE_KLEP_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::current-index",
                                 G_CALLBACK (turn_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::round",
                                 G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase",
                                 G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);

  refresh_header (self);
}

GtkWidget *
tkr_klep_turn_tracker_new (void)
{
  return g_object_new (TKR_TYPE_KLEP_TURN_TRACKER, NULL);
}

TkrKlepEncounter *
tkr_klep_turn_tracker_get_encounter (TkrKlepTurnTracker *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_TRACKER (self), NULL);

  return self->encounter;
}

void
tkr_klep_turn_tracker_set_encounter (TkrKlepTurnTracker *self, TkrKlepEncounter *encounter)
{
  g_return_if_fail (TKR_IS_KLEP_TURN_TRACKER (self));
  g_return_if_fail (encounter == NULL || TKR_IS_KLEP_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;

  g_signal_group_set_target (self->encounter_signals, encounter);
  update_details (self);
  tkr_klep_gm_panel_set_encounter (self->gm_panel, encounter);
  tkr_feedback_clear (self->error_label);
  refresh_header (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

GObject *
tkr_klep_turn_tracker_get_selected (TkrKlepTurnTracker *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_TRACKER (self), NULL);

  return self->selected;
}

void
tkr_klep_turn_tracker_set_selected (TkrKlepTurnTracker *self, GObject *selected)
{
  g_return_if_fail (TKR_IS_KLEP_TURN_TRACKER (self));
  g_return_if_fail (selected == NULL || G_IS_OBJECT (selected));

  if (!g_set_object (&self->selected, selected))
    return;
  update_details (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

/* (transfer none): the row showing the shown entry (for tests) */
TkrKlepTurnRow *
tkr_klep_turn_tracker_get_entry_row (TkrKlepTurnTracker *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_TRACKER (self), NULL);

  return self->entry_row;
}

/* (transfer none): the panel showing a selected member (for tests) */
GtkWidget *
tkr_klep_turn_tracker_get_member_panel (TkrKlepTurnTracker *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_TRACKER (self), NULL);

  return GTK_WIDGET (self->member_panel);
}

GtkWidget *
tkr_klep_turn_tracker_get_gm_panel (TkrKlepTurnTracker *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TURN_TRACKER (self), NULL);

  return GTK_WIDGET (self->gm_panel);
}
