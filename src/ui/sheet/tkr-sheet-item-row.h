/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/*
 * A row of one of the sheet's list sections (modifiers, movement ranges,
 * inventory, conditions): its item's title and subtitle, the section's
 * controls as suffixes, and under them the reason of a refused edit. The
 * sheet (tkr-character-sheet.c) fills in the suffixes and keeps the
 * row's state in the row itself, not on its widgets.
 */

#define TKR_TYPE_SHEET_ITEM_ROW (tkr_sheet_item_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSheetItemRow, tkr_sheet_item_row, TKR, SHEET_ITEM_ROW, GtkListBoxRow)

/* Sheet-internal: the sheet's own list code reads and fills these. */
struct _TkrSheetItemRow
{
  GtkListBoxRow parent_instance;

  /* The sheet that made the row: it owns the row's list. */
  gpointer sheet;
  TkrCharacter *character;
  GObject *item;

  GtkLabel *title;
  GtkLabel *subtitle;
  GtkWidget *suffixes;
  GtkLabel *error;

  /* Filled in by the section that needs them. */
  GtkSpinButton *spin;
  GtkLabel *stacks;
  GtkDropDown *rank;
  /* Set while the row's widgets follow the character: their signals are
   * nobody's edit. */
  gboolean updating;
};

TkrSheetItemRow *tkr_sheet_item_row_new (gpointer sheet, TkrCharacter *character, gpointer item);
/* The modifier, range, item or condition the row shows. */
gpointer tkr_sheet_item_row_get_item (TkrSheetItemRow *self);

G_END_DECLS
