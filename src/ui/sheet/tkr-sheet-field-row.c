/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-sheet-field-row.h"

struct _TkrSheetFieldItem
{
  GObject parent_instance;

  TkrCharacter *character;
  TkrRules *rules;
  TkrHistory *history;
  char *id;
};

G_DEFINE_FINAL_TYPE (TkrSheetFieldItem, tkr_sheet_field_item, G_TYPE_OBJECT)

static void
tkr_sheet_field_item_finalize (GObject *object)
{
  TkrSheetFieldItem *self = TKR_SHEET_FIELD_ITEM (object);

  g_clear_object (&self->character);
  g_clear_object (&self->rules);
  g_clear_object (&self->history);
  g_free (self->id);
  G_OBJECT_CLASS (tkr_sheet_field_item_parent_class)->finalize (object);
}

static void
tkr_sheet_field_item_class_init (TkrSheetFieldItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tkr_sheet_field_item_finalize;
}

static void
tkr_sheet_field_item_init (TkrSheetFieldItem *self)
{
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

/* The row */

typedef struct
{
  TkrSheetFieldItem *item;
  GtkWidget *row;
  GtkSpinButton *spin;
  GtkSpinButton *maximum;
  AdwComboRow *combo;
  AdwEntryRow *entry;
  AdwExpanderRow *expander;
  GtkListBox *lines;
  GtkLabel *error;
  /* Set while the widgets follow the model: their signals are nobody's
   * edit. */
  gboolean updating;
} FieldRow;

static void
field_row_free (gpointer data)
{
  FieldRow *field_row = data;

  g_object_unref (field_row->item);
  g_free (field_row);
}

static gboolean
is_replaying (FieldRow *field_row)
{
  return field_row->updating ||
         (field_row->item->history != NULL && tkr_history_is_replaying (field_row->item->history));
}

static void
show_refusal (FieldRow *field_row, const GError *error)
{
  GtkWidget *overlay;

  /* The label is in the row and only its text changes: nothing moves. */
  gtk_label_set_label (field_row->error, error->message);
  gtk_widget_set_tooltip_text (GTK_WIDGET (field_row->error), error->message);
  overlay = gtk_widget_get_ancestor (field_row->row, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (error->message, -1);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (escaped));
    }
}

static void
clear_refusal (FieldRow *field_row)
{
  gtk_label_set_label (field_row->error, "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (field_row->error), NULL);
}

static void update_lines (FieldRow *field_row);

/* The widgets follow the model. */
static void
update (FieldRow *field_row)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (field_row->item);
  TkrCharacter *character = field_row->item->character;
  int value, maximum;

  if (info == NULL)
    return;
  field_row->updating = TRUE;
  value = info->default_value;
  tkr_character_get_field (character, info->id, &value);
  switch (info->kind)
    {
    case TKR_SHEET_FIELD_NUMBER:
    case TKR_SHEET_FIELD_MODIFIER:
      gtk_spin_button_set_value (field_row->spin, value);
      break;
    case TKR_SHEET_FIELD_POOL:
      {
        g_autofree char *max_id = g_strconcat (info->id, TKR_SHEET_POOL_MAX_SUFFIX, NULL);

        maximum = info->default_value;
        tkr_character_get_field (character, max_id, &maximum);
        /* The maximum first, so the current value fits its range. */
        gtk_spin_button_set_range (field_row->spin, info->min, MAX (maximum, info->min));
        gtk_spin_button_set_value (field_row->maximum, maximum);
        gtk_spin_button_set_value (field_row->spin, value);
      }
      break;
    case TKR_SHEET_FIELD_CHOICE:
      for (guint c = 0; c < info->n_choices; c++)
        if (info->choices[c] == value)
          adw_combo_row_set_selected (field_row->combo, c);
      break;
    case TKR_SHEET_FIELD_TEXT:
      {
        const char *text = tkr_character_get_text (character, info->id);
        gtk_editable_set_text (GTK_EDITABLE (field_row->entry), text ? text : "");
      }
      break;
    case TKR_SHEET_FIELD_LIST:
      update_lines (field_row);
      break;
    default:
      break;
    }
  field_row->updating = FALSE;
}

/* Connected swapped, with the row as the instance, so it ends with it. */
static void
character_changed_cb (GtkWidget *row, GParamSpec *pspec, TkrCharacter *character)
{
  update (g_object_get_data (G_OBJECT (row), "tkr-field-row"));
}

static void
finish (FieldRow *field_row, gboolean ok, GError *error)
{
  if (ok)
    clear_refusal (field_row);
  else
    {
      show_refusal (field_row, error);
      update (field_row);
    }
}

static void
spin_changed_cb (GtkSpinButton *spin, FieldRow *field_row)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (field_row->item);
  TkrSheetFieldItem *item = field_row->item;
  g_autoptr (GError) error = NULL;
  int value = gtk_spin_button_get_value_as_int (field_row->spin);
  int old = G_MININT;
  gboolean ok;

  if (info == NULL || is_replaying (field_row))
    return;
  if (info->kind == TKR_SHEET_FIELD_POOL)
    {
      int maximum = gtk_spin_button_get_value_as_int (field_row->maximum);

      /* A lowered maximum takes the current value with it (core). */
      ok = tkr_character_set_pool_field (item->character, item->history, item->rules, info->id,
                                         value, maximum, &error);
    }
  else
    {
      if (tkr_character_get_field (item->character, info->id, &old) && old == value)
        return;
      ok = tkr_character_set_field (item->character, item->history, item->rules, info->id, value,
                                    &error);
    }
  finish (field_row, ok, error);
}

static void
combo_selected_cb (AdwComboRow *combo, GParamSpec *pspec, FieldRow *field_row)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (field_row->item);
  TkrSheetFieldItem *item = field_row->item;
  guint selected = adw_combo_row_get_selected (combo);
  g_autoptr (GError) error = NULL;
  int old;

  if (info == NULL || is_replaying (field_row) || selected >= info->n_choices)
    return;
  if (tkr_character_get_field (item->character, info->id, &old) && old == info->choices[selected])
    return;
  finish (field_row,
          tkr_character_set_field (item->character, item->history, item->rules, info->id,
                                   info->choices[selected], &error),
          error);
}

static void
entry_apply_cb (AdwEntryRow *entry, FieldRow *field_row)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (field_row->item);
  TkrSheetFieldItem *item = field_row->item;
  g_autoptr (GError) error = NULL;

  if (info == NULL || is_replaying (field_row))
    return;
  finish (field_row,
          tkr_character_set_text (item->character, item->history, item->rules, info->id,
                                  gtk_editable_get_text (GTK_EDITABLE (entry)), &error),
          error);
}

/* Lists: a line per entry with a remove button, and an entry to add. */

static void
set_lines (FieldRow *field_row, GStrv lines)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (field_row->item);
  TkrSheetFieldItem *item = field_row->item;
  g_autoptr (GError) error = NULL;

  if (info == NULL)
    return;
  finish (field_row,
          tkr_character_set_list (item->character, item->history, item->rules, info->id,
                                  (const char *const *) lines, &error),
          error);
}

static void
line_remove_clicked_cb (GtkButton *button, FieldRow *field_row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tkr-line"));
  g_auto (GStrv) lines = tkr_character_get_list (field_row->item->character, field_row->item->id);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) kept = NULL;

  for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
    if (i != index)
      g_strv_builder_add (builder, lines[i]);
  kept = g_strv_builder_end (builder);
  set_lines (field_row, kept);
}

static void
line_add_cb (AdwEntryRow *entry, FieldRow *field_row)
{
  g_auto (GStrv) lines = tkr_character_get_list (field_row->item->character, field_row->item->id);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) added = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (is_replaying (field_row) || text == NULL || *text == '\0')
    return;
  if (lines != NULL)
    g_strv_builder_addv (builder, (const char **) lines);
  g_strv_builder_add (builder, text);
  added = g_strv_builder_end (builder);
  set_lines (field_row, added);
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
update_lines (FieldRow *field_row)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (field_row->item);
  g_auto (GStrv) lines = tkr_character_get_list (field_row->item->character, field_row->item->id);
  GtkWidget *child;
  guint n = lines ? g_strv_length (lines) : 0;
  g_autofree char *count = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (field_row->lines))) != NULL)
    gtk_list_box_remove (field_row->lines, child);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      /* Translators: the accessible name of a button, %s is a feat or a language */
      g_autofree char *label = g_strdup_printf (_ ("Remove %s"), lines[i]);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), lines[i]);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (remove, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
      g_object_set_data (G_OBJECT (remove), "tkr-line", GUINT_TO_POINTER (i));
      g_signal_connect (remove, "clicked", G_CALLBACK (line_remove_clicked_cb), field_row);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      gtk_list_box_append (field_row->lines, row);
    }
  if (info != NULL)
    {
      count = g_strdup_printf (ngettext ("%u entry", "%u entries", n), n);
      adw_expander_row_set_subtitle (field_row->expander, count);
    }
}

static GtkSpinButton *
spin_new (int lower, int upper, const char *accessible_label)
{
  GtkSpinButton *spin =
    GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (lower, MAX (lower, upper), 1));

  gtk_spin_button_set_numeric (spin, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (spin), GTK_ALIGN_CENTER);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 5);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_label, -1);
  return spin;
}

/* A modifier shows its sign. */
static gboolean
signed_output_cb (GtkSpinButton *spin, gpointer user_data)
{
  g_autofree char *text = g_strdup_printf ("%+d", gtk_spin_button_get_value_as_int (spin));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

/* The label of a refused value: in the row, one line, so showing it moves
 * nothing; its whole text is its tooltip and a toast. */
static GtkLabel *
error_label_new (void)
{
  GtkWidget *label = gtk_label_new ("");

  gtk_widget_add_css_class (label, "error");
  gtk_widget_add_css_class (label, "tkr-error-label");
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (label, TRUE);
  return GTK_LABEL (label);
}

GtkWidget *
tkr_sheet_field_row_new (gpointer data, gpointer user_data)
{
  TkrSheetFieldItem *item = TKR_SHEET_FIELD_ITEM (data);
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (item);
  FieldRow *field_row = g_new0 (FieldRow, 1);
  const char *name = tkr_rules_translate (info->name);
  const char *description =
    info->description && *info->description ? tkr_rules_translate (info->description) : NULL;
  GtkWidget *row = NULL;
  GtkWidget *control = NULL;

  field_row->item = g_object_ref (item);
  field_row->error = error_label_new ();

  switch (info->kind)
    {
    case TKR_SHEET_FIELD_CHOICE:
      {
        g_autoptr (GtkStringList) choices = gtk_string_list_new (NULL);

        for (guint i = 0; i < info->n_choices; i++)
          {
            g_autofree char *number = g_strdup_printf ("%d", info->choices[i]);
            gtk_string_list_append (choices,
                                    info->labels ? tkr_rules_translate (info->labels[i]) : number);
          }
        row = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
        field_row->combo = ADW_COMBO_ROW (row);
        /* A choice shows itself as the subtitle, so a narrow window does
         * not squeeze it; the description is then the tooltip. */
        adw_combo_row_set_use_subtitle (field_row->combo, TRUE);
        if (description != NULL)
          gtk_widget_set_tooltip_text (row, description);
        gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                        -1);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (field_row->error));
        g_signal_connect (row, "notify::selected", G_CALLBACK (combo_selected_cb), field_row);
        control = row;
      }
      break;

    case TKR_SHEET_FIELD_TEXT:
      row = adw_entry_row_new ();
      field_row->entry = ADW_ENTRY_ROW (row);
      adw_entry_row_set_show_apply_button (field_row->entry, TRUE);
      /* Its title names it for screen readers. */
      if (description != NULL)
        gtk_widget_set_tooltip_text (row, description);
      adw_entry_row_add_suffix (field_row->entry, GTK_WIDGET (field_row->error));
      g_signal_connect (row, "apply", G_CALLBACK (entry_apply_cb), field_row);
      control = row;
      break;

    case TKR_SHEET_FIELD_LIST:
      {
        GtkWidget *add = adw_entry_row_new ();
        /* Translators: the title of the entry that adds a line to a list such as "Feats" */
        g_autofree char *add_title = g_strdup_printf (_ ("Add to %s"), name);

        row = adw_expander_row_new ();
        field_row->expander = ADW_EXPANDER_ROW (row);
        field_row->lines = GTK_LIST_BOX (gtk_list_box_new ());
        gtk_list_box_set_selection_mode (field_row->lines, GTK_SELECTION_NONE);
        gtk_widget_add_css_class (GTK_WIDGET (field_row->lines), "boxed-list");
        adw_expander_row_add_row (field_row->expander, GTK_WIDGET (field_row->lines));
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (add), add_title);
        adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (add), TRUE);
        g_signal_connect (add, "apply", G_CALLBACK (line_add_cb), field_row);
        adw_expander_row_add_row (field_row->expander, add);
        adw_expander_row_add_action (field_row->expander, GTK_WIDGET (field_row->error));
        gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                        -1);
        g_object_set_data (G_OBJECT (row), "tkr-add-entry", add);
        control = row;
      }
      break;

    case TKR_SHEET_FIELD_POOL:
      {
        /* Translators: the accessible name of a pool's box, "Mana, current" */
        g_autofree char *current_label = g_strdup_printf (_ ("%s, current"), name);
        /* Translators: the accessible name of a pool's box, "Mana, maximum" */
        g_autofree char *maximum_label = g_strdup_printf (_ ("%s, maximum"), name);
        GtkWidget *of = gtk_label_new (_ ("of"));

        row = adw_action_row_new ();
        field_row->spin = spin_new (info->min, info->max, current_label);
        field_row->maximum = spin_new (info->min, info->max, maximum_label);
        gtk_widget_add_css_class (of, "dim-label");
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (field_row->error));
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (field_row->spin));
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), of);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (field_row->maximum));
        g_signal_connect (field_row->spin, "value-changed", G_CALLBACK (spin_changed_cb),
                          field_row);
        g_signal_connect (field_row->maximum, "value-changed", G_CALLBACK (spin_changed_cb),
                          field_row);
        control = GTK_WIDGET (field_row->spin);
      }
      break;

    case TKR_SHEET_FIELD_NUMBER:
    case TKR_SHEET_FIELD_MODIFIER:
    default:
      row = adw_action_row_new ();
      field_row->spin = spin_new (info->min, info->max, name);
      if (info->kind == TKR_SHEET_FIELD_MODIFIER)
        g_signal_connect (field_row->spin, "output", G_CALLBACK (signed_output_cb), NULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (field_row->error));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (field_row->spin));
      g_signal_connect (field_row->spin, "value-changed", G_CALLBACK (spin_changed_cb), field_row);
      control = GTK_WIDGET (field_row->spin);
      break;
    }

  field_row->row = row;
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  if (description != NULL)
    {
      if (ADW_IS_EXPANDER_ROW (row))
        gtk_widget_set_tooltip_text (row, description);
      else if (ADW_IS_ACTION_ROW (row) && !ADW_IS_COMBO_ROW (row))
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      description, -1);
    }
  if (info->encounter)
    gtk_widget_add_css_class (row, "tkr-encounter-field");

  g_object_set_data_full (G_OBJECT (row), "tkr-field-row", field_row, field_row_free);
  g_object_set_data (G_OBJECT (row), "tkr-control", control);
  g_object_set_data (G_OBJECT (row), "tkr-maximum", field_row->maximum);
  g_object_set_data (G_OBJECT (row), "tkr-error", field_row->error);

  update (field_row);
  g_signal_connect_object (item->character, "notify::fields", G_CALLBACK (character_changed_cb),
                           row, G_CONNECT_SWAPPED);
  g_signal_connect_object (item->character, "notify::texts", G_CALLBACK (character_changed_cb), row,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (item->character, "notify::lists", G_CALLBACK (character_changed_cb), row,
                           G_CONNECT_SWAPPED);
  return row;
}
