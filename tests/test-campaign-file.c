/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gstdio.h>

#include "tkr-core.h"

typedef struct
{
  GMainLoop *loop;
  GAsyncResult *result;
} AsyncWait;

static void
async_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncWait *wait = user_data;

  wait->result = g_object_ref (result);
  g_main_loop_quit (wait->loop);
}

static GAsyncResult *
wait_for (AsyncWait *wait)
{
  g_main_loop_run (wait->loop);
  return wait->result;
}

/* A campaign in the middle of a fight: every kind of state set. */
static TkrCampaign *
build_campaign (void)
{
  TkrCampaign *campaign = tkr_campaign_new (NULL);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrKlepEncounter *encounter = tkr_campaign_get_klep_encounter (campaign);
  TkrRules *rules = tkr_campaign_get_rules (campaign);
  TkrCharacter *alice, *bob, *wolf, *orc;
  TkrKlepSetup *setup;
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;
  g_autoptr (TkrAbility) ability = tkr_ability_new ("Fireball", TKR_ABILITY_TIME_SLOW_ACTION, 2);
  g_autoptr (TkrItem) rope = tkr_item_new ("Rope", 2);
  GError *error = NULL;

  g_object_set (campaign, "name", "The Sunken Vault", NULL);
  alice = tkr_campaign_add_pc (campaign, "Alice");
  bob = tkr_campaign_add_pc (campaign, "Bob");
  wolf = tkr_campaign_add_npc (campaign, "Wolf");
  orc = tkr_campaign_add_npc (campaign, "Orc");

  g_assert_true (
    tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_SAVE, "Edge", 2, &error));
  g_assert_true (
    tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_SKILL, "Athletics", 3, &error));
  g_assert_true (
    tkr_character_set_modifier (alice, history, TKR_MODIFIER_KIND_ARCHETYPE, "Rogue", 2, &error));
  g_assert_true (tkr_character_edit_pool (alice, history, TKR_POOL_HEALTH, 7, 12, &error));
  g_assert_true (tkr_character_set_range (alice, history, "Climb", 2, &error));
  g_assert_true (tkr_character_add_ability (alice, history, ability, &error));
  g_assert_true (tkr_character_add_item (alice, history, rope, &error));
  g_assert_true (tkr_character_set_wealth (alice, history, 135, &error));
  g_assert_true (tkr_character_award_experience (alice, history, 21, &error));
  g_object_set (alice, "player", "Ann", "notes", "Owes the guild a favour.", NULL);
  g_assert_true (
    tkr_character_set_modifier (wolf, history, TKR_MODIFIER_KIND_SAVE, "Edge", 2, &error));
  g_assert_no_error (error);

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, bob, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, wolf, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, orc, &error));
  g_assert_no_error (error);
  g_assert_nonnull (tkr_klep_encounter_add_zone (encounter, "Fire", 2, "the brazier", &error));
  g_assert_no_error (error);

  g_assert_true (tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error));
  setup = tkr_klep_encounter_get_setup (encounter);
  while (tkr_klep_setup_get_next_test (setup, &pc, &group))
    g_assert_true (
      tkr_klep_setup_enter_score (setup, history, pc, group, pc == alice ? 3 : 8, &error));
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error));
  g_assert_nonnull (tkr_klep_encounter_add_condition (encounter, bob, "Slowed", 1, &error));
  g_assert_true (tkr_encounter_next_turn (TKR_ENCOUNTER (encounter), &error));
  g_assert_no_error (error);
  (void) rules;

  return campaign;
}

static char *
bytes_to_string (GBytes *bytes)
{
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* Save -> load -> save gives the same file: every field survives. */
static void
test_campaign_round_trip (void)
{
  g_autoptr (TkrCampaign) campaign = build_campaign ();
  g_autoptr (GBytes) first = tkr_campaign_to_bytes (campaign);
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (first, &error);
  g_autoptr (GBytes) second = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  TkrKlepEncounter *encounter;

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  second = tkr_campaign_to_bytes (loaded);
  a = bytes_to_string (first);
  b = bytes_to_string (second);
  g_assert_cmpstr (a, ==, b);

  g_assert_cmpstr (tkr_campaign_get_name (loaded), ==, "The Sunken Vault");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (loaded)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (loaded)), ==, 2);
  encounter = tkr_campaign_get_klep_encounter (loaded);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (encounter)), ==, TKR_PHASE_MAIN);
  g_assert_cmpint (
    tkr_encounter_get_round (TKR_ENCOUNTER (encounter)), ==,
    tkr_encounter_get_round (TKR_ENCOUNTER (tkr_campaign_get_klep_encounter (campaign))));
  g_assert_cmpint (
    tkr_encounter_get_current_index (TKR_ENCOUNTER (encounter)), ==,
    tkr_encounter_get_current_index (TKR_ENCOUNTER (tkr_campaign_get_klep_encounter (campaign))));
  /* A loaded file starts a fresh undo history. */
  g_assert_false (tkr_history_can_undo (tkr_campaign_get_history (loaded)));
  /* The party members in the encounter are the party's own objects. */
  {
    g_autoptr (TkrCharacter) alice = g_list_model_get_item (tkr_campaign_get_party (loaded), 0);
    g_assert_nonnull (tkr_klep_encounter_find_combatant (encounter, alice));
  }
}

static void
test_campaign_async_save_is_atomic (void)
{
  g_autoptr (TkrCampaign) campaign = build_campaign ();
  g_autofree char *dir = g_dir_make_tmp ("turnkeeper-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "vault.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  AsyncWait wait = { loop, NULL };
  GDir *listing;
  const char *name;
  guint entries = 0;

  tkr_campaign_save_async (campaign, file, NULL, async_done, &wait);
  g_assert_true (tkr_campaign_save_finish (campaign, wait_for (&wait), &error));
  g_assert_no_error (error);
  g_clear_object (&wait.result);

  /* Saving again over the file leaves exactly one file: no temporaries. */
  tkr_campaign_save_async (campaign, file, NULL, async_done, &wait);
  g_assert_true (tkr_campaign_save_finish (campaign, wait_for (&wait), &error));
  g_clear_object (&wait.result);
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)))
    entries++;
  g_dir_close (listing);
  g_assert_cmpuint (entries, ==, 1);

  tkr_campaign_load_async (file, NULL, async_done, &wait);
  loaded = tkr_campaign_load_finish (wait_for (&wait), &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_clear_object (&wait.result);

  g_unlink (path);
  g_rmdir (dir);
}

/* A newer format is refused with a clear message, and the file is untouched. */
static void
test_campaign_newer_format_refused (void)
{
  const char *text = "{\"kind\": \"turnkeeper-campaign\", \"format\": 7, \"campaign\": {}}";
  g_autofree char *dir = g_dir_make_tmp ("turnkeeper-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "future.tkcampaign", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autofree char *after = NULL;
  AsyncWait wait = { loop, NULL };

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  tkr_campaign_load_async (file, NULL, async_done, &wait);
  loaded = tkr_campaign_load_finish (wait_for (&wait), &error);
  g_clear_object (&wait.result);

  g_assert_null (loaded);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_FORMAT_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "7"));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, text);

  g_unlink (path);
  g_rmdir (dir);
}

/* A syntax error says where: line and column. */
static void
test_campaign_syntax_error_says_where (void)
{
  const char *text =
    "{\n  \"kind\": \"turnkeeper-campaign\",\n  \"format\": 1,\n  \"campaign\": {,}\n}";
  g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (bytes, &error);

  g_assert_null (loaded);
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "Line 4"));
  g_assert_nonnull (strstr (error->message, "column"));
}

/* Unknown keys are tolerated, so a later minor version's additions load. */
static void
test_campaign_unknown_keys_tolerated (void)
{
  const char *text =
    "{\"kind\": \"turnkeeper-campaign\", \"format\": 1, \"shiny\": [1,2],"
    " \"campaign\": {\"name\": \"Side quest\", \"mood\": \"grim\", \"party\": []}}";
  g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) loaded = tkr_campaign_new_from_bytes (bytes, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (tkr_campaign_get_name (loaded), ==, "Side quest");
}

/* Roster: NPC copies get numbered names (issue: "NPCs get numbered names"). */
static void
test_campaign_numbered_copies (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  TkrCharacter *goblin = tkr_campaign_add_npc (campaign, "Goblin");
  TkrCharacter *copy, *in_fight;
  g_autoptr (GError) error = NULL;

  copy = tkr_campaign_duplicate_character (campaign, goblin);
  g_assert_cmpstr (tkr_character_get_name (copy), ==, "Goblin 2");
  g_assert_cmpstr (tkr_character_get_id (copy), !=, tkr_character_get_id (goblin));
  in_fight = tkr_campaign_add_to_encounter (campaign, goblin, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_name (in_fight), ==, "Goblin 3");
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (campaign)), ==, 2);
}

static const char *
name_at (GListModel *model, guint position)
{
  g_autoptr (TkrCharacter) character = g_list_model_get_item (model, position);

  return tkr_character_get_name (character);
}

/* Copies are numbered one way, by duplicating in the library and by
 * joining the encounter alike (help/C/setting-up.page: "Wolf 2, Wolf 3,
 * …"): the original keeps its name and a copy takes the LOWEST number no
 * character of the campaign uses, so with "Bandit" and "Bandit 3" the next
 * copy is "Bandit 2", not "Bandit 4". A duplicate goes next to its
 * original, among its copies in number order; copying a copy makes
 * another copy of the original's family. */
static void
test_campaign_copies_numbered_one_way (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  GListModel *npcs = tkr_campaign_get_npcs (campaign);
  TkrCharacter *bandit = tkr_campaign_add_npc (campaign, "Bandit");
  TkrCharacter *wolf = tkr_campaign_add_npc (campaign, "Wolf");
  TkrCharacter *copy, *in_fight, *bandit_3;
  g_autoptr (GError) error = NULL;

  /* A gap: "Bandit", then "Bandit 3" (a copy renamed), then "Wolf". */
  bandit_3 = tkr_campaign_duplicate_character (campaign, bandit);
  g_assert_true (tkr_character_rename (bandit_3, history, "Bandit 3", &error));
  g_assert_cmpstr (name_at (npcs, 1), ==, "Bandit 3");

  copy = tkr_campaign_duplicate_character (campaign, bandit);
  g_assert_cmpstr (tkr_character_get_name (copy), ==, "Bandit 2");
  g_assert_cmpuint (g_list_model_get_n_items (npcs), ==, 4);
  g_assert_cmpstr (name_at (npcs, 0), ==, "Bandit");
  g_assert_cmpstr (name_at (npcs, 1), ==, "Bandit 2");
  g_assert_cmpstr (name_at (npcs, 2), ==, "Bandit 3");
  g_assert_cmpstr (name_at (npcs, 3), ==, "Wolf");

  /* Joining the encounter numbers the same way: 2 and 3 are taken. */
  in_fight = tkr_campaign_add_to_encounter (campaign, bandit, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_name (in_fight), ==, "Bandit 4");
  /* A copy of a copy is one more Bandit. */
  copy = tkr_campaign_duplicate_character (campaign, bandit_3);
  g_assert_cmpstr (tkr_character_get_name (copy), ==, "Bandit 5");
  g_assert_cmpstr (name_at (npcs, 3), ==, "Bandit 5");
  g_assert_cmpstr (name_at (npcs, 4), ==, "Wolf");

  /* A number freed (Bandit 2 removed from the library) is the next one. */
  {
    g_autoptr (TkrCharacter) bandit_2 = g_list_model_get_item (npcs, 1);

    g_assert_cmpstr (tkr_character_get_name (bandit_2), ==, "Bandit 2");
    g_assert_true (tkr_campaign_remove_character (campaign, bandit_2, &error));
    g_assert_no_error (error);
  }
  in_fight = tkr_campaign_add_to_encounter (campaign, bandit, &error);
  g_assert_cmpstr (tkr_character_get_name (in_fight), ==, "Bandit 2");

  /* Undo of a duplicate takes the copy out of its place. */
  copy = tkr_campaign_duplicate_character (campaign, wolf);
  g_assert_cmpstr (tkr_character_get_name (copy), ==, "Wolf 2");
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr (name_at (npcs, g_list_model_get_n_items (npcs) - 1), ==, "Wolf");
}

/* Removing a character is one undoable step. */
static void
test_campaign_remove_and_undo (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  g_autoptr (GError) error = NULL;

  g_object_ref (alice);
  g_assert_true (tkr_campaign_remove_character (campaign, alice, &error));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 0);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 1);
  g_assert_true (tkr_campaign_find_character (campaign, tkr_character_get_id (alice)) == alice);
  g_object_unref (alice);
}

/* SRD: at the end of an Episode pools refill and conditions clear. */
static void
test_campaign_end_episode (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (NULL);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrRules *rules = tkr_campaign_get_rules (campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  TkrPool *health = tkr_character_get_pool (alice, TKR_POOL_HEALTH);
  g_autoptr (GError) error = NULL;

  tkr_character_adjust_pool (alice, history, TKR_POOL_HEALTH, -4);
  g_assert_nonnull (
    tkr_character_add_condition (alice, history, rules, "Exhausted", 1, TKR_TURN_NONE, &error));
  g_assert_true (tkr_campaign_end_episode (campaign, &error));
  g_assert_cmpint (tkr_pool_get_current (health), ==, tkr_pool_get_maximum (health));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (alice)), ==, 0);
  tkr_history_undo (history);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_conditions (alice)), ==, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/campaign-file/round-trip-every-field", test_campaign_round_trip);
  g_test_add_func ("/campaign-file/copies-numbered-one-way", test_campaign_copies_numbered_one_way);
  g_test_add_func ("/campaign-file/async-save-is-atomic", test_campaign_async_save_is_atomic);
  g_test_add_func ("/campaign-file/newer-format-refused", test_campaign_newer_format_refused);
  g_test_add_func ("/campaign-file/syntax-error-says-where", test_campaign_syntax_error_says_where);
  g_test_add_func ("/campaign-file/unknown-keys-tolerated", test_campaign_unknown_keys_tolerated);
  g_test_add_func ("/campaign/npc-copies-numbered", test_campaign_numbered_copies);
  g_test_add_func ("/campaign/remove-and-undo", test_campaign_remove_and_undo);
  g_test_add_func ("/campaign/end-of-episode", test_campaign_end_episode);

  return g_test_run ();
}
