/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_GM_PANEL (tkr_klep_gm_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepGmPanel, tkr_klep_gm_panel, TKR, KLEP_GM_PANEL, AdwBin)

/* The GM's tools beside the turn tracker, on two pages:
 * - Zones: the Zones in play (name, place, stacks out of the most it can
 *   have, what it does), with stacks up/down and removal, and a form to
 *   add one from the rule data's catalogue;
 * - Log: the encounter's log, newest at the bottom and kept in view, and
 *   an entry for the GM's own notes.
 * Every change goes through a TkrKlepEncounter command. Property "encounter". */

GtkWidget *tkr_klep_gm_panel_new (void);
TkrKlepEncounter *tkr_klep_gm_panel_get_encounter (TkrKlepGmPanel *self);
void tkr_klep_gm_panel_set_encounter (TkrKlepGmPanel *self, TkrKlepEncounter *encounter);

G_END_DECLS
