/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-player-health.h"
#include "tkr-player-row.h"
#include "tkr-player-view.h"
#include "tkr-player-window.h"
#include "tkr-players.h"

/* The type's size steps, by the view's height (help/C/player-view.page:
 * readable from across a table, whatever the screen). */
static const struct
{
  int below;
  const char *css_class;
} sizes[] = {
  { 560, "size-small" },
  { 860, "size-medium" },
  { 1180, "size-large" },
  { G_MAXINT, "size-huge" },
};

struct _TkrPlayerView
{
  GtkWidget parent_instance;

  TkrEncounter *encounter;
  char *health_mode;
  GSignalGroup *encounter_signals;
  GSignalGroup *history_signals;
  GSignalGroup *combatants_signals;
  GSignalGroup *zones_signals;
  GArray *hidden_watches; /* Watch: each combatant's notify::hidden */
  GArray *zone_watches;   /* Watch: each zone's notify */
  GtkCustomFilter *filter;
  GtkFilterListModel *shown;
  GHashTable *bound_rows; /* TkrPlayerRow */
  const char *size_class;
  const char *wanted_size_class;
  guint size_tick;

  GtkWidget *stack;
  AdwStatusPage *waiting_page;
  GtkLabel *round_label;
  GtkLabel *turn_label;
  GtkLabel *next_label;
  GtkLabel *paused_label;
  GtkLabel *zones_label;
  GtkListView *list_view;
};

G_DEFINE_FINAL_TYPE (TkrPlayerView, tkr_player_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  PROP_HEALTH_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  GObject *instance;
  gulong handler;
} Watch;

static void
unwatch (GArray *watches)
{
  for (guint i = 0; i < watches->len; i++)
    {
      Watch *w = &g_array_index (watches, Watch, i);

      g_signal_handler_disconnect (w->instance, w->handler);
      g_object_unref (w->instance);
    }
  g_array_set_size (watches, 0);
}

static void
watch (GArray *watches, gpointer instance, const char *signal, GCallback callback, gpointer data)
{
  Watch w = { g_object_ref (instance), 0 };

  w.handler = g_signal_connect_swapped (instance, signal, callback, data);
  g_array_append_val (watches, w);
}

/* The filter's side of the rule players see by (tkr-players.h). */
static gboolean
slot_is_shown (gpointer item, gpointer user_data)
{
  return tkr_players_may_see_slot (item);
}

static gboolean
is_running (TkrPlayerView *self)
{
  TkrPhase phase;

  if (self->encounter == NULL)
    return FALSE;
  phase = tkr_encounter_get_phase (self->encounter);
  return phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED;
}

/* The round, whose turn it is (unless hidden) and the next slot players
 * may see. */
static void
update_header (TkrPlayerView *self)
{
  g_autofree char *round = NULL;
  g_autofree char *turn = NULL;
  g_autofree char *next = NULL;
  GListModel *order;
  int index;
  guint n;

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                    is_running (self) ? "fight" : "waiting");
  if (!is_running (self))
    {
      gboolean over =
        self->encounter != NULL && tkr_encounter_get_phase (self->encounter) == TKR_PHASE_END;

      adw_status_page_set_title (self->waiting_page,
                                 over ? _ ("The Fight Is Over") : _ ("No Fight Yet"));
      adw_status_page_set_description (
        self->waiting_page,
        over ? NULL : _ ("The order shows here once the encounter’s rounds begin"));
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->paused_label),
                          tkr_encounter_get_phase (self->encounter) == TKR_PHASE_PAUSED);
  if (tkr_encounter_get_round (self->encounter) > 0)
    /* Translators: the round, in the player view */
    round = g_strdup_printf (_ ("Round %d"), tkr_encounter_get_round (self->encounter));
  else
    /* Translators: no round runs (the Action-Point system's Reset) */
    round = g_strdup (_ ("Between Rounds"));
  order = tkr_encounter_get_order (self->encounter);
  n = g_list_model_get_n_items (order);
  index = tkr_encounter_get_current_index (self->encounter);
  if (index >= 0 && (guint) index < n)
    {
      g_autoptr (GObject) slot = g_list_model_get_item (order, index);

      if (tkr_players_may_see_slot (slot))
        {
          g_autofree char *name = tkr_players_slot_name (slot);
          /* Translators: whose turn it is, in the player view */
          turn = g_strdup_printf (_ ("%s’s turn"), name);
        }
      for (guint step = 1; step < n && next == NULL; step++)
        {
          g_autoptr (GObject) following = g_list_model_get_item (order, (index + step) % n);

          if (tkr_players_may_see_slot (following))
            {
              g_autofree char *name = tkr_players_slot_name (following);
              /* Translators: who comes after the current turn, in the player view */
              next = g_strdup_printf (_ ("Next: %s"), name);
            }
        }
    }
  gtk_label_set_text (self->round_label, round);
  gtk_label_set_text (self->turn_label, turn != NULL ? turn : "");
  gtk_label_set_text (self->next_label, next != NULL ? next : "");
}

/* The list shows the current slot: it scrolls there when the turn moves. */
static void
scroll_to_current (TkrPlayerView *self)
{
  GObject *current;
  GListModel *shown = G_LIST_MODEL (self->shown);
  guint n = g_list_model_get_n_items (shown);
  int index;

  if (!is_running (self) || n == 0)
    return;
  current = tkr_encounter_get_current_slot (self->encounter);
  index = tkr_encounter_get_current_index (self->encounter);
  /* Hidden slots come out before it: its place is at most its index. */
  for (int i = MIN (index, (int) n - 1); i >= 0; i--)
    {
      g_autoptr (GObject) item = g_list_model_get_item (shown, i);

      if (item == current)
        {
          gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                                      (guint) i);
          return;
        }
    }
}

static void
current_changed_cb (TkrPlayerView *self)
{
  GHashTableIter iter;
  gpointer row;

  update_header (self);
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    tkr_player_row_update_current (row);
  scroll_to_current (self);
}

/* A combatant was hidden or shown: the filter asks every slot again. */
static void
hidden_changed_cb (TkrPlayerView *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_header (self);
}

static void
watch_combatants (TkrPlayerView *self)
{
  GListModel *combatants =
    self->encounter != NULL ? tkr_encounter_get_combatants (self->encounter) : NULL;

  unwatch (self->hidden_watches);
  for (guint i = 0; combatants != NULL && i < g_list_model_get_n_items (combatants); i++)
    {
      g_autoptr (GObject) combatant = g_list_model_get_item (combatants, i);
      watch (self->hidden_watches, combatant, "notify::hidden", G_CALLBACK (hidden_changed_cb),
             self);
    }
}

/* The Kleptonomicon's zones in play: "Fire ×2 (the brazier)". */
static void
update_zones (TkrPlayerView *self)
{
  GListModel *zones = TKR_IS_KLEP_ENCOUNTER (self->encounter)
                        ? tkr_klep_encounter_get_zones (TKR_KLEP_ENCOUNTER (self->encounter))
                        : NULL;
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; zones != NULL && i < g_list_model_get_n_items (zones); i++)
    {
      g_autoptr (TkrZone) zone = g_list_model_get_item (zones, i);
      const char *location = tkr_zone_get_location (zone);

      g_string_append (text, text->len > 0 ? " · " : _ ("Zones: "));
      g_string_append (text, tkr_rules_translate (tkr_zone_get_name (zone)));
      if (tkr_zone_get_stacks (zone) > 1)
        g_string_append_printf (text, " ×%d", tkr_zone_get_stacks (zone));
      if (location != NULL && *location != '\0')
        g_string_append_printf (text, " (%s)", location);
    }
  gtk_label_set_text (self->zones_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->zones_label), text->len > 0);
}

static void
zones_changed_cb (TkrPlayerView *self)
{
  GListModel *zones = TKR_IS_KLEP_ENCOUNTER (self->encounter)
                        ? tkr_klep_encounter_get_zones (TKR_KLEP_ENCOUNTER (self->encounter))
                        : NULL;

  unwatch (self->zone_watches);
  for (guint i = 0; zones != NULL && i < g_list_model_get_n_items (zones); i++)
    {
      g_autoptr (GObject) zone = g_list_model_get_item (zones, i);
      watch (self->zone_watches, zone, "notify", G_CALLBACK (update_zones), self);
    }
  update_zones (self);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TkrPlayerView *self)
{
  /* Nothing to click or select: a display. */
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_selectable (item, FALSE);
  gtk_list_item_set_child (item, GTK_WIDGET (tkr_player_row_new ()));
}

static void
bind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TkrPlayerView *self)
{
  TkrPlayerRow *row = TKR_PLAYER_ROW (gtk_list_item_get_child (item));

  tkr_player_row_bind (row, self->encounter, gtk_list_item_get_item (item), self->health_mode);
  g_hash_table_add (self->bound_rows, row);
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, TkrPlayerView *self)
{
  TkrPlayerRow *row = TKR_PLAYER_ROW (gtk_list_item_get_child (item));

  g_hash_table_remove (self->bound_rows, row);
  tkr_player_row_unbind (row);
}

void
tkr_player_view_set_encounter (TkrPlayerView *self, TkrEncounter *encounter)
{
  g_return_if_fail (TKR_IS_PLAYER_VIEW (self));
  g_return_if_fail (encounter == NULL || TKR_IS_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;
  g_signal_group_set_target (self->encounter_signals, encounter);
  g_signal_group_set_target (self->history_signals,
                             encounter != NULL ? tkr_encounter_get_history (encounter) : NULL);
  g_signal_group_set_target (self->combatants_signals,
                             encounter != NULL ? tkr_encounter_get_combatants (encounter) : NULL);
  g_signal_group_set_target (self->zones_signals,
                             TKR_IS_KLEP_ENCOUNTER (encounter)
                               ? tkr_klep_encounter_get_zones (TKR_KLEP_ENCOUNTER (encounter))
                               : NULL);
  watch_combatants (self);
  zones_changed_cb (self);
  gtk_filter_list_model_set_model (self->shown,
                                   encounter != NULL ? tkr_encounter_get_order (encounter) : NULL);
  current_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

TkrEncounter *
tkr_player_view_get_encounter (TkrPlayerView *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_VIEW (self), NULL);
  return self->encounter;
}

void
tkr_player_view_set_health_mode (TkrPlayerView *self, const char *mode)
{
  GHashTableIter iter;
  gpointer row;

  g_return_if_fail (TKR_IS_PLAYER_VIEW (self));

  if (mode == NULL)
    mode = TKR_PLAYER_HEALTH_WORD;
  if (g_strcmp0 (self->health_mode, mode) == 0)
    return;
  g_free (self->health_mode);
  self->health_mode = g_strdup (mode);
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    tkr_player_row_set_health_mode (row, mode);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEALTH_MODE]);
}

const char *
tkr_player_view_get_health_mode (TkrPlayerView *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_VIEW (self), NULL);
  return self->health_mode;
}

const char *
tkr_player_view_get_round_text (TkrPlayerView *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_VIEW (self), NULL);
  return is_running (self) ? gtk_label_get_text (self->round_label) : "";
}

const char *
tkr_player_view_get_turn_text (TkrPlayerView *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_VIEW (self), NULL);
  return is_running (self) ? gtk_label_get_text (self->turn_label) : "";
}

const char *
tkr_player_view_get_next_text (TkrPlayerView *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_VIEW (self), NULL);
  return is_running (self) ? gtk_label_get_text (self->next_label) : "";
}

const char *
tkr_player_view_get_zones_text (TkrPlayerView *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_VIEW (self), NULL);
  return gtk_label_get_text (self->zones_label);
}

GListModel *
tkr_player_view_get_shown (TkrPlayerView *self)
{
  g_return_val_if_fail (TKR_IS_PLAYER_VIEW (self), NULL);
  return G_LIST_MODEL (self->shown);
}

static gboolean
apply_size_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TkrPlayerView *self = TKR_PLAYER_VIEW (widget);

  self->size_tick = 0;
  if (self->size_class != NULL)
    gtk_widget_remove_css_class (widget, self->size_class);
  self->size_class = self->wanted_size_class;
  gtk_widget_add_css_class (widget, self->size_class);
  return G_SOURCE_REMOVE;
}

static void
tkr_player_view_measure (GtkWidget *widget,
                         GtkOrientation orientation,
                         int for_size,
                         int *minimum,
                         int *natural,
                         int *minimum_baseline,
                         int *natural_baseline)
{
  gtk_widget_measure (TKR_PLAYER_VIEW (widget)->stack, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

/* The type follows the height, set after this allocation (a style
 * changed inside it would be lost). */
static void
tkr_player_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TkrPlayerView *self = TKR_PLAYER_VIEW (widget);
  const char *wanted = sizes[0].css_class;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (height < sizes[i].below)
      {
        wanted = sizes[i].css_class;
        break;
      }
  if (wanted != self->size_class && wanted != self->wanted_size_class)
    {
      self->wanted_size_class = wanted;
      if (self->size_tick == 0)
        self->size_tick = gtk_widget_add_tick_callback (widget, apply_size_cb, NULL, NULL);
    }
  gtk_widget_allocate (self->stack, width, height, baseline, NULL);
}

static void
tkr_player_view_dispose (GObject *object)
{
  TkrPlayerView *self = TKR_PLAYER_VIEW (object);

  if (self->size_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->size_tick);
  self->size_tick = 0;
  if (self->encounter_signals != NULL)
    {
      g_signal_group_set_target (self->encounter_signals, NULL);
      g_signal_group_set_target (self->history_signals, NULL);
      g_signal_group_set_target (self->combatants_signals, NULL);
      g_signal_group_set_target (self->zones_signals, NULL);
    }
  if (self->hidden_watches != NULL)
    unwatch (self->hidden_watches);
  if (self->zone_watches != NULL)
    unwatch (self->zone_watches);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_PLAYER_VIEW);
  g_clear_pointer (&self->stack, gtk_widget_unparent);
  g_clear_object (&self->encounter_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->combatants_signals);
  g_clear_object (&self->zones_signals);
  g_clear_pointer (&self->hidden_watches, g_array_unref);
  g_clear_pointer (&self->zone_watches, g_array_unref);
  g_clear_pointer (&self->bound_rows, g_hash_table_unref);
  g_clear_object (&self->shown);
  g_clear_object (&self->filter);
  g_clear_object (&self->encounter);
  g_clear_pointer (&self->health_mode, g_free);
  G_OBJECT_CLASS (tkr_player_view_parent_class)->dispose (object);
}

static void
tkr_player_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPlayerView *self = TKR_PLAYER_VIEW (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    case PROP_HEALTH_MODE:
      g_value_set_string (value, self->health_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_player_view_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  TkrPlayerView *self = TKR_PLAYER_VIEW (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_player_view_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_HEALTH_MODE:
      tkr_player_view_set_health_mode (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_player_view_class_init (TkrPlayerViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_player_view_dispose;
  object_class->get_property = tkr_player_view_get_property;
  object_class->set_property = tkr_player_view_set_property;
  widget_class->measure = tkr_player_view_measure;
  widget_class->size_allocate = tkr_player_view_size_allocate;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEALTH_MODE] =
    g_param_spec_string ("health-mode", NULL, NULL, TKR_PLAYER_HEALTH_WORD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-player-view.ui");
  gtk_widget_class_set_css_name (widget_class, "playerview");
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, stack);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, waiting_page);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, round_label);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, next_label);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, paused_label);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, zones_label);
  gtk_widget_class_bind_template_child (widget_class, TkrPlayerView, list_view);
}

static void
tkr_player_view_init (TkrPlayerView *self)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  tkr_player_window_ensure_style ();
  self->health_mode = g_strdup (TKR_PLAYER_HEALTH_WORD);
  self->bound_rows = g_hash_table_new (NULL, NULL);
  self->hidden_watches = g_array_new (FALSE, FALSE, sizeof (Watch));
  self->zone_watches = g_array_new (FALSE, FALSE, sizeof (Watch));
  self->filter = gtk_custom_filter_new (slot_is_shown, NULL, NULL);
  self->shown = gtk_filter_list_model_new (NULL, GTK_FILTER (g_object_ref (self->filter)));
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->shown)));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);

  self->encounter_signals = g_signal_group_new (TKR_TYPE_ENCOUNTER);
  g_signal_group_connect_swapped (self->encounter_signals, "notify::current-index",
                                  G_CALLBACK (current_changed_cb), self);
  g_signal_group_connect_swapped (self->encounter_signals, "notify::round",
                                  G_CALLBACK (update_header), self);
  g_signal_group_connect_swapped (self->encounter_signals, "notify::phase",
                                  G_CALLBACK (current_changed_cb), self);
  /* A name changed, or a slot's group: the header's names. */
  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "changed", G_CALLBACK (update_header),
                                  self);
  self->combatants_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->combatants_signals, "items-changed",
                                  G_CALLBACK (watch_combatants), self);
  self->zones_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->zones_signals, "items-changed",
                                  G_CALLBACK (zones_changed_cb), self);
}

GtkWidget *
tkr_player_view_new (void)
{
  return g_object_new (TKR_TYPE_PLAYER_VIEW, NULL);
}
