/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "encounter-fixture.h"
#include "tkr-pf2e-encounter.h"
#include "tkr-pf2e-view.h"
#include "tkr-phase-bar.h"

/*
 * The Pathfinder 2e encounter pane (seed 002, RULES.md section 2), driven
 * through its widgets: Freeplay, initiative with typed results and ties,
 * two rounds of actions, a reaction, an effect counting down, a recovery
 * check, the End with an XP award. Every step checks the core's state and
 * what the widgets show.
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
  GtkWidget *view;
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

  f->view = tkr_pf2e_view_new ();
  tkr_pf2e_view_set_campaign (TKR_PF2E_VIEW (f->view), f->campaign);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 1000);
  gtk_window_set_child (GTK_WINDOW (f->window), f->view);
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

static gpointer
child (Pf2eFixture *f, const char *name)
{
  GObject *object = gtk_widget_get_template_child (f->view, TKR_TYPE_PF2E_VIEW, name);

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

/* The control @name in the row of @creature in list @list. */
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

static const char *
pips (Pf2eFixture *f, const char *creature)
{
  return gtk_widget_get_tooltip_text (control (f, "order_list", creature, "pips"));
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

static void
test_two_rounds (Pf2eFixture *f, gconstpointer data)
{
  GtkLabel *error_label = child (f, "error_label");
  TkrPf2eCombatant *orc, *bob, *alice;
  GtkDropDown *conditions;
  TkrRules *rules;

  run_setup (f, FALSE);
  orc = combatant (f, "Orc 2");
  bob = combatant (f, "Bob");
  alice = combatant (f, "Alice");

  /* Round 1, the Orc's turn: highlighted, its row open. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_cmpstr (label_text (f, "round_label"), ==, "Round 1");
  g_assert_cmpstr (label_text (f, "current_label"), ==, "Orc 2’s turn");
  g_assert_true (
    gtk_widget_has_css_class (row_titled (child (f, "order_list"), "Orc 2"), "pf2e-current"));
  g_assert_true (adw_expander_row_get_expanded (
    ADW_EXPANDER_ROW (row_titled (child (f, "order_list"), "Orc 2"))));
  g_assert_cmpstr (pips (f, "Orc 2"), ==, "3 of 3 actions left, reaction available");

  /* A two-action activity. */
  press (control (f, "order_list", "Orc 2", "spend-2"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (orc), ==, 1);
  g_assert_cmpstr (pips (f, "Orc 2"), ==, "1 of 3 actions left, reaction available");
  /* Two more are refused by the core, and the view says why. */
  press (control (f, "order_list", "Orc 2", "spend-2"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (orc), ==, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (error_label)));
  g_assert_nonnull (strstr (gtk_label_get_text (error_label), "has 1 left"));
  /* Actions are spent on one's own turn: Bob's buttons wait. */
  g_assert_false (gtk_widget_is_sensitive (control (f, "order_list", "Bob", "spend-1")));

  /* The Orc creates a 2-round effect (seed 002: it counts down at the
   * start of its creator's turns). */
  gtk_editable_set_text (control (f, "order_list", "Orc 2", "effect-entry"), "Rage");
  set_spin (control (f, "order_list", "Orc 2", "effect-rounds"), 2);
  press (control (f, "order_list", "Orc 2", "effect-add"));
  g_assert_cmpuint (g_list_model_get_n_items (tkr_pf2e_encounter_get_effects (f->encounter)), ==,
                    1);
  g_assert_cmpstr (gtk_label_get_text (control (f, "order_list", "Orc 2", "effect-label")), ==,
                   "Rage: 2 rounds left");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (error_label)));

  /* Alice reacts off her turn. */
  press (control (f, "order_list", "Alice", "reaction-use"));
  g_assert_cmpint (tkr_pf2e_combatant_get_reactions_left (alice), ==, 0);
  /* Actions come at the start of one's turn: she has none yet. */
  g_assert_cmpstr (pips (f, "Alice"), ==, "0 of 3 actions left, reaction used");
  g_assert_false (gtk_widget_is_sensitive (control (f, "order_list", "Alice", "reaction-use")));

  /* Bob goes down: Dying 1 through the catalogue. */
  rules = tkr_encounter_get_rules (TKR_ENCOUNTER (f->encounter));
  conditions = control (f, "order_list", "Bob", "condition-dropdown");
  for (guint i = 0; i < tkr_rules_get_n_conditions (rules); i++)
    if (g_str_equal (tkr_rules_get_condition (rules, i)->id, "dying"))
      gtk_drop_down_set_selected (conditions, i);
  set_spin (control (f, "order_list", "Bob", "condition-value"), 1);
  press (control (f, "order_list", "Bob", "condition-set"));
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Dying"), ==, 1);
  g_assert_cmpstr (tkr_pf2e_combatant_get_state (bob), ==, "dying");
  g_assert_nonnull (strstr (subtitle (f, "order_list", "Bob"), "Dying 1"));
  g_assert_cmpuint (count_named (row_titled (child (f, "order_list"), "Bob"), "condition-chip"), ==,
                    1);

  /* Goblin 2, then Goblin 3, each spends single actions. */
  next_turn (f);
  g_assert_cmpstr (current_name (f), ==, "Goblin 2");
  g_assert_cmpstr (label_text (f, "current_label"), ==, "Goblin 2’s turn");
  g_assert_false (
    gtk_widget_has_css_class (row_titled (child (f, "order_list"), "Orc 2"), "pf2e-current"));
  press (control (f, "order_list", "Goblin 2", "spend-1"));
  press (control (f, "order_list", "Goblin 2", "spend-free"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (current (f)), ==, 2);
  next_turn (f);
  g_assert_cmpstr (current_name (f), ==, "Goblin 3");
  press (control (f, "order_list", "Goblin 3", "spend-3"));
  g_assert_cmpstr (pips (f, "Goblin 3"), ==, "0 of 3 actions left, reaction available");

  /* Bob's turn begins while dying: the recovery check comes first. */
  next_turn (f);
  g_assert_true (current (f) == bob);
  g_assert_true (tkr_pf2e_combatant_get_recovery_due (bob));
  g_assert_true (gtk_revealer_get_reveal_child (child (f, "recovery_revealer")));
  g_assert_cmpstr (label_text (f, "recovery_label"), ==,
                   "Bob is dying 1: recovery check against DC 11");
  g_assert_true (gtk_widget_get_visible (child (f, "recovery_inputs")));
  if (g_getenv ("TKR_SCREENSHOT_DIR") != NULL)
    shot (f, "main");
  /* The core holds the turn until the check is made, and says so. */
  next_turn (f);
  g_assert_true (current (f) == bob);
  g_assert_nonnull (strstr (gtk_label_get_text (error_label), "recovery check"));
  /* A 15 against DC 11: a success, dying 1 becomes 0 (public rules). */
  set_spin (child (f, "recovery_spin"), 15);
  press (child (f, "recovery_enter_button"));
  g_assert_false (tkr_pf2e_combatant_get_recovery_due (bob));
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Dying"), ==, 0);
  g_assert_cmpint (tkr_pf2e_combatant_get_condition (bob, "Wounded"), ==, 1);
  g_assert_cmpstr (label_text (f, "recovery_result_label"), ==,
                   "Recovery check: 15 against DC 11, success");
  g_assert_false (gtk_widget_get_visible (child (f, "recovery_inputs")));
  g_assert_nonnull (strstr (subtitle (f, "order_list", "Bob"), "Unconscious"));
  g_assert_nonnull (strstr (subtitle (f, "order_list", "Bob"), "Wounded 1"));
  next_turn (f);
  g_assert_true (current (f) == alice);
  g_assert_false (gtk_revealer_get_reveal_child (child (f, "recovery_revealer")));
  /* Her reaction came back as her turn began. */
  g_assert_cmpstr (pips (f, "Alice"), ==, "3 of 3 actions left, reaction available");
  press (control (f, "order_list", "Alice", "spend-1"));
  press (control (f, "order_list", "Alice", "spend-1"));
  g_assert_cmpint (tkr_pf2e_combatant_get_actions_left (alice), ==, 1);

  /* Round 2: the Orc's effect drops to 1 round as its turn starts. */
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_cmpstr (label_text (f, "round_label"), ==, "Round 2");
  g_assert_true (current (f) == orc);
  g_assert_cmpstr (pips (f, "Orc 2"), ==, "3 of 3 actions left, reaction available");
  g_assert_cmpstr (gtk_label_get_text (control (f, "order_list", "Orc 2", "effect-label")), ==,
                   "Rage: 1 round left");
  press (control (f, "order_list", "Orc 2", "spend-1"));

  /* Previous turn goes back, and the row's effect with it. */
  gtk_widget_activate_action (f->view, "encounter.previous-turn", NULL);
  iterate ();
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 1);
  g_assert_true (current (f) == alice);
  g_assert_cmpstr (gtk_label_get_text (control (f, "order_list", "Orc 2", "effect-label")), ==,
                   "Rage: 2 rounds left");
  next_turn (f);
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);

  for (int i = 0; i < 4; i++)
    {
      if (current (f) != bob)
        {
          g_autofree char *name = g_strdup (current_name (f));

          press (control (f, "order_list", name, "spend-1"));
        }
      next_turn (f);
    }
  g_assert_true (current (f) == alice);
  next_turn (f);
  /* At the start of the Orc's turn in round 3, the effect ends. */
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tkr_pf2e_encounter_get_effects (f->encounter)), ==,
                    0);
  g_assert_null (descendant_named (row_titled (child (f, "order_list"), "Orc 2"), "effect-label"));

  /* Pause and resume. */
  gtk_widget_activate_action (f->view, "encounter.pause", NULL);
  iterate ();
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_PAUSED);
  g_assert_true (gtk_revealer_get_reveal_child (child (f, "paused_revealer")));
  gtk_widget_activate_action (f->view, "encounter.resume", NULL);
  iterate ();
  g_assert_false (gtk_revealer_get_reveal_child (child (f, "paused_revealer")));

  /* End, with XP for Alice and a reason. */
  gtk_widget_activate_action (f->view, "encounter.end", NULL);
  iterate ();
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
  g_assert_cmpstr (visible_page (f), ==, "end");
  g_assert_null (row_titled (child (f, "end_list"), "Orc 2"));
  g_assert_true (gtk_widget_get_visible (child (f, "no_awards_label")));
  g_assert_cmpint (gtk_spin_button_get_value (control (f, "end_list", "Alice", "award-amount")), ==,
                   80);
  gtk_editable_set_text (child (f, "reason_row"), "Drove off the goblins");
  set_spin (control (f, "end_list", "Alice", "award-amount"), 60);
  press (control (f, "end_list", "Alice", "award-button"));
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 60);
  g_assert_cmpstr (subtitle (f, "end_list", "Alice"), ==, "60 XP in all");
  g_assert_nonnull (
    row_titled (child (f, "awards_list"), "Alice gains 60 XP: Drove off the goblins"));
  g_assert_false (gtk_widget_get_visible (child (f, "no_awards_label")));
  shot (f, "end");

  /* Undo takes the award back, on the sheet and on screen. */
  g_assert_true (tkr_history_undo (f->history));
  iterate ();
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 0);
  g_assert_cmpstr (subtitle (f, "end_list", "Alice"), ==, "0 XP in all");
  g_assert_true (gtk_widget_get_visible (child (f, "no_awards_label")));
  g_assert_true (tkr_history_redo (f->history));
  iterate ();
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 60);

  press (child (f, "finish_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpstr (visible_page (f), ==, "freeplay");
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
 * rolled by the app; the outcome names the die and the DC. */
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
  g_assert_false (gtk_revealer_get_reveal_child (child (f, "recovery_revealer")));

  next_turn (f);
  g_assert_true (current (f) == second);
  g_assert_true (gtk_revealer_get_reveal_child (child (f, "recovery_revealer")));
  press (child (f, "recovery_roll_button"));
  g_assert_false (tkr_pf2e_combatant_get_recovery_due (second));
  result = label_text (f, "recovery_result_label");
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

/* The view is empty for a campaign of another system, and follows a
 * switch of the campaign's system (and its undo). */
static void
test_follows_rule_system (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  g_autoptr (GError) error = NULL;
  GtkWidget *view = tkr_pf2e_view_new ();
  GtkWidget *window = gtk_window_new ();
  TkrTracker *tracker;
  GObject *add_party;

  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  tkr_pf2e_view_set_campaign (TKR_PF2E_VIEW (view), campaign);
  iterate ();
  tkr_campaign_add_pc (campaign, "Alice");
  add_party = gtk_widget_get_template_child (view, TKR_TYPE_PF2E_VIEW, "add_party_button");
  /* A Kleptonomicon campaign: nothing here to act on. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (add_party)));

  g_assert_true (tkr_campaign_set_rule_system (campaign, "pf2e", &error));
  g_assert_no_error (error);
  iterate ();
  tracker = tkr_campaign_get_tracker (campaign);
  g_assert_true (TKR_IS_PF2E_ENCOUNTER (tracker));
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

  /* Undoing the switch empties the view again. */
  while (TKR_IS_PF2E_ENCOUNTER (tkr_campaign_get_tracker (campaign)) &&
         tkr_history_undo (tkr_campaign_get_history (campaign)))
    ;
  iterate ();
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (add_party)));
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
  g_test_add ("/pf2e-view/seed-002/recovery-check-rolled", Pf2eFixture, NULL, fixture_setup,
              test_recovery_roll, fixture_teardown);
  g_test_add_func ("/pf2e-view/follows-rule-system", test_follows_rule_system);
  g_test_add ("/pf2e-view/screenshots/narrow", Pf2eFixture, GINT_TO_POINTER (400), fixture_setup,
              test_screenshots, fixture_teardown);
  g_test_add ("/pf2e-view/screenshots/wide", Pf2eFixture, GINT_TO_POINTER (900), fixture_setup,
              test_screenshots, fixture_teardown);

  return g_test_run ();
}
