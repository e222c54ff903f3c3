# growth-nodes: written by futolab analyze; run `gnuplot PATH/growth-nodes.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 960,640 font 'Sans,12'
set output here.'growth-nodes.png'
reset
set encoding utf8
set title 'Median search nodes per run by board size n (ringed: a median at a limit, a lower bound)' noenhanced
set xlabel 'board size n' noenhanced
set ylabel 'median search nodes per run + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xtics 1
set offsets 0.4, 0.4, 0, 0
plot here.'growth-nodes-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.3 lw 2.40 title 'backtracking', \
     here.'growth-nodes-1.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 7 dt 1 ps 1.3 title '', \
     here.'growth-nodes-2.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.3 lw 2.20 title 'bitmask', \
     here.'growth-nodes-4.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 4 dt 1 ps 1.3 title '', \
     here.'growth-nodes-5.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.3 lw 2.00 title 'fc:var=mrv', \
     here.'growth-nodes-7.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 lw 1.80 title 'fc:var=static', \
     here.'growth-nodes-8.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title '', \
     here.'growth-nodes-9.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-10.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.3 lw 1.60 title 'gac', \
     here.'growth-nodes-11.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.3 lw 1.40 title 'gecode', \
     keyentry with points lc rgb 'black' pt 6 ps 2.6 lw 1.5 title 'ringed: median at a limit (lower bound)'
unset output
set terminal svg size 960,640 font 'Sans,12'
set output here.'growth-nodes.svg'
reset
set encoding utf8
set title 'Median search nodes per run by board size n (ringed: a median at a limit, a lower bound)' noenhanced
set xlabel 'board size n' noenhanced
set ylabel 'median search nodes per run + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xtics 1
set offsets 0.4, 0.4, 0, 0
plot here.'growth-nodes-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.3 lw 2.40 title 'backtracking', \
     here.'growth-nodes-1.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 7 dt 1 ps 1.3 title '', \
     here.'growth-nodes-2.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.3 lw 2.20 title 'bitmask', \
     here.'growth-nodes-4.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 4 dt 1 ps 1.3 title '', \
     here.'growth-nodes-5.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.3 lw 2.00 title 'fc:var=mrv', \
     here.'growth-nodes-7.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 lw 1.80 title 'fc:var=static', \
     here.'growth-nodes-8.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title '', \
     here.'growth-nodes-9.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-10.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.3 lw 1.60 title 'gac', \
     here.'growth-nodes-11.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.3 lw 1.40 title 'gecode', \
     keyentry with points lc rgb 'black' pt 6 ps 2.6 lw 1.5 title 'ringed: median at a limit (lower bound)'
unset output
set terminal pdfcairo size 10.00in,6.67in font 'Sans,9'
set output here.'growth-nodes.pdf'
reset
set encoding utf8
set title 'Median search nodes per run by board size n (ringed: a median at a limit, a lower bound)' noenhanced
set xlabel 'board size n' noenhanced
set ylabel 'median search nodes per run + 1' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xtics 1
set offsets 0.4, 0.4, 0, 0
plot here.'growth-nodes-0.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 dt 1 ps 1.3 lw 2.40 title 'backtracking', \
     here.'growth-nodes-1.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 7 dt 1 ps 1.3 title '', \
     here.'growth-nodes-2.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 4 dt 1 ps 1.3 lw 2.20 title 'bitmask', \
     here.'growth-nodes-4.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 4 dt 1 ps 1.3 title '', \
     here.'growth-nodes-5.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-6.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 3 dt 2 ps 1.3 lw 2.00 title 'fc:var=mrv', \
     here.'growth-nodes-7.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 lw 1.80 title 'fc:var=static', \
     here.'growth-nodes-8.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 2 dt 2 ps 1.3 title '', \
     here.'growth-nodes-9.dat' using 1:2 axes x1y1 with points lc rgb '#56B4E9' pt 6 ps 2.6 lw 1.5 title '', \
     here.'growth-nodes-10.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 9 dt 1 ps 1.3 lw 1.60 title 'gac', \
     here.'growth-nodes-11.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 12 dt 1 ps 1.3 lw 1.40 title 'gecode', \
     keyentry with points lc rgb 'black' pt 6 ps 2.6 lw 1.5 title 'ringed: median at a limit (lower bound)'
unset output
