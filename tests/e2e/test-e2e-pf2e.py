#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end, Pathfinder 2e encounter mode (seed 002): drives the running
Turnkeeper through accessibility, as a GM would, and checks what the
autosaved campaign file then holds.

Create two PCs and an NPC, switch the Encounter tab's rule system to
Pathfinder 2e, add everyone, type in initiative results (with a tie between
the adversary and a PC), play two rounds on the table tracker, spending
actions every turn in the details pane of the selected row and a reaction
off the creature's turn (its row selected in the tracker); in round 3,
damage two rows at once by dice, put a reminder in the order, give Alice an
effect with a save and answer it; end with Experience Points on the End
pane; then import a PC from a Pathbuilder 2e export through the file
chooser and the import preview, and play her in a second fight.

Runs as a TAP test. Needs a display (xvfb-run) and a session bus
(dbus-run-session); without them it skips.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_session import Session, check, tap  # noqa: E402

session = Session("pf2e", sys.argv[1])

import pyatspi  # noqa: E402
from atspi_driver import (choose_in_dropdown, click, find, find_all, get_text,  # noqa: E402
                          get_value, has_focus, keys, palette, pointer_click, select_character,
                          set_text, set_value, show_page, type_into, wait_for,
                          _app_window)

import subprocess  # noqa: E402

saved = session.saved


def add_character(frame, button, name):
    click(find(frame, "push button", button))
    entry = find(frame, "text", "Name")
    wait_for(lambda: get_text(entry).startswith("New"), what="a new sheet")
    type_into(entry, name)
    wait_for(lambda: find_all(frame, "label", name), what=f"{name} in the roster")


def current_name(frame):
    """Whose turn it is, from the table tracker's header."""
    labels = [n.name for n in find_all(frame, "label", contains="’s turn")]
    labels = [t for t in labels if t.endswith("’s turn") and ":" not in t]
    if not labels:
        return None
    return labels[0][: -len("’s turn")]


def body(session):
    app = session.app
    frame = session.frame

    add_character(frame, "Add PC", "Alice")
    add_character(frame, "Add PC", "Bob")
    add_character(frame, "Add NPC", "Goblin")
    check("two PCs and an NPC are in the roster",
          all(find_all(frame, "label", n) for n in ("Alice", "Bob", "Goblin")))

    # The rule system is chosen on the Encounter tab, while no encounter runs.
    show_page(frame, "Encounter")
    # (The sheet has a "Rule system" row too: the page's is the drop-down.)
    system = find(frame, "combo box", contains="Rule system")
    choose_in_dropdown(app, system, "Pathfinder 2e")
    wait_for(lambda: (saved() or {}).get("rule_system") == "pf2e", timeout=15,
             what="the switch to Pathfinder 2e in the autosave")
    tap(True, "the encounter plays Pathfinder 2e")

    # Alice's sheet is now a Pathfinder 2e sheet, made from its rule data:
    # a PC filled in by hand, whose values the encounter then plays with.
    show_page(frame, "Sheet")
    select_character(frame, "Alice")
    armor = find(frame, "spin button", "Armor Class", timeout=10)

    def shown(role, name):
        return [n for n in find_all(frame, role, name)
                if n.getState().contains(pyatspi.STATE_VISIBLE)]

    check("Alice's sheet is a Pathfinder 2e sheet: Hit Points, no Vitality",
          shown("spin button", "Hit Points, current")
          and not shown("spin button", "Vitality, current"))
    set_value(armor, 18)
    wait_for(lambda: get_value(armor) == 18, what="Alice's Armor Class")
    ancestry = find(frame, "text", "Ancestry")

    def on_screen(node):
        window = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return box.y > 80 and box.y + box.height < window.height - 20

    # Scroll the sheet with the wheel, as a person would, until the field
    # is in view (the pointer placed in the app's window, see
    # pointer_click), waiting for each scroll to move it.
    window_box = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    for _ in range(40):
        if on_screen(ancestry):
            break
        box = ancestry.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        subprocess.run(["xdotool", "mousemove", "--window", _app_window(frame),
                        str(window_box.width // 2 + 200), str(window_box.height // 2),
                        "click", "5" if box.y > 80 else "4"], check=True)
        wait_for(lambda: ancestry.queryComponent().getExtents(pyatspi.WINDOW_COORDS).y != box.y,
                 timeout=5, what="the sheet to scroll")
    check("the Ancestry field is in view", on_screen(ancestry))
    type_into(ancestry, "Human")

    def alice_filled_in():
        party = {p["name"]: p for p in (saved() or {}).get("party", [])}
        alice = party.get("Alice", {})
        return (alice.get("fields", {}).get("armor_class") == 18
                and alice.get("texts", {}).get("ancestry") == "Human")

    wait_for(alice_filled_in, timeout=15, what="Alice's Armor Class and ancestry in the autosave")
    tap(True, "a Pathfinder 2e PC filled in by hand on her own sheet")
    # Every rule system's view sits in the Encounter tab: work in this one.
    view = find(frame, name="Pathfinder 2e encounter")

    show_page(frame, "Sheet")
    for name in ("Alice", "Bob", "Goblin"):
        click(find(frame, "push button", contains=f"Add {name} to the Encounter"))
    show_page(frame, "Encounter")
    wait_for(lambda: find_all(view, "push button", contains="Remove Goblin 2 from the encounter"),
             what="the Goblin's copy in the encounter")
    tap(True, "everyone joined the encounter")

    # Step 1, initiative: results rolled at the table, typed in. The Goblin
    # and Bob tie: the adversary goes first (seed 002).
    click(find(view, "push button", contains="Begin Initiative"))
    results = {"Alice": 18, "Bob": 12, "Goblin 2": 12}
    for name, result in results.items():
        spin = find(view, "spin button", f"Initiative result of {name}")
        set_value(spin, result)
        wait_for(lambda: get_value(spin) == result, what=f"{name}'s initiative")
    wait_for(lambda: find_all(view, "label", "Everyone has rolled."), what="every result")
    order = [n.name for n in find_all(view, "label")
             if n.name and n.name[:1].isdigit() and ". " in n.name]
    check(f"the preview puts the adversary before the tied PC ({order})",
          order[:3] == ["1. Alice", "2. Goblin 2", "3. Bob"])
    click(find(view, "push button", contains="Start Round 1"))
    wait_for(lambda: find_all(frame, "label", "Round 1"), what="Round 1")
    tap(True, "the rounds begin")

    # The table tracker: one row per creature, named for screen readers
    # "Goblin 2, place 2" (", current turn" on the row whose turn it is).
    tracker = find(frame, "list", "Turn order")

    def tracker_row(name):
        # "Goblin 2, place 2", or "Goblin 2, not in this round’s order"
        # while it delays.
        rows = [n for n in find_all(tracker, contains=f"{name}, ")
                if n.getRoleName() != "label" and (n.name or "").startswith(f"{name}, ")]
        return rows[0] if rows else None

    def row_says(name, words):
        """The tracker's row of name says words in its detail line (the
        row's accessible description)."""
        row = tracker_row(name)
        return row is not None and words in (row.description or "")

    def saved_names(key):
        """The names of the combatants the autosave lists under the
        encounter's key ("delayed", "hidden")."""
        encounter = (saved() or {}).get("encounter", {})
        ids = encounter.get(key, [])
        names = {}

        def collect(node):
            if isinstance(node, dict):
                if "id" in node and "name" in node:
                    names[node["id"]] = node["name"]
                for value in node.values():
                    collect(value)
            elif isinstance(node, list):
                for value in node:
                    collect(value)

        collect(saved() or {})
        return sorted(names.get(i, str(i)) for i in ids)

    def select_row(name):
        """Selects a creature's row, as a GM clicks its name."""
        row = tracker_row(name)
        pointer_click(find(row, "label", name))
        wait_for(lambda: find_all(view, "label", name)
                 and find_all(view, "push button", f"Use the reaction of {name}"),
                 what=f"the details of {name}")

    wait_for(lambda: tracker_row("Alice") is not None and tracker_row("Bob") is not None,
             what="the tracker's rows")
    check("the tracker marks whose turn it is",
          "current turn" in tracker_row("Alice").name
          and "current turn" not in tracker_row("Bob").name)

    # Two rounds of three turns. The tracker selects whoever's turn comes
    # and the details pane beside it spends their actions; in round 1 the
    # Goblin reacts on Bob's turn, its row selected in the tracker.
    spent = {}
    turns = []
    for turn in range(6):
        wait_for(lambda: current_name(frame) is not None, what="whose turn")
        name = current_name(frame)
        turns.append(name)
        # Each step is seen done in the pane before the next one.
        click(find(view, "push button", f"Spend 1 action for {name}", timeout=5))
        wait_for(lambda: find_all(view, "label", contains="2 of 3 actions left"),
                 what=f"{name}'s first action")
        click(find(view, "push button", f"Spend 2 actions for {name}", timeout=5))
        wait_for(lambda: find_all(view, "label", contains="0 of 3 actions left"),
                 what=f"{name}'s two more actions")
        spent[name] = spent.get(name, 0) + 3
        if name == "Bob" and turn < 3:
            select_row("Goblin 2")
            click(find(view, "push button", "Use the reaction of Goblin 2"))
            wait_for(lambda: find_all(view, "label", contains="reaction used"),
                     what="the Goblin's reaction")
            select_row("Bob")
        click(find(view, "push button", contains="Next Turn"))
        wait_for(lambda: current_name(frame) != name, what="the next turn")
    wait_for(lambda: find_all(frame, "label", "Round 3"), what="Round 3")
    check(f"two rounds in the fixed order ({turns})",
          turns == ["Alice", "Goblin 2", "Bob"] * 2)

    # Round 3, Alice's turn: what every rule system gets from the engine
    # (help "Effects, saves and dice", "Reminders and groups in the order").
    def key(*names):
        # The tracker's shortcuts act on its selected row: sent once the
        # focus is in the tracker.
        keys(*names, focus=tracker)

    def window_named(prefix):
        return find(app, contains=prefix, timeout=10)

    # Damage by dice to two rows at once: Alice's row, then Goblin 2's
    # added to the selection, and one change for both.
    select_row("Alice")
    key("shift+alt+Down")
    key("ctrl+shift+h")
    dialog = window_named("Change Health of 2 Combatants")
    type_into(find(dialog, "text", "Change of Health"), "-1d4")
    wait_for(lambda: any(e["text"].startswith("Rolled 1d4: ")
                         for e in (saved() or {}).get("encounter", {}).get("log", [])),
             timeout=15, what="the group damage in the log")
    tap(True, "a typed 1d4 damaged Alice and the Goblin at once")

    # A reminder before Bob's turn in this round.
    select_row("Bob")
    key("ctrl+shift+m")
    dialog = window_named("Reminder Before Bob")
    type_into(find(dialog, "text", "Note"), "Reinforcements arrive")
    wait_for(lambda: find_all(tracker, contains="Reinforcements arrive, Reminder"),
             what="the reminder's row")
    tap(True, "the reminder sits in the order before Bob")

    # An effect on Alice with a save at the end of her turn.
    select_row("Alice")
    key("ctrl+shift+t")
    dialog = window_named("Add an Effect to Alice")
    set_text(find(dialog, "text", "Name"), "Burning")
    dc = find(dialog, "spin button", "Save DC")
    set_value(dc, 15)
    wait_for(lambda: get_value(dc) == 15, what="the save's DC")
    click(find(dialog, "push button", contains="Add the Effect"))
    wait_for(lambda: find_all(tracker, contains="Burning"), what="Burning on Alice's row")
    tap(True, "Alice is Burning, with a DC 15 flat check to end it")

    # Alice's turn ends: the save asks; the GM says it failed.
    click(find(view, "push button", contains="Next Turn"))
    failed = find(frame, "push button", "The Flat check DC 15 for Alice to end Burning failed",
                  timeout=10)
    click(failed)
    wait_for(lambda: not find_all(frame, "push button", contains="to end Burning failed"),
             what="the save answered")
    tap(True, "the flat check is answered and Burning stays")

    # Delay (help "Delay, reminders and groups in the order"): on its own
    # turn, Goblin 2 leaves the order with Ctrl+Shift+W; Bob's turn comes,
    # and the reminder with it.
    wait_for(lambda: current_name(frame) == "Goblin 2", what="Goblin 2's turn")
    select_row("Goblin 2")
    key("ctrl+shift+w")
    wait_for(lambda: current_name(frame) == "Bob", what="Bob's turn after the Delay")
    wait_for(lambda: row_says("Goblin 2", "delaying"), what="Goblin 2's row saying it delays")
    wait_for(lambda: saved_names("delayed") == ["Goblin 2"], timeout=15,
             what="Goblin 2 delaying in the autosave")
    tap(True, "Goblin 2 delays: the saved file lists it as delayed")
    wait_for(lambda: any("Reminder: Reinforcements arrive" == e["text"]
                         for e in (saved() or {}).get("encounter", {}).get("log", [])),
             timeout=15, what="the reminder in the log")
    tap(True, "the reminder came up before Bob's turn")

    # During Bob's turn Goblin 2 comes back (its row, Ctrl+Shift+J) and
    # acts right after him.
    select_row("Goblin 2")
    key("ctrl+shift+j")
    wait_for(lambda: tracker_row("Goblin 2") is not None
             and not row_says("Goblin 2", "delaying"), what="Goblin 2 back in the order")
    wait_for(lambda: saved_names("delayed") == [], timeout=15,
             what="no one delaying in the autosave")
    tap(True, "Goblin 2 returns: back in the order, and not delaying in the saved file")
    select_row("Bob")
    click(find(view, "push button", contains="Next Turn"))
    wait_for(lambda: current_name(frame) == "Goblin 2", what="Goblin 2's returned turn")
    tap(True, "Goblin 2 acts right after Bob")

    # Hidden from the players (help "The player view"): its row selected,
    # Ctrl+Alt+H hides it; the tracker says so, dimmed; again reveals it.
    select_row("Goblin 2")
    key("ctrl+alt+h")
    wait_for(lambda: row_says("Goblin 2", "hidden from the players"),
             what="Goblin 2's row saying it is hidden")
    wait_for(lambda: saved_names("hidden") == ["Goblin 2"], timeout=15,
             what="Goblin 2 hidden in the autosave")
    tap(True, "Goblin 2 is hidden: its row says so and the saved file lists it")
    key("ctrl+alt+h")
    wait_for(lambda: tracker_row("Goblin 2") is not None
             and not row_says("Goblin 2", "hidden from the players"),
             what="Goblin 2's row shown again")
    wait_for(lambda: saved_names("hidden") == [], timeout=15,
             what="no one hidden in the autosave")
    tap(True, "Goblin 2 is revealed: its row and the saved file say so")

    # Step 4: the end, with Experience Points, on the End pane: one award
    # for everyone ticked.
    click(find(view, "push button", contains="End the Encounter"))
    party = find(frame, "list", "Player characters who took part")
    wait_for(lambda: len(find_all(party, "check box")) == 2, what="both PCs on the End pane")
    ticks = find_all(party, "check box")  # Alice, Bob: the party's order
    reason = find(frame, "text", contains="Reason")
    type_into(reason, "Drove off the goblin", submit=False)
    amount = find(frame, "spin button", "Experience Points to award")
    for xp, tick, untick in ((80, None, ticks[1]), (60, ticks[1], ticks[0])):
        for box in (tick, untick):
            if box is not None:
                click(box)
        set_value(amount, xp)
        wait_for(lambda: get_value(amount) == xp, what=f"the amount {xp}")
        click(find(frame, "push button", f"Award {xp} XP to 1 Character"))
        who = "Alice" if xp == 80 else "Bob"
        wait_for(lambda: any(p["name"] == who and p["experience"] == xp
                             for p in (saved() or {}).get("party", [])),
                 timeout=15, what=f"{who}'s {xp} XP in the autosave")
    tap(True, "Experience awarded")

    def ended():
        c = saved()
        return c and c["encounter"]["phase"] == "end" and any(
            p["name"] == "Bob" and p["experience"] == 60 for p in c["party"])

    wait_for(ended, timeout=15, what="the autosave of the End")
    campaign = saved()
    check("the file names the rule system pf2e",
          campaign["rule_system"] == "pf2e" and campaign["encounter"]["rule_system"] == "pf2e")
    check("the file holds round 3 (two full rounds played)", campaign["encounter"]["round"] == 3)
    party = {p["name"]: p for p in campaign["party"]}
    check("the file holds both PCs with their XP",
          party["Alice"]["experience"] == 80 and party["Bob"]["experience"] == 60)
    check("Alice's Pathfinder 2e sheet kept what was typed in",
          party["Alice"]["fields"]["armor_class"] == 18
          and party["Alice"]["texts"]["ancestry"] == "Human")
    texts = [e["text"] for e in campaign["encounter"]["log"]]
    check("the log holds both rounds' turns",
          sum(t.startswith("Round 1: ") for t in texts) == 3
          and sum(t.startswith("Round 2: ") for t in texts) == 3)
    check("the log holds the actions spent", sum("spends" in t for t in texts) == 12)
    check("the log holds the reaction", any("Goblin 2 uses a reaction" in t for t in texts))
    check("the log holds the XP and its reason",
          any("Alice gains 80 XP: Drove off the goblin" in t for t in texts))
    check("the log holds the dice rolled once for two",
          any(t.startswith("Rolled 1d4: ") and t.endswith("for 2 combatants") for t in texts))
    check("the log holds the save asked and failed",
          any(t == "Save: Flat check DC 15 for Alice to end Burning" for t in texts)
          and any(t.startswith("Alice fails the Flat check against Burning") for t in texts))
    check("the file keeps the reminder, done",
          any(r["note"] == "Reinforcements arrive" and r.get("done")
              for r in campaign["encounter"].get("reminders", [])))

    # Back to Freeplay through the command palette: the End pane stands
    # alone, without the system's phase buttons.
    palette(app, "Back to Freeplay")
    wait_for(lambda: find_all(view, "push button", contains="Begin Initiative"), what="Freeplay")

    def settled():
        c = saved()
        return c and c["encounter"]["phase"] == "freeplay"

    wait_for(settled, timeout=15, what="the autosave of Freeplay")
    campaign = saved()
    party = {p["name"]: p for p in campaign["party"]}
    check("back in Freeplay, the XP stays on the sheets",
          campaign["rule_system"] == "pf2e" and party["Alice"]["experience"] == 80)

    # Step 5: a PC made in Pathbuilder 2e, brought in through the import
    # preview (help "Import characters and monsters") and played in a
    # second fight: initiative typed in, a typed -3 on her health.
    fixtures = os.environ.get("TKR_INTERCHANGE_FIXTURES")
    fighter = os.path.join(fixtures or "", "pathbuilder2e", "fighter-level1-human.json")
    check("the Pathbuilder 2e export is there to import", os.path.exists(fighter))
    subprocess.run(["xdotool", "key", "ctrl+shift+i"], check=True)
    chooser = find(app, contains="Import Characters and Monsters", timeout=10)
    # The file chooser takes a typed path: "/" opens its location field,
    # which then holds the focus and the path.
    wait_for(lambda: has_focus(chooser), what="the focus in the file chooser")
    keys("slash")

    def location():
        fields = [n for n in find_all(chooser, "text") if has_focus(n)]
        return fields[0] if fields else None

    wait_for(location, what="the file chooser's location field")
    set_text(location(), fighter)
    keys("Return", focus=location())
    importing = find(app, "push button", contains="Import", timeout=15)
    wait_for(lambda: find_all(app, "label", contains="Test Fighter"), what="the preview")
    buttons = [b for b in find_all(app, "push button", contains="Import")
               if "Import" == (b.name or "").replace("_", "").split(" ")[0]]
    click(buttons[0] if buttons else importing)

    def imported():
        c = saved()
        return c and any(p["name"] == "Test Fighter" for p in c["party"])

    wait_for(imported, timeout=15, what="the imported PC in the autosave")
    fighter_sheet = [p for p in saved()["party"] if p["name"] == "Test Fighter"][0]
    check("the import made a Pathfinder 2e PC with her Armor Class",
          fighter_sheet.get("rule_system") == "pf2e"
          and fighter_sheet.get("fields", {}).get("armor_class") == 14)

    show_page(frame, "Sheet")
    click(find(frame, "push button", contains="Add Test Fighter to the Encounter"))
    show_page(frame, "Encounter")
    click(find(view, "push button", contains="Begin Initiative"))
    find(view, "spin button", "Initiative result of Test Fighter", timeout=15)

    def everyone_rolled():
        # The rows come as Setup fills in: type each result until all hold.
        for spin in find_all(view, "spin button", contains="Initiative result of "):
            value = 20 if "Test Fighter" in spin.name else 5
            if get_value(spin) != value:
                set_value(spin, value)
        return bool(find_all(view, "label", "Everyone has rolled."))

    wait_for(everyone_rolled, timeout=20, what="every result")
    click(find(view, "push button", contains="Start Round 1"))
    wait_for(lambda: current_name(frame) == "Test Fighter", what="the Fighter's turn")
    subprocess.run(["xdotool", "key", "ctrl+h"], check=True)
    entry = find(frame, "text", "Change Health of Test Fighter", timeout=10)
    type_into(entry, "-3")

    def hurt():
        c = saved()
        if not c:
            return False
        texts = [e["text"] for e in c["encounter"]["log"]]
        return any(t.startswith("Test Fighter takes 3 damage") for t in texts)

    wait_for(hurt, timeout=15, what="the Fighter's damage in the log")
    tap(True, "the imported Fighter plays a turn and takes a typed 3 damage")



session.run(body)
