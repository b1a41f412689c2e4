/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "tkr-ability.h"
#include "tkr-types.h"

G_BEGIN_DECLS

/*
 * A statblock: the parts of a sheet that copies of one NPC kind never
 * change in a fight (saves, skills, archetype levels, Movement Ranges,
 * abilities), as one immutable value shared by every sheet that has the
 * same ones (README, "Performance": memory that fits the work).
 *
 * Statblocks are interned: making one equal to a statblock that exists
 * gives that one, so an NPC of the library, its copies in the encounter
 * and the same sheets read back from a file hold one. A change makes a
 * new statblock for the sheet that changes (tkr-character.c). Safe to
 * make and release on any thread.
 */

#define TKR_TYPE_STATBLOCK (tkr_statblock_get_type ())
typedef struct _TkrStatblock TkrStatblock;

GType tkr_statblock_get_type (void) G_GNUC_CONST;

/* A save, skill or archetype level, or a Movement Range (value: its
 * units). @name is an interned GRefString. */
typedef struct
{
  char *name;
  int value;
} TkrStatEntry;

/* The lists of a statblock being made: the saves, skills and archetype
 * levels by TkrModifierKind, then the Movement Ranges; abilities apart. */
#define TKR_STAT_RANGES 3
#define TKR_STAT_N_LISTS 4

typedef struct
{
  GArray *lists[TKR_STAT_N_LISTS]; /* of TkrStatEntry */
  GPtrArray *abilities;            /* of TkrAbility, owned */
} TkrStatblockBuilder;

void tkr_statblock_builder_init (TkrStatblockBuilder *builder);
/* Takes its own reference on @name's interned copy. */
void
tkr_statblock_builder_add (TkrStatblockBuilder *builder, guint list, const char *name, int value);
/* Takes @ability, which nothing may change after. */
void tkr_statblock_builder_take_ability (TkrStatblockBuilder *builder, TkrAbility *ability);
/* Returns: (transfer full): the interned statblock; @builder is emptied. */
TkrStatblock *tkr_statblock_builder_end (TkrStatblockBuilder *builder);
void tkr_statblock_builder_clear (TkrStatblockBuilder *builder);
/* Starts @builder with @self's contents (the abilities referenced). */
void tkr_statblock_builder_init_from (TkrStatblockBuilder *builder, TkrStatblock *self);

TkrStatblock *tkr_statblock_ref (TkrStatblock *self);
void tkr_statblock_unref (TkrStatblock *self);

guint tkr_statblock_get_n (TkrStatblock *self, guint list);
const TkrStatEntry *tkr_statblock_get (TkrStatblock *self, guint list, guint i);
/* The index of @name in @list, whatever its case, or -1. */
int tkr_statblock_find (TkrStatblock *self, guint list, const char *name);
guint tkr_statblock_get_n_abilities (TkrStatblock *self);
/* (transfer none): never to be changed or handed out; copy it. */
TkrAbility *tkr_statblock_get_ability (TkrStatblock *self, guint i);

/* Returns: (transfer full): a value equal to @value (a sheet's "fields",
 * "texts" or "lists", @slot 0 to 2): the one the first sheet of this
 * statblock gave, so copies of one kind read from a file share it too,
 * or @value itself. */
GVariant *tkr_statblock_share_value (TkrStatblock *self, guint slot, GVariant *value);

/* How many statblocks exist (for tests and benchmarks). */
guint tkr_statblock_count_interned (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkrStatblock, tkr_statblock_unref)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TkrStatblockBuilder, tkr_statblock_builder_clear)

G_END_DECLS
