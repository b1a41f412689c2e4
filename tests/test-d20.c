/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"
#include "tkr-d20-encounter.h"
#include "tkr-d20-travel.h"
#include "tkr-fields.h"
#include "tkr-initiative.h"
#include "tkr-list-sync.h"

/*
 * The d20 system (seed 003): initiative (d20 + Agility) with ties settled
 * by contests, surprise, the turn's action, bonus action, reaction and
 * movement, the common actions, rests and Exhaustion, travel, falling,
 * breath, the end's experience, undo of every command and files.
 */

typedef struct
{
  TkrRules *rules;
  TkrHistory *history;
  GRand *rand;
  TkrD20Encounter *encounter;
  TkrCharacter *alice, *bob, *orc;
  TkrD20Combatant *a, *b, *o;
} Fixture;

static void
ok (gboolean result, GError *error)
{
  g_assert_no_error (error);
  g_assert_true (result);
}

static TkrCharacter *
new_character (TkrRules *rules, TkrCharacterKind kind, const char *name, int agility)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *character = tkr_character_new (rules, kind, name);

  g_assert_true (tkr_character_set_modifier (character, NULL, TKR_MODIFIER_KIND_SAVE, "Agility",
                                             agility, &error));
  g_assert_no_error (error);
  return character;
}

/* Joins @character through the engine; its d20 creature, or NULL. */
static TkrD20Combatant *
join (TkrD20Encounter *encounter, TkrCharacter *character, GError **error)
{
  if (!tkr_encounter_add_participant (TKR_ENCOUNTER (encounter), character, error))
    return NULL;
  return tkr_d20_encounter_find (encounter, character);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  f->rules = tkr_rules_new_from_resource ("d20", &error);
  g_assert_no_error (error);
  f->history = tkr_history_new ();
  f->rand = g_rand_new_with_seed (20);
  f->encounter = tkr_d20_encounter_new (f->rules, f->history, f->rand, &error);
  g_assert_no_error (error);
  f->alice = new_character (f->rules, TKR_CHARACTER_KIND_PC, "Alice", 3);
  f->bob = new_character (f->rules, TKR_CHARACTER_KIND_PC, "Bob", 1);
  f->orc = new_character (f->rules, TKR_CHARACTER_KIND_NPC, "Orc", 0);
  f->a = join (f->encounter, f->alice, &error);
  g_assert_no_error (error);
  f->b = join (f->encounter, f->bob, &error);
  g_assert_no_error (error);
  f->o = join (f->encounter, f->orc, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->encounter);
  g_clear_object (&f->history);
  g_clear_object (&f->alice);
  g_clear_object (&f->bob);
  g_clear_object (&f->orc);
  g_clear_object (&f->rules);
  g_rand_free (f->rand);
}

static void
type_initiative (Fixture *f, TkrD20Combatant *combatant, int total)
{
  GError *error = NULL;
  TkrD20Roll roll = tkr_d20_roll_typed (total);

  ok (tkr_d20_encounter_roll_initiative (f->encounter, combatant, &roll, &error), error);
}

/* Main with the order Alice (18), Orc (12), Bob (7). */
static void
start_main (Fixture *f)
{
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 18);
  type_initiative (f, f->b, 7);
  type_initiative (f, f->o, 12);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
}

static TkrD20Combatant *
order_at (Fixture *f, guint index)
{
  g_autoptr (TkrD20Combatant) combatant =
    g_list_model_get_item (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter)), index);

  return combatant;
}

static void
next_turn (Fixture *f)
{
  GError *error = NULL;

  ok (tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), &error), error);
}

static gboolean
log_mentions (Fixture *f, const char *text)
{
  GListModel *log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

      if (strstr (tkr_log_entry_get_text (entry), text) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Rule data */

static void
test_rules_section (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", &error);
  g_autoptr (TkrD20Encounter) encounter = NULL;
  g_auto (GStrv) actions = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (tkr_rules_get_die_sides (rules), ==, 20);
  encounter = tkr_d20_encounter_new (rules, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_tracker_get_rule_system (TKR_TRACKER (encounter)), ==, "d20");

  /* Common actions: the list comes from the rule data. */
  actions = tkr_d20_encounter_list_common_actions (encounter);
  g_assert_cmpuint (g_strv_length (actions), ==, 9);
  g_assert_true (g_strv_contains ((const char *const *) actions, "attack"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "cast-a-spell"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "dash"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "dodge"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "equip"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "hide"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "interact"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "use-item"));
  g_assert_true (g_strv_contains ((const char *const *) actions, "wait"));
}

static void
test_rules_missing_section (void)
{
  g_autoptr (GError) error = NULL;
  TkrD20Encounter *encounter = tkr_d20_encounter_new (tkr_rules_get_default (), NULL, NULL, &error);

  g_assert_null (encounter);
  g_assert_error (error, TKR_RULES_ERROR, TKR_RULES_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "d20"));
}

/* Initiative (seed): d20 + Agility, rolled or typed in. */

static void
test_initiative_rolled (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  g_autoptr (GRand) copy = g_rand_copy (f->rand);
  int die;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  /* The same seed gives the same die: d20, plus Alice's Agility 3. */
  die = g_rand_int_range (copy, 1, 21);
  ok (tkr_d20_encounter_roll_initiative (f->encounter, f->a, NULL, &error), error);
  g_assert_true (tkr_d20_combatant_has_initiative (f->a));
  g_assert_cmpint (tkr_d20_combatant_get_initiative (f->a), ==, die + 3);
  g_assert_cmpint (tkr_d20_combatant_get_initiative (f->a), >=, 4);
  g_assert_cmpint (tkr_d20_combatant_get_initiative (f->a), <=, 23);

  type_initiative (f, f->b, 11);
  g_assert_cmpint (tkr_d20_combatant_get_initiative (f->b), ==, 11);
  g_assert_true (log_mentions (f, "typed in"));
}

static void
test_initiative_agility_from_sheet_or_gm (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  g_assert_cmpint (tkr_d20_combatant_get_agility (f->a), ==, 3);
  g_assert_cmpint (tkr_d20_combatant_get_agility (f->b), ==, 1);
  ok (tkr_d20_encounter_set_agility (f->encounter, f->o, 2, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_agility (f->o), ==, 2);
  g_assert_false (tkr_d20_encounter_set_agility (f->encounter, f->o, 500, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Orc"));
  g_clear_error (&error);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_d20_combatant_get_agility (f->o), ==, 0);
}

static void
test_initiative_highest_first (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 18);
  type_initiative (f, f->b, 7);
  /* Everyone needs initiative before the rounds begin. */
  g_assert_false (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE);
  g_assert_nonnull (strstr (error->message, "Orc"));
  g_clear_error (&error);
  type_initiative (f, f->o, 12);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);

  g_assert_true (order_at (f, 0) == f->a);
  g_assert_true (order_at (f, 1) == f->o);
  g_assert_true (order_at (f, 2) == f->b);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);
}

static void
tiebreak (Fixture *f, TkrD20Combatant *combatant, int total)
{
  GError *error = NULL;
  TkrD20Roll roll = tkr_d20_roll_typed (total);

  ok (tkr_d20_encounter_roll_tiebreak (f->encounter, combatant, &roll, &error), error);
}

/* Counts what a list model emitted. */
typedef struct
{
  guint signals;
  guint removed;
  guint added;
} Changes;

static void
count_changes (GListModel *model, guint position, guint removed, guint added, Changes *changes)
{
  changes->signals++;
  changes->removed += removed;
  changes->added += added;
}

static gpointer
item_at (GListModel *model, guint index)
{
  g_autoptr (GObject) item = g_list_model_get_item (model, index);

  return item; /* the model keeps it */
}

static TkrCombatant *
placed_at (GListModel *order, guint index)
{
  return tkr_order_place_get_combatant (item_at (order, index));
}

/* Seed, Initiative (ties roll again as a contest): the Setup's tentative
 * order and its tied combatants are lists kept by the core after every
 * step and undo, changed only where they change; empty outside the
 * Setup. */
static void
test_initiative_setup_lists (Fixture *f, gconstpointer data)
{
  GListModel *order = tkr_d20_encounter_get_tentative_order (f->encounter);
  GListModel *tied = tkr_d20_encounter_get_tied (f->encounter);
  Changes order_changes = { 0 }, tied_changes = { 0 };
  TkrOrderPlace *orc;
  GError *error = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tied), ==, 0);
  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 3);
  type_initiative (f, f->a, 15);
  type_initiative (f, f->b, 15);
  type_initiative (f, f->o, 12);
  g_assert_true (placed_at (order, 0) == TKR_COMBATANT (f->a));
  g_assert_true (placed_at (order, 1) == TKR_COMBATANT (f->b));
  g_assert_true (placed_at (order, 2) == TKR_COMBATANT (f->o));
  g_assert_cmpuint (tkr_order_place_get_place (item_at (order, 2)), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tied), ==, 2);
  g_assert_true (item_at (tied, 0) == f->a);
  g_assert_true (item_at (tied, 1) == f->b);
  orc = item_at (order, 2);

  /* Bob's contest roll puts him first: one place moves, the tie stays. */
  g_signal_connect (order, "items-changed", G_CALLBACK (count_changes), &order_changes);
  g_signal_connect (tied, "items-changed", G_CALLBACK (count_changes), &tied_changes);
  tiebreak (f, f->b, 7);
  g_assert_cmpuint (order_changes.removed, ==, 1);
  g_assert_cmpuint (order_changes.added, ==, 1);
  g_assert_true (placed_at (order, 0) == TKR_COMBATANT (f->b));
  g_assert_cmpuint (tkr_order_place_get_place (item_at (order, 1)), ==, 2);
  g_assert_true (item_at (order, 2) == orc);
  g_assert_cmpuint (tied_changes.signals, ==, 0);

  /* Alice's roll settles it: both leave the ties. */
  tiebreak (f, f->a, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tied), ==, 0);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpuint (g_list_model_get_n_items (tied), ==, 2);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (placed_at (order, 0) == TKR_COMBATANT (f->a));
  g_assert_true (item_at (order, 2) == orc);

  tiebreak (f, f->b, 7);
  tiebreak (f, f->a, 3);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 0);
  g_signal_handlers_disconnect_by_data (order, &order_changes);
  g_signal_handlers_disconnect_by_data (tied, &tied_changes);
}

/* Seed, Initiative (ties roll again as a contest): a place of the
 * tentative order is tied while its combatant and a neighbour still owe
 * each other a contest roll; the d20 order has no trades of places. */
static void
test_initiative_tied_places (Fixture *f, gconstpointer data)
{
  GListModel *order = tkr_d20_encounter_get_tentative_order (f->encounter);
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 15);
  type_initiative (f, f->b, 15);
  type_initiative (f, f->o, 12);
  g_assert_true (tkr_order_place_get_tied (item_at (order, 0)));
  g_assert_true (tkr_order_place_get_tied (item_at (order, 1)));
  g_assert_false (tkr_order_place_get_tied (item_at (order, 2)));
  for (guint i = 0; i < 3; i++)
    {
      g_assert_null (tkr_order_place_get_earlier (item_at (order, i)));
      g_assert_null (tkr_order_place_get_later (item_at (order, i)));
    }

  /* Bob's roll alone leaves the tie; Alice's settles it. */
  tiebreak (f, f->b, 7);
  g_assert_true (tkr_order_place_get_tied (item_at (order, 0)));
  g_assert_true (tkr_order_place_get_tied (item_at (order, 1)));
  tiebreak (f, f->a, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_false (tkr_order_place_get_tied (item_at (order, i)));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_order_place_get_tied (item_at (order, 0)));
}

static void
test_initiative_ties_contest_typed (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) ties = NULL;
  GError *error = NULL;
  TkrD20Roll roll = tkr_d20_roll_typed (3);

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 15);
  type_initiative (f, f->b, 15);
  type_initiative (f, f->o, 20);

  ties = tkr_d20_encounter_get_ties (f->encounter);
  g_assert_cmpuint (ties->len, ==, 1);
  g_assert_cmpuint (((GPtrArray *) g_ptr_array_index (ties, 0))->len, ==, 2);
  g_assert_false (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE);
  g_assert_nonnull (strstr (error->message, "Alice"));
  g_clear_error (&error);

  /* Not tied: no contest for the Orc. */
  g_assert_false (tkr_d20_encounter_roll_tiebreak (f->encounter, f->o, &roll, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  /* A contest that ties again is rolled again. */
  tiebreak (f, f->a, 10);
  /* Alice waits for Bob's roll in this contest. */
  g_assert_false (tkr_d20_encounter_roll_tiebreak (f->encounter, f->a, &roll, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  tiebreak (f, f->b, 10);
  g_clear_pointer (&ties, g_ptr_array_unref);
  ties = tkr_d20_encounter_get_ties (f->encounter);
  g_assert_cmpuint (ties->len, ==, 1);
  tiebreak (f, f->a, 5);
  tiebreak (f, f->b, 12);
  g_clear_pointer (&ties, g_ptr_array_unref);
  ties = tkr_d20_encounter_get_ties (f->encounter);
  g_assert_cmpuint (ties->len, ==, 0);

  /* The winner goes first, and the order holds round after round. */
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_true (order_at (f, 0) == f->o);
  g_assert_true (order_at (f, 1) == f->b);
  g_assert_true (order_at (f, 2) == f->a);
  for (int i = 0; i < 6; i++)
    next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_true (order_at (f, 0) == f->o);
  g_assert_true (order_at (f, 1) == f->b);
  g_assert_true (order_at (f, 2) == f->a);
}

/* The order while a tie is open (seed, Initiative): the same function
 * orders the Setup's preview and Round 1. Equal contests so far, the one
 * who has rolled more contests goes first; the last tie-break is not the
 * order of joining. */
static void
test_initiative_order_more_contests_first (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) order = NULL;
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 12);
  type_initiative (f, f->b, 12);
  type_initiative (f, f->o, 20);
  order = tkr_d20_encounter_sort_order (f->encounter);
  g_assert_cmpuint (order->len, ==, 3);
  g_assert_true (order->pdata[0] == f->o);
  g_assert_true (order->pdata[1] == f->a);
  g_assert_true (order->pdata[2] == f->b);
  g_clear_pointer (&order, g_ptr_array_unref);

  tiebreak (f, f->a, 10);
  tiebreak (f, f->b, 10);
  tiebreak (f, f->b, 5);
  order = tkr_d20_encounter_sort_order (f->encounter);
  g_assert_true (order->pdata[0] == f->o);
  g_assert_true (order->pdata[1] == f->b);
  g_assert_true (order->pdata[2] == f->a);
  g_clear_pointer (&order, g_ptr_array_unref);

  /* Still tied: the rounds wait for Alice's second contest roll. */
  g_assert_false (tkr_encounter_can_transition (TKR_ENCOUNTER (f->encounter), TKR_PHASE_MAIN));
  tiebreak (f, f->a, 15);
  order = tkr_d20_encounter_sort_order (f->encounter);
  g_assert_true (order->pdata[1] == f->a);
  g_assert_true (order->pdata[2] == f->b);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  for (guint i = 0; i < order->len; i++)
    g_assert_true (order_at (f, i) == order->pdata[i]);
}

static void
test_initiative_ties_contest_rolled (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  guint rounds = 0;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  /* Same Agility for both, so contests tie now and then. */
  ok (tkr_d20_encounter_set_agility (f->encounter, f->b, 3, &error), error);
  type_initiative (f, f->a, 9);
  type_initiative (f, f->b, 9);
  type_initiative (f, f->o, 9);
  for (;;)
    {
      g_autoptr (GPtrArray) ties = tkr_d20_encounter_get_ties (f->encounter);

      if (ties->len == 0)
        break;
      for (guint i = 0; i < ties->len; i++)
        {
          GPtrArray *group = g_ptr_array_index (ties, i);

          for (guint j = 0; j < group->len; j++)
            ok (tkr_d20_encounter_roll_tiebreak (f->encounter, g_ptr_array_index (group, j), NULL,
                                                 &error),
                error);
        }
      g_assert_cmpuint (++rounds, <, 50);
    }
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_true (log_mentions (f, "settle a tie"));
}

static void
test_initiative_changed_resets_contest (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) ties = NULL;
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 15);
  type_initiative (f, f->b, 15);
  type_initiative (f, f->o, 10);
  tiebreak (f, f->a, 14);
  tiebreak (f, f->b, 2);
  /* The Orc's new total joins the tie: a new contest among all three. */
  type_initiative (f, f->o, 15);
  ties = tkr_d20_encounter_get_ties (f->encounter);
  g_assert_cmpuint (ties->len, ==, 1);
  g_assert_cmpuint (((GPtrArray *) g_ptr_array_index (ties, 0))->len, ==, 3);
}

/* The ties as the seed's rule defines them (seed, Initiative), found the
 * slow way: in joining order, each combatant not yet placed with every
 * later one of the same initiative whose contest rolls, as far as both
 * have rolled, are the same. */
static GPtrArray *
reference_ties (Fixture *f)
{
  GListModel *combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (f->encounter));
  guint n = g_list_model_get_n_items (combatants);
  GPtrArray *ties = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autofree gboolean *placed = g_new0 (gboolean, n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrD20Combatant) x = g_list_model_get_item (combatants, i);
      GPtrArray *group = NULL;

      for (guint j = i + 1; !placed[i] && tkr_d20_combatant_has_initiative (x) && j < n; j++)
        {
          g_autoptr (TkrD20Combatant) y = g_list_model_get_item (combatants, j);
          guint common =
            MIN (tkr_d20_combatant_get_n_tiebreaks (x), tkr_d20_combatant_get_n_tiebreaks (y));
          gboolean tied =
            !placed[j] && tkr_d20_combatant_has_initiative (y) &&
            tkr_d20_combatant_get_initiative (x) == tkr_d20_combatant_get_initiative (y);

          for (guint k = 0; tied && k < common; k++)
            tied = tkr_d20_combatant_get_tiebreak (x, k) == tkr_d20_combatant_get_tiebreak (y, k);
          if (!tied)
            continue;
          if (group == NULL)
            {
              group = g_ptr_array_new ();
              g_ptr_array_add (group, x);
              g_ptr_array_add (ties, group);
            }
          g_ptr_array_add (group, y);
          placed[j] = TRUE;
        }
    }
  return ties;
}

static void
assert_ties_as_defined (Fixture *f)
{
  g_autoptr (GPtrArray) ties = tkr_d20_encounter_get_ties (f->encounter);
  g_autoptr (GPtrArray) expected = reference_ties (f);

  g_assert_cmpuint (ties->len, ==, expected->len);
  for (guint i = 0; i < ties->len; i++)
    {
      GPtrArray *group = ties->pdata[i], *want = expected->pdata[i];

      g_assert_cmpmem (group->pdata, group->len * sizeof (gpointer), want->pdata,
                       want->len * sizeof (gpointer));
    }
}

/* Ties are found by initiative value, not by comparing everyone (seed,
 * Initiative: the tie rules hold): the groups and their order agree with
 * the rule's definition through typed and rolled initiative, contest
 * rolls, undo, redo, leaving and joining. */
static void
test_initiative_ties_by_value_hold_the_rules (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) extra = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GRand) rand = g_rand_new_with_seed (403);
  GError *error = NULL;

  for (int i = 0; i < 9; i++)
    {
      g_autofree char *name = g_strdup_printf ("Goblin %d", i);

      g_ptr_array_add (extra, new_character (f->rules, TKR_CHARACTER_KIND_NPC, name, i % 2));
      g_assert_nonnull (join (f->encounter, extra->pdata[i], &error));
    }
  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  /* Alice, Bob and the Orc tie at 10; Alice and the Orc make contest rolls
   * that tell them apart while Bob, who has not rolled, ties with both:
   * he goes with Alice, who joined first. */
  type_initiative (f, f->a, 10);
  type_initiative (f, f->b, 10);
  type_initiative (f, f->o, 10);
  tiebreak (f, f->a, 5);
  tiebreak (f, f->o, 3);
  assert_ties_as_defined (f);
  for (int step = 0; step < 600; step++)
    {
      GListModel *combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (f->encounter));
      guint n = g_list_model_get_n_items (combatants);
      g_autoptr (TkrD20Combatant) someone =
        g_list_model_get_item (combatants, g_rand_int_range (rand, 0, n));
      TkrD20Roll roll = tkr_d20_roll_typed (g_rand_int_range (rand, 1, 4));
      int what = g_rand_int_range (rand, 0, 10);

      if (what < 3)
        ok (tkr_d20_encounter_roll_initiative (f->encounter, someone, &roll, &error), error);
      else if (what < 7)
        tkr_d20_encounter_roll_tiebreak (f->encounter, someone, &roll, NULL);
      else if (what < 8)
        tkr_history_undo (f->history);
      else if (what < 9)
        tkr_history_redo (f->history);
      else if (n > 4)
        ok (tkr_encounter_remove_participant (TKR_ENCOUNTER (f->encounter),
                                              tkr_combatant_get_character (TKR_COMBATANT (someone)),
                                              &error),
            error);
      else
        join (f->encounter, extra->pdata[step % extra->len], NULL); /* or already in */
      assert_ties_as_defined (f);
    }
}

/* Surprise (seed): the surprised skip their first turn only. */
static void
test_surprise_skips_first_turn (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 18);
  type_initiative (f, f->b, 7);
  type_initiative (f, f->o, 12);
  ok (tkr_d20_encounter_set_surprised (f->encounter, f->a, TRUE, &error), error);
  ok (tkr_d20_encounter_set_surprised (f->encounter, f->b, TRUE, &error), error);
  g_assert_true (tkr_d20_encounter_skips_turn (f->encounter, f->a));
  g_assert_false (tkr_d20_encounter_skips_turn (f->encounter, f->o));
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);

  /* Round 1: only the Orc acts. */
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->o);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_true (log_mentions (f, "Alice is surprised and skips their first turn"));
  next_turn (f);
  /* Round 2: everyone, in order. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);
  g_assert_false (tkr_d20_encounter_skips_turn (f->encounter, f->a));
  g_assert_true (log_mentions (f, "Bob is surprised and skips their first turn"));
  next_turn (f);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->o);
  next_turn (f);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->b);
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);

  /* Surprise is decided before the rounds. */
  g_assert_false (tkr_d20_encounter_set_surprised (f->encounter, f->o, TRUE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
}

/* A turn (seed, Rounds & Turns): one action, one bonus action, movement,
 * and one reaction on others' turns. */
static void
test_turn_action_bonus_reaction (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  start_main (f);
  ok (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_ACTION, &error), error);
  g_assert_false (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_ACTION, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_assert_nonnull (strstr (error->message, "Alice"));
  g_clear_error (&error);
  ok (tkr_d20_encounter_refund (f->encounter, f->a, TKR_D20_ACTION, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (f->a), ==, 1);
  g_assert_false (tkr_d20_encounter_refund (f->encounter, f->a, TKR_D20_ACTION, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  ok (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_BONUS_ACTION, &error), error);
  g_assert_false (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_BONUS_ACTION, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_clear_error (&error);
  ok (tkr_d20_encounter_refund (f->encounter, f->a, TKR_D20_BONUS_ACTION, &error), error);

  /* Others act on their own turns only; reactions are for others' turns. */
  g_assert_false (tkr_d20_encounter_spend (f->encounter, f->b, TKR_D20_ACTION, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  g_clear_error (&error);
  g_assert_false (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_REACTION, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  g_clear_error (&error);
  ok (tkr_d20_encounter_spend (f->encounter, f->b, TKR_D20_REACTION, &error), error);
  g_assert_false (tkr_d20_encounter_spend (f->encounter, f->b, TKR_D20_REACTION, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_clear_error (&error);
  ok (tkr_d20_encounter_refund (f->encounter, f->b, TKR_D20_REACTION, &error), error);
  ok (tkr_d20_encounter_spend (f->encounter, f->b, TKR_D20_REACTION, &error), error);

  /* The reaction comes back at the start of Bob's own turn. */
  next_turn (f); /* Orc */
  g_assert_cmpint (tkr_d20_combatant_get_reactions_left (f->b), ==, 0);
  next_turn (f); /* Bob */
  g_assert_cmpint (tkr_d20_combatant_get_reactions_left (f->b), ==, 1);
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (f->b), ==, 1);
  g_assert_cmpint (tkr_d20_combatant_get_bonus_actions_left (f->b), ==, 1);
}

static void
move (Fixture *f, TkrD20Combatant *combatant, const char *kind, int feet, gboolean difficult)
{
  GError *error = NULL;

  ok (tkr_d20_encounter_move (f->encounter, combatant, kind, feet, difficult, &error), error);
}

static void
refuse_move (Fixture *f, TkrD20Combatant *combatant, const char *kind, int feet, gboolean difficult)
{
  GError *error = NULL;

  g_assert_false (tkr_d20_encounter_move (f->encounter, combatant, kind, feet, difficult, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED);
  g_assert_nonnull (strstr (error->message, tkr_combatant_get_name ((TkrCombatant *) combatant)));
  g_error_free (error);
}

/* Movement (seed): each creature moves up to its walking, swimming or
 * flying speed; a new combatant takes those speeds, and its mana, from the
 * sheet's d20 fields, and a sheet without them from its Movement Ranges. */
/* The turn's parts as the engine's resources (seed, Rounds & Turns,
 * Movement): "action", "bonus-action", "reaction" and "movement" in feet,
 * spent by the commands and granted again at the start of a turn. */
static void
test_turn_resources (Fixture *f, gconstpointer data)
{
  const char *ids[] = { "action", "bonus-action", "reaction", "movement" };
  GListModel *resources = tkr_combatant_get_resources (TKR_COMBATANT (f->a));
  TkrCombatant *alice = TKR_COMBATANT (f->a);
  GError *error = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (resources), ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr (TkrResource) resource = g_list_model_get_item (resources, i);

      g_assert_cmpstr (tkr_resource_get_id (resource), ==, ids[i]);
    }
  start_main (f);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);
  g_assert_cmpint (tkr_combatant_get_left (alice, "action"), ==, 1);
  g_assert_cmpint (tkr_combatant_get_left (alice, "movement"), ==, 30);
  ok (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_ACTION, &error), error);
  g_assert_cmpint (tkr_combatant_get_left (alice, "action"), ==, 0);
  move (f, f->a, "walk", 20, FALSE);
  g_assert_cmpint (tkr_combatant_get_left (alice, "movement"), ==, 10);
  ok (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_BONUS_ACTION, &error), error);
  g_assert_cmpint (tkr_combatant_get_left (alice, "bonus-action"), ==, 0);
  next_turn (f);
  next_turn (f);
  next_turn (f);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);
  g_assert_cmpint (tkr_combatant_get_left (alice, "action"), ==, 1);
  g_assert_cmpint (tkr_combatant_get_left (alice, "bonus-action"), ==, 1);
  g_assert_cmpint (tkr_combatant_get_left (alice, "movement"), ==, 30);
}

static void
test_speeds_from_sheet_fields (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrCharacter) harpy = new_character (f->rules, TKR_CHARACTER_KIND_NPC, "Harpy", 2);
  g_autoptr (TkrCharacter) old = tkr_character_new (NULL, TKR_CHARACTER_KIND_NPC, "Old sheet");
  TkrD20Combatant *h, *o;
  GError *error = NULL;

  ok (tkr_character_set_field (harpy, NULL, f->rules, "walk_speed", 20, &error), error);
  ok (tkr_character_set_field (harpy, NULL, f->rules, "fly_speed", 40, &error), error);
  ok (tkr_character_set_field (harpy, NULL, f->rules, "mana_max", 5, &error), error);
  /* The field wins over a Movement Range of the same kind. */
  ok (tkr_character_set_range (harpy, NULL, "Fly", 10, &error), error);
  h = join (f->encounter, harpy, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_d20_combatant_get_speed (h, "walk"), ==, 20);
  g_assert_cmpint (tkr_d20_combatant_get_speed (h, "fly"), ==, 40);
  g_assert_cmpint (tkr_d20_combatant_get_speed (h, "swim"), ==, 0);
  g_assert_cmpint (tkr_d20_combatant_get_mana (h), ==, 5);
  g_assert_cmpint (tkr_d20_combatant_get_mana_max (h), ==, 5);

  /* No speed fields: the Movement Ranges named like the kinds. */
  ok (tkr_character_set_range (old, NULL, "Swim", 15, &error), error);
  o = join (f->encounter, old, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_d20_combatant_get_speed (o, "swim"), ==, 15);
  g_assert_cmpint (tkr_d20_combatant_get_mana_max (o), ==, 0);
}

/* Movement (seed): up to the speed per turn, in pieces. */
static void
test_movement_speed_limit (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  start_main (f);
  g_assert_cmpint (tkr_d20_combatant_get_speed (f->a, "walk"), ==, 30);
  move (f, f->a, "walk", 10, FALSE);
  ok (tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_ACTION, &error), error);
  move (f, f->a, "walk", 20, FALSE);
  refuse_move (f, f->a, "walk", 5, FALSE);
  g_assert_cmpint (tkr_d20_combatant_get_movement_left (f->a, "walk"), ==, 0);

  /* Only on one's own turn; unknown kinds and speeds of 0 are refused. */
  g_assert_false (tkr_d20_encounter_move (f->encounter, f->b, "walk", 5, FALSE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  g_clear_error (&error);
  g_assert_false (tkr_d20_encounter_move (f->encounter, f->a, "teleport", 5, FALSE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tkr_d20_encounter_move (f->encounter, f->a, "fly", 5, FALSE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_MOVEMENT);
  g_clear_error (&error);

  /* A new turn, a new budget. */
  next_turn (f);
  next_turn (f);
  next_turn (f);
  g_assert_cmpint (tkr_d20_combatant_get_movement_left (f->a, "walk"), ==, 30);
}

/* Mixing kinds (seed, Movement): the total stays within the greatest speed
 * used, and each kind within its own speed. */
static void
test_movement_mixed_kinds (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_d20_encounter_set_speed (f->encounter, f->a, "fly", 60, &error), error);
  ok (tkr_d20_encounter_set_speed (f->encounter, f->a, "climb", 15, &error), error);
  ok (tkr_d20_encounter_set_speed (f->encounter, f->o, "swim", 20, &error), error);
  start_main (f);

  /* Alice: walk 20, then fly 40: 60 in all, within her flying speed. */
  move (f, f->a, "walk", 20, FALSE);
  refuse_move (f, f->a, "walk", 15, FALSE); /* walk alone caps at 30 */
  move (f, f->a, "fly", 40, FALSE);
  refuse_move (f, f->a, "walk", 5, FALSE); /* 65 > 60 */
  g_assert_cmpint (tkr_d20_combatant_get_total_moved (f->a), ==, 60);

  /* The Orc: walk 30, swim 20: swimming does not raise the cap above 30. */
  next_turn (f);
  move (f, f->o, "walk", 25, FALSE);
  refuse_move (f, f->o, "swim", 10, FALSE);
  move (f, f->o, "swim", 5, FALSE);
  g_assert_cmpint (tkr_d20_combatant_get_movement_left (f->o, "walk"), ==, 0);

  /* Climbing 15 after walking 20: climb's own limit is 15, total 30. */
  next_turn (f);
  next_turn (f);
  move (f, f->a, "walk", 20, FALSE);
  refuse_move (f, f->a, "climb", 15, FALSE);
  move (f, f->a, "climb", 10, FALSE);
}

/* Difficult terrain (seed): each foot costs one more. */
static void
test_movement_difficult_terrain (Fixture *f, gconstpointer data)
{
  start_main (f);
  move (f, f->a, "walk", 10, TRUE);
  g_assert_cmpint (tkr_d20_combatant_get_moved (f->a, "walk"), ==, 20);
  refuse_move (f, f->a, "walk", 10, TRUE);
  move (f, f->a, "walk", 5, TRUE);
  g_assert_cmpint (tkr_d20_combatant_get_movement_left (f->a, "walk"), ==, 0);
}

/* Dash (seed, Common Actions): the speed once more. */
static void
test_actions_dash (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  start_main (f);
  move (f, f->a, "walk", 30, FALSE);
  refuse_move (f, f->a, "walk", 5, FALSE);
  ok (tkr_d20_encounter_take_action (f->encounter, f->a, "dash", FALSE, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_dashes (f->a), ==, 1);
  g_assert_cmpint (tkr_d20_combatant_get_movement_left (f->a, "walk"), ==, 30);
  move (f, f->a, "walk", 30, FALSE);
  refuse_move (f, f->a, "walk", 5, FALSE);
  /* The action is spent: no second Dash; Dash is not a bonus action. */
  g_assert_false (tkr_d20_encounter_take_action (f->encounter, f->a, "dash", FALSE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_clear_error (&error);
  g_assert_false (tkr_d20_encounter_take_action (f->encounter, f->a, "dash", TRUE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tkr_d20_encounter_take_action (f->encounter, f->a, "fireball", FALSE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND);
  g_clear_error (&error);
}

static void
test_actions_bonus_cast_and_equip (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  start_main (f);
  ok (tkr_d20_encounter_take_action (f->encounter, f->a, "cast-a-spell", TRUE, &error), error);
  ok (tkr_d20_encounter_take_action (f->encounter, f->a, "attack", FALSE, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (f->a), ==, 0);
  g_assert_cmpint (tkr_d20_combatant_get_bonus_actions_left (f->a), ==, 0);
  g_assert_false (tkr_d20_encounter_take_action (f->encounter, f->a, "equip", TRUE, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS);
  g_clear_error (&error);
  g_assert_true (log_mentions (f, "Alice: Cast a Spell"));
}

/* The kind of @combatant's condition @name, or -1 when it has none. */
static int
condition_kind (TkrD20Combatant *combatant, const char *name)
{
  GListModel *conditions = tkr_combatant_get_conditions (TKR_COMBATANT (combatant));

  for (guint i = 0; i < g_list_model_get_n_items (conditions); i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);

      if (g_strcmp0 (tkr_condition_get_name (condition), name) == 0)
        return (int) tkr_condition_get_kind (condition);
    }
  return -1;
}

/* Dodge (seed): a bonus on Evade checks until the start of one's next turn. */
static void
test_actions_dodge_until_next_turn (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  start_main (f);
  ok (tkr_d20_encounter_take_action (f->encounter, f->a, "dodge", FALSE, &error), error);
  g_assert_true (tkr_d20_combatant_get_dodging (f->a));
  /* One status model: Dodging is a Temporary condition in the list. */
  g_assert_cmpint (condition_kind (f->a, "Dodging"), ==, TKR_CONDITION_KIND_TEMPORARY);
  next_turn (f);
  next_turn (f);
  g_assert_true (tkr_d20_combatant_get_dodging (f->a));
  next_turn (f);
  g_assert_false (tkr_d20_combatant_get_dodging (f->a));
  g_assert_cmpint (condition_kind (f->a, "Dodging"), ==, -1);
}

/* Wait (seed): spend the reaction on another's turn to act. */
static void
test_actions_wait_spends_reaction (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  start_main (f);
  g_assert_false (tkr_d20_encounter_act_on_wait (f->encounter, f->b, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  ok (tkr_d20_encounter_take_action (f->encounter, f->a, "wait", FALSE, &error), error);
  g_assert_true (tkr_d20_combatant_get_waiting (f->a));
  /* Not on her own turn. */
  g_assert_false (tkr_d20_encounter_act_on_wait (f->encounter, f->a, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN);
  g_clear_error (&error);
  next_turn (f);
  ok (tkr_d20_encounter_act_on_wait (f->encounter, f->a, &error), error);
  g_assert_false (tkr_d20_combatant_get_waiting (f->a));
  g_assert_cmpint (tkr_d20_combatant_get_reactions_left (f->a), ==, 0);
  /* A wait unused runs out at the start of the next turn. */
  next_turn (f);
  next_turn (f);
  ok (tkr_d20_encounter_take_action (f->encounter, f->a, "wait", FALSE, &error), error);
  next_turn (f);
  next_turn (f);
  next_turn (f);
  g_assert_false (tkr_d20_combatant_get_waiting (f->a));
}

/* Rests (seed, Resting) */

/* The GM sets mana or its maximum: lowering the maximum below the mana
 * lowers the mana; raising the mana above the maximum raises it. */
static void
test_rest_mana_fits_maximum (void)
{
  int mana = 6, mana_max = 4;

  tkr_d20_fit_mana (&mana, &mana_max, TRUE);
  g_assert_cmpint (mana, ==, 4);
  g_assert_cmpint (mana_max, ==, 4);
  mana = 9;
  tkr_d20_fit_mana (&mana, &mana_max, FALSE);
  g_assert_cmpint (mana, ==, 9);
  g_assert_cmpint (mana_max, ==, 9);
  mana = 2;
  tkr_d20_fit_mana (&mana, &mana_max, TRUE);
  g_assert_cmpint (mana, ==, 2);
  g_assert_cmpint (mana_max, ==, 9);
}

static void
test_rest_long_restores_all_mana (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_d20_encounter_set_mana (f->encounter, f->a, 3, 10, &error), error);
  ok (tkr_d20_encounter_long_rest (f->encounter, f->a, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_mana (f->a), ==, 10);
  g_assert_false (tkr_d20_encounter_set_mana (f->encounter, f->a, 11, 10, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
}

static void
test_rest_short_restores_half_spent (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  /* 5 spent: half is 2.5, rounded down to 2. */
  ok (tkr_d20_encounter_set_mana (f->encounter, f->a, 5, 10, &error), error);
  ok (tkr_d20_encounter_short_rest (f->encounter, f->a, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_mana (f->a), ==, 7);
  /* 3 spent: 1 back. */
  ok (tkr_d20_encounter_short_rest (f->encounter, f->a, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_mana (f->a), ==, 8);
  g_assert_cmpint (tkr_d20_short_rest_mana (f->rules, 9, 10), ==, 0);
  g_assert_cmpint (tkr_d20_short_rest_mana (f->rules, 0, 10), ==, 5);
}

static void
stamina_check (Fixture *f, TkrD20Combatant *combatant, int dc, int total)
{
  GError *error = NULL;
  TkrD20Roll roll = tkr_d20_roll_typed (total);

  ok (tkr_d20_encounter_stamina_check (f->encounter, combatant, dc, &roll, &error), error);
}

static void
test_rest_24h_without_long_rest (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrD20Roll roll = tkr_d20_roll_typed (25);

  ok (tkr_d20_encounter_pass_time (f->encounter, 23, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (f->a), ==, 0);
  g_assert_false (tkr_d20_encounter_stamina_check (f->encounter, f->a, -1, &roll, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);

  ok (tkr_d20_encounter_pass_time (f->encounter, 1, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (f->a), ==, 1);
  /* DC 20: 19 fails and gives a level of Exhaustion; 20 passes. */
  stamina_check (f, f->a, -1, 19);
  g_assert_cmpint (tkr_d20_combatant_get_exhaustion (f->a), ==, 1);
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (f->a), ==, 0);
  g_assert_true (log_mentions (f, "DC 20"));
  ok (tkr_d20_encounter_pass_time (f->encounter, 24, &error), error);
  stamina_check (f, f->a, -1, 20);
  g_assert_cmpint (tkr_d20_combatant_get_exhaustion (f->a), ==, 1);

  /* A long rest resets the clock. */
  ok (tkr_d20_encounter_long_rest (f->encounter, f->a, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_hours_since_long_rest (f->a), ==, 0);
  ok (tkr_d20_encounter_pass_time (f->encounter, 12, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (f->a), ==, 0);
}

static void
test_rest_3_days_without_short_rest (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  /* Bob takes long rests but no short one... a long rest counts as one
   * (see tkr_d20_encounter_long_rest), so he rests not at all here and the
   * Orc takes short rests every day. */
  for (int day = 0; day < 3; day++)
    {
      ok (tkr_d20_encounter_pass_time (f->encounter, 24, &error), error);
      ok (tkr_d20_encounter_short_rest (f->encounter, f->o, &error), error);
    }
  /* Three long-rest checks and one short-rest check. */
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (f->b), ==, 4);
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (f->o), ==, 3);
  /* The rolled check adds the sheet's Stamina. */
  ok (tkr_d20_encounter_stamina_check (f->encounter, f->b, -1, NULL, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (f->b), ==, 3);
  g_assert_true (log_mentions (f, "(d20 "));
}

static void
test_rest_refused_in_combat (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  start_main (f);
  g_assert_false (tkr_d20_encounter_long_rest (f->encounter, f->a, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_false (tkr_d20_encounter_pass_time (f->encounter, 1, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
}

/* Travel (seed, Traveling) */

static double
day_miles (TkrRules *rules, TkrD20Pace pace, double hours, double difficult)
{
  GError *error = NULL;
  TkrD20TravelDay day = { pace, hours, difficult, FALSE, 0 };
  double miles = -1;

  ok (tkr_d20_travel_day_distance (rules, &day, &miles, &error), error);
  return miles;
}

static void
test_travel_paces (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);

  g_assert_cmpint (tkr_d20_travel_max_hours_on_foot (rules), ==, 6);
  g_assert_cmpfloat (day_miles (rules, TKR_D20_PACE_HASTY, 6, 0), ==, 36);
  g_assert_cmpfloat (day_miles (rules, TKR_D20_PACE_NORMAL, 6, 0), ==, 24);
  g_assert_cmpfloat (day_miles (rules, TKR_D20_PACE_CAUTIOUS, 6, 0), ==, 12);
  g_assert_cmpfloat (day_miles (rules, TKR_D20_PACE_NORMAL, 3, 0), ==, 12);
  g_assert_cmpstr (tkr_d20_travel_pace_name (rules, TKR_D20_PACE_HASTY), ==, "Hasty");
}

static void
test_travel_difficult_terrain_halves (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);
  GError *error = NULL;
  TkrD20TravelDay bad = { TKR_D20_PACE_NORMAL, 6, 1.5, FALSE, 0 };
  double miles;

  g_assert_cmpfloat (day_miles (rules, TKR_D20_PACE_NORMAL, 6, 1), ==, 12);
  g_assert_cmpfloat (day_miles (rules, TKR_D20_PACE_HASTY, 6, 0.5), ==, 27);
  g_assert_false (tkr_d20_travel_day_distance (rules, &bad, &miles, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
}

static void
test_travel_flying (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);
  GError *error = NULL;
  TkrD20TravelDay day = { TKR_D20_PACE_NORMAL, 6, 0, TRUE, 1 };
  double miles;

  ok (tkr_d20_travel_day_distance (rules, &day, &miles, &error), error);
  g_assert_cmpfloat (miles, ==, 24 + 25);
  /* Not everyone can fly. */
  day.all_flying = FALSE;
  g_assert_false (tkr_d20_travel_day_distance (rules, &day, &miles, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  /* One hour a day at most. */
  day.all_flying = TRUE;
  day.flying_hours = 2;
  g_assert_false (tkr_d20_travel_day_distance (rules, &day, &miles, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "1"));
  g_clear_error (&error);
  day.pace = TKR_D20_PACE_FLYING;
  day.flying_hours = 1;
  g_assert_false (tkr_d20_travel_day_distance (rules, &day, &miles, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (tkr_d20_travel_pace_speed (rules, TKR_D20_PACE_FLYING), ==, 25);
}

static void
test_travel_forced_march_dcs (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);
  g_autoptr (GArray) none = tkr_d20_travel_forced_march_dcs (rules, 6);
  g_autoptr (GArray) dcs = tkr_d20_travel_forced_march_dcs (rules, 9);

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (dcs->len, ==, 3);
  g_assert_cmpint (g_array_index (dcs, int, 0), ==, 11);
  g_assert_cmpint (g_array_index (dcs, int, 1), ==, 12);
  g_assert_cmpint (g_array_index (dcs, int, 2), ==, 13);
  /* Forced marching still covers ground at the pace. */
  g_assert_cmpfloat (day_miles (rules, TKR_D20_PACE_NORMAL, 9, 0), ==, 36);
}

/* Forced March: the check comes at the start of each hour past the limit,
 * so an hour begun counts. */
static void
test_travel_forced_march_hour_begun (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);
  g_autoptr (GArray) half = tkr_d20_travel_forced_march_dcs (rules, 6.5);
  g_autoptr (GArray) six = tkr_d20_travel_forced_march_dcs (rules, 6.0);

  g_assert_cmpuint (six->len, ==, 0);
  g_assert_cmpuint (half->len, ==, 1);
  g_assert_cmpint (g_array_index (half, int, 0), ==, 11);
}

static void
test_travel_forced_march_exhaustion (Fixture *f, gconstpointer data)
{
  g_autoptr (GArray) dcs = tkr_d20_travel_forced_march_dcs (f->rules, 8);

  /* Hour 7: DC 11, passed with 11; hour 8: DC 12, failed with 11. */
  stamina_check (f, f->a, g_array_index (dcs, int, 0), 11);
  g_assert_cmpint (tkr_d20_combatant_get_exhaustion (f->a), ==, 0);
  stamina_check (f, f->a, g_array_index (dcs, int, 1), 11);
  g_assert_cmpint (tkr_d20_combatant_get_exhaustion (f->a), ==, 1);
  g_assert_true (log_mentions (f, "DC 12"));
}

static void
test_travel_pace_threats (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);
  g_auto (GStrv) hasty = tkr_d20_travel_pace_threats (rules, TKR_D20_PACE_HASTY);
  g_auto (GStrv) normal = tkr_d20_travel_pace_threats (rules, TKR_D20_PACE_NORMAL);
  g_auto (GStrv) cautious = tkr_d20_travel_pace_threats (rules, TKR_D20_PACE_CAUTIOUS);
  g_auto (GStrv) flying = tkr_d20_travel_pace_threats (rules, TKR_D20_PACE_FLYING);
  g_auto (GStrv) flying_fails = tkr_d20_travel_pace_fails (rules, TKR_D20_PACE_FLYING);
  const char *const hasty_expected[] = { "Observation", "Stealth", NULL };
  const char *const normal_expected[] = { "Stealth", NULL };
  const char *const observation[] = { "Observation", NULL };

  g_assert_true (g_strv_equal ((const char *const *) hasty, hasty_expected));
  g_assert_true (g_strv_equal ((const char *const *) normal, normal_expected));
  g_assert_cmpuint (g_strv_length (cautious), ==, 0);
  g_assert_true (g_strv_equal ((const char *const *) flying, observation));
  g_assert_true (g_strv_equal ((const char *const *) flying_fails, normal_expected));
}

/* Environment (seed) */

static void
test_falling_wounds_and_reflex (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrD20Roll roll;

  g_assert_cmpint (tkr_d20_fall_wounds (f->rules, 14), ==, 0);
  g_assert_cmpint (tkr_d20_fall_wounds (f->rules, 15), ==, 1);
  g_assert_cmpint (tkr_d20_fall_wounds (f->rules, 44), ==, 2);
  g_assert_cmpint (tkr_d20_fall_reflex_dc (f->rules, 30), ==, 30);

  roll = tkr_d20_roll_typed (30);
  ok (tkr_d20_encounter_fall (f->encounter, f->a, 30, &roll, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_wounds (f->a), ==, 2);
  g_assert_false (tkr_d20_combatant_get_prone (f->a));
  roll = tkr_d20_roll_typed (19);
  ok (tkr_d20_encounter_fall (f->encounter, f->b, 20, &roll, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_wounds (f->b), ==, 1);
  g_assert_true (tkr_d20_combatant_get_prone (f->b));
  g_assert_true (log_mentions (f, "lands prone"));
}

static void
test_breath_seconds_and_rounds (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);

  g_assert_cmpint (tkr_d20_breath_seconds (rules, 0), ==, 120);
  g_assert_cmpint (tkr_d20_breath_seconds (rules, 3), ==, 135);
  g_assert_cmpint (tkr_d20_breath_rounds (rules, 0), ==, 2);
  g_assert_cmpint (tkr_d20_breath_rounds (rules, 3), ==, 3);
  g_assert_cmpint (tkr_d20_breath_rounds (rules, 4), ==, 4);
  g_assert_cmpint (tkr_d20_breath_rounds (rules, -1), ==, 1);
}

/* Suffocating in combat: Alice (Vitality 2) holds for 3 rounds. */
static void
test_breath_in_combat_then_dying (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  g_assert_true (
    tkr_character_set_modifier (f->alice, NULL, TKR_MODIFIER_KIND_SAVE, "Vitality", 2, &error));
  g_assert_false (tkr_d20_encounter_hold_breath (f->encounter, f->a, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_assert_nonnull (strstr (error->message, "130 seconds"));
  g_clear_error (&error);

  start_main (f);
  ok (tkr_d20_encounter_hold_breath (f->encounter, f->a, &error), error);
  g_assert_cmpint (tkr_d20_combatant_get_breath_rounds_left (f->a), ==, 3);
  for (int round = 2; round <= 3; round++)
    {
      next_turn (f);
      next_turn (f);
      next_turn (f);
      g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, round);
      g_assert_false (tkr_d20_combatant_get_dying (f->a));
    }
  next_turn (f);
  next_turn (f);
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 4);
  g_assert_true (tkr_d20_combatant_get_dying (f->a));
  g_assert_true (log_mentions (f, "Dying until they reach air"));
  ok (tkr_d20_encounter_reach_air (f->encounter, f->a, &error), error);
  g_assert_false (tkr_d20_combatant_get_dying (f->a));
  g_assert_false (tkr_d20_combatant_get_holding_breath (f->a));
}

/* Phases */

static void
test_phases_illegal_transitions (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrTracker *tracker = TKR_TRACKER (f->encounter);

  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_clear_error (&error);
  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_END, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_clear_error (&error);
  g_assert_false (tkr_tracker_next_turn (tracker, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  ok (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error), error);
  g_assert_false (tkr_tracker_transition (tracker, TKR_PHASE_PAUSED, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION);
  g_clear_error (&error);
  ok (tkr_tracker_transition (tracker, TKR_PHASE_FREEPLAY, &error), error);
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_FREEPLAY);
}

static void
test_phases_pause_resume (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  TkrTracker *tracker = TKR_TRACKER (f->encounter);

  start_main (f);
  ok (tkr_tracker_transition (tracker, TKR_PHASE_PAUSED, &error), error);
  g_assert_false (tkr_tracker_next_turn (tracker, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  ok (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error), error);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);
}

/* End: XP per PC with a reason, then back to Freeplay. */
static void
test_end_experience (Fixture *f, gconstpointer data)
{
  GError *error = NULL;
  int min_award, max_award;
  TkrTracker *tracker = TKR_TRACKER (f->encounter);

  start_main (f);
  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 100, "won", &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  ok (tkr_tracker_transition (tracker, TKR_PHASE_END, &error), error);
  ok (tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 100,
                                      "drove the orcs off", &error),
      error);
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 100);
  g_assert_true (log_mentions (f, "Alice gains 100 XP: drove the orcs off"));
  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->orc, 10, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (
    tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->bob, 0, NULL, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  /* The engine's award check says the range the rule data allows, the
   * range the view offers. */
  tkr_d20_encounter_get_award_range (f->encounter, &min_award, &max_award);
  g_assert_cmpint (min_award, ==, 1);
  g_assert_cmpint (max_award, ==, 1000);
  g_assert_nonnull (strstr (error->message, "1 to 1000"));
  g_clear_error (&error);

  ok (tkr_tracker_transition (tracker, TKR_PHASE_FREEPLAY, &error), error);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 0);
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter))), ==, 0);
  g_assert_null (tkr_d20_encounter_get_current (f->encounter));
  /* Experience stays after the encounter; undo takes it back. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 0);
}

/* Undo: every command is one step that restores the state exactly. */

typedef gboolean (*Command) (Fixture *f, GError **error);

static void
check_undo (Fixture *f, const char *what, Command command)
{
  g_autoptr (JsonNode) before = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  g_autoptr (JsonNode) changed = NULL;
  g_autoptr (JsonNode) after = NULL;
  g_autoptr (JsonNode) redone = NULL;
  GError *error = NULL;
  int alice_xp = tkr_character_get_experience (f->alice);

  g_test_message ("undo: %s", what);
  ok (command (f, &error), error);
  changed = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  g_assert_false (json_node_equal (before, changed));
  g_assert_true (tkr_history_undo (f->history));
  after = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  g_assert_true (json_node_equal (before, after));
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, alice_xp);
  g_assert_true (tkr_history_redo (f->history));
  redone = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  g_assert_true (json_node_equal (changed, redone));
}

static gboolean
cmd_add (Fixture *f, GError **error)
{
  g_autoptr (TkrCharacter) extra = new_character (f->rules, TKR_CHARACTER_KIND_NPC, "Goblin", 2);
  return join (f->encounter, extra, error) != NULL;
}
static gboolean
cmd_remove (Fixture *f, GError **error)
{
  TkrD20Combatant *last = g_list_model_get_item (tkr_d20_encounter_get_creatures (f->encounter), 3);
  gboolean result = tkr_encounter_remove_participant (
    TKR_ENCOUNTER (f->encounter), tkr_combatant_get_character (TKR_COMBATANT (last)), error);
  g_object_unref (last);
  return result;
}
static gboolean
cmd_agility (Fixture *f, GError **error)
{
  return tkr_d20_encounter_set_agility (f->encounter, f->o, 4, error);
}
static gboolean
cmd_speed (Fixture *f, GError **error)
{
  return tkr_d20_encounter_set_speed (f->encounter, f->o, "swim", 15, error);
}
static gboolean
cmd_mana (Fixture *f, GError **error)
{
  return tkr_d20_encounter_set_mana (f->encounter, f->a, 2, 8, error);
}
static gboolean
cmd_short_rest (Fixture *f, GError **error)
{
  return tkr_d20_encounter_short_rest (f->encounter, f->a, error);
}
static gboolean
cmd_long_rest (Fixture *f, GError **error)
{
  return tkr_d20_encounter_long_rest (f->encounter, f->a, error);
}
static gboolean
cmd_pass_time (Fixture *f, GError **error)
{
  return tkr_d20_encounter_pass_time (f->encounter, 30, error);
}
static gboolean
cmd_stamina (Fixture *f, GError **error)
{
  TkrD20Roll roll = tkr_d20_roll_typed (2);
  return tkr_d20_encounter_stamina_check (f->encounter, f->a, -1, &roll, error);
}
static gboolean
cmd_fall (Fixture *f, GError **error)
{
  TkrD20Roll roll = tkr_d20_roll_typed (2);
  return tkr_d20_encounter_fall (f->encounter, f->a, 40, &roll, error);
}
static gboolean
cmd_begin_setup (Fixture *f, GError **error)
{
  return tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_initiative (Fixture *f, GError **error)
{
  return tkr_d20_encounter_roll_initiative (f->encounter, f->a, NULL, error);
}
static gboolean
cmd_initiative_typed (Fixture *f, GError **error)
{
  TkrD20Roll roll = tkr_d20_roll_typed (15);
  return tkr_d20_encounter_roll_initiative (f->encounter, f->b, &roll, error);
}
static gboolean
cmd_initiative_typed_orc (Fixture *f, GError **error)
{
  TkrD20Roll roll = tkr_d20_roll_typed (15);
  return tkr_d20_encounter_roll_initiative (f->encounter, f->o, &roll, error);
}
static gboolean
cmd_initiative_typed_alice (Fixture *f, GError **error)
{
  TkrD20Roll roll = tkr_d20_roll_typed (20);
  return tkr_d20_encounter_roll_initiative (f->encounter, f->a, &roll, error);
}
static gboolean
cmd_tiebreak_bob (Fixture *f, GError **error)
{
  TkrD20Roll roll = tkr_d20_roll_typed (9);
  return tkr_d20_encounter_roll_tiebreak (f->encounter, f->b, &roll, error);
}
static gboolean
cmd_tiebreak_orc (Fixture *f, GError **error)
{
  return tkr_d20_encounter_roll_tiebreak (f->encounter, f->o, NULL, error);
}
static gboolean
cmd_surprise (Fixture *f, GError **error)
{
  return tkr_d20_encounter_set_surprised (f->encounter, f->o, TRUE, error);
}
static gboolean
cmd_begin_main (Fixture *f, GError **error)
{
  return tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_spend_action (Fixture *f, GError **error)
{
  return tkr_d20_encounter_spend (f->encounter, f->a, TKR_D20_ACTION, error);
}
static gboolean
cmd_refund_action (Fixture *f, GError **error)
{
  return tkr_d20_encounter_refund (f->encounter, f->a, TKR_D20_ACTION, error);
}
static gboolean
cmd_reaction (Fixture *f, GError **error)
{
  return tkr_d20_encounter_spend (f->encounter, f->b, TKR_D20_REACTION, error);
}
static gboolean
cmd_dash (Fixture *f, GError **error)
{
  return tkr_d20_encounter_take_action (f->encounter, f->a, "dash", FALSE, error);
}
static gboolean
cmd_dodge (Fixture *f, GError **error)
{
  return tkr_d20_encounter_take_action (f->encounter, f->a, "dodge", FALSE, error);
}
static gboolean
cmd_wait (Fixture *f, GError **error)
{
  return tkr_d20_encounter_take_action (f->encounter, f->a, "wait", FALSE, error);
}
static gboolean
cmd_move (Fixture *f, GError **error)
{
  return tkr_d20_encounter_move (f->encounter, f->a, "walk", 10, TRUE, error);
}
static gboolean
cmd_next_turn (Fixture *f, GError **error)
{
  return tkr_encounter_next_turn (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_act_on_wait (Fixture *f, GError **error)
{
  return tkr_d20_encounter_act_on_wait (f->encounter, f->a, error);
}
static gboolean
cmd_hold_breath (Fixture *f, GError **error)
{
  return tkr_d20_encounter_hold_breath (f->encounter, f->b, error);
}
static gboolean
cmd_reach_air (Fixture *f, GError **error)
{
  return tkr_d20_encounter_reach_air (f->encounter, f->b, error);
}
static gboolean
cmd_pause (Fixture *f, GError **error)
{
  return tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_resume (Fixture *f, GError **error)
{
  return tkr_encounter_resume (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_end (Fixture *f, GError **error)
{
  return tkr_encounter_end (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_award (Fixture *f, GError **error)
{
  return tkr_encounter_award_experience (TKR_ENCOUNTER (f->encounter), f->alice, 50, "a fine plan",
                                         error);
}
static gboolean
cmd_finish (Fixture *f, GError **error)
{
  return tkr_encounter_finish (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_abandon (Fixture *f, GError **error)
{
  return tkr_encounter_abandon_setup (TKR_ENCOUNTER (f->encounter), error);
}
static gboolean
cmd_log (Fixture *f, GError **error)
{
  tkr_encounter_log_note (TKR_ENCOUNTER (f->encounter), "A note from the GM");
  return TRUE;
}

static void
test_undo_every_command (Fixture *f, gconstpointer data)
{
  check_undo (f, "add", cmd_add);
  check_undo (f, "remove", cmd_remove);
  check_undo (f, "agility", cmd_agility);
  check_undo (f, "speed", cmd_speed);
  check_undo (f, "mana", cmd_mana);
  check_undo (f, "short rest", cmd_short_rest);
  check_undo (f, "long rest", cmd_long_rest);
  check_undo (f, "pass time", cmd_pass_time);
  check_undo (f, "stamina check", cmd_stamina);
  check_undo (f, "fall", cmd_fall);
  check_undo (f, "log", cmd_log);
  check_undo (f, "begin setup", cmd_begin_setup);
  check_undo (f, "abandon setup", cmd_abandon);
  check_undo (f, "begin setup", cmd_begin_setup);
  check_undo (f, "initiative rolled", cmd_initiative);
  check_undo (f, "initiative alice", cmd_initiative_typed_alice);
  check_undo (f, "initiative typed", cmd_initiative_typed);
  check_undo (f, "initiative orc", cmd_initiative_typed_orc);
  check_undo (f, "tiebreak typed", cmd_tiebreak_bob);
  check_undo (f, "tiebreak rolled", cmd_tiebreak_orc);
  check_undo (f, "surprise", cmd_surprise);
  check_undo (f, "begin main", cmd_begin_main);
  /* Alice (20) goes first; the Orc is surprised. */
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);
  check_undo (f, "spend", cmd_spend_action);
  check_undo (f, "refund", cmd_refund_action);
  check_undo (f, "reaction", cmd_reaction);
  check_undo (f, "move", cmd_move);
  check_undo (f, "dodge", cmd_dodge);
  tkr_history_undo (f->history);
  check_undo (f, "dash", cmd_dash);
  tkr_history_undo (f->history);
  check_undo (f, "wait", cmd_wait);
  check_undo (f, "next turn", cmd_next_turn);
  check_undo (f, "act on wait", cmd_act_on_wait);
  check_undo (f, "hold breath", cmd_hold_breath);
  check_undo (f, "reach air", cmd_reach_air);
  check_undo (f, "pause", cmd_pause);
  check_undo (f, "resume", cmd_resume);
  check_undo (f, "end", cmd_end);
  check_undo (f, "award", cmd_award);
  check_undo (f, "finish", cmd_finish);
}

/* previous_turn: back to before the last turn change, with what it reset. */
static void
test_undo_previous_turn (Fixture *f, gconstpointer data)
{
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (JsonNode) after = NULL;
  GError *error = NULL;

  start_main (f);
  g_assert_false (tkr_tracker_previous_turn (TKR_TRACKER (f->encounter), &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);

  move (f, f->a, "walk", 10, FALSE);
  ok (tkr_d20_encounter_take_action (f->encounter, f->a, "dodge", FALSE, &error), error);
  before = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  next_turn (f);
  ok (tkr_d20_encounter_spend (f->encounter, f->o, TKR_D20_ACTION, &error), error);
  move (f, f->o, "walk", 5, FALSE);
  ok (tkr_tracker_previous_turn (TKR_TRACKER (f->encounter), &error), error);
  after = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  g_assert_true (json_node_equal (before, after));
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->a);
  g_assert_cmpint (tkr_d20_combatant_get_moved (f->a, "walk"), ==, 10);
  g_assert_true (tkr_d20_combatant_get_dodging (f->a));
  /* And forward again. */
  g_assert_true (tkr_history_redo (f->history));
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->o);
}

/* Files */

static TkrCharacter *
resolve (const char *id, gpointer user_data)
{
  Fixture *f = user_data;

  if (g_strcmp0 (id, tkr_character_get_id (f->alice)) == 0)
    return f->alice;
  if (g_strcmp0 (id, tkr_character_get_id (f->bob)) == 0)
    return f->bob;
  if (g_strcmp0 (id, tkr_character_get_id (f->orc)) == 0)
    return f->orc;
  return NULL;
}

static void
check_round_trip (Fixture *f)
{
  g_autoptr (JsonNode) saved = tkr_tracker_to_json (TKR_TRACKER (f->encounter));
  g_autoptr (TkrD20Encounter) copy = NULL;
  g_autoptr (JsonNode) again = NULL;
  GError *error = NULL;

  copy = tkr_d20_encounter_new (f->rules, NULL, NULL, &error);
  g_assert_no_error (error);
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), saved, "encounter", resolve, f, &error), error);
  again = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_true (json_node_equal (saved, again));
  g_assert_cmpint (tkr_tracker_get_phase (TKR_TRACKER (copy)), ==,
                   tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)));
}

static void
test_json_round_trip (Fixture *f, gconstpointer data)
{
  GError *error = NULL;

  ok (tkr_d20_encounter_set_mana (f->encounter, f->a, 4, 9, &error), error);
  ok (tkr_d20_encounter_pass_time (f->encounter, 25, &error), error);
  check_round_trip (f);
  ok (tkr_encounter_begin_setup (TKR_ENCOUNTER (f->encounter), &error), error);
  type_initiative (f, f->a, 12);
  type_initiative (f, f->b, 12);
  tiebreak (f, f->a, 4);
  check_round_trip (f);
  tiebreak (f, f->b, 8);
  type_initiative (f, f->o, 3);
  ok (tkr_d20_encounter_set_surprised (f->encounter, f->o, TRUE, &error), error);
  ok (tkr_d20_encounter_set_speed (f->encounter, f->a, "fly", 40, &error), error);
  ok (tkr_encounter_begin_main (TKR_ENCOUNTER (f->encounter), &error), error);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->b);
  ok (tkr_d20_encounter_take_action (f->encounter, f->b, "dash", FALSE, &error), error);
  move (f, f->b, "walk", 35, FALSE);
  ok (tkr_d20_encounter_hold_breath (f->encounter, f->o, &error), error);
  check_round_trip (f);
  ok (tkr_encounter_pause (TKR_ENCOUNTER (f->encounter), &error), error);
  check_round_trip (f);
  ok (tkr_encounter_end (TKR_ENCOUNTER (f->encounter), &error), error);
  check_round_trip (f);
}

/* Files from before the shared engine keep each participant inside its
 * combatant ("ref" or "npc") and have no "participants": they still load,
 * creatures in Freeplay and all, and save in the new shape. */
static void
test_json_legacy_participants_in_combatants (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrD20Encounter) copy = tkr_d20_encounter_new (f->rules, NULL, NULL, NULL);
  g_autoptr (JsonNode) saved = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) orc = tkr_character_to_json (f->orc);
  g_autofree char *npc = json_to_string (orc, FALSE);
  g_autofree char *json = g_strdup_printf (
    "{\"rule_system\": \"d20\", \"phase\": \"freeplay\", \"round\": 0, \"current_index\": -1, "
    "\"combatants\": [{\"ref\": \"%s\", \"mana\": 3, \"mana_max\": 7, \"exhaustion\": 2, "
    "\"speeds\": {\"walk\": 25, \"fly\": 40}}, {\"npc\": %s, \"wounds\": 4}], \"order\": [], "
    "\"log\": []}",
    tkr_character_get_id (f->alice), npc);
  GListModel *participants;
  TkrD20Combatant *alice;
  GError *error = NULL;

  node = json_from_string (json, &error);
  g_assert_no_error (error);
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve, f, &error), error);
  participants = tkr_encounter_get_participants (TKR_ENCOUNTER (copy));
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_d20_encounter_get_creatures (copy)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_encounter_get_combatants (TKR_ENCOUNTER (copy))),
                    ==, 0);
  alice = tkr_d20_encounter_find (copy, f->alice);
  g_assert_nonnull (alice);
  g_assert_cmpint (tkr_d20_combatant_get_mana (alice), ==, 3);
  g_assert_cmpint (tkr_d20_combatant_get_exhaustion (alice), ==, 2);
  g_assert_cmpint (tkr_d20_combatant_get_speed (alice, "fly"), ==, 40);
  g_assert_cmpint (tkr_d20_combatant_get_speed (alice, "swim"), ==, 0);

  saved = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_true (json_object_has_member (json_node_get_object (saved), "participants"));
  g_set_object (&f->encounter, copy);
  check_round_trip (f);
}

/* One status model (docs/ARCHITECTURE.md, "Combatant state"): Prone,
 * Dying and Dodging are TkrConditions in the combatant's list (Dodging
 * Temporary, the others Persistent). Files from before kept them as
 * booleans: those still load into the list, and a round trip of what they
 * save writes the same bytes. */
static void
test_json_old_status_booleans_load_as_conditions (Fixture *f, gconstpointer data)
{
  g_autofree char *json = g_strdup_printf (
    "{\"rule_system\": \"d20\", \"phase\": \"freeplay\", \"round\": 0, "
    "\"current_index\": -1, \"participants\": [{\"ref\": \"%s\"}], \"combatants\": "
    "[{\"prone\": true, \"dying\": true, \"dodging\": true, \"waiting\": true}], "
    "\"order\": [], \"log\": []}",
    tkr_character_get_id (f->alice));
  g_autoptr (TkrD20Encounter) copy = tkr_d20_encounter_new (f->rules, NULL, NULL, NULL);
  g_autoptr (TkrD20Encounter) again = tkr_d20_encounter_new (f->rules, NULL, NULL, NULL);
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) saved = NULL;
  g_autoptr (JsonNode) resaved = NULL;
  g_autofree char *saved_text = NULL;
  g_autofree char *resaved_text = NULL;
  TkrD20Combatant *alice;
  JsonObject *item;
  GError *error = NULL;

  node = json_from_string (json, &error);
  g_assert_no_error (error);
  ok (tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve, f, &error), error);
  alice = tkr_d20_encounter_find (copy, f->alice);
  g_assert_true (tkr_d20_combatant_get_prone (alice));
  g_assert_true (tkr_d20_combatant_get_dying (alice));
  g_assert_true (tkr_d20_combatant_get_dodging (alice));
  g_assert_true (tkr_d20_combatant_get_waiting (alice));
  g_assert_cmpint (condition_kind (alice, "Prone"), ==, TKR_CONDITION_KIND_PERSISTENT);
  g_assert_cmpint (condition_kind (alice, "Dying"), ==, TKR_CONDITION_KIND_PERSISTENT);
  g_assert_cmpint (condition_kind (alice, "Dodging"), ==, TKR_CONDITION_KIND_TEMPORARY);

  saved = tkr_tracker_to_json (TKR_TRACKER (copy));
  item = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (saved), "combatants"), 0);
  g_assert_false (json_object_has_member (item, "prone"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (item, "conditions")), ==,
                    3);
  ok (tkr_tracker_load_json (TKR_TRACKER (again), saved, "encounter", resolve, f, &error), error);
  resaved = tkr_tracker_to_json (TKR_TRACKER (again));
  saved_text = json_to_string (saved, TRUE);
  resaved_text = json_to_string (resaved, TRUE);
  g_assert_cmpstr (saved_text, ==, resaved_text);
  g_assert_true (tkr_d20_combatant_get_prone (tkr_d20_encounter_find (again, f->alice)));
}

static void
refuse_json (Fixture *f, const char *json, const char *path_expected)
{
  g_autoptr (JsonNode) node = json_from_string (json, NULL);
  g_autoptr (TkrD20Encounter) copy = tkr_d20_encounter_new (f->rules, NULL, NULL, NULL);
  g_autoptr (JsonNode) untouched = NULL;
  g_autoptr (JsonNode) fresh = NULL;
  GError *error = NULL;

  g_assert_nonnull (node);
  fresh = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_false (
    tkr_tracker_load_json (TKR_TRACKER (copy), node, "encounter", resolve, f, &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path_expected));
  g_clear_error (&error);
  untouched = tkr_tracker_to_json (TKR_TRACKER (copy));
  g_assert_true (json_node_equal (fresh, untouched));
}

static void
test_json_malformed_refused (Fixture *f, gconstpointer data)
{
  g_autofree char *alice_ref = g_strdup_printf ("{\"ref\": \"%s\", \"mana\": 5, \"mana_max\": 3}",
                                                tkr_character_get_id (f->alice));
  g_autofree char *too_much_mana =
    g_strdup_printf ("{\"phase\": \"freeplay\", \"combatants\": [%s]}", alice_ref);
  g_autofree char *twice = g_strdup_printf (
    "{\"phase\": \"freeplay\", \"combatants\": [{\"ref\": \"%s\"}, {\"ref\": \"%s\"}]}",
    tkr_character_get_id (f->alice), tkr_character_get_id (f->alice));
  g_autofree char *bad_order =
    g_strdup_printf ("{\"phase\": \"main\", \"round\": 1, \"current_index\": 0, \"combatants\": "
                     "[{\"ref\": \"%s\"}], \"order\": [3]}",
                     tkr_character_get_id (f->alice));
  g_autofree char *bad_speed = g_strdup_printf (
    "{\"phase\": \"freeplay\", \"combatants\": [{\"ref\": \"%s\", \"speeds\": {\"warp\": 5}}]}",
    tkr_character_get_id (f->alice));
  g_autofree char *bad_tiebreak = g_strdup_printf (
    "{\"phase\": \"setup\", \"combatants\": [{\"ref\": \"%s\", \"tiebreaks\": [\"x\"]}]}",
    tkr_character_get_id (f->alice));

  refuse_json (f, "[]", "encounter");
  refuse_json (f, "{\"phase\": \"brawl\"}", "encounter.phase");
  refuse_json (f, "{\"phase\": \"main\", \"round\": -4}", "encounter.round");
  refuse_json (f, "{\"phase\": \"main\", \"round\": 1, \"current_index\": 0}",
               "encounter.current_index");
  refuse_json (f, "{\"phase\": \"freeplay\", \"rule_system\": \"pf2e\"}", "encounter.rule_system");
  refuse_json (f, "{\"phase\": \"freeplay\", \"combatants\": [{\"ref\": \"nobody\"}]}",
               "encounter.combatants[0].ref");
  refuse_json (f, "{\"phase\": \"freeplay\", \"combatants\": [{}]}", "encounter.combatants[0]");
  refuse_json (f, too_much_mana, "encounter.combatants[0].mana");
  refuse_json (f, twice, "encounter.combatants[1]");
  refuse_json (f, bad_order, "encounter.order[0]");
  refuse_json (f, bad_speed, "encounter.combatants[0].speeds.warp");
  refuse_json (f, bad_tiebreak, "encounter.combatants[0].tiebreaks[0]");
  refuse_json (f, "{\"phase\": \"freeplay\", \"combatants\": [], \"log\": [{\"round\": \"one\"}]}",
               "encounter.log[0]");
}

/* TkrTracker */

static void
count_notify (guint *count)
{
  (*count)++;
}

static void
test_tracker_interface (Fixture *f, gconstpointer data)
{
  TkrTracker *tracker = TKR_TRACKER (f->encounter);
  g_autoptr (JsonNode) node = NULL;
  GError *error = NULL;
  guint notified = 0;

  g_assert_true (TKR_IS_TRACKER (f->encounter));
  g_signal_connect_swapped (f->encounter, "notify::round", G_CALLBACK (count_notify), &notified);
  g_assert_true (tkr_tracker_can_transition (tracker, TKR_PHASE_SETUP));
  g_assert_false (tkr_tracker_can_transition (tracker, TKR_PHASE_MAIN));
  ok (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error), error);
  type_initiative (f, f->a, 18);
  type_initiative (f, f->b, 7);
  type_initiative (f, f->o, 12);
  ok (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error), error);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 1);
  ok (tkr_tracker_next_turn (tracker, &error), error);
  ok (tkr_tracker_next_turn (tracker, &error), error);
  ok (tkr_tracker_next_turn (tracker, &error), error);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 2);
  ok (tkr_tracker_previous_turn (tracker, &error), error);
  g_assert_cmpint (tkr_tracker_get_round (tracker), ==, 1);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == f->b);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_tracker_get_log (tracker)), >, 0);
  node = tkr_tracker_to_json (tracker);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  /* "round" notifies: Round 1, Round 2, back to Round 1. */
  g_assert_cmpuint (notified, ==, 3);
}

/* The shared initiative engine (src/core/engine/tkr-initiative.h) that
 * both d20 and Pathfinder 2e use (help/C/d20.page and help/C/pf2e.page,
 * "Roll initiative"), on a bare object with a TkrInitiative. */

#define TEST_TYPE_ROLLER (test_roller_get_type ())
G_DECLARE_FINAL_TYPE (TestRoller, test_roller, TEST, ROLLER, GObject)

struct _TestRoller
{
  GObject parent_instance;
  TkrInitiative init;
};

G_DEFINE_FINAL_TYPE (TestRoller, test_roller, G_TYPE_OBJECT)

static const TkrField roller_fields[] = {
  TKR_FIELD_INT (TestRoller, init.value, "value", NULL, -100, 100, 0),
  TKR_FIELD_BOOLEAN (TestRoller, init.has_result, "has-result", NULL),
};

static void
test_roller_class_init (TestRollerClass *klass)
{
  tkr_fields_install (G_OBJECT_CLASS (klass), roller_fields, G_N_ELEMENTS (roller_fields));
}

static void
test_roller_init (TestRoller *self)
{
}

#define ROLLER_OFFSET G_STRUCT_OFFSET (TestRoller, init)

/* A store of rollers with these results; G_MININT is "no result yet". */
static GListStore *
rollers_new (const int *values, guint n)
{
  GListStore *store = g_list_store_new (TEST_TYPE_ROLLER);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TestRoller) roller = g_object_new (TEST_TYPE_ROLLER, NULL);

      roller->init.has_result = values[i] != G_MININT;
      roller->init.value = roller->init.has_result ? values[i] : 0;
      g_list_store_append (store, roller);
    }
  return store;
}

static TestRoller *
roller_at (GListStore *store, guint index)
{
  g_autoptr (TestRoller) roller = g_list_model_get_item (G_LIST_MODEL (store), index);

  return roller;
}

/* Reverses whatever the results leave tied. */
static int
later_first (gconstpointer a, gconstpointer b, gpointer positions)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (positions, b)) -
         GPOINTER_TO_INT (g_hash_table_lookup (positions, a));
}

/* Rule: the highest result goes first, those without one last; a tie is
 * the system's to settle, and without a tie-break the tied keep their
 * order of entry (the sort is stable). */
static void
test_shared_initiative_highest_first (void)
{
  const int values[] = { 5, 12, G_MININT, 12, 7 };
  g_autoptr (GListStore) store = rollers_new (values, G_N_ELEMENTS (values));
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  g_autoptr (GHashTable) positions = g_hash_table_new (NULL, NULL);
  const guint plain[] = { 1, 3, 4, 0, 2 }, reversed[] = { 3, 1, 4, 0, 2 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_ptr_array_add (sorted, roller_at (store, i));
      g_hash_table_insert (positions, roller_at (store, i), GINT_TO_POINTER (i));
    }
  tkr_initiative_sort (sorted, ROLLER_OFFSET, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    g_assert_true (sorted->pdata[i] == roller_at (store, plain[i]));
  tkr_initiative_sort (sorted, ROLLER_OFFSET, later_first, positions);
  for (guint i = 0; i < G_N_ELEMENTS (reversed); i++)
    g_assert_true (sorted->pdata[i] == roller_at (store, reversed[i]));
  g_assert_true (tkr_initiative_tied (&roller_at (store, 1)->init, &roller_at (store, 3)->init));
  g_assert_false (tkr_initiative_tied (&roller_at (store, 0)->init, &roller_at (store, 1)->init));
}

/* Rule: a rolled result is one die (1 to its sides) plus the modifier. */
static void
test_shared_initiative_roll (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GRand) expected = g_rand_new_with_seed (7);

  for (int i = 0; i < 50; i++)
    {
      int natural = 0;
      int total = tkr_initiative_roll (rand, 20, 3, &natural);

      g_assert_cmpint (natural, ==, g_rand_int_range (expected, 1, 21));
      g_assert_cmpint (total, ==, natural + 3);
    }
}

/* Rule: the rounds begin only when everyone has a result (the first one
 * missing is named); the index of results by value follows every change
 * and knows who is tied. */
static void
test_shared_initiative_complete_and_index (void)
{
  const int values[] = { 9, G_MININT, 9 };
  g_autoptr (GListStore) store = rollers_new (values, G_N_ELEMENTS (values));
  TkrInitiativeIndex *index = tkr_initiative_index_new (G_LIST_MODEL (store), ROLLER_OFFSET);
  g_autoptr (GList) tied = NULL;

  guint from = 2;

  g_assert_true (tkr_initiative_find_missing (G_LIST_MODEL (store), ROLLER_OFFSET, NULL) ==
                 roller_at (store, 1));
  /* From a position on: one pass for rolling everyone missing. */
  g_assert_null (tkr_initiative_find_missing (G_LIST_MODEL (store), ROLLER_OFFSET, &from));
  g_assert_cmpuint (from, ==, 3);
  g_assert_cmpuint (tkr_initiative_index_count (index), ==, 2);
  g_assert_cmpuint (tkr_initiative_index_lookup (index, 9)->len, ==, 2);
  tied = tkr_initiative_index_get_tied (index);
  g_assert_cmpuint (g_list_length (tied), ==, 1);

  g_object_set (roller_at (store, 1), "value", 4, "has-result", TRUE, NULL);
  g_assert_null (tkr_initiative_find_missing (G_LIST_MODEL (store), ROLLER_OFFSET, NULL));
  g_assert_cmpuint (tkr_initiative_index_lookup (index, 4)->len, ==, 1);
  g_object_set (roller_at (store, 0), "value", 4, NULL);
  g_assert_cmpuint (tkr_initiative_index_lookup (index, 4)->len, ==, 2);
  g_assert_cmpuint (tkr_initiative_index_lookup (index, 9)->len, ==, 1);
  g_list_store_remove (store, 0);
  g_assert_cmpuint (tkr_initiative_index_lookup (index, 4)->len, ==, 1);
  g_assert_cmpuint (tkr_initiative_index_count (index), ==, 2);
  g_clear_pointer (&tied, g_list_free);
  tied = tkr_initiative_index_get_tied (index);
  g_assert_null (tied);
  tkr_initiative_index_free (index);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func)                                                                            \
  g_test_add ("/d20/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  g_test_add_func ("/d20/initiative/shared/highest-first-ties-to-the-system",
                   test_shared_initiative_highest_first);
  g_test_add_func ("/d20/initiative/shared/die-plus-modifier", test_shared_initiative_roll);
  g_test_add_func ("/d20/initiative/shared/complete-order-and-index",
                   test_shared_initiative_complete_and_index);
  g_test_add_func ("/d20/rules/section-and-common-actions", test_rules_section);
  g_test_add_func ("/d20/rules/missing-section-refused", test_rules_missing_section);
  ADD ("initiative/d20-plus-agility-rolled-or-typed", test_initiative_rolled);
  ADD ("initiative/agility-from-sheet-or-gm", test_initiative_agility_from_sheet_or_gm);
  ADD ("initiative/highest-first", test_initiative_highest_first);
  ADD ("initiative/ties-contest-typed-winner-first-order-holds",
       test_initiative_ties_contest_typed);
  ADD ("initiative/ties-contest-rolled-until-settled", test_initiative_ties_contest_rolled);
  ADD ("initiative/setup-order-and-ties-change-only-where-they-change",
       test_initiative_setup_lists);
  ADD ("initiative/tied-places-in-the-tentative-order", test_initiative_tied_places);
  ADD ("initiative/ties-found-by-value-hold-the-rules",
       test_initiative_ties_by_value_hold_the_rules);
  ADD ("initiative/order-more-contests-first", test_initiative_order_more_contests_first);
  ADD ("initiative/changed-total-reopens-contest", test_initiative_changed_resets_contest);
  ADD ("surprise/skips-first-turn-only", test_surprise_skips_first_turn);
  ADD ("turn/one-action-one-bonus-one-reaction-refund", test_turn_action_bonus_reaction);
  ADD ("turn/resources-action-bonus-reaction-movement", test_turn_resources);
  ADD ("movement/speeds-and-mana-from-sheet-fields", test_speeds_from_sheet_fields);
  ADD ("movement/up-to-speed-per-turn", test_movement_speed_limit);
  ADD ("movement/mixed-kinds-largest-speed-used", test_movement_mixed_kinds);
  ADD ("movement/difficult-terrain-costs-double", test_movement_difficult_terrain);
  ADD ("actions/dash-adds-speed", test_actions_dash);
  ADD ("actions/bonus-action-cast-a-spell", test_actions_bonus_cast_and_equip);
  ADD ("actions/dodge-until-next-turn", test_actions_dodge_until_next_turn);
  ADD ("actions/wait-spends-reaction", test_actions_wait_spends_reaction);
  ADD ("rest/long-restores-all-mana", test_rest_long_restores_all_mana);
  g_test_add_func ("/d20/rest/mana-fits-maximum", test_rest_mana_fits_maximum);
  ADD ("rest/short-restores-half-spent-rounded-down", test_rest_short_restores_half_spent);
  ADD ("rest/24h-without-long-rest-stamina-dc20-or-exhaustion", test_rest_24h_without_long_rest);
  ADD ("rest/3-days-without-short-rest-stamina-check", test_rest_3_days_without_short_rest);
  ADD ("rest/refused-during-combat", test_rest_refused_in_combat);
  g_test_add_func ("/d20/travel/paces-6h-on-foot", test_travel_paces);
  g_test_add_func ("/d20/travel/difficult-terrain-halves", test_travel_difficult_terrain_halves);
  g_test_add_func ("/d20/travel/flying-25mph-1h-all-flying", test_travel_flying);
  g_test_add_func ("/d20/travel/forced-march-dc-10-plus-hours-past-6",
                   test_travel_forced_march_dcs);
  g_test_add_func ("/d20/travel/forced-march-hour-begun", test_travel_forced_march_hour_begun);
  ADD ("travel/forced-march-failed-check-exhaustion", test_travel_forced_march_exhaustion);
  g_test_add_func ("/d20/travel/pace-threatens-checks", test_travel_pace_threats);
  ADD ("falling/wound-per-15ft-reflex-dc-feet-or-prone", test_falling_wounds_and_reflex);
  g_test_add_func ("/d20/breath/120-plus-5-vitality-seconds-2-plus-half-rounds",
                   test_breath_seconds_and_rounds);
  ADD ("breath/in-combat-rounds-then-dying-until-air", test_breath_in_combat_then_dying);
  ADD ("json/old-status-booleans-load-as-conditions-same-bytes",
       test_json_old_status_booleans_load_as_conditions);
  ADD ("phases/illegal-transitions-refused", test_phases_illegal_transitions);
  ADD ("phases/pause-and-resume", test_phases_pause_resume);
  ADD ("end/xp-per-pc-with-reason-back-to-freeplay", test_end_experience);
  ADD ("undo/every-command", test_undo_every_command);
  ADD ("undo/previous-turn-restores", test_undo_previous_turn);
  ADD ("json/round-trip", test_json_round_trip);
  ADD ("json/malformed-refused-with-path", test_json_malformed_refused);
  ADD ("json/legacy-participants-in-combatants", test_json_legacy_participants_in_combatants);
  ADD ("tracker/interface", test_tracker_interface);

  return g_test_run ();
}
