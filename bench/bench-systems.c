/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * How each rule system's core scales with the size of an encounter
 * (default 100, 1,000 and 10,000 NPCs), driven through the campaign as
 * the application drives it:
 *
 *   build   adding N NPCs to the encounter (one step each, as the GM adds
 *           them from the library) and going through Setup to Main with
 *           the system's own initiative (typed in or rolled on a seeded
 *           GRand), in seconds
 *   turn    tkr_tracker_next_turn, the median of single turns
 *   member  the same per member of the slots whose turns began, where a
 *           slot holds more than one: a Kleptonomicon NPC group acts in one
 *           turn (help/C/turn-order.page), so its turn touches every member and
 *           grows with the group; per member it should not
 *   spend   one of the turn's resources spent by whoever is on turn
 *           (Kleptonomicon: a Beat; PF2e: one action; d20: the action;
 *           Action-Point: an action of 1 AP), undone after each so the
 *           resource is there again; each is the median of single
 *           spends, the undo is timed apart, and so is the first spend
 *           after the order is set ("first")
 *
 * Each cost is printed absolute, as a ratio to the same system's N=100 run
 * (the first size given), as a multiple of a floor measured in the same
 * run (one recorded-free g_object_set of an int property with notify, the
 * least any change to a sheet costs) and as a share of a 16.7 ms frame.
 * A ratio near 1 says the cost does not grow with the encounter.
 *
 * Usage: bench-systems [--system ID] [--cap SECONDS] [N...]
 * "react" is a reaction (Beat, reaction) spent off turn by the last NPC to
 * join, where the system allows one: a check that the combatant takes
 * part which walks the list shows here and not in "spend", whose
 * combatant is near the front.
 *
 * Each system runs once untimed at the first size before the sizes are
 * measured, so that the first measured run is not the one that pays for
 * loading the rules and warming the caches.
 *
 * A build that passes the cap (default 20 s) stops adding and goes on with
 * the NPCs it has; the table says so.
 *
 * Where the kernel allows it (perf_event_open), each turn and spend is
 * also counted in instructions retired in user space: unlike a time, the
 * count does not grow when a larger encounter no longer fits the
 * processor's caches or the machine is busy, so its ratio says whether the
 * work itself grows with the encounter.
 */

#include "config.h"

#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#include "tkr-ap-encounter.h"
#include "tkr-core.h"
#include "tkr-d20-encounter.h"
#include "tkr-pf2e-encounter.h"

#define FRAME (1.0 / 60.0)
#define MAX_SIZES 16

static const char *const npc_names[] = { "Goblin", "Orc", "Kobold", "Bandit", "Wolf" };

typedef struct
{
  const char *system;
  int asked;         /* N asked for */
  int n;             /* N reached (less when the cap stopped the build) */
  double add;        /* seconds */
  double main;       /* seconds, Setup to the running phase */
  int turns;         /* how many turns and spends were timed */
  double turn;       /* seconds per turn */
  double turn_instr; /* instructions per turn (median), 0 when not counted */
  double member_instr;
  double spend_instr;
  double member_turn; /* seconds per turn and member of the slots whose turns began */
  double first;       /* seconds for the first spend after the order is set */
  double spend;       /* seconds per spend */
  double undo;        /* seconds per undo of a spend */
  double react;       /* seconds per reaction of the last to join, 0 if none */
  double teardown;
  gboolean ok;
} Result;

static int instr_fd = -1;

/* Instructions this thread retired in user space so far, or -1. */
static double
instructions (void)
{
#ifdef __linux__
  long long count;

  if (instr_fd >= 0 && read (instr_fd, &count, sizeof count) == sizeof count)
    return (double) count;
#endif
  return -1;
}

static void
open_instruction_counter (void)
{
#ifdef __linux__
  struct perf_event_attr attr = { 0 };

  attr.type = PERF_TYPE_HARDWARE;
  attr.size = sizeof attr;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  instr_fd = (int) syscall (__NR_perf_event_open, &attr, 0, -1, -1, 0);
#endif
}

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Each turn, spend and undo is timed alone and the median is kept: on a
 * machine shared with other work, the operations another process
 * interrupted are the slow ones, and they do not move the median. */
static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *times)
{
  g_array_sort (times, compare_doubles);
  return times->len > 0 ? g_array_index (times, double, times->len / 2) : 0;
}

static void
check (gboolean result, GError *error, const char *what)
{
  if (!result)
    g_error ("%s: %s", what, error != NULL ? error->message : "failed");
}

/* Setup to the running phase with the system's own commands. */
static void
reach_main (TkrCampaign *campaign, GRand *rand, double deadline)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  const char *system = tkr_campaign_get_rule_system (campaign);
  GError *error = NULL;

  if (g_str_equal (system, "kleptonomicon"))
    {
      /* NPCs only: the Setup groups them by Edge and needs no test. */
      TkrKlepEncounter *encounter = TKR_KLEP_ENCOUNTER (tracker);

      check (tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error), error, "begin setup");
      check (tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error), error, "begin main");
    }
  else if (g_str_equal (system, "pf2e"))
    {
      /* Rolled, one roll per creature, in one step; ties among the GM's
       * creatures go by order of entry. */
      TkrPf2eEncounter *encounter = TKR_PF2E_ENCOUNTER (tracker);

      check (tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error), error, "begin setup");
      check (tkr_pf2e_encounter_roll_remaining (encounter, rand, &error), error, "roll");
      check (tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error), error, "begin main");
    }
  else if (g_str_equal (system, "d20"))
    {
      /* Typed in, all different: rolled results tie and every tie needs
       * contest rolls before Main (see the report of this benchmark). */
      TkrD20Encounter *encounter = TKR_D20_ENCOUNTER (tracker);
      GListModel *combatants = tkr_d20_encounter_get_creatures (encounter);
      guint n = g_list_model_get_n_items (combatants);

      check (tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error), error, "begin setup");
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (TkrD20Combatant) combatant = g_list_model_get_item (combatants, i);
          TkrD20Roll roll = tkr_d20_roll_typed ((int) (n - i));

          check (tkr_d20_encounter_roll_initiative (encounter, combatant, &roll, &error), error,
                 "initiative");
          if (now () > deadline)
            {
              g_print ("  d20: typing initiative passed the cap after %u of %u\n", i + 1, n);
              deadline = G_MAXDOUBLE;
            }
        }
      check (tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error), error, "begin main");
    }
  else
    {
      /* Main puts the opening Reset due; its Finesse rolls come from the
       * seeded GRand, typed in. */
      TkrApEncounter *encounter = TKR_AP_ENCOUNTER (tracker);
      GListModel *combatants = tkr_ap_encounter_get_members (encounter);
      g_autoptr (TkrTypedRolls) rolls = tkr_typed_rolls_new ();

      check (tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_SETUP, &error), error,
             "setup");
      check (tkr_encounter_transition (TKR_ENCOUNTER (encounter), TKR_PHASE_MAIN, &error), error,
             "main");
      for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
        {
          g_autoptr (TkrApCombatant) combatant = g_list_model_get_item (combatants, i);
          int sides = tkr_ap_combatant_get_finesse_die (combatant);

          tkr_ap_rolls_set_finesse (rolls, combatant, g_rand_int_range (rand, 1, sides + 1));
        }
      check (tkr_ap_encounter_run_reset (encounter, rolls, &error), error, "reset");
    }
  g_assert (tkr_tracker_get_phase (tracker) == TKR_PHASE_MAIN);
}

/* Spends one turn resource of whoever is on turn. */
static void
spend_one (TkrCampaign *campaign)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  const char *system = tkr_campaign_get_rule_system (campaign);
  GError *error = NULL;

  if (g_str_equal (system, "kleptonomicon"))
    {
      TkrKlepEncounter *encounter = TKR_KLEP_ENCOUNTER (tracker);
      TkrKlepTurnEntry *entry = tkr_klep_encounter_get_current_entry (encounter);
      g_autoptr (TkrKlepCombatant) combatant =
        g_list_model_get_item (tkr_klep_turn_entry_get_members (entry), 0);

      check (tkr_klep_encounter_spend_beat (encounter, combatant, FALSE, &error), error, "beat");
    }
  else if (g_str_equal (system, "pf2e"))
    {
      TkrPf2eEncounter *encounter = TKR_PF2E_ENCOUNTER (tracker);

      check (tkr_pf2e_encounter_spend_actions (
               encounter,
               TKR_PF2E_COMBATANT (tkr_encounter_get_current_slot (TKR_ENCOUNTER (encounter))), 1,
               NULL, &error),
             error, "action");
    }
  else if (g_str_equal (system, "d20"))
    {
      TkrD20Encounter *encounter = TKR_D20_ENCOUNTER (tracker);

      check (tkr_d20_encounter_spend (encounter, tkr_d20_encounter_get_current (encounter),
                                      TKR_D20_ACTION, &error),
             error, "action");
    }
  else
    {
      TkrApEncounter *encounter = TKR_AP_ENCOUNTER (tracker);

      check (tkr_ap_encounter_act (encounter, tkr_ap_encounter_get_actor (encounter), 1, &error),
             error, "act");
    }
}

/* How many combatants the current turn slot holds: a Kleptonomicon NPC
 * group's members, who all act in its one turn (help/C/turn-order.page);
 * one elsewhere. */
static guint
slot_members (TkrCampaign *campaign)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);

  if (!TKR_IS_KLEP_ENCOUNTER (tracker))
    return 1;
  return g_list_model_get_n_items (tkr_klep_turn_entry_get_members (
    tkr_klep_encounter_get_current_entry (TKR_KLEP_ENCOUNTER (tracker))));
}

/* The last participant to join, as the system's combatant, or NULL where
 * nobody may spend off turn (Action-Point). */
static gpointer
last_combatant (TkrCampaign *campaign)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  const char *system = tkr_campaign_get_rule_system (campaign);
  g_autoptr (GPtrArray) participants = tkr_tracker_list_participants (tracker);
  TkrCharacter *last = g_ptr_array_index (participants, participants->len - 1);

  if (g_str_equal (system, "kleptonomicon"))
    return tkr_klep_encounter_find_combatant (TKR_KLEP_ENCOUNTER (tracker), last);
  if (g_str_equal (system, "pf2e"))
    return tkr_encounter_find_combatant (TKR_ENCOUNTER (tracker), last);
  if (g_str_equal (system, "d20"))
    return tkr_d20_encounter_find (TKR_D20_ENCOUNTER (tracker), last);
  return NULL;
}

/* A reaction by @combatant, off its turn: every system checks first that
 * the combatant takes part, so this shows what that check costs for the
 * last one to join. */
static void
react (TkrCampaign *campaign, gpointer combatant)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  const char *system = tkr_campaign_get_rule_system (campaign);
  GError *error = NULL;

  if (g_str_equal (system, "kleptonomicon"))
    check (tkr_klep_encounter_spend_beat (TKR_KLEP_ENCOUNTER (tracker), combatant, TRUE, &error),
           error, "reaction");
  else if (g_str_equal (system, "pf2e"))
    check (tkr_pf2e_encounter_use_reaction (TKR_PF2E_ENCOUNTER (tracker), combatant, NULL, &error),
           error, "reaction");
  else
    check (
      tkr_d20_encounter_spend (TKR_D20_ENCOUNTER (tracker), combatant, TKR_D20_REACTION, &error),
      error, "reaction");
}

static void
run (Result *r, double cap)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (2024);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrTracker *tracker;
  TkrCharacter *templates[G_N_ELEMENTS (npc_names)];
  GError *error = NULL;
  double t0, deadline, spent = 0, undone = 0;

  check (tkr_campaign_set_rule_system (campaign, r->system, &error), error, "switch");
  tracker = tkr_campaign_get_tracker (campaign);
  for (guint i = 0; i < G_N_ELEMENTS (npc_names); i++)
    {
      templates[i] = tkr_campaign_add_npc (campaign, npc_names[i]);
      /* Five Edges make five NPC groups in the Kleptonomicon's Setup. */
      if (g_str_equal (r->system, "kleptonomicon"))
        tkr_character_set_modifier (templates[i], NULL, TKR_MODIFIER_KIND_SAVE, "Edge", (int) i,
                                    NULL);
    }

  t0 = now ();
  deadline = t0 + cap;
  for (r->n = 0; r->n < r->asked; r->n++)
    {
      TkrCharacter *template = templates[r->n % G_N_ELEMENTS (npc_names)];

      if (tkr_campaign_add_to_encounter (campaign, template, &error) == NULL)
        check (FALSE, error, "add to encounter");
      if (now () > deadline)
        {
          r->n++;
          break;
        }
    }
  r->add = now () - t0;

  t0 = now ();
  reach_main (campaign, rand, t0 + cap);
  r->main = now () - t0;

  r->turns = MIN (r->n, 200);

  /* The first command after the order is set, timed apart: it once built
   * the engine's lookup of combatants by character (3 ms at 10,000 in
   * Pathfinder 2e); that lookup now follows the list as Setup fills it. */
  t0 = now ();
  spend_one (campaign);
  r->first = now () - t0;
  g_assert_true (tkr_history_undo (history));

  {
    g_autoptr (GArray) spends = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr (GArray) undos = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr (GArray) counts = g_array_new (FALSE, FALSE, sizeof (double));

    for (int k = 0; k < r->turns; k++)
      {
        double t1, i0, i1;

        i0 = instructions ();
        t0 = now ();
        spend_one (campaign);
        t1 = now ();
        i1 = instructions () - i0;
        g_array_append_val (counts, i1);
        g_assert_true (tkr_history_undo (history));
        spent = t1 - t0;
        undone = now () - t1;
        g_array_append_val (spends, spent);
        g_array_append_val (undos, undone);
      }
    r->spend = median (spends);
    r->undo = median (undos);
    r->spend_instr = instr_fd >= 0 ? median (counts) : 0;
  }

  {
    gpointer last = last_combatant (campaign);

    g_autoptr (GArray) reacts = g_array_new (FALSE, FALSE, sizeof (double));

    for (int k = 0; last != NULL && k < r->turns; k++)
      {
        t0 = now ();
        react (campaign, last);
        spent = now () - t0;
        g_array_append_val (reacts, spent);
        g_assert_true (tkr_history_undo (history));
      }
    r->react = median (reacts);
  }

  {
    g_autoptr (GArray) turns = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr (GArray) per_member = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr (GArray) counts = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr (GArray) member_counts = g_array_new (FALSE, FALSE, sizeof (double));

    for (int k = 0; k < r->turns; k++)
      {
        double turned, counted, i0;

        i0 = instructions ();
        t0 = now ();
        check (tkr_tracker_next_turn (tracker, &error), error, "next turn");
        turned = now () - t0;
        counted = instructions () - i0;
        g_array_append_val (turns, turned);
        g_array_append_val (counts, counted);
        turned /= slot_members (campaign);
        counted /= slot_members (campaign);
        g_array_append_val (per_member, turned);
        g_array_append_val (member_counts, counted);
      }
    r->turn = median (turns);
    r->member_turn = median (per_member);
    r->turn_instr = instr_fd >= 0 ? median (counts) : 0;
    r->member_instr = instr_fd >= 0 ? median (member_counts) : 0;
  }

  t0 = now ();
  g_clear_object (&campaign);
  r->teardown = now () - t0;
  r->ok = TRUE;
}

/* The floor: one g_object_set of an int property with notify, outside any
 * history, on a sheet of the same system. */
static double
measure_floor (void)
{
  g_autoptr (TkrCharacter) character =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_NPC, "Floor");
  int reps = 100000;
  double t0 = now ();

  for (int k = 0; k < reps; k++)
    g_object_set (character, "wealth", k, NULL);
  return (now () - t0) / reps;
}

static void
print_cost (const char *label, double cost, double base, double floor)
{
  g_print ("  %-6s %9.2f us  x%-6.2f  %7.1f floors  %6.3f%% of a frame\n", label, cost * 1e6,
           base > 0 ? cost / base : 0, cost / floor, 100 * cost / FRAME);
}

static void
print_count (const char *label, double count, double base)
{
  if (count > 0)
    g_print ("  %-6s %9.0f instructions  x%-6.2f\n", label, count, base > 0 ? count / base : 0);
}

int
main (int argc, char *argv[])
{
  const char *const *systems = tkr_tracker_get_rule_systems ();
  static Result all[4][MAX_SIZES];
  const char *only = NULL;
  int sizes[MAX_SIZES], n_sizes = 0;
  double cap = 20, floor;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--system") && i + 1 < argc)
        only = argv[++i];
      else if (g_str_equal (argv[i], "--cap") && i + 1 < argc)
        cap = g_ascii_strtod (argv[++i], NULL);
      else if (n_sizes < MAX_SIZES && atoi (argv[i]) >= 2)
        sizes[n_sizes++] = atoi (argv[i]);
      else
        {
          g_printerr ("Usage: %s [--system ID] [--cap SECONDS] [N...]\n", argv[0]);
          return 2;
        }
    }
  if (n_sizes == 0)
    {
      sizes[n_sizes++] = 100;
      sizes[n_sizes++] = 1000;
      sizes[n_sizes++] = 10000;
    }

  open_instruction_counter ();
  floor = measure_floor ();
  g_print ("floor (g_object_set of one int with notify): %.3f us; frame %.1f ms\n", floor * 1e6,
           FRAME * 1e3);
  g_print ("ratios are to the first size (%d) of the same system\n\n", sizes[0]);

  for (guint s = 0; systems[s] != NULL && s < G_N_ELEMENTS (all); s++)
    {
      Result *results = all[s];

      if (only != NULL && !g_str_equal (only, systems[s]))
        continue;
      /* One untimed run at the first size first: the first run in a
       * process pays for loading the rules, type registration and cold
       * caches, which would skew every ratio to it. */
      {
        Result warm = { systems[s], sizes[0] };

        run (&warm, cap);
      }
      for (int i = 0; i < n_sizes; i++)
        {
          Result *r = &results[i];

          r->system = systems[s];
          r->asked = sizes[i];
          run (r, cap);
          g_print ("%s, N=%d%s: build %.3f s (add %.3f s, to Main %.3f s), %d turns, "
                   "teardown %.3f s\n",
                   r->system, r->n, r->n < r->asked ? " (capped)" : "", r->add + r->main, r->add,
                   r->main, r->turns, r->teardown);
          print_cost ("turn", r->turn, results[0].turn, floor);
          if (r->member_turn < r->turn)
            print_cost ("member", r->member_turn, results[0].member_turn, floor);
          print_cost ("first", r->first, results[0].first, floor);
          print_cost ("spend", r->spend, results[0].spend, floor);
          print_cost ("undo", r->undo, results[0].undo, floor);
          print_count ("turn", r->turn_instr, results[0].turn_instr);
          if (r->member_turn < r->turn)
            print_count ("member", r->member_instr, results[0].member_instr);
          print_count ("spend", r->spend_instr, results[0].spend_instr);
          if (r->react > 0)
            print_cost ("react", r->react, results[0].react, floor);
        }
      g_print ("\n");
    }

  g_print ("%-14s %6s %9s %9s %6s %9s %6s %9s %6s %9s %6s\n", "system", "N", "build s", "turn us",
           "x", "spend us", "x", "undo us", "x", "react us", "x");
  for (guint s = 0; s < G_N_ELEMENTS (all); s++)
    for (int i = 0; i < n_sizes; i++)
      {
        Result *r = &all[s][i], *base = &all[s][0];

        if (!r->ok)
          continue;
        g_print ("%-14s %6d%s %8.3f %9.2f %6.2f %9.2f %6.2f %9.2f %6.2f %9.2f %6.2f\n", r->system,
                 r->n, r->n < r->asked ? "*" : " ", r->add + r->main, r->turn * 1e6,
                 r->turn / base->turn, r->spend * 1e6, r->spend / base->spend, r->undo * 1e6,
                 r->undo / base->undo, r->react * 1e6,
                 base->react > 0 ? r->react / base->react : 0);
      }
  g_print ("x: ratio to N=%d of the same system; * a build stopped by the cap (--cap %.0f s)\n",
           sizes[0], cap);
  if (instr_fd >= 0)
    {
      g_print ("\n%-14s %6s %12s %6s %12s %6s %12s %6s\n", "system", "N", "turn instr", "x",
               "member", "x", "spend instr", "x");
      for (guint s = 0; s < G_N_ELEMENTS (all); s++)
        for (int i = 0; i < n_sizes; i++)
          {
            Result *r = &all[s][i], *base = &all[s][0];

            if (!r->ok)
              continue;
            g_print (
              "%-14s %6d %12.0f %6.2f %12.0f %6.2f %12.0f %6.2f\n", r->system, r->n, r->turn_instr,
              base->turn_instr > 0 ? r->turn_instr / base->turn_instr : 0, r->member_instr,
              base->member_instr > 0 ? r->member_instr / base->member_instr : 0, r->spend_instr,
              base->spend_instr > 0 ? r->spend_instr / base->spend_instr : 0);
          }
      g_print ("instructions retired in user space, medians; a turn's work is the same at "
               "any size when x stays near 1\n");
    }
  else
    g_print ("(no instruction counts: perf_event_open is not allowed here)\n");
  return 0;
}
