/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-command.h"
#include "tkr-timings.h"

/* The systems' own timings of conditions; see tkr-timings.h and
 * docs/ARCHITECTURE.md, "Combatant state". */

#define HISTORY(encounter) tkr_encounter_get_history (encounter)
#define MAX_PATH 64

typedef enum
{
  LOG_ENDED,
  LOG_VALUE,
  LOG_STACKS,
} TimingLog;

/* Where a timing acts: a TkrEffectEdge of the holder's turn, or the
 * Reset. */
#define EDGE_RESET (TKR_EFFECT_EDGE_TURN_END + 1)

typedef struct
{
  const char *kind;
  const char *const *conditions;
  int edge;
  gboolean takes_stack;
  gboolean keeps_this_turn;
  TimingLog log;
} Timing;

/* The records of one edge, read once for all the holders of a turn. */
#define MAX_TIMINGS 16 /* as many as the schema allows (tkr-rules-schema.c) */
typedef struct
{
  Timing records[MAX_TIMINGS];
  guint n_records;
  int edge;
  int keep; /* the turn whose stacks a "keeps_this_turn" record keeps */
} Timings;

/* The path of @name in record @index, written into @path. */
static const char *
member (guint index, const char *name, char *path)
{
  g_snprintf (path, MAX_PATH, "timings[%u].%s", index, name);
  return path;
}

/* Record @index of the rule data's "timings". */
static void
read_timing (TkrRules *rules, guint index, Timing *timing)
{
  char path[MAX_PATH];
  const char *edge, *log;

  timing->kind = tkr_rules_get_string (rules, member (index, "kind", path));
  timing->conditions = tkr_rules_get_strv (rules, member (index, "conditions", path));
  edge = tkr_rules_get_string (rules, member (index, "edge", path));
  timing->edge = g_strcmp0 (edge, "turn-start") == 0 ? TKR_EFFECT_EDGE_TURN_START
                 : g_strcmp0 (edge, "turn-end") == 0 ? TKR_EFFECT_EDGE_TURN_END
                                                     : EDGE_RESET;
  timing->takes_stack =
    g_strcmp0 (tkr_rules_get_string (rules, member (index, "takes", path)), "stack") == 0;
  timing->keeps_this_turn = tkr_rules_get_bool (rules, member (index, "keeps_this_turn", path));
  log = tkr_rules_get_string (rules, member (index, "log", path));
  timing->log = g_strcmp0 (log, "value") == 0    ? LOG_VALUE
                : g_strcmp0 (log, "stacks") == 0 ? LOG_STACKS
                                                 : LOG_ENDED;
}

/* Whether @timing acts on @condition: by its kind or its catalogue id. */
static gboolean
times (TkrRules *rules, const Timing *timing, TkrCondition *condition)
{
  static const char *const kinds[] = { "fleeting", "persistent", "temporary" };
  TkrConditionKind kind = tkr_condition_get_kind (condition);

  if (tkr_condition_get_episode_only (condition))
    return FALSE;
  if (timing->kind != NULL && kind < G_N_ELEMENTS (kinds) &&
      g_str_equal (timing->kind, kinds[kind]))
    return TRUE;
  for (guint i = 0; timing->conditions != NULL && timing->conditions[i] != NULL; i++)
    {
      const TkrConditionInfo *info = tkr_rules_lookup_condition (rules, timing->conditions[i]);

      if (info != NULL && g_strcmp0 (info->name, tkr_condition_get_name (condition)) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The stacks of @condition less its oldest, or its oldest not gained on
 * @keep (TKR_TURN_NONE: any). (transfer full) (nullable): NULL when none
 * may go. */
static GVariant *
without_a_stack (TkrCondition *condition, int keep)
{
  GVariant *turns = tkr_condition_get_stack_turns (condition);
  g_autoptr (GArray) left = NULL;
  const gint32 *old;
  gsize n;

  old = g_variant_get_fixed_array (turns, &n, sizeof (gint32));
  for (gsize i = 0; i < n; i++)
    {
      if (keep != TKR_TURN_NONE && old[i] == keep)
        continue;
      left = g_array_sized_new (FALSE, FALSE, sizeof (gint32), n);
      g_array_append_vals (left, old, i);
      g_array_append_vals (left, old + i + 1, n - i - 1);
      return g_variant_ref_sink (
        g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, left->data, left->len, sizeof (gint32)));
    }
  return NULL;
}

static void
log_ended (TkrEncounter *encounter, TkrCondition *condition, TkrCombatant *holder, int edge)
{
  const char *name = tkr_condition_get_name (condition);

  if (edge == TKR_EFFECT_EDGE_TURN_START)
    tkr_encounter_log_event (
      encounter, TKR_LOG_EFFECT_ENDED, N_ ("%s on %s ended at the start of %s’s turn"),
      tkr_message_name (name), tkr_encounter_who (holder), tkr_encounter_who (holder), NULL);
  else if (edge == TKR_EFFECT_EDGE_TURN_END)
    tkr_encounter_log_event (encounter, TKR_LOG_EFFECT_ENDED,
                             N_ ("%s on %s ended at the end of %s’s turn"), tkr_message_name (name),
                             tkr_encounter_who (holder), tkr_encounter_who (holder), NULL);
  else
    /* Translators: a condition, then the creature it was on */
    tkr_encounter_log_event (encounter, TKR_LOG_EFFECT_ENDED, N_ ("%s on %s ended with the Reset"),
                             tkr_message_name (name), tkr_encounter_who (holder), NULL);
}

/* The turn a stack gained now records, for a system whose stacks keep it
 * (tkr-condition.h): its encounter's int property "turn-serial", counted
 * up at each start of a turn (the Kleptonomicon). */
static int
turn_serial (TkrEncounter *encounter)
{
  int serial = TKR_TURN_NONE;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (encounter), "turn-serial") != NULL)
    g_object_get (encounter, "turn-serial", &serial, NULL);
  return serial;
}

/* The rule data's records for @edge. Returns whether there is one. */
static gboolean
read_timings (TkrEncounter *encounter, int edge, Timings *timings)
{
  TkrRules *rules = tkr_encounter_get_rules (encounter);
  guint n = MIN (tkr_rules_get_n_records (rules, "timings"), MAX_TIMINGS);
  gboolean keeps = FALSE;

  timings->n_records = 0;
  timings->edge = edge;
  for (guint r = 0; r < n; r++)
    {
      Timing *timing = &timings->records[timings->n_records];

      read_timing (rules, r, timing);
      if (timing->edge != edge)
        continue;
      keeps = keeps || timing->keeps_this_turn;
      timings->n_records++;
    }
  timings->keep = keeps ? turn_serial (encounter) : TKR_TURN_NONE;
  return timings->n_records > 0;
}

/* @timings act on @holder's conditions, recorded; the ones that end are
 * logged and announced. Returns how many ended. */
static guint
holder_edge (TkrEncounter *encounter, const Timings *timings, TkrCombatant *holder)
{
  TkrRules *rules = tkr_encounter_get_rules (encounter);
  GListModel *model = tkr_combatant_get_conditions (holder);
  g_autoptr (GPtrArray) ended = NULL;
  guint n_ended = 0;

  if (!G_IS_LIST_STORE (model) || g_list_model_get_n_items (model) == 0)
    return 0;
  ended = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint r = 0; r < timings->n_records; r++)
    {
      const Timing *timing = &timings->records[r];
      int keep = timing->keeps_this_turn ? timings->keep : TKR_TURN_NONE;
      guint erased = 0;

      for (guint i = 0; i < g_list_model_get_n_items (model);)
        {
          g_autoptr (TkrCondition) condition = g_list_model_get_item (model, i);
          g_autoptr (GVariant) left = NULL;
          const char *shown;

          if (!times (rules, timing, condition) ||
              (timing->takes_stack && (left = without_a_stack (condition, keep)) == NULL))
            {
              i++;
              continue;
            }
          shown = tkr_condition_get_name (condition);
          if (left != NULL)
            {
              tkr_history_set (HISTORY (encounter), condition, "stack-turns", left);
              erased++;
            }
          if (left != NULL && tkr_condition_get_stacks (condition) > 0)
            {
              if (timing->log == LOG_VALUE)
                /* Translators: a creature, a condition, then its new value */
                tkr_encounter_log_event (encounter, NULL, N_ ("%s is now %s %d"),
                                         tkr_encounter_who (holder), tkr_message_name (shown),
                                         tkr_message_int (tkr_condition_get_stacks (condition)),
                                         NULL);
              i++;
              continue;
            }
          tkr_history_remove (HISTORY (encounter), G_LIST_STORE (model), i);
          n_ended++;
          if (timing->log == LOG_VALUE)
            {
              /* Translators: a creature, then a condition */
              tkr_encounter_log_event (encounter, TKR_LOG_EFFECT_ENDED, N_ ("%s is no longer %s"),
                                       tkr_encounter_who (holder), tkr_message_name (shown), NULL);
              g_signal_emit_by_name (encounter, "effect-ended", condition, holder);
            }
          else
            g_ptr_array_add (ended, g_steal_pointer (&condition));
        }
      if (timing->log == LOG_STACKS && erased > 0)
        tkr_encounter_log_plural (encounter, NULL, "%s erases %u condition stack",
                                  "%s erases %u condition stacks", erased,
                                  tkr_encounter_who (holder), tkr_message_int (erased), NULL);
    }
  for (guint i = 0; i < ended->len; i++)
    {
      log_ended (encounter, ended->pdata[i], holder, timings->edge);
      g_signal_emit_by_name (encounter, "effect-ended", ended->pdata[i], holder);
    }
  return n_ended;
}

guint
tkr_timings_slot_edge (TkrEncounter *encounter, TkrEffectEdge edge, GObject *slot)
{
  g_autoptr (GPtrArray) holders = NULL;
  Timings timings;
  guint ended = 0;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), 0);

  if (!read_timings (encounter, edge, &timings))
    return 0;
  holders = tkr_slot_combatants (slot);
  for (guint i = 0; i < holders->len; i++)
    ended += holder_edge (encounter, &timings, holders->pdata[i]);
  return ended;
}

guint
tkr_timings_reset (TkrEncounter *encounter, TkrCombatant *holder)
{
  Timings timings;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), 0);
  g_return_val_if_fail (TKR_IS_COMBATANT (holder), 0);

  if (!read_timings (encounter, EDGE_RESET, &timings))
    return 0;
  return holder_edge (encounter, &timings, holder);
}
