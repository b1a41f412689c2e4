/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-follow-window.h"

struct _TkrFollowWindow
{
  AdwApplicationWindow parent_instance;

  TkrTableFollower *follower;

  AdwWindowTitle *window_title;
  GtkButton *sheet_button;
  GtkRevealer *waiting_revealer;
  GtkLabel *waiting_label;
  GtkStack *stack;
  AdwStatusPage *waiting_page;
  GtkLabel *round_label;
  GtkLabel *turn_label;
  GtkLabel *next_label;
  GtkLabel *zones_label;
  GtkLabel *paused_label;
  GtkListView *list_view;
};

G_DEFINE_FINAL_TYPE (TkrFollowWindow, tkr_follow_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_FOLLOWER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The marker of whose turn it is: shown or not, its place kept so the
 * names stay in one column. */
static double
marker_opacity (gpointer item, gboolean current)
{
  return current ? 1.0 : 0.0;
}

static gboolean
is_running (const char *phase)
{
  return g_strcmp0 (phase, "main") == 0 || g_strcmp0 (phase, "paused") == 0;
}

/* The header and the page, as the player view words them
 * (help/C/player-view.page). */
static void
update (TkrFollowWindow *self)
{
  TkrTableFollower *follower = self->follower;
  const char *phase = tkr_table_follower_get_phase (follower);
  const char *turn = tkr_table_follower_get_turn (follower);
  const char *next = tkr_table_follower_get_next (follower);
  g_autofree char *round = NULL;
  g_autofree char *turn_text = NULL;
  g_autofree char *next_text = NULL;

  gtk_revealer_set_reveal_child (self->waiting_revealer, tkr_table_follower_get_waiting (follower));
  gtk_label_set_text (self->waiting_label, tkr_table_follower_get_message (follower));
  gtk_stack_set_visible_child_name (self->stack, is_running (phase) ? "fight" : "waiting");
  gtk_widget_set_visible (GTK_WIDGET (self->paused_label), g_strcmp0 (phase, "paused") == 0);
  adw_status_page_set_title (self->waiting_page, g_strcmp0 (phase, "end") == 0
                                                   ? _ ("The Fight Is Over")
                                                   : _ ("No Fight Yet"));
  if (tkr_table_follower_get_round (follower) > 0)
    /* Translators: the round, in the player view */
    round = g_strdup_printf (_ ("Round %d"), tkr_table_follower_get_round (follower));
  else
    /* Translators: no round runs (the Action-Point system's Reset) */
    round = g_strdup (_ ("Between Rounds"));
  if (turn != NULL && *turn != '\0')
    /* Translators: whose turn it is, in the player view */
    turn_text = g_strdup_printf (_ ("%s’s turn"), turn);
  if (next != NULL && *next != '\0')
    /* Translators: who comes after the current turn, in the player view */
    next_text = g_strdup_printf (_ ("Next: %s"), next);
  gtk_label_set_text (self->round_label, round);
  gtk_label_set_text (self->turn_label, turn_text != NULL ? turn_text : "");
  gtk_label_set_text (self->next_label, next_text != NULL ? next_text : "");
  if (*tkr_table_follower_get_zones (follower) != '\0')
    {
      /* Translators: the Kleptonomicon's zones in play, in the player view */
      g_autofree char *zones =
        g_strdup_printf (_ ("Zones: %s"), tkr_table_follower_get_zones (follower));
      gtk_label_set_text (self->zones_label, zones);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->zones_label),
                          *tkr_table_follower_get_zones (follower) != '\0');
}

static void
sheet_chosen_cb (GtkNativeDialog *chooser, int response, TkrFollowWindow *self)
{
  g_autoptr (GFile) file = NULL;
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL && application != NULL)
    g_application_open (application, &file, 1, "");
  g_object_unref (chooser);
}

/* The player's own sheet, in a window of its own beside the table. */
static void
open_sheet_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrFollowWindow *self = TKR_FOLLOW_WINDOW (widget);
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr (GFile) folder = g_file_get_parent (tkr_table_follower_get_file (self->follower));
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_ ("Open My Sheet"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));

  gtk_file_filter_set_name (filter, _ ("Characters"));
  gtk_file_filter_add_suffix (filter, "tkcharacter");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (sheet_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
tkr_follow_window_constructed (GObject *object)
{
  TkrFollowWindow *self = TKR_FOLLOW_WINDOW (object);
  g_autofree char *name = NULL;

  G_OBJECT_CLASS (tkr_follow_window_parent_class)->constructed (object);

  name = g_file_get_basename (tkr_table_follower_get_file (self->follower));
  adw_window_title_set_subtitle (self->window_title, name);
  gtk_list_view_set_model (self->list_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (
                             g_object_ref (tkr_table_follower_get_entries (self->follower)))));
  g_signal_connect_object (self->follower, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  tkr_table_follower_start (self->follower);
  update (self);
}

static void
tkr_follow_window_dispose (GObject *object)
{
  TkrFollowWindow *self = TKR_FOLLOW_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_FOLLOW_WINDOW);
  g_clear_object (&self->follower);
  G_OBJECT_CLASS (tkr_follow_window_parent_class)->dispose (object);
}

static void
tkr_follow_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrFollowWindow *self = TKR_FOLLOW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_FOLLOWER:
      g_value_set_object (value, self->follower);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_follow_window_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrFollowWindow *self = TKR_FOLLOW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_FOLLOWER:
      self->follower = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_follow_window_class_init (TkrFollowWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tkr_follow_window_constructed;
  object_class->dispose = tkr_follow_window_dispose;
  object_class->get_property = tkr_follow_window_get_property;
  object_class->set_property = tkr_follow_window_set_property;

  properties[PROP_FOLLOWER] =
    g_param_spec_object ("follower", NULL, NULL, TKR_TYPE_TABLE_FOLLOWER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TKR_TYPE_TABLE_ENTRY);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-follow-window.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, TkrFollowWindow, name)
  CHILD (window_title);
  CHILD (sheet_button);
  CHILD (waiting_revealer);
  CHILD (waiting_label);
  CHILD (stack);
  CHILD (waiting_page);
  CHILD (round_label);
  CHILD (turn_label);
  CHILD (next_label);
  CHILD (zones_label);
  CHILD (paused_label);
  CHILD (list_view);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, marker_opacity);
  gtk_widget_class_install_action (widget_class, "follow.open-sheet", NULL, open_sheet_action);
}

static void
tkr_follow_window_init (TkrFollowWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TkrFollowWindow *
tkr_follow_window_new (GtkApplication *application, GFile *file)
{
  g_autoptr (TkrTableFollower) follower = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  follower = tkr_table_follower_new (file);
  return g_object_new (TKR_TYPE_FOLLOW_WINDOW, "application", application, "follower", follower,
                       NULL);
}

TkrTableFollower *
tkr_follow_window_get_follower (TkrFollowWindow *self)
{
  g_return_val_if_fail (TKR_IS_FOLLOW_WINDOW (self), NULL);
  return self->follower;
}

const char *
tkr_follow_window_get_round_text (TkrFollowWindow *self)
{
  g_return_val_if_fail (TKR_IS_FOLLOW_WINDOW (self), NULL);
  return gtk_label_get_text (self->round_label);
}

const char *
tkr_follow_window_get_turn_text (TkrFollowWindow *self)
{
  g_return_val_if_fail (TKR_IS_FOLLOW_WINDOW (self), NULL);
  return gtk_label_get_text (self->turn_label);
}
