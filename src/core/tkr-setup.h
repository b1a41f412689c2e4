/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-combatant.h"
#include "tkr-dice.h"
#include "tkr-npc-group.h"
#include "tkr-turn-entry.h"

G_BEGIN_DECLS

#define TKR_TYPE_SETUP (tkr_setup_get_type ())
G_DECLARE_FINAL_TYPE (TkrSetup, tkr_setup, TKR, SETUP, GObject)

/*
 * Building the turn order in the Setup phase (seed 000, "Turn Order"):
 *
 * 1. NPCs are grouped by Edge Save modifier, groups sorted highest first;
 *    the GM may split and merge groups and reorder them.
 * 2. Each PC tests its Edge Save against the groups from the last one
 *    toward the front, one test at a time (typed in or rolled).
 * 3. A Low Score places the PC right after that group and ends its tests.
 * 4. PCs Low on the same group: by choice (tkr_setup_place_before) or
 *    else by Edge Save Score, higher first.
 * 5. A PC never Low goes before everyone (ordered likewise).
 * 6. Sneaky toward a group gives Advantage on the test against it.
 *
 * Every change goes through @history. Property "complete" (bool) tells when
 * every PC is placed; signal "changed" fires after any change, for previews.
 */

TkrSetup *tkr_setup_new (TkrRules *rules);
TkrRules *tkr_setup_get_rules (TkrSetup *self);

GListModel *tkr_setup_get_groups (TkrSetup *self); /* TkrNpcGroup, front first */
GListModel *tkr_setup_get_pcs (TkrSetup *self);    /* TkrCharacter */

/* Adds an NPC to the group of its Edge modifier (a new group, in order, if
 * none). Adds a PC to those who test. */
void tkr_setup_add_character (TkrSetup *self, TkrHistory *history, TkrCharacter *character);
gboolean tkr_setup_remove_character (TkrSetup *self,
                                     TkrHistory *history,
                                     TkrCharacter *character,
                                     GError **error);
/* Moves @members (of @group) to a new group placed right after it. */
TkrNpcGroup *tkr_setup_split_group (TkrSetup *self,
                                    TkrHistory *history,
                                    TkrNpcGroup *group,
                                    TkrCharacter *const *members,
                                    guint n_members,
                                    GError **error);
/* Moves every member of @from into @into and drops @from. */
gboolean tkr_setup_merge_groups (
  TkrSetup *self, TkrHistory *history, TkrNpcGroup *into, TkrNpcGroup *from, GError **error);
gboolean tkr_setup_move_group (
  TkrSetup *self, TkrHistory *history, TkrNpcGroup *group, guint position, GError **error);
void
tkr_setup_rename_group (TkrSetup *self, TkrHistory *history, TkrNpcGroup *group, const char *name);

void tkr_setup_set_sneaky (
  TkrSetup *self, TkrHistory *history, TkrCharacter *pc, TkrNpcGroup *group, gboolean sneaky);
gboolean tkr_setup_get_sneaky (TkrSetup *self, TkrCharacter *pc, TkrNpcGroup *group);

/* The group @pc must test against next, or NULL when it is placed. */
TkrNpcGroup *tkr_setup_get_next_group (TkrSetup *self, TkrCharacter *pc);
/* The next test of the whole table, PC by PC; FALSE when all are placed. */
gboolean tkr_setup_get_next_test (TkrSetup *self, TkrCharacter **pc, TkrNpcGroup **group);
/* Records a Score typed in for @pc's test against @group, which must be
 * its next test. */
gboolean tkr_setup_enter_score (TkrSetup *self,
                                TkrHistory *history,
                                TkrCharacter *pc,
                                TkrNpcGroup *group,
                                int score,
                                GError **error);
/* Rolls d10 + Edge (with Advantage when Sneaky) and records the Score. */
TkrTestRoll *tkr_setup_roll (TkrSetup *self,
                             TkrHistory *history,
                             TkrCharacter *pc,
                             TkrNpcGroup *group,
                             GRand *rand,
                             GError **error);
gboolean tkr_setup_get_score (TkrSetup *self, TkrCharacter *pc, TkrNpcGroup *group, int *score);
/* Forgets @pc's scores from @group on, so it tests again from there. */
void
tkr_setup_retake_from (TkrSetup *self, TkrHistory *history, TkrCharacter *pc, TkrNpcGroup *group);
/* Where @pc stands: after @group_out (NULL = before everyone).
 * FALSE while @pc still has tests to make. */
gboolean tkr_setup_get_placement (TkrSetup *self, TkrCharacter *pc, TkrNpcGroup **group_out);
/* Tie choice: @pc goes before @other (both placed in the same slot). */
gboolean tkr_setup_place_before (
  TkrSetup *self, TkrHistory *history, TkrCharacter *pc, TkrCharacter *other, GError **error);
gboolean tkr_setup_is_complete (TkrSetup *self);
/* The order as it stands: new entries, front first; PCs not yet placed are
 * left out. Each entry's members are new TkrCombatants. */
GPtrArray *tkr_setup_build_order (TkrSetup *self);

JsonNode *tkr_setup_to_json (TkrSetup *self);
gboolean tkr_setup_load_json (TkrSetup *self,
                              JsonNode *node,
                              const char *path,
                              TkrCharacterResolver resolve,
                              gpointer user_data,
                              GError **error);

G_END_DECLS
