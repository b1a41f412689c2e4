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
 * click asks the encounter for that transition. Where the five do not fit
 * (a narrow window, a long language), one menu button names the current
 * phase and its menu holds the others, enabled as the buttons are
 * (actions "phase.freeplay" ... "phase.end"). Any rule system's
 * encounter: property "tracker" (TkrTracker). */

GtkWidget *tkr_phase_bar_new (void);
TkrTracker *tkr_phase_bar_get_tracker (TkrPhaseBar *self);
void tkr_phase_bar_set_tracker (TkrPhaseBar *self, TkrTracker *tracker);
/* The button of @phase (for tests and focus handling). */
GtkWidget *tkr_phase_bar_get_button (TkrPhaseBar *self, TkrPhase phase);
/* Whether the one menu button shows instead of the five, and that button. */
gboolean tkr_phase_bar_is_compact (TkrPhaseBar *self);
GtkWidget *tkr_phase_bar_get_compact_button (TkrPhaseBar *self);

G_END_DECLS
