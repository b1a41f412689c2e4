/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The players' view leaves hidden combatants out (help/C/player-view.page):
 * the engine's "hidden" flag on a combatant, in each of the four rule
 * systems. Hiding and showing are one undoable step each, a hidden
 * combatant stays hidden through a save and a load, a file with no one
 * hidden saves the same bytes as before, and a file naming a combatant
 * that does not exist is refused in plain words.
 */

#include "config.h"

#include "tkr-core.h"

static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  TkrHistory *history;
  TkrCombatant *orc;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (data, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  TkrCharacter *alice, *orc;

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  f->encounter = tkr_campaign_get_encounter (f->campaign);
  alice = tkr_campaign_add_pc (f->campaign, "Alice");
  orc = tkr_campaign_add_npc (f->campaign, "Orc");
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, alice, &error));
  orc = tkr_campaign_add_to_encounter (f->campaign, orc, &error);
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  g_assert_no_error (error);
  f->orc = tkr_encounter_find_combatant (f->encounter, orc);
  g_assert_nonnull (f->orc);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->campaign);
}

/* Hiding is one step; undo shows the combatant again, redo hides it. */
static void
test_hide_undo_redo (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  guint steps = tkr_history_get_n_undo (f->history);

  g_assert_false (tkr_combatant_get_hidden (f->orc));
  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_combatant_get_hidden (f->orc));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  /* Hiding what is hidden changes nothing and adds no step. */
  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc, TRUE, &error));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);

  g_assert_true (tkr_history_undo (f->history));
  g_assert_false (tkr_combatant_get_hidden (f->orc));
  g_assert_true (tkr_history_redo (f->history));
  g_assert_true (tkr_combatant_get_hidden (f->orc));
}

/* Hidden belongs to one fight: after it, the next Setup shows everyone
 * again, the file in Freeplay names no one hidden, and undo brings it
 * back. */
static void
test_next_fight_shows_everyone (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  g_autoptr (GBytes) bytes = NULL;
  TkrCharacter *orc = tkr_combatant_get_character (f->orc);
  TkrCombatant *again;

  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc, TRUE, &error));
  g_assert_true (tkr_encounter_end (f->encounter, &error));
  g_assert_true (tkr_encounter_finish (f->encounter, &error));
  g_assert_no_error (error);
  /* Undoing the way back to Freeplay hides it again. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_combatant_get_hidden (f->orc));
  g_assert_true (tkr_history_redo (f->history));
  bytes = tkr_campaign_to_bytes (f->campaign);
  g_assert_null (
    g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "\"hidden\""));
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_no_error (error);
  again = tkr_encounter_find_combatant (f->encounter, orc);
  g_assert_nonnull (again);
  g_assert_false (tkr_combatant_get_hidden (again));
}

/* A combatant of another encounter is refused, and nothing changes. */
static void
test_refused (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) stranger =
    tkr_character_new (tkr_encounter_get_rules (f->encounter), TKR_CHARACTER_KIND_NPC, "Stranger");
  g_autoptr (TkrCombatant) other =
    g_object_new (G_OBJECT_TYPE (f->orc), "character", stranger, NULL);
  guint steps = tkr_history_get_n_undo (f->history);

  g_assert_false (tkr_encounter_set_hidden (f->encounter, other, TRUE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_assert_false (tkr_combatant_get_hidden (other));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps);
}

/* Saved and loaded, the same combatant is hidden and the bytes agree;
 * with no one hidden the file has no "hidden" member. */
static void
test_file_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) plain = tkr_campaign_to_bytes (f->campaign);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  TkrCombatant *orc;

  g_assert_null (
    g_strstr_len (g_bytes_get_data (plain, NULL), g_bytes_get_size (plain), "\"hidden\""));
  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc, TRUE, &error));
  bytes = tkr_campaign_to_bytes (f->campaign);
  loaded = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  orc = tkr_encounter_find_combatant (
    tkr_campaign_get_encounter (loaded),
    tkr_campaign_find_character (loaded,
                                 tkr_character_get_id (tkr_combatant_get_character (f->orc))));
  g_assert_nonnull (orc);
  g_assert_true (tkr_combatant_get_hidden (orc));
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));
}

/* A "hidden" id no combatant has: refused, the message names the path. */
static void
test_file_unknown_id (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) bad = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autofree char *text = NULL;
  g_autofree char *id = NULL;
  const char *orc_id = tkr_character_get_id (tkr_combatant_get_character (f->orc));
  char *at;

  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc, TRUE, &error));
  bytes = tkr_campaign_to_bytes (f->campaign);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  id = g_strdup_printf ("\"hidden\" : [\n        \"%s\"", orc_id);
  at = strstr (text, id);
  if (at == NULL)
    {
      g_free (id);
      id = g_strdup_printf ("\"hidden\":[\"%s\"", orc_id);
      at = strstr (text, id);
    }
  g_assert_nonnull (at);
  /* The id's first character changed: no one has it. */
  at = strstr (at, orc_id);
  *at = *at == 'x' ? 'y' : 'x';
  bad = g_bytes_new (text, strlen (text));
  loaded = tkr_campaign_new_from_bytes (bad, &error);
  g_assert_null (loaded);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "hidden"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
#define ADD(name, func)                                                                            \
  do                                                                                               \
    {                                                                                              \
      g_autofree char *path = g_strdup_printf ("/hidden/%s/" name, systems[i]);                    \
      g_test_add (path, Fixture, systems[i], fixture_setup, func, fixture_teardown);               \
    }                                                                                              \
  while (0)
      ADD ("hide-undo-redo", test_hide_undo_redo);
      ADD ("refused", test_refused);
      ADD ("next-fight-shows-everyone", test_next_fight_shows_everyone);
      ADD ("file-round-trip", test_file_round_trip);
      ADD ("file-unknown-id", test_file_unknown_id);
#undef ADD
    }
  return g_test_run ();
}
