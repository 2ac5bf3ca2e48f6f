# tools/bench/write_bw.gp - RDMA WRITE bandwidth vs message size, both tools.
# gnuplot -e "data='DIR'; out='DIR'" write_bw.gp (tools/bench/bench runs it)
load data.'/meta.gp'
set terminal pngcairo size 1000,600 font "DejaVu Sans,11"
set output out.'/write_bw.png'
set title "RDMA WRITE bandwidth, ".write_flags."\n{/*0.8 ".sub."}"
set xlabel "message size [bytes]"
set ylabel "BW average [MiB/s], median of the runs (bars: min..max), log scale"
set logscale x 2
set xrange [1.4:12e6]
set xtics ("2" 2, "8" 8, "32" 32, "128" 128, "512" 512, "2K" 2048, "8K" 8192, \
	"32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608)
# Log y: 2 B and 8 MiB differ by four orders of magnitude; on a linear
# axis every size below 1 KiB sits on zero. Zero values (a 2 B burst that
# rounds to 0.00) are left out of a log axis.
set logscale y 10
set yrange [*:*]
set grid
set key top left
plot data.'/write.dat' using ($1*0.97):2:3:4 with yerrorlines lw 2 pt 7 lc rgb "#d95f02" \
	title "perftest ib\\_write\\_bw", \
     '' using ($1*1.03):5:6:7 with yerrorlines lw 2 pt 5 lc rgb "#1b9e77" \
	title "railperf rail\\_write\\_bw"
