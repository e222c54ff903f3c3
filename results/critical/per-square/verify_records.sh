#!/bin/sh
# Re-check the zero-given records promoted from the structured-square runs (promote.py) with
# verify_sets.py, one backend after another (each set and each set minus one relation counted
# to 2 by `futolab solve -s BACKEND`), and write the log next to the records.
#   sh results/critical/per-square/verify_records.sh FUTOLAB LOG BACKEND... -- FILE...
set -eu
F=${1:?futolab binary}; LOG=${2:?log file}; shift 2
BACKENDS=""
while [ "$1" != "--" ]; do BACKENDS="$BACKENDS $1"; shift; done
shift
D=$(dirname "$0")
TMP="$LOG.tmp"
{
    echo "# $(date -u +%Y-%m-%dT%H:%MZ), nice -n 19, 2 shared cores; futolab: $F"
    for b in $BACKENDS; do
        echo "# python3 results/critical/verify_sets.py --futolab futolab --backend $b $*"
        rc=0
        nice -n 19 python3 "$D/../verify_sets.py" --futolab "$F" --backend "$b" "$@" || rc=$?
        echo "rc=$rc"
    done
} > "$TMP" 2>&1
mv "$TMP" "$LOG"
cat "$LOG"
