/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * Reminders in the order, shared by the rule systems (help/C/order.page):
 * an entry that is not a creature (a lair action, a collapsing ceiling,
 * reinforcements in round 3), placed before a combatant's turn, in one
 * round or in every round, with a note. When that turn comes up, inside
 * the step that starts it, the reminder comes up first: it is logged
 * (kind TKR_LOG_REMINDER) and the encounter emits "reminder" (the
 * TkrReminder); a reminder for one round is then done. Adding and
 * removing are one step each; files keep them ("reminders", left out when
 * there are none).
 *
 * Properties of a TkrReminder: "note" (string), "before" (the character
 * id of the combatant whose turn it comes before), "round" (int, 0 for
 * every round) and "done" (bool: a one-round reminder that came up).
 */

#define TKR_LOG_REMINDER "reminder"
#define TKR_REMINDER_MAX_ROUND 100000

#define TKR_TYPE_REMINDER (tkr_reminder_get_type ())
G_DECLARE_FINAL_TYPE (TkrReminder, tkr_reminder, TKR, REMINDER, GObject)

const char *tkr_reminder_get_note (TkrReminder *self);
const char *tkr_reminder_get_before (TkrReminder *self);
int tkr_reminder_get_round (TkrReminder *self);
gboolean tkr_reminder_get_done (TkrReminder *self);

/* Installs TkrEncounter::reminder (TkrReminder *); called by the
 * encounter's class_init. */
void tkr_reminders_install_signals (gpointer encounter_class);

/* The encounter's reminders, in the order they were added. (transfer none) */
GListModel *tkr_reminders_get_list (TkrEncounter *encounter);

/* Adds a reminder @note (1 to 200 characters) before @before's turn in
 * @round (0: every round), as one step with a log line. (transfer none)
 * (nullable): the reminder, or NULL with @error. */
TkrReminder *tkr_reminders_add (
  TkrEncounter *encounter, const char *note, TkrCombatant *before, int round, GError **error);
gboolean tkr_reminders_remove (TkrEncounter *encounter, TkrReminder *reminder, GError **error);

/* The reminders that come before @combatant's turn (TkrReminder, those
 * still to come first). (transfer full) */
GPtrArray *tkr_reminders_before (TkrEncounter *encounter, TkrCombatant *combatant);

/* The turn of @slot starts: its reminders come up. Recorded in the step
 * that is open; the engine calls it where a turn starts. */
void tkr_reminders_slot_starts (TkrEncounter *encounter, GObject *slot);

/* Files */
void tkr_reminders_write_json (TkrEncounter *encounter, JsonObject *object);
gboolean tkr_reminders_read_json (TkrEncounter *encounter,
                                  JsonObject *object,
                                  const char *path,
                                  TkrEncounterLoad *load,
                                  GError **error);

G_END_DECLS
