# tools/bench/read_lat.gp - RDMA READ latency vs message size, both tools;
# with part='wlat' (write_lat.gp) the same for RDMA WRITE latency.
# gnuplot -e "data='DIR'; out='DIR'" read_lat.gp (tools/bench/bench runs it)
load data.'/meta.gp'
if (!exists("part")) part = 'lat'
verb = part eq 'wlat' ? 'write' : 'read'
set terminal pngcairo size 1000,600 font "DejaVu Sans,11"
set output out.'/'.verb.'_lat.png'
set title "RDMA ".(part eq 'wlat' ? "WRITE" : "READ")." latency, ". \
	(part eq 'wlat' ? wlat_flags : lat_flags)."\n{/*0.8 ".sub."}"
set xlabel "message size [bytes]"
set ylabel "latency [usec], median of the samples (bars: min..max)"
set logscale x 2
set logscale y 10
set xrange [1.4:90000]
set xtics ("2" 2, "8" 8, "32" 32, "128" 128, "512" 512, "2K" 2048, "8K" 8192, \
	"32K" 32768, "64K" 65536)
set grid
set key top left
plot data.'/'.part.'.dat' using ($1*0.97):2:3:4 with yerrorlines lw 2 pt 7 lc rgb "#d95f02" \
	title "perftest ib\\_".verb."\\_lat, t\\_typical", \
     '' using ($1*1.03):5:6:7 with yerrorlines lw 2 pt 5 lc rgb "#1b9e77" \
	title "railperf rail\\_".verb."\\_lat, t\\_typical", \
     '' using ($1*0.97):8:9:10 with yerrorlines lw 1 dt 2 pt 6 lc rgb "#d95f02" \
	title "perftest, 99% percentile", \
     '' using ($1*1.03):11:12:13 with yerrorlines lw 1 dt 2 pt 4 lc rgb "#1b9e77" \
	title "railperf, 99% percentile"
