#!/usr/bin/env bash
# Runs `ompv verify` on real OpenMP applications (BOTS, Rodinia, NeoRodinia, XSBench), each built
# as its makefile builds it: scripts/apps.sh --src DIR [options of apps.py].
exec python3 "$(dirname "$0")/apps.py" "$@"
