#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the shared-mime-info package the way a desktop will read it.

Usage: check-mime-info.py MIME-XML [DESKTOP-FILE [ICON-DIR]]

1. Validates MIME-XML against the DTD that shared-mime-info embeds at the top
   of its own freedesktop.org.xml (there is no separate DTD file on Debian).
2. Runs update-mime-database on a scratch directory holding only MIME-XML and
   reads back the globs and the sub-class table it wrote, so a typo in a
   pattern or a parent type shows up here instead of in a file manager.
3. With DESKTOP-FILE, checks that the launcher claims every type defined here.
4. With ICON-DIR (the source's data/icons), checks each type's document
   icon: <icon name> is the type's own name ("/" as "-", as the icon naming
   spec looks it up), a scalable and a symbolic SVG of that name are in
   hicolor/{scalable,symbolic}/mimetypes, and <generic-icon> is one of the
   spec's generic document icons, for themes without ours.

A part whose tool or reference file is missing is skipped; if every part is
skipped the script exits 77, which meson reports as a skipped test.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
REFERENCE = "/usr/share/mime/packages/freedesktop.org.xml"
SKIP = 77

failures = []
ran = 0


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def read_types(path):
    """Maps each defined MIME type to its globs and parent types."""
    root = ET.parse(path).getroot()
    if root.tag != NS + "mime-info":
        fail("%s: the root element is not <mime-info> in the shared-mime-info namespace" % path)
        return {}
    types = {}
    for node in root.findall(NS + "mime-type"):
        name = node.get("type")
        types[name] = {
            "globs": [g.get("pattern") for g in node.findall(NS + "glob")],
            "parents": [p.get("type") for p in node.findall(NS + "sub-class-of")],
            "icons": [i.get("name") for i in node.findall(NS + "icon")],
            "generic": [i.get("name") for i in node.findall(NS + "generic-icon")],
            "comments": [c.text for c in node.findall(NS + "comment") if c.get("{http://www.w3.org/XML/1998/namespace}lang") is None],
        }
        if not types[name]["globs"]:
            fail("%s has no <glob>: files would only be recognised by content" % name)
        if not types[name]["comments"]:
            fail("%s has no untranslated <comment>" % name)
    if not types:
        fail("%s defines no <mime-type>" % path)
    return types


def check_dtd(path):
    global ran
    xmllint = shutil.which("xmllint")
    if not (xmllint and os.path.exists(REFERENCE)):
        print("SKIP: DTD check (needs xmllint and %s)" % REFERENCE)
        return
    with open(REFERENCE, encoding="utf-8") as f:
        head = f.read(20000)
    match = re.search(r"<!DOCTYPE mime-info \[(.*?)\]>", head, re.S)
    if not match:
        print("SKIP: DTD check (%s carries no internal DTD)" % REFERENCE)
        return
    ran += 1
    with tempfile.NamedTemporaryFile("w", suffix=".dtd", delete=False) as dtd:
        dtd.write(match.group(1))
    try:
        result = subprocess.run([xmllint, "--noout", "--dtdvalid", dtd.name, path],
                                capture_output=True, text=True)
    finally:
        os.unlink(dtd.name)
    if result.returncode != 0:
        fail("not valid against the shared-mime-info DTD:\n" + result.stderr)
    else:
        print("ok: valid against the shared-mime-info DTD")


def check_database(path, types):
    global ran
    update = shutil.which("update-mime-database")
    if not update:
        print("SKIP: database check (needs update-mime-database)")
        return
    ran += 1
    with tempfile.TemporaryDirectory() as scratch:
        os.makedirs(os.path.join(scratch, "packages"))
        shutil.copy(path, os.path.join(scratch, "packages", os.path.basename(path)))
        result = subprocess.run([update, "-V", scratch], capture_output=True, text=True,
                                env=dict(os.environ, PKGSYSTEM_ENABLE_FSYNC="0"))
        # update-mime-database reports bad packages as warnings and still exits 0.
        noise = [line for line in (result.stdout + result.stderr).splitlines()
                 if re.search(r"(?i)warning|error|unknown|invalid", line)]
        if result.returncode != 0 or noise:
            fail("update-mime-database complained:\n" + result.stdout + result.stderr)
            return
        with open(os.path.join(scratch, "globs2"), encoding="utf-8") as f:
            globs = {tuple(line.strip().split(":")[1:3])
                     for line in f if line.strip() and not line.startswith("#")}
        with open(os.path.join(scratch, "subclasses"), encoding="utf-8") as f:
            subclasses = {tuple(line.split()) for line in f if line.strip()}
    for name, info in types.items():
        for pattern in info["globs"]:
            if (name, pattern) not in globs:
                fail("%s: glob %s missing from the compiled database" % (name, pattern))
        for parent in info["parents"]:
            if (name, parent) not in subclasses:
                fail("%s: parent %s missing from the compiled database" % (name, parent))
    print("ok: update-mime-database accepts it; globs and parents as written")


def check_desktop(desktop, types):
    global ran
    ran += 1
    claimed = set()
    with open(desktop, encoding="utf-8") as f:
        for line in f:
            if line.startswith("MimeType="):
                claimed = {t for t in line.strip()[len("MimeType="):].split(";") if t}
    missing = set(types) - claimed
    if missing:
        fail("%s does not claim %s" % (desktop, ", ".join(sorted(missing))))
    else:
        print("ok: the launcher claims every type")


# The generic icons of the Icon Naming Specification a document may fall back to.
GENERIC_ICONS = {"x-office-document", "text-x-generic", "application-x-executable",
                 "x-office-spreadsheet", "x-office-presentation", "package-x-generic",
                 "image-x-generic", "audio-x-generic", "video-x-generic"}


def check_icons(icon_dir, types):
    global ran
    ran += 1
    for name, info in types.items():
        expected = name.replace("/", "-")
        if info["icons"] != [expected]:
            fail("%s: <icon name> is %r, expected [%r]" % (name, info["icons"], expected))
        if len(info["generic"]) != 1 or info["generic"][0] not in GENERIC_ICONS:
            fail("%s: <generic-icon> %r is not one generic icon of the naming spec" % (name, info["generic"]))
        for folder, file_name in (("scalable", expected + ".svg"),
                                  ("symbolic", expected + "-symbolic.svg")):
            path = os.path.join(icon_dir, "hicolor", folder, "mimetypes", file_name)
            if not os.path.exists(path):
                fail("%s: no %s icon %s" % (name, folder, path))
                continue
            try:
                root = ET.parse(path).getroot()
            except ET.ParseError as error:
                fail("%s: %s" % (path, error))
                continue
            if root.tag != "{http://www.w3.org/2000/svg}svg":
                fail("%s is not an SVG" % path)
            elif folder == "symbolic" and (root.get("width"), root.get("height")) != ("16", "16"):
                fail("%s: a symbolic icon is drawn at 16x16" % path)
    print("ok: every type has its document icon, scalable and symbolic")


def main():
    if len(sys.argv) not in (2, 3, 4):
        print(__doc__)
        return 2
    path = sys.argv[1]
    types = read_types(path)
    check_dtd(path)
    check_database(path, types)
    if len(sys.argv) >= 3:
        check_desktop(sys.argv[2], types)
    if len(sys.argv) == 4:
        check_icons(sys.argv[3], types)
    if failures:
        return 1
    return 0 if ran else SKIP


if __name__ == "__main__":
    sys.exit(main())
