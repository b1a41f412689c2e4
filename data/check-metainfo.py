#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the AppStream metainfo the way Flathub's review reads it, offline.

Usage: check-metainfo.py METAINFO DESKTOP-FILE VERSION SOURCE-ROOT

1. `appstreamcli validate --pedantic --no-net`: any error or warning fails,
   and so does any info or pedantic hint not listed in ALLOWED with the
   reason it is kept.
2. What Flathub asks beyond the validator: a developer with an id and a
   name (not the deprecated developer_name), the launchable naming the
   desktop file, a content rating, screenshots each with a caption, light
   and dark ones, their URLs pinned to a commit or a tag (not a branch that
   moves) and the images in the source tree, and a release with notes for
   every release, the newest being the project's VERSION.
3. `desktop-file-validate` prints nothing on DESKTOP-FILE (no warnings).

A part whose tool is missing says so and is left out; the file checks
always run.
"""

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

# Hints that stay, each with its reason.
ALLOWED = {
    # The id is reverse DNS with the app's name capitalised, as GNOME apps
    # and Flathub spell them (org.gnome.TextEditor); changing it would
    # orphan every installed settings and file association.
    "cid-contains-uppercase-letter": None,
    # <developer id=...> is AppStream 1.0's element, which Flathub requires;
    # AppStream before 1.0 (Debian 12 has 0.16) does not know it yet.
    "unknown-tag developer": "pre-1.0",
}

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
PINNED_REF = re.compile(r"^([0-9a-f]{40}|v?\d+(\.\d+)*)$")
MOVING_REFS = {"main", "master", "HEAD", "trunk", "devel", "stable"}

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def appstreamcli_version(tool):
    result = subprocess.run([tool, "--version"], capture_output=True, text=True)
    match = re.search(r"(\d+)\.(\d+)", result.stdout)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def check_validator(path):
    tool = shutil.which("appstreamcli")
    if not tool:
        print("SKIP: appstreamcli validate (appstreamcli is not installed)")
        return
    old = appstreamcli_version(tool) < (1, 0)
    result = subprocess.run([tool, "validate", "--pedantic", "--no-net", "--explain", path],
                            capture_output=True, text=True)
    print(result.stdout + result.stderr)
    if result.returncode != 0:
        fail("appstreamcli validate --pedantic failed")
    for line in result.stdout.splitlines():
        match = re.match(r"^([EWIP]): [^:]+:(\d+:)? (.*)$", line)
        if not match:
            continue
        level, text = match.group(1), match.group(3).strip()
        allowed = [key for key, when in ALLOWED.items()
                   if text.startswith(key) and (when is None or (when == "pre-1.0" and old))]
        if level in "EW" or not allowed:
            fail("appstreamcli: %s: %s" % (level, text))
    print("ok: appstreamcli validate --pedantic (only the hints explained in ALLOWED)")


def check_git_path(root, ref, rel):
    """True when REF:REL exists in the repository at ROOT (None: cannot tell)."""
    git = shutil.which("git")
    if not git or not os.path.exists(os.path.join(root, ".git")):
        return None
    # A shallow clone (a Flatpak's git source) may not hold the commit at all.
    known = subprocess.run([git, "-C", root, "cat-file", "-e", ref + "^{commit}"], capture_output=True)
    if known.returncode != 0:
        return None
    result = subprocess.run([git, "-C", root, "cat-file", "-e", "%s:%s" % (ref, rel)],
                            capture_output=True)
    return result.returncode == 0


def check_file(path, desktop, version, root):
    component = ET.parse(path).getroot()
    app_id = component.findtext("id")

    developer = component.find("developer")
    if developer is None or not developer.get("id") or not (developer.findtext("name") or "").strip():
        fail("no <developer id=...> with a <name>")
    if component.find("developer_name") is not None:
        fail("<developer_name> is deprecated: use <developer id=...><name>")

    launchable = component.find("launchable")
    if launchable is None or launchable.get("type") != "desktop-id":
        fail("no <launchable type=\"desktop-id\">")
    elif launchable.text != app_id + ".desktop" or os.path.basename(desktop) != launchable.text:
        fail("launchable %s is not the desktop file %s" % (launchable.text, os.path.basename(desktop)))

    rating = component.find("content_rating")
    if rating is None or rating.get("type") != "oars-1.1":
        fail("no <content_rating type=\"oars-1.1\">")

    for kind in ("homepage", "bugtracker", "vcs-browser"):
        if component.find("url[@type='%s']" % kind) is None:
            fail("no <url type=\"%s\">" % kind)

    shots = component.findall("screenshots/screenshot")
    if not shots:
        fail("no screenshots")
    if len([s for s in shots if s.get("type") == "default"]) != 1:
        fail("not exactly one default screenshot")
    dark = [s for s in shots if (s.get("environment") or "").endswith(":dark")]
    if not dark or len(dark) == len(shots):
        fail("screenshots need both light and dark ones (environment=\"gnome:dark\")")
    for shot in shots:
        url = shot.findtext("image") or ""
        # The caption in the source language: translations come with it.
        captions = [c.text for c in shot.findall("caption") if c.get(XML_LANG) is None]
        if not captions or not (captions[0] or "").strip():
            fail("%s has no caption" % url)
        match = re.match(r"^https://raw\.githubusercontent\.com/[^/]+/[^/]+/([^/]+)/(.+)$", url)
        if not match:
            fail("%s is not a raw.githubusercontent.com URL of a file in the repository" % url)
            continue
        ref, rel = match.group(1), match.group(2)
        if ref in MOVING_REFS or not PINNED_REF.match(ref):
            fail("%s is on %s, a branch that moves: pin it to a commit or a tag" % (url, ref))
        if not os.path.exists(os.path.join(root, rel)):
            fail("%s: %s is not in the source tree" % (url, rel))
        if check_git_path(root, ref, rel) is False:
            fail("%s: %s does not exist at %s" % (url, rel, ref))

    releases = component.findall("releases/release")
    if not releases:
        fail("no releases")
    elif releases[0].get("version") != version:
        fail("the newest release is %s, the project is %s" % (releases[0].get("version"), version))
    for release in releases:
        if not release.get("date"):
            fail("release %s has no date" % release.get("version"))
        if release.find("description") is None or not "".join(release.find("description").itertext()).strip():
            fail("release %s has no notes" % release.get("version"))
    dates = [r.get("date") or "" for r in releases]
    if dates != sorted(dates, reverse=True):
        fail("releases are not newest first")
    print("ok: developer, launchable, content rating, %d screenshots (%d dark, pinned), %d releases with notes"
          % (len(shots), len(dark), len(releases)))


def check_desktop(desktop):
    tool = shutil.which("desktop-file-validate")
    if not tool:
        print("SKIP: desktop-file-validate (not installed)")
        return
    result = subprocess.run([tool, desktop], capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    if result.returncode != 0 or output:
        fail("desktop-file-validate:\n" + output)
    else:
        print("ok: desktop-file-validate prints nothing")


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    path, desktop, version, root = sys.argv[1:]
    check_validator(path)
    check_file(path, desktop, version, root)
    check_desktop(desktop)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
