/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-core.h"
#include "tkr-player-view.h"

G_BEGIN_DECLS

#define TKR_TYPE_PLAYER_WINDOW (tkr_player_window_get_type ())
G_DECLARE_FINAL_TYPE (TkrPlayerWindow, tkr_player_window, TKR, PLAYER_WINDOW, AdwWindow)

/*
 * The player view's window (help/C/player-view.page): a TkrPlayerView of
 * the campaign's encounter, full screen on the monitor the GM chose or an
 * ordinary window. Its header bar, shown only outside full screen, is the
 * GM's side: how NPCs' health shows ("player.health-mode", the
 * "health-mode" property bound to the GSettings key "player-npc-health")
 * and full screen (F11; Escape leaves it).
 *
 * Properties: "campaign" (TkrCampaign, nullable; the view follows its
 * "encounter"), "gm-window" (GtkWindow, construct-only: the window it
 * belongs to, closed with it), "health-mode" (string).
 */

TkrPlayerWindow *tkr_player_window_new (GtkWindow *gm_window);
void tkr_player_window_set_campaign (TkrPlayerWindow *self, TkrCampaign *campaign);
TkrPlayerView *tkr_player_window_get_view (TkrPlayerWindow *self);
GtkWindow *tkr_player_window_get_gm_window (TkrPlayerWindow *self);

/* (transfer none) (nullable): @gm_window's player window, if open */
TkrPlayerWindow *tkr_player_window_find (GtkWindow *gm_window);

/* The action "player-view": closes @gm_window's player window when it is
 * open; else opens one following the "campaign" of @campaign_source.
 * With more than one monitor the GM chooses one first (a small dialog)
 * and the view goes full screen there. */
void tkr_player_window_toggle (GtkWindow *gm_window, GObject *campaign_source);

/* The chooser: a dialog with a response per monitor of @monitors
 * (GdkMonitor), one not the GM's suggested, "In a Window" and "Cancel". */
void tkr_player_window_choose_monitor (GtkWindow *gm_window,
                                       GObject *campaign_source,
                                       GListModel *monitors);

/* Opens the player window now, on @monitor (full screen) or as an
 * ordinary window when it is NULL. (transfer none) */
TkrPlayerWindow *
tkr_player_window_open (GtkWindow *gm_window, GObject *campaign_source, GdkMonitor *monitor);

/* How a monitor is named in the chooser: "HDMI-1: DELL U2415 (1920 × 1200)".
 * (transfer full) */
char *tkr_player_window_describe_monitor (GdkMonitor *monitor);

/* Preferences' group for the player view. (transfer floating) */
GtkWidget *tkr_player_window_new_preferences_group (GSettings *settings);

/* Screenshots and demos: with TKR_DEMO_PLAYER_VIEW set ("window" or
 * "fullscreen"), opens @gm_window's player view once it is shown. */
void tkr_player_window_demo (GtkWindow *gm_window, GObject *campaign_source);

/* The player view's style sheet, loaded once. */
void tkr_player_window_ensure_style (void);

G_END_DECLS
