#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts a meson test log for build-aux/run-tests.

Usage: count-tests.py TESTLOG.json "SUITE ..."

Prints "PASSED FAILED SKIPPED NAMES-OF-FAILURES". A TAP test counts each of
its cases ("ok", "not ok", "ok ... # SKIP"); a test that crashed or timed out
without a "not ok" counts as one failure; any other test counts once. A skip
is never a pass. In the SUITEs named, a test skipped whole is a failure, and
so is a suite of which no test ran. Each skip is written, one a line, to
TESTLOG.json.skipped.
"""
import json, re, sys
ok = bad = skip = 0
failed, skipped = [], []
required = set(sys.argv[2].split())
ran = {}  # suite -> tests that ran (not skipped whole)
tap_case = re.compile(r"^(not ok|ok)(?:\s+\d+)?(?:\s[^#]*)?(?:#\s*(\w+).*)?$", re.I)
tap_plan = re.compile(r"^1\.\.\d+")
try:
    with open(sys.argv[1]) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            t = json.loads(line)
            name = t["name"]
            # "project:suite / test", or "project:one+two / test" in two suites
            suites = set(name.split(":", 1)[-1].split(" / ", 1)[0].split("+")) if " / " in name else set()
            short = name.split(" / ", 1)[-1]
            for suite in suites:
                ran.setdefault(suite, 0)
            if t["result"] == "SKIP":
                skip += 1
                reason = (t.get("stdout") or "").strip().splitlines()
                skipped.append("%s (%s)" % (name, reason[-1] if reason else "skipped"))
                if suites & required:
                    bad += 1
                    failed.append("%s:skipped-in-a-required-suite" % short)
                continue
            for suite in suites:
                ran[suite] += 1
            cases_ok = cases_bad = 0
            lines = (t.get("stdout") or "").splitlines()
            if not any(tap_plan.match(l.strip()) for l in lines):
                lines = []  # not TAP: the test's result is its count
            for out in lines:
                m = tap_case.match(out.strip())
                if not m:
                    continue
                directive = (m.group(2) or "").upper()
                if m.group(1).lower() == "ok" and directive == "SKIP":
                    skip += 1
                    skipped.append("%s %s" % (short, out.strip()))
                elif m.group(1).lower() == "ok" or directive == "TODO":
                    cases_ok += 1
                else:
                    cases_bad += 1
            if t["result"] in ("OK", "EXPECTEDFAIL"):
                ok += cases_ok if cases_ok or cases_bad else 1
                bad += cases_bad
                if cases_bad:
                    failed.append(short)
            else:
                ok += cases_ok
                bad += max(cases_bad, 1)
                failed.append(short)
except FileNotFoundError:
    bad += 1
    failed.append("(no test log: the build failed)")
for suite in sorted(required):
    if ran.get(suite, 0) == 0:
        bad += 1
        failed.append("suite-%s-did-not-run" % suite)
with open(sys.argv[1] + ".skipped", "w") as f:
    f.write("".join(s + "\n" for s in skipped))
print(ok, bad, skip, " ".join(failed))
