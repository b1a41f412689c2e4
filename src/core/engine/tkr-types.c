/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "tkr-types.h"

/* clang-format off */
G_DEFINE_QUARK (tkr-character-error-quark, tkr_character_error)
G_DEFINE_QUARK (tkr-encounter-error-quark, tkr_encounter_error)
G_DEFINE_QUARK (tkr-file-error-quark, tkr_file_error)
G_DEFINE_QUARK (tkr-rules-error-quark, tkr_rules_error)
/* clang-format on */
