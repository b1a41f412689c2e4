/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The rule checked here: the encounter's keys work whatever has the focus
 * in the window (help/C/shortcuts.page), and a key a text field uses for
 * itself is not taken from the field being typed into. Each key is a real
 * one: XTest (libXtst, loaded at run time) makes the X server press it, and
 * it comes through GDK and GTK's event propagation like a user's. Without
 * an X display with XTest the suite skips.
 *
 * The focus is put in a text field of the sheet, in the roster, in the
 * table tracker and on a button of the header; from each, Ctrl+Right
 * (next turn), Ctrl+Shift+P and Ctrl+Shift+R (pause, resume) and Ctrl+H
 * (the selected row's health) are pressed and their effect checked.
 */

#include "config.h"

#include <adwaita.h>
#include <dlfcn.h>

#ifdef TKR_TEST_HAVE_X11
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <gdk/x11/gdkx.h>
#endif

#include "tkr-core.h"
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

/* Presses @keysym with Control (and Shift when @shift), as a user would. */
static void
press (guint keysym, gboolean shift)
{
#ifdef TKR_TEST_HAVE_X11
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());

  key (display, XK_Control_L, TRUE);
  if (shift)
    key (display, XK_Shift_L, TRUE);
  key (display, keysym, TRUE);
  key (display, keysym, FALSE);
  if (shift)
    key (display, XK_Shift_L, FALSE);
  key (display, XK_Control_L, FALSE);
  XFlush (display);
#endif
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

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);

  f->window = tkr_window_new (NULL);
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
  const char *place = data;
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

int
main (int argc, char *argv[])
{
  const char *places[] = { "sheet", "roster", "tracker", "header" };

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      g_autofree char *path = g_strdup_printf ("/shortcuts/focus-in-%s", places[i]);

      g_test_add (path, Fixture, places[i], fixture_setup, test_keys_wherever_the_focus_is,
                  fixture_teardown);
    }
  return g_test_run ();
}
