/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "tkr-campaign.h"

G_BEGIN_DECLS

#define TKR_TYPE_FREEPLAY_PANE (tkr_freeplay_pane_get_type ())
G_DECLARE_FINAL_TYPE (TkrFreeplayPane, tkr_freeplay_pane, TKR, FREEPLAY_PANE, AdwBin)

/* What the Freeplay phase shows in every rule system (help/C/encounter.page):
 * a status page that says no encounter runs and what to do next, the
 * button that begins the Setup (the shared "encounter.begin-setup"
 * action), "Add the Whole Party" (one history step) and who takes part,
 * a row per item of the participants model, made by the system's row
 * function. A system may add its own widget below (d20: time and tools).
 * The Encounter page gives the pane its encounter only while Freeplay
 * shows, so in a fight no row of it exists. */

typedef struct
{
  const char *title;         /* the status page's title */
  const char *begin_label;   /* the Begin button, with a mnemonic */
  const char *begin_tooltip; /* and its tooltip */
  const char *hint_empty;    /* the description while nobody takes part */
  const char *hint;          /* and once someone does */
  const char *list_name;     /* the list's accessible name */
} TkrFreeplayTexts;

GtkWidget *tkr_freeplay_pane_new (void);
/* The words of @texts (untranslated; the pane translates them). */
void tkr_freeplay_pane_set_texts (TkrFreeplayPane *self, const TkrFreeplayTexts *texts);
/* Shows @participants (or nothing, when NULL), a row each by @create_row
 * (called with @user_data); the party button adds @campaign's party to
 * @encounter. */
void tkr_freeplay_pane_bind (TkrFreeplayPane *self,
                             TkrCampaign *campaign,
                             TkrEncounter *encounter,
                             GListModel *participants,
                             GtkListBoxCreateWidgetFunc create_row,
                             gpointer user_data);
/* @extra (or nothing) below the participants. */
void tkr_freeplay_pane_set_extra (TkrFreeplayPane *self, GtkWidget *extra);

G_END_DECLS
