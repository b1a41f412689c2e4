#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end, the d20 system: drives the running Turnkeeper through
accessibility, as a GM would, and checks what the saved file then holds.

Create two PCs and two NPCs, switch the encounter to the d20 system, add
everyone, type the initiatives, play two rounds on the table tracker with
the d20 view as its details pane (an action and a move each turn, and a
reaction off turn on a row the GM selects), end with XP through the End
pane and go back to Freeplay.

Runs as a TAP test. Needs a display (xvfb-run) and a session bus
(dbus-run-session); without them it skips.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_session import Session, check, tap  # noqa: E402

session = Session("d20", sys.argv[1])

import pyatspi  # noqa: E402
from atspi_driver import (ancestor_with, choose_in_dropdown, click, find,  # noqa: E402
                          find_all, get_text, get_value, is_sensitive, palette,
                          pointer_click, select_character, set_value, show_page,
                          type_into, wait_for, walk)


# Typed totals: no dice involved, so the order is known.
INITIATIVE = {"Alice": 18, "Orc": 15, "Bob": 12, "Wolf": 9}
EXPECTED_ORDER = ["Alice", "Orc", "Bob", "Wolf"]


def check(description, condition):
    tap(bool(condition), description)
    if not condition:
        raise AssertionError(description)


def add_character(frame, button, name):
    click(find(frame, "push button", button))
    entry = find(frame, "text", "Name")
    wait_for(lambda: get_text(entry).startswith("New"), what="a new sheet")
    # A click can land before the fresh sheet takes keyboard input: type
    # again until the roster shows the name.
    for attempt in range(3):
        type_into(entry, name)
        try:
            wait_for(lambda: find_all(frame, "label", name), timeout=4,
                     what=f"{name} in the roster")
            return
        except AssertionError:
            if attempt == 2:
                raise


def base_name(name):
    # The encounter holds numbered copies of library NPCs ("Orc 2").
    for known in INITIATIVE:
        if name == known or name.startswith(known + " "):
            return known
    return name


autosaved = session.saved


def body(session):
    app = session.app
    frame = session.frame

    add_character(frame, "Add PC", "Alice")
    add_character(frame, "Add PC", "Bob")
    add_character(frame, "Add NPC", "Orc")
    add_character(frame, "Add NPC", "Wolf")
    check("two PCs and two NPCs are in the roster",
          all(find_all(frame, "label", n) for n in ("Alice", "Bob", "Orc", "Wolf")))

    # The Encounter tab: switch its rule system to the d20 system.
    show_page(frame, "Encounter")
    # The sheet has a "Rule system" row too: the page's is the drop-down.
    # (GTK 4.8 appends the visible label to the accessible name.)
    def system_dropdown():
        found = [n for n in find_all(frame, "combo box", contains="Rule system")
                 if n.name.startswith("Rule system")]
        return found[0] if found else None

    wait_for(system_dropdown, what="the Rule system drop-down")
    choose_in_dropdown(app, system_dropdown(), "The d20 System")
    # Other systems' views sit beside this one: search inside it only.
    view = find(frame, name="d20 encounter")
    wait_for(lambda: find_all(view, "push button", contains="Roll Initiative"),
             what="the d20 view")
    tap(True, "the encounter plays the d20 system")

    # Everyone joins from the roster.
    show_page(frame, "Sheet")
    for name in ("Alice", "Bob", "Orc", "Wolf"):
        click(find(frame, "push button", contains=f"Add {name} to the Encounter"))
    show_page(frame, "Encounter")
    wait_for(lambda: len(find_all(view, "push button", contains=" from the encounter")) == 4,
             what="four participants")
    tap(True, "everyone joined the encounter")

    # NPCs made before the switch keep their sheet's movement; the GM sets
    # everyone's walking speed to 30 ft in the participant rows.
    for spin in find_all(view, "spin button", contains="Walk speed of "):
        if get_value(spin) != 30:
            set_value(spin, 30)
            wait_for(lambda: get_value(spin) == 30, what=f"{spin.name}")
    wait_for(lambda: len([s for s in find_all(view, "spin button", contains="Walk speed of ")
                          if get_value(s) == 30]) == 4, what="everyone walks 30 ft")
    tap(True, "everyone walks 30 ft")

    # Setup: type each initiative (seed 003, Initiative).
    click(find(view, "push button", contains="Roll Initiative"))
    wait_for(lambda: find_all(view, "spin button", contains="Initiative of "), what="Setup")
    spins = find_all(view, "spin button", contains="Initiative of ")
    names = [s.name.split("Initiative of ", 1)[1] for s in spins]
    check(f"Setup lists everyone ({names})",
          sorted(base_name(n) for n in names) == sorted(INITIATIVE))
    for name in names:
        spin = find(view, "spin button", f"Initiative of {name}")
        value = INITIATIVE[base_name(name)]
        set_value(spin, value)
        wait_for(lambda: get_value(spin) == value, what=f"{name}'s initiative typed")
        click(find(view, "push button", contains=f"Set the initiative of {name}"))
        wait_for(lambda: find_all(view, "label", contains=f"Initiative {value}"),
                 what=f"{name}'s initiative set")
    tap(True, "every initiative is typed in")

    click(find(view, "push button", contains="Start Round 1"))
    wait_for(lambda: find_all(view, "label", "Round 1"), what="Round 1")
    tap(True, "the encounter is in Main, Round 1")

    # The table tracker leads; its rows are found by role and name.
    tracker = find(frame, name="Turn order")

    def current_row():
        rows = [n for n in find_all(tracker, contains=", current turn")
                if n.getRoleName() in ("panel", "grouping", "group")]
        return rows[0] if rows else None

    wait_for(current_row, what="the current row")
    tap(True, f"the tracker marks the current row ({current_row().name})")

    # Two rounds: each combatant spends their action and walks 10 ft in the
    # details pane, which follows the current row as the turn moves.
    turns = []
    reacted = False
    for turn in range(2 * len(names)):
        row = current_row()
        current = row.name.split(", place ", 1)[0]
        turns.append(current)
        label = find(view, "label", contains="’s turn", timeout=5)
        check(f"the view's header names {current}",
              label.name.rsplit("’s turn", 1)[0] == current)
        click(find(view, "push button", contains=f"Spend {current}’s action"))
        move = find(view, "push button", contains=f"Move {current}")
        feet = find(view, "spin button", f"Feet for {current} to move")
        set_value(feet, 10)
        wait_for(lambda: get_value(feet) == 10, what="the feet to move")
        click(move)
        wait_for(lambda: find_all(view, "label", contains="Used 10 ft"), what=f"{current}'s move")
        if not reacted and turn == 0:
            # Off turn, another creature reacts: the GM selects its row
            # (by its name in the tracker) and the details pane follows.
            other = next(n for n in names if n != current)
            other_row = find(tracker, contains=f"{other}, place ", timeout=5)
            pointer_click(find(other_row, "label", other))
            reaction = find(view, "push button", f"Spend {other}’s reaction", timeout=5)
            check(f"the details pane shows {other}", reaction is not None)
            click(reaction)
            wait_for(lambda: any(f"{other} uses their reaction" in e["text"]
                                 for e in (autosaved() or {}).get("encounter", {}).get("log", [])),
                     timeout=15, what=f"{other}'s reaction in the saved log")
            reacted = True
        click(find(view, "push button", contains="Next Turn"))
        wait_for(lambda: current_row() is not None
                 and current_row().name.split(", place ", 1)[0] != current,
                 what="the next turn")
    wait_for(lambda: find_all(view, "label", "Round 3"), what="Round 3")
    check(f"two rounds in initiative order ({turns})",
          [base_name(n) for n in turns] == EXPECTED_ORDER * 2)
    check("a reaction was spent off turn from a selected row", reacted)

    def in_round_three():
        c = autosaved()
        return c and c["rule_system"] == "d20" and c["encounter"]["round"] == 3 \
            and c["encounter"]["phase"] == "main"

    wait_for(in_round_three, timeout=15, what="the autosave in Round 3")
    tap(True, "the autosave holds the d20 encounter in Round 3")

    # End: the End pane stands alone. Each ticked PC earns the amount in
    # one step: Alice alone first, with a reason; then Bob alone.
    click(find(view, "push button", contains="End the Encounter"))
    amount = find(frame, "spin button", "Experience Points to award", timeout=5)
    for name, xp, reason, other in (("Alice", 10, "Held the bridge", "Bob"),
                                    ("Bob", 5, "", "Alice")):
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
        # The End pane's row shows the character's new total.
        wait_for(lambda: find_all(frame, "label", contains=f"· {xp} XP"),
                 what=f"{name}'s award on the End pane")
    tap(True, "Experience awarded")
    # Back to Freeplay, by name through the command palette (Ctrl+K).
    # The palette opens with its search field focused: type, then Return.
    palette(app, "Back to Freeplay")

    # Roll Initiative (Begin Setup) is allowed again only in Freeplay.
    wait_for(lambda: any(is_sensitive(n) for n in find_all(view, "push button",
                                                            contains="Roll Initiative")),
             what="Freeplay")
    tap(True, "back to Freeplay")

    def settled():
        c = autosaved()
        return c and c["encounter"]["phase"] == "freeplay" and any(
            p["name"] == "Alice" and p["experience"] == 10 for p in c["party"])

    wait_for(settled, timeout=15, what="the autosave after the End")
    campaign = autosaved()
    check("the file's rule system is d20",
          campaign["rule_system"] == "d20" and campaign["encounter"]["rule_system"] == "d20")
    party = {p["name"]: p for p in campaign["party"]}
    check("the file holds both PCs with their XP",
          party["Alice"]["experience"] == 10 and party["Bob"]["experience"] == 5)
    texts = [e["text"] for e in campaign["encounter"]["log"]]
    check("the log holds the XP and its reason",
          any("Held the bridge" in t and "10 XP" in t for t in texts))
    check("the log holds every action spent",
          sum("uses their action" in t for t in texts) == len(turns))
    check("the log holds the reaction spent off turn",
          sum("uses their reaction" in t for t in texts) == 1)
    check("the log holds every move", sum("moves 10 feet" in t for t in texts) == len(turns))
    round_two = [t.split(": ", 1)[1].rsplit("’s turn", 1)[0] for t in texts
                 if t.startswith("Round 2: ")]
    check(f"Round 2 was played in order ({round_two})",
          [base_name(n) for n in round_two] == EXPECTED_ORDER)



session.run(body)
