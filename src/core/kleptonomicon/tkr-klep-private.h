/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-refusal.h"

#include "tkr-history.h"
#include "tkr-types.h"
#include "tkr-klep-combatant.h"
#include "tkr-klep-setup.h"

G_BEGIN_DECLS

/* For TkrKlepEncounter's commands */
#define ENC(self) TKR_ENCOUNTER (self)
#define HISTORY(self) tkr_encounter_get_history (TKR_ENCOUNTER (self))
#define RULES(self) tkr_encounter_get_rules (TKR_ENCOUNTER (self))

/* Between TkrKlepEncounter and TkrKlepCombatant: a range's name as this
 * Turn spells it (the sheet's, or the GM's grant), and the Movement
 * commands' changes, recorded in @history. */
char *tkr_klep_combatant_canonical_range (TkrKlepCombatant *self, const char *range);
void tkr_klep_combatant_record_spent (TkrKlepCombatant *self,
                                      TkrHistory *history,
                                      const char *range,
                                      int spent);
void tkr_klep_combatant_record_grant (
  TkrKlepCombatant *self, TkrHistory *history, const char *range, int units, gboolean waived);

/* The Setup's order (tkr_klep_setup_build_order()) with the combatant
 * @combatant_for gives (transfer full) for each character. */
typedef TkrKlepCombatant *(*TkrKlepCombatantFor) (TkrCharacter *character, gpointer user_data);
GPtrArray *tkr_klep_setup_build_order_with (TkrKlepSetup *self,
                                            TkrKlepCombatantFor combatant_for,
                                            gpointer user_data);

G_END_DECLS
