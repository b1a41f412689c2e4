/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-ap-private.h"
#include "tkr-save-cache.h"
#include "tkr-command.h"
#include "tkr-fields.h"
#include "tkr-json.h"
#include "tkr-json-writer.h"

/* The Action-Point combatant (seed 004); see tkr-ap-encounter.h. Its
 * conditions, adjustments and effects are TkrCondition objects. */

static const char *const recover_nicks[] = { "mana", "faith", NULL };

TkrCondition *
tkr_ap_condition_new (const char *name, int value, gboolean persistent)
{
  return g_object_new (TKR_TYPE_CONDITION, "name", name, "kind",
                       persistent ? TKR_CONDITION_KIND_PERSISTENT : TKR_CONDITION_KIND_TEMPORARY,
                       "value", value, NULL);
}

TkrCondition *
tkr_ap_conditions_find (GListStore *list, const char *name)
{
  for (guint i = 0; name != NULL && i < tkr_ap_n_items (list); i++)
    {
      TkrCondition *condition = tkr_ap_item_at (G_LIST_MODEL (list), i);
      const char *own = tkr_condition_get_name (condition);

      if (g_utf8_collate (own, name) == 0 || g_ascii_strcasecmp (own, name) == 0)
        return condition;
    }
  return NULL;
}

G_DEFINE_FINAL_TYPE (TkrApCombatant, tkr_ap_combatant, TKR_TYPE_COMBATANT)

/* The combatant's own fields; its resources "ap" (Action Points left)
 * and "free-steps" (1 while unused) are kept in TkrCombatant. */
static const TkrField fields[] = {
  TKR_FIELD_INT (TkrApCombatant, finesse_die, "finesse-die", "finesse_die", 1, MAX_DIE, 1),
  TKR_FIELD_INT (TkrApCombatant,
                 ap_adjustment,
                 "ap-adjustment",
                 "ap_adjustment",
                 -MAX_ADJUSTMENT,
                 MAX_ADJUSTMENT,
                 0),
  TKR_FIELD_INT (TkrApCombatant, round_ap, "round-ap", "round_ap", 0, MAX_AP, 0),
  TKR_FIELD_INT (TkrApCombatant, mana, "mana", "mana", 0, MAX_AP, 0),
  TKR_FIELD_INT (TkrApCombatant, mana_max, "mana-max", "mana_max", 0, MAX_AP, 0),
  TKR_FIELD_INT (TkrApCombatant, faith, "faith", "faith", 0, MAX_AP, 0),
  TKR_FIELD_INT (TkrApCombatant, faith_max, "faith-max", "faith_max", 0, MAX_AP, 0),
  TKR_FIELD_BOOLEAN (TkrApCombatant, surprised, "surprised", "surprised"),
  TKR_FIELD_BOOLEAN (TkrApCombatant, moved, "moved", "moved"),
  TKR_FIELD_BOOLEAN (TkrApCombatant, acted, "acted", "acted"),
  TKR_FIELD_BOOLEAN (TkrApCombatant, passed, "passed", "passed"),
  TKR_FIELD_BOOLEAN (TkrApCombatant, stepped, "stepped", "stepped"),
  TKR_FIELD_STRING (TkrApCombatant, size, "size", "size"),
  TKR_FIELD_STRING (TkrApCombatant, recover, "recover", "recover"),
};

/* The members of a combatant in files, all required, in the files'
 * order: the fields and the two resources. */
static const char *const members[] = {
  "finesse_die", "ap_adjustment", "ap",        "round_ap", "mana",  "mana_max",
  "faith",       "faith_max",     "surprised", "moved",    "acted", "passed",
  "free_steps",  "stepped",       "size",      "recover",  NULL,
};

/* The lists in files: each item has "name", "persistent" for conditions,
 * and the number under its own member, within bounds. */
static const struct
{
  const char *member;
  const char *value_member;
  int minimum, maximum;
} lists[AP_N_LISTS] = {
  [AP_CONDITIONS] = { "conditions", "target", 0, MAX_CHECK },
  [AP_ADJUSTMENTS] = { "adjustments", "value", -MAX_ADJUSTMENT, MAX_ADJUSTMENT },
  [AP_EFFECTS] = { "effects", "damage", 1, MAX_DAMAGE },
};

static void
tkr_ap_combatant_finalize (GObject *object)
{
  TkrApCombatant *self = TKR_AP_COMBATANT (object);

  tkr_fields_clear (object, TKR_TYPE_AP_COMBATANT);
  for (guint i = 0; i < AP_N_LISTS; i++)
    g_clear_object (&self->lists[i]);
  G_OBJECT_CLASS (tkr_ap_combatant_parent_class)->finalize (object);
}

static void
tkr_ap_combatant_class_init (TkrApCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_ap_combatant_finalize;
  tkr_fields_install (object_class, fields, G_N_ELEMENTS (fields));
}

static void
tkr_ap_combatant_init (TkrApCombatant *self)
{
  g_autoptr (TkrResource) ap = tkr_resource_new ("ap", _ ("Action Points"), MAX_AP);
  g_autoptr (TkrResource) steps = tkr_resource_new ("free-steps", _ ("Free Steps"), 1);

  g_object_set (ap, "current", 0, NULL);
  g_object_set (steps, "current", 0, NULL);
  tkr_combatant_add_resource (TKR_COMBATANT (self), ap);
  tkr_combatant_add_resource (TKR_COMBATANT (self), steps);
  self->finesse_die = 1;
  self->lists[AP_CONDITIONS] =
    g_object_ref (tkr_combatant_get_condition_store (TKR_COMBATANT (self)));
  self->lists[AP_ADJUSTMENTS] = g_list_store_new (TKR_TYPE_CONDITION);
  self->lists[AP_EFFECTS] = g_list_store_new (TKR_TYPE_CONDITION);
}

/* Defines tkr_ap_combatant_get_@fn (tkr-command.h). */
#define GETTER(type, fn, value, fallback)                                                          \
  TKR_DEFINE_GETTER (TkrApCombatant, TKR_IS_AP_COMBATANT, type, tkr_ap_combatant_get_##fn, value,  \
                     fallback)

GETTER (int, round_ap, self->round_ap, 0)
GETTER (int, finesse_die, self->finesse_die, 0)
GETTER (int, ap_adjustment, self->ap_adjustment, 0)
GETTER (int, mana, self->mana, 0)
GETTER (int, mana_max, self->mana_max, 0)
GETTER (int, faith, self->faith, 0)
GETTER (int, faith_max, self->faith_max, 0)
GETTER (gboolean, surprised, self->surprised, FALSE)
GETTER (gboolean, moved, self->moved, FALSE)
GETTER (gboolean, acted, self->acted, FALSE)
GETTER (gboolean, passed, self->passed, FALSE)
GETTER (const char *, size, self->size, NULL)
GETTER (const char *, recover, self->recover, NULL)
GETTER (int, ap, tkr_combatant_get_left (TKR_COMBATANT (self), "ap"), 0)
GETTER (gboolean,
        free_steps,
        tkr_combatant_get_left (TKR_COMBATANT (self), "free-steps") > 0,
        FALSE)
GETTER (GListModel *, ap_conditions, G_LIST_MODEL (self->lists[AP_CONDITIONS]), NULL)
GETTER (GListModel *, adjustments, G_LIST_MODEL (self->lists[AP_ADJUSTMENTS]), NULL)
GETTER (GListModel *, effects, G_LIST_MODEL (self->lists[AP_EFFECTS]), NULL)

#undef GETTER

gboolean
tkr_ap_combatant_has_condition (TkrApCombatant *self,
                                const char *name,
                                gboolean *persistent,
                                int *target)
{
  TkrCondition *condition;

  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  condition = tkr_ap_conditions_find (self->lists[AP_CONDITIONS], name);
  if (condition == NULL)
    return FALSE;
  if (persistent)
    *persistent = tkr_condition_get_kind (condition) == TKR_CONDITION_KIND_PERSISTENT;
  if (target)
    *target = tkr_condition_get_value (condition);
  return TRUE;
}

/* The sheet's field @field, else (with @fallback) the save or skill named
 * @fallback, else 0. */
static int
sheet_number (TkrCharacter *character, const char *field, const char *fallback)
{
  int value = 0;

  if (tkr_character_get_field (character, field, &value) || fallback == NULL)
    return value;
  value = tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SAVE, fallback);
  return value != 0
           ? value
           : tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SKILL, fallback);
}

/* A fresh combatant for @character: its starting values are part of its
 * creation. Seeded from the sheet's Action-Point fields (rule data
 * "sheet.fields": Finesse Die, AP adjustment, size, Mana and Faith
 * maxima); a sheet written before those fields existed may still carry
 * them as a save or skill named "Finesse", "Mana" or "Faith". The GM sets
 * the rest. */
TkrApCombatant *
tkr_ap_combatant_new_from_sheet (TkrCharacter *character, TkrRules *rules, ApNumbers *numbers)
{
  int die = sheet_number (character, "finesse_die", "Finesse");
  int adjustment = sheet_number (character, "ap_adjustment", NULL);
  int mana = CLAMP (sheet_number (character, "mana_max", "Mana"), 0, numbers->max_pool);
  int faith = CLAMP (sheet_number (character, "faith_max", "Faith"), 0, numbers->max_pool);
  const char *size = numbers->default_size;
  int size_choice;

  if (!tkr_ap_numbers_has_die (numbers, die))
    die = numbers->default_finesse_die;
  /* The size field stores a choice; its label ("Medium", "Small") names
   * one of the rule data's Free Steps sizes. */
  if (tkr_character_get_field (character, "size", &size_choice))
    {
      const TkrSheetFieldInfo *info = tkr_rules_lookup_sheet_field (rules, "size");
      const char *label = info ? tkr_sheet_field_info_get_label (info, size_choice) : NULL;

      for (guint i = 0; label != NULL && numbers->sizes[i] != NULL; i++)
        if (g_ascii_strcasecmp (numbers->sizes[i], label) == 0)
          size = numbers->sizes[i];
    }

  return g_object_new (TKR_TYPE_AP_COMBATANT, "character", character, "finesse-die", die,
                       "ap-adjustment", CLAMP (adjustment, -MAX_ADJUSTMENT, MAX_ADJUSTMENT), "size",
                       size, "recover", mana > 0 || faith == 0 ? "mana" : "faith", "mana", mana,
                       "mana-max", mana, "faith", faith, "faith-max", faith, NULL);
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

/* The combatant in files, through a writer (docs/ARCHITECTURE.md,
 * "Files"): "ref" (a participant is stored by the engine; the combatant
 * names it by id), then the members in the order of members[] above and
 * the three lists. Written straight from the instance, with no object of
 * copies made first. */
static void
write_json (TkrApCombatant *self, TkrJsonWriter *writer)
{
  TkrCombatant *combatant = TKR_COMBATANT (self);

  tkr_json_writer_begin_object (writer, NULL);
  tkr_json_writer_string (writer, "ref",
                          tkr_character_get_id (tkr_combatant_get_character (combatant)));
  tkr_json_writer_int (writer, "finesse_die", self->finesse_die);
  tkr_json_writer_int (writer, "ap_adjustment", self->ap_adjustment);
  tkr_json_writer_int (writer, "ap", tkr_combatant_get_left (combatant, "ap"));
  tkr_json_writer_int (writer, "round_ap", self->round_ap);
  tkr_json_writer_int (writer, "mana", self->mana);
  tkr_json_writer_int (writer, "mana_max", self->mana_max);
  tkr_json_writer_int (writer, "faith", self->faith);
  tkr_json_writer_int (writer, "faith_max", self->faith_max);
  tkr_json_writer_boolean (writer, "surprised", self->surprised);
  tkr_json_writer_boolean (writer, "moved", self->moved);
  tkr_json_writer_boolean (writer, "acted", self->acted);
  tkr_json_writer_boolean (writer, "passed", self->passed);
  tkr_json_writer_boolean (writer, "free_steps",
                           tkr_combatant_get_left (combatant, "free-steps") > 0);
  tkr_json_writer_boolean (writer, "stepped", self->stepped);
  /* A string field is written only when set, as tkr_fields_to_json ()
   * does; both always are in a combatant that loaded or was made. */
  if (self->size != NULL)
    tkr_json_writer_string (writer, "size", self->size);
  if (self->recover != NULL)
    tkr_json_writer_string (writer, "recover", self->recover);

  for (guint list = 0; list < AP_N_LISTS; list++)
    {
      GListModel *model = G_LIST_MODEL (self->lists[list]);
      guint n = g_list_model_get_n_items (model);

      tkr_json_writer_begin_array (writer, lists[list].member);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (TkrCondition) condition = g_list_model_get_item (model, i);

          tkr_json_writer_begin_object (writer, NULL);
          tkr_json_writer_string (writer, "name", tkr_condition_get_name (condition));
          if (list == AP_CONDITIONS)
            tkr_json_writer_boolean (writer, "persistent",
                                     tkr_condition_get_kind (condition) ==
                                       TKR_CONDITION_KIND_PERSISTENT);
          tkr_json_writer_int (writer, lists[list].value_member,
                               tkr_condition_get_value (condition));
          tkr_json_writer_end_object (writer);
        }
      tkr_json_writer_end_array (writer);
    }
  tkr_json_writer_end_object (writer);
}

JsonNode *
tkr_ap_combatant_to_json (TkrApCombatant *self)
{
  TkrJsonWriter writer;
  JsonNode *node;

  /* In a save, the text kept from the last when nothing changed. */
  node = tkr_save_cache_placeholder (self, (TkrSaveToJson) tkr_ap_combatant_to_json);
  if (node != NULL)
    return node;
  tkr_json_writer_init_tree (&writer);
  write_json (self, &writer);
  return tkr_json_writer_finish_tree (&writer);
}

static gboolean
read_list (TkrApCombatant *self, ApList list, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, lists[list].member);
  JsonArray *array;

  if (!tkr_json_get_array (object, lists[list].member, path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL;
      g_autoptr (TkrCondition) condition = NULL;
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      gboolean persistent = FALSE;
      gint64 value;

      if (item == NULL ||
          !tkr_json_get_string (item, "name", item_path, TRUE, NULL, &name, error) ||
          (list == AP_CONDITIONS &&
           !tkr_json_get_bool (item, "persistent", item_path, TRUE, FALSE, &persistent, error)) ||
          !tkr_json_get_int (item, lists[list].value_member, item_path, TRUE, lists[list].minimum,
                             lists[list].maximum, 0, &value, error))
        return FALSE;
      condition = tkr_ap_condition_new (name, (int) value, persistent);
      g_list_store_append (self->lists[list], condition);
    }
  return TRUE;
}

/* Reads the combatant's own members (not its character). */
gboolean
tkr_ap_combatant_read_json (TkrApCombatant *self,
                            JsonObject *object,
                            const char *path,
                            GError **error)
{
  gboolean steps;
  gint64 ap;
  int recover;

  for (guint i = 0; members[i] != NULL; i++)
    {
      JsonNode *member = json_object_get_member (object, members[i]);

      if (member == NULL || JSON_NODE_HOLDS_NULL (member))
        {
          g_autofree char *member_path = tkr_json_path (path, members[i]);

          tkr_json_set_error (error, member_path, _ ("a required value is missing"));
          return FALSE;
        }
    }
  if (!tkr_fields_from_json (G_OBJECT (self), TKR_TYPE_AP_COMBATANT, object, path, error) ||
      !tkr_json_get_int (object, "ap", path, TRUE, 0, MAX_AP, 0, &ap, error) ||
      !tkr_json_get_bool (object, "free_steps", path, TRUE, FALSE, &steps, error) ||
      !tkr_json_get_enum (object, "recover", path, TRUE, recover_nicks, 0, &recover, error))
    return FALSE;
  g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (self), "ap"), "current", (int) ap,
                NULL);
  g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (self), "free-steps"), "current",
                steps ? 1 : 0, NULL);
  for (ApList list = 0; list < AP_N_LISTS; list++)
    if (!read_list (self, list, object, path, error))
      return FALSE;

  if (self->mana > self->mana_max || self->faith > self->faith_max)
    {
      tkr_json_set_error (error, path, _ ("Mana or Faith is above its maximum"));
      return FALSE;
    }
  return TRUE;
}
