/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-first-frame.h"
#include "tkr-roster-row.h"
#include "tkr-roster.h"

/*
 * One GtkListView shows both sections, so a thousand NPCs cost what a
 * screenful costs: a flattened model of [heading, party, heading, NPCs],
 * each section filtered by the search, each heading shown only while its
 * section has rows.
 */

enum
{
  SECTION_PARTY,
  SECTION_NPCS,
  N_SECTIONS
};

typedef struct
{
  GtkFilterListModel *characters; /* the campaign's list, searched */
  GtkFilterListModel *heading;    /* a one-item GtkStringList, hidden when empty */
  GtkCustomFilter *heading_filter;
  gboolean had_rows;
} Section;

struct _TkrRoster
{
  AdwBin parent_instance;

  TkrCampaign *campaign;
  GSignalGroup *history_signals;
  GSignalGroup *campaign_signals;
  GSignalGroup *tracker_signals;
  Section sections[N_SECTIONS];
  GtkStringFilter *search_filter;
  GtkFlattenListModel *flat;
  GtkSingleSelection *selection;
  TkrCharacter *selected;
  guint remove_serial;

  AdwHeaderBar *header_bar;
  AdwWindowTitle *window_title;
  GtkSearchEntry *search_entry;
  GtkStack *list_stack;
  GtkListView *list_view;
  guint to_top_source; /* the list back to its top after a campaign came in */
  GMenuModel *primary_menu;
  GMenu *recent_menu;
  GtkMenuButton *menu_button;
  AdwStatusPage *empty_page;
  AdwStatusPage *no_results_page;
};

G_DEFINE_FINAL_TYPE (TkrRoster, tkr_roster, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_CAMPAIGN,
  PROP_SELECTED_CHARACTER,
  N_PROPS
};

enum
{
  CHARACTER_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Toast titles are Pango markup: names and error messages are escaped so
 * an "&" in them shows as itself. */
static AdwToast *toast_new_printf (const char *format, ...) G_GNUC_PRINTF (1, 2);

static AdwToast *
toast_new_printf (const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  escaped = g_markup_escape_text (text, -1);
  return adw_toast_new (escaped);
}

static void
show_toast (TkrRoster *self, AdwToast *toast)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

static TkrHistory *
get_history (TkrRoster *self)
{
  return self->campaign != NULL ? tkr_campaign_get_history (self->campaign) : NULL;
}

static guint
n_source_characters (TkrRoster *self)
{
  guint n = 0;

  for (guint i = 0; i < N_SECTIONS; i++)
    {
      GListModel *model = gtk_filter_list_model_get_model (self->sections[i].characters);

      if (model != NULL)
        n += g_list_model_get_n_items (model);
    }
  return n;
}

static void
update_page (TkrRoster *self)
{
  const char *page = "list";

  if (n_source_characters (self) == 0)
    page = "empty";
  else if (tkr_roster_get_n_visible_characters (self) == 0)
    page = "no-results";
  /* The status pages are hidden until first needed, so a roster that
   * never shows them never lays out their text (README, "Performance"). */
  gtk_widget_set_visible (gtk_stack_get_child_by_name (self->list_stack, page), TRUE);
  gtk_stack_set_visible_child_name (self->list_stack, page);
}

static gboolean
heading_visible_cb (gpointer item, gpointer user_data)
{
  Section *section = user_data;

  return g_list_model_get_n_items (G_LIST_MODEL (section->characters)) > 0;
}

static void
section_items_changed_cb (
  GListModel *model, guint position, guint removed, guint added, gpointer user_data)
{
  TkrRoster *self = user_data;

  for (guint i = 0; i < N_SECTIONS; i++)
    {
      Section *section = &self->sections[i];
      gboolean has_rows;

      if (G_LIST_MODEL (section->characters) != model)
        continue;
      has_rows = g_list_model_get_n_items (model) > 0;
      if (has_rows != section->had_rows)
        {
          section->had_rows = has_rows;
          gtk_filter_changed (GTK_FILTER (section->heading_filter),
                              has_rows ? GTK_FILTER_CHANGE_LESS_STRICT
                                       : GTK_FILTER_CHANGE_MORE_STRICT);
        }
    }
  update_page (self);
}

/* A filter list does not watch its items: after any command (a rename
 * among them) an active search is run again. */
static void
history_changed_cb (TkrRoster *self)
{
  const char *search = gtk_string_filter_get_search (self->search_filter);

  if (search != NULL && *search != '\0')
    gtk_filter_changed (GTK_FILTER (self->search_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
set_selected (TkrRoster *self, TkrCharacter *character)
{
  if (!g_set_object (&self->selected, character))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CHARACTER]);
}

static void
selection_changed_cb (TkrRoster *self)
{
  gpointer item = gtk_single_selection_get_selected_item (self->selection);

  set_selected (self, TKR_IS_CHARACTER (item) ? item : NULL);
}

static guint
find_position (TkrRoster *self, TkrCharacter *character)
{
  GListModel *model = G_LIST_MODEL (self->flat);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);

      if (item == (GObject *) character)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
select_and_show (TkrRoster *self, TkrCharacter *character)
{
  tkr_roster_set_selected_character (self, character);
  if (character != NULL)
    g_signal_emit (self, signals[CHARACTER_ACTIVATED], 0, character);
}

/* List items */

static void
bind_item_cb (TkrRoster *self, GtkListItem *list_item)
{
  gpointer item = gtk_list_item_get_item (list_item);
  GtkWidget *child = gtk_list_item_get_child (list_item);

  /* Recycled items may have shown the other kind of row. */
  if (GTK_IS_STRING_OBJECT (item))
    {
      if (!GTK_IS_LABEL (child))
        {
          child = gtk_label_new (NULL);
          gtk_label_set_xalign (GTK_LABEL (child), 0);
          gtk_widget_add_css_class (child, "heading");
          gtk_widget_add_css_class (child, "tkr-roster-heading");
          gtk_list_item_set_child (list_item, child);
        }
      gtk_label_set_label (GTK_LABEL (child), gtk_string_object_get_string (item));
      gtk_list_item_set_selectable (list_item, FALSE);
      gtk_list_item_set_activatable (list_item, FALSE);
    }
  else
    {
      if (!TKR_IS_ROSTER_ROW (child))
        {
          child = tkr_roster_row_new ();
          gtk_list_item_set_child (list_item, child);
        }
      tkr_roster_row_set_campaign (TKR_ROSTER_ROW (child), self->campaign);
      tkr_roster_row_set_character (TKR_ROSTER_ROW (child), item);
      gtk_list_item_set_selectable (list_item, TRUE);
      gtk_list_item_set_activatable (list_item, TRUE);
    }
}

static void
unbind_item_cb (TkrRoster *self, GtkListItem *list_item)
{
  GtkWidget *child = gtk_list_item_get_child (list_item);

  if (TKR_IS_ROSTER_ROW (child))
    tkr_roster_row_set_character (TKR_ROSTER_ROW (child), NULL);
}

static void
list_activate_cb (TkrRoster *self, guint position)
{
  g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (self->flat), position);

  if (TKR_IS_CHARACTER (item))
    select_and_show (self, TKR_CHARACTER (item));
}

/* Search */

static void
search_changed_cb (TkrRoster *self)
{
  gtk_string_filter_set_search (self->search_filter,
                                gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
stop_search_cb (TkrRoster *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* Actions */

static TkrCharacter *
character_from_parameter (TkrRoster *self, GVariant *parameter)
{
  if (self->campaign == NULL || parameter == NULL)
    return NULL;
  return tkr_campaign_find_character (self->campaign, g_variant_get_string (parameter, NULL));
}

static void
add_pc_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrRoster *self = TKR_ROSTER (widget);
  TkrCharacter *character;

  if (self->campaign == NULL)
    return;
  stop_search_cb (self);
  character = tkr_campaign_add_pc (self->campaign, _ ("New PC"));
  select_and_show (self, character);
}

static void
add_npc_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrRoster *self = TKR_ROSTER (widget);
  TkrCharacter *character;

  if (self->campaign == NULL)
    return;
  stop_search_cb (self);
  character = tkr_campaign_add_npc (self->campaign, _ ("New NPC"));
  select_and_show (self, character);
}

static void
duplicate_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrRoster *self = TKR_ROSTER (widget);
  TkrCharacter *character = character_from_parameter (self, parameter);
  TkrCharacter *copy;

  if (character == NULL)
    return;
  copy = tkr_campaign_duplicate_character (self->campaign, character);
  if (copy != NULL)
    select_and_show (self, copy);
}

/* A removal's toast: the roster and the tag of the removal's step. */
typedef struct
{
  TkrRoster *roster;
  char *tag;
} UndoRemoval;

static void
undo_removal_free (gpointer data, GClosure *closure)
{
  UndoRemoval *undo = data;

  g_free (undo->tag);
  g_free (undo);
}

static void
undo_removal_cb (AdwToast *toast, UndoRemoval *undo)
{
  TkrHistory *history = get_history (undo->roster);
  const char *tag = undo->tag;

  /* Only while the removal is still the last step: a later edit must not
   * be undone in its place. */
  if (history != NULL && g_strcmp0 (tkr_history_peek_undo_tag (history), tag) == 0)
    tkr_history_undo (history);
}

static void
remove_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrRoster *self = TKR_ROSTER (widget);
  TkrCharacter *character = character_from_parameter (self, parameter);
  g_autoptr (TkrCharacter) removed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *tag = NULL;
  TkrHistory *history;
  AdwToast *toast;
  UndoRemoval *undo;
  GClosure *closure;

  if (character == NULL)
    return;

  removed = g_object_ref (character);
  history = get_history (self);
  tag = g_strdup_printf ("roster-remove-%u", ++self->remove_serial);

  /* Translators: an undo label */
  tkr_history_begin_message (history, N_ ("Remove “%s”"),
                             tkr_message_text (tkr_character_get_name (removed)), NULL);
  tkr_history_set_tag (history, tag);
  if (!tkr_campaign_remove_character (self->campaign, removed, &error))
    {
      /* A refusal may already have closed the step. */
      if (tkr_history_in_group (history))
        tkr_history_abort (history);
      show_toast (self, toast_new_printf ("%s", error->message));
      return;
    }
  tkr_history_end (history);

  toast = toast_new_printf (_ ("“%s” removed"), tkr_character_get_name (removed));
  adw_toast_set_button_label (toast, _ ("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  undo = g_new0 (UndoRemoval, 1);
  undo->roster = self;
  undo->tag = g_steal_pointer (&tag);
  /* Like g_signal_connect_object: the handler goes with the roster. */
  closure = g_cclosure_new (G_CALLBACK (undo_removal_cb), undo, undo_removal_free);
  g_object_watch_closure (G_OBJECT (self), closure);
  g_signal_connect_closure (toast, "button-clicked", closure, FALSE);
  show_toast (self, toast);
}

static void
add_to_encounter_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrRoster *self = TKR_ROSTER (widget);
  TkrCharacter *character = character_from_parameter (self, parameter);
  g_autoptr (GError) error = NULL;
  TkrCharacter *participant;

  if (character == NULL)
    return;

  participant = tkr_campaign_add_to_encounter (self->campaign, character, &error);
  if (participant == NULL)
    {
      show_toast (self, toast_new_printf ("%s", error->message));
      return;
    }
  show_toast (
    self, toast_new_printf (_ ("“%s” joins the encounter"), tkr_character_get_name (participant)));
}

/* Between fights (help/C/pause-and-end.page, "Between fights"): what the
 * NPCs who fought carry into the next fight, offered while no fight is
 * set up or running. */
static const struct
{
  const char *action;
  TkrBetweenFights choice;
} between_fights_choices[] = {
  { "roster.npcs-fresh", TKR_BETWEEN_FIGHTS_RESET },
  { "roster.npcs-keep", TKR_BETWEEN_FIGHTS_KEEP },
  { "roster.defeated-leave", TKR_BETWEEN_FIGHTS_REMOVE_DEFEATED },
};

static void
between_fights_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TkrRoster *self = TKR_ROSTER (widget);
  g_autoptr (GError) error = NULL;

  if (self->campaign == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (between_fights_choices); i++)
    {
      if (!g_str_equal (action_name, between_fights_choices[i].action))
        continue;
      if (!tkr_campaign_between_fights (self->campaign, between_fights_choices[i].choice, &error))
        show_toast (self, toast_new_printf ("%s", error->message));
      else
        show_toast (self, toast_new_printf ("%s", tkr_history_get_undo_label (get_history (self))));
      return;
    }
}

static void
update_between_fights (TkrRoster *self)
{
  TkrTracker *tracker = self->campaign != NULL ? tkr_campaign_get_tracker (self->campaign) : NULL;
  TkrPhase phase = tracker != NULL ? tkr_tracker_get_phase (tracker) : TKR_PHASE_SETUP;

  for (guint i = 0; i < G_N_ELEMENTS (between_fights_choices); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), between_fights_choices[i].action,
                                   phase == TKR_PHASE_END || phase == TKR_PHASE_FREEPLAY);
}

static void
tracker_changed_cb (TkrRoster *self)
{
  g_signal_group_set_target (self->tracker_signals, self->campaign != NULL
                                                      ? tkr_campaign_get_tracker (self->campaign)
                                                      : NULL);
  update_between_fights (self);
}

/* GObject */

#define MAX_RECENT 8

static int
compare_recent (gconstpointer a, gconstpointer b)
{
  GtkRecentInfo *first = *(GtkRecentInfo *const *) a;
  GtkRecentInfo *second = *(GtkRecentInfo *const *) b;
  GDateTime *first_time = gtk_recent_info_get_modified (first);
  GDateTime *second_time = gtk_recent_info_get_modified (second);

  return g_date_time_compare (second_time, first_time);
}

/* "Open Recent": the campaigns and character sheets opened or saved
 * lately that still exist, newest first. */
static void
fill_recent_menu (TkrRoster *self, GtkRecentManager *manager)
{
  GList *items = gtk_recent_manager_get_items (manager);
  g_autoptr (GPtrArray) ours = g_ptr_array_new ();
  guint shown = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if ((g_str_has_suffix (uri, ".tkcampaign") || g_str_has_suffix (uri, ".tkcharacter")) &&
          gtk_recent_info_exists (info))
        g_ptr_array_add (ours, info);
    }
  g_ptr_array_sort (ours, compare_recent);

  for (guint i = 0; i < ours->len && shown < MAX_RECENT; i++, shown++)
    {
      GtkRecentInfo *info = g_ptr_array_index (ours, i);
      g_autoptr (GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s",
                                         gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_menu, item);
    }
  if (shown == 0)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_ ("No Recent Files"), "win.no-recent");
      g_menu_append_item (self->recent_menu, item);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
tkr_roster_dispose (GObject *object)
{
  TkrRoster *self = TKR_ROSTER (object);

  g_clear_handle_id (&self->to_top_source, g_source_remove);
  gtk_list_view_set_model (self->list_view, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_ROSTER);

  for (guint i = 0; i < N_SECTIONS; i++)
    {
      if (self->sections[i].characters != NULL)
        g_signal_handlers_disconnect_by_data (self->sections[i].characters, self);
      g_clear_object (&self->sections[i].characters);
      g_clear_object (&self->sections[i].heading);
    }
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_object (&self->flat);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->tracker_signals);
  g_clear_object (&self->search_filter);
  g_clear_object (&self->selected);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (tkr_roster_parent_class)->dispose (object);
}

static void
tkr_roster_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrRoster *self = TKR_ROSTER (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_SELECTED_CHARACTER:
      g_value_set_object (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_roster_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrRoster *self = TKR_ROSTER (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      tkr_roster_set_campaign (self, g_value_get_object (value));
      break;
    case PROP_SELECTED_CHARACTER:
      tkr_roster_set_selected_character (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_roster_class_init (TkrRosterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_roster_dispose;
  object_class->get_property = tkr_roster_get_property;
  object_class->set_property = tkr_roster_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_CHARACTER] =
    g_param_spec_object ("selected-character", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TkrRoster::character-activated:
   * @character: the character
   *
   * A row was chosen (clicked, activated or just added): its sheet should
   * be brought into view, even if it was already selected.
   */
  signals[CHARACTER_ACTIVATED] =
    g_signal_new ("character-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 1, TKR_TYPE_CHARACTER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-roster.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, header_bar);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, window_title);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, search_entry);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, list_stack);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, list_view);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, menu_button);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, empty_page);
  gtk_widget_class_bind_template_child (widget_class, TkrRoster, no_results_page);
  gtk_widget_class_bind_template_callback (widget_class, bind_item_cb);
  gtk_widget_class_bind_template_callback (widget_class, unbind_item_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);

  gtk_widget_class_install_action (widget_class, "roster.add-pc", NULL, add_pc_action);
  gtk_widget_class_install_action (widget_class, "roster.add-npc", NULL, add_npc_action);
  gtk_widget_class_install_action (widget_class, "roster.duplicate", "s", duplicate_action);
  gtk_widget_class_install_action (widget_class, "roster.remove", "s", remove_action);
  gtk_widget_class_install_action (widget_class, "roster.add-to-encounter", "s",
                                   add_to_encounter_action);
  for (guint i = 0; i < G_N_ELEMENTS (between_fights_choices); i++)
    gtk_widget_class_install_action (widget_class, between_fights_choices[i].action, NULL,
                                     between_fights_action);

  g_type_ensure (TKR_TYPE_ROSTER_ROW);
}

static void
tkr_roster_init (TkrRoster *self)
{
  const char *headings[N_SECTIONS] = { _ ("Party"), _ ("NPC Library") };
  GListStore *parts = g_list_store_new (G_TYPE_LIST_MODEL);

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The first frame first (README, "Performance"): the menu's widgets
   * are built when it first opens, a status page's icon when it first
   * shows. */
  tkr_menu_button_set_menu_model_on_popup (self->menu_button, self->primary_menu);
  tkr_status_page_defer_icon (self->empty_page);
  tkr_status_page_defer_icon (self->no_results_page);

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (fill_recent_menu), self, G_CONNECT_SWAPPED);
  fill_recent_menu (self, gtk_recent_manager_get_default ());

  self->search_filter =
    gtk_string_filter_new (gtk_property_expression_new (TKR_TYPE_CHARACTER, NULL, "name"));
  gtk_string_filter_set_ignore_case (self->search_filter, TRUE);
  gtk_string_filter_set_match_mode (self->search_filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);

  for (guint i = 0; i < N_SECTIONS; i++)
    {
      Section *section = &self->sections[i];
      const char *heading[] = { headings[i], NULL };
      GtkStringList *heading_list = gtk_string_list_new (heading);

      section->characters =
        gtk_filter_list_model_new (NULL, GTK_FILTER (g_object_ref (self->search_filter)));
      section->heading_filter = gtk_custom_filter_new (heading_visible_cb, section, NULL);
      section->heading = gtk_filter_list_model_new (G_LIST_MODEL (heading_list),
                                                    GTK_FILTER (section->heading_filter));
      /* After the flattened model has taken the change in: a heading
       * shown or hidden in the middle of it would shift its positions. */
      g_signal_connect_after (section->characters, "items-changed",
                              G_CALLBACK (section_items_changed_cb), self);

      g_list_store_append (parts, section->heading);
      g_list_store_append (parts, section->characters);
    }

  self->history_signals = g_signal_group_new (TKR_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "changed", G_CALLBACK (history_changed_cb),
                                  self);
  /* "notify" is GObject's, not the interface's. */
  self->tracker_signals = g_signal_group_new (G_TYPE_OBJECT);
  g_signal_group_connect_swapped (self->tracker_signals, "notify::phase",
                                  G_CALLBACK (update_between_fights), self);
  self->campaign_signals = g_signal_group_new (TKR_TYPE_CAMPAIGN);
  g_signal_group_connect_swapped (self->campaign_signals, "notify::tracker",
                                  G_CALLBACK (tracker_changed_cb), self);

  self->flat = gtk_flatten_list_model_new (G_LIST_MODEL (parts));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->flat)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (selection_changed_cb), self);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  update_page (self);
  update_between_fights (self);
}

GtkWidget *
tkr_roster_new (void)
{
  return g_object_new (TKR_TYPE_ROSTER, NULL);
}

TkrCampaign *
tkr_roster_get_campaign (TkrRoster *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER (self), NULL);
  return self->campaign;
}

static gboolean
to_top_cb (gpointer user_data)
{
  TkrRoster *self = user_data;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));

  self->to_top_source = 0;
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
  return G_SOURCE_REMOVE;
}

void
tkr_roster_set_campaign (TkrRoster *self, TkrCampaign *campaign)
{
  g_return_if_fail (TKR_IS_ROSTER (self));
  g_return_if_fail (campaign == NULL || TKR_IS_CAMPAIGN (campaign));

  if (!g_set_object (&self->campaign, campaign))
    return;

  g_signal_group_set_target (self->history_signals,
                             campaign != NULL ? tkr_campaign_get_history (campaign) : NULL);
  g_signal_group_set_target (self->campaign_signals, campaign);
  tracker_changed_cb (self);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  gtk_filter_list_model_set_model (self->sections[SECTION_PARTY].characters,
                                   campaign != NULL ? tkr_campaign_get_party (campaign) : NULL);
  gtk_filter_list_model_set_model (self->sections[SECTION_NPCS].characters,
                                   campaign != NULL ? tkr_campaign_get_npcs (campaign) : NULL);
  set_selected (self, NULL);
  /* Another campaign lists from its top. The party's heading comes in
   * after the party's rows (section_items_changed_cb), before the row the
   * view keeps in place, which would leave it just above the view: the
   * view goes back to its top once it has taken the rows in. */
  if (self->to_top_source == 0)
    self->to_top_source = g_idle_add (to_top_cb, self);
  update_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

TkrCharacter *
tkr_roster_get_selected_character (TkrRoster *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER (self), NULL);
  return self->selected;
}

void
tkr_roster_set_selected_character (TkrRoster *self, TkrCharacter *character)
{
  guint position = GTK_INVALID_LIST_POSITION;

  g_return_if_fail (TKR_IS_ROSTER (self));
  g_return_if_fail (character == NULL || TKR_IS_CHARACTER (character));

  if (character != NULL)
    {
      position = find_position (self, character);
      if (position == GTK_INVALID_LIST_POSITION)
        {
          /* Hidden by the search: show everything again to show it. */
          stop_search_cb (self);
          gtk_string_filter_set_search (self->search_filter, NULL);
          position = find_position (self, character);
        }
    }
  gtk_single_selection_set_selected (self->selection, position);
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
  selection_changed_cb (self);
}

const char *
tkr_roster_get_search_text (TkrRoster *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
}

void
tkr_roster_set_search_text (TkrRoster *self, const char *text)
{
  g_return_if_fail (TKR_IS_ROSTER (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  /* Without waiting for the entry's typing delay. */
  gtk_string_filter_set_search (self->search_filter, text);
}

void
tkr_roster_focus_search (TkrRoster *self)
{
  g_return_if_fail (TKR_IS_ROSTER (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

AdwHeaderBar *
tkr_roster_get_header_bar (TkrRoster *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER (self), NULL);
  return self->header_bar;
}

void
tkr_roster_set_subtitle (TkrRoster *self, const char *subtitle)
{
  g_return_if_fail (TKR_IS_ROSTER (self));
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

GMenuModel *
tkr_roster_get_primary_menu (TkrRoster *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER (self), NULL);
  return self->primary_menu;
}

GListModel *
tkr_roster_get_model (TkrRoster *self)
{
  g_return_val_if_fail (TKR_IS_ROSTER (self), NULL);
  return G_LIST_MODEL (self->flat);
}

guint
tkr_roster_get_n_visible_characters (TkrRoster *self)
{
  guint n = 0;

  g_return_val_if_fail (TKR_IS_ROSTER (self), 0);

  for (guint i = 0; i < N_SECTIONS; i++)
    n += g_list_model_get_n_items (G_LIST_MODEL (self->sections[i].characters));
  return n;
}
