/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The Kleptonomicon's phases of play ("Phases of Play" in seed 000). */
typedef enum
{
  TKR_PHASE_FREEPLAY,
  TKR_PHASE_SETUP,
  TKR_PHASE_MAIN,
  TKR_PHASE_PAUSED,
  TKR_PHASE_END,
} TkrPhase;

typedef enum
{
  TKR_CHARACTER_KIND_PC,
  TKR_CHARACTER_KIND_NPC,
} TkrCharacterKind;

/* The eight Ability Times of the SRD. */
typedef enum
{
  TKR_ABILITY_TIME_ACTION,
  TKR_ABILITY_TIME_FREE_ACTION,
  TKR_ABILITY_TIME_SLOW_ACTION,
  TKR_ABILITY_TIME_REACTION,
  TKR_ABILITY_TIME_FREE_REACTION,
  TKR_ABILITY_TIME_PASSIVE,
  TKR_ABILITY_TIME_MONTAGE,
  TKR_ABILITY_TIME_EPISODIC,
} TkrAbilityTime;

typedef enum
{
  TKR_CONDITION_KIND_FLEETING,
  TKR_CONDITION_KIND_PERSISTENT,
  TKR_CONDITION_KIND_TEMPORARY,
} TkrConditionKind;

typedef enum
{
  TKR_SCORE_RANGE_LOW,
  TKR_SCORE_RANGE_MIXED,
  TKR_SCORE_RANGE_HIGH,
} TkrScoreRange;

/* The sheet's pools, in the order the sheet shows them. */
typedef enum
{
  TKR_POOL_HEALTH,
  TKR_POOL_VITALITY,
  TKR_POOL_SHIELD,
  TKR_POOL_DODGE_POINTS,
  TKR_POOL_RECOVERIES,
  TKR_POOL_FIRST_AID_KITS,
} TkrPoolKind;

#define TKR_N_POOLS 6

typedef enum
{
  TKR_MODIFIER_KIND_SAVE,
  TKR_MODIFIER_KIND_SKILL,
  TKR_MODIFIER_KIND_ARCHETYPE,
} TkrModifierKind;

typedef enum
{
  TKR_KLEP_TURN_ENTRY_KIND_PC,
  TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP,
} TkrKlepTurnEntryKind;

/* Errors from editing a character: a refused value. */
#define TKR_CHARACTER_ERROR (tkr_character_error_quark ())
typedef enum
{
  TKR_CHARACTER_ERROR_INVALID_VALUE,
  TKR_CHARACTER_ERROR_NOT_FOUND,
  TKR_CHARACTER_ERROR_CANNOT_LEVEL_UP,
} TkrCharacterError;

/* Errors from running an encounter: an illegal phase change or a spend
 * the rules do not allow. */
#define TKR_ENCOUNTER_ERROR (tkr_encounter_error_quark ())
typedef enum
{
  TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
  TKR_ENCOUNTER_ERROR_WRONG_PHASE,
  TKR_ENCOUNTER_ERROR_NO_BEATS,
  TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS,
  TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
  TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED,
  TKR_ENCOUNTER_ERROR_NEEDS_APPROVAL,
  TKR_ENCOUNTER_ERROR_NEEDS_TEST,
  TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
  TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
  TKR_ENCOUNTER_ERROR_INVALID,
  TKR_ENCOUNTER_ERROR_NOT_FOUND,
} TkrEncounterError;

/* Errors from reading a file: what went wrong and, in the message, where. */
#define TKR_FILE_ERROR (tkr_file_error_quark ())
typedef enum
{
  TKR_FILE_ERROR_PARSE,
  TKR_FILE_ERROR_FORMAT_TOO_NEW,
  TKR_FILE_ERROR_WRONG_KIND,
  TKR_FILE_ERROR_INVALID,
  TKR_FILE_ERROR_TOO_LARGE,
} TkrFileError;

/* Errors from loading rule data. */
#define TKR_RULES_ERROR (tkr_rules_error_quark ())
typedef enum
{
  TKR_RULES_ERROR_INVALID,
  TKR_RULES_ERROR_UNKNOWN_SYSTEM,
  TKR_RULES_ERROR_INVALID_AWARD,
} TkrRulesError;

GQuark tkr_character_error_quark (void);
GQuark tkr_encounter_error_quark (void);
GQuark tkr_file_error_quark (void);
GQuark tkr_rules_error_quark (void);

/* An effect's duration (src/core/engine/tkr-effects.h): until removed
 * (the default, and every condition without a duration), a number of
 * rounds or of turns, or until the end of the encounter. */
typedef enum
{
  TKR_EFFECT_DURATION_UNTIL_REMOVED,
  TKR_EFFECT_DURATION_ROUNDS,
  TKR_EFFECT_DURATION_TURNS,
  TKR_EFFECT_DURATION_ENCOUNTER,
} TkrEffectDuration;

/* The edge of a turn at which an effect expires: its start or its end. */
typedef enum
{
  TKR_EFFECT_EDGE_TURN_START,
  TKR_EFFECT_EDGE_TURN_END,
} TkrEffectEdge;

G_END_DECLS
