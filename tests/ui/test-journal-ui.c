/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The journal where the person meets it (help/C/files-and-backups.page,
 * "Undo after a restart" and "Rewinding a fight"): a campaign closed and
 * opened again still undoes its last steps; a damaged journal lets the
 * file open and says why Undo starts afresh; the rewind menu lists the
 * round starts with an accessible name and takes the fight back as one
 * undoable step.
 */

#include "config.h"

#include <adwaita.h>

#include "tkr-ap-encounter.h"
#include "tkr-document.h"
#include "tkr-test-campaign.h"
#include "tkr-encounter-page.h"
#include "tkr-rewind-button.h"

#define DELAY_MS 100

static TkrDocument *
load_document (GFile *file)
{
  g_autoptr (GError) error = NULL;
  TkrDocument *document = tkr_test_load_document (file, &error);

  g_assert_no_error (error);
  return document;
}

static GFile *
fresh_file (const char *name)
{
  g_autoptr (GFile) file = g_file_new_build_filename (g_get_tmp_dir (), name, NULL);
  g_autoptr (GFile) journal = tkr_journal_file_for (file);

  g_file_delete (file, NULL, NULL);
  g_file_delete (journal, NULL, NULL);
  return g_steal_pointer (&file);
}

static guint
party_size (TkrDocument *document)
{
  return g_list_model_get_n_items (tkr_campaign_get_party (tkr_document_get_campaign (document)));
}

/* Undo after reopening: two PCs added and autosaved, the window closed;
 * the file opened again undoes both additions, one step each. */
static void
test_undo_after_reopen (void)
{
  g_autoptr (GFile) file = fresh_file ("journal-reopen.tkcampaign");
  g_autoptr (TkrDocument) reopened = NULL;
  TkrHistory *history;

  {
    g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
    g_autoptr (TkrDocument) document = tkr_document_new_for_campaign (campaign, file);

    tkr_document_set_autosave_delay_ms (document, DELAY_MS);
    g_assert_nonnull (tkr_document_get_journal (document));
    tkr_campaign_add_pc (campaign, "Alice");
    tkr_campaign_add_pc (campaign, "Bob");
    g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  }

  reopened = load_document (file);
  g_assert_null (tkr_document_take_journal_notice (reopened));
  history = tkr_campaign_get_history (tkr_document_get_campaign (reopened));
  g_assert_cmpuint (party_size (reopened), ==, 2);
  g_assert_true (tkr_history_can_undo (history));
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (party_size (reopened), ==, 1);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpuint (party_size (reopened), ==, 0);
  g_assert_false (tkr_history_can_undo (history));
  g_assert_true (tkr_history_redo (history));
  g_assert_cmpuint (party_size (reopened), ==, 1);
}

/* A damaged journal: the file opens as saved, the notice says so once in
 * plain words, and the journal file is left as it was. */
static void
test_damaged_journal_notice (void)
{
  g_autoptr (GFile) file = fresh_file ("journal-damaged.tkcampaign");
  g_autoptr (GFile) journal = tkr_journal_file_for (file);
  g_autoptr (TkrDocument) reopened = NULL;
  g_autofree char *notice = NULL;
  g_autofree char *after = NULL;
  const char *garbage = "{\"kind\":\"turnkeeper-jour";

  {
    g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
    g_autoptr (TkrDocument) document = tkr_document_new_for_campaign (campaign, file);

    tkr_document_set_autosave_delay_ms (document, DELAY_MS);
    tkr_campaign_add_pc (campaign, "Alice");
    g_assert_true (tkr_test_spin_until (tkr_test_document_is_clean, document, 10000));
  }
  g_assert_true (g_file_replace_contents (journal, garbage, strlen (garbage), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, NULL));

  reopened = load_document (file);
  g_assert_cmpuint (party_size (reopened), ==, 1);
  notice = tkr_document_take_journal_notice (reopened);
  g_assert_nonnull (notice);
  g_test_message ("%s", notice);
  g_assert_nonnull (strstr (notice, "Undo starts afresh"));
  g_assert_null (tkr_document_take_journal_notice (reopened));
  g_assert_false (
    tkr_history_can_undo (tkr_campaign_get_history (tkr_document_get_campaign (reopened))));
  g_assert_true (g_file_load_contents (journal, NULL, &after, NULL, NULL, NULL));
  g_assert_cmpstr (after, ==, garbage);
}

/* What choosing the menu's item @i does: its own action and target. */
static void
activate_item (GtkWidget *button, GMenuModel *menu, int i)
{
  g_autofree char *action = NULL;
  g_autoptr (GVariant) target = NULL;

  g_assert_true (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, NULL);
  g_assert_true (gtk_widget_activate_action_variant (button, action, target));
}

static char *
state_of (TkrCampaign *campaign)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (campaign);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static GtkWidget *
find_rewind_button (GtkWidget *widget)
{
  if (TKR_IS_REWIND_BUTTON (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_rewind_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The rewind menu on the Encounter page: hidden before the rounds, one
 * item per round start once they run, the button named for assistive
 * technologies; its action takes the fight back to the start of round 2
 * as one step that undo takes back. */
static void
test_rewind_menu (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (TkrJournal) journal = tkr_journal_new (campaign);
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *label = NULL;
  g_autofree char *round_two = NULL;
  g_autofree char *now = NULL;
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = g_object_new (TKR_TYPE_ENCOUNTER_PAGE, NULL);
  GtkWidget *button;
  GtkWidget *menu_button;
  GMenuModel *menu;
  TkrCharacter *alice, *goblin;

  gtk_window_set_child (GTK_WINDOW (window), page);
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (page), campaign);
  tkr_encounter_page_set_journal (TKR_ENCOUNTER_PAGE (page), journal);
  button = find_rewind_button (page);
  g_assert_nonnull (button);
  menu = tkr_rewind_button_get_menu (TKR_REWIND_BUTTON (button));
  g_assert_false (gtk_widget_get_visible (button));

  alice = tkr_campaign_add_pc (campaign, "Alice");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  goblin = tkr_campaign_add_npc (campaign, "Goblin");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, goblin, &error));
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker), rand, &error));
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error));
  g_assert_no_error (error);
  for (guint i = 0; tkr_tracker_get_round (tracker) < 2; i++)
    {
      g_assert_cmpuint (i, <, 50);
      g_assert_true (tkr_tracker_next_turn (tracker, &error));
    }
  round_two = state_of (campaign);
  for (guint i = 0; tkr_tracker_get_round (tracker) < 3; i++)
    {
      g_assert_cmpuint (i, <, 50);
      g_assert_true (tkr_tracker_next_turn (tracker, &error));
    }

  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 3);
  g_assert_true (g_menu_model_get_item_attribute (menu, 1, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_cmpstr (label, ==, "Start of Round 2");
  menu_button = gtk_widget_get_first_child (button);
  g_assert_true (GTK_IS_MENU_BUTTON (menu_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (menu_button), ==, "Rewind to the Start of a Round");

  activate_item (button, menu, 1);
  g_assert_cmpint (tkr_tracker_get_round (tkr_campaign_get_tracker (campaign)), ==, 2);
  now = state_of (campaign);
  g_assert_cmpstr (now, ==, round_two);
  g_assert_cmpstr (tkr_history_peek_undo_tag (history), ==, TKR_JOURNAL_TAG_REWIND);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_tracker_get_round (tkr_campaign_get_tracker (campaign)), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* In the Action-Point system, whose rounds count again in every Turn, the
 * rewind menu names the Turn of each round start, and its item for round
 * 2 of Turn 1 takes the fight back there from Turn 2 as one step that undo
 * takes back (help/C/files-and-backups.page, "Rewinding a fight"). */
static void
test_rewind_menu_action_points (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("action-points", &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (TkrJournal) journal = tkr_journal_new (campaign);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *turn_one_round_two = NULL;
  g_autofree char *present = NULL;
  g_autofree char *now = NULL;
  TkrTracker *tracker = tkr_campaign_get_tracker (campaign);
  TkrHistory *history = tkr_campaign_get_history (campaign);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = g_object_new (TKR_TYPE_ENCOUNTER_PAGE, NULL);
  GtkWidget *button;
  GMenuModel *menu;
  TkrCharacter *alice, *goblin;
  int item = -1;

  gtk_window_set_child (GTK_WINDOW (window), page);
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (page), campaign);
  tkr_encounter_page_set_journal (TKR_ENCOUNTER_PAGE (page), journal);
  button = find_rewind_button (page);
  menu = tkr_rewind_button_get_menu (TKR_REWIND_BUTTON (button));

  alice = tkr_campaign_add_pc (campaign, "Alice");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, alice, &error));
  goblin = tkr_campaign_add_npc (campaign, "Goblin");
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, goblin, &error));
  tkr_encounter_set_rand (TKR_ENCOUNTER (tracker), rand);
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker), rand, &error));
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error));
  g_assert_no_error (error);
  for (guint i = 0; tkr_ap_encounter_get_turn (TKR_AP_ENCOUNTER (tracker)) < 2 ||
                    tkr_tracker_get_round (tracker) < 2;
       i++)
    {
      GObject *slot = tkr_encounter_get_current_slot (TKR_ENCOUNTER (tracker));

      g_assert_cmpuint (i, <, 200);
      if (TKR_IS_COMBATANT (slot) && !tkr_encounter_spend_turn_resource (
                                       TKR_ENCOUNTER (tracker), TKR_COMBATANT (slot), &error))
        g_clear_error (&error);
      g_assert_true (tkr_tracker_next_turn (tracker, &error));
      g_assert_no_error (error);
      if (turn_one_round_two == NULL &&
          tkr_ap_encounter_get_turn (TKR_AP_ENCOUNTER (tracker)) == 1 &&
          tkr_tracker_get_round (tracker) == 2)
        turn_one_round_two = state_of (campaign);
    }
  g_assert_nonnull (turn_one_round_two);
  present = state_of (campaign);

  g_assert_true (gtk_widget_get_visible (button));
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;

      g_assert_true (
        g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      if (g_str_equal (label, "Turn 1, Start of Round 2"))
        item = i;
    }
  g_assert_cmpint (item, >=, 0);

  activate_item (button, menu, item);
  g_assert_cmpstr ((now = state_of (campaign)), ==, turn_one_round_two);
  g_clear_pointer (&now, g_free);
  g_assert_cmpstr (tkr_history_peek_undo_tag (history), ==, TKR_JOURNAL_TAG_REWIND);
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr ((now = state_of (campaign)), ==, present);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/journal-ui/document/undo-after-reopen", test_undo_after_reopen);
  g_test_add_func ("/journal-ui/document/damaged-journal-notice", test_damaged_journal_notice);
  g_test_add_func ("/journal-ui/encounter-page/rewind-menu", test_rewind_menu);
  g_test_add_func ("/journal-ui/encounter-page/rewind-menu-action-points",
                   test_rewind_menu_action_points);
  return g_test_run ();
}
