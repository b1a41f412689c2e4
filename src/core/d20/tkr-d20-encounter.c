/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-d20-combatant-private.h"
#include "tkr-save-cache.h"
#include "tkr-d20-encounter.h"
#include "tkr-delay.h"
#include "tkr-effects.h"
#include "tkr-members.h"
#include "tkr-json.h"
#include "tkr-list-sync.h"
#include "tkr-refusal.h"
#include "tkr-system.h"

/*
 * The d20 system's encounter (seed 003, "Encounters") on the shared engine,
 * and the state the system keeps per creature between encounters (mana,
 * Exhaustion, time since the last rests: seed, "Resting").
 *
 * Every command validates first and then records all its changes as one
 * TkrHistory step.
 */

struct _TkrD20Encounter
{
  TkrEncounter parent_instance;

  GRand *rand;
  gboolean owns_rand;
  GStrv kinds;               /* of movement, from the rule data */
  TkrMembers *creatures;     /* TkrD20Combatant, one per participant */
  TkrInitiativeIndex *index; /* of the engine's combatants */
  /* The Setup's lists for views, made on first asking */
  GListStore *tentative_order; /* TkrOrderPlace */
  GListStore *tied;            /* TkrD20Combatant */
};

G_DEFINE_FINAL_TYPE (TkrD20Encounter, tkr_d20_encounter, TKR_TYPE_ENCOUNTER)

/* The rule data's number at "d20.@key", for the encounter self. */
#define RULE(key) tkr_rules_get_int (RULES (self), "d20." key)

#define CREATURES(self) G_LIST_MODEL (tkr_members_get_store ((self)->creatures))
#define N_CREATURES(self) g_list_model_get_n_items (CREATURES (self))

/* Defines tkr_d20_encounter_@func: @expression of self, a @type, or 0
 * when self is not a d20 encounter. */
#define GETTER(type, func, expression)                                                             \
  TKR_DEFINE_GETTER (TkrD20Encounter, TKR_IS_D20_ENCOUNTER, type, tkr_d20_encounter_##func,        \
                     expression, 0)

GETTER (GListModel *, get_creatures, CREATURES (self))
GETTER (TkrD20Combatant *,
        get_current,
        TKR_D20_COMBATANT (tkr_encounter_get_current_slot (TKR_ENCOUNTER (self))))
GETTER (const char *const *, get_movement_kinds, (const char *const *) self->kinds)

TkrD20Combatant *
tkr_d20_encounter_find (TkrD20Encounter *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return tkr_members_find (self->creatures, character);
}

/* Checks shared by the commands */

/* Opens every command: @self must be a d20 encounter (a programming error
 * otherwise), then @checks must pass, or the command returns FALSE with
 * the refusal they set. */
#define REQUIRE(self, checks)                                                                      \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);                                     \
    if (!(checks))                                                                                 \
      return FALSE;                                                                                \
  }                                                                                                \
  G_STMT_END

static gboolean
require_out_of_combat (TkrD20Encounter *self, GError **error)
{
  if (PHASE (self) == TKR_PHASE_FREEPLAY || PHASE (self) == TKR_PHASE_END)
    return TRUE;
  return tkr_refuse (
    error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
    _ ("Resting and the passing of hours happen outside a fight (Freeplay or End), "
       "and the encounter is in %s"),
    tkr_phase_to_string (PHASE (self)));
}

/* The creatures take part in every phase, so this is not the engine's
 * tkr_encounter_require_combatant (Setup to End). */
static gboolean
require_combatant (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  if (TKR_IS_D20_COMBATANT (combatant) &&
      tkr_encounter_has_participant (TKR_ENCOUNTER (self), CHARACTER (combatant)) &&
      tkr_d20_encounter_find (self, CHARACTER (combatant)) == combatant)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                     _ ("That creature does not take part in this encounter"));
}

/* @phase, and @combatant one of the creatures. */
static gboolean
require_in (TkrD20Encounter *self, TkrPhase phase, TkrD20Combatant *combatant, GError **error)
{
  return tkr_encounter_require_phase (TKR_ENCOUNTER (self), phase, error) &&
         require_combatant (self, combatant, error);
}

static gboolean
is_on_turn (TkrD20Encounter *self, TkrD20Combatant *combatant)
{
  return PHASE (self) == TKR_PHASE_MAIN && tkr_d20_encounter_get_current (self) == combatant;
}

static gboolean
require_on_turn (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  if (!require_in (self, TKR_PHASE_MAIN, combatant, error))
    return FALSE;
  if (is_on_turn (self, combatant))
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN, _ ("It is not %s’s turn"),
                     NAME (combatant));
}

/* Opens a command's history step @label and records the int or boolean
 * properties of @object that follow, as name and value pairs ending with
 * NULL. */
static void G_GNUC_NULL_TERMINATED
begin_step (TkrD20Encounter *self, const char *label, gpointer object, ...)
{
  const char *property;
  va_list args;

  tkr_history_begin (HISTORY (self), label);
  va_start (args, object);
  while ((property = va_arg (args, const char *)) != NULL)
    SET (self, object, property, va_arg (args, int));
  va_end (args);
}

/* The modifier of @combatant's sheet for the rule data's @check
 * ("reflex", "stamina", "vitality"). */
static int
check_modifier (TkrD20Encounter *self, TkrD20Combatant *combatant, const char *check)
{
  g_autofree char *path = g_strconcat ("d20.checks.", check, NULL);

  return tkr_d20_sheet_modifier (CHARACTER (combatant), tkr_rules_get_string (RULES (self), path));
}

static TkrD20Roll
roll_or_typed (TkrD20Encounter *self, const TkrD20Roll *typed, int modifier)
{
  if (typed != NULL)
    return *typed;
  return tkr_d20_roll (self->rand, RULE ("initiative.die"), modifier);
}

static TkrMessage *
describe_roll (const TkrD20Roll *roll)
{
  if (roll->typed_in)
    /* Translators: a check's total typed in by the player */
    return tkr_message_new (N_ ("%d (typed in)"), NUM (roll->total), NULL);
  /* Translators: total, then the die and the modifier: "17 (d20 14 + 3)" */
  return tkr_message_new (N_ ("%d (d20 %d %+d)"), NUM (roll->total), NUM (roll->die),
                          NUM (roll->modifier), NULL);
}

/* Common actions (rule data) */

/* The path of @key of the common action @index in the rule data. */
static char *
action_path (int index, const char *key)
{
  return g_strdup_printf ("d20.common_actions[%d].%s", index, key);
}

/* The string @key ("id", "name") of the common action @index. */
static const char *
action_string (TkrD20Encounter *self, int index, const char *key)
{
  g_autofree char *path = action_path (index, key);

  return tkr_rules_get_string (RULES (self), path);
}

GStrv
tkr_d20_encounter_list_common_actions (TkrD20Encounter *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  for (guint i = 0; i < tkr_rules_get_n_records (RULES (self), "d20.common_actions"); i++)
    g_strv_builder_add (builder, action_string (self, (int) i, "id"));
  return g_strv_builder_end (builder);
}

/* The rule data names kinds of movement by id; messages show them in the
 * user's language. */
static const char *
kind_label (const char *kind)
{
  if (g_strcmp0 (kind, "walk") == 0)
    return C_ ("speed", "walking");
  if (g_strcmp0 (kind, "fly") == 0)
    return C_ ("speed", "flying");
  if (g_strcmp0 (kind, "swim") == 0)
    return C_ ("speed", "swimming");
  if (g_strcmp0 (kind, "climb") == 0)
    return C_ ("speed", "climbing");
  return kind;
}

/* The same, for a log line to keep. */
static TkrMessage *
kind_message (const char *kind)
{
  if (g_strcmp0 (kind, "walk") == 0)
    return tkr_message_name_in_context ("speed", NC_ ("speed", "walking"));
  if (g_strcmp0 (kind, "fly") == 0)
    return tkr_message_name_in_context ("speed", NC_ ("speed", "flying"));
  if (g_strcmp0 (kind, "swim") == 0)
    return tkr_message_name_in_context ("speed", NC_ ("speed", "swimming"));
  if (g_strcmp0 (kind, "climb") == 0)
    return tkr_message_name_in_context ("speed", NC_ ("speed", "climbing"));
  return TEXT (kind);
}

/* Participants: each joins as a creature that stays until it leaves; the
 * engine's combatants from Setup to End are the same objects. */

static TkrCombatant *
tkr_d20_encounter_new_combatant (TkrEncounter *encounter, TkrCharacter *character)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  TkrD20Combatant *creature = tkr_d20_encounter_find (self, character);

  /* Setup makes no new state: the creature who joined in Freeplay fights. */
  if (creature != NULL)
    return g_object_ref (TKR_COMBATANT (creature));
  return TKR_COMBATANT (tkr_d20_combatant_new_from_sheet (character, RULES (self)));
}

static void
tkr_d20_encounter_joined (TkrEncounter *encounter, TkrCharacter *character, TkrCombatant *combatant)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  g_autoptr (TkrD20Combatant) creature =
    combatant ? g_object_ref (TKR_D20_COMBATANT (combatant))
              : tkr_d20_combatant_new_from_sheet (character, RULES (self));
  tkr_members_join (self->creatures, HISTORY (self), TKR_COMBATANT (creature));
}

static void
tkr_d20_encounter_leaving (TkrEncounter *encounter,
                           TkrCharacter *character,
                           TkrCombatant *combatant)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);

  tkr_members_leave (self->creatures, HISTORY (self), character);
}

gboolean
tkr_d20_encounter_set_agility (TkrD20Encounter *self,
                               TkrD20Combatant *combatant,
                               int agility,
                               GError **error)
{
  REQUIRE (self, require_combatant (self, combatant, error));
  if (agility < -TKR_D20_MAX_AGILITY || agility > TKR_D20_MAX_AGILITY)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s’s Agility must be between %d and %d"), NAME (combatant),
                       -TKR_D20_MAX_AGILITY, TKR_D20_MAX_AGILITY);
  begin_step (self, N_ ("Set Agility"), combatant, "agility", agility, NULL);
  return LOG_AND_END (self, N_ ("%s’s Agility is now %+d"), WHO (combatant), NUM (agility));
}

static gboolean
require_kind (TkrD20Encounter *self, const char *kind, GError **error)
{
  if (kind != NULL && g_strv_contains ((const char *const *) self->kinds, kind))
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                     _ ("“%s” is not a kind of movement these rules know"), kind ? kind : "");
}

/* The "movement" resource follows speeds, Dashes and feet moved. */
static void
sync_movement (TkrD20Encounter *self, TkrD20Combatant *combatant)
{
  TkrResource *resource = tkr_combatant_find_resource (TKR_COMBATANT (combatant), "movement");
  int left, maximum;

  tkr_d20_combatant_compute_movement (combatant, &left, &maximum);
  SET (self, resource, "maximum", maximum);
  SET (self, resource, "current", left);
}

gboolean
tkr_d20_encounter_set_speed (
  TkrD20Encounter *self, TkrD20Combatant *combatant, const char *kind, int feet, GError **error)
{
  int max_feet;

  REQUIRE (self, require_combatant (self, combatant, error) && require_kind (self, kind, error));
  max_feet = RULE ("movement.max_feet");
  if (feet < 0 || feet > max_feet)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s’s %s speed must be between 0 and %d feet"), NAME (combatant),
                       kind_label (kind), max_feet);
  begin_step (self, N_ ("Set a speed"), tkr_d20_combatant_find_movement (combatant, kind), "speed",
              feet, NULL);
  sync_movement (self, combatant);
  return LOG_AND_END (self, N_ ("%s’s %s speed is now %d feet"), WHO (combatant),
                      kind_message (kind), NUM (feet));
}

/* Puts the rule data's condition @id on @combatant or takes it off. */
static void
set_condition (TkrD20Encounter *self, TkrD20Combatant *combatant, const char *id, gboolean on)
{
  GListStore *store = tkr_combatant_get_condition_store (TKR_COMBATANT (combatant));
  TkrCondition *condition = tkr_d20_combatant_find_condition (combatant, id);

  if (on && condition == NULL)
    {
      g_autoptr (TkrCondition) added = tkr_d20_condition_new (RULES (self), id);

      tkr_history_append (HISTORY (self), store, added);
    }
  else if (!on && condition != NULL)
    tkr_history_remove_item (HISTORY (self), store, condition);
}

/* Suffocating (seed): with no breath left, Dying until reaching air. */
static void
out_of_breath (TkrD20Encounter *self, TkrD20Combatant *combatant)
{
  set_condition (self, combatant, "dying", TRUE);
  LOG (self, N_ ("%s is out of breath and Dying until they reach air"), WHO (combatant));
}

/* Initiative: the order and its ties (seed, Initiative) */

static int
compare_tiebreaks (TkrD20Combatant *x, TkrD20Combatant *y)
{
  guint nx = tkr_d20_combatant_get_n_tiebreaks (x), ny = tkr_d20_combatant_get_n_tiebreaks (y);

  for (guint i = 0; i < MIN (nx, ny); i++)
    if (tkr_d20_combatant_get_tiebreak (x, i) != tkr_d20_combatant_get_tiebreak (y, i))
      return tkr_d20_combatant_get_tiebreak (y, i) - tkr_d20_combatant_get_tiebreak (x, i);
  return 0;
}

/* On a tie in initiative, the higher contest roll, then the next
 * contest, and so on; then who rolled more contests. */
static int
compare_contests (gconstpointer a, gconstpointer b, gpointer data)
{
  TkrD20Combatant *x = (TkrD20Combatant *) a, *y = (TkrD20Combatant *) b;
  int by_contest = compare_tiebreaks (x, y);

  return by_contest != 0 ? by_contest
                         : (int) tkr_d20_combatant_get_n_tiebreaks (y) -
                             (int) tkr_d20_combatant_get_n_tiebreaks (x);
}

GPtrArray *
tkr_d20_encounter_sort_order (TkrD20Encounter *self)
{
  GListModel *combatants;
  GPtrArray *sorted;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (self));
  sorted = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    g_ptr_array_add (sorted, g_list_model_get_item (combatants, i));
  tkr_initiative_sort (sorted, tkr_d20_initiative_offset, compare_contests, NULL);
  return sorted;
}

static int
compare_joined (gconstpointer a, gconstpointer b)
{
  guint64 x = tkr_d20_combatant_get_serial (*(TkrD20Combatant **) a);
  guint64 y = tkr_d20_combatant_get_serial (*(TkrD20Combatant **) b);

  return x < y ? -1 : x > y;
}

static int
compare_first_joined (gconstpointer a, gconstpointer b)
{
  return compare_joined (&(*(GPtrArray **) a)->pdata[0], &(*(GPtrArray **) b)->pdata[0]);
}

/* Appends to @ties the groups still tied at initiative @value: in joining
 * order, each combatant not yet in a group with every later one that the
 * contest rolls both have made do not tell apart. */
static void
add_ties (TkrD20Encounter *self, GPtrArray *ties, int value)
{
  GPtrArray *bucket = tkr_initiative_index_lookup (self->index, value);
  g_autoptr (GPtrArray) left = NULL;

  if (bucket == NULL || bucket->len < 2)
    return;
  left = g_ptr_array_copy (bucket, NULL, NULL);
  g_ptr_array_sort (left, compare_joined);
  for (guint i = 0; i < left->len; i++)
    {
      GPtrArray *group = NULL;

      for (guint j = i + 1; left->pdata[i] != NULL && j < left->len; j++)
        {
          if (left->pdata[j] == NULL || compare_tiebreaks (left->pdata[i], left->pdata[j]) != 0)
            continue;
          if (group == NULL)
            {
              group = g_ptr_array_new_with_free_func (g_object_unref);
              g_ptr_array_add (group, g_object_ref (left->pdata[i]));
              g_ptr_array_add (ties, group);
            }
          g_ptr_array_add (group, g_object_ref (g_steal_pointer (&left->pdata[j])));
        }
    }
}

GPtrArray *
tkr_d20_encounter_get_ties (TkrD20Encounter *self)
{
  GPtrArray *ties = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GList) tied = NULL;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), ties);
  tied = tkr_initiative_index_get_tied (self->index);
  for (GList *l = tied; l != NULL; l = l->next)
    add_ties (self, ties, GPOINTER_TO_INT (l->data));
  g_ptr_array_sort (ties, compare_first_joined);
  return ties;
}

/* Phases: the engine's, with the d20 system's steps in its hooks. */

/* The rounds begin once everyone has initiative and every tie is settled. */
static gboolean
tkr_d20_encounter_check_transition (TkrEncounter *encounter, TkrPhase to, GError **error)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  g_autoptr (GPtrArray) ties = NULL;
  TkrD20Combatant *missing;

  if (PHASE (self) != TKR_PHASE_SETUP || to != TKR_PHASE_MAIN)
    return TRUE;
  missing = tkr_initiative_find_missing (combatants, tkr_d20_initiative_offset, NULL);
  if (missing != NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE, _ ("%s has no initiative yet"),
                       NAME (missing));
  ties = tkr_d20_encounter_get_ties (self);
  if (ties->len > 0)
    {
      GPtrArray *group = g_ptr_array_index (ties, 0);

      /* Translators: two creatures' names */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                         _ ("%s and %s are tied in initiative: they roll again as a contest"),
                         NAME (g_ptr_array_index (group, 0)), NAME (g_ptr_array_index (group, 1)));
    }
  return TRUE;
}

/* Initiative is rolled afresh for each encounter (seed, Initiative). */
static void
clear_initiative (TkrD20Encounter *self)
{
  for (guint i = 0; i < N_CREATURES (self); i++)
    {
      TkrD20Combatant *combatant = item_at (CREATURES (self), i);

      SET (self, combatant, "initiative", 0);
      SET (self, combatant, "initiative-set", FALSE);
      SET (self, combatant, "tiebreaks", NULL);
      SET (self, combatant, "surprised", FALSE);
    }
}

static void
tkr_d20_encounter_setup_begun (TkrEncounter *encounter)
{
  clear_initiative (TKR_D20_ENCOUNTER (encounter));
  LOG (encounter, N_ ("An encounter begins: everyone rolls initiative"));
}

static void
tkr_d20_encounter_cleared (TkrEncounter *encounter)
{
  /* An abandoned Setup leaves no initiative behind; an encounter that
   * ended keeps its last, until the next Setup. */
  if (PHASE (encounter) == TKR_PHASE_SETUP)
    clear_initiative (TKR_D20_ENCOUNTER (encounter));
}

static GPtrArray *
tkr_d20_encounter_build_order (TkrEncounter *encounter)
{
  return tkr_d20_encounter_sort_order (TKR_D20_ENCOUNTER (encounter));
}

/* The parts of a turn: their resources and their names in messages. */
static const struct
{
  const char *id;
  const char *name;
} parts[] = {
  [TKR_D20_ACTION] = { "action", N_ ("action") },
  [TKR_D20_BONUS_ACTION] = { "bonus-action", N_ ("bonus action") },
  [TKR_D20_REACTION] = { "reaction", N_ ("reaction") },
};

static TkrResource *
part (TkrD20Combatant *combatant, TkrD20Resource resource)
{
  return tkr_combatant_find_resource (TKR_COMBATANT (combatant), parts[resource].id);
}

static void
reset_turn (TkrD20Encounter *self, TkrD20Combatant *combatant)
{
  SET (self, combatant, "dashes", 0);
  for (guint i = 0; self->kinds[i] != NULL; i++)
    SET (self, tkr_d20_combatant_find_movement (combatant, self->kinds[i]), "moved", 0);
  sync_movement (self, combatant);
}

/* Suffocating (seed): in combat a creature holds its breath for a number
 * of rounds; each new round uses one, and when none is left it is Dying
 * until it reaches air. */
static void
count_breath (TkrD20Encounter *self)
{
  GListModel *combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (self));

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      TkrD20Combatant *combatant = item_at (combatants, i);
      int left = tkr_d20_combatant_get_breath_rounds_left (combatant);

      if (!tkr_d20_combatant_get_holding_breath (combatant) ||
          tkr_d20_combatant_get_dying (combatant))
        continue;
      SET (self, combatant, "breath-rounds-left", MAX (left - 1, 0));
      if (left - 1 <= 0)
        out_of_breath (self, combatant);
    }
}

/* The turn goes to the first at or after @index who acts, a new round
 * after the last: the surprised pass over their turn in Round 1 (seed,
 * Surprise). Everyone surprised leaves Round 1 empty, which is right:
 * nobody acts. */
static void
find_turn (TkrD20Encounter *self, int index)
{
  GListModel *order = tkr_encounter_get_order (TKR_ENCOUNTER (self));
  guint n = g_list_model_get_n_items (order);

  for (guint guard = 0; guard <= 2 * n; guard++, index++)
    {
      TkrD20Combatant *combatant;

      if ((guint) index >= n)
        {
          index = 0;
          SET (self, self, "round", ROUND (self) + 1);
          count_breath (self);
        }
      combatant = item_at (order, index);
      if (ROUND (self) == 1 && tkr_d20_encounter_skips_turn (self, combatant))
        {
          LOG (self, N_ ("%s is surprised and skips their first turn"), WHO (combatant));
          continue;
        }
      SET (self, self, "current-index", index);
      return;
    }
  g_assert_not_reached ();
}

static void
tkr_d20_encounter_main_begun (TkrEncounter *encounter)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  GListModel *order = tkr_encounter_get_order (encounter);

  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      TkrD20Combatant *combatant = item_at (order, i);

      /* Everyone has a reaction from the start, before their first turn. */
      tkr_encounter_refill_resources (encounter, TKR_COMBATANT (combatant));
      SET (self, part (combatant, TKR_D20_ACTION), "current", 0);
      SET (self, part (combatant, TKR_D20_BONUS_ACTION), "current", 0);
      reset_turn (self, combatant);
    }
  LOG (self, N_ ("Initiative is set; Round 1 begins"));
  find_turn (self, 0);
}

/* Start of a creature's turn (seed, Rounds & Turns): its action, bonus
 * action, reaction and movement come back; its Temporary conditions
 * (Dodging) last until now, by the rule data's "timings"
 * (engine/tkr-timings.h), and so does a Wait (the engine ends it:
 * tkr-delay.h). */
static void
tkr_d20_encounter_start_turn (TkrEncounter *encounter, GObject *slot)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  TkrD20Combatant *combatant = TKR_D20_COMBATANT (slot);

  reset_turn (self, combatant);
  tkr_encounter_refill_resources (encounter, TKR_COMBATANT (combatant));
  LOG (self, N_ ("Round %d: %s’s turn"), NUM (ROUND (self)), WHO (combatant));
}

static gboolean
tkr_d20_encounter_advance (TkrEncounter *encounter, GError **error)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);

  if (tkr_d20_encounter_get_current (self) == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("There is no turn order"));
  /* Timed effects at the turn's edges (tkr-effects.h), as the engine's
   * own next turn does. */
  tkr_effects_slot_edge (encounter, TKR_EFFECT_EDGE_TURN_END,
                         G_OBJECT (tkr_d20_encounter_get_current (self)));
  find_turn (self, tkr_encounter_get_current_index (encounter) + 1);
  tkr_d20_encounter_start_turn (encounter, G_OBJECT (tkr_d20_encounter_get_current (self)));
  tkr_effects_slot_edge (encounter, TKR_EFFECT_EDGE_TURN_START,
                         G_OBJECT (tkr_d20_encounter_get_current (self)));
  return TRUE;
}

gboolean
tkr_d20_encounter_roll_initiative (TkrD20Encounter *self,
                                   TkrD20Combatant *combatant,
                                   const TkrD20Roll *typed,
                                   GError **error)
{
  g_autoptr (TkrMessage) described = NULL;
  gboolean has_old;
  TkrD20Roll roll;
  int old;

  REQUIRE (self, require_in (self, TKR_PHASE_SETUP, combatant, error));
  roll = roll_or_typed (self, typed, tkr_d20_combatant_get_agility (combatant));
  if (roll.total < -TKR_D20_MAX_INITIATIVE || roll.total > TKR_D20_MAX_INITIATIVE)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s’s initiative must be between %d and %d"), NAME (combatant),
                       -TKR_D20_MAX_INITIATIVE, TKR_D20_MAX_INITIATIVE);

  described = describe_roll (&roll);
  old = tkr_d20_combatant_get_initiative (combatant);
  has_old = tkr_d20_combatant_has_initiative (combatant);
  tkr_history_begin (HISTORY (self), N_ ("Roll initiative"));
  /* Contest rolls settled ties with the old value or break ties with the
   * new one: both groups must contest again. */
  SET (self, combatant, "tiebreaks", NULL);
  for (guint k = 0; k < 2; k++)
    {
      GPtrArray *bucket = tkr_initiative_index_lookup (self->index, k == 0 ? roll.total : old);

      for (guint i = 0; bucket != NULL && (k == 0 || has_old) && i < bucket->len; i++)
        SET (self, bucket->pdata[i], "tiebreaks", NULL);
    }
  SET (self, combatant, "initiative", roll.total);
  SET (self, combatant, "initiative-set", TRUE);
  return LOG_AND_END (self, N_ ("%s’s initiative: %s"), WHO (combatant),
                      tkr_message_copy (described));
}

gboolean
tkr_d20_encounter_roll_tiebreak (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 const TkrD20Roll *typed,
                                 GError **error)
{
  g_autoptr (GPtrArray) ties = NULL;
  g_autoptr (TkrMessage) described = NULL;
  g_autoptr (GArray) tiebreaks = NULL;
  GPtrArray *group = NULL;
  guint fewest = G_MAXUINT;
  TkrD20Roll roll;

  REQUIRE (self, require_in (self, TKR_PHASE_SETUP, combatant, error));
  ties = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  if (tkr_d20_combatant_has_initiative (combatant))
    add_ties (self, ties, tkr_d20_combatant_get_initiative (combatant));
  for (guint i = 0; i < ties->len && group == NULL; i++)
    if (g_ptr_array_find (g_ptr_array_index (ties, i), combatant, NULL))
      group = g_ptr_array_index (ties, i);
  if (group == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is not tied with anyone"),
                       NAME (combatant));
  /* One contest at a time: who has already rolled in this contest waits
   * for the others. */
  for (guint i = 0; i < group->len; i++)
    fewest = MIN (fewest, tkr_d20_combatant_get_n_tiebreaks (g_ptr_array_index (group, i)));
  if (tkr_d20_combatant_get_n_tiebreaks (combatant) > fewest ||
      tkr_d20_combatant_get_n_tiebreaks (combatant) >= TKR_D20_MAX_TIEBREAKS)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s has already rolled in this contest; the others of the tie roll now"),
                       NAME (combatant));

  roll = roll_or_typed (self, typed, tkr_d20_combatant_get_agility (combatant));
  if (roll.total < -TKR_D20_MAX_INITIATIVE || roll.total > TKR_D20_MAX_INITIATIVE)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s’s contest roll must be between %d and %d"), NAME (combatant),
                       -TKR_D20_MAX_INITIATIVE, TKR_D20_MAX_INITIATIVE);

  tiebreaks = tkr_d20_combatant_tiebreaks_with (combatant, roll.total);
  described = describe_roll (&roll);
  tkr_history_begin (HISTORY (self), N_ ("Settle a tie"));
  SET (self, combatant, "tiebreaks", tiebreaks);
  return LOG_AND_END (self, N_ ("%s rolls to settle a tie in initiative: %s"), WHO (combatant),
                      tkr_message_copy (described));
}

gboolean
tkr_d20_encounter_skips_turn (TkrD20Encounter *self, TkrD20Combatant *combatant)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);
  return tkr_d20_combatant_get_surprised (combatant) && ROUND (self) <= 1;
}

void
tkr_d20_encounter_get_award_range (TkrD20Encounter *self, int *min_award, int *max_award)
{
  g_return_if_fail (TKR_IS_D20_ENCOUNTER (self));
  if (!tkr_rules_get_award_range (RULES (self), min_award, max_award))
    {
      *min_award = 1;
      *max_award = G_MAXINT;
    }
}

gboolean
tkr_d20_encounter_set_surprised (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 gboolean surprised,
                                 GError **error)
{
  REQUIRE (self, require_in (self, TKR_PHASE_SETUP, combatant, error));
  begin_step (self, N_ ("Set surprise"), combatant, "surprised", surprised, NULL);
  return LOG_AND_END (self,
                      surprised ? N_ ("%s is surprised and will skip their first turn")
                                : N_ ("%s is not surprised"),
                      WHO (combatant));
}

/* Action, bonus action, reaction (seed, Rounds & Turns) */

/* Opens a command's step in which @combatant spends (@delta -1) or gets
 * back (+1) @resource. */
static void
begin_spending (TkrD20Encounter *self,
                const char *label,
                TkrD20Combatant *combatant,
                TkrD20Resource resource,
                int delta)
{
  tkr_history_begin (HISTORY (self), label);
  tkr_encounter_change_resource (TKR_ENCOUNTER (self), TKR_COMBATANT (combatant),
                                 parts[resource].id, delta, NULL);
}

/* Checks that @combatant may spend @resource now: the action and bonus
 * action on its own turn, the reaction on someone else's. */
static gboolean
check_spend (TkrD20Encounter *self,
             TkrD20Combatant *combatant,
             TkrD20Resource resource,
             GError **error)
{
  if ((guint) resource > TKR_D20_REACTION)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("Unknown part of a turn"));
  if (resource == TKR_D20_REACTION ? !require_in (self, TKR_PHASE_MAIN, combatant, error)
                                   : !require_on_turn (self, combatant, error))
    return FALSE;
  if (resource == TKR_D20_REACTION && is_on_turn (self, combatant))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
                       _ ("%s takes a reaction on someone else’s turn, not their own"),
                       NAME (combatant));
  if (tkr_resource_get_current (part (combatant, resource)) <= 0)
    {
      /* Translators: a creature, then "action", "bonus action" or "reaction" */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_BEATS, _ ("%s has no %s left (%d per turn)"),
                         NAME (combatant), _ (parts[resource].name),
                         tkr_resource_get_maximum (part (combatant, resource)));
    }
  return TRUE;
}

gboolean
tkr_d20_encounter_spend (TkrD20Encounter *self,
                         TkrD20Combatant *combatant,
                         TkrD20Resource resource,
                         GError **error)
{
  REQUIRE (self, check_spend (self, combatant, resource, error));
  begin_spending (self, N_ ("Spend"), combatant, resource, -1);
  /* Translators: a creature, then "action", "bonus action" or "reaction" */
  return LOG_AND_END (self, N_ ("%s uses their %s"), WHO (combatant),
                      tkr_message_name (parts[resource].name));
}

gboolean
tkr_d20_encounter_refund (TkrD20Encounter *self,
                          TkrD20Combatant *combatant,
                          TkrD20Resource resource,
                          GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if ((guint) resource > TKR_D20_REACTION)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("Unknown part of a turn"));
  if (!require_in (self, TKR_PHASE_MAIN, combatant, error))
    return FALSE;
  if (tkr_resource_get_current (part (combatant, resource)) >=
      tkr_resource_get_maximum (part (combatant, resource)))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s has not spent their %s"),
                       NAME (combatant), _ (parts[resource].name));
  begin_spending (self, N_ ("Refund"), combatant, resource, 1);
  return LOG_AND_END (self, N_ ("%s gets their %s back"), WHO (combatant),
                      tkr_message_name (parts[resource].name));
}

gboolean
tkr_d20_encounter_take_action (TkrD20Encounter *self,
                               TkrD20Combatant *combatant,
                               const char *action_id,
                               gboolean as_bonus_action,
                               GError **error)
{
  TkrD20Resource resource = as_bonus_action ? TKR_D20_BONUS_ACTION : TKR_D20_ACTION;
  g_autofree char *allowed_path = NULL;
  const char *name;
  int action = 0, n;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  n = (int) tkr_rules_get_n_records (RULES (self), "d20.common_actions");
  while (action < n && g_strcmp0 (action_string (self, action, "id"), action_id) != 0)
    action++;
  if (action_id == NULL || action == n)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                       _ ("“%s” is not among the common actions of these rules"),
                       action_id ? action_id : "");
  allowed_path = action_path (action, as_bonus_action ? "bonus" : "action");
  name = tkr_rules_translate (action_string (self, action, "name"));
  if (!tkr_rules_get_bool (RULES (self), allowed_path))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       as_bonus_action ? _ ("%s cannot be taken as a bonus action")
                                       : _ ("%s cannot be taken as an action"),
                       name);
  if (!check_spend (self, combatant, resource, error))
    return FALSE;
  /* The action that holds (Wait: its reaction may act before the
   * creature's next turn) is the engine's hold (rule data "round.hold"). */
  if (g_strcmp0 (action_id, tkr_rules_get_hold_action (RULES (self))) == 0)
    return tkr_encounter_hold (TKR_ENCOUNTER (self), TKR_COMBATANT (combatant), error);

  begin_spending (self, action_string (self, action, "name"), combatant, resource, -1);
  /* Dash: the speed again. Dodge: a bonus on Evade checks until the
   * creature's next turn. */
  if (g_strcmp0 (action_id, "dash") == 0)
    {
      SET (self, combatant, "dashes", tkr_d20_combatant_get_dashes (combatant) + 1);
      sync_movement (self, combatant);
    }
  else if (g_strcmp0 (action_id, "dodge") == 0)
    set_condition (self, combatant, "dodging", TRUE);
  /* Translators: a creature, then an action's name such as "Dash" */
  return LOG_AND_END (self, N_ ("%s: %s"), WHO (combatant),
                      WORD (action_string (self, action, "name")));
}

gboolean
tkr_d20_encounter_act_on_wait (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  REQUIRE (self, check_spend (self, combatant, TKR_D20_REACTION, error));
  return tkr_encounter_act_on_hold (TKR_ENCOUNTER (self), TKR_COMBATANT (combatant), error);
}

gboolean
tkr_d20_encounter_move (TkrD20Encounter *self,
                        TkrD20Combatant *combatant,
                        const char *kind,
                        int feet,
                        gboolean difficult,
                        GError **error)
{
  int cost, left, max_feet;

  REQUIRE (self, require_on_turn (self, combatant, error) && require_kind (self, kind, error));
  max_feet = RULE ("movement.max_feet");
  if (feet <= 0 || feet > max_feet)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A move covers between 1 and %d feet"), max_feet);
  if (tkr_d20_combatant_get_speed (combatant, kind) == 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_MOVEMENT, _ ("%s has no %s speed"),
                       NAME (combatant), kind_label (kind));
  /* Difficult terrain: every foot costs one foot more. */
  cost = feet * (1 + (difficult ? RULE ("movement.difficult_extra_per_foot") : 0));
  left = tkr_d20_combatant_get_movement_left (combatant, kind);
  if (cost > left)
    {
      /* Translators: a creature, feet of cost, a kind of movement, feet left */
      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED,
                         _ ("%s cannot spend %d feet of movement (%s): %d feet are left this turn"),
                         NAME (combatant), cost, kind, left);
    }

  begin_step (self, N_ ("Move"), tkr_d20_combatant_find_movement (combatant, kind), "moved",
              tkr_d20_combatant_get_moved (combatant, kind) + cost, NULL);
  sync_movement (self, combatant);
  return LOG_AND_END (self,
                      difficult ? N_ ("%s moves %d feet (%s) through difficult terrain")
                                : N_ ("%s moves %d feet (%s)"),
                      WHO (combatant), NUM (feet), tkr_message_text (kind));
}

/* Checks of the sheet, typed or rolled */

gboolean
tkr_d20_encounter_fall (TkrD20Encounter *self,
                        TkrD20Combatant *combatant,
                        int feet,
                        const TkrD20Roll *typed,
                        GError **error)
{
  g_autoptr (TkrMessage) described = NULL;
  TkrD20Roll roll;
  int wounds, dc;

  REQUIRE (self, require_combatant (self, combatant, error));
  if (feet < 0 || feet > RULE ("movement.max_feet"))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("A fall is between 0 and %d feet"),
                       RULE ("movement.max_feet"));
  wounds = tkr_d20_fall_wounds (RULES (self), feet);
  dc = tkr_d20_fall_reflex_dc (RULES (self), feet);
  roll = roll_or_typed (self, typed, check_modifier (self, combatant, "reflex"));
  described = describe_roll (&roll);

  begin_step (self, N_ ("Fall"), combatant, "wounds",
              MIN (tkr_d20_combatant_get_wounds (combatant) + wounds, TKR_D20_MAX_WOUNDS), NULL);
  /* Translators: a creature, feet, wounds, then the check's result */
  LOG (self, N_ ("%s falls %d feet and takes %d wounds; Reflex check %s"), WHO (combatant),
       NUM (feet), NUM (wounds), tkr_message_copy (described));
  if (roll.total < dc)
    {
      set_condition (self, combatant, "prone", TRUE);
      LOG (self, N_ ("%s fails the Reflex check (DC %d) and lands prone"), WHO (combatant),
           NUM (dc));
    }
  tkr_history_end (HISTORY (self));
  return TRUE;
}

gboolean
tkr_d20_encounter_hold_breath (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  int vitality, rounds;

  REQUIRE (self, require_combatant (self, combatant, error));
  vitality = check_modifier (self, combatant, "vitality");
  if (PHASE (self) != TKR_PHASE_MAIN && PHASE (self) != TKR_PHASE_PAUSED)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                       _ ("Breath is counted in rounds only while the encounter runs; outside it, "
                          "%s can hold it for %d seconds"),
                       NAME (combatant), tkr_d20_breath_seconds (RULES (self), vitality));
  if (tkr_d20_combatant_get_holding_breath (combatant))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is already holding their breath"),
                       NAME (combatant));
  rounds = MIN (tkr_d20_breath_rounds (RULES (self), vitality), TKR_D20_MAX_BREATH);

  begin_step (self, N_ ("Hold breath"), combatant, "holding-breath", TRUE, "breath-rounds-left",
              rounds, NULL);
  LOG_PLURAL (self, "%s holds their breath for %d round", "%s holds their breath for %d rounds",
              rounds, WHO (combatant), NUM (rounds));
  if (rounds == 0)
    out_of_breath (self, combatant);
  tkr_history_end (HISTORY (self));
  return TRUE;
}

gboolean
tkr_d20_encounter_reach_air (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  REQUIRE (self, require_combatant (self, combatant, error));
  if (!tkr_d20_combatant_get_holding_breath (combatant))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is not holding their breath"),
                       NAME (combatant));
  begin_step (self, N_ ("Reach air"), combatant, "holding-breath", FALSE, "breath-rounds-left", 0,
              NULL);
  /* The Dying that suffocation caused ends with air. */
  set_condition (self, combatant, "dying", FALSE);
  return LOG_AND_END (self, N_ ("%s reaches air"), WHO (combatant));
}

/* Mana, rests and exhaustion (seed, Resting) */

gboolean
tkr_d20_encounter_set_mana (
  TkrD20Encounter *self, TkrD20Combatant *combatant, int mana, int mana_max, GError **error)
{
  int limit;

  REQUIRE (self, require_combatant (self, combatant, error));
  limit = MIN (RULE ("rest.max_mana"), TKR_D20_MAX_MANA);
  if (mana_max < 0 || mana_max > limit || mana < 0 || mana > mana_max)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s’s mana must be between 0 and their maximum, itself at most %d"),
                       NAME (combatant), limit);
  begin_step (self, N_ ("Set mana"), combatant, "mana-max", mana_max, "mana", mana, NULL);
  return LOG_AND_END (self, N_ ("%s has %d of %d mana"), WHO (combatant), NUM (mana),
                      NUM (mana_max));
}

/* A long rest lasts longer than a short one and includes its rest, so it
 * resets both clocks (our reading: the seed does not say). */
gboolean
tkr_d20_encounter_long_rest (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  REQUIRE (self, require_out_of_combat (self, error) && require_combatant (self, combatant, error));
  begin_step (self, N_ ("Long rest"), combatant, "mana", tkr_d20_combatant_get_mana_max (combatant),
              "hours-since-long-rest", 0, "hours-since-short-rest", 0, NULL);
  return LOG_AND_END (self, N_ ("%s takes a long rest (%d hours of sleep and a meal): mana full"),
                      WHO (combatant), NUM (RULE ("rest.long_hours")));
}

gboolean
tkr_d20_encounter_short_rest (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  int regained;

  REQUIRE (self, require_out_of_combat (self, error) && require_combatant (self, combatant, error));
  regained = tkr_d20_short_rest_mana (RULES (self), tkr_d20_combatant_get_mana (combatant),
                                      tkr_d20_combatant_get_mana_max (combatant));
  begin_step (self, N_ ("Short rest"), combatant, "mana",
              tkr_d20_combatant_get_mana (combatant) + regained, "hours-since-short-rest", 0, NULL);
  return LOG_AND_END (self, N_ ("%s takes a short rest (%d hours and a drink) and regains %d mana"),
                      WHO (combatant), NUM (RULE ("rest.short_hours")), NUM (regained));
}

gboolean
tkr_d20_encounter_pass_time (TkrD20Encounter *self, int hours, GError **error)
{
  int long_limit, short_limit;

  REQUIRE (self, require_out_of_combat (self, error));
  if (hours <= 0 || hours > 24 * 365)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("Time passes in steps of 1 to %d hours"), 24 * 365);
  long_limit = MAX (RULE ("rest.hours_without_long_rest"), 1);
  short_limit = MAX (RULE ("rest.hours_without_short_rest"), 1);

  tkr_history_begin (HISTORY (self), N_ ("Time passes"));
  LOG_PLURAL (self, "%d hour passes", "%d hours pass", hours, NUM (hours));
  for (guint i = 0; i < N_CREATURES (self); i++)
    {
      TkrD20Combatant *combatant = item_at (CREATURES (self), i);
      int old_long = tkr_d20_combatant_get_hours_since_long_rest (combatant);
      int old_short = tkr_d20_combatant_get_hours_since_short_rest (combatant);
      int new_long = MIN (old_long + hours, TKR_D20_MAX_HOURS);
      int new_short = MIN (old_short + hours, TKR_D20_MAX_HOURS);
      /* Every full 24 hours without a long rest, and every full three
       * days without a short one, call for a Stamina check. */
      int due = (new_long / long_limit - old_long / long_limit) +
                (new_short / short_limit - old_short / short_limit);

      SET (self, combatant, "hours-since-long-rest", new_long);
      SET (self, combatant, "hours-since-short-rest", new_short);
      if (due > 0)
        {
          SET (self, combatant, "stamina-checks-due",
               MIN (tkr_d20_combatant_get_stamina_checks_due (combatant) + due, TKR_D20_MAX_HOURS));
          LOG_PLURAL (self, "%s has gone too long without rest: %d Stamina check",
                      "%s has gone too long without rest: %d Stamina checks", due, WHO (combatant),
                      NUM (due));
        }
    }
  tkr_history_end (HISTORY (self));
  return TRUE;
}

gboolean
tkr_d20_encounter_stamina_check (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 int dc,
                                 const TkrD20Roll *typed,
                                 GError **error)
{
  g_autoptr (TkrMessage) described = NULL;
  gboolean for_rest = dc < 0;
  TkrD20Roll roll;

  REQUIRE (self, require_combatant (self, combatant, error));
  if (for_rest && tkr_d20_combatant_get_stamina_checks_due (combatant) == 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s owes no Stamina check for lack of rest"), NAME (combatant));
  if (dc > 1000)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("A check’s DC is at most %d"), 1000);
  if (for_rest)
    dc = RULE ("rest.exhaustion_dc");
  roll = roll_or_typed (self, typed, check_modifier (self, combatant, "stamina"));
  described = describe_roll (&roll);

  /* A check for lack of rest pays one that is due (without, the NULL
   * property ends the list). */
  begin_step (self, N_ ("Stamina check"), combatant, for_rest ? "stamina-checks-due" : NULL,
              tkr_d20_combatant_get_stamina_checks_due (combatant) - 1, NULL);
  if (roll.total >= dc)
    /* Translators: a creature, the DC, then the roll */
    return LOG_AND_END (self, N_ ("%s passes a Stamina check (DC %d): %s"), WHO (combatant),
                        NUM (dc), tkr_message_copy (described));
  SET (self, combatant, "exhaustion",
       MIN (tkr_d20_combatant_get_exhaustion (combatant) + 1,
            MIN (RULE ("exhaustion_max"), TKR_D20_MAX_EXHAUSTION)));
  return LOG_AND_END (self,
                      N_ ("%s fails a Stamina check (DC %d): %s, and gains a level of Exhaustion"),
                      WHO (combatant), NUM (dc), tkr_message_copy (described));
}

/* Files: the engine writes the skeleton and the participants; the d20
 * system adds "combatants" (one per participant, in the same order, in
 * every phase) and "order" (places in "combatants"). Files from before
 * the engine kept each participant inside its combatant ("ref" or "npc"). */

static JsonNode *
combatant_to_json (TkrD20Combatant *combatant)
{
  TkrJsonWriter writer;
  JsonNode *node;

  /* In a save, the text kept from the last when nothing changed. */
  node = tkr_save_cache_placeholder (combatant, (TkrSaveToJson) combatant_to_json);
  if (node != NULL)
    return node;
  tkr_json_writer_init_tree (&writer);
  tkr_json_writer_begin_object (&writer, NULL);
  tkr_d20_combatant_write_json (combatant, &writer);
  tkr_json_writer_end_object (&writer);
  return tkr_json_writer_finish_tree (&writer);
}

static void
tkr_d20_encounter_write_json (TkrEncounter *encounter, JsonObject *object)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  GListModel *participants = tkr_encounter_get_participants (encounter);
  GListModel *order = tkr_encounter_get_order (encounter);
  JsonArray *combatants = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (participants); i++)
    json_array_add_element (
      combatants, combatant_to_json (tkr_d20_encounter_find (self, item_at (participants, i))));
  json_object_set_array_member (object, "combatants", combatants);
  json_object_set_member (object, "order", tkr_members_places_to_json (self->creatures, order));
}

static gboolean
read_combatants (TkrD20Encounter *self,
                 JsonObject *object,
                 const char *path,
                 TkrEncounterLoad *load,
                 GPtrArray *read,
                 GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "combatants");
  gboolean inside = !json_object_has_member (object, "participants");
  JsonArray *array;
  guint n;

  if (!tkr_json_get_array (object, "combatants", path, FALSE, &array, error))
    return FALSE;
  n = array ? json_array_get_length (array) : 0;
  if (!inside && n != load->participants->len)
    return tkr_json_refuse (error, list_path, NULL,
                            _ ("every participant needs one combatant (%u of %u)"), n,
                            load->participants->len);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      JsonNode *node = json_array_get_element (array, i);
      TkrCharacter *character;
      g_autoptr (TkrD20Combatant) combatant = NULL;
      JsonObject *item = tkr_json_require_object (node, item_path, error);

      if (item == NULL)
        return FALSE;
      character = inside ? tkr_encounter_load_add_participant (load, node, item_path, error)
                         : load->participants->pdata[i];
      if (character == NULL)
        return FALSE;
      combatant = tkr_d20_combatant_new (character, RULES (self));
      if (!tkr_d20_combatant_read_json (combatant, item, item_path, RULES (self), error))
        return FALSE;
      g_ptr_array_add (read, g_steal_pointer (&combatant));
    }
  return TRUE;
}

static gboolean
tkr_d20_encounter_read_json (TkrEncounter *encounter,
                             JsonObject *object,
                             const char *path,
                             TkrEncounterLoad *load,
                             GError **error)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  g_autoptr (GPtrArray) read = g_ptr_array_new_with_free_func (g_object_unref);

  if (!read_combatants (self, object, path, load, read, error) ||
      !tkr_members_places_from_json (object, path, "order", FALSE, read, load->order, error))
    return FALSE;
  /* The creatures are the engine's combatants from Setup on. */
  if (load->phase != TKR_PHASE_FREEPLAY)
    for (guint i = 0; i < read->len; i++)
      g_ptr_array_add (load->combatants, g_object_ref (read->pdata[i]));
  load->data = g_steal_pointer (&read);
  load->data_free = (GDestroyNotify) g_ptr_array_unref;
  return TRUE;
}

static gboolean
tkr_d20_encounter_check_loaded (TkrEncounter *encounter,
                                TkrEncounterLoad *load,
                                const char *path,
                                GError **error)
{
  GPtrArray *read = load->data;

  if (load->phase != TKR_PHASE_FREEPLAY && load->phase != TKR_PHASE_SETUP &&
      load->order->len != read->len)
    return tkr_json_refuse (error, path, "order", _ ("every combatant needs a place in the order"));
  return TRUE;
}

static void
tkr_d20_encounter_commit_json (TkrEncounter *encounter, TkrEncounterLoad *load)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  GPtrArray *read = load->data;

  tkr_members_replace (self->creatures, read);
}

/* The class */

static void
tkr_d20_encounter_dispose (GObject *object)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (object);

  g_clear_pointer (&self->index, tkr_initiative_index_free);
  G_OBJECT_CLASS (tkr_d20_encounter_parent_class)->dispose (object);
}

static void
tkr_d20_encounter_finalize (GObject *object)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (object);

  g_clear_pointer (&self->creatures, tkr_members_free);
  g_clear_pointer (&self->kinds, g_strfreev);
  g_clear_object (&self->tentative_order);
  g_clear_object (&self->tied);
  if (self->owns_rand)
    g_clear_pointer (&self->rand, g_rand_free);
  G_OBJECT_CLASS (tkr_d20_encounter_parent_class)->finalize (object);
}

/* Setup: everyone without initiative rolls d20 + Agility with @rand, then
 * ties are settled by contest rolls until none is left (seed,
 * Initiative). */
static gboolean
d20_roll_missing (TkrEncounter *encounter, GRand *rand, GError **error)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (encounter);
  int die = RULE ("initiative.die");
  TkrD20Combatant *missing;
  guint from = 0;

  /* In joining order, in one pass. */
  while (
    (missing = tkr_initiative_find_missing (CREATURES (self), tkr_d20_initiative_offset, &from)))
    {
      TkrD20Roll roll = tkr_d20_roll (rand, die, tkr_d20_combatant_get_agility (missing));

      if (!tkr_d20_encounter_roll_initiative (self, missing, &roll, error))
        return FALSE;
    }
  /* Each contest settles a tie or narrows it; a tie again is rare, and a
   * run of them ends long before this bound. */
  for (int contest = 0; contest < 100; contest++)
    {
      g_autoptr (GPtrArray) ties = tkr_d20_encounter_get_ties (self);

      if (ties->len == 0)
        break;
      for (guint i = 0; i < ties->len; i++)
        for (guint j = 0; j < ((GPtrArray *) ties->pdata[i])->len; j++)
          {
            TkrD20Combatant *combatant = ((GPtrArray *) ties->pdata[i])->pdata[j];
            TkrD20Roll roll = tkr_d20_roll (rand, die, tkr_d20_combatant_get_agility (combatant));
            g_autoptr (GError) waiting = NULL;

            /* One who has rolled in this contest waits for the others. */
            tkr_d20_encounter_roll_tiebreak (self, combatant, &roll, &waiting);
          }
    }
  return TRUE;
}

static void
tkr_d20_encounter_class_init (TkrD20EncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TkrEncounterClass *encounter_class = TKR_ENCOUNTER_CLASS (klass);

  object_class->dispose = tkr_d20_encounter_dispose;
  object_class->finalize = tkr_d20_encounter_finalize;

  encounter_class->check_transition = tkr_d20_encounter_check_transition;
  encounter_class->new_combatant = tkr_d20_encounter_new_combatant;
  encounter_class->joined = tkr_d20_encounter_joined;
  encounter_class->leaving = tkr_d20_encounter_leaving;
  encounter_class->setup_begun = tkr_d20_encounter_setup_begun;
  encounter_class->cleared = tkr_d20_encounter_cleared;
  encounter_class->build_order = tkr_d20_encounter_build_order;
  encounter_class->main_begun = tkr_d20_encounter_main_begun;
  encounter_class->start_turn = tkr_d20_encounter_start_turn;
  encounter_class->advance = tkr_d20_encounter_advance;
  encounter_class->write_json = tkr_d20_encounter_write_json;
  encounter_class->read_json = tkr_d20_encounter_read_json;
  encounter_class->check_loaded = tkr_d20_encounter_check_loaded;
  encounter_class->commit_json = tkr_d20_encounter_commit_json;
  encounter_class->roll_missing = d20_roll_missing;
}

static void
tkr_d20_encounter_init (TkrD20Encounter *self)
{
  self->creatures = tkr_members_new (TKR_TYPE_D20_COMBATANT);
  self->index = tkr_initiative_index_new (tkr_encounter_get_combatants (TKR_ENCOUNTER (self)),
                                          tkr_d20_initiative_offset);
}

TkrD20Encounter *
tkr_d20_encounter_new (TkrRules *rules, TkrHistory *history, GRand *rand, GError **error)
{
  TkrD20Encounter *self;

  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);

  if (!tkr_rules_require_section (rules, "d20", error))
    return NULL;
  self = g_object_new (TKR_TYPE_D20_ENCOUNTER, "rules", rules, "history", history, NULL);
  self->owns_rand = rand == NULL;
  self->rand = rand ? rand : g_rand_new ();
  self->kinds = tkr_d20_rules_movement_kinds (rules);
  return self;
}

#define RULE_GETTER(func, path) GETTER (int, get_##func, tkr_rules_get_int (RULES (self), path))

RULE_GETTER (max_feet, "d20.movement.max_feet")
RULE_GETTER (max_mana, "d20.rest.max_mana")
RULE_GETTER (exhaustion_dc, "d20.rest.exhaustion_dc")

/* The Setup's lists for views */

/* The combatants still tied during the Setup (none in the other phases),
 * each mapped to its group. */
static GHashTable *
setup_ties (TkrD20Encounter *self, GPtrArray **ties)
{
  GHashTable *group_of = g_hash_table_new (NULL, NULL);

  if (self->index != NULL && PHASE (self) == TKR_PHASE_SETUP)
    *ties = tkr_d20_encounter_get_ties (self);
  else
    *ties = g_ptr_array_new ();
  for (guint i = 0; i < (*ties)->len; i++)
    {
      GPtrArray *group = g_ptr_array_index (*ties, i);

      for (guint j = 0; j < group->len; j++)
        g_hash_table_insert (group_of, g_ptr_array_index (group, j), group);
    }
  return group_of;
}

static gboolean
same_tie (TkrCombatant *a, TkrCombatant *b, gpointer group_of)
{
  gpointer group = g_hash_table_lookup (group_of, a);

  return group != NULL && group == g_hash_table_lookup (group_of, b);
}

/* After every step, undo and redo, during the Setup: the order Round 1
 * would begin with, a place tied while its combatant owes a contest roll
 * with a neighbour's; empty in the other phases. */
static void
update_tentative_order (TkrD20Encounter *self)
{
  g_autoptr (GPtrArray) ties = NULL;
  g_autoptr (GHashTable) group_of = setup_ties (self, &ties);
  gboolean setup = self->index != NULL && PHASE (self) == TKR_PHASE_SETUP;
  g_autoptr (GPtrArray) order = setup ? tkr_d20_encounter_sort_order (self) : g_ptr_array_new ();

  tkr_order_places_sync (self->tentative_order, order, same_tie, NULL, group_of);
}

/* The same for who is tied, group after group. */
static void
update_tied (TkrD20Encounter *self)
{
  g_autoptr (GPtrArray) ties = NULL;
  g_autoptr (GHashTable) group_of = setup_ties (self, &ties);
  g_autoptr (GPtrArray) tied = g_ptr_array_new ();

  for (guint i = 0; i < ties->len; i++)
    g_ptr_array_extend (tied, g_ptr_array_index (ties, i), NULL, NULL);
  tkr_list_store_sync (self->tied, tied->pdata, tied->len);
}

/**
 * tkr_d20_encounter_get_tentative_order:
 *
 * During the Setup, the order Round 1 would begin with
 * (tkr_d20_encounter_sort_order) as TkrOrderPlace objects, kept up to date
 * after every step, undo and redo; empty in the other phases.
 */
GListModel *
tkr_d20_encounter_get_tentative_order (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return tkr_history_list (G_OBJECT (self), &self->tentative_order, TKR_TYPE_ORDER_PLACE,
                           G_CALLBACK (update_tentative_order));
}

/**
 * tkr_d20_encounter_get_tied:
 *
 * During the Setup, the combatants still tied (tkr_d20_encounter_get_ties),
 * group after group, each owing a contest roll; kept up to date after
 * every step, undo and redo; empty in the other phases.
 */
GListModel *
tkr_d20_encounter_get_tied (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return tkr_history_list (G_OBJECT (self), &self->tied, TKR_TYPE_D20_COMBATANT,
                           G_CALLBACK (update_tied));
}
