/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-encounter-view.h"

G_BEGIN_DECLS

/* Loads the encounter widgets' style sheet for the default display, once.
 * Every encounter widget calls it when its class is made, so the style
 * applies whether the widget sits in the window or stands alone. */
void tkr_encounter_view_ensure_style (void);

G_END_DECLS
