/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * What the encounter widget suites share: a campaign built through the
 * core (two PCs, NPCs in three Edge groups, as in the seed's Setup
 * example), helpers to drive it to a phase through core commands, to show
 * a widget in a window and to spin the main loop.
 */

#include <adwaita.h>

#include "tkr-campaign.h"

typedef struct
{
  TkrCampaign *campaign;
  TkrKlepEncounter *encounter;
  TkrHistory *history;
  TkrRules *rules;
  TkrCharacter *alice; /* PC, Edge +1 */
  TkrCharacter *bob;   /* PC, Edge 0 */
  TkrCharacter *wolf;  /* in the encounter: Edge 2 */
  TkrCharacter *goblin_a;
  TkrCharacter *goblin_b; /* Edge 1 */
  TkrCharacter *orc;      /* Edge 0 */
  GtkWidget *window;
} Fixture;

static inline void
fixture_iterate (void)
{
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Spins the main loop until @done returns TRUE, or gives up after a
 * generous limit so a broken test ends: it then fails on the state it
 * checks, never on a time. */
static inline gboolean
fixture_wait_until (gboolean (*done) (gpointer), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return done (data);
}

static inline gboolean
fixture_has_monitor (gpointer widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;

  return surface != NULL && gtk_widget_get_mapped (widget) &&
         gdk_display_get_monitor_at_surface (gtk_widget_get_display (widget), surface) != NULL;
}

/* Pops @button's popover up once its window sits on a monitor: under a
 * bare X server a window mapped a moment ago may have none yet, and a
 * popover placed then fails inside GDK. */
static inline void
fixture_popup (GtkMenuButton *button)
{
  g_assert_true (fixture_wait_until (fixture_has_monitor, button));
  gtk_menu_button_popup (button);
}

/* A library NPC with that Edge; the encounter gets numbered copies. */
static inline TkrCharacter *
fixture_library_npc (Fixture *fixture, const char *name, int edge)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *library = tkr_campaign_add_npc (fixture->campaign, name);

  g_assert_nonnull (library);
  g_assert_true (
    tkr_character_set_modifier (library, NULL, TKR_MODIFIER_KIND_SAVE, "Edge", edge, &error));
  g_assert_no_error (error);
  return library;
}

static inline TkrCharacter *
fixture_add (Fixture *fixture, TkrCharacter *character)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *added = tkr_campaign_add_to_encounter (fixture->campaign, character, &error);

  g_assert_no_error (error);
  g_assert_nonnull (added);
  return added;
}

static inline TkrCharacter *
fixture_pc (Fixture *fixture, const char *name, int edge)
{
  g_autoptr (GError) error = NULL;
  TkrCharacter *pc = tkr_campaign_add_pc (fixture->campaign, name);
  TkrCharacter *in_encounter;

  g_assert_nonnull (pc);
  g_assert_true (
    tkr_character_set_modifier (pc, NULL, TKR_MODIFIER_KIND_SAVE, "Edge", edge, &error));
  g_assert_no_error (error);
  in_encounter = tkr_campaign_add_to_encounter (fixture->campaign, pc, &error);
  g_assert_no_error (error);
  g_assert_true (in_encounter == pc);
  return pc;
}

static inline void
fixture_init (Fixture *fixture)
{
  TkrCharacter *goblin;

  memset (fixture, 0, sizeof *fixture);
  fixture->rules = tkr_rules_get_default ();
  fixture->campaign = tkr_campaign_new (fixture->rules);
  fixture->encounter = tkr_campaign_get_klep_encounter (fixture->campaign);
  fixture->history = tkr_campaign_get_history (fixture->campaign);

  fixture->alice = fixture_pc (fixture, "Alice", 1);
  fixture->bob = fixture_pc (fixture, "Bob", 0);
  fixture->wolf = fixture_add (fixture, fixture_library_npc (fixture, "Wolf", 2));
  goblin = fixture_library_npc (fixture, "Goblin", 1);
  fixture->goblin_a = fixture_add (fixture, goblin);
  fixture->goblin_b = fixture_add (fixture, goblin);
  fixture->orc = fixture_add (fixture, fixture_library_npc (fixture, "Orc", 0));
}

static inline void
fixture_clear (Fixture *fixture)
{
  if (fixture->window != NULL)
    gtk_window_destroy (GTK_WINDOW (fixture->window));
  fixture->window = NULL;
  fixture_iterate ();
  g_clear_object (&fixture->campaign);
}

static inline gboolean
widget_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget));
}

/* Shows @child in a window of @width × @height, mapped. */
static inline void
fixture_show (Fixture *fixture, GtkWidget *child, int width, int height)
{
  fixture->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), width, height);
  gtk_window_set_child (GTK_WINDOW (fixture->window), child);
  gtk_window_present (GTK_WINDOW (fixture->window));
  g_assert_true (fixture_wait_until (widget_is_mapped, child));
  fixture_iterate ();
}

static inline void
fixture_begin_setup (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tkr_encounter_begin_setup (TKR_ENCOUNTER (fixture->encounter), &error));
  g_assert_no_error (error);
  g_assert_nonnull (tkr_klep_encounter_get_setup (fixture->encounter));
}

/* Alice never scores Low: she goes before everyone. Bob scores Low
 * against the first group he tests (the one at the back). */
static inline void
fixture_complete_setup (Fixture *fixture)
{
  TkrKlepSetup *setup = tkr_klep_encounter_get_setup (fixture->encounter);
  TkrCharacter *pc;
  TkrKlepNpcGroup *group;

  while (tkr_klep_setup_get_next_test (setup, &pc, &group))
    {
      g_autoptr (GError) error = NULL;
      int score = pc == fixture->alice ? 10 : 3;

      g_assert_true (
        tkr_klep_setup_enter_score (setup, fixture->history, pc, group, score, &error));
      g_assert_no_error (error);
    }
  g_assert_true (tkr_klep_setup_is_complete (setup));
}

static inline void
fixture_begin_main (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;

  fixture_begin_setup (fixture);
  fixture_complete_setup (fixture);
  g_assert_true (tkr_encounter_begin_main (TKR_ENCOUNTER (fixture->encounter), &error));
  g_assert_no_error (error);
  g_assert_cmpint (tkr_encounter_get_phase (TKR_ENCOUNTER (fixture->encounter)), ==,
                   TKR_PHASE_MAIN);
}

/* Every descendant of @root of @type, depth first. */
static inline void
collect_widgets (GtkWidget *root, GType type, GPtrArray *out)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    g_ptr_array_add (out, root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, type, out);
}

static inline void
click (gpointer button)
{
  g_assert_true (GTK_IS_BUTTON (button));
  g_signal_emit_by_name (button, "clicked");
  fixture_iterate ();
}

/* The newest AdwMessageDialog among the toplevels, or NULL. */
static inline AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwMessageDialog *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        found = ADW_MESSAGE_DIALOG (window);
    }

  return found;
}

static inline gboolean
dialog_is_shown (gpointer unused)
{
  return find_message_dialog () != NULL;
}

static inline int
main_skip_without_display (void)
{
  g_print ("1..0 # SKIP no display\n");
  return 0;
}
