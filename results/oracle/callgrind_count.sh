#!/usr/bin/env bash
# Instructions of one solve (callgrind, count to 2), for puzzles named like the CSVs (nNN:k =
# line k of corpora/tatham-dev/nNN.tatham, comments and blank lines skipped). Machine- and
# load-independent, so before/after figures can be taken while other work runs.
#
# usage: results/oracle/callgrind_count.sh BINARY SPEC ID...
#   e.g. results/oracle/callgrind_count.sh build/release/app/futolab gac n08:57 n10:30
set -euo pipefail
bin=$1 spec=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for id in "$@"; do
    file=corpora/tatham-dev/${id%%:*}.tatham
    grep -v '^#' "$file" | grep -v '^[[:space:]]*$' | sed -n "${id##*:}p" > "$tmp/p.tatham"
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" --toggle-collect='futolab::run_solver*' \
        "$bin" solve --count 2 -s "$spec" -- "$tmp/p.tatham" > "$tmp/solve.txt" 2> "$tmp/vg.txt"
    ir=$(grep -m1 '^summary:' "$tmp/cg.out" | awk '{print $2}')
    nodes=$(grep -o 'nodes[^,;]*' "$tmp/solve.txt" | head -1 || true)
    printf '%s\t%s\t%s\t%s\n' "$id" "$spec" "$ir" "$nodes"
done
