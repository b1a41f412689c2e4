/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/*
 * The rows of a rule system's own sheet, made from its rule data
 * ("sheet.sections" and "sheet.fields", src/core/rules/tkr-rules.h): one
 * TkrSheetFieldItem per declared field, in a GListStore per section, and
 * one row kind per field kind (number, modifier, pool, choice, text, list),
 * bound to its item. No system has hand-built rows.
 *
 * Every edit goes through the core's command with the item's history, so
 * it is one undo step; a refused value is shown in the row's own error
 * label, which keeps its place in the row (no row moves under the
 * pointer), and in a toast when the row is inside an AdwToastOverlay.
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

/* The sections of @rules' sheet, in order, each a GListStore of
 * TkrSheetFieldItem: (transfer full) a GPtrArray of GListStore, the last
 * for the fields without a section (empty when there are none). */
GPtrArray *
tkr_sheet_field_items_by_section (TkrCharacter *character, TkrRules *rules, TkrHistory *history);

/* A row for @item (a GtkListBoxCreateWidgetFunc). Its data "tkr-control"
 * is the widget that holds the value (a GtkSpinButton, the current value's
 * for a pool; the AdwComboRow of a choice; the AdwEntryRow of a text; the
 * AdwExpanderRow of a list), "tkr-maximum" a pool's maximum spin button,
 * and "tkr-error" the GtkLabel of a refused value. */
GtkWidget *tkr_sheet_field_row_new (gpointer item, gpointer user_data);

/* The value as the sheet shows it: a modifier with its sign ("+2"). */
char *tkr_sheet_field_format (const TkrSheetFieldInfo *info, TkrCharacter *character);

G_END_DECLS
