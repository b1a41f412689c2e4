/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-zone.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_ZONE_ROW (tkr_klep_zone_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepZoneRow, tkr_klep_zone_row, TKR, KLEP_ZONE_ROW, GtkListBoxRow)

/*
 * A row of the Zones in play, bound to one TkrZone ("zone", construct-only):
 * its name, place, stacks and description, kept up to date from the Zone's
 * notifications (a command and an undo alike). Its buttons ask for a stack
 * more or less with "change-stacks" (the change, +1 or -1) and for the
 * Zone's removal with "remove"; the GM panel commands the encounter.
 */

GtkWidget *tkr_klep_zone_row_new (TkrZone *zone);
TkrZone *tkr_klep_zone_row_get_zone (TkrKlepZoneRow *self);

G_END_DECLS
