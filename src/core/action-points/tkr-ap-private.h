/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-ap-encounter.h"

G_BEGIN_DECLS

/* What the Action-Point files (tkr-ap-encounter.c, tkr-ap-combatant.c,
 * tkr-ap-rules.c) share; nothing outside src/core/action-points uses it. */

/* Bounds for values set by the GM or read from files. */
#define MAX_COUNT 1000000
#define MAX_AP 999
#define MAX_ADJUSTMENT 99
#define MAX_DAMAGE 999
#define MAX_CHECK 999
#define MAX_DIE 100

/* A combatant's three lists of TkrCondition (docs/ARCHITECTURE.md,
 * "Combatant state"): its conditions (Persistent or Temporary; the value
 * is the check target, 0 when Temporary), its Temporary adjustments (the
 * value is the adjustment) and its per-Turn effects (the value is the
 * damage). The conditions are TkrCombatant's own list. */
typedef enum
{
  AP_CONDITIONS,
  AP_ADJUSTMENTS,
  AP_EFFECTS,
  AP_N_LISTS
} ApList;

struct _TkrApCombatant
{
  TkrCombatant parent_instance;

  int finesse_die;
  int ap_adjustment;
  int round_ap;
  int mana, mana_max, faith, faith_max;
  gboolean surprised, moved, acted, passed, stepped;
  char *size;
  char *recover;
  GListStore *lists[AP_N_LISTS]; /* TkrCondition */
};

/* The rule data's "action-points" section, whose shape was checked when
 * the rules loaded (tkr-rules-schema.c); the names are the rules' own. */
typedef struct
{
  int max_ap_per_round, only_action_max_ap, default_finesse_die, surprised_first_ap;
  int check_die, default_check_target, recover_per_reset, max_pool;
  GArray *finesse_dice;     /* int */
  const char *const *sizes; /* with a Free Steps distance */
  GArray *size_steps;       /* int: that distance, parallel to sizes */
  const char *default_size;
  const char *const *check_targets;
} ApNumbers;

/* A condition (Persistent when @persistent, else Temporary), an
 * adjustment or an effect with its number in "value". */
TkrCondition *tkr_ap_condition_new (const char *name, int value, gboolean persistent);
/* The one named @name in @list (case-insensitive), or NULL. */
TkrCondition *tkr_ap_conditions_find (GListStore *list, const char *name);
JsonNode *tkr_ap_combatant_to_json (TkrApCombatant *self);
/* Reads the combatant's own members (not its character). */
gboolean tkr_ap_combatant_read_json (TkrApCombatant *self,
                                     JsonObject *object,
                                     const char *path,
                                     GError **error);
/* Reads the numbers of rules that passed tkr_ap_encounter_check_rules(). */
void tkr_ap_numbers_read (TkrRules *rules, ApNumbers *numbers);
void tkr_ap_numbers_clear (ApNumbers *numbers);
gboolean tkr_ap_numbers_has_die (ApNumbers *numbers, int sides);
/* The place of @size among the sizes with a Free Steps distance, or -1. */
int tkr_ap_numbers_size_index (ApNumbers *numbers, const char *size);
TkrApCombatant *
tkr_ap_combatant_new_from_sheet (TkrCharacter *character, TkrRules *rules, ApNumbers *numbers);

/* Borrowed: the list keeps the item alive. */
static inline gpointer
tkr_ap_item_at (GListModel *model, guint index)
{
  g_autoptr (GObject) item = g_list_model_get_item (model, index);

  return item;
}

static inline guint
tkr_ap_n_items (gpointer model)
{
  return g_list_model_get_n_items (G_LIST_MODEL (model));
}

G_END_DECLS
