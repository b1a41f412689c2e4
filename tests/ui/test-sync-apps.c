/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Issue 12, "Beyond one laptop" (help/C/sync.page): two instances of the
 * app, in two processes, share one folder standing in for the synced one.
 * This process is the GM's Turnkeeper with a campaign whose party member
 * Kim is linked to Kim.tkcharacter; it starts itself again with --player
 * as the player's Turnkeeper, which has Kim.tkcharacter open and follows
 * the table file. The player's instance answers questions on its standard
 * input ("xp", "table", "set-xp N", "quit") one line each.
 *
 * It checks that a sheet change travels each way, that the table file is
 * followed live, and that a change made on both sides at once is a
 * conflict shown with both versions and resolved without losing either.
 * Nothing sleeps for a fixed time: each step spins the main loop until
 * the state it waits for holds, within a generous deadline.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tkr-application.h"
#include "tkr-core.h"
#include "tkr-follow-window.h"
#include "tkr-sheet-link.h"
#include "tkr-sync-session.h"
#include "tkr-window.h"

#define DEADLINE_S 60

/* The player's instance */

static TkrDocument *
player_document (GApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      TkrDocument *document = TKR_IS_WINDOW (l->data) ? tkr_window_get_document (l->data) : NULL;

      if (document != NULL && tkr_document_get_kind (document) == TKR_DOCUMENT_KIND_CHARACTER &&
          tkr_document_get_file (document) != NULL)
        return document;
    }
  return NULL;
}

static TkrFollowWindow *
player_table (GApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (TKR_IS_FOLLOW_WINDOW (l->data))
      return l->data;
  return NULL;
}

typedef struct
{
  GApplication *app;
  gboolean quit;
} Player;

static void
answer (Player *player, const char *line)
{
  TkrDocument *document = player_document (player->app);
  TkrCharacter *kim = document != NULL ? tkr_document_get_character (document) : NULL;

  if (g_str_equal (line, "quit"))
    player->quit = TRUE;
  else if (g_str_equal (line, "xp"))
    g_print ("%d\n", kim != NULL ? tkr_character_get_experience (kim) : -1);
  else if (g_str_has_prefix (line, "set-xp ") && kim != NULL)
    {
      /* The player's own edit, saved by the document's autosave. */
      tkr_document_set_autosave_delay_ms (document, 50);
      g_assert_true (tkr_character_set_experience (
        kim, tkr_campaign_get_history (tkr_document_get_campaign (document)), atoi (line + 7),
        NULL));
      g_print ("ok\n");
    }
  else if (g_str_has_prefix (line, "hold ") && kim != NULL)
    {
      /* An edit left unsaved for now. */
      tkr_document_set_autosave_delay_ms (document, 600000);
      g_assert_true (tkr_character_set_experience (
        kim, tkr_campaign_get_history (tkr_document_get_campaign (document)), atoi (line + 5),
        NULL));
      g_print ("ok\n");
    }
  else if (g_str_equal (line, "dialog") || g_str_has_prefix (line, "choose "))
    {
      AdwMessageDialog *dialog = NULL;

      g_autoptr (GList) toplevels = gtk_window_list_toplevels ();

      for (GList *l = toplevels; l != NULL; l = l->next)
        if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
          dialog = l->data;
      if (dialog == NULL)
        g_print ("none\n");
      else if (g_str_equal (line, "dialog"))
        {
          g_autofree char *body = g_strdup (adw_message_dialog_get_body (dialog));
          g_print ("%s\n", g_strdelimit (body, "\n", '|'));
        }
      else
        {
          adw_message_dialog_response (dialog, line + 7);
          g_print ("ok\n");
        }
    }
  else if (g_str_equal (line, "table"))
    {
      TkrFollowWindow *table = player_table (player->app);

      if (table == NULL)
        g_print ("none\n");
      else
        g_print ("%s|%s\n", tkr_follow_window_get_round_text (table),
                 tkr_follow_window_get_turn_text (table));
    }
  else
    g_print ("?\n");
}

static gboolean
command_cb (GIOChannel *channel, GIOCondition condition, gpointer data)
{
  Player *player = data;
  g_autofree char *line = NULL;
  gsize end;

  if (g_io_channel_read_line (channel, &line, NULL, &end, NULL) != G_IO_STATUS_NORMAL)
    {
      player->quit = TRUE;
      return G_SOURCE_REMOVE;
    }
  line[end] = '\0';
  answer (player, line);
  return player->quit ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

static int
run_player (const char *folder)
{
  g_autoptr (TkrApplication) app = NULL;
  g_autoptr (GError) error = NULL;
  GIOChannel *channel;
  GFile *files[2];
  Player player = { 0 };

  if (!gtk_init_check ())
    return 1;
  adw_init ();
  setvbuf (stdout, NULL, _IOLBF, 0);
  g_set_prgname ("turnkeeper");
  g_setenv ("TKR_NON_UNIQUE", "1", TRUE);
  app = tkr_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  files[0] = g_file_new_build_filename (folder, "Kim.tkcharacter", NULL);
  files[1] = g_file_new_build_filename (folder, "Table.tktable", NULL);
  g_application_open (G_APPLICATION (app), files, 2, "");
  g_object_unref (files[0]);
  g_object_unref (files[1]);

  player.app = G_APPLICATION (app);
  channel = g_io_channel_unix_new (0);
  g_io_add_watch (channel, G_IO_IN | G_IO_HUP | G_IO_ERR, command_cb, &player);
  while (!player.quit)
    g_main_context_iteration (NULL, TRUE);
  g_io_channel_unref (channel);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}

/* The GM's instance */

typedef struct
{
  char *folder;
  GFile *campaign_file;
  GFile *sheet_file;
  GFile *table_file;
  TkrApplication *app;
  TkrWindow *window;
  GSubprocess *player;
  GDataInputStream *replies;
  GOutputStream *commands;
} Table;

static int
file_xp (GFile *file)
{
  g_autoptr (GBytes) bytes = tkr_file_load (file, NULL, NULL);
  g_autoptr (TkrCharacter) character = bytes ? tkr_character_new_from_bytes (bytes, NULL) : NULL;

  return character != NULL ? tkr_character_get_experience (character) : -1;
}

static void
spin_until (gboolean (*check) (Table *), Table *t, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + DEADLINE_S * G_USEC_PER_SEC;

  while (!check (t))
    {
      if (g_get_monotonic_time () > deadline)
        {
          TkrSyncSession *session =
            t->window != NULL ? tkr_sync_session_get_for_window (GTK_WINDOW (t->window)) : NULL;
          g_autoptr (TkrSheetSync) sheet =
            session != NULL ? g_list_model_get_item (tkr_sync_session_get_sheets (session), 0)
                            : NULL;

          g_test_message ("the sheet file's XP: %d; the link's state: %d (%s)",
                          file_xp (t->sheet_file),
                          sheet ? (int) tkr_sheet_sync_get_state (sheet) : -1,
                          sheet ? tkr_sheet_sync_get_message (sheet) : "");
          g_error ("timed out waiting for %s", what);
        }
      /* Never blocks for long: the player's replies come on a pipe. */
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static char *
ask (Table *t, const char *command)
{
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  g_autoptr (GError) error = NULL;
  char *reply;

  g_assert_true (g_output_stream_write_all (t->commands, line, strlen (line), NULL, NULL, &error));
  g_assert_no_error (error);
  reply = g_data_input_stream_read_line (t->replies, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reply);
  return reply;
}

static int
player_xp (Table *t)
{
  g_autofree char *reply = ask (t, "xp");
  return atoi (reply);
}

static TkrCampaign *
gm_campaign (Table *t)
{
  return tkr_document_get_campaign (tkr_window_get_document (t->window));
}

static TkrCharacter *
gm_kim (Table *t)
{
  g_autoptr (TkrCharacter) kim =
    g_list_model_get_item (tkr_campaign_get_party (gm_campaign (t)), 0);
  return kim;
}

/* The folder as a player and a GM set it up: the player's sheet, and
 * the GM's Pathfinder 2e campaign with Kim linked to it, a fight on. */
static void
write_folder (Table *t)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("pf2e", &error);
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (rules);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (GFile) folder = g_file_new_for_path (t->folder);
  g_autoptr (GBytes) sheet = NULL;
  g_autoptr (GBytes) bytes = NULL;
  TkrEncounter *encounter = tkr_campaign_get_encounter (campaign);
  TkrCharacter *kim = tkr_campaign_add_pc (campaign, "Kim");
  TkrCharacter *goblin = tkr_campaign_add_npc (campaign, "Goblin");

  sheet = tkr_character_to_bytes (kim);
  g_assert_true (tkr_file_save (t->sheet_file, sheet, NULL, &error));
  g_assert_true (tkr_campaign_link_sheet (campaign, kim, t->sheet_file, folder, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, kim, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (campaign, goblin, &error));
  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);
  bytes = tkr_campaign_to_bytes (campaign);
  g_assert_true (tkr_file_save (t->campaign_file, bytes, NULL, &error));
  g_assert_no_error (error);
}

static gboolean
gm_window_ready (Table *t)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (t->app)); l != NULL; l = l->next)
    {
      TkrDocument *document = TKR_IS_WINDOW (l->data) ? tkr_window_get_document (l->data) : NULL;
      GFile *file = document != NULL ? tkr_document_get_file (document) : NULL;
      TkrSyncSession *session;

      if (file == NULL || !g_file_equal (file, t->campaign_file))
        continue;
      session = tkr_sync_session_get_for_window (l->data);
      if (session == NULL || g_list_model_get_n_items (tkr_sync_session_get_sheets (session)) != 1)
        continue;
      t->window = l->data;
      return TRUE;
    }
  return FALSE;
}

static gboolean
player_ready (Table *t)
{
  return player_xp (t) == 0;
}

static void
table_setup (Table *t)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);

  t->folder = g_dir_make_tmp ("tkr-shared-XXXXXX", &error);
  g_assert_no_error (error);
  t->campaign_file = g_file_new_build_filename (t->folder, "Game.tkcampaign", NULL);
  t->sheet_file = g_file_new_build_filename (t->folder, "Kim.tkcharacter", NULL);
  t->table_file = g_file_new_build_filename (t->folder, "Table.tktable", NULL);
  write_folder (t);

  g_setenv ("TKR_NON_UNIQUE", "1", TRUE);
  t->app = tkr_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (t->app), NULL, &error));
  g_assert_no_error (error);
  g_application_open (G_APPLICATION (t->app), &t->campaign_file, 1, "");
  spin_until (gm_window_ready, t, "the GM's window with its linked sheet");

  launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  t->player =
    g_subprocess_launcher_spawn (launcher, &error, self_path, "--player", t->folder, NULL);
  g_assert_no_error (error);
  t->commands = g_subprocess_get_stdin_pipe (t->player);
  t->replies = g_data_input_stream_new (g_subprocess_get_stdout_pipe (t->player));
  spin_until (player_ready, t, "the player's sheet");
}

static void
table_teardown (Table *t)
{
  g_autofree char *bye = g_strdup ("quit\n");
  g_autoptr (GDir) dir = NULL;
  const char *name;

  g_output_stream_write_all (t->commands, bye, strlen (bye), NULL, NULL, NULL);
  g_output_stream_close (t->commands, NULL, NULL);
  g_subprocess_wait (t->player, NULL, NULL);
  g_clear_object (&t->replies);
  g_clear_object (&t->player);
  g_action_group_activate_action (G_ACTION_GROUP (t->app), "quit", NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&t->app);
  dir = g_dir_open (t->folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (t->folder, name, NULL);
      g_remove (path);
    }
  g_rmdir (t->folder);
  g_clear_object (&t->campaign_file);
  g_clear_object (&t->sheet_file);
  g_clear_object (&t->table_file);
  g_free (t->folder);
}

static int wanted_xp;

static gboolean
gm_has_wanted_xp (Table *t)
{
  return tkr_character_get_experience (gm_kim (t)) == wanted_xp;
}

static gboolean
player_has_wanted_xp (Table *t)
{
  return player_xp (t) == wanted_xp;
}

static char *wanted_table;

static gboolean
player_table_shows (Table *t)
{
  g_autofree char *reply = ask (t, "table");
  return g_strcmp0 (reply, wanted_table) == 0;
}

static gboolean
conflict_shown (Table *t)
{
  return tkr_sync_session_get_conflict_dialog (
           tkr_sync_session_get_for_window (GTK_WINDOW (t->window))) != NULL;
}

static gboolean
player_shows_both (Table *t)
{
  g_autofree char *reply = ask (t, "dialog");
  return strstr (reply, "experience: 333 here, 444 in the file") != NULL;
}

static gboolean
file_has_wanted_xp (Table *t)
{
  return file_xp (t->sheet_file) == wanted_xp;
}

static void
expect_table (Table *t)
{
  TkrEncounter *encounter = tkr_campaign_get_encounter (gm_campaign (t));
  GObject *slot = tkr_encounter_get_current_slot (encounter);

  g_free (wanted_table);
  wanted_table = g_strdup_printf ("Round %d|%s’s turn", tkr_encounter_get_round (encounter),
                                  tkr_combatant_get_name (TKR_COMBATANT (slot)));
  spin_until (player_table_shows, t, wanted_table);
}

static void
test_two_instances (void)
{
  Table t = { 0 };
  g_autoptr (GError) error = NULL;
  TkrHistory *history;
  TkrEncounter *encounter;
  gint64 start;
  int round;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      g_test_skip ("no session bus");
      return;
    }
  table_setup (&t);
  history = tkr_campaign_get_history (gm_campaign (&t));

  /* The player's saved change reaches the GM's window. */
  start = g_get_monotonic_time ();
  g_free (ask (&t, "set-xp 40"));
  wanted_xp = 40;
  spin_until (gm_has_wanted_xp, &t, "the player's change in the GM's window");
  {
    /* From the file's landing (its modification time) to the GM's window. */
    g_autoptr (GFileInfo) info = g_file_query_info (
      t.sheet_file, G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
      G_FILE_QUERY_INFO_NONE, NULL, NULL);
    g_autoptr (GDateTime) written = info ? g_file_info_get_modification_date_time (info) : NULL;

    g_test_message ("player -> GM: %" G_GINT64_FORMAT
                    " ms from the edit (a 50 ms autosave first), %" G_GINT64_FORMAT
                    " ms from the file's landing",
                    (g_get_monotonic_time () - start) / 1000,
                    written ? (g_get_real_time () - g_date_time_to_unix (written) * G_USEC_PER_SEC -
                               g_date_time_get_microsecond (written)) /
                                1000
                            : -1);
  }

  /* The GM's change (XP awarded) reaches the player's window. */
  start = g_get_monotonic_time ();
  g_assert_true (tkr_character_set_experience (gm_kim (&t), history, 90, &error));
  g_assert_no_error (error);
  wanted_xp = 90;
  spin_until (player_has_wanted_xp, &t, "the GM's change in the player's window");
  g_test_message ("GM -> player: %" G_GINT64_FORMAT " ms",
                  (g_get_monotonic_time () - start) / 1000);

  /* The table file, followed live through a new round. */
  tkr_sync_session_publish_table (tkr_sync_session_get_for_window (GTK_WINDOW (t.window)),
                                  t.table_file);
  expect_table (&t);
  encounter = tkr_campaign_get_encounter (gm_campaign (&t));
  round = tkr_encounter_get_round (encounter);
  while (tkr_encounter_get_round (encounter) == round)
    g_assert_true (tkr_encounter_next_turn (encounter, &error));
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  expect_table (&t);
  g_test_message ("table -> player: %" G_GINT64_FORMAT " ms",
                  (g_get_monotonic_time () - start) / 1000);

  /* Both change Kim at once: the player's save lands in the folder while
   * the GM's window (not running its loop) has not read it, and the GM
   * changes Kim too. */
  g_free (ask (&t, "set-xp 111"));
  {
    gint64 deadline = g_get_monotonic_time () + DEADLINE_S * G_USEC_PER_SEC;
    while (file_xp (t.sheet_file) != 111)
      {
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_usleep (5000);
      }
  }
  g_assert_true (tkr_character_set_experience (gm_kim (&t), history, 222, &error));
  spin_until (conflict_shown, &t, "the conflict dialog");
  {
    AdwMessageDialog *dialog = tkr_sync_session_get_conflict_dialog (
      tkr_sync_session_get_for_window (GTK_WINDOW (t.window)));
    const char *body = adw_message_dialog_get_body (dialog);
    g_autoptr (GFile) theirs =
      g_file_new_build_filename (t.folder, "Kim (their version).tkcharacter", NULL);

    /* Both versions are shown, and nothing was written over the file. */
    g_assert_nonnull (strstr (body, "experience: 222 here, 111 in the file"));
    g_assert_cmpint (file_xp (t.sheet_file), ==, 111);
    /* The GM keeps theirs: the player's version stays beside it. */
    adw_message_dialog_response (dialog, "mine");
    wanted_xp = 222;
    spin_until (file_has_wanted_xp, &t, "the GM's version in the file");
    g_assert_cmpint (file_xp (theirs), ==, 111);
  }
  /* And the player's window takes the resolved sheet. */
  spin_until (player_has_wanted_xp, &t, "the resolved sheet in the player's window");

  /* The other way round: the player has an unsaved change when the GM's
   * arrives. The player's window shows both and the player keeps theirs;
   * the GM's window then takes it, and the GM's version is one undo away
   * there. */
  g_free (ask (&t, "hold 333"));
  g_assert_true (tkr_character_set_experience (gm_kim (&t), history, 444, &error));
  wanted_xp = 444;
  spin_until (file_has_wanted_xp, &t, "the GM's change in the file");
  spin_until (player_shows_both, &t, "both versions in the player's window");
  g_assert_cmpint (player_xp (&t), ==, 333);
  g_free (ask (&t, "choose mine"));
  wanted_xp = 333;
  spin_until (gm_has_wanted_xp, &t, "the player's kept version in the GM's window");
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpint (tkr_character_get_experience (gm_kim (&t)), ==, 444);

  table_teardown (&t);
  g_clear_pointer (&wanted_table, g_free);
}

int
main (int argc, char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], "--player"))
    return run_player (argv[2]);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sync/two-instances", test_two_instances);
  return g_test_run ();
}
