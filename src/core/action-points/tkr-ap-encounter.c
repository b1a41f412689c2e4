/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-ap-private.h"
#include "tkr-enums.h"
#include "tkr-fields.h"
#include "tkr-command.h"
#include "tkr-timings.h"
#include "tkr-members.h"
#include "tkr-json.h"
#include "tkr-list-sync.h"
#include "tkr-refusal.h"
#include "tkr-system.h"

/*
 * The Action-Point system (seed 004, "Turns and Phases", "Reset Phase",
 * "Action Phase"): a Turn is an Action Phase of Rounds and a Reset Phase;
 * combat opens and closes with a Reset. See the header for how this maps
 * onto the encounter engine (TkrEncounter): Main holds both steps, the
 * Reset runs as a "next turn" when due, and the Action Phase's order is
 * computed again each Round, so this system overrides "advance".
 */

/* The engine's tag for a change of turn, so previous turn goes back across
 * a Reset or a pass too. */
#define NEXT_TURN_TAG "tkr-next-turn"

G_DEFINE_ENUM_TYPE (TkrApStep,
                    tkr_ap_step,
                    G_DEFINE_ENUM_VALUE (TKR_AP_STEP_RESET, "reset"),
                    G_DEFINE_ENUM_VALUE (TKR_AP_STEP_ACTION, "action"))

static const char *const step_nicks[] = { "reset", "action", NULL };

/* ------------------------------------------------------------------ */
/* The encounter                                                       */
/* ------------------------------------------------------------------ */

struct _TkrApEncounter
{
  TkrEncounter parent_instance;

  GRand *rand;
  ApNumbers numbers;
  char *name;
  int turn;
  TkrApStep step;
  TkrMembers *roster;           /* TkrApCombatant, one per participant */
  GListStore *members;          /* the roster's list */
  TkrTypedRolls *closing_rolls; /* borrowed while the encounter ends */
  GListStore *reset_rolls;      /* TkrPendingRoll, made on first asking */
};

G_DEFINE_FINAL_TYPE (TkrApEncounter, tkr_ap_encounter, TKR_TYPE_ENCOUNTER)

/* "name", "turn" and "step"; files keep them (ap_write_json). */
static const TkrField encounter_fields[] = {
  TKR_FIELD_STRING (TkrApEncounter, name, "name", NULL),
  TKR_FIELD_INT (TkrApEncounter, turn, "turn", NULL, 0, MAX_COUNT, 0),
  TKR_FIELD_ENUM (TkrApEncounter, step, "step", tkr_ap_step_get_type, TKR_AP_STEP_RESET),
  TKR_FIELD_OBJECT (TkrApEncounter, members, "members", g_list_model_get_type),
};

static void
tkr_ap_encounter_dispose (GObject *object)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);

  g_clear_object (&self->members);
  g_clear_pointer (&self->roster, tkr_members_free);
  G_OBJECT_CLASS (tkr_ap_encounter_parent_class)->dispose (object);
}

static void
tkr_ap_encounter_finalize (GObject *object)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);

  tkr_fields_clear (object, TKR_TYPE_AP_ENCOUNTER);
  g_clear_object (&self->reset_rolls);
  g_clear_pointer (&self->rand, g_rand_free);
  tkr_ap_numbers_clear (&self->numbers);
  G_OBJECT_CLASS (tkr_ap_encounter_parent_class)->finalize (object);
}

static void
tkr_ap_encounter_constructed (GObject *object)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);
  TkrRules *rules;

  G_OBJECT_CLASS (tkr_ap_encounter_parent_class)->constructed (object);

  /* tkr_ap_encounter_new() checked the section already. */
  rules = tkr_encounter_get_rules (TKR_ENCOUNTER (self));
  if (rules != NULL && tkr_ap_encounter_check_rules (rules, NULL))
    tkr_ap_numbers_read (rules, &self->numbers);
  else if (rules != NULL)
    g_critical ("The rules given to an Action-Point encounter have no usable section");
}

/* Shorthands */

#define ORDER(self) G_LIST_STORE (tkr_encounter_get_order (TKR_ENCOUNTER (self)))
/* Defines the command tkr_ap_encounter_@fn(), which runs @helper with its
 * @Type argument and @constant. */
#define FORWARD(fn, Type, helper, constant)                                                        \
  gboolean tkr_ap_encounter_##fn (TkrApEncounter *self, TkrApCombatant *combatant, Type value,     \
                                  GError **error)                                                  \
  {                                                                                                \
    return helper (self, combatant, value, constant, error);                                       \
  }

static TkrApCombatant *
member_at (TkrApEncounter *self, guint index)
{
  return tkr_ap_item_at (G_LIST_MODEL (self->members), index);
}

static void
set_left (TkrApEncounter *self, TkrApCombatant *combatant, const char *id, int value)
{
  SET (self, tkr_combatant_find_resource (TKR_COMBATANT (combatant), id), "current", value);
}

TkrApCombatant *
tkr_ap_encounter_find_member (TkrApEncounter *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);

  return tkr_members_find (self->roster, character);
}

/* The engine's hooks for participants: the combatant exists from the
 * moment the character joins, so the GM can set it up in Freeplay. */

static TkrCombatant *
ap_new_combatant (TkrEncounter *encounter, TkrCharacter *character)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);
  TkrApCombatant *member = tkr_ap_encounter_find_member (self, character);

  return TKR_COMBATANT (member
                          ? g_object_ref (member)
                          : tkr_ap_combatant_new_from_sheet (
                              character, tkr_encounter_get_rules (ENC (self)), &self->numbers));
}

static void
ap_joined (TkrEncounter *encounter, TkrCharacter *character, TkrCombatant *combatant)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);
  g_autoptr (TkrCombatant) made = NULL;

  if (combatant == NULL)
    combatant = made = ap_new_combatant (encounter, character);
  tkr_members_join (self->roster, HISTORY (self), combatant);
}

static void
ap_leaving (TkrEncounter *encounter, TkrCharacter *character, TkrCombatant *combatant)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);

  tkr_members_leave (self->roster, HISTORY (self), character);
}

/* The public getters */

TkrApEncounter *
tkr_ap_encounter_new (TkrRules *rules, TkrHistory *history, GRand *rand)
{
  TkrApEncounter *self;

  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);
  g_return_val_if_fail (tkr_ap_encounter_check_rules (rules, NULL), NULL);

  self = g_object_new (TKR_TYPE_AP_ENCOUNTER, "rules", rules, "history", history, NULL);
  if (rand != NULL)
    self->rand = g_rand_copy (rand);
  return self;
}

/* Defines tkr_ap_encounter_get_@fn (tkr-command.h). */
#define GETTER(type, fn, value, fallback)                                                          \
  TKR_DEFINE_GETTER (TkrApEncounter, TKR_IS_AP_ENCOUNTER, type, tkr_ap_encounter_get_##fn, value,  \
                     fallback)

GETTER (TkrApStep, step, self->step, TKR_AP_STEP_RESET)
GETTER (int, turn, self->turn, 0)
GETTER (GListModel *, members, G_LIST_MODEL (self->members), NULL)
GETTER (int, max_ap_per_round, self->numbers.max_ap_per_round, 0)
GETTER (int, only_action_max_ap, self->numbers.only_action_max_ap, 0)
GETTER (int, surprised_first_ap, self->numbers.surprised_first_ap, 0)
GETTER (int, check_die, self->numbers.check_die, 0)
GETTER (int, max_pool, self->numbers.max_pool, 0)
GETTER (GArray *, finesse_dice, self->numbers.finesse_dice, NULL)
GETTER (const char *const *, sizes, self->numbers.sizes, NULL)

#undef GETTER

TkrApCombatant *
tkr_ap_encounter_get_actor (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);

  if (PHASE (self) != TKR_PHASE_MAIN || self->step != TKR_AP_STEP_ACTION)
    return NULL;
  return TKR_AP_COMBATANT (tkr_encounter_get_current_slot (ENC (self)));
}

int
tkr_ap_encounter_get_free_steps_limit (TkrApEncounter *self, TkrApCombatant *combatant)
{
  int index;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (combatant), 0);
  index = tkr_ap_numbers_size_index (&self->numbers, combatant->size);
  return index < 0 ? 0 : g_array_index (self->numbers.size_steps, int, index);
}

/* Reset Phase, step 5 (seed 004): a Finesse Die plus the AP adjustment,
 * or exactly the rule data's AP for the surprised in the opening Reset. */
int
tkr_ap_encounter_reset_ap (TkrApEncounter *self,
                           TkrApCombatant *combatant,
                           int face,
                           gboolean *surprised_ap)
{
  gboolean surprised;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (combatant), 0);

  surprised = self->turn == 0 && combatant->surprised;
  if (surprised_ap)
    *surprised_ap = surprised;
  if (surprised)
    return self->numbers.surprised_first_ap;
  return CLAMP (face + combatant->ap_adjustment, 0, MAX_AP);
}

int
tkr_ap_encounter_get_recovery (TkrApEncounter *self, TkrApCombatant *combatant)
{
  gboolean faith;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (combatant), 0);

  faith = g_strcmp0 (combatant->recover, "faith") == 0;
  return MAX (0,
              MIN (self->numbers.recover_per_reset, faith ? combatant->faith_max - combatant->faith
                                                          : combatant->mana_max - combatant->mana));
}

void
tkr_ap_encounter_fit_pool (TkrApEncounter *self, gboolean current_typed, int *current, int *maximum)
{
  g_return_if_fail (TKR_IS_AP_ENCOUNTER (self));
  g_return_if_fail (current != NULL && maximum != NULL);

  if (current_typed && *current > *maximum)
    *maximum = *current;
  *maximum = CLAMP (*maximum, 0, self->numbers.max_pool);
  *current = CLAMP (*current, 0, *maximum);
}

void
tkr_ap_encounter_get_award_range (TkrApEncounter *self, int *lowest, int *highest)
{
  TkrRules *rules;
  const int *awards;
  guint n_awards;

  g_return_if_fail (TKR_IS_AP_ENCOUNTER (self));
  g_return_if_fail (lowest != NULL && highest != NULL);

  rules = tkr_encounter_get_rules (ENC (self));
  if (tkr_rules_get_award_range (rules, lowest, highest))
    return;
  awards = tkr_rules_get_awards (rules, &n_awards);
  *lowest = G_MAXINT;
  *highest = 0;
  for (guint i = 0; i < n_awards; i++)
    {
      *lowest = MIN (*lowest, awards[i]);
      *highest = MAX (*highest, awards[i]);
    }
  if (*highest == 0)
    *lowest = *highest = 1;
}

static TkrMessage *
describe_end (TkrEncounter *encounter)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);

  return tkr_message_new_plural ("Combat ends after %d Turn", "Combat ends after %d Turns",
                                 self->turn, NUM (self->turn), NULL);
}

/* Checks shared by the commands */

/* Every command begins with one of these; they check the encounter too. */
static gboolean
require_member (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (TKR_IS_AP_COMBATANT (combatant) &&
      tkr_ap_encounter_find_member (
        self, tkr_combatant_get_character (TKR_COMBATANT (combatant))) == combatant)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                     _ ("That character does not take part in this encounter"));
}

static gboolean
require_not_ended (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  if (!require_member (self, combatant, error))
    return FALSE;
  if (PHASE (self) != TKR_PHASE_END)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                     _ ("The encounter has ended; %s’s combat state can no longer change"),
                     NAME (combatant));
}

static gboolean
require_step (TkrApEncounter *self, TkrApStep step, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!tkr_encounter_require_phase (ENC (self), TKR_PHASE_MAIN, error))
    return FALSE;
  if (self->step == step)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                     step == TKR_AP_STEP_RESET
                       ? _ ("The Reset Phase is not due: the Action Phase of Turn %d is running")
                       : _ ("The Action Phase has not begun: the Reset Phase of Turn %d is due"),
                     self->turn);
}

static gboolean
require_actor (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  TkrApCombatant *actor;

  if (!require_member (self, combatant, error) || !require_step (self, TKR_AP_STEP_ACTION, error))
    return FALSE;
  actor = tkr_ap_encounter_get_actor (self);
  if (actor == combatant)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
                     /* Translators: two character names */
                     _ ("%s cannot act now: it is %s’s opportunity in this Round"),
                     NAME (combatant), actor ? NAME (actor) : _ ("nobody"));
}

/* GM settings */

/* A GM setting as a step named @label: @property of @combatant becomes
 * the value that follows. */
#define RECORD(self, label, combatant, property, value)                                            \
  (tkr_history_begin (HISTORY (self), (label)), SET (self, combatant, property, value),            \
   END_STEP (self))

gboolean
tkr_ap_encounter_set_finesse_die (TkrApEncounter *self,
                                  TkrApCombatant *combatant,
                                  int sides,
                                  GError **error)
{
  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (!tkr_ap_numbers_has_die (&self->numbers, sides))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A d%d is not a Finesse Die these rules use (for %s)"), sides,
                       NAME (combatant));
  tkr_history_begin (HISTORY (self), N_ ("Set the Finesse Die"));
  SET (self, combatant, "finesse-die", sides);
  LOG (self, N_ ("%s’s Finesse Die is now a d%d"), WHO (combatant), NUM (sides));
  return END_STEP (self);
}

gboolean
tkr_ap_encounter_set_ap_adjustment (TkrApEncounter *self,
                                    TkrApCombatant *combatant,
                                    int adjustment,
                                    GError **error)
{
  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (adjustment < -MAX_ADJUSTMENT || adjustment > MAX_ADJUSTMENT)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s’s AP adjustment must be between %d and %d"), NAME (combatant),
                       -MAX_ADJUSTMENT, MAX_ADJUSTMENT);
  return RECORD (self, N_ ("Set the AP adjustment"), combatant, "ap-adjustment", adjustment);
}

gboolean
tkr_ap_encounter_set_size (TkrApEncounter *self,
                           TkrApCombatant *combatant,
                           const char *size,
                           GError **error)
{
  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (tkr_ap_numbers_size_index (&self->numbers, size) < 0)
    {
      g_autofree char *sizes = g_strjoinv (", ", (char **) self->numbers.sizes);

      return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                         _ ("“%s” is not a size these rules know for %s (known: %s)"),
                         size ? size : "", NAME (combatant), sizes);
    }
  return RECORD (self, N_ ("Set the size"), combatant, "size", size);
}

gboolean
tkr_ap_encounter_set_surprised (TkrApEncounter *self,
                                TkrApCombatant *combatant,
                                gboolean surprised,
                                GError **error)
{
  if (!require_not_ended (self, combatant, error))
    return FALSE;
  /* Surprise only matters for the opening Reset (seed, Reset Phase). */
  if ((PHASE (self) == TKR_PHASE_MAIN || PHASE (self) == TKR_PHASE_PAUSED) && self->turn > 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                       _ ("Surprise only counts before the first Reset Phase, which has passed"));
  return RECORD (self, surprised ? N_ ("Mark as surprised") : N_ ("Not surprised"), combatant,
                 "surprised", surprised);
}

static gboolean
check_pool_name (TkrApCombatant *combatant, const char *pool, GError **error)
{
  if (g_strcmp0 (pool, "mana") == 0 || g_strcmp0 (pool, "faith") == 0)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s recovers Mana or Faith, not “%s”"),
                     NAME (combatant), pool ? pool : "");
}

gboolean
tkr_ap_encounter_set_recover (TkrApEncounter *self,
                              TkrApCombatant *combatant,
                              const char *pool,
                              GError **error)
{
  if (!require_not_ended (self, combatant, error) || !check_pool_name (combatant, pool, error))
    return FALSE;
  return RECORD (self, N_ ("Choose what to recover"), combatant, "recover", pool);
}

gboolean
tkr_ap_encounter_set_pool (TkrApEncounter *self,
                           TkrApCombatant *combatant,
                           const char *pool,
                           int current,
                           int maximum,
                           GError **error)
{
  g_autofree char *max_property = NULL;

  if (!require_not_ended (self, combatant, error) || !check_pool_name (combatant, pool, error))
    return FALSE;
  if (maximum < 0 || maximum > self->numbers.max_pool || current < 0 || current > maximum)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s’s %s must be between 0 and its maximum, at most %d"),
                       NAME (combatant), g_strcmp0 (pool, "mana") == 0 ? _ ("Mana") : _ ("Faith"),
                       self->numbers.max_pool);
  max_property = g_strconcat (pool, "-max", NULL);
  tkr_history_begin (HISTORY (self), N_ ("Edit Mana or Faith"));
  SET (self, combatant, max_property, maximum);
  SET (self, combatant, pool, current);
  return END_STEP (self);
}

/* Conditions, adjustments and effects */

/* The checks every addition makes: the combatant, the phase, the name. */
static gboolean
check_addition (TkrApEncounter *self, TkrApCombatant *combatant, const char *name, GError **error)
{
  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (name != NULL && *name != '\0' && strlen (name) <= 200 && g_utf8_validate (name, -1, NULL))
    return TRUE;
  return tkr_refuse (
    error, TKR_ENCOUNTER_ERROR_INVALID,
    _ ("A condition, adjustment or effect on %s needs a name of at most 200 characters"),
    NAME (combatant));
}

/* Opens the step named @label and adds the entry to @list. */
static void
add_entry (TkrApEncounter *self,
           TkrApCombatant *combatant,
           ApList list,
           const char *label,
           const char *name,
           int value,
           gboolean persistent)
{
  g_autoptr (TkrCondition) entry = tkr_ap_condition_new (name, value, persistent);

  tkr_history_begin (HISTORY (self), label);
  tkr_history_append (HISTORY (self), combatant->lists[list], entry);
}

static int
check_target_for (TkrApEncounter *self, const char *id)
{
  if (id != NULL && g_strv_contains (self->numbers.check_targets, id))
    {
      g_autofree char *path = g_strconcat ("action-points.check_targets.", id, NULL);

      return tkr_rules_get_int (tkr_encounter_get_rules (ENC (self)), path);
    }
  return self->numbers.default_check_target;
}

gboolean
tkr_ap_encounter_add_condition (TkrApEncounter *self,
                                TkrApCombatant *combatant,
                                const char *name,
                                gboolean persistent,
                                int target,
                                GError **error)
{
  const TkrConditionInfo *info;

  if (!check_addition (self, combatant, name, error))
    return FALSE;
  if (tkr_ap_combatant_has_condition (combatant, name, NULL, NULL))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is already %s"), NAME (combatant),
                       name);
  if (target < 0 || target > MAX_CHECK)
    return tkr_refuse (
      error, TKR_ENCOUNTER_ERROR_INVALID,
      _ ("The Check Roll to shake off %s must need 1 to %d (or 0 for the rules’ own)"), name,
      MAX_CHECK);

  /* The catalogue's kind wins: "fleeting" conditions are this system's
   * Temporary ones, "persistent" its Persistent ones. */
  info = tkr_rules_lookup_condition (tkr_encounter_get_rules (ENC (self)), name);
  if (info != NULL)
    {
      persistent = info->kind == TKR_CONDITION_KIND_PERSISTENT;
      name = info->name;
    }
  if (!persistent)
    target = 0;
  else if (target == 0)
    target = check_target_for (self, info ? info->id : NULL);

  add_entry (self, combatant, AP_CONDITIONS, N_ ("Add a condition"), name, target, persistent);
  if (persistent)
    /* Translators: a character, a condition, a number */
    LOG (self, N_ ("%s is %s (Persistent; a Check Roll of %d shakes it off)"), WHO (combatant),
         WORD (name), NUM (target));
  else
    LOG (self, N_ ("%s is %s until the next Reset Phase"), WHO (combatant), WORD (name));
  return END_STEP (self);
}

gboolean
tkr_ap_encounter_add_adjustment (
  TkrApEncounter *self, TkrApCombatant *combatant, const char *name, int value, GError **error)
{
  if (!check_addition (self, combatant, name, error))
    return FALSE;
  if (value == 0 || value < -MAX_ADJUSTMENT || value > MAX_ADJUSTMENT)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("An adjustment to %s’s %s must be between %d and %d, and not 0"),
                       NAME (combatant), name, -MAX_ADJUSTMENT, MAX_ADJUSTMENT);
  add_entry (self, combatant, AP_ADJUSTMENTS, N_ ("Add a Temporary adjustment"), name, value,
             FALSE);
  /* Translators: a character, a signed number, an attribute such as Defense */
  LOG (self, N_ ("%s: %+d %s until the next Reset Phase"), WHO (combatant), NUM (value),
       WORD (name));
  return END_STEP (self);
}

gboolean
tkr_ap_encounter_add_effect (
  TkrApEncounter *self, TkrApCombatant *combatant, const char *name, int damage, GError **error)
{
  if (!check_addition (self, combatant, name, error))
    return FALSE;
  if (tkr_ap_conditions_find (combatant->lists[AP_EFFECTS], name) != NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s already suffers from %s"),
                       NAME (combatant), name);
  if (damage < 1 || damage > MAX_DAMAGE)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s on %s must deal 1 to %d damage each Turn"), name, NAME (combatant),
                       MAX_DAMAGE);
  add_entry (self, combatant, AP_EFFECTS, N_ ("Add a per-Turn effect"), name, damage, FALSE);
  LOG (self, N_ ("%s suffers from %s: %d damage at each Reset Phase"), WHO (combatant), WORD (name),
       NUM (damage));
  return END_STEP (self);
}

/* Removes the condition (or, when @effect, the per-Turn effect) @name. */
static gboolean
remove_entry (TkrApEncounter *self,
              TkrApCombatant *combatant,
              const char *name,
              gboolean effect,
              GError **error)
{
  GListStore *list;
  TkrCondition *entry;

  if (!require_not_ended (self, combatant, error))
    return FALSE;
  list = combatant->lists[effect ? AP_EFFECTS : AP_CONDITIONS];
  entry = tkr_ap_conditions_find (list, name);
  if (entry == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                       effect ? _ ("%s does not suffer from %s") : _ ("%s is not %s"),
                       NAME (combatant), name ? name : "");
  tkr_history_begin (HISTORY (self),
                     effect ? N_ ("Remove a per-Turn effect") : N_ ("Remove a condition"));
  LOG (self, effect ? N_ ("%s no longer suffers from %s") : N_ ("%s is no longer %s"),
       WHO (combatant), WORD (name));
  tkr_history_remove_item (HISTORY (self), list, entry);
  return END_STEP (self);
}

FORWARD (remove_condition, const char *, remove_entry, FALSE)
FORWARD (remove_effect, const char *, remove_entry, TRUE)

/* ------------------------------------------------------------------ */
/* Phases: the engine's hooks                                          */
/* ------------------------------------------------------------------ */

static void
clear_round_state (TkrApEncounter *self, TkrApCombatant *combatant)
{
  static const char *const flags[] = { "moved", "acted", "passed", "stepped" };

  SET (self, combatant, "round-ap", 0);
  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    SET (self, combatant, flags[i], FALSE);
}

/* No AP, no Free Steps, nothing spent: before the opening Reset and
 * after the closing one. */
static void
clear_turn_state (TkrApEncounter *self)
{
  for (guint i = 0; i < tkr_ap_n_items (self->members); i++)
    {
      TkrApCombatant *combatant = member_at (self, i);

      set_left (self, combatant, "ap", 0);
      set_left (self, combatant, "free-steps", 0);
      clear_round_state (self, combatant);
    }
}

/* Nobody acts: the order is empty, Round 0. */
static void
clear_order (TkrApEncounter *self)
{
  tkr_encounter_clear_store (ENC (self), ORDER (self));
  SET (self, self, "current-index", -1);
  SET (self, self, "round", 0);
}

static void
ap_setup_begun (TkrEncounter *encounter)
{
  LOG (encounter, N_ ("The encounter is being set up: Finesse Dice, sizes and surprise"));
}

/* The engine needs an order to begin; the Action Phase's order comes
 * after the opening Reset (main_begun clears this one). */
static GPtrArray *
ap_build_order (TkrEncounter *encounter)
{
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  GPtrArray *order = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < tkr_ap_n_items (combatants); i++)
    g_ptr_array_add (order, g_list_model_get_item (combatants, i));
  return order;
}

/* Nobody acts and the Reset of Turn 0 is due: when combat opens and when
 * the encounter goes back to Freeplay. */
static void
ap_cleared (TkrEncounter *encounter)
{
  clear_order (TKR_AP_ENCOUNTER (encounter));
  SET (encounter, encounter, "step", TKR_AP_STEP_RESET);
  SET (encounter, encounter, "turn", 0);
}

/* Setup -> Main: combat opens with a Reset Phase (seed, Reset Phase), due
 * now; Turn 1's Action Phase follows it. */
static void
ap_main_begun (TkrEncounter *encounter)
{
  clear_turn_state (TKR_AP_ENCOUNTER (encounter));
  ap_cleared (encounter);
  LOG (encounter, N_ ("Combat begins with a Reset Phase"));
}

/* Going back stops before the opening Reset. */
static gboolean
ap_has_earlier_turn (TkrEncounter *encounter)
{
  return TKR_AP_ENCOUNTER (encounter)->turn > 0;
}

/* ------------------------------------------------------------------ */
/* Rounds and the Reset Phase                                          */
/* ------------------------------------------------------------------ */

static int
compare_for_order (gconstpointer a, gconstpointer b, gpointer user_data)
{
  TkrApCombatant *x = *(TkrApCombatant *const *) a;
  TkrApCombatant *y = *(TkrApCombatant *const *) b;

  /* Seed, Action Phase: descending current AP. Ties (our choice): the
   * larger Finesse Die, then whoever joined the encounter first. */
  if (tkr_ap_combatant_get_ap (x) != tkr_ap_combatant_get_ap (y))
    return tkr_ap_combatant_get_ap (y) - tkr_ap_combatant_get_ap (x);
  if (x->finesse_die != y->finesse_die)
    return y->finesse_die - x->finesse_die;
  /* The list is filled in joining order and the sort is stable (GLib's
   * merge sort), so equals keep who joined first without a lookup. */
  return 0;
}

/* A new Round: per-Round spending starts over and the order is computed
 * again from current AP. Returns how many can act. */
static guint
begin_round (TkrApEncounter *self, int round)
{
  g_autoptr (GPtrArray) order = g_ptr_array_new ();

  for (guint i = 0; i < tkr_ap_n_items (self->members); i++)
    {
      TkrApCombatant *combatant = member_at (self, i);

      clear_round_state (self, combatant);
      if (tkr_ap_combatant_get_ap (combatant) > 0)
        g_ptr_array_add (order, combatant);
    }
  g_ptr_array_sort_with_data (order, compare_for_order, self);

  clear_order (self);
  SET (self, self, "round", round);
  for (guint i = 0; i < order->len; i++)
    tkr_history_append (HISTORY (self), ORDER (self), g_ptr_array_index (order, i));
  if (order->len > 0)
    {
      SET (self, self, "current-index", 0);
      /* Translators: a Round, a Turn, then who acts first */
      LOG (self, N_ ("Round %d of Turn %d: %s acts first"), NUM (round), NUM (self->turn),
           WHO (g_ptr_array_index (order, 0)));
    }
  return order->len;
}

/* The Action Phase is over; the Reset Phase that ends this Turn is due. */
static void
end_action_phase (TkrApEncounter *self)
{
  clear_order (self);
  SET (self, self, "step", TKR_AP_STEP_RESET);
  LOG (self, N_ ("The Action Phase of Turn %d is over; the Reset Phase is due"), NUM (self->turn));
}

static gboolean
validate_rolls (TkrApEncounter *self, TkrTypedRolls *rolls, GError **error)
{
  const TkrTypedRoll *roll;

  for (guint i = 0; (roll = tkr_typed_rolls_get (rolls, i)) != NULL; i++)
    {
      TkrApCombatant *combatant = (TkrApCombatant *) roll->combatant;
      gboolean persistent = FALSE;
      int die;

      if (!require_member (self, combatant, error))
        return FALSE;
      die = combatant->finesse_die;
      if (roll->what == NULL && (roll->value < 1 || roll->value > die))
        return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                           _ ("%s’s Finesse Die is a d%d: it cannot show %d"), NAME (combatant),
                           die, roll->value);
      if (roll->what == NULL)
        continue;
      if (!tkr_ap_combatant_has_condition (combatant, roll->what, &persistent, NULL) || !persistent)
        return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                           _ ("%s has no Persistent condition %s to roll against"),
                           NAME (combatant), roll->what);
      if (roll->value < 0 || roll->value > MAX_CHECK)
        return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                           _ ("A Check Roll for %s must be between 0 and %d"), NAME (combatant),
                           MAX_CHECK);
    }
  return TRUE;
}

static int
roll_or_typed (TkrApEncounter *self,
               TkrTypedRolls *rolls,
               TkrApCombatant *combatant,
               const char *condition,
               int sides)
{
  const TkrTypedRoll *typed = tkr_typed_rolls_find (rolls, TKR_COMBATANT (combatant), condition);

  if (typed != NULL)
    return typed->value;
  /* A GRand given at construction, else the engine's, which tests seed
   * with tkr_encounter_set_rand () like every system's dice. */
  return g_rand_int_range (
    self->rand != NULL ? self->rand : tkr_encounter_get_rand (TKR_ENCOUNTER (self)), 1, sides + 1);
}

/* Step 1: per-Turn effects, damage to Health. */
static void
reset_effects (TkrApEncounter *self, TkrTypedRolls *rolls, TkrApCombatant *combatant)
{
  TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (combatant));
  GListModel *effects = G_LIST_MODEL (combatant->lists[AP_EFFECTS]);

  for (guint i = 0; i < tkr_ap_n_items (effects); i++)
    {
      TkrCondition *effect = tkr_ap_item_at (effects, i);
      int damage = tkr_condition_get_value (effect);

      tkr_character_adjust_pool (character, HISTORY (self), TKR_POOL_HEALTH, -damage);
      /* Translators: a character, a number, an effect such as Poison */
      LOG (self, N_ ("%s takes %d damage from %s"), WHO (combatant), NUM (damage),
           WORD (tkr_condition_get_name (effect)));
    }
}

/* Step 2: Temporary conditions and adjustments end with their Turn. */
static void
reset_temporary (TkrApEncounter *self, TkrTypedRolls *rolls, TkrApCombatant *combatant)
{
  /* Temporary conditions end by the rule data's "timings" (tkr-timings.h). */
  guint removed = tkr_ap_n_items (combatant->lists[AP_ADJUSTMENTS]) +
                  tkr_timings_reset (ENC (self), TKR_COMBATANT (combatant));

  tkr_encounter_clear_store (ENC (self), combatant->lists[AP_ADJUSTMENTS]);
  if (removed > 0)
    LOG_PLURAL (self, "%s loses %u Temporary condition or adjustment",
                "%s loses %u Temporary conditions and adjustments", removed, WHO (combatant),
                NUM (removed));
}

/* Step 3: a Check Roll against each Persistent condition; success ends it. */
static void
reset_persistent (TkrApEncounter *self, TkrTypedRolls *rolls, TkrApCombatant *combatant)
{
  GListModel *conditions = G_LIST_MODEL (combatant->lists[AP_CONDITIONS]);
  g_autoptr (GPtrArray) shaken = g_ptr_array_new ();

  for (guint i = 0; i < tkr_ap_n_items (conditions); i++)
    {
      TkrCondition *condition = tkr_ap_item_at (conditions, i);
      const char *name = tkr_condition_get_name (condition);
      int target = tkr_condition_get_value (condition);
      int total;

      if (tkr_condition_get_kind (condition) != TKR_CONDITION_KIND_PERSISTENT)
        continue;
      total = roll_or_typed (self, rolls, combatant, name, self->numbers.check_die);
      /* Translators: a character, a number, a number, a condition */
      LOG (self,
           total >= target ? N_ ("%s rolls %d against %d and shakes off %s")
                           : N_ ("%s rolls %d against %d and stays %s"),
           WHO (combatant), NUM (total), NUM (target), WORD (name));
      if (total >= target)
        g_ptr_array_add (shaken, condition);
    }
  for (guint i = 0; i < shaken->len; i++)
    tkr_history_remove_item (HISTORY (self), combatant->lists[AP_CONDITIONS], shaken->pdata[i]);
}

/* Step 4: one Mana or one Faith, the player's choice. */
static void
reset_recover (TkrApEncounter *self, TkrTypedRolls *rolls, TkrApCombatant *combatant)
{
  gboolean faith = g_strcmp0 (combatant->recover, "faith") == 0;
  int gained = tkr_ap_encounter_get_recovery (self, combatant);

  if (gained <= 0)
    return;
  SET (self, combatant, faith ? "faith" : "mana",
       (faith ? combatant->faith : combatant->mana) + gained);
  LOG (self, faith ? N_ ("%s recovers %d Faith") : N_ ("%s recovers %d Mana"), WHO (combatant),
       NUM (gained));
}

/* Step 5: leftovers are lost; new AP (tkr_ap_encounter_reset_ap); Free
 * Steps once more. */
static void
reset_action_points (TkrApEncounter *self, TkrTypedRolls *rolls, TkrApCombatant *combatant)
{
  gboolean surprised;
  int face = 0, ap;

  if (!(self->turn == 0 && combatant->surprised))
    face = roll_or_typed (self, rolls, combatant, NULL, combatant->finesse_die);
  ap = tkr_ap_encounter_reset_ap (self, combatant, face, &surprised);
  if (surprised)
    {
      LOG (self, N_ ("%s is surprised and gets %d AP"), WHO (combatant), NUM (ap));
      SET (self, combatant, "surprised", FALSE);
    }
  else
    /* Translators: a character, a die size, its face, an adjustment, the AP */
    LOG (self, N_ ("%s rolls d%d: %d, %+d: %d AP"), WHO (combatant), NUM (combatant->finesse_die),
         NUM (face), NUM (combatant->ap_adjustment), NUM (ap));
  set_left (self, combatant, "ap", ap);
  set_left (self, combatant, "free-steps", 1);
}

/* The Reset, inside a history step the caller opened: each step for
 * everyone before the next; the closing Reset gives no AP (step 5). */
static void
run_reset (TkrApEncounter *self, TkrTypedRolls *rolls, gboolean closing)
{
  static void (*const steps[]) (TkrApEncounter *, TkrTypedRolls *, TkrApCombatant *) = {
    reset_effects, reset_temporary, reset_persistent, reset_recover, reset_action_points,
  };

  if (self->step == TKR_AP_STEP_ACTION)
    /* Ending mid-Action Phase cuts it short. */
    end_action_phase (self);
  if (closing)
    LOG (self, N_ ("The closing Reset Phase"));
  else
    LOG (self, N_ ("Reset Phase of Turn %d"), NUM (self->turn));
  for (guint step = 0; step < G_N_ELEMENTS (steps) - (closing ? 1 : 0); step++)
    for (guint i = 0; i < tkr_ap_n_items (self->members); i++)
      steps[step](self, rolls, member_at (self, i));
  if (closing)
    {
      /* The engine closes the log with describe_end (). */
      clear_turn_state (self);
      return;
    }
  SET (self, self, "turn", self->turn + 1);
  SET (self, self, "step", TKR_AP_STEP_ACTION);
  if (begin_round (self, 1) == 0)
    end_action_phase (self);
}

gboolean
tkr_ap_encounter_run_reset (TkrApEncounter *self, TkrTypedRolls *rolls, GError **error)
{
  if (!require_step (self, TKR_AP_STEP_RESET, error) || !validate_rolls (self, rolls, error))
    return FALSE;
  tkr_history_begin (HISTORY (self), N_ ("Reset Phase"));
  tkr_history_set_tag (HISTORY (self), NEXT_TURN_TAG);
  run_reset (self, rolls, FALSE);
  return END_STEP (self);
}

/* Combat ends with a Reset Phase (seed, Reset Phase): per-Turn effects,
 * Temporary conditions and adjustments, Persistent checks and recovery
 * run once more; AP and Free Steps left are lost and none are given, as
 * no Action Phase follows. */
static void
ap_ended (TkrEncounter *encounter)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);

  run_reset (self, self->closing_rolls, TRUE);
}

gboolean
tkr_ap_encounter_end (TkrApEncounter *self, TkrTypedRolls *rolls, GError **error)
{
  gboolean ended;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!tkr_encounter_check_transition (ENC (self), TKR_PHASE_END, error) ||
      !validate_rolls (self, rolls, error))
    return FALSE;
  self->closing_rolls = rolls;
  ended = tkr_encounter_end (ENC (self), error);
  self->closing_rolls = NULL;
  return ended;
}

static gboolean
everyone_done (TkrApEncounter *self)
{
  for (guint i = 0; i < tkr_ap_n_items (self->members); i++)
    {
      TkrApCombatant *combatant = member_at (self, i);

      if (tkr_ap_combatant_get_ap (combatant) > 0 && !combatant->passed)
        return FALSE;
    }
  return TRUE;
}

/* The actor's opportunity ends; the next one with AP gets the floor, or
 * the Round ends. */
static void
next_actor (TkrApEncounter *self)
{
  TkrApCombatant *actor = tkr_ap_encounter_get_actor (self);
  GListModel *order = G_LIST_MODEL (ORDER (self));

  if (actor != NULL && !actor->passed && actor->round_ap == 0 && !actor->stepped &&
      tkr_ap_combatant_get_ap (actor) > 0)
    {
      SET (self, actor, "passed", TRUE);
      LOG (self, N_ ("%s passes, keeping %d AP"), WHO (actor),
           NUM (tkr_ap_combatant_get_ap (actor)));
    }

  for (guint i = tkr_encounter_get_current_index (ENC (self)) + 1; i < tkr_ap_n_items (order); i++)
    if (tkr_ap_combatant_get_ap (tkr_ap_item_at (order, i)) > 0)
      {
        SET (self, self, "current-index", (int) i);
        LOG (self, N_ ("%s acts"), WHO (tkr_ap_item_at (order, i)));
        return;
      }

  /* Seed, Action Phase: it ends when everyone is out of AP or passed. */
  if (everyone_done (self) || begin_round (self, ROUND (self) + 1) == 0)
    end_action_phase (self);
}

/* Next turn: the Reset when it is due, else the next actor. */
static gboolean
ap_advance (TkrEncounter *encounter, GError **error)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);
  TkrApCombatant *actor = tkr_ap_encounter_get_actor (self);

  /* Timed effects at the edges of an actor's turn (tkr-effects.h). */
  if (actor != NULL)
    tkr_effects_slot_edge (encounter, TKR_EFFECT_EDGE_TURN_END, G_OBJECT (actor));
  if (self->step == TKR_AP_STEP_RESET)
    run_reset (self, NULL, FALSE);
  else
    next_actor (self);
  actor = tkr_ap_encounter_get_actor (self);
  if (actor != NULL)
    tkr_effects_slot_edge (encounter, TKR_EFFECT_EDGE_TURN_START, G_OBJECT (actor));
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The Action Phase                                                    */
/* ------------------------------------------------------------------ */

static gboolean
check_spend (TkrApEncounter *self, TkrApCombatant *combatant, int ap, GError **error)
{
  int left = tkr_ap_combatant_get_ap (combatant);
  int spent = combatant->round_ap;

  if (ap < 1)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A movement or action costs at least 1 AP"));
  if (ap > left)
    return tkr_refuse (
      error, TKR_ENCOUNTER_ERROR_NO_BEATS,
      g_dngettext (GETTEXT_PACKAGE, "%s has only %d AP left", "%s has only %d AP left", left),
      NAME (combatant), left);
  /* Seed, Action Phase: at most this many AP in one Round. */
  if (spent + ap > self->numbers.max_ap_per_round)
    return tkr_refuse (
      error, TKR_ENCOUNTER_ERROR_NO_BEATS,
      _ ("%s has spent %d AP this Round; %d more would pass the limit of %d a Round"),
      NAME (combatant), spent, ap, self->numbers.max_ap_per_round);
  return TRUE;
}

static void
spend (TkrApEncounter *self, TkrApCombatant *combatant, int ap)
{
  set_left (self, combatant, "ap", tkr_ap_combatant_get_ap (combatant) - ap);
  SET (self, combatant, "round-ap", combatant->round_ap + ap);
}

/* One movement or one action a Round (seed, Action Phase). */
static gboolean
take (TkrApEncounter *self, TkrApCombatant *combatant, int ap, gboolean movement, GError **error)
{
  if (!require_actor (self, combatant, error))
    return FALSE;
  if (movement ? combatant->moved : combatant->acted)
    return tkr_refuse (
      error, movement ? TKR_ENCOUNTER_ERROR_NO_MOVEMENT : TKR_ENCOUNTER_ERROR_INVALID,
      movement ? _ ("%s has already made a movement this Round; one a Round is allowed")
               : _ ("%s has already taken an action this Round; one a Round is allowed"),
      NAME (combatant));
  if (!check_spend (self, combatant, ap, error))
    return FALSE;

  tkr_history_begin (HISTORY (self), movement ? N_ ("Move") : N_ ("Act"));
  spend (self, combatant, ap);
  SET (self, combatant, movement ? "moved" : "acted", TRUE);
  LOG (self, movement ? N_ ("%s moves for %d AP") : N_ ("%s takes an action for %d AP"),
       WHO (combatant), NUM (ap));
  return END_STEP (self);
}

FORWARD (move, int, take, TRUE)
FORWARD (act, int, take, FALSE)

/* Seed, "Only" action: with only a few AP left, all of them for one
 * action, as the whole of the Round's opportunity (Free Steps may come
 * just before it). */
gboolean
tkr_ap_encounter_only_action (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  int left;

  if (!require_actor (self, combatant, error))
    return FALSE;
  left = tkr_ap_combatant_get_ap (combatant);
  if (left < 1 || left > self->numbers.only_action_max_ap)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("An Only action needs 1 to %d AP left, and %s has %d"),
                       self->numbers.only_action_max_ap, NAME (combatant), left);
  if (combatant->moved || combatant->acted)
    return tkr_refuse (
      error, TKR_ENCOUNTER_ERROR_INVALID,
      _ ("%s has already moved or acted this Round; an Only action must be all of it"),
      NAME (combatant));

  tkr_history_begin (HISTORY (self), N_ ("Only action"));
  spend (self, combatant, left);
  SET (self, combatant, "moved", TRUE);
  SET (self, combatant, "acted", TRUE);
  LOG (self, N_ ("%s spends all %d AP on an Only action"), WHO (combatant), NUM (left));
  return END_STEP (self);
}

gboolean
tkr_ap_encounter_free_steps (TkrApEncounter *self,
                             TkrApCombatant *combatant,
                             int spaces,
                             GError **error)
{
  int most;

  if (!require_actor (self, combatant, error))
    return FALSE;
  if (!tkr_ap_combatant_get_free_steps (combatant))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS,
                       _ ("%s has already taken Free Steps this Turn; they come once a Turn"),
                       NAME (combatant));
  if (tkr_ap_combatant_get_ap (combatant) < 1)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS,
                       _ ("%s needs AP left to take Free Steps"), NAME (combatant));
  /* Seed, Free Steps: before any other movement or action (read as: first
   * in the opportunity they are taken in). */
  if (combatant->moved || combatant->acted)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s has already moved or acted this Round; Free Steps must come first"),
                       NAME (combatant));
  most = tkr_ap_encounter_get_free_steps_limit (self, combatant);
  if (spaces < 1 || spaces > most)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       g_dngettext (GETTEXT_PACKAGE, "%s’s Free Steps cover 1 to %d space",
                                    "%s’s Free Steps cover 1 to %d spaces", most),
                       NAME (combatant), most);

  tkr_history_begin (HISTORY (self), N_ ("Free Steps"));
  set_left (self, combatant, "free-steps", 0);
  SET (self, combatant, "stepped", TRUE);
  LOG_PLURAL (self, "%s takes Free Steps: %d space", "%s takes Free Steps: %d spaces", spaces,
              WHO (combatant), NUM (spaces));
  return END_STEP (self);
}

gboolean
tkr_ap_encounter_pass (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  if (!require_actor (self, combatant, error))
    return FALSE;
  if (combatant->round_ap > 0 || combatant->stepped)
    return tkr_refuse (
      error, TKR_ENCOUNTER_ERROR_INVALID,
      _ ("%s has already done something this Round and cannot pass; go to the next "
         "one instead"),
      NAME (combatant));

  tkr_history_begin (HISTORY (self), N_ ("Pass"));
  tkr_history_set_tag (HISTORY (self), NEXT_TURN_TAG);
  next_actor (self);
  return END_STEP (self);
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

static void
ap_write_json (TkrEncounter *encounter, JsonObject *object)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);
  GListModel *order = tkr_encounter_get_order (encounter);
  JsonArray *members = json_array_new ();

  json_object_set_string_member (object, "name", self->name ? self->name : "");
  json_object_set_string_member (object, "step", step_nicks[self->step]);
  json_object_set_int_member (object, "turn", self->turn);
  for (guint i = 0; i < tkr_ap_n_items (self->members); i++)
    json_array_add_element (members, tkr_ap_combatant_to_json (member_at (self, i)));
  json_object_set_array_member (object, "combatants", members);
  /* The Round's order as places in the combatant list. */
  json_object_set_member (object, "order", tkr_members_places_to_json (self->roster, order));
}

/* A file's refusal at @path's @member: FALSE, with @error set. */
/* What a file holds beyond the engine's skeleton. */
typedef struct
{
  char *name;
  int step, turn;
  GPtrArray *members;
  /* A running or ended combat with nobody to act (a Reset due): the
   * engine is given the members as a stand-in order, Round 1, and this
   * is put right when the file is committed. */
  gboolean no_order;
} ApLoad;

static void
ap_load_free (gpointer data)
{
  ApLoad *ap = data;

  g_free (ap->name);
  g_ptr_array_unref (ap->members);
  g_free (ap);
}

/* Reads the combatant at @path into the members. Its character: "ref"
 * names a participant when the file lists them; files written before the
 * engine kept participants have them here, a PC by "ref" or an NPC whole
 * in "npc", and fill @load->participants. */
static gboolean
read_member (TkrApEncounter *self,
             JsonNode *node,
             const char *path,
             gboolean with_participants,
             TkrEncounterLoad *load,
             GError **error)
{
  TkrCharacter *character; /* the load's */
  g_autoptr (TkrApCombatant) combatant = NULL;
  g_autofree char *ref = NULL;
  JsonObject *object = tkr_json_require_object (node, path, error);

  if (object == NULL)
    return FALSE;
  if (with_participants)
    {
      if (!tkr_json_get_string (object, "ref", path, TRUE, NULL, &ref, error))
        return FALSE;
      character = tkr_encounter_load_find_character (load, ref);
      if (character == NULL)
        return tkr_json_refuse (error, path, "ref", _ ("no participant has the id “%s”"), ref);
    }
  else if ((character = tkr_encounter_load_add_participant (load, node, path, error)) == NULL)
    return FALSE;

  combatant = g_object_new (TKR_TYPE_AP_COMBATANT, "character", character, NULL);
  if (!tkr_ap_combatant_read_json (combatant, object, path, error))
    return FALSE;
  if (!tkr_ap_numbers_has_die (&self->numbers, combatant->finesse_die))
    return tkr_json_refuse (error, path, "finesse_die",
                            _ ("d%d is not a Finesse Die these rules use"), combatant->finesse_die);
  if (tkr_ap_numbers_size_index (&self->numbers, combatant->size) < 0)
    return tkr_json_refuse (error, path, "size", _ ("“%s” is not a size these rules know"),
                            combatant->size ? combatant->size : "");
  g_ptr_array_add (((ApLoad *) load->data)->members, g_steal_pointer (&combatant));
  return TRUE;
}

/* The Round's order, as places in the combatant list, into @load->order. */
/* Everything is read and checked before anything changes: the phase, the
 * step, the Turn, the Round and the order must agree. */
static gboolean
ap_read_json (TkrEncounter *encounter,
              JsonObject *object,
              const char *path,
              TkrEncounterLoad *load,
              GError **error)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);
  g_autofree char *combatants_path = tkr_json_path (path, "combatants");
  gboolean with_participants = json_object_has_member (object, "participants");
  gboolean running, action;
  ApLoad *ap = g_new0 (ApLoad, 1);
  gint64 turn;
  JsonArray *array;

  ap->members = g_ptr_array_new_with_free_func (g_object_unref);
  load->data = ap;
  load->data_free = ap_load_free;
  if (!tkr_json_get_string (object, "name", path, FALSE, "", &ap->name, error) ||
      !tkr_json_get_enum (object, "step", path, TRUE, step_nicks, 0, &ap->step, error) ||
      !tkr_json_get_int (object, "turn", path, TRUE, 0, MAX_COUNT, 0, &turn, error) ||
      !tkr_json_get_array (object, "combatants", path, TRUE, &array, error))
    return FALSE;
  ap->turn = (int) turn;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (combatants_path, i);

      if (!read_member (self, json_array_get_element (array, i), item_path, with_participants, load,
                        error))
        return FALSE;
    }
  if (ap->members->len != load->participants->len)
    return tkr_json_refuse (error, path, "combatants", _ ("every participant needs one combatant"));
  if (!tkr_members_places_from_json (object, path, "order", TRUE, ap->members, load->order, error))
    return FALSE;

  /* The phase, the step and the order must agree. */
  running = load->phase == TKR_PHASE_MAIN || load->phase == TKR_PHASE_PAUSED;
  action = running && ap->step == TKR_AP_STEP_ACTION;
  if (!running && (ap->step != TKR_AP_STEP_RESET || load->round != 0))
    return tkr_json_refuse (error, path, "step", _ ("only a running combat has an Action Phase"));
  if ((load->phase == TKR_PHASE_FREEPLAY || load->phase == TKR_PHASE_SETUP) && ap->turn != 0)
    return tkr_json_refuse (error, path, "turn", _ ("combat has not begun, so there is no Turn"));
  if (action)
    {
      if (ap->turn < 1 || load->round < 1)
        return tkr_json_refuse (error, path, "round",
                                _ ("an Action Phase needs a Turn and a Round"));
      if (load->current_index < 0 || load->current_index >= (int) load->order->len)
        return tkr_json_refuse (error, path, "current_index",
                                _ ("an Action Phase needs someone in the order to act"));
    }
  else if (load->order->len > 0 || load->current_index != -1 || load->round != 0)
    return tkr_json_refuse (error, path, "order",
                            _ ("only an Action Phase has a Round and an order"));

  if (load->phase != TKR_PHASE_FREEPLAY)
    for (guint i = 0; i < ap->members->len; i++)
      g_ptr_array_add (load->combatants, g_object_ref (ap->members->pdata[i]));
  ap->no_order = load->phase != TKR_PHASE_FREEPLAY && load->phase != TKR_PHASE_SETUP && !action;
  if (ap->no_order)
    {
      for (guint i = 0; i < ap->members->len; i++)
        g_ptr_array_add (load->order, g_object_ref (ap->members->pdata[i]));
      load->round = 1;
      load->current_index = running ? 0 : -1;
    }
  return TRUE;
}

static void
ap_commit_json (TkrEncounter *encounter, TkrEncounterLoad *load)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (encounter);
  ApLoad *ap = load->data;

  g_object_set (self, "name", ap->name, "step", ap->step, "turn", ap->turn, NULL);
  tkr_members_replace (self->roster, ap->members);
  if (ap->no_order)
    {
      g_list_store_remove_all (ORDER (self));
      g_object_set (self, "round", 0, "current-index", -1, NULL);
    }
}

/* ------------------------------------------------------------------ */
/* The class                                                           */
/* ------------------------------------------------------------------ */

static void
tkr_ap_encounter_class_init (TkrApEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TkrEncounterClass *encounter_class = TKR_ENCOUNTER_CLASS (klass);

  object_class->dispose = tkr_ap_encounter_dispose;
  object_class->finalize = tkr_ap_encounter_finalize;
  object_class->constructed = tkr_ap_encounter_constructed;
  object_class->get_property = tkr_fields_get_property;
  object_class->set_property = tkr_fields_set_property;

  encounter_class->new_combatant = ap_new_combatant;
  encounter_class->joined = ap_joined;
  encounter_class->leaving = ap_leaving;
  encounter_class->setup_begun = ap_setup_begun;
  encounter_class->build_order = ap_build_order;
  encounter_class->main_begun = ap_main_begun;
  encounter_class->advance = ap_advance;
  encounter_class->ended = ap_ended;
  encounter_class->describe_end = describe_end;
  encounter_class->cleared = ap_cleared;
  encounter_class->write_json = ap_write_json;
  encounter_class->read_json = ap_read_json;
  encounter_class->commit_json = ap_commit_json;
  encounter_class->has_earlier_turn = ap_has_earlier_turn;

  tkr_fields_install (object_class, encounter_fields, G_N_ELEMENTS (encounter_fields));
}

static void
tkr_ap_encounter_init (TkrApEncounter *self)
{
  self->step = TKR_AP_STEP_RESET;
  self->roster = tkr_members_new (TKR_TYPE_AP_COMBATANT);
  self->members = g_object_ref (tkr_members_get_store (self->roster));
}

/* The five steps of the Reset Phase (help/C/action-points.page, "The
 * Reset Phase"), each with what it will do to whom, read from the
 * members as they stand. */
GStrv
tkr_ap_encounter_preview_reset (TkrApEncounter *self)
{
  g_autoptr (GString) effects = g_string_new (NULL);
  g_autoptr (GString) temporary = g_string_new (NULL);
  g_autoptr (GString) persistent = g_string_new (NULL);
  g_autoptr (GString) recover = g_string_new (NULL);
  GListModel *members;
  GStrv steps;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);

  members = tkr_ap_encounter_get_members (self);
  for (guint i = 0; i < g_list_model_get_n_items (members); i++)
    {
      g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (members, i);
      const char *name = tkr_combatant_get_name (TKR_COMBATANT (combatant));
      GListModel *lists[] = {
        tkr_ap_combatant_get_effects (combatant),
        tkr_ap_combatant_get_adjustments (combatant),
        tkr_ap_combatant_get_ap_conditions (combatant),
      };
      int recovered = tkr_ap_encounter_get_recovery (self, combatant);

      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint j = 0; j < g_list_model_get_n_items (lists[l]); j++)
          {
            g_autoptr (TkrCondition) mark = g_list_model_get_item (lists[l], j);
            const char *mark_name = tkr_condition_get_name (mark);
            int value = tkr_condition_get_value (mark);

            if (l == 0)
              /* Translators: a character, damage, an effect: "Bob: 2 damage from Poison" */
              g_string_append_printf (effects, _ ("%s%s: %d damage from %s"),
                                      effects->len ? "; " : "", name, value, mark_name);
            else if (l == 1)
              g_string_append_printf (temporary, _ ("%s%s: %s %+d"), temporary->len ? ", " : "",
                                      name, mark_name, value);
            else if (tkr_condition_get_kind (mark) != TKR_CONDITION_KIND_PERSISTENT)
              g_string_append_printf (temporary, _ ("%s%s: %s"), temporary->len ? ", " : "", name,
                                      mark_name);
            else
              /* Translators: a character, a condition, a Check Roll's target */
              g_string_append_printf (persistent, _ ("%s%s: %s, needs %d"),
                                      persistent->len ? "; " : "", name, mark_name, value);
          }
      if (recovered > 0)
        g_string_append_printf (
          recover, _ ("%s%s: +%d %s"), recover->len ? ", " : "", name, recovered,
          g_strcmp0 (tkr_ap_combatant_get_recover (combatant), "faith") == 0 ? _ ("Faith")
                                                                             : _ ("Mana"));
    }

  steps = g_new0 (char *, TKR_AP_RESET_STEPS + 1);
  steps[0] = g_string_free (g_steal_pointer (&effects), FALSE);
  steps[1] = g_string_free (g_steal_pointer (&temporary), FALSE);
  steps[2] = g_string_free (g_steal_pointer (&persistent), FALSE);
  steps[3] = g_string_free (g_steal_pointer (&recover), FALSE);
  steps[4] = g_strdup (self->turn == 0 ? _ ("Everyone rolls the Finesse Die; the surprised get "
                                            "exactly their AP; everyone gets Free Steps")
                                       : _ ("Left-over AP and Free Steps are lost; everyone rolls "
                                            "the Finesse Die and gets Free Steps"));
  return steps;
}

/* The rolls the coming Reset needs */

/* After every step, undo and redo, while a Reset is due in Main or
 * Paused (seed 004, Reset Phase): per member, a Check Roll against each
 * Persistent condition, then its Finesse Die (or, surprised in the
 * opening Reset, exactly the surprised AP). Empty otherwise. A roll keeps
 * its object while it is still needed. */
static void
update_reset_rolls (TkrApEncounter *self)
{
  g_autoptr (TkrPendingRolls) kept = tkr_pending_rolls_new (G_LIST_MODEL (self->reset_rolls));
  g_autoptr (GPtrArray) rolls = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean due = self->members != NULL &&
                 (PHASE (self) == TKR_PHASE_MAIN || PHASE (self) == TKR_PHASE_PAUSED) &&
                 self->step == TKR_AP_STEP_RESET;
  guint n_members = due ? g_list_model_get_n_items (G_LIST_MODEL (self->members)) : 0;

  for (guint i = 0; i < n_members; i++)
    {
      g_autoptr (TkrApCombatant) combatant =
        g_list_model_get_item (G_LIST_MODEL (self->members), i);
      TkrCombatant *member = TKR_COMBATANT (combatant);
      GListModel *conditions = tkr_ap_combatant_get_ap_conditions (combatant);
      gboolean surprised;

      for (guint j = 0; j < g_list_model_get_n_items (conditions); j++)
        {
          g_autoptr (TkrCondition) mark = g_list_model_get_item (conditions, j);

          if (tkr_condition_get_kind (mark) == TKR_CONDITION_KIND_PERSISTENT)
            g_ptr_array_add (rolls, tkr_pending_roll_take (kept, member, TKR_AP_RESET_ROLL_CHECK,
                                                           tkr_condition_get_name (mark), 0, 0,
                                                           tkr_condition_get_value (mark)));
        }
      tkr_ap_encounter_reset_ap (self, combatant, 0, &surprised);
      g_ptr_array_add (rolls, tkr_pending_roll_take (
                                kept, member,
                                surprised ? TKR_AP_RESET_ROLL_SURPRISED : TKR_AP_RESET_ROLL_FINESSE,
                                NULL, tkr_ap_combatant_get_finesse_die (combatant),
                                tkr_ap_combatant_get_ap_adjustment (combatant), 0));
    }
  tkr_list_store_sync (self->reset_rolls, rolls->pdata, rolls->len);
}

/**
 * tkr_ap_encounter_get_reset_rolls:
 *
 * The rolls the coming Reset needs (TkrPendingRoll of the kinds
 * TkrApResetRollKind), kept up to date after every step, undo and redo of
 * the encounter's history; empty unless a Reset is due in Main or Paused.
 */
GListModel *
tkr_ap_encounter_get_reset_rolls (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return tkr_history_list (G_OBJECT (self), &self->reset_rolls, TKR_TYPE_PENDING_ROLL,
                           G_CALLBACK (update_reset_rolls));
}
