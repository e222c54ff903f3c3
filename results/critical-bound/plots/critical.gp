set terminal pngcairo size 960,640 font 'Sans,12'
set output "plots/critical.png"
set title "Critical sets: givens h against relations k (points jittered by up to 0.2)" noenhanced
set xlabel "h (givens in the set)" noenhanced
set ylabel "k (relations in the set)" noenhanced
set key below noenhanced
set grid
set tics nomirror
set xrange [-0.5:*]
set yrange [-0.5:*]
plot "plots/critical-0.dat" using 1:2 axes x1y1 with points lt 1 pt 7 ps 0.6 title "n=3 (60 sets)", \
     "plots/critical-1.dat" using 1:2 axes x1y1 with lines lt 1 dt 2 lw 2 title "2h+3k=2(n-1), n=3", \
     "plots/critical-2.dat" using 1:2 axes x1y1 with points lt 2 pt 7 ps 0.6 title "n=4 (60 sets)", \
     "plots/critical-3.dat" using 1:2 axes x1y1 with lines lt 2 dt 2 lw 2 title "2h+3k=2(n-1), n=4", \
     "plots/critical-4.dat" using 1:2 axes x1y1 with points lt 3 pt 7 ps 0.6 title "n=5 (60 sets)", \
     "plots/critical-5.dat" using 1:2 axes x1y1 with lines lt 3 dt 2 lw 2 title "2h+3k=2(n-1), n=5", \
     "plots/critical-6.dat" using 1:2 axes x1y1 with points lt 4 pt 7 ps 0.6 title "n=6 (60 sets)", \
     "plots/critical-7.dat" using 1:2 axes x1y1 with lines lt 4 dt 2 lw 2 title "2h+3k=2(n-1), n=6", \
     "plots/critical-8.dat" using 1:2 axes x1y1 with points lt 5 pt 7 ps 0.6 title "n=7 (60 sets)", \
     "plots/critical-9.dat" using 1:2 axes x1y1 with lines lt 5 dt 2 lw 2 title "2h+3k=2(n-1), n=7", \
     "plots/critical-10.dat" using 1:2 axes x1y1 with points lt 6 pt 7 ps 0.6 title "n=8 (60 sets)", \
     "plots/critical-11.dat" using 1:2 axes x1y1 with lines lt 6 dt 2 lw 2 title "2h+3k=2(n-1), n=8", \
     "plots/critical-12.dat" using 1:2 axes x1y1 with points lt 7 pt 7 ps 0.6 title "n=9 (60 sets)", \
     "plots/critical-13.dat" using 1:2 axes x1y1 with lines lt 7 dt 2 lw 2 title "2h+3k=2(n-1), n=9"
set terminal svg size 960,640 font 'Sans,12' dynamic
set output "plots/critical.svg"
set title "Critical sets: givens h against relations k (points jittered by up to 0.2)" noenhanced
set xlabel "h (givens in the set)" noenhanced
set ylabel "k (relations in the set)" noenhanced
set key below noenhanced
set grid
set tics nomirror
set xrange [-0.5:*]
set yrange [-0.5:*]
plot "plots/critical-0.dat" using 1:2 axes x1y1 with points lt 1 pt 7 ps 0.6 title "n=3 (60 sets)", \
     "plots/critical-1.dat" using 1:2 axes x1y1 with lines lt 1 dt 2 lw 2 title "2h+3k=2(n-1), n=3", \
     "plots/critical-2.dat" using 1:2 axes x1y1 with points lt 2 pt 7 ps 0.6 title "n=4 (60 sets)", \
     "plots/critical-3.dat" using 1:2 axes x1y1 with lines lt 2 dt 2 lw 2 title "2h+3k=2(n-1), n=4", \
     "plots/critical-4.dat" using 1:2 axes x1y1 with points lt 3 pt 7 ps 0.6 title "n=5 (60 sets)", \
     "plots/critical-5.dat" using 1:2 axes x1y1 with lines lt 3 dt 2 lw 2 title "2h+3k=2(n-1), n=5", \
     "plots/critical-6.dat" using 1:2 axes x1y1 with points lt 4 pt 7 ps 0.6 title "n=6 (60 sets)", \
     "plots/critical-7.dat" using 1:2 axes x1y1 with lines lt 4 dt 2 lw 2 title "2h+3k=2(n-1), n=6", \
     "plots/critical-8.dat" using 1:2 axes x1y1 with points lt 5 pt 7 ps 0.6 title "n=7 (60 sets)", \
     "plots/critical-9.dat" using 1:2 axes x1y1 with lines lt 5 dt 2 lw 2 title "2h+3k=2(n-1), n=7", \
     "plots/critical-10.dat" using 1:2 axes x1y1 with points lt 6 pt 7 ps 0.6 title "n=8 (60 sets)", \
     "plots/critical-11.dat" using 1:2 axes x1y1 with lines lt 6 dt 2 lw 2 title "2h+3k=2(n-1), n=8", \
     "plots/critical-12.dat" using 1:2 axes x1y1 with points lt 7 pt 7 ps 0.6 title "n=9 (60 sets)", \
     "plots/critical-13.dat" using 1:2 axes x1y1 with lines lt 7 dt 2 lw 2 title "2h+3k=2(n-1), n=9"
