#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The user help as HTML, for systems without a help viewer (yelp).

Usage: help-html.py LANG OUTDIR PO|- PAGE...

For LANG "C" the Mallard pages are turned into HTML as they are; for a
translation, its .po file is compiled, the pages are translated with
itstool, then turned into HTML. The application opens OUTDIR/index.html
when "help:" cannot be shown (help/C/index.page).
"""
import os
import subprocess
import sys
import tempfile


def main():
    lang, outdir, po, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    os.makedirs(outdir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        if po != "-":
            mo = os.path.join(tmp, lang + ".mo")
            subprocess.run(["msgfmt", "-o", mo, po], check=True)
            translated = os.path.join(tmp, lang)
            os.makedirs(translated)
            subprocess.run(["itstool", "-m", mo, "-l", lang, "-o", translated] + pages,
                           check=True)
            pages = [os.path.join(translated, os.path.basename(p)) for p in pages]
        subprocess.run(["yelp-build", "html", "-o", outdir] + pages, check=True)
    # yelp-build names the style sheet after the language; the build lists it
    # as "style.css" so every language installs the same file names.
    css = os.path.join(outdir, lang + ".css")
    if os.path.exists(css):
        os.replace(css, os.path.join(outdir, "style.css"))
        for name in os.listdir(outdir):
            if name.endswith(".html"):
                path = os.path.join(outdir, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text.replace('href="%s.css"' % lang, 'href="style.css"'))


if __name__ == "__main__":
    main()
