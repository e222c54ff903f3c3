#!/usr/bin/env bash
# `futolab analyze --format latex` compiles (issue #44): the tables of tests/data/analysis/
# paper.csv — the one-table form with --columns, --caption and --label, and every table of a
# paired analysis as floats — in one article with booktabs, by pdflatex, twice (the \ref to
# the label must resolve). Exit 77 (CTest: skipped) without pdflatex or booktabs.sty
# (scripts/install-deps.sh installs texlive-latex-base and texlive-latex-recommended).
# With pdftoppm the first page is left as a PNG beside the PDF, to look at.
# Usage: latex_compile.sh FUTOLAB SOURCE_DIR SCRATCH_DIR
set -euo pipefail
futolab="$1" src="$2" work="$3"
command -v pdflatex >/dev/null || { echo "latex_compile: no pdflatex: skipped"; exit 77; }
kpsewhich booktabs.sty >/dev/null || { echo "latex_compile: no booktabs.sty: skipped"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
csv="$src/tests/data/analysis/paper.csv"
# The done-when command of issue #44, as typed.
"$futolab" analyze "$csv" --format latex --columns spec,median,p90 >"$work/columns.tex"
"$futolab" analyze "$csv" --by spec --metric wall_ms,nodes --format latex --columns spec,metric,median,p90,mean \
  --caption 'Wall time and nodes per spec (10 s limit; 3 runs of 3 instances): 50% & 90% points' \
  --label tab:paper >"$work/captioned.tex"
"$futolab" analyze "$csv" --by spec --metric wall_ms --baseline gac --format latex --digits 4 >"$work/all.tex"
cat >"$work/paper.tex" <<'TEX'
\documentclass{article}
\usepackage{booktabs}
\begin{document}
Table~\ref{tab:paper} shows the summary.

\input{columns.tex}

\input{captioned.tex}

\input{all.tex}
\end{document}
TEX
cd "$work"
for pass in 1 2; do
  if ! pdflatex -interaction=nonstopmode -halt-on-error paper.tex >"pdflatex-$pass.out" 2>&1; then
    echo "latex_compile: pdflatex failed (pass $pass):"
    grep -A3 '^!' paper.log | head -20
    exit 1
  fi
done
if grep -q 'undefined references\|Reference .* undefined' paper.log; then
  echo "latex_compile: the label did not resolve"
  exit 1
fi
grep -q 'tab:paper' paper.aux || { echo "latex_compile: no label written"; exit 1; }
if command -v pdftoppm >/dev/null; then pdftoppm -png -r 110 -f 1 -l 1 paper.pdf page; fi
echo "latex_compile: ok ($work/paper.pdf)"
