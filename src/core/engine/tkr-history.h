/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "tkr-message.h"

G_BEGIN_DECLS

#define TKR_TYPE_HISTORY (tkr_history_get_type ())
G_DECLARE_FINAL_TYPE (TkrHistory, tkr_history, TKR, HISTORY, GObject)

/*
 * TkrHistory is the one command path of the core: every change to a
 * character, a campaign or an encounter is made through it, as a group of
 * primitive changes (a property set, a list insert or remove) that can be
 * undone and redone as one step.
 *
 * Every function accepts a NULL history: the change is then made without
 * being recorded (used while loading a file or building fresh objects).
 *
 * Only properties holding values (numbers, booleans, enums, strings,
 * GVariants, object references) may be recorded; a property holding a
 * mutable boxed type would be shared between old and new value.
 */

TkrHistory *tkr_history_new (void);

/* A step's label is kept as its event (tkr-message.h) and read in the
 * reader's language (tkr_history_get_undo_label): tkr_history_begin()
 * takes the untranslated label, marked N_ as "Next turn" is, or a name from
 * the rule data; tkr_history_begin_message() a label with values
 * (TkrMessage *, then NULL); tkr_history_begin_event() any label. */
void tkr_history_begin (TkrHistory *self, const char *label);
void tkr_history_begin_message (TkrHistory *self, const char *msgid, ...) G_GNUC_NULL_TERMINATED;
void tkr_history_begin_event (TkrHistory *self, TkrMessage *label);
void tkr_history_end (TkrHistory *self);
void tkr_history_abort (TkrHistory *self);

void tkr_history_set (TkrHistory *self, gpointer object, const char *property, ...);
void tkr_history_set_value (TkrHistory *self,
                            gpointer object,
                            const char *property,
                            const GValue *value);

void tkr_history_insert (TkrHistory *self, GListStore *store, guint position, gpointer item);
void tkr_history_append (TkrHistory *self, GListStore *store, gpointer item);
void tkr_history_remove (TkrHistory *self, GListStore *store, guint position);
gboolean tkr_history_remove_item (TkrHistory *self, GListStore *store, gpointer item);

gboolean tkr_history_can_undo (TkrHistory *self);
gboolean tkr_history_can_redo (TkrHistory *self);
const char *tkr_history_get_undo_label (TkrHistory *self);
const char *tkr_history_get_redo_label (TkrHistory *self);
const TkrMessage *tkr_history_get_undo_message (TkrHistory *self);
const char *tkr_history_peek_undo_tag (TkrHistory *self);
void tkr_history_set_tag (TkrHistory *self, const char *tag);
/* The open step takes something away (a removal, the end of an
 * encounter): the application offers Undo right after it. */
void tkr_history_set_destructive (TkrHistory *self);
gboolean tkr_history_peek_undo_destructive (TkrHistory *self);
/* Each committed step has a serial, so a late "Undo" can check that the
 * step is still the newest before undoing it; 0 when there is none. */
guint tkr_history_get_undo_serial (TkrHistory *self);
gboolean tkr_history_undo (TkrHistory *self);
gboolean tkr_history_redo (TkrHistory *self);
gboolean tkr_history_is_replaying (TkrHistory *self);
gboolean tkr_history_in_group (TkrHistory *self);
guint tkr_history_get_n_undo (TkrHistory *self);
void tkr_history_clear (TkrHistory *self);
guint tkr_history_get_n_redo (TkrHistory *self);

/* The history in memory is bounded: at most @limit steps to undo (0, the
 * default, for no bound); the oldest go first. */
void tkr_history_set_limit (TkrHistory *self, guint limit);
guint tkr_history_get_limit (TkrHistory *self);

/* The objects the step on top of the undo (or @redo) stack changes (NULL
 * for a step of unknown changes). */
void
tkr_history_foreach_step_object (TkrHistory *self, gboolean redo, GFunc func, gpointer user_data);

/* The changes of the step on top of the undo (or @redo) stack: @object is
 * the object whose property a change sets or the list it changes (NULL
 * for a step of unknown changes), @item the item a list change inserts or
 * removes (NULL for a property). Lets a save's cache see what a step
 * changed (tkr-save-cache.c). */
typedef void (*TkrHistoryChangeFunc) (GObject *object, GObject *item, gpointer user_data);
void tkr_history_foreach_step_change (TkrHistory *self,
                                      gboolean redo,
                                      TkrHistoryChangeFunc func,
                                      gpointer user_data);

/* A step made elsewhere (read back from the journal): @apply undoes it
 * (forward FALSE) or redoes it (forward TRUE). */
typedef void (*TkrHistoryApplyFunc) (gpointer data, gboolean forward);
void tkr_history_push_step (TkrHistory *self,
                            gboolean redo,
                            const char *label,
                            const char *tag,
                            TkrHistoryApplyFunc apply,
                            gpointer data,
                            GDestroyNotify destroy);
/* The same with the label as its event (a step of the journal). */
void tkr_history_push_step_event (TkrHistory *self,
                                  gboolean redo,
                                  const TkrMessage *label,
                                  const char *tag,
                                  TkrHistoryApplyFunc apply,
                                  gpointer data,
                                  GDestroyNotify destroy);

G_END_DECLS
