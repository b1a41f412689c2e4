/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * Quick commands: the fight actions the table tracker's keys run on any
 * rule system's encounter (help/C/keyboard.page), each mapped here to the
 * system's own command, so the keys are the same whatever system is
 * played. A command a system does not have is refused with a sentence
 * saying so (TKR_ENCOUNTER_ERROR_INVALID); tkr_quick_supports() tells
 * beforehand, so a view can disable the action.
 *
 * Each command is the system's own: one history step, logged, with the
 * system's refusals (whose turn, what is left, the phase).
 */

typedef enum
{
  TKR_QUICK_SPEND,         /* the turn resource: a Beat, an action, 1 AP */
  TKR_QUICK_REACT,         /* a reaction */
  TKR_QUICK_ADD_CONDITION, /* a condition or effect from the rule data */
  TKR_QUICK_MOVE,          /* spend movement */
  TKR_QUICK_DASH,          /* Dash */
  TKR_QUICK_REST,          /* a rest */
  TKR_QUICK_DELAY,         /* Delay (tkr-delay.h) */
  TKR_QUICK_RETURN,        /* return from Delay */
} TkrQuickCommand;

/* Delay and return come from the rule data ("round.delay",
 * src/core/engine/tkr-delay.h: a d20 Wait is held in the d20 details,
 * not by these keys); the others from the system's own commands. */
gboolean tkr_quick_supports (TkrEncounter *self, TkrQuickCommand command);
/* FALSE with @error saying, in plain words, why @self's rule system has
 * no @command; TRUE when it has. */
gboolean tkr_quick_check_supported (TkrEncounter *self, TkrQuickCommand command, GError **error);
/* What a typed distance counts for tkr_encounter_move() in @self's
 * system ("Movement", "feet", "AP"), translated; NULL without moving. */
const char *tkr_quick_get_move_unit (TkrEncounter *self);

/* A Kleptonomicon Beat, a Pathfinder 2e or d20 action, one Action-Point AP
 * (an act). */
gboolean
tkr_encounter_spend_turn_resource (TkrEncounter *self, TkrCombatant *combatant, GError **error);
/* A Kleptonomicon Beat as a Reaction, the Pathfinder 2e or d20 reaction. */
gboolean tkr_encounter_react (TkrEncounter *self, TkrCombatant *combatant, GError **error);
/* The rule data's condition @name (a name or an id) on @combatant: one
 * more stack (Kleptonomicon), one more value (Pathfinder 2e), on (d20),
 * added (Action-Point, Temporary). */
gboolean tkr_encounter_add_condition (TkrEncounter *self,
                                      TkrCombatant *combatant,
                                      const char *name,
                                      GError **error);
/* Spends @distance of movement in the system's first range or kind
 * (Kleptonomicon Walk, d20 walk; Action-Point: AP spent moving). */
gboolean
tkr_encounter_move (TkrEncounter *self, TkrCombatant *combatant, int distance, GError **error);
gboolean tkr_encounter_dash (TkrEncounter *self, TkrCombatant *combatant, GError **error);
/* The Kleptonomicon Rest (the rule data's "rest"), the d20 short rest. */
gboolean tkr_encounter_rest (TkrEncounter *self, TkrCombatant *combatant, GError **error);
/* The same Rest for every PC who took part, as one step (all of them or,
 * when one is refused, none): what the End's Rest key runs. */
gboolean tkr_encounter_rest_party (TkrEncounter *self, GError **error);

G_END_DECLS
