/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-d20-encounter.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_FREEPLAY (tkr_d20_freeplay_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Freeplay, tkr_d20_freeplay, TKR, D20_FREEPLAY, AdwBin)

/* What the d20 system adds to the shared Freeplay pane (help/C/d20.page,
 * "Between fights"): hours passing for everyone, and the calculators
 * (TkrD20Tools). */

GtkWidget *tkr_d20_freeplay_new (void);
void tkr_d20_freeplay_set_encounter (TkrD20Freeplay *self, TkrD20Encounter *encounter);

G_END_DECLS
