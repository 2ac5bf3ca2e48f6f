# tools/scripts/cluster_heatmap.gp - one rail_cluster_bw matrix as a heat
# map. Run by tools/scripts/cluster_heatmap:
#   gnuplot -c cluster_heatmap.gp DATA OUT TITLE N
# Every argument is a string (ARG1 .. ARG4), never gnuplot code: nothing
# from a results file is evaluated. DATA: a row per cell, "column row gbps
# label receiver sender" (gbps NaN: not measured or failed, left blank;
# label "-" on the diagonal, "n/a" or "FAIL"; the two host names, quoted,
# are the tic labels); OUT: the PNG; TITLE: the title (enhanced text); N:
# the number of hosts.
data = ARG1
n = ARG4 + 0
set terminal pngcairo enhanced size 260+70*n,180+50*n font "DejaVu Sans,10"
set output ARG2
set title ARG3
set xlabel "receiver"
set ylabel "sender"
set xrange [-0.5:n-0.5]
set yrange [n-0.5:-0.5]
set xtics noenhanced rotate by 45 right
set ytics noenhanced
set cblabel "Gb/s" offset 1,0
set rmargin 12
set cbrange [0:*]
set palette defined (0 "#b2182b", 0.5 "#fddbc7", 1 "#2166ac")
unset key
set style fill solid 1.0 noborder
plot data using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \
     '' using 1:2:4:xtic(5):ytic(6) with labels noenhanced font ",8"
