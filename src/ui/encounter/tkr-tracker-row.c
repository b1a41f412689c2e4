/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-effects.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"
#include "tkr-tracker-row.h"

/* Up to this many, a resource shows as pips; beyond, as numbers. */
#define MAX_PIPS 6
/* A narrow tracker's health column, in characters ("100 / 100" and a
 * little more; longer words wrap inside it), and the least a name keeps. */
#define COMPACT_HEALTH_CHARS 10
#define COMPACT_NAME_WIDTH 64

struct _TkrTrackerRow
{
  GtkWidget parent_instance;

  TkrEncounter *encounter; /* not owned: the tracker outlives its rows' binding */
  GObject *slot;
  int place;
  gboolean shown_current;
  gboolean expanded; /* a group's: its members' rows follow it */
  gboolean compact;  /* a narrow tracker: the conditions under the name */
  /* What the row follows while it is bound: (instance, handler) pairs. */
  GArray *watches; /* from 1; 0 for a group's member; -1 when out of the order */

  GtkImage *marker;
  GtkButton *members_button;
  GtkButton *remove_button;
  GtkLabel *place_label;
  GtkLabel *name_label;
  GtkLabel *detail_label;
  GtkStack *health_stack;
  GtkButton *health_button;
  GtkLabel *health_label;
  GtkLevelBar *health_bar;
  GtkEntry *health_entry;
  GtkLabel *temporary_label;
  GtkLabel *resources_label;
  GtkLabel *conditions_label;
  GtkLabel *conditions_under_label;
};

G_DEFINE_FINAL_TYPE (TkrTrackerRow, tkr_tracker_row, GTK_TYPE_WIDGET)

enum
{
  TOGGLE_MEMBERS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  GObject *instance;
  gulong handler;
} Watch;

static void watch_slot (TkrTrackerRow *self);

static void
unwatch_all (TkrTrackerRow *self)
{
  for (guint i = 0; i < self->watches->len; i++)
    {
      Watch *watch = &g_array_index (self->watches, Watch, i);

      g_signal_handler_disconnect (watch->instance, watch->handler);
      g_object_unref (watch->instance);
    }
  g_array_set_size (self->watches, 0);
}

static void
changed_cb (TkrTrackerRow *self)
{
  tkr_tracker_row_update (self);
}

/* A condition came or went: follow the new list, then show it. */
static void
list_changed_cb (TkrTrackerRow *self)
{
  unwatch_all (self);
  watch_slot (self);
  tkr_tracker_row_update (self);
}

static void
watch (TkrTrackerRow *self, gpointer instance, const char *signal, GCallback callback)
{
  Watch w = { g_object_ref (instance), 0 };

  w.handler = g_signal_connect_swapped (instance, signal, callback, self);
  g_array_append_val (self->watches, w);
}

static void
watch_items (TkrTrackerRow *self, GListModel *list, const char *signal)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (list, i);
      watch (self, item, signal, G_CALLBACK (changed_cb));
    }
}

static char *
slot_name (GObject *slot)
{
  char *name = tkr_tracker_slot_dup_name (slot);

  return name != NULL ? name : g_strdup (_ ("Someone"));
}

static void
append_resource (GString *text, TkrResource *resource)
{
  int current = tkr_resource_get_current (resource);
  int maximum = tkr_resource_get_maximum (resource);

  if (text->len > 0)
    g_string_append (text, "  ");
  g_string_append_printf (text, "%s ", tkr_resource_get_name (resource));
  if (maximum > 0 && maximum <= MAX_PIPS && current >= 0 && current <= maximum)
    {
      for (int i = 0; i < maximum; i++)
        g_string_append (text, i < current ? "●" : "○");
    }
  else if (maximum > 99)
    g_string_append_printf (text, "%d", current); /* no real cap, as Action Points */
  else
    g_string_append_printf (text, "%d/%d", current, maximum);
}

static void
append_condition (GString *text, TkrCondition *condition)
{
  int stacks = tkr_condition_get_stacks (condition);
  int value = tkr_condition_get_value (condition);
  int rounds = tkr_condition_get_rounds_left (condition);

  if (text->len > 0)
    g_string_append (text, " · ");
  g_string_append (text, tkr_rules_translate (tkr_condition_get_name (condition)));
  if (value != 0)
    g_string_append_printf (text, " %d", value);
  else if (stacks > 1)
    g_string_append_printf (text, " ×%d", stacks);
  if (rounds != TKR_CONDITION_NO_DURATION)
    /* Translators: what is left of an effect, in rounds, in the tracker */
    g_string_append_printf (text, g_dngettext (NULL, " (%d round)", " (%d rounds)", rounds),
                            rounds);
}

/* A timed effect (src/core/engine/tkr-effects.h): its name and what is
 * left of it in the badge, in numbers; in words in @tooltip. */
static void
append_effect (TkrTrackerRow *self, GString *text, GString *tooltip, TkrCondition *effect)
{
  int left = tkr_condition_get_rounds_left (effect);
  g_autofree char *words =
    self->encounter != NULL ? tkr_effects_describe_left (self->encounter, effect) : NULL;

  if (text->len > 0)
    g_string_append (text, " · ");
  g_string_append (text, tkr_rules_translate (tkr_condition_get_name (effect)));
  if (tkr_condition_get_duration (effect) == TKR_EFFECT_DURATION_ROUNDS && left > 0)
    g_string_append_printf (text, g_dngettext (NULL, " (%d round)", " (%d rounds)", left), left);
  else if (tkr_condition_get_duration (effect) == TKR_EFFECT_DURATION_TURNS)
    /* Translators: what is left of an effect, in turns, in the tracker */
    g_string_append_printf (text, g_dngettext (NULL, " (%d turn)", " (%d turns)", left), left);
  if (tooltip->len > 0)
    g_string_append_c (tooltip, '\n');
  /* Translators: an effect, then what is left of it ("2 rounds left") */
  g_string_append_printf (tooltip, _ ("%s: %s"),
                          tkr_rules_translate (tkr_condition_get_name (effect)),
                          words != NULL ? words : "");
}

/* The conditions in their column, or in a narrow tracker under the name,
 * where they have the name's width rather than a few characters'. */
static void
show_conditions (TkrTrackerRow *self)
{
  gboolean any = *gtk_label_get_text (self->conditions_label) != '\0';

  gtk_widget_set_visible (GTK_WIDGET (self->conditions_label), !self->compact);
  gtk_widget_set_visible (GTK_WIDGET (self->conditions_under_label), self->compact && any);
}

static void
set_conditions (TkrTrackerRow *self, const char *text, const char *tooltip)
{
  gtk_label_set_text (self->conditions_label, text);
  gtk_label_set_text (self->conditions_under_label, text);
  tkr_encounter_ui_set_tooltip (GTK_WIDGET (self->conditions_label), tooltip);
  tkr_encounter_ui_set_tooltip (GTK_WIDGET (self->conditions_under_label), tooltip);
  show_conditions (self);
}

static void
update_combatant (TkrTrackerRow *self, TkrCombatant *combatant)
{
  g_autoptr (GString) resources = g_string_new (NULL);
  g_autoptr (GString) conditions = g_string_new (NULL);
  g_autoptr (GString) tooltip = g_string_new (NULL);
  g_autofree char *health = NULL;
  g_autofree char *health_name = NULL;
  GListModel *list;
  int current = tkr_combatant_get_health (combatant);
  int maximum = tkr_combatant_get_health_maximum (combatant);
  int temporary = tkr_combatant_get_temporary_health (combatant);

  health = g_strdup_printf ("%d / %d", current, maximum);
  gtk_label_set_text (self->health_label, health);
  gtk_level_bar_set_max_value (self->health_bar, MAX (maximum, 1));
  gtk_level_bar_set_value (self->health_bar, CLAMP (current, 0, MAX (maximum, 1)));
  /* Translators: the accessible name of a row's health cell */
  health_name = g_strdup_printf (_ ("Health of %s: %d of %d"), tkr_combatant_get_name (combatant),
                                 current, maximum);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->health_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, health_name, -1);
  gtk_widget_set_sensitive (GTK_WIDGET (self->health_button), TRUE);

  if (temporary > 0)
    {
      g_autofree char *text = g_strdup_printf ("+%d", temporary);
      gtk_label_set_text (self->temporary_label, text);
    }
  else
    gtk_label_set_text (self->temporary_label, "");

  list = tkr_combatant_get_resources (combatant);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrResource) resource = g_list_model_get_item (list, i);
      append_resource (resources, resource);
    }
  gtk_label_set_text (self->resources_label, resources->str);

  list = tkr_combatant_get_conditions (combatant);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (list, i);
      append_condition (conditions, condition);
    }
  if (tkr_combatant_is_down (combatant))
    {
      /* Translators: a combatant at 0 Health, in the tracker */
      g_string_prepend (conditions, conditions->len > 0 ? _ ("Down · ") : _ ("Down"));
    }
  g_string_append (tooltip, conditions->str);
  list = G_LIST_MODEL (tkr_effects_get_store (combatant));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCondition) effect = g_list_model_get_item (list, i);
      append_effect (self, conditions, tooltip, effect);
    }
  set_conditions (self, conditions->str, tooltip->len > 0 ? tooltip->str : NULL);

  if (tkr_combatant_is_down (combatant))
    gtk_widget_add_css_class (GTK_WIDGET (self), "down");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "down");
  /* Kept from the player view (help/C/player-view.page). */
  if (tkr_combatant_get_hidden (combatant))
    gtk_widget_add_css_class (GTK_WIDGET (self), "hidden-from-players");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "hidden-from-players");
}

/* A group's own row opens and closes the rows of its members. */
static void
update_members_button (TkrTrackerRow *self, guint n)
{
  g_autofree char *label = NULL;

  if (self->expanded)
    /* Translators: the button that folds a group's members' rows */
    label = g_strdup_printf (g_dngettext (NULL, "Hide the %u Member", "Hide the %u Members", n), n);
  else
    /* Translators: the button that shows a group's members' rows */
    label = g_strdup_printf (g_dngettext (NULL, "Show the %u Member", "Show the %u Members", n), n);
  gtk_button_set_icon_name (self->members_button,
                            self->expanded ? "pan-down-symbolic" : "pan-end-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->members_button), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->members_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->members_button), GTK_ACCESSIBLE_STATE_EXPANDED,
                               self->expanded, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->members_button), TRUE);
}

/* A reminder's row (src/core/engine/tkr-reminders.h): its note, and when
 * it comes up. */
static void
update_reminder (TkrTrackerRow *self, TkrReminder *reminder)
{
  int round = tkr_reminder_get_round (reminder);
  g_autofree char *detail = NULL;
  g_autofree char *row_name = NULL;

  if (tkr_reminder_get_done (reminder))
    detail = g_strdup (_ ("Reminder, done"));
  else if (round > 0)
    /* Translators: a reminder in the tracker's rows, %d a round */
    detail = g_strdup_printf (_ ("Reminder, in round %d"), round);
  else
    detail = g_strdup (_ ("Reminder, every round"));
  gtk_label_set_text (self->place_label, "");
  gtk_label_set_text (self->name_label, tkr_reminder_get_note (reminder));
  gtk_label_set_text (self->detail_label, detail);
  gtk_widget_set_visible (GTK_WIDGET (self->health_stack), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->members_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->remove_button), TRUE);
  gtk_label_set_text (self->temporary_label, "");
  gtk_label_set_text (self->resources_label, "");
  set_conditions (self, "", NULL);
  gtk_widget_set_opacity (GTK_WIDGET (self->marker), 0.0);
  gtk_widget_remove_css_class (GTK_WIDGET (self), "current");
  gtk_widget_add_css_class (GTK_WIDGET (self), "reminder");
  if (tkr_reminder_get_done (reminder))
    gtk_widget_add_css_class (GTK_WIDGET (self), "down");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "down");
  /* Translators: a reminder's row for screen readers: its note, then when */
  row_name = g_strdup_printf (_ ("%s, %s"), tkr_reminder_get_note (reminder), detail);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, row_name,
                                  -1);
}

static void
remove_clicked_cb (TkrTrackerRow *self)
{
  g_autoptr (GError) error = NULL;

  if (TKR_IS_REMINDER (self->slot) && self->encounter != NULL &&
      !tkr_reminders_remove (self->encounter, TKR_REMINDER (self->slot), &error))
    tkr_feedback_show_error (GTK_WIDGET (self), NULL, error);
}

static void
members_clicked_cb (TkrTrackerRow *self)
{
  g_signal_emit (self, signals[TOGGLE_MEMBERS], 0);
}

static void
update_group (TkrTrackerRow *self, GListModel *members)
{
  guint n = g_list_model_get_n_items (members);
  guint standing = 0;
  g_autofree char *health = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);
      TkrCombatant *combatant = tkr_tracker_slot_get_combatant (member);

      if (combatant != NULL && !tkr_combatant_is_down (combatant))
        standing++;
    }
  /* Translators: how many of a group's members still stand */
  health = g_strdup_printf (_ ("%u of %u up"), standing, n);
  gtk_label_set_text (self->health_label, health);
  gtk_level_bar_set_max_value (self->health_bar, MAX (n, 1));
  gtk_level_bar_set_value (self->health_bar, standing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->health_button), FALSE);
  gtk_label_set_text (self->temporary_label, "");
  gtk_label_set_text (self->resources_label, "");
  set_conditions (self, "", NULL);
  update_members_button (self, n);
  gtk_widget_remove_css_class (GTK_WIDGET (self), "hidden-from-players");
  if (standing == 0 && n > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "down");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "down");
}

void
tkr_tracker_row_update (TkrTrackerRow *self)
{
  g_autoptr (GListModel) members = NULL;
  g_autofree char *name = NULL;
  g_autofree char *place = NULL;
  g_autofree char *row_name = NULL;
  TkrCombatant *combatant;
  gboolean current;

  g_return_if_fail (TKR_IS_TRACKER_ROW (self));

  if (self->slot == NULL)
    return;
  if (TKR_IS_REMINDER (self->slot))
    {
      update_reminder (self, TKR_REMINDER (self->slot));
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self), "reminder");
  gtk_widget_set_visible (GTK_WIDGET (self->health_stack), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->remove_button), FALSE);

  combatant = tkr_tracker_slot_get_combatant (self->slot);
  name = slot_name (self->slot);
  /* A group's member has no place of its own: its group's row has. */
  place =
    self->place > 0 ? g_strdup_printf ("%d", self->place) : g_strdup (self->place < 0 ? "–" : "");
  gtk_label_set_text (self->place_label, place);
  gtk_label_set_text (self->name_label, name);

  members = combatant == NULL ? tkr_tracker_slot_get_members (self->slot) : NULL;
  if (members == NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->members_button), FALSE);
  if (combatant != NULL)
    {
      TkrCharacter *character = tkr_combatant_get_character (combatant);

      const char *kind = tkr_character_is_pc (character) ? _ ("Player character") : _ ("NPC");
      g_autofree char *shown =
        tkr_combatant_get_hidden (combatant)
          /* Translators: a combatant kept from the player view, in the tracker */
          ? g_strdup_printf (_ ("%s · hidden from the players"), kind)
          : g_strdup (kind);
      gboolean delaying =
        self->encounter != NULL && tkr_delay_is_delayed (self->encounter, combatant);
      TkrRules *rules = self->encounter != NULL ? tkr_encounter_get_rules (self->encounter) : NULL;
      g_autofree char *detail =
        !delaying ? g_strdup (shown)
        : rules != NULL && tkr_rules_get_hold (rules)
          /* Translators: a combatant holding its action (help/C/order.page), in the
           * tracker; the second %s is the system's word for it, such as "Wait" */
          ? g_strdup_printf (_ ("%s · %s held"), shown,
                             tkr_rules_translate (tkr_rules_get_delay_name (rules)))
          /* Translators: a combatant who delays its turn (help/C/order.page), in the tracker */
          : g_strdup_printf (_ ("%s · delaying"), shown);

      if (delaying)
        gtk_widget_add_css_class (GTK_WIDGET (self), "delaying");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self), "delaying");

      gtk_label_set_text (self->detail_label, detail);
      update_combatant (self, combatant);
    }
  else if (members != NULL)
    {
      guint n = g_list_model_get_n_items (members);
      g_autofree char *detail =
        /* Translators: a group of NPCs that take their turn together */
        g_strdup_printf (g_dngettext (NULL, "Group of %u", "Group of %u", n), n);

      gtk_label_set_text (self->detail_label, detail);
      update_group (self, members);
    }

  current =
    self->encounter != NULL && tkr_encounter_get_current_slot (self->encounter) == self->slot;
  self->shown_current = current;
  gtk_widget_set_opacity (GTK_WIDGET (self->marker), current ? 1.0 : 0.0);
  if (current)
    gtk_widget_add_css_class (GTK_WIDGET (self), "current");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "current");

  /* Translators: a row of the tracker for screen readers: place, name,
   * and "current turn" when it is theirs */
  if (self->place < 0)
    /* Translators: a combatant out of this round's order */
    row_name = g_strdup_printf (_ ("%s, not in this round’s order"), name);
  else if (self->place == 0)
    row_name = g_strdup (name);
  else if (current)
    row_name = g_strdup_printf (_ ("%s, place %d, current turn"), name, self->place);
  else
    row_name = g_strdup_printf (_ ("%s, place %d"), name, self->place);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, row_name,
                                  -1);
  /* The detail line ("NPC · delaying", "· hidden from the players",
   * help/C/order.page, help/C/player-view.page) for screen readers too. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  gtk_label_get_text (self->detail_label), -1);
}

/* Only what this row shows: its health pool, temporary health, turn
 * resources and conditions (a group: its members' health), so a change
 * updates its own row, never every row on screen. */
static void
watch_slot (TkrTrackerRow *self)
{
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (self->slot);
  g_autoptr (GListModel) members = NULL;

  if (TKR_IS_REMINDER (self->slot))
    {
      watch (self, self->slot, "notify::done", G_CALLBACK (changed_cb));
      return;
    }
  if (combatant != NULL)
    {
      GListModel *conditions = tkr_combatant_get_conditions (combatant);
      GListStore *effects = tkr_effects_get_store (combatant);

      watch (self,
             tkr_character_get_pool (tkr_combatant_get_character (combatant), TKR_POOL_HEALTH),
             "notify", G_CALLBACK (changed_cb));
      watch (self, combatant, "notify::temporary-health", G_CALLBACK (changed_cb));
      watch (self, combatant, "notify::hidden", G_CALLBACK (changed_cb));
      watch (self, tkr_combatant_get_character (combatant), "notify::name",
             G_CALLBACK (changed_cb));
      /* Delaying or back (src/core/engine/tkr-delay.h). */
      if (self->encounter != NULL)
        watch (self, tkr_delay_get_delayed (self->encounter), "items-changed",
               G_CALLBACK (changed_cb));
      watch_items (self, tkr_combatant_get_resources (combatant), "notify");
      watch (self, conditions, "items-changed", G_CALLBACK (list_changed_cb));
      watch_items (self, conditions, "notify");
      /* Timed effects (src/core/engine/tkr-effects.h) and what is left of
       * them. */
      watch (self, effects, "items-changed", G_CALLBACK (list_changed_cb));
      watch_items (self, G_LIST_MODEL (effects), "notify");
      /* Their words name a turn ("until the end of Kim's turn"). */
      if (self->encounter != NULL && g_list_model_get_n_items (G_LIST_MODEL (effects)) > 0)
        watch (self, self->encounter, "notify::current-index", G_CALLBACK (changed_cb));
      return;
    }
  members = tkr_tracker_slot_get_members (self->slot);
  if (members == NULL)
    return;
  watch (self, members, "items-changed", G_CALLBACK (list_changed_cb));
  for (guint i = 0; i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);
      TkrCombatant *member_combatant = tkr_tracker_slot_get_combatant (member);

      if (member_combatant != NULL)
        watch (
          self,
          tkr_character_get_pool (tkr_combatant_get_character (member_combatant), TKR_POOL_HEALTH),
          "notify::current", G_CALLBACK (changed_cb));
    }
}

void
tkr_tracker_row_update_current (TkrTrackerRow *self)
{
  gboolean current;

  g_return_if_fail (TKR_IS_TRACKER_ROW (self));

  current = self->slot != NULL && self->encounter != NULL &&
            tkr_encounter_get_current_slot (self->encounter) == self->slot;
  if (current != self->shown_current)
    tkr_tracker_row_update (self);
}

void
tkr_tracker_row_bind (
  TkrTrackerRow *self, TkrEncounter *encounter, GObject *slot, int place, gboolean expanded)
{
  g_return_if_fail (TKR_IS_TRACKER_ROW (self));

  self->encounter = encounter;
  self->expanded = expanded;
  g_set_object (&self->slot, slot);
  self->place = place;
  gtk_stack_set_visible_child_name (self->health_stack, "show");
  unwatch_all (self);
  watch_slot (self);
  tkr_tracker_row_update (self);
}

void
tkr_tracker_row_unbind (TkrTrackerRow *self)
{
  g_return_if_fail (TKR_IS_TRACKER_ROW (self));

  unwatch_all (self);
  self->encounter = NULL;
  g_clear_object (&self->slot);
}

GObject *
tkr_tracker_row_get_slot (TkrTrackerRow *self)
{
  g_return_val_if_fail (TKR_IS_TRACKER_ROW (self), NULL);
  return self->slot;
}

void
tkr_tracker_row_set_compact (TkrTrackerRow *self, gboolean compact)
{
  g_return_if_fail (TKR_IS_TRACKER_ROW (self));

  GtkWidget *name_box = gtk_widget_get_parent (GTK_WIDGET (self->name_label));

  gtk_widget_set_visible (GTK_WIDGET (self->resources_label), !compact);
  gtk_widget_set_visible (GTK_WIDGET (self->detail_label), !compact);
  /* Narrow, the health bars are a column of their own, at the same place
   * in every row (help/C/tracker.page): the name takes what the row has
   * left and wraps before them, and the health cell is as wide in every
   * row, its words ("2 of 3 up") wrapping inside it. So the bar's place
   * depends only on the row's width, never on a name, a group's button
   * or a member's indent: the cell's least and wished-for widths are one. */
  gtk_widget_set_hexpand (name_box, compact);
  gtk_widget_set_size_request (name_box, compact ? COMPACT_NAME_WIDTH : 220, -1);
  gtk_label_set_wrap (self->health_label, compact);
  gtk_label_set_width_chars (self->health_label, compact ? COMPACT_HEALTH_CHARS : -1);
  gtk_label_set_max_width_chars (self->health_label, compact ? COMPACT_HEALTH_CHARS : -1);
  /* The typed change's entry shares the cell: left to itself it would ask
   * for about twice its few characters. */
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->health_entry), compact ? 6 : -1);
  self->compact = compact;
  show_conditions (self);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              compact ? 4 : 10);
}

gboolean
tkr_tracker_row_edit_health (TkrTrackerRow *self)
{
  return tkr_tracker_row_edit_health_with (self, "");
}

gboolean
tkr_tracker_row_edit_health_with (TkrTrackerRow *self, const char *start)
{
  TkrCombatant *combatant;
  g_autofree char *label = NULL;

  g_return_val_if_fail (TKR_IS_TRACKER_ROW (self), FALSE);

  combatant = tkr_tracker_slot_get_combatant (self->slot);
  if (combatant == NULL || self->encounter == NULL)
    return FALSE;
  /* Translators: the accessible name of the typed health change */
  label = g_strdup_printf (_ ("Change Health of %s"), tkr_combatant_get_name (combatant));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->health_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_editable_set_text (GTK_EDITABLE (self->health_entry), start);
  gtk_widget_remove_css_class (GTK_WIDGET (self->health_entry), "error");
  gtk_stack_set_visible_child_name (self->health_stack, "edit");
  gtk_widget_grab_focus (GTK_WIDGET (self->health_entry));
  /* Typing goes after what the key put there ("-" for damage). */
  gtk_editable_set_position (GTK_EDITABLE (self->health_entry), -1);
  return TRUE;
}

/* Back to the numbers, with the keyboard on them for the next change. */
static void
close_health_entry (TkrTrackerRow *self)
{
  gtk_stack_set_visible_child_name (self->health_stack, "show");
  gtk_widget_grab_focus (GTK_WIDGET (self->health_button));
}

static void
health_clicked_cb (TkrTrackerRow *self)
{
  tkr_tracker_row_edit_health (self);
}

static void
health_activate_cb (TkrTrackerRow *self)
{
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (self->slot);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->health_entry));
  g_autoptr (GError) error = NULL;

  if (combatant == NULL || self->encounter == NULL)
    return;
  if (*text == '\0')
    {
      close_health_entry (self);
      return;
    }
  if (!tkr_encounter_change_health_typed (self->encounter, combatant, text, &error))
    {
      /* The typed text stays, marked, so the GM can correct it. */
      gtk_widget_add_css_class (GTK_WIDGET (self->health_entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->health_entry), error->message);
      tkr_feedback_show_error (GTK_WIDGET (self), NULL, error);
      return;
    }
  close_health_entry (self);
}

static gboolean
health_key_cb (TkrTrackerRow *self, guint keyval, guint keycode, GdkModifierType state)
{
  if (keyval != GDK_KEY_Escape)
    return GDK_EVENT_PROPAGATE;
  close_health_entry (self);
  return GDK_EVENT_STOP;
}

/* The health cell asks for the same width whatever height it is given:
 * a row lays its cells out for its height, and a wrapping label would
 * ask for its one-line width in a short row, which moves the bar (a
 * narrow tracker's column, help/C/tracker.page). Its height still follows
 * its width. */
static GtkSizeRequestMode
health_cell_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
health_cell_measure (GtkWidget *widget,
                     GtkOrientation orientation,
                     int for_size,
                     int *minimum,
                     int *natural,
                     int *minimum_baseline,
                     int *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
health_cell_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
tkr_tracker_row_dispose (GObject *object)
{
  TkrTrackerRow *self = TKR_TRACKER_ROW (object);

  GtkWidget *child;

  if (self->watches != NULL)
    unwatch_all (self);
  g_clear_pointer (&self->watches, g_array_unref);
  g_clear_object (&self->slot);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_TRACKER_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tkr_tracker_row_parent_class)->dispose (object);
}

static void
tkr_tracker_row_class_init (TkrTrackerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_tracker_row_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-tracker-row.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "trackerrow");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrTrackerRow, name)
  CHILD (marker);
  CHILD (members_button);
  CHILD (remove_button);
  CHILD (place_label);
  CHILD (name_label);
  CHILD (detail_label);
  CHILD (health_stack);
  CHILD (health_button);
  CHILD (health_label);
  CHILD (health_bar);
  CHILD (health_entry);
  CHILD (temporary_label);
  CHILD (resources_label);
  CHILD (conditions_label);
  CHILD (conditions_under_label);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, health_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, health_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, members_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);

  /* The group's members' rows are asked to show or fold. */
  signals[TOGGLE_MEMBERS] = g_signal_new ("toggle-members", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  tkr_encounter_ui_ensure_style ();
}

static void
tkr_tracker_row_init (TkrTrackerRow *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->watches = g_array_new (FALSE, FALSE, sizeof (Watch));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              10);
  keys = gtk_event_controller_key_new ();
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (health_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->health_entry), keys);
  gtk_widget_set_layout_manager (
    GTK_WIDGET (self->health_button),
    gtk_custom_layout_new (health_cell_request_mode, health_cell_measure, health_cell_allocate));
}

TkrTrackerRow *
tkr_tracker_row_new (void)
{
  return g_object_new (TKR_TYPE_TRACKER_ROW, NULL);
}
