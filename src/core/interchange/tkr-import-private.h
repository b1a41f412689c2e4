/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-import.h"

G_BEGIN_DECLS

/*
 * A format is a sniffer (does this parsed file look like the tool's
 * export?) and a reader (fill the plan, or FALSE with a TKR_IMPORT_ERROR).
 * tkr-import.c lists them; each lives in its own file.
 */
typedef gboolean (*TkrImportSniffFunc) (JsonNode *root);
typedef gboolean (*TkrImportReadFunc) (JsonNode *root, TkrImportPlan *plan, GError **error);

gboolean tkr_import_ii_sniff (JsonNode *root);
gboolean tkr_import_ii_read (JsonNode *root, TkrImportPlan *plan, GError **error);

/* Helpers every reader shares. */

/* Parses @text (a whole file, or a string holding JSON inside one) with
 * the limits of tkr_file_parse(): size, depth, UTF-8. */
JsonNode *tkr_import_parse (const char *text, gsize length, GError **error);
/* A fresh sheet of the plan's rule system. */
TkrCharacter *
tkr_import_new_character (TkrImportPlan *plan, TkrCharacterKind kind, const char *name);
/* Sets the Health pool (the rule data's health pool), clamped by the
 * caller to 0..maximum and 1..9999. */
void tkr_import_set_health (TkrCharacter *character, int current, int maximum);
/* Sets the sheet's armour class where the plan's system has such a field;
 * FALSE when it has none (the caller keeps the value in the notes). */
gboolean tkr_import_set_armor_class (TkrImportPlan *plan, TkrCharacter *character, int value);
/* Sets what the system's initiative adds (Perception in Pathfinder 2e,
 * Agility in the d20 system); FALSE when the system has none. */
gboolean
tkr_import_set_initiative_modifier (TkrImportPlan *plan, TkrCharacter *character, int value);
/* The modifier the system's initiative reads, or 0 (for export). */
int tkr_import_get_initiative_modifier (TkrRules *rules, TkrCharacter *character);
/* Sets a save or skill the system has by that name (case-insensitive);
 * FALSE when it has none. */
gboolean tkr_import_set_named_modifier (TkrImportPlan *plan,
                                        TkrCharacter *character,
                                        const char *name,
                                        int value);
/* Sets a sheet field of the system by id; FALSE when it has none or the
 * value does not fit. */
gboolean
tkr_import_set_field (TkrImportPlan *plan, TkrCharacter *character, const char *id, int value);
/* "Bandit", then "Bandit 2", "Bandit 3": the lowest name not in @taken
 * (a set of names), which it joins. */
char *tkr_import_take_numbered_name (GHashTable *taken, const char *base);

G_END_DECLS
