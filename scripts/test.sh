#!/usr/bin/env bash
# Builds futolab (release preset) and runs the whole test suite with CTest.
# Usage: bash scripts/test.sh [PRESET]   (release by default; also debug, asan)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
bash scripts/install-deps.sh
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset" -j "$(nproc)"
