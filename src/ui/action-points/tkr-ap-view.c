/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-details.h"
#include "tkr-ap-encounter.h"
#include "tkr-ap-participant-row.h"
#include "tkr-ap-view.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-phase-bar.h"

/*
 * The Action-Point system's encounter (seed 004): who takes part and how
 * (Finesse Die, size, Mana and Faith, surprise); in a fight, beside the
 * table tracker, the Turn's state, the Reset Phase as its ordered steps
 * (the core's preview) with the GM's typed-in rolls, and the selected
 * combatant's details (TkrApDetails). The End is the shared End pane.
 * Every command goes to TkrApEncounter, which records it in the
 * campaign's history; the view only shows the core's state and its
 * refusals.
 */

/* Upper bound of a Check Roll's spin button; the core validates the real limits. */
#define SPIN_MAX_CHECK 999

struct _TkrApView
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  TkrApEncounter *encounter;
  GObject *selected;
  GSignalGroup *campaign_signals;
  GSignalGroup *encounter_signals;
  GSignalGroup *history_signals;
  GSignalGroup *party_signals;

  /* Rolls typed in for the coming Reset: "%p/condition" -> value. */
  GHashTable *typed;
  /* Each roll's spin button in the rolls list -> its key in "typed". */
  GHashTable *roll_keys;
  /* What the rolls list shows, so it is made again only when that
   * changes. */
  char *rolls_shown;
  /* What the last Reset run from this view did: rows of title, subtitle. */
  GPtrArray *last_reset;
  int last_reset_turn;

  TkrPhaseBar *phase_bar;
  GtkRevealer *paused_revealer;
  GtkStack *stack;
  GtkLabel *freeplay_title;
  GtkLabel *freeplay_description;
  GtkButton *begin_setup_button;
  GtkButton *begin_main_button;
  GtkButton *add_party_button;
  GtkButton *abandon_button;
  GtkListBox *participants_list;
  GtkLabel *turn_label;
  GtkLabel *step_label;
  GtkWidget *reset_box;
  GtkListBox *reset_steps_list;
  GtkListBox *rolls_list;
  GtkButton *run_reset_button;
  AdwPreferencesGroup *last_reset_group;
  GtkListBox *last_reset_list;
  GtkStack *details_stack;
  TkrApDetails *details;
  GtkListBox *log_list;
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

static const char *
combatant_name (TkrApCombatant *combatant)
{
  return tkr_character_get_name (tkr_combatant_get_character (TKR_COMBATANT (combatant)));
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

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static GtkWidget *
new_spin (int lower, int upper, int value, const char *accessible_name)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_name, -1);
  return spin;
}

static GtkWidget *
new_info_row (const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  /* Names come from the GM, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL && *subtitle != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static GtkWidget *
plain_expander (void)
{
  GtkWidget *row = adw_expander_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

/* ------------------------------------------------------------------ */
/* The shared "encounter." actions                                     */
/* ------------------------------------------------------------------ */

static void run_reset (TkrApView *self);

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

static TkrApRolls *build_rolls (TkrApView *self);

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
        {
          run_reset (self);
          return;
        }
      ok = tkr_encounter_next_turn (TKR_ENCOUNTER (encounter), &error);
    }
  else if (g_str_equal (action_name, "encounter.previous-turn"))
    ok = tkr_encounter_previous_turn (TKR_ENCOUNTER (encounter), &error);
  else if (g_str_equal (action_name, "encounter.pause"))
    ok = tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_PAUSED, &error);
  else if (g_str_equal (action_name, "encounter.resume"))
    ok = tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_MAIN, &error);
  else if (g_str_equal (action_name, "encounter.end"))
    {
      /* Combat closes with a Reset (seed 004, Reset Phase): typed Check
       * Rolls count for it too. */
      g_autoptr (TkrApRolls) rolls = build_rolls (self);

      ok = tkr_ap_encounter_end (encounter, rolls, &error);
      if (ok)
        g_hash_table_remove_all (self->typed);
    }
  else
    g_assert_not_reached ();

  report (self, ok, error);
}

/* ------------------------------------------------------------------ */
/* Freeplay and Setup: the participants and their settings             */
/* ------------------------------------------------------------------ */

static void
participant_refused_cb (TkrApView *self, const GError *error)
{
  report (self, FALSE, error);
}

static GtkWidget *
create_participant_row (gpointer item, gpointer user_data)
{
  TkrApView *self = user_data;
  GtkWidget *row = tkr_ap_participant_row_new (self->encounter, item);

  g_signal_connect_object (row, "refused", G_CALLBACK (participant_refused_cb), self,
                           G_CONNECT_SWAPPED);
  return row;
}

static void
add_party_clicked_cb (TkrApView *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->campaign == NULL || self->encounter == NULL)
    return;
  ok = tkr_campaign_add_party_to_encounter (self->campaign, &error);
  report (self, ok, error);
}

static void
update_freeplay (TkrApView *self)
{
  TkrPhase phase = current_phase (self);
  guint n = self->encounter ? n_items (tkr_ap_encounter_get_members (self->encounter)) : 0;
  guint missing = 0;

  if (self->campaign != NULL && self->encounter != NULL)
    missing = tkr_campaign_count_party_outside_encounter (self->campaign);

  gtk_widget_set_visible (GTK_WIDGET (self->participants_list), n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_party_button), missing > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->begin_setup_button), phase != TKR_PHASE_SETUP);
  gtk_widget_set_visible (GTK_WIDGET (self->begin_main_button), phase == TKR_PHASE_SETUP);
  gtk_widget_set_visible (GTK_WIDGET (self->abandon_button), phase == TKR_PHASE_SETUP);
  if (phase == TKR_PHASE_SETUP)
    {
      gtk_label_set_text (self->freeplay_title, _ ("Setting Up Combat"));
      gtk_label_set_text (
        self->freeplay_description,
        _ ("Check each combatant’s Finesse Die, size and Mana or Faith, and mark who is "
           "surprised. Combat then opens with a Reset Phase."));
    }
  else
    {
      gtk_label_set_text (self->freeplay_title, _ ("No Combat Running"));
      gtk_label_set_text (
        self->freeplay_description,
        n > 0 ? _ ("These characters take part; open one to set its Finesse Die, size, Mana or "
                   "Faith and surprise. Add more from the roster.")
              : _ ("Add characters to the encounter from the roster, or the whole party here, "
                   "then begin the Setup."));
    }
}

/* ------------------------------------------------------------------ */
/* The Reset Phase                                                     */
/* ------------------------------------------------------------------ */

static char *
typed_key (TkrApCombatant *combatant, const char *condition)
{
  return g_strdup_printf ("%p/%s", (gpointer) combatant, condition ? condition : "");
}

static int
typed_value (TkrApView *self, TkrApCombatant *combatant, const char *condition)
{
  g_autofree char *key = typed_key (combatant, condition);

  return GPOINTER_TO_INT (g_hash_table_lookup (self->typed, key));
}

static void
typed_changed_cb (GtkSpinButton *spin, GParamSpec *pspec, TkrApView *self)
{
  const char *key = g_hash_table_lookup (self->roll_keys, spin);
  int value = gtk_spin_button_get_value_as_int (spin);

  if (key == NULL)
    return;
  if (value > 0)
    g_hash_table_insert (self->typed, g_strdup (key), GINT_TO_POINTER (value));
  else
    g_hash_table_remove (self->typed, key);
}

/* Everything typed in that still fits the combatant's die and conditions;
 * the rest is rolled by the core. */
static TkrApRolls *
build_rolls (TkrApView *self)
{
  TkrApRolls *rolls = tkr_ap_rolls_new ();
  GListModel *combatants = tkr_ap_encounter_get_members (self->encounter);

  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
      int face = typed_value (self, combatant, NULL);

      if (face > 0 && face <= tkr_ap_combatant_get_finesse_die (combatant))
        tkr_ap_rolls_set_finesse (rolls, combatant, face);

      for (guint j = 0; j < n_items (conditions); j++)
        {
          g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, j);
          const char *name = tkr_condition_get_name (condition);
          int total = typed_value (self, combatant, name);

          if (tkr_condition_get_kind (condition) == TKR_CONDITION_KIND_PERSISTENT && total > 0)
            tkr_ap_rolls_set_check (rolls, combatant, name, total);
        }
    }
  return rolls;
}

/* The names of @combatant's conditions. */
static GStrv
condition_names (TkrApCombatant *combatant)
{
  GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();

  for (guint i = 0; i < n_items (conditions); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);

      g_strv_builder_add (names, tkr_condition_get_name (condition));
    }
  return g_strv_builder_end (names);
}

static void
add_last_reset_row (TkrApView *self, const char *title, const char *subtitle)
{
  g_ptr_array_add (self->last_reset, g_strdup (title));
  g_ptr_array_add (self->last_reset, g_strdup (subtitle));
}

/* Shows what the last Reset did: per combatant a summary; the Reset's
 * own log lines fold away. Made once, after the Reset ran. */
static void
show_last_reset (TkrApView *self)
{
  GtkWidget *log = plain_expander ();
  guint n_lines = 0;

  clear_list (self->last_reset_list);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (log), _ ("Log of the Reset"));
  for (guint i = 0; i + 1 < self->last_reset->len; i += 2)
    {
      const char *subtitle = g_ptr_array_index (self->last_reset, i + 1);
      GtkWidget *row = new_info_row (g_ptr_array_index (self->last_reset, i), subtitle);

      if (subtitle != NULL)
        gtk_list_box_append (self->last_reset_list, row);
      else
        {
          adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (log), row);
          n_lines++;
        }
    }
  if (n_lines > 0)
    gtk_list_box_append (self->last_reset_list, log);
  else
    g_object_unref (g_object_ref_sink (log));
}

/* Runs the Reset with the typed rolls, then keeps what it did to show:
 * AP per combatant, the conditions dropped and kept, and its log lines. */
static void
run_reset (TkrApView *self)
{
  g_autoptr (TkrApRolls) rolls = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) before = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GListModel *combatants, *log;
  guint log_start;

  if (self->encounter == NULL)
    return;

  combatants = tkr_ap_encounter_get_members (self->encounter);
  log = tkr_encounter_get_log (TKR_ENCOUNTER (self->encounter));
  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);

      g_ptr_array_add (before, condition_names (combatant));
    }
  log_start = n_items (log);

  rolls = build_rolls (self);
  if (!report (self, tkr_ap_encounter_run_reset (self->encounter, rolls, &error), error))
    return;

  g_hash_table_remove_all (self->typed);
  g_ptr_array_set_size (self->last_reset, 0);
  self->last_reset_turn = tkr_ap_encounter_get_turn (self->encounter);
  for (guint i = 0; i < n_items (combatants) && i < before->len; i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      g_auto (GStrv) after = condition_names (combatant);
      GStrv old = g_ptr_array_index (before, i);
      g_autoptr (GString) text = g_string_new (NULL);

      /* Translators: what a Reset gave a combatant */
      g_string_printf (text, _ ("%d AP"), tkr_ap_combatant_get_ap (combatant));
      for (guint j = 0; old[j] != NULL; j++)
        {
          if (g_strv_contains ((const char *const *) after, old[j]))
            /* Translators: a condition the Reset did not end */
            g_string_append_printf (text, _ (" · still %s"), old[j]);
          else
            /* Translators: a condition the Reset ended */
            g_string_append_printf (text, _ (" · no longer %s"), old[j]);
        }
      add_last_reset_row (self, combatant_name (combatant), text->str);
    }
  for (guint i = log_start; i < n_items (log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

      add_last_reset_row (self, tkr_log_entry_get_text (entry), NULL);
    }
  show_last_reset (self);
  refresh (self);
}

static void
run_reset_clicked_cb (TkrApView *self)
{
  run_reset (self);
}

static GtkWidget *
new_roll_row (TkrApView *self,
              TkrApCombatant *combatant,
              const char *condition,
              const char *title,
              const char *subtitle,
              int upper,
              const char *accessible)
{
  GtkWidget *row = new_info_row (title, subtitle);
  GtkWidget *spin = new_spin (0, upper, typed_value (self, combatant, condition), accessible);

  g_hash_table_insert (self->roll_keys, spin, typed_key (combatant, condition));
  g_signal_connect_object (spin, "notify::value", G_CALLBACK (typed_changed_cb), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  return row;
}

/* The rolls to type in for the coming Reset: each Finesse Die (or the
 * surprised AP) and each Check Roll against a Persistent condition. Made
 * again only when the rolls themselves change. */
static void
update_rolls (TkrApView *self)
{
  GListModel *combatants = tkr_ap_encounter_get_members (self->encounter);
  g_autoptr (GString) shown = g_string_new (NULL);
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  int check_die = tkr_ap_encounter_get_check_die (self->encounter);
  int surprised_ap = tkr_ap_encounter_get_surprised_first_ap (self->encounter);

  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
      int die = tkr_ap_combatant_get_finesse_die (combatant);
      int adjustment = tkr_ap_combatant_get_ap_adjustment (combatant);
      gboolean surprised;

      tkr_ap_encounter_reset_ap (self->encounter, combatant, 0, &surprised);
      g_string_append_printf (shown, "%s/%d/%d/%d|", combatant_name (combatant), die, adjustment,
                              surprised);
      for (guint j = 0; j < n_items (conditions); j++)
        {
          g_autoptr (TkrCondition) mark = g_list_model_get_item (conditions, j);

          if (tkr_condition_get_kind (mark) == TKR_CONDITION_KIND_PERSISTENT)
            g_string_append_printf (shown, "%s/%d|", tkr_condition_get_name (mark),
                                    tkr_condition_get_value (mark));
        }
    }
  if (g_strcmp0 (shown->str, self->rolls_shown) == 0)
    return;
  g_free (self->rolls_shown);
  self->rolls_shown = g_strdup (shown->str);

  g_hash_table_remove_all (self->roll_keys);
  clear_list (self->rolls_list);
  for (guint i = 0; i < n_items (combatants); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
      GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
      const char *name = combatant_name (combatant);
      int adjustment = tkr_ap_combatant_get_ap_adjustment (combatant);
      g_autofree char *subtitle = NULL;
      g_autofree char *accessible = NULL;
      gboolean surprised;
      GtkWidget *row;

      for (guint j = 0; j < n_items (conditions); j++)
        {
          g_autoptr (TkrCondition) mark = g_list_model_get_item (conditions, j);
          const char *condition = tkr_condition_get_name (mark);
          g_autofree char *title = NULL;
          g_autofree char *check = NULL;
          g_autofree char *check_name = NULL;

          if (tkr_condition_get_kind (mark) != TKR_CONDITION_KIND_PERSISTENT)
            continue;
          title = g_strdup_printf (_ ("%s: %s"), name, condition);
          check = g_strdup_printf (_ ("Check Roll on a d%d: %d or more shakes it off"), check_die,
                                   tkr_condition_get_value (mark));
          check_name = g_strdup_printf (_ ("Check Roll of %s against %s"), name, condition);
          gtk_list_box_append (self->rolls_list, new_roll_row (self, combatant, condition, title,
                                                               check, SPIN_MAX_CHECK, check_name));
        }

      /* The Finesse Die, or exactly the surprised AP in the opening Reset. */
      tkr_ap_encounter_reset_ap (self->encounter, combatant, 0, &surprised);
      if (surprised)
        {
          subtitle = g_strdup_printf (_ ("Surprised: gets exactly %d AP, no roll"), surprised_ap);
          gtk_list_box_append (self->rolls_list, new_info_row (name, subtitle));
          continue;
        }
      if (adjustment != 0)
        subtitle = g_strdup_printf (_ ("Finesse Die d%d, %+d AP"),
                                    tkr_ap_combatant_get_finesse_die (combatant), adjustment);
      else
        subtitle =
          g_strdup_printf (_ ("Finesse Die d%d"), tkr_ap_combatant_get_finesse_die (combatant));
      accessible = g_strdup_printf (_ ("Finesse Die of %s"), name);
      row = new_roll_row (self, combatant, NULL, name, subtitle,
                          tkr_ap_combatant_get_finesse_die (combatant), accessible);
      gtk_widget_set_tooltip_text (row, _ ("The face the die showed; 0 rolls it"));
      gtk_list_box_append (self->rolls_list, row);
    }
}

/* The five steps of seed 004's Reset Phase, as the core previews them. */
static void
update_reset (TkrApView *self)
{
  g_auto (GStrv) steps = tkr_ap_encounter_preview_reset (self->encounter);

  for (int i = 0; i < TKR_AP_RESET_STEPS; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->reset_steps_list, i);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   *steps[i] ? steps[i] : _ ("Nothing to do"));
    }
  update_rolls (self);
}

/* ------------------------------------------------------------------ */
/* Following the encounter                                             */
/* ------------------------------------------------------------------ */

static GtkWidget *
create_log_row (gpointer item, gpointer user_data)
{
  GtkWidget *label = gtk_label_new (tkr_log_entry_get_text (item));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  return label;
}

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
  gtk_widget_set_visible (self->reset_box, reset);
  /* What the last Reset did, only while it describes the Turn on the
   * table. */
  gtk_widget_set_visible (GTK_WIDGET (self->last_reset_group),
                          !reset && self->last_reset->len > 0 && self->last_reset_turn == turn);
  if (reset)
    update_reset (self);
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
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_reset_button), phase == TKR_PHASE_MAIN);
  update_freeplay (self);
  update_actions (self);
  if (fighting)
    update_header (self);
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

  g_hash_table_remove_all (self->typed);
  g_hash_table_remove_all (self->roll_keys);
  g_clear_pointer (&self->rolls_shown, g_free);
  clear_list (self->rolls_list);
  g_ptr_array_set_size (self->last_reset, 0);
  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             self->campaign ? tkr_campaign_get_history (self->campaign) : NULL);
  gtk_list_box_bind_model (self->participants_list,
                           encounter ? tkr_ap_encounter_get_members (encounter) : NULL,
                           create_participant_row, self, NULL);
  gtk_list_box_bind_model (self->log_list,
                           encounter ? tkr_encounter_get_log (TKR_ENCOUNTER (encounter)) : NULL,
                           create_log_row, NULL, NULL);
  tkr_phase_bar_set_tracker (self->phase_bar, encounter ? TKR_TRACKER (encounter) : NULL);
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
    &self->party_signals,
  };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  if (self->participants_list != NULL)
    gtk_list_box_bind_model (self->participants_list, NULL, NULL, NULL, NULL);
  if (self->log_list != NULL)
    gtk_list_box_bind_model (self->log_list, NULL, NULL, NULL, NULL);
  if (self->roll_keys != NULL)
    g_hash_table_remove_all (self->roll_keys);
  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_VIEW);
  g_clear_object (&self->selected);
  g_clear_object (&self->encounter);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_ap_view_parent_class)->dispose (object);
}

static void
tkr_ap_view_finalize (GObject *object)
{
  TkrApView *self = TKR_AP_VIEW (object);

  g_clear_pointer (&self->typed, g_hash_table_unref);
  g_clear_pointer (&self->roll_keys, g_hash_table_unref);
  g_clear_pointer (&self->rolls_shown, g_free);
  g_clear_pointer (&self->last_reset, g_ptr_array_unref);

  G_OBJECT_CLASS (tkr_ap_view_parent_class)->finalize (object);
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
  object_class->finalize = tkr_ap_view_finalize;
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
  g_type_ensure (TKR_TYPE_AP_DETAILS);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-ap-view.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrApView, name)
  BIND (phase_bar);
  BIND (paused_revealer);
  BIND (stack);
  BIND (freeplay_title);
  BIND (freeplay_description);
  BIND (begin_setup_button);
  BIND (begin_main_button);
  BIND (add_party_button);
  BIND (abandon_button);
  BIND (participants_list);
  BIND (turn_label);
  BIND (step_label);
  BIND (reset_box);
  BIND (reset_steps_list);
  BIND (rolls_list);
  BIND (run_reset_button);
  BIND (last_reset_group);
  BIND (last_reset_list);
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

  self->typed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->roll_keys = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->last_reset = g_ptr_array_new_with_free_func (g_free);

  g_signal_connect_object (self->add_party_button, "clicked", G_CALLBACK (add_party_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run_reset_button, "clicked", G_CALLBACK (run_reset_clicked_cb),
                           self, G_CONNECT_SWAPPED);

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

  /* A PC new in the party can be added with the party button. */
  self->party_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->party_signals, "items-changed", G_CALLBACK (update_freeplay),
                                 self, G_CONNECT_SWAPPED);

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
  g_signal_group_set_target (self->party_signals,
                             campaign ? tkr_campaign_get_party (campaign) : NULL);
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
