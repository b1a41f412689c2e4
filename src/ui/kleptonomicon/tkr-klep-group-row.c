/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-group-row.h"

struct _TkrKlepGroupRow
{
  AdwActionRow parent_instance;

  TkrKlepNpcGroup *group;
  gboolean can_move_earlier;
  gboolean can_move_later;
  /* The members whose "name" the subtitle follows, position by position. */
  GPtrArray *watched;

  GtkLabel *edge_label;
  GtkWidget *up_button;
  GtkWidget *down_button;
  GtkWidget *menu_button;
  GtkPopover *popover;
  GtkStack *popover_stack;
  GtkWidget *split_button;
  GtkWidget *merge_button;
  GtkEntry *rename_entry;
  GtkListBox *split_list;
  GtkLabel *split_error;
  GtkWidget *split_off_button;
};

G_DEFINE_FINAL_TYPE (TkrKlepGroupRow, tkr_klep_group_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_GROUP,
  PROP_CAN_MOVE_EARLIER,
  PROP_CAN_MOVE_LATER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  MOVE,
  MERGE,
  RENAME,
  SPLIT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_accessible_label (GtkWidget *widget, const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
refresh_name (TkrKlepGroupRow *self)
{
  const char *name = tkr_klep_npc_group_get_name (self->group);
  g_autofree char *up_name = g_strdup_printf (_ ("Move %s earlier"), name);
  g_autofree char *down_name = g_strdup_printf (_ ("Move %s later"), name);
  g_autofree char *more_name = g_strdup_printf (_ ("More actions for %s"), name);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);
  set_accessible_label (self->up_button, up_name);
  set_accessible_label (self->down_button, down_name);
  set_accessible_label (self->menu_button, more_name);
}

static void
refresh_edge (TkrKlepGroupRow *self)
{
  /* TRANSLATORS: a group's Edge Save modifier, e.g. "Edge +2" */
  g_autofree char *edge =
    g_strdup_printf (_ ("Edge %+d"), tkr_klep_npc_group_get_edge (self->group));

  gtk_label_set_text (self->edge_label, edge);
}

static void
refresh_members (TkrKlepGroupRow *self)
{
  GListModel *members = tkr_klep_npc_group_get_members (self->group);
  guint n = g_list_model_get_n_items (members);
  g_autoptr (GString) names = g_string_new (NULL);
  g_autofree char *subtitle = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCharacter) member = g_list_model_get_item (members, i);

      if (i > 0)
        g_string_append (names, ", ");
      g_string_append (names, tkr_character_get_name (member));
    }

  /* TRANSLATORS: the number of NPCs in a group, then their names */
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u member: %s", "%u members: %s", n),
                              n, names->str);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  /* Rule 1 (help/C/setting-up.page): a split leaves at least one behind. */
  gtk_widget_set_sensitive (self->split_button, n > 1);
}

static void
members_changed_cb (TkrKlepGroupRow *self, guint position, guint removed, guint added)
{
  GListModel *members = tkr_klep_npc_group_get_members (self->group);

  for (guint i = position; i < position + removed; i++)
    g_signal_handlers_disconnect_by_func (g_ptr_array_index (self->watched, i), refresh_members,
                                          self);
  g_ptr_array_remove_range (self->watched, position, removed);
  for (guint i = 0; i < added; i++)
    {
      TkrCharacter *member = g_list_model_get_item (members, position + i);

      g_signal_connect_swapped (member, "notify::name", G_CALLBACK (refresh_members), self);
      g_ptr_array_insert (self->watched, position + i, member);
    }
  refresh_members (self);
}

/* The split page: one check button per member, its label the member's name. */
static GtkWidget *
create_member_check (gpointer item, gpointer user_data)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *check = gtk_check_button_new ();

  g_object_bind_property (item, "name", check, "label", G_BINDING_SYNC_CREATE);
  gtk_widget_set_margin_top (check, 6);
  gtk_widget_set_margin_bottom (check, 6);
  gtk_widget_set_margin_start (check, 6);
  gtk_widget_set_margin_end (check, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), check);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  return row;
}

static GtkCheckButton *
member_check (TkrKlepGroupRow *self, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->split_list, index);

  return row ? GTK_CHECK_BUTTON (gtk_list_box_row_get_child (row)) : NULL;
}

static void
up_clicked_cb (TkrKlepGroupRow *self)
{
  g_signal_emit (self, signals[MOVE], 0, -1);
}

static void
down_clicked_cb (TkrKlepGroupRow *self)
{
  g_signal_emit (self, signals[MOVE], 0, +1);
}

static void
popover_show_cb (TkrKlepGroupRow *self)
{
  gtk_stack_set_visible_child_name (self->popover_stack, "actions");
  gtk_widget_set_visible (GTK_WIDGET (self->split_error), FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry),
                         tkr_klep_npc_group_get_name (self->group));
}

/* The GM picks who moves (help/C/setting-up.page, "Split a group"): the
 * second half of the group is ticked to begin with. */
static void
split_clicked_cb (TkrKlepGroupRow *self)
{
  guint n = g_list_model_get_n_items (tkr_klep_npc_group_get_members (self->group));

  for (guint i = 0; i < n; i++)
    {
      GtkCheckButton *check = member_check (self, i);

      if (check != NULL)
        gtk_check_button_set_active (check, i >= n / 2);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->split_error), FALSE);
  gtk_stack_set_visible_child_name (self->popover_stack, "split");
  gtk_widget_grab_focus (self->split_off_button);
}

static void
split_back_clicked_cb (TkrKlepGroupRow *self)
{
  gtk_stack_set_visible_child_name (self->popover_stack, "actions");
  gtk_widget_grab_focus (self->split_button);
}

static void
split_off_clicked_cb (TkrKlepGroupRow *self)
{
  g_autoptr (GPtrArray) moved = g_ptr_array_new_with_free_func (g_object_unref);
  GListModel *members = tkr_klep_npc_group_get_members (self->group);
  guint n = g_list_model_get_n_items (members);
  gboolean done = FALSE;

  for (guint i = 0; i < n; i++)
    {
      GtkCheckButton *check = member_check (self, i);

      if (check != NULL && gtk_check_button_get_active (check))
        g_ptr_array_add (moved, g_list_model_get_item (members, i));
    }

  g_signal_emit (self, signals[SPLIT], 0, moved, &done);
  if (done)
    gtk_popover_popdown (self->popover);
}

static void
merge_clicked_cb (TkrKlepGroupRow *self)
{
  gtk_popover_popdown (self->popover);
  g_signal_emit (self, signals[MERGE], 0);
}

static void
rename_activate_cb (TkrKlepGroupRow *self)
{
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)));

  gtk_popover_popdown (self->popover);
  if (name[0] != '\0')
    g_signal_emit (self, signals[RENAME], 0, name);
}

static void
tkr_klep_group_row_constructed (GObject *object)
{
  TkrKlepGroupRow *self = TKR_KLEP_GROUP_ROW (object);
  GListModel *members;

  G_OBJECT_CLASS (tkr_klep_group_row_parent_class)->constructed (object);

  g_assert (self->group != NULL);
  members = tkr_klep_npc_group_get_members (self->group);
  g_signal_connect_object (self->group, "notify::name", G_CALLBACK (refresh_name), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->group, "notify::edge", G_CALLBACK (refresh_edge), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (members, "items-changed", G_CALLBACK (members_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_list_box_bind_model (self->split_list, members, create_member_check, NULL, NULL);

  refresh_name (self);
  refresh_edge (self);
  members_changed_cb (self, 0, 0, g_list_model_get_n_items (members));
}

static void
tkr_klep_group_row_dispose (GObject *object)
{
  TkrKlepGroupRow *self = TKR_KLEP_GROUP_ROW (object);

  if (self->split_list != NULL)
    gtk_list_box_bind_model (self->split_list, NULL, NULL, NULL, NULL);
  if (self->watched != NULL)
    {
      for (guint i = 0; i < self->watched->len; i++)
        g_signal_handlers_disconnect_by_func (g_ptr_array_index (self->watched, i), refresh_members,
                                              self);
      g_ptr_array_set_size (self->watched, 0);
    }
  g_clear_object (&self->group);

  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_KLEP_GROUP_ROW);

  G_OBJECT_CLASS (tkr_klep_group_row_parent_class)->dispose (object);
}

static void
tkr_klep_group_row_finalize (GObject *object)
{
  TkrKlepGroupRow *self = TKR_KLEP_GROUP_ROW (object);

  g_clear_pointer (&self->watched, g_ptr_array_unref);

  G_OBJECT_CLASS (tkr_klep_group_row_parent_class)->finalize (object);
}

static void
tkr_klep_group_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepGroupRow *self = TKR_KLEP_GROUP_ROW (object);

  switch (prop_id)
    {
    case PROP_GROUP:
      g_value_set_object (value, self->group);
      break;
    case PROP_CAN_MOVE_EARLIER:
      g_value_set_boolean (value, self->can_move_earlier);
      break;
    case PROP_CAN_MOVE_LATER:
      g_value_set_boolean (value, self->can_move_later);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_group_row_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  TkrKlepGroupRow *self = TKR_KLEP_GROUP_ROW (object);

  switch (prop_id)
    {
    case PROP_GROUP:
      self->group = g_value_dup_object (value);
      break;
    case PROP_CAN_MOVE_EARLIER:
      tkr_klep_group_row_set_can_move (self, g_value_get_boolean (value), self->can_move_later);
      break;
    case PROP_CAN_MOVE_LATER:
      tkr_klep_group_row_set_can_move (self, self->can_move_earlier, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_group_row_class_init (TkrKlepGroupRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tkr_klep_group_row_constructed;
  object_class->dispose = tkr_klep_group_row_dispose;
  object_class->finalize = tkr_klep_group_row_finalize;
  object_class->get_property = tkr_klep_group_row_get_property;
  object_class->set_property = tkr_klep_group_row_set_property;

  properties[PROP_GROUP] =
    g_param_spec_object ("group", NULL, NULL, TKR_TYPE_KLEP_NPC_GROUP,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_MOVE_EARLIER] =
    g_param_spec_boolean ("can-move-earlier", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_MOVE_LATER] =
    g_param_spec_boolean ("can-move-later", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MOVE] = g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[MERGE] = g_signal_new ("merge", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 0);
  signals[RENAME] = g_signal_new ("rename", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SPLIT] =
    g_signal_new ("split", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_first_wins, NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_PTR_ARRAY);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-group-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, edge_label);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, up_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, down_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, popover);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, popover_stack);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, split_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, merge_button);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, rename_entry);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, split_list);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, split_error);
  gtk_widget_class_bind_template_child (widget_class, TkrKlepGroupRow, split_off_button);
  gtk_widget_class_bind_template_callback (widget_class, up_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, down_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, popover_show_cb);
  gtk_widget_class_bind_template_callback (widget_class, split_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, split_back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, split_off_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, merge_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, rename_activate_cb);
}

static void
tkr_klep_group_row_init (TkrKlepGroupRow *self)
{
  self->watched = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_klep_group_row_new (TkrKlepNpcGroup *group)
{
  g_return_val_if_fail (TKR_IS_KLEP_NPC_GROUP (group), NULL);

  return g_object_new (TKR_TYPE_KLEP_GROUP_ROW, "group", group, NULL);
}

TkrKlepNpcGroup *
tkr_klep_group_row_get_group (TkrKlepGroupRow *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_GROUP_ROW (self), NULL);

  return self->group;
}

void
tkr_klep_group_row_set_can_move (TkrKlepGroupRow *self, gboolean earlier, gboolean later)
{
  g_return_if_fail (TKR_IS_KLEP_GROUP_ROW (self));

  earlier = !!earlier;
  later = !!later;
  if (self->can_move_earlier != earlier)
    {
      self->can_move_earlier = earlier;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_MOVE_EARLIER]);
    }
  if (self->can_move_later != later)
    {
      self->can_move_later = later;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_MOVE_LATER]);
    }
}

void
tkr_klep_group_row_show_split_refusal (TkrKlepGroupRow *self, const char *message)
{
  g_return_if_fail (TKR_IS_KLEP_GROUP_ROW (self));

  gtk_label_set_text (self->split_error, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->split_error), message != NULL);
}

void
tkr_klep_group_row_focus_move_button (TkrKlepGroupRow *self, int delta)
{
  GtkWidget *first;
  GtkWidget *second;

  g_return_if_fail (TKR_IS_KLEP_GROUP_ROW (self));

  first = delta < 0 ? self->up_button : self->down_button;
  second = delta < 0 ? self->down_button : self->up_button;
  if (gtk_widget_get_sensitive (first))
    gtk_widget_grab_focus (first);
  else if (gtk_widget_get_sensitive (second))
    gtk_widget_grab_focus (second);
}
