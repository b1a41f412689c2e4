/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_AWARD_DIALOG (tkr_award_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkrAwardDialog, tkr_award_dialog, TKR, AWARD_DIALOG, AdwMessageDialog)

/* Asks how much Experience a PC gets for the encounter (the amounts the
 * rule data allows) and why; the "award" response records it through
 * tkr_encounter_award_experience. The outcome is shown from the widget
 * given to tkr_award_dialog_set_feedback (a toast in the window). */

TkrAwardDialog *
tkr_award_dialog_new (GtkWindow *parent, TkrEncounter *encounter, TkrCharacter *character);
TkrCharacter *tkr_award_dialog_get_character (TkrAwardDialog *self);
int tkr_award_dialog_get_xp (TkrAwardDialog *self);
/* Picks an amount offered by the dialog; FALSE if the rules do not allow it. */
gboolean tkr_award_dialog_set_xp (TkrAwardDialog *self, int xp);
const char *tkr_award_dialog_get_reason (TkrAwardDialog *self);
void tkr_award_dialog_set_reason (TkrAwardDialog *self, const char *reason);
void tkr_award_dialog_set_feedback (TkrAwardDialog *self, GtkWidget *widget, GtkLabel *fallback);

G_END_DECLS
