/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-encounter.h"
#include "tkr-formula.h"

G_BEGIN_DECLS

/*
 * Health in every rule system (docs/ARCHITECTURE.md, "Health"): a
 * combatant's health is its sheet's Health pool; rule data says which
 * pools take damage before it (the Kleptonomicon's Shield) and what a
 * combatant at 0 Health is (down, or Pathfinder 2e's dying, which the
 * system adds through the health_changed vfunc). Temporary health belongs
 * to the encounter: it is lost first, does not stack (the larger amount
 * stays) and files keep it with the encounter.
 *
 * A GM types a change the way web trackers taught them:
 *   "-7" or "7"  7 damage        "+3"  3 healing (up to the maximum)
 *   "=12"        Health is 12    "t5"  5 temporary health
 */

typedef enum
{
  TKR_HEALTH_DAMAGE,
  TKR_HEALTH_HEAL,
  TKR_HEALTH_SET,
  TKR_HEALTH_TEMPORARY,
} TkrHealthChangeKind;

typedef struct
{
  TkrHealthChangeKind kind;
  int amount;
  /* Typed as dice ("-2d6+3", src/core/engine/tkr-formula.h): rolled when
   * the change is made, and the log shows the dice. */
  gboolean by_dice;
  TkrFormula formula;
  const char *rolled; /* (nullable) what was rolled, for the log */
} TkrHealthChange;

#define TKR_HEALTH_MAX_CHANGE 9999

/* FALSE with TKR_ENCOUNTER_ERROR_INVALID and a message for people when
 * @text is not a change. */
gboolean tkr_health_change_parse (const char *text, TkrHealthChange *change, GError **error);

/* The combatant's Health pool, its maximum, its temporary health. */
int tkr_combatant_get_health (TkrCombatant *self);
int tkr_combatant_get_health_maximum (TkrCombatant *self);
int tkr_combatant_get_temporary_health (TkrCombatant *self);
/* At 0 Health. */
gboolean tkr_combatant_is_down (TkrCombatant *self);

/* Applies @change to @combatant as one undoable step, in the order the
 * rule data gives, and logs it ("Ann takes 7 damage: Health 12 → 5").
 * In any phase from Setup to End. */
gboolean tkr_encounter_change_health (TkrEncounter *self,
                                      TkrCombatant *combatant,
                                      const TkrHealthChange *change,
                                      GError **error);
/* The same from typed text. */
gboolean tkr_encounter_change_health_typed (TkrEncounter *self,
                                            TkrCombatant *combatant,
                                            const char *text,
                                            GError **error);
/* The typed change for several combatants at once, as one step: dice are
 * rolled once for all, and @resistances (nullable; one per combatant, 0
 * to TKR_HEALTH_MAX_CHANGE) are taken off each one's damage. */
gboolean tkr_encounter_change_health_of_many (TkrEncounter *self,
                                              TkrCombatant *const *combatants,
                                              const int *resistances,
                                              guint n_combatants,
                                              const char *text,
                                              GError **error);

/* For the engine's files: the combatants' temporary health. */
void tkr_health_write_json (TkrEncounter *self, JsonObject *object);
gboolean
tkr_health_read_json (JsonObject *object, const char *path, TkrEncounterLoad *load, GError **error);

G_END_DECLS
