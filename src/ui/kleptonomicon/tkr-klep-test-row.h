/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-klep-setup.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_TEST_ROW (tkr_klep_test_row_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepTestRow, tkr_klep_test_row, TKR, KLEP_TEST_ROW, AdwActionRow)

/*
 * A row of the Setup's results by PC, bound to one PC ("pc") of a
 * TkrKlepSetup ("setup"), both construct-only: where the PC stands and the
 * Scores it made, kept up to date from the Setup's "changed" signal. Its
 * button asks to test again with the signal "retest"; the view commands
 * the Setup.
 */

GtkWidget *tkr_klep_test_row_new (TkrKlepSetup *setup, TkrCharacter *pc);
TkrCharacter *tkr_klep_test_row_get_pc (TkrKlepTestRow *self);

G_END_DECLS
