/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_PARTICIPANT_ROW (tkr_participant_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrParticipantRow, tkr_participant_row, TKR, PARTICIPANT_ROW, AdwActionRow)

/* One character who takes part, in the Freeplay list of a system whose
 * participants have nothing to set before a fight (the Kleptonomicon,
 * Pathfinder 2e): the name (following the sheet), PC and level or what
 * the NPC is, and a button that removes it (one history step; a refusal
 * is shown by the Encounter page). @npc_edge: an NPC's subtitle gives its
 * Edge (the Kleptonomicon). */
GtkWidget *
tkr_participant_row_new (TkrEncounter *encounter, TkrCharacter *character, gboolean npc_edge);

G_END_DECLS
