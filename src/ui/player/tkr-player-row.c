/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-effects.h"
#include "tkr-player-health.h"
#include "tkr-player-row.h"
#include "tkr-players.h"

/* A group lists this many of its members by name; the rest are counted
 * (as the tracker's details do, docs/ARCHITECTURE.md "The table
 * tracker"), so a row stays readable and its cost bounded. */
#define MAX_LISTED_MEMBERS 12

struct _TkrPlayerRow
{
  GtkWidget parent_instance;

  TkrEncounter *encounter; /* not owned: the view outlives its rows' binding */
  GObject *slot;
  char *health_mode;
  gboolean shown_current;
  GArray *watches; /* Watch: what the row follows while bound */

  GtkLabel *marker;
  GtkLabel *name_label;
  GtkLabel *kind_label;
  GtkLabel *health_label;
  GtkLevelBar *health_bar;
  GtkLabel *conditions_label;
};

G_DEFINE_FINAL_TYPE (TkrPlayerRow, tkr_player_row, GTK_TYPE_WIDGET)

typedef struct
{
  GObject *instance;
  gulong handler;
} Watch;

static void watch_slot (TkrPlayerRow *self);
static void update (TkrPlayerRow *self);

static void
unwatch_all (TkrPlayerRow *self)
{
  for (guint i = 0; i < self->watches->len; i++)
    {
      Watch *watch = &g_array_index (self->watches, Watch, i);

      g_signal_handler_disconnect (watch->instance, watch->handler);
      g_object_unref (watch->instance);
    }
  g_array_set_size (self->watches, 0);
}

/* A list it shows gained or lost an item: follow the new items too. */
static void
list_changed_cb (TkrPlayerRow *self)
{
  unwatch_all (self);
  watch_slot (self);
  update (self);
}

static void
watch (TkrPlayerRow *self, gpointer instance, const char *signal, GCallback callback)
{
  Watch w = { g_object_ref (instance), 0 };

  w.handler = g_signal_connect_swapped (instance, signal, callback, self);
  g_array_append_val (self->watches, w);
}

static void
watch_items (TkrPlayerRow *self, GListModel *list)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (list, i);
      watch (self, item, "notify", G_CALLBACK (update));
    }
}

/* The combatant's health pool, temporary health, name, hidden flag,
 * conditions and timed effects: a change to any of them is this row's. */
static void
watch_combatant (TkrPlayerRow *self, TkrCombatant *combatant)
{
  TkrCharacter *character = tkr_combatant_get_character (combatant);
  GListModel *conditions = tkr_combatant_get_conditions (combatant);
  GListModel *effects = G_LIST_MODEL (tkr_effects_get_store (combatant));

  watch (self, tkr_character_get_pool (character, TKR_POOL_HEALTH), "notify", G_CALLBACK (update));
  watch (self, character, "notify::name", G_CALLBACK (update));
  watch (self, combatant, "notify::temporary-health", G_CALLBACK (update));
  watch (self, combatant, "notify::hidden", G_CALLBACK (update));
  watch (self, conditions, "items-changed", G_CALLBACK (list_changed_cb));
  watch_items (self, conditions);
  watch (self, effects, "items-changed", G_CALLBACK (list_changed_cb));
  watch_items (self, effects);
}

static void
watch_slot (TkrPlayerRow *self)
{
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (self->slot);
  g_autoptr (GListModel) members = NULL;
  gboolean timed = FALSE;

  if (combatant != NULL)
    {
      watch_combatant (self, combatant);
      timed = g_list_model_get_n_items (G_LIST_MODEL (tkr_effects_get_store (combatant))) > 0;
    }
  else if ((members = tkr_tracker_slot_get_members (self->slot)) != NULL)
    {
      watch (self, members, "items-changed", G_CALLBACK (list_changed_cb));
      for (guint i = 0; i < g_list_model_get_n_items (members); i++)
        {
          g_autoptr (GObject) member = g_list_model_get_item (members, i);
          TkrCombatant *member_combatant = tkr_tracker_slot_get_combatant (member);

          if (member_combatant == NULL)
            continue;
          watch_combatant (self, member_combatant);
          timed = timed || g_list_model_get_n_items (
                             G_LIST_MODEL (tkr_effects_get_store (member_combatant))) > 0;
        }
    }
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (self->slot), "name") != NULL &&
      combatant == NULL)
    watch (self, self->slot, "notify::name", G_CALLBACK (update));
  /* An effect's words name a turn ("until the end of Kim's next turn"). */
  if (timed && self->encounter != NULL)
    watch (self, self->encounter, "notify::current-index", G_CALLBACK (update));
}

static void
append_separator (GString *text)
{
  if (text->len > 0)
    g_string_append (text, " · ");
}

/* The system's conditions and the timed effects, with what is left. */
static void
append_conditions (TkrPlayerRow *self, GString *text, TkrCombatant *combatant)
{
  GListModel *list = tkr_combatant_get_conditions (combatant);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (list, i);
      int value = tkr_condition_get_value (condition);
      int stacks = tkr_condition_get_stacks (condition);
      int rounds = tkr_condition_get_rounds_left (condition);

      append_separator (text);
      g_string_append (text, tkr_rules_translate (tkr_condition_get_name (condition)));
      if (value != 0)
        g_string_append_printf (text, " %d", value);
      else if (stacks > 1)
        g_string_append_printf (text, " ×%d", stacks);
      if (rounds != TKR_CONDITION_NO_DURATION && rounds > 0)
        /* Translators: what is left of a condition, in the player view */
        g_string_append_printf (
          text, g_dngettext (NULL, " (%d round left)", " (%d rounds left)", rounds), rounds);
    }
  list = G_LIST_MODEL (tkr_effects_get_store (combatant));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCondition) effect = g_list_model_get_item (list, i);
      g_autofree char *left =
        self->encounter != NULL ? tkr_effects_describe_left (self->encounter, effect) : NULL;

      append_separator (text);
      if (left != NULL)
        /* Translators: an effect and what is left of it, in the player
         * view: "Bless (2 rounds left)" */
        g_string_append_printf (text, _ ("%s (%s)"),
                                tkr_rules_translate (tkr_condition_get_name (effect)), left);
      else
        g_string_append (text, tkr_rules_translate (tkr_condition_get_name (effect)));
    }
}

static void
show_health_bar (TkrPlayerRow *self, TkrCombatant *combatant)
{
  int current = tkr_combatant_get_health (combatant);
  int maximum = MAX (tkr_combatant_get_health_maximum (combatant), 1);

  gtk_level_bar_set_max_value (self->health_bar, maximum);
  gtk_level_bar_set_value (self->health_bar, CLAMP (current, 0, maximum));
  gtk_widget_set_visible (GTK_WIDGET (self->health_bar), TRUE);
}

static void
update_combatant (TkrPlayerRow *self, TkrCombatant *combatant)
{
  TkrCharacter *character = tkr_combatant_get_character (combatant);
  g_autofree char *health = tkr_player_health_describe (combatant, self->health_mode);
  g_autoptr (GString) conditions = g_string_new (NULL);

  gtk_label_set_text (self->name_label, tkr_combatant_get_name (combatant));
  gtk_label_set_text (self->kind_label,
                      tkr_character_is_pc (character) ? _ ("Player character") : _ ("NPC"));
  gtk_label_set_text (self->health_label, health != NULL ? health : "");
  gtk_widget_set_visible (GTK_WIDGET (self->health_label), health != NULL);
  if (tkr_player_health_shows_numbers (combatant, self->health_mode))
    show_health_bar (self, combatant);
  else
    gtk_widget_set_visible (GTK_WIDGET (self->health_bar), FALSE);
  append_conditions (self, conditions, combatant);
  gtk_label_set_text (self->conditions_label, conditions->str);
  if (tkr_combatant_is_down (combatant) && health != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self), "down");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "down");
}

/* A group (a Kleptonomicon NPC group): its members that players may see,
 * each with its health and conditions. */
static void
update_group (TkrPlayerRow *self, GListModel *members)
{
  g_autoptr (GString) health = g_string_new (NULL);
  g_autoptr (GString) conditions = g_string_new (NULL);
  g_autofree char *name = NULL;
  g_autofree char *kind = NULL;
  guint shown = 0;
  guint standing = 0;
  guint unlisted = 0;

  /* A group's name may list its members: never a hidden one's; counted
   * by kind when it only lists them. */
  name = tkr_players_slot_name (self->slot);
  for (guint i = 0; i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (GObject) member = g_list_model_get_item (members, i);
      TkrCombatant *combatant = tkr_tracker_slot_get_combatant (member);
      g_autofree char *words = NULL;
      g_autoptr (GString) own = g_string_new (NULL);

      if (combatant == NULL || tkr_combatant_get_hidden (combatant))
        continue;
      shown++;
      if (!tkr_combatant_is_down (combatant))
        standing++;
      if (shown > MAX_LISTED_MEMBERS)
        {
          unlisted++;
          continue;
        }
      words = tkr_player_health_describe (combatant, self->health_mode);
      if (words != NULL)
        {
          if (health->len > 0)
            g_string_append_c (health, '\n');
          /* Translators: a group member's health in the player view */
          g_string_append_printf (health, _ ("%s: %s"), tkr_combatant_get_name (combatant), words);
        }
      append_conditions (self, own, combatant);
      if (own->len > 0)
        {
          append_separator (conditions);
          g_string_append_printf (conditions, _ ("%s: %s"), tkr_combatant_get_name (combatant),
                                  own->str);
        }
    }
  if (unlisted > 0 && health->len > 0)
    /* Translators: after the first members of a large group, in the
     * player view */
    g_string_append_printf (health, g_dngettext (NULL, "\nand %u more", "\nand %u more", unlisted),
                            unlisted);
  gtk_label_set_text (self->name_label, name);
  /* Translators: NPCs who take their turn together, in the player view */
  kind = g_strdup_printf (g_dngettext (NULL, "Group of %u", "Group of %u", shown), shown);
  gtk_label_set_text (self->kind_label, kind);
  gtk_label_set_text (self->health_label, health->str);
  gtk_widget_set_visible (GTK_WIDGET (self->health_label), health->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->health_bar), FALSE);
  gtk_label_set_text (self->conditions_label, conditions->str);
  if (shown > 0 && standing == 0 && health->len > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "down");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "down");
}

static void
update (TkrPlayerRow *self)
{
  TkrCombatant *combatant;
  g_autoptr (GListModel) members = NULL;
  g_autofree char *row_name = NULL;
  const char *health;
  const char *conditions;
  gboolean current;

  if (self->slot == NULL)
    return;
  combatant = tkr_tracker_slot_get_combatant (self->slot);
  if (combatant != NULL)
    update_combatant (self, combatant);
  else if ((members = tkr_tracker_slot_get_members (self->slot)) != NULL)
    update_group (self, members);

  current =
    self->encounter != NULL && tkr_encounter_get_current_slot (self->encounter) == self->slot;
  self->shown_current = current;
  gtk_widget_set_opacity (GTK_WIDGET (self->marker), current ? 1.0 : 0.0);
  if (current)
    gtk_widget_add_css_class (GTK_WIDGET (self), "current");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "current");

  /* For screen readers, the row in one sentence. */
  health = gtk_label_get_text (self->health_label);
  conditions = gtk_label_get_text (self->conditions_label);
  row_name =
    g_strdup_printf ("%s%s%s%s%s%s", gtk_label_get_text (self->name_label),
                     /* Translators: said after a name in the player view when it is their turn */
                     current ? _ (", current turn") : "", *health != '\0' ? ", " : "", health,
                     *conditions != '\0' ? ", " : "", conditions);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, row_name,
                                  -1);
}

void
tkr_player_row_update_current (TkrPlayerRow *self)
{
  gboolean current;

  g_return_if_fail (TKR_IS_PLAYER_ROW (self));

  current = self->slot != NULL && self->encounter != NULL &&
            tkr_encounter_get_current_slot (self->encounter) == self->slot;
  if (current != self->shown_current)
    update (self);
}

void
tkr_player_row_bind (TkrPlayerRow *self,
                     TkrEncounter *encounter,
                     GObject *slot,
                     const char *health_mode)
{
  g_return_if_fail (TKR_IS_PLAYER_ROW (self));

  unwatch_all (self);
  self->encounter = encounter;
  g_set_object (&self->slot, slot);
  g_free (self->health_mode);
  self->health_mode = g_strdup (health_mode);
  if (slot != NULL)
    watch_slot (self);
  update (self);
}

void
tkr_player_row_unbind (TkrPlayerRow *self)
{
  g_return_if_fail (TKR_IS_PLAYER_ROW (self));

  unwatch_all (self);
  self->encounter = NULL;
  g_clear_object (&self->slot);
}

void
tkr_player_row_set_health_mode (TkrPlayerRow *self, const char *health_mode)
{
  g_return_if_fail (TKR_IS_PLAYER_ROW (self));

  if (g_strcmp0 (self->health_mode, health_mode) == 0)
    return;
  g_free (self->health_mode);
  self->health_mode = g_strdup (health_mode);
  update (self);
}

GObject *
tkr_player_row_get_slot (TkrPlayerRow *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_ROW (self), NULL);
  return self->slot;
}

const char *
tkr_player_row_get_name_text (TkrPlayerRow *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_ROW (self), NULL);
  return gtk_label_get_text (self->name_label);
}

const char *
tkr_player_row_get_health_text (TkrPlayerRow *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_ROW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->health_label))
           ? gtk_label_get_text (self->health_label)
           : "";
}

const char *
tkr_player_row_get_conditions_text (TkrPlayerRow *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_ROW (self), NULL);
  return gtk_label_get_text (self->conditions_label);
}

gboolean
tkr_player_row_is_current (TkrPlayerRow *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_ROW (self), FALSE);
  return self->shown_current;
}

static void
tkr_player_row_dispose (GObject *object)
{
  TkrPlayerRow *self = TKR_PLAYER_ROW (object);
  GtkWidget *child;

  if (self->watches != NULL)
    unwatch_all (self);
  g_clear_pointer (&self->watches, g_array_unref);
  g_clear_object (&self->slot);
  g_clear_pointer (&self->health_mode, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_PLAYER_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tkr_player_row_parent_class)->dispose (object);
}

static void
tkr_player_row_class_init (TkrPlayerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_player_row_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-player-row.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playerrow");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrPlayerRow, name)
  CHILD (marker);
  CHILD (name_label);
  CHILD (kind_label);
  CHILD (health_label);
  CHILD (health_bar);
  CHILD (conditions_label);
#undef CHILD
}

static void
tkr_player_row_init (TkrPlayerRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->watches = g_array_new (FALSE, FALSE, sizeof (Watch));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              24);
}

TkrPlayerRow *
tkr_player_row_new (void)
{
  return g_object_new (TKR_TYPE_PLAYER_ROW, NULL);
}
