/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-command.h"
#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * Short names for the engine's accessors that every rule system's
 * encounter code uses (docs/ARCHITECTURE.md, "The encounter engine").
 * Include this header from a system's own files only: the names are
 * short because they are private.
 */

#define ENC(self) TKR_ENCOUNTER (self)
#define HISTORY(self) tkr_encounter_get_history (TKR_ENCOUNTER (self))
#define RULES(self) tkr_encounter_get_rules (TKR_ENCOUNTER (self))
#define PHASE(self) tkr_encounter_get_phase (TKR_ENCOUNTER (self))
#define ROUND(self) tkr_encounter_get_round (TKR_ENCOUNTER (self))
#define COMBATANTS(self) tkr_encounter_get_combatants (TKR_ENCOUNTER (self))
/* A log line of the current round, kept as its event: an untranslated
 * message (N_) and its values (TkrMessage *), or a plural message, its
 * plural form and its count, then the values (tkr_encounter_log_event(),
 * tkr_encounter_log_plural()). */
#define LOG(self, ...) tkr_encounter_log_event (TKR_ENCOUNTER (self), NULL, __VA_ARGS__, NULL)
#define LOG_PLURAL(self, ...)                                                                      \
  tkr_encounter_log_plural (TKR_ENCOUNTER (self), NULL, __VA_ARGS__, NULL)
/* A recorded change (tkr_encounter_set()). */
#define SET(self, object, property, value) tkr_encounter_set ((self), (object), (property), (value))
/* Closes the command's history step; TRUE, so a command can end with it. */
#define END_STEP(self) (tkr_history_end (HISTORY (self)), TRUE)
/* Logs the line that follows, then closes the step (TRUE). */
#define LOG_AND_END(self, ...) (LOG (self, __VA_ARGS__), END_STEP (self))
#define LOG_AND_END_PLURAL(self, ...) (LOG_PLURAL (self, __VA_ARGS__), END_STEP (self))
/* A whole command: a step, a resource change and a log line
 * (tkr_encounter_record(): the step's label and the line as events). */
#define record(self, name, combatant, ...)                                                         \
  tkr_encounter_record (TKR_ENCOUNTER (self), (name), TKR_COMBATANT (combatant), __VA_ARGS__)

#define NAME(combatant) tkr_combatant_get_name (TKR_COMBATANT (combatant))
/* Values of a log line or a label (tkr-message.h): a combatant's name, a
 * number, words kept as they are, a name read in the reader's language. */
#define WHO(combatant) tkr_encounter_who (TKR_COMBATANT (combatant))
#define NUM(value) tkr_message_int (value)
#define TEXT(text) tkr_message_text (text)
#define WORD(msgid) tkr_message_name (msgid)
#define CHARACTER(combatant) tkr_combatant_get_character (TKR_COMBATANT (combatant))
#define ID_OF(combatant) tkr_character_get_id (CHARACTER (combatant))

#define N_ITEMS(model) g_list_model_get_n_items (G_LIST_MODEL (model))
/* (transfer none): item @index of @model, which keeps it */
#define item_at(model, index) tkr_list_item_at (G_LIST_MODEL (model), (index))

G_END_DECLS
