/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Follow mode (help/C/sync.page, "Let the players follow the fight"): the
 * window on a table file waits for the file, shows the round, the turn
 * and the order once it is there, keeps the last good table while a new
 * one arrives in pieces, and offers nothing that edits.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tkr-core.h"
#include "tkr-follow-window.h"
#include "tkr-table-file.h"

static gboolean
spin_until (gboolean (*check) (gpointer), gpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!check (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static gboolean
showing_fight (gpointer data)
{
  GtkStack *stack =
    GTK_STACK (gtk_widget_get_template_child (data, TKR_TYPE_FOLLOW_WINDOW, "stack"));

  return g_strcmp0 (gtk_stack_get_visible_child_name (stack), "fight") == 0;
}

static gboolean
waiting_shown (gpointer data)
{
  return gtk_revealer_get_reveal_child (GTK_REVEALER (
    gtk_widget_get_template_child (data, TKR_TYPE_FOLLOW_WINDOW, "waiting_revealer")));
}

static gboolean
waiting_hidden (gpointer data)
{
  return !waiting_shown (data);
}

static void
save (GFile *file, GBytes *bytes)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_file_save (file, bytes, NULL, &error));
  g_assert_no_error (error);
}

static void
test_follow_window (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tkr-follow-XXXXXX", &error);
  g_autoptr (GFile) file = g_file_new_build_filename (folder, "Table.tktable", NULL);
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
  g_autoptr (GBytes) whole = NULL;
  g_autoptr (GBytes) half = NULL;
  g_autofree char *round_text = NULL;
  GtkWidget *window;
  GtkWidget *button;

  tkr_table_follower_set_settle_time (30);
  g_assert_nonnull (
    tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, "Kim"), &error));
  g_assert_nonnull (
    tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_npc (campaign, "Goblin"), &error));
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);

  /* No file yet: the window waits and says so. */
  window = GTK_WIDGET (tkr_follow_window_new (NULL, file));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (waiting_shown (window));
  g_assert_false (showing_fight (window));

  /* The GM publishes: the round, the turn and the order show. */
  whole = tkr_table_file_to_bytes (encounter, "word");
  save (file, whole);
  g_assert_true (spin_until (showing_fight, window));
  g_assert_true (spin_until (waiting_hidden, window));
  g_assert_cmpstr (tkr_follow_window_get_round_text (TKR_FOLLOW_WINDOW (window)), ==, "Round 1");
  g_assert_nonnull (
    strstr (tkr_follow_window_get_turn_text (TKR_FOLLOW_WINDOW (window)), "’s turn"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_table_follower_get_entries (
                      tkr_follow_window_get_follower (TKR_FOLLOW_WINDOW (window)))),
                    ==, 2);

  /* A table arriving in pieces: the last good one stays, waiting. */
  round_text = g_strdup (tkr_follow_window_get_round_text (TKR_FOLLOW_WINDOW (window)));
  half = g_bytes_new_from_bytes (whole, 0, g_bytes_get_size (whole) / 2);
  save (file, half);
  g_assert_true (spin_until (waiting_shown, window));
  g_assert_true (showing_fight (window));
  g_assert_cmpstr (tkr_follow_window_get_round_text (TKR_FOLLOW_WINDOW (window)), ==, round_text);
  save (file, whole);
  g_assert_true (spin_until (waiting_hidden, window));

  /* The one button opens the player's own sheet; it has a name. */
  button =
    GTK_WIDGET (gtk_widget_get_template_child (window, TKR_TYPE_FOLLOW_WINDOW, "sheet_button"));
  g_assert_nonnull (gtk_button_get_label (GTK_BUTTON (button)));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==,
                   "follow.open-sheet");

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_remove (g_file_peek_path (file));
  g_rmdir (folder);
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
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/follow-window/waits-follows-keeps-last-good", test_follow_window);
  return g_test_run ();
}
