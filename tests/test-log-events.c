/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The log and the undo labels are built from events and read in the
 * reader's language (issue 13, "the log is built from the events, in the
 * reader's language, not stored translated text"; help/C/files-and-backups.page):
 * lines and steps written in German read in English and in French after a
 * restart, names from the rule data (a Zone, a phase, a speed) and plural
 * forms included; older lines and journal labels keep their stored words;
 * a line's file form goes through load and save unchanged.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "tkr-core.h"
#include "tkr-d20-combatant.h"
#include "tkr-d20-encounter.h"
#include "tkr-effects.h"

/* gettext reads LANGUAGE again once the locale changes (C.UTF-8, the one
 * locale every machine has, honours LANGUAGE where "C" does not; setting
 * the same locale again changes nothing, so through "C"). */
static void
use_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "C");
  setlocale (LC_ALL, "C.UTF-8");
}

typedef struct
{
  TkrCampaign *campaign;
  TkrEncounter *encounter;
  TkrCharacter *alice;
  TkrCharacter *bruno;
  GRand *rand;
} Fight;

static void
fight_init (Fight *f, const char *rule_system)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (rule_system, &error);

  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (rules);
  f->encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  f->rand = g_rand_new_with_seed (20261126);
  tkr_encounter_set_rand (f->encounter, f->rand);
  f->alice = tkr_campaign_add_pc (f->campaign, "Alice");
  f->bruno = tkr_campaign_add_pc (f->campaign, "Bruno");
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, f->alice, &error));
  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, f->bruno, &error));
  g_assert_no_error (error);
}

static void
fight_clear (Fight *f)
{
  g_clear_object (&f->campaign);
  g_rand_free (f->rand);
}

static void
to_main (Fight *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_encounter_transition (f->encounter, TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, f->rand, &error));
  g_assert_true (tkr_encounter_transition (f->encounter, TKR_PHASE_MAIN, &error));
  g_assert_no_error (error);
}

static TkrCombatant *
combatant (Fight *f, TkrCharacter *character)
{
  return tkr_encounter_find_combatant (f->encounter, character);
}

/* The commands whose log lines the table checks */

static void
act_note (Fight *f)
{
  tkr_encounter_log_note (f->encounter, "The bridge creaks");
}

static void
act_join (Fight *f)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *carla = tkr_campaign_add_pc (f->campaign, "Carla");

  g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, carla, &error));
  g_assert_no_error (error);
}

static void
act_zone (Fight *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (tkr_klep_encounter_add_zone (TKR_KLEP_ENCOUNTER (f->encounter), "Fire", 2,
                                                 "the brazier", &error));
  g_assert_no_error (error);
}

static void
act_reminder (Fight *f)
{
  g_autoptr (GError) error = NULL;

  to_main (f);
  g_assert_nonnull (
    tkr_reminders_add (f->encounter, "Torch goes out", combatant (f, f->bruno), 2, &error));
  g_assert_no_error (error);
}

static void
act_end (Fight *f)
{
  g_autoptr (GError) error = NULL;

  to_main (f);
  g_assert_true (tkr_encounter_end (f->encounter, &error));
  g_assert_no_error (error);
}

static void
act_back_to_freeplay (Fight *f)
{
  g_autoptr (GError) error = NULL;

  act_end (f);
  g_assert_true (tkr_encounter_finish (f->encounter, &error));
  g_assert_no_error (error);
}

static void
act_award (Fight *f)
{
  g_autoptr (GError) error = NULL;

  act_end (f);
  g_assert_true (
    tkr_encounter_award_experience (f->encounter, f->alice, 2, "Held the bridge", &error));
  g_assert_no_error (error);
}

static void
act_effect (Fight *f)
{
  g_autoptr (GError) error = NULL;

  to_main (f);
  g_assert_nonnull (tkr_effects_add_timed (f->encounter, combatant (f, f->bruno), "Bless",
                                           TKR_EFFECT_DURATION_ROUNDS, 3, TKR_EFFECT_EDGE_TURN_END,
                                           NULL, combatant (f, f->alice), &error));
  g_assert_no_error (error);
}

static void
act_damage (Fight *f)
{
  g_autoptr (GError) error = NULL;
  TkrHealthChange change = { TKR_HEALTH_DAMAGE, 3 };

  to_main (f);
  g_assert_true (
    tkr_encounter_change_health (f->encounter, combatant (f, f->bruno), &change, &error));
  g_assert_no_error (error);
}

static void
act_speed (Fight *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_encounter_transition (f->encounter, TKR_PHASE_SETUP, &error));
  g_assert_true (tkr_d20_encounter_set_speed (TKR_D20_ENCOUNTER (f->encounter),
                                              TKR_D20_COMBATANT (combatant (f, f->alice)), "walk",
                                              25, &error));
  g_assert_no_error (error);
}

/* The same commands one after the other in a running fight. */
static void
act_speed_in_main (Fight *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_d20_encounter_set_speed (TKR_D20_ENCOUNTER (f->encounter),
                                              TKR_D20_COMBATANT (combatant (f, f->alice)), "walk",
                                              25, &error));
  g_assert_no_error (error);
}

static void
act_reminder_in_main (Fight *f)
{
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (
    tkr_reminders_add (f->encounter, "Torch goes out", combatant (f, f->bruno), 2, &error));
  g_assert_no_error (error);
}

/* One row a kind of line: its system, the command, then the line in
 * English and in French as gettext gives them (NULL: the same line
 * written in French is the reference). */
typedef struct
{
  const char *name;
  const char *rule_system;
  void (*act) (Fight *f);
  const char *english;
  const char *french;
} Kind;

static const Kind kinds[] = {
  /* A note the GM typed stays as it is in every language. */
  { "note", "kleptonomicon", act_note, "The bridge creaks", "The bridge creaks" },
  /* A person's name as a value. */
  { "join", "kleptonomicon", act_join, "Carla joins the encounter", "Carla rejoint la rencontre" },
  /* A number and a reason the GM typed as values. */
  { "award", "action-points", act_award, "Alice gains 2 XP: Held the bridge",
    "Alice gagne 2 PX\302\240: Held the bridge" },
  /* A plural message with a Zone's name from the rule data. */
  { "zone", "kleptonomicon", act_zone, "A Fire Zone of 2 stacks appears: the brazier", NULL },
  /* A note typed by the GM inside a message, a name and a number. */
  { "reminder", "pf2e", act_reminder, "Reminder “Torch goes out” before Bruno’s turn in round 2",
    "Rappel «\302\240Torch goes out\302\240» avant le tour de Bruno à la manche 2" },
  /* A plural message (the engine's end of an encounter). */
  { "end", "pf2e", act_end, "The encounter ends after 1 round",
    "La rencontre se termine après 1 manche" },
  /* A system's own phase name (Pathfinder 2e's Freeplay). */
  { "phase", "pf2e", act_back_to_freeplay, "Back to Exploration",
    "Retour à «\302\240Exploration\302\240»" },
  /* A message inside a message, plural: what is left of an effect. */
  { "effect", "d20", act_effect, "Alice puts Bless on Bruno (3 rounds left)",
    "Alice applique l’effet «\302\240Bless\302\240» à Bruno (3 manches restantes)" },
  /* A line in parts, with a pool's name. */
  { "health", "d20", act_damage, "Bruno takes 3 damage; Health 10 → 7",
    "Bruno subit 3 dégât(s); Santé 10 → 7" },
  /* A name with a context (C_ ("speed", "walking")). */
  { "speed", "d20", act_speed, "Alice’s walking speed is now 25 feet",
    "Alice\302\240: la vitesse «\302\240marche\302\240» est désormais de 25 pieds" },
  /* A system's own plural end line (the Action-Point system's Turns). */
  { "ap-end", "action-points", act_end, "Combat ends after 0 Turns",
    "Le combat se termine après 0 tour" },
};

static TkrLogEntry *
last_line (Fight *f)
{
  GListModel *log = tkr_tracker_get_log (TKR_TRACKER (f->encounter));

  g_assert_cmpuint (g_list_model_get_n_items (log), >, 0);
  return g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
}

/* The last line of @kind's command run in @language: its words as
 * written and its file form. */
static char *
run_kind (const Kind *kind, const char *language, char **json)
{
  Fight f = { 0 };
  g_autoptr (TkrLogEntry) line = NULL;
  g_autoptr (JsonNode) node = NULL;
  char *text;

  use_language (language);
  fight_init (&f, kind->rule_system);
  kind->act (&f);
  line = last_line (&f);
  text = g_strdup (tkr_log_entry_get_text (line));
  node = tkr_log_entry_to_json (line);
  if (json != NULL)
    *json = json_to_string (node, FALSE);
  fight_clear (&f);
  return text;
}

static TkrLogEntry *
read_line (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = json_from_string (json, &error);
  TkrLogEntry *line;

  g_assert_no_error (error);
  line = tkr_log_entry_new_from_json (node, "log[0]", &error);
  g_assert_no_error (error);
  return line;
}

/* Each kind of line written in German reads in English and in French;
 * its file keeps the German words it was written with ("text"), and
 * load, save, load gives the same bytes. */
static void
test_kind (gconstpointer data)
{
  const Kind *kind = data;
  g_autofree char *json = NULL;
  g_autofree char *german = run_kind (kind, "de", &json);
  g_autofree char *english_written = run_kind (kind, "en", NULL);
  g_autofree char *french_written = run_kind (kind, "fr", NULL);
  g_autoptr (TkrLogEntry) line = read_line (json);
  g_autoptr (JsonNode) stored = json_from_string (json, NULL);
  g_autoptr (JsonNode) saved = NULL;
  g_autofree char *saved_json = NULL;

  g_test_message ("%s: de “%s”, en “%s”, fr “%s”", kind->name, german, english_written,
                  french_written);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (stored), "text"), ==,
                   german);
  if (kind->english != NULL)
    g_assert_cmpstr (english_written, ==, kind->english);
  if (kind->french != NULL)
    g_assert_cmpstr (french_written, ==, kind->french);
  /* Translated lines differ from English in German. */
  if (kind->act != act_note)
    {
      g_assert_cmpstr (german, !=, english_written);
      g_assert_nonnull (tkr_log_entry_get_message (line));
    }
  else
    g_assert_null (tkr_log_entry_get_message (line));

  use_language ("en");
  g_assert_cmpstr (tkr_log_entry_get_text (line), ==, english_written);
  use_language ("fr");
  g_assert_cmpstr (tkr_log_entry_get_text (line), ==, french_written);
  use_language ("de");
  g_assert_cmpstr (tkr_log_entry_get_text (line), ==, german);

  saved = tkr_log_entry_to_json (line);
  saved_json = json_to_string (saved, FALSE);
  g_assert_cmpstr (saved_json, ==, json);
}

/* Lines from older files (words only, or a message with plain values)
 * read as stored; a message whose values are neither words nor messages,
 * or too deep, is refused in plain words and changes nothing. */
static void
test_old_and_bad_lines (void)
{
  const char *bad[] = {
    "{\"round\":0,\"text\":\"x\",\"time\":5,\"message\":\"%s\",\"args\":[3]}",
    "{\"round\":0,\"text\":\"x\",\"time\":5,\"message\":\"%s\",\"args\":[{\"args\":[]}]}",
    "{\"round\":0,\"text\":\"x\",\"time\":5,\"message\":\"%s %s\",\"args\":[{\"message\":\"a\"}]}",
    "{\"round\":0,\"text\":\"x\",\"time\":5,\"message\":\"%d\",\"plural\":\"%d\",\"args\":[\"1\"]}",
  };
  g_autoptr (TkrLogEntry) old = NULL;
  GString *deep = g_string_new ("\"v\"");

  use_language ("fr");
  old = read_line ("{\"round\":1,\"text\":\"Alice fällt\",\"time\":5}");
  g_assert_cmpstr (tkr_log_entry_get_text (old), ==, "Alice fällt");

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) node = json_from_string (bad[i], NULL);

      g_assert_null (tkr_log_entry_new_from_json (node, "log[0]", &error));
      g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "log[0]"));
    }

  for (int i = 0; i < 12; i++)
    {
      g_string_prepend (deep, "{\"message\":\"%s\",\"args\":[");
      g_string_append (deep, "]}");
    }
  {
    g_autofree char *text = g_strdup_printf (
      "{\"round\":0,\"text\":\"x\",\"time\":5,\"message\":\"%%s\",\"args\":[%s]}", deep->str);
    g_autoptr (JsonNode) node = json_from_string (text, NULL);
    g_autoptr (GError) error = NULL;

    g_assert_null (tkr_log_entry_new_from_json (node, "log[0]", &error));
    g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  }
  g_string_free (deep, TRUE);
}

/* A translation that names its values by number ("%2$s") puts them in its
 * own order; "%+d" shows a number's sign; a translation that does not fit
 * the values falls back to English. */
static void
test_message_values (void)
{
  g_autoptr (TkrMessage) message = tkr_message_new (
    "%s: %+d, %+d", tkr_message_text ("Alice"), tkr_message_int (2), tkr_message_int (-1), NULL);
  g_autofree char *text = tkr_message_to_string (message);

  g_assert_cmpstr (text, ==, "Alice: +2, -1");
  g_assert_true (tkr_message_fits ("%2$s %1$s", 2));
  g_assert_false (tkr_message_fits ("%2$s %s", 2));
  g_assert_false (tkr_message_fits ("%1$s", 2));
  g_assert_false (tkr_message_fits ("%f", 1));
}

/* A campaign whose log holds lines of every kind above (names, plural
 * counts, messages inside messages) saves, loads and saves the same
 * bytes, and its lines read in the reader's language after loading. */
static void
test_campaign_round_trip (void)
{
  Fight f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) first = NULL;
  g_autoptr (GBytes) second = NULL;
  g_autoptr (TkrCampaign) loaded = NULL;
  g_autoptr (TkrLogEntry) line = NULL;
  GListModel *log;

  use_language ("de");
  fight_init (&f, "d20");
  act_note (&f);
  act_effect (&f);
  act_speed_in_main (&f);
  act_reminder_in_main (&f);
  {
    TkrHealthChange change = { TKR_HEALTH_DAMAGE, 3 };

    g_assert_true (
      tkr_encounter_change_health (f.encounter, combatant (&f, f.bruno), &change, &error));
  }
  g_assert_true (tkr_encounter_end (f.encounter, &error));
  g_assert_no_error (error);
  first = tkr_campaign_to_bytes (f.campaign);
  fight_clear (&f);

  use_language ("fr");
  loaded = tkr_campaign_new_from_bytes (first, &error);
  g_assert_no_error (error);
  second = tkr_campaign_to_bytes (loaded);
  g_assert_true (g_bytes_equal (first, second));
  log = tkr_tracker_get_log (tkr_campaign_get_tracker (loaded));
  line = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_cmpstr (tkr_log_entry_get_text (line), ==, "La rencontre se termine après 1 manche");
}

typedef struct
{
  char *dir;
  GFile *file;
  TkrCampaign *campaign;
  TkrJournal *journal;
} Saved;

static void
saved_write (Saved *s)
{
  g_autoptr (GBytes) bytes = tkr_campaign_to_bytes (s->campaign);
  g_autoptr (GError) error = NULL;

  tkr_journal_begin_save (s->journal);
  g_assert_true (tkr_file_save (s->file, bytes, NULL, &error));
  g_assert_true (tkr_journal_end_save (s->journal, s->file, TRUE, &error));
  g_assert_no_error (error);
}

static void
saved_open (Saved *s)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  g_clear_object (&s->journal);
  g_clear_object (&s->campaign);
  bytes = tkr_file_load (s->file, NULL, &error);
  g_assert_no_error (error);
  s->campaign = tkr_campaign_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  s->journal = tkr_journal_new (s->campaign);
  g_assert_true (tkr_journal_open (s->journal, s->file, NULL, &error));
  g_assert_no_error (error);
}

/* The label as gettext gives it, the way labels were written before. */
static char *
hide_label (const char *name)
{
  return g_strdup_printf (_ ("Hide %s from the players"), name);
}

/* Undo labels written in German read in French and in English after a
 * restart (the journal keeps each step's label as its event), static and
 * with a value alike; a journal label stored as words (an older journal)
 * shows those words. */
static void
test_undo_labels (void)
{
  Saved s = { 0 };
  Fight f = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *journal_path = NULL;
  g_autofree char *journal_text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *older = NULL;
  g_autoptr (GFile) journal_file = NULL;
  TkrHistory *history;

  use_language ("de");
  s.dir = g_dir_make_tmp ("tkr-log-events-XXXXXX", NULL);
  path = g_build_filename (s.dir, "fight.tkcampaign", NULL);
  s.file = g_file_new_for_path (path);
  fight_init (&f, "pf2e");
  s.campaign = g_object_ref (f.campaign);
  tkr_history_clear (tkr_campaign_get_history (s.campaign));
  s.journal = tkr_journal_new (s.campaign);
  saved_write (&s);
  to_main (&f);
  g_assert_true (tkr_encounter_next_turn (f.encounter, &error));
  g_assert_true (tkr_encounter_set_hidden (f.encounter, combatant (&f, f.bruno), TRUE, &error));
  g_assert_no_error (error);
  history = tkr_campaign_get_history (s.campaign);
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Bruno vor den Spielern verbergen");
  fight_clear (&f);

  /* A restart in French. */
  use_language ("fr");
  saved_open (&s);
  history = tkr_campaign_get_history (s.campaign);
  expected = hide_label ("Bruno");
  g_assert_cmpstr (expected, ==, "Cacher Bruno aux joueurs");
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, expected);
  use_language ("en");
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Hide Bruno from the players");
  g_assert_true (tkr_history_undo (history));
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Next turn");
  g_assert_cmpstr (tkr_history_get_redo_label (history), ==, "Hide Bruno from the players");
  use_language ("fr");
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Tour suivant");
  g_assert_true (tkr_history_redo (history));

  /* An older journal's label is words: shown as stored. */
  journal_file = tkr_journal_file_for (s.file);
  journal_path = g_file_get_path (journal_file);
  g_clear_object (&s.journal);
  g_clear_object (&s.campaign);
  g_assert_true (g_file_get_contents (journal_path, &journal_text, NULL, NULL));
  g_assert_nonnull (strstr (journal_text, "\"label\":{\"message\":\"Hide %s from the players\""));
  {
    GString *words = g_string_new (journal_text);

    g_string_replace (words, "{\"message\":\"Hide %s from the players\",\"args\":[\"Bruno\"]}",
                      "\"Bruno vor den Spielern verbergen\"", 0);
    older = g_string_free (words, FALSE);
  }
  g_assert_cmpstr (older, !=, journal_text);
  g_assert_true (g_file_set_contents (journal_path, older, -1, NULL));
  saved_open (&s);
  history = tkr_campaign_get_history (s.campaign);
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Bruno vor den Spielern verbergen");

  g_clear_object (&s.journal);
  g_clear_object (&s.campaign);
  g_unlink (journal_path);
  g_unlink (path);
  g_clear_object (&s.file);
  g_rmdir (s.dir);
  g_free (s.dir);
}

int
main (int argc, char *argv[])
{
  use_language ("de");
  bindtextdomain (GETTEXT_PACKAGE, TKR_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);

  /* The German and French catalogues are built (po/): without them the
   * test checks nothing. */
  if (g_strcmp0 (g_dgettext (GETTEXT_PACKAGE, "Next turn"), "Nächster Zug") != 0)
    {
      g_printerr ("The German catalogue is not in %s\n", TKR_BUILD_LOCALEDIR);
      return 1;
    }

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *name = g_strdup_printf ("/log-events/kind/%s", kinds[i].name);

      g_test_add_data_func (name, &kinds[i], test_kind);
    }
  g_test_add_func ("/log-events/old-and-bad-lines", test_old_and_bad_lines);
  g_test_add_func ("/log-events/message-values", test_message_values);
  g_test_add_func ("/log-events/undo-labels", test_undo_labels);
  g_test_add_func ("/log-events/campaign-round-trip", test_campaign_round_trip);
  return g_test_run ();
}
