/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-types.h"

G_BEGIN_DECLS

/* A command's refusal (docs/ARCHITECTURE.md, "How a command travels",
 * step 2): sets @error to a TKR_ENCOUNTER_ERROR with @code and the
 * message, and returns FALSE, so a check reads
 * `return tkr_refuse (error, code, format, ...);` with a translated format. */
gboolean tkr_refuse (GError **error, TkrEncounterError code, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

G_END_DECLS
