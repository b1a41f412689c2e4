/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-ap-participant-row.h"

struct _TkrApParticipantRow
{
  AdwExpanderRow parent_instance;

  TkrApEncounter *encounter;
  TkrApCombatant *combatant;
  /* TRUE while the controls are set from the combatant, so that their
   * change signals are not taken for the GM's. */
  gboolean syncing;

  GtkButton *remove_button;
  AdwComboRow *die_row;
  GtkSpinButton *adjustment_spin;
  AdwComboRow *size_row;
  GtkSpinButton *mana_spin;
  GtkSpinButton *mana_max_spin;
  GtkSpinButton *faith_spin;
  GtkSpinButton *faith_max_spin;
  AdwComboRow *recover_row;
  AdwActionRow *surprised_row;
  GtkSwitch *surprised_switch;
};

G_DEFINE_FINAL_TYPE (TkrApParticipantRow, tkr_ap_participant_row, ADW_TYPE_EXPANDER_ROW)

enum
{
  SIGNAL_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
size_label (const char *size)
{
  if (g_strcmp0 (size, "medium") == 0)
    return _ ("Medium");
  if (g_strcmp0 (size, "small") == 0)
    return _ ("Small");
  return size;
}

static char *
summary (TkrApCombatant *combatant)
{
  TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (combatant));
  int adjustment = tkr_ap_combatant_get_ap_adjustment (combatant);
  g_autofree char *die = NULL;

  if (adjustment != 0)
    /* Translators: a Finesse Die with an AP adjustment, "d6+1" */
    die = g_strdup_printf (_ ("d%d%+d"), tkr_ap_combatant_get_finesse_die (combatant), adjustment);
  else
    die = g_strdup_printf (_ ("d%d"), tkr_ap_combatant_get_finesse_die (combatant));

  /* Translators: PC or NPC, the Finesse Die, the size, "Surprised" or "" */
  return g_strdup_printf (_ ("%s · Finesse %s · %s%s"),
                          tkr_character_is_pc (character) ? _ ("PC") : _ ("NPC"), die,
                          size_label (tkr_ap_combatant_get_size (combatant)),
                          tkr_ap_combatant_get_surprised (combatant) ? _ (" · Surprised") : "");
}

/* The controls show what the core holds. */
static void
sync_controls (TkrApParticipantRow *self)
{
  TkrApCombatant *combatant = self->combatant;
  GArray *dice = tkr_ap_encounter_get_finesse_dice (self->encounter);
  const char *const *sizes = tkr_ap_encounter_get_sizes (self->encounter);
  g_autofree char *text = summary (combatant);

  self->syncing = TRUE;
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), text);
  for (guint i = 0; i < dice->len; i++)
    if (g_array_index (dice, int, i) == tkr_ap_combatant_get_finesse_die (combatant))
      adw_combo_row_set_selected (self->die_row, i);
  gtk_spin_button_set_value (self->adjustment_spin, tkr_ap_combatant_get_ap_adjustment (combatant));
  for (guint i = 0; sizes[i] != NULL; i++)
    if (g_strcmp0 (sizes[i], tkr_ap_combatant_get_size (combatant)) == 0)
      adw_combo_row_set_selected (self->size_row, i);
  gtk_spin_button_set_value (self->mana_max_spin, tkr_ap_combatant_get_mana_max (combatant));
  gtk_spin_button_set_value (self->mana_spin, tkr_ap_combatant_get_mana (combatant));
  gtk_spin_button_set_value (self->faith_max_spin, tkr_ap_combatant_get_faith_max (combatant));
  gtk_spin_button_set_value (self->faith_spin, tkr_ap_combatant_get_faith (combatant));
  adw_combo_row_set_selected (self->recover_row,
                              g_strcmp0 (tkr_ap_combatant_get_recover (combatant), "faith") == 0);
  gtk_switch_set_active (self->surprised_switch, tkr_ap_combatant_get_surprised (combatant));
  self->syncing = FALSE;
}

/* Mana or Faith as typed, fitted by the core's rule. */
static gboolean
set_pool (TkrApParticipantRow *self,
          const char *pool,
          GtkSpinButton *current_spin,
          GtkSpinButton *maximum_spin,
          gboolean current_typed,
          GError **error)
{
  gboolean faith = g_str_equal (pool, "faith");
  int current = gtk_spin_button_get_value_as_int (current_spin);
  int maximum = gtk_spin_button_get_value_as_int (maximum_spin);

  tkr_ap_encounter_fit_pool (self->encounter, current_typed, &current, &maximum);
  if (current == (faith ? tkr_ap_combatant_get_faith (self->combatant)
                        : tkr_ap_combatant_get_mana (self->combatant)) &&
      maximum == (faith ? tkr_ap_combatant_get_faith_max (self->combatant)
                        : tkr_ap_combatant_get_mana_max (self->combatant)))
    return TRUE;
  return tkr_ap_encounter_set_pool (self->encounter, self->combatant, pool, current, maximum,
                                    error);
}

static void
changed_cb (GtkWidget *control, GParamSpec *pspec, TkrApParticipantRow *self)
{
  TkrApEncounter *encounter = self->encounter;
  TkrApCombatant *combatant = self->combatant;
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;

  if (self->syncing || encounter == NULL || combatant == NULL)
    return;

  if (control == GTK_WIDGET (self->die_row))
    {
      GArray *dice = tkr_ap_encounter_get_finesse_dice (encounter);
      guint selected = adw_combo_row_get_selected (self->die_row);
      int sides = selected < dice->len ? g_array_index (dice, int, selected) : 0;

      if (sides != tkr_ap_combatant_get_finesse_die (combatant))
        ok = tkr_ap_encounter_set_finesse_die (encounter, combatant, sides, &error);
    }
  else if (control == GTK_WIDGET (self->adjustment_spin))
    {
      int value = gtk_spin_button_get_value_as_int (self->adjustment_spin);

      if (value != tkr_ap_combatant_get_ap_adjustment (combatant))
        ok = tkr_ap_encounter_set_ap_adjustment (encounter, combatant, value, &error);
    }
  else if (control == GTK_WIDGET (self->size_row))
    {
      const char *const *sizes = tkr_ap_encounter_get_sizes (encounter);
      guint selected = adw_combo_row_get_selected (self->size_row);

      if (selected < g_strv_length ((char **) sizes) &&
          g_strcmp0 (sizes[selected], tkr_ap_combatant_get_size (combatant)) != 0)
        ok = tkr_ap_encounter_set_size (encounter, combatant, sizes[selected], &error);
    }
  else if (control == GTK_WIDGET (self->mana_spin) || control == GTK_WIDGET (self->mana_max_spin))
    ok = set_pool (self, "mana", self->mana_spin, self->mana_max_spin,
                   control == GTK_WIDGET (self->mana_spin), &error);
  else if (control == GTK_WIDGET (self->faith_spin) || control == GTK_WIDGET (self->faith_max_spin))
    ok = set_pool (self, "faith", self->faith_spin, self->faith_max_spin,
                   control == GTK_WIDGET (self->faith_spin), &error);
  else if (control == GTK_WIDGET (self->recover_row))
    {
      const char *pool = adw_combo_row_get_selected (self->recover_row) == 1 ? "faith" : "mana";

      if (g_strcmp0 (pool, tkr_ap_combatant_get_recover (combatant)) != 0)
        ok = tkr_ap_encounter_set_recover (encounter, combatant, pool, &error);
    }
  else if (control == GTK_WIDGET (self->surprised_switch))
    {
      gboolean surprised = gtk_switch_get_active (self->surprised_switch);

      if (surprised != tkr_ap_combatant_get_surprised (combatant))
        ok = tkr_ap_encounter_set_surprised (encounter, combatant, surprised, &error);
    }

  /* A refused value goes back to what the core holds. */
  if (!ok)
    {
      sync_controls (self);
      g_signal_emit (self, signals[SIGNAL_REFUSED], 0, error);
    }
}

static void
remove_clicked_cb (TkrApParticipantRow *self)
{
  g_autoptr (GError) error = NULL;

  if (!tkr_encounter_remove_participant (
        TKR_ENCOUNTER (self->encounter),
        tkr_combatant_get_character (TKR_COMBATANT (self->combatant)), &error))
    g_signal_emit (self, signals[SIGNAL_REFUSED], 0, error);
}

static void
tkr_ap_participant_row_dispose (GObject *object)
{
  TkrApParticipantRow *self = TKR_AP_PARTICIPANT_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_AP_PARTICIPANT_ROW);
  g_clear_object (&self->combatant);
  g_clear_object (&self->encounter);
  G_OBJECT_CLASS (tkr_ap_participant_row_parent_class)->dispose (object);
}

static void
tkr_ap_participant_row_class_init (TkrApParticipantRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tkr_ap_participant_row_dispose;

  signals[SIGNAL_REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/turnkeeper/Turnkeeper/tkr-ap-participant-row.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrApParticipantRow, name)
  BIND (remove_button);
  BIND (die_row);
  BIND (adjustment_spin);
  BIND (size_row);
  BIND (mana_spin);
  BIND (mana_max_spin);
  BIND (faith_spin);
  BIND (faith_max_spin);
  BIND (recover_row);
  BIND (surprised_row);
  BIND (surprised_switch);
#undef BIND
}

static void
tkr_ap_participant_row_init (TkrApParticipantRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->remove_button, "clicked", G_CALLBACK (remove_clicked_cb), self,
                           G_CONNECT_SWAPPED);
}

static void name_control (gpointer control, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
name_control (gpointer control, const char *format, ...)
{
  g_autofree char *label = NULL;
  va_list args;

  va_start (args, format);
  label = g_strdup_vprintf (format, args);
  va_end (args);

  gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

GtkWidget *
tkr_ap_participant_row_new (TkrApEncounter *encounter, TkrApCombatant *combatant)
{
  TkrApParticipantRow *self;
  const char *name;
  GArray *dice;
  const char *const *sizes;
  g_autoptr (GtkStringList) die_names = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) size_names = gtk_string_list_new (NULL);
  g_autofree char *surprised = NULL;
  g_return_val_if_fail (TKR_IS_AP_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (TKR_IS_AP_COMBATANT (combatant), NULL);

  self = g_object_new (TKR_TYPE_AP_PARTICIPANT_ROW, NULL);
  self->encounter = g_object_ref (encounter);
  self->combatant = g_object_ref (combatant);
  name = tkr_combatant_get_name (TKR_COMBATANT (combatant));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);

  /* The rule data's dice and sizes. */
  dice = tkr_ap_encounter_get_finesse_dice (encounter);
  for (guint i = 0; i < dice->len; i++)
    {
      g_autofree char *die = g_strdup_printf (_ ("d%d"), g_array_index (dice, int, i));
      gtk_string_list_append (die_names, die);
    }
  adw_combo_row_set_model (self->die_row, G_LIST_MODEL (die_names));
  sizes = tkr_ap_encounter_get_sizes (encounter);
  for (guint i = 0; sizes[i] != NULL; i++)
    gtk_string_list_append (size_names, size_label (sizes[i]));
  adw_combo_row_set_model (self->size_row, G_LIST_MODEL (size_names));
  surprised = g_strdup_printf (_ ("Gets exactly %d AP in the opening Reset"),
                               tkr_ap_encounter_get_surprised_first_ap (encounter));
  adw_action_row_set_subtitle (self->surprised_row, surprised);

  name_control (self->remove_button, _ ("Remove %s from the encounter"), name);
  name_control (self->die_row, _ ("Finesse Die of %s"), name);
  name_control (self->adjustment_spin, _ ("AP adjustment of %s"), name);
  name_control (self->mana_spin, _ ("Mana of %s"), name);
  name_control (self->mana_max_spin, _ ("Most Mana of %s"), name);
  name_control (self->faith_spin, _ ("Faith of %s"), name);
  name_control (self->faith_max_spin, _ ("Most Faith of %s"), name);
  name_control (self->surprised_switch, _ ("%s is surprised"), name);
  sync_controls (self);

  {
    gpointer selections[] = { self->die_row, self->size_row, self->recover_row };
    gpointer values[] = { self->adjustment_spin, self->mana_spin, self->mana_max_spin,
                          self->faith_spin, self->faith_max_spin };

    for (guint i = 0; i < G_N_ELEMENTS (selections); i++)
      g_signal_connect_object (selections[i], "notify::selected", G_CALLBACK (changed_cb), self, 0);
    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      g_signal_connect_object (values[i], "notify::value", G_CALLBACK (changed_cb), self, 0);
    g_signal_connect_object (self->surprised_switch, "notify::active", G_CALLBACK (changed_cb),
                             self, 0);
  }

  /* Undo, redo and the core's own changes show up here. */
  g_signal_connect_object (combatant, "notify", G_CALLBACK (sync_controls), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
