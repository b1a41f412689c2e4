/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-campaign.h"
#include "tkr-sheet-link.h"
#include "tkr-name-index.h"
#include "tkr-file.h"
#include "tkr-json-reader.h"
#include "tkr-json.h"
#include "tkr-save-cache.h"

struct _TkrCampaign
{
  GObject parent_instance;

  char *name;
  TkrRules *initial_rules; /* construct-only; the tracker's rules rule after */
  TkrHistory *history;
  /* The tracker lives in a one-item list, so that the history records a
   * switch as a list change and never holds the campaign itself (which
   * owns the history: that would be a reference cycle). */
  GListStore *tracker_slot;
  TkrTracker *tracker; /* item 0 of tracker_slot */
  GListStore *party;
  GListStore *npcs;
  /* The two lists' characters in order, kept in step with them: a save
   * walks thousands without a list store's search for each (bench-files). */
  GPtrArray *party_array;
  GPtrArray *npcs_array;
  TkrNameIndex *names;        /* of the party, the library and the participants */
  GListStore *links;          /* TkrSheetLink: party members kept in their own files */
  TkrSaveCache *save_cache;   /* the last save's texts (tkr_campaign_to_bytes) */
  guint prepared;             /* tkr_campaign_prepare_save's place */
  guint prepared_tracker : 2; /* 0: not planned, 1: planned, 2: done */
};

G_DEFINE_FINAL_TYPE (TkrCampaign, tkr_campaign, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_RULES,
  PROP_HISTORY,
  PROP_TRACKER,
  PROP_ENCOUNTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_campaign_dispose (GObject *object)
{
  TkrCampaign *self = TKR_CAMPAIGN (object);

  g_clear_pointer (&self->save_cache, tkr_save_cache_free);
  g_clear_object (&self->tracker);
  g_clear_pointer (&self->names, tkr_name_index_free);
  g_clear_object (&self->tracker_slot);
  if (self->party != NULL)
    g_signal_handlers_disconnect_by_data (self->party, self->party_array);
  if (self->npcs != NULL)
    g_signal_handlers_disconnect_by_data (self->npcs, self->npcs_array);
  g_clear_object (&self->party);
  g_clear_object (&self->npcs);
  g_clear_object (&self->links);
  g_clear_pointer (&self->party_array, g_ptr_array_unref);
  g_clear_pointer (&self->npcs_array, g_ptr_array_unref);
  g_clear_object (&self->history);
  g_clear_object (&self->initial_rules);

  G_OBJECT_CLASS (tkr_campaign_parent_class)->dispose (object);
}

static void
tkr_campaign_finalize (GObject *object)
{
  TkrCampaign *self = TKR_CAMPAIGN (object);

  g_free (self->name);

  G_OBJECT_CLASS (tkr_campaign_parent_class)->finalize (object);
}

static void
tkr_campaign_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrCampaign *self = TKR_CAMPAIGN (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_RULES:
      g_value_set_object (value, tkr_campaign_get_rules (self));
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_TRACKER:
      g_value_set_object (value, self->tracker);
      break;
    case PROP_ENCOUNTER:
      g_value_set_object (value, tkr_campaign_get_encounter (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_campaign_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrCampaign *self = TKR_CAMPAIGN (object);

  switch (prop_id)
    {
    case PROP_NAME:
      if (g_strcmp0 (self->name, g_value_get_string (value)) != 0)
        {
          g_free (self->name);
          self->name = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_RULES:
      self->initial_rules = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void reset_npcs (TkrCampaign *self);

/* The GM starts the next fight without having said what the NPCs carry
 * into it: they start it fresh (help/C/pause-and-end.page, "Between
 * fights"), in the step that begins the Setup, so one undo takes both
 * back. Undo, redo and files set the phase outside a command: nothing
 * happens then. */
static void
tracker_phase_cb (TkrTracker *tracker, GParamSpec *pspec, TkrCampaign *self)
{
  if (tracker != self->tracker || tkr_tracker_get_phase (tracker) != TKR_PHASE_SETUP ||
      !tkr_history_in_group (self->history) || tkr_history_is_replaying (self->history) ||
      !tkr_campaign_awaits_between_fights (self))
    return;
  reset_npcs (self);
}

static GListModel *
participants_of (TkrTracker *tracker)
{
  return TKR_IS_ENCOUNTER (tracker) ? tkr_encounter_get_participants (TKR_ENCOUNTER (tracker))
                                    : NULL;
}

static void
watch_tracker (TkrCampaign *self)
{
  g_signal_connect_object (self->tracker, "notify::phase", G_CALLBACK (tracker_phase_cb), self, 0);
  if (participants_of (self->tracker) != NULL)
    tkr_name_index_watch (self->names, participants_of (self->tracker));
}

/* A switch (or its undo) empties the slot, then fills it again. */
static void
tracker_slot_changed_cb (TkrCampaign *self)
{
  g_autoptr (TkrTracker) tracker = NULL;

  if (g_list_model_get_n_items (G_LIST_MODEL (self->tracker_slot)) != 1)
    return;
  tracker = g_list_model_get_item (G_LIST_MODEL (self->tracker_slot), 0);
  if (self->tracker != NULL && self->tracker != tracker)
    {
      g_signal_handlers_disconnect_by_func (self->tracker, tracker_phase_cb, self);
      if (participants_of (self->tracker) != NULL)
        tkr_name_index_unwatch (self->names, participants_of (self->tracker));
    }
  if (g_set_object (&self->tracker, tracker))
    {
      watch_tracker (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RULES]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACKER]);
    }
}

static void
tkr_campaign_constructed (GObject *object)
{
  TkrCampaign *self = TKR_CAMPAIGN (object);

  G_OBJECT_CLASS (tkr_campaign_parent_class)->constructed (object);

  if (self->initial_rules == NULL)
    self->initial_rules = g_object_ref (tkr_rules_get_default ());
  /* tkr_campaign_new () takes rules it has loaded, of a known system; an
   * unknown one falls back to the Kleptonomicon rather than leave the
   * campaign without an encounter. */
  self->tracker = tkr_tracker_new_for_rules (self->initial_rules, self->history, NULL);
  if (self->tracker == NULL)
    self->tracker = TKR_TRACKER (tkr_klep_encounter_new (tkr_rules_get_default (), self->history));
  g_list_store_append (self->tracker_slot, self->tracker);
  self->names = tkr_name_index_new ();
  tkr_name_index_watch (self->names, G_LIST_MODEL (self->party));
  tkr_name_index_watch (self->names, G_LIST_MODEL (self->npcs));
  watch_tracker (self);
  g_signal_connect_object (self->tracker_slot, "items-changed",
                           G_CALLBACK (tracker_slot_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
tkr_campaign_class_init (TkrCampaignClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_campaign_dispose;
  object_class->finalize = tkr_campaign_finalize;
  object_class->get_property = tkr_campaign_get_property;
  object_class->set_property = tkr_campaign_set_property;
  object_class->constructed = tkr_campaign_constructed;

  properties[PROP_NAME] = g_param_spec_string (
    "name", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The rules the campaign starts with; afterwards those of its tracker. */
  properties[PROP_RULES] = g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                  G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TRACKER] =
    g_param_spec_object ("tracker", NULL, NULL, TKR_TYPE_TRACKER,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] = g_param_spec_object ("history", NULL, NULL, TKR_TYPE_HISTORY,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ENCOUNTER] = g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_ENCOUNTER,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mirror_changed_cb (GListModel *model, guint position, guint removed, guint added, GPtrArray *array)
{
  g_ptr_array_remove_range (array, position, removed);
  for (guint i = 0; i < added; i++)
    {
      gpointer item = g_list_model_get_item (model, position + i);

      /* The store holds the reference. */
      g_ptr_array_insert (array, position + i, item);
      g_object_unref (item);
    }
}

static void
mirror_free (gpointer data, GClosure *closure)
{
  g_ptr_array_unref (data);
}

/* The objects written around the texts a save keeps, never inside one
 * (tkr-save-cache.h): the campaign's lists, the tracker and its lists. */
static gboolean
outside_saved_texts (GObject *object, gpointer data)
{
  TkrCampaign *self = data;
  gpointer lists[8] = { self->party, self->npcs, self->tracker_slot, self->links };

  if (TKR_IS_CAMPAIGN (object) || TKR_IS_TRACKER (object) || TKR_IS_KLEP_TURN_ENTRY (object))
    return TRUE;
  if (TKR_IS_ENCOUNTER (self->tracker))
    {
      TkrEncounter *encounter = TKR_ENCOUNTER (self->tracker);

      lists[4] = tkr_encounter_get_participants (encounter);
      lists[5] = tkr_encounter_get_combatants (encounter);
      lists[6] = tkr_encounter_get_order (encounter);
      lists[7] = tkr_encounter_get_log (encounter);
    }
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    if (object == lists[i])
      return TRUE;
  return FALSE;
}

static GPtrArray *
mirror (GListStore *store)
{
  GPtrArray *array = g_ptr_array_new ();

  g_signal_connect_data (store, "items-changed", G_CALLBACK (mirror_changed_cb),
                         g_ptr_array_ref (array), mirror_free, 0);
  return array;
}

static void
tkr_campaign_init (TkrCampaign *self)
{
  self->name = g_strdup (_ ("Untitled Campaign"));
  self->history = tkr_history_new ();
  self->save_cache = tkr_save_cache_new (self->history, outside_saved_texts, self);
  self->tracker_slot = g_list_store_new (G_TYPE_OBJECT);
  self->party = g_list_store_new (TKR_TYPE_CHARACTER);
  self->npcs = g_list_store_new (TKR_TYPE_CHARACTER);
  self->links = g_list_store_new (TKR_TYPE_SHEET_LINK);
  self->party_array = mirror (self->party);
  self->npcs_array = mirror (self->npcs);
}

TkrCampaign *
tkr_campaign_new (TkrRules *rules)
{
  return g_object_new (TKR_TYPE_CAMPAIGN, "rules", rules, NULL);
}

const char *
tkr_campaign_get_name (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return self->name;
}

TkrRules *
tkr_campaign_get_rules (TkrCampaign *self)
{
  g_autoptr (TkrRules) rules = NULL;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  g_object_get (self->tracker, "rules", &rules, NULL);
  return rules; /* the tracker keeps its rules */
}

TkrHistory *
tkr_campaign_get_history (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return self->history;
}

/**
 * tkr_campaign_get_encounter:
 *
 * Returns: (transfer none) (nullable): the campaign's encounter, whatever
 *   its rule system
 */
TkrEncounter *
tkr_campaign_get_encounter (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return TKR_IS_ENCOUNTER (self->tracker) ? TKR_ENCOUNTER (self->tracker) : NULL;
}

/**
 * tkr_campaign_get_klep_encounter:
 *
 * Returns: (transfer none) (nullable): the encounter when the campaign
 *   plays the Kleptonomicon, else %NULL
 */
TkrKlepEncounter *
tkr_campaign_get_klep_encounter (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return TKR_IS_KLEP_ENCOUNTER (self->tracker) ? TKR_KLEP_ENCOUNTER (self->tracker) : NULL;
}

TkrTracker *
tkr_campaign_get_tracker (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return self->tracker;
}

const char *
tkr_campaign_get_rule_system (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return tkr_rules_get_id (tkr_campaign_get_rules (self));
}

gboolean
tkr_campaign_can_set_rule_system (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);
  return tkr_tracker_get_phase (self->tracker) == TKR_PHASE_FREEPLAY;
}

/**
 * tkr_campaign_set_rule_system:
 *
 * The GM plays several games with one party. Between encounters the
 * campaign moves to another system: a fresh encounter of that system takes
 * the same participants, and every sheet of the party gains that system's
 * fields. The old encounter (with its log) is what undo brings back.
 */
gboolean
tkr_campaign_set_rule_system (TkrCampaign *self, const char *system_id, GError **error)
{
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (TkrTracker) tracker = NULL;
  g_autoptr (GPtrArray) participants = NULL;
  guint n;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (system_id != NULL, FALSE);

  if (g_strcmp0 (system_id, tkr_campaign_get_rule_system (self)) == 0)
    return TRUE;
  if (!tkr_campaign_can_set_rule_system (self))
    {
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                           _ ("The rule system can only change while no encounter is running; "
                              "end this one and go back to Freeplay first"));
      return FALSE;
    }

  rules = tkr_rules_new_from_resource (system_id, error);
  if (rules == NULL)
    return FALSE;
  tracker = tkr_tracker_new_for_rules (rules, self->history, error);
  if (tracker == NULL)
    return FALSE;

  tkr_history_begin_message (self->history, N_ ("Switch to %s"),
                             tkr_message_name (tkr_rules_get_name (rules)), NULL);
  /* The next fight is in the other system: the NPCs start it fresh unless
   * the GM chose otherwise after the last End. */
  if (tkr_campaign_awaits_between_fights (self))
    reset_npcs (self);
  participants = tkr_tracker_list_participants (self->tracker);
  for (guint i = 0; i < participants->len; i++)
    {
      TkrCharacter *character = g_ptr_array_index (participants, i);

      tkr_character_adopt_rules (character, self->history, rules);
      if (!tkr_tracker_add_participant (tracker, character, error))
        {
          tkr_history_abort (self->history);
          return FALSE;
        }
    }
  /* The party and the NPC library both belong to the campaign's game. */
  for (GListStore *store = self->party; store != NULL;
       store = store == self->party ? self->npcs : NULL)
    {
      n = g_list_model_get_n_items (G_LIST_MODEL (store));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (TkrCharacter) character = g_list_model_get_item (G_LIST_MODEL (store), i);
          tkr_character_adopt_rules (character, self->history, rules);
        }
    }
  tkr_history_remove (self->history, self->tracker_slot, 0);
  tkr_history_insert (self->history, self->tracker_slot, 0, tracker);
  tkr_history_end (self->history);
  return TRUE;
}

GListModel *
tkr_campaign_get_links (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return G_LIST_MODEL (self->links);
}

GListModel *
tkr_campaign_get_party (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return G_LIST_MODEL (self->party);
}

GListModel *
tkr_campaign_get_npcs (TkrCampaign *self)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  return G_LIST_MODEL (self->npcs);
}

static TkrCharacter *
find_in (GListModel *model, const char *id)
{
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (model, i);

      if (g_strcmp0 (tkr_character_get_id (character), id) == 0)
        return character; /* the list keeps it alive */
    }
  return NULL;
}

/**
 * tkr_campaign_find_character:
 *
 * Looks in the party, the NPC library and the encounter's participants.
 *
 * Returns: (transfer none) (nullable):
 */
TkrCharacter *
tkr_campaign_find_character (TkrCampaign *self, const char *id)
{
  TkrCharacter *found;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  if ((found = find_in (G_LIST_MODEL (self->party), id)))
    return found;
  if ((found = find_in (G_LIST_MODEL (self->npcs), id)))
    return found;
  {
    g_autoptr (GPtrArray) participants = tkr_tracker_list_participants (self->tracker);

    for (guint i = 0; i < participants->len; i++)
      if (g_strcmp0 (tkr_character_get_id (g_ptr_array_index (participants, i)), id) == 0)
        return g_ptr_array_index (participants, i); /* the tracker keeps it */
  }
  return NULL;
}

TkrCharacter *
tkr_campaign_add_pc (TkrCampaign *self, const char *name)
{
  g_autoptr (TkrCharacter) character = NULL;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  character = tkr_character_new (tkr_campaign_get_rules (self), TKR_CHARACTER_KIND_PC, name);
  tkr_history_begin (self->history, N_ ("Add PC"));
  tkr_history_append (self->history, self->party, character);
  tkr_history_end (self->history);
  return character;
}

TkrCharacter *
tkr_campaign_add_npc (TkrCampaign *self, const char *name)
{
  g_autoptr (TkrCharacter) character = NULL;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  character = tkr_character_new (tkr_campaign_get_rules (self), TKR_CHARACTER_KIND_NPC, name);
  tkr_history_begin (self->history, N_ ("Add NPC"));
  tkr_history_append (self->history, self->npcs, character);
  tkr_history_end (self->history);
  return character;
}

TkrCharacter *
tkr_campaign_import_character (TkrCampaign *self, TkrCharacter *character)
{
  g_autoptr (TkrCharacter) copy = NULL;
  GListStore *store;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  /* The same sheet may come back from its player: a clashing id gets a
   * fresh one so the two never get confused in the encounter. */
  if (tkr_campaign_find_character (self, tkr_character_get_id (character)) != NULL)
    copy = tkr_character_duplicate (character, tkr_character_get_name (character));
  else
    copy = g_object_ref (character);

  store = tkr_character_is_pc (copy) ? self->party : self->npcs;
  tkr_history_begin (self->history, N_ ("Import character"));
  tkr_history_append (self->history, store, copy);
  tkr_history_end (self->history);
  return copy;
}

/* "Goblin", "Goblin 2" -> base "Goblin" and number 1 or 2. */
static char *
split_number (const char *name, int *number)
{
  const char *space = strrchr (name, ' ');
  guint64 value;

  if (space != NULL && space[1] != '\0' &&
      g_ascii_string_to_unsigned (space + 1, 10, 1, 99999, &value, NULL))
    {
      *number = (int) value;
      return g_strndup (name, space - name);
    }
  *number = 1;
  return g_strdup (name);
}

/* @name's number as a copy of @base: 1 for @base itself, N for "@base N",
 * 0 for any other name. Allocates nothing: it runs over every character
 * each time one is added. */
static int
number_as_copy_of (const char *name, const char *base, gsize base_len)
{
  guint64 value;

  if (name == NULL || strncmp (name, base, base_len) != 0)
    return 0;
  name += base_len;
  if (*name == '\0')
    return 1;
  if (*name != ' ' || !g_ascii_isdigit (name[1]) ||
      !g_ascii_string_to_unsigned (name + 1, 10, 1, 99999, &value, NULL))
    return 0;
  return (int) value;
}

/* The one way copies are numbered (help/C/setting-up.page, "Choose who
 * takes part"): the original keeps its name, its copies are "@base 2",
 * "@base 3"..., taking the lowest number no character of the campaign
 * (party, NPC library, encounter) uses yet, so a gap left by a removed
 * copy is filled first. A numbered name counts as a copy of its base:
 * copying "Goblin 3" makes another Goblin. @number is the copy's number. */
static char *
numbered_name (TkrCampaign *self, TkrCharacter *character, int *number)
{
  int own;
  g_autofree char *base = split_number (tkr_character_get_name (character), &own);

  *number = tkr_name_index_lowest_free (self->names, base);
  return g_strdup_printf ("%s %d", base, *number);
}

/* Where copy @number of @original's family goes in @store: next to the
 * original, among its copies in the order of their numbers. */
static guint
copy_position (GListStore *store, TkrCharacter *original, int number)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = g_list_model_get_n_items (model);
  int own;
  g_autofree char *base = split_number (tkr_character_get_name (original), &own);
  gsize base_len = strlen (base);
  guint position;

  if (!g_list_store_find (store, original, &position))
    return n;
  if (own < number)
    {
      for (position++; position < n; position++)
        {
          g_autoptr (TkrCharacter) next = g_list_model_get_item (model, position);
          int other = number_as_copy_of (tkr_character_get_name (next), base, base_len);

          if (other < 2 || other > number)
            break;
        }
    }
  else
    {
      for (; position > 0; position--)
        {
          g_autoptr (TkrCharacter) previous = g_list_model_get_item (model, position - 1);
          int other = number_as_copy_of (tkr_character_get_name (previous), base, base_len);

          if (other < 2 || other < number)
            break;
        }
    }
  return position;
}

TkrCharacter *
tkr_campaign_duplicate_character (TkrCampaign *self, TkrCharacter *character)
{
  g_autoptr (TkrCharacter) copy = NULL;
  g_autofree char *name = NULL;
  GListStore *store;
  int number;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  name = numbered_name (self, character, &number);
  copy = tkr_character_duplicate (character, name);
  store = tkr_character_is_pc (copy) ? self->party : self->npcs;

  tkr_history_begin (self->history, N_ ("Duplicate character"));
  tkr_history_insert (self->history, store, copy_position (store, character, number), copy);
  tkr_history_end (self->history);
  return copy;
}

gboolean
tkr_campaign_remove_character (TkrCampaign *self, TkrCharacter *character, GError **error)
{
  TkrPhase phase;
  gboolean in_encounter;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), FALSE);

  phase = tkr_tracker_get_phase (self->tracker);
  in_encounter = tkr_tracker_has_participant (self->tracker, character);
  if (in_encounter && phase != TKR_PHASE_FREEPLAY && phase != TKR_PHASE_SETUP)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                   _ ("%s is in the running encounter; end it before removing them"),
                   tkr_character_get_name (character));
      return FALSE;
    }

  tkr_history_begin (self->history, N_ ("Remove character"));
  if (in_encounter && !tkr_tracker_remove_participant (self->tracker, character, error))
    {
      tkr_history_abort (self->history);
      return FALSE;
    }
  if (!tkr_history_remove_item (self->history, self->party, character))
    tkr_history_remove_item (self->history, self->npcs, character);
  /* Its link to a sheet file goes with it, in the same step. */
  if (tkr_campaign_find_link (self, character) != NULL)
    tkr_history_remove_item (self->history, self->links, tkr_campaign_find_link (self, character));
  tkr_history_end (self->history);
  return TRUE;
}

/* A library NPC's maximum Health by dice (help/C/effects.page): each copy
 * rolls its own on the encounter's dice as it joins, before anyone else
 * holds it, and starts with that much; the copy keeps the number, not the
 * formula. @rolled gets the dice, for the log. */
static void
roll_health (TkrCampaign *self, TkrCharacter *copy, char **rolled)
{
  const char *text = tkr_character_get_health_formula (copy);
  TkrPool *health = tkr_character_get_pool (copy, TKR_POOL_HEALTH);
  TkrFormula formula;
  int total;

  if (*text == '\0' || !TKR_IS_ENCOUNTER (self->tracker) ||
      !tkr_character_check_health_formula (text, &formula, NULL))
    return;
  total =
    tkr_formula_roll (&formula, tkr_encounter_get_rand (TKR_ENCOUNTER (self->tracker)), rolled);
  tkr_pool_set_maximum (health, total);
  tkr_pool_set_current (health, total);
  g_object_set (copy, "health-formula", "", NULL);
}

/**
 * tkr_campaign_add_to_encounter:
 *
 * A PC joins as itself; a library NPC joins as a numbered copy, so the
 * library keeps its template and several Goblins can fight at once.
 *
 * Returns: (transfer none) (nullable): the participant
 */
TkrCharacter *
tkr_campaign_add_to_encounter (TkrCampaign *self, TkrCharacter *character, GError **error)
{
  g_autoptr (TkrCharacter) participant = NULL;
  g_autofree char *rolled = NULL;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  /* Whoever joins plays the campaign's system: a sheet written for another
   * one gains its fields (an NPC from an older library, a PC imported from
   * a player's file), so the encounter never reads another system's
   * numbers as its own. */
  tkr_history_begin (self->history, N_ ("Add to encounter"));
  if (tkr_character_is_pc (character))
    {
      participant = g_object_ref (character);
      tkr_character_adopt_rules (participant, self->history, tkr_campaign_get_rules (self));
    }
  else
    {
      int number;
      g_autofree char *name = numbered_name (self, character, &number);

      participant = tkr_character_duplicate (character, name);
      tkr_character_adopt_rules (participant, NULL, tkr_campaign_get_rules (self));
      roll_health (self, participant, &rolled);
    }

  if (!tkr_tracker_add_participant (self->tracker, participant, error))
    {
      tkr_history_abort (self->history);
      return NULL;
    }
  if (rolled != NULL && TKR_IS_ENCOUNTER (self->tracker))
    /* Translators: the log; a copy of an NPC, its Health, then the dice
     * ("2d8+4: 3 + 5 + 4 = 12") */
    tkr_encounter_log_event (TKR_ENCOUNTER (self->tracker), TKR_LOG_NPC_HEALTH,
                             N_ ("%s joins with %d Health (rolled %s)"),
                             tkr_message_text (tkr_character_get_name (participant)),
                             tkr_message_int (tkr_pool_get_maximum (
                               tkr_character_get_pool (participant, TKR_POOL_HEALTH))),
                             tkr_message_text (rolled), NULL);
  tkr_history_end (self->history);
  return participant; /* the encounter holds it now */
}

guint
tkr_campaign_count_party_outside_encounter (TkrCampaign *self)
{
  GListModel *party;
  guint missing = 0;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), 0);

  party = G_LIST_MODEL (self->party);
  for (guint i = 0; i < g_list_model_get_n_items (party); i++)
    {
      g_autoptr (TkrCharacter) pc = g_list_model_get_item (party, i);

      if (!tkr_tracker_has_participant (self->tracker, pc))
        missing++;
    }
  return missing;
}

gboolean
tkr_campaign_add_party_to_encounter (TkrCampaign *self, GError **error)
{
  GListModel *party;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);

  party = G_LIST_MODEL (self->party);
  /* One step, so a single undo takes the whole party out again. */
  tkr_history_begin (self->history, N_ ("Add the Party"));
  for (guint i = 0; i < g_list_model_get_n_items (party); i++)
    {
      g_autoptr (TkrCharacter) pc = g_list_model_get_item (party, i);

      if (!tkr_tracker_has_participant (self->tracker, pc) &&
          tkr_campaign_add_to_encounter (self, pc, error) == NULL)
        {
          tkr_history_abort (self->history);
          return FALSE;
        }
    }
  tkr_history_end (self->history);
  return TRUE;
}

guint
tkr_campaign_count_in_encounter (TkrCampaign *self, TkrCharacter *character)
{
  g_autoptr (GPtrArray) participants = NULL;
  g_autofree char *base = NULL;
  gsize base_len;
  guint count = 0;
  int own;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), 0);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), 0);

  if (tkr_character_is_pc (character))
    return tkr_tracker_has_participant (self->tracker, character) ? 1 : 0;

  base = split_number (tkr_character_get_name (character), &own);
  base_len = strlen (base);
  participants = tkr_tracker_list_participants (self->tracker);
  for (guint i = 0; i < participants->len; i++)
    {
      TkrCharacter *participant = participants->pdata[i];

      if (!tkr_character_is_pc (participant) &&
          number_as_copy_of (tkr_character_get_name (participant), base, base_len) > 0)
        count++;
    }
  return count;
}

/* Between fights */

gboolean
tkr_campaign_awaits_between_fights (TkrCampaign *self)
{
  GListModel *log;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);

  /* The log says it: an encounter's end line after the last choice's
   * line. It is saved with the encounter and undone with the rest. */
  log = tkr_tracker_get_log (self->tracker);
  for (guint i = g_list_model_get_n_items (log); i > 0; i--)
    {
      g_autoptr (TkrLogEntry) entry = g_list_model_get_item (log, i - 1);
      const char *kind = tkr_log_entry_get_kind (entry);

      if (g_strcmp0 (kind, TKR_LOG_ENCOUNTER_END) == 0)
        return TRUE;
      if (g_strcmp0 (kind, TKR_LOG_BETWEEN_FIGHTS) == 0)
        return FALSE;
    }
  return FALSE;
}

/* Every NPC participant fresh: each pool at its maximum, every condition
 * of its sheet gone; recorded in the open step. */
static void
reset_npcs (TkrCampaign *self)
{
  g_autoptr (GPtrArray) participants = tkr_tracker_list_participants (self->tracker);

  for (guint i = 0; i < participants->len; i++)
    {
      TkrCharacter *npc = participants->pdata[i];
      GListModel *conditions;

      if (tkr_character_is_pc (npc))
        continue;
      for (int kind = 0; kind < TKR_N_POOLS; kind++)
        {
          TkrPool *pool = tkr_character_get_pool (npc, kind);

          if (tkr_pool_get_current (pool) != tkr_pool_get_maximum (pool))
            tkr_history_set (self->history, pool, "current", tkr_pool_get_maximum (pool));
        }
      conditions = tkr_character_get_conditions (npc);
      for (guint j = g_list_model_get_n_items (conditions); j > 0; j--)
        tkr_history_remove (self->history, G_LIST_STORE (conditions), j - 1);
    }
  tkr_encounter_log_event (tkr_campaign_get_encounter (self), TKR_LOG_BETWEEN_FIGHTS,
                           N_ ("The NPCs start the next fight fresh"), NULL);
}

static gboolean
is_defeated (TkrCharacter *character)
{
  TkrPool *health = tkr_character_get_pool (character, TKR_POOL_HEALTH);

  return !tkr_character_is_pc (character) && tkr_pool_get_maximum (health) > 0 &&
         tkr_pool_get_current (health) == 0;
}

static gboolean
remove_defeated (TkrCampaign *self, GError **error)
{
  g_autoptr (GPtrArray) participants = tkr_tracker_list_participants (self->tracker);
  guint removed = 0;

  for (guint i = 0; i < participants->len; i++)
    {
      TkrCharacter *npc = participants->pdata[i];

      if (!is_defeated (npc))
        continue;
      if (!tkr_tracker_remove_participant (self->tracker, npc, error))
        return FALSE;
      removed++;
    }
  tkr_encounter_log_plural (tkr_campaign_get_encounter (self), TKR_LOG_BETWEEN_FIGHTS,
                            "%u defeated NPC left the encounter; the others keep "
                            "their state for the next fight",
                            "%u defeated NPCs left the encounter; the others keep "
                            "their state for the next fight",
                            removed, tkr_message_int (removed), NULL);
  return TRUE;
}

/**
 * tkr_campaign_between_fights:
 *
 * After an End the GM says what the NPCs who fought carry into the next
 * fight (help/C/pause-and-end.page, "Between fights"). Without a choice,
 * the next Setup resets them (see tracker_phase_cb).
 */
gboolean
tkr_campaign_between_fights (TkrCampaign *self, TkrBetweenFights choice, GError **error)
{
  TkrPhase phase;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);

  phase = tkr_tracker_get_phase (self->tracker);
  if (phase != TKR_PHASE_END && phase != TKR_PHASE_FREEPLAY)
    {
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                           _ ("What the NPCs carry into the next fight is decided between "
                              "fights, once this one has ended"));
      return FALSE;
    }
  if (choice == TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED && phase != TKR_PHASE_FREEPLAY)
    {
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                           _ ("Defeated NPCs can leave the encounter once it is back in "
                              "Freeplay"));
      return FALSE;
    }

  switch (choice)
    {
    case TKR_BETWEEN_FIGHTS_RESET:
      tkr_history_begin (self->history, N_ ("Fresh NPCs for the next fight"));
      reset_npcs (self);
      break;
    case TKR_BETWEEN_FIGHTS_KEEP:
      tkr_history_begin (self->history, N_ ("NPCs keep their state"));
      tkr_encounter_log_event (tkr_campaign_get_encounter (self), TKR_LOG_BETWEEN_FIGHTS,
                               N_ ("The NPCs keep their wounds and conditions for the next fight"),
                               NULL);
      break;
    case TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED:
      tkr_history_begin (self->history, N_ ("Remove defeated NPCs"));
      tkr_history_set_destructive (self->history);
      if (!remove_defeated (self, error))
        {
          tkr_history_abort (self->history);
          return FALSE;
        }
      break;
    default:
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                           _ ("That is not a choice between fights"));
      return FALSE;
    }
  tkr_history_end (self->history);
  return TRUE;
}

gboolean
tkr_campaign_end_episode (TkrCampaign *self, GError **error)
{
  TkrPhase phase;
  guint n;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);

  phase = tkr_tracker_get_phase (self->tracker);
  if (phase != TKR_PHASE_FREEPLAY && phase != TKR_PHASE_END)
    {
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                           _ ("An Episode can only end outside a running encounter"));
      return FALSE;
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->party));
  tkr_history_begin (self->history, N_ ("End of Episode"));
  tkr_history_set_destructive (self->history);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (G_LIST_MODEL (self->party), i);
      tkr_character_end_episode (character, self->history);
    }
  tkr_history_end (self->history);
  return TRUE;
}

/* Files */

static JsonNode *
characters_to_json (GListModel *model)
{
  JsonArray *array = json_array_new ();
  guint n = g_list_model_get_n_items (model);
  JsonNode *node;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCharacter) character = g_list_model_get_item (model, i);
      json_array_add_element (array, tkr_character_to_json (character));
    }
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, array);
  return node;
}

/**
 * tkr_campaign_to_root:
 *
 * Returns: (transfer full): the whole campaign file as a JSON tree of its
 *   own (it shares nothing with the campaign), which tkr_file_serialize()
 *   turns into the file's bytes, on any thread.
 */
JsonNode *
tkr_campaign_to_root (TkrCampaign *self)
{
  return tkr_campaign_to_root_with_npcs (self, NULL);
}

/**
 * tkr_campaign_to_root_with_npcs:
 * @npcs: (nullable): the NPC library's file form, known unchanged (the
 *   journal keeps it between steps that do not touch the library)
 *
 * As tkr_campaign_to_root(), with @npcs (referenced, not copied) as the
 * library when given.
 */
JsonNode *
tkr_campaign_to_root_with_npcs (TkrCampaign *self, JsonNode *npcs)
{
  JsonNode *root;
  JsonObject *header;
  JsonObject *campaign;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  root = json_node_new (JSON_NODE_OBJECT);
  header = tkr_file_new_header (TKR_CAMPAIGN_FILE_KIND, TKR_CAMPAIGN_FORMAT);
  campaign = json_object_new ();

  json_object_set_string_member (campaign, "name", self->name);
  json_object_set_string_member (campaign, "rule_system", tkr_campaign_get_rule_system (self));
  json_object_set_member (campaign, "party", characters_to_json (G_LIST_MODEL (self->party)));
  json_object_set_member (campaign, "npcs",
                          npcs != NULL ? json_node_ref (npcs)
                                       : characters_to_json (G_LIST_MODEL (self->npcs)));
  json_object_set_member (campaign, "encounter", tkr_tracker_to_json (self->tracker));
  /* Only a campaign with linked sheets writes them (help/C/sync.page). */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->links)) > 0)
    json_object_set_member (campaign, "links",
                            tkr_sheet_links_to_json (G_LIST_MODEL (self->links)));
  json_object_set_object_member (header, "campaign", campaign);
  json_node_take_object (root, header);
  return root;
}

static JsonNode *
kept_characters (TkrSaveCache *cache, GPtrArray *characters)
{
  JsonArray *array = json_array_sized_new (characters->len);
  JsonNode *node;

  for (guint i = 0; i < characters->len; i++)
    json_array_add_element (
      array, tkr_save_cache_character_node (cache, g_ptr_array_index (characters, i)));
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, array);
  return node;
}

/**
 * tkr_campaign_to_root_kept:
 *
 * As tkr_campaign_to_root(), for the journal, which makes the campaign's
 * file form after every step: each character's, combatant's and log
 * line's node is kept from the last call while nothing changed it
 * (tkr-save-cache.h), so two calls share what did not change and the
 * journal's diff passes over it at once. Never change the tree in place.
 *
 * Returns: (transfer full): the campaign file's root
 */
JsonNode *
tkr_campaign_to_root_kept (TkrCampaign *self)
{
  JsonNode *root;
  JsonObject *header;
  JsonObject *campaign;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  tkr_save_cache_begin_tree (self->save_cache);
  header = tkr_file_new_header (TKR_CAMPAIGN_FILE_KIND, TKR_CAMPAIGN_FORMAT);
  campaign = json_object_new ();
  json_object_set_string_member (campaign, "name", self->name);
  json_object_set_string_member (campaign, "rule_system", tkr_campaign_get_rule_system (self));
  json_object_set_member (campaign, "party", kept_characters (self->save_cache, self->party_array));
  json_object_set_member (campaign, "npcs", kept_characters (self->save_cache, self->npcs_array));
  json_object_set_member (campaign, "encounter",
                          tkr_save_cache_tracker_tree (self->save_cache, self->tracker));
  if (g_list_model_get_n_items (G_LIST_MODEL (self->links)) > 0)
    json_object_set_member (campaign, "links",
                            tkr_sheet_links_to_json (G_LIST_MODEL (self->links)));
  tkr_save_cache_end_tree (self->save_cache);
  json_object_set_object_member (header, "campaign", campaign);
  root = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (root, header);
  return root;
}

static void
write_characters (
  TkrSaveCache *cache, TkrJsonWriter *writer, const char *name, GListModel *model, GPtrArray *array)
{
  guint n = g_list_model_get_n_items (model);

  g_assert (array->len == n);
  tkr_json_writer_begin_array (writer, name);
  for (guint i = 0; i < n; i++)
    tkr_save_cache_write_character (cache, writer, g_ptr_array_index (array, i));
  tkr_json_writer_end_array (writer);
}

/**
 * tkr_campaign_to_pieces:
 *
 * What a save does on the caller's thread: the campaign as it is now, in
 * pieces that tkr_save_pieces_join() makes into the file's bytes on any
 * thread, later edits never racing it. The characters never become a tree
 * (issue 16 in docs/ARCHITECTURE.md's "Files": a save at the speed of the
 * text), and the text of each character, combatant and log line the
 * history has not changed since the last save is that save's, shared
 * (tkr-save-cache.h): an autosave writes only what changed.
 *
 * Returns: (transfer full): the pieces
 */
TkrSavePieces *
tkr_campaign_to_pieces (TkrCampaign *self)
{
  g_autoptr (JsonObject) header = NULL;
  TkrJsonWriter writer;
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  /* Only what is written around the characters' kept texts. */
  tkr_json_writer_init_text (&writer, g_string_sized_new (64 * 1024));
  header = tkr_file_new_header (TKR_CAMPAIGN_FILE_KIND, TKR_CAMPAIGN_FORMAT);
  tkr_json_writer_begin_object (&writer, NULL);
  json_object_iter_init_ordered (&iter, header);
  while (json_object_iter_next_ordered (&iter, &member, &value))
    tkr_json_writer_node (&writer, member, value);
  tkr_json_writer_begin_object (&writer, "campaign");
  tkr_json_writer_string (&writer, "name", self->name);
  tkr_json_writer_string (&writer, "rule_system", tkr_campaign_get_rule_system (self));
  tkr_save_cache_begin (self->save_cache, &writer);
  write_characters (self->save_cache, &writer, "party", G_LIST_MODEL (self->party),
                    self->party_array);
  write_characters (self->save_cache, &writer, "npcs", G_LIST_MODEL (self->npcs), self->npcs_array);
  tkr_save_cache_write_tracker (self->save_cache, &writer, "encounter", self->tracker);
  /* As tkr_campaign_to_root (): only a campaign with linked sheets. */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->links)) > 0)
    {
      g_autoptr (JsonNode) links = tkr_sheet_links_to_json (G_LIST_MODEL (self->links));

      tkr_json_writer_node (&writer, "links", links);
    }
  tkr_json_writer_end_object (&writer);
  tkr_json_writer_end_object (&writer);
  return tkr_save_cache_end (self->save_cache);
}

/* Where tkr_campaign_to_pieces writes a character of the party or the
 * library (root, "campaign", the list) and an encounter's participant
 * (root, "campaign", "encounter", "participants"). A text kept at another
 * depth is written again, never used. */
#define LIST_LEVEL 3
#define PARTICIPANT_LEVEL 4
#define TRACKER_LEVEL 2

/**
 * tkr_campaign_prepare_save:
 * @budget_us: how long this call may take, in microseconds
 *
 * Writes ahead the texts of the party, the library and the encounter's
 * NPCs that the next save would otherwise write on the caller's thread
 * (the first save after opening writes every one), for at most about
 * @budget_us: a document calls it between events after opening, so that
 * no autosave takes a frame (docs/ARCHITECTURE.md, "Files").
 *
 * Returns: TRUE when everything is written ahead
 */
gboolean
tkr_campaign_prepare_save (TkrCampaign *self, gint64 budget_us)
{
  gint64 now = g_get_monotonic_time ();
  /* A budget of G_MAXINT64 is "all of it", never an overflow. */
  gint64 end = budget_us > G_MAXINT64 - now ? G_MAXINT64 : now + budget_us;
  g_autoptr (GPtrArray) participants = NULL;
  guint n_lists;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), TRUE);

  participants = tkr_tracker_list_participants (self->tracker);
  n_lists = self->party_array->len + self->npcs_array->len;
  while (self->prepared < n_lists + participants->len)
    {
      guint i = self->prepared++;

      if (i < self->party_array->len)
        tkr_save_cache_prepare (self->save_cache, g_ptr_array_index (self->party_array, i), FALSE,
                                LIST_LEVEL);
      else if (i < n_lists)
        tkr_save_cache_prepare (self->save_cache,
                                g_ptr_array_index (self->npcs_array, i - self->party_array->len),
                                FALSE, LIST_LEVEL);
      else if (!tkr_character_is_pc (g_ptr_array_index (participants, i - n_lists)))
        tkr_save_cache_prepare (self->save_cache, g_ptr_array_index (participants, i - n_lists),
                                TRUE, PARTICIPANT_LEVEL);
      if ((i & 15) == 15 && g_get_monotonic_time () >= end)
        return FALSE;
    }
  if (self->prepared < n_lists + participants->len)
    return FALSE;
  /* Then the tracker's combatants and log lines: found in one slice,
   * written in the next ones. */
  if (self->prepared_tracker == 0)
    {
      tkr_save_cache_plan_tracker (self->save_cache, self->tracker, TRACKER_LEVEL);
      self->prepared_tracker = 1;
      return FALSE;
    }
  for (guint i = 0; self->prepared_tracker == 1; i++)
    {
      if (!tkr_save_cache_prepare_planned (self->save_cache))
        self->prepared_tracker = 2;
      else if ((i & 15) == 15 && g_get_monotonic_time () >= end)
        return FALSE;
    }
  return TRUE;
}

/**
 * tkr_campaign_to_bytes:
 *
 * Returns: (transfer full): the campaign file's bytes, the same as
 *   tkr_file_serialize() makes of tkr_campaign_to_root():
 *   tkr_campaign_to_pieces() joined.
 */
GBytes *
tkr_campaign_to_bytes (TkrCampaign *self)
{
  g_autoptr (TkrSavePieces) pieces = NULL;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  pieces = tkr_campaign_to_pieces (self);
  return tkr_save_pieces_join (pieces);
}

/* Where a build is: characters made of how many, for the progress of a
 * load (0.5 to 1 of it: reading and parsing are the first half). */
typedef struct
{
  TkrFileProgress *progress;
  guint done;
  guint total;
} BuildProgress;

static gboolean
read_characters (TkrJsonDocument *document,
                 JsonObject *object,
                 const char *member,
                 GListStore *store,
                 TkrCharacterKind kind,
                 GHashTable *ids,
                 BuildProgress *build,
                 GError **error)
{
  g_autofree char *path = tkr_json_path ("campaign", member);
  JsonArray *array;

  if (!tkr_json_get_array (object, member, "campaign", FALSE, &array, error))
    return FALSE;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (path, i);
      /* A streamed list's element is read now and let go once built. */
      g_autoptr (JsonNode) element = tkr_json_document_get_element (document, array, i);
      g_autoptr (TkrCharacter) character = tkr_character_new_from_json (element, item_path, error);

      if (character == NULL)
        return FALSE;
      if (tkr_character_get_kind (character) != kind)
        {
          tkr_json_set_error (error, item_path,
                              kind == TKR_CHARACTER_KIND_PC
                                ? _ ("the party holds only PCs")
                                : _ ("the NPC library holds only NPCs"));
          return FALSE;
        }
      if (!g_hash_table_add (ids, g_strdup (tkr_character_get_id (character))))
        {
          tkr_json_set_error (error, item_path, _ ("two characters share the id “%s”"),
                              tkr_character_get_id (character));
          return FALSE;
        }
      g_list_store_append (store, character);
      if (++build->done % 64 == 0 && build->progress != NULL)
        {
          if (tkr_file_progress_set_cancelled (build->progress, error))
            return FALSE;
          tkr_file_progress_report (build->progress, 0.5 + 0.5 * build->done / build->total);
        }
    }
  return TRUE;
}

static TkrCharacter *
resolve_party_member (const char *id, gpointer user_data)
{
  TkrCampaign *self = user_data;

  return find_in (G_LIST_MODEL (self->party), id);
}

static TkrCampaign *
new_from_document (TkrJsonDocument *document, TkrFileProgress *progress, GError **error);

/* The lists a campaign file reads one character at a time, so the whole
 * file's tree never exists at once (README, "Performance"). */
static const char *const streamed_lists[] = { "campaign.party", "campaign.npcs",
                                              "campaign.encounter.participants", NULL };

TkrCampaign *
tkr_campaign_new_from_bytes (GBytes *bytes, GError **error)
{
  return tkr_campaign_new_from_bytes_with_progress (bytes, NULL, error);
}

/**
 * tkr_campaign_new_from_bytes_with_progress:
 * @progress: (nullable): the load's progress, told every 64 characters
 *
 * As tkr_campaign_new_from_bytes(), on any thread, stopping when the load
 * is cancelled. The party and the NPC library are read one character at
 * a time.
 */
TkrCampaign *
tkr_campaign_new_from_bytes_with_progress (GBytes *bytes, TkrFileProgress *progress, GError **error)
{
  g_autoptr (TkrJsonDocument) document = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);

  document = tkr_json_document_new (bytes, streamed_lists, error);
  if (document == NULL)
    return NULL;
  tkr_file_progress_report (progress, 0.5);
  if (tkr_file_progress_set_cancelled (progress, error))
    return NULL;
  return new_from_document (document, progress, error);
}

/**
 * tkr_campaign_new_from_root:
 * @root: a campaign file as parsed by tkr_file_parse()
 *
 * Builds the campaign a parsed file holds; the parse itself may run on
 * another thread (tkr_campaign_load_async does).
 */
TkrCampaign *
tkr_campaign_new_from_root (JsonNode *root, GError **error)
{
  return tkr_campaign_new_from_root_with_progress (root, NULL, error);
}

static guint
count_members (JsonObject *campaign, const char *member)
{
  JsonNode *node = json_object_get_member (campaign, member);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return 0;
  return json_array_get_length (json_node_get_array (node));
}

/**
 * tkr_campaign_new_from_root_with_progress:
 * @progress: (nullable): the load's progress, told every 64 characters
 *
 * As tkr_campaign_new_from_root(), on any thread (the campaign it makes
 * is seen by nothing else until it is returned), stopping when the load
 * is cancelled.
 */
TkrCampaign *
tkr_campaign_new_from_root_with_progress (JsonNode *root, TkrFileProgress *progress, GError **error)
{
  g_autoptr (TkrJsonDocument) document = NULL;

  g_return_val_if_fail (root != NULL, NULL);

  document = tkr_json_document_new_for_root (root);
  return new_from_document (document, progress, error);
}

static TkrCampaign *
new_from_document (TkrJsonDocument *document, TkrFileProgress *progress, GError **error)
{
  JsonNode *root = tkr_json_document_get_root (document);
  BuildProgress build = { progress, 0, 1 };
  g_autoptr (TkrCampaign) self = NULL;
  g_autoptr (TkrRules) rules = NULL;
  g_autoptr (GHashTable) ids = NULL;
  g_autofree char *rule_system = NULL;
  JsonObject *header, *campaign, *encounter;

  header = tkr_file_check_header (root, TKR_CAMPAIGN_FILE_KIND, TKR_CAMPAIGN_FORMAT, NULL, error);
  if (header == NULL || !tkr_json_get_object (header, "campaign", NULL, TRUE, &campaign, error) ||
      !tkr_json_get_string (campaign, "rule_system", "campaign", FALSE, "kleptonomicon",
                            &rule_system, error))
    return NULL;

  rules = tkr_rules_new_from_resource (rule_system, error);
  if (rules == NULL)
    return NULL;
  /* A known rule data file without an encounter class is refused here,
   * not silently played as another system. */
  {
    g_autoptr (TkrTracker) probe = tkr_tracker_new_for_rules (rules, NULL, error);
    if (probe == NULL)
      return NULL;
  }

  self = tkr_campaign_new (rules);
  g_clear_pointer (&self->name, g_free);
  if (!tkr_json_get_string (campaign, "name", "campaign", FALSE, _ ("Untitled Campaign"),
                            &self->name, error))
    return NULL;

  ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  build.total = MAX (1, count_members (campaign, "party") + count_members (campaign, "npcs"));
  if (!read_characters (document, campaign, "party", self->party, TKR_CHARACTER_KIND_PC, ids,
                        &build, error) ||
      !read_characters (document, campaign, "npcs", self->npcs, TKR_CHARACTER_KIND_NPC, ids, &build,
                        error) ||
      !tkr_sheet_links_load (campaign, self->links, error))
    return NULL;

  if (!tkr_json_get_object (campaign, "encounter", "campaign", FALSE, &encounter, error))
    return NULL;
  if (encounter != NULL)
    {
      JsonNode *node = json_object_get_member (campaign, "encounter");
      /* The encounter's participants are read one at a time too. */
      TkrJsonDocument *previous = tkr_json_document_set_current (document);
      gboolean loaded = tkr_tracker_load_json (self->tracker, node, "campaign.encounter",
                                               resolve_party_member, self, error);

      tkr_json_document_set_current (previous);
      if (!loaded)
        return NULL;
    }

  /* What was read is where the undo history starts. */
  tkr_history_clear (self->history);
  return g_steal_pointer (&self);
}

/* A save on its way: what the caller's thread gathered, where it goes,
 * and, once written, the SHA-256 of what was written. */
typedef struct
{
  TkrSavePieces *pieces;
  GFile *file;
  char *checksum;
} SaveJob;

static void
save_job_free (gpointer data)
{
  SaveJob *job = data;

  tkr_save_pieces_free (job->pieces);
  g_object_unref (job->file);
  g_free (job->checksum);
  g_free (job);
}

/* The worker: the pieces joined, then written atomically. */
static void
save_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  SaveJob *job = task_data;
  g_autoptr (GBytes) bytes = tkr_save_pieces_join (job->pieces);
  GError *error = NULL;

  if (tkr_file_save (job->file, bytes, cancellable, &error))
    {
      /* What the journal anchors at (tkr_journal_end_save_with_checksum),
       * made here rather than by reading the file again on the main
       * thread; read once the task has returned. */
      job->checksum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
      g_task_return_boolean (task, TRUE);
    }
  else
    g_task_return_error (task, error);
}

/**
 * tkr_campaign_save_async:
 *
 * Takes the campaign's text now, on the caller's thread, as pieces (so
 * later edits never race the write: the file holds the campaign as it was
 * at this call, whole); the pieces are joined and the file written
 * atomically on a worker thread.
 */
void
tkr_campaign_save_async (TkrCampaign *self,
                         GFile *file,
                         GCancellable *cancellable,
                         GAsyncReadyCallback callback,
                         gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  SaveJob *job;

  g_return_if_fail (TKR_IS_CAMPAIGN (self));
  g_return_if_fail (G_IS_FILE (file));

  job = g_new0 (SaveJob, 1);
  job->pieces = tkr_campaign_to_pieces (self);
  job->file = g_object_ref (file);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tkr_campaign_save_async);
  g_task_set_task_data (task, job, save_job_free);
  g_task_run_in_thread (task, save_thread);
}

gboolean
tkr_campaign_save_finish (TkrCampaign *self, GAsyncResult *result, GError **error)
{
  return tkr_file_save_document_finish (self, result, error);
}

/**
 * tkr_campaign_save_dup_checksum:
 * @result: a finished tkr_campaign_save_async()
 *
 * Returns: (transfer full) (nullable): the SHA-256 of the bytes the save
 *   wrote, NULL when it wrote nothing
 */
char *
tkr_campaign_save_dup_checksum (GAsyncResult *result)
{
  SaveJob *job;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == tkr_campaign_save_async, NULL);
  job = g_task_get_task_data (G_TASK (result));
  return g_strdup (job->checksum);
}

void
tkr_campaign_load_async (GFile *file,
                         GCancellable *cancellable,
                         GAsyncReadyCallback callback,
                         gpointer user_data)
{
  tkr_file_load_document_from_bytes_async (
    file, (TkrFileBuildBytesFunc) tkr_campaign_new_from_bytes_with_progress, NULL, NULL, NULL,
    tkr_campaign_load_async, cancellable, callback, user_data);
}

/**
 * tkr_campaign_load_with_progress_async:
 * @progress_func: (nullable): hears the fraction done (0 to 1) on the
 *   caller's thread while the file is read, parsed and built on a worker
 *
 * As tkr_campaign_load_async(); finish with tkr_campaign_load_finish().
 */
void
tkr_campaign_load_with_progress_async (GFile *file,
                                       TkrFileProgressFunc progress_func,
                                       gpointer progress_data,
                                       GDestroyNotify progress_destroy,
                                       GCancellable *cancellable,
                                       GAsyncReadyCallback callback,
                                       gpointer user_data)
{
  tkr_file_load_document_from_bytes_async (
    file, (TkrFileBuildBytesFunc) tkr_campaign_new_from_bytes_with_progress, progress_func,
    progress_data, progress_destroy, tkr_campaign_load_async, cancellable, callback, user_data);
}

TkrCampaign *
tkr_campaign_load_finish (GAsyncResult *result, GError **error)
{
  return tkr_file_load_document_finish (result, error);
}

/**
 * tkr_campaign_replace_encounter:
 * @tracker: a fresh encounter of the campaign's rule system, built on the
 *   campaign's history
 *
 * An encounter brought in from another tool (help/C/import.page) takes
 * the place of the campaign's, as one undoable step (nested in an open
 * one), the same way a switch of rule system does. Only in Freeplay.
 */
gboolean
tkr_campaign_replace_encounter (TkrCampaign *self, TkrTracker *tracker, GError **error)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (TKR_IS_TRACKER (tracker), FALSE);

  if (!tkr_campaign_can_set_rule_system (self))
    {
      g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_WRONG_PHASE,
                           _ ("The encounter can only be replaced while none is running; end "
                              "this one and go back to Freeplay first"));
      return FALSE;
    }
  tkr_history_begin (self->history, N_ ("Replace the encounter"));
  tkr_history_remove (self->history, self->tracker_slot, 0);
  tkr_history_insert (self->history, self->tracker_slot, 0, tracker);
  tkr_history_end (self->history);
  return TRUE;
}

/* The journal (src/core/campaign/tkr-journal.c) */

/**
 * tkr_campaign_new_from_root_for:
 * @self: the campaign whose history the new campaign's encounter records in
 *
 * Builds a campaign from @root, as tkr_campaign_new_from_root() does,
 * whose encounter records its commands in @self's history: what
 * tkr_campaign_exchange() puts in place of @self's contents.
 */
TkrCampaign *
tkr_campaign_new_from_root_for (TkrCampaign *self, JsonNode *root, GError **error)
{
  TkrCampaign *other;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (self), NULL);

  other = tkr_campaign_new_from_root (root, error);
  if (other != NULL && TKR_IS_ENCOUNTER (other->tracker))
    tkr_encounter_adopt_history (TKR_ENCOUNTER (other->tracker), self->history);
  return other;
}

static void
exchange_store (TkrHistory *history, GListStore *mine, GListStore *theirs)
{
  g_autoptr (GPtrArray) my_items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) their_items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n;

  n = g_list_model_get_n_items (G_LIST_MODEL (mine));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (my_items, g_list_model_get_item (G_LIST_MODEL (mine), i));
  n = g_list_model_get_n_items (G_LIST_MODEL (theirs));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (their_items, g_list_model_get_item (G_LIST_MODEL (theirs), i));

  for (guint i = my_items->len; i > 0; i--)
    tkr_history_remove (history, mine, i - 1);
  for (guint i = 0; i < their_items->len; i++)
    tkr_history_append (history, mine, g_ptr_array_index (their_items, i));
  g_list_store_splice (theirs, 0, their_items->len, my_items->pdata, my_items->len);
}

/**
 * tkr_campaign_exchange:
 * @other: a campaign from tkr_campaign_new_from_root_for (@self)
 *
 * Puts @other's name, party, NPC library and encounter in place of
 * @self's, and @self's in @other's, so that exchanging again brings them
 * back. With @record, recorded in @self's history (as list and property
 * changes); otherwise, or while the history replays, applied directly.
 */
void
tkr_campaign_exchange (TkrCampaign *self, TkrCampaign *other, gboolean record)
{
  TkrHistory *history = record ? self->history : NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (TKR_IS_CAMPAIGN (self));
  g_return_if_fail (TKR_IS_CAMPAIGN (other));

  /* Whole lists change hands, applied without the history when not
   * recorded: nothing kept by either's saves is trusted after. */
  tkr_save_cache_clear (self->save_cache);
  tkr_save_cache_clear (other->save_cache);
  exchange_store (history, self->party, other->party);
  exchange_store (history, self->npcs, other->npcs);
  exchange_store (history, self->tracker_slot, other->tracker_slot);
  name = g_strdup (self->name);
  tkr_history_set (history, self, "name", other->name);
  g_free (other->name);
  other->name = g_steal_pointer (&name);
}
