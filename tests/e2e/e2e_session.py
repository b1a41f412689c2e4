# SPDX-License-Identifier: GPL-3.0-or-later
"""What every end-to-end run shares: its own session bus with the
accessibility bus confirmed up before the app starts, the app's
environment, TAP output, and the accessibility tree and the app's log when
a run fails.

Each run starts a private dbus-daemon in its own process group, asks it for
the accessibility bus (org.a11y.Bus.GetAddress, which starts the bus
launcher), connects to that bus and starts the registry there, and only then
hands the address to the app and to pyatspi through AT_SPI_BUS_ADDRESS. So
neither looks for the bus on the X root window, where a run before this one
may have left the address of a bus that is gone ("Couldn't connect to
accessibility bus"). The whole group is ended when the run ends.

The runs find controls by role and accessible name. Those names are the
app's English source strings: the app runs with LC_ALL=C.UTF-8 (a fixed
language), whatever the machine's locale.
"""

import glob
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

step_number = 0
_last_step = (time.monotonic(), 0)
_started = time.monotonic()


def _cost():
    """The time and the AT-SPI calls (atspi_driver counts them) since the
    run started."""
    driver = sys.modules.get("atspi_driver")
    return time.monotonic(), (driver.calls if driver else 0)

# A busy machine (a build beside the tests) can take most of a minute to
# start a bus, the app or its accessibility bridge: wait for states, with
# generous deadlines.
BUS_DEADLINE = 60.0


def tap(ok, description):
    global step_number
    step_number += 1
    print(f"{'ok' if ok else 'not ok'} {step_number} {description}", flush=True)
    global _last_step
    now, calls = _cost()
    print(f"# step {step_number}: {now - _last_step[0]:.1f} s, "
          f"{calls - _last_step[1]} AT-SPI calls", flush=True)
    _last_step = (now, calls)


def check(description, condition):
    tap(bool(condition), description)
    if not condition:
        raise AssertionError(description)


def skip_all(reason):
    print(f"1..0 # SKIP {reason}", flush=True)
    sys.exit(0)


def _start_bus(home):
    """A private session bus in a process group of its own; its address."""
    config = os.path.join(home, "bus.conf")
    with open(config, "w") as f:
        f.write("""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=%s</listen>
  <standard_session_servicedirs/>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
""" % home)
    bus_log = open(os.path.join(home, "bus.log"), "w")
    daemon = subprocess.Popen(
        ["dbus-daemon", "--nofork", "--print-address=1", f"--config-file={config}"],
        stdout=subprocess.PIPE, stderr=bus_log, start_new_session=True, text=True)
    address = daemon.stdout.readline().strip()
    if not address:
        raise RuntimeError("the private session bus did not start")
    return daemon, address


def _confirm_accessibility_bus(session_address):
    """Starts the accessibility bus and its registry and waits until both
    answer; returns the accessibility bus's address."""
    from gi.repository import Gio, GLib

    flags = (Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
             | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
    end = time.monotonic() + BUS_DEADLINE
    last = None
    while time.monotonic() < end:
        try:
            session = Gio.DBusConnection.new_for_address_sync(session_address, flags, None, None)
            reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                      "GetAddress", None, GLib.VariantType("(s)"),
                                      Gio.DBusCallFlags.NONE, 20000, None)
            address = reply.unpack()[0]
            a11y = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
            a11y.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus",
                           "org.freedesktop.DBus", "StartServiceByName",
                           GLib.Variant("(su)", ("org.a11y.atspi.Registry", 0)),
                           GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, 20000, None)
            owned = a11y.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                   "org.freedesktop.DBus", "NameHasOwner",
                                   GLib.Variant("(s)", ("org.a11y.atspi.Registry",)),
                                   GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, 20000,
                                   None).unpack()[0]
            a11y.close_sync(None)
            session.close_sync(None)
            if owned and address:
                return address
        except Exception as e:  # not up yet: try again until the deadline
            last = e
        time.sleep(0.2)
    raise RuntimeError(f"the accessibility bus never came up ({last})")


class Session:
    """One run: a home folder, a private bus with the accessibility bus up,
    and the app started on them."""

    def __init__(self, name, binary, extra_env=None):
        if not os.environ.get("DISPLAY"):
            skip_all("no display")
        self.home = tempfile.mkdtemp(prefix=f"turnkeeper-e2e-{name}-")
        self.app = None
        self.proc = None
        self.daemon = None
        try:
            self.daemon, address = _start_bus(self.home)
            a11y_address = _confirm_accessibility_bus(address)
        except Exception as e:
            self._stop_bus()
            print(f"1..1\nnot ok 1 the buses: {e}", flush=True)
            sys.exit(1)
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = address
        os.environ["AT_SPI_BUS_ADDRESS"] = a11y_address
        os.environ.pop("NO_AT_BRIDGE", None)
        tap(True, "a private session bus with the accessibility bus and its registry up")

        try:
            import pyatspi  # noqa: F401  (reads the addresses set above)
        except ImportError as e:
            self._stop_bus()
            skip_all(f"pyatspi is missing ({e})")

        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "XDG_CACHE_HOME": os.path.join(self.home, "cache"),
            "TKR_NON_UNIQUE": "1",
            "GSETTINGS_BACKEND": "memory",
            "GTK_A11Y": "atspi",
            # A fixed language: the accessible names the runs look for are
            # the English source strings.
            "LC_ALL": "C.UTF-8",
            "LANGUAGE": "",
            # A warning during a real session fails the run, as in the
            # widget suites.
            "G_DEBUG": "fatal-warnings",
        })
        env.update(extra_env or {})
        self.log = open(os.path.join(self.home, "app.log"), "w")
        try:
            self.proc = subprocess.Popen([binary], env=env, stdout=self.log,
                                         stderr=subprocess.STDOUT)
        except OSError:
            # The bus is in a session of its own: it would outlive the run.
            self._stop_bus()
            raise
        # Ended from outside (meson's timeout, a stopped CI run): stop the
        # app and the buses on the way out, as a finished run does.
        signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))

    # The autosaved campaign (help/C/files-and-backups.page).
    def saved(self):
        files = glob.glob(os.path.join(self.home, "data", "turnkeeper", "autosave",
                                       "*.tkcampaign"))
        if not files:
            return None
        try:
            with open(files[0]) as f:
                return json.load(f)["campaign"]
        except (OSError, ValueError, KeyError):
            return None  # caught mid-write: the caller polls again

    def dump_tree(self):
        from atspi_driver import walk

        if self.app is None:
            return
        path = os.path.join(self.home, "tree.txt")
        with open(path, "w") as out:
            for node in walk(self.app):
                depth = 0
                parent = node
                while parent is not None and parent != self.app and depth < 60:
                    parent = parent.parent
                    depth += 1
                try:
                    out.write("  " * depth + f"[{node.getRoleName()}] {node.name!r} "
                              f"{node.description!r}\n")
                except Exception:
                    pass
        print(f"# the accessibility tree is in {path}", flush=True)

    def run(self, body):
        """Runs body(session), prints the plan and exits: 0 when every step
        passed, 1 with the tree and the app's log when one failed."""
        code = 0
        try:
            from atspi_driver import find, find_app

            self.app = find_app("turnkeeper")
            self.frame = find(self.app, "frame")
            tap(True, "the application window is on the accessibility bus")
            body(self)
        except Exception as e:  # report, then fail
            code = 1
            tap(False, f"unexpected: {e!r}")
            try:
                self.dump_tree()
            except Exception:
                pass
            try:
                self.log.flush()
                with open(os.path.join(self.home, "app.log")) as f:
                    tail = f.read()[-4000:]
                for line in tail.splitlines():
                    print(f"# app: {line}", flush=True)
            except Exception:
                pass
        finally:
            self.stop()
        now, calls = _cost()
        print(f"# the run: {now - _started:.1f} s, {calls} AT-SPI calls, "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
        driver = sys.modules.get("atspi_driver")
        if driver is not None:
            print(f"# searches: {driver.stats}", flush=True)
        print(f"1..{step_number}", flush=True)
        sys.exit(code)

    def stop(self):
        if self.proc is not None and self.proc.poll() is not None:
            # Gone before the end of the run: say how (a negative code is
            # the signal that ended it).
            print(f"# the app had already exited with status {self.proc.returncode}",
                  flush=True)
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        self._stop_bus()

    def _stop_bus(self):
        if self.daemon is None:
            return
        # The bus, the accessibility bus launcher and the registry it
        # started share the daemon's process group.
        try:
            os.killpg(self.daemon.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.daemon.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.daemon.pid, signal.SIGKILL)
            self.daemon.wait()
        self.daemon = None
