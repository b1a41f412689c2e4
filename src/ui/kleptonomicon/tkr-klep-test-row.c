/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-klep-test-row.h"

struct _TkrKlepTestRow
{
  AdwActionRow parent_instance;

  TkrKlepSetup *setup;
  TkrCharacter *pc;

  GtkWidget *retest_button;
};

G_DEFINE_FINAL_TYPE (TkrKlepTestRow, tkr_klep_test_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_SETUP,
  PROP_PC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  RETEST,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
refresh_name (TkrKlepTestRow *self)
{
  const char *name = tkr_character_get_name (self->pc);
  g_autofree char *retest_name = g_strdup_printf (_ ("Test %s again"), name);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->retest_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, retest_name, -1);
}

/* Where the PC stands and its Scores in test order, from the back of the
 * order toward the front (seed, "Turn Order", rule 2). */
static void
refresh_tests (TkrKlepTestRow *self)
{
  TkrRules *rules = tkr_klep_setup_get_rules (self->setup);
  GListModel *groups = tkr_klep_setup_get_groups (self->setup);
  guint n_groups = g_list_model_get_n_items (groups);
  g_autoptr (GString) scores = g_string_new (NULL);
  g_autofree char *status = NULL;
  g_autofree char *subtitle = NULL;
  TkrKlepNpcGroup *placed_after = NULL;
  gboolean any = FALSE;

  for (guint j = n_groups; j > 0; j--)
    {
      g_autoptr (TkrKlepNpcGroup) group = g_list_model_get_item (groups, j - 1);
      int score;

      if (!tkr_klep_setup_get_score (self->setup, self->pc, group, &score))
        continue;

      if (any)
        g_string_append (scores, " · ");
      /* TRANSLATORS: a test result: group, Score and range, "Orcs 10 (High)" */
      g_string_append_printf (scores, _ ("%s %d (%s)"), tkr_klep_npc_group_get_name (group), score,
                              tkr_score_range_to_string (tkr_rules_classify (rules, score)));
      any = TRUE;
    }

  if (tkr_klep_setup_get_placement (self->setup, self->pc, &placed_after))
    {
      if (placed_after == NULL)
        status = g_strdup (_ ("Goes before everyone"));
      else
        /* TRANSLATORS: where a PC stands in the order, "After Goblins" */
        status = g_strdup_printf (_ ("After %s"), tkr_klep_npc_group_get_name (placed_after));
    }
  else if (any)
    status = g_strdup (_ ("Still testing"));
  else
    status = g_strdup (_ ("No test yet"));

  if (any)
    subtitle = g_strdup_printf ("%s\n%s", status, scores->str);
  else
    subtitle = g_strdup (status);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  gtk_widget_set_visible (self->retest_button, any);
}

static void
retest_clicked_cb (TkrKlepTestRow *self)
{
  g_signal_emit (self, signals[RETEST], 0);
}

static void
tkr_klep_test_row_constructed (GObject *object)
{
  TkrKlepTestRow *self = TKR_KLEP_TEST_ROW (object);

  G_OBJECT_CLASS (tkr_klep_test_row_parent_class)->constructed (object);

  g_assert (self->setup != NULL && self->pc != NULL);
  g_signal_connect_object (self->pc, "notify::name", G_CALLBACK (refresh_name), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup, "changed", G_CALLBACK (refresh_tests), self,
                           G_CONNECT_SWAPPED);
  refresh_name (self);
  refresh_tests (self);
}

static void
tkr_klep_test_row_dispose (GObject *object)
{
  TkrKlepTestRow *self = TKR_KLEP_TEST_ROW (object);

  g_clear_object (&self->setup);
  g_clear_object (&self->pc);
  gtk_widget_dispose_template (GTK_WIDGET (self), TKR_TYPE_KLEP_TEST_ROW);

  G_OBJECT_CLASS (tkr_klep_test_row_parent_class)->dispose (object);
}

static void
tkr_klep_test_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrKlepTestRow *self = TKR_KLEP_TEST_ROW (object);

  switch (prop_id)
    {
    case PROP_SETUP:
      g_value_set_object (value, self->setup);
      break;
    case PROP_PC:
      g_value_set_object (value, self->pc);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_test_row_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  TkrKlepTestRow *self = TKR_KLEP_TEST_ROW (object);

  switch (prop_id)
    {
    case PROP_SETUP:
      self->setup = g_value_dup_object (value);
      break;
    case PROP_PC:
      self->pc = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_klep_test_row_class_init (TkrKlepTestRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tkr_klep_test_row_constructed;
  object_class->dispose = tkr_klep_test_row_dispose;
  object_class->get_property = tkr_klep_test_row_get_property;
  object_class->set_property = tkr_klep_test_row_set_property;

  properties[PROP_SETUP] =
    g_param_spec_object ("setup", NULL, NULL, TKR_TYPE_KLEP_SETUP,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PC] =
    g_param_spec_object ("pc", NULL, NULL, TKR_TYPE_CHARACTER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[RETEST] = g_signal_new ("retest", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-klep-test-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkrKlepTestRow, retest_button);
  gtk_widget_class_bind_template_callback (widget_class, retest_clicked_cb);
}

static void
tkr_klep_test_row_init (TkrKlepTestRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tkr_klep_test_row_new (TkrKlepSetup *setup, TkrCharacter *pc)
{
  g_return_val_if_fail (TKR_IS_KLEP_SETUP (setup), NULL);
  g_return_val_if_fail (TKR_IS_CHARACTER (pc), NULL);

  return g_object_new (TKR_TYPE_KLEP_TEST_ROW, "setup", setup, "pc", pc, NULL);
}

TkrCharacter *
tkr_klep_test_row_get_pc (TkrKlepTestRow *self)
{
  g_return_val_if_fail (TKR_IS_KLEP_TEST_ROW (self), NULL);

  return self->pc;
}
