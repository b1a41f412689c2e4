/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-application.h"
#include "tkr-core.h"
#include "tkr-keymap.h"

/* Every command with a key (help/C/keyboard.page). The encounter's come
 * first: the command palette lists them in this order. */
static const TkrKeyInfo keys[] = {
  { "encounter.next-turn", N_ ("Next turn"), "<Control>Right", TKR_KEY_GROUP_ENCOUNTER, TRUE },
  { "encounter.previous-turn", N_ ("Previous turn"), "<Control>Left", TKR_KEY_GROUP_ENCOUNTER,
    TRUE },
  { "encounter.begin-setup", N_ ("Begin Setup"), "<Control><Shift>b", TKR_KEY_GROUP_ENCOUNTER,
    FALSE },
  { "encounter.begin-main", N_ ("Start the encounter (Main phase)"), "<Control>Return",
    TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "encounter.pause", N_ ("Pause the encounter"), "<Control><Shift>p", TKR_KEY_GROUP_ENCOUNTER,
    FALSE },
  { "encounter.resume", N_ ("Resume the encounter"), "<Control><Shift>r", TKR_KEY_GROUP_ENCOUNTER,
    FALSE },
  { "encounter.end", N_ ("End the encounter"), "<Control><Shift>e", TKR_KEY_GROUP_ENCOUNTER,
    FALSE },
  { "encounter.finish", N_ ("Back to Freeplay"), "", TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "tracker.edit-health", N_ ("Change the selected combatant’s health"), "<Control>h",
    TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "tracker.select-next", N_ ("Select the next combatant"), "<Alt>Down", TKR_KEY_GROUP_ENCOUNTER,
    FALSE },
  { "tracker.select-previous", N_ ("Select the previous combatant"), "<Alt>Up",
    TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "tracker.select-current", N_ ("Select whose turn it is"), "<Alt>Home", TKR_KEY_GROUP_ENCOUNTER,
    FALSE },
  { "tracker.extend-next", N_ ("Add the next combatant to the selection"), "<Shift><Alt>Down",
    TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "tracker.extend-previous", N_ ("Add the previous combatant to the selection"), "<Shift><Alt>Up",
    TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "tracker.add-effect", N_ ("Add a timed effect, with a save if it has one"), "<Control><Shift>t",
    TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.add-reminder", N_ ("Add a reminder before the selected combatant’s turn"),
    "<Control><Shift>m", TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.delay", N_ ("Delay: leave the order until later in the round"), "<Control><Shift>w",
    TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.return", N_ ("Return from Delay after this turn"), "<Control><Shift>j",
    TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.roll-save", N_ ("Roll the first save waiting"), "<Control><Alt>s", TKR_KEY_GROUP_FIGHT,
    FALSE },
  { "tracker.toggle-members", N_ ("Show or hide a group’s members"), "<Control>g",
    TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "tracker.toggle-hidden", N_ ("Hide the selected combatant from the players, or show it"),
    "<Control><Alt>h", TKR_KEY_GROUP_ENCOUNTER, FALSE },
  { "tracker.damage", N_ ("Damage the selected combatant"), "<Control>minus", TKR_KEY_GROUP_FIGHT,
    FALSE },
  { "tracker.heal", N_ ("Heal the selected combatant"), "<Control>equal", TKR_KEY_GROUP_FIGHT,
    FALSE },
  { "tracker.group-health", N_ ("Change the health of all selected combatants"),
    "<Control><Shift>h", TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.temporary-health", N_ ("Give temporary health"), "<Control>t", TKR_KEY_GROUP_FIGHT,
    FALSE },
  { "tracker.spend", N_ ("Spend the turn’s resource (Beat, action, AP)"), "<Control>1",
    TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.react", N_ ("React"), "<Control>r", TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.add-condition", N_ ("Add a condition or effect"), "<Control><Shift>c",
    TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.move", N_ ("Move"), "<Control>m", TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.dash", N_ ("Dash"), "<Control><Alt>d", TKR_KEY_GROUP_FIGHT, FALSE },
  { "tracker.rest", N_ ("Rest (at the End, the whole party)"), "<Control><Alt>r",
    TKR_KEY_GROUP_FIGHT, FALSE },
  { "end.award-xp", N_ ("Award XP to everyone ticked"), "<Control><Shift>x", TKR_KEY_GROUP_END,
    FALSE },
  { "end.level-up", N_ ("Level Up"), "<Control><Shift>l", TKR_KEY_GROUP_END, FALSE },
  { "win.command-palette", N_ ("Find and run any command"), "<Control>k", TKR_KEY_GROUP_GENERAL,
    FALSE },
  { "win.roll-dice", N_ ("Roll dice"), "<Control>d", TKR_KEY_GROUP_VIEW, FALSE },
  { "win.undo", N_ ("Undo"), "<Control>z", TKR_KEY_GROUP_EDITING, FALSE },
  { "win.redo", N_ ("Redo"), "<Control><Shift>z", TKR_KEY_GROUP_EDITING, FALSE },
  { "win.new-pc", N_ ("New player character"), "<Control>n", TKR_KEY_GROUP_EDITING, FALSE },
  { "win.new-npc", N_ ("New NPC"), "<Control><Shift>n", TKR_KEY_GROUP_EDITING, FALSE },
  { "win.search", N_ ("Find a character"), "<Control>f", TKR_KEY_GROUP_EDITING, FALSE },
  { "win.show-sheet", N_ ("Show the sheet"), "<Alt>1", TKR_KEY_GROUP_VIEW, FALSE },
  { "win.show-encounter", N_ ("Show the encounter"), "<Alt>2", TKR_KEY_GROUP_VIEW, FALSE },
  { "win.roster-visible", N_ ("Show or hide the characters"), "F9", TKR_KEY_GROUP_VIEW, FALSE },
  { "win.player-view", N_ ("Show or close the player view"), "<Control><Alt>p", TKR_KEY_GROUP_VIEW,
    FALSE },
  { "win.open", N_ ("Open"), "<Control>o", TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.save", N_ ("Save the file"), "<Control>s", TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.save-as", N_ ("Save as"), "<Control><Shift>s", TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.import-character", N_ ("Import a character"), "<Control>i", TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.export-character", N_ ("Export the character"), "<Control>e", TKR_KEY_GROUP_GENERAL,
    FALSE },
  { "win.import", N_ ("Import characters and monsters from another tool"), "<Control><Shift>i",
    TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.export-improved-initiative", N_ ("Export the campaign for Improved Initiative"), "",
    TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.print-sheet", N_ ("Print the sheet"), "<Control>p", TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.print-initiative-cards", N_ ("Print initiative cards"), "", TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.print-zone-cards", N_ ("Print zone cards"), "", TKR_KEY_GROUP_GENERAL, FALSE },
  { "app.preferences", N_ ("Preferences"), "<Control>comma", TKR_KEY_GROUP_GENERAL, FALSE },
  { "win.show-help-overlay", N_ ("Keyboard shortcuts"), "<Control>question", TKR_KEY_GROUP_GENERAL,
    FALSE },
  { "app.help", N_ ("Help"), "F1", TKR_KEY_GROUP_GENERAL, FALSE },
  { "app.quit", N_ ("Quit"), "<Control>q", TKR_KEY_GROUP_GENERAL, FALSE },
};

/* The fight keys each rule system has, in its own words (help/C/
 * keyboard.page); which ones it has comes from the core
 * (tkr_quick_supports), so the list follows the rules. */
static const struct
{
  const char *action;
  TkrQuickCommand command;
} quick_keys[] = {
  { "tracker.spend", TKR_QUICK_SPEND },
  { "tracker.react", TKR_QUICK_REACT },
  { "tracker.add-condition", TKR_QUICK_ADD_CONDITION },
  { "tracker.move", TKR_QUICK_MOVE },
  { "tracker.dash", TKR_QUICK_DASH },
  { "tracker.rest", TKR_QUICK_REST },
  { "tracker.delay", TKR_QUICK_DELAY },
  { "tracker.return", TKR_QUICK_RETURN },
};

static const struct
{
  const char *system;
  const char *action;
  const char *title;
} system_words[] = {
  { "kleptonomicon", "tracker.spend", N_ ("Spend a Beat") },
  { "kleptonomicon", "tracker.react", N_ ("Spend a Beat on a Reaction") },
  { "kleptonomicon", "tracker.add-condition", N_ ("Add a stack of a condition") },
  { "kleptonomicon", "tracker.move", N_ ("Move: spend Movement in Walk") },
  { "kleptonomicon", "tracker.rest", N_ ("Rest, once the fight is over") },
  { "pf2e", "tracker.spend", N_ ("Spend one action") },
  { "pf2e", "tracker.react", N_ ("Use the reaction") },
  { "pf2e", "tracker.add-condition", N_ ("Add a condition, or raise its value") },
  { "d20", "tracker.spend", N_ ("Spend the action") },
  { "d20", "tracker.react", N_ ("Use the reaction") },
  { "d20", "tracker.move", N_ ("Move: spend feet of walking") },
  { "d20", "tracker.dash", N_ ("Dash (the action)") },
  { "d20", "tracker.rest", N_ ("Short rest, outside a fight") },
  { "d20", "tracker.delay", N_ ("Wait: hold the action to act on someone else’s turn") },
  { "d20", "tracker.return", N_ ("Act on the selected creature’s Wait now") },
  { "action-points", "tracker.spend", N_ ("Act: spend 1 AP") },
  { "action-points", "tracker.move", N_ ("Move: spend AP") },
};

/* Keys a system's own view binds while it has the focus; listed, not
 * changeable. */
static const struct
{
  const char *system;
  const char *accelerator;
  const char *title;
} view_keys[] = {
  { "kleptonomicon", "b", N_ ("Spend a Beat on the current turn (in the details)") },
  { "kleptonomicon", "<Control><Shift>d", N_ ("Dash (in the details)") },
};

struct _TkrKeymap
{
  GObject parent_instance;

  GSettings *settings; /* NULL without the schema */
  GHashTable *custom;  /* action -> accelerator, the changed keys */
};

G_DEFINE_FINAL_TYPE (TkrKeymap, tkr_keymap, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define SETTINGS_KEY "shortcuts"

guint
tkr_keymap_get_n_keys (void)
{
  return G_N_ELEMENTS (keys);
}

const TkrKeyInfo *
tkr_keymap_get_key (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (keys), NULL);
  return &keys[index];
}

const TkrKeyInfo *
tkr_keymap_lookup (const char *action)
{
  g_return_val_if_fail (action != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (keys[i].action, action))
      return &keys[i];
  return NULL;
}

const char *
tkr_key_group_get_title (TkrKeyGroup group)
{
  switch (group)
    {
    case TKR_KEY_GROUP_GENERAL:
      return C_ ("shortcut window", "General");
    case TKR_KEY_GROUP_EDITING:
      return C_ ("shortcut window", "Editing");
    case TKR_KEY_GROUP_VIEW:
      return C_ ("shortcut window", "View");
    case TKR_KEY_GROUP_ENCOUNTER:
      return C_ ("shortcut window", "Encounter");
    case TKR_KEY_GROUP_FIGHT:
      return C_ ("shortcut window", "Fight (every system)");
    case TKR_KEY_GROUP_END:
      return C_ ("shortcut window", "End of an encounter");
    default:
      return "";
    }
}

static void
load_settings (TkrKeymap *self)
{
  g_autoptr (GVariant) saved = NULL;
  GVariantIter iter;
  const char *action, *accelerator;

  g_hash_table_remove_all (self->custom);
  if (self->settings == NULL)
    return;
  saved = g_settings_get_value (self->settings, SETTINGS_KEY);
  g_variant_iter_init (&iter, saved);
  /* A key for a command this version does not have, or a key that does
   * not parse, is ignored. */
  while (g_variant_iter_next (&iter, "{&s&s}", &action, &accelerator))
    {
      guint key = 0;
      GdkModifierType mods = 0;

      if (tkr_keymap_lookup (action) == NULL)
        continue;
      if (*accelerator != '\0' && (!gtk_accelerator_parse (accelerator, &key, &mods) || key == 0))
        continue;
      g_hash_table_insert (self->custom, g_strdup (action), g_strdup (accelerator));
    }
}

static void
save_settings (TkrKeymap *self)
{
  GVariantBuilder builder;
  GHashTableIter iter;
  gpointer action, accelerator;

  if (self->settings == NULL)
    return;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_hash_table_iter_init (&iter, self->custom);
  while (g_hash_table_iter_next (&iter, &action, &accelerator))
    g_variant_builder_add (&builder, "{ss}", action, accelerator);
  g_settings_set_value (self->settings, SETTINGS_KEY, g_variant_builder_end (&builder));
}

/* Another window or process changed the keys. */
static void
settings_changed_cb (TkrKeymap *self)
{
  load_settings (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
tkr_keymap_finalize (GObject *object)
{
  TkrKeymap *self = TKR_KEYMAP (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->custom, g_hash_table_unref);
  G_OBJECT_CLASS (tkr_keymap_parent_class)->finalize (object);
}

static void
tkr_keymap_class_init (TkrKeymapClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tkr_keymap_finalize;

  /* The keys changed: whoever binds them binds them again. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
tkr_keymap_init (TkrKeymap *self)
{
  GSettings *settings = tkr_settings_new_if_installed ();
  g_autoptr (GSettingsSchema) schema = NULL;

  self->custom = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (settings != NULL)
    {
      g_object_get (settings, "settings-schema", &schema, NULL);
      /* An older installed schema without the key: the defaults only. */
      if (g_settings_schema_has_key (schema, SETTINGS_KEY))
        self->settings = settings;
      else
        g_object_unref (settings);
    }
  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::" SETTINGS_KEY,
                             G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);
  load_settings (self);
}

TkrKeymap *
tkr_keymap_get_default (void)
{
  static TkrKeymap *keymap;

  if (keymap == NULL)
    keymap = g_object_new (TKR_TYPE_KEYMAP, NULL);
  return keymap;
}

const char *
tkr_keymap_get_accelerator (TkrKeymap *self, const char *action)
{
  const TkrKeyInfo *info;
  const char *custom;

  g_return_val_if_fail (TKR_IS_KEYMAP (self), "");
  g_return_val_if_fail (action != NULL, "");

  custom = g_hash_table_lookup (self->custom, action);
  if (custom != NULL)
    return custom;
  info = tkr_keymap_lookup (action);
  return info != NULL ? info->accelerator : "";
}

static gboolean
same_key (const char *a, const char *b)
{
  guint key_a = 0, key_b = 0;
  GdkModifierType mods_a = 0, mods_b = 0;

  if (a == NULL || b == NULL || *a == '\0' || *b == '\0')
    return FALSE;
  if (!gtk_accelerator_parse (a, &key_a, &mods_a) || !gtk_accelerator_parse (b, &key_b, &mods_b))
    return FALSE;
  return gdk_keyval_to_lower (key_a) == gdk_keyval_to_lower (key_b) && mods_a == mods_b;
}

const TkrKeyInfo *
tkr_keymap_find_owner (TkrKeymap *self, const char *accelerator, const char *except)
{
  g_return_val_if_fail (TKR_IS_KEYMAP (self), NULL);
  g_return_val_if_fail (accelerator != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if ((except == NULL || !g_str_equal (keys[i].action, except)) &&
        same_key (accelerator, tkr_keymap_get_accelerator (self, keys[i].action)))
      return &keys[i];
  return NULL;
}

gboolean
tkr_keymap_set_accelerator (TkrKeymap *self,
                            const char *action,
                            const char *accelerator,
                            GError **error)
{
  const TkrKeyInfo *info, *owner;
  guint key = 0;
  GdkModifierType mods = 0;

  g_return_val_if_fail (TKR_IS_KEYMAP (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (accelerator != NULL, FALSE);

  info = tkr_keymap_lookup (action);
  if (info == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _ ("No command “%s”"), action);
      return FALSE;
    }
  if (*accelerator != '\0')
    {
      g_autofree char *label = NULL;

      if (!gtk_accelerator_parse (accelerator, &key, &mods) || key == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _ ("“%s” is not a key Turnkeeper can use"), accelerator);
          return FALSE;
        }
      label = gtk_accelerator_get_label (key, mods);
      /* A plain letter or digit would be taken from every text field. */
      if ((mods & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) == 0 &&
          !(key >= GDK_KEY_F1 && key <= GDK_KEY_F35))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _ ("%s would be taken from typing: use Ctrl or Alt with it"), label);
          return FALSE;
        }
      owner = tkr_keymap_find_owner (self, accelerator, action);
      if (owner != NULL)
        {
          /* Translators: a key ("Ctrl+R"), then a command ("React") */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _ ("%s is already used by “%s”"),
                       label, _ (owner->title));
          return FALSE;
        }
    }

  if (g_str_equal (accelerator, info->accelerator))
    g_hash_table_remove (self->custom, action);
  else
    g_hash_table_insert (self->custom, g_strdup (action), g_strdup (accelerator));
  if (self->settings != NULL)
    g_signal_handlers_block_by_func (self->settings, settings_changed_cb, self);
  save_settings (self);
  if (self->settings != NULL)
    g_signal_handlers_unblock_by_func (self->settings, settings_changed_cb, self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

void
tkr_keymap_reset (TkrKeymap *self)
{
  g_return_if_fail (TKR_IS_KEYMAP (self));

  g_hash_table_remove_all (self->custom);
  if (self->settings != NULL)
    {
      g_signal_handlers_block_by_func (self->settings, settings_changed_cb, self);
      g_settings_reset (self->settings, SETTINGS_KEY);
      g_signal_handlers_unblock_by_func (self->settings, settings_changed_cb, self);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

/* The window's own shortcuts run these; the application binds the rest. */
static gboolean
is_application_action (const char *action)
{
  return (g_str_has_prefix (action, "app.") || g_str_has_prefix (action, "win.")) &&
         !g_str_equal (action, "win.command-palette");
}

void
tkr_keymap_apply_to_application (TkrKeymap *self, GtkApplication *application)
{
  g_return_if_fail (TKR_IS_KEYMAP (self));
  g_return_if_fail (GTK_IS_APPLICATION (application));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *accelerator = tkr_keymap_get_accelerator (self, keys[i].action);
      const char *accels[] = { accelerator, NULL };
      const char *none[] = { NULL };

      if (is_application_action (keys[i].action))
        gtk_application_set_accels_for_action (application, keys[i].action,
                                               *accelerator != '\0' ? accels : none);
    }
}

/* The shortcuts window, as GtkBuilder XML from the table. */

static void
append_shortcut (GString *xml, const char *title, const char *accelerator)
{
  g_autofree char *escaped_title = NULL;
  g_autofree char *escaped_accel = NULL;

  if (accelerator == NULL || *accelerator == '\0')
    return;
  escaped_title = g_markup_escape_text (title, -1);
  escaped_accel = g_markup_escape_text (accelerator, -1);
  g_string_append_printf (xml,
                          "<child><object class=\"GtkShortcutsShortcut\">"
                          "<property name=\"title\">%s</property>"
                          "<property name=\"accelerator\">%s</property>"
                          "</object></child>",
                          escaped_title, escaped_accel);
}

static void
begin_group (GString *xml, const char *title)
{
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  g_string_append_printf (xml,
                          "<child><object class=\"GtkShortcutsGroup\">"
                          "<property name=\"title\">%s</property>",
                          escaped);
}

static const char *
system_title (const char *system, const char *action)
{
  for (guint i = 0; i < G_N_ELEMENTS (system_words); i++)
    if (g_str_equal (system_words[i].system, system) &&
        g_str_equal (system_words[i].action, action))
      return _ (system_words[i].title);
  return _ (tkr_keymap_lookup (action)->title);
}

/* Whether every rule system has @command. */
static gboolean
supported_everywhere (GPtrArray *trackers, TkrQuickCommand command)
{
  for (guint i = 0; i < trackers->len; i++)
    if (!tkr_quick_supports (g_ptr_array_index (trackers, i), command))
      return FALSE;
  return TRUE;
}

static gboolean
is_quick_key (const char *action, TkrQuickCommand *command)
{
  for (guint i = 0; i < G_N_ELEMENTS (quick_keys); i++)
    if (g_str_equal (quick_keys[i].action, action))
      {
        *command = quick_keys[i].command;
        return TRUE;
      }
  return FALSE;
}

GtkWindow *
tkr_keymap_new_shortcuts_window (TkrKeymap *self)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();
  g_autoptr (GPtrArray) trackers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) xml = g_string_new (NULL);
  g_autoptr (GtkBuilder) builder = NULL;
  g_autoptr (GError) error = NULL;
  GObject *window;

  g_return_val_if_fail (TKR_IS_KEYMAP (self), NULL);

  /* Which fight keys each system has, asked of its own encounter. */
  for (guint i = 0; systems[i] != NULL; i++)
    {
      g_autoptr (TkrRules) rules = tkr_rules_new_from_resource (systems[i], NULL);
      g_autoptr (TkrHistory) history = tkr_history_new ();
      TkrTracker *tracker = rules != NULL ? tkr_tracker_new_for_rules (rules, history, NULL) : NULL;

      if (tracker == NULL)
        continue;
      g_ptr_array_add (trackers, tracker);
      g_ptr_array_add (ids, (gpointer) systems[i]);
      g_ptr_array_add (names, g_strdup (tkr_rules_translate (tkr_rules_get_name (rules))));
    }

  g_string_append (xml, "<interface><object class=\"GtkShortcutsWindow\" id=\"help_overlay\">"
                        "<property name=\"modal\">True</property>"
                        "<child><object class=\"GtkShortcutsSection\">"
                        "<property name=\"section-name\">shortcuts</property>"
                        "<property name=\"max-height\">12</property>");
  /* What every system shares. */
  for (TkrKeyGroup group = TKR_KEY_GROUP_GENERAL; group <= TKR_KEY_GROUP_END; group++)
    {
      begin_group (xml, tkr_key_group_get_title (group));
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          TkrQuickCommand command;

          if (keys[i].group != group)
            continue;
          if (is_quick_key (keys[i].action, &command) && !supported_everywhere (trackers, command))
            continue;
          append_shortcut (xml, _ (keys[i].title),
                           tkr_keymap_get_accelerator (self, keys[i].action));
        }
      g_string_append (xml, "</object></child>");
    }
  /* Each system's own: its fight keys in its words, and its view's keys. */
  for (guint s = 0; s < trackers->len; s++)
    {
      TkrEncounter *encounter = g_ptr_array_index (trackers, s);
      const char *id = g_ptr_array_index (ids, s);

      begin_group (xml, g_ptr_array_index (names, s));
      for (guint i = 0; i < G_N_ELEMENTS (quick_keys); i++)
        if (tkr_quick_supports (encounter, quick_keys[i].command))
          append_shortcut (xml, system_title (id, quick_keys[i].action),
                           tkr_keymap_get_accelerator (self, quick_keys[i].action));
      for (guint i = 0; i < G_N_ELEMENTS (view_keys); i++)
        if (g_str_equal (view_keys[i].system, id))
          append_shortcut (xml, _ (view_keys[i].title), view_keys[i].accelerator);
      g_string_append (xml, "</object></child>");
    }
  g_string_append (xml, "</object></child></object></interface>");

  builder = gtk_builder_new ();
  if (!gtk_builder_add_from_string (builder, xml->str, xml->len, &error))
    g_error ("The shortcuts window does not build: %s", error->message);
  window = gtk_builder_get_object (builder, "help_overlay");
  return GTK_WINDOW (g_object_ref_sink (window));
}
