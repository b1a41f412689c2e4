/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-player-health.h"

const char *
tkr_player_health_word (int current, int maximum, gboolean down)
{
  return tkr_players_health_word_text (tkr_players_health_word (current, maximum, down));
}

gboolean
tkr_player_health_shows_numbers (TkrCombatant *combatant, const char *mode)
{
  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), FALSE);

  return tkr_character_is_pc (tkr_combatant_get_character (combatant)) ||
         g_strcmp0 (mode, TKR_PLAYER_HEALTH_NUMBERS) == 0;
}

char *
tkr_player_health_describe (TkrCombatant *combatant, const char *mode)
{
  int current, maximum, temporary;

  g_return_val_if_fail (TKR_IS_COMBATANT (combatant), NULL);

  current = tkr_combatant_get_health (combatant);
  maximum = tkr_combatant_get_health_maximum (combatant);
  temporary = tkr_combatant_get_temporary_health (combatant);
  if (tkr_player_health_shows_numbers (combatant, mode))
    {
      if (temporary > 0)
        /* Translators: health in the player view, with temporary health */
        return g_strdup_printf (_ ("%d / %d (+%d)"), current, maximum, temporary);
      /* Translators: health in the player view, current / maximum */
      return g_strdup_printf (_ ("%d / %d"), current, maximum);
    }
  if (g_strcmp0 (mode, TKR_PLAYER_HEALTH_WORD) == 0)
    return g_strdup (tkr_player_health_word (current, maximum, tkr_combatant_is_down (combatant)));
  return NULL;
}
