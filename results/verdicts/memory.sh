#!/usr/bin/env bash
# The memory table of issue #41 §4 (REPORT.md, "Memory"): futolab's max_rss_kb for three runs,
# in every isolation that has a process of its own, with and without a memory cgroup, against
# a second instrument that does not share futolab's code:
#   first       gecode on a 9x9 Tatham puzzle, the first run of a fresh sweep;
#   after-big   the same run right after a gecode run of ~0.4 GB (an empty 64x64) in the same
#               job (sequential order, one job): heap the big run left must not show in its peak;
#   tool-4x150  a tool of four processes holding 150 MiB each (a fake minizinc first on PATH).
# The instrument: the same run alone in a fresh process, `futolab solve`, inside a memory
# cgroup made for it (cgroup v1 memory.max_usage_in_bytes: every process of the tree, pages
# charged to it) and under /usr/bin/time (its own ru_maxrss: the largest process). Prints a
# Markdown table; needs root (it makes cgroups) and build/release.
#   bash results/verdicts/memory.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
futolab="$PWD/build/release/app/futolab"
work="${MEMORY_SCRATCH:-/tmp/futolab-memory-study}"
rm -rf "$work"
mkdir -p "$work/bin"
puzzle="$work/p9.tatham"
head -n 1 corpora/tatham-dev/n09.tatham > "$puzzle"
echo '{"id": "big", "n": 64, "givens": [], "lt": []}' > "$work/big.jsonl"
cat > "$work/bin/minizinc" << 'EOF'
#!/bin/sh
i=0; while [ $i -lt 4 ]; do perl -e 'my $x; vec($x, 150 * 1048576 - 1, 8) = 1; sleep 2' & i=$((i + 1)); done
wait
printf '1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1\n----------\n2 1 4 3/1 2 3 4/4 3 2 1/3 4 1 2\n----------\n==========\n'
EOF
chmod +x "$work/bin/minizinc"
echo '{"id": "e4", "n": 4, "givens": [], "lt": []}' > "$work/e4.jsonl"

# The memory cgroup of this shell (v1), where a child cgroup per measurement is made.
own=$(awk -F: '$2 == "memory" { print $3 }' /proc/self/cgroup)
root="/sys/fs/cgroup/memory$own"
[ -w "$root" ] || { echo "memory.sh: no writable memory cgroup (v1) at $root" >&2; exit 2; }

# instrument NAME COMMAND...: the peak of the command's whole tree in a fresh cgroup (kB).
instrument() {
  local cg="$root/futolab-memstudy-$1"
  mkdir "$cg"
  sh -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' sh "$cg" "${@:2}" > /dev/null 2>&1
  echo $(($(cat "$cg/memory.max_usage_in_bytes") / 1024))
  rmdir "$cg"
}
# time_rss COMMAND...: ru_maxrss of the command (its largest process), kB.
time_rss() { /usr/bin/time -f '%M' "$@" 2>&1 > /dev/null | tail -n 1; }

# futolab_rss NAME ISOLATION ENV INSTANCES SOLVERS: the max_rss_kb of the sweep's last row.
futolab_rss() {
  local dir="$work/$1"
  mkdir -p "$dir"
  cat > "$dir/cfg.yaml" << EOF
name: mem
order: sequential
mode: { count: 2 }
instances:
$4
solvers: [ $5 ]
output: $dir/out/m.csv
EOF
  env $3 PATH="$work/bin:$PATH" "$futolab" run -q --jobs 1 --isolation "$2" "$dir/cfg.yaml" > /dev/null
  python3 -c 'import csv, sys; print(list(csv.DictReader(open(sys.argv[1])))[-1]["max_rss_kb"])' "$dir/out/m.csv"
}

first_src="  - file: $puzzle"
big_src="  - file: $work/big.jsonl
  - file: $puzzle"
tool_src="  - file: $work/e4.jsonl"
inst_first=$(instrument first "$futolab" solve -s gecode --count 2 "$puzzle")
time_first=$(time_rss "$futolab" solve -s gecode --count 2 "$puzzle")
inst_big=$(instrument big "$futolab" solve -s gecode --count 2 "$work/big.jsonl")
time_big=$(time_rss "$futolab" solve -s gecode --count 2 "$work/big.jsonl")
inst_tool=$(PATH="$work/bin:$PATH" instrument tool "$futolab" solve -s minizinc --count 2 "$work/e4.jsonl")
time_tool=$(PATH="$work/bin:$PATH" time_rss "$futolab" solve -s minizinc --count 2 "$work/e4.jsonl")

echo "| isolation | cgroup | run | futolab max_rss_kb | fresh process: cgroup peak | fresh process: ru_maxrss |"
echo "| --- | --- | --- | ---: | ---: | ---: |"
echo "| (alone) | - | gecode 64x64 count:2 (the big run) | - | $inst_big | $time_big |"
for isolation in process fork; do
  for cgroup in yes no; do
    env=""
    [ "$cgroup" = no ] && env="FUTOLAB_NO_CGROUP=1"
    [ "$isolation" = fork ] && [ "$cgroup" = yes ] && continue  # fork mode makes no cgroup
    tag="$isolation-$cgroup"
    [ "$isolation" = fork ] && tag=fork
    echo "| $isolation | $([ "$isolation" = fork ] && echo 'not used' || echo "$cgroup") | gecode 9x9, first run | $(futolab_rss "$tag-first" "$isolation" "$env" "$first_src" gecode) | $inst_first | $time_first |"
    echo "| $isolation | $([ "$isolation" = fork ] && echo 'not used' || echo "$cgroup") | gecode 9x9 after the big run | $(futolab_rss "$tag-big" "$isolation" "$env" "$big_src" gecode) | $inst_first | $time_first |"
    echo "| $isolation | $([ "$isolation" = fork ] && echo 'not used' || echo "$cgroup") | tool of 4 processes x 150 MiB | $(futolab_rss "$tag-tool" "$isolation" "$env" "$tool_src" minizinc) | $inst_tool | $time_tool |"
  done
done
