set terminal pngcairo size 960,640 font 'Sans,12'
set output "plots-gac-rel/phase-nodes.png"
set title "Phase transition of gac: cost and uniqueness against the givens" noenhanced
set xlabel "fraction of cells given, h / n² (bins of 0.05)" noenhanced
set ylabel "median nodes + 1 (solid)" noenhanced
set key below noenhanced
set grid
set tics nomirror
set y2label "fraction unique of decided runs (dashed)" noenhanced
set y2tics
set logscale y
set y2range [0:1.05]
set xrange [0:*]
set xtics 0.1
plot "plots-gac-rel/phase-nodes-0.dat" using 1:2 axes x1y1 with linespoints lt 1 pt 7 ps 0.7 lw 2 title "n=5 median", \
     "plots-gac-rel/phase-nodes-1.dat" using 1:2 axes x1y2 with linespoints lt 1 pt 6 ps 0.7 lw 2 dt 2 title "n=5 unique", \
     "plots-gac-rel/phase-nodes-2.dat" using 1:2 axes x1y1 with linespoints lt 2 pt 7 ps 0.7 lw 2 title "n=7 median", \
     "plots-gac-rel/phase-nodes-3.dat" using 1:2 axes x1y2 with linespoints lt 2 pt 6 ps 0.7 lw 2 dt 2 title "n=7 unique", \
     "plots-gac-rel/phase-nodes-4.dat" using 1:2 axes x1y1 with linespoints lt 3 pt 7 ps 0.7 lw 2 title "n=9 median", \
     "plots-gac-rel/phase-nodes-5.dat" using 1:2 axes x1y2 with linespoints lt 3 pt 6 ps 0.7 lw 2 dt 2 title "n=9 unique", \
     "plots-gac-rel/phase-nodes-6.dat" using 1:2 axes x1y1 with linespoints lt 4 pt 7 ps 0.7 lw 2 title "n=12 median", \
     "plots-gac-rel/phase-nodes-7.dat" using 1:2 axes x1y2 with linespoints lt 4 pt 6 ps 0.7 lw 2 dt 2 title "n=12 unique", \
     "plots-gac-rel/phase-nodes-8.dat" using 1:2 axes x1y1 with linespoints lt 5 pt 7 ps 0.7 lw 2 title "n=15 median", \
     "plots-gac-rel/phase-nodes-9.dat" using 1:2 axes x1y2 with linespoints lt 5 pt 6 ps 0.7 lw 2 dt 2 title "n=15 unique", \
     "plots-gac-rel/phase-nodes-10.dat" using 1:2 axes x1y1 with linespoints lt 6 pt 7 ps 0.7 lw 2 title "n=20 median", \
     "plots-gac-rel/phase-nodes-11.dat" using 1:2 axes x1y2 with linespoints lt 6 pt 6 ps 0.7 lw 2 dt 2 title "n=20 unique", \
     "plots-gac-rel/phase-nodes-12.dat" using 1:2 axes x1y1 with linespoints lt 7 pt 7 ps 0.7 lw 2 title "n=25 median", \
     "plots-gac-rel/phase-nodes-13.dat" using 1:2 axes x1y2 with linespoints lt 7 pt 6 ps 0.7 lw 2 dt 2 title "n=25 unique"
set terminal svg size 960,640 font 'Sans,12' dynamic
set output "plots-gac-rel/phase-nodes.svg"
set title "Phase transition of gac: cost and uniqueness against the givens" noenhanced
set xlabel "fraction of cells given, h / n² (bins of 0.05)" noenhanced
set ylabel "median nodes + 1 (solid)" noenhanced
set key below noenhanced
set grid
set tics nomirror
set y2label "fraction unique of decided runs (dashed)" noenhanced
set y2tics
set logscale y
set y2range [0:1.05]
set xrange [0:*]
set xtics 0.1
plot "plots-gac-rel/phase-nodes-0.dat" using 1:2 axes x1y1 with linespoints lt 1 pt 7 ps 0.7 lw 2 title "n=5 median", \
     "plots-gac-rel/phase-nodes-1.dat" using 1:2 axes x1y2 with linespoints lt 1 pt 6 ps 0.7 lw 2 dt 2 title "n=5 unique", \
     "plots-gac-rel/phase-nodes-2.dat" using 1:2 axes x1y1 with linespoints lt 2 pt 7 ps 0.7 lw 2 title "n=7 median", \
     "plots-gac-rel/phase-nodes-3.dat" using 1:2 axes x1y2 with linespoints lt 2 pt 6 ps 0.7 lw 2 dt 2 title "n=7 unique", \
     "plots-gac-rel/phase-nodes-4.dat" using 1:2 axes x1y1 with linespoints lt 3 pt 7 ps 0.7 lw 2 title "n=9 median", \
     "plots-gac-rel/phase-nodes-5.dat" using 1:2 axes x1y2 with linespoints lt 3 pt 6 ps 0.7 lw 2 dt 2 title "n=9 unique", \
     "plots-gac-rel/phase-nodes-6.dat" using 1:2 axes x1y1 with linespoints lt 4 pt 7 ps 0.7 lw 2 title "n=12 median", \
     "plots-gac-rel/phase-nodes-7.dat" using 1:2 axes x1y2 with linespoints lt 4 pt 6 ps 0.7 lw 2 dt 2 title "n=12 unique", \
     "plots-gac-rel/phase-nodes-8.dat" using 1:2 axes x1y1 with linespoints lt 5 pt 7 ps 0.7 lw 2 title "n=15 median", \
     "plots-gac-rel/phase-nodes-9.dat" using 1:2 axes x1y2 with linespoints lt 5 pt 6 ps 0.7 lw 2 dt 2 title "n=15 unique", \
     "plots-gac-rel/phase-nodes-10.dat" using 1:2 axes x1y1 with linespoints lt 6 pt 7 ps 0.7 lw 2 title "n=20 median", \
     "plots-gac-rel/phase-nodes-11.dat" using 1:2 axes x1y2 with linespoints lt 6 pt 6 ps 0.7 lw 2 dt 2 title "n=20 unique", \
     "plots-gac-rel/phase-nodes-12.dat" using 1:2 axes x1y1 with linespoints lt 7 pt 7 ps 0.7 lw 2 title "n=25 median", \
     "plots-gac-rel/phase-nodes-13.dat" using 1:2 axes x1y2 with linespoints lt 7 pt 6 ps 0.7 lw 2 dt 2 title "n=25 unique"
