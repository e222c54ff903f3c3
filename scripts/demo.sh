#!/usr/bin/env bash
# The README's first command: installs the dependencies, builds futolab (release preset) and
# runs the demo experiment (configs/quickstart.yaml), ending with a summary table and plots.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target futolab
futolab=build/release/app/futolab
rm -rf results/quickstart  # the demo starts afresh; real experiments use --resume instead
"$futolab" run configs/quickstart.yaml
echo
"$futolab" analyze results/quickstart/quickstart.csv --by spec --metric wall_ms,nodes --plots results/quickstart
