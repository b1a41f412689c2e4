/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-phase-bar.h"

#define N_PHASES 5

struct _TkrPhaseBar
{
  AdwBin parent_instance;

  TkrTracker *tracker;
  GSignalGroup *tracker_signals;
  GSignalGroup *history_signals;

  GtkToggleButton *freeplay_button;
  GtkToggleButton *setup_button;
  GtkToggleButton *main_button;
  GtkToggleButton *paused_button;
  GtkToggleButton *end_button;
  AdwSqueezer *squeezer;
  GtkMenuButton *compact_button;
  GtkLabel *error_label;
};

/* The actions of the compact button's menu, one per phase, in order. */
static const char *const phase_actions[] = {
  "phase.freeplay", "phase.setup", "phase.main", "phase.paused", "phase.end",
};

G_DEFINE_FINAL_TYPE (TkrPhaseBar, tkr_phase_bar, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_TRACKER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkToggleButton *
button_for_phase (TkrPhaseBar *self, TkrPhase phase)
{
  switch (phase)
    {
    case TKR_PHASE_FREEPLAY:
      return self->freeplay_button;
    case TKR_PHASE_SETUP:
      return self->setup_button;
    case TKR_PHASE_MAIN:
      return self->main_button;
    case TKR_PHASE_PAUSED:
      return self->paused_button;
    case TKR_PHASE_END:
      return self->end_button;
    default:
      g_assert_not_reached ();
    }
}

/* The look follows the encounter, never the click: a toggle button flips
 * itself when clicked, so every change of state re-applies the phase. */
static void
sync_buttons (TkrPhaseBar *self)
{
  TkrPhase current = TKR_PHASE_FREEPLAY;

  if (self->tracker != NULL)
    current = tkr_tracker_get_phase (self->tracker);

  for (int phase = TKR_PHASE_FREEPLAY; phase < N_PHASES; phase++)
    {
      GtkToggleButton *button = button_for_phase (self, phase);
      gboolean is_current = self->tracker != NULL && (TkrPhase) phase == current;
      gboolean legal =
        self->tracker != NULL && !is_current && tkr_tracker_can_transition (self->tracker, phase);

      /* Setup -> Main also needs every PC placed: the core refuses the
       * transition until then, so the button waits for it. */
      if (legal && current == TKR_PHASE_SETUP && phase == TKR_PHASE_MAIN &&
          TKR_IS_KLEP_ENCOUNTER (self->tracker))
        {
          TkrKlepSetup *setup = tkr_klep_encounter_get_setup (TKR_KLEP_ENCOUNTER (self->tracker));

          legal = setup != NULL && tkr_klep_setup_is_complete (setup);
        }

      gtk_toggle_button_set_active (button, is_current);
      gtk_widget_set_sensitive (GTK_WIDGET (button), legal);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), phase_actions[phase], legal);
      if (is_current || (self->tracker == NULL && phase == TKR_PHASE_FREEPLAY))
        {
          /* Translators: the accessible name of the one button that stands
           * for the phase bar in a narrow window, %s is the current phase */
          g_autofree char *label = g_strdup_printf (_ ("Phase: %s, go to another"),
                                                    gtk_button_get_label (GTK_BUTTON (button)));

          gtk_menu_button_set_label (self->compact_button,
                                     gtk_button_get_label (GTK_BUTTON (button)));
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->compact_button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
        }
      if (is_current)
        gtk_widget_add_css_class (GTK_WIDGET (button), "current-phase");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (button), "current-phase");
    }
}

static void
go_to_phase (TkrPhaseBar *self, TkrPhase phase)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->tracker == NULL)
    {
      sync_buttons (self);
      return;
    }
  ok = tkr_tracker_transition (self->tracker, phase, &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
  sync_buttons (self);
}

static void
phase_button_clicked_cb (TkrPhaseBar *self, GtkToggleButton *button)
{
  TkrPhase phase;

  /* The button's phase: which of the bar's five it is. */
  for (phase = TKR_PHASE_FREEPLAY; phase < N_PHASES; phase++)
    if (button_for_phase (self, phase) == button)
      break;
  g_return_if_fail (phase < N_PHASES);
  go_to_phase (self, phase);
}

static void
phase_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  for (TkrPhase phase = TKR_PHASE_FREEPLAY; phase < N_PHASES; phase++)
    if (g_str_equal (action_name, phase_actions[phase]))
      go_to_phase (TKR_PHASE_BAR (widget), phase);
}

/* The squeezer only draws the child it shows; the other one is taken out
 * of the window too, so that neither the keyboard nor a screen reader
 * finds buttons no one can see. */
static void
squeezed_cb (TkrPhaseBar *self)
{
  GtkWidget *shown = adw_squeezer_get_visible_child (self->squeezer);
  GtkWidget *buttons = gtk_widget_get_parent (GTK_WIDGET (self->end_button));

  gtk_widget_set_child_visible (buttons, shown != GTK_WIDGET (self->compact_button));
  gtk_widget_set_child_visible (GTK_WIDGET (self->compact_button),
                                shown == GTK_WIDGET (self->compact_button));
}

static void
state_changed_cb (TkrPhaseBar *self)
{
  sync_buttons (self);
}

static void
tkr_phase_bar_dispose (GObject *object)
{
  TkrPhaseBar *self = TKR_PHASE_BAR (object);

  if (self->tracker_signals != NULL)
    g_signal_group_set_target (self->tracker_signals, NULL);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->tracker_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->tracker);

  G_OBJECT_CLASS (tkr_phase_bar_parent_class)->dispose (object);
}

static void
tkr_phase_bar_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPhaseBar *self = TKR_PHASE_BAR (object);

  switch (prop_id)
    {
    case PROP_TRACKER:
      g_value_set_object (value, self->tracker);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_phase_bar_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrPhaseBar *self = TKR_PHASE_BAR (object);

  switch (prop_id)
    {
    case PROP_TRACKER:
      tkr_phase_bar_set_tracker (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_phase_bar_class_init (TkrPhaseBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_phase_bar_dispose;
  object_class->get_property = tkr_phase_bar_get_property;
  object_class->set_property = tkr_phase_bar_set_property;

  properties[PROP_TRACKER] =
    g_param_spec_object ("tracker", NULL, NULL, TKR_TYPE_TRACKER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  tkr_encounter_ui_ensure_style ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-phase-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, freeplay_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, setup_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, main_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, paused_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, end_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, squeezer);
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, compact_button);
  gtk_widget_class_bind_template_child (widget_class, TkrPhaseBar, error_label);
  for (guint i = 0; i < G_N_ELEMENTS (phase_actions); i++)
    gtk_widget_class_install_action (widget_class, phase_actions[i], NULL, phase_action);

  gtk_widget_class_set_css_name (widget_class, "phasebar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tkr_phase_bar_init (TkrPhaseBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (int phase = TKR_PHASE_FREEPLAY; phase < N_PHASES; phase++)
    {
      GtkToggleButton *button = button_for_phase (self, phase);

      g_signal_connect_object (button, "clicked", G_CALLBACK (phase_button_clicked_cb), self,
                               G_CONNECT_SWAPPED);
    }

  g_signal_connect_object (self->squeezer, "notify::visible-child", G_CALLBACK (squeezed_cb), self,
                           G_CONNECT_SWAPPED);
  squeezed_cb (self);
  self->tracker_signals =
    g_signal_group_new (G_TYPE_OBJECT); /* a TkrTracker: "notify" is GObject's */
  g_signal_group_connect_object (self->tracker_signals, "notify::phase",
                                 G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);

  /* Whether Setup may go on to Main depends on the Setup being complete,
   * which any recorded change may alter. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (state_changed_cb),
                                 self, G_CONNECT_SWAPPED);

  sync_buttons (self);
}

GtkWidget *
tkr_phase_bar_new (void)
{
  return g_object_new (TKR_TYPE_PHASE_BAR, NULL);
}

TkrTracker *
tkr_phase_bar_get_tracker (TkrPhaseBar *self)
{
  g_return_val_if_fail (TKR_IS_PHASE_BAR (self), NULL);

  return self->tracker;
}

void
tkr_phase_bar_set_tracker (TkrPhaseBar *self, TkrTracker *tracker)
{
  g_autoptr (TkrHistory) history = NULL;

  g_return_if_fail (TKR_IS_PHASE_BAR (self));
  g_return_if_fail (tracker == NULL || TKR_IS_TRACKER (tracker));

  if (!g_set_object (&self->tracker, tracker))
    return;

  if (tracker != NULL)
    g_object_get (tracker, "history", &history, NULL);
  g_signal_group_set_target (self->tracker_signals, tracker);
  g_signal_group_set_target (self->history_signals, history);
  tkr_feedback_clear (self->error_label);
  sync_buttons (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACKER]);
}

GtkWidget *
tkr_phase_bar_get_button (TkrPhaseBar *self, TkrPhase phase)
{
  g_return_val_if_fail (TKR_IS_PHASE_BAR (self), NULL);
  g_return_val_if_fail (phase <= TKR_PHASE_END, NULL);

  return GTK_WIDGET (button_for_phase (self, phase));
}

gboolean
tkr_phase_bar_is_compact (TkrPhaseBar *self)
{
  g_return_val_if_fail (TKR_IS_PHASE_BAR (self), FALSE);
  return adw_squeezer_get_visible_child (self->squeezer) == GTK_WIDGET (self->compact_button);
}

GtkWidget *
tkr_phase_bar_get_compact_button (TkrPhaseBar *self)
{
  g_return_val_if_fail (TKR_IS_PHASE_BAR (self), NULL);
  return GTK_WIDGET (self->compact_button);
}
