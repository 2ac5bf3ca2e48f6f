# tools/bench/ratio.gp - railperf / perftest RDMA WRITE bandwidth per size:
# the ratio of the medians and of the best runs (1 = equal).
# gnuplot -e "data='DIR'; out='DIR'" ratio.gp (tools/bench/bench runs it)
load data.'/meta.gp'
set terminal pngcairo size 1000,500 font "DejaVu Sans,11"
set output out.'/ratio.png'
set title "RDMA WRITE bandwidth, railperf / perftest, ".write_flags."\n{/*0.8 ".sub."}"
set xlabel "message size [bytes]"
set ylabel "rail\\_write\\_bw / ib\\_write\\_bw"
set logscale x 2
set xrange [1.4:12e6]
set xtics ("2" 2, "8" 8, "32" 32, "128" 128, "512" 512, "2K" 2048, "8K" 8192, \
	"32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608)
set yrange [0:*]
set grid
set key top right
plot 1 with lines lw 1 dt 2 lc rgb "black" title "equal", \
     data.'/ratio.dat' using 1:2 with linespoints lw 2 pt 7 lc rgb "#1b9e77" \
	title "median / median", \
     '' using 1:3 with linespoints lw 1 pt 4 lc rgb "#7570b3" \
	title "best run / best run"
