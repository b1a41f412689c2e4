/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The rule checked here: the encounter's keys work whatever has the focus
 * in the window (help/C/keyboard.page), and a key a text field uses for
 * itself is not taken from the field being typed into. Each key is a real
 * one: XTest (libXtst, loaded at run time) makes the X server press it, and
 * it comes through GDK and GTK's event propagation like a user's. Without
 * an X display with XTest the suite skips.
 *
 * The focus is put in a text field of the sheet, in the roster, in the
 * table tracker and on a button of the header; from each, Ctrl+Right
 * (next turn), Ctrl+Shift+P and Ctrl+Shift+R (pause, resume) and Ctrl+H
 * (the selected row's health) are pressed and their effect checked.
 *
 * The fight keys (help/C/keyboard.page) are pressed the same way, in
 * three rule systems, and the model checked: damage, healing and
 * temporary health open the health entry started with "-", "+", "t"; the
 * turn's resource and the reaction go down; a condition is added through
 * its chooser; Move opens its dialog where the system counts movement
 * and nothing where it does not. At the End, the award key awards XP. A
 * key changed in the keymap works at once and the old one no longer does;
 * a key another command has is refused with that command's name.
 *
 * Delay and its return (help/C/order.page) are pressed in each system
 * and do what its rule data say; the shortcuts window lists them only
 * for the systems whose rule data have them.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <dlfcn.h>
#include <string.h>

#ifdef TKR_TEST_HAVE_X11
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <gdk/x11/gdkx.h>
#endif

#include "tkr-core.h"
#include "tkr-keymap.h"
#include "tkr-keys-page.h"
#include "tkr-quick-dialogs.h"
#include "tkr-table-tracker.h"
#include "tkr-test-widgets.h"
#include "tkr-tracker-row.h"
#include "tkr-window.h"

typedef int (*FakeKeyFunc) (void *display, unsigned int keycode, int is_press, unsigned long delay);

static FakeKeyFunc fake_key;

static gboolean
keyboard_init (void)
{
#ifdef TKR_TEST_HAVE_X11
  GdkDisplay *display = gdk_display_get_default ();
  int opcode, event_base, error_base;
  void *xtst;

  if (!GDK_IS_X11_DISPLAY (display) ||
      !XQueryExtension (gdk_x11_display_get_xdisplay (display), "XTEST", &opcode, &event_base,
                        &error_base))
    return FALSE;
  xtst = dlopen ("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
  if (xtst == NULL)
    return FALSE;
  fake_key = (FakeKeyFunc) dlsym (xtst, "XTestFakeKeyEvent");
  return fake_key != NULL;
#else
  return FALSE;
#endif
}

#ifdef TKR_TEST_HAVE_X11
static void
key (Display *display, KeySym keysym, gboolean press)
{
  fake_key (display, XKeysymToKeycode (display, keysym), press, CurrentTime);
}
#endif

enum
{
  WITH_SHIFT = 1 << 0,
  WITH_ALT = 1 << 1,
};

/* Presses @keysym with Control (and Shift, Alt as @with says), as a user
 * would. */
static void
press_with (guint keysym, guint with)
{
#ifdef TKR_TEST_HAVE_X11
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());

  key (display, XK_Control_L, TRUE);
  if (with & WITH_SHIFT)
    key (display, XK_Shift_L, TRUE);
  if (with & WITH_ALT)
    key (display, XK_Alt_L, TRUE);
  key (display, keysym, TRUE);
  key (display, keysym, FALSE);
  if (with & WITH_ALT)
    key (display, XK_Alt_L, FALSE);
  if (with & WITH_SHIFT)
    key (display, XK_Shift_L, FALSE);
  key (display, XK_Control_L, FALSE);
  XFlush (display);
#endif
}

/* Presses @keysym with Alt alone (Alt+Down: select the next row). */
static void
press_alt (guint keysym)
{
#ifdef TKR_TEST_HAVE_X11
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());

  key (display, XK_Alt_L, TRUE);
  key (display, keysym, TRUE);
  key (display, keysym, FALSE);
  key (display, XK_Alt_L, FALSE);
  XFlush (display);
#endif
}

/* Presses @keysym with Control (and Shift when @shift). */
static void
press (guint keysym, gboolean shift)
{
  press_with (keysym, shift ? WITH_SHIFT : 0);
}

typedef struct
{
  TkrWindow *window;
  TkrCampaign *campaign;
  TkrEncounter *encounter;
} Fixture;

static gboolean
is_active (gpointer window)
{
  return gtk_window_is_active (window);
}

/* What a test runs with: where the focus is, and the rule system. */
typedef struct
{
  const char *place;
  const char *system;
} Case;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  const Case *test_case = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);

  f->window = tkr_window_new (NULL);
  if (!g_str_equal (test_case->system, "kleptonomicon"))
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (test_case->system, &error);
      g_autoptr (TkrDocument) document = tkr_document_new (rules);

      g_assert_no_error (error);
      tkr_window_set_document (f->window, document);
    }
  f->campaign = g_object_ref (tkr_document_get_campaign (tkr_window_get_document (f->window)));
  tkr_document_set_autosave_delay_ms (tkr_window_get_document (f->window), 600000);
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %d", i + 1);
      TkrCharacter *pc = tkr_campaign_add_pc (f->campaign, name);

      g_assert_nonnull (tkr_campaign_add_to_encounter (f->campaign, pc, &error));
    }
  f->encounter = TKR_ENCOUNTER (tkr_campaign_get_tracker (f->campaign));
  {
    g_autoptr (TkrCharacter) first =
      g_list_model_get_item (tkr_campaign_get_party (f->campaign), 0);

    /* The sheet shows someone, so it has text fields. */
    tkr_roster_set_selected_character (tkr_window_get_roster (f->window), first);
  }
  g_assert_true (tkr_encounter_begin_setup (f->encounter, &error));
  g_assert_true (tkr_encounter_roll_missing (f->encounter, rand, &error));
  g_assert_true (tkr_encounter_begin_main (f->encounter, &error));
  /* The Action-Point Round opens with its Reset Phase. */
  if (g_str_equal (test_case->system, "action-points"))
    g_assert_true (tkr_encounter_next_turn (f->encounter, &error));
  g_assert_no_error (error);

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
#ifdef TKR_TEST_HAVE_X11
  {
    GdkSurface *surface = NULL;

    while (surface == NULL || !gtk_widget_get_mapped (GTK_WIDGET (f->window)))
      {
        g_main_context_iteration (NULL, TRUE);
        surface = gtk_native_get_surface (GTK_NATIVE (f->window));
      }
    /* No window manager gives the window the focus: the test does. */
    XSetInputFocus (gdk_x11_display_get_xdisplay (gdk_display_get_default ()),
                    gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
  }
#endif
  g_assert_true (tkr_test_wait_until (is_active, f->window));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->campaign);
}

typedef struct
{
  Fixture *f;
  int index;
  int round;
  TkrPhase phase;
} Expect;

static gboolean
turn_is (gpointer data)
{
  Expect *expect = data;

  return tkr_encounter_get_current_index (expect->f->encounter) == expect->index &&
         tkr_encounter_get_round (expect->f->encounter) == expect->round;
}

static gboolean
phase_is (gpointer data)
{
  Expect *expect = data;

  return tkr_encounter_get_phase (expect->f->encounter) == expect->phase;
}

static gboolean
health_entry_has_focus (gpointer data)
{
  Fixture *f = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
  GtkWidget *row = focus != NULL ? gtk_widget_get_ancestor (focus, TKR_TYPE_TRACKER_ROW) : NULL;

  return row != NULL && GTK_IS_TEXT (focus);
}

static gboolean
is_focus_within (gpointer widget)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

static gboolean
is_text (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_TEXT (widget) && gtk_widget_get_mapped (widget) && gtk_widget_is_sensitive (widget);
}

static gboolean
is_focusable_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         gtk_widget_get_focusable (widget) && gtk_widget_is_sensitive (widget);
}

/* Puts the focus where @place says and returns the widget that has it. */
static GtkWidget *
focus_place (Fixture *f, const char *place)
{
  GtkWidget *root = GTK_WIDGET (f->window);
  GtkWidget *widget = NULL;

  if (g_str_equal (place, "sheet"))
    {
      gtk_widget_activate_action (root, "win.show-sheet", NULL);
      tkr_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped,
                           tkr_window_get_sheet (f->window));
      widget = tkr_test_find (GTK_WIDGET (tkr_window_get_sheet (f->window)), is_text, NULL);
    }
  else
    {
      gtk_widget_activate_action (root, "win.show-encounter", NULL);
      if (g_str_equal (place, "roster"))
        widget =
          tkr_test_find (GTK_WIDGET (tkr_window_get_roster (f->window)), is_focusable_button, NULL);
      else if (g_str_equal (place, "tracker"))
        widget = tkr_test_template_child (root, TKR_TYPE_TABLE_TRACKER, "list_view");
      else
        widget = tkr_test_find (tkr_test_template_child (root, TKR_TYPE_WINDOW, "content_header"),
                                is_focusable_button, NULL);
    }
  g_assert_nonnull (widget);
  tkr_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped, widget);
  g_assert_true (gtk_widget_grab_focus (widget));
  g_assert_true (tkr_test_wait_until (is_focus_within, widget));
  return widget;
}

static void
test_keys_wherever_the_focus_is (Fixture *f, gconstpointer data)
{
  const char *place = ((const Case *) data)->place;
  int n = g_list_model_get_n_items (tkr_encounter_get_order (f->encounter));
  Expect expect = { f, 0, 0, TKR_PHASE_MAIN };
  GtkWidget *focused;
  gboolean in_text;

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      return;
    }
  focused = focus_place (f, place);
  in_text = GTK_IS_TEXT (focused);

  /* Ctrl+Right: the next turn; in a text field, a word on instead. */
  expect.index = tkr_encounter_get_current_index (f->encounter);
  expect.round = tkr_encounter_get_round (f->encounter);
  if (!in_text)
    {
      expect.round += (expect.index + 1) / n;
      expect.index = (expect.index + 1) % n;
    }
  press (XK_Right, FALSE);
  g_assert_true (tkr_test_wait_until (turn_is, &expect));
  if (in_text)
    {
      /* Nothing more comes: the encounter stayed on the same turn. */
      for (int i = 0; i < 20; i++)
        g_main_context_iteration (NULL, FALSE);
      g_assert_true (turn_is (&expect));
      g_assert_true (is_focus_within (focused));
    }

  /* Ctrl+Shift+P and Ctrl+Shift+R: pause and resume, from anywhere. */
  focus_place (f, place);
  expect.phase = TKR_PHASE_PAUSED;
  press (XK_p, TRUE);
  g_assert_true (tkr_test_wait_until (phase_is, &expect));
  expect.phase = TKR_PHASE_MAIN;
  press (XK_r, TRUE);
  g_assert_true (tkr_test_wait_until (phase_is, &expect));

  /* Ctrl+H: the selected row's health, ready for a typed change. */
  focus_place (f, place);
  press (XK_h, FALSE);
  g_assert_true (tkr_test_wait_until (health_entry_has_focus, f));
}

/* The fight keys */

static gboolean
is_table_tracker (GtkWidget *widget, gconstpointer data)
{
  return TKR_IS_TABLE_TRACKER (widget);
}

static TkrTableTracker *
get_tracker (Fixture *f)
{
  return TKR_TABLE_TRACKER (tkr_test_find (GTK_WIDGET (f->window), is_table_tracker, NULL));
}

static TkrCombatant *
selected_combatant (Fixture *f)
{
  GObject *slot = tkr_table_tracker_get_selected (get_tracker (f));

  return slot != NULL ? tkr_tracker_slot_get_combatant (slot) : NULL;
}

static int
resources_left (TkrCombatant *combatant)
{
  GListModel *resources = tkr_combatant_get_resources (combatant);
  int sum = 0;

  for (guint i = 0; i < g_list_model_get_n_items (resources); i++)
    {
      g_autoptr (TkrResource) resource = g_list_model_get_item (resources, i);

      sum += tkr_resource_get_current (resource);
    }
  return sum;
}

typedef struct
{
  Fixture *f;
  const char *text;
  guint steps;
  TkrCombatant *combatant;
  int left;
} Wait;

static gboolean
health_entry_says (gpointer data)
{
  Wait *wait = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (wait->f->window));

  return health_entry_has_focus (wait->f) &&
         g_str_equal (gtk_editable_get_text (GTK_EDITABLE (focus)), wait->text);
}

static gboolean
history_grew (gpointer data)
{
  Wait *wait = data;
  TkrHistory *history = tkr_campaign_get_history (wait->f->campaign);

  return tkr_history_get_n_undo (history) > wait->steps;
}

static gboolean
resources_are (gpointer data)
{
  Wait *wait = data;

  return resources_left (wait->combatant) == wait->left;
}

static GtkWindow *
find_quick_dialog (Fixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WINDOW (f->window) &&
          gtk_window_get_transient_for (window) == GTK_WINDOW (f->window) &&
          gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
quick_dialog_open (gpointer data)
{
  return find_quick_dialog (data) != NULL;
}

static void
settle (void)
{
  for (int i = 0; i < 30; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* A health key opens the selected row's health with its start typed. */
static void
check_health_key (Fixture *f, const char *place, guint keysym, const char *start)
{
  Wait wait = { f, start };

  focus_place (f, place);
  press (keysym, FALSE);
  g_assert_true (tkr_test_wait_until (health_entry_says, &wait));
}

static gboolean
selection_is_not (gpointer data)
{
  Wait *wait = data;

  return selected_combatant (wait->f) != wait->combatant;
}

/* A resource key takes one from the selected combatant, in one step
 * that is then undone. @off_turn: Alt+Down selects the next combatant
 * first (a reaction is taken on another's turn). */
static void
check_resource_key (Fixture *f, const char *place, guint keysym, gboolean off_turn)
{
  TkrHistory *history = tkr_campaign_get_history (f->campaign);
  Wait wait = { f, NULL, tkr_history_get_n_undo (history) };

  focus_place (f, place);
  if (off_turn)
    {
      wait.combatant = selected_combatant (f);
      press_alt (XK_Down);
      g_assert_true (tkr_test_wait_until (selection_is_not, &wait));
      focus_place (f, place);
    }
  wait.combatant = selected_combatant (f);
  g_assert_nonnull (wait.combatant);
  wait.left = resources_left (wait.combatant) - 1;
  press (keysym, FALSE);
  g_assert_true (tkr_test_wait_until (resources_are, &wait));
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, wait.steps + 1);
  g_assert_true (tkr_history_undo (history));
}

static gboolean
has_condition (TkrCombatant *combatant, const char *name)
{
  GListModel *lists[] = { tkr_combatant_get_conditions (combatant),
                          tkr_character_get_conditions (tkr_combatant_get_character (combatant)) };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
      {
        g_autoptr (TkrCondition) condition = g_list_model_get_item (lists[l], i);

        if (g_ascii_strcasecmp (tkr_condition_get_name (condition), name) == 0)
          return TRUE;
      }
  return FALSE;
}

/* Each fight key from each place, in each system: the model changed. */
static void
test_fight_keys_wherever_the_focus_is (Fixture *f, gconstpointer data)
{
  const Case *test_case = data;
  const char *condition = g_str_equal (test_case->system, "kleptonomicon") ? "Slowed" : "Prone";
  TkrHistory *history = tkr_campaign_get_history (f->campaign);
  TkrCombatant *combatant;
  GtkWindow *dialog;
  Wait wait = { f };

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      return;
    }

  /* Damage, healing, temporary health: the health entry, started. */
  check_health_key (f, test_case->place, XK_minus, "-");
  check_health_key (f, test_case->place, XK_equal, "+");
  check_health_key (f, test_case->place, XK_t, "t");

  /* The turn's resource (Ctrl+1) and, on the next combatant, the
   * reaction (Ctrl+R). */
  check_resource_key (f, test_case->place, XK_1, FALSE);
  check_resource_key (f, test_case->place, XK_r, TRUE);

  /* A condition (Ctrl+Shift+C): the chooser, then the condition. */
  focus_place (f, test_case->place);
  combatant = selected_combatant (f);
  g_assert_false (has_condition (combatant, condition));
  press (XK_c, TRUE);
  g_assert_true (tkr_test_wait_until (quick_dialog_open, f));
  dialog = find_quick_dialog (f);
  g_assert_true (tkr_condition_chooser_choose (dialog, condition));
  g_assert_true (has_condition (combatant, condition));
  g_assert_true (tkr_history_undo (history));

  /* Move (Ctrl+M): its dialog where the system counts movement; in
   * Pathfinder 2e a refusal, and nothing changes. */
  focus_place (f, test_case->place);
  wait.steps = tkr_history_get_n_undo (history);
  press (XK_m, FALSE);
  if (tkr_quick_supports (f->encounter, TKR_QUICK_MOVE))
    {
      g_assert_true (tkr_test_wait_until (quick_dialog_open, f));
      gtk_window_destroy (find_quick_dialog (f));
    }
  else
    {
      settle ();
      g_assert_null (find_quick_dialog (f));
      g_assert_cmpuint (tkr_history_get_n_undo (history), ==, wait.steps);
    }
}

/* At the End, Ctrl+Shift+X awards the usual amount to everyone ticked. */
static void
test_award_key_at_the_end (Fixture *f, gconstpointer data)
{
  const Case *test_case = data;
  g_autoptr (TkrCharacter) hero = NULL;
  g_autoptr (GError) error = NULL;
  Wait wait = { f };
  int before;

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      return;
    }
  g_assert_true (tkr_encounter_end (f->encounter, &error));
  hero = g_list_model_get_item (tkr_campaign_get_party (f->campaign), 0);
  before = tkr_character_get_experience (hero);
  settle ();
  focus_place (f, test_case->place);
  wait.steps = tkr_history_get_n_undo (tkr_campaign_get_history (f->campaign));
  press (XK_x, TRUE);
  g_assert_true (tkr_test_wait_until (history_grew, &wait));
  g_assert_cmpint (tkr_character_get_experience (hero), >, before);
}

static gboolean
is_open_popover (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_POPOVER (widget) && gtk_widget_get_visible (widget);
}

static gboolean
level_up_open (gpointer data)
{
  Fixture *f = data;

  return tkr_test_find (GTK_WIDGET (f->window), is_open_popover, NULL) != NULL;
}

/* At the End, Ctrl+Shift+L opens the Level Up of a character who has
 * enough XP for it (help/C/experience-and-levels.page). */
static void
test_level_up_key_at_the_end (Fixture *f, gconstpointer data)
{
  const Case *test_case = data;
  TkrRules *rules = tkr_campaign_get_rules (f->campaign);
  g_autoptr (TkrCharacter) hero = NULL;
  g_autoptr (GError) error = NULL;

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      return;
    }
  g_assert_true (tkr_encounter_end (f->encounter, &error));
  hero = g_list_model_get_item (tkr_campaign_get_party (f->campaign), 0);
  g_assert_true (tkr_character_set_experience (hero, tkr_campaign_get_history (f->campaign),
                                               tkr_rules_get_xp_per_level (rules), &error));
  g_assert_cmpint (tkr_character_get_level_ups_available (hero, rules), >, 0);
  settle ();
  focus_place (f, test_case->place);
  press (XK_l, TRUE);
  g_assert_true (tkr_test_wait_until (level_up_open, f));
  /* Closed again, so the next window gets the keyboard. */
  gtk_popover_popdown (GTK_POPOVER (tkr_test_find (GTK_WIDGET (f->window), is_open_popover, NULL)));
  settle ();
}

/* At the End, the Rest key (Ctrl+Alt+R) rests the party, one step. */
static void
test_rest_key_at_the_end_rests_the_party (Fixture *f, gconstpointer data)
{
  const Case *test_case = data;
  TkrHistory *history = tkr_campaign_get_history (f->campaign);
  g_autoptr (GError) error = NULL;
  Wait wait = { f };

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      return;
    }
  g_assert_true (tkr_encounter_end (f->encounter, &error));
  settle ();
  focus_place (f, test_case->place);
  wait.steps = tkr_history_get_n_undo (history);
  press_with (XK_r, WITH_ALT);
  g_assert_true (tkr_test_wait_until (history_grew, &wait));
  g_assert_cmpstr (tkr_history_get_undo_label (history), ==, "Rest");
}

/* A key changed in the keymap works at once; the old one no longer. */
static void
test_rebound_key_works_at_once (Fixture *f, gconstpointer data)
{
  const Case *test_case = data;
  TkrKeymap *keymap = tkr_keymap_get_default ();
  TkrHistory *history = tkr_campaign_get_history (f->campaign);
  g_autoptr (GError) error = NULL;
  Wait wait = { f };

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      return;
    }
  g_assert_true (tkr_keymap_set_accelerator (keymap, "tracker.spend", "<Control>9", &error));
  g_assert_no_error (error);

  focus_place (f, test_case->place);
  wait.steps = tkr_history_get_n_undo (history);
  press (XK_1, FALSE);
  settle ();
  g_assert_cmpuint (tkr_history_get_n_undo (history), ==, wait.steps);

  wait.combatant = selected_combatant (f);
  wait.left = resources_left (wait.combatant) - 1;
  press (XK_9, FALSE);
  g_assert_true (tkr_test_wait_until (resources_are, &wait));
  tkr_keymap_reset (keymap);
  g_assert_cmpstr (tkr_keymap_get_accelerator (keymap, "tracker.spend"), ==, "<Control>1");
}

static gboolean
is_key_row (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static GtkWindow *
find_transient_of (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (window) == parent &&
          gtk_widget_get_mapped (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
has_transient (gpointer parent)
{
  return find_transient_of (parent) != NULL;
}

static gboolean
has_no_transient (gpointer parent)
{
  return find_transient_of (parent) == NULL;
}

/* Gives @window the X keyboard focus: no window manager does it here. */
static void
focus_x_window (GtkWindow *window)
{
#ifdef TKR_TEST_HAVE_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  XSetInputFocus (gdk_x11_display_get_xdisplay (gdk_display_get_default ()),
                  gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
  XSync (gdk_x11_display_get_xdisplay (gdk_display_get_default ()), False);
#endif
  g_assert_true (tkr_test_wait_until ((gboolean (*) (gpointer)) gtk_window_is_active, window));
}

static gboolean
page_has_message (gpointer page)
{
  return tkr_keys_page_get_message (page) != NULL;
}

static gboolean
accelerator_is (gpointer data)
{
  const char *const *expect = data;

  return g_strcmp0 (tkr_keymap_get_accelerator (tkr_keymap_get_default (), expect[0]), expect[1]) ==
         0;
}

/* Preferences, Keyboard: a row asks for a key; a key another command has
 * is refused in the dialog, naming that command; a free one is taken and
 * the dialog closes. */
static void
test_key_dialog_takes_a_pressed_key (void)
{
  GtkWidget *preferences = adw_preferences_window_new ();
  GtkWidget *page = tkr_keys_page_new ();
  const char *expect[] = { "tracker.spend", "<Control>9" };
  GtkWidget *row;
  GtkWindow *dialog;

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      gtk_window_destroy (GTK_WINDOW (preferences));
      return;
    }
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (preferences), ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (preferences));
  g_assert_true (
    tkr_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped, preferences));
  row = tkr_test_find (page, is_key_row, _ (tkr_keymap_lookup ("tracker.spend")->title));
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activated");
  g_assert_true (tkr_test_wait_until (has_transient, preferences));
  dialog = find_transient_of (GTK_WINDOW (preferences));
  focus_x_window (dialog);

  /* Ctrl+Right is Next turn's: refused, named, the dialog stays. */
  press (XK_Right, FALSE);
  g_assert_true (tkr_test_wait_until (page_has_message, page));
  g_assert_nonnull (strstr (tkr_keys_page_get_message (TKR_KEYS_PAGE (page)), "Next turn"));
  g_assert_true (find_transient_of (GTK_WINDOW (preferences)) == dialog);

  /* Ctrl+9 is free: taken, and the dialog closes. */
  press (XK_9, FALSE);
  g_assert_true (tkr_test_wait_until (accelerator_is, expect));
  g_assert_true (tkr_test_wait_until (has_no_transient, preferences));
  g_assert_null (tkr_keys_page_get_message (TKR_KEYS_PAGE (page)));

  tkr_keymap_reset (tkr_keymap_get_default ());
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* A key another command has is refused, naming that command; a plain
 * letter is refused (it would be taken from typing); the reset brings
 * back every default. */
static void
test_conflicting_key_is_refused_naming_its_command (void)
{
  TkrKeymap *keymap = tkr_keymap_get_default ();
  GtkWidget *page = g_object_ref_sink (tkr_keys_page_new ());
  g_autoptr (GError) error = NULL;

  g_assert_false (tkr_keys_page_try_key (TKR_KEYS_PAGE (page), "tracker.spend", "<Control>Right"));
  g_assert_nonnull (strstr (tkr_keys_page_get_message (TKR_KEYS_PAGE (page)), "Next turn"));
  g_assert_cmpstr (tkr_keymap_get_accelerator (keymap, "tracker.spend"), ==, "<Control>1");

  g_assert_false (tkr_keymap_set_accelerator (keymap, "tracker.react", "<Control>1", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_false (tkr_keymap_set_accelerator (keymap, "tracker.react", "q", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);

  g_assert_true (tkr_keys_page_try_key (TKR_KEYS_PAGE (page), "tracker.react", "<Control>8"));
  g_assert_null (tkr_keys_page_get_message (TKR_KEYS_PAGE (page)));
  g_assert_cmpstr (tkr_keymap_get_accelerator (keymap, "tracker.react"), ==, "<Control>8");
  /* Its old key is free now. */
  g_assert_null (tkr_keymap_find_owner (keymap, "<Control>r", NULL));
  tkr_keymap_reset (keymap);
  g_assert_cmpstr (tkr_keymap_get_accelerator (keymap, "tracker.react"), ==, "<Control>r");
  g_object_unref (page);
}

/* Delay and its return (help/C/order.page) */

typedef struct
{
  Fixture *f;
  TkrCombatant *combatant;
  gboolean delaying;
} DelayWait;

static gboolean
delaying_is (gpointer data)
{
  DelayWait *wait = data;

  return tkr_combatant_get_delaying (wait->combatant) == wait->delaying;
}

static gboolean
turn_moved_from (gpointer data)
{
  DelayWait *wait = data;

  return tkr_encounter_get_current_slot (wait->f->encounter) != G_OBJECT (wait->combatant);
}

static gboolean
combatant_selected (gpointer data)
{
  DelayWait *wait = data;

  return selected_combatant (wait->f) == wait->combatant;
}

/* Ctrl+Shift+W and Ctrl+Shift+J follow the rule data ("round.delay"): in
 * Pathfinder 2e whose turn it is Delays and the turn moves on, then,
 * selected, returns to act after the current turn, at that place from
 * then on. In d20 the same key holds the action (its Wait, "round.hold")
 * and the turn stays; in the Kleptonomicon the keys change nothing. */
static void
test_delay_keys_follow_the_rules (Fixture *f, gconstpointer data)
{
  TkrHistory *history = tkr_campaign_get_history (f->campaign);
  GListModel *order = tkr_encounter_get_order (f->encounter);
  GObject *slot = tkr_encounter_get_current_slot (f->encounter);
  DelayWait wait = { f, NULL, TRUE };
  guint steps = tkr_history_get_n_undo (history), place;

  if (!keyboard_init ())
    {
      g_test_skip ("no X display with XTest to press keys");
      return;
    }
  focus_place (f, "tracker");
  if (tkr_rules_get_hold (tkr_encounter_get_rules (f->encounter)))
    {
      /* The d20 Wait: the key holds the action, and the turn stays. */
      g_assert_true (TKR_IS_COMBATANT (slot));
      wait.combatant = TKR_COMBATANT (slot);
      press (XK_w, TRUE);
      g_assert_true (tkr_test_wait_until (delaying_is, &wait));
      g_assert_cmpuint (tkr_history_get_n_undo (history), ==, steps + 1);
      g_assert_true (tkr_encounter_get_current_slot (f->encounter) == slot);
      return;
    }
  if (!tkr_quick_supports (f->encounter, TKR_QUICK_DELAY))
    {
      g_assert_false (tkr_rules_get_delay (tkr_encounter_get_rules (f->encounter)));
      press (XK_w, TRUE);
      press (XK_j, TRUE);
      settle ();
      g_assert_cmpuint (tkr_history_get_n_undo (history), ==, steps);
      g_assert_true (tkr_encounter_get_current_slot (f->encounter) == slot);
      return;
    }
  g_assert_true (TKR_IS_COMBATANT (slot));
  wait.combatant = TKR_COMBATANT (slot);
  press (XK_w, TRUE);
  g_assert_true (tkr_test_wait_until (delaying_is, &wait));
  g_assert_true (tkr_test_wait_until (turn_moved_from, &wait));

  /* Select it (the row before whose turn it is) and return. */
  press_alt (XK_Home);
  press_alt (XK_Up);
  g_assert_true (tkr_test_wait_until (combatant_selected, &wait));
  wait.delaying = FALSE;
  press (XK_j, TRUE);
  g_assert_true (tkr_test_wait_until (delaying_is, &wait));
  g_assert_true (g_list_store_find (G_LIST_STORE (order), slot, &place));
  g_assert_cmpuint (place, ==, tkr_encounter_get_current_index (f->encounter) + 1);
}

/* The keys a shortcuts window group lists, by accelerator, with their
 * titles; @title NULL: every group. */
static void
collect_group (GtkWidget *widget, const char *title, gboolean inside, GHashTable *found)
{
  if (GTK_IS_SHORTCUTS_GROUP (widget))
    {
      g_autofree char *group_title = NULL;

      g_object_get (widget, "title", &group_title, NULL);
      inside = g_strcmp0 (group_title, title) == 0;
    }
  else if (inside && GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      char *accelerator = NULL, *shortcut_title = NULL;

      g_object_get (widget, "accelerator", &accelerator, "title", &shortcut_title, NULL);
      if (accelerator != NULL)
        g_hash_table_insert (found, accelerator, shortcut_title);
      else
        g_free (shortcut_title);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_group (child, title, inside, found);
}

/* The shortcuts window lists Delay and its return only in the groups of
 * the systems whose rule data allow them ("round.delay": Pathfinder 2e;
 * "round.hold": the d20 Wait),
 * never under every system's fight keys (help/C/keyboard.page). */
static void
test_delay_keys_listed_only_where_the_rules_allow (void)
{
  TkrKeymap *keymap = tkr_keymap_get_default ();
  GtkWindow *overlay = tkr_keymap_new_shortcuts_window (keymap);
  const char *delay = tkr_keymap_get_accelerator (keymap, "tracker.delay");
  const char *back = tkr_keymap_get_accelerator (keymap, "tracker.return");
  const char *const *systems = tkr_tracker_get_rule_systems ();
  g_autoptr (GHashTable) shared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint listed = 0;

  collect_group (GTK_WIDGET (overlay), tkr_key_group_get_title (TKR_KEY_GROUP_FIGHT), FALSE,
                 shared);
  g_assert_cmpuint (g_hash_table_size (shared), >, 0);
  g_assert_false (g_hash_table_contains (shared, delay));
  g_assert_false (g_hash_table_contains (shared, back));
  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[i], NULL);
      g_autoptr (TkrHistory) history = tkr_history_new ();
      g_autoptr (TkrTracker) tracker = tkr_tracker_new_for_rules (rules, history, NULL);
      g_autoptr (GHashTable) found =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      /* Delay, or a held action in its place (the d20 Wait). */
      gboolean allowed = tkr_rules_get_delay (rules) || tkr_rules_get_hold (rules);

      g_assert_true (tkr_quick_supports (TKR_ENCOUNTER (tracker), TKR_QUICK_DELAY) == allowed);
      collect_group (GTK_WIDGET (overlay), tkr_rules_translate (tkr_rules_get_name (rules)), FALSE,
                     found);
      g_assert_cmpuint (g_hash_table_size (found), >, 0);
      g_assert_true (g_hash_table_contains (found, delay) == allowed);
      g_assert_true (g_hash_table_contains (found, back) == allowed);
      if (allowed)
        {
          listed++;
          /* In the system's words for it. */
          g_assert_nonnull (
            strstr (g_hash_table_lookup (found, delay), tkr_rules_get_delay_name (rules)));
          g_assert_nonnull (
            strstr (g_hash_table_lookup (found, back), tkr_rules_get_delay_name (rules)));
        }
    }
  /* Pathfinder 2e's Delay and the d20 Wait. */
  g_assert_cmpuint (listed, ==, 2);
  gtk_window_destroy (overlay);
  g_object_unref (overlay);
}

int
main (int argc, char *argv[])
{
  static const char *const places[] = { "sheet", "roster", "tracker", "header" };
  static const char *const systems[] = { "kleptonomicon", "pf2e", "d20" };
  static Case cases[G_N_ELEMENTS (systems)][G_N_ELEMENTS (places)];

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);
  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    for (guint i = 0; i < G_N_ELEMENTS (places); i++)
      {
        Case *test_case = &cases[s][i];
        g_autofree char *fight = NULL;

        test_case->place = places[i];
        test_case->system = systems[s];
        if (s == 0)
          {
            g_autofree char *path = g_strdup_printf ("/shortcuts/focus-in-%s", places[i]);

            g_test_add (path, Fixture, test_case, fixture_setup, test_keys_wherever_the_focus_is,
                        fixture_teardown);
          }
        fight = g_strdup_printf ("/shortcuts/%s/fight-keys-from-%s", systems[s], places[i]);
        g_test_add (fight, Fixture, test_case, fixture_setup, test_fight_keys_wherever_the_focus_is,
                    fixture_teardown);
      }
  g_test_add ("/shortcuts/kleptonomicon/award-key-at-the-end", Fixture, &cases[0][2], fixture_setup,
              test_award_key_at_the_end, fixture_teardown);
  g_test_add ("/shortcuts/pf2e/award-key-at-the-end", Fixture, &cases[1][0], fixture_setup,
              test_award_key_at_the_end, fixture_teardown);
  g_test_add ("/shortcuts/kleptonomicon/rest-key-at-the-end-rests-the-party", Fixture, &cases[0][3],
              fixture_setup, test_rest_key_at_the_end_rests_the_party, fixture_teardown);
  g_test_add ("/shortcuts/d20/rest-key-at-the-end-rests-the-party", Fixture, &cases[2][0],
              fixture_setup, test_rest_key_at_the_end_rests_the_party, fixture_teardown);
  g_test_add ("/shortcuts/kleptonomicon/level-up-key-at-the-end", Fixture, &cases[0][1],
              fixture_setup, test_level_up_key_at_the_end, fixture_teardown);
  g_test_add ("/shortcuts/rebound-key-works-at-once", Fixture, &cases[0][1], fixture_setup,
              test_rebound_key_works_at_once, fixture_teardown);
  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    {
      g_autofree char *path =
        g_strdup_printf ("/shortcuts/%s/delay-keys-follow-the-rules", systems[s]);

      g_test_add (path, Fixture, &cases[s][2], fixture_setup, test_delay_keys_follow_the_rules,
                  fixture_teardown);
    }
  g_test_add_func ("/shortcuts/delay-keys-listed-only-where-the-rules-allow",
                   test_delay_keys_listed_only_where_the_rules_allow);
  g_test_add_func ("/shortcuts/key-dialog-takes-a-pressed-key",
                   test_key_dialog_takes_a_pressed_key);
  g_test_add_func ("/shortcuts/conflicting-key-is-refused-naming-its-command",
                   test_conflicting_key_is_refused_naming_its_command);
  return g_test_run ();
}
