/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tkr-import-dialog.h"

struct _TkrImportDialog
{
  AdwWindow parent_instance;

  TkrCampaign *campaign;
  TkrImportPlan *plan;
  GtkFlattenListModel *listed;
  char *problems_text;

  AdwWindowTitle *window_title;
  AdwPreferencesGroup *summary_group;
  AdwComboRow *encounter_row;
  GtkLabel *error_label;
  AdwPreferencesGroup *characters_group;
  GtkListView *character_list;
  AdwPreferencesGroup *problems_group;
  GtkLabel *problems_label;
  GtkWidget *import_button;
  GtkWidget *cancel_button;
};

G_DEFINE_FINAL_TYPE (TkrImportDialog, tkr_import_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_IMPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The row's second column: where the character goes and its HP. */
static char *
tkr_import_row_describe (gpointer unused, TkrCharacter *character)
{
  int hp;

  if (character == NULL)
    return g_strdup ("");
  hp = tkr_pool_get_maximum (tkr_character_get_pool (character, TKR_POOL_HEALTH));
  return g_strdup_printf (tkr_character_is_pc (character)
                            /* Translators: a character the import adds to the party, its HP */
                            ? _ ("Party · %d HP")
                            /* Translators: a character the import adds to the NPC library */
                            : _ ("NPC library · %d HP"),
                          hp);
}

static void
update_summary (TkrImportDialog *self)
{
  g_autofree char *summary = tkr_import_plan_describe (self->plan);

  adw_preferences_group_set_description (self->summary_group, summary);
  gtk_widget_set_sensitive (self->import_button, !tkr_import_plan_is_empty (self->plan));
}

static void
encounter_selected_cb (TkrImportDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->encounter_row);
  g_autoptr (TkrImportEncounter) encounter = NULL;

  if (self->plan == NULL)
    return;
  /* Item 0 is "No encounter". */
  if (selected != GTK_INVALID_LIST_POSITION && selected > 0)
    encounter = g_list_model_get_item (tkr_import_plan_get_encounters (self->plan), selected - 1);
  if (encounter != tkr_import_plan_get_encounter (self->plan))
    tkr_import_plan_set_encounter (self->plan, encounter);
  update_summary (self);
}

static void
cancel_clicked_cb (TkrImportDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
import_clicked_cb (TkrImportDialog *self)
{
  tkr_import_dialog_import (self);
}

static void
tkr_import_dialog_dispose (GObject *object)
{
  TkrImportDialog *self = TKR_IMPORT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_IMPORT_DIALOG);
  g_clear_object (&self->listed);
  g_clear_object (&self->plan);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (tkr_import_dialog_parent_class)->dispose (object);
}

static void
tkr_import_dialog_finalize (GObject *object)
{
  TkrImportDialog *self = TKR_IMPORT_DIALOG (object);

  g_free (self->problems_text);
  G_OBJECT_CLASS (tkr_import_dialog_parent_class)->finalize (object);
}

static void
tkr_import_dialog_class_init (TkrImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_import_dialog_dispose;
  object_class->finalize = tkr_import_dialog_finalize;

  signals[SIGNAL_IMPORTED] = g_signal_new ("imported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, summary_group);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, encounter_row);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, characters_group);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, character_list);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, problems_group);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, problems_label);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, import_button);
  gtk_widget_class_bind_template_child (widget_class, TkrImportDialog, cancel_button);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, import_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, encounter_selected_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tkr_import_dialog_init (TkrImportDialog *self)
{
  g_autoptr (GtkBuilderScope) scope = gtk_builder_cscope_new ();
  g_autoptr (GtkListItemFactory) factory = NULL;

  g_type_ensure (TKR_TYPE_CHARACTER);
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_builder_cscope_add_callback_symbol (GTK_BUILDER_CSCOPE (scope), "tkr_import_row_describe",
                                          G_CALLBACK (tkr_import_row_describe));
  factory = gtk_builder_list_item_factory_new_from_resource (
    scope, "/io/github/turnkeeper/Turnkeeper/tkr-import-row.ui");
  gtk_list_view_set_factory (self->character_list, factory);
}

static void
fill_encounters (TkrImportDialog *self)
{
  GListModel *encounters = tkr_import_plan_get_encounters (self->plan);
  TkrImportEncounter *chosen = tkr_import_plan_get_encounter (self->plan);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint n = g_list_model_get_n_items (encounters);
  guint selected = 0;

  gtk_string_list_append (names, _ ("No encounter"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrImportEncounter) encounter = g_list_model_get_item (encounters, i);
      guint count = g_list_model_get_n_items (tkr_import_encounter_get_participants (encounter));
      g_autofree char *label =
        /* Translators: an encounter's name and how many take part */
        g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%s (%u participant)", "%s (%u participants)", count),
          tkr_import_encounter_get_name (encounter), count);

      gtk_string_list_append (names, label);
      if (encounter == chosen)
        selected = i + 1;
    }
  adw_combo_row_set_model (self->encounter_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->encounter_row, selected);
  gtk_widget_set_visible (GTK_WIDGET (self->encounter_row), n > 0);
}

TkrImportDialog *
tkr_import_dialog_new (TkrCampaign *campaign, TkrImportPlan *plan, const char *file_name)
{
  TkrImportDialog *self;
  GListStore *parts;
  g_autoptr (GtkNoSelection) selection = NULL;
  g_autofree char *title = NULL;
  const char *const *problems;

  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (TKR_IS_IMPORT_PLAN (plan), NULL);

  self = g_object_new (TKR_TYPE_IMPORT_DIALOG, NULL);
  self->campaign = g_object_ref (campaign);
  self->plan = g_object_ref (plan);

  title = g_strdup_printf (_ ("Import from %s"), tkr_import_plan_get_format_name (plan));
  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, file_name != NULL ? file_name : "");

  parts = g_list_store_new (G_TYPE_LIST_MODEL);
  g_list_store_append (parts, tkr_import_plan_get_party (plan));
  g_list_store_append (parts, tkr_import_plan_get_npcs (plan));
  self->listed = gtk_flatten_list_model_new (G_LIST_MODEL (parts));
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->listed)));
  gtk_list_view_set_model (self->character_list, GTK_SELECTION_MODEL (selection));
  gtk_widget_set_visible (GTK_WIDGET (self->characters_group),
                          g_list_model_get_n_items (G_LIST_MODEL (self->listed)) > 0);

  problems = tkr_import_plan_get_problems (plan);
  self->problems_text = g_strjoinv ("\n", (char **) problems);
  gtk_label_set_text (self->problems_label, self->problems_text);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_group), problems[0] != NULL);

  /* A running fight is not replaced: the import comes without an
   * encounter unless the GM picks one (and is then told why it cannot). */
  if (!tkr_campaign_can_set_rule_system (campaign))
    {
      tkr_import_plan_set_encounter (plan, NULL);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->encounter_row),
                                   _ ("An encounter is running: end it to bring one in"));
    }
  fill_encounters (self);
  update_summary (self);
  return self;
}

TkrImportPlan *
tkr_import_dialog_get_plan (TkrImportDialog *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_DIALOG (self), NULL);
  return self->plan;
}

GListModel *
tkr_import_dialog_get_listed (TkrImportDialog *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_DIALOG (self), NULL);
  return G_LIST_MODEL (self->listed);
}

const char *
tkr_import_dialog_get_problems_text (TkrImportDialog *self)
{
  g_return_val_if_fail (TKR_IS_IMPORT_DIALOG (self), NULL);
  return self->problems_text;
}

gboolean
tkr_import_dialog_import (TkrImportDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (TKR_IS_IMPORT_DIALOG (self), FALSE);

  summary = tkr_import_plan_describe (self->plan);
  if (!tkr_import_plan_apply (self->plan, self->campaign, NULL, &error))
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_IMPORTED], 0, summary);
  gtk_window_close (GTK_WINDOW (self));
  return TRUE;
}

/* The flow from a file */

gboolean
tkr_import_is_candidate (GFile *file)
{
  g_autofree char *name = NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  folded = name != NULL ? g_utf8_casefold (name, -1) : NULL;
  return folded != NULL && g_str_has_suffix (folded, ".json");
}

typedef struct
{
  GtkWindow *parent;
  TkrCampaign *campaign;
  char *file_name;
  TkrImportShownFunc done;
  gpointer user_data;
} ImportFlow;

static void
import_flow_free (ImportFlow *flow)
{
  g_clear_object (&flow->parent);
  g_clear_object (&flow->campaign);
  g_free (flow->file_name);
  g_free (flow);
}

static void
read_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ImportFlow *flow = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrImportPlan) plan = tkr_import_read_file_finish (result, &error);
  TkrImportDialog *dialog;

  if (plan == NULL)
    {
      if (flow->done != NULL)
        flow->done (NULL, error, flow->user_data);
      import_flow_free (flow);
      return;
    }

  dialog = tkr_import_dialog_new (flow->campaign, plan, flow->file_name);
  if (flow->parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (dialog), flow->parent);
  gtk_window_present (GTK_WINDOW (dialog));
  if (flow->done != NULL)
    flow->done (dialog, NULL, flow->user_data);
  import_flow_free (flow);
}

void
tkr_import_file (GtkWindow *parent,
                 TkrCampaign *campaign,
                 GFile *file,
                 TkrImportShownFunc done,
                 gpointer user_data)
{
  ImportFlow *flow;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (TKR_IS_CAMPAIGN (campaign));
  g_return_if_fail (G_IS_FILE (file));

  flow = g_new0 (ImportFlow, 1);
  flow->parent = parent != NULL ? g_object_ref (parent) : NULL;
  flow->campaign = g_object_ref (campaign);
  flow->file_name = g_file_get_basename (file);
  flow->done = done;
  flow->user_data = user_data;
  /* The characters are made for the campaign's system as it is now; a
   * later switch is followed when the plan is applied. */
  tkr_import_read_file_async (file, tkr_campaign_get_rules (campaign), NULL, read_done_cb, flow);
}
