/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-klep-group-row.h"
#include "tkr-klep-setup-view.h"

static gpointer
child (GtkWidget *view, const char *name)
{
  GObject *object = gtk_widget_get_template_child (view, TKR_TYPE_KLEP_SETUP_VIEW, name);

  g_assert_nonnull (object);
  return object;
}

static TkrKlepSetup *
get_setup (Fixture *f)
{
  return tkr_klep_encounter_get_setup (f->encounter);
}

static GtkWidget *
show_setup_view (Fixture *f)
{
  GtkWidget *view = tkr_klep_setup_view_new ();

  tkr_klep_setup_view_set_encounter (TKR_KLEP_SETUP_VIEW (view), f->encounter);
  fixture_show (f, view, 1100, 900);
  return view;
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;
  return n;
}

static const char *
row_title (GtkListBox *list, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, index);

  g_assert_true (ADW_IS_PREFERENCES_ROW (row));
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
}

/* The preview lists exactly the core's order, front first. */
static void
assert_preview_matches_core (GtkWidget *view, Fixture *f)
{
  GtkListBox *preview = child (view, "preview_list");
  g_autoptr (GPtrArray) order = tkr_klep_setup_build_order (get_setup (f));

  g_assert_cmpuint (count_rows (preview), ==, order->len);
  for (guint i = 0; i < order->len; i++)
    {
      g_autoptr (GPtrArray) labels = g_ptr_array_new ();
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      GtkLabel *place = NULL;

      g_assert_cmpstr (row_title (preview, i), ==,
                       tkr_klep_turn_entry_get_name (g_ptr_array_index (order, i)));
      /* Each row's place is right after rows were replaced around it. */
      collect_widgets (GTK_WIDGET (gtk_list_box_get_row_at_index (preview, i)), GTK_TYPE_LABEL,
                       labels);
      for (guint j = 0; j < labels->len && place == NULL; j++)
        if (gtk_widget_has_css_class (labels->pdata[j], "numeric"))
          place = labels->pdata[j];
      g_assert_nonnull (place);
      g_assert_cmpstr (gtk_label_get_text (place), ==, number);
    }
}

/* Types @score into the spin button and presses "Enter Score". */
static void
enter_score (GtkWidget *view, int score)
{
  gtk_spin_button_set_value (child (view, "score_spin"), score);
  click (child (view, "enter_button"));
}

static void
assert_test_title (GtkWidget *view, Fixture *f)
{
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;
  g_autofree char *expected = NULL;

  g_assert_true (tkr_klep_setup_get_next_test (get_setup (f), &pc, &group));
  expected = g_strdup_printf ("%s tests Edge against %s", tkr_character_get_name (pc),
                              tkr_klep_npc_group_get_name (group));
  g_assert_cmpstr (gtk_label_get_text (child (view, "test_title")), ==, expected);
}

/* Enters Scores through the view until the Setup is complete, checking
 * the test shown and the live preview after each one. */
static void
test_enter_scores_until_complete (void)
{
  Fixture f;
  GtkWidget *view;
  GtkWidget *start;
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;
  guint tests = 0;

  fixture_init (&f);
  fixture_begin_setup (&f);
  view = show_setup_view (&f);
  start = child (view, "start_button");

  assert_preview_matches_core (view, &f);
  while (tkr_klep_setup_get_next_test (get_setup (&f), &pc, &group))
    {
      int score;

      g_assert_false (gtk_widget_get_sensitive (start));
      g_assert_true (gtk_widget_get_visible (child (view, "test_box")));
      assert_test_title (view, &f);

      /* Alice passes everything; Bob is Low at once. */
      enter_score (view, pc == f.alice ? 9 : 2);
      g_assert_true (tkr_klep_setup_get_score (get_setup (&f), pc, group, &score));
      g_assert_cmpint (score, ==, pc == f.alice ? 9 : 2);
      assert_preview_matches_core (view, &f);
      tests++;
      g_assert_cmpuint (tests, <, 20);
    }

  g_assert_true (tkr_klep_setup_is_complete (get_setup (&f)));
  g_assert_false (gtk_widget_get_visible (child (view, "test_box")));
  g_assert_true (gtk_widget_get_sensitive (start));
  assert_preview_matches_core (view, &f);

  /* Alice, never Low, goes before everyone (seed, "Turn Order"). */
  g_assert_cmpstr (row_title (child (view, "preview_list"), 0), ==, "Alice");

  {
    guint previewed = count_rows (child (view, "preview_list"));

    click (start);
    g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f.encounter)), ==, TKR_PHASE_MAIN);
    g_assert_cmpuint (
      g_list_model_get_n_items (tkr_encounter_get_order (TKR_ENCOUNTER (f.encounter))), ==,
      previewed);
  }

  fixture_clear (&f);
}

static TkrKlepNpcGroup *
group_with_edge (Fixture *f, int edge)
{
  GListModel *groups = tkr_klep_setup_get_groups (get_setup (f));

  for (guint i = 0; i < g_list_model_get_n_items (groups); i++)
    {
      g_autoptr (TkrKlepNpcGroup) group = g_list_model_get_item (groups, i);

      if (tkr_klep_npc_group_get_edge (group) == edge)
        return group;
    }

  g_assert_not_reached ();
}

static GtkButton *
find_tagged_button (GtkWidget *root, const char *key)
{
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

  collect_widgets (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (buttons->pdata[i]), key) == 0)
      return buttons->pdata[i];

  return NULL;
}

/* seed 000, "Example: Setup Phase", played through the view: Sneaky
 * toward the Orcs, the Scores of the example, Alice and Bob choose that
 * Alice goes first. */
static void
test_seed_example (void)
{
  Fixture f;
  GtkWidget *view;
  TkrCharacter *alice, *bob, *carol, *david;
  TkrKlepNpcGroup *wolves, *goblins, *orcs;
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;
  g_autofree char *alice_up = NULL;
  GtkListBox *preview;
  const char *expected[7];

  memset (&f, 0, sizeof f);
  f.rules = tkr_rules_get_default ();
  f.campaign = tkr_campaign_new (f.rules);
  f.encounter = tkr_campaign_get_klep_encounter (f.campaign);
  f.history = tkr_campaign_get_history (f.campaign);
  alice = fixture_pc (&f, "Alice", 0);
  bob = fixture_pc (&f, "Bob", 0);
  carol = fixture_pc (&f, "Carol", 0);
  david = fixture_pc (&f, "David", 0);
  fixture_add (&f, fixture_library_npc (&f, "Wolf", 2));
  fixture_add (&f, fixture_library_npc (&f, "Goblin", 1));
  fixture_add (&f, fixture_library_npc (&f, "Orc", 0));
  fixture_begin_setup (&f);
  view = show_setup_view (&f);

  wolves = group_with_edge (&f, 2);
  goblins = group_with_edge (&f, 1);
  orcs = group_with_edge (&f, 0);

  while (tkr_klep_setup_get_next_test (get_setup (&f), &pc, &group))
    {
      int score = -1;

      assert_test_title (view, &f);
      if (group == orcs)
        {
          gtk_switch_set_active (child (view, "sneaky_switch"), TRUE);
          fixture_iterate ();
          g_assert_true (tkr_klep_setup_get_sneaky (get_setup (&f), pc, group));
          score = pc == alice ? 10 : pc == bob ? 8 : pc == carol ? 12 : 7;
        }
      else if (group == goblins)
        score = pc == alice ? 3 : pc == bob ? 4 : pc == carol ? 9 : 7;
      else if (group == wolves)
        score = pc == carol ? 10 : 4;
      g_assert_cmpint (score, >=, 0);
      enter_score (view, score);
    }
  g_assert_true (tkr_klep_setup_is_complete (get_setup (&f)));

  /* Alice and Bob are both Low against the Goblins: they choose Alice
   * first, with Alice's "earlier" arrow in the preview. */
  preview = child (view, "preview_list");
  alice_up = g_strdup_printf ("tie-up:%s", tkr_character_get_id (alice));
  {
    TkrKlepNpcGroup *after = NULL;

    g_assert_true (tkr_klep_setup_get_placement (get_setup (&f), alice, &after));
    g_assert_true (after == goblins);
  }
  if (g_strcmp0 (row_title (preview, 4), "Alice") != 0)
    {
      GtkButton *button = find_tagged_button (GTK_WIDGET (preview), alice_up);

      g_assert_nonnull (button);
      click (button);
    }
  assert_preview_matches_core (view, &f);

  expected[0] = "Carol";
  expected[1] = tkr_klep_npc_group_get_name (wolves);
  expected[2] = "David";
  expected[3] = tkr_klep_npc_group_get_name (goblins);
  expected[4] = "Alice";
  expected[5] = "Bob";
  expected[6] = tkr_klep_npc_group_get_name (orcs);
  g_assert_cmpuint (count_rows (preview), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (row_title (preview, i), ==, expected[i]);

  /* And back: Bob before Alice with his own arrow. */
  {
    g_autofree char *bob_up = g_strdup_printf ("tie-up:%s", tkr_character_get_id (bob));

    click (find_tagged_button (GTK_WIDGET (preview), bob_up));
    g_assert_cmpstr (row_title (preview, 4), ==, "Bob");
    g_assert_cmpstr (row_title (preview, 5), ==, "Alice");
  }
  (void) david;

  fixture_clear (&f);
}

static TkrKlepNpcGroup *
group_at (Fixture *f, guint index)
{
  g_autoptr (TkrKlepNpcGroup) group =
    g_list_model_get_item (tkr_klep_setup_get_groups (get_setup (f)), index);

  return group;
}

static guint
n_groups (Fixture *f)
{
  return g_list_model_get_n_items (tkr_klep_setup_get_groups (get_setup (f)));
}

/* A part of the group row at @index, by its template id. */
static gpointer
row_child (GtkListBox *list, guint index, const char *name)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, index);
  GObject *object;

  g_assert_true (TKR_IS_KLEP_GROUP_ROW (row));
  object = gtk_widget_get_template_child (GTK_WIDGET (row), TKR_TYPE_KLEP_GROUP_ROW, name);
  g_assert_nonnull (object);
  return object;
}

/* The check button of member @index in a group row's split popover. */
static GtkCheckButton *
split_check (GtkListBox *list, guint row_index, guint member_index)
{
  GtkListBox *members = row_child (list, row_index, "split_list");
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (members, member_index);

  g_assert_nonnull (row);
  g_assert_true (GTK_IS_CHECK_BUTTON (gtk_list_box_row_get_child (row)));
  return GTK_CHECK_BUTTON (gtk_list_box_row_get_child (row));
}

/* seed 000, "Turn Order": the GM may split, merge and reorder groups. */
static void
test_groups_split_merge_move (void)
{
  Fixture f;
  GtkWidget *view;
  GtkListBox *groups_list;
  TkrKlepNpcGroup *goblins;
  TkrKlepNpcGroup *wolves;

  fixture_init (&f);
  fixture_begin_setup (&f);
  view = show_setup_view (&f);
  groups_list = child (view, "groups_list");

  g_assert_cmpuint (n_groups (&f), ==, 3);
  g_assert_cmpuint (count_rows (groups_list), ==, 3);
  wolves = group_at (&f, 0);
  goblins = group_at (&f, 1);
  g_assert_cmpint (tkr_klep_npc_group_get_edge (wolves), ==, 2);
  g_assert_cmpint (tkr_klep_npc_group_get_edge (goblins), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_npc_group_get_members (goblins)), ==, 2);

  /* The first group cannot move earlier; the last cannot merge. */
  g_assert_false (gtk_widget_get_sensitive (row_child (groups_list, 0, "up_button")));
  g_assert_false (gtk_widget_get_sensitive (row_child (groups_list, 2, "merge_button")));

  /* Split the goblins: the second one, ticked to begin with, gets a group
   * of its own, right after. */
  click (row_child (groups_list, 1, "split_button"));
  g_assert_false (gtk_check_button_get_active (split_check (groups_list, 1, 0)));
  g_assert_true (gtk_check_button_get_active (split_check (groups_list, 1, 1)));
  click (row_child (groups_list, 1, "split_off_button"));
  g_assert_cmpuint (n_groups (&f), ==, 4);
  g_assert_cmpuint (count_rows (groups_list), ==, 4);
  g_assert_true (group_at (&f, 1) == goblins);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_npc_group_get_members (goblins)), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_npc_group_get_members (group_at (&f, 2))),
                    ==, 1);
  assert_preview_matches_core (view, &f);

  /* Merge them back. */
  click (row_child (groups_list, 1, "merge_button"));
  g_assert_cmpuint (n_groups (&f), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_npc_group_get_members (goblins)), ==, 2);

  /* Move the wolves later, then undo. */
  click (row_child (groups_list, 0, "down_button"));
  g_assert_true (group_at (&f, 0) == goblins);
  g_assert_true (group_at (&f, 1) == wolves);
  /* The keyboard stays on the moved group's arrow, on its new row. */
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (view)) ==
                 row_child (groups_list, 1, "down_button"));
  g_assert_cmpstr (row_title (groups_list, 1), ==, tkr_klep_npc_group_get_name (wolves));
  assert_preview_matches_core (view, &f);

  g_assert_true (tkr_history_undo (f.history));
  fixture_iterate ();
  g_assert_true (group_at (&f, 0) == wolves);
  g_assert_cmpstr (row_title (groups_list, 0), ==, tkr_klep_npc_group_get_name (wolves));
  assert_preview_matches_core (view, &f);

  fixture_clear (&f);
}

/* Rule 1 of seed 000, "Turn Order", and help/C/setting-up.page, "Split a
 * group": the GM ticks who moves; exactly those move, the new group has a
 * name of its own, and one undo takes the split back. Ticking nobody or
 * everyone is refused with the core's message. */
static void
test_split_picked_member (void)
{
  Fixture f;
  GtkWidget *view;
  GtkListBox *groups_list;
  TkrKlepNpcGroup *goblins;
  TkrKlepNpcGroup *new_group;
  GListModel *members;
  g_autoptr (TkrCharacter) moved = NULL;
  g_autoptr (TkrCharacter) stayed = NULL;
  GtkLabel *refusal;
  guint steps;

  fixture_init (&f);
  fixture_begin_setup (&f);
  view = show_setup_view (&f);
  groups_list = child (view, "groups_list");
  goblins = group_at (&f, 1);
  steps = tkr_history_get_n_undo (f.history);

  /* Nobody, then everyone: refused, and the popover says why. */
  click (row_child (groups_list, 1, "split_button"));
  gtk_check_button_set_active (split_check (groups_list, 1, 1), FALSE);
  click (row_child (groups_list, 1, "split_off_button"));
  refusal = row_child (groups_list, 1, "split_error");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (refusal)));
  g_assert_cmpstr (gtk_label_get_text (refusal), !=, "");
  gtk_check_button_set_active (split_check (groups_list, 1, 0), TRUE);
  gtk_check_button_set_active (split_check (groups_list, 1, 1), TRUE);
  click (row_child (groups_list, 1, "split_off_button"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (refusal)));
  g_assert_cmpuint (n_groups (&f), ==, 3);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, steps);

  /* The first goblin only, against the default of the second. */
  click (row_child (groups_list, 1, "split_button"));
  gtk_check_button_set_active (split_check (groups_list, 1, 0), TRUE);
  gtk_check_button_set_active (split_check (groups_list, 1, 1), FALSE);
  click (row_child (groups_list, 1, "split_off_button"));
  g_assert_cmpuint (n_groups (&f), ==, 4);
  g_assert_cmpuint (count_rows (groups_list), ==, 4);
  g_assert_cmpuint (tkr_history_get_n_undo (f.history), ==, steps + 1);
  g_assert_true (group_at (&f, 1) == goblins);
  new_group = group_at (&f, 2);
  members = tkr_klep_npc_group_get_members (new_group);
  g_assert_cmpuint (g_list_model_get_n_items (members), ==, 1);
  moved = g_list_model_get_item (members, 0);
  g_assert_true (moved == f.goblin_a);
  members = tkr_klep_npc_group_get_members (goblins);
  g_assert_cmpuint (g_list_model_get_n_items (members), ==, 1);
  stayed = g_list_model_get_item (members, 0);
  g_assert_true (stayed == f.goblin_b);

  /* Two names, each on its row. */
  g_assert_cmpstr (tkr_klep_npc_group_get_name (new_group), !=,
                   tkr_klep_npc_group_get_name (goblins));
  g_assert_cmpstr (row_title (groups_list, 1), ==, tkr_klep_npc_group_get_name (goblins));
  g_assert_cmpstr (row_title (groups_list, 2), ==, tkr_klep_npc_group_get_name (new_group));
  assert_preview_matches_core (view, &f);

  /* One undo: one group again, both goblins in it, its rows back. */
  g_assert_true (tkr_history_undo (f.history));
  fixture_iterate ();
  g_assert_cmpuint (n_groups (&f), ==, 3);
  g_assert_cmpuint (count_rows (groups_list), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_klep_npc_group_get_members (goblins)), ==, 2);
  g_assert_cmpstr (row_title (groups_list, 1), ==, tkr_klep_npc_group_get_name (goblins));
  g_assert_true (gtk_widget_get_sensitive (row_child (groups_list, 2, "up_button")));
  g_assert_false (gtk_widget_get_sensitive (row_child (groups_list, 2, "down_button")));
  assert_preview_matches_core (view, &f);

  fixture_clear (&f);
}

/* Rows are bound to the Setup's models, not rebuilt after each change: a
 * Score keeps every group row and PC row, and the preview rows that show
 * the same thing (issue 10, "no clear-and-rebuild of lists"). */
static void
test_rows_kept_across_changes (void)
{
  Fixture f;
  GtkWidget *view;
  GtkListBox *groups_list;
  GtkListBox *results;
  GtkListBox *preview;
  GtkListBoxRow *group_rows[3];
  GtkListBoxRow *pc_rows[2];
  GtkListBoxRow *first_preview;
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;

  fixture_init (&f);
  fixture_begin_setup (&f);
  view = show_setup_view (&f);
  groups_list = child (view, "groups_list");
  results = child (view, "results_list");
  preview = child (view, "preview_list");
  for (guint i = 0; i < 3; i++)
    group_rows[i] = gtk_list_box_get_row_at_index (groups_list, i);
  for (guint i = 0; i < 2; i++)
    pc_rows[i] = gtk_list_box_get_row_at_index (results, i);
  first_preview = gtk_list_box_get_row_at_index (preview, 0);
  g_assert_nonnull (first_preview);

  /* A High Score against the last group places nobody yet. */
  g_assert_true (tkr_klep_setup_get_next_test (get_setup (&f), &pc, &group));
  enter_score (view, 9);
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_list_box_get_row_at_index (groups_list, i) == group_rows[i]);
  for (guint i = 0; i < 2; i++)
    g_assert_true (gtk_list_box_get_row_at_index (results, i) == pc_rows[i]);
  g_assert_true (gtk_list_box_get_row_at_index (preview, 0) == first_preview);
  assert_preview_matches_core (view, &f);

  /* The PC row shows the Score, and undo takes it back on the same row. */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (pc_rows[0])), "9"));
  g_assert_true (tkr_history_undo (f.history));
  fixture_iterate ();
  g_assert_true (gtk_list_box_get_row_at_index (results, 0) == pc_rows[0]);
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (pc_rows[0])), "9"));

  fixture_clear (&f);
}

/* "Roll" rolls the PC's test with the rules' dice and records it. */
static void
test_roll (void)
{
  Fixture f;
  GtkWidget *view;
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;
  int score;

  fixture_init (&f);
  fixture_begin_setup (&f);
  view = show_setup_view (&f);

  g_assert_true (tkr_klep_setup_get_next_test (get_setup (&f), &pc, &group));
  g_assert_false (tkr_klep_setup_get_score (get_setup (&f), pc, group, &score));
  click (child (view, "roll_button"));
  g_assert_true (tkr_klep_setup_get_score (get_setup (&f), pc, group, &score));
  g_assert_true (gtk_widget_get_visible (child (view, "last_result_label")));

  /* The results list shows that PC's Score. */
  {
    GtkListBox *results = child (view, "results_list");

    g_assert_cmpuint (count_rows (results), ==, 2);
  }

  /* Undo forgets it and the view asks for the same test again. */
  g_assert_true (tkr_history_undo (f.history));
  fixture_iterate ();
  g_assert_false (tkr_klep_setup_get_score (get_setup (&f), pc, group, &score));
  assert_test_title (view, &f);

  fixture_clear (&f);
}

/* Abandoning the Setup goes back to Freeplay. */
static void
test_abandon (void)
{
  Fixture f;
  GtkWidget *view;

  fixture_init (&f);
  fixture_begin_setup (&f);
  view = show_setup_view (&f);
  click (child (view, "abandon_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f.encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_false (gtk_widget_get_sensitive (child (view, "start_button")));

  fixture_clear (&f);
}

/* The "dice-mode" preference picks the suggested button. */
static void
test_dice_mode (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettings) settings = NULL;
  Fixture f;
  GtkWidget *view;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    {
      g_test_skip ("GSettings schema not installed");
      return;
    }
  settings = g_settings_new (APPLICATION_ID);

  fixture_init (&f);
  fixture_begin_setup (&f);
  g_settings_set_string (settings, "dice-mode", "type");
  view = show_setup_view (&f);
  g_assert_true (gtk_widget_has_css_class (child (view, "enter_button"), "suggested-action"));
  g_assert_false (gtk_widget_has_css_class (child (view, "roll_button"), "suggested-action"));

  g_settings_set_string (settings, "dice-mode", "roll");
  fixture_iterate ();
  g_assert_true (gtk_widget_has_css_class (child (view, "roll_button"), "suggested-action"));
  g_assert_false (gtk_widget_has_css_class (child (view, "enter_button"), "suggested-action"));

  g_settings_reset (settings, "dice-mode");
  fixture_clear (&f);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/setup-view/enter-scores-until-complete", test_enter_scores_until_complete);
  g_test_add_func ("/setup-view/seed-example/carol-wolves-david-goblins-alice-bob-orcs",
                   test_seed_example);
  g_test_add_func ("/setup-view/groups/split-merge-move", test_groups_split_merge_move);
  g_test_add_func ("/setup-view/groups/split-picked-member-distinct-name-one-undo",
                   test_split_picked_member);
  g_test_add_func ("/setup-view/rows-kept-across-changes", test_rows_kept_across_changes);
  g_test_add_func ("/setup-view/roll", test_roll);
  g_test_add_func ("/setup-view/abandon", test_abandon);
  g_test_add_func ("/setup-view/dice-mode-preference", test_dice_mode);

  return g_test_run ();
}
