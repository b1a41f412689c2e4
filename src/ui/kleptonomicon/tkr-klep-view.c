/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-combatant-panel.h"
#include "tkr-encounter-ui.h"
#include "tkr-klep-view.h"
#include "tkr-feedback.h"
#include "tkr-phase-bar.h"
#include "tkr-klep-setup-view.h"
#include "tkr-klep-turn-tracker.h"

struct _TkrKlepView
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  TkrKlepEncounter *encounter;
  GSignalGroup *campaign_signals;
  GSignalGroup *encounter_signals;
  GSignalGroup *history_signals;
  GSignalGroup *participants_signals;
  GListModel *participants_bound; /* what the Freeplay list shows (not owned) */
  GSignalGroup *party_signals;

  TkrPhaseBar *phase_bar;
  GtkStack *stack;
  AdwStatusPage *freeplay_page;
  GtkListBox *participants_list;
  GtkButton *begin_setup_button;
  GtkButton *add_party_button;
  TkrKlepSetupView *setup_view;
  TkrKlepTurnTracker *tracker;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrKlepView, tkr_klep_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static gboolean
report (TkrKlepView *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
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
    case TKR_PHASE_END: /* hidden then: the End pane stands alone */
      return "main";
    default:
      g_assert_not_reached ();
    }
}

/* Which "encounter." actions make sense now: the legal transitions, and
 * turn commands only in Main. */
static void
update_actions (TkrKlepView *self)
{
  TkrKlepEncounter *encounter = self->encounter;
  TkrPhase phase =
    encounter ? tkr_encounter_get_phase (TKR_ENCOUNTER (encounter)) : TKR_PHASE_FREEPLAY;
  TkrKlepSetup *setup = encounter ? tkr_klep_encounter_get_setup (encounter) : NULL;
  gboolean has = encounter != NULL;
  gboolean in_main = has && phase == TKR_PHASE_MAIN;
  gboolean has_turn = in_main && tkr_klep_encounter_get_current_entry (encounter) != NULL;
  GtkWidget *widget = GTK_WIDGET (self);

#define CAN(to) (has && tkr_encounter_can_transition (TKR_ENCOUNTER (encounter), (to)))
  gtk_widget_action_set_enabled (widget, "encounter.begin-setup",
                                 phase == TKR_PHASE_FREEPLAY && CAN (TKR_PHASE_SETUP));
  gtk_widget_action_set_enabled (widget, "encounter.abandon-setup",
                                 phase == TKR_PHASE_SETUP && CAN (TKR_PHASE_FREEPLAY));
  gtk_widget_action_set_enabled (widget, "encounter.begin-main",
                                 phase == TKR_PHASE_SETUP && CAN (TKR_PHASE_MAIN) &&
                                   setup != NULL && tkr_klep_setup_is_complete (setup));
  gtk_widget_action_set_enabled (widget, "encounter.pause", CAN (TKR_PHASE_PAUSED));
  gtk_widget_action_set_enabled (widget, "encounter.resume",
                                 phase == TKR_PHASE_PAUSED && CAN (TKR_PHASE_MAIN));
  gtk_widget_action_set_enabled (widget, "encounter.end", CAN (TKR_PHASE_END));
  gtk_widget_action_set_enabled (widget, "encounter.finish",
                                 phase == TKR_PHASE_END && CAN (TKR_PHASE_FREEPLAY));
#undef CAN
  gtk_widget_action_set_enabled (widget, "encounter.next-turn", in_main);
  gtk_widget_action_set_enabled (widget, "encounter.previous-turn", in_main);
  gtk_widget_action_set_enabled (widget, "encounter.spend-beat", has_turn);
  gtk_widget_action_set_enabled (widget, "encounter.dash", has_turn);
}

static GtkWidget *create_participant_row (gpointer item, gpointer user_data);

/* Freeplay's list and the Setup view follow the encounter only while
 * they show: in a fight, a thousand of their rows would be built and
 * kept up to date for nothing (bench/bench-tracker). */
static void
update_page (TkrKlepView *self)
{
  TkrPhase phase = self->encounter ? tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter))
                                   : TKR_PHASE_FREEPLAY;
  GListModel *participants = self->encounter != NULL && phase == TKR_PHASE_FREEPLAY
                               ? tkr_encounter_get_participants (TKR_ENCOUNTER (self->encounter))
                               : NULL;

  if (participants != self->participants_bound)
    {
      self->participants_bound = participants;
      gtk_list_box_bind_model (self->participants_list, participants,
                               participants ? create_participant_row : NULL, self, NULL);
    }
  tkr_klep_setup_view_set_encounter (self->setup_view,
                                     phase == TKR_PHASE_SETUP ? self->encounter : NULL);
  gtk_stack_set_visible_child_name (self->stack, page_for_phase (phase));
}

static void
phase_changed_cb (TkrKlepView *self)
{
  update_page (self);
  update_actions (self);
}

static void
state_changed_cb (TkrKlepView *self)
{
  update_actions (self);
}

/* The member of the current entry a keyboard command is for: the first
 * with a Beat left (a group's members act together), else the first. */
static TkrKlepCombatant *
current_combatant (TkrKlepView *self)
{
  TkrKlepTurnEntry *entry;
  GListModel *members;
  guint n;
  g_autoptr (TkrKlepCombatant) first = NULL;

  if (self->encounter == NULL)
    return NULL;

  entry = tkr_klep_encounter_get_current_entry (self->encounter);
  if (entry == NULL)
    return NULL;

  members = tkr_klep_turn_entry_get_members (entry);
  n = g_list_model_get_n_items (members);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrKlepCombatant) member = g_list_model_get_item (members, i);

      if (first == NULL)
        first = g_object_ref (member);
      if (tkr_klep_combatant_get_beats_left (member) > 0)
        return member;
    }

  return first;
}

static void
encounter_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrKlepView *self = TKR_KLEP_VIEW (widget);
  TkrKlepEncounter *encounter = self->encounter;
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;

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
  else if (g_str_equal (action_name, "encounter.spend-beat"))
    {
      TkrKlepCombatant *combatant = current_combatant (self);

      if (combatant == NULL)
        return;
      ok = tkr_klep_encounter_spend_beat (encounter, combatant, FALSE, &error);
    }
  else if (g_str_equal (action_name, "encounter.dash"))
    {
      TkrKlepCombatant *combatant = current_combatant (self);

      if (combatant != NULL)
        tkr_klep_combatant_panel_request_dash (widget, self->error_label, encounter, combatant);
      return;
    }
  else
    g_assert_not_reached ();

  report (self, ok, error);
}

/* Freeplay: who takes part */

static void
unref_closure_data (gpointer data, GClosure *closure)
{
  g_object_unref (data);
}

/* Each row's Remove button's "clicked" closure owns a reference to its
 * character. */
static void
remove_participant_clicked_cb (GtkWidget *button, TkrCharacter *character)
{
  TkrKlepView *self = TKR_KLEP_VIEW (gtk_widget_get_ancestor (button, TKR_TYPE_KLEP_VIEW));
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self == NULL || self->encounter == NULL)
    return;

  ok = tkr_encounter_remove_participant (TKR_ENCOUNTER (self->encounter), character, &error);
  report (self, ok, error);
}

static GtkWidget *
create_participant_row (gpointer item, gpointer user_data)
{
  TkrCharacter *character = item;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  g_autofree char *remove_name =
    g_strdup_printf (_ ("Remove %s from the encounter"), tkr_character_get_name (character));
  g_autofree char *subtitle = NULL;

  if (tkr_character_is_pc (character))
    /* TRANSLATORS: a PC in the participants list, "PC, Level 2" */
    subtitle = g_strdup_printf (_ ("PC, Level %d"), tkr_character_get_level (character));
  else
    /* TRANSLATORS: an NPC in the participants list, "NPC, Edge +1" */
    subtitle = g_strdup_printf (_ ("NPC, Edge %+d"), tkr_character_get_edge_save (character));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tkr_character_get_name (character));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _ ("Remove from the Encounter"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  remove_name, -1);
  g_signal_connect_data (remove, "clicked", G_CALLBACK (remove_participant_clicked_cb),
                         g_object_ref (character), unref_closure_data, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);

  return row;
}

static void
add_party_clicked_cb (TkrKlepView *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->campaign == NULL || self->encounter == NULL)
    return;
  ok = tkr_campaign_add_party_to_encounter (self->campaign, &error);
  report (self, ok, error);
}

static void
participants_changed_cb (TkrKlepView *self)
{
  guint n = 0;
  guint n_party = 0;

  if (self->encounter != NULL)
    n = g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (self->encounter)));
  /* The party button only makes sense while someone of it is missing. */
  if (self->campaign != NULL && self->encounter != NULL)
    n_party = tkr_campaign_count_party_outside_encounter (self->campaign);

  gtk_widget_set_visible (GTK_WIDGET (self->participants_list), n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_party_button), n_party > 0);
  adw_status_page_set_title (self->freeplay_page, _ ("No Encounter Running"));
  adw_status_page_set_description (
    self->freeplay_page,
    n > 0 ? _ ("These characters take part. Add more from the roster, or begin the Setup to "
               "build the turn order.")
          : _ ("Add characters to the encounter from the roster, then begin the Setup to build "
               "the turn order."));
  update_actions (self);
}

static void
set_encounter (TkrKlepView *self, TkrKlepEncounter *encounter, gboolean force)
{
  if (!g_set_object (&self->encounter, encounter) && !force)
    return;

  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  g_signal_group_set_target (self->participants_signals,
                             encounter ? tkr_encounter_get_participants (TKR_ENCOUNTER (encounter))
                                       : NULL);
  /* A new encounter: the list is bound again for it. */
  self->participants_bound = NULL;
  gtk_list_box_bind_model (self->participants_list, NULL, NULL, NULL, NULL);

  tkr_phase_bar_set_encounter (self->phase_bar, encounter);
  tkr_klep_turn_tracker_set_encounter (self->tracker, encounter);

  tkr_feedback_clear (self->error_label);
  participants_changed_cb (self);
  update_page (self);
  update_actions (self);
}

static void
campaign_encounter_cb (TkrKlepView *self)
{
  set_encounter (self, self->campaign ? tkr_campaign_get_klep_encounter (self->campaign) : NULL,
                 FALSE);
}

static void
tkr_klep_view_dispose (GObject *object)
{
  TkrKlepView *self = TKR_KLEP_VIEW (object);
  GSignalGroup **groups[] = {
    &self->campaign_signals,     &self->encounter_signals, &self->history_signals,
    &self->participants_signals, &self->party_signals,
  };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  if (self->participants_list != NULL)
    gtk_list_box_bind_model (self->participants_list, NULL, NULL, NULL, NULL);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_klep_view_parent_class)->dispose (object);
}

static void
tkr_klep_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepView *self = TKR_KLEP_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_SELECTED:
      g_value_set_object (value, tkr_klep_turn_tracker_get_selected (self->tracker));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrKlepView *self = TKR_KLEP_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_klep_view_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_SELECTED:
      /* The table tracker's selected row: its details show in Main. */
      if (tkr_klep_turn_tracker_get_selected (self->tracker) != g_value_get_object (value))
        {
          tkr_klep_turn_tracker_set_selected (self->tracker, g_value_get_object (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_view_class_init (TkrKlepViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_view_dispose;
  object_class->get_property = tkr_klep_view_get_property;
  object_class->set_property = tkr_klep_view_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_object ("selected", NULL, NULL, G_TYPE_OBJECT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  tkr_encounter_ui_install_phase_actions (widget_class, encounter_action);
  gtk_widget_class_install_action (widget_class, "encounter.spend-beat", NULL, encounter_action);
  gtk_widget_class_install_action (widget_class, "encounter.dash", NULL, encounter_action);

  /* The Kleptonomicon's own commands, also in the shortcuts window. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, 0, "encounter.spend-beat", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "encounter.dash", NULL);

  tkr_encounter_ui_ensure_style ();
  g_type_ensure (TKR_TYPE_PHASE_BAR);
  g_type_ensure (TKR_TYPE_KLEP_SETUP_VIEW);
  g_type_ensure (TKR_TYPE_KLEP_TURN_TRACKER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-klep-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, phase_bar);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, stack);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, freeplay_page);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, participants_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, begin_setup_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, add_party_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, setup_view);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, tracker);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepView, error_label);
}

static void
tkr_klep_view_init (TkrKlepView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->add_party_button, "clicked", G_CALLBACK (add_party_clicked_cb),
                           self, G_CONNECT_SWAPPED);

  self->campaign_signals = g_signal_group_new (TKR_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "notify::encounter",
                                 G_CALLBACK (campaign_encounter_cb), self, G_CONNECT_SWAPPED);

  self->encounter_signals = g_signal_group_new (TKR_TYPE_KLEP_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase",
                                 G_CALLBACK (phase_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::setup",
                                 G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::current-index",
                                 G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);

  /* Setup completeness and the like change with any recorded step. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (state_changed_cb),
                                 self, G_CONNECT_SWAPPED);

  self->participants_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->participants_signals, "items-changed",
                                 G_CALLBACK (participants_changed_cb), self, G_CONNECT_SWAPPED);

  /* A PC new in the party can be added with the party button. */
  self->party_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->party_signals, "items-changed",
                                 G_CALLBACK (participants_changed_cb), self, G_CONNECT_SWAPPED);

  participants_changed_cb (self);
  update_page (self);
  update_actions (self);
}

GtkWidget *
tkr_klep_view_new (void)
{
  return g_object_new (TKR_TYPE_KLEP_VIEW, NULL);
}

TkrCampaign *
tkr_klep_view_get_campaign (TkrKlepView *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_VIEW (self), NULL);

  return self->campaign;
}

void
tkr_klep_view_set_campaign (TkrKlepView *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_KLEP_VIEW (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;

  g_signal_group_set_target (self->campaign_signals, campaign);
  g_signal_group_set_target (self->party_signals,
                             campaign ? tkr_campaign_get_party (campaign) : NULL);
  /* The end view and the party button depend on the campaign itself, even
   * when the encounter is the same. */
  set_encounter (self, campaign ? tkr_campaign_get_klep_encounter (campaign) : NULL, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}
