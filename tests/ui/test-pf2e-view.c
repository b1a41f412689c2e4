/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "encounter-fixture.h"
#include "tkr-encounter-page.h"
#include "tkr-end-pane.h"
#include "tkr-pf2e-details.h"
#include "tkr-pf2e-encounter.h"
#include "tkr-pf2e-recovery.h"
#include "tkr-pf2e-setup.h"
#include "tkr-pf2e-status-row.h"
#include "tkr-phase-bar.h"
#include "tkr-table-tracker.h"
#include "tkr-test-widgets.h"
#include "tkr-tracker-row.h"

/*
 * The Pathfinder 2e encounter (seed 002, RULES.md section 2) on the
 * Encounter page, driven through its widgets: Freeplay and initiative with
 * typed results and ties on the system's view; then two rounds of actions,
 * a reaction, an effect counting down and a recovery check through the
 * table tracker and the view as its details pane (docs/ARCHITECTURE.md,
 * "The table tracker"); the End with an XP award on the shared End pane.
 * Every step checks the core's state and what the widgets show.
 */

typedef struct
{
  TkrCampaign *campaign;
  TkrPf2eEncounter *encounter;
  TkrHistory *history;
  TkrCharacter *alice; /* PC, Perception +7 */
  TkrCharacter *bob;   /* PC, Perception +5, Stealth +9 */
  TkrCharacter *goblin_library;
  TkrCharacter *orc_library;
  GtkWidget *page;
  GtkWidget *view;
  TkrTableTracker *tracker;
  GtkWidget *details;
  GtkWidget *end_pane;
  GtkWidget *window;
} Pf2eFixture;

static void
iterate (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static TkrCharacter *
with_skill (TkrCharacter *character, const char *skill, int value)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (
    tkr_character_set_modifier (character, NULL, TKR_MODIFIER_KIND_SKILL, skill, value, &error));
  g_assert_no_error (error);
  return character;
}

static TkrCharacter *
add (Pf2eFixture *f, TkrCharacter *character)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *added = tkr_campaign_add_to_encounter (f->campaign, character, &error);

  g_assert_no_error (error);
  g_assert_nonnull (added);
  return added;
}

static void
fixture_setup (Pf2eFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("pf2e", &error);

  g_assert_no_error (error);
  memset (f, 0, sizeof *f);
  f->campaign = tkr_campaign_new (rules);
  g_assert_cmpstr (tkr_campaign_get_rule_system (f->campaign), ==, "pf2e");
  f->encounter = TKR_PF2E_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  f->history = tkr_campaign_get_history (f->campaign);

  f->alice = with_skill (tkr_campaign_add_pc (f->campaign, "Alice"), "Perception", 7);
  f->bob = with_skill (tkr_campaign_add_pc (f->campaign, "Bob"), "Perception", 5);
  with_skill (f->bob, "Stealth", 9);
  f->goblin_library = with_skill (tkr_campaign_add_npc (f->campaign, "Goblin"), "Perception", 2);
  f->orc_library = with_skill (tkr_campaign_add_npc (f->campaign, "Orc"), "Perception", 4);

  /* The Encounter page puts the view beside the table tracker in a fight
   * and the End pane first at the End, as the window does. */
  f->page = tkr_encounter_page_new ();
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (f->page), f->campaign);
  /* The system's side of the page: phase bar, Freeplay, Setup, details. */
  f->view = tkr_test_template_child (f->page, TKR_TYPE_ENCOUNTER_PAGE, "system_box");
  f->tracker = tkr_encounter_page_get_table_tracker (TKR_ENCOUNTER_PAGE (f->page));
  f->end_pane = tkr_test_template_child (f->page, TKR_TYPE_ENCOUNTER_PAGE, "end_pane");
  f->details = tkr_test_find_type (f->page, TKR_TYPE_PF2E_DETAILS);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 900);
  gtk_window_set_child (GTK_WINDOW (f->window), f->page);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (fixture_wait_until (widget_is_mapped, f->view));
  iterate ();
}

static void
fixture_teardown (Pf2eFixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate ();
  g_clear_object (&f->campaign);
}

/* The page's template child @name, or a shown part's (Freeplay, the
 * Setup page). */
static gpointer
child (Pf2eFixture *f, const char *name)
{
  GObject *object = tkr_test_part (f->page, name);

  g_assert_nonnull (object);
  return object;
}

static const char *
visible_page (Pf2eFixture *f)
{
  return gtk_stack_get_visible_child_name (child (f, "stack"));
}

/* The row of @list titled @title. */
static GtkWidget *
row_titled (GtkWidget *list, const char *title)
{
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_PREFERENCES_ROW (row) &&
        g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
      return row;
  return NULL;
}

static GtkWidget *
descendant_named (GtkWidget *root, const char *name)
{
  /* Only what the GM can see: a row keeps its buttons and hides those
   * that do not apply. */
  if (!gtk_widget_get_visible (root))
    return NULL;
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = descendant_named (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The control @name in the Setup row of @creature in list @list. */
static gpointer
control (Pf2eFixture *f, const char *list, const char *creature, const char *name)
{
  GtkWidget *row = row_titled (child (f, list), creature);
  GtkWidget *widget;

  if (row == NULL)
    g_test_message ("no row %s in %s", creature, list);
  g_assert_nonnull (row);
  widget = descendant_named (row, name);
  if (widget == NULL)
    g_test_message ("no %s in the row %s of %s", name, creature, list);
  g_assert_nonnull (widget);
  return widget;
}

static guint
count_named (GtkWidget *root, const char *name)
{
  guint n = g_strcmp0 (gtk_widget_get_name (root), name) == 0;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n += count_named (c, name);
  return n;
}

static TkrPf2eCombatant *
combatant (Pf2eFixture *f, const char *name)
{
  GListModel *combatants = tkr_encounter_get_combatants (TKR_ENCOUNTER (f->encounter));

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrPf2eCombatant) c = g_list_model_get_item (combatants, i);

      if (g_str_equal (tkr_character_get_name (tkr_combatant_get_character (TKR_COMBATANT (c))),
                       name))
        return c;
    }
  g_assert_not_reached ();
}

static void
press (gpointer button)
{
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (button)));
  g_signal_emit_by_name (button, "clicked");
  iterate ();
}

static void
set_spin (gpointer spin, int value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  iterate ();
}

static const char *
label_text (Pf2eFixture *f, const char *name)
{
  return gtk_label_get_text (GTK_LABEL (child (f, name)));
}

static const char *
subtitle (Pf2eFixture *f, const char *list, const char *creature)
{
  GtkWidget *row = row_titled (child (f, list), creature);

  g_assert_nonnull (row);
  if (ADW_IS_EXPANDER_ROW (row))
    return adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row));
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

/* The details pane's template child @id, or its recovery check's. */
static gpointer
detail (Pf2eFixture *f, const char *id)
{
  GObject *object = gtk_widget_get_template_child (f->details, TKR_TYPE_PF2E_DETAILS, id);

  if (object == NULL)
    object = gtk_widget_get_template_child (
      GTK_WIDGET (gtk_widget_get_template_child (f->details, TKR_TYPE_PF2E_DETAILS, "recovery")),
      TKR_TYPE_PF2E_RECOVERY, id);
  g_assert_nonnull (object);
  return object;
}

/* The tracker's rows, as its list view shows them. */
static GListModel *
tracker_rows (Pf2eFixture *f)
{
  GtkWidget *list =
    tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, "list_view");

  return G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
}

/* Selects the tracker's row of @creature; the details pane follows. */
static void
select_creature (Pf2eFixture *f, const char *creature)
{
  TkrPf2eCombatant *wanted = combatant (f, creature);
  GListModel *rows = tracker_rows (f);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (rows, i);

      if (slot == G_OBJECT (wanted))
        {
          tkr_table_tracker_select (f->tracker, i);
          iterate ();
          g_assert_true (tkr_encounter_page_get_selected (TKR_ENCOUNTER_PAGE (f->page)) == slot);
          g_assert_true (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)) == wanted);
          g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, "details_stack")), ==,
                           "details");
          return;
        }
    }
  g_assert_not_reached ();
}

/* The details control @id of @creature, selected in the tracker. */
static gpointer
details_control (Pf2eFixture *f, const char *creature, const char *id)
{
  select_creature (f, creature);
  return detail (f, id);
}

/* "3 of 3 actions left, reaction available" */
static const char *
pips (Pf2eFixture *f, const char *creature)
{
  return adw_preferences_group_get_description (details_control (f, creature, "turn_group"));
}

/* The titles of the rows of a details list: "Dying 1|Unconscious". */
static char *
row_titles (Pf2eFixture *f, const char *creature, const char *list)
{
  GString *titles = g_string_new (NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (details_control (f, creature, list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      if (!ADW_IS_PREFERENCES_ROW (row))
        continue;
      if (titles->len > 0)
        g_string_append_c (titles, '|');
      g_string_append (titles, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
    }
  return g_string_free (titles, FALSE);
}

static gboolean
has_condition (Pf2eFixture *f, const char *creature, const char *title)
{
  g_autofree char *titles = row_titles (f, creature, "conditions_list");
  g_auto (GStrv) each = g_strsplit (titles, "|", -1);

  return g_strv_contains ((const char *const *) each, title);
}

/* The one effect of @creature, "Rage: 2 rounds left"; "" when none. */
static char *
effect_text (Pf2eFixture *f, const char *creature)
{
  return row_titles (f, creature, "effects_list");
}

static const char *
tracker_label (Pf2eFixture *f, const char *id)
{
  return gtk_label_get_text (
    GTK_LABEL (tkr_test_template_child (GTK_WIDGET (f->tracker), TKR_TYPE_TABLE_TRACKER, id)));
}

typedef struct
{
  Pf2eFixture *f;
  const char *creature;
  GtkWidget *row;
} RowSearch;

static gboolean
is_row_of (GtkWidget *widget, gconstpointer data)
{
  const RowSearch *search = data;

  return TKR_IS_TRACKER_ROW (widget) && tkr_tracker_row_get_slot (TKR_TRACKER_ROW (widget)) ==
                                          G_OBJECT (combatant (search->f, search->creature));
}

static gboolean
row_bound (gpointer data)
{
  RowSearch *search = data;

  search->row = tkr_test_find (GTK_WIDGET (search->f->tracker), is_row_of, search);
  return search->row != NULL;
}

/* The tracker's row of @creature, once it is bound. */
static GtkWidget *
tracker_row (Pf2eFixture *f, const char *creature)
{
  RowSearch search = { f, creature, NULL };

  g_assert_true (tkr_test_wait_until (row_bound, &search));
  return search.row;
}

/* The titles of the preview rows, "1. Orc 2|2. Goblin 2|..." */
static char *
preview_titles (Pf2eFixture *f)
{
  GString *titles = g_string_new (NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (child (f, "preview_list")); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      if (!ADW_IS_PREFERENCES_ROW (row))
        continue;
      if (titles->len > 0)
        g_string_append_c (titles, '|');
      g_string_append (titles, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
    }
  return g_string_free (titles, FALSE);
}

/* Told apart by the screenshot tests: "-narrow" or "-wide". */
static const char *shot_suffix = "";

static void
shot (Pf2eFixture *f, const char *name)
{
  const char *dir = g_getenv ("TKR_SCREENSHOT_DIR");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  const char *schemes[] = { "light", "dark" };

  if (dir == NULL)
    return;
  for (guint s = 0; s < G_N_ELEMENTS (schemes); s++)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          s == 0 ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                                 : ADW_COLOR_SCHEME_FORCE_DARK);
      for (int i = 0; i < 10; i++)
        {
          iterate ();
          g_usleep (20000);
        }
      paintable = gtk_widget_paintable_new (f->window);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (f->window),
                              gtk_widget_get_height (f->window));
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      renderer = gtk_native_get_renderer (GTK_NATIVE (f->window));
      texture = gsk_renderer_render_texture (renderer, node, NULL);
      path = g_strdup_printf ("%s/pf2e-%s%s-%s.png", dir, name, shot_suffix, schemes[s]);
      gdk_texture_save_to_png (texture, path);
      g_clear_object (&texture);
      g_clear_pointer (&node, gsk_render_node_unref);
      g_clear_object (&paintable);
      g_clear_pointer (&path, g_free);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  iterate ();
}

/* Freeplay: "Add the Whole Party" adds the PCs not in yet, in one step;
 * the empty state explains what to do. */
static void
test_freeplay (Pf2eFixture *f, gconstpointer data)
{
  GListModel *participants = tkr_encounter_get_participants (TKR_ENCOUNTER (f->encounter));
  GtkWidget *list = child (f, "participants_list");

  g_assert_cmpstr (visible_page (f), ==, "freeplay");
  g_assert_false (gtk_widget_get_visible (list));

  press (child (f, "add_party_button"));
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, 2);
  g_assert_true (gtk_widget_get_visible (list));
  g_assert_nonnull (row_titled (list, "Alice"));
  g_assert_nonnull (row_titled (list, "Bob"));
  g_assert_false (gtk_widget_get_sensitive (child (f, "add_party_button")));

  /* Remove Bob with his row's button. */
  press (descendant_named (row_titled (list, "Bob"), "remove-participant"));
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, 1);
  g_assert_null (row_titled (list, "Bob"));

  /* Undo brings him back, and the list follows. */
  g_assert_true (tkr_history_undo (f->history));
  iterate ();
  g_assert_nonnull (row_titled (list, "Bob"));
  g_assert_true (tkr_history_undo (f->history));
  iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (participants), ==, 0);
  g_assert_false (gtk_widget_get_visible (list));
}

/* Joins everyone and rolls initiative the way a table does: typed results
 * with a tie between the goblins (adversaries) and both PCs. */
static void
run_setup (Pf2eFixture *f, gboolean screenshots)
{
  g_autofree char *titles = NULL;
  GtkDropDown *skill;
  GtkStringList *skills;

  press (child (f, "add_party_button"));
  /* Copies numbered after the library's own (which counts as 1). */
  add (f, f->goblin_library); /* Goblin 2 */
  add (f, f->goblin_library); /* Goblin 3 */
  add (f, f->orc_library);    /* Orc 2 */

  press (child (f, "begin_setup_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);
  g_assert_cmpstr (visible_page (f), ==, "setup");
  g_assert_false (gtk_widget_is_sensitive (child (f, "begin_main_button")));

  /* The modifier comes from the sheet's Perception. */
  g_assert_cmpint (gtk_spin_button_get_value (control (f, "setup_list", "Alice", "modifier-spin")),
                   ==, 7);
  g_assert_nonnull (strstr (subtitle (f, "setup_list", "Alice"), "Perception +7"));
  g_assert_nonnull (strstr (subtitle (f, "setup_list", "Alice"), "not rolled"));

  /* Seed 002: the GM may call for another skill; Bob was sneaking. */
  skill = control (f, "setup_list", "Bob", "skill-dropdown");
  skills = GTK_STRING_LIST (gtk_drop_down_get_model (skill));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (skills)); i++)
    if (g_str_equal (gtk_string_list_get_string (skills, i), "Stealth"))
      gtk_drop_down_set_selected (skill, i);
  iterate ();
  g_assert_cmpstr (tkr_pf2e_combatant_get_initiative_skill (combatant (f, "Bob")), ==, "Stealth");
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative_modifier (combatant (f, "Bob")), ==, 9);
  g_assert_cmpint (gtk_spin_button_get_value (control (f, "setup_list", "Bob", "modifier-spin")),
                   ==, 9);

  /* Identical creatures share one roll. */
  gtk_editable_set_text (control (f, "setup_list", "Goblin 2", "group-row"), "goblins");
  g_signal_emit_by_name (control (f, "setup_list", "Goblin 2", "group-row"), "apply");
  gtk_editable_set_text (control (f, "setup_list", "Goblin 3", "group-row"), "goblins");
  g_signal_emit_by_name (control (f, "setup_list", "Goblin 3", "group-row"), "apply");
  iterate ();
  g_assert_cmpstr (tkr_pf2e_combatant_get_group (combatant (f, "Goblin 3")), ==, "goblins");

  /* Typed results: one for the goblins' group, a tie with both PCs. */
  set_spin (control (f, "setup_list", "Goblin 2", "result-spin"), 15);
  g_assert_true (tkr_pf2e_combatant_has_initiative (combatant (f, "Goblin 3")));
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative (combatant (f, "Goblin 3")), ==, 15);
  g_assert_cmpint (gtk_spin_button_get_value (control (f, "setup_list", "Goblin 3", "result-spin")),
                   ==, 15);
  set_spin (control (f, "setup_list", "Alice", "result-spin"), 15);
  set_spin (control (f, "setup_list", "Bob", "result-spin"), 15);
  g_assert_cmpstr (label_text (f, "waiting_label"), ==, "Still to roll: Orc 2");
  g_assert_false (gtk_widget_is_sensitive (child (f, "begin_main_button")));
  if (screenshots)
    shot (f, "setup");

  /* Seed 002: on a tie the adversaries go first; tied PCs keep their
   * order of entry until they choose. */
  titles = preview_titles (f);
  g_assert_cmpstr (titles, ==, "1. Goblin 2|2. Goblin 3|3. Alice|4. Bob");
  g_assert_nonnull (strstr (subtitle (f, "preview_list", "3. Alice"), "tied"));
  /* No arrow lets a PC pass an adversary. */
  g_assert_null (descendant_named (row_titled (child (f, "preview_list"), "3. Alice"), "move-up"));
  press (descendant_named (row_titled (child (f, "preview_list"), "4. Bob"), "move-up"));
  g_clear_pointer (&titles, g_free);
  titles = preview_titles (f);
  g_assert_cmpstr (titles, ==, "1. Goblin 2|2. Goblin 3|3. Bob|4. Alice");

  /* The Orc's roll, typed in. */
  set_spin (control (f, "setup_list", "Orc 2", "result-spin"), 20);
  g_assert_cmpstr (label_text (f, "waiting_label"), ==, "Everyone has rolled.");
  g_assert_true (gtk_widget_is_sensitive (child (f, "begin_main_button")));
  g_clear_pointer (&titles, g_free);
  titles = preview_titles (f);
  g_assert_cmpstr (titles, ==, "1. Orc 2|2. Goblin 2|3. Goblin 3|4. Bob|5. Alice");

  press (child (f, "begin_main_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);
  g_assert_cmpstr (visible_page (f), ==, "main");
}

static TkrPf2eCombatant *
current (Pf2eFixture *f)
{
  return TKR_PF2E_COMBATANT (tkr_encounter_get_current_slot (TKR_ENCOUNTER (f->encounter)));
}

static const char *
current_name (Pf2eFixture *f)
{
  return tkr_character_get_name (tkr_combatant_get_character (TKR_COMBATANT (current (f))));
}

static void
next_turn (Pf2eFixture *f)
{
  press (child (f, "next_turn_button"));
}

static gboolean
is_check (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_CHECK_BUTTON (widget);
}

static const char *
subtitle_of (GtkWidget *row)
{
  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static void
test_two_rounds (Pf2eFixture *f, gconstpointer data)
{
  GtkLabel *error_label = child (f, "error_label");
  GtkLabel *details_error = detail (f, "error_label");
  TkrPf2eCombatant *orc, *bob, *alice;
  GtkDropDown *conditions;
  GtkListBox *party;
  g_autofree char *text = NULL;
  TkrRules *rules;
  GListModel *log;
  gboolean logged = FALSE;

  run_setup (f, FALSE);
  orc = combatant (f, "Orc 2");
  bob = combatant (f, "Bob");
  alice = combatant (f, "Alice");

  /* Round 1, the Orc's turn: its tracker row in the accent, selected, and
   * its details beside the tracker. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->tracker)));
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpstr (tracker_label (f, "round_label"), ==, "Round 1");
  g_assert_cmpstr (tracker_label (f, "current_label"), ==, "Orc 2’s turn");
  g_assert_true (gtk_widget_has_css_class (tracker_row (f, "Orc 2"), "current"));
  g_assert_true (tkr_table_tracker_get_selected (f->tracker) == G_OBJECT (orc));
  g_assert_true (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)) == orc);
  g_assert_cmpstr (gtk_label_get_text (detail (f, "name_label")), ==, "Orc 2");
  g_assert_cmpstr (pips (f, "Orc 2"), ==, "3 of 3 actions left, reaction available");

  /* A two-action activity. */
  press (details_control (f, "Orc 2", "spend_2_button"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (orc), ==, 1);
  g_assert_cmpstr (pips (f, "Orc 2"), ==, "1 of 3 actions left, reaction available");
  /* Two more are refused by the core, and the pane says why. */
  press (details_control (f, "Orc 2", "spend_2_button"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (orc), ==, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (details_error)));
  g_assert_nonnull (strstr (gtk_label_get_text (details_error), "has 1 left"));
  /* Actions are spent on one's own turn: Bob's buttons wait. */
  g_assert_false (gtk_widget_is_sensitive (details_control (f, "Bob", "spend_1_button")));

  /* The Orc creates a 2-round effect (seed 002: it counts down at the
   * start of its creator's turns). */
  gtk_editable_set_text (details_control (f, "Orc 2", "effect_entry"), "Rage");
  set_spin (detail (f, "effect_spin"), 2);
  press (detail (f, "effect_add_button"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_pf2e_encounter_get_effects (f->encounter)), ==,
                    1);
  text = effect_text (f, "Orc 2");
  g_assert_cmpstr (text, ==, "Rage: 2 rounds left");
  g_clear_pointer (&text, g_free);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (details_error)));
  /* Only its creator lists it. */
  text = effect_text (f, "Alice");
  g_assert_cmpstr (text, ==, "");
  g_clear_pointer (&text, g_free);

  /* Alice reacts off her turn. */
  press (details_control (f, "Alice", "reaction_use_button"));
  g_assert_cmpint (tkr_pf2e_combatant_get_reactions_left (alice), ==, 0);
  /* Actions come at the start of one's turn: she has none yet. */
  g_assert_cmpstr (pips (f, "Alice"), ==, "0 of 3 actions left, reaction used");
  g_assert_false (gtk_widget_is_sensitive (details_control (f, "Alice", "reaction_use_button")));

  /* Bob goes down: Dying 1 through the catalogue. */
  rules = tkr_encounter_get_rules (TKR_ENCOUNTER (f->encounter));
  conditions = details_control (f, "Bob", "condition_dropdown");
  for (guint i = 0; i < tkr_rules_get_n_conditions (rules); i++)
    if (g_str_equal (tkr_rules_get_condition (rules, i)->id, "dying"))
      gtk_drop_down_set_selected (conditions, i);
  set_spin (detail (f, "condition_spin"), 1);
  press (detail (f, "condition_set_button"));
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Dying"), ==, 1);
  g_assert_cmpstr (tkr_pf2e_combatant_get_state (bob), ==, "dying");
  g_assert_true (has_condition (f, "Bob", "Dying 1"));
  g_assert_cmpuint (count_named (detail (f, "conditions_list"), "condition-row"), ==, 1);

  /* Goblin 2, then Goblin 3, each spends single actions; the tracker
   * selects whoever's turn comes, and the pane follows. */
  next_turn (f);
  g_assert_cmpstr (current_name (f), ==, "Goblin 2");
  g_assert_cmpstr (tracker_label (f, "current_label"), ==, "Goblin 2’s turn");
  g_assert_true (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)) == current (f));
  g_assert_false (gtk_widget_has_css_class (tracker_row (f, "Orc 2"), "current"));
  press (details_control (f, "Goblin 2", "spend_1_button"));
  press (details_control (f, "Goblin 2", "spend_free_button"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (current (f)), ==, 2);
  next_turn (f);
  g_assert_cmpstr (current_name (f), ==, "Goblin 3");
  press (details_control (f, "Goblin 3", "spend_3_button"));
  g_assert_cmpstr (pips (f, "Goblin 3"), ==, "0 of 3 actions left, reaction available");

  /* Bob's turn begins while dying: the recovery check comes first. */
  next_turn (f);
  g_assert_true (current (f) == bob);
  g_assert_true (tkr_pf2e_combatant_get_recovery_due (bob));
  g_assert_true (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)) == bob);
  g_assert_true (gtk_widget_get_visible (detail (f, "recovery")));
  g_assert_cmpstr (gtk_label_get_text (detail (f, "recovery_label")), ==,
                   "Bob is dying 1: recovery check against DC 11");
  g_assert_true (gtk_widget_get_visible (detail (f, "recovery_inputs")));
  if (g_getenv ("TKR_SCREENSHOT_DIR") != NULL)
    shot (f, "main");
  /* The core holds the turn until the check is made, and says so. */
  next_turn (f);
  g_assert_true (current (f) == bob);
  g_assert_nonnull (strstr (gtk_label_get_text (error_label), "recovery check"));
  /* A 15 against DC 11: a success, dying 1 becomes 0 (public rules). */
  set_spin (detail (f, "recovery_spin"), 15);
  press (detail (f, "recovery_enter_button"));
  g_assert_false (tkr_pf2e_combatant_get_recovery_due (bob));
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Dying"), ==, 0);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Wounded"), ==, 1);
  g_assert_cmpstr (gtk_label_get_text (detail (f, "recovery_result_label")), ==,
                   "Recovery check: 15 against DC 11, success");
  g_assert_false (gtk_widget_get_visible (detail (f, "recovery_inputs")));
  g_assert_true (has_condition (f, "Bob", "Unconscious"));
  g_assert_true (has_condition (f, "Bob", "Wounded 1"));
  next_turn (f);
  g_assert_true (current (f) == alice);
  g_assert_false (gtk_widget_get_visible (detail (f, "recovery")));
  /* Her reaction came back as her turn began. */
  g_assert_cmpstr (pips (f, "Alice"), ==, "3 of 3 actions left, reaction available");
  press (details_control (f, "Alice", "spend_1_button"));
  press (details_control (f, "Alice", "spend_1_button"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (alice), ==, 1);

  /* Round 2: the Orc's effect drops to 1 round as its turn starts. */
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_cmpstr (tracker_label (f, "round_label"), ==, "Round 2");
  g_assert_true (current (f) == orc);
  g_assert_cmpstr (pips (f, "Orc 2"), ==, "3 of 3 actions left, reaction available");
  text = effect_text (f, "Orc 2");
  g_assert_cmpstr (text, ==, "Rage: 1 round left");
  g_clear_pointer (&text, g_free);
  press (details_control (f, "Orc 2", "spend_1_button"));

  /* Previous turn goes back, and the effect with it. */
  gtk_widget_activate_action (f->view, "encounter.previous-turn", NULL);
  iterate ();
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_true (current (f) == alice);
  text = effect_text (f, "Orc 2");
  g_assert_cmpstr (text, ==, "Rage: 2 rounds left");
  g_clear_pointer (&text, g_free);
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);

  for (int i = 0; i < 4; i++)
    {
      if (current (f) != bob)
        {
          g_autofree char *name = g_strdup (current_name (f));

          press (details_control (f, name, "spend_1_button"));
        }
      next_turn (f);
    }
  g_assert_true (current (f) == alice);
  next_turn (f);
  /* At the start of the Orc's turn in round 3, the effect ends. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_pf2e_encounter_get_effects (f->encounter)), ==,
                    0);
  text = effect_text (f, "Orc 2");
  g_assert_cmpstr (text, ==, "");
  g_clear_pointer (&text, g_free);
  g_assert_null (descendant_named (detail (f, "effects_list"), "effect-row"));

  /* Pause and resume. */
  gtk_widget_activate_action (f->view, "encounter.pause", NULL);
  iterate ();
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_PAUSED);
  g_assert_true (gtk_revealer_get_reveal_child (child (f, "paused_revealer")));
  gtk_widget_activate_action (f->view, "encounter.resume", NULL);
  iterate ();
  g_assert_false (gtk_revealer_get_reveal_child (child (f, "paused_revealer")));

  /* End, with XP for Alice and a reason, on the shared End pane; the view
   * beside the tracker is gone. */
  gtk_widget_activate_action (f->view, "encounter.end", NULL);
  iterate ();
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
  g_assert_true (gtk_widget_get_visible (f->end_pane));
  g_assert_false (gtk_widget_is_visible (f->view));
  party = GTK_LIST_BOX (tkr_test_template_child (f->end_pane, TKR_TYPE_END_PANE, "party_list"));
  /* The PCs, not the Orc. */
  g_assert_nonnull (gtk_list_box_get_row_at_index (party, 1));
  g_assert_null (gtk_list_box_get_row_at_index (party, 2));
  g_assert_null (row_titled (GTK_WIDGET (party), "Orc 2"));
  g_assert_cmpint (gtk_spin_button_get_value (GTK_SPIN_BUTTON (
                     tkr_test_template_child (f->end_pane, TKR_TYPE_END_PANE, "amount_spin"))),
                   ==, 80);
  gtk_editable_set_text (
    GTK_EDITABLE (tkr_test_template_child (f->end_pane, TKR_TYPE_END_PANE, "reason_row")),
    "Drove off the goblins");
  set_spin (tkr_test_template_child (f->end_pane, TKR_TYPE_END_PANE, "amount_spin"), 60);
  /* Bob is unticked: the award is Alice's alone. */
  gtk_check_button_set_active (
    GTK_CHECK_BUTTON (tkr_test_find (row_titled (GTK_WIDGET (party), "Bob"), is_check, NULL)),
    FALSE);
  iterate ();
  press (tkr_test_template_child (f->end_pane, TKR_TYPE_END_PANE, "award_button"));
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 60);
  g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 0);
  g_assert_nonnull (strstr (subtitle_of (row_titled (GTK_WIDGET (party), "Alice")), "60 XP"));
  log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

      logged |=
        g_strcmp0 (tkr_log_entry_get_text (entry), "Alice gains 60 XP: Drove off the goblins") == 0;
    }
  g_assert_true (logged);
  shot (f, "end");

  /* Undo takes the award back, on the sheet and on screen. */
  g_assert_true (tkr_history_undo (f->history));
  iterate ();
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 0);
  g_assert_nonnull (strstr (subtitle_of (row_titled (GTK_WIDGET (party), "Alice")), " 0 XP"));
  g_assert_true (tkr_history_redo (f->history));
  iterate ();
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 60);

  gtk_widget_activate_action (f->view, "encounter.finish", NULL);
  iterate ();
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpstr (visible_page (f), ==, "freeplay");
  g_assert_true (gtk_widget_is_visible (f->view));
}

/* Roll buttons: d20 + modifier, typed-in results win; "Roll for the Rest"
 * rolls once per group for those without a result. */
static void
test_rolls (Pf2eFixture *f, gconstpointer data)
{
  int result;

  press (child (f, "add_party_button"));
  add (f, f->goblin_library);
  add (f, f->goblin_library);
  press (child (f, "begin_setup_button"));

  press (control (f, "setup_list", "Alice", "roll-button"));
  g_assert_true (tkr_pf2e_combatant_has_initiative (combatant (f, "Alice")));
  result = tkr_pf2e_combatant_get_initiative (combatant (f, "Alice"));
  g_assert_cmpint (result, >=, 1 + 7);
  g_assert_cmpint (result, <=, 20 + 7);
  g_assert_cmpint (gtk_spin_button_get_value (control (f, "setup_list", "Alice", "result-spin")),
                   ==, result);

  /* "+" on an empty result starts from an average roll: 10 + Perception. */
  gtk_spin_button_spin (control (f, "setup_list", "Bob", "result-spin"), GTK_SPIN_STEP_FORWARD, 1);
  iterate ();
  g_assert_cmpint (tkr_pf2e_combatant_get_initiative (combatant (f, "Bob")), ==, 10 + 5);

  press (child (f, "roll_rest_button"));
  g_assert_true (tkr_pf2e_combatant_has_initiative (combatant (f, "Bob")));
  g_assert_true (tkr_pf2e_combatant_has_initiative (combatant (f, "Goblin 3")));
  g_assert_false (gtk_widget_is_sensitive (child (f, "roll_rest_button")));
  g_assert_true (gtk_widget_is_sensitive (child (f, "begin_main_button")));

  /* Abandoning goes back to Freeplay. */
  gtk_widget_activate_action (f->view, "encounter.abandon-setup", NULL);
  iterate ();
  g_assert_cmpstr (visible_page (f), ==, "freeplay");
}

/* Seed 002, "Step 1: Start Your Turn": a dying creature's recovery check,
 * rolled by the app in its details; the outcome names the die and the DC. */
static void
test_recovery_roll (Pf2eFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrPf2eCombatant *second;
  const char *result;
  g_autofree char *prefix = NULL;
  int die;

  press (child (f, "add_party_button"));
  press (child (f, "begin_setup_button"));
  press (child (f, "roll_rest_button"));
  press (child (f, "begin_main_button"));
  second = g_list_model_get_item (tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter)), 1);
  g_object_unref (second);
  g_assert_true (tkr_pf2e_encounter_set_condition (f->encounter, second, "dying", 2, &error));
  g_assert_no_error (error);
  iterate ();
  select_creature (f, tkr_combatant_get_name (TKR_COMBATANT (second)));
  g_assert_false (gtk_widget_get_visible (detail (f, "recovery")));

  next_turn (f);
  g_assert_true (current (f) == second);
  g_assert_true (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)) == second);
  g_assert_true (gtk_widget_get_visible (detail (f, "recovery")));
  press (detail (f, "recovery_roll_button"));
  g_assert_false (tkr_pf2e_combatant_get_recovery_due (second));
  result = gtk_label_get_text (detail (f, "recovery_result_label"));
  g_assert_true (g_str_has_prefix (result, "Recovery check: "));
  die = atoi (result + strlen ("Recovery check: "));
  g_assert_cmpint (die, >=, 1);
  g_assert_cmpint (die, <=, 20);
  prefix = g_strdup_printf ("Recovery check: %d against DC 12, ", die);
  g_assert_true (g_str_has_prefix (result, prefix));
  /* The dying value moved with the degree (public rules). */
  if (die >= 12)
    g_assert_cmpint (tkr_pf2e_combatant_get_condition (second, "Dying"), <, 2);
  else
    g_assert_cmpint (tkr_pf2e_combatant_get_condition (second, "Dying"), >, 2);
}

/* Issue "The table tracker", details on demand: the pane shows the
 * tracker's selected row, a prompt when none is selected, and follows its
 * creature when a command changes it and when that is undone, without
 * being rebuilt (the same row widgets stay). */
static void
test_details_follow_selection (Pf2eFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrPf2eCombatant *alice, *bob;
  GtkWidget *conditions;
  GtkWidget *row;
  GtkWidget *row_after;

  press (child (f, "add_party_button"));
  press (child (f, "begin_setup_button"));
  set_spin (control (f, "setup_list", "Alice", "result-spin"), 18);
  set_spin (control (f, "setup_list", "Bob", "result-spin"), 12);
  press (child (f, "begin_main_button"));
  alice = combatant (f, "Alice");
  bob = combatant (f, "Bob");

  /* The current turn is selected as the rounds begin. */
  g_assert_true (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)) == alice);
  select_creature (f, "Bob");
  g_assert_cmpstr (gtk_label_get_text (detail (f, "name_label")), ==, "Bob");

  /* Nothing selected: a plain prompt. */
  tkr_encounter_page_set_selected (TKR_ENCOUNTER_PAGE (f->page), NULL);
  iterate ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, "details_stack")), ==, "empty");
  g_assert_null (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)));
  g_object_set (f->page, "selected", bob, NULL);
  iterate ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, "details_stack")), ==, "details");
  g_assert_true (tkr_pf2e_details_get_combatant (TKR_PF2E_DETAILS (f->details)) == bob);

  /* A command elsewhere (the core, as a key would): the pane follows. */
  select_creature (f, "Bob");
  conditions = detail (f, "conditions_list");
  g_assert_cmpuint (count_named (conditions, "condition-row"), ==, 0);
  g_assert_true (tkr_pf2e_encounter_set_condition (f->encounter, bob, "frightened", 2, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_named (conditions, "condition-row"), ==, 1);
  g_assert_true (has_condition (f, "Bob", "Frightened 2"));
  row = descendant_named (conditions, "condition-row");
  g_assert_true (tkr_pf2e_encounter_set_condition (f->encounter, bob, "frightened", 1, &error));
  g_assert_true (has_condition (f, "Bob", "Frightened 1"));
  row_after = descendant_named (conditions, "condition-row");
  g_assert_true (row == row_after);
  g_assert_true (tkr_pf2e_encounter_use_reaction (f->encounter, bob, NULL, &error));
  g_assert_cmpstr (pips (f, "Bob"), ==, "0 of 3 actions left, reaction used");
  g_assert_true (gtk_widget_is_sensitive (detail (f, "reaction_refund_button")));

  /* Undo, step by step. */
  g_assert_true (tkr_history_undo (f->history));
  g_assert_cmpstr (pips (f, "Bob"), ==, "0 of 3 actions left, reaction available");
  g_assert_false (gtk_widget_is_sensitive (detail (f, "reaction_refund_button")));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_true (has_condition (f, "Bob", "Frightened 2"));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_false (has_condition (f, "Bob", "Frightened 2"));
  g_assert_cmpuint (count_named (conditions, "condition-row"), ==, 0);

  /* Alice's row: her details, her own controls. */
  select_creature (f, "Alice");
  g_assert_true (gtk_widget_is_sensitive (detail (f, "spend_buttons")));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (alice), ==, 3);

  /* A condition's row loads it into the editor; its button removes it. */
  g_assert_true (tkr_pf2e_encounter_set_condition (f->encounter, alice, "frightened", 2, &error));
  row = descendant_named (detail (f, "conditions_list"), "condition-row");
  g_signal_emit_by_name (row, "activated");
  g_assert_cmpstr (
    tkr_rules_get_condition (tkr_encounter_get_rules (TKR_ENCOUNTER (f->encounter)),
                             gtk_drop_down_get_selected (detail (f, "condition_dropdown")))
      ->id,
    ==, "frightened");
  g_assert_cmpint (gtk_spin_button_get_value (detail (f, "condition_spin")), ==, 2);
  press (tkr_test_template_child (row, TKR_TYPE_PF2E_STATUS_ROW, "remove_button"));
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (alice, "Frightened"), ==, 0);
  g_assert_null (descendant_named (detail (f, "conditions_list"), "condition-row"));

  /* An effect she creates is listed, and its button ends it. */
  gtk_editable_set_text (detail (f, "effect_entry"), "Bless");
  set_spin (detail (f, "effect_spin"), 3);
  press (detail (f, "effect_add_button"));
  row = descendant_named (detail (f, "effects_list"), "effect-row");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "Bless: 3 rounds left");
  press (tkr_test_template_child (row, TKR_TYPE_PF2E_STATUS_ROW, "remove_button"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_pf2e_encounter_get_effects (f->encounter)), ==,
                    0);
  g_assert_null (descendant_named (detail (f, "effects_list"), "effect-row"));
  g_assert_true (tkr_history_undo (f->history));
  g_assert_nonnull (descendant_named (detail (f, "effects_list"), "effect-row"));
}

/* The Encounter page follows a switch of the campaign's system (and its
 * undo): its Pathfinder 2e parts show, and act, only for a Pathfinder 2e
 * campaign (there is no Pathfinder 2e view of its own any more to stay
 * empty: a Kleptonomicon campaign shows the Kleptonomicon's parts). */
static void
test_follows_rule_system (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GError) error = NULL;
  GtkWidget *view = tkr_encounter_page_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *pf2e_setup;
  TkrTracker *tracker;
  GObject *add_party;
  GtkButton *begin;

  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), campaign);
  iterate ();
  tkr_campaign_add_pc (campaign, "Alice");
  add_party = tkr_test_part (view, "add_party_button");
  begin = tkr_test_part (view, "begin_setup_button");
  /* A Kleptonomicon campaign: nothing of Pathfinder 2e here, not even
   * built (the first frame first, README, "Performance"). */
  g_assert_null (tkr_test_find_type (view, TKR_TYPE_PF2E_SETUP));
  g_assert_cmpstr (gtk_button_get_label (begin), !=, "_Begin Initiative");

  g_assert_true (tkr_campaign_set_rule_system (campaign, "pf2e", &error));
  g_assert_no_error (error);
  iterate ();
  pf2e_setup = tkr_test_find_type (view, TKR_TYPE_PF2E_SETUP);
  g_assert_nonnull (pf2e_setup);
  tracker = tkr_campaign_get_tracker (campaign);
  g_assert_true (TKR_IS_PF2E_ENCOUNTER (tracker));
  g_assert_true (gtk_widget_get_visible (pf2e_setup));
  g_assert_cmpstr (gtk_button_get_label (begin), ==, "_Begin Initiative");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (add_party)));
  g_signal_emit_by_name (add_party, "clicked");
  iterate ();
  g_assert_cmpuint (
    g_list_model_get_n_items (tkr_encounter_get_participants (TKR_ENCOUNTER (tracker))), ==, 1);
  gtk_widget_activate_action (view, "encounter.begin-setup", NULL);
  iterate ();
  g_assert_cmpint (tkr_tracker_get_phase (tracker), ==, TKR_PHASE_SETUP);
  gtk_widget_activate_action (view, "encounter.abandon-setup", NULL);
  iterate ();

  /* Undoing the switch brings the Kleptonomicon's parts back. */
  while (TKR_IS_PF2E_ENCOUNTER (tkr_campaign_get_tracker (campaign)) &&
         tkr_history_undo (tkr_campaign_get_history (campaign)))
    ;
  iterate ();
  g_assert_false (gtk_widget_get_visible (pf2e_setup));
  g_assert_cmpstr (gtk_button_get_label (begin), !=, "_Begin Initiative");
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Setup and Main at a phone's width, for a look (TKR_SCREENSHOT_DIR). */
static void
test_screenshots (Pf2eFixture *f, gconstpointer data)
{
  if (g_getenv ("TKR_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("TKR_SCREENSHOT_DIR is not set");
      return;
    }
  gtk_window_set_default_size (GTK_WINDOW (f->window), GPOINTER_TO_INT (data), 900);
  shot_suffix = GPOINTER_TO_INT (data) < 500 ? "-narrow" : "-wide";
  iterate ();
  run_setup (f, TRUE);
  shot (f, "main-start");
  shot_suffix = "";
}

/* Seed 002, "Step 1: Roll Initiative": the order preview is the core's
 * tentative order; a roll that moves one creature, and its undo, keep
 * every other creature's row (the same widget, renumbered in place). */
static void
test_preview_rows_kept (Pf2eFixture *f, gconstpointer data)
{
  GtkListBox *preview;
  GtkListBoxRow *alice, *goblin, *bob;
  g_autofree char *titles = NULL;

  press (child (f, "add_party_button"));
  add (f, f->goblin_library); /* Goblin 2 */
  press (child (f, "begin_setup_button"));
  set_spin (control (f, "setup_list", "Alice", "result-spin"), 20);
  set_spin (control (f, "setup_list", "Goblin 2", "result-spin"), 15);
  set_spin (control (f, "setup_list", "Bob", "result-spin"), 10);
  preview = GTK_LIST_BOX (child (f, "preview_list"));
  titles = preview_titles (f);
  g_assert_cmpstr (titles, ==, "1. Alice|2. Goblin 2|3. Bob");
  alice = gtk_list_box_get_row_at_index (preview, 0);
  goblin = gtk_list_box_get_row_at_index (preview, 1);
  bob = gtk_list_box_get_row_at_index (preview, 2);

  /* Bob's new result puts him first: the other rows stay. */
  set_spin (control (f, "setup_list", "Bob", "result-spin"), 25);
  g_clear_pointer (&titles, g_free);
  titles = preview_titles (f);
  g_assert_cmpstr (titles, ==, "1. Bob|2. Alice|3. Goblin 2");
  g_assert_true (gtk_list_box_get_row_at_index (preview, 1) == alice);
  g_assert_true (gtk_list_box_get_row_at_index (preview, 2) == goblin);

  g_assert_true (tkr_history_undo (f->history));
  iterate ();
  g_clear_pointer (&titles, g_free);
  titles = preview_titles (f);
  g_assert_cmpstr (titles, ==, "1. Alice|2. Goblin 2|3. Bob");
  g_assert_true (gtk_list_box_get_row_at_index (preview, 0) == alice);
  g_assert_true (gtk_list_box_get_row_at_index (preview, 1) == goblin);
  g_assert_nonnull (bob);
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/pf2e-view/freeplay/add-party-remove-undo", Pf2eFixture, NULL, fixture_setup,
              test_freeplay, fixture_teardown);
  g_test_add ("/pf2e-view/seed-002/initiative-ties-two-rounds-recovery-xp", Pf2eFixture, NULL,
              fixture_setup, test_two_rounds, fixture_teardown);
  g_test_add ("/pf2e-view/seed-002/roll-initiative", Pf2eFixture, NULL, fixture_setup, test_rolls,
              fixture_teardown);
  g_test_add ("/pf2e-view/seed-002/order-preview-rows-kept-across-changes", Pf2eFixture, NULL,
              fixture_setup, test_preview_rows_kept, fixture_teardown);
  g_test_add ("/pf2e-view/seed-002/recovery-check-rolled", Pf2eFixture, NULL, fixture_setup,
              test_recovery_roll, fixture_teardown);
  g_test_add ("/pf2e-view/details/follow-selection-command-and-undo", Pf2eFixture, NULL,
              fixture_setup, test_details_follow_selection, fixture_teardown);
  g_test_add_func ("/pf2e-view/follows-rule-system", test_follows_rule_system);
  g_test_add ("/pf2e-view/screenshots/narrow", Pf2eFixture, GINT_TO_POINTER (400), fixture_setup,
              test_screenshots, fixture_teardown);
  g_test_add ("/pf2e-view/screenshots/wide", Pf2eFixture, GINT_TO_POINTER (900), fixture_setup,
              test_screenshots, fixture_teardown);

  return g_test_run ();
}
