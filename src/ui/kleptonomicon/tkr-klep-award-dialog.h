/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_AWARD_DIALOG (tkr_klep_award_dialog_get_type ())
G_DECLARE_FINAL_TYPE (
  TkrKlepAwardDialog, tkr_klep_award_dialog, TKR, KLEP_AWARD_DIALOG, AdwMessageDialog)

/* Asks how much Experience a PC gets for the encounter (the amounts the
 * rule data allows) and why; the "award" response records it through
 * tkr_klep_encounter_award_experience. The outcome is shown from the widget
 * given to tkr_klep_award_dialog_set_feedback (a toast in the window). */

TkrKlepAwardDialog *
tkr_klep_award_dialog_new (GtkWindow *parent, TkrKlepEncounter *encounter, TkrCharacter *character);
TkrCharacter *tkr_klep_award_dialog_get_character (TkrKlepAwardDialog *self);
int tkr_klep_award_dialog_get_xp (TkrKlepAwardDialog *self);
/* Picks an amount offered by the dialog; FALSE if the rules do not allow it. */
gboolean tkr_klep_award_dialog_set_xp (TkrKlepAwardDialog *self, int xp);
const char *tkr_klep_award_dialog_get_reason (TkrKlepAwardDialog *self);
void tkr_klep_award_dialog_set_reason (TkrKlepAwardDialog *self, const char *reason);
void tkr_klep_award_dialog_set_feedback (TkrKlepAwardDialog *self,
                                         GtkWidget *widget,
                                         GtkLabel *fallback);

G_END_DECLS
