/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The rule checked here: no value changes by scrolling (help/C/first-sheet.page,
 * "What goes where"). A number field takes the mouse wheel only while it
 * has the keyboard focus; over a number field without the focus the wheel
 * scrolls the page under the pointer, and the number stays as it was.
 *
 * The wheel is a real one: XTest (libXtst, loaded at run time) makes the X
 * server press and release wheel button 5 over the field, and the scroll
 * comes through GDK and GTK's event propagation like a user's. Without an X
 * display or XTest those tests skip; the tests of the switch itself run
 * anyway.
 */

#include "config.h"

#include <adwaita.h>
#include <dlfcn.h>

#ifdef TKR_TEST_HAVE_X11
#include <X11/Xlib.h>
#include <gdk/x11/gdkx.h>
#endif

#include "tkr-character-sheet-private.h"
#include "tkr-encounter-page.h"
#include "tkr-scroll-guard.h"
#include "tkr-test-widgets.h"
#include "tkr-window.h"

#define N_FIELDS 40
#define START_VALUE 100

/* The mouse wheel */

typedef int (*FakeButtonFunc) (void *display,
                               unsigned int button,
                               int is_press,
                               unsigned long delay);

typedef struct
{
#ifdef TKR_TEST_HAVE_X11
  Display *display;
#endif
  FakeButtonFunc fake_button;
} Wheel;

static gboolean
wheel_init (Wheel *wheel)
{
#ifdef TKR_TEST_HAVE_X11
  GdkDisplay *display = gdk_display_get_default ();
  int opcode, event_base, error_base;
  void *xtst;

  if (!GDK_IS_X11_DISPLAY (display))
    return FALSE;
  wheel->display = gdk_x11_display_get_xdisplay (display);
  if (!XQueryExtension (wheel->display, "XTEST", &opcode, &event_base, &error_base))
    return FALSE;
  xtst = dlopen ("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
  if (xtst == NULL)
    return FALSE;
  wheel->fake_button = (FakeButtonFunc) dlsym (xtst, "XTestFakeButtonEvent");
  return wheel->fake_button != NULL;
#else
  return FALSE;
#endif
}

static gboolean
is_hovered (gpointer widget)
{
  return (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_PRELIGHT) != 0;
}

static gboolean
is_not_hovered (gpointer widget)
{
  return !is_hovered (widget);
}

#ifdef TKR_TEST_HAVE_X11
static void
warp_to_window_point (Wheel *wheel, GtkNative *native, double x, double y)
{
  Window root = DefaultRootWindow (wheel->display);
  Window child;
  double dx, dy;
  int root_x, root_y;

  gtk_native_get_surface_transform (native, &dx, &dy);
  XTranslateCoordinates (wheel->display, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         root, (int) (x + dx), (int) (y + dy), &root_x, &root_y, &child);
  XWarpPointer (wheel->display, None, root, 0, 0, 0, 0, root_x, root_y);
  XFlush (wheel->display);
}
#endif

/* Moves the pointer onto @widget's text, a quarter of its width in: off it
 * first, so GTK finds the widget under the pointer anew. */
static void
wheel_point_at (Wheel *wheel, GtkWidget *widget)
{
#ifdef TKR_TEST_HAVE_X11
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t inside =
    GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 4.f, gtk_widget_get_height (widget) / 2.f);
  graphene_point_t point;

  warp_to_window_point (wheel, native, 1, 1);
  g_assert_true (tkr_test_wait_until (is_not_hovered, widget));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &inside, &point));
  warp_to_window_point (wheel, native, point.x, point.y);
  g_assert_true (tkr_test_wait_until (is_hovered, widget));
#endif
}

/* One notch down. */
static void
wheel_turn_down (Wheel *wheel)
{
#ifdef TKR_TEST_HAVE_X11
  wheel->fake_button (wheel->display, 5, True, CurrentTime);
  wheel->fake_button (wheel->display, 5, False, CurrentTime);
  XFlush (wheel->display);
#endif
}

/* Waiting for a state */

typedef struct
{
  GtkAdjustment *adjustment;
  double value;
} Moved;

static gboolean
moved (gpointer data)
{
  Moved *moved = data;

  return gtk_adjustment_get_value (moved->adjustment) != moved->value;
}

static gboolean
allocated (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_height (widget) > 0;
}

static gboolean
scrollable (gpointer scrolled)
{
  GtkAdjustment *vadjustment = gtk_scrolled_window_get_vadjustment (scrolled);

  return gtk_adjustment_get_upper (vadjustment) - gtk_adjustment_get_page_size (vadjustment) > 200;
}

typedef struct
{
  GtkWidget *widget;
  GtkWidget *scrolled;
} InView;

static gboolean
in_view (gpointer data)
{
  InView *view = data;
  graphene_point_t top = GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t point;

  return gtk_widget_compute_point (view->widget, view->scrolled, &top, &point) && point.y >= 0 &&
         point.y + gtk_widget_get_height (view->widget) <= gtk_widget_get_height (view->scrolled);
}

/* Scrolls @scrolled so that @widget is a third of the way down its view,
 * with room left to scroll further. */
static void
bring_into_view (GtkWidget *widget, GtkScrolledWindow *scrolled)
{
  GtkAdjustment *vadjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  InView view = { widget, GTK_WIDGET (scrolled) };
  graphene_point_t top = GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t point;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (scrolled), &top, &point));
  gtk_adjustment_set_value (vadjustment, gtk_adjustment_get_value (vadjustment) + point.y -
                                           gtk_widget_get_height (GTK_WIDGET (scrolled)) / 3.0);
  g_assert_true (tkr_test_wait_until (in_view, &view));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), <,
                     gtk_adjustment_get_upper (vadjustment) -
                       gtk_adjustment_get_page_size (vadjustment));
}

static void
iterate (void)
{
  for (int i = 0; i < 100 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static GtkPropagationPhase
wheel_phase (GtkWidget *field)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (field);
  GtkPropagationPhase phase = GTK_PHASE_NONE;
  gboolean found = FALSE;

  /* A GTK 4 spin button and scale each have one scroll controller. */
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller))
        {
          g_assert_false (found);
          found = TRUE;
          phase = gtk_event_controller_get_propagation_phase (controller);
        }
    }
  g_assert_true (found);
  return phase;
}

/* A dialog of the kind the app makes (an AdwWindow, like the ability
 * editor) with a tall page: an entry, then N_FIELDS spin buttons. */

typedef struct
{
  GtkWindow *window;
  GtkScrolledWindow *scrolled;
  GtkWidget *entry;
  GtkWidget *fields[N_FIELDS];
  GtkWidget *scale;
} Page;

static void
page_set_up (Page *page, gconstpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  page->window = GTK_WINDOW (adw_window_new ());
  page->scrolled = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_window_set_default_size (page->window, 320, 300);
  page->entry = gtk_entry_new ();
  gtk_box_append (GTK_BOX (box), page->entry);
  for (guint i = 0; i < N_FIELDS; i++)
    {
      page->fields[i] = gtk_spin_button_new_with_range (0, 1000, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (page->fields[i]), START_VALUE);
      gtk_box_append (GTK_BOX (box), page->fields[i]);
    }
  page->scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 10, 1);
  gtk_box_append (GTK_BOX (box), page->scale);
  gtk_scrolled_window_set_child (page->scrolled, box);
  adw_window_set_content (ADW_WINDOW (page->window), GTK_WIDGET (page->scrolled));
  gtk_window_present (page->window);
  g_assert_true (tkr_test_wait_until (allocated, page->fields[2]));
  g_assert_true (tkr_test_wait_until (scrollable, page->scrolled));
  gtk_widget_grab_focus (page->entry);
  iterate ();
}

static void
page_tear_down (Page *page, gconstpointer data)
{
  gtk_window_destroy (page->window);
  iterate ();
}

/* The switch: a number field's own wheel handling is off while the focus
 * is elsewhere, on while the focus is in it, and off again when it leaves. */
static void
test_field_takes_wheel_only_with_focus (Page *page, gconstpointer data)
{
  GtkWidget *field = page->fields[3];

  g_assert_true (tkr_scroll_guard_is_watching (field));
  g_assert_true (tkr_scroll_guard_is_watching (page->scale));
  g_assert_false (tkr_scroll_guard_is_watching (page->entry));

  g_assert_false (tkr_scroll_guard_takes_wheel (field));
  g_assert_cmpint (wheel_phase (field), ==, GTK_PHASE_NONE);
  g_assert_cmpint (wheel_phase (page->scale), ==, GTK_PHASE_NONE);

  gtk_widget_grab_focus (field);
  iterate ();
  g_assert_true (tkr_scroll_guard_takes_wheel (field));
  g_assert_cmpint (wheel_phase (field), ==, GTK_PHASE_BUBBLE);

  gtk_widget_grab_focus (page->scale);
  iterate ();
  g_assert_false (tkr_scroll_guard_takes_wheel (field));
  g_assert_cmpint (wheel_phase (field), ==, GTK_PHASE_NONE);
  g_assert_cmpint (wheel_phase (page->scale), ==, GTK_PHASE_BUBBLE);

  gtk_widget_grab_focus (page->entry);
  iterate ();
  g_assert_cmpint (wheel_phase (page->scale), ==, GTK_PHASE_NONE);
}

/* The wheel over a field without the focus scrolls the page and leaves the
 * number alone; with the focus in the field, the wheel changes the number
 * and the page stays. */
static gboolean
check_wheel_over (GtkWidget *field, GtkScrolledWindow *scrolled, double start)
{
  GtkAdjustment *vadjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  GtkSpinButton *spin = GTK_SPIN_BUTTON (field);
  Moved page_moved = { vadjustment, gtk_adjustment_get_value (vadjustment) };
  Moved value_moved = { gtk_spin_button_get_adjustment (spin), start };
  Wheel wheel = { 0 };

  if (!wheel_init (&wheel))
    {
      g_test_skip ("no X display with XTest to turn a wheel");
      return FALSE;
    }

  g_assert_false (tkr_scroll_guard_takes_wheel (field));
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, start);
  wheel_point_at (&wheel, field);
  wheel_turn_down (&wheel);
  g_assert_true (tkr_test_wait_until (moved, &page_moved));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), >, page_moved.value);
  iterate ();
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, start);

  /* Back to where it was, then into the field. */
  gtk_adjustment_set_value (vadjustment, page_moved.value);
  gtk_widget_grab_focus (field);
  iterate ();
  g_assert_true (tkr_scroll_guard_takes_wheel (field));
  wheel_point_at (&wheel, field);
  wheel_turn_down (&wheel);
  g_assert_true (tkr_test_wait_until (moved, &value_moved));
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, start - 1);
  iterate ();
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, page_moved.value);
  return TRUE;
}

static void
test_wheel_scrolls_page_over_spin_button (Page *page, gconstpointer data)
{
  check_wheel_over (page->fields[2], page->scrolled, START_VALUE);
}

/* The reported case: scrolling the character sheet over Experience Points
 * took XP from 100 to 98. */
static void
test_wheel_scrolls_sheet_over_experience (void)
{
  g_autoptr (TkrCampaign) campaign = tkr_campaign_new (tkr_rules_get_default ());
  TkrCharacter *pc = tkr_campaign_add_pc (campaign, "Alice");
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  TkrCharacterSheet *sheet = TKR_CHARACTER_SHEET (tkr_character_sheet_new ());
  GtkWidget *experience;
  GtkScrolledWindow *scrolled;

  g_assert_true (
    tkr_character_set_experience (pc, tkr_campaign_get_history (campaign), START_VALUE, NULL));
  gtk_window_set_default_size (window, 500, 400);
  gtk_window_set_child (window, GTK_WIDGET (sheet));
  tkr_character_sheet_set_campaign (sheet, campaign);
  tkr_character_sheet_set_character (sheet, pc);
  gtk_window_present (window);

  experience = tkr_character_sheet_get_part (sheet, "experience-spin");
  g_assert_nonnull (experience);
  scrolled = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (experience, GTK_TYPE_SCROLLED_WINDOW));
  g_assert_nonnull (scrolled);
  g_assert_true (tkr_test_wait_until (allocated, experience));
  g_assert_true (tkr_test_wait_until (scrollable, scrolled));
  bring_into_view (experience, scrolled);
  gtk_window_set_focus (window, NULL);
  iterate ();

  if (check_wheel_over (experience, scrolled, START_VALUE))
    g_assert_cmpint (tkr_character_get_experience (pc), ==, START_VALUE - 1);

  gtk_window_destroy (window);
  iterate ();
}

static gboolean
is_initiative_field (GtkWidget *widget, gconstpointer data)
{
  double lower, upper;

  if (!GTK_IS_SPIN_BUTTON (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  /* Initiative spans -100 to 200 in the d20 view; Agility -20 to 20. */
  gtk_spin_button_get_range (GTK_SPIN_BUTTON (widget), &lower, &upper);
  return lower == -100 && upper == 200;
}

static gboolean
setup_shown (gpointer view)
{
  return tkr_test_find (view, is_initiative_field, NULL) != NULL;
}

/* The other reported case: on the d20 Setup page the wheel got stuck on an
 * Initiative field. A view the guard knows nothing of gets it all the
 * same. */
static void
test_wheel_scrolls_d20_setup_over_initiative (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrRules) rules = tkr_rules_new_from_resource ("d20", &error);
  g_autoptr (TkrCampaign) campaign = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *view = tkr_encounter_page_new ();
  GtkWidget *initiative;
  GtkScrolledWindow *scrolled;

  g_assert_no_error (error);
  campaign = tkr_campaign_new (rules);
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("Hero %u", i + 1);

      g_assert_nonnull (
        tkr_campaign_add_to_encounter (campaign, tkr_campaign_add_pc (campaign, name), &error));
      g_assert_no_error (error);
    }
  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), campaign);
  gtk_window_set_default_size (window, 700, 500);
  gtk_window_set_child (window, view);
  gtk_window_present (window);
  g_assert_true (tkr_test_wait_until (allocated, view));
  gtk_widget_activate_action (view, "encounter.begin-setup", NULL);
  g_assert_cmpint (tkr_tracker_get_phase (tkr_campaign_get_tracker (campaign)), ==,
                   TKR_PHASE_SETUP);
  g_assert_true (tkr_test_wait_until (setup_shown, view));

  initiative = tkr_test_find (view, is_initiative_field, NULL);
  scrolled = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (initiative, GTK_TYPE_SCROLLED_WINDOW));
  g_assert_nonnull (scrolled);
  g_assert_true (tkr_test_wait_until (allocated, initiative));
  g_assert_true (tkr_test_wait_until (scrollable, scrolled));
  bring_into_view (initiative, scrolled);
  /* Typed, not yet set: the field starts at its lowest. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (initiative), 12);
  gtk_window_set_focus (window, NULL);
  iterate ();

  check_wheel_over (initiative, scrolled, 12);

  tkr_encounter_page_set_campaign (TKR_ENCOUNTER_PAGE (view), NULL);
  gtk_window_destroy (window);
  iterate ();
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

  /* The guard comes with the app's window: its class installs it. */
  g_type_class_unref (g_type_class_ref (TKR_TYPE_WINDOW));

#define ADD(path, func) g_test_add (path, Page, NULL, page_set_up, func, page_tear_down)
  ADD ("/scroll-guard/field-takes-wheel-only-with-focus", test_field_takes_wheel_only_with_focus);
  ADD ("/scroll-guard/wheel/scrolls-page-over-spin-button",
       test_wheel_scrolls_page_over_spin_button);
#undef ADD
  g_test_add_func ("/scroll-guard/wheel/scrolls-sheet-over-experience",
                   test_wheel_scrolls_sheet_over_experience);
  g_test_add_func ("/scroll-guard/wheel/scrolls-d20-setup-over-initiative",
                   test_wheel_scrolls_d20_setup_over_initiative);

  return g_test_run ();
}
