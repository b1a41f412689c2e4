/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * What the players are shown (help/C/player-view.page), the rules the
 * player view and the table file share (tkr-players.h): a turn slot's one
 * combatant, which slots players may see (hidden combatants not), the
 * name players read for a slot (a group counted by kind, never a hidden
 * member's name) beside the GM's, and the word an NPC's health reads as
 * when the GM chooses words.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "tkr-core.h"
#include "tkr-players.h"
#include "tkr-table-file.h"

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

/* A Kleptonomicon fight in Main: Kim, and seven copies of two library
 * NPCs of one Edge Save, four Goblin Archers and three Orc Brutes added in
 * turn, who take their Turn as one group called by its members' names. */
typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  GObject *group_slot;
  GListModel *members;
} KindsFixture;

static void
kinds_setup (KindsFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("kleptonomicon", &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  TkrCharacter *archer, *brute;
  GListModel *order;

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->encounter = tkr_campaign_get_encounter (f->campaign);
  g_assert_nonnull (
    tkr_campaign_add_to_encounter (f->campaign, tkr_campaign_add_pc (f->campaign, "Kim"), &error));
  archer = tkr_campaign_add_npc (f->campaign, "Goblin Archer");
  brute = tkr_campaign_add_npc (f->campaign, "Orc Brute");
  for (guint i = 0; i < 7; i++)
    g_assert_nonnull (
      tkr_campaign_add_to_encounter (f->campaign, i % 2 == 0 ? archer : brute, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  g_assert_no_error (error);

  order = tkr_encounter_get_order (f->encounter);
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 2);
  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      GObject *slot = g_list_model_get_item (order, i);

      if (tkr_klep_turn_entry_get_kind (TKR_KLEP_TURN_ENTRY (slot)) ==
          TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP)
        f->group_slot = slot;
      else
        g_object_unref (slot);
    }
  g_assert_nonnull (f->group_slot);
  f->members = tkr_tracker_slot_get_members (f->group_slot);
  g_assert_cmpuint (g_list_model_get_n_items (f->members), ==, 7);
}

static void
kinds_teardown (KindsFixture *f, gconstpointer data)
{
  g_clear_object (&f->members);
  g_clear_object (&f->group_slot);
  g_clear_object (&f->campaign);
}

/* The member of @f's group called @name. (transfer none) */
static TkrCombatant *
member_named (KindsFixture *f, const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (f->members); i++)
    {
      g_autoptr (TkrCombatant) member = g_list_model_get_item (f->members, i);

      if (g_strcmp0 (tkr_combatant_get_name (member), name) == 0)
        return member; /* the group keeps it */
    }
  g_assert_not_reached ();
}

/* Rule: a group called by its members' names reads as its members counted
 * by kind, "Goblin Archer ×4, Orc Brute ×3" (help/C/player-view.page),
 * each kind in the order it first comes and numbered copies one kind; the
 * players and the GM read the same while nobody is hidden. */
static void
test_group_counted_by_kind (KindsFixture *f, gconstpointer data)
{
  g_autofree char *name = NULL;
  g_autofree char *for_players = tkr_players_slot_name (f->group_slot);
  g_autofree char *for_gm = tkr_tracker_slot_dup_name (f->group_slot);
  g_autofree char *one = NULL;

  g_object_get (f->group_slot, "name", &name, NULL);
  g_assert_cmpstr (name, ==,
                   "Goblin Archer 2, Orc Brute 2, Goblin Archer 3, Orc Brute 3, Goblin Archer 4, "
                   "Orc Brute 4, Goblin Archer 5");
  g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute ×3");
  g_assert_cmpstr (for_gm, ==, "Goblin Archer ×4, Orc Brute ×3");

  /* A name of the GM's own, or one the members share, is kept. */
  g_assert_null (tkr_tracker_group_name_by_kind ("The Ambush", f->members, TRUE));
  g_assert_null (tkr_tracker_group_name_by_kind ("Goblin Archer", f->members, FALSE));
  /* A kind of one reads as its own name. */
  {
    g_autoptr (GListStore) pair = g_list_store_new (TKR_TYPE_COMBATANT);

    g_list_store_append (pair, member_named (f, "Goblin Archer 3"));
    g_list_store_append (pair, member_named (f, "Orc Brute 2"));
    g_list_store_append (pair, member_named (f, "Goblin Archer 5"));
    one = tkr_tracker_group_name_by_kind ("Goblin Archer 3, Orc Brute 2, Goblin Archer 5",
                                          G_LIST_MODEL (pair), TRUE);
    g_assert_cmpstr (one, ==, "Goblin Archer ×2, Orc Brute 2");
  }
}

/* Rule: a member hidden from the players is not counted in the name they
 * read, but is in the GM's (help/C/player-view.page, "Hide a combatant");
 * a kind left with one member reads as that member's name, a kind all
 * hidden is not named at all; undo counts it again. */
static void
test_hidden_member_not_counted (KindsFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrHistory *history = tkr_campaign_get_history (f->campaign);
  g_autofree char *for_players = NULL;
  g_autofree char *for_gm = NULL;

  g_assert_true (
    tkr_encounter_set_hidden (f->encounter, member_named (f, "Orc Brute 3"), TRUE, &error));
  g_assert_no_error (error);
  for_players = tkr_players_slot_name (f->group_slot);
  for_gm = tkr_tracker_slot_dup_name (f->group_slot);
  g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute ×2");
  g_assert_cmpstr (for_gm, ==, "Goblin Archer ×4, Orc Brute ×3");

  g_assert_true (
    tkr_encounter_set_hidden (f->encounter, member_named (f, "Orc Brute 2"), TRUE, &error));
  g_assert_no_error (error);
  g_clear_pointer (&for_players, g_free);
  for_players = tkr_players_slot_name (f->group_slot);
  g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute 4");
  g_assert_null (strstr (for_players, "Orc Brute 2"));
  g_assert_null (strstr (for_players, "Orc Brute 3"));

  g_assert_true (
    tkr_encounter_set_hidden (f->encounter, member_named (f, "Orc Brute 4"), TRUE, &error));
  g_assert_no_error (error);
  g_clear_pointer (&for_players, g_free);
  g_clear_pointer (&for_gm, g_free);
  for_players = tkr_players_slot_name (f->group_slot);
  for_gm = tkr_tracker_slot_dup_name (f->group_slot);
  g_assert_cmpstr (for_players, ==, "Goblin Archer ×4");
  g_assert_cmpstr (for_gm, ==, "Goblin Archer ×4, Orc Brute ×3");

  /* Undo, three times: every orc counts for the players again. */
  for (int i = 0; i < 3; i++)
    g_assert_true (tkr_history_undo (history));
  g_clear_pointer (&for_players, g_free);
  for_players = tkr_players_slot_name (f->group_slot);
  g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute ×3");
}

/* The table file's entry of the slot called @name in the player view,
 * or NULL. (transfer none) */
static JsonObject *
table_entry_named (JsonObject *table, const char *name)
{
  JsonArray *order = json_object_get_array_member (table, "order");

  for (guint i = 0; i < json_array_get_length (order); i++)
    {
      JsonObject *entry = json_array_get_object_element (order, i);

      if (g_strcmp0 (json_object_get_string_member (entry, "name"), name) == 0)
        return entry;
    }
  return NULL;
}

/* What a follower reads from @bytes: its entries, its turn and its next
 * through @turn and @next. (transfer full) */
static GListModel *
follow_bytes (GBytes *bytes, char **turn, char **next)
{
  g_autofree char *folder = g_dir_make_tmp ("tkr-test-players-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "Table.tktable", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (TkrTableFollower) follower = tkr_table_follower_new (file);
  g_autoptr (GError) error = NULL;
  GListModel *entries;

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), &error));
  g_assert_no_error (error);
  tkr_table_follower_start (follower); /* reads the file at once */
  g_assert_false (tkr_table_follower_get_waiting (follower));
  entries = g_object_ref (tkr_table_follower_get_entries (follower));
  *turn = g_strdup (tkr_table_follower_get_turn (follower));
  *next = g_strdup (tkr_table_follower_get_next (follower));
  g_clear_object (&follower);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  return entries;
}

/* Rule: the table file names a slot as the player view does, from the
 * same rule (tkr_players_slot_name; help/C/sync.page, "Publish the
 * table"), in the order, as whose turn it is and as who is next; a
 * follower reads those names as written; a hidden member is left out of
 * both alike. */
static void
test_table_file_names_as_player_view (KindsFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  for (int round = 0; round < 2; round++)
    {
      g_autofree char *for_players = tkr_players_slot_name (f->group_slot);
      g_autoptr (JsonNode) root = tkr_table_file_build (f->encounter, "word");
      JsonObject *table = json_object_get_object_member (json_node_get_object (root), "table");
      JsonObject *entry = table_entry_named (table, for_players);
      g_autoptr (GBytes) bytes = tkr_table_file_to_bytes (f->encounter, "word");
      g_autoptr (GListModel) entries = NULL;
      g_autofree char *turn = NULL;
      g_autofree char *next = NULL;
      gboolean group_turn;
      gboolean followed = FALSE;

      g_assert_nonnull (entry);
      g_assert_true (json_object_has_member (entry, "members"));
      /* Whose turn and who is next: Kim and the group, one way round. */
      group_turn = g_strcmp0 (json_object_get_string_member (table, "turn"), "Kim") != 0;
      g_assert_cmpstr (json_object_get_string_member (table, group_turn ? "turn" : "next"), ==,
                       for_players);
      g_assert_cmpstr (json_object_get_string_member (table, group_turn ? "next" : "turn"), ==,
                       "Kim");

      entries = follow_bytes (bytes, &turn, &next);
      g_assert_cmpstr (group_turn ? turn : next, ==, for_players);
      for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr (TkrTableEntry) read = g_list_model_get_item (entries, i);

          if (!tkr_table_entry_get_pc (read))
            {
              g_assert_cmpstr (tkr_table_entry_get_name (read), ==, for_players);
              followed = TRUE;
            }
        }
      g_assert_true (followed);

      if (round == 0)
        {
          /* Then with an orc hidden, after a turn moves on. */
          g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute ×3");
          g_assert_true (
            tkr_encounter_set_hidden (f->encounter, member_named (f, "Orc Brute 3"), TRUE, &error));
          g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
          g_assert_no_error (error);
        }
      else
        {
          g_autoptr (GBytes) again = tkr_table_file_to_bytes (f->encounter, "word");
          g_autofree char *text =
            g_strndup (g_bytes_get_data (again, NULL), g_bytes_get_size (again));

          g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute ×2");
          g_assert_null (strstr (text, "Orc Brute 3"));
        }
    }
}

/* Rule: a table file written before groups were counted by kind, its
 * group named by its members' names, still reads, its names as written
 * (help/C/sync.page). */
static void
test_table_file_old_names_read (void)
{
  static const char old[] =
    "{\"kind\": \"turnkeeper-table\", \"format\": 1, \"table\": {\"phase\": \"main\", "
    "\"round\": 2, \"turn\": \"Goblin Archer 2, Orc Brute 2, Goblin Archer 3\", "
    "\"next\": \"Kim\", \"order\": [{\"name\": \"Goblin Archer 2, Orc Brute 2, Goblin Archer 3\", "
    "\"pc\": false, \"current\": true, \"members\": [{\"name\": \"Goblin Archer 2\", "
    "\"pc\": false, \"health_word\": \"wounded\", \"conditions\": []}]}, {\"name\": \"Kim\", "
    "\"pc\": true, \"current\": false, \"health\": {\"current\": 9, \"maximum\": 12, "
    "\"temporary\": 0}, \"conditions\": []}]}}";
  g_autoptr (GBytes) bytes = g_bytes_new_static (old, sizeof old - 1);
  g_autofree char *turn = NULL;
  g_autofree char *next = NULL;
  g_autoptr (GListModel) entries = follow_bytes (bytes, &turn, &next);
  g_autoptr (TkrTableEntry) group = g_list_model_get_item (entries, 0);

  g_assert_cmpuint (g_list_model_get_n_items (entries), ==, 2);
  g_assert_cmpstr (turn, ==, "Goblin Archer 2, Orc Brute 2, Goblin Archer 3");
  g_assert_cmpstr (next, ==, "Kim");
  g_assert_cmpstr (tkr_table_entry_get_name (group), ==,
                   "Goblin Archer 2, Orc Brute 2, Goblin Archer 3");
  g_assert_true (tkr_table_entry_get_current (group));
  g_assert_cmpstr (tkr_table_entry_get_health_text (group), ==, "Goblin Archer 2: Wounded");
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
  g_test_add ("/players/group-name/counted-by-kind", KindsFixture, NULL, kinds_setup,
              test_group_counted_by_kind, kinds_teardown);
  g_test_add ("/players/group-name/hidden-member-not-counted-for-players", KindsFixture, NULL,
              kinds_setup, test_hidden_member_not_counted, kinds_teardown);
  g_test_add ("/players/group-name/table-file-reads-as-player-view", KindsFixture, NULL,
              kinds_setup, test_table_file_names_as_player_view, kinds_teardown);
  g_test_add_func ("/players/group-name/old-table-file-reads", test_table_file_old_names_read);
  return g_test_run ();
}
