# tools/scripts/cluster_heatmap.gp - one rail_cluster_bw matrix as a heat
# map. Run by tools/scripts/cluster_heatmap:
#   gnuplot -e "data='F.dat'; out='F.png'; ttl='...'; n=N; xt='...'; yt='...'"
# data: "column row gbps label" per cell (gbps NaN: not measured or
# failed, left blank; label "-" on the diagonal, "n/a" or "FAIL"),
# xt / yt: gnuplot tic lists of the host names.
set terminal pngcairo enhanced size 260+70*n,180+50*n font "DejaVu Sans,10"
set output out
set title ttl
set xlabel "receiver"
set ylabel "sender"
set xrange [-0.5:n-0.5]
set yrange [n-0.5:-0.5]
eval "set xtics noenhanced rotate by 45 right (".xt.")"
eval "set ytics noenhanced (".yt.")"
set cblabel "Gb/s" offset 1,0
set rmargin 12
set cbrange [0:*]
set palette defined (0 "#b2182b", 0.5 "#fddbc7", 1 "#2166ac")
unset key
set style fill solid 1.0 noborder
plot data using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \
     '' using 1:2:4 with labels noenhanced font ",8"
