/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-klep-combatant.h"

G_BEGIN_DECLS

/* Between TkrKlepEncounter and TkrKlepCombatant: a range's name as this
 * Turn spells it (the sheet's, or the GM's grant), and the values the
 * Movement commands record. */
char *tkr_klep_combatant_canonical_range (TkrKlepCombatant *self, const char *range);
GVariant *
tkr_klep_combatant_range_spent_with (TkrKlepCombatant *self, const char *range, int spent);
GVariant *tkr_klep_combatant_improvised_with (TkrKlepCombatant *self,
                                              const char *range,
                                              int units,
                                              gboolean waived);

G_END_DECLS
