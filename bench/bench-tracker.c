/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The Encounter page as a GM runs a fight with it (the table tracker and,
 * beside it, the system's details pane of the selected row) in a real
 * window with a large encounter (default 1,000 combatants), in every rule
 * system: the main thread's CPU time for
 * a GM's action until the next frame is painted, for
 *
 *   next turn, a typed "-1" on the current combatant's health, and
 *   spending one of its turn resources,
 *
 * printed as a ratio to one 16.7 ms frame, next to the same measure for a
 * bare window repainting a label (the floor). Medians of repeated runs.
 * Run under a display: xvfb-run -a ./build/bench/bench-tracker [N [SYSTEM]].
 * It never fails: the numbers are to read.
 */

#include "config.h"

#include <adwaita.h>
#include <time.h>

#include "tkr-core.h"
#include "tkr-encounter-page.h"
#include "tkr-table-tracker.h"

#define FRAME_US 16667.0
#define REPEATS 15

static double
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void
painted_cb (GdkFrameClock *clock, gboolean *painted)
{
  *painted = TRUE;
}

/* Spins the main loop until @window has painted a frame. */
static void
wait_for_paint (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gboolean painted = FALSE;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), &painted);

  gtk_widget_queue_draw (window);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values, guint n)
{
  qsort (values, n, sizeof (double), compare_doubles);
  return values[n / 2];
}

typedef void (*Action) (TkrEncounter *encounter, GtkLabel *label);

/* CPU of @action and the frame after it, median of REPEATS. */
static double
measure (GtkWidget *window, TkrEncounter *encounter, GtkLabel *label, Action action)
{
  double times[REPEATS];

  for (guint i = 0; i < REPEATS; i++)
    {
      double start = thread_cpu_us ();

      action (encounter, label);
      wait_for_paint (window);
      times[i] = thread_cpu_us () - start;
    }
  return median (times, REPEATS);
}

static void
floor_action (TkrEncounter *encounter, GtkLabel *label)
{
  static int count;
  g_autofree char *text = g_strdup_printf ("%d", ++count);

  gtk_label_set_text (label, text);
}

static TkrCombatant *
current_combatant (TkrEncounter *encounter)
{
  GObject *slot = tkr_encounter_get_current_slot (encounter);
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  TkrCombatant *first;

  if (TKR_IS_COMBATANT (slot) || g_list_model_get_n_items (combatants) == 0)
    return TKR_IS_COMBATANT (slot) ? TKR_COMBATANT (slot) : NULL;
  /* A group's turn: the first combatant stands for it (the list keeps it
   * alive). */
  first = g_list_model_get_item (combatants, 0);
  g_object_unref (first);
  return first;
}

static void
next_turn_action (TkrEncounter *encounter, GtkLabel *label)
{
  g_autoptr (GError) error = NULL;

  if (!tkr_encounter_next_turn (encounter, &error))
    g_printerr ("next turn: %s\n", error->message);
}

static void
damage_action (TkrEncounter *encounter, GtkLabel *label)
{
  g_autoptr (GError) error = NULL;

  if (!tkr_encounter_change_health_typed (encounter, current_combatant (encounter), "-1", &error))
    g_printerr ("damage: %s\n", error->message);
}

static void
spend_action (TkrEncounter *encounter, GtkLabel *label)
{
  TkrCombatant *combatant = current_combatant (encounter);
  GListModel *resources = tkr_combatant_get_resources (combatant);
  TkrHistory *history = tkr_encounter_get_history (encounter);
  g_autoptr (TkrResource) resource = NULL;

  if (g_list_model_get_n_items (resources) == 0)
    return;
  resource = g_list_model_get_item (resources, 0);
  /* Spend one, or give one back when none is left, so it never runs out. */
  tkr_history_begin (history, "Spend");
  tkr_encounter_change_resource (encounter, combatant, tkr_resource_get_id (resource),
                                 tkr_resource_get_current (resource) > 0 ? -1 : 1, NULL);
  tkr_history_end (history);
}

static void
run_system (const char *system, int n, double floor_us)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);
  TkrCharacter *library = tkr_campaign_add_npc (campaign, "Bandit");
  TkrEncounter *encounter;
  GListModel *combatants;
  GtkWidget *window, *page;
  double turn, damage, spend, start;

  for (int i = 0; i < n; i++)
    {
      TkrCharacter *character = i < 4 ? tkr_campaign_add_pc (campaign, "Hero") : library;

      tkr_campaign_add_to_encounter (campaign, character, NULL);
    }
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  if (!tkr_encounter_begin_setup (encounter, &error) ||
      !tkr_encounter_roll_missing (encounter, rand, &error) ||
      !tkr_encounter_begin_main (encounter, &error))
    {
      g_printerr ("%s: %s\n", system, error->message);
      return;
    }
  /* Health enough for every "-1" to come. */
  combatants = tkr_encounter_get_combatants (encounter);
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);
      TkrPool *health =
        tkr_character_get_pool (tkr_combatant_get_character (combatant), TKR_POOL_HEALTH);

      g_object_set (health, "maximum", 9000, "current", 9000, NULL);
    }

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  page = tkr_encounter_page_new ();
  start = thread_cpu_us ();
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (page), campaign);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_paint (window);
  g_print ("%-14s %6d  first frame %8.1f ms", system, n, (thread_cpu_us () - start) / 1e3);

  turn = measure (window, encounter, NULL, next_turn_action);
  damage = measure (window, encounter, NULL, damage_action);
  spend = measure (window, encounter, NULL, spend_action);
  g_print ("  next turn %7.2f ms %5.2f fr %5.1fx floor"
           "  damage %7.2f ms %5.2f fr %5.1fx floor"
           "  spend %7.2f ms %5.2f fr %5.1fx floor\n",
           turn / 1e3, turn / FRAME_US, turn / floor_us, damage / 1e3, damage / FRAME_US,
           damage / floor_us, spend / 1e3, spend / FRAME_US, spend / floor_us);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
  const char *const *systems;
  GtkWidget *window, *label;
  double floor_us;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-tracker needs a display (xvfb-run -a)\n");
      return 0;
    }
  adw_init ();

  /* The floor: a bare window repainting one label. */
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  label = gtk_label_new ("0");
  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_paint (window);
  floor_us = measure (window, NULL, GTK_LABEL (label), floor_action);
  gtk_window_destroy (GTK_WINDOW (window));
  g_print ("floor (a bare window repainting a label): %.2f ms, %.3f of a 16.7 ms frame\n",
           floor_us / 1e3, floor_us / FRAME_US);

  systems = tkr_tracker_get_rule_systems ();
  for (guint i = 0; systems[i] != NULL; i++)
    if (argc <= 2 || g_str_equal (argv[2], systems[i]))
      run_system (systems[i], n, floor_us);
  g_print ("fr: the main thread's CPU from the action to the next painted frame, in 16.7 ms "
           "frames (within one frame: below 1.00)\n");
  return 0;
}
