/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tkr-encounter.h"

G_BEGIN_DECLS

/*
 * What the rule systems' commands, getters and files repeat
 * (docs/ARCHITECTURE.md, "The encounter engine").
 */

/* Defines @function of @Class: @expression of self, a @Type, or @fallback
 * when self is not one (@IS_CLASS). */
#define TKR_DEFINE_GETTER(Class, IS_CLASS, Type, function, expression, fallback)                   \
  Type function (Class *self)                                                                      \
  {                                                                                                \
    g_return_val_if_fail (IS_CLASS (self), fallback);                                              \
    return (expression);                                                                           \
  }

/* A whole command as one history step named @name: resource @id of
 * @combatant changed by @delta (tkr_encounter_change_resource(); nothing
 * when @id is NULL), then the log line @line. @name and @line are events
 * (tkr-message.h, transfer full), read in the reader's language. Returns
 * TRUE, so a command can end with it. */
gboolean tkr_encounter_record (TkrEncounter *self,
                               TkrMessage *name,
                               TkrCombatant *combatant,
                               const char *id,
                               int delta,
                               TkrMessage *line);

/* (transfer none) (nullable): item @index of @list, which keeps it */
gpointer tkr_list_item_at (GListModel *list, guint index);

/* Sets a file error at @path's @member (nullable: @path itself) and
 * returns FALSE. */
gboolean
tkr_json_refuse (GError **error, const char *path, const char *member, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

/* Files: a JSON array of @list's items, each written by @item_to_json. */
typedef JsonNode *(*TkrItemToJson) (gpointer item);
JsonNode *tkr_list_to_json (GListModel *list, TkrItemToJson item_to_json);

/* Reads the optional array @member of @object (at @path): each item, at
 * its own path, by @read_item with @self and @data, until one fails. */
typedef gboolean (*TkrReadItem) (
  gpointer self, JsonNode *node, const char *path, gpointer data, GError **error);
gboolean tkr_json_read_list (JsonObject *object,
                             const char *path,
                             const char *member,
                             TkrReadItem read_item,
                             gpointer self,
                             gpointer data,
                             GError **error);

/* The combatant of @load with the character id @id, or NULL. */
TkrCombatant *tkr_encounter_load_find (TkrEncounterLoad *load, const char *id);

/* Reads the optional array @member of @object (at @path): character ids of
 * @load's combatants, each appended to @found (transfer none). FALSE with
 * a file error naming the item when one is not such an id. */
gboolean tkr_json_read_combatant_ids (JsonObject *object,
                                      const char *path,
                                      const char *member,
                                      TkrEncounterLoad *load,
                                      GPtrArray *found,
                                      GError **error);

/* The combatants of a turn slot: itself, or a group's "members".
 * (transfer container) */
GPtrArray *tkr_slot_combatants (GObject *slot);

G_END_DECLS
