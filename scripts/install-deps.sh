#!/usr/bin/env bash
# Installs every build, test and run dependency of futolab from Debian 12 packages.
# Idempotent: safe to run again; apt-get skips what is already installed. minizinc + flatzinc
# (Gecode as a FlatZinc solver) let the tests run the shipped MiniZinc model on exported data;
# slurm-wlm + munge let tests/integration/slurm.sh start a single-node cluster; clang +
# libclang-rt-14-dev (libFuzzer and the sanitizer runtimes) build the `fuzz` preset.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  build-essential cmake ninja-build git pkg-config \
  libyaml-cpp-dev libeigen3-dev libboost-graph-dev catch2 \
  libbenchmark-dev libcli11-dev libfmt-dev nlohmann-json3-dev \
  libgecode-dev libcadical-dev gnuplot-nox minizinc flatzinc slurm-wlm munge clang libclang-rt-14-dev >/dev/null
echo "install-deps: all futolab dependencies are installed"
