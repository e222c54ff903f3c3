# phase-nodes: written by futolab analyze; run `gnuplot PATH/phase-nodes.gp` from anywhere
# (data and outputs are named relative to this file).
here = ""
do for [i=1:strlen(ARG0)] { if (ARG0[i:i] eq "/") { here = ARG0[1:i] } }
set terminal pngcairo size 1360,1100 font 'Sans,12'
set output here.'phase-nodes.png'
set multiplot layout 3,2 title 'Phase transition of fc:var=mrv: cost, uniqueness and sample size against the givens' noenhanced
reset
set encoding utf8
set title 'no relations (k = 0) — band: 25–75 % of the runs' noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'median search nodes per run' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xrange [-0.02:*]
set xtics 0.1
unset key
plot here.'phase-nodes-0.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#0072B2' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-2.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#D55E00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-4.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#009E73' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-6.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#CC79A7' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-7.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-8.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#56B4E9' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-9.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-10.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#E69F00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-11.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-12.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 1.8 lw 1.5 title '', \
     here.'phase-nodes-13.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#000000' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-14.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-15.dat' using 1:2 axes x1y1 with points lc rgb '#000000' pt 6 ps 1.8 lw 1.5 title ''
reset
set encoding utf8
set title 'with relations (k > 0) — band: 25–75 % of the runs' noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'median search nodes per run' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xrange [-0.02:*]
set xtics 0.1
unset key
plot here.'phase-nodes-16.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#0072B2' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-17.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-18.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#D55E00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-19.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-20.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#009E73' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-21.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-22.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#CC79A7' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-23.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-24.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#56B4E9' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-25.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-26.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#E69F00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-27.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-28.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 1.8 lw 1.5 title '', \
     here.'phase-nodes-29.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#000000' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-30.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-31.dat' using 1:2 axes x1y1 with points lc rgb '#000000' pt 6 ps 1.8 lw 1.5 title ''
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'fraction unique of decided runs' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:1.05]
set key top left inside maxcols 1 samplen 1.2 spacing 0.8 width -2 box opaque font ',10'
plot here.'phase-nodes-32.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 2 title 'n=5', \
     here.'phase-nodes-33.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 2 title 'n=7', \
     here.'phase-nodes-34.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 2 title 'n=9', \
     here.'phase-nodes-35.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 2 title 'n=12', \
     here.'phase-nodes-36.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 2 title 'n=15', \
     here.'phase-nodes-37.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 2 title 'n=20', \
     here.'phase-nodes-38.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 2 title 'n=25', \
     keyentry with points lc rgb 'black' pt 6 ps 1.8 lw 1.5 title 'median at the cap (top)'
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'fraction unique of decided runs' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:1.05]
plot here.'phase-nodes-40.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 2 title 'n=5', \
     here.'phase-nodes-41.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 2 title 'n=7', \
     here.'phase-nodes-42.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 2 title 'n=9', \
     here.'phase-nodes-43.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 2 title 'n=12', \
     here.'phase-nodes-44.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 2 title 'n=15', \
     here.'phase-nodes-45.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 2 title 'n=20', \
     here.'phase-nodes-46.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 2 title 'n=25', \
     keyentry with points lc rgb 'black' pt 6 ps 1.8 lw 1.5 title 'median at the cap (top)'
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'runs in the bin' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:*]
plot here.'phase-nodes-48.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-49.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-50.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-51.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-52.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-53.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-54.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 1.5 title ''
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'runs in the bin' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:*]
plot here.'phase-nodes-55.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-56.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-57.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-58.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-59.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-60.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-61.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 1.5 title ''
unset multiplot
unset output
set terminal svg size 1360,1100 font 'Sans,12'
set output here.'phase-nodes.svg'
set multiplot layout 3,2 title 'Phase transition of fc:var=mrv: cost, uniqueness and sample size against the givens' noenhanced
reset
set encoding utf8
set title 'no relations (k = 0) — band: 25–75 % of the runs' noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'median search nodes per run' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xrange [-0.02:*]
set xtics 0.1
unset key
plot here.'phase-nodes-0.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#0072B2' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-2.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#D55E00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-4.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#009E73' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-6.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#CC79A7' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-7.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-8.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#56B4E9' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-9.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-10.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#E69F00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-11.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-12.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 1.8 lw 1.5 title '', \
     here.'phase-nodes-13.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#000000' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-14.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-15.dat' using 1:2 axes x1y1 with points lc rgb '#000000' pt 6 ps 1.8 lw 1.5 title ''
reset
set encoding utf8
set title 'with relations (k > 0) — band: 25–75 % of the runs' noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'median search nodes per run' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xrange [-0.02:*]
set xtics 0.1
unset key
plot here.'phase-nodes-16.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#0072B2' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-17.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-18.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#D55E00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-19.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-20.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#009E73' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-21.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-22.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#CC79A7' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-23.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-24.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#56B4E9' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-25.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-26.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#E69F00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-27.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-28.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 1.8 lw 1.5 title '', \
     here.'phase-nodes-29.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#000000' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-30.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-31.dat' using 1:2 axes x1y1 with points lc rgb '#000000' pt 6 ps 1.8 lw 1.5 title ''
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'fraction unique of decided runs' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:1.05]
set key top left inside maxcols 1 samplen 1.2 spacing 0.8 width -2 box opaque font ',10'
plot here.'phase-nodes-32.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 2 title 'n=5', \
     here.'phase-nodes-33.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 2 title 'n=7', \
     here.'phase-nodes-34.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 2 title 'n=9', \
     here.'phase-nodes-35.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 2 title 'n=12', \
     here.'phase-nodes-36.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 2 title 'n=15', \
     here.'phase-nodes-37.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 2 title 'n=20', \
     here.'phase-nodes-38.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 2 title 'n=25', \
     keyentry with points lc rgb 'black' pt 6 ps 1.8 lw 1.5 title 'median at the cap (top)'
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'fraction unique of decided runs' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:1.05]
plot here.'phase-nodes-40.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 2 title 'n=5', \
     here.'phase-nodes-41.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 2 title 'n=7', \
     here.'phase-nodes-42.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 2 title 'n=9', \
     here.'phase-nodes-43.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 2 title 'n=12', \
     here.'phase-nodes-44.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 2 title 'n=15', \
     here.'phase-nodes-45.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 2 title 'n=20', \
     here.'phase-nodes-46.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 2 title 'n=25', \
     keyentry with points lc rgb 'black' pt 6 ps 1.8 lw 1.5 title 'median at the cap (top)'
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'runs in the bin' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:*]
plot here.'phase-nodes-48.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-49.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-50.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-51.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-52.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-53.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-54.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 1.5 title ''
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'runs in the bin' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:*]
plot here.'phase-nodes-55.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-56.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-57.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-58.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-59.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-60.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-61.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 1.5 title ''
unset multiplot
unset output
set terminal pdfcairo size 14.17in,11.46in font 'Sans,9'
set output here.'phase-nodes.pdf'
set multiplot layout 3,2 title 'Phase transition of fc:var=mrv: cost, uniqueness and sample size against the givens' noenhanced
reset
set encoding utf8
set title 'no relations (k = 0) — band: 25–75 % of the runs' noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'median search nodes per run' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xrange [-0.02:*]
set xtics 0.1
unset key
plot here.'phase-nodes-0.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#0072B2' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-1.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-2.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#D55E00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-3.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-4.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#009E73' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-5.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-6.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#CC79A7' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-7.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-8.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#56B4E9' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-9.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-10.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#E69F00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-11.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-12.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 1.8 lw 1.5 title '', \
     here.'phase-nodes-13.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#000000' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-14.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-15.dat' using 1:2 axes x1y1 with points lc rgb '#000000' pt 6 ps 1.8 lw 1.5 title ''
reset
set encoding utf8
set title 'with relations (k > 0) — band: 25–75 % of the runs' noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'median search nodes per run' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set logscale y
set xrange [-0.02:*]
set xtics 0.1
unset key
plot here.'phase-nodes-16.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#0072B2' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-17.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-18.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#D55E00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-19.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-20.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#009E73' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-21.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-22.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#CC79A7' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-23.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-24.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#56B4E9' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-25.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-26.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#E69F00' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-27.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-28.dat' using 1:2 axes x1y1 with points lc rgb '#E69F00' pt 6 ps 1.8 lw 1.5 title '', \
     here.'phase-nodes-29.dat' using 1:2:3 axes x1y1 with filledcurves lc rgb '#000000' fs transparent solid 0.18 noborder title '', \
     here.'phase-nodes-30.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.6 lw 2 title '', \
     here.'phase-nodes-31.dat' using 1:2 axes x1y1 with points lc rgb '#000000' pt 6 ps 1.8 lw 1.5 title ''
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'fraction unique of decided runs' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:1.05]
set key top left inside maxcols 1 samplen 1.2 spacing 0.8 width -2 box opaque font ',10'
plot here.'phase-nodes-32.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 2 title 'n=5', \
     here.'phase-nodes-33.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 2 title 'n=7', \
     here.'phase-nodes-34.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 2 title 'n=9', \
     here.'phase-nodes-35.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 2 title 'n=12', \
     here.'phase-nodes-36.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 2 title 'n=15', \
     here.'phase-nodes-37.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 2 title 'n=20', \
     here.'phase-nodes-38.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 2 title 'n=25', \
     keyentry with points lc rgb 'black' pt 6 ps 1.8 lw 1.5 title 'median at the cap (top)'
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'fraction unique of decided runs' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:1.05]
plot here.'phase-nodes-40.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 2 title 'n=5', \
     here.'phase-nodes-41.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 2 title 'n=7', \
     here.'phase-nodes-42.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 2 title 'n=9', \
     here.'phase-nodes-43.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 2 title 'n=12', \
     here.'phase-nodes-44.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 2 title 'n=15', \
     here.'phase-nodes-45.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 2 title 'n=20', \
     here.'phase-nodes-46.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 2 title 'n=25', \
     keyentry with points lc rgb 'black' pt 6 ps 1.8 lw 1.5 title 'median at the cap (top)'
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'runs in the bin' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:*]
plot here.'phase-nodes-48.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-49.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-50.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-51.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-52.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-53.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-54.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 1.5 title ''
reset
set encoding utf8
set title "" noenhanced
set xlabel 'fraction of cells given, h / n² (bins of 0.05)' noenhanced
set ylabel 'runs in the bin' noenhanced
set key below noenhanced
set grid lc rgb '#dddddd'
set tics nomirror
set border 3
set xrange [-0.02:*]
set xtics 0.1
unset key
set yrange [0:*]
plot here.'phase-nodes-55.dat' using 1:2 axes x1y1 with linespoints lc rgb '#0072B2' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-56.dat' using 1:2 axes x1y1 with linespoints lc rgb '#D55E00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-57.dat' using 1:2 axes x1y1 with linespoints lc rgb '#009E73' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-58.dat' using 1:2 axes x1y1 with linespoints lc rgb '#CC79A7' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-59.dat' using 1:2 axes x1y1 with linespoints lc rgb '#56B4E9' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-60.dat' using 1:2 axes x1y1 with linespoints lc rgb '#E69F00' pt 7 ps 0.5 lw 1.5 title '', \
     here.'phase-nodes-61.dat' using 1:2 axes x1y1 with linespoints lc rgb '#000000' pt 7 ps 0.5 lw 1.5 title ''
unset multiplot
unset output
