/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-json.h"
#include "tkr-refusal.h"
#include "tkr-reminders.h"

/* Reminders in the order; see tkr-reminders.h and help/C/order.page. */

#define HISTORY(encounter) tkr_encounter_get_history (encounter)
#define NOTE_MAX_CHARS 200

struct _TkrReminder
{
  GObject parent_instance;

  char *note;
  char *before;
  int round;
  gboolean done;
};

G_DEFINE_FINAL_TYPE (TkrReminder, tkr_reminder, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NOTE,
  PROP_BEFORE,
  PROP_ROUND,
  PROP_DONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static guint reminder_signal;

static void
tkr_reminder_finalize (GObject *object)
{
  TkrReminder *self = TKR_REMINDER (object);

  g_free (self->note);
  g_free (self->before);
  G_OBJECT_CLASS (tkr_reminder_parent_class)->finalize (object);
}

static void
tkr_reminder_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrReminder *self = TKR_REMINDER (object);

  switch (prop_id)
    {
    case PROP_NOTE:
      g_value_set_string (value, self->note);
      break;
    case PROP_BEFORE:
      g_value_set_string (value, self->before);
      break;
    case PROP_ROUND:
      g_value_set_int (value, self->round);
      break;
    case PROP_DONE:
      g_value_set_boolean (value, self->done);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_reminder_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrReminder *self = TKR_REMINDER (object);

  switch (prop_id)
    {
    case PROP_NOTE:
      g_free (self->note);
      self->note = g_value_dup_string (value);
      break;
    case PROP_BEFORE:
      g_free (self->before);
      self->before = g_value_dup_string (value);
      break;
    case PROP_ROUND:
      self->round = g_value_get_int (value);
      break;
    case PROP_DONE:
      if (self->done == g_value_get_boolean (value))
        return;
      self->done = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_reminder_class_init (TkrReminderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags fixed = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_reminder_finalize;
  object_class->get_property = tkr_reminder_get_property;
  object_class->set_property = tkr_reminder_set_property;

  properties[PROP_NOTE] = g_param_spec_string ("note", NULL, NULL, NULL, fixed);
  properties[PROP_BEFORE] = g_param_spec_string ("before", NULL, NULL, NULL, fixed);
  properties[PROP_ROUND] =
    g_param_spec_int ("round", NULL, NULL, 0, TKR_REMINDER_MAX_ROUND, 0, fixed);
  properties[PROP_DONE] =
    g_param_spec_boolean ("done", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_reminder_init (TkrReminder *self)
{
}

const char *
tkr_reminder_get_note (TkrReminder *self)
{
  g_return_val_if_fail (TKR_IS_REMINDER (self), NULL);
  return self->note;
}

const char *
tkr_reminder_get_before (TkrReminder *self)
{
  g_return_val_if_fail (TKR_IS_REMINDER (self), NULL);
  return self->before;
}

int
tkr_reminder_get_round (TkrReminder *self)
{
  g_return_val_if_fail (TKR_IS_REMINDER (self), 0);
  return self->round;
}

gboolean
tkr_reminder_get_done (TkrReminder *self)
{
  g_return_val_if_fail (TKR_IS_REMINDER (self), FALSE);
  return self->done;
}

void
tkr_reminders_install_signals (gpointer encounter_class)
{
  /* TkrEncounter::reminder: a reminder came up, inside the step that
   * starts the turn it comes before. */
  reminder_signal =
    g_signal_new ("reminder", G_TYPE_FROM_CLASS (encounter_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, TKR_TYPE_REMINDER);
}

static GQuark
reminders_quark (void)
{
  return g_quark_from_static_string ("tkr-reminders");
}

static GListStore *
store_of (TkrEncounter *encounter)
{
  GListStore *store = g_object_get_qdata (G_OBJECT (encounter), reminders_quark ());

  if (store == NULL)
    {
      store = g_list_store_new (TKR_TYPE_REMINDER);
      g_object_set_qdata_full (G_OBJECT (encounter), reminders_quark (), store, g_object_unref);
    }
  return store;
}

GListModel *
tkr_reminders_get_list (TkrEncounter *encounter)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  return G_LIST_MODEL (store_of (encounter));
}

static const char *
id_of (TkrCombatant *combatant)
{
  return tkr_character_get_id (tkr_combatant_get_character (combatant));
}

static gboolean
check_note (const char *note, char **stripped, GError **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (note != NULL ? note : ""));

  if (*copy == '\0' || !g_utf8_validate (copy, -1, NULL) ||
      g_utf8_strlen (copy, -1) > NOTE_MAX_CHARS)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A reminder’s note is 1 to %d characters long"), NOTE_MAX_CHARS);
  *stripped = g_steal_pointer (&copy);
  return TRUE;
}

TkrReminder *
tkr_reminders_add (
  TkrEncounter *encounter, const char *note, TkrCombatant *before, int round, GError **error)
{
  g_autoptr (TkrReminder) reminder = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);

  if (!check_note (note, &text, error) ||
      !tkr_encounter_require_combatant (encounter, before, error))
    return NULL;
  if (round < 0 || round > TKR_REMINDER_MAX_ROUND)
    {
      tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                  _ ("A reminder’s round is 1 to %d, or 0 for every round"),
                  TKR_REMINDER_MAX_ROUND);
      return NULL;
    }
  reminder =
    g_object_new (TKR_TYPE_REMINDER, "note", text, "before", id_of (before), "round", round, NULL);
  /* Translators: the name of a step in Undo */
  tkr_history_begin (HISTORY (encounter), N_ ("Add a Reminder"));
  if (round > 0)
    /* Translators: the log; a reminder's note, a combatant, a round */
    tkr_encounter_log_event (encounter, NULL, N_ ("Reminder “%s” before %s’s turn in round %d"),
                             tkr_message_text (text), tkr_encounter_who (before),
                             tkr_message_int (round), NULL);
  else
    /* Translators: the log; a reminder's note, a combatant */
    tkr_encounter_log_event (encounter, NULL, N_ ("Reminder “%s” before %s’s turn, every round"),
                             tkr_message_text (text), tkr_encounter_who (before), NULL);
  tkr_history_append (HISTORY (encounter), store_of (encounter), reminder);
  tkr_history_end (HISTORY (encounter));
  return reminder;
}

gboolean
tkr_reminders_remove (TkrEncounter *encounter, TkrReminder *reminder, GError **error)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);

  if (!TKR_IS_REMINDER (reminder) || !g_list_store_find (store_of (encounter), reminder, NULL))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                       _ ("That reminder is not in this encounter"));
  tkr_history_begin (HISTORY (encounter), N_ ("Remove a Reminder"));
  tkr_encounter_log_event (encounter, NULL, N_ ("Reminder “%s” removed"),
                           tkr_message_text (reminder->note), NULL);
  tkr_history_remove_item (HISTORY (encounter), store_of (encounter), reminder);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

GPtrArray *
tkr_reminders_before (TkrEncounter *encounter, TkrCombatant *combatant)
{
  GListModel *list = tkr_reminders_get_list (encounter);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), found);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      TkrReminder *reminder = tkr_list_item_at (list, i);

      if (g_strcmp0 (reminder->before, id_of (combatant)) == 0)
        g_ptr_array_add (found, g_object_ref (reminder));
    }
  return found;
}

void
tkr_reminders_slot_starts (TkrEncounter *encounter, GObject *slot)
{
  GListModel *list = tkr_reminders_get_list (encounter);
  g_autoptr (GPtrArray) combatants = NULL;
  int round = tkr_encounter_get_round (encounter);

  if (g_list_model_get_n_items (list) == 0)
    return;
  combatants = tkr_slot_combatants (slot);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      TkrReminder *reminder = tkr_list_item_at (list, i);
      gboolean here = FALSE;

      if (reminder->done || (reminder->round != 0 && reminder->round != round))
        continue;
      for (guint c = 0; c < combatants->len && !here; c++)
        here = g_strcmp0 (reminder->before, id_of (combatants->pdata[c])) == 0;
      if (!here)
        continue;
      /* Translators: the log; a reminder's note when it comes up */
      tkr_encounter_log_event (encounter, TKR_LOG_REMINDER, N_ ("Reminder: %s"),
                               tkr_message_text (reminder->note), NULL);
      if (reminder->round != 0)
        tkr_encounter_set (encounter, reminder, "done", TRUE);
      g_signal_emit (encounter, reminder_signal, 0, reminder);
    }
}

void
tkr_reminders_write_json (TkrEncounter *encounter, JsonObject *object)
{
  GListModel *list = tkr_reminders_get_list (encounter);
  JsonArray *array;

  /* Left out when there are none, so older files save the same. */
  if (g_list_model_get_n_items (list) == 0)
    return;
  array = json_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      TkrReminder *reminder = tkr_list_item_at (list, i);
      JsonObject *item = json_object_new ();

      json_object_set_string_member (item, "note", reminder->note);
      json_object_set_string_member (item, "before", reminder->before);
      if (reminder->round != 0)
        json_object_set_int_member (item, "round", reminder->round);
      if (reminder->done)
        json_object_set_boolean_member (item, "done", TRUE);
      json_array_add_object_element (array, item);
    }
  json_object_set_array_member (object, "reminders", array);
}

gboolean
tkr_reminders_read_json (TkrEncounter *encounter,
                         JsonObject *object,
                         const char *path,
                         TkrEncounterLoad *load,
                         GError **error)
{
  g_autofree char *member_path = tkr_json_path (path, "reminders");
  g_autoptr (GPtrArray) reminders = g_ptr_array_new_with_free_func (g_object_unref);
  JsonArray *array;

  if (!tkr_json_get_array (object, "reminders", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (member_path, i);
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      g_autofree char *note = NULL;
      g_autofree char *stripped = NULL;
      g_autofree char *before = NULL;
      gboolean found = FALSE, done;
      gint64 round;

      if (item == NULL ||
          !tkr_json_get_string (item, "note", item_path, TRUE, NULL, &note, error) ||
          !tkr_json_get_string (item, "before", item_path, TRUE, NULL, &before, error) ||
          !tkr_json_get_int (item, "round", item_path, FALSE, 0, TKR_REMINDER_MAX_ROUND, 0, &round,
                             error) ||
          !tkr_json_get_bool (item, "done", item_path, FALSE, FALSE, &done, error))
        return FALSE;
      if (!check_note (note, &stripped, NULL))
        return tkr_json_refuse (error, item_path, "note",
                                _ ("a reminder’s note must be 1 to %d characters long"),
                                NOTE_MAX_CHARS);
      found = tkr_encounter_load_find (load, before) != NULL;
      if (!found)
        return tkr_json_refuse (error, item_path, "before", _ ("no combatant has the id “%s”"),
                                before);
      g_ptr_array_add (reminders, g_object_new (TKR_TYPE_REMINDER, "note", stripped, "before",
                                                before, "round", (int) round, "done", done, NULL));
    }
  g_list_store_splice (store_of (encounter), 0,
                       g_list_model_get_n_items (G_LIST_MODEL (store_of (encounter))),
                       reminders->pdata, reminders->len);
  return TRUE;
}
