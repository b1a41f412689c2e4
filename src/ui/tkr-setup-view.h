/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_SETUP_VIEW (tkr_setup_view_get_type ())
G_DECLARE_FINAL_TYPE (TkrSetupView, tkr_setup_view, TKR, SETUP_VIEW, AdwBin)

/* The Setup assistant: the NPC groups (split, merge, reorder), the PCs'
 * Edge tests one at a time (typed in or rolled, Sneaky gives Advantage),
 * tie choices and a live preview of the turn order, then "Start
 * Encounter". Property "encounter"; it follows the encounter's "setup". */

GtkWidget *tkr_setup_view_new (void);
TkrEncounter *tkr_setup_view_get_encounter (TkrSetupView *self);
void tkr_setup_view_set_encounter (TkrSetupView *self, TkrEncounter *encounter);

G_END_DECLS
