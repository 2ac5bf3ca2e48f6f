# tools/bench/rate.gp - message rate per size and posting, both tools.
# gnuplot -e "data='DIR'; out='DIR'" rate.gp (tools/bench/bench runs it)
load data.'/meta.gp'
set terminal pngcairo size 1100,600 font "DejaVu Sans,11"
set output out.'/rate.png'
set title "Message rate, ".rate_flags."\n{/*0.8 ".sub."}"
set ylabel "MsgRate [Mmsg/s], median of the runs (bars: min..max)"
set style data histogram
set style histogram errorbars gap 2 lw 1.5
set style fill solid 0.8 border -1
set boxwidth 0.9
set yrange [0:*]
set grid ytics
set xtics rotate by -20
set key below
plot data.'/rate.dat' using 2:3:4:xtic(1) lc rgb "#d95f02" \
	title "perftest ib\\_write\\_bw", \
     '' using 5:6:7 lc rgb "#1b9e77" title "railperf rail\\_write\\_bw"
