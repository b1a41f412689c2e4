/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by test-file-safety and its saving child, file-safety-saver: the
 * versions of a campaign the child writes, which the test rebuilds to check
 * a file byte for byte. */

#include "tkr-core.h"

/* Version @version of the campaign whose file is @base: the same campaign
 * named "Version <n>". A load and a save give the same bytes, so any
 * process builds the same bytes for the same version. */
static inline GBytes *
file_safety_version (GBytes *base, guint version)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new_from_bytes (base, &error);
  g_autofree char *name = g_strdup_printf ("Version %u", version);

  g_assert_no_error (error);
  g_object_set (campaign, "name", name, NULL);
  return tkr_campaign_to_bytes (campaign);
}
