#!/usr/bin/env bash
# Assembles the seed corpora of the fuzz targets in build/fuzz/seeds/<target>/ from the files
# already in the repository (tests/data, corpora, configs), so no copies are committed.
# Multi-instance files are split into one seed per instance line: small seeds mutate better.
# Usage: bash scripts/fuzz-seeds.sh [OUT_DIR]   (default build/fuzz/seeds)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-build/fuzz/seeds}"
rm -rf "$out"
mkdir -p "$out"/{futo,jsonl,tatham,essence,usp,config,sidecar,minizinc_output,clpfd_answer,cbc_solution}

copy() {  # copy TARGET FILE...: whole files as seeds
  local target="$1"; shift
  local f
  for f in "$@"; do cp "$f" "$out/$target/$(echo "$f" | tr '/' '_')"; done
}

split_lines() {  # split_lines TARGET MAX FILE...: the first MAX non-blank lines, one seed each
  local target="$1" max="$2"; shift 2
  local f i line
  for f in "$@"; do
    i=0
    while IFS= read -r line && [ "$i" -lt "$max" ]; do
      [ -n "$line" ] || continue
      i=$((i + 1))
      printf '%s\n' "$line" > "$out/$target/$(echo "$f" | tr '/' '_')-$i"
    done < "$f"
  done
}

shopt -s nullglob
copy futo tests/data/good/*.futo tests/data/bad/*.futo corpora/*.futo
copy jsonl tests/data/good/*.jsonl tests/data/bad/*.jsonl
split_lines jsonl 5 corpora/*.jsonl
copy tatham tests/data/good/*.tatham tests/data/bad/*.tatham
split_lines tatham 3 corpora/*.tatham corpora/tatham-dev/*.tatham
copy essence tests/data/good/*.param tests/data/good/*.essence-param tests/data/bad/*.param \
  tests/data/bad/*.essence-param corpora/*.param
copy usp tests/data/good/*.usp tests/data/bad/*.usp corpora/usp-course/mrv_only.txt
copy config configs/*.yaml tests/fuzz/seeds/config/*.yaml
copy sidecar results/*/*.csv.meta.yaml tests/data/analysis/compare/*.meta.yaml
# The external tools' output: real outputs captured from minizinc, swipl and cbc (for
# cbc_solution, the first byte is the board size the parser is given).
copy minizinc_output tests/fuzz/seeds/minizinc_output/*
copy clpfd_answer tests/fuzz/seeds/clpfd_answer/*
copy cbc_solution tests/fuzz/seeds/cbc_solution/*
# Regression inputs of earlier findings are seeds too: the fuzzer starts from them.
for target in futo jsonl tatham essence usp config minizinc_output clpfd_answer cbc_solution; do
  files=(tests/data/fuzz-regressions/"$target"/*)
  if [ "${#files[@]}" -gt 0 ]; then copy "$target" "${files[@]}"; fi
done
for target in "$out"/*; do echo "fuzz-seeds: $(ls "$target" | wc -l) seeds in $target"; done
