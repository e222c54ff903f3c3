# critical: written by futolab analyze; run `gnuplot PATH/critical.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 1800,640 font 'Sans,12'
set output here.'critical.png'
set multiplot layout 1,3 title 'Critical sets against the bound 2h + 3k ≥ 2(n − 1)' noenhanced
reset
set encoding utf8
set title '2h + 3k of every set (jittered), bound 2(n − 1) in black' noenhanced
set xlabel 'board size n' noenhanced
set ylabel '2h + 3k (h givens, k relations)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xtics 1
set offsets 0.5, 0.5, 1, 1
plot here.'critical-0.dat' using 1:2 axes x1y1 with points lc rgb '#0072B2' pt 7 ps 0.7 title 'critical (210 sets)', \
     here.'critical-1.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 5 ps 0.7 title 'iterations=200,objective=2h+3k (210 sets)', \
     here.'critical-2.dat' using 1:2 axes x1y1 with lines lc rgb 'black' lw 3 title 'bound 2(n − 1)'
reset
set encoding utf8
set title 'slack 2h + 3k − 2(n − 1): median, bars min–max' noenhanced
set xlabel 'board size n' noenhanced
set ylabel 'slack 2h + 3k − 2(n − 1)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xtics 1
set offsets 0.5, 0.5, 1, 1
set yrange [0:*]
plot here.'critical-3.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#0072B2' pt 7 ps 1 lw 2 title '', \
     here.'critical-4.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#D55E00' pt 5 ps 1 lw 2 title ''
reset
set encoding utf8
set title 'h against k of every set (all n, jittered)' noenhanced
set xlabel 'given numbers h' noenhanced
set ylabel 'given relations k' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.5:*]
set yrange [-0.5:*]
plot here.'critical-5.dat' using 1:2 axes x1y1 with points lc rgb '#0072B2' pt 7 ps 0.7 title '', \
     here.'critical-6.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 5 ps 0.7 title ''
unset multiplot
unset output
set terminal svg size 1800,640 font 'Sans,12'
set output here.'critical.svg'
set multiplot layout 1,3 title 'Critical sets against the bound 2h + 3k ≥ 2(n − 1)' noenhanced
reset
set encoding utf8
set title '2h + 3k of every set (jittered), bound 2(n − 1) in black' noenhanced
set xlabel 'board size n' noenhanced
set ylabel '2h + 3k (h givens, k relations)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xtics 1
set offsets 0.5, 0.5, 1, 1
plot here.'critical-0.dat' using 1:2 axes x1y1 with points lc rgb '#0072B2' pt 7 ps 0.7 title 'critical (210 sets)', \
     here.'critical-1.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 5 ps 0.7 title 'iterations=200,objective=2h+3k (210 sets)', \
     here.'critical-2.dat' using 1:2 axes x1y1 with lines lc rgb 'black' lw 3 title 'bound 2(n − 1)'
reset
set encoding utf8
set title 'slack 2h + 3k − 2(n − 1): median, bars min–max' noenhanced
set xlabel 'board size n' noenhanced
set ylabel 'slack 2h + 3k − 2(n − 1)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xtics 1
set offsets 0.5, 0.5, 1, 1
set yrange [0:*]
plot here.'critical-3.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#0072B2' pt 7 ps 1 lw 2 title '', \
     here.'critical-4.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#D55E00' pt 5 ps 1 lw 2 title ''
reset
set encoding utf8
set title 'h against k of every set (all n, jittered)' noenhanced
set xlabel 'given numbers h' noenhanced
set ylabel 'given relations k' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.5:*]
set yrange [-0.5:*]
plot here.'critical-5.dat' using 1:2 axes x1y1 with points lc rgb '#0072B2' pt 7 ps 0.7 title '', \
     here.'critical-6.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 5 ps 0.7 title ''
unset multiplot
unset output
set terminal pdfcairo size 18.75in,6.67in font 'Sans,9'
set output here.'critical.pdf'
set multiplot layout 1,3 title 'Critical sets against the bound 2h + 3k ≥ 2(n − 1)' noenhanced
reset
set encoding utf8
set title '2h + 3k of every set (jittered), bound 2(n − 1) in black' noenhanced
set xlabel 'board size n' noenhanced
set ylabel '2h + 3k (h givens, k relations)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xtics 1
set offsets 0.5, 0.5, 1, 1
plot here.'critical-0.dat' using 1:2 axes x1y1 with points lc rgb '#0072B2' pt 7 ps 0.7 title 'critical (210 sets)', \
     here.'critical-1.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 5 ps 0.7 title 'iterations=200,objective=2h+3k (210 sets)', \
     here.'critical-2.dat' using 1:2 axes x1y1 with lines lc rgb 'black' lw 3 title 'bound 2(n − 1)'
reset
set encoding utf8
set title 'slack 2h + 3k − 2(n − 1): median, bars min–max' noenhanced
set xlabel 'board size n' noenhanced
set ylabel 'slack 2h + 3k − 2(n − 1)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xtics 1
set offsets 0.5, 0.5, 1, 1
set yrange [0:*]
plot here.'critical-3.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#0072B2' pt 7 ps 1 lw 2 title '', \
     here.'critical-4.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#D55E00' pt 5 ps 1 lw 2 title ''
reset
set encoding utf8
set title 'h against k of every set (all n, jittered)' noenhanced
set xlabel 'given numbers h' noenhanced
set ylabel 'given relations k' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.5:*]
set yrange [-0.5:*]
plot here.'critical-5.dat' using 1:2 axes x1y1 with points lc rgb '#0072B2' pt 7 ps 0.7 title '', \
     here.'critical-6.dat' using 1:2 axes x1y1 with points lc rgb '#D55E00' pt 5 ps 0.7 title ''
unset multiplot
unset output
