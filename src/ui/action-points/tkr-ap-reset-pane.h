/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-ap-encounter.h"

G_BEGIN_DECLS

/*
 * The Reset Phase of an Action-Point encounter beside the table tracker
 * (help/C/action-points.page, "Run a Reset Phase"): while one is due, its
 * steps as the core previews them (tkr_ap_encounter_preview_reset) and the
 * rolls to type in (each Finesse Die, each Check Roll against a Persistent
 * condition; 0 leaves a roll to the core); after one ran here, what it did
 * for the Turn it opened. Follows the encounter's history.
 */
#define TKR_TYPE_AP_RESET_PANE (tkr_ap_reset_pane_get_type ())
G_DECLARE_FINAL_TYPE (TkrApResetPane, tkr_ap_reset_pane, TKR, AP_RESET_PANE, AdwBin)

GtkWidget *tkr_ap_reset_pane_new (void);
void tkr_ap_reset_pane_set_encounter (TkrApResetPane *self, TkrApEncounter *encounter);
/* Runs the due Reset with the rolls typed in. */
gboolean tkr_ap_reset_pane_run (TkrApResetPane *self, GError **error);
/* Ends the combat with its closing Reset, with the rolls typed in. */
gboolean tkr_ap_reset_pane_end (TkrApResetPane *self, GError **error);

G_END_DECLS
