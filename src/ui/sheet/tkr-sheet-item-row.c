/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-sheet-item-row.h"

G_DEFINE_FINAL_TYPE (TkrSheetItemRow, tkr_sheet_item_row, GTK_TYPE_LIST_BOX_ROW)

static void
tkr_sheet_item_row_finalize (GObject *object)
{
  TkrSheetItemRow *self = TKR_SHEET_ITEM_ROW (object);

  g_clear_object (&self->character);
  g_clear_object (&self->item);
  G_OBJECT_CLASS (tkr_sheet_item_row_parent_class)->finalize (object);
}

static void
tkr_sheet_item_row_class_init (TkrSheetItemRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tkr_sheet_item_row_finalize;
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-sheet-item-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrSheetItemRow, title);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetItemRow, subtitle);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetItemRow, suffixes);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetItemRow, error);
}

static void
tkr_sheet_item_row_init (TkrSheetItemRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TkrSheetItemRow *
tkr_sheet_item_row_new (gpointer sheet, TkrCharacter *character, gpointer item)
{
  TkrSheetItemRow *self = g_object_new (TKR_TYPE_SHEET_ITEM_ROW, NULL);

  self->sheet = sheet;
  self->character = g_object_ref (character);
  self->item = g_object_ref (item);
  return self;
}

gpointer
tkr_sheet_item_row_get_item (TkrSheetItemRow *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_ITEM_ROW (self), NULL);
  return self->item;
}
