/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Campaigns and documents for the widget suites, made one way: a campaign
 * of named PCs and NPCs built through the core's commands in any rule
 * system, and a document loaded the way the window loads one, waiting for
 * a state (loaded, saved) rather than for a time.
 */

#include "tkr-document.h"

/* A campaign in @system (a rule system's resource name; NULL for the
 * default) with the PCs @pcs, each in the encounter, and the NPCs @npcs in
 * the library, of whom @npc_copies join the encounter in turn (the first,
 * the second, ... and round again). @pcs and @npcs are NULL-terminated
 * and may be NULL. (transfer full) */
static inline TkrCampaign *
tkr_test_campaign_new (const char *system,
                       const char *const *pcs,
                       const char *const *npcs,
                       guint npc_copies)
{
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (GPtrArray) library = g_ptr_array_new ();
  TkrCampaign *campaign;

  if (system != NULL)
    {
      rules = tkr_rules_new_from_resource (system, NULL);
      g_assert_nonnull (rules);
    }
  campaign = tkr_campaign_new (rules != NULL ? rules : tkr_rules_get_default ());
  for (guint i = 0; pcs != NULL && pcs[i] != NULL; i++)
    g_assert_nonnull (
      tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, pcs[i]), NULL));
  for (guint i = 0; npcs != NULL && npcs[i] != NULL; i++)
    g_ptr_array_add (library, tkr_campaign_add_npc (campaign, npcs[i]));
  for (guint i = 0; i < npc_copies && library->len > 0; i++)
    g_assert_nonnull (tkr_campaign_add_to_encounter (
      campaign, g_ptr_array_index (library, i % library->len), NULL));
  return campaign;
}

static inline gboolean
tkr_test_spin_until_late (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @check says so; @limit_ms only ends a broken
 * run, which then fails on the state it checks. */
static inline gboolean
tkr_test_spin_until (gboolean (*check) (gpointer), gpointer data, guint limit_ms)
{
  gboolean late = FALSE;
  guint source = g_timeout_add (limit_ms, tkr_test_spin_until_late, &late);

  while (!check (data) && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (source);
  return check (data);
}

/* Whether @document (a TkrDocument) has nothing left to save. */
static inline gboolean
tkr_test_document_is_clean (gpointer document)
{
  return !tkr_document_get_dirty (document);
}

typedef struct
{
  gboolean done;
  TkrDocument *document;
  GError *error;
} TkrTestLoad;

static inline void
tkr_test_load_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  TkrTestLoad *load = user_data;

  load->document = tkr_document_load_finish (result, &load->error);
  load->done = TRUE;
}

static inline gboolean
tkr_test_load_is_done (gpointer load)
{
  return ((TkrTestLoad *) load)->done;
}

/* @file opened as the window opens it, on a worker.
 * (transfer full) (nullable): NULL with @error when it does not load */
static inline TkrDocument *
tkr_test_load_document (GFile *file, GError **error)
{
  TkrTestLoad load = { 0 };

  tkr_document_load_async (file, NULL, tkr_test_load_cb, &load);
  g_assert_true (tkr_test_spin_until (tkr_test_load_is_done, &load, 10000));
  if (load.error != NULL)
    g_propagate_error (error, load.error);
  return load.document;
}
