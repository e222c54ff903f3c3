#!/usr/bin/env bash
# Builds the `fuzz` preset (clang, libFuzzer + address + undefined sanitizers) and runs each
# fuzz target for SECONDS (default 60) from its seed corpus, FUZZ_PARALLEL targets at a time
# (default: the number of cores, so CI's 60 s smoke of six targets takes 3 min on 2 cores), at
# the lowest priority. Fails on the first finding (crash, sanitizer report, unexpected exception,
# broken round trip, timeout, out of memory); the input is left in build/<preset>/findings/<target>/.
# Usage: bash scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: see tests/fuzz/CMakeLists.txt)
# Environment: FUZZ_JOBS (build parallelism, default 2), FUZZ_ARGS (extra libFuzzer flags),
# FUZZ_PRESET (default fuzz: no tests; the asan preset builds the same targets beside the
# test suite, so CI fuzzes its asan build instead of compiling everything a third time).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${FUZZ_PRESET:-fuzz}"
build="build/$preset"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  # The one list of targets lives in tests/fuzz/CMakeLists.txt.
  read -r -a targets <<< "$(sed -n 's/^set(FUTOLAB_FUZZ_TARGETS \(.*\))$/\1/p' tests/fuzz/CMakeLists.txt)"
fi

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "${FUZZ_JOBS:-2}" --target futolab_fuzz_targets
bash scripts/fuzz-seeds.sh "$build/seeds" >/dev/null

# The final stats lines of libFuzzer (-print_final_stats=1), as one summary line.
summary() {
  local log="$1" execs rate
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  echo "executions=${execs:-?} exec/s=${rate:-?}"
}

# One target's run; prints its line and returns non-zero on a finding.
run_target() {
  local target="$1" bin corpus findings log dict start
  bin="$build/tests/fuzz/futolab_fuzz_$target"
  corpus="$build/corpus/$target"     # grows across runs; seeds stay read-only
  findings="$build/findings/$target"
  log="$build/logs/$target.log"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  dict=()
  if [ -f "tests/fuzz/dict/$target.dict" ]; then dict=(-dict="tests/fuzz/dict/$target.dict"); fi
  start=$(date +%s)
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
  if nice -n 19 "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
      -print_final_stats=1 -artifact_prefix="$findings/" "${dict[@]}" ${FUZZ_ARGS:-} \
      "$corpus" "$build/seeds/$target" >"$log" 2>&1; then
    echo "fuzz: $target: ok in $(( $(date +%s) - start )) s, $(summary "$log")"
  else
    echo "fuzz: $target: FINDING after $(( $(date +%s) - start )) s, $(summary "$log"); see $log and $findings/" >&2
    grep -m 5 -E 'ERROR|runtime error|property broken|terminate|deadly signal' "$log" >&2 || true
    return 1
  fi
}

status=0
parallel="${FUZZ_PARALLEL:-$(nproc)}"
for ((i = 0; i < ${#targets[@]}; i += parallel)); do
  pids=()
  for target in "${targets[@]:i:parallel}"; do
    run_target "$target" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done  # every target gets its run
done
exit "$status"
