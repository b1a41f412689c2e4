/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-effects.h"
#include "tkr-json.h"
#include "tkr-refusal.h"
#include "tkr-reminders.h"
#include "tkr-saves.h"
#include "tkr-timings.h"

/* Timed effects; see tkr-effects.h and docs/ARCHITECTURE.md, "Combatant
 * state". */

#define HISTORY(encounter) tkr_encounter_get_history (encounter)
#define N_ITEMS(store) g_list_model_get_n_items (G_LIST_MODEL (store))
#define ITEM_AT(store, index) ((TkrCondition *) tkr_list_item_at (G_LIST_MODEL (store), (index)))

#define NAME_MAX_CHARS 200

static guint effect_ended_signal;

static GQuark
effects_quark (void)
{
  return g_quark_from_static_string ("tkr-effects");
}

GListStore *
tkr_effects_get_store (TkrCombatant *holder)
{
  GListStore *store;

  g_return_val_if_fail (TKR_IS_COMBATANT (holder), NULL);

  store = g_object_get_qdata (G_OBJECT (holder), effects_quark ());
  if (store == NULL)
    {
      store = g_list_store_new (TKR_TYPE_CONDITION);
      g_object_set_qdata_full (G_OBJECT (holder), effects_quark (), store, g_object_unref);
    }
  return store;
}

static const char *
id_of (TkrCombatant *combatant)
{
  return tkr_character_get_id (tkr_combatant_get_character (combatant));
}

void
tkr_effects_install_signals (gpointer encounter_class)
{
  /* TkrEncounter::effect-ended: an effect ended on its own, inside the
   * step that changed the turn. The holder is NULL for an effect of a
   * system's own list. */
  effect_ended_signal =
    g_signal_new ("effect-ended", G_TYPE_FROM_CLASS (encounter_class), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, TKR_TYPE_CONDITION, TKR_TYPE_COMBATANT);
}

/* The character id whose turns time @effect. */
static const char *
anchor_id (TkrCondition *effect)
{
  const char *anchor = tkr_condition_get_anchor (effect);

  return anchor != NULL ? anchor : tkr_condition_get_source (effect);
}

static TkrCombatant *
combatant_with_id (TkrEncounter *encounter, const char *id)
{
  GListModel *combatants = tkr_encounter_get_combatants (encounter);

  for (guint i = 0; id != NULL && i < g_list_model_get_n_items (combatants); i++)
    {
      TkrCombatant *combatant = tkr_list_item_at (combatants, i);

      if (g_strcmp0 (id_of (combatant), id) == 0)
        return combatant;
    }
  return NULL;
}

TkrCondition *
tkr_effect_new (const char *name, const char *source, int rounds)
{
  return g_object_new (TKR_TYPE_CONDITION, "name", name, "kind", TKR_CONDITION_KIND_TEMPORARY,
                       "max-stacks", 1, "rounds-left", rounds, "source", source, "duration",
                       TKR_EFFECT_DURATION_ROUNDS, NULL);
}

gboolean
tkr_effects_require_running (TkrEncounter *encounter, GError **error)
{
  if (tkr_encounter_require_running (encounter, NULL))
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                     _ ("Effects that last rounds are tracked while the rounds run"));
}

TkrCondition *
tkr_effects_add (TkrEncounter *encounter,
                 GListStore *effects,
                 TkrCombatant *source,
                 const char *name,
                 int rounds,
                 GError **error)
{
  g_autoptr (TkrCondition) effect = NULL;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (G_IS_LIST_STORE (effects), NULL);
  g_return_val_if_fail (TKR_IS_COMBATANT (source), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!tkr_effects_require_running (encounter, error))
    return NULL;
  if (rounds < 1 || rounds > TKR_EFFECT_MAX_ROUNDS)
    {
      tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("An effect lasts from 1 to %d rounds"),
                  TKR_EFFECT_MAX_ROUNDS);
      return NULL;
    }

  effect = tkr_effect_new (name, id_of (source), rounds);
  tkr_history_begin (HISTORY (encounter), N_ ("Add an effect"));
  tkr_history_append (HISTORY (encounter), effects, effect);
  /* Translators: a creature, an effect, then its duration */
  tkr_encounter_log_plural (encounter, NULL, "%s creates %s for %d round",
                            "%s creates %s for %d rounds", rounds, tkr_encounter_who (source),
                            tkr_message_name (name), tkr_message_int (rounds), NULL);
  tkr_history_end (HISTORY (encounter));
  /* The store keeps it. */
  return effect;
}

gboolean
tkr_effects_remove (TkrEncounter *encounter,
                    GListStore *effects,
                    TkrCondition *effect,
                    GError **error)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);
  g_return_val_if_fail (G_IS_LIST_STORE (effects), FALSE);

  if (!TKR_IS_CONDITION (effect) || !g_list_store_find (effects, effect, NULL))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                       _ ("That effect is not in this encounter"));

  tkr_history_begin (HISTORY (encounter), N_ ("End an effect"));
  tkr_history_set_destructive (HISTORY (encounter));
  tkr_encounter_log_event (encounter, NULL, N_ ("%s ends early"),
                           tkr_message_name (tkr_condition_get_name (effect)), NULL);
  tkr_history_remove_item (HISTORY (encounter), effects, effect);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

/* @effect, item @index of @effects, ends on its own at @edge of a turn of
 * @anchor: logged, removed, and announced. */
static void
end_effect (TkrEncounter *encounter,
            GListStore *effects,
            guint index,
            TkrCondition *effect,
            TkrEffectEdge edge,
            TkrCombatant *anchor,
            TkrCombatant *holder)
{
  g_autoptr (TkrCondition) ended = g_object_ref (effect);
  const char *name = tkr_condition_get_name (effect);

  if (holder == NULL)
    /* Translators: an effect's name, then its creator */
    tkr_encounter_log_event (encounter, TKR_LOG_EFFECT_ENDED, N_ ("%s (by %s) ends"),
                             tkr_message_name (name), tkr_encounter_who (anchor), NULL);
  else if (edge == TKR_EFFECT_EDGE_TURN_START)
    /* Translators: an effect, the creature it was on, then whose turn */
    tkr_encounter_log_event (
      encounter, TKR_LOG_EFFECT_ENDED, N_ ("%s on %s ended at the start of %s’s turn"),
      tkr_message_name (name), tkr_encounter_who (holder), tkr_encounter_who (anchor), NULL);
  else
    /* Translators: an effect, the creature it was on, then whose turn */
    tkr_encounter_log_event (encounter, TKR_LOG_EFFECT_ENDED,
                             N_ ("%s on %s ended at the end of %s’s turn"), tkr_message_name (name),
                             tkr_encounter_who (holder), tkr_encounter_who (anchor), NULL);
  tkr_history_remove (HISTORY (encounter), effects, index);
  g_signal_emit (encounter, effect_ended_signal, 0, ended, holder);
}

/* A turn of @anchor reaches @edge: @effect (item @index of @effects,
 * anchored to @anchor) counts down as tkr-effects.h says, and ends when
 * nothing is left. Returns whether it ended. */
static gboolean
count_down (TkrEncounter *encounter,
            GListStore *effects,
            guint index,
            TkrCondition *effect,
            TkrEffectEdge edge,
            TkrCombatant *anchor,
            TkrCombatant *holder)
{
  TkrEffectEdge expiry = tkr_condition_get_edge (effect);
  int left = tkr_condition_get_rounds_left (effect);

  switch (tkr_condition_get_duration (effect))
    {
    case TKR_EFFECT_DURATION_TURNS:
      if (edge != expiry)
        return FALSE;
      left--;
      break;
    case TKR_EFFECT_DURATION_ROUNDS:
      /* Rounds go at the start of the anchor's turns; one that ends at
       * the end of a turn goes at the end of the turn that took its last
       * round (or, with no end of turn seen, at the next start). */
      if (edge == TKR_EFFECT_EDGE_TURN_START && left > 0)
        left--;
      else if (left > 0)
        return FALSE;
      else
        expiry = edge;
      break;
    case TKR_EFFECT_DURATION_UNTIL_REMOVED:
    case TKR_EFFECT_DURATION_ENCOUNTER:
    default:
      return FALSE;
    }

  if (left > 0 || edge != expiry)
    {
      tkr_encounter_set (encounter, effect, "rounds-left", MAX (left, 0));
      return FALSE;
    }
  end_effect (encounter, effects, index, effect, edge, anchor, holder);
  return TRUE;
}

guint
tkr_effects_turn_edge (TkrEncounter *encounter,
                       GListStore *effects,
                       TkrEffectEdge edge,
                       TkrCombatant *anchor)
{
  const char *id;
  guint ended = 0;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), 0);
  g_return_val_if_fail (G_IS_LIST_STORE (effects), 0);
  g_return_val_if_fail (TKR_IS_COMBATANT (anchor), 0);

  id = id_of (anchor);
  for (guint i = N_ITEMS (effects); i > 0; i--)
    {
      TkrCondition *effect = ITEM_AT (effects, i - 1);

      if (g_strcmp0 (anchor_id (effect), id) == 0 &&
          count_down (encounter, effects, i - 1, effect, edge, anchor, NULL))
        ended++;
    }
  return ended;
}

guint
tkr_effects_end_temporary (TkrEncounter *encounter, GListStore *conditions)
{
  guint ended = 0;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), 0);
  g_return_val_if_fail (G_IS_LIST_STORE (conditions), 0);

  for (guint i = N_ITEMS (conditions); i > 0; i--)
    if (tkr_condition_get_kind (ITEM_AT (conditions, i - 1)) == TKR_CONDITION_KIND_TEMPORARY)
      {
        tkr_history_remove (HISTORY (encounter), conditions, i - 1);
        ended++;
      }
  return ended;
}

JsonNode *
tkr_effect_to_json (TkrCondition *effect)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "name", tkr_condition_get_name (effect));
  json_object_set_int_member (object, "rounds_left", tkr_condition_get_rounds_left (effect));
  json_object_set_string_member (object, "creator", tkr_condition_get_source (effect));
  json_node_take_object (node, object);
  return node;
}

static gboolean
has_source (GPtrArray *sources, const char *id)
{
  for (guint i = 0; i < sources->len; i++)
    if (g_strcmp0 (id_of (TKR_COMBATANT (sources->pdata[i])), id) == 0)
      return TRUE;
  return FALSE;
}

TkrCondition *
tkr_effect_from_json (JsonNode *node, const char *path, GPtrArray *sources, GError **error)
{
  g_autofree char *name = NULL, *creator = NULL;
  JsonObject *item = tkr_json_require_object (node, path, error);
  gint64 rounds;

  if (item == NULL || !tkr_json_get_string (item, "name", path, TRUE, NULL, &name, error) ||
      !tkr_json_get_string (item, "creator", path, TRUE, NULL, &creator, error) ||
      !tkr_json_get_int (item, "rounds_left", path, TRUE, 1, TKR_EFFECT_MAX_ROUNDS, 1, &rounds,
                         error))
    return NULL;
  if (*name == '\0')
    {
      tkr_json_refuse (error, path, "name", _ ("an effect needs a name"));
      return NULL;
    }
  if (!has_source (sources, creator))
    {
      tkr_json_refuse (error, path, "creator",
                       _ ("no creature in the initiative order has the id “%s”"), creator);
      return NULL;
    }
  return tkr_effect_new (name, creator, (int) rounds);
}

TkrCondition *
tkr_effects_add_timed (TkrEncounter *encounter,
                       TkrCombatant *holder,
                       const char *name,
                       TkrEffectDuration duration,
                       int amount,
                       TkrEffectEdge edge,
                       TkrCombatant *anchor,
                       TkrCombatant *source,
                       GError **error)
{
  g_autoptr (TkrCondition) effect = NULL;
  g_autofree char *clean = NULL;
  g_autoptr (TkrMessage) left = NULL;
  gboolean counted;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!tkr_encounter_require_running (encounter, error) ||
      !tkr_encounter_require_combatant (encounter, holder, error) ||
      (anchor != NULL && !tkr_encounter_require_combatant (encounter, anchor, error)) ||
      (source != NULL && !tkr_encounter_require_combatant (encounter, source, error)))
    return NULL;

  clean = g_strstrip (g_strdup (name));
  if (*clean == '\0' || g_utf8_strlen (clean, -1) > NAME_MAX_CHARS)
    {
      tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                  _ ("An effect’s name must be 1 to %d characters long"), NAME_MAX_CHARS);
      return NULL;
    }
  if ((guint) duration > TKR_EFFECT_DURATION_ENCOUNTER || (guint) edge > TKR_EFFECT_EDGE_TURN_END)
    {
      tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("That is not an effect’s duration"));
      return NULL;
    }
  counted = duration == TKR_EFFECT_DURATION_ROUNDS || duration == TKR_EFFECT_DURATION_TURNS;
  if (counted && (amount < 1 || amount > TKR_EFFECT_MAX_ROUNDS))
    {
      tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                  _ ("An effect lasts from 1 to %d rounds or turns"), TKR_EFFECT_MAX_ROUNDS);
      return NULL;
    }

  effect =
    g_object_new (TKR_TYPE_CONDITION, "name", clean, "kind", TKR_CONDITION_KIND_TEMPORARY,
                  "max-stacks", 1, "rounds-left", counted ? amount : TKR_CONDITION_NO_DURATION,
                  "source", source != NULL ? id_of (source) : NULL, "duration", duration, "edge",
                  edge, "anchor", id_of (anchor != NULL ? anchor : holder), NULL);
  left = tkr_effects_describe_left_message (encounter, effect);

  tkr_history_begin (HISTORY (encounter), N_ ("Add an effect"));
  tkr_history_append (HISTORY (encounter), tkr_effects_get_store (holder), effect);
  if (source != NULL)
    /* Translators: a creature, an effect, another creature, then what is
     * left of the effect ("3 rounds left") */
    tkr_encounter_log_event (encounter, NULL, N_ ("%s puts %s on %s (%s)"),
                             tkr_encounter_who (source), tkr_message_name (clean),
                             tkr_encounter_who (holder), g_steal_pointer (&left), NULL);
  else
    /* Translators: an effect, a creature, then what is left of the effect */
    tkr_encounter_log_event (encounter, NULL, N_ ("%s on %s (%s)"), tkr_message_name (clean),
                             tkr_encounter_who (holder), g_steal_pointer (&left), NULL);
  tkr_history_end (HISTORY (encounter));
  /* The holder's conditions keep it. */
  return effect;
}

/* Adds to @anchors the combatants whose turn @slot is: itself, or the
 * members of a group. */
guint
tkr_effects_slot_edge (TkrEncounter *encounter, TkrEffectEdge edge, GObject *slot)
{
  g_autoptr (GPtrArray) anchors = NULL;
  GListModel *combatants;
  guint ended = 0;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), 0);

  /* The system's own timings of conditions (tkr-timings.h). */
  ended = tkr_timings_slot_edge (encounter, edge, slot);
  /* A reminder placed before this turn comes up first (tkr-reminders.h). */
  if (edge == TKR_EFFECT_EDGE_TURN_START)
    {
      tkr_reminders_slot_starts (encounter, slot);
      /* Hidden until its turn, where the campaign says so. */
      tkr_encounter_reveal_on_turn (encounter, slot);
    }
  anchors = tkr_slot_combatants (slot);
  if (anchors->len == 0)
    return ended;
  combatants = tkr_encounter_get_combatants (encounter);
  for (guint c = 0; c < g_list_model_get_n_items (combatants); c++)
    {
      TkrCombatant *holder = tkr_list_item_at (combatants, c);
      GListStore *conditions = g_object_get_qdata (G_OBJECT (holder), effects_quark ());

      for (guint i = conditions != NULL ? N_ITEMS (conditions) : 0; i > 0; i--)
        {
          TkrCondition *effect = ITEM_AT (conditions, i - 1);
          TkrEffectDuration duration = tkr_condition_get_duration (effect);
          const char *id;

          if (duration != TKR_EFFECT_DURATION_ROUNDS && duration != TKR_EFFECT_DURATION_TURNS)
            continue;
          id = anchor_id (effect);
          for (guint a = 0; a < anchors->len; a++)
            if (g_strcmp0 (id_of (anchors->pdata[a]), id) == 0)
              {
                if (count_down (encounter, conditions, i - 1, effect, edge, anchors->pdata[a],
                                holder))
                  ended++;
                break;
              }
        }
    }
  /* What is left may ask for its save at this edge (tkr-saves.h). */
  tkr_saves_slot_edge (encounter, edge, slot);
  return ended;
}

/* Whether it is @id's turn now (alone or in a group). */
static gboolean
is_turn_of (TkrEncounter *encounter, const char *id)
{
  g_autoptr (GPtrArray) anchors = NULL;

  if (tkr_encounter_get_phase (encounter) != TKR_PHASE_MAIN &&
      tkr_encounter_get_phase (encounter) != TKR_PHASE_PAUSED)
    return FALSE;
  anchors = tkr_slot_combatants (tkr_encounter_get_current_slot (encounter));
  for (guint i = 0; i < anchors->len; i++)
    if (g_strcmp0 (id_of (anchors->pdata[i]), id) == 0)
      return TRUE;
  return FALSE;
}

/* @id's name as a value of a log line; "someone" once it has left. */
static TkrMessage *
who_with_id (TkrEncounter *encounter, const char *id)
{
  TkrCombatant *combatant = combatant_with_id (encounter, id);

  return combatant != NULL ? tkr_encounter_who (combatant)
                           /* Translators: an effect's anchor that has left the encounter */
                           : tkr_message_name (N_ ("someone"));
}

char *
tkr_effects_describe_left (TkrEncounter *encounter, TkrCondition *effect)
{
  g_autoptr (TkrMessage) left = NULL;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_CONDITION (effect), NULL);

  left = tkr_effects_describe_left_message (encounter, effect);
  return tkr_message_to_string (left);
}

/**
 * tkr_effects_describe_left_message:
 *
 * Returns: (transfer full): what tkr_effects_describe_left() says, as its
 *   event, for a log line to keep
 */
TkrMessage *
tkr_effects_describe_left_message (TkrEncounter *encounter, TkrCondition *effect)
{
  const char *id;
  int left;
  gboolean start;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_CONDITION (effect), NULL);

  left = tkr_condition_get_rounds_left (effect);
  id = anchor_id (effect);
  start = tkr_condition_get_edge (effect) == TKR_EFFECT_EDGE_TURN_START;
  switch (tkr_condition_get_duration (effect))
    {
    case TKR_EFFECT_DURATION_ENCOUNTER:
      return tkr_message_name (N_ ("until the end of the encounter"));
    case TKR_EFFECT_DURATION_ROUNDS:
      if (left == 0)
        return tkr_message_new (N_ ("until the end of %s’s turn"), who_with_id (encounter, id),
                                NULL);
      return tkr_message_new_plural ("%d round left", "%d rounds left", left,
                                     tkr_message_int (left), NULL);
    case TKR_EFFECT_DURATION_TURNS:
      if (left > 1)
        return start ? tkr_message_new_plural ("%d turn left, until the start of %s’s turn",
                                               "%d turns left, until the start of %s’s turn", left,
                                               tkr_message_int (left), who_with_id (encounter, id),
                                               NULL)
                     : tkr_message_new_plural ("%d turn left, until the end of %s’s turn",
                                               "%d turns left, until the end of %s’s turn", left,
                                               tkr_message_int (left), who_with_id (encounter, id),
                                               NULL);
      if (start)
        return tkr_message_new (N_ ("until the start of %s’s next turn"),
                                who_with_id (encounter, id), NULL);
      if (is_turn_of (encounter, id))
        return tkr_message_new (N_ ("until the end of %s’s turn"), who_with_id (encounter, id),
                                NULL);
      return tkr_message_new (N_ ("until the end of %s’s next turn"), who_with_id (encounter, id),
                              NULL);
    case TKR_EFFECT_DURATION_UNTIL_REMOVED:
    default:
      /* A condition from before effects had a duration keeps its rounds. */
      if (left != TKR_CONDITION_NO_DURATION)
        return tkr_message_new_plural ("%d round left", "%d rounds left", left,
                                       tkr_message_int (left), NULL);
      return tkr_message_name (N_ ("until removed"));
    }
}

void
tkr_effects_write_json (TkrEncounter *encounter, JsonObject *object)
{
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  JsonObject *members = NULL;

  for (guint c = 0; c < g_list_model_get_n_items (combatants); c++)
    {
      TkrCombatant *holder = tkr_list_item_at (combatants, c);
      GListStore *effects = g_object_get_qdata (G_OBJECT (holder), effects_quark ());

      if (effects == NULL || N_ITEMS (effects) == 0)
        continue;
      if (members == NULL)
        members = json_object_new ();
      json_object_set_member (
        members, id_of (holder),
        tkr_list_to_json (G_LIST_MODEL (effects), (TkrItemToJson) tkr_condition_to_json));
    }
  /* Left out when no one has one, so older files save the same. */
  if (members != NULL)
    json_object_set_object_member (object, "timed_effects", members);
}

/* Each effect of a holder at @path: a condition whose anchor and source,
 * when it has them, are combatants of @load. */
static gboolean
read_holder_effects (
  JsonNode *node, const char *path, TkrCombatant *holder, TkrEncounterLoad *load, GError **error)
{
  GListStore *store = tkr_effects_get_store (holder);
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      tkr_json_set_error (error, path, _ ("expected a list"));
      return FALSE;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) > TKR_JSON_MAX_ITEMS)
    {
      tkr_json_set_error (error, path, _ ("too many items"));
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (path, i);
      g_autoptr (TkrCondition) effect =
        tkr_condition_new_from_json (json_array_get_element (array, i), item_path, error);
      const char *anchor;

      if (effect == NULL)
        return FALSE;
      anchor = anchor_id (effect);
      if (anchor != NULL && tkr_encounter_load_find (load, anchor) == NULL)
        {
          tkr_json_refuse (error, item_path, "anchor", _ ("no combatant has the id “%s”"), anchor);
          return FALSE;
        }
      g_list_store_append (store, effect);
    }
  return TRUE;
}

gboolean
tkr_effects_read_json (JsonObject *object, const char *path, TkrEncounterLoad *load, GError **error)
{
  g_autofree char *member_path = tkr_json_path (path, "timed_effects");
  g_autoptr (GList) ids = NULL;
  JsonObject *members;

  if (!tkr_json_get_object (object, "timed_effects", path, FALSE, &members, error))
    return FALSE;
  if (members == NULL)
    return TRUE;
  ids = json_object_get_members (members);
  for (GList *l = ids; l != NULL; l = l->next)
    {
      g_autofree char *id_path = tkr_json_path (member_path, l->data);
      TkrCombatant *holder = tkr_encounter_load_find (load, l->data);

      if (holder == NULL)
        {
          tkr_json_set_error (error, id_path, _ ("no combatant has the id “%s”"),
                              (const char *) l->data);
          return FALSE;
        }
      if (!read_holder_effects (json_object_get_member (members, l->data), id_path, holder, load,
                                error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tkr_effect_is_from (TkrCondition *effect, TkrCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_CONDITION (effect), FALSE);

  return TKR_IS_COMBATANT (combatant) &&
         g_strcmp0 (tkr_condition_get_source (effect),
                    tkr_character_get_id (tkr_combatant_get_character (combatant))) == 0;
}
