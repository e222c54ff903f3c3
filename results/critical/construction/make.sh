#!/usr/bin/env bash
# The committed constructions and their checks (results/critical/REPORT.md, "The chain
# construction"): for n = 2..40, `futolab critical --construct` writes the record and the
# certificate; futolab's checker (DRUP proof by unit propagation, exchange witnesses) and the
# independent Python checker (propagation, exchanges) re-check every certificate; for
# n = 4..30 verify_sets.py re-derives uniqueness with CaDiCaL (sat) and each relation's
# necessity with a witness square CaDiCaL finds for the relation reversed.
#   bash results/critical/construction/make.sh [build/release/app/futolab]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
futolab=$(realpath "${1:-$here/../../../build/release/app/futolab}")
cd "$here"
mkdir -p certificates
log=check.log
: > "$log.tmp"
: > construct.jsonl.tmp
# cpu OUT CMD...: runs CMD with its stdout to OUT, prints its user + system CPU seconds.
cpu() { local out=$1; shift; /usr/bin/time -f "%U %S" -o /tmp/futolab-construct-time.$$ "$@" > "$out"; awk '{printf "%.2f", $1 + $2}' /tmp/futolab-construct-time.$$; }
for n in $(seq 2 40); do
  cert=certificates/n$n.cert
  # --out -: the record on standard output (the run's results CSV lives in a private folder).
  made=$(cpu rec.tmp "$futolab" critical --construct --n "$n" --certificate "$cert.tmp" --out - 2>/dev/null)
  mv "$cert.tmp" "$cert"
  cat rec.tmp >> construct.jsonl.tmp
  checked=$(cpu /dev/null "$futolab" critical --check-certificate "$cert")
  python=$(cpu /dev/null python3 check_construction.py --law "$cert")
  echo "n=$n k=$((n * n / 4)) construct+verify+certificate ${made}s, futolab check ${checked}s, python check ${python}s" >> "$log.tmp"
done
rm -f rec.tmp /tmp/futolab-construct-time.$$
mv construct.jsonl.tmp construct.jsonl
echo "# verify_sets.py --backend sat (uniqueness by CaDiCaL, count to 2; each relation by a checked witness square)" >> "$log.tmp"
python3 construct_orders.py 4 30 < construct.jsonl > sets.tmp.jsonl
python3 ../verify_sets.py --futolab "$futolab" --backend sat sets.tmp.jsonl | sed 's/^sets.tmp.jsonl:[0-9]* //' >> "$log.tmp"
rm -f sets.tmp.jsonl
mv "$log.tmp" "$log"
tail -3 "$log"
