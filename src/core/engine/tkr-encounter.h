/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-character.h"
#include "tkr-combatant.h"
#include "tkr-history.h"
#include "tkr-log-entry.h"
#include "tkr-rules.h"
#include "tkr-tracker.h"

G_BEGIN_DECLS

#define TKR_TYPE_ENCOUNTER (tkr_encounter_get_type ())
G_DECLARE_DERIVABLE_TYPE (TkrEncounter, tkr_encounter, TKR, ENCOUNTER, GObject)

/*
 * The encounter engine every rule system shares (docs/ARCHITECTURE.md,
 * "The encounter engine"). It implements TkrTracker and owns:
 *
 * - the phases as a state machine
 *     Freeplay -> Setup -> Main <-> Paused, Main|Paused -> End -> Freeplay,
 *     and Setup -> Freeplay to abandon a Setup,
 *   with honest legality: can_transition() answers for the encounter's
 *   real state (the graph, then the system's check_transition);
 * - rounds and turns: "round" (0 before Main), "current-index" (-1 when it
 *   is nobody's turn), next turn, and previous turn (an undo back to
 *   before the last next turn, tagged in the history);
 * - the participants (TkrCharacter, in order of entry), the combatants
 *   (TkrCombatant subclasses, one per participant from Setup to End), the
 *   turn order ("order": turn slots, each a TkrCombatant or a system's
 *   group of them, fixed when Main begins unless the system reorders) and
 *   the log (TkrLogEntry);
 * - the XP award at the End, with one validation fed by rule data;
 * - the file skeleton (rule system, phase, round, turn, participants, log).
 *
 * Every command is one TkrHistory step, so it can be undone. A system
 * subclass supplies only what differs, through the vfuncs below, and adds
 * its own commands. Its hooks run inside the command's history step and
 * record their changes through tkr_encounter_set() and the history.
 *
 * Properties: "rules" (TkrRules), "history" (TkrHistory, not kept alive),
 * both construct-only; "phase", "round", "current-index" (read-write with
 * explicit notify, for the history; change them only through commands);
 * "log" (GListModel).
 */

/* What a file's encounter holds while it is read, before anything
 * changes. The engine reads the skeleton; the system's read_json reads its
 * own members into @combatants, @order and @data; the engine then checks
 * that the phase agrees with the lists and commits them all. */
typedef struct
{
  TkrPhase phase;
  int round;
  int current_index;
  GPtrArray *participants; /* TkrCharacter; a system whose file keeps them
                            * elsewhere fills it in read_json */
  GPtrArray *combatants;   /* TkrCombatant, one per participant, or none */
  GPtrArray *order;        /* turn slots */
  GPtrArray *log;          /* TkrLogEntry */
  TkrCharacterResolver resolve;
  gpointer resolve_data;
  gpointer data; /* the system's own, freed with @data_free */
  GDestroyNotify data_free;
} TkrEncounterLoad;

struct _TkrEncounterClass
{
  GObjectClass parent_class;

  /* The system's name for @phase ("Exploration" for Freeplay), untranslated
   * (N_): the log keeps it so and reads it in the reader's language; NULL
   * uses the shared names. */
  const char *(*phase_name) (TkrEncounter *self, TkrPhase phase);
  /* Beyond the phase graph: whether the encounter may go to @to in its
   * present state; FALSE with @error saying why. Default: TRUE. */
  gboolean (*check_transition) (TkrEncounter *self, TkrPhase to, GError **error);
  /* A combatant for @character (transfer full), made when Setup begins
   * or when @character joins during Setup. Required. */
  TkrCombatant *(*new_combatant) (TkrEncounter *self, TkrCharacter *character);
  /* Freeplay -> Setup, after the combatants are made. */
  void (*setup_begun) (TkrEncounter *self);
  /* A participant joined (@combatant is NULL in Freeplay) or is leaving
   * (@combatant removed right after). */
  void (*joined) (TkrEncounter *self, TkrCharacter *character, TkrCombatant *combatant);
  void (*leaving) (TkrEncounter *self, TkrCharacter *character, TkrCombatant *combatant);
  /* Setup -> Main: the turn order's slots (transfer full). Required. */
  GPtrArray *(*build_order) (TkrEncounter *self);
  /* After the order is set and Round 1 begins, before the first turn. */
  void (*main_begun) (TkrEncounter *self);
  /* A new round begins (Round 2 on); before its first turn starts. */
  void (*round_begun) (TkrEncounter *self);
  void (*start_turn) (TkrEncounter *self, GObject *slot);
  /* Whether the turn of @slot may end now; FALSE with @error saying why
   * (a recovery check owed). Default: TRUE. */
  gboolean (*check_end_turn) (TkrEncounter *self, GObject *slot, GError **error);
  void (*end_turn) (TkrEncounter *self, GObject *slot);
  /* The whole of "next turn" for a system whose turns do not follow a
   * fixed order; the engine opens the step and tags it. Default: end the
   * current slot's turn, go to the next slot, a new round after the last. */
  gboolean (*advance) (TkrEncounter *self, GError **error);
  void (*paused) (TkrEncounter *self);
  void (*resumed) (TkrEncounter *self);
  void (*ended) (TkrEncounter *self);
  /* End -> Freeplay or an abandoned Setup: clear the system's own lists
   * (the engine clears combatants and order after this). */
  void (*cleared) (TkrEncounter *self);
  /* Files: the system's own members, written after the skeleton. */
  void (*write_json) (TkrEncounter *self, JsonObject *object);
  gboolean (*read_json) (TkrEncounter *self,
                         JsonObject *object,
                         const char *path,
                         TkrEncounterLoad *load,
                         GError **error);
  /* Checks the system's own parts of @load against each other; the
   * engine has already checked the phase against the lists. */
  gboolean (*check_loaded) (TkrEncounter *self,
                            TkrEncounterLoad *load,
                            const char *path,
                            GError **error);
  /* Commits @load->data (the engine has set the rest). */
  void (*commit_json) (TkrEncounter *self, TkrEncounterLoad *load);
  /* Setup: rolls what everyone still lacks for the order (initiative,
   * Setup tests) with @rand, recorded; the engine opens the step. NULL
   * when the system's Setup has nothing to roll. */
  gboolean (*roll_missing) (TkrEncounter *self, GRand *rand, GError **error);
  /* Whether previous turn has a turn to go back to. Default: not in the
   * first turn of Round 1. */
  gboolean (*has_earlier_turn) (TkrEncounter *self);

  /* The log line that closes the encounter, as its event (transfer full,
   * tkr-message.h); default: the number of rounds it lasted. */
  TkrMessage *(*describe_end) (TkrEncounter *self);
  /* Health of @combatant went from @before to @after inside the step of
   * tkr_encounter_change_health(): the system's consequences (Pathfinder
   * 2e's dying at 0). */
  void (*health_changed) (TkrEncounter *self, TkrCombatant *combatant, int before, int after);

  gpointer padding[8];
};

/* The kinds (tkr_log_entry_get_kind) of the log lines for the end of an
 * encounter and for each award that follows it. */
#define TKR_LOG_ENCOUNTER_END "encounter-end"
#define TKR_LOG_XP_AWARD "xp-award"
/* A copy of an NPC rolled its maximum Health as it joined (tkr-campaign.c). */
#define TKR_LOG_NPC_HEALTH "npc-health"

TkrRules *tkr_encounter_get_rules (TkrEncounter *self);
TkrHistory *tkr_encounter_get_history (TkrEncounter *self);
void tkr_encounter_adopt_history (TkrEncounter *self, TkrHistory *history);
TkrPhase tkr_encounter_get_phase (TkrEncounter *self);
int tkr_encounter_get_round (TkrEncounter *self);
int tkr_encounter_get_current_index (TkrEncounter *self);
GListModel *tkr_encounter_get_participants (TkrEncounter *self);
GListModel *tkr_encounter_get_combatants (TkrEncounter *self);
GListModel *tkr_encounter_get_order (TkrEncounter *self);
GListModel *tkr_encounter_get_log (TkrEncounter *self);
/* The slot whose turn it is, in Main and Paused. (transfer none) */
GObject *tkr_encounter_get_current_slot (TkrEncounter *self);
/* (transfer none) (nullable) */
TkrCombatant *tkr_encounter_find_combatant (TkrEncounter *self, TkrCharacter *character);
gboolean tkr_encounter_has_participant (TkrEncounter *self, TkrCharacter *character);
const char *tkr_encounter_get_phase_name (TkrEncounter *self, TkrPhase phase);
/* The same, untranslated (N_), for a log line to keep. */
const char *tkr_encounter_get_phase_msgid (TkrEncounter *self, TkrPhase phase);

/* Participants join and leave in Freeplay or Setup. */
gboolean
tkr_encounter_add_participant (TkrEncounter *self, TkrCharacter *character, GError **error);
gboolean
tkr_encounter_remove_participant (TkrEncounter *self, TkrCharacter *character, GError **error);

/* Phases */
gboolean tkr_encounter_can_transition (TkrEncounter *self, TkrPhase to);
/* Why @to cannot follow now (FALSE and @error), or TRUE. */
gboolean tkr_encounter_check_transition (TkrEncounter *self, TkrPhase to, GError **error);
gboolean tkr_encounter_transition (TkrEncounter *self, TkrPhase to, GError **error);
gboolean tkr_encounter_begin_setup (TkrEncounter *self, GError **error);
gboolean tkr_encounter_abandon_setup (TkrEncounter *self, GError **error);
gboolean tkr_encounter_begin_main (TkrEncounter *self, GError **error);
gboolean tkr_encounter_pause (TkrEncounter *self, GError **error);
gboolean tkr_encounter_resume (TkrEncounter *self, GError **error);
gboolean tkr_encounter_end (TkrEncounter *self, GError **error);
gboolean tkr_encounter_finish (TkrEncounter *self, GError **error);

/* Setup: roll for everyone still missing a result, as one step; the
 * order is then complete unless a tie wants settling. */
gboolean tkr_encounter_roll_missing (TkrEncounter *self, GRand *rand, GError **error);

/* Turns */
gboolean tkr_encounter_next_turn (TkrEncounter *self, GError **error);
gboolean tkr_encounter_previous_turn (TkrEncounter *self, GError **error);

/* End: Experience Points for a PC who took part, an amount the rule data
 * allows, with an optional reason; logged as TKR_LOG_XP_AWARD. */
gboolean tkr_encounter_award_experience (
  TkrEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error);
/* The same award to each of @characters (TkrCharacter), as one step: all
 * of them or, when one is refused, none. */
gboolean tkr_encounter_award_party (
  TkrEncounter *self, GPtrArray *characters, int xp, const char *reason, GError **error);

/* The log: a line of the current round, its own history step when no
 * step is open. */
/* Every line is kept as its event (tkr-message.h) and reads in the
 * reader's language: an untranslated message (N_) and its values
 * (TkrMessage *, then NULL), a plural one with its count, or a line built
 * whole. A note the GM typed stays as it is. */
void tkr_encounter_log_event (TkrEncounter *self, const char *kind, const char *msgid, ...)
  G_GNUC_NULL_TERMINATED;
void tkr_encounter_log_plural (TkrEncounter *self,
                               const char *kind,
                               const char *msgid,
                               const char *plural,
                               gulong n,
                               ...) G_GNUC_NULL_TERMINATED;
void tkr_encounter_log_line (TkrEncounter *self, const char *kind, TkrMessage *event);
void tkr_encounter_log_note (TkrEncounter *self, const char *text);
/* (transfer full): @combatant's name as a value of a log line */
TkrMessage *tkr_encounter_who (TkrCombatant *combatant);

/* For the systems' commands */

/* Records @property of @object (any GObject) as the value that follows,
 * through the encounter's history: tkr_history_set() by another name. */
#define tkr_encounter_set(self, object, property, ...)                                             \
  tkr_history_set (tkr_encounter_get_history (TKR_ENCOUNTER (self)), (object), (property),         \
                   __VA_ARGS__)
/* Spends (@delta < 0) or gives back (@delta > 0) resource @id of
 * @combatant, recorded; FALSE with TKR_ENCOUNTER_ERROR_INVALID when it
 * has no such resource. It does not check limits: the system does. */
gboolean tkr_encounter_change_resource (
  TkrEncounter *self, TkrCombatant *combatant, const char *id, int delta, GError **error);
/* Refills every resource of @combatant to its maximum, recorded. */
void tkr_encounter_refill_resources (TkrEncounter *self, TkrCombatant *combatant);
gboolean tkr_encounter_require_phase (TkrEncounter *self, TkrPhase phase, GError **error);
/* Main or Paused. */
gboolean tkr_encounter_require_running (TkrEncounter *self, GError **error);
gboolean
tkr_encounter_require_combatant (TkrEncounter *self, TkrCombatant *combatant, GError **error);
/* Removes every item of @store, recorded. */
void tkr_encounter_clear_store (TkrEncounter *self, GListStore *store);
/* A participant as files store it: a PC by id ("ref"), an NPC whole
 * ("npc"); and back. */
JsonNode *tkr_encounter_participant_to_json (TkrCharacter *character);
TkrCharacter *tkr_encounter_participant_from_json (JsonNode *node,
                                                   const char *path,
                                                   TkrCharacterResolver resolve,
                                                   gpointer user_data,
                                                   GError **error);
/* Reads a participant at @path into @load (transfer none), or NULL with
 * @error when it cannot be read or takes part twice. */
TkrCharacter *tkr_encounter_load_add_participant (TkrEncounterLoad *load,
                                                  JsonNode *node,
                                                  const char *path,
                                                  GError **error);
/* (transfer none) (nullable): the character in @characters with @id */
TkrCharacter *tkr_encounter_load_find_character (TkrEncounterLoad *load, const char *id);

/* The dice typed formulas roll on ("-2d6+3" on a health cell): its own,
 * or a copy of @rand (tests seed it). */
GRand *tkr_encounter_get_rand (TkrEncounter *self);
void tkr_encounter_set_rand (TkrEncounter *self, GRand *rand);
/* The players' view (help/C/player-view.page): hides @combatant from it
 * or shows it again, as one undoable step. Kept in files as the member
 * "hidden", the hidden combatants' character ids, left out when no one
 * is hidden. */
gboolean tkr_encounter_set_hidden (TkrEncounter *self,
                                   TkrCombatant *combatant,
                                   gboolean hidden,
                                   GError **error);

/* The campaign's choice (help/C/player-view.page): whether a hidden
 * combatant is revealed when its turn comes. Setting it is one step. */
gboolean
tkr_encounter_set_reveal_hidden_on_turn (TkrEncounter *self, gboolean reveal, GError **error);
gboolean tkr_encounter_get_reveal_hidden_on_turn (TkrEncounter *self);
/* The turn of @slot starts: with that choice on, its hidden combatants
 * are revealed, logged. Recorded in the open step; tkr_effects_slot_edge()
 * calls it. */
void tkr_encounter_reveal_on_turn (TkrEncounter *self, GObject *slot);

G_END_DECLS
