/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-view.h"
#include "tkr-application.h"
#include "tkr-d20-view.h"
#include "tkr-encounter-page.h"
#include "tkr-klep-view.h"
#include "tkr-feedback.h"
#include "tkr-pf2e-view.h"
#include "tkr-end-pane.h"
#include "tkr-table-tracker.h"

struct _TkrEncounterPage
{
  GtkWidget parent_instance;

  TkrCampaign *campaign;
  GSignalGroup *campaign_signals;
  GSignalGroup *tracker_signals;
  gboolean syncing;

  GSettings *settings;
  gboolean narrow;   /* too narrow for the tracker and the details side by side */
  int details_width; /* what the details (and their separator) need, last measured */
  guint narrow_tick;

  GtkWidget *system_bar;
  GtkDropDown *system_dropdown;
  TkrTableTracker *table_tracker;
  TkrEndPane *end_pane;
  GtkWidget *details_separator;
  GtkWidget *details_scroller;
  GtkStack *stack;
  TkrKlepView *kleptonomicon_view;
  TkrPf2eView *pf2e_view;
  TkrD20View *d20_view;
  TkrApView *ap_view;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrEncounterPage, tkr_encounter_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
system_index (const char *id)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();

  for (guint i = 0; systems[i] != NULL; i++)
    if (g_strcmp0 (systems[i], id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

/* Each view gets the campaign only while it plays the campaign's system,
 * so the hidden ones hold nothing and react to nothing. */
static void
update_views (TkrEncounterPage *self)
{
  TkrCampaign *campaign = self->campaign;
  const char *system = campaign ? tkr_campaign_get_rule_system (campaign) : "kleptonomicon";

#define GIVE(id, setter, view) setter (view, g_strcmp0 (system, id) == 0 ? campaign : NULL)
  GIVE ("kleptonomicon", tkr_klep_view_set_campaign, self->kleptonomicon_view);
  GIVE ("pf2e", tkr_pf2e_view_set_campaign, self->pf2e_view);
  GIVE ("d20", tkr_d20_view_set_campaign, self->d20_view);
  GIVE ("action-points", tkr_ap_view_set_campaign, self->ap_view);
#undef GIVE

  /* The other views are hidden, not just behind the shown one, so that
   * keyboard, screen readers and accessibility tools meet one "Next Turn",
   * not four. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->stack)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkStackPage *page = gtk_stack_get_page (self->stack, child);

      gtk_widget_set_visible (child, g_strcmp0 (gtk_stack_page_get_name (page), system) == 0);
    }
  if (gtk_stack_get_child_by_name (self->stack, system) != NULL)
    gtk_stack_set_visible_child_name (self->stack, system);

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->system_dropdown, system_index (system));
  self->syncing = FALSE;
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
 * system's view is the details pane beside it, hidden at the GM's wish;
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
  g_signal_group_set_target (self->tracker_signals,
                             self->campaign ? tkr_campaign_get_tracker (self->campaign) : NULL);
  update_views (self);
  update_sensitivity (self);
  update_layout (self);
}

static void
system_selected_cb (TkrEncounterPage *self)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();
  guint selected = gtk_drop_down_get_selected (self->system_dropdown);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  /* GtkDropDown may notify a selection made while syncing only after the
   * sync: the campaign's own system is never a request. */
  if (self->syncing || self->campaign == NULL || selected >= g_strv_length ((char **) systems) ||
      g_strcmp0 (systems[selected], tkr_campaign_get_rule_system (self->campaign)) == 0)
    return;

  ok = tkr_campaign_set_rule_system (self->campaign, systems[selected], &error);
  tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
  if (!ok)
    update_views (self); /* back to the campaign's system */
}

static void
tkr_encounter_page_dispose (GObject *object)
{
  TkrEncounterPage *self = TKR_ENCOUNTER_PAGE (object);

  if (self->narrow_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->narrow_tick);
  self->narrow_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_ENCOUNTER_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->tracker_signals);
  g_clear_object (&self->settings);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TKR_TYPE_KLEP_VIEW);
  g_type_ensure (TKR_TYPE_PF2E_VIEW);
  g_type_ensure (TKR_TYPE_D20_VIEW);
  g_type_ensure (TKR_TYPE_AP_VIEW);
  g_type_ensure (TKR_TYPE_TABLE_TRACKER);
  g_type_ensure (TKR_TYPE_END_PANE);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-encounter-page.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrEncounterPage, name)
  CHILD (system_bar);
  CHILD (system_dropdown);
  CHILD (table_tracker);
  CHILD (end_pane);
  CHILD (details_separator);
  CHILD (details_scroller);
  CHILD (stack);
  CHILD (kleptonomicon_view);
  CHILD (pf2e_view);
  CHILD (d20_view);
  CHILD (ap_view);
  CHILD (error_label);
#undef CHILD
}

static void
tkr_encounter_page_init (TkrEncounterPage *self)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  self->details_width = 421;

  /* The names come from each system's rule data, in the user's language. */
  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[i], NULL);

      gtk_string_list_append (names, rules ? tkr_rules_translate (tkr_rules_get_name (rules))
                                           : systems[i]);
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
                                 G_CALLBACK (update_sensitivity), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->tracker_signals, "notify::phase", G_CALLBACK (update_layout),
                                 self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table_tracker, "notify::details-visible",
                           G_CALLBACK (update_layout), self, G_CONNECT_SWAPPED);
  /* The details pane's state is remembered, where the schema is
   * installed (not for a page shown on its own). */
  /* In a fight, a system's view is the details pane of the tracker's
   * selected row: a view that shows details has a writable "selected". */
  for (GtkWidget *view = gtk_widget_get_first_child (GTK_WIDGET (self->stack)); view != NULL;
       view = gtk_widget_get_next_sibling (view))
    if (g_object_class_find_property (G_OBJECT_GET_CLASS (view), "selected") != NULL)
      g_object_bind_property (self->table_tracker, "selected", view, "selected",
                              G_BINDING_SYNC_CREATE);
  self->settings = tkr_settings_new_if_installed ();
  if (self->settings != NULL)
    g_settings_bind (self->settings, "encounter-details", self->table_tracker, "details-visible",
                     G_SETTINGS_BIND_DEFAULT);

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

GtkWidget *
tkr_encounter_page_get_view (TkrEncounterPage *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER_PAGE (self), NULL);
  return gtk_stack_get_visible_child (self->stack);
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
