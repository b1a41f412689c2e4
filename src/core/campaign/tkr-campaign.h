/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"
#include "tkr-file.h"
#include "tkr-klep-encounter.h"
#include "tkr-save-cache.h"
#include "tkr-tracker.h"

G_BEGIN_DECLS

#define TKR_TYPE_CAMPAIGN (tkr_campaign_get_type ())
G_DECLARE_FINAL_TYPE (TkrCampaign, tkr_campaign, TKR, CAMPAIGN, GObject)

/*
 * The GM's file: the party, the NPC library, the encounter with its state,
 * zones and log, and one TkrHistory for all of it.
 * Properties: "name", "rules" (the campaign's rule system), "history",
 * "tracker" (the encounter of that system: a TkrKlepEncounter for the
 * Kleptonomicon, TkrPf2eEncounter, TkrD20Encounter or TkrApEncounter),
 * "encounter" (the tracker as a TkrEncounter).
 * "rules" and "tracker" change together, through the history, when the GM
 * switches rule systems (tkr_campaign_set_rule_system).
 * Lists: party [TkrCharacter, PCs], npcs [TkrCharacter, library].
 */

#define TKR_CAMPAIGN_FORMAT 1
#define TKR_CAMPAIGN_FILE_KIND "turnkeeper-campaign"

TkrCampaign *tkr_campaign_new (TkrRules *rules);
const char *tkr_campaign_get_name (TkrCampaign *self);
TkrRules *tkr_campaign_get_rules (TkrCampaign *self);
TkrHistory *tkr_campaign_get_history (TkrCampaign *self);
/* The campaign's encounter (every system's derives from TkrEncounter). */
TkrEncounter *tkr_campaign_get_encounter (TkrCampaign *self);
/* NULL unless the campaign plays the Kleptonomicon. */
TkrKlepEncounter *tkr_campaign_get_klep_encounter (TkrCampaign *self);
TkrTracker *tkr_campaign_get_tracker (TkrCampaign *self);
const char *tkr_campaign_get_rule_system (TkrCampaign *self);
/* Whether the rule system may change now: only while no encounter runs
 * (the tracker is in Freeplay). */
gboolean tkr_campaign_can_set_rule_system (TkrCampaign *self);
/* Switches to @system_id (see tkr_tracker_get_rule_systems) as one undoable
 * step: a fresh encounter of that system with the same participants, and
 * the sheets of the party and the NPC library take on that system's fields
 * (tkr_character_adopt_rules),
 * keeping every value they had. Refused with
 * TKR_ENCOUNTER_ERROR_WRONG_PHASE outside Freeplay. */
gboolean tkr_campaign_set_rule_system (TkrCampaign *self, const char *system_id, GError **error);
GListModel *tkr_campaign_get_party (TkrCampaign *self);
GListModel *tkr_campaign_get_npcs (TkrCampaign *self);
/* The party members linked to their own sheet files (TkrSheetLink,
 * src/core/sync/tkr-sheet-link.h). */
GListModel *tkr_campaign_get_links (TkrCampaign *self);
TkrCharacter *tkr_campaign_find_character (TkrCampaign *self, const char *id);

TkrCharacter *tkr_campaign_add_pc (TkrCampaign *self, const char *name);
TkrCharacter *tkr_campaign_add_npc (TkrCampaign *self, const char *name);
/* Adds a character read from a player's file (a copy, with its own id if
 * it clashes). */
TkrCharacter *tkr_campaign_import_character (TkrCampaign *self, TkrCharacter *character);
/* Copies a character; the copy is numbered ("Goblin 2", the lowest number
 * free) and goes next to the original in its list. */
TkrCharacter *tkr_campaign_duplicate_character (TkrCampaign *self, TkrCharacter *character);
gboolean tkr_campaign_remove_character (TkrCampaign *self, TkrCharacter *character, GError **error);
/* Adds a PC, or a numbered copy of a library NPC (numbered as by
 * tkr_campaign_duplicate_character), to the encounter. */
TkrCharacter *
tkr_campaign_add_to_encounter (TkrCampaign *self, TkrCharacter *character, GError **error);
/* The PCs of the party not in the encounter yet. */
guint tkr_campaign_count_party_outside_encounter (TkrCampaign *self);
/* Adds every PC not in the encounter yet, as one undoable step; all or
 * none of them. */
gboolean tkr_campaign_add_party_to_encounter (TkrCampaign *self, GError **error);
/* How many of the encounter's participants @character stands for, for the
 * roster: a PC 1 or 0; a library NPC the number of NPC participants of its
 * family (its name, or its name's base, alone or followed by a copy's
 * number: "Goblin", "Goblin 2"). */
guint tkr_campaign_count_in_encounter (TkrCampaign *self, TkrCharacter *character);

/* Between fights (help/C/pause-and-end.page, "Between fights"): what the
 * NPCs who took part carry into the next fight. */
typedef enum
{
  /* Every NPC participant fresh: each pool at its maximum, no condition.
   * What happens when the GM chooses nothing. */
  TKR_BETWEEN_FIGHTS_RESET,
  /* Every NPC participant as it is, wounds and conditions. */
  TKR_BETWEEN_FIGHTS_KEEP,
  /* NPC participants at Health 0 (of a Health above 0) leave the
   * encounter; the others stay as they are. The library keeps its
   * originals. Only in Freeplay, where characters may leave. */
  TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED,
} TkrBetweenFights;

/* The log kind of the line each choice writes. */
#define TKR_LOG_BETWEEN_FIGHTS "between-fights"

/* Applies the GM's choice as one undoable step, logged, in the End or in
 * Freeplay; refused with TKR_ENCOUNTER_ERROR_WRONG_PHASE in Setup, Main or
 * Paused (and for TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED in the End). */
gboolean tkr_campaign_between_fights (TkrCampaign *self, TkrBetweenFights choice, GError **error);
/* Whether an encounter has ended since the last choice: the next Setup
 * (or a switch of rule system) then resets the NPCs, as
 * TKR_BETWEEN_FIGHTS_RESET, within its own step. */
gboolean tkr_campaign_awaits_between_fights (TkrCampaign *self);

/* Puts @tracker (of the campaign's rule system and history) in place of
 * the campaign's encounter, as one undoable step; refused with
 * TKR_ENCOUNTER_ERROR_WRONG_PHASE outside Freeplay. */
gboolean tkr_campaign_replace_encounter (TkrCampaign *self, TkrTracker *tracker, GError **error);

/* End of an Episode for the whole party (SRD). */
gboolean tkr_campaign_end_episode (TkrCampaign *self, GError **error);

/* For the journal: a campaign built from @root whose encounter records in
 * @self's history, and the exchange of two campaigns' contents (name,
 * party, NPC library, encounter), recorded in @self's history. */
TkrCampaign *tkr_campaign_new_from_root_for (TkrCampaign *self, JsonNode *root, GError **error);
void tkr_campaign_exchange (TkrCampaign *self, TkrCampaign *other, gboolean record);

GBytes *tkr_campaign_to_bytes (TkrCampaign *self);
TkrSavePieces *tkr_campaign_to_pieces (TkrCampaign *self);
gboolean tkr_campaign_prepare_save (TkrCampaign *self, gint64 budget_us);
JsonNode *tkr_campaign_to_root (TkrCampaign *self);
JsonNode *tkr_campaign_to_root_kept (TkrCampaign *self);
JsonNode *tkr_campaign_to_root_with_npcs (TkrCampaign *self, JsonNode *npcs);
TkrCampaign *tkr_campaign_new_from_bytes (GBytes *bytes, GError **error);
TkrCampaign *tkr_campaign_new_from_root (JsonNode *root, GError **error);
TkrCampaign *tkr_campaign_new_from_bytes_with_progress (GBytes *bytes,
                                                        TkrFileProgress *progress,
                                                        GError **error);
TkrCampaign *tkr_campaign_new_from_root_with_progress (JsonNode *root,
                                                       TkrFileProgress *progress,
                                                       GError **error);
void tkr_campaign_save_async (TkrCampaign *self,
                              GFile *file,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data);
char *tkr_campaign_save_dup_checksum (GAsyncResult *result);
gboolean tkr_campaign_save_finish (TkrCampaign *self, GAsyncResult *result, GError **error);
void tkr_campaign_load_async (GFile *file,
                              GCancellable *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer user_data);
void tkr_campaign_load_with_progress_async (GFile *file,
                                            TkrFileProgressFunc progress_func,
                                            gpointer progress_data,
                                            GDestroyNotify progress_destroy,
                                            GCancellable *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer user_data);
TkrCampaign *tkr_campaign_load_finish (GAsyncResult *result, GError **error);

G_END_DECLS
