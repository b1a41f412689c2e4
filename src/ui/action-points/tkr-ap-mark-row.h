/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"

G_BEGIN_DECLS

/* Which of an Action-Point combatant's lists a mark comes from. */
typedef enum
{
  TKR_AP_MARK_CONDITION,
  TKR_AP_MARK_ADJUSTMENT,
  TKR_AP_MARK_EFFECT,
} TkrApMarkKind;

/*
 * One condition, adjustment or per-Turn effect of an Action-Point
 * combatant (a TkrCondition) in the details pane: its name and number,
 * what it does, and for conditions and effects a remove button that emits
 * "remove". It follows its mark's "value".
 */
#define TKR_TYPE_AP_MARK_ROW (tkr_ap_mark_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrApMarkRow, tkr_ap_mark_row, TKR, AP_MARK_ROW, AdwActionRow)

GtkWidget *tkr_ap_mark_row_new (TkrCondition *mark, TkrApMarkKind kind, const char *owner);
TkrCondition *tkr_ap_mark_row_get_mark (TkrApMarkRow *self);
TkrApMarkKind tkr_ap_mark_row_get_kind (TkrApMarkRow *self);

G_END_DECLS
