/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-ap-encounter.h"
#include "tkr-enums.h"
#include "tkr-json.h"

/*
 * The Action-Point system (seed 004, "Turns and Phases", "Reset Phase",
 * "Action Phase"): a Turn is an Action Phase of Rounds and a Reset Phase;
 * combat opens and closes with a Reset. See the header for how this maps
 * onto TkrPhase and TkrTracker.
 *
 * As in the Kleptonomicon's encounter, every command validates first and
 * then records all its changes as one TkrHistory step; turn changes carry
 * the "next-turn" tag so previous_turn can undo back to before them.
 */

#define NEXT_TURN_TAG "next-turn"

/* Bounds for values set by the GM or read from files. */
#define MAX_COUNT 1000000
#define MAX_AP 999
#define MAX_ADJUSTMENT 99
#define MAX_DAMAGE 999
#define MAX_CHECK 999
#define MAX_DIE 100

G_DEFINE_ENUM_TYPE (TkrApStep,
                    tkr_ap_step,
                    G_DEFINE_ENUM_VALUE (TKR_AP_STEP_RESET, "reset"),
                    G_DEFINE_ENUM_VALUE (TKR_AP_STEP_ACTION, "action"))

static const char *const phase_nicks[] = { "freeplay", "setup", "main", "paused", "end", NULL };
static const char *const step_nicks[] = { "reset", "action", NULL };
static const char *const recover_nicks[] = { "mana", "faith", NULL };

const char *
tkr_ap_step_to_nick (TkrApStep step)
{
  g_return_val_if_fail (step <= TKR_AP_STEP_ACTION, NULL);
  return step_nicks[step];
}

/* ------------------------------------------------------------------ */
/* The combatant                                                       */
/* ------------------------------------------------------------------ */

enum
{
  CPROP_0,
  CPROP_CHARACTER,
  /* ints */
  CPROP_FINESSE_DIE,
  CPROP_AP_ADJUSTMENT,
  CPROP_AP,
  CPROP_ROUND_AP,
  CPROP_MANA,
  CPROP_MANA_MAX,
  CPROP_FAITH,
  CPROP_FAITH_MAX,
  /* booleans */
  CPROP_SURPRISED,
  CPROP_MOVED,
  CPROP_ACTED,
  CPROP_PASSED,
  CPROP_FREE_STEPS,
  CPROP_STEPPED,
  /* strings */
  CPROP_SIZE,
  CPROP_RECOVER,
  /* GVariants */
  CPROP_CONDITIONS,
  CPROP_ADJUSTMENTS,
  CPROP_EFFECTS,
  N_CPROPS
};

#define FIRST_INT CPROP_FINESSE_DIE
#define N_INTS (CPROP_SURPRISED - CPROP_FINESSE_DIE)
#define FIRST_BOOL CPROP_SURPRISED
#define N_BOOLS (CPROP_SIZE - CPROP_SURPRISED)
#define FIRST_STR CPROP_SIZE
#define N_STRS (CPROP_CONDITIONS - CPROP_SIZE)
#define FIRST_VAR CPROP_CONDITIONS
#define N_VARS (N_CPROPS - CPROP_CONDITIONS)

/* Property names, also the JSON member names with '-' as '_'. */
static const char *const cprop_names[N_CPROPS] = {
  NULL,         "character", "finesse-die", "ap-adjustment", "ap",         "round-ap",    "mana",
  "mana-max",   "faith",     "faith-max",   "surprised",     "moved",      "acted",       "passed",
  "free-steps", "stepped",   "size",        "recover",       "conditions", "adjustments", "effects",
};

static const char *const var_types[N_VARS] = { "a(sbi)", "a(si)", "a(si)" };

static const struct
{
  int minimum, maximum;
} int_ranges[N_INTS] = {
  { 1, MAX_DIE },                      /* finesse-die */
  { -MAX_ADJUSTMENT, MAX_ADJUSTMENT }, /* ap-adjustment */
  { 0, MAX_AP },                       /* ap */
  { 0, MAX_AP },                       /* round-ap */
  { 0, MAX_AP },                       /* mana */
  { 0, MAX_AP },                       /* mana-max */
  { 0, MAX_AP },                       /* faith */
  { 0, MAX_AP },                       /* faith-max */
};

struct _TkrApCombatant
{
  GObject parent_instance;

  TkrCharacter *character;
  int ints[N_INTS];
  gboolean bools[N_BOOLS];
  char *strs[N_STRS];
  GVariant *vars[N_VARS];
};

G_DEFINE_FINAL_TYPE (TkrApCombatant, tkr_ap_combatant, G_TYPE_OBJECT)

static GParamSpec *cproperties[N_CPROPS];

static void
tkr_ap_combatant_dispose (GObject *object)
{
  TkrApCombatant *self = TKR_AP_COMBATANT (object);

  g_clear_object (&self->character);
  G_OBJECT_CLASS (tkr_ap_combatant_parent_class)->dispose (object);
}

static void
tkr_ap_combatant_finalize (GObject *object)
{
  TkrApCombatant *self = TKR_AP_COMBATANT (object);

  for (guint i = 0; i < N_STRS; i++)
    g_free (self->strs[i]);
  for (guint i = 0; i < N_VARS; i++)
    g_clear_pointer (&self->vars[i], g_variant_unref);
  G_OBJECT_CLASS (tkr_ap_combatant_parent_class)->finalize (object);
}

static void
tkr_ap_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrApCombatant *self = TKR_AP_COMBATANT (object);

  if (prop_id == CPROP_CHARACTER)
    g_value_set_object (value, self->character);
  else if (prop_id >= FIRST_INT && prop_id < FIRST_INT + N_INTS)
    g_value_set_int (value, self->ints[prop_id - FIRST_INT]);
  else if (prop_id >= FIRST_BOOL && prop_id < FIRST_BOOL + N_BOOLS)
    g_value_set_boolean (value, self->bools[prop_id - FIRST_BOOL]);
  else if (prop_id >= FIRST_STR && prop_id < FIRST_STR + N_STRS)
    g_value_set_string (value, self->strs[prop_id - FIRST_STR]);
  else if (prop_id >= FIRST_VAR && prop_id < N_CPROPS)
    g_value_set_variant (value, self->vars[prop_id - FIRST_VAR]);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tkr_ap_combatant_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  TkrApCombatant *self = TKR_AP_COMBATANT (object);

  if (prop_id == CPROP_CHARACTER)
    self->character = g_value_dup_object (value);
  else if (prop_id >= FIRST_INT && prop_id < FIRST_INT + N_INTS)
    {
      int *field = &self->ints[prop_id - FIRST_INT];

      if (*field != g_value_get_int (value))
        {
          *field = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (prop_id >= FIRST_BOOL && prop_id < FIRST_BOOL + N_BOOLS)
    {
      gboolean *field = &self->bools[prop_id - FIRST_BOOL];

      if (*field != g_value_get_boolean (value))
        {
          *field = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (prop_id >= FIRST_STR && prop_id < FIRST_STR + N_STRS)
    {
      char **field = &self->strs[prop_id - FIRST_STR];

      if (g_strcmp0 (*field, g_value_get_string (value)) != 0)
        {
          g_free (*field);
          *field = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (prop_id >= FIRST_VAR && prop_id < N_CPROPS)
    {
      GVariant **field = &self->vars[prop_id - FIRST_VAR];
      GVariant *new_value = g_value_get_variant (value);

      if (*field == new_value ||
          (*field != NULL && new_value != NULL && g_variant_equal (*field, new_value)))
        return;
      g_clear_pointer (field, g_variant_unref);
      *field = new_value ? g_variant_ref_sink (new_value) : NULL;
      g_object_notify_by_pspec (object, pspec);
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tkr_ap_combatant_class_init (TkrApCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_ap_combatant_dispose;
  object_class->finalize = tkr_ap_combatant_finalize;
  object_class->get_property = tkr_ap_combatant_get_property;
  object_class->set_property = tkr_ap_combatant_set_property;

  cproperties[CPROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  for (guint i = 0; i < N_INTS; i++)
    cproperties[FIRST_INT + i] =
      g_param_spec_int (cprop_names[FIRST_INT + i], NULL, NULL, int_ranges[i].minimum,
                        int_ranges[i].maximum, MAX (int_ranges[i].minimum, 0), rw);
  for (guint i = 0; i < N_BOOLS; i++)
    cproperties[FIRST_BOOL + i] =
      g_param_spec_boolean (cprop_names[FIRST_BOOL + i], NULL, NULL, FALSE, rw);
  for (guint i = 0; i < N_STRS; i++)
    cproperties[FIRST_STR + i] =
      g_param_spec_string (cprop_names[FIRST_STR + i], NULL, NULL, NULL, rw);
  for (guint i = 0; i < N_VARS; i++)
    cproperties[FIRST_VAR + i] = g_param_spec_variant (cprop_names[FIRST_VAR + i], NULL, NULL,
                                                       G_VARIANT_TYPE (var_types[i]), NULL, rw);
  g_object_class_install_properties (object_class, N_CPROPS, cproperties);
}

static void
tkr_ap_combatant_init (TkrApCombatant *self)
{
  self->ints[CPROP_FINESSE_DIE - FIRST_INT] = 1;
}

TkrCharacter *
tkr_ap_combatant_get_character (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), NULL);
  return self->character;
}

#define INT_GETTER(fn, prop)                                                                       \
  int tkr_ap_combatant_get_##fn (TkrApCombatant *self)                                             \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), 0);                                          \
    return self->ints[prop - FIRST_INT];                                                           \
  }
#define BOOL_GETTER(fn, prop)                                                                      \
  gboolean tkr_ap_combatant_get_##fn (TkrApCombatant *self)                                        \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), FALSE);                                      \
    return self->bools[prop - FIRST_BOOL];                                                         \
  }

INT_GETTER (ap, CPROP_AP)
INT_GETTER (round_ap, CPROP_ROUND_AP)
INT_GETTER (finesse_die, CPROP_FINESSE_DIE)
INT_GETTER (ap_adjustment, CPROP_AP_ADJUSTMENT)
INT_GETTER (mana, CPROP_MANA)
INT_GETTER (mana_max, CPROP_MANA_MAX)
INT_GETTER (faith, CPROP_FAITH)
INT_GETTER (faith_max, CPROP_FAITH_MAX)
BOOL_GETTER (surprised, CPROP_SURPRISED)
BOOL_GETTER (moved, CPROP_MOVED)
BOOL_GETTER (acted, CPROP_ACTED)
BOOL_GETTER (passed, CPROP_PASSED)
BOOL_GETTER (free_steps, CPROP_FREE_STEPS)

static int
get_int (TkrApCombatant *self, guint prop)
{
  return self->ints[prop - FIRST_INT];
}

static gboolean
get_bool (TkrApCombatant *self, guint prop)
{
  return self->bools[prop - FIRST_BOOL];
}

static GVariant *
get_var (TkrApCombatant *self, guint prop)
{
  return self->vars[prop - FIRST_VAR];
}

static guint
var_length (TkrApCombatant *self, guint prop)
{
  GVariant *variant = get_var (self, prop);

  return variant ? g_variant_n_children (variant) : 0;
}

const char *
tkr_ap_combatant_get_size (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), NULL);
  return self->strs[CPROP_SIZE - FIRST_STR];
}

const char *
tkr_ap_combatant_get_recover (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), NULL);
  return self->strs[CPROP_RECOVER - FIRST_STR];
}

gboolean
tkr_ap_combatant_has_condition (TkrApCombatant *self,
                                const char *name,
                                gboolean *persistent,
                                int *target)
{
  GVariant *conditions;

  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  conditions = get_var (self, CPROP_CONDITIONS);
  for (gsize i = 0; conditions != NULL && i < g_variant_n_children (conditions); i++)
    {
      const char *held;
      gboolean held_persistent;
      int held_target;

      g_variant_get_child (conditions, i, "(&sbi)", &held, &held_persistent, &held_target);
      if (g_utf8_collate (held, name) == 0 || g_ascii_strcasecmp (held, name) == 0)
        {
          if (persistent)
            *persistent = held_persistent;
          if (target)
            *target = held_target;
          return TRUE;
        }
    }
  return FALSE;
}

guint
tkr_ap_combatant_get_n_conditions (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), 0);
  return var_length (self, CPROP_CONDITIONS);
}

guint
tkr_ap_combatant_get_n_adjustments (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), 0);
  return var_length (self, CPROP_ADJUSTMENTS);
}

guint
tkr_ap_combatant_get_n_effects (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), 0);
  return var_length (self, CPROP_EFFECTS);
}

static const char *
combatant_name (TkrApCombatant *combatant)
{
  const char *name = tkr_character_get_name (combatant->character);

  return name && *name ? name : _ ("Someone");
}

/* ------------------------------------------------------------------ */
/* Typed-in rolls                                                      */
/* ------------------------------------------------------------------ */

typedef struct
{
  TkrApCombatant *combatant;
  char *condition; /* NULL for the Finesse Die */
  int value;
} TypedRoll;

struct _TkrApRolls
{
  GArray *rolls; /* TypedRoll */
};

static void
typed_roll_clear (gpointer data)
{
  TypedRoll *roll = data;

  g_clear_object (&roll->combatant);
  g_clear_pointer (&roll->condition, g_free);
}

TkrApRolls *
tkr_ap_rolls_new (void)
{
  TkrApRolls *rolls = g_new0 (TkrApRolls, 1);

  rolls->rolls = g_array_new (FALSE, TRUE, sizeof (TypedRoll));
  g_array_set_clear_func (rolls->rolls, typed_roll_clear);
  return rolls;
}

void
tkr_ap_rolls_free (TkrApRolls *rolls)
{
  if (rolls == NULL)
    return;
  g_array_unref (rolls->rolls);
  g_free (rolls);
}

static TypedRoll *
find_typed (TkrApRolls *rolls, TkrApCombatant *combatant, const char *condition)
{
  for (guint i = 0; rolls != NULL && i < rolls->rolls->len; i++)
    {
      TypedRoll *roll = &g_array_index (rolls->rolls, TypedRoll, i);

      if (roll->combatant == combatant && g_strcmp0 (roll->condition, condition) == 0)
        return roll;
    }
  return NULL;
}

static void
set_typed (TkrApRolls *rolls, TkrApCombatant *combatant, const char *condition, int value)
{
  TypedRoll *roll = find_typed (rolls, combatant, condition);
  TypedRoll fresh = { 0 };

  if (roll != NULL)
    {
      roll->value = value;
      return;
    }
  fresh.combatant = g_object_ref (combatant);
  fresh.condition = g_strdup (condition);
  fresh.value = value;
  g_array_append_val (rolls->rolls, fresh);
}

void
tkr_ap_rolls_set_finesse (TkrApRolls *rolls, TkrApCombatant *combatant, int face)
{
  g_return_if_fail (rolls != NULL);
  g_return_if_fail (TKR_IS_AP_COMBATANT (combatant));
  set_typed (rolls, combatant, NULL, face);
}

void
tkr_ap_rolls_set_check (TkrApRolls *rolls,
                        TkrApCombatant *combatant,
                        const char *condition,
                        int total)
{
  g_return_if_fail (rolls != NULL);
  g_return_if_fail (TKR_IS_AP_COMBATANT (combatant));
  g_return_if_fail (condition != NULL);
  set_typed (rolls, combatant, condition, total);
}

/* ------------------------------------------------------------------ */
/* The rule data's own section                                         */
/* ------------------------------------------------------------------ */

typedef struct
{
  int max_ap_per_round;
  int only_action_max_ap;
  GArray *finesse_dice; /* int */
  int default_finesse_die;
  int surprised_first_ap;
  GStrv sizes;
  GArray *size_steps; /* int, parallel to sizes */
  char *default_size;
  int check_die;
  int default_check_target;
  const char *const *check_targets; /* condition ids, owned by the rules */
  int recover_per_reset;
  int max_pool;
} ApNumbers;

static void
ap_numbers_clear (ApNumbers *numbers)
{
  g_clear_pointer (&numbers->finesse_dice, g_array_unref);
  g_clear_pointer (&numbers->sizes, g_strfreev);
  g_clear_pointer (&numbers->size_steps, g_array_unref);
  g_clear_pointer (&numbers->default_size, g_free);
}

/* The rule data's "action-points" section, its shape checked when the
 * rules loaded (tkr-rules-schema.c). */
static gboolean
read_numbers (TkrRules *rules, ApNumbers *numbers, GError **error)
{
  const char *const *sizes;
  const int *dice;
  guint n_dice;

  if (!tkr_rules_require_section (rules, TKR_AP_RULE_SYSTEM, error))
    return FALSE;
  numbers->max_ap_per_round = tkr_rules_get_int (rules, "action-points.max_ap_per_round");
  numbers->only_action_max_ap = tkr_rules_get_int (rules, "action-points.only_action_max_ap");
  numbers->default_finesse_die = tkr_rules_get_int (rules, "action-points.default_finesse_die");
  numbers->surprised_first_ap = tkr_rules_get_int (rules, "action-points.surprised_first_ap");
  numbers->check_die = tkr_rules_get_int (rules, "action-points.check_die");
  numbers->default_check_target = tkr_rules_get_int (rules, "action-points.default_check_target");
  numbers->recover_per_reset = tkr_rules_get_int (rules, "action-points.recover_per_reset");
  numbers->max_pool = tkr_rules_get_int (rules, "action-points.max_pool");
  numbers->default_size = g_strdup (tkr_rules_get_string (rules, "action-points.default_size"));
  numbers->check_targets = tkr_rules_get_names (rules, "action-points.check_targets");

  dice = tkr_rules_get_ints (rules, "action-points.finesse_dice", &n_dice);
  numbers->finesse_dice = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (numbers->finesse_dice, dice, n_dice);

  sizes = tkr_rules_get_names (rules, "action-points.free_steps");
  numbers->sizes = g_strdupv ((char **) sizes);
  numbers->size_steps = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; sizes[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat ("action-points.free_steps.", sizes[i], NULL);
      int spaces = tkr_rules_get_int (rules, path);

      g_array_append_val (numbers->size_steps, spaces);
    }
  return TRUE;
}

/**
 * tkr_ap_encounter_check_rules:
 *
 * Whether @rules carry a usable "action-points" section; the error names
 * what is wrong.
 */
gboolean
tkr_ap_encounter_check_rules (TkrRules *rules, GError **error)
{
  ApNumbers numbers = { 0 };
  gboolean ok;

  g_return_val_if_fail (TKR_IS_RULES (rules), FALSE);
  ok = read_numbers (rules, &numbers, error);
  ap_numbers_clear (&numbers);
  return ok;
}

/* ------------------------------------------------------------------ */
/* The encounter                                                       */
/* ------------------------------------------------------------------ */

struct _TkrApEncounter
{
  GObject parent_instance;

  TkrRules *rules;
  /* Not a reference, as in TkrKlepEncounter: the history refers to us. */
  TkrHistory *history;
  GRand *rand;
  ApNumbers numbers;

  char *name;
  TkrPhase phase;
  TkrApStep step;
  int turn;
  int round;
  int current_index;

  GListStore *combatants; /* TkrApCombatant */
  GListStore *order;      /* TkrApCombatant */
  GListStore *log;        /* TkrLogEntry */
};

static void tkr_ap_encounter_tracker_init (TkrTrackerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkrApEncounter,
                               tkr_ap_encounter,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TKR_TYPE_TRACKER,
                                                      tkr_ap_encounter_tracker_init))

enum
{
  PROP_0,
  PROP_RULES,
  PROP_HISTORY,
  PROP_NAME,
  PROP_PHASE,
  PROP_STEP,
  PROP_TURN,
  PROP_ROUND,
  PROP_CURRENT_INDEX,
  PROP_COMBATANTS,
  PROP_ORDER,
  PROP_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_ap_encounter_dispose (GObject *object)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);

  if (self->history != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
  self->history = NULL;
  g_clear_object (&self->combatants);
  g_clear_object (&self->order);
  g_clear_object (&self->log);
  g_clear_object (&self->rules);
  G_OBJECT_CLASS (tkr_ap_encounter_parent_class)->dispose (object);
}

static void
tkr_ap_encounter_finalize (GObject *object)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);

  g_free (self->name);
  g_clear_pointer (&self->rand, g_rand_free);
  ap_numbers_clear (&self->numbers);
  G_OBJECT_CLASS (tkr_ap_encounter_parent_class)->finalize (object);
}

static void
tkr_ap_encounter_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);

  switch (prop_id)
    {
    case PROP_RULES:
      g_value_set_object (value, self->rules);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_STEP:
      g_value_set_enum (value, self->step);
      break;
    case PROP_TURN:
      g_value_set_int (value, self->turn);
      break;
    case PROP_ROUND:
      g_value_set_int (value, self->round);
      break;
    case PROP_CURRENT_INDEX:
      g_value_set_int (value, self->current_index);
      break;
    case PROP_COMBATANTS:
      g_value_set_object (value, self->combatants);
      break;
    case PROP_ORDER:
      g_value_set_object (value, self->order);
      break;
    case PROP_LOG:
      g_value_set_object (value, self->log);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_int_field (GObject *object, int *field, int value, GParamSpec *pspec)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

static void
tkr_ap_encounter_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);

  switch (prop_id)
    {
    case PROP_RULES:
      self->rules = g_value_dup_object (value);
      break;
    case PROP_HISTORY:
      self->history = g_value_get_object (value);
      if (self->history != NULL)
        g_object_add_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
      break;
    case PROP_NAME:
      if (g_strcmp0 (self->name, g_value_get_string (value)) != 0)
        {
          g_free (self->name);
          self->name = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_PHASE:
      set_int_field (object, (int *) &self->phase, g_value_get_enum (value), pspec);
      break;
    case PROP_STEP:
      set_int_field (object, (int *) &self->step, g_value_get_enum (value), pspec);
      break;
    case PROP_TURN:
      set_int_field (object, &self->turn, g_value_get_int (value), pspec);
      break;
    case PROP_ROUND:
      set_int_field (object, &self->round, g_value_get_int (value), pspec);
      break;
    case PROP_CURRENT_INDEX:
      set_int_field (object, &self->current_index, g_value_get_int (value), pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ap_encounter_constructed (GObject *object)
{
  TkrApEncounter *self = TKR_AP_ENCOUNTER (object);

  G_OBJECT_CLASS (tkr_ap_encounter_parent_class)->constructed (object);

  /* tkr_ap_encounter_new() checked the section already. */
  if (self->rules != NULL && !read_numbers (self->rules, &self->numbers, NULL))
    g_critical ("The rules given to an Action-Point encounter have no usable section");
  if (self->rand == NULL)
    self->rand = g_rand_new ();
}

static void
tkr_ap_encounter_class_init (TkrApEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_ap_encounter_dispose;
  object_class->finalize = tkr_ap_encounter_finalize;
  object_class->constructed = tkr_ap_encounter_constructed;
  object_class->get_property = tkr_ap_encounter_get_property;
  object_class->set_property = tkr_ap_encounter_set_property;

  properties[PROP_RULES] =
    g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, TKR_TYPE_HISTORY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, TKR_TYPE_PHASE, TKR_PHASE_FREEPLAY, rw);
  properties[PROP_STEP] =
    g_param_spec_enum ("step", NULL, NULL, TKR_TYPE_AP_STEP, TKR_AP_STEP_RESET, rw);
  properties[PROP_TURN] = g_param_spec_int ("turn", NULL, NULL, 0, MAX_COUNT, 0, rw);
  properties[PROP_ROUND] = g_param_spec_int ("round", NULL, NULL, 0, MAX_COUNT, 0, rw);
  properties[PROP_CURRENT_INDEX] =
    g_param_spec_int ("current-index", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_COMBATANTS] =
    g_param_spec_object ("combatants", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_ORDER] = g_param_spec_object ("order", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_LOG] = g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_ap_encounter_init (TkrApEncounter *self)
{
  self->phase = TKR_PHASE_FREEPLAY;
  self->step = TKR_AP_STEP_RESET;
  self->current_index = -1;
  self->combatants = g_list_store_new (TKR_TYPE_AP_COMBATANT);
  self->order = g_list_store_new (TKR_TYPE_AP_COMBATANT);
  self->log = g_list_store_new (TKR_TYPE_LOG_ENTRY);
}

/**
 * tkr_ap_encounter_new:
 * @history: (nullable): not kept alive by the encounter
 * @rand: (nullable): copied; every roll not typed in comes from it
 */
TkrApEncounter *
tkr_ap_encounter_new (TkrRules *rules, TkrHistory *history, GRand *rand)
{
  TkrApEncounter *self;

  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);
  g_return_val_if_fail (tkr_ap_encounter_check_rules (rules, NULL), NULL);

  self = g_object_new (TKR_TYPE_AP_ENCOUNTER, "rules", rules, "history", history, NULL);
  if (rand != NULL)
    {
      g_rand_free (self->rand);
      self->rand = g_rand_copy (rand);
    }
  return self;
}

TkrRules *
tkr_ap_encounter_get_rules (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return self->rules;
}

TkrHistory *
tkr_ap_encounter_get_history (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return self->history;
}

TkrPhase
tkr_ap_encounter_get_phase (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), TKR_PHASE_FREEPLAY);
  return self->phase;
}

TkrApStep
tkr_ap_encounter_get_step (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), TKR_AP_STEP_RESET);
  return self->step;
}

int
tkr_ap_encounter_get_turn (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  return self->turn;
}

int
tkr_ap_encounter_get_round (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  return self->round;
}

GListModel *
tkr_ap_encounter_get_combatants (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->combatants);
}

GListModel *
tkr_ap_encounter_get_order (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->order);
}

GListModel *
tkr_ap_encounter_get_log (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->log);
}

static guint
n_items (GListStore *store)
{
  return g_list_model_get_n_items (G_LIST_MODEL (store));
}

/* Borrowed: the store keeps the item alive. */
static TkrApCombatant *
item_at (GListStore *store, guint index)
{
  g_autoptr (TkrApCombatant) item = g_list_model_get_item (G_LIST_MODEL (store), index);

  return item;
}

TkrApCombatant *
tkr_ap_encounter_find_combatant (TkrApEncounter *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);

  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrApCombatant *combatant = item_at (self->combatants, i);

      if (combatant->character == character)
        return combatant;
    }
  return NULL;
}

TkrApCombatant *
tkr_ap_encounter_get_actor (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);

  if (self->phase != TKR_PHASE_MAIN || self->step != TKR_AP_STEP_ACTION ||
      self->current_index < 0 || (guint) self->current_index >= n_items (self->order))
    return NULL;
  return item_at (self->order, self->current_index);
}

/* The log */

static void G_GNUC_PRINTF (2, 3) log_line (TkrApEncounter *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autoptr (TkrLogEntry) entry = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  entry = tkr_log_entry_new (self->round, text);
  tkr_history_append (self->history, self->log, entry);
}

static const char *
phase_name (TkrPhase phase)
{
  switch (phase)
    {
    case TKR_PHASE_FREEPLAY:
      return _ ("Freeplay");
    case TKR_PHASE_SETUP:
      return _ ("Setup");
    case TKR_PHASE_MAIN:
      return _ ("Main");
    case TKR_PHASE_PAUSED:
      return _ ("Paused");
    case TKR_PHASE_END:
      return _ ("End");
    default:
      return "";
    }
}

/* Checks shared by the commands */

static gboolean
require_combatant (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  if (TKR_IS_AP_COMBATANT (combatant) && g_list_store_find (self->combatants, combatant, NULL))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That character does not take part in this encounter"));
  return FALSE;
}

static gboolean
require_not_ended (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (self->phase != TKR_PHASE_END)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               _ ("The encounter has ended; %s’s combat state can no longer change"),
               combatant_name (combatant));
  return FALSE;
}

static gboolean
require_step (TkrApEncounter *self, TkrApStep step, GError **error)
{
  if (self->phase != TKR_PHASE_MAIN)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("This can only be done in the Main phase, and the encounter is in %s"),
                   phase_name (self->phase));
      return FALSE;
    }
  if (self->step == step)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               step == TKR_AP_STEP_RESET
                 ? _ ("The Reset Phase is not due: the Action Phase of Turn %d is running")
                 : _ ("The Action Phase has not begun: the Reset Phase of Turn %d is due"),
               self->turn);
  return FALSE;
}

static gboolean
require_actor (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  TkrApCombatant *actor;

  if (!require_combatant (self, combatant, error) ||
      !require_step (self, TKR_AP_STEP_ACTION, error))
    return FALSE;
  actor = tkr_ap_encounter_get_actor (self);
  if (actor == combatant)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
               /* Translators: two character names */
               _ ("%s cannot act now: it is %s’s opportunity in this Round"),
               combatant_name (combatant), actor ? combatant_name (actor) : _ ("nobody"));
  return FALSE;
}

static void
set_int (TkrApEncounter *self, gpointer object, const char *property, int value)
{
  tkr_history_set (self->history, object, property, value);
}

static void
set_bool (TkrApEncounter *self, gpointer object, const char *property, gboolean value)
{
  tkr_history_set (self->history, object, property, value);
}

static gboolean
is_finesse_die (TkrApEncounter *self, int sides)
{
  for (guint i = 0; i < self->numbers.finesse_dice->len; i++)
    if (g_array_index (self->numbers.finesse_dice, int, i) == sides)
      return TRUE;
  return FALSE;
}

static int
size_index (TkrApEncounter *self, const char *size)
{
  for (guint i = 0; size != NULL && self->numbers.sizes[i] != NULL; i++)
    if (g_strcmp0 (self->numbers.sizes[i], size) == 0)
      return (int) i;
  return -1;
}

static int
free_steps_for (TkrApEncounter *self, TkrApCombatant *combatant)
{
  int index = size_index (self, tkr_ap_combatant_get_size (combatant));

  return index < 0 ? 0 : g_array_index (self->numbers.size_steps, int, index);
}

int
tkr_ap_encounter_get_max_ap_per_round (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  return self->numbers.max_ap_per_round;
}

int
tkr_ap_encounter_get_only_action_max_ap (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  return self->numbers.only_action_max_ap;
}

int
tkr_ap_encounter_get_surprised_first_ap (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  return self->numbers.surprised_first_ap;
}

int
tkr_ap_encounter_get_check_die (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  return self->numbers.check_die;
}

GArray *
tkr_ap_encounter_get_finesse_dice (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return self->numbers.finesse_dice;
}

const char *const *
tkr_ap_encounter_get_sizes (TkrApEncounter *self)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  return (const char *const *) self->numbers.sizes;
}

int
tkr_ap_encounter_get_free_steps_limit (TkrApEncounter *self, TkrApCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (combatant), 0);
  return free_steps_for (self, combatant);
}

/* Participants */

static int
sheet_value (TkrCharacter *character, const char *name)
{
  int save = tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SAVE, name);

  return save != 0 ? save
                   : tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SKILL, name);
}

TkrApCombatant *
tkr_ap_encounter_add_participant (TkrApEncounter *self, TkrCharacter *character, GError **error)
{
  g_autoptr (TkrApCombatant) combatant = NULL;
  int die, adjustment, mana, faith, size_choice;
  const char *size;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("%s can only join the encounter in Freeplay or Setup, and it is in %s"),
                   tkr_character_get_name (character), phase_name (self->phase));
      return NULL;
    }
  if (tkr_ap_encounter_find_combatant (self, character) != NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already takes part in this encounter"),
                   tkr_character_get_name (character));
      return NULL;
    }

  /* Seeded from the sheet's Action-Point fields (rule data "sheet.fields":
   * Finesse Die, AP adjustment, size, Mana and Faith maxima); a sheet
   * written before those fields existed may still carry them as a save or
   * skill named "Finesse", "Mana" or "Faith". The GM sets the rest. */
  if (!tkr_character_get_field (character, "finesse_die", &die))
    die = sheet_value (character, "Finesse");
  if (!is_finesse_die (self, die))
    die = self->numbers.default_finesse_die;
  if (!tkr_character_get_field (character, "ap_adjustment", &adjustment))
    adjustment = 0;
  adjustment = CLAMP (adjustment, -MAX_ADJUSTMENT, MAX_ADJUSTMENT);
  if (!tkr_character_get_field (character, "mana_max", &mana))
    mana = sheet_value (character, "Mana");
  mana = CLAMP (mana, 0, self->numbers.max_pool);
  if (!tkr_character_get_field (character, "faith_max", &faith))
    faith = sheet_value (character, "Faith");
  faith = CLAMP (faith, 0, self->numbers.max_pool);

  /* The size field stores a choice; its label ("Medium", "Small") names
   * one of the rule data's Free Steps sizes. */
  size = self->numbers.default_size;
  if (tkr_character_get_field (character, "size", &size_choice))
    {
      const TkrSheetFieldInfo *info = tkr_rules_lookup_sheet_field (self->rules, "size");
      const char *label = info ? tkr_sheet_field_info_get_label (info, size_choice) : NULL;

      for (guint i = 0; label != NULL && self->numbers.sizes[i] != NULL; i++)
        if (g_ascii_strcasecmp (self->numbers.sizes[i], label) == 0)
          size = self->numbers.sizes[i];
    }

  /* A fresh object: its starting values are part of its creation. */
  combatant = g_object_new (TKR_TYPE_AP_COMBATANT, "character", character, "finesse-die", die,
                            "ap-adjustment", adjustment, "size", size, "recover",
                            mana > 0 || faith == 0 ? "mana" : "faith", "mana", mana, "mana-max",
                            mana, "faith", faith, "faith-max", faith, NULL);

  tkr_history_begin (self->history, _ ("Add to the encounter"));
  tkr_history_append (self->history, self->combatants, combatant);
  log_line (self, _ ("%s joins the encounter"), combatant_name (combatant));
  tkr_history_end (self->history);
  return combatant;
}

gboolean
tkr_ap_encounter_remove_participant (TkrApEncounter *self, TkrCharacter *character, GError **error)
{
  TkrApCombatant *combatant;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Someone can only leave the encounter in Freeplay or Setup, and it is in %s"),
                   phase_name (self->phase));
      return FALSE;
    }
  combatant =
    TKR_IS_CHARACTER (character) ? tkr_ap_encounter_find_combatant (self, character) : NULL;
  if (!require_combatant (self, combatant, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Remove from the encounter"));
  log_line (self, _ ("%s leaves the encounter"), combatant_name (combatant));
  tkr_history_remove_item (self->history, self->combatants, combatant);
  tkr_history_end (self->history);
  return TRUE;
}

/* GM settings */

gboolean
tkr_ap_encounter_set_finesse_die (TkrApEncounter *self,
                                  TkrApCombatant *combatant,
                                  int sides,
                                  GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (!is_finesse_die (self, sides))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A d%d is not a Finesse Die these rules use (for %s)"), sides,
                   combatant_name (combatant));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Set the Finesse Die"));
  set_int (self, combatant, "finesse-die", sides);
  log_line (self, _ ("%s’s Finesse Die is now a d%d"), combatant_name (combatant), sides);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_set_ap_adjustment (TkrApEncounter *self,
                                    TkrApCombatant *combatant,
                                    int adjustment,
                                    GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (adjustment < -MAX_ADJUSTMENT || adjustment > MAX_ADJUSTMENT)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s’s AP adjustment must be between %d and %d"), combatant_name (combatant),
                   -MAX_ADJUSTMENT, MAX_ADJUSTMENT);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Set the AP adjustment"));
  set_int (self, combatant, "ap-adjustment", adjustment);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_set_size (TkrApEncounter *self,
                           TkrApCombatant *combatant,
                           const char *size,
                           GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (size_index (self, size) < 0)
    {
      g_autofree char *sizes = g_strjoinv (", ", self->numbers.sizes);

      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("“%s” is not a size these rules know for %s (known: %s)"), size ? size : "",
                   combatant_name (combatant), sizes);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Set the size"));
  tkr_history_set (self->history, combatant, "size", size);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_set_surprised (TkrApEncounter *self,
                                TkrApCombatant *combatant,
                                gboolean surprised,
                                GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error))
    return FALSE;
  /* Surprise only matters for the opening Reset (seed, Reset Phase). */
  if ((self->phase == TKR_PHASE_MAIN || self->phase == TKR_PHASE_PAUSED) && self->turn > 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Surprise only counts before the first Reset Phase, which has passed"));
      return FALSE;
    }
  tkr_history_begin (self->history, surprised ? _ ("Mark as surprised") : _ ("Not surprised"));
  set_bool (self, combatant, "surprised", surprised);
  tkr_history_end (self->history);
  return TRUE;
}

static gboolean
check_pool_name (TkrApCombatant *combatant, const char *pool, GError **error)
{
  if (g_strcmp0 (pool, "mana") == 0 || g_strcmp0 (pool, "faith") == 0)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("%s recovers Mana or Faith, not “%s”"), combatant_name (combatant),
               pool ? pool : "");
  return FALSE;
}

gboolean
tkr_ap_encounter_set_recover (TkrApEncounter *self,
                              TkrApCombatant *combatant,
                              const char *pool,
                              GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error) || !check_pool_name (combatant, pool, error))
    return FALSE;
  tkr_history_begin (self->history, _ ("Choose what to recover"));
  tkr_history_set (self->history, combatant, "recover", pool);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_set_pool (TkrApEncounter *self,
                           TkrApCombatant *combatant,
                           const char *pool,
                           int current,
                           int maximum,
                           GError **error)
{
  g_autofree char *max_property = NULL;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error) || !check_pool_name (combatant, pool, error))
    return FALSE;
  if (maximum < 0 || maximum > self->numbers.max_pool || current < 0 || current > maximum)
    {
      g_set_error (
        error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
        _ ("%s’s %s must be between 0 and its maximum, at most %d"), combatant_name (combatant),
        g_strcmp0 (pool, "mana") == 0 ? _ ("Mana") : _ ("Faith"), self->numbers.max_pool);
      return FALSE;
    }
  max_property = g_strconcat (pool, "-max", NULL);
  tkr_history_begin (self->history, _ ("Edit Mana or Faith"));
  set_int (self, combatant, max_property, maximum);
  set_int (self, combatant, pool, current);
  tkr_history_end (self->history);
  return TRUE;
}

static GVariant *
conditions_without (TkrApCombatant *combatant, const char *name, gboolean drop_temporary)
{
  GVariant *conditions = get_var (combatant, CPROP_CONDITIONS);
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sbi)"));
  for (gsize i = 0; conditions != NULL && i < g_variant_n_children (conditions); i++)
    {
      const char *held;
      gboolean persistent;
      int target;

      g_variant_get_child (conditions, i, "(&sbi)", &held, &persistent, &target);
      if ((name != NULL && g_ascii_strcasecmp (held, name) == 0) || (drop_temporary && !persistent))
        continue;
      g_variant_builder_add (&builder, "(sbi)", held, persistent, target);
    }
  return g_variant_builder_end (&builder);
}

/* Copies every child of @list (nullable) but the one at @skip. */
static void
copy_children (GVariantBuilder *builder, GVariant *list, gsize skip)
{
  for (gsize i = 0; list != NULL && i < g_variant_n_children (list); i++)
    {
      g_autoptr (GVariant) child = NULL;

      if (i == skip)
        continue;
      child = g_variant_get_child_value (list, i);
      g_variant_builder_add_value (builder, child);
    }
}

static GVariant *
append_pair (GVariant *list, const char *name, int value)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(si)"));
  copy_children (&builder, list, G_MAXSIZE);
  g_variant_builder_add (&builder, "(si)", name, value);
  return g_variant_builder_end (&builder);
}

static gboolean
find_pair (GVariant *list, const char *name, gsize *index)
{
  for (gsize i = 0; list != NULL && i < g_variant_n_children (list); i++)
    {
      const char *held;
      int value;

      g_variant_get_child (list, i, "(&si)", &held, &value);
      if (g_ascii_strcasecmp (held, name) == 0)
        {
          if (index)
            *index = i;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
check_label (TkrApCombatant *combatant, const char *name, GError **error)
{
  if (name != NULL && *name != '\0' && strlen (name) <= 200 && g_utf8_validate (name, -1, NULL))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("A condition, adjustment or effect on %s needs a name of at most 200 characters"),
               combatant_name (combatant));
  return FALSE;
}

static int
check_target_for (TkrApEncounter *self, const char *id)
{
  if (id != NULL && g_strv_contains (self->numbers.check_targets, id))
    {
      g_autofree char *path = g_strconcat ("action-points.check_targets.", id, NULL);

      return tkr_rules_get_int (self->rules, path);
    }
  return self->numbers.default_check_target;
}

gboolean
tkr_ap_encounter_add_condition (TkrApEncounter *self,
                                TkrApCombatant *combatant,
                                const char *name,
                                gboolean persistent,
                                int target,
                                GError **error)
{
  const TkrConditionInfo *info;
  GVariantBuilder builder;
  GVariant *conditions;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error) || !check_label (combatant, name, error))
    return FALSE;
  if (tkr_ap_combatant_has_condition (combatant, name, NULL, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is already %s"),
                   combatant_name (combatant), name);
      return FALSE;
    }
  if (target < 0 || target > MAX_CHECK)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("The Check Roll to shake off %s must need 1 to %d (or 0 for the rules’ own)"),
                   name, MAX_CHECK);
      return FALSE;
    }

  /* The catalogue's kind wins: "fleeting" conditions are this system's
   * Temporary ones, "persistent" its Persistent ones. */
  info = tkr_rules_lookup_condition (self->rules, name);
  if (info != NULL)
    {
      persistent = info->kind == TKR_CONDITION_KIND_PERSISTENT;
      name = info->name;
    }
  if (!persistent)
    target = 0;
  else if (target == 0)
    target = check_target_for (self, info ? info->id : NULL);

  conditions = get_var (combatant, CPROP_CONDITIONS);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sbi)"));
  copy_children (&builder, conditions, G_MAXSIZE);
  g_variant_builder_add (&builder, "(sbi)", name, persistent, target);

  tkr_history_begin (self->history, _ ("Add a condition"));
  tkr_history_set (self->history, combatant, "conditions", g_variant_builder_end (&builder));
  if (persistent)
    /* Translators: a character, a condition, a number */
    log_line (self, _ ("%s is %s (Persistent; a Check Roll of %d shakes it off)"),
              combatant_name (combatant), name, target);
  else
    log_line (self, _ ("%s is %s until the next Reset Phase"), combatant_name (combatant), name);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_remove_condition (TkrApEncounter *self,
                                   TkrApCombatant *combatant,
                                   const char *name,
                                   GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error))
    return FALSE;
  if (name == NULL || !tkr_ap_combatant_has_condition (combatant, name, NULL, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND, _ ("%s is not %s"),
                   combatant_name (combatant), name ? name : "");
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Remove a condition"));
  tkr_history_set (self->history, combatant, "conditions",
                   conditions_without (combatant, name, FALSE));
  log_line (self, _ ("%s is no longer %s"), combatant_name (combatant), name);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_add_adjustment (
  TkrApEncounter *self, TkrApCombatant *combatant, const char *name, int value, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error) || !check_label (combatant, name, error))
    return FALSE;
  if (value == 0 || value < -MAX_ADJUSTMENT || value > MAX_ADJUSTMENT)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An adjustment to %s’s %s must be between %d and %d, and not 0"),
                   combatant_name (combatant), name, -MAX_ADJUSTMENT, MAX_ADJUSTMENT);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Add a Temporary adjustment"));
  tkr_history_set (self->history, combatant, "adjustments",
                   append_pair (get_var (combatant, CPROP_ADJUSTMENTS), name, value));
  /* Translators: a character, a signed number, an attribute such as Defense */
  log_line (self, _ ("%s: %+d %s until the next Reset Phase"), combatant_name (combatant), value,
            name);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_add_effect (
  TkrApEncounter *self, TkrApCombatant *combatant, const char *name, int damage, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error) || !check_label (combatant, name, error))
    return FALSE;
  if (find_pair (get_var (combatant, CPROP_EFFECTS), name, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already suffers from %s"), combatant_name (combatant), name);
      return FALSE;
    }
  if (damage < 1 || damage > MAX_DAMAGE)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s on %s must deal 1 to %d damage each Turn"), name,
                   combatant_name (combatant), MAX_DAMAGE);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Add a per-Turn effect"));
  tkr_history_set (self->history, combatant, "effects",
                   append_pair (get_var (combatant, CPROP_EFFECTS), name, damage));
  log_line (self, _ ("%s suffers from %s: %d damage at each Reset Phase"),
            combatant_name (combatant), name, damage);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_remove_effect (TkrApEncounter *self,
                                TkrApCombatant *combatant,
                                const char *name,
                                GError **error)
{
  GVariant *effects;
  GVariantBuilder builder;
  gsize index;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_not_ended (self, combatant, error))
    return FALSE;
  effects = get_var (combatant, CPROP_EFFECTS);
  if (name == NULL || !find_pair (effects, name, &index))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("%s does not suffer from %s"), combatant_name (combatant), name ? name : "");
      return FALSE;
    }
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(si)"));
  copy_children (&builder, effects, index);
  tkr_history_begin (self->history, _ ("Remove a per-Turn effect"));
  tkr_history_set (self->history, combatant, "effects", g_variant_builder_end (&builder));
  log_line (self, _ ("%s no longer suffers from %s"), combatant_name (combatant), name);
  tkr_history_end (self->history);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Phases                                                              */
/* ------------------------------------------------------------------ */

gboolean
tkr_ap_encounter_can_transition (TkrApEncounter *self, TkrPhase to)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);
  return tkr_phase_can_follow (self->phase, to);
}

static gboolean
check_transition (TkrApEncounter *self, TkrPhase to, GError **error)
{
  return tkr_phase_check_transition (self->phase, to, error);
}

static void
set_phase (TkrApEncounter *self, TkrPhase phase)
{
  tkr_history_set (self->history, self, "phase", phase);
}

static void
clear_order (TkrApEncounter *self)
{
  for (guint i = n_items (self->order); i > 0; i--)
    tkr_history_remove (self->history, self->order, i - 1);
  set_int (self, self, "current-index", -1);
}

static void
clear_round_state (TkrApEncounter *self, TkrApCombatant *combatant)
{
  set_int (self, combatant, "round-ap", 0);
  set_bool (self, combatant, "moved", FALSE);
  set_bool (self, combatant, "acted", FALSE);
  set_bool (self, combatant, "passed", FALSE);
  set_bool (self, combatant, "stepped", FALSE);
}

static gboolean
begin_setup (TkrApEncounter *self)
{
  tkr_history_begin (self->history, _ ("Begin the encounter’s Setup"));
  set_phase (self, TKR_PHASE_SETUP);
  log_line (self, _ ("The encounter is being set up: Finesse Dice, sizes and surprise"));
  tkr_history_end (self->history);
  return TRUE;
}

/* Setup -> Main: combat opens with a Reset Phase (seed, Reset Phase), due
 * now; Turn 1's Action Phase follows it. */
static gboolean
begin_main (TkrApEncounter *self, GError **error)
{
  if (n_items (self->combatants) == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("Nobody takes part in the encounter yet"));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Begin combat"));
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrApCombatant *combatant = item_at (self->combatants, i);

      set_int (self, combatant, "ap", 0);
      set_bool (self, combatant, "free-steps", FALSE);
      clear_round_state (self, combatant);
    }
  set_phase (self, TKR_PHASE_MAIN);
  tkr_history_set (self->history, self, "step", TKR_AP_STEP_RESET);
  set_int (self, self, "turn", 0);
  set_int (self, self, "round", 0);
  clear_order (self);
  log_line (self, _ ("Combat begins with a Reset Phase"));
  tkr_history_end (self->history);
  return TRUE;
}

static gboolean
run_reset (TkrApEncounter *self, TkrApRolls *rolls, gboolean closing, GError **error);

gboolean
tkr_ap_encounter_transition (TkrApEncounter *self, TkrPhase to, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!check_transition (self, to, error))
    return FALSE;

  switch (to)
    {
    case TKR_PHASE_SETUP:
      return begin_setup (self);
    case TKR_PHASE_MAIN:
      if (self->phase == TKR_PHASE_SETUP)
        return begin_main (self, error);
      tkr_history_begin (self->history, _ ("Resume the encounter"));
      set_phase (self, TKR_PHASE_MAIN);
      log_line (self, _ ("The encounter resumes"));
      tkr_history_end (self->history);
      return TRUE;
    case TKR_PHASE_PAUSED:
      tkr_history_begin (self->history, _ ("Pause the encounter"));
      set_phase (self, TKR_PHASE_PAUSED);
      log_line (self, _ ("The encounter is paused"));
      tkr_history_end (self->history);
      return TRUE;
    case TKR_PHASE_END:
      return tkr_ap_encounter_end (self, NULL, error);
    case TKR_PHASE_FREEPLAY:
      tkr_history_begin (self->history, self->phase == TKR_PHASE_SETUP ? _ ("Abandon the Setup")
                                                                       : _ ("Back to Freeplay"));
      clear_order (self);
      tkr_history_set (self->history, self, "step", TKR_AP_STEP_RESET);
      set_int (self, self, "turn", 0);
      set_int (self, self, "round", 0);
      set_phase (self, TKR_PHASE_FREEPLAY);
      log_line (self, _ ("Back to Freeplay"));
      tkr_history_end (self->history);
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/**
 * tkr_ap_encounter_end:
 *
 * Combat ends with a Reset Phase (seed, Reset Phase): per-Turn effects,
 * Temporary conditions and adjustments, Persistent checks and recovery
 * run once more; AP and Free Steps left are lost and none are given, as
 * no Action Phase follows.
 */
gboolean
tkr_ap_encounter_end (TkrApEncounter *self, TkrApRolls *rolls, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_END, error))
    return FALSE;
  return run_reset (self, rolls, TRUE, error);
}

/* ------------------------------------------------------------------ */
/* Rounds and the Reset Phase                                          */
/* ------------------------------------------------------------------ */

static int
compare_for_order (gconstpointer a, gconstpointer b, gpointer user_data)
{
  TkrApCombatant *x = *(TkrApCombatant *const *) a;
  TkrApCombatant *y = *(TkrApCombatant *const *) b;
  TkrApEncounter *self = user_data;
  guint ix = 0, iy = 0;

  /* Seed, Action Phase: descending current AP. Ties (our choice): the
   * larger Finesse Die, then whoever joined the encounter first. */
  if (get_int (x, CPROP_AP) != get_int (y, CPROP_AP))
    return get_int (y, CPROP_AP) - get_int (x, CPROP_AP);
  if (get_int (x, CPROP_FINESSE_DIE) != get_int (y, CPROP_FINESSE_DIE))
    return get_int (y, CPROP_FINESSE_DIE) - get_int (x, CPROP_FINESSE_DIE);
  g_list_store_find (self->combatants, x, &ix);
  g_list_store_find (self->combatants, y, &iy);
  return (int) ix - (int) iy;
}

/* A new Round: per-Round spending starts over and the order is computed
 * again from current AP. Returns how many can act. */
static guint
begin_round (TkrApEncounter *self, int round)
{
  g_autoptr (GPtrArray) order = g_ptr_array_new ();

  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrApCombatant *combatant = item_at (self->combatants, i);

      clear_round_state (self, combatant);
      if (get_int (combatant, CPROP_AP) > 0)
        g_ptr_array_add (order, combatant);
    }
  g_ptr_array_sort_with_data (order, compare_for_order, self);

  clear_order (self);
  set_int (self, self, "round", round);
  for (guint i = 0; i < order->len; i++)
    tkr_history_append (self->history, self->order, g_ptr_array_index (order, i));
  if (order->len > 0)
    {
      set_int (self, self, "current-index", 0);
      /* Translators: a Round, a Turn, then who acts first */
      log_line (self, _ ("Round %d of Turn %d: %s acts first"), round, self->turn,
                combatant_name (g_ptr_array_index (order, 0)));
    }
  return order->len;
}

/* The Action Phase is over; the Reset Phase that ends this Turn is due. */
static void
end_action_phase (TkrApEncounter *self)
{
  clear_order (self);
  tkr_history_set (self->history, self, "step", TKR_AP_STEP_RESET);
  set_int (self, self, "round", 0);
  log_line (self, _ ("The Action Phase of Turn %d is over; the Reset Phase is due"), self->turn);
}

static gboolean
validate_rolls (TkrApEncounter *self, TkrApRolls *rolls, GError **error)
{
  for (guint i = 0; rolls != NULL && i < rolls->rolls->len; i++)
    {
      TypedRoll *roll = &g_array_index (rolls->rolls, TypedRoll, i);
      gboolean persistent = FALSE;

      if (!require_combatant (self, roll->combatant, error))
        return FALSE;
      if (roll->condition == NULL)
        {
          int die = get_int (roll->combatant, CPROP_FINESSE_DIE);

          if (roll->value < 1 || roll->value > die)
            {
              g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                           _ ("%s’s Finesse Die is a d%d: it cannot show %d"),
                           combatant_name (roll->combatant), die, roll->value);
              return FALSE;
            }
        }
      else if (!tkr_ap_combatant_has_condition (roll->combatant, roll->condition, &persistent,
                                                NULL) ||
               !persistent)
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                       _ ("%s has no Persistent condition %s to roll against"),
                       combatant_name (roll->combatant), roll->condition);
          return FALSE;
        }
      else if (roll->value < 0 || roll->value > MAX_CHECK)
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A Check Roll for %s must be between 0 and %d"),
                       combatant_name (roll->combatant), MAX_CHECK);
          return FALSE;
        }
    }
  return TRUE;
}

static int
roll_or_typed (TkrApEncounter *self,
               TkrApRolls *rolls,
               TkrApCombatant *combatant,
               const char *condition,
               int sides)
{
  TypedRoll *typed = find_typed (rolls, combatant, condition);

  if (typed != NULL)
    return typed->value;
  return g_rand_int_range (self->rand, 1, sides + 1);
}

/* Step 1: per-Turn effects, damage to Health. */
static void
reset_effects (TkrApEncounter *self, TkrApCombatant *combatant)
{
  GVariant *effects = get_var (combatant, CPROP_EFFECTS);

  for (gsize i = 0; effects != NULL && i < g_variant_n_children (effects); i++)
    {
      const char *name;
      int damage;

      g_variant_get_child (effects, i, "(&si)", &name, &damage);
      tkr_character_adjust_pool (combatant->character, self->history, TKR_POOL_HEALTH, -damage);
      /* Translators: a character, a number, an effect such as Poison */
      log_line (self, _ ("%s takes %d damage from %s"), combatant_name (combatant), damage, name);
    }
}

/* Step 2: Temporary conditions and adjustments end with their Turn. */
static void
reset_temporary (TkrApEncounter *self, TkrApCombatant *combatant)
{
  guint before =
    var_length (combatant, CPROP_CONDITIONS) + var_length (combatant, CPROP_ADJUSTMENTS);
  g_autoptr (GVariant) kept = g_variant_ref_sink (conditions_without (combatant, NULL, TRUE));
  guint removed = before - (guint) g_variant_n_children (kept);

  tkr_history_set (self->history, combatant, "conditions", kept);
  tkr_history_set (self->history, combatant, "adjustments", NULL);
  if (removed > 0)
    log_line (self,
              g_dngettext (GETTEXT_PACKAGE, "%s loses %u Temporary condition or adjustment",
                           "%s loses %u Temporary conditions and adjustments", removed),
              combatant_name (combatant), removed);
}

/* Step 3: a Check Roll against each Persistent condition; success ends it. */
static void
reset_persistent (TkrApEncounter *self, TkrApRolls *rolls, TkrApCombatant *combatant)
{
  g_autoptr (GVariant) conditions = NULL;
  g_autoptr (GPtrArray) shaken = g_ptr_array_new ();

  conditions = get_var (combatant, CPROP_CONDITIONS);
  if (conditions == NULL)
    return;
  g_variant_ref (conditions);
  for (gsize i = 0; i < g_variant_n_children (conditions); i++)
    {
      const char *name;
      gboolean persistent;
      int target, total;

      g_variant_get_child (conditions, i, "(&sbi)", &name, &persistent, &target);
      if (!persistent)
        continue;
      total = roll_or_typed (self, rolls, combatant, name, self->numbers.check_die);
      if (total >= target)
        {
          /* Translators: a character, a number, a number, a condition */
          log_line (self, _ ("%s rolls %d against %d and shakes off %s"),
                    combatant_name (combatant), total, target, name);
          g_ptr_array_add (shaken, (gpointer) name);
        }
      else
        log_line (self, _ ("%s rolls %d against %d and stays %s"), combatant_name (combatant),
                  total, target, name);
    }
  for (guint i = 0; i < shaken->len; i++)
    tkr_history_set (self->history, combatant, "conditions",
                     conditions_without (combatant, g_ptr_array_index (shaken, i), FALSE));
}

/* Step 4: one Mana or one Faith, the player's choice. */
static void
reset_recover (TkrApEncounter *self, TkrApCombatant *combatant)
{
  gboolean faith = g_strcmp0 (tkr_ap_combatant_get_recover (combatant), "faith") == 0;
  int current = get_int (combatant, faith ? CPROP_FAITH : CPROP_MANA);
  int maximum = get_int (combatant, faith ? CPROP_FAITH_MAX : CPROP_MANA_MAX);
  int gained = MIN (self->numbers.recover_per_reset, maximum - current);

  if (gained <= 0)
    return;
  set_int (self, combatant, faith ? "faith" : "mana", current + gained);
  log_line (self, faith ? _ ("%s recovers %d Faith") : _ ("%s recovers %d Mana"),
            combatant_name (combatant), gained);
}

/* Step 5: leftovers are lost; a Finesse Die plus adjustments, or exactly
 * the rule data's AP for the surprised in the opening Reset; Free Steps
 * once more. */
static void
reset_action_points (TkrApEncounter *self, TkrApRolls *rolls, TkrApCombatant *combatant)
{
  int ap;

  if (self->turn == 0 && get_bool (combatant, CPROP_SURPRISED))
    {
      ap = self->numbers.surprised_first_ap;
      log_line (self, _ ("%s is surprised and gets %d AP"), combatant_name (combatant), ap);
      set_bool (self, combatant, "surprised", FALSE);
    }
  else
    {
      int die = get_int (combatant, CPROP_FINESSE_DIE);
      int face = roll_or_typed (self, rolls, combatant, NULL, die);
      int adjustment = get_int (combatant, CPROP_AP_ADJUSTMENT);

      ap = CLAMP (face + adjustment, 0, MAX_AP);
      /* Translators: a character, a die size, its face, an adjustment, the AP */
      log_line (self, _ ("%s rolls d%d: %d, %+d: %d AP"), combatant_name (combatant), die, face,
                adjustment, ap);
    }
  set_int (self, combatant, "ap", ap);
  set_bool (self, combatant, "free-steps", TRUE);
}

static gboolean
run_reset (TkrApEncounter *self, TkrApRolls *rolls, gboolean closing, GError **error)
{
  guint n;

  if (!validate_rolls (self, rolls, error))
    return FALSE;

  tkr_history_begin (self->history, closing ? _ ("End the encounter") : _ ("Reset Phase"));
  if (!closing)
    tkr_history_set_tag (self->history, NEXT_TURN_TAG);
  if (self->step == TKR_AP_STEP_ACTION)
    /* Ending mid-Action Phase cuts it short. */
    end_action_phase (self);
  n = n_items (self->combatants);
  log_line (self, closing ? _ ("The closing Reset Phase") : _ ("Reset Phase of Turn %d"),
            self->turn);

  for (guint i = 0; i < n; i++)
    reset_effects (self, item_at (self->combatants, i));
  for (guint i = 0; i < n; i++)
    reset_temporary (self, item_at (self->combatants, i));
  for (guint i = 0; i < n; i++)
    reset_persistent (self, rolls, item_at (self->combatants, i));
  for (guint i = 0; i < n; i++)
    reset_recover (self, item_at (self->combatants, i));

  if (closing)
    {
      for (guint i = 0; i < n; i++)
        {
          TkrApCombatant *combatant = item_at (self->combatants, i);

          set_int (self, combatant, "ap", 0);
          set_bool (self, combatant, "free-steps", FALSE);
          clear_round_state (self, combatant);
        }
      set_phase (self, TKR_PHASE_END);
      log_line (self,
                g_dngettext (GETTEXT_PACKAGE, "Combat ends after %d Turn",
                             "Combat ends after %d Turns", self->turn),
                self->turn);
    }
  else
    {
      for (guint i = 0; i < n; i++)
        reset_action_points (self, rolls, item_at (self->combatants, i));
      set_int (self, self, "turn", self->turn + 1);
      tkr_history_set (self->history, self, "step", TKR_AP_STEP_ACTION);
      if (begin_round (self, 1) == 0)
        end_action_phase (self);
    }
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_run_reset (TkrApEncounter *self, TkrApRolls *rolls, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_step (self, TKR_AP_STEP_RESET, error))
    return FALSE;
  return run_reset (self, rolls, FALSE, error);
}

static gboolean
everyone_done (TkrApEncounter *self)
{
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrApCombatant *combatant = item_at (self->combatants, i);

      if (get_int (combatant, CPROP_AP) > 0 && !get_bool (combatant, CPROP_PASSED))
        return FALSE;
    }
  return TRUE;
}

/* Inside a group: the actor's opportunity ends; the next one with AP gets
 * the floor, or the Round ends. */
static void
advance (TkrApEncounter *self)
{
  TkrApCombatant *actor = tkr_ap_encounter_get_actor (self);

  if (actor != NULL && !get_bool (actor, CPROP_PASSED) && get_int (actor, CPROP_ROUND_AP) == 0 &&
      !get_bool (actor, CPROP_STEPPED) && get_int (actor, CPROP_AP) > 0)
    {
      set_bool (self, actor, "passed", TRUE);
      log_line (self, _ ("%s passes, keeping %d AP"), combatant_name (actor),
                get_int (actor, CPROP_AP));
    }

  for (guint i = self->current_index + 1; i < n_items (self->order); i++)
    if (get_int (item_at (self->order, i), CPROP_AP) > 0)
      {
        set_int (self, self, "current-index", (int) i);
        log_line (self, _ ("%s acts"), combatant_name (item_at (self->order, i)));
        return;
      }

  /* Seed, Action Phase: it ends when everyone is out of AP or passed. */
  if (everyone_done (self) || begin_round (self, self->round + 1) == 0)
    end_action_phase (self);
}

gboolean
tkr_ap_encounter_next_turn (TkrApEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_MAIN)
    return require_step (self, self->step, error);
  if (self->step == TKR_AP_STEP_RESET)
    return run_reset (self, NULL, FALSE, error);

  tkr_history_begin (self->history, _ ("Next"));
  tkr_history_set_tag (self->history, NEXT_TURN_TAG);
  advance (self);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_previous_turn (TkrApEncounter *self, GError **error)
{
  guint undone = 0;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_MAIN)
    return require_step (self, self->step, error);
  if (self->history == NULL || self->turn == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is nothing earlier in this combat to go back to"));
      return FALSE;
    }

  while (tkr_history_can_undo (self->history))
    {
      gboolean was_next_turn =
        g_strcmp0 (tkr_history_peek_undo_tag (self->history), NEXT_TURN_TAG) == 0;

      tkr_history_undo (self->history);
      undone++;
      if (was_next_turn)
        return TRUE;
    }
  while (undone-- > 0)
    tkr_history_redo (self->history);
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("The last change of turn cannot be undone any more"));
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* The Action Phase                                                    */
/* ------------------------------------------------------------------ */

static gboolean
check_spend (TkrApEncounter *self, TkrApCombatant *combatant, int ap, GError **error)
{
  int left = get_int (combatant, CPROP_AP);
  int spent = get_int (combatant, CPROP_ROUND_AP);

  if (ap < 1)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A movement or action costs at least 1 AP"));
      return FALSE;
    }
  if (ap > left)
    {
      g_set_error (
        error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
        g_dngettext (GETTEXT_PACKAGE, "%s has only %d AP left", "%s has only %d AP left", left),
        combatant_name (combatant), left);
      return FALSE;
    }
  /* Seed, Action Phase: at most this many AP in one Round. */
  if (spent + ap > self->numbers.max_ap_per_round)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
                   _ ("%s has spent %d AP this Round; %d more would pass the limit of %d a Round"),
                   combatant_name (combatant), spent, ap, self->numbers.max_ap_per_round);
      return FALSE;
    }
  return TRUE;
}

static void
spend (TkrApEncounter *self, TkrApCombatant *combatant, int ap)
{
  set_int (self, combatant, "ap", get_int (combatant, CPROP_AP) - ap);
  set_int (self, combatant, "round-ap", get_int (combatant, CPROP_ROUND_AP) + ap);
}

gboolean
tkr_ap_encounter_move (TkrApEncounter *self, TkrApCombatant *combatant, int ap, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_actor (self, combatant, error))
    return FALSE;
  if (get_bool (combatant, CPROP_MOVED))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                   _ ("%s has already made a movement this Round; one a Round is allowed"),
                   combatant_name (combatant));
      return FALSE;
    }
  if (!check_spend (self, combatant, ap, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Move"));
  spend (self, combatant, ap);
  set_bool (self, combatant, "moved", TRUE);
  log_line (self, _ ("%s moves for %d AP"), combatant_name (combatant), ap);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_act (TkrApEncounter *self, TkrApCombatant *combatant, int ap, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_actor (self, combatant, error))
    return FALSE;
  if (get_bool (combatant, CPROP_ACTED))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has already taken an action this Round; one a Round is allowed"),
                   combatant_name (combatant));
      return FALSE;
    }
  if (!check_spend (self, combatant, ap, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Act"));
  spend (self, combatant, ap);
  set_bool (self, combatant, "acted", TRUE);
  log_line (self, _ ("%s takes an action for %d AP"), combatant_name (combatant), ap);
  tkr_history_end (self->history);
  return TRUE;
}

/* Seed, "Only" action: with only a few AP left, all of them for one
 * action, as the whole of the Round's opportunity (Free Steps may come
 * just before it). */
gboolean
tkr_ap_encounter_only_action (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  int left;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_actor (self, combatant, error))
    return FALSE;
  left = get_int (combatant, CPROP_AP);
  if (left < 1 || left > self->numbers.only_action_max_ap)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An Only action needs 1 to %d AP left, and %s has %d"),
                   self->numbers.only_action_max_ap, combatant_name (combatant), left);
      return FALSE;
    }
  if (get_bool (combatant, CPROP_MOVED) || get_bool (combatant, CPROP_ACTED))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has already moved or acted this Round; an Only action must be all of it"),
                   combatant_name (combatant));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Only action"));
  spend (self, combatant, left);
  set_bool (self, combatant, "moved", TRUE);
  set_bool (self, combatant, "acted", TRUE);
  log_line (self, _ ("%s spends all %d AP on an Only action"), combatant_name (combatant), left);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_free_steps (TkrApEncounter *self,
                             TkrApCombatant *combatant,
                             int spaces,
                             GError **error)
{
  int most;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_actor (self, combatant, error))
    return FALSE;
  if (!get_bool (combatant, CPROP_FREE_STEPS))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS,
                   _ ("%s has already taken Free Steps this Turn; they come once a Turn"),
                   combatant_name (combatant));
      return FALSE;
    }
  if (get_int (combatant, CPROP_AP) < 1)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_FREE_ACTIONS,
                   _ ("%s needs AP left to take Free Steps"), combatant_name (combatant));
      return FALSE;
    }
  /* Seed, Free Steps: before any other movement or action (read as: first
   * in the opportunity they are taken in). */
  if (get_bool (combatant, CPROP_MOVED) || get_bool (combatant, CPROP_ACTED))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has already moved or acted this Round; Free Steps must come first"),
                   combatant_name (combatant));
      return FALSE;
    }
  most = free_steps_for (self, combatant);
  if (spaces < 1 || spaces > most)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "%s’s Free Steps cover 1 to %d space",
                                "%s’s Free Steps cover 1 to %d spaces", most),
                   combatant_name (combatant), most);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Free Steps"));
  set_bool (self, combatant, "free-steps", FALSE);
  set_bool (self, combatant, "stepped", TRUE);
  log_line (self,
            g_dngettext (GETTEXT_PACKAGE, "%s takes Free Steps: %d space",
                         "%s takes Free Steps: %d spaces", spaces),
            combatant_name (combatant), spaces);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_ap_encounter_pass (TkrApEncounter *self, TkrApCombatant *combatant, GError **error)
{
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (!require_actor (self, combatant, error))
    return FALSE;
  if (get_int (combatant, CPROP_ROUND_AP) > 0 || get_bool (combatant, CPROP_STEPPED))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has already done something this Round and cannot pass; go to the next "
                      "one instead"),
                   combatant_name (combatant));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Pass"));
  tkr_history_set_tag (self->history, NEXT_TURN_TAG);
  advance (self);
  tkr_history_end (self->history);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* End                                                                 */
/* ------------------------------------------------------------------ */

gboolean
tkr_ap_encounter_award_experience (
  TkrApEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error)
{
  TkrApCombatant *combatant;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_END)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Experience is awarded at the End, and the encounter is in %s"),
                   phase_name (self->phase));
      return FALSE;
    }
  combatant =
    TKR_IS_CHARACTER (character) ? tkr_ap_encounter_find_combatant (self, character) : NULL;
  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (!tkr_character_is_pc (character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is an NPC; Experience goes to PCs"), combatant_name (combatant));
      return FALSE;
    }
  if (!tkr_rules_is_valid_award (self->rules, xp))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%d Experience Points is not an award these rules allow"), xp);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Award Experience"));
  if (!tkr_character_award_experience (character, self->history, xp, error))
    {
      tkr_history_abort (self->history);
      return FALSE;
    }
  if (reason != NULL && *reason != '\0')
    /* Translators: a character, Experience Points, then the GM's reason */
    log_line (self, _ ("%s gains %d XP: %s"), combatant_name (combatant), xp, reason);
  else
    log_line (self, _ ("%s gains %d XP"), combatant_name (combatant), xp);
  tkr_history_end (self->history);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

static char *
member_name (guint prop)
{
  return g_strdelimit (g_strdup (cprop_names[prop]), "-", '_');
}

static JsonNode *
combatant_to_json (TkrApCombatant *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  /* PCs live in their own files; an NPC is stored whole, as in TkrKlepEncounter. */
  if (tkr_character_is_pc (self->character))
    {
      json_builder_set_member_name (builder, "ref");
      json_builder_add_string_value (builder, tkr_character_get_id (self->character));
    }
  else
    {
      json_builder_set_member_name (builder, "npc");
      json_builder_add_value (builder, tkr_character_to_json (self->character));
    }
  for (guint i = 0; i < N_INTS; i++)
    {
      g_autofree char *name = member_name (FIRST_INT + i);

      json_builder_set_member_name (builder, name);
      json_builder_add_int_value (builder, self->ints[i]);
    }
  for (guint i = 0; i < N_BOOLS; i++)
    {
      g_autofree char *name = member_name (FIRST_BOOL + i);

      json_builder_set_member_name (builder, name);
      json_builder_add_boolean_value (builder, self->bools[i]);
    }
  for (guint i = 0; i < N_STRS; i++)
    {
      json_builder_set_member_name (builder, cprop_names[FIRST_STR + i]);
      json_builder_add_string_value (builder, self->strs[i] ? self->strs[i] : "");
    }
  json_builder_set_member_name (builder, "conditions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < var_length (self, CPROP_CONDITIONS); i++)
    {
      const char *name;
      gboolean persistent;
      int target;

      g_variant_get_child (get_var (self, CPROP_CONDITIONS), i, "(&sbi)", &name, &persistent,
                           &target);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, name);
      json_builder_set_member_name (builder, "persistent");
      json_builder_add_boolean_value (builder, persistent);
      json_builder_set_member_name (builder, "target");
      json_builder_add_int_value (builder, target);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  for (guint prop = CPROP_ADJUSTMENTS; prop <= CPROP_EFFECTS; prop++)
    {
      const char *value_member = prop == CPROP_ADJUSTMENTS ? "value" : "damage";

      json_builder_set_member_name (builder, cprop_names[prop]);
      json_builder_begin_array (builder);
      for (guint i = 0; i < var_length (self, prop); i++)
        {
          const char *name;
          int value;

          g_variant_get_child (get_var (self, prop), i, "(&si)", &name, &value);
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, name);
          json_builder_set_member_name (builder, value_member);
          json_builder_add_int_value (builder, value);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

JsonNode *
tkr_ap_encounter_to_json (TkrApEncounter *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "rule_system");
  json_builder_add_string_value (builder, TKR_AP_RULE_SYSTEM);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, self->name ? self->name : "");
  json_builder_set_member_name (builder, "phase");
  json_builder_add_string_value (builder, phase_nicks[self->phase]);
  json_builder_set_member_name (builder, "step");
  json_builder_add_string_value (builder, step_nicks[self->step]);
  json_builder_set_member_name (builder, "turn");
  json_builder_add_int_value (builder, self->turn);
  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, self->round);
  json_builder_set_member_name (builder, "current_index");
  json_builder_add_int_value (builder, self->current_index);
  json_builder_set_member_name (builder, "combatants");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_items (self->combatants); i++)
    json_builder_add_value (builder, combatant_to_json (item_at (self->combatants, i)));
  json_builder_end_array (builder);
  /* The Round's order as places in the combatant list. */
  json_builder_set_member_name (builder, "order");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_items (self->order); i++)
    {
      guint position = 0;

      g_list_store_find (self->combatants, item_at (self->order, i), &position);
      json_builder_add_int_value (builder, position);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "log");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_items (self->log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->log), i);

      json_builder_add_value (builder, tkr_log_entry_to_json (entry));
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static gboolean
read_pairs (JsonObject *object,
            const char *member,
            const char *value_member,
            const char *path,
            int minimum,
            int maximum,
            GVariant **out,
            GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, member);
  GVariantBuilder builder;
  JsonArray *array;

  if (!tkr_json_get_array (object, member, path, FALSE, &array, error))
    return FALSE;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(si)"));
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL;
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      gint64 value;

      if (item == NULL ||
          !tkr_json_get_string (item, "name", item_path, TRUE, NULL, &name, error) ||
          !tkr_json_get_int (item, value_member, item_path, TRUE, minimum, maximum, 0, &value,
                             error))
        {
          g_variant_builder_clear (&builder);
          return FALSE;
        }
      g_variant_builder_add (&builder, "(si)", name, (int) value);
    }
  *out = g_variant_ref_sink (g_variant_builder_end (&builder));
  return TRUE;
}

static gboolean
read_conditions (JsonObject *object, const char *path, GVariant **out, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "conditions");
  GVariantBuilder builder;
  JsonArray *array;

  if (!tkr_json_get_array (object, "conditions", path, FALSE, &array, error))
    return FALSE;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sbi)"));
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL;
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      gboolean persistent;
      gint64 target;

      if (item == NULL ||
          !tkr_json_get_string (item, "name", item_path, TRUE, NULL, &name, error) ||
          !tkr_json_get_bool (item, "persistent", item_path, TRUE, FALSE, &persistent, error) ||
          !tkr_json_get_int (item, "target", item_path, TRUE, 0, MAX_CHECK, 0, &target, error))
        {
          g_variant_builder_clear (&builder);
          return FALSE;
        }
      g_variant_builder_add (&builder, "(sbi)", name, persistent, (int) target);
    }
  *out = g_variant_ref_sink (g_variant_builder_end (&builder));
  return TRUE;
}

static TkrCharacter *
resolve_in (GPtrArray *characters, const char *id)
{
  for (guint i = 0; i < characters->len; i++)
    if (g_strcmp0 (tkr_character_get_id (g_ptr_array_index (characters, i)), id) == 0)
      return g_ptr_array_index (characters, i);
  return NULL;
}

static TkrApCombatant *
combatant_from_json (TkrApEncounter *self,
                     JsonNode *node,
                     const char *path,
                     TkrCharacterResolver resolve,
                     gpointer user_data,
                     GPtrArray *seen,
                     GError **error)
{
  g_autoptr (TkrCharacter) character = NULL;
  g_autoptr (TkrApCombatant) combatant = NULL;
  g_autoptr (GVariant) conditions = NULL;
  g_autoptr (GVariant) adjustments = NULL;
  g_autoptr (GVariant) effects = NULL;
  g_autofree char *ref = NULL;
  g_autofree char *size = NULL;
  JsonObject *object;
  JsonNode *npc;
  int recover;

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "ref", path, FALSE, NULL, &ref, error))
    return NULL;
  npc = json_object_get_member (object, "npc");
  if (npc != NULL && JSON_NODE_HOLDS_NULL (npc))
    npc = NULL;
  if ((ref != NULL) == (npc != NULL))
    {
      tkr_json_set_error (error, path, _ ("expected either “ref” or “npc”"));
      return NULL;
    }
  if (ref != NULL)
    {
      TkrCharacter *found = resolve ? resolve (ref, user_data) : NULL;
      g_autofree char *ref_path = tkr_json_path (path, "ref");

      if (found == NULL || !tkr_character_is_pc (found))
        {
          tkr_json_set_error (error, ref_path, _ ("no PC in this file has the id “%s”"), ref);
          return NULL;
        }
      character = g_object_ref (found);
    }
  else
    {
      g_autofree char *npc_path = tkr_json_path (path, "npc");

      character = tkr_character_new_from_json (npc, npc_path, error);
      if (character == NULL)
        return NULL;
      if (tkr_character_is_pc (character))
        {
          tkr_json_set_error (error, npc_path, _ ("“%s” is a PC; PCs are stored by id"),
                              tkr_character_get_name (character));
          return NULL;
        }
    }
  if (resolve_in (seen, tkr_character_get_id (character)) != NULL)
    {
      tkr_json_set_error (error, path, _ ("“%s” takes part twice"),
                          tkr_character_get_name (character));
      return NULL;
    }

  combatant = g_object_new (TKR_TYPE_AP_COMBATANT, "character", character, NULL);
  for (guint i = 0; i < N_INTS; i++)
    {
      g_autofree char *name = member_name (FIRST_INT + i);
      gint64 value;

      if (!tkr_json_get_int (object, name, path, TRUE, int_ranges[i].minimum, int_ranges[i].maximum,
                             0, &value, error))
        return NULL;
      combatant->ints[i] = (int) value;
    }
  for (guint i = 0; i < N_BOOLS; i++)
    {
      g_autofree char *name = member_name (FIRST_BOOL + i);

      if (!tkr_json_get_bool (object, name, path, TRUE, FALSE, &combatant->bools[i], error))
        return NULL;
    }
  if (!tkr_json_get_string (object, "size", path, TRUE, NULL, &size, error) ||
      !tkr_json_get_enum (object, "recover", path, TRUE, recover_nicks, 0, &recover, error) ||
      !read_conditions (object, path, &conditions, error) ||
      !read_pairs (object, "adjustments", "value", path, -MAX_ADJUSTMENT, MAX_ADJUSTMENT,
                   &adjustments, error) ||
      !read_pairs (object, "effects", "damage", path, 1, MAX_DAMAGE, &effects, error))
    return NULL;

  if (!is_finesse_die (self, combatant->ints[CPROP_FINESSE_DIE - FIRST_INT]))
    {
      g_autofree char *die_path = tkr_json_path (path, "finesse_die");
      tkr_json_set_error (error, die_path, _ ("d%d is not a Finesse Die these rules use"),
                          combatant->ints[CPROP_FINESSE_DIE - FIRST_INT]);
      return NULL;
    }
  if (size_index (self, size) < 0)
    {
      g_autofree char *size_path = tkr_json_path (path, "size");
      tkr_json_set_error (error, size_path, _ ("“%s” is not a size these rules know"), size);
      return NULL;
    }
  if (combatant->ints[CPROP_MANA - FIRST_INT] > combatant->ints[CPROP_MANA_MAX - FIRST_INT] ||
      combatant->ints[CPROP_FAITH - FIRST_INT] > combatant->ints[CPROP_FAITH_MAX - FIRST_INT])
    {
      tkr_json_set_error (error, path, _ ("Mana or Faith is above its maximum"));
      return NULL;
    }
  combatant->strs[CPROP_SIZE - FIRST_STR] = g_steal_pointer (&size);
  combatant->strs[CPROP_RECOVER - FIRST_STR] = g_strdup (recover_nicks[recover]);
  combatant->vars[CPROP_CONDITIONS - FIRST_VAR] = g_steal_pointer (&conditions);
  combatant->vars[CPROP_ADJUSTMENTS - FIRST_VAR] = g_steal_pointer (&adjustments);
  combatant->vars[CPROP_EFFECTS - FIRST_VAR] = g_steal_pointer (&effects);
  g_ptr_array_add (seen, character);
  return g_steal_pointer (&combatant);
}

static gboolean
fail_at (GError **error, const char *path, const char *member, const char *message)
{
  g_autofree char *member_path = tkr_json_path (path, member);

  tkr_json_set_error (error, member_path, "%s", message);
  return FALSE;
}

/**
 * tkr_ap_encounter_load_json:
 *
 * Everything is read and checked before anything changes: the phase, the
 * step, the Turn, the Round and the order must agree. Errors are
 * TKR_FILE_ERROR_INVALID naming the path of the bad value.
 */
gboolean
tkr_ap_encounter_load_json (TkrApEncounter *self,
                            JsonNode *node,
                            const char *path,
                            TkrCharacterResolver resolve,
                            gpointer user_data,
                            GError **error)
{
  g_autoptr (GPtrArray) combatants = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) seen = g_ptr_array_new ();
  g_autofree char *name = NULL;
  g_autofree char *system = NULL;
  g_autofree char *combatants_path = NULL;
  g_autofree char *order_path = NULL;
  g_autofree char *log_path = NULL;
  JsonObject *object;
  JsonArray *array;
  gint64 turn, round, current_index;
  int phase, step;
  gboolean running, action;

  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (self), FALSE);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL ||
      !tkr_json_get_string (object, "rule_system", path, TRUE, NULL, &system, error))
    return FALSE;
  if (g_strcmp0 (system, TKR_AP_RULE_SYSTEM) != 0)
    return fail_at (error, path, "rule_system",
                    _ ("this encounter belongs to another rule system"));
  if (!tkr_json_get_string (object, "name", path, FALSE, "", &name, error) ||
      !tkr_json_get_enum (object, "phase", path, TRUE, phase_nicks, 0, &phase, error) ||
      !tkr_json_get_enum (object, "step", path, TRUE, step_nicks, 0, &step, error) ||
      !tkr_json_get_int (object, "turn", path, TRUE, 0, MAX_COUNT, 0, &turn, error) ||
      !tkr_json_get_int (object, "round", path, TRUE, 0, MAX_COUNT, 0, &round, error) ||
      !tkr_json_get_int (object, "current_index", path, TRUE, -1, TKR_JSON_MAX_ITEMS, -1,
                         &current_index, error))
    return FALSE;

  combatants_path = tkr_json_path (path, "combatants");
  if (!tkr_json_get_array (object, "combatants", path, TRUE, &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (combatants_path, i);
      TkrApCombatant *combatant = combatant_from_json (self, json_array_get_element (array, i),
                                                       item_path, resolve, user_data, seen, error);

      if (combatant == NULL)
        return FALSE;
      g_ptr_array_add (combatants, combatant);
    }

  order_path = tkr_json_path (path, "order");
  if (!tkr_json_get_array (object, "order", path, TRUE, &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (order_path, i);
      JsonNode *item = json_array_get_element (array, i);
      gint64 position = -1;
      TkrApCombatant *combatant;

      if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_INT64)
        position = json_node_get_int (item);
      if (position < 0 || position >= combatants->len)
        {
          tkr_json_set_error (error, item_path, _ ("expected a place in the combatant list"));
          return FALSE;
        }
      combatant = g_ptr_array_index (combatants, position);
      if (g_ptr_array_find (order, combatant, NULL))
        {
          tkr_json_set_error (error, item_path, _ ("someone is twice in the order"));
          return FALSE;
        }
      g_ptr_array_add (order, combatant);
    }

  log_path = tkr_json_path (path, "log");
  if (!tkr_json_get_array (object, "log", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (log_path, i);
      TkrLogEntry *entry =
        tkr_log_entry_new_from_json (json_array_get_element (array, i), item_path, error);

      if (entry == NULL)
        return FALSE;
      g_ptr_array_add (log, entry);
    }

  /* The phase, the step and the order must agree. */
  running = phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED;
  action = running && step == TKR_AP_STEP_ACTION;
  if (!running && (step != TKR_AP_STEP_RESET || round != 0))
    return fail_at (error, path, "step", _ ("only a running combat has an Action Phase"));
  if (phase == TKR_PHASE_FREEPLAY || phase == TKR_PHASE_SETUP)
    {
      if (turn != 0)
        return fail_at (error, path, "turn", _ ("combat has not begun, so there is no Turn"));
    }
  if (action)
    {
      if (turn < 1 || round < 1)
        return fail_at (error, path, "round", _ ("an Action Phase needs a Turn and a Round"));
      if (current_index < 0 || current_index >= order->len)
        return fail_at (error, path, "current_index",
                        _ ("an Action Phase needs someone in the order to act"));
    }
  else if (order->len > 0 || current_index != -1 || round != 0)
    return fail_at (error, path, "order", _ ("only an Action Phase has a Round and an order"));

  g_object_set (self, "name", name, "phase", phase, "step", step, "turn", (int) turn, "round",
                (int) round, "current-index", (int) current_index, NULL);
  g_list_store_splice (self->combatants, 0, n_items (self->combatants), combatants->pdata,
                       combatants->len);
  g_list_store_splice (self->order, 0, n_items (self->order), order->pdata, order->len);
  g_list_store_splice (self->log, 0, n_items (self->log), log->pdata, log->len);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* TkrTracker                                                          */
/* ------------------------------------------------------------------ */

TKR_TRACKER_DEFINE_FORWARDS (tkr_ap_encounter, TKR_AP_ENCOUNTER)

static gboolean
tracker_add_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_ap_encounter_add_participant (TKR_AP_ENCOUNTER (tracker), character, error) != NULL;
}

static gboolean
tracker_remove_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_ap_encounter_remove_participant (TKR_AP_ENCOUNTER (tracker), character, error);
}

static GPtrArray *
tracker_list_participants (TkrTracker *tracker)
{
  GListModel *model = tkr_ap_encounter_get_combatants (TKR_AP_ENCOUNTER (tracker));
  guint n = g_list_model_get_n_items (model);
  GPtrArray *characters = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) combatant = g_list_model_get_item (model, i);
      g_ptr_array_add (characters,
                       g_object_ref (tkr_ap_combatant_get_character ((gpointer) combatant)));
    }
  return characters;
}

static void
tkr_ap_encounter_tracker_init (TkrTrackerInterface *iface)
{
  tkr_tracker_forward_init (iface);
  iface->add_participant = tracker_add_participant;
  iface->remove_participant = tracker_remove_participant;
  iface->list_participants = tracker_list_participants;
}
