/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-roster-row.h"

struct _TkrRosterRow
{
  GtkWidget parent_instance;

  TkrCharacter *character;
  TkrCampaign *campaign;
  GSignalGroup *character_signals;
  GSignalGroup *health_signals;
  GSignalGroup *campaign_signals;
  GSignalGroup *participants_signals;

  GtkLabel *initials;
  char *initials_class; /* its colour: "color1" to "color14" */
  GtkLabel *name_label;
  GtkLabel *subtitle_label;
  GtkLabel *encounter_mark;
  GtkWidget *encounter_button;
  GtkWidget *duplicate_button;
  GtkWidget *remove_button;
};

G_DEFINE_FINAL_TYPE (TkrRosterRow, tkr_roster_row, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CHARACTER,
  PROP_CAMPAIGN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Who is in the encounter already (a PC itself, a library NPC through its
 * numbered copies, help/C/setting-up.page), or NULL. */
static char *
encounter_mark_text (TkrRosterRow *self)
{
  guint count;

  if (self->campaign == NULL || self->character == NULL)
    return NULL;
  count = tkr_campaign_count_in_encounter (self->campaign, self->character);
  if (count == 0)
    return NULL;
  if (tkr_character_is_pc (self->character))
    return g_strdup (_ ("In the Encounter"));
  /* Translators: roster mark on a library NPC: how many of its copies
   * take part */
  return g_strdup_printf (
    g_dngettext (GETTEXT_PACKAGE, "%u in the Encounter", "%u in the Encounter", count), count);
}

/* As AdwAvatar shows a name: the first letters of its first and last
 * words, on one of its fourteen colours chosen by the name. */
static void
append_first_letter (GString *initials, const char *word)
{
  g_autofree char *letter = g_utf8_strup (word, g_utf8_next_char (word) - word);

  g_string_append (initials, letter);
}

static void
set_initials (TkrRosterRow *self, const char *name)
{
  g_autoptr (GString) initials = g_string_new (NULL);
  g_auto (GStrv) words = NULL;
  const char *first = NULL, *last = NULL;

  if (self->initials_class != NULL)
    gtk_widget_remove_css_class (GTK_WIDGET (self->initials), self->initials_class);
  g_clear_pointer (&self->initials_class, g_free);
  if (name != NULL)
    words = g_strsplit_set (name, " \t", -1);
  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        if (first == NULL)
          first = words[i];
        else
          last = words[i];
      }
  if (first == NULL)
    {
      gtk_label_set_label (self->initials, NULL);
      return;
    }
  append_first_letter (initials, first);
  if (last != NULL)
    append_first_letter (initials, last);
  gtk_label_set_label (self->initials, initials->str);
  self->initials_class = g_strdup_printf ("color%u", g_str_hash (name) % 14 + 1);
  gtk_widget_add_css_class (GTK_WIDGET (self->initials), self->initials_class);
}

/* One line under the name: what the character is and how hurt. */
static void
update_labels (TkrRosterRow *self)
{
  TkrCharacter *character = self->character;
  g_autofree char *subtitle = NULL;
  g_autofree char *mark = NULL;
  g_autofree char *description = NULL;
  g_autofree char *encounter_label = NULL;
  g_autofree char *duplicate_label = NULL;
  g_autofree char *remove_label = NULL;
  const char *name;
  TkrPool *health;

  if (character == NULL)
    {
      gtk_label_set_label (self->name_label, NULL);
      gtk_label_set_label (self->subtitle_label, NULL);
      set_initials (self, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->encounter_mark), FALSE);
      return;
    }

  name = tkr_character_get_name (character);
  health = tkr_character_get_pool (character, TKR_POOL_HEALTH);
  gtk_label_set_label (self->name_label, name);
  set_initials (self, name);

  /* The section says PC or NPC; the line says how far along and how hurt. */
  /* Translators: roster line: Level, then Health current/maximum */
  subtitle = g_strdup_printf (_ ("Level %d · Health %d/%d"), tkr_character_get_level (character),
                              tkr_pool_get_current (health), tkr_pool_get_maximum (health));
  gtk_label_set_label (self->subtitle_label, subtitle);

  mark = encounter_mark_text (self);
  gtk_label_set_label (self->encounter_mark, mark);
  gtk_widget_set_visible (GTK_WIDGET (self->encounter_mark), mark != NULL);
  /* Translators: a roster line read aloud: Level and Health, then the
   * mark that says the character is in the encounter */
  description = mark != NULL ? g_strdup_printf (_ ("%s, %s"), subtitle, mark) : g_strdup (subtitle);

  /* Screen readers hear which character a button acts on. */
  encounter_label = g_strdup_printf (_ ("Add %s to the Encounter"), name);
  duplicate_label = g_strdup_printf (_ ("Duplicate %s"), name);
  remove_label = g_strdup_printf (_ ("Remove %s"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->encounter_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, encounter_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->duplicate_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, duplicate_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
  /* The row itself is named after the character, for list navigation. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* The target goes in before the action name and out after it: a name
 * without its target is an action the button cannot call, which GTK warns
 * about. */
static void
set_button_action (GtkWidget *button, const char *action_name, GVariant *target)
{
  GtkActionable *actionable = GTK_ACTIONABLE (button);

  if (target == NULL)
    {
      gtk_actionable_set_action_name (actionable, NULL);
      gtk_actionable_set_action_target_value (actionable, NULL);
      return;
    }
  gtk_actionable_set_action_target_value (actionable, target);
  gtk_actionable_set_action_name (actionable, action_name);
}

static void
encounter_changed_cb (TkrRosterRow *self)
{
  TkrEncounter *encounter =
    self->campaign != NULL ? tkr_campaign_get_encounter (self->campaign) : NULL;

  g_signal_group_set_target (self->participants_signals,
                             encounter != NULL ? tkr_encounter_get_participants (encounter) : NULL);
  update_labels (self);
}

static void
tkr_roster_row_dispose (GObject *object)
{
  TkrRosterRow *self = TKR_ROSTER_ROW (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_ROSTER_ROW);
  g_clear_pointer (&self->initials_class, g_free);
  /* A plain GtkWidget parent: children the template did not bind are
   * ours to unparent. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->character_signals);
  g_clear_object (&self->health_signals);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->participants_signals);
  g_clear_object (&self->character);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_roster_row_parent_class)->dispose (object);
}

static void
tkr_roster_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrRosterRow *self = TKR_ROSTER_ROW (object);

  switch (prop_id)
    {
    case PROP_CHARACTER:
      g_value_set_object (value, self->character);
      break;
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_roster_row_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrRosterRow *self = TKR_ROSTER_ROW (object);

  switch (prop_id)
    {
    case PROP_CHARACTER:
      tkr_roster_row_set_character (self, g_value_get_object (value));
      break;
    case PROP_CAMPAIGN:
      tkr_roster_row_set_campaign (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_roster_row_class_init (TkrRosterRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_roster_row_dispose;
  object_class->get_property = tkr_roster_row_get_property;
  object_class->set_property = tkr_roster_row_set_property;

  properties[PROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whose encounter the row's mark follows. */
  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-roster-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, initials);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, encounter_mark);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, encounter_button);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, duplicate_button);
  gtk_widget_class_bind_template_child (widget_class, TkrRosterRow, remove_button);
}

static void
tkr_roster_row_init (TkrRosterRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->character_signals = g_signal_group_new (TKR_TYPE_CHARACTER);
  g_signal_group_connect_swapped (self->character_signals, "notify::name",
                                  G_CALLBACK (update_labels), self);
  g_signal_group_connect_swapped (self->character_signals, "notify::level",
                                  G_CALLBACK (update_labels), self);
  g_signal_group_connect_swapped (self->character_signals, "notify::kind",
                                  G_CALLBACK (update_labels), self);

  self->health_signals = g_signal_group_new (TKR_TYPE_POOL);
  g_signal_group_connect_swapped (self->health_signals, "notify::current",
                                  G_CALLBACK (update_labels), self);
  g_signal_group_connect_swapped (self->health_signals, "notify::maximum",
                                  G_CALLBACK (update_labels), self);

  /* The mark follows the encounter's participants as they change, by a
   * command or its undo, and the encounter itself when the rule system
   * changes. */
  self->participants_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->participants_signals, "items-changed",
                                  G_CALLBACK (update_labels), self);
  self->campaign_signals = g_signal_group_new (TKR_TYPE_CAMPAIGN);
  g_signal_group_connect_swapped (self->campaign_signals, "notify::encounter",
                                  G_CALLBACK (encounter_changed_cb), self);
}

GtkWidget *
tkr_roster_row_new (void)
{
  return g_object_new (TKR_TYPE_ROSTER_ROW, NULL);
}

TkrCharacter *
tkr_roster_row_get_character (TkrRosterRow *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER_ROW (self), NULL);
  return self->character;
}

void
tkr_roster_row_set_character (TkrRosterRow *self, TkrCharacter *character)
{
  GVariant *target = NULL;

  g_return_if_fail (TKR_IS_ROSTER_ROW (self));
  g_return_if_fail (character == NULL || TKR_IS_CHARACTER (character));

  if (!g_set_object (&self->character, character))
    return;

  g_signal_group_set_target (self->character_signals, character);
  g_signal_group_set_target (self->health_signals,
                             character != NULL ? tkr_character_get_pool (character, TKR_POOL_HEALTH)
                                               : NULL);

  /* The buttons name their character by id: the roster's actions look it
   * up, so a recycled row never acts on a stale object. */
  if (character != NULL)
    target = g_variant_ref_sink (g_variant_new_string (tkr_character_get_id (character)));
  set_button_action (self->encounter_button, "roster.add-to-encounter", target);
  set_button_action (self->duplicate_button, "roster.duplicate", target);
  set_button_action (self->remove_button, "roster.remove", target);
  g_clear_pointer (&target, g_variant_unref);

  update_labels (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHARACTER]);
}

TkrCampaign *
tkr_roster_row_get_campaign (TkrRosterRow *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER_ROW (self), NULL);
  return self->campaign;
}

void
tkr_roster_row_set_campaign (TkrRosterRow *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_ROSTER_ROW (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;
  g_signal_group_set_target (self->campaign_signals, campaign);
  encounter_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

const char *
tkr_roster_row_get_encounter_mark (TkrRosterRow *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER_ROW (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->encounter_mark)))
    return NULL;
  return gtk_label_get_label (self->encounter_mark);
}
