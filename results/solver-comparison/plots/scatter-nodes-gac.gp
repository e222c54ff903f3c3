# scatter-nodes-gac: written by futolab analyze; run `gnuplot PATH/scatter-nodes-gac.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 960,640 font 'Sans,12'
set output here.'scatter-nodes-gac.png'
reset
set encoding utf8
set title ('Search nodes per instance, median over repeats, 200 instances'."\n".'gac (y) against the baseline backtracking (x)') noenhanced
set xlabel 'backtracking: search nodes per instance + 1' noenhanced
set ylabel 'gac: search nodes per instance + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set logscale y
set xrange [0.6666666666666666:15000001.5]
set yrange [0.6666666666666666:15000001.5]
set size ratio -1
set arrow from 10000001, graph 0 to 10000001, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set label 'limit' at first 10000001, graph 0.03 left offset 0.5,0 tc rgb 'gray30'
plot here.'scatter-nodes-gac-0.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 9 dt 1 ps 1.3 title 'both medians finished', \
     here.'scatter-nodes-gac-1.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 9 dt 1 ps 1.3 title '', \
     here.'scatter-nodes-gac-2.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 6 ps 2.6 lw 1.5 title 'ringed: a median at a limit (lower bound)', \
     here.'scatter-nodes-gac-3.dat' using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title 'y = x (below: y used less)'
unset output
set terminal svg size 960,640 font 'Sans,12'
set output here.'scatter-nodes-gac.svg'
reset
set encoding utf8
set title ('Search nodes per instance, median over repeats, 200 instances'."\n".'gac (y) against the baseline backtracking (x)') noenhanced
set xlabel 'backtracking: search nodes per instance + 1' noenhanced
set ylabel 'gac: search nodes per instance + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set logscale y
set xrange [0.6666666666666666:15000001.5]
set yrange [0.6666666666666666:15000001.5]
set size ratio -1
set arrow from 10000001, graph 0 to 10000001, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set label 'limit' at first 10000001, graph 0.03 left offset 0.5,0 tc rgb 'gray30'
plot here.'scatter-nodes-gac-0.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 9 dt 1 ps 1.3 title 'both medians finished', \
     here.'scatter-nodes-gac-1.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 9 dt 1 ps 1.3 title '', \
     here.'scatter-nodes-gac-2.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 6 ps 2.6 lw 1.5 title 'ringed: a median at a limit (lower bound)', \
     here.'scatter-nodes-gac-3.dat' using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title 'y = x (below: y used less)'
unset output
set terminal pdfcairo size 10.00in,6.67in font 'Sans,9'
set output here.'scatter-nodes-gac.pdf'
reset
set encoding utf8
set title ('Search nodes per instance, median over repeats, 200 instances'."\n".'gac (y) against the baseline backtracking (x)') noenhanced
set xlabel 'backtracking: search nodes per instance + 1' noenhanced
set ylabel 'gac: search nodes per instance + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set logscale y
set xrange [0.6666666666666666:15000001.5]
set yrange [0.6666666666666666:15000001.5]
set size ratio -1
set arrow from 10000001, graph 0 to 10000001, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set label 'limit' at first 10000001, graph 0.03 left offset 0.5,0 tc rgb 'gray30'
plot here.'scatter-nodes-gac-0.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 9 dt 1 ps 1.3 title 'both medians finished', \
     here.'scatter-nodes-gac-1.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 9 dt 1 ps 1.3 title '', \
     here.'scatter-nodes-gac-2.dat' using 1:2 axes x1y1 with points lc rgb '#009E73' pt 6 ps 2.6 lw 1.5 title 'ringed: a median at a limit (lower bound)', \
     here.'scatter-nodes-gac-3.dat' using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title 'y = x (below: y used less)'
unset output
