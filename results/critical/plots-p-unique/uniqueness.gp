# uniqueness: written by futolab analyze; run `gnuplot PATH/uniqueness.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 960,640 font 'Sans,12'
set output here.'uniqueness.png'
reset
set encoding utf8
set title 'P(unique) by gac: share of decided runs, 95% Wilson intervals' noenhanced
set xlabel 'fraction of relations kept (param_relations)' noenhanced
set ylabel 'P(unique)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set yrange [-0.02:1.02]
set key below
plot here.'uniqueness-0.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title 'n=4', \
     here.'uniqueness-1.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title 'n=5', \
     here.'uniqueness-2.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#009E73' pt 7 ps 0.6 lw 2 title 'n=6', \
     here.'uniqueness-3.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title 'n=7', \
     here.'uniqueness-4.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title 'n=8', \
     here.'uniqueness-5.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title 'n=9', \
     here.'uniqueness-6.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#000000' pt 7 ps 0.6 lw 2 title 'n=10', \
     here.'uniqueness-7.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#777777' pt 7 ps 0.6 lw 2 title 'n=11', \
     here.'uniqueness-8.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#777777' pt 7 ps 0.6 lw 2 title 'n=12'
unset output
set terminal svg size 960,640 font 'Sans,12'
set output here.'uniqueness.svg'
reset
set encoding utf8
set title 'P(unique) by gac: share of decided runs, 95% Wilson intervals' noenhanced
set xlabel 'fraction of relations kept (param_relations)' noenhanced
set ylabel 'P(unique)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set yrange [-0.02:1.02]
set key below
plot here.'uniqueness-0.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title 'n=4', \
     here.'uniqueness-1.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title 'n=5', \
     here.'uniqueness-2.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#009E73' pt 7 ps 0.6 lw 2 title 'n=6', \
     here.'uniqueness-3.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title 'n=7', \
     here.'uniqueness-4.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title 'n=8', \
     here.'uniqueness-5.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title 'n=9', \
     here.'uniqueness-6.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#000000' pt 7 ps 0.6 lw 2 title 'n=10', \
     here.'uniqueness-7.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#777777' pt 7 ps 0.6 lw 2 title 'n=11', \
     here.'uniqueness-8.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#777777' pt 7 ps 0.6 lw 2 title 'n=12'
unset output
set terminal pdfcairo size 10.00in,6.67in font 'Sans,9'
set output here.'uniqueness.pdf'
reset
set encoding utf8
set title 'P(unique) by gac: share of decided runs, 95% Wilson intervals' noenhanced
set xlabel 'fraction of relations kept (param_relations)' noenhanced
set ylabel 'P(unique)' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set yrange [-0.02:1.02]
set key below
plot here.'uniqueness-0.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title 'n=4', \
     here.'uniqueness-1.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title 'n=5', \
     here.'uniqueness-2.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#009E73' pt 7 ps 0.6 lw 2 title 'n=6', \
     here.'uniqueness-3.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title 'n=7', \
     here.'uniqueness-4.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title 'n=8', \
     here.'uniqueness-5.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title 'n=9', \
     here.'uniqueness-6.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#000000' pt 7 ps 0.6 lw 2 title 'n=10', \
     here.'uniqueness-7.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#777777' pt 7 ps 0.6 lw 2 title 'n=11', \
     here.'uniqueness-8.dat' using 1:2:3:4 axes x1y1 with yerrorlines lc rgb '#777777' pt 7 ps 0.6 lw 2 title 'n=12'
unset output
