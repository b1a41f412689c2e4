/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-refusal.h"

gboolean
tkr_refuse (GError **error, TkrEncounterError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (TKR_ENCOUNTER_ERROR, code, format, args));
  va_end (args);
  return FALSE;
}
