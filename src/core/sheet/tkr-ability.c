/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-ability.h"
#include "tkr-enums.h"
#include "tkr-json.h"

#define BEATS_MAX 10
#define NAME_MAX_CHARS 200

/* In the order of TkrAbilityTime; these are the words files use. */
static const char *const time_nicks[] = {
  "action",  "free-action", "slow-action", "reaction", "free-reaction",
  "passive", "montage",     "episodic",    NULL,
};

G_STATIC_ASSERT (G_N_ELEMENTS (time_nicks) == TKR_ABILITY_TIME_EPISODIC + 2);

/* The text fields of an Ability block, with the key each has in a file. */
typedef enum
{
  TEXT_TARGET,
  TEXT_TRIGGER,
  TEXT_REQUIREMENTS,
  TEXT_TEST_SKILL,
  TEXT_ON_LOW,
  TEXT_ON_MIXED,
  TEXT_ON_HIGH,
  TEXT_EFFECT,
  TEXT_DESCRIPTION,
  N_TEXTS
} TextField;

/* The file keys follow the rule data's "basic_abilities", so the same
 * reader takes both. */
static const struct
{
  const char *property;
  const char *key;
} text_fields[N_TEXTS] = {
  [TEXT_TARGET] = { "target", "target" },
  [TEXT_TRIGGER] = { "trigger", "trigger" },
  [TEXT_REQUIREMENTS] = { "requirements", "requirements" },
  [TEXT_TEST_SKILL] = { "test-skill", "test" },
  [TEXT_ON_LOW] = { "on-low", "low" },
  [TEXT_ON_MIXED] = { "on-mixed", "mixed" },
  [TEXT_ON_HIGH] = { "on-high", "high" },
  [TEXT_EFFECT] = { "effect", "effect" },
  [TEXT_DESCRIPTION] = { "description", "description" },
};

struct _TkrAbility
{
  GObject parent_instance;

  char *name;
  TkrAbilityTime time;
  int beats;
  char *texts[N_TEXTS];
};

G_DEFINE_FINAL_TYPE (TkrAbility, tkr_ability, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_TIME,
  PROP_BEATS,
  PROP_FIRST_TEXT,
  PROP_LAST_TEXT = PROP_FIRST_TEXT + N_TEXTS - 1,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
replace_string (char **field, const char *value)
{
  if (value == NULL)
    value = "";
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static void
tkr_ability_finalize (GObject *object)
{
  TkrAbility *self = TKR_ABILITY (object);

  g_free (self->name);
  for (guint i = 0; i < N_TEXTS; i++)
    g_free (self->texts[i]);

  G_OBJECT_CLASS (tkr_ability_parent_class)->finalize (object);
}

static void
tkr_ability_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrAbility *self = TKR_ABILITY (object);

  if (prop_id >= PROP_FIRST_TEXT && prop_id <= PROP_LAST_TEXT)
    {
      g_value_set_string (value, self->texts[prop_id - PROP_FIRST_TEXT]);
      return;
    }

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_TIME:
      g_value_set_enum (value, self->time);
      break;
    case PROP_BEATS:
      g_value_set_int (value, self->beats);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ability_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrAbility *self = TKR_ABILITY (object);

  if (prop_id >= PROP_FIRST_TEXT && prop_id <= PROP_LAST_TEXT)
    {
      if (replace_string (&self->texts[prop_id - PROP_FIRST_TEXT], g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      return;
    }

  switch (prop_id)
    {
    case PROP_NAME:
      if (replace_string (&self->name, g_value_get_string (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_TIME:
      if (self->time != (TkrAbilityTime) g_value_get_enum (value))
        {
          self->time = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_BEATS:
      if (self->beats != g_value_get_int (value))
        {
          self->beats = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_ability_class_init (TkrAbilityClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_ability_finalize;
  object_class->get_property = tkr_ability_get_property;
  object_class->set_property = tkr_ability_set_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, "", flags);
  properties[PROP_TIME] =
    g_param_spec_enum ("time", NULL, NULL, TKR_TYPE_ABILITY_TIME, TKR_ABILITY_TIME_ACTION, flags);
  properties[PROP_BEATS] = g_param_spec_int ("beats", NULL, NULL, 0, BEATS_MAX, 1, flags);
  for (guint i = 0; i < N_TEXTS; i++)
    properties[PROP_FIRST_TEXT + i] =
      g_param_spec_string (text_fields[i].property, NULL, NULL, "", flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_ability_init (TkrAbility *self)
{
  self->name = g_strdup ("");
  self->beats = 1;
  for (guint i = 0; i < N_TEXTS; i++)
    self->texts[i] = g_strdup ("");
}

TkrAbility *
tkr_ability_new (const char *name, TkrAbilityTime time, int beats)
{
  g_return_val_if_fail (time <= TKR_ABILITY_TIME_EPISODIC, NULL);

  return g_object_new (TKR_TYPE_ABILITY, "name", name, "time", time, "beats",
                       CLAMP (beats, 0, BEATS_MAX), NULL);
}

/**
 * tkr_ability_copy:
 *
 * Returns: (transfer full): a new ability with every field of @self.
 */
TkrAbility *
tkr_ability_copy (TkrAbility *self)
{
  TkrAbility *copy;

  g_return_val_if_fail (TKR_IS_ABILITY (self), NULL);

  copy = tkr_ability_new (self->name, self->time, self->beats);
  for (guint i = 0; i < N_TEXTS; i++)
    {
      g_free (copy->texts[i]);
      copy->texts[i] = g_strdup (self->texts[i]);
    }
  return copy;
}

const char *
tkr_ability_get_name (TkrAbility *self)
{
  g_return_val_if_fail (TKR_IS_ABILITY (self), NULL);
  return self->name;
}

TkrAbilityTime
tkr_ability_get_time (TkrAbility *self)
{
  g_return_val_if_fail (TKR_IS_ABILITY (self), TKR_ABILITY_TIME_ACTION);
  return self->time;
}

int
tkr_ability_get_beats (TkrAbility *self)
{
  g_return_val_if_fail (TKR_IS_ABILITY (self), 0);
  return self->beats;
}

const char *
tkr_ability_get_test_skill (TkrAbility *self)
{
  g_return_val_if_fail (TKR_IS_ABILITY (self), NULL);
  return self->texts[TEXT_TEST_SKILL];
}

gboolean
tkr_ability_time_is_reaction (TkrAbilityTime time)
{
  return time == TKR_ABILITY_TIME_REACTION || time == TKR_ABILITY_TIME_FREE_REACTION;
}

gboolean
tkr_ability_time_is_slow (TkrAbilityTime time)
{
  return time == TKR_ABILITY_TIME_SLOW_ACTION || time == TKR_ABILITY_TIME_MONTAGE ||
         time == TKR_ABILITY_TIME_EPISODIC;
}

const char *
tkr_ability_time_to_string (TkrAbilityTime time)
{
  const char *msgid = tkr_ability_time_to_msgid (time);

  return msgid != NULL ? _ (msgid) : NULL;
}

const char *
tkr_ability_time_to_msgid (TkrAbilityTime time)
{
  switch (time)
    {
    case TKR_ABILITY_TIME_ACTION:
      return N_ ("Action");
    case TKR_ABILITY_TIME_FREE_ACTION:
      return N_ ("Free Action");
    case TKR_ABILITY_TIME_SLOW_ACTION:
      return N_ ("Slow Action");
    case TKR_ABILITY_TIME_REACTION:
      return N_ ("Reaction");
    case TKR_ABILITY_TIME_FREE_REACTION:
      return N_ ("Free Reaction");
    case TKR_ABILITY_TIME_PASSIVE:
      return N_ ("Passive");
    case TKR_ABILITY_TIME_MONTAGE:
      return N_ ("Montage");
    case TKR_ABILITY_TIME_EPISODIC:
      return N_ ("Episodic");
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
tkr_ability_time_to_nick (TkrAbilityTime time)
{
  g_return_val_if_fail (time <= TKR_ABILITY_TIME_EPISODIC, NULL);
  return time_nicks[time];
}

void
tkr_ability_write_json (TkrAbility *self, TkrJsonWriter *writer, const char *name)
{
  g_return_if_fail (TKR_IS_ABILITY (self));

  tkr_json_writer_begin_object (writer, name);
  tkr_json_writer_string (writer, "name", self->name);
  tkr_json_writer_string (writer, "time", time_nicks[self->time]);
  tkr_json_writer_int (writer, "beats", self->beats);
  for (guint i = 0; i < N_TEXTS; i++)
    tkr_json_writer_string (writer, text_fields[i].key, self->texts[i]);
  tkr_json_writer_end_object (writer);
}

JsonNode *
tkr_ability_to_json (TkrAbility *self)
{
  TkrJsonWriter writer;

  g_return_val_if_fail (TKR_IS_ABILITY (self), NULL);

  tkr_json_writer_init_tree (&writer);
  tkr_ability_write_json (self, &writer, NULL);
  return tkr_json_writer_finish_tree (&writer);
}

TkrAbility *
tkr_ability_new_from_json (JsonNode *node, const char *path, GError **error)
{
  g_autoptr (TkrAbility) self = NULL;
  g_autofree char *name = NULL;
  JsonObject *object;
  gint64 beats;
  int time;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL || !tkr_json_get_string (object, "name", path, TRUE, NULL, &name, error) ||
      !tkr_json_get_enum (object, "time", path, FALSE, time_nicks, TKR_ABILITY_TIME_ACTION, &time,
                          error) ||
      !tkr_json_get_int (object, "beats", path, FALSE, 0, BEATS_MAX, 1, &beats, error))
    return NULL;

  g_strstrip (name);
  if (*name == '\0' || g_utf8_strlen (name, -1) > NAME_MAX_CHARS)
    {
      g_autofree char *name_path = tkr_json_path (path, "name");
      tkr_json_set_error (error, name_path, _ ("a name must be 1 to %d characters long"),
                          NAME_MAX_CHARS);
      return NULL;
    }

  self = tkr_ability_new (name, time, (int) beats);
  for (guint i = 0; i < N_TEXTS; i++)
    {
      char *text = NULL;

      if (!tkr_json_get_string (object, text_fields[i].key, path, FALSE, "", &text, error))
        return NULL;
      g_free (self->texts[i]);
      self->texts[i] = text;
    }
  return g_steal_pointer (&self);
}
