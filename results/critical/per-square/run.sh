#!/bin/sh
# The per-square runs of results/critical/REPORT.md ("Exact per-square minima"), one at a time
# at the lowest priority (a shared 2-core machine). Each line: name, square kind, n, shift
# (shift squares), objective, cap: CPU seconds of the search (--cpu-limit), or wall seconds
# (--time-limit) if written as wNNN (the first runs, before --cpu-limit existed). Output: NAME.jsonl (the verified set, meta: bounds, cpu_seconds) and a
# line per run in run.log with the exact command.
#   sh results/critical/per-square/run.sh build/release/app/futolab [LIST]
set -eu
F=${1:?futolab binary}
LIST=${2:-$(dirname "$0")/runs.txt}
D=$(dirname "$0")
while read -r name kind n extra objective cap; do
    case "$name" in ''|'#'*) continue ;; esac
    case "$cap" in w*) limit="--time-limit ${cap#w}" ;; *) limit="--cpu-limit $cap" ;; esac
    if [ "$kind" = shift ]; then sq=$(python3 "$D/squares.py" shift "$n" "$extra"); else sq=$(python3 "$D/squares.py" "$kind" "$n"); fi
    cmd="nice -n 19 $F critical --exact --square \"$sq\" --objective $objective $limit --verify-with gecode --out $D/$name.jsonl"
    echo "$name: $cmd" >> "$D/run.log"
    nice -n 19 "$F" critical --exact --square "$sq" --objective "$objective" $limit --verify-with gecode \
        --out "$D/$name.jsonl" 2>> "$D/run.log" || echo "$name: exit $?" >> "$D/run.log"
done < "$LIST"
