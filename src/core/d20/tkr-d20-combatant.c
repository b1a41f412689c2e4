/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-condition.h"
#include "tkr-d20-combatant-private.h"
#include "tkr-d20-travel.h"
#include "tkr-fields.h"
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

static const TkrField movement_fields[] = {
  TKR_FIELD_STRING (TkrD20Movement, kind, "kind", NULL),
  TKR_FIELD_INT (TkrD20Movement, feet[FEET_SPEED], "speed", NULL, 0, G_MAXINT, 0),
  TKR_FIELD_INT (TkrD20Movement, feet[FEET_MOVED], "moved", NULL, 0, G_MAXINT, 0),
};

static void
tkr_d20_movement_finalize (GObject *object)
{
  tkr_fields_clear (object, TKR_TYPE_D20_MOVEMENT);
  G_OBJECT_CLASS (tkr_d20_movement_parent_class)->finalize (object);
}

static void
tkr_d20_movement_class_init (TkrD20MovementClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tkr_d20_movement_finalize;
  tkr_fields_install (G_OBJECT_CLASS (klass), movement_fields, G_N_ELEMENTS (movement_fields));
}

static void
tkr_d20_movement_init (TkrD20Movement *self)
{
}

/* Defines @function of @Class: @expression of self, a @type, or 0 when
 * self is not one (@IS_CLASS). */
#define GETTER(Class, IS_CLASS, type, function, expression)                                        \
  TKR_DEFINE_GETTER (Class, IS_CLASS, type, function, expression, 0)
#define MOVEMENT_GETTER(type, func, field)                                                         \
  GETTER (TkrD20Movement, TKR_IS_D20_MOVEMENT, type, tkr_d20_movement_get_##func, self->field)

MOVEMENT_GETTER (const char *, kind, kind)
MOVEMENT_GETTER (int, speed, feet[FEET_SPEED])
MOVEMENT_GETTER (int, moved, feet[FEET_MOVED])

/* ---------------------------------------------------------------------- */
/* TkrD20Combatant                                                         */
/* ---------------------------------------------------------------------- */

struct _TkrD20Combatant
{
  TkrCombatant parent_instance;

  TkrInitiative init; /* the modifier is Agility */
  int dashes, mana, mana_max, exhaustion;
  int hours_long, hours_short, checks_due, wounds, breath_left;
  gboolean surprised, holding_breath;
  guint64 serial;
  GArray *tiebreaks; /* int, or NULL */
  GListStore *movements;
};

G_DEFINE_FINAL_TYPE (TkrD20Combatant, tkr_d20_combatant, TKR_TYPE_COMBATANT)

const gsize tkr_d20_initiative_offset = G_STRUCT_OFFSET (TkrD20Combatant, init);

#define INT_FIELD(field, name, member, limit)                                                      \
  TKR_FIELD_INT (TkrD20Combatant, field, name, member, 0, limit, 0)
#define SIGNED_FIELD(field, name, limit)                                                           \
  TKR_FIELD_INT (TkrD20Combatant, field, name, name, -(limit), limit, 0)
#define BOOL_FIELD(field, name, member) TKR_FIELD_BOOLEAN (TkrD20Combatant, field, name, member)

/* The plain state, its properties and its file members. */
static const TkrField combatant_fields[] = {
  SIGNED_FIELD (init.modifier, "agility", TKR_D20_MAX_AGILITY),
  SIGNED_FIELD (init.value, "initiative", TKR_D20_MAX_INITIATIVE),
  INT_FIELD (dashes, "dashes", "dashes", 100),
  INT_FIELD (mana, "mana", "mana", TKR_D20_MAX_MANA),
  INT_FIELD (mana_max, "mana-max", "mana_max", TKR_D20_MAX_MANA),
  INT_FIELD (exhaustion, "exhaustion", "exhaustion", TKR_D20_MAX_EXHAUSTION),
  INT_FIELD (hours_long, "hours-since-long-rest", "hours_since_long_rest", TKR_D20_MAX_HOURS),
  INT_FIELD (hours_short, "hours-since-short-rest", "hours_since_short_rest", TKR_D20_MAX_HOURS),
  INT_FIELD (checks_due, "stamina-checks-due", "stamina_checks_due", TKR_D20_MAX_HOURS),
  INT_FIELD (wounds, "wounds", "wounds", TKR_D20_MAX_WOUNDS),
  INT_FIELD (breath_left, "breath-rounds-left", "breath_rounds_left", TKR_D20_MAX_BREATH),
  BOOL_FIELD (init.has_result, "initiative-set", "initiative_set"),
  BOOL_FIELD (surprised, "surprised", "surprised"),
  BOOL_FIELD (holding_breath, "holding-breath", "holding_breath"),
  TKR_FIELD_OBJECT (TkrD20Combatant, movements, "movements", g_list_model_get_type),
};

/* The turn's resources, with their file members, spent until a turn
 * grants them; how many a turn grants, in the rule data. */
static const TkrResourceField resource_infos[] = {
  { "action", N_ ("Action"), "actions_left", FALSE },
  { "bonus-action", N_ ("Bonus action"), "bonus_actions_left", FALSE },
  { "reaction", N_ ("Reaction"), "reactions_left", FALSE },
};
static const char *const per_turn[] = { "d20.turn.actions", "d20.turn.bonus_actions",
                                        "d20.turn.reactions" };

/* The statuses in the condition list, by their ids in the rule data's
 * "conditions"; files from before kept each as a boolean of that name. */
static const char *const condition_ids[] = { "dodging", "prone", "dying" };

#define PROP_TIEBREAKS (G_N_ELEMENTS (combatant_fields) + 1)

static void
tkr_d20_combatant_finalize (GObject *object)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  tkr_fields_clear (object, TKR_TYPE_D20_COMBATANT);
  g_clear_pointer (&self->tiebreaks, g_array_unref);
  G_OBJECT_CLASS (tkr_d20_combatant_parent_class)->finalize (object);
}

static void
tkr_d20_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrD20Combatant *self = TKR_D20_COMBATANT (object);

  if (prop_id == PROP_TIEBREAKS)
    g_value_set_boxed (value, self->tiebreaks);
  else
    tkr_fields_get_property (object, prop_id, value, pspec);
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
  GArray *tiebreaks = prop_id == PROP_TIEBREAKS ? g_value_get_boxed (value) : NULL;

  if (prop_id != PROP_TIEBREAKS)
    tkr_fields_set_property (object, prop_id, value, pspec);
  else if (!same_tiebreaks (self->tiebreaks, tiebreaks))
    {
      g_clear_pointer (&self->tiebreaks, g_array_unref);
      self->tiebreaks = tiebreaks && tiebreaks->len > 0 ? g_array_ref (tiebreaks) : NULL;
      g_object_notify_by_pspec (object, pspec);
    }
}

static void
tkr_d20_combatant_class_init (TkrD20CombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_d20_combatant_finalize;
  object_class->get_property = tkr_d20_combatant_get_property;
  object_class->set_property = tkr_d20_combatant_set_property;
  tkr_fields_install (object_class, combatant_fields, G_N_ELEMENTS (combatant_fields));
  g_object_class_install_property (
    object_class, PROP_TIEBREAKS,
    g_param_spec_boxed ("tiebreaks", NULL, NULL, G_TYPE_ARRAY,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static void
tkr_d20_combatant_init (TkrD20Combatant *self)
{
  static guint64 made;

  self->serial = ++made;
  self->movements = g_list_store_new (TKR_TYPE_D20_MOVEMENT);
}

TkrD20Combatant *
tkr_d20_combatant_new (TkrCharacter *character, TkrRules *rules)
{
  TkrD20Combatant *self = g_object_new (TKR_TYPE_D20_COMBATANT, "character", character, NULL);
  g_auto (GStrv) kinds = tkr_d20_rules_movement_kinds (rules);
  g_autoptr (TkrResource) movement = tkr_resource_new ("movement", _ ("Movement"), 0);

  int maximum[G_N_ELEMENTS (resource_infos)];

  for (guint i = 0; i < G_N_ELEMENTS (resource_infos); i++)
    maximum[i] = tkr_rules_get_int (rules, per_turn[i]);
  tkr_combatant_add_resources (TKR_COMBATANT (self), resource_infos, G_N_ELEMENTS (resource_infos),
                               maximum);
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      g_autoptr (TkrD20Movement) kind =
        g_object_new (TKR_TYPE_D20_MOVEMENT, "kind", kinds[i], NULL);

      g_list_store_append (self->movements, kind);
    }
  tkr_combatant_add_resource (TKR_COMBATANT (self), movement);
  return self;
}

#define COMBATANT_GETTER(type, func, expression)                                                   \
  GETTER (TkrD20Combatant, TKR_IS_D20_COMBATANT, type, tkr_d20_combatant_##func, expression)
/* In a getter's expression: the condition @id is on; what is left of the
 * resource @id. */
#define HAS_CONDITION(id) (tkr_d20_combatant_find_condition (self, id) != NULL)
#define LEFT(id) tkr_combatant_get_left (TKR_COMBATANT (self), id)

COMBATANT_GETTER (int, get_agility, self->init.modifier)
COMBATANT_GETTER (int, get_initiative, self->init.value)
COMBATANT_GETTER (gboolean, has_initiative, self->init.has_result)
COMBATANT_GETTER (int, get_dashes, self->dashes)
COMBATANT_GETTER (int, get_mana, self->mana)
COMBATANT_GETTER (int, get_mana_max, self->mana_max)
COMBATANT_GETTER (int, get_exhaustion, self->exhaustion)
COMBATANT_GETTER (int, get_hours_since_long_rest, self->hours_long)
COMBATANT_GETTER (int, get_hours_since_short_rest, self->hours_short)
COMBATANT_GETTER (int, get_stamina_checks_due, self->checks_due)
COMBATANT_GETTER (int, get_wounds, self->wounds)
COMBATANT_GETTER (int, get_breath_rounds_left, self->breath_left)
COMBATANT_GETTER (gboolean, get_surprised, self->surprised)
COMBATANT_GETTER (gboolean, get_waiting, tkr_combatant_get_delaying (TKR_COMBATANT (self)))
COMBATANT_GETTER (gboolean, get_holding_breath, self->holding_breath)
COMBATANT_GETTER (guint64, get_serial, self->serial)
COMBATANT_GETTER (gboolean, get_dodging, HAS_CONDITION ("dodging"))
COMBATANT_GETTER (gboolean, get_prone, HAS_CONDITION ("prone"))
COMBATANT_GETTER (gboolean, get_dying, HAS_CONDITION ("dying"))
COMBATANT_GETTER (int, get_actions_left, LEFT ("action"))
COMBATANT_GETTER (int, get_bonus_actions_left, LEFT ("bonus-action"))
COMBATANT_GETTER (int, get_reactions_left, LEFT ("reaction"))
COMBATANT_GETTER (guint, get_n_tiebreaks, self->tiebreaks ? self->tiebreaks->len : 0)
COMBATANT_GETTER (GListModel *, get_movements, G_LIST_MODEL (self->movements))

#define item_at tkr_list_item_at

#define movement_at(self, index)                                                                   \
  ((TkrD20Movement *) item_at (G_LIST_MODEL ((self)->movements), index))

/* (transfer none) (nullable): the condition of the rule data's @id in the
 * combatant's list (the names are the ids, capitalised). */
TkrCondition *
tkr_d20_combatant_find_condition (TkrD20Combatant *self, const char *id)
{
  GListModel *conditions = G_LIST_MODEL (tkr_combatant_get_condition_store (TKR_COMBATANT (self)));

  for (guint i = 0; i < g_list_model_get_n_items (conditions); i++)
    if (g_ascii_strcasecmp (tkr_condition_get_name (item_at (conditions, i)), id) == 0)
      return item_at (conditions, i);
  return NULL;
}

TkrCondition *
tkr_d20_condition_new (TkrRules *rules, const char *id)
{
  const TkrConditionInfo *info = tkr_rules_lookup_condition (rules, id);
  /* Rules without it: Dodging lasts until the next turn, the others stay. */
  TkrCondition *condition =
    info ? tkr_condition_new_from_info (info)
         : tkr_condition_new (id,
                              g_str_equal (id, "dodging") ? TKR_CONDITION_KIND_TEMPORARY
                                                          : TKR_CONDITION_KIND_PERSISTENT,
                              1);
  g_autoptr (GVariant) one = tkr_condition_stack_turns_with_added (condition, 1, TKR_TURN_NONE);
  g_object_set (condition, "stack-turns", one, NULL);
  return condition;
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
  factor = 1 + self->dashes;
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
      *maximum = MAX (*maximum, movement->feet[FEET_SPEED] * (1 + self->dashes));
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
  TkrModifierKind kind = tkr_character_has_modifier (character, TKR_MODIFIER_KIND_SAVE, name)
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
  self->init.modifier = CLAMP (agility, -TKR_D20_MAX_AGILITY, TKR_D20_MAX_AGILITY);
  /* The sheet's "mana_max" field: a creature joins with full mana, as after
   * a long rest (seed, Long Rest). */
  if (!tkr_character_get_field (character, "mana_max", &mana))
    mana = 0;
  mana = CLAMP (mana, 0, MIN (tkr_rules_get_int (rules, "d20.rest.max_mana"), TKR_D20_MAX_MANA));
  self->mana = self->mana_max = mana;
  speeds_from_sheet (self, character, rules);
  tkr_d20_combatant_init_movement (self);
  return self;
}

/* Files */

static void
write_feet (TkrD20Combatant *self, TkrJsonWriter *writer, const char *name, int which)
{
  TkrD20Movement *movement;

  tkr_json_writer_begin_object (writer, name);
  for (guint i = 0; (movement = movement_at (self, i)) != NULL; i++)
    if (movement->feet[which] > 0)
      tkr_json_writer_int (writer, movement->kind, movement->feet[which]);
  tkr_json_writer_end_object (writer);
}

/* Written straight from the combatant (docs/ARCHITECTURE.md, "Files"):
 * its fields, what is left of its resources, its conditions, tiebreaks,
 * speeds and the feet it moved, in that order. */
void
tkr_d20_combatant_write_json (TkrD20Combatant *self, TkrJsonWriter *writer)
{
  GListModel *conditions = G_LIST_MODEL (tkr_combatant_get_condition_store (TKR_COMBATANT (self)));
  guint n = g_list_model_get_n_items (conditions);

  tkr_fields_write_json (G_OBJECT (self), TKR_TYPE_D20_COMBATANT, writer);
  tkr_combatant_resources_write_json (TKR_COMBATANT (self), resource_infos,
                                      G_N_ELEMENTS (resource_infos), writer);
  tkr_json_writer_begin_array (writer, "conditions");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);

      tkr_condition_write_json (condition, writer, NULL);
    }
  tkr_json_writer_end_array (writer);
  tkr_json_writer_begin_array (writer, "tiebreaks");
  for (guint i = 0; i < tkr_d20_combatant_get_n_tiebreaks (self); i++)
    tkr_json_writer_int (writer, NULL, tkr_d20_combatant_get_tiebreak (self, i));
  tkr_json_writer_end_array (writer);
  write_feet (self, writer, "speeds", FEET_SPEED);
  write_feet (self, writer, "moved", FEET_MOVED);
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
        return tkr_json_refuse (error, dict_path, l->data,
                                _ ("not a kind of movement these rules know"));
      /* Moved feet can reach the speed times the Dashes. */
      if (!tkr_json_get_int (dict, l->data, dict_path, TRUE, 0, (gint64) max_feet * 101, 0, &feet,
                             error))
        return FALSE;
      movement->feet[which] = feet;
    }
  return TRUE;
}

/* The condition list; files from before it kept "dodging", "prone" and
 * "dying" as booleans. */
/* One condition of "conditions", into @store. */
static gboolean
read_condition (GListStore *store, JsonNode *node, const char *path, gpointer data, GError **error)
{
  g_autoptr (TkrCondition) condition = tkr_condition_new_from_json (node, path, error);

  if (condition != NULL)
    g_list_store_append (store, condition);
  return condition != NULL;
}

static gboolean
conditions_from_json (
  TkrD20Combatant *self, JsonObject *object, const char *path, TkrRules *rules, GError **error)
{
  GListStore *store = tkr_combatant_get_condition_store (TKR_COMBATANT (self));

  if (!tkr_json_read_list (object, path, "conditions", (TkrReadItem) read_condition, store, NULL,
                           error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (condition_ids); i++)
    {
      const char *id = condition_ids[i];
      gboolean on;

      if (!tkr_json_get_bool (object, id, path, FALSE, FALSE, &on, error))
        return FALSE;
      if (on && tkr_d20_combatant_find_condition (self, id) == NULL)
        {
          g_autoptr (TkrCondition) condition = tkr_d20_condition_new (rules, id);

          g_list_store_append (store, condition);
        }
    }
  return TRUE;
}

/* One contest roll of "tiebreaks"; @list_path is the list's. */
static gboolean
read_tiebreak (
  TkrD20Combatant *self, JsonNode *item, const char *path, const char *list_path, GError **error)
{
  int value;

  if (self->tiebreaks != NULL && self->tiebreaks->len >= TKR_D20_MAX_TIEBREAKS)
    return tkr_json_refuse (error, list_path, NULL, _ ("too many contest rolls"));
  if (!JSON_NODE_HOLDS_VALUE (item) || json_node_get_value_type (item) != G_TYPE_INT64 ||
      json_node_get_int (item) < -TKR_D20_MAX_INITIATIVE ||
      json_node_get_int (item) > TKR_D20_MAX_INITIATIVE)
    return tkr_json_refuse (error, path, NULL, _ ("expected a whole number between %d and %d"),
                            -TKR_D20_MAX_INITIATIVE, TKR_D20_MAX_INITIATIVE);
  if (self->tiebreaks == NULL)
    self->tiebreaks = g_array_new (FALSE, FALSE, sizeof (int));
  value = json_node_get_int (item);
  g_array_append_val (self->tiebreaks, value);
  return TRUE;
}

/* Unrecorded, into a fresh combatant. */
gboolean
tkr_d20_combatant_read_json (
  TkrD20Combatant *self, JsonObject *object, const char *path, TkrRules *rules, GError **error)
{
  int max_feet = tkr_rules_get_int (rules, "d20.movement.max_feet");
  g_autofree char *tiebreaks_path = tkr_json_path (path, "tiebreaks");
  gboolean waiting;

  /* What is left may pass what a turn grants (up to 100). */
  if (!tkr_fields_from_json (G_OBJECT (self), TKR_TYPE_D20_COMBATANT, object, path, error) ||
      !tkr_combatant_resources_from_json (TKR_COMBATANT (self), resource_infos,
                                          G_N_ELEMENTS (resource_infos), object, path, 100, error))
    return FALSE;
  if (self->mana > self->mana_max)
    return tkr_json_refuse (error, path, "mana", _ ("more mana than the maximum"));
  /* Files from before kept the Wait here; it is the engine's hold now
   * (tkr-delay.h), which puts it in its list. */
  if (!tkr_json_get_bool (object, "waiting", path, FALSE, FALSE, &waiting, error))
    return FALSE;
  if (waiting)
    g_object_set (self, "delaying", TRUE, NULL);
  if (!conditions_from_json (self, object, path, rules, error) ||
      !tkr_json_read_list (object, path, "tiebreaks", (TkrReadItem) read_tiebreak, self,
                           tiebreaks_path, error) ||
      !feet_from_json (self, object, "speeds", FEET_SPEED, path, max_feet, error) ||
      !feet_from_json (self, object, "moved", FEET_MOVED, path, max_feet, error))
    return FALSE;
  tkr_d20_combatant_init_movement (self);
  return TRUE;
}
