/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-d20-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_PARTICIPANT_ROW (tkr_d20_participant_row_get_type ())
G_DECLARE_FINAL_TYPE (
  TkrD20ParticipantRow, tkr_d20_participant_row, TKR, D20_PARTICIPANT_ROW, AdwExpanderRow)

/* A participant of a d20 encounter in Freeplay (help/C/d20.page, "Between
 * fights"): its mana, its speed of each kind, its rests and the Stamina
 * checks it owes, and a button that removes it. The row follows its
 * combatant's properties; the commands are TkrD20Encounter's. */
GtkWidget *tkr_d20_participant_row_new (TkrD20Encounter *encounter, TkrD20Combatant *combatant);

G_END_DECLS
