#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end, the Action-Point system (seed 004): drives the running
Turnkeeper through accessibility, as a GM would, and checks what the sheets
and the saved file then hold.

Create two PCs and a goblin, switch the Encounter tab's rule system to the
Action-Point system, add everyone, run the opening Reset with typed Finesse
Die faces, play two Rounds in the table tracker (select the row whose turn
it is, then a movement and an action in its details pane at every
opportunity), pass until the Action Phase ends, end the combat and award
XP in the End pane.

Runs as a TAP test. Needs a display (xvfb-run) and a session bus
(dbus-run-session); without them it skips.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_session import Session, check, tap  # noqa: E402

session = Session("ap", sys.argv[1])

import pyatspi  # noqa: E402
from gi.repository import GLib  # noqa: E402
from atspi_driver import (ancestor_with, choose_in_dropdown, click, find,  # noqa: E402
                          find_all, get_text, get_value, is_sensitive, palette,
                          pointer_click, select_character, set_value, show_page,
                          type_into, wait_for, walk)


# The faces typed in for the opening Reset (all d6, the default die), so
# the order and the AP of both Rounds are known. Everyone spends 2 AP a
# Round; Bob and Goblin 2 tie, and Bob, who joined first, goes first. After
# two Rounds Alice has 2 AP left, Bob and Goblin 2 have 1, Goblin 3 none.
FACES = {"Alice": 6, "Bob": 5, "Goblin 2": 5, "Goblin 3": 4}


def check(description, condition):
    tap(bool(condition), description)
    if not condition:
        raise AssertionError(description)


def add_character(frame, button, name):
    click(find(frame, "push button", button))
    entry = find(frame, "text", "Name")
    wait_for(lambda: get_text(entry).startswith("New"), what="a new sheet")
    type_into(entry, name)
    wait_for(lambda: find_all(frame, "label", name), what=f"{name} in the roster")


def current_row(frame):
    """The table tracker's row whose turn it is, by its accessible name
    ("Alice, place 1, current turn")."""
    rows = [n for n in find_all(frame, contains=", current turn")
            if (n.name or "").endswith(", current turn")]
    return rows[0] if rows else None


def actor(frame):
    """The name of whoever acts now, from the tracker's current row."""
    row = current_row(frame)
    return row.name.split(", place ")[0] if row else None


def select_actor(frame, view):
    """Selects the current row with a click on its name, as a GM would;
    the details pane then shows that combatant's commands."""
    name = actor(frame)
    row = current_row(frame)
    pointer_click(find(row, "label", name))
    wait_for(lambda: find_all(view, name=f"Commands of {name}"), what=f"{name}'s details")
    return name


def round_label(frame):
    labels = find_all(frame, "label", contains=" · Round ")
    return labels[0].name if labels else None


def count(frame, part):
    return len(find_all(frame, "label", contains=part))


def press_and_wait(frame, name, part):
    """Clicks, then waits until one more label mentions part."""
    before = count(frame, part)
    press(frame, name)
    wait_for(lambda: count(frame, part) > before, what=f"{name} to show")


def button(frame, name, timeout=5.0):
    """The button whose name, mnemonic underscores aside, is name or
    starts or ends with it (GTK 4.8 may join a label and an accessible
    name)."""
    end = time.time() + timeout
    while True:
        nodes = find_all(frame, "push button")
        plain = [(n, (n.name or "").replace("_", "")) for n in nodes]
        for matches in (lambda p: p == name or p == f"{name} {name}",
                        lambda p: p.startswith(name + " ") or p.endswith(" " + name)):
            found = [n for n, p in plain if matches(p)]
            if found:
                return found[0]
        if time.time() > end:
            raise AssertionError(f"no button {name!r}")
        time.sleep(0.2)


def press(frame, name, timeout=30.0):
    """Clicks the button name. A phase change rebuilds the pane, so a
    button found a moment ago may be gone: find it again until a live one
    takes the click."""
    end = time.time() + timeout
    while True:
        try:
            click(button(frame, name))
            return
        except GLib.Error:
            if time.time() > end:
                raise


def body(session):
    app = session.app
    frame = session.frame

    add_character(frame, "Add PC", "Alice")
    add_character(frame, "Add PC", "Bob")
    add_character(frame, "Add NPC", "Goblin")
    check("two PCs and an NPC are in the roster",
          all(find_all(frame, "label", n) for n in ("Alice", "Bob", "Goblin")))

    # The Encounter tab: switch its rule system (only possible in Freeplay).
    show_page(frame, "Encounter")
    dropdown = find(frame, "combo box", contains="Rule system")
    choose_in_dropdown(app, dropdown, "The Action-Point System")
    # From here on, only the encounter's controls beside the tracker (the
    # Encounter page names them after the campaign's system).
    view = find(frame, name="Action-Point encounter")
    wait_for(lambda: is_sensitive(button(view, "Begin Setup")), what="the Action-Point view")
    tap(True, "the encounter plays the Action-Point system")

    # The party, then two goblins from the library (numbered copies).
    press(view, "Add the Whole Party")
    wait_for(lambda: find_all(view, "push button", contains="Remove Bob from the encounter"),
             what="the party in the encounter")
    show_page(frame, "Sheet")
    for copies in (2, 3):
        click(find(frame, "push button", contains="Add Goblin to the Encounter"))
        wait_for(lambda: find_all(frame, "push button",
                                  contains=f"Remove Goblin {copies} from the encounter"),
                 what=f"Goblin {copies} in the encounter")
    show_page(frame, "Encounter")
    wait_for(lambda: all(find_all(view, "push button", contains=f"Remove {n} from the encounter")
                         for n in FACES), what="everyone in the encounter")
    tap(True, "two PCs and two goblins take part")

    press(view, "Begin Setup")
    press(view, "Begin Combat")
    wait_for(lambda: find_all(view, "label", "Opening Reset Phase"), what="the opening Reset")
    tap(True, "combat opens with a Reset Phase")

    # The opening Reset with the faces the table rolled.
    for name, face in FACES.items():
        spin = find(view, "spin button", f"Finesse Die of {name}")
        set_value(spin, face)
        wait_for(lambda: get_value(spin) == face, what=f"{name}'s face")
    press(view, "Run Reset")
    wait_for(lambda: round_label(view) == "Turn 1 · Round 1", what="Round 1")
    wait_for(lambda: actor(frame) is not None, what="the tracker's current row")
    check("Alice, with the most AP, acts first", actor(frame) == "Alice")

    # Two Rounds: at every opportunity, a movement and an action of 1 AP.
    moves = acts = 0
    for round_number in (1, 2):
        seen = []
        while round_label(view) == f"Turn 1 · Round {round_number}":
            name = select_actor(frame, view)
            check(f"Round {round_number}: {name} acts once", name not in seen)
            seen.append(name)
            set_value(find(view, "spin button", "AP for the movement"), 1)
            press_and_wait(view, "Move", " · moved")
            set_value(find(view, "spin button", "AP for the action"), 1)
            press_and_wait(view, "Act", " · acted")
            moves += 1
            acts += 1
            press(view, "Next")
            wait_for(lambda: actor(frame) != name
                     or round_label(view) != f"Turn 1 · Round {round_number}",
                     what="the next opportunity")
        check(f"Round {round_number} went by AP: {seen}",
              seen == ["Alice", "Bob", "Goblin 2", "Goblin 3"])

    # Round 3: whoever has AP left passes, and the Action Phase ends.
    wait_for(lambda: round_label(view) == "Turn 1 · Round 3", what="Round 3")
    passed = []
    while round_label(view) == "Turn 1 · Round 3":
        name = select_actor(frame, view)
        passed.append(name)
        press(view, "Pass")
        wait_for(lambda: actor(frame) != name or round_label(view) != "Turn 1 · Round 3",
                 what="the next opportunity")
    check(f"everyone with AP passed ({passed}) and the Reset is due",
          passed == ["Alice", "Bob", "Goblin 2"]
          and find_all(view, "label", "Turn 1 · Reset Phase"))

    press(view, "End Combat")
    # The End pane: everyone ticked earns the amount, in one step. Alice
    # alone first, with a reason; then Bob alone.
    amount = find(frame, "spin button", "Experience Points to award", timeout=5)
    tap(True, "the End pane stands alone")
    for name, xp, reason, other in (("Alice", 2, "Held the bridge", "Bob"), ("Bob", 1, "", "Alice")):
        for who, ticked in ((name, True), (other, False)):
            box = find(frame, "check box", who)
            if box.getState().contains(pyatspi.STATE_CHECKED) != ticked:
                click(box)
                wait_for(lambda: box.getState().contains(pyatspi.STATE_CHECKED) == ticked,
                         what=f"{who} {'ticked' if ticked else 'unticked'}")
        set_value(amount, xp)
        wait_for(lambda: get_value(amount) == xp, what=f"{xp} XP chosen")
        if reason:
            type_into(find(frame, "text", contains="Reason"), reason, submit=False)
        click(find(frame, "push button", f"Award {xp} XP to 1 Character"))
        wait_for(lambda: find_all(frame, "label", f"Level 1 · {xp} XP"), what=f"{name}'s award")
    tap(True, "Experience awarded")
    # Back to Freeplay through the command palette (Ctrl+K).
    palette(app, "Back to Freeplay")
    wait_for(lambda: find_all(view, "push button", contains="Begin Setup"), what="Freeplay")
    tap(True, "back to Freeplay")

    # What the autosaved file holds (saved within a few seconds).
    saved = session.saved

    def settled():
        c = saved()
        return c and c["encounter"]["phase"] == "freeplay" and any(
            p["name"] == "Bob" and p["experience"] == 1 for p in c["party"])

    wait_for(settled, timeout=20, what="the autosave")
    campaign = saved()
    check("the file names the Action-Point system",
          campaign["rule_system"] == "action-points"
          and campaign["encounter"]["rule_system"] == "action-points")
    party = {p["name"]: p for p in campaign["party"]}
    check("the file holds both PCs with their XP",
          party["Alice"]["experience"] == 2 and party["Bob"]["experience"] == 1)
    texts = [e["text"] for e in campaign["encounter"]["log"]]
    check(f"the log holds {moves} movements and {acts} actions",
          sum("moves for 1 AP" in t for t in texts) == moves == 8
          and sum("takes an action for 1 AP" in t for t in texts) == acts == 8)
    check("the log holds the typed Finesse faces",
          all(any(t.startswith(f"{n} rolls d6: {face},") for t in texts)
              for n, face in FACES.items()))
    check("the log holds the closing Reset and the XP with its reason",
          any("Combat ends after 1 Turn" in t for t in texts)
          and any("Held the bridge" in t for t in texts))



session.run(body)
