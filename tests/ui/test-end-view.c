/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <string.h>

#include "encounter-fixture.h"
#include "tkr-klep-award-dialog.h"
#include "tkr-klep-end-view.h"

typedef struct
{
  Fixture f;
  GtkWidget *view;
} EndFixture;

static void
end_setup (EndFixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  fixture_init (&fixture->f);
  fixture_begin_main (&fixture->f);
  g_assert_true (tkr_encounter_end (TKR_ENCOUNTER (fixture->f.encounter), &error));
  g_assert_no_error (error);
  fixture->view = tkr_klep_end_view_new ();
  tkr_klep_end_view_set_campaign (TKR_KLEP_END_VIEW (fixture->view), fixture->f.campaign);
  fixture_show (&fixture->f, fixture->view, 800, 800);
}

static void
end_teardown (EndFixture *fixture, gconstpointer data)
{
  AdwMessageDialog *dialog;

  while ((dialog = find_message_dialog ()) != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
  fixture_clear (&fixture->f);
}

static gpointer
child (EndFixture *fixture, const char *name)
{
  GObject *object = gtk_widget_get_template_child (fixture->view, TKR_TYPE_KLEP_END_VIEW, name);

  g_assert_nonnull (object);
  return object;
}

static GtkWidget *
row_for (EndFixture *fixture, TkrCharacter *character)
{
  GtkListBox *list = child (fixture, "pcs_list");
  GtkListBoxRow *row;

  for (guint i = 0; (row = gtk_list_box_get_row_at_index (list, i)) != NULL; i++)
    if (g_object_get_data (G_OBJECT (row), "tkr-character") == character)
      return GTK_WIDGET (row);

  return NULL;
}

static const char *
row_subtitle (EndFixture *fixture, TkrCharacter *character)
{
  GtkWidget *row = row_for (fixture, character);

  g_assert_nonnull (row);
  return gtk_label_get_text (g_object_get_data (G_OBJECT (row), "tkr-subtitle"));
}

/* Only the PCs are listed; NPCs get no Experience. */
static void
test_lists_pcs (EndFixture *fixture, gconstpointer data)
{
  GtkListBox *list = child (fixture, "pcs_list");

  g_assert_nonnull (row_for (fixture, fixture->f.alice));
  g_assert_nonnull (row_for (fixture, fixture->f.bob));
  g_assert_null (row_for (fixture, fixture->f.wolf));
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 1));
  g_assert_null (gtk_list_box_get_row_at_index (list, 2));
}

/* seed 000, "Encounter End Phase": the GM awards XP, with a reason,
 * through TkrKlepAwardDialog; undo takes it back and the row follows. */
static void
test_award_through_dialog (EndFixture *fixture, gconstpointer data)
{
  TkrCharacter *alice = fixture->f.alice;
  int xp = tkr_character_get_experience (alice);
  TkrKlepAwardDialog *dialog;
  g_autofree char *expected = NULL;

  /* The row's button opens the dialog. */
  click (g_object_get_data (G_OBJECT (row_for (fixture, alice)), "tkr-award"));
  g_assert_true (fixture_wait_until (dialog_is_shown, NULL));
  dialog = TKR_KLEP_AWARD_DIALOG (find_message_dialog ());
  g_assert_true (tkr_klep_award_dialog_get_character (dialog) == alice);
  g_assert_cmpint (tkr_klep_award_dialog_get_xp (dialog), ==, 1);

  /* The rule data allows 1 or 2; 3 is not offered. */
  g_assert_false (tkr_klep_award_dialog_set_xp (dialog, 3));
  g_assert_true (tkr_klep_award_dialog_set_xp (dialog, 2));
  tkr_klep_award_dialog_set_reason (dialog, "Freed the prisoners as well");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "award");
  gtk_window_destroy (GTK_WINDOW (dialog));
  fixture_iterate ();

  g_assert_cmpint (tkr_character_get_experience (alice), ==, xp + 2);
  expected = g_strdup_printf ("%d XP", xp + 2);
  g_assert_nonnull (strstr (row_subtitle (fixture, alice), expected));

  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_cmpint (tkr_character_get_experience (alice), ==, xp);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("%d XP", xp);
  g_assert_nonnull (strstr (row_subtitle (fixture, alice), expected));

  /* Cancel awards nothing. */
  dialog = tkr_klep_end_view_award (TKR_KLEP_END_VIEW (fixture->view), alice);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  fixture_iterate ();
  g_assert_cmpint (tkr_character_get_experience (alice), ==, xp);
}

/* SRD: a Level Up every xp_per_level XP; the badge says when. */
static void
test_level_up_badge (EndFixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *bob = fixture->f.bob;
  GtkWidget *badge = g_object_get_data (G_OBJECT (row_for (fixture, bob)), "tkr-badge");

  g_assert_false (gtk_widget_get_visible (badge));
  g_assert_true (tkr_character_set_experience (
    bob, fixture->f.history, tkr_rules_get_xp_per_level (fixture->f.rules), &error));
  g_assert_no_error (error);
  fixture_iterate ();
  g_assert_cmpint (tkr_character_get_level_ups_available (bob, fixture->f.rules), >, 0);
  g_assert_true (gtk_widget_get_visible (badge));

  g_assert_true (tkr_history_undo (fixture->f.history));
  fixture_iterate ();
  g_assert_false (gtk_widget_get_visible (badge));
}

/* Rest after the encounter (seed, "Encounter End Phase"): through the
 * core with the rule data's "rest". */
static void
test_rest (EndFixture *fixture, gconstpointer data)
{
  TkrCharacter *alice = fixture->f.alice;
  TkrPool *health = tkr_character_get_pool (alice, TKR_POOL_HEALTH);
  TkrPool *recoveries = tkr_character_get_pool (alice, TKR_POOL_RECOVERIES);
  GtkWidget *error_label = child (fixture, "error_label");
  int hurt;
  int recoveries_before = tkr_pool_get_current (recoveries);

  tkr_character_adjust_pool (alice, fixture->f.history, TKR_POOL_HEALTH, -5);
  hurt = tkr_pool_get_current (health);
  g_assert_cmpint (hurt, <, tkr_pool_get_maximum (health));

  click (g_object_get_data (G_OBJECT (row_for (fixture, alice)), "tkr-rest"));
  if (tkr_rules_get_rest_spends_recovery (fixture->f.rules) && recoveries_before > 0)
    {
      g_assert_cmpint (tkr_pool_get_current (recoveries), ==, recoveries_before - 1);
      g_assert_cmpint (tkr_pool_get_current (health), >, hurt);
      g_assert_false (gtk_widget_get_visible (error_label));
    }

  /* Rest until no Recovery is left: the core refuses, the view says why. */
  for (int i = 0; i < 20 && tkr_pool_get_current (recoveries) > 0; i++)
    {
      tkr_character_adjust_pool (alice, fixture->f.history, TKR_POOL_HEALTH, -5);
      click (g_object_get_data (G_OBJECT (row_for (fixture, alice)), "tkr-rest"));
    }
  tkr_character_adjust_pool (alice, fixture->f.history, TKR_POOL_HEALTH, -5);
  click (g_object_get_data (G_OBJECT (row_for (fixture, alice)), "tkr-rest"));
  if (tkr_rules_get_rest_spends_recovery (fixture->f.rules))
    {
      g_assert_true (gtk_widget_get_visible (error_label));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error_label)), !=, "");
    }
}

static void
test_back_to_freeplay (EndFixture *fixture, gconstpointer data)
{
  click (child (fixture, "finish_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->f.encounter)), ==,
                   TKR_PHASE_FREEPLAY);
}

/* SRD, end of an Episode: pools back to their maximum, after a
 * confirmation. */
static void
test_end_episode (EndFixture *fixture, gconstpointer data)
{
  TkrPool *health = tkr_character_get_pool (fixture->f.bob, TKR_POOL_HEALTH);
  AdwMessageDialog *dialog;

  tkr_character_adjust_pool (fixture->f.bob, fixture->f.history, TKR_POOL_HEALTH, -3);
  g_assert_cmpint (tkr_pool_get_current (health), <, tkr_pool_get_maximum (health));

  click (child (fixture, "end_episode_button"));
  g_assert_true (fixture_wait_until (dialog_is_shown, NULL));
  dialog = find_message_dialog ();

  /* Nothing before the confirmation. */
  g_assert_cmpint (tkr_pool_get_current (health), <, tkr_pool_get_maximum (health));
  adw_message_dialog_response (dialog, "end");
  gtk_window_destroy (GTK_WINDOW (dialog));
  fixture_iterate ();
  g_assert_cmpint (tkr_pool_get_current (health), ==, tkr_pool_get_maximum (health));
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, EndFixture, NULL, end_setup, func, end_teardown)
  ADD ("/end-view/lists-pcs", test_lists_pcs);
  ADD ("/end-view/seed-end/award-xp-through-dialog", test_award_through_dialog);
  ADD ("/end-view/level-up-badge", test_level_up_badge);
  ADD ("/end-view/seed-end/rest", test_rest);
  ADD ("/end-view/back-to-freeplay", test_back_to_freeplay);
  ADD ("/end-view/end-episode", test_end_episode);
#undef ADD

  return g_test_run ();
}
