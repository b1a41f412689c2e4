/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-details.h"
#include "tkr-ap-encounter.h"
#include "tkr-ap-reset-pane.h"
#include "tkr-ap-setup-pane.h"
#include "tkr-ap-view.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-phase-bar.h"

/*
 * The Action-Point system's encounter (seed 004), composed of its parts:
 * in Freeplay and Setup who takes part and how (TkrApSetupPane); in a
 * fight, beside the table tracker (docs/ARCHITECTURE.md, "The table
 * tracker"), the Turn and Round, the Reset when one is due
 * (TkrApResetPane), the selected combatant's details (TkrApDetails), the
 * encounter's buttons and its log. The End is the shared End pane. The
 * view installs the shared "encounter." actions; every command goes to
 * TkrApEncounter, which records it in the campaign's history.
 */

struct _TkrApView
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  TkrApEncounter *encounter;
  GObject *selected;
  GSignalGroup *campaign_signals;
  GSignalGroup *encounter_signals;
  GSignalGroup *history_signals;

  TkrPhaseBar *phase_bar;
  GtkRevealer *paused_revealer;
  GtkStack *stack;
  TkrApSetupPane *setup_pane;
  GtkLabel *turn_label;
  GtkLabel *step_label;
  TkrApResetPane *reset_pane;
  GtkStack *details_stack;
  TkrApDetails *details;
  GtkListView *log_list;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrApView, tkr_ap_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (TkrApView *self);

static gboolean
report (TkrApView *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static TkrPhase
current_phase (TkrApView *self)
{
  return self->encounter ? tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter))
                         : TKR_PHASE_FREEPLAY;
}

static guint
n_items (GListModel *model)
{
  return model ? g_list_model_get_n_items (model) : 0;
}

/* ------------------------------------------------------------------ */
/* The shared "encounter." actions                                     */
/* ------------------------------------------------------------------ */

static void
update_actions (TkrApView *self)
{
  TkrApEncounter *encounter = self->encounter;
  TkrPhase phase = current_phase (self);
  gboolean has = encounter != NULL;
  gboolean in_main = has && phase == TKR_PHASE_MAIN;
  GtkWidget *widget = GTK_WIDGET (self);

#define CAN(to) (has && tkr_encounter_can_transition (TKR_ENCOUNTER (encounter), (to)))
  gtk_widget_action_set_enabled (widget, "encounter.begin-setup",
                                 phase == TKR_PHASE_FREEPLAY && CAN (TKR_PHASE_SETUP));
  gtk_widget_action_set_enabled (widget, "encounter.abandon-setup",
                                 phase == TKR_PHASE_SETUP && CAN (TKR_PHASE_FREEPLAY));
  gtk_widget_action_set_enabled (widget, "encounter.begin-main",
                                 phase == TKR_PHASE_SETUP && CAN (TKR_PHASE_MAIN) &&
                                   n_items (tkr_ap_encounter_get_members (encounter)) > 0);
  gtk_widget_action_set_enabled (widget, "encounter.pause", CAN (TKR_PHASE_PAUSED));
  gtk_widget_action_set_enabled (widget, "encounter.resume",
                                 phase == TKR_PHASE_PAUSED && CAN (TKR_PHASE_MAIN));
  gtk_widget_action_set_enabled (widget, "encounter.end", CAN (TKR_PHASE_END));
  gtk_widget_action_set_enabled (widget, "encounter.finish",
                                 phase == TKR_PHASE_END && CAN (TKR_PHASE_FREEPLAY));
#undef CAN
  gtk_widget_action_set_enabled (widget, "encounter.next-turn", in_main);
  gtk_widget_action_set_enabled (widget, "encounter.previous-turn",
                                 in_main && tkr_ap_encounter_get_turn (encounter) > 0);
}

static void
encounter_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrApView *self = TKR_AP_VIEW (widget);
  TkrApEncounter *encounter = self->encounter;
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;

  if (encounter == NULL)
    return;

  if (g_str_equal (action_name, "encounter.begin-setup"))
    ok = tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_SETUP, &error);
  else if (g_str_equal (action_name, "encounter.abandon-setup") ||
           g_str_equal (action_name, "encounter.finish"))
    ok = tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_FREEPLAY, &error);
  else if (g_str_equal (action_name, "encounter.begin-main"))
    ok = tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_MAIN, &error);
  else if (g_str_equal (action_name, "encounter.next-turn"))
    {
      /* With a Reset due, "next" runs it with whatever the GM typed in. */
      if (tkr_ap_encounter_get_step (encounter) == TKR_AP_STEP_RESET)
        ok = tkr_ap_reset_pane_run (self->reset_pane, &error);
      else
        ok = tkr_encounter_next_turn (TKR_ENCOUNTER (encounter), &error);
    }
  else if (g_str_equal (action_name, "encounter.previous-turn"))
    ok = tkr_encounter_previous_turn (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.pause"))
    ok = tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_PAUSED, &error);
  else if (g_str_equal (action_name, "encounter.resume"))
    ok = tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_MAIN, &error);
  else if (g_str_equal (action_name, "encounter.end"))
    ok = tkr_ap_reset_pane_end (self->reset_pane, &error);
  else
    g_assert_not_reached ();

  report (self, ok, error);
}

/* ------------------------------------------------------------------ */
/* Following the encounter                                             */
/* ------------------------------------------------------------------ */

static void
update_header (TkrApView *self)
{
  TkrApEncounter *encounter = self->encounter;
  int turn = tkr_ap_encounter_get_turn (encounter);
  int round = tkr_encounter_get_round (TKR_ENCOUNTER (encounter));
  gboolean reset = tkr_ap_encounter_get_step (encounter) == TKR_AP_STEP_RESET;
  g_autofree char *title = NULL;

  if (reset && turn == 0)
    title = g_strdup (_ ("Opening Reset Phase"));
  else if (reset)
    /* Translators: the Reset Phase that ends Turn %d */
    title = g_strdup_printf (_ ("Turn %d · Reset Phase"), turn);
  else
    title = g_strdup_printf (_ ("Turn %d · Round %d"), turn, round);
  gtk_label_set_text (self->turn_label, title);
  gtk_label_set_text (self->step_label,
                      reset ? (turn == 0 ? _ ("Combat opens with a Reset: roll for Action Points")
                                         : _ ("The Action Phase is over: everyone is out of AP "
                                              "or passed"))
                            : _ ("Action Phase: the one with the most AP acts first"));
}

static void
refresh (TkrApView *self)
{
  TkrPhase phase = current_phase (self);
  gboolean fighting = phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED;

  /* At the End the shared End pane stands alone (tkr-encounter-page.c). */
  gtk_stack_set_visible_child_name (self->stack,
                                    fighting || phase == TKR_PHASE_END ? "main" : "freeplay");
  gtk_revealer_set_reveal_child (self->paused_revealer, phase == TKR_PHASE_PAUSED);
  update_actions (self);
  if (fighting)
    update_header (self);
  /* Freeplay's and Setup's rows exist only while they show: in a fight a
   * thousand of them would be built and followed for nothing
   * (bench/bench-tracker). */
  tkr_ap_setup_pane_set_encounter (self->setup_pane, self->campaign,
                                   fighting || phase == TKR_PHASE_END ? NULL : self->encounter);
}

/* The selected row's combatant, or the prompt to select one. */
static void
update_details (TkrApView *self)
{
  TkrApCombatant *combatant = self->encounter != NULL && TKR_IS_AP_COMBATANT (self->selected)
                                ? TKR_AP_COMBATANT (self->selected)
                                : NULL;

  tkr_ap_details_set_combatant (self->details, combatant);
  gtk_stack_set_visible_child_name (self->details_stack, combatant ? "details" : "empty");
}

static void
set_encounter (TkrApView *self, TkrApEncounter *encounter)
{
  if (!g_set_object (&self->encounter, encounter))
    return;

  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             self->campaign ? tkr_campaign_get_history (self->campaign) : NULL);
  {
    g_autoptr (GtkNoSelection) log = gtk_no_selection_new (
      encounter ? g_object_ref (tkr_encounter_get_log (TKR_ENCOUNTER (encounter))) : NULL);

    gtk_list_view_set_model (self->log_list, GTK_SELECTION_MODEL (log));
  }
  tkr_phase_bar_set_tracker (self->phase_bar, encounter ? TKR_TRACKER (encounter) : NULL);
  tkr_ap_reset_pane_set_encounter (self->reset_pane, encounter);
  tkr_ap_details_set_encounter (self->details, encounter);
  update_details (self);

  tkr_feedback_clear (self->error_label);
  refresh (self);
}

static void
campaign_tracker_cb (TkrApView *self)
{
  TkrTracker *tracker = self->campaign ? tkr_campaign_get_tracker (self->campaign) : NULL;

  /* A campaign of another system leaves this view empty. */
  set_encounter (self, TKR_IS_AP_ENCOUNTER (tracker) ? TKR_AP_ENCOUNTER (tracker) : NULL);
}

static void
tkr_ap_view_dispose (GObject *object)
{
  TkrApView *self = TKR_AP_VIEW (object);
  GSignalGroup **groups[] = {
    &self->campaign_signals,
    &self->encounter_signals,
    &self->history_signals,
  };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  if (self->log_list != NULL)
    gtk_list_view_set_model (self->log_list, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_VIEW);
  g_clear_object (&self->selected);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_ap_view_parent_class)->dispose (object);
}

static void
tkr_ap_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrApView *self = TKR_AP_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_SELECTED:
      g_value_set_object (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ap_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrApView *self = TKR_AP_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_ap_view_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_SELECTED:
      tkr_ap_view_set_selected (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ap_view_class_init (TkrApViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = tkr_ap_view_dispose;
  object_class->get_property = tkr_ap_view_get_property;
  object_class->set_property = tkr_ap_view_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_object ("selected", NULL, NULL, G_TYPE_OBJECT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  tkr_encounter_ui_install_phase_actions (widget_class, encounter_action);

  tkr_encounter_ui_ensure_style ();
  g_type_ensure (TKR_TYPE_PHASE_BAR);
  g_type_ensure (TKR_TYPE_LOG_ENTRY); /* named in the log rows' template */
  g_type_ensure (TKR_TYPE_AP_DETAILS);
  g_type_ensure (TKR_TYPE_AP_RESET_PANE);
  g_type_ensure (TKR_TYPE_AP_SETUP_PANE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-ap-view.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrApView, name)
  BIND (phase_bar);
  BIND (paused_revealer);
  BIND (stack);
  BIND (setup_pane);
  BIND (turn_label);
  BIND (step_label);
  BIND (reset_pane);
  BIND (details_stack);
  BIND (details);
  BIND (log_list);
  BIND (error_label);
#undef BIND
}

static void
tkr_ap_view_init (TkrApView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->campaign_signals = g_signal_group_new (TKR_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "notify::tracker",
                                 G_CALLBACK (campaign_tracker_cb), self, G_CONNECT_SWAPPED);

  self->encounter_signals = g_signal_group_new (TKR_TYPE_AP_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase", G_CALLBACK (refresh),
                                 self, G_CONNECT_SWAPPED);

  /* Every recorded step, undo and redo: the Turn's header, the Reset's
   * preview and the actions; the details follow their own combatant. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (refresh), self,
                                 G_CONNECT_SWAPPED);

  refresh (self);
}

GtkWidget *
tkr_ap_view_new (void)
{
  return g_object_new (TKR_TYPE_AP_VIEW, NULL);
}

TkrCampaign *
tkr_ap_view_get_campaign (TkrApView *self)
{
  g_return_val_if_fail (TKR_IS_AP_VIEW (self), NULL);

  return self->campaign;
}

void
tkr_ap_view_set_campaign (TkrApView *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_AP_VIEW (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;

  g_signal_group_set_target (self->campaign_signals, campaign);
  /* The history belongs to the campaign: follow it even if the encounter
   * object stays the same. */
  g_signal_group_set_target (self->history_signals,
                             campaign ? tkr_campaign_get_history (campaign) : NULL);
  campaign_tracker_cb (self);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

GObject *
tkr_ap_view_get_selected (TkrApView *self)
{
  g_return_val_if_fail (TKR_IS_AP_VIEW (self), NULL);

  return self->selected;
}

void
tkr_ap_view_set_selected (TkrApView *self, GObject *selected)
{
  g_return_if_fail (TKR_IS_AP_VIEW (self));
  g_return_if_fail (selected == NULL || G_IS_OBJECT (selected));

  if (!g_set_object (&self->selected, selected))
    return;
  update_details (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}
