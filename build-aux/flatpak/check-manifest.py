#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest against the Flathub linter's rules that need
no network, no SDK and no build.

Usage: check-manifest.py [--local] MANIFEST.json APP-ID SOURCE-ROOT [VERSION]

The manifest:
  - id (not the deprecated app-id) is APP-ID, and the file is APP-ID.json;
  - the GNOME runtime and SDK, at a version GNOME still supports
    (SUPPORTED_GNOME below), and the command the project installs;
  - finish-args: no filesystem access at all (files go through the file
    chooser portal), no network, Wayland with X11 only as fallback, no
    session or system bus, no talking to org.freedesktop.Flatpak (a sandbox
    escape), no --device=all, no duplicates;
  - the app is the last module, built with meson from a clean source: a git
    source at a tag (v + VERSION) or a commit, or an archive with a sha256
    (a local archive only with --local, for the dist check); never a "dir"
    source, which copies build folders and .git into the build;
  - the tests run (run-tests) and the suites that need a display are left
    out with -Dui_tests=false, an option meson_options.txt declares;
  - json-glib, GTK and libadwaita come from the runtime, not from a module;
  - the MIME types' document icons are renamed after the id
    (rename-mime-icons), or the sandbox would not export them.
The files it installs (under SOURCE-ROOT/data):
  - the metainfo's <id>, the desktop file, its Icon=, the MIME package and
    the app icons are all named after APP-ID;
  - the metainfo has a launchable, a developer with an id and a name, a
    content rating, screenshots with captions and releases with notes.
If flatpak-builder is installed, `flatpak-builder --show-manifest` must read
the manifest without a warning (unknown keys); it is not required.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

# GNOME runtimes with security updates. GNOME supports a release for about a
# year; each September's release ends the support of the one before last.
# November 2026: 49 is current, 48 still supported, 47 and older ended.
SUPPORTED_GNOME = {"48", "49"}

FORBIDDEN_FINISH_ARGS = {
    "--share=network": "the app needs no network",
    "--socket=x11": "X11 only as --socket=fallback-x11 beside wayland",
    "--socket=session-bus": "no full access to the session bus",
    "--socket=system-bus": "no full access to the system bus",
    "--device=all": "only --device=dri is needed",
    "--talk-name=org.freedesktop.Flatpak": "talking to Flatpak escapes the sandbox",
    "--socket=ssh-auth": "no ssh agent",
    "--socket=pulseaudio": "the app plays no sound",
}
REQUIRED_FINISH_ARGS = ("--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri")
RUNTIME_LIBRARIES = ("gtk", "libadwaita", "json-glib", "glib")

problems = []


def fail(message):
    problems.append(message)


def check_finish_args(finish_args, app_id):
    if len(set(finish_args)) != len(finish_args):
        fail("finish-args has duplicates: %r" % finish_args)
    for arg in finish_args:
        if arg.startswith("--filesystem"):
            fail("%s: files go through the portal, no filesystem access" % arg)
        elif arg in FORBIDDEN_FINISH_ARGS:
            fail("%s: %s" % (arg, FORBIDDEN_FINISH_ARGS[arg]))
        elif arg.startswith("--talk-name=org.freedesktop.Flatpak"):
            fail("%s: talking to Flatpak escapes the sandbox" % arg)
        elif arg.startswith("--own-name=") and not arg[len("--own-name="):].startswith(app_id):
            fail("%s: a sandbox owns only names under its id" % arg)
    for arg in REQUIRED_FINISH_ARGS:
        if arg not in finish_args:
            fail("finish-args lacks %s" % arg)


def check_sources(sources, version, local):
    if not sources:
        fail("turnkeeper has no source")
    for source in sources:
        kind = source.get("type")
        if kind == "dir":
            fail("a dir source copies the working tree (build folders, .git): use git or an archive")
        elif kind == "git":
            url = source.get("url", "")
            if not url.startswith("https://"):
                fail("git source %r is not an https URL" % url)
            if "branch" in source:
                fail("git source on branch %r: a branch moves, use a tag or a commit" % source["branch"])
            tag, commit = source.get("tag"), source.get("commit")
            if not tag and not commit:
                fail("git source without a tag or a commit")
            if commit is not None and not re.fullmatch(r"[0-9a-f]{40}", commit):
                fail("git commit %r is not a full hash" % commit)
            if tag is not None and version is not None and tag != "v" + version:
                fail("git tag %r is not the project's version v%s" % (tag, version))
        elif kind == "archive":
            if not re.fullmatch(r"[0-9a-f]{64}", source.get("sha256", "")):
                fail("archive source without a sha256")
            if "path" in source and not local:
                fail("archive source from a local path: only for --local test builds")
            if "url" in source and not source["url"].startswith("https://"):
                fail("archive URL %r is not https" % source["url"])
            if "url" not in source and "path" not in source:
                fail("archive source without a url")
        else:
            fail("source type %r: the app builds from git or a meson dist archive" % kind)


def check_app_module(app, root):
    if app.get("buildsystem") != "meson":
        fail("turnkeeper must build with meson")
    opts = app.get("config-opts", [])
    if "-Dui=true" not in opts:
        fail("turnkeeper must be configured with -Dui=true")
    if app.get("run-tests") is not True:
        fail("run-tests must be true: the core and data suites run in the build")
    if "-Dui_tests=false" not in opts:
        fail("-Dui_tests=false must leave out the suites that need a display")
    options = os.path.join(root, "meson_options.txt")
    with open(options, encoding="utf-8") as f:
        declared = set(re.findall(r"option\('([^']+)'", f.read()))
    for opt in opts:
        match = re.match(r"-D([^=]+)=", opt)
        if match and match.group(1) not in declared and match.group(1) not in ("buildtype", "prefix"):
            fail("config-opt %s is not an option in meson_options.txt" % opt)


def check_installed_files(manifest, app_id, root):
    data = os.path.join(root, "data")
    metainfo = os.path.join(data, app_id + ".metainfo.xml.in")
    desktop = os.path.join(data, app_id + ".desktop.in")
    mime = os.path.join(data, app_id + ".xml")
    for path in (metainfo, desktop, mime,
                 os.path.join(data, "icons/hicolor/scalable/apps", app_id + ".svg"),
                 os.path.join(data, "icons/hicolor/symbolic/apps", app_id + "-symbolic.svg")):
        if not os.path.exists(path):
            fail("%s is missing: files are exported only when named after the id" % os.path.relpath(path, root))
    if os.path.exists(desktop):
        with open(desktop, encoding="utf-8") as f:
            entries = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line and not line.startswith("#"))
        if entries.get("Icon") != app_id:
            fail("the desktop file's Icon is %r, not %s" % (entries.get("Icon"), app_id))
        if entries.get("Exec", "").split(" ")[0] != manifest.get("command"):
            fail("the desktop file runs %r, the manifest's command is %r" % (entries.get("Exec"), manifest.get("command")))
    if os.path.exists(metainfo):
        component = ET.parse(metainfo).getroot()
        if component.findtext("id") != app_id:
            fail("the metainfo's id is %r" % component.findtext("id"))
        if component.findtext("launchable[@type='desktop-id']") != app_id + ".desktop":
            fail("the metainfo's launchable is not %s.desktop" % app_id)
        developer = component.find("developer")
        if developer is None or not developer.get("id") or not developer.findtext("name"):
            fail("the metainfo has no <developer id=...><name>")
        if component.find("content_rating") is None:
            fail("the metainfo has no content rating")
        shots = component.findall("screenshots/screenshot")
        if not shots or any(not (s.findtext("caption") or "").strip() for s in shots):
            fail("the metainfo needs screenshots, each with a caption")
        releases = component.findall("releases/release")
        if not releases or any(r.find("description") is None for r in releases):
            fail("the metainfo needs releases, each with notes")
    if os.path.exists(mime):
        ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
        icons = [i.get("name") for i in ET.parse(mime).getroot().iter(ns + "icon")]
        renamed = manifest.get("rename-mime-icons", [])
        for icon in icons:
            if not icon.startswith(app_id) and icon not in renamed:
                fail("MIME icon %s is not in rename-mime-icons: the sandbox would not export it" % icon)


def check_with_flatpak_builder(path):
    tool = shutil.which("flatpak-builder")
    if not tool:
        return "flatpak-builder not installed, its parse left out"
    result = subprocess.run([tool, "--show-manifest", path], capture_output=True, text=True,
                            env=dict(os.environ, G_DEBUG="fatal-warnings"))
    if result.returncode != 0:
        fail("flatpak-builder --show-manifest: %s" % result.stderr.strip())
    return "flatpak-builder reads it"


def main():
    args = sys.argv[1:]
    local = "--local" in args
    args = [a for a in args if a != "--local"]
    if len(args) not in (3, 4):
        print(__doc__)
        return 2
    path, app_id, root = args[:3]
    version = args[3] if len(args) == 4 else None
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)

    if "app-id" in manifest:
        fail("app-id is deprecated: use id")
    if manifest.get("id") != app_id:
        fail("id is %r, expected %r" % (manifest.get("id"), app_id))
    if not local and os.path.basename(path) != app_id + ".json":
        fail("the file should be named %s.json" % app_id)
    for key, wanted in (("command", "turnkeeper"), ("runtime", "org.gnome.Platform"), ("sdk", "org.gnome.Sdk")):
        if manifest.get(key) != wanted:
            fail("%s is %r, expected %r" % (key, manifest.get(key), wanted))
    runtime_version = manifest.get("runtime-version")
    if not isinstance(runtime_version, str) or runtime_version not in SUPPORTED_GNOME:
        fail("runtime-version %r is not a GNOME runtime supported today (%s)"
             % (runtime_version, ", ".join(sorted(SUPPORTED_GNOME))))

    finish_args = manifest.get("finish-args", [])
    check_finish_args(finish_args, app_id)

    modules = manifest.get("modules", [])
    names = [m.get("name") if isinstance(m, dict) else m for m in modules]
    for name in names:
        if any(str(name).lower().startswith(lib) for lib in RUNTIME_LIBRARIES):
            fail("module %s: it comes with the GNOME runtime" % name)
    if not modules or names[-1] != "turnkeeper":
        fail("the last module must be turnkeeper, found %r" % names)
    else:
        check_app_module(modules[-1], root)
        check_sources(modules[-1].get("sources", []), version, local)

    check_installed_files(manifest, app_id, root)
    note = check_with_flatpak_builder(path)

    for problem in problems:
        print("FAIL: " + problem)
    if not problems:
        print("ok: %s (GNOME %s, %d finish-args, %d modules; %s)"
              % (os.path.basename(path), runtime_version, len(finish_args), len(modules), note))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
