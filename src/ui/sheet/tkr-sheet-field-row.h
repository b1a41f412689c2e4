/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-sheet-field-item.h"

G_BEGIN_DECLS

/*
 * The rows of a rule system's own sheet, made from its rule data
 * ("sheet.sections" and "sheet.fields", src/core/rules/tkr-rules.h): one
 * TkrSheetFieldItem per declared field, in a GListStore per section, and
 * one row template per field kind (number and modifier, pool, choice,
 * text, list), bound to its item. No system has hand-built rows.
 *
 * A refused value is shown in the row's own error label, which keeps its
 * place in the row (no row moves under the pointer), and in a toast when
 * the row is inside an AdwToastOverlay.
 */

#define TKR_TYPE_SHEET_NUMBER_ROW (tkr_sheet_number_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetNumberRow, tkr_sheet_number_row, TKR, SHEET_NUMBER_ROW, AdwActionRow)
#define TKR_TYPE_SHEET_POOL_ROW (tkr_sheet_pool_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetPoolRow, tkr_sheet_pool_row, TKR, SHEET_POOL_ROW, AdwActionRow)
#define TKR_TYPE_SHEET_CHOICE_ROW (tkr_sheet_choice_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetChoiceRow, tkr_sheet_choice_row, TKR, SHEET_CHOICE_ROW, AdwComboRow)
#define TKR_TYPE_SHEET_TEXT_ROW (tkr_sheet_text_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetTextRow, tkr_sheet_text_row, TKR, SHEET_TEXT_ROW, AdwEntryRow)
#define TKR_TYPE_SHEET_LIST_ROW (tkr_sheet_list_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetListRow, tkr_sheet_list_row, TKR, SHEET_LIST_ROW, AdwExpanderRow)
#define TKR_TYPE_SHEET_LINE_ROW (tkr_sheet_line_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetLineRow, tkr_sheet_line_row, TKR, SHEET_LINE_ROW, AdwActionRow)

/* The row of @item's kind (a GtkListBoxCreateWidgetFunc). */
GtkWidget *tkr_sheet_field_row_new (gpointer item, gpointer user_data);

/* The parts of a row made by tkr_sheet_field_row_new (NULL where the row
 * has none): the widget that holds the value (a GtkSpinButton, the
 * current value's for a pool; the row itself for a choice, a text or a
 * list), a pool's maximum, the label of a refused value, and a list's
 * entry that adds a line. */
GtkWidget *tkr_sheet_field_row_get_control (GtkWidget *row);
GtkWidget *tkr_sheet_field_row_get_maximum (GtkWidget *row);
GtkWidget *tkr_sheet_field_row_get_error (GtkWidget *row);
GtkWidget *tkr_sheet_field_row_get_add_entry (GtkWidget *row);

G_END_DECLS
