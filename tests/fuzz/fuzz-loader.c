/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * One libFuzzer harness per loader, all from this file (tests/fuzz/meson.build
 * builds it once per loader with TKR_FUZZ_LOADER and, for an import format,
 * TKR_FUZZ_FORMAT):
 *
 *   character  tkr_character_new_from_bytes
 *   campaign   tkr_campaign_new_from_bytes (one harness per rule system,
 *              each with that system's seed corpus)
 *   import     tkr_import_guess_format and tkr_import_read, then the plan
 *              applied to a fresh campaign
 *
 * A finding is a crash, a sanitizer report, a leak, any g_critical or
 * g_warning (the log writer below aborts on them), or a file that loads
 * but does not survive a round trip: what loads is saved, the saved bytes
 * must load again, and saving that gives the same bytes (README, "Files":
 * load, save, load saves the same bytes). Every harness also holds the
 * strict JSON reader that opens campaigns (tkr-json-reader.h) to
 * tkr_file_parse: what it takes, tkr_file_parse takes to the same tree.
 * README, "Fuzzing", tells how to
 * run them and where findings go.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tkr-core.h"
#include "tkr-file.h"
#include "tkr-import.h"
#include "tkr-json-reader.h"

#define LOADER_CHARACTER 1
#define LOADER_CAMPAIGN 2
#define LOADER_IMPORT 3

#ifndef TKR_FUZZ_LOADER
#error "TKR_FUZZ_LOADER names the loader this harness drives"
#endif

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A warning or a critical is a finding: print it and abort, which
 * libFuzzer reports as a crash with the input that caused it. */
static GLogWriterOutput
fatal_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      for (gsize i = 0; i < n_fields; i++)
        if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
          fprintf (stderr, "fuzz: log message that is a finding: %s\n",
                   (const char *) fields[i].value);
      fflush (stderr);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

static void
fail (const char *what, const char *message)
{
  fprintf (stderr, "fuzz: %s%s%s\n", what, message != NULL ? ": " : "",
           message != NULL ? message : "");
  fflush (stderr);
  abort ();
}

static void
check_error (const GError *error, const char *loader)
{
  if (error == NULL)
    fail (loader, "refused the file without an error");
  if (error->message == NULL || error->message[0] == '\0')
    fail (loader, "refused the file with an empty message");
  if (!g_utf8_validate (error->message, -1, NULL))
    fail (loader, "refused the file with a message that is not UTF-8");
}

static void
check_same_bytes (GBytes *first, GBytes *second, const char *what)
{
  if (!g_bytes_equal (first, second))
    fail (what, "the second save differs from the first");
}

#if TKR_FUZZ_LOADER == LOADER_CHARACTER
static void
round_trip_character (TkrCharacter *character)
{
  g_autoptr (GBytes) first = tkr_character_to_bytes (character);
  g_autoptr (GBytes) second = NULL;
  g_autoptr (TkrCharacter) again = NULL;
  g_autoptr (GError) error = NULL;

  again = tkr_character_new_from_bytes (first, &error);
  if (again == NULL)
    fail ("a saved character does not load again", error->message);
  second = tkr_character_to_bytes (again);
  check_same_bytes (first, second, "character");
}
#else
static void
round_trip_campaign (TkrCampaign *campaign)
{
  g_autoptr (GBytes) first = tkr_campaign_to_bytes (campaign);
  g_autoptr (GBytes) second = NULL;
  g_autoptr (TkrCampaign) again = NULL;
  g_autoptr (GError) error = NULL;

  again = tkr_campaign_new_from_bytes (first, &error);
  if (again == NULL)
    fail ("a saved campaign does not load again", error->message);
  second = tkr_campaign_to_bytes (again);
  check_same_bytes (first, second, "campaign");
}
#endif

/* The differential check: the strict reader never takes what
 * tkr_file_parse refuses, nor reads it to another tree. */
static void
check_readers_agree (const uint8_t *data, size_t size)
{
  g_autoptr (JsonNode) strict = tkr_json_reader_parse ((const char *) data, size);
  g_autoptr (JsonNode) parsed = NULL;
  g_autoptr (GError) error = NULL;

  if (strict == NULL)
    return;
  parsed = tkr_file_parse ((const char *) data, size, &error);
  if (parsed == NULL)
    fail ("the strict reader took what tkr_file_parse refuses", error->message);
  if (!tkr_json_reader_same_tree (strict, parsed))
    fail ("the strict reader and JsonParser made different trees", NULL);
}

#if TKR_FUZZ_LOADER == LOADER_IMPORT
/* The rule systems' data, loaded once. */
static TkrRules *rules_of_system[8];
static guint n_systems;
#endif

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* Exact leak reports (GLib 2.74 still has its slice allocator). */
  g_setenv ("G_SLICE", "always-malloc", TRUE);
  g_log_set_writer_func (fatal_writer, NULL, NULL);

#if TKR_FUZZ_LOADER == LOADER_IMPORT
  {
    const char *const *systems = tkr_tracker_get_rule_systems ();

    for (n_systems = 0; systems[n_systems] != NULL && n_systems < G_N_ELEMENTS (rules_of_system);
         n_systems++)
      {
        g_autoptr (GError) error = NULL;

        rules_of_system[n_systems] = tkr_rules_new_from_resource (systems[n_systems], &error);
        if (rules_of_system[n_systems] == NULL)
          fail ("the rule data does not load", error->message);
      }
  }
#endif
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GBytes) bytes = g_bytes_new (data, size);
  g_autoptr (GError) error = NULL;

  check_readers_agree (data, size);

#if TKR_FUZZ_LOADER == LOADER_CHARACTER
  g_autoptr (TkrCharacter) character = tkr_character_new_from_bytes (bytes, &error);

  if (character == NULL)
    check_error (error, "tkr_character_new_from_bytes");
  else
    round_trip_character (character);

#elif TKR_FUZZ_LOADER == LOADER_CAMPAIGN
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new_from_bytes (bytes, &error);

  if (campaign == NULL)
    check_error (error, "tkr_campaign_new_from_bytes");
  else
    round_trip_campaign (campaign);

#elif TKR_FUZZ_LOADER == LOADER_IMPORT
  const char *format = tkr_import_guess_format (bytes);
  /* The input picks the campaign's rule system, the same one every time. */
  TkrRules *rules = rules_of_system[g_bytes_hash (bytes) % n_systems];
  g_autoptr (TkrImportPlan) plan = tkr_import_read (bytes, rules, &error);

  if (plan == NULL)
    {
      check_error (error, "tkr_import_read");
    }
  else
    {
      g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);

      /* Only a file whose tool is recognised can be read. */
      if (format == NULL)
        fail ("tkr_import_read read a file tkr_import_guess_format does not know", NULL);
      if (tkr_import_format_get_name (format) == NULL)
        fail ("tkr_import_guess_format gave an unknown format id", format);
      /* A fresh campaign is in Freeplay: a plan always goes into it. */
      if (!tkr_import_plan_apply (plan, campaign, tkr_campaign_get_history (campaign), &error))
        fail ("a plan does not go into a fresh campaign", error->message);
      round_trip_campaign (campaign);
    }

#else
#error "unknown TKR_FUZZ_LOADER"
#endif
  return 0;
}
