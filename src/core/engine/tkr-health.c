/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "tkr-health.h"
#include "tkr-json.h"
#include "tkr-log-entry.h"

/* The log lines of health changes have this kind, so the log can show
 * them apart. */
#define LOG_KIND_HEALTH "health"

gboolean
tkr_health_change_parse (const char *text, TkrHealthChange *change, GError **error)
{
  g_autofree char *copy = NULL;
  const char *digits;
  gboolean ok = FALSE;
  gint64 amount = 0;

  g_return_val_if_fail (change != NULL, FALSE);

  copy = g_strstrip (g_strdup (text != NULL ? text : ""));
  digits = copy + 1;
  switch (copy[0])
    {
    case '-':
      change->kind = TKR_HEALTH_DAMAGE;
      break;
    case '+':
      change->kind = TKR_HEALTH_HEAL;
      break;
    case '=':
      change->kind = TKR_HEALTH_SET;
      break;
    case 't':
    case 'T':
      change->kind = TKR_HEALTH_TEMPORARY;
      break;
    default:
      /* A bare number is damage, as in the trackers GMs know. */
      change->kind = TKR_HEALTH_DAMAGE;
      digits = copy;
    }
  change->by_dice = FALSE;
  change->rolled = NULL;
  while (*digits == ' ')
    digits++;
  /* A sign of its own in the rest ("+-3") is not a change. */
  if (g_ascii_isdigit (*digits) || *digits == 'd' || *digits == 'D')
    ok = tkr_formula_parse (digits, &change->formula, NULL);
  if (ok)
    {
      /* Dice are checked by what they could give at most; a plain sum
       * ("5+3") by what it is. */
      change->by_dice = tkr_formula_has_dice (&change->formula);
      amount = tkr_formula_max (&change->formula);
    }
  if (!ok || amount < 0 || amount > TKR_HEALTH_MAX_CHANGE)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   /* Translators: what the health cell accepts; keep the symbols */
                   _ ("Type damage as −7, healing as +3, a new value as =12 or temporary "
                      "health as t5, up to %d; dice such as −2d6+3 are rolled"),
                   TKR_HEALTH_MAX_CHANGE);
      return FALSE;
    }
  change->amount = change->by_dice ? 0 : (int) amount;
  return TRUE;
}

static TkrPool *
pool_of (TkrCombatant *self, TkrPoolKind kind)
{
  return tkr_character_get_pool (tkr_combatant_get_character (self), kind);
}

int
tkr_combatant_get_health (TkrCombatant *self)
{
  g_return_val_if_fail (TKR_IS_COMBATANT (self), 0);
  return tkr_pool_get_current (pool_of (self, TKR_POOL_HEALTH));
}

int
tkr_combatant_get_health_maximum (TkrCombatant *self)
{
  g_return_val_if_fail (TKR_IS_COMBATANT (self), 0);
  return tkr_pool_get_maximum (pool_of (self, TKR_POOL_HEALTH));
}

int
tkr_combatant_get_temporary_health (TkrCombatant *self)
{
  int temporary = 0;

  g_return_val_if_fail (TKR_IS_COMBATANT (self), 0);
  g_object_get (self, "temporary-health", &temporary, NULL);
  return temporary;
}

gboolean
tkr_combatant_is_down (TkrCombatant *self)
{
  g_return_val_if_fail (TKR_IS_COMBATANT (self), FALSE);
  return tkr_combatant_get_health (self) == 0;
}

/* Takes up to *@left from @current; returns what is taken. */
static int
absorb (int current, int *left)
{
  int taken = MIN (current, *left);

  *left -= taken;
  return taken;
}

/* A pool's change for the log: its name (read in the reader's language),
 * before and after. */
static TkrMessage *
pool_change (TkrPool *pool, int before, int after)
{
  return tkr_message_new ("; %s %d → %d",
                          tkr_message_name (tkr_pool_kind_to_msgid (tkr_pool_get_kind (pool))),
                          tkr_message_int (before), tkr_message_int (after), NULL);
}

/* The parts of a line, one after the other, as one message ("%s%s..."). */
static TkrMessage *
joined (GPtrArray *parts)
{
  g_autoptr (GString) msgid = g_string_new (NULL);
  TkrMessage *line;

  for (guint i = 0; i < parts->len; i++)
    g_string_append (msgid, "%s");
  line = tkr_message_new (msgid->str, NULL);
  for (guint i = 0; i < parts->len; i++)
    tkr_message_add (line, g_steal_pointer (&parts->pdata[i]));
  g_ptr_array_set_size (parts, 0);
  return line;
}

/* Damage in the rule data's order: temporary health, the absorbing pools,
 * then Health. Appends what each took to @what. */
static void
apply_damage (TkrEncounter *self, TkrCombatant *combatant, int amount, GPtrArray *what)
{
  TkrRules *rules = tkr_encounter_get_rules (self);
  int temporary = tkr_combatant_get_temporary_health (combatant);
  const TkrPoolKind *pools;
  guint n_pools;
  int taken;

  taken = absorb (temporary, &amount);
  if (taken > 0)
    {
      tkr_encounter_set (self, combatant, "temporary-health", temporary - taken, NULL);
      g_ptr_array_add (what, tkr_message_new (N_ ("; temporary health %d → %d"),
                                              tkr_message_int (temporary),
                                              tkr_message_int (temporary - taken), NULL));
    }
  pools = tkr_rules_get_absorbing_pools (rules, &n_pools);
  for (guint i = 0; i < n_pools && amount > 0; i++)
    {
      TkrPool *pool = pool_of (combatant, pools[i]);
      int current = tkr_pool_get_current (pool);

      taken = absorb (current, &amount);
      if (taken > 0)
        {
          tkr_encounter_set (self, pool, "current", current - taken, NULL);
          g_ptr_array_add (what, pool_change (pool, current, current - taken));
        }
    }
  if (amount > 0)
    {
      TkrPool *health = pool_of (combatant, TKR_POOL_HEALTH);
      int current = tkr_pool_get_current (health);

      taken = absorb (current, &amount);
      tkr_encounter_set (self, health, "current", current - taken, NULL);
      g_ptr_array_add (what, pool_change (health, current, current - taken));
    }
}

static void
set_health (TkrEncounter *self, TkrCombatant *combatant, int value, GPtrArray *what)
{
  TkrPool *health = pool_of (combatant, TKR_POOL_HEALTH);
  int current = tkr_pool_get_current (health);

  value = CLAMP (value, 0, tkr_pool_get_maximum (health));
  tkr_encounter_set (self, health, "current", value, NULL);
  g_ptr_array_add (what, pool_change (health, current, value));
}

gboolean
tkr_encounter_change_health (TkrEncounter *self,
                             TkrCombatant *combatant,
                             const TkrHealthChange *change,
                             GError **error)
{
  TkrEncounterClass *klass;
  TkrHistory *history;
  g_autoptr (GPtrArray) what = NULL;
  int before, temporary;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (change != NULL, FALSE);

  if (!tkr_encounter_require_combatant (self, combatant, error))
    return FALSE;
  if (change->amount < 0 || change->amount > TKR_HEALTH_MAX_CHANGE)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("A change of health is 0 to %d"), TKR_HEALTH_MAX_CHANGE);
      return FALSE;
    }

  klass = TKR_ENCOUNTER_GET_CLASS (self);
  history = tkr_encounter_get_history (self);
  before = tkr_combatant_get_health (combatant);
  temporary = tkr_combatant_get_temporary_health (combatant);
  what = g_ptr_array_new_with_free_func ((GDestroyNotify) tkr_message_free);

  tkr_history_begin (history, N_ ("Change Health"));
  switch (change->kind)
    {
    case TKR_HEALTH_DAMAGE:
      /* Translators: the log; what follows lists each pool before and after */
      g_ptr_array_add (what,
                       tkr_message_new (N_ ("%s takes %d damage"), tkr_encounter_who (combatant),
                                        tkr_message_int (change->amount), NULL));
      apply_damage (self, combatant, change->amount, what);
      break;
    case TKR_HEALTH_HEAL:
      g_ptr_array_add (what, tkr_message_new (N_ ("%s heals %d"), tkr_encounter_who (combatant),
                                              tkr_message_int (change->amount), NULL));
      set_health (self, combatant, before + change->amount, what);
      break;
    case TKR_HEALTH_SET:
      g_ptr_array_add (what, tkr_message_new (N_ ("%s’s Health is set to %d"),
                                              tkr_encounter_who (combatant),
                                              tkr_message_int (change->amount), NULL));
      set_health (self, combatant, change->amount, what);
      break;
    case TKR_HEALTH_TEMPORARY:
      /* Temporary health does not add up: the larger amount stays. */
      g_ptr_array_add (what, tkr_message_new (N_ ("%s gains %d temporary health"),
                                              tkr_encounter_who (combatant),
                                              tkr_message_int (change->amount), NULL));
      if (change->amount > temporary)
        tkr_encounter_set (self, combatant, "temporary-health", change->amount, NULL);
      g_ptr_array_add (
        what, tkr_message_new (N_ ("; temporary health %d → %d"), tkr_message_int (temporary),
                               tkr_message_int (MAX (temporary, change->amount)), NULL));
      break;
    default:
      g_assert_not_reached ();
    }
  if (change->rolled != NULL)
    g_ptr_array_add (
      what,
      /* Translators: the log; the dice a change of health was rolled with */
      tkr_message_new (N_ (" (rolled %s)"), tkr_message_text (change->rolled), NULL));
  if (before > 0 && tkr_combatant_is_down (combatant))
    g_ptr_array_add (what,
                     tkr_message_new (N_ ("; %s is down"), tkr_encounter_who (combatant), NULL));
  tkr_encounter_log_line (self, LOG_KIND_HEALTH, joined (what));
  if (klass->health_changed != NULL)
    klass->health_changed (self, combatant, before, tkr_combatant_get_health (combatant));
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_encounter_change_health_typed (TkrEncounter *self,
                                   TkrCombatant *combatant,
                                   const char *text,
                                   GError **error)
{
  TkrHealthChange change;
  g_autofree char *rolled = NULL;

  if (!tkr_health_change_parse (text, &change, error))
    return FALSE;
  if (change.by_dice)
    {
      /* Rolled on the encounter's dice; a total below 0 changes nothing. */
      int total = tkr_formula_roll (&change.formula, tkr_encounter_get_rand (self), &rolled);

      change.amount = MAX (0, total);
      change.rolled = rolled;
    }
  return tkr_encounter_change_health (self, combatant, &change, error);
}

/* Group damage and healing (help/C/tracker.page): one change for
 * several combatants, dice rolled once for all, each combatant's
 * resistance taken off its damage, each system's pools in order; one step
 * in the history, a log line for the roll and one for each combatant. */
gboolean
tkr_encounter_change_health_of_many (TkrEncounter *self,
                                     TkrCombatant *const *combatants,
                                     const int *resistances,
                                     guint n_combatants,
                                     const char *text,
                                     GError **error)
{
  TkrHistory *history;
  TkrHealthChange change;
  g_autofree char *rolled = NULL;
  int total;

  g_return_val_if_fail (TKR_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (combatants != NULL || n_combatants == 0, FALSE);

  if (n_combatants == 0)
    {
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                           _ ("Select the combatants to change first"));
      return FALSE;
    }
  for (guint i = 0; i < n_combatants; i++)
    {
      if (!tkr_encounter_require_combatant (self, combatants[i], error))
        return FALSE;
      if (resistances != NULL && (resistances[i] < 0 || resistances[i] > TKR_HEALTH_MAX_CHANGE))
        {
          g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A resistance is 0 to %d"), TKR_HEALTH_MAX_CHANGE);
          return FALSE;
        }
    }
  if (!tkr_health_change_parse (text, &change, error))
    return FALSE;
  total = change.amount;
  if (change.by_dice)
    {
      total = tkr_formula_roll (&change.formula, tkr_encounter_get_rand (self), &rolled);
      total = MAX (0, total);
    }

  history = tkr_encounter_get_history (self);
  /* Translators: the name of a step in Undo */
  tkr_history_begin (history, N_ ("Change Health of Several"));
  if (rolled != NULL)
    /* Translators: the log; dice rolled once for a change of several combatants' health */
    tkr_encounter_log_plural (self, LOG_KIND_HEALTH, "Rolled %s for %u combatant",
                              "Rolled %s for %u combatants", n_combatants,
                              tkr_message_text (rolled), tkr_message_int (n_combatants), NULL);
  for (guint i = 0; i < n_combatants; i++)
    {
      TkrHealthChange one = change;
      gboolean ok;

      one.by_dice = FALSE;
      one.rolled = NULL;
      one.amount = total;
      if (change.kind == TKR_HEALTH_DAMAGE && resistances != NULL)
        one.amount = MAX (0, total - resistances[i]);
      ok = tkr_encounter_change_health (self, combatants[i], &one, error);
      /* Checked above: the combatants are in the fight and the amount is
       * in range. */
      g_warn_if_fail (ok);
    }
  tkr_history_end (history);
  return TRUE;
}

/* Files: "temporary_health": { "<character id>": amount } when anyone has
 * some. */

void
tkr_health_write_json (TkrEncounter *self, JsonObject *object)
{
  GListModel *combatants = tkr_encounter_get_combatants (self);
  JsonObject *temporary = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (TkrCombatant) combatant = g_list_model_get_item (combatants, i);
      int amount = tkr_combatant_get_temporary_health (combatant);

      if (amount == 0)
        continue;
      if (temporary == NULL)
        temporary = json_object_new ();
      json_object_set_int_member (
        temporary, tkr_character_get_id (tkr_combatant_get_character (combatant)), amount);
    }
  if (temporary != NULL)
    json_object_set_object_member (object, "temporary_health", temporary);
}

gboolean
tkr_health_read_json (JsonObject *object, const char *path, TkrEncounterLoad *load, GError **error)
{
  g_autofree char *member_path = tkr_json_path (path, "temporary_health");
  g_autoptr (GList) ids = NULL;
  JsonObject *temporary;

  if (!tkr_json_get_object (object, "temporary_health", path, FALSE, &temporary, error))
    return FALSE;
  if (temporary == NULL)
    return TRUE;
  ids = json_object_get_members (temporary);
  for (GList *l = ids; l != NULL; l = l->next)
    {
      TkrCombatant *found = NULL;
      gint64 amount;

      for (guint i = 0; i < load->combatants->len && found == NULL; i++)
        {
          TkrCombatant *combatant = load->combatants->pdata[i];

          if (g_strcmp0 (tkr_character_get_id (tkr_combatant_get_character (combatant)), l->data) ==
              0)
            found = combatant;
        }
      if (found == NULL)
        {
          g_autofree char *id_path = tkr_json_path (member_path, l->data);
          tkr_json_set_error (error, id_path, _ ("no combatant has the id “%s”"),
                              (const char *) l->data);
          return FALSE;
        }
      if (!tkr_json_get_int (temporary, l->data, member_path, TRUE, 0, TKR_HEALTH_MAX_CHANGE, 0,
                             &amount, error))
        return FALSE;
      g_object_set (found, "temporary-health", (int) amount, NULL);
    }
  return TRUE;
}
