# ecdf-wall_ms: written by futolab analyze; run `gnuplot PATH/ecdf-wall_ms.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 960,640 font 'Sans,12'
set output here.'ecdf-wall_ms.png'
reset
set encoding utf8
set title ('Fraction of each spec'."'".'s runs finished within a budget of wall time per run (ms)') noenhanced
set xlabel 'budget: wall time per run (ms)' noenhanced
set ylabel ('fraction of the spec'."'".'s runs finished') noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set yrange [0:1.02]
plot here.'ecdf-wall_ms-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.5 pi 24 lw 2.40 title 'backtracking (147 of 200)', \
     here.'ecdf-wall_ms-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.5 pi 25 lw 2.20 title 'bitmask (147 of 200)', \
     here.'ecdf-wall_ms-2.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.5 pi 34 lw 2.00 title 'fc:var=mrv (195 of 200)', \
     here.'ecdf-wall_ms-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.5 pi 31 lw 1.80 title 'fc:var=static (171 of 200)', \
     here.'ecdf-wall_ms-4.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.5 pi 37 lw 1.60 title 'gac (200 of 200)', \
     here.'ecdf-wall_ms-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.5 pi 38 lw 1.40 title 'gecode (200 of 200)', \
     here.'ecdf-wall_ms-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 3 dt 2 ps 1.5 pi 39 lw 1.20 title 'virtual-best (200 of 200)'
unset output
set terminal svg size 960,640 font 'Sans,12'
set output here.'ecdf-wall_ms.svg'
reset
set encoding utf8
set title ('Fraction of each spec'."'".'s runs finished within a budget of wall time per run (ms)') noenhanced
set xlabel 'budget: wall time per run (ms)' noenhanced
set ylabel ('fraction of the spec'."'".'s runs finished') noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set yrange [0:1.02]
plot here.'ecdf-wall_ms-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.5 pi 24 lw 2.40 title 'backtracking (147 of 200)', \
     here.'ecdf-wall_ms-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.5 pi 25 lw 2.20 title 'bitmask (147 of 200)', \
     here.'ecdf-wall_ms-2.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.5 pi 34 lw 2.00 title 'fc:var=mrv (195 of 200)', \
     here.'ecdf-wall_ms-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.5 pi 31 lw 1.80 title 'fc:var=static (171 of 200)', \
     here.'ecdf-wall_ms-4.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.5 pi 37 lw 1.60 title 'gac (200 of 200)', \
     here.'ecdf-wall_ms-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.5 pi 38 lw 1.40 title 'gecode (200 of 200)', \
     here.'ecdf-wall_ms-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 3 dt 2 ps 1.5 pi 39 lw 1.20 title 'virtual-best (200 of 200)'
unset output
set terminal pdfcairo size 10.00in,6.67in font 'Sans,9'
set output here.'ecdf-wall_ms.pdf'
reset
set encoding utf8
set title ('Fraction of each spec'."'".'s runs finished within a budget of wall time per run (ms)') noenhanced
set xlabel 'budget: wall time per run (ms)' noenhanced
set ylabel ('fraction of the spec'."'".'s runs finished') noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set yrange [0:1.02]
plot here.'ecdf-wall_ms-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.5 pi 24 lw 2.40 title 'backtracking (147 of 200)', \
     here.'ecdf-wall_ms-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.5 pi 25 lw 2.20 title 'bitmask (147 of 200)', \
     here.'ecdf-wall_ms-2.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.5 pi 34 lw 2.00 title 'fc:var=mrv (195 of 200)', \
     here.'ecdf-wall_ms-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.5 pi 31 lw 1.80 title 'fc:var=static (171 of 200)', \
     here.'ecdf-wall_ms-4.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.5 pi 37 lw 1.60 title 'gac (200 of 200)', \
     here.'ecdf-wall_ms-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.5 pi 38 lw 1.40 title 'gecode (200 of 200)', \
     here.'ecdf-wall_ms-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 3 dt 2 ps 1.5 pi 39 lw 1.20 title 'virtual-best (200 of 200)'
unset output
