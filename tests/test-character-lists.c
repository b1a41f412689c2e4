/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Memory that fits the work (README, "Performance"): a character makes
 * the lists it leaves empty (archetypes, abilities, conditions, inventory)
 * only when first used. What anyone sees stays the same: the lists read
 * as empty, a model taken before the first addition hears it, files keep
 * their bytes, and undo and redo are exact.
 */

#include "config.h"

#include "tkr-core.h"

static GBytes *
bytes_of (TkrCharacter *character)
{
  return tkr_character_to_bytes (character);
}

/* Rule: a new NPC's empty lists read as empty and save as [] (the same
 * bytes after a load and a duplicate). */
static void
test_empty_lists_read_and_save (void)
{
  g_autoptr (TkrCharacter) npc =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_NPC, "Goblin");
  g_autoptr (GBytes) saved = bytes_of (npc);
  g_autoptr (JsonNode) node = tkr_character_to_json (npc);
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) copy = NULL;
  g_autoptr (TkrCharacter) copy_back = NULL;
  JsonObject *object = json_node_get_object (node);

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "archetypes")), ==,
                    0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "abilities")), ==,
                    0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "conditions")), ==,
                    0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "inventory")), ==,
                    0);

  loaded = tkr_character_new_from_json (node, "", &error);
  g_assert_no_error (error);
  again = bytes_of (loaded);
  g_assert_true (g_bytes_equal (saved, again));

  copy = tkr_character_duplicate (loaded, "Goblin");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_abilities (copy)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (copy)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_inventory (copy)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_archetypes (copy)), ==, 0);
  g_assert_null (tkr_character_find_modifier (copy, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue"));
}

static void
count_changes (GListModel *model, guint position, guint removed, guint added, guint *changes)
{
  (*changes)++;
}

/* Rule: a list's model taken before anything was added is the one that
 * changes (a view bound to it follows the first addition), the property
 * gives the same model, and undo and redo of the addition are exact. */
static void
test_first_addition_reaches_the_model (void)
{
  g_autoptr (TkrCharacter) npc =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_NPC, "Goblin");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GBytes) before = bytes_of (npc);
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GBytes) undone = NULL;
  g_autoptr (GBytes) redone = NULL;
  g_autoptr (TkrAbility) shove = tkr_ability_new ("Shove", TKR_ABILITY_TIME_ACTION, 1);
  g_autoptr (TkrItem) rope = tkr_item_new ("Rope", 1);
  g_autoptr (GListModel) from_property = NULL;
  g_autoptr (GError) error = NULL;
  GListModel *abilities = tkr_character_get_abilities (npc);
  GListModel *inventory = tkr_character_get_inventory (npc);
  GListModel *archetypes = tkr_character_get_archetypes (npc);
  guint changes = 0;

  g_object_get (npc, "abilities", &from_property, NULL);
  g_assert_true (from_property == abilities);
  g_signal_connect (abilities, "items-changed", G_CALLBACK (count_changes), &changes);
  g_signal_connect (inventory, "items-changed", G_CALLBACK (count_changes), &changes);
  g_signal_connect (archetypes, "items-changed", G_CALLBACK (count_changes), &changes);

  g_assert_true (tkr_character_add_ability (npc, history, shove, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_add_item (npc, history, rope, &error));
  g_assert_no_error (error);
  g_assert_true (
    tkr_character_set_modifier (npc, history, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue", 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (abilities), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (inventory), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (archetypes), ==, 1);
  after = bytes_of (npc);
  g_assert_false (g_bytes_equal (before, after));

  while (tkr_history_can_undo (history))
    tkr_history_undo (history);
  undone = bytes_of (npc);
  g_assert_true (g_bytes_equal (before, undone));
  while (tkr_history_can_redo (history))
    tkr_history_redo (history);
  redone = bytes_of (npc);
  g_assert_true (g_bytes_equal (after, redone));
}

/* Rule: a condition added to a sheet that never had one is found, saved,
 * and removed by undo (the list made for it stays, empty). */
static void
test_first_condition (void)
{
  g_autoptr (TkrCharacter) npc =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_NPC, "Goblin");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GBytes) before = bytes_of (npc);
  g_autoptr (GBytes) undone = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_null (tkr_character_find_condition (npc, "Slowed"));
  g_assert_nonnull (tkr_character_add_condition (npc, history, tkr_rules_get_default (), "Slowed",
                                                 1, TKR_TURN_NONE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (tkr_character_find_condition (npc, "Slowed"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (npc)), ==, 1);
  tkr_history_undo (history);
  g_assert_null (tkr_character_find_condition (npc, "Slowed"));
  undone = bytes_of (npc);
  g_assert_true (g_bytes_equal (before, undone));
}

/* Rule: modifiers and movement ranges of the same name share its text
 * (thousands of NPCs' "Edge" are one string), and renaming one changes
 * only that one. */
static void
test_names_shared (void)
{
  g_autoptr (TkrModifier) a = tkr_modifier_new (TKR_MODIFIER_KIND_SAVE, "Edge", 1);
  g_autoptr (TkrModifier) b = tkr_modifier_new (TKR_MODIFIER_KIND_SAVE, "Edge", 2);
  g_autoptr (TkrMovementRange) walk = tkr_movement_range_new ("Walk", 4);
  g_autoptr (TkrMovementRange) walk_too = tkr_movement_range_new ("Walk", 2);
  g_autofree char *from_property = NULL;

  g_assert_true (tkr_modifier_get_name (a) == tkr_modifier_get_name (b));
  g_assert_true (tkr_movement_range_get_name (walk) == tkr_movement_range_get_name (walk_too));

  tkr_modifier_set_name (a, "Grit");
  tkr_movement_range_set_name (walk, "Climb");
  g_assert_cmpstr (tkr_modifier_get_name (a), ==, "Grit");
  g_assert_cmpstr (tkr_modifier_get_name (b), ==, "Edge");
  g_assert_cmpstr (tkr_movement_range_get_name (walk), ==, "Climb");
  g_assert_cmpstr (tkr_movement_range_get_name (walk_too), ==, "Walk");
  g_object_get (b, "name", &from_property, NULL);
  g_assert_cmpstr (from_property, ==, "Edge");
  g_object_set (b, "name", NULL, NULL);
  g_assert_cmpstr (tkr_modifier_get_name (b), ==, "");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/character-lists/empty-lists-read-and-save", test_empty_lists_read_and_save);
  g_test_add_func ("/character-lists/first-addition-reaches-the-model",
                   test_first_addition_reaches_the_model);
  g_test_add_func ("/character-lists/first-condition", test_first_condition);
  g_test_add_func ("/character-lists/names-shared", test_names_shared);
  return g_test_run ();
}
