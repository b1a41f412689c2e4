/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-d20-combatant-private.h"
#include "tkr-d20-travel.h"
#include "tkr-json.h"

/* ---------------------------------------------------------------------- */
/* TkrD20Movement                                                          */
/* ---------------------------------------------------------------------- */

enum
{
  FEET_SPEED,
  FEET_MOVED
};

struct _TkrD20Movement
{
  GObject parent_instance;

  char *kind;
  int feet[2]; /* by FEET_SPEED, FEET_MOVED */
};

G_DEFINE_FINAL_TYPE (TkrD20Movement, tkr_d20_movement, G_TYPE_OBJECT)

enum
{
  MPROP_0,
  MPROP_KIND,
  MPROP_SPEED,
  MPROP_MOVED,
  N_MPROPS
};

static GParamSpec *movement_properties[N_MPROPS];

static void
tkr_d20_movement_finalize (GObject *object)
{
  g_free (TKR_D20_MOVEMENT (object)->kind);
  G_OBJECT_CLASS (tkr_d20_movement_parent_class)->finalize (object);
}

static void
tkr_d20_movement_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrD20Movement *self = TKR_D20_MOVEMENT (object);

  if (prop_id == MPROP_KIND)
    g_value_set_string (value, self->kind);
  else
    g_value_set_int (value, self->feet[prop_id - MPROP_SPEED]);
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
tkr_d20_movement_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  TkrD20Movement *self = TKR_D20_MOVEMENT (object);

  if (prop_id == MPROP_KIND)
    self->kind = g_value_dup_string (value);
  else
    set_int_field (object, &self->feet[prop_id - MPROP_SPEED], g_value_get_int (value), pspec);
}

static void
tkr_d20_movement_class_init (TkrD20MovementClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_d20_movement_finalize;
  object_class->get_property = tkr_d20_movement_get_property;
  object_class->set_property = tkr_d20_movement_set_property;

  movement_properties[MPROP_KIND] = g_param_spec_string (
    "kind", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  movement_properties[MPROP_SPEED] = g_param_spec_int ("speed", NULL, NULL, 0, G_MAXINT, 0, rw);
  movement_properties[MPROP_MOVED] = g_param_spec_int ("moved", NULL, NULL, 0, G_MAXINT, 0, rw);
  g_object_class_install_properties (object_class, N_MPROPS, movement_properties);
}

static void
tkr_d20_movement_init (TkrD20Movement *self)
{
}

const char *
tkr_d20_movement_get_kind (TkrD20Movement *self)
{
  g_return_val_if_fail (TKR_IS_D20_MOVEMENT (self), NULL);
  return self->kind;
}

int
tkr_d20_movement_get_speed (TkrD20Movement *self)
{
  g_return_val_if_fail (TKR_IS_D20_MOVEMENT (self), 0);
  return self->feet[FEET_SPEED];
}

int
tkr_d20_movement_get_moved (TkrD20Movement *self)
{
  g_return_val_if_fail (TKR_IS_D20_MOVEMENT (self), 0);
  return self->feet[FEET_MOVED];
}

/* ---------------------------------------------------------------------- */
/* TkrD20Combatant                                                         */
/* ---------------------------------------------------------------------- */

/* The number properties, stored in one array so that their setters,
 * getters and file keys share a table. The turn's action, bonus action
 * and reaction are TkrResources; the table keeps their file keys in
 * place. */
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

static const struct
{
  const char *name;
  const char *key; /* in files */
  int minimum;
  int maximum;
  const char *resource; /* stored as this resource's "current" */
} int_infos[N_INTS] = {
  { "agility", "agility", -TKR_D20_MAX_AGILITY, TKR_D20_MAX_AGILITY, NULL },
  { "initiative", "initiative", -TKR_D20_MAX_INITIATIVE, TKR_D20_MAX_INITIATIVE, NULL },
  { NULL, "actions_left", 0, 100, "action" },
  { NULL, "bonus_actions_left", 0, 100, "bonus-action" },
  { NULL, "reactions_left", 0, 100, "reaction" },
  { "dashes", "dashes", 0, 100, NULL },
  { "mana", "mana", 0, TKR_D20_MAX_MANA, NULL },
  { "mana-max", "mana_max", 0, TKR_D20_MAX_MANA, NULL },
  { "exhaustion", "exhaustion", 0, TKR_D20_MAX_EXHAUSTION, NULL },
  { "hours-since-long-rest", "hours_since_long_rest", 0, TKR_D20_MAX_HOURS, NULL },
  { "hours-since-short-rest", "hours_since_short_rest", 0, TKR_D20_MAX_HOURS, NULL },
  { "stamina-checks-due", "stamina_checks_due", 0, TKR_D20_MAX_HOURS, NULL },
  { "wounds", "wounds", 0, TKR_D20_MAX_WOUNDS, NULL },
  { "breath-rounds-left", "breath_rounds_left", 0, TKR_D20_MAX_BREATH, NULL },
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

struct _TkrD20Combatant
{
  TkrCombatant parent_instance;

  int ints[N_INTS];
  gboolean bools[N_BOOLS];
  GArray *tiebreaks; /* int, or NULL */
  GListStore *movements;
};

G_DEFINE_FINAL_TYPE (TkrD20Combatant, tkr_d20_combatant, TKR_TYPE_COMBATANT)

enum
{
  CPROP_0,
  CPROP_TIEBREAKS,
  CPROP_MOVEMENTS,
  CPROP_FIRST_INT,
  CPROP_FIRST_BOOL = CPROP_FIRST_INT + N_INTS,
  N_CPROPS = CPROP_FIRST_BOOL + N_BOOLS
};

static GParamSpec *combatant_properties[N_CPROPS];

static void
tkr_d20_combatant_finalize (GObject *object)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  g_clear_pointer (&self->tiebreaks, g_array_unref);
  g_clear_object (&self->movements);
  G_OBJECT_CLASS (tkr_d20_combatant_parent_class)->finalize (object);
}

static void
tkr_d20_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  if (prop_id == CPROP_TIEBREAKS)
    g_value_set_boxed (value, self->tiebreaks);
  else if (prop_id == CPROP_MOVEMENTS)
    g_value_set_object (value, self->movements);
  else if (prop_id >= CPROP_FIRST_INT && prop_id < CPROP_FIRST_BOOL)
    g_value_set_int (value, self->ints[prop_id - CPROP_FIRST_INT]);
  else if (prop_id >= CPROP_FIRST_BOOL && prop_id < N_CPROPS)
    g_value_set_boolean (value, self->bools[prop_id - CPROP_FIRST_BOOL]);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static gboolean
same_tiebreaks (GArray *a, GArray *b)
{
  guint na = a ? a->len : 0, nb = b ? b->len : 0;

  return na == nb && (na == 0 || memcmp (a->data, b->data, na * sizeof (int)) == 0);
}

static void
tkr_d20_combatant_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  if (prop_id == CPROP_TIEBREAKS)
    {
      GArray *tiebreaks = g_value_get_boxed (value);

      if (same_tiebreaks (self->tiebreaks, tiebreaks))
        return;
      g_clear_pointer (&self->tiebreaks, g_array_unref);
      self->tiebreaks = tiebreaks && tiebreaks->len > 0 ? g_array_ref (tiebreaks) : NULL;
      g_object_notify_by_pspec (object, pspec);
    }
  else if (prop_id >= CPROP_FIRST_INT && prop_id < CPROP_FIRST_BOOL)
    set_int_field (object, &self->ints[prop_id - CPROP_FIRST_INT], g_value_get_int (value), pspec);
  else if (prop_id >= CPROP_FIRST_BOOL && prop_id < N_CPROPS)
    {
      gboolean *field = &self->bools[prop_id - CPROP_FIRST_BOOL];

      if (*field != g_value_get_boolean (value))
        {
          *field = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tkr_d20_combatant_class_init (TkrD20CombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_d20_combatant_finalize;
  object_class->get_property = tkr_d20_combatant_get_property;
  object_class->set_property = tkr_d20_combatant_set_property;

  combatant_properties[CPROP_TIEBREAKS] =
    g_param_spec_boxed ("tiebreaks", NULL, NULL, G_TYPE_ARRAY, rw);
  combatant_properties[CPROP_MOVEMENTS] = g_param_spec_object (
    "movements", NULL, NULL, G_TYPE_LIST_MODEL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  for (guint i = 0; i < N_INTS; i++)
    if (int_infos[i].name != NULL)
      combatant_properties[CPROP_FIRST_INT + i] =
        g_param_spec_int (int_infos[i].name, NULL, NULL, int_infos[i].minimum, int_infos[i].maximum,
                          CLAMP (0, int_infos[i].minimum, int_infos[i].maximum), rw);
  for (guint i = 0; i < N_BOOLS; i++)
    combatant_properties[CPROP_FIRST_BOOL + i] =
      g_param_spec_boolean (bool_infos[i].name, NULL, NULL, FALSE, rw);
  for (guint i = 1; i < N_CPROPS; i++)
    if (combatant_properties[i] != NULL)
      g_object_class_install_property (object_class, i, combatant_properties[i]);
}

static void
tkr_d20_combatant_init (TkrD20Combatant *self)
{
  self->movements = g_list_store_new (TKR_TYPE_D20_MOVEMENT);
}

TkrD20Combatant *
tkr_d20_combatant_new (TkrCharacter *character, TkrRules *rules)
{
  TkrD20Combatant *self = g_object_new (TKR_TYPE_D20_COMBATANT, "character", character, NULL);
  TkrCombatant *combatant = TKR_COMBATANT (self);
  g_auto (GStrv) kinds = tkr_d20_rules_movement_kinds (rules);
  struct
  {
    const char *id;
    const char *name;
    const char *per_turn;
  } resources[] = {
    { "action", _ ("Action"), "d20.turn.actions" },
    { "bonus-action", _ ("Bonus action"), "d20.turn.bonus_actions" },
    { "reaction", _ ("Reaction"), "d20.turn.reactions" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (resources); i++)
    {
      g_autoptr (TkrResource) resource = tkr_resource_new (
        resources[i].id, resources[i].name, tkr_rules_get_int (rules, resources[i].per_turn));

      tkr_combatant_add_resource (combatant, resource);
    }
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      g_autoptr (TkrD20Movement) movement =
        g_object_new (TKR_TYPE_D20_MOVEMENT, "kind", kinds[i], NULL);

      g_list_store_append (self->movements, movement);
    }
  {
    g_autoptr (TkrResource) movement = tkr_resource_new ("movement", _ ("Movement"), 0);

    tkr_combatant_add_resource (combatant, movement);
  }
  return self;
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

int
tkr_d20_combatant_get_actions_left (TkrD20Combatant *self)
{
  return tkr_combatant_get_left (TKR_COMBATANT (self), "action");
}

int
tkr_d20_combatant_get_bonus_actions_left (TkrD20Combatant *self)
{
  return tkr_combatant_get_left (TKR_COMBATANT (self), "bonus-action");
}

int
tkr_d20_combatant_get_reactions_left (TkrD20Combatant *self)
{
  return tkr_combatant_get_left (TKR_COMBATANT (self), "reaction");
}

guint
tkr_d20_combatant_get_n_tiebreaks (TkrD20Combatant *self)
{
  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), 0);
  return self->tiebreaks ? self->tiebreaks->len : 0;
}

int
tkr_d20_combatant_get_tiebreak (TkrD20Combatant *self, guint index)
{
  g_return_val_if_fail (index < tkr_d20_combatant_get_n_tiebreaks (self), 0);
  return g_array_index (self->tiebreaks, int, index);
}

GArray *
tkr_d20_combatant_tiebreaks_with (TkrD20Combatant *self, int total)
{
  GArray *tiebreaks = g_array_new (FALSE, FALSE, sizeof (int));

  if (self->tiebreaks != NULL)
    g_array_append_vals (tiebreaks, self->tiebreaks->data, self->tiebreaks->len);
  g_array_append_val (tiebreaks, total);
  return tiebreaks;
}

GListModel *
tkr_d20_combatant_get_movements (TkrD20Combatant *self)
{
  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), NULL);
  return G_LIST_MODEL (self->movements);
}

/* (transfer none): the store keeps its reference. */
static TkrD20Movement *
movement_at (TkrD20Combatant *self, guint index)
{
  TkrD20Movement *movement = g_list_model_get_item (G_LIST_MODEL (self->movements), index);

  if (movement != NULL)
    g_object_unref (movement);
  return movement;
}

TkrD20Movement *
tkr_d20_combatant_find_movement (TkrD20Combatant *self, const char *kind)
{
  TkrD20Movement *movement;

  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), NULL);
  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    if (g_strcmp0 (movement->kind, kind) == 0)
      return movement;
  return NULL;
}

int
tkr_d20_combatant_get_speed (TkrD20Combatant *self, const char *kind)
{
  TkrD20Movement *movement = tkr_d20_combatant_find_movement (self, kind);

  return movement ? movement->feet[FEET_SPEED] : 0;
}

int
tkr_d20_combatant_get_moved (TkrD20Combatant *self, const char *kind)
{
  TkrD20Movement *movement = tkr_d20_combatant_find_movement (self, kind);

  return movement ? movement->feet[FEET_MOVED] : 0;
}

int
tkr_d20_combatant_get_total_moved (TkrD20Combatant *self)
{
  TkrD20Movement *movement;
  int total = 0;

  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), 0);
  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    total += movement->feet[FEET_MOVED];
  return total;
}

int
tkr_d20_combatant_get_movement_left (TkrD20Combatant *self, const char *kind)
{
  TkrD20Movement *movement;
  int factor, own, total, largest;

  g_return_val_if_fail (TKR_IS_D20_COMBATANT (self), 0);

  /* The greatest speed among the kinds used this turn and @kind. */
  largest = tkr_d20_combatant_get_speed (self, kind);
  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    if (movement->feet[FEET_MOVED] > 0)
      largest = MAX (largest, movement->feet[FEET_SPEED]);
  factor = 1 + self->ints[INT_DASHES];
  own =
    tkr_d20_combatant_get_speed (self, kind) * factor - tkr_d20_combatant_get_moved (self, kind);
  total = largest * factor - tkr_d20_combatant_get_total_moved (self);
  return MAX (MIN (own, total), 0);
}

void
tkr_d20_combatant_compute_movement (TkrD20Combatant *self, int *left, int *maximum)
{
  TkrD20Movement *movement;

  *left = *maximum = 0;
  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    {
      *maximum = MAX (*maximum, movement->feet[FEET_SPEED] * (1 + self->ints[INT_DASHES]));
      *left = MAX (*left, tkr_d20_combatant_get_movement_left (self, movement->kind));
    }
}

void
tkr_d20_combatant_init_movement (TkrD20Combatant *self)
{
  int left, maximum;

  tkr_d20_combatant_compute_movement (self, &left, &maximum);
  g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (self), "movement"), "maximum", maximum,
                "current", left, NULL);
}

int
tkr_d20_sheet_modifier (TkrCharacter *character, const char *name)
{
  TkrModifierKind kind = tkr_character_find_modifier (character, TKR_MODIFIER_KIND_SAVE, name)
                           ? TKR_MODIFIER_KIND_SAVE
                           : TKR_MODIFIER_KIND_SKILL;

  return tkr_character_get_modifier_value (character, kind, name);
}

/* The sheet's speed fields ("walk_speed", "fly_speed"... in the rule
 * data's "sheet.fields") give the speeds (seed, Movement: walking,
 * swimming or flying speed). A sheet without any of them falls back to its
 * Movement Ranges named like the kinds ("Walk", "Fly"); a sheet with no
 * speed at all walks at the rule data's default. */
static void
speeds_from_sheet (TkrD20Combatant *self, TkrCharacter *character, TkrRules *rules)
{
  int max_feet = tkr_rules_get_int (rules, "d20.movement.max_feet");
  TkrD20Movement *movement, *walk;
  gboolean has_fields = FALSE;
  gboolean any = FALSE;

  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    {
      g_autofree char *field = g_strconcat (movement->kind, "_speed", NULL);

      has_fields |= tkr_character_get_field (character, field, NULL);
    }
  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    {
      g_autofree char *field = g_strconcat (movement->kind, "_speed", NULL);
      int feet = 0;

      if (!has_fields)
        feet = tkr_character_get_range_units (character, movement->kind);
      else if (!tkr_character_get_field (character, field, &feet))
        feet = 0;
      movement->feet[FEET_SPEED] = CLAMP (feet, 0, max_feet);
      any |= feet > 0;
    }
  walk = tkr_d20_combatant_find_movement (self, "walk");
  if (!any && walk != NULL)
    walk->feet[FEET_SPEED] = tkr_rules_get_int (rules, "d20.movement.default_speed");
}

TkrD20Combatant *
tkr_d20_combatant_new_from_sheet (TkrCharacter *character, TkrRules *rules)
{
  TkrD20Combatant *self = tkr_d20_combatant_new (character, rules);
  int agility, mana;

  /* Initiative adds the sheet's Agility (seed, Initiative). */
  agility =
    tkr_d20_sheet_modifier (character, tkr_rules_get_string (rules, "d20.initiative.modifier"));
  self->ints[INT_AGILITY] = CLAMP (agility, -TKR_D20_MAX_AGILITY, TKR_D20_MAX_AGILITY);
  /* The sheet's "mana_max" field: a creature joins with full mana, as after
   * a long rest (seed, Long Rest). */
  if (!tkr_character_get_field (character, "mana_max", &mana))
    mana = 0;
  mana = CLAMP (mana, 0, MIN (tkr_rules_get_int (rules, "d20.rest.max_mana"), TKR_D20_MAX_MANA));
  self->ints[INT_MANA] = self->ints[INT_MANA_MAX] = mana;
  speeds_from_sheet (self, character, rules);
  tkr_d20_combatant_init_movement (self);
  return self;
}

/* Files */

static JsonNode *
feet_to_json (TkrD20Combatant *self, int which)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  TkrD20Movement *movement;

  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    if (movement->feet[which] > 0)
      json_object_set_int_member (object, movement->kind, movement->feet[which]);
  json_node_take_object (node, object);
  return node;
}

void
tkr_d20_combatant_write_json (TkrD20Combatant *self, JsonObject *object)
{
  JsonArray *tiebreaks = json_array_new ();

  for (guint i = 0; i < N_INTS; i++)
    json_object_set_int_member (
      object, int_infos[i].key,
      int_infos[i].resource ? tkr_combatant_get_left (TKR_COMBATANT (self), int_infos[i].resource)
                            : self->ints[i]);
  for (guint i = 0; i < N_BOOLS; i++)
    json_object_set_boolean_member (object, bool_infos[i].key, self->bools[i]);
  for (guint i = 0; i < tkr_d20_combatant_get_n_tiebreaks (self); i++)
    json_array_add_int_element (tiebreaks, tkr_d20_combatant_get_tiebreak (self, i));
  json_object_set_array_member (object, "tiebreaks", tiebreaks);
  json_object_set_member (object, "speeds", feet_to_json (self, FEET_SPEED));
  json_object_set_member (object, "moved", feet_to_json (self, FEET_MOVED));
}

static gboolean
feet_from_json (TkrD20Combatant *self,
                JsonObject *object,
                const char *member,
                int which,
                const char *path,
                int max_feet,
                GError **error)
{
  g_autofree char *dict_path = tkr_json_path (path, member);
  g_autoptr (GList) members = NULL;
  JsonObject *dict;

  if (!tkr_json_get_object (object, member, path, FALSE, &dict, error))
    return FALSE;
  members = dict ? json_object_get_members (dict) : NULL;
  for (GList *l = members; l != NULL; l = l->next)
    {
      TkrD20Movement *movement = tkr_d20_combatant_find_movement (self, l->data);
      gint64 feet;

      if (movement == NULL)
        {
          g_autofree char *item_path = tkr_json_path (dict_path, l->data);
          tkr_json_set_error (error, item_path, _ ("not a kind of movement these rules know"));
          return FALSE;
        }
      /* Moved feet can reach the speed times the Dashes. */
      if (!tkr_json_get_int (dict, l->data, dict_path, TRUE, 0, (gint64) max_feet * 101, 0, &feet,
                             error))
        return FALSE;
      movement->feet[which] = feet;
    }
  return TRUE;
}

/* Unrecorded, into a fresh combatant. */
gboolean
tkr_d20_combatant_read_json (
  TkrD20Combatant *self, JsonObject *object, const char *path, int max_feet, GError **error)
{
  g_autofree char *tiebreaks_path = tkr_json_path (path, "tiebreaks");
  JsonArray *tiebreaks;

  for (guint i = 0; i < N_INTS; i++)
    {
      gint64 value;

      if (!tkr_json_get_int (object, int_infos[i].key, path, FALSE, int_infos[i].minimum,
                             int_infos[i].maximum,
                             CLAMP (0, int_infos[i].minimum, int_infos[i].maximum), &value, error))
        return FALSE;
      if (int_infos[i].resource != NULL)
        g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (self), int_infos[i].resource),
                      "current", (int) value, NULL);
      else
        self->ints[i] = (int) value;
    }
  for (guint i = 0; i < N_BOOLS; i++)
    if (!tkr_json_get_bool (object, bool_infos[i].key, path, FALSE, FALSE, &self->bools[i], error))
      return FALSE;
  if (self->ints[INT_MANA] > self->ints[INT_MANA_MAX])
    {
      g_autofree char *mana_path = tkr_json_path (path, "mana");
      tkr_json_set_error (error, mana_path, _ ("more mana than the maximum"));
      return FALSE;
    }

  if (!tkr_json_get_array (object, "tiebreaks", path, FALSE, &tiebreaks, error))
    return FALSE;
  if (tiebreaks != NULL && json_array_get_length (tiebreaks) > TKR_D20_MAX_TIEBREAKS)
    {
      tkr_json_set_error (error, tiebreaks_path, _ ("too many contest rolls"));
      return FALSE;
    }
  for (guint i = 0; tiebreaks != NULL && i < json_array_get_length (tiebreaks); i++)
    {
      JsonNode *item = json_array_get_element (tiebreaks, i);
      int value;

      if (!JSON_NODE_HOLDS_VALUE (item) || json_node_get_value_type (item) != G_TYPE_INT64 ||
          json_node_get_int (item) < -TKR_D20_MAX_INITIATIVE ||
          json_node_get_int (item) > TKR_D20_MAX_INITIATIVE)
        {
          g_autofree char *item_path = tkr_json_path_index (tiebreaks_path, i);
          tkr_json_set_error (error, item_path, _ ("expected a whole number between %d and %d"),
                              -TKR_D20_MAX_INITIATIVE, TKR_D20_MAX_INITIATIVE);
          return FALSE;
        }
      if (self->tiebreaks == NULL)
        self->tiebreaks = g_array_new (FALSE, FALSE, sizeof (int));
      value = json_node_get_int (item);
      g_array_append_val (self->tiebreaks, value);
    }

  if (!feet_from_json (self, object, "speeds", FEET_SPEED, path, max_feet, error) ||
      !feet_from_json (self, object, "moved", FEET_MOVED, path, max_feet, error))
    return FALSE;
  tkr_d20_combatant_init_movement (self);
  return TRUE;
}
