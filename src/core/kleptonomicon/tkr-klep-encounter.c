/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-klep-encounter.h"
#include "tkr-klep-private.h"
#include "tkr-system.h"
#include "tkr-command.h"
#include "tkr-enums.h"
#include "tkr-fields.h"
#include "tkr-json.h"

/*
 * The Kleptonomicon on the shared encounter engine (docs/ARCHITECTURE.md,
 * "The encounter engine"): the engine owns the phases, rounds, turns,
 * participants, log, award and file skeleton; this class adds the Setup's
 * Edge Save tests (TkrKlepSetup), turn slots that are a PC or an NPC group
 * (TkrKlepTurnEntry), and the Main phase's commands: Beats, Free Actions,
 * Abilities, Movement and Dash, conditions and zones (seed 000,
 * "Encounter").
 *
 * Every command validates first and then records all its changes as one
 * TkrHistory step, so a refused command changes nothing and an accepted one
 * is undone in one go.
 */

/* Bounds for values read from files and typed in. */
#define MAX_ALLOWED_FREE_ACTIONS 20
#define MAX_IMPROVISED_UNITS 10000
/* The Test a second Dash needs is Athletics (seed, "The Dash Ability"). */
#define DASH_TEST_SKILL "Athletics"

struct _TkrKlepEncounter
{
  TkrEncounter parent_instance;

  char *name;
  int turn_serial;
  TkrKlepSetup *setup;
  GListStore *zones; /* TkrZone */
  /* While tkr_klep_encounter_resume_by_beat () runs: who pays the Beat. */
  TkrKlepCombatant *resuming_by_beat;
  GPtrArray *basic_abilities; /* TkrAbility, read on first use */
};

G_DEFINE_FINAL_TYPE (TkrKlepEncounter, tkr_klep_encounter, TKR_TYPE_ENCOUNTER)

static const TkrField fields[] = {
  TKR_FIELD_STRING (TkrKlepEncounter, name, "name", NULL),
  TKR_FIELD_INT (TkrKlepEncounter, turn_serial, "turn-serial", NULL, 0, G_MAXINT, 0),
  TKR_FIELD_OBJECT (TkrKlepEncounter, setup, "setup", tkr_klep_setup_get_type),
  TKR_FIELD_OBJECT (TkrKlepEncounter, zones, "zones", g_list_model_get_type),
};

/* A turn slot's TkrKlepCombatants */
#define MEMBERS(slot) tkr_klep_turn_entry_get_members (TKR_KLEP_TURN_ENTRY (slot))

static void
tkr_klep_encounter_dispose (GObject *object)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (object);

  tkr_fields_clear (object, TKR_TYPE_KLEP_ENCOUNTER);
  g_clear_pointer (&self->basic_abilities, g_ptr_array_unref);
  G_OBJECT_CLASS (tkr_klep_encounter_parent_class)->dispose (object);
}

/**
 * tkr_klep_encounter_new:
 * @history: (nullable): where commands are recorded; the encounter does
 *   not keep it alive, its owner does
 */
TkrKlepEncounter *
tkr_klep_encounter_new (TkrRules *rules, TkrHistory *history)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);
  return g_object_new (TKR_TYPE_KLEP_ENCOUNTER, "rules", rules, "history", history, NULL);
}

/* Getters */

#define GETTER(...) TKR_DEFINE_GETTER (TkrKlepEncounter, TKR_IS_KLEP_ENCOUNTER, __VA_ARGS__)

GETTER (const char *, tkr_klep_encounter_get_name, self->name, NULL)
GETTER (int, tkr_klep_encounter_get_turn_serial, self->turn_serial, 0)
GETTER (TkrKlepSetup *, tkr_klep_encounter_get_setup, self->setup, NULL)
GETTER (GListModel *, tkr_klep_encounter_get_zones, G_LIST_MODEL (self->zones), NULL)

/* (transfer none) (nullable): the entry whose Turn it is (or was, at the
 * End) */
TkrKlepTurnEntry *
tkr_klep_encounter_get_current_entry (TkrKlepEncounter *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  /* No one's Turn (-1) is past the end of the order. */
  return item_at (tkr_encounter_get_order (ENC (self)),
                  (guint) tkr_encounter_get_current_index (ENC (self)));
}

/* (transfer none) (nullable): @character's combatant */
TkrKlepCombatant *
tkr_klep_encounter_find_combatant (TkrKlepEncounter *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  return (TkrKlepCombatant *) tkr_encounter_find_combatant (ENC (self), character);
}

/* Whether it is @combatant's entry's Turn (also while Paused, which holds
 * the Turn where it stopped). */
gboolean
tkr_klep_encounter_is_on_turn (TkrKlepEncounter *self, TkrKlepCombatant *combatant)
{
  GObject *slot;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  slot = tkr_encounter_get_current_slot (ENC (self));
  return slot != NULL && tkr_klep_turn_entry_has_member (TKR_KLEP_TURN_ENTRY (slot), combatant);
}

/* Checks and changes shared by the commands */

#define require_combatant(self, combatant, error)                                                  \
  tkr_encounter_require_combatant (ENC (self), (TkrCombatant *) (combatant), (error))

static gboolean
require_on_turn (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GError **error)
{
  return tkr_klep_encounter_is_on_turn (self, combatant) ||
         tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_ON_TURN, _ ("It is not %s’s Turn"),
                     NAME (combatant));
}

/* Main, @combatant in the encounter and on its own Turn. */
static gboolean
require_own_turn (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GError **error)
{
  return tkr_encounter_require_phase (ENC (self), TKR_PHASE_MAIN, error) &&
         require_combatant (self, combatant, error) && require_on_turn (self, combatant, error);
}

/* Main or Paused, @combatant in the encounter. */
static gboolean
require_running (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GError **error)
{
  return tkr_encounter_require_running (ENC (self), error) &&
         require_combatant (self, combatant, error);
}

/* Records @property ("current" or "maximum") of @combatant's resource @id
 * (a combatant has them all, see tkr_klep_combatant_new()). */
static void
set_resource (TkrKlepEncounter *self,
              TkrKlepCombatant *combatant,
              const char *id,
              const char *property,
              int value)
{
  tkr_encounter_set (self, tkr_combatant_find_resource (TKR_COMBATANT (combatant), id), property,
                     value);
}

/* Resource @id holds @maximum, all of it left. */
static void
refill_resource (TkrKlepEncounter *self, TkrKlepCombatant *combatant, const char *id, int maximum)
{
  set_resource (self, combatant, id, "maximum", maximum);
  set_resource (self, combatant, id, "current", maximum);
}

#define change(self, combatant, id, delta)                                                         \
  tkr_encounter_change_resource (ENC (self), TKR_COMBATANT (combatant), (id), (delta), NULL)

/* The engine's hooks */

/* Setup -> Main needs every PC placed (seed, "Turn Order"). */
static gboolean
check_transition (TkrEncounter *encounter, TkrPhase to, GError **error)
{
  TkrKlepSetup *setup = TKR_KLEP_ENCOUNTER (encounter)->setup;

  if (to != TKR_PHASE_MAIN || tkr_encounter_get_phase (encounter) != TKR_PHASE_SETUP ||
      (setup != NULL && tkr_klep_setup_is_complete (setup)))
    return TRUE;
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                     _ ("Some PCs still have Edge Save tests to make"));
}

/* A combatant with the Round's Beats and the Turn's Free Actions. */
static TkrCombatant *
new_combatant (TkrEncounter *encounter, TkrCharacter *character)
{
  TkrRules *rules = tkr_encounter_get_rules (encounter);

  return TKR_COMBATANT (tkr_klep_combatant_new (character, tkr_rules_get_beats_per_round (rules),
                                                tkr_rules_get_free_actions_per_turn (rules)));
}

/* Freeplay -> Setup: a fresh Setup with every participant in it. */
static void
setup_begun (TkrEncounter *encounter)
{
  GListModel *participants = tkr_encounter_get_participants (encounter);
  g_autoptr (TkrKlepSetup) setup = tkr_klep_setup_new (tkr_encounter_get_rules (encounter));

  /* A fresh Setup: nothing to record until it joins the encounter. */
  for (guint i = 0; i < g_list_model_get_n_items (participants); i++)
    tkr_klep_setup_add_character (setup, NULL, item_at (participants, i));
  tkr_encounter_set (encounter, encounter, "setup", setup);
  tkr_encounter_log_event (encounter, NULL,
                           N_ ("The encounter begins: the turn order is being set up"), NULL);
}

/* Joining a Setup adds to its tests or groups; leaving takes away (a
 * participant is always in the Setup, so that cannot fail). */
static void
joined (TkrEncounter *encounter, TkrCharacter *character, TkrCombatant *combatant)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);

  if (self->setup != NULL)
    tkr_klep_setup_add_character (self->setup, HISTORY (self), character);
}

static void
leaving (TkrEncounter *encounter, TkrCharacter *character, TkrCombatant *combatant)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);

  if (self->setup != NULL)
    tkr_klep_setup_remove_character (self->setup, HISTORY (self), character, NULL);
}

static TkrKlepCombatant *
own_combatant (TkrCharacter *character, gpointer self)
{
  return g_object_ref (tkr_klep_encounter_find_combatant (self, character));
}

/* Setup -> Main: the Setup's order, with the encounter's combatants. */
static GPtrArray *
build_order (TkrEncounter *encounter)
{
  return tkr_klep_setup_build_order_with (TKR_KLEP_ENCOUNTER (encounter)->setup, own_combatant,
                                          encounter);
}

static void
main_begun (TkrEncounter *encounter)
{
  tkr_encounter_set (encounter, encounter, "setup", NULL);
  tkr_encounter_log_event (encounter, NULL, N_ ("The turn order is set; Round 1 begins"), NULL);
}

/* Start of a Turn (seed, "Turn" and "Movement"): every member of the entry
 * gains Movement equal to its largest range, gets its Free Actions back,
 * and a Slow Action started on its last Turn takes effect now. */
static void
start_turn (TkrEncounter *encounter, GObject *slot)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);
  int free_actions = tkr_rules_get_free_actions_per_turn (RULES (self));

  tkr_encounter_set (self, self, "turn-serial", self->turn_serial + 1);
  tkr_encounter_set (self, slot, "current", TRUE);
  tkr_encounter_log_event (encounter, NULL, N_ ("Round %d: %s’s Turn"),
                           NUM (tkr_encounter_get_round (encounter)),
                           TEXT (tkr_klep_turn_entry_get_name (TKR_KLEP_TURN_ENTRY (slot))), NULL);

  /* A group's size, asked once: asking a list store its size costs a walk
   * of its tree, which grows with the group. */
  for (guint i = 0, n = g_list_model_get_n_items (MEMBERS (slot)); i < n; i++)
    {
      TkrKlepCombatant *combatant = item_at (MEMBERS (slot), i);
      const char *slow_action = tkr_klep_combatant_get_pending_slow_action (combatant);

      refill_resource (self, combatant, "movement",
                       tkr_character_get_largest_range (CHARACTER (combatant)));
      tkr_encounter_set (self, combatant, "range-spent", NULL);
      tkr_encounter_set (self, combatant, "improvised", NULL);
      refill_resource (self, combatant, "free-actions", free_actions);
      if (slow_action != NULL)
        {
          /* Translators: a character, then an Ability's name */
          tkr_encounter_log_event (encounter, NULL, N_ ("%s’s Slow Action %s takes effect"),
                                   WHO (combatant), TEXT (slow_action), NULL);
          tkr_encounter_set (self, combatant, "pending-slow-action", NULL);
        }
    }
}

/* End of a Turn (seed, "Beats"): Beats (and the Dash count with them)
 * reset, less any Beat owed; Fleeting stacks go by "timings" (tkr-timings.h). */
static void
end_turn (TkrEncounter *encounter, GObject *slot)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);
  int beats = tkr_rules_get_beats_per_round (RULES (self));

  for (guint i = 0, n = g_list_model_get_n_items (MEMBERS (slot)); i < n; i++)
    {
      TkrKlepCombatant *combatant = item_at (MEMBERS (slot), i);

      set_resource (self, combatant, "beats", "current",
                    MAX (beats - tkr_klep_combatant_get_beats_owed (combatant), 0));
      tkr_encounter_set (self, combatant, "beats-owed", 0);
      tkr_encounter_set (self, combatant, "dashes", 0);
    }
  tkr_encounter_set (self, slot, "current", FALSE);
}

/* See tkr_klep_encounter_resume_by_beat (); the engine logs that the
 * encounter resumes. */
static void
resumed (TkrEncounter *encounter)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);
  TkrKlepCombatant *by_beat = self->resuming_by_beat;

  if (by_beat == NULL)
    return;
  if (!tkr_klep_encounter_is_on_turn (self, by_beat) &&
      tkr_klep_combatant_get_beats_left (by_beat) > 0)
    change (self, by_beat, "beats", -1);
  else
    tkr_encounter_set (self, by_beat, "beats-owed",
                       tkr_klep_combatant_get_beats_owed (by_beat) + 1);
  tkr_encounter_log_event (
    encounter, NULL,
    N_ ("%s ends the pause by spending a Beat, which is missing on their next "
        "Turn"),
    WHO (by_beat), NULL);
}

/* End -> Freeplay or an abandoned Setup. The turn serial is kept: condition
 * stacks gained in this encounter carry its stamps, and the next encounter
 * must not reuse them. */
static void
cleared (TkrEncounter *encounter)
{
  tkr_encounter_set (encounter, encounter, "setup", NULL);
}

/**
 * tkr_klep_encounter_resume_by_beat:
 * @by_beat: the combatant who ends the pause by spending a Beat
 *
 * Paused -> Main (tkr_encounter_resume ()), paid with a Beat that is
 * missing on the spender's next Turn (seed, "Paused"). Beats reset only at
 * the end of one's own Turn, so:
 *
 * - off its Turn, with a Beat left: the Beat is spent now; no reset comes
 *   before its next Turn, so that Turn has one Beat fewer;
 * - on its own Turn, spending now would take the Beat from this Turn, and
 *   with no Beat left there is nothing to spend: the Beat is owed instead
 *   and taken off at the next reset ("beats-owed").
 */
gboolean
tkr_klep_encounter_resume_by_beat (TkrKlepEncounter *self,
                                   TkrKlepCombatant *by_beat,
                                   GError **error)
{
  gboolean resumed_ok;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (tkr_encounter_get_phase (ENC (self)) == TKR_PHASE_PAUSED &&
      !require_combatant (self, by_beat, error))
    return FALSE;
  self->resuming_by_beat = by_beat;
  resumed_ok = tkr_encounter_resume (ENC (self), error);
  self->resuming_by_beat = NULL;
  return resumed_ok;
}

/* Beats (seed, "Beats") */

static gboolean
check_beats (TkrKlepCombatant *combatant, int needed, GError **error)
{
  int left = tkr_klep_combatant_get_beats_left (combatant);

  if (left >= needed)
    return TRUE;
  if (left == 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_BEATS, _ ("%s has no Beat left this Round"),
                       NAME (combatant));
  /* Translators: a character, the Beats needed, then the Beats left */
  return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_BEATS,
                     _ ("%s needs %d Beats and has %d left this Round"), NAME (combatant), needed,
                     left);
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

  if (!tkr_encounter_require_phase (ENC (self), TKR_PHASE_MAIN, error) ||
      !require_combatant (self, combatant, error) ||
      (!reaction && !require_on_turn (self, combatant, error)) ||
      !check_beats (combatant, 1, error))
    return FALSE;

  return record (self, WORD (N_ ("Spend a Beat")), combatant, "beats", -1,
                 tkr_message_new (reaction && !tkr_klep_encounter_is_on_turn (self, combatant)
                                    ? N_ ("%s spends a Beat on a Reaction")
                                    : N_ ("%s spends a Beat"),
                                  WHO (combatant), NULL));
}

gboolean
tkr_klep_encounter_refund_beat (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_running (self, combatant, error))
    return FALSE;
  if (tkr_klep_combatant_get_beats_left (combatant) >= tkr_rules_get_beats_per_round (RULES (self)))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s already has every Beat of the Round"), NAME (combatant));

  return record (self, WORD (N_ ("Give a Beat back")), combatant, "beats", 1,
                 tkr_message_new (N_ ("%s gets a Beat back"), WHO (combatant), NULL));
}

/* Free Actions (seed, "Free Actions"): on one's own Turn, without a Beat,
 * as many as allowed for the Turn. */
static gboolean
check_free_action (TkrKlepCombatant *combatant, GError **error)
{
  return tkr_klep_combatant_get_free_actions_used (combatant) <
           tkr_klep_combatant_get_free_actions_allowed (combatant) ||
         tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS,
                     _ ("%s has used every Free Action of this Turn; the GM may allow more"),
                     NAME (combatant));
}

gboolean
tkr_klep_encounter_use_free_action (TkrKlepEncounter *self,
                                    TkrKlepCombatant *combatant,
                                    GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_own_turn (self, combatant, error) || !check_free_action (combatant, error))
    return FALSE;

  return record (self, WORD (N_ ("Use a Free Action")), combatant, "free-actions", -1,
                 tkr_message_new (N_ ("%s uses a Free Action"), WHO (combatant), NULL));
}

/* The GM may allow more Free Actions than the rule data's number when they
 * all fit in the same few seconds (seed, "Free Actions"), never fewer.
 * Free Actions are a resource whose maximum is the number allowed this
 * Turn; raising it keeps those already used. */
gboolean
tkr_klep_encounter_set_free_actions_allowed (TkrKlepEncounter *self,
                                             TkrKlepCombatant *combatant,
                                             int allowed,
                                             GError **error)
{
  int minimum, used;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_running (self, combatant, error))
    return FALSE;
  minimum = tkr_rules_get_free_actions_per_turn (RULES (self));
  if (allowed < minimum || allowed > MAX_ALLOWED_FREE_ACTIONS)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("Free Actions per Turn can be raised from %d up to %d"), minimum,
                       MAX_ALLOWED_FREE_ACTIONS);

  tkr_history_begin (HISTORY (self), N_ ("Allow Free Actions"));
  used = tkr_klep_combatant_get_free_actions_used (combatant);
  set_resource (self, combatant, "free-actions", "maximum", allowed);
  set_resource (self, combatant, "free-actions", "current", allowed - used);
  tkr_encounter_log_plural (ENC (self), NULL, "The GM allows %s %d Free Action this Turn",
                            "The GM allows %s %d Free Actions this Turn", allowed, WHO (combatant),
                            NUM (allowed), NULL);
  tkr_history_end (HISTORY (self));
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

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_ABILITY (ability), FALSE);

  if (!require_running (self, combatant, error))
    return FALSE;
  time = tkr_ability_get_time (ability);
  name = tkr_ability_get_name (ability);
  if (tkr_encounter_get_phase (ENC (self)) == TKR_PHASE_PAUSED)
    {
      gboolean slow = tkr_ability_time_is_slow (time);

      if (slow && !gm_approved)
        return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL,
                           _ ("%s takes longer than an Action: while the encounter is paused, "
                              "it needs the GM’s approval"),
                           name);
      return record (self, WORD (N_ ("Use an Ability")), combatant, NULL, 0,
                     tkr_message_new (slow ? N_ ("%s uses %s during the pause, with the GM’s "
                                                 "approval")
                                           : N_ ("%s uses %s during the pause"),
                                      WHO (combatant), TEXT (name), NULL));
    }

  switch (time)
    {
    case TKR_ABILITY_TIME_MONTAGE:
    case TKR_ABILITY_TIME_EPISODIC:
      if (!gm_approved)
        return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL,
                           _ ("%s takes far longer than a Turn and needs the GM’s approval"), name);
      G_GNUC_FALLTHROUGH;
    case TKR_ABILITY_TIME_ACTION:
    case TKR_ABILITY_TIME_SLOW_ACTION:
      if (!require_on_turn (self, combatant, error))
        return FALSE;
      G_GNUC_FALLTHROUGH;
    case TKR_ABILITY_TIME_REACTION:
      beats = tkr_ability_get_beats (ability);
      break;
    case TKR_ABILITY_TIME_FREE_ACTION:
      if (!require_on_turn (self, combatant, error) || !check_free_action (combatant, error))
        return FALSE;
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
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s already has a Slow Action under way (%s)"), NAME (combatant),
                       tkr_klep_combatant_get_pending_slow_action (combatant));

  tkr_history_begin (HISTORY (self), N_ ("Use an Ability"));
  if (beats > 0)
    change (self, combatant, "beats", -beats);
  if (time == TKR_ABILITY_TIME_FREE_ACTION)
    change (self, combatant, "free-actions", -1);
  if (time == TKR_ABILITY_TIME_SLOW_ACTION)
    {
      tkr_encounter_set (self, combatant, "pending-slow-action", name);
      tkr_encounter_log_event (ENC (self), NULL,
                               N_ ("%s begins the Slow Action %s; it takes effect next Turn"),
                               WHO (combatant), TEXT (name), NULL);
    }
  else
    /* Translators: a character, an Ability, then its Time ("Reaction") */
    tkr_encounter_log_event (ENC (self), NULL, N_ ("%s uses %s (%s)"), WHO (combatant), TEXT (name),
                             WORD (tkr_ability_time_to_msgid (time)), NULL);
  tkr_history_end (HISTORY (self));
  return TRUE;
}

/* Movement (seed, "Movement") */

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
  gboolean improvised, waived;
  int cap, spent, left;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (range != NULL, FALSE);

  if (!require_own_turn (self, combatant, error))
    return FALSE;
  if (movement <= 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("Move by at least one unit"));

  name = tkr_klep_combatant_canonical_range (combatant, range);
  improvised = tkr_klep_combatant_is_improvised (combatant, name, &waived);
  cap = tkr_klep_combatant_get_range_cap (combatant, name);
  spent = tkr_klep_combatant_get_range_spent (combatant, name);
  left = tkr_klep_combatant_get_movement_left (combatant);

  /* Seed, "Improvised Movement": an unlisted range is 0, and only the GM
   * can grant a temporary one. */
  if (cap == 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                       _ ("%s has no %s range; the GM can grant Improvised Movement for it"),
                       NAME (combatant), name);
  if (left == 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                       _ ("%s has no Movement left this Turn"), NAME (combatant));
  if (spent + movement > cap)
    /* Translators: a character, Movement, then a range ("Jump") */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED,
                       _ ("%s can spend only %d more Movement on %s this Turn"), NAME (combatant),
                       cap - spent, name);
  if (movement > left)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                       _ ("%s has only %d Movement left this Turn"), NAME (combatant), left);

  tkr_history_begin (HISTORY (self), N_ ("Move"));
  tkr_klep_combatant_record_spent (combatant, HISTORY (self), name, spent + movement);
  change (self, combatant, "movement", -movement);
  if (improvised && !waived)
    {
      int cost = MAX (tkr_rules_get_improvised_cost (RULES (self)), 1);
      g_autofree char *distance = g_strdup_printf ("%g", (double) movement / cost);

      /* Translators: a character, Movement spent, a range ("Climb"), then units travelled */
      tkr_encounter_log_event (ENC (self), NULL,
                               N_ ("%s spends %d Movement on improvised %s and covers %s units"),
                               WHO (combatant), NUM (movement), WORD (name), TEXT (distance), NULL);
    }
  else
    /* Translators: a character, Movement spent, then a range ("Walk") */
    tkr_encounter_log_event (ENC (self), NULL,
                             improvised
                               ? N_ ("%s spends %d Movement on improvised %s, without penalty")
                               : N_ ("%s spends %d Movement on %s"),
                             WHO (combatant), NUM (movement), WORD (name), NULL);
  tkr_history_end (HISTORY (self));
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
  g_autofree char *name = NULL;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_own_turn (self, combatant, error))
    return FALSE;
  if (range == NULL || *range == '\0' || !g_utf8_validate (range, -1, NULL))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("Name the kind of movement, such as Climb or Swim"));
  if (units < 1 || units > MAX_IMPROVISED_UNITS)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("An improvised range needs between 1 and %d units"),
                       MAX_IMPROVISED_UNITS);
  if (tkr_character_get_range_units (CHARACTER (combatant), range) > 0)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s already has a %s range and needs no improvising"), NAME (combatant),
                       range);

  name = tkr_klep_combatant_canonical_range (combatant, range);
  tkr_history_begin (HISTORY (self), N_ ("Grant Improvised Movement"));
  tkr_klep_combatant_record_grant (combatant, HISTORY (self), name, units, waive_penalty);
  tkr_encounter_log_event (ENC (self), NULL,
                           waive_penalty
                             ? N_ ("The GM grants %s an improvised %s of %d, without penalty")
                             : N_ ("The GM grants %s an improvised %s of %d"),
                           WHO (combatant), WORD (name), NUM (units), NULL);
  tkr_history_end (HISTORY (self));
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
 * tkr_klep_encounter_roll_dash_test:
 *
 * Rolls the Athletics Test of a second Dash: d10 plus @combatant's
 * Athletics modifier (0 when the sheet has none).
 *
 * Returns: (transfer full): the roll, for tkr_klep_encounter_dash ()
 */
TkrTestRoll *
tkr_klep_encounter_roll_dash_test (TkrKlepEncounter *self, TkrKlepCombatant *combatant, GRand *rand)
{
  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  g_return_val_if_fail (TKR_IS_KLEP_COMBATANT (combatant), NULL);
  g_return_val_if_fail (rand != NULL, NULL);
  return tkr_dice_roll_test (RULES (self), rand,
                             tkr_character_get_modifier_value (
                               CHARACTER (combatant), TKR_MODIFIER_KIND_SKILL, DASH_TEST_SKILL),
                             0, 0);
}

/**
 * tkr_klep_encounter_get_basic_abilities:
 *
 * The basic Abilities every character has (Dash, Hide...), from the rule
 * data, read once.
 *
 * Returns: (transfer none) (element-type TkrAbility): the Abilities
 */
GPtrArray *
tkr_klep_encounter_get_basic_abilities (TkrKlepEncounter *self)
{
  JsonArray *array;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);

  if (self->basic_abilities != NULL)
    return self->basic_abilities;
  self->basic_abilities = g_ptr_array_new_with_free_func (g_object_unref);
  array = tkr_rules_get_basic_abilities (RULES (self));
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      TkrAbility *ability =
        tkr_ability_new_from_json (json_array_get_element (array, i), "basic_abilities", NULL);

      if (ability != NULL)
        g_ptr_array_add (self->basic_abilities, ability);
    }
  return self->basic_abilities;
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
  gboolean again, slowed;
  int largest;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), FALSE);

  if (!require_own_turn (self, combatant, error) || !check_beats (combatant, 1, error))
    return FALSE;
  again = tkr_klep_encounter_dash_needs_test (self, combatant);
  if (again && athletics == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NEEDS_TEST,
                       _ ("A second Dash in the same Round needs an Athletics Test"));

  slowed = again && athletics->range == TKR_SCORE_RANGE_LOW;
  largest = tkr_character_get_largest_range (CHARACTER (combatant));
  tkr_history_begin (HISTORY (self), N_ ("Dash"));
  /* The condition first: if it cannot be added, nothing else has changed. */
  if (slowed &&
      tkr_klep_encounter_add_condition (self, CHARACTER (combatant), "Slowed", 1, error) == NULL)
    {
      tkr_history_abort (HISTORY (self));
      return FALSE;
    }
  change (self, combatant, "beats", -1);
  tkr_encounter_set (self, combatant, "dashes", tkr_klep_combatant_get_dashes (combatant) + 1);
  set_resource (self, combatant, "movement", "maximum",
                tkr_klep_combatant_get_movement_gained (combatant) + largest);
  change (self, combatant, "movement", largest);
  if (!again)
    tkr_encounter_log_event (ENC (self), NULL, N_ ("%s Dashes: every range is doubled this Turn"),
                             WHO (combatant), NULL);
  else
    /* Translators: a character, then the Score of a Test */
    tkr_encounter_log_event (ENC (self), NULL,
                             slowed
                               ? N_ ("%s Dashes again with an Athletics Score of %d and is Slowed")
                               : N_ ("%s Dashes again with an Athletics Score of %d"),
                             WHO (combatant), NUM (athletics->score), NULL);
  tkr_history_end (HISTORY (self));
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
  const char *who;
  int turn;

  g_return_val_if_fail (TKR_IS_KLEP_ENCOUNTER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!TKR_IS_CHARACTER (character) || !tkr_encounter_has_participant (ENC (self), character))
    {
      tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                  _ ("That character does not take part in this encounter"));
      return NULL;
    }

  turn = tkr_encounter_require_running (ENC (self), NULL) ? self->turn_serial : TKR_TURN_NONE;
  tkr_history_begin (HISTORY (self), N_ ("Add a condition"));
  condition = tkr_character_add_condition (character, HISTORY (self), RULES (self), name, stacks,
                                           turn, error);
  if (condition == NULL)
    {
      tkr_history_abort (HISTORY (self));
      return NULL;
    }
  who = tkr_character_get_name (character);
  /* Translators: a character, a number of stacks, then a condition ("Slowed") */
  tkr_encounter_log_plural (ENC (self), NULL, "%s gains %d stack of %s", "%s gains %d stacks of %s",
                            stacks, tkr_message_person (who), NUM (stacks),
                            WORD (tkr_condition_get_name (condition)), NULL);
  tkr_history_end (HISTORY (self));
  return condition;
}

/* Files: the engine writes the skeleton (phase, round, turn, participants,
 * log); the Kleptonomicon's own members are its name, the turn serial, the
 * order with each member's state, the Setup and the zones. */

static void
write_json (TkrEncounter *encounter, JsonObject *object)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);

  json_object_set_string_member (object, "name", self->name ? self->name : "");
  json_object_set_int_member (object, "turn_serial", self->turn_serial);
  json_object_set_member (object, "order",
                          tkr_list_to_json (tkr_encounter_get_order (encounter),
                                            (TkrItemToJson) tkr_klep_turn_entry_to_json));
  if (self->setup != NULL)
    json_object_set_member (object, "setup", tkr_klep_setup_to_json (self->setup));
  json_object_set_member (
    object, "zones",
    tkr_list_to_json (G_LIST_MODEL (self->zones), (TkrItemToJson) tkr_zone_to_json));
}

/* What a file holds beyond the engine's skeleton, until it is committed. */
typedef struct
{
  char *name;
  int turn_serial;
  TkrKlepSetup *setup;
  GPtrArray *zones;
  GHashTable *placed; /* the characters the order has placed */
} KlepLoad;

static void
klep_load_free (KlepLoad *data)
{
  g_free (data->name);
  g_clear_object (&data->setup);
  g_ptr_array_unref (data->zones);
  g_hash_table_unref (data->placed);
  g_free (data);
}

/* While loading, characters are found among the participants just read:
 * the NPCs created from the file and the PCs the caller resolved. */
static TkrCharacter *
find_participant (const char *id, gpointer load)
{
  return tkr_encounter_load_find_character (load, id);
}

/* An entry of the order, its members placed once across the order. */
static gboolean
read_entry (gpointer self, JsonNode *node, const char *path, gpointer load, GError **error)
{
  TkrKlepTurnEntry *entry = tkr_klep_turn_entry_new_from_json (
    node, path, tkr_rules_get_beats_per_round (RULES (self)), find_participant, load,
    ((KlepLoad *) ((TkrEncounterLoad *) load)->data)->placed, error);

  if (entry != NULL)
    g_ptr_array_add (((TkrEncounterLoad *) load)->order, entry);
  return entry != NULL;
}

static gboolean
read_zone (gpointer self, JsonNode *node, const char *path, gpointer zones, GError **error)
{
  TkrZone *zone = tkr_zone_new_from_json (node, path, error);

  if (zone != NULL)
    g_ptr_array_add (zones, zone);
  return zone != NULL;
}

/* A Setup is there exactly in the Setup phase. */
static gboolean
read_setup (TkrKlepEncounter *self,
            JsonObject *object,
            const char *path,
            TkrEncounterLoad *load,
            GError **error)
{
  KlepLoad *data = load->data;
  g_autofree char *setup_path = tkr_json_path (path, "setup");
  JsonNode *node = json_object_get_member (object, "setup");

  if (node != NULL && JSON_NODE_HOLDS_NULL (node))
    node = NULL;
  if ((node != NULL) != (load->phase == TKR_PHASE_SETUP))
    {
      tkr_json_set_error (error, setup_path,
                          load->phase == TKR_PHASE_SETUP
                            ? _ ("an encounter in its Setup phase needs its Setup")
                            : _ ("only an encounter in its Setup phase has a Setup"));
      return FALSE;
    }
  if (node == NULL)
    return TRUE;
  data->setup = tkr_klep_setup_new (RULES (self));
  return tkr_klep_setup_load_json (data->setup, node, setup_path, find_participant, load, error);
}

/* The engine keeps one combatant per participant from Setup on: the
 * order's members, and fresh ones for those not in an order (Setup). */
static void
collect_combatants (TkrKlepEncounter *self, TkrEncounterLoad *load)
{
  g_autoptr (GHashTable) members = g_hash_table_new (NULL, NULL);

  if (load->phase == TKR_PHASE_FREEPLAY)
    return;
  for (guint i = 0; i < load->order->len; i++)
    for (guint j = 0; j < g_list_model_get_n_items (MEMBERS (load->order->pdata[i])); j++)
      {
        TkrKlepCombatant *combatant = item_at (MEMBERS (load->order->pdata[i]), j);

        g_hash_table_insert (members, CHARACTER (combatant), combatant);
      }
  for (guint i = 0; i < load->participants->len; i++)
    {
      TkrCharacter *character = load->participants->pdata[i];
      TkrKlepCombatant *combatant = g_hash_table_lookup (members, character);

      g_ptr_array_add (load->combatants, combatant != NULL
                                           ? g_object_ref (TKR_COMBATANT (combatant))
                                           : new_combatant (ENC (self), character));
    }
}

static gboolean
read_json (TkrEncounter *encounter,
           JsonObject *object,
           const char *path,
           TkrEncounterLoad *load,
           GError **error)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);
  KlepLoad *data = g_new0 (KlepLoad, 1);
  gint64 turn_serial;

  data->zones = g_ptr_array_new_with_free_func (g_object_unref);
  data->placed = g_hash_table_new (NULL, NULL);
  load->data = data;
  load->data_free = (GDestroyNotify) klep_load_free;

  if (!tkr_json_get_string (object, "name", path, FALSE, "", &data->name, error) ||
      !tkr_json_get_int (object, "turn_serial", path, FALSE, 0, G_MAXINT, 0, &turn_serial, error) ||
      !tkr_json_read_list (object, path, "order", read_entry, self, load, error) ||
      !tkr_json_read_list (object, path, "zones", read_zone, self, data->zones, error) ||
      !read_setup (self, object, path, load, error))
    return FALSE;
  data->turn_serial = turn_serial;
  collect_combatants (self, load);
  return TRUE;
}

static void
commit_json (TkrEncounter *encounter, TkrEncounterLoad *load)
{
  TkrKlepEncounter *self = TKR_KLEP_ENCOUNTER (encounter);
  KlepLoad *data = load->data;

  g_object_set (self, "name", data->name, "turn-serial", data->turn_serial, "setup", data->setup,
                NULL);
  g_list_store_splice (self->zones, 0, g_list_model_get_n_items (G_LIST_MODEL (self->zones)),
                       data->zones->pdata, data->zones->len);
  for (guint i = 0; i < load->order->len; i++)
    g_object_set (load->order->pdata[i], "current", (int) i == load->current_index, NULL);
}

/* Setup: every PC rolls its Edge Save Tests against the groups, one after
 * another, until it is placed (seed 000, "Turn Order"). */
static gboolean
klep_roll_missing (TkrEncounter *encounter, GRand *rand, GError **error)
{
  TkrKlepSetup *setup = TKR_KLEP_ENCOUNTER (encounter)->setup;
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;

  while (setup != NULL && tkr_klep_setup_get_next_test (setup, &pc, &group))
    {
      g_autoptr (TkrTestRoll) roll =
        tkr_klep_setup_roll (setup, HISTORY (encounter), pc, group, rand, error);

      if (roll == NULL)
        return FALSE;
    }
  return TRUE;
}

static void
tkr_klep_encounter_class_init (TkrKlepEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TkrEncounterClass *encounter_class = TKR_ENCOUNTER_CLASS (klass);

  object_class->dispose = tkr_klep_encounter_dispose;
  object_class->get_property = tkr_fields_get_property;
  object_class->set_property = tkr_fields_set_property;

  encounter_class->check_transition = check_transition;
  encounter_class->new_combatant = new_combatant;
  encounter_class->setup_begun = setup_begun;
  encounter_class->joined = joined;
  encounter_class->leaving = leaving;
  encounter_class->build_order = build_order;
  encounter_class->main_begun = main_begun;
  encounter_class->start_turn = start_turn;
  encounter_class->end_turn = end_turn;
  encounter_class->resumed = resumed;
  encounter_class->cleared = cleared;
  encounter_class->write_json = write_json;
  encounter_class->read_json = read_json;
  encounter_class->commit_json = commit_json;
  encounter_class->roll_missing = klep_roll_missing;

  tkr_fields_install (object_class, fields, G_N_ELEMENTS (fields));
}

static void
tkr_klep_encounter_init (TkrKlepEncounter *self)
{
  self->zones = g_list_store_new (TKR_TYPE_ZONE);
}
