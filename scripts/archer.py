#!/usr/bin/env python3
"""Archer, the independent race oracle.

Compiles each C/OpenMP file with clang 14 and ThreadSanitizer, runs it with LLVM's libarcher.so
as the OpenMP tool (which tells ThreadSanitizer the happens-before of barriers, tasks and locks)
`--runs` times with each team size of `--threads`, stopping at the first report, and prints one
line per file:

    FILE: race L1 L2   a data race between accesses on lines L1 and L2 of FILE
    FILE: no race      no run reported one (a dynamic check: a race the runs never reach is missed)
    FILE: error ...    it did not compile, crashed, or did not end in time

Only races whose both accesses are made by the program's own code (the innermost frame, or the
frame that called a C library routine, is in FILE), on memory the OpenMP runtime did not allocate
for itself, count: the runtime is not instrumented, and its internal synchronisation and its
recycled task descriptors show up as reports that are not races of the program. scripts/setup.sh installs clang-14 and libomp-14-dev (which ships libarcher.so).

Usage: scripts/archer.py [--runs N] [--threads T1,T2,...] [--jobs J] FILE...
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

LLVM = "/usr/lib/llvm-14"
CLANG = f"{LLVM}/bin/clang"
ARCHER = f"{LLVM}/lib/libarcher.so"
TIMEOUT = 60

ACCESS = re.compile(r"^  (Previous )?(atomic )?(read|write|Read|Write|Atomic read|Atomic write)\b", re.I)
FRAME = re.compile(r"^    #(\d+) .*? (\S+?):(\d+)(?::\d+)? ")


def races(log, src):
    """The (line, line) pairs of the reports whose both accesses are in `src`."""
    base = os.path.basename(src)
    found = []
    for report in log.split("WARNING: ThreadSanitizer: data race")[1:]:
        report = report.split("SUMMARY:")[0]
        if runtime_memory(report):
            continue
        lines = []
        frames = None
        for line in report.splitlines():
            if ACCESS.match(line):
                frames = []
                lines.append(frames)
            elif frames is not None:
                m = FRAME.match(line)
                if m and int(m.group(1)) <= 1:
                    frames.append((m.group(2), int(m.group(3))))
                elif not line.startswith("    #"):
                    frames = None
        own = []
        for frames in lines[:2]:
            at = [n for (f, n) in frames if os.path.basename(f) == base]
            if at:
                own.append(at[0])
        if len(lines) >= 2 and len(own) == 2:
            found.append(tuple(sorted(own)))
    return found


def runtime_memory(report):
    """Whether the location is memory the OpenMP runtime allocated for itself (task descriptors
    with the captured values, which it recycles without telling ThreadSanitizer)."""
    lines = report.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("  Location is heap block"):
            stack = lines[i + 1:i + 3]
            return any("(libomp.so" in l for l in stack if l.startswith("    #1 "))
    return False


def check(src, runs, threads):
    with tempfile.TemporaryDirectory() as work:
        exe = os.path.join(work, "a.out")
        cc = subprocess.run(
            [CLANG, "-fopenmp", "-fsanitize=thread", "-g", "-O1", "-w", src, "-o", exe, "-lm"],
            capture_output=True, text=True)
        if cc.returncode != 0:
            first = next((l for l in cc.stderr.splitlines() if "error" in l), cc.stderr[:200])
            return f"error: clang: {first.strip()}"
        for team in threads:
            verdict = run_team(exe, src, runs, team, work)
            if verdict != "no race":
                return verdict
        return "no race"


# Each run is made twice. Ignoring the uninstrumented OpenMP runtime (as Archer's documentation
# asks) keeps its internal locks from ordering the program's accesses, which would hide races;
# but it also hides the C library routines ThreadSanitizer intercepts (`strlen`, `memcpy`, ...)
# when they access the program's memory, which the second mode sees.
MODES = ["ignore_noninstrumented_modules=1", "ignore_noninstrumented_modules=0"]


def run_team(exe, src, runs, team, work):
    timeouts = []
    for _ in range(runs):
        for mode in MODES:
            verdict = run_once(exe, src, team, mode, work)
            # A run that hangs (ThreadSanitizer slows tasking code a lot, and a run under it
            # now and then never ends) answers nothing; the others still do.
            if verdict.startswith("error: timed out"):
                timeouts.append(verdict)
            elif verdict != "no race":
                return verdict
    if len(timeouts) == runs * len(MODES):
        return timeouts[0]
    if timeouts:
        print(f"archer: {src}: {len(timeouts)} of {runs * len(MODES)} runs with {team} threads "
              "timed out", file=sys.stderr)
    return "no race"


def run_once(exe, src, team, mode, work):
    # Nested regions get threads of their own too (the runtime gives them one by default).
    env = dict(os.environ, OMP_NUM_THREADS=str(team), OMP_MAX_ACTIVE_LEVELS="4", OMP_TOOL_LIBRARIES=ARCHER,
               TSAN_OPTIONS=f"exitcode=66 report_signal_unsafe=0 history_size=4 {mode}")
    try:
        run = subprocess.run([exe], env=env, stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, errors="replace",
                             timeout=TIMEOUT, cwd=work)
    except subprocess.TimeoutExpired:
        return f"error: timed out after {TIMEOUT} s with {team} threads"
    pairs = races(run.stderr, src)
    if pairs:
        l1, l2 = pairs[0]
        return f"race {l1} {l2}"
    # TSan's printf interceptor says once when it cannot parse a format (an invalid conversion
    # such as `%=`): a note about the interceptor, neither a race nor a crash.
    log = "\n".join(l for l in run.stderr.splitlines() if "unexpected format specifier in printf interceptor" not in l)
    if "ThreadSanitizer" in log and "data race" not in log:
        first = next(l for l in log.splitlines() if "ThreadSanitizer" in l)
        return f"error: {first.strip()} with {team} threads"
    return "no race"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--threads", default="4",
                    type=lambda s: [int(t) for t in s.split(",")])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    if not (os.access(CLANG, os.X_OK) and os.path.isfile(ARCHER)):
        sys.exit(f"archer: {CLANG} or {ARCHER} is missing: run scripts/setup.sh")
    with ThreadPoolExecutor(args.jobs) as pool:
        for src, verdict in zip(args.files, pool.map(lambda f: check(f, args.runs, args.threads), args.files)):
            print(f"{src}: {verdict}", flush=True)


if __name__ == "__main__":
    main()
