/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "tkr-print-preview.h"

/* Around the page, in pixels; the page is scaled to fit the rest. */
#define PAGE_MARGIN 16.0

typedef struct
{
  cairo_surface_t *surface;
  double width;
  double height;
} PreviewPage;

struct _TkrPrintPreview
{
  AdwWindow parent_instance;

  AdwWindowTitle *window_title;
  GtkDrawingArea *page_area;

  GArray *pages; /* PreviewPage */
  guint page;
};

G_DEFINE_FINAL_TYPE (TkrPrintPreview, tkr_print_preview, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_N_PAGES,
  PROP_PAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
preview_page_clear (gpointer data)
{
  PreviewPage *page = data;

  g_clear_pointer (&page->surface, cairo_surface_destroy);
}

static void
update_page (TkrPrintPreview *self)
{
  /* Translators: in Print Preview, e.g. "Page 2 of 3" */
  g_autofree char *label =
    g_strdup_printf (_ ("Page %u of %u"), self->page + 1, MAX (self->pages->len, 1));

  adw_window_title_set_subtitle (self->window_title, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->page_area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.previous", self->page > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.next",
                                 self->page + 1 < self->pages->len);
  gtk_widget_queue_draw (GTK_WIDGET (self->page_area));
}

static void
draw_page (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  TkrPrintPreview *self = user_data;
  PreviewPage *page;
  double scale, x, y;

  if (self->page >= self->pages->len)
    return;
  page = &g_array_index (self->pages, PreviewPage, self->page);
  if (page->width <= 0 || page->height <= 0)
    return;

  scale = MIN ((width - 2 * PAGE_MARGIN) / page->width, (height - 2 * PAGE_MARGIN) / page->height);
  if (scale <= 0)
    return;
  x = (width - page->width * scale) / 2;
  y = (height - page->height * scale) / 2;

  /* A sheet of paper: a soft shadow, then white, then what prints. */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.2);
  cairo_rectangle (cr, x + 2, y + 3, page->width * scale, page->height * scale);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, page->width * scale, page->height * scale);
  cairo_fill (cr);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0, 0, page->width, page->height);
  cairo_clip (cr);
  cairo_set_source_surface (cr, page->surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

static void
previous_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrPrintPreview *self = TKR_PRINT_PREVIEW (widget);

  if (self->page > 0)
    tkr_print_preview_set_page (self, self->page - 1);
}

static void
next_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrPrintPreview *self = TKR_PRINT_PREVIEW (widget);

  tkr_print_preview_set_page (self, self->page + 1);
}

/* Public API */

TkrPrintPreview *
tkr_print_preview_new (GtkWindow *parent, const char *title)
{
  TkrPrintPreview *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (TKR_TYPE_PRINT_PREVIEW, "transient-for", parent, NULL);
  if (parent != NULL && gtk_window_get_application (parent) != NULL)
    gtk_window_set_application (GTK_WINDOW (self), gtk_window_get_application (parent));
  gtk_window_set_title (GTK_WINDOW (self), _ ("Print Preview"));
  adw_window_title_set_title (self->window_title, title != NULL ? title : _ ("Print Preview"));
  return self;
}

void
tkr_print_preview_add_page (TkrPrintPreview *self,
                            cairo_surface_t *page,
                            double width,
                            double height)
{
  PreviewPage entry = { cairo_surface_reference (page), width, height };

  g_return_if_fail (TKR_IS_PRINT_PREVIEW (self));
  g_return_if_fail (page != NULL);

  g_array_append_val (self->pages, entry);
  update_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PAGES]);
}

guint
tkr_print_preview_get_n_pages (TkrPrintPreview *self)
{
  g_return_val_if_fail (TKR_IS_PRINT_PREVIEW (self), 0);

  return self->pages->len;
}

guint
tkr_print_preview_get_page (TkrPrintPreview *self)
{
  g_return_val_if_fail (TKR_IS_PRINT_PREVIEW (self), 0);

  return self->page;
}

cairo_surface_t *
tkr_print_preview_get_page_surface (TkrPrintPreview *self, guint page)
{
  g_return_val_if_fail (TKR_IS_PRINT_PREVIEW (self), NULL);

  if (page >= self->pages->len)
    return NULL;
  return g_array_index (self->pages, PreviewPage, page).surface;
}

void
tkr_print_preview_set_page (TkrPrintPreview *self, guint page)
{
  g_return_if_fail (TKR_IS_PRINT_PREVIEW (self));

  if (self->pages->len == 0)
    return;
  page = MIN (page, self->pages->len - 1);
  if (page == self->page)
    return;
  self->page = page;
  update_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

/* GObject */

static void
tkr_print_preview_finalize (GObject *object)
{
  TkrPrintPreview *self = TKR_PRINT_PREVIEW (object);

  g_clear_pointer (&self->pages, g_array_unref);

  G_OBJECT_CLASS (tkr_print_preview_parent_class)->finalize (object);
}

static void
tkr_print_preview_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPrintPreview *self = TKR_PRINT_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_N_PAGES:
      g_value_set_uint (value, self->pages->len);
      break;
    case PROP_PAGE:
      g_value_set_uint (value, self->page);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_print_preview_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrPrintPreview *self = TKR_PRINT_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      tkr_print_preview_set_page (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_print_preview_class_init (TkrPrintPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tkr_print_preview_finalize;
  object_class->get_property = tkr_print_preview_get_property;
  object_class->set_property = tkr_print_preview_set_property;

  properties[PROP_N_PAGES] =
    g_param_spec_uint ("n-pages", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAGE] =
    g_param_spec_uint ("page", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/turnkeeper/Turnkeeper/"
                                                             "tkr-print-preview.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrPrintPreview, window_title);
  gtk_widget_class_bind_template_child (widget_class, TkrPrintPreview, page_area);

  gtk_widget_class_install_action (widget_class, "preview.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "preview.next", NULL, next_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "preview.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "preview.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tkr_print_preview_init (TkrPrintPreview *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->pages = g_array_new (FALSE, TRUE, sizeof (PreviewPage));
  g_array_set_clear_func (self->pages, preview_page_clear);
  gtk_drawing_area_set_draw_func (self->page_area, draw_page, self, NULL);
  update_page (self);
}
