/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tkr-ability.h"
#include "tkr-condition.h"
#include "tkr-formula.h"
#include "tkr-history.h"
#include "tkr-item.h"
#include "tkr-modifier.h"
#include "tkr-movement-range.h"
#include "tkr-pool.h"
#include "tkr-rules.h"

G_BEGIN_DECLS

#define TKR_TYPE_CHARACTER (tkr_character_get_type ())
G_DECLARE_FINAL_TYPE (TkrCharacter, tkr_character, TKR, CHARACTER, GObject)

/*
 * A character sheet, PC or NPC.
 *
 * Properties (read-write, explicit notify, so TkrHistory can record them):
 * "id" (string, construct-only; a UUID so files can refer to it), "name",
 * "player", "kind" (TkrCharacterKind), "rule-system" (string id),
 * "level" (1..99), "experience" (0..1000000), "wealth" (0..999999999),
 * "notes".
 *
 * Lists (GListModel, item types in brackets): pools [TkrPool, always the six
 * of TkrPoolKind in that order], saves and skills [TkrModifier], archetypes
 * [TkrModifier of kind ARCHETYPE], movement-ranges [TkrMovementRange],
 * abilities [TkrAbility], conditions [TkrCondition], inventory [TkrItem].
 *
 * Statblock (README, "Performance"): the saves, skills, archetypes,
 * Movement Ranges and abilities are a statblock shared, copy on write,
 * by every sheet with the same ones (tkr-statblock.h): an NPC and its
 * copies in an encounter (tkr_character_duplicate), and equal sheets read
 * from files. The "statblock" property (boxed TkrStatblock: what the
 * sheet's statblock holds, as an interned value) is how a change to a
 * shared part is one change of the character in @history. Handing out those lists or their
 * items (the getters above, tkr_character_find_modifier and _find_range)
 * gives the sheet lists of its own first, as anything may change them;
 * the readers (_get_modifier_value, _has_modifier, _lookup_range...) do
 * not. No getter, value, notification or file differs either way.
 *
 * Every edit below is a command: validated first (a refused value leaves the
 * sheet as it was and says why in @error), then recorded in @history
 * (which may be NULL).
 */

#define TKR_CHARACTER_FORMAT 1
#define TKR_CHARACTER_FILE_KIND "turnkeeper-character"

TkrCharacter *tkr_character_new (TkrRules *rules, TkrCharacterKind kind, const char *name);
TkrCharacter *tkr_character_duplicate (TkrCharacter *self, const char *name);
/* Whether both read their statblock from one shared statblock (tests). */
gboolean tkr_character_shares_statblock (TkrCharacter *self, TkrCharacter *other);

const char *tkr_character_get_id (TkrCharacter *self);
const char *tkr_character_get_name (TkrCharacter *self);
const char *tkr_character_get_player (TkrCharacter *self);
TkrCharacterKind tkr_character_get_kind (TkrCharacter *self);
gboolean tkr_character_is_pc (TkrCharacter *self);

/* An NPC's maximum Health as a dice formula ("2d8+4"; help/C/
 * effects.page), rolled for each copy as it joins an encounter
 * (tkr_campaign_add_to_encounter); "" when it has none ("health_formula"
 * in files, only when set). */
const char *tkr_character_get_health_formula (TkrCharacter *self);
/* The NPC's Health typed as a number or a formula, one step: a number is
 * its maximum; a formula is kept, and its maximum becomes the formula's
 * usual total until a copy rolls. A formula that could roll below 1 or
 * above the largest pool is refused in words, and nothing changes. */
gboolean tkr_character_set_health_typed (TkrCharacter *self,
                                         TkrHistory *history,
                                         const char *text,
                                         GError **error);
/* Whether @text is a formula a maximum Health can be; parsed into
 * @formula (nullable). */
gboolean tkr_character_check_health_formula (const char *text, TkrFormula *formula, GError **error);
const char *tkr_character_get_rule_system (TkrCharacter *self);
int tkr_character_get_level (TkrCharacter *self);
int tkr_character_get_experience (TkrCharacter *self);
int tkr_character_get_wealth (TkrCharacter *self);
const char *tkr_character_get_notes (TkrCharacter *self);

GListModel *tkr_character_get_pools (TkrCharacter *self);
GListModel *tkr_character_get_saves (TkrCharacter *self);
GListModel *tkr_character_get_skills (TkrCharacter *self);
GListModel *tkr_character_get_archetypes (TkrCharacter *self);
GListModel *tkr_character_get_movement_ranges (TkrCharacter *self);
GListModel *tkr_character_get_abilities (TkrCharacter *self);
GListModel *tkr_character_get_conditions (TkrCharacter *self);
GListModel *tkr_character_get_inventory (TkrCharacter *self);

TkrPool *tkr_character_get_pool (TkrCharacter *self, TkrPoolKind kind);
TkrModifier *
tkr_character_find_modifier (TkrCharacter *self, TkrModifierKind kind, const char *name);
/* The modifier of a save or skill by name (case-insensitive); 0 if absent. */
int tkr_character_get_modifier_value (TkrCharacter *self, TkrModifierKind kind, const char *name);
int tkr_character_get_edge_save (TkrCharacter *self);
TkrMovementRange *tkr_character_find_range (TkrCharacter *self, const char *name);
/* Read without handing out the sheet's objects (see "statblock" below):
 * whether the sheet has the save, skill or archetype @name (any case);
 * the range called @name (any case) as the sheet spells it, or NULL, and
 * its @units; the ranges, saves, skills or archetypes in order (a name
 * and its value). */
gboolean tkr_character_has_modifier (TkrCharacter *self, TkrModifierKind kind, const char *name);
const char *tkr_character_lookup_range (TkrCharacter *self, const char *name, int *units);
guint tkr_character_get_n_ranges (TkrCharacter *self);
const char *tkr_character_get_range (TkrCharacter *self, guint i, int *units);
guint tkr_character_get_n_modifiers (TkrCharacter *self, TkrModifierKind kind);
const char *
tkr_character_get_modifier (TkrCharacter *self, TkrModifierKind kind, guint i, int *value);
/* Units of a range by name; an unlisted range is 0 (seed: Improvised Movement). */
int tkr_character_get_range_units (TkrCharacter *self, const char *name);
int tkr_character_get_largest_range (TkrCharacter *self);
TkrCondition *tkr_character_find_condition (TkrCharacter *self, const char *name);

/* Sheet edits */
gboolean
tkr_character_rename (TkrCharacter *self, TkrHistory *history, const char *name, GError **error);
gboolean
tkr_character_set_level (TkrCharacter *self, TkrHistory *history, int level, GError **error);
gboolean tkr_character_set_experience (TkrCharacter *self,
                                       TkrHistory *history,
                                       int experience,
                                       GError **error);
gboolean
tkr_character_set_wealth (TkrCharacter *self, TkrHistory *history, int wealth, GError **error);
gboolean tkr_character_edit_pool (TkrCharacter *self,
                                  TkrHistory *history,
                                  TkrPoolKind kind,
                                  int current,
                                  int maximum,
                                  GError **error);
/* Adds to the current value, clamped to 0..maximum (damage is negative). */
void
tkr_character_adjust_pool (TkrCharacter *self, TkrHistory *history, TkrPoolKind kind, int delta);
/* Adds a save, skill or archetype, or changes its value if the name exists. */
gboolean tkr_character_set_modifier (TkrCharacter *self,
                                     TkrHistory *history,
                                     TkrModifierKind kind,
                                     const char *name,
                                     int value,
                                     GError **error);
/* Edge is needed by the turn order and cannot be removed. */
gboolean tkr_character_remove_modifier (
  TkrCharacter *self, TkrHistory *history, TkrModifierKind kind, const char *name, GError **error);
/* Adds a range or changes its units; 0 units removes it. */
gboolean tkr_character_set_range (
  TkrCharacter *self, TkrHistory *history, const char *name, int units, GError **error);
gboolean tkr_character_add_ability (TkrCharacter *self,
                                    TkrHistory *history,
                                    TkrAbility *ability,
                                    GError **error);
gboolean tkr_character_remove_ability (TkrCharacter *self,
                                       TkrHistory *history,
                                       TkrAbility *ability,
                                       GError **error);
gboolean
tkr_character_add_item (TkrCharacter *self, TkrHistory *history, TkrItem *item, GError **error);
gboolean
tkr_character_remove_item (TkrCharacter *self, TkrHistory *history, TkrItem *item, GError **error);

/* Conditions. @turn is the encounter's turn serial (TKR_TURN_NONE outside
 * an encounter). A name from the rule data's catalogue takes its kind and
 * maximum; any other name is a custom Fleeting condition of at most 2
 * stacks. Stacks beyond the maximum are not added; returns the condition. */
TkrCondition *tkr_character_add_condition (TkrCharacter *self,
                                           TkrHistory *history,
                                           TkrRules *rules,
                                           const char *name,
                                           int stacks,
                                           int turn,
                                           GError **error);
gboolean tkr_character_remove_condition_stacks (
  TkrCharacter *self, TkrHistory *history, const char *name, int stacks, GError **error);
/* End of a Turn (seed, "Ending your Turn"): erase one stack of every
 * Fleeting condition, except stacks gained on @turn. A condition left with
 * no stack is removed. Returns how many stacks were erased. */
guint tkr_character_erase_fleeting_stacks (TkrCharacter *self, TkrHistory *history, int turn);

/* Experience and levels (SRD: a Level Up every xp_per_level XP). */
gboolean
tkr_character_award_experience (TkrCharacter *self, TkrHistory *history, int xp, GError **error);
int tkr_character_get_level_ups_available (TkrCharacter *self, TkrRules *rules);
/* Raises the Level and the named Archetype Level (added at 1 if new);
 * with @archetype NULL, the Level alone (a system without Archetype
 * Levels). */
gboolean tkr_character_level_up (
  TkrCharacter *self, TkrHistory *history, TkrRules *rules, const char *archetype, GError **error);
/* Rest after an encounter: spend a Recovery, regain Health, reset Shield,
 * as the rule data's "rest" says. */
gboolean
tkr_character_rest (TkrCharacter *self, TkrHistory *history, TkrRules *rules, GError **error);
/* End of an Episode (SRD): pools back to their maximum, every condition
 * cleared, including those that only clear at an Episode's end. */
void tkr_character_end_episode (TkrCharacter *self, TkrHistory *history);

/* The rule system's own sheet fields (rule data "sheet.fields", e.g. the
 * Action-Point Finesse Die or the d20 speeds). The "fields" property is a
 * GVariant a{si} (or NULL when the sheet has none), so undo restores it
 * whole. Ids the rule data does not know are kept as they are, so a sheet
 * written by a newer version loses nothing. */
gboolean tkr_character_get_field (TkrCharacter *self, const char *id, int *value);
/* Validated against the field's range and choices in @rules. */
gboolean tkr_character_set_field (TkrCharacter *self,
                                  TkrHistory *history,
                                  TkrRules *rules,
                                  const char *id,
                                  int value,
                                  GError **error);
/* A pool field ("kind": "pool"): current and maximum in any order; a
 * maximum lowered below the current value lowers it too. */
gboolean tkr_character_set_pool_field (TkrCharacter *self,
                                       TkrHistory *history,
                                       TkrRules *rules,
                                       const char *id,
                                       int current,
                                       int maximum,
                                       GError **error);
/* Text fields ("kind": "text", the Pathfinder 2e ancestry...): the
 * "texts" property, a GVariant a{ss} or NULL. NULL when the sheet has no
 * such text; an empty text removes it. */
const char *tkr_character_get_text (TkrCharacter *self, const char *id);
gboolean tkr_character_set_text (TkrCharacter *self,
                                 TkrHistory *history,
                                 TkrRules *rules,
                                 const char *id,
                                 const char *text,
                                 GError **error);
/* List fields ("kind": "list", feats...): the "lists" property, a
 * GVariant a{sas} or NULL. (transfer full) (nullable) */
GStrv tkr_character_get_list (TkrCharacter *self, const char *id);
gboolean tkr_character_set_list (TkrCharacter *self,
                                 TkrHistory *history,
                                 TkrRules *rules,
                                 const char *id,
                                 const char *const *lines,
                                 GError **error);
/* The proficiency rank of a save or skill by name, an index into
 * tkr_rules_get_ranks (0, untrained, when not set). */
int tkr_character_get_rank (TkrCharacter *self, const char *name);
gboolean tkr_character_set_rank (TkrCharacter *self,
                                 TkrHistory *history,
                                 TkrRules *rules,
                                 const char *name,
                                 int rank,
                                 GError **error);
/* (transfer none) (nullable): the built-in rule data of the character's
 * own system, NULL for a system this version does not know. Experience
 * and Level Ups count by it. */
TkrRules *tkr_character_get_own_rules (TkrCharacter *self);
/* (transfer none) (nullable): the built-in rule data of @system_id, loaded
 * once and kept. */
TkrRules *tkr_character_lookup_rules (const char *system_id);

/* Makes the sheet one of @rules' system: sets "rule-system" to its id and
 * adds the saves and skills (at 0) and the fields (at their default) the
 * sheet lacks, keeping every value it already had. One change in @history
 * (the caller groups it with tkr_history_begin/end). */
void tkr_character_adopt_rules (TkrCharacter *self, TkrHistory *history, TkrRules *rules);

/* Files */
JsonNode *tkr_character_to_json (TkrCharacter *self);
void tkr_character_write_json (TkrCharacter *self, TkrJsonWriter *writer, const char *name);
/* Calls @func with each list the character has made and each of their
 * items (a list not made yet is not made): the objects whose changes
 * change its file form (tkr-save-cache.c). */
void tkr_character_foreach_part (TkrCharacter *self, GFunc func, gpointer user_data);
TkrCharacter *tkr_character_new_from_json (JsonNode *node, const char *path, GError **error);
GBytes *tkr_character_to_bytes (TkrCharacter *self);
TkrCharacter *tkr_character_new_from_bytes (GBytes *bytes, GError **error);
TkrCharacter *tkr_character_new_from_root (JsonNode *root, GError **error);
void tkr_character_save_async (TkrCharacter *self,
                               GFile *file,
                               GCancellable *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer user_data);
gboolean tkr_character_save_finish (TkrCharacter *self, GAsyncResult *result, GError **error);
void tkr_character_load_async (GFile *file,
                               GCancellable *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer user_data);
TkrCharacter *tkr_character_load_finish (GAsyncResult *result, GError **error);

/* Finds a character of the file being read by its id (NULL when none). */
typedef TkrCharacter *(*TkrCharacterResolver) (const char *id, gpointer user_data);

G_END_DECLS
