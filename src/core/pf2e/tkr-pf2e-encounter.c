/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-enums.h"
#include "tkr-json.h"
#include "tkr-log-entry.h"
#include "tkr-pf2e-encounter.h"

/*
 * Pathfinder 2e encounter mode (seed 002, "Structure" and "Turns"; RULES.md
 * section 2). The numbers come from the rule data's "pf2e" section.
 *
 * Choices the seed leaves to the table, made here:
 * - A group of identical creatures shares one initiative result; its
 *   members still take one turn each, one after the other (the seed lets
 *   them act in any order within the group: "put before" picks it).
 * - Ties between creatures of the same side keep their order of entry
 *   until someone chooses otherwise with "put before", during Setup.
 * - A dying creature whose turn begins owes a recovery check; the turn
 *   cannot pass until it is made (typed in or rolled). Dying 0 leaves the
 *   creature Unconscious and stable, and raises Wounded (public rules).
 * - Dead creatures keep their place in the order; their turns have no
 *   actions.
 */

#define NEXT_TURN_TAG "next-turn"

/* Bounds for values typed in or read from files. */
#define MAX_ROUND 1000000
#define MAX_MODIFIER 100
#define MIN_INITIATIVE (-100)
#define MAX_INITIATIVE 300
#define MAX_NAME_LENGTH 200
#define MAX_EFFECT_ROUNDS 100000

static const char *const phase_nicks[] = { "freeplay", "setup", "main", "paused", "end", NULL };

/* ------------------------------------------------------------------ */
/* TkrPf2eCombatant                                                    */
/* ------------------------------------------------------------------ */

struct _TkrPf2eCombatant
{
  GObject parent_instance;

  TkrCharacter *character;
  char *initiative_skill;
  int initiative_modifier;
  gboolean has_initiative;
  int initiative;
  char *group;
  int tie_rank;
  int actions_left;
  int reactions_left;
  GVariant *conditions; /* a{si}, sorted by name; NULL when none */
  gboolean recovery_due;
  gboolean dead;
};

G_DEFINE_FINAL_TYPE (TkrPf2eCombatant, tkr_pf2e_combatant, G_TYPE_OBJECT)

enum
{
  CPROP_0,
  CPROP_CHARACTER,
  CPROP_INITIATIVE_SKILL,
  CPROP_INITIATIVE_MODIFIER,
  CPROP_HAS_INITIATIVE,
  CPROP_INITIATIVE,
  CPROP_GROUP,
  CPROP_TIE_RANK,
  CPROP_ACTIONS_LEFT,
  CPROP_REACTIONS_LEFT,
  CPROP_CONDITIONS,
  CPROP_RECOVERY_DUE,
  CPROP_DEAD,
  N_CPROPS
};

static GParamSpec *combatant_properties[N_CPROPS];

static void
set_int_field (GObject *object, int *field, const GValue *value, GParamSpec *pspec)
{
  if (*field == g_value_get_int (value))
    return;
  *field = g_value_get_int (value);
  g_object_notify_by_pspec (object, pspec);
}

static void
set_bool_field (GObject *object, gboolean *field, const GValue *value, GParamSpec *pspec)
{
  if (*field == g_value_get_boolean (value))
    return;
  *field = g_value_get_boolean (value);
  g_object_notify_by_pspec (object, pspec);
}

static void
set_string_field (GObject *object, char **field, const GValue *value, GParamSpec *pspec)
{
  const char *text = g_value_get_string (value);

  /* An empty string and NULL are the same: nothing. */
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (*field, text) == 0)
    return;
  g_free (*field);
  *field = g_strdup (text);
  g_object_notify_by_pspec (object, pspec);
}

static void
tkr_pf2e_combatant_dispose (GObject *object)
{
  TkrPf2eCombatant *self = TKR_PF2E_COMBATANT (object);

  g_clear_object (&self->character);

  G_OBJECT_CLASS (tkr_pf2e_combatant_parent_class)->dispose (object);
}

static void
tkr_pf2e_combatant_finalize (GObject *object)
{
  TkrPf2eCombatant *self = TKR_PF2E_COMBATANT (object);

  g_free (self->initiative_skill);
  g_free (self->group);
  g_clear_pointer (&self->conditions, g_variant_unref);

  G_OBJECT_CLASS (tkr_pf2e_combatant_parent_class)->finalize (object);
}

static void
tkr_pf2e_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPf2eCombatant *self = TKR_PF2E_COMBATANT (object);

  switch (prop_id)
    {
    case CPROP_CHARACTER:
      g_value_set_object (value, self->character);
      break;
    case CPROP_INITIATIVE_SKILL:
      g_value_set_string (value, self->initiative_skill);
      break;
    case CPROP_INITIATIVE_MODIFIER:
      g_value_set_int (value, self->initiative_modifier);
      break;
    case CPROP_HAS_INITIATIVE:
      g_value_set_boolean (value, self->has_initiative);
      break;
    case CPROP_INITIATIVE:
      g_value_set_int (value, self->initiative);
      break;
    case CPROP_GROUP:
      g_value_set_string (value, self->group);
      break;
    case CPROP_TIE_RANK:
      g_value_set_int (value, self->tie_rank);
      break;
    case CPROP_ACTIONS_LEFT:
      g_value_set_int (value, self->actions_left);
      break;
    case CPROP_REACTIONS_LEFT:
      g_value_set_int (value, self->reactions_left);
      break;
    case CPROP_CONDITIONS:
      g_value_set_variant (value, self->conditions);
      break;
    case CPROP_RECOVERY_DUE:
      g_value_set_boolean (value, self->recovery_due);
      break;
    case CPROP_DEAD:
      g_value_set_boolean (value, self->dead);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_combatant_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrPf2eCombatant *self = TKR_PF2E_COMBATANT (object);

  switch (prop_id)
    {
    case CPROP_CHARACTER:
      self->character = g_value_dup_object (value);
      break;
    case CPROP_INITIATIVE_SKILL:
      set_string_field (object, &self->initiative_skill, value, pspec);
      break;
    case CPROP_INITIATIVE_MODIFIER:
      set_int_field (object, &self->initiative_modifier, value, pspec);
      break;
    case CPROP_HAS_INITIATIVE:
      set_bool_field (object, &self->has_initiative, value, pspec);
      break;
    case CPROP_INITIATIVE:
      set_int_field (object, &self->initiative, value, pspec);
      break;
    case CPROP_GROUP:
      set_string_field (object, &self->group, value, pspec);
      break;
    case CPROP_TIE_RANK:
      set_int_field (object, &self->tie_rank, value, pspec);
      break;
    case CPROP_ACTIONS_LEFT:
      set_int_field (object, &self->actions_left, value, pspec);
      break;
    case CPROP_REACTIONS_LEFT:
      set_int_field (object, &self->reactions_left, value, pspec);
      break;
    case CPROP_CONDITIONS:
      {
        GVariant *conditions = g_value_get_variant (value);

        if (self->conditions == conditions || (self->conditions != NULL && conditions != NULL &&
                                               g_variant_equal (self->conditions, conditions)))
          break;
        g_clear_pointer (&self->conditions, g_variant_unref);
        self->conditions = g_value_dup_variant (value);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    case CPROP_RECOVERY_DUE:
      set_bool_field (object, &self->recovery_due, value, pspec);
      break;
    case CPROP_DEAD:
      set_bool_field (object, &self->dead, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_combatant_class_init (TkrPf2eCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_pf2e_combatant_dispose;
  object_class->finalize = tkr_pf2e_combatant_finalize;
  object_class->get_property = tkr_pf2e_combatant_get_property;
  object_class->set_property = tkr_pf2e_combatant_set_property;

  combatant_properties[CPROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  combatant_properties[CPROP_INITIATIVE_SKILL] =
    g_param_spec_string ("initiative-skill", NULL, NULL, NULL, rw);
  combatant_properties[CPROP_INITIATIVE_MODIFIER] =
    g_param_spec_int ("initiative-modifier", NULL, NULL, -MAX_MODIFIER, MAX_MODIFIER, 0, rw);
  combatant_properties[CPROP_HAS_INITIATIVE] =
    g_param_spec_boolean ("has-initiative", NULL, NULL, FALSE, rw);
  combatant_properties[CPROP_INITIATIVE] =
    g_param_spec_int ("initiative", NULL, NULL, MIN_INITIATIVE, MAX_INITIATIVE, 0, rw);
  combatant_properties[CPROP_GROUP] = g_param_spec_string ("group", NULL, NULL, NULL, rw);
  combatant_properties[CPROP_TIE_RANK] =
    g_param_spec_int ("tie-rank", NULL, NULL, 0, G_MAXINT, 0, rw);
  combatant_properties[CPROP_ACTIONS_LEFT] =
    g_param_spec_int ("actions-left", NULL, NULL, 0, 100, 0, rw);
  combatant_properties[CPROP_REACTIONS_LEFT] =
    g_param_spec_int ("reactions-left", NULL, NULL, 0, 100, 0, rw);
  combatant_properties[CPROP_CONDITIONS] =
    g_param_spec_variant ("conditions", NULL, NULL, G_VARIANT_TYPE ("a{si}"), NULL, rw);
  combatant_properties[CPROP_RECOVERY_DUE] =
    g_param_spec_boolean ("recovery-due", NULL, NULL, FALSE, rw);
  combatant_properties[CPROP_DEAD] = g_param_spec_boolean ("dead", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_CPROPS, combatant_properties);
}

static void
tkr_pf2e_combatant_init (TkrPf2eCombatant *self)
{
}

TkrCharacter *
tkr_pf2e_combatant_get_character (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), NULL);
  return self->character;
}

const char *
tkr_pf2e_combatant_get_initiative_skill (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), NULL);
  return self->initiative_skill;
}

int
tkr_pf2e_combatant_get_initiative_modifier (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->initiative_modifier;
}

gboolean
tkr_pf2e_combatant_has_initiative (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), FALSE);
  return self->has_initiative;
}

int
tkr_pf2e_combatant_get_initiative (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->initiative;
}

const char *
tkr_pf2e_combatant_get_group (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), NULL);
  return self->group;
}

int
tkr_pf2e_combatant_get_tie_rank (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->tie_rank;
}

int
tkr_pf2e_combatant_get_actions_left (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->actions_left;
}

int
tkr_pf2e_combatant_get_reactions_left (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  return self->reactions_left;
}

int
tkr_pf2e_combatant_get_condition (TkrPf2eCombatant *self, const char *name)
{
  GVariantIter iter;
  const char *key;
  int value;

  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), 0);
  g_return_val_if_fail (name != NULL, 0);

  if (self->conditions == NULL)
    return 0;
  g_variant_iter_init (&iter, self->conditions);
  while (g_variant_iter_next (&iter, "{&si}", &key, &value))
    if (g_ascii_strcasecmp (key, name) == 0)
      return value;
  return 0;
}

gboolean
tkr_pf2e_combatant_get_recovery_due (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), FALSE);
  return self->recovery_due;
}

gboolean
tkr_pf2e_combatant_is_dead (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), FALSE);
  return self->dead;
}

const char *
tkr_pf2e_combatant_get_state (TkrPf2eCombatant *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (self), NULL);

  if (self->dead)
    return "dead";
  if (tkr_pf2e_combatant_get_condition (self, "Dying") > 0)
    return "dying";
  if (tkr_pf2e_combatant_get_condition (self, "Unconscious") > 0)
    return "unconscious";
  return "active";
}

/* The conditions with @name set to @value (0 removes it), sorted by name
 * so equal sets are equal variants. NULL when none is left. */
static GVariant *
conditions_with (TkrPf2eCombatant *self, const char *name, int value)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  int old;
  gboolean placed = FALSE;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  if (self->conditions != NULL)
    {
      g_variant_iter_init (&iter, self->conditions);
      while (g_variant_iter_next (&iter, "{&si}", &key, &old))
        {
          int cmp = g_ascii_strcasecmp (key, name);

          if (!placed && cmp >= 0)
            {
              if (value > 0)
                g_variant_builder_add (&builder, "{si}", name, value);
              placed = TRUE;
              if (cmp == 0)
                continue;
            }
          g_variant_builder_add (&builder, "{si}", key, old);
          g_ptr_array_add (names, (gpointer) key);
        }
    }
  if (!placed && value > 0)
    {
      g_variant_builder_add (&builder, "{si}", name, value);
      placed = TRUE;
    }
  if (names->len == 0 && value <= 0)
    {
      g_variant_builder_clear (&builder);
      return NULL;
    }
  return g_variant_builder_end (&builder);
}

/* ------------------------------------------------------------------ */
/* TkrPf2eEffect                                                       */
/* ------------------------------------------------------------------ */

struct _TkrPf2eEffect
{
  GObject parent_instance;

  char *name;
  TkrPf2eCombatant *creator;
  int rounds_left;
};

G_DEFINE_FINAL_TYPE (TkrPf2eEffect, tkr_pf2e_effect, G_TYPE_OBJECT)

enum
{
  EPROP_0,
  EPROP_NAME,
  EPROP_CREATOR,
  EPROP_ROUNDS_LEFT,
  N_EPROPS
};

static GParamSpec *effect_properties[N_EPROPS];

static void
tkr_pf2e_effect_dispose (GObject *object)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  g_clear_object (&self->creator);

  G_OBJECT_CLASS (tkr_pf2e_effect_parent_class)->dispose (object);
}

static void
tkr_pf2e_effect_finalize (GObject *object)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  g_free (self->name);

  G_OBJECT_CLASS (tkr_pf2e_effect_parent_class)->finalize (object);
}

static void
tkr_pf2e_effect_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  switch (prop_id)
    {
    case EPROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case EPROP_CREATOR:
      g_value_set_object (value, self->creator);
      break;
    case EPROP_ROUNDS_LEFT:
      g_value_set_int (value, self->rounds_left);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_effect_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  TkrPf2eEffect *self = TKR_PF2E_EFFECT (object);

  switch (prop_id)
    {
    case EPROP_NAME:
      set_string_field (object, &self->name, value, pspec);
      break;
    case EPROP_CREATOR:
      if (self->creator != g_value_get_object (value))
        {
          g_set_object (&self->creator, g_value_get_object (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case EPROP_ROUNDS_LEFT:
      set_int_field (object, &self->rounds_left, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_effect_class_init (TkrPf2eEffectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tkr_pf2e_effect_dispose;
  object_class->finalize = tkr_pf2e_effect_finalize;
  object_class->get_property = tkr_pf2e_effect_get_property;
  object_class->set_property = tkr_pf2e_effect_set_property;

  effect_properties[EPROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  effect_properties[EPROP_CREATOR] =
    g_param_spec_object ("creator", NULL, NULL, TKR_TYPE_PF2E_COMBATANT, rw);
  effect_properties[EPROP_ROUNDS_LEFT] =
    g_param_spec_int ("rounds-left", NULL, NULL, 0, MAX_EFFECT_ROUNDS, 0, rw);
  g_object_class_install_properties (object_class, N_EPROPS, effect_properties);
}

static void
tkr_pf2e_effect_init (TkrPf2eEffect *self)
{
}

const char *
tkr_pf2e_effect_get_name (TkrPf2eEffect *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_EFFECT (self), NULL);
  return self->name;
}

TkrPf2eCombatant *
tkr_pf2e_effect_get_creator (TkrPf2eEffect *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_EFFECT (self), NULL);
  return self->creator;
}

int
tkr_pf2e_effect_get_rounds_left (TkrPf2eEffect *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_EFFECT (self), 0);
  return self->rounds_left;
}

/* ------------------------------------------------------------------ */
/* TkrPf2eEncounter                                                    */
/* ------------------------------------------------------------------ */

struct _TkrPf2eEncounter
{
  GObject parent_instance;

  TkrRules *rules;
  /* Not a reference, as in TkrKlepEncounter: the history references the
   * encounter, and the owner of both keeps the history alive. */
  TkrHistory *history;
  GError *section_error;

  /* The rule data's "pf2e" section */
  int actions_per_turn;
  int reactions_per_round;
  int max_activity_actions;
  int initiative_die;
  char *default_skill;
  int recovery_dc_base;
  int critical_margin;
  int death_dying_value;
  int wounded_when_dying_ends;
  GStrv decrease_at_end_of_turn;

  TkrPhase phase;
  int round;
  int current_index;

  GListStore *participants; /* TkrCharacter */
  GListStore *combatants;   /* TkrPf2eCombatant, order of entry */
  GListStore *order;        /* TkrPf2eCombatant, initiative order */
  GListStore *effects;      /* TkrPf2eEffect */
  GListStore *log;          /* TkrLogEntry */
};

static void tkr_pf2e_encounter_tracker_init (TkrTrackerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkrPf2eEncounter,
                               tkr_pf2e_encounter,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TKR_TYPE_TRACKER,
                                                      tkr_pf2e_encounter_tracker_init))

enum
{
  PROP_0,
  PROP_RULES,
  PROP_HISTORY,
  PROP_PHASE,
  PROP_ROUND,
  PROP_CURRENT_INDEX,
  PROP_PARTICIPANTS,
  PROP_COMBATANTS,
  PROP_ORDER,
  PROP_EFFECTS,
  PROP_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_pf2e_encounter_dispose (GObject *object)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (object);

  if (self->history != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
  self->history = NULL;
  g_clear_object (&self->participants);
  g_clear_object (&self->combatants);
  g_clear_object (&self->order);
  g_clear_object (&self->effects);
  g_clear_object (&self->log);
  g_clear_object (&self->rules);

  G_OBJECT_CLASS (tkr_pf2e_encounter_parent_class)->dispose (object);
}

static void
tkr_pf2e_encounter_finalize (GObject *object)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (object);

  g_clear_error (&self->section_error);
  g_free (self->default_skill);
  g_strfreev (self->decrease_at_end_of_turn);

  G_OBJECT_CLASS (tkr_pf2e_encounter_parent_class)->finalize (object);
}

static void
tkr_pf2e_encounter_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (object);

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
    case PROP_PARTICIPANTS:
      g_value_set_object (value, self->participants);
      break;
    case PROP_COMBATANTS:
      g_value_set_object (value, self->combatants);
      break;
    case PROP_ORDER:
      g_value_set_object (value, self->order);
      break;
    case PROP_EFFECTS:
      g_value_set_object (value, self->effects);
      break;
    case PROP_LOG:
      g_value_set_object (value, self->log);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_pf2e_encounter_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (object);

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
      set_int_field (object, &self->round, value, pspec);
      break;
    case PROP_CURRENT_INDEX:
      set_int_field (object, &self->current_index, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The rule data's "pf2e" section: every number this system needs, its
 * shape checked when the rules loaded (tkr-rules-schema.c). */
static gboolean
read_section (TkrPf2eEncounter *self, GError **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  const char *const *decrease;

  if (!tkr_rules_require_section (self->rules, "pf2e", error))
    return FALSE;
  self->actions_per_turn = tkr_rules_get_int (self->rules, "pf2e.actions_per_turn");
  self->reactions_per_round = tkr_rules_get_int (self->rules, "pf2e.reactions_per_round");
  self->max_activity_actions = tkr_rules_get_int (self->rules, "pf2e.max_activity_actions");
  self->initiative_die = tkr_rules_get_int (self->rules, "pf2e.initiative_die");
  self->recovery_dc_base = tkr_rules_get_int (self->rules, "pf2e.recovery_dc_base");
  self->critical_margin = tkr_rules_get_int (self->rules, "pf2e.critical_margin");
  self->death_dying_value = tkr_rules_get_int (self->rules, "pf2e.death_dying_value");
  self->wounded_when_dying_ends = tkr_rules_get_int (self->rules, "pf2e.wounded_when_dying_ends");
  self->default_skill =
    g_strdup (tkr_rules_get_string (self->rules, "pf2e.default_initiative_skill"));

  /* The schema checked that each names a condition of "conditions". */
  decrease = tkr_rules_get_strv (self->rules, "pf2e.decrease_at_end_of_turn");
  for (guint i = 0; decrease[i] != NULL; i++)
    g_strv_builder_add (builder, tkr_rules_lookup_condition (self->rules, decrease[i])->name);
  self->decrease_at_end_of_turn = g_strv_builder_end (builder);
  return TRUE;
}

static void
tkr_pf2e_encounter_constructed (GObject *object)
{
  TkrPf2eEncounter *self = TKR_PF2E_ENCOUNTER (object);

  G_OBJECT_CLASS (tkr_pf2e_encounter_parent_class)->constructed (object);

  if (self->rules == NULL)
    self->rules = tkr_rules_new_from_resource ("pf2e", &self->section_error);
  if (self->rules != NULL && !read_section (self, &self->section_error))
    {
      /* Usable defaults, so a caller that ignored the error cannot crash. */
      self->actions_per_turn = 3;
      self->reactions_per_round = 1;
      self->max_activity_actions = 3;
      self->initiative_die = 20;
      self->critical_margin = 10;
      self->death_dying_value = 4;
    }
  if (self->default_skill == NULL)
    self->default_skill = g_strdup ("Perception");
  if (self->decrease_at_end_of_turn == NULL)
    self->decrease_at_end_of_turn = g_new0 (char *, 1);
}

static void
tkr_pf2e_encounter_class_init (TkrPf2eEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->constructed = tkr_pf2e_encounter_constructed;
  object_class->dispose = tkr_pf2e_encounter_dispose;
  object_class->finalize = tkr_pf2e_encounter_finalize;
  object_class->get_property = tkr_pf2e_encounter_get_property;
  object_class->set_property = tkr_pf2e_encounter_set_property;

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
  properties[PROP_PARTICIPANTS] =
    g_param_spec_object ("participants", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_COMBATANTS] =
    g_param_spec_object ("combatants", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_ORDER] = g_param_spec_object ("order", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_EFFECTS] = g_param_spec_object ("effects", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_LOG] = g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_pf2e_encounter_init (TkrPf2eEncounter *self)
{
  self->phase = TKR_PHASE_FREEPLAY;
  self->current_index = -1;
  self->participants = g_list_store_new (TKR_TYPE_CHARACTER);
  self->combatants = g_list_store_new (TKR_TYPE_PF2E_COMBATANT);
  self->order = g_list_store_new (TKR_TYPE_PF2E_COMBATANT);
  self->effects = g_list_store_new (TKR_TYPE_PF2E_EFFECT);
  self->log = g_list_store_new (TKR_TYPE_LOG_ENTRY);
}

/**
 * tkr_pf2e_encounter_new:
 * @rules: (nullable): rule data with a "pf2e" section; %NULL loads the
 *   shipped "pf2e" rules
 * @history: (nullable): where commands are recorded (not kept alive)
 *
 * Returns: (transfer full) (nullable): the encounter, or %NULL with @error
 *   when the rule data lacks what this system needs
 */
TkrPf2eEncounter *
tkr_pf2e_encounter_new (TkrRules *rules, TkrHistory *history, GError **error)
{
  g_autoptr (TkrPf2eEncounter) self = NULL;

  g_return_val_if_fail (rules == NULL || TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (history == NULL || TKR_IS_HISTORY (history), NULL);

  self = g_object_new (TKR_TYPE_PF2E_ENCOUNTER, "rules", rules, "history", history, NULL);
  if (self->section_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->section_error));
      return NULL;
    }
  return g_steal_pointer (&self);
}

/* Getters */

TkrRules *
tkr_pf2e_encounter_get_rules (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return self->rules;
}

TkrHistory *
tkr_pf2e_encounter_get_history (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return self->history;
}

TkrPhase
tkr_pf2e_encounter_get_phase (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), TKR_PHASE_FREEPLAY);
  return self->phase;
}

int
tkr_pf2e_encounter_get_round (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 0);
  return self->round;
}

int
tkr_pf2e_encounter_get_current_index (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), -1);
  return self->current_index;
}

GListModel *
tkr_pf2e_encounter_get_participants (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->participants);
}

GListModel *
tkr_pf2e_encounter_get_combatants (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->combatants);
}

GListModel *
tkr_pf2e_encounter_get_order (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->order);
}

GListModel *
tkr_pf2e_encounter_get_effects (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->effects);
}

GListModel *
tkr_pf2e_encounter_get_log (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->log);
}

int
tkr_pf2e_encounter_get_check_die (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 0);
  return self->initiative_die;
}

int
tkr_pf2e_encounter_get_recovery_dc (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 0);
  g_return_val_if_fail (TKR_IS_PF2E_COMBATANT (combatant), 0);
  return self->recovery_dc_base + tkr_pf2e_combatant_get_condition (combatant, "Dying");
}

/* The usual award: what a moderate encounter is worth (seed 002, "Step 4"). */
int
tkr_pf2e_encounter_get_typical_award (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 1);
  if (self->rules == NULL || !tkr_rules_require_section (self->rules, "pf2e", NULL))
    return 1;
  return tkr_rules_get_int (self->rules, "pf2e.typical_xp_awards.moderate");
}

int
tkr_pf2e_encounter_get_actions_per_turn (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 0);
  return self->actions_per_turn;
}

int
tkr_pf2e_encounter_get_reactions_per_round (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), 0);
  return self->reactions_per_round;
}

/* The stores hold a reference for as long as the caller uses the item. */
static gpointer
item_at (GListStore *store, guint index)
{
  gpointer item = g_list_model_get_item (G_LIST_MODEL (store), index);

  if (item != NULL)
    g_object_unref (item);
  return item;
}

static guint
n_items (GListStore *store)
{
  return g_list_model_get_n_items (G_LIST_MODEL (store));
}

/**
 * tkr_pf2e_encounter_get_current:
 *
 * Returns: (transfer none) (nullable): the creature whose turn it is
 */
TkrPf2eCombatant *
tkr_pf2e_encounter_get_current (TkrPf2eEncounter *self)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);

  if (self->phase != TKR_PHASE_MAIN && self->phase != TKR_PHASE_PAUSED)
    return NULL;
  if (self->current_index < 0 || (guint) self->current_index >= n_items (self->order))
    return NULL;
  return item_at (self->order, self->current_index);
}

/**
 * tkr_pf2e_encounter_find_combatant:
 *
 * Returns: (transfer none) (nullable): @character's combatant
 */
TkrPf2eCombatant *
tkr_pf2e_encounter_find_combatant (TkrPf2eEncounter *self, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);

  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrPf2eCombatant *combatant = item_at (self->combatants, i);

      if (combatant->character == character)
        return combatant;
    }
  return NULL;
}

/* The log */

static void
append_log_kind (TkrPf2eEncounter *self, const char *kind, const char *text)
{
  g_autoptr (TkrLogEntry) entry = tkr_log_entry_new_with_kind (self->round, kind, text);
  gboolean own_step = self->history != NULL && !tkr_history_in_group (self->history);

  if (own_step)
    tkr_history_begin (self->history, _ ("Add to the log"));
  tkr_history_append (self->history, self->log, entry);
  if (own_step)
    tkr_history_end (self->history);
}

static void
append_log (TkrPf2eEncounter *self, const char *text)
{
  append_log_kind (self, NULL, text);
}

void
tkr_pf2e_encounter_log (TkrPf2eEncounter *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  g_return_if_fail (TKR_IS_PF2E_ENCOUNTER (self));
  g_return_if_fail (format != NULL);

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  append_log (self, text);
}

static const char *
character_name (TkrCharacter *character)
{
  const char *name = tkr_character_get_name (character);

  return name && *name ? name : _ ("Someone");
}

static const char *
combatant_name (TkrPf2eCombatant *combatant)
{
  return character_name (combatant->character);
}

static const char *
phase_name (TkrPhase phase)
{
  switch (phase)
    {
    case TKR_PHASE_FREEPLAY:
      return _ ("Exploration");
    case TKR_PHASE_SETUP:
      return _ ("Initiative");
    case TKR_PHASE_MAIN:
      return _ ("Rounds");
    case TKR_PHASE_PAUSED:
      return _ ("Paused");
    case TKR_PHASE_END:
      return _ ("End");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Checks shared by the commands */

static gboolean
require_phase (TkrPf2eEncounter *self, TkrPhase phase, GError **error)
{
  if (self->phase == phase)
    return TRUE;
  /* Translators: both are phase names, e.g. "Initiative" and "Rounds" */
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
               _ ("This can only be done in the %s phase, and the encounter is in %s"),
               phase_name (phase), phase_name (self->phase));
  return FALSE;
}

static gboolean
require_combatant (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GError **error)
{
  if (TKR_IS_PF2E_COMBATANT (combatant) && g_list_store_find (self->combatants, combatant, NULL))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That creature does not take part in this encounter"));
  return FALSE;
}

static gboolean
require_in_order (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GError **error)
{
  if (TKR_IS_PF2E_COMBATANT (combatant) && g_list_store_find (self->order, combatant, NULL))
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
               _ ("That creature is not in the initiative order"));
  return FALSE;
}

static gboolean
require_alive (TkrPf2eCombatant *combatant, GError **error)
{
  if (!combatant->dead)
    return TRUE;
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s is dead"),
               combatant_name (combatant));
  return FALSE;
}

static gboolean
check_name (const char *text, const char *what, GError **error)
{
  if (text == NULL || *text == '\0' || !g_utf8_validate (text, -1, NULL))
    {
      /* Translators: what is missing, e.g. "An effect" */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s needs a name"),
                   what);
      return FALSE;
    }
  if (g_utf8_strlen (text, -1) > MAX_NAME_LENGTH)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("That name is too long: at most %d characters"), MAX_NAME_LENGTH);
      return FALSE;
    }
  return TRUE;
}

static void
set_int (TkrPf2eEncounter *self, gpointer object, const char *property, int value)
{
  tkr_history_set (self->history, object, property, value);
}

static void
set_bool (TkrPf2eEncounter *self, gpointer object, const char *property, gboolean value)
{
  tkr_history_set (self->history, object, property, value);
}

static void
set_phase (TkrPf2eEncounter *self, TkrPhase phase)
{
  tkr_history_set (self->history, self, "phase", phase);
}

static void
clear_store (TkrPf2eEncounter *self, GListStore *store)
{
  for (guint i = n_items (store); i > 0; i--)
    tkr_history_remove (self->history, store, i - 1);
}

/* The sheet's modifier for @name: a skill, or a save (some sheets keep
 * Perception among the saves). */
static int
sheet_modifier (TkrCharacter *character, const char *name, gboolean *found)
{
  if (tkr_character_find_modifier (character, TKR_MODIFIER_KIND_SKILL, name) != NULL)
    {
      *found = TRUE;
      return tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SKILL, name);
    }
  if (tkr_character_find_modifier (character, TKR_MODIFIER_KIND_SAVE, name) != NULL)
    {
      *found = TRUE;
      return tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SAVE, name);
    }
  *found = FALSE;
  return 0;
}

static TkrPf2eCombatant *
new_combatant (TkrPf2eEncounter *self, TkrCharacter *character, int tie_rank)
{
  gboolean found;
  int modifier = sheet_modifier (character, self->default_skill, &found);

  return g_object_new (TKR_TYPE_PF2E_COMBATANT, "character", character, "initiative-skill",
                       self->default_skill, "initiative-modifier",
                       CLAMP (modifier, -MAX_MODIFIER, MAX_MODIFIER), "tie-rank", tie_rank,
                       "reactions-left", self->reactions_per_round, NULL);
}

static int
next_tie_rank (TkrPf2eEncounter *self)
{
  int rank = 0;

  for (guint i = 0; i < n_items (self->combatants); i++)
    rank = MAX (rank, ((TkrPf2eCombatant *) item_at (self->combatants, i))->tie_rank + 1);
  return rank;
}

/* Participants */

gboolean
tkr_pf2e_encounter_add_participant (TkrPf2eEncounter *self, TkrCharacter *character, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), FALSE);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Creatures join an encounter before its rounds begin"));
      return FALSE;
    }
  if (g_list_store_find (self->participants, character, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s already takes part"), character_name (character));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Add to the encounter"));
  tkr_history_append (self->history, self->participants, character);
  if (self->phase == TKR_PHASE_SETUP)
    {
      g_autoptr (TkrPf2eCombatant) combatant =
        new_combatant (self, character, next_tie_rank (self));
      tkr_history_append (self->history, self->combatants, combatant);
    }
  tkr_pf2e_encounter_log (self, _ ("%s joins the encounter"), character_name (character));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_remove_participant (TkrPf2eEncounter *self,
                                       TkrCharacter *character,
                                       GError **error)
{
  TkrPf2eCombatant *combatant;
  guint position;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_FREEPLAY && self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Creatures leave an encounter before its rounds begin"));
      return FALSE;
    }
  if (!TKR_IS_CHARACTER (character) ||
      !g_list_store_find (self->participants, character, &position))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("That character does not take part in this encounter"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Remove from the encounter"));
  tkr_history_set_destructive (self->history);
  tkr_history_remove (self->history, self->participants, position);
  combatant = tkr_pf2e_encounter_find_combatant (self, character);
  if (combatant != NULL)
    tkr_history_remove_item (self->history, self->combatants, combatant);
  tkr_pf2e_encounter_log (self, _ ("%s leaves the encounter"), character_name (character));
  tkr_history_end (self->history);
  return TRUE;
}

/* Phases (seed 002, "Structure"): initiative (Setup) marks the start,
 * rounds (Main) run until the encounter ends (End), then back to
 * exploration (Freeplay). */

gboolean
tkr_pf2e_encounter_can_transition (TkrPf2eEncounter *self, TkrPhase to)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);
  return tkr_phase_can_follow (self->phase, to);
}

static gboolean
check_transition (TkrPf2eEncounter *self, TkrPhase to, GError **error)
{
  return tkr_phase_check_transition (self->phase, to, error);
}

gboolean
tkr_pf2e_encounter_transition (TkrPf2eEncounter *self, TkrPhase to, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!check_transition (self, to, error))
    return FALSE;

  switch (to)
    {
    case TKR_PHASE_SETUP:
      return tkr_pf2e_encounter_begin_setup (self, error);
    case TKR_PHASE_MAIN:
      if (self->phase == TKR_PHASE_SETUP)
        return tkr_pf2e_encounter_begin_main (self, error);
      return tkr_pf2e_encounter_resume (self, error);
    case TKR_PHASE_PAUSED:
      return tkr_pf2e_encounter_pause (self, error);
    case TKR_PHASE_END:
      return tkr_pf2e_encounter_end (self, error);
    case TKR_PHASE_FREEPLAY:
      if (self->phase == TKR_PHASE_SETUP)
        return tkr_pf2e_encounter_abandon_setup (self, error);
      return tkr_pf2e_encounter_finish (self, error);
    default:
      g_assert_not_reached ();
    }
}

/* Freeplay -> Setup: everyone gets ready to roll initiative, with
 * Perception unless the GM calls for another skill. */
gboolean
tkr_pf2e_encounter_begin_setup (TkrPf2eEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_SETUP, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Roll initiative"));
  for (guint i = 0; i < n_items (self->participants); i++)
    {
      g_autoptr (TkrPf2eCombatant) combatant =
        new_combatant (self, item_at (self->participants, i), i);
      tkr_history_append (self->history, self->combatants, combatant);
    }
  set_phase (self, TKR_PHASE_SETUP);
  tkr_pf2e_encounter_log (self, _ ("The encounter begins: roll initiative"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_abandon_setup (TkrPf2eEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter still rolling initiative can be abandoned"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Abandon the encounter"));
  tkr_history_set_destructive (self->history);
  clear_store (self, self->combatants);
  set_phase (self, TKR_PHASE_FREEPLAY);
  tkr_pf2e_encounter_log (self, _ ("The encounter is called off; back to exploration"));
  tkr_history_end (self->history);
  return TRUE;
}

/* Initiative (seed 002, "Step 1: Roll Initiative") */

/* @combatant and the other members of its group: one initiative result
 * for them all. */
static GPtrArray *
group_of (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  GPtrArray *members = g_ptr_array_new ();

  g_ptr_array_add (members, combatant);
  if (combatant->group == NULL)
    return members;
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrPf2eCombatant *other = item_at (self->combatants, i);

      if (other != combatant && g_strcmp0 (other->group, combatant->group) == 0)
        g_ptr_array_add (members, other);
    }
  return members;
}

static void
set_group_result (TkrPf2eEncounter *self,
                  TkrPf2eCombatant *combatant,
                  gboolean has_initiative,
                  int initiative)
{
  g_autoptr (GPtrArray) members = group_of (self, combatant);

  for (guint i = 0; i < members->len; i++)
    {
      set_bool (self, members->pdata[i], "has-initiative", has_initiative);
      set_int (self, members->pdata[i], "initiative", has_initiative ? initiative : 0);
    }
}

gboolean
tkr_pf2e_encounter_set_initiative_skill (TkrPf2eEncounter *self,
                                         TkrPf2eCombatant *combatant,
                                         const char *skill,
                                         GError **error)
{
  gboolean found;
  int modifier;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_SETUP, error) ||
      !require_combatant (self, combatant, error) || !check_name (skill, _ ("A skill"), error))
    return FALSE;

  modifier = sheet_modifier (combatant->character, skill, &found);
  tkr_history_begin (self->history, _ ("Choose the initiative skill"));
  tkr_history_set (self->history, combatant, "initiative-skill", skill);
  set_int (self, combatant, "initiative-modifier", CLAMP (modifier, -MAX_MODIFIER, MAX_MODIFIER));
  /* A result rolled with another skill no longer stands. */
  if (combatant->has_initiative)
    set_group_result (self, combatant, FALSE, 0);
  if (found)
    /* Translators: a creature, a skill, then its modifier, e.g. "+5" */
    tkr_pf2e_encounter_log (self, _ ("%s rolls initiative with %s (%+d)"),
                            combatant_name (combatant), skill, modifier);
  else
    tkr_pf2e_encounter_log (self,
                            _ ("%s rolls initiative with %s; the sheet has no such skill, so "
                               "the modifier is 0 until the GM enters it"),
                            combatant_name (combatant), skill);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_set_initiative_modifier (TkrPf2eEncounter *self,
                                            TkrPf2eCombatant *combatant,
                                            int modifier,
                                            GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_SETUP, error) || !require_combatant (self, combatant, error))
    return FALSE;
  if (modifier < -MAX_MODIFIER || modifier > MAX_MODIFIER)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An initiative modifier of %s goes from %d to %d"),
                   combatant_name (combatant), -MAX_MODIFIER, MAX_MODIFIER);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Set the initiative modifier"));
  set_int (self, combatant, "initiative-modifier", modifier);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_set_group (TkrPf2eEncounter *self,
                              TkrPf2eCombatant *combatant,
                              const char *group,
                              GError **error)
{
  g_autoptr (GPtrArray) members = NULL;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (group != NULL && *group == '\0')
    group = NULL;
  if (!require_phase (self, TKR_PHASE_SETUP, error) || !require_combatant (self, combatant, error))
    return FALSE;
  if (group != NULL && !check_name (group, _ ("A group"), error))
    return FALSE;
  if (group != NULL && tkr_character_is_pc (combatant->character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is a player character; only the GM’s creatures roll as a group"),
                   combatant_name (combatant));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Group creatures"));
  tkr_history_set (self->history, combatant, "group", group);
  members = group_of (self, combatant);
  /* Everyone in a group shares one result: joining takes the group's. */
  if (members->len > 1)
    {
      TkrPf2eCombatant *other = members->pdata[1];

      set_bool (self, combatant, "has-initiative", other->has_initiative);
      set_int (self, combatant, "initiative", other->initiative);
    }
  if (group != NULL)
    /* Translators: a creature, then a group's name */
    tkr_pf2e_encounter_log (self, _ ("%s rolls initiative with the group %s"),
                            combatant_name (combatant), group);
  tkr_history_end (self->history);
  return TRUE;
}

static void
log_result (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, const char *text)
{
  if (combatant->group != NULL)
    /* Translators: a group's name, then what was rolled */
    tkr_pf2e_encounter_log (self, _ ("Initiative of the group %s: %s"), combatant->group, text);
  else
    /* Translators: a creature, then what was rolled */
    tkr_pf2e_encounter_log (self, _ ("Initiative of %s: %s"), combatant_name (combatant), text);
}

static int
roll_one (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GRand *rand)
{
  int die = g_rand_int_range (rand, 1, self->initiative_die + 1);
  int result = CLAMP (die + combatant->initiative_modifier, MIN_INITIATIVE, MAX_INITIATIVE);
  g_autofree char *text = NULL;

  set_group_result (self, combatant, TRUE, result);
  /* Translators: the die, the modifier and the result, e.g. "14 + 3 = 17 (Perception)" */
  text = g_strdup_printf (_ ("%d %+d = %d (%s)"), die, combatant->initiative_modifier, result,
                          combatant->initiative_skill);
  log_result (self, combatant, text);
  return result;
}

gboolean
tkr_pf2e_encounter_roll_initiative (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, GRand *rand, int *result, GError **error)
{
  int value;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (rand != NULL, FALSE);

  if (!require_phase (self, TKR_PHASE_SETUP, error) || !require_combatant (self, combatant, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Roll initiative"));
  value = roll_one (self, combatant, rand);
  tkr_history_end (self->history);
  if (result != NULL)
    *result = value;
  return TRUE;
}

gboolean
tkr_pf2e_encounter_enter_initiative (TkrPf2eEncounter *self,
                                     TkrPf2eCombatant *combatant,
                                     int result,
                                     GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_SETUP, error) || !require_combatant (self, combatant, error))
    return FALSE;
  if (result < MIN_INITIATIVE || result > MAX_INITIATIVE)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An initiative result for %s goes from %d to %d"), combatant_name (combatant),
                   MIN_INITIATIVE, MAX_INITIATIVE);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Enter initiative"));
  set_group_result (self, combatant, TRUE, result);
  /* Translators: a typed-in initiative result */
  text = g_strdup_printf (_ ("%d, rolled at the table"), result);
  log_result (self, combatant, text);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_roll_remaining (TkrPf2eEncounter *self, GRand *rand, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (rand != NULL, FALSE);

  if (!require_phase (self, TKR_PHASE_SETUP, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Roll initiative for the rest"));
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrPf2eCombatant *combatant = item_at (self->combatants, i);

      /* A group that has rolled already counts for all its members. */
      if (!combatant->has_initiative)
        roll_one (self, combatant, rand);
    }
  tkr_history_end (self->history);
  return TRUE;
}

/* Seed 002, "Step 1": the highest result goes first; on a tie the
 * adversary goes before the PC; tied creatures of one side keep their
 * chosen order (the tie rank). A group stays together: its members sort
 * by the group's first rank, then by their own. */
typedef struct
{
  TkrPf2eCombatant *combatant;
  int group_rank;
} SortItem;

static int
compare_sort_items (gconstpointer a, gconstpointer b)
{
  const SortItem *x = a, *y = b;
  gboolean x_pc = tkr_character_is_pc (x->combatant->character);
  gboolean y_pc = tkr_character_is_pc (y->combatant->character);

  if (x->combatant->initiative != y->combatant->initiative)
    return x->combatant->initiative > y->combatant->initiative ? -1 : 1;
  if (x_pc != y_pc)
    return x_pc ? 1 : -1;
  if (x->group_rank != y->group_rank)
    return x->group_rank < y->group_rank ? -1 : 1;
  if (x->combatant->tie_rank != y->combatant->tie_rank)
    return x->combatant->tie_rank < y->combatant->tie_rank ? -1 : 1;
  return 0;
}

static GArray *
sorted_items (TkrPf2eEncounter *self)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (SortItem));

  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrPf2eCombatant *combatant = item_at (self->combatants, i);
      g_autoptr (GPtrArray) members = NULL;
      SortItem item = { combatant, combatant->tie_rank };

      if (!combatant->has_initiative)
        continue;
      members = group_of (self, combatant);
      for (guint j = 0; j < members->len; j++)
        item.group_rank = MIN (item.group_rank, ((TkrPf2eCombatant *) members->pdata[j])->tie_rank);
      g_array_append_val (items, item);
    }
  g_array_sort (items, compare_sort_items);
  return items;
}

/**
 * tkr_pf2e_encounter_preview_order:
 *
 * Returns: (transfer full) (element-type TkrPf2eCombatant): the creatures
 *   with an initiative result, in the order the rounds would use
 */
GPtrArray *
tkr_pf2e_encounter_preview_order (TkrPf2eEncounter *self)
{
  g_autoptr (GArray) items = NULL;
  GPtrArray *order = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), order);

  items = sorted_items (self);
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (order, g_object_ref (g_array_index (items, SortItem, i).combatant));
  return order;
}

static int
compare_tie_rank (gconstpointer a, gconstpointer b)
{
  TkrPf2eCombatant *x = *(TkrPf2eCombatant **) a, *y = *(TkrPf2eCombatant **) b;

  return (x->tie_rank > y->tie_rank) - (x->tie_rank < y->tie_rank);
}

/* Seed 002: tied PCs decide among themselves who goes first; the GM does
 * the same for tied creatures of theirs. An adversary always stays ahead
 * of a tied PC, so a PC can never be put before one. */
gboolean
tkr_pf2e_encounter_put_before (TkrPf2eEncounter *self,
                               TkrPf2eCombatant *first,
                               TkrPf2eCombatant *other,
                               GError **error)
{
  g_autoptr (GPtrArray) tied = g_ptr_array_new ();
  g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (int));
  guint position;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_SETUP, error) || !require_combatant (self, first, error) ||
      !require_combatant (self, other, error))
    return FALSE;
  if (first == other || !first->has_initiative || !other->has_initiative ||
      first->initiative != other->initiative)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s and %s are not tied on initiative"), combatant_name (first),
                   combatant_name (other));
      return FALSE;
    }
  if (tkr_character_is_pc (first->character) != tkr_character_is_pc (other->character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("On a tie the adversary goes before the player character: %s and %s "
                      "cannot trade places"),
                   combatant_name (first), combatant_name (other));
      return FALSE;
    }
  if (g_strcmp0 (first->group, other->group) != 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s and %s roll with different groups; a group keeps its turns together"),
                   combatant_name (first), combatant_name (other));
      return FALSE;
    }

  /* The tied creatures of this side, in their present order; @first
   * moves right before @other and they take the same ranks back. */
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrPf2eCombatant *combatant = item_at (self->combatants, i);

      if (combatant->has_initiative && combatant->initiative == first->initiative &&
          tkr_character_is_pc (combatant->character) == tkr_character_is_pc (first->character) &&
          g_strcmp0 (combatant->group, first->group) == 0)
        g_ptr_array_add (tied, combatant);
    }
  g_ptr_array_sort (tied, compare_tie_rank);
  for (guint i = 0; i < tied->len; i++)
    g_array_append_val (ranks, ((TkrPf2eCombatant *) tied->pdata[i])->tie_rank);
  g_ptr_array_remove (tied, first);
  g_ptr_array_find (tied, other, &position);
  g_ptr_array_insert (tied, position, first);

  tkr_history_begin (self->history, _ ("Choose who goes first"));
  for (guint i = 0; i < tied->len; i++)
    set_int (self, tied->pdata[i], "tie-rank", g_array_index (ranks, int, i));
  /* Translators: two creatures tied on initiative */
  tkr_pf2e_encounter_log (self, _ ("%s goes before %s"), combatant_name (first),
                          combatant_name (other));
  tkr_history_end (self->history);
  return TRUE;
}

/* Turns (seed 002, "Turns") */

/* Seed 002, "Step 1: Start Your Turn": the creature's actions and reaction
 * come back; durations it created count down and end at 0; a dying
 * creature owes a recovery check. */
static void
start_turn (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  int dying;

  /* Translators: a round number, then a creature */
  tkr_pf2e_encounter_log (self, _ ("Round %d: %s’s turn"), self->round, combatant_name (combatant));
  set_int (self, combatant, "actions-left", combatant->dead ? 0 : self->actions_per_turn);
  set_int (self, combatant, "reactions-left", combatant->dead ? 0 : self->reactions_per_round);

  for (guint i = n_items (self->effects); i > 0; i--)
    {
      TkrPf2eEffect *effect = item_at (self->effects, i - 1);

      if (effect->creator != combatant)
        continue;
      if (effect->rounds_left <= 1)
        {
          /* Translators: an effect's name, then its creator */
          tkr_pf2e_encounter_log (self, _ ("%s (by %s) ends"), effect->name,
                                  combatant_name (combatant));
          tkr_history_remove (self->history, self->effects, i - 1);
        }
      else
        set_int (self, effect, "rounds-left", effect->rounds_left - 1);
    }

  dying = tkr_pf2e_combatant_get_condition (combatant, "Dying");
  if (dying > 0 && !combatant->dead)
    {
      set_bool (self, combatant, "recovery-due", TRUE);
      /* Translators: a creature, its dying value, then a DC */
      tkr_pf2e_encounter_log (self, _ ("%s is dying %d: recovery check against DC %d"),
                              combatant_name (combatant), dying, self->recovery_dc_base + dying);
    }
}

static const char *
catalogue_name (TkrPf2eEncounter *self, const char *name)
{
  const TkrConditionInfo *info = tkr_rules_lookup_condition (self->rules, name);

  return info != NULL ? info->name : name;
}

/* Seed 002 (end of turn): conditions such as Frightened drop by 1; which
 * ones is the rule data's "decrease_at_end_of_turn". */
static void
end_turn (TkrPf2eEncounter *self, TkrPf2eCombatant *combatant)
{
  for (guint i = 0; self->decrease_at_end_of_turn[i] != NULL; i++)
    {
      const char *name = self->decrease_at_end_of_turn[i];
      int value = tkr_pf2e_combatant_get_condition (combatant, name);

      if (value <= 0)
        continue;
      tkr_history_set (self->history, combatant, "conditions",
                       conditions_with (combatant, name, value - 1));
      if (value > 1)
        /* Translators: a creature, a condition, then its new value */
        tkr_pf2e_encounter_log (self, _ ("%s is now %s %d"), combatant_name (combatant),
                                tkr_rules_translate (name), value - 1);
      else
        /* Translators: a creature, then a condition */
        tkr_pf2e_encounter_log (self, _ ("%s is no longer %s"), combatant_name (combatant),
                                tkr_rules_translate (name));
    }
}

/* Setup -> Main: the order is fixed for the whole encounter (seed 002,
 * "Step 3": nobody rolls again) and Round 1 begins. */
gboolean
tkr_pf2e_encounter_begin_main (TkrPf2eEncounter *self, GError **error)
{
  g_autoptr (GPtrArray) order = NULL;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (self->phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Rounds begin once initiative is rolled"));
      return FALSE;
    }
  if (n_items (self->combatants) == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                   _ ("Nobody takes part in the encounter yet"));
      return FALSE;
    }
  for (guint i = 0; i < n_items (self->combatants); i++)
    {
      TkrPf2eCombatant *combatant = item_at (self->combatants, i);

      if (!combatant->has_initiative)
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_SETUP_INCOMPLETE,
                       _ ("%s has no initiative result yet"), combatant_name (combatant));
          return FALSE;
        }
    }

  order = tkr_pf2e_encounter_preview_order (self);
  tkr_history_begin (self->history, _ ("Begin the rounds"));
  for (guint i = 0; i < order->len; i++)
    {
      TkrPf2eCombatant *combatant = order->pdata[i];

      tkr_history_append (self->history, self->order, combatant);
      set_int (self, combatant, "reactions-left", self->reactions_per_round);
    }
  set_phase (self, TKR_PHASE_MAIN);
  set_int (self, self, "round", 1);
  set_int (self, self, "current-index", 0);
  tkr_pf2e_encounter_log (self, _ ("The initiative order is set; Round 1 begins"));
  start_turn (self, order->pdata[0]);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_pause (TkrPf2eEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_PAUSED, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("Pause the encounter"));
  set_phase (self, TKR_PHASE_PAUSED);
  tkr_pf2e_encounter_log (self, _ ("The encounter is paused"));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_resume (TkrPf2eEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_PAUSED)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only a paused encounter can resume"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Resume the encounter"));
  set_phase (self, TKR_PHASE_MAIN);
  tkr_pf2e_encounter_log (self, _ ("The encounter resumes"));
  tkr_history_end (self->history);
  return TRUE;
}

/* Seed 002, "Step 4: End the Encounter" */
gboolean
tkr_pf2e_encounter_end (TkrPf2eEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!check_transition (self, TKR_PHASE_END, error))
    return FALSE;

  tkr_history_begin (self->history, _ ("End the encounter"));
  set_phase (self, TKR_PHASE_END);
  {
    g_autofree char *text =
      g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The encounter ends after %d round",
                                    "The encounter ends after %d rounds", self->round),
                       self->round);
    append_log_kind (self, TKR_PF2E_LOG_ENCOUNTER_END, text);
  }
  tkr_history_end (self->history);
  return TRUE;
}

/* End -> Freeplay: nobody follows the initiative order any more; play
 * goes back to exploration. */
gboolean
tkr_pf2e_encounter_finish (TkrPf2eEncounter *self, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (self->phase != TKR_PHASE_END)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_ILLEGAL_TRANSITION,
                   _ ("Only an encounter that has ended can go back to exploration"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Back to exploration"));
  tkr_history_set_destructive (self->history);
  clear_store (self, self->effects);
  clear_store (self, self->order);
  clear_store (self, self->combatants);
  set_int (self, self, "round", 0);
  set_int (self, self, "current-index", -1);
  set_phase (self, TKR_PHASE_FREEPLAY);
  tkr_pf2e_encounter_log (self, _ ("Back to exploration"));
  tkr_history_end (self->history);
  return TRUE;
}

/* Seed 002, "Step 2" and "Step 3": after the lowest result's turn, the
 * next round begins with the highest, in the same order. */
gboolean
tkr_pf2e_encounter_next_turn (TkrPf2eEncounter *self, GError **error)
{
  TkrPf2eCombatant *current;
  int index;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;
  current = tkr_pf2e_encounter_get_current (self);
  if (current == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("There is no initiative order"));
      return FALSE;
    }
  if (current->recovery_due)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NEEDS_TEST,
                   _ ("%s is dying and must make a recovery check before the turn ends"),
                   combatant_name (current));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Next turn"));
  tkr_history_set_tag (self->history, NEXT_TURN_TAG);
  end_turn (self, current);
  index = self->current_index + 1;
  if ((guint) index >= n_items (self->order))
    {
      index = 0;
      set_int (self, self, "round", self->round + 1);
    }
  set_int (self, self, "current-index", index);
  start_turn (self, item_at (self->order, index));
  tkr_history_end (self->history);
  return TRUE;
}

/**
 * tkr_pf2e_encounter_previous_turn:
 *
 * Undoes steps until the last "next turn" is undone, so what that turn
 * change did (actions, durations, Frightened, the recovery check owed)
 * comes back; what was done since can be redone.
 */
gboolean
tkr_pf2e_encounter_previous_turn (TkrPf2eEncounter *self, GError **error)
{
  guint undone = 0;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error))
    return FALSE;
  if (self->history == NULL || (self->round <= 1 && self->current_index <= 0))
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
    }

  while (undone-- > 0)
    tkr_history_redo (self->history);
  g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
               _ ("The change of turn cannot be undone any more"));
  return FALSE;
}

/* Actions (seed 002, "Turns"): single actions and two- and three-action
 * activities on one's own turn, free actions at no cost, a reaction once
 * per round. */

gboolean
tkr_pf2e_encounter_spend_actions (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, int cost, const char *what, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_in_order (self, combatant, error) ||
      !require_alive (combatant, error))
    return FALSE;
  if (cost < 0 || cost > self->max_activity_actions)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An activity takes from 1 to %d actions, or 0 for a free action"),
                   self->max_activity_actions);
      return FALSE;
    }
  if (what != NULL && *what == '\0')
    what = NULL;

  if (cost == 0)
    {
      /* A free action spends nothing, on or off one's turn. */
      tkr_history_begin (self->history, _ ("Use a free action"));
      if (what != NULL)
        /* Translators: a creature, then what it does */
        tkr_pf2e_encounter_log (self, _ ("%s uses %s (free action)"), combatant_name (combatant),
                                what);
      else
        tkr_pf2e_encounter_log (self, _ ("%s uses a free action"), combatant_name (combatant));
      tkr_history_end (self->history);
      return TRUE;
    }

  if (tkr_pf2e_encounter_get_current (self) != combatant)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_ON_TURN,
                   _ ("It is not %s’s turn: actions are spent on one’s own turn"),
                   combatant_name (combatant));
      return FALSE;
    }
  if (combatant->actions_left < cost)
    {
      if (combatant->actions_left == 0)
        g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
                     _ ("%s has no action left this turn"), combatant_name (combatant));
      else
        /* Translators: a creature, the actions needed, then the actions left */
        g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
                     g_dngettext (GETTEXT_PACKAGE, "%s needs %d actions and has %d left this turn",
                                  "%s needs %d actions and has %d left this turn",
                                  combatant->actions_left),
                     combatant_name (combatant), cost, combatant->actions_left);
      return FALSE;
    }

  tkr_history_begin (self->history,
                     g_dngettext (GETTEXT_PACKAGE, "Spend an action", "Spend actions", cost));
  set_int (self, combatant, "actions-left", combatant->actions_left - cost);
  if (what != NULL)
    /* Translators: a creature, what it does, then the actions it costs */
    tkr_pf2e_encounter_log (
      self,
      g_dngettext (GETTEXT_PACKAGE, "%s uses %s (%d action)", "%s uses %s (%d actions)", cost),
      combatant_name (combatant), what, cost);
  else
    tkr_pf2e_encounter_log (
      self, g_dngettext (GETTEXT_PACKAGE, "%s spends %d action", "%s spends %d actions", cost),
      combatant_name (combatant), cost);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_refund_actions (TkrPf2eEncounter *self,
                                   TkrPf2eCombatant *combatant,
                                   int count,
                                   GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_in_order (self, combatant, error))
    return FALSE;
  if (count < 1 || count > self->actions_per_turn - combatant->actions_left)
    {
      /* Translators: a creature, then the actions a turn has */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s cannot get back that many actions: a turn has %d"),
                   combatant_name (combatant), self->actions_per_turn);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Refund actions"));
  set_int (self, combatant, "actions-left", combatant->actions_left + count);
  tkr_pf2e_encounter_log (
    self, g_dngettext (GETTEXT_PACKAGE, "%s gets %d action back", "%s gets %d actions back", count),
    combatant_name (combatant), count);
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_use_reaction (TkrPf2eEncounter *self,
                                 TkrPf2eCombatant *combatant,
                                 const char *what,
                                 GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_in_order (self, combatant, error) ||
      !require_alive (combatant, error))
    return FALSE;
  if (combatant->reactions_left == 0)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NO_BEATS,
                   _ ("%s has used their reaction; it comes back at the start of their turn"),
                   combatant_name (combatant));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Use a reaction"));
  set_int (self, combatant, "reactions-left", combatant->reactions_left - 1);
  if (what != NULL && *what != '\0')
    tkr_pf2e_encounter_log (self, _ ("%s uses %s (reaction)"), combatant_name (combatant), what);
  else
    tkr_pf2e_encounter_log (self, _ ("%s uses a reaction"), combatant_name (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_pf2e_encounter_refund_reaction (TkrPf2eEncounter *self,
                                    TkrPf2eCombatant *combatant,
                                    GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_in_order (self, combatant, error))
    return FALSE;
  if (combatant->reactions_left >= self->reactions_per_round)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has not used a reaction this round"), combatant_name (combatant));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Refund a reaction"));
  set_int (self, combatant, "reactions-left", combatant->reactions_left + 1);
  tkr_pf2e_encounter_log (self, _ ("%s gets their reaction back"), combatant_name (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

/* Effects with a duration in rounds (seed 002, "Step 1: Start Your Turn") */

/**
 * tkr_pf2e_encounter_add_effect:
 *
 * Returns: (transfer none) (nullable): the effect, held by the encounter
 */
TkrPf2eEffect *
tkr_pf2e_encounter_add_effect (
  TkrPf2eEncounter *self, TkrPf2eCombatant *creator, const char *name, int rounds, GError **error)
{
  g_autoptr (TkrPf2eEffect) effect = NULL;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);

  if (self->phase != TKR_PHASE_MAIN && self->phase != TKR_PHASE_PAUSED)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Effects that last rounds are tracked while the rounds run"));
      return NULL;
    }
  if (!require_in_order (self, creator, error) || !check_name (name, _ ("An effect"), error))
    return NULL;
  if (rounds < 1 || rounds > MAX_EFFECT_ROUNDS)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An effect lasts from 1 to %d rounds"), MAX_EFFECT_ROUNDS);
      return NULL;
    }

  effect = g_object_new (TKR_TYPE_PF2E_EFFECT, "name", name, "creator", creator, "rounds-left",
                         rounds, NULL);
  tkr_history_begin (self->history, _ ("Add an effect"));
  tkr_history_append (self->history, self->effects, effect);
  /* Translators: a creature, an effect, then its duration */
  tkr_pf2e_encounter_log (self,
                          g_dngettext (GETTEXT_PACKAGE, "%s creates %s for %d round",
                                       "%s creates %s for %d rounds", rounds),
                          combatant_name (creator), name, rounds);
  tkr_history_end (self->history);
  return effect;
}

gboolean
tkr_pf2e_encounter_remove_effect (TkrPf2eEncounter *self, TkrPf2eEffect *effect, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!TKR_IS_PF2E_EFFECT (effect) || !g_list_store_find (self->effects, effect, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("That effect is not in this encounter"));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("End an effect"));
  tkr_history_set_destructive (self->history);
  tkr_pf2e_encounter_log (self, _ ("%s ends early"), effect->name);
  tkr_history_remove_item (self->history, self->effects, effect);
  tkr_history_end (self->history);
  return TRUE;
}

/* Conditions */

static void
set_condition_value (TkrPf2eEncounter *self,
                     TkrPf2eCombatant *combatant,
                     const char *name,
                     int value)
{
  tkr_history_set (self->history, combatant, "conditions",
                   conditions_with (combatant, catalogue_name (self, name), value));
}

static int
condition_max (TkrPf2eEncounter *self, const char *name)
{
  const TkrConditionInfo *info = tkr_rules_lookup_condition (self->rules, name);

  return info != NULL ? info->max_stacks : 1;
}

gboolean
tkr_pf2e_encounter_set_condition (
  TkrPf2eEncounter *self, TkrPf2eCombatant *combatant, const char *name, int value, GError **error)
{
  const TkrConditionInfo *info;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (self->phase == TKR_PHASE_FREEPLAY)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("Conditions are tracked once the encounter has begun"));
      return FALSE;
    }
  if (!require_combatant (self, combatant, error))
    return FALSE;
  info = name != NULL ? tkr_rules_lookup_condition (self->rules, name) : NULL;
  if (info == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("“%s” is not a condition of these rules"), name ? name : "");
      return FALSE;
    }
  if (value < 0 || value > info->max_stacks)
    {
      /* Translators: a condition, then its highest value */
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s goes from 0 to %d"), tkr_rules_translate (info->name), info->max_stacks);
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Set a condition"));
  set_condition_value (self, combatant, info->name, value);
  if (g_ascii_strcasecmp (info->name, "Dying") == 0)
    {
      /* Dying at the rule data's death value is death (public rules). */
      if (value >= self->death_dying_value)
        {
          set_bool (self, combatant, "dead", TRUE);
          set_bool (self, combatant, "recovery-due", FALSE);
        }
      else if (value == 0)
        set_bool (self, combatant, "recovery-due", FALSE);
    }
  if (value > 0 && info->max_stacks > 1)
    /* Translators: a creature, a condition, then its value */
    tkr_pf2e_encounter_log (self, _ ("%s is %s %d"), combatant_name (combatant),
                            tkr_rules_translate (info->name), value);
  else if (value > 0)
    tkr_pf2e_encounter_log (self, _ ("%s is %s"), combatant_name (combatant),
                            tkr_rules_translate (info->name));
  else
    tkr_pf2e_encounter_log (self, _ ("%s is no longer %s"), combatant_name (combatant),
                            tkr_rules_translate (info->name));
  if (combatant->dead)
    tkr_pf2e_encounter_log (self, _ ("%s dies"), combatant_name (combatant));
  tkr_history_end (self->history);
  return TRUE;
}

/* Recovery checks (seed 002, "Step 1: Start Your Turn"; public rules: a
 * flat check against 10 + the dying value) */

TkrPf2eDegree
tkr_pf2e_degree (int natural, int die_sides, int total, int dc, int critical_margin)
{
  int degree;

  if (total >= dc + critical_margin)
    degree = TKR_PF2E_CRITICAL_SUCCESS;
  else if (total >= dc)
    degree = TKR_PF2E_SUCCESS;
  else if (total <= dc - critical_margin)
    degree = TKR_PF2E_CRITICAL_FAILURE;
  else
    degree = TKR_PF2E_FAILURE;

  if (natural == die_sides)
    degree = MIN (degree + 1, TKR_PF2E_CRITICAL_SUCCESS);
  else if (natural == 1)
    degree = MAX (degree - 1, TKR_PF2E_CRITICAL_FAILURE);
  return degree;
}

static const char *
degree_name (TkrPf2eDegree degree)
{
  switch (degree)
    {
    case TKR_PF2E_CRITICAL_FAILURE:
      return _ ("critical failure");
    case TKR_PF2E_FAILURE:
      return _ ("failure");
    case TKR_PF2E_SUCCESS:
      return _ ("success");
    case TKR_PF2E_CRITICAL_SUCCESS:
      return _ ("critical success");
    default:
      g_return_val_if_reached (NULL);
    }
}

gboolean
tkr_pf2e_encounter_recovery_check (TkrPf2eEncounter *self,
                                   TkrPf2eCombatant *combatant,
                                   int die,
                                   GRand *rand,
                                   TkrPf2eDegree *degree,
                                   GError **error)
{
  static const int dying_change[] = { 2, 1, -1, -2 };
  TkrPf2eDegree outcome;
  int dying, dc, after;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_MAIN, error) || !require_in_order (self, combatant, error))
    return FALSE;
  if (!combatant->recovery_due)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s has no recovery check to make now: it comes at the start of a dying "
                      "creature’s turn"),
                   combatant_name (combatant));
      return FALSE;
    }
  if (die == 0 && rand == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("Type in the die or let the app roll it"));
      return FALSE;
    }
  if (die < 0 || die > self->initiative_die)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A flat check is one d%d: from 1 to %d"), self->initiative_die,
                   self->initiative_die);
      return FALSE;
    }
  if (die == 0)
    die = g_rand_int_range (rand, 1, self->initiative_die + 1);

  dying = tkr_pf2e_combatant_get_condition (combatant, "Dying");
  dc = tkr_pf2e_encounter_get_recovery_dc (self, combatant);
  outcome = tkr_pf2e_degree (die, self->initiative_die, die, dc, self->critical_margin);
  after = dying + dying_change[outcome];

  tkr_history_begin (self->history, _ ("Recovery check"));
  set_bool (self, combatant, "recovery-due", FALSE);
  /* Translators: a creature, the die, the DC, then the outcome */
  tkr_pf2e_encounter_log (self, _ ("%s’s recovery check: %d against DC %d, %s"),
                          combatant_name (combatant), die, dc, degree_name (outcome));
  if (after >= self->death_dying_value)
    {
      set_condition_value (self, combatant, "Dying",
                           MIN (self->death_dying_value, condition_max (self, "Dying")));
      set_bool (self, combatant, "dead", TRUE);
      set_int (self, combatant, "actions-left", 0);
      set_int (self, combatant, "reactions-left", 0);
      tkr_pf2e_encounter_log (self, _ ("%s dies"), combatant_name (combatant));
    }
  else if (after <= 0)
    {
      /* No longer dying: unconscious but stable, and more wounded than
       * before (public rules). */
      int wounded = tkr_pf2e_combatant_get_condition (combatant, "Wounded");

      set_condition_value (self, combatant, "Dying", 0);
      set_condition_value (self, combatant, "Unconscious", 1);
      if (self->wounded_when_dying_ends > 0)
        set_condition_value (
          self, combatant, "Wounded",
          MIN (wounded + self->wounded_when_dying_ends, condition_max (self, "Wounded")));
      tkr_pf2e_encounter_log (self, _ ("%s is no longer dying: unconscious but stable"),
                              combatant_name (combatant));
    }
  else
    {
      set_condition_value (self, combatant, "Dying", after);
      tkr_pf2e_encounter_log (self, _ ("%s is now %s %d"), combatant_name (combatant),
                              tkr_rules_translate (catalogue_name (self, "Dying")), after);
    }
  tkr_history_end (self->history);
  if (degree != NULL)
    *degree = outcome;
  return TRUE;
}

/* Experience (seed 002, "Step 4": the GM may award Experience Points) */

gboolean
tkr_pf2e_encounter_award_experience (
  TkrPf2eEncounter *self, TkrCharacter *character, int xp, const char *reason, GError **error)
{
  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  if (!require_phase (self, TKR_PHASE_END, error))
    return FALSE;
  if (!TKR_IS_CHARACTER (character) || !g_list_store_find (self->participants, character, NULL))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                   _ ("That character does not take part in this encounter"));
      return FALSE;
    }
  if (!tkr_character_is_pc (character))
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is not a player character; only PCs earn Experience Points"),
                   character_name (character));
      return FALSE;
    }
  if (xp < 1)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("An award to %s must be at least 1 XP"), character_name (character));
      return FALSE;
    }

  tkr_history_begin (self->history, _ ("Award Experience"));
  if (!tkr_character_award_experience (character, self->history, xp, error))
    {
      tkr_history_abort (self->history);
      return FALSE;
    }
  if (reason != NULL && *reason != '\0')
    {
      /* Translators: a character, Experience Points, then the GM's reason */
      g_autofree char *text =
        g_strdup_printf (_ ("%s gains %d XP: %s"), character_name (character), xp, reason);
      append_log_kind (self, TKR_PF2E_LOG_XP_AWARD, text);
    }
  else
    {
      g_autofree char *text =
        g_strdup_printf (_ ("%s gains %d XP"), character_name (character), xp);
      append_log_kind (self, TKR_PF2E_LOG_XP_AWARD, text);
    }
  tkr_history_end (self->history);
  return TRUE;
}

/* Files */

static JsonNode *
participant_to_json (TkrCharacter *character)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  /* PCs live in the party's files; an NPC is stored here whole. */
  if (tkr_character_is_pc (character))
    json_object_set_string_member (object, "ref", tkr_character_get_id (character));
  else
    json_object_set_member (object, "npc", tkr_character_to_json (character));
  json_node_take_object (node, object);
  return node;
}

static JsonNode *
combatant_to_json (TkrPf2eCombatant *combatant)
{
  JsonObject *object = json_object_new ();
  JsonObject *conditions = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "character", tkr_character_get_id (combatant->character));
  json_object_set_string_member (object, "initiative_skill", combatant->initiative_skill);
  json_object_set_int_member (object, "initiative_modifier", combatant->initiative_modifier);
  if (combatant->has_initiative)
    json_object_set_int_member (object, "initiative", combatant->initiative);
  if (combatant->group != NULL)
    json_object_set_string_member (object, "group", combatant->group);
  json_object_set_int_member (object, "tie_rank", combatant->tie_rank);
  json_object_set_int_member (object, "actions_left", combatant->actions_left);
  json_object_set_int_member (object, "reactions_left", combatant->reactions_left);
  if (combatant->conditions != NULL)
    {
      GVariantIter iter;
      const char *key;
      int value;

      g_variant_iter_init (&iter, combatant->conditions);
      while (g_variant_iter_next (&iter, "{&si}", &key, &value))
        json_object_set_int_member (conditions, key, value);
    }
  json_object_set_object_member (object, "conditions", conditions);
  json_object_set_boolean_member (object, "recovery_due", combatant->recovery_due);
  json_object_set_boolean_member (object, "dead", combatant->dead);
  json_node_take_object (node, object);
  return node;
}

static JsonNode *
effect_to_json (TkrPf2eEffect *effect)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "name", effect->name);
  json_object_set_string_member (object, "creator",
                                 tkr_character_get_id (effect->creator->character));
  json_object_set_int_member (object, "rounds_left", effect->rounds_left);
  json_node_take_object (node, object);
  return node;
}

static JsonNode *
order_entry_to_json (TkrPf2eCombatant *combatant)
{
  return json_node_init_string (json_node_alloc (), tkr_character_get_id (combatant->character));
}

typedef JsonNode *(*ItemToJson) (gpointer item);

static JsonNode *
list_to_json (GListStore *store, ItemToJson item_to_json)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < n_items (store); i++)
    json_array_add_element (array, item_to_json (item_at (store, i)));
  json_node_take_array (node, array);
  return node;
}

JsonNode *
tkr_pf2e_encounter_to_json (TkrPf2eEncounter *self)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), NULL);

  json_object_set_string_member (object, "rule_system", tkr_rules_get_id (self->rules));
  json_object_set_string_member (object, "phase", phase_nicks[self->phase]);
  json_object_set_int_member (object, "round", self->round);
  json_object_set_int_member (object, "current_index", self->current_index);
  json_object_set_member (object, "participants",
                          list_to_json (self->participants, (ItemToJson) participant_to_json));
  json_object_set_member (object, "combatants",
                          list_to_json (self->combatants, (ItemToJson) combatant_to_json));
  json_object_set_member (object, "order",
                          list_to_json (self->order, (ItemToJson) order_entry_to_json));
  json_object_set_member (object, "effects",
                          list_to_json (self->effects, (ItemToJson) effect_to_json));
  json_object_set_member (object, "log",
                          list_to_json (self->log, (ItemToJson) tkr_log_entry_to_json));
  json_node_take_object (node, object);
  return node;
}

static TkrCharacter *
find_character (GPtrArray *characters, const char *id)
{
  for (guint i = 0; i < characters->len; i++)
    if (g_strcmp0 (tkr_character_get_id (characters->pdata[i]), id) == 0)
      return characters->pdata[i];
  return NULL;
}

static TkrPf2eCombatant *
find_combatant_by_id (GPtrArray *combatants, const char *id)
{
  for (guint i = 0; i < combatants->len; i++)
    {
      TkrPf2eCombatant *combatant = combatants->pdata[i];

      if (g_strcmp0 (tkr_character_get_id (combatant->character), id) == 0)
        return combatant;
    }
  return NULL;
}

static gboolean
read_participants (JsonObject *object,
                   const char *path,
                   TkrCharacterResolver resolve,
                   gpointer user_data,
                   GPtrArray *participants,
                   GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "participants");
  JsonArray *array;

  if (!tkr_json_get_array (object, "participants", path, FALSE, &array, error))
    return FALSE;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *ref = NULL;
      g_autoptr (TkrCharacter) character = NULL;
      JsonObject *item;
      JsonNode *npc;

      item = tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      if (item == NULL || !tkr_json_get_string (item, "ref", item_path, FALSE, NULL, &ref, error))
        return FALSE;
      npc = json_object_get_member (item, "npc");
      if (npc != NULL && JSON_NODE_HOLDS_NULL (npc))
        npc = NULL;
      if ((ref != NULL) == (npc != NULL))
        {
          tkr_json_set_error (error, item_path, _ ("expected either “ref” or “npc”"));
          return FALSE;
        }
      if (ref != NULL)
        {
          g_autofree char *ref_path = tkr_json_path (item_path, "ref");
          TkrCharacter *found = resolve ? resolve (ref, user_data) : NULL;

          if (found == NULL)
            {
              tkr_json_set_error (error, ref_path, _ ("no character in this file has the id “%s”"),
                                  ref);
              return FALSE;
            }
          if (!tkr_character_is_pc (found))
            {
              tkr_json_set_error (error, ref_path,
                                  _ ("“%s” is an NPC; an encounter stores its NPCs whole"),
                                  character_name (found));
              return FALSE;
            }
          character = g_object_ref (found);
        }
      else
        {
          g_autofree char *npc_path = tkr_json_path (item_path, "npc");

          character = tkr_character_new_from_json (npc, npc_path, error);
          if (character == NULL)
            return FALSE;
          if (tkr_character_is_pc (character))
            {
              tkr_json_set_error (error, npc_path,
                                  _ ("“%s” is a PC; an encounter refers to its PCs by id"),
                                  character_name (character));
              return FALSE;
            }
        }
      if (find_character (participants, tkr_character_get_id (character)) != NULL)
        {
          tkr_json_set_error (error, item_path, _ ("“%s” takes part twice"),
                              character_name (character));
          return FALSE;
        }
      g_ptr_array_add (participants, g_steal_pointer (&character));
    }
  return TRUE;
}

static int
compare_condition_names (gconstpointer a, gconstpointer b, gpointer user_data)
{
  return g_ascii_strcasecmp (a, b);
}

static gboolean
read_conditions (
  TkrPf2eEncounter *self, JsonObject *item, const char *item_path, GVariant **out, GError **error)
{
  g_autofree char *conditions_path = tkr_json_path (item_path, "conditions");
  g_autoptr (GTree) sorted = g_tree_new_full (compare_condition_names, NULL, NULL, NULL);
  g_autoptr (GList) members = NULL;
  GVariantBuilder builder;
  JsonObject *conditions;

  if (!tkr_json_get_object (item, "conditions", item_path, FALSE, &conditions, error))
    return FALSE;
  *out = NULL;
  if (conditions == NULL || json_object_get_size (conditions) == 0)
    return TRUE;

  members = json_object_get_members (conditions);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      const TkrConditionInfo *info = tkr_rules_lookup_condition (self->rules, name);
      gint64 value;

      if (info == NULL)
        {
          g_autofree char *member_path = tkr_json_path (conditions_path, name);
          tkr_json_set_error (error, member_path, _ ("“%s” is not a condition of these rules"),
                              name);
          return FALSE;
        }
      if (!tkr_json_get_int (conditions, name, conditions_path, TRUE, 1, info->max_stacks, 1,
                             &value, error))
        return FALSE;
      if (g_tree_lookup_extended (sorted, info->name, NULL, NULL))
        {
          g_autofree char *member_path = tkr_json_path (conditions_path, name);
          tkr_json_set_error (error, member_path, _ ("“%s” is listed twice"), info->name);
          return FALSE;
        }
      g_tree_insert (sorted, info->name, GINT_TO_POINTER ((int) value));
    }

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (GTreeNode *node = g_tree_node_first (sorted); node != NULL; node = g_tree_node_next (node))
    g_variant_builder_add (&builder, "{si}", (const char *) g_tree_node_key (node),
                           GPOINTER_TO_INT (g_tree_node_value (node)));
  *out = g_variant_ref_sink (g_variant_builder_end (&builder));
  return TRUE;
}

static gboolean
read_combatants (TkrPf2eEncounter *self,
                 JsonObject *object,
                 const char *path,
                 GPtrArray *participants,
                 GPtrArray *combatants,
                 GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "combatants");
  JsonArray *array;

  if (!tkr_json_get_array (object, "combatants", path, FALSE, &array, error))
    return FALSE;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *id = NULL, *skill = NULL, *group = NULL;
      g_autoptr (GVariant) conditions = NULL;
      gint64 modifier, initiative, tie_rank, actions, reactions;
      gboolean recovery_due, dead;
      TkrCharacter *character;
      JsonObject *item;

      item = tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      if (item == NULL ||
          !tkr_json_get_string (item, "character", item_path, TRUE, NULL, &id, error) ||
          !tkr_json_get_string (item, "initiative_skill", item_path, FALSE, self->default_skill,
                                &skill, error) ||
          !tkr_json_get_int (item, "initiative_modifier", item_path, FALSE, -MAX_MODIFIER,
                             MAX_MODIFIER, 0, &modifier, error) ||
          !tkr_json_get_int (item, "initiative", item_path, FALSE, MIN_INITIATIVE, MAX_INITIATIVE,
                             G_MININT, &initiative, error) ||
          !tkr_json_get_string (item, "group", item_path, FALSE, NULL, &group, error) ||
          !tkr_json_get_int (item, "tie_rank", item_path, FALSE, 0, G_MAXINT, i, &tie_rank,
                             error) ||
          !tkr_json_get_int (item, "actions_left", item_path, FALSE, 0, self->actions_per_turn, 0,
                             &actions, error) ||
          !tkr_json_get_int (item, "reactions_left", item_path, FALSE, 0, self->reactions_per_round,
                             0, &reactions, error) ||
          !tkr_json_get_bool (item, "recovery_due", item_path, FALSE, FALSE, &recovery_due,
                              error) ||
          !tkr_json_get_bool (item, "dead", item_path, FALSE, FALSE, &dead, error) ||
          !read_conditions (self, item, item_path, &conditions, error))
        return FALSE;

      character = find_character (participants, id);
      if (character == NULL)
        {
          g_autofree char *id_path = tkr_json_path (item_path, "character");
          tkr_json_set_error (error, id_path, _ ("no participant has the id “%s”"), id);
          return FALSE;
        }
      if (find_combatant_by_id (combatants, id) != NULL)
        {
          tkr_json_set_error (error, item_path, _ ("“%s” is listed twice"),
                              character_name (character));
          return FALSE;
        }
      if (*skill == '\0' || (group != NULL && tkr_character_is_pc (character)))
        {
          g_autofree char *bad_path =
            tkr_json_path (item_path, *skill == '\0' ? "initiative_skill" : "group");
          tkr_json_set_error (error, bad_path,
                              *skill == '\0' ? _ ("expected a skill’s name")
                                             : _ ("a player character does not roll in a group"));
          return FALSE;
        }

      g_ptr_array_add (combatants,
                       g_object_new (TKR_TYPE_PF2E_COMBATANT, "character", character,
                                     "initiative-skill", skill, "initiative-modifier",
                                     (int) modifier, "has-initiative", initiative != G_MININT,
                                     "initiative", initiative != G_MININT ? (int) initiative : 0,
                                     "group", group, "tie-rank", (int) tie_rank, "actions-left",
                                     (int) actions, "reactions-left", (int) reactions, "conditions",
                                     conditions, "recovery-due", recovery_due, "dead", dead, NULL));
    }
  return TRUE;
}

static gboolean
read_order (
  JsonObject *object, const char *path, GPtrArray *combatants, GPtrArray *order, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "order");
  JsonArray *array;

  if (!tkr_json_get_array (object, "order", path, FALSE, &array, error))
    return FALSE;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      JsonNode *node = json_array_get_element (array, i);
      TkrPf2eCombatant *combatant;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        {
          tkr_json_set_error (error, item_path, _ ("expected a character’s id"));
          return FALSE;
        }
      combatant = find_combatant_by_id (combatants, json_node_get_string (node));
      if (combatant == NULL)
        {
          tkr_json_set_error (error, item_path, _ ("no combatant has the id “%s”"),
                              json_node_get_string (node));
          return FALSE;
        }
      if (g_ptr_array_find (order, combatant, NULL))
        {
          tkr_json_set_error (error, item_path, _ ("“%s” has two places in the order"),
                              combatant_name (combatant));
          return FALSE;
        }
      g_ptr_array_add (order, g_object_ref (combatant));
    }
  if (order->len != 0 && order->len != combatants->len)
    {
      tkr_json_set_error (error, list_path,
                          _ ("the order must hold every combatant once (%u of %u)"), order->len,
                          combatants->len);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_effects (
  JsonObject *object, const char *path, GPtrArray *order, GPtrArray *effects, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "effects");
  JsonArray *array;

  if (!tkr_json_get_array (object, "effects", path, FALSE, &array, error))
    return FALSE;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL, *creator_id = NULL;
      TkrPf2eCombatant *creator;
      JsonObject *item;
      gint64 rounds;

      item = tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      if (item == NULL ||
          !tkr_json_get_string (item, "name", item_path, TRUE, NULL, &name, error) ||
          !tkr_json_get_string (item, "creator", item_path, TRUE, NULL, &creator_id, error) ||
          !tkr_json_get_int (item, "rounds_left", item_path, TRUE, 1, MAX_EFFECT_ROUNDS, 1, &rounds,
                             error))
        return FALSE;
      if (*name == '\0')
        {
          g_autofree char *name_path = tkr_json_path (item_path, "name");
          tkr_json_set_error (error, name_path, _ ("an effect needs a name"));
          return FALSE;
        }
      creator = find_combatant_by_id (order, creator_id);
      if (creator == NULL)
        {
          g_autofree char *creator_path = tkr_json_path (item_path, "creator");
          tkr_json_set_error (error, creator_path,
                              _ ("no creature in the initiative order has the id “%s”"),
                              creator_id);
          return FALSE;
        }
      g_ptr_array_add (effects, g_object_new (TKR_TYPE_PF2E_EFFECT, "name", name, "creator",
                                              creator, "rounds-left", (int) rounds, NULL));
    }
  return TRUE;
}

static gboolean
read_log (JsonObject *object, const char *path, GPtrArray *log, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, "log");
  JsonArray *array;

  if (!tkr_json_get_array (object, "log", path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      TkrLogEntry *entry =
        tkr_log_entry_new_from_json (json_array_get_element (array, i), item_path, error);

      if (entry == NULL)
        return FALSE;
      g_ptr_array_add (log, entry);
    }
  return TRUE;
}

static void
replace_store (GListStore *store, GPtrArray *items)
{
  g_list_store_splice (store, 0, n_items (store), items->pdata, items->len);
}

/**
 * tkr_pf2e_encounter_load_json:
 *
 * The phase, the round and the current index must agree with the lists:
 * exploration has no combatants; initiative (Setup) has combatants but no
 * order; running rounds need an order and someone's turn. Errors are
 * TKR_FILE_ERROR_INVALID naming the path of the bad value.
 */
gboolean
tkr_pf2e_encounter_load_json (TkrPf2eEncounter *self,
                              JsonNode *node,
                              const char *path,
                              TkrCharacterResolver resolve,
                              gpointer user_data,
                              GError **error)
{
  g_autoptr (GPtrArray) participants = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) combatants = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) order = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) effects = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *rule_system = NULL;
  gint64 round, current_index;
  JsonObject *object;
  int phase;

  g_return_val_if_fail (TKR_IS_PF2E_ENCOUNTER (self), FALSE);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "rule_system", path, FALSE,
                                              tkr_rules_get_id (self->rules), &rule_system, error))
    return FALSE;
  if (g_strcmp0 (rule_system, tkr_rules_get_id (self->rules)) != 0)
    {
      g_autofree char *system_path = tkr_json_path (path, "rule_system");
      tkr_json_set_error (error, system_path, _ ("this encounter uses the rules “%s”, not “%s”"),
                          rule_system, tkr_rules_get_id (self->rules));
      return FALSE;
    }
  if (!tkr_json_get_enum (object, "phase", path, TRUE, phase_nicks, TKR_PHASE_FREEPLAY, &phase,
                          error) ||
      !tkr_json_get_int (object, "round", path, FALSE, 0, MAX_ROUND, 0, &round, error) ||
      !tkr_json_get_int (object, "current_index", path, FALSE, -1, TKR_JSON_MAX_ITEMS, -1,
                         &current_index, error) ||
      !read_participants (object, path, resolve, user_data, participants, error) ||
      !read_combatants (self, object, path, participants, combatants, error) ||
      !read_order (object, path, combatants, order, error) ||
      !read_effects (object, path, order, effects, error) || !read_log (object, path, log, error))
    return FALSE;

  /* The phase must agree with the lists. */
  if (phase == TKR_PHASE_FREEPLAY && combatants->len > 0)
    {
      g_autofree char *bad_path = tkr_json_path (path, "combatants");
      tkr_json_set_error (error, bad_path, _ ("an encounter in exploration has no combatants"));
      return FALSE;
    }
  if ((phase == TKR_PHASE_FREEPLAY || phase == TKR_PHASE_SETUP) &&
      (order->len > 0 || round != 0 || current_index != -1))
    {
      g_autofree char *bad_path = tkr_json_path (path, "order");
      tkr_json_set_error (error, bad_path,
                          _ ("an encounter whose rounds have not begun has no order, round or "
                             "turn"));
      return FALSE;
    }
  if (phase != TKR_PHASE_FREEPLAY && phase != TKR_PHASE_SETUP)
    {
      gboolean running = phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED;

      if (order->len == 0 || round < 1 || current_index >= (gint64) order->len ||
          (running && current_index < 0))
        {
          g_autofree char *bad_path = tkr_json_path (path, "current_index");
          tkr_json_set_error (error, bad_path,
                              _ ("an encounter whose rounds have begun needs an order, a round "
                                 "and someone’s turn within the order"));
          return FALSE;
        }
    }
  if (combatants->len > 0 && combatants->len != participants->len)
    {
      g_autofree char *bad_path = tkr_json_path (path, "combatants");
      tkr_json_set_error (error, bad_path, _ ("every participant needs one combatant (%u of %u)"),
                          combatants->len, participants->len);
      return FALSE;
    }

  g_object_set (self, "phase", phase, "round", (int) round, "current-index", (int) current_index,
                NULL);
  replace_store (self->participants, participants);
  replace_store (self->combatants, combatants);
  replace_store (self->order, order);
  replace_store (self->effects, effects);
  replace_store (self->log, log);
  return TRUE;
}

/* TkrTracker */

TKR_TRACKER_DEFINE_FORWARDS (tkr_pf2e_encounter, TKR_PF2E_ENCOUNTER)

static gboolean
tracker_add_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_pf2e_encounter_add_participant (TKR_PF2E_ENCOUNTER (tracker), character, error);
}

static gboolean
tracker_remove_participant (TkrTracker *tracker, TkrCharacter *character, GError **error)
{
  return tkr_pf2e_encounter_remove_participant (TKR_PF2E_ENCOUNTER (tracker), character, error);
}

static GPtrArray *
tracker_list_participants (TkrTracker *tracker)
{
  GListModel *model = tkr_pf2e_encounter_get_participants (TKR_PF2E_ENCOUNTER (tracker));
  guint n = g_list_model_get_n_items (model);
  GPtrArray *characters = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (characters, g_list_model_get_item (model, i));
  return characters;
}

static void
tkr_pf2e_encounter_tracker_init (TkrTrackerInterface *iface)
{
  tkr_tracker_forward_init (iface);
  iface->add_participant = tracker_add_participant;
  iface->remove_participant = tracker_remove_participant;
  iface->list_participants = tracker_list_participants;
}
