#!/usr/bin/env bash
# Installs what building and testing ompv needs on a fresh Debian machine. Idempotent and quick when
# everything is already there. Needs root (or sudo) the first time, for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi

# Z3 4.8.12 (Debian bookworm's libz3-dev): the `z3` crate 0.20 links against it.
packages=(libz3-dev pkg-config)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
