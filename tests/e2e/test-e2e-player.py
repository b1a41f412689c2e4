#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end, the player view (help/C/player-view.page): the running app
with a Kleptonomicon fight under way (TKR_DEMO=fight), driven through
accessibility. The GM's "Show or close the player view" button opens a
second window; Next Turn and Undo in the GM's window show in it at once,
read from its labels by role and accessible name.

Runs as a TAP test. Needs a display (xvfb-run) and a session bus
(dbus-run-session); without them it skips.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_session import Session, check, tap  # noqa: E402

# The demo fight (TKR_DEMO=fight) is under way when the app starts.
session = Session("player", sys.argv[1], {"TKR_DEMO": "fight"})

from atspi_driver import click, find, find_all, show_page, wait_for  # noqa: E402


def turn_label(frame):
    """Whose turn the player view says it is."""
    labels = [n.name for n in find_all(frame, "label", contains="’s turn")]
    labels = [t for t in labels if t.endswith("’s turn")]
    return labels[0] if labels else None


def body(session):
    app = session.app
    gm = session.frame

    # The demo fight shows the tracker: its header has the button.
    show_page(gm, "Encounter")
    click(find(gm, "push button", "Show or close the player view"))
    player = find(app, "frame", "Player View")
    tap(True, "the player view opens in a window of its own")

    wait_for(lambda: turn_label(player) is not None, what="whose turn in the player view")
    first = turn_label(player)
    check("the player view names whose turn it is, and the round",
          first and find_all(player, "label", "Round 1"))

    click(find(gm, "push button", contains="Next Turn"))
    wait_for(lambda: turn_label(player) not in (None, first), what="the next turn shown")
    second = turn_label(player)
    check(f"next turn shows at once ({first} → {second})", second != first)

    click(find(gm, "push button", "Undo"))
    wait_for(lambda: turn_label(player) == first, what="the undone turn shown")
    check("undo shows at once", turn_label(player) == first)

    check("nothing in the player view is a button",
          not [n for n in find_all(player, "push button")
               if "menu" not in (n.name or "").lower()
               and n.name not in ("Close", "Minimize", "Maximize")])

    click(find(gm, "push button", "Show or close the player view"))
    wait_for(lambda: not find_all(app, "frame", "Player View"), what="the player view closed")
    tap(True, "the same button closes it")


session.run(body)
