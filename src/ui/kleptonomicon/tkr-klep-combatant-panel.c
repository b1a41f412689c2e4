/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-combatant-panel.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"

/* The skill a second Dash in a Round tests (seed, "The Dash Ability"). */

struct _TkrKlepCombatantPanel
{
  AdwBin parent_instance;

  TkrKlepEncounter *encounter;
  TkrKlepCombatant *combatant;
  gboolean show_name;

  GSignalGroup *combatant_signals;
  GSignalGroup *encounter_signals;
  GSignalGroup *character_signals;
  GSignalGroup *conditions_signals;
  GSignalGroup *health_signals;
  GSignalGroup *shield_signals;
  GSignalGroup *history_signals;

  /* The Abilities offered by the menu as it was last opened. */
  GPtrArray *abilities;
  /* The range name entry of the Move popover, while it exists. */
  GtkEditable *improvised_entry;

  GtkLabel *name_label;
  GtkLabel *beats_dots;
  GtkButton *spend_button;
  GtkButton *refund_button;
  GtkLabel *free_label;
  GtkButton *use_free_button;
  GtkButton *raise_free_button;
  GtkLabel *health_label;
  GtkButton *health_down_button;
  GtkButton *health_up_button;
  GtkLabel *shield_label;
  GtkButton *shield_down_button;
  GtkButton *shield_up_button;
  GtkLabel *movement_label;
  GtkLabel *ledger_label;
  GtkMenuButton *move_button;
  GtkButton *dash_button;
  GtkFlowBox *chips_box;
  GtkMenuButton *add_condition_button;
  GtkMenuButton *abilities_button;
  GtkLabel *owed_label;
  GtkLabel *pending_label;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrKlepCombatantPanel, tkr_klep_combatant_panel, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_COMBATANT,
  PROP_SHOW_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TkrCharacter *
get_character (TkrKlepCombatantPanel *self)
{
  return self->combatant ? tkr_combatant_get_character (TKR_COMBATANT (self->combatant)) : NULL;
}

static TkrHistory *
get_history (TkrKlepCombatantPanel *self)
{
  return self->encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (self->encounter)) : NULL;
}

static gboolean
report (TkrKlepCombatantPanel *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static gboolean
is_ready (TkrKlepCombatantPanel *self)
{
  return self->encounter != NULL && self->combatant != NULL;
}

/* What the panel shows */

static void
refresh_state (TkrKlepCombatantPanel *self)
{
  g_autoptr (GString) dots = g_string_new (NULL);
  g_autoptr (GString) ledger = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) ranges = NULL;
  TkrRules *rules;
  int per_round;
  int left;
  int owed;
  int used;
  int allowed;
  gboolean on_turn;
  const char *pending;

  if (!is_ready (self))
    return;

  rules = tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter));
  per_round = tkr_rules_get_beats_per_round (rules);
  left = tkr_klep_combatant_get_beats_left (self->combatant);

  for (int i = 0; i < MAX (per_round, left); i++)
    g_string_append (dots, i < left ? "●" : "○");
  gtk_label_set_text (self->beats_dots, dots->str);
  /* TRANSLATORS: Beats left, out of the Beats of a Round */
  text = g_strdup_printf (_ ("%d of %d Beats left"), left, per_round);
  tkr_encounter_ui_set_tooltip (GTK_WIDGET (self->beats_dots), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->beats_dots), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text, -1);
  g_clear_pointer (&text, g_free);

  /* Off one's own Turn a Beat can only go to a Reaction (seed, "Beats"). */
  on_turn = tkr_klep_encounter_is_on_turn (self->encounter, self->combatant);
  gtk_button_set_label (self->spend_button, on_turn ? _ ("Spend") : _ ("React"));
  tkr_encounter_ui_set_tooltip (GTK_WIDGET (self->spend_button),
                                on_turn ? _ ("Spend a Beat on an Action")
                                        : _ ("Spend a Beat on a Reaction, off Turn"));
  gtk_accessible_update_property (
    GTK_ACCESSIBLE (self->spend_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
    on_turn ? _ ("Spend a Beat") : _ ("Spend a Beat on a Reaction"), -1);

  used = tkr_klep_combatant_get_free_actions_used (self->combatant);
  allowed = tkr_klep_combatant_get_free_actions_allowed (self->combatant);
  /* TRANSLATORS: Free Actions used / allowed this Turn */
  text = g_strdup_printf (_ ("%d/%d"), used, allowed);
  gtk_label_set_text (self->free_label, text);
  g_clear_pointer (&text, g_free);
  text = g_strdup_printf (_ ("%d of %d Free Actions used"), used, allowed);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->free_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text, -1);
  tkr_encounter_ui_set_tooltip (GTK_WIDGET (self->free_label), text);
  g_clear_pointer (&text, g_free);

  /* TRANSLATORS: Movement left of the Movement gained this Turn, in units */
  text =
    g_strdup_printf (_ ("%d of %du left"), tkr_klep_combatant_get_movement_left (self->combatant),
                     tkr_klep_combatant_get_movement_gained (self->combatant));
  gtk_label_set_text (self->movement_label, text);
  g_clear_pointer (&text, g_free);

  ranges = tkr_klep_combatant_list_ranges (self->combatant);
  for (guint i = 0; ranges != NULL && ranges[i] != NULL; i++)
    {
      gboolean waived = FALSE;

      if (i > 0)
        g_string_append (ledger, " · ");
      /* TRANSLATORS: a Movement Range's ledger: name, spent / what it can take this Turn */
      g_string_append_printf (ledger, _ ("%s %d/%d"), tkr_rules_translate (ranges[i]),
                              tkr_klep_combatant_get_range_spent (self->combatant, ranges[i]),
                              tkr_klep_combatant_get_range_cap (self->combatant, ranges[i]));
      /* A range the GM granted for this Turn (seed, "Improvised Movement"). */
      if (tkr_klep_combatant_is_improvised (self->combatant, ranges[i], &waived))
        {
          if (waived)
            /* TRANSLATORS: an improvised range whose Movement costs no extra */
            g_string_append (ledger, _ (" (improvised, no penalty)"));
          else
            /* TRANSLATORS: an improvised range costing that much Movement per unit */
            g_string_append_printf (ledger, _ (" (improvised, %d:1)"),
                                    tkr_rules_get_improvised_cost (rules));
        }
    }
  gtk_label_set_text (self->ledger_label, ledger->str);
  gtk_widget_set_visible (GTK_WIDGET (self->ledger_label), ledger->len > 0);

  owed = tkr_klep_combatant_get_beats_owed (self->combatant);
  if (owed > 0)
    {
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Beat missing next turn",
                                           "%d Beats missing next turn", owed),
                              owed);
      gtk_label_set_text (self->owed_label, text);
      g_clear_pointer (&text, g_free);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->owed_label), owed > 0);

  pending = tkr_klep_combatant_get_pending_slow_action (self->combatant);
  if (pending != NULL)
    {
      /* TRANSLATORS: a Slow Action whose Test and effect come next Turn */
      text = g_strdup_printf (_ ("Slow Action under way: %s"), pending);
      gtk_label_set_text (self->pending_label, text);
      g_clear_pointer (&text, g_free);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->pending_label), pending != NULL);
}

static void
refresh_pools (TkrKlepCombatantPanel *self)
{
  TkrCharacter *character = get_character (self);
  struct
  {
    TkrPoolKind kind;
    GtkLabel *label;
  } pools[] = {
    { TKR_POOL_HEALTH, self->health_label },
    { TKR_POOL_SHIELD, self->shield_label },
  };

  if (character == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (pools); i++)
    {
      TkrPool *pool = tkr_character_get_pool (character, pools[i].kind);
      g_autofree char *text = NULL;
      g_autofree char *description = NULL;

      if (pool == NULL)
        continue;

      /* TRANSLATORS: a pool's current value / maximum */
      text =
        g_strdup_printf (_ ("%d/%d"), tkr_pool_get_current (pool), tkr_pool_get_maximum (pool));
      gtk_label_set_text (pools[i].label, text);
      /* TRANSLATORS: "Health: 8 of 10" */
      description = g_strdup_printf (_ ("%s: %d of %d"), tkr_pool_get_name (pool),
                                     tkr_pool_get_current (pool), tkr_pool_get_maximum (pool));
      gtk_accessible_update_property (GTK_ACCESSIBLE (pools[i].label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
    }
}

static void rebuild_chips (TkrKlepCombatantPanel *self);

static void
condition_notify_cb (GObject *condition, GParamSpec *pspec, GtkWidget *chip)
{
  GtkWidget *panel = gtk_widget_get_ancestor (chip, TKR_TYPE_KLEP_COMBATANT_PANEL);

  if (panel != NULL)
    rebuild_chips (TKR_KLEP_COMBATANT_PANEL (panel));
}

/* A chip's buttons carry the condition's rule-data name as their action
 * target. */
static void
add_stack_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (widget);
  g_autoptr (GError) error = NULL;
  const char *name = g_variant_get_string (parameter, NULL);
  TkrCondition *condition;

  if (!is_ready (self))
    return;

  condition =
    tkr_klep_encounter_add_condition (self->encounter, get_character (self), name, 1, &error);
  report (self, condition != NULL || error == NULL, error);
}

static void
remove_stack_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (widget);
  g_autoptr (GError) error = NULL;
  const char *name = g_variant_get_string (parameter, NULL);
  gboolean ok;

  if (!is_ready (self))
    return;

  ok = tkr_character_remove_condition_stacks (get_character (self), get_history (self), name, 1,
                                              &error);
  report (self, ok, error);
}

static GtkWidget *
create_chip (TkrKlepCombatantPanel *self, TkrCondition *condition)
{
  const char *name = tkr_condition_get_name (condition);
  /* Shown in the user's language; the commands keep the rule data's name. */
  const char *shown = tkr_rules_translate (name);
  int stacks = tkr_condition_get_stacks (condition);
  const TkrConditionInfo *info = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *add;
  GtkWidget *remove;
  g_autofree char *label = NULL;
  g_autofree char *add_name = NULL;
  g_autofree char *remove_name = NULL;
  g_autofree char *tooltip = NULL;

  if (self->encounter != NULL)
    info =
      tkr_rules_lookup_condition (tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter)), name);

  /* TRANSLATORS: a condition chip: name and stacks, "Slowed 2" */
  label = g_strdup_printf (_ ("%s %d"), shown, stacks);
  add = gtk_button_new_with_label (label);
  /* TRANSLATORS: accessible name of a condition chip */
  add_name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d stack: add a stack",
                                           "%s, %d stacks: add a stack", stacks),
                              shown, stacks);
  gtk_accessible_update_property (GTK_ACCESSIBLE (add), GTK_ACCESSIBLE_PROPERTY_LABEL, add_name,
                                  -1);
  if (info != NULL && info->description != NULL)
    tooltip =
      g_strdup_printf (_ ("%s\nClick to add a stack."), tkr_rules_translate (info->description));
  else
    tooltip = g_strdup (_ ("Click to add a stack."));
  gtk_widget_set_tooltip_text (add, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "panel.add-stack");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (add), "s", name);

  remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  remove_name = g_strdup_printf (_ ("Remove a stack of %s"), shown);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  remove_name, -1);
  gtk_widget_set_tooltip_text (remove, remove_name);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "panel.remove-stack");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "s", name);

  gtk_widget_add_css_class (box, "linked");
  gtk_widget_add_css_class (box, "condition-chip");
  if (tkr_condition_get_kind (condition) == TKR_CONDITION_KIND_PERSISTENT)
    gtk_widget_add_css_class (box, "persistent");
  gtk_box_append (GTK_BOX (box), add);
  gtk_box_append (GTK_BOX (box), remove);

  /* Stacks change in place (a new stack, the end of a Turn, undo). */
  g_signal_connect_object (condition, "notify", G_CALLBACK (condition_notify_cb), box, 0);

  return box;
}

static void
rebuild_chips (TkrKlepCombatantPanel *self)
{
  TkrCharacter *character = get_character (self);
  GtkWidget *child;
  GListModel *conditions;
  guint n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->chips_box))) != NULL)
    gtk_flow_box_remove (self->chips_box, child);

  if (character == NULL)
    {
      gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->chips_box)), FALSE);
      return;
    }

  conditions = tkr_character_get_conditions (character);
  n = g_list_model_get_n_items (conditions);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);
      GtkWidget *chip = create_chip (self, condition);
      GtkWidget *flow_child;

      gtk_flow_box_append (self->chips_box, chip);
      flow_child = gtk_widget_get_parent (chip);
      gtk_widget_set_focusable (flow_child, FALSE);
    }
  /* The row of chips takes no room without a condition. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->chips_box)), n > 0);
}

static void
refresh_name (TkrKlepCombatantPanel *self)
{
  TkrCharacter *character = get_character (self);

  gtk_label_set_text (self->name_label, character ? tkr_character_get_name (character) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->name_label), self->show_name && character != NULL);
}

static void
refresh_all (TkrKlepCombatantPanel *self)
{
  refresh_name (self);
  refresh_state (self);
  refresh_pools (self);
  rebuild_chips (self);
}

/* Commands */

static void
spend_clicked_cb (TkrKlepCombatantPanel *self)
{
  g_autoptr (GError) error = NULL;
  gboolean reaction;
  gboolean ok;

  if (!is_ready (self))
    return;

  reaction = !tkr_klep_encounter_is_on_turn (self->encounter, self->combatant);
  ok = tkr_klep_encounter_spend_beat (self->encounter, self->combatant, reaction, &error);
  report (self, ok, error);
}

static void
refund_clicked_cb (TkrKlepCombatantPanel *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (!is_ready (self))
    return;

  ok = tkr_klep_encounter_refund_beat (self->encounter, self->combatant, &error);
  report (self, ok, error);
}

static void
use_free_clicked_cb (TkrKlepCombatantPanel *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (!is_ready (self))
    return;

  ok = tkr_klep_encounter_use_free_action (self->encounter, self->combatant, &error);
  report (self, ok, error);
}

static void
raise_free_clicked_cb (TkrKlepCombatantPanel *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (!is_ready (self))
    return;

  ok = tkr_klep_encounter_set_free_actions_allowed (
    self->encounter, self->combatant,
    tkr_klep_combatant_get_free_actions_allowed (self->combatant) + 1, &error);
  report (self, ok, error);
}

static void
adjust_pool (TkrKlepCombatantPanel *self, TkrPoolKind kind, int delta)
{
  if (!is_ready (self))
    return;

  tkr_character_adjust_pool (get_character (self), get_history (self), kind, delta);
  tkr_feedback_clear (self->error_label);
}

static void
health_down_clicked_cb (TkrKlepCombatantPanel *self)
{
  adjust_pool (self, TKR_POOL_HEALTH, -1);
}

static void
health_up_clicked_cb (TkrKlepCombatantPanel *self)
{
  adjust_pool (self, TKR_POOL_HEALTH, +1);
}

static void
shield_down_clicked_cb (TkrKlepCombatantPanel *self)
{
  adjust_pool (self, TKR_POOL_SHIELD, -1);
}

static void
shield_up_clicked_cb (TkrKlepCombatantPanel *self)
{
  adjust_pool (self, TKR_POOL_SHIELD, +1);
}

/* What a range's Move button spends: the range and its Movement spin
 * button, owned by the button's "clicked" closure. The spin button is the
 * Move button's neighbour in the popover, so it lives as long. */
typedef struct
{
  TkrKlepCombatantPanel *panel;
  char *range;
  GtkSpinButton *spin;
} MoveRange;

static void
move_range_free (gpointer data, GClosure *closure)
{
  MoveRange *move = data;

  g_free (move->range);
  g_free (move);
}

static void
move_range_clicked_cb (GtkWidget *button, MoveRange *move)
{
  TkrKlepCombatantPanel *self = move->panel;
  g_autoptr (GError) error = NULL;
  const char *range = move->range;
  GtkSpinButton *spin = move->spin;
  gboolean ok;

  if (!is_ready (self))
    return;

  gtk_spin_button_update (spin);
  ok = tkr_klep_encounter_move (self->encounter, self->combatant, range,
                                gtk_spin_button_get_value_as_int (spin), &error);
  gtk_menu_button_popdown (self->move_button);
  report (self, ok, error);
}

/* Improvised Movement (seed, "Improvised Movement"): the GM grants a range
 * the sheet lacks for this Turn; the core checks the grant. */

/* The rule data's name of a range the GM picked or typed in the user's
 * language, so the sheet and the files keep one name for it. */
static const char *
untranslate_range (TkrKlepCombatantPanel *self, const char *text)
{
  const char *const *names =
    tkr_rules_get_range_names (tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter)));
  g_autofree char *folded = g_utf8_casefold (text, -1);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autofree char *name = g_utf8_casefold (tkr_rules_translate (names[i]), -1);

      if (g_strcmp0 (name, folded) == 0)
        return names[i];
    }
  return text;
}

/* The grant form's fields, owned by the Grant button's "clicked" closure;
 * they are the button's neighbours in the form, so they live as long. */
typedef struct
{
  TkrKlepCombatantPanel *panel;
  GtkEditable *entry;
  GtkSpinButton *units;
  GtkSwitch *waive;
} GrantForm;

static void
grant_form_free (gpointer data, GClosure *closure)
{
  g_free (data);
}

static void
grant_clicked_cb (GtkWidget *button, GrantForm *form)
{
  TkrKlepCombatantPanel *self = form->panel;
  g_autoptr (GError) error = NULL;
  GtkEditable *entry = form->entry;
  GtkSpinButton *units = form->units;
  GtkSwitch *waive = form->waive;
  g_autofree char *range = NULL;
  gboolean ok;

  if (!is_ready (self))
    return;

  range = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  gtk_spin_button_update (units);
  ok = tkr_klep_encounter_grant_improvised_range (
    self->encounter, self->combatant, untranslate_range (self, range),
    gtk_spin_button_get_value_as_int (units), gtk_switch_get_active (waive), &error);
  /* A refusal leaves the form open to put right. */
  if (ok)
    gtk_menu_button_popdown (self->move_button);
  report (self, ok, error);
}

static void
pick_range_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (widget);

  if (self->improvised_entry != NULL)
    gtk_editable_set_text (self->improvised_entry,
                           tkr_rules_translate (g_variant_get_string (parameter, NULL)));
}

/* The rule data's kinds of movement the sheet does not list. */
static GMenuModel *
improvised_choices (TkrKlepCombatantPanel *self)
{
  GMenu *menu = g_menu_new ();
  TkrCharacter *character = get_character (self);
  const char *const *names;

  if (!is_ready (self))
    return G_MENU_MODEL (menu);

  names = tkr_rules_get_range_names (tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter)));
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autoptr (GMenuItem) item = NULL;

      if (tkr_character_get_range_units (character, names[i]) > 0)
        continue;
      item = g_menu_item_new (tkr_rules_translate (names[i]), NULL);
      g_menu_item_set_action_and_target_value (item, "panel.pick-range",
                                               g_variant_new_string (names[i]));
      g_menu_append_item (menu, item);
    }
  return G_MENU_MODEL (menu);
}

static GtkWidget *
grid_label (const char *mnemonic, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  return label;
}

static GtkWidget *
create_improvised_form (TkrKlepCombatantPanel *self)
{
  g_autoptr (GMenuModel) choices = improvised_choices (self);
  g_autofree char *waive_text = NULL;
  GtkWidget *expander = gtk_expander_new (_ ("Grant Improvised Movement…"));
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *range_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *choose = gtk_menu_button_new ();
  GtkWidget *units = gtk_spin_button_new_with_range (1, 999, 1);
  GtkWidget *waive = gtk_switch_new ();
  GtkWidget *waive_label;
  GtkWidget *grant = gtk_button_new_with_mnemonic (_ ("_Grant"));
  GrantForm *form;
  int cost =
    self->encounter
      ? tkr_rules_get_improvised_cost (tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter)))
      : 1;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_top (grid, 6);

  gtk_widget_set_name (entry, "improvised-range");
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("Climb, Swim…"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Kind of movement"), -1);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (choose), "pan-down-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (choose), choices);
  gtk_widget_set_tooltip_text (choose, _ ("Kinds of movement the rules know"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (choose), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Choose a kind of movement"), -1);
  gtk_widget_set_sensitive (choose, g_menu_model_get_n_items (choices) > 0);
  gtk_widget_add_css_class (range_box, "linked");
  gtk_box_append (GTK_BOX (range_box), entry);
  gtk_box_append (GTK_BOX (range_box), choose);
  g_set_weak_pointer (&self->improvised_entry, GTK_EDITABLE (entry));

  gtk_widget_set_name (units, "improvised-units");
  gtk_widget_set_halign (units, GTK_ALIGN_START);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (units), 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (units), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Units of improvised movement"), -1);

  /* The penalty's size is the rule data's. */
  /* TRANSLATORS: the GM lets an improvised range cost no more than a
   * sheet's; "Waive the 2:1 penalty" */
  waive_text = g_strdup_printf (_ ("_Waive the %d:1 penalty"), cost);
  waive_label = grid_label (waive_text, waive);
  gtk_label_set_wrap (GTK_LABEL (waive_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (waive_label), 24);
  gtk_widget_set_name (waive, "improvised-waive");
  gtk_widget_set_halign (waive, GTK_ALIGN_START);
  gtk_widget_set_valign (waive, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (waive, _ ("The going is easy: each unit costs one Movement"));

  gtk_widget_set_name (grant, "improvised-grant");
  gtk_widget_set_halign (grant, GTK_ALIGN_END);
  gtk_widget_add_css_class (grant, "suggested-action");
  gtk_accessible_update_property (GTK_ACCESSIBLE (grant), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Grant Improvised Movement"), -1);
  form = g_new0 (GrantForm, 1);
  form->panel = self;
  form->entry = GTK_EDITABLE (entry);
  form->units = GTK_SPIN_BUTTON (units);
  form->waive = GTK_SWITCH (waive);
  g_signal_connect_data (grant, "clicked", G_CALLBACK (grant_clicked_cb), form, grant_form_free, 0);
  g_signal_connect_swapped (entry, "activate", G_CALLBACK (gtk_widget_activate), grant);

  gtk_grid_attach (GTK_GRID (grid), grid_label (_ ("_Range"), entry), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), range_box, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), grid_label (_ ("_Units"), units), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), units, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), waive_label, 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), waive, 1, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), grant, 0, 3, 2, 1);

  gtk_expander_set_use_underline (GTK_EXPANDER (expander), FALSE);
  gtk_expander_set_child (GTK_EXPANDER (expander), grid);
  return expander;
}

/* GTK 4.8 leaves an open popover at its size when its content grows; the
 * form would be cut off. */
static void
improvised_expanded_cb (GtkExpander *expander, GParamSpec *pspec, GtkPopover *popover)
{
  if (gtk_widget_get_visible (GTK_WIDGET (popover)))
    gtk_popover_present (popover);
}

/* The per-range ledger with its own Movement to spend and "Move" button,
 * made when the GM opens it (rows made for every turn row would cost
 * what a thousand-entry order cannot afford), then the GM's grant of
 * Improvised Movement. */
static void
move_popup_cb (GtkMenuButton *button, gpointer user_data)
{
  TkrKlepCombatantPanel *self = user_data;
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *form;
  g_auto (GStrv) ranges = NULL;

  if (popover == NULL)
    {
      popover = GTK_POPOVER (gtk_popover_new ());
      gtk_menu_button_set_popover (button, GTK_WIDGET (popover));
    }

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_box_append (GTK_BOX (box), grid);

  if (is_ready (self))
    ranges = tkr_klep_combatant_list_ranges (self->combatant);

  for (guint i = 0; ranges != NULL && ranges[i] != NULL; i++)
    {
      int spent = tkr_klep_combatant_get_range_spent (self->combatant, ranges[i]);
      int cap = tkr_klep_combatant_get_range_cap (self->combatant, ranges[i]);
      int left = tkr_klep_combatant_get_movement_left (self->combatant);
      g_autofree char *ledger = NULL;
      g_autofree char *spin_name = NULL;
      g_autofree char *move_name = NULL;
      GtkWidget *name = gtk_label_new (tkr_rules_translate (ranges[i]));
      GtkWidget *spent_label;
      GtkWidget *spin;
      GtkWidget *move;
      MoveRange *move_range;
      g_autofree char *widget_name = NULL;

      /* TRANSLATORS: Movement spent in a range / what it can take this Turn */
      ledger = g_strdup_printf (_ ("%d/%d"), spent, cap);
      spent_label = gtk_label_new (ledger);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_add_css_class (spent_label, "numeric");
      gtk_widget_add_css_class (spent_label, "dim-label");

      spin = gtk_spin_button_new_with_range (1, MAX (1, MAX (left, cap)), 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1);
      /* TRANSLATORS: accessible name of the Movement to spend in a range */
      spin_name = g_strdup_printf (_ ("Movement to spend in %s"), ranges[i]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      spin_name, -1);

      move = gtk_button_new_with_label (_ ("Move"));
      /* TRANSLATORS: accessible name of a Move button, "Move in Walk" */
      move_name = g_strdup_printf (_ ("Move in %s"), ranges[i]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (move), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      move_name, -1);
      /* Named by the rule data's range, for tests and the inspector. */
      widget_name = g_strdup_printf ("move-%s", ranges[i]);
      gtk_widget_set_name (move, widget_name);
      g_free (widget_name);
      widget_name = g_strdup_printf ("move-amount-%s", ranges[i]);
      gtk_widget_set_name (spin, widget_name);
      move_range = g_new0 (MoveRange, 1);
      move_range->panel = self;
      move_range->range = g_strdup (ranges[i]);
      move_range->spin = GTK_SPIN_BUTTON (spin);
      g_signal_connect_data (move, "clicked", G_CALLBACK (move_range_clicked_cb), move_range,
                             move_range_free, 0);

      gtk_grid_attach (GTK_GRID (grid), name, 0, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), spent_label, 1, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), spin, 2, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), move, 3, i, 1, 1);
    }

  if (ranges == NULL || ranges[0] == NULL)
    {
      GtkWidget *none = gtk_label_new (_ ("No Movement Ranges this Turn"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), none, 0, 0, 1, 1);
    }

  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  form = create_improvised_form (self);
  /* Nothing else to do here without a range: the grant comes first. */
  gtk_expander_set_expanded (GTK_EXPANDER (form), ranges == NULL || ranges[0] == NULL);
  g_signal_connect_object (form, "notify::expanded", G_CALLBACK (improvised_expanded_cb), popover,
                           0);
  gtk_box_append (GTK_BOX (box), form);

  gtk_popover_set_child (popover, box);
}

static void
dash_clicked_cb (TkrKlepCombatantPanel *self)
{
  if (!is_ready (self))
    return;

  tkr_klep_combatant_panel_request_dash (GTK_WIDGET (self), self->error_label, self->encounter,
                                         self->combatant);
}

/* Dash with its Athletics Test */

typedef struct
{
  GtkWidget *source;
  GtkLabel *fallback;
  TkrKlepEncounter *encounter;
  TkrKlepCombatant *combatant;
  GtkSpinButton *spin;
} DashRequest;

static void
dash_request_free (gpointer data)
{
  DashRequest *request = data;

  g_clear_object (&request->source);
  g_clear_object (&request->fallback);
  g_clear_object (&request->encounter);
  g_clear_object (&request->combatant);
  g_free (request);
}

static void
dash_with_test (DashRequest *request, TkrTestRoll *roll)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *description = tkr_test_roll_describe (roll);
  g_autofree char *message = NULL;
  TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (request->combatant));

  if (!tkr_klep_encounter_dash (request->encounter, request->combatant, roll, &error))
    {
      tkr_feedback_show_error (request->source, request->fallback, error);
      return;
    }

  /* TRANSLATORS: "Alice dashes again. Athletics: 1d10 (4) + 1 = 5, Low" */
  message = g_strdup_printf (_ ("%s dashes again. Athletics: %s"),
                             tkr_character_get_name (character), description);
  tkr_feedback_show (request->source, request->fallback, message, FALSE);
}

static void
dash_response_cb (AdwMessageDialog *dialog, const char *response, DashRequest *request)
{
  TkrRules *rules = tkr_encounter_get_rules (TKR_ENCOUNTER (request->encounter));
  g_autoptr (TkrTestRoll) roll = NULL;

  if (g_strcmp0 (response, "enter") == 0)
    {
      gtk_spin_button_update (request->spin);
      roll = tkr_dice_test_from_score (rules, gtk_spin_button_get_value_as_int (request->spin));
    }
  else if (g_strcmp0 (response, "roll") == 0)
    {
      g_autoptr (GRand) rand = g_rand_new ();

      roll = tkr_klep_encounter_roll_dash_test (request->encounter, request->combatant, rand);
    }

  if (roll != NULL)
    dash_with_test (request, roll);
}

static GtkWindow *
transient_for (GtkWidget *source)
{
  GtkRoot *root = gtk_widget_get_root (source);

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

void
tkr_klep_combatant_panel_request_dash (GtkWidget *source,
                                       GtkLabel *fallback,
                                       TkrKlepEncounter *encounter,
                                       TkrKlepCombatant *combatant)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *character;
  DashRequest *request;
  GtkWidget *dialog;
  GtkWidget *box;
  GtkWidget *label;
  GtkWidget *spin;
  g_autofree char *body = NULL;

  g_return_if_fail (GTK_IS_WIDGET (source));
  g_return_if_fail (TKR_IS_KLEP_ENCOUNTER (encounter));
  g_return_if_fail (TKR_IS_KLEP_COMBATANT (combatant));

  if (!tkr_klep_encounter_dash_needs_test (encounter, combatant))
    {
      gboolean ok = tkr_klep_encounter_dash (encounter, combatant, NULL, &error);

      tkr_feedback_check (source, fallback, ok, error);
      return;
    }

  character = tkr_combatant_get_character (TKR_COMBATANT (combatant));
  /* TRANSLATORS: the body of the dialog for a second Dash in a Round */
  body = g_strdup_printf (_ ("A second Dash this Round needs a Pass on an Athletics Test, or %s "
                             "becomes Slowed. Type the Score the player rolled, or roll it here."),
                          tkr_character_get_name (character));
  dialog = adw_message_dialog_new (transient_for (source), _ ("Athletics Test"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "roll",
                                    _ ("_Roll"), "enter", _ ("_Use Score"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "enter",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "enter");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  label = gtk_label_new_with_mnemonic (_ ("_Score"));
  spin = gtk_spin_button_new_with_range (-99, 99, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 7);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Athletics Score"), -1);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), spin);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);

  request = g_new0 (DashRequest, 1);
  request->source = g_object_ref (source);
  request->fallback = fallback ? g_object_ref (fallback) : NULL;
  request->encounter = g_object_ref (encounter);
  request->combatant = g_object_ref (combatant);
  request->spin = GTK_SPIN_BUTTON (spin);
  g_signal_connect_data (dialog, "response", G_CALLBACK (dash_response_cb), request,
                         (GClosureNotify) (void (*) (void)) dash_request_free, 0);

  gtk_window_present (GTK_WINDOW (dialog));
}

/* Abilities, with the GM's approval while Paused */

typedef struct
{
  GtkWidget *source;
  GtkLabel *fallback;
  TkrKlepEncounter *encounter;
  TkrKlepCombatant *combatant;
  TkrAbility *ability;
} AbilityRequest;

static void
ability_request_free (gpointer data)
{
  AbilityRequest *request = data;

  g_clear_object (&request->source);
  g_clear_object (&request->fallback);
  g_clear_object (&request->encounter);
  g_clear_object (&request->combatant);
  g_clear_object (&request->ability);
  g_free (request);
}

static void
show_ability_used (AbilityRequest *request)
{
  g_autofree char *message = NULL;

  /* TRANSLATORS: "Alice uses Melee Attack" */
  message = g_strdup_printf (
    _ ("%s uses %s"),
    tkr_character_get_name (tkr_combatant_get_character (TKR_COMBATANT (request->combatant))),
    tkr_ability_get_name (request->ability));
  tkr_feedback_show (request->source, request->fallback, message, FALSE);
}

static void
approval_response_cb (AdwMessageDialog *dialog, const char *response, AbilityRequest *request)
{
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "approve") != 0)
    return;

  if (tkr_klep_encounter_use_ability (request->encounter, request->combatant, request->ability,
                                      TRUE, &error))
    show_ability_used (request);
  else
    tkr_feedback_show_error (request->source, request->fallback, error);
}

void
tkr_klep_combatant_panel_request_ability (GtkWidget *source,
                                          GtkLabel *fallback,
                                          TkrKlepEncounter *encounter,
                                          TkrKlepCombatant *combatant,
                                          TkrAbility *ability)
{
  g_autoptr (GError) error = NULL;
  AbilityRequest *request;
  GtkWidget *dialog;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  g_return_if_fail (GTK_IS_WIDGET (source));
  g_return_if_fail (TKR_IS_KLEP_ENCOUNTER (encounter));
  g_return_if_fail (TKR_IS_KLEP_COMBATANT (combatant));
  g_return_if_fail (TKR_IS_ABILITY (ability));

  request = g_new0 (AbilityRequest, 1);
  request->source = g_object_ref (source);
  request->fallback = fallback ? g_object_ref (fallback) : NULL;
  request->encounter = g_object_ref (encounter);
  request->combatant = g_object_ref (combatant);
  request->ability = g_object_ref (ability);

  if (tkr_klep_encounter_use_ability (encounter, combatant, ability, FALSE, &error))
    {
      show_ability_used (request);
      ability_request_free (request);
      return;
    }

  /* The core decides what needs approval (seed, "Encounter Paused Phase");
   * the GM gives it here. */
  if (!g_error_matches (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL))
    {
      tkr_feedback_show_error (source, fallback, error);
      ability_request_free (request);
      return;
    }

  /* TRANSLATORS: the heading of the GM's approval dialog, with an Ability */
  heading = g_strdup_printf (_ ("Allow %s?"), tkr_ability_get_name (ability));
  /* The core's message says why the GM is asked. */
  body = g_strdup (error->message);
  dialog = adw_message_dialog_new (transient_for (source), heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Refuse"), "approve",
                                    _ ("_Approve"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "approve",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "approve");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (approval_response_cb), request,
                         (GClosureNotify) (void (*) (void)) ability_request_free, 0);

  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
has_ability_named (GPtrArray *abilities, const char *name)
{
  for (guint i = 0; i < abilities->len; i++)
    if (g_strcmp0 (tkr_ability_get_name (g_ptr_array_index (abilities, i)), name) == 0)
      return TRUE;
  return FALSE;
}

static void
abilities_popup_cb (GtkMenuButton *button, gpointer user_data)
{
  TkrKlepCombatantPanel *self = user_data;
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) own = g_menu_new ();
  g_autoptr (GMenu) basic = g_menu_new ();
  TkrCharacter *character = get_character (self);
  GPtrArray *basics;
  GListModel *list;

  g_ptr_array_set_size (self->abilities, 0);
  if (character == NULL || self->encounter == NULL)
    {
      gtk_menu_button_set_menu_model (button, NULL);
      return;
    }

  list = tkr_character_get_abilities (character);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    g_ptr_array_add (self->abilities, g_list_model_get_item (list, i));
  basics = tkr_klep_encounter_get_basic_abilities (self->encounter);
  for (guint i = 0; i < basics->len; i++)
    {
      TkrAbility *ability = g_ptr_array_index (basics, i);

      if (!has_ability_named (self->abilities, tkr_ability_get_name (ability)))
        g_ptr_array_add (self->abilities, g_object_ref (ability));
    }

  for (guint i = 0; i < self->abilities->len; i++)
    {
      TkrAbility *ability = g_ptr_array_index (self->abilities, i);
      int beats = tkr_ability_get_beats (ability);
      g_autofree char *label = NULL;
      g_autoptr (GMenuItem) item = NULL;

      /* TRANSLATORS: an Ability in the menu: name, Time and Beat cost,
       * "Melee Attack (Reaction, 1 Beat)" */
      label = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%s (%s, %d Beat)", "%s (%s, %d Beats)", beats),
        tkr_ability_get_name (ability), tkr_ability_time_to_string (tkr_ability_get_time (ability)),
        beats);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "panel.use-ability",
                                               g_variant_new_int32 ((gint32) i));
      g_menu_append_item (i < g_list_model_get_n_items (list) ? own : basic, item);
    }

  g_menu_append_section (menu, NULL, G_MENU_MODEL (own));
  g_menu_append_section (menu, _ ("Basic Abilities"), G_MENU_MODEL (basic));
  gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
}

static void
use_ability_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (widget);
  gint32 index = g_variant_get_int32 (parameter);

  if (!is_ready (self) || index < 0 || (guint) index >= self->abilities->len)
    return;

  tkr_klep_combatant_panel_request_ability (widget, self->error_label, self->encounter,
                                            self->combatant,
                                            g_ptr_array_index (self->abilities, index));
}

static void
add_condition_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (widget);
  g_autoptr (GError) error = NULL;
  TkrCondition *condition;

  if (!is_ready (self))
    return;

  condition = tkr_klep_encounter_add_condition (self->encounter, get_character (self),
                                                g_variant_get_string (parameter, NULL), 1, &error);
  report (self, condition != NULL || error == NULL, error);
}

/* Made on demand, like the Move popover. */
static void
condition_popup_cb (GtkMenuButton *button, gpointer user_data)
{
  TkrKlepCombatantPanel *self = user_data;
  g_autoptr (GMenu) menu = g_menu_new ();
  TkrRules *rules;

  if (self->encounter == NULL)
    {
      gtk_menu_button_set_menu_model (self->add_condition_button, NULL);
      return;
    }

  /* The catalogue of the rule data, in its order. */
  rules = tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter));
  for (guint i = 0; i < tkr_rules_get_n_conditions (rules); i++)
    {
      const TkrConditionInfo *info = tkr_rules_get_condition (rules, i);
      g_autoptr (GMenuItem) item = g_menu_item_new (tkr_rules_translate (info->name), NULL);

      g_menu_item_set_action_and_target_value (item, "panel.add-condition",
                                               g_variant_new_string (info->name));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->add_condition_button, G_MENU_MODEL (menu));
}

/* Signals from the model */

static void
combatant_notify_cb (TkrKlepCombatantPanel *self)
{
  refresh_state (self);
}

static void
character_notify_cb (TkrKlepCombatantPanel *self)
{
  refresh_name (self);
}

static void
pool_notify_cb (TkrKlepCombatantPanel *self)
{
  refresh_pools (self);
}

static void
conditions_changed_cb (TkrKlepCombatantPanel *self)
{
  rebuild_chips (self);
}

static void
encounter_turn_cb (TkrKlepCombatantPanel *self)
{
  refresh_state (self);
}

static void
bind_character (TkrKlepCombatantPanel *self)
{
  TkrCharacter *character = get_character (self);

  g_signal_group_set_target (self->character_signals, character);
  g_signal_group_set_target (self->conditions_signals,
                             character ? tkr_character_get_conditions (character) : NULL);
  g_signal_group_set_target (
    self->health_signals, character ? tkr_character_get_pool (character, TKR_POOL_HEALTH) : NULL);
  g_signal_group_set_target (
    self->shield_signals, character ? tkr_character_get_pool (character, TKR_POOL_SHIELD) : NULL);
}

static void
tkr_klep_combatant_panel_dispose (GObject *object)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (object);
  GSignalGroup **groups[] = {
    &self->combatant_signals,  &self->encounter_signals, &self->character_signals,
    &self->conditions_signals, &self->health_signals,    &self->shield_signals,
    &self->history_signals,
  };

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (*groups[i] != NULL)
        g_signal_group_set_target (*groups[i], NULL);
      g_clear_object (groups[i]);
    }
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);
  g_clear_pointer (&self->abilities, g_ptr_array_unref);
  g_clear_weak_pointer (&self->improvised_entry);

  G_OBJECT_CLASS (tkr_klep_combatant_panel_parent_class)->dispose (object);
}

static void
tkr_klep_combatant_panel_get_property (GObject *object,
                                       guint prop_id,
                                       GValue *value,
                                       GParamSpec *pspec)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    case PROP_COMBATANT:
      g_value_set_object (value, self->combatant);
      break;
    case PROP_SHOW_NAME:
      g_value_set_boolean (value, self->show_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_combatant_panel_set_property (GObject *object,
                                       guint prop_id,
                                       const GValue *value,
                                       GParamSpec *pspec)
{
  TkrKlepCombatantPanel *self = TKR_KLEP_COMBATANT_PANEL (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_klep_combatant_panel_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_COMBATANT:
      tkr_klep_combatant_panel_set_combatant (self, g_value_get_object (value));
      break;
    case PROP_SHOW_NAME:
      tkr_klep_combatant_panel_set_show_name (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_combatant_panel_class_init (TkrKlepCombatantPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_combatant_panel_dispose;
  object_class->get_property = tkr_klep_combatant_panel_get_property;
  object_class->set_property = tkr_klep_combatant_panel_set_property;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_KLEP_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMBATANT] =
    g_param_spec_object ("combatant", NULL, NULL, TKR_TYPE_KLEP_COMBATANT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_NAME] =
    g_param_spec_boolean ("show-name", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "panel.use-ability", "i", use_ability_action);
  gtk_widget_class_install_action (widget_class, "panel.add-condition", "s", add_condition_action);
  gtk_widget_class_install_action (widget_class, "panel.pick-range", "s", pick_range_action);
  gtk_widget_class_install_action (widget_class, "panel.add-stack", "s", add_stack_action);
  gtk_widget_class_install_action (widget_class, "panel.remove-stack", "s", remove_stack_action);

  tkr_encounter_ui_ensure_style ();
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-combatant-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, name_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, beats_dots);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, spend_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, refund_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, free_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, use_free_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, raise_free_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, health_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, health_down_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, health_up_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, shield_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, shield_down_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, shield_up_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, movement_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, ledger_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, move_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, dash_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, chips_box);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, add_condition_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, abilities_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, owed_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, pending_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepCombatantPanel, error_label);
}

static void
tkr_klep_combatant_panel_init (TkrKlepCombatantPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  {
    struct
    {
      GtkButton *button;
      GCallback callback;
    } buttons[] = {
      { self->spend_button, G_CALLBACK (spend_clicked_cb) },
      { self->refund_button, G_CALLBACK (refund_clicked_cb) },
      { self->use_free_button, G_CALLBACK (use_free_clicked_cb) },
      { self->raise_free_button, G_CALLBACK (raise_free_clicked_cb) },
      { self->health_down_button, G_CALLBACK (health_down_clicked_cb) },
      { self->health_up_button, G_CALLBACK (health_up_clicked_cb) },
      { self->shield_down_button, G_CALLBACK (shield_down_clicked_cb) },
      { self->shield_up_button, G_CALLBACK (shield_up_clicked_cb) },
      { self->dash_button, G_CALLBACK (dash_clicked_cb) },
    };

    for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
      g_signal_connect_object (buttons[i].button, "clicked", buttons[i].callback, self,
                               G_CONNECT_SWAPPED);
  }

  self->abilities = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_menu_button_set_create_popup_func (self->abilities_button, abilities_popup_cb, self, NULL);
  gtk_menu_button_set_create_popup_func (self->add_condition_button, condition_popup_cb, self,
                                         NULL);
  gtk_menu_button_set_create_popup_func (self->move_button, move_popup_cb, self, NULL);

  self->combatant_signals = g_signal_group_new (TKR_TYPE_KLEP_COMBATANT);
  g_signal_group_connect_object (self->combatant_signals, "notify",
                                 G_CALLBACK (combatant_notify_cb), self, G_CONNECT_SWAPPED);

  self->encounter_signals = g_signal_group_new (TKR_TYPE_KLEP_ENCOUNTER);
  g_signal_group_connect_object (self->encounter_signals, "notify::current-index",
                                 G_CALLBACK (encounter_turn_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->encounter_signals, "notify::phase",
                                 G_CALLBACK (encounter_turn_cb), self, G_CONNECT_SWAPPED);

  self->character_signals = g_signal_group_new (TKR_TYPE_CHARACTER);
  g_signal_group_connect_object (self->character_signals, "notify::name",
                                 G_CALLBACK (character_notify_cb), self, G_CONNECT_SWAPPED);
  /* A new Movement Range on the sheet changes the ledger. */
  g_signal_group_connect_object (self->character_signals, "notify",
                                 G_CALLBACK (combatant_notify_cb), self, G_CONNECT_SWAPPED);

  self->conditions_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->conditions_signals, "items-changed",
                                 G_CALLBACK (conditions_changed_cb), self, G_CONNECT_SWAPPED);

  self->health_signals = g_signal_group_new (TKR_TYPE_POOL);
  g_signal_group_connect_object (self->health_signals, "notify", G_CALLBACK (pool_notify_cb), self,
                                 G_CONNECT_SWAPPED);
  self->shield_signals = g_signal_group_new (TKR_TYPE_POOL);
  g_signal_group_connect_object (self->shield_signals, "notify", G_CALLBACK (pool_notify_cb), self,
                                 G_CONNECT_SWAPPED);

  /* Movement Ranges live in the sheet's list; a recorded change there (or
   * its undo) changes what the ledger shows. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "changed", G_CALLBACK (combatant_notify_cb),
                                 self, G_CONNECT_SWAPPED);
}

GtkWidget *
tkr_klep_combatant_panel_new (void)
{
  return g_object_new (TKR_TYPE_KLEP_COMBATANT_PANEL, NULL);
}

TkrKlepEncounter *
tkr_klep_combatant_panel_get_encounter (TkrKlepCombatantPanel *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT_PANEL (self), NULL);

  return self->encounter;
}

void
tkr_klep_combatant_panel_set_encounter (TkrKlepCombatantPanel *self, TkrKlepEncounter *encounter)
{
  g_return_if_fail (TKR_IS_KLEP_COMBATANT_PANEL (self));
  g_return_if_fail (encounter == NULL || TKR_IS_KLEP_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;

  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             encounter ? tkr_encounter_get_history (TKR_ENCOUNTER (encounter))
                                       : NULL);
  refresh_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

TkrKlepCombatant *
tkr_klep_combatant_panel_get_combatant (TkrKlepCombatantPanel *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT_PANEL (self), NULL);

  return self->combatant;
}

void
tkr_klep_combatant_panel_set_combatant (TkrKlepCombatantPanel *self, TkrKlepCombatant *combatant)
{
  g_return_if_fail (TKR_IS_KLEP_COMBATANT_PANEL (self));
  g_return_if_fail (combatant == NULL || TKR_IS_KLEP_COMBATANT (combatant));

  if (!g_set_object (&self->combatant, combatant))
    return;

  g_signal_group_set_target (self->combatant_signals, combatant);
  bind_character (self);
  tkr_feedback_clear (self->error_label);
  refresh_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMBATANT]);
}

gboolean
tkr_klep_combatant_panel_get_show_name (TkrKlepCombatantPanel *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT_PANEL (self), FALSE);

  return self->show_name;
}

void
tkr_klep_combatant_panel_set_show_name (TkrKlepCombatantPanel *self, gboolean show_name)
{
  g_return_if_fail (TKR_IS_KLEP_COMBATANT_PANEL (self));

  show_name = !!show_name;
  if (self->show_name == show_name)
    return;

  self->show_name = show_name;
  refresh_name (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_NAME]);
}
