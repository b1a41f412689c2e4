#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The offline checkers catch what they are there for (TAP).

Usage: test-validators.py SOURCE-ROOT METAINFO DESKTOP-FILE VERSION

Each case breaks one rule in a copy of the real file and expects the
checker to fail naming it: check-manifest.py for the Flathub linter's
offline rules, check-metainfo.py for Flathub's AppStream requirements, and
count-tests.py for counting skips apart from passes.
"""

import json
import os
import subprocess
import sys
import tempfile

APP_ID = "io.github.turnkeeper.Turnkeeper"
results = []


def case(name, ok, detail=""):
    results.append((name, ok, detail))


def run(args):
    result = subprocess.run([sys.executable] + args, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def manifest_cases(root, scratch):
    with open(os.path.join(root, "build-aux", "flatpak", APP_ID + ".json"), encoding="utf-8") as f:
        good = json.load(f)
    checker = os.path.join(root, "build-aux", "flatpak", "check-manifest.py")
    path = os.path.join(scratch, APP_ID + ".json")

    def check(name, change, expected):
        manifest = json.loads(json.dumps(good))
        change(manifest)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(manifest, f)
        code, output = run([checker, path, APP_ID, root, "0.3.0"])
        case("manifest/" + name, code == 1 and expected in output, output.strip())

    def app(manifest):
        return manifest["modules"][-1]

    code, output = run([checker, os.path.join(root, "build-aux", "flatpak", APP_ID + ".json"),
                        APP_ID, root])
    case("manifest/the-real-one-passes", code == 0, output.strip())
    check("runtime-past-end-of-life", lambda m: m.update({"runtime-version": "47"}),
          "not a GNOME runtime supported today")
    check("no-filesystem-access", lambda m: m["finish-args"].append("--filesystem=home"),
          "no filesystem access")
    check("no-network", lambda m: m["finish-args"].append("--share=network"), "needs no network")
    check("x11-only-as-fallback",
          lambda m: m.update({"finish-args": ["--share=ipc", "--socket=x11", "--socket=wayland", "--device=dri"]}),
          "X11 only as --socket=fallback-x11")
    check("no-talking-to-flatpak",
          lambda m: m["finish-args"].append("--talk-name=org.freedesktop.Flatpak"), "escape")
    check("no-dir-source",
          lambda m: app(m).update({"sources": [{"type": "dir", "path": "../.."}]}), "dir source")
    check("git-source-pinned",
          lambda m: app(m).update({"sources": [{"type": "git", "url": "https://example.org/t.git", "branch": "main"}]}),
          "a branch moves")
    check("tag-is-the-version", lambda m: app(m)["sources"][0].update({"tag": "v0.2.0"}),
          "not the project's version")
    check("tests-run", lambda m: app(m).pop("run-tests"), "run-tests must be true")
    check("mime-icons-renamed", lambda m: m.pop("rename-mime-icons"), "rename-mime-icons")
    check("libraries-from-the-runtime",
          lambda m: m["modules"].insert(0, {"name": "libadwaita", "buildsystem": "meson", "sources": []}),
          "comes with the GNOME runtime")
    check("id-not-app-id", lambda m: m.update({"app-id": m.pop("id")}), "app-id is deprecated")


def metainfo_cases(root, metainfo, desktop, version, scratch):
    checker = os.path.join(root, "data", "check-metainfo.py")
    with open(metainfo, encoding="utf-8") as f:
        good = f.read()
    path = os.path.join(scratch, APP_ID + ".metainfo.xml")

    def check(name, change, expected):
        broken = change(good)
        if broken == good:
            case("metainfo/" + name, False, "the change did not apply")
            return
        with open(path, "w", encoding="utf-8") as f:
            f.write(broken)
        code, output = run([checker, path, desktop, version, root])
        case("metainfo/" + name, code == 1 and expected in output, output.strip()[-2000:])

    code, output = run([checker, metainfo, desktop, version, root])
    case("metainfo/the-real-one-passes", code == 0, output.strip()[-2000:])
    commit = good.split("raw.githubusercontent.com/turnkeeper/turnkeeper/", 1)[1].split("/", 1)[0]
    check("screenshots-pinned", lambda s: s.replace("/" + commit + "/", "/main/"), "a branch that moves")
    check("screenshots-captioned",
          lambda s: s.replace("<caption>The party and the library of non-player characters</caption>", "", 1),
          "has no caption")
    check("dark-screenshots", lambda s: s.replace('environment="gnome:dark"', ""), "light and dark")
    check("developer-id", lambda s: s.replace('<developer id="io.github.turnkeeper">', "<developer>"),
          "<developer id=...>")
    check("release-notes",
          lambda s: s.replace("<release version=\"0.1.0\" date=\"2026-11-21\">", "<release version=\"0.1.0\" date=\"2026-11-21\"/><x>", 1)
          .replace("</release>\n  </releases>", "</x>\n  </releases>"),
          "release 0.1.0 has no notes")
    check("newest-release-is-the-version", lambda s: s.replace('version="%s"' % version, 'version="0.0.9"', 1),
          "the newest release is")


def count_cases(root, scratch):
    counter = os.path.join(root, "build-aux", "count-tests.py")
    log = os.path.join(scratch, "testlog.json")
    rows = [
        {"name": "t:ui / a", "stdout": "1..3\nok 1 /a\nok 2 /b # SKIP no X\nnot ok 3 /c\n", "result": "FAIL"},
        {"name": "t:ui / b", "stdout": "1..0 # SKIP no display\n", "result": "SKIP"},
        {"name": "t:data+validators / v", "stdout": "ok: fine\n", "result": "OK"},
        {"name": "t:core / crash", "stdout": "1..4\nok 1 /a\n", "result": "ERROR"},
        {"name": "t:data / tool", "stdout": "SKIP: no tool\n", "result": "SKIP"},
    ]
    with open(log, "w", encoding="utf-8") as f:
        f.write("".join(json.dumps(r) + "\n" for r in rows))
    result = subprocess.run([sys.executable, counter, log, "core ui"], capture_output=True, text=True)
    fields = result.stdout.split()
    # Passes: /a of a, the validator, /a of crash. Failures: /c, b skipped in
    # the required ui suite, the crash. Skips: /b of a, b, tool.
    case("count/skips-apart-from-passes", fields[:3] == ["3", "3", "3"], result.stdout)
    case("count/skip-in-a-required-suite-fails", "b:skipped-in-a-required-suite" in result.stdout,
         result.stdout)
    result = subprocess.run([sys.executable, counter, log, "e2e"], capture_output=True, text=True)
    case("count/a-required-suite-that-did-not-run-fails", "suite-e2e-did-not-run" in result.stdout,
         result.stdout)


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    root, metainfo, desktop, version = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="tkr-validators-") as scratch:
        manifest_cases(root, scratch)
        metainfo_cases(root, metainfo, desktop, version, scratch)
        count_cases(root, scratch)
    print("1..%d" % len(results))
    for number, (name, ok, detail) in enumerate(results, 1):
        if not ok:
            for line in detail.splitlines():
                print("# " + line)
        print("%s %d %s" % ("ok" if ok else "not ok", number, name))
    return 0 if all(ok for _, ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
