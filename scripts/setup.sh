#!/usr/bin/env bash
# Installs what building and testing ompv needs on a fresh Debian machine. Idempotent and quick when
# everything is already there. Needs root (or sudo) the first time, for apt-get.
#
#   scripts/setup.sh            the default build and its tests (Z3, Graphviz, clang and Archer)
#   scripts/setup.sh --silicon  also the Silicon back end (a JDK, the z3 executable, silicon.jar)
set -euo pipefail
cd "$(dirname "$0")/.."

silicon=no
for arg in "$@"; do
  case "$arg" in
    --silicon) silicon=yes ;;
    *) echo "setup: unknown option $arg (known: --silicon)" >&2; exit 2 ;;
  esac
done

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi

# Installs those of the Debian packages given that are missing.
install_missing() {
  local missing=()
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Z3 4.8.12 (Debian bookworm's libz3-dev): the `z3` crate 0.20 links against it. Graphviz's
# `dot` renders `ompv explain --emit dot` in the CLI tests; bsdutils' `script` (essential, so
# normally present) gives them a pseudo-terminal.
packages=(libz3-dev pkg-config graphviz bsdutils)
install_missing "${packages[@]}"

# --- Archer (the independent race oracle of tests/archer.rs and scripts/archer.sh) ---
# clang 14 with Debian's LLVM OpenMP runtime; libomp-14-dev ships libarcher.so, the ThreadSanitizer
# tool that knows OpenMP's happens-before (barriers, tasks, locks).
archer_packages=(clang-14 libomp-14-dev)
install_missing "${archer_packages[@]}"

# --- Silicon (the second back end, `--backend silicon|both`, cargo feature `silicon`) ---
if [ "$silicon" != yes ]; then exit 0; fi
# Needs a JDK (the JVM is loaded through JNI), Debian's z3 executable (Silicon runs Z3 as a
# process; 4.8.12 works) and silicon.jar, which is published inside the PyPI package nagini.
silicon_packages=(z3 openjdk-17-jdk-headless)
python3 -m pip --version >/dev/null 2>&1 || silicon_packages+=(python3-pip)
install_missing "${silicon_packages[@]}"

# The jar (Silicon 1.1-SNAPSHOT, git 3e24b7a8, Scala 2.13) is checked against this hash.
silicon_dir=.cache/silicon
silicon_jar=$silicon_dir/silicon.jar
silicon_sha256=bece2bc20f4579f4440125c680ad002ba204a19f84625e3042907762ab412461
if ! echo "$silicon_sha256  $silicon_jar" | sha256sum --check --status 2>/dev/null; then
  echo "setup: fetching silicon.jar from PyPI (nagini 1.2.0)" >&2
  mkdir -p "$silicon_dir/pip"
  python3 -m pip download --no-deps --disable-pip-version-check -q -d "$silicon_dir/pip" nagini==1.2.0
  python3 - "$silicon_dir/pip/nagini-1.2.0-py3-none-any.whl" "$silicon_jar.part" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open("nagini_translation/resources/backends/silicon.jar") as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
  if ! echo "$silicon_sha256  $silicon_jar.part" | sha256sum --check --status; then
    echo "setup: silicon.jar from nagini 1.2.0 does not have the expected SHA-256" >&2
    rm -f "$silicon_jar.part"
    exit 1
  fi
  mv "$silicon_jar.part" "$silicon_jar"
  rm -rf "$silicon_dir/pip"
fi
