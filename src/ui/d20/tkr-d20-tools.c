/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-tools.h"
#include "tkr-d20-travel.h"

struct _TkrD20Tools
{
  AdwPreferencesGroup parent_instance;

  TkrRules *rules;

  GtkDropDown *travel_pace_dropdown;
  GtkSpinButton *travel_hours_spin;
  GtkSpinButton *travel_difficult_spin;
  GtkSwitch *travel_flying_switch;
  GtkSpinButton *travel_flight_spin;
  AdwActionRow *travel_distance_row;
  AdwActionRow *travel_march_row;
  AdwActionRow *travel_checks_row;
  AdwExpanderRow *travel_row;
  AdwExpanderRow *fall_row;
  AdwExpanderRow *breath_row;
  GtkSpinButton *fall_spin;
  AdwActionRow *fall_result_row;
  GtkSpinButton *vitality_spin;
  AdwActionRow *breath_result_row;
};

G_DEFINE_FINAL_TYPE (TkrD20Tools, tkr_d20_tools, ADW_TYPE_PREFERENCES_GROUP)

/* Tools (seed, Traveling, Fall Damage, Suffocating): the core's
 * calculators over the rule data; nothing here changes the encounter. */

static char *
join_translated (GStrv names)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) translated = NULL;

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    g_strv_builder_add (builder, tkr_rules_translate (names[i]));
  translated = g_strv_builder_end (builder);
  return g_strjoinv (", ", translated);
}

static void
update_travel (TkrD20Tools *self)
{
  TkrRules *rules = self->rules;
  TkrD20TravelDay day = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) dcs = NULL;
  g_auto (GStrv) threats = NULL;
  g_auto (GStrv) fails = NULL;
  g_autoptr (GString) checks = g_string_new (NULL);
  g_autofree char *distance = NULL;
  double miles = 0;
  guint selected = gtk_drop_down_get_selected (self->travel_pace_dropdown);

  if (rules == NULL)
    return;

  day.pace = selected <= TKR_D20_PACE_CAUTIOUS ? (TkrD20Pace) selected : TKR_D20_PACE_NORMAL;
  day.hours = gtk_spin_button_get_value (self->travel_hours_spin);
  day.difficult_fraction = gtk_spin_button_get_value (self->travel_difficult_spin) / 100.0;
  day.all_flying = gtk_switch_get_active (self->travel_flying_switch);
  day.flying_hours = gtk_spin_button_get_value (self->travel_flight_spin);

  if (tkr_d20_travel_day_distance (rules, &day, &miles, &error))
    /* Translators: the distance of a day of travel */
    distance = g_strdup_printf (_ ("%.1f miles in the day"), miles);
  else
    distance = g_strdup (error->message);
  adw_action_row_set_subtitle (self->travel_distance_row, distance);

  dcs = tkr_d20_travel_forced_march_dcs (rules, day.hours);
  if (dcs->len == 0)
    {
      g_autofree char *none = g_strdup_printf (_ ("None: up to %d hours on foot are safe"),
                                               tkr_d20_travel_max_hours_on_foot (rules));

      adw_action_row_set_subtitle (self->travel_march_row, none);
    }
  else
    {
      g_autoptr (GString) list = g_string_new (NULL);
      g_autofree char *text = NULL;

      for (guint i = 0; i < dcs->len; i++)
        g_string_append_printf (list, "%s%d", i > 0 ? ", " : "", g_array_index (dcs, int, i));
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Each traveller makes %u Stamina check, DC %s, or gains "
                                           "a level of Exhaustion",
                                           "Each traveller makes %u Stamina checks, DC %s, each "
                                           "failure a level of Exhaustion",
                                           dcs->len),
                              dcs->len, list->str);
      adw_action_row_set_subtitle (self->travel_march_row, text);
    }

  threats = tkr_d20_travel_pace_threats (rules, day.pace);
  fails = tkr_d20_travel_pace_fails (rules, day.pace);
  if (threats != NULL && threats[0] != NULL)
    {
      g_autofree char *names = join_translated (threats);

      g_string_append_printf (checks, _ ("Threat on %s"), names);
    }
  if (fails != NULL && fails[0] != NULL)
    {
      g_autofree char *names = join_translated (fails);

      if (checks->len > 0)
        g_string_append (checks, "; ");
      g_string_append_printf (checks, _ ("%s fails"), names);
    }
  if (day.all_flying && day.flying_hours > 0)
    {
      g_auto (GStrv) fly_threats = tkr_d20_travel_pace_threats (rules, TKR_D20_PACE_FLYING);
      g_auto (GStrv) fly_fails = tkr_d20_travel_pace_fails (rules, TKR_D20_PACE_FLYING);
      g_autofree char *t = join_translated (fly_threats);
      g_autofree char *f = join_translated (fly_fails);

      if (checks->len > 0)
        g_string_append (checks, "; ");
      /* Translators: checks threatened, then checks failed, while flying */
      g_string_append_printf (checks, _ ("in flight: threat on %s, %s fails"), t, f);
    }
  if (checks->len == 0)
    g_string_append (checks, _ ("No check is threatened"));
  adw_action_row_set_subtitle (self->travel_checks_row, checks->str);
}

static void
update_fall (TkrD20Tools *self)
{
  TkrRules *rules = self->rules;
  int feet = gtk_spin_button_get_value_as_int (self->fall_spin);
  g_autofree char *text = NULL;
  int wounds;

  if (rules == NULL)
    return;
  wounds = tkr_d20_fall_wounds (rules, feet);
  text = g_strdup_printf (
    g_dngettext (GETTEXT_PACKAGE, "%d wound, then a Reflex check DC %d or land prone",
                 "%d wounds, then a Reflex check DC %d or land prone", wounds),
    wounds, tkr_d20_fall_reflex_dc (rules, feet));
  adw_action_row_set_subtitle (self->fall_result_row, text);
}

static void
update_breath (TkrD20Tools *self)
{
  TkrRules *rules = self->rules;
  int vitality = gtk_spin_button_get_value_as_int (self->vitality_spin);
  g_autofree char *text = NULL;
  int seconds, rounds;

  if (rules == NULL)
    return;
  seconds = tkr_d20_breath_seconds (rules, vitality);
  rounds = tkr_d20_breath_rounds (rules, vitality);
  /* Translators: seconds out of combat, then rounds in combat */
  text = g_strdup_printf (_ ("%d seconds out of combat, %d rounds in combat; then Dying until "
                             "air"),
                          seconds, rounds);
  adw_action_row_set_subtitle (self->breath_result_row, text);
}

void
tkr_d20_tools_set_rules (TkrD20Tools *self, TkrRules *rules)
{
  g_autoptr (GtkStringList) paces = gtk_string_list_new (NULL);
  guint selected = gtk_drop_down_get_selected (self->travel_pace_dropdown);

  g_return_if_fail (TKR_IS_D20_TOOLS (self));

  if (!g_set_object (&self->rules, rules) || rules == NULL)
    return;
  for (TkrD20Pace pace = TKR_D20_PACE_HASTY; pace <= TKR_D20_PACE_CAUTIOUS; pace++)
    {
      g_autofree char *label =
        g_strdup_printf (_ ("%s, %d mph"), tkr_d20_travel_pace_name (rules, pace),
                         tkr_d20_travel_pace_speed (rules, pace));

      gtk_string_list_append (paces, label);
    }
  gtk_drop_down_set_model (self->travel_pace_dropdown, G_LIST_MODEL (paces));
  gtk_drop_down_set_selected (self->travel_pace_dropdown,
                              selected <= TKR_D20_PACE_CAUTIOUS ? selected : TKR_D20_PACE_NORMAL);
  update_travel (self);
  update_fall (self);
  update_breath (self);
}

static void
tkr_d20_tools_dispose (GObject *object)
{
  TkrD20Tools *self = TKR_D20_TOOLS (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TKR_TYPE_D20_TOOLS);
  g_clear_object (&self->rules);
  G_OBJECT_CLASS (tkr_d20_tools_parent_class)->dispose (object);
}

static void
tkr_d20_tools_class_init (TkrD20ToolsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tkr_d20_tools_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/turnkeeper/Turnkeeper/tkr-d20-tools.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkrD20Tools, name)
  BIND (travel_row);
  BIND (travel_pace_dropdown);
  BIND (travel_hours_spin);
  BIND (travel_difficult_spin);
  BIND (travel_flying_switch);
  BIND (travel_flight_spin);
  BIND (travel_distance_row);
  BIND (travel_march_row);
  BIND (travel_checks_row);
  BIND (fall_row);
  BIND (fall_spin);
  BIND (fall_result_row);
  BIND (breath_row);
  BIND (vitality_spin);
  BIND (breath_result_row);
#undef BIND
}

static void
tkr_d20_tools_init (TkrD20Tools *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->travel_pace_dropdown, "notify::selected",
                           G_CALLBACK (update_travel), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->travel_hours_spin, "value-changed", G_CALLBACK (update_travel),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->travel_difficult_spin, "value-changed", G_CALLBACK (update_travel),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->travel_flying_switch, "notify::active", G_CALLBACK (update_travel),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->travel_flight_spin, "value-changed", G_CALLBACK (update_travel),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->fall_spin, "value-changed", G_CALLBACK (update_fall), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->vitality_spin, "value-changed", G_CALLBACK (update_breath), self,
                           G_CONNECT_SWAPPED);
}
