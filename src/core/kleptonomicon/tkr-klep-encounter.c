/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-klep-encounter.h"
#include "tkr-enums.h"
#include "tkr-json.h"

/*
 * The encounter's phases (seed 000, "Encounter") as a state machine, and
 * the commands of the Main phase: turns and rounds, Beats, Free Actions,
 * Abilities, Movement and Dash, conditions, zones and the End's experience.
 *
 * Every command validates first and then records all its changes as one
 * TkrHistory step, so a refused command changes nothing and an accepted one
 * is undone in one go. "Next turn" is tagged so that "previous turn" can
 * find it again.
 */

#define NEXT_TURN_TAG "next-turn"

/* Bounds for values read from files. */
#define MAX_ROUND 1000000
#define MAX_ALLOWED_FREE_ACTIONS 20
#define MAX_IMPROVISED_UNITS 10000

struct _TkrKlepEncounter
{
  GObject parent_instance;

  TkrRules *rules;
  /* Not a reference: the history holds references to the encounter (it
   * records its property changes), so a reference back would be a cycle
   * that nothing frees. The owner of both (the campaign) keeps it alive. */
  TkrHistory *history;

  char *name;
  TkrPhase phase;
  int round;
  int current_index;
  int turn_serial;
  TkrKlepSetup *setup;

  GListStore *participants; /* TkrCharacter */
  GListStore *order;        /* TkrKlepTurnEntry */
  GListStore *log;          /* TkrLogEntry */
  GListStore *zones;        /* TkrZone */
};

static void tkr_klep_encounter_tracker_init (TkrTrackerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkrKlepEncounter,
                               tkr_klep_encounter,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TKR_TYPE_TRACKER,
                                                      tkr_klep_encounter_tracker_init))

enum
{
  PROP_0,
  PROP_RULES,
  PROP_HISTORY,
  PROP_NAME,
  PROP_PHASE,
  PROP_ROUND,
  PROP_CURRENT_INDEX,
  PROP_TURN_SERIAL,
  PROP_SETUP,
  PROP_PARTICIPANTS,
  PROP_ORDER,
  PROP_LOG,
  PROP_ZONES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const phase_nicks[] = { "freeplay", "setup", "main", "paused", "end", NULL };
static const char *const entry_kind_nicks[] = { "pc", "npc-group", NULL };

static void
tkr_klep_encounter_dispose (GObject *object)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (object);

  if (self->history != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
  self->history = NULL;
  g_clear_object (&self->setup);
  g_clear_object (&self->participants);
  g_clear_object (&self->order);
  g_clear_object (&self->log);
  g_clear_object (&self->zones);
  g_clear_object (&self->rules);

  G_OBJECT_CLASS (tkr_klep_encounter_parent_class)->dispose (object);
}

static void
tkr_klep_encounter_finalize (GObject *object)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (object);

  g_free (self->name);

  G_OBJECT_CLASS (tkr_klep_encounter_parent_class)->finalize (object);
}

static void
tkr_klep_encounter_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (object);

  switch (prop_id)
    {
    case PROP_RULES:
      g_value_set_object (value, self->rules);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_ROUND:
      g_value_set_int (value, self->round);
      break;
    case PROP_CURRENT_INDEX:
      g_value_set_int (value, self->current_index);
      break;
    case PROP_TURN_SERIAL:
      g_value_set_int (value, self->turn_serial);
      break;
    case PROP_SETUP:
      g_value_set_object (value, self->setup);
      break;
    case PROP_PARTICIPANTS:
      g_value_set_object (value, self->participants);
      break;
    case PROP_ORDER:
      g_value_set_object (value, self->order);
      break;
    case PROP_LOG:
      g_value_set_object (value, self->log);
      break;
    case PROP_ZONES:
      g_value_set_object (value, self->zones);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_int_field (GObject *object, int *field, const GValue *value, GParamSpec *pspec)
{
  if (*field == g_value_get_int (value))
    return;
  *field = g_value_get_int (value);
  g_object_notify_by_pspec (object, pspec);
}

static void
tkr_klep_encounter_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (object);

  switch (prop_id)
    {
    case PROP_RULES:
      self->rules = g_value_dup_object (value);
      break;
    case PROP_HISTORY:
      self->history = g_value_get_object (value);
      if (self->history != NULL)
        g_object_add_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
      break;
    case PROP_NAME:
      if (g_strcmp0 (self->name, g_value_get_string (value)) != 0)
        {
          g_free (self->name);
          self->name = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_PHASE:
      if (self->phase != (TkrPhase) g_value_get_enum (value))
        {
          self->phase = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ROUND:
      set_int_field (object, &self->round, value, pspec);
      break;
    case PROP_CURRENT_INDEX:
      set_int_field (object, &self->current_index, value, pspec);
      break;
    case PROP_TURN_SERIAL:
      set_int_field (object, &self->turn_serial, value, pspec);
      break;
    case PROP_SETUP:
      if (self->setup != g_value_get_object (value))
        {
          g_set_object (&self->setup, g_value_get_object (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_encounter_class_init (TkrKlepEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_klep_encounter_dispose;
  object_class->finalize = tkr_klep_encounter_finalize;
  object_class->get_property = tkr_klep_encounter_get_property;
  object_class->set_property = tkr_klep_encounter_set_property;

  properties[PROP_RULES] =
    g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, TKR_TYPE_HISTORY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, TKR_TYPE_PHASE, TKR_PHASE_FREEPLAY, rw);
  properties[PROP_ROUND] = g_param_spec_int ("round", NULL, NULL, 0, MAX_ROUND, 0, rw);
  properties[PROP_CURRENT_INDEX] =
    g_param_spec_int ("current-index", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_TURN_SERIAL] = g_param_spec_int ("turn-serial", NULL, NULL, 0, G_MAXINT, 0, rw);
  properties[PROP_SETUP] = g_param_spec_object ("setup", NULL, NULL, TKR_TYPE_KLEP_SETUP, rw);
  properties[PROP_PARTICIPANTS] =
    g_param_spec_object ("participants", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_ORDER] = g_param_spec_object ("order", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_LOG] = g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_ZONES] = g_param_spec_object ("zones", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_klep_encounter_init (TkrKlepEncounter *self)
{
  self->phase = TKR_PHASE_FREEPLAY;
  self->current_index = -1;
  self->participants = g_list_store_new (TKR_TYPE_CHARACTER);
  self->order = g_list_store_new (TKR_TYPE_KLEP_TURN_ENTRY);
  self->log = g_list_store_new (TKR_TYPE_LOG_ENTRY);
  self->zones = g_list_store_new (TKR_TYPE_ZONE);
}

/**
 * tkr_klep_encounter_new:
 * @history: (nullable): where commands are recorded; the encounter does
 *   not keep it alive (see the struct), its owner does
 */
TkrKlepEncounter *
tkr_klep_encounter_new (TkrRules *rules, TkrHistory *history)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);
  return g_object_new (TKR_TYPE_KLEP_ENCOUNTER, "rules", rules, "history", history, NULL);
}

/* Getters */

TkrRules *
tkr_klep_encounter_get_rules (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return self->rules;
}

TkrHistory *
tkr_klep_encounter_get_history (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return self->history;
}

const char *
tkr_klep_encounter_get_name (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return self->name;
}

TkrPhase
tkr_klep_encounter_get_phase (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), TKR_PHASE_FREEPLAY);
  return self->phase;
}

int
tkr_klep_encounter_get_round (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), 0);
  return self->round;
}

int
tkr_klep_encounter_get_current_index (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), -1);
  return self->current_index;
}

int
tkr_klep_encounter_get_turn_serial (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), 0);
  return self->turn_serial;
}

TkrKlepSetup *
tkr_klep_encounter_get_setup (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return self->setup;
}

GListModel *
tkr_klep_encounter_get_participants (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->participants);
}

GListModel *
tkr_klep_encounter_get_order (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->order);
}

GListModel *
tkr_klep_encounter_get_log (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->log);
}

GListModel *
tkr_klep_encounter_get_zones (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->zones);
}

static TkrKlepTurnEntry *
entry_at (TkrKlepEncounter *self, guint index)
{
  TkrKlepTurnEntry *entry = g_list_model_get_item (G_LIST_MODEL (self->order), index);

  /* The order holds a reference for as long as the caller uses it. */
  if (entry != NULL)
    g_object_unref (entry);
  return entry;
}

static guint
n_entries (TkrKlepEncounter *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->order));
}

/**
 * tkr_klep_encounter_get_current_entry:
 *
 * Returns: (transfer none) (nullable): the entry whose Turn it is
 */
TkrKlepTurnEntry *
tkr_klep_encounter_get_current_entry (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);

  if (self->current_index < 0 || (guint) self->current_index >= n_entries (self))
    return NULL;
  return entry_at (self, self->current_index);
}

static TkrKlepCombatant *
member_at (TkrKlepTurnEntry *entry, guint index)
{
  TkrKlepCombatant *combatant =
    g_list_model_get_item (tkr_klep_turn_entry_get_members (entry), index);

  g_object_unref (combatant);
  return combatant;
}

static guint
n_members (TkrKlepTurnEntry *entry)
{
  return g_list_model_get_n_items (tkr_klep_turn_entry_get_members (entry));
}

/**
 * tkr_klep_encounter_find_combatant:
 *
 * Returns: (transfer none) (nullable): @character's combatant in the order
 */
TkrKlepCombatant *
tkr_klep_encounter_find_combatant (TkrKlepEncounter *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);

  for (guint i = 0; i < n_entries (self); i++)
    {
      TkrKlepTurnEntry *entry = entry_at (self, i);

      for (guint j = 0; j < n_members (entry); j++)
        if (tkr_klep_combatant_get_character (member_at (entry, j)) == character)
          return member_at (entry, j);
    }
  return NULL;
}

static gboolean
entry_has_combatant (TkrKlepTurnEntry *entry, TkrKlepCombatant *combatant)
{
  return g_list_store_find (G_LIST_STORE (tkr_klep_turn_entry_get_members (entry)), combatant,
                            NULL);
}

static gboolean
in_order (TkrKlepEncounter *self, TkrKlepCombatant *combatant)
{
  for (guint i = 0; i < n_entries (self); i++)
    if (entry_has_combatant (entry_at (self, i), combatant))
      return TRUE;
  return FALSE;
}

/* Whether it is @combatant's entry's Turn (also while Paused, which holds
 * the Turn where it stopped). */
gboolean
tkr_klep_encounter_is_on_turn (TkrKlepEncounter *self, TkrKlepCombatant *combatant)
{
  TkrKlepTurnEntry *entry;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_MAIN && self->phase != TKR_PHASE_PAUSED)
    return FALSE;
  entry = tkr_klep_encounter_get_current_entry (self);
  return entry != NULL && entry_has_combatant (entry, combatant);
}

/* The log */

static void
append_log (TkrKlepEncounter *self, const char *text)
{
  g_autoptr (TkrLogEntry) entry = tkr_log_entry_new (self->round, text);
  gboolean own_step = self->history != NULL && !tkr_history_in_group (self->history);

  /* Inside a command the line joins the command's step; on its own (a
   * note from the GM) it is a step with a name of its own. */
  if (own_step)
    tkr_history_begin (self->history, _ ("Add to the log"));
  tkr_history_append (self->history, self->log, entry);
  if (own_step)
    tkr_history_end (self->history);
}

/**
 * tkr_klep_encounter_log:
 *
 * Adds a line to the log (recorded, so undoing a command takes its line
 * away too). Commands log what they do; the GM can add notes.
 */
void
tkr_klep_encounter_log (TkrKlepEncounter *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  g_return_if_fail (TKR_IS_KLEP_ENCOUNTER (self));
  g_return_if_fail (format != NULL);

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  append_log (self, text);
}

static const char *
character_name (TkrCharacter *character)
{
  const char *name = tkr_character_get_name (character);

  return name && *name ? name : _ ("Someone");
}

static const char *
combatant_name (TkrKlepCombatant *combatant)
{
  return character_name (tkr_klep_combatant_get_character (combatant));
}

/* Checks shared by the commands */

static gboolean
require_phase (TkrKlepEncounter *self, TkrPhase phase, GError **error)
{
  if (self->phase == phase)
    return TRUE;
  /* Translators: both are phase names, e.g. "Main" and "Paused" */
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               _ ("This can only be done in the %s phase, and the encounter is in %s"),
               tkr_phase_to_string (phase), tkr_phase_to_string (self->phase));
  return FALSE;
}

static gboolean
require_running (TkrKlepEncounter *self, GError **error)
{
  if (self->phase == TKR_PHASE_MAIN || self->phase == TKR_PHASE_PAUSED)
    return TRUE;
  g_set_error (
    error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
    _ ("This can only be done while the encounter runs (Main or Paused), and it is in %s"),
    tkr_phase_to_string (self->phase));
  return FALSE;
}

static gboolean
require_combatant (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GError **error)
{
  if (TKR_IS_KLEP_COMBATANT (combatant) && in_order (self, combatant))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That character is not in the turn order"));
  return FALSE;
}

static gboolean
require_on_turn (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GError **error)
{
  if (tkr_klep_encounter_is_on_turn (self, combatant))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
               _ ("It is not %s’s Turn"), combatant_name (combatant));
  return FALSE;
}

static gboolean
require_participant (TkrKlepEncounter *self, TkrCharacter *character, GError **error)
{
  if (TKR_IS_CHARACTER (character) && g_list_store_find (self->participants, character, NULL))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That character does not take part in this encounter"));
  return FALSE;
}

static void
set_int (TkrKlepEncounter *self, gpointer object, const char *property, int value)
{
  tkr_history_set (self->history, object, property, value);
}

/* Participants */

gboolean
tkr_klep_encounter_add_participant (TkrKlepEncounter *self, TkrCharacter *character, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), FALSE);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Characters join an encounter in Freeplay or during its Setup"));
      return FALSE;
    }
  if (g_list_store_find (self->participants, character, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already takes part"), character_name (character));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Add to the encounter"));
  tkr_history_append (self->history, self->participants, character);
  if (self->setup != NULL)
    tkr_klep_setup_add_character (self->setup, self->history, character);
  tkr_klep_encounter_log (self, _ ("%s joins the encounter"), character_name (character));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_klep_encounter_remove_participant (TkrKlepEncounter *self,
                                       TkrCharacter *character,
                                       GError **error)
{
  guint position;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Characters leave an encounter in Freeplay or during its Setup"));
      return FALSE;
    }
  if (!require_participant (self, character, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Remove from the encounter"));
  tkr_history_set_destructive (self->history);
  if (self->setup != NULL &&
      !tkr_klep_setup_remove_character (self->setup, self->history, character, error))
    {
      tkr_history_abort (self->history);
      return FALSE;
    }
  g_list_store_find (self->participants, character, &position);
  tkr_history_remove (self->history, self->participants, position);
  tkr_klep_encounter_log (self, _ ("%s leaves the encounter"), character_name (character));
  tkr_history_end (self->history);
  return TRUE;
}

/* Phases (seed 000, "Encounter"):
 *
 *   Freeplay -> Setup -> Main <-> Paused, Main|Paused -> End -> Freeplay,
 *   and Setup -> Freeplay to abandon a Setup. */

/**
 * tkr_klep_encounter_can_transition:
 *
 * Whether the state machine has an edge from the current phase to @to. It
 * does not check what the edge itself needs (a complete Setup for Main).
 */
gboolean
tkr_klep_encounter_can_transition (TkrKlepEncounter *self, TkrPhase to)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  return tkr_phase_can_follow (self->phase, to);
}

static gboolean
check_transition (TkrKlepEncounter *self, TkrPhase to, GError **error)
{
  return tkr_phase_check_transition (self->phase, to, error);
}

static void
set_phase (TkrKlepEncounter *self, TkrPhase phase)
{
  tkr_history_set (self->history, self, "phase", phase);
}

gboolean
tkr_klep_encounter_transition (TkrKlepEncounter *self, TkrPhase to, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!check_transition (self, to, error))
    return FALSE;

  switch (to)
    {
    case TKR_PHASE_SETUP:
      return tkr_klep_encounter_begin_setup (self, error);
    case TKR_PHASE_MAIN:
      if (self->phase == TKR_PHASE_SETUP)
        return tkr_klep_encounter_begin_main (self, error);
      return tkr_klep_encounter_resume (self, NULL, error);
    case TKR_PHASE_PAUSED:
      return tkr_klep_encounter_pause (self, error);
    case TKR_PHASE_END:
      return tkr_klep_encounter_end (self, error);
    case TKR_PHASE_FREEPLAY:
      if (self->phase == TKR_PHASE_SETUP)
        return tkr_klep_encounter_abandon_setup (self, error);
      return tkr_klep_encounter_finish (self, error);
    default:
      g_assert_not_reached ();
    }
}

/* Freeplay -> Setup: a fresh Setup with every participant in it. */
gboolean
tkr_klep_encounter_begin_setup (TkrKlepEncounter *self, GError **error)
{
  g_autoptr (TkrKlepSetup) setup = NULL;
  guint n;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_SETUP, error))
    return FALSE;

  setup = tkr_klep_setup_new (self->rules);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->participants));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCharacter) character =
        g_list_model_get_item (G_LIST_MODEL (self->participants), i);

      /* A fresh Setup: nothing to record until it joins the encounter. */
      tkr_klep_setup_add_character (setup, NULL, character);
    }

  tkr_history_begin (self->history, _ ("Begin the encounter’s Setup"));
  tkr_history_set (self->history, self, "setup", setup);
  set_phase (self, TKR_PHASE_SETUP);
  tkr_klep_encounter_log (self, _ ("The encounter begins: the turn order is being set up"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_klep_encounter_abandon_setup (TkrKlepEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only a Setup can be abandoned"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Abandon the Setup"));
  tkr_history_set_destructive (self->history);
  tkr_history_set (self->history, self, "setup", NULL);
  set_phase (self, TKR_PHASE_FREEPLAY);
  tkr_klep_encounter_log (self, _ ("The Setup is abandoned; back to Freeplay"));
  tkr_history_end (self->history);
  return TRUE;
}

/* Start of a Turn (seed, "Turn" and "Movement"): every member of the entry
 * gains Movement equal to its largest range, gets its Free Actions back,
 * and a Slow Action started on its last Turn takes effect now. */
static void
start_turn (TkrKlepEncounter *self, TkrKlepTurnEntry *entry)
{
  set_int (self, self, "turn-serial", self->turn_serial + 1);
  tkr_history_set (self->history, entry, "current", TRUE);
  tkr_klep_encounter_log (self, _ ("Round %d: %s’s Turn"), self->round,
                          tkr_klep_turn_entry_get_name (entry));

  for (guint i = 0; i < n_members (entry); i++)
    {
      TkrKlepCombatant *combatant = member_at (entry, i);
      int movement = tkr_character_get_largest_range (tkr_klep_combatant_get_character (combatant));
      const char *slow_action = tkr_klep_combatant_get_pending_slow_action (combatant);

      set_int (self, combatant, "movement-gained", movement);
      set_int (self, combatant, "movement-left", movement);
      tkr_history_set (self->history, combatant, "range-spent", NULL);
      tkr_history_set (self->history, combatant, "improvised", NULL);
      set_int (self, combatant, "free-actions-used", 0);
      set_int (self, combatant, "free-actions-allowed",
               tkr_rules_get_free_actions_per_turn (self->rules));

      if (slow_action != NULL)
        {
          /* Translators: a character, then an Ability's name */
          tkr_klep_encounter_log (self, _ ("%s’s Slow Action %s takes effect"),
                                  combatant_name (combatant), slow_action);
          tkr_history_set (self->history, combatant, "pending-slow-action", NULL);
        }
    }
}

/* End of a Turn (seed, "Ending your Turn" and "Beats"): one stack of each
 * Fleeting condition is erased, except stacks gained on this Turn; Beats
 * (and the Dash count with them) reset, less any Beat owed. */
static void
end_turn (TkrKlepEncounter *self, TkrKlepTurnEntry *entry)
{
  int beats = tkr_rules_get_beats_per_round (self->rules);

  for (guint i = 0; i < n_members (entry); i++)
    {
      TkrKlepCombatant *combatant = member_at (entry, i);
      TkrCharacter *character = tkr_klep_combatant_get_character (combatant);
      guint erased =
        tkr_character_erase_fleeting_stacks (character, self->history, self->turn_serial);

      if (erased > 0)
        tkr_klep_encounter_log (self,
                                g_dngettext (GETTEXT_PACKAGE, "%s erases %u condition stack",
                                             "%s erases %u condition stacks", erased),
                                character_name (character), erased);

      set_int (self, combatant, "beats-left",
               MAX (beats - tkr_klep_combatant_get_beats_owed (combatant), 0));
      set_int (self, combatant, "beats-owed", 0);
      set_int (self, combatant, "dashes", 0);
    }
  tkr_history_set (self->history, entry, "current", FALSE);
}

static void
clear_store (TkrKlepEncounter *self, GListStore *store)
{
  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (store)); i > 0; i--)
    tkr_history_remove (self->history, store, i - 1);
}

/* Setup -> Main: the order comes from the Setup; Round 1 begins with the
 * first entry's Turn (seed, "Encounter Main Phase"). */
gboolean
tkr_klep_encounter_begin_main (TkrKlepEncounter *self, GError **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  int beats, free_actions;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (self->phase != TKR_PHASE_SETUP || self->setup == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("The Main phase begins from a Setup"));
      return FALSE;
    }
  if (!tkr_klep_setup_is_complete (self->setup))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("Some PCs still have Edge Save tests to make"));
      return FALSE;
    }
  entries = tkr_klep_setup_build_order (self->setup);
  if (entries->len == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("Nobody takes part in the encounter yet"));
      return FALSE;
    }

  /* Fresh combatants: what they start with is part of their creation, and
   * undo takes them away whole. */
  beats = tkr_rules_get_beats_per_round (self->rules);
  free_actions = tkr_rules_get_free_actions_per_turn (self->rules);
  for (guint i = 0; i < entries->len; i++)
    {
      TkrKlepTurnEntry *entry = g_ptr_array_index (entries, i);

      for (guint j = 0; j < n_members (entry); j++)
        g_object_set (member_at (entry, j), "beats-left", beats, "free-actions-allowed",
                      free_actions, NULL);
    }

  tkr_history_begin (self->history, _ ("Begin the Main phase"));
  clear_store (self, self->order);
  for (guint i = 0; i < entries->len; i++)
    tkr_history_append (self->history, self->order, g_ptr_array_index (entries, i));
  tkr_history_set (self->history, self, "setup", NULL);
  set_phase (self, TKR_PHASE_MAIN);
  set_int (self, self, "round", 1);
  set_int (self, self, "current-index", 0);
  tkr_klep_encounter_log (self, _ ("The turn order is set; Round 1 begins"));
  start_turn (self, entry_at (self, 0));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_klep_encounter_pause (TkrKlepEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_PAUSED, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Pause the encounter"));
  set_phase (self, TKR_PHASE_PAUSED);
  tkr_klep_encounter_log (self, _ ("The encounter is paused"));
  tkr_history_end (self->history);
  return TRUE;
}

/**
 * tkr_klep_encounter_resume:
 * @by_beat: (nullable): the combatant who ended the pause by spending a Beat
 *
 * Paused -> Main. The seed (Paused) says a Beat spent to end a pause is
 * missing on the spender's next Turn. Beats reset only at the end of one's
 * own Turn, so:
 *
 * - off its Turn, with a Beat left: the Beat is spent now; no reset comes
 *   before its next Turn, so that Turn has one Beat fewer;
 * - on its own Turn, spending now would take the Beat from this Turn, and
 *   with no Beat left there is nothing to spend: the Beat is owed instead
 *   and taken off at the next reset ("beats-owed").
 */
gboolean
tkr_klep_encounter_resume (TkrKlepEncounter *self, TkrKlepCombatant *by_beat, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_PAUSED)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only a paused encounter can resume"));
      return FALSE;
    }
  if (by_beat != NULL && !require_combatant (self, by_beat, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Resume the encounter"));
  set_phase (self, TKR_PHASE_MAIN);
  if (by_beat == NULL)
    tkr_klep_encounter_log (self, _ ("The encounter resumes"));
  else
    {
      int left = tkr_klep_combatant_get_beats_left (by_beat);

      if (!tkr_klep_encounter_is_on_turn (self, by_beat) && left > 0)
        set_int (self, by_beat, "beats-left", left - 1);
      else
        set_int (self, by_beat, "beats-owed", tkr_klep_combatant_get_beats_owed (by_beat) + 1);
      tkr_klep_encounter_log (self,
                              _ ("%s ends the pause by spending a Beat, which is missing on their "
                                 "next Turn"),
                              combatant_name (by_beat));
    }
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_klep_encounter_end (TkrKlepEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_END, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("End the encounter"));
  set_phase (self, TKR_PHASE_END);
  tkr_klep_encounter_log (self,
                          g_dngettext (GETTEXT_PACKAGE, "The encounter ends after %d Round",
                                       "The encounter ends after %d Rounds", self->round),
                          self->round);
  tkr_history_end (self->history);
  return TRUE;
}

/* End -> Freeplay. The turn serial is kept: condition stacks gained in this
 * encounter carry its stamps, and the next encounter must not reuse them. */
gboolean
tkr_klep_encounter_finish (TkrKlepEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_END)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter that has ended can go back to Freeplay"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Back to Freeplay"));
  tkr_history_set_destructive (self->history);
  clear_store (self, self->order);
  tkr_history_set (self->history, self, "setup", NULL);
  set_int (self, self, "round", 0);
  set_int (self, self, "current-index", -1);
  set_phase (self, TKR_PHASE_FREEPLAY);
  tkr_klep_encounter_log (self, _ ("Back to Freeplay"));
  tkr_history_end (self->history);
  return TRUE;
}

/* Turns and rounds (seed, "Encounter Main Phase"): after the last entry's
 * Turn the next Round begins with the first. */
gboolean
tkr_klep_encounter_next_turn (TkrKlepEncounter *self, GError **error)
{
  TkrKlepTurnEntry *entry;
  int index;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;
  entry = tkr_klep_encounter_get_current_entry (self);
  if (entry == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is no turn order"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Next turn"));
  tkr_history_set_tag (self->history, NEXT_TURN_TAG);
  end_turn (self, entry);

  index = self->current_index + 1;
  if ((guint) index >= n_entries (self))
    {
      index = 0;
      set_int (self, self, "round", self->round + 1);
    }
  set_int (self, self, "current-index", index);
  start_turn (self, entry_at (self, index));
  tkr_history_end (self->history);
  return TRUE;
}

/**
 * tkr_klep_encounter_previous_turn:
 *
 * Undoes steps until the last "next turn" is undone, so everything that
 * turn change did (Beats reset, condition stacks erased) comes back, and
 * everything since can be redone. If no such step can be found, whatever
 * was undone while looking is redone and nothing changes.
 */
gboolean
tkr_klep_encounter_previous_turn (TkrKlepEncounter *self, GError **error)
{
  guint undone = 0;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (self->history == NULL || (self->round <= 1 && self->current_index <= 0))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is no earlier Turn to go back to"));
      return FALSE;
    }

  while (tkr_history_can_undo (self->history))
    {
      gboolean was_next_turn =
        g_strcmp0 (tkr_history_peek_undo_tag (self->history), NEXT_TURN_TAG) == 0;

      tkr_history_undo (self->history);
      undone++;
      if (was_next_turn)
        return TRUE;
    }

  while (undone-- > 0)
    tkr_history_redo (self->history);
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("The change of Turn cannot be undone any more"));
  return FALSE;
}

/* Beats (seed, "Beats") */

static gboolean
check_beats (TkrKlepCombatant *combatant, int needed, GError **error)
{
  int left = tkr_klep_combatant_get_beats_left (combatant);

  if (left >= needed)
    return TRUE;
  if (left == 0)
    g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
                 _ ("%s has no Beat left this Round"), combatant_name (combatant));
  else
    /* Translators: a character, the Beats needed, then the Beats left */
    g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
                 _ ("%s needs %d Beats and has %d left this Round"), combatant_name (combatant),
                 needed, left);
  return FALSE;
}

/**
 * tkr_klep_encounter_spend_beat:
 * @reaction: the Beat pays for a Reaction
 *
 * On one's own Turn a Beat pays for anything; off it only for a Reaction
 * whose trigger happened (seed, "Beats" and "NPC Turns").
 */
gboolean
tkr_klep_encounter_spend_beat (TkrKlepEncounter *self,
                               TkrKlepCombatant *combatant,
                               gboolean reaction,
                               GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_combatant (self, combatant, error))
    return FALSE;
  if (!reaction && !require_on_turn (self, combatant, error))
    return FALSE;
  if (!check_beats (combatant, 1, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Spend a Beat"));
  set_int (self, combatant, "beats-left", tkr_klep_combatant_get_beats_left (combatant) - 1);
  if (reaction && !tkr_klep_encounter_is_on_turn (self, combatant))
    tkr_klep_encounter_log (self, _ ("%s spends a Beat on a Reaction"), combatant_name (combatant));
  else
    tkr_klep_encounter_log (self, _ ("%s spends a Beat"), combatant_name (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_klep_encounter_refund_beat (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_running (self, error) || !require_combatant (self, combatant, error))
    return FALSE;
  if (tkr_klep_combatant_get_beats_left (combatant) >= tkr_rules_get_beats_per_round (self->rules))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already has every Beat of the Round"), combatant_name (combatant));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Give a Beat back"));
  set_int (self, combatant, "beats-left", tkr_klep_combatant_get_beats_left (combatant) + 1);
  tkr_klep_encounter_log (self, _ ("%s gets a Beat back"), combatant_name (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

/* Free Actions (seed, "Free Actions"): on one's own Turn, without a Beat,
 * as many as allowed for the Turn. */
static gboolean
check_free_action (TkrKlepCombatant *combatant, GError **error)
{
  if (tkr_klep_combatant_get_free_actions_used (combatant) <
      tkr_klep_combatant_get_free_actions_allowed (combatant))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS,
               _ ("%s has used every Free Action of this Turn; the GM may allow more"),
               combatant_name (combatant));
  return FALSE;
}

gboolean
tkr_klep_encounter_use_free_action (TkrKlepEncounter *self,
                                    TkrKlepCombatant *combatant,
                                    GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_combatant (self, combatant, error) ||
      !require_on_turn (self, combatant, error) || !check_free_action (combatant, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Use a Free Action"));
  set_int (self, combatant, "free-actions-used",
           tkr_klep_combatant_get_free_actions_used (combatant) + 1);
  tkr_klep_encounter_log (self, _ ("%s uses a Free Action"), combatant_name (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

/* The GM may allow more Free Actions than the rule data's number when they
 * all fit in the same few seconds (seed, "Free Actions"), never fewer. */
gboolean
tkr_klep_encounter_set_free_actions_allowed (TkrKlepEncounter *self,
                                             TkrKlepCombatant *combatant,
                                             int allowed,
                                             GError **error)
{
  int minimum;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_running (self, error) || !require_combatant (self, combatant, error))
    return FALSE;
  minimum = tkr_rules_get_free_actions_per_turn (self->rules);
  if (allowed < minimum || allowed > MAX_ALLOWED_FREE_ACTIONS)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Free Actions per Turn can be raised from %d up to %d"), minimum,
                   MAX_ALLOWED_FREE_ACTIONS);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Allow Free Actions"));
  set_int (self, combatant, "free-actions-allowed", allowed);
  tkr_klep_encounter_log (self,
                          g_dngettext (GETTEXT_PACKAGE, "The GM allows %s %d Free Action this Turn",
                                       "The GM allows %s %d Free Actions this Turn", allowed),
                          combatant_name (combatant), allowed);
  tkr_history_end (self->history);
  return TRUE;
}

/**
 * tkr_klep_encounter_use_ability:
 * @gm_approved: the GM allowed an Ability that takes too long for the moment
 *
 * The Ability's Time decides (SRD, Abilities; seed, "Beats"):
 * - Action and Slow Action: own Turn, its Beats; a Slow Action's effect
 *   comes at the start of the next Turn ("pending-slow-action");
 * - Reaction: any time, its Beats;
 * - Free Action: own Turn, one Free Action;
 * - Free Reaction and Passive: free;
 * - Montage and Episodic take far longer than a Turn: in Main only with
 *   the GM's approval, like an Action.
 * While Paused (seed, "Encounter Paused Phase") nothing is spent, as in
 * Freeplay, but an Ability slower than an Action needs @gm_approved.
 */
gboolean
tkr_klep_encounter_use_ability (TkrKlepEncounter *self,
                                TkrKlepCombatant *combatant,
                                TkrAbility *ability,
                                gboolean gm_approved,
                                GError **error)
{
  TkrAbilityTime time;
  const char *name;
  int beats = 0;
  gboolean free_action = FALSE;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_ABILITY (ability), FALSE);

  if (!require_running (self, error) || !require_combatant (self, combatant, error))
    return FALSE;

  time = tkr_ability_get_time (ability);
  name = tkr_ability_get_name (ability);

  if (self->phase == TKR_PHASE_PAUSED)
    {
      if (tkr_ability_time_is_slow (time) && !gm_approved)
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL,
                       _ ("%s takes longer than an Action: while the encounter is paused, it "
                          "needs the GM’s approval"),
                       name);
          return FALSE;
        }
      tkr_history_begin (self->history, _ ("Use an Ability"));
      if (tkr_ability_time_is_slow (time))
        tkr_klep_encounter_log (self, _ ("%s uses %s during the pause, with the GM’s approval"),
                                combatant_name (combatant), name);
      else
        tkr_klep_encounter_log (self, _ ("%s uses %s during the pause"), combatant_name (combatant),
                                name);
      tkr_history_end (self->history);
      return TRUE;
    }

  switch (time)
    {
    case TKR_ABILITY_TIME_MONTAGE:
    case TKR_ABILITY_TIME_EPISODIC:
      if (!gm_approved)
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL,
                       _ ("%s takes far longer than a Turn and needs the GM’s approval"), name);
          return FALSE;
        }
      G_GNUC_FALLTHROUGH;
    case TKR_ABILITY_TIME_ACTION:
    case TKR_ABILITY_TIME_SLOW_ACTION:
      if (!require_on_turn (self, combatant, error))
        return FALSE;
      beats = tkr_ability_get_beats (ability);
      break;
    case TKR_ABILITY_TIME_REACTION:
      beats = tkr_ability_get_beats (ability);
      break;
    case TKR_ABILITY_TIME_FREE_ACTION:
      if (!require_on_turn (self, combatant, error) || !check_free_action (combatant, error))
        return FALSE;
      free_action = TRUE;
      break;
    case TKR_ABILITY_TIME_FREE_REACTION:
    case TKR_ABILITY_TIME_PASSIVE:
      break;
    default:
      g_assert_not_reached ();
    }

  if (!check_beats (combatant, beats, error))
    return FALSE;
  if (time == TKR_ABILITY_TIME_SLOW_ACTION &&
      tkr_klep_combatant_get_pending_slow_action (combatant) != NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already has a Slow Action under way (%s)"), combatant_name (combatant),
                   tkr_klep_combatant_get_pending_slow_action (combatant));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Use an Ability"));
  if (beats > 0)
    set_int (self, combatant, "beats-left", tkr_klep_combatant_get_beats_left (combatant) - beats);
  if (free_action)
    set_int (self, combatant, "free-actions-used",
             tkr_klep_combatant_get_free_actions_used (combatant) + 1);
  if (time == TKR_ABILITY_TIME_SLOW_ACTION)
    {
      tkr_history_set (self->history, combatant, "pending-slow-action", name);
      tkr_klep_encounter_log (self, _ ("%s begins the Slow Action %s; it takes effect next Turn"),
                              combatant_name (combatant), name);
    }
  else
    /* Translators: a character, an Ability, then its Time ("Reaction") */
    tkr_klep_encounter_log (self, _ ("%s uses %s (%s)"), combatant_name (combatant), name,
                            tkr_ability_time_to_string (time));
  tkr_history_end (self->history);
  return TRUE;
}

/* Movement (seed, "Movement") */

/* The name a range goes by this Turn: the sheet's spelling, or the GM's
 * grant, so "walk" and "Walk" add up in one place. */
static char *
canonical_range (TkrKlepCombatant *combatant, const char *range)
{
  TkrMovementRange *sheet_range =
    tkr_character_find_range (tkr_klep_combatant_get_character (combatant), range);
  g_auto (GStrv) names = NULL;

  if (sheet_range != NULL && tkr_movement_range_get_units (sheet_range) > 0)
    return g_strdup (tkr_movement_range_get_name (sheet_range));
  names = tkr_klep_combatant_list_ranges (combatant);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_ascii_strcasecmp (names[i], range) == 0)
      return g_strdup (names[i]);
  return g_strdup (range);
}

typedef struct
{
  const char *key;
  GVariant *value;
} DictEntry;

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (((const DictEntry *) a)->key, ((const DictEntry *) b)->key);
}

/* @dict with @key set to @value (a{si} or a{s(ib)}), keys sorted so that
 * equal states are equal variants. */
static GVariant *
dict_with (GVariant *dict, const char *key, GVariant *value)
{
  g_autoptr (GArray) entries = g_array_new (FALSE, FALSE, sizeof (DictEntry));
  g_autoptr (GVariant) new_value = g_variant_ref_sink (value);
  GVariantBuilder builder;
  GVariantIter iter;
  DictEntry entry;

  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&s@*}", &entry.key, &entry.value))
    {
      if (g_str_equal (entry.key, key))
        g_variant_unref (entry.value);
      else
        g_array_append_val (entries, entry);
    }
  entry.key = key;
  entry.value = g_variant_ref (new_value);
  g_array_append_val (entries, entry);
  g_array_sort (entries, compare_entries);

  g_variant_builder_init (&builder, g_variant_get_type (dict));
  for (guint i = 0; i < entries->len; i++)
    {
      DictEntry *e = &g_array_index (entries, DictEntry, i);

      g_variant_builder_add (&builder, "{s@*}", e->key, e->value);
      g_variant_unref (e->value);
    }
  return g_variant_builder_end (&builder);
}

/**
 * tkr_klep_encounter_move:
 *
 * Spends @movement into @range on one's own Turn (seed, "Movement"): at
 * most the Movement left, and at most the range's cap for the Turn
 * (tkr_klep_combatant_get_range_cap()). A range the GM granted as Improvised
 * Movement covers one unit per improvised_cost Movement unless waived.
 */
gboolean
tkr_klep_encounter_move (TkrKlepEncounter *self,
                         TkrKlepCombatant *combatant,
                         const char *range,
                         int movement,
                         GError **error)
{
  g_autofree char *name = NULL;
  g_autoptr (GVariant) range_spent = NULL;
  gboolean improvised, waived;
  int cap, spent, left;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (range != NULL, FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_combatant (self, combatant, error) ||
      !require_on_turn (self, combatant, error))
    return FALSE;
  if (movement <= 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Move by at least one unit"));
      return FALSE;
    }

  name = canonical_range (combatant, range);
  improvised = tkr_klep_combatant_is_improvised (combatant, name, &waived);
  cap = tkr_klep_combatant_get_range_cap (combatant, name);
  spent = tkr_klep_combatant_get_range_spent (combatant, name);
  left = tkr_klep_combatant_get_movement_left (combatant);

  /* Seed, "Improvised Movement": an unlisted range is 0, and only the GM
   * can grant a temporary one. */
  if (cap == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                   _ ("%s has no %s range; the GM can grant Improvised Movement for it"),
                   combatant_name (combatant), name);
      return FALSE;
    }
  if (left == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                   _ ("%s has no Movement left this Turn"), combatant_name (combatant));
      return FALSE;
    }
  if (spent + movement > cap)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED,
                   /* Translators: a character, Movement, then a range ("Jump") */
                   _ ("%s can spend only %d more Movement on %s this Turn"),
                   combatant_name (combatant), cap - spent, name);
      return FALSE;
    }
  if (movement > left)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                   _ ("%s has only %d Movement left this Turn"), combatant_name (combatant), left);
      return FALSE;
    }

  g_object_get (combatant, "range-spent", &range_spent, NULL);

  tkr_history_begin (self->history, _ ("Move"));
  tkr_history_set (self->history, combatant, "range-spent",
                   dict_with (range_spent, name, g_variant_new_int32 (spent + movement)));
  set_int (self, combatant, "movement-left", left - movement);
  if (improvised && !waived)
    {
      int cost = MAX (tkr_rules_get_improvised_cost (self->rules), 1);
      g_autofree char *distance = g_strdup_printf ("%g", (double) movement / cost);

      /* Translators: a character, Movement spent, a range ("Climb"), then units travelled */
      tkr_klep_encounter_log (self,
                              _ ("%s spends %d Movement on improvised %s and covers %s units"),
                              combatant_name (combatant), movement, name, distance);
    }
  else if (improvised)
    tkr_klep_encounter_log (self, _ ("%s spends %d Movement on improvised %s, without penalty"),
                            combatant_name (combatant), movement, name);
  else
    /* Translators: a character, Movement spent, then a range ("Walk") */
    tkr_klep_encounter_log (self, _ ("%s spends %d Movement on %s"), combatant_name (combatant),
                            movement, name);
  tkr_history_end (self->history);
  return TRUE;
}

/**
 * tkr_klep_encounter_grant_improvised_range:
 * @units: the Movement the grant can take this Turn
 * @waive_penalty: the improvisation makes the going easy: no 2:1 penalty
 *
 * Seed, "Improvised Movement": for a range the sheet does not list, the GM
 * may grant a temporary one for the Turn (cleared when the next Turn of
 * the combatant starts).
 */
gboolean
tkr_klep_encounter_grant_improvised_range (TkrKlepEncounter *self,
                                           TkrKlepCombatant *combatant,
                                           const char *range,
                                           int units,
                                           gboolean waive_penalty,
                                           GError **error)
{
  g_autoptr (GVariant) improvised = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_combatant (self, combatant, error) ||
      !require_on_turn (self, combatant, error))
    return FALSE;
  if (range == NULL || *range == '\0' || !g_utf8_validate (range, -1, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Name the kind of movement, such as Climb or Swim"));
      return FALSE;
    }
  if (units < 1 || units > MAX_IMPROVISED_UNITS)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An improvised range needs between 1 and %d units"), MAX_IMPROVISED_UNITS);
      return FALSE;
    }
  if (tkr_character_get_range_units (tkr_klep_combatant_get_character (combatant), range) > 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already has a %s range and needs no improvising"),
                   combatant_name (combatant), range);
      return FALSE;
    }

  name = canonical_range (combatant, range);
  g_object_get (combatant, "improvised", &improvised, NULL);

  tkr_history_begin (self->history, _ ("Grant Improvised Movement"));
  tkr_history_set (self->history, combatant, "improvised",
                   dict_with (improvised, name, g_variant_new ("(ib)", units, waive_penalty)));
  if (waive_penalty)
    tkr_klep_encounter_log (self, _ ("The GM grants %s an improvised %s of %d, without penalty"),
                            combatant_name (combatant), name, units);
  else
    tkr_klep_encounter_log (self, _ ("The GM grants %s an improvised %s of %d"),
                            combatant_name (combatant), name, units);
  tkr_history_end (self->history);
  return TRUE;
}

/* Seed, "The Dash Ability": the second Dash of a Round needs a Test. */
gboolean
tkr_klep_encounter_dash_needs_test (TkrKlepEncounter *self, TkrKlepCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (combatant), FALSE);
  return tkr_klep_combatant_get_dashes (combatant) >= 1;
}

/**
 * tkr_klep_encounter_dash:
 * @athletics: (nullable): the Athletics Test for a second Dash in the Round
 *
 * Seed, "The Dash Ability": a Beat that doubles every range, and so the
 * Movement, for the Turn (the caps grow with "dashes"; the Movement left
 * grows by the largest range). A second Dash in the same Round needs a
 * Pass on an Athletics Test: with a Low Score the Dash still happens, but
 * the combatant becomes Slowed.
 */
gboolean
tkr_klep_encounter_dash (TkrKlepEncounter *self,
                         TkrKlepCombatant *combatant,
                         const TkrTestRoll *athletics,
                         GError **error)
{
  TkrCharacter *character;
  gboolean again;
  int largest;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_combatant (self, combatant, error) ||
      !require_on_turn (self, combatant, error) || !check_beats (combatant, 1, error))
    return FALSE;

  again = tkr_klep_encounter_dash_needs_test (self, combatant);
  if (again && athletics == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NEEDS_TEST,
                   _ ("A second Dash in the same Round needs an Athletics Test"));
      return FALSE;
    }

  character = tkr_klep_combatant_get_character (combatant);
  largest = tkr_character_get_largest_range (character);

  tkr_history_begin (self->history, _ ("Dash"));
  /* The condition first: if it cannot be added, nothing else has changed. */
  if (again && athletics->range == TKR_SCORE_RANGE_LOW &&
      tkr_klep_encounter_add_condition (self, character, "Slowed", 1, error) == NULL)
    {
      tkr_history_abort (self->history);
      return FALSE;
    }
  set_int (self, combatant, "beats-left", tkr_klep_combatant_get_beats_left (combatant) - 1);
  set_int (self, combatant, "dashes", tkr_klep_combatant_get_dashes (combatant) + 1);
  set_int (self, combatant, "movement-gained",
           tkr_klep_combatant_get_movement_gained (combatant) + largest);
  set_int (self, combatant, "movement-left",
           tkr_klep_combatant_get_movement_left (combatant) + largest);
  if (!again)
    tkr_klep_encounter_log (self, _ ("%s Dashes: every range is doubled this Turn"),
                            character_name (character));
  else if (athletics->range == TKR_SCORE_RANGE_LOW)
    /* Translators: a character, then the Score of a Test */
    tkr_klep_encounter_log (self, _ ("%s Dashes again with an Athletics Score of %d and is Slowed"),
                            character_name (character), athletics->score);
  else
    tkr_klep_encounter_log (self, _ ("%s Dashes again with an Athletics Score of %d"),
                            character_name (character), athletics->score);
  tkr_history_end (self->history);
  return TRUE;
}

/* Conditions */

/**
 * tkr_klep_encounter_add_condition:
 *
 * Adds stacks stamped with the current Turn (seed, "Ending your Turn":
 * stacks gained on a Turn are not erased at its end). Outside Main and
 * Paused there is no Turn, and the stacks carry TKR_TURN_NONE.
 *
 * Returns: (transfer none) (nullable): the condition
 */
TkrCondition *
tkr_klep_encounter_add_condition (
  TkrKlepEncounter *self, TkrCharacter *character, const char *name, int stacks, GError **error)
{
  TkrCondition *condition;
  int turn;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!require_participant (self, character, error))
    return NULL;

  turn = (self->phase == TKR_PHASE_MAIN || self->phase == TKR_PHASE_PAUSED) ? self->turn_serial
                                                                            : TKR_TURN_NONE;

  tkr_history_begin (self->history, _ ("Add a condition"));
  condition =
    tkr_character_add_condition (character, self->history, self->rules, name, stacks, turn, error);
  if (condition == NULL)
    {
      tkr_history_abort (self->history);
      return NULL;
    }
  /* Translators: a character, a number of stacks, then a condition ("Slowed") */
  tkr_klep_encounter_log (
    self,
    g_dngettext (GETTEXT_PACKAGE, "%s gains %d stack of %s", "%s gains %d stacks of %s", stacks),
    character_name (character), stacks, tkr_condition_get_name (condition));
  tkr_history_end (self->history);
  return condition;
}

/* Zones (seed, "Terrain Zones") */

static gboolean
find_zone (TkrKlepEncounter *self, TkrZone *zone, guint *position, GError **error)
{
  if (TKR_IS_ZONE (zone) && g_list_store_find (self->zones, zone, position))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That Zone is not in play"));
  return FALSE;
}

static gboolean
check_zone_stacks (const char *name, int stacks, int max_stacks, GError **error)
{
  if (stacks >= 1 && stacks <= max_stacks)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("A %s Zone has from 1 to %d stacks"), name, max_stacks);
  return FALSE;
}

/* A Zone the rule data does not list stacks as high as the listed ones do. */
static int
custom_zone_max_stacks (TkrRules *rules)
{
  int max_stacks = 1;

  for (guint i = 0; i < tkr_rules_get_n_zones (rules); i++)
    max_stacks = MAX (max_stacks, tkr_rules_get_zone (rules, i)->max_stacks);
  return max_stacks;
}

/**
 * tkr_klep_encounter_add_zone:
 * @location: (nullable): where it lies, in the GM's words
 *
 * Returns: (transfer none) (nullable): the Zone, now in play
 */
TkrZone *
tkr_klep_encounter_add_zone (
  TkrKlepEncounter *self, const char *name, int stacks, const char *location, GError **error)
{
  const TkrZoneInfo *info;
  g_autoptr (TkrZone) zone = NULL;
  int max_stacks;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);

  if (name == NULL || *name == '\0' || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A Zone needs a name, such as Fire or Dark"));
      return NULL;
    }
  if (location != NULL && !g_utf8_validate (location, -1, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("The Zone’s place is not valid text"));
      return NULL;
    }

  info = tkr_rules_lookup_zone (self->rules, name);
  max_stacks = info ? info->max_stacks : custom_zone_max_stacks (self->rules);
  if (!check_zone_stacks (info ? info->name : name, stacks, max_stacks, error))
    return NULL;

  zone = info ? tkr_zone_new_from_info (info, stacks) : tkr_zone_new (name, stacks, max_stacks);
  if (location != NULL)
    g_object_set (zone, "location", location, NULL);

  tkr_history_begin (self->history, _ ("Add a Zone"));
  tkr_history_append (self->history, self->zones, zone);
  if (location != NULL && *location != '\0')
    /* Translators: a Zone ("Fire"), its stacks, then where it is ("the brazier") */
    tkr_klep_encounter_log (self,
                            g_dngettext (GETTEXT_PACKAGE, "A %s Zone of %d stack appears: %s",
                                         "A %s Zone of %d stacks appears: %s", stacks),
                            tkr_zone_get_name (zone), stacks, location);
  else
    tkr_klep_encounter_log (self,
                            g_dngettext (GETTEXT_PACKAGE, "A %s Zone of %d stack appears",
                                         "A %s Zone of %d stacks appears", stacks),
                            tkr_zone_get_name (zone), stacks);
  tkr_history_end (self->history);
  return zone;
}

gboolean
tkr_klep_encounter_set_zone_stacks (TkrKlepEncounter *self,
                                    TkrZone *zone,
                                    int stacks,
                                    GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!find_zone (self, zone, NULL, error) ||
      !check_zone_stacks (tkr_zone_get_name (zone), stacks, tkr_zone_get_max_stacks (zone), error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Change a Zone"));
  tkr_history_set (self->history, zone, "stacks", stacks);
  tkr_klep_encounter_log (self,
                          g_dngettext (GETTEXT_PACKAGE, "The %s Zone now has %d stack",
                                       "The %s Zone now has %d stacks", stacks),
                          tkr_zone_get_name (zone), stacks);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_klep_encounter_remove_zone (TkrKlepEncounter *self, TkrZone *zone, GError **error)
{
  guint position;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!find_zone (self, zone, &position, error))
    return FALSE;

  g_object_ref (zone);
  tkr_history_begin (self->history, _ ("Remove a Zone"));
  tkr_history_set_destructive (self->history);
  tkr_history_remove (self->history, self->zones, position);
  tkr_klep_encounter_log (self, _ ("The %s Zone is gone"), tkr_zone_get_name (zone));
  tkr_history_end (self->history);
  g_object_unref (zone);
  return TRUE;
}

/**
 * tkr_klep_encounter_award_experience:
 * @reason: (nullable): why, for the log ("drove the orcs off")
 *
 * Seed, "Encounter End Phase": usually one Experience Point, sometimes a
 * second for a secondary goal or a fine outcome; the amounts allowed come
 * from the rule data.
 */
gboolean
tkr_klep_encounter_award_experience (
  TkrKlepEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_END, error) || !require_participant (self, character, error))
    return FALSE;
  if (!tkr_rules_is_valid_award (self->rules, xp))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%d Experience Points is not an award these rules allow"), xp);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Award Experience"));
  if (!tkr_character_award_experience (character, self->history, xp, error))
    {
      tkr_history_abort (self->history);
      return FALSE;
    }
  if (reason != NULL && *reason != '\0')
    /* Translators: a character, Experience Points, then the GM's reason */
    tkr_klep_encounter_log (self, _ ("%s gains %d XP: %s"), character_name (character), xp, reason);
  else
    tkr_klep_encounter_log (self, _ ("%s gains %d XP"), character_name (character), xp);
  tkr_history_end (self->history);
  return TRUE;
}

/* Files */

static JsonNode *
list_to_json (GListModel *list, JsonNode *(*to_json) (gpointer item))
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (list, i);
      json_array_add_element (array, to_json (item));
    }
  json_node_take_array (node, array);
  return node;
}

static JsonNode *
participant_to_json (gpointer item)
{
  TkrCharacter *character = item;
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  /* PCs live in the party (their own files); an NPC of the encounter is
   * a copy made for it, so it is stored here whole. */
  if (tkr_character_is_pc (character))
    json_object_set_string_member (object, "ref", tkr_character_get_id (character));
  else
    json_object_set_member (object, "npc", tkr_character_to_json (character));
  json_node_take_object (node, object);
  return node;
}

static JsonNode *
entry_to_json (gpointer item)
{
  TkrKlepTurnEntry *entry = item;
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "kind",
                                 entry_kind_nicks[tkr_klep_turn_entry_get_kind (entry)]);
  json_object_set_string_member (object, "name", tkr_klep_turn_entry_get_name (entry));
  json_object_set_member (object, "members",
                          list_to_json (tkr_klep_turn_entry_get_members (entry),
                                        (JsonNode * (*) (gpointer)) tkr_klep_combatant_to_json));
  json_node_take_object (node, object);
  return node;
}

JsonNode *
tkr_klep_encounter_to_json (TkrKlepEncounter *self)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);

  json_object_set_string_member (object, "name", self->name ? self->name : "");
  json_object_set_string_member (object, "phase", tkr_phase_to_nick (self->phase));
  json_object_set_int_member (object, "round", self->round);
  json_object_set_int_member (object, "current_index", self->current_index);
  json_object_set_int_member (object, "turn_serial", self->turn_serial);
  json_object_set_member (object, "participants",
                          list_to_json (G_LIST_MODEL (self->participants), participant_to_json));
  json_object_set_member (object, "order",
                          list_to_json (G_LIST_MODEL (self->order), entry_to_json));
  if (self->setup != NULL)
    json_object_set_member (object, "setup", tkr_klep_setup_to_json (self->setup));
  json_object_set_member (
    object, "zones",
    list_to_json (G_LIST_MODEL (self->zones), (JsonNode * (*) (gpointer)) tkr_zone_to_json));
  json_object_set_member (
    object, "log",
    list_to_json (G_LIST_MODEL (self->log), (JsonNode * (*) (gpointer)) tkr_log_entry_to_json));
  json_node_take_object (node, object);
  return node;
}

/* While loading, characters are found among the participants just read:
 * the NPCs created from the file and the PCs the caller resolved. */
static TkrCharacter *
resolve_participant (const char *id, gpointer user_data)
{
  GPtrArray *participants = user_data;

  for (guint i = 0; i < participants->len; i++)
    if (g_strcmp0 (tkr_character_get_id (g_ptr_array_index (participants, i)), id) == 0)
      return g_ptr_array_index (participants, i);
  return NULL;
}

static gboolean
read_participants (JsonObject *object,
                   const char *path,
                   TkrCharacterResolver resolve,
                   gpointer user_data,
                   GPtrArray *participants,
                   GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "participants");
  JsonArray *array;

  if (!tkr_json_get_array (object, "participants", path, FALSE, &array, error))
    return FALSE;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *ref = NULL;
      g_autoptr (TkrCharacter) character = NULL;
      JsonObject *item;
      JsonNode *npc;

      item = tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      if (item == NULL || !tkr_json_get_string (item, "ref", item_path, FALSE, NULL, &ref, error))
        return FALSE;
      npc = json_object_get_member (item, "npc");
      if (npc != NULL && JSON_NODE_HOLDS_NULL (npc))
        npc = NULL;

      if ((ref != NULL) == (npc != NULL))
        {
          tkr_json_set_error (error, item_path, _ ("expected either “ref” or “npc”"));
          return FALSE;
        }
      if (ref != NULL)
        {
          TkrCharacter *found = resolve ? resolve (ref, user_data) : NULL;

          if (found == NULL)
            {
              g_autofree char *ref_path = tkr_json_path (item_path, "ref");
              tkr_json_set_error (error, ref_path, _ ("no character in this file has the id “%s”"),
                                  ref);
              return FALSE;
            }
          if (!tkr_character_is_pc (found))
            {
              g_autofree char *ref_path = tkr_json_path (item_path, "ref");
              tkr_json_set_error (error, ref_path,
                                  _ ("“%s” is an NPC; an encounter stores its NPCs whole"),
                                  character_name (found));
              return FALSE;
            }
          character = g_object_ref (found);
        }
      else
        {
          g_autofree char *npc_path = tkr_json_path (item_path, "npc");

          character = tkr_character_new_from_json (npc, npc_path, error);
          if (character == NULL)
            return FALSE;
          if (tkr_character_is_pc (character))
            {
              tkr_json_set_error (error, npc_path,
                                  _ ("“%s” is a PC; an encounter refers to its PCs by id"),
                                  character_name (character));
              return FALSE;
            }
        }

      if (resolve_participant (tkr_character_get_id (character), participants) != NULL)
        {
          tkr_json_set_error (error, item_path, _ ("“%s” takes part twice"),
                              character_name (character));
          return FALSE;
        }
      g_ptr_array_add (participants, g_steal_pointer (&character));
    }
  return TRUE;
}

static gboolean
read_order (
  JsonObject *object, const char *path, GPtrArray *participants, GPtrArray *order, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "order");
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  JsonArray *array;

  if (!tkr_json_get_array (object, "order", path, FALSE, &array, error))
    return FALSE;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *members_path = tkr_json_path (item_path, "members");
      g_autofree char *name = NULL;
      g_autoptr (TkrKlepTurnEntry) entry = NULL;
      JsonObject *item;
      JsonArray *members;
      int kind;

      item = tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      if (item == NULL ||
          !tkr_json_get_enum (item, "kind", item_path, TRUE, entry_kind_nicks, 0, &kind, error) ||
          !tkr_json_get_string (item, "name", item_path, FALSE, "", &name, error) ||
          !tkr_json_get_array (item, "members", item_path, TRUE, &members, error))
        return FALSE;

      /* A PC's entry is that PC alone; a group has at least one NPC. */
      if (json_array_get_length (members) == 0 ||
          (kind == TKR_KLEP_TURN_ENTRY_KIND_PC && json_array_get_length (members) != 1))
        {
          tkr_json_set_error (error, members_path,
                              kind == TKR_KLEP_TURN_ENTRY_KIND_PC
                                ? _ ("a PC’s place in the order holds exactly one character")
                                : _ ("a group needs at least one NPC"));
          return FALSE;
        }

      entry = tkr_klep_turn_entry_new (kind, name);
      for (guint j = 0; j < json_array_get_length (members); j++)
        {
          g_autofree char *member_path = tkr_json_path_index (members_path, j);
          g_autoptr (TkrKlepCombatant) combatant = NULL;
          TkrCharacter *character;

          combatant =
            tkr_klep_combatant_new_from_json (json_array_get_element (members, j), member_path,
                                              resolve_participant, participants, error);
          if (combatant == NULL)
            return FALSE;
          character = tkr_klep_combatant_get_character (combatant);
          if (!g_hash_table_add (seen, character))
            {
              tkr_json_set_error (error, member_path, _ ("“%s” has two places in the order"),
                                  character_name (character));
              return FALSE;
            }
          if (tkr_character_is_pc (character) != (kind == TKR_KLEP_TURN_ENTRY_KIND_PC))
            {
              tkr_json_set_error (error, member_path,
                                  kind == TKR_KLEP_TURN_ENTRY_KIND_PC
                                    ? _ ("“%s” is an NPC in a PC’s place")
                                    : _ ("“%s” is a PC in an NPC group"),
                                  character_name (character));
              return FALSE;
            }
          tkr_klep_turn_entry_add_member (entry, combatant);
        }
      g_ptr_array_add (order, g_steal_pointer (&entry));
    }
  return TRUE;
}

typedef gpointer (*ItemFromJson) (JsonNode *node, const char *path, GError **error);

static gboolean
read_items (JsonObject *object,
            const char *member,
            const char *path,
            ItemFromJson from_json,
            GPtrArray *items,
            GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, member);
  JsonArray *array;

  if (!tkr_json_get_array (object, member, path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      gpointer item = from_json (json_array_get_element (array, i), item_path, error);

      if (item == NULL)
        return FALSE;
      g_ptr_array_add (items, item);
    }
  return TRUE;
}

static void
replace_store (GListStore *store, GPtrArray *items)
{
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)), items->pdata,
                       items->len);
}

/**
 * tkr_klep_encounter_load_json:
 *
 * Everything is read and checked before anything changes: the phase, the
 * Round and the current index must agree with the order (Main and Paused
 * need a Turn in progress; Freeplay and Setup have no order), every id
 * must resolve, and a Setup is there exactly in the Setup phase. Errors are
 * TKR_FILE_ERROR_INVALID naming the path of the bad value.
 */
gboolean
tkr_klep_encounter_load_json (TkrKlepEncounter *self,
                              JsonNode *node,
                              const char *path,
                              TkrCharacterResolver resolve,
                              gpointer user_data,
                              GError **error)
{
  g_autoptr (GPtrArray) participants = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) order = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) zones = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (TkrKlepSetup) setup = NULL;
  g_autofree char *name = NULL;
  JsonObject *object;
  JsonNode *setup_node;
  gint64 round, current_index, turn_serial;
  int phase;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "name", path, FALSE, "", &name, error) ||
      !tkr_json_get_enum (object, "phase", path, TRUE, phase_nicks, TKR_PHASE_FREEPLAY, &phase,
                          error) ||
      !tkr_json_get_int (object, "round", path, FALSE, 0, MAX_ROUND, 0, &round, error) ||
      !tkr_json_get_int (object, "current_index", path, FALSE, -1, TKR_JSON_MAX_ITEMS, -1,
                         &current_index, error) ||
      !tkr_json_get_int (object, "turn_serial", path, FALSE, 0, G_MAXINT, 0, &turn_serial, error) ||
      !read_participants (object, path, resolve, user_data, participants, error) ||
      !read_order (object, path, participants, order, error) ||
      !read_items (object, "zones", path, (ItemFromJson) tkr_zone_new_from_json, zones, error) ||
      !read_items (object, "log", path, (ItemFromJson) tkr_log_entry_new_from_json, log, error))
    return FALSE;

  /* The phase and the turn must agree with the order. */
  if (current_index >= (gint64) order->len)
    {
      g_autofree char *index_path = tkr_json_path (path, "current_index");
      tkr_json_set_error (error, index_path, _ ("there is no place %d in an order of %u"),
                          (int) current_index + 1, order->len);
      return FALSE;
    }
  if ((phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED) && (current_index < 0 || round < 1))
    {
      g_autofree char *index_path = tkr_json_path (path, "current_index");
      tkr_json_set_error (error, index_path,
                          _ ("a running encounter needs a Round and someone’s Turn"));
      return FALSE;
    }
  if ((phase == TKR_PHASE_FREEPLAY || phase == TKR_PHASE_SETUP) &&
      (order->len > 0 || current_index != -1 || round != 0))
    {
      g_autofree char *order_path = tkr_json_path (path, "order");
      tkr_json_set_error (error, order_path,
                          _ ("an encounter in Freeplay or Setup has no turn order yet"));
      return FALSE;
    }

  setup_node = json_object_get_member (object, "setup");
  if (setup_node != NULL && JSON_NODE_HOLDS_NULL (setup_node))
    setup_node = NULL;
  if ((setup_node != NULL) != (phase == TKR_PHASE_SETUP))
    {
      g_autofree char *setup_path = tkr_json_path (path, "setup");
      tkr_json_set_error (error, setup_path,
                          phase == TKR_PHASE_SETUP
                            ? _ ("an encounter in its Setup phase needs its Setup")
                            : _ ("only an encounter in its Setup phase has a Setup"));
      return FALSE;
    }
  if (setup_node != NULL)
    {
      g_autofree char *setup_path = tkr_json_path (path, "setup");

      setup = tkr_klep_setup_new (self->rules);
      if (!tkr_klep_setup_load_json (setup, setup_node, setup_path, resolve_participant,
                                     participants, error))
        return FALSE;
    }

  g_object_set (self, "name", name, "phase", phase, "round", (int) round, "current-index",
                (int) current_index, "turn-serial", (int) turn_serial, "setup", setup, NULL);
  replace_store (self->participants, participants);
  replace_store (self->order, order);
  replace_store (self->zones, zones);
  replace_store (self->log, log);
  for (guint i = 0; i < order->len; i++)
    g_object_set (g_ptr_array_index (order, i), "current", (gint64) i == current_index, NULL);
  return TRUE;
}

/* TkrTracker: the Kleptonomicon's encounter as one of the rule systems. */

TKR_TRACKER_DEFINE_FORWARDS (tkr_klep_encounter, TKR_KLEP_ENCOUNTER)

static gboolean
tracker_add_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_klep_encounter_add_participant (TKR_KLEP_ENCOUNTER (tracker), character, error);
}

static gboolean
tracker_remove_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_klep_encounter_remove_participant (TKR_KLEP_ENCOUNTER (tracker), character, error);
}

static GPtrArray *
tracker_list_participants (TkrTracker *tracker)
{
  GListModel *model = tkr_klep_encounter_get_participants (TKR_KLEP_ENCOUNTER (tracker));
  guint n = g_list_model_get_n_items (model);
  GPtrArray *characters = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (characters, g_list_model_get_item (model, i));
  return characters;
}

static void
tkr_klep_encounter_tracker_init (TkrTrackerInterface *iface)
{
  tkr_tracker_forward_init (iface);
  iface->add_participant = tracker_add_participant;
  iface->remove_participant = tracker_remove_participant;
  iface->list_participants = tracker_list_participants;
}
