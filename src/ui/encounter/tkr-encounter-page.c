/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-details.h"
#include "tkr-ap-participant-row.h"
#include "tkr-ap-reset-pane.h"
#include "tkr-ap-setup-pane.h"
#include "tkr-application.h"
#include "tkr-d20-details.h"
#include "tkr-d20-freeplay.h"
#include "tkr-d20-participant-row.h"
#include "tkr-d20-setup.h"
#include "tkr-encounter-page.h"
#include "tkr-encounter-ui.h"
#include "tkr-end-pane.h"
#include "tkr-feedback.h"
#include "tkr-freeplay-pane.h"
#include "tkr-klep-combatant-panel.h"
#include "tkr-klep-setup-view.h"
#include "tkr-klep-turn-tracker.h"
#include "tkr-participant-row.h"
#include "tkr-pf2e-details.h"
#include "tkr-pf2e-setup.h"
#include "tkr-phase-bar.h"
#include "tkr-rewind-button.h"
#include "tkr-table-tracker.h"

/*
 * The Encounter tab (docs/ARCHITECTURE.md, "The table tracker"): one page
 * for every rule system. The phase bar, the page of each phase, the
 * refusals and the "encounter." actions are here, once; a system brings
 * only its own parts, chosen by the campaign's rule system (the table
 * below): the rows of who takes part in Freeplay, its Setup, and in a
 * fight the details of the tracker's selected row. Each part gets the
 * encounter only while it shows: in a fight of a thousand, no Freeplay or
 * Setup row exists (bench/bench-tracker).
 */

typedef enum
{
  SYSTEM_KLEPTONOMICON,
  SYSTEM_PF2E,
  SYSTEM_D20,
  SYSTEM_AP,
} SystemKind;

/* What differs between the systems' encounters, besides their widgets. */
typedef struct
{
  const char *id;
  SystemKind kind;
  const char *name; /* the encounter's accessible name */
  TkrFreeplayTexts freeplay;
  const char *empty_hint; /* with no row selected */
  const char *next_label, *next_tooltip;
  const char *end_label, *end_name, *end_tooltip;
} SystemUi;

static const SystemUi systems[] = {
  { "kleptonomicon",
    SYSTEM_KLEPTONOMICON,
    N_ ("Kleptonomicon encounter"),
    { N_ ("No Encounter Running"), N_ ("_Begin Setup"),
      N_ ("Start an encounter: group the NPCs and test the PCs' Edge (Ctrl+Shift+B)"),
      N_ ("Add characters to the encounter from the roster, then begin the Setup to build the "
          "turn order."),
      N_ ("These characters take part. Add more from the roster, or begin the Setup to build the "
          "turn order."),
      N_ ("Characters in the encounter") } },
  { "pf2e",
    SYSTEM_PF2E,
    N_ ("Pathfinder 2e encounter"),
    { N_ ("Exploring"), N_ ("_Begin Initiative"),
      N_ ("Start an encounter: everyone rolls initiative (Ctrl+Shift+B)"),
      N_ ("No encounter is running. Add characters from the roster, then begin initiative when a "
          "fight or a tense scene starts."),
      N_ ("These creatures will take part. Add more from the roster, then begin initiative."),
      N_ ("Creatures in the encounter") },
    N_ ("Choose a row of the turn order to spend its actions and reaction and to change its "
        "conditions and effects."),
    N_ ("_Next Turn"),
    N_ ("End this turn and start the next one (Ctrl+Right)"),
    N_ ("_End"),
    N_ ("End the Encounter"),
    N_ ("End the Encounter (Ctrl+Shift+E)") },
  { "d20",
    SYSTEM_D20,
    N_ ("d20 encounter"),
    { N_ ("No Encounter Running"), N_ ("_Roll Initiative"),
      N_ ("Start an encounter: everyone rolls d20 + Agility (Ctrl+Shift+B)"),
      N_ ("Nobody takes part yet. Add characters from the roster."),
      N_ ("Open a participant to set mana and speeds, or to rest."),
      N_ ("Characters in the encounter") },
    N_ ("Its actions, movement and conditions show here."),
    N_ ("_Next Turn"),
    N_ ("Next Turn (Ctrl+→)"),
    N_ ("_End"),
    N_ ("End the Encounter"),
    N_ ("End the Encounter (Ctrl+Shift+E)") },
  { "action-points",
    SYSTEM_AP,
    N_ ("Action-Point encounter"),
    { N_ ("No Combat Running"), N_ ("_Begin Setup"),
      N_ ("Start an encounter: check each combatant's Finesse Die, size and surprise "
          "(Ctrl+Shift+B)"),
      N_ ("Add characters to the encounter from the roster, or the whole party here, then begin "
          "the Setup."),
      N_ ("These characters take part; open one to set its Finesse Die, size, Mana or Faith and "
          "surprise. Add more from the roster."),
      N_ ("Characters in the encounter") },
    N_ ("Its AP, commands, conditions and effects show here."),
    N_ ("_Next"),
    N_ ("End this opportunity; the next one in the order acts (Ctrl+→)"),
    N_ ("_End Combat"),
    N_ ("End Combat"),
    N_ ("Run the closing Reset Phase and end the combat (Ctrl+Shift+E)") },
};

struct _TkrEncounterPage
{
  GtkWidget parent_instance;

  TkrCampaign *campaign;
  TkrEncounter *encounter; /* the campaign's tracker */
  const SystemUi *system;
  GObject *selected; /* the table tracker's selected row */
  GSignalGroup *campaign_signals;
  GSignalGroup *tracker_signals;
  GSignalGroup *history_signals;
  gboolean syncing;
  TkrD20Freeplay *d20_freeplay; /* owned: in the Freeplay pane for d20; built when first needed */

  GSettings *settings;
  TkrRewindButton *rewind_button;
  gboolean narrow;   /* too narrow for the tracker and the details side by side */
  int details_width; /* what the details (and their separator) need, last measured */
  guint narrow_tick;

  GtkWidget *system_bar;
  GtkDropDown *system_dropdown;
  TkrTableTracker *table_tracker;
  TkrEndPane *end_pane;
  GtkWidget *details_separator;
  GtkWidget *details_scroller;
  GtkWidget *system_box;
  TkrPhaseBar *phase_bar;
  GtkRevealer *paused_revealer;
  GtkWidget *resume_button;
  GtkStack *stack;
  TkrFreeplayPane *freeplay_pane;
  GtkStack *setup_stack;
  /* Each system's Setup and details are built when the system first shows
   * (ensure_system_parts); NULL until then. */
  TkrKlepSetupView *kleptonomicon_setup;
  TkrPf2eSetup *pf2e_setup;
  TkrD20Setup *d20_setup;
  TkrApSetupPane *action_points_setup;
  GtkStack *main_stack;
  TkrKlepTurnTracker *kleptonomicon_tracker;
  GtkWidget *header_box;
  GtkLabel *turn_label;
  GtkLabel *step_label;
  TkrApResetPane *reset_pane;
  GtkStack *details_stack;
  AdwStatusPage *empty_page;
  GtkStack *system_details;
  TkrPf2eDetails *pf2e_details;
  TkrD20Details *d20_details;
  TkrApDetails *action_points_details;
  GtkWidget *log_group;
  GtkListView *log_list;
  GtkWidget *end_button;
  GtkWidget *next_turn_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrEncounterPage, tkr_encounter_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TkrPhase
current_phase (TkrEncounterPage *self)
{
  return self->encounter ? tkr_encounter_get_phase (self->encounter) : TKR_PHASE_FREEPLAY;
}

static gboolean
is (TkrEncounterPage *self, SystemKind kind)
{
  return self->encounter != NULL && self->system->kind == kind;
}

static guint
n_items (GListModel *model)
{
  return model ? g_list_model_get_n_items (model) : 0;
}

static guint
system_index (const char *id)
{
  const char *const *ids = tkr_tracker_get_rule_systems ();

  for (guint i = 0; ids[i] != NULL; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

gboolean
tkr_encounter_page_report (TkrEncounterPage *self, gboolean ok, const GError *error)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER_PAGE (self), ok);

  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

/* ------------------------------------------------------------------ */
/* The "encounter." actions                                            */
/* ------------------------------------------------------------------ */

/* Which actions make sense now: the engine's transitions, and what a
 * system needs besides (a complete Kleptonomicon Setup, someone to
 * fight, a Turn to go back to). */
static void
update_actions (TkrEncounterPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  TkrEncounter *encounter = self->encounter;
  TkrPhase phase = current_phase (self);
  gboolean in_main = encounter != NULL && phase == TKR_PHASE_MAIN;
  gboolean klep_turn =
    in_main && is (self, SYSTEM_KLEPTONOMICON) &&
    tkr_klep_encounter_get_current_entry (TKR_KLEP_ENCOUNTER (encounter)) != NULL;
  gboolean can_start = TRUE;

  tkr_encounter_ui_update_phase_actions (widget, encounter);
  if (is (self, SYSTEM_KLEPTONOMICON))
    {
      TkrKlepSetup *setup = tkr_klep_encounter_get_setup (TKR_KLEP_ENCOUNTER (encounter));

      can_start = setup != NULL && tkr_klep_setup_is_complete (setup);
    }
  else if (is (self, SYSTEM_D20))
    can_start = n_items (tkr_d20_encounter_get_creatures (TKR_D20_ENCOUNTER (encounter))) > 0;
  else if (is (self, SYSTEM_AP))
    {
      can_start = n_items (tkr_ap_encounter_get_members (TKR_AP_ENCOUNTER (encounter))) > 0;
      if (tkr_ap_encounter_get_turn (TKR_AP_ENCOUNTER (encounter)) <= 0)
        gtk_widget_action_set_enabled (widget, "encounter.previous-turn", FALSE);
    }
  if (!can_start)
    gtk_widget_action_set_enabled (widget, "encounter.begin-main", FALSE);
  gtk_widget_action_set_enabled (widget, "encounter.spend-beat", klep_turn);
  gtk_widget_action_set_enabled (widget, "encounter.dash", klep_turn);
}

/* The member of the Kleptonomicon's current entry a key is for: the
 * first with a Beat left (a group's members act together), else the
 * first. */
static TkrKlepCombatant *
klep_current_combatant (TkrKlepEncounter *encounter)
{
  TkrKlepTurnEntry *entry = tkr_klep_encounter_get_current_entry (encounter);
  GListModel *members = entry ? tkr_klep_turn_entry_get_members (entry) : NULL;
  TkrKlepCombatant *first = NULL;

  for (guint i = 0; i < n_items (members); i++)
    {
      g_autoptr (TkrKlepCombatant) member = g_list_model_get_item (members, i);

      if (first == NULL)
        first = member;
      if (tkr_klep_combatant_get_beats_left (member) > 0)
        return member;
    }
  return first;
}

static void
encounter_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (widget);
  TkrEncounter *encounter = self->encounter;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (encounter == NULL)
    return;

  if (g_str_equal (action_name, "encounter.spend-beat") ||
      g_str_equal (action_name, "encounter.dash"))
    {
      TkrKlepEncounter *klep = TKR_KLEP_ENCOUNTER (encounter);
      TkrKlepCombatant *combatant = klep_current_combatant (klep);

      if (combatant == NULL)
        return;
      if (g_str_equal (action_name, "encounter.dash"))
        {
          tkr_klep_combatant_panel_request_dash (widget, self->error_label, klep, combatant);
          return;
        }
      ok = tkr_klep_encounter_spend_beat (klep, combatant, FALSE, &error);
    }
  /* With a Reset due, the Action-Point "next" runs it with what the GM
   * typed in; its End runs the closing Reset. */
  else if (is (self, SYSTEM_AP) && g_str_equal (action_name, "encounter.next-turn") &&
           tkr_ap_encounter_get_step (TKR_AP_ENCOUNTER (encounter)) == TKR_AP_STEP_RESET)
    ok = tkr_ap_reset_pane_run (self->reset_pane, &error);
  else if (is (self, SYSTEM_AP) && g_str_equal (action_name, "encounter.end"))
    ok = tkr_ap_reset_pane_end (self->reset_pane, &error);
  else
    ok = tkr_encounter_ui_run_phase_action (encounter, action_name, &error);
  tkr_encounter_page_report (self, ok, error);
}

/* ------------------------------------------------------------------ */
/* The system's parts, each bound only while it shows                  */
/* ------------------------------------------------------------------ */

static void
ap_row_refused_cb (GtkWidget *row, const GError *error)
{
  tkr_encounter_ui_report (row, FALSE, error);
}

static GtkWidget *
create_participant_row (gpointer item, gpointer user_data)
{
  TkrEncounterPage *self = user_data;
  GtkWidget *row;

  switch (self->system->kind)
    {
    case SYSTEM_D20:
      return tkr_d20_participant_row_new (TKR_D20_ENCOUNTER (self->encounter), item);
    case SYSTEM_AP:
      row = tkr_ap_participant_row_new (TKR_AP_ENCOUNTER (self->encounter), item);
      g_signal_connect (row, "refused", G_CALLBACK (ap_row_refused_cb), NULL);
      return row;
    case SYSTEM_KLEPTONOMICON:
    case SYSTEM_PF2E:
    default:
      return tkr_participant_row_new (self->encounter, item,
                                      self->system->kind == SYSTEM_KLEPTONOMICON);
    }
}

/* Who takes part: the characters, or (d20, Action-Point: combatants
 * exist in every phase) the members with what they set before a fight. */
static GListModel *
participants_model (TkrEncounterPage *self)
{
  if (is (self, SYSTEM_D20))
    return tkr_d20_encounter_get_creatures (TKR_D20_ENCOUNTER (self->encounter));
  if (is (self, SYSTEM_AP))
    return tkr_ap_encounter_get_members (TKR_AP_ENCOUNTER (self->encounter));
  return self->encounter ? tkr_encounter_get_participants (self->encounter) : NULL;
}

/* The details of the selected row, or the prompt to select one. */
static void
update_details (TkrEncounterPage *self)
{
  TkrPhase phase = current_phase (self);
  gboolean fighting = phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED;
  TkrEncounter *shown = fighting ? self->encounter : NULL;
  GObject *selected = shown ? self->selected : NULL;
  gboolean details;

#define GIVE(kind, setter, widget, cast)                                                           \
  if (widget != NULL)                                                                              \
    setter (widget, is (self, kind) ? cast (shown) : NULL);
  GIVE (SYSTEM_KLEPTONOMICON, tkr_klep_turn_tracker_set_encounter, self->kleptonomicon_tracker,
        TKR_KLEP_ENCOUNTER);
  GIVE (SYSTEM_PF2E, tkr_pf2e_details_set_encounter, self->pf2e_details, TKR_PF2E_ENCOUNTER);
  GIVE (SYSTEM_D20, tkr_d20_details_set_encounter, self->d20_details, TKR_D20_ENCOUNTER);
  GIVE (SYSTEM_AP, tkr_ap_details_set_encounter, self->action_points_details, TKR_AP_ENCOUNTER);
  GIVE (SYSTEM_AP, tkr_ap_reset_pane_set_encounter, self->reset_pane, TKR_AP_ENCOUNTER);
#undef GIVE
  if (self->kleptonomicon_tracker != NULL)
    tkr_klep_turn_tracker_set_selected (self->kleptonomicon_tracker,
                                        is (self, SYSTEM_KLEPTONOMICON) ? selected : NULL);
  if (self->pf2e_details != NULL)
    tkr_pf2e_details_set_combatant (self->pf2e_details,
                                    is (self, SYSTEM_PF2E) && TKR_IS_PF2E_COMBATANT (selected)
                                      ? TKR_PF2E_COMBATANT (selected)
                                      : NULL);
  if (self->d20_details != NULL)
    tkr_d20_details_set_combatant (self->d20_details,
                                   is (self, SYSTEM_D20) && TKR_IS_D20_COMBATANT (selected)
                                     ? TKR_D20_COMBATANT (selected)
                                     : NULL);
  if (self->action_points_details != NULL)
    tkr_ap_details_set_combatant (
      self->action_points_details,
      is (self, SYSTEM_AP) && TKR_IS_AP_COMBATANT (selected) ? TKR_AP_COMBATANT (selected) : NULL);
  details = (is (self, SYSTEM_PF2E) && TKR_IS_PF2E_COMBATANT (selected)) ||
            (is (self, SYSTEM_D20) && TKR_IS_D20_COMBATANT (selected)) ||
            (is (self, SYSTEM_AP) && TKR_IS_AP_COMBATANT (selected));
  gtk_stack_set_visible_child_name (self->details_stack, details ? "details" : "empty");
}

/* The Turn and Round above the details (d20, Action-Point). */
static void
update_header (TkrEncounterPage *self)
{
  g_autofree char *title = NULL;
  g_autofree char *step = NULL;

  if (is (self, SYSTEM_D20))
    {
      TkrD20Combatant *current =
        tkr_d20_encounter_get_current (TKR_D20_ENCOUNTER (self->encounter));

      title = g_strdup_printf (_ ("Round %d"), tkr_encounter_get_round (self->encounter));
      step = current
               ? g_strdup_printf (_ ("%s’s turn"), tkr_combatant_get_name (TKR_COMBATANT (current)))
               : g_strdup (_ ("Nobody is acting"));
    }
  else if (is (self, SYSTEM_AP))
    {
      TkrApEncounter *encounter = TKR_AP_ENCOUNTER (self->encounter);
      int turn = tkr_ap_encounter_get_turn (encounter);
      gboolean reset = tkr_ap_encounter_get_step (encounter) == TKR_AP_STEP_RESET;

      if (reset && turn == 0)
        title = g_strdup (_ ("Opening Reset Phase"));
      else if (reset)
        /* Translators: the Reset Phase that ends Turn %d */
        title = g_strdup_printf (_ ("Turn %d · Reset Phase"), turn);
      else
        title = g_strdup_printf (_ ("Turn %d · Round %d"), turn,
                                 tkr_encounter_get_round (self->encounter));
      step = g_strdup (reset ? (turn == 0 ? _ ("Combat opens with a Reset: roll for Action Points")
                                          : _ ("The Action Phase is over: everyone is out of AP "
                                               "or passed"))
                             : _ ("Action Phase: the one with the most AP acts first"));
    }
  gtk_widget_set_visible (self->header_box, title != NULL);
  gtk_label_set_text (self->turn_label, title ? title : "");
  gtk_label_set_text (self->step_label, step ? step : "");
}

/* The page of the phase, and each part given the encounter only while it
 * shows. At the End the shared End pane stands alone (update_layout):
 * the details keep their page, hidden. */
static void
update_pages (TkrEncounterPage *self)
{
  TkrPhase phase = current_phase (self);
  gboolean freeplay = phase == TKR_PHASE_FREEPLAY;
  gboolean setup = phase == TKR_PHASE_SETUP;
  TkrEncounter *encounter = self->encounter;

  tkr_freeplay_pane_bind (self->freeplay_pane, freeplay ? self->campaign : NULL,
                          freeplay ? encounter : NULL, freeplay ? participants_model (self) : NULL,
                          create_participant_row, self);
  if (self->d20_freeplay != NULL)
    tkr_d20_freeplay_set_encounter (
      self->d20_freeplay, freeplay && is (self, SYSTEM_D20) ? TKR_D20_ENCOUNTER (encounter) : NULL);
  encounter = setup ? encounter : NULL;
  if (self->kleptonomicon_setup != NULL)
    tkr_klep_setup_view_set_encounter (self->kleptonomicon_setup, is (self, SYSTEM_KLEPTONOMICON)
                                                                    ? TKR_KLEP_ENCOUNTER (encounter)
                                                                    : NULL);
  if (self->pf2e_setup != NULL)
    tkr_pf2e_setup_set_encounter (self->pf2e_setup,
                                  is (self, SYSTEM_PF2E) ? TKR_PF2E_ENCOUNTER (encounter) : NULL);
  if (self->d20_setup != NULL)
    tkr_d20_setup_set_encounter (self->d20_setup,
                                 is (self, SYSTEM_D20) ? TKR_D20_ENCOUNTER (encounter) : NULL);
  if (self->action_points_setup != NULL)
    tkr_ap_setup_pane_set_encounter (self->action_points_setup, encounter ? self->campaign : NULL,
                                     is (self, SYSTEM_AP) ? TKR_AP_ENCOUNTER (encounter) : NULL);
  update_details (self);
  gtk_stack_set_visible_child_name (self->stack, freeplay ? "freeplay" : setup ? "setup" : "main");
  gtk_revealer_set_reveal_child (self->paused_revealer,
                                 phase == TKR_PHASE_PAUSED && !is (self, SYSTEM_KLEPTONOMICON));
}

/* After every recorded step, undo and redo, and a change of phase. */
static void
refresh (TkrEncounterPage *self)
{
  TkrPhase phase = current_phase (self);

  update_pages (self);
  if (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED)
    update_header (self);
  update_actions (self);
}

/* Shows @name's child of @stack and hides the others, so that keyboard,
 * screen readers and accessibility tools meet one "Begin Main", not
 * four. */
static void
show_only (GtkStack *stack, const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (stack)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_visible (
      child, g_strcmp0 (gtk_stack_page_get_name (gtk_stack_get_page (stack, child)), name) == 0);
  if (gtk_stack_get_child_by_name (stack, name) != NULL)
    gtk_stack_set_visible_child_name (stack, name);
}

/* Adds a new widget of @type to @stack as its page @name, and returns it. */
static gpointer
add_part (GtkStack *stack, const char *name, GType type)
{
  GtkWidget *widget = g_object_new (type, NULL);

  gtk_stack_add_named (stack, widget, name);
  return widget;
}

/* The first frame first (README, "Performance"): a system's Setup and
 * details are built the first time the page shows that system, so a
 * campaign of one system never builds the other three's. */
static void
ensure_system_parts (TkrEncounterPage *self, const SystemUi *system)
{
  switch (system->kind)
    {
    case SYSTEM_KLEPTONOMICON:
      if (self->kleptonomicon_setup == NULL)
        self->kleptonomicon_setup =
          add_part (self->setup_stack, system->id, TKR_TYPE_KLEP_SETUP_VIEW);
      if (self->kleptonomicon_tracker == NULL)
        self->kleptonomicon_tracker =
          add_part (self->main_stack, system->id, TKR_TYPE_KLEP_TURN_TRACKER);
      break;
    case SYSTEM_PF2E:
      if (self->pf2e_setup == NULL)
        self->pf2e_setup = add_part (self->setup_stack, system->id, TKR_TYPE_PF2E_SETUP);
      if (self->pf2e_details == NULL)
        self->pf2e_details = add_part (self->system_details, system->id, TKR_TYPE_PF2E_DETAILS);
      break;
    case SYSTEM_D20:
      if (self->d20_setup == NULL)
        self->d20_setup = add_part (self->setup_stack, system->id, TKR_TYPE_D20_SETUP);
      if (self->d20_details == NULL)
        self->d20_details = add_part (self->system_details, system->id, TKR_TYPE_D20_DETAILS);
      if (self->d20_freeplay == NULL)
        self->d20_freeplay = g_object_ref_sink (TKR_D20_FREEPLAY (tkr_d20_freeplay_new ()));
      break;
    case SYSTEM_AP:
      if (self->action_points_setup == NULL)
        self->action_points_setup =
          add_part (self->setup_stack, system->id, TKR_TYPE_AP_SETUP_PANE);
      if (self->action_points_details == NULL)
        self->action_points_details =
          add_part (self->system_details, system->id, TKR_TYPE_AP_DETAILS);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The campaign's rule system chooses the parts shown and their words. */
static void
update_system (TkrEncounterPage *self)
{
  const char *id = self->campaign ? tkr_campaign_get_rule_system (self->campaign) : NULL;
  const SystemUi *system = &systems[0];
  gboolean klep;

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    if (g_strcmp0 (systems[i].id, id) == 0)
      system = &systems[i];
  self->system = system;
  klep = system->kind == SYSTEM_KLEPTONOMICON;
  ensure_system_parts (self, system);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->system_box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ (system->name), -1);
  tkr_freeplay_pane_set_texts (self->freeplay_pane, &system->freeplay);
  tkr_freeplay_pane_set_extra (self->freeplay_pane,
                               system->kind == SYSTEM_D20 ? GTK_WIDGET (self->d20_freeplay) : NULL);
  show_only (self->setup_stack, system->id);
  show_only (self->main_stack, klep ? "kleptonomicon" : "details");
  show_only (self->system_details, system->id);
  if (!klep)
    {
      adw_status_page_set_description (self->empty_page, _ (system->empty_hint));
      gtk_button_set_label (GTK_BUTTON (self->next_turn_button), _ (system->next_label));
      tkr_encounter_ui_set_tooltip (self->next_turn_button, _ (system->next_tooltip));
      gtk_button_set_label (GTK_BUTTON (self->end_button), _ (system->end_label));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->end_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _ (system->end_name), -1);
      tkr_encounter_ui_set_tooltip (self->end_button, _ (system->end_tooltip));
    }
  /* The Kleptonomicon's details pane has its own banner (resume by a
   * Beat): one "Resume" for the keyboard and screen readers. */
  gtk_widget_set_visible (GTK_WIDGET (self->paused_revealer), !klep);
  gtk_widget_set_visible (GTK_WIDGET (self->reset_pane), system->kind == SYSTEM_AP);
  gtk_widget_set_visible (self->log_group, system->kind == SYSTEM_AP);

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->system_dropdown, system_index (system->id));
  self->syncing = FALSE;
}

/* A new tracker (a file opened, the rule system changed): every part
 * follows the new one. */
static void
set_encounter (TkrEncounterPage *self)
{
  TkrTracker *tracker = self->campaign ? tkr_campaign_get_tracker (self->campaign) : NULL;
  TkrEncounter *encounter = TKR_IS_ENCOUNTER (tracker) ? TKR_ENCOUNTER (tracker) : NULL;

  g_set_object (&self->encounter, encounter);
  update_system (self);
  g_signal_group_set_target (self->tracker_signals, tracker);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (encounter) : NULL);
  tkr_phase_bar_set_tracker (self->phase_bar, tracker);
  {
    g_autoptr (GtkNoSelection) log = gtk_no_selection_new (
      is (self, SYSTEM_AP) ? g_object_ref (tkr_encounter_get_log (encounter)) : NULL);

    gtk_list_view_set_model (self->log_list, GTK_SELECTION_MODEL (log));
  }
  tkr_feedback_clear (self->error_label);
  refresh (self);
}

static void
update_sensitivity (TkrEncounterPage *self)
{
  gboolean can = self->campaign != NULL && tkr_campaign_can_set_rule_system (self->campaign);

  gtk_widget_set_sensitive (GTK_WIDGET (self->system_dropdown), can);
  gtk_widget_set_tooltip_text (
    GTK_WIDGET (self->system_dropdown),
    can ? _ ("The rules this campaign's encounters follow")
        : _ ("End the encounter and go back to Freeplay to change the rule system"));
}

/* While a fight runs (Main, Paused) the table tracker leads and the
 * system's details of the selected row are beside it, hidden at the GM's wish;
 * at the End the shared End pane stands alone (the award to the party,
 * Level Up). The rule system row, which cannot change then, makes room. */
static void
update_layout (TkrEncounterPage *self)
{
  TkrTracker *tracker = self->campaign ? tkr_campaign_get_tracker (self->campaign) : NULL;
  TkrPhase phase = tracker != NULL ? tkr_tracker_get_phase (tracker) : TKR_PHASE_FREEPLAY;
  gboolean fighting =
    (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED) && TKR_IS_ENCOUNTER (tracker);
  gboolean ended = phase == TKR_PHASE_END && TKR_IS_ENCOUNTER (tracker);
  gboolean leading = fighting || ended;
  gboolean details = TRUE;

  g_object_get (self->table_tracker, "details-visible", &details, NULL);
  /* A narrow window keeps the tracker whole: the details make way (the
   * GM's choice is kept for a wider window). */
  if (self->narrow)
    details = FALSE;
  tkr_table_tracker_set_details_available (self->table_tracker, !self->narrow);
  if (ended)
    details = FALSE; /* the End pane is the one end-of-encounter screen */
  tkr_table_tracker_set_encounter (self->table_tracker, fighting ? TKR_ENCOUNTER (tracker) : NULL);
  tkr_end_pane_set_encounter (self->end_pane, ended ? TKR_ENCOUNTER (tracker) : NULL);
  tkr_end_pane_set_campaign (self->end_pane, ended ? self->campaign : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->table_tracker), fighting);
  gtk_widget_set_visible (GTK_WIDGET (self->end_pane), ended);
  gtk_widget_set_visible (self->system_bar, !leading);
  gtk_widget_set_visible (self->details_scroller, !leading || details);
  gtk_widget_set_visible (self->details_separator, leading && details);
  gtk_widget_set_hexpand (self->details_scroller, !leading);
  /* Beside the tracker: at least 420 px, or the details' own minimum
   * when larger, never cut off; a window too narrow for that hides them
   * (size_allocate), and the page never asks for more than the tracker
   * needs (measure). */
  gtk_widget_set_size_request (self->details_scroller, leading ? 420 : -1, -1);
}

/* Below this width the tracker (its compact rows need about 360 px) and
 * the details (420 px) do not fit side by side. */
#define NARROW_WIDTH 800

static gboolean
apply_narrow_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (widget);

  self->narrow_tick = 0;
  update_layout (self);
  return G_SOURCE_REMOVE;
}

/* What the details beside the tracker need, with their separator, while
 * they show there; 0 otherwise. */
static int
details_width (TkrEncounterPage *self)
{
  int scroller = 0, separator = 0;

  if (!gtk_widget_get_visible (self->details_scroller) ||
      !gtk_widget_get_visible (self->details_separator))
    return 0;
  gtk_widget_measure (self->details_scroller, GTK_ORIENTATION_HORIZONTAL, -1, &scroller, NULL, NULL,
                      NULL);
  gtk_widget_measure (self->details_separator, GTK_ORIENTATION_HORIZONTAL, -1, &separator, NULL,
                      NULL, NULL);
  self->details_width = scroller + separator;
  return self->details_width;
}

/* The page asks no more room than the tracker alone needs: the details
 * beside it are never cut off, they make way when the window is too
 * narrow for both (see size_allocate). */
static void
tkr_encounter_page_measure (GtkWidget *widget,
                            GtkOrientation orientation,
                            int for_size,
                            int *minimum,
                            int *natural,
                            int *minimum_baseline,
                            int *natural_baseline)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (widget);
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int child_min = 0;

  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
      for_size = MAX (for_size, child_min);
    }
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = MAX (0, *minimum - details_width (self));
}

/* The page lays out its child itself (no layout manager), to know its
 * width: the layout changes on the next frame, never inside an
 * allocation; for that frame the child keeps its minimum and the page
 * clips it. */
static void
tkr_encounter_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (widget);
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int child_min = 0, shown = details_width (self), needed;
  gboolean narrow;

  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
  gtk_widget_allocate (child, MAX (width, child_min), height, baseline, NULL);
  /* Room for both: the tracker's minimum and the details' (measured when
   * they last showed). */
  needed = (shown > 0 ? child_min : child_min + self->details_width);
  narrow = width < MAX (NARROW_WIDTH, needed);
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      if (self->narrow_tick == 0)
        self->narrow_tick = gtk_widget_add_tick_callback (widget, apply_narrow_cb, NULL, NULL);
    }
}

static void
tracker_changed_cb (TkrEncounterPage *self)
{
  set_encounter (self);
  update_sensitivity (self);
  update_layout (self);
}

static void
phase_changed_cb (TkrEncounterPage *self)
{
  refresh (self);
  update_sensitivity (self);
  update_layout (self);
}

/* Any recorded step, undo or redo: what the actions and the header say
 * (the parts follow their own objects). */
static void
history_changed_cb (TkrEncounterPage *self)
{
  TkrPhase phase = current_phase (self);

  if (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED)
    update_header (self);
  update_actions (self);
}

static void
system_selected_cb (TkrEncounterPage *self)
{
  const char *const *ids = tkr_tracker_get_rule_systems ();
  guint selected = gtk_drop_down_get_selected (self->system_dropdown);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  /* GtkDropDown may notify a selection made while syncing only after the
   * sync: the campaign's own system is never a request. */
  if (self->syncing || self->campaign == NULL || selected >= g_strv_length ((char **) ids) ||
      g_strcmp0 (ids[selected], tkr_campaign_get_rule_system (self->campaign)) == 0)
    return;

  ok = tkr_campaign_set_rule_system (self->campaign, ids[selected], &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
  if (!ok)
    update_system (self); /* back to the campaign's system */
}

static void
tkr_encounter_page_dispose (GObject *object)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (object);
  GSignalGroup **groups[] = { &self->campaign_signals, &self->tracker_signals,
                              &self->history_signals };

  if (self->narrow_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->narrow_tick);
  self->narrow_tick = 0;
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  if (self->log_list != NULL)
    gtk_list_view_set_model (self->log_list, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_ENCOUNTER_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->d20_freeplay);
  /* The systems' parts built when first needed went with their stacks. */
  self->kleptonomicon_setup = NULL;
  self->pf2e_setup = NULL;
  self->d20_setup = NULL;
  self->action_points_setup = NULL;
  self->kleptonomicon_tracker = NULL;
  self->pf2e_details = NULL;
  self->d20_details = NULL;
  self->action_points_details = NULL;
  g_clear_object (&self->settings);
  g_clear_object (&self->selected);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_encounter_page_parent_class)->dispose (object);
}

static void
tkr_encounter_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (object);

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
tkr_encounter_page_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_encounter_page_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_SELECTED:
      tkr_encounter_page_set_selected (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_encounter_page_class_init (TkrEncounterPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_encounter_page_dispose;
  object_class->get_property = tkr_encounter_page_get_property;
  object_class->set_property = tkr_encounter_page_set_property;
  widget_class->measure = tkr_encounter_page_measure;
  widget_class->size_allocate = tkr_encounter_page_size_allocate;

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
  /* Their keys are the Kleptonomicon details pane's (TkrKlepTurnTracker). */

  tkr_encounter_ui_ensure_style ();
  g_type_ensure (TKR_TYPE_TABLE_TRACKER);
  g_type_ensure (TKR_TYPE_END_PANE);
  g_type_ensure (TKR_TYPE_PHASE_BAR);
  g_type_ensure (TKR_TYPE_FREEPLAY_PANE);
  g_type_ensure (TKR_TYPE_KLEP_SETUP_VIEW);
  g_type_ensure (TKR_TYPE_KLEP_TURN_TRACKER);
  g_type_ensure (TKR_TYPE_PF2E_SETUP);
  g_type_ensure (TKR_TYPE_PF2E_DETAILS);
  g_type_ensure (TKR_TYPE_D20_SETUP);
  g_type_ensure (TKR_TYPE_D20_DETAILS);
  g_type_ensure (TKR_TYPE_AP_SETUP_PANE);
  g_type_ensure (TKR_TYPE_AP_RESET_PANE);
  g_type_ensure (TKR_TYPE_AP_DETAILS);
  g_type_ensure (TKR_TYPE_LOG_ENTRY); /* named in the log rows' template */
  g_type_ensure (TKR_TYPE_REWIND_BUTTON);
  /* The signal groups connect by name before any history exists. */
  g_type_class_ref (TKR_TYPE_HISTORY);
  g_type_class_ref (TKR_TYPE_CAMPAIGN);
  g_type_default_interface_ref (TKR_TYPE_TRACKER);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-encounter-page.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrEncounterPage, name)
  CHILD (system_bar);
  CHILD (system_dropdown);
  CHILD (table_tracker);
  CHILD (end_pane);
  CHILD (details_separator);
  CHILD (details_scroller);
  CHILD (system_box);
  CHILD (phase_bar);
  CHILD (paused_revealer);
  CHILD (resume_button);
  CHILD (stack);
  CHILD (freeplay_pane);
  CHILD (setup_stack);
  CHILD (main_stack);
  CHILD (header_box);
  CHILD (turn_label);
  CHILD (step_label);
  CHILD (reset_pane);
  CHILD (details_stack);
  CHILD (empty_page);
  CHILD (system_details);
  CHILD (log_group);
  CHILD (log_list);
  CHILD (end_button);
  CHILD (next_turn_button);
  CHILD (error_label);
  CHILD (rewind_button);
#undef CHILD
}

static void
tkr_encounter_page_init (TkrEncounterPage *self)
{
  const char *const *ids = tkr_tracker_get_rule_systems ();
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  self->details_width = 421;

  /* The names come from each system's rule data, in the user's language. */
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (ids[i], NULL);

      gtk_string_list_append (names,
                              rules ? tkr_rules_translate (tkr_rules_get_name (rules)) : ids[i]);
    }
  gtk_drop_down_set_model (self->system_dropdown, G_LIST_MODEL (names));
  g_signal_connect_object (self->system_dropdown, "notify::selected",
                           G_CALLBACK (system_selected_cb), self, G_CONNECT_SWAPPED);

  self->campaign_signals = g_signal_group_new (TKR_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "notify::tracker",
                                 G_CALLBACK (tracker_changed_cb), self, G_CONNECT_SWAPPED);
  self->tracker_signals =
    g_signal_group_new (G_TYPE_OBJECT); /* a TkrTracker: "notify" is GObject's */
  g_signal_group_connect_object (self->tracker_signals, "notify::phase",
                                 G_CALLBACK (phase_changed_cb), self, G_CONNECT_SWAPPED);
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (history_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table_tracker, "notify::details-visible",
                           G_CALLBACK (update_layout), self, G_CONNECT_SWAPPED);
  /* In a fight, the details pane shows the tracker's selected row. */
  g_object_bind_property (self->table_tracker, "selected", self, "selected", G_BINDING_SYNC_CREATE);
  /* The details pane's state is remembered, where the schema is
   * installed (not for a page shown on its own). */
  self->settings = tkr_settings_new_if_installed ();
  if (self->settings != NULL)
    g_settings_bind (self->settings, "encounter-details", self->table_tracker, "details-visible",
                     G_SETTINGS_BIND_DEFAULT);

  set_encounter (self);
  update_sensitivity (self);
}

GtkWidget *
tkr_encounter_page_new (void)
{
  return g_object_new (TKR_TYPE_ENCOUNTER_PAGE, NULL);
}

TkrCampaign *
tkr_encounter_page_get_campaign (TkrEncounterPage *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER_PAGE (self), NULL);
  return self->campaign;
}

void
tkr_encounter_page_set_campaign (TkrEncounterPage *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_ENCOUNTER_PAGE (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;

  g_signal_group_set_target (self->campaign_signals, campaign);
  tracker_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

GObject *
tkr_encounter_page_get_selected (TkrEncounterPage *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER_PAGE (self), NULL);
  return self->selected;
}

void
tkr_encounter_page_set_selected (TkrEncounterPage *self, GObject *selected)
{
  g_return_if_fail (TKR_IS_ENCOUNTER_PAGE (self));
  g_return_if_fail (selected == NULL || G_IS_OBJECT (selected));

  if (!g_set_object (&self->selected, selected))
    return;
  update_details (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

GtkWidget *
tkr_encounter_page_get_view (TkrEncounterPage *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER_PAGE (self), NULL);
  return GTK_WIDGET (self);
}

/* (transfer none): the table tracker shown while a fight runs */
TkrTableTracker *
tkr_encounter_page_get_table_tracker (TkrEncounterPage *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER_PAGE (self), NULL);
  return self->table_tracker;
}

GtkWidget *
tkr_encounter_page_get_end_pane (TkrEncounterPage *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER_PAGE (self), NULL);
  return GTK_WIDGET (self->end_pane);
}

/**
 * tkr_encounter_page_set_journal:
 *
 * The campaign's journal, whose round starts the page offers to rewind to
 * (help/C/files-and-backups.page, "Rewinding a fight").
 */
void
tkr_encounter_page_set_journal (TkrEncounterPage *self, TkrJournal *journal)
{
  g_return_if_fail (TKR_IS_ENCOUNTER_PAGE (self));
  tkr_rewind_button_set_journal (self->rewind_button, journal);
}
