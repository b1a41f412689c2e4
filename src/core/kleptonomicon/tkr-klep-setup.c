/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-json.h"
#include "tkr-klep-private.h"
#include "tkr-klep-setup.h"

/*
 * The Setup phase builds the turn order (seed 000, "Turn Order").
 *
 * All state lives in GListStores so that TkrHistory can undo every step:
 * the NPC groups (front first), the PCs, and three lists of small immutable
 * marks: the Edge Save Scores entered (pc, group, score), the Sneaky flags
 * (pc, group), and the tie choices (a slot and the PCs' order in it). A
 * command inserts or removes marks; nothing is ever edited in place.
 *
 * Where a PC stands is never stored: it follows from its Scores, walked
 * from the last group toward the front (rules 2, 3 and 5 below).
 */

/* A mark: one entered Score, one Sneaky flag, or one tie choice. */
#define TKR_TYPE_KLEP_SETUP_MARK (tkr_klep_setup_mark_get_type ())
G_DECLARE_FINAL_TYPE (TkrKlepSetupMark, tkr_klep_setup_mark, TKR, KLEP_SETUP_MARK, GObject)

struct _TkrKlepSetupMark
{
  GObject parent_instance;

  TkrCharacter *pc;       /* NULL for a tie choice */
  TkrKlepNpcGroup *group; /* NULL for the slot before every group */
  int score;
  GStrv order; /* tie choice: PC ids, first to act first */
};

G_DEFINE_FINAL_TYPE (TkrKlepSetupMark, tkr_klep_setup_mark, G_TYPE_OBJECT)

static void
tkr_klep_setup_mark_finalize (GObject *object)
{
  TkrKlepSetupMark *self = TKR_KLEP_SETUP_MARK (object);

  g_clear_object (&self->pc);
  g_clear_object (&self->group);
  g_strfreev (self->order);

  G_OBJECT_CLASS (tkr_klep_setup_mark_parent_class)->finalize (object);
}

static void
tkr_klep_setup_mark_class_init (TkrKlepSetupMarkClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tkr_klep_setup_mark_finalize;
}

static void
tkr_klep_setup_mark_init (TkrKlepSetupMark *self)
{
}

static TkrKlepSetupMark *
setup_mark_new (TkrCharacter *pc, TkrKlepNpcGroup *group, int score, const char *const *order)
{
  TkrKlepSetupMark *mark = g_object_new (TKR_TYPE_KLEP_SETUP_MARK, NULL);

  mark->pc = pc ? g_object_ref (pc) : NULL;
  mark->group = group ? g_object_ref (group) : NULL;
  mark->score = score;
  mark->order = g_strdupv ((char **) order);
  return mark;
}

/* TkrKlepSetup */

struct _TkrKlepSetup
{
  GObject parent_instance;

  TkrRules *rules;
  GListStore *groups; /* TkrKlepNpcGroup, front first */
  GListStore *pcs;    /* TkrCharacter */
  GListStore *scores; /* TkrKlepSetupMark (pc, group, score), in the order entered */
  GListStore *sneaky; /* TkrKlepSetupMark (pc, group) */
  GListStore *ties;   /* TkrKlepSetupMark (group or NULL, order) */
  gboolean complete;
};

G_DEFINE_FINAL_TYPE (TkrKlepSetup, tkr_klep_setup, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RULES,
  PROP_GROUPS,
  PROP_PCS,
  PROP_COMPLETE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Scores a person can type in: a d10 plus any sane modifier. */
#define MIN_SCORE (-99)
#define MAX_SCORE 199

static void
on_state_changed (TkrKlepSetup *self)
{
  gboolean complete = tkr_klep_setup_is_complete (self);

  if (complete != self->complete)
    {
      self->complete = complete;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_groups_changed (TkrKlepSetup *self, guint position, guint removed, guint added)
{
  /* A group's members and name are part of the preview as well. Groups come
   * back on undo, so connect only once per group. */
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (TkrKlepNpcGroup) group = g_list_model_get_item (G_LIST_MODEL (self->groups), i);
      GListStore *members = tkr_klep_npc_group_get_member_store (group);

      if (g_signal_handler_find (members, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                 on_state_changed, self) == 0)
        {
          g_signal_connect_object (members, "items-changed", G_CALLBACK (on_state_changed), self,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (group, "notify::name", G_CALLBACK (on_state_changed), self,
                                   G_CONNECT_SWAPPED);
        }
    }
  on_state_changed (self);
}

static void
tkr_klep_setup_dispose (GObject *object)
{
  TkrKlepSetup *self = TKR_KLEP_SETUP (object);

  g_clear_object (&self->groups);
  g_clear_object (&self->pcs);
  g_clear_object (&self->scores);
  g_clear_object (&self->sneaky);
  g_clear_object (&self->ties);
  g_clear_object (&self->rules);

  G_OBJECT_CLASS (tkr_klep_setup_parent_class)->dispose (object);
}

static void
tkr_klep_setup_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepSetup *self = TKR_KLEP_SETUP (object);

  switch (prop_id)
    {
    case PROP_RULES:
      g_value_set_object (value, self->rules);
      break;
    case PROP_GROUPS:
      g_value_set_object (value, self->groups);
      break;
    case PROP_PCS:
      g_value_set_object (value, self->pcs);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, tkr_klep_setup_is_complete (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_setup_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrKlepSetup *self = TKR_KLEP_SETUP (object);

  switch (prop_id)
    {
    case PROP_RULES:
      self->rules = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_setup_class_init (TkrKlepSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_klep_setup_dispose;
  object_class->get_property = tkr_klep_setup_get_property;
  object_class->set_property = tkr_klep_setup_set_property;

  properties[PROP_RULES] =
    g_param_spec_object ("rules", NULL, NULL, TKR_TYPE_RULES,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GROUPS] = g_param_spec_object ("groups", NULL, NULL, G_TYPE_LIST_MODEL,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PCS] = g_param_spec_object ("pcs", NULL, NULL, G_TYPE_LIST_MODEL,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TkrKlepSetup::changed:
   *
   * Emitted after any change to the groups, PCs, Scores or choices, done,
   * undone or redone, so a preview of the order can be rebuilt.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
tkr_klep_setup_init (TkrKlepSetup *self)
{
  GListStore *watched[4];

  self->groups = g_list_store_new (TKR_TYPE_KLEP_NPC_GROUP);
  self->pcs = g_list_store_new (TKR_TYPE_CHARACTER);
  self->scores = g_list_store_new (TKR_TYPE_KLEP_SETUP_MARK);
  self->sneaky = g_list_store_new (TKR_TYPE_KLEP_SETUP_MARK);
  self->ties = g_list_store_new (TKR_TYPE_KLEP_SETUP_MARK);
  self->complete = TRUE;
  watched[0] = self->pcs;
  watched[1] = self->scores;
  watched[2] = self->sneaky;
  watched[3] = self->ties;

  g_signal_connect_object (self->groups, "items-changed", G_CALLBACK (on_groups_changed), self,
                           G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    g_signal_connect_object (watched[i], "items-changed", G_CALLBACK (on_state_changed), self,
                             G_CONNECT_SWAPPED);
}

TkrKlepSetup *
tkr_klep_setup_new (TkrRules *rules)
{
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  return g_object_new (TKR_TYPE_KLEP_SETUP, "rules", rules, NULL);
}

TkrRules *
tkr_klep_setup_get_rules (TkrKlepSetup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);
  return self->rules;
}

GListModel *
tkr_klep_setup_get_groups (TkrKlepSetup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);
  return G_LIST_MODEL (self->groups);
}

GListModel *
tkr_klep_setup_get_pcs (TkrKlepSetup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);
  return G_LIST_MODEL (self->pcs);
}

/* Helpers */

static guint
n_items (GListStore *store)
{
  return g_list_model_get_n_items (G_LIST_MODEL (store));
}

/* (transfer none): the store holds a reference for as long as the caller
 * can use it */
static gpointer
item_at (gpointer list, guint index)
{
  gpointer item = g_list_model_get_item (G_LIST_MODEL (list), index);

  g_object_unref (item);
  return item;
}

#define n_groups(self) n_items ((self)->groups)
#define group_at(self, index) ((TkrKlepNpcGroup *) item_at ((self)->groups, (index)))

static gboolean
find_group (TkrKlepSetup *self, TkrKlepNpcGroup *group, guint *position)
{
  return group != NULL && g_list_store_find (self->groups, group, position);
}

static gboolean
has_pc (TkrKlepSetup *self, TkrCharacter *pc, guint *position)
{
  return g_list_store_find (self->pcs, pc, position);
}

static TkrKlepNpcGroup *
group_of_npc (TkrKlepSetup *self, TkrCharacter *npc)
{
  for (guint i = 0; i < n_groups (self); i++)
    {
      TkrKlepNpcGroup *group = group_at (self, i);

      if (g_list_store_find (tkr_klep_npc_group_get_member_store (group), npc, NULL))
        return group;
    }
  return NULL;
}

static TkrKlepSetupMark *
find_mark (GListStore *store, TkrCharacter *pc, TkrKlepNpcGroup *group, guint *position)
{
  for (guint i = 0; i < n_items (store); i++)
    {
      TkrKlepSetupMark *mark = item_at (store, i);

      if (mark->pc == pc && mark->group == group)
        {
          if (position)
            *position = i;
          return mark;
        }
    }
  return NULL;
}

/* Removes the marks of @pc (any when NULL) toward @group (any when NULL). */
static void
remove_marks_where (GListStore *store,
                    TkrHistory *history,
                    TkrCharacter *pc,
                    TkrKlepNpcGroup *group)
{
  for (guint i = n_items (store); i > 0; i--)
    {
      TkrKlepSetupMark *mark = item_at (store, i - 1);

      if ((pc == NULL || mark->pc == pc) && (group == NULL || mark->group == group))
        tkr_history_remove (history, store, i - 1);
    }
}

/* The skeleton changed, so every test may now be against another group:
 * the tests start over (and tie choices, which follow from them, go too). */
static void
restart_tests (TkrKlepSetup *self, TkrHistory *history)
{
  remove_marks_where (self->scores, history, NULL, NULL);
  remove_marks_where (self->ties, history, NULL, NULL);
}

/*
 * Rules 2, 3 and 5: walk the groups from the last toward the front. The
 * first group without a Score is the next test; a Low Score places the PC
 * right after that group; a PC never Low is placed before everyone.
 */
static TkrKlepNpcGroup *
walk_tests (TkrKlepSetup *self, TkrCharacter *pc, gboolean *placed, TkrKlepNpcGroup **placed_after)
{
  *placed = TRUE;
  *placed_after = NULL;
  for (guint i = n_groups (self); i > 0; i--)
    {
      TkrKlepNpcGroup *group = group_at (self, i - 1);
      TkrKlepSetupMark *mark = find_mark (self->scores, pc, group, NULL);

      if (mark == NULL)
        {
          *placed = FALSE;
          return group;
        }
      if (tkr_rules_classify (self->rules, mark->score) == TKR_SCORE_RANGE_LOW)
        {
          *placed_after = group;
          return NULL;
        }
    }
  return NULL;
}

/* Adding an NPC: the group of its Edge, or a new one where the skeleton's
 * order (highest Edge first) puts it (rule 1). */
static void
add_npc (TkrKlepSetup *self, TkrHistory *history, TkrCharacter *npc)
{
  int edge = tkr_character_get_edge_save (npc);
  g_autoptr (TkrKlepNpcGroup) new_group = NULL;
  guint position = n_groups (self);

  for (guint i = 0; i < n_groups (self); i++)
    {
      TkrKlepNpcGroup *group = group_at (self, i);

      if (tkr_klep_npc_group_get_edge (group) == edge)
        {
          tkr_history_append (history, tkr_klep_npc_group_get_member_store (group), npc);
          return;
        }
      if (tkr_klep_npc_group_get_edge (group) < edge && position == n_groups (self))
        position = i;
    }

  new_group = tkr_klep_npc_group_new (NULL, edge);
  g_list_store_append (tkr_klep_npc_group_get_member_store (new_group), npc);
  tkr_history_insert (history, self->groups, position, new_group);
}

/**
 * tkr_klep_setup_add_character:
 *
 * Adds an NPC to the group of its Edge modifier (a new group, in order, if
 * none), or a PC to those who test. Adding an NPC changes the skeleton, so
 * every Score entered so far is cleared and the tests start over (one
 * undoable step with the addition).
 */
void
tkr_klep_setup_add_character (TkrKlepSetup *self, TkrHistory *history, TkrCharacter *character)
{
  g_return_if_fail (TKR_IS_KLEP_SETUP (self));
  g_return_if_fail (TKR_IS_CHARACTER (character));

  if (has_pc (self, character, NULL) || group_of_npc (self, character) != NULL)
    return;

  tkr_history_begin (history, N_ ("Add to the Setup"));
  if (tkr_character_is_pc (character))
    tkr_history_append (history, self->pcs, character);
  else
    {
      add_npc (self, history, character);
      restart_tests (self, history);
    }
  tkr_history_end (history);
}

/**
 * tkr_klep_setup_remove_character:
 *
 * Takes a PC out with its Scores, or an NPC out of its group (an emptied
 * group goes). Removing an NPC changes the skeleton, so every Score is
 * cleared and the tests start over.
 */
gboolean
tkr_klep_setup_remove_character (TkrKlepSetup *self,
                                 TkrHistory *history,
                                 TkrCharacter *character,
                                 GError **error)
{
  TkrKlepNpcGroup *group;
  guint position;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);
  g_return_val_if_fail (TKR_IS_CHARACTER (character), FALSE);

  if (has_pc (self, character, &position))
    {
      tkr_history_begin (history, N_ ("Remove from the Setup"));
      remove_marks_where (self->scores, history, character, NULL);
      remove_marks_where (self->sneaky, history, character, NULL);
      tkr_history_remove (history, self->pcs, position);
      tkr_history_end (history);
      return TRUE;
    }

  group = group_of_npc (self, character);
  if (group == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND, _ ("“%s” is not in this Setup"),
                       tkr_character_get_name (character));

  tkr_history_begin (history, N_ ("Remove from the Setup"));
  restart_tests (self, history);
  tkr_history_remove_item (history, tkr_klep_npc_group_get_member_store (group), character);
  if (g_list_model_get_n_items (tkr_klep_npc_group_get_members (group)) == 0)
    {
      remove_marks_where (self->sneaky, history, NULL, group);
      tkr_history_remove_item (history, self->groups, group);
    }
  tkr_history_end (history);
  return TRUE;
}

static gboolean
check_group (TkrKlepSetup *self, TkrKlepNpcGroup *group, guint *position, GError **error)
{
  return find_group (self, group, position) ||
         tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND, _ ("That group is not in this Setup"));
}

static gboolean
check_pc (TkrKlepSetup *self, TkrCharacter *pc, GError **error)
{
  return has_pc (self, pc, NULL) ||
         tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND, _ ("“%s” does not test in this Setup"),
                     tkr_character_get_name (pc));
}

/* The letters that tell split groups apart (help/C/setting-up.page, "Split
 * a group"): "B", "C" ... "Z", then "AA", "AB"; @k counts from 1 = "A". */
static char *
split_letters (guint k)
{
  char letters[16];
  guint pos = sizeof letters - 1;

  letters[pos] = '\0';
  while (k > 0 && pos > 0)
    {
      k--;
      letters[--pos] = (char) ('A' + k % 26);
      k /= 26;
    }
  return g_strdup (letters + pos);
}

static char *
lettered_name (const char *stem, const char *letters)
{
  /* TRANSLATORS: the name of a group split off another: the old group's
   * name, then a letter, "Goblin B" */
  return g_strdup_printf (C_ ("split group", "%s %s"), stem, letters);
}

/* "Goblin B" -> "Goblin", so that splitting "Goblin B" makes "Goblin C"
 * rather than "Goblin B B". Other names are their own stem. */
static char *
letter_stem (const char *name)
{
  const char *space = strrchr (name, ' ');

  if (space != NULL && space > name && g_ascii_isupper (space[1]) && space[2] == '\0')
    {
      g_autofree char *stem = g_strndup (name, space - name);
      g_autofree char *lettered = lettered_name (stem, space + 1);

      if (g_str_equal (lettered, name))
        return g_steal_pointer (&stem);
    }
  return g_strdup (name);
}

static gboolean
group_name_taken (TkrKlepSetup *self, const char *name)
{
  for (guint i = 0; i < n_groups (self); i++)
    if (g_strcmp0 (tkr_klep_npc_group_get_name (group_at (self, i)), name) == 0)
      return TRUE;
  return FALSE;
}

/* The custom name for @new_group, split off a group once named @old_name
 * (custom or not), or NULL when the name its members share is free: both
 * halves of a split must not look the same. */
static char *
split_group_name (TkrKlepSetup *self,
                  TkrKlepNpcGroup *new_group,
                  const char *old_name,
                  gboolean old_name_custom)
{
  g_autofree char *stem = NULL;

  if (!old_name_custom && !group_name_taken (self, tkr_klep_npc_group_get_name (new_group)))
    return NULL;

  stem = letter_stem (old_name);
  for (guint k = 2;; k++)
    {
      g_autofree char *letters = split_letters (k);
      g_autofree char *name = lettered_name (stem, letters);

      if (!group_name_taken (self, name))
        return g_steal_pointer (&name);
    }
}

/**
 * tkr_klep_setup_split_group:
 * @members: (array length=n_members): NPCs of @group to move
 *
 * Moves @members to a new group right after @group, with the same Edge
 * (rule 1: the GM may split like NPCs into several groups). At least one
 * NPC must stay behind. The skeleton changes, so every Score is cleared and
 * the tests start over.
 *
 * The new group's name is one no other group has: the name its NPCs share
 * when that is free and the GM had not named @group, else @group's name
 * with a letter, "Goblin B", then "Goblin C" (help/C/setting-up.page).
 *
 * Returns: (transfer none): the new group, owned by the Setup.
 */
TkrKlepNpcGroup *
tkr_klep_setup_split_group (TkrKlepSetup *self,
                            TkrHistory *history,
                            TkrKlepNpcGroup *group,
                            TkrCharacter *const *members,
                            guint n_members,
                            GError **error)
{
  g_autoptr (TkrKlepNpcGroup) new_group = NULL;
  g_autofree char *custom_name = NULL;
  g_autofree char *old_name = NULL;
  g_autofree char *new_name = NULL;
  GListStore *store;
  guint position;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);
  g_return_val_if_fail (members != NULL || n_members == 0, NULL);

  if (!check_group (self, group, &position, error))
    return NULL;
  store = tkr_klep_npc_group_get_member_store (group);
  if (n_members == 0 || n_members >= n_items (store))
    {
      tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                  _ ("Choose some of the group’s NPCs to split off, leaving at least one"));
      return NULL;
    }
  for (guint i = 0; i < n_members; i++)
    {
      if (!TKR_IS_CHARACTER (members[i]) || !g_list_store_find (store, members[i], NULL))
        {
          tkr_refuse (error, TKR_ENCOUNTER_ERROR_NOT_FOUND,
                      _ ("Only NPCs of the group can be split off"));
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (members[j] == members[i])
          {
            tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("An NPC is listed twice"));
            return NULL;
          }
    }

  g_object_get (group, "custom-name", &custom_name, NULL);
  old_name = g_strdup (tkr_klep_npc_group_get_name (group));

  tkr_history_begin (history, N_ ("Split group"));
  restart_tests (self, history);
  new_group = tkr_klep_npc_group_new (NULL, tkr_klep_npc_group_get_edge (group));
  for (guint i = 0; i < n_members; i++)
    {
      tkr_history_remove_item (history, store, members[i]);
      g_list_store_append (tkr_klep_npc_group_get_member_store (new_group), members[i]);
    }
  /* The new group is not in the Setup yet: its name needs no step of its
   * own, and undo takes it away with the group. */
  new_name = split_group_name (self, new_group, old_name, custom_name != NULL);
  if (new_name != NULL)
    g_object_set (new_group, "custom-name", new_name, NULL);
  tkr_history_insert (history, self->groups, position + 1, new_group);
  tkr_history_end (history);

  return new_group;
}

/**
 * tkr_klep_setup_merge_groups:
 *
 * Moves every NPC of @from into @into and drops @from; Sneaky toward @from
 * becomes Sneaky toward @into (rule 6: Sneaky toward one NPC of a group is
 * enough). The skeleton changes, so every Score is cleared and the tests
 * start over.
 */
gboolean
tkr_klep_setup_merge_groups (TkrKlepSetup *self,
                             TkrHistory *history,
                             TkrKlepNpcGroup *into,
                             TkrKlepNpcGroup *from,
                             GError **error)
{
  GListStore *from_store;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  if (!check_group (self, into, NULL, error) || !check_group (self, from, NULL, error))
    return FALSE;
  if (into == from)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("A group cannot be merged into itself"));

  tkr_history_begin (history, N_ ("Merge groups"));
  restart_tests (self, history);
  from_store = tkr_klep_npc_group_get_member_store (from);
  while (n_items (from_store) > 0)
    {
      g_autoptr (TkrCharacter) npc = g_object_ref (item_at (from_store, 0));

      tkr_history_remove (history, from_store, 0);
      tkr_history_append (history, tkr_klep_npc_group_get_member_store (into), npc);
    }
  for (guint i = n_items (self->sneaky); i > 0; i--)
    {
      g_autoptr (TkrKlepSetupMark) mark = g_object_ref (item_at (self->sneaky, i - 1));

      if (mark->group != from)
        continue;
      tkr_history_remove (history, self->sneaky, i - 1);
      if (find_mark (self->sneaky, mark->pc, into, NULL) == NULL)
        {
          g_autoptr (TkrKlepSetupMark) moved = setup_mark_new (mark->pc, into, 0, NULL);
          tkr_history_append (history, self->sneaky, moved);
        }
    }
  tkr_history_remove_item (history, self->groups, from);
  tkr_history_end (history);
  return TRUE;
}

/**
 * tkr_klep_setup_move_group:
 *
 * Puts @group at @position in the skeleton. The order of the tests changes
 * with it, so every Score is cleared and the tests start over.
 */
gboolean
tkr_klep_setup_move_group (
  TkrKlepSetup *self, TkrHistory *history, TkrKlepNpcGroup *group, guint position, GError **error)
{
  guint current;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  if (!check_group (self, group, &current, error))
    return FALSE;
  if (position >= n_groups (self))
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("There is no place %u among %u groups"), position + 1, n_groups (self));
  if (position == current)
    return TRUE;

  g_object_ref (group);
  tkr_history_begin (history, N_ ("Move group"));
  restart_tests (self, history);
  tkr_history_remove (history, self->groups, current);
  tkr_history_insert (history, self->groups, position, group);
  tkr_history_end (history);
  g_object_unref (group);
  return TRUE;
}

/**
 * tkr_klep_setup_rename_group:
 * @name: (nullable): the new name, or NULL or "" for the members' common name
 */
void
tkr_klep_setup_rename_group (TkrKlepSetup *self,
                             TkrHistory *history,
                             TkrKlepNpcGroup *group,
                             const char *name)
{
  g_return_if_fail (TKR_IS_KLEP_SETUP (self));
  g_return_if_fail (find_group (self, group, NULL));

  tkr_history_begin (history, N_ ("Rename group"));
  tkr_history_set (history, group, "custom-name", name);
  tkr_history_end (history);
}

/* Rule 6: Sneaky toward at least one NPC of a group gives Advantage on the
 * test against that group. Scores already entered stand. */
void
tkr_klep_setup_set_sneaky (TkrKlepSetup *self,
                           TkrHistory *history,
                           TkrCharacter *pc,
                           TkrKlepNpcGroup *group,
                           gboolean sneaky)
{
  guint position;
  TkrKlepSetupMark *mark;

  g_return_if_fail (TKR_IS_KLEP_SETUP (self));
  g_return_if_fail (has_pc (self, pc, NULL));
  g_return_if_fail (find_group (self, group, NULL));

  mark = find_mark (self->sneaky, pc, group, &position);
  if ((mark != NULL) == !!sneaky)
    return;

  tkr_history_begin (history, sneaky ? N_ ("Mark as Sneaky") : N_ ("Unmark as Sneaky"));
  if (sneaky)
    {
      g_autoptr (TkrKlepSetupMark) new_mark = setup_mark_new (pc, group, 0, NULL);
      tkr_history_append (history, self->sneaky, new_mark);
    }
  else
    tkr_history_remove (history, self->sneaky, position);
  tkr_history_end (history);
}

gboolean
tkr_klep_setup_get_sneaky (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup *group)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);
  return find_mark (self->sneaky, pc, group, NULL) != NULL;
}

/**
 * tkr_klep_setup_get_next_group:
 *
 * Returns: (transfer none) (nullable): the group @pc tests against next
 *   (rule 2: from the last group toward the front), or NULL once placed.
 */
TkrKlepNpcGroup *
tkr_klep_setup_get_next_group (TkrKlepSetup *self, TkrCharacter *pc)
{
  gboolean placed;
  TkrKlepNpcGroup *after;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);
  if (!has_pc (self, pc, NULL))
    return NULL;
  return walk_tests (self, pc, &placed, &after);
}

/**
 * tkr_klep_setup_get_next_test:
 * @pc: (out) (transfer none) (optional):
 * @group: (out) (transfer none) (optional):
 *
 * The table tests one group at a time, as in the seed's example: every PC
 * still testing against the group furthest back rolls before anyone moves
 * on toward the front; among them, the PCs in the order they were added.
 */
gboolean
tkr_klep_setup_get_next_test (TkrKlepSetup *self, TkrCharacter **pc, TkrKlepNpcGroup **group)
{
  TkrCharacter *best_pc = NULL;
  TkrKlepNpcGroup *best_group = NULL;
  guint best_index = 0;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  for (guint i = 0; i < n_items (self->pcs); i++)
    {
      TkrCharacter *candidate = item_at (self->pcs, i);
      TkrKlepNpcGroup *next;
      guint index;

      next = tkr_klep_setup_get_next_group (self, candidate);
      if (next == NULL)
        continue;
      find_group (self, next, &index);
      if (best_pc == NULL || index > best_index)
        {
          best_pc = candidate;
          best_group = next;
          best_index = index;
        }
    }

  if (pc)
    *pc = best_pc;
  if (group)
    *group = best_group;
  return best_pc != NULL;
}

static gboolean
check_next_test (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup *group, GError **error)
{
  TkrKlepNpcGroup *next;

  if (!check_pc (self, pc, error) || !check_group (self, group, NULL, error))
    return FALSE;

  next = tkr_klep_setup_get_next_group (self, pc);
  if (next == NULL)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("%s has no test left to make"),
                       tkr_character_get_name (pc));
  if (next != group)
    /* Translators: a PC's name, then two NPC group names */
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID,
                       _ ("%s tests against %s next, not against %s"), tkr_character_get_name (pc),
                       tkr_klep_npc_group_get_name (next), tkr_klep_npc_group_get_name (group));
  return TRUE;
}

static void
record_score (
  TkrKlepSetup *self, TkrHistory *history, TkrCharacter *pc, TkrKlepNpcGroup *group, int score)
{
  g_autoptr (TkrKlepSetupMark) mark = setup_mark_new (pc, group, score, NULL);

  tkr_history_begin (history, N_ ("Enter Edge Save Score"));
  tkr_history_append (history, self->scores, mark);
  tkr_history_end (history);
}

/**
 * tkr_klep_setup_enter_score:
 *
 * Records a Score the player rolled at the table. It must be @pc's next
 * test (rule 2); a Low Score places @pc right after @group (rule 3).
 */
gboolean
tkr_klep_setup_enter_score (TkrKlepSetup *self,
                            TkrHistory *history,
                            TkrCharacter *pc,
                            TkrKlepNpcGroup *group,
                            int score,
                            GError **error)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  if (!check_next_test (self, pc, group, error))
    return FALSE;
  if (score < MIN_SCORE || score > MAX_SCORE)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("A Score of %d is not possible"),
                       score);
  record_score (self, history, pc, group, score);
  return TRUE;
}

/**
 * tkr_klep_setup_roll:
 * @rand: where the dice come from (seeded in tests)
 *
 * Rolls @pc's Edge Save Test against @group (its next test), with
 * Advantage when Sneaky toward the group (rule 6), and records the Score.
 *
 * Returns: (transfer full) (nullable): the roll, to show the dice.
 */
TkrTestRoll *
tkr_klep_setup_roll (TkrKlepSetup *self,
                     TkrHistory *history,
                     TkrCharacter *pc,
                     TkrKlepNpcGroup *group,
                     GRand *rand,
                     GError **error)
{
  TkrTestRoll *roll;
  gboolean sneaky;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);
  g_return_val_if_fail (rand != NULL, NULL);

  if (!check_next_test (self, pc, group, error))
    return NULL;

  sneaky = tkr_klep_setup_get_sneaky (self, pc, group);
  roll =
    tkr_dice_roll_test (self->rules, rand, tkr_character_get_edge_save (pc), sneaky ? 1 : 0, 0);
  record_score (self, history, pc, group, CLAMP (roll->score, MIN_SCORE, MAX_SCORE));
  return roll;
}

gboolean
tkr_klep_setup_get_score (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup *group, int *score)
{
  TkrKlepSetupMark *mark;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  mark = find_mark (self->scores, pc, group, NULL);
  if (mark != NULL && score != NULL)
    *score = mark->score;
  return mark != NULL;
}

/**
 * tkr_klep_setup_retake_from:
 *
 * Forgets @pc's Scores against @group and every group in front of it (the
 * tests that come after it), so @pc tests again from @group.
 */
void
tkr_klep_setup_retake_from (TkrKlepSetup *self,
                            TkrHistory *history,
                            TkrCharacter *pc,
                            TkrKlepNpcGroup *group)
{
  guint position;

  g_return_if_fail (TKR_IS_KLEP_SETUP (self));
  g_return_if_fail (find_group (self, group, &position));

  tkr_history_begin (history, N_ ("Retake Edge Save tests"));
  for (guint i = 0; i <= position; i++)
    {
      guint mark_position;

      if (find_mark (self->scores, pc, group_at (self, i), &mark_position))
        tkr_history_remove (history, self->scores, mark_position);
    }
  tkr_history_end (history);
}

/**
 * tkr_klep_setup_get_placement:
 * @group_out: (out) (transfer none) (optional) (nullable):
 */
gboolean
tkr_klep_setup_get_placement (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup **group_out)
{
  gboolean placed = FALSE;
  TkrKlepNpcGroup *after = NULL;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  if (has_pc (self, pc, NULL))
    walk_tests (self, pc, &placed, &after);
  if (group_out)
    *group_out = after;
  return placed;
}

gboolean
tkr_klep_setup_is_complete (TkrKlepSetup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  for (guint i = 0; i < n_items (self->pcs); i++)
    if (!tkr_klep_setup_get_placement (self, item_at (self->pcs, i), NULL))
      return FALSE;
  return TRUE;
}

/* Ties (rule 4) */

typedef struct
{
  TkrCharacter *pc;
  int score;
  guint index;
} SlotMember;

/* The Score that put a PC in its slot: the Low one, or, before everyone,
 * the one against the front group (the last test it made). */
static int
placing_score (TkrKlepSetup *self, TkrCharacter *pc, TkrKlepNpcGroup *slot)
{
  int score = 0;

  if (slot == NULL && n_groups (self) > 0)
    slot = group_at (self, 0);
  if (slot != NULL)
    tkr_klep_setup_get_score (self, pc, slot, &score);
  return score;
}

/* Higher Edge Save Score first; equal Scores keep the order PCs were added. */
static int
compare_slot_members (gconstpointer a, gconstpointer b)
{
  const SlotMember *x = a;
  const SlotMember *y = b;

  if (x->score != y->score)
    return y->score - x->score;
  return (int) x->index - (int) y->index;
}

/* The PCs placed in @slot (NULL: before everyone), first to act first:
 * the players' choice where they made one, else by Score (rule 4). */
static GPtrArray *
slot_order (TkrKlepSetup *self, TkrKlepNpcGroup *slot)
{
  g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (SlotMember));
  GPtrArray *order = g_ptr_array_new ();
  TkrKlepSetupMark *tie;
  g_autofree gboolean *taken = NULL;

  for (guint i = 0; i < n_items (self->pcs); i++)
    {
      TkrCharacter *pc = item_at (self->pcs, i);
      TkrKlepNpcGroup *after;

      if (tkr_klep_setup_get_placement (self, pc, &after) && after == slot)
        {
          SlotMember member = { pc, placing_score (self, pc, slot), i };
          g_array_append_val (members, member);
        }
    }
  g_array_sort (members, compare_slot_members);
  taken = g_new0 (gboolean, members->len + 1);

  /* The choice first, for the PCs it names that are still in the slot. */
  tie = find_mark (self->ties, NULL, slot, NULL);
  for (guint i = 0; tie != NULL && tie->order[i] != NULL; i++)
    for (guint j = 0; j < members->len; j++)
      {
        SlotMember *member = &g_array_index (members, SlotMember, j);

        if (!taken[j] && g_strcmp0 (tkr_character_get_id (member->pc), tie->order[i]) == 0)
          {
            taken[j] = TRUE;
            g_ptr_array_add (order, member->pc);
          }
      }

  /* Anyone placed there since the choice goes where the Scores put it. */
  for (guint j = 0; j < members->len; j++)
    {
      SlotMember *member = &g_array_index (members, SlotMember, j);
      guint at = order->len;

      if (taken[j])
        continue;
      for (guint k = 0; k < order->len; k++)
        if (placing_score (self, g_ptr_array_index (order, k), slot) < member->score)
          {
            at = k;
            break;
          }
      g_ptr_array_insert (order, at, member->pc);
    }
  return order;
}

/**
 * tkr_klep_setup_place_before:
 *
 * The players' choice for a tie (rule 4): @pc acts right before @other,
 * both placed in the same slot. The choice holds until the tests change.
 */
gboolean
tkr_klep_setup_place_before (
  TkrKlepSetup *self, TkrHistory *history, TkrCharacter *pc, TkrCharacter *other, GError **error)
{
  TkrKlepNpcGroup *slot, *other_slot;
  g_autoptr (GPtrArray) order = NULL;
  g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
  g_auto (GStrv) strv = NULL;
  g_autoptr (TkrKlepSetupMark) tie = NULL;
  guint old_position, other_position;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);

  if (!check_pc (self, pc, error) || !check_pc (self, other, error))
    return FALSE;
  if (pc == other)
    return tkr_refuse (error, TKR_ENCOUNTER_ERROR_INVALID, _ ("Choose two different characters"));
  if (!tkr_klep_setup_get_placement (self, pc, &slot) ||
      !tkr_klep_setup_get_placement (self, other, &other_slot) || slot != other_slot)
    return tkr_refuse (
      error, TKR_ENCOUNTER_ERROR_INVALID,
      _ ("%s and %s are not placed in the same spot, so there is no tie to settle"),
      tkr_character_get_name (pc), tkr_character_get_name (other));

  order = slot_order (self, slot);
  g_ptr_array_remove (order, pc);
  g_ptr_array_find (order, other, &other_position);
  g_ptr_array_insert (order, other_position, pc);
  for (guint i = 0; i < order->len; i++)
    g_strv_builder_add (ids, tkr_character_get_id (g_ptr_array_index (order, i)));
  strv = g_strv_builder_end (ids);
  tie = setup_mark_new (NULL, slot, 0, (const char *const *) strv);

  tkr_history_begin (history, N_ ("Choose the turn order"));
  if (find_mark (self->ties, NULL, slot, &old_position))
    tkr_history_remove (history, self->ties, old_position);
  tkr_history_append (history, self->ties, tie);
  tkr_history_end (history);
  return TRUE;
}

static void
add_member (TkrKlepTurnEntry *entry,
            TkrCharacter *character,
            TkrKlepCombatantFor combatant_for,
            gpointer user_data)
{
  g_autoptr (TkrKlepCombatant) combatant = combatant_for (character, user_data);

  tkr_klep_turn_entry_add_member (entry, combatant);
}

/* The order as it stands: the PCs placed before everyone, then each group
 * followed by the PCs placed right after it. */
GPtrArray *
tkr_klep_setup_build_order_with (TkrKlepSetup *self,
                                 TkrKlepCombatantFor combatant_for,
                                 gpointer user_data)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i <= n_groups (self); i++)
    {
      TkrKlepNpcGroup *group = i > 0 ? group_at (self, i - 1) : NULL;
      g_autoptr (GPtrArray) pcs = slot_order (self, group);
      GListModel *members;
      TkrKlepTurnEntry *entry;

      if (group != NULL)
        {
          members = tkr_klep_npc_group_get_members (group);
          entry = tkr_klep_turn_entry_new (TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP,
                                           tkr_klep_npc_group_get_name (group));
          for (guint j = 0; j < g_list_model_get_n_items (members); j++)
            add_member (entry, item_at (members, j), combatant_for, user_data);
          g_ptr_array_add (entries, entry);
        }
      for (guint j = 0; j < pcs->len; j++)
        {
          entry = tkr_klep_turn_entry_new (TKR_KLEP_TURN_ENTRY_KIND_PC,
                                           tkr_character_get_name (pcs->pdata[j]));
          add_member (entry, pcs->pdata[j], combatant_for, user_data);
          g_ptr_array_add (entries, entry);
        }
    }
  return entries;
}

static TkrKlepCombatant *
preview_combatant (TkrCharacter *character, gpointer user_data)
{
  return tkr_klep_combatant_new (character, 0, 0);
}

/**
 * tkr_klep_setup_build_order:
 *
 * Returns: (transfer full) (element-type TkrKlepTurnEntry): new entries,
 *   each member a new combatant
 */
GPtrArray *
tkr_klep_setup_build_order (TkrKlepSetup *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);
  return tkr_klep_setup_build_order_with (self, preview_combatant, NULL);
}

/* Files */

static JsonArray *
ids_to_json (GListModel *characters)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (characters); i++)
    json_array_add_string_element (array, tkr_character_get_id (item_at (characters, i)));
  return array;
}

/* A Score {pc, group, score}, a Sneaky flag {pc, group} or a tie choice
 * {group (none before everyone), order}; a group by its place. */
static JsonArray *
marks_to_json (TkrKlepSetup *self, GListStore *store, gboolean with_score)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < n_items (store); i++)
    {
      TkrKlepSetupMark *mark = item_at (store, i);
      JsonObject *object = json_object_new ();
      guint group_index = 0;

      if (mark->pc != NULL)
        json_object_set_string_member (object, "pc", tkr_character_get_id (mark->pc));
      if (find_group (self, mark->group, &group_index) || mark->pc != NULL)
        json_object_set_int_member (object, "group", group_index);
      if (with_score)
        json_object_set_int_member (object, "score", mark->score);
      if (mark->order != NULL)
        {
          JsonArray *order = json_array_new ();

          for (guint j = 0; mark->order[j] != NULL; j++)
            json_array_add_string_element (order, mark->order[j]);
          json_object_set_array_member (object, "order", order);
        }
      json_array_add_object_element (array, object);
    }
  return array;
}

JsonNode *
tkr_klep_setup_to_json (TkrKlepSetup *self)
{
  JsonObject *object;
  JsonArray *groups;
  JsonNode *node;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), NULL);

  groups = json_array_new ();
  for (guint i = 0; i < n_groups (self); i++)
    {
      TkrKlepNpcGroup *group = group_at (self, i);
      JsonObject *item = json_object_new ();
      g_autofree char *custom_name = NULL;

      g_object_get (group, "custom-name", &custom_name, NULL);
      if (custom_name != NULL)
        json_object_set_string_member (item, "name", custom_name);
      json_object_set_int_member (item, "edge", tkr_klep_npc_group_get_edge (group));
      json_object_set_array_member (item, "members",
                                    ids_to_json (tkr_klep_npc_group_get_members (group)));
      json_array_add_object_element (groups, item);
    }
  object = json_object_new ();
  json_object_set_array_member (object, "groups", groups);
  json_object_set_array_member (object, "pcs", ids_to_json (G_LIST_MODEL (self->pcs)));
  json_object_set_array_member (object, "scores", marks_to_json (self, self->scores, TRUE));
  json_object_set_array_member (object, "sneaky", marks_to_json (self, self->sneaky, FALSE));
  json_object_set_array_member (object, "ties", marks_to_json (self, self->ties, FALSE));
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

/* How a file's characters are found, and those already read. */
typedef struct
{
  TkrCharacterResolver resolve;
  gpointer user_data;
  GHashTable *seen;
} Reader;

/* The character id at @index of @array (its path @item_path), or NULL. */
static const char *
read_id (JsonArray *array, guint index, const char *item_path, GError **error)
{
  JsonNode *node = json_array_get_element (array, index);

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  tkr_json_set_error (error, item_path, _ ("expected a character id"));
  return NULL;
}

/* The characters of @array (at @path) into @store: each resolved, in the
 * Setup only once, and a PC exactly when @pcs. */
static gboolean
read_characters (Reader *reader,
                 JsonArray *array,
                 const char *path,
                 gboolean pcs,
                 GListStore *store,
                 GError **error)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = tkr_json_path_index (path, i);
      const char *id = read_id (array, i, item_path, error);
      TkrCharacter *character = id != NULL ? reader->resolve (id, reader->user_data) : NULL;

      if (id == NULL)
        return FALSE;
      if (character == NULL)
        {
          tkr_json_set_error (error, item_path, _ ("no character in this file has the id “%s”"),
                              id);
          return FALSE;
        }
      if (!g_hash_table_add (reader->seen, character))
        {
          tkr_json_set_error (error, item_path, _ ("“%s” is listed twice"),
                              tkr_character_get_name (character));
          return FALSE;
        }
      if (tkr_character_is_pc (character) != pcs)
        {
          tkr_json_set_error (error, item_path,
                              pcs ? _ ("“%s” is an NPC, not a PC") : _ ("“%s” is a PC, not an NPC"),
                              tkr_character_get_name (character));
          return FALSE;
        }
      g_list_store_append (store, character);
    }
  return TRUE;
}

static gboolean
read_groups (
  TkrKlepSetup *setup, Reader *reader, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *groups_path = tkr_json_path (path, "groups");
  JsonArray *groups;

  if (!tkr_json_get_array (object, "groups", path, FALSE, &groups, error))
    return FALSE;
  for (guint i = 0; groups != NULL && i < json_array_get_length (groups); i++)
    {
      g_autofree char *group_path = tkr_json_path_index (groups_path, i);
      g_autofree char *members_path = tkr_json_path (group_path, "members");
      g_autofree char *name = NULL;
      g_autoptr (TkrKlepNpcGroup) group = NULL;
      JsonObject *group_object;
      JsonArray *members;
      gint64 edge;

      group_object =
        tkr_json_require_object (json_array_get_element (groups, i), group_path, error);
      if (group_object == NULL ||
          !tkr_json_get_string (group_object, "name", group_path, FALSE, NULL, &name, error) ||
          !tkr_json_get_int (group_object, "edge", group_path, TRUE, -99, 99, 0, &edge, error) ||
          !tkr_json_get_array (group_object, "members", group_path, TRUE, &members, error))
        return FALSE;
      if (json_array_get_length (members) == 0)
        {
          tkr_json_set_error (error, members_path, _ ("a group needs at least one NPC"));
          return FALSE;
        }

      group = tkr_klep_npc_group_new (name, (int) edge);
      if (!read_characters (reader, members, members_path, FALSE,
                            tkr_klep_npc_group_get_member_store (group), error))
        return FALSE;
      g_list_store_append (setup->groups, group);
    }
  return TRUE;
}

/* The PC of a mark: one of the Setup's PCs, by id. */
static TkrCharacter *
lookup_pc (TkrKlepSetup *setup, const char *id)
{
  for (guint i = 0; i < n_items (setup->pcs); i++)
    if (g_strcmp0 (tkr_character_get_id (item_at (setup->pcs, i)), id) == 0)
      return item_at (setup->pcs, i);
  return NULL;
}

static gboolean
read_mark (TkrKlepSetup *setup,
           JsonNode *node,
           const char *mark_path,
           gboolean with_score,
           TkrCharacter **pc,
           TkrKlepNpcGroup **group,
           int *score,
           GError **error)
{
  g_autofree char *id = NULL;
  JsonObject *object;
  gint64 group_index, value = 0;

  object = tkr_json_require_object (node, mark_path, error);
  if (object == NULL || !tkr_json_get_string (object, "pc", mark_path, TRUE, NULL, &id, error) ||
      !tkr_json_get_int (object, "group", mark_path, TRUE, 0, (gint64) n_groups (setup) - 1, 0,
                         &group_index, error) ||
      (with_score && !tkr_json_get_int (object, "score", mark_path, TRUE, MIN_SCORE, MAX_SCORE, 0,
                                        &value, error)))
    return FALSE;

  *pc = lookup_pc (setup, id);
  if (*pc == NULL)
    {
      g_autofree char *pc_path = tkr_json_path (mark_path, "pc");
      tkr_json_set_error (error, pc_path, _ ("“%s” is not one of the PCs of this Setup"), id);
      return FALSE;
    }
  *group = group_at (setup, (guint) group_index);
  *score = (int) value;
  return TRUE;
}

/* The marks of a PC toward a group in @member: "scores" (@with_score) or
 * "sneaky". */
static gboolean
read_marks (TkrKlepSetup *setup,
            JsonObject *object,
            const char *member,
            const char *path,
            gboolean with_score,
            GError **error)
{
  g_autofree char *list_path = tkr_json_path (path, member);
  JsonArray *array;

  if (!tkr_json_get_array (object, member, path, FALSE, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *mark_path = tkr_json_path_index (list_path, i);
      g_autoptr (GError) local_error = NULL;
      TkrCharacter *pc;
      TkrKlepNpcGroup *group;
      int score;

      if (!read_mark (setup, json_array_get_element (array, i), mark_path, with_score, &pc, &group,
                      &score, error))
        return FALSE;
      /* Scores are stored in the order they were entered, so each must be
       * its PC's next test, as when it was typed in. */
      if (!with_score)
        tkr_klep_setup_set_sneaky (setup, NULL, pc, group, TRUE);
      else if (!tkr_klep_setup_enter_score (setup, NULL, pc, group, score, &local_error))
        {
          tkr_json_set_error (error, mark_path, "%s", local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_ties (TkrKlepSetup *setup, JsonObject *object, const char *path, GError **error)
{
  g_autofree char *ties_path = tkr_json_path (path, "ties");
  JsonArray *ties;

  if (!tkr_json_get_array (object, "ties", path, FALSE, &ties, error))
    return FALSE;

  for (guint i = 0; ties != NULL && i < json_array_get_length (ties); i++)
    {
      g_autofree char *tie_path = tkr_json_path_index (ties_path, i);
      g_autofree char *order_path = tkr_json_path (tie_path, "order");
      g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
      g_auto (GStrv) strv = NULL;
      g_autoptr (TkrKlepSetupMark) tie = NULL;
      g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
      TkrKlepNpcGroup *slot = NULL;
      JsonObject *tie_object;
      JsonArray *order;
      gint64 group_index;

      tie_object = tkr_json_require_object (json_array_get_element (ties, i), tie_path, error);
      if (tie_object == NULL ||
          !tkr_json_get_int (tie_object, "group", tie_path, FALSE, -1,
                             (gint64) n_groups (setup) - 1, -1, &group_index, error) ||
          !tkr_json_get_array (tie_object, "order", tie_path, TRUE, &order, error))
        return FALSE;
      if (group_index >= 0)
        slot = group_at (setup, (guint) group_index);
      if (find_mark (setup->ties, NULL, slot, NULL) != NULL)
        {
          tkr_json_set_error (error, tie_path, _ ("a second choice for the same spot"));
          return FALSE;
        }

      for (guint j = 0; j < json_array_get_length (order); j++)
        {
          g_autofree char *item_path = tkr_json_path_index (order_path, j);
          const char *id = read_id (order, j, item_path, error);
          TkrCharacter *pc = id != NULL ? lookup_pc (setup, id) : NULL;

          if (id == NULL)
            return FALSE;
          if (pc == NULL || !g_hash_table_add (seen, pc))
            {
              tkr_json_set_error (error, item_path,
                                  _ ("“%s” is not a PC of this Setup, or is listed twice"), id);
              return FALSE;
            }
          g_strv_builder_add (ids, id);
        }
      strv = g_strv_builder_end (ids);
      tie = setup_mark_new (NULL, slot, 0, (const char *const *) strv);
      g_list_store_append (setup->ties, tie);
    }
  return TRUE;
}

static void
move_store (GListStore *to, GListStore *from)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new ();

  for (guint i = 0; i < n_items (from); i++)
    g_ptr_array_add (items, item_at (from, i));
  g_list_store_splice (to, 0, n_items (to), items->pdata, items->len);
}

/**
 * tkr_klep_setup_load_json:
 * @resolve: finds a character (PC or NPC) by id
 *
 * Replaces the Setup's state with the one in @node (no history recorded).
 * Everything is checked first: ids must resolve, a character appears once,
 * and the Scores must be a sequence of tests the rules allow. On error the
 * Setup is left as it was.
 */
gboolean
tkr_klep_setup_load_json (TkrKlepSetup *self,
                          JsonNode *node,
                          const char *path,
                          TkrCharacterResolver resolve,
                          gpointer user_data,
                          GError **error)
{
  g_autoptr (TkrKlepSetup) loaded = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autofree char *pcs_path = tkr_json_path (path, "pcs");
  Reader reader = { resolve, user_data, seen };
  JsonObject *object;
  JsonArray *pcs;

  g_return_val_if_fail (TKR_IS_KLEP_SETUP (self), FALSE);
  g_return_val_if_fail (resolve != NULL, FALSE);

  object = tkr_json_require_object (node, path, error);
  if (object == NULL)
    return FALSE;

  loaded = tkr_klep_setup_new (self->rules);
  if (!read_groups (loaded, &reader, object, path, error) ||
      !tkr_json_get_array (object, "pcs", path, FALSE, &pcs, error) ||
      (pcs != NULL && !read_characters (&reader, pcs, pcs_path, TRUE, loaded->pcs, error)) ||
      !read_marks (loaded, object, "scores", path, TRUE, error) ||
      !read_marks (loaded, object, "sneaky", path, FALSE, error) ||
      !read_ties (loaded, object, path, error))
    return FALSE;

  move_store (self->groups, loaded->groups);
  move_store (self->pcs, loaded->pcs);
  move_store (self->scores, loaded->scores);
  move_store (self->sneaky, loaded->sneaky);
  move_store (self->ties, loaded->ties);
  return TRUE;
}
