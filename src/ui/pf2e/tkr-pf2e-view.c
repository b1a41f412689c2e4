/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-pf2e-details.h"
#include "tkr-pf2e-encounter.h"
#include "tkr-pf2e-setup.h"
#include "tkr-pf2e-view.h"
#include "tkr-phase-bar.h"

/*
 * The Pathfinder 2e encounter pane (seed 002, RULES.md section 2): one page
 * per phase. In Freeplay (who takes part) and Setup (TkrPf2eSetup) it is
 * the whole encounter; while the rounds run it is the details pane beside
 * the table tracker (docs/ARCHITECTURE.md, "The table tracker"): the
 * selected creature's TkrPf2eDetails, and the turn buttons. At the End the
 * shared End pane stands alone. Every control calls a command of
 * TkrPf2eEncounter, which records it in the campaign's history; the
 * Freeplay page and the actions follow the history's "changed" signal, the
 * details only their creature's objects.
 */

struct _TkrPf2eView
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  TkrPf2eEncounter *encounter;
  GSignalGroup *campaign_signals;
  GSignalGroup *encounter_signals;
  GSignalGroup *history_signals;
  GSignalGroup *participants_signals;
  GListModel *participants_bound; /* what the Freeplay list shows (not owned) */
  GSignalGroup *party_signals;
  /* The table tracker's selected row: a creature, or NULL. */
  GObject *selected;

  TkrPhaseBar *phase_bar;
  GtkStack *stack;
  AdwStatusPage *freeplay_page;
  GtkListBox *participants_list;
  GtkButton *begin_setup_button;
  GtkButton *add_party_button;
  TkrPf2eSetup *setup;
  GtkRevealer *paused_revealer;
  GtkStack *details_stack;
  TkrPf2eDetails *details;
  GtkButton *next_turn_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrPf2eView, tkr_pf2e_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (TkrPf2eView *self);

static gboolean
report (TkrPf2eView *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static TkrPhase
current_phase (TkrPf2eView *self)
{
  return self->encounter ? tkr_encounter_get_phase (TKR_ENCOUNTER (self->encounter))
                         : TKR_PHASE_FREEPLAY;
}

static void
update_actions (TkrPf2eView *self)
{
  tkr_encounter_ui_update_phase_actions (GTK_WIDGET (self),
                                         self->encounter ? TKR_ENCOUNTER (self->encounter) : NULL);
}

static void
encounter_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrPf2eView *self = TKR_PF2E_VIEW (widget);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;
  ok = tkr_encounter_ui_run_phase_action (TKR_ENCOUNTER (self->encounter), action_name, &error);
  report (self, ok, error);
}

/* ------------------------------------------------------------------ */
/* Freeplay                                                            */
/* ------------------------------------------------------------------ */

static void
unref_data (gpointer data, GClosure *closure)
{
  g_object_unref (data);
}

static void
remove_participant_clicked_cb (GtkWidget *button, TkrCharacter *character)
{
  TkrPf2eView *self = TKR_PF2E_VIEW (gtk_widget_get_ancestor (button, TKR_TYPE_PF2E_VIEW));
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
  g_autofree char *remove_name =
    g_strdup_printf (_ ("Remove %s from the encounter"), tkr_character_get_name (character));
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  g_autofree char *subtitle = NULL;

  if (tkr_character_is_pc (character))
    /* Translators: a PC in the participants list, "PC, Level 2" */
    subtitle = g_strdup_printf (_ ("PC, Level %d"), tkr_character_get_level (character));
  else
    subtitle = g_strdup (_ ("Adversary or other creature"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tkr_character_get_name (character));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_name (remove, "remove-participant");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, remove_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  remove_name, -1);
  g_signal_connect_data (remove, "clicked", G_CALLBACK (remove_participant_clicked_cb),
                         g_object_ref (character), unref_data, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
  return row;
}

static void
add_party_clicked_cb (TkrPf2eView *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->campaign == NULL || self->encounter == NULL)
    return;
  ok = tkr_campaign_add_party_to_encounter (self->campaign, &error);
  report (self, ok, error);
}

static void
refresh_freeplay (TkrPf2eView *self)
{
  guint n = 0;
  guint missing = 0;

  if (self->encounter != NULL)
    n = g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (self->encounter)));
  if (self->campaign != NULL && self->encounter != NULL)
    missing = tkr_campaign_count_party_outside_encounter (self->campaign);

  gtk_widget_set_visible (GTK_WIDGET (self->participants_list), n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_party_button), missing > 0);
  adw_status_page_set_description (
    self->freeplay_page,
    n > 0 ? _ ("These creatures will take part. Add more from the roster, then begin initiative.")
          : _ ("No encounter is running. Add characters from the roster, then begin "
               "initiative when a fight or a tense scene starts."));
}

/* ------------------------------------------------------------------ */
/* Following the model                                                 */
/* ------------------------------------------------------------------ */

/* The End has the shared End pane; this view is hidden then. */
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
    case TKR_PHASE_END:
      return "main";
    default:
      g_assert_not_reached ();
    }
}

/* Freeplay's list and the Setup follow the encounter only while they
 * show: in a fight, a thousand of their rows would be built and kept up to
 * date for nothing (bench/bench-tracker). */
static void
bind_pages (TkrPf2eView *self, TkrPhase phase)
{
  GListModel *participants = self->encounter != NULL && phase == TKR_PHASE_FREEPLAY
                               ? tkr_encounter_get_participants (TKR_ENCOUNTER (self->encounter))
                               : NULL;

  if (participants != self->participants_bound)
    {
      self->participants_bound = participants;
      gtk_list_box_bind_model (self->participants_list, participants,
                               participants ? create_participant_row : NULL, self, NULL);
    }
  tkr_pf2e_setup_set_encounter (self->setup, phase == TKR_PHASE_SETUP ? self->encounter : NULL);
}

static void
refresh (TkrPf2eView *self)
{
  TkrPhase phase = current_phase (self);

  bind_pages (self, phase);
  gtk_stack_set_visible_child_name (self->stack, page_for_phase (phase));
  refresh_freeplay (self);
  gtk_revealer_set_reveal_child (self->paused_revealer, phase == TKR_PHASE_PAUSED);
  update_actions (self);
}

/* The details of the selected creature, or a prompt to select one. */
static void
update_details (TkrPf2eView *self)
{
  TkrPf2eCombatant *combatant = self->encounter != NULL && TKR_IS_PF2E_COMBATANT (self->selected)
                                  ? TKR_PF2E_COMBATANT (self->selected)
                                  : NULL;

  tkr_pf2e_details_set_encounter (self->details, self->encounter);
  tkr_pf2e_details_set_combatant (self->details, combatant);
  gtk_stack_set_visible_child_name (self->details_stack, combatant ? "details" : "empty");
}

static void
set_encounter (TkrPf2eView *self, TkrPf2eEncounter *encounter)
{
  if (!g_set_object (&self->encounter, encounter))
    return;

  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  g_signal_group_set_target (self->participants_signals,
                             encounter ? tkr_encounter_get_participants (TKR_ENCOUNTER (encounter))
                                       : NULL);
  /* A new encounter: its lists are bound again (refresh). */
  self->participants_bound = NULL;
  gtk_list_box_bind_model (self->participants_list, NULL, NULL, NULL, NULL);
  tkr_phase_bar_set_tracker (self->phase_bar, encounter ? TKR_TRACKER (encounter) : NULL);
  tkr_feedback_clear (self->error_label);
  update_details (self);
  refresh (self);
}

static void
campaign_tracker_cb (TkrPf2eView *self)
{
  TkrTracker *tracker = self->campaign ? tkr_campaign_get_tracker (self->campaign) : NULL;

  /* A campaign of another system leaves this view empty. */
  set_encounter (self, TKR_IS_PF2E_ENCOUNTER (tracker) ? TKR_PF2E_ENCOUNTER (tracker) : NULL);
}

static void
tkr_pf2e_view_dispose (GObject *object)
{
  TkrPf2eView *self = TKR_PF2E_VIEW (object);
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
    {
      gtk_list_box_bind_model (self->participants_list, NULL, NULL, NULL, NULL);
    }
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_VIEW);
  g_clear_object (&self->selected);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_pf2e_view_parent_class)->dispose (object);
}

static void
tkr_pf2e_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPf2eView *self = TKR_PF2E_VIEW (object);

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
tkr_pf2e_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrPf2eView *self = TKR_PF2E_VIEW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_pf2e_view_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_SELECTED:
      tkr_pf2e_view_set_selected (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_view_class_init (TkrPf2eViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = tkr_pf2e_view_dispose;
  object_class->get_property = tkr_pf2e_view_get_property;
  object_class->set_property = tkr_pf2e_view_set_property;

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
  g_type_ensure (TKR_TYPE_PF2E_DETAILS);
  g_type_ensure (TKR_TYPE_PF2E_SETUP);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-view.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrPf2eView, name)
  BIND (phase_bar);
  BIND (stack);
  BIND (freeplay_page);
  BIND (participants_list);
  BIND (begin_setup_button);
  BIND (add_party_button);
  BIND (setup);
  BIND (paused_revealer);
  BIND (details_stack);
  BIND (details);
  BIND (next_turn_button);
  BIND (error_label);
#undef BIND
}

static void
tkr_pf2e_view_init (TkrPf2eView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->add_party_button, "clicked", G_CALLBACK (add_party_clicked_cb),
                           self, G_CONNECT_SWAPPED);

  self->campaign_signals = g_signal_group_new (TKR_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "notify::tracker",
                                 G_CALLBACK (campaign_tracker_cb), self, G_CONNECT_SWAPPED);

  self->encounter_signals = g_signal_group_new (TKR_TYPE_PF2E_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase", G_CALLBACK (refresh),
                                 self, G_CONNECT_SWAPPED);

  /* Every step, undo and redo: the Freeplay and Setup pages follow the
   * model (the details follow their creature's objects). */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (refresh), self,
                                 G_CONNECT_SWAPPED);

  self->participants_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->participants_signals, "items-changed",
                                 G_CALLBACK (refresh_freeplay), self, G_CONNECT_SWAPPED);
  self->party_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->party_signals, "items-changed",
                                 G_CALLBACK (refresh_freeplay), self, G_CONNECT_SWAPPED);

  refresh (self);
}

GtkWidget *
tkr_pf2e_view_new (void)
{
  return g_object_new (TKR_TYPE_PF2E_VIEW, NULL);
}

TkrCampaign *
tkr_pf2e_view_get_campaign (TkrPf2eView *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_VIEW (self), NULL);

  return self->campaign;
}

void
tkr_pf2e_view_set_campaign (TkrPf2eView *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_PF2E_VIEW (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;

  g_signal_group_set_target (self->campaign_signals, campaign);
  g_signal_group_set_target (self->party_signals,
                             campaign ? tkr_campaign_get_party (campaign) : NULL);
  campaign_tracker_cb (self);
  refresh_freeplay (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

GObject *
tkr_pf2e_view_get_selected (TkrPf2eView *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_VIEW (self), NULL);

  return self->selected;
}

void
tkr_pf2e_view_set_selected (TkrPf2eView *self, GObject *selected)
{
  g_return_if_fail (TKR_IS_PF2E_VIEW (self));
  g_return_if_fail (selected == NULL || G_IS_OBJECT (selected));

  if (!g_set_object (&self->selected, selected))
    return;
  update_details (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}
