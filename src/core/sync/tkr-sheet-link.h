/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-campaign.h"

G_BEGIN_DECLS

/*
 * A linked sheet (help/C/sync.page): the campaign's party member @character
 * is kept in step with the player's own .tkcharacter file, named by @path
 * relative to the campaign file's folder (the shared folder: its place
 * differs from one machine to the next), or absolute when it lies outside.
 * The campaign keeps its copy of the sheet too, so it opens while the
 * folder is out of reach. The link remembers what the sheet held when it
 * was last in step with its file (a SHA-256 of the sheet's JSON, its id
 * left out): on opening, the side that changed since wins, and both
 * changed is a conflict (tkr-sheet-sync.h). A link without it (older
 * files) lets the file win.
 *
 * In the campaign file: "links": [{"character": id, "file": path,
 * "synced": sha256}], only when there is a link ("synced" only once
 * known), so older files save the same bytes.
 */

#define TKR_TYPE_SHEET_LINK (tkr_sheet_link_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetLink, tkr_sheet_link, TKR, SHEET_LINK, GObject)

/* Properties (construct-only): "character-id", "path". */
TkrSheetLink *tkr_sheet_link_new (const char *character_id, const char *path);
const char *tkr_sheet_link_get_character_id (TkrSheetLink *self);
const char *tkr_sheet_link_get_path (TkrSheetLink *self);
/* The linked file, @path resolved against @campaign_folder. (transfer full) */
GFile *tkr_sheet_link_resolve (TkrSheetLink *self, GFile *campaign_folder);
/* What the sheet held when last in step with its file (a lowercase
 * SHA-256 in hexadecimal), or NULL when not known. Not an undoable
 * change: it records the file, not the campaign. */
const char *tkr_sheet_link_get_synced (TkrSheetLink *self);
void tkr_sheet_link_set_synced (TkrSheetLink *self, const char *synced);
/* The value tkr_sheet_link_get_synced() compares: @character's JSON
 * without its id, hashed. (transfer full) */
char *tkr_sheet_link_hash_sheet (TkrCharacter *character);

/* The campaign's links: a JSON array (NULL when there is none), and read
 * back from the campaign object's "links" member (absent: none). */
JsonNode *tkr_sheet_links_to_json (GListModel *links);
gboolean tkr_sheet_links_load (JsonObject *campaign, GListStore *links, GError **error);

/* Links @pc (a member of the party) to @file as one undoable step (a link
 * it had before is replaced). @campaign_folder (nullable) is where the
 * campaign file is, for the relative path. */
gboolean tkr_campaign_link_sheet (
  TkrCampaign *campaign, TkrCharacter *pc, GFile *file, GFile *campaign_folder, GError **error);
/* Ends @pc's link as one undoable step; the campaign keeps its copy. */
gboolean tkr_campaign_unlink_sheet (TkrCampaign *campaign, TkrCharacter *pc, GError **error);
/* @pc's link, or NULL. (transfer none) */
TkrSheetLink *tkr_campaign_find_link (TkrCampaign *campaign, TkrCharacter *pc);

G_END_DECLS
