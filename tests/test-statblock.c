/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Memory that fits the work (README, "Performance"): the NPC library and
 * the encounter share one statblock per NPC kind (the saves, skills,
 * archetypes, Movement Ranges and abilities; docs/ARCHITECTURE.md, the
 * sheet). The rules checked here, in every rule system:
 *
 * - copies of one kind share their statblock, the library's NPC too, until
 *   one changes: then only that one differs, and no other copy nor the
 *   library's NPC sees the change;
 * - undo brings the copy back to the shared statblock, redo away again;
 * - a change to one copy drops only that copy's kept text, as a change of
 *   its Health does (tkr-save-cache.c);
 * - save, load and save write the same bytes, and copies read back from
 *   the file share one statblock again; a file saved before statblocks
 *   were shared saves the same bytes;
 * - a sheet whose lists are handed out (the character sheet) gets lists of
 *   its own, with the same values, and undo and redo across that still
 *   work, notify, and keep each item the object later steps name.
 */

#include "config.h"

#include "tkr-core.h"
#include "tkr-statblock.h"

static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

typedef struct
{
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrCharacter *kind;      /* the library's NPC */
  TkrCharacter *copies[3]; /* its copies in the encounter */
  const char *skill;       /* a skill of the system */
  const char *save;        /* a save of the system */
} Fixture;

static TkrCharacter *
participant (TkrCampaign *campaign, guint i)
{
  GListModel *participants =
    tkr_encounter_get_participants (TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign)));
  g_autoptr (TkrCharacter) character = g_list_model_get_item (participants, i);

  return character; /* the encounter holds it */
}

static void
fixture_set_up (Fixture *f, const char *system)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);
  TkrEncounter *encounter;

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  f->skill = tkr_rules_get_skill_names (rules)[0];
  f->save = tkr_rules_get_save_names (rules)[0];
  tkr_campaign_add_to_encounter (f->campaign, tkr_campaign_add_pc (f->campaign, "Hero"), NULL);
  f->kind = tkr_campaign_add_npc (f->campaign, "Goblin");
  /* A kind of its own: not the default sheet. */
  g_assert_true (
    tkr_character_set_modifier (f->kind, f->history, TKR_MODIFIER_KIND_SKILL, f->skill, 4, NULL));
  g_assert_true (tkr_character_set_range (f->kind, f->history, "Climb", 3, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (f->copies); i++)
    {
      f->copies[i] = tkr_campaign_add_to_encounter (f->campaign, f->kind, &error);
      g_assert_no_error (error);
    }
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f)
{
  g_clear_object (&f->campaign);
}

static int
skill_of (Fixture *f, TkrCharacter *character)
{
  return tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SKILL, f->skill);
}

/* How many texts a save writes anew (the rest it copies as kept). */
static guint
texts_made (TkrCampaign *campaign)
{
  g_autoptr (TkrSavePieces) pieces = tkr_campaign_to_pieces (campaign);

  return tkr_save_pieces_get_n_made (pieces);
}

static void
test_copies_share (gconstpointer data)
{
  Fixture f = { 0 };

  fixture_set_up (&f, data);
  /* The library's NPC and its copies: one statblock. */
  for (guint i = 0; i < G_N_ELEMENTS (f.copies); i++)
    {
      g_assert_true (tkr_character_shares_statblock (f.kind, f.copies[i]));
      g_assert_cmpint (skill_of (&f, f.copies[i]), ==, 4);
      g_assert_cmpint (tkr_character_get_range_units (f.copies[i], "climb"), ==, 3);
    }
  /* Reading hands nothing out: still shared. */
  g_assert_true (tkr_character_has_modifier (f.copies[0], TKR_MODIFIER_KIND_SKILL, f.skill));
  g_assert_cmpstr (tkr_character_get_modifier (f.copies[0], TKR_MODIFIER_KIND_SKILL, 0, NULL), ==,
                   f.skill);
  g_assert_cmpuint (tkr_character_get_n_ranges (f.copies[0]), >, 0);
  g_assert_nonnull (tkr_character_get_range (f.copies[0], 0, NULL));
  g_assert_cmpstr (tkr_character_lookup_range (f.copies[0], "CLIMB", NULL), ==, "Climb");
  g_assert_cmpint (tkr_character_get_largest_range (f.copies[0]), >=, 3);
  g_assert_true (tkr_character_shares_statblock (f.kind, f.copies[0]));
  /* Per copy: Health, names, ids. */
  g_assert_cmpstr (tkr_character_get_id (f.copies[0]), !=, tkr_character_get_id (f.copies[1]));
  g_assert_true (tkr_character_get_pool (f.copies[0], TKR_POOL_HEALTH) !=
                 tkr_character_get_pool (f.copies[1], TKR_POOL_HEALTH));
  fixture_tear_down (&f);
}

static void
test_change_one_copy (gconstpointer data)
{
  Fixture f = { 0 };
  guint health_texts, skill_texts;

  fixture_set_up (&f, data);
  g_assert_cmpuint (texts_made (f.campaign), >, 0);
  g_assert_cmpuint (texts_made (f.campaign), ==, 0);

  /* The cost of a change to one copy: its Health. */
  tkr_character_adjust_pool (f.copies[1], f.history, TKR_POOL_HEALTH, -1);
  health_texts = texts_made (f.campaign);
  g_assert_cmpuint (health_texts, >, 0);

  /* Copy on write: only the changed copy differs. */
  g_assert_true (
    tkr_character_set_modifier (f.copies[0], f.history, TKR_MODIFIER_KIND_SKILL, f.skill, 9, NULL));
  skill_texts = texts_made (f.campaign);
  g_assert_cmpint (skill_of (&f, f.copies[0]), ==, 9);
  g_assert_cmpint (skill_of (&f, f.copies[1]), ==, 4);
  g_assert_cmpint (skill_of (&f, f.copies[2]), ==, 4);
  g_assert_cmpint (skill_of (&f, f.kind), ==, 4);
  g_assert_false (tkr_character_shares_statblock (f.copies[0], f.copies[1]));
  g_assert_false (tkr_character_shares_statblock (f.copies[0], f.kind));
  g_assert_true (tkr_character_shares_statblock (f.copies[1], f.copies[2]));
  g_assert_true (tkr_character_shares_statblock (f.copies[1], f.kind));
  /* Only that copy's kept text went: as many texts as its Health. */
  g_assert_cmpuint (skill_texts, ==, health_texts);

  /* Undo: shared again; redo: its own again. */
  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpint (skill_of (&f, f.copies[0]), ==, 4);
  g_assert_true (tkr_character_shares_statblock (f.copies[0], f.copies[1]));
  g_assert_cmpuint (texts_made (f.campaign), ==, health_texts);
  g_assert_true (tkr_history_redo (f.history));
  g_assert_cmpint (skill_of (&f, f.copies[0]), ==, 9);
  g_assert_false (tkr_character_shares_statblock (f.copies[0], f.copies[1]));
  g_assert_cmpuint (texts_made (f.campaign), ==, health_texts);

  /* A save and a range: the copy's own, the others untouched. */
  g_assert_true (
    tkr_character_set_modifier (f.copies[2], f.history, TKR_MODIFIER_KIND_SAVE, f.save, -3, NULL));
  g_assert_true (tkr_character_set_range (f.copies[2], f.history, "Climb", 0, NULL));
  g_assert_cmpint (tkr_character_get_range_units (f.copies[2], "Climb"), ==, 0);
  g_assert_cmpint (tkr_character_get_range_units (f.copies[1], "Climb"), ==, 3);
  g_assert_cmpint (tkr_character_get_range_units (f.kind, "Climb"), ==, 3);
  g_assert_cmpint (tkr_character_get_modifier_value (f.copies[1], TKR_MODIFIER_KIND_SAVE, f.save),
                   ==, 0);
  g_assert_true (tkr_character_shares_statblock (f.copies[1], f.kind));
  fixture_tear_down (&f);
}

/* Changing the library's NPC after its copies joined changes no copy (as
 * before: a copy is made whole as it joins). */
static void
test_change_library_npc (gconstpointer data)
{
  Fixture f = { 0 };

  fixture_set_up (&f, data);
  g_assert_true (
    tkr_character_set_modifier (f.kind, f.history, TKR_MODIFIER_KIND_SKILL, f.skill, -2, NULL));
  g_assert_cmpint (skill_of (&f, f.kind), ==, -2);
  for (guint i = 0; i < G_N_ELEMENTS (f.copies); i++)
    {
      g_assert_cmpint (skill_of (&f, f.copies[i]), ==, 4);
      g_assert_false (tkr_character_shares_statblock (f.kind, f.copies[i]));
    }
  g_assert_true (tkr_character_shares_statblock (f.copies[0], f.copies[2]));
  fixture_tear_down (&f);
}

/* Load -> save -> load: the same bytes, and copies of one kind share a
 * statblock again; the changed copy does not. */
static void
test_file_round_trip (gconstpointer data)
{
  Fixture f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GBytes) third = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (TkrCampaign) reloaded = NULL;
  g_autoptr (TkrAbility) bite = tkr_ability_new ("Bite", TKR_ABILITY_TIME_ACTION, 1);

  fixture_set_up (&f, data);
  g_assert_true (
    tkr_character_set_modifier (f.copies[2], f.history, TKR_MODIFIER_KIND_SKILL, f.skill, 1, NULL));
  /* An ability: the copy that gets it has lists of its own. */
  g_assert_true (tkr_character_add_ability (f.copies[1], f.history, bite, NULL));
  g_assert_false (tkr_character_shares_statblock (f.copies[1], f.copies[0]));
  bytes = tkr_campaign_to_bytes (f.campaign);
  loaded = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));
  reloaded = tkr_campaign_new_from_bytes (again, &error);
  g_assert_no_error (error);
  third = tkr_campaign_to_bytes (reloaded);
  g_assert_true (g_bytes_equal (bytes, third));

  {
    g_autoptr (TkrCharacter) kind = g_list_model_get_item (tkr_campaign_get_npcs (loaded), 0);
    /* Participant 0 is the PC; then the three copies. */
    TkrCharacter *copy0 = participant (loaded, 1);
    TkrCharacter *copy1 = participant (loaded, 2);
    TkrCharacter *copy2 = participant (loaded, 3);

    g_assert_true (tkr_character_shares_statblock (kind, copy0));
    g_assert_false (tkr_character_shares_statblock (kind, copy1));
    g_assert_false (tkr_character_shares_statblock (kind, copy2));
    g_assert_cmpint (skill_of (&f, copy2), ==, 1);
    g_assert_cmpuint (g_list_model_get_n_items (tkr_character_get_abilities (copy1)), ==, 1);
  }
  fixture_tear_down (&f);
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* The character sheet takes the lists: the sheet gets its own (same
 * values, same getters), a change through them touches no other copy,
 * and undo of a change made while shared puts the lists right, with
 * notifications. */
static void
test_lists_handed_out (gconstpointer data)
{
  Fixture f = { 0 };
  g_autoptr (TkrModifier) skill = NULL;
  GListModel *skills;
  guint notified = 0;

  fixture_set_up (&f, data);
  g_assert_true (
    tkr_character_set_modifier (f.copies[0], f.history, TKR_MODIFIER_KIND_SKILL, f.skill, 7, NULL));
  skills = tkr_character_get_skills (f.copies[0]);
  g_assert_false (tkr_character_shares_statblock (f.copies[0], f.copies[1]));
  skill =
    g_object_ref (tkr_character_find_modifier (f.copies[0], TKR_MODIFIER_KIND_SKILL, f.skill));
  g_assert_cmpint (tkr_modifier_get_value (skill), ==, 7);
  g_assert_true (g_list_model_get_n_items (skills) ==
                 g_list_model_get_n_items (tkr_character_get_skills (f.copies[2])));
  /* Handed out: lists of its own. */
  g_assert_false (tkr_character_shares_statblock (f.copies[2], f.kind));
  g_signal_connect (skill, "notify::value", G_CALLBACK (count_notify), &notified);
  /* The readers read the sheet's own lists the same. */
  for (guint i = 0; i < g_list_model_get_n_items (skills); i++)
    {
      g_autoptr (TkrModifier) item = g_list_model_get_item (skills, i);
      int value;

      g_assert_cmpstr (tkr_character_get_modifier (f.copies[0], TKR_MODIFIER_KIND_SKILL, i, &value),
                       ==, tkr_modifier_get_name (item));
      g_assert_cmpint (value, ==, tkr_modifier_get_value (item));
    }

  /* Undo of the change made while shared: the handed-out item follows. */
  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpint (tkr_modifier_get_value (skill), ==, 4);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (tkr_history_redo (f.history));
  g_assert_cmpint (tkr_modifier_get_value (skill), ==, 7);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_true (skills == tkr_character_get_skills (f.copies[0]));

  /* A change through the item: this copy only. */
  tkr_history_begin (f.history, "Edit");
  tkr_history_set (f.history, skill, "value", 8);
  tkr_history_end (f.history);
  g_assert_cmpint (skill_of (&f, f.copies[0]), ==, 8);
  g_assert_cmpint (skill_of (&f, f.copies[1]), ==, 4);
  g_assert_cmpint (skill_of (&f, f.kind), ==, 4);
  g_assert_true (tkr_character_shares_statblock (f.copies[1], f.kind));
  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpint (skill_of (&f, f.copies[0]), ==, 7);
  fixture_tear_down (&f);
}

/* Undo and redo across the lists being handed out: a step made while
 * shared, then one made on a handed-out item; both undone and redone,
 * that item is still the one in the list (steps name it). */
static void
test_undo_across_handing_out (gconstpointer data)
{
  Fixture f = { 0 };
  g_autoptr (TkrMovementRange) swim = NULL;

  fixture_set_up (&f, data);
  g_assert_true (tkr_character_set_range (f.copies[0], f.history, "Swim", 2, NULL));
  /* Still shared (nothing handed out yet): the step was a new statblock. */
  g_assert_true (tkr_character_shares_statblock (f.copies[0], f.copies[0]));
  swim = g_object_ref (tkr_character_find_range (f.copies[0], "Swim"));
  tkr_history_begin (f.history, "Edit");
  tkr_history_set (f.history, swim, "units", 5);
  tkr_history_end (f.history);
  g_assert_cmpint (tkr_character_get_range_units (f.copies[0], "Swim"), ==, 5);

  g_assert_true (tkr_history_undo (f.history));
  g_assert_cmpint (tkr_character_get_range_units (f.copies[0], "Swim"), ==, 2);
  g_assert_true (tkr_history_undo (f.history));
  g_assert_null (tkr_character_find_range (f.copies[0], "Swim"));
  g_assert_true (tkr_history_redo (f.history));
  g_assert_true (tkr_character_find_range (f.copies[0], "Swim") == swim);
  g_assert_true (tkr_history_redo (f.history));
  g_assert_cmpint (tkr_character_get_range_units (f.copies[0], "Swim"), ==, 5);
  g_assert_cmpint (tkr_character_get_range_units (f.copies[1], "Swim"), ==, 0);
  fixture_tear_down (&f);
}

/* A file saved before statblocks were shared (tests/files/journal/, saved
 * by the app) saves the same bytes. */
static void
test_older_file (gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strconcat (data, ".tkcampaign", NULL);
  g_autofree char *path = g_build_filename (TKR_TEST_FILES, "journal", name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) saved = NULL;
  g_autoptr (TkrCampaign) campaign = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  campaign = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  saved = tkr_campaign_to_bytes (campaign);
  g_assert_true (g_bytes_equal (bytes, saved));
}

/* Interned: equal statblocks are one, and one goes with its last sheet. */
static void
test_interned (void)
{
  guint before = tkr_statblock_count_interned ();

  {
    g_autoptr (TkrCharacter) a = tkr_character_new (NULL, TKR_CHARACTER_KIND_NPC, "A");
    g_autoptr (TkrCharacter) b = tkr_character_new (NULL, TKR_CHARACTER_KIND_NPC, "B");

    g_assert_true (tkr_character_shares_statblock (a, b));
    g_assert_true (
      tkr_character_set_modifier (a, NULL, TKR_MODIFIER_KIND_SKILL, "Weaving", 2, NULL));
    g_assert_false (tkr_character_shares_statblock (a, b));
    g_assert_true (
      tkr_character_set_modifier (b, NULL, TKR_MODIFIER_KIND_SKILL, "weaving", 2, NULL));
    g_assert_false (tkr_character_shares_statblock (a, b)); /* "weaving" is spelt its own way */
    g_assert_true (
      tkr_character_remove_modifier (b, NULL, TKR_MODIFIER_KIND_SKILL, "Weaving", NULL));
    g_assert_true (
      tkr_character_set_modifier (b, NULL, TKR_MODIFIER_KIND_SKILL, "Weaving", 2, NULL));
    g_assert_true (tkr_character_shares_statblock (a, b));
  }
  g_assert_cmpuint (tkr_statblock_count_interned (), <=, before + 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      static const struct
      {
        const char *name;
        GTestDataFunc func;
      } tests[] = {
        { "copies-share", test_copies_share },
        { "change-one-copy", test_change_one_copy },
        { "change-library-npc", test_change_library_npc },
        { "file-round-trip", test_file_round_trip },
        { "older-file", test_older_file },
        { "lists-handed-out", test_lists_handed_out },
        { "undo-across-handing-out", test_undo_across_handing_out },
      };

      for (guint t = 0; t < G_N_ELEMENTS (tests); t++)
        {
          g_autofree char *path = g_strdup_printf ("/statblock/%s/%s", systems[i], tests[t].name);

          g_test_add_data_func (path, systems[i], tests[t].func);
        }
    }
  g_test_add_func ("/statblock/interned", test_interned);
  return g_test_run ();
}
