#!/usr/bin/env bash
# The Silicon tests (cargo feature `silicon`): the JNI bridge, the CLI's --backend flag, and the
# cross-check of every tests/viper program and generated C encoding on both back ends.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --silicon
# Silicon gives its Z3 no limit; one program that never ends must not hold up the suite.
export OMPV_SILICON_TIMEOUT="${OMPV_SILICON_TIMEOUT:-60}"
cargo test --locked --features silicon -p viper --lib silicon::
cargo test --locked --no-fail-fast --features silicon --test 'silicon_*' --test verify_silicon
