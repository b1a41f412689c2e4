/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-klep-combatant.h"
#include "tkr-dice.h"
#include "tkr-klep-npc-group.h"
#include "tkr-klep-turn-entry.h"

G_BEGIN_DECLS

#define TKR_TYPE_KLEP_SETUP (tkr_klep_setup_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepSetup, tkr_klep_setup, TKR, KLEP_SETUP, GObject)

/*
 * Building the turn order in the Setup phase (seed 000, "Turn Order"):
 *
 * 1. NPCs are grouped by Edge Save modifier, groups sorted highest first;
 *    the GM may split and merge groups and reorder them.
 * 2. Each PC tests its Edge Save against the groups from the last one
 *    toward the front, one test at a time (typed in or rolled).
 * 3. A Low Score places the PC right after that group and ends its tests.
 * 4. PCs Low on the same group: by choice (tkr_klep_setup_place_before) or
 *    else by Edge Save Score, higher first.
 * 5. A PC never Low goes before everyone (ordered likewise).
 * 6. Sneaky toward a group gives Advantage on the test against it.
 *
 * Every change goes through @history. Property "complete" (bool) tells when
 * every PC is placed; signal "changed" fires after any change, for previews.
 */

TkrKlepSetup *tkr_klep_setup_new (TkrRules *rules);
TkrRules *tkr_klep_setup_get_rules (TkrKlepSetup *self);

GListModel *tkr_klep_setup_get_groups (TkrKlepSetup *self); /* TkrKlepNpcGroup, front first */
GListModel *tkr_klep_setup_get_pcs (TkrKlepSetup *self);    /* TkrCharacter */

/* Adds an NPC to the group of its Edge modifier (a new group, in order, if
 * none). Adds a PC to those who test. */
void
tkr_klep_setup_add_character (TkrKlepSetup *self, TkrHistory *history, TkrCharacter *character);
gboolean tkr_klep_setup_remove_character (TkrKlepSetup *self,
                                          TkrHistory *history,
                                          TkrCharacter *character,
                                          GError **error);
/* Moves @members (of @group) to a new group placed right after it. */
TkrKlepNpcGroup *tkr_klep_setup_split_group (TkrKlepSetup *self,
                                             TkrHistory *history,
                                             TkrKlepNpcGroup *group,
                                             TkrCharacter *const *members,
                                             guint n_members,
                                             GError **error);
/* Moves every member of @from into @into and drops @from. */
gboolean tkr_klep_setup_merge_groups (TkrKlepSetup *self,
                                      TkrHistory *history,
                                      TkrKlepNpcGroup *into,
                                      TkrKlepNpcGroup *from,
                                      GError **error);
gboolean tkr_klep_setup_move_group (
  TkrKlepSetup *self, TkrHistory *history, TkrKlepNpcGroup *group, guint position, GError **error);
void tkr_klep_setup_rename_group (TkrKlepSetup *self,
                                  TkrHistory *history,
                                  TkrKlepNpcGroup *group,
                                  const char *name);

void tkr_klep_setup_set_sneaky (TkrKlepSetup *self,
                                TkrHistory *history,
                                TkrCharacter *pc,
                                TkrKlepNpcGroup *group,
                                gboolean sneaky);
gboolean tkr_klep_setup_get_sneaky (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup *group);

/* The group @pc must test against next, or NULL when it is placed. */
TkrKlepNpcGroup *tkr_klep_setup_get_next_group (TkrKlepSetup *self, TkrCharacter *pc);
/* The next test of the whole table, PC by PC; FALSE when all are placed. */
gboolean
tkr_klep_setup_get_next_test (TkrKlepSetup *self, TkrCharacter **pc, TkrKlepNpcGroup **group);
/* Records a Score typed in for @pc's test against @group, which must be
 * its next test. */
gboolean tkr_klep_setup_enter_score (TkrKlepSetup *self,
                                     TkrHistory *history,
                                     TkrCharacter *pc,
                                     TkrKlepNpcGroup *group,
                                     int score,
                                     GError **error);
/* Rolls d10 + Edge (with Advantage when Sneaky) and records the Score. */
TkrTestRoll *tkr_klep_setup_roll (TkrKlepSetup *self,
                                  TkrHistory *history,
                                  TkrCharacter *pc,
                                  TkrKlepNpcGroup *group,
                                  GRand *rand,
                                  GError **error);
gboolean
tkr_klep_setup_get_score (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup *group, int *score);
/* Forgets @pc's scores from @group on, so it tests again from there. */
void tkr_klep_setup_retake_from (TkrKlepSetup *self,
                                 TkrHistory *history,
                                 TkrCharacter *pc,
                                 TkrKlepNpcGroup *group);
/* Where @pc stands: after @group_out (NULL = before everyone).
 * FALSE while @pc still has tests to make. */
gboolean
tkr_klep_setup_get_placement (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup **group_out);
/* Tie choice: @pc goes before @other (both placed in the same slot). */
gboolean tkr_klep_setup_place_before (
  TkrKlepSetup *self, TkrHistory *history, TkrCharacter *pc, TkrCharacter *other, GError **error);
gboolean tkr_klep_setup_is_complete (TkrKlepSetup *self);
/* The order as it stands: new entries, front first; PCs not yet placed are
 * left out. Each entry's members are new TkrKlepCombatants. */
GPtrArray *tkr_klep_setup_build_order (TkrKlepSetup *self);

JsonNode *tkr_klep_setup_to_json (TkrKlepSetup *self);
gboolean tkr_klep_setup_load_json (TkrKlepSetup *self,
                                   JsonNode *node,
                                   const char *path,
                                   TkrCharacterResolver resolve,
                                   gpointer user_data,
                                   GError **error);

G_END_DECLS
