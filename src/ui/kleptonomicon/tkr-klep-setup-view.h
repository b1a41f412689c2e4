/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_SETUP_VIEW (tkr_klep_setup_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepSetupView, tkr_klep_setup_view, TKR, KLEP_SETUP_VIEW, AdwBin)

/* The Setup assistant: the NPC groups (split, merge, reorder), the PCs'
 * Edge tests one at a time (typed in or rolled, Sneaky gives Advantage),
 * tie choices and a live preview of the turn order, then "Start
 * Encounter". Property "encounter"; it follows the encounter's "setup".
 * Its lists are bound to the Setup's models and follow them through undo:
 * a TkrKlepGroupRow per group, a TkrKlepTestRow per PC, and a
 * TkrKlepOrderRow per entry of the preview, of which only the rows that
 * show something new are replaced. */

GtkWidget *tkr_klep_setup_view_new (void);
TkrKlepEncounter *tkr_klep_setup_view_get_encounter (TkrKlepSetupView *self);
void tkr_klep_setup_view_set_encounter (TkrKlepSetupView *self, TkrKlepEncounter *encounter);

G_END_DECLS
