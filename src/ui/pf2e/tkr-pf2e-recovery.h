/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-pf2e-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_PF2E_RECOVERY (tkr_pf2e_recovery_get_type ())
G_DECLARE_FINAL_TYPE (TkrPf2eRecovery, tkr_pf2e_recovery, TKR, PF2E_RECOVERY, AdwBin)

/*
 * A dying creature's recovery check (seed 002, "Step 1: Start Your Turn";
 * help/C/pf2e.page, "Dying and recovery checks"): shown while the check is
 * due, with the die typed in or rolled, then its outcome until the turn
 * passes. Hidden otherwise. Refusals go to @feedback.
 */

void tkr_pf2e_recovery_set_combatant (TkrPf2eRecovery *self,
                                      TkrPf2eEncounter *encounter,
                                      TkrPf2eCombatant *combatant,
                                      GtkLabel *feedback);

G_END_DECLS
