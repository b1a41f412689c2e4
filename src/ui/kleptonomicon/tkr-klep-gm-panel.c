/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-klep-gm-panel.h"
#include "tkr-klep-zone-row.h"

/* How many frames the log may take to settle at its newest entry: a list
 * view only knows the height of rows it has made, so the end moves while
 * the rows near it are made and measured. */
#define LOG_SCROLL_FRAMES 12

struct _TkrKlepGmPanel
{
  AdwBin parent_instance;

  TkrKlepEncounter *encounter;
  GSignalGroup *log_signals;
  GtkNoSelection *log_selection;
  GtkStringList *catalogue;
  guint log_scroll_tick;
  guint log_scroll_frames;

  AdwViewStack *view_stack;
  GtkListBox *zones_list;
  AdwComboRow *zone_row;
  GtkSpinButton *zone_stacks;
  AdwEntryRow *zone_place;
  GtkButton *add_zone_button;
  GtkLabel *log_empty_label;
  GtkScrolledWindow *log_scroller;
  GtkListView *log_view;
  GtkEntry *note_entry;
  GtkButton *add_note_button;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (TkrKlepGmPanel, tkr_klep_gm_panel, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_ENCOUNTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
report (TkrKlepGmPanel *self, gboolean ok, const GError *error)
{
  return tkr_feedback_check (GTK_WIDGET (self), self->error_label, ok, error);
}

static TkrRules *
get_rules (TkrKlepGmPanel *self)
{
  return self->encounter ? tkr_encounter_get_rules (TKR_ENCOUNTER (self->encounter)) : NULL;
}

/* Zones in play */

static void
zone_change_stacks_cb (TkrKlepZoneRow *row, int delta, TkrKlepGmPanel *self)
{
  g_autoptr (GError) error = NULL;
  TkrZone *zone = tkr_klep_zone_row_get_zone (row);
  gboolean ok;

  if (self->encounter == NULL)
    return;

  ok = tkr_klep_encounter_set_zone_stacks (self->encounter, zone,
                                           tkr_zone_get_stacks (zone) + delta, &error);
  report (self, ok, error);
}

static void
zone_remove_cb (TkrKlepZoneRow *row, TkrKlepGmPanel *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TkrZone) zone = NULL;
  gboolean ok;

  if (self->encounter == NULL)
    return;

  /* The row goes with the Zone. */
  zone = g_object_ref (tkr_klep_zone_row_get_zone (row));
  ok = tkr_klep_encounter_remove_zone (self->encounter, zone, &error);
  report (self, ok, error);
}

static GtkWidget *
create_zone_row (gpointer item, gpointer user_data)
{
  TkrKlepGmPanel *self = user_data;
  GtkWidget *row = tkr_klep_zone_row_new (TKR_ZONE (item));

  g_signal_connect_object (row, "change-stacks", G_CALLBACK (zone_change_stacks_cb), self, 0);
  g_signal_connect_object (row, "remove", G_CALLBACK (zone_remove_cb), self, 0);
  return row;
}

/* Adding a Zone from the catalogue */

static const TkrZoneInfo *
selected_zone_info (TkrKlepGmPanel *self)
{
  TkrRules *rules = get_rules (self);
  guint selected = adw_combo_row_get_selected (self->zone_row);

  if (rules == NULL || selected == GTK_INVALID_LIST_POSITION ||
      selected >= tkr_rules_get_n_zones (rules))
    return NULL;
  return tkr_rules_get_zone (rules, selected);
}

static void
zone_selected_cb (TkrKlepGmPanel *self)
{
  const TkrZoneInfo *info = selected_zone_info (self);
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (self->zone_stacks);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->zone_row),
                               info && info->description ? tkr_rules_translate (info->description)
                                                         : "");
  /* Offer the stacks this kind of Zone can have (rule data). */
  gtk_adjustment_set_upper (adjustment, info ? MAX (1, info->max_stacks) : 1);
  gtk_spin_button_set_value (self->zone_stacks,
                             CLAMP (gtk_spin_button_get_value (self->zone_stacks), 1,
                                    gtk_adjustment_get_upper (adjustment)));
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_zone_button),
                            info != NULL && self->encounter != NULL);
}

static void
rebuild_catalogue (TkrKlepGmPanel *self)
{
  TkrRules *rules = get_rules (self);
  guint n = rules ? tkr_rules_get_n_zones (rules) : 0;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  /* The rows' order is the catalogue's, so a position is an index. */
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, (gpointer) tkr_rules_translate (tkr_rules_get_zone (rules, i)->name));
  g_ptr_array_add (names, NULL);

  g_clear_object (&self->catalogue);
  self->catalogue = gtk_string_list_new ((const char *const *) names->pdata);
  adw_combo_row_set_model (self->zone_row, G_LIST_MODEL (self->catalogue));
  adw_combo_row_set_selected (self->zone_row, n > 0 ? 0 : GTK_INVALID_LIST_POSITION);
  zone_selected_cb (self);
}

static void
add_zone_clicked_cb (TkrKlepGmPanel *self)
{
  g_autoptr (GError) error = NULL;
  const TkrZoneInfo *info = selected_zone_info (self);
  g_autofree char *place = NULL;
  TkrZone *zone;

  if (self->encounter == NULL || info == NULL)
    return;

  place = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->zone_place))));
  gtk_spin_button_update (self->zone_stacks);
  /* The rule data's own name: files keep it whatever the language. */
  zone = tkr_klep_encounter_add_zone (self->encounter, info->name,
                                      gtk_spin_button_get_value_as_int (self->zone_stacks),
                                      *place != '\0' ? place : NULL, &error);
  if (report (self, zone != NULL, error))
    gtk_editable_set_text (GTK_EDITABLE (self->zone_place), "");
}

/* The log */

static void
setup_log_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *round = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (round), 0);
  gtk_label_set_yalign (GTK_LABEL (round), 0);
  gtk_label_set_width_chars (GTK_LABEL (round), 8);
  gtk_widget_set_valign (round, GTK_ALIGN_BASELINE);
  gtk_widget_add_css_class (round, "caption");
  gtk_widget_add_css_class (round, "dim-label");
  gtk_widget_add_css_class (round, "numeric");

  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  /* Keeps the panel's natural width in bounds; long lines wrap. */
  gtk_label_set_max_width_chars (GTK_LABEL (text), 28);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_BASELINE);

  gtk_box_append (GTK_BOX (box), round);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_selectable (item, FALSE);
}

static void
bind_log_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  TkrLogEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *round = gtk_widget_get_first_child (box);
  GtkWidget *text = gtk_widget_get_next_sibling (round);
  int number = tkr_log_entry_get_round (entry);
  g_autofree char *prefix = NULL;
  g_autoptr (GDateTime) stamp = g_date_time_new_from_unix_local (tkr_log_entry_get_time (entry));
  g_autofree char *when = stamp ? g_date_time_format (stamp, "%X") : NULL;

  /* Before Round 1 (joining, the Setup) there is no Round to name. */
  if (number > 0)
    /* TRANSLATORS: the Round a line of the encounter log belongs to */
    prefix = g_strdup_printf (_ ("Round %d"), number);
  gtk_label_set_text (GTK_LABEL (round), prefix ? prefix : "");
  gtk_label_set_text (GTK_LABEL (text), tkr_log_entry_get_text (entry));
  gtk_widget_set_tooltip_text (box, when);
}

/* Keeps the newest entry in view: the list is brought to its last item,
 * then to the bottom once the rows there are measured. */
static gboolean
log_scroll_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TkrKlepGmPanel *self = TKR_KLEP_GM_PANEL (widget);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroller);
  guint n = self->log_selection ? g_list_model_get_n_items (G_LIST_MODEL (self->log_selection)) : 0;
  double bottom;

  if (n == 0 || ++self->log_scroll_frames > LOG_SCROLL_FRAMES)
    {
      self->log_scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }

  if (self->log_scroll_frames == 1)
    gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", n - 1);

  bottom = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  if (gtk_adjustment_get_value (adjustment) < bottom)
    gtk_adjustment_set_value (adjustment, bottom);

  return G_SOURCE_CONTINUE;
}

static void
scroll_log_to_end (TkrKlepGmPanel *self)
{
  self->log_scroll_frames = 0;
  if (self->log_scroll_tick == 0 && gtk_widget_get_mapped (GTK_WIDGET (self->log_view)))
    self->log_scroll_tick =
      gtk_widget_add_tick_callback (GTK_WIDGET (self), log_scroll_tick_cb, NULL, NULL);
}

/* The log page was out of view while the log grew. */
static void
log_view_map_cb (TkrKlepGmPanel *self)
{
  scroll_log_to_end (self);
}

static void
refresh_log_state (TkrKlepGmPanel *self)
{
  guint n = self->encounter
              ? g_list_model_get_n_items (tkr_encounter_get_log (TKR_ENCOUNTER (self->encounter)))
              : 0;

  gtk_widget_set_visible (GTK_WIDGET (self->log_empty_label), n == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->log_scroller), n > 0);
}

static void
log_changed_cb (TkrKlepGmPanel *self, guint position, guint removed, guint added)
{
  refresh_log_state (self);
  if (added > 0)
    scroll_log_to_end (self);
}

static void
add_note (TkrKlepGmPanel *self)
{
  g_autofree char *text = NULL;

  if (self->encounter == NULL)
    return;

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->note_entry))));
  if (*text == '\0')
    return;

  /* A note is a line of the log like any command's, so undo takes it away
   * too. */
  tkr_encounter_log_note (TKR_ENCOUNTER (self->encounter), text);
  gtk_editable_set_text (GTK_EDITABLE (self->note_entry), "");
  tkr_feedback_clear (self->error_label);
}

static void
note_changed_cb (TkrKlepGmPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->note_entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  gtk_widget_set_sensitive (GTK_WIDGET (self->add_note_button),
                            self->encounter != NULL && *stripped != '\0');
}

/* GObject */

static void
tkr_klep_gm_panel_unmap (GtkWidget *widget)
{
  TkrKlepGmPanel *self = TKR_KLEP_GM_PANEL (widget);

  if (self->log_scroll_tick != 0)
    gtk_widget_remove_tick_callback (widget, self->log_scroll_tick);
  self->log_scroll_tick = 0;
  GTK_WIDGET_CLASS (tkr_klep_gm_panel_parent_class)->unmap (widget);
}

static void
tkr_klep_gm_panel_dispose (GObject *object)
{
  TkrKlepGmPanel *self = TKR_KLEP_GM_PANEL (object);

  if (self->log_signals != NULL)
    g_signal_group_set_target (self->log_signals, NULL);
  g_clear_object (&self->log_signals);
  if (self->zones_list != NULL)
    gtk_list_box_bind_model (self->zones_list, NULL, NULL, NULL, NULL);
  if (self->log_view != NULL)
    gtk_list_view_set_model (self->log_view, NULL);
  g_clear_object (&self->log_selection);
  g_clear_object (&self->catalogue);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_klep_gm_panel_parent_class)->dispose (object);
}

static void
tkr_klep_gm_panel_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepGmPanel *self = TKR_KLEP_GM_PANEL (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_gm_panel_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrKlepGmPanel *self = TKR_KLEP_GM_PANEL (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      tkr_klep_gm_panel_set_encounter (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_gm_panel_class_init (TkrKlepGmPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_klep_gm_panel_dispose;
  object_class->get_property = tkr_klep_gm_panel_get_property;
  object_class->set_property = tkr_klep_gm_panel_set_property;
  widget_class->unmap = tkr_klep_gm_panel_unmap;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, TKR_TYPE_KLEP_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-gm-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, view_stack);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, zones_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, zone_row);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, zone_stacks);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, zone_place);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, add_zone_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, log_empty_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, log_view);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, note_entry);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, add_note_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGmPanel, error_label);
}

static void
tkr_klep_gm_panel_init (TkrKlepGmPanel *self)
{
  g_autoptr (GtkListItemFactory) factory = NULL;
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));

  placeholder = gtk_label_new (_ ("No Zones in play"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_end (placeholder, 12);
  gtk_list_box_set_placeholder (self->zones_list, placeholder);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_log_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_log_row_cb), NULL);
  gtk_list_view_set_factory (self->log_view, factory);
  self->log_selection = gtk_no_selection_new (NULL);
  gtk_list_view_set_model (self->log_view, GTK_SELECTION_MODEL (self->log_selection));

  g_signal_connect_object (self->zone_row, "notify::selected", G_CALLBACK (zone_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->add_zone_button, "clicked", G_CALLBACK (add_zone_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->zone_place, "entry-activated", G_CALLBACK (add_zone_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->add_note_button, "clicked", G_CALLBACK (add_note), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->note_entry, "activate", G_CALLBACK (add_note), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->note_entry, "changed", G_CALLBACK (note_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->log_view, "map", G_CALLBACK (log_view_map_cb), self,
                           G_CONNECT_SWAPPED);

  self->log_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->log_signals, "items-changed", G_CALLBACK (log_changed_cb),
                                 self, G_CONNECT_SWAPPED);

  rebuild_catalogue (self);
  refresh_log_state (self);
  note_changed_cb (self);
}

GtkWidget *
tkr_klep_gm_panel_new (void)
{
  return g_object_new (TKR_TYPE_KLEP_GM_PANEL, NULL);
}

TkrKlepEncounter *
tkr_klep_gm_panel_get_encounter (TkrKlepGmPanel *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_GM_PANEL (self), NULL);

  return self->encounter;
}

void
tkr_klep_gm_panel_set_encounter (TkrKlepGmPanel *self, TkrKlepEncounter *encounter)
{
  GListModel *log;

  g_return_if_fail (TKR_IS_KLEP_GM_PANEL (self));
  g_return_if_fail (encounter == NULL || TKR_IS_KLEP_ENCOUNTER (encounter));

  if (!g_set_object (&self->encounter, encounter))
    return;

  log = encounter ? tkr_encounter_get_log (TKR_ENCOUNTER (encounter)) : NULL;
  gtk_list_box_bind_model (self->zones_list,
                           encounter ? tkr_klep_encounter_get_zones (encounter) : NULL,
                           encounter ? create_zone_row : NULL, self, NULL);
  g_signal_group_set_target (self->log_signals, log);
  gtk_no_selection_set_model (self->log_selection, log);

  tkr_feedback_clear (self->error_label);
  rebuild_catalogue (self);
  refresh_log_state (self);
  note_changed_cb (self);
  scroll_log_to_end (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}
