/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * Every language fits (docs/E2E-RUNS.md, "Labels cut short at 1280 px"):
 * at 1280 x 800, no label that ellipsizes is cut short in the main views,
 * in English, German and French. The views: the roster with a sheet, the
 * Encounter page in Main with thirteen combatants (conditions on one, one
 * down) in each rule system at every turn of the first round, so that
 * each name and each group is the current turn and the next once, with
 * the player view beside it, and the same encounter at its End. With the
 * fight in it the window still folds to 360 px.
 *
 * A label that ellipsizes is "cut short" when Pango, laying out its text
 * in the width GTK gave it, had to leave part of it out: the layout it
 * draws is ellipsized. That is exact where a comparison of widths is not
 * (a title's natural width counts its CSS padding, its allocated width
 * does not), and it covers a label that wraps to a limited number of
 * lines too. There is no list of exceptions. The failures name the
 * language, the system, the view and the label's text, so that a layout
 * can be fixed or a translation reported.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "tkr-campaign.h"
#include "tkr-document.h"
#include "tkr-encounter.h"
#include "tkr-player-window.h"
#include "tkr-roster.h"
#include "tkr-rules.h"
#include "tkr-players.h"
#include "tkr-tracker.h"
#include "tkr-window.h"
#include "tkr-test-campaign.h"

#define WIDTH 1280
#define HEIGHT 800
/* On a screen 1280 px wide the window's frame takes its share: up to this
 * many pixels less for the widgets. */
#define FRAME 16

/* Spins the main loop until nothing is pending (layout, list rows made
 * in idle time), a few times over; bounded, since an animation may keep
 * the loop busy for ever. */
static void
settle (void)
{
  for (int round = 0; round < 5; round++)
    for (int i = 0; i < 500 && g_main_context_pending (NULL); i++)
      g_main_context_iteration (NULL, FALSE);
}

static gboolean
window_is_sized (GtkWidget *window)
{
  return gtk_widget_get_mapped (window) && gtk_widget_get_width (window) >= WIDTH - FRAME;
}

static gboolean
give_up (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Shows @window at 1280 x 800 and waits for it to be laid out at that
 * width (a state, not a time: the test's own limit ends a broken run). */
static void
wait_sized (GtkWindow *window)
{
  gboolean late = FALSE;
  guint limit;

  /* A generous limit only so that a broken run ends: the test then fails
   * on the width it checks. */
  limit = g_timeout_add_seconds (60, give_up, &late);
  while (!window_is_sized (GTK_WIDGET (window)) && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (limit);
  settle ();
}

/* Shows @window with its widgets given 1280 x 800 (the default size also
 * counts the window's frame, so it grows by what the frame takes) and
 * waits for that layout: a state, not a time. */
static void
show_sized (GtkWindow *window)
{
  int width, height;

  gtk_window_set_default_size (window, WIDTH, HEIGHT);
  gtk_window_present (window);
  wait_sized (window);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  if (width < WIDTH && width > 0)
    {
      gtk_window_set_default_size (window, 2 * WIDTH - width, 2 * HEIGHT - height);
      wait_sized (window);
    }
  g_test_message ("%s: %d x %d", G_OBJECT_TYPE_NAME (window),
                  gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, WIDTH - FRAME);
}

/* Where a label sits, as "TkrTableTracker/current_label": its nearest
 * template's type and its id there (or, inside a library widget, that
 * widget's type). */
static char *
label_key (GtkWidget *label)
{
  const char *id =
    GTK_IS_BUILDABLE (label) ? gtk_buildable_get_buildable_id (GTK_BUILDABLE (label)) : NULL;
  const char *inner = NULL;

  for (GtkWidget *w = gtk_widget_get_parent (label); w != NULL; w = gtk_widget_get_parent (w))
    {
      if (g_str_has_prefix (G_OBJECT_TYPE_NAME (w), "Tkr"))
        return g_strdup_printf ("%s/%s", G_OBJECT_TYPE_NAME (w),
                                id != NULL ? id : (inner != NULL ? inner : "GtkLabel"));
      if (inner == NULL && !g_str_has_prefix (G_OBJECT_TYPE_NAME (w), "Gtk"))
        inner = G_OBJECT_TYPE_NAME (w);
    }
  return g_strdup (id != NULL ? id : "GtkLabel");
}

/* The width @label's text takes on one line, uncut. */
static int
uncut_width (GtkLabel *label)
{
  g_autoptr (PangoLayout) layout = pango_layout_copy (gtk_label_get_layout (label));
  int width = 0;

  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* What the checks found: one line per label cut short, each told once
 * for a view even when it stays cut turn after turn. */
typedef struct
{
  GString *failures;
  GHashTable *told; /* "where: key "text"" */
} Findings;

/* Every mapped label under @widget whose text is drawn cut short (an
 * ellipsis in place of part of it), into @findings; @when, if not NULL,
 * says when in @where it was seen first. */
static void
collect_cut_labels (GtkWidget *widget, const char *where, const char *when, Findings *findings)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      GtkLabel *label = GTK_LABEL (widget);
      const char *text = gtk_label_get_text (label);

      /* A label given no room at all is not shown (a folded pane). */
      if (gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE && text != NULL &&
          *text != '\0' && gtk_widget_get_width (widget) > 0 &&
          gtk_widget_get_height (widget) > 0 &&
          pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        {
          g_autofree char *key = label_key (widget);
          char *told = g_strdup_printf ("%s: %s \"%s\"", where, key, text);

          if (g_hash_table_add (findings->told, told))
            g_string_append_printf (findings->failures, "%s%s%s has %d of %d px\n", told,
                                    when != NULL ? ", " : "", when != NULL ? when : "",
                                    gtk_widget_get_width (widget), uncut_width (label));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cut_labels (child, where, when, findings);
}

/* With TKR_ELLIPSIS_SHOTS set to a folder, each view checked is also
 * saved there as a PNG, to look at the layout the test measured. */
static void
save_shot (GtkWidget *window, const char *where)
{
  const char *folder = g_getenv ("TKR_ELLIPSIS_SHOTS");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  if (folder == NULL)
    return;
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (window),
                          gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, NULL);
  name = g_strdelimit (g_strdup_printf ("%s.png", where), " ,", '-');
  path = g_build_filename (folder, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

/* Thirteen combatants: three PCs and ten NPCs of three kinds, with names
 * of a usual length, made through the core's commands. */
static TkrCampaign *
new_campaign (const char *system)
{
  const char *const pcs[] = { "Alice Thornquill", "Bob Ironhand", "Carol of the Marsh", NULL };
  const char *const npcs[] = { "Goblin Archer", "Orc Brute", "Wolf", NULL };

  return tkr_test_campaign_new (system, pcs, npcs, 10);
}

/* What a fight shows besides names and health: the first PC with the
 * first and the last condition of the rule data's catalogue, and the last
 * NPC down ("Down" in the tracker, the longest word of a row in French). */
static void
mark_fight (TkrEncounter *encounter)
{
  TkrRules *rules = tkr_encounter_get_rules (encounter);
  GListModel *combatants = tkr_encounter_get_combatants (encounter);
  guint n = g_list_model_get_n_items (combatants);
  g_autoptr (TkrCombatant) pc = NULL;
  g_autoptr (TkrCombatant) npc = NULL;
  g_autoptr (GError) error = NULL;
  guint last = tkr_rules_get_n_conditions (rules) - 1;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);

      if (tkr_character_is_pc (tkr_combatant_get_character (combatant)))
        {
          if (pc == NULL)
            pc = g_object_ref (combatant);
        }
      else
        g_set_object (&npc, combatant);
    }
  g_assert_nonnull (pc);
  g_assert_nonnull (npc);
  g_assert_true (
    tkr_encounter_add_condition (encounter, pc, tkr_rules_get_condition (rules, 0)->id, &error));
  g_assert_no_error (error);
  g_assert_true (
    tkr_encounter_add_condition (encounter, pc, tkr_rules_get_condition (rules, last)->id, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_change_health_typed (encounter, npc, "=0", &error));
  g_assert_no_error (error);
  g_assert_true (tkr_combatant_is_down (npc));
}

/* The window's content's minimum width: its frame (shadow, resize
 * borders) is the window manager's or the theme's, not the layout's. */
static int
minimum_width (TkrWindow *window)
{
  int minimum = 0;

  gtk_widget_measure (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                 TKR_TYPE_WINDOW, "toast_overlay")),
                      GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* Checks @window (and @player, when there is one) in the view @view, at
 * @when (nullable). */
static void
check_view (GtkWidget *window,
            GtkWidget *player,
            const char *language,
            const char *system,
            const char *view,
            const char *when,
            Findings *findings)
{
  g_autofree char *where = g_strdup_printf ("%s, %s, %s", language, system, view);
  g_autofree char *player_where = g_strdup_printf ("%s, player view", where);
  g_autofree char *shot =
    g_strdup_printf ("%s%s%s", where, when != NULL ? ", " : "", when != NULL ? when : "");
  g_autofree char *player_shot = g_strdup_printf ("%s, player view", shot);

  settle ();
  collect_cut_labels (window, where, when, findings);
  save_shot (window, shot);
  if (player != NULL)
    {
      collect_cut_labels (player, player_where, when, findings);
      save_shot (player, player_shot);
    }
}

static void
check_language (const char *language, Findings *findings, GString *too_wide)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();

  g_setenv ("LANGUAGE", language, TRUE);
  /* gettext reads LANGUAGE again once the locale is set anew. */
  setlocale (LC_ALL, "");

  for (guint s = 0; systems[s] != NULL; s++)
    {
      g_autoptr (TkrCampaign) campaign = new_campaign (systems[s]);
      g_autoptr (TkrDocument) document = tkr_document_new_for_campaign (campaign, NULL);
      TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
      g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
      g_autoptr (GError) error = NULL;
      TkrWindow *window = tkr_window_new (NULL);
      TkrPlayerWindow *player;
      g_autoptr (TkrCharacter) first = NULL;
      guint n_slots;
      int minimum;

      tkr_window_set_document (window, document);
      show_sized (GTK_WINDOW (window));

      /* The roster with the first PC's sheet. */
      first = g_list_model_get_item (tkr_campaign_get_party (campaign), 0);
      tkr_roster_set_selected_character (tkr_window_get_roster (window), first);
      g_assert_true (tkr_window_run_command (window, "win.show-sheet"));
      check_view (GTK_WIDGET (window), NULL, language, systems[s], "roster and sheet", NULL,
                  findings);

      /* The Encounter page in Main, thirteen combatants, and the player
       * view of the same fight at the same size. */
      g_assert_true (tkr_encounter_begin_setup (encounter, &error));
      g_assert_no_error (error);
      g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
      g_assert_no_error (error);
      g_assert_true (tkr_encounter_begin_main (encounter, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (g_list_model_get_n_items (tkr_encounter_get_combatants (encounter)), >=,
                        12);
      mark_fight (encounter);
      g_assert_true (tkr_window_run_command (window, "win.show-encounter"));
      player = tkr_player_window_new (GTK_WINDOW (window));
      tkr_player_window_set_campaign (player, campaign);
      show_sized (GTK_WINDOW (player));

      /* Every turn of the first round: each name, and each group of NPCs,
       * in the headers that say whose turn it is and who comes next. */
      n_slots = g_list_model_get_n_items (tkr_encounter_get_order (encounter));
      for (guint turn = 0; turn < n_slots; turn++)
        {
          g_autofree char *when = g_strdup_printf ("turn %u", turn + 1);

          check_view (GTK_WIDGET (window), GTK_WIDGET (player), language, systems[s],
                      "Encounter page in Main", when, findings);
          if (!tkr_encounter_next_turn (encounter, &error))
            {
              /* A system whose turns end some other way (the Action-Point
               * system's Reset) has shown what it can. */
              g_test_message ("%s, %s: no turn after turn %u: %s", language, systems[s], turn + 1,
                              error->message);
              g_clear_error (&error);
              break;
            }
        }
      gtk_window_destroy (GTK_WINDOW (player));

      /* The window still folds to 360 px with the fight in it (README: the
       * window folds to 360 px). */
      minimum = minimum_width (window);
      g_test_message ("%s, %s: at the least %d px wide with the fight in Main", language,
                      systems[s], minimum);
      if (minimum > 360)
        g_string_append_printf (too_wide, "%s, %s, Main: %d px\n", language, systems[s], minimum);

      /* The End. */
      g_assert_true (tkr_encounter_end (encounter, &error));
      g_assert_no_error (error);
      check_view (GTK_WIDGET (window), NULL, language, systems[s], "End", NULL, findings);

      gtk_window_destroy (GTK_WINDOW (window));
      settle ();
    }
}

/* The rule (docs/E2E-RUNS.md, "Labels cut short at 1280 px"; README: the
 * window folds to 360 px): at 1280 px no label in
 * the main views is cut short, in English, German and French, with no
 * exceptions; and the window with the fight in it still folds to 360 px. */
static void
test_no_label_cut_at_1280 (void)
{
  const char *const languages[] = { "C", "de", "fr" };
  g_autoptr (GString) failures = g_string_new (NULL);
  g_autoptr (GHashTable) told = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Findings findings = { failures, told };
  g_autoptr (GString) too_wide = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    check_language (languages[i], &findings, too_wide);
  if (failures->len > 0)
    g_test_message ("labels cut short:\n%s", failures->str);
  if (too_wide->len > 0)
    g_test_message ("wider than 360 px at the least:\n%s", too_wide->str);
  g_assert_cmpstr (failures->str, ==, "");
  g_assert_cmpstr (too_wide->str, ==, "");
}

/* (transfer full): the first slot of @encounter's order with more than one
 * member, a Kleptonomicon NPC group. */
static GObject *
first_group (TkrEncounter *encounter)
{
  GListModel *order = tkr_encounter_get_order (encounter);

  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, i);
      g_autoptr (GListModel) members = NULL;

      if (g_object_class_find_property (G_OBJECT_GET_CLASS (slot), "members") == NULL)
        continue;
      g_object_get (slot, "members", &members, NULL);
      if (g_list_model_get_n_items (members) > 1)
        return g_steal_pointer (&slot);
    }
  return NULL;
}

/* The rule (help/C/tracker.page, a group of NPCs has a row of its own): a
 * group whose members have no name in common, so that it is called by all
 * their names one after the other, is shown by its members counted by kind
 * in the order each kind first comes, where the list of ten names could
 * not fit; the players' view counts only those it shows; a group the GM
 * named keeps its name. */
static void
test_group_named_by_kind (void)
{
  g_autoptr (TkrCampaign) campaign = new_campaign ("kleptonomicon");
  TkrEncounter *encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (campaign));
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  g_autoptr (GError) error = NULL;
  g_autoptr (GObject) group = NULL;
  g_autoptr (GListModel) members = NULL;
  g_autoptr (GObject) wolf = NULL;
  g_autofree char *name = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *for_players = NULL;
  g_autofree char *named = NULL;

  g_assert_true (tkr_encounter_begin_setup (encounter, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_roll_missing (encounter, rand, &error));
  g_assert_no_error (error);
  g_assert_true (tkr_encounter_begin_main (encounter, &error));
  g_assert_no_error (error);
  group = first_group (encounter);
  g_assert_nonnull (group);
  g_object_get (group, "name", &name, "members", &members, NULL);
  g_assert_cmpstr (name, ==,
                   "Goblin Archer 2, Orc Brute 2, Wolf 2, Goblin Archer 3, Orc Brute 3, Wolf 3, "
                   "Goblin Archer 4, Orc Brute 4, Wolf 4, Goblin Archer 5");

  shown = tkr_tracker_slot_dup_name (group);
  g_assert_cmpstr (shown, ==, "Goblin Archer ×4, Orc Brute ×3, Wolf ×3");
  for_players = tkr_players_slot_name (group);
  g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute ×3, Wolf ×3");
  g_clear_pointer (&for_players, g_free);

  /* Wolf 2 kept from the players: they see two wolves, and never its
   * name; the GM still sees three. */
  wolf = g_list_model_get_item (members, 2);
  g_assert_cmpstr (tkr_combatant_get_name (TKR_COMBATANT (wolf)), ==, "Wolf 2");
  g_assert_true (tkr_encounter_set_hidden (encounter, TKR_COMBATANT (wolf), TRUE, &error));
  g_assert_no_error (error);
  for_players = tkr_players_slot_name (group);
  g_assert_cmpstr (for_players, ==, "Goblin Archer ×4, Orc Brute ×3, Wolf ×2");
  g_clear_pointer (&shown, g_free);
  shown = tkr_tracker_slot_dup_name (group);
  g_assert_cmpstr (shown, ==, "Goblin Archer ×4, Orc Brute ×3, Wolf ×3");

  /* A name of the GM's own, or one the members share, is kept. */
  named = tkr_tracker_group_name_by_kind ("The Ambush", members, TRUE);
  g_assert_null (named);
  named = tkr_tracker_group_name_by_kind ("Goblin Archer", members, TRUE);
  g_assert_null (named);
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, TKR_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ellipsis/group-named-by-its-members-shows-them-counted-by-kind",
                   test_group_named_by_kind);
  g_test_add_func ("/ellipsis/no-label-cut-at-1280-in-english-german-french",
                   test_no_label_cut_at_1280);

  return g_test_run ();
}
