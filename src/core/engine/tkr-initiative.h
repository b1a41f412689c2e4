/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * Initiative as the systems that roll it share it (help/C/pf2e.page and
 * help/C/d20.page, "Roll initiative"): each combatant has a modifier, and
 * a result or not yet; a result is a die plus the modifier, rolled or
 * typed in; the order is the highest result first, and each system
 * settles ties its own way (Pathfinder 2e: the adversary before the PC,
 * then the side's chosen order; d20: contest rolls).
 *
 * A system's combatant embeds a TkrInitiative in its instance structure
 * and its TkrField table names the members ("init.value"...), so the
 * properties and files stay the system's own; the functions below find
 * the struct at @offset (G_STRUCT_OFFSET) in each combatant.
 */
typedef struct
{
  int value;    /* the result, 0 without one */
  int modifier; /* added to the die */
  gboolean has_result;
} TkrInitiative;

#define TKR_INITIATIVE_AT(object, offset) ((TkrInitiative *) G_STRUCT_MEMBER_P ((object), (offset)))

/* The die (1..@die_sides, with @rand) plus @modifier; the die in @natural
 * (nullable). */
int tkr_initiative_roll (GRand *rand, int die_sides, int modifier, int *natural);
/* Both have a result, the same one. */
gboolean tkr_initiative_tied (const TkrInitiative *a, const TkrInitiative *b);
/* Those with a result before those without, then the highest value
 * first; 0 when the values are the same. */
int tkr_initiative_compare (const TkrInitiative *a, const TkrInitiative *b);
/* Sorts @combatants by tkr_initiative_compare(), then by @tie_break
 * (nullable: none) with @data; the sort is stable, so those still tied
 * keep their order in @combatants. */
void tkr_initiative_sort (GPtrArray *combatants,
                          gsize offset,
                          GCompareDataFunc tie_break,
                          gpointer data);
/* (transfer none) (nullable): the first of @combatants without a result
 * from position *@from (the start when @from is NULL), where *@from is
 * left, so rolling for everyone missing is one pass; Main needs none
 * (check_transition). */
gpointer tkr_initiative_find_missing (GListModel *combatants, gsize offset, guint *from);

/*
 * TkrInitiativeIndex: who has a result, by value, following @combatants
 * (items added, removed, and each one's "notify") so that finding who is
 * tied costs the size of a tie, not of the encounter.
 */
typedef struct _TkrInitiativeIndex TkrInitiativeIndex;

TkrInitiativeIndex *tkr_initiative_index_new (GListModel *combatants, gsize offset);
/* Stops following and frees. */
void tkr_initiative_index_free (TkrInitiativeIndex *index);
/* (transfer none) (nullable): those whose result is @value, in no order */
GPtrArray *tkr_initiative_index_lookup (TkrInitiativeIndex *index, int value);
/* (transfer container): the values two or more share, in no order */
GList *tkr_initiative_index_get_tied (TkrInitiativeIndex *index);
/* How many have a result. */
guint tkr_initiative_index_count (TkrInitiativeIndex *index);

G_END_DECLS
