#!/usr/bin/env bash
# Rebuilds bench/v1/manifest.json (scripts/bench_manifest.py): regenerates every tier first
# (scripts/bench-regenerate.sh all), then measures and cross-checks every instance with gac and
# gecode and sat (the gac sweeps under the build lock, so that the time classes come from a
# quiet core).
#   bash scripts/bench-manifest.sh        (4 min of CPU; 30 min on a shared 2-core machine, mostly waiting
#                                        for the lock; FUTOLAB as for bench-regenerate.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
futolab=${FUTOLAB:-$root/build/release/app/futolab}
FUTOLAB=$futolab bash "$root/scripts/bench-regenerate.sh" all
python3 "$root/scripts/bench_manifest.py" --futolab "$futolab"
