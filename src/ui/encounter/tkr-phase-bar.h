/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"
#include "tkr-tracker.h"

G_BEGIN_DECLS

#define TKR_TYPE_PHASE_BAR (tkr_phase_bar_get_type ())
G_DECLARE_FINAL_TYPE (TkrPhaseBar, tkr_phase_bar, TKR, PHASE_BAR, AdwBin)

/* The five phases as linked toggle-looking buttons: the current one
 * checked, only the phases the encounter may move to next sensitive; a
 * click asks the encounter for that transition. Any rule system's
 * encounter: property "tracker" (TkrTracker). */

GtkWidget *tkr_phase_bar_new (void);
TkrTracker *tkr_phase_bar_get_tracker (TkrPhaseBar *self);
void tkr_phase_bar_set_tracker (TkrPhaseBar *self, TkrTracker *tracker);
/* The button of @phase (for tests and focus handling). */
GtkWidget *tkr_phase_bar_get_button (TkrPhaseBar *self, TkrPhase phase);

G_END_DECLS
