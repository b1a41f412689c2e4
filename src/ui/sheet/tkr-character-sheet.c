/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-character-sheet-private.h"
#include "tkr-enums.h"
#include "tkr-sheet-field-row.h"
#include "tkr-sheet-ability-row.h"
#include "tkr-sheet-item-row.h"

/*
 * The widgets show the model through bindings (so an undo shows at once)
 * and send every edit through a core command with the campaign's history.
 * A handler that sees the value the model already has does nothing: that
 * is how a binding's own update is told from a person's edit.
 */

#define NOTES_COMMIT_DELAY_MS 1000

typedef struct
{
  TkrCharacterSheet *sheet;
  TkrPoolKind kind;
  GtkSpinButton *current;
  GtkSpinButton *maximum;
  GtkWidget *row;
  GtkLabel *error;
  GBindingGroup *bindings;
} PoolRow;

struct _TkrCharacterSheet
{
  AdwBin parent_instance;

  TkrCharacter *character;
  TkrCampaign *campaign;
  GBindingGroup *character_bindings;
  GSignalGroup *character_signals;
  PoolRow pools[TKR_N_POOLS];
  GHashTable *parts;
  /* Under the conditions' catalogue: why a condition was not added. */
  GtkLabel *catalogue_error;
  guint notes_commit_source;
  gboolean loading_notes;
  /* Set while the widgets switch to another character: the spin buttons
   * then pass through mixed values that are nobody's edit. */
  gboolean rebinding;
  /* Set while the rule-system rows follow the model. */
  gboolean updating_system;
  /* A player's own sheet: the rule system is chosen here. */
  gboolean chooses_rule_system;
  /* The rule data of the systems sheets name, by id (NULL for an id this
   * version does not know), so each sheet shows its own system. */
  GHashTable *rules_cache;
  /* The ids behind the "Rule System" choices, in their order. */
  GStrv system_ids;
  /* The groups of the system's own sections, and the parts their rows
   * registered. */
  GPtrArray *section_groups;
  GPtrArray *field_parts;
  GtkListBox *system_list;
  /* Saves and skills of another system stay in the file, unseen. */
  GtkFilter *modifier_filter;
  GPtrArray *filtered_models;

  GtkBox *groups_box;
  AdwPreferencesGroup *experience_group;
  GtkWidget *level_row;
  AdwPreferencesGroup *archetypes_group;
  AdwPreferencesGroup *saves_group;
  AdwPreferencesGroup *skills_group;
  AdwPreferencesGroup *ranges_group;
  AdwPreferencesGroup *abilities_group;
  AdwPreferencesGroup *conditions_group;
  AdwPreferencesGroup *inventory_group;
  AdwPreferencesGroup *wealth_group;
  AdwPreferencesGroup *notes_group;

  GtkScrolledWindow *scrolled_window;
  AdwEntryRow *name_row;
  GtkWidget *name_error_row;
  GtkLabel *name_error;
  AdwEntryRow *player_row;
  AdwEntryRow *health_formula_row;
  GtkWidget *health_formula_error_row;
  GtkLabel *health_formula_error;
  GtkLabel *kind_label;
  GtkLabel *rules_label;
  GtkWidget *rules_row;
  AdwComboRow *rules_combo_row;
  GtkWidget *rules_error_row;
  GtkLabel *rules_error;
  AdwPreferencesGroup *system_group;
  GtkWidget *level_up_button;
  GtkSpinButton *level_spin;
  GtkWidget *level_error_row;
  GtkLabel *level_error;
  GtkSpinButton *experience_spin;
  GtkLevelBar *experience_bar;
  GtkLabel *experience_progress_label;
  GtkWidget *experience_error_row;
  GtkLabel *experience_error;
  AdwPreferencesGroup *pools_group;
  GtkListBox *archetypes_list;
  GtkMenuButton *archetypes_add_button;
  GtkListBox *saves_list;
  GtkMenuButton *saves_add_button;
  GtkListBox *skills_list;
  GtkMenuButton *skills_add_button;
  GtkListBox *ranges_list;
  GtkMenuButton *ranges_add_button;
  GtkListBox *abilities_list;
  GtkListBox *conditions_list;
  GtkMenuButton *conditions_add_button;
  GtkListBox *inventory_list;
  GtkMenuButton *inventory_add_button;
  GtkSpinButton *wealth_spin;
  GtkWidget *wealth_error_row;
  GtkLabel *wealth_error;
  GtkTextView *notes_view;
};

G_DEFINE_FINAL_TYPE (TkrCharacterSheet, tkr_character_sheet, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CHARACTER,
  PROP_CAMPAIGN,
  PROP_CHOOSES_RULE_SYSTEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void bind_lists (TkrCharacterSheet *self);

/* Helpers */

static TkrHistory *
get_history (TkrCharacterSheet *self)
{
  return self->campaign != NULL ? tkr_campaign_get_history (self->campaign) : NULL;
}

static void
unref_nullable (gpointer object)
{
  if (object != NULL)
    g_object_unref (object);
}

/* Returns: (transfer none) (nullable): the built-in rule data of @system. */
static TkrRules *
rules_for_system (TkrCharacterSheet *self, const char *system)
{
  TkrRules *rules;

  if (system == NULL || *system == '\0')
    return NULL;
  if (self->campaign != NULL &&
      g_strcmp0 (system, tkr_rules_get_id (tkr_campaign_get_rules (self->campaign))) == 0)
    return tkr_campaign_get_rules (self->campaign);
  if (g_strcmp0 (system, tkr_rules_get_id (tkr_rules_get_default ())) == 0)
    return tkr_rules_get_default ();
  if (!g_hash_table_lookup_extended (self->rules_cache, system, NULL, (gpointer *) &rules))
    {
      /* A system this version does not know is remembered as such. */
      rules = tkr_rules_new_from_resource (system, NULL);
      g_hash_table_insert (self->rules_cache, g_strdup (system), rules);
    }
  return rules;
}

/* The sheet follows the character's own rule system: its saves, fields,
 * conditions and Level Ups. A sheet whose system is unknown falls back to
 * the campaign's rules, or the default. */
static TkrRules *
get_rules (TkrCharacterSheet *self)
{
  TkrRules *rules = NULL;

  if (self->character != NULL)
    rules = rules_for_system (self, tkr_character_get_rule_system (self->character));
  if (rules != NULL)
    return rules;
  return self->campaign != NULL ? tkr_campaign_get_rules (self->campaign)
                                : tkr_rules_get_default ();
}

/* While undo or redo replays a step, the widgets follow the model and must
 * not record anything. */
static gboolean
is_replaying (TkrCharacterSheet *self)
{
  return self->rebinding || tkr_history_is_replaying (get_history (self));
}

static void
show_error (GtkWidget *row, GtkLabel *label, const GError *error)
{
  gtk_label_set_label (label, error->message);
  gtk_widget_set_visible (row != NULL ? row : GTK_WIDGET (label), TRUE);
}

static void
hide_error (GtkWidget *row, GtkLabel *label)
{
  gtk_widget_set_visible (row != NULL ? row : GTK_WIDGET (label), FALSE);
  gtk_label_set_label (label, "");
}

/* A pool's refusal shows in a label inside its row, which only changes
 * its text, so no row moves under the pointer; the whole message is also
 * its tooltip and a toast. */
static void
pool_show_error (PoolRow *pool_row, const GError *error)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (pool_row->row, ADW_TYPE_TOAST_OVERLAY);

  gtk_label_set_label (pool_row->error, error->message);
  gtk_widget_set_tooltip_text (GTK_WIDGET (pool_row->error), error->message);
  if (overlay != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (error->message, -1);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (escaped));
    }
}

static void
pool_hide_error (PoolRow *pool_row)
{
  gtk_label_set_label (pool_row->error, "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (pool_row->error), NULL);
}

static void
hide_all_errors (TkrCharacterSheet *self)
{
  hide_error (self->name_error_row, self->name_error);
  hide_error (self->health_formula_error_row, self->health_formula_error);
  hide_error (self->level_error_row, self->level_error);
  hide_error (self->experience_error_row, self->experience_error);
  hide_error (self->wealth_error_row, self->wealth_error);
  for (guint i = 0; i < TKR_N_POOLS; i++)
    pool_hide_error (&self->pools[i]);
  hide_error (self->rules_error_row, self->rules_error);
}

static gboolean
null_to_empty (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text != NULL ? text : "");
  return TRUE;
}

static gboolean
kind_to_label (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  if (g_value_get_enum (from) == TKR_CHARACTER_KIND_PC)
    g_value_set_string (to, _ ("Player Character"));
  else
    g_value_set_string (to, _ ("Non-Player Character"));
  return TRUE;
}

static void
register_part (TkrCharacterSheet *self, const char *name, gpointer widget)
{
  g_hash_table_insert (self->parts, g_strdup (name), widget);
}

/* A row of a list section: title and subtitle, suffix widgets, and under
 * them the reason of a refused edit (tkr-sheet-item-row.h). */
typedef TkrSheetItemRow ItemRow;

static GtkWidget *
item_row_new (TkrCharacterSheet *self, gpointer item, ItemRow **out)
{
  *out = tkr_sheet_item_row_new (self, self->character, item);
  return GTK_WIDGET (*out);
}

static void
set_subtitle (GtkLabel *label, const char *text)
{
  gtk_label_set_label (label, text);
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text != '\0');
}

static GtkSpinButton *
spin_new (int lower, int upper, const char *accessible_label)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (lower, upper, 1));

  gtk_spin_button_set_numeric (spin, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_label, -1);
  return spin;
}

static GtkWidget *
icon_button_new (const char *icon_name, const char *accessible_label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, accessible_label);
  gtk_widget_add_css_class (button, "flat");
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_label, -1);
  return button;
}

/* Identity */

static void
name_apply_cb (TkrCharacterSheet *self)
{
  g_autoptr (GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->name_row));

  if (self->character == NULL)
    return;
  if (g_strcmp0 (text, tkr_character_get_name (self->character)) == 0)
    {
      hide_error (self->name_error_row, self->name_error);
      return;
    }
  if (!tkr_character_rename (self->character, get_history (self), text, &error))
    {
      show_error (self->name_error_row, self->name_error, error);
      gtk_editable_set_text (GTK_EDITABLE (self->name_row),
                             tkr_character_get_name (self->character));
      return;
    }
  hide_error (self->name_error_row, self->name_error);
}

static void
player_apply_cb (TkrCharacterSheet *self)
{
  TkrHistory *history = get_history (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->player_row));

  if (self->character == NULL || g_strcmp0 (text, tkr_character_get_player (self->character)) == 0)
    return;

  tkr_history_begin (history, _ ("Change Player"));
  tkr_history_set (history, self->character, "player", text);
  tkr_history_end (history);
}

/* An NPC's maximum Health, typed as a number or dice (help/C/
 * effects.page): each copy that joins an encounter rolls its own. */
static void
health_formula_apply_cb (TkrCharacterSheet *self)
{
  g_autoptr (GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->health_formula_row));

  if (self->character == NULL || get_history (self) == NULL)
    return;
  if (!tkr_character_set_health_typed (self->character, get_history (self), text, &error))
    {
      show_error (self->health_formula_error_row, self->health_formula_error, error);
      return;
    }
  hide_error (self->health_formula_error_row, self->health_formula_error);
  gtk_editable_set_text (GTK_EDITABLE (self->health_formula_row),
                         tkr_character_get_health_formula (self->character));
}

static gboolean
kind_is_npc (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_value_set_boolean (to, g_value_get_enum (from) != TKR_CHARACTER_KIND_PC);
  return TRUE;
}

/* Experience and Level */

static void
update_experience (TkrCharacterSheet *self)
{
  TkrRules *rules = get_rules (self);
  int per_level = MAX (1, tkr_rules_get_xp_per_level (rules));
  int experience, available;
  g_autofree char *progress = NULL;

  if (self->character == NULL)
    return;

  experience = tkr_character_get_experience (self->character);
  available = tkr_character_get_level_ups_available (self->character, rules);

  gtk_level_bar_set_max_value (self->experience_bar, per_level);
  gtk_level_bar_set_value (self->experience_bar, experience % per_level);
  if (available > 0)
    progress = g_strdup_printf (
      /* Translators: shown under the XP bar */
      ngettext ("%d Level Up available", "%d Level Ups available", available), available);
  else
    /* Translators: XP gathered toward the next Level Up, then XP needed */
    progress = g_strdup_printf (_ ("%d of %d XP toward the next Level Up"), experience % per_level,
                                per_level);
  gtk_label_set_label (self->experience_progress_label, progress);
  gtk_widget_set_sensitive (self->level_up_button, available > 0);
}

static void
level_changed_cb (TkrCharacterSheet *self)
{
  g_autoptr (GError) error = NULL;
  int value = gtk_spin_button_get_value_as_int (self->level_spin);

  if (self->character == NULL || is_replaying (self) ||
      value == tkr_character_get_level (self->character))
    return;
  if (!tkr_character_set_level (self->character, get_history (self), value, &error))
    {
      show_error (self->level_error_row, self->level_error, error);
      gtk_spin_button_set_value (self->level_spin, tkr_character_get_level (self->character));
      return;
    }
  hide_error (self->level_error_row, self->level_error);
}

static void
experience_changed_cb (TkrCharacterSheet *self)
{
  g_autoptr (GError) error = NULL;
  int value = gtk_spin_button_get_value_as_int (self->experience_spin);

  if (self->character == NULL || is_replaying (self) ||
      value == tkr_character_get_experience (self->character))
    return;
  if (!tkr_character_set_experience (self->character, get_history (self), value, &error))
    {
      show_error (self->experience_error_row, self->experience_error, error);
      gtk_spin_button_set_value (self->experience_spin,
                                 tkr_character_get_experience (self->character));
      return;
    }
  hide_error (self->experience_error_row, self->experience_error);
}

static void
wealth_changed_cb (TkrCharacterSheet *self)
{
  g_autoptr (GError) error = NULL;
  int value = gtk_spin_button_get_value_as_int (self->wealth_spin);

  if (self->character == NULL || is_replaying (self) ||
      value == tkr_character_get_wealth (self->character))
    return;
  if (!tkr_character_set_wealth (self->character, get_history (self), value, &error))
    {
      show_error (self->wealth_error_row, self->wealth_error, error);
      gtk_spin_button_set_value (self->wealth_spin, tkr_character_get_wealth (self->character));
      return;
    }
  hide_error (self->wealth_error_row, self->wealth_error);
}

/* Level Up: the rules raise the Level and one Archetype Level, so the
 * person picks the Archetype (an existing one or a new one). */

typedef struct
{
  TkrCharacterSheet *sheet;
  TkrCharacter *character;
  GPtrArray *checks; /* GtkCheckButton*, the last one for a new Archetype */
  GPtrArray *names;
  GtkEditable *new_name;
} LevelUpDialog;

static void
level_up_dialog_free (gpointer data, GClosure *closure)
{
  LevelUpDialog *dialog = data;

  g_clear_object (&dialog->character);
  g_ptr_array_unref (dialog->checks);
  g_ptr_array_unref (dialog->names);
  g_free (dialog);
}

static void
level_up_response_cb (AdwMessageDialog *message, const char *response, LevelUpDialog *dialog)
{
  TkrCharacterSheet *self = dialog->sheet;
  g_autoptr (GError) error = NULL;
  const char *archetype = NULL;

  if (g_strcmp0 (response, "level-up") != 0 || dialog->character != self->character)
    return;

  for (guint i = 0; i < dialog->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (dialog->checks, i)))
      archetype = i < dialog->names->len ? g_ptr_array_index (dialog->names, i)
                                         : gtk_editable_get_text (dialog->new_name);

  if (!tkr_character_level_up (self->character, get_history (self), get_rules (self), archetype,
                               &error))
    {
      show_error (self->experience_error_row, self->experience_error, error);
      return;
    }
  hide_error (self->experience_error_row, self->experience_error);
}

static void
new_archetype_changed_cb (GtkEditable *editable, GtkCheckButton *check)
{
  gtk_check_button_set_active (check, TRUE);
}

static void
level_up_clicked_cb (TkrCharacterSheet *self)
{
  GListModel *archetypes;
  LevelUpDialog *dialog;
  GtkWidget *message;
  GtkWidget *list;
  GtkWidget *row;
  GtkWidget *check;
  GtkWidget *entry;
  GtkCheckButton *group = NULL;
  guint n;

  if (self->character == NULL)
    return;

  /* A sheet without Archetype Levels rises a Level at once, one step. */
  if (!tkr_rules_sheet_shows (get_rules (self), "archetypes"))
    {
      g_autoptr (GError) error = NULL;

      if (!tkr_character_level_up (self->character, get_history (self), get_rules (self), NULL,
                                   &error))
        show_error (self->experience_error_row, self->experience_error, error);
      else
        hide_error (self->experience_error_row, self->experience_error);
      return;
    }

  archetypes = tkr_character_get_archetypes (self->character);
  n = g_list_model_get_n_items (archetypes);

  dialog = g_new0 (LevelUpDialog, 1);
  dialog->sheet = self;
  dialog->character = g_object_ref (self->character);
  dialog->checks = g_ptr_array_new ();
  dialog->names = g_ptr_array_new_with_free_func (g_free);

  message =
    adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Level Up"),
                            _ ("The Level rises by one, and so does one Archetype Level. "
                               "Which Archetype?"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (message), "cancel", _ ("_Cancel"),
                                    "level-up", _ ("_Level Up"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (message), "level-up",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (message), "level-up");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (message), "cancel");

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrModifier) archetype = g_list_model_get_item (archetypes, i);
      g_autofree char *subtitle =
        g_strdup_printf (_ ("Level %d"), tkr_modifier_get_value (archetype));

      row = adw_action_row_new ();
      check = gtk_check_button_new ();
      gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      group = group != NULL ? group : GTK_CHECK_BUTTON (check);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), i == 0);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tkr_modifier_get_name (archetype));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tkr_modifier_get_name (archetype), -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (dialog->checks, check);
      g_ptr_array_add (dialog->names, g_strdup (tkr_modifier_get_name (archetype)));
    }

  row = adw_action_row_new ();
  check = gtk_check_button_new ();
  gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), n == 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("A new Archetype"), -1);
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("New Archetype"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Name of the new Archetype"), -1);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (entry, TRUE);
  g_signal_connect (entry, "changed", G_CALLBACK (new_archetype_changed_cb), check);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  g_ptr_array_add (dialog->checks, check);
  dialog->new_name = GTK_EDITABLE (entry);

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (message), list);
  /* The dialog's state lives as long as its response handler. */
  g_signal_connect_data (message, "response", G_CALLBACK (level_up_response_cb), dialog,
                         level_up_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (message));
}

/* Pools */

/* Current and maximum in any order (help/C/first-sheet.page): a
 * maximum raised needs no lower current first, and a maximum lowered
 * below the current value takes it down too; the current value may go up
 * to the maximum. */
static void
pool_changed_cb (GtkSpinButton *spin, PoolRow *pool_row)
{
  TkrCharacterSheet *self = pool_row->sheet;
  g_autoptr (GError) error = NULL;
  TkrPool *pool;
  int current, maximum;

  if (self->character == NULL || is_replaying (self))
    return;

  pool = tkr_character_get_pool (self->character, pool_row->kind);
  current = gtk_spin_button_get_value_as_int (pool_row->current);
  maximum = gtk_spin_button_get_value_as_int (pool_row->maximum);
  if (current == tkr_pool_get_current (pool) && maximum == tkr_pool_get_maximum (pool))
    return;
  if (spin == pool_row->maximum && maximum < tkr_pool_get_maximum (pool))
    current = MIN (current, maximum);

  if (!tkr_character_edit_pool (self->character, get_history (self), pool_row->kind, current,
                                maximum, &error))
    {
      pool_show_error (pool_row, error);
      gtk_spin_button_set_value (pool_row->current, tkr_pool_get_current (pool));
      gtk_spin_button_set_value (pool_row->maximum, tkr_pool_get_maximum (pool));
      return;
    }
  pool_hide_error (pool_row);
}

static void
build_pool_rows (TkrCharacterSheet *self)
{
  for (guint i = 0; i < TKR_N_POOLS; i++)
    {
      PoolRow *pool_row = &self->pools[i];
      const char *name = tkr_pool_kind_to_name (i);
      const char *id = tkr_pool_kind_to_id (i);
      g_autofree char *current_label = g_strdup_printf (_ ("%s, current"), name);
      g_autofree char *maximum_label = g_strdup_printf (_ ("%s, maximum"), name);
      g_autofree char *part = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *of = gtk_label_new (_ ("of"));

      pool_row->sheet = self;
      pool_row->kind = i;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      pool_row->current = spin_new (0, 9999, current_label);
      pool_row->maximum = spin_new (0, 9999, maximum_label);
      gtk_widget_add_css_class (of, "dim-label");
      pool_row->row = row;
      pool_row->error = GTK_LABEL (gtk_label_new (""));
      gtk_widget_add_css_class (GTK_WIDGET (pool_row->error), "error");
      gtk_widget_add_css_class (GTK_WIDGET (pool_row->error), "tkr-error-label");
      gtk_label_set_ellipsize (pool_row->error, PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (pool_row->error, 28);
      gtk_label_set_xalign (pool_row->error, 1);
      gtk_widget_set_hexpand (GTK_WIDGET (pool_row->error), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (pool_row->error));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (pool_row->current));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), of);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (pool_row->maximum));
      adw_preferences_group_add (self->pools_group, row);

      pool_row->bindings = g_binding_group_new ();
      g_binding_group_bind (pool_row->bindings, "current", pool_row->current, "value",
                            G_BINDING_SYNC_CREATE);
      g_binding_group_bind (pool_row->bindings, "maximum", pool_row->maximum, "value",
                            G_BINDING_SYNC_CREATE);
      g_signal_connect (pool_row->current, "value-changed", G_CALLBACK (pool_changed_cb), pool_row);
      g_signal_connect (pool_row->maximum, "value-changed", G_CALLBACK (pool_changed_cb), pool_row);

      part = g_strdup_printf ("pool-%s-current", id);
      register_part (self, part, pool_row->current);
      g_free (part);
      part = g_strdup_printf ("pool-%s-maximum", id);
      register_part (self, part, pool_row->maximum);
      g_free (part);
      part = g_strdup_printf ("pool-%s-error", id);
      register_part (self, part, pool_row->error);
      g_free (part);
      part = g_strdup_printf ("pool-%s-row", id);
      register_part (self, part, pool_row->row);
    }
}

/* Saves, skills and archetypes */

static void
modifier_value_changed_cb (GtkSpinButton *spin, ItemRow *row)
{
  TkrCharacterSheet *self = row->sheet;
  TkrModifier *modifier = TKR_MODIFIER (row->item);
  g_autoptr (GError) error = NULL;
  int value = gtk_spin_button_get_value_as_int (spin);

  if (is_replaying (self) || value == tkr_modifier_get_value (modifier))
    return;
  if (!tkr_character_set_modifier (row->character, get_history (self),
                                   tkr_modifier_get_kind (modifier),
                                   tkr_modifier_get_name (modifier), value, &error))
    {
      show_error (NULL, row->error, error);
      gtk_spin_button_set_value (spin, tkr_modifier_get_value (modifier));
      return;
    }
  hide_error (NULL, row->error);
}

static void
modifier_remove_clicked_cb (GtkButton *button, ItemRow *row)
{
  TkrModifier *modifier = TKR_MODIFIER (row->item);
  g_autoptr (GError) error = NULL;

  if (!tkr_character_remove_modifier (row->character, get_history (row->sheet),
                                      tkr_modifier_get_kind (modifier),
                                      tkr_modifier_get_name (modifier), &error))
    show_error (NULL, row->error, error);
}

/* Names from the rule data ("Athletics", "Walk") show in the user's
 * language; names the user typed come back as they are. */
static gboolean
translate_name (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_value_set_string (to, tkr_rules_translate (g_value_get_string (from)));
  return TRUE;
}

/* Pathfinder 2e proficiency ranks (rule data "sheet.ranks"): a drop-down
 * beside each save's and skill's modifier. */
static void
rank_update (ItemRow *row)
{
  guint rank =
    tkr_character_get_rank (row->character, tkr_modifier_get_name (TKR_MODIFIER (row->item)));

  row->updating = TRUE;
  if (gtk_drop_down_get_selected (row->rank) != rank)
    gtk_drop_down_set_selected (row->rank, rank);
  row->updating = FALSE;
}

static void
rank_selected_cb (GtkDropDown *drop_down, GParamSpec *pspec, ItemRow *row)
{
  TkrCharacterSheet *self = row->sheet;
  g_autoptr (GError) error = NULL;
  guint selected = gtk_drop_down_get_selected (drop_down);
  const char *name = tkr_modifier_get_name (TKR_MODIFIER (row->item));

  if (row->updating || is_replaying (self) || selected == GTK_INVALID_LIST_POSITION ||
      (int) selected == tkr_character_get_rank (row->character, name))
    return;
  if (!tkr_character_set_rank (row->character, get_history (self), get_rules (self), name,
                               (int) selected, &error))
    {
      show_error (NULL, row->error, error);
      rank_update (row);
      return;
    }
  hide_error (NULL, row->error);
}

static GtkWidget *
rank_drop_down_new (TkrCharacterSheet *self, ItemRow *row, const char *const *ranks)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  /* Translators: the accessible name of a skill's rank, "Athletics, proficiency rank" */
  g_autofree char *label =
    g_strdup_printf (_ ("%s, proficiency rank"),
                     tkr_rules_translate (tkr_modifier_get_name (TKR_MODIFIER (row->item))));
  GtkWidget *drop_down;

  for (guint i = 0; ranks[i] != NULL; i++)
    gtk_string_list_append (names, tkr_rules_translate (ranks[i]));
  drop_down = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  gtk_widget_set_valign (drop_down, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  gtk_widget_set_tooltip_text (drop_down, label);
  row->rank = GTK_DROP_DOWN (drop_down);
  rank_update (row);
  g_signal_connect (drop_down, "notify::selected", G_CALLBACK (rank_selected_cb), row);
  g_signal_connect_object (row->character, "notify::fields", G_CALLBACK (rank_update), row,
                           G_CONNECT_SWAPPED);
  return drop_down;
}

static GtkWidget *
create_modifier_row (gpointer item, gpointer user_data)
{
  TkrCharacterSheet *self = user_data;
  TkrModifier *modifier = item;
  gboolean archetype = tkr_modifier_get_kind (modifier) == TKR_MODIFIER_KIND_ARCHETYPE;
  g_autofree char *remove_label =
    g_strdup_printf (_ ("Remove %s"), tkr_rules_translate (tkr_modifier_get_name (modifier)));
  ItemRow *row;
  GtkWidget *widget = item_row_new (self, item, &row);
  GtkWidget *remove;

  row->spin =
    spin_new (archetype ? 0 : -99, 99, tkr_rules_translate (tkr_modifier_get_name (modifier)));
  remove = icon_button_new ("user-trash-symbolic", remove_label);
  if (!archetype && tkr_rules_get_ranks (get_rules (self)) != NULL)
    {
      GtkWidget *rank = rank_drop_down_new (self, row, tkr_rules_get_ranks (get_rules (self)));

      gtk_box_append (GTK_BOX (row->suffixes), rank);
    }
  gtk_box_append (GTK_BOX (row->suffixes), GTK_WIDGET (row->spin));
  gtk_box_append (GTK_BOX (row->suffixes), remove);

  g_object_bind_property_full (modifier, "name", row->title, "label", G_BINDING_SYNC_CREATE,
                               translate_name, NULL, NULL, NULL);
  g_object_bind_property (modifier, "value", row->spin, "value", G_BINDING_SYNC_CREATE);
  g_signal_connect (row->spin, "value-changed", G_CALLBACK (modifier_value_changed_cb), row);
  g_signal_connect (remove, "clicked", G_CALLBACK (modifier_remove_clicked_cb), row);
  return widget;
}

/* Movement Ranges */

static void
range_units_changed_cb (GtkSpinButton *spin, ItemRow *row)
{
  TkrCharacterSheet *self = row->sheet;
  TkrMovementRange *range = TKR_MOVEMENT_RANGE (row->item);
  g_autoptr (GError) error = NULL;
  int units = gtk_spin_button_get_value_as_int (spin);

  if (is_replaying (self) || units == tkr_movement_range_get_units (range))
    return;
  if (!tkr_character_set_range (row->character, get_history (self),
                                tkr_movement_range_get_name (range), units, &error))
    {
      show_error (NULL, row->error, error);
      gtk_spin_button_set_value (spin, tkr_movement_range_get_units (range));
      return;
    }
  hide_error (NULL, row->error);
}

static void
range_remove_clicked_cb (GtkButton *button, ItemRow *row)
{
  g_autoptr (GError) error = NULL;

  /* 0 units removes a range (core: tkr_character_set_range). */
  if (!tkr_character_set_range (row->character, get_history (row->sheet),
                                tkr_movement_range_get_name (TKR_MOVEMENT_RANGE (row->item)), 0,
                                &error))
    show_error (NULL, row->error, error);
}

static GtkWidget *
create_range_row (gpointer item, gpointer user_data)
{
  TkrCharacterSheet *self = user_data;
  TkrMovementRange *range = item;
  g_autofree char *remove_label =
    g_strdup_printf (_ ("Remove %s"), tkr_rules_translate (tkr_movement_range_get_name (range)));
  g_autofree char *units_label =
    g_strdup_printf (_ ("%s, units"), tkr_rules_translate (tkr_movement_range_get_name (range)));
  ItemRow *row;
  GtkWidget *widget = item_row_new (self, item, &row);
  GtkWidget *remove;

  row->spin = spin_new (1, 10000, units_label);
  remove = icon_button_new ("user-trash-symbolic", remove_label);
  gtk_box_append (GTK_BOX (row->suffixes), GTK_WIDGET (row->spin));
  gtk_box_append (GTK_BOX (row->suffixes), remove);

  g_object_bind_property_full (range, "name", row->title, "label", G_BINDING_SYNC_CREATE,
                               translate_name, NULL, NULL, NULL);
  g_object_bind_property (range, "units", row->spin, "value", G_BINDING_SYNC_CREATE);
  g_signal_connect (row->spin, "value-changed", G_CALLBACK (range_units_changed_cb), row);
  g_signal_connect (remove, "clicked", G_CALLBACK (range_remove_clicked_cb), row);
  return widget;
}

/* Inventory */

static void
item_quantity_changed_cb (GtkSpinButton *spin, ItemRow *row)
{
  TkrCharacterSheet *self = row->sheet;
  TkrHistory *history = get_history (self);
  TkrItem *item = TKR_ITEM (row->item);
  int quantity = gtk_spin_button_get_value_as_int (spin);

  if (is_replaying (self) || quantity == tkr_item_get_quantity (item))
    return;
  /* The adjustment keeps the quantity within the item's range. */
  tkr_history_begin (history, _ ("Change Quantity"));
  tkr_history_set (history, item, "quantity", quantity);
  tkr_history_end (history);
}

static void
item_remove_clicked_cb (GtkButton *button, ItemRow *row)
{
  g_autoptr (GError) error = NULL;

  if (!tkr_character_remove_item (row->character, get_history (row->sheet), TKR_ITEM (row->item),
                                  &error))
    show_error (NULL, row->error, error);
}

static GtkWidget *
create_item_row (gpointer item, gpointer user_data)
{
  TkrCharacterSheet *self = user_data;
  g_autofree char *remove_label = g_strdup_printf (_ ("Remove %s"), tkr_item_get_name (item));
  g_autofree char *quantity_label = g_strdup_printf (_ ("%s, quantity"), tkr_item_get_name (item));
  ItemRow *row;
  GtkWidget *widget = item_row_new (self, item, &row);
  GtkWidget *remove;

  row->spin = spin_new (0, 99999, quantity_label);
  remove = icon_button_new ("user-trash-symbolic", remove_label);
  gtk_box_append (GTK_BOX (row->suffixes), GTK_WIDGET (row->spin));
  gtk_box_append (GTK_BOX (row->suffixes), remove);

  g_object_bind_property (item, "name", row->title, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property_full (item, "notes", row->subtitle, "label", G_BINDING_SYNC_CREATE,
                               null_to_empty, NULL, NULL, NULL);
  g_object_bind_property (item, "quantity", row->spin, "value", G_BINDING_SYNC_CREATE);
  set_subtitle (row->subtitle, tkr_item_get_notes (item));
  g_signal_connect (row->spin, "value-changed", G_CALLBACK (item_quantity_changed_cb), row);
  g_signal_connect (remove, "clicked", G_CALLBACK (item_remove_clicked_cb), row);
  return widget;
}

/* Conditions */

/* The turn a new stack is gained on: the encounter's turn while the
 * character takes part in a running encounter, else none. */
static TkrKlepEncounter *
running_encounter_of (TkrCharacterSheet *self, TkrCharacter *character)
{
  TkrKlepEncounter *encounter;
  TkrPhase phase;

  if (self->campaign == NULL)
    return NULL;
  /* Stacks remember their turn only in the Kleptonomicon's encounter. */
  encounter = tkr_campaign_get_klep_encounter (self->campaign);
  if (encounter == NULL)
    return NULL;
  phase = tkr_encounter_get_phase (TKR_ENCOUNTER (encounter));
  if ((phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED) &&
      tkr_klep_encounter_find_combatant (encounter, character) != NULL)
    return encounter;
  return NULL;
}

static gboolean
add_condition (
  TkrCharacterSheet *self, TkrCharacter *character, const char *name, int stacks, GError **error)
{
  TkrKlepEncounter *encounter = running_encounter_of (self, character);

  if (encounter != NULL)
    return tkr_klep_encounter_add_condition (encounter, character, name, stacks, error) != NULL;
  return tkr_character_add_condition (character, get_history (self), get_rules (self), name, stacks,
                                      TKR_TURN_NONE, error) != NULL;
}

static void
update_condition_row (ItemRow *row)
{
  TkrCondition *condition = TKR_CONDITION (row->item);
  g_autoptr (GString) subtitle = g_string_new (NULL);
  g_autoptr (GString) gained = g_string_new (NULL);
  g_autofree char *stacks = g_strdup_printf ("%d", tkr_condition_get_stacks (condition));
  int n = tkr_condition_get_stacks (condition);

  gtk_label_set_label (row->title, tkr_rules_translate (tkr_condition_get_name (condition)));
  gtk_label_set_label (row->stacks, stacks);

  g_string_append (subtitle, tkr_condition_get_kind (condition) == TKR_CONDITION_KIND_FLEETING
                               ? _ ("Fleeting")
                               : _ ("Persistent"));
  g_string_append (subtitle, " · ");
  g_string_append_printf (
    subtitle,
    ngettext ("at most %d stack", "at most %d stacks", tkr_condition_get_max_stacks (condition)),
    tkr_condition_get_max_stacks (condition));
  for (int i = 0; i < n; i++)
    {
      int turn = tkr_condition_get_stack_turn (condition, i);

      if (turn == TKR_TURN_NONE)
        continue;
      g_string_append_printf (gained, gained->len > 0 ? ", %d" : "%d", turn);
    }
  if (gained->len > 0)
    {
      g_string_append (subtitle, " · ");
      /* Translators: %s lists encounter turn numbers */
      g_string_append_printf (subtitle, _ ("gained on turn %s"), gained->str);
    }
  set_subtitle (row->subtitle, subtitle->str);
}

static void
condition_notify_cb (TkrCondition *condition, GParamSpec *pspec, GtkWidget *widget)
{
  update_condition_row (TKR_SHEET_ITEM_ROW (widget));
}

static void
condition_add_stack_cb (GtkButton *button, ItemRow *row)
{
  g_autoptr (GError) error = NULL;
  TkrCondition *condition = TKR_CONDITION (row->item);

  if (!add_condition (row->sheet, row->character, tkr_condition_get_name (condition), 1, &error))
    show_error (NULL, row->error, error);
  else
    hide_error (NULL, row->error);
}

static void
condition_remove_stack_cb (GtkButton *button, ItemRow *row)
{
  g_autoptr (GError) error = NULL;
  TkrCondition *condition = TKR_CONDITION (row->item);

  if (!tkr_character_remove_condition_stacks (row->character, get_history (row->sheet),
                                              tkr_condition_get_name (condition), 1, &error))
    show_error (NULL, row->error, error);
  else
    hide_error (NULL, row->error);
}

static GtkWidget *
create_condition_row (gpointer item, gpointer user_data)
{
  TkrCharacterSheet *self = user_data;
  TkrCondition *condition = item;
  const char *name = tkr_condition_get_name (condition);
  g_autofree char *add_label = g_strdup_printf (_ ("Add a stack of %s"), name);
  g_autofree char *remove_label = g_strdup_printf (_ ("Remove a stack of %s"), name);
  ItemRow *row;
  GtkWidget *widget = item_row_new (self, item, &row);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *minus = icon_button_new ("list-remove-symbolic", remove_label);
  GtkWidget *plus = icon_button_new ("list-add-symbolic", add_label);

  row->stacks = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (row->stacks), "numeric");
  gtk_widget_add_css_class (GTK_WIDGET (row->stacks), "tkr-stacks");
  gtk_widget_remove_css_class (minus, "flat");
  gtk_widget_remove_css_class (plus, "flat");
  gtk_widget_add_css_class (minus, "circular");
  gtk_widget_add_css_class (plus, "circular");
  gtk_box_append (GTK_BOX (box), minus);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->stacks));
  gtk_box_append (GTK_BOX (box), plus);
  gtk_box_append (GTK_BOX (row->suffixes), box);

  update_condition_row (row);
  g_signal_connect_object (condition, "notify", G_CALLBACK (condition_notify_cb), widget, 0);
  g_signal_connect (minus, "clicked", G_CALLBACK (condition_remove_stack_cb), row);
  g_signal_connect (plus, "clicked", G_CALLBACK (condition_add_stack_cb), row);
  return widget;
}

/* Abilities */

static void ability_editor_open (TkrCharacterSheet *self, TkrAbility *ability);

static void
ability_edit_cb (TkrSheetAbilityRow *row, TkrCharacterSheet *self)
{
  ability_editor_open (self, tkr_sheet_ability_row_get_ability (row));
}

static void
ability_remove_cb (TkrSheetAbilityRow *row, TkrCharacterSheet *self)
{
  g_autoptr (GError) error = NULL;

  if (self->character != NULL &&
      !tkr_character_remove_ability (self->character, get_history (self),
                                     tkr_sheet_ability_row_get_ability (row), &error))
    {
      g_autofree char *escaped = g_markup_escape_text (error->message, -1);

      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), escaped);
    }
}

static GtkWidget *
create_ability_row (gpointer item, gpointer user_data)
{
  TkrCharacterSheet *self = user_data;
  GtkWidget *row = tkr_sheet_ability_row_new (TKR_ABILITY (item));

  g_signal_connect_object (row, "edit", G_CALLBACK (ability_edit_cb), self, 0);
  g_signal_connect_object (row, "remove", G_CALLBACK (ability_remove_cb), self, 0);
  return row;
}

/* The ability editor: a small window of entry rows, for adding an Ability
 * or editing one as a single undo step. */

static const char *const ability_text_properties[] = {
  "name",   "target",   "trigger", "requirements", "test-skill",
  "on-low", "on-mixed", "on-high", "effect",       "description",
};

static const char *const ability_text_titles[] = {
  N_ ("Name"),
  N_ ("Target"),
  N_ ("Trigger"),
  N_ ("Requires"),
  N_ ("Test (what is rolled)"),
  N_ ("On a Low Score"),
  N_ ("On a Mixed Score"),
  N_ ("On a High Score"),
  N_ ("Effect"),
  N_ ("Description"),
};

typedef struct
{
  TkrCharacterSheet *sheet;
  TkrCharacter *character;
  TkrAbility *ability; /* NULL when adding */
  GtkWindow *window;
  GtkEditable *entries[G_N_ELEMENTS (ability_text_properties)];
  AdwComboRow *time_row;
  GtkSpinButton *beats_spin;
  GtkLabel *error;
} AbilityEditor;

static void
ability_editor_free (gpointer data, GClosure *closure)
{
  AbilityEditor *editor = data;

  g_clear_object (&editor->character);
  g_clear_object (&editor->ability);
  g_free (editor);
}

static void
ability_editor_save_cb (GtkButton *button, AbilityEditor *editor)
{
  TkrCharacterSheet *self = editor->sheet;
  TkrHistory *history = get_history (self);
  g_autoptr (GError) error = NULL;
  const char *name = gtk_editable_get_text (editor->entries[0]);
  TkrAbilityTime time = adw_combo_row_get_selected (editor->time_row);
  g_autofree char *trimmed = g_strstrip (g_strdup (name));
  int beats;

  gtk_spin_button_update (editor->beats_spin);
  beats = gtk_spin_button_get_value_as_int (editor->beats_spin);

  if (*trimmed == '\0')
    {
      gtk_label_set_label (editor->error, _ ("An Ability needs a name."));
      gtk_widget_set_visible (GTK_WIDGET (editor->error), TRUE);
      return;
    }

  if (editor->ability == NULL)
    {
      g_autoptr (TkrAbility) ability = tkr_ability_new (name, time, beats);

      /* A fresh object outside the sheet: set directly, the add below is
       * the one undo step. */
      for (guint i = 1; i < G_N_ELEMENTS (ability_text_properties); i++)
        g_object_set (ability, ability_text_properties[i],
                      gtk_editable_get_text (editor->entries[i]), NULL);
      if (!tkr_character_add_ability (editor->character, history, ability, &error))
        {
          gtk_label_set_label (editor->error, error->message);
          gtk_widget_set_visible (GTK_WIDGET (editor->error), TRUE);
          return;
        }
    }
  else
    {
      tkr_history_begin (history, _ ("Edit Ability"));
      for (guint i = 0; i < G_N_ELEMENTS (ability_text_properties); i++)
        tkr_history_set (history, editor->ability, ability_text_properties[i],
                         gtk_editable_get_text (editor->entries[i]));
      tkr_history_set (history, editor->ability, "time", time);
      tkr_history_set (history, editor->ability, "beats", beats);
      tkr_history_end (history);
    }
  gtk_window_destroy (editor->window);
}

static void
ability_editor_open (TkrCharacterSheet *self, TkrAbility *ability)
{
  AbilityEditor *editor = g_new0 (AbilityEditor, 1);
  GtkWidget *window = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_ ("_Cancel"));
  GtkWidget *save = gtk_button_new_with_mnemonic (ability != NULL ? _ ("_Save") : _ ("_Add"));
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *beats_row = adw_action_row_new ();
  GtkWidget *error = gtk_label_new (NULL);
  g_autoptr (GtkStringList) times = gtk_string_list_new (NULL);

  if (self->character == NULL)
    {
      g_free (editor);
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }

  editor->sheet = self;
  editor->character = g_object_ref (self->character);
  editor->ability = ability != NULL ? g_object_ref (ability) : NULL;
  editor->window = GTK_WINDOW (window);

  gtk_window_set_title (GTK_WINDOW (window),
                        ability != NULL ? _ ("Edit Ability") : _ ("New Ability"));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window),
                                GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 640);

  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), save);
  gtk_widget_add_css_class (save, "suggested-action");
  gtk_box_append (GTK_BOX (box), header);

  for (guint i = 0; i < G_N_ELEMENTS (ability_text_properties); i++)
    {
      GtkWidget *row = adw_entry_row_new ();
      g_autofree char *value = NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ (ability_text_titles[i]));
      if (ability != NULL)
        g_object_get (ability, ability_text_properties[i], &value, NULL);
      gtk_editable_set_text (GTK_EDITABLE (row), value != NULL ? value : "");
      editor->entries[i] = GTK_EDITABLE (row);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

      if (i == 0)
        {
          GtkWidget *time_row = adw_combo_row_new ();

          for (TkrAbilityTime t = TKR_ABILITY_TIME_ACTION; t <= TKR_ABILITY_TIME_EPISODIC; t++)
            gtk_string_list_append (times, tkr_ability_time_to_string (t));
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (time_row), _ ("Time"));
          adw_combo_row_set_model (ADW_COMBO_ROW (time_row), G_LIST_MODEL (times));
          adw_combo_row_set_selected (ADW_COMBO_ROW (time_row),
                                      ability != NULL ? tkr_ability_get_time (ability) : 0);
          editor->time_row = ADW_COMBO_ROW (time_row);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), time_row);

          editor->beats_spin = spin_new (0, 10, _ ("Beats"));
          gtk_spin_button_set_value (editor->beats_spin,
                                     ability != NULL ? tkr_ability_get_beats (ability) : 1);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (beats_row), _ ("Beats"));
          adw_action_row_add_suffix (ADW_ACTION_ROW (beats_row), GTK_WIDGET (editor->beats_spin));
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), beats_row);
        }
    }

  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_set_visible (error, FALSE);
  editor->error = GTK_LABEL (error);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), error);

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (window), box);

  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), window);
  /* The editor's state lives as long as its Save button's handler. */
  g_signal_connect_data (save, "clicked", G_CALLBACK (ability_editor_save_cb), editor,
                         ability_editor_free, 0);
  gtk_window_set_default_widget (GTK_WINDOW (window), save);
  gtk_window_present (GTK_WINDOW (window));
}

static void
add_ability_clicked_cb (TkrCharacterSheet *self)
{
  ability_editor_open (self, NULL);
}

/* "Add" popovers: a name (and a number), an Add button, and the reason
 * when the core refuses. */

typedef gboolean (*AddFunc) (TkrCharacterSheet *self, const char *name, int number, GError **error);

typedef struct
{
  TkrCharacterSheet *sheet;
  AddFunc add;
  GtkPopover *popover;
  GtkEditable *entry;
  GtkSpinButton *spin;
  GtkLabel *error;
} AddPopover;

static void
add_popover_free (gpointer data, GClosure *closure)
{
  g_free (data);
}

static void
add_popover_activate_cb (AddPopover *data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (data->entry)));
  int number = 0;

  if (data->sheet->character == NULL)
    return;
  if (data->spin != NULL)
    {
      gtk_spin_button_update (data->spin);
      number = gtk_spin_button_get_value_as_int (data->spin);
    }
  if (!data->add (data->sheet, name, number, &error))
    {
      gtk_label_set_label (data->error, error->message);
      gtk_widget_set_visible (GTK_WIDGET (data->error), TRUE);
      return;
    }
  gtk_editable_set_text (data->entry, "");
  gtk_widget_set_visible (GTK_WIDGET (data->error), FALSE);
  gtk_popover_popdown (data->popover);
}

static GtkWidget *
add_popover_box (TkrCharacterSheet *self,
                 GtkPopover *popover,
                 const char *placeholder,
                 const char *number_label,
                 int lower,
                 int upper,
                 int initial,
                 AddFunc add)
{
  AddPopover *data = g_new0 (AddPopover, 1);
  GClosure *closure;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Add"));
  GtkWidget *error = gtk_label_new (NULL);

  data->sheet = self;
  data->add = add;
  data->popover = popover;
  data->entry = GTK_EDITABLE (entry);

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  placeholder, -1);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_box_append (GTK_BOX (line), entry);
  if (number_label != NULL)
    {
      data->spin = spin_new (lower, upper, number_label);
      gtk_spin_button_set_value (data->spin, initial);
      gtk_box_append (GTK_BOX (line), GTK_WIDGET (data->spin));
    }
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_box_append (GTK_BOX (line), button);
  gtk_box_append (GTK_BOX (box), line);

  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (error), 30);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_set_visible (error, FALSE);
  data->error = GTK_LABEL (error);
  gtk_box_append (GTK_BOX (box), error);

  /* One closure for Enter and the Add button; the popover's state goes
   * with the last of the two. */
  closure = g_cclosure_new_swap (G_CALLBACK (add_popover_activate_cb), data, add_popover_free);
  g_signal_connect_closure (entry, "activate", closure, FALSE);
  g_signal_connect_closure (button, "clicked", closure, FALSE);
  return box;
}

static void
setup_add_popover (TkrCharacterSheet *self,
                   GtkMenuButton *button,
                   const char *placeholder,
                   const char *number_label,
                   int lower,
                   int upper,
                   int initial,
                   AddFunc add)
{
  GtkWidget *popover = gtk_popover_new ();

  gtk_popover_set_child (GTK_POPOVER (popover),
                         add_popover_box (self, GTK_POPOVER (popover), placeholder, number_label,
                                          lower, upper, initial, add));
  gtk_menu_button_set_popover (button, popover);
}

static gboolean
add_name_is_given (const char *name, GError **error)
{
  if (name != NULL && *name != '\0')
    return TRUE;
  g_set_error_literal (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                       _ ("Type a name first."));
  return FALSE;
}

static gboolean
add_modifier (
  TkrCharacterSheet *self, TkrModifierKind kind, const char *name, int value, GError **error)
{
  if (!add_name_is_given (name, error))
    return FALSE;
  if (tkr_character_find_modifier (self->character, kind, name) != NULL)
    {
      g_set_error (error, TKR_CHARACTER_ERROR, TKR_CHARACTER_ERROR_INVALID_VALUE,
                   _ ("“%s” is already on the sheet."), name);
      return FALSE;
    }
  return tkr_character_set_modifier (self->character, get_history (self), kind, name, value, error);
}

static gboolean
add_save (TkrCharacterSheet *self, const char *name, int number, GError **error)
{
  return add_modifier (self, TKR_MODIFIER_KIND_SAVE, name, number, error);
}

static gboolean
add_skill (TkrCharacterSheet *self, const char *name, int number, GError **error)
{
  return add_modifier (self, TKR_MODIFIER_KIND_SKILL, name, number, error);
}

static gboolean
add_archetype (TkrCharacterSheet *self, const char *name, int number, GError **error)
{
  return add_modifier (self, TKR_MODIFIER_KIND_ARCHETYPE, name, number, error);
}

static gboolean
add_range (TkrCharacterSheet *self, const char *name, int number, GError **error)
{
  if (!add_name_is_given (name, error))
    return FALSE;
  return tkr_character_set_range (self->character, get_history (self), name, number, error);
}

static gboolean
add_item (TkrCharacterSheet *self, const char *name, int number, GError **error)
{
  g_autoptr (TkrItem) item = NULL;

  if (!add_name_is_given (name, error))
    return FALSE;
  item = tkr_item_new (name, number);
  return tkr_character_add_item (self->character, get_history (self), item, error);
}

static gboolean
add_custom_condition (TkrCharacterSheet *self, const char *name, int number, GError **error)
{
  if (!add_name_is_given (name, error))
    return FALSE;
  return add_condition (self, self->character, name, 1, error);
}

static void
catalogue_row_activated_cb (GtkListBox *list, GtkListBoxRow *row, TkrCharacterSheet *self)
{
  /* The catalogue's rows are the rule data's conditions, in order. */
  int index = gtk_list_box_row_get_index (row);
  const TkrConditionInfo *info =
    index >= 0 && (guint) index < tkr_rules_get_n_conditions (get_rules (self))
      ? tkr_rules_get_condition (get_rules (self), index)
      : NULL;
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_POPOVER);
  GtkLabel *error_label = self->catalogue_error;
  const char *name = info != NULL ? info->name : NULL;
  g_autoptr (GError) error = NULL;

  if (self->character == NULL || name == NULL)
    return;
  if (!add_condition (self, self->character, name, 1, &error))
    {
      gtk_label_set_label (error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (error_label), FALSE);
  gtk_popover_popdown (GTK_POPOVER (popover));
}

/* The conditions' popover lists the rule data's catalogue, then a custom
 * name. */
static void
rebuild_condition_catalogue (TkrCharacterSheet *self)
{
  TkrRules *rules = get_rules (self);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *custom;
  GtkWidget *heading = gtk_label_new (_ ("Custom Condition"));
  GtkWidget *error = gtk_label_new (NULL);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Conditions of the rules"), -1);
  for (guint i = 0; i < tkr_rules_get_n_conditions (rules); i++)
    {
      const TkrConditionInfo *info = tkr_rules_get_condition (rules, i);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tkr_rules_translate (info->name));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), tkr_rules_translate (info->description));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_set_visible (error, FALSE);
  self->catalogue_error = GTK_LABEL (error);
  g_signal_connect (list, "row-activated", G_CALLBACK (catalogue_row_activated_cb), self);
  register_part (self, "conditions-catalogue", list);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 360);
  gtk_widget_set_size_request (scrolled, 300, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_box_append (GTK_BOX (box), error);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_margin_top (heading, 6);
  gtk_box_append (GTK_BOX (box), heading);
  custom = add_popover_box (self, GTK_POPOVER (popover), _ ("Condition name"), NULL, 0, 0, 0,
                            add_custom_condition);
  gtk_box_append (GTK_BOX (box), custom);

  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (self->conditions_add_button, popover);
}

/* Notes: typed text is committed after a pause or when focus leaves, so
 * an undo step is a thought, not a keystroke. */

static void
commit_notes (TkrCharacterSheet *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->notes_view);
  TkrHistory *history = get_history (self);
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  g_clear_handle_id (&self->notes_commit_source, g_source_remove);
  /* Nothing is recorded in the middle of an undo (it may be the undo
   * that takes this character away). */
  if (self->character == NULL || tkr_history_is_replaying (history))
    return;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_strcmp0 (text, tkr_character_get_notes (self->character)) == 0 ||
      (*text == '\0' && tkr_character_get_notes (self->character) == NULL))
    return;

  tkr_history_begin (history, _ ("Edit Notes"));
  tkr_history_set (history, self->character, "notes", text);
  tkr_history_end (history);
}

static gboolean
commit_notes_timeout_cb (gpointer user_data)
{
  TkrCharacterSheet *self = user_data;

  self->notes_commit_source = 0;
  commit_notes (self);
  return G_SOURCE_REMOVE;
}

static void
notes_changed_cb (TkrCharacterSheet *self)
{
  if (self->loading_notes)
    return;
  g_clear_handle_id (&self->notes_commit_source, g_source_remove);
  self->notes_commit_source = g_timeout_add (NOTES_COMMIT_DELAY_MS, commit_notes_timeout_cb, self);
}

static void
load_notes (TkrCharacterSheet *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->notes_view);
  const char *notes = self->character != NULL ? tkr_character_get_notes (self->character) : NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_strcmp0 (text, notes != NULL ? notes : "") == 0)
    return;

  self->loading_notes = TRUE;
  gtk_text_buffer_set_text (buffer, notes != NULL ? notes : "", -1);
  self->loading_notes = FALSE;
}

/* Character */

/* The rule system's own sections (rule data "sheet.sections" and
 * "sheet.fields"): a group per section, its rows made from the rule data
 * (tkr-sheet-field-row.c); fields without a section go in the group
 * titled with the system's name. */

static void
clear_field_rows (TkrCharacterSheet *self)
{
  for (guint i = 0; i < self->field_parts->len; i++)
    g_hash_table_remove (self->parts, self->field_parts->pdata[i]);
  g_ptr_array_set_size (self->field_parts, 0);
  for (guint i = 0; i < self->section_groups->len; i++)
    gtk_box_remove (self->groups_box, self->section_groups->pdata[i]);
  g_ptr_array_set_size (self->section_groups, 0);
  if (self->system_list != NULL)
    {
      adw_preferences_group_remove (self->system_group, GTK_WIDGET (self->system_list));
      self->system_list = NULL;
    }
}

static void
register_field_part (TkrCharacterSheet *self, char *name, gpointer widget)
{
  if (widget == NULL)
    {
      g_free (name);
      return;
    }
  g_ptr_array_add (self->field_parts, g_strdup (name));
  g_hash_table_insert (self->parts, name, widget);
}

static GtkListBox *
section_list_new (TkrCharacterSheet *self, GListModel *items)
{
  GtkListBox *list = GTK_LIST_BOX (gtk_list_box_new ());

  gtk_list_box_set_selection_mode (list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (list), "boxed-list");
  gtk_list_box_bind_model (list, items, tkr_sheet_field_row_new, NULL, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr (TkrSheetFieldItem) item = g_list_model_get_item (items, i);
      const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (item);
      GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, i));

      register_field_part (self, g_strdup_printf ("field-%s", info->id),
                           tkr_sheet_field_row_get_control (row));
      register_field_part (self, g_strdup_printf ("field-%s-maximum", info->id),
                           tkr_sheet_field_row_get_maximum (row));
      register_field_part (self, g_strdup_printf ("field-%s-error", info->id),
                           tkr_sheet_field_row_get_error (row));
      register_field_part (self, g_strdup_printf ("field-%s-add", info->id),
                           tkr_sheet_field_row_get_add_entry (row));
      register_field_part (self, g_strdup_printf ("field-%s-row", info->id), row);
    }
  return list;
}

static void
rebuild_field_rows (TkrCharacterSheet *self)
{
  TkrRules *rules = get_rules (self);
  g_autoptr (GPtrArray) sections = NULL;
  GtkWidget *previous = GTK_WIDGET (self->system_group);
  guint n_sections;
  GListModel *loose;

  clear_field_rows (self);
  if (self->character == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->system_group), FALSE);
      return;
    }
  sections = tkr_sheet_field_items_by_section (self->character, rules, get_history (self));
  n_sections = sections->len - 1;

  for (guint s = 0; s < n_sections; s++)
    {
      const TkrSheetSectionInfo *section = tkr_rules_get_sheet_section (rules, s);
      GtkWidget *group;

      if (g_list_model_get_n_items (sections->pdata[s]) == 0)
        continue;
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                       tkr_rules_translate (section->name));
      if (section->description != NULL && *section->description != '\0')
        adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                               tkr_rules_translate (section->description));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 GTK_WIDGET (section_list_new (self, sections->pdata[s])));
      gtk_box_insert_child_after (self->groups_box, group, previous);
      previous = group;
      g_ptr_array_add (self->section_groups, group);
      register_field_part (self, g_strdup_printf ("section-%s", section->id), group);
    }

  loose = sections->pdata[n_sections];
  gtk_widget_set_visible (GTK_WIDGET (self->system_group), g_list_model_get_n_items (loose) > 0);
  if (g_list_model_get_n_items (loose) == 0)
    return;
  adw_preferences_group_set_title (self->system_group,
                                   tkr_rules_translate (tkr_rules_get_name (rules)));
  adw_preferences_group_set_description (
    self->system_group, _ ("This rule system’s own numbers, used when the character joins an "
                           "encounter"));
  self->system_list = section_list_new (self, loose);
  adw_preferences_group_add (self->system_group, GTK_WIDGET (self->system_list));
}

/* Which of the parts every sheet has this system's sheet shows, and its
 * pools under their names there (rule data "sheet.shows", "shown_pools"
 * and "pool_names"). */
static void
apply_layout (TkrCharacterSheet *self)
{
  TkrRules *rules = get_rules (self);
  const struct
  {
    const char *part;
    gpointer group;
  } parts[] = {
    { "experience", self->experience_group }, { "archetypes", self->archetypes_group },
    { "pools", self->pools_group },           { "saves", self->saves_group },
    { "skills", self->skills_group },         { "ranges", self->ranges_group },
    { "abilities", self->abilities_group },   { "conditions", self->conditions_group },
    { "inventory", self->inventory_group },   { "wealth", self->wealth_group },
    { "notes", self->notes_group },
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    gtk_widget_set_visible (GTK_WIDGET (parts[i].group),
                            tkr_rules_sheet_shows (rules, parts[i].part));
  gtk_widget_set_visible (GTK_WIDGET (self->level_row), tkr_rules_sheet_shows (rules, "level"));
  if (tkr_rules_sheet_shows (rules, "level"))
    gtk_widget_set_visible (GTK_WIDGET (self->experience_group), TRUE);
  for (guint i = 0; i < TKR_N_POOLS; i++)
    {
      const char *name = tkr_rules_get_pool_name (rules, i);
      g_autofree char *current_label = g_strdup_printf (_ ("%s, current"), name);
      g_autofree char *maximum_label = g_strdup_printf (_ ("%s, maximum"), name);

      gtk_widget_set_visible (self->pools[i].row, tkr_rules_sheet_shows_pool (rules, i));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pools[i].row), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pools[i].current),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, current_label, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pools[i].maximum),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, maximum_label, -1);
    }
}

/* A save or skill shows on the sheet when it is this system's, or nobody's
 * (one the player added): another system's stays in the file, unseen. */
static gboolean
modifier_shown (gpointer item, gpointer user_data)
{
  TkrCharacterSheet *self = user_data;
  TkrModifier *modifier = item;
  TkrRules *rules = get_rules (self);
  const char *name = tkr_modifier_get_name (modifier);
  gboolean save = tkr_modifier_get_kind (modifier) == TKR_MODIFIER_KIND_SAVE;

  if (save ? tkr_rules_has_save (rules, name) : tkr_rules_has_skill (rules, name))
    return TRUE;
  for (guint i = 0; self->system_ids != NULL && self->system_ids[i] != NULL; i++)
    {
      TkrRules *other = rules_for_system (self, self->system_ids[i]);

      if (other != NULL && other != rules &&
          (save ? tkr_rules_has_save (other, name) : tkr_rules_has_skill (other, name)))
        return FALSE;
    }
  return TRUE;
}

/* The rule system: chosen on a player's own sheet, shown in a campaign
 * (whose system is switched in the Encounter tab). */

static void
load_system_choices (TkrCharacterSheet *self)
{
  g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_auto (GStrv) files = NULL;
  TkrRules *rules = tkr_rules_get_default ();

  /* The default first, then the others by id. */
  g_strv_builder_add (ids, tkr_rules_get_id (rules));
  gtk_string_list_append (names, tkr_rules_translate (tkr_rules_get_name (rules)));
  files = g_resources_enumerate_children ("/io/github/turnkeeper/Turnkeeper/rules/",
                                          G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (files != NULL)
    qsort (files, g_strv_length (files), sizeof (char *), (GCompareFunc) g_strcmp0);
  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    {
      g_autofree char *id = NULL;

      if (!g_str_has_suffix (files[i], ".json"))
        continue;
      id = g_strndup (files[i], strlen (files[i]) - strlen (".json"));
      if (g_strcmp0 (id, tkr_rules_get_id (tkr_rules_get_default ())) == 0)
        continue;
      rules = rules_for_system (self, id);
      if (rules == NULL)
        continue;
      g_strv_builder_add (ids, id);
      gtk_string_list_append (names, tkr_rules_translate (tkr_rules_get_name (rules)));
    }
  self->system_ids = g_strv_builder_end (ids);
  adw_combo_row_set_model (self->rules_combo_row, G_LIST_MODEL (names));
}

static void
update_rules_label (TkrCharacterSheet *self)
{
  TkrRules *rules = get_rules (self);
  const char *system =
    self->character != NULL ? tkr_character_get_rule_system (self->character) : NULL;
  guint position = GTK_INVALID_LIST_POSITION;
  gboolean chooses;

  /* Known rules name the system; a sheet from an unknown system shows its
   * id. */
  if (system == NULL || *system == '\0' || g_strcmp0 (system, tkr_rules_get_id (rules)) == 0)
    gtk_label_set_label (self->rules_label, tkr_rules_translate (tkr_rules_get_name (rules)));
  else
    gtk_label_set_label (self->rules_label, system);

  for (guint i = 0; self->system_ids != NULL && self->system_ids[i] != NULL; i++)
    if (g_strcmp0 (self->system_ids[i], tkr_rules_get_id (rules)) == 0)
      position = i;
  self->updating_system = TRUE;
  adw_combo_row_set_selected (self->rules_combo_row, position);
  self->updating_system = FALSE;

  /* A player picks the game on their own sheet; in a campaign the
   * campaign's switch decides. */
  chooses = self->character != NULL && (self->campaign == NULL || self->chooses_rule_system);
  gtk_widget_set_visible (GTK_WIDGET (self->rules_combo_row), chooses);
  gtk_widget_set_visible (self->rules_row, !chooses);
}

static void
rules_combo_selected_cb (TkrCharacterSheet *self)
{
  guint selected = adw_combo_row_get_selected (self->rules_combo_row);
  const char *id;
  TkrRules *rules;

  if (self->character == NULL || self->updating_system || is_replaying (self) ||
      self->system_ids == NULL || selected >= g_strv_length (self->system_ids))
    return;
  id = self->system_ids[selected];
  if (g_strcmp0 (id, tkr_character_get_rule_system (self->character)) == 0)
    return;
  rules = rules_for_system (self, id);
  if (rules == NULL)
    {
      g_autoptr (GError) error = NULL;

      g_set_error (&error, TKR_RULES_ERROR, TKR_RULES_ERROR_UNKNOWN_SYSTEM,
                   _ ("There is no rule system called “%s”"), id);
      show_error (self->rules_error_row, self->rules_error, error);
      update_rules_label (self);
      return;
    }
  hide_error (self->rules_error_row, self->rules_error);
  tkr_character_adopt_rules (self->character, get_history (self), rules);
}

/* Everything that depends on the character's rule system. */
static void
rule_system_changed (TkrCharacterSheet *self)
{
  update_rules_label (self);
  /* The lists first: their filter reads the new rules as they bind. */
  bind_lists (self);
  apply_layout (self);
  rebuild_field_rows (self);
  rebuild_condition_catalogue (self);
  update_experience (self);
}

/* (transfer none): @model through the sheet's filter of saves and skills;
 * the list box that binds it keeps it. */
static GListModel *
filtered (TkrCharacterSheet *self, GListModel *model)
{
  GtkFilterListModel *list =
    gtk_filter_list_model_new (g_object_ref (model), g_object_ref (self->modifier_filter));

  /* The list box takes its own reference; this one goes with the sheet. */
  g_ptr_array_add (self->filtered_models, list);
  return G_LIST_MODEL (list);
}

static void
bind_lists (TkrCharacterSheet *self)
{
  g_ptr_array_set_size (self->filtered_models, 0);
  TkrCharacter *character = self->character;

#define BIND(list, getter, create)                                                                 \
  gtk_list_box_bind_model (self->list, character != NULL ? getter (character) : NULL, create,      \
                           self, NULL)
  BIND (archetypes_list, tkr_character_get_archetypes, create_modifier_row);
#undef BIND
#define BIND(list, getter, create)                                                                 \
  gtk_list_box_bind_model (self->list,                                                             \
                           character != NULL ? filtered (self, getter (character)) : NULL, create, \
                           self, NULL)
  BIND (saves_list, tkr_character_get_saves, create_modifier_row);
  BIND (skills_list, tkr_character_get_skills, create_modifier_row);
#undef BIND
#define BIND(list, getter, create)                                                                 \
  gtk_list_box_bind_model (self->list, character != NULL ? getter (character) : NULL, create,      \
                           self, NULL)
  BIND (ranges_list, tkr_character_get_movement_ranges, create_range_row);
  BIND (abilities_list, tkr_character_get_abilities, create_ability_row);
  BIND (conditions_list, tkr_character_get_conditions, create_condition_row);
  BIND (inventory_list, tkr_character_get_inventory, create_item_row);
#undef BIND
}

static void
set_placeholder (GtkListBox *list, const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "tkr-placeholder");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_list_box_set_placeholder (list, label);
}

/* GObject */

static void
tkr_character_sheet_dispose (GObject *object)
{
  TkrCharacterSheet *self = TKR_CHARACTER_SHEET (object);

  if (self->character != NULL)
    commit_notes (self);
  g_clear_handle_id (&self->notes_commit_source, g_source_remove);

  for (guint i = 0; i < TKR_N_POOLS; i++)
    g_clear_object (&self->pools[i].bindings);
  g_clear_object (&self->character_bindings);
  g_clear_object (&self->character_signals);

  /* The bin's child is a bound template child: let the bin drop it first,
   * or both would unparent it. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_CHARACTER_SHEET);

  g_clear_object (&self->character);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->parts, g_hash_table_unref);
  g_clear_pointer (&self->section_groups, g_ptr_array_unref);
  g_clear_pointer (&self->field_parts, g_ptr_array_unref);
  g_clear_pointer (&self->filtered_models, g_ptr_array_unref);
  g_clear_object (&self->modifier_filter);
  g_clear_pointer (&self->rules_cache, g_hash_table_unref);
  g_clear_pointer (&self->system_ids, g_strfreev);

  G_OBJECT_CLASS (tkr_character_sheet_parent_class)->dispose (object);
}

static void
tkr_character_sheet_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrCharacterSheet *self = TKR_CHARACTER_SHEET (object);

  switch (prop_id)
    {
    case PROP_CHARACTER:
      g_value_set_object (value, self->character);
      break;
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_CHOOSES_RULE_SYSTEM:
      g_value_set_boolean (value, self->chooses_rule_system);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_character_sheet_set_property (GObject *object,
                                  guint prop_id,
                                  const GValue *value,
                                  GParamSpec *pspec)
{
  TkrCharacterSheet *self = TKR_CHARACTER_SHEET (object);

  switch (prop_id)
    {
    case PROP_CHARACTER:
      tkr_character_sheet_set_character (self, g_value_get_object (value));
      break;
    case PROP_CAMPAIGN:
      tkr_character_sheet_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_CHOOSES_RULE_SYSTEM:
      tkr_character_sheet_set_chooses_rule_system (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_character_sheet_class_init (TkrCharacterSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_character_sheet_dispose;
  object_class->get_property = tkr_character_sheet_get_property;
  object_class->set_property = tkr_character_sheet_set_property;

  properties[PROP_CHARACTER] =
    g_param_spec_object ("character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHOOSES_RULE_SYSTEM] =
    g_param_spec_boolean ("chooses-rule-system", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-character-sheet.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrCharacterSheet, name)
  CHILD (scrolled_window);
  CHILD (name_row);
  CHILD (name_error_row);
  CHILD (name_error);
  CHILD (player_row);
  CHILD (health_formula_row);
  CHILD (health_formula_error_row);
  CHILD (health_formula_error);
  CHILD (kind_label);
  CHILD (rules_label);
  CHILD (rules_row);
  CHILD (rules_combo_row);
  CHILD (rules_error_row);
  CHILD (rules_error);
  CHILD (system_group);
  CHILD (groups_box);
  CHILD (experience_group);
  CHILD (level_row);
  CHILD (archetypes_group);
  CHILD (saves_group);
  CHILD (skills_group);
  CHILD (ranges_group);
  CHILD (abilities_group);
  CHILD (conditions_group);
  CHILD (inventory_group);
  CHILD (wealth_group);
  CHILD (notes_group);
  CHILD (level_up_button);
  CHILD (level_spin);
  CHILD (level_error_row);
  CHILD (level_error);
  CHILD (experience_spin);
  CHILD (experience_bar);
  CHILD (experience_progress_label);
  CHILD (experience_error_row);
  CHILD (experience_error);
  CHILD (pools_group);
  CHILD (archetypes_list);
  CHILD (archetypes_add_button);
  CHILD (saves_list);
  CHILD (saves_add_button);
  CHILD (skills_list);
  CHILD (skills_add_button);
  CHILD (ranges_list);
  CHILD (ranges_add_button);
  CHILD (abilities_list);
  CHILD (conditions_list);
  CHILD (conditions_add_button);
  CHILD (inventory_list);
  CHILD (inventory_add_button);
  CHILD (wealth_spin);
  CHILD (wealth_error_row);
  CHILD (wealth_error);
  CHILD (notes_view);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, name_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, health_formula_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, level_up_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, level_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, experience_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, wealth_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_ability_clicked_cb);
}

static void
tkr_character_sheet_init (TkrCharacterSheet *self)
{
  GtkEventController *focus;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->parts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->rules_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, unref_nullable);
  self->section_groups = g_ptr_array_new ();
  self->field_parts = g_ptr_array_new_with_free_func (g_free);
  self->filtered_models = g_ptr_array_new_with_free_func (g_object_unref);
  self->modifier_filter = GTK_FILTER (gtk_custom_filter_new (modifier_shown, self, NULL));
  register_part (self, "name-row", self->name_row);
  register_part (self, "name-error", self->name_error);
  register_part (self, "player-row", self->player_row);
  register_part (self, "health-formula-row", self->health_formula_row);
  register_part (self, "health-formula-error", self->health_formula_error);
  register_part (self, "level-spin", self->level_spin);
  register_part (self, "level-error", self->level_error);
  register_part (self, "experience-spin", self->experience_spin);
  register_part (self, "experience-error", self->experience_error);
  register_part (self, "experience-bar", self->experience_bar);
  register_part (self, "level-up-button", self->level_up_button);
  register_part (self, "wealth-spin", self->wealth_spin);
  register_part (self, "wealth-error", self->wealth_error);
  register_part (self, "notes-view", self->notes_view);
  register_part (self, "archetypes-list", self->archetypes_list);
  register_part (self, "saves-list", self->saves_list);
  register_part (self, "skills-list", self->skills_list);
  register_part (self, "ranges-list", self->ranges_list);
  register_part (self, "abilities-list", self->abilities_list);
  register_part (self, "conditions-list", self->conditions_list);
  register_part (self, "inventory-list", self->inventory_list);
  register_part (self, "rules-row", self->rules_row);
  register_part (self, "rules-combo-row", self->rules_combo_row);
  register_part (self, "rules-error", self->rules_error);
  register_part (self, "system-group", self->system_group);

  load_system_choices (self);
  g_signal_connect_swapped (self->rules_combo_row, "notify::selected",
                            G_CALLBACK (rules_combo_selected_cb), self);

  build_pool_rows (self);

  self->character_bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->character_bindings, "name", self->name_row, "text",
                             G_BINDING_SYNC_CREATE, null_to_empty, NULL, NULL, NULL);
  g_binding_group_bind_full (self->character_bindings, "player", self->player_row, "text",
                             G_BINDING_SYNC_CREATE, null_to_empty, NULL, NULL, NULL);
  g_binding_group_bind_full (self->character_bindings, "kind", self->kind_label, "label",
                             G_BINDING_SYNC_CREATE, kind_to_label, NULL, NULL, NULL);
  g_binding_group_bind_full (self->character_bindings, "kind", self->health_formula_row, "visible",
                             G_BINDING_SYNC_CREATE, kind_is_npc, NULL, NULL, NULL);
  g_binding_group_bind_full (self->character_bindings, "health-formula", self->health_formula_row,
                             "text", G_BINDING_SYNC_CREATE, null_to_empty, NULL, NULL, NULL);
  g_binding_group_bind (self->character_bindings, "level", self->level_spin, "value",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->character_bindings, "experience", self->experience_spin, "value",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->character_bindings, "wealth", self->wealth_spin, "value",
                        G_BINDING_SYNC_CREATE);

  self->character_signals = g_signal_group_new (TKR_TYPE_CHARACTER);
  g_signal_group_connect_swapped (self->character_signals, "notify::experience",
                                  G_CALLBACK (update_experience), self);
  g_signal_group_connect_swapped (self->character_signals, "notify::level",
                                  G_CALLBACK (update_experience), self);
  g_signal_group_connect_swapped (self->character_signals, "notify::notes", G_CALLBACK (load_notes),
                                  self);
  g_signal_group_connect_swapped (self->character_signals, "notify::rule-system",
                                  G_CALLBACK (rule_system_changed), self);

  g_signal_connect_swapped (gtk_text_view_get_buffer (self->notes_view), "changed",
                            G_CALLBACK (notes_changed_cb), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (commit_notes), self);
  gtk_widget_add_controller (GTK_WIDGET (self->notes_view), focus);

  setup_add_popover (self, self->archetypes_add_button, _ ("Archetype name"), _ ("Archetype Level"),
                     0, 99, 1, add_archetype);
  setup_add_popover (self, self->saves_add_button, _ ("Save name"), _ ("Modifier"), -99, 99, 0,
                     add_save);
  setup_add_popover (self, self->skills_add_button, _ ("Skill name"), _ ("Modifier"), -99, 99, 0,
                     add_skill);
  setup_add_popover (self, self->ranges_add_button, _ ("Range name, such as Swim"), _ ("Units"), 1,
                     10000, 1, add_range);
  setup_add_popover (self, self->inventory_add_button, _ ("Item name"), _ ("Quantity"), 0, 99999, 1,
                     add_item);
  rebuild_condition_catalogue (self);

  set_placeholder (self->archetypes_list, _ ("No Archetype yet: a Level Up adds one."));
  set_placeholder (self->saves_list, _ ("No saves"));
  set_placeholder (self->skills_list, _ ("No skills"));
  set_placeholder (self->ranges_list, _ ("No Movement Ranges"));
  set_placeholder (self->abilities_list, _ ("No abilities"));
  set_placeholder (self->conditions_list, _ ("No conditions"));
  set_placeholder (self->inventory_list, _ ("Nothing carried"));

  update_rules_label (self);
}

GtkWidget *
tkr_character_sheet_new (void)
{
  return g_object_new (TKR_TYPE_CHARACTER_SHEET, NULL);
}

TkrCharacter *
tkr_character_sheet_get_character (TkrCharacterSheet *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER_SHEET (self), NULL);
  return self->character;
}

void
tkr_character_sheet_set_character (TkrCharacterSheet *self, TkrCharacter *character)
{
  g_return_if_fail (TKR_IS_CHARACTER_SHEET (self));
  g_return_if_fail (character == NULL || TKR_IS_CHARACTER (character));

  if (self->character == character)
    return;

  /* Notes typed for the previous character belong to it. */
  if (self->character != NULL)
    commit_notes (self);

  g_set_object (&self->character, character);
  hide_all_errors (self);

  self->rebinding = TRUE;
  g_binding_group_set_source (self->character_bindings, character);
  g_signal_group_set_target (self->character_signals, character);
  for (guint i = 0; i < TKR_N_POOLS; i++)
    g_binding_group_set_source (self->pools[i].bindings,
                                character != NULL ? tkr_character_get_pool (character, i) : NULL);
  self->rebinding = FALSE;
  load_notes (self);
  rule_system_changed (self);

  /* A new sheet starts at its top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scrolled_window), 0);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHARACTER]);
}

TkrCampaign *
tkr_character_sheet_get_campaign (TkrCharacterSheet *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER_SHEET (self), NULL);
  return self->campaign;
}

void
tkr_character_sheet_set_campaign (TkrCharacterSheet *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_CHARACTER_SHEET (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (self->campaign == campaign)
    return;
  if (self->character != NULL)
    commit_notes (self);
  g_set_object (&self->campaign, campaign);
  rule_system_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

gboolean
tkr_character_sheet_get_chooses_rule_system (TkrCharacterSheet *self)
{
  g_return_val_if_fail (TKR_IS_CHARACTER_SHEET (self), FALSE);
  return self->chooses_rule_system;
}

void
tkr_character_sheet_set_chooses_rule_system (TkrCharacterSheet *self, gboolean chooses)
{
  g_return_if_fail (TKR_IS_CHARACTER_SHEET (self));

  chooses = !!chooses;
  if (self->chooses_rule_system == chooses)
    return;
  self->chooses_rule_system = chooses;
  update_rules_label (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOOSES_RULE_SYSTEM]);
}

void
tkr_character_sheet_focus_name (TkrCharacterSheet *self)
{
  g_return_if_fail (TKR_IS_CHARACTER_SHEET (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
}

GtkWidget *
tkr_character_sheet_get_part (TkrCharacterSheet *self, const char *name)
{
  g_return_val_if_fail (TKR_IS_CHARACTER_SHEET (self), NULL);
  return g_hash_table_lookup (self->parts, name);
}
