/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_GM_PANEL (tkr_gm_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkrGmPanel, tkr_gm_panel, TKR, GM_PANEL, AdwBin)

/* The GM's tools beside the turn tracker, on two pages:
 * - Zones: the Zones in play (name, place, stacks out of the most it can
 *   have, what it does), with stacks up/down and removal, and a form to
 *   add one from the rule data's catalogue;
 * - Log: the encounter's log, newest at the bottom and kept in view, and
 *   an entry for the GM's own notes.
 * Every change goes through a TkrEncounter command. Property "encounter". */

GtkWidget *tkr_gm_panel_new (void);
TkrEncounter *tkr_gm_panel_get_encounter (TkrGmPanel *self);
void tkr_gm_panel_set_encounter (TkrGmPanel *self, TkrEncounter *encounter);

G_END_DECLS
