/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

/* Loads the encounter widgets' style sheet for the default display, once.
 * Every encounter widget calls it when its class is made, so the style
 * applies whether the widget sits in the window or stands alone. */
void tkr_encounter_ui_ensure_style (void);

/* The "encounter." actions the Encounter page offers (begin-setup,
 * abandon-setup, begin-main, next-turn, previous-turn, pause, resume, end,
 * finish), all activating @activate. Their keys are bound by the window
 * from the keymap (tkr-keymap.h), the same whatever system is played. */
void tkr_encounter_ui_install_phase_actions (GtkWidgetClass *widget_class,
                                             GtkWidgetActionActivateFunc activate);

/* Enables each of @widget's "encounter." phase actions when the engine
 * allows it now: the phase graph and the encounter's real state
 * (tkr_encounter_can_transition); turns only in the Main phase. */
void tkr_encounter_ui_update_phase_actions (GtkWidget *widget, TkrEncounter *encounter);
/* Runs the phase action @action_name ("encounter.next-turn"...) on
 * @encounter; FALSE with @error when the engine refuses it. */
gboolean tkr_encounter_ui_run_phase_action (TkrEncounter *encounter,
                                            const char *action_name,
                                            GError **error);

/* Sets @widget's tooltip to @text (NULL or "" for none) only when it
 * differs: GTK 4.8 asks the display server where the pointer is on every
 * gtk_widget_set_tooltip_text (), a round trip that rows refreshed on each
 * turn cannot afford (bench/bench-tracker). */
void tkr_encounter_ui_set_tooltip (GtkWidget *widget, const char *text);

/* The Encounter page that holds @widget (or is it), or NULL. */
GtkWidget *tkr_encounter_ui_get_page (GtkWidget *widget);
/* Reports a command's outcome from @widget, a part of the encounter: the
 * error where its Encounter page shows refusals (tkr-feedback.h), or a
 * stale one cleared. Returns @ok. */
gboolean tkr_encounter_ui_report (GtkWidget *widget, gboolean ok, const GError *error);

G_END_DECLS
