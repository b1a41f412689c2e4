#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that `meson dist` makes a tarball the Flatpak manifest builds from.

Usage: check-dist.py BUILDDIR [LOCAL-MANIFEST]

1. Runs `meson dist --no-tests --allow-dirty` in BUILDDIR (the tests run in
   CI's own build; --allow-dirty because CI may run on a checkout with local
   changes, which the tarball then leaves out, as a release would).
2. The tarball holds every file git tracks, under turnkeeper-VERSION/, and
   nothing of a working tree: no .git, build folders or flatpak-builder state.
3. The unpacked tarball configures with the manifest's own config-opts, so
   every file meson reads is in it.
4. Writes LOCAL-MANIFEST (default BUILDDIR/meson-dist/APP-ID.local.json): the
   manifest with the app built from this tarball (an archive source with its
   sha256), and checks it with check-manifest.py --local. flatpak-builder
   builds a test Flatpak from that file (build-aux/flatpak/README.md).
Outside a git checkout (an unpacked tarball) there is nothing to check: exit 77.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

APP_ID = "io.github.turnkeeper.Turnkeeper"
WORKING_TREE_ONLY = {".git", "build", "_build", "builddir", "_flatpak", ".flatpak-builder",
                     "meson-dist", "meson-logs", "meson-private"}
SKIP = 77

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__)
        return 2
    builddir = os.path.abspath(sys.argv[1])
    git = shutil.which("git")
    if not git or not os.path.exists(os.path.join(root, ".git")):
        print("1..0 # SKIP not a git checkout")
        return SKIP
    manifest_path = os.path.join(here, APP_ID + ".json")
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    app = manifest["modules"][-1]

    result = subprocess.run(["meson", "dist", "-C", builddir, "--no-tests", "--allow-dirty",
                             "--formats", "xztar"], capture_output=True, text=True)
    print(result.stdout.strip())
    if result.returncode != 0:
        fail("meson dist failed:\n" + result.stderr)
        return 1
    created = [line.split("Created ", 1)[1].strip() for line in result.stdout.splitlines()
               if line.startswith("Created ")]
    if len(created) != 1:
        fail("meson dist made %r" % created)
        return 1
    tarball = created[0]
    top = os.path.basename(tarball)[:-len(".tar.xz")]

    with tarfile.open(tarball) as tar:
        names = tar.getnames()
        members = {n[len(top) + 1:] for n in names if n.startswith(top + "/")}
        outside = [n for n in names if n != top and not n.startswith(top + "/")]
        if outside:
            fail("entries outside %s/: %r" % (top, outside[:5]))
        stray = sorted(n for n in members if WORKING_TREE_ONLY & set(n.split("/")))
        if stray:
            fail("working-tree files in the tarball: %r" % stray[:10])
        tracked = subprocess.run([git, "-C", root, "ls-files", "-z"], capture_output=True,
                                 text=True, check=True).stdout.split("\0")
        missing = sorted(t for t in tracked if t and t not in members)
        if missing:
            fail("tracked files missing from the tarball: %r" % missing[:10])
        else:
            print("ok: %s holds the %d tracked files and no working-tree files" % (os.path.basename(tarball), len(tracked) - 1))

        with tempfile.TemporaryDirectory(prefix="tkr-dist-") as scratch:
            tar.extractall(scratch)
            source = os.path.join(scratch, top)
            setup = subprocess.run(["meson", "setup", os.path.join(scratch, "_build"), source]
                                   + app.get("config-opts", []), capture_output=True, text=True)
            if setup.returncode != 0:
                fail("the tarball does not configure with the manifest's options:\n"
                     + setup.stdout[-3000:] + setup.stderr[-2000:])
            else:
                print("ok: the unpacked tarball configures with %s" % " ".join(app.get("config-opts", [])))

    with open(tarball, "rb") as f:
        sha256 = hashlib.sha256(f.read()).hexdigest()
    local = dict(manifest)
    local["modules"] = manifest["modules"][:-1] + [
        dict(app, sources=[{"type": "archive", "path": tarball, "sha256": sha256}])]
    out = os.path.abspath(sys.argv[2]) if len(sys.argv) == 3 else \
        os.path.join(os.path.dirname(tarball), APP_ID + ".local.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(local, f, indent=2)
        f.write("\n")
    check = subprocess.run([sys.executable, os.path.join(here, "check-manifest.py"), "--local",
                            out, APP_ID, root], capture_output=True, text=True)
    print(check.stdout.strip())
    if check.returncode != 0:
        fail("the local manifest %s does not pass check-manifest.py" % out)
    else:
        print("ok: %s builds the app from the tarball (sha256 %s)" % (out, sha256[:12]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
