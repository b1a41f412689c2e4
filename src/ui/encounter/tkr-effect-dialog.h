/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/*
 * Adding a timed effect (help/C/effects.page): its name, how long it lasts
 * (until removed, rounds, turns, until the end of the encounter; a number
 * or dice), at which edge and of whose turn it counts, and a save that
 * ends it (DC, when, whether a success only takes 1 off, damage before
 * each save). Add makes it one undo step; a refusal shows in the dialog,
 * which stays open.
 */
#define TKR_TYPE_EFFECT_DIALOG (tkr_effect_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkrEffectDialog, tkr_effect_dialog, TKR, EFFECT_DIALOG, AdwWindow)

/* (transfer none): the dialog, presented on @parent's window */
GtkWindow *
tkr_effect_dialog_present (GtkWidget *parent, TkrEncounter *encounter, TkrCombatant *holder);

G_END_DECLS
