/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-rules.h"

G_BEGIN_DECLS

#define TKR_TYPE_D20_TOOLS (tkr_d20_tools_get_type ())
G_DECLARE_FINAL_TYPE (TkrD20Tools, tkr_d20_tools, TKR, D20_TOOLS, AdwPreferencesGroup)

/* The d20 calculators of Freeplay (help/C/d20.page, "Between fights"):
 * the travel planner, falling and holding breath, each the core's answer
 * from the rule data (tkr-d20-travel.h). Nothing here changes an
 * encounter. */
void tkr_d20_tools_set_rules (TkrD20Tools *self, TkrRules *rules);

G_END_DECLS
