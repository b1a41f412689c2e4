/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-effects.h"
#include "tkr-json.h"
#include "tkr-list-sync.h"
#include "tkr-pf2e-private.h"
#include "tkr-refusal.h"
#include "tkr-system.h"

/*
 * Pathfinder 2e encounter mode (seed 002, "Structure" and "Turns"; RULES.md
 * section 2) on the shared engine. The numbers come from the rule data's
 * "pf2e" section.
 *
 * Choices the seed leaves to the table, made here:
 * - A group of identical creatures shares one initiative result; its
 *   members still take one turn each, one after the other (the seed lets
 *   them act in any order within the group: "put before" picks it).
 * - Ties between creatures of the same side keep their order of entry
 *   until someone chooses otherwise with "put before", during Setup.
 * - A dying creature whose turn begins owes a recovery check; the turn
 *   cannot pass until it is made (typed in or rolled). Dying 0 leaves the
 *   creature Unconscious and stable, and raises Wounded (public rules).
 * - Dead creatures keep their place in the order; their turns have no
 *   actions.
 */

/* Bounds for values typed in or read from files. */
#define MAX_NAME_LENGTH 200

#define ORDER(self) tkr_encounter_get_order (TKR_ENCOUNTER (self))

struct _TkrPf2eEncounter
{
  TkrEncounter parent_instance;

  GError *section_error;

  /* The rule data's "pf2e" section */
  int actions_per_turn;
  int reactions_per_round;
  int max_activity_actions;
  int initiative_die;
  char *default_skill;
  int recovery_dc_base;
  int critical_margin;
  int death_dying_value;
  int wounded_when_dying_ends;
  int typical_award;
  GListStore *effects; /* TkrCondition, Temporary */

  /* The creature new_combatant made last (a weak pointer) and how many
   * there were then: the next one ranks behind it. */
  TkrPf2eCombatant *made;
  guint made_count;

  /* TkrOrderPlace: the tentative order, made on first asking */
  GListStore *tentative_order;
};

G_DEFINE_FINAL_TYPE (TkrPf2eEncounter, tkr_pf2e_encounter, TKR_TYPE_ENCOUNTER)

/* The numbers of the rule data's "pf2e" section, each with the value used
 * when the section is missing, so a caller that ignored the error cannot
 * crash. */
static const struct
{
  const char *key;
  gsize offset;
  int fallback;
} section_numbers[] = {
  { "pf2e.actions_per_turn", G_STRUCT_OFFSET (TkrPf2eEncounter, actions_per_turn), 3 },
  { "pf2e.reactions_per_round", G_STRUCT_OFFSET (TkrPf2eEncounter, reactions_per_round), 1 },
  { "pf2e.max_activity_actions", G_STRUCT_OFFSET (TkrPf2eEncounter, max_activity_actions), 3 },
  { "pf2e.initiative_die", G_STRUCT_OFFSET (TkrPf2eEncounter, initiative_die), 20 },
  { "pf2e.recovery_dc_base", G_STRUCT_OFFSET (TkrPf2eEncounter, recovery_dc_base), 0 },
  { "pf2e.critical_margin", G_STRUCT_OFFSET (TkrPf2eEncounter, critical_margin), 10 },
  { "pf2e.death_dying_value", G_STRUCT_OFFSET (TkrPf2eEncounter, death_dying_value), 4 },
  { "pf2e.wounded_when_dying_ends", G_STRUCT_OFFSET (TkrPf2eEncounter, wounded_when_dying_ends),
    0 },
  { "pf2e.typical_xp_awards.moderate", G_STRUCT_OFFSET (TkrPf2eEncounter, typical_award), 0 },
};

static void
tkr_pf2e_encounter_finalize (GObject *object)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (object);

  g_clear_weak_pointer (&self->made);
  g_clear_object (&self->effects);
  g_clear_object (&self->tentative_order);
  g_clear_error (&self->section_error);
  g_free (self->default_skill);

  G_OBJECT_CLASS (tkr_pf2e_encounter_parent_class)->finalize (object);
}

/* The rule data's "pf2e" section: every number this system needs, its
 * shape checked when the rules loaded (tkr-rules-schema.c). */
static void
tkr_pf2e_encounter_constructed (GObject *object)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (object);
  TkrRules *rules = RULES (self);
  gboolean found;

  G_OBJECT_CLASS (tkr_pf2e_encounter_parent_class)->constructed (object);

  if (rules == NULL)
    g_set_error (&self->section_error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID,
                 _ ("An encounter needs rule data"));
  found = rules != NULL && tkr_rules_require_section (rules, "pf2e", &self->section_error);
  for (guint i = 0; i < G_N_ELEMENTS (section_numbers); i++)
    G_STRUCT_MEMBER (int, self, section_numbers[i].offset) =
      found ? tkr_rules_get_int (rules, section_numbers[i].key) : section_numbers[i].fallback;
  self->default_skill =
    g_strdup (found ? tkr_rules_get_string (rules, "pf2e.default_initiative_skill") : "Perception");
  self->typical_award = MAX (self->typical_award, 1);
}

static void
tkr_pf2e_encounter_init (TkrPf2eEncounter *self)
{
  self->effects = g_list_store_new (TKR_TYPE_CONDITION);
}

TkrPf2eEncounter *
tkr_pf2e_encounter_new (TkrRules *rules, TkrHistory *history, GError **error)
{
  g_autoptr (TkrPf2eEncounter) self = NULL;
  g_autoptr (TkrRules) shipped = NULL;

  g_return_val_if_fail (rules == NULL || TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);

  if (rules == NULL && (rules = shipped = tkr_rules_new_from_resource ("pf2e", error)) == NULL)
    return NULL;
  self = g_object_new (TKR_TYPE_PF2E_ENCOUNTER, "rules", rules, "history", history, NULL);
  if (self->section_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->section_error));
      return NULL;
    }
  return g_steal_pointer (&self);
}

/* Getters */

#define GETTER(...) TKR_PF2E_GETTER (TkrPf2eEncounter, TKR_IS_PF2E_ENCOUNTER, __VA_ARGS__)

GETTER (GListModel *, tkr_pf2e_encounter_get_effects, G_LIST_MODEL (self->effects), NULL)
GETTER (int, tkr_pf2e_encounter_get_check_die, self->initiative_die, 0)
GETTER (int, tkr_pf2e_encounter_get_actions_per_turn, self->actions_per_turn, 0)
GETTER (int, tkr_pf2e_encounter_get_reactions_per_round, self->reactions_per_round, 0)
GETTER (int, tkr_pf2e_encounter_get_typical_award, self->typical_award, 1)
GETTER (const char *, tkr_pf2e_encounter_get_default_skill, self->default_skill, NULL)

int
tkr_pf2e_encounter_get_recovery_dc (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (combatant), 0);
  return self->recovery_dc_base + tkr_pf2e_combatant_get_condition (combatant, "Dying");
}

int
tkr_pf2e_encounter_get_average_initiative (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (combatant), 0);
  return CLAMP (self->initiative_die / 2 + combatant->init.modifier, MIN_INITIATIVE,
                MAX_INITIATIVE);
}

/* Pathfinder 2e's names of the first phases; Paused and End keep the
 * shared names. */
static const char *
phase_name (TkrEncounter *encounter, TkrPhase phase)
{
  static const char *const names[] = {
    [TKR_PHASE_FREEPLAY] = N_ ("Exploration"),
    [TKR_PHASE_SETUP] = N_ ("Initiative"),
    [TKR_PHASE_MAIN] = N_ ("Rounds"),
  };

  if ((guint) phase < G_N_ELEMENTS (names) && names[phase] != NULL)
    return names[phase];
  return tkr_phase_to_msgid (phase);
}

static const char *degree_msgid (TkrPf2eDegree degree);

/* Checks shared by the commands */

#define require_phase(self, phase, error)                                                          \
  tkr_encounter_require_phase (TKR_ENCOUNTER (self), (phase), (error))
#define require_combatant(self, combatant, error)                                                  \
  tkr_encounter_require_combatant (TKR_ENCOUNTER (self), (TkrCombatant *) (combatant), (error))

/* Setup, for a creature of this encounter. */
static gboolean
require_setup (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GError **error)
{
  return require_phase (self, TKR_PHASE_SETUP, error) && require_combatant (self, combatant, error);
}

static gboolean
require_in_order (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GError **error)
{
  /* The order holds every creature of the encounter once Main has begun
   * (Setup -> Main needs everyone's result): the engine's lookup answers at
   * any size. */
  if (TKR_IS_PF2E_COMBATANT (combatant) && N_ITEMS (ORDER (self)) > 0 &&
      tkr_encounter_find_combatant (TKR_ENCOUNTER (self),
                                    tkr_combatant_get_character (TKR_COMBATANT (combatant))) ==
        TKR_COMBATANT (combatant))
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                     _ ("That creature is not in the initiative order"));
}

/* The rounds (Main), for a creature in the order; alive if @alive. */
static gboolean
require_rounds (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, gboolean alive, GError **error)
{
  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_in_order (self, combatant, error))
    return FALSE;
  if (alive && combatant->dead)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is dead"), NAME (combatant));
  return TRUE;
}

static gboolean
check_name (const char *text, const char *what, GError **error)
{
  if (text == NULL || *text == '\0' || !g_utf8_validate (text, -1, NULL))
    /* Translators: what is missing, e.g. "An effect" */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s needs a name"), what);
  if (g_utf8_strlen (text, -1) > MAX_NAME_LENGTH)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("That name is too long: at most %d characters"), MAX_NAME_LENGTH);
  return TRUE;
}

/* Recorded changes */
#define set_int(self, object, property, value)                                                     \
  tkr_encounter_set ((self), (object), (property), (int) (value))
#define set_bool(self, object, property, value)                                                    \
  tkr_encounter_set ((self), (object), (property), (gboolean) (value))

static void
set_resource (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, const char *id, int value)
{
  set_int (self, tkr_combatant_find_resource (TKR_COMBATANT (combatant), id), "current", value);
}

/* The sheet's modifier for @name: a skill, or a save (some sheets keep
 * Perception among the saves). */
static int
sheet_modifier (TkrCharacter *character, const char *name, gboolean *found)
{
  static const TkrModifierKind kinds[] = { TKR_MODIFIER_KIND_SKILL, TKR_MODIFIER_KIND_SAVE };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if ((*found = tkr_character_has_modifier (character, kinds[i], name)))
      return tkr_character_get_modifier_value (character, kinds[i], name);
  return 0;
}

/* Setup begins, or a creature joins during Setup: it gets ready to roll
 * initiative with Perception, tied behind everyone already there. */
static TkrCombatant *
new_combatant (TkrEncounter *encounter, TkrCharacter *character)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (encounter);
  GListModel *combatants = COMBATANTS (self);
  gboolean found;
  int modifier = sheet_modifier (character, self->default_skill, &found);
  TkrPf2eCombatant *combatant =
    tkr_pf2e_combatant_new (character, self->actions_per_turn, self->reactions_per_round);
  guint n = N_ITEMS (combatants);
  int rank = 0, temporary = 0;

  /* Behind everyone: while Setup begins, each creature made is appended
   * before the next is made, so the highest rank so far is known without
   * a pass over all of them. */
  if (self->made != NULL && n > 0 && item_at (combatants, n - 1) == (gpointer) self->made &&
      n == self->made_count + 1)
    rank = self->made->tie_rank + 1;
  else
    for (guint i = 0; i < n; i++)
      rank = MAX (rank, ((TkrPf2eCombatant *) item_at (combatants, i))->tie_rank + 1);
  g_object_set (combatant, "initiative-skill", self->default_skill, "initiative-modifier",
                CLAMP (modifier, -MAX_MODIFIER, MAX_MODIFIER), "tie-rank", rank, NULL);
  /* The sheet's temporary Hit Points come into the fight (rule data
   * "sheet.fields", help/C/pf2e.page), lost before the others. */
  if (tkr_character_get_field (character, "temporary_hp", &temporary) && temporary > 0)
    g_object_set (combatant, "temporary-health", temporary, NULL);
  g_set_weak_pointer (&self->made, combatant);
  self->made_count = n;
  return TKR_COMBATANT (combatant);
}

/* Phases (seed 002, "Structure"): initiative (Setup) marks the start,
 * rounds (Main) run until the encounter ends (End), then back to
 * exploration (Freeplay). */

static void
setup_begun (TkrEncounter *encounter)
{
  LOG (encounter, N_ ("The encounter begins: roll initiative"));
}

/* Setup -> Main: everyone needs an initiative result. */
static gboolean
check_transition (TkrEncounter *encounter, TkrPhase to, GError **error)
{
  TkrPf2eCombatant *missing =
    tkr_initiative_find_missing (COMBATANTS (encounter), INITIATIVE_OFFSET, NULL);

  if (tkr_encounter_get_phase (encounter) != TKR_PHASE_SETUP || to != TKR_PHASE_MAIN ||
      missing == NULL)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                     _ ("%s has no initiative result yet"), NAME (missing));
}

/* End -> Freeplay, or Setup abandoned: the effects go with the order. */
static void
cleared (TkrEncounter *encounter)
{
  tkr_encounter_clear_store (encounter, TKR_PF2E_ENCOUNTER (encounter)->effects);
}

/* Initiative (seed 002, "Step 1: Roll Initiative") */

/* @combatant and the other members of its group: one initiative result
 * for them all. */
static GPtrArray *
group_of (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  GPtrArray *members = g_ptr_array_new ();

  g_ptr_array_add (members, combatant);
  for (guint i = 0; combatant->group != NULL && i < N_ITEMS (COMBATANTS (self)); i++)
    {
      TkrPf2eCombatant *other = item_at (COMBATANTS (self), i);

      if (other != combatant && g_strcmp0 (other->group, combatant->group) == 0)
        g_ptr_array_add (members, other);
    }
  return members;
}

static void
set_group_result (TkrPf2eEncounter *self,
                  TkrPf2eCombatant *combatant,
                  gboolean has_initiative,
                  int initiative)
{
  g_autoptr (GPtrArray) members = group_of (self, combatant);

  for (guint i = 0; i < members->len; i++)
    {
      set_bool (self, members->pdata[i], "has-initiative", has_initiative);
      set_int (self, members->pdata[i], "initiative", has_initiative ? initiative : 0);
    }
}

gboolean
tkr_pf2e_encounter_set_initiative_skill (TkrPf2eEncounter *self,
                                         TkrPf2eCombatant *combatant,
                                         const char *skill,
                                         GError **error)
{
  gboolean found;
  int modifier;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_setup (self, combatant, error) || !check_name (skill, _ ("A skill"), error))
    return FALSE;

  modifier = sheet_modifier (CHARACTER (combatant), skill, &found);
  tkr_history_begin (HISTORY (self), N_ ("Choose the initiative skill"));
  tkr_history_set (HISTORY (self), combatant, "initiative-skill", skill);
  set_int (self, combatant, "initiative-modifier", CLAMP (modifier, -MAX_MODIFIER, MAX_MODIFIER));
  /* A result rolled with another skill no longer stands. */
  if (combatant->init.has_result)
    set_group_result (self, combatant, FALSE, 0);
  if (found)
    /* Translators: a creature, a skill, then its modifier, e.g. "+5" */
    LOG (self, N_ ("%s rolls initiative with %s (%+d)"), WHO (combatant), WORD (skill),
         NUM (modifier));
  else
    LOG (self,
         N_ ("%s rolls initiative with %s; the sheet has no such skill, so "
             "the modifier is 0 until the GM enters it"),
         WHO (combatant), WORD (skill));
  return END_STEP (self);
}

gboolean
tkr_pf2e_encounter_set_initiative_modifier (TkrPf2eEncounter *self,
                                            TkrPf2eCombatant *combatant,
                                            int modifier,
                                            GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_setup (self, combatant, error))
    return FALSE;
  if (modifier < -MAX_MODIFIER || modifier > MAX_MODIFIER)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("An initiative modifier of %s goes from %d to %d"), NAME (combatant),
                       -MAX_MODIFIER, MAX_MODIFIER);

  tkr_history_begin (HISTORY (self), N_ ("Set the initiative modifier"));
  set_int (self, combatant, "initiative-modifier", modifier);
  return END_STEP (self);
}

gboolean
tkr_pf2e_encounter_set_group (TkrPf2eEncounter *self,
                              TkrPf2eCombatant *combatant,
                              const char *group,
                              GError **error)
{
  g_autoptr (GPtrArray) members = NULL;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (group != NULL && *group == '\0')
    group = NULL;
  if (!require_setup (self, combatant, error) ||
      (group != NULL && !check_name (group, _ ("A group"), error)))
    return FALSE;
  if (group != NULL && tkr_character_is_pc (CHARACTER (combatant)))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s is a player character; only the GM’s creatures roll as a group"),
                       NAME (combatant));

  tkr_history_begin (HISTORY (self), N_ ("Group creatures"));
  tkr_history_set (HISTORY (self), combatant, "group", group);
  members = group_of (self, combatant);
  /* Everyone in a group shares one result: joining takes the group's. */
  if (members->len > 1)
    {
      TkrPf2eCombatant *other = members->pdata[1];

      set_bool (self, combatant, "has-initiative", other->init.has_result);
      set_int (self, combatant, "initiative", other->init.value);
    }
  if (group != NULL)
    /* Translators: a creature, then a group's name */
    LOG (self, N_ ("%s rolls initiative with the group %s"), WHO (combatant), TEXT (group));
  return END_STEP (self);
}

/* Gives @combatant's group an initiative result: d20 + modifier rolled
 * with @rand, or @typed when @rand is NULL; the log says which. */
static int
set_result (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GRand *rand, int typed)
{
  int die = 0;
  int rolled = rand != NULL
                 ? tkr_initiative_roll (rand, self->initiative_die, combatant->init.modifier, &die)
                 : 0;
  int result = rand != NULL ? CLAMP (rolled, MIN_INITIATIVE, MAX_INITIATIVE) : typed;
  TkrMessage *text;

  if (rand != NULL)
    /* Translators: the die, the modifier and the result, e.g. "14 + 3 = 17 (Perception)" */
    text = tkr_message_new (N_ ("%d %+d = %d (%s)"), NUM (die), NUM (combatant->init.modifier),
                            NUM (result), WORD (combatant->initiative_skill), NULL);
  else
    /* Translators: a typed-in initiative result */
    text = tkr_message_new (N_ ("%d, rolled at the table"), NUM (result), NULL);
  set_group_result (self, combatant, TRUE, result);
  if (combatant->group != NULL)
    /* Translators: a group's name, then what was rolled */
    LOG (self, N_ ("Initiative of the group %s: %s"), TEXT (combatant->group), text);
  else
    /* Translators: a creature, then what was rolled */
    LOG (self, N_ ("Initiative of %s: %s"), WHO (combatant), text);
  return result;
}

gboolean
tkr_pf2e_encounter_roll_initiative (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GRand *rand, int *result, GError **error)
{
  int value;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (rand != NULL, FALSE);

  if (!require_setup (self, combatant, error))
    return FALSE;

  tkr_history_begin (HISTORY (self), N_ ("Roll initiative"));
  value = set_result (self, combatant, rand, 0);
  if (result != NULL)
    *result = value;
  return END_STEP (self);
}

gboolean
tkr_pf2e_encounter_enter_initiative (TkrPf2eEncounter *self,
                                     TkrPf2eCombatant *combatant,
                                     int result,
                                     GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_setup (self, combatant, error))
    return FALSE;
  if (result < MIN_INITIATIVE || result > MAX_INITIATIVE)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("An initiative result for %s goes from %d to %d"), NAME (combatant),
                       MIN_INITIATIVE, MAX_INITIATIVE);

  tkr_history_begin (HISTORY (self), N_ ("Enter initiative"));
  set_result (self, combatant, NULL, result);
  return END_STEP (self);
}

gboolean
tkr_pf2e_encounter_roll_remaining (TkrPf2eEncounter *self, GRand *rand, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);
  return tkr_encounter_roll_missing (TKR_ENCOUNTER (self), rand, error);
}

static gboolean
pf2e_roll_missing (TkrEncounter *encounter, GRand *rand, GError **error)
{
  TkrPf2eCombatant *combatant;
  guint from = 0;

  /* In the order of entry, in one pass; a group that has rolled counts
   * for all its members. */
  while (
    (combatant = tkr_initiative_find_missing (COMBATANTS (encounter), INITIATIVE_OFFSET, &from)))
    set_result (TKR_PF2E_ENCOUNTER (encounter), combatant, rand, 0);
  return TRUE;
}

/* Seed 002, "Step 1": the highest result goes first (the shared sort);
 * on a tie the adversary goes before the PC; tied creatures of one side
 * keep their chosen order (the tie rank). A group stays together: its
 * members sort by the group's first rank (in @group_ranks), then by their
 * own. */
#define CMP(a, b) (((a) > (b)) - ((a) < (b)))

static int
compare_ties (gconstpointer a, gconstpointer b, gpointer group_ranks)
{
  TkrPf2eCombatant *x = (TkrPf2eCombatant *) a, *y = (TkrPf2eCombatant *) b;
  const int by[] = {
    CMP (tkr_character_is_pc (CHARACTER (x)), tkr_character_is_pc (CHARACTER (y))),
    CMP (GPOINTER_TO_INT (g_hash_table_lookup (group_ranks, x)),
         GPOINTER_TO_INT (g_hash_table_lookup (group_ranks, y))),
    CMP (x->tie_rank, y->tie_rank),
  };

  for (guint i = 0; i < G_N_ELEMENTS (by); i++)
    if (by[i] != 0)
      return by[i];
  return 0;
}

/* Setup -> Main: the initiative order, fixed for the whole encounter
 * (seed 002, "Step 3": nobody rolls again). */
static GPtrArray *
build_order (TkrEncounter *encounter)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (encounter);
  g_autoptr (GHashTable) group_ranks = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) lowest = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *order = g_ptr_array_new_with_free_func (g_object_unref);

  /* A group sorts by its members' lowest tie rank: found in one pass, so
   * the order of a large encounter is built in linear time. */
  for (guint i = 0; i < N_ITEMS (COMBATANTS (self)); i++)
    {
      TkrPf2eCombatant *combatant = item_at (COMBATANTS (self), i);
      gpointer rank;

      if (combatant->group != NULL &&
          (!g_hash_table_lookup_extended (lowest, combatant->group, NULL, &rank) ||
           combatant->tie_rank < GPOINTER_TO_INT (rank)))
        g_hash_table_insert (lowest, combatant->group, GINT_TO_POINTER (combatant->tie_rank));
    }
  for (guint i = 0; i < N_ITEMS (COMBATANTS (self)); i++)
    {
      TkrPf2eCombatant *combatant = item_at (COMBATANTS (self), i);
      int rank = combatant->group != NULL
                   ? GPOINTER_TO_INT (g_hash_table_lookup (lowest, combatant->group))
                   : combatant->tie_rank;

      if (!combatant->init.has_result)
        continue;
      g_hash_table_insert (group_ranks, combatant, GINT_TO_POINTER (rank));
      g_ptr_array_add (order, g_object_ref (combatant));
    }
  tkr_initiative_sort (order, INITIATIVE_OFFSET, compare_ties, group_ranks);
  return order;
}

GPtrArray *
tkr_pf2e_encounter_preview_order (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return build_order (TKR_ENCOUNTER (self));
}

static int
compare_tie_rank (gconstpointer a, gconstpointer b)
{
  TkrPf2eCombatant *x = *(TkrPf2eCombatant **) a, *y = *(TkrPf2eCombatant **) b;

  return CMP (x->tie_rank, y->tie_rank);
}

/* Seed 002: tied PCs decide among themselves who goes first; the GM does
 * the same for tied creatures of theirs. An adversary always stays ahead
 * of a tied PC, so a PC can never be put before one. */
static gboolean
same_side (TkrPf2eCombatant *a, TkrPf2eCombatant *b)
{
  return tkr_character_is_pc (CHARACTER (a)) == tkr_character_is_pc (CHARACTER (b));
}

static gboolean
check_put_before (TkrPf2eEncounter *self,
                  TkrPf2eCombatant *first,
                  TkrPf2eCombatant *other,
                  GError **error)
{
  if (!require_setup (self, first, error) || !require_combatant (self, other, error))
    return FALSE;
  if (first == other || !tkr_pf2e_combatant_is_tied_with (first, other))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s and %s are not tied on initiative"), NAME (first), NAME (other));
  if (!same_side (first, other))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("On a tie the adversary goes before the player character: %s and %s "
                          "cannot trade places"),
                       NAME (first), NAME (other));
  if (g_strcmp0 (first->group, other->group) != 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s and %s roll with different groups; a group keeps its turns together"),
                       NAME (first), NAME (other));
  return TRUE;
}

gboolean
tkr_pf2e_encounter_can_put_before (TkrPf2eEncounter *self,
                                   TkrPf2eCombatant *first,
                                   TkrPf2eCombatant *other)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);
  return check_put_before (self, first, other, NULL);
}

gboolean
tkr_pf2e_encounter_put_before (TkrPf2eEncounter *self,
                               TkrPf2eCombatant *first,
                               TkrPf2eCombatant *other,
                               GError **error)
{
  g_autoptr (GPtrArray) tied = g_ptr_array_new ();
  g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (int));
  guint position;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!check_put_before (self, first, other, error))
    return FALSE;

  /* The tied creatures of this side, in their present order; @first
   * moves right before @other and they take the same ranks back. */
  for (guint i = 0; i < N_ITEMS (COMBATANTS (self)); i++)
    {
      TkrPf2eCombatant *combatant = item_at (COMBATANTS (self), i);

      if (tkr_pf2e_combatant_is_tied_with (combatant, first) && same_side (combatant, first) &&
          g_strcmp0 (combatant->group, first->group) == 0)
        g_ptr_array_add (tied, combatant);
    }
  g_ptr_array_sort (tied, compare_tie_rank);
  for (guint i = 0; i < tied->len; i++)
    g_array_append_val (ranks, ((TkrPf2eCombatant *) tied->pdata[i])->tie_rank);
  g_ptr_array_remove (tied, first);
  g_ptr_array_find (tied, other, &position);
  g_ptr_array_insert (tied, position, first);

  tkr_history_begin (HISTORY (self), N_ ("Choose who goes first"));
  for (guint i = 0; i < tied->len; i++)
    set_int (self, tied->pdata[i], "tie-rank", g_array_index (ranks, int, i));
  /* Translators: two creatures tied on initiative */
  LOG (self, N_ ("%s goes before %s"), WHO (first), WHO (other));
  return END_STEP (self);
}

/* Turns (seed 002, "Turns") */

static int
condition_max (TkrPf2eEncounter *self, const char *name)
{
  const TkrConditionInfo *info = tkr_rules_lookup_condition (RULES (self), name);

  return info != NULL ? info->max_stacks : 1;
}

/* Sets condition @name of @combatant to @value stacks (0 removes it),
 * recorded; the list stays sorted by name. */
static void
set_condition_value (TkrPf2eEncounter *self,
                     TkrPf2eCombatant *combatant,
                     const char *name,
                     int value)
{
  const TkrConditionInfo *info = tkr_rules_lookup_condition (RULES (self), name);
  GListStore *store = tkr_combatant_get_condition_store (TKR_COMBATANT (combatant));
  TkrCondition *condition;
  guint position;

  g_return_if_fail (info != NULL);
  condition = tkr_pf2e_combatant_find_condition (combatant, info->name, &position);
  if (condition != NULL && value <= 0)
    tkr_history_remove (HISTORY (self), store, position);
  else if (condition != NULL)
    tkr_encounter_set (self, condition, "stack-turns", tkr_pf2e_stacks (value));
  else if (value > 0)
    {
      g_autoptr (TkrCondition) added = tkr_pf2e_condition_new (info, value);

      tkr_history_insert (HISTORY (self), store, position, added);
    }
}

/* The log line of condition @name dropping to @value. */
static void
log_lowered (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, const char *name, int value)
{
  const TkrConditionInfo *info = tkr_rules_lookup_condition (RULES (self), name);
  const char *shown = info != NULL ? info->name : name;

  if (value > 0)
    /* Translators: a creature, a condition, then its new value */
    LOG (self, N_ ("%s is now %s %d"), WHO (combatant), WORD (shown), NUM (value));
  else
    /* Translators: a creature, then a condition */
    LOG (self, N_ ("%s is no longer %s"), WHO (combatant), WORD (shown));
}

/* A dead creature has no actions and no reaction. */
static void
drain_resources (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  set_resource (self, combatant, "actions", 0);
  set_resource (self, combatant, "reaction", 0);
}

/* After the order is set, everyone's reaction is ready. */
static void
main_begun (TkrEncounter *encounter)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (encounter);

  for (guint i = 0; i < N_ITEMS (ORDER (self)); i++)
    set_resource (self, item_at (ORDER (self), i), "reaction", self->reactions_per_round);
  LOG (self, N_ ("The initiative order is set; Round 1 begins"));
}

/* Seed 002, "Step 1: Start Your Turn": the creature's actions and reaction
 * come back; durations it created count down and end at 0; a dying
 * creature owes a recovery check. */
static void
start_turn (TkrEncounter *encounter, GObject *slot)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (encounter);
  TkrPf2eCombatant *combatant = TKR_PF2E_COMBATANT (slot);
  int dying = tkr_pf2e_combatant_get_condition (combatant, "Dying");

  /* Translators: a round number, then a creature */
  LOG (self, N_ ("Round %d: %s’s turn"), NUM (tkr_encounter_get_round (encounter)),
       WHO (combatant));
  if (combatant->dead)
    drain_resources (self, combatant);
  else
    tkr_encounter_refill_resources (encounter, TKR_COMBATANT (combatant));

  /* The effects it created: their "source" is its character id. */
  tkr_effects_turn_edge (encounter, self->effects, TKR_EFFECT_EDGE_TURN_START,
                         TKR_COMBATANT (combatant));

  if (dying > 0 && !combatant->dead)
    {
      set_bool (self, combatant, "recovery-due", TRUE);
      /* Translators: a creature, its dying value, then a DC */
      LOG (self, N_ ("%s is dying %d: recovery check against DC %d"), WHO (combatant), NUM (dying),
           NUM (self->recovery_dc_base + dying));
    }
}

/* A dying creature's turn holds until its recovery check is made. */
static gboolean
check_end_turn (TkrEncounter *encounter, GObject *slot, GError **error)
{
  TkrPf2eCombatant *current = TKR_PF2E_COMBATANT (slot);

  if (!current->recovery_due)
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NEEDS_TEST,
                     _ ("%s is dying and must make a recovery check before the turn ends"),
                     NAME (current));
}

/* Actions (seed 002, "Turns"): single actions and two- and three-action
 * activities on one's own turn, free actions at no cost, a reaction once
 * per round. */

gboolean
tkr_pf2e_encounter_spend_actions (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, int cost, const char *what, GError **error)
{
  TkrMessage *name;
  int left;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_rounds (self, combatant, TRUE, error))
    return FALSE;
  if (cost < 0 || cost > self->max_activity_actions)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("An activity takes from 1 to %d actions, or 0 for a free action"),
                       self->max_activity_actions);
  if (what != NULL && *what == '\0')
    what = NULL;

  /* A free action spends nothing, on or off one's turn. */
  if (cost == 0)
    return record (
      self, WORD (N_ ("Use a free action")), combatant, NULL, 0,
      what != NULL
        /* Translators: a creature, then what it does */
        ? tkr_message_new (N_ ("%s uses %s (free action)"), WHO (combatant), TEXT (what), NULL)
        : tkr_message_new (N_ ("%s uses a free action"), WHO (combatant), NULL));

  if ((GObject *) combatant != tkr_encounter_get_current_slot (TKR_ENCOUNTER (self)))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
                       _ ("It is not %s’s turn: actions are spent on one’s own turn"),
                       NAME (combatant));
  left = tkr_pf2e_combatant_get_actions_left (combatant);
  if (left == 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_BEATS, _ ("%s has no action left this turn"),
                       NAME (combatant));
  if (left < cost)
    /* Translators: a creature, the actions needed, then the actions left */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_BEATS,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s needs %d actions and has %d left this turn",
                                    "%s needs %d actions and has %d left this turn", left),
                       NAME (combatant), cost, left);

  name = tkr_message_new_plural ("Spend an action", "Spend actions", cost, NULL);
  if (what != NULL)
    /* Translators: a creature, what it does, then the actions it costs */
    return record (self, name, combatant, "actions", -cost,
                   tkr_message_new_plural ("%s uses %s (%d action)", "%s uses %s (%d actions)",
                                           cost, WHO (combatant), TEXT (what), NUM (cost), NULL));
  return record (self, name, combatant, "actions", -cost,
                 tkr_message_new_plural ("%s spends %d action", "%s spends %d actions", cost,
                                         WHO (combatant), NUM (cost), NULL));
}

gboolean
tkr_pf2e_encounter_refund_actions (TkrPf2eEncounter *self,
                                   TkrPf2eCombatant *combatant,
                                   int count,
                                   GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_rounds (self, combatant, FALSE, error))
    return FALSE;
  if (count < 1 || count > self->actions_per_turn - tkr_pf2e_combatant_get_actions_left (combatant))
    /* Translators: a creature, then the actions a turn has */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s cannot get back that many actions: a turn has %d"), NAME (combatant),
                       self->actions_per_turn);

  return record (self, WORD (N_ ("Refund actions")), combatant, "actions", count,
                 tkr_message_new_plural ("%s gets %d action back", "%s gets %d actions back", count,
                                         WHO (combatant), NUM (count), NULL));
}

gboolean
tkr_pf2e_encounter_use_reaction (TkrPf2eEncounter *self,
                                 TkrPf2eCombatant *combatant,
                                 const char *what,
                                 GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_rounds (self, combatant, TRUE, error))
    return FALSE;
  if (tkr_pf2e_combatant_get_reactions_left (combatant) == 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_BEATS,
                       _ ("%s has used their reaction; it comes back at the start of their turn"),
                       NAME (combatant));

  return record (
    self, WORD (N_ ("Use a reaction")), combatant, "reaction", -1,
    what != NULL && *what != '\0'
      ? tkr_message_new (N_ ("%s uses %s (reaction)"), WHO (combatant), TEXT (what), NULL)
      : tkr_message_new (N_ ("%s uses a reaction"), WHO (combatant), NULL));
}

gboolean
tkr_pf2e_encounter_refund_reaction (TkrPf2eEncounter *self,
                                    TkrPf2eCombatant *combatant,
                                    GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_rounds (self, combatant, FALSE, error))
    return FALSE;
  if (tkr_pf2e_combatant_get_reactions_left (combatant) >= self->reactions_per_round)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s has not used a reaction this round"), NAME (combatant));

  return record (self, WORD (N_ ("Refund a reaction")), combatant, "reaction", 1,
                 tkr_message_new (N_ ("%s gets their reaction back"), WHO (combatant), NULL));
}

/* Effects with a duration in rounds (seed 002, "Step 1: Start Your Turn"):
 * the engine's timed effects (tkr-effects.h), anchored to their creator. */

TkrCondition *
tkr_pf2e_encounter_add_effect (
  TkrPf2eEncounter *self, TkrPf2eCombatant *creator, const char *name, int rounds, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);

  if (!tkr_effects_require_running (TKR_ENCOUNTER (self), error) ||
      !require_in_order (self, creator, error) || !check_name (name, _ ("An effect"), error))
    return NULL;
  return tkr_effects_add (TKR_ENCOUNTER (self), self->effects, TKR_COMBATANT (creator), name,
                          rounds, error);
}

gboolean
tkr_pf2e_encounter_remove_effect (TkrPf2eEncounter *self, TkrCondition *effect, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  return tkr_effects_remove (TKR_ENCOUNTER (self), self->effects, effect, error);
}

/* Conditions */

gboolean
tkr_pf2e_encounter_set_condition (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, const char *name, int value, GError **error)
{
  const TkrConditionInfo *info;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (tkr_encounter_get_phase (TKR_ENCOUNTER (self)) == TKR_PHASE_FREEPLAY)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                       _ ("Conditions are tracked once the encounter has begun"));
  if (!require_combatant (self, combatant, error))
    return FALSE;
  info = name != NULL ? tkr_rules_lookup_condition (RULES (self), name) : NULL;
  if (info == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("“%s” is not a condition of these rules"), name ? name : "");
  if (value < 0 || value > info->max_stacks)
    /* Translators: a condition, then its highest value */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s goes from 0 to %d"),
                       tkr_rules_translate (info->name), info->max_stacks);

  tkr_history_begin (HISTORY (self), N_ ("Set a condition"));
  set_condition_value (self, combatant, info->name, value);
  /* Dying at the rule data's death value is death (public rules); a
   * creature no longer dying owes no recovery check. */
  if (g_ascii_strcasecmp (info->name, "Dying") == 0 &&
      (value == 0 || value >= self->death_dying_value))
    {
      if (value > 0)
        set_bool (self, combatant, "dead", TRUE);
      set_bool (self, combatant, "recovery-due", FALSE);
    }
  if (value > 0)
    {
      if (info->max_stacks > 1)
        /* Translators: a creature, a condition, then its value */
        LOG (self, N_ ("%s is %s %d"), WHO (combatant), WORD (info->name), NUM (value));
      else
        LOG (self, N_ ("%s is %s"), WHO (combatant), WORD (info->name));
    }
  else
    log_lowered (self, combatant, info->name, 0);
  if (combatant->dead)
    LOG (self, N_ ("%s dies"), WHO (combatant));
  return END_STEP (self);
}

/* Recovery checks (seed 002, "Step 1: Start Your Turn"; public rules: a
 * flat check against 10 + the dying value) */

TkrPf2eDegree
tkr_pf2e_degree (int natural, int die_sides, int total, int dc, int critical_margin)
{
  int degree = total >= dc + critical_margin   ? TKR_PF2E_CRITICAL_SUCCESS
               : total >= dc                   ? TKR_PF2E_SUCCESS
               : total <= dc - critical_margin ? TKR_PF2E_CRITICAL_FAILURE
                                               : TKR_PF2E_FAILURE;

  /* The die's highest face is one degree better, a 1 one degree worse. */
  if (natural == die_sides)
    degree++;
  else if (natural == 1)
    degree--;
  return CLAMP (degree, TKR_PF2E_CRITICAL_FAILURE, TKR_PF2E_CRITICAL_SUCCESS);
}

const char *
tkr_pf2e_degree_to_string (TkrPf2eDegree degree)
{
  const char *msgid = degree_msgid (degree);

  return msgid != NULL ? _ (msgid) : NULL;
}

/* The same, untranslated, for a log line to keep. */
static const char *
degree_msgid (TkrPf2eDegree degree)
{
  static const char *const names[] = {
    [TKR_PF2E_CRITICAL_FAILURE] = N_ ("critical failure"),
    [TKR_PF2E_FAILURE] = N_ ("failure"),
    [TKR_PF2E_SUCCESS] = N_ ("success"),
    [TKR_PF2E_CRITICAL_SUCCESS] = N_ ("critical success"),
  };

  g_return_val_if_fail ((guint) degree < G_N_ELEMENTS (names), NULL);
  return names[degree];
}

/* Dying ends (public rules): Dying 0, one more Wounded, and awake when
 * healed or unconscious but stable after a recovery check. */
static void
stop_dying (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, gboolean awake)
{
  int wounded = tkr_pf2e_combatant_get_condition (combatant, "Wounded");

  set_condition_value (self, combatant, "Dying", 0);
  set_condition_value (self, combatant, "Unconscious", awake ? 0 : 1);
  if (self->wounded_when_dying_ends > 0)
    set_condition_value (
      self, combatant, "Wounded",
      MIN (wounded + self->wounded_when_dying_ends, condition_max (self, "Wounded")));
}

gboolean
tkr_pf2e_encounter_recovery_check (TkrPf2eEncounter *self,
                                   TkrPf2eCombatant *combatant,
                                   int die,
                                   GRand *rand,
                                   int *natural,
                                   TkrPf2eDegree *degree,
                                   GError **error)
{
  static const int dying_change[] = { 2, 1, -1, -2 };
  TkrPf2eDegree outcome;
  int dying, dc, after;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_rounds (self, combatant, FALSE, error))
    return FALSE;
  if (!combatant->recovery_due)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s has no recovery check to make now: it comes at the start of a dying "
                          "creature’s turn"),
                       NAME (combatant));
  if (die == 0 && rand == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("Type in the die or let the app roll it"));
  if (die < 0 || die > self->initiative_die)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A flat check is one d%d: from 1 to %d"), self->initiative_die,
                       self->initiative_die);
  if (die == 0)
    die = g_rand_int_range (rand, 1, self->initiative_die + 1);

  dying = tkr_pf2e_combatant_get_condition (combatant, "Dying");
  dc = tkr_pf2e_encounter_get_recovery_dc (self, combatant);
  outcome = tkr_pf2e_degree (die, self->initiative_die, die, dc, self->critical_margin);
  after = dying + dying_change[outcome];

  tkr_history_begin (HISTORY (self), N_ ("Recovery check"));
  set_bool (self, combatant, "recovery-due", FALSE);
  /* Translators: a creature, the die, the DC, then the outcome */
  LOG (self, N_ ("%s’s recovery check: %d against DC %d, %s"), WHO (combatant), NUM (die), NUM (dc),
       WORD (degree_msgid (outcome)));
  if (after >= self->death_dying_value)
    {
      set_condition_value (self, combatant, "Dying",
                           MIN (self->death_dying_value, condition_max (self, "Dying")));
      set_bool (self, combatant, "dead", TRUE);
      drain_resources (self, combatant);
      LOG (self, N_ ("%s dies"), WHO (combatant));
    }
  else if (after <= 0)
    {
      /* No longer dying: unconscious but stable (public rules). */
      stop_dying (self, combatant, FALSE);
      LOG (self, N_ ("%s is no longer dying: unconscious but stable"), WHO (combatant));
    }
  else
    {
      set_condition_value (self, combatant, "Dying", after);
      log_lowered (self, combatant, "Dying", after);
    }
  tkr_history_end (HISTORY (self));
  if (natural != NULL)
    *natural = die;
  if (degree != NULL)
    *degree = outcome;
  return TRUE;
}

/* Files: the engine writes the skeleton (rule system, phase, round, turn,
 * participants, log); this system adds its combatants, its order as the
 * characters' ids, and its effects. */

static JsonNode *
order_entry_to_json (TkrPf2eCombatant *combatant)
{
  return json_node_init_string (json_node_alloc (), ID_OF (combatant));
}

static void
write_json (TkrEncounter *encounter, JsonObject *object)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (encounter);

  json_object_set_member (
    object, "combatants",
    tkr_list_to_json (COMBATANTS (self), (TkrItemToJson) tkr_pf2e_combatant_to_json));
  json_object_set_member (object, "order",
                          tkr_list_to_json (ORDER (self), (TkrItemToJson) order_entry_to_json));
  json_object_set_member (
    object, "effects",
    tkr_list_to_json (G_LIST_MODEL (self->effects), (TkrItemToJson) tkr_effect_to_json));
}

static gboolean
read_order_entry (
  TkrPf2eEncounter *self, JsonNode *node, const char *path, TkrEncounterLoad *load, GError **error)
{
  TkrPf2eCombatant *combatant;
  const char *id;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return tkr_pf2e_json_refuse (error, path, NULL, _ ("expected a character’s id"));
  id = json_node_get_string (node);
  combatant = tkr_pf2e_find_combatant_by_id (load->combatants, id);
  if (combatant == NULL)
    return tkr_pf2e_json_refuse (error, path, NULL, _ ("no combatant has the id “%s”"), id);
  if (g_ptr_array_find (load->order, combatant, NULL))
    return tkr_pf2e_json_refuse (error, path, NULL, _ ("“%s” has two places in the order"),
                                 NAME (combatant));
  g_ptr_array_add (load->order, g_object_ref (combatant));
  return TRUE;
}

/* An effect as files have always stored it (tkr-effects.h); its creator
 * is in the order. */
static gboolean
read_effect (
  TkrPf2eEncounter *self, JsonNode *node, const char *path, TkrEncounterLoad *load, GError **error)
{
  TkrCondition *effect = tkr_effect_from_json (node, path, load->order, error);

  if (effect != NULL)
    g_ptr_array_add (load->data, effect);
  return effect != NULL;
}

static gboolean
read_json (TkrEncounter *encounter,
           JsonObject *object,
           const char *path,
           TkrEncounterLoad *load,
           GError **error)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (encounter);

  load->data = g_ptr_array_new_with_free_func (g_object_unref);
  load->data_free = (GDestroyNotify) g_ptr_array_unref;
  if (!tkr_json_read_list (object, path, "combatants", (TkrReadItem) tkr_pf2e_combatant_read_json,
                           self, load, error) ||
      !tkr_json_read_list (object, path, "order", (TkrReadItem) read_order_entry, self, load,
                           error))
    return FALSE;
  if (load->order->len != 0 && load->order->len != load->combatants->len)
    return tkr_pf2e_json_refuse (error, path, "order",
                                 _ ("the order must hold every combatant once (%u of %u)"),
                                 load->order->len, load->combatants->len);
  return tkr_json_read_list (object, path, "effects", (TkrReadItem) read_effect, self, load, error);
}

static void
commit_json (TkrEncounter *encounter, TkrEncounterLoad *load)
{
  GListStore *effects = TKR_PF2E_ENCOUNTER (encounter)->effects;
  GPtrArray *items = load->data;

  g_list_store_splice (effects, 0, N_ITEMS (effects), items->pdata, items->len);
}

/* Knocked out and healed (public rules, help/C/pf2e.page): at 0 HP a
 * creature gains Dying 1 plus its Wounded value and falls Unconscious; at
 * the death value it dies. Healed above 0 while dying, it loses Dying, its
 * Wounded value rises, and it wakes. */
static void
health_changed (TkrEncounter *encounter, TkrCombatant *combatant, int before, int after)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (encounter);
  TkrPf2eCombatant *creature = TKR_PF2E_COMBATANT (combatant);
  int dying = tkr_pf2e_combatant_get_condition (creature, "Dying");
  int wounded = tkr_pf2e_combatant_get_condition (creature, "Wounded");

  if (creature->dead)
    return;
  if (before > 0 && after == 0)
    {
      dying = MIN (1 + wounded, condition_max (self, "Dying"));
      set_condition_value (self, creature, "Dying", dying);
      set_condition_value (self, creature, "Unconscious", 1);
      if (dying >= self->death_dying_value)
        set_bool (self, creature, "dead", TRUE);
      LOG (self, N_ ("%s is %s %d"), WHO (creature), WORD (N_ ("Dying")), NUM (dying));
    }
  else if (before == 0 && after > 0 && dying > 0)
    {
      stop_dying (self, creature, TRUE);
      set_bool (self, creature, "recovery-due", FALSE);
      log_lowered (self, creature, "Dying", 0);
    }
}

static void
tkr_pf2e_encounter_class_init (TkrPf2eEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TkrEncounterClass *encounter_class = TKR_ENCOUNTER_CLASS (klass);

  object_class->constructed = tkr_pf2e_encounter_constructed;
  object_class->finalize = tkr_pf2e_encounter_finalize;

  encounter_class->phase_name = phase_name;
  encounter_class->health_changed = health_changed;
  encounter_class->check_transition = check_transition;
  encounter_class->new_combatant = new_combatant;
  encounter_class->setup_begun = setup_begun;
  encounter_class->build_order = build_order;
  encounter_class->main_begun = main_begun;
  encounter_class->start_turn = start_turn;
  encounter_class->check_end_turn = check_end_turn;
  encounter_class->cleared = cleared;
  encounter_class->write_json = write_json;
  encounter_class->read_json = read_json;
  encounter_class->commit_json = commit_json;
  encounter_class->roll_missing = pf2e_roll_missing;
}

/* What a view's buttons offer (seed 002, "Turns"): the same checks as the
 * commands, without a step. */

gboolean
tkr_pf2e_encounter_can_spend_actions (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  return TKR_IS_PF2E_COMBATANT (combatant) && require_rounds (self, combatant, TRUE, NULL) &&
         (GObject *) combatant == tkr_encounter_get_current_slot (TKR_ENCOUNTER (self));
}

gboolean
tkr_pf2e_encounter_can_use_reaction (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  return TKR_IS_PF2E_COMBATANT (combatant) && require_rounds (self, combatant, TRUE, NULL) &&
         tkr_pf2e_combatant_get_reactions_left (combatant) > 0;
}

gboolean
tkr_pf2e_encounter_can_refund_reaction (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  return TKR_IS_PF2E_COMBATANT (combatant) && require_rounds (self, combatant, FALSE, NULL) &&
         tkr_pf2e_combatant_get_reactions_left (combatant) < self->reactions_per_round;
}

/* The tentative order */

static gboolean
tied_with (TkrCombatant *a, TkrCombatant *b, gpointer self)
{
  return tkr_pf2e_combatant_is_tied_with (TKR_PF2E_COMBATANT (a), TKR_PF2E_COMBATANT (b));
}

static gboolean
can_put_before (TkrCombatant *a, TkrCombatant *b, gpointer self)
{
  return tkr_pf2e_encounter_can_put_before (self, TKR_PF2E_COMBATANT (a), TKR_PF2E_COMBATANT (b));
}

/* The places follow the order after every step, undo and redo (seed 002:
 * tied creatures of one side and group may trade places). Outside the
 * Initiative phase the list is empty. */
static void
update_tentative_order (TkrPf2eEncounter *self)
{
  g_autoptr (GPtrArray) order = NULL;

  if (tkr_encounter_get_phase (TKR_ENCOUNTER (self)) == TKR_PHASE_SETUP)
    order = build_order (TKR_ENCOUNTER (self));
  else
    order = g_ptr_array_new ();
  tkr_order_places_sync (self->tentative_order, order, tied_with, can_put_before, self);
}

/**
 * tkr_pf2e_encounter_get_tentative_order:
 *
 * The order Round 1 would begin with, as it stands during the Initiative
 * phase (tkr_pf2e_encounter_preview_order): one TkrOrderPlace per
 * creature with a result, kept up to date after every step, undo and redo
 * of the encounter's history; empty in the other phases.
 */
GListModel *
tkr_pf2e_encounter_get_tentative_order (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return tkr_history_list (G_OBJECT (self), &self->tentative_order, TKR_TYPE_ORDER_PLACE,
                           G_CALLBACK (update_tentative_order));
}
