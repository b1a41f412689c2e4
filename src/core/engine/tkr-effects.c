/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-effects.h"
#include "tkr-json.h"
#include "tkr-refusal.h"

/* Timed effects; see tkr-effects.h and docs/ARCHITECTURE.md, "Combatant
 * state". */

#define HISTORY(encounter) tkr_encounter_get_history (encounter)
#define N_ITEMS(store) g_list_model_get_n_items (G_LIST_MODEL (store))
#define ITEM_AT(store, index) ((TkrCondition *) tkr_list_item_at (G_LIST_MODEL (store), (index)))

static const char *
id_of (TkrCombatant *combatant)
{
  return tkr_character_get_id (tkr_combatant_get_character (combatant));
}

TkrCondition *
tkr_effect_new (const char *name, const char *source, int rounds)
{
  return g_object_new (TKR_TYPE_CONDITION, "name", name, "kind", TKR_CONDITION_KIND_TEMPORARY,
                       "max-stacks", 1, "rounds-left", rounds, "source", source, NULL);
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
  tkr_history_begin (HISTORY (encounter), _ ("Add an effect"));
  tkr_history_append (HISTORY (encounter), effects, effect);
  /* Translators: a creature, an effect, then its duration */
  tkr_encounter_log (encounter,
                     g_dngettext (GETTEXT_PACKAGE, "%s creates %s for %d round",
                                  "%s creates %s for %d rounds", rounds),
                     tkr_combatant_get_name (source), name, rounds);
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

  tkr_history_begin (HISTORY (encounter), _ ("End an effect"));
  tkr_history_set_destructive (HISTORY (encounter));
  tkr_encounter_log (encounter, _ ("%s ends early"), tkr_condition_get_name (effect));
  tkr_history_remove_item (HISTORY (encounter), effects, effect);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

/* Whether @effect counts down at @edge. Every effect does so at the start
 * of its source's turn today. */
static gboolean
counts_down_at (TkrCondition *effect, TkrEffectEdge edge)
{
  return edge == TKR_EFFECT_EDGE_TURN_START &&
         tkr_condition_get_rounds_left (effect) != TKR_CONDITION_NO_DURATION;
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
      int rounds = tkr_condition_get_rounds_left (effect);

      if (g_strcmp0 (tkr_condition_get_source (effect), id) != 0 || !counts_down_at (effect, edge))
        continue;
      if (rounds > 1)
        {
          tkr_encounter_set (encounter, effect, "rounds-left", rounds - 1);
          continue;
        }
      /* Translators: an effect's name, then its creator */
      tkr_encounter_log (encounter, _ ("%s (by %s) ends"), tkr_condition_get_name (effect),
                         tkr_combatant_get_name (anchor));
      tkr_history_remove (HISTORY (encounter), effects, i - 1);
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
