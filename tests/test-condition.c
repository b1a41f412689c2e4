/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"

/*
 * Status conditions on a sheet: the catalogue's kinds and maximums, the
 * stacking cap, the end-of-Turn decay of Fleeting conditions (seed 000,
 * "Ending your Turn") and its exact undo; also the Zone and Ability value
 * types that live beside them.
 */

static TkrCharacter *
new_pc (void)
{
  return tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
}

static GVariant *
turns (const gint32 *values, gsize n)
{
  return g_variant_ref_sink (
    g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, values, n, sizeof (gint32)));
}

static void
assert_turns (TkrCondition *condition, const gint32 *expected, gsize n)
{
  g_assert_cmpint (tkr_condition_get_stacks (condition), ==, (int) n);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpint (tkr_condition_get_stack_turn (condition, i), ==, expected[i]);
}

/* SRD, Status Conditions: the catalogue says which are Fleeting and which
 * Persistent; Exhausted clears only at the end of an Episode. */
static void
test_catalogue_kinds (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (GError) error = NULL;
  TkrCondition *slowed, *exhausted, *concentrating, *custom;

  slowed = tkr_character_add_condition (pc, NULL, NULL, "slowed", 1, TKR_TURN_NONE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (slowed);
  g_assert_cmpstr (tkr_condition_get_name (slowed), ==, "Slowed");
  g_assert_cmpint (tkr_condition_get_kind (slowed), ==, TKR_CONDITION_KIND_FLEETING);
  g_assert_cmpint (tkr_condition_get_max_stacks (slowed), ==, 2);
  g_assert_false (tkr_condition_get_episode_only (slowed));

  /* By id or by name, whatever the case. */
  exhausted =
    tkr_character_add_condition (pc, NULL, tkr_rules_get_default (), "EXHAUSTED", 1, 3, &error);
  g_assert_cmpstr (tkr_condition_get_name (exhausted), ==, "Exhausted");
  g_assert_cmpint (tkr_condition_get_kind (exhausted), ==, TKR_CONDITION_KIND_PERSISTENT);
  g_assert_true (tkr_condition_get_episode_only (exhausted));

  concentrating = tkr_character_add_condition (pc, NULL, NULL, "Concentrating", 5, 3, &error);
  g_assert_cmpint (tkr_condition_get_kind (concentrating), ==, TKR_CONDITION_KIND_PERSISTENT);
  g_assert_cmpint (tkr_condition_get_max_stacks (concentrating), ==, 1);
  g_assert_cmpint (tkr_condition_get_stacks (concentrating), ==, 1);

  /* A name the catalogue lacks is a custom Fleeting condition of at most 2. */
  custom = tkr_character_add_condition (pc, NULL, NULL, "  Dazzled ", 3, 3, &error);
  g_assert_cmpstr (tkr_condition_get_name (custom), ==, "Dazzled");
  g_assert_cmpint (tkr_condition_get_kind (custom), ==, TKR_CONDITION_KIND_FLEETING);
  g_assert_cmpint (tkr_condition_get_max_stacks (custom), ==, 2);
  g_assert_cmpint (tkr_condition_get_stacks (custom), ==, 2);

  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (pc)), ==, 4);
  g_assert_true (tkr_character_find_condition (pc, "dazzled") == custom);
  g_assert_null (tkr_character_find_condition (pc, "Choked"));
}

/* SRD: stacks beyond a condition's maximum are not added. */
static void
test_stacking_cap (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  TkrCondition *first, *again;
  const gint32 expected[] = { 4, 5 };

  first = tkr_character_add_condition (pc, history, NULL, "Vulnerable", 1, 4, &error);
  g_assert_cmpint (tkr_condition_get_stacks (first), ==, 1);
  again = tkr_character_add_condition (pc, history, NULL, "vulnerable", 1, 5, &error);
  g_assert_true (again == first);
  assert_turns (first, expected, 2);
  /* At the maximum: the same condition comes back, unchanged. */
  again = tkr_character_add_condition (pc, history, NULL, "Vulnerable", 3, 6, &error);
  g_assert_no_error (error);
  g_assert_true (again == first);
  assert_turns (first, expected, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (pc)), ==, 1);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 2);

  /* Undo the second stack, then the condition itself. */
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_condition_get_stacks (first), ==, 1);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (pc)), ==, 0);
  g_assert_true (tkr_history_redo (history));
  g_assert_true (tkr_character_find_condition (pc, "Vulnerable") == first);
  g_assert_cmpint (tkr_condition_get_stacks (first), ==, 1);
}

static void
test_refused (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *too_long = g_strnfill (201, 'z');

  g_assert_null (tkr_character_add_condition (pc, history, NULL, "", 1, 1, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_null (tkr_character_add_condition (pc, history, NULL, too_long, 1, 1, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_null (tkr_character_add_condition (pc, history, NULL, "Slowed", 0, 1, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_assert_true (strstr (error->message, "100") != NULL);
  g_clear_error (&error);
  g_assert_null (tkr_character_add_condition (pc, history, NULL, "Slowed", 101, 1, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_null (tkr_character_add_condition (pc, history, NULL, "Slowed", 1, -7, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_false (tkr_character_remove_condition_stacks (pc, history, "Slowed", 1, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (pc)), ==, 0);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 0);

  g_assert_nonnull (tkr_character_add_condition (pc, history, NULL, "Slowed", 2, 1, &error));
  g_assert_false (tkr_character_remove_condition_stacks (pc, history, "Slowed", 0, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_cmpint (tkr_condition_get_stacks (tkr_character_find_condition (pc, "Slowed")), ==, 2);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
}

static void
test_remove_stacks (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  TkrCondition *slowed;
  const gint32 both[] = { 1, 2 };
  const gint32 oldest[] = { 1 };

  slowed = tkr_character_add_condition (pc, NULL, NULL, "Slowed", 1, 1, &error);
  tkr_character_add_condition (pc, NULL, NULL, "Slowed", 1, 2, &error);
  assert_turns (slowed, both, 2);

  /* By hand, the latest stack goes first. */
  g_assert_true (tkr_character_remove_condition_stacks (pc, history, "slowed", 1, &error));
  g_assert_no_error (error);
  assert_turns (slowed, oldest, 1);
  /* More than there are: the condition leaves the sheet. */
  g_assert_true (tkr_character_remove_condition_stacks (pc, history, "Slowed", 5, &error));
  g_assert_null (tkr_character_find_condition (pc, "Slowed"));

  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_character_find_condition (pc, "Slowed") == slowed);
  assert_turns (slowed, oldest, 1);
  g_assert_true (tkr_history_undo (history));
  assert_turns (slowed, both, 2);
}

/* Seed 000, "Ending your Turn": one stack of every Fleeting condition is
 * erased at the end of the Turn. */
static void
test_erase_one_fleeting_stack (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCondition) restrained = NULL;
  TkrCondition *slowed;
  const gint32 one[] = { 1 };

  slowed = tkr_character_add_condition (pc, NULL, NULL, "Slowed", 2, 1, &error);
  /* Held here: without a history nothing else keeps it once erased. */
  restrained =
    g_object_ref (tkr_character_add_condition (pc, NULL, NULL, "Restrained", 1, 1, &error));

  g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, NULL, 2), ==, 2);
  assert_turns (slowed, one, 1);
  /* Restrained had one stack: it is gone from the sheet. */
  g_assert_null (tkr_character_find_condition (pc, "Restrained"));
  g_assert_cmpint (tkr_condition_get_stacks (restrained), ==, 0);

  g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, NULL, 3), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (pc)), ==, 0);
  g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, NULL, 4), ==, 0);
}

/* Seed 000, "Ending your Turn": never a stack gained on that same Turn. */
static void
test_erase_not_this_turn (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (GError) error = NULL;
  TkrCondition *slowed, *alert;
  const gint32 mixed_after[] = { 5 };
  const gint32 custom_turns[] = { 5, 3, 5 };
  const gint32 custom_after[] = { 5, 5 };
  g_autoptr (TkrCondition) custom = tkr_condition_new ("Dazed", TKR_CONDITION_KIND_FLEETING, 3);
  g_autoptr (GVariant) custom_value = turns (custom_turns, 3);
  g_autoptr (GVariant) after = NULL;

  slowed = tkr_character_add_condition (pc, NULL, NULL, "Slowed", 2, 5, &error);
  g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, NULL, 5), ==, 0);
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 2);
  g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, NULL, 6), ==, 1);
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 1);

  /* One old stack and one new: the old one goes. */
  alert = tkr_character_add_condition (pc, NULL, NULL, "Alert", 1, 3, &error);
  tkr_character_add_condition (pc, NULL, NULL, "Alert", 1, 5, &error);
  g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, NULL, 5), ==, 1);
  assert_turns (alert, mixed_after, 1);
  /* Slowed's last stack is from turn 5 too: it stays. */
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 1);

  /* The oldest stack that may go is the one erased, wherever it sits. */
  g_object_set (custom, "stack-turns", custom_value, NULL);
  after = tkr_condition_stack_turns_after_turn_end (custom, 5);
  g_assert_nonnull (after);
  g_object_set (custom, "stack-turns", after, NULL);
  assert_turns (custom, custom_after, 2);
  g_assert_null (tkr_condition_stack_turns_after_turn_end (custom, 5));
}

/* Persistent conditions are not touched by the end of a Turn. */
static void
test_persistent_untouched (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (GError) error = NULL;
  TkrCondition *exhausted, *concentrating;

  exhausted = tkr_character_add_condition (pc, NULL, NULL, "Exhausted", 2, 1, &error);
  concentrating = tkr_character_add_condition (pc, NULL, NULL, "Concentrating", 1, 1, &error);
  for (int turn = 2; turn < 10; turn++)
    g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, NULL, turn), ==, 0);
  g_assert_cmpint (tkr_condition_get_stacks (exhausted), ==, 2);
  g_assert_cmpint (tkr_condition_get_stacks (concentrating), ==, 1);
  g_assert_null (tkr_condition_stack_turns_after_turn_end (exhausted, 9));
}

/* Undo of the end of a Turn brings back every erased stack exactly: same
 * objects, same order, same turn stamps. */
static void
test_erase_undo_exact (void)
{
  g_autoptr (TkrCharacter) pc = new_pc ();
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  GListModel *conditions = tkr_character_get_conditions (pc);
  g_autoptr (GPtrArray) before_objects = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) before_turns =
    g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  guint n;

  tkr_character_add_condition (pc, NULL, NULL, "Choked", 1, 2, &error);
  tkr_character_add_condition (pc, NULL, NULL, "Slowed", 1, 1, &error);
  tkr_character_add_condition (pc, NULL, NULL, "Slowed", 1, 4, &error);
  tkr_character_add_condition (pc, NULL, NULL, "Exhausted", 1, 1, &error);
  tkr_character_add_condition (pc, NULL, NULL, "Turned", 2, 4, &error);
  tkr_character_add_condition (pc, NULL, NULL, "Silenced", 1, 3, &error);

  n = g_list_model_get_n_items (conditions);
  for (guint i = 0; i < n; i++)
    {
      TkrCondition *condition = g_list_model_get_item (conditions, i);

      g_ptr_array_add (before_objects, condition);
      g_ptr_array_add (before_turns, g_variant_ref (tkr_condition_get_stack_turns (condition)));
    }

  /* Turn 4 ends: Choked and Silenced lose their only stack, Slowed its
   * turn-1 stack; Turned (gained on 4) and Exhausted stay. */
  g_assert_cmpuint (tkr_character_erase_fleeting_stacks (pc, history, 4), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (conditions), ==, 3);
  g_assert_null (tkr_character_find_condition (pc, "Choked"));
  g_assert_null (tkr_character_find_condition (pc, "Silenced"));
  g_assert_cmpint (tkr_condition_get_stacks (tkr_character_find_condition (pc, "Turned")), ==, 2);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
  g_assert_nonnull (tkr_history_get_undo_label (history));

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (conditions), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);

      g_assert_true (condition == g_ptr_array_index (before_objects, i));
      g_assert_true (g_variant_equal (tkr_condition_get_stack_turns (condition),
                                      g_ptr_array_index (before_turns, i)));
    }

  g_assert_true (tkr_history_redo (history));
  g_assert_cmpuint (g_list_model_get_n_items (conditions), ==, 3);
  g_assert_cmpint (tkr_condition_get_stacks (tkr_character_find_condition (pc, "Slowed")), ==, 1);
  g_assert_cmpint (tkr_condition_get_stack_turn (tkr_character_find_condition (pc, "Slowed"), 0),
                   ==, 4);
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(int *) user_data)++;
}

/* "stacks" follows "stack-turns" and says so. */
static void
test_stacks_property (void)
{
  g_autoptr (TkrCondition) condition = tkr_condition_new ("Slowed", TKR_CONDITION_KIND_FLEETING, 2);
  g_autoptr (GVariant) two = NULL;
  g_autoptr (GVariant) same = NULL;
  g_autoptr (GVariant) none = NULL;
  int stacks_notified = 0;
  int turns_notified = 0;
  int stacks;

  g_signal_connect (condition, "notify::stacks", G_CALLBACK (count_notify), &stacks_notified);
  g_signal_connect (condition, "notify::stack-turns", G_CALLBACK (count_notify), &turns_notified);
  g_assert_cmpint (tkr_condition_get_stacks (condition), ==, 0);
  g_assert_true (
    g_variant_is_of_type (tkr_condition_get_stack_turns (condition), G_VARIANT_TYPE ("ai")));

  two = tkr_condition_stack_turns_with_added (condition, 5, 7);
  g_assert_cmpuint (g_variant_n_children (two), ==, 2);
  g_object_set (condition, "stack-turns", two, NULL);
  g_object_get (condition, "stacks", &stacks, NULL);
  g_assert_cmpint (stacks, ==, 2);
  g_assert_cmpint (stacks_notified, ==, 1);
  g_assert_cmpint (turns_notified, ==, 1);

  /* The same value again: no notification. */
  same = tkr_condition_stack_turns_with_added (condition, 1, 9);
  g_object_set (condition, "stack-turns", same, NULL);
  g_assert_cmpint (turns_notified, ==, 1);

  none = tkr_condition_stack_turns_with_removed (condition, 2);
  g_object_set (condition, "stack-turns", none, NULL);
  g_assert_cmpint (tkr_condition_get_stacks (condition), ==, 0);
  g_assert_cmpint (stacks_notified, ==, 2);

  /* NULL is the empty list. */
  g_object_set (condition, "stack-turns", NULL, NULL);
  g_assert_nonnull (tkr_condition_get_stack_turns (condition));
  g_assert_cmpint (turns_notified, ==, 2);
}

static void
test_condition_json (void)
{
  g_autoptr (TkrCondition) condition = NULL;
  g_autoptr (TkrCondition) back = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;
  const gint32 values[] = { -1, 12 };
  g_autoptr (GVariant) value = turns (values, 2);
  const TkrConditionInfo *info = tkr_rules_lookup_condition (tkr_rules_get_default (), "exhausted");

  condition = tkr_condition_new_from_info (info);
  g_object_set (condition, "stack-turns", value, NULL);
  node = tkr_condition_to_json (condition);
  back = tkr_condition_new_from_json (node, "conditions[0]", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_condition_get_name (back), ==, "Exhausted");
  g_assert_cmpint (tkr_condition_get_kind (back), ==, TKR_CONDITION_KIND_PERSISTENT);
  g_assert_cmpint (tkr_condition_get_max_stacks (back), ==, 2);
  g_assert_true (tkr_condition_get_episode_only (back));
  g_assert_true (g_variant_equal (tkr_condition_get_stack_turns (back), value));

  /* Errors name the path of the bad value. */
  {
    const char *bad[][2] = {
      { "{\"name\": \"X\", \"max_stacks\": 1, \"stack_turns\": [1, 2]}", "stack_turns" },
      { "{\"name\": \"X\", \"stack_turns\": [1.5]}", "stack_turns[0]" },
      { "{\"name\": \"X\", \"stack_turns\": [-2]}", "stack_turns[0]" },
      { "{\"name\": \"X\", \"stack_turns\": 3}", "stack_turns" },
      { "{\"name\": \"X\", \"kind\": \"forever\", \"stack_turns\": []}", "kind" },
      { "{\"name\": \"X\", \"max_stacks\": 0, \"stack_turns\": []}", "max_stacks" },
      { "{\"name\": 3, \"stack_turns\": []}", "name" },
      { "{\"name\": \"X\", \"rounds_left\": -2, \"stack_turns\": []}", "rounds_left" },
      { "{\"name\": \"X\", \"value\": \"7\", \"stack_turns\": []}", "value" },
      { "{\"name\": \"X\", \"source\": 4, \"stack_turns\": []}", "source" },
      { "[]", "conditions[0]" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr (JsonNode) bad_node = json_from_string (bad[i][0], NULL);
        g_autoptr (TkrCondition) refused = NULL;
        g_autoptr (GError) bad_error = NULL;

        g_assert_nonnull (bad_node);
        refused = tkr_condition_new_from_json (bad_node, "conditions[0]", &bad_error);
        g_assert_null (refused);
        g_assert_error (bad_error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
        g_assert_true (strstr (bad_error->message, bad[i][1]) != NULL);
      }
  }
}

/* The one status model (docs/ARCHITECTURE.md, "Combatant state"): a
 * Temporary condition keeps its value, its duration and where it came from
 * through a file; one without them writes none of the three. */
static void
test_condition_temporary_json (void)
{
  g_autoptr (TkrCondition) condition = tkr_condition_new ("Bless", TKR_CONDITION_KIND_TEMPORARY, 1);
  g_autoptr (TkrCondition) plain = tkr_condition_new ("Prone", TKR_CONDITION_KIND_PERSISTENT, 1);
  g_autoptr (TkrCondition) back = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) plain_node = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (tkr_condition_get_rounds_left (plain), ==, TKR_CONDITION_NO_DURATION);
  g_object_set (condition, "value", 15, "rounds-left", 3, "source", "pc-kim", NULL);
  node = tkr_condition_to_json (condition);
  back = tkr_condition_new_from_json (node, "conditions[0]", &error);
  g_assert_no_error (error);
  g_assert_cmpint (tkr_condition_get_kind (back), ==, TKR_CONDITION_KIND_TEMPORARY);
  g_assert_cmpint (tkr_condition_get_value (back), ==, 15);
  g_assert_cmpint (tkr_condition_get_rounds_left (back), ==, 3);
  g_assert_cmpstr (tkr_condition_get_source (back), ==, "pc-kim");

  plain_node = tkr_condition_to_json (plain);
  g_assert_false (json_object_has_member (json_node_get_object (plain_node), "value"));
  g_assert_false (json_object_has_member (json_node_get_object (plain_node), "rounds_left"));
  g_assert_false (json_object_has_member (json_node_get_object (plain_node), "source"));
}

static void
test_zone (void)
{
  const TkrZoneInfo *info = tkr_rules_lookup_zone (tkr_rules_get_default (), "Fire");
  g_autoptr (TkrZone) fire = NULL;
  g_autoptr (TkrZone) back = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (info);
  fire = tkr_zone_new_from_info (info, 2);
  g_object_set (fire, "location", "the brazier", NULL);
  g_assert_cmpstr (tkr_zone_get_name (fire), ==, "Fire");
  g_assert_cmpint (tkr_zone_get_stacks (fire), ==, 2);
  g_assert_cmpint (tkr_zone_get_max_stacks (fire), ==, info->max_stacks);
  g_assert_cmpstr (tkr_zone_get_description (fire), ==, info->description);

  node = tkr_zone_to_json (fire);
  back = tkr_zone_new_from_json (node, "zones[0]", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_zone_get_name (back), ==, "Fire");
  g_assert_cmpstr (tkr_zone_get_location (back), ==, "the brazier");
  g_assert_cmpint (tkr_zone_get_stacks (back), ==, 2);
  g_assert_cmpint (tkr_zone_get_max_stacks (back), ==, 2);
  g_assert_cmpstr (tkr_zone_get_description (back), ==, info->description);

  {
    g_autoptr (JsonNode) bad = json_from_string ("{\"name\": \"Fire\", \"max_stacks\": 2, "
                                                 "\"stacks\": 3}",
                                                 NULL);
    g_autoptr (TkrZone) refused = tkr_zone_new_from_json (bad, "zones[1]", &error);

    g_assert_null (refused);
    g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
    g_assert_true (strstr (error->message, "zones[1].stacks") != NULL);
  }
}

/* The nick table must follow the order of TkrAbilityTime. */
static void
test_ability_times (void)
{
  static const char *const nicks[] = {
    "action",        "free-action", "slow-action", "reaction",
    "free-reaction", "passive",     "montage",     "episodic",
  };
  g_autoptr (GEnumClass) enum_class = g_type_class_ref (TKR_TYPE_ABILITY_TIME);

  g_assert_cmpuint (enum_class->n_values, ==, G_N_ELEMENTS (nicks));
  for (guint i = 0; i < G_N_ELEMENTS (nicks); i++)
    {
      g_assert_cmpstr (tkr_ability_time_to_nick (i), ==, nicks[i]);
      g_assert_cmpstr (g_enum_get_value (enum_class, i)->value_nick, ==, nicks[i]);
      g_assert_nonnull (tkr_ability_time_to_string (i));
    }
  g_assert_cmpstr (tkr_ability_time_to_string (TKR_ABILITY_TIME_SLOW_ACTION), ==, "Slow Action");

  /* SRD, Ability Time: Reactions may be used off turn... */
  g_assert_true (tkr_ability_time_is_reaction (TKR_ABILITY_TIME_REACTION));
  g_assert_true (tkr_ability_time_is_reaction (TKR_ABILITY_TIME_FREE_REACTION));
  g_assert_false (tkr_ability_time_is_reaction (TKR_ABILITY_TIME_ACTION));
  /* ... and what takes longer than a Turn needs the GM while Paused. */
  g_assert_true (tkr_ability_time_is_slow (TKR_ABILITY_TIME_SLOW_ACTION));
  g_assert_true (tkr_ability_time_is_slow (TKR_ABILITY_TIME_MONTAGE));
  g_assert_true (tkr_ability_time_is_slow (TKR_ABILITY_TIME_EPISODIC));
  g_assert_false (tkr_ability_time_is_slow (TKR_ABILITY_TIME_FREE_ACTION));
}

static void
test_ability_json (void)
{
  g_autoptr (TkrAbility) ability = tkr_ability_new ("Backstab", TKR_ABILITY_TIME_SLOW_ACTION, 2);
  g_autoptr (TkrAbility) back = NULL;
  g_autoptr (TkrAbility) copy = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;
  static const char *const fields[] = {
    "target",   "trigger", "requirements", "test-skill",  "on-low",
    "on-mixed", "on-high", "effect",       "description",
  };
  JsonArray *basics = tkr_rules_get_basic_abilities (tkr_rules_get_default ());

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    g_object_set (ability, fields[i], fields[i], NULL);

  node = tkr_ability_to_json (ability);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "time"), ==,
                   "slow-action");
  back = tkr_ability_new_from_json (node, "abilities[0]", &error);
  g_assert_no_error (error);
  copy = tkr_ability_copy (ability);
  g_assert_true (copy != ability);
  for (TkrAbility **other = (TkrAbility *[]){ back, copy, NULL }; *other; other++)
    {
      g_assert_cmpstr (tkr_ability_get_name (*other), ==, "Backstab");
      g_assert_cmpint (tkr_ability_get_time (*other), ==, TKR_ABILITY_TIME_SLOW_ACTION);
      g_assert_cmpint (tkr_ability_get_beats (*other), ==, 2);
      g_assert_cmpstr (tkr_ability_get_test_skill (*other), ==, "test-skill");
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        {
          g_autofree char *text = NULL;

          g_object_get (*other, fields[i], &text, NULL);
          g_assert_cmpstr (text, ==, fields[i]);
        }
    }

  /* The rule data's basic abilities use the same keys. */
  g_assert_nonnull (basics);
  for (guint i = 0; i < json_array_get_length (basics); i++)
    {
      g_autoptr (TkrAbility) basic =
        tkr_ability_new_from_json (json_array_get_element (basics, i), "basic_abilities", &error);

      g_assert_no_error (error);
      g_assert_nonnull (basic);
      if (g_str_equal (tkr_ability_get_name (basic), "Melee Attack"))
        {
          g_assert_cmpint (tkr_ability_get_time (basic), ==, TKR_ABILITY_TIME_REACTION);
          g_assert_cmpstr (tkr_ability_get_test_skill (basic), ==, "Athletics");
        }
    }

  {
    g_autoptr (JsonNode) bad = json_from_string ("{\"name\": \"X\", \"time\": \"whenever\"}", NULL);
    g_autoptr (TkrAbility) refused = tkr_ability_new_from_json (bad, "abilities[3]", &error);

    g_assert_null (refused);
    g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
    g_assert_true (strstr (error->message, "abilities[3].time") != NULL);
    g_clear_error (&error);
  }
  {
    g_autoptr (JsonNode) bad = json_from_string ("{\"name\": \"X\", \"beats\": 11}", NULL);
    g_autoptr (TkrAbility) refused = tkr_ability_new_from_json (bad, "abilities[3]", &error);

    g_assert_null (refused);
    g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/condition/srd-catalogue/kinds-and-maximums", test_catalogue_kinds);
  g_test_add_func ("/condition/srd-stacking-cap", test_stacking_cap);
  g_test_add_func ("/condition/refused-leaves-sheet-unchanged", test_refused);
  g_test_add_func ("/condition/remove-stacks", test_remove_stacks);
  g_test_add_func ("/condition/seed-ending-your-turn/erase-one-fleeting-stack",
                   test_erase_one_fleeting_stack);
  g_test_add_func ("/condition/seed-ending-your-turn/not-a-stack-gained-this-turn",
                   test_erase_not_this_turn);
  g_test_add_func ("/condition/seed-ending-your-turn/persistent-untouched",
                   test_persistent_untouched);
  g_test_add_func ("/condition/seed-ending-your-turn/undo-restores-stacks-exactly",
                   test_erase_undo_exact);
  g_test_add_func ("/condition/stacks-follows-stack-turns", test_stacks_property);
  g_test_add_func ("/condition/json", test_condition_json);
  g_test_add_func ("/condition/temporary-value-duration-source", test_condition_temporary_json);
  g_test_add_func ("/zone/from-info-and-json", test_zone);
  g_test_add_func ("/ability/time-nicks-follow-enum", test_ability_times);
  g_test_add_func ("/ability/json-and-basic-abilities", test_ability_json);

  return g_test_run ();
}
