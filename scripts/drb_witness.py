#!/usr/bin/env python3
"""Runs `ompv witness` on every host program of DataRaceBench and tallies the answers.

Usage: scripts/drb_witness.py DIR [--ompv BIN] [--only REGEX] [--rows]

DIR is DataRaceBench's `micro-benchmarks` folder; host programs are the `.c` files without
`target` / `teams`. A file ending in `-yes.c` has a race, `-no.c` none: any race reported for a
`-no` file is a bug of the replay's model until proven otherwise. A reported pair matches when
its two accesses are the `line:col:R/W` of one of the file's `Data race pair:` comments (either
order); "same lines" compares lines and kinds only (the benchmark's columns follow other
conventions, e.g. the `++` of `x++`). Files run one after the other, so the times are honest.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import time

PAIR = re.compile(r"\S+@(\d+):(\d+):([RW])\s+vs\.?\s+\S+@(\d+):(\d+):([RW])")
OUTCOME = {1: "race", 0: "none", 3: "inconclusive", 2: "error"}


def expected(text):
    out = set()
    for m in PAIR.finditer(text):
        a = (int(m.group(1)), int(m.group(2)), m.group(3))
        b = (int(m.group(4)), int(m.group(5)), m.group(6))
        out.add(tuple(sorted([a, b])))
    return out


def access(a):
    return (a["line"], a["column"], "W" if a["access"] == "write" else "R")


def run(ompv, path):
    t0 = time.time()
    try:
        p = subprocess.run([ompv, "witness", "--format", "json", path],
                           capture_output=True, text=True, timeout=120)
        code, out = p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        code, out = -1, ""
    dt = time.time() - t0
    j = {}
    for line in out.splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            pass
    got, reason = set(), ""
    errors = j.get("errors") or []
    if j.get("verdict") == "failed":
        got = {tuple(sorted(access(a) for a in e["accesses"])) for e in errors if e["kind"] == "race"}
    elif code == 3:
        reason = next((e["message"] for e in errors if e["kind"] == "inconclusive"), "")
    elif code == 2:
        reason = ((j.get("errors") or [{}])[0]).get("message", "")
    return OUTCOME.get(code, "crash/timeout"), got, reason, dt


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--ompv", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "ompv"))
    ap.add_argument("--only", default=None)
    ap.add_argument("--rows", action="store_true", help="print one row per file")
    a = ap.parse_args()
    rows = []
    for f in sorted(os.listdir(a.dir)):
        if not f.endswith(".c") or (a.only and not re.search(a.only, f)):
            continue
        text = open(os.path.join(a.dir, f), errors="replace").read()
        if re.search(r"target|teams", text):
            continue
        outcome, got, reason, dt = run(a.ompv, os.path.join(a.dir, f))
        exp = expected(text)
        lines = lambda ps: {tuple((x[0], x[2]) for x in p) for p in ps}
        rows.append(dict(f=f, label="yes" if "-yes" in f else "no", outcome=outcome, dt=dt,
                         match=bool(exp & got) if exp else None,
                         lines=bool(lines(exp) & lines(got)) if exp else None,
                         reason=reason, got=sorted(got), exp=sorted(exp)))
        if a.rows:
            r = rows[-1]
            print(f'{f:50s} {r["outcome"]:13s} {dt * 1000:6.0f} ms  match={r["match"]} {reason[:100]}')
            if outcome == "race" and r["match"] is False:
                print(f'    got {r["got"][:4]} expected {r["exp"]}')
    for lab in ("yes", "no"):
        sub = [r for r in rows if r["label"] == lab]
        n = lambda o: sum(1 for r in sub if r["outcome"] == o)
        raced = [r for r in sub if r["outcome"] == "race" and r["match"] is not None]
        print(f'-{lab}: {len(sub)} files: race {n("race")} (pair matches {sum(r["match"] for r in raced)}/{len(raced)},'
              f' same lines {sum(r["lines"] for r in raced)}/{len(raced)}), none {n("none")},'
              f' inconclusive {n("inconclusive")}, error {n("error")}, crash/timeout {n("crash/timeout")}')
    ts = sorted(r["dt"] for r in rows)
    if ts:
        print(f"time per file: median {statistics.median(ts) * 1000:.0f} ms, max {ts[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
