/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Every rule system's encounter behind the one TkrTracker interface: the
 * application drives any of them the same way (phases, rounds, turns, log,
 * files), so these checks run on each system.
 */

#include "config.h"

#include "tkr-ap-encounter.h"
#include "tkr-core.h"
#include "tkr-d20-encounter.h"
#include "tkr-pf2e-encounter.h"

typedef TkrTracker *(*TrackerFactory) (TkrHistory *history);

static TkrTracker *
kleptonomicon_tracker (TkrHistory *history)
{
  return TKR_TRACKER (tkr_klep_encounter_new (tkr_rules_get_default (), history));
}

static TkrRules *
system_rules (const char *id)
{
  g_autoptr (GError) error = NULL;
  TkrRules *rules = tkr_rules_new_from_resource (id, &error);

  g_assert_no_error (error);
  return rules;
}

static TkrTracker *
pf2e_tracker (TkrHistory *history)
{
  g_autoptr (TkrRules) rules = system_rules ("pf2e");
  g_autoptr (GError) error = NULL;
  TkrPf2eEncounter *encounter = tkr_pf2e_encounter_new (rules, history, &error);

  g_assert_no_error (error);
  return TKR_TRACKER (encounter);
}

static TkrTracker *
d20_tracker (TkrHistory *history)
{
  g_autoptr (TkrRules) rules = system_rules ("d20");
  g_autoptr (GError) error = NULL;
  TkrD20Encounter *encounter = tkr_d20_encounter_new (rules, history, NULL, &error);

  g_assert_no_error (error);
  return TKR_TRACKER (encounter);
}

static TkrTracker *
action_points_tracker (TkrHistory *history)
{
  g_autoptr (TkrRules) rules = system_rules ("action-points");

  return TKR_TRACKER (tkr_ap_encounter_new (rules, history, NULL));
}

typedef struct
{
  const char *system;
  TrackerFactory factory;
} System;

static const System systems[] = {
  { "kleptonomicon", kleptonomicon_tracker },
  { "pf2e", pf2e_tracker },
  { "d20", d20_tracker },
  { "action-points", action_points_tracker },
};

/* Phases of Play (seed 000): an encounter starts in Freeplay, and Freeplay
 * leads only to Setup. */
static void
test_tracker_starts_in_freeplay (gconstpointer data)
{
  const System *system = data;
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrTracker) tracker = system->factory (history);
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (tkr_tracker_get_rule_system (tracker), ==, system->system);
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 0);
  g_assert_true (tkr_tracker_can_transition (tracker, TKR_PHASE_SETUP));
  g_assert_false (tkr_tracker_can_transition (tracker, TKR_PHASE_END));

  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_END, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_FREEPLAY);
}

/* A turn change outside Main is refused, not a crash. */
static void
test_tracker_no_turns_outside_main (gconstpointer data)
{
  const System *system = data;
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrTracker) tracker = system->factory (history);
  g_autoptr (GError) error = NULL;

  g_assert_false (tkr_tracker_next_turn (tracker, &error));
  g_assert_nonnull (error);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 0);
}

/* Going to Setup is one undoable step, and the phase is a notifying property. */
static void
test_tracker_transition_undoes (gconstpointer data)
{
  const System *system = data;
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrTracker) tracker = system->factory (history);
  g_autoptr (GError) error = NULL;
  TkrPhase phase;

  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
  g_assert_no_error (error);
  g_object_get (tracker, "phase", &phase, NULL);
  g_assert_cmpint (phase, ==, TKR_PHASE_SETUP);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_FREEPLAY);
}

static void
test_tracker_log_and_file (gconstpointer data)
{
  const System *system = data;
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrTracker) tracker = system->factory (history);
  g_autoptr (JsonNode) node = NULL;

  g_assert_true (G_IS_LIST_MODEL (tkr_tracker_get_log (tracker)));
  node = tkr_tracker_to_json (tracker);
  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      const System *system = &systems[i];
      struct
      {
        const char *name;
        GTestDataFunc func;
      } cases[] = {
        { "starts-in-freeplay", test_tracker_starts_in_freeplay },
        { "no-turns-outside-main", test_tracker_no_turns_outside_main },
        { "transition-undoes", test_tracker_transition_undoes },
        { "log-and-file", test_tracker_log_and_file },
      };

      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        {
          g_autofree char *path = g_strdup_printf ("/tracker/%s/%s", system->system, cases[j].name);
          g_test_add_data_func (path, system, cases[j].func);
        }
    }

  return g_test_run ();
}
