/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-d20-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_SETUP (tkr_d20_setup_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Setup, tkr_d20_setup, TKR, D20_SETUP, AdwBin)

/* The d20 Setup (help/C/d20.page, seed 003 "Initiative"): "Roll for
 * Everyone Missing" above a TkrD20SetupRow per combatant (its initiative,
 * Agility and surprise), the ties to roll again (TkrD20TieRow) and the
 * turn order as it stands (TkrD20OrderRow), all the core's lists; Start
 * Round 1 and Call Off are the shared "encounter." actions. The Encounter
 * page gives it the encounter only while the Setup shows. */

GtkWidget *tkr_d20_setup_new (void);
void tkr_d20_setup_set_encounter (TkrD20Setup *self, TkrD20Encounter *encounter);

G_END_DECLS
