#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest without flatpak-builder or the GNOME SDK.

Usage: check-manifest.py MANIFEST.json APP-ID

The sandbox is part of the design: documents are opened and saved through the
file chooser portal, so the manifest must not grant any --filesystem access.
"""

import json
import os
import sys


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    path, app_id = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)

    problems = []

    def expect(key, wanted):
        got = manifest.get(key)
        if got != wanted:
            problems.append("%s is %r, expected %r" % (key, got, wanted))

    # flatpak-builder accepts the older "app-id" spelling as well as "id".
    got_id = manifest.get("id", manifest.get("app-id"))
    if got_id != app_id:
        problems.append("id is %r, expected %r" % (got_id, app_id))
    if os.path.basename(path) != app_id + ".json":
        problems.append("the file should be named %s.json" % app_id)
    expect("command", "turnkeeper")
    expect("runtime", "org.gnome.Platform")
    expect("sdk", "org.gnome.Sdk")
    if not isinstance(manifest.get("runtime-version"), str):
        problems.append("runtime-version must be a string, e.g. \"47\"")

    finish_args = manifest.get("finish-args", [])
    for arg in finish_args:
        if arg.startswith("--filesystem"):
            problems.append("%s: files go through the portal, no filesystem access" % arg)
    for arg in ("--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"):
        if arg not in finish_args:
            problems.append("finish-args lacks %s" % arg)

    modules = manifest.get("modules", [])
    names = [m.get("name") for m in modules if isinstance(m, dict)]
    if not modules or names[-1] != "turnkeeper":
        problems.append("the last module must be turnkeeper, found %r" % names)
    else:
        app = modules[-1]
        if app.get("buildsystem") != "meson":
            problems.append("turnkeeper must build with meson")
        if "-Dui=true" not in app.get("config-opts", []):
            problems.append("turnkeeper must be configured with -Dui=true")
        dirs = [s for s in app.get("sources", []) if s.get("type") == "dir"]
        if not dirs:
            problems.append("turnkeeper has no dir source")
        for source in dirs:
            target = os.path.normpath(os.path.join(os.path.dirname(path), source.get("path", "")))
            if not os.path.exists(os.path.join(target, "meson.build")):
                problems.append("dir source %s is not the project root" % source.get("path"))

    for problem in problems:
        print("FAIL: " + problem)
    if not problems:
        print("ok: %s (%d finish-args, %d modules)" % (os.path.basename(path), len(finish_args), len(modules)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
