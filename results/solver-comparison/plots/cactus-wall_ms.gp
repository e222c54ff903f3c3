set terminal pngcairo size 960,640 font 'Sans,12'
set output "plots/cactus-wall_ms.png"
set title "Runs finished within a budget of wall_ms" noenhanced
set xlabel "runs finished" noenhanced
set ylabel "wall_ms (per run)" noenhanced
set key below noenhanced
set grid
set tics nomirror
set logscale y
plot "plots/cactus-wall_ms-0.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "backtracking", \
     "plots/cactus-wall_ms-1.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "bitmask", \
     "plots/cactus-wall_ms-2.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc", \
     "plots/cactus-wall_ms-3.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc:var=static", \
     "plots/cactus-wall_ms-4.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gac", \
     "plots/cactus-wall_ms-5.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gecode"
set terminal svg size 960,640 font 'Sans,12' dynamic
set output "plots/cactus-wall_ms.svg"
set title "Runs finished within a budget of wall_ms" noenhanced
set xlabel "runs finished" noenhanced
set ylabel "wall_ms (per run)" noenhanced
set key below noenhanced
set grid
set tics nomirror
set logscale y
plot "plots/cactus-wall_ms-0.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "backtracking", \
     "plots/cactus-wall_ms-1.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "bitmask", \
     "plots/cactus-wall_ms-2.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc", \
     "plots/cactus-wall_ms-3.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc:var=static", \
     "plots/cactus-wall_ms-4.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gac", \
     "plots/cactus-wall_ms-5.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gecode"
