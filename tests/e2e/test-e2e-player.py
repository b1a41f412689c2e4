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
import subprocess
import sys
import tempfile

step_number = 0


def tap(ok, description):
    global step_number
    step_number += 1
    print(f"{'ok' if ok else 'not ok'} {step_number} {description}", flush=True)


def skip_all(reason):
    print(f"1..0 # SKIP {reason}")
    sys.exit(0)


if not os.environ.get("DISPLAY"):
    skip_all("no display")
if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
    skip_all("no session bus")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import pyatspi  # noqa: F401
    from atspi_driver import click, find, find_all, find_app, wait_for
except ImportError as e:
    skip_all(f"pyatspi is missing ({e})")

binary = sys.argv[1]
home = tempfile.mkdtemp(prefix="turnkeeper-e2e-player-")
env = dict(os.environ)
env.update({
    "XDG_DATA_HOME": os.path.join(home, "data"),
    "XDG_CONFIG_HOME": os.path.join(home, "config"),
    "TKR_NON_UNIQUE": "1",
    "TKR_DEMO": "fight",
    "GSETTINGS_BACKEND": "memory",
    "GTK_A11Y": "atspi",
})
env.pop("NO_AT_BRIDGE", None)
env["G_DEBUG"] = "fatal-warnings"

log = open(os.path.join(home, "app.log"), "w")
proc = subprocess.Popen([binary], env=env, stdout=log, stderr=subprocess.STDOUT)


def check(description, condition):
    tap(bool(condition), description)
    if not condition:
        raise AssertionError(description)


def turn_label(frame):
    """Whose turn the player view says it is."""
    labels = [n.name for n in find_all(frame, "label", contains="’s turn")]
    labels = [t for t in labels if t.endswith("’s turn")]
    return labels[0] if labels else None


try:
    app = find_app("turnkeeper")
    gm = find(app, "frame")
    tap(True, "the GM's window is on the accessibility bus")

    # The demo fight shows the tracker: its header has the button.
    subprocess.run(["xdotool", "key", "alt+2"], check=True)
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
    print(f"1..{step_number}")
except Exception as e:
    tap(False, f"stopped: {e}")
    print(f"1..{step_number}")
    log.flush()
    with open(os.path.join(home, "app.log")) as f:
        sys.stderr.write(f.read())
    sys.exit(1)
finally:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
