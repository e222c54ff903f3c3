set terminal pngcairo size 960,640 font 'Sans,12'
set output "plots/growth-nodes.png"
set title "Median nodes by board size" noenhanced
set xlabel "n" noenhanced
set ylabel "median nodes + 1" noenhanced
set key below noenhanced
set grid
set tics nomirror
set logscale y
set xtics 1
plot "plots/growth-nodes-0.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "backtracking", \
     "plots/growth-nodes-1.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "bitmask", \
     "plots/growth-nodes-2.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc", \
     "plots/growth-nodes-3.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc:var=static", \
     "plots/growth-nodes-4.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gac", \
     "plots/growth-nodes-5.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gecode"
set terminal svg size 960,640 font 'Sans,12' dynamic
set output "plots/growth-nodes.svg"
set title "Median nodes by board size" noenhanced
set xlabel "n" noenhanced
set ylabel "median nodes + 1" noenhanced
set key below noenhanced
set grid
set tics nomirror
set logscale y
set xtics 1
plot "plots/growth-nodes-0.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "backtracking", \
     "plots/growth-nodes-1.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "bitmask", \
     "plots/growth-nodes-2.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc", \
     "plots/growth-nodes-3.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "fc:var=static", \
     "plots/growth-nodes-4.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gac", \
     "plots/growth-nodes-5.dat" using 1:2 axes x1y1 with linespoints pt 7 ps 0.6 lw 2 title "gecode"
