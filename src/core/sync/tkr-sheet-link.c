/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tkr-json.h"
#include "tkr-sheet-link.h"

struct _TkrSheetLink
{
  GObject parent_instance;

  char *character_id;
  char *path;
  char *synced;
};

G_DEFINE_FINAL_TYPE (TkrSheetLink, tkr_sheet_link, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CHARACTER_ID,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tkr_sheet_link_finalize (GObject *object)
{
  TkrSheetLink *self = TKR_SHEET_LINK (object);

  g_free (self->character_id);
  g_free (self->path);
  g_free (self->synced);
  G_OBJECT_CLASS (tkr_sheet_link_parent_class)->finalize (object);
}

static void
tkr_sheet_link_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrSheetLink *self = TKR_SHEET_LINK (object);

  switch (prop_id)
    {
    case PROP_CHARACTER_ID:
      g_value_set_string (value, self->character_id);
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_sheet_link_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrSheetLink *self = TKR_SHEET_LINK (object);

  switch (prop_id)
    {
    case PROP_CHARACTER_ID:
      self->character_id = g_value_dup_string (value);
      break;
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_sheet_link_class_init (TkrSheetLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tkr_sheet_link_finalize;
  object_class->get_property = tkr_sheet_link_get_property;
  object_class->set_property = tkr_sheet_link_set_property;

  properties[PROP_CHARACTER_ID] =
    g_param_spec_string ("character-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] = g_param_spec_string (
    "path", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_sheet_link_init (TkrSheetLink *self)
{
}

TkrSheetLink *
tkr_sheet_link_new (const char *character_id, const char *path)
{
  g_return_val_if_fail (character_id != NULL && path != NULL, NULL);

  return g_object_new (TKR_TYPE_SHEET_LINK, "character-id", character_id, "path", path, NULL);
}

const char *
tkr_sheet_link_get_character_id (TkrSheetLink *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_LINK (self), NULL);
  return self->character_id;
}

const char *
tkr_sheet_link_get_path (TkrSheetLink *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_LINK (self), NULL);
  return self->path;
}

GFile *
tkr_sheet_link_resolve (TkrSheetLink *self, GFile *campaign_folder)
{
  g_return_val_if_fail (TKR_IS_SHEET_LINK (self), NULL);

  if (g_path_is_absolute (self->path) || campaign_folder == NULL)
    return g_file_new_for_path (self->path);
  return g_file_resolve_relative_path (campaign_folder, self->path);
}

const char *
tkr_sheet_link_get_synced (TkrSheetLink *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_LINK (self), NULL);
  return self->synced;
}

void
tkr_sheet_link_set_synced (TkrSheetLink *self, const char *synced)
{
  g_return_if_fail (TKR_IS_SHEET_LINK (self));

  if (g_strcmp0 (self->synced, synced) == 0)
    return;
  g_free (self->synced);
  self->synced = g_strdup (synced);
}

char *
tkr_sheet_link_hash_sheet (TkrCharacter *character)
{
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);

  node = tkr_character_to_json (character);
  /* The campaign and the file each keep their own id. */
  json_object_remove_member (json_node_get_object (node), "id");
  text = json_to_string (node, FALSE);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

static gboolean
is_sha256 (const char *text)
{
  if (strlen (text) != 64)
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_isdigit (*c) && !(*c >= 'a' && *c <= 'f'))
      return FALSE;
  return TRUE;
}

JsonNode *
tkr_sheet_links_to_json (GListModel *links)
{
  JsonArray *array;
  JsonNode *node;
  guint n;

  g_return_val_if_fail (G_IS_LIST_MODEL (links), NULL);

  n = g_list_model_get_n_items (links);
  if (n == 0)
    return NULL;
  array = json_array_new ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrSheetLink) link = g_list_model_get_item (links, i);
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "character", link->character_id);
      json_object_set_string_member (object, "file", link->path);
      if (link->synced != NULL)
        json_object_set_string_member (object, "synced", link->synced);
      json_array_add_object_element (array, object);
    }
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, array);
  return node;
}

gboolean
tkr_sheet_links_load (JsonObject *campaign, GListStore *links, GError **error)
{
  JsonArray *array;

  g_return_val_if_fail (campaign != NULL, FALSE);
  g_return_val_if_fail (G_IS_LIST_STORE (links), FALSE);

  if (!tkr_json_get_array (campaign, "links", "campaign", FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *path = tkr_json_path_index ("campaign.links", i);
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *character = NULL;
      g_autofree char *file = NULL;
      g_autofree char *synced = NULL;
      g_autoptr (TkrSheetLink) link = NULL;
      JsonObject *object;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          tkr_json_set_error (error, path, _ ("a linked sheet is an object"));
          return FALSE;
        }
      object = json_node_get_object (node);
      if (!tkr_json_get_string (object, "character", path, TRUE, NULL, &character, error) ||
          !tkr_json_get_string (object, "file", path, TRUE, NULL, &file, error) ||
          !tkr_json_get_string (object, "synced", path, FALSE, NULL, &synced, error))
        return FALSE;
      if (*file == '\0')
        {
          tkr_json_set_error (error, path, _ ("a linked sheet names its file"));
          return FALSE;
        }
      if (synced != NULL && !is_sha256 (synced))
        {
          tkr_json_set_error (error, path,
                              _ ("a linked sheet's last synced version is a SHA-256 checksum"));
          return FALSE;
        }
      link = tkr_sheet_link_new (character, file);
      link->synced = g_steal_pointer (&synced);
      g_list_store_append (links, link);
    }
  return TRUE;
}

TkrSheetLink *
tkr_campaign_find_link (TkrCampaign *campaign, TkrCharacter *pc)
{
  GListModel *links;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (pc), NULL);

  links = tkr_campaign_get_links (campaign);
  for (guint i = 0; i < g_list_model_get_n_items (links); i++)
    {
      g_autoptr (TkrSheetLink) link = g_list_model_get_item (links, i);

      if (g_strcmp0 (link->character_id, tkr_character_get_id (pc)) == 0)
        return link;
    }
  return NULL;
}

static gboolean
check_party_member (TkrCampaign *campaign, TkrCharacter *pc, GError **error)
{
  guint position;

  if (g_list_store_find (G_LIST_STORE (tkr_campaign_get_party (campaign)), pc, &position))
    return TRUE;
  g_set_error_literal (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("Only a member of the party can be linked to a sheet file"));
  return FALSE;
}

gboolean
tkr_campaign_link_sheet (
  TkrCampaign *campaign, TkrCharacter *pc, GFile *file, GFile *campaign_folder, GError **error)
{
  TkrHistory *history;
  TkrSheetLink *old;
  g_autoptr (TkrSheetLink) link = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (pc), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!check_party_member (campaign, pc, error))
    return FALSE;
  if (campaign_folder != NULL)
    path = g_file_get_relative_path (campaign_folder, file);
  if (path == NULL)
    path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _ ("Only a file in a folder on this computer can be linked"));
      return FALSE;
    }
  link = tkr_sheet_link_new (tkr_character_get_id (pc), path);
  history = tkr_campaign_get_history (campaign);
  /* Translators: an undo step */
  tkr_history_begin (history, N_ ("Link Sheet"));
  old = tkr_campaign_find_link (campaign, pc);
  if (old != NULL)
    tkr_history_remove_item (history, G_LIST_STORE (tkr_campaign_get_links (campaign)), old);
  tkr_history_append (history, G_LIST_STORE (tkr_campaign_get_links (campaign)), link);
  tkr_history_end (history);
  return TRUE;
}

gboolean
tkr_campaign_unlink_sheet (TkrCampaign *campaign, TkrCharacter *pc, GError **error)
{
  TkrHistory *history;
  TkrSheetLink *link;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (pc), FALSE);

  link = tkr_campaign_find_link (campaign, pc);
  if (link == NULL)
    {
      g_set_error (error, TKR_ENCOUNTER_ERROR, TKR_ENCOUNTER_ERROR_INVALID,
                   _ ("%s is not linked to a sheet file"), tkr_character_get_name (pc));
      return FALSE;
    }
  history = tkr_campaign_get_history (campaign);
  /* Translators: an undo step */
  tkr_history_begin (history, N_ ("Unlink Sheet"));
  tkr_history_remove_item (history, G_LIST_STORE (tkr_campaign_get_links (campaign)), link);
  tkr_history_end (history);
  return TRUE;
}
