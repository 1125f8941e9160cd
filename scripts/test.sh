#!/usr/bin/env bash
# The test suite of the default build: set-up, then every test of the workspace. The Silicon
# back end's tests are scripts/test-silicon.sh (CI runs both: .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --locked "$@"
