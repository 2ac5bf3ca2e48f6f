# tools/bench/multi_rail.gp - two rails at once: per rail and aggregate.
# gnuplot -e "data='DIR'; out='DIR'" multi_rail.gp (tools/bench/bench runs it)
load data.'/meta.gp'
set terminal pngcairo size 900,600 font "DejaVu Sans,11"
set output out.'/multi_rail.png'
set title "Two rails at once, ".multi_flags."\n{/*0.8 ".sub."}"
set ylabel "BW average [MiB/s], median of the runs (bars: min..max)"
set style data histogram
set style histogram errorbars gap 2 lw 1.5
set style fill solid 0.8 border -1
set boxwidth 0.9
set yrange [0:*]
set grid ytics
set key below
plot data.'/multi.dat' using 2:3:4:xtic(1) lc rgb "#d95f02" \
	title "perftest: two concurrent ib\\_write\\_bw (sum = aggregate)", \
     '' using 5:6:7 lc rgb "#1b9e77" title "railperf: one rail\\_multi\\_bw"
