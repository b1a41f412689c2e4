/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <adwaita.h>

#include "tkr-roster-row.h"
#include "tkr-roster.h"
#include "tkr-test-widgets.h"

typedef struct
{
  GtkWindow *window;
  TkrRoster *roster;
  TkrCampaign *campaign;
  TkrHistory *history;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  fixture->campaign = tkr_campaign_new (tkr_rules_get_default ());
  fixture->history = tkr_campaign_get_history (fixture->campaign);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  fixture->roster = TKR_ROSTER (tkr_roster_new ());
  gtk_window_set_default_size (fixture->window, 360, 700);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->roster));
  tkr_roster_set_campaign (fixture->roster, fixture->campaign);
  gtk_window_present (fixture->window);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->campaign);
}

static void
iterate (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
activate_for (Fixture *fixture, const char *action, TkrCharacter *character)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->roster), action, "s",
                                             tkr_character_get_id (character)));
}

static guint
count_characters (GListModel *model)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);

      if (TKR_IS_CHARACTER (item))
        n++;
    }
  return n;
}

static guint
count_headings (GListModel *model)
{
  return g_list_model_get_n_items (model) - count_characters (model);
}

static void
count_rows (GtkWidget *widget, guint *n)
{
  if (TKR_IS_ROSTER_ROW (widget))
    (*n)++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_rows (child, n);
}

static void
test_add (Fixture *fixture, gconstpointer data)
{
  GListModel *model = tkr_roster_get_model (fixture->roster);
  TkrCharacter *pc, *npc;

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->roster), "roster.add-pc", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_party (fixture->campaign)), ==, 1);
  pc = tkr_roster_get_selected_character (fixture->roster);
  g_assert_nonnull (pc);
  g_assert_true (tkr_character_is_pc (pc));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->roster), "roster.add-npc", NULL));
  npc = tkr_roster_get_selected_character (fixture->roster);
  g_assert_false (tkr_character_is_pc (npc));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (fixture->campaign)), ==, 1);

  /* A heading for each section, then its rows. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  g_assert_cmpuint (count_headings (model), ==, 2);
  iterate ();
}

/* Library NPCs duplicate into numbered copies (core numbering); removal is
 * undone by the history, the very same character coming back. */
static void
test_duplicate_remove_undo (Fixture *fixture, gconstpointer data)
{
  GListModel *npcs = tkr_campaign_get_npcs (fixture->campaign);
  TkrCharacter *goblin = tkr_campaign_add_npc (fixture->campaign, "Goblin");
  TkrCharacter *copy;
  g_autoptr (TkrCharacter) first = NULL;

  activate_for (fixture, "roster.duplicate", goblin);
  g_assert_cmpuint (g_list_model_get_n_items (npcs), ==, 2);
  copy = tkr_roster_get_selected_character (fixture->roster);
  g_assert_true (copy != goblin);
  g_assert_cmpstr (tkr_character_get_name (copy), ==, "Goblin 2");

  activate_for (fixture, "roster.remove", goblin);
  g_assert_cmpuint (g_list_model_get_n_items (npcs), ==, 1);
  g_assert_null (tkr_campaign_find_character (fixture->campaign, tkr_character_get_id (goblin)));
  g_assert_cmpstr (tkr_history_get_undo_label (fixture->history), ==, "Remove “Goblin”");

  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpuint (g_list_model_get_n_items (npcs), ==, 2);
  first = g_list_model_get_item (npcs, 0);
  g_assert_true (first == goblin);
  g_assert_cmpuint (count_characters (tkr_roster_get_model (fixture->roster)), ==, 2);
  iterate ();
}

/* The search keeps rows whose name holds the text, case aside, and hides
 * the heading of a section left empty. */
static void
test_filter (Fixture *fixture, gconstpointer data)
{
  GListModel *model = tkr_roster_get_model (fixture->roster);

  tkr_campaign_add_pc (fixture->campaign, "Alice");
  tkr_campaign_add_pc (fixture->campaign, "Bob");
  tkr_campaign_add_npc (fixture->campaign, "Goblin");
  tkr_campaign_add_npc (fixture->campaign, "Hobgoblin");
  g_assert_cmpuint (tkr_roster_get_n_visible_characters (fixture->roster), ==, 4);

  tkr_roster_set_search_text (fixture->roster, "GOB");
  g_assert_cmpuint (tkr_roster_get_n_visible_characters (fixture->roster), ==, 2);
  g_assert_cmpuint (count_headings (model), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);

  tkr_roster_set_search_text (fixture->roster, "ali");
  g_assert_cmpuint (tkr_roster_get_n_visible_characters (fixture->roster), ==, 1);

  tkr_roster_set_search_text (fixture->roster, "nobody");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  tkr_roster_set_search_text (fixture->roster, "");
  g_assert_cmpuint (tkr_roster_get_n_visible_characters (fixture->roster), ==, 4);
  g_assert_cmpuint (count_headings (model), ==, 2);

  /* A rename shows in the search at once. */
  tkr_roster_set_search_text (fixture->roster, "bold");
  g_assert_cmpuint (tkr_roster_get_n_visible_characters (fixture->roster), ==, 0);
  {
    g_autoptr (TkrCharacter) alice =
      g_list_model_get_item (tkr_campaign_get_party (fixture->campaign), 0);
    g_autoptr (GError) error = NULL;

    g_assert_true (tkr_character_rename (alice, fixture->history, "Alice the Bold", &error));
  }
  g_assert_cmpuint (tkr_roster_get_n_visible_characters (fixture->roster), ==, 1);
  iterate ();
}

/* Selecting a character hidden by the search shows everything again. */
static void
test_select_hidden (Fixture *fixture, gconstpointer data)
{
  TkrCharacter *alice = tkr_campaign_add_pc (fixture->campaign, "Alice");

  tkr_campaign_add_npc (fixture->campaign, "Goblin");
  tkr_roster_set_search_text (fixture->roster, "gob");
  tkr_roster_set_selected_character (fixture->roster, alice);
  g_assert_true (tkr_roster_get_selected_character (fixture->roster) == alice);
  g_assert_cmpstr (tkr_roster_get_search_text (fixture->roster), ==, "");
  iterate ();
}

/* Add to Encounter: a PC joins as itself, a library NPC as a numbered copy;
 * refusals do not change anything. */
static void
test_add_to_encounter (Fixture *fixture, gconstpointer data)
{
  TkrKlepEncounter *encounter = tkr_campaign_get_klep_encounter (fixture->campaign);
  GListModel *participants = tkr_encounter_get_participants (TKR_ENCOUNTER (encounter));
  TkrCharacter *alice = tkr_campaign_add_pc (fixture->campaign, "Alice");
  TkrCharacter *goblin = tkr_campaign_add_npc (fixture->campaign, "Goblin");
  guint n;

  activate_for (fixture, "roster.add-to-encounter", alice);
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, 1);
  activate_for (fixture, "roster.add-to-encounter", goblin);
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, 2);
  /* The library keeps its Goblin. */
  g_assert_cmpuint (g_list_model_get_n_items (tkr_campaign_get_npcs (fixture->campaign)), ==, 1);

  n = g_list_model_get_n_items (participants);
  activate_for (fixture, "roster.add-to-encounter", alice);
  g_assert_cmpuint (g_list_model_get_n_items (participants), <=, n + 1);
  iterate ();
}

static TkrRosterRow *
find_row (GtkWidget *widget, TkrCharacter *character)
{
  if (TKR_IS_ROSTER_ROW (widget) &&
      tkr_roster_row_get_character (TKR_ROSTER_ROW (widget)) == character)
    return TKR_ROSTER_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      TkrRosterRow *row = find_row (child, character);

      if (row != NULL)
        return row;
    }
  return NULL;
}

static const char *
mark_of (Fixture *fixture, TkrCharacter *character)
{
  TkrRosterRow *row;

  iterate ();
  row = find_row (GTK_WIDGET (fixture->roster), character);
  g_assert_nonnull (row);
  return tkr_roster_row_get_encounter_mark (row);
}

/* The row's accessible description says it too. */
static void
assert_described (Fixture *fixture, TkrCharacter *character, const char *mark)
{
  TkrRosterRow *row = find_row (GTK_WIDGET (fixture->roster), character);
  TkrPool *health = tkr_character_get_pool (character, TKR_POOL_HEALTH);
  g_autofree char *description = NULL;

  if (mark != NULL)
    description =
      g_strdup_printf ("Level %d · Health %d/%d, %s", tkr_character_get_level (character),
                       tkr_pool_get_current (health), tkr_pool_get_maximum (health), mark);
  else
    description = g_strdup_printf ("Level %d · Health %d/%d", tkr_character_get_level (character),
                                   tkr_pool_get_current (health), tkr_pool_get_maximum (health));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       description);
}

/* The roster marks who is in the encounter already (issue "The table
 * tracker"): a PC in it, a library NPC with how many of its copies take
 * part. The mark follows the participants at once, undo included, and
 * the encounter that replaces this one when the rule system changes. */
static void
test_encounter_mark (Fixture *fixture, gconstpointer data)
{
  TkrCharacter *alice = tkr_campaign_add_pc (fixture->campaign, "Alice");
  TkrCharacter *bob = tkr_campaign_add_pc (fixture->campaign, "Bob");
  TkrCharacter *goblin = tkr_campaign_add_npc (fixture->campaign, "Goblin");
  TkrCharacter *wolf = tkr_campaign_add_npc (fixture->campaign, "Wolf");
  g_autoptr (GError) error = NULL;

  g_assert_null (mark_of (fixture, alice));
  g_assert_null (mark_of (fixture, goblin));
  assert_described (fixture, alice, NULL);

  activate_for (fixture, "roster.add-to-encounter", alice);
  g_assert_cmpstr (mark_of (fixture, alice), ==, "In the Encounter");
  assert_described (fixture, alice, "In the Encounter");
  g_assert_null (mark_of (fixture, bob));

  activate_for (fixture, "roster.add-to-encounter", goblin);
  g_assert_cmpstr (mark_of (fixture, goblin), ==, "1 in the Encounter");
  activate_for (fixture, "roster.add-to-encounter", goblin);
  g_assert_cmpstr (mark_of (fixture, goblin), ==, "2 in the Encounter");
  assert_described (fixture, goblin, "2 in the Encounter");
  g_assert_null (mark_of (fixture, wolf));

  /* Undo takes a Goblin out, and the mark follows at once. */
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpstr (mark_of (fixture, goblin), ==, "1 in the Encounter");
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_null (mark_of (fixture, goblin));
  assert_described (fixture, goblin, NULL);
  g_assert_true (tkr_history_redo (fixture->history));
  g_assert_cmpstr (mark_of (fixture, goblin), ==, "1 in the Encounter");

  /* Another rule system: a new encounter with the same participants. */
  g_assert_true (tkr_campaign_set_rule_system (fixture->campaign, "pf2e", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mark_of (fixture, alice), ==, "In the Encounter");
  g_assert_true (tkr_campaign_remove_character (fixture->campaign, alice, &error));
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpstr (mark_of (fixture, alice), ==, "In the Encounter");
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpstr (mark_of (fixture, goblin), ==, "1 in the Encounter");
}

/* Between fights, the main menu's choices act on the campaign: the NPCs
 * keep their wounds, or the defeated leave (help/C/pause-and-end.page). */
static void
test_between_fights_menu (Fixture *fixture, gconstpointer data)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (fixture->campaign);
  TkrCharacter *alice = tkr_campaign_add_pc (fixture->campaign, "Alice");
  TkrCharacter *goblin = tkr_campaign_add_npc (fixture->campaign, "Goblin");
  TkrCharacter *copy;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (tkr_campaign_add_to_encounter (fixture->campaign, alice, &error));
  copy = tkr_campaign_add_to_encounter (fixture->campaign, goblin, &error);
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_encounter_roll_missing (TKR_ENCOUNTER (tracker), rand, &error));
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_MAIN, &error));
  tkr_character_adjust_pool (copy, fixture->history, TKR_POOL_HEALTH, -1000);
  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_END, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_campaign_awaits_between_fights (fixture->campaign));

  g_assert_true (
    gtk_widget_activate_action (GTK_WIDGET (fixture->roster), "roster.npcs-keep", NULL));
  g_assert_false (tkr_campaign_awaits_between_fights (fixture->campaign));
  g_assert_cmpstr (mark_of (fixture, goblin), ==, "1 in the Encounter");

  g_assert_true (tkr_tracker_transition (tracker, TKR_PHASE_FREEPLAY, &error));
  g_assert_true (
    gtk_widget_activate_action (GTK_WIDGET (fixture->roster), "roster.defeated-leave", NULL));
  g_assert_false (tkr_tracker_has_participant (tracker, copy));
  g_assert_null (mark_of (fixture, goblin));
  g_assert_true (tkr_history_undo (fixture->history));
  g_assert_cmpstr (mark_of (fixture, goblin), ==, "1 in the Encounter");
}

/* A thousand NPCs: the list creates rows for what is on screen, not for
 * every character. */
static void
test_thousand_npcs (Fixture *fixture, gconstpointer data)
{
  guint rows = 0;

  for (int i = 0; i < 1000; i++)
    {
      g_autofree char *name = g_strdup_printf ("Kobold %d", i + 1);

      tkr_campaign_add_npc (fixture->campaign, name);
    }
  g_assert_cmpuint (count_characters (tkr_roster_get_model (fixture->roster)), ==, 1000);

  for (int i = 0; i < 200; i++)
    g_main_context_iteration (NULL, FALSE);
  count_rows (GTK_WIDGET (fixture->roster), &rows);
  g_assert_cmpuint (rows, >, 0);
  g_assert_cmpuint (rows, <, 300);

  tkr_roster_set_search_text (fixture->roster, "kobold 99");
  /* "Kobold 99" and "Kobold 990".."Kobold 999" */
  g_assert_cmpuint (tkr_roster_get_n_visible_characters (fixture->roster), ==, 11);
  iterate ();
}

static gboolean
shown (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_height (data) > 0;
}

/* What the row at the top of @list shows, or NULL. */
static GtkWidget *
top_row (GtkWidget *list)
{
  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      graphene_rect_t bounds;

      if (gtk_widget_get_mapped (item) && gtk_widget_compute_bounds (item, list, &bounds) &&
          bounds.origin.y <= 0.5f && bounds.origin.y + bounds.size.height > 0.5f)
        return gtk_widget_get_first_child (item);
    }
  return NULL;
}

static gboolean
heading_on_top (gpointer data)
{
  GtkWidget *top = top_row (data);

  return top != NULL && GTK_IS_LABEL (top);
}

/* The rule (help/C/index.page: the characters' list shows the party, then
 * the NPC library): a campaign opened into a window already shown (a file
 * read after the first frame) lists from its top, the party's heading
 * first, not scrolled past it. */
static void
test_opened_campaign_from_top (Fixture *fixture, gconstpointer data)
{
  g_autoptr (TkrCampaign) opened = tkr_campaign_new (tkr_rules_get_default ());
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (fixture->roster), TKR_TYPE_ROSTER, "list_view");
  GtkWidget *top;

  for (int i = 0; i < 6; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);

      tkr_campaign_add_pc (opened, name);
    }
  for (int i = 0; i < 60; i++)
    {
      g_autofree char *name = g_strdup_printf ("Foe %d", i + 1);

      tkr_campaign_add_npc (opened, name);
    }
  g_assert_true (tkr_test_wait_until (shown, fixture->roster));
  tkr_roster_set_campaign (fixture->roster, opened);

  /* A state, not a time: the list settles with its heading on top. */
  if (!tkr_test_wait_until (heading_on_top, list))
    {
      top = top_row (list);
      g_error ("the top row shows %s", top == NULL ? "nothing"
                                       : TKR_IS_ROSTER_ROW (top)
                                         ? "a character, the party's heading above it"
                                         : G_OBJECT_TYPE_NAME (top));
    }
  top = top_row (list);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (top)), ==, "Party");
}

/* A removal's toast offers Undo: it takes back the removal while that is
 * the last step, and nothing else after a later edit. */
static void
test_removal_toast_undo (Fixture *fixture, gconstpointer data)
{
  GListModel *npcs = tkr_campaign_get_npcs (fixture->campaign);
  TkrCharacter *goblin = tkr_campaign_add_npc (fixture->campaign, "Goblin");
  TkrCharacter *orc = tkr_campaign_add_npc (fixture->campaign, "Orc");
  GtkWidget *overlay = adw_toast_overlay_new ();
  GtkWidget *button;

  g_object_ref (fixture->roster);
  gtk_window_set_child (fixture->window, NULL);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), GTK_WIDGET (fixture->roster));
  gtk_window_set_child (fixture->window, overlay);
  g_object_unref (fixture->roster);

  activate_for (fixture, "roster.remove", goblin);
  g_assert_cmpuint (g_list_model_get_n_items (npcs), ==, 1);
  button = tkr_test_find_toast_button (overlay);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (npcs), ==, 2);
  g_assert_nonnull (tkr_campaign_find_character (fixture->campaign, tkr_character_get_id (goblin)));
  iterate ();

  /* Removed, then another edit: the toast leaves that edit alone. */
  activate_for (fixture, "roster.remove", orc);
  button = tkr_test_find_toast_button (overlay);
  g_assert_nonnull (button);
  tkr_history_set (fixture->history, goblin, "name", "Hobgoblin");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (tkr_character_get_name (goblin), ==, "Hobgoblin");
  g_assert_null (tkr_campaign_find_character (fixture->campaign, tkr_character_get_id (orc)));
  iterate ();
}

int
main (int argc, char *argv[])
{
  /* GTK's test accessibility context, so tests can read what a screen
   * reader would. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/roster/add/pc-and-npc-in-their-sections", test_add);
  ADD ("/roster/duplicate-and-remove/undo-restores", test_duplicate_remove_undo);
  ADD ("/roster/remove/toast-undoes-only-the-removal", test_removal_toast_undo);
  ADD ("/roster/search/filters-on-name", test_filter);
  ADD ("/roster/search/selecting-hidden-character-clears-search", test_select_hidden);
  ADD ("/roster/add-to-encounter/pc-and-npc-copy", test_add_to_encounter);
  ADD ("/roster/add-to-encounter/rows-mark-who-takes-part", test_encounter_mark);
  ADD ("/roster/between-fights/menu-choices", test_between_fights_menu);
  ADD ("/roster/scale/thousand-npcs-few-rows", test_thousand_npcs);
  ADD ("/roster/open/campaign-lists-from-its-top", test_opened_campaign_from_top);
#undef ADD

  return g_test_run ();
}
