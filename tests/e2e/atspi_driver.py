# SPDX-License-Identifier: GPL-3.0-or-later
"""A small AT-SPI driver: find controls by role and accessible name, click
them, type into them, read them, the way assistive technology does."""

import time

import pyatspi
from gi.repository import Atspi

# What a run costs (docs/E2E-RUNS.md): every call that can reach the app
# over the accessibility bus, counted where pyatspi reaches Atspi.
calls = 0


def _counted(function):
    def wrapper(*args, **kwargs):
        global calls
        calls += 1
        return function(*args, **kwargs)
    return wrapper


for _name in ("get_child_count", "get_child_at_index", "get_role_name", "get_role",
              "get_name", "get_description", "get_parent", "get_state_set",
              "get_index_in_parent", "get_application", "get_attributes_as_array",
              "get_process_id"):
    setattr(Atspi.Accessible, _name, _counted(getattr(Atspi.Accessible, _name)))
for _iface, _names in ((Atspi.Action, ("get_n_actions", "get_action_name", "do_action")),
                       (Atspi.Component, ("get_extents",)),
                       (Atspi.EditableText, ("set_text_contents",)),
                       (Atspi.Selection, ("select_child", "is_child_selected")),
                       (Atspi.Text, ("get_text", "get_character_count")),
                       (Atspi.Value, ("get_current_value", "set_current_value"))):
    for _name in _names:
        setattr(_iface, _name, _counted(getattr(_iface, _name)))
# pyatspi's own names were bound to the functions before: bind them again.
for _alias, _name in (("getChildAtIndex", "get_child_at_index"),
                      ("getApplication", "get_application"),
                      ("getRole", "get_role"), ("getRoleName", "get_role_name"),
                      ("getState", "get_state_set"),
                      ("getIndexInParent", "get_index_in_parent")):
    setattr(Atspi.Accessible, _alias, getattr(Atspi.Accessible, _name))
for _alias, _name in (("childCount", "get_child_count"), ("name", "get_name"),
                      ("description", "get_description"), ("parent", "get_parent")):
    setattr(Atspi.Accessible, _alias, property(fget=getattr(Atspi.Accessible, _name)))


class NotFound(AssertionError):
    pass


def _children(node):
    try:
        count = node.childCount
    except Exception:
        return []
    result = []
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            child = None
        if child is not None:
            result.append(child)
    return result


def walk(root):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(_children(node)))


def _matches(node, role, name, contains):
    try:
        if role is not None and node.getRoleName() != role:
            return False
        node_name = node.name or ""
    except Exception:
        return False
    if name is not None and node_name != name:
        return False
    if contains is not None and contains not in node_name:
        return False
    return True


# A walk asks the app for every node's child count, each child and its
# role: three round trips a node, some 1500 nodes in a window, seconds on a
# busy machine. Searches here ask the app's AT-SPI cache instead
# (org.a11y.atspi.Cache.GetItems: every realized node's parent, place,
# child count, role, name and states, in one call), and fetch as objects
# only the nodes they return (child by child from the search's root, each
# checked to be the node the cache named). Where the cache does not hold
# all of a node's children, or held children the app did not confirm
# once, that node's children are asked for one by one, as a walk does: in
# GTK 4.8 a node first shown is not in the cache until something asks for
# it, a GtkStack shows only its visible page while the pages it showed
# before stay in the cache under it (so a single panel under a node is
# always asked for), and GetChildren does not list children in
# GetChildAtIndex's order, so it is not used. The nodes come in the walk's
# order.

# One look at the tree: every search within one check (one evaluation of
# a wait_for condition, one ancestor_with) reads the same snapshot of the
# cache, as one walk would read one tree; anything
# that acts on the app (a click, a key, a value or text set, a selection)
# ends the look, so what comes after it is read afresh.
_look = None


class _OneLook:
    """A look begins afresh (inside another one too: time has passed)."""

    def __enter__(self):
        global _look
        self.outer = _look
        if _look is None:
            _look = {}
        _look.clear()

    def __exit__(self, *exc):
        global _look
        _look = self.outer


def _acted():
    if _look is not None:
        _look.clear()


class _Stale(Exception):
    """The tree changed under a search."""


_bus = None
_role_names = {}
# Nodes whose children in the cache once were not the app's.
_distrusted = set()
# How the searches went (printed at the end of a run).
stats = {"searches": 0, "walks": 0, "distrusted": 0}


def _connection():
    global _bus
    if _bus is None:
        import os

        from gi.repository import Gio

        address = os.environ.get("AT_SPI_BUS_ADDRESS")
        if not address:
            return None
        _bus = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
            | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    return _bus


def _call(node, path, interface, method):
    global calls
    from gi.repository import Gio, GLib

    calls += 1
    try:
        return _connection().call_sync(node.app.bus_name, path, interface, method, None, None,
                                       Gio.DBusCallFlags.NONE, 30000, None).unpack()[0]
    except GLib.Error as e:
        raise _Stale() from e


def _role_name(role):
    if role not in _role_names:
        try:
            _role_names[role] = Atspi.role_get_name(Atspi.Role(role))
        except Exception:
            _role_names[role] = None
    return _role_names[role]


def _snapshot(node):
    """The app's cache: path -> (child count, role name, name, states),
    and parent path -> the paths of its children the cache holds, in
    order."""
    if _look is not None:
        if "snapshot" not in _look:
            _look["snapshot"] = _take_snapshot(node)
        return _look["snapshot"]
    return _take_snapshot(node)


def _take_snapshot(node):
    items = _call(node, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems")
    nodes = {}
    places = {}
    for ref, _app, parent, index, count, _ifaces, name, role, _desc, states in items:
        nodes[ref[1]] = (count, _role_name(role), name, states)
        if _state_bit(states, pyatspi.STATE_VISIBLE):
            places.setdefault(parent[1], []).append((index, ref[1]))
    # GTK 4.8 gives a GtkStackPage's child its place in the stack: a
    # child's place is its rank among the siblings the cache holds.
    return nodes, {parent: [path for _, path in sorted(held)] for parent, held in places.items()}


def _state_bit(states, state):
    state = int(state)
    return bool((states[state // 32] >> (state % 32)) & 1)


def _search(root, cached_test, live_test, limit=None):
    """The nodes under root (root included) that pass, in the walk's
    order, at most limit of them."""
    if _connection() is None:
        raise _Stale()
    nodes, held = _snapshot(root)
    fetched = {root.path: root}
    place = {}  # path -> (parent's path, index)
    found = []

    def fetch(path):
        if path not in fetched:
            parent, index = place[path]
            node = fetch(parent).getChildAtIndex(index)
            if node is None or node.path != path:
                if parent not in _distrusted:
                    # The cache's children of parent are not the app's:
                    # from now on they are asked for, and the search
                    # begins again.
                    _distrusted.add(parent)
                    stats["distrusted"] += 1
                raise _Stale()
            fetched[path] = node
        return fetched[path]

    def visit(path):
        record = nodes.get(path)
        if record is None:
            node = fetch(path)
            if live_test(node):
                found.append(node)
            kids = None
        else:
            count, role, name, states = record
            if cached_test(role, name, states):
                found.append(fetch(path))
            kids = held.get(path, [])
            if (role == "application" or path in _distrusted or len(kids) != count
                    or (count == 1 and nodes[kids[0]][1] == "panel")):
                # A GtkStack shows one page (a panel), and the cache keeps
                # the pages it showed before under it: the one it shows
                # is asked for.
                kids = None
        if kids is None:
            # Children the cache does not hold (or the app's root: its
            # windows): asked for one by one, as a walk does.
            kids = _children(fetch(path))
            for kid in kids:
                fetched.setdefault(kid.path, kid)
            kids = [kid.path for kid in kids]
        for index, kid in enumerate(kids):
            if limit is not None and len(found) >= limit:
                return
            place.setdefault(kid, (path, index))
            visit(kid)

    visit(root.path)
    return found


def _find_nodes(root, cached_test, live_test, limit=None):
    stats["searches"] += 1
    for _ in range(5):
        try:
            return _search(root, cached_test, live_test, limit)
        except _Stale:
            _acted()  # the next search looks afresh
            continue
        except Exception:
            stats["errors"] = stats.get("errors", 0) + 1
            break
    # No cache to ask, or the tree kept changing under the searches: a
    # walk, as before.
    stats["walks"] += 1
    result = []
    for node in walk(root):
        if live_test(node):
            result.append(node)
            if limit is not None and len(result) >= limit:
                break
    return result


def find_all(root, role=None, name=None, contains=None, limit=None):
    def cached_test(node_role, node_name, states):
        node_name = node_name or ""
        return ((role is None or node_role == role)
                and (name is None or node_name == name)
                and (contains is None or contains in node_name))

    return _find_nodes(root, cached_test, lambda n: _matches(n, role, name, contains), limit)


def find(root, role=None, name=None, contains=None, timeout=10.0, index=0):
    """The index-th node matching, waiting for it to appear."""
    found = []

    def appeared():
        found[:] = find_all(root, role, name, contains, limit=index + 1)
        return len(found) > index

    try:
        wait_for(appeared, timeout=timeout, what="")
    except AssertionError:
        raise NotFound(f"no {role or 'node'} named {name or contains!r}") from None
    return found[index]


def is_sensitive(node):
    return node.getState().contains(pyatspi.STATE_SENSITIVE)


def click(node, timeout=10.0):
    _acted()
    end = time.time() + timeout
    while not is_sensitive(node):
        if time.time() > end:
            raise AssertionError(f"{node.name!r} stays insensitive")
        time.sleep(0.1)
    try:
        action = node.queryAction()
        n_actions = action.nActions
    except NotImplementedError:
        n_actions = 0
    if n_actions == 0:
        # GTK 4.8 gives check boxes no action: click them as a person would.
        pointer_click(node)
        return
    for i in range(n_actions):
        if action.getName(i) in ("click", "activate", "press"):
            action.doAction(i)
            break
    else:
        action.doAction(0)


def _app_window(node):
    """The X window of the app's toplevel that holds node (its pid from
    AT-SPI, the window by its size), so that a pointer click is placed
    relative to that window wherever it sits on the screen."""
    import subprocess

    frame = node
    while frame is not None and frame.getRoleName() not in ("frame", "dialog", "window"):
        frame = frame.parent
    pid = node.getApplication().get_process_id()
    size = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS) if frame else None
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                         capture_output=True, text=True).stdout.split()
    best = None
    for wid in out:
        geo = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid],
                             capture_output=True, text=True).stdout
        values = dict(line.split("=", 1) for line in geo.split() if "=" in line)
        w, h = int(values.get("WIDTH", 0)), int(values.get("HEIGHT", 0))
        if size is not None and abs(w - size.width) <= 2 and abs(h - size.height) <= 2:
            return wid
        if best is None or w * h > best[0]:
            best = (w * h, wid)
    if best is None:
        raise AssertionError("the app has no visible window")
    return best[1]


def pointer_click(node, where=0.5):
    """GTK 4.8 gives check boxes no action and cannot move the keyboard
    focus through AT-SPI: click the control with the pointer, placed
    relative to the app's own window (never the screen)."""
    import subprocess

    wait_for(lambda: node.getState().contains(pyatspi.STATE_SHOWING)
             or node.getState().contains(pyatspi.STATE_VISIBLE), what=f"{node.name!r} shown")
    _acted()
    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x = ext.x + max(4, int(ext.width * where))
    y = ext.y + ext.height // 2
    subprocess.run(["xdotool", "mousemove", "--window", _app_window(node), str(x), str(y),
                    "click", "1"], check=True)


def has_focus(node):
    """node or one of its descendants has the keyboard focus."""
    return bool(_find_nodes(
        node, lambda role, name, states: _state_bit(states, pyatspi.STATE_FOCUSED),
        lambda n: n.getState().contains(pyatspi.STATE_FOCUSED), limit=1))


def keys(*names, focus=None):
    """Sends keys (a shortcut under test, or Return to submit) once the
    control they are for holds the keyboard focus."""
    import subprocess

    if focus is not None:
        wait_for(lambda: has_focus(focus), what=f"the focus in {focus.name!r}")
    _acted()
    subprocess.run(["xdotool", "key"] + list(names), check=True)


def select_child(container, predicate, what="the item"):
    """Selects the child of a list (AT-SPI Selection) for which predicate
    holds: rows are chosen by what they say, never by counting."""
    def pick():
        children = [container.getChildAtIndex(i) for i in range(container.childCount)]
        for i, child in enumerate(children):
            if child is not None and predicate(child):
                return i
        return None

    wait_for(lambda: pick() is not None, what=what)
    with _OneLook():
        index = pick()
    _acted()
    container.querySelection().selectChild(index)
    wait_for(lambda: container.querySelection().isChildSelected(index),
             what=f"{what} selected")
    return container.getChildAtIndex(index)


def choose_in_dropdown(app, dropdown, name):
    """Chooses name in a GtkDropDown: its button opens the list (an AT-SPI
    action), the item is selected by its name through AT-SPI, and Return,
    sent once the open list holds the focus, takes the selected item."""
    click(find(dropdown, "push button"))

    def item():
        for label in find_all(app, "label", name):
            node = ancestor_with(label, lambda n: n.getRoleName() == "list item")
            if node is not None and node.parent is not None \
                    and node.parent.getRoleName() == "list":
                return node
        return None

    wait_for(item, what=f"{name!r} in the open list")
    row = item()
    select_child(row.parent, lambda n: find_all(n, "label", name), what=f"{name!r}")
    keys("Return", focus=row.parent)
    # Closed, the drop-down shows only what is chosen.
    wait_for(lambda: {n.name for n in find_all(dropdown, "label")} - {None, "", "(None)"}
             == {name}, what=f"{name!r} chosen")


def ancestor_with(node, predicate, limit=30):
    """The nearest ancestor of node for which predicate holds."""
    with _OneLook():
        while node is not None and limit > 0:
            node = node.parent
            limit -= 1
            if node is not None and predicate(node):
                return node
    return None


def set_text(node, text):
    editable = node.queryEditableText()
    _acted()
    editable.setTextContents(text)
    wait_for(lambda: get_text(node) == text, what=f"{text!r} in {node.name!r}")


def get_text(node):
    t = node.queryText()
    # getText (0, -1) returns "" on GTK 4.8: ask for the real length.
    return t.getText(0, t.characterCount)


def set_value(node, value):
    _acted()
    node.queryValue().currentValue = float(value)
    wait_for(lambda: get_value(node) == float(value), what=f"{value} in {node.name!r}")


def get_value(node):
    return node.queryValue().currentValue


def wait_for(predicate, timeout=10.0, what="condition"):
    """Polls predicate until it holds: at once, then after 0.05 s, and
    twice as long each time up to 0.8 s, so a state that comes at once
    costs one look and a slow one no more than one look every 0.8 s."""
    end = time.time() + timeout
    pause = 0.05
    while time.time() < end:
        try:
            with _OneLook():
                if predicate():
                    return
        except Exception:
            pass
        time.sleep(min(pause, max(0.0, end - time.time())))
        pause = min(pause * 2, 0.8)
    try:
        with _OneLook():
            if predicate():  # a last look at the deadline
                return
    except Exception:
        pass
    raise AssertionError(f"timed out waiting for {what}")


def find_app(name, timeout=90.0):
    # A busy machine (a build beside the tests) can take most of a minute
    # to start the app and its accessibility bridge: wait for the state.
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == name:
                return app
        time.sleep(0.2)
    raise NotFound(f"application {name!r} never appeared on the accessibility bus")


def type_into(node, text, submit=True):
    """Types into a text field as a person does: a click puts the focus
    there (GTK 4.8 cannot move it through AT-SPI, see pointer_click), the
    text is set through AT-SPI and read back, and Return submits. GTK 4.8
    does not report the focus of the text inside an AdwEntryRow, so the
    caller waits for what the submitted text brings about."""
    if not has_focus(node):
        pointer_click(node, where=0.33)
    set_text(node, text)
    if submit:
        keys("Return")


def show_page(frame, name):
    """Shows the window's page name through its view switcher tab."""
    def tabs():
        # The header's, the bottom bar's: any switches the same pages.
        return [n for n in find_all(frame, "page tab", name)
                if n.parent is not None and n.parent.name == "AdwViewSwitcher"]

    def shown():
        return any(t.getState().contains(pyatspi.STATE_SELECTED)
                   or t.getState().contains(pyatspi.STATE_CHECKED) for t in tabs())

    wait_for(tabs, what=f"the {name} tab")
    if not shown():
        click(tabs()[0])
    wait_for(shown, what=f"the {name} page")


def select_character(frame, name):
    """Selects a character in the roster by its name, and waits for the
    sheet to show it."""
    roster = find(frame, "list", "Characters")
    select_child(roster, lambda n: bool(find_all(n, "label", name)), what=f"{name} in the roster")
    wait_for(lambda: any(get_text(e) == name for e in find_all(frame, "text", "Name")),
             what=f"{name}'s sheet")


def palette(app, command):
    """Runs a command by name through the command palette (Ctrl+K, the
    feature): its search field takes the name through AT-SPI, and Return
    runs the first match once it is the command asked for. (The palette
    opens with its search field focused; GTK 4.8 does not report the focus
    of the text inside a search entry, so the outcome is what is checked.)"""
    def shown():
        return [w for w in find_all(app, "frame", "Commands")
                if w.getState().contains(pyatspi.STATE_SHOWING)]

    keys("ctrl+k")
    wait_for(shown, what="the command palette")
    palette_window = shown()[0]
    search = find(palette_window, "entry", "Find a command", timeout=10)
    set_text(search, command)
    commands = find(palette_window, "list", "Commands", timeout=10)
    wait_for(lambda: [n.name for n in find_all(commands, "label") if n.name][:1] == [command],
             what=f"{command!r} first in the palette")
    keys("Return")
    wait_for(lambda: not shown(), what="the palette closed")
