#!/usr/bin/env bash
# The background load of the verdicts study (REPORT.md): every STEP seconds (default 4) the
# number of busy cores changes to 0, 1 or 2, in a sequence fixed by SEED; each busy core is a
# shell loop that never sleeps. Runs until killed (it kills its loops on the way out); logs
# "<unix time> <busy cores>" at each change.
#   bash results/verdicts/load.sh SEED [STEP]
set -u
seed="${1:?usage: load.sh SEED [STEP]}"
step="${2:-4}"
RANDOM="$seed"
loops=()
stop_loops() {
  if [ ${#loops[@]} -gt 0 ]; then kill "${loops[@]}" 2>/dev/null; wait "${loops[@]}" 2>/dev/null; fi
  loops=()
}
trap 'stop_loops; exit 0' TERM INT EXIT
while :; do
  level=$((RANDOM % 3))
  stop_loops
  for ((i = 0; i < level; i++)); do
    (while :; do :; done) &
    loops+=("$!")
  done
  echo "$(date +%s.%N) $level"
  sleep "$step"
done
