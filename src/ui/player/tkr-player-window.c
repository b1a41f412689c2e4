/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-application.h"
#include "tkr-player-health.h"
#include "tkr-player-window.h"

#define SETTINGS_KEY "player-npc-health"

struct _TkrPlayerWindow
{
  AdwWindow parent_instance;

  GtkWindow *gm_window; /* weak */
  TkrCampaign *campaign;
  GBindingGroup *campaign_bindings;
  GSettings *settings;
  char *health_mode;

  GtkWidget *header_bar;
  TkrPlayerView *view;
};

G_DEFINE_FINAL_TYPE (TkrPlayerWindow, tkr_player_window, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_GM_WINDOW,
  PROP_HEALTH_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
tkr_player_window_ensure_style (void)
{
  static gboolean loaded;
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr (GtkCssProvider) provider = NULL;

  if (loaded || display == NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/turnkeeper/Turnkeeper/tkr-player.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  loaded = TRUE;
}

void
tkr_player_window_set_campaign (TkrPlayerWindow *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_PLAYER_WINDOW (self));

  if (!g_set_object (&self->campaign, campaign))
    return;
  g_binding_group_set_source (self->campaign_bindings, campaign);
  if (campaign == NULL)
    tkr_player_view_set_encounter (self->view, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

TkrPlayerView *
tkr_player_window_get_view (TkrPlayerWindow *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_WINDOW (self), NULL);
  return self->view;
}

GtkWindow *
tkr_player_window_get_gm_window (TkrPlayerWindow *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_WINDOW (self), NULL);
  return self->gm_window;
}

static void
set_health_mode (TkrPlayerWindow *self, const char *mode)
{
  if (g_strcmp0 (mode, TKR_PLAYER_HEALTH_HIDDEN) != 0 &&
      g_strcmp0 (mode, TKR_PLAYER_HEALTH_NUMBERS) != 0)
    mode = TKR_PLAYER_HEALTH_WORD;
  if (g_strcmp0 (self->health_mode, mode) == 0)
    return;
  g_free (self->health_mode);
  self->health_mode = g_strdup (mode);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEALTH_MODE]);
}

static void
fullscreen_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  if (gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    gtk_window_unfullscreen (GTK_WINDOW (widget));
  else
    gtk_window_fullscreen (GTK_WINDOW (widget));
}

static void
leave_fullscreen_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  gtk_window_unfullscreen (GTK_WINDOW (widget));
}

static void
gm_window_gone (gpointer data, GObject *where_it_was)
{
  TkrPlayerWindow *self = data;

  self->gm_window = NULL;
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
tkr_player_window_dispose (GObject *object)
{
  TkrPlayerWindow *self = TKR_PLAYER_WINDOW (object);

  if (self->gm_window != NULL)
    g_object_weak_unref (G_OBJECT (self->gm_window), gm_window_gone, self);
  self->gm_window = NULL;
  if (self->campaign_bindings != NULL)
    g_binding_group_set_source (self->campaign_bindings, NULL);
  g_clear_object (&self->campaign_bindings);
  g_clear_object (&self->campaign);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_PLAYER_WINDOW);
  G_OBJECT_CLASS (tkr_player_window_parent_class)->dispose (object);
}

static void
tkr_player_window_finalize (GObject *object)
{
  g_free (TKR_PLAYER_WINDOW (object)->health_mode);
  G_OBJECT_CLASS (tkr_player_window_parent_class)->finalize (object);
}

static void
tkr_player_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPlayerWindow *self = TKR_PLAYER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_GM_WINDOW:
      g_value_set_object (value, self->gm_window);
      break;
    case PROP_HEALTH_MODE:
      g_value_set_string (value, self->health_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_player_window_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrPlayerWindow *self = TKR_PLAYER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_player_window_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_GM_WINDOW:
      self->gm_window = g_value_get_object (value);
      if (self->gm_window != NULL)
        {
          g_object_weak_ref (G_OBJECT (self->gm_window), gm_window_gone, self);
          /* Closed with the GM's window, even while something holds it. */
          g_signal_connect_object (self->gm_window, "destroy", G_CALLBACK (gtk_window_destroy),
                                   self, G_CONNECT_SWAPPED);
        }
      break;
    case PROP_HEALTH_MODE:
      set_health_mode (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_player_window_class_init (TkrPlayerWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_player_window_dispose;
  object_class->finalize = tkr_player_window_finalize;
  object_class->get_property = tkr_player_window_get_property;
  object_class->set_property = tkr_player_window_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GM_WINDOW] =
    g_param_spec_object ("gm-window", NULL, NULL, GTK_TYPE_WINDOW,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEALTH_MODE] =
    g_param_spec_string ("health-mode", NULL, NULL, TKR_PLAYER_HEALTH_WORD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TKR_TYPE_PLAYER_VIEW);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-player-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerWindow, view);

  gtk_widget_class_install_property_action (widget_class, "player.health-mode", "health-mode");
  gtk_widget_class_install_action (widget_class, "player.fullscreen", NULL, fullscreen_action);
  gtk_widget_class_install_action (widget_class, "player.leave-fullscreen", NULL,
                                   leave_fullscreen_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "player.fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "player.leave-fullscreen",
                                       NULL);
}

static gboolean
invert (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  g_value_set_boolean (to, !g_value_get_boolean (from));
  return TRUE;
}

static void
tkr_player_window_init (TkrPlayerWindow *self)
{
  self->health_mode = g_strdup (TKR_PLAYER_HEALTH_WORD);
  gtk_widget_init_template (GTK_WIDGET (self));
  tkr_player_window_ensure_style ();
  gtk_widget_add_css_class (GTK_WIDGET (self), "player-window");

  self->campaign_bindings = g_binding_group_new ();
  g_binding_group_bind (self->campaign_bindings, "encounter", self->view, "encounter",
                        G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "health-mode", self->view, "health-mode", G_BINDING_SYNC_CREATE);
  /* The GM's side shows only outside full screen. */
  g_object_bind_property_full (self, "fullscreened", self->header_bar, "visible",
                               G_BINDING_SYNC_CREATE, invert, NULL, NULL, NULL);
  self->settings = tkr_settings_new_if_installed ();
  if (self->settings != NULL)
    g_settings_bind (self->settings, SETTINGS_KEY, self, "health-mode", G_SETTINGS_BIND_DEFAULT);
}

TkrPlayerWindow *
tkr_player_window_new (GtkWindow *gm_window)
{
  return g_object_new (TKR_TYPE_PLAYER_WINDOW, "gm-window", gm_window, "application",
                       gm_window != NULL ? gtk_window_get_application (gm_window) : NULL, NULL);
}

TkrPlayerWindow *
tkr_player_window_find (GtkWindow *gm_window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (TKR_IS_PLAYER_WINDOW (window) && TKR_PLAYER_WINDOW (window)->gm_window == gm_window)
        return TKR_PLAYER_WINDOW (window);
    }
  return NULL;
}

TkrPlayerWindow *
tkr_player_window_open (GtkWindow *gm_window, GObject *campaign_source, GdkMonitor *monitor)
{
  TkrPlayerWindow *self = tkr_player_window_find (gm_window);

  if (self == NULL)
    {
      self = tkr_player_window_new (gm_window);
      if (campaign_source != NULL)
        g_object_bind_property (campaign_source, "campaign", self, "campaign",
                                G_BINDING_SYNC_CREATE);
    }
  gtk_window_present (GTK_WINDOW (self));
  if (monitor != NULL)
    gtk_window_fullscreen_on_monitor (GTK_WINDOW (self), monitor);
  return self;
}

char *
tkr_player_window_describe_monitor (GdkMonitor *monitor)
{
  GdkRectangle geometry;
  const char *connector = gdk_monitor_get_connector (monitor);
  const char *model = gdk_monitor_get_model (monitor);

  gdk_monitor_get_geometry (monitor, &geometry);
  /* Translators: a monitor in the player view's chooser: its connector,
   * its model and its size in pixels ("HDMI-1: DELL U2415 (1920 × 1200)") */
  return g_strdup_printf (_ ("%s: %s (%d × %d)"), connector != NULL ? connector : "",
                          model != NULL ? model : _ ("Monitor"), geometry.width, geometry.height);
}

typedef struct
{
  GtkWindow *gm_window;
  GObject *campaign_source;
  GListModel *monitors;
} Choice;

static void
choice_free (gpointer data)
{
  Choice *choice = data;

  g_clear_object (&choice->gm_window);
  g_clear_object (&choice->campaign_source);
  g_clear_object (&choice->monitors);
  g_free (choice);
}

static void
monitor_chosen_cb (AdwMessageDialog *dialog, const char *response, Choice *choice)
{
  g_autoptr (GdkMonitor) monitor = NULL;
  guint index;

  if (g_str_equal (response, "cancel"))
    return;
  if (g_str_has_prefix (response, "monitor-"))
    {
      index = (guint) g_ascii_strtoull (response + strlen ("monitor-"), NULL, 10);
      monitor = g_list_model_get_item (choice->monitors, index);
    }
  tkr_player_window_open (choice->gm_window, choice->campaign_source, monitor);
}

void
tkr_player_window_choose_monitor (GtkWindow *gm_window,
                                  GObject *campaign_source,
                                  GListModel *monitors)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (gm_window));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (gm_window));
  GdkMonitor *gm_monitor =
    surface != NULL ? gdk_display_get_monitor_at_surface (display, surface) : NULL;
  AdwMessageDialog *dialog;
  Choice *choice;
  gboolean suggested = FALSE;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (gm_window, _ ("Show the Player View On"),
                                                       _ ("It fills the monitor you choose")));
  for (guint i = 0; i < g_list_model_get_n_items (monitors); i++)
    {
      g_autoptr (GdkMonitor) monitor = g_list_model_get_item (monitors, i);
      g_autofree char *id = g_strdup_printf ("monitor-%u", i);
      g_autofree char *label = tkr_player_window_describe_monitor (monitor);

      adw_message_dialog_add_response (dialog, id, label);
      /* The GM keeps their own screen: another one is suggested. */
      if (!suggested && monitor != gm_monitor)
        {
          adw_message_dialog_set_response_appearance (dialog, id, ADW_RESPONSE_SUGGESTED);
          adw_message_dialog_set_default_response (dialog, id);
          suggested = TRUE;
        }
    }
  adw_message_dialog_add_response (dialog, "window", _ ("In a _Window"));
  adw_message_dialog_add_response (dialog, "cancel", _ ("_Cancel"));
  adw_message_dialog_set_close_response (dialog, "cancel");
  choice = g_new0 (Choice, 1);
  choice->gm_window = g_object_ref (gm_window);
  choice->campaign_source = campaign_source != NULL ? g_object_ref (campaign_source) : NULL;
  choice->monitors = g_object_ref (monitors);
  g_signal_connect_data (dialog, "response", G_CALLBACK (monitor_chosen_cb), choice,
                         (GClosureNotify) (void (*) (void)) choice_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
tkr_player_window_toggle (GtkWindow *gm_window, GObject *campaign_source)
{
  TkrPlayerWindow *open = tkr_player_window_find (gm_window);
  GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (gm_window)));

  if (open != NULL)
    gtk_window_destroy (GTK_WINDOW (open));
  else if (g_list_model_get_n_items (monitors) < 2)
    tkr_player_window_open (gm_window, campaign_source, NULL);
  else
    tkr_player_window_choose_monitor (gm_window, campaign_source, monitors);
}

/* Preferences: the same key as the player window's menu. */
static const char *const mode_ids[] = {
  TKR_PLAYER_HEALTH_HIDDEN,
  TKR_PLAYER_HEALTH_WORD,
  TKR_PLAYER_HEALTH_NUMBERS,
  NULL,
};

static gboolean
mode_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; mode_ids[i] != NULL; i++)
    if (g_str_equal (mode_ids[i], id))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 1);
  return TRUE;
}

static GVariant *
mode_set_mapping (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint index = g_value_get_uint (value);

  if (index >= G_N_ELEMENTS (mode_ids) - 1)
    return NULL;
  return g_variant_new_string (mode_ids[index]);
}

GtkWidget *
tkr_player_window_new_preferences_group (GSettings *settings)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  const char *labels[] = { C_ ("npc health", "Hidden"), C_ ("npc health", "As a Word"),
                           C_ ("npc health", "Exact Numbers"), NULL };
  g_autoptr (GtkStringList) model = gtk_string_list_new (labels);

  adw_preferences_group_set_title (group, _ ("Player View"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("NPC Health"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _ ("What the players see of each NPC’s health"));
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  if (settings != NULL)
    g_settings_bind_with_mapping (settings, SETTINGS_KEY, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                  mode_get_mapping, mode_set_mapping, NULL, NULL);
  else
    gtk_widget_set_sensitive (GTK_WIDGET (row), FALSE);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  return GTK_WIDGET (group);
}

typedef struct
{
  GtkWindow *gm_window;
  GObject *campaign_source;
} Demo;

static void
demo_free (gpointer data)
{
  Demo *demo = data;

  g_clear_object (&demo->gm_window);
  g_clear_object (&demo->campaign_source);
  g_free (demo);
}

static gboolean
open_demo_cb (gpointer data)
{
  Demo *demo = data;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (demo->gm_window));
  GdkMonitor *monitor = NULL;

  if (g_strcmp0 (g_getenv ("TKR_DEMO_PLAYER_VIEW"), "fullscreen") == 0 && surface != NULL)
    monitor = gdk_display_get_monitor_at_surface (
      gtk_widget_get_display (GTK_WIDGET (demo->gm_window)), surface);
  tkr_player_window_open (demo->gm_window, demo->campaign_source, monitor);
  return G_SOURCE_REMOVE;
}

static void
demo_mapped_cb (GtkWindow *gm_window, Demo *demo)
{
  Demo *copy = g_new0 (Demo, 1);

  copy->gm_window = g_object_ref (demo->gm_window);
  copy->campaign_source = g_object_ref (demo->campaign_source);
  /* (frees @demo) */
  g_signal_handlers_disconnect_by_func (gm_window, demo_mapped_cb, demo);
  g_idle_add_full (G_PRIORITY_LOW, open_demo_cb, copy, demo_free);
}

void
tkr_player_window_demo (GtkWindow *gm_window, GObject *campaign_source)
{
  Demo *demo;

  if (g_getenv ("TKR_DEMO_PLAYER_VIEW") == NULL)
    return;
  /* Weak: the handler goes with the window. */
  demo = g_new0 (Demo, 1);
  demo->gm_window = gm_window;
  demo->campaign_source = campaign_source;
  g_signal_connect_data (gm_window, "map", G_CALLBACK (demo_mapped_cb), demo,
                         (GClosureNotify) (void (*) (void)) g_free, G_CONNECT_AFTER);
}
