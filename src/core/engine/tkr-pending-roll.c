/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-fields.h"
#include "tkr-pending-roll.h"

struct _TkrPendingRoll
{
  GObject parent_instance;

  TkrCombatant *combatant;
  int kind;
  char *what;
  int die;
  int modifier;
  int target;
};

G_DEFINE_FINAL_TYPE (TkrPendingRoll, tkr_pending_roll, G_TYPE_OBJECT)

static const TkrField roll_fields[] = {
  TKR_FIELD_OBJECT (TkrPendingRoll, combatant, "combatant", tkr_combatant_get_type),
  TKR_FIELD_INT (TkrPendingRoll, kind, "kind", NULL, 0, G_MAXINT, 0),
  TKR_FIELD_STRING (TkrPendingRoll, what, "what", NULL),
  TKR_FIELD_INT (TkrPendingRoll, die, "die", NULL, 0, G_MAXINT, 0),
  TKR_FIELD_INT (TkrPendingRoll, modifier, "modifier", NULL, G_MININT, G_MAXINT, 0),
  TKR_FIELD_INT (TkrPendingRoll, target, "target", NULL, G_MININT, G_MAXINT, 0),
};

static void
tkr_pending_roll_finalize (GObject *object)
{
  tkr_fields_clear (object, TKR_TYPE_PENDING_ROLL);

  G_OBJECT_CLASS (tkr_pending_roll_parent_class)->finalize (object);
}

static void
tkr_pending_roll_class_init (TkrPendingRollClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tkr_pending_roll_finalize;
  tkr_fields_install (G_OBJECT_CLASS (klass), roll_fields, G_N_ELEMENTS (roll_fields));
}

static void
tkr_pending_roll_init (TkrPendingRoll *self)
{
}

#define ROLL_GETTER(type, name, fallback)                                                          \
  type tkr_pending_roll_get_##name (TkrPendingRoll *self)                                          \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_PENDING_ROLL (self), fallback);                                   \
    return self->name;                                                                             \
  }

ROLL_GETTER (TkrCombatant *, combatant, NULL)
ROLL_GETTER (int, kind, 0)
ROLL_GETTER (const char *, what, NULL)
ROLL_GETTER (int, die, 0)
ROLL_GETTER (int, modifier, 0)
ROLL_GETTER (int, target, 0)

/* The rolls kept, by combatant (a GPtrArray of its rolls each). */
struct _TkrPendingRolls
{
  GHashTable *by_combatant;
};

TkrPendingRolls *
tkr_pending_rolls_new (GListModel *rolls)
{
  TkrPendingRolls *kept = g_new0 (TkrPendingRolls, 1);

  kept->by_combatant = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < g_list_model_get_n_items (rolls); i++)
    {
      TkrPendingRoll *roll = g_list_model_get_item (rolls, i);
      GPtrArray *of = g_hash_table_lookup (kept->by_combatant, roll->combatant);

      if (of == NULL)
        {
          of = g_ptr_array_new_with_free_func (g_object_unref);
          g_hash_table_insert (kept->by_combatant, roll->combatant, of);
        }
      g_ptr_array_add (of, roll);
    }
  return kept;
}

void
tkr_pending_rolls_free (TkrPendingRolls *kept)
{
  g_hash_table_unref (kept->by_combatant);
  g_free (kept);
}

TkrPendingRoll *
tkr_pending_roll_take (TkrPendingRolls *kept,
                       TkrCombatant *combatant,
                       int kind,
                       const char *what,
                       int die,
                       int modifier,
                       int target)
{
  GPtrArray *of = g_hash_table_lookup (kept->by_combatant, combatant);
  TkrPendingRoll *roll = NULL;

  for (guint i = 0; of != NULL && i < of->len; i++)
    {
      TkrPendingRoll *old = of->pdata[i];

      if (old->kind == kind && g_strcmp0 (old->what, what) == 0)
        {
          roll = g_ptr_array_steal_index (of, i);
          break;
        }
    }
  if (roll == NULL)
    roll = g_object_new (TKR_TYPE_PENDING_ROLL, "combatant", combatant, "kind", kind, "what", what,
                         NULL);
  g_object_set (roll, "die", die, "modifier", modifier, "target", target, NULL);
  return roll;
}

/* Typed-in results */

struct _TkrTypedRolls
{
  GArray *rolls; /* TkrTypedRoll */
};

static void
typed_roll_clear (gpointer data)
{
  TkrTypedRoll *roll = data;

  g_clear_object (&roll->combatant);
  g_clear_pointer (&roll->what, g_free);
}

TkrTypedRolls *
tkr_typed_rolls_new (void)
{
  TkrTypedRolls *rolls = g_new0 (TkrTypedRolls, 1);

  rolls->rolls = g_array_new (FALSE, TRUE, sizeof (TkrTypedRoll));
  g_array_set_clear_func (rolls->rolls, typed_roll_clear);
  return rolls;
}

void
tkr_typed_rolls_free (TkrTypedRolls *rolls)
{
  if (rolls == NULL)
    return;
  g_array_unref (rolls->rolls);
  g_free (rolls);
}

const TkrTypedRoll *
tkr_typed_rolls_get (TkrTypedRolls *rolls, guint index)
{
  if (rolls == NULL || index >= rolls->rolls->len)
    return NULL;
  return &g_array_index (rolls->rolls, TkrTypedRoll, index);
}

const TkrTypedRoll *
tkr_typed_rolls_find (TkrTypedRolls *rolls, TkrCombatant *combatant, const char *what)
{
  const TkrTypedRoll *roll;

  for (guint i = 0; (roll = tkr_typed_rolls_get (rolls, i)) != NULL; i++)
    if (roll->combatant == combatant && g_strcmp0 (roll->what, what) == 0)
      return roll;
  return NULL;
}

void
tkr_typed_rolls_set (TkrTypedRolls *rolls, TkrCombatant *combatant, const char *what, int value)
{
  TkrTypedRoll *roll = (TkrTypedRoll *) tkr_typed_rolls_find (rolls, combatant, what);
  TkrTypedRoll fresh = { NULL, NULL, value };

  g_return_if_fail (rolls != NULL);
  g_return_if_fail (TKR_IS_COMBATANT (combatant));

  if (roll != NULL)
    roll->value = value;
  else
    {
      fresh.combatant = g_object_ref (combatant);
      fresh.what = g_strdup (what);
      g_array_append_val (rolls->rolls, fresh);
    }
}
