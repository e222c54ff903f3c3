#!/usr/bin/env bash
# Builds futolab with a preset and runs the test suite with CTest.
# Usage: bash scripts/test.sh [PRESET] [CTEST_ARG...]   (release by default; also debug, asan,
# tsan). CTEST_ARGs go to ctest, e.g. -R 'test_experiments' or -E 'slow'. Environment:
# TEST_TARGETS builds only these targets (default: all), SKIP_DEPS=1 skips install-deps.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
shift || true
if [ "${SKIP_DEPS:-0}" != 1 ]; then bash scripts/install-deps.sh; fi
cmake --preset "$preset"
targets=()
for t in ${TEST_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build --preset "$preset" -j "$(nproc)" "${targets[@]}"
ctest --preset "$preset" -j "$(nproc)" "$@"
