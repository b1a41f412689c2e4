# SPDX-License-Identifier: GPL-3.0-or-later
"""A small AT-SPI driver: find controls by role and accessible name, click
them, type into them, read them, the way assistive technology does."""

import time

import pyatspi


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


def find_all(root, role=None, name=None, contains=None):
    return [n for n in walk(root) if _matches(n, role, name, contains)]


def find(root, role=None, name=None, contains=None, timeout=10.0, index=0):
    """The index-th node matching, waiting for it to appear."""
    end = time.time() + timeout
    while True:
        found = find_all(root, role, name, contains)
        if len(found) > index:
            return found[index]
        if time.time() > end:
            raise NotFound(f"no {role or 'node'} named {name or contains!r}")
        time.sleep(0.2)


def is_sensitive(node):
    return node.getState().contains(pyatspi.STATE_SENSITIVE)


def click(node, timeout=10.0):
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
    time.sleep(0.15)


def pointer_click(node):
    import subprocess

    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    subprocess.run(["xdotool", "mousemove", str(ext.x + ext.width // 2),
                    str(ext.y + ext.height // 2), "click", "1"], check=True)
    time.sleep(0.2)


def ancestor_with(node, predicate, limit=30):
    """The nearest ancestor of node for which predicate holds."""
    while node is not None and limit > 0:
        node = node.parent
        limit -= 1
        if node is not None and predicate(node):
            return node
    return None


def set_text(node, text):
    editable = node.queryEditableText()
    editable.setTextContents(text)
    time.sleep(0.1)


def get_text(node):
    t = node.queryText()
    # getText (0, -1) returns "" on GTK 4.8: ask for the real length.
    return t.getText(0, t.characterCount)


def set_value(node, value):
    node.queryValue().currentValue = float(value)
    time.sleep(0.1)


def get_value(node):
    return node.queryValue().currentValue


def wait_for(predicate, timeout=10.0, what="condition"):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if predicate():
                return
        except Exception:
            pass
        time.sleep(0.2)
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
    """Clicks into a text field and types, as a person does; Return submits."""
    import subprocess

    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x = ext.x + max(4, ext.width // 3)
    y = ext.y + ext.height // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)
    time.sleep(0.2)
    subprocess.run(["xdotool", "key", "ctrl+a"], check=True)
    subprocess.run(["xdotool", "type", "--delay", "10", "--", text], check=True)
    if submit:
        subprocess.run(["xdotool", "key", "Return"], check=True)
    time.sleep(0.3)
