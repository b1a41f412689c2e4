/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/*
 * One field of a rule system's own sheet ("sheet.fields" in the rule data,
 * src/core/rules/tkr-rules.h), as the sheet's rows see it: the character's
 * value of the field as properties that notify when the character changes
 * (an edit, an undo), and setters that go through the core's commands with
 * the item's history, so each edit is one undo step.
 *
 * A refused value leaves the character as it was: the item then notifies
 * its value again (so the row shows the kept value), sets "error" to the
 * reason and emits ::refused. The next accepted edit clears "error".
 */

#define TKR_TYPE_SHEET_FIELD_ITEM (tkr_sheet_field_item_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetFieldItem, tkr_sheet_field_item, TKR, SHEET_FIELD_ITEM, GObject)

/* @history may be NULL (a sheet outside any document). */
TkrSheetFieldItem *tkr_sheet_field_item_new (TkrCharacter *character,
                                             TkrRules *rules,
                                             TkrHistory *history,
                                             const TkrSheetFieldInfo *info);
TkrCharacter *tkr_sheet_field_item_get_character (TkrSheetFieldItem *self);
/* (nullable): NULL once the rules no longer hold the field. */
const TkrSheetFieldInfo *tkr_sheet_field_item_get_info (TkrSheetFieldItem *self);

int tkr_sheet_field_item_get_value (TkrSheetFieldItem *self);
int tkr_sheet_field_item_get_maximum (TkrSheetFieldItem *self);
/* Each returns whether the character took the value. */
gboolean tkr_sheet_field_item_set_value (TkrSheetFieldItem *self, int value);
gboolean tkr_sheet_field_item_set_maximum (TkrSheetFieldItem *self, int maximum);
gboolean tkr_sheet_field_item_set_text (TkrSheetFieldItem *self, const char *text);
gboolean tkr_sheet_field_item_add_line (TkrSheetFieldItem *self, const char *line);
gboolean tkr_sheet_field_item_remove_line (TkrSheetFieldItem *self, guint index);

/* The sections of @rules' sheet, in order, each a GListStore of
 * TkrSheetFieldItem: (transfer full) a GPtrArray of GListStore, the last
 * for the fields without a section (empty when there are none). */
GPtrArray *
tkr_sheet_field_items_by_section (TkrCharacter *character, TkrRules *rules, TkrHistory *history);

/* The value as the sheet shows it: a modifier with its sign ("+2"). */
char *tkr_sheet_field_format (const TkrSheetFieldInfo *info, TkrCharacter *character);

G_END_DECLS
