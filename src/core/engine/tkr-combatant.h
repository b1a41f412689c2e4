/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tkr-character.h"
#include "tkr-json-writer.h"
#include "tkr-resource.h"

G_BEGIN_DECLS

#define TKR_TYPE_COMBATANT (tkr_combatant_get_type ())
G_DECLARE_DERIVABLE_TYPE (TkrCombatant, tkr_combatant, TKR, COMBATANT, GObject)

/*
 * One participant's state in a running encounter, whatever the rule
 * system (docs/ARCHITECTURE.md, "Combatant state"); the sheet stays in
 * TkrCharacter. Each system derives its own combatant and keeps here what
 * every system has:
 *
 * "character" (TkrCharacter, construct-only)
 * "resources" (GListModel of TkrResource): what a turn grants, in the
 *     order a view shows them; a system adds them when it makes the
 *     combatant and changes them only through its encounter's commands.
 * "conditions" (GListModel of TkrCondition): the statuses on the
 *     combatant (a value or stacks, Fleeting or Persistent, the turn each
 *     stack was gained). By default the combatant's own list; a system
 *     whose conditions live on the sheet returns the sheet's.
 * "temporary-health" (int): lost before Health (tkr-health.h); changed
 *     only through tkr_encounter_change_health().
 * "hidden" (bool): kept from the players' view (help/C/player-view.page);
 *     changed only through tkr_encounter_set_hidden().
 */
struct _TkrCombatantClass
{
  GObjectClass parent_class;

  GListModel *(*get_conditions) (TkrCombatant *self);

  gpointer padding[8];
};

TkrCharacter *tkr_combatant_get_character (TkrCombatant *self);
/* The character's name, or a placeholder when it has none. */
const char *tkr_combatant_get_name (TkrCombatant *self);
GListModel *tkr_combatant_get_resources (TkrCombatant *self);
/* (nullable): the resource with @id */
TkrResource *tkr_combatant_find_resource (TkrCombatant *self, const char *id);
/* What is left of resource @id; 0 when the combatant has none. */
int tkr_combatant_get_left (TkrCombatant *self, const char *id);
/* Adds @resource while the combatant is being made (not recorded). */
void tkr_combatant_add_resource (TkrCombatant *self, TkrResource *resource);
GListModel *tkr_combatant_get_conditions (TkrCombatant *self);
/* The combatant's own condition list, for systems that keep them here. */
GListStore *tkr_combatant_get_condition_store (TkrCombatant *self);

G_END_DECLS

G_BEGIN_DECLS

/* A system's turn resources described once (docs/ARCHITECTURE.md,
 * "Combatant state"): each one's id, its name (marked for translation and
 * translated when the resource is made), its member in files (what is
 * left) and whether a new combatant has it ready (else it starts spent). */
typedef struct
{
  const char *id;
  const char *name;
  const char *member;
  gboolean ready;
} TkrResourceField;

/* Adds a resource for each of @fields, of @maximum[i], while the
 * combatant is being made (not recorded). */
void tkr_combatant_add_resources (TkrCombatant *self,
                                  const TkrResourceField *fields,
                                  guint n_fields,
                                  const int *maximum);
/* Files: what is left of each of @fields, as members of @object. */
void tkr_combatant_resources_to_json (TkrCombatant *self,
                                      const TkrResourceField *fields,
                                      guint n_fields,
                                      JsonObject *object);
/* The same through a writer, into the object it has open. */
void tkr_combatant_resources_write_json (TkrCombatant *self,
                                         const TkrResourceField *fields,
                                         guint n_fields,
                                         TkrJsonWriter *writer);
/* Reads what is left of each of @fields from @object at @path into a
 * fresh combatant (not recorded): a missing member is 0, a value from 0 to
 * @limit, or to the resource's maximum when @limit is negative. */
gboolean tkr_combatant_resources_from_json (TkrCombatant *self,
                                            const TkrResourceField *fields,
                                            guint n_fields,
                                            JsonObject *object,
                                            const char *path,
                                            int limit,
                                            GError **error);

/* Whether the players' view leaves the combatant out (the "hidden"
 * property). */
gboolean tkr_combatant_get_hidden (TkrCombatant *self);
/* "delaying": it delays, or holds an action (tkr-delay.h). */
gboolean tkr_combatant_get_delaying (TkrCombatant *self);

G_END_DECLS
