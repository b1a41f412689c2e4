/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-save-row.h"

struct _TkrSaveRow
{
  GtkListBoxRow parent_instance;

  TkrEncounter *encounter;
  TkrRepeatSave *save;

  GtkLabel *label;
  GtkEntry *result_entry;
  GtkButton *roll_button;
  GtkButton *succeeded_button;
  GtkButton *failed_button;
};

G_DEFINE_FINAL_TYPE (TkrSaveRow, tkr_save_row, GTK_TYPE_LIST_BOX_ROW)

static void
resolve (TkrSaveRow *self, TkrSaveOutcome outcome, int typed)
{
  g_autoptr (GError) error = NULL;

  if (!tkr_saves_resolve (self->encounter, self->save, outcome, typed, &error))
    tkr_feedback_show_error (GTK_WIDGET (self), NULL, error);
}

static void
typed_cb (TkrSaveRow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->result_entry));
  char *end = NULL;
  gint64 value = g_ascii_strtoll (text, &end, 10);

  if (*text == '\0' || end == NULL || *end != '\0')
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->result_entry), "error");
      tkr_feedback_show (GTK_WIDGET (self), NULL, _ ("Type the number the player rolled"), TRUE);
      return;
    }
  resolve (self, TKR_SAVE_TYPED, (int) CLAMP (value, 0, G_MAXINT));
}

static void
roll_cb (TkrSaveRow *self)
{
  resolve (self, TKR_SAVE_ROLL, 0);
}

static void
succeeded_cb (TkrSaveRow *self)
{
  resolve (self, TKR_SAVE_SUCCEEDED, 0);
}

static void
failed_cb (TkrSaveRow *self)
{
  resolve (self, TKR_SAVE_FAILED, 0);
}

static void
tkr_save_row_dispose (GObject *object)
{
  TkrSaveRow *self = TKR_SAVE_ROW (object);

  g_clear_object (&self->encounter);
  g_clear_object (&self->save);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_SAVE_ROW);
  G_OBJECT_CLASS (tkr_save_row_parent_class)->dispose (object);
}

static void
tkr_save_row_class_init (TkrSaveRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_save_row_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-save-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrSaveRow, label);
  gtk_widget_class_bind_template_child (widget_class, TkrSaveRow, result_entry);
  gtk_widget_class_bind_template_child (widget_class, TkrSaveRow, roll_button);
  gtk_widget_class_bind_template_child (widget_class, TkrSaveRow, succeeded_button);
  gtk_widget_class_bind_template_child (widget_class, TkrSaveRow, failed_button);
  gtk_widget_class_bind_template_callback (widget_class, typed_cb);
  gtk_widget_class_bind_template_callback (widget_class, roll_cb);
  gtk_widget_class_bind_template_callback (widget_class, succeeded_cb);
  gtk_widget_class_bind_template_callback (widget_class, failed_cb);
}

static void
tkr_save_row_init (TkrSaveRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
name_control (gpointer widget, char *name)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_free (name);
}

/* Each control names the save it answers, for screen readers. */
static void
name_controls (TkrSaveRow *self, const char *what)
{
  /* Translators: accessible names; %s says which save, "Flat check DC 15
   * for Ann to end Fire" */
  name_control (self->result_entry, g_strdup_printf (_ ("Result of the %s"), what));
  name_control (self->roll_button, g_strdup_printf (_ ("Roll the %s"), what));
  name_control (self->succeeded_button, g_strdup_printf (_ ("The %s succeeded"), what));
  name_control (self->failed_button, g_strdup_printf (_ ("The %s failed"), what));
}

GtkWidget *
tkr_save_row_new (TkrEncounter *encounter, TkrRepeatSave *save)
{
  TkrSaveRow *self = g_object_new (TKR_TYPE_SAVE_ROW, NULL);
  g_autofree char *what = tkr_repeat_save_describe (save, encounter);

  self->encounter = g_object_ref (encounter);
  self->save = g_object_ref (save);
  gtk_label_set_text (self->label, what);
  name_controls (self, what);
  return GTK_WIDGET (self);
}

TkrRepeatSave *
tkr_save_row_get_save (TkrSaveRow *self)
{
  g_return_val_if_fail (TKR_IS_SAVE_ROW (self), NULL);
  return self->save;
}
