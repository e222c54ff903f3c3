#!/usr/bin/env bash
# Regenerates this held-out corpus with Debian's sgt-puzzles (Simon Tatham's Unequal,
# package version 20230122.806ae71-2): 30 puzzles per size n = 4..12 and level, the levels
# t e k x, plus r for n <= 8. Game IDs are deterministic in the seed string, so the files
# come out the same on any machine with that package.
#   bash corpora/tatham-check/generate.sh            (about 10 minutes on one core)
set -euo pipefail
cd "$(dirname "$0")"
unequal=${UNEQUAL:-/usr/games/sgt-unequal}
per=${PER:-30}
for n in 4 5 6 7 8 9 10 11 12; do
    levels="t e k x"
    [ "$n" -le 8 ] && levels="$levels r"
    out=$(printf 'n%02d.tatham' "$n")
    {
        echo "# Tatham Unequal ${n}x${n}, $per per level ($levels), seeds chk-<n><level>-<k>; see README.md"
        for d in $levels; do
            for k in $(seq 1 "$per"); do
                # the generator prints "n:desc"; the level goes back into the parameters
                "$unequal" --generate 1 "${n}d${d}#chk-${n}${d}-${k}" | sed "s/^${n}:/${n}d${d}:/"
            done
        done
    } > "$out.tmp"
    mv "$out.tmp" "$out"
done
