#!/usr/bin/env bash
# Scores `ompv verify` on DataRaceBench's host programs: scripts/drb.sh DIR [options of drb.py].
# DIR is the `micro-benchmarks` folder of LLNL/dataracebench. Builds the release binary first.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
exec python3 scripts/drb.py "$@"
