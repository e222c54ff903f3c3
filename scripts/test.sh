#!/usr/bin/env bash
# Builds futolab with a preset and runs the test suite with CTest.
# Usage: bash scripts/test.sh [PRESET] [CTEST_ARG...]   (release by default; also debug, asan,
# tsan). CTEST_ARGs go to ctest, e.g. -R 'test_experiments' or -E 'slow'. Environment:
# TEST_TARGETS builds only these targets (default: all), SKIP_DEPS=1 skips install-deps.sh,
# TEST_DEADLINE (seconds since the epoch) stops the suite then: cases running are killed and
# failed, later ones are not run (CI sets it so a slow run fails with its log instead of
# being cut off without one). After the suite, the 15 longest cases are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
shift || true
if [ "${SKIP_DEPS:-0}" != 1 ]; then bash scripts/install-deps.sh; fi
cmake --preset "$preset"
targets=()
for t in ${TEST_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build --preset "$preset" -j "$(nproc)" "${targets[@]}"
stop=()
if [ -n "${TEST_DEADLINE:-}" ]; then
  # ctest's --stop-time is a time of day; a deadline past midnight is tomorrow's to ctest too.
  stop=(--stop-time "$(date -d "@$TEST_DEADLINE" +%H:%M:%S)")
fi
log="build/$preset/ctest-last.log"
rc=0
ctest --preset "$preset" -j "$(nproc)" "${stop[@]}" "$@" 2>&1 | tee "$log" || rc=$?
echo "test.sh: the 15 longest cases of this run (seconds):"
sed -n 's/^.*Test *#[0-9]*: \(.*\) \.\.*[^0-9]*\([0-9.]*\) sec$/\2 \1/p' "$log" | sort -rn | head -15 || true
exit "$rc"
