#!/usr/bin/env python3
"""Runs `ompv verify` on real OpenMP applications, each built as its makefile builds it.

Usage: scripts/apps.py --src DIR [--mirrors DIR] [--ompv BIN] [--jobs N] [--timeout S]
                       [--suite NAME]... [--markdown]

DIR holds one folder per suite: bots (BOTS, omp-tasks/*), rodinia (Rodinia 3.1, openmp/*),
neorodinia (NeoRodinia, its `_omp_CPU_` and `_omp_task_` variants) and xsbench (XSBench,
openmp-threading). A suite's folder that is missing or empty is extracted from the bare git
mirror under --mirrors (`OWNER+NAME/repo`), leaving out the blobs a mirror lacks (git archive
would stop at the first).

Each program is built with `make -B` (always remake: the repositories ship stale object files
and archives) and a fake compiler first on the PATH under the usual names (gcc, cc, clang, icc,
g++, ...), with `CC=gcc CXX=g++` on make's command line. The names are passed rather than a path
because makefiles read them: XSBench adds `-fopenmp -DOPENMP` only when $(CC) contains "gcc",
NeoRodinia puts $(CC) into its executables' names. The fake compiler appends each compile
command (a source file on its command line, `-E`/`-M` aside) to the program's
compile_commands.json, {"directory", "arguments", "file"} as clang writes it, and creates the
files it is asked for (`-o`, or `x.o` for `-c x.c`) empty so that make goes on; link steps are
recorded nowhere. (NeoRodinia's variants share a folder: theirs is compile_commands.TARGET.json.)
Commands are kept whole: ompv reads the preprocessor options of an entry
(-I -D -U -include -imacros -iquote -isystem -idirafter -std= -ansi -x) and passes over the
rest, so no flag has to be dropped.

Then `ompv verify --compile-commands DB --format json FILE...` checks the program's C files,
each as its first entry builds it (BOTS builds every source several times, with cutoff and
tied-task macros; the first build is the program's default one). C++ sources are not passed to
ompv: they count as "not C". Sources the build deleted again (BOTS's `tied-*.c` copies,
configure's tests) are left out with a note.

A program is verified when every file is; failed when any file failed; else, the worst of
error, timeout (the --timeout limit on the whole `ompv verify`), unknown and not C. Its time is
the wall time of `ompv verify`; its first reason is the first diagnostic of its first file with
the program's verdict, on one line, without `file:line:col:`. Reasons are ranked by the number
of programs they stop, grouped with the names in backticks and quotes and the numbers left out.
--jobs programs are built and checked at the same time, each by `ompv verify -j 1`.
"""

import argparse
import collections
import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Optional

# The names the fake compiler answers to, and the environment variable naming its database.
C_COMPILERS = ["cc", "gcc", "clang", "icc", "icx"]
CXX_COMPILERS = ["c++", "g++", "clang++", "icpc", "icpx"]
DB_ENV = "OMPV_APPS_DB"

C_SOURCES = (".c",)
CXX_SOURCES = (".cc", ".cp", ".cpp", ".cxx", ".c++", ".C", ".CPP")

# gcc options whose value may be the next argument.
WITH_VALUE = {"-o", "-I", "-D", "-U", "-include", "-imacros", "-iquote", "-isystem", "-idirafter",
              "-x", "-MF", "-MT", "-MQ", "-Xclang", "-Xlinker", "-Xpreprocessor", "-Xassembler",
              "-L", "-l", "-aux-info", "--param", "-T", "-u", "-z", "-arch", "-target", "-isysroot"}


# ----------------------------------------------------------------------------------------------
# The fake compiler (`apps.py --fake-cc NAME ARGS...`, run through the wrappers on the PATH)


def fake_compiler(name, args):
    lang = None
    sources = []  # (index in args, path)
    outputs = []
    compile_only = preprocess_only = False
    k = 0
    while k < len(args):
        a = args[k]
        if a in WITH_VALUE and k + 1 < len(args):
            if a in ("-o", "-MF"):
                outputs.append(args[k + 1])
            elif a == "-x":
                lang = None if args[k + 1] == "none" else args[k + 1]
            k += 2
            continue
        if a in ("-c", "-S"):
            compile_only = True
        elif a in ("-E", "-M", "-MM"):
            preprocess_only = True
        elif a.startswith("-x") and len(a) > 2:
            lang = None if a[2:] == "none" else a[2:]
        elif not a.startswith("-") and (lang or a.endswith(C_SOURCES + CXX_SOURCES)):
            sources.append((k, a))
        k += 1
    for _, src in sources:
        if not os.path.exists(src):
            print(f"{name}: error: {src}: No such file or directory", file=sys.stderr)
            return 1
    db = os.environ.get(DB_ENV)
    if db and sources and not preprocess_only:
        entries = []
        for k, src in sources:
            # One entry per source, its command without the other sources (as clang's tools do).
            others = {j for j, _ in sources if j != k}
            argv = [name] + [a for j, a in enumerate(args) if j not in others]
            entries.append({"directory": os.getcwd(), "arguments": argv, "file": src})
        append_entries(db, entries)
    if compile_only and "-o" not in args:
        outputs += [os.path.splitext(os.path.basename(s))[0] + ".o" for _, s in sources]
    elif not outputs and not preprocess_only and (sources or any(a.endswith((".o", ".a")) for a in args)):
        outputs.append("a.out")
    for out in outputs:
        if out != "-":
            open(out, "w").close()
    return 0


def append_entries(db, entries):
    # Compilers may run at once (make -j, recipes that start several).
    with open(db, "a+") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        f.seek(0)
        text = f.read()
        old = json.loads(text) if text.strip() else []
        f.seek(0)
        f.truncate()
        json.dump(old + entries, f, indent=1)


def fake_bin(tmp, script):
    """A folder of wrappers running this script as each compiler name."""
    d = os.path.join(tmp, "bin")
    os.makedirs(d)
    for name in C_COMPILERS + CXX_COMPILERS:
        path = os.path.join(d, name)
        with open(path, "w") as f:
            f.write(f'#!/bin/sh\nexec "{sys.executable}" "{script}" --fake-cc {name} "$@"\n')
        os.chmod(path, 0o755)
    return d


# ----------------------------------------------------------------------------------------------
# Suites and their programs


@dataclass
class Program:
    suite: str
    name: str
    make_dir: str
    db: str
    targets: list = field(default_factory=list)
    makefile: str = ""     # given with -f, when `extra` is
    extra: str = ""        # the text of a makefile read after the program's own
    make_vars: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    error: str = ""        # why the program cannot be built at all


def subdirs(d):
    return sorted(e for e in os.listdir(d) if os.path.isdir(os.path.join(d, e)))


# make.config's compilers, also on make's command line so that a make.config written for a real
# compiler does not win.
BOTS_VARS = {"CC": "gcc", "CLINK": "gcc", "OMPC": "gcc -fopenmp", "OMPLINK": "gcc -fopenmp"}


def programs_bots(suite, root):
    base = os.path.join(root, "omp-tasks")
    out = []
    for d in subdirs(base):
        # A program has its own app-desc.h; alignment and sparselu hold two (_for, _single).
        here = os.path.join(base, d)
        dirs = [d] if os.path.exists(os.path.join(here, "app-desc.h")) else \
            [f"{d}/{s}" for s in subdirs(here) if os.path.exists(os.path.join(here, s, "app-desc.h"))]
        for name in dirs:
            pdir = os.path.join(base, name)
            out.append(Program(suite, name, pdir, os.path.join(pdir, "compile_commands.json"),
                               make_vars=dict(BOTS_VARS)))
    return out


def programs_rodinia(suite, root):
    base = os.path.join(root, "openmp")
    return [Program(suite, d, os.path.join(base, d),
                    os.path.join(base, d, "compile_commands.json")) for d in subdirs(base)]


def programs_xsbench(suite, root):
    d = os.path.join(root, "openmp-threading")
    return [Program(suite, "XSBench", d, os.path.join(d, "compile_commands.json"))]


NEO_VARIANT = r"_omp_(?:CPU|task)_P\d+"


def programs_neorodinia(suite, root):
    """One program per `_omp_CPU_Pn` / `_omp_task_Pn` variant of each benchmark.

    A benchmark's Makefile links one executable per variant, in one command, from the variant's
    source, main.c, the benchmark's common file and ../common/utils.c. A variant is the make
    target of that name, or, when only a source names it (most `_omp_task_` variants have no
    target), the Makefile's first `_omp_CPU_` rule with the variant put in its place, from a
    makefile read after the benchmark's own. Targets whose sources are missing (b+tree's
    kernels are split into `_kernel_j_` and `_kernel_k_` files) fail to build, as they do.
    """
    out = []
    for d in subdirs(root):
        mdir = os.path.join(root, d)
        makefile = os.path.join(mdir, "Makefile")
        if d == "common" or not os.path.exists(makefile):
            continue
        text = open(makefile, errors="replace").read()
        rules = {}  # variant -> (target, the rule's text: header and recipe)
        for m in re.finditer(rf"^([\w+.-]*({NEO_VARIANT})):(?!=).*\n(?:\t.*\n)*", text, re.M):
            rules.setdefault(m.group(2), (m.group(1), m.group(0)))
        sources = {m.group(1) for f in os.listdir(mdir)
                   if (m := re.search(rf"({NEO_VARIANT})\.(?:c|cc|cpp)$", f))}
        template = next((rules[v] for v in sorted(rules) if "_omp_CPU_" in v), None)
        for v in sorted(set(rules) | sources):
            if v in rules:
                target, extra, note = rules[v][0], "", ""
            elif template:
                # The template's target is PREFIX_omp_CPU_Pn; this variant's is PREFIX + v.
                t, rule = template
                target = t[: t.index("_omp_CPU_")] + v
                extra, note = rule.replace(t, target), f"no make target: built by the rule of `{t}`"
            else:
                out.append(Program(suite, d + v, mdir, "", error="no make target, and no `_omp_CPU_` rule"))
                continue
            p = Program(suite, target, mdir, os.path.join(mdir, f"compile_commands.{target}.json"),
                        targets=[target], makefile="Makefile", extra=extra)
            p.notes += [note] if note else []
            out.append(p)
    return out


def prepare_bots(root, env):
    if os.path.exists(os.path.join(root, "config", "make.config")):
        return ""
    # BOTS's configure writes config/make.config for the compiler it is told to use, which the
    # fake gcc on the PATH stands in for.
    p = subprocess.run(["bash", "./configure", "--compiler", "gcc"], cwd=root, env=env,
                       capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return f"configure failed: {first_error(p.stdout + p.stderr)}" if p.returncode else ""


@dataclass
class Suite:
    key: str
    title: str
    mirror: str         # OWNER+NAME under --mirrors
    paths: list         # what to extract (everything when empty)
    programs: Callable  # (title, root) -> [Program]
    prepare: Optional[Callable] = None  # (root, env) -> why the suite cannot be built, or ""


SUITES = [
    Suite("bots", "BOTS", "bsc-pm+bots", ["omp-tasks", "common", "config", "configure"],
          programs_bots, prepare_bots),
    Suite("rodinia", "Rodinia", "yuhc+gpu-rodinia", ["openmp", "common"], programs_rodinia),
    Suite("neorodinia", "NeoRodinia", "passlab+NeoRodinia", [], programs_neorodinia),
    Suite("xsbench", "XSBench", "ANL-CESAR+XSBench", ["openmp-threading"], programs_xsbench),
]


# ----------------------------------------------------------------------------------------------
# Extraction from the mirrors


def missing_blobs(git_dir, paths):
    tree = subprocess.run(["git", f"--git-dir={git_dir}", "ls-tree", "-r", "-z", "HEAD", "--", *paths],
                          capture_output=True, check=True).stdout.decode()
    blobs = []
    for item in filter(None, tree.split("\0")):
        meta, path = item.split("\t", 1)
        _, kind, obj = meta.split()
        if kind == "blob":
            blobs.append((obj, path))
    check = subprocess.run(["git", f"--git-dir={git_dir}", "cat-file", "--batch-check"],
                           input="".join(f"{o}\n" for o, _ in blobs), capture_output=True, text=True).stdout
    gone = {line.split()[0] for line in check.splitlines() if line.endswith(" missing")}
    return [p for o, p in blobs if o in gone]


def extract(suite, root, mirrors):
    git_dir = os.path.join(mirrors, suite.mirror, "repo")
    if not os.path.isdir(git_dir):
        return f"no mirror at {git_dir}"
    missing = missing_blobs(git_dir, suite.paths)
    spec = suite.paths + [f":(exclude,literal){p}" for p in missing]
    os.makedirs(root, exist_ok=True)
    git = subprocess.Popen(["git", f"--git-dir={git_dir}", "archive", "HEAD", "--", *spec],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    tar = subprocess.run(["tar", "-x", "-C", root], stdin=git.stdout)
    git.stdout.close()
    if git.wait() != 0 or tar.returncode != 0:
        return f"extracting {git_dir} failed"
    for p in missing:
        print(f"note: {suite.title}: {p} is not in the mirror; left out", file=sys.stderr)
    return ""


# ----------------------------------------------------------------------------------------------
# Building


def first_error(output):
    """The first line of a build's output that says what went wrong, without make's prefixes."""
    lines = [l.strip() for l in output.splitlines() if l.strip()]
    pick = next((l for l in lines if re.search(
        r"\berror\b|No rule to make target|not found|No such file|missing separator|cannot|\*\*\*",
        l, re.I)), lines[-1] if lines else "no output")
    pick = re.sub(r"^(?:make(?:\[\d+\])?: )?(?:\*\*\* )?", "", pick)
    return shorten(pick)


def build(p, env, tmp, timeout):
    """Runs make with the fake compiler: (the compile commands, "" or why there are none)."""
    if p.error:
        return [], f"build failed: {p.error}"
    if os.path.exists(p.db):
        os.remove(p.db)
    cmd = ["make", "-B"]
    if p.extra:
        extra = os.path.join(tmp, f"{p.suite}-{p.name.replace('/', '-')}.mk")
        with open(extra, "w") as f:
            f.write(p.extra)
        cmd += ["-f", p.makefile, "-f", extra]
    cmd += [f"{k}={v}" for k, v in {"CC": "gcc", "CXX": "g++", **p.make_vars}.items()] + p.targets
    try:
        r = subprocess.run(cmd, cwd=p.make_dir, env={**env, DB_ENV: p.db}, capture_output=True,
                           text=True, errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return [], f"build failed: make ran longer than {timeout} s"
    if r.returncode != 0:
        return [], f"build failed: {first_error(r.stdout + r.stderr)}"
    if not os.path.exists(p.db):
        return [], NO_COMMAND
    with open(p.db) as f:
        return json.load(f), ""


NO_COMMAND = "no compile command recorded"


# ----------------------------------------------------------------------------------------------
# Verifying


def shorten(s, n=150):
    s = s.splitlines()[0].strip() if s.strip() else ""
    return s if len(s) <= n else s[: n - 1] + "…"


def strip_position(s):
    return re.sub(r"^(?:[^\s:]+:)?\d+(?::\d+)?:\s*", "", s)


def reason_of(v):
    """The first diagnostic of a file's JSON answer that is not verified."""
    errors = v.get("errors") or []
    if errors:
        e = errors[0]
        return shorten(f"{e.get('kind', 'error')}: {strip_position(e.get('message', ''))}")
    for note in v.get("notes") or []:
        return shorten(strip_position(note))
    return v.get("verdict", "no answer")


def run_ompv(args, p, files):
    """`ompv verify` on the program's C files: {file: (verdict, reason)}, and its wall time."""
    cmd = [args.ompv, "verify", "--compile-commands", p.db, "--format", "json", "--color", "never",
           "-j", "1", "--no-cache", *files]
    t = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=p.make_dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, errors="replace", start_new_session=True)
    timed_out = False
    try:
        out, err = proc.communicate(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        # SIGINT to ompv alone: it stops its workers and prints what it decided.
        timed_out = True
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
    dt = time.monotonic() - t
    answers = {}
    for line in out.splitlines():
        try:
            v = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(v, dict) and "file" in v and "verdict" in v:
            answers[os.path.normpath(os.path.join(p.make_dir, v["file"]))] = v
    results = {}
    for f in files:
        v = answers.get(f)
        interrupted = v is not None and any("interrupted" in n for n in v.get("notes") or [])
        if timed_out and (v is None or interrupted):
            results[f] = ("timeout", f"timeout: no answer within {args.timeout} s")
        elif v is None:
            why = shorten(strip_position(err)) or f"exit code {proc.returncode}"
            results[f] = ("error", f"no answer from ompv: {why}")
        else:
            results[f] = (v["verdict"].replace("-", " "), reason_of(v))
    return results, dt


# What decides a program's verdict when no file failed and not every file verified.
WORST_FIRST = ["error", "timeout", "unknown", "not C"]


def check(args, p, env, tmp):
    row = dict(suite=p.suite, program=p.name, files="", verdict="", time=0.0, reason="",
               notes=list(p.notes), per_file={})
    entries, why = build(p, env, tmp, args.timeout)
    if why:
        row.update(verdict="no compile command" if why == NO_COMMAND else "build failed", reason=why)
        return row
    # The sources in the order the build compiled them, once each.
    sources = []
    for e in entries:
        f = os.path.normpath(os.path.join(e["directory"], e["file"]))
        if f not in sources:
            sources.append(f)
    gone = [f for f in sources if not os.path.exists(f)]
    if gone:
        names = ", ".join(f"`{n}`" for n in sorted({os.path.basename(f) for f in gone}))
        row["notes"].append(f"sources the build deleted again (temporary copies), left out: {names}")
    sources = [f for f in sources if f not in gone]
    c_files = [f for f in sources if f.endswith(C_SOURCES)]
    others = [f for f in sources if f not in c_files]
    row["files"] = f"{len(c_files)}" + (f" + {len(others)} C++" if others else "")
    if not sources:
        row.update(verdict="no compile command", reason=NO_COMMAND)
        return row
    results = {f: ("not C", f"not C: `{os.path.basename(f)}` is C++") for f in others}
    if c_files:
        answers, row["time"] = run_ompv(args, p, c_files)
        results.update(answers)
    row["per_file"] = {f: results[f][0] for f in c_files}
    verdicts = [results[f][0] for f in sources]
    if "failed" in verdicts:
        verdict = "failed"
    elif all(v in ("verified", "nothing to verify") for v in verdicts):
        verdict = "verified" if "verified" in verdicts else "nothing to verify"
    else:
        verdict = next(v for v in WORST_FIRST if v in verdicts)
    # The reason of the first file whose verdict is the program's: a failed program's first
    # reason is a failure, not another file's unsupported construct.
    reason = next((results[f][1] for f in sources if results[f][0] == verdict), "")
    row.update(verdict=verdict, reason=reason)
    return row


# ----------------------------------------------------------------------------------------------
# Reporting


def normalise(reason):
    r = re.sub(r"`[^`]*`", "`…`", reason)
    r = re.sub(r"'[^']*'|‘[^’]*’|\"[^\"]*\"", "'…'", r)
    return re.sub(r"(?<![A-Za-z_-])\d+", "N", r)


def md(cell):
    return cell.replace("|", "\\|")


def print_table(rows, markdown):
    head = ["suite", "program", "files", "verdict", "time", "first reason"]
    cells = [[r["suite"], r["program"], r["files"], r["verdict"],
              f"{r['time']:.1f} s" if r["time"] else "", r["reason"]] for r in rows]
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for c in cells:
            print("| " + " | ".join(md(x) for x in c) + " |")
        return
    widths = [max(len(x) for x in col) for col in zip(head, *cells)]
    widths[-1] = 0
    for c in [head] + cells:
        print("  ".join(x.ljust(w) for x, w in zip(c, widths)).rstrip())


def report(rows, markdown, elapsed):
    print_table(rows, markdown)
    print()
    by_suite = collections.defaultdict(collections.Counter)
    for r in rows:
        by_suite[r["suite"]][r["verdict"]] += 1
    # The C files apart from the programs they are in (a helper shared by every program of a
    # suite, such as NeoRodinia's utils.c, is often the first to stop them).
    files = collections.defaultdict(dict)
    for r in rows:
        files[r["suite"]].update(r["per_file"])
    item = "- " if markdown else ""
    for suite, c in by_suite.items():
        fc = collections.Counter(files[suite].values())
        print(f"{item}{suite}: {sum(c.values())} programs: " + ", ".join(f"{n} {v}" for v, n in c.most_common())
              + f"; {len(files[suite])} distinct C files: " + ", ".join(f"{n} {v}" for v, n in fc.most_common()))
    stopped = [r for r in rows if r["verdict"] not in ("verified", "nothing to verify")]
    ranking = collections.Counter(normalise(r["reason"]) for r in stopped)
    print()
    print(f"reasons, by the number of programs they stop ({len(stopped)} of {len(rows)} not verified):")
    if markdown:
        print()
        print("| programs | reason |")
        print("|---|---|")
    for why, n in ranking.most_common():
        print(f"| {n} | {md(why)} |" if markdown else f"  {n:3}  {why}")
    # Notes of one kind (the words before the colon) are printed once per suite, with one of the
    # programs they are about.
    notes = collections.defaultdict(list)
    for r in rows:
        for n in r["notes"]:
            notes[(r["suite"], n.split(":")[0])].append((r["program"], n))
    if notes:
        print()
        print("notes:")
        for (suite, _), about in notes.items():
            program, note = about[0]
            where = f"{program}" if len(about) == 1 else f"{len(about)} programs, e.g. {program}"
            print(f"{item or '  '}{suite} ({where}): {note}")
    print()
    print(f"{len(rows)} programs in {elapsed:.0f} s")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--fake-cc":
        return fake_compiler(sys.argv[2], sys.argv[3:])
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", required=True, metavar="DIR", help="folder of the extracted suites")
    ap.add_argument("--mirrors", default="/work/.mirror", metavar="DIR",
                    help="folder of the suites' bare git mirrors (default: %(default)s)")
    ap.add_argument("--ompv", default=os.path.join(here, "..", "target", "release", "ompv"), metavar="BIN",
                    help="the ompv binary (default: the repository's target/release/ompv)")
    ap.add_argument("--jobs", type=int, default=2, metavar="N", help="programs checked at the same time")
    ap.add_argument("--timeout", type=int, default=300, metavar="S",
                    help="seconds for each program's `ompv verify` (default: %(default)s)")
    ap.add_argument("--suite", action="append", choices=[s.key for s in SUITES], type=str.lower,
                    metavar="NAME", help="only this suite: bots, rodinia, neorodinia or xsbench (may be repeated)")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    args = ap.parse_args()
    args.ompv = os.path.abspath(args.ompv)
    if not os.access(args.ompv, os.X_OK):
        sys.exit(f"no ompv binary at {args.ompv} (--ompv BIN)")
    start = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="ompv-apps-")
    try:
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
        env["PATH"] = fake_bin(tmp, os.path.abspath(__file__)) + os.pathsep + env.get("PATH", "")
        programs = []
        for suite in SUITES:
            if args.suite and suite.key not in args.suite:
                continue
            root = os.path.join(os.path.abspath(args.src), suite.key)
            why = ""
            if not os.path.isdir(root) or not os.listdir(root):
                why = extract(suite, root, args.mirrors)
            why = why or (suite.prepare(root, env) if suite.prepare else "")
            if why:
                print(f"{suite.title}: skipped: {why}", file=sys.stderr)
                continue
            programs += suite.programs(suite.title, root)
        done = []

        def one(p):
            row = check(args, p, env, tmp)
            done.append(row)
            print(f"[{len(done)}/{len(programs)}] {p.suite} {p.name}: {row['verdict']} "
                  f"({row['time']:.1f} s)", file=sys.stderr, flush=True)
            return row

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            rows = list(pool.map(one, programs))
        report(rows, args.markdown, time.monotonic() - start)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
