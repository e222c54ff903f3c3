#!/usr/bin/env bash
# Installs the built futolab into a scratch prefix and builds + runs tests/consumer against
# it with find_package(futolab). Usage: run.sh BUILD_DIR SCRATCH_DIR [CMAKE_ARG...]
# (CMAKE_ARGs, e.g. the build's compiler and sanitizer flags, go to the consumer's configure.)
set -euo pipefail
build="$1"; scratch="$2"; here="$(cd "$(dirname "$0")" && pwd)"
shift 2
rm -rf "$scratch" && mkdir -p "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
cmake -S "$here" -B "$scratch/build" -G Ninja -DCMAKE_PREFIX_PATH="$scratch/prefix" "$@" >/dev/null
cmake --build "$scratch/build" >/dev/null
"$scratch/build/consumer" | tee "$scratch/out.txt"
grep -q "unique 2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4" "$scratch/out.txt"
