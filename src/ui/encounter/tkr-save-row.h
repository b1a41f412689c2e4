/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/*
 * A save waiting for an answer (src/core/engine/tkr-saves.h), as the
 * tracker shows it above its rows: what is rolled and against what, a
 * field for the player's result, Roll, Succeeded and Failed. Any of them
 * resolves it as one step; a refusal is shown in a toast.
 */
#define TKR_TYPE_SAVE_ROW (tkr_save_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrSaveRow, tkr_save_row, TKR, SAVE_ROW, GtkListBoxRow)

GtkWidget *tkr_save_row_new (TkrEncounter *encounter, TkrRepeatSave *save);
TkrRepeatSave *tkr_save_row_get_save (TkrSaveRow *self);

G_END_DECLS
