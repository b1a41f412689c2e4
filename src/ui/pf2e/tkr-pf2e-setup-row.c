/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-feedback.h"
#include "tkr-pf2e-setup-row.h"

/* The result spin shows nothing at this value: no initiative yet. */
#define NO_RESULT (-101)

struct _TkrPf2eSetupRow
{
  AdwExpanderRow parent_instance;

  TkrPf2eEncounter *encounter;
  TkrPf2eCombatant *combatant;
  GRand *rand;        /* the Setup's */
  GtkLabel *feedback; /* the Setup's */
  gboolean syncing;

  GtkSpinButton *result_spin;
  GtkWidget *roll_button;
  GtkDropDown *skill_dropdown;
  GtkStringList *skills;
  GtkSpinButton *modifier_spin;
  AdwEntryRow *group_row;
};

G_DEFINE_FINAL_TYPE (TkrPf2eSetupRow, tkr_pf2e_setup_row, ADW_TYPE_EXPANDER_ROW)

static void sync_row (TkrPf2eSetupRow *self);

/* A refused command leaves the model as it was: the row shows it again. */
static void
report (TkrPf2eSetupRow *self, gboolean ok, const GError *error)
{
  tkr_feedback_check (GTK_WIDGET (self), self->feedback, ok, error);
  if (!ok)
    sync_row (self);
}

static int
result_input_cb (GtkSpinButton *spin, double *new_value, gpointer user_data)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  char *end = NULL;
  double value;

  /* An empty field keeps "no result" rather than reading as 0. */
  if (*text == '\0')
    {
      *new_value = gtk_spin_button_get_value (spin);
      return TRUE;
    }
  value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0')
    return GTK_INPUT_ERROR;
  *new_value = value;
  return TRUE;
}

static gboolean
result_output_cb (GtkSpinButton *spin, gpointer user_data)
{
  int value = (int) gtk_spin_button_get_value (spin);
  g_autofree char *text = value == NO_RESULT ? g_strdup ("") : g_strdup_printf ("%d", value);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static void
result_changed_cb (TkrPf2eSetupRow *self)
{
  g_autoptr (GError) error = NULL;
  int value = (int) gtk_spin_button_get_value (self->result_spin);
  gboolean ok;

  if (self->syncing || value == NO_RESULT)
    return;
  /* The + button on an empty field starts from an average roll (10 on the
   * d20 plus the modifier) rather than from the bottom of the range. */
  if (value == NO_RESULT + 1 && !tkr_pf2e_combatant_has_initiative (self->combatant))
    value = tkr_pf2e_encounter_get_average_initiative (self->encounter, self->combatant);
  ok = tkr_pf2e_encounter_enter_initiative (self->encounter, self->combatant, value, &error);
  report (self, ok, error);
}

static void
roll_clicked_cb (TkrPf2eSetupRow *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  ok =
    tkr_pf2e_encounter_roll_initiative (self->encounter, self->combatant, self->rand, NULL, &error);
  report (self, ok, error);
}

static void
modifier_changed_cb (TkrPf2eSetupRow *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->syncing)
    return;
  ok = tkr_pf2e_encounter_set_initiative_modifier (
    self->encounter, self->combatant, (int) gtk_spin_button_get_value (self->modifier_spin),
    &error);
  report (self, ok, error);
}

static void
skill_selected_cb (TkrPf2eSetupRow *self)
{
  g_autoptr (GError) error = NULL;
  guint selected = gtk_drop_down_get_selected (self->skill_dropdown);
  gboolean ok;

  if (self->syncing || selected == GTK_INVALID_LIST_POSITION)
    return;
  ok = tkr_pf2e_encounter_set_initiative_skill (
    self->encounter, self->combatant, gtk_string_list_get_string (self->skills, selected), &error);
  report (self, ok, error);
}

static void
group_apply_cb (TkrPf2eSetupRow *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  ok =
    tkr_pf2e_encounter_set_group (self->encounter, self->combatant,
                                  gtk_editable_get_text (GTK_EDITABLE (self->group_row)), &error);
  report (self, ok, error);
}

static guint
skill_position (GtkStringList *skills, const char *skill)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (skills));

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (skills, i), skill) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static void
sync_row (TkrPf2eSetupRow *self)
{
  TkrPf2eCombatant *combatant = self->combatant;
  const char *skill = tkr_pf2e_combatant_get_initiative_skill (combatant);
  const char *group = tkr_pf2e_combatant_get_group (combatant);
  int modifier = tkr_pf2e_combatant_get_initiative_modifier (combatant);
  gboolean rolled = tkr_pf2e_combatant_has_initiative (combatant);
  g_autofree char *subtitle = NULL;
  guint position;

  self->syncing = TRUE;

  if (rolled)
    /* Translators: initiative skill, its modifier, then the result */
    subtitle = g_strdup_printf (_ ("%s %+d, result %d"), skill ? skill : "", modifier,
                                tkr_pf2e_combatant_get_initiative (combatant));
  else
    /* Translators: initiative skill and its modifier, no roll yet */
    subtitle = g_strdup_printf (_ ("%s %+d, not rolled yet"), skill ? skill : "", modifier);
  if (group != NULL)
    {
      /* Translators: the subtitle, then the creature's group */
      char *with_group = g_strdup_printf (_ ("%s (group %s)"), subtitle, group);

      g_free (subtitle);
      subtitle = with_group;
    }
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), subtitle);

  gtk_spin_button_set_value (self->result_spin,
                             rolled ? tkr_pf2e_combatant_get_initiative (combatant) : NO_RESULT);
  result_output_cb (self->result_spin, NULL);

  position = skill_position (self->skills, skill);
  if (position == GTK_INVALID_LIST_POSITION && skill != NULL)
    {
      gtk_string_list_append (self->skills, skill);
      position = g_list_model_get_n_items (G_LIST_MODEL (self->skills)) - 1;
    }
  if (gtk_drop_down_get_selected (self->skill_dropdown) != position)
    gtk_drop_down_set_selected (self->skill_dropdown, position);

  if ((int) gtk_spin_button_get_value (self->modifier_spin) != modifier)
    gtk_spin_button_set_value (self->modifier_spin, modifier);

  if (!gtk_widget_has_focus (GTK_WIDGET (self->group_row)) &&
      g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->group_row)), group ? group : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->group_row), group ? group : "");

  self->syncing = FALSE;
}

static void
tkr_pf2e_setup_row_dispose (GObject *object)
{
  TkrPf2eSetupRow *self = TKR_PF2E_SETUP_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_PF2E_SETUP_ROW);
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);

  G_OBJECT_CLASS (tkr_pf2e_setup_row_parent_class)->dispose (object);
}

static void
tkr_pf2e_setup_row_class_init (TkrPf2eSetupRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_pf2e_setup_row_dispose;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-pf2e-setup-row.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrPf2eSetupRow, name)
  BIND (result_spin);
  BIND (roll_button);
  BIND (skill_dropdown);
  BIND (skills);
  BIND (modifier_spin);
  BIND (group_row);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, result_input_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_output_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, roll_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, modifier_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, skill_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, group_apply_cb);
}

static void
tkr_pf2e_setup_row_init (TkrPf2eSetupRow *self)
{
  self->syncing = TRUE; /* until the row has its creature */
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void name_control (gpointer widget, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
name_control (gpointer widget, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

GtkWidget *
tkr_pf2e_setup_row_new (TkrPf2eEncounter *encounter,
                        TkrPf2eCombatant *combatant,
                        GRand *rand,
                        GtkLabel *feedback)
{
  TkrPf2eSetupRow *self = g_object_new (TKR_TYPE_PF2E_SETUP_ROW, NULL);
  TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (combatant));
  const char *name = tkr_character_get_name (character);
  const char *const *names =
    tkr_rules_get_skill_names (tkr_encounter_get_rules (TKR_ENCOUNTER (encounter)));
  const char *notify[] = { "notify::initiative-skill", "notify::initiative-modifier",
                           "notify::has-initiative", "notify::initiative", "notify::group" };

  self->encounter = g_object_ref (encounter);
  self->combatant = g_object_ref (combatant);
  self->rand = rand;
  self->feedback = feedback;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);
  name_control (self->result_spin, _ ("Initiative result of %s"), name);
  name_control (self->roll_button, _ ("Roll initiative for %s"), name);
  name_control (self->skill_dropdown, _ ("Initiative skill of %s"), name);
  name_control (self->modifier_spin, _ ("Initiative modifier of %s"), name);
  name_control (self->group_row, _ ("Group of %s"), name);
  gtk_widget_set_visible (GTK_WIDGET (self->group_row), !tkr_character_is_pc (character));

  /* The skills a creature may roll initiative with: the rule data's, then
   * the ones only its sheet has. */
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    gtk_string_list_append (self->skills, names[i]);
  /* Read, not handed out: the creature's statblock stays shared. */
  for (guint i = 0; i < tkr_character_get_n_modifiers (character, TKR_MODIFIER_KIND_SKILL); i++)
    {
      const char *skill = tkr_character_get_modifier (character, TKR_MODIFIER_KIND_SKILL, i, NULL);

      if (skill_position (self->skills, skill) == GTK_INVALID_LIST_POSITION)
        gtk_string_list_append (self->skills, skill);
    }

  /* The row follows its creature, whatever changed it. */
  for (guint i = 0; i < G_N_ELEMENTS (notify); i++)
    g_signal_connect_object (combatant, notify[i], G_CALLBACK (sync_row), self, G_CONNECT_SWAPPED);
  sync_row (self);
  return GTK_WIDGET (self);
}
