/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * What the players are shown (help/C/player-view.page), the rules the
 * player view and the table file share (tkr-players.h): a turn slot's one
 * combatant, which slots players may see (hidden combatants not), and the
 * word an NPC's health reads as when the GM chooses words.
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-players.h"

typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  GObject *pc_slot;    /* Alice's place in the order */
  GObject *group_slot; /* the two orcs' group */
  TkrCombatant *alice;
  TkrCombatant *orc_a;
  TkrCombatant *orc_b;
} Fixture;

/* A Kleptonomicon fight in Main: a PC and two NPCs of the same Edge Save,
 * who take their Turn as one group. */
static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("kleptonomicon", &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  TkrCharacter *alice, *orc_a, *orc_b;
  GListModel *order;

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->encounter = tkr_campaign_get_encounter (f->campaign);
  alice =
    tkr_campaign_add_to_encounter (f->campaign, tkr_campaign_add_pc (f->campaign, "Alice"), &error);
  orc_a = tkr_campaign_add_to_encounter (f->campaign, tkr_campaign_add_npc (f->campaign, "Orc A"),
                                         &error);
  orc_b = tkr_campaign_add_to_encounter (f->campaign, tkr_campaign_add_npc (f->campaign, "Orc B"),
                                         &error);
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  g_assert_no_error (error);
  f->alice = tkr_encounter_find_combatant (f->encounter, alice);
  f->orc_a = tkr_encounter_find_combatant (f->encounter, orc_a);
  f->orc_b = tkr_encounter_find_combatant (f->encounter, orc_b);

  order = tkr_encounter_get_order (f->encounter);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 2);
  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      GObject *slot = g_list_model_get_item (order, i);

      if (tkr_klep_turn_entry_get_kind (TKR_KLEP_TURN_ENTRY (slot)) == TKR_KLEP_TURN_ENTRY_KIND_PC)
        f->pc_slot = slot;
      else
        f->group_slot = slot;
    }
  g_assert_nonnull (f->pc_slot);
  g_assert_nonnull (f->group_slot);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->pc_slot);
  g_clear_object (&f->group_slot);
  g_clear_object (&f->campaign);
}

/* Rule: a slot is one combatant, or a group; a group of one is its
 * member, a larger group has no one combatant. */
static void
test_slot_combatant (Fixture *f, gconstpointer data)
{
  g_autoptr (TkrKlepTurnEntry) single =
    tkr_klep_turn_entry_new (TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP, "Lookouts");
  g_autoptr (GListModel) members = tkr_tracker_slot_get_members (f->group_slot);
  g_autoptr (GObject) plain = g_object_new (G_TYPE_OBJECT, NULL);

  g_assert_true (tkr_tracker_slot_get_combatant (G_OBJECT (f->alice)) == f->alice);
  g_assert_true (tkr_tracker_slot_get_combatant (f->pc_slot) == f->alice);
  g_assert_null (tkr_tracker_slot_get_combatant (f->group_slot));
  g_assert_nonnull (members);
  g_assert_cmpuint (g_list_model_get_n_items (members), ==, 2);

  tkr_klep_turn_entry_add_member (single, TKR_KLEP_COMBATANT (f->orc_a));
  g_assert_true (tkr_tracker_slot_get_combatant (G_OBJECT (single)) == f->orc_a);

  /* Something with no members is no slot of anyone. */
  g_assert_null (tkr_tracker_slot_get_members (plain));
  g_assert_null (tkr_tracker_slot_get_combatant (plain));
  g_assert_null (tkr_tracker_slot_get_combatant (NULL));
}

/* Rule: players see a combatant not hidden, and a group while at least
 * one of its members is not hidden; the GM's hidden ones never. */
static void
test_players_see_unhidden (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_players_may_see_slot (f->pc_slot));
  g_assert_true (tkr_players_may_see_slot (f->group_slot));

  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc_a, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_players_may_see_slot (G_OBJECT (f->orc_a)));
  g_assert_true (tkr_players_may_see_slot (G_OBJECT (f->orc_b)));
  g_assert_true (tkr_players_may_see_slot (f->group_slot));

  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc_b, TRUE, &error));
  g_assert_false (tkr_players_may_see_slot (f->group_slot));

  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->alice, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_players_may_see_slot (f->pc_slot));

  /* Undo shows Alice again. */
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (f->campaign)));
  g_assert_true (tkr_players_may_see_slot (f->pc_slot));
}

/* Rule: an NPC's health in words: "down" at 0 or when down, "unhurt" at
 * the maximum, "wounded" above half, else "badly-wounded" (4 of 8 is
 * already badly); and the words players read for each. */
static void
test_health_word (void)
{
  g_assert_cmpstr (tkr_players_health_word (10, 10, FALSE), ==, "unhurt");
  g_assert_cmpstr (tkr_players_health_word (12, 10, FALSE), ==, "unhurt");
  g_assert_cmpstr (tkr_players_health_word (6, 10, FALSE), ==, "wounded");
  g_assert_cmpstr (tkr_players_health_word (5, 9, FALSE), ==, "wounded");
  g_assert_cmpstr (tkr_players_health_word (4, 8, FALSE), ==, "badly-wounded");
  g_assert_cmpstr (tkr_players_health_word (1, 10, FALSE), ==, "badly-wounded");
  g_assert_cmpstr (tkr_players_health_word (0, 10, FALSE), ==, "down");
  g_assert_cmpstr (tkr_players_health_word (-3, 10, FALSE), ==, "down");
  g_assert_cmpstr (tkr_players_health_word (10, 10, TRUE), ==, "down");

  g_assert_cmpstr (tkr_players_health_word_text ("down"), ==, "Down");
  g_assert_cmpstr (tkr_players_health_word_text ("unhurt"), ==, "Unhurt");
  g_assert_cmpstr (tkr_players_health_word_text ("wounded"), ==, "Wounded");
  g_assert_cmpstr (tkr_players_health_word_text ("badly-wounded"), ==, "Badly wounded");
  /* A word a newer table file might carry reads as nothing. */
  g_assert_null (tkr_players_health_word_text ("dying"));
  g_assert_null (tkr_players_health_word_text (NULL));
}

/* Rule: a group's name may list its members (help/C/player-view.page);
 * players never read a hidden member's name in it, while the GM's own name
 * for the group still lists everyone. */
static void
test_slot_name_hides_hidden (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = tkr_players_slot_name (f->group_slot);
  g_autofree char *after = NULL;
  g_autofree char *gm_name = NULL;

  g_assert_nonnull (strstr (before, "Orc A"));
  g_assert_nonnull (strstr (before, "Orc B"));
  g_assert_true (tkr_encounter_set_hidden (f->encounter, f->orc_a, TRUE, &error));
  g_assert_no_error (error);
  after = tkr_players_slot_name (f->group_slot);
  g_assert_null (strstr (after, "Orc A"));
  g_assert_nonnull (strstr (after, "Orc B"));
  g_object_get (f->group_slot, "name", &gm_name, NULL);
  g_assert_nonnull (strstr (gm_name, "Orc A"));
  g_free (after);
  after = tkr_players_slot_name (f->pc_slot);
  g_assert_cmpstr (after, ==, "Alice");
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/players/slot-combatant", Fixture, NULL, fixture_setup, test_slot_combatant,
              fixture_teardown);
  g_test_add ("/players/see-only-unhidden", Fixture, NULL, fixture_setup, test_players_see_unhidden,
              fixture_teardown);
  g_test_add ("/players/slot-name-hides-hidden", Fixture, NULL, fixture_setup,
              test_slot_name_hides_hidden, fixture_teardown);
  g_test_add_func ("/players/health-word", test_health_word);
  return g_test_run ();
}
