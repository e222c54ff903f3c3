# scatter-nodes-fc_var_static~bc3c8172f356fb19: written by futolab analyze; run `gnuplot PATH/scatter-nodes-fc_var_static~bc3c8172f356fb19.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 960,640 font 'Sans,12'
set output here.'scatter-nodes-fc_var_static~bc3c8172f356fb19.png'
reset
set encoding utf8
set title ('Search nodes per instance, median over repeats, 200 instances'."\n".'fc:var=static (y) against the baseline backtracking (x)') noenhanced
set xlabel 'backtracking: search nodes per instance + 1' noenhanced
set ylabel 'fc:var=static: search nodes per instance + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set logscale y
set xrange [8.666666666666666:15000001.5]
set yrange [8.666666666666666:15000001.5]
set size ratio -1
set arrow from 10000001, graph 0 to 10000001, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set label 'limit' at first 10000001, graph 0.03 left offset 0.5,0 tc rgb 'gray30'
plot here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-0.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title 'both medians finished', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-1.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title '', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-2.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 6 ps 2.6 lw 1.5 title 'ringed: a median at a limit (lower bound)', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-3.dat' using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title 'y = x (below: y used less)'
unset output
set terminal svg size 960,640 font 'Sans,12'
set output here.'scatter-nodes-fc_var_static~bc3c8172f356fb19.svg'
reset
set encoding utf8
set title ('Search nodes per instance, median over repeats, 200 instances'."\n".'fc:var=static (y) against the baseline backtracking (x)') noenhanced
set xlabel 'backtracking: search nodes per instance + 1' noenhanced
set ylabel 'fc:var=static: search nodes per instance + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set logscale y
set xrange [8.666666666666666:15000001.5]
set yrange [8.666666666666666:15000001.5]
set size ratio -1
set arrow from 10000001, graph 0 to 10000001, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set label 'limit' at first 10000001, graph 0.03 left offset 0.5,0 tc rgb 'gray30'
plot here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-0.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title 'both medians finished', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-1.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title '', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-2.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 6 ps 2.6 lw 1.5 title 'ringed: a median at a limit (lower bound)', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-3.dat' using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title 'y = x (below: y used less)'
unset output
set terminal pdfcairo size 10.00in,6.67in font 'Sans,9'
set output here.'scatter-nodes-fc_var_static~bc3c8172f356fb19.pdf'
reset
set encoding utf8
set title ('Search nodes per instance, median over repeats, 200 instances'."\n".'fc:var=static (y) against the baseline backtracking (x)') noenhanced
set xlabel 'backtracking: search nodes per instance + 1' noenhanced
set ylabel 'fc:var=static: search nodes per instance + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale x
set logscale y
set xrange [8.666666666666666:15000001.5]
set yrange [8.666666666666666:15000001.5]
set size ratio -1
set arrow from 10000001, graph 0 to 10000001, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set arrow from graph 0, first 10000001 to graph 1, first 10000001 nohead dt 3 lw 1.5 lc rgb 'gray30' front
set label 'limit' at first 10000001, graph 0.03 left offset 0.5,0 tc rgb 'gray30'
plot here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-0.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title 'both medians finished', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-1.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title '', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-2.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 6 ps 2.6 lw 1.5 title 'ringed: a median at a limit (lower bound)', \
     here.'scatter-nodes-fc_var_static~bc3c8172f356fb19-3.dat' using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title 'y = x (below: y used less)'
unset output
