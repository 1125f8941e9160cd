#!/usr/bin/env python3
"""Writes what the front end makes of every C file under some folders, for a before/after diff.

Usage: scripts/encodings.py OUT_DIR [DIR...] [--ompv BIN] [--jobs N]

For each `.c` file under the DIRs (default: tests and examples), OUT_DIR gets the output of
`ompv encode --emit viper`, `ompv encode --emit ppl` and `ompv infer`, each with its standard
error and exit code. A change that should keep behaviour (a restructuring) must leave
`diff -r BEFORE AFTER` empty: the Viper is what the verifier decides on, so equal Viper means
equal verdicts.
"""

import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

RUNS = {
    "viper": ["encode", "--emit", "viper", "--color", "never"],
    "ppl": ["encode", "--emit", "ppl", "--color", "never"],
    "infer": ["infer", "--color", "never"],
}


def c_files(dirs):
    for d in dirs:
        for root, subdirs, files in os.walk(d):
            subdirs.sort()
            for f in sorted(files):
                if f.endswith(".c"):
                    yield os.path.join(root, f)


def dump(ompv, out, path):
    for kind, args in RUNS.items():
        r = subprocess.run([ompv, *args, path], capture_output=True, text=True,
                           errors="replace", timeout=300)
        target = os.path.join(out, path.lstrip("/") + "." + kind)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as f:
            f.write(f"exit {r.returncode}\n--- stdout\n{r.stdout}--- stderr\n{r.stderr}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("dirs", nargs="*", default=["tests", "examples"])
    p.add_argument("--ompv", default="target/release/ompv")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = p.parse_args()
    files = list(c_files(a.dirs))
    with ThreadPoolExecutor(a.jobs) as pool:
        list(pool.map(lambda f: dump(a.ompv, a.out, f), files))
    print(f"{len(files)} files, {len(files) * len(RUNS)} outputs in {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
