/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * A save writes each part of a campaign straight from its objects
 * (docs/ARCHITECTURE.md, "Files"), and what it writes never changes with
 * how it is written. The rules checked here:
 *
 * - a sheet's fields are read from GVariant's serialised form
 *   (tkr-int-dict.h) exactly as GVariant itself reads them: every entry,
 *   in order, in containers whose offsets take 1, 2 and 4 bytes; a form
 *   it does not take is left to GVariant, and the sheet saves the same;
 * - a sheet's fields save as they were set, in the text a save streams
 *   and in the tree the journal compares;
 * - an Action-Point or d20 combatant keeps the members its files always
 *   had, in their order, with its lists (conditions, adjustments and
 *   effects; speeds and feet moved), and a campaign of them loads and
 *   saves to the same bytes;
 * - a log line with a kind, a plural and messages among its values loads
 *   and saves to the same text.
 */

#include "config.h"

#include <string.h>

#include "tkr-ap-encounter.h"
#include "tkr-core.h"
#include "tkr-file.h"
#include "tkr-int-dict.h"
#include "tkr-json-writer.h"

/* A tree-form a{si} of @n entries whose keys are @key_length long or more
 * (values from negative to large). */
static GVariant *
make_dictionary (guint n, guint key_length)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *padding = g_strnfill (key_length, 'k');
      g_autofree char *key = g_strdup_printf ("%s%05u_é", padding, i);
      int value = (i % 3 == 0) ? -(int) i * 7919 : (i % 3 == 1) ? G_MAXINT32 - (int) i : (int) i;

      g_variant_builder_add (&builder, "{si}", key, value);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/* @dictionary read by tkr-int-dict and by GVariant agree entry by entry. */
static void
check_same_entries (GVariant *dictionary)
{
  TkrIntDictIter iter;
  GVariantIter reference;
  const char *key, *expected_key;
  int value, expected_value;
  guint n = 0;

  g_assert_true (tkr_int_dict_iter_init (&iter, dictionary));
  g_variant_iter_init (&reference, dictionary);
  while (g_variant_iter_next (&reference, "{&si}", &expected_key, &expected_value))
    {
      g_assert_true (tkr_int_dict_iter_next (&iter, &key, &value));
      g_assert_cmpstr (key, ==, expected_key);
      g_assert_cmpint (value, ==, expected_value);
      n++;
    }
  g_assert_false (tkr_int_dict_iter_next (&iter, &key, &value));
  g_assert_cmpuint (n, ==, g_variant_n_children (dictionary));
}

/* Rule: the serialised form is read as GVariant reads it, whatever the
 * width of its offsets. */
static void
test_serialised_form (void)
{
  /* 1-byte offsets; 2-byte ones in the array; 2-byte ones in each entry
   * (keys of 300 bytes); 4-byte ones in the array (over 64 KiB). */
  const struct
  {
    guint n, key_length;
  } shapes[] = { { 0, 0 }, { 1, 0 }, { 5, 4 }, { 40, 8 }, { 3, 300 }, { 3000, 20 } };

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      g_autoptr (GVariant) dictionary = make_dictionary (shapes[i].n, shapes[i].key_length);
      g_autoptr (GVariant) tree = make_dictionary (shapes[i].n, shapes[i].key_length);

      g_test_message ("%u entries, keys of %u+ bytes: %" G_GSIZE_FORMAT " bytes", shapes[i].n,
                      shapes[i].key_length, g_variant_get_size (dictionary));
      tkr_int_dict_serialise (dictionary);
      check_same_entries (dictionary);
      /* Unchanged by being serialised. */
      g_assert_true (g_variant_equal (dictionary, tree));
      /* A tree-form value is read too (serialised on the way). */
      check_same_entries (tree);
    }
  {
    g_autoptr (GVariant) large = make_dictionary (3000, 20);

    g_assert_cmpuint (g_variant_get_size (large), >, G_MAXUINT16);
  }
}

/* The sheet's text through a streaming writer. */
static char *
sheet_text (TkrCharacter *character)
{
  GString *text = g_string_new (NULL);
  TkrJsonWriter writer;

  tkr_json_writer_init_text (&writer, text);
  tkr_character_write_json (character, &writer, NULL);
  return g_string_free (text, FALSE);
}

/* Rule: a form that is not GLib's own (bytes from elsewhere, not checked)
 * is not read here; GVariant's functions read it instead. */
static void
test_foreign_form (void)
{
  static const guchar broken[] = { 'a', 0, 0, 0, 1, 0, 0, 0, 2, 200 };
  g_autoptr (GVariant) untrusted = g_variant_ref_sink (
    g_variant_new_from_data (G_VARIANT_TYPE ("a{si}"), broken, sizeof broken, FALSE, NULL, NULL));
  g_autoptr (GVariant) wrong_type = g_variant_ref_sink (g_variant_new_parsed ("{'a': <1>}"));
  TkrIntDictIter iter;

  g_assert_false (tkr_int_dict_iter_init (&iter, untrusted));
  g_assert_false (tkr_int_dict_iter_init (&iter, wrong_type));

  /* Readable, but not in normal form (a padding byte is not 0): a sheet
   * given it saves what GVariant reads in it. */
  {
    g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", NULL);
    g_autoptr (TkrCharacter) character = tkr_character_new (rules, TKR_CHARACTER_KIND_NPC, "Imp");
    g_autoptr (GVariant) odd = NULL;
    g_autoptr (JsonNode) tree = NULL;
    g_autoptr (GBytes) tree_text = NULL;
    g_autofree char *text = NULL;
    guchar data[10] = { 'a', 'b', 0, 0xff, 0, 0, 0, 0, 3, 9 };
    gint32 seven = 7;
    JsonObject *fields;

    memcpy (data + 4, &seven, sizeof seven);
    odd = g_variant_ref_sink (
      g_variant_new_from_data (G_VARIANT_TYPE ("a{si}"), data, sizeof data, FALSE, NULL, NULL));
    g_assert_false (g_variant_is_normal_form (odd));
    g_assert_false (tkr_int_dict_iter_init (&iter, odd));
    g_object_set (character, "fields", odd, NULL);
    tree = tkr_character_to_json (character);
    fields = json_object_get_object_member (json_node_get_object (tree), "fields");
    g_assert_cmpuint (json_object_get_size (fields), ==, 1);
    g_assert_cmpint (json_object_get_int_member (fields, "ab"), ==, 7);
    text = sheet_text (character);
    tree_text = tkr_file_serialize (tree);
    g_assert_cmpstr (text, ==, g_bytes_get_data (tree_text, NULL));
  }
}

/* Rule: a sheet's fields save as they were set, in the streamed text and
 * in the tree, the same bytes either way. */
static void
test_sheet_fields (void)
{
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("pf2e", NULL);
  g_autoptr (TkrCharacter) character = tkr_character_new (rules, TKR_CHARACTER_KIND_NPC, "Ogre");
  g_autoptr (GVariant) fields = make_dictionary (150, 300);
  g_autoptr (GVariant) kept = NULL;
  g_autoptr (JsonNode) tree = NULL;
  g_autoptr (GBytes) tree_text = NULL;
  g_autofree char *text = NULL;
  JsonObject *saved;
  GVariantIter iter;
  const char *key;
  int value;
  guint i = 0;

  g_object_set (character, "fields", fields, NULL);
  g_object_get (character, "fields", &kept, NULL);
  g_assert_true (g_variant_equal (kept, fields));

  tree = tkr_character_to_json (character);
  saved = json_object_get_object_member (json_node_get_object (tree), "fields");
  g_assert_cmpuint (json_object_get_size (saved), ==, 150);
  {
    g_autoptr (GList) members = json_object_get_members (saved);
    GList *member = members;

    g_variant_iter_init (&iter, fields);
    while (g_variant_iter_next (&iter, "{&si}", &key, &value))
      {
        g_assert_cmpstr (member->data, ==, key);
        g_assert_cmpint (json_object_get_int_member (saved, key), ==, value);
        member = member->next;
        i++;
      }
  }
  g_assert_cmpuint (i, ==, 150);

  text = sheet_text (character);
  tree_text = tkr_file_serialize (tree);
  g_assert_cmpstr (text, ==, g_bytes_get_data (tree_text, NULL));
}

static const char *const ap_members[] = {
  "ref",     "finesse_die", "ap_adjustment", "ap",         "round_ap",    "mana",    "mana_max",
  "faith",   "faith_max",   "surprised",     "moved",      "acted",       "passed",  "free_steps",
  "stepped", "size",        "recover",       "conditions", "adjustments", "effects", NULL,
};

static void
assert_members (JsonObject *object, const char *const *expected)
{
  g_autoptr (GList) members = json_object_get_members (object);
  GList *member = members;

  for (guint i = 0; expected[i] != NULL; i++, member = member->next)
    {
      g_assert_nonnull (member);
      g_assert_cmpstr (member->data, ==, expected[i]);
    }
  g_assert_null (member);
}

static void
ok (gboolean result, GError *error)
{
  g_assert_no_error (error);
  g_assert_true (result);
}

/* Rule: an Action-Point combatant's file form keeps its members in the
 * order files have always had them, with its lists, and a campaign of
 * such combatants loads and saves to the same bytes. */
static void
test_action_point_combatants (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (TKR_AP_RULE_SYSTEM, &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (GBytes) saved = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (JsonNode) tree = NULL;
  TkrCharacter *hero = tkr_campaign_add_pc (campaign, "Hero \"the\" Bold");
  TkrCharacter *goblin = tkr_campaign_add_npc (campaign, "Goblin ☠");
  TkrApEncounter *encounter;
  TkrApCombatant *a, *g;
  JsonArray *combatants;
  JsonObject *first;

  g_assert_no_error (error);
  ok (tkr_character_set_field (hero, NULL, rules, "mana_max", 3, &error), error);
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, hero, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, goblin, &error));
  g_assert_no_error (error);
  encounter = TKR_AP_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  a = tkr_ap_encounter_find_member (encounter, hero);
  g = g_list_model_get_item (tkr_ap_encounter_get_members (encounter), 1);
  g_object_unref (g); /* the encounter keeps it */
  ok (tkr_ap_encounter_set_recover (encounter, a, "faith", &error), error);
  ok (tkr_ap_encounter_set_size (encounter, g, "small", &error), error);
  ok (tkr_ap_encounter_set_surprised (encounter, g, TRUE, &error), error);
  ok (tkr_ap_encounter_add_condition (encounter, a, "Burning", TRUE, 4, &error), error);
  ok (tkr_ap_encounter_add_condition (encounter, a, "Dazed", FALSE, 0, &error), error);
  ok (tkr_ap_encounter_add_adjustment (encounter, a, "Haste", 2, &error), error);
  ok (tkr_ap_encounter_add_adjustment (encounter, g, "Slow \\ down", -1, &error), error);
  ok (tkr_ap_encounter_add_effect (encounter, g, "Poison", 3, &error), error);

  tree = tkr_tracker_to_json (TKR_TRACKER (encounter));
  combatants = json_object_get_array_member (json_node_get_object (tree), "combatants");
  g_assert_cmpuint (json_array_get_length (combatants), ==, 2);
  first = json_array_get_object_element (combatants, 0);
  assert_members (first, ap_members);
  assert_members (json_array_get_object_element (combatants, 1), ap_members);
  g_assert_cmpstr (json_object_get_string_member (first, "ref"), ==, tkr_character_get_id (hero));
  g_assert_cmpstr (json_object_get_string_member (first, "recover"), ==, "faith");
  g_assert_cmpint (json_object_get_int_member (first, "mana_max"), ==, 3);
  {
    JsonArray *conditions = json_object_get_array_member (first, "conditions");
    JsonArray *adjustments = json_object_get_array_member (first, "adjustments");
    const char *const condition_members[] = { "name", "persistent", "target", NULL };
    const char *const adjustment_members[] = { "name", "value", NULL };
    JsonObject *burning = json_array_get_object_element (conditions, 0);

    g_assert_cmpuint (json_array_get_length (conditions), ==, 2);
    assert_members (burning, condition_members);
    g_assert_true (json_object_get_boolean_member (burning, "persistent"));
    g_assert_cmpint (json_object_get_int_member (burning, "target"), ==, 4);
    g_assert_false (
      json_object_get_boolean_member (json_array_get_object_element (conditions, 1), "persistent"));
    g_assert_cmpuint (json_array_get_length (adjustments), ==, 1);
    assert_members (json_array_get_object_element (adjustments, 0), adjustment_members);
  }
  {
    JsonObject *second = json_array_get_object_element (combatants, 1);
    const char *const effect_members[] = { "name", "damage", NULL };
    JsonArray *effects = json_object_get_array_member (second, "effects");

    g_assert_cmpstr (json_object_get_string_member (second, "size"), ==, "small");
    g_assert_true (json_object_get_boolean_member (second, "surprised"));
    g_assert_cmpuint (json_array_get_length (effects), ==, 1);
    assert_members (json_array_get_object_element (effects, 0), effect_members);
    g_assert_cmpint (
      json_object_get_int_member (json_array_get_object_element (effects, 0), "damage"), ==, 3);
  }

  /* Saved, opened, saved: the same bytes, and the same as a full
   * serialisation of the campaign's tree. */
  saved = tkr_campaign_to_bytes (campaign);
  {
    g_autoptr (JsonNode) root = tkr_campaign_to_root (campaign);
    g_autoptr (GBytes) full = tkr_file_serialize (root);

    g_assert_true (g_bytes_equal (saved, full));
  }
  loaded = tkr_campaign_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (saved, again));
}

static const char *const d20_members[] = {
  "agility",
  "initiative",
  "dashes",
  "mana",
  "mana_max",
  "exhaustion",
  "hours_since_long_rest",
  "hours_since_short_rest",
  "stamina_checks_due",
  "wounds",
  "breath_rounds_left",
  "initiative_set",
  "surprised",
  "holding_breath",
  "actions_left",
  "bonus_actions_left",
  "reactions_left",
  "conditions",
  "tiebreaks",
  "speeds",
  "moved",
  NULL,
};

/* Rule: a d20 combatant's file form keeps its members in the order files
 * have always had them (its speeds and the feet it moved by kind, its
 * conditions), and a campaign of them loads and saves to the same bytes. */
static void
test_d20_combatants (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20);
  g_autoptr (JsonNode) tree = NULL;
  g_autoptr (GBytes) saved = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  TkrCharacter *hero = tkr_campaign_add_pc (campaign, "Hero");
  TkrCharacter *imp = tkr_campaign_add_npc (campaign, "Imp");
  TkrEncounter *encounter;
  JsonArray *combatants;
  JsonObject *first;
  GListModel *list;

  g_assert_no_error (error);
  ok (tkr_character_set_field (hero, NULL, rules, "fly_speed", 40, &error), error);
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, hero, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, imp, &error));
  g_assert_no_error (error);
  encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  ok (tkr_encounter_begin_setup (encounter, &error), error);
  ok (tkr_encounter_roll_missing (encounter, rand, &error), error);
  ok (tkr_encounter_begin_main (encounter, &error), error);
  list = tkr_encounter_get_combatants (encounter);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (list, i);

      ok (tkr_encounter_add_condition (encounter, combatant, "prone", &error), error);
      /* Only whoever's turn it is moves. */
      if (tkr_encounter_move (encounter, combatant, 10, NULL))
        g_test_message ("combatant %u moved", i);
    }

  tree = tkr_tracker_to_json (TKR_TRACKER (encounter));
  combatants = json_object_get_array_member (json_node_get_object (tree), "combatants");
  g_assert_cmpuint (json_array_get_length (combatants), ==, 2);
  for (guint i = 0; i < 2; i++)
    assert_members (json_array_get_object_element (combatants, i), d20_members);
  first = json_array_get_object_element (combatants, 0);
  g_assert_cmpint (
    json_object_get_int_member (json_object_get_object_member (first, "speeds"), "fly"), ==, 40);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (first, "conditions")), ==,
                    1);

  saved = tkr_campaign_to_bytes (campaign);
  {
    g_autoptr (JsonNode) root = tkr_campaign_to_root (campaign);
    g_autoptr (GBytes) full = tkr_file_serialize (root);

    g_assert_true (g_bytes_equal (saved, full));
  }
  loaded = tkr_campaign_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (saved, again));
}

/* Rule: a log line with a kind, a plural and messages among its values
 * (one with a context) loads and saves to the same text. */
static void
test_log_line (void)
{
  const char *line =
    "{\"round\":3,\"text\":\"Ann takes 2 damage\",\"time\":1795685683,\"kind\":\"effect-ended\","
    "\"message\":\"%s takes %d damage at %s from %s\",\"plural\":\"%s takes %d damage at %s from "
    "%s\",\"n\":2,"
    "\"args\":[\"Ann \\\"A\\\"\",\"2\",{\"message\":\"walking\",\"context\":\"speed\"},"
    "{\"message\":\"%s on %s\",\"args\":[\"x\",{\"message\":\"Dodging\"}]}]}";
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = json_from_string (line, &error);
  g_autoptr (TkrLogEntry) entry = NULL;
  g_autoptr (JsonNode) saved = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  entry = tkr_log_entry_new_from_json (node, "log[0]", &error);
  g_assert_no_error (error);
  saved = tkr_log_entry_to_json (entry);
  text = json_to_string (saved, FALSE);
  g_assert_cmpstr (text, ==, line);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save-forms/fields-serialised-form", test_serialised_form);
  g_test_add_func ("/save-forms/fields-foreign-form", test_foreign_form);
  g_test_add_func ("/save-forms/sheet-fields", test_sheet_fields);
  g_test_add_func ("/save-forms/action-point-combatants", test_action_point_combatants);
  g_test_add_func ("/save-forms/d20-combatants", test_d20_combatants);
  g_test_add_func ("/save-forms/log-line", test_log_line);
  return g_test_run ();
}
