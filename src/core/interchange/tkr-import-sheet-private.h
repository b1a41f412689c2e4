/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character.h"

G_BEGIN_DECLS

/*
 * Character files of other tools, read into a Pathfinder 2e sheet
 * (help/C/import.page):
 *
 * - Pathbuilder 2e's "Export JSON" ({"success": true, "build": {...}}),
 *   every generation from 2022 on: name, ancestry, heritage, background,
 *   class, level, the six attribute modifiers, Hit Points (ancestry HP and
 *   bonus HP, plus class HP, Constitution and bonus HP per level, times the
 *   level), AC, Perception, saves and skills (proficiency + level when
 *   trained + attribute) with their ranks, lores, speed, money, feats,
 *   languages and equipment.
 * - Foundry VTT pf2e actor JSON, an NPC or a PC, in the current "system"
 *   schema or the legacy "data" one: name, level, Hit Points (and
 *   temporary), AC, Perception and saves, and what else it states plainly.
 *
 * Each returns a new sheet that belongs to nothing yet (adding it to a
 * campaign is one undo step), and in @problems (a GPtrArray of char *,
 * created when NULL is passed in *problems) what could not be read and
 * why, in plain words; keys a tool writes that a sheet has no place for
 * are passed over. A file that is not that tool's export is refused with
 * TKR_FILE_ERROR_WRONG_KIND, a damaged one with TKR_FILE_ERROR_PARSE,
 * TKR_FILE_ERROR_TOO_LARGE or TKR_FILE_ERROR_INVALID, each saying what
 * is wrong; nothing is made then.
 */

TkrCharacter *tkr_import_pathbuilder (GBytes *bytes, GPtrArray **problems, GError **error);
TkrCharacter *tkr_import_foundry (GBytes *bytes, GPtrArray **problems, GError **error);

/* Whether @root looks like that tool's file (for choosing the importer). */
gboolean tkr_import_pathbuilder_recognizes (JsonNode *root);
gboolean tkr_import_foundry_recognizes (JsonNode *root);

/* Shared by the two importers (tkr-import-pathbuilder.c). */
JsonNode *tkr_import_sheet_parse (GBytes *bytes, const char *tool, GError **error);
void tkr_import_sheet_problem (GPtrArray *problems, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* A whole number at @node: an integer, a whole floating-point number, or
 * (when @text_too) text holding one, as some exports write numbers. */
gboolean tkr_import_sheet_int (JsonNode *node, gboolean text_too, gint64 *out);
/* The member at the dotted @path below @object, or NULL. */
JsonNode *tkr_import_sheet_lookup (JsonObject *object, const char *path);

G_END_DECLS
