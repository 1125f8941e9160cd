#!/usr/bin/env bash
# The whole test suite: set-up, then every test of the workspace, then the Silicon tests (cargo
# feature `silicon`: the JNI bridge, the CLI's --backend flag, and the cross-check of every
# tests/viper program on both back ends).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --locked "$@"
# Silicon gives its Z3 no limit; one program that never ends must not hold up the suite.
export OMPV_SILICON_TIMEOUT="${OMPV_SILICON_TIMEOUT:-60}"
cargo test --locked --features silicon -p viper --lib silicon::
cargo test --locked --no-fail-fast --features silicon --test 'silicon_*' --test verify_silicon
