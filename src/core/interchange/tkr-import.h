/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "tkr-campaign.h"
#include "tkr-character.h"
#include "tkr-history.h"
#include "tkr-rules.h"

G_BEGIN_DECLS

/*
 * Files other tools write (help/C/import.page): what an import of one
 * would create, shown to the GM before anything changes, then applied as
 * one undo step.
 *
 * tkr_import_read() recognises the tool that made a file and builds a
 * TkrImportPlan for the campaign's rule system: the PCs for the party, the
 * NPCs for the library, and encounters with their participants, plus the
 * plain-words problems met on the way ("Creature 3 has no HP; it was given
 * 1"). Nothing in a campaign changes until tkr_import_plan_apply().
 * A file that is no export Turnkeeper knows, or from which nothing can be
 * used, is refused with a TKR_IMPORT_ERROR whose message says why.
 *
 * Each format is one reader (tkr-import-private.h); this file holds what
 * every format shares.
 */

#define TKR_IMPORT_ERROR (tkr_import_error_quark ())
GQuark tkr_import_error_quark (void);

typedef enum
{
  /* Not an export of any tool Turnkeeper reads. */
  TKR_IMPORT_ERROR_UNKNOWN_FORMAT,
  /* Not text, cut off, damaged, too large or too deep. */
  TKR_IMPORT_ERROR_DAMAGED,
  /* The tool's export, but nothing in it can be used. */
  TKR_IMPORT_ERROR_NOTHING_TO_IMPORT,
  /* The plan cannot go into this campaign now (an encounter is running). */
  TKR_IMPORT_ERROR_CANNOT_APPLY,
} TkrImportError;

/* The largest file an import reads. */
#define TKR_IMPORT_MAX_SIZE (16 * 1024 * 1024)

/* Format ids of tkr_import_guess_format(). */
#define TKR_IMPORT_FORMAT_IMPROVED_INITIATIVE "improved-initiative"
#define TKR_IMPORT_FORMAT_PATHBUILDER "pathbuilder2e"
#define TKR_IMPORT_FORMAT_FOUNDRY "foundry-pf2e"

/* One encounter of a plan: a name and its participants in their turn
 * order, each with the temporary HP it had. */
#define TKR_TYPE_IMPORT_ENCOUNTER (tkr_import_encounter_get_type ())
G_DECLARE_FINAL_TYPE (TkrImportEncounter, tkr_import_encounter, TKR, IMPORT_ENCOUNTER, GObject)

const char *tkr_import_encounter_get_name (TkrImportEncounter *self);
/* [TkrCharacter]: a PC is the plan's party member itself, an NPC a whole
 * character of its own (named as the encounter numbers its copies). */
GListModel *tkr_import_encounter_get_participants (TkrImportEncounter *self);
/* The temporary HP of participant @index (0 when none). */
int tkr_import_encounter_get_temporary_hp (TkrImportEncounter *self, guint index);
/* Adds @participant (a PC of the plan's party, or an NPC) last. */
void
tkr_import_encounter_add (TkrImportEncounter *self, TkrCharacter *participant, int temporary_hp);

#define TKR_TYPE_IMPORT_PLAN (tkr_import_plan_get_type ())
G_DECLARE_FINAL_TYPE (TkrImportPlan, tkr_import_plan, TKR, IMPORT_PLAN, GObject)

/*
 * Properties: "format" (string, the format id), "format-name" (the
 * tool's name for people), "rules" (the TkrRules the characters were made
 * for), "encounter" (TkrImportEncounter or NULL: the one encounter the
 * import brings in, replacing the campaign's own; the first with
 * participants unless the GM chooses another or none).
 */
TkrImportPlan *tkr_import_plan_new (TkrRules *rules, const char *format);
const char *tkr_import_plan_get_format (TkrImportPlan *self);
const char *tkr_import_plan_get_format_name (TkrImportPlan *self);
TkrRules *tkr_import_plan_get_rules (TkrImportPlan *self);
/* [TkrCharacter] */
GListModel *tkr_import_plan_get_party (TkrImportPlan *self);
GListModel *tkr_import_plan_get_npcs (TkrImportPlan *self);
/* [TkrImportEncounter] */
GListModel *tkr_import_plan_get_encounters (TkrImportPlan *self);
TkrImportEncounter *tkr_import_plan_get_encounter (TkrImportPlan *self);
void tkr_import_plan_set_encounter (TkrImportPlan *self, TkrImportEncounter *encounter);
/* What could not be read and why, one sentence each, in file order. */
const char *const *tkr_import_plan_get_problems (TkrImportPlan *self);
guint tkr_import_plan_get_n_problems (TkrImportPlan *self);
/* Whether the plan creates nothing at all. */
gboolean tkr_import_plan_is_empty (TkrImportPlan *self);
/* What applying creates, in a sentence ("4 characters for the party, 12
 * NPCs for the library and the encounter “Guards” with 4 participants"). */
char *tkr_import_plan_describe (TkrImportPlan *self);

/* For the readers */
void tkr_import_plan_add_pc (TkrImportPlan *self, TkrCharacter *pc);
void tkr_import_plan_add_npc (TkrImportPlan *self, TkrCharacter *npc);
/* Appends an encounter (transfer none); the first with participants
 * becomes the plan's "encounter" once the reader is done. */
TkrImportEncounter *tkr_import_plan_add_encounter (TkrImportPlan *self, const char *name);
void tkr_import_plan_add_problem (TkrImportPlan *self, const char *format, ...)
  G_GNUC_PRINTF (2, 3);

/*
 * Applies the plan to @campaign as one undo step in @history (the
 * campaign's; NULL means the campaign's): the party members are appended
 * to the party, the NPCs to the library, and the chosen encounter becomes
 * the campaign's encounter (a fresh one of its rule system, in Freeplay,
 * or in Setup when a participant has temporary HP, which only a fight
 * holds). Every sheet takes on the campaign's rule system.
 * Refused (TKR_IMPORT_ERROR_CANNOT_APPLY, nothing changed) when the plan
 * brings an encounter while the campaign's is running, or when the plan
 * was applied before.
 */
gboolean tkr_import_plan_apply (TkrImportPlan *self,
                                TkrCampaign *campaign,
                                TkrHistory *history,
                                GError **error);

/* The format id of the tool that made @bytes, or NULL when it is none
 * Turnkeeper knows. Reads the content, never a file name. */
const char *tkr_import_guess_format (GBytes *bytes);
/* The tool's name for people ("Improved Initiative"), or NULL. */
const char *tkr_import_format_get_name (const char *format);

/* Reads @bytes, made by any tool tkr_import_guess_format() knows, into a
 * plan of characters for @rules. */
TkrImportPlan *tkr_import_read (GBytes *bytes, TkrRules *rules, GError **error);
/* The same on a worker thread, from @file. */
void tkr_import_read_file_async (GFile *file,
                                 TkrRules *rules,
                                 GCancellable *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer user_data);
TkrImportPlan *tkr_import_read_file_finish (GAsyncResult *result, GError **error);

/* Export: the campaign's party, NPC library and encounter as a file
 * Improved Initiative imports (help/C/import.page). */
GBytes *tkr_export_improved_initiative (TkrCampaign *campaign);

G_END_DECLS
