/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-switcher-title.h"

struct _TkrSwitcherTitle
{
  GtkWidget parent_instance;

  AdwSqueezer *squeezer;
  AdwViewSwitcher *wide_switcher;
  AdwViewSwitcher *narrow_switcher;
  GtkWidget *title_box;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;

  AdwViewStack *stack;
  GtkSelectionModel *pages; /* the stack's, followed for its visible pages */
  GdkSurface *surface;      /* the window's, followed for its width */
  guint check_width;        /* an idle: the window's new width is laid out then */
  gboolean phone_sized;
};

/* Up to this width a window is phone-sized: its header keeps only the
 * close button of the window's controls. */
#define PHONE_WIDTH 400

G_DEFINE_FINAL_TYPE (TkrSwitcherTitle, tkr_switcher_title, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_STACK,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_TITLE_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A switcher is offered only when there are pages to switch between. */
static void
update_switchers (TkrSwitcherTitle *self)
{
  guint visible = 0;

  if (self->pages != NULL)
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->pages)); i++)
      {
        g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (self->pages), i);

        if (adw_view_stack_page_get_visible (page))
          visible++;
      }
  adw_squeezer_page_set_enabled (
    adw_squeezer_get_page (self->squeezer, GTK_WIDGET (self->wide_switcher)), visible > 1);
  adw_squeezer_page_set_enabled (
    adw_squeezer_get_page (self->squeezer, GTK_WIDGET (self->narrow_switcher)), visible > 1);
}

/* The window's controls without minimize and maximize: "menu:minimize,
 * maximize,close" becomes "menu:close", each side kept where it was. */
static char *
layout_without_resizing (const char *layout)
{
  g_auto (GStrv) sides = g_strsplit (layout != NULL ? layout : "", ":", 2);
  g_autoptr (GString) kept = g_string_new (NULL);

  for (guint s = 0; sides[s] != NULL; s++)
    {
      g_auto (GStrv) buttons = g_strsplit (sides[s], ",", -1);
      gboolean first = TRUE;

      if (s > 0)
        g_string_append_c (kept, ':');
      for (guint b = 0; buttons[b] != NULL; b++)
        {
          if (g_str_equal (buttons[b], "minimize") || g_str_equal (buttons[b], "maximize"))
            continue;
          if (!first)
            g_string_append_c (kept, ',');
          g_string_append (kept, buttons[b]);
          first = FALSE;
        }
    }
  return g_string_free (g_steal_pointer (&kept), FALSE);
}

/* In a phone-sized window the header bar the title sits in shows only the
 * close button of the window's controls: minimize and maximize would take
 * the room of the title's words (help/C/tracker.page). */
static gboolean
update_window_controls (gpointer data)
{
  TkrSwitcherTitle *self = data;
  GtkWidget *header = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_HEADER_BAR);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  gboolean phone_sized = root != NULL && gtk_widget_get_width (GTK_WIDGET (root)) > 0 &&
                         gtk_widget_get_width (GTK_WIDGET (root)) <= PHONE_WIDTH;
  g_autofree char *layout = NULL;
  g_autofree char *trimmed = NULL;

  self->check_width = 0;
  if (header == NULL || phone_sized == self->phone_sized)
    return G_SOURCE_REMOVE;
  self->phone_sized = phone_sized;
  if (phone_sized)
    {
      g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-decoration-layout", &layout,
                    NULL);
      trimmed = layout_without_resizing (layout);
    }
  adw_header_bar_set_decoration_layout (ADW_HEADER_BAR (header), trimmed);
  return G_SOURCE_REMOVE;
}

static void
window_width_cb (TkrSwitcherTitle *self)
{
  if (self->check_width == 0)
    self->check_width = g_idle_add (update_window_controls, self);
}

static void
visible_child_cb (TkrSwitcherTitle *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE_VISIBLE]);
}

GtkWidget *
tkr_switcher_title_new (void)
{
  return g_object_new (TKR_TYPE_SWITCHER_TITLE, NULL);
}

AdwViewStack *
tkr_switcher_title_get_stack (TkrSwitcherTitle *self)
{
  g_return_val_if_fail (TKR_IS_SWITCHER_TITLE (self), NULL);
  return self->stack;
}

void
tkr_switcher_title_set_stack (TkrSwitcherTitle *self, AdwViewStack *stack)
{
  g_return_if_fail (TKR_IS_SWITCHER_TITLE (self));
  g_return_if_fail (stack == NULL || ADW_IS_VIEW_STACK (stack));

  if (self->stack == stack)
    return;
  if (self->pages != NULL)
    g_signal_handlers_disconnect_by_func (self->pages, update_switchers, self);
  g_clear_object (&self->pages);
  g_set_object (&self->stack, stack);
  if (stack != NULL)
    {
      self->pages = adw_view_stack_get_pages (stack);
      g_signal_connect_swapped (self->pages, "items-changed", G_CALLBACK (update_switchers), self);
    }
  adw_view_switcher_set_stack (self->wide_switcher, stack);
  adw_view_switcher_set_stack (self->narrow_switcher, stack);
  update_switchers (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STACK]);
}

const char *
tkr_switcher_title_get_title (TkrSwitcherTitle *self)
{
  g_return_val_if_fail (TKR_IS_SWITCHER_TITLE (self), NULL);
  return gtk_label_get_label (self->title_label);
}

void
tkr_switcher_title_set_title (TkrSwitcherTitle *self, const char *title)
{
  g_return_if_fail (TKR_IS_SWITCHER_TITLE (self));

  if (g_strcmp0 (gtk_label_get_label (self->title_label), title != NULL ? title : "") == 0)
    return;
  gtk_label_set_label (self->title_label, title);
  gtk_widget_set_visible (GTK_WIDGET (self->title_label), title != NULL && *title != '\0');
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

const char *
tkr_switcher_title_get_subtitle (TkrSwitcherTitle *self)
{
  g_return_val_if_fail (TKR_IS_SWITCHER_TITLE (self), NULL);
  return gtk_label_get_label (self->subtitle_label);
}

void
tkr_switcher_title_set_subtitle (TkrSwitcherTitle *self, const char *subtitle)
{
  g_return_if_fail (TKR_IS_SWITCHER_TITLE (self));

  if (g_strcmp0 (gtk_label_get_label (self->subtitle_label), subtitle != NULL ? subtitle : "") == 0)
    return;
  gtk_label_set_label (self->subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL && *subtitle != '\0');
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
}

gboolean
tkr_switcher_title_get_title_visible (TkrSwitcherTitle *self)
{
  g_return_val_if_fail (TKR_IS_SWITCHER_TITLE (self), FALSE);
  return adw_squeezer_get_visible_child (self->squeezer) == self->title_box;
}

GtkLabel *
tkr_switcher_title_get_title_label (TkrSwitcherTitle *self)
{
  g_return_val_if_fail (TKR_IS_SWITCHER_TITLE (self), NULL);
  return self->title_label;
}

static void
tkr_switcher_title_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrSwitcherTitle *self = TKR_SWITCHER_TITLE (object);

  switch (prop_id)
    {
    case PROP_STACK:
      g_value_set_object (value, self->stack);
      break;
    case PROP_TITLE:
      g_value_set_string (value, tkr_switcher_title_get_title (self));
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, tkr_switcher_title_get_subtitle (self));
      break;
    case PROP_TITLE_VISIBLE:
      g_value_set_boolean (value, tkr_switcher_title_get_title_visible (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_switcher_title_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrSwitcherTitle *self = TKR_SWITCHER_TITLE (object);

  switch (prop_id)
    {
    case PROP_STACK:
      tkr_switcher_title_set_stack (self, g_value_get_object (value));
      break;
    case PROP_TITLE:
      tkr_switcher_title_set_title (self, g_value_get_string (value));
      break;
    case PROP_SUBTITLE:
      tkr_switcher_title_set_subtitle (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_switcher_title_realize (GtkWidget *widget)
{
  TkrSwitcherTitle *self = TKR_SWITCHER_TITLE (widget);

  GTK_WIDGET_CLASS (tkr_switcher_title_parent_class)->realize (widget);
  self->surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  g_signal_connect_swapped (self->surface, "notify::width", G_CALLBACK (window_width_cb), self);
  window_width_cb (self);
}

static void
tkr_switcher_title_unrealize (GtkWidget *widget)
{
  TkrSwitcherTitle *self = TKR_SWITCHER_TITLE (widget);

  if (self->surface != NULL)
    g_signal_handlers_disconnect_by_func (self->surface, window_width_cb, self);
  self->surface = NULL;
  g_clear_handle_id (&self->check_width, g_source_remove);
  GTK_WIDGET_CLASS (tkr_switcher_title_parent_class)->unrealize (widget);
}

static void
tkr_switcher_title_dispose (GObject *object)
{
  TkrSwitcherTitle *self = TKR_SWITCHER_TITLE (object);

  if (self->pages != NULL)
    g_signal_handlers_disconnect_by_func (self->pages, update_switchers, self);
  g_clear_object (&self->pages);
  g_clear_object (&self->stack);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_SWITCHER_TITLE);
  G_OBJECT_CLASS (tkr_switcher_title_parent_class)->dispose (object);
}

static void
tkr_switcher_title_class_init (TkrSwitcherTitleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_switcher_title_dispose;
  object_class->get_property = tkr_switcher_title_get_property;
  object_class->set_property = tkr_switcher_title_set_property;
  widget_class->realize = tkr_switcher_title_realize;
  widget_class->unrealize = tkr_switcher_title_unrealize;

  properties[PROP_STACK] =
    g_param_spec_object ("stack", NULL, NULL, ADW_TYPE_VIEW_STACK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] = g_param_spec_string (
    "title", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE_VISIBLE] =
    g_param_spec_boolean ("title-visible", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-switcher-title.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrSwitcherTitle, squeezer);
  gtk_widget_class_bind_template_child (widget_class, TkrSwitcherTitle, wide_switcher);
  gtk_widget_class_bind_template_child (widget_class, TkrSwitcherTitle, narrow_switcher);
  gtk_widget_class_bind_template_child (widget_class, TkrSwitcherTitle, title_box);
  gtk_widget_class_bind_template_child (widget_class, TkrSwitcherTitle, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkrSwitcherTitle, subtitle_label);
  gtk_widget_class_bind_template_callback (widget_class, visible_child_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  /* Styled as libadwaita's own window titles are. */
  gtk_widget_class_set_css_name (widget_class, "windowtitle");
}

static void
tkr_switcher_title_init (TkrSwitcherTitle *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
