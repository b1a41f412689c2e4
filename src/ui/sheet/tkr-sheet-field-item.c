/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-sheet-field-item.h"

struct _TkrSheetFieldItem
{
  GObject parent_instance;

  TkrCharacter *character;
  TkrRules *rules;
  TkrHistory *history;
  char *id;

  /* What the rows show, kept from the character. */
  int value;
  int maximum;
  char *text;
  GtkStringList *lines;
  GtkStringList *choices;
  char *error;
  /* Set while the item tells the rows what the character holds: what the
   * rows write back then is nobody's edit. */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (TkrSheetFieldItem, tkr_sheet_field_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_DESCRIPTION,
  PROP_VALUE,
  PROP_MAXIMUM,
  PROP_LOWER,
  PROP_UPPER,
  PROP_SELECTED,
  PROP_CHOICES,
  PROP_TEXT,
  PROP_LINES,
  PROP_SUMMARY,
  PROP_ERROR,
  N_PROPS
};

enum
{
  REFUSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static char *
pool_max_id (const char *id)
{
  return g_strconcat (id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);
}

static guint
selected_choice (TkrSheetFieldItem *self)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (self);

  for (guint c = 0; info != NULL && c < info->n_choices; c++)
    if (info->choices[c] == self->value)
      return c;
  return GTK_INVALID_LIST_POSITION;
}

static gboolean
lines_equal (GtkStringList *list, GStrv lines)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  if (n != (lines ? g_strv_length (lines) : 0))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), lines[i]) != 0)
      return FALSE;
  return TRUE;
}

/* Reads the character; notifies what changed, the maximum before the
 * value so a pool's value always fits its range. With @force, notifies
 * the value even when it did not change (a refused edit: the row shows
 * the kept value again). */
static void
refresh (TkrSheetFieldItem *self, gboolean force)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (self);
  int value, maximum;
  const char *text;
  g_auto (GStrv) lines = NULL;

  if (info == NULL)
    return;
  self->updating = TRUE;
  value = maximum = info->default_value;
  tkr_character_get_field (self->character, info->id, &value);
  if (info->kind == TKR_SHEET_FIELD_POOL)
    {
      g_autofree char *max_id = pool_max_id (info->id);

      tkr_character_get_field (self->character, max_id, &maximum);
      if (force || maximum != self->maximum)
        {
          self->maximum = maximum;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAXIMUM]);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UPPER]);
        }
    }
  if (force || value != self->value)
    {
      self->value = value;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
      if (info->kind == TKR_SHEET_FIELD_CHOICE)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
    }
  text = tkr_character_get_text (self->character, info->id);
  if (force || g_strcmp0 (text ? text : "", self->text) != 0)
    {
      g_free (self->text);
      self->text = g_strdup (text ? text : "");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
    }
  lines = tkr_character_get_list (self->character, info->id);
  if (!lines_equal (self->lines, lines))
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));

      gtk_string_list_splice (self->lines, 0, n, (const char *const *) lines);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
    }
  self->updating = FALSE;
}

static void
character_changed_cb (TkrSheetFieldItem *self)
{
  refresh (self, FALSE);
}

static void
set_error (TkrSheetFieldItem *self, const char *message)
{
  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* @error is read after the command ran, whatever order the arguments of
 * the call were evaluated in. */
static gboolean
finish (TkrSheetFieldItem *self, gboolean ok, GError **error)
{
  if (ok)
    set_error (self, "");
  else
    {
      set_error (self, (*error)->message);
      g_signal_emit (self, signals[REFUSED], 0, (*error)->message);
      refresh (self, TRUE);
    }
  return ok;
}

/* Whether a row's write is a user's edit, not the row following the
 * character (while it changes, or while the history replays a step). */
static gboolean
is_edit (TkrSheetFieldItem *self)
{
  return !self->updating && tkr_sheet_field_item_get_info (self) != NULL &&
         (self->history == NULL || !tkr_history_is_replaying (self->history));
}

static gboolean
set_pool (TkrSheetFieldItem *self, int value, int maximum)
{
  g_autoptr (GError) error = NULL;

  if (value == self->value && maximum == self->maximum)
    return TRUE;
  /* A lowered maximum takes the current value with it (core). */
  return finish (self,
                 tkr_character_set_pool_field (self->character, self->history, self->rules,
                                               self->id, value, maximum, &error),
                 &error);
}

gboolean
tkr_sheet_field_item_set_value (TkrSheetFieldItem *self, int value)
{
  const TkrSheetFieldInfo *info;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), FALSE);

  if (!is_edit (self))
    return FALSE;
  info = tkr_sheet_field_item_get_info (self);
  if (info->kind == TKR_SHEET_FIELD_POOL)
    return set_pool (self, value, self->maximum);
  if (value == self->value)
    return TRUE;
  return finish (
    self,
    tkr_character_set_field (self->character, self->history, self->rules, self->id, value, &error),
    &error);
}

gboolean
tkr_sheet_field_item_set_maximum (TkrSheetFieldItem *self, int maximum)
{
  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), FALSE);

  if (!is_edit (self))
    return FALSE;
  return set_pool (self, self->value, maximum);
}

gboolean
tkr_sheet_field_item_set_text (TkrSheetFieldItem *self, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), FALSE);

  if (!is_edit (self))
    return FALSE;
  return finish (
    self,
    tkr_character_set_text (self->character, self->history, self->rules, self->id, text, &error),
    &error);
}

static gboolean
set_lines (TkrSheetFieldItem *self, GStrv lines)
{
  g_autoptr (GError) error = NULL;

  return finish (self,
                 tkr_character_set_list (self->character, self->history, self->rules, self->id,
                                         (const char *const *) lines, &error),
                 &error);
}

gboolean
tkr_sheet_field_item_add_line (TkrSheetFieldItem *self, const char *line)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) added = NULL;

  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), FALSE);

  if (!is_edit (self) || line == NULL || *line == '\0')
    return FALSE;
  lines = tkr_character_get_list (self->character, self->id);
  if (lines != NULL)
    g_strv_builder_addv (builder, (const char **) lines);
  g_strv_builder_add (builder, line);
  added = g_strv_builder_end (builder);
  return set_lines (self, added);
}

gboolean
tkr_sheet_field_item_remove_line (TkrSheetFieldItem *self, guint index)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) kept = NULL;

  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), FALSE);

  if (!is_edit (self))
    return FALSE;
  lines = tkr_character_get_list (self->character, self->id);
  for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
    if (i != index)
      g_strv_builder_add (builder, lines[i]);
  kept = g_strv_builder_end (builder);
  return set_lines (self, kept);
}

int
tkr_sheet_field_item_get_value (TkrSheetFieldItem *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), 0);
  return self->value;
}

int
tkr_sheet_field_item_get_maximum (TkrSheetFieldItem *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), 0);
  return self->maximum;
}

static const char *
translated (const char *text)
{
  return text != NULL && *text != '\0' ? tkr_rules_translate (text) : NULL;
}

static void
tkr_sheet_field_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrSheetFieldItem *self = TKR_SHEET_FIELD_ITEM (object);
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (self);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, info ? translated (info->name) : NULL);
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, info ? translated (info->description) : NULL);
      break;
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;
    case PROP_MAXIMUM:
      g_value_set_int (value, self->maximum);
      break;
    case PROP_LOWER:
      g_value_set_double (value, info ? info->min : 0);
      break;
    case PROP_UPPER:
      /* A pool's value goes up to its maximum. */
      if (info != NULL && info->kind == TKR_SHEET_FIELD_POOL)
        g_value_set_double (value, MAX (self->maximum, info->min));
      else
        g_value_set_double (value, info ? MAX (info->max, info->min) : 0);
      break;
    case PROP_SELECTED:
      g_value_set_uint (value, selected_choice (self));
      break;
    case PROP_CHOICES:
      g_value_set_object (value, self->choices);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_LINES:
      g_value_set_object (value, self->lines);
      break;
    case PROP_SUMMARY:
      {
        guint n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
        g_value_take_string (value, g_strdup_printf (ngettext ("%u entry", "%u entries", n), n));
      }
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_sheet_field_item_set_property (GObject *object,
                                   guint prop_id,
                                   const GValue *value,
                                   GParamSpec *pspec)
{
  TkrSheetFieldItem *self = TKR_SHEET_FIELD_ITEM (object);
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (self);

  switch (prop_id)
    {
    case PROP_VALUE:
      tkr_sheet_field_item_set_value (self, g_value_get_int (value));
      break;
    case PROP_MAXIMUM:
      tkr_sheet_field_item_set_maximum (self, g_value_get_int (value));
      break;
    case PROP_SELECTED:
      if (info != NULL && g_value_get_uint (value) < info->n_choices)
        tkr_sheet_field_item_set_value (self, info->choices[g_value_get_uint (value)]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_sheet_field_item_finalize (GObject *object)
{
  TkrSheetFieldItem *self = TKR_SHEET_FIELD_ITEM (object);

  g_clear_object (&self->character);
  g_clear_object (&self->rules);
  g_clear_object (&self->history);
  g_clear_object (&self->lines);
  g_clear_object (&self->choices);
  g_free (self->id);
  g_free (self->text);
  g_free (self->error);
  G_OBJECT_CLASS (tkr_sheet_field_item_parent_class)->finalize (object);
}

static void
tkr_sheet_field_item_class_init (TkrSheetFieldItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags read = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags write = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tkr_sheet_field_item_finalize;
  object_class->get_property = tkr_sheet_field_item_get_property;
  object_class->set_property = tkr_sheet_field_item_set_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, read);
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL, read);
  /* Writing "value", "maximum" or "selected" is an edit (one undo step). */
  properties[PROP_VALUE] = g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT, 0, write);
  properties[PROP_MAXIMUM] = g_param_spec_int ("maximum", NULL, NULL, G_MININT, G_MAXINT, 0, write);
  /* Doubles, as a GtkAdjustment's bounds are. */
  properties[PROP_LOWER] =
    g_param_spec_double ("lower", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, read);
  properties[PROP_UPPER] =
    g_param_spec_double ("upper", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, read);
  properties[PROP_SELECTED] =
    g_param_spec_uint ("selected", NULL, NULL, 0, G_MAXUINT, GTK_INVALID_LIST_POSITION, write);
  properties[PROP_CHOICES] = g_param_spec_object ("choices", NULL, NULL, G_TYPE_LIST_MODEL, read);
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, "", read);
  properties[PROP_LINES] = g_param_spec_object ("lines", NULL, NULL, G_TYPE_LIST_MODEL, read);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, read);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, "", read);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A refused edit, with its reason in words. */
  signals[REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tkr_sheet_field_item_init (TkrSheetFieldItem *self)
{
  self->lines = gtk_string_list_new (NULL);
  self->choices = gtk_string_list_new (NULL);
  self->text = g_strdup ("");
  self->error = g_strdup ("");
}

TkrSheetFieldItem *
tkr_sheet_field_item_new (TkrCharacter *character,
                          TkrRules *rules,
                          TkrHistory *history,
                          const TkrSheetFieldInfo *info)
{
  TkrSheetFieldItem *self;

  g_return_val_if_fail (TKR_IS_CHARACTER (character), NULL);
  g_return_val_if_fail (TKR_IS_RULES (rules), NULL);
  g_return_val_if_fail (info != NULL, NULL);

  self = g_object_new (TKR_TYPE_SHEET_FIELD_ITEM, NULL);
  self->character = g_object_ref (character);
  self->rules = g_object_ref (rules);
  self->history = history ? g_object_ref (history) : NULL;
  self->id = g_strdup (info->id);
  for (guint i = 0; i < info->n_choices; i++)
    {
      g_autofree char *number = g_strdup_printf ("%d", info->choices[i]);
      gtk_string_list_append (self->choices,
                              info->labels ? tkr_rules_translate (info->labels[i]) : number);
    }
  refresh (self, TRUE);
  g_signal_connect_object (character, "notify::fields", G_CALLBACK (character_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (character, "notify::texts", G_CALLBACK (character_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (character, "notify::lists", G_CALLBACK (character_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}

TkrCharacter *
tkr_sheet_field_item_get_character (TkrSheetFieldItem *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), NULL);
  return self->character;
}

const TkrSheetFieldInfo *
tkr_sheet_field_item_get_info (TkrSheetFieldItem *self)
{
  g_return_val_if_fail (TKR_IS_SHEET_FIELD_ITEM (self), NULL);
  return tkr_rules_lookup_sheet_field (self->rules, self->id);
}
GPtrArray *
tkr_sheet_field_items_by_section (TkrCharacter *character, TkrRules *rules, TkrHistory *history)
{
  GPtrArray *sections = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_sections = tkr_rules_get_n_sheet_sections (rules);

  for (guint s = 0; s <= n_sections; s++)
    g_ptr_array_add (sections, g_list_store_new (TKR_TYPE_SHEET_FIELD_ITEM));
  for (guint i = 0; i < tkr_rules_get_n_sheet_fields (rules); i++)
    {
      const TkrSheetFieldInfo *info = tkr_rules_get_sheet_field (rules, i);
      g_autoptr (TkrSheetFieldItem) item =
        tkr_sheet_field_item_new (character, rules, history, info);
      guint index = n_sections;

      for (guint s = 0; info->section != NULL && s < n_sections; s++)
        if (g_strcmp0 (tkr_rules_get_sheet_section (rules, s)->id, info->section) == 0)
          index = s;
      g_list_store_append (sections->pdata[index], item);
    }
  return sections;
}

char *
tkr_sheet_field_format (const TkrSheetFieldInfo *info, TkrCharacter *character)
{
  g_autofree char *max_id = NULL;
  int value = info->default_value, maximum = info->default_value;

  switch (info->kind)
    {
    case TKR_SHEET_FIELD_TEXT:
      return g_strdup (tkr_character_get_text (character, info->id)
                         ? tkr_character_get_text (character, info->id)
                         : "");
    case TKR_SHEET_FIELD_LIST:
      {
        g_auto (GStrv) lines = tkr_character_get_list (character, info->id);
        return lines ? g_strjoinv (", ", lines) : g_strdup ("");
      }
    case TKR_SHEET_FIELD_POOL:
      max_id = g_strconcat (info->id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);
      tkr_character_get_field (character, info->id, &value);
      tkr_character_get_field (character, max_id, &maximum);
      /* Translators: a pool's current value of its maximum, "3 / 5" */
      return g_strdup_printf (_ ("%d / %d"), value, maximum);
    case TKR_SHEET_FIELD_MODIFIER:
      tkr_character_get_field (character, info->id, &value);
      return g_strdup_printf ("%+d", value);
    case TKR_SHEET_FIELD_CHOICE:
      {
        const char *label;

        tkr_character_get_field (character, info->id, &value);
        label = tkr_sheet_field_info_get_label (info, value);
        return label ? g_strdup (tkr_rules_translate (label)) : g_strdup_printf ("%d", value);
      }
    case TKR_SHEET_FIELD_NUMBER:
    default:
      tkr_character_get_field (character, info->id, &value);
      return g_strdup_printf ("%d", value);
    }
}
