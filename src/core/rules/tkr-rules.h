/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "tkr-types.h"

G_BEGIN_DECLS

#define TKR_TYPE_RULES (tkr_rules_get_type ())
G_DECLARE_FINAL_TYPE (TkrRules, tkr_rules, TKR, RULES, GObject)

/* One entry of the rule data's condition catalogue. */
typedef struct
{
  char *id;
  char *name;
  char *description;
  TkrConditionKind kind;
  int max_stacks;
  gboolean clears_only_at_episode_end;
} TkrConditionInfo;

/* One entry of the rule data's zone catalogue. */
typedef struct
{
  char *id;
  char *name;
  char *description;
  int max_stacks;
} TkrZoneInfo;

typedef struct
{
  char *id;
  char *name;
  int units;
} TkrDistanceInfo;

/* What kind of value a sheet field holds (rule data "sheet.fields[].kind"). */
typedef enum
{
  TKR_SHEET_FIELD_NUMBER,   /* a whole number from min to max */
  TKR_SHEET_FIELD_MODIFIER, /* the same, shown with its sign (+2, -1) */
  TKR_SHEET_FIELD_POOL,     /* a current value and a maximum, both min to max */
  TKR_SHEET_FIELD_CHOICE,   /* one of choices */
  TKR_SHEET_FIELD_TEXT,     /* a line of text of at most max characters */
  TKR_SHEET_FIELD_LIST,     /* a list of lines of text */
} TkrSheetFieldKind;

/* One field of a rule system's own sheet (rule data "sheet.fields"): a
 * whole number from @min to @max, or, when @n_choices is not 0, one of
 * @choices (shown with @labels[i] when @labels is not NULL, else as is);
 * a pool, a text or a list as @kind says. It is shown in the sheet's
 * section @section (NULL: the system's own group), and @encounter says
 * that an encounter reads it. A pool keeps its maximum under the id
 * @id + TKR_SHEET_POOL_MAX_SUFFIX. */
typedef struct
{
  char *id;
  char *name;
  char *description;
  int min;
  int max;
  int default_value;
  guint n_choices;
  int *choices;
  GStrv labels;
  TkrSheetFieldKind kind;
  char *section;
  gboolean encounter;
} TkrSheetFieldInfo;

#define TKR_SHEET_POOL_MAX_SUFFIX "_max"

/* A section of a rule system's sheet (rule data "sheet.sections"). */
typedef struct
{
  char *id;
  char *name;
  char *description;
} TkrSheetSectionInfo;

TkrRules *tkr_rules_get_default (void);
TkrRules *tkr_rules_new_from_resource (const char *system_id, GError **error);
TkrRules *tkr_rules_new_from_json (JsonNode *root, GError **error);

const char *tkr_rules_get_id (TkrRules *self);
const char *tkr_rules_get_name (TkrRules *self);

/* Tests */
int tkr_rules_get_die_sides (TkrRules *self);
int tkr_rules_get_critical_face (TkrRules *self);
/* The roll that ends an effect with a save (help/C/effects.page): its
 * name in the system (a Test, a flat check...) and its usual DC; the die
 * is the Test's. */
const char *tkr_rules_get_save_name (TkrRules *self);
/* The same, untranslated, for a log line to keep. */
const char *tkr_rules_get_save_msgid (TkrRules *self);
int tkr_rules_get_save_dc (TkrRules *self);
int tkr_rules_get_max_net_advantage (TkrRules *self);
int tkr_rules_get_low_max (TkrRules *self);
int tkr_rules_get_high_min (TkrRules *self);
TkrScoreRange tkr_rules_classify (TkrRules *self, int score);

/* Rounds */
int tkr_rules_get_beats_per_round (TkrRules *self);
/* Whether a combatant may Delay its turn and come back later in the
 * round (rule data "round.delay"; help/C/order.page). */
gboolean tkr_rules_get_delay (TkrRules *self);
/* Whether a combatant may instead hold an action on its turn and act on
 * it during another's turn, before its own next turn, its place in the
 * order unchanged (rule data "round.hold"; the d20 Wait). The common
 * action that holds ("round.hold_action"), the resource holding costs
 * ("round.hold_costs") and the one acting on it spends
 * ("round.hold_acts_with") are resource ids; NULL without a hold. */
gboolean tkr_rules_get_hold (TkrRules *self);
const char *tkr_rules_get_hold_action (TkrRules *self);
const char *tkr_rules_get_hold_costs (TkrRules *self);
const char *tkr_rules_get_hold_acts_with (TkrRules *self);
/* The system's word for it ("round.delay_name": Delay, Wait), translated. */
const char *tkr_rules_get_delay_name (TkrRules *self);
/* The same, untranslated, for a log line or a label to keep. */
const char *tkr_rules_get_delay_msgid (TkrRules *self);
int tkr_rules_get_free_actions_per_turn (TkrRules *self);

/* Movement */
int tkr_rules_get_improvised_cost (TkrRules *self);
guint tkr_rules_get_n_pc_ranges (TkrRules *self);
const char *tkr_rules_get_pc_range (TkrRules *self, guint index, int *units);
const char *const *tkr_rules_get_range_names (TkrRules *self);
guint tkr_rules_get_n_distances (TkrRules *self);
const TkrDistanceInfo *tkr_rules_get_distance (TkrRules *self, guint index);
int tkr_rules_lookup_distance (TkrRules *self, const char *id);

/* Experience */
int tkr_rules_get_xp_per_level (TkrRules *self);
/* Whether the GM may award @xp: FALSE with TKR_RULES_ERROR_INVALID_AWARD
 * and a message for the user when not. */
gboolean tkr_rules_check_award (TkrRules *self, int xp, GError **error);
/* The same without the message. */
gboolean tkr_rules_is_valid_award (TkrRules *self, int xp);
/* The amounts an award dialog offers (rule data "experience.awards"). */
const int *tkr_rules_get_awards (TkrRules *self, guint *n);
/* TRUE, with the bounds, when any amount from @min_award to @max_award is
 * an award ("experience.min_award" and "max_award"). */
gboolean tkr_rules_get_award_range (TkrRules *self, int *min_award, int *max_award);
/* The least and the greatest award allowed, whether a range or a list. */
void tkr_rules_get_award_bounds (TkrRules *self, int *lowest, int *highest);
/* The award an End screen starts at ("experience.usual_award", else the
 * first of "awards"): Pathfinder 2e's moderate encounter, 80. */
int tkr_rules_get_usual_award (TkrRules *self);

/* The sheet a new character starts with */
const char *const *tkr_rules_get_save_names (TkrRules *self);
const char *const *tkr_rules_get_skill_names (TkrRules *self);
int tkr_rules_get_pool_default (TkrRules *self, TkrPoolKind pool);
guint tkr_rules_get_n_sheet_fields (TkrRules *self);
const TkrSheetFieldInfo *tkr_rules_get_sheet_field (TkrRules *self, guint index);
const TkrSheetFieldInfo *tkr_rules_lookup_sheet_field (TkrRules *self, const char *id);
guint tkr_rules_get_n_sheet_sections (TkrRules *self);
const TkrSheetSectionInfo *tkr_rules_get_sheet_section (TkrRules *self, guint index);
/* Whether the sheet shows one of the parts every sheet has ("level",
 * "experience", "archetypes", "pools", "saves", "skills", "ranges",
 * "abilities", "conditions", "inventory", "wealth", "notes"): rule data
 * "sheet.shows", every part when the rule data does not say. */
gboolean tkr_rules_sheet_shows (TkrRules *self, const char *part);
/* Whether the sheet shows @pool ("sheet.shown_pools"; every pool when the
 * rule data does not say), and the pool's name on this system's sheet
 * ("sheet.pool_names", else tkr_pool_kind_to_name). */
gboolean tkr_rules_sheet_shows_pool (TkrRules *self, TkrPoolKind pool);
const char *tkr_rules_get_pool_name (TkrRules *self, TkrPoolKind pool);
/* Whether a save or skill called @name is one of this system's (case
 * insensitive). */
gboolean tkr_rules_has_save (TkrRules *self, const char *name);
gboolean tkr_rules_has_skill (TkrRules *self, const char *name);
/* The proficiency ranks of saves and skills ("sheet.ranks", Pathfinder
 * 2e's untrained to legendary), NULL when the system has none. */
const char *const *tkr_rules_get_ranks (TkrRules *self);
/* Whether @value may be stored in @field (its range, or one of its choices). */
gboolean tkr_sheet_field_info_accepts (const TkrSheetFieldInfo *field, int value);
/* The label of @value among @field's choices (untranslated rule data text),
 * or NULL when the field has no labels or @value is not a choice. */
const char *tkr_sheet_field_info_get_label (const TkrSheetFieldInfo *field, int value);

/* Rest */
gboolean tkr_rules_get_rest_spends_recovery (TkrRules *self);
gboolean tkr_rules_get_rest_heals_from_vitality (TkrRules *self);
gboolean tkr_rules_get_rest_resets_shield (TkrRules *self);
/* Health (docs/ARCHITECTURE.md, "Health"): the pools damage takes before
 * Health, in order; whether 0 Health makes a creature dying rather than
 * down. */
const TkrPoolKind *tkr_rules_get_absorbing_pools (TkrRules *self, guint *n_pools);
gboolean tkr_rules_get_dying_at_zero (TkrRules *self);

/* Catalogues */
guint tkr_rules_get_n_conditions (TkrRules *self);
const TkrConditionInfo *tkr_rules_get_condition (TkrRules *self, guint index);
const TkrConditionInfo *tkr_rules_lookup_condition (TkrRules *self, const char *name_or_id);
guint tkr_rules_get_n_zones (TkrRules *self);
const TkrZoneInfo *tkr_rules_get_zone (TkrRules *self, guint index);
const TkrZoneInfo *tkr_rules_lookup_zone (TkrRules *self, const char *name_or_id);
JsonArray *tkr_rules_get_basic_abilities (TkrRules *self);

/* A rule system's own section ("pf2e", "d20", "action-points"): its shape
 * is declared in tkr-rules-schema.c and checked when the rules load, so
 * a missing or mistyped key fails the load instead of reading as 0.
 * FALSE with TKR_RULES_ERROR_INVALID when @self has no such section. */
gboolean tkr_rules_require_section (TkrRules *self, const char *section, GError **error);
/* The values of that section by dotted path from the top of the file:
 * "pf2e.actions_per_turn", "d20.travel.paces[3].mph",
 * "action-points.check_targets.stunned". Reading a path the schema does
 * not declare, or as another type, is a programmer error (g_critical). */
int tkr_rules_get_int (TkrRules *self, const char *path);
gboolean tkr_rules_get_bool (TkrRules *self, const char *path);
const char *tkr_rules_get_string (TkrRules *self, const char *path);
const char *const *tkr_rules_get_strv (TkrRules *self, const char *path);
const int *tkr_rules_get_ints (TkrRules *self, const char *path, guint *n);
/* The number of objects in a list of records ("d20.common_actions"). */
guint tkr_rules_get_n_records (TkrRules *self, const char *path);
/* The names of an object of named numbers ("action-points.free_steps"),
 * in the file's order; each is read as tkr_rules_get_int (path.name). */
const char *const *tkr_rules_get_names (TkrRules *self, const char *path);

/* The rule data's names and descriptions are English in the JSON (and in
 * files, so a sheet reads the same in every language); this shows one in
 * the user's language. Text that is not in the rule data comes back as is. */
const char *tkr_rules_translate (const char *text);

const char *tkr_pool_kind_to_id (TkrPoolKind pool);
const char *tkr_pool_kind_to_name (TkrPoolKind pool);
/* The same, untranslated (N_), for a log line to keep. */
const char *tkr_pool_kind_to_msgid (TkrPoolKind pool);
gboolean tkr_pool_kind_from_id (const char *id, TkrPoolKind *pool);

G_END_DECLS
