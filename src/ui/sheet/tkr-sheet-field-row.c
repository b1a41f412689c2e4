/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-sheet-field-row.h"

#define ROW_RESOURCE(name) "/io/github/turnkeeper/Turnkeeper/tkr-sheet-" name "-row.ui"

/* What every row does with its item: its title and description, the label
 * of a refused value, a toast when a value is refused, and the mark of a
 * field an encounter reads. */

static gboolean
empty_to_null (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text != NULL && *text != '\0' ? text : NULL);
  return TRUE;
}

static void
refused_cb (TkrSheetFieldItem *item, const char *message, GtkWidget *row)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (row, ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (message, -1);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (escaped));
    }
}

static void
bind_common (GtkWidget *row, TkrSheetFieldItem *item, GtkLabel *error)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (item);
  g_autofree char *name = NULL;
  g_autofree char *description = NULL;

  g_object_get (item, "name", &name, "description", &description, NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  if (description != NULL)
    {
      /* A plain row says it under its title; where the subtitle is taken
       * (a choice shows itself there) or there is none, it is the
       * tooltip. */
      if (ADW_IS_ACTION_ROW (row) && !ADW_IS_COMBO_ROW (row))
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), description);
      else
        gtk_widget_set_tooltip_text (row, description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      description, -1);
    }
  if (info != NULL && info->encounter)
    gtk_widget_add_css_class (row, "tkr-encounter-field");

  /* The label is in the row and only its text changes: nothing moves. */
  g_object_bind_property (item, "error", error, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property_full (item, "error", error, "tooltip-text", G_BINDING_SYNC_CREATE,
                               empty_to_null, NULL, NULL, NULL);
  g_signal_connect_object (item, "refused", G_CALLBACK (refused_cb), row, 0);
}

static void
label_accessible (GtkWidget *widget, const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

/* A spin button follows @property of @item, and typing in it is an edit. */
static void
bind_spin (GtkSpinButton *spin, TkrSheetFieldItem *item, const char *property)
{
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (spin);

  g_object_bind_property (item, property, adjustment, "value",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
}

enum
{
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *
item_pspec_new (void)
{
  return g_param_spec_object ("item", NULL, NULL, TKR_TYPE_SHEET_FIELD_ITEM,
                              G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
}

/* Every row keeps its item, given at construction. */
#define ROW_ITEM_PROPERTY(Type, type)                                                              \
  static void type##_set_property (GObject *object, guint prop_id, const GValue *value,            \
                                   GParamSpec *pspec)                                              \
  {                                                                                                \
    Type *self = (Type *) object;                                                                  \
                                                                                                   \
    if (prop_id == PROP_ITEM)                                                                      \
      self->item = g_value_dup_object (value);                                                     \
    else                                                                                           \
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);                                  \
  }                                                                                                \
  static void type##_finalize (GObject *object)                                                    \
  {                                                                                                \
    g_clear_object (&((Type *) object)->item);                                                     \
    G_OBJECT_CLASS (type##_parent_class)->finalize (object);                                       \
  }

/* Numbers and modifiers */

struct _TkrSheetNumberRow
{
  AdwActionRow parent_instance;

  TkrSheetFieldItem *item;
  GtkLabel *error;
  GtkSpinButton *spin;
};

G_DEFINE_FINAL_TYPE (TkrSheetNumberRow, tkr_sheet_number_row, ADW_TYPE_ACTION_ROW)
ROW_ITEM_PROPERTY (TkrSheetNumberRow, tkr_sheet_number_row)

/* A modifier shows its sign. */
static gboolean
signed_output_cb (GtkSpinButton *spin, gpointer user_data)
{
  g_autofree char *text = g_strdup_printf ("%+d", gtk_spin_button_get_value_as_int (spin));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static void
tkr_sheet_number_row_constructed (GObject *object)
{
  TkrSheetNumberRow *self = TKR_SHEET_NUMBER_ROW (object);
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (self->spin);
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (self->item);

  G_OBJECT_CLASS (tkr_sheet_number_row_parent_class)->constructed (object);

  bind_common (GTK_WIDGET (self), self->item, self->error);
  label_accessible (GTK_WIDGET (self->spin),
                    adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)));
  if (info->kind == TKR_SHEET_FIELD_MODIFIER)
    g_signal_connect (self->spin, "output", G_CALLBACK (signed_output_cb), NULL);
  g_object_bind_property (self->item, "lower", adjustment, "lower", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->item, "upper", adjustment, "upper", G_BINDING_SYNC_CREATE);
  bind_spin (self->spin, self->item, "value");
}

static void
tkr_sheet_number_row_class_init (TkrSheetNumberRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = tkr_sheet_number_row_set_property;
  object_class->finalize = tkr_sheet_number_row_finalize;
  object_class->constructed = tkr_sheet_number_row_constructed;
  g_object_class_install_property (object_class, PROP_ITEM, item_pspec_new ());

  gtk_widget_class_set_template_from_resource (widget_class, ROW_RESOURCE ("number"));
  gtk_widget_class_bind_template_child (widget_class, TkrSheetNumberRow, error);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetNumberRow, spin);
}

static void
tkr_sheet_number_row_init (TkrSheetNumberRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Pools: the value of its maximum */

struct _TkrSheetPoolRow
{
  AdwActionRow parent_instance;

  TkrSheetFieldItem *item;
  GtkLabel *error;
  GtkSpinButton *spin;
  GtkSpinButton *maximum;
};

G_DEFINE_FINAL_TYPE (TkrSheetPoolRow, tkr_sheet_pool_row, ADW_TYPE_ACTION_ROW)
ROW_ITEM_PROPERTY (TkrSheetPoolRow, tkr_sheet_pool_row)

static void
tkr_sheet_pool_row_constructed (GObject *object)
{
  TkrSheetPoolRow *self = TKR_SHEET_POOL_ROW (object);
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (self->item);
  GtkAdjustment *current = gtk_spin_button_get_adjustment (self->spin);
  const char *name;
  g_autofree char *current_label = NULL;
  g_autofree char *maximum_label = NULL;

  G_OBJECT_CLASS (tkr_sheet_pool_row_parent_class)->constructed (object);

  bind_common (GTK_WIDGET (self), self->item, self->error);
  name = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self));
  /* Translators: the accessible name of a pool's box, "Mana, current" */
  current_label = g_strdup_printf (_ ("%s, current"), name);
  /* Translators: the accessible name of a pool's box, "Mana, maximum" */
  maximum_label = g_strdup_printf (_ ("%s, maximum"), name);
  label_accessible (GTK_WIDGET (self->spin), current_label);
  label_accessible (GTK_WIDGET (self->maximum), maximum_label);

  gtk_spin_button_set_range (self->maximum, info->min, MAX (info->min, info->max));
  /* The bounds first, so the value always fits them; the value goes up
   * to the maximum, and a lowered maximum takes the value with it
   * (core). */
  g_object_bind_property (self->item, "lower", current, "lower", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->item, "upper", current, "upper", G_BINDING_SYNC_CREATE);
  bind_spin (self->maximum, self->item, "maximum");
  bind_spin (self->spin, self->item, "value");
}

static void
tkr_sheet_pool_row_class_init (TkrSheetPoolRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = tkr_sheet_pool_row_set_property;
  object_class->finalize = tkr_sheet_pool_row_finalize;
  object_class->constructed = tkr_sheet_pool_row_constructed;
  g_object_class_install_property (object_class, PROP_ITEM, item_pspec_new ());

  gtk_widget_class_set_template_from_resource (widget_class, ROW_RESOURCE ("pool"));
  gtk_widget_class_bind_template_child (widget_class, TkrSheetPoolRow, error);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetPoolRow, spin);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetPoolRow, maximum);
}

static void
tkr_sheet_pool_row_init (TkrSheetPoolRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Choices */

struct _TkrSheetChoiceRow
{
  AdwComboRow parent_instance;

  TkrSheetFieldItem *item;
  GtkLabel *error;
};

G_DEFINE_FINAL_TYPE (TkrSheetChoiceRow, tkr_sheet_choice_row, ADW_TYPE_COMBO_ROW)
ROW_ITEM_PROPERTY (TkrSheetChoiceRow, tkr_sheet_choice_row)

static void
tkr_sheet_choice_row_constructed (GObject *object)
{
  TkrSheetChoiceRow *self = TKR_SHEET_CHOICE_ROW (object);
  g_autoptr (GListModel) choices = NULL;

  G_OBJECT_CLASS (tkr_sheet_choice_row_parent_class)->constructed (object);

  bind_common (GTK_WIDGET (self), self->item, self->error);
  label_accessible (GTK_WIDGET (self), adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)));
  g_object_get (self->item, "choices", &choices, NULL);
  adw_combo_row_set_model (ADW_COMBO_ROW (self), choices);
  g_object_bind_property (self->item, "selected", self, "selected",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
}

static void
tkr_sheet_choice_row_class_init (TkrSheetChoiceRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = tkr_sheet_choice_row_set_property;
  object_class->finalize = tkr_sheet_choice_row_finalize;
  object_class->constructed = tkr_sheet_choice_row_constructed;
  g_object_class_install_property (object_class, PROP_ITEM, item_pspec_new ());

  gtk_widget_class_set_template_from_resource (widget_class, ROW_RESOURCE ("choice"));
  gtk_widget_class_bind_template_child (widget_class, TkrSheetChoiceRow, error);
}

static void
tkr_sheet_choice_row_init (TkrSheetChoiceRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Texts: applied with the row's button or Enter */

struct _TkrSheetTextRow
{
  AdwEntryRow parent_instance;

  TkrSheetFieldItem *item;
  GtkLabel *error;
};

G_DEFINE_FINAL_TYPE (TkrSheetTextRow, tkr_sheet_text_row, ADW_TYPE_ENTRY_ROW)
ROW_ITEM_PROPERTY (TkrSheetTextRow, tkr_sheet_text_row)

static void
apply_cb (TkrSheetTextRow *self)
{
  tkr_sheet_field_item_set_text (self->item, gtk_editable_get_text (GTK_EDITABLE (self)));
}

static void
tkr_sheet_text_row_constructed (GObject *object)
{
  TkrSheetTextRow *self = TKR_SHEET_TEXT_ROW (object);

  G_OBJECT_CLASS (tkr_sheet_text_row_parent_class)->constructed (object);

  bind_common (GTK_WIDGET (self), self->item, self->error);
  g_object_bind_property (self->item, "text", self, "text", G_BINDING_SYNC_CREATE);
}

static void
tkr_sheet_text_row_class_init (TkrSheetTextRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = tkr_sheet_text_row_set_property;
  object_class->finalize = tkr_sheet_text_row_finalize;
  object_class->constructed = tkr_sheet_text_row_constructed;
  g_object_class_install_property (object_class, PROP_ITEM, item_pspec_new ());

  gtk_widget_class_set_template_from_resource (widget_class, ROW_RESOURCE ("text"));
  gtk_widget_class_bind_template_child (widget_class, TkrSheetTextRow, error);
  gtk_widget_class_bind_template_callback (widget_class, apply_cb);
}

static void
tkr_sheet_text_row_init (TkrSheetTextRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Lists: a line per entry, and an entry to add one */

struct _TkrSheetLineRow
{
  AdwActionRow parent_instance;

  TkrSheetFieldItem *item;
  GtkWidget *remove;
};

G_DEFINE_FINAL_TYPE (TkrSheetLineRow, tkr_sheet_line_row, ADW_TYPE_ACTION_ROW)

static void
remove_clicked_cb (TkrSheetLineRow *self)
{
  int index = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (self));

  if (index >= 0)
    tkr_sheet_field_item_remove_line (self->item, index);
}

static void
tkr_sheet_line_row_finalize (GObject *object)
{
  g_clear_object (&TKR_SHEET_LINE_ROW (object)->item);
  G_OBJECT_CLASS (tkr_sheet_line_row_parent_class)->finalize (object);
}

static void
tkr_sheet_line_row_class_init (TkrSheetLineRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tkr_sheet_line_row_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, ROW_RESOURCE ("line"));
  gtk_widget_class_bind_template_child (widget_class, TkrSheetLineRow, remove);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
tkr_sheet_line_row_init (TkrSheetLineRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static GtkWidget *
line_row_new (gpointer string, gpointer user_data)
{
  TkrSheetLineRow *row = g_object_new (TKR_TYPE_SHEET_LINE_ROW, NULL);
  const char *line = gtk_string_object_get_string (string);
  /* Translators: the accessible name of a button, %s is a feat or a language */
  g_autofree char *label = g_strdup_printf (_ ("Remove %s"), line);

  row->item = g_object_ref (user_data);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), line);
  gtk_widget_set_tooltip_text (row->remove, label);
  label_accessible (row->remove, label);
  return GTK_WIDGET (row);
}

struct _TkrSheetListRow
{
  AdwExpanderRow parent_instance;

  TkrSheetFieldItem *item;
  GtkLabel *error;
  GtkListBox *lines;
  AdwEntryRow *add_entry;
};

G_DEFINE_FINAL_TYPE (TkrSheetListRow, tkr_sheet_list_row, ADW_TYPE_EXPANDER_ROW)
ROW_ITEM_PROPERTY (TkrSheetListRow, tkr_sheet_list_row)

static void
add_apply_cb (TkrSheetListRow *self)
{
  if (tkr_sheet_field_item_add_line (self->item,
                                     gtk_editable_get_text (GTK_EDITABLE (self->add_entry))))
    gtk_editable_set_text (GTK_EDITABLE (self->add_entry), "");
}

static void
tkr_sheet_list_row_constructed (GObject *object)
{
  TkrSheetListRow *self = TKR_SHEET_LIST_ROW (object);
  g_autoptr (GListModel) lines = NULL;
  const char *name;
  g_autofree char *add_title = NULL;

  G_OBJECT_CLASS (tkr_sheet_list_row_parent_class)->constructed (object);

  bind_common (GTK_WIDGET (self), self->item, self->error);
  name = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self));
  label_accessible (GTK_WIDGET (self), name);
  /* Translators: the title of the entry that adds a line to a list such as "Feats" */
  add_title = g_strdup_printf (_ ("Add to %s"), name);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->add_entry), add_title);
  g_object_bind_property (self->item, "summary", self, "subtitle", G_BINDING_SYNC_CREATE);
  g_object_get (self->item, "lines", &lines, NULL);
  gtk_list_box_bind_model (self->lines, lines, line_row_new, g_object_ref (self->item),
                           g_object_unref);
}

static void
tkr_sheet_list_row_class_init (TkrSheetListRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = tkr_sheet_list_row_set_property;
  object_class->finalize = tkr_sheet_list_row_finalize;
  object_class->constructed = tkr_sheet_list_row_constructed;
  g_object_class_install_property (object_class, PROP_ITEM, item_pspec_new ());

  gtk_widget_class_set_template_from_resource (widget_class, ROW_RESOURCE ("list"));
  gtk_widget_class_bind_template_child (widget_class, TkrSheetListRow, error);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetListRow, lines);
  gtk_widget_class_bind_template_child (widget_class, TkrSheetListRow, add_entry);
  gtk_widget_class_bind_template_callback (widget_class, add_apply_cb);
}

static void
tkr_sheet_list_row_init (TkrSheetListRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* The factory and the parts */

GtkWidget *
tkr_sheet_field_row_new (gpointer item, gpointer user_data)
{
  const TkrSheetFieldInfo *info = tkr_sheet_field_item_get_info (item);
  GType type;

  switch (info->kind)
    {
    case TKR_SHEET_FIELD_POOL:
      type = TKR_TYPE_SHEET_POOL_ROW;
      break;
    case TKR_SHEET_FIELD_CHOICE:
      type = TKR_TYPE_SHEET_CHOICE_ROW;
      break;
    case TKR_SHEET_FIELD_TEXT:
      type = TKR_TYPE_SHEET_TEXT_ROW;
      break;
    case TKR_SHEET_FIELD_LIST:
      type = TKR_TYPE_SHEET_LIST_ROW;
      break;
    case TKR_SHEET_FIELD_NUMBER:
    case TKR_SHEET_FIELD_MODIFIER:
    default:
      type = TKR_TYPE_SHEET_NUMBER_ROW;
      break;
    }
  return g_object_new (type, "item", item, NULL);
}

GtkWidget *
tkr_sheet_field_row_get_control (GtkWidget *row)
{
  if (TKR_IS_SHEET_NUMBER_ROW (row))
    return GTK_WIDGET (TKR_SHEET_NUMBER_ROW (row)->spin);
  if (TKR_IS_SHEET_POOL_ROW (row))
    return GTK_WIDGET (TKR_SHEET_POOL_ROW (row)->spin);
  if (TKR_IS_SHEET_CHOICE_ROW (row) || TKR_IS_SHEET_TEXT_ROW (row) || TKR_IS_SHEET_LIST_ROW (row))
    return row;
  return NULL;
}

GtkWidget *
tkr_sheet_field_row_get_maximum (GtkWidget *row)
{
  return TKR_IS_SHEET_POOL_ROW (row) ? GTK_WIDGET (TKR_SHEET_POOL_ROW (row)->maximum) : NULL;
}

GtkWidget *
tkr_sheet_field_row_get_error (GtkWidget *row)
{
  if (TKR_IS_SHEET_NUMBER_ROW (row))
    return GTK_WIDGET (TKR_SHEET_NUMBER_ROW (row)->error);
  if (TKR_IS_SHEET_POOL_ROW (row))
    return GTK_WIDGET (TKR_SHEET_POOL_ROW (row)->error);
  if (TKR_IS_SHEET_CHOICE_ROW (row))
    return GTK_WIDGET (TKR_SHEET_CHOICE_ROW (row)->error);
  if (TKR_IS_SHEET_TEXT_ROW (row))
    return GTK_WIDGET (TKR_SHEET_TEXT_ROW (row)->error);
  if (TKR_IS_SHEET_LIST_ROW (row))
    return GTK_WIDGET (TKR_SHEET_LIST_ROW (row)->error);
  return NULL;
}

GtkWidget *
tkr_sheet_field_row_get_add_entry (GtkWidget *row)
{
  return TKR_IS_SHEET_LIST_ROW (row) ? GTK_WIDGET (TKR_SHEET_LIST_ROW (row)->add_entry) : NULL;
}
