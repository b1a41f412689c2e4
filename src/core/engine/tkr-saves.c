/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-effects.h"
#include "tkr-formula.h"
#include "tkr-health.h"
#include "tkr-json.h"
#include "tkr-refusal.h"
#include "tkr-rules.h"
#include "tkr-saves.h"

/* Repeat saves; see tkr-saves.h and help/C/effects.page. */

#define HISTORY(encounter) tkr_encounter_get_history (encounter)

/* The kind (tkr_log_entry_get_kind) of a save's log lines. */
#define LOG_KIND_SAVE "save"

struct _TkrRepeatSave
{
  GObject parent_instance;

  TkrCombatant *holder;
  TkrCondition *effect;
};

G_DEFINE_FINAL_TYPE (TkrRepeatSave, tkr_repeat_save, G_TYPE_OBJECT)

static void
tkr_repeat_save_dispose (GObject *object)
{
  TkrRepeatSave *self = TKR_REPEAT_SAVE (object);

  g_clear_object (&self->holder);
  g_clear_object (&self->effect);
  G_OBJECT_CLASS (tkr_repeat_save_parent_class)->dispose (object);
}

static void
tkr_repeat_save_class_init (TkrRepeatSaveClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tkr_repeat_save_dispose;
}

static void
tkr_repeat_save_init (TkrRepeatSave *self)
{
}

static TkrRepeatSave *
repeat_save_new (TkrCombatant *holder, TkrCondition *effect)
{
  TkrRepeatSave *self = g_object_new (TKR_TYPE_REPEAT_SAVE, NULL);

  self->holder = g_object_ref (holder);
  self->effect = g_object_ref (effect);
  return self;
}

TkrCombatant *
tkr_repeat_save_get_holder (TkrRepeatSave *self)
{
  g_return_val_if_fail (TKR_IS_REPEAT_SAVE (self), NULL);
  return self->holder;
}

TkrCondition *
tkr_repeat_save_get_effect (TkrRepeatSave *self)
{
  g_return_val_if_fail (TKR_IS_REPEAT_SAVE (self), NULL);
  return self->effect;
}

/* What a save asks for, as its event (a log line keeps it). */
static TkrMessage *
describe_message (TkrRepeatSave *self, TkrEncounter *encounter)
{
  return tkr_message_new (
    tkr_condition_get_save_reduces (self->effect)
      /* Translators: the roll's name (a flat check), its DC, a
       * combatant, an effect */
      ? N_ ("%s DC %d for %s to reduce %s")
      /* Translators: the roll's name (a flat check), its DC, a
       * combatant, an effect */
      : N_ ("%s DC %d for %s to end %s"),
    tkr_message_name (tkr_rules_get_save_msgid (tkr_encounter_get_rules (encounter))),
    tkr_message_int (tkr_condition_get_save_dc (self->effect)), tkr_encounter_who (self->holder),
    tkr_message_name (tkr_condition_get_name (self->effect)), NULL);
}

char *
tkr_repeat_save_describe (TkrRepeatSave *self, TkrEncounter *encounter)
{
  g_return_val_if_fail (TKR_IS_REPEAT_SAVE (self), NULL);
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);

  g_autoptr (TkrMessage) described = describe_message (self, encounter);

  return tkr_message_to_string (described);
}

static GQuark
saves_quark (void)
{
  return g_quark_from_static_string ("tkr-saves");
}

static GListStore *
pending_store (TkrEncounter *encounter)
{
  GListStore *store = g_object_get_qdata (G_OBJECT (encounter), saves_quark ());

  if (store == NULL)
    {
      store = g_list_store_new (TKR_TYPE_REPEAT_SAVE);
      g_object_set_qdata_full (G_OBJECT (encounter), saves_quark (), store, g_object_unref);
    }
  return store;
}

GListModel *
tkr_saves_get_pending (TkrEncounter *encounter)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), NULL);
  return G_LIST_MODEL (pending_store (encounter));
}

/* The timed effects that hold @effect, or NULL. */
static GListStore *
store_of (TkrCombatant *holder, TkrCondition *effect)
{
  GListStore *store = tkr_effects_get_store (holder);

  return g_list_store_find (store, effect, NULL) ? store : NULL;
}

gboolean
tkr_saves_set (TkrEncounter *encounter,
               TkrCondition *effect,
               int dc,
               TkrEffectEdge edge,
               gboolean reduces,
               const char *damage,
               GError **error)
{
  TkrFormula formula;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);
  g_return_val_if_fail (TKR_IS_CONDITION (effect), FALSE);

  if (dc < 1 || dc > TKR_CONDITION_MAX_SAVE_DC)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("A save’s DC is 1 to %d"),
                       TKR_CONDITION_MAX_SAVE_DC);
  if (damage != NULL && *damage == '\0')
    damage = NULL;
  if (damage != NULL && (!tkr_formula_parse (damage, &formula, error) ||
                         tkr_formula_max (&formula) > TKR_HEALTH_MAX_CHANGE))
    {
      if (error != NULL && *error == NULL)
        tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("A change of health is 0 to %d"),
                    TKR_HEALTH_MAX_CHANGE);
      return FALSE;
    }

  tkr_history_begin (HISTORY (encounter), N_ ("Give an Effect a Save"));
  tkr_encounter_set (encounter, effect, "save-dc", dc);
  tkr_encounter_set (encounter, effect, "save-edge", edge);
  tkr_encounter_set (encounter, effect, "save-reduces", reduces);
  tkr_encounter_set (encounter, effect, "damage", damage);
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

/* Whether @a and @b are the same save (one of them may be about to be
 * asked for again). */
static gboolean
same_save (gconstpointer a, gconstpointer b)
{
  const TkrRepeatSave *x = a, *y = b;

  return x->holder == y->holder && x->effect == y->effect;
}

static void
ask_for_save (TkrEncounter *encounter, TkrCombatant *holder, TkrCondition *effect)
{
  g_autoptr (TkrRepeatSave) save = repeat_save_new (holder, effect);
  const char *damage = tkr_condition_get_damage (effect);
  TkrFormula formula;

  if (damage != NULL && tkr_formula_parse (damage, &formula, NULL))
    {
      g_autofree char *rolled = NULL;
      int total = tkr_formula_roll (&formula, tkr_encounter_get_rand (encounter), &rolled);
      TkrHealthChange change = { TKR_HEALTH_DAMAGE, CLAMP (total, 0, TKR_HEALTH_MAX_CHANGE) };

      change.rolled = tkr_formula_has_dice (&formula) ? rolled : NULL;
      /* Translators: the log; damage an effect deals, then its name */
      tkr_encounter_log_event (encounter, LOG_KIND_SAVE, N_ ("%s deals its damage"),
                               tkr_message_name (tkr_condition_get_name (effect)), NULL);
      tkr_encounter_change_health (encounter, holder, &change, NULL);
    }
  /* One prompt for a save, however many edges pass before it is answered. */
  if (g_list_store_find_with_equal_func (pending_store (encounter), save, same_save, NULL))
    return;
  /* Translators: the log; what a save asks for */
  tkr_encounter_log_event (encounter, LOG_KIND_SAVE, N_ ("Save: %s"),
                           describe_message (save, encounter), NULL);
  tkr_history_append (HISTORY (encounter), pending_store (encounter), save);
}

void
tkr_saves_slot_edge (TkrEncounter *encounter, TkrEffectEdge edge, GObject *slot)
{
  g_autoptr (GPtrArray) holders = tkr_slot_combatants (slot);

  g_return_if_fail (TKR_IS_ENCOUNTER (encounter));

  for (guint h = 0; h < holders->len; h++)
    {
      GListModel *effects = G_LIST_MODEL (tkr_effects_get_store (holders->pdata[h]));

      for (guint i = 0; i < g_list_model_get_n_items (effects); i++)
        {
          TkrCondition *effect = tkr_list_item_at (effects, i);

          if (tkr_condition_get_save_dc (effect) > 0 &&
              tkr_condition_get_save_edge (effect) == edge)
            ask_for_save (encounter, holders->pdata[h], effect);
        }
    }
}

gboolean
tkr_saves_resolve (
  TkrEncounter *encounter, TkrRepeatSave *save, TkrSaveOutcome outcome, int typed, GError **error)
{
  TkrRules *rules;
  GListStore *effects;
  TkrCondition *effect;
  const char *name, *roll_name;
  TkrMessage *result = NULL;
  int dc, die, value;
  gboolean success;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);

  if (!TKR_IS_REPEAT_SAVE (save) || !g_list_store_find (pending_store (encounter), save, NULL))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                       _ ("That save is no longer waiting for an answer"));
  rules = tkr_encounter_get_rules (encounter);
  die = tkr_rules_get_die_sides (rules);
  if (outcome == TKR_SAVE_TYPED && (typed < 1 || typed > TKR_CONDITION_MAX_SAVE_DC))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("A result is 1 to %d"),
                       TKR_CONDITION_MAX_SAVE_DC);

  effect = save->effect;
  name = tkr_condition_get_name (effect);
  roll_name = tkr_rules_get_save_msgid (rules);
  dc = tkr_condition_get_save_dc (effect);
  switch (outcome)
    {
    case TKR_SAVE_ROLL:
      value = g_rand_int_range (tkr_encounter_get_rand (encounter), 1, die + 1);
      success = value >= dc;
      /* Translators: a die's result, then the DC */
      result = tkr_message_new (N_ ("rolled %d against %d"), tkr_message_int (value),
                                tkr_message_int (dc), NULL);
      break;
    case TKR_SAVE_TYPED:
      success = typed >= dc;
      /* Translators: a typed result, then the DC */
      result =
        tkr_message_new (N_ ("%d against %d"), tkr_message_int (typed), tkr_message_int (dc), NULL);
      break;
    case TKR_SAVE_SUCCEEDED:
      success = TRUE;
      result = tkr_message_name (N_ ("as the GM says"));
      break;
    case TKR_SAVE_FAILED:
      success = FALSE;
      result = tkr_message_name (N_ ("as the GM says"));
      break;
    default:
      g_return_val_if_reached (FALSE);
    }

  tkr_history_begin (HISTORY (encounter), N_ ("Save"));
  tkr_history_remove_item (HISTORY (encounter), pending_store (encounter), save);
  effects = store_of (save->holder, effect);
  if (!success)
    /* Translators: the log; a combatant, the roll's name, an effect, how */
    tkr_encounter_log_event (encounter, LOG_KIND_SAVE, N_ ("%s fails the %s against %s (%s)"),
                             tkr_encounter_who (save->holder), tkr_message_name (roll_name),
                             tkr_message_name (name), result, NULL);
  else if (effects != NULL && tkr_condition_get_save_reduces (effect) &&
           tkr_condition_get_value (effect) > 1)
    {
      tkr_encounter_set (encounter, effect, "value", tkr_condition_get_value (effect) - 1, NULL);
      /* Translators: the log; a combatant, the roll's name, how, an effect, its new value */
      tkr_encounter_log_event (
        encounter, LOG_KIND_SAVE, N_ ("%s succeeds at the %s (%s): %s goes down to %d"),
        tkr_encounter_who (save->holder), tkr_message_name (roll_name), result,
        tkr_message_name (name), tkr_message_int (tkr_condition_get_value (effect)), NULL);
    }
  else
    {
      /* Translators: the log; a combatant, the roll's name, how, an effect */
      tkr_encounter_log_event (encounter, TKR_LOG_EFFECT_ENDED,
                               N_ ("%s succeeds at the %s (%s): %s ends"),
                               tkr_encounter_who (save->holder), tkr_message_name (roll_name),
                               result, tkr_message_name (name), NULL);
      if (effects != NULL)
        tkr_history_remove_item (HISTORY (encounter), effects, effect);
    }
  tkr_history_end (HISTORY (encounter));
  return TRUE;
}

void
tkr_saves_write_json (TkrEncounter *encounter, JsonObject *object)
{
  GListModel *pending = G_LIST_MODEL (pending_store (encounter));
  JsonArray *array;

  /* Left out when none waits, so older files save the same. */
  if (g_list_model_get_n_items (pending) == 0)
    return;
  array = json_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (pending); i++)
    {
      TkrRepeatSave *save = tkr_list_item_at (pending, i);
      JsonObject *item = json_object_new ();
      guint index = 0;

      g_list_store_find (tkr_effects_get_store (save->holder), save->effect, &index);
      json_object_set_string_member (
        item, "holder", tkr_character_get_id (tkr_combatant_get_character (save->holder)));
      json_object_set_int_member (item, "effect", index);
      json_array_add_object_element (array, item);
    }
  json_object_set_array_member (object, "pending_saves", array);
}

gboolean
tkr_saves_read_json (TkrEncounter *encounter,
                     JsonObject *object,
                     const char *path,
                     TkrEncounterLoad *load,
                     GError **error)
{
  g_autofree char *member_path = tkr_json_path (path, "pending_saves");
  g_autoptr (GPtrArray) saves = g_ptr_array_new_with_free_func (g_object_unref);
  JsonArray *array;

  if (!tkr_json_get_array (object, "pending_saves", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (member_path, i);
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      g_autofree char *id = NULL;
      TkrCombatant *holder = NULL;
      GListModel *effects;
      gint64 index;

      if (item == NULL ||
          !tkr_json_get_string (item, "holder", item_path, TRUE, NULL, &id, error) ||
          !tkr_json_get_int (item, "effect", item_path, TRUE, 0, G_MAXINT, 0, &index, error))
        return FALSE;
      holder = tkr_encounter_load_find (load, id);
      if (holder == NULL)
        return tkr_json_refuse (error, item_path, "holder", _ ("no combatant has the id “%s”"), id);
      effects = G_LIST_MODEL (tkr_effects_get_store (holder));
      if (index >= g_list_model_get_n_items (effects) ||
          tkr_condition_get_save_dc (tkr_list_item_at (effects, (guint) index)) == 0)
        return tkr_json_refuse (error, item_path, "effect", _ ("that combatant has no such save"));
      g_ptr_array_add (saves, repeat_save_new (holder, tkr_list_item_at (effects, (guint) index)));
    }
  g_list_store_splice (pending_store (encounter), 0,
                       g_list_model_get_n_items (G_LIST_MODEL (pending_store (encounter))),
                       saves->pdata, saves->len);
  return TRUE;
}
