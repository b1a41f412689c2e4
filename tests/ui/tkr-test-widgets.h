/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Finding widgets in a widget suite the way a user's language cannot
 * change: by the template id the .ui file gives them, by the action they
 * activate, by widget name or by type; never by their translated text.
 * And waiting for a state instead of for a time.
 */

#include <gtk/gtk.h>

typedef gboolean (*TkrTestWidgetMatch) (GtkWidget *widget, gconstpointer data);

/* The first widget at or below @root, breadth first, that @match accepts. */
static inline GtkWidget *
tkr_test_find (GtkWidget *root, TkrTestWidgetMatch match, gconstpointer data)
{
  g_autoptr (GPtrArray) queue = g_ptr_array_new ();

  g_ptr_array_add (queue, root);
  for (guint i = 0; i < queue->len; i++)
    {
      GtkWidget *current = g_ptr_array_index (queue, i);

      if (match (current, data))
        return current;
      for (GtkWidget *child = gtk_widget_get_first_child (current); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (queue, child);
    }
  return NULL;
}

static inline gboolean
tkr_test_match_id (GtkWidget *widget, gconstpointer id)
{
  return g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0;
}

static inline gboolean
tkr_test_match_action (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static inline gboolean
tkr_test_match_name (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

/* The template child @id of the widget of @type that is @root or below it. */
static inline GtkWidget *
tkr_test_template_child (GtkWidget *root, GType type, const char *id)
{
  GtkWidget *owner = root;
  GObject *child;

  if (!G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      g_autoptr (GPtrArray) queue = g_ptr_array_new ();

      owner = NULL;
      g_ptr_array_add (queue, root);
      for (guint i = 0; i < queue->len && owner == NULL; i++)
        {
          GtkWidget *current = g_ptr_array_index (queue, i);

          if (G_TYPE_CHECK_INSTANCE_TYPE (current, type))
            owner = current;
          for (GtkWidget *c = gtk_widget_get_first_child (current); c != NULL;
               c = gtk_widget_get_next_sibling (c))
            g_ptr_array_add (queue, c);
        }
    }
  g_assert_nonnull (owner);
  child = gtk_widget_get_template_child (owner, type, id);
  g_assert_nonnull (child);
  return GTK_WIDGET (child);
}

/* The widget at or below @root that activates @action ("win.open"). */
static inline GtkWidget *
tkr_test_find_action (GtkWidget *root, const char *action)
{
  return tkr_test_find (root, tkr_test_match_action, action);
}

static inline GtkWidget *
tkr_test_find_named (GtkWidget *root, const char *name)
{
  return tkr_test_find (root, tkr_test_match_name, name);
}

/* Spins the main loop until @done says so, or gives up after a generous
 * limit so a broken test ends instead of hanging: the test then fails on
 * the state it checks, never on a time. */
static inline gboolean
tkr_test_wait_until (gboolean (*done) (gpointer), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return done (data);
}

static inline gpointer
tkr_test_part_in (GtkWidget *root, const char *id, gboolean shown_pages_only)
{
  g_autoptr (GPtrArray) queue = g_ptr_array_new ();

  g_ptr_array_add (queue, root);
  for (guint i = 0; i < queue->len; i++)
    {
      GtkWidget *current = g_ptr_array_index (queue, i);
      GObject *found = NULL;

      if (g_str_has_prefix (G_OBJECT_TYPE_NAME (current), "Tkr"))
        found = gtk_widget_get_template_child (current, G_OBJECT_TYPE (current), id);
      if (found != NULL)
        return found;
      for (GtkWidget *child = gtk_widget_get_first_child (current); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (gtk_widget_get_visible (child) &&
            (!shown_pages_only || !GTK_IS_STACK (current) ||
             child == gtk_stack_get_visible_child (GTK_STACK (current))))
          g_ptr_array_add (queue, child);
    }
  return NULL;
}

/* The template child @id of the first shown Turnkeeper widget at or
 * below @root, breadth first, whose own template names one: a part of a
 * page made of parts (the Encounter page, its Freeplay pane, the shown
 * system's Setup and details), wherever the page keeps it. Shown:
 * visible and, first, on a stack's visible page; then on any page (a
 * part of a phase to come). */
static inline gpointer
tkr_test_part (GtkWidget *root, const char *id)
{
  gpointer found = tkr_test_part_in (root, id, TRUE);

  return found ? found : tkr_test_part_in (root, id, FALSE);
}

static inline gboolean
tkr_test_match_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

/* The first widget of @type at or below @root, breadth first: a part
 * built when first needed (a system's Setup or details), which no
 * template names. */
static inline gpointer
tkr_test_find_type (GtkWidget *root, GType type)
{
  return tkr_test_find (root, tkr_test_match_type, GSIZE_TO_POINTER (type));
}

static inline gboolean
tkr_test_match_toast_button (GtkWidget *widget, gconstpointer data)
{
  GtkWidget *toast = widget;

  /* A toast's own button has a label (its close button an icon only). */
  if (!GTK_IS_BUTTON (widget) || gtk_button_get_label (GTK_BUTTON (widget)) == NULL)
    return FALSE;
  while (toast != NULL && g_strcmp0 (G_OBJECT_TYPE_NAME (toast), "AdwToastWidget") != 0)
    toast = gtk_widget_get_parent (toast);
  return toast != NULL;
}

/* The button of a toast shown at or below @root (its Undo), or NULL. */
static inline GtkWidget *
tkr_test_find_toast_button (GtkWidget *root)
{
  return tkr_test_find (root, tkr_test_match_toast_button, NULL);
}
