/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-encounter.h"
#include "tkr-save-cache.h"
#include "tkr-effects.h"
#include "tkr-command.h"
#include "tkr-delay.h"
#include "tkr-reminders.h"
#include "tkr-saves.h"
#include "tkr-health.h"
#include "tkr-enums.h"
#include "tkr-json-reader.h"
#include "tkr-json.h"

#define MAX_ROUND 1000000
/* The history tag of "next turn" steps: previous turn undoes to one. */
#define NEXT_TURN_TAG "tkr-next-turn"

typedef struct
{
  TkrRules *rules;
  TkrHistory *history; /* weak: the campaign owns it */
  TkrPhase phase;
  int round;
  int current_index;
  GListStore *participants;
  GListStore *combatants;
  GListStore *order;
  GListStore *log;
  /* Lookups a command makes (whose combatant, does it take part), rebuilt
   * after the lists change so a command costs the same in any size of
   * encounter; NULL when stale. */
  GHashTable *combatant_of; /* TkrCharacter -> TkrCombatant */
  GHashTable *participant_set;
  GRand *rand;             /* the dice typed formulas roll on; NULL until first used */
  gboolean reveal_on_turn; /* hidden combatants show when their turn comes */
} TkrEncounterPrivate;

static void tkr_encounter_tracker_init (TkrTrackerInterface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (TkrEncounter,
                                  tkr_encounter,
                                  G_TYPE_OBJECT,
                                  G_ADD_PRIVATE (TkrEncounter)
                                    G_IMPLEMENT_INTERFACE (TKR_TYPE_TRACKER,
                                                           tkr_encounter_tracker_init))

enum
{
  PROP_0,
  PROP_RULES,
  PROP_HISTORY,
  PROP_PHASE,
  PROP_ROUND,
  PROP_CURRENT_INDEX,
  PROP_LOG,
  PROP_REVEAL_HIDDEN_ON_TURN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define PRIV(self)                                                                                 \
  ((TkrEncounterPrivate *) tkr_encounter_get_instance_private (TKR_ENCOUNTER (self)))

static void
tkr_encounter_dispose (GObject *object)
{
  TkrEncounterPrivate *priv = PRIV (object);

  g_clear_weak_pointer (&priv->history);
  g_clear_pointer (&priv->rand, g_rand_free);
  if (priv->order != NULL)
    g_list_store_remove_all (priv->order);
  if (priv->combatants != NULL)
    g_list_store_remove_all (priv->combatants);
  G_OBJECT_CLASS (tkr_encounter_parent_class)->dispose (object);
}

static void
tkr_encounter_finalize (GObject *object)
{
  TkrEncounterPrivate *priv = PRIV (object);

  g_clear_object (&priv->rules);
  g_clear_object (&priv->participants);
  g_clear_object (&priv->combatants);
  g_clear_object (&priv->order);
  g_clear_object (&priv->log);
  g_clear_pointer (&priv->combatant_of, g_hash_table_unref);
  g_clear_pointer (&priv->participant_set, g_hash_table_unref);
  G_OBJECT_CLASS (tkr_encounter_parent_class)->finalize (object);
}

static void
tkr_encounter_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrEncounterPrivate *priv = PRIV (object);

  switch (prop_id)
    {
    case PROP_RULES:
      g_value_set_object (value, priv->rules);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, priv->history);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, priv->phase);
      break;
    case PROP_ROUND:
      g_value_set_int (value, priv->round);
      break;
    case PROP_CURRENT_INDEX:
      g_value_set_int (value, priv->current_index);
      break;
    case PROP_LOG:
      g_value_set_object (value, priv->log);
      break;
    case PROP_REVEAL_HIDDEN_ON_TURN:
      g_value_set_boolean (value, priv->reveal_on_turn);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_int_field (GObject *object, int *field, int value, GParamSpec *pspec)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

static void
tkr_encounter_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrEncounterPrivate *priv = PRIV (object);

  switch (prop_id)
    {
    case PROP_RULES:
      priv->rules = g_value_dup_object (value);
      break;
    case PROP_HISTORY:
      g_set_weak_pointer (&priv->history, g_value_get_object (value));
      break;
    case PROP_PHASE:
      set_int_field (object, (int *) &priv->phase, g_value_get_enum (value), pspec);
      break;
    case PROP_ROUND:
      set_int_field (object, &priv->round, g_value_get_int (value), pspec);
      break;
    case PROP_CURRENT_INDEX:
      set_int_field (object, &priv->current_index, g_value_get_int (value), pspec);
      break;
    case PROP_REVEAL_HIDDEN_ON_TURN:
      set_int_field (object, &priv->reveal_on_turn, g_value_get_boolean (value), pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
tkr_encounter_real_check_transition (TkrEncounter *self, TkrPhase to, GError **error)
{
  return TRUE;
}

static gboolean
tkr_encounter_real_check_end_turn (TkrEncounter *self, GObject *slot, GError **error)
{
  return TRUE;
}

static gboolean tkr_encounter_real_advance (TkrEncounter *self, GError **error);

static void
tkr_encounter_class_init (TkrEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_encounter_dispose;
  object_class->finalize = tkr_encounter_finalize;
  object_class->get_property = tkr_encounter_get_property;
  object_class->set_property = tkr_encounter_set_property;

  klass->check_transition = tkr_encounter_real_check_transition;
  klass->check_end_turn = tkr_encounter_real_check_end_turn;
  klass->advance = tkr_encounter_real_advance;
  tkr_effects_install_signals (klass);
  tkr_reminders_install_signals (klass);

  properties[PROP_RULES] =
    g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, TKR_TYPE_HISTORY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, TKR_TYPE_PHASE, TKR_PHASE_FREEPLAY,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND] =
    g_param_spec_int ("round", NULL, NULL, 0, MAX_ROUND, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_INDEX] =
    g_param_spec_int ("current-index", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The campaign's choice (help/C/player-view.page): a hidden combatant
   * is revealed when its turn comes. */
  properties[PROP_REVEAL_HIDDEN_ON_TURN] =
    g_param_spec_boolean ("reveal-hidden-on-turn", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOG] = g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* The stores keep a reference for as long as the caller uses the item. */
static gpointer
item_at (GListStore *store, guint index)
{
  gpointer item = g_list_model_get_item (G_LIST_MODEL (store), index);

  if (item != NULL)
    g_object_unref (item);
  return item;
}

static guint
n_items (GListStore *store)
{
  return g_list_model_get_n_items (G_LIST_MODEL (store));
}

/* The lookups follow additions as they come (the common case: characters
 * join one by one, or Setup makes everyone's combatant); a removal makes
 * them stale, to be rebuilt when asked. A list filled from empty starts
 * the lookup, so the first command after Setup does not build it. */
static void
combatants_changed_cb (GListModel *model, guint position, guint removed, guint added, gpointer data)
{
  TkrEncounterPrivate *priv = data;

  if (removed > 0)
    g_clear_pointer (&priv->combatant_of, g_hash_table_unref);
  if (priv->combatant_of == NULL)
    {
      if (position > 0 || added == 0 || added < g_list_model_get_n_items (model))
        return;
      priv->combatant_of = g_hash_table_new (NULL, NULL);
    }
  for (guint i = position; i < position + added; i++)
    {
      TkrCombatant *combatant = item_at (G_LIST_STORE (model), i);

      g_hash_table_insert (priv->combatant_of, tkr_combatant_get_character (combatant), combatant);
    }
}

static void
participants_changed_cb (
  GListModel *model, guint position, guint removed, guint added, gpointer data)
{
  TkrEncounterPrivate *priv = data;

  if (removed > 0)
    g_clear_pointer (&priv->participant_set, g_hash_table_unref);
  if (priv->participant_set == NULL)
    return;
  for (guint i = position; i < position + added; i++)
    g_hash_table_add (priv->participant_set, item_at (G_LIST_STORE (model), i));
}

static void
tkr_encounter_init (TkrEncounter *self)
{
  TkrEncounterPrivate *priv = PRIV (self);

  priv->current_index = -1;
  priv->participants = g_list_store_new (TKR_TYPE_CHARACTER);
  priv->combatants = g_list_store_new (TKR_TYPE_COMBATANT);
  g_signal_connect (priv->participants, "items-changed", G_CALLBACK (participants_changed_cb),
                    priv);
  g_signal_connect (priv->combatants, "items-changed", G_CALLBACK (combatants_changed_cb), priv);
  priv->order = g_list_store_new (G_TYPE_OBJECT);
  priv->log = g_list_store_new (TKR_TYPE_LOG_ENTRY);
}

/* Getters */

TkrRules *
tkr_encounter_get_rules (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  return PRIV (self)->rules;
}

TkrHistory *
tkr_encounter_get_history (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  return PRIV (self)->history;
}

TkrPhase
tkr_encounter_get_phase (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), TKR_PHASE_FREEPLAY);
  return PRIV (self)->phase;
}

int
tkr_encounter_get_round (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), 0);
  return PRIV (self)->round;
}

int
tkr_encounter_get_current_index (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), -1);
  return PRIV (self)->current_index;
}

GListModel *
tkr_encounter_get_participants (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (PRIV (self)->participants);
}

GListModel *
tkr_encounter_get_combatants (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (PRIV (self)->combatants);
}

GListModel *
tkr_encounter_get_order (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (PRIV (self)->order);
}

GListModel *
tkr_encounter_get_log (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (PRIV (self)->log);
}

/**
 * tkr_encounter_get_current_slot:
 *
 * Returns: (transfer none) (nullable): the turn slot whose turn it is
 */
GObject *
tkr_encounter_get_current_slot (TkrEncounter *self)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  priv = PRIV (self);
  if (priv->phase != TKR_PHASE_MAIN && priv->phase != TKR_PHASE_PAUSED)
    return NULL;
  if (priv->current_index < 0 || (guint) priv->current_index >= n_items (priv->order))
    return NULL;
  return item_at (priv->order, priv->current_index);
}

/**
 * tkr_encounter_find_combatant:
 *
 * Returns: (transfer none) (nullable): @character's combatant
 */
TkrCombatant *
tkr_encounter_find_combatant (TkrEncounter *self, TkrCharacter *character)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  priv = PRIV (self);
  if (priv->combatant_of == NULL)
    {
      priv->combatant_of = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < n_items (priv->combatants); i++)
        {
          TkrCombatant *combatant = item_at (priv->combatants, i);

          g_hash_table_insert (priv->combatant_of, tkr_combatant_get_character (combatant),
                               combatant);
        }
    }
  return g_hash_table_lookup (priv->combatant_of, character);
}

gboolean
tkr_encounter_has_participant (TkrEncounter *self, TkrCharacter *character)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);
  if (priv->participant_set == NULL)
    {
      priv->participant_set = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < n_items (priv->participants); i++)
        g_hash_table_add (priv->participant_set, item_at (priv->participants, i));
    }
  return g_hash_table_contains (priv->participant_set, character);
}

const char *
tkr_encounter_get_phase_name (TkrEncounter *self, TkrPhase phase)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  return _ (tkr_encounter_get_phase_msgid (self, phase));
}

const char *
tkr_encounter_get_phase_msgid (TkrEncounter *self, TkrPhase phase)
{
  TkrEncounterClass *klass;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  klass = TKR_ENCOUNTER_GET_CLASS (self);
  if (klass->phase_name != NULL)
    return klass->phase_name (self, phase);
  return tkr_phase_to_msgid (phase);
}

static const char *
character_name (TkrCharacter *character)
{
  const char *name = tkr_character_get_name (character);

  return name && *name ? name : _ ("Someone");
}

/* The log */

static void
append_entry (TkrEncounter *self, TkrLogEntry *entry)
{
  TkrEncounterPrivate *priv = PRIV (self);
  gboolean own_step = priv->history != NULL && !tkr_history_in_group (priv->history);

  /* Inside a command the line joins the command's step; on its own (a
   * note from the GM) it is a step with a name of its own. */
  if (own_step)
    tkr_history_begin (priv->history, N_ ("Add to the log"));
  tkr_history_append (priv->history, priv->log, entry);
  if (own_step)
    tkr_history_end (priv->history);
}

/**
 * tkr_encounter_log_line:
 * @kind: (nullable): what the line records
 * @event: (transfer full): the line as its event (tkr-message.h)
 *
 * A log line built from its event: it reads in the reader's language,
 * whatever language it was written in (tkr_log_entry_new_event).
 */
void
tkr_encounter_log_line (TkrEncounter *self, const char *kind, TkrMessage *event)
{
  g_autoptr (TkrLogEntry) entry = NULL;

  g_return_if_fail (TKR_IS_ENCOUNTER (self));
  g_return_if_fail (event != NULL);

  entry = tkr_log_entry_new_event (PRIV (self)->round, kind, event);
  if (entry != NULL)
    append_entry (self, entry);
}

static void
log_valist (TkrEncounter *self, const char *kind, TkrMessage *event, va_list ap)
{
  TkrMessage *value;

  while ((value = va_arg (ap, TkrMessage *)) != NULL)
    tkr_message_add (event, value);
  tkr_encounter_log_line (self, kind, event);
}

/**
 * tkr_encounter_log_event:
 * @kind: (nullable): what the line records
 * @msgid: the untranslated message, marked N_ ("%s delays"), with a "%s"
 *   or "%d" for each value
 * @...: the values (TkrMessage *, transfer full), then NULL
 */
void
tkr_encounter_log_event (TkrEncounter *self, const char *kind, const char *msgid, ...)
{
  va_list ap;

  g_return_if_fail (msgid != NULL);
  va_start (ap, msgid);
  log_valist (self, kind, tkr_message_new (msgid, NULL), ap);
  va_end (ap);
}

/**
 * tkr_encounter_log_plural:
 * @msgid: the singular form, @plural the plural one (as for g_dngettext)
 * @n: the count that chooses the form
 * @...: the values (TkrMessage *, transfer full), then NULL
 */
void
tkr_encounter_log_plural (
  TkrEncounter *self, const char *kind, const char *msgid, const char *plural, gulong n, ...)
{
  va_list ap;

  g_return_if_fail (msgid != NULL && plural != NULL);
  va_start (ap, n);
  log_valist (self, kind, tkr_message_new_plural (msgid, plural, n, NULL), ap);
  va_end (ap);
}

/**
 * tkr_encounter_log_note:
 * @text: words a person typed (a GM's note), kept as they are
 */
void
tkr_encounter_log_note (TkrEncounter *self, const char *text)
{
  g_return_if_fail (text != NULL);
  tkr_encounter_log_line (self, NULL, tkr_message_text (text));
}

/**
 * tkr_encounter_who:
 *
 * Returns: (transfer full): @combatant's name as a value of a log line
 *   ("Someone", in the reader's language, when it has none)
 */
TkrMessage *
tkr_encounter_who (TkrCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), tkr_message_text (""));
  return tkr_message_person (tkr_character_get_name (tkr_combatant_get_character (combatant)));
}

/* Checks and recorded changes for the systems' commands */

gboolean
tkr_encounter_require_phase (TkrEncounter *self, TkrPhase phase, GError **error)
{
  TkrEncounterPrivate *priv = PRIV (self);

  if (priv->phase == phase)
    return TRUE;
  /* Translators: both are phase names, e.g. "Setup" and "Main" */
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               _ ("This can only be done in the %s phase, and the encounter is in %s"),
               tkr_encounter_get_phase_name (self, phase),
               tkr_encounter_get_phase_name (self, priv->phase));
  return FALSE;
}

gboolean
tkr_encounter_require_running (TkrEncounter *self, GError **error)
{
  TkrEncounterPrivate *priv = PRIV (self);

  if (priv->phase == TKR_PHASE_MAIN || priv->phase == TKR_PHASE_PAUSED)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               _ ("This can only be done while the encounter runs, and it is in %s"),
               tkr_encounter_get_phase_name (self, priv->phase));
  return FALSE;
}

gboolean
tkr_encounter_require_combatant (TkrEncounter *self, TkrCombatant *combatant, GError **error)
{
  if (TKR_IS_COMBATANT (combatant) &&
      tkr_encounter_find_combatant (self, tkr_combatant_get_character (combatant)) == combatant)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That combatant does not take part in this encounter"));
  return FALSE;
}

gboolean
tkr_encounter_change_resource (
  TkrEncounter *self, TkrCombatant *combatant, const char *id, int delta, GError **error)
{
  TkrResource *resource;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), FALSE);

  resource = tkr_combatant_find_resource (combatant, id);
  if (resource == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has no “%s” to spend"), tkr_combatant_get_name (combatant), id);
      return FALSE;
    }
  tkr_history_set (PRIV (self)->history, resource, "current",
                   tkr_resource_get_current (resource) + delta);
  return TRUE;
}

void
tkr_encounter_refill_resources (TkrEncounter *self, TkrCombatant *combatant)
{
  GListModel *resources;

  g_return_if_fail (TKR_IS_ENCOUNTER (self));
  g_return_if_fail (TKR_IS_COMBATANT (combatant));

  resources = tkr_combatant_get_resources (combatant);
  for (guint i = 0; i < g_list_model_get_n_items (resources); i++)
    {
      g_autoptr (TkrResource) resource = g_list_model_get_item (resources, i);

      tkr_history_set (PRIV (self)->history, resource, "current",
                       tkr_resource_get_maximum (resource));
    }
}

void
tkr_encounter_clear_store (TkrEncounter *self, GListStore *store)
{
  TkrHistory *history = PRIV (self)->history;

  for (guint i = n_items (store); i > 0; i--)
    tkr_history_remove (history, store, i - 1);
}

static void
set_phase (TkrEncounter *self, TkrPhase phase)
{
  tkr_history_set (PRIV (self)->history, self, "phase", phase);
}

static void
set_round (TkrEncounter *self, int round)
{
  tkr_history_set (PRIV (self)->history, self, "round", round);
}

static void
set_current_index (TkrEncounter *self, int index)
{
  tkr_history_set (PRIV (self)->history, self, "current-index", index);
}

/* Participants: they join and leave before the rounds begin. */

static TkrCombatant *
new_combatant (TkrEncounter *self, TkrCharacter *character)
{
  TkrCombatant *combatant = TKR_ENCOUNTER_GET_CLASS (self)->new_combatant (self, character);

  g_assert (TKR_IS_COMBATANT (combatant));
  return combatant;
}

gboolean
tkr_encounter_add_participant (TkrEncounter *self, TkrCharacter *character, GError **error)
{
  TkrEncounterClass *klass;
  TkrEncounterPrivate *priv;
  g_autoptr (TkrCombatant) combatant = NULL;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), FALSE);
  priv = PRIV (self);
  klass = TKR_ENCOUNTER_GET_CLASS (self);

  if (priv->phase != TKR_PHASE_FREEPLAY && priv->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Characters join an encounter before its rounds begin"));
      return FALSE;
    }
  if (tkr_encounter_has_participant (self, character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already takes part"), character_name (character));
      return FALSE;
    }

  tkr_history_begin (priv->history, N_ ("Add to the encounter"));
  tkr_history_append (priv->history, priv->participants, character);
  if (priv->phase == TKR_PHASE_SETUP)
    {
      combatant = new_combatant (self, character);
      tkr_history_append (priv->history, priv->combatants, combatant);
    }
  if (klass->joined != NULL)
    klass->joined (self, character, combatant);
  tkr_encounter_log_event (self, NULL, N_ ("%s joins the encounter"),
                           tkr_message_person (tkr_character_get_name (character)), NULL);
  tkr_history_end (priv->history);
  return TRUE;
}

gboolean
tkr_encounter_remove_participant (TkrEncounter *self, TkrCharacter *character, GError **error)
{
  TkrEncounterClass *klass;
  TkrEncounterPrivate *priv;
  TkrCombatant *combatant;
  guint position;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);
  klass = TKR_ENCOUNTER_GET_CLASS (self);

  if (priv->phase != TKR_PHASE_FREEPLAY && priv->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Characters leave an encounter before its rounds begin"));
      return FALSE;
    }
  if (!TKR_IS_CHARACTER (character) ||
      !g_list_store_find (priv->participants, character, &position))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("That character does not take part in this encounter"));
      return FALSE;
    }

  tkr_history_begin (priv->history, N_ ("Remove from the encounter"));
  tkr_history_set_destructive (priv->history);
  combatant = tkr_encounter_find_combatant (self, character);
  if (klass->leaving != NULL)
    klass->leaving (self, character, combatant);
  tkr_history_remove (priv->history, priv->participants, position);
  if (combatant != NULL)
    tkr_history_remove_item (priv->history, priv->combatants, combatant);
  tkr_encounter_log_event (self, NULL, N_ ("%s leaves the encounter"),
                           tkr_message_person (tkr_character_get_name (character)), NULL);
  tkr_history_end (priv->history);
  return TRUE;
}

/* Phases (help: the encounter pages describe the phases of each system) */

gboolean
tkr_encounter_check_transition (TkrEncounter *self, TkrPhase to, GError **error)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);

  if (!tkr_phase_can_follow (priv->phase, to))
    {
      /* Translators: two phase names */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("An encounter cannot go from %s to %s"),
                   tkr_encounter_get_phase_name (self, priv->phase),
                   tkr_encounter_get_phase_name (self, to));
      return FALSE;
    }
  /* Setup -> Main needs an order to follow. */
  if (priv->phase == TKR_PHASE_SETUP && to == TKR_PHASE_MAIN && n_items (priv->combatants) == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("Nobody takes part in the encounter yet"));
      return FALSE;
    }
  return TKR_ENCOUNTER_GET_CLASS (self)->check_transition (self, to, error);
}

gboolean
tkr_encounter_can_transition (TkrEncounter *self, TkrPhase to)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  return tkr_encounter_check_transition (self, to, NULL);
}

gboolean
tkr_encounter_transition (TkrEncounter *self, TkrPhase to, GError **error)
{
  TkrPhase from;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);

  if (!tkr_encounter_check_transition (self, to, error))
    return FALSE;
  from = PRIV (self)->phase;
  switch (to)
    {
    case TKR_PHASE_SETUP:
      return tkr_encounter_begin_setup (self, error);
    case TKR_PHASE_MAIN:
      if (from == TKR_PHASE_SETUP)
        return tkr_encounter_begin_main (self, error);
      return tkr_encounter_resume (self, error);
    case TKR_PHASE_PAUSED:
      return tkr_encounter_pause (self, error);
    case TKR_PHASE_END:
      return tkr_encounter_end (self, error);
    case TKR_PHASE_FREEPLAY:
      if (from == TKR_PHASE_SETUP)
        return tkr_encounter_abandon_setup (self, error);
      return tkr_encounter_finish (self, error);
    default:
      g_assert_not_reached ();
    }
}

gboolean
tkr_encounter_begin_setup (TkrEncounter *self, GError **error)
{
  TkrEncounterClass *klass;
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);
  klass = TKR_ENCOUNTER_GET_CLASS (self);

  if (!tkr_encounter_check_transition (self, TKR_PHASE_SETUP, error))
    return FALSE;

  tkr_history_begin (priv->history, N_ ("Begin the Setup"));
  for (guint i = 0; i < n_items (priv->participants); i++)
    {
      g_autoptr (TkrCombatant) combatant = new_combatant (self, item_at (priv->participants, i));

      tkr_history_append (priv->history, priv->combatants, combatant);
    }
  set_phase (self, TKR_PHASE_SETUP);
  if (klass->setup_begun != NULL)
    klass->setup_begun (self);
  tkr_history_end (priv->history);
  return TRUE;
}

static void show_everyone (TkrEncounter *self);

/* What Setup and the rounds leave behind goes; the log stays. */
static void
clear_encounter (TkrEncounter *self)
{
  TkrEncounterClass *klass = TKR_ENCOUNTER_GET_CLASS (self);
  TkrEncounterPrivate *priv = PRIV (self);

  show_everyone (self);
  if (klass->cleared != NULL)
    klass->cleared (self);
  tkr_encounter_clear_store (self, priv->order);
  tkr_encounter_clear_store (self, priv->combatants);
  set_round (self, 0);
  set_current_index (self, -1);
  set_phase (self, TKR_PHASE_FREEPLAY);
}

gboolean
tkr_encounter_abandon_setup (TkrEncounter *self, GError **error)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);

  if (priv->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter in its Setup can be abandoned"));
      return FALSE;
    }

  tkr_history_begin (priv->history, N_ ("Abandon the encounter"));
  tkr_history_set_destructive (priv->history);
  clear_encounter (self);
  tkr_encounter_log_event (self, NULL, N_ ("The Setup is abandoned"), NULL);
  tkr_history_end (priv->history);
  return TRUE;
}

static void
start_turn (TkrEncounter *self)
{
  TkrEncounterClass *klass = TKR_ENCOUNTER_GET_CLASS (self);
  GObject *slot = tkr_encounter_get_current_slot (self);

  if (slot != NULL && klass->start_turn != NULL)
    klass->start_turn (self, slot);
  /* Timed effects anchored to it (tkr-effects.h). */
  tkr_effects_slot_edge (self, TKR_EFFECT_EDGE_TURN_START, slot);
}

gboolean
tkr_encounter_begin_main (TkrEncounter *self, GError **error)
{
  TkrEncounterClass *klass;
  TkrEncounterPrivate *priv;
  g_autoptr (GPtrArray) order = NULL;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);
  klass = TKR_ENCOUNTER_GET_CLASS (self);

  if (!tkr_encounter_check_transition (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (priv->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("The rounds begin once the Setup is done"));
      return FALSE;
    }

  order = klass->build_order (self);
  if (order == NULL || order->len == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("The turn order is empty"));
      return FALSE;
    }

  tkr_history_begin (priv->history, N_ ("Begin the rounds"));
  for (guint i = 0; i < order->len; i++)
    tkr_history_append (priv->history, priv->order, order->pdata[i]);
  set_phase (self, TKR_PHASE_MAIN);
  set_round (self, 1);
  set_current_index (self, 0);
  if (klass->main_begun != NULL)
    klass->main_begun (self);
  start_turn (self);
  tkr_history_end (priv->history);
  return TRUE;
}

/* Main <-> Paused: from @from to @to as one step named @label, with the
 * system's @hook and the log line @logged (both untranslated, N_). */
static gboolean
switch_pause (TkrEncounter *self,
              TkrPhase from,
              TkrPhase to,
              const char *refusal,
              const char *label,
              void (*hook) (TkrEncounter *),
              const char *logged,
              GError **error)
{
  TkrEncounterPrivate *priv = PRIV (self);

  if (priv->phase != from)
    {
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                           refusal);
      return FALSE;
    }
  if (!tkr_encounter_check_transition (self, to, error))
    return FALSE;

  tkr_history_begin (priv->history, label);
  set_phase (self, to);
  if (hook != NULL)
    hook (self);
  tkr_encounter_log_event (self, NULL, logged, NULL);
  tkr_history_end (priv->history);
  return TRUE;
}

gboolean
tkr_encounter_pause (TkrEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  return switch_pause (self, TKR_PHASE_MAIN, TKR_PHASE_PAUSED,
                       _ ("Only a running encounter can be paused"), N_ ("Pause the encounter"),
                       TKR_ENCOUNTER_GET_CLASS (self)->paused, N_ ("The encounter is paused"),
                       error);
}

gboolean
tkr_encounter_resume (TkrEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  return switch_pause (self, TKR_PHASE_PAUSED, TKR_PHASE_MAIN,
                       _ ("Only a paused encounter can resume"), N_ ("Resume the encounter"),
                       TKR_ENCOUNTER_GET_CLASS (self)->resumed, N_ ("The encounter resumes"),
                       error);
}

gboolean
tkr_encounter_end (TkrEncounter *self, GError **error)
{
  TkrEncounterClass *klass;
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);
  klass = TKR_ENCOUNTER_GET_CLASS (self);

  if (priv->phase != TKR_PHASE_MAIN && priv->phase != TKR_PHASE_PAUSED)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter whose rounds have begun can end"));
      return FALSE;
    }
  if (!tkr_encounter_check_transition (self, TKR_PHASE_END, error))
    return FALSE;

  tkr_history_begin (priv->history, N_ ("End the encounter"));
  set_phase (self, TKR_PHASE_END);
  if (klass->ended != NULL)
    klass->ended (self);
  tkr_encounter_log_line (self, TKR_LOG_ENCOUNTER_END,
                          klass->describe_end != NULL
                            ? klass->describe_end (self)
                            : tkr_message_new_plural ("The encounter ends after %d round",
                                                      "The encounter ends after %d rounds",
                                                      priv->round, tkr_message_int (priv->round),
                                                      NULL));
  tkr_history_end (priv->history);
  return TRUE;
}

gboolean
tkr_encounter_finish (TkrEncounter *self, GError **error)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);

  if (priv->phase != TKR_PHASE_END)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter that has ended can go back to Freeplay"));
      return FALSE;
    }
  if (!tkr_encounter_check_transition (self, TKR_PHASE_FREEPLAY, error))
    return FALSE;

  tkr_history_begin (priv->history, N_ ("Back to Freeplay"));
  tkr_history_set_destructive (priv->history);
  clear_encounter (self);
  tkr_encounter_log_event (
    self, NULL, N_ ("Back to %s"),
    tkr_message_name (tkr_encounter_get_phase_msgid (self, TKR_PHASE_FREEPLAY)), NULL);
  tkr_history_end (priv->history);
  return TRUE;
}

gboolean
tkr_encounter_roll_missing (TkrEncounter *self, GRand *rand, GError **error)
{
  TkrEncounterClass *klass;
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (rand != NULL, FALSE);
  priv = PRIV (self);
  klass = TKR_ENCOUNTER_GET_CLASS (self);

  if (!tkr_encounter_require_phase (self, TKR_PHASE_SETUP, error))
    return FALSE;
  if (klass->roll_missing == NULL)
    return TRUE;

  tkr_history_begin (priv->history, N_ ("Roll for everyone missing"));
  if (!klass->roll_missing (self, rand, error))
    {
      tkr_history_abort (priv->history);
      return FALSE;
    }
  tkr_history_end (priv->history);
  return TRUE;
}

/* Turns */

/* The next slot in the order; after the last, the first of a new round. */
static gboolean
tkr_encounter_real_advance (TkrEncounter *self, GError **error)
{
  TkrEncounterClass *klass = TKR_ENCOUNTER_GET_CLASS (self);
  TkrEncounterPrivate *priv = PRIV (self);
  GObject *current = tkr_encounter_get_current_slot (self);
  int index;

  if (current == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is no turn order"));
      return FALSE;
    }
  if (!klass->check_end_turn (self, current, error))
    return FALSE;

  if (klass->end_turn != NULL)
    klass->end_turn (self, current);
  tkr_effects_slot_edge (self, TKR_EFFECT_EDGE_TURN_END, current);
  index = priv->current_index + 1;
  if ((guint) index >= n_items (priv->order))
    {
      index = 0;
      set_round (self, priv->round + 1);
      set_current_index (self, index);
      if (klass->round_begun != NULL)
        klass->round_begun (self);
    }
  else
    set_current_index (self, index);
  start_turn (self);
  return TRUE;
}

gboolean
tkr_encounter_next_turn (TkrEncounter *self, GError **error)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);

  if (!tkr_encounter_require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;

  tkr_history_begin (priv->history, N_ ("Next turn"));
  tkr_history_set_tag (priv->history, NEXT_TURN_TAG);
  if (!TKR_ENCOUNTER_GET_CLASS (self)->advance (self, error))
    {
      tkr_history_abort (priv->history);
      return FALSE;
    }
  /* One who delayed a whole round acts at its place (tkr-delay.h). */
  tkr_delay_turn_begun (self);
  tkr_history_end (priv->history);
  return TRUE;
}

/**
 * tkr_encounter_previous_turn:
 *
 * Undoes steps until the last "next turn" is undone, so what that change
 * of turn reset or decayed comes back; what was done since can be redone.
 */
gboolean
tkr_encounter_previous_turn (TkrEncounter *self, GError **error)
{
  TkrEncounterPrivate *priv;
  guint undone = 0;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);

  if (!tkr_encounter_require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (priv->history == NULL || (TKR_ENCOUNTER_GET_CLASS (self)->has_earlier_turn != NULL
                                  ? !TKR_ENCOUNTER_GET_CLASS (self)->has_earlier_turn (self)
                                  : priv->round <= 1 && priv->current_index <= 0))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is no earlier turn to go back to"));
      return FALSE;
    }

  while (tkr_history_can_undo (priv->history))
    {
      gboolean was_next_turn =
        g_strcmp0 (tkr_history_peek_undo_tag (priv->history), NEXT_TURN_TAG) == 0;

      tkr_history_undo (priv->history);
      undone++;
      if (was_next_turn)
        return TRUE;
      /* Never undo past the beginning of the rounds (a pause and its
       * resume within the turn are undone on the way). */
      if (priv->phase != TKR_PHASE_MAIN && priv->phase != TKR_PHASE_PAUSED)
        break;
    }

  while (undone-- > 0)
    tkr_history_redo (priv->history);
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("There is no earlier turn to go back to"));
  return FALSE;
}

/* Experience */

/* Whether @character's sheet is of the encounter's rule system (a sheet
 * without a system, from an old file, counts as one). */
static gboolean
plays_encounter_system (TkrEncounter *self, TkrCharacter *character)
{
  const char *system = tkr_character_get_rule_system (character);

  return system == NULL || *system == '\0' ||
         g_strcmp0 (system, tkr_rules_get_id (PRIV (self)->rules)) == 0;
}

gboolean
tkr_encounter_award_experience (
  TkrEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error)
{
  TkrEncounterPrivate *priv;
  g_autoptr (GError) refused = NULL;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  priv = PRIV (self);

  if (!tkr_encounter_require_phase (self, TKR_PHASE_END, error))
    return FALSE;
  if (!tkr_encounter_has_participant (self, character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("That character does not take part in this encounter"));
      return FALSE;
    }
  if (!tkr_character_is_pc (character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is not a player character; only PCs earn Experience Points"),
                   character_name (character));
      return FALSE;
    }
  if (!plays_encounter_system (self, character))
    {
      TkrRules *own = tkr_character_get_own_rules (character);

      /* Experience and levels belong to the character's own system: XP
       * on another system's scale would count as a different number of
       * Level Ups (docs/ARCHITECTURE.md, "The encounter engine"). */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   /* Translators: a character, its rule system, then the encounter's */
                   _ ("%s’s sheet is a %s sheet: Experience Points of a %s encounter do not "
                      "count toward its levels"),
                   character_name (character),
                   own != NULL ? tkr_rules_translate (tkr_rules_get_name (own))
                               : tkr_character_get_rule_system (character),
                   tkr_rules_translate (tkr_rules_get_name (priv->rules)));
      return FALSE;
    }
  if (!tkr_rules_check_award (priv->rules, xp, &refused))
    {
      /* An encounter's commands refuse with encounter errors. */
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                           refused->message);
      return FALSE;
    }

  tkr_history_begin (priv->history, N_ ("Award Experience"));
  if (!tkr_character_award_experience (character, priv->history, xp, error))
    {
      tkr_history_abort (priv->history);
      return FALSE;
    }
  if (reason != NULL && *reason != '\0')
    /* Translators: a character, Experience Points, then the GM's reason */
    tkr_encounter_log_event (self, TKR_LOG_XP_AWARD, N_ ("%s gains %d XP: %s"),
                             tkr_message_person (tkr_character_get_name (character)),
                             tkr_message_int (xp), tkr_message_text (reason), NULL);
  else
    tkr_encounter_log_event (self, TKR_LOG_XP_AWARD, N_ ("%s gains %d XP"),
                             tkr_message_person (tkr_character_get_name (character)),
                             tkr_message_int (xp), NULL);
  tkr_history_end (priv->history);
  return TRUE;
}

static gboolean
awards_any (TkrEncounter *self, GPtrArray *characters)
{
  for (guint i = 0; i < characters->len; i++)
    if (plays_encounter_system (self, characters->pdata[i]))
      return TRUE;
  return FALSE;
}

gboolean
tkr_encounter_award_party (
  TkrEncounter *self, GPtrArray *characters, int xp, const char *reason, GError **error)
{
  TkrHistory *history;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (characters != NULL, FALSE);

  if (characters->len == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Choose who earns the Experience Points"));
      return FALSE;
    }
  history = PRIV (self)->history;
  tkr_history_begin (history, N_ ("Award Experience"));
  for (guint i = 0; i < characters->len; i++)
    {
      /* A sheet of another system is passed over when others of this
       * system earn the award; alone it is refused with the reason. */
      if (!plays_encounter_system (self, characters->pdata[i]) && awards_any (self, characters))
        continue;
      if (!tkr_encounter_award_experience (self, characters->pdata[i], xp, reason, error))
        {
          tkr_history_abort (history);
          return FALSE;
        }
    }
  tkr_history_end (history);
  return TRUE;
}

/* Files */

JsonNode *
tkr_encounter_participant_to_json (TkrCharacter *character)
{
  JsonObject *object;
  JsonNode *node;

  /* In a save, an NPC's text kept from the last when nothing changed
   * (tkr-save-cache.h). */
  if (!tkr_character_is_pc (character) &&
      (node = tkr_save_cache_participant_placeholder (character)) != NULL)
    return node;
  object = json_object_new ();
  node = json_node_new (JSON_NODE_OBJECT);
  /* PCs live in the party's files; an NPC is stored here whole. */
  if (tkr_character_is_pc (character))
    json_object_set_string_member (object, "ref", tkr_character_get_id (character));
  else
    json_object_set_member (object, "npc", tkr_character_to_json (character));
  json_node_take_object (node, object);
  return node;
}

TkrCharacter *
tkr_encounter_participant_from_json (JsonNode *node,
                                     const char *path,
                                     TkrCharacterResolver resolve,
                                     gpointer user_data,
                                     GError **error)
{
  g_autofree char *ref = NULL;
  g_autoptr (TkrCharacter) character = NULL;
  JsonObject *item;
  JsonNode *npc;

  item = tkr_json_require_object (node, path, error);
  if (item == NULL || !tkr_json_get_string (item, "ref", path, FALSE, NULL, &ref, error))
    return NULL;
  npc = json_object_get_member (item, "npc");
  if (npc != NULL && JSON_NODE_HOLDS_NULL (npc))
    npc = NULL;
  if ((ref != NULL) == (npc != NULL))
    {
      tkr_json_set_error (error, path, _ ("expected either “ref” or “npc”"));
      return NULL;
    }
  if (ref != NULL)
    {
      g_autofree char *ref_path = tkr_json_path (path, "ref");
      TkrCharacter *found = resolve ? resolve (ref, user_data) : NULL;

      if (found == NULL)
        {
          tkr_json_set_error (error, ref_path, _ ("no character in this file has the id “%s”"),
                              ref);
          return NULL;
        }
      if (!tkr_character_is_pc (found))
        {
          tkr_json_set_error (error, ref_path,
                              _ ("“%s” is an NPC; an encounter stores its NPCs whole"),
                              character_name (found));
          return NULL;
        }
      return g_object_ref (found);
    }
  else
    {
      g_autofree char *npc_path = tkr_json_path (path, "npc");

      character = tkr_character_new_from_json (npc, npc_path, error);
      if (character == NULL)
        return NULL;
      if (tkr_character_is_pc (character))
        {
          tkr_json_set_error (error, npc_path,
                              _ ("“%s” is a PC; an encounter refers to its PCs by id"),
                              character_name (character));
          return NULL;
        }
      return g_steal_pointer (&character);
    }
}

/**
 * tkr_encounter_load_find_character:
 *
 * Returns: (transfer none) (nullable): the participant read with @id
 */
TkrCharacter *
tkr_encounter_load_find_character (TkrEncounterLoad *load, const char *id)
{
  for (guint i = 0; i < load->participants->len; i++)
    if (g_strcmp0 (tkr_character_get_id (load->participants->pdata[i]), id) == 0)
      return load->participants->pdata[i];
  return NULL;
}

static JsonNode *
store_to_json (GListStore *store, JsonNode *(*item_to_json) (gpointer item))
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < n_items (store); i++)
    json_array_add_element (array, item_to_json (item_at (store, i)));
  json_node_take_array (node, array);
  return node;
}

/* In a save, a log line's text kept from the last (tkr-save-cache.h). */
static JsonNode *
log_entry_to_json (TkrLogEntry *entry)
{
  JsonNode *node = tkr_save_cache_placeholder (entry, (TkrSaveToJson) tkr_log_entry_to_json);

  return node != NULL ? node : tkr_log_entry_to_json (entry);
}

static void hidden_write_json (TkrEncounter *self, JsonObject *object);
static gboolean
hidden_read_json (JsonObject *object, const char *path, TkrEncounterLoad *load, GError **error);

static JsonNode *
tracker_to_json (TkrTracker *tracker)
{
  TkrEncounter *self = TKR_ENCOUNTER (tracker);
  TkrEncounterPrivate *priv = PRIV (self);
  TkrEncounterClass *klass = TKR_ENCOUNTER_GET_CLASS (self);
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "rule_system", tkr_rules_get_id (priv->rules));
  json_object_set_string_member (object, "phase", tkr_phase_to_nick (priv->phase));
  json_object_set_int_member (object, "round", priv->round);
  json_object_set_int_member (object, "current_index", priv->current_index);
  json_object_set_member (object, "participants",
                          store_to_json (priv->participants, (JsonNode * (*) (gpointer))
                                                               tkr_encounter_participant_to_json));
  if (klass->write_json != NULL)
    klass->write_json (self, object);
  tkr_health_write_json (self, object);
  tkr_effects_write_json (self, object);
  tkr_saves_write_json (self, object);
  tkr_reminders_write_json (self, object);
  tkr_delay_write_json (self, object);
  hidden_write_json (self, object);
  /* Left out when off, so older files save the same. */
  if (priv->reveal_on_turn)
    json_object_set_boolean_member (object, "reveal_hidden_on_turn", TRUE);
  json_object_set_member (object, "log",
                          store_to_json (priv->log, (JsonNode * (*) (gpointer)) log_entry_to_json));
  json_node_take_object (node, object);
  return node;
}

static void
load_clear (TkrEncounterLoad *load)
{
  g_clear_pointer (&load->participants, g_ptr_array_unref);
  g_clear_pointer (&load->combatants, g_ptr_array_unref);
  g_clear_pointer (&load->order, g_ptr_array_unref);
  g_clear_pointer (&load->log, g_ptr_array_unref);
  if (load->data_free != NULL && load->data != NULL)
    load->data_free (load->data);
  load->data = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TkrEncounterLoad, load_clear)

static gboolean
read_participants (JsonObject *object, const char *path, TkrEncounterLoad *load, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "participants");
  JsonArray *array;

  if (!tkr_json_get_array (object, "participants", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      /* Read now from a campaign file's text and let go once built, so
       * the whole encounter's tree never exists (tkr-json-reader.h). */
      g_autoptr (JsonNode) element = tkr_json_array_dup_element (array, i);

      if (tkr_encounter_load_add_participant (load, element, item_path, error) == NULL)
        return FALSE;
    }
  return TRUE;
}

TkrCharacter *
tkr_encounter_load_add_participant (TkrEncounterLoad *load,
                                    JsonNode *node,
                                    const char *path,
                                    GError **error)
{
  TkrCharacter *character =
    tkr_encounter_participant_from_json (node, path, load->resolve, load->resolve_data, error);

  if (character == NULL)
    return NULL;
  if (tkr_encounter_load_find_character (load, tkr_character_get_id (character)) != NULL)
    {
      tkr_json_set_error (error, path, _ ("“%s” takes part twice"), character_name (character));
      g_object_unref (character);
      return NULL;
    }
  g_ptr_array_add (load->participants, character);
  return character;
}

static gboolean
read_log (JsonObject *object, const char *path, TkrEncounterLoad *load, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "log");
  JsonArray *array;

  if (!tkr_json_get_array (object, "log", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      TkrLogEntry *entry =
        tkr_log_entry_new_from_json (json_array_get_element (array, i), item_path, error);

      if (entry == NULL)
        return FALSE;
      g_ptr_array_add (load->log, entry);
    }
  return TRUE;
}

/* The phase must agree with the lists. */
static gboolean
check_load (TkrEncounterLoad *load, const char *path, GError **error)
{
  if (load->phase == TKR_PHASE_FREEPLAY && load->combatants->len > 0)
    {
      g_autofree char *bad_path = tkr_json_path (path, "combatants");
      tkr_json_set_error (error, bad_path, _ ("an encounter in Freeplay has no combatants"));
      return FALSE;
    }
  if ((load->phase == TKR_PHASE_FREEPLAY || load->phase == TKR_PHASE_SETUP) &&
      (load->order->len > 0 || load->round != 0 || load->current_index != -1))
    {
      g_autofree char *bad_path = tkr_json_path (path, "order");
      tkr_json_set_error (error, bad_path,
                          _ ("an encounter whose rounds have not begun has no order, round or "
                             "turn"));
      return FALSE;
    }
  if (load->phase != TKR_PHASE_FREEPLAY && load->phase != TKR_PHASE_SETUP)
    {
      gboolean running = load->phase == TKR_PHASE_MAIN || load->phase == TKR_PHASE_PAUSED;

      if (load->order->len == 0 || load->round < 1 ||
          load->current_index >= (int) load->order->len || (running && load->current_index < 0))
        {
          g_autofree char *bad_path = tkr_json_path (path, "current_index");
          tkr_json_set_error (error, bad_path,
                              _ ("an encounter whose rounds have begun needs an order, a round "
                                 "and someone’s turn within the order"));
          return FALSE;
        }
    }
  if (load->phase != TKR_PHASE_FREEPLAY && load->combatants->len != load->participants->len)
    {
      g_autofree char *bad_path = tkr_json_path (path, "combatants");
      tkr_json_set_error (error, bad_path, _ ("every participant needs one combatant (%u of %u)"),
                          load->combatants->len, load->participants->len);
      return FALSE;
    }
  return TRUE;
}

static void
replace_store (GListStore *store, GPtrArray *items)
{
  g_list_store_splice (store, 0, n_items (store), items->pdata, items->len);
}

/* Into a fresh encounter, unrecorded; everything is checked before
 * anything changes. Errors are TKR_FILE_ERROR_INVALID naming the path of
 * the bad value. */
static gboolean
tracker_load_json (TkrTracker *tracker,
                   JsonNode *node,
                   const char *path,
                   TkrCharacterResolver resolve,
                   gpointer user_data,
                   GError **error)
{
  TkrEncounter *self = TKR_ENCOUNTER (tracker);
  TkrEncounterPrivate *priv = PRIV (self);
  TkrEncounterClass *klass = TKR_ENCOUNTER_GET_CLASS (self);
  g_auto (TkrEncounterLoad) load = { 0 };
  g_autofree char *rule_system = NULL;
  gint64 round, current_index;
  gboolean reveal_on_turn = FALSE;
  JsonObject *object;
  int phase;

  load.participants = g_ptr_array_new_with_free_func (g_object_unref);
  load.combatants = g_ptr_array_new_with_free_func (g_object_unref);
  load.order = g_ptr_array_new_with_free_func (g_object_unref);
  load.log = g_ptr_array_new_with_free_func (g_object_unref);
  load.resolve = resolve;
  load.resolve_data = user_data;

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "rule_system", path, FALSE,
                                              tkr_rules_get_id (priv->rules), &rule_system, error))
    return FALSE;
  if (g_strcmp0 (rule_system, tkr_rules_get_id (priv->rules)) != 0)
    {
      g_autofree char *system_path = tkr_json_path (path, "rule_system");
      tkr_json_set_error (error, system_path, _ ("this encounter uses the rules “%s”, not “%s”"),
                          rule_system, tkr_rules_get_id (priv->rules));
      return FALSE;
    }
  if (!tkr_json_get_enum (object, "phase", path, TRUE, tkr_phase_get_nicks (), TKR_PHASE_FREEPLAY,
                          &phase, error) ||
      !tkr_json_get_int (object, "round", path, FALSE, 0, MAX_ROUND, 0, &round, error) ||
      !tkr_json_get_int (object, "current_index", path, FALSE, -1, TKR_JSON_MAX_ITEMS, -1,
                         &current_index, error) ||
      !read_participants (object, path, &load, error) || !read_log (object, path, &load, error) ||
      !tkr_json_get_bool (object, "reveal_hidden_on_turn", path, FALSE, FALSE, &reveal_on_turn,
                          error))
    return FALSE;
  load.phase = phase;
  load.round = round;
  load.current_index = current_index;

  if (klass->read_json != NULL && !klass->read_json (self, object, path, &load, error))
    return FALSE;
  if (!check_load (&load, path, error) || !tkr_health_read_json (object, path, &load, error) ||
      !tkr_effects_read_json (object, path, &load, error) ||
      !tkr_saves_read_json (self, object, path, &load, error) ||
      !tkr_reminders_read_json (self, object, path, &load, error) ||
      !tkr_delay_read_json (self, object, path, &load, error) ||
      !hidden_read_json (object, path, &load, error))
    return FALSE;
  if (klass->check_loaded != NULL && !klass->check_loaded (self, &load, path, error))
    return FALSE;

  g_object_set (self, "phase", load.phase, "round", load.round, "current-index", load.current_index,
                "reveal-hidden-on-turn", reveal_on_turn, NULL);
  replace_store (priv->participants, load.participants);
  replace_store (priv->combatants, load.combatants);
  replace_store (priv->order, load.order);
  replace_store (priv->log, load.log);
  if (klass->commit_json != NULL)
    klass->commit_json (self, &load);
  return TRUE;
}

/* TkrTracker */

static gboolean
tracker_can_transition (TkrTracker *tracker, TkrPhase to)
{
  return tkr_encounter_can_transition (TKR_ENCOUNTER (tracker), to);
}

static gboolean
tracker_transition (TkrTracker *tracker, TkrPhase to, GError **error)
{
  return tkr_encounter_transition (TKR_ENCOUNTER (tracker), to, error);
}

static gboolean
tracker_next_turn (TkrTracker *tracker, GError **error)
{
  return tkr_encounter_next_turn (TKR_ENCOUNTER (tracker), error);
}

static gboolean
tracker_previous_turn (TkrTracker *tracker, GError **error)
{
  return tkr_encounter_previous_turn (TKR_ENCOUNTER (tracker), error);
}

static gboolean
tracker_add_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_encounter_add_participant (TKR_ENCOUNTER (tracker), character, error);
}

static gboolean
tracker_remove_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_encounter_remove_participant (TKR_ENCOUNTER (tracker), character, error);
}

static GPtrArray *
tracker_list_participants (TkrTracker *tracker)
{
  GListStore *store = PRIV (tracker)->participants;
  GPtrArray *characters = g_ptr_array_new_full (n_items (store), g_object_unref);

  for (guint i = 0; i < n_items (store); i++)
    g_ptr_array_add (characters, g_object_ref (item_at (store, i)));
  return characters;
}

static GListModel *
tracker_get_order (TkrTracker *tracker)
{
  return tkr_encounter_get_order (TKR_ENCOUNTER (tracker));
}

static void
tkr_encounter_tracker_init (TkrTrackerInterface *iface)
{
  iface->can_transition = tracker_can_transition;
  iface->transition = tracker_transition;
  iface->next_turn = tracker_next_turn;
  iface->previous_turn = tracker_previous_turn;
  iface->to_json = tracker_to_json;
  iface->load_json = tracker_load_json;
  iface->add_participant = tracker_add_participant;
  iface->remove_participant = tracker_remove_participant;
  iface->list_participants = tracker_list_participants;
  iface->get_order = tracker_get_order;
}

/* The dice of this encounter's typed formulas (src/core/engine/tkr-formula.h):
 * seeded from the system on first use, or the one a test gives. */
GRand *
tkr_encounter_get_rand (TkrEncounter *self)
{
  TkrEncounterPrivate *priv;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), NULL);
  priv = PRIV (self);
  if (priv->rand == NULL)
    priv->rand = g_rand_new ();
  return priv->rand;
}

void
tkr_encounter_set_rand (TkrEncounter *self, GRand *rand)
{
  TkrEncounterPrivate *priv;

  g_return_if_fail (TKR_IS_ENCOUNTER (self));
  g_return_if_fail (rand != NULL);
  priv = PRIV (self);
  g_clear_pointer (&priv->rand, g_rand_free);
  priv->rand = g_rand_copy (rand);
}

/* The players' view (help/C/player-view.page) */

gboolean
tkr_encounter_set_hidden (TkrEncounter *self,
                          TkrCombatant *combatant,
                          gboolean hidden,
                          GError **error)
{
  TkrHistory *history;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);

  if (!tkr_encounter_require_combatant (self, combatant, error))
    return FALSE;
  hidden = !!hidden;
  if (tkr_combatant_get_hidden (combatant) == hidden)
    return TRUE;
  history = tkr_encounter_get_history (self);
  tkr_history_begin_message (
    history, hidden ? N_ ("Hide %s from the players") : N_ ("Show %s to the players"),
    tkr_encounter_who (combatant), NULL);
  tkr_history_set (history, combatant, "hidden", hidden);
  tkr_history_end (history);
  return TRUE;
}

static void
hidden_write_json (TkrEncounter *self, JsonObject *object)
{
  GListModel *combatants = tkr_encounter_get_combatants (self);
  JsonArray *ids = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

      if (!tkr_combatant_get_hidden (combatant))
        continue;
      if (ids == NULL)
        ids = json_array_new ();
      json_array_add_string_element (
        ids, tkr_character_get_id (tkr_combatant_get_character (combatant)));
    }
  /* Left out when no one is hidden, so older files save the same. */
  if (ids != NULL)
    json_object_set_array_member (object, "hidden", ids);
}

static gboolean
hidden_read_json (JsonObject *object, const char *path, TkrEncounterLoad *load, GError **error)
{
  g_autoptr (GPtrArray) hidden = g_ptr_array_new ();

  if (!tkr_json_read_combatant_ids (object, path, "hidden", load, hidden, error))
    return FALSE;
  for (guint i = 0; i < hidden->len; i++)
    g_object_set (hidden->pdata[i], "hidden", TRUE, NULL);
  return TRUE;
}

/* Hidden belongs to one fight (help/C/player-view.page): systems whose
 * combatants outlive it (d20, Action-Point) show them again, recorded in
 * the step that clears the encounter. */
static void
show_everyone (TkrEncounter *self)
{
  GListModel *combatants = tkr_encounter_get_combatants (self);

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

      if (tkr_combatant_get_hidden (combatant))
        tkr_encounter_set (self, combatant, "hidden", FALSE);
    }
}

gboolean
tkr_encounter_set_reveal_hidden_on_turn (TkrEncounter *self, gboolean reveal, GError **error)
{
  TkrHistory *history;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);

  reveal = !!reveal;
  if (PRIV (self)->reveal_on_turn == reveal)
    return TRUE;
  history = tkr_encounter_get_history (self);
  /* Translators: the name of a step in Undo */
  tkr_history_begin (history, reveal ? N_ ("Reveal Hidden Combatants on Their Turn")
                                     : N_ ("Keep Hidden Combatants Hidden on Their Turn"));
  tkr_history_set (history, self, "reveal-hidden-on-turn", reveal);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_encounter_get_reveal_hidden_on_turn (TkrEncounter *self)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  return PRIV (self)->reveal_on_turn;
}

void
tkr_encounter_reveal_on_turn (TkrEncounter *self, GObject *slot)
{
  g_autoptr (GPtrArray) combatants = NULL;

  g_return_if_fail (TKR_IS_ENCOUNTER (self));

  if (!PRIV (self)->reveal_on_turn)
    return;
  combatants = tkr_slot_combatants (slot);
  for (guint i = 0; i < combatants->len; i++)
    {
      TkrCombatant *combatant = combatants->pdata[i];

      if (!TKR_IS_COMBATANT (combatant) || !tkr_combatant_get_hidden (combatant))
        continue;
      tkr_encounter_set (self, combatant, "hidden", FALSE);
      /* Translators: the log; a hidden combatant shown as its turn comes */
      tkr_encounter_log_event (self, NULL, N_ ("%s is revealed to the players as its turn comes"),
                               tkr_encounter_who (combatant), NULL);
    }
}

/**
 * tkr_encounter_adopt_history:
 *
 * Records the encounter's commands in @history from now on: an encounter
 * built from a file on the side (a state the journal brings back) joins
 * the campaign's one history.
 */
void
tkr_encounter_adopt_history (TkrEncounter *self, TkrHistory *history)
{
  g_return_if_fail (TKR_IS_ENCOUNTER (self));
  g_return_if_fail (history == NULL || TKR_IS_HISTORY (history));
  g_set_weak_pointer (&PRIV (self)->history, history);
}
