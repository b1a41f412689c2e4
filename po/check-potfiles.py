#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that po/POTFILES.in and the sources agree.

Usage: check-potfiles.py SOURCE-ROOT

Fails when a file under src/ marks strings for translation (_(), N_(), C_(),
NC_(), g_dngettext, or translatable="yes" in a .ui file) but is missing from
POTFILES.in, since its strings would never reach translators; and when
POTFILES.in names a file that does not exist, since xgettext would then stop.
"""

import os
import re
import sys

MARKERS = {
    ".c": re.compile(r"\b(?:N?C?_|g_dngettext|ngettext)\s*\("),
    ".h": re.compile(r"\b(?:N?C?_|g_dngettext|ngettext)\s*\("),
    ".ui": re.compile(r'translatable\s*=\s*"yes"'),
}


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
    with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
        listed = [line.strip() for line in f if line.strip() and not line.startswith("#")]

    problems = []
    for path in listed:
        if not os.path.isfile(os.path.join(root, path)):
            problems.append("POTFILES.in lists %s, which does not exist" % path)

    listed_set = set(listed)
    for folder, _dirs, names in os.walk(os.path.join(root, "src")):
        for name in sorted(names):
            marker = MARKERS.get(os.path.splitext(name)[1])
            if not marker:
                continue
            full = os.path.join(folder, name)
            rel = os.path.relpath(full, root)
            with open(full, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if marker.search(text) and rel not in listed_set:
                problems.append("%s has translatable strings but is not in po/POTFILES.in" % rel)

    for problem in problems:
        print("FAIL: " + problem)
    if not problems:
        print("ok: %d files listed, none missing" % len(listed))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
