/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * What the player view (help/C/player-view.page) costs the GM's window,
 * with a large encounter (default 1,000 combatants), in every rule
 * system. In one run, the GM's Encounter page in a real window:
 *
 *   first alone: the main thread's CPU time for a GM's action (next turn,
 *   a typed "-1" on the current combatant's health) until the GM's window
 *   has painted its next frame;
 *
 *   then with the player view open in a second window: the same actions
 *   until both windows have painted. The difference is what the player
 *   view costs per change, printed as a ratio to one 16.7 ms frame;
 *
 *   and how long after the change the player view paints it: the time
 *   from the action to the player window's next painted frame, in
 *   frames, and whether what it then shows (whose turn, the health) is
 *   already the new state.
 *
 * Medians of repeated runs. Run under a display:
 * xvfb-run -a ./build/bench/bench-player-view [N [SYSTEM]].
 * It never fails: the numbers are to read.
 */

#include "config.h"

#include <adwaita.h>
#include <time.h>

#include "tkr-core.h"
#include "tkr-encounter-page.h"
#include "tkr-player-row.h"
#include "tkr-player-window.h"
#include "tkr-tracker-row.h"

#define FRAME_US 16667.0
#define REPEATS 15
/* A window that has nothing new to paint is not waited for longer. */
#define PAINT_WAIT_US 250000

static double
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

typedef struct
{
  gboolean painted;
  gint64 at;      /* monotonic time of the first paint */
  gboolean shown; /* the view showed the new state when it painted */
  gpointer check_data;
  gboolean (*check) (gpointer data);
} Paint;

static void
painted_cb (GdkFrameClock *clock, Paint *paint)
{
  if (paint->painted)
    return;
  paint->painted = TRUE;
  paint->at = g_get_monotonic_time ();
  paint->shown = paint->check != NULL && paint->check (paint->check_data);
}

static void
wait_for_paint (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  Paint paint = { 0 };
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), &paint);

  gtk_widget_queue_draw (window);
  while (!paint.painted)
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

typedef struct
{
  TkrEncounter *encounter;
  TkrPlayerView *view; /* NULL without the player view */
  char *expected_turn;
  TkrCombatant *damaged;
  int expected_health;
} Bench;

typedef void (*Action) (Bench *bench);

static TkrCombatant *
current_combatant (TkrEncounter *encounter)
{
  GObject *slot = tkr_encounter_get_current_slot (encounter);
  TkrCombatant *combatant = tkr_tracker_slot_get_combatant (slot);
  g_autoptr (GListModel) members = NULL;
  g_autoptr (GObject) first = NULL;

  if (combatant != NULL)
    return combatant;
  /* A group's turn: its first member. */
  g_object_get (slot, "members", &members, NULL);
  first = g_list_model_get_item (members, 0);
  return TKR_COMBATANT (first);
}

static void
next_turn_action (Bench *bench)
{
  g_autoptr (GError) error = NULL;
  GObject *slot;
  TkrCombatant *combatant;

  if (!tkr_encounter_next_turn (bench->encounter, &error))
    g_printerr ("next turn: %s\n", error->message);
  slot = tkr_encounter_get_current_slot (bench->encounter);
  combatant = tkr_tracker_slot_get_combatant (slot);
  g_free (bench->expected_turn);
  if (combatant != NULL)
    bench->expected_turn = g_strdup (tkr_combatant_get_name (combatant));
  else
    g_object_get (slot, "name", &bench->expected_turn, NULL);
}

static gboolean
shows_turn (gpointer data)
{
  Bench *bench = data;

  return bench->view != NULL &&
         strstr (tkr_player_view_get_turn_text (bench->view), bench->expected_turn) != NULL;
}

static void
damage_action (Bench *bench)
{
  g_autoptr (GError) error = NULL;

  bench->damaged = current_combatant (bench->encounter);
  if (!tkr_encounter_change_health_typed (bench->encounter, bench->damaged, "-1", &error))
    g_printerr ("damage: %s\n", error->message);
  bench->expected_health = tkr_combatant_get_health (bench->damaged);
}

/* The damaged combatant's row (the current slot's, on screen) shows its
 * new health in numbers. */
static gboolean
shows_health (gpointer data)
{
  Bench *bench = data;
  g_autofree char *text = g_strdup_printf ("%d /", bench->expected_health);
  GtkWidget *list;

  if (bench->view == NULL)
    return FALSE;
  list = GTK_WIDGET (
    gtk_widget_get_template_child (GTK_WIDGET (bench->view), TKR_TYPE_PLAYER_VIEW, "list_view"));
  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);

      if (TKR_IS_PLAYER_ROW (row) &&
          g_strcmp0 (tkr_player_row_get_name_text (TKR_PLAYER_ROW (row)),
                     tkr_combatant_get_name (bench->damaged)) == 0 &&
          g_str_has_prefix (tkr_player_row_get_health_text (TKR_PLAYER_ROW (row)), text))
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  double cpu_us;     /* median */
  double latency_us; /* median, action to the player window's paint */
  guint shown;       /* paints that showed the new state */
  guint player_paints;
} Result;

/* @action, then until the GM's window (and the player window, when
 * open) painted; medians of REPEATS. */
static Result
measure (
  GtkWidget *gm, GtkWidget *player, Bench *bench, Action action, gboolean (*check) (gpointer))
{
  double times[REPEATS], latency[REPEATS];
  Result result = { 0 };
  guint n_latency = 0;

  for (guint i = 0; i < REPEATS; i++)
    {
      Paint gm_paint = { 0 }, player_paint = { 0 };
      GdkFrameClock *gm_clock = gtk_widget_get_frame_clock (gm);
      GdkFrameClock *player_clock = player != NULL ? gtk_widget_get_frame_clock (player) : NULL;
      gulong gm_handler, player_handler = 0;
      gint64 begun = g_get_monotonic_time (), deadline;
      double start = thread_cpu_us ();

      player_paint.check = check;
      player_paint.check_data = bench;
      gm_handler = g_signal_connect (gm_clock, "after-paint", G_CALLBACK (painted_cb), &gm_paint);
      if (player_clock != NULL)
        player_handler =
          g_signal_connect (player_clock, "after-paint", G_CALLBACK (painted_cb), &player_paint);
      action (bench);
      gtk_widget_queue_draw (gm);
      deadline = g_get_monotonic_time () + PAINT_WAIT_US;
      while (!gm_paint.painted ||
             (player != NULL && !player_paint.painted && g_get_monotonic_time () < deadline))
        g_main_context_iteration (NULL, !gm_paint.painted);
      times[i] = thread_cpu_us () - start;
      g_signal_handler_disconnect (gm_clock, gm_handler);
      if (player_clock != NULL)
        {
          g_signal_handler_disconnect (player_clock, player_handler);
          if (player_paint.painted)
            {
              latency[n_latency++] = player_paint.at - begun;
              result.player_paints++;
              result.shown += player_paint.shown;
            }
        }
    }
  result.cpu_us = median (times, REPEATS);
  result.latency_us = n_latency > 0 ? median (latency, n_latency) : -1;
  return result;
}

static void
run_system (const char *system, int n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  TkrCharacter *library = tkr_campaign_add_npc (campaign, "Bandit");
  Bench bench = { 0 };
  GListModel *combatants;
  GtkWidget *gm, *page, *player;
  Result turn_alone, damage_alone, turn_with, damage_with;

  for (int i = 0; i < n; i++)
    tkr_campaign_add_to_encounter (campaign,
                                   i < 4 ? tkr_campaign_add_pc (campaign, "Hero") : library, NULL);
  bench.encounter = tkr_campaign_get_encounter (campaign);
  if (!tkr_encounter_begin_setup (bench.encounter, &error) ||
      !tkr_encounter_roll_missing (bench.encounter, rand, &error) ||
      !tkr_encounter_begin_main (bench.encounter, &error))
    {
      g_printerr ("%s: %s\n", system, error->message);
      return;
    }
  combatants = tkr_encounter_get_combatants (bench.encounter);
  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

      g_object_set (
        tkr_character_get_pool (tkr_combatant_get_character (combatant), TKR_POOL_HEALTH),
        "maximum", 9000, "current", 9000, NULL);
    }

  gm = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (gm), 1280, 800);
  page = tkr_encounter_page_new ();
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (page), campaign);
  gtk_window_set_child (GTK_WINDOW (gm), page);
  gtk_window_present (GTK_WINDOW (gm));
  wait_for_paint (gm);

  /* The GM's window alone. */
  turn_alone = measure (gm, NULL, &bench, next_turn_action, NULL);
  damage_alone = measure (gm, NULL, &bench, damage_action, NULL);

  /* With the player view open beside it (numbers, so a "-1" shows). */
  player = GTK_WIDGET (tkr_player_window_open (GTK_WINDOW (gm), G_OBJECT (page), NULL));
  g_object_set (player, "health-mode", "numbers", NULL);
  gtk_window_set_default_size (GTK_WINDOW (player), 1280, 800);
  bench.view = tkr_player_window_get_view (TKR_PLAYER_WINDOW (player));
  wait_for_paint (player);
  wait_for_paint (gm);
  turn_with = measure (gm, player, &bench, next_turn_action, shows_turn);
  damage_with = measure (gm, player, &bench, damage_action, shows_health);

  g_print ("%-14s %5d  next turn: alone %6.2f ms, with the player view %6.2f ms: costs %+5.2f fr;"
           " paints it after %4.1f fr (%u/%u showed it)\n",
           system, n, turn_alone.cpu_us / 1e3, turn_with.cpu_us / 1e3,
           (turn_with.cpu_us - turn_alone.cpu_us) / FRAME_US, turn_with.latency_us / FRAME_US,
           turn_with.shown, turn_with.player_paints);
  g_print ("%-14s %5s  damage:    alone %6.2f ms, with the player view %6.2f ms: costs %+5.2f fr;"
           " paints it after %4.1f fr (%u/%u showed it)\n",
           "", "", damage_alone.cpu_us / 1e3, damage_with.cpu_us / 1e3,
           (damage_with.cpu_us - damage_alone.cpu_us) / FRAME_US, damage_with.latency_us / FRAME_US,
           damage_with.shown, damage_with.player_paints);
  g_free (bench.expected_turn);
  gtk_window_destroy (GTK_WINDOW (gm));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

int
main (int argc, char *argv[])
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
  const char *const *systems;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-player-view needs a display (xvfb-run -a)\n");
      return 0;
    }
  adw_init ();

  systems = tkr_tracker_get_rule_systems ();
  for (guint i = 0; systems[i] != NULL; i++)
    if (argc <= 2 || g_str_equal (argv[2], systems[i]))
      run_system (systems[i], n);
  g_print ("ms: the main thread's CPU from the action until the windows painted (medians of %d);"
           " fr: 16.7 ms frames; costs: with the player view minus alone, per change; paints it"
           " after: from the action to the player window's next painted frame\n",
           REPEATS);
  return 0;
}
