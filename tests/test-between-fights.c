/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Between fights (help/C/pause-and-end.page, "Between fights"): after an
 * End the GM says what the NPCs who fought carry into the next fight:
 * they start it fresh (the default, when the GM says nothing), keep their
 * wounds and conditions, or the defeated ones leave the encounter. Each
 * choice is one undoable step, in every rule system, since the campaign
 * owns the encounter whatever its system.
 */

#include "config.h"

#include "tkr-core.h"

static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

typedef struct
{
  const char *system;
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrTracker *tracker;
  TkrEncounter *encounter;
  TkrCharacter *alice;    /* a PC */
  TkrCharacter *library;  /* the library's Goblin */
  TkrCharacter *goblin;   /* "Goblin 2", in the encounter */
  TkrCharacter *goblin_3; /* "Goblin 3", in the encounter */
  GRand *rand;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = NULL;

  f->system = data;
  rules = tkr_rules_new_from_resource (f->system, &error);
  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  f->tracker = tkr_campaign_get_tracker (f->campaign);
  f->encounter = TKR_ENCOUNTER (f->tracker);
  f->rand = g_rand_new_with_seed (20261124);

  f->alice = tkr_campaign_add_pc (f->campaign, "Alice");
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, f->alice, &error));
  f->library = tkr_campaign_add_npc (f->campaign, "Goblin");
  /* Every sheet has some Health to lose, whatever the rule data's default. */
  g_assert_true (tkr_character_edit_pool (f->library, f->history, TKR_POOL_HEALTH, 6, 6, &error));
  f->goblin = tkr_campaign_add_to_encounter (f->campaign, f->library, &error);
  f->goblin_3 = tkr_campaign_add_to_encounter (f->campaign, f->library, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_name (f->goblin), ==, "Goblin 2");
  g_assert_cmpstr (tkr_character_get_name (f->goblin_3), ==, "Goblin 3");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->campaign);
  g_clear_pointer (&f->rand, g_rand_free);
}

static char *
snapshot (Fixture *f)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (f->campaign);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static int
health (TkrCharacter *character)
{
  return tkr_pool_get_current (tkr_character_get_pool (character, TKR_POOL_HEALTH));
}

static guint
n_conditions (TkrCharacter *character)
{
  return g_list_model_get_n_items (tkr_character_get_conditions (character));
}

static void
transition (Fixture *f, TkrPhase phase)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_tracker_transition (f->tracker, phase, &error));
  g_assert_no_error (error);
}

/* A fight: Goblin 2 ends it at Health 0 and Marked, Goblin 3 hurt, Alice
 * hurt; the encounter is left in the End. */
static void
fight (Fixture *f)
{
  g_autoptr (GError) error = NULL;

  transition (f, TKR_PHASE_SETUP);
  g_assert_true (tkr_encounter_roll_missing (f->encounter, f->rand, &error));
  g_assert_no_error (error);
  transition (f, TKR_PHASE_MAIN);
  tkr_character_adjust_pool (f->goblin, f->history, TKR_POOL_HEALTH, -100);
  g_assert_nonnull (tkr_character_add_condition (f->goblin, f->history,
                                                 tkr_campaign_get_rules (f->campaign), "Marked", 1,
                                                 TKR_TURN_NONE, &error));
  tkr_character_adjust_pool (f->goblin_3, f->history, TKR_POOL_HEALTH, -2);
  tkr_character_adjust_pool (f->alice, f->history, TKR_POOL_HEALTH, -1);
  transition (f, TKR_PHASE_END);
  g_assert_cmpint (health (f->goblin), ==, 0);
  g_assert_cmpint (health (f->goblin_3), ==, 4);
}

static void
assert_wounds_kept (Fixture *f)
{
  g_assert_cmpint (health (f->goblin), ==, 0);
  g_assert_cmpuint (n_conditions (f->goblin), ==, 1);
  g_assert_cmpint (health (f->goblin_3), ==, 4);
}

static void
assert_fresh (Fixture *f)
{
  g_assert_cmpint (health (f->goblin), ==, 6);
  g_assert_cmpuint (n_conditions (f->goblin), ==, 0);
  g_assert_cmpint (health (f->goblin_3), ==, 6);
}

/* The rule of the default: the GM ends a fight, goes back to Freeplay and
 * starts the next one without choosing: the NPCs start it fresh, in the
 * step that begins the Setup (one undo gives back the wounds and
 * Freeplay). PCs are never touched: they rest. */
static void
test_default_is_fresh (Fixture *f, gconstpointer data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *redone = NULL;

  g_assert_false (tkr_campaign_awaits_between_fights (f->campaign));
  fight (f);
  g_assert_true (tkr_campaign_awaits_between_fights (f->campaign));
  transition (f, TKR_PHASE_FREEPLAY);
  g_assert_true (tkr_campaign_awaits_between_fights (f->campaign));
  assert_wounds_kept (f);

  before = snapshot (f);
  transition (f, TKR_PHASE_SETUP);
  after = snapshot (f);
  assert_fresh (f);
  g_assert_cmpint (health (f->alice), <,
                   tkr_pool_get_maximum (tkr_character_get_pool (f->alice, TKR_POOL_HEALTH)));
  g_assert_false (tkr_campaign_awaits_between_fights (f->campaign));

  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_tracker_get_phase (f->tracker), ==, TKR_PHASE_FREEPLAY);
  assert_wounds_kept (f);
  g_assert_true (tkr_campaign_awaits_between_fights (f->campaign));
  {
    g_autofree char *undone = snapshot (f);
    g_assert_cmpstr (undone, ==, before);
  }
  g_assert_true (tkr_history_redo (f->history));
  redone = snapshot (f);
  g_assert_cmpstr (redone, ==, after);
  assert_fresh (f);
}

/* Fresh, chosen in the End: one step that fills every pool of every NPC
 * participant and clears its conditions; undo gives the wounds back. A
 * choice made, the next Setup changes nothing more. */
static void
test_reset (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  guint steps;

  fight (f);
  before = snapshot (f);
  steps = tkr_history_get_n_undo (f->history);
  g_assert_true (tkr_campaign_between_fights (f->campaign, TKR_BETWEEN_FIGHTS_RESET, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  assert_fresh (f);
  g_assert_false (tkr_campaign_awaits_between_fights (f->campaign));

  g_assert_true (tkr_history_undo (f->history));
  assert_wounds_kept (f);
  {
    g_autofree char *undone = snapshot (f);
    g_assert_cmpstr (undone, ==, before);
  }
  g_assert_true (tkr_history_redo (f->history));
  assert_fresh (f);

  /* The GM hurts Goblin 3 on purpose before the next fight: chosen once,
   * the Setup keeps it. */
  transition (f, TKR_PHASE_FREEPLAY);
  tkr_character_adjust_pool (f->goblin_3, f->history, TKR_POOL_HEALTH, -5);
  transition (f, TKR_PHASE_SETUP);
  g_assert_cmpint (health (f->goblin_3), ==, 1);
}

/* Keep: the NPCs carry their wounds and conditions into the next fight.
 * Undoing the choice leaves the default waiting again. */
static void
test_keep (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  fight (f);
  g_assert_true (tkr_campaign_between_fights (f->campaign, TKR_BETWEEN_FIGHTS_KEEP, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_campaign_awaits_between_fights (f->campaign));
  assert_wounds_kept (f);

  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_campaign_awaits_between_fights (f->campaign));
  g_assert_true (tkr_history_redo (f->history));

  transition (f, TKR_PHASE_FREEPLAY);
  transition (f, TKR_PHASE_SETUP);
  assert_wounds_kept (f);
}

/* Remove the defeated: NPC participants at Health 0 leave the encounter,
 * the others keep their state; the library keeps its Goblin. Only in
 * Freeplay (characters leave an encounter before its rounds begin). */
static void
test_remove_defeated (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) participants = NULL;
  g_autofree char *before = NULL;

  fight (f);
  g_assert_false (
    tkr_campaign_between_fights (f->campaign, TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_true (tkr_campaign_awaits_between_fights (f->campaign));

  transition (f, TKR_PHASE_FREEPLAY);
  before = snapshot (f);
  g_assert_true (
    tkr_campaign_between_fights (f->campaign, TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_tracker_has_participant (f->tracker, f->goblin));
  g_assert_true (tkr_tracker_has_participant (f->tracker, f->goblin_3));
  g_assert_true (tkr_tracker_has_participant (f->tracker, f->alice));
  g_assert_cmpint (health (f->goblin_3), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (f->campaign)), ==, 1);
  g_assert_false (tkr_campaign_awaits_between_fights (f->campaign));

  /* One undo brings Goblin 2 back, in its place. */
  g_assert_true (tkr_history_undo (f->history));
  participants = tkr_tracker_list_participants (f->tracker);
  g_assert_cmpuint (participants->len, ==, 3);
  g_assert_true (g_ptr_array_index (participants, 1) == f->goblin);
  {
    g_autofree char *undone = snapshot (f);
    g_assert_cmpstr (undone, ==, before);
  }
  g_assert_true (tkr_history_redo (f->history));
  g_assert_false (tkr_tracker_has_participant (f->tracker, f->goblin));

  /* The survivor starts the next fight as it left the last. */
  transition (f, TKR_PHASE_SETUP);
  g_assert_cmpint (health (f->goblin_3), ==, 4);
}

/* The choice is made between fights: refused while one is set up or runs,
 * and nothing changes. */
static void
test_refused_during_a_fight (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  guint steps;

  transition (f, TKR_PHASE_SETUP);
  steps = tkr_history_get_n_undo (f->history);
  for (TkrBetweenFights choice = TKR_BETWEEN_FIGHTS_RESET;
       choice <= TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED; choice++)
    {
      g_assert_false (tkr_campaign_between_fights (f->campaign, choice, &error));
      g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
      g_clear_error (&error);
    }
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps);
}

/* The waiting default is in the file (the log's lines), so a campaign
 * saved between fights still starts the next one fresh; the file saves
 * the same bytes again. */
static void
test_file_keeps_the_default (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (GPtrArray) participants = NULL;
  TkrTracker *tracker;

  fight (f);
  transition (f, TKR_PHASE_FREEPLAY);
  bytes = tkr_campaign_to_bytes (f->campaign);
  loaded = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));
  g_assert_true (tkr_campaign_awaits_between_fights (loaded));

  tracker = tkr_campaign_get_tracker (loaded);
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
  g_assert_no_error (error);
  participants = tkr_tracker_list_participants (tracker);
  g_assert_cmpint (health (g_ptr_array_index (participants, 1)), ==, 6);
}

/* A switch of rule system between fights starts the next fight in the
 * other system: the NPCs are fresh too, unless the GM kept them. */
static void
test_switch_system_is_a_next_fight (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const char *other = g_str_equal (f->system, "d20") ? "pf2e" : "d20";

  fight (f);
  transition (f, TKR_PHASE_FREEPLAY);
  g_assert_true (tkr_campaign_set_rule_system (f->campaign, other, &error));
  g_assert_no_error (error);
  assert_fresh (f);
  g_assert_true (tkr_history_undo (f->history));
  assert_wounds_kept (f);

  g_assert_true (tkr_campaign_between_fights (f->campaign, TKR_BETWEEN_FIGHTS_KEEP, &error));
  g_assert_true (tkr_campaign_set_rule_system (f->campaign, other, &error));
  g_assert_no_error (error);
  assert_wounds_kept (f);
}

int
main (int argc, char *argv[])
{
  static const struct
  {
    const char *name;
    void (*func) (Fixture *, gconstpointer);
  } cases[] = {
    { "default-is-fresh", test_default_is_fresh },
    { "reset", test_reset },
    { "keep", test_keep },
    { "remove-defeated", test_remove_defeated },
    { "refused-during-a-fight", test_refused_during_a_fight },
    { "file-keeps-the-default", test_file_keeps_the_default },
    { "switch-system-is-a-next-fight", test_switch_system_is_a_next_fight },
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
      {
        g_autofree char *path =
          g_strdup_printf ("/between-fights/%s/%s", systems[i], cases[j].name);

        g_test_add (path, Fixture, systems[i], fixture_set_up, cases[j].func, fixture_tear_down);
      }
  return g_test_run ();
}
