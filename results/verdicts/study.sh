#!/usr/bin/env bash
# The verdicts study of issue #41 (REPORT.md): how often `futolab compare --fail-if-slower 5`
# cries regression when nothing changed (false alarms, A/A), and how often it catches a real
# 10 % slow-down (power), while a load generator changes the background load.
#   bash results/verdicts/study.sh [TRIALS]      (default 20; about 35 min at 20 on 2 cores)
#   bash results/verdicts/study.sh --compare-only [TRIALS]   (the comparisons again, on the
#                                                            sweeps of the last full run)
# Needs build/release (the demo's or the tests' build) at a clean commit; builds the planted
# binary of the same commit with scripts/build-rev.sh. Writes results/verdicts/trials.csv (one
# row per comparison and spec) and results/verdicts/load.log; the sweeps' CSVs go to
# $VERDICTS_SCRATCH (default /tmp/futolab-verdicts), too big to commit.
#
# Parts, each under the load of load.sh (seed 7: 0, 1 or 2 busy cores, changed every 4 s, so
# between and during sweeps; one sweep takes 13-27 s):
#   plant   3 idle A/B sweeps, this build against the planted one: the plant's real size
#   aa      TRIALS A/B sweeps of this build against itself, compare --base a
#   power   TRIALS A/B sweeps, this build (base) against the planted one (+10 %)
#   runs    2 x TRIALS single sweeps of this build: TRIALS pairs compared as separate runs
#           (one sweep a side), then groups of 3 consecutive sweeps compared with --replicates 3
set -euo pipefail
cd "$(dirname "$0")/../.."
compare_only=no
if [ "${1:-}" = --compare-only ]; then compare_only=yes; shift; fi
trials="${1:-20}"
futolab="$PWD/build/release/app/futolab"
scratch="${VERDICTS_SCRATCH:-/tmp/futolab-verdicts}"
out="results/verdicts"
[ -x "$futolab" ] || { echo "study: build futolab first (bash scripts/test.sh)" >&2; exit 2; }
planted=$(bash scripts/build-rev.sh HEAD -DFUTOLAB_PLANTED_SLOWDOWN=10)
if [ "$compare_only" = no ]; then
  rm -rf "$scratch"
  mkdir -p "$scratch"
fi
echo "part,trial,spec,ratio,ci_low,ci_high,clusters_base,clusters_new,cluster_sd,drift,exit,verdict" > "$out/trials.csv.tmp"

# One comparison: its times table rows, with compare's exit code and what it means.
compare() {  # compare PART TRIAL ARGS...
  local part="$1" trial="$2" code=0 table
  shift 2
  table=$("$futolab" compare "$@" --fail-if-slower 5 --format csv --table times 2> "$scratch/err") || code=$?
  local verdict=pass
  [ "$code" = 1 ] && verdict=slower
  [ "$code" = 2 ] && verdict=refused
  [ "$code" -gt 2 ] && { cat "$scratch/err" >&2; exit 1; }
  # base,new,spec,mode,instances,limited,ratio,ci_low,ci_high,wins,ties,losses,wilcoxon_p,clusters_base,clusters_new,cluster_sd,drift
  echo "$table" | tail -n +2 | awk -F, -v p="$part" -v t="$trial" -v c="$code" -v v="$verdict" \
    '{ print p "," t "," $3 "," $7 "," $8 "," $9 "," $14 "," $15 "," $16 "," $17 "," c "," v }' >> "$out/trials.csv.tmp"
}

sweep() {  # sweep DIR ARGS...: one sweep of configs/verdicts.yaml into DIR
  local dir="$1"
  shift
  "$futolab" run configs/verdicts.yaml --jobs 1 -q --out "$dir" "$@" > /dev/null
}

if [ "$compare_only" = no ]; then
  for i in 1 2 3; do sweep "$scratch/plant-$i" --build base="$futolab" --build planted="$planted"; done
  bash "$out/load.sh" 7 > "$out/load.log" &
  load=$!
  trap 'kill $load 2>/dev/null || true' EXIT
  for ((i = 1; i <= trials; i++)); do
    sweep "$scratch/aa-$i" --build a="$futolab" --build b="$futolab"
    sweep "$scratch/power-$i" --build base="$futolab" --build planted="$planted"
  done
  for ((i = 1; i <= 2 * trials; i++)); do sweep "$scratch/run-$i"; done
  kill $load 2>/dev/null || true
fi
for i in 1 2 3; do compare plant "$i" "$scratch/plant-$i/verdicts.csv" --base base; done
for ((i = 1; i <= trials; i++)); do
  compare aa "$i" "$scratch/aa-$i/verdicts.csv" --base a
  compare power "$i" "$scratch/power-$i/verdicts.csv" --base base
done
for ((i = 1; i <= trials; i++)); do
  compare runs "$i" "$scratch/run-$((2 * i - 1))/verdicts.csv" "$scratch/run-$((2 * i))/verdicts.csv"
done
for ((g = 0; 6 * g + 6 <= 2 * trials; g++)); do
  files=()
  for ((k = 1; k <= 6; k++)); do files+=("$scratch/run-$((6 * g + k))/verdicts.csv"); done
  compare replicates "$((g + 1))" "${files[@]}" --replicates 3
done
mv "$out/trials.csv.tmp" "$out/trials.csv"
echo "study: $out/trials.csv"
