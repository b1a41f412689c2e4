/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "encounter-fixture.h"
#include "tkr-d20-details.h"
#include "tkr-d20-encounter.h"
#include "tkr-d20-participant-row.h"
#include "tkr-d20-setup.h"
#include "tkr-d20-tools.h"
#include "tkr-encounter-page.h"
#include "tkr-end-pane.h"
#include "tkr-phase-bar.h"
#include "tkr-test-widgets.h"

/*
 * The d20 system's encounter view (seed 003), driven through its widgets
 * on the Encounter page: Freeplay (participants, speeds, mana, rests,
 * time), the Tools (travel, falling, breath), Setup (typed initiative, a
 * tie settled by a contest, surprise), two rounds of actions, bonus
 * actions, reactions and movement (difficult terrain, a refused over-move)
 * through the table tracker and the view as its details pane
 * (help/C/d20.page), and the End's experience through the End pane. Each
 * step checks the core's state and what the widgets say.
 */

typedef struct
{
  TkrRules *rules;
  TkrCampaign *campaign;
  TkrHistory *history;
  TkrD20Encounter *encounter;
  TkrCharacter *alice; /* PC, Agility +3 */
  TkrCharacter *bob;   /* PC, Agility +1 */
  TkrCharacter *orc;   /* the encounter's copy of the library Orc, Agility 0 */
  TkrEncounterPage *page;
  GtkWidget *view; /* the system's side of the page */
  TkrTableTracker *tracker;
  GtkWidget *window;
} D20Fixture;

static TkrCharacter *
with_agility (TkrCharacter *character, int agility)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_character_set_modifier (character, NULL, TKR_MODIFIER_KIND_SAVE, "Agility",
                                             agility, &error));
  g_assert_no_error (error);
  return character;
}

static TkrCharacter *
join (D20Fixture *f, TkrCharacter *character)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *joined = tkr_campaign_add_to_encounter (f->campaign, character, &error);

  g_assert_no_error (error);
  g_assert_nonnull (joined);
  return joined;
}

/* With TKR_SCREENSHOT_DIR set, saves the window as NAME.png there (for
 * looking at the view; TKR_SCREENSHOT_SIZE "400x900" sets the window). */
static void
screenshot (D20Fixture *f, const char *name)
{
  const char *dir = g_getenv ("TKR_SCREENSHOT_DIR");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int width, height;
  gint64 end;

  if (dir == NULL)
    return;
  end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  width = gtk_widget_get_width (f->window);
  height = gtk_widget_get_height (f->window);
  paintable = gtk_widget_paintable_new (f->window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (f->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  path = g_strdup_printf ("%s/%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
d20_setup (D20Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  TkrTracker *tracker;

  memset (f, 0, sizeof *f);
  f->rules = tkr_rules_new_from_resource ("d20", &error);
  g_assert_no_error (error);
  f->campaign = tkr_campaign_new (f->rules);
  f->history = tkr_campaign_get_history (f->campaign);
  tracker = tkr_campaign_get_tracker (f->campaign);
  g_assert_true (TKR_IS_D20_ENCOUNTER (tracker));
  f->encounter = TKR_D20_ENCOUNTER (tracker);

  f->alice = join (f, with_agility (tkr_campaign_add_pc (f->campaign, "Alice"), 3));
  f->bob = join (f, with_agility (tkr_campaign_add_pc (f->campaign, "Bob"), 1));
  f->orc = join (f, with_agility (tkr_campaign_add_npc (f->campaign, "Orc"), 0));

  f->page = TKR_ENCOUNTER_PAGE (tkr_encounter_page_new ());
  tkr_encounter_page_set_campaign (f->page, f->campaign);
  f->view = tkr_test_template_child (GTK_WIDGET (f->page), TKR_TYPE_ENCOUNTER_PAGE, "system_box");
  f->tracker = tkr_encounter_page_get_table_tracker (f->page);
  f->window = gtk_window_new ();
  {
    const char *size = g_getenv ("TKR_SCREENSHOT_SIZE");
    int width = 1280, height = 800;

    if (size != NULL)
      g_assert_cmpint (sscanf (size, "%dx%d", &width, &height), ==, 2);
    gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  }
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (fixture_wait_until (widget_is_mapped, f->view));
  fixture_iterate ();
}

static void
d20_teardown (D20Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  fixture_iterate ();
  g_clear_object (&f->campaign);
  g_clear_object (&f->rules);
}

static gpointer
child (D20Fixture *f, const char *name)
{
  /* The page's part, or a shown part's: Freeplay and its time and Tools,
   * the Setup. */
  GObject *object = tkr_test_part (GTK_WIDGET (f->page), name);

  g_assert_nonnull (object);
  return object;
}

static GtkWidget *
find_named_in (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named_in (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A control by its accessible name (the view names widgets the same). */
static gpointer named (D20Fixture *f, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gpointer
named (D20Fixture *f, const char *format, ...)
{
  va_list args;
  g_autofree char *name = NULL;
  GtkWidget *widget;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  widget = find_named_in (GTK_WIDGET (f->view), name);
  if (widget == NULL)
    g_error ("no widget named “%s”", name);
  return widget;
}

static void
set_spin (gpointer spin, double value)
{
  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  fixture_iterate ();
}

static void
activate (D20Fixture *f, const char *action)
{
  gtk_widget_activate_action (GTK_WIDGET (f->view), action, NULL);
  fixture_iterate ();
}

static const char *
visible_page (D20Fixture *f)
{
  return gtk_stack_get_visible_child_name (child (f, "stack"));
}

/* Every label text under @root, joined by newlines. */
static void
gather_text (GtkWidget *root, GString *out)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_visible (root))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (root)));
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    gather_text (c, out);
}

static char *
text_of (gpointer widget)
{
  GString *out = g_string_new (NULL);

  gather_text (GTK_WIDGET (widget), out);
  return g_string_free (out, FALSE);
}

static TkrD20Details *
details (D20Fixture *f)
{
  TkrD20Details *found = tkr_test_find_type (GTK_WIDGET (f->page), TKR_TYPE_D20_DETAILS);

  g_assert_nonnull (found);
  return found;
}

/* Selects @name's row in the table tracker (the slots come in the turn
 * order): the details pane then shows that combatant. */
static void
select_row (D20Fixture *f, const char *name)
{
  GListModel *order = tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter));

  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (TkrCombatant) slot = g_list_model_get_item (order, i);

      if (g_strcmp0 (tkr_combatant_get_name (slot), name) != 0)
        continue;
      tkr_table_tracker_select (f->tracker, i);
      fixture_iterate ();
      g_assert_true (tkr_encounter_page_get_selected (f->page) == G_OBJECT (slot));
      g_assert_true (tkr_d20_details_get_combatant (details (f)) == TKR_D20_COMBATANT (slot));
      g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, "details_stack")), ==,
                       "details");
      return;
    }
  g_error ("no row for “%s”", name);
}

/* What the details pane says of @name, once that row is selected. */
static char *
card_text (D20Fixture *f, const char *name)
{
  select_row (f, name);
  return text_of (details (f));
}

static GtkLabel *
details_error_label (D20Fixture *f)
{
  return GTK_LABEL (
    tkr_test_template_child (GTK_WIDGET (details (f)), TKR_TYPE_D20_DETAILS, "error_label"));
}

static GtkWidget *
end_pane (D20Fixture *f)
{
  return tkr_test_template_child (GTK_WIDGET (f->page), TKR_TYPE_ENCOUNTER_PAGE, "end_pane");
}

static gpointer
end_child (D20Fixture *f, const char *id)
{
  return tkr_test_template_child (end_pane (f), TKR_TYPE_END_PANE, id);
}

static gboolean
is_check (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_CHECK_BUTTON (widget);
}

/* Ticks or unticks @name's row of the End pane. */
static void
tick (D20Fixture *f, const char *name, gboolean ticked)
{
  GtkListBox *party = GTK_LIST_BOX (end_child (f, "party_list"));
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (party, i)) != NULL; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), name) == 0)
      {
        gtk_check_button_set_active (
          GTK_CHECK_BUTTON (tkr_test_find (GTK_WIDGET (row), is_check, NULL)), ticked);
        fixture_iterate ();
        return;
      }
  g_error ("no End pane row for “%s”", name);
}

static TkrD20Combatant *
combatant (D20Fixture *f, TkrCharacter *character)
{
  TkrD20Combatant *found = tkr_d20_encounter_find (f->encounter, character);

  g_assert_nonnull (found);
  return found;
}

/* A refusal shows where the command was given: the view's own pages, or
 * the details pane. */
static void
assert_error_shown (D20Fixture *f, const char *part)
{
  GtkLabel *label = child (f, "error_label");

  if (!gtk_widget_get_visible (GTK_WIDGET (label)))
    label = details_error_label (f);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (label)));
  g_assert_nonnull (strstr (gtk_label_get_text (label), part));
}

static void
assert_no_error_shown (D20Fixture *f)
{
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (f, "error_label"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (details_error_label (f))));
}

static void
test_actions_installed (void)
{
  static const char *const expected[] = {
    "encounter.begin-setup", "encounter.abandon-setup", "encounter.begin-main",
    "encounter.next-turn",   "encounter.previous-turn", "encounter.pause",
    "encounter.resume",      "encounter.end",           "encounter.finish",
  };
  GtkWidgetClass *klass = g_type_class_ref (TKR_TYPE_ENCOUNTER_PAGE);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      gboolean found = FALSE;
      GType owner;
      const char *name;
      const GVariantType *parameter_type;
      const char *property;

      for (guint j = 0;
           gtk_widget_class_query_action (klass, j, &owner, &name, &parameter_type, &property); j++)
        if (g_str_equal (name, expected[i]))
          found = TRUE;
      g_assert_true (found);
    }
  g_type_class_unref (klass);
}

/* A campaign of another system leaves the d20 parts unbuilt (the first
 * frame first, README, "Performance") and, once built by a switch to d20
 * and back, hidden and inert. */
static void
test_other_system_ignored (void)
{
  TkrCampaign *campaign = tkr_campaign_new (tkr_rules_get_default ());
  GtkWidget *view = tkr_encounter_page_new ();
  GtkWidget *d20_setup;
  g_autoptr (GError) error = NULL;

  g_object_ref_sink (view);
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), campaign);
  g_assert_true (tkr_encounter_page_get_campaign (TKR_ENCOUNTER_PAGE (view)) == campaign);
  g_assert_null (tkr_test_find_type (view, TKR_TYPE_D20_SETUP));
  g_assert_null (tkr_test_find_type (view, TKR_TYPE_D20_DETAILS));
  g_assert_true (tkr_campaign_set_rule_system (campaign, "d20", &error));
  g_assert_no_error (error);
  d20_setup = tkr_test_find_type (view, TKR_TYPE_D20_SETUP);
  g_assert_nonnull (d20_setup);
  g_assert_true (tkr_history_undo (tkr_campaign_get_history (campaign)));
  g_assert_cmpstr (tkr_campaign_get_rule_system (campaign), ==,
                   tkr_rules_get_id (tkr_rules_get_default ()));
  g_assert_false (gtk_widget_get_visible (d20_setup));
  gtk_widget_activate_action (d20_setup, "encounter.begin-setup", NULL);
  g_assert_cmpint (tkr_tracker_get_phase (tkr_campaign_get_tracker (campaign)), ==,
                   TKR_PHASE_FREEPLAY);
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), NULL);
  g_object_unref (view);
  g_object_unref (campaign);
}

/* Freeplay: participants, the party button, speeds and mana set by the GM,
 * time passing and the rests (seed, Resting). */
static void
test_freeplay (D20Fixture *f, gconstpointer data)
{
  TkrD20Combatant *a = combatant (f, f->alice);
  GtkListBox *list = child (f, "participants_list");
  GListModel *combatants = tkr_d20_encounter_get_creatures (f->encounter);
  TkrCharacter *carol;
  g_autofree char *rest_text = NULL;

  g_assert_cmpstr (visible_page (f), ==, "freeplay");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (gtk_list_box_get_row_at_index (list, 0)), TRUE);
  screenshot (f, "d20-freeplay");
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 2));
  g_assert_null (gtk_list_box_get_row_at_index (list, 3));
  g_assert_cmpstr (
    adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (list, 0))),
    ==, "Alice");
  g_assert_false (gtk_widget_get_sensitive (child (f, "add_party_button")));

  /* A new PC: the party button adds her in one undoable step. */
  carol = tkr_campaign_add_pc (f->campaign, "Carol");
  fixture_iterate ();
  g_assert_true (gtk_widget_get_sensitive (child (f, "add_party_button")));
  click (child (f, "add_party_button"));
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 4);
  g_assert_nonnull (tkr_d20_encounter_find (f->encounter, carol));
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 3));
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (combatants), ==, 3);
  g_assert_null (gtk_list_box_get_row_at_index (list, 3));

  /* Speeds per kind (seed, Movement). */
  set_spin (named (f, "Fly speed of Alice"), 60);
  g_assert_cmpint (tkr_d20_combatant_get_speed (a, "fly"), ==, 60);
  g_assert_cmpint (tkr_d20_combatant_get_speed (a, "walk"), ==, 30);

  /* Mana: raising the maximum first, then spending some. */
  set_spin (named (f, "Most mana of Alice"), 6);
  set_spin (named (f, "Mana of Alice"), 1);
  g_assert_cmpint (tkr_d20_combatant_get_mana_max (a), ==, 6);
  g_assert_cmpint (tkr_d20_combatant_get_mana (a), ==, 1);
  {
    g_autofree char *subtitle = NULL;

    g_object_get (gtk_list_box_get_row_at_index (list, 0), "subtitle", &subtitle, NULL);
    g_assert_cmpstr (subtitle, ==, "PC · Agility +3 · Mana 1/6");
  }

  /* Resting (seed): a short rest gives back half the spent mana (5 -> 2);
   * a day without a long rest owes a Stamina check, DC 20. */
  click (named (f, "Short rest for Alice"));
  g_assert_cmpint (tkr_d20_combatant_get_mana (a), ==, 3);
  set_spin (child (f, "pass_hours_spin"), 24);
  click (child (f, "pass_time_button"));
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (a), ==, 1);
  g_assert_cmpint (tkr_d20_combatant_get_hours_since_long_rest (a), ==, 24);
  rest_text = text_of (gtk_list_box_get_row_at_index (list, 0));
  g_assert_nonnull (strstr (rest_text, "24 h since a long rest"));
  g_assert_nonnull (strstr (rest_text, "1 Stamina check owed (DC 20)"));
  g_assert_true (gtk_widget_get_sensitive (named (f, "Roll a Stamina check for Alice")));
  click (named (f, "Roll a Stamina check for Alice"));
  g_assert_cmpint (tkr_d20_combatant_get_stamina_checks_due (a), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (named (f, "Roll a Stamina check for Alice")));

  click (named (f, "Long rest for Alice"));
  g_assert_cmpint (tkr_d20_combatant_get_mana (a), ==, 6);
  g_assert_cmpint (tkr_d20_combatant_get_hours_since_long_rest (a), ==, 0);
  assert_no_error_shown (f);

  /* Removing a participant, and undoing it. */
  click (named (f, "Remove Bob from the encounter"));
  g_assert_null (tkr_d20_encounter_find (f->encounter, f->bob));
  g_assert_null (gtk_list_box_get_row_at_index (list, 2));
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_nonnull (tkr_d20_encounter_find (f->encounter, f->bob));
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 2));
}

static const char *
subtitle_of (D20Fixture *f, const char *row)
{
  return adw_action_row_get_subtitle (child (f, row));
}

/* Tools: travel (seed, Traveling), falling (Fall Damage) and breath
 * (Suffocating), each computed by the core from the rule data. */
static void
test_tools (D20Fixture *f, gconstpointer data)
{
  guint n_undo = tkr_history_get_n_undo (f->history);

  adw_expander_row_set_expanded (child (f, "travel_row"), TRUE);
  adw_expander_row_set_expanded (child (f, "fall_row"), TRUE);
  adw_expander_row_set_expanded (child (f, "breath_row"), TRUE);

  /* Normal pace, 8 hours, half of them in difficult terrain: 4 mph and
   * 2 mph, 24 miles; two hours past 6 are a forced march, DC 11 and 12. */
  gtk_drop_down_set_selected (child (f, "travel_pace_dropdown"), TKR_D20_PACE_NORMAL);
  set_spin (child (f, "travel_hours_spin"), 8);
  set_spin (child (f, "travel_difficult_spin"), 50);
  g_assert_cmpstr (subtitle_of (f, "travel_distance_row"), ==, "24.0 miles in the day");
  g_assert_nonnull (strstr (subtitle_of (f, "travel_march_row"), "2 Stamina checks, DC 11, 12"));
  g_assert_cmpstr (subtitle_of (f, "travel_checks_row"), ==, "Threat on Stealth");

  /* Hasty: threat on Observation and Stealth; within 6 hours, no march. */
  gtk_drop_down_set_selected (child (f, "travel_pace_dropdown"), TKR_D20_PACE_HASTY);
  set_spin (child (f, "travel_hours_spin"), 6);
  set_spin (child (f, "travel_difficult_spin"), 0);
  g_assert_cmpstr (subtitle_of (f, "travel_distance_row"), ==, "36.0 miles in the day");
  g_assert_nonnull (strstr (subtitle_of (f, "travel_march_row"), "None"));
  g_assert_cmpstr (subtitle_of (f, "travel_checks_row"), ==, "Threat on Observation, Stealth");

  /* Travel by Flight: only for an all-flying group, one hour a day. */
  set_spin (child (f, "travel_flight_spin"), 1);
  g_assert_nonnull (strstr (subtitle_of (f, "travel_distance_row"), "can all fly"));
  gtk_switch_set_active (child (f, "travel_flying_switch"), TRUE);
  fixture_iterate ();
  g_assert_cmpstr (subtitle_of (f, "travel_distance_row"), ==, "61.0 miles in the day");
  g_assert_nonnull (strstr (subtitle_of (f, "travel_checks_row"), "in flight"));
  screenshot (f, "d20-tools-travel");
  set_spin (child (f, "travel_flight_spin"), 2);
  g_assert_nonnull (strstr (subtitle_of (f, "travel_distance_row"), "at most 1 hour"));

  /* Falling 45 feet: 3 wounds and a Reflex check DC 45. */
  set_spin (child (f, "fall_spin"), 45);
  g_assert_cmpstr (subtitle_of (f, "fall_result_row"), ==,
                   "3 wounds, then a Reflex check DC 45 or land prone");
  g_assert_cmpint (tkr_d20_fall_wounds (f->rules, 45), ==, 3);

  /* Vitality 2: 120 + 10 seconds, 2 + 1 rounds. */
  set_spin (child (f, "vitality_spin"), 2);
  g_assert_nonnull (strstr (subtitle_of (f, "breath_result_row"), "130 seconds"));
  g_assert_nonnull (strstr (subtitle_of (f, "breath_result_row"), "3 rounds in combat"));
  {
    GtkAdjustment *scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (
      gtk_widget_get_ancestor (child (f, "fall_row"), GTK_TYPE_SCROLLED_WINDOW)));

    gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll));
    screenshot (f, "d20-tools-fall-breath");
  }

  /* The tools change nothing in the encounter. */
  g_assert_cmpuint (tkr_history_get_n_undo (f->history), ==, n_undo);
}

static void
type_initiative (D20Fixture *f, const char *name, int total)
{
  set_spin (named (f, "Initiative of %s", name), total);
  click (named (f, "Set the initiative of %s", name));
}

/* The Setup's order preview is the core's order (seed, Initiative), the
 * last tie-break included: with a contest begun, who has rolled in it
 * comes first, not who joined first. */
static void
test_preview_is_core_order (D20Fixture *f, gconstpointer data)
{
  const char *orc = tkr_character_get_name (f->orc);
  g_autoptr (GPtrArray) order = NULL;
  g_autofree char *text = NULL;

  click (child (f, "begin_setup_button"));
  type_initiative (f, "Alice", 15);
  type_initiative (f, "Bob", 15);
  type_initiative (f, orc, 12);
  set_spin (named (f, "Contest roll of Bob"), 7);
  click (named (f, "Set the contest roll of Bob"));
  assert_no_error_shown (f);

  order = tkr_d20_encounter_sort_order (f->encounter);
  g_assert_true (order->pdata[0] == combatant (f, f->bob));
  g_assert_true (order->pdata[1] == combatant (f, f->alice));
  text = text_of (child (f, "order_list"));
  g_assert_nonnull (strstr (text, "1. Bob"));
  g_assert_nonnull (strstr (text, "2. Alice"));
  g_assert_nonnull (strstr (text, "3. "));
}

/* Seed, Initiative (ties roll again as a contest): the Setup's tie rows
 * and order preview are the core's lists; a contest roll that moves one
 * combatant, and its undo, keep every other row as the same widget, each
 * showing its combatant's new state in place. */
static void
test_setup_rows_kept (D20Fixture *f, gconstpointer data)
{
  const char *orc = tkr_character_get_name (f->orc);
  GtkListBox *ties, *preview;
  GtkListBoxRow *alice_tie, *bob_tie, *orc_place;

  click (child (f, "begin_setup_button"));
  type_initiative (f, "Alice", 15);
  type_initiative (f, "Bob", 15);
  type_initiative (f, orc, 12);
  ties = GTK_LIST_BOX (child (f, "ties_list"));
  preview = GTK_LIST_BOX (child (f, "order_list"));
  alice_tie = gtk_list_box_get_row_at_index (ties, 0);
  bob_tie = gtk_list_box_get_row_at_index (ties, 1);
  orc_place = gtk_list_box_get_row_at_index (preview, 2);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (bob_tie)), ==, "Bob");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (bob_tie)), "rolls now"));
  g_assert_true (
    g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (orc_place)), "3. "));

  /* Bob's contest roll puts him first; Alice still owes hers. */
  set_spin (named (f, "Contest roll of Bob"), 7);
  click (named (f, "Set the contest roll of Bob"));
  assert_no_error_shown (f);
  g_assert_true (gtk_list_box_get_row_at_index (ties, 0) == alice_tie);
  g_assert_true (gtk_list_box_get_row_at_index (ties, 1) == bob_tie);
  g_assert_nonnull (
    strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (bob_tie)), "contest rolls 7"));
  g_assert_true (gtk_list_box_get_row_at_index (preview, 2) == orc_place);
  g_assert_cmpstr (adw_preferences_row_get_title (
                     ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (preview, 0))),
                   ==, "1. Bob");

  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_true (gtk_list_box_get_row_at_index (ties, 0) == alice_tie);
  g_assert_true (gtk_list_box_get_row_at_index (ties, 1) == bob_tie);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (bob_tie)), "rolls now"));
  g_assert_true (gtk_list_box_get_row_at_index (preview, 2) == orc_place);
  g_assert_cmpstr (adw_preferences_row_get_title (
                     ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (preview, 0))),
                   ==, "1. Alice");
}

/* Setup to End through the widgets: typed initiatives with a tie settled
 * by a contest and a surprised Orc (seed, Initiative, Surprise), two
 * rounds of actions and movement (seed, Rounds & Turns, Movement,
 * Difficult Terrain), a refused over-move, then experience. */
static void
test_two_rounds (D20Fixture *f, gconstpointer data)
{
  TkrD20Combatant *a = combatant (f, f->alice);
  TkrD20Combatant *b = combatant (f, f->bob);
  TkrD20Combatant *o = combatant (f, f->orc);
  const char *orc = tkr_character_get_name (f->orc);
  GListModel *order = tkr_encounter_get_order (TKR_ENCOUNTER (f->encounter));
  g_autofree char *text = NULL;
  GListModel *log;
  GtkListBox *party;
  gboolean reason_logged = FALSE;

  /* Alice can fly as well as walk. */
  set_spin (named (f, "Fly speed of Alice"), 60);
  g_assert_cmpint (tkr_d20_combatant_get_speed (a, "fly"), ==, 60);

  /* Roll Initiative */
  g_assert_true (gtk_widget_get_sensitive (child (f, "begin_setup_button")));
  click (child (f, "begin_setup_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);
  g_assert_cmpstr (visible_page (f), ==, "setup");
  g_assert_false (gtk_widget_get_sensitive (child (f, "begin_main_button")));

  /* Agility typed by the GM, the Orc surprised. */
  set_spin (named (f, "Agility of Alice"), 4);
  g_assert_cmpint (tkr_d20_combatant_get_agility (a), ==, 4);
  gtk_check_button_set_active (named (f, "%s is surprised", orc), TRUE);
  fixture_iterate ();
  g_assert_true (tkr_d20_combatant_get_surprised (o));

  type_initiative (f, "Alice", 15);
  type_initiative (f, "Bob", 15);
  type_initiative (f, orc, 12);
  g_assert_cmpint (tkr_d20_combatant_get_initiative (a), ==, 15);
  g_assert_cmpint (tkr_d20_combatant_get_initiative (o), ==, 12);

  /* The tie: shown, and Round 1 waits for the contest. */
  g_assert_true (gtk_widget_get_visible (child (f, "ties_group")));
  g_assert_false (gtk_widget_get_sensitive (child (f, "begin_main_button")));
  text = text_of (child (f, "ties_list"));
  g_assert_nonnull (strstr (text, "Tied at 15 · rolls now"));
  g_clear_pointer (&text, g_free);
  activate (f, "encounter.begin-main");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_SETUP);

  set_spin (named (f, "Contest roll of Alice"), 18);
  click (named (f, "Set the contest roll of Alice"));
  text = text_of (child (f, "ties_list"));
  g_assert_nonnull (strstr (text, "contest rolls 18"));
  g_clear_pointer (&text, g_free);
  set_spin (named (f, "Contest roll of Bob"), 7);
  click (named (f, "Set the contest roll of Bob"));
  g_assert_false (gtk_widget_get_visible (child (f, "ties_group")));
  assert_no_error_shown (f);

  screenshot (f, "d20-setup");

  /* The preview: Alice (contest 18), Bob (contest 7), the Orc. */
  text = text_of (child (f, "order_list"));
  {
    const char *alice_at = strstr (text, "1. Alice");
    const char *bob_at = strstr (text, "2. Bob");

    g_assert_nonnull (alice_at);
    g_assert_nonnull (bob_at);
    g_assert_nonnull (strstr (text, "Initiative 15 (contest 18)"));
    g_assert_nonnull (strstr (text, "Initiative 15 (contest 7)"));
    g_assert_nonnull (strstr (text, "surprised, skips the first turn"));
  }
  g_clear_pointer (&text, g_free);

  /* Start Round 1 */
  g_assert_true (gtk_widget_get_sensitive (child (f, "begin_main_button")));
  click (child (f, "begin_main_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);
  g_assert_cmpstr (visible_page (f), ==, "main");
  g_assert_cmpuint (g_list_model_get_n_items (order), ==, 3);
  {
    g_autoptr (TkrD20Combatant) first = g_list_model_get_item (order, 0);
    g_autoptr (TkrD20Combatant) second = g_list_model_get_item (order, 1);

    g_assert_true (first == a);
    g_assert_true (second == b);
  }
  g_assert_cmpstr (gtk_label_get_text (child (f, "turn_label")), ==, "Round 1");
  g_assert_cmpstr (gtk_label_get_text (child (f, "step_label")), ==, "Alice’s turn");
  text = card_text (f, orc);
  g_assert_nonnull (strstr (text, "Surprised: skips the first turn"));
  g_clear_pointer (&text, g_free);
  text = card_text (f, "Alice");
  g_assert_nonnull (strstr (text, "Current Turn"));
  g_clear_pointer (&text, g_free);

  /* Round 1, Alice: action, bonus action, 10 ft through difficult terrain
   * (20 ft of her 30), then a 20 ft move is refused: 10 ft are left. */
  click (named (f, "Spend Alice’s action"));
  click (named (f, "Spend Alice’s bonus action"));
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (a), ==, 0);
  g_assert_cmpint (tkr_d20_combatant_get_bonus_actions_left (a), ==, 0);
  g_assert_cmpstr (gtk_button_get_label (named (f, "Spend Alice’s action")), ==, "Action 0");
  set_spin (named (f, "Feet for Alice to move"), 10);
  gtk_check_button_set_active (named (f, "Difficult terrain for Alice"), TRUE);
  click (named (f, "Move Alice"));
  g_assert_cmpint (tkr_d20_combatant_get_moved (a, "walk"), ==, 20);
  text = card_text (f, "Alice");
  g_assert_nonnull (strstr (text, "Used 20 ft"));
  g_assert_nonnull (strstr (text, "Walk 10 ft"));
  g_clear_pointer (&text, g_free);
  assert_no_error_shown (f);

  gtk_check_button_set_active (named (f, "Difficult terrain for Alice"), FALSE);
  set_spin (named (f, "Feet for Alice to move"), 20);
  click (named (f, "Move Alice"));
  g_assert_cmpint (tkr_d20_combatant_get_moved (a, "walk"), ==, 20);
  assert_error_shown (f, "10 feet are left this turn");

  /* A second action is refused too; a refund gives it back. */
  click (named (f, "Spend Alice’s action"));
  assert_error_shown (f, "no action left");
  click (named (f, "Refund Alice’s action"));
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (a), ==, 1);
  assert_no_error_shown (f);
  click (named (f, "Spend Alice’s action"));

  /* Bob, on Alice's turn, may only react. */
  select_row (f, "Bob");
  click (named (f, "Spend Bob’s action"));
  assert_error_shown (f, "not Bob’s turn");
  click (named (f, "Spend Bob’s reaction"));
  g_assert_cmpint (tkr_d20_combatant_get_reactions_left (b), ==, 0);
  assert_no_error_shown (f);

  /* Undo reaches the widgets too. */
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpint (tkr_d20_combatant_get_reactions_left (b), ==, 1);
  g_assert_cmpstr (gtk_button_get_label (named (f, "Spend Bob’s reaction")), ==, "Reaction 1");

  /* Bob dashes and runs 50 ft (twice his 30). */
  click (tkr_test_find_action (GTK_WIDGET (f->view), "encounter.next-turn"));
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == b);
  g_assert_cmpstr (gtk_label_get_text (child (f, "step_label")), ==, "Bob’s turn");
  screenshot (f, "d20-main");
  click (named (f, "Dash: Bob"));
  g_assert_cmpint (tkr_d20_combatant_get_dashes (b), ==, 1);
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (b), ==, 0);
  set_spin (named (f, "Feet for Bob to move"), 50);
  click (named (f, "Move Bob"));
  g_assert_cmpint (tkr_d20_combatant_get_moved (b, "walk"), ==, 50);
  text = card_text (f, "Bob");
  g_assert_nonnull (strstr (text, "Used 50 ft (Dash ×1)"));
  g_clear_pointer (&text, g_free);

  /* The surprised Orc skips Round 1: next is Alice in Round 2. */
  click (tkr_test_find_action (GTK_WIDGET (f->view), "encounter.next-turn"));
  g_assert_cmpint (tkr_encounter_get_round (TKR_ENCOUNTER (f->encounter)), ==, 2);
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == a);
  g_assert_cmpstr (gtk_label_get_text (child (f, "turn_label")), ==, "Round 2");
  text = card_text (f, orc);
  g_assert_null (strstr (text, "Surprised"));
  g_clear_pointer (&text, g_free);
  select_row (f, "Alice");

  /* Round 2, Alice mixes kinds: 20 ft flying of her 60, then 30 walking;
   * the total stays within the largest speed used, 60 (seed, Movement). */
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (a), ==, 1);
  click (named (f, "Dodge: Alice"));
  g_assert_true (tkr_d20_combatant_get_dodging (a));
  g_assert_cmpint (tkr_d20_combatant_get_moved (a, "walk"), ==, 0);
  set_spin (named (f, "Feet for Alice to move"), 20);
  gtk_drop_down_set_selected (named (f, "Kind of movement for Alice"), 1);
  click (named (f, "Move Alice"));
  g_assert_cmpint (tkr_d20_combatant_get_moved (a, "fly"), ==, 20);
  set_spin (named (f, "Feet for Alice to move"), 30);
  gtk_drop_down_set_selected (named (f, "Kind of movement for Alice"), 0);
  click (named (f, "Move Alice"));
  g_assert_cmpint (tkr_d20_combatant_get_moved (a, "walk"), ==, 30);
  g_assert_cmpint (tkr_d20_combatant_get_movement_left (a, "fly"), ==, 10);
  text = card_text (f, "Alice");
  g_assert_nonnull (strstr (text, "Dodging"));
  g_assert_nonnull (strstr (text, "Walk 30 ft · Fly 60 ft"));
  g_assert_nonnull (strstr (text, "Used 50 ft · left: Walk 0 ft Fly 10 ft"));
  g_clear_pointer (&text, g_free);
  assert_no_error_shown (f);

  /* Bob: the tracker selects the current row, and the details follow. */
  click (tkr_test_find_action (GTK_WIDGET (f->view), "encounter.next-turn"));
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == b);
  g_assert_true (tkr_d20_details_get_combatant (details (f)) == b);
  click (named (f, "Spend Bob’s action"));
  set_spin (named (f, "Feet for Bob to move"), 10);
  click (named (f, "Move Bob"));
  g_assert_cmpint (tkr_d20_combatant_get_moved (b, "walk"), ==, 10);
  g_assert_cmpint (tkr_d20_combatant_get_dashes (b), ==, 0);

  /* The Orc's first turn */
  click (tkr_test_find_action (GTK_WIDGET (f->view), "encounter.next-turn"));
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == o);
  click (named (f, "Spend %s’s action", orc));
  set_spin (named (f, "Feet for %s to move", orc), 30);
  click (named (f, "Move %s", orc));
  g_assert_cmpint (tkr_d20_combatant_get_moved (o, "walk"), ==, 30);
  g_assert_cmpint (tkr_d20_combatant_get_actions_left (o), ==, 0);
  assert_no_error_shown (f);

  /* Pause and resume */
  activate (f, "encounter.pause");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_PAUSED);
  g_assert_cmpstr (visible_page (f), ==, "main");
  g_assert_true (gtk_revealer_get_reveal_child (child (f, "paused_revealer")));
  g_assert_true (gtk_widget_get_visible (child (f, "resume_button")));
  activate (f, "encounter.next-turn");
  g_assert_true (tkr_d20_encounter_get_current (f->encounter) == o);
  activate (f, "encounter.resume");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);

  /* End: the End pane stands alone; XP with a reason for Alice, a bare
   * award for Bob; the Orc, an NPC, has no row. */
  activate (f, "encounter.end");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
  g_assert_true (fixture_wait_until (widget_is_mapped, end_pane (f)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (f->view)));
  party = GTK_LIST_BOX (end_child (f, "party_list"));
  g_assert_nonnull (gtk_list_box_get_row_at_index (party, 1));
  g_assert_null (gtk_list_box_get_row_at_index (party, 2));
  text = text_of (party);
  g_assert_null (strstr (text, orc));
  g_clear_pointer (&text, g_free);
  tick (f, "Bob", FALSE);
  set_spin (end_child (f, "amount_spin"), 10);
  gtk_editable_set_text (GTK_EDITABLE (end_child (f, "reason_row")), "Held the bridge");
  click (end_child (f, "award_button"));
  tick (f, "Alice", FALSE);
  tick (f, "Bob", TRUE);
  set_spin (end_child (f, "amount_spin"), 5);
  click (end_child (f, "award_button"));
  g_assert_cmpint (tkr_character_get_experience (f->alice), ==, 10);
  g_assert_cmpint (tkr_character_get_experience (f->bob), ==, 5);
  text = text_of (party);
  g_assert_nonnull (strstr (text, "· 10 XP"));
  g_assert_nonnull (strstr (text, "· 5 XP"));
  g_clear_pointer (&text, g_free);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (end_child (f, "reason_row"))), ==, "");
  screenshot (f, "d20-end");
  log = tkr_encounter_get_log (TKR_ENCOUNTER (f->encounter));
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i);

      if (strstr (tkr_log_entry_get_text (entry), "Held the bridge") != NULL &&
          strstr (tkr_log_entry_get_text (entry), "Alice") != NULL)
        reason_logged = TRUE;
    }
  g_assert_true (reason_logged);

  /* Back to Freeplay; undo returns to the End. */
  activate (f, "encounter.finish");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpstr (visible_page (f), ==, "freeplay");
  g_assert_true (fixture_wait_until (widget_is_mapped, f->view));
  g_assert_false (gtk_widget_get_visible (end_pane (f)));
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_END);
  g_assert_true (fixture_wait_until (widget_is_mapped, end_pane (f)));
}

/* The details pane (help/C/d20.page): in Main it shows the combatant of
 * the tracker's selected row, "Select a combatant" when none is, and
 * follows that combatant's state whether a command changed it or an undo
 * took the change back, without being rebuilt. */
static void
test_details_follow_selection (D20Fixture *f, gconstpointer data)
{
  TkrD20Combatant *a = combatant (f, f->alice);
  TkrD20Combatant *b = combatant (f, f->bob);
  g_autoptr (GError) error = NULL;
  GtkWidget *spend_reaction;
  GtkWidget *ledger;

  activate (f, "encounter.begin-setup");
  type_initiative (f, "Alice", 18);
  type_initiative (f, "Bob", 12);
  type_initiative (f, tkr_character_get_name (f->orc), 6);
  activate (f, "encounter.begin-main");
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_MAIN);

  /* The current row leads selected; with none, a prompt. */
  g_assert_true (tkr_d20_details_get_combatant (details (f)) == a);
  tkr_encounter_page_set_selected (f->page, NULL);
  g_assert_null (tkr_d20_details_get_combatant (details (f)));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (f, "details_stack")), ==, "empty");

  /* Bob's row: his controls, named for him; none of Alice's remain. */
  select_row (f, "Bob");
  spend_reaction = named (f, "Spend Bob’s reaction");
  g_assert_null (find_named_in (GTK_WIDGET (f->view), "Spend Alice’s reaction"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (spend_reaction)), ==, "Reaction 1");

  /* A command from elsewhere (a key, the core) and its undo. */
  g_assert_true (tkr_d20_encounter_spend (f->encounter, b, TKR_D20_REACTION, &error));
  g_assert_no_error (error);
  fixture_iterate ();
  g_assert_true (named (f, "Spend Bob’s reaction") == spend_reaction);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (spend_reaction)), ==, "Reaction 0");
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (spend_reaction)), ==, "Reaction 1");

  /* Alice again: her move shows, and its undo. */
  select_row (f, "Alice");
  ledger = tkr_test_template_child (GTK_WIDGET (details (f)), TKR_TYPE_D20_DETAILS, "ledger_row");
  g_assert_true (tkr_d20_encounter_move (f->encounter, a, "walk", 10, FALSE, &error));
  fixture_iterate ();
  g_assert_nonnull (
    strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (ledger)), "Used 10 ft"));
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_nonnull (
    strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (ledger)), "Used 0 ft"));

  /* Dodging comes and goes in its conditions list. */
  g_assert_true (tkr_d20_encounter_take_action (f->encounter, a, "dodge", FALSE, &error));
  fixture_iterate ();
  {
    g_autofree char *text = text_of (details (f));

    g_assert_nonnull (strstr (text, "Dodging"));
  }
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  {
    g_autofree char *text = text_of (details (f));

    g_assert_null (strstr (text, "Dodging"));
  }
}

static gboolean
is_spin (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_SPIN_BUTTON (widget) && gtk_widget_get_visible (widget);
}

/* Issue "The table tracker": Setup shows an empty initiative as empty,
 * not as the lowest number, and "Roll for Everyone Missing" comes before
 * the list. */
static void
test_setup_empty_initiative (D20Fixture *f, gconstpointer data)
{
  GtkWidget *list = GTK_WIDGET (child (f, "setup_list"));
  GtkWidget *button = GTK_WIDGET (child (f, "roll_missing_button"));
  GtkWidget *group = gtk_widget_get_ancestor (list, ADW_TYPE_PREFERENCES_GROUP);
  gboolean button_first = FALSE;

  activate (f, "encounter.begin-setup");
  g_assert_cmpstr (visible_page (f), ==, "setup");
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_parent (button)); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    {
      if (w == button)
        {
          button_first = TRUE;
          break;
        }
      if (w == group)
        break;
    }
  g_assert_true (button_first);
  g_assert_false (tkr_d20_combatant_has_initiative (combatant (f, f->alice)));
  {
    /* The first card's fields: Agility, then Initiative, empty. */
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
    g_autoptr (GPtrArray) spins = g_ptr_array_new ();

    for (GtkWidget *w = GTK_WIDGET (row); w != NULL;)
      {
        GtkWidget *spin = tkr_test_find (w, is_spin, NULL);
        if (spin == NULL)
          break;
        g_ptr_array_add (spins, spin);
        gtk_widget_set_visible (spin, FALSE);
      }
    g_assert_cmpuint (spins->len, >=, 2);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spins->pdata[1])), ==, "");
    for (guint i = 0; i < spins->len; i++)
      gtk_widget_set_visible (spins->pdata[i], TRUE);
  }
}

/* Abandoning a Setup goes back to Freeplay, as does its undo's redo. */
static void
test_abandon_setup (D20Fixture *f, gconstpointer data)
{
  activate (f, "encounter.begin-setup");
  g_assert_cmpstr (visible_page (f), ==, "setup");
  click (child (f, "roll_missing_button"));
  g_assert_true (tkr_d20_combatant_has_initiative (combatant (f, f->alice)));
  g_assert_true (tkr_d20_combatant_has_initiative (combatant (f, f->orc)));
  click (child (f, "abandon_button"));
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (f->encounter)), ==, TKR_PHASE_FREEPLAY);
  g_assert_cmpstr (visible_page (f), ==, "freeplay");
  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_cmpstr (visible_page (f), ==, "setup");
}

/* Switching the campaign to another system takes the d20 rows and parts
 * away (the page then shows the other system's); undoing the switch
 * brings the d20 encounter and its rows back. */
static void
test_switch_system (D20Fixture *f, gconstpointer data)
{
  GtkListBox *list = child (f, "participants_list");
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 0));
  g_assert_true (TKR_IS_D20_PARTICIPANT_ROW (gtk_list_box_get_row_at_index (list, 0)));
  g_assert_true (tkr_campaign_set_rule_system (f->campaign, "kleptonomicon", &error));
  g_assert_no_error (error);
  fixture_iterate ();
  for (int i = 0; gtk_list_box_get_row_at_index (list, i) != NULL; i++)
    g_assert_false (TKR_IS_D20_PARTICIPANT_ROW (gtk_list_box_get_row_at_index (list, i)));
  g_assert_null (tkr_test_part (GTK_WIDGET (f->page), "pass_time_button"));
  g_assert_cmpstr (gtk_button_get_label (child (f, "begin_setup_button")), !=, "_Roll Initiative");

  g_assert_true (tkr_history_undo (f->history));
  fixture_iterate ();
  g_assert_true (TKR_IS_D20_ENCOUNTER (tkr_campaign_get_tracker (f->campaign)));
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 2));
  g_assert_true (gtk_widget_get_sensitive (child (f, "begin_setup_button")));
  activate (f, "encounter.begin-setup");
  g_assert_cmpint (tkr_tracker_get_phase (tkr_campaign_get_tracker (f->campaign)), ==,
                   TKR_PHASE_SETUP);
  g_assert_cmpstr (visible_page (f), ==, "setup");
}

int
main (int argc, char *argv[])
{
  if (!gtk_init_check ())
    return main_skip_without_display ();
  adw_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/d20-view/actions-installed", test_actions_installed);
  g_test_add_func ("/d20-view/other-system-ignored", test_other_system_ignored);
  g_test_add ("/d20-view/freeplay/seed-resting-participants-speeds-mana", D20Fixture, NULL,
              d20_setup, test_freeplay, d20_teardown);
  g_test_add ("/d20-view/tools/seed-traveling-fall-damage-suffocating", D20Fixture, NULL, d20_setup,
              test_tools, d20_teardown);
  g_test_add ("/d20-view/encounter/seed-initiative-tie-surprise-two-rounds-movement-xp", D20Fixture,
              NULL, d20_setup, test_two_rounds, d20_teardown);
  g_test_add ("/d20-view/details/follows-selection-command-and-undo", D20Fixture, NULL, d20_setup,
              test_details_follow_selection, d20_teardown);
  g_test_add ("/d20-view/switch-system-and-undo", D20Fixture, NULL, d20_setup, test_switch_system,
              d20_teardown);
  g_test_add ("/d20-view/setup/preview-is-core-order-last-tie-break", D20Fixture, NULL, d20_setup,
              test_preview_is_core_order, d20_teardown);
  g_test_add ("/d20-view/setup/empty-initiative-empty-roll-missing-first", D20Fixture, NULL,
              d20_setup, test_setup_empty_initiative, d20_teardown);
  g_test_add ("/d20-view/setup/ties-and-preview-rows-kept-across-changes", D20Fixture, NULL,
              d20_setup, test_setup_rows_kept, d20_teardown);
  g_test_add ("/d20-view/setup/abandon", D20Fixture, NULL, d20_setup, test_abandon_setup,
              d20_teardown);

  return g_test_run ();
}
