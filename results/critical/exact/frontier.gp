# The exact (h, k) frontier of critical sets: for each h_max, the smallest k over all Latin
# squares of order n (futolab critical --exact --objective frontier). Data: frontier.dat
# (n, h_max, min k), made from n<N>-frontier.jsonl. Run: gnuplot frontier.gp
set terminal pngcairo size 800,560 font ",11"
set output "frontier.png"
set title "Exact (h, k) frontier of Futoshiki critical sets (all Latin squares of order n)"
set xlabel "given numbers h (at most)"
set ylabel "smallest number of relations k"
set key top right
set grid
set xtics 1
set ytics 1
set xrange [-0.3:6.5]
set yrange [-0.3:7.5]
plot for [n=2:5] "frontier.dat" using ($1==n ? $2 : 1/0):3 with linespoints lw 2 pt 7 title sprintf("n = %d", n)
