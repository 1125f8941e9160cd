#!/usr/bin/env python3
"""Runs `ompv verify` on every host program of DataRaceBench and scores the verdicts.

Usage: scripts/drb.py DIR [--ompv BIN] [--jobs N] [--timeout S] [--only REGEX] [--rows]

DIR is DataRaceBench's `micro-benchmarks` folder. Host programs are the `.c` files with no
`omp target` / `omp teams` (178 in DataRaceBench 1.4). A file ending in `-yes.c` has a race,
`-no.c` has none. A verdict of `failed` with a `race` error is a race answer; `verified`, or `"race_free": true`
(race freedom proved, only assertions of the program not), a race-free answer; anything else
(`unknown`, an input error, another failure) is no answer.
At the level of pairs, a reported race matches when its two accesses are the two `line:col`
of one of the pairs the file's comments give (`Data race pair: a[i+1]@64:10:R vs. a[i]@64:5:W`,
in either order); "by lines" compares only the two lines.
"""

import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

PAIR = re.compile(r"@(\d+):(\d+):[RW]\s+vs\.?\s+\S+?@(\d+):(\d+):[RW]")


def host_programs(d, only):
    for f in sorted(os.listdir(d)):
        if not f.endswith(".c"):
            continue
        text = open(os.path.join(d, f), errors="ignore").read()
        if re.search(r"omp\s+(target|teams)", text):
            continue
        if only and not re.search(only, f):
            continue
        yield f, text


def expected_pairs(text):
    # The pairs are written in several ways ("Data race pair:", "Data Race Pairs,", numbered
    # lines below "Data race pairs:"); the notation `expr@line:col:R|W vs. expr@line:col:R|W`
    # only occurs there.
    pairs = set()
    for m in PAIR.finditer(text):
        a = (int(m.group(1)), int(m.group(2)))
        b = (int(m.group(3)), int(m.group(4)))
        pairs.add(frozenset((a, b)))
    return pairs


def run(args, f, text):
    path = os.path.join(args.dir, f)
    cmd = [args.ompv, "verify", path, "--format", "json", "--timeout", str(args.timeout)]
    t = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.wall)
        lines = p.stdout.strip().splitlines()
        v = json.loads(lines[-1]) if lines else {"verdict": "crash", "code": p.returncode}
    except subprocess.TimeoutExpired:
        v = {"verdict": "timeout"}
    except json.JSONDecodeError:
        v = {"verdict": "crash"}
    dt = time.monotonic() - t
    errors = v.get("errors", [])
    races = [e for e in errors if e.get("kind") == "race"]
    verdict = v.get("verdict")
    yes = f.endswith("-yes.c")
    # `race_free` is about races alone: true also when only assertions could not be proved.
    race_free = v.get("race_free")
    if verdict == "verified" or race_free is True:
        cls = "FN" if yes else "TN"
    elif verdict == "failed" and races:
        cls = "TP" if yes else "FP"
    elif verdict == "failed":
        cls = "failed-other"
    elif verdict == "unknown":
        cls = "unknown"
    else:
        cls = "error"
    # A report's own pair, and the pairs of the run's races reported with it (`run_races`).
    reported = set()
    for e in races:
        for acc in [e.get("accesses") or []] + [r.get("accesses") or [] for r in e.get("run_races", [])]:
            if len(acc) == 2:
                reported.add(frozenset((a["line"], a["column"]) for a in acc))
    # One race, one report: the same pair twice, or a race of the run beside a race of the proof
    # that shares an access with it, is one race reported twice (as tests/verify_races.rs counts).
    own = [(e.get("id") == "replay.race",
            frozenset((a["line"], a["column"], a["access"]) for a in e.get("accesses") or [])) for e in races]
    def same(x, y):
        places = lambda p: frozenset(a[:2] for a in p)
        return x[1] == y[1] or (x[0] != y[0] and bool(places(x[1]) & places(y[1])))
    twice = sum(1 for i in range(len(own)) for j in range(i) if same(own[i], own[j]))
    want = expected_pairs(text)
    matched = bool(reported & want) if cls == "TP" else False
    lines_matched = False
    if cls == "TP":
        want_lines = {frozenset(l for l, _ in p) for p in want}
        lines_matched = any(frozenset(l for l, _ in p) in want_lines for p in reported)
    why = ""
    if errors and cls not in ("TP", "TN"):
        why = errors[0].get("message", "").splitlines()[0][:100]
    asserts = cls in ("TN", "FN") and verdict != "verified"
    return dict(file=f, cls=cls, time=dt, matched=matched, lines=lines_matched, why=why, asserts=asserts,
                twice=twice)


def front_end(args, f, _text):
    """Whether the file gets past the front end: parsed, type-checked and lowered to Viper."""
    path = os.path.join(args.dir, f)
    cmd = [args.ompv, "encode", path, "--emit", "viper", "--color", "never"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.wall)
    except subprocess.TimeoutExpired:
        return dict(file=f, ok=False, why="timeout")
    if p.returncode == 0:
        return dict(file=f, ok=True, why="")
    first = next((l for l in p.stderr.splitlines() if l.startswith("error")), "")
    if not first:
        first = f"exit code {p.returncode}"
    return dict(file=f, ok=False, why=first[:110])


def report_front_end(rows, show_rows):
    if show_rows:
        for r in rows:
            print(f"{r['file']:<52} {'ok' if r['ok'] else 'blocked':<8} {r['why']}")
    ok = sum(r["ok"] for r in rows)
    print(f"front end (encode --emit viper): {ok}/{len(rows)} programs pass")
    # Rank what blocks the rest by the message with its specifics (quoted names) removed.
    reasons = collections.Counter(re.sub(r"`[^`]*`", "`…`", r["why"]) for r in rows if not r["ok"])
    for why, n in reasons.most_common():
        print(f"  {n:3}  {why}")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--ompv", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "ompv"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=10, help="seconds per solver query")
    ap.add_argument("--wall", type=int, default=300, help="seconds per file before giving up")
    ap.add_argument("--only", help="regular expression on file names")
    ap.add_argument("--rows", action="store_true", help="print one row per file")
    ap.add_argument("--front-end", action="store_true",
                    help="only count the programs that get past the front end, and rank what blocks the rest")
    args = ap.parse_args()
    progs = list(host_programs(args.dir, args.only))
    if args.front_end:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            rows = list(pool.map(lambda p: front_end(args, *p), progs))
        return report_front_end(rows, args.rows)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(lambda p: run(args, *p), progs))
    if args.rows:
        for r in rows:
            print(f"{r['file']:<52} {r['cls']:<13} {r['time']:6.2f}s  {r['why']}")
    c = collections.Counter(r["cls"] for r in rows)
    tp, fp, tn, fn = c["TP"], c["FP"], c["TN"], c["FN"]
    yes = sum(1 for r in rows if r["file"].endswith("-yes.c"))
    no = len(rows) - yes
    print(f"programs: {len(rows)} ({yes} -yes, {no} -no)")
    na = sum(r["asserts"] for r in rows)
    print(f"race-free answers with assertions not proved: {na} (counted in TN/FN)")
    print(f"TP {tp}  FP {fp}  TN {tn}  FN {fn}  unknown {c['unknown']}  "
          f"failed-other {c['failed-other']}  error {c['error'] + c['timeout'] + c['crash']}")
    prec = tp / (tp + fp) if tp + fp else float("nan")
    rec = tp / yes if yes else float("nan")
    acc_all = (tp + tn) / len(rows) if rows else float("nan")
    answered = tp + fp + tn + fn
    acc_ans = (tp + tn) / answered if answered else float("nan")
    print(f"precision {prec:.3f}  recall {rec:.3f}  accuracy (all programs) {acc_all:.3f}  "
          f"accuracy (answered, {answered}) {acc_ans:.3f}")
    print(f"races reported twice: {sum(r['twice'] for r in rows)}")
    pm = sum(r["matched"] for r in rows)
    lm = sum(r["lines"] for r in rows)
    print(f"race pairs: {pm}/{tp} true positives report a `Data race pair:` exactly (line:col), "
          f"{lm}/{tp} by lines")
    times = [r["time"] for r in rows]
    if times:
        print(f"time per file: median {statistics.median(times):.2f}s, max {max(times):.2f}s")
    for r in rows:
        if r["cls"] in ("FP", "FN"):
            print(f"{r['cls']}: {r['file']}", file=sys.stderr)
    return 1 if fp else 0


if __name__ == "__main__":
    sys.exit(main())
