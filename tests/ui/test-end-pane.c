/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-end-pane.h"
#include "tkr-test-widgets.h"

/*
 * The End pane (help/C/pause-and-end.page), the same in each of the four
 * rule systems: every PC who took part is ticked, one click awards them
 * all the same amount in one undoable step, and a Level Up button shows on
 * a character's row as soon as it can level up, and levels it up there.
 */

#define N_PCS 3

typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  TkrHistory *history;
  TkrCharacter *pcs[N_PCS];
  GtkWidget *window;
  GtkWidget *pane;
} EndFixture;

static void
fixture_setup (EndFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (data, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->history = tkr_campaign_get_history (f->campaign);
  for (int i = 0; i < N_PCS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);

      f->pcs[i] = tkr_campaign_add_pc (f->campaign, name);
      g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, f->pcs[i], &error));
    }
  g_assert_nonnull (tkr_campaign_add_to_encounter (
    f->campaign, tkr_campaign_add_npc (f->campaign, "Bandit"), &error));
  f->encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  g_assert_true (tkr_encounter_end (f->encounter, &error));
  g_assert_no_error (error);

  f->window = gtk_window_new ();
  f->pane = tkr_end_pane_new ();
  tkr_end_pane_set_encounter (TKR_END_PANE (f->pane), f->encounter);
  gtk_window_set_child (GTK_WINDOW (f->window), f->pane);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_teardown (EndFixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->campaign);
}

static GtkWidget *
child (EndFixture *f, const char *id)
{
  return tkr_test_template_child (f->pane, TKR_TYPE_END_PANE, id);
}

static gboolean
is_level_up_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_visible (widget) &&
         gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW) != NULL;
}

static gboolean
is_entry (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_ENTRY (widget);
}

static gboolean
is_plain_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && !GTK_IS_CHECK_BUTTON (widget);
}

static gboolean
is_check (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_CHECK_BUTTON (widget);
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

/* The whole party in one step, then Level Up on the row. */
static void
test_award_party_and_level_up (EndFixture *f, gconstpointer data)
{
  GtkListBox *list = GTK_LIST_BOX (child (f, "party_list"));
  GtkSpinButton *amount = GTK_SPIN_BUTTON (child (f, "amount_spin"));
  TkrRules *rules = tkr_encounter_get_rules (f->encounter);
  int before[N_PCS];
  int award;
  guint steps;
  GtkWidget *level_up;
  GtkPopover *popover;
  GtkWidget *confirm;

  /* Every PC who took part has a row, ticked; the NPC has none. */
  for (int i = 0; i < N_PCS; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);

      g_assert_nonnull (row);
      before[i] = tkr_character_get_experience (f->pcs[i]);
    }
  g_assert_null (gtk_list_box_get_row_at_index (list, N_PCS));
  g_assert_null (tkr_test_find (f->pane, is_level_up_button, NULL));

  award = gtk_spin_button_get_value_as_int (amount);
  g_assert_true (tkr_rules_is_valid_award (rules, award));
  /* It starts at the system's usual award: Pathfinder 2e's moderate
   * encounter, the first listed amount elsewhere. */
  g_assert_cmpint (award, ==, tkr_rules_get_usual_award (rules));
  if (g_str_equal (data, "pf2e"))
    g_assert_cmpint (award, ==, 80);
  steps = tkr_history_get_n_undo (f->history);
  g_signal_emit_by_name (child (f, "award_button"), "clicked");
  for (int i = 0; i < N_PCS; i++)
    g_assert_cmpint (tkr_character_get_experience (f->pcs[i]), ==, before[i] + award);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  /* The pane's log shows the encounter's, the award at its end. */
  {
    GListModel *shown =
      G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (child (f, "log_view"))));
    GListModel *log = tkr_encounter_get_log (f->encounter);
    guint n = g_list_model_get_n_items (log);
    g_autoptr (TkrLogEntry) last = g_list_model_get_item (shown, n - 1);

    g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n);
    g_assert_cmpstr (tkr_log_entry_get_kind (last), ==, "xp-award");
  }
  g_assert_true (tkr_history_undo (f->history));
  for (int i = 0; i < N_PCS; i++)
    g_assert_cmpint (tkr_character_get_experience (f->pcs[i]), ==, before[i]);
  g_assert_true (tkr_history_redo (f->history));

  /* Enough XP for a level: the button shows on that row and works. */
  tkr_history_begin (f->history, "test");
  tkr_history_set (f->history, f->pcs[0], "experience",
                   tkr_character_get_level (f->pcs[0]) * tkr_rules_get_xp_per_level (rules));
  tkr_history_end (f->history);
  level_up = tkr_test_find (f->pane, is_level_up_button, NULL);
  g_assert_nonnull (level_up);
  gtk_menu_button_popup (GTK_MENU_BUTTON (level_up));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (level_up));
  tkr_test_wait_until (is_mapped, popover);
  gtk_editable_set_text (GTK_EDITABLE (tkr_test_find (GTK_WIDGET (popover), is_entry, NULL)),
                         "Rogue");
  confirm = tkr_test_find (GTK_WIDGET (popover), is_plain_button, NULL);
  {
    int level = tkr_character_get_level (f->pcs[0]);

    g_signal_emit_by_name (confirm, "clicked");
    g_assert_cmpint (tkr_character_get_level (f->pcs[0]), ==, level + 1);
  }
  g_assert_null (tkr_test_find (f->pane, is_level_up_button, NULL));
}

/* Unticked characters earn nothing; with nobody ticked the button is off. */
static void
test_untick (EndFixture *f, gconstpointer data)
{
  GtkListBox *list = GTK_LIST_BOX (child (f, "party_list"));
  GtkWidget *award_button = child (f, "award_button");
  int before = tkr_character_get_experience (f->pcs[1]);

  for (int i = 0; i < N_PCS; i++)
    {
      GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, i));
      GtkWidget *check = tkr_test_find (row, is_check, NULL);

      if (i != 0)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
    }
  g_signal_emit_by_name (award_button, "clicked");
  g_assert_cmpint (tkr_character_get_experience (f->pcs[1]), ==, before);
  g_assert_cmpint (tkr_character_get_experience (f->pcs[0]), >, 0);

  gtk_check_button_set_active (
    GTK_CHECK_BUTTON (
      tkr_test_find (GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0)), is_check, NULL)),
    FALSE);
  g_assert_false (gtk_widget_get_sensitive (award_button));
}

/* Between fights (help/C/pause-and-end.page): from the End pane the GM
 * chooses that the NPCs keep their wounds (no reset at the next Setup) or
 * start fresh now; each is one logged step. */
static void
test_between_fights (EndFixture *f, gconstpointer data)
{
  GListModel *log = tkr_encounter_get_log (f->encounter);
  GtkWidget *group = child (f, "next_fight_group");
  guint n_log = g_list_model_get_n_items (log);
  guint steps;

  g_assert_false (gtk_widget_get_visible (group));
  tkr_end_pane_set_campaign (TKR_END_PANE (f->pane), f->campaign);
  g_assert_true (gtk_widget_get_visible (group));
  g_assert_true (tkr_campaign_awaits_between_fights (f->campaign));

  steps = tkr_history_get_n_undo (f->history);
  g_signal_emit_by_name (child (f, "keep_button"), "clicked");
  g_assert_false (tkr_campaign_awaits_between_fights (f->campaign));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log + 1);
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (tkr_campaign_awaits_between_fights (f->campaign));

  g_signal_emit_by_name (child (f, "fresh_button"), "clicked");
  g_assert_false (tkr_campaign_awaits_between_fights (f->campaign));
}

static gboolean
dialog_is_shown (gpointer data)
{
  GtkWidget **dialog = data;

  return *dialog != NULL && gtk_widget_get_mapped (*dialog);
}

/* A Rest after the encounter (help/C/pause-and-end.page) is the system's
 * own, through the core: one undoable step; where a Rest spends a
 * Recovery, it heals and spends one, and with none left the core refuses
 * and the pane says why. */
static void
test_rest (EndFixture *f, gconstpointer data)
{
  TkrCharacter *hero = f->pcs[0];
  TkrRules *rules = tkr_encounter_get_rules (f->encounter);
  TkrPool *health = tkr_character_get_pool (hero, TKR_POOL_HEALTH);
  TkrPool *recoveries = tkr_character_get_pool (hero, TKR_POOL_RECOVERIES);
  GtkListBox *list = GTK_LIST_BOX (child (f, "party_list"));
  GtkWidget *rest =
    tkr_test_find_named (GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0)), "rest-button");
  GtkWidget *error_label = child (f, "error_label");
  int recoveries_before = tkr_pool_get_current (recoveries);
  guint steps;
  int hurt;

  g_assert_nonnull (rest);
  /* A system without a Rest (tkr_quick_supports()) offers none. */
  g_assert_cmpint (gtk_widget_get_visible (rest), ==,
                   tkr_quick_supports (f->encounter, TKR_QUICK_REST));
  if (!gtk_widget_get_visible (rest))
    return;
  tkr_character_adjust_pool (hero, f->history, TKR_POOL_HEALTH, -5);
  /* Where a Rest sets the Shield back up, a spent Shield shows it. */
  if (tkr_rules_get_rest_resets_shield (rules))
    g_object_set (tkr_character_get_pool (hero, TKR_POOL_SHIELD), "maximum", 3, "current", 1, NULL);
  hurt = tkr_pool_get_current (health);
  steps = tkr_history_get_n_undo (f->history);
  g_signal_emit_by_name (rest, "clicked");
  g_assert_false (gtk_widget_get_visible (error_label));
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, steps + 1);
  if (tkr_rules_get_rest_resets_shield (rules))
    g_assert_cmpint (tkr_pool_get_current (tkr_character_get_pool (hero, TKR_POOL_SHIELD)), ==, 3);
  if (tkr_rules_get_rest_spends_recovery (rules) && recoveries_before > 0)
    {
      g_assert_cmpint (tkr_pool_get_current (recoveries), ==, recoveries_before - 1);
      g_assert_cmpint (tkr_pool_get_current (health), >, hurt);
    }

  for (int i = 0; i < 20 && tkr_pool_get_current (recoveries) > 0; i++)
    {
      tkr_character_adjust_pool (hero, f->history, TKR_POOL_HEALTH, -5);
      g_signal_emit_by_name (rest, "clicked");
    }
  tkr_character_adjust_pool (hero, f->history, TKR_POOL_HEALTH, -5);
  g_signal_emit_by_name (rest, "clicked");
  if (tkr_rules_get_rest_spends_recovery (rules))
    {
      g_assert_true (gtk_widget_get_visible (error_label));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error_label)), !=, "");
    }
}

/* The End leads back to Freeplay from the pane itself. */
static void
test_back_to_freeplay (EndFixture *f, gconstpointer data)
{
  g_signal_emit_by_name (child (f, "finish_button"), "clicked");
  g_assert_cmpint (tkr_encounter_get_phase (f->encounter), ==, TKR_PHASE_FREEPLAY);
}

/* The end of an Episode (help/C/pause-and-end.page): pools back to their
 * maximum for the whole party, only after a confirmation. */
static void
test_end_episode (EndFixture *f, gconstpointer data)
{
  TkrPool *health = tkr_character_get_pool (f->pcs[1], TKR_POOL_HEALTH);
  GtkWidget *dialog = NULL;

  g_assert_false (gtk_widget_get_visible (child (f, "end_episode_button")));
  tkr_end_pane_set_campaign (TKR_END_PANE (f->pane), f->campaign);
  g_assert_true (gtk_widget_get_visible (child (f, "end_episode_button")));
  tkr_character_adjust_pool (f->pcs[1], f->history, TKR_POOL_HEALTH, -3);
  g_assert_cmpint (tkr_pool_get_current (health), <, tkr_pool_get_maximum (health));

  dialog = tkr_end_pane_end_episode (TKR_END_PANE (f->pane));
  g_assert_true (tkr_test_wait_until (dialog_is_shown, &dialog));
  /* Nothing before the confirmation. */
  g_assert_cmpint (tkr_pool_get_current (health), <, tkr_pool_get_maximum (health));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "end");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpint (tkr_pool_get_current (health), ==, tkr_pool_get_maximum (health));
}

int
main (int argc, char *argv[])
{
  const char *const *systems;

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);
  systems = tkr_tracker_get_rule_systems ();
#define ADD_FOR(system, name, func)                                                                \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_autofree char *path = g_strdup_printf ("/end-pane/%s/%s", system, name);                     \
    g_test_add (path, EndFixture, system, fixture_setup, func, fixture_teardown);                  \
  }                                                                                                \
  G_STMT_END
  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autofree char *award = g_strdup_printf ("/end-pane/%s/award-party-level-up", systems[i]);
      g_autofree char *untick = g_strdup_printf ("/end-pane/%s/untick", systems[i]);
      g_autofree char *between =
        g_strdup_printf ("/end-pane/%s/between-fights-keep-or-fresh", systems[i]);

      g_test_add (award, EndFixture, systems[i], fixture_setup, test_award_party_and_level_up,
                  fixture_teardown);
      g_test_add (untick, EndFixture, systems[i], fixture_setup, test_untick, fixture_teardown);
      g_test_add (between, EndFixture, systems[i], fixture_setup, test_between_fights,
                  fixture_teardown);
      ADD_FOR (systems[i], "rest", test_rest);
      ADD_FOR (systems[i], "back-to-freeplay", test_back_to_freeplay);
      ADD_FOR (systems[i], "end-episode", test_end_episode);
    }
  return g_test_run ();
}
