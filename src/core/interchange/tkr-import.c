/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-encounter.h"
#include "tkr-file.h"
#include "tkr-health.h"
#include "tkr-import-private.h"
#include "tkr-import-sheet-private.h"

G_DEFINE_QUARK (tkr - import - error - quark, tkr_import_error)

/* The formats, in the order they are tried. A format without a reader is
 * recognised (so the GM learns what the file is) but not read yet; a
 * format's reader (declared in tkr-import-private.h) takes the place of
 * its NULL here. */
typedef struct
{
  const char *id;
  const char *name; /* the tool's own name, not translated */
  TkrImportSniffFunc sniff;
  TkrImportReadFunc read;
} TkrImportFormat;

static gboolean pathbuilder_sniff (JsonNode *root);
static gboolean foundry_sniff (JsonNode *root);

typedef TkrCharacter *(*SheetReader) (GBytes *bytes, GPtrArray **problems, GError **error);

/* A tool that exports one character (Pathbuilder 2e, Foundry VTT): its
 * sheet joins the party (a player character) or the NPC library, with
 * what could not be read as the plan's problems. */
static gboolean
read_one_sheet (JsonNode *root, TkrImportPlan *plan, SheetReader reader, GError **error)
{
  gsize length = 0;
  char *text = json_to_string (root, FALSE);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (TkrCharacter) character = NULL;

  length = strlen (text);
  bytes = g_bytes_new_take (text, length);
  character = reader (bytes, &problems, error);
  if (character == NULL)
    return FALSE;
  for (guint i = 0; problems != NULL && i < problems->len; i++)
    tkr_import_plan_add_problem (plan, "%s", (const char *) problems->pdata[i]);
  if (tkr_character_is_pc (character))
    tkr_import_plan_add_pc (plan, character);
  else
    tkr_import_plan_add_npc (plan, character);
  return TRUE;
}

static gboolean
pathbuilder_read (JsonNode *root, TkrImportPlan *plan, GError **error)
{
  return read_one_sheet (root, plan, tkr_import_pathbuilder, error);
}

static gboolean
foundry_read (JsonNode *root, TkrImportPlan *plan, GError **error)
{
  return read_one_sheet (root, plan, tkr_import_foundry, error);
}

static const TkrImportFormat formats[] = {
  { TKR_IMPORT_FORMAT_IMPROVED_INITIATIVE, "Improved Initiative", tkr_import_ii_sniff,
    tkr_import_ii_read },
  { TKR_IMPORT_FORMAT_PATHBUILDER, "Pathbuilder 2e", pathbuilder_sniff, pathbuilder_read },
  { TKR_IMPORT_FORMAT_FOUNDRY, "Foundry VTT", foundry_sniff, foundry_read },
};

static const TkrImportFormat *
lookup_format (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_strcmp0 (formats[i].id, id) == 0)
      return &formats[i];
  return NULL;
}

/* Pathbuilder 2e's "Export JSON": {"success": true, "build": {...}}. */
static gboolean
pathbuilder_sniff (JsonNode *root)
{
  JsonObject *object;
  JsonNode *build;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  object = json_node_get_object (root);
  /* No "build" is no Pathbuilder file, never a critical (found by
   * tests/fuzz). */
  build = json_object_get_member (object, "build");
  return json_object_has_member (object, "success") && build != NULL &&
         JSON_NODE_HOLDS_OBJECT (build);
}

/* A Foundry VTT actor: a "type" of npc or character and its data under
 * "system" (or "data" in the legacy schema) with "attributes". */
static gboolean
foundry_sniff (JsonNode *root)
{
  JsonObject *object;
  JsonNode *type_node;
  const char *type;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  object = json_node_get_object (root);
  /* A "type" that is an object or a list is no Foundry actor; json-glib's
   * getter would raise a critical on it. */
  type_node = json_object_get_member (object, "type");
  if (type_node == NULL || !JSON_NODE_HOLDS_VALUE (type_node))
    return FALSE;
  type = json_node_get_string (type_node);
  if (g_strcmp0 (type, "npc") != 0 && g_strcmp0 (type, "character") != 0)
    return FALSE;
  for (guint i = 0; i < 2; i++)
    {
      JsonNode *data = json_object_get_member (object, i == 0 ? "system" : "data");

      if (data != NULL && JSON_NODE_HOLDS_OBJECT (data) &&
          json_object_has_member (json_node_get_object (data), "attributes"))
        return TRUE;
    }
  return FALSE;
}

/* TkrImportEncounter */

struct _TkrImportEncounter
{
  GObject parent_instance;

  char *name;
  GListStore *participants;
  GArray *temporary_hp;
};

G_DEFINE_FINAL_TYPE (TkrImportEncounter, tkr_import_encounter, G_TYPE_OBJECT)

enum
{
  ENCOUNTER_PROP_0,
  ENCOUNTER_PROP_NAME,
  ENCOUNTER_PROP_N_PARTICIPANTS,
  N_ENCOUNTER_PROPS
};

static GParamSpec *encounter_properties[N_ENCOUNTER_PROPS];

static void
tkr_import_encounter_finalize (GObject *object)
{
  TkrImportEncounter *self = TKR_IMPORT_ENCOUNTER (object);

  g_free (self->name);
  g_clear_object (&self->participants);
  g_array_unref (self->temporary_hp);
  G_OBJECT_CLASS (tkr_import_encounter_parent_class)->finalize (object);
}

static void
tkr_import_encounter_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrImportEncounter *self = TKR_IMPORT_ENCOUNTER (object);

  switch (prop_id)
    {
    case ENCOUNTER_PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case ENCOUNTER_PROP_N_PARTICIPANTS:
      g_value_set_uint (value, g_list_model_get_n_items (G_LIST_MODEL (self->participants)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_import_encounter_class_init (TkrImportEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_import_encounter_finalize;
  object_class->get_property = tkr_import_encounter_get_property;

  encounter_properties[ENCOUNTER_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  encounter_properties[ENCOUNTER_PROP_N_PARTICIPANTS] =
    g_param_spec_uint ("n-participants", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_ENCOUNTER_PROPS, encounter_properties);
}

static void
tkr_import_encounter_init (TkrImportEncounter *self)
{
  self->participants = g_list_store_new (TKR_TYPE_CHARACTER);
  self->temporary_hp = g_array_new (FALSE, TRUE, sizeof (int));
}

const char *
tkr_import_encounter_get_name (TkrImportEncounter *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_ENCOUNTER (self), NULL);
  return self->name;
}

GListModel *
tkr_import_encounter_get_participants (TkrImportEncounter *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_ENCOUNTER (self), NULL);
  return G_LIST_MODEL (self->participants);
}

int
tkr_import_encounter_get_temporary_hp (TkrImportEncounter *self, guint index)
{
  g_return_val_if_fail (TKR_IS_IMPORT_ENCOUNTER (self), 0);
  return index < self->temporary_hp->len ? g_array_index (self->temporary_hp, int, index) : 0;
}

void
tkr_import_encounter_add (TkrImportEncounter *self, TkrCharacter *participant, int temporary_hp)
{
  g_return_if_fail (TKR_IS_IMPORT_ENCOUNTER (self));
  g_return_if_fail (TKR_IS_CHARACTER (participant));

  temporary_hp = CLAMP (temporary_hp, 0, TKR_HEALTH_MAX_CHANGE);
  g_list_store_append (self->participants, participant);
  g_array_append_val (self->temporary_hp, temporary_hp);
  g_object_notify_by_pspec (G_OBJECT (self), encounter_properties[ENCOUNTER_PROP_N_PARTICIPANTS]);
}

static gboolean
encounter_has_temporary_hp (TkrImportEncounter *self)
{
  for (guint i = 0; i < self->temporary_hp->len; i++)
    if (g_array_index (self->temporary_hp, int, i) > 0)
      return TRUE;
  return FALSE;
}

/* TkrImportPlan */

struct _TkrImportPlan
{
  GObject parent_instance;

  char *format;
  TkrRules *rules;
  GListStore *party;
  GListStore *npcs;
  GListStore *encounters;
  TkrImportEncounter *encounter;
  GPtrArray *problems; /* NULL-terminated */
  gboolean encounter_chosen;
  gboolean applied;
};

G_DEFINE_FINAL_TYPE (TkrImportPlan, tkr_import_plan, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FORMAT,
  PROP_FORMAT_NAME,
  PROP_RULES,
  PROP_ENCOUNTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_import_plan_dispose (GObject *object)
{
  TkrImportPlan *self = TKR_IMPORT_PLAN (object);

  g_clear_object (&self->rules);
  g_clear_object (&self->party);
  g_clear_object (&self->npcs);
  g_clear_object (&self->encounters);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_import_plan_parent_class)->dispose (object);
}

static void
tkr_import_plan_finalize (GObject *object)
{
  TkrImportPlan *self = TKR_IMPORT_PLAN (object);

  g_free (self->format);
  g_ptr_array_unref (self->problems);
  G_OBJECT_CLASS (tkr_import_plan_parent_class)->finalize (object);
}

static void
tkr_import_plan_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrImportPlan *self = TKR_IMPORT_PLAN (object);

  switch (prop_id)
    {
    case PROP_FORMAT:
      g_value_set_string (value, self->format);
      break;
    case PROP_FORMAT_NAME:
      g_value_set_string (value, tkr_import_plan_get_format_name (self));
      break;
    case PROP_RULES:
      g_value_set_object (value, self->rules);
      break;
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_import_plan_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  TkrImportPlan *self = TKR_IMPORT_PLAN (object);

  switch (prop_id)
    {
    case PROP_FORMAT:
      self->format = g_value_dup_string (value);
      break;
    case PROP_RULES:
      self->rules = g_value_dup_object (value);
      break;
    case PROP_ENCOUNTER:
      tkr_import_plan_set_encounter (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_import_plan_class_init (TkrImportPlanClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_import_plan_dispose;
  object_class->finalize = tkr_import_plan_finalize;
  object_class->get_property = tkr_import_plan_get_property;
  object_class->set_property = tkr_import_plan_set_property;

  properties[PROP_FORMAT] =
    g_param_spec_string ("format", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FORMAT_NAME] = g_param_spec_string ("format-name", NULL, NULL, NULL,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RULES] =
    g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_IMPORT_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_import_plan_init (TkrImportPlan *self)
{
  self->party = g_list_store_new (TKR_TYPE_CHARACTER);
  self->npcs = g_list_store_new (TKR_TYPE_CHARACTER);
  self->encounters = g_list_store_new (TKR_TYPE_IMPORT_ENCOUNTER);
  self->problems = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->problems, NULL);
}

TkrImportPlan *
tkr_import_plan_new (TkrRules *rules, const char *format)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  return g_object_new (TKR_TYPE_IMPORT_PLAN, "rules", rules, "format", format, NULL);
}

const char *
tkr_import_plan_get_format (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);
  return self->format;
}

const char *
tkr_import_plan_get_format_name (TkrImportPlan *self)
{
  const char *name;

  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);
  name = tkr_import_format_get_name (self->format);
  return name != NULL ? name : self->format != NULL ? self->format : "";
}

TkrRules *
tkr_import_plan_get_rules (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);
  return self->rules;
}

GListModel *
tkr_import_plan_get_party (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);
  return G_LIST_MODEL (self->party);
}

GListModel *
tkr_import_plan_get_npcs (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);
  return G_LIST_MODEL (self->npcs);
}

GListModel *
tkr_import_plan_get_encounters (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);
  return G_LIST_MODEL (self->encounters);
}

/**
 * tkr_import_plan_get_encounter:
 *
 * Returns: (transfer none) (nullable): the encounter the import brings in
 */
TkrImportEncounter *
tkr_import_plan_get_encounter (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);

  /* Until someone chooses: the first encounter with participants. */
  if (!self->encounter_chosen && self->encounter == NULL)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->encounters));

      for (guint i = 0; i < n && self->encounter == NULL; i++)
        {
          g_autoptr (TkrImportEncounter) encounter =
            g_list_model_get_item (G_LIST_MODEL (self->encounters), i);

          if (g_list_model_get_n_items (G_LIST_MODEL (encounter->participants)) > 0)
            self->encounter = g_object_ref (encounter);
        }
    }
  return self->encounter;
}

void
tkr_import_plan_set_encounter (TkrImportPlan *self, TkrImportEncounter *encounter)
{
  g_return_if_fail (TKR_IS_IMPORT_PLAN (self));
  g_return_if_fail (encounter == NULL || TKR_IS_IMPORT_ENCOUNTER (encounter));
  g_return_if_fail (encounter == NULL || g_list_store_find (self->encounters, encounter, NULL));

  self->encounter_chosen = TRUE;
  if (g_set_object (&self->encounter, encounter))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

const char *const *
tkr_import_plan_get_problems (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);
  return (const char *const *) self->problems->pdata;
}

guint
tkr_import_plan_get_n_problems (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), 0);
  return self->problems->len - 1;
}

gboolean
tkr_import_plan_is_empty (TkrImportPlan *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), TRUE);
  return g_list_model_get_n_items (G_LIST_MODEL (self->party)) == 0 &&
         g_list_model_get_n_items (G_LIST_MODEL (self->npcs)) == 0 &&
         tkr_import_plan_get_encounter (self) == NULL;
}

char *
tkr_import_plan_describe (TkrImportPlan *self)
{
  guint n_party, n_npcs;
  TkrImportEncounter *encounter;
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  GString *text;

  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);

  n_party = g_list_model_get_n_items (G_LIST_MODEL (self->party));
  n_npcs = g_list_model_get_n_items (G_LIST_MODEL (self->npcs));
  encounter = tkr_import_plan_get_encounter (self);
  if (n_party > 0)
    g_ptr_array_add (parts,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u character for the party",
                                                   "%u characters for the party", n_party),
                                      n_party));
  if (n_npcs > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u NPC for the library",
                                                          "%u NPCs for the library", n_npcs),
                                             n_npcs));
  if (encounter != NULL)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (encounter->participants));

      g_ptr_array_add (parts,
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     /* Translators: an encounter's name */
                                                     "the encounter “%s” with %u participant",
                                                     "the encounter “%s” with %u participants", n),
                                        encounter->name, n));
    }
  if (parts->len == 0)
    return g_strdup (_ ("Nothing"));

  text = g_string_new (g_ptr_array_index (parts, 0));
  for (guint i = 1; i < parts->len; i++)
    g_string_append_printf (text, "%s%s",
                            /* Translators: between the parts of "A, B and C" */
                            i + 1 < parts->len ? _ (", ") : _ (" and "),
                            (char *) g_ptr_array_index (parts, i));
  return g_string_free (text, FALSE);
}

void
tkr_import_plan_add_pc (TkrImportPlan *self, TkrCharacter *pc)
{
  g_return_if_fail (TKR_IS_IMPORT_PLAN (self));
  g_return_if_fail (TKR_IS_CHARACTER (pc) && tkr_character_is_pc (pc));
  g_list_store_append (self->party, pc);
}

void
tkr_import_plan_add_npc (TkrImportPlan *self, TkrCharacter *npc)
{
  g_return_if_fail (TKR_IS_IMPORT_PLAN (self));
  g_return_if_fail (TKR_IS_CHARACTER (npc) && !tkr_character_is_pc (npc));
  g_list_store_append (self->npcs, npc);
}

TkrImportEncounter *
tkr_import_plan_add_encounter (TkrImportPlan *self, const char *name)
{
  g_autoptr (TkrImportEncounter) encounter = NULL;

  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), NULL);

  encounter = g_object_new (TKR_TYPE_IMPORT_ENCOUNTER, NULL);
  encounter->name = g_strdup (name);
  g_list_store_append (self->encounters, encounter);
  return encounter; /* the plan keeps it */
}

void
tkr_import_plan_add_problem (TkrImportPlan *self, const char *format, ...)
{
  va_list args;
  char *problem;

  g_return_if_fail (TKR_IS_IMPORT_PLAN (self));

  va_start (args, format);
  problem = g_strdup_vprintf (format, args);
  va_end (args);
  self->problems->pdata[self->problems->len - 1] = problem;
  g_ptr_array_add (self->problems, NULL);
}

/* Applying */

static void
append_characters (TkrHistory *history, GListStore *to, GListModel *from, TkrRules *rules)
{
  guint n = g_list_model_get_n_items (from);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (from, i);

      /* The campaign may have changed systems since the file was read. */
      tkr_character_adopt_rules (character, NULL, rules);
      tkr_history_append (history, to, character);
    }
}

gboolean
tkr_import_plan_apply (TkrImportPlan *self,
                       TkrCampaign *campaign,
                       TkrHistory *history,
                       GError **error)
{
  TkrImportEncounter *encounter;
  TkrRules *rules;
  g_autoptr (TkrTracker) tracker = NULL;

  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (self), FALSE);
  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (history == NULL || history == tkr_campaign_get_history (campaign), FALSE);

  history = tkr_campaign_get_history (campaign);
  rules = tkr_campaign_get_rules (campaign);
  encounter = tkr_import_plan_get_encounter (self);

  if (self->applied)
    {
      g_set_error_literal (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_CANNOT_APPLY,
                           _ ("This import has already been added to the campaign"));
      return FALSE;
    }
  if (encounter != NULL && !tkr_campaign_can_set_rule_system (campaign))
    {
      g_set_error_literal (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_CANNOT_APPLY,
                           _ ("The import brings an encounter, and an encounter is running: end "
                              "it and go back to Freeplay first, or import without the "
                              "encounter"));
      return FALSE;
    }

  /* The encounter's own participants are NPCs whole (the library keeps its
   * templates apart) and the party's PCs themselves, as when the GM adds
   * them by hand (tkr_campaign_add_to_encounter). */
  if (encounter != NULL)
    {
      tracker = tkr_tracker_new_for_rules (rules, history, error);
      if (tracker == NULL)
        return FALSE;
    }

  /* Translators: the undo step's name; %s is a tool, "Improved Initiative" */
  tkr_history_begin_message (history, N_ ("Import from %s"),
                             tkr_message_text (tkr_import_plan_get_format_name (self)), NULL);
  append_characters (history, G_LIST_STORE (tkr_campaign_get_party (campaign)),
                     G_LIST_MODEL (self->party), rules);
  append_characters (history, G_LIST_STORE (tkr_campaign_get_npcs (campaign)),
                     G_LIST_MODEL (self->npcs), rules);
  if (encounter != NULL)
    {
      GListModel *participants = G_LIST_MODEL (encounter->participants);
      guint n = g_list_model_get_n_items (participants);

      for (guint i = 0; i < n; i++)
        {
          g_autoptr (TkrCharacter) participant = g_list_model_get_item (participants, i);

          tkr_character_adopt_rules (participant, NULL, rules);
          if (!tkr_tracker_add_participant (tracker, participant, error))
            {
              tkr_history_abort (history);
              return FALSE;
            }
        }
      /* Temporary HP belongs to a fight's combatants (tkr-health.h): an
       * encounter that has some is brought in with its Setup begun. */
      if (encounter_has_temporary_hp (encounter))
        {
          TkrEncounter *engine = TKR_ENCOUNTER (tracker);

          if (!tkr_encounter_begin_setup (engine, error))
            {
              tkr_history_abort (history);
              return FALSE;
            }
          for (guint i = 0; i < n; i++)
            {
              g_autoptr (TkrCharacter) participant = g_list_model_get_item (participants, i);
              TkrCombatant *combatant = tkr_encounter_find_combatant (engine, participant);
              int temporary = tkr_import_encounter_get_temporary_hp (encounter, i);

              if (combatant != NULL && temporary > 0)
                tkr_history_set (history, combatant, "temporary-health", temporary, NULL);
            }
        }
      if (!tkr_campaign_replace_encounter (campaign, tracker, error))
        {
          tkr_history_abort (history);
          return FALSE;
        }
    }
  tkr_history_end (history);
  self->applied = TRUE;
  return TRUE;
}

/* Reading */

const char *
tkr_import_format_get_name (const char *format)
{
  const TkrImportFormat *found = lookup_format (format);

  return found != NULL ? found->name : NULL;
}

/* Deeper than any tool's export (Improved Initiative's records are about
 * eight levels deep); json-glib would follow any depth. */
#define IMPORT_MAX_DEPTH 64

static gboolean
too_deep (const char *text, gsize length)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > IMPORT_MAX_DEPTH)
            return TRUE;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return FALSE;
}

JsonNode *
tkr_import_parse (const char *text, gsize length, GError **error)
{
  const char *end = NULL;
  g_autoptr (GError) local_error = NULL;
  JsonNode *root;

  if (length > TKR_IMPORT_MAX_SIZE)
    {
      g_set_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_DAMAGED,
                   _ ("The file is larger than %d MiB, more than any export Turnkeeper reads"),
                   TKR_IMPORT_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!g_utf8_validate_len (text, length, &end))
    {
      g_set_error_literal (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_DAMAGED,
                           _ ("The file is not text in UTF-8, so it is no export Turnkeeper "
                              "can read; it may be damaged or of another kind"));
      return NULL;
    }
  if (too_deep (text, length))
    {
      g_set_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_DAMAGED,
                   _ ("The file’s data is nested more than %d levels deep, deeper than any "
                      "export Turnkeeper reads; it is damaged or of another kind"),
                   IMPORT_MAX_DEPTH);
      return NULL;
    }
  root = tkr_file_parse (text, length, &local_error);
  if (root == NULL)
    {
      g_autofree char *detail = NULL;
      g_autofree char *summary = tkr_file_error_get_summary (local_error, &detail);

      g_set_error_literal (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_DAMAGED, summary);
      return NULL;
    }
  return root;
}

static const TkrImportFormat *
sniff (JsonNode *root)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].sniff (root))
      return &formats[i];
  return NULL;
}

/* Nothing but spaces and line ends (the bytes are not NUL-terminated). */
static gboolean
is_blank (const char *data, gsize length)
{
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (data[i]))
      return FALSE;
  return TRUE;
}

const char *
tkr_import_guess_format (GBytes *bytes)
{
  g_autoptr (JsonNode) root = NULL;
  const TkrImportFormat *format;
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);

  data = g_bytes_get_data (bytes, &length);
  if (length == 0 || (root = tkr_import_parse (data, length, NULL)) == NULL)
    return NULL;
  format = sniff (root);
  return format != NULL ? format->id : NULL;
}

TkrImportPlan *
tkr_import_read (GBytes *bytes, TkrRules *rules, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (TkrImportPlan) plan = NULL;
  const TkrImportFormat *format;
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);

  data = g_bytes_get_data (bytes, &length);
  if (is_blank (data, length))
    {
      g_set_error_literal (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_DAMAGED,
                           _ ("The file is empty, so there is nothing in it to import"));
      return NULL;
    }
  root = tkr_import_parse (data, length, error);
  if (root == NULL)
    return NULL;

  format = sniff (root);
  if (format == NULL)
    {
      g_set_error_literal (
        error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_UNKNOWN_FORMAT,
        _ ("This file is not an export Turnkeeper can import. Turnkeeper reads Improved "
           "Initiative’s “Export all” files and statblock lists; a Turnkeeper campaign or "
           "character file opens with Open instead"));
      return NULL;
    }
  if (format->read == NULL)
    {
      g_set_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_UNKNOWN_FORMAT,
                   _ ("This is a %s file, which Turnkeeper cannot import yet"), format->name);
      return NULL;
    }

  plan = tkr_import_plan_new (rules, format->id);
  if (!format->read (root, plan, error))
    return NULL;
  if (tkr_import_plan_is_empty (plan))
    {
      const char *const *problems = tkr_import_plan_get_problems (plan);

      if (problems[0] != NULL)
        g_set_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_NOTHING_TO_IMPORT,
                     /* Translators: the tool's name, then the first thing that could not be
                        read */
                     _ ("This %s file holds nothing Turnkeeper can import: %s"), format->name,
                     problems[0]);
      else
        g_set_error (error, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_NOTHING_TO_IMPORT,
                     _ ("This %s file holds no characters, creatures or encounters"), format->name);
      return NULL;
    }
  return g_steal_pointer (&plan);
}

static void
read_file_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GFile *file = task_data;
  TkrRules *rules = g_object_get_data (G_OBJECT (task), "rules");
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileInfo) info = NULL;
  TkrImportPlan *plan;

  /* Refuse a file far too large before reading it all. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, NULL);
  if (info != NULL && g_file_info_get_size (info) > TKR_IMPORT_MAX_SIZE)
    {
      g_task_return_new_error (task, TKR_IMPORT_ERROR, TKR_IMPORT_ERROR_DAMAGED,
                               _ ("The file is larger than %d MiB, more than any export "
                                  "Turnkeeper reads"),
                               TKR_IMPORT_MAX_SIZE / (1024 * 1024));
      return;
    }
  bytes = g_file_load_bytes (file, cancellable, NULL, &error);
  if (bytes == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  plan = tkr_import_read (bytes, rules, &error);
  if (plan == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, plan, g_object_unref);
}

void
tkr_import_read_file_async (GFile *file,
                            TkrRules *rules,
                            GCancellable *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (TKR_IS_RULES (rules));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tkr_import_read_file_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_object_set_data_full (G_OBJECT (task), "rules", g_object_ref (rules), g_object_unref);
  g_task_run_in_thread (task, read_file_thread);
}

TkrImportPlan *
tkr_import_read_file_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Helpers for the readers */

TkrCharacter *
tkr_import_new_character (TkrImportPlan *plan, TkrCharacterKind kind, const char *name)
{
  return tkr_character_new (plan->rules, kind, name);
}

void
tkr_import_set_health (TkrCharacter *character, int current, int maximum)
{
  TkrPool *health = tkr_character_get_pool (character, TKR_POOL_HEALTH);

  /* The pool takes the maximum first, so a current above the old maximum
   * is never refused on the way. */
  tkr_pool_set_maximum (health, maximum);
  tkr_pool_set_current (health, CLAMP (current, 0, maximum));
}

gboolean
tkr_import_set_field (TkrImportPlan *plan, TkrCharacter *character, const char *id, int value)
{
  const TkrSheetFieldInfo *field = tkr_rules_lookup_sheet_field (plan->rules, id);

  if (field == NULL || !tkr_sheet_field_info_accepts (field, value))
    return FALSE;
  return tkr_character_set_field (character, NULL, plan->rules, id, value, NULL);
}

gboolean
tkr_import_set_armor_class (TkrImportPlan *plan, TkrCharacter *character, int value)
{
  static const char *const ids[] = { "ac", "armor_class", "armour_class" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (tkr_rules_lookup_sheet_field (plan->rules, ids[i]) != NULL)
      return tkr_import_set_field (plan, character, ids[i], value);
  return FALSE;
}

/* What each system's initiative adds to its die: Pathfinder 2e rolls
 * Perception (help/C/pf2e.page), the d20 system Agility (help/C/d20.page);
 * the Kleptonomicon and the Action-Point system have no such modifier. */
static gboolean
initiative_target (TkrRules *rules, TkrModifierKind *kind, const char **name)
{
  const char *id = tkr_rules_get_id (rules);

  if (g_strcmp0 (id, "pf2e") == 0)
    {
      *kind = TKR_MODIFIER_KIND_SKILL;
      *name = "Perception";
      return TRUE;
    }
  if (g_strcmp0 (id, "d20") == 0)
    {
      *kind = TKR_MODIFIER_KIND_SAVE;
      *name = "Agility";
      return TRUE;
    }
  return FALSE;
}

gboolean
tkr_import_set_initiative_modifier (TkrImportPlan *plan, TkrCharacter *character, int value)
{
  TkrModifierKind kind;
  const char *name;

  if (!initiative_target (plan->rules, &kind, &name))
    return FALSE;
  return tkr_character_set_modifier (character, NULL, kind, name, value, NULL);
}

int
tkr_import_get_initiative_modifier (TkrRules *rules, TkrCharacter *character)
{
  TkrModifierKind kind;
  const char *name;

  if (!initiative_target (rules, &kind, &name))
    return 0;
  return tkr_character_get_modifier_value (character, kind, name);
}

static const char *
find_name (const char *const *names, const char *name)
{
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_ascii_strcasecmp (names[i], name) == 0)
      return names[i];
  return NULL;
}

gboolean
tkr_import_set_named_modifier (TkrImportPlan *plan,
                               TkrCharacter *character,
                               const char *name,
                               int value)
{
  const char *found;

  if ((found = find_name (tkr_rules_get_save_names (plan->rules), name)) != NULL)
    return tkr_character_set_modifier (character, NULL, TKR_MODIFIER_KIND_SAVE, found, value, NULL);
  if ((found = find_name (tkr_rules_get_skill_names (plan->rules), name)) != NULL)
    return tkr_character_set_modifier (character, NULL, TKR_MODIFIER_KIND_SKILL, found, value,
                                       NULL);
  return FALSE;
}

char *
tkr_import_take_numbered_name (GHashTable *taken, const char *base)
{
  char *name = g_strdup (base);

  for (int number = 2; g_hash_table_contains (taken, name); number++)
    {
      g_free (name);
      name = g_strdup_printf ("%s %d", base, number);
    }
  g_hash_table_add (taken, g_strdup (name));
  return name;
}
