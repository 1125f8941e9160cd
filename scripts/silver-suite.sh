#!/usr/bin/env bash
# Runs ompv's native back end on every .vpr file under DIR (a local checkout of Silver's tests,
# e.g. silver/src/test/resources) and prints, per folder: files, answered, as expected, unsound
# (an expected error missing), false alarm, no answer (reasons ranked below the table), crash.
# Outputs are compared with the files' ExpectedOutput / UnexpectedOutput / MissingOutput /
# IgnoreFile annotations as Silver's harness does for Silicon (see tests/silver_conformance.rs).
# Every unmet expectation should be explained in tests/silver-suite-exceptions.txt; with
# OMPV_SILVER_EXPLAINED=1 an unexplained one fails the run. Nothing of the suite is committed.
#
# Usage: scripts/silver-suite.sh DIR [--full]   (--full: also print every file's result)
set -euo pipefail
if [[ $# -lt 1 || ! -d "$1" ]]; then
    echo "usage: $0 DIR [--full]   (DIR: Silver's src/test/resources or a part of it)" >&2
    exit 2
fi
dir=$(cd "$1" && pwd)
full=${2:-}
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
OMPV_SILVER_TESTS="$dir" cargo test --release --locked --test silver_conformance -- \
    --ignored --nocapture --test-threads=1 >"$out" 2>&1 || status=$?
if [[ "$full" == "--full" ]]; then
    cat "$out"
else
    # The summary: from the ranked reasons to the end of the report.
    sed -n '/^no answer, by reason:/,/^files: /p' "$out"
    grep -E '^(test result|thread|.*panicked)' "$out" || true
fi
exit "$status"
