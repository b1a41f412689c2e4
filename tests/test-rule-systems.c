/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * A campaign plays one rule system at a time and the GM switches between
 * them (issue 5): only while no encounter runs, as one undoable step that
 * keeps the participants and the party's sheets, and the file names the
 * system so it comes back as the same kind of encounter.
 */

#include "config.h"

#include "tkr-ap-encounter.h"
#include "tkr-core.h"
#include "tkr-d20-encounter.h"
#include "tkr-pf2e-encounter.h"

static TkrCampaign *
campaign_of (const char *system)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (system, &error);

  g_assert_no_error (error);
  return tkr_campaign_new (rules);
}

static GType
tracker_type (const char *system)
{
  if (g_str_equal (system, "pf2e"))
    return TKR_TYPE_PF2E_ENCOUNTER;
  if (g_str_equal (system, "d20"))
    return TKR_TYPE_D20_ENCOUNTER;
  if (g_str_equal (system, "action-points"))
    return TKR_TYPE_AP_ENCOUNTER;
  return TKR_TYPE_KLEP_ENCOUNTER;
}

static void
test_known_systems (void)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();

  g_assert_cmpuint (g_strv_length ((char **) systems), ==, 4);
  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autoptr (TkrCampaign) campaign = campaign_of (systems[i]);

      g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==, systems[i]);
      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (tkr_campaign_get_tracker (campaign),
                                                 tracker_type (systems[i])));
      g_assert_cmpint (tkr_tracker_get_phase (tkr_campaign_get_tracker (campaign)), ==,
                       TKR_PHASE_FREEPLAY);
      /* Only the Kleptonomicon's tracker is a TkrKlepEncounter. */
      g_assert_true ((tkr_campaign_get_klep_encounter (campaign) != NULL) ==
                     g_str_equal (systems[i], "kleptonomicon"));
    }
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(int *) user_data)++;
}

/* The switch keeps who takes part and the party's sheets, and undo brings
 * back the very encounter (with its log) that was there before. */
static void
test_switch_in_freeplay (gconstpointer data)
{
  const char *target = data;
  g_autoptr (TkrCampaign) campaign = campaign_of ("kleptonomicon");
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrTracker *before = tkr_campaign_get_tracker (campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  TkrCharacter *goblin = tkr_campaign_add_npc (campaign, "Goblin");
  TkrCharacter *goblin_2;
  g_autoptr (GPtrArray) participants = NULL;
  g_autoptr (GError) error = NULL;
  int notified = 0;

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_no_error (error);
  goblin_2 = tkr_campaign_add_to_encounter (campaign, goblin, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_name (goblin_2), ==, "Goblin 2");

  g_signal_connect (campaign, "notify::tracker", G_CALLBACK (count_notify), &notified);
  g_assert_true (tkr_campaign_set_rule_system (campaign, target, &error));
  g_assert_no_error (error);
  g_assert_cmpint (notified, ==, 1);

  g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==, target);
  g_assert_cmpstr (tkr_rules_get_id (tkr_campaign_get_rules (campaign)), ==, target);
  g_assert_true (
    G_TYPE_CHECK_INSTANCE_TYPE (tkr_campaign_get_tracker (campaign), tracker_type (target)));
  g_assert_null (tkr_campaign_get_klep_encounter (campaign));
  participants = tkr_tracker_list_participants (tkr_campaign_get_tracker (campaign));
  g_assert_cmpuint (participants->len, ==, 2);
  g_assert_true (g_ptr_array_index (participants, 0) == alice);
  g_assert_true (g_ptr_array_index (participants, 1) == goblin_2);
  /* The party's sheets now name the system (and gained its fields). */
  g_assert_cmpstr (tkr_character_get_rule_system (alice), ==, target);
  g_assert_cmpstr (tkr_character_get_rule_system (goblin_2), ==, target);
  /* So does the NPC library. */
  g_assert_cmpstr (tkr_character_get_rule_system (goblin), ==, target);

  /* One step undoes the whole switch. */
  g_assert_true (tkr_history_undo (history));
  g_assert_true (tkr_campaign_get_tracker (campaign) == before);
  g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==, "kleptonomicon");
  g_assert_cmpstr (tkr_character_get_rule_system (alice), ==, "kleptonomicon");
  g_assert_cmpint (notified, ==, 2);
  g_clear_pointer (&participants, g_ptr_array_unref);
  participants = tkr_tracker_list_participants (before);
  g_assert_cmpuint (participants->len, ==, 2);

  g_assert_true (tkr_history_redo (history));
  g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==, target);
  g_assert_cmpstr (tkr_character_get_rule_system (alice), ==, target);
  g_clear_pointer (&participants, g_ptr_array_unref);
  participants = tkr_tracker_list_participants (tkr_campaign_get_tracker (campaign));
  g_assert_cmpuint (participants->len, ==, 2);
}

/* Issue 5: "a GM can switch an encounter's system only while no encounter
 * is running". Every phase past Freeplay refuses, in every system. */
static void
test_switch_refused_while_running (gconstpointer data)
{
  const char *system = data;
  g_autoptr (TkrCampaign) campaign = campaign_of (system);
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  const char *other = g_str_equal (system, "d20") ? "pf2e" : "d20";
  g_autoptr (GError) error = NULL;
  guint serial;

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_true (tkr_campaign_can_set_rule_system (campaign));
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_campaign_can_set_rule_system (campaign));

  serial = tkr_history_get_undo_serial (tkr_campaign_get_history (campaign));
  g_assert_false (tkr_campaign_set_rule_system (campaign, other, &error));
  g_assert_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE);
  g_assert_true (tkr_campaign_get_tracker (campaign) == tracker);
  g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==, system);
  g_assert_cmpstr (tkr_character_get_rule_system (alice), ==, system);
  g_assert_cmpuint (tkr_history_get_undo_serial (tkr_campaign_get_history (campaign)), ==, serial);

  /* Back in Freeplay the switch is allowed again. */
  g_clear_error (&error);
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_FREEPLAY, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_campaign_set_rule_system (campaign, other, &error));
  g_assert_no_error (error);
}

static void
test_unknown_system_refused (void)
{
  g_autoptr (TkrCampaign) campaign = campaign_of ("kleptonomicon");
  g_autoptr (GError) error = NULL;

  g_assert_false (tkr_campaign_set_rule_system (campaign, "chess", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==, "kleptonomicon");
}

/* The file names its system; loading it gives that system's encounter
 * with its participants, and saving again gives the same bytes. */
static void
test_file_round_trip (gconstpointer data)
{
  const char *system = data;
  g_autoptr (TkrCampaign) campaign = campaign_of (system);
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GPtrArray) participants = NULL;
  g_autoptr (GError) error = NULL;
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  TkrCharacter *orc = tkr_campaign_add_npc (campaign, "Orc");

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, orc, &error));
  g_assert_no_error (error);

  bytes = tkr_campaign_to_bytes (campaign);
  loaded = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_campaign_get_rule_system (loaded), ==, system);
  g_assert_true (
    G_TYPE_CHECK_INSTANCE_TYPE (tkr_campaign_get_tracker (loaded), tracker_type (system)));
  participants = tkr_tracker_list_participants (tkr_campaign_get_tracker (loaded));
  g_assert_cmpuint (participants->len, ==, 2);
  /* The PC in the encounter is the party's PC, not a copy. */
  g_assert_true (g_ptr_array_index (participants, 0) ==
                 tkr_campaign_find_character (loaded, tkr_character_get_id (alice)));
  again = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));
}

static void
test_file_unknown_system (void)
{
  const char *text = "{\"kind\": \"turnkeeper-campaign\", \"format\": 1, "
                     "\"campaign\": {\"rule_system\": \"chess\"}}";
  g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new_from_bytes (bytes, &error);

  g_assert_null (campaign);
  g_assert_nonnull (error);
}

/* A participant leaves with its character in Freeplay in every system. */
static void
test_remove_character (gconstpointer data)
{
  const char *system = data;
  g_autoptr (TkrCampaign) campaign = campaign_of (system);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_true (tkr_tracker_has_participant (tracker, alice));
  g_assert_true (tkr_campaign_remove_character (campaign, alice, &error));
  g_assert_no_error (error);
  g_assert_false (tkr_tracker_has_participant (tracker, alice));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (campaign)), ==, 0);

  g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
  g_assert_true (tkr_tracker_has_participant (tracker, alice));
}

/* Edge builds the Kleptonomicon's turn order (seed 000, Setup); the other
 * systems' sheets do not carry it, and there it may be removed. */
static void
test_edge_only_in_kleptonomicon (void)
{
  static const char *const systems[] = { "pf2e", "d20", "action-points" };
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrCharacter) klepto =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_PC, "Alice");

  g_assert_nonnull (tkr_character_find_modifier (klepto, TKR_MODIFIER_KIND_SAVE, "Edge"));
  g_assert_false (
    tkr_character_remove_modifier (klepto, NULL, TKR_MODIFIER_KIND_SAVE, "Edge", &error));
  g_assert_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE);

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[i], NULL);
      g_autoptr (TkrCharacter) other = tkr_character_new (rules, TKR_CHARACTER_KIND_PC, "Bob");

      g_assert_null (tkr_character_find_modifier (other, TKR_MODIFIER_KIND_SAVE, "Edge"));
    }
}

/* A sheet written for another system joins as one of this system: a
 * Kleptonomicon NPC (Walk 4 units) added to a d20 encounter moves at the
 * d20 sheet's walking speed (30 feet), never "4 feet". */
static void
test_joiner_adopts_campaign_system (void)
{
  g_autoptr (TkrCampaign) campaign = campaign_of ("d20");
  g_autoptr (TkrCharacter) orc =
    tkr_character_new (tkr_rules_get_default (), TKR_CHARACTER_KIND_NPC, "Orc");
  g_autoptr (GError) error = NULL;
  TkrCharacter *library = tkr_campaign_import_character (campaign, orc);
  TkrCharacter *copy;
  GListModel *combatants;
  g_autoptr (TkrD20Combatant) combatant = NULL;
  int walk = 0;

  g_assert_cmpstr (tkr_character_get_rule_system (library), ==, "kleptonomicon");
  copy = tkr_campaign_add_to_encounter (campaign, library, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tkr_character_get_rule_system (copy), ==, "d20");
  g_assert_true (tkr_character_get_field (copy, "walk_speed", &walk));
  combatants =
    tkr_d20_encounter_get_creatures (TKR_D20_ENCOUNTER (tkr_campaign_get_tracker (campaign)));
  combatant = g_list_model_get_item (combatants, 0);
  g_assert_cmpint (tkr_d20_combatant_get_speed (combatant, "walk"), ==, walk);
  g_assert_cmpint (walk, ==, 30);
}

/* "Add the Whole Party" in every system: the PCs not in yet, one undo
 * step, and all or none when the encounter refuses one of them. */
static void
test_add_party (gconstpointer data)
{
  const char *system = data;
  g_autoptr (TkrCampaign) campaign = campaign_of (system);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  TkrCharacter *bob = tkr_campaign_add_pc (campaign, "Bob");
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_cmpuint (tkr_campaign_count_party_outside_encounter (campaign), ==, 1);
  g_assert_true (tkr_campaign_add_party_to_encounter (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tkr_campaign_count_party_outside_encounter (campaign), ==, 0);
  g_assert_true (tkr_tracker_has_participant (tracker, bob));

  g_assert_true (tkr_history_undo (history));
  g_assert_false (tkr_tracker_has_participant (tracker, bob));
  g_assert_true (tkr_tracker_has_participant (tracker, alice));
}

/* A Pathfinder encounter whose rounds run takes nobody new: the party
 * button changes nothing then, and says why. */
static void
test_add_party_all_or_none (void)
{
  g_autoptr (TkrCampaign) campaign = campaign_of ("pf2e");
  TkrPf2eEncounter *encounter = TKR_PF2E_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  g_autoptr (GError) error = NULL;
  guint serial;

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  g_assert_true (tkr_encounter_begin_setup (TKR_ENCOUNTER (encounter), &error));
  g_assert_true (tkr_pf2e_encounter_enter_initiative (
    encounter, TKR_PF2E_COMBATANT (tkr_encounter_find_combatant (TKR_ENCOUNTER (encounter), alice)),
    12, &error));
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (encounter), &error));
  g_assert_no_error (error);
  tkr_campaign_add_pc (campaign, "Bob");
  tkr_campaign_add_pc (campaign, "Carol");

  serial = tkr_history_get_undo_serial (tkr_campaign_get_history (campaign));
  g_assert_false (tkr_campaign_add_party_to_encounter (campaign, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (tkr_campaign_count_party_outside_encounter (campaign), ==, 2);
  g_assert_cmpuint (tkr_history_get_undo_serial (tkr_campaign_get_history (campaign)), ==, serial);
}

/* Seed 004: at most 3 AP a Round, an Only action with the last 1 or 2 AP,
 * exactly 1 AP for the surprised, Free Steps of 2 spaces (medium) or 1
 * (small); the views read these from the core, which read the rule data. */
static void
test_action_points_numbers (void)
{
  g_autoptr (TkrCampaign) campaign = campaign_of ("action-points");
  TkrApEncounter *encounter = TKR_AP_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  TkrCharacter *alice = tkr_campaign_add_pc (campaign, "Alice");
  g_autoptr (GError) error = NULL;
  TkrApCombatant *combatant;
  GArray *dice = tkr_ap_encounter_get_finesse_dice (encounter);
  const char *const *sizes = tkr_ap_encounter_get_sizes (encounter);

  g_assert_cmpint (tkr_ap_encounter_get_max_ap_per_round (encounter), ==, 3);
  g_assert_cmpint (tkr_ap_encounter_get_only_action_max_ap (encounter), ==, 2);
  g_assert_cmpint (tkr_ap_encounter_get_surprised_first_ap (encounter), ==, 1);
  g_assert_cmpuint (dice->len, ==, 5);
  g_assert_cmpint (g_array_index (dice, int, 0), ==, 4);
  g_assert_cmpint (g_array_index (dice, int, 4), ==, 12);
  g_assert_true (g_strv_contains (sizes, "medium") && g_strv_contains (sizes, "small"));
  /* The sheet's Finesse Die field offers exactly the dice the encounter
   * accepts (two lists in the rule data that must not drift apart). */
  {
    const TkrSheetFieldInfo *field =
      tkr_rules_lookup_sheet_field (tkr_campaign_get_rules (campaign), "finesse_die");

    g_assert_nonnull (field);
    for (int sides = 1; sides <= 20; sides++)
      {
        gboolean in_dice = FALSE;

        for (guint i = 0; i < dice->len; i++)
          in_dice = in_dice || g_array_index (dice, int, i) == sides;
        g_assert_true (tkr_sheet_field_info_accepts (field, sides) == in_dice);
      }
  }

  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  combatant = tkr_ap_encounter_find_member (encounter, alice);
  g_assert_cmpint (tkr_ap_encounter_get_free_steps_limit (encounter, combatant), ==, 2);
  g_assert_true (tkr_ap_encounter_set_size (encounter, combatant, "small", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_ap_encounter_get_free_steps_limit (encounter, combatant), ==, 1);
}

int
main (int argc, char **argv)
{
  static const char *const systems[] = { "kleptonomicon", "pf2e", "d20", "action-points" };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rule-systems/known", test_known_systems);
  g_test_add_func ("/rule-systems/action-points/seed-004-numbers", test_action_points_numbers);
  g_test_add_func ("/rule-systems/add-party/all-or-none", test_add_party_all_or_none);
  g_test_add_func ("/rule-systems/joiner-plays-the-campaign-system",
                   test_joiner_adopts_campaign_system);
  g_test_add_func ("/rule-systems/sheet/edge-save-only-in-kleptonomicon",
                   test_edge_only_in_kleptonomicon);
  g_test_add_func ("/rule-systems/switch/unknown-system-refused", test_unknown_system_refused);
  g_test_add_func ("/rule-systems/file/unknown-system-refused", test_file_unknown_system);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autofree char *running =
        g_strdup_printf ("/rule-systems/switch/only-while-no-encounter-runs/%s", systems[i]);
      g_autofree char *round_trip =
        g_strdup_printf ("/rule-systems/file/round-trip/%s", systems[i]);
      g_autofree char *remove = g_strdup_printf ("/rule-systems/remove-participant/%s", systems[i]);

      g_test_add_data_func (running, systems[i], test_switch_refused_while_running);
      g_test_add_data_func (round_trip, systems[i], test_file_round_trip);
      g_test_add_data_func (remove, systems[i], test_remove_character);
      {
        g_autofree char *party = g_strdup_printf ("/rule-systems/add-party/%s", systems[i]);
        g_test_add_data_func (party, systems[i], test_add_party);
      }
      if (i > 0)
        {
          g_autofree char *path =
            g_strdup_printf ("/rule-systems/switch/in-freeplay-keeps-participants/%s", systems[i]);
          g_test_add_data_func (path, systems[i], test_switch_in_freeplay);
        }
    }

  return g_test_run ();
}
