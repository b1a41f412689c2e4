/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-encounter-page.h"
#include "tkr-encounter-ui.h"
#include "tkr-feedback.h"

void
tkr_encounter_ui_ensure_style (void)
{
  static gboolean loaded;
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr (GtkCssProvider) provider = NULL;

  if (loaded || display == NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider,
                                       "/io/github/turnkeeper/Turnkeeper/tkr-encounter.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  loaded = TRUE;
}

void
tkr_encounter_ui_install_phase_actions (GtkWidgetClass *widget_class,
                                        GtkWidgetActionActivateFunc activate)
{
  static const char *const actions[] = {
    "encounter.begin-setup", "encounter.abandon-setup", "encounter.begin-main",
    "encounter.next-turn",   "encounter.previous-turn", "encounter.pause",
    "encounter.resume",      "encounter.end",           "encounter.finish",
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, activate);

  /* Their keys are the window's (tkr-keymap.h): it sees them first,
   * wherever the focus is, and a key changed in Preferences works at once
   * (help/C/keyboard.page). No binding here keeps an old key alive. */
}

typedef gboolean (*PhaseCommand) (TkrEncounter *encounter, GError **error);

static const struct
{
  const char *action;
  PhaseCommand command;
  TkrPhase from; /* the phase it acts in, unless in any phase */
  TkrPhase to;   /* the phase it leads to; @from: none (a turn) */
  gboolean in_any_phase;
} phase_actions[] = {
  { "encounter.begin-setup", tkr_encounter_begin_setup, TKR_PHASE_FREEPLAY, TKR_PHASE_SETUP },
  { "encounter.abandon-setup", tkr_encounter_abandon_setup, TKR_PHASE_SETUP, TKR_PHASE_FREEPLAY },
  { "encounter.begin-main", tkr_encounter_begin_main, TKR_PHASE_SETUP, TKR_PHASE_MAIN },
  { "encounter.next-turn", tkr_encounter_next_turn, TKR_PHASE_MAIN, TKR_PHASE_MAIN },
  { "encounter.previous-turn", tkr_encounter_previous_turn, TKR_PHASE_MAIN, TKR_PHASE_MAIN },
  { "encounter.pause", tkr_encounter_pause, TKR_PHASE_MAIN, TKR_PHASE_PAUSED, TRUE },
  { "encounter.resume", tkr_encounter_resume, TKR_PHASE_PAUSED, TKR_PHASE_MAIN },
  { "encounter.end", tkr_encounter_end, TKR_PHASE_MAIN, TKR_PHASE_END, TRUE },
  { "encounter.finish", tkr_encounter_finish, TKR_PHASE_END, TKR_PHASE_FREEPLAY },
};

void
tkr_encounter_ui_update_phase_actions (GtkWidget *widget, TkrEncounter *encounter)
{
  TkrPhase phase = encounter ? tkr_encounter_get_phase (encounter) : TKR_PHASE_FREEPLAY;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  for (guint i = 0; i < G_N_ELEMENTS (phase_actions); i++)
    {
      gboolean in_phase = phase_actions[i].in_any_phase || phase_actions[i].from == phase;
      gboolean enabled = encounter != NULL && in_phase &&
                         (phase_actions[i].from == phase_actions[i].to ||
                          tkr_encounter_can_transition (encounter, phase_actions[i].to));

      gtk_widget_action_set_enabled (widget, phase_actions[i].action, enabled);
    }
}

gboolean
tkr_encounter_ui_run_phase_action (TkrEncounter *encounter, const char *action_name, GError **error)
{
  g_return_val_if_fail (TKR_IS_ENCOUNTER (encounter), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (phase_actions); i++)
    if (g_str_equal (action_name, phase_actions[i].action))
      return phase_actions[i].command (encounter, error);
  g_return_val_if_reached (FALSE);
}

void
tkr_encounter_ui_set_tooltip (GtkWidget *widget, const char *text)
{
  const char *shown;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  shown = gtk_widget_get_tooltip_text (widget);
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (shown, text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

GtkWidget *
tkr_encounter_ui_get_page (GtkWidget *widget)
{
  g_return_val_if_fail (widget == NULL || GTK_IS_WIDGET (widget), NULL);

  return widget ? gtk_widget_get_ancestor (widget, TKR_TYPE_ENCOUNTER_PAGE) : NULL;
}

gboolean
tkr_encounter_ui_report (GtkWidget *widget, gboolean ok, const GError *error)
{
  GtkWidget *page = tkr_encounter_ui_get_page (widget);

  if (page != NULL)
    return tkr_encounter_page_report (TKR_ENCOUNTER_PAGE (page), ok, error);
  if (widget != NULL)
    tkr_feedback_check (widget, NULL, ok, error);
  return ok;
}
