/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "tkr-scroll-guard.h"

/* A field's own wheel controller and the phase it gets back while the
 * field has the focus. */
typedef struct
{
  GtkEventController *controller;
  GtkPropagationPhase phase;
} Wheel;

/* Each guarded field -> a GArray of its Wheels; a field leaves the table
 * when it is finalized. */
static GHashTable *guarded;

static void
wheel_clear (gpointer data)
{
  g_object_unref (((Wheel *) data)->controller);
}

static void
field_finalized (gpointer data, GObject *where_the_field_was)
{
  g_hash_table_remove (guarded, where_the_field_was);
}

gboolean
tkr_scroll_guard_is_number_field (GtkWidget *widget)
{
  /* A GtkScrollbar is not a GtkRange in GTK 4 (its slider is a plain
   * GtkRange inside it), so scrolling over a scrollbar is not touched. */
  return GTK_IS_SPIN_BUTTON (widget) || GTK_IS_SCALE (widget);
}

gboolean
tkr_scroll_guard_is_watching (GtkWidget *field)
{
  g_return_val_if_fail (GTK_IS_WIDGET (field), FALSE);

  return guarded != NULL && g_hash_table_contains (guarded, field);
}

gboolean
tkr_scroll_guard_takes_wheel (GtkWidget *field)
{
  g_return_val_if_fail (GTK_IS_WIDGET (field), FALSE);

  /* A spin button's keyboard focus is on the text inside it. */
  return (gtk_widget_get_state_flags (field) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;
}

/* Switches the field's own wheel controllers on or off. They stay in the
 * field; off, they are in no propagation phase and a scroll passes the
 * field by on its way to the scrolled window. */
static void
apply (GtkWidget *field)
{
  gboolean takes = tkr_scroll_guard_takes_wheel (field);
  GArray *wheels = g_hash_table_lookup (guarded, field);

  for (guint i = 0; wheels != NULL && i < wheels->len; i++)
    {
      Wheel *wheel = &g_array_index (wheels, Wheel, i);
      GtkPropagationPhase phase = takes ? wheel->phase : GTK_PHASE_NONE;

      if (gtk_event_controller_get_propagation_phase (wheel->controller) != phase)
        gtk_event_controller_set_propagation_phase (wheel->controller, phase);
    }
}

static void
state_flags_changed_cb (GtkWidget *field, GtkStateFlags previous, gpointer user_data)
{
  if (((previous ^ gtk_widget_get_state_flags (field)) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0)
    apply (field);
}

void
tkr_scroll_guard_watch (GtkWidget *field)
{
  g_autoptr (GListModel) controllers = NULL;
  GArray *wheels;
  guint n;

  g_return_if_fail (GTK_IS_WIDGET (field));

  if (!tkr_scroll_guard_is_number_field (field) || tkr_scroll_guard_is_watching (field))
    return;

  if (guarded == NULL)
    guarded = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  wheels = g_array_new (FALSE, FALSE, sizeof (Wheel));
  g_array_set_clear_func (wheels, wheel_clear);
  g_hash_table_insert (guarded, field, wheels);
  g_object_weak_ref (G_OBJECT (field), field_finalized, NULL);

  /* The field's own wheel controllers are the scroll controllers it has
   * when it is first guarded (GTK adds them when it makes the field). */
  controllers = gtk_widget_observe_controllers (field);
  n = g_list_model_get_n_items (controllers);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);
      GtkPropagationPhase phase = gtk_event_controller_get_propagation_phase (controller);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller) && phase != GTK_PHASE_NONE)
        {
          Wheel wheel = { g_object_ref (controller), phase };
          g_array_append_val (wheels, wheel);
        }
    }

  g_signal_connect (field, "state-flags-changed", G_CALLBACK (state_flags_changed_cb), NULL);
  apply (field);
}

static gboolean
realize_hook (GSignalInvocationHint *hint, guint n_params, const GValue *params, gpointer user_data)
{
  GtkWidget *widget = g_value_get_object (&params[0]);

  if (tkr_scroll_guard_is_number_field (widget))
    tkr_scroll_guard_watch (widget);
  return TRUE; /* stays installed */
}

static void
watch_tree (GtkWidget *widget)
{
  tkr_scroll_guard_watch (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    watch_tree (child);
}

void
tkr_scroll_guard_install (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      GListModel *toplevels = gtk_window_get_toplevels ();
      guint n = g_list_model_get_n_items (toplevels);

      /* The signal exists once the widget class does: at application
       * start-up no widget may have been made yet. */
      g_type_class_unref (g_type_class_ref (GTK_TYPE_WIDGET));
      /* Every field realized from now on, in whatever window... */
      g_signal_add_emission_hook (g_signal_lookup ("realize", GTK_TYPE_WIDGET), 0, realize_hook,
                                  NULL, NULL);
      /* ...and those already there. */
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

          watch_tree (window);
        }
      g_once_init_leave (&installed, 1);
    }
}
