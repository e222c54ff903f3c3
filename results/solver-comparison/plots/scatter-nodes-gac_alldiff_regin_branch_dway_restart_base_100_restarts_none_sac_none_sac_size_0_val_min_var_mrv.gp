set terminal pngcairo size 960,640 font 'Sans,12'
set output "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv.png"
set title "nodes per instance, y: gac\nx (baseline): backtracking" noenhanced
set xlabel "nodes + 1, backtracking" noenhanced
set ylabel "nodes + 1, gac" noenhanced
set key below noenhanced
set grid
set tics nomirror
set logscale x
set logscale y
set xrange [0.6666666666666666:15000001.5]
set yrange [0.6666666666666666:15000001.5]
set size ratio -1
plot "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv-0.dat" using 1:2 axes x1y1 with points pt 7 ps 0.6 lc rgb '#1f77b4' title "both finished", \
     "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv-1.dat" using 1:2 axes x1y1 with points pt 6 ps 0.9 lc rgb '#d62728' title "a limit hit (value reached)", \
     "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv-2.dat" using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title "y = x (below: y used less)"
set terminal svg size 960,640 font 'Sans,12' dynamic
set output "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv.svg"
set title "nodes per instance, y: gac\nx (baseline): backtracking" noenhanced
set xlabel "nodes + 1, backtracking" noenhanced
set ylabel "nodes + 1, gac" noenhanced
set key below noenhanced
set grid
set tics nomirror
set logscale x
set logscale y
set xrange [0.6666666666666666:15000001.5]
set yrange [0.6666666666666666:15000001.5]
set size ratio -1
plot "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv-0.dat" using 1:2 axes x1y1 with points pt 7 ps 0.6 lc rgb '#1f77b4' title "both finished", \
     "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv-1.dat" using 1:2 axes x1y1 with points pt 6 ps 0.9 lc rgb '#d62728' title "a limit hit (value reached)", \
     "plots/scatter-nodes-gac_alldiff_regin_branch_dway_restart_base_100_restarts_none_sac_none_sac_size_0_val_min_var_mrv-2.dat" using 1:2 axes x1y1 with lines dt 2 lw 1.5 lc rgb 'gray40' title "y = x (below: y used less)"
