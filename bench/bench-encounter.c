/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * How the core scales with a large encounter (default 1,000 NPCs, each with
 * a Fleeting condition), as ratios against plain GLib work measured in the
 * same run on the same machine:
 *
 *   next turn      vs g_object_set of one int property on every combatant
 *   undo of a turn vs the same baseline
 *   save to bytes  vs json-glib generating the same document unvalidated
 *   load           vs json-glib parsing the same bytes without building objects
 *
 * A ratio says what our work costs on top of the least the job needs.
 */

#include "config.h"

#include "tkr-core.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

int
main (int argc, char *argv[])
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  TkrKlepEncounter *encounter = tkr_campaign_get_klep_encounter (campaign);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrRules *rules = tkr_campaign_get_rules (campaign);
  g_autoptr (GPtrArray) characters = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  double t0, baseline, turn, undo, save, save_base, load, load_base;
  int turns = MIN (n, 200);

  if (n < 2)
    n = 2;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Goblin %d", i + 1);
      TkrCharacter *npc = tkr_campaign_add_npc (campaign, name);
      TkrCharacter *joined;

      tkr_character_set_modifier (npc, NULL, TKR_MODIFIER_KIND_SAVE, "Edge", i % 5, NULL);
      joined = tkr_campaign_add_to_encounter (campaign, npc, &error);
      g_assert_no_error (error);
      tkr_character_add_condition (joined, NULL, rules, "Slowed", 2, TKR_TURN_NONE, NULL);
      g_ptr_array_add (characters, joined);
    }
  if (!tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error) ||
      !tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error))
    g_error ("%s", error->message);

  /* Baseline: touching one property of every character, as a turn must at least. */
  t0 = now ();
  for (int k = 0; k < turns; k++)
    for (guint i = 0; i < characters->len; i++)
      g_object_set (g_ptr_array_index (characters, i), "wealth", k, NULL);
  baseline = (now () - t0) / turns;

  t0 = now ();
  for (int k = 0; k < turns; k++)
    if (!tkr_encounter_next_turn (TKR_ENCOUNTER (encounter), &error))
      g_error ("%s", error->message);
  turn = (now () - t0) / turns;

  t0 = now ();
  for (int k = 0; k < turns; k++)
    tkr_history_undo (history);
  undo = (now () - t0) / turns;

  t0 = now ();
  bytes = tkr_campaign_to_bytes (campaign);
  save = now () - t0;

  {
    g_autoptr (JsonParser) parser = json_parser_new ();
    g_autoptr (JsonGenerator) generator = json_generator_new ();
    g_autofree char *text = NULL;

    t0 = now ();
    json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                NULL);
    load_base = now () - t0;

    json_generator_set_root (generator, json_parser_get_root (parser));
    json_generator_set_pretty (generator, TRUE);
    t0 = now ();
    text = json_generator_to_data (generator, NULL);
    save_base = now () - t0;
  }

  {
    g_autoptr (TkrCampaign) loaded = NULL;

    t0 = now ();
    loaded = tkr_campaign_new_from_bytes (bytes, &error);
    load = now () - t0;
    g_assert_no_error (error);
  }

  g_print ("encounter of %d NPCs, %d turns, file %.1f KiB\n", n, turns,
           g_bytes_get_size (bytes) / 1024.0);
  g_print ("next turn      %8.3f ms  ratio %6.2f  (baseline %.3f ms)\n", turn * 1e3,
           turn / baseline, baseline * 1e3);
  g_print ("undo of a turn %8.3f ms  ratio %6.2f\n", undo * 1e3, undo / baseline);
  g_print ("save to bytes  %8.3f ms  ratio %6.2f  (json-glib alone %.3f ms)\n", save * 1e3,
           save / save_base, save_base * 1e3);
  g_print ("load           %8.3f ms  ratio %6.2f  (json-glib alone %.3f ms)\n", load * 1e3,
           load / load_base, load_base * 1e3);
  return 0;
}
