#!/usr/bin/env bash
# Builds the futolab binary of a git revision into a cache folder and prints its path, so that
# "compare my working tree with main" is two commands (README, "A/B sweeps"):
#   futolab run CONFIG --build main=$(bash scripts/build-rev.sh main) --build work=build/release/app/futolab
#   futolab compare results/CONFIG.csv --base main --fail-if-slower 5
# Usage: bash scripts/build-rev.sh REV [CMAKE_ARG...]
#   REV         anything git rev-parse understands (main, HEAD~3, a tag, a commit)
#   CMAKE_ARG   extra configure arguments, e.g. -DCMAKE_BUILD_TYPE=Debug (part of the cache key)
# The revision is checked out in a detached worktree under $FUTOLAB_BUILD_CACHE (default
# .cache/builds in the repository) and built with the release preset's settings, tests and
# benchmarks off; a binary already built for the same commit and arguments is reused. Only
# the binary's path goes to stdout; the build's output goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: bash scripts/build-rev.sh REV [CMAKE_ARG...]" >&2
  exit 2
fi
rev="$1"
shift
commit=$(git rev-parse --verify --quiet "$rev^{commit}") || {
  echo "build-rev: '$rev' is not a revision of this repository" >&2
  exit 2
}
cache="${FUTOLAB_BUILD_CACHE:-$PWD/.cache/builds}"
key="$commit"
if [ $# -gt 0 ]; then key="$commit-$(printf '%s\n' "$@" | sha256sum | cut -c1-12)"; fi
dir="$cache/$key"
binary="$dir/build/app/futolab"
if [ -x "$binary" ]; then
  echo "$binary"
  exit 0
fi
mkdir -p "$cache"
{
  # A fresh detached worktree: the build never sees the working tree's uncommitted changes.
  if [ ! -d "$dir/src" ]; then
    git worktree add --detach --force "$dir/src" "$commit"
  fi
  cmake -S "$dir/src" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFUTOLAB_TESTS=OFF \
    -DFUTOLAB_BENCHMARKS=OFF "$@"
  cmake --build "$dir/build" -j "$(nproc)" --target futolab
} >&2
[ -x "$binary" ] || { echo "build-rev: no binary at $binary after the build" >&2; exit 1; }
echo "$binary"
