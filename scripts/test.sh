#!/usr/bin/env bash
# The whole test suite: set-up, then every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --locked "$@"
