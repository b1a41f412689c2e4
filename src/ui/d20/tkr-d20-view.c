/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-details.h"
#include "tkr-d20-encounter.h"
#include "tkr-d20-order-row.h"
#include "tkr-d20-participant-row.h"
#include "tkr-d20-setup-row.h"
#include "tkr-d20-tie-row.h"
#include "tkr-d20-tools.h"
#include "tkr-d20-travel.h"
#include "tkr-d20-view-private.h"
#include "tkr-d20-view.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-phase-bar.h"

/*
 * The d20 system's encounter pane (seed 003). The widgets only ask the
 * core (TkrD20Encounter) for commands and show its state: rows are built
 * when the lists of combatants change and refreshed in place after every
 * recorded step, so a spin button being edited is never rebuilt under the
 * GM's fingers.
 */

struct _TkrD20View
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  TkrD20Encounter *encounter;
  GObject *selected; /* the table tracker's selected row */
  GStrv kinds;
  GSignalGroup *campaign_signals;
  GSignalGroup *encounter_signals;
  GSignalGroup *history_signals;
  GListModel *participants_bound; /* what each list shows now (not owned) */
  GListModel *setup_bound;
  GSignalGroup *combatants_signals;
  GSignalGroup *party_signals;

  TkrPhaseBar *phase_bar;
  GtkStack *stack;
  GtkLabel *error_label;
  /* Freeplay */
  GtkWidget *begin_setup_button;
  GtkWidget *add_party_button;
  GtkWidget *participants_empty_label;
  GtkListBox *participants_list;
  GtkSpinButton *pass_hours_spin;
  GtkWidget *pass_time_button;
  TkrD20Tools *tools;
  /* Setup */
  GtkListBox *setup_list;
  GtkWidget *roll_missing_button;
  GtkWidget *ties_group;
  GtkListBox *ties_list;
  GtkListBox *order_list;
  GtkWidget *begin_main_button;
  GtkWidget *abandon_button;
  /* Main */
  GtkRevealer *paused_revealer;
  GtkLabel *round_label;
  GtkLabel *turn_label;
  GtkWidget *pause_button;
  GtkWidget *resume_button;
  GtkStack *details_stack;
  TkrD20Details *details;
  /* End */
};

G_DEFINE_FINAL_TYPE (TkrD20View, tkr_d20_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (TkrD20View *self);

static gboolean
report (TkrD20View *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static void
update_party_button (TkrD20View *self)
{
  guint missing = 0;

  if (self->campaign != NULL && self->encounter != NULL)
    missing = tkr_campaign_count_party_outside_encounter (self->campaign);
  gtk_widget_set_sensitive (self->add_party_button, missing > 0);
}

static void
add_party_clicked_cb (TkrD20View *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->campaign == NULL || self->encounter == NULL)
    return;
  ok = tkr_campaign_add_party_to_encounter (self->campaign, &error);
  report (self, ok, error);
}

static void
pass_time_clicked_cb (TkrD20View *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  ok = tkr_d20_encounter_pass_time (
    self->encounter, gtk_spin_button_get_value_as_int (self->pass_hours_spin), &error);
  report (self, ok, error);
}

/* Setup: initiative, surprise, ties */

static void
roll_missing_clicked_cb (TkrD20View *self)
{
  TkrHistory *history;
  GListModel *combatants;
  g_autoptr (GError) error = NULL;

  if (self->encounter == NULL)
    return;
  history = tkr_encounter_get_history (TKR_ENCOUNTER (self->encounter));
  combatants = tkr_d20_encounter_get_creatures (self->encounter);
  tkr_history_begin (history, _ ("Roll initiative"));
  for (guint i = 0; i < g_list_model_get_n_items (combatants) && error == NULL; i++)
    {
      g_autoptr (TkrD20Combatant) combatant = g_list_model_get_item (combatants, i);

      if (!tkr_d20_combatant_has_initiative (combatant))
        tkr_d20_encounter_roll_initiative (self->encounter, combatant, NULL, &error);
    }
  tkr_history_end (history);
  report (self, error == NULL, error);
}

/* Ties (seed, Initiative): the tied roll again as a contest. The rows
 * follow the core's list of tied combatants; the group shows while
 * someone is tied. */
static void
update_ties_group (TkrD20View *self)
{
  gtk_widget_set_visible (self->ties_group, self->encounter != NULL &&
                                              g_list_model_get_n_items (
                                                tkr_d20_encounter_get_tied (self->encounter)) > 0);
}

static GtkWidget *
create_tie_row (gpointer item, gpointer self)
{
  return tkr_d20_tie_row_new (TKR_D20_VIEW (self)->encounter, item);
}

/* The order as it stands, by the core's own order function (the one
 * Round 1 begins with), kept by the core. */
static GtkWidget *
create_order_row (gpointer item, gpointer self)
{
  return tkr_d20_order_row_new (item);
}

/* Building and refreshing */

static void
update_actions (TkrD20View *self)
{
  TkrD20Encounter *encounter = self->encounter;
  TkrPhase phase =
    encounter ? tkr_encounter_get_phase (TKR_ENCOUNTER (encounter)) : TKR_PHASE_FREEPLAY;
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean has = encounter != NULL;
  /* Round 1 waits for every initiative and every tie: the core's check
   * (tkr_encounter_can_transition) says so. */
  gboolean someone =
    has && g_list_model_get_n_items (tkr_d20_encounter_get_creatures (encounter)) > 0;

#define CAN(to) (has && tkr_encounter_can_transition (TKR_ENCOUNTER (encounter), (to)))
  gtk_widget_action_set_enabled (widget, "encounter.begin-setup",
                                 phase == TKR_PHASE_FREEPLAY && CAN (TKR_PHASE_SETUP));
  gtk_widget_action_set_enabled (widget, "encounter.abandon-setup",
                                 phase == TKR_PHASE_SETUP && CAN (TKR_PHASE_FREEPLAY));
  gtk_widget_action_set_enabled (widget, "encounter.begin-main",
                                 phase == TKR_PHASE_SETUP && CAN (TKR_PHASE_MAIN) && someone);
  gtk_widget_action_set_enabled (widget, "encounter.pause", CAN (TKR_PHASE_PAUSED));
  gtk_widget_action_set_enabled (widget, "encounter.resume",
                                 phase == TKR_PHASE_PAUSED && CAN (TKR_PHASE_MAIN));
  gtk_widget_action_set_enabled (widget, "encounter.end", CAN (TKR_PHASE_END));
  gtk_widget_action_set_enabled (widget, "encounter.finish",
                                 phase == TKR_PHASE_END && CAN (TKR_PHASE_FREEPLAY));
#undef CAN
  gtk_widget_action_set_enabled (widget, "encounter.next-turn", has && phase == TKR_PHASE_MAIN);
  gtk_widget_action_set_enabled (widget, "encounter.previous-turn", has && phase == TKR_PHASE_MAIN);
}

static const char *
page_for_phase (TkrPhase phase)
{
  switch (phase)
    {
    case TKR_PHASE_FREEPLAY:
      return "freeplay";
    case TKR_PHASE_SETUP:
      return "setup";
    case TKR_PHASE_MAIN:
    case TKR_PHASE_PAUSED:
    case TKR_PHASE_END: /* hidden at the End: the shared End pane stands alone */
      return "main";
    default:
      g_assert_not_reached ();
    }
}

static void
refresh_main_header (TkrD20View *self)
{
  TkrPhase phase = tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter));
  TkrD20Combatant *current = tkr_d20_encounter_get_current (self->encounter);
  g_autofree char *round = NULL;
  g_autofree char *turn = NULL;

  round =
    g_strdup_printf (_ ("Round %d"), tkr_encounter_get_round (TKR_ENCOUNTER (self->encounter)));
  gtk_label_set_text (self->round_label, round);
  if (current != NULL)
    turn = g_strdup_printf (_ ("%s’s turn"), tkr_combatant_get_name ((TkrCombatant *) current));
  else
    turn = g_strdup (_ ("Nobody is acting"));
  gtk_label_set_text (self->turn_label, turn);
  gtk_revealer_set_reveal_child (self->paused_revealer, phase == TKR_PHASE_PAUSED);
  gtk_widget_set_visible (self->pause_button, phase != TKR_PHASE_PAUSED);
  gtk_widget_set_visible (self->resume_button, phase == TKR_PHASE_PAUSED);
}

/* After every recorded step (and undo or redo): labels and values in
 * place; the Setup's lists follow the core's by themselves. */
static void
refresh (TkrD20View *self)
{
  if (self->encounter == NULL)
    {
      update_actions (self);
      return;
    }
  update_ties_group (self);
  refresh_main_header (self);
  update_party_button (self);
  update_actions (self);
}

static GtkWidget *
create_participant_row (gpointer item, gpointer self)
{
  return tkr_d20_participant_row_new (TKR_D20_VIEW (self)->encounter, item);
}

static GtkWidget *
create_setup_row (gpointer item, gpointer self)
{
  return tkr_d20_setup_row_new (TKR_D20_VIEW (self)->encounter, item);
}

/* Who takes part came or went: the lists follow the creatures model by
 * themselves; what depends on their number is updated here. */
static void
participants_changed_cb (TkrD20View *self)
{
  guint n = self->encounter
              ? g_list_model_get_n_items (tkr_d20_encounter_get_creatures (self->encounter))
              : 0;

  gtk_widget_set_visible (self->participants_empty_label, n == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->participants_list), n > 0);
  gtk_widget_set_sensitive (self->roll_missing_button, n > 0);
  refresh (self);
}

/* Each list is bound only while its page is shown: in a fight, a
 * thousand rows of Freeplay and Setup would otherwise be built and kept
 * up to date for nothing (bench/bench-tracker). */
static void
bind_list (GtkListBox *list,
           GListModel **bound,
           GListModel *model,
           GtkListBoxCreateWidgetFunc create,
           gpointer self)
{
  if (*bound == model)
    return;
  *bound = model;
  gtk_list_box_bind_model (list, model, model ? create : NULL, self, NULL);
}

static void
bind_participants (TkrD20View *self)
{
  GListModel *creatures =
    self->encounter ? tkr_d20_encounter_get_creatures (self->encounter) : NULL;
  TkrPhase phase = self->encounter ? tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter))
                                   : TKR_PHASE_FREEPLAY;

  bind_list (self->participants_list, &self->participants_bound,
             phase == TKR_PHASE_FREEPLAY ? creatures : NULL, create_participant_row, self);
  bind_list (self->setup_list, &self->setup_bound, phase == TKR_PHASE_SETUP ? creatures : NULL,
             create_setup_row, self);
  participants_changed_cb (self);
}

static void
phase_changed_cb (TkrD20View *self)
{
  TkrPhase phase = self->encounter ? tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter))
                                   : TKR_PHASE_FREEPLAY;

  gtk_stack_set_visible_child_name (self->stack, page_for_phase (phase));
  bind_participants (self);
}

/* Main and Paused: the details of the tracker's selected row, or a prompt
 * to pick one (help/C/d20.page). */
static void
update_details (TkrD20View *self)
{
  TkrD20Combatant *combatant = NULL;

  if (self->encounter != NULL && TKR_IS_D20_COMBATANT (self->selected))
    combatant = TKR_D20_COMBATANT (self->selected);
  tkr_d20_details_set_encounter (self->details, self->encounter);
  tkr_d20_details_set_combatant (self->details, combatant);
  gtk_stack_set_visible_child_name (self->details_stack, combatant ? "details" : "empty");
}

static void
set_encounter (TkrD20View *self, TkrD20Encounter *encounter)
{
  if (!g_set_object (&self->encounter, encounter))
    return;

  g_clear_pointer (&self->kinds, g_strfreev);
  self->kinds = encounter ? g_strdupv ((GStrv) tkr_d20_encounter_get_movement_kinds (encounter))
                          : g_new0 (char *, 1);
  /* The core's Setup lists follow the history from here on, before this
   * view does (refresh reads them). */
  gtk_list_box_bind_model (self->ties_list,
                           encounter ? tkr_d20_encounter_get_tied (encounter) : NULL,
                           create_tie_row, self, NULL);
  gtk_list_box_bind_model (self->order_list,
                           encounter ? tkr_d20_encounter_get_tentative_order (encounter) : NULL,
                           create_order_row, self, NULL);
  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  g_signal_group_set_target (self->combatants_signals,
                             encounter ? tkr_d20_encounter_get_creatures (encounter) : NULL);
  tkr_phase_bar_set_tracker (self->phase_bar, encounter ? TKR_TRACKER (encounter) : NULL);

  tkr_feedback_clear (self->error_label);
  tkr_d20_tools_set_rules (self->tools,
                           encounter ? tkr_encounter_get_rules (TKR_ENCOUNTER (encounter)) : NULL);
  update_details (self);
  phase_changed_cb (self);
}

static void
campaign_tracker_cb (TkrD20View *self)
{
  TkrTracker *tracker = self->campaign ? tkr_campaign_get_tracker (self->campaign) : NULL;

  /* A campaign of another system leaves this view empty. */
  set_encounter (self, TKR_IS_D20_ENCOUNTER (tracker) ? TKR_D20_ENCOUNTER (tracker) : NULL);
}

/* The shared "encounter." actions */

static void
encounter_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrD20View *self = TKR_D20_VIEW (widget);
  TkrD20Encounter *encounter = self->encounter;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (encounter == NULL)
    return;

  if (g_str_equal (action_name, "encounter.begin-setup"))
    ok = tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.abandon-setup"))
    ok = tkr_encounter_abandon_setup (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.begin-main"))
    ok = tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.next-turn"))
    ok = tkr_encounter_next_turn (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.previous-turn"))
    ok = tkr_encounter_previous_turn (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.pause"))
    ok = tkr_encounter_pause (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.resume"))
    ok = tkr_encounter_resume (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.end"))
    ok = tkr_encounter_end (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.finish"))
    ok = tkr_encounter_finish (TKR_ENCOUNTER (encounter), &error);
  else
    g_assert_not_reached ();

  report (self, ok, error);
}

static void
tkr_d20_view_dispose (GObject *object)
{
  TkrD20View *self = TKR_D20_VIEW (object);
  GSignalGroup **groups[] = {
    &self->campaign_signals,   &self->encounter_signals, &self->history_signals,
    &self->combatants_signals, &self->party_signals,
  };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_VIEW);
  g_clear_object (&self->selected);
  g_clear_pointer (&self->kinds, g_strfreev);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_d20_view_parent_class)->dispose (object);
}

static void
tkr_d20_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrD20View *self = TKR_D20_VIEW (object);

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
tkr_d20_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrD20View *self = TKR_D20_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_d20_view_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_SELECTED:
      tkr_d20_view_set_selected (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_d20_view_class_init (TkrD20ViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = tkr_d20_view_dispose;
  object_class->get_property = tkr_d20_view_get_property;
  object_class->set_property = tkr_d20_view_set_property;

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
  g_type_ensure (TKR_TYPE_D20_DETAILS);
  g_type_ensure (TKR_TYPE_D20_TOOLS);
  /* The signal groups connect by name before any history exists. */
  g_type_class_ref (TKR_TYPE_HISTORY);
  g_type_class_ref (TKR_TYPE_CAMPAIGN);
  g_type_class_ref (TKR_TYPE_D20_ENCOUNTER);
  g_type_default_interface_ref (G_TYPE_LIST_MODEL);
  g_type_default_interface_ref (TKR_TYPE_TRACKER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-d20-view.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrD20View, name)
  BIND (phase_bar);
  BIND (stack);
  BIND (error_label);
  BIND (begin_setup_button);
  BIND (add_party_button);
  BIND (participants_empty_label);
  BIND (participants_list);
  BIND (pass_hours_spin);
  BIND (pass_time_button);
  BIND (tools);
  BIND (setup_list);
  BIND (roll_missing_button);
  BIND (ties_group);
  BIND (ties_list);
  BIND (order_list);
  BIND (begin_main_button);
  BIND (abandon_button);
  BIND (paused_revealer);
  BIND (round_label);
  BIND (turn_label);
  BIND (pause_button);
  BIND (resume_button);
  BIND (details_stack);
  BIND (details);
#undef BIND
}

static void
tkr_d20_view_init (TkrD20View *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->kinds = g_new0 (char *, 1);

  g_signal_connect_object (self->add_party_button, "clicked", G_CALLBACK (add_party_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pass_time_button, "clicked", G_CALLBACK (pass_time_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->roll_missing_button, "clicked",
                           G_CALLBACK (roll_missing_clicked_cb), self, G_CONNECT_SWAPPED);
  self->campaign_signals = g_signal_group_new (TKR_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "notify::tracker",
                                 G_CALLBACK (campaign_tracker_cb), self, G_CONNECT_SWAPPED);

  self->encounter_signals = g_signal_group_new (TKR_TYPE_D20_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase",
                                 G_CALLBACK (phase_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::round", G_CALLBACK (refresh),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::current-index",
                                 G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);

  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (refresh), self,
                                 G_CONNECT_SWAPPED);

  self->combatants_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->combatants_signals, "items-changed",
                                 G_CALLBACK (participants_changed_cb), self, G_CONNECT_SWAPPED);
  self->party_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->party_signals, "items-changed",
                                 G_CALLBACK (update_party_button), self, G_CONNECT_SWAPPED);

  gtk_widget_set_visible (self->ties_group, FALSE);
  update_party_button (self);
  update_actions (self);
}

GtkWidget *
tkr_d20_view_new (void)
{
  return g_object_new (TKR_TYPE_D20_VIEW, NULL);
}

TkrCampaign *
tkr_d20_view_get_campaign (TkrD20View *self)
{
  g_return_val_if_fail (TKR_IS_D20_VIEW (self), NULL);

  return self->campaign;
}

void
tkr_d20_view_set_campaign (TkrD20View *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_D20_VIEW (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;

  g_signal_group_set_target (self->campaign_signals, campaign);
  g_signal_group_set_target (self->party_signals,
                             campaign ? tkr_campaign_get_party (campaign) : NULL);
  campaign_tracker_cb (self);
  update_party_button (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

GObject *
tkr_d20_view_get_selected (TkrD20View *self)
{
  g_return_val_if_fail (TKR_IS_D20_VIEW (self), NULL);

  return self->selected;
}

void
tkr_d20_view_set_selected (TkrD20View *self, GObject *selected)
{
  g_return_if_fail (TKR_IS_D20_VIEW (self));
  g_return_if_fail (selected == NULL || G_IS_OBJECT (selected));

  if (!g_set_object (&self->selected, selected))
    return;
  update_details (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

gboolean
tkr_d20_view_report (GtkWidget *widget, gboolean ok, const GError *error)
{
  GtkWidget *view = widget ? gtk_widget_get_ancestor (widget, TKR_TYPE_D20_VIEW) : NULL;

  if (view == NULL)
    return ok;
  return report (TKR_D20_VIEW (view), ok, error);
}

void
tkr_d20_name_widget (GtkWidget *widget, const char *format, ...)
{
  g_autofree char *name = NULL;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_name (widget, name);
}

const char *
tkr_d20_kind_title (const char *kind)
{
  if (g_strcmp0 (kind, "walk") == 0)
    return _ ("Walk");
  if (g_strcmp0 (kind, "fly") == 0)
    return _ ("Fly");
  if (g_strcmp0 (kind, "swim") == 0)
    return _ ("Swim");
  if (g_strcmp0 (kind, "climb") == 0)
    return _ ("Climb");
  return kind;
}
