/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"

/* A tiny model object to exercise the journal without the rest of the core. */
#define TEST_TYPE_THING (test_thing_get_type ())
G_DECLARE_FINAL_TYPE (TestThing, test_thing, TEST, THING, GObject)

struct _TestThing
{
  GObject parent_instance;
  int count;
  char *label;
  GVariant *turns;
};

G_DEFINE_FINAL_TYPE (TestThing, test_thing, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_COUNT,
  PROP_LABEL,
  PROP_TURNS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
test_thing_finalize (GObject *object)
{
  TestThing *self = TEST_THING (object);

  g_free (self->label);
  g_clear_pointer (&self->turns, g_variant_unref);
  G_OBJECT_CLASS (test_thing_parent_class)->finalize (object);
}

static void
test_thing_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TestThing *self = TEST_THING (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      g_value_set_int (value, self->count);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_TURNS:
      g_value_set_variant (value, self->turns);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
test_thing_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TestThing *self = TEST_THING (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      self->count = g_value_get_int (value);
      break;
    case PROP_LABEL:
      g_free (self->label);
      self->label = g_value_dup_string (value);
      break;
    case PROP_TURNS:
      g_clear_pointer (&self->turns, g_variant_unref);
      self->turns = g_value_dup_variant (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
test_thing_class_init (TestThingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = test_thing_finalize;
  object_class->get_property = test_thing_get_property;
  object_class->set_property = test_thing_set_property;
  properties[PROP_COUNT] = g_param_spec_int ("count", NULL, NULL, -100, 100, 0,
                                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURNS] = g_param_spec_variant ("turns", NULL, NULL, G_VARIANT_TYPE ("ai"), NULL,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
test_thing_init (TestThing *self)
{
}

static void
test_history_property_undo_redo (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);

  g_assert_false (tkr_history_can_undo (history));
  tkr_history_set (history, thing, "count", 5);
  tkr_history_set (history, thing, "label", "Goblin");
  g_assert_cmpint (thing->count, ==, 5);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 2);

  g_assert_true (tkr_history_undo (history));
  g_assert_null (thing->label);
  g_assert_cmpint (thing->count, ==, 5);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (thing->count, ==, 0);
  g_assert_false (tkr_history_undo (history));

  g_assert_true (tkr_history_redo (history));
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (thing->count, ==, 5);
  g_assert_cmpstr (thing->label, ==, "Goblin");
  g_assert_false (tkr_history_can_redo (history));
}

static void
test_history_group_is_one_step (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  g_autoptr (GListStore) store = g_list_store_new (TEST_TYPE_THING);
  g_autoptr (TestThing) a = g_object_new (TEST_TYPE_THING, NULL);
  g_autoptr (TestThing) b = g_object_new (TEST_TYPE_THING, NULL);

  tkr_history_begin (history, "Next turn");
  tkr_history_set (history, thing, "count", 1);
  tkr_history_begin (history, "nested");
  tkr_history_append (history, store, a);
  tkr_history_append (history, store, b);
  tkr_history_end (history);
  tkr_history_remove (history, store, 0);
  tkr_history_set (history, thing, "count", 2);
  tkr_history_end (history);

  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Next turn");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), ==, 1);

  tkr_history_undo (history);
  g_assert_cmpint (thing->count, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), ==, 0);

  tkr_history_redo (history);
  g_assert_cmpint (thing->count, ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), ==, 1);
  {
    g_autoptr (TestThing) first = g_list_model_get_item (G_LIST_MODEL (store), 0);
    g_assert_true (first == b);
  }
}

static void
test_history_variant_state (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  int first[] = { 3, 4 };

  tkr_history_set (history, thing, "turns",
                   g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, first, 2, sizeof (int)));
  /* Setting an equal value is not a new step. */
  tkr_history_set (history, thing, "turns",
                   g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, first, 2, sizeof (int)));
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
  tkr_history_set (history, thing, "turns",
                   g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, first, 1, sizeof (int)));
  g_assert_cmpuint (g_variant_n_children (thing->turns), ==, 1);
  tkr_history_undo (history);
  g_assert_cmpuint (g_variant_n_children (thing->turns), ==, 2);
}

static void
test_history_abort_restores (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);

  tkr_history_set (history, thing, "count", 7);
  tkr_history_begin (history, "half-done");
  tkr_history_set (history, thing, "count", 9);
  tkr_history_set (history, thing, "label", "x");
  tkr_history_abort (history);

  g_assert_cmpint (thing->count, ==, 7);
  g_assert_null (thing->label);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
}

/* A refused inner command undoes only itself; the caller's group goes on. */
static void
test_history_nested_abort (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);

  tkr_history_begin (history, "outer");
  tkr_history_set (history, thing, "count", 1);
  tkr_history_begin (history, "inner");
  tkr_history_set (history, thing, "label", "inner");
  tkr_history_abort (history);
  g_assert_null (thing->label);
  g_assert_true (tkr_history_in_group (history));
  tkr_history_set (history, thing, "count", 2);
  tkr_history_end (history);

  g_assert_false (tkr_history_in_group (history));
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
  tkr_history_undo (history);
  g_assert_cmpint (thing->count, ==, 0);
}

static void
test_history_new_step_clears_redo (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);

  tkr_history_set (history, thing, "count", 1);
  tkr_history_undo (history);
  g_assert_true (tkr_history_can_redo (history));
  tkr_history_set (history, thing, "count", 2);
  g_assert_false (tkr_history_can_redo (history));
}

static void
test_history_null_applies_unrecorded (void)
{
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  g_autoptr (GListStore) store = g_list_store_new (TEST_TYPE_THING);

  tkr_history_set (NULL, thing, "count", 4);
  tkr_history_append (NULL, store, thing);
  g_assert_cmpint (thing->count, ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), ==, 1);
}

static void
count_changed (TkrHistory *history, int *n)
{
  (*n)++;
}

static void
test_history_changed_signal_and_tags (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  int changed = 0;

  g_signal_connect (history, "changed", G_CALLBACK (count_changed), &changed);
  tkr_history_begin (history, "Next turn");
  tkr_history_set_tag (history, "next-turn");
  tkr_history_set (history, thing, "count", 1);
  tkr_history_end (history);
  g_assert_cmpint (changed, ==, 1);
  g_assert_cmpstr (tkr_history_peek_undo_tag (history), ==, "next-turn");

  /* An empty step is dropped and is not a change. */
  tkr_history_begin (history, "nothing");
  tkr_history_end (history);
  g_assert_cmpint (changed, ==, 1);

  tkr_history_undo (history);
  g_assert_cmpint (changed, ==, 2);
  g_assert_null (tkr_history_peek_undo_tag (history));
}

static void
count_committed (TkrHistory *history, const char *label, GPtrArray *labels)
{
  g_ptr_array_add (labels, g_strdup (label));
}

/* Destructive steps are marked so the application can offer them back, and
 * each step's serial tells a late "Undo" whether it is still the newest. */
static void
test_history_destructive_and_serials (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  guint first;

  g_signal_connect (history, "committed", G_CALLBACK (count_committed), labels);
  g_assert_cmpuint (tkr_history_get_undo_serial (history), ==, 0);

  tkr_history_begin (history, "Remove Ability");
  tkr_history_set_destructive (history);
  tkr_history_set (history, thing, "count", 1);
  tkr_history_end (history);
  g_assert_true (tkr_history_peek_undo_destructive (history));
  first = tkr_history_get_undo_serial (history);
  g_assert_cmpuint (first, >, 0);

  tkr_history_set (history, thing, "count", 2);
  g_assert_false (tkr_history_peek_undo_destructive (history));
  g_assert_cmpuint (tkr_history_get_undo_serial (history), >, first);

  /* Undo and redo are not new commits. */
  tkr_history_undo (history);
  g_assert_cmpuint (tkr_history_get_undo_serial (history), ==, first);
  tkr_history_redo (history);
  g_assert_cmpuint (labels->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (labels, 0), ==, "Remove Ability");
}

/* The sheet's removals and the end of an encounter are destructive steps. */
static void
test_history_core_marks_removals (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  g_autoptr (TkrAbility) ability = tkr_ability_new ("Backstab", TKR_ABILITY_TIME_ACTION, 1);
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_character_add_ability (alice, history, ability, &error));
  g_assert_false (tkr_history_peek_undo_destructive (history));
  g_assert_true (tkr_character_remove_ability (alice, history, ability, &error));
  g_assert_true (tkr_history_peek_undo_destructive (history));
  g_assert_true (tkr_character_set_wealth (alice, history, 10, &error));
  g_assert_false (tkr_history_peek_undo_destructive (history));
  tkr_character_adjust_pool (alice, history, TKR_POOL_HEALTH, -3);
  g_assert_true (tkr_campaign_end_episode (campaign, &error));
  g_assert_true (tkr_history_peek_undo_destructive (history));
}

/* The history in memory is bounded (issue 13, the journal): with a limit
 * of 3, five steps leave the last three to undo, the oldest gone. */
static void
test_history_limit (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);

  g_assert_cmpuint (tkr_history_get_limit (history), ==, 0);
  tkr_history_set_limit (history, 3);
  for (int i = 1; i <= 5; i++)
    tkr_history_set (history, thing, "count", i);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 3);
  while (tkr_history_undo (history))
    ;
  g_assert_cmpint (thing->count, ==, 2);
  g_assert_cmpuint (tkr_history_get_n_redo (history), ==, 3);
}

typedef struct
{
  GString *calls;
} Pushed;

static void
pushed_apply (gpointer data, gboolean forward)
{
  Pushed *pushed = data;

  g_string_append_c (pushed->calls, forward ? 'R' : 'U');
}

static void
moved_cb (TkrHistory *history, gboolean forward, GString *moves)
{
  g_string_append_c (moves, forward ? '+' : '-');
}

/* A step read back from elsewhere (the journal after a restart) sits
 * under the new ones: undo reaches it after them, calls it to undo and
 * redo, and "moved" says which way each step went. */
static void
test_history_pushed_step (void)
{
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  g_autoptr (GString) moves = g_string_new (NULL);
  Pushed pushed = { g_string_new (NULL) };

  g_signal_connect (history, "moved", G_CALLBACK (moved_cb), moves);
  tkr_history_push_step (history, FALSE, "Before the restart", "old", pushed_apply, &pushed, NULL);
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Before the restart");
  g_assert_cmpstr (tkr_history_peek_undo_tag (history), ==, "old");
  tkr_history_set (history, thing, "count", 4);

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (thing->count, ==, 0);
  g_assert_cmpstr (pushed.calls->str, ==, "");
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr (pushed.calls->str, ==, "U");
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpstr (pushed.calls->str, ==, "UR");
  g_assert_cmpstr (moves->str, ==, "--+");
  g_string_free (pushed.calls, TRUE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/history/property/undo-redo", test_history_property_undo_redo);
  g_test_add_func ("/history/group/one-step", test_history_group_is_one_step);
  g_test_add_func ("/history/variant-state", test_history_variant_state);
  g_test_add_func ("/history/abort-restores", test_history_abort_restores);
  g_test_add_func ("/history/nested-abort", test_history_nested_abort);
  g_test_add_func ("/history/destructive-and-serials", test_history_destructive_and_serials);
  g_test_add_func ("/history/core-marks-removals", test_history_core_marks_removals);
  g_test_add_func ("/history/new-step-clears-redo", test_history_new_step_clears_redo);
  g_test_add_func ("/history/null-applies-unrecorded", test_history_null_applies_unrecorded);
  g_test_add_func ("/history/changed-signal-and-tags", test_history_changed_signal_and_tags);
  g_test_add_func ("/history/limit", test_history_limit);
  g_test_add_func ("/history/pushed-step", test_history_pushed_step);

  return g_test_run ();
}
