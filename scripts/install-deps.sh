#!/usr/bin/env bash
# Installs every build, test and run dependency of futolab from Debian 12 packages.
# Idempotent: safe to run again; apt-get skips what is already installed. minizinc + flatzinc
# (Gecode as a FlatZinc solver) run the shipped MiniZinc model (export tests, the `minizinc`
# backend); swi-prolog-nox and coinor-cbc are the tools of the `clpfd` and `ilp` backends;
# slurm-wlm + munge let tests/integration/slurm.sh start a single-node cluster; clang +
# libclang-rt-14-dev (libFuzzer and the sanitizer runtimes) build the `fuzz` preset; lld links
# every preset faster than GNU ld (CMakeLists.txt, FUTOLAB_LLD); chromium
# (headless) loads the HTML report in tests/analysis/report_browser.sh; texlive-latex-base +
# texlive-latex-recommended (pdflatex and booktabs, about 145 MB) compile `analyze --format
# latex` in tests/analysis/latex_compile.sh; python3-pandas runs the
# pandas example of docs/schema.md (tests/docs/pandas_example.py); jq reads the benchmark
# manifest in scripts/bench-regenerate.sh (tests/app/bench_small_test.cpp).
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  build-essential cmake ninja-build git pkg-config \
  libyaml-cpp-dev libeigen3-dev libboost-graph-dev catch2 \
  libbenchmark-dev libcli11-dev libfmt-dev nlohmann-json3-dev \
  libgecode-dev gnuplot-nox minizinc flatzinc swi-prolog-nox coinor-cbc slurm-wlm munge clang libclang-rt-14-dev lld \
  chromium libcadical-dev texlive-latex-base texlive-latex-recommended python3-pandas jq >/dev/null
echo "install-deps: all futolab dependencies are installed"
