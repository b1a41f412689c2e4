#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end: drives the running Turnkeeper through accessibility, as a GM
would, and checks what the sheets and the saved file then hold.

Create two PCs, add three NPC groups, run Setup to a turn order, play two
rounds spending Beats and Movement, pause and resume, end with XP.

Runs as a TAP test. Needs a display (xvfb-run) and a session bus
(dbus-run-session); without them it skips.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_session import Session, check, tap  # noqa: E402

session = Session("klep", sys.argv[1])

import pyatspi  # noqa: E402
from atspi_driver import (ancestor_with, click, find, find_all, get_text,  # noqa: E402
                          get_value, select_character, set_value, show_page, type_into,
                          wait_for)

def add_character(frame, button, name, edge=None):
    click(find(frame, "push button", button))
    entry = find(frame, "text", "Name")
    wait_for(lambda: get_text(entry).startswith("New"), what="a new sheet")
    type_into(entry, name)
    wait_for(lambda: find_all(frame, "label", name), what=f"{name} in the roster")
    if edge is not None:
        spin = find(frame, "spin button", "Edge")
        set_value(spin, edge)
        wait_for(lambda: get_value(spin) == edge, what=f"{name}'s Edge")


def body(session):
    app = session.app
    frame = session.frame

    # Two PCs and three kinds of NPC, each with its own Edge Save.
    add_character(frame, "Add PC", "Alice")
    add_character(frame, "Add PC", "Bob")
    add_character(frame, "Add NPC", "Wolf", edge=2)
    add_character(frame, "Add NPC", "Goblin", edge=1)
    add_character(frame, "Add NPC", "Orc", edge=0)
    check("two PCs and three NPCs are in the roster",
          all(find_all(frame, "label", n) for n in ("Alice", "Bob", "Wolf", "Goblin", "Orc")))

    for name in ("Alice", "Bob", "Wolf", "Goblin", "Orc"):
        click(find(frame, "push button", contains=f"Add {name} to the Encounter"))
    tap(True, "everyone joined the encounter")

    # Setup: the skeleton is the three NPC groups by Edge; each PC tests
    # from the last group toward the front (seed 000, "Turn Order").
    show_page(frame, "Encounter")
    click(find(frame, "push button", "Go to Setup phase"))
    scores = {("Alice", "Orc"): 8, ("Alice", "Goblin"): 3, ("Bob", "Orc"): 4}
    tested = []
    enter = find(frame, "push button", contains="Enter Score")
    score_spin = find(frame, "spin button", "Score")
    while True:
        headings = [n.name for n in find_all(frame, "label", contains=" tests Edge against ")]
        if not headings:
            break
        heading = headings[0]
        pc, group = heading.split(" tests Edge against ")
        key = (pc, group.split(" ")[0])
        check(f"Setup asks {heading}", key in scores)
        set_value(score_spin, scores[key])
        wait_for(lambda: get_value(score_spin) == scores[key], what="the Score")
        click(enter)
        tested.append(key)
        wait_for(lambda: not find_all(frame, "label", heading), what="the next test")
    check("the tests went from the last group toward the front",
          tested == [("Alice", "Orc"), ("Alice", "Goblin"), ("Bob", "Orc")]
          or tested == [("Alice", "Orc"), ("Bob", "Orc"), ("Alice", "Goblin")])

    click(find(frame, "push button", contains="Start Encounter"))
    wait_for(lambda: find_all(frame, "label", contains="Round 1"), what="Round 1")
    tap(True, "the encounter is in Main, Round 1")

    # Two rounds: five entries (Wolf, Goblin, Alice, Orc, Bob) take a Turn each.
    spent = moved = 0
    for turn in range(10):
        # The combatant whose Turn it is spends a Beat on an Action (off
        # Turn the button would be a Reaction).
        current = find(frame, "push button", "Spend a Beat", timeout=5)
        panel = ancestor_with(current, lambda n: find_all(n, "push button", "Move…"))
        click(current)
        spent += 1
        # ...and walks 2 units through the movement ledger.
        click(find(panel, "push button", "Move…"))
        move = find(app, "push button", contains="Move in Walk", timeout=5)
        spin = find(app, "spin button", "Movement to spend in Walk", timeout=5)
        set_value(spin, 2)
        wait_for(lambda: get_value(spin) == 2, what="the Movement to spend")
        click(move)
        moved += 1
        wait_for(lambda: find_all(panel, "label", contains="Walk 2/4"), what="the ledger")
        click(find(frame, "push button", contains="Next Turn"))
        wait_for(lambda: not find_all(panel, "label", contains="Walk 2/4"),
                 what="the next Turn's panel")
    wait_for(lambda: find_all(frame, "label", contains="Round 3"), what="Round 3")
    tap(True, f"two rounds played: {spent} Beats spent, {moved} moves")

    # The table tracker: the Orc's health typed in on its row, as a GM does
    # after a hit (help/C/tracker.page).
    tracker = find(frame, "list", "Turn order")
    cell = find(tracker, "push button", contains="Health of Orc")
    orc = cell.name[len("Health of "):].split(": ")[0]
    before = int(cell.name.split(": ")[1].split(" of ")[0])
    click(cell)
    type_into(find(frame, "text", f"Change Health of {orc}", timeout=5), "-3")
    wait_for(lambda: find_all(tracker, "push button",
                              contains=f"Health of {orc}: {before - 3} of"),
             what="the Orc's health after a typed -3")
    tap(True, f"a typed -3 on the Orc's row: health {before} to {before - 3}")

    click(find(frame, "push button", "Go to Paused phase"))
    wait_for(lambda: find_all(frame, "label", "Encounter Paused"), what="the pause")
    tap(True, "the encounter is paused")
    click(find(frame, "push button", contains="_Resume"))
    wait_for(lambda: find(frame, "push button", "Go to Paused phase").getState().contains(
        pyatspi.STATE_SENSITIVE), what="Main again")
    tap(True, "the encounter resumed")

    click(find(frame, "push button", "Go to End phase"))
    # The End pane: everyone ticked earns the amount, in one step. Alice
    # alone first, with a reason; then Bob alone.
    amount = find(frame, "spin button", "Experience Points to award", timeout=5)
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
        wait_for(lambda: find_all(frame, "label", contains=f"{name} gains {xp} XP"),
                 what=f"{name}'s award in the log")
    tap(True, "Experience awarded")
    click(find(frame, "push button", contains="Back to Freeplay"))
    wait_for(lambda: find_all(frame, "push button", contains="Begin Setup"), what="Freeplay")
    tap(True, "back to Freeplay")

    # What the sheets show.
    show_page(frame, "Sheet")
    for name, xp in (("Alice", 2), ("Bob", 1)):
        select_character(frame, name)
        spin = find(frame, "spin button", "Experience Points")
        wait_for(lambda: get_value(spin) == xp, what=f"{name}'s XP on the sheet")
        tap(True, f"{name}'s sheet shows {xp} XP")

    # What the autosaved file holds (saved within a few seconds).
    saved = session.saved

    def settled():
        c = saved()
        return c and c["encounter"]["phase"] == "freeplay" and any(
            p["name"] == "Alice" and p["experience"] == 2 for p in c["party"])

    wait_for(settled, timeout=15, what="the autosave")
    campaign = saved()
    party = {p["name"]: p for p in campaign["party"]}
    check("the file holds both PCs with their XP",
          party["Alice"]["experience"] == 2 and party["Bob"]["experience"] == 1)
    npcs = {n["name"]: n for n in campaign["npcs"]}
    edges = {name: next(s["value"] for s in n["saves"] if s["name"] == "Edge")
             for name, n in npcs.items()}
    check("the file holds the NPC library with each Edge",
          edges == {"Wolf": 2, "Goblin": 1, "Orc": 0})
    texts = [e["text"] for e in campaign["encounter"]["log"]]
    check("the log holds the Beats spent", sum("spends a Beat" in t for t in texts) == spent)
    check("the log holds the movement", sum("Movement on Walk" in t for t in texts) == moved)
    check("the log holds the XP and its reason", any("Held the bridge" in t for t in texts))
    check("the log holds the pause", any("paused" in t for t in texts))
    # The order Setup built: Alice was Low against the Goblins, Bob against
    # the Orcs, so: Wolves, Goblins, Alice, Orcs, Bob.
    round_one = [t.split(": ", 1)[1].rsplit("’s Turn", 1)[0] for t in texts
                 if t.startswith("Round 1: ")]
    expected = ["Wolf", "Goblin", "Alice", "Orc", "Bob"]
    check(f"the turn order was {', '.join(expected)} (log: {round_one})",
          len(round_one) == 5 and all(a.startswith(b) for a, b in zip(round_one, expected)))
    check("two full rounds were played", sum(t.startswith("Round 2: ") for t in texts) == 5)



session.run(body)
