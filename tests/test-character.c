/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-core.h"

/*
 * The character sheet: what a new sheet holds, every edit command (a
 * refused value leaves the sheet as it was and records nothing), undo and
 * redo of each, experience and levels, rest and the end of an Episode.
 */

static TkrRules *
rules (void)
{
  return tkr_rules_get_default ();
}

static TkrModifier *
modifier_at (GListModel *model, guint index)
{
  g_autoptr (TkrModifier) modifier = g_list_model_get_item (model, index);
  return modifier;
}

static void
assert_invalid (GError *error)
{
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);
  g_assert_nonnull (error->message);
  g_assert_cmpuint (strlen (error->message), >, 10);
}

/* Seed 000, "Movement Ranges": PCs start with Walk 4u and Jump 1u. */
static void
test_new_pc_defaults (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (rules (), TKR_CHARACTER_KIND_PC, "Alice");
  GListModel *saves = tkr_character_get_saves (pc);
  GListModel *skills = tkr_character_get_skills (pc);
  GListModel *pools = tkr_character_get_pools (pc);
  const char *const *skill_names = tkr_rules_get_skill_names (rules ());

  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Alice");
  g_assert_true (tkr_character_is_pc (pc));
  g_assert_cmpint (tkr_character_get_kind (pc), ==, TKR_CHARACTER_KIND_PC);
  g_assert_true (g_uuid_string_is_valid (tkr_character_get_id (pc)));
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "kleptonomicon");
  g_assert_cmpint (tkr_character_get_level (pc), ==, 1);
  g_assert_cmpint (tkr_character_get_experience (pc), ==, 0);
  g_assert_cmpint (tkr_character_get_wealth (pc), ==, 0);
  g_assert_cmpstr (tkr_character_get_player (pc), ==, "");
  g_assert_cmpstr (tkr_character_get_notes (pc), ==, "");

  /* Movement */
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_movement_ranges (pc)), ==, 2);
  g_assert_cmpint (tkr_character_get_range_units (pc, "Walk"), ==, 4);
  g_assert_cmpint (tkr_character_get_range_units (pc, "Jump"), ==, 1);
  g_assert_cmpint (tkr_character_get_range_units (pc, "walk"), ==, 4);
  /* Seed, "Improvised Movement": a range the sheet lacks is 0. */
  g_assert_cmpint (tkr_character_get_range_units (pc, "Swim"), ==, 0);
  g_assert_null (tkr_character_find_range (pc, "Swim"));
  g_assert_cmpint (tkr_character_get_largest_range (pc), ==, 4);

  /* Saves: Edge and Grit, at +0 */
  g_assert_cmpuint (g_list_model_get_n_items (saves), ==, 2);
  g_assert_cmpstr (tkr_modifier_get_name (modifier_at (saves, 0)), ==, "Edge");
  g_assert_cmpstr (tkr_modifier_get_name (modifier_at (saves, 1)), ==, "Grit");
  g_assert_cmpint (tkr_modifier_get_kind (modifier_at (saves, 0)), ==, TKR_MODIFIER_KIND_SAVE);
  g_assert_cmpint (tkr_character_get_edge_save (pc), ==, 0);

  /* Skills from the rule data, at +0 */
  g_assert_cmpuint (g_list_model_get_n_items (skills), ==, g_strv_length ((char **) skill_names));
  for (guint i = 0; skill_names[i]; i++)
    {
      TkrModifier *skill = modifier_at (skills, i);

      g_assert_cmpstr (tkr_modifier_get_name (skill), ==, skill_names[i]);
      g_assert_cmpint (tkr_modifier_get_value (skill), ==, 0);
      g_assert_cmpint (tkr_modifier_get_kind (skill), ==, TKR_MODIFIER_KIND_SKILL);
    }
  g_assert_nonnull (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_SKILL, "athletics"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_archetypes (pc)), ==, 0);

  /* Pools: the six, in order, full at the rule data's values */
  g_assert_cmpuint (g_list_model_get_n_items (pools), ==, TKR_N_POOLS);
  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      TkrPool *pool = tkr_character_get_pool (pc, i);

      g_assert_cmpint (tkr_pool_get_kind (pool), ==, i);
      g_assert_cmpint (tkr_pool_get_maximum (pool), ==, tkr_rules_get_pool_default (rules (), i));
      g_assert_cmpint (tkr_pool_get_current (pool), ==, tkr_pool_get_maximum (pool));
      g_assert_nonnull (tkr_pool_get_name (pool));
    }
  g_assert_cmpint (tkr_pool_get_maximum (tkr_character_get_pool (pc, TKR_POOL_HEALTH)), ==, 10);

  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_abilities (pc)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (pc)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_inventory (pc)), ==, 0);
}

static void
test_new_npc_defaults (void)
{
  g_autoptr (TkrCharacter) npc = tkr_character_new (NULL, TKR_CHARACTER_KIND_NPC, "Goblin");
  g_autoptr (TkrCharacter) other = tkr_character_new (NULL, TKR_CHARACTER_KIND_NPC, "Goblin");

  g_assert_false (tkr_character_is_pc (npc));
  /* NPCs start with the same ranges; the GM edits them. */
  g_assert_cmpint (tkr_character_get_range_units (npc, "Walk"), ==, 4);
  g_assert_cmpint (tkr_character_get_range_units (npc, "Jump"), ==, 1);
  g_assert_nonnull (tkr_character_find_modifier (npc, TKR_MODIFIER_KIND_SAVE, "Edge"));
  g_assert_cmpstr (tkr_character_get_id (npc), !=, tkr_character_get_id (other));
}

static void
test_rename (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *too_long = g_strnfill (201, 'a');
  g_autofree char *longest = g_strnfill (200, 'a');

  g_assert_true (tkr_character_rename (pc, history, "  Alicia  ", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Alicia");
  g_assert_nonnull (tkr_history_get_undo_label (history));

  /* Refused: blank, too long. Nothing changes, nothing is recorded. */
  g_assert_false (tkr_character_rename (pc, history, "   ", &error));
  assert_invalid (error);
  g_assert_true (strstr (error->message, "200") != NULL);
  g_clear_error (&error);
  g_assert_false (tkr_character_rename (pc, history, too_long, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Alicia");
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);

  g_assert_true (tkr_character_rename (pc, history, longest, &error));
  g_assert_cmpstr (tkr_character_get_name (pc), ==, longest);

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Alicia");
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Alice");
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Alicia");

  /* A NULL history applies without recording. */
  g_assert_true (tkr_character_rename (pc, NULL, "Bob", &error));
  g_assert_cmpstr (tkr_character_get_name (pc), ==, "Bob");
}

typedef gboolean (*IntSetter) (TkrCharacter *, TkrHistory *, int, GError **);
typedef int (*IntGetter) (TkrCharacter *);

static void
check_int_command (IntSetter set, IntGetter get, int minimum, int maximum)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *max_text = g_strdup_printf ("%d", maximum);
  int before = get (pc);
  int middle = minimum + 1;

  g_assert_true (set (pc, history, middle, &error));
  g_assert_no_error (error);
  g_assert_cmpint (get (pc), ==, middle);
  g_assert_true (set (pc, history, maximum, &error));
  g_assert_cmpint (get (pc), ==, maximum);
  g_assert_true (set (pc, history, minimum, &error));
  g_assert_cmpint (get (pc), ==, minimum);
  g_assert_true (set (pc, history, middle, &error));

  g_assert_false (set (pc, history, minimum - 1, &error));
  assert_invalid (error);
  /* The message names the allowed range. */
  g_assert_true (strstr (error->message, max_text) != NULL);
  g_clear_error (&error);
  g_assert_false (set (pc, history, maximum + 1, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (set (pc, history, G_MININT, &error));
  g_clear_error (&error);
  g_assert_cmpint (get (pc), ==, middle);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 4);

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (get (pc), ==, minimum);
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (get (pc), ==, before);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (get (pc), ==, middle);
}

static void
test_set_level (void)
{
  check_int_command (tkr_character_set_level, tkr_character_get_level, 1, 99);
}

static void
test_set_experience (void)
{
  check_int_command (tkr_character_set_experience, tkr_character_get_experience, 0, 1000000);
}

static void
test_set_wealth (void)
{
  check_int_command (tkr_character_set_wealth, tkr_character_get_wealth, 0, 999999999);
}

static void
test_edit_pool (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  TkrPool *health = tkr_character_get_pool (pc, TKR_POOL_HEALTH);

  g_assert_true (tkr_character_edit_pool (pc, history, TKR_POOL_HEALTH, 12, 15, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 12);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 15);

  /* Refused: current above the maximum, negatives, a maximum too large. */
  g_assert_false (tkr_character_edit_pool (pc, history, TKR_POOL_HEALTH, 16, 15, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_edit_pool (pc, history, TKR_POOL_HEALTH, -1, 15, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_edit_pool (pc, history, TKR_POOL_HEALTH, 0, 10000, &error));
  assert_invalid (error);
  g_assert_true (strstr (error->message, "9999") != NULL);
  g_clear_error (&error);
  g_assert_false (tkr_pool_validate (3, -1, &error));
  g_clear_error (&error);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 12);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 15);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);

  /* Lowering both at once works whatever the order of the two sets. */
  g_assert_true (tkr_character_edit_pool (pc, history, TKR_POOL_HEALTH, 2, 3, &error));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 12);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 15);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 10);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 10);
  g_assert_true (tkr_history_redo (history));
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 2);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 3);
}

static void
test_adjust_pool (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  TkrPool *health = tkr_character_get_pool (pc, TKR_POOL_HEALTH);

  tkr_character_adjust_pool (pc, history, TKR_POOL_HEALTH, -3);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 7);
  /* Clamped to 0..maximum, even for absurd amounts. */
  tkr_character_adjust_pool (pc, history, TKR_POOL_HEALTH, G_MININT);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 0);
  tkr_character_adjust_pool (pc, history, TKR_POOL_HEALTH, G_MAXINT);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 10);
  g_assert_cmpint (tkr_pool_get_maximum (health), ==, 10);

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 0);
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 10);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 7);
}

static void
test_modifiers (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  GListModel *skills = tkr_character_get_skills (pc);
  guint n_skills = g_list_model_get_n_items (skills);

  /* Names match whatever their case: this changes Edge, adds nothing. */
  g_assert_true (
    tkr_character_set_modifier (pc, history, TKR_MODIFIER_KIND_SAVE, "edge", 2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_character_get_edge_save (pc), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_saves (pc)), ==, 2);
  g_assert_cmpstr (tkr_modifier_get_name (modifier_at (tkr_character_get_saves (pc), 0)), ==,
                   "Edge");

  g_assert_true (
    tkr_character_set_modifier (pc, history, TKR_MODIFIER_KIND_SKILL, " Lockpicking ", -3, &error));
  g_assert_cmpuint (g_list_model_get_n_items (skills), ==, n_skills + 1);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_SKILL, "LOCKPICKING"),
                   ==, -3);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_SKILL, "Nothing"), ==,
                   0);

  g_assert_true (
    tkr_character_set_modifier (pc, history, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue", 2, &error));
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_ARCHETYPE, "rogue"), ==,
                   2);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 3);

  /* Refused values leave everything as it was. */
  g_assert_false (
    tkr_character_set_modifier (pc, history, TKR_MODIFIER_KIND_SKILL, "Covert", 100, &error));
  assert_invalid (error);
  g_assert_true (strstr (error->message, "99") != NULL);
  g_clear_error (&error);
  g_assert_false (
    tkr_character_set_modifier (pc, history, TKR_MODIFIER_KIND_SAVE, "Grit", -100, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (
    tkr_character_set_modifier (pc, history, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue", -1, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_set_modifier (pc, history, TKR_MODIFIER_KIND_SKILL, "", 1, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 3);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue"), ==,
                   2);
  g_assert_cmpuint (g_list_model_get_n_items (skills), ==, n_skills + 1);

  /* Removal */
  g_assert_true (
    tkr_character_remove_modifier (pc, history, TKR_MODIFIER_KIND_SKILL, "lockpicking", &error));
  g_assert_null (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_SKILL, "Lockpicking"));
  g_assert_false (
    tkr_character_remove_modifier (pc, history, TKR_MODIFIER_KIND_SKILL, "Lockpicking", &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* The Edge Save builds the turn order and cannot go. */
  g_assert_false (
    tkr_character_remove_modifier (pc, history, TKR_MODIFIER_KIND_SAVE, "EDGE", &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_nonnull (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_SAVE, "Edge"));
  g_assert_true (
    tkr_character_remove_modifier (pc, history, TKR_MODIFIER_KIND_SAVE, "Grit", &error));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_saves (pc)), ==, 1);

  /* Undo brings back Grit, then Lockpicking, then takes away Rogue. */
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_saves (pc)), ==, 2);
  g_assert_cmpstr (tkr_modifier_get_name (modifier_at (tkr_character_get_saves (pc), 1)), ==,
                   "Grit");
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_SKILL, "Lockpicking"),
                   ==, -3);
  g_assert_true (tkr_history_undo (history));
  g_assert_null (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue"));
  g_assert_true (tkr_history_undo (history));
  g_assert_null (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_SKILL, "Lockpicking"));
  g_assert_cmpuint (g_list_model_get_n_items (skills), ==, n_skills);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_edge_save (pc), ==, 0);
  g_assert_false (tkr_history_can_undo (history));

  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (tkr_character_get_edge_save (pc), ==, 2);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_SKILL, "Lockpicking"),
                   ==, -3);
}

static void
test_ranges (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  GListModel *ranges = tkr_character_get_movement_ranges (pc);

  g_assert_true (tkr_character_set_range (pc, history, "Climb", 2, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (ranges), ==, 3);
  g_assert_cmpint (tkr_character_get_range_units (pc, "climb"), ==, 2);
  g_assert_true (tkr_character_set_range (pc, history, "walk", 6, &error));
  g_assert_cmpint (tkr_character_get_range_units (pc, "Walk"), ==, 6);
  g_assert_cmpint (tkr_character_get_largest_range (pc), ==, 6);
  g_assert_cmpuint (g_list_model_get_n_items (ranges), ==, 3);
  /* 0 units takes the range off the sheet. */
  g_assert_true (tkr_character_set_range (pc, history, "Jump", 0, &error));
  g_assert_null (tkr_character_find_range (pc, "Jump"));
  g_assert_cmpuint (g_list_model_get_n_items (ranges), ==, 2);
  /* ... and on a range not there is no change at all. */
  g_assert_true (tkr_character_set_range (pc, history, "Fly", 0, &error));
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 3);

  g_assert_false (tkr_character_set_range (pc, history, "Swim", 10001, &error));
  assert_invalid (error);
  g_assert_true (strstr (error->message, "10000") != NULL);
  g_clear_error (&error);
  g_assert_false (tkr_character_set_range (pc, history, "Walk", -1, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_set_range (pc, history, " ", 3, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_cmpint (tkr_character_get_range_units (pc, "Walk"), ==, 6);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 3);

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_range_units (pc, "Jump"), ==, 1);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_range_units (pc, "Walk"), ==, 4);
  g_assert_true (tkr_history_undo (history));
  g_assert_null (tkr_character_find_range (pc, "Climb"));
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (tkr_character_get_range_units (pc, "Climb"), ==, 2);
}

static void
test_abilities (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrAbility) backstab = tkr_ability_new ("Backstab", TKR_ABILITY_TIME_ACTION, 1);
  g_autoptr (TkrAbility) nameless = tkr_ability_new ("  ", TKR_ABILITY_TIME_ACTION, 1);
  g_autoptr (TkrAbility) stranger = tkr_ability_new ("Stranger", TKR_ABILITY_TIME_PASSIVE, 0);
  GListModel *abilities = tkr_character_get_abilities (pc);

  g_assert_true (tkr_character_add_ability (pc, history, backstab, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (abilities), ==, 1);

  g_assert_false (tkr_character_add_ability (pc, history, backstab, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_add_ability (pc, history, nameless, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_remove_ability (pc, history, stranger, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (g_list_model_get_n_items (abilities), ==, 1);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);

  g_assert_true (tkr_character_remove_ability (pc, history, backstab, &error));
  g_assert_cmpuint (g_list_model_get_n_items (abilities), ==, 0);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (abilities), ==, 1);
  {
    g_autoptr (TkrAbility) back = g_list_model_get_item (abilities, 0);
    g_assert_true (back == backstab);
  }
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (abilities), ==, 0);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpuint (g_list_model_get_n_items (abilities), ==, 1);
}

static void
test_inventory (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrItem) rope = tkr_item_new ("Rope", 2);
  g_autoptr (TkrItem) other = tkr_item_new ("Rope", 1);
  g_autoptr (TkrItem) blank = tkr_item_new ("", 1);
  GListModel *inventory = tkr_character_get_inventory (pc);

  g_assert_true (tkr_character_add_item (pc, history, rope, &error));
  /* Two lines of the same name are fine (two different ropes). */
  g_assert_true (tkr_character_add_item (pc, history, other, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (inventory), ==, 2);

  g_assert_false (tkr_character_add_item (pc, history, rope, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_add_item (pc, history, blank, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_remove_item (pc, history, blank, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (g_list_model_get_n_items (inventory), ==, 2);

  g_assert_true (tkr_character_remove_item (pc, history, rope, &error));
  g_assert_cmpuint (g_list_model_get_n_items (inventory), ==, 1);
  g_assert_true (tkr_history_undo (history));
  {
    g_autoptr (TkrItem) first = g_list_model_get_item (inventory, 0);
    g_assert_true (first == rope);
  }
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (inventory), ==, 0);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpuint (g_list_model_get_n_items (inventory), ==, 1);
}

static void
test_duplicate (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_NPC, "Goblin");
  g_autoptr (TkrCharacter) copy = NULL;
  g_autoptr (TkrAbility) stab = tkr_ability_new ("Stab", TKR_ABILITY_TIME_ACTION, 1);
  g_autoptr (TkrItem) spear = tkr_item_new ("Spear", 1);
  g_autoptr (TkrAbility) stab_copy = NULL;
  g_autoptr (TkrItem) spear_copy = NULL;
  TkrCondition *slowed, *slowed_copy;

  g_object_set (stab, "effect", "Ouch", NULL);
  tkr_item_set_notes (spear, "Rusty");
  g_assert_true (tkr_character_add_ability (pc, NULL, stab, NULL));
  g_assert_true (tkr_character_add_item (pc, NULL, spear, NULL));
  g_assert_true (tkr_character_set_modifier (pc, NULL, TKR_MODIFIER_KIND_SAVE, "Edge", 3, NULL));
  g_assert_true (
    tkr_character_set_modifier (pc, NULL, TKR_MODIFIER_KIND_ARCHETYPE, "Brute", 2, NULL));
  g_assert_true (tkr_character_set_range (pc, NULL, "Climb", 3, NULL));
  g_assert_true (tkr_character_set_wealth (pc, NULL, 5, NULL));
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_HEALTH, 4, 6, NULL));
  slowed = tkr_character_add_condition (pc, NULL, NULL, "Slowed", 2, 7, NULL);
  g_object_set (pc, "player", "GM", "notes", "Smells", NULL);

  copy = tkr_character_duplicate (pc, "Goblin 2");
  g_assert_cmpstr (tkr_character_get_name (copy), ==, "Goblin 2");
  g_assert_cmpstr (tkr_character_get_id (copy), !=, tkr_character_get_id (pc));
  g_assert_true (g_uuid_string_is_valid (tkr_character_get_id (copy)));
  g_assert_false (tkr_character_is_pc (copy));
  g_assert_cmpstr (tkr_character_get_player (copy), ==, "GM");
  g_assert_cmpstr (tkr_character_get_notes (copy), ==, "Smells");
  g_assert_cmpint (tkr_character_get_wealth (copy), ==, 5);
  g_assert_cmpint (tkr_character_get_edge_save (copy), ==, 3);
  g_assert_cmpint (tkr_character_get_modifier_value (copy, TKR_MODIFIER_KIND_ARCHETYPE, "Brute"),
                   ==, 2);
  g_assert_cmpint (tkr_character_get_range_units (copy, "Climb"), ==, 3);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (copy, TKR_POOL_HEALTH)), ==, 4);
  g_assert_cmpint (tkr_pool_get_maximum (tkr_character_get_pool (copy, TKR_POOL_HEALTH)), ==, 6);

  /* Deep: no list and no item is shared. */
  g_assert_true (tkr_character_get_abilities (copy) != tkr_character_get_abilities (pc));
  g_assert_true (tkr_character_get_pool (copy, TKR_POOL_HEALTH) !=
                 tkr_character_get_pool (pc, TKR_POOL_HEALTH));
  stab_copy = g_list_model_get_item (tkr_character_get_abilities (copy), 0);
  g_assert_true (stab_copy != stab);
  g_assert_cmpstr (tkr_ability_get_name (stab_copy), ==, "Stab");
  {
    g_autofree char *effect = NULL;
    g_object_get (stab_copy, "effect", &effect, NULL);
    g_assert_cmpstr (effect, ==, "Ouch");
  }
  spear_copy = g_list_model_get_item (tkr_character_get_inventory (copy), 0);
  g_assert_true (spear_copy != spear);
  g_assert_cmpstr (tkr_item_get_notes (spear_copy), ==, "Rusty");
  slowed_copy = tkr_character_find_condition (copy, "Slowed");
  g_assert_nonnull (slowed_copy);
  g_assert_true (slowed_copy != slowed);
  g_assert_true (g_variant_equal (tkr_condition_get_stack_turns (slowed_copy),
                                  tkr_condition_get_stack_turns (slowed)));

  /* Changing the copy leaves the original alone. */
  tkr_character_adjust_pool (copy, NULL, TKR_POOL_HEALTH, -4);
  g_assert_true (tkr_character_remove_condition_stacks (copy, NULL, "Slowed", 1, NULL));
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (pc, TKR_POOL_HEALTH)), ==, 4);
  g_assert_cmpint (tkr_condition_get_stacks (slowed), ==, 2);

  /* NULL keeps the name. */
  {
    g_autoptr (TkrCharacter) same = tkr_character_duplicate (pc, NULL);
    g_assert_cmpstr (tkr_character_get_name (same), ==, "Goblin");
  }
}

/* SRD, Experience: a Level Up every xp_per_level (20) XP, so Level 2 at
 * 20 XP and Level 3 at 40 XP. */
static void
test_level_up_thresholds (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  int per_level = tkr_rules_get_xp_per_level (rules ());

  g_assert_cmpint (per_level, ==, 20);
  g_assert_cmpint (tkr_character_get_level_ups_available (pc, rules ()), ==, 0);

  g_assert_false (tkr_character_level_up (pc, history, rules (), "Rogue", &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_CANNOT_LEVEL_UP);
  g_clear_error (&error);

  g_assert_true (tkr_character_set_experience (pc, history, per_level - 1, NULL));
  g_assert_cmpint (tkr_character_get_level_ups_available (pc, rules ()), ==, 0);
  g_assert_false (tkr_character_level_up (pc, history, rules (), "Rogue", &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_CANNOT_LEVEL_UP);
  g_clear_error (&error);
  g_assert_cmpint (tkr_character_get_level (pc), ==, 1);

  g_assert_true (tkr_character_award_experience (pc, history, 1, &error));
  g_assert_cmpint (tkr_character_get_experience (pc), ==, 20);
  g_assert_cmpint (tkr_character_get_level_ups_available (pc, rules ()), ==, 1);
  g_assert_true (tkr_character_award_experience (pc, history, 20, &error));
  g_assert_cmpint (tkr_character_get_level_ups_available (pc, rules ()), ==, 2);

  /* The archetype name is required. */
  g_assert_false (tkr_character_level_up (pc, history, rules (), "  ", &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_cmpint (tkr_character_get_level (pc), ==, 1);

  g_assert_true (tkr_character_level_up (pc, history, rules (), "Rogue", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_character_get_level (pc), ==, 2);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue"), ==,
                   1);
  g_assert_cmpint (tkr_character_get_level_ups_available (pc, rules ()), ==, 1);
  g_assert_true (tkr_character_level_up (pc, history, rules (), "rogue", &error));
  g_assert_cmpint (tkr_character_get_level (pc), ==, 3);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue"), ==,
                   2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_archetypes (pc)), ==, 1);
  g_assert_cmpint (tkr_character_get_level_ups_available (pc, rules ()), ==, 0);
  g_assert_false (tkr_character_level_up (pc, history, rules (), "Scout", &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_CANNOT_LEVEL_UP);
  g_clear_error (&error);

  /* Level 4 at 60 XP, in a second archetype. */
  g_assert_true (tkr_character_award_experience (pc, history, 20, &error));
  g_assert_true (tkr_character_level_up (pc, history, rules (), "Scout", &error));
  g_assert_cmpint (tkr_character_get_level (pc), ==, 4);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Scout"), ==,
                   1);

  /* Undo of a Level Up takes back the Level and the new archetype. */
  g_assert_cmpstr (tkr_history_get_undo_label (history), !=, NULL);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_level (pc), ==, 3);
  g_assert_null (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Scout"));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_experience (pc), ==, 40);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_level (pc), ==, 2);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue"), ==,
                   1);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue"), ==,
                   2);

  /* A level already reached by hand counts: Level 3 at 40 XP has none. */
  {
    g_autoptr (TkrCharacter) other = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Bob");

    g_assert_true (tkr_character_set_experience (other, NULL, 40, NULL));
    g_assert_true (tkr_character_set_level (other, NULL, 3, NULL));
    g_assert_cmpint (tkr_character_get_level_ups_available (other, rules ()), ==, 0);
    g_assert_true (tkr_character_set_level (other, NULL, 5, NULL));
    g_assert_cmpint (tkr_character_get_level_ups_available (other, NULL), ==, 0);
    g_assert_true (tkr_character_set_experience (other, NULL, 1000000, NULL));
    g_assert_true (tkr_character_set_level (other, NULL, 99, NULL));
    /* No level above 99. */
    g_assert_cmpint (tkr_character_get_level_ups_available (other, NULL), ==, 0);
  }
}

static void
test_award_experience (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_character_award_experience (pc, history, 1000, &error));
  g_assert_cmpint (tkr_character_get_experience (pc), ==, 1000);
  g_assert_false (tkr_character_award_experience (pc, history, 0, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_false (tkr_character_award_experience (pc, history, 1001, &error));
  assert_invalid (error);
  g_assert_true (strstr (error->message, "1000") != NULL);
  g_clear_error (&error);
  g_assert_false (tkr_character_award_experience (pc, history, -5, &error));
  g_clear_error (&error);
  /* Never past the top of the tracker. */
  g_assert_true (tkr_character_set_experience (pc, history, 999999, NULL));
  g_assert_false (tkr_character_award_experience (pc, history, 2, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_cmpint (tkr_character_get_experience (pc), ==, 999999);

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_experience (pc), ==, 1000);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_experience (pc), ==, 0);
}

/* Rest (SRD) as the rule data says: spend a Recovery, regain Health equal
 * to Vitality up to the maximum, Shield back to its maximum. */
static void
test_rest (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (GError) error = NULL;
  TkrPool *health = tkr_character_get_pool (pc, TKR_POOL_HEALTH);
  TkrPool *recoveries = tkr_character_get_pool (pc, TKR_POOL_RECOVERIES);
  TkrPool *shield = tkr_character_get_pool (pc, TKR_POOL_SHIELD);

  g_assert_true (tkr_rules_get_rest_spends_recovery (rules ()));
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_HEALTH, 2, 10, NULL));
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_VITALITY, 3, 3, NULL));
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_SHIELD, 0, 2, NULL));
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_RECOVERIES, 2, 2, NULL));

  g_assert_true (tkr_character_rest (pc, history, rules (), &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_pool_get_current (recoveries), ==, 1);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 5);
  g_assert_cmpint (tkr_pool_get_current (shield), ==, 2);

  /* Capped at the maximum. */
  g_assert_true (tkr_character_edit_pool (pc, history, TKR_POOL_HEALTH, 9, 10, NULL));
  g_assert_true (tkr_character_rest (pc, history, NULL, &error));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 10);
  g_assert_cmpint (tkr_pool_get_current (recoveries), ==, 0);

  /* No Recovery left: refused, nothing changes. */
  tkr_character_adjust_pool (pc, history, TKR_POOL_HEALTH, -6);
  g_assert_false (tkr_character_rest (pc, history, rules (), &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_cmpint (tkr_pool_get_current (health), ==, 4);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 4);

  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 9);
  g_assert_cmpint (tkr_pool_get_current (recoveries), ==, 1);
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 2);
  g_assert_cmpint (tkr_pool_get_current (recoveries), ==, 2);
  g_assert_cmpint (tkr_pool_get_current (shield), ==, 0);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpint (tkr_pool_get_current (health), ==, 5);
  g_assert_cmpint (tkr_pool_get_current (shield), ==, 2);
}

/* SRD, Episodes: pools back to the maximum and every condition cleared,
 * Exhausted too (it clears at no other time). */
static void
test_end_episode (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrHistory) history = tkr_history_new ();
  GListModel *conditions = tkr_character_get_conditions (pc);
  TkrCondition *slowed, *exhausted;

  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_SHIELD, 0, 2, NULL));
  g_assert_true (tkr_character_edit_pool (pc, NULL, TKR_POOL_FIRST_AID_KITS, 1, 3, NULL));
  for (int i = 0; i < TKR_N_POOLS; i++)
    if (i != TKR_POOL_SHIELD && i != TKR_POOL_FIRST_AID_KITS)
      tkr_character_adjust_pool (pc, NULL, i, -1);
  slowed = tkr_character_add_condition (pc, NULL, NULL, "Slowed", 1, 1, NULL);
  exhausted = tkr_character_add_condition (pc, NULL, NULL, "Exhausted", 2, 1, NULL);
  g_assert_true (tkr_condition_get_episode_only (exhausted));
  g_assert_cmpuint (g_list_model_get_n_items (conditions), ==, 2);

  tkr_character_end_episode (pc, history);
  g_assert_cmpuint (g_list_model_get_n_items (conditions), ==, 0);
  for (int i = 0; i < TKR_N_POOLS; i++)
    {
      TkrPool *pool = tkr_character_get_pool (pc, i);

      if (i == TKR_POOL_FIRST_AID_KITS)
        /* Supplies used up, not a pool that refills (RULES.md lists five). */
        g_assert_cmpint (tkr_pool_get_current (pool), ==, 1);
      else
        g_assert_cmpint (tkr_pool_get_current (pool), ==, tkr_pool_get_maximum (pool));
    }
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);

  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (conditions), ==, 2);
  g_assert_true (tkr_character_find_condition (pc, "Slowed") == slowed);
  g_assert_true (tkr_character_find_condition (pc, "Exhausted") == exhausted);
  g_assert_cmpint (tkr_condition_get_stacks (exhausted), ==, 2);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (pc, TKR_POOL_SHIELD)), ==, 0);
  g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (pc, TKR_POOL_HEALTH)), ==, 9);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpuint (g_list_model_get_n_items (conditions), ==, 0);
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(int *) user_data)++;
}

/* Setters notify only on a real change, so TkrHistory and bindings see
 * exactly one notification per change. */
static void
test_notify_only_on_change (void)
{
  g_autoptr (TkrCharacter) pc = tkr_character_new (NULL, TKR_CHARACTER_KIND_PC, "Alice");
  TkrPool *health = tkr_character_get_pool (pc, TKR_POOL_HEALTH);
  int level_notified = 0;
  int current_notified = 0;

  g_signal_connect (pc, "notify::level", G_CALLBACK (count_notify), &level_notified);
  g_signal_connect (health, "notify::current", G_CALLBACK (count_notify), &current_notified);
  g_assert_true (tkr_character_set_level (pc, NULL, 1, NULL));
  g_assert_cmpint (level_notified, ==, 0);
  g_assert_true (tkr_character_set_level (pc, NULL, 2, NULL));
  g_assert_cmpint (level_notified, ==, 1);
  tkr_character_adjust_pool (pc, NULL, TKR_POOL_HEALTH, 5);
  g_assert_cmpint (current_notified, ==, 0);
  tkr_character_adjust_pool (pc, NULL, TKR_POOL_HEALTH, -5);
  g_assert_cmpint (current_notified, ==, 1);
  {
    g_autoptr (GListModel) pools = NULL;
    g_object_get (pc, "pools", &pools, NULL);
    g_assert_true (pools == tkr_character_get_pools (pc));
  }
}

/* A new sheet of a system with its own fields starts at their defaults
 * (Action-Point Finesse Die d6, seed 004); edits are validated against the
 * rule data, refused with the field's name, and undone as one step. */
static void
test_fields_set_and_validate (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) ap = tkr_rules_new_from_resource ("action-points", &error);
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrCharacter) pc = NULL;
  g_autoptr (GVariant) before = NULL;
  int value = 0;

  g_assert_no_error (error);
  pc = tkr_character_new (ap, TKR_CHARACTER_KIND_PC, "Alice");
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "action-points");
  g_assert_true (tkr_character_get_field (pc, "finesse_die", &value));
  g_assert_cmpint (value, ==, 6);
  g_assert_true (tkr_character_get_field (pc, "size", &value));
  g_assert_cmpint (value, ==, 0);
  g_assert_false (tkr_character_get_field (pc, "walk_speed", &value));
  g_object_get (pc, "fields", &before, NULL);
  g_assert_nonnull (before);

  g_assert_true (tkr_character_set_field (pc, history, ap, "finesse_die", 10, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_character_get_field (pc, "finesse_die", &value));
  g_assert_cmpint (value, ==, 10);

  /* Refused: not a die the rules list, out of range, unknown field. */
  g_assert_false (tkr_character_set_field (pc, history, ap, "finesse_die", 7, &error));
  assert_invalid (error);
  g_assert_nonnull (strstr (error->message, "Finesse Die"));
  g_assert_nonnull (strstr (error->message, "d12"));
  g_clear_error (&error);
  g_assert_false (tkr_character_set_field (pc, history, ap, "mana_max", 100, &error));
  assert_invalid (error);
  g_assert_nonnull (strstr (error->message, "Mana Maximum"));
  g_clear_error (&error);
  g_assert_false (tkr_character_set_field (pc, history, ap, "walk_speed", 30, &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);

  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_character_get_field (pc, "finesse_die", &value));
  g_assert_cmpint (value, ==, 6);
  g_assert_true (tkr_history_redo (history));
  g_assert_true (tkr_character_get_field (pc, "finesse_die", &value));
  g_assert_cmpint (value, ==, 10);

  /* A copy (an NPC's numbered copies) has the same fields. */
  {
    g_autoptr (TkrCharacter) copy = tkr_character_duplicate (pc, "Alice 2");
    g_assert_true (tkr_character_get_field (copy, "finesse_die", &value));
    g_assert_cmpint (value, ==, 10);
  }
}

/* Choosing a system for a sheet adds that system's saves, skills and fields
 * and keeps every value the sheet had; undo takes it back as one step. */
static void
test_adopt_rules_keeps_values (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) d20 = tkr_rules_new_from_resource ("d20", &error);
  g_autoptr (TkrRules) ap = tkr_rules_new_from_resource ("action-points", &error);
  g_autoptr (TkrHistory) history = tkr_history_new ();
  g_autoptr (TkrCharacter) pc = tkr_character_new (rules (), TKR_CHARACTER_KIND_PC, "Alice");
  guint saves_before = g_list_model_get_n_items (tkr_character_get_saves (pc));
  guint skills_before = g_list_model_get_n_items (tkr_character_get_skills (pc));
  int value = 0;

  g_assert_no_error (error);
  g_assert_true (tkr_character_set_modifier (pc, NULL, TKR_MODIFIER_KIND_SAVE, "Grit", 3, &error));
  g_assert_true (
    tkr_character_set_modifier (pc, NULL, TKR_MODIFIER_KIND_SKILL, "Athletics", 2, &error));
  g_assert_false (tkr_character_get_field (pc, "walk_speed", NULL));

  tkr_history_begin (history, "Switch");
  tkr_character_adopt_rules (pc, history, d20);
  tkr_history_end (history);
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 1);
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "d20");
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_SAVE, "Grit"), ==, 3);
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_SKILL, "Athletics"), ==,
                   2);
  g_assert_nonnull (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_SAVE, "Agility"));
  g_assert_nonnull (tkr_character_find_modifier (pc, TKR_MODIFIER_KIND_SKILL, "Observation"));
  /* Athletics, Survival, Medicine and Persuasion are in both: listed once. */
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_skills (pc)), ==,
                    skills_before + 2);
  g_assert_true (tkr_character_get_field (pc, "walk_speed", &value));
  g_assert_cmpint (value, ==, 30);
  g_assert_true (tkr_character_set_field (pc, history, d20, "walk_speed", 25, &error));

  /* Another system and back: the d20 speed stays. */
  tkr_character_adopt_rules (pc, history, ap);
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "action-points");
  g_assert_true (tkr_character_get_field (pc, "finesse_die", &value));
  g_assert_cmpint (value, ==, 6);
  tkr_character_adopt_rules (pc, history, d20);
  g_assert_true (tkr_character_get_field (pc, "walk_speed", &value));
  g_assert_cmpint (value, ==, 25);
  g_assert_true (tkr_character_get_field (pc, "finesse_die", NULL));
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, 4);

  /* Undo, step by step, back to the Kleptonomicon sheet it was. */
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "action-points");
  g_assert_true (tkr_history_undo (history));
  g_assert_false (tkr_character_get_field (pc, "finesse_die", NULL));
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_character_get_field (pc, "walk_speed", &value));
  g_assert_cmpint (value, ==, 30);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "kleptonomicon");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_saves (pc)), ==, saves_before);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_skills (pc)), ==, skills_before);
  g_assert_false (tkr_character_get_field (pc, "walk_speed", NULL));
  g_assert_cmpint (tkr_character_get_modifier_value (pc, TKR_MODIFIER_KIND_SAVE, "Grit"), ==, 3);
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpstr (tkr_character_get_rule_system (pc), ==, "d20");
  g_assert_true (tkr_character_get_field (pc, "walk_speed", &value));
  g_assert_cmpint (value, ==, 30);
}

static TkrCharacter *
from_text (const char *text, GError **error)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
  return tkr_character_new_from_bytes (bytes, error);
}

/* Fields go to the file and back; a field this version does not know is
 * kept; a hostile value is refused with its path. */
static void
test_fields_json_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) ap = tkr_rules_new_from_resource ("action-points", &error);
  g_autoptr (TkrCharacter) pc = tkr_character_new (ap, TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autoptr (TkrCharacter) future = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GVariant) a = NULL;
  g_autoptr (GVariant) b = NULL;
  int value = 0;
  const struct
  {
    const char *fields;
    const char *path;
  } hostile[] = {
    { "{\"finesse_die\": 7}", "fields.finesse_die" },
    { "{\"mana_max\": 100}", "fields.mana_max" },
    { "{\"finesse_die\": \"d8\"}", "fields.finesse_die" },
    { "{\"finesse_die\": 8.5}", "fields.finesse_die" },
    { "{\"later\": 1e300}", "fields.later" },
    { "{\"later\": 100001}", "fields.later" },
    { "[8]", "fields" },
    { "{\"\": 1}", "fields" },
  };

  g_assert_no_error (error);
  g_assert_true (tkr_character_set_field (pc, NULL, ap, "finesse_die", 12, &error));
  g_assert_true (tkr_character_set_field (pc, NULL, ap, "size", 1, &error));
  bytes = tkr_character_to_bytes (pc);
  loaded = tkr_character_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_object_get (pc, "fields", &a, NULL);
  g_object_get (loaded, "fields", &b, NULL);
  g_assert_true (g_variant_equal (a, b));
  g_assert_true (tkr_character_get_field (loaded, "finesse_die", &value));
  g_assert_cmpint (value, ==, 12);
  again = tkr_character_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));

  /* A newer version's system and fields come through untouched. */
  future = from_text ("{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": "
                      "{\"name\": \"Zed\", \"rule_system\": \"calvinball\", \"fields\": "
                      "{\"tiger\": 3, \"finesse_die\": 7}}}",
                      &error);
  g_assert_no_error (error);
  g_assert_true (tkr_character_get_field (future, "tiger", &value));
  g_assert_cmpint (value, ==, 3);
  g_assert_true (tkr_character_get_field (future, "finesse_die", &value));
  g_assert_cmpint (value, ==, 7);

  /* A file without saves starts with its own system's, not the default's. */
  {
    g_autoptr (TkrCharacter) ranger =
      from_text ("{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": "
                 "{\"name\": \"Ranger\", \"rule_system\": \"d20\"}}",
                 &error);

    g_assert_no_error (error);
    g_assert_nonnull (tkr_character_find_modifier (ranger, TKR_MODIFIER_KIND_SAVE, "Agility"));
    g_assert_null (tkr_character_find_modifier (ranger, TKR_MODIFIER_KIND_SAVE, "Grit"));
    /* Fields a file leaves out stay out: the encounter then falls back. */
    g_assert_false (tkr_character_get_field (ranger, "walk_speed", NULL));
  }

  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"kind\": \"turnkeeper-character\", \"format\": 1, \"character\": {\"name\": \"Hal\", "
        "\"rule_system\": \"action-points\", \"fields\": %s}}",
        hostile[i].fields);
      g_autofree char *where = g_strdup_printf ("character.%s”", hostile[i].path);
      g_autoptr (GError) file_error = NULL;
      g_autoptr (TkrCharacter) character = from_text (text, &file_error);

      g_assert_null (character);
      g_assert_error (file_error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
      g_test_message ("%s", file_error->message);
      g_assert_nonnull (strstr (file_error->message, where));
    }
}

/* A name is kept as a file gives it back (names are read trimmed): an
 * item or an Ability added with spaces or line ends around its name (an
 * import, fuzz-import-pathbuilder2e's finding) is stored trimmed, so a
 * save, a load and a save write the same bytes. */
static void
test_added_names_stored_trimmed (void)
{
  g_autoptr (TkrCharacter) character = tkr_character_new (rules (), TKR_CHARACTER_KIND_PC, "Alice");
  g_autoptr (TkrItem) staff = tkr_item_new ("Staff\r\r\r ", 1);
  g_autoptr (TkrAbility) shove = tkr_ability_new ("  Shove\n", TKR_ABILITY_TIME_ACTION, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) first = NULL;
  g_autoptr (JsonNode) second = NULL;
  g_autoptr (TkrCharacter) loaded = NULL;
  g_autofree char *first_text = NULL;
  g_autofree char *second_text = NULL;

  g_assert_true (tkr_character_add_item (character, NULL, staff, &error));
  g_assert_true (tkr_character_add_ability (character, NULL, shove, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_item_get_name (staff), ==, "Staff");
  g_assert_cmpstr (tkr_ability_get_name (shove), ==, "Shove");

  first = tkr_character_to_json (character);
  loaded = tkr_character_new_from_json (first, "character", &error);
  g_assert_no_error (error);
  second = tkr_character_to_json (loaded);
  first_text = json_to_string (first, TRUE);
  second_text = json_to_string (second, TRUE);
  g_assert_cmpstr (first_text, ==, second_text);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/character/new/pc-defaults-seed-movement-walk-4-jump-1", test_new_pc_defaults);
  g_test_add_func ("/character/new/npc-defaults", test_new_npc_defaults);
  g_test_add_func ("/character/edit/rename", test_rename);
  g_test_add_func ("/character/edit/level", test_set_level);
  g_test_add_func ("/character/edit/experience", test_set_experience);
  g_test_add_func ("/character/edit/wealth", test_set_wealth);
  g_test_add_func ("/character/edit/pool", test_edit_pool);
  g_test_add_func ("/character/edit/adjust-pool", test_adjust_pool);
  g_test_add_func ("/character/edit/modifiers-edge-save-stays", test_modifiers);
  g_test_add_func ("/character/edit/movement-ranges", test_ranges);
  g_test_add_func ("/character/edit/abilities", test_abilities);
  g_test_add_func ("/character/edit/inventory", test_inventory);
  g_test_add_func ("/character/duplicate/deep-copy-new-id", test_duplicate);
  g_test_add_func ("/character/experience/srd-level-up-every-20-xp", test_level_up_thresholds);
  g_test_add_func ("/character/experience/award", test_award_experience);
  g_test_add_func ("/character/srd-rest/recovery-vitality-shield", test_rest);
  g_test_add_func ("/character/srd-end-of-episode/pools-and-conditions", test_end_episode);
  g_test_add_func ("/character/notify-only-on-change", test_notify_only_on_change);
  g_test_add_func ("/character/fields/seed-004-finesse-die-validated-and-undoable",
                   test_fields_set_and_validate);
  g_test_add_func ("/character/fields/adopt-rules-keeps-values-one-undo-step",
                   test_adopt_rules_keeps_values);
  g_test_add_func ("/character/names/added-names-stored-trimmed", test_added_names_stored_trimmed);
  g_test_add_func ("/character/fields/json-round-trip-unknown-kept-hostile-refused",
                   test_fields_json_round_trip);

  return g_test_run ();
}
