/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-d20-encounter.h"
#include "tkr-klep-encounter.h" /* tkr_phase_to_string () */
#include "tkr-enums.h"
#include "tkr-json.h"

/*
 * The d20 system's encounter (seed 003, "Encounters"), and the state the
 * system keeps per creature between encounters (mana, Exhaustion, time
 * since the last rests: seed, "Resting").
 *
 * As in TkrKlepEncounter, every command validates first and then records all
 * its changes as one TkrHistory step; "next turn" is tagged so that
 * "previous turn" can undo back to before it.
 */

#define NEXT_TURN_TAG "next-turn"
#define MAX_ROUND 1000000
#define MAX_INITIATIVE 10000
#define MAX_HOURS 1000000
#define MAX_TIEBREAKS 100

static const char *const phase_nicks[] = { "freeplay", "setup", "main", "paused", "end", NULL };

/* ---------------------------------------------------------------------- */
/* TkrD20Combatant                                                         */
/* ---------------------------------------------------------------------- */

/* The number properties, stored in one array so that their setters,
 * getters and file keys share a table. */
enum
{
  INT_AGILITY,
  INT_INITIATIVE,
  INT_ACTIONS_LEFT,
  INT_BONUS_ACTIONS_LEFT,
  INT_REACTIONS_LEFT,
  INT_DASHES,
  INT_MANA,
  INT_MANA_MAX,
  INT_EXHAUSTION,
  INT_HOURS_LONG,
  INT_HOURS_SHORT,
  INT_CHECKS_DUE,
  INT_WOUNDS,
  INT_BREATH_LEFT,
  N_INTS
};

enum
{
  BOOL_INITIATIVE_SET,
  BOOL_SURPRISED,
  BOOL_DODGING,
  BOOL_WAITING,
  BOOL_PRONE,
  BOOL_DYING,
  BOOL_HOLDING_BREATH,
  N_BOOLS
};

enum
{
  VARIANT_TIEBREAKS,
  VARIANT_SPEEDS,
  VARIANT_MOVED,
  N_VARIANTS
};

typedef struct
{
  const char *name;
  const char *key; /* in files */
  int minimum;
  int maximum;
} IntInfo;

static const IntInfo int_infos[N_INTS] = {
  { "agility", "agility", -99, 99 },
  { "initiative", "initiative", -MAX_INITIATIVE, MAX_INITIATIVE },
  { "actions-left", "actions_left", 0, 100 },
  { "bonus-actions-left", "bonus_actions_left", 0, 100 },
  { "reactions-left", "reactions_left", 0, 100 },
  { "dashes", "dashes", 0, 100 },
  { "mana", "mana", 0, 100000 },
  { "mana-max", "mana_max", 0, 100000 },
  { "exhaustion", "exhaustion", 0, 100 },
  { "hours-since-long-rest", "hours_since_long_rest", 0, MAX_HOURS },
  { "hours-since-short-rest", "hours_since_short_rest", 0, MAX_HOURS },
  { "stamina-checks-due", "stamina_checks_due", 0, MAX_HOURS },
  { "wounds", "wounds", 0, 100000 },
  { "breath-rounds-left", "breath_rounds_left", 0, 1000 },
};

static const struct
{
  const char *name;
  const char *key;
} bool_infos[N_BOOLS] = {
  { "initiative-set", "initiative_set" },
  { "surprised", "surprised" },
  { "dodging", "dodging" },
  { "waiting", "waiting" },
  { "prone", "prone" },
  { "dying", "dying" },
  { "holding-breath", "holding_breath" },
};

static const struct
{
  const char *name;
  const char *key;
  const char *type;
} variant_infos[N_VARIANTS] = {
  { "tiebreaks", "tiebreaks", "ai" },
  { "speeds", "speeds", "a{si}" },
  { "moved", "moved", "a{si}" },
};

struct _TkrD20Combatant
{
  GObject parent_instance;

  TkrCharacter *character;
  int ints[N_INTS];
  gboolean bools[N_BOOLS];
  GVariant *variants[N_VARIANTS];
};

G_DEFINE_FINAL_TYPE (TkrD20Combatant, tkr_d20_combatant, G_TYPE_OBJECT)

enum
{
  CPROP_0,
  CPROP_CHARACTER,
  CPROP_FIRST_INT,
  CPROP_FIRST_BOOL = CPROP_FIRST_INT + N_INTS,
  CPROP_FIRST_VARIANT = CPROP_FIRST_BOOL + N_BOOLS,
  N_CPROPS = CPROP_FIRST_VARIANT + N_VARIANTS
};

static GParamSpec *combatant_properties[N_CPROPS];

static void
tkr_d20_combatant_dispose (GObject *object)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  g_clear_object (&self->character);
  for (guint i = 0; i < N_VARIANTS; i++)
    g_clear_pointer (&self->variants[i], g_variant_unref);

  G_OBJECT_CLASS (tkr_d20_combatant_parent_class)->dispose (object);
}

static void
tkr_d20_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  if (prop_id == CPROP_CHARACTER)
    g_value_set_object (value, self->character);
  else if (prop_id >= CPROP_FIRST_INT && prop_id < CPROP_FIRST_BOOL)
    g_value_set_int (value, self->ints[prop_id - CPROP_FIRST_INT]);
  else if (prop_id >= CPROP_FIRST_BOOL && prop_id < CPROP_FIRST_VARIANT)
    g_value_set_boolean (value, self->bools[prop_id - CPROP_FIRST_BOOL]);
  else if (prop_id >= CPROP_FIRST_VARIANT && prop_id < N_CPROPS)
    g_value_set_variant (value, self->variants[prop_id - CPROP_FIRST_VARIANT]);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tkr_d20_combatant_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  if (prop_id == CPROP_CHARACTER)
    self->character = g_value_dup_object (value);
  else if (prop_id >= CPROP_FIRST_INT && prop_id < CPROP_FIRST_BOOL)
    {
      int *field = &self->ints[prop_id - CPROP_FIRST_INT];

      if (*field != g_value_get_int (value))
        {
          *field = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (prop_id >= CPROP_FIRST_BOOL && prop_id < CPROP_FIRST_VARIANT)
    {
      gboolean *field = &self->bools[prop_id - CPROP_FIRST_BOOL];

      if (*field != g_value_get_boolean (value))
        {
          *field = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else if (prop_id >= CPROP_FIRST_VARIANT && prop_id < N_CPROPS)
    {
      GVariant **field = &self->variants[prop_id - CPROP_FIRST_VARIANT];
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
tkr_d20_combatant_class_init (TkrD20CombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_d20_combatant_dispose;
  object_class->get_property = tkr_d20_combatant_get_property;
  object_class->set_property = tkr_d20_combatant_set_property;

  combatant_properties[CPROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  for (guint i = 0; i < N_INTS; i++)
    combatant_properties[CPROP_FIRST_INT + i] =
      g_param_spec_int (int_infos[i].name, NULL, NULL, int_infos[i].minimum, int_infos[i].maximum,
                        CLAMP (0, int_infos[i].minimum, int_infos[i].maximum), rw);
  for (guint i = 0; i < N_BOOLS; i++)
    combatant_properties[CPROP_FIRST_BOOL + i] =
      g_param_spec_boolean (bool_infos[i].name, NULL, NULL, FALSE, rw);
  for (guint i = 0; i < N_VARIANTS; i++)
    combatant_properties[CPROP_FIRST_VARIANT + i] = g_param_spec_variant (
      variant_infos[i].name, NULL, NULL, G_VARIANT_TYPE (variant_infos[i].type), NULL, rw);
  g_object_class_install_properties (object_class, N_CPROPS, combatant_properties);
}

static void
tkr_d20_combatant_init (TkrD20Combatant *self)
{
}

TkrCharacter *
tkr_d20_combatant_get_character (TkrD20Combatant *self)
{
  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), NULL);
  return self->character;
}

const char *
tkr_d20_combatant_get_name (TkrD20Combatant *self)
{
  const char *name;

  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), NULL);
  name = tkr_character_get_name (self->character);
  return name && *name ? name : _ ("Someone");
}

#define INT_GETTER(func, index)                                                                    \
  int tkr_d20_combatant_get_##func (TkrD20Combatant *self)                                         \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), 0);                                         \
    return self->ints[index];                                                                      \
  }
#define BOOL_GETTER(func, index)                                                                   \
  gboolean tkr_d20_combatant_get_##func (TkrD20Combatant *self)                                    \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), FALSE);                                     \
    return self->bools[index];                                                                     \
  }

INT_GETTER (agility, INT_AGILITY)
INT_GETTER (initiative, INT_INITIATIVE)
INT_GETTER (actions_left, INT_ACTIONS_LEFT)
INT_GETTER (bonus_actions_left, INT_BONUS_ACTIONS_LEFT)
INT_GETTER (reactions_left, INT_REACTIONS_LEFT)
INT_GETTER (dashes, INT_DASHES)
INT_GETTER (mana, INT_MANA)
INT_GETTER (mana_max, INT_MANA_MAX)
INT_GETTER (exhaustion, INT_EXHAUSTION)
INT_GETTER (hours_since_long_rest, INT_HOURS_LONG)
INT_GETTER (hours_since_short_rest, INT_HOURS_SHORT)
INT_GETTER (stamina_checks_due, INT_CHECKS_DUE)
INT_GETTER (wounds, INT_WOUNDS)
INT_GETTER (breath_rounds_left, INT_BREATH_LEFT)
BOOL_GETTER (surprised, BOOL_SURPRISED)
BOOL_GETTER (dodging, BOOL_DODGING)
BOOL_GETTER (waiting, BOOL_WAITING)
BOOL_GETTER (prone, BOOL_PRONE)
BOOL_GETTER (dying, BOOL_DYING)
BOOL_GETTER (holding_breath, BOOL_HOLDING_BREATH)

gboolean
tkr_d20_combatant_has_initiative (TkrD20Combatant *self)
{
  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), FALSE);
  return self->bools[BOOL_INITIATIVE_SET];
}

static int
lookup_feet (GVariant *dict, const char *kind)
{
  int feet = 0;

  if (dict == NULL || kind == NULL || !g_variant_lookup (dict, kind, "i", &feet))
    return 0;
  return feet;
}

int
tkr_d20_combatant_get_speed (TkrD20Combatant *self, const char *kind)
{
  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), 0);
  return lookup_feet (self->variants[VARIANT_SPEEDS], kind);
}

int
tkr_d20_combatant_get_moved (TkrD20Combatant *self, const char *kind)
{
  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), 0);
  return lookup_feet (self->variants[VARIANT_MOVED], kind);
}

int
tkr_d20_combatant_get_total_moved (TkrD20Combatant *self)
{
  GVariantIter iter;
  const char *kind;
  int feet, total = 0;

  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), 0);
  if (self->variants[VARIANT_MOVED] == NULL)
    return 0;
  g_variant_iter_init (&iter, self->variants[VARIANT_MOVED]);
  while (g_variant_iter_next (&iter, "{&si}", &kind, &feet))
    total += feet;
  return total;
}

/* Builds a{si} from @dict with @kind set to @feet (0 removes it). */
static GVariant *
dict_with (GVariant *dict, const char *kind, int feet)
{
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  int value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  if (dict != NULL)
    {
      g_variant_iter_init (&iter, dict);
      while (g_variant_iter_next (&iter, "{&si}", &key, &value))
        if (g_strcmp0 (key, kind) != 0)
          g_variant_builder_add (&builder, "{si}", key, value);
    }
  if (feet > 0)
    g_variant_builder_add (&builder, "{si}", kind, feet);
  return g_variant_builder_end (&builder);
}

/* ---------------------------------------------------------------------- */
/* TkrD20Encounter                                                         */
/* ---------------------------------------------------------------------- */

struct _TkrD20Encounter
{
  GObject parent_instance;

  TkrRules *rules;
  TkrHistory *history; /* not a reference: see TkrKlepEncounter */
  GRand *rand;
  gboolean owns_rand;

  TkrPhase phase;
  int round;
  int current_index;

  GListStore *combatants; /* TkrD20Combatant */
  GListStore *order;      /* TkrD20Combatant */
  GListStore *log;        /* TkrLogEntry */
};

static void tkr_d20_encounter_tracker_init (TkrTrackerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkrD20Encounter,
                               tkr_d20_encounter,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TKR_TYPE_TRACKER,
                                                      tkr_d20_encounter_tracker_init))

enum
{
  PROP_0,
  PROP_RULES,
  PROP_HISTORY,
  PROP_PHASE,
  PROP_ROUND,
  PROP_CURRENT_INDEX,
  PROP_COMBATANTS,
  PROP_ORDER,
  PROP_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_d20_encounter_dispose (GObject *object)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (object);

  if (self->history != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
  self->history = NULL;
  g_clear_object (&self->combatants);
  g_clear_object (&self->order);
  g_clear_object (&self->log);
  g_clear_object (&self->rules);
  if (self->owns_rand)
    g_clear_pointer (&self->rand, g_rand_free);
  self->rand = NULL;

  G_OBJECT_CLASS (tkr_d20_encounter_parent_class)->dispose (object);
}

static void
tkr_d20_encounter_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (object);

  switch (prop_id)
    {
    case PROP_RULES:
      g_value_set_object (value, self->rules);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
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
tkr_d20_encounter_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (object);

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
    case PROP_PHASE:
      if (self->phase != (TkrPhase) g_value_get_enum (value))
        {
          self->phase = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ROUND:
      if (self->round != g_value_get_int (value))
        {
          self->round = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_CURRENT_INDEX:
      if (self->current_index != g_value_get_int (value))
        {
          self->current_index = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_d20_encounter_class_init (TkrD20EncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_d20_encounter_dispose;
  object_class->get_property = tkr_d20_encounter_get_property;
  object_class->set_property = tkr_d20_encounter_set_property;

  properties[PROP_RULES] =
    g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, TKR_TYPE_HISTORY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, TKR_TYPE_PHASE, TKR_PHASE_FREEPLAY, rw);
  properties[PROP_ROUND] = g_param_spec_int ("round", NULL, NULL, 0, MAX_ROUND, 0, rw);
  properties[PROP_CURRENT_INDEX] =
    g_param_spec_int ("current-index", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_COMBATANTS] =
    g_param_spec_object ("combatants", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_ORDER] = g_param_spec_object ("order", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_LOG] = g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_d20_encounter_init (TkrD20Encounter *self)
{
  self->phase = TKR_PHASE_FREEPLAY;
  self->current_index = -1;
  self->combatants = g_list_store_new (TKR_TYPE_D20_COMBATANT);
  self->order = g_list_store_new (TKR_TYPE_D20_COMBATANT);
  self->log = g_list_store_new (TKR_TYPE_LOG_ENTRY);
}

TkrD20Encounter *
tkr_d20_encounter_new (TkrRules *rules, TkrHistory *history, GRand *rand, GError **error)
{
  TkrD20Encounter *self;

  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);

  if (!tkr_rules_require_section (rules, "d20", error))
    return NULL;
  self = g_object_new (TKR_TYPE_D20_ENCOUNTER, "rules", rules, "history", history, NULL);
  self->owns_rand = rand == NULL;
  self->rand = rand ? rand : g_rand_new ();
  return self;
}

TkrRules *
tkr_d20_encounter_get_rules (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return self->rules;
}

TkrHistory *
tkr_d20_encounter_get_history (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return self->history;
}

TkrPhase
tkr_d20_encounter_get_phase (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), TKR_PHASE_FREEPLAY);
  return self->phase;
}

int
tkr_d20_encounter_get_round (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), 0);
  return self->round;
}

int
tkr_d20_encounter_get_current_index (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), -1);
  return self->current_index;
}

GListModel *
tkr_d20_encounter_get_combatants (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->combatants);
}

GListModel *
tkr_d20_encounter_get_order (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->order);
}

GListModel *
tkr_d20_encounter_get_log (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->log);
}

/* (transfer none): the store keeps its reference. */
static TkrD20Combatant *
item_at (GListStore *store, guint index)
{
  TkrD20Combatant *combatant = g_list_model_get_item (G_LIST_MODEL (store), index);

  if (combatant != NULL)
    g_object_unref (combatant);
  return combatant;
}

static guint
n_items (GListStore *store)
{
  return g_list_model_get_n_items (G_LIST_MODEL (store));
}

TkrD20Combatant *
tkr_d20_encounter_get_current (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  if (self->current_index < 0 || (guint) self->current_index >= n_items (self->order))
    return NULL;
  return item_at (self->order, self->current_index);
}

TkrD20Combatant *
tkr_d20_encounter_find (TkrD20Encounter *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  for (guint i = 0; i < n_items (self->combatants); i++)
    if (item_at (self->combatants, i)->character == character)
      return item_at (self->combatants, i);
  return NULL;
}

/* The log */

void
tkr_d20_encounter_log (TkrD20Encounter *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autoptr (TkrLogEntry) entry = NULL;
  gboolean own_step;
  va_list args;

  g_return_if_fail (TKR_IS_D20_ENCOUNTER (self));

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  entry = tkr_log_entry_new (self->round, text);
  own_step = self->history != NULL && !tkr_history_in_group (self->history);
  if (own_step)
    tkr_history_begin (self->history, _ ("Add to the log"));
  tkr_history_append (self->history, self->log, entry);
  if (own_step)
    tkr_history_end (self->history);
}

static const char *
name_of (TkrD20Combatant *combatant)
{
  return tkr_d20_combatant_get_name (combatant);
}

/* Checks shared by the commands */

static gboolean
require_phase (TkrD20Encounter *self, TkrPhase phase, GError **error)
{
  if (self->phase == phase)
    return TRUE;
  /* Translators: both are phase names */
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               _ ("This can only be done in the %s phase, and the encounter is in %s"),
               tkr_phase_to_string (phase), tkr_phase_to_string (self->phase));
  return FALSE;
}

static gboolean
require_out_of_combat (TkrD20Encounter *self, GError **error)
{
  if (self->phase == TKR_PHASE_FREEPLAY || self->phase == TKR_PHASE_END)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               _ ("Resting and the passing of hours happen outside a fight (Freeplay or End), "
                  "and the encounter is in %s"),
               tkr_phase_to_string (self->phase));
  return FALSE;
}

static gboolean
require_combatant (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  if (TKR_IS_D20_COMBATANT (combatant) && g_list_store_find (self->combatants, combatant, NULL))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That creature does not take part in this encounter"));
  return FALSE;
}

static gboolean
is_on_turn (TkrD20Encounter *self, TkrD20Combatant *combatant)
{
  return self->phase == TKR_PHASE_MAIN && tkr_d20_encounter_get_current (self) == combatant;
}

static gboolean
require_on_turn (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_combatant (self, combatant, error))
    return FALSE;
  if (is_on_turn (self, combatant))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
               _ ("It is not %s’s turn"), name_of (combatant));
  return FALSE;
}

static void
set_int (TkrD20Encounter *self, gpointer object, const char *property, int value)
{
  tkr_history_set (self->history, object, property, value);
}

static void
set_bool (TkrD20Encounter *self, gpointer object, const char *property, gboolean value)
{
  tkr_history_set (self->history, object, property, value);
}

static void
set_variant (TkrD20Encounter *self, gpointer object, const char *property, GVariant *value)
{
  g_autoptr (GVariant) owned = value ? g_variant_ref_sink (value) : NULL;

  tkr_history_set (self->history, object, property, owned);
}

static const char *
modifier_name (TkrD20Encounter *self, const char *check)
{
  g_autofree char *path = g_strconcat ("d20.checks.", check, NULL);

  return tkr_rules_get_string (self->rules, path);
}

/* A save or skill of the sheet by name, the save first. */
static int
sheet_modifier (TkrCharacter *character, const char *name, gboolean *found)
{
  if (tkr_character_find_modifier (character, TKR_MODIFIER_KIND_SAVE, name) != NULL)
    {
      *found = TRUE;
      return tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SAVE, name);
    }
  *found = tkr_character_find_modifier (character, TKR_MODIFIER_KIND_SKILL, name) != NULL;
  return tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SKILL, name);
}

static TkrD20Roll
roll_or_typed (TkrD20Encounter *self, const TkrD20Roll *typed, int modifier)
{
  if (typed != NULL)
    return *typed;
  return tkr_d20_roll (self->rand, tkr_rules_get_int (self->rules, "d20.initiative.die"), modifier);
}

static char *
describe_roll (const TkrD20Roll *roll)
{
  if (roll->typed_in)
    /* Translators: a check's total typed in by the player */
    return g_strdup_printf (_ ("%d (typed in)"), roll->total);
  /* Translators: total, then the die and the modifier: "17 (d20 14 + 3)" */
  return g_strdup_printf (_ ("%d (d20 %d %+d)"), roll->total, roll->die, roll->modifier);
}

/* Common actions (rule data) */

/* The index of the common action @id in "d20.common_actions", or -1. */
static int
find_common_action (TkrD20Encounter *self, const char *id)
{
  guint n = tkr_rules_get_n_records (self->rules, "d20.common_actions");

  for (guint i = 0; id != NULL && i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("d20.common_actions[%u].id", i);

      if (g_strcmp0 (tkr_rules_get_string (self->rules, path), id) == 0)
        return (int) i;
    }
  return -1;
}

GStrv
tkr_d20_encounter_list_common_actions (TkrD20Encounter *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  n = tkr_rules_get_n_records (self->rules, "d20.common_actions");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("d20.common_actions[%u].id", i);

      g_strv_builder_add (builder, tkr_rules_get_string (self->rules, path));
    }
  return g_strv_builder_end (builder);
}

const char *const *
tkr_d20_encounter_get_movement_kinds (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  return tkr_rules_get_strv (self->rules, "d20.movement.kinds");
}

int
tkr_d20_encounter_get_max_feet (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), 0);
  return tkr_rules_get_int (self->rules, "d20.movement.max_feet");
}

int
tkr_d20_encounter_get_max_mana (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), 0);
  return tkr_rules_get_int (self->rules, "d20.rest.max_mana");
}

int
tkr_d20_encounter_get_exhaustion_dc (TkrD20Encounter *self)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), 0);
  return tkr_rules_get_int (self->rules, "d20.rest.exhaustion_dc");
}

/* Participants */

static GVariant *
speeds_from_sheet (TkrD20Encounter *self, TkrCharacter *character)
{
  GVariantBuilder builder;
  const char *const *kinds = tkr_rules_get_strv (self->rules, "d20.movement.kinds");
  gboolean any = FALSE;
  gboolean has_fields = FALSE;

  /* The sheet's speed fields ("walk_speed", "fly_speed"... in the rule
   * data's "sheet.fields") give the speeds (seed, Movement: walking,
   * swimming or flying speed). A sheet without any of them falls back to
   * its Movement Ranges named like the kinds ("Walk", "Fly"); a sheet with
   * no speed at all walks at the rule data's default. */
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      const char *kind = kinds[i];
      g_autofree char *field = g_strconcat (kind, "_speed", NULL);

      has_fields |= field != NULL && tkr_character_get_field (character, field, NULL);
    }

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      const char *kind = kinds[i];
      g_autofree char *field = g_strconcat (kind, "_speed", NULL);
      int feet = 0;

      if (has_fields)
        {
          if (!tkr_character_get_field (character, field, &feet))
            feet = 0;
        }
      else
        feet = tkr_character_get_range_units (character, kind);
      feet = CLAMP (feet, 0, tkr_rules_get_int (self->rules, "d20.movement.max_feet"));

      if (feet > 0)
        {
          g_variant_builder_add (&builder, "{si}", kind, feet);
          any = TRUE;
        }
    }
  if (!any)
    g_variant_builder_add (&builder, "{si}", "walk",
                           tkr_rules_get_int (self->rules, "d20.movement.default_speed"));
  return g_variant_builder_end (&builder);
}

TkrD20Combatant *
tkr_d20_encounter_add_participant (TkrD20Encounter *self, TkrCharacter *character, GError **error)
{
  g_autoptr (TkrD20Combatant) combatant = NULL;
  gboolean found;
  int agility, mana;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Creatures join an encounter in Freeplay or while initiative is rolled"));
      return NULL;
    }
  if (tkr_d20_encounter_find (self, character) != NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already takes part"), tkr_character_get_name (character));
      return NULL;
    }

  /* Initiative adds the sheet's Agility (seed, Initiative). A fresh
   * combatant is part of its creation: undo takes it away whole. */
  agility = sheet_modifier (character,
                            tkr_rules_get_string (self->rules, "d20.initiative.modifier"), &found);
  /* The sheet's "mana_max" field: a creature joins with full mana, as after
   * a long rest (seed, Long Rest). */
  if (!tkr_character_get_field (character, "mana_max", &mana))
    mana = 0;
  mana =
    CLAMP (mana, 0,
           MIN (tkr_rules_get_int (self->rules, "d20.rest.max_mana"), int_infos[INT_MANA].maximum));
  combatant = g_object_new (TKR_TYPE_D20_COMBATANT, "character", character, "agility",
                            CLAMP (agility, -99, 99), "speeds", speeds_from_sheet (self, character),
                            "mana", mana, "mana-max", mana, NULL);

  tkr_history_begin (self->history, _ ("Add to the encounter"));
  tkr_history_append (self->history, self->combatants, combatant);
  tkr_d20_encounter_log (self, _ ("%s joins the encounter"), name_of (combatant));
  tkr_history_end (self->history);
  return combatant;
}

gboolean
tkr_d20_encounter_remove_participant (TkrD20Encounter *self,
                                      TkrD20Combatant *combatant,
                                      GError **error)
{
  g_autofree char *name = NULL;
  guint position;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Creatures leave an encounter in Freeplay or while initiative is rolled"));
      return FALSE;
    }
  if (!require_combatant (self, combatant, error))
    return FALSE;

  name = g_strdup (name_of (combatant));
  g_list_store_find (self->combatants, combatant, &position);
  tkr_history_begin (self->history, _ ("Remove from the encounter"));
  tkr_history_remove (self->history, self->combatants, position);
  tkr_d20_encounter_log (self, _ ("%s leaves the encounter"), name);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_set_agility (TkrD20Encounter *self,
                               TkrD20Combatant *combatant,
                               int agility,
                               GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (agility < int_infos[INT_AGILITY].minimum || agility > int_infos[INT_AGILITY].maximum)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s’s Agility must be between %d and %d"), name_of (combatant),
                   int_infos[INT_AGILITY].minimum, int_infos[INT_AGILITY].maximum);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Set Agility"));
  set_int (self, combatant, "agility", agility);
  tkr_d20_encounter_log (self, _ ("%s’s Agility is now %+d"), name_of (combatant), agility);
  tkr_history_end (self->history);
  return TRUE;
}

static gboolean
is_movement_kind (TkrD20Encounter *self, const char *kind)
{
  return kind != NULL &&
         g_strv_contains (tkr_rules_get_strv (self->rules, "d20.movement.kinds"), kind);
}

/* The rule data names kinds of movement by id; messages show them in the
 * user's language. */
static const char *
kind_label (const char *kind)
{
  if (g_strcmp0 (kind, "walk") == 0)
    return C_ ("speed", "walking");
  if (g_strcmp0 (kind, "fly") == 0)
    return C_ ("speed", "flying");
  if (g_strcmp0 (kind, "swim") == 0)
    return C_ ("speed", "swimming");
  if (g_strcmp0 (kind, "climb") == 0)
    return C_ ("speed", "climbing");
  return kind;
}

static gboolean
require_kind (TkrD20Encounter *self, const char *kind, GError **error)
{
  if (is_movement_kind (self, kind))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("“%s” is not a kind of movement these rules know"), kind ? kind : "");
  return FALSE;
}

gboolean
tkr_d20_encounter_set_speed (
  TkrD20Encounter *self, TkrD20Combatant *combatant, const char *kind, int feet, GError **error)
{
  int max_feet;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_combatant (self, combatant, error) || !require_kind (self, kind, error))
    return FALSE;
  max_feet = tkr_rules_get_int (self->rules, "d20.movement.max_feet");
  if (feet < 0 || feet > max_feet)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s’s %s speed must be between 0 and %d feet"), name_of (combatant),
                   kind_label (kind), max_feet);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Set a speed"));
  set_variant (self, combatant, "speeds",
               dict_with (combatant->variants[VARIANT_SPEEDS], kind, feet));
  tkr_d20_encounter_log (self, _ ("%s’s %s speed is now %d feet"), name_of (combatant),
                         kind_label (kind), feet);
  tkr_history_end (self->history);
  return TRUE;
}

/* Phases: Freeplay -> Setup -> Main <-> Paused, Main|Paused -> End ->
 * Freeplay, and Setup -> Freeplay to abandon. */

gboolean
tkr_d20_encounter_can_transition (TkrD20Encounter *self, TkrPhase to)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);
  return tkr_phase_can_follow (self->phase, to);
}

static gboolean
check_transition (TkrD20Encounter *self, TkrPhase to, GError **error)
{
  return tkr_phase_check_transition (self->phase, to, error);
}

static void
set_phase (TkrD20Encounter *self, TkrPhase phase)
{
  tkr_history_set (self->history, self, "phase", phase);
}

gboolean
tkr_d20_encounter_transition (TkrD20Encounter *self, TkrPhase to, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!check_transition (self, to, error))
    return FALSE;
  switch (to)
    {
    case TKR_PHASE_SETUP:
      return tkr_d20_encounter_begin_setup (self, error);
    case TKR_PHASE_MAIN:
      if (self->phase == TKR_PHASE_SETUP)
        return tkr_d20_encounter_begin_main (self, error);
      return tkr_d20_encounter_resume (self, error);
    case TKR_PHASE_PAUSED:
      return tkr_d20_encounter_pause (self, error);
    case TKR_PHASE_END:
      return tkr_d20_encounter_end (self, error);
    case TKR_PHASE_FREEPLAY:
      if (self->phase == TKR_PHASE_SETUP)
        return tkr_d20_encounter_abandon_setup (self, error);
      return tkr_d20_encounter_finish (self, error);
    default:
      g_assert_not_reached ();
    }
}

/* Initiative is rolled afresh for each encounter (seed, Initiative). */
static void
clear_initiative (TkrD20Encounter *self)
{
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrD20Combatant *combatant = item_at (self->combatants, i);

      set_int (self, combatant, "initiative", 0);
      set_bool (self, combatant, "initiative-set", FALSE);
      set_variant (self, combatant, "tiebreaks", NULL);
      set_bool (self, combatant, "surprised", FALSE);
    }
}

gboolean
tkr_d20_encounter_begin_setup (TkrD20Encounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_SETUP, error))
    return FALSE;
  tkr_history_begin (self->history, _ ("Roll initiative"));
  clear_initiative (self);
  set_phase (self, TKR_PHASE_SETUP);
  tkr_d20_encounter_log (self, _ ("An encounter begins: everyone rolls initiative"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_abandon_setup (TkrD20Encounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter whose initiative is being rolled can be abandoned"));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Abandon the encounter"));
  clear_initiative (self);
  set_phase (self, TKR_PHASE_FREEPLAY);
  tkr_d20_encounter_log (self, _ ("The encounter is called off; back to Freeplay"));
  tkr_history_end (self->history);
  return TRUE;
}

/* The initiative order: highest initiative first; on a tie, the higher
 * contest roll, then the next contest, and so on (seed, Initiative). */
static int
compare_order (gconstpointer a, gconstpointer b)
{
  TkrD20Combatant *x = *(TkrD20Combatant **) a;
  TkrD20Combatant *y = *(TkrD20Combatant **) b;
  GVariant *tx = x->variants[VARIANT_TIEBREAKS], *ty = y->variants[VARIANT_TIEBREAKS];
  gsize nx = tx ? g_variant_n_children (tx) : 0, ny = ty ? g_variant_n_children (ty) : 0;

  if (x->ints[INT_INITIATIVE] != y->ints[INT_INITIATIVE])
    return y->ints[INT_INITIATIVE] - x->ints[INT_INITIATIVE];
  for (gsize i = 0; i < MIN (nx, ny); i++)
    {
      gint32 vx, vy;

      g_variant_get_child (tx, i, "i", &vx);
      g_variant_get_child (ty, i, "i", &vy);
      if (vx != vy)
        return vy - vx;
    }
  return (int) ny - (int) nx;
}

/* Two combatants are still tied while neither their initiative nor the
 * contest rolls both have made tell them apart. */
static gboolean
still_tied (TkrD20Combatant *x, TkrD20Combatant *y)
{
  GVariant *tx = x->variants[VARIANT_TIEBREAKS], *ty = y->variants[VARIANT_TIEBREAKS];
  gsize nx = tx ? g_variant_n_children (tx) : 0, ny = ty ? g_variant_n_children (ty) : 0;

  if (!x->bools[BOOL_INITIATIVE_SET] || !y->bools[BOOL_INITIATIVE_SET] ||
      x->ints[INT_INITIATIVE] != y->ints[INT_INITIATIVE])
    return FALSE;
  for (gsize i = 0; i < MIN (nx, ny); i++)
    {
      gint32 vx, vy;

      g_variant_get_child (tx, i, "i", &vx);
      g_variant_get_child (ty, i, "i", &vy);
      if (vx != vy)
        return FALSE;
    }
  return TRUE;
}

static guint
n_tiebreaks (TkrD20Combatant *combatant)
{
  GVariant *tiebreaks = combatant->variants[VARIANT_TIEBREAKS];

  return tiebreaks ? g_variant_n_children (tiebreaks) : 0;
}

GPtrArray *
tkr_d20_encounter_get_ties (TkrD20Encounter *self)
{
  GPtrArray *ties = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GHashTable) placed = g_hash_table_new (NULL, NULL);
  guint n;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), ties);

  n = n_items (self->combatants);
  for (guint i = 0; i < n; i++)
    {
      TkrD20Combatant *x = item_at (self->combatants, i);
      GPtrArray *group = NULL;

      if (g_hash_table_contains (placed, x))
        continue;
      for (guint j = i + 1; j < n; j++)
        {
          TkrD20Combatant *y = item_at (self->combatants, j);

          if (g_hash_table_contains (placed, y) || !still_tied (x, y))
            continue;
          if (group == NULL)
            {
              group = g_ptr_array_new_with_free_func (g_object_unref);
              g_ptr_array_add (group, g_object_ref (x));
              g_hash_table_add (placed, x);
            }
          g_ptr_array_add (group, g_object_ref (y));
          g_hash_table_add (placed, y);
        }
      if (group != NULL)
        g_ptr_array_add (ties, group);
    }
  return ties;
}

static gboolean
require_setup_combatant (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  return require_phase (self, TKR_PHASE_SETUP, error) && require_combatant (self, combatant, error);
}

gboolean
tkr_d20_encounter_roll_initiative (TkrD20Encounter *self,
                                   TkrD20Combatant *combatant,
                                   const TkrD20Roll *typed,
                                   GError **error)
{
  g_autofree char *described = NULL;
  TkrD20Roll roll;
  int old;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_setup_combatant (self, combatant, error))
    return FALSE;
  roll = roll_or_typed (self, typed, combatant->ints[INT_AGILITY]);
  if (roll.total < -MAX_INITIATIVE || roll.total > MAX_INITIATIVE)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s’s initiative must be between %d and %d"), name_of (combatant),
                   -MAX_INITIATIVE, MAX_INITIATIVE);
      return FALSE;
    }

  described = describe_roll (&roll);
  old = combatant->ints[INT_INITIATIVE];
  tkr_history_begin (self->history, _ ("Roll initiative"));
  /* Contest rolls settled ties with the old value or break ties with the
   * new one: both groups must contest again. */
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrD20Combatant *other = item_at (self->combatants, i);

      if (other == combatant ||
          (other->bools[BOOL_INITIATIVE_SET] &&
           (other->ints[INT_INITIATIVE] == roll.total ||
            (combatant->bools[BOOL_INITIATIVE_SET] && other->ints[INT_INITIATIVE] == old))))
        set_variant (self, other, "tiebreaks", NULL);
    }
  set_int (self, combatant, "initiative", roll.total);
  set_bool (self, combatant, "initiative-set", TRUE);
  tkr_d20_encounter_log (self, _ ("%s’s initiative: %s"), name_of (combatant), described);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_roll_tiebreak (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 const TkrD20Roll *typed,
                                 GError **error)
{
  g_autoptr (GPtrArray) ties = NULL;
  g_autofree char *described = NULL;
  GVariantBuilder builder;
  GPtrArray *group = NULL;
  guint fewest = G_MAXUINT;
  TkrD20Roll roll;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_setup_combatant (self, combatant, error))
    return FALSE;
  ties = tkr_d20_encounter_get_ties (self);
  for (guint i = 0; i < ties->len && group == NULL; i++)
    if (g_ptr_array_find (g_ptr_array_index (ties, i), combatant, NULL))
      group = g_ptr_array_index (ties, i);
  if (group == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is not tied with anyone"), name_of (combatant));
      return FALSE;
    }
  /* One contest at a time: who has already rolled in this contest waits
   * for the others. */
  for (guint i = 0; i < group->len; i++)
    fewest = MIN (fewest, n_tiebreaks (g_ptr_array_index (group, i)));
  if (n_tiebreaks (combatant) > fewest || n_tiebreaks (combatant) >= MAX_TIEBREAKS)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has already rolled in this contest; the others of the tie roll now"),
                   name_of (combatant));
      return FALSE;
    }

  roll = roll_or_typed (self, typed, combatant->ints[INT_AGILITY]);
  if (roll.total < -MAX_INITIATIVE || roll.total > MAX_INITIATIVE)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s’s contest roll must be between %d and %d"), name_of (combatant),
                   -MAX_INITIATIVE, MAX_INITIATIVE);
      return FALSE;
    }

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("ai"));
  for (guint i = 0; i < n_tiebreaks (combatant); i++)
    {
      gint32 value;

      g_variant_get_child (combatant->variants[VARIANT_TIEBREAKS], i, "i", &value);
      g_variant_builder_add (&builder, "i", value);
    }
  g_variant_builder_add (&builder, "i", (gint32) roll.total);

  described = describe_roll (&roll);
  tkr_history_begin (self->history, _ ("Settle a tie"));
  set_variant (self, combatant, "tiebreaks", g_variant_builder_end (&builder));
  tkr_d20_encounter_log (self, _ ("%s rolls to settle a tie in initiative: %s"),
                         name_of (combatant), described);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_set_surprised (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 gboolean surprised,
                                 GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_setup_combatant (self, combatant, error))
    return FALSE;
  tkr_history_begin (self->history, _ ("Set surprise"));
  set_bool (self, combatant, "surprised", surprised);
  tkr_d20_encounter_log (self,
                         surprised ? _ ("%s is surprised and will skip their first turn")
                                   : _ ("%s is not surprised"),
                         name_of (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

/* Start of a creature's turn (seed, Rounds & Turns): its action, bonus
 * action, reaction and movement come back; Dodge and Wait last until now. */
static void
start_turn (TkrD20Encounter *self, TkrD20Combatant *combatant)
{
  set_int (self, combatant, "actions-left", tkr_rules_get_int (self->rules, "d20.turn.actions"));
  set_int (self, combatant, "bonus-actions-left",
           tkr_rules_get_int (self->rules, "d20.turn.bonus_actions"));
  set_int (self, combatant, "reactions-left",
           tkr_rules_get_int (self->rules, "d20.turn.reactions"));
  set_int (self, combatant, "dashes", 0);
  set_variant (self, combatant, "moved", NULL);
  set_bool (self, combatant, "dodging", FALSE);
  set_bool (self, combatant, "waiting", FALSE);
  tkr_d20_encounter_log (self, _ ("Round %d: %s’s turn"), self->round, name_of (combatant));
}

/* Suffocating (seed): in combat a creature holds its breath for a number
 * of rounds; each new round uses one, and when none is left it is Dying
 * until it reaches air. */
static void
count_breath (TkrD20Encounter *self)
{
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrD20Combatant *combatant = item_at (self->combatants, i);
      int left = combatant->ints[INT_BREATH_LEFT];

      if (!combatant->bools[BOOL_HOLDING_BREATH] || combatant->bools[BOOL_DYING])
        continue;
      set_int (self, combatant, "breath-rounds-left", MAX (left - 1, 0));
      if (left - 1 <= 0)
        {
          set_bool (self, combatant, "dying", TRUE);
          tkr_d20_encounter_log (self, _ ("%s is out of breath and Dying until they reach air"),
                                 name_of (combatant));
        }
    }
}

/* Moves to the turn after @index (the current one), passing over the surprised in Round 1 (seed,
 * Surprise). Everyone surprised leaves Round 1 empty, which is right: nobody acts. */
static void
advance_from (TkrD20Encounter *self, int index)
{
  guint n = n_items (self->order);

  for (guint guard = 0; guard <= 2 * n; guard++)
    {
      TkrD20Combatant *combatant;

      index++;
      if ((guint) index >= n)
        {
          index = 0;
          set_int (self, self, "round", self->round + 1);
          if (self->round > 1)
            count_breath (self);
        }
      combatant = item_at (self->order, index);
      if (self->round == 1 && combatant->bools[BOOL_SURPRISED])
        {
          tkr_d20_encounter_log (self, _ ("%s is surprised and skips their first turn"),
                                 name_of (combatant));
          continue;
        }
      set_int (self, self, "current-index", index);
      start_turn (self, combatant);
      return;
    }
  g_assert_not_reached ();
}

gboolean
tkr_d20_encounter_begin_main (TkrD20Encounter *self, GError **error)
{
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  g_autoptr (GPtrArray) ties = NULL;
  guint n;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Rounds begin once initiative is rolled"));
      return FALSE;
    }
  n = n_items (self->combatants);
  if (n == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("Nobody takes part in the encounter yet"));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      TkrD20Combatant *combatant = item_at (self->combatants, i);

      if (!combatant->bools[BOOL_INITIATIVE_SET])
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                       _ ("%s has no initiative yet"), name_of (combatant));
          return FALSE;
        }
      g_ptr_array_add (sorted, combatant);
    }
  ties = tkr_d20_encounter_get_ties (self);
  if (ties->len > 0)
    {
      GPtrArray *group = g_ptr_array_index (ties, 0);

      /* Translators: two creatures' names */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("%s and %s are tied in initiative: they roll again as a contest"),
                   name_of (g_ptr_array_index (group, 0)), name_of (g_ptr_array_index (group, 1)));
      return FALSE;
    }
  g_ptr_array_sort (sorted, compare_order);

  tkr_history_begin (self->history, _ ("Begin the rounds"));
  for (guint i = n_items (self->order); i > 0; i--)
    tkr_history_remove (self->history, self->order, i - 1);
  for (guint i = 0; i < sorted->len; i++)
    {
      TkrD20Combatant *combatant = g_ptr_array_index (sorted, i);

      tkr_history_append (self->history, self->order, combatant);
      /* Everyone has a reaction from the start, before their first turn. */
      set_int (self, combatant, "actions-left", 0);
      set_int (self, combatant, "bonus-actions-left", 0);
      set_int (self, combatant, "reactions-left",
               tkr_rules_get_int (self->rules, "d20.turn.reactions"));
      set_variant (self, combatant, "moved", NULL);
      set_int (self, combatant, "dashes", 0);
    }
  set_phase (self, TKR_PHASE_MAIN);
  set_int (self, self, "round", 0);
  tkr_d20_encounter_log (self, _ ("Initiative is set; Round 1 begins"));
  /* From "after the last place", so Round 1 begins with the first. */
  advance_from (self, (int) sorted->len - 1);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_pause (TkrD20Encounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_PAUSED, error))
    return FALSE;
  tkr_history_begin (self->history, _ ("Pause the encounter"));
  set_phase (self, TKR_PHASE_PAUSED);
  tkr_d20_encounter_log (self, _ ("The encounter is paused"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_resume (TkrD20Encounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_PAUSED)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only a paused encounter can resume"));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Resume the encounter"));
  set_phase (self, TKR_PHASE_MAIN);
  tkr_d20_encounter_log (self, _ ("The encounter resumes"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_end (TkrD20Encounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_END, error))
    return FALSE;
  tkr_history_begin (self->history, _ ("End the encounter"));
  set_phase (self, TKR_PHASE_END);
  tkr_d20_encounter_log (self,
                         g_dngettext (GETTEXT_PACKAGE, "The encounter ends after %d round",
                                      "The encounter ends after %d rounds", self->round),
                         self->round);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_finish (TkrD20Encounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_END)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter that has ended can go back to Freeplay"));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Back to Freeplay"));
  for (guint i = n_items (self->order); i > 0; i--)
    tkr_history_remove (self->history, self->order, i - 1);
  set_int (self, self, "round", 0);
  set_int (self, self, "current-index", -1);
  set_phase (self, TKR_PHASE_FREEPLAY);
  tkr_d20_encounter_log (self, _ ("Back to Freeplay"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_next_turn (TkrD20Encounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (tkr_d20_encounter_get_current (self) == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is no turn order"));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Next turn"));
  tkr_history_set_tag (self->history, NEXT_TURN_TAG);
  advance_from (self, self->current_index);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_previous_turn (TkrD20Encounter *self, GError **error)
{
  guint undone = 0;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (self->history == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is no earlier turn to go back to"));
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
      /* Never undo out of the rounds: the start of Main is not a turn. */
      if (self->phase != TKR_PHASE_MAIN)
        break;
    }
  while (undone-- > 0)
    tkr_history_redo (self->history);
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("There is no earlier turn to go back to"));
  return FALSE;
}

/* Action, bonus action, reaction (seed, Rounds & Turns) */

static const char *
resource_name (TkrD20Resource resource)
{
  switch (resource)
    {
    case TKR_D20_ACTION:
      return _ ("action");
    case TKR_D20_BONUS_ACTION:
      return _ ("bonus action");
    case TKR_D20_REACTION:
    default:
      return _ ("reaction");
    }
}

static const char *
resource_property (TkrD20Resource resource)
{
  switch (resource)
    {
    case TKR_D20_ACTION:
      return "actions-left";
    case TKR_D20_BONUS_ACTION:
      return "bonus-actions-left";
    case TKR_D20_REACTION:
    default:
      return "reactions-left";
    }
}

static int
resource_left (TkrD20Combatant *combatant, TkrD20Resource resource)
{
  switch (resource)
    {
    case TKR_D20_ACTION:
      return combatant->ints[INT_ACTIONS_LEFT];
    case TKR_D20_BONUS_ACTION:
      return combatant->ints[INT_BONUS_ACTIONS_LEFT];
    case TKR_D20_REACTION:
    default:
      return combatant->ints[INT_REACTIONS_LEFT];
    }
}

static int
resource_per_turn (TkrD20Encounter *self, TkrD20Resource resource)
{
  switch (resource)
    {
    case TKR_D20_ACTION:
      return tkr_rules_get_int (self->rules, "d20.turn.actions");
    case TKR_D20_BONUS_ACTION:
      return tkr_rules_get_int (self->rules, "d20.turn.bonus_actions");
    case TKR_D20_REACTION:
    default:
      return tkr_rules_get_int (self->rules, "d20.turn.reactions");
    }
}

/* Checks that @combatant may spend @resource now: the action and bonus
 * action on its own turn, the reaction on someone else's. */
static gboolean
check_spend (TkrD20Encounter *self,
             TkrD20Combatant *combatant,
             TkrD20Resource resource,
             GError **error)
{
  if ((guint) resource > TKR_D20_REACTION)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Unknown part of a turn"));
      return FALSE;
    }
  if (resource == TKR_D20_REACTION)
    {
      if (!require_phase (self, TKR_PHASE_MAIN, error) ||
          !require_combatant (self, combatant, error))
        return FALSE;
      if (is_on_turn (self, combatant))
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
                       _ ("%s takes a reaction on someone else’s turn, not their own"),
                       name_of (combatant));
          return FALSE;
        }
    }
  else if (!require_on_turn (self, combatant, error))
    return FALSE;
  if (resource_left (combatant, resource) <= 0)
    {
      /* Translators: a creature, then "action", "bonus action" or "reaction" */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
                   _ ("%s has no %s left (%d per turn)"), name_of (combatant),
                   resource_name (resource), resource_per_turn (self, resource));
      return FALSE;
    }
  return TRUE;
}

gboolean
tkr_d20_encounter_spend (TkrD20Encounter *self,
                         TkrD20Combatant *combatant,
                         TkrD20Resource resource,
                         GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!check_spend (self, combatant, resource, error))
    return FALSE;
  tkr_history_begin (self->history, _ ("Spend"));
  set_int (self, combatant, resource_property (resource), resource_left (combatant, resource) - 1);
  /* Translators: a creature, then "action", "bonus action" or "reaction" */
  tkr_d20_encounter_log (self, _ ("%s uses their %s"), name_of (combatant),
                         resource_name (resource));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_refund (TkrD20Encounter *self,
                          TkrD20Combatant *combatant,
                          TkrD20Resource resource,
                          GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if ((guint) resource > TKR_D20_REACTION || !require_phase (self, TKR_PHASE_MAIN, error) ||
      !require_combatant (self, combatant, error))
    {
      if ((guint) resource > TKR_D20_REACTION)
        g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                     _ ("Unknown part of a turn"));
      return FALSE;
    }
  if (resource_left (combatant, resource) >= resource_per_turn (self, resource))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has not spent their %s"), name_of (combatant), resource_name (resource));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Refund"));
  set_int (self, combatant, resource_property (resource), resource_left (combatant, resource) + 1);
  tkr_d20_encounter_log (self, _ ("%s gets their %s back"), name_of (combatant),
                         resource_name (resource));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_take_action (TkrD20Encounter *self,
                               TkrD20Combatant *combatant,
                               const char *action_id,
                               gboolean as_bonus_action,
                               GError **error)
{
  TkrD20Resource resource = as_bonus_action ? TKR_D20_BONUS_ACTION : TKR_D20_ACTION;
  g_autofree char *name_path = NULL;
  g_autofree char *allowed_path = NULL;
  const char *name;
  int action;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  action = find_common_action (self, action_id);
  if (action < 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("“%s” is not among the common actions of these rules"),
                   action_id ? action_id : "");
      return FALSE;
    }
  name_path = g_strdup_printf ("d20.common_actions[%d].name", action);
  allowed_path =
    g_strdup_printf ("d20.common_actions[%d].%s", action, as_bonus_action ? "bonus" : "action");
  name = tkr_rules_translate (tkr_rules_get_string (self->rules, name_path));
  if (!tkr_rules_get_bool (self->rules, allowed_path))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   as_bonus_action ? _ ("%s cannot be taken as a bonus action")
                                   : _ ("%s cannot be taken as an action"),
                   name);
      return FALSE;
    }
  if (!check_spend (self, combatant, resource, error))
    return FALSE;

  tkr_history_begin (self->history, name);
  set_int (self, combatant, resource_property (resource), resource_left (combatant, resource) - 1);
  /* Dash: the speed again. Dodge: a bonus on Evade checks until the
   * creature's next turn. Wait: its reaction may act before then. */
  if (g_strcmp0 (action_id, "dash") == 0)
    set_int (self, combatant, "dashes", combatant->ints[INT_DASHES] + 1);
  else if (g_strcmp0 (action_id, "dodge") == 0)
    set_bool (self, combatant, "dodging", TRUE);
  else if (g_strcmp0 (action_id, "wait") == 0)
    set_bool (self, combatant, "waiting", TRUE);
  /* Translators: a creature, then an action's name such as "Dash" */
  tkr_d20_encounter_log (self, _ ("%s: %s"), name_of (combatant), name);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_act_on_wait (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!check_spend (self, combatant, TKR_D20_REACTION, error))
    return FALSE;
  if (!combatant->bools[BOOL_WAITING])
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is not waiting to act"), name_of (combatant));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Act on a Wait"));
  set_int (self, combatant, "reactions-left", combatant->ints[INT_REACTIONS_LEFT] - 1);
  set_bool (self, combatant, "waiting", FALSE);
  tkr_d20_encounter_log (self, _ ("%s spends their reaction to act now"), name_of (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

/* Movement (seed, Movement). Each kind moves at most its speed; mixing
 * kinds, the total may not pass the greatest speed among the kinds used
 * this turn; every Dash adds the speed once more to both limits. */
static int
largest_used_speed (TkrD20Combatant *combatant, const char *adding)
{
  int largest = tkr_d20_combatant_get_speed (combatant, adding);
  GVariantIter iter;
  const char *kind;
  int feet;

  if (combatant->variants[VARIANT_MOVED] == NULL)
    return largest;
  g_variant_iter_init (&iter, combatant->variants[VARIANT_MOVED]);
  while (g_variant_iter_next (&iter, "{&si}", &kind, &feet))
    largest = MAX (largest, tkr_d20_combatant_get_speed (combatant, kind));
  return largest;
}

int
tkr_d20_encounter_movement_left (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 const char *kind)
{
  int factor, own, total;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_D20_COMBATANT (combatant), 0);

  factor = 1 + combatant->ints[INT_DASHES];
  own = tkr_d20_combatant_get_speed (combatant, kind) * factor -
        tkr_d20_combatant_get_moved (combatant, kind);
  total =
    largest_used_speed (combatant, kind) * factor - tkr_d20_combatant_get_total_moved (combatant);
  return MAX (MIN (own, total), 0);
}

gboolean
tkr_d20_encounter_move (TkrD20Encounter *self,
                        TkrD20Combatant *combatant,
                        const char *kind,
                        int feet,
                        gboolean difficult,
                        GError **error)
{
  int cost, left, max_feet;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_on_turn (self, combatant, error) || !require_kind (self, kind, error))
    return FALSE;
  max_feet = tkr_rules_get_int (self->rules, "d20.movement.max_feet");
  if (feet <= 0 || feet > max_feet)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A move covers between 1 and %d feet"), max_feet);
      return FALSE;
    }
  if (tkr_d20_combatant_get_speed (combatant, kind) == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_MOVEMENT,
                   _ ("%s has no %s speed"), name_of (combatant), kind_label (kind));
      return FALSE;
    }
  /* Difficult terrain: every foot costs one foot more. */
  cost = feet *
         (1 + (difficult ? tkr_rules_get_int (self->rules, "d20.movement.difficult_extra_per_foot")
                         : 0));
  left = tkr_d20_encounter_movement_left (self, combatant, kind);
  if (cost > left)
    {
      /* Translators: a creature, feet of cost, a kind of movement, feet left */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_RANGE_EXHAUSTED,
                   _ ("%s cannot spend %d feet of movement (%s): %d feet are left this turn"),
                   name_of (combatant), cost, kind, left);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Move"));
  set_variant (self, combatant, "moved",
               dict_with (combatant->variants[VARIANT_MOVED], kind,
                          tkr_d20_combatant_get_moved (combatant, kind) + cost));
  tkr_d20_encounter_log (self,
                         difficult ? _ ("%s moves %d feet (%s) through difficult terrain")
                                   : _ ("%s moves %d feet (%s)"),
                         name_of (combatant), feet, kind);
  tkr_history_end (self->history);
  return TRUE;
}

/* Checks of the sheet, typed or rolled */

static TkrD20Roll
sheet_check (TkrD20Encounter *self,
             TkrD20Combatant *combatant,
             const char *check,
             const TkrD20Roll *typed)
{
  gboolean found;
  int modifier = sheet_modifier (combatant->character, modifier_name (self, check), &found);

  return roll_or_typed (self, typed, modifier);
}

gboolean
tkr_d20_encounter_fall (TkrD20Encounter *self,
                        TkrD20Combatant *combatant,
                        int feet,
                        const TkrD20Roll *typed,
                        GError **error)
{
  g_autofree char *described = NULL;
  TkrD20Roll roll;
  int wounds, dc;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (feet < 0 || feet > tkr_rules_get_int (self->rules, "d20.movement.max_feet"))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A fall is between 0 and %d feet"),
                   tkr_rules_get_int (self->rules, "d20.movement.max_feet"));
      return FALSE;
    }
  wounds = tkr_d20_fall_wounds (self->rules, feet);
  dc = tkr_d20_fall_reflex_dc (self->rules, feet);
  roll = sheet_check (self, combatant, "reflex", typed);
  described = describe_roll (&roll);

  tkr_history_begin (self->history, _ ("Fall"));
  set_int (self, combatant, "wounds",
           MIN (combatant->ints[INT_WOUNDS] + wounds, int_infos[INT_WOUNDS].maximum));
  /* Translators: a creature, feet, wounds, then the check's result */
  tkr_d20_encounter_log (self, _ ("%s falls %d feet and takes %d wounds; Reflex check %s"),
                         name_of (combatant), feet, wounds, described);
  if (roll.total < dc)
    {
      set_bool (self, combatant, "prone", TRUE);
      tkr_d20_encounter_log (self, _ ("%s fails the Reflex check (DC %d) and lands prone"),
                             name_of (combatant), dc);
    }
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_hold_breath (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  gboolean found;
  int vitality, rounds;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (self->phase != TKR_PHASE_MAIN && self->phase != TKR_PHASE_PAUSED)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Breath is counted in rounds only while the encounter runs; outside it, "
                      "%s can hold it for %d seconds"),
                   name_of (combatant),
                   tkr_d20_breath_seconds (
                     self->rules, sheet_modifier (combatant->character,
                                                  modifier_name (self, "vitality"), &found)));
      return FALSE;
    }
  if (combatant->bools[BOOL_HOLDING_BREATH])
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is already holding their breath"), name_of (combatant));
      return FALSE;
    }
  vitality = sheet_modifier (combatant->character, modifier_name (self, "vitality"), &found);
  rounds = MIN (tkr_d20_breath_rounds (self->rules, vitality), int_infos[INT_BREATH_LEFT].maximum);

  tkr_history_begin (self->history, _ ("Hold breath"));
  set_bool (self, combatant, "holding-breath", TRUE);
  set_int (self, combatant, "breath-rounds-left", rounds);
  tkr_d20_encounter_log (self,
                         g_dngettext (GETTEXT_PACKAGE, "%s holds their breath for %d round",
                                      "%s holds their breath for %d rounds", rounds),
                         name_of (combatant), rounds);
  if (rounds == 0)
    {
      set_bool (self, combatant, "dying", TRUE);
      tkr_d20_encounter_log (self, _ ("%s is out of breath and Dying until they reach air"),
                             name_of (combatant));
    }
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_reach_air (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (!combatant->bools[BOOL_HOLDING_BREATH])
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is not holding their breath"), name_of (combatant));
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Reach air"));
  set_bool (self, combatant, "holding-breath", FALSE);
  set_int (self, combatant, "breath-rounds-left", 0);
  /* The Dying that suffocation caused ends with air. */
  set_bool (self, combatant, "dying", FALSE);
  tkr_d20_encounter_log (self, _ ("%s reaches air"), name_of (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

/* Mana, rests and exhaustion (seed, Resting) */

gboolean
tkr_d20_encounter_set_mana (
  TkrD20Encounter *self, TkrD20Combatant *combatant, int mana, int mana_max, GError **error)
{
  int limit;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_combatant (self, combatant, error))
    return FALSE;
  limit = MIN (tkr_rules_get_int (self->rules, "d20.rest.max_mana"), int_infos[INT_MANA].maximum);
  if (mana_max < 0 || mana_max > limit || mana < 0 || mana > mana_max)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s’s mana must be between 0 and their maximum, itself at most %d"),
                   name_of (combatant), limit);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Set mana"));
  set_int (self, combatant, "mana-max", mana_max);
  set_int (self, combatant, "mana", mana);
  tkr_d20_encounter_log (self, _ ("%s has %d of %d mana"), name_of (combatant), mana, mana_max);
  tkr_history_end (self->history);
  return TRUE;
}

/* A long rest lasts longer than a short one and includes its rest, so it
 * resets both clocks (our reading: the seed does not say). */
gboolean
tkr_d20_encounter_long_rest (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_out_of_combat (self, error) || !require_combatant (self, combatant, error))
    return FALSE;
  tkr_history_begin (self->history, _ ("Long rest"));
  set_int (self, combatant, "mana", combatant->ints[INT_MANA_MAX]);
  set_int (self, combatant, "hours-since-long-rest", 0);
  set_int (self, combatant, "hours-since-short-rest", 0);
  tkr_d20_encounter_log (self, _ ("%s takes a long rest (%d hours of sleep and a meal): mana full"),
                         name_of (combatant),
                         tkr_rules_get_int (self->rules, "d20.rest.long_hours"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_short_rest (TkrD20Encounter *self, TkrD20Combatant *combatant, GError **error)
{
  int regained;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_out_of_combat (self, error) || !require_combatant (self, combatant, error))
    return FALSE;
  regained =
    tkr_d20_short_rest_mana (self->rules, combatant->ints[INT_MANA], combatant->ints[INT_MANA_MAX]);
  tkr_history_begin (self->history, _ ("Short rest"));
  set_int (self, combatant, "mana", combatant->ints[INT_MANA] + regained);
  set_int (self, combatant, "hours-since-short-rest", 0);
  tkr_d20_encounter_log (
    self, _ ("%s takes a short rest (%d hours and a drink) and regains %d mana"),
    name_of (combatant), tkr_rules_get_int (self->rules, "d20.rest.short_hours"), regained);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_pass_time (TkrD20Encounter *self, int hours, GError **error)
{
  int long_limit, short_limit;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_out_of_combat (self, error))
    return FALSE;
  if (hours <= 0 || hours > 24 * 365)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Time passes in steps of 1 to %d hours"), 24 * 365);
      return FALSE;
    }
  long_limit = MAX (tkr_rules_get_int (self->rules, "d20.rest.hours_without_long_rest"), 1);
  short_limit = MAX (tkr_rules_get_int (self->rules, "d20.rest.hours_without_short_rest"), 1);

  tkr_history_begin (self->history, _ ("Time passes"));
  tkr_d20_encounter_log (
    self, g_dngettext (GETTEXT_PACKAGE, "%d hour passes", "%d hours pass", hours), hours);
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrD20Combatant *combatant = item_at (self->combatants, i);
      int old_long = combatant->ints[INT_HOURS_LONG];
      int old_short = combatant->ints[INT_HOURS_SHORT];
      int new_long = MIN (old_long + hours, MAX_HOURS);
      int new_short = MIN (old_short + hours, MAX_HOURS);
      /* Every full 24 hours without a long rest, and every full three
       * days without a short one, call for a Stamina check. */
      int due = (new_long / long_limit - old_long / long_limit) +
                (new_short / short_limit - old_short / short_limit);

      set_int (self, combatant, "hours-since-long-rest", new_long);
      set_int (self, combatant, "hours-since-short-rest", new_short);
      if (due > 0)
        {
          set_int (self, combatant, "stamina-checks-due",
                   MIN (combatant->ints[INT_CHECKS_DUE] + due, MAX_HOURS));
          tkr_d20_encounter_log (
            self,
            g_dngettext (GETTEXT_PACKAGE, "%s has gone too long without rest: %d Stamina check",
                         "%s has gone too long without rest: %d Stamina checks", due),
            name_of (combatant), due);
        }
    }
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_d20_encounter_stamina_check (TkrD20Encounter *self,
                                 TkrD20Combatant *combatant,
                                 int dc,
                                 const TkrD20Roll *typed,
                                 GError **error)
{
  g_autofree char *described = NULL;
  gboolean for_rest = dc < 0;
  TkrD20Roll roll;
  int exhaustion_max;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (for_rest && combatant->ints[INT_CHECKS_DUE] == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s owes no Stamina check for lack of rest"), name_of (combatant));
      return FALSE;
    }
  if (dc > 1000)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A check’s DC is at most %d"), 1000);
      return FALSE;
    }
  if (for_rest)
    dc = tkr_rules_get_int (self->rules, "d20.rest.exhaustion_dc");
  roll = sheet_check (self, combatant, "stamina", typed);
  described = describe_roll (&roll);
  exhaustion_max =
    MIN (tkr_rules_get_int (self->rules, "d20.exhaustion_max"), int_infos[INT_EXHAUSTION].maximum);

  tkr_history_begin (self->history, _ ("Stamina check"));
  if (for_rest)
    set_int (self, combatant, "stamina-checks-due", combatant->ints[INT_CHECKS_DUE] - 1);
  if (roll.total >= dc)
    /* Translators: a creature, the DC, then the roll */
    tkr_d20_encounter_log (self, _ ("%s passes a Stamina check (DC %d): %s"), name_of (combatant),
                           dc, described);
  else
    {
      set_int (self, combatant, "exhaustion",
               MIN (combatant->ints[INT_EXHAUSTION] + 1, exhaustion_max));
      tkr_d20_encounter_log (self,
                             _ ("%s fails a Stamina check (DC %d): %s, and gains a level of "
                                "Exhaustion"),
                             name_of (combatant), dc, described);
    }
  tkr_history_end (self->history);
  return TRUE;
}

/* End: experience */

gboolean
tkr_d20_encounter_award_experience (
  TkrD20Encounter *self, TkrCharacter *character, int xp, const char *reason, GError **error)
{
  TkrD20Combatant *combatant;
  int min_award, max_award;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_END, error))
    return FALSE;
  combatant = TKR_IS_CHARACTER (character) ? tkr_d20_encounter_find (self, character) : NULL;
  if (!require_combatant (self, combatant, error))
    return FALSE;
  if (!tkr_character_is_pc (character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is not a PC: only PCs gain experience"), name_of (combatant));
      return FALSE;
    }
  tkr_rules_get_award_range (self->rules, &min_award, &max_award);
  if (xp < min_award || xp > max_award)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An award for %s must be between %d and %d XP"), name_of (combatant),
                   min_award, max_award);
      return FALSE;
    }
  tkr_history_begin (self->history, _ ("Award Experience"));
  if (!tkr_character_award_experience (character, self->history, xp, error))
    {
      tkr_history_abort (self->history);
      return FALSE;
    }
  if (reason != NULL && *reason != '\0')
    /* Translators: a character, XP, then the GM's reason */
    tkr_d20_encounter_log (self, _ ("%s gains %d XP: %s"), name_of (combatant), xp, reason);
  else
    tkr_d20_encounter_log (self, _ ("%s gains %d XP"), name_of (combatant), xp);
  tkr_history_end (self->history);
  return TRUE;
}

/* Files */

static JsonNode *
dict_to_json (GVariant *dict)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  GVariantIter iter;
  const char *key;
  int value;

  if (dict != NULL)
    {
      g_variant_iter_init (&iter, dict);
      while (g_variant_iter_next (&iter, "{&si}", &key, &value))
        json_object_set_int_member (object, key, value);
    }
  json_node_take_object (node, object);
  return node;
}

static JsonNode *
combatant_to_json (TkrD20Combatant *combatant)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  JsonArray *tiebreaks = json_array_new ();

  /* PCs live in the party's files; an NPC is stored whole. */
  if (tkr_character_is_pc (combatant->character))
    json_object_set_string_member (object, "ref", tkr_character_get_id (combatant->character));
  else
    json_object_set_member (object, "npc", tkr_character_to_json (combatant->character));
  for (guint i = 0; i < N_INTS; i++)
    json_object_set_int_member (object, int_infos[i].key, combatant->ints[i]);
  for (guint i = 0; i < N_BOOLS; i++)
    json_object_set_boolean_member (object, bool_infos[i].key, combatant->bools[i]);
  for (guint i = 0; i < n_tiebreaks (combatant); i++)
    {
      gint32 value;

      g_variant_get_child (combatant->variants[VARIANT_TIEBREAKS], i, "i", &value);
      json_array_add_int_element (tiebreaks, value);
    }
  json_object_set_array_member (object, "tiebreaks", tiebreaks);
  json_object_set_member (object, "speeds", dict_to_json (combatant->variants[VARIANT_SPEEDS]));
  json_object_set_member (object, "moved", dict_to_json (combatant->variants[VARIANT_MOVED]));
  json_node_take_object (node, object);
  return node;
}

JsonNode *
tkr_d20_encounter_to_json (TkrD20Encounter *self)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  JsonArray *combatants = json_array_new ();
  JsonArray *order = json_array_new ();
  JsonArray *log = json_array_new ();

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), NULL);

  json_object_set_string_member (object, "rule_system", tkr_rules_get_id (self->rules));
  json_object_set_string_member (object, "phase", phase_nicks[self->phase]);
  json_object_set_int_member (object, "round", self->round);
  json_object_set_int_member (object, "current_index", self->current_index);
  for (guint i = 0; i < n_items (self->combatants); i++)
    json_array_add_element (combatants, combatant_to_json (item_at (self->combatants, i)));
  for (guint i = 0; i < n_items (self->order); i++)
    {
      guint position = 0;

      g_list_store_find (self->combatants, item_at (self->order, i), &position);
      json_array_add_int_element (order, position);
    }
  for (guint i = 0; i < n_items (self->log); i++)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->log), i);
      json_array_add_element (log, tkr_log_entry_to_json (entry));
    }
  json_object_set_array_member (object, "combatants", combatants);
  json_object_set_array_member (object, "order", order);
  json_object_set_array_member (object, "log", log);
  json_node_take_object (node, object);
  return node;
}

static GVariant *
dict_from_json (
  JsonObject *object, const char *member, const char *path, TkrD20Encounter *self, GError **error)
{
  g_autofree char *dict_path = tkr_json_path (path, member);
  g_autoptr (GList) members = NULL;
  GVariantBuilder builder;
  JsonObject *dict;
  int max_feet = tkr_rules_get_int (self->rules, "d20.movement.max_feet");

  if (!tkr_json_get_object (object, member, path, FALSE, &dict, error))
    return NULL;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  members = dict ? json_object_get_members (dict) : NULL;
  for (GList *l = members; l != NULL; l = l->next)
    {
      gint64 feet;

      if (!is_movement_kind (self, l->data))
        {
          g_autofree char *item_path = tkr_json_path (dict_path, l->data);
          g_variant_builder_clear (&builder);
          tkr_json_set_error (error, item_path, _ ("not a kind of movement these rules know"));
          return NULL;
        }
      /* Moved feet can reach the speed times the Dashes. */
      if (!tkr_json_get_int (dict, l->data, dict_path, TRUE, 0, (gint64) max_feet * 101, 0, &feet,
                             error))
        {
          g_variant_builder_clear (&builder);
          return NULL;
        }
      if (feet > 0)
        g_variant_builder_add (&builder, "{si}", (const char *) l->data, (gint32) feet);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static TkrD20Combatant *
combatant_from_json (TkrD20Encounter *self,
                     JsonNode *node,
                     const char *path,
                     TkrCharacterResolver resolve,
                     gpointer user_data,
                     GError **error)
{
  g_autoptr (TkrCharacter) character = NULL;
  g_autoptr (TkrD20Combatant) combatant = NULL;
  g_autoptr (GVariant) speeds = NULL;
  g_autoptr (GVariant) moved = NULL;
  g_autofree char *ref = NULL;
  g_autofree char *tiebreaks_path = tkr_json_path (path, "tiebreaks");
  GVariantBuilder builder;
  JsonObject *object;
  JsonArray *tiebreaks;
  JsonNode *npc;

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

      if (found == NULL)
        {
          tkr_json_set_error (error, ref_path, _ ("no character in this file has the id “%s”"),
                              ref);
          return NULL;
        }
      if (!tkr_character_is_pc (found))
        {
          tkr_json_set_error (error, ref_path, _ ("an encounter stores its NPCs whole"));
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
          tkr_json_set_error (error, npc_path, _ ("an encounter refers to its PCs by id"));
          return NULL;
        }
    }

  combatant = g_object_new (TKR_TYPE_D20_COMBATANT, "character", character, NULL);
  for (guint i = 0; i < N_INTS; i++)
    {
      gint64 value;

      if (!tkr_json_get_int (object, int_infos[i].key, path, FALSE, int_infos[i].minimum,
                             int_infos[i].maximum,
                             CLAMP (0, int_infos[i].minimum, int_infos[i].maximum), &value, error))
        return NULL;
      combatant->ints[i] = (int) value;
    }
  for (guint i = 0; i < N_BOOLS; i++)
    if (!tkr_json_get_bool (object, bool_infos[i].key, path, FALSE, FALSE, &combatant->bools[i],
                            error))
      return NULL;
  if (combatant->ints[INT_MANA] > combatant->ints[INT_MANA_MAX])
    {
      g_autofree char *mana_path = tkr_json_path (path, "mana");
      tkr_json_set_error (error, mana_path, _ ("more mana than the maximum"));
      return NULL;
    }

  if (!tkr_json_get_array (object, "tiebreaks", path, FALSE, &tiebreaks, error))
    return NULL;
  if (tiebreaks != NULL && json_array_get_length (tiebreaks) > MAX_TIEBREAKS)
    {
      tkr_json_set_error (error, tiebreaks_path, _ ("too many contest rolls"));
      return NULL;
    }
  if (tiebreaks != NULL && json_array_get_length (tiebreaks) > 0)
    {
      g_variant_builder_init (&builder, G_VARIANT_TYPE ("ai"));
      for (guint i = 0; i < json_array_get_length (tiebreaks); i++)
        {
          JsonNode *item = json_array_get_element (tiebreaks, i);

          if (!JSON_NODE_HOLDS_VALUE (item) || json_node_get_value_type (item) != G_TYPE_INT64 ||
              json_node_get_int (item) < -MAX_INITIATIVE ||
              json_node_get_int (item) > MAX_INITIATIVE)
            {
              g_autofree char *item_path = tkr_json_path_index (tiebreaks_path, i);
              g_variant_builder_clear (&builder);
              tkr_json_set_error (error, item_path, _ ("expected a whole number between %d and %d"),
                                  -MAX_INITIATIVE, MAX_INITIATIVE);
              return NULL;
            }
          g_variant_builder_add (&builder, "i", (gint32) json_node_get_int (item));
        }
      combatant->variants[VARIANT_TIEBREAKS] =
        g_variant_ref_sink (g_variant_builder_end (&builder));
    }

  speeds = dict_from_json (object, "speeds", path, self, error);
  if (speeds == NULL)
    return NULL;
  moved = dict_from_json (object, "moved", path, self, error);
  if (moved == NULL)
    return NULL;
  combatant->variants[VARIANT_SPEEDS] = g_steal_pointer (&speeds);
  /* An empty "moved" is stored as NULL, as a fresh turn has it. */
  if (g_variant_n_children (moved) > 0)
    combatant->variants[VARIANT_MOVED] = g_steal_pointer (&moved);
  return g_steal_pointer (&combatant);
}

/**
 * tkr_d20_encounter_load_json:
 *
 * Reads and checks everything before changing anything: the phase, the
 * round and the current index must agree with the order, which lists each
 * combatant at most once. Errors are TKR_FILE_ERROR_INVALID naming the path.
 */
gboolean
tkr_d20_encounter_load_json (TkrD20Encounter *self,
                             JsonNode *node,
                             const char *path,
                             TkrCharacterResolver resolve,
                             gpointer user_data,
                             GError **error)
{
  g_autoptr (GPtrArray) combatants = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autofree char *system = NULL;
  g_autofree char *combatants_path = tkr_json_path (path, "combatants");
  g_autofree char *order_path = tkr_json_path (path, "order");
  g_autofree char *log_path = tkr_json_path (path, "log");
  JsonObject *object;
  JsonArray *array;
  gint64 round, current_index;
  int phase;

  g_return_val_if_fail (TKR_IS_D20_ENCOUNTER (self), FALSE);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL ||
      !tkr_json_get_string (object, "rule_system", path, FALSE, NULL, &system, error) ||
      !tkr_json_get_enum (object, "phase", path, TRUE, phase_nicks, TKR_PHASE_FREEPLAY, &phase,
                          error) ||
      !tkr_json_get_int (object, "round", path, FALSE, 0, MAX_ROUND, 0, &round, error) ||
      !tkr_json_get_int (object, "current_index", path, FALSE, -1, TKR_JSON_MAX_ITEMS, -1,
                         &current_index, error))
    return FALSE;
  if (system != NULL && g_strcmp0 (system, tkr_rules_get_id (self->rules)) != 0)
    {
      g_autofree char *system_path = tkr_json_path (path, "rule_system");
      tkr_json_set_error (error, system_path, _ ("this encounter uses the rules “%s”, not “%s”"),
                          system, tkr_rules_get_id (self->rules));
      return FALSE;
    }

  if (!tkr_json_get_array (object, "combatants", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (combatants_path, i);
      TkrD20Combatant *combatant = combatant_from_json (self, json_array_get_element (array, i),
                                                        item_path, resolve, user_data, error);

      if (combatant == NULL)
        return FALSE;
      g_ptr_array_add (combatants, combatant);
      for (guint j = 0; j + 1 < combatants->len; j++)
        if (TKR_D20_COMBATANT (g_ptr_array_index (combatants, j))->character ==
              combatant->character ||
            g_strcmp0 (tkr_character_get_id (
                         TKR_D20_COMBATANT (g_ptr_array_index (combatants, j))->character),
                       tkr_character_get_id (combatant->character)) == 0)
          {
            tkr_json_set_error (error, item_path, _ ("“%s” takes part twice"), name_of (combatant));
            return FALSE;
          }
    }

  if (!tkr_json_get_array (object, "order", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      gpointer combatant;

      if (!JSON_NODE_HOLDS_VALUE (item) || json_node_get_value_type (item) != G_TYPE_INT64 ||
          json_node_get_int (item) < 0 || json_node_get_int (item) >= combatants->len)
        {
          g_autofree char *item_path = tkr_json_path_index (order_path, i);
          tkr_json_set_error (error, item_path, _ ("expected the place of a combatant, 0 to %d"),
                              (int) combatants->len - 1);
          return FALSE;
        }
      combatant = g_ptr_array_index (combatants, json_node_get_int (item));
      if (!g_hash_table_add (seen, combatant))
        {
          g_autofree char *item_path = tkr_json_path_index (order_path, i);
          tkr_json_set_error (error, item_path, _ ("“%s” has two places in the order"),
                              name_of (combatant));
          return FALSE;
        }
      g_ptr_array_add (order, combatant);
    }

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

  /* The phase and the turn must agree with the order. */
  if (current_index >= (gint64) order->len)
    {
      g_autofree char *index_path = tkr_json_path (path, "current_index");
      tkr_json_set_error (error, index_path, _ ("there is no place %d in an order of %u"),
                          (int) current_index + 1, order->len);
      return FALSE;
    }
  if ((phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED) && (current_index < 0 || round < 1))
    {
      g_autofree char *index_path = tkr_json_path (path, "current_index");
      tkr_json_set_error (error, index_path,
                          _ ("a running encounter needs a round and someone’s turn"));
      return FALSE;
    }
  if ((phase == TKR_PHASE_FREEPLAY || phase == TKR_PHASE_SETUP) &&
      (order->len > 0 || current_index != -1 || round != 0))
    {
      tkr_json_set_error (error, order_path,
                          _ ("an encounter in Freeplay or Setup has no turn order yet"));
      return FALSE;
    }
  if ((phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED || phase == TKR_PHASE_END) &&
      order->len != combatants->len)
    {
      tkr_json_set_error (error, order_path, _ ("every combatant needs a place in the order"));
      return FALSE;
    }

  g_object_set (self, "phase", phase, "round", (int) round, "current-index", (int) current_index,
                NULL);
  g_list_store_splice (self->combatants, 0, n_items (self->combatants), combatants->pdata,
                       combatants->len);
  g_list_store_splice (self->order, 0, n_items (self->order), order->pdata, order->len);
  g_list_store_splice (self->log, 0, n_items (self->log), log->pdata, log->len);
  return TRUE;
}

/* TkrTracker */

TKR_TRACKER_DEFINE_FORWARDS (tkr_d20_encounter, TKR_D20_ENCOUNTER)

static gboolean
tracker_add_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_d20_encounter_add_participant (TKR_D20_ENCOUNTER (tracker), character, error) != NULL;
}

static gboolean
tracker_remove_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  TkrD20Encounter *self = TKR_D20_ENCOUNTER (tracker);
  GListModel *combatants = tkr_d20_encounter_get_combatants (self);
  g_autoptr (TkrD20Combatant) combatant = NULL;

  for (guint i = 0; combatant == NULL && i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrD20Combatant) item = g_list_model_get_item (combatants, i);

      if (tkr_d20_combatant_get_character (item) == character)
        combatant = g_steal_pointer (&item);
    }
  if (combatant == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("%s is not in the encounter"), tkr_character_get_name (character));
      return FALSE;
    }
  return tkr_d20_encounter_remove_participant (self, combatant, error);
}

static GPtrArray *
tracker_list_participants (TkrTracker *tracker)
{
  GListModel *model = tkr_d20_encounter_get_combatants (TKR_D20_ENCOUNTER (tracker));
  guint n = g_list_model_get_n_items (model);
  GPtrArray *characters = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) combatant = g_list_model_get_item (model, i);
      g_ptr_array_add (characters,
                       g_object_ref (tkr_d20_combatant_get_character ((gpointer) combatant)));
    }
  return characters;
}

static void
tkr_d20_encounter_tracker_init (TkrTrackerInterface *iface)
{
  tkr_tracker_forward_init (iface);
  iface->add_participant = tracker_add_participant;
  iface->remove_participant = tracker_remove_participant;
  iface->list_participants = tracker_list_participants;
}
