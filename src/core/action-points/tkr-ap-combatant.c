/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-ap-private.h"
#include "tkr-json.h"

/* The Action-Point combatant and its conditions, adjustments and effects
 * (seed 004); see tkr-ap-encounter.h. */

static const char *const recover_nicks[] = { "mana", "faith", NULL };

/* ------------------------------------------------------------------ */
/* Conditions, adjustments and effects                                 */
/* ------------------------------------------------------------------ */

G_DEFINE_FINAL_TYPE (TkrApMark, tkr_ap_mark, G_TYPE_OBJECT)

static void
tkr_ap_mark_finalize (GObject *object)
{
  g_free (TKR_AP_MARK (object)->name);
  G_OBJECT_CLASS (tkr_ap_mark_parent_class)->finalize (object);
}

static void
tkr_ap_mark_class_init (TkrApMarkClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tkr_ap_mark_finalize;
}

static void
tkr_ap_mark_init (TkrApMark *self)
{
}

TkrApMark *
tkr_ap_mark_new (const char *name, int value, gboolean persistent)
{
  TkrApMark *self = g_object_new (TKR_TYPE_AP_MARK, NULL);

  self->name = g_strdup (name);
  self->value = value;
  self->persistent = persistent;
  return self;
}

const char *
tkr_ap_mark_get_name (TkrApMark *self)
{
  g_return_val_if_fail (TKR_IS_AP_MARK (self), NULL);
  return self->name;
}

int
tkr_ap_mark_get_value (TkrApMark *self)
{
  g_return_val_if_fail (TKR_IS_AP_MARK (self), 0);
  return self->value;
}

gboolean
tkr_ap_mark_get_persistent (TkrApMark *self)
{
  g_return_val_if_fail (TKR_IS_AP_MARK (self), FALSE);
  return self->persistent;
}

TkrApMark *
tkr_ap_marks_find (GListStore *marks, const char *name)
{
  for (guint i = 0; name != NULL && i < tkr_ap_n_items (marks); i++)
    {
      TkrApMark *mark = tkr_ap_item_at (G_LIST_MODEL (marks), i);

      if (g_utf8_collate (mark->name, name) == 0 || g_ascii_strcasecmp (mark->name, name) == 0)
        return mark;
    }
  return NULL;
}

/* ------------------------------------------------------------------ */
/* The combatant                                                       */
/* ------------------------------------------------------------------ */

G_DEFINE_FINAL_TYPE (TkrApCombatant, tkr_ap_combatant, TKR_TYPE_COMBATANT)

/* The combatant's own fields as properties (for the history) and as file
 * members (the name with '-' as '_'), in the files' order. 'r' and 'f'
 * are the "ap" and "free-steps" resources, kept in TkrCombatant. */
typedef struct
{
  const char *name;
  char type; /* 'i'nt, 'b'oolean, 's'tring, 'r'esource, 'f'lag resource */
  gsize offset;
  int minimum, maximum;
} Field;

#define F(name, type, field, minimum, maximum)                                                     \
  {                                                                                                \
    name, type, G_STRUCT_OFFSET (TkrApCombatant, field), minimum, maximum                          \
  }

static const Field fields[] = {
  F ("finesse-die", 'i', finesse_die, 1, MAX_DIE),
  F ("ap-adjustment", 'i', ap_adjustment, -MAX_ADJUSTMENT, MAX_ADJUSTMENT),
  { "ap", 'r', 0, 0, MAX_AP },
  F ("round-ap", 'i', round_ap, 0, MAX_AP),
  F ("mana", 'i', mana, 0, MAX_AP),
  F ("mana-max", 'i', mana_max, 0, MAX_AP),
  F ("faith", 'i', faith, 0, MAX_AP),
  F ("faith-max", 'i', faith_max, 0, MAX_AP),
  F ("surprised", 'b', surprised, 0, 0),
  F ("moved", 'b', moved, 0, 0),
  F ("acted", 'b', acted, 0, 0),
  F ("passed", 'b', passed, 0, 0),
  { "free-steps", 'f', 0, 0, 1 },
  F ("stepped", 'b', stepped, 0, 0),
  F ("size", 's', size, 0, 0),
  F ("recover", 's', recover, 0, 0),
};

#undef F

#define FIELD(self, field) G_STRUCT_MEMBER_P ((self), (field)->offset)

static void
tkr_ap_combatant_finalize (GObject *object)
{
  TkrApCombatant *self = TKR_AP_COMBATANT (object);

  g_free (self->size);
  g_free (self->recover);
  g_clear_object (&self->conditions);
  g_clear_object (&self->adjustments);
  g_clear_object (&self->effects);
  G_OBJECT_CLASS (tkr_ap_combatant_parent_class)->finalize (object);
}

static void
tkr_ap_combatant_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  const Field *field = &fields[prop_id - 1];
  gpointer member = FIELD (object, field);

  if (field->type == 'i')
    g_value_set_int (value, *(int *) member);
  else if (field->type == 'b')
    g_value_set_boolean (value, *(gboolean *) member);
  else
    g_value_set_string (value, *(char **) member);
}

static void
tkr_ap_combatant_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  const Field *field = &fields[prop_id - 1];
  gpointer member = FIELD (object, field);

  if (field->type == 'i' && *(int *) member != g_value_get_int (value))
    *(int *) member = g_value_get_int (value);
  else if (field->type == 'b' && *(gboolean *) member != g_value_get_boolean (value))
    *(gboolean *) member = g_value_get_boolean (value);
  else if (field->type == 's' && g_strcmp0 (*(char **) member, g_value_get_string (value)) != 0)
    {
      g_free (*(char **) member);
      *(char **) member = g_value_dup_string (value);
    }
  else
    return;
  g_object_notify_by_pspec (object, pspec);
}

static void
tkr_ap_combatant_class_init (TkrApCombatantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_ap_combatant_finalize;
  object_class->get_property = tkr_ap_combatant_get_property;
  object_class->set_property = tkr_ap_combatant_set_property;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const Field *field = &fields[i];
      GParamSpec *pspec;

      if (field->type == 'i')
        pspec = g_param_spec_int (field->name, NULL, NULL, field->minimum, field->maximum,
                                  MAX (field->minimum, 0), rw);
      else if (field->type == 'b')
        pspec = g_param_spec_boolean (field->name, NULL, NULL, FALSE, rw);
      else if (field->type == 's')
        pspec = g_param_spec_string (field->name, NULL, NULL, NULL, rw);
      else
        continue; /* resources are objects of their own */
      g_object_class_install_property (object_class, i + 1, pspec);
    }
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
  self->conditions = g_list_store_new (TKR_TYPE_AP_MARK);
  self->adjustments = g_list_store_new (TKR_TYPE_AP_MARK);
  self->effects = g_list_store_new (TKR_TYPE_AP_MARK);
}

#define GETTER(type, fn, field, fallback)                                                          \
  type tkr_ap_combatant_get_##fn (TkrApCombatant *self)                                            \
  {                                                                                                \
    g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), fallback);                                   \
    return self->field;                                                                            \
  }

GETTER (int, round_ap, round_ap, 0)
GETTER (int, finesse_die, finesse_die, 0)
GETTER (int, ap_adjustment, ap_adjustment, 0)
GETTER (int, mana, mana, 0)
GETTER (int, mana_max, mana_max, 0)
GETTER (int, faith, faith, 0)
GETTER (int, faith_max, faith_max, 0)
GETTER (gboolean, surprised, surprised, FALSE)
GETTER (gboolean, moved, moved, FALSE)
GETTER (gboolean, acted, acted, FALSE)
GETTER (gboolean, passed, passed, FALSE)
GETTER (const char *, size, size, NULL)
GETTER (const char *, recover, recover, NULL)

#undef GETTER

int
tkr_ap_combatant_get_ap (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), 0);
  return tkr_combatant_get_left (TKR_COMBATANT (self), "ap");
}

gboolean
tkr_ap_combatant_get_free_steps (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), FALSE);
  return tkr_combatant_get_left (TKR_COMBATANT (self), "free-steps") > 0;
}

gboolean
tkr_ap_combatant_has_condition (TkrApCombatant *self,
                                const char *name,
                                gboolean *persistent,
                                int *target)
{
  TkrApMark *mark;

  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  mark = tkr_ap_marks_find (self->conditions, name);
  if (mark == NULL)
    return FALSE;
  if (persistent)
    *persistent = mark->persistent;
  if (target)
    *target = mark->value;
  return TRUE;
}

GListModel *
tkr_ap_combatant_get_ap_conditions (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), NULL);
  return G_LIST_MODEL (self->conditions);
}

GListModel *
tkr_ap_combatant_get_adjustments (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), NULL);
  return G_LIST_MODEL (self->adjustments);
}

GListModel *
tkr_ap_combatant_get_effects (TkrApCombatant *self)
{
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (self), NULL);
  return G_LIST_MODEL (self->effects);
}

static int
sheet_value (TkrCharacter *character, const char *name)
{
  int save = tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SAVE, name);

  return save != 0 ? save
                   : tkr_character_get_modifier_value (character, TKR_MODIFIER_KIND_SKILL, name);
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
  int die, adjustment, mana, faith, size_choice;
  const char *size = numbers->default_size;

  if (!tkr_character_get_field (character, "finesse_die", &die))
    die = sheet_value (character, "Finesse");
  if (!tkr_ap_numbers_has_die (numbers, die))
    die = numbers->default_finesse_die;
  if (!tkr_character_get_field (character, "ap_adjustment", &adjustment))
    adjustment = 0;
  adjustment = CLAMP (adjustment, -MAX_ADJUSTMENT, MAX_ADJUSTMENT);
  if (!tkr_character_get_field (character, "mana_max", &mana))
    mana = sheet_value (character, "Mana");
  mana = CLAMP (mana, 0, numbers->max_pool);
  if (!tkr_character_get_field (character, "faith_max", &faith))
    faith = sheet_value (character, "Faith");
  faith = CLAMP (faith, 0, numbers->max_pool);

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
                       "ap-adjustment", adjustment, "size", size, "recover",
                       mana > 0 || faith == 0 ? "mana" : "faith", "mana", mana, "mana-max", mana,
                       "faith", faith, "faith-max", faith, NULL);
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

static char *
member_name (const Field *field)
{
  return g_strdelimit (g_strdup (field->name), "-", '_');
}

static JsonNode *
marks_to_json (GListStore *marks, const char *value_member)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < tkr_ap_n_items (marks); i++)
    {
      TkrApMark *mark = tkr_ap_item_at (G_LIST_MODEL (marks), i);
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "name", mark->name);
      if (g_str_equal (value_member, "target"))
        json_object_set_boolean_member (object, "persistent", mark->persistent);
      json_object_set_int_member (object, value_member, mark->value);
      json_array_add_object_element (array, object);
    }
  json_node_take_array (node, array);
  return node;
}

/* A participant is stored by the engine; the combatant names it by id. */
JsonNode *
tkr_ap_combatant_to_json (TkrApCombatant *self)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (
    object, "ref", tkr_character_get_id (tkr_combatant_get_character (TKR_COMBATANT (self))));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const Field *field = &fields[i];
      g_autofree char *name = member_name (field);
      gpointer member = FIELD (self, field);

      if (field->type == 'i')
        json_object_set_int_member (object, name, *(int *) member);
      else if (field->type == 'b')
        json_object_set_boolean_member (object, name, *(gboolean *) member);
      else if (field->type == 's')
        json_object_set_string_member (object, name, *(char **) member ? *(char **) member : "");
      else if (field->type == 'r')
        json_object_set_int_member (object, name,
                                    tkr_combatant_get_left (TKR_COMBATANT (self), name));
      else
        json_object_set_boolean_member (object, name, tkr_ap_combatant_get_free_steps (self));
    }
  json_object_set_member (object, "conditions", marks_to_json (self->conditions, "target"));
  json_object_set_member (object, "adjustments", marks_to_json (self->adjustments, "value"));
  json_object_set_member (object, "effects", marks_to_json (self->effects, "damage"));
  json_node_take_object (node, object);
  return node;
}

static gboolean
read_marks (JsonObject *object,
            const char *member,
            const char *value_member,
            const char *path,
            int minimum,
            int maximum,
            GListStore *marks,
            GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, member);
  gboolean condition = g_str_equal (value_member, "target");
  JsonArray *array;

  if (!tkr_json_get_array (object, member, path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (list_path, i);
      g_autofree char *name = NULL;
      g_autoptr (TkrApMark) mark = NULL;
      JsonObject *item =
        tkr_json_require_object (json_array_get_element (array, i), item_path, error);
      gboolean persistent = FALSE;
      gint64 value;

      if (item == NULL ||
          !tkr_json_get_string (item, "name", item_path, TRUE, NULL, &name, error) ||
          (condition &&
           !tkr_json_get_bool (item, "persistent", item_path, TRUE, FALSE, &persistent, error)) ||
          !tkr_json_get_int (item, value_member, item_path, TRUE, minimum, maximum, 0, &value,
                             error))
        return FALSE;
      mark = tkr_ap_mark_new (name, (int) value, persistent);
      g_list_store_append (marks, mark);
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
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const Field *field = &fields[i];
      g_autofree char *name = member_name (field);
      g_autofree char *text = NULL;
      gpointer member = FIELD (self, field);
      gboolean flag;
      gint64 value;
      int choice;

      if (field->type == 'b' || field->type == 'f')
        {
          if (!tkr_json_get_bool (object, name, path, TRUE, FALSE, &flag, error))
            return FALSE;
          if (field->type == 'b')
            *(gboolean *) member = flag;
          else
            g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (self), field->name),
                          "current", flag ? 1 : 0, NULL);
        }
      else if (field->type == 'i' || field->type == 'r')
        {
          if (!tkr_json_get_int (object, name, path, TRUE, field->minimum, field->maximum, 0,
                                 &value, error))
            return FALSE;
          if (field->type == 'i')
            *(int *) member = (int) value;
          else
            g_object_set (tkr_combatant_find_resource (TKR_COMBATANT (self), field->name),
                          "current", (int) value, NULL);
        }
      else if (g_str_equal (field->name, "recover"))
        {
          if (!tkr_json_get_enum (object, name, path, TRUE, recover_nicks, 0, &choice, error))
            return FALSE;
          *(char **) member = g_strdup (recover_nicks[choice]);
        }
      else
        {
          if (!tkr_json_get_string (object, name, path, TRUE, NULL, &text, error))
            return FALSE;
          *(char **) member = g_steal_pointer (&text);
        }
    }
  if (!read_marks (object, "conditions", "target", path, 0, MAX_CHECK, self->conditions, error) ||
      !read_marks (object, "adjustments", "value", path, -MAX_ADJUSTMENT, MAX_ADJUSTMENT,
                   self->adjustments, error) ||
      !read_marks (object, "effects", "damage", path, 1, MAX_DAMAGE, self->effects, error))
    return FALSE;

  if (self->mana > self->mana_max || self->faith > self->faith_max)
    {
      tkr_json_set_error (error, path, _ ("Mana or Faith is above its maximum"));
      return FALSE;
    }
  return TRUE;
}
