# cactus-nodes: written by futolab analyze; run `gnuplot PATH/cactus-nodes.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 960,640 font 'Sans,12'
set output here.'cactus-nodes.png'
reset
set encoding utf8
set title 'Cactus plot: runs finished within a budget of search nodes per run; runs at a limit not counted' noenhanced
set xlabel 'runs finished' noenhanced
set ylabel 'search nodes per run + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 2 lw 1.5 lc rgb 'gray30' front
set label 'limit' at graph 0.01, first 10000001 offset 0,0.6 tc rgb 'gray30'
plot here.'cactus-nodes-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.5 pi 12 lw 2.40 title 'backtracking', \
     here.'cactus-nodes-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.5 pi 13 lw 2.20 title 'bitmask', \
     here.'cactus-nodes-2.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.5 pi 18 lw 2.00 title 'fc:var=mrv', \
     here.'cactus-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.5 pi 17 lw 1.80 title 'fc:var=static', \
     here.'cactus-nodes-4.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.5 pi 20 lw 1.60 title 'gac', \
     here.'cactus-nodes-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.5 pi 21 lw 1.40 title 'gecode', \
     here.'cactus-nodes-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 3 dt 2 ps 1.5 pi 22 lw 1.20 title 'virtual-best'
unset output
set terminal svg size 960,640 font 'Sans,12'
set output here.'cactus-nodes.svg'
reset
set encoding utf8
set title 'Cactus plot: runs finished within a budget of search nodes per run; runs at a limit not counted' noenhanced
set xlabel 'runs finished' noenhanced
set ylabel 'search nodes per run + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 2 lw 1.5 lc rgb 'gray30' front
set label 'limit' at graph 0.01, first 10000001 offset 0,0.6 tc rgb 'gray30'
plot here.'cactus-nodes-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.5 pi 12 lw 2.40 title 'backtracking', \
     here.'cactus-nodes-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.5 pi 13 lw 2.20 title 'bitmask', \
     here.'cactus-nodes-2.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.5 pi 18 lw 2.00 title 'fc:var=mrv', \
     here.'cactus-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.5 pi 17 lw 1.80 title 'fc:var=static', \
     here.'cactus-nodes-4.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.5 pi 20 lw 1.60 title 'gac', \
     here.'cactus-nodes-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.5 pi 21 lw 1.40 title 'gecode', \
     here.'cactus-nodes-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 3 dt 2 ps 1.5 pi 22 lw 1.20 title 'virtual-best'
unset output
set terminal pdfcairo size 10.00in,6.67in font 'Sans,9'
set output here.'cactus-nodes.pdf'
reset
set encoding utf8
set title 'Cactus plot: runs finished within a budget of search nodes per run; runs at a limit not counted' noenhanced
set xlabel 'runs finished' noenhanced
set ylabel 'search nodes per run + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 2 lw 1.5 lc rgb 'gray30' front
set label 'limit' at graph 0.01, first 10000001 offset 0,0.6 tc rgb 'gray30'
plot here.'cactus-nodes-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.5 pi 12 lw 2.40 title 'backtracking', \
     here.'cactus-nodes-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.5 pi 13 lw 2.20 title 'bitmask', \
     here.'cactus-nodes-2.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.5 pi 18 lw 2.00 title 'fc:var=mrv', \
     here.'cactus-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.5 pi 17 lw 1.80 title 'fc:var=static', \
     here.'cactus-nodes-4.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.5 pi 20 lw 1.60 title 'gac', \
     here.'cactus-nodes-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.5 pi 21 lw 1.40 title 'gecode', \
     here.'cactus-nodes-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 3 dt 2 ps 1.5 pi 22 lw 1.20 title 'virtual-best'
unset output
