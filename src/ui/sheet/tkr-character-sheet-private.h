/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-character-sheet.h"

G_BEGIN_DECLS

/* For tests: a part of the sheet by name ("name-row", "name-error",
 * "player-row", "level-spin", "level-error", "experience-spin",
 * "experience-error", "experience-bar", "level-up-button", "wealth-spin",
 * "wealth-error", "notes-view", "pool-ID-current", "pool-ID-maximum",
 * "pool-ID-error" with ID from tkr_pool_kind_to_id(), and the lists
 * "archetypes-list", "saves-list", "skills-list", "ranges-list",
 * "abilities-list", "conditions-list", "inventory-list"; the rule system's
 * "rules-row" (read-only, in a campaign), "rules-combo-row" (a player's own
 * sheet), "rules-error", "system-group", "field-ID" (a GtkSpinButton, or an
 * AdwComboRow for a field with choices) and "field-ID-error" with ID a
 * field of the rule data's "sheet.fields", and "conditions-catalogue", the
 * add menu's list of the system's conditions); "pool-ID-row" (a pool's
 * row), "section-ID" (the group of a rule data section), "field-ID-row",
 * "field-ID-maximum" (a pool field's maximum); a text field's "field-ID"
 * is its AdwEntryRow, a list field's its AdwExpanderRow. */
GtkWidget *tkr_character_sheet_get_part (TkrCharacterSheet *self, const char *name);

G_END_DECLS
