#!/usr/bin/env bash
# Regenerates the instance files of futolab-bench v1 (bench/README.md) byte for byte: the
# generated tiers from futolab's own generators with fixed seeds (instance i of a call uses
# seed S+i; generation is deterministic on every machine, SPEC §4), the selected tiers by
# copying fixed lines of the repository's corpora and results. The manifest
# (bench/v1/manifest.json) records every file's SHA-256; `--verify` checks them.
#
#   bash scripts/bench-regenerate.sh [--out DIR] [--verify] TIER...
#
# TIER: small tatham planted critical zero-given unsat large, or `all`.
# The selected tiers are copied from the repository as of commit $PIN below (git show), so that
# a later change of results/ or corpora/ (a better critical set found) does not change v1; in a
# clone without that commit (a shallow CI checkout) the working tree's copy is used, with a note. Files go to
# DIR/<tier>/ (default bench/v1), each written to a temporary file and renamed. FUTOLAB names
# the futolab binary (default build/release/app/futolab). The unsat tier needs jq (Debian's
# jq; its compact output is the same in 1.6 and 1.7 for these whole-number records).
# --verify: compare every file of the named tiers with the SHA-256 the manifest lists; exit 1
# naming the files that differ.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
futolab=${FUTOLAB:-$root/build/release/app/futolab}
out=$root/bench/v1
verify=0
tiers=()
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out=$2; shift 2 ;;
        --verify) verify=1; shift ;;
        all) tiers+=(small tatham planted critical zero-given unsat large); shift ;;
        small|tatham|planted|critical|zero-given|unsat|large) tiers+=("$1"); shift ;;
        *) echo "bench-regenerate: unknown argument '$1' (tiers: small tatham planted critical zero-given unsat large all; options --out DIR, --verify)" >&2; exit 2 ;;
    esac
done
[ ${#tiers[@]} -gt 0 ] || { echo "bench-regenerate: name at least one tier (or all)" >&2; exit 2; }
[ -x "$futolab" ] || { echo "bench-regenerate: no futolab binary at $futolab (set FUTOLAB)" >&2; exit 2; }
PIN=61d97d9  # the sources of v1's selected tiers: corpora/tatham-check/, results/critical/

# The file at repository path $1 as of $PIN (the working tree's if the clone lacks it).
source_file() {
    if git -C "$root" cat-file -e "$PIN:$1" 2>/dev/null; then
        git -C "$root" show "$PIN:$1"
    else
        echo "bench-regenerate: note: commit $PIN is not in this clone; $1 is taken from the working tree" >&2
        cat "$root/$1"
    fi
}

# Writes standard input to DIR/$1 through a temporary file and a rename.
emit() {
    local dest=$out/$1
    mkdir -p "$(dirname "$dest")"
    cat > "$dest.tmp"
    mv "$dest.tmp" "$dest"
}

# Planted random instances (docs/generators.md): N P COUNT SEED, relations 10 % of the pairs.
planted() { "$futolab" generate random --n "$1" --givens "$2" --relations 0.1 --count "$3" --seed "$4"; }

# Tatham puzzles of size $1 (two digits): the first $2 of each level of the held-out corpus.
tatham_first() {
    local n=$((10#$1)) levels="t e k x"
    [ "$n" -le 8 ] && levels="$levels r"
    local corpus
    corpus=$(source_file "corpora/tatham-check/n$1.tatham")
    for d in $levels; do grep "^${n}d${d}:" <<< "$corpus" | head -n "$2"; done
}

# Unsatisfiable puzzles: a uniquely solvable puzzle (generate unique) plus one given that
# contradicts its only solution L: the first empty cell (row-major) gets the smallest value
# that is not L's there and not given elsewhere in its row or column. L is the only solution
# of the puzzle and violates the new given, so nothing satisfies both; the added given is no
# trivial row/column clash, so deciding it takes the work of the uniqueness proof.
unsat_from_unique() {
    "$futolab" generate unique --n "$1" --count "$2" --seed "$3" | jq -c '
        . as $p | $p.n as $n
        | ([$p.givens[] | .[0] * $n + .[1]]) as $given
        | (first(range(0; $n * $n) | select(. as $c | $given | index($c) | not))) as $c
        | ($c / $n | floor) as $r | ($c % $n) as $col
        | ([$p.givens[] | select(.[0] == $r or .[1] == $col) | .[2]]) as $used
        | (first(range(1; $n + 1) | select(. != $p.solution[$r][$col] and (. as $v | $used | index($v) | not)))) as $w
        | {id: ("unsat-" + $p.id), n: $n, givens: ($p.givens + [[$r, $col, $w]]), lt: $p.lt,
           meta: {kind: "unsat-from-unique", from: $p.id, added_given: [$r, $col, $w]}}'
}

# The CI tier: small instances of every kind, under a second each with gac.
tier_small() {
    { echo "# futolab-bench v1 small: the first 2 puzzles per level of corpora/tatham-check n04..n06"
      for n in 04 05 06; do tatham_first "$n" 2; done; } | emit small/tatham.tatham
    { planted 7 0.30 5 7001; planted 7 0.46 5 7501; planted 9 0.35 5 9001; planted 9 0.54 5 9501; } | emit small/planted.jsonl
    source_file results/critical/exhaustive.jsonl | emit small/critical.jsonl
    for n in 4 5 6; do source_file "results/critical/zero-given-n$n.jsonl"; done | emit small/zero-given.jsonl
    { unsat_from_unique 5 2 501; unsat_from_unique 6 2 601; unsat_from_unique 7 2 701; } | emit small/unsat.jsonl
}

# Every puzzle of the held-out Tatham corpus, n = 4..12, levels t e k x (r for n <= 8).
tier_tatham() {
    for n in 04 05 06 07 08 09 10 11 12; do source_file "corpora/tatham-check/n$n.tatham" | emit "tatham/n$n.tatham"; done
}

# Planted instances at the cost peak of the phase-transition study (10 % relations: the bin
# of the highest median fails, FC for n <= 15, GAC beyond) and at its 50 %-unique point
# (results/phase-transition/REPORT.md), 10 each.
tier_planted() {
    local points="7 0.30 0.46|9 0.35 0.54|12 0.40 0.58|15 0.45 0.63|20 0.50 0.68|25 0.55 0.72"
    local IFS='|'
    for point in $points; do
        IFS=' ' read -r n peak half <<< "$point"
        { planted "$n" "$peak" 10 $((n * 1000 + 1)); planted "$n" "$half" 10 $((n * 1000 + 501)); } |
            emit "planted/n$(printf %02d "$n").jsonl"
    done
}

# Verified critical sets (results/critical/README.md): exhaustive minima for n = 2..4, greedy
# critical sets of random 9x9, 12x12 (critical-12) and 20x20 (critical-20) squares.
tier_critical() {
    for f in exhaustive critical-12 critical-20; do source_file "results/critical/$f.jsonl" | emit "critical/$f.jsonl"; done
}

# The best zero-given (relations only) critical sets found, n = 4..12.
tier_zero_given() {
    for n in 4 5 6 7 8 9 10 11 12; do
        source_file "results/critical/zero-given-n$n.jsonl" | emit "zero-given/n$(printf %02d "$n").jsonl"
    done
}

tier_unsat() {
    for n in 6 9 12 15; do unsat_from_unique "$n" 5 $((n * 100 + 1)) | emit "unsat/n$(printf %02d "$n").jsonl"; done
}

# Large n: planted instances above the peak, where gac decides them (at 70 % givens n = 50
# and 64 are beyond a minute).
tier_large() {
    for n in 30 40 50 64; do
        { planted "$n" 0.80 5 $((n * 1000 + 1)); planted "$n" 0.85 5 $((n * 1000 + 501)); } |
            emit "large/n$(printf %02d "$n").jsonl"
    done
}

for t in "${tiers[@]}"; do "tier_${t//-/_}"; done

if [ "$verify" = 1 ]; then
    bad=0 checked=0
    for t in "${tiers[@]}"; do
        while read -r path want; do
            got=$(sha256sum "$out/$path" 2>/dev/null | cut -d' ' -f1)
            checked=$((checked + 1))
            if [ "$want" != "$got" ]; then echo "bench-regenerate: $path differs from the manifest (sha256 ${got:-missing}, manifest $want)"; bad=1; fi
        done < <(jq -r --arg t "$t" '.tiers[] | select(.name == $t) | .files[] | "\(.path) \(.sha256)"' "$root/bench/v1/manifest.json")
    done
    if [ "$checked" = 0 ]; then echo "bench-regenerate: the manifest lists no files of these tiers"; exit 1; fi
    [ "$bad" = 0 ] && echo "bench-regenerate: $checked files match the manifest"
    exit "$bad"
fi
