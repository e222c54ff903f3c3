#!/usr/bin/env bash
# The README's first command: installs the dependencies, builds futolab (release preset) and
# runs the demo experiment (configs/quickstart.yaml), ending with a summary table, the plots
# and the path of the HTML report (results/quickstart/report.html).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target futolab
futolab=build/release/app/futolab
rm -rf results/quickstart  # the demo starts afresh; real experiments use --resume instead
"$futolab" run configs/quickstart.yaml
"$futolab" report results/quickstart/quickstart.csv --baseline backtracking --out results/quickstart/report.html \
  --plot cactus,ecdf,growth >/dev/null
echo
# The summary per solver (runs that hit the 1 s limit are counted in limit_hit; a median
# marked ≥ is a lower bound), then the plots it wrote (PNG, SVG, PDF each).
"$futolab" analyze results/quickstart/quickstart.csv --by spec --metric wall_ms,nodes --plots results/quickstart \
  --plot cactus,ecdf,growth
echo
echo "demo: the whole study in one page (open it in a browser; it needs no network):"
echo "  $(pwd)/results/quickstart/report.html"
echo "demo: to run futolab yourself, put it on your PATH (or install it: cmake --install build/release --prefix ~/.local):"
echo "  export PATH=\"$(pwd)/build/release/app:\$PATH\""
